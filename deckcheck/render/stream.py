"""Streaming output for `deckcheck check`: each deck's report is written as soon as the deck is checked,
so memory stays bounded by one deck however many decks are given (1,000 decks of 10,000 lines each).

The bytes written are exactly what the format's renderer writes for the whole CheckReport at once
(tests/test_hardening_check.py compares them)."""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from datetime import date
from typing import IO, Any

from deckcheck.render import renderer
from deckcheck.render.json import DecksWriter
from deckcheck.report import CheckReport, DeckReport


class StreamingRenderer:
    """Renders one deck at a time in a --format (text, json or csv); `close(notes)` ends the document."""

    def __init__(self, fmt: str, card_data: Mapping[str, Any], stream: IO[str], on: date | None = None) -> None:
        self.fmt = fmt
        self.card_data = card_data
        self.on = on  # the date checked against, when given (the JSON says it)
        self.stream = stream
        self.render = renderer(fmt)
        self.count = 0
        self._json: DecksWriter | None = None  # the JSON document, from its first deck on

    def deck(self, deck: DeckReport) -> None:
        """Write one deck's report."""
        one = CheckReport(decks=(deck,), card_data=self.card_data, on=self.on)
        first = self.count == 0
        self.count += 1
        if self.fmt == "json":
            if self._json is None:
                self._json = DecksWriter(self.stream, {**one.to_dict(), "decks": []})
            self._json.add([deck.to_dict()])
        elif self.fmt == "text" or first:
            self.render(one, self.stream)
        else:  # csv and the like: the header row only once
            buf = io.StringIO()
            self.render(one, buf)
            self.stream.write(buf.getvalue().split("\n", 1)[1])
        self.stream.flush()

    def close(self, notes: Sequence[str] = ()) -> None:
        """End the report with its report-level notes. When no deck was written, a JSON or CSV report is still a
        whole one, of no deck; a text report is nothing (its unreadable decks are said on standard error)."""
        rest = CheckReport(decks=(), card_data=self.card_data, notes=tuple(notes), on=self.on)
        if not self.count:
            if self.fmt != "text":
                self.render(rest, self.stream)
                self.stream.flush()
            return
        if self._json is not None:
            self._json.close(rest.to_dict())
        elif notes:
            buf = io.StringIO()
            self.render(rest, buf)
            if self.fmt != "text":
                buf = io.StringIO(buf.getvalue().split("\n", 1)[1] if "\n" in buf.getvalue() else "")
            self.stream.write(buf.getvalue())
        self.stream.flush()
