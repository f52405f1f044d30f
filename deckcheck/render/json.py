"""The report JSON (issue 3 section 3), valid against report.schema.json."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import IO, Any

from deckcheck.report import CheckReport


def render(report: CheckReport, stream: IO[str]) -> None:
    """Write the report as one JSON document (UTF-8, two-space indent)."""
    json.dump(report.to_dict(), stream, ensure_ascii=False, indent=2)
    stream.write("\n")


#: Where the decks list stands in a report document written with indent=2: a top-level key, two spaces in.
_DECKS_KEY = '\n  "decks": []'
_DEPTH = "    "  # a deck object's indentation: in "decks", in the top-level object


class DecksWriter:
    """A report document (`deckcheck check`'s or `deckcheck batch`'s) whose top-level "decks" list is
    written a part at a time, as the decks are checked. The bytes are those of `json.dump(document,
    ensure_ascii=False, indent=2)` and a line break for the whole document: what surrounds the decks comes
    from the same encoder with an empty decks list, and each deck object is encoded alone and indented to
    its depth (JSON strings hold no raw line break, so every line break is the encoder's own)."""

    def __init__(self, stream: IO[str], head: Mapping[str, Any]) -> None:
        """`head`: the document with an empty "decks" list; what comes before the list is written from it."""
        self.stream = stream
        self.count = 0
        self._head = _around_decks(head)[0]

    def add(self, decks: Iterable[Mapping[str, Any]]) -> None:
        """Write these deck objects, next in the list."""
        self.add_encoded(encoded_decks(decks))

    def add_encoded(self, objects: list[str]) -> None:
        """Write these deck objects as `encoded_decks` encoded them (where they were checked), next in the list."""
        if objects:
            self.stream.write((",\n" if self.count else self._head + '\n  "decks": [\n') + ",\n".join(objects))
            self.count += len(objects)

    def close(self, document: Mapping[str, Any]) -> None:
        """End the document: what follows the decks list in `document` (the whole document, with an empty
        "decks" list, when no deck was written)."""
        head, tail = _around_decks(document)
        self.stream.write(("\n  ]" if self.count else head + _DECKS_KEY) + tail + "\n")


def encoded_decks(decks: Iterable[Mapping[str, Any]]) -> list[str]:
    """Each deck object as `DecksWriter` writes it in the decks list: encoded alone, indented to its depth."""
    return [_DEPTH + json.dumps(d, ensure_ascii=False, indent=2).replace("\n", "\n" + _DEPTH) for d in decks]


def _around_decks(document: Mapping[str, Any]) -> tuple[str, str]:
    """The document (its "decks" list empty) encoded, before the decks list's key and after the list."""
    text = json.dumps(document, ensure_ascii=False, indent=2)
    head, tail = text.split(_DECKS_KEY, 1)  # the only line break followed by two spaces and "decks"
    return head, tail
