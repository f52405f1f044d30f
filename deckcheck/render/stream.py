"""Streaming output for `deckcheck check`: each deck's report is written as soon as the deck is checked,
so memory stays bounded by one deck however many decks are given (1,000 decks of 10,000 lines each).

The bytes written are exactly what the format's renderer writes for the whole CheckReport at once
(tests/test_hardening_check.py compares them)."""

from __future__ import annotations

import io
import json
import textwrap
from collections.abc import Mapping, Sequence
from typing import IO, Any

from deckcheck.render import renderer
from deckcheck.report import CheckReport, DeckReport


class StreamingRenderer:
    """Renders one deck at a time in a --format (text, json or csv); `close(notes)` ends the document."""

    def __init__(self, fmt: str, card_data: Mapping[str, Any], stream: IO[str]) -> None:
        self.fmt = fmt
        self.card_data = card_data
        self.stream = stream
        self.render = renderer(fmt)
        self.count = 0

    def deck(self, deck: DeckReport) -> None:
        """Write one deck's report."""
        one = CheckReport(decks=(deck,), card_data=self.card_data)
        first = self.count == 0
        self.count += 1
        if self.fmt == "json":
            self._json_deck(one, first)
        elif self.fmt == "text" or first:
            self.render(one, self.stream)
        else:  # csv and the like: the header row only once
            buf = io.StringIO()
            self.render(one, buf)
            self.stream.write(buf.getvalue().split("\n", 1)[1])
        self.stream.flush()

    def _json_deck(self, one: CheckReport, first: bool) -> None:
        if first:  # the document's head up to the decks list, as json.dump(indent=2) writes it
            head = json.dumps({**one.to_dict(), "decks": []}, ensure_ascii=False, indent=2)
            self.stream.write(head[: head.rindex("[]")] + "[\n")
        else:
            self.stream.write(",\n")
        body = json.dumps(one.decks[0].to_dict(), ensure_ascii=False, indent=2)
        self.stream.write(textwrap.indent(body, "    "))

    def close(self, notes: Sequence[str] = ()) -> None:
        """End the report with its report-level notes (nothing at all when no deck was written)."""
        if not self.count:
            return
        if self.fmt == "json":
            self.stream.write("\n  ]")
            if notes:
                self.stream.write(',\n  "notes": ' + json.dumps(list(notes), ensure_ascii=False, indent=2)
                                  .replace("\n", "\n  "))
            self.stream.write("\n}\n")
        elif notes:
            buf = io.StringIO()
            self.render(CheckReport(decks=(), card_data=self.card_data, notes=tuple(notes)), buf)
            if self.fmt != "text":
                buf = io.StringIO(buf.getvalue().split("\n", 1)[1] if "\n" in buf.getvalue() else "")
            self.stream.write(buf.getvalue())
        self.stream.flush()
