"""Renderers: turn a CheckReport into text, JSON or CSV. Renderers never decide legality.

Each renderer is ``render(report, stream)``; `RENDERERS` maps a --format name to its module path, imported
only when chosen."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import IO, TYPE_CHECKING

if TYPE_CHECKING:
    from deckcheck.report import CheckReport

#: --format name -> module under deckcheck.render (each has `render(report, stream)`).
RENDERERS = {"text": "text", "json": "json", "csv": "csv"}
#: The report formats with no place for the report's notes (a CSV file is rows of decks and violations):
#: `check` and `batch` say them on standard error instead.
FORMATS_WITHOUT_NOTES = frozenset({"csv", "violations"})
#: How text that can't be encoded is written, on standard output and into report files: as backslash
#: escapes (in JSON, the same string's escapes).
OUTPUT_ERRORS = "backslashreplace"
#: The JSON Schema (Draft 2020-12) of the report JSON.
SCHEMA_PATH = Path(__file__).resolve().parent / "report.schema.json"


def renderer(name: str) -> Callable[[CheckReport, IO[str]], None]:
    """The render function for a format name; KeyError for an unknown one."""
    module = importlib.import_module(f"deckcheck.render.{RENDERERS[name]}")
    return module.render


def say_notes_left_out(fmt: str, notes: Iterable[str]) -> None:
    """The report notes on standard error, one line each, when the format `fmt` has no place for them."""
    import sys

    from deckcheck.errors import one_line

    if fmt in FORMATS_WITHOUT_NOTES:
        for note in notes:
            print(one_line(f"deckcheck: note: {note}"), file=sys.stderr)


def load_schema() -> dict:
    """The report JSON Schema shipped in the package."""
    import json

    with SCHEMA_PATH.open(encoding="utf-8") as f:
        return json.load(f)
