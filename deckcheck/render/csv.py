"""CSV: one row per violation (a legal deck without warnings gets one row with an empty code)."""

from __future__ import annotations

import csv
from collections.abc import Iterable
from typing import IO, Any

from deckcheck.report import CheckReport, Violation

#: The columns a violation fills in a CSV row (`violation_cells`); a deck with none fills them with nothing.
VIOLATION_CELLS = ("line", "code", "severity", "rule", "cards", "message")
COLUMNS = ("path", "legal", *VIOLATION_CELLS)
#: VIOLATION_CELLS of a deck with no violation.
NO_VIOLATION = ("",) * len(VIOLATION_CELLS)


def violation_cells(v: Violation) -> tuple[Any, ...]:
    """A violation's VIOLATION_CELLS: its lines, code, severity, rule, cards and message (lists joined by
    `spreadsheet_safe`)."""
    return v.lines, v.code, v.severity, v.rule, v.cards, v.message

#: The first characters that make a spreadsheet read a cell as a formula (CSV injection, CWE-1236).
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_safe(cell: Any) -> Any:
    """A cell as a spreadsheet shows it as text: a list's items joined by "; " (a violation's cards or lines),
    and one that would start a formula after a leading apostrophe. A player's name or a decklist line can be
    "=HYPERLINK(...)", and a real card is named "+2 Mace"; a lone "-" is no formula and stays as it is."""
    if isinstance(cell, (list, tuple)):
        cell = "; ".join(map(str, cell))
    if isinstance(cell, str) and cell[:1] in _FORMULA_START and cell != "-":
        return "'" + cell
    return cell


class SafeWriter:
    """csv.writer whose text cells are spreadsheet_safe: every CSV deckcheck writes goes through one. A cell's
    carriage returns are line feeds: the writer quotes a cell holding the line terminator, "\n", and left one
    holding a bare "\r" (a deck named "a\rb") unquoted, which every reader takes for the end of the row."""

    def __init__(self, stream: IO[str]) -> None:
        self._writer = csv.writer(stream, lineterminator="\n")

    def writerow(self, row: Iterable[Any]) -> None:
        self._writer.writerow([_one_kind_of_line_break(spreadsheet_safe(cell)) for cell in row])

    def writerows(self, rows: Iterable[Iterable[Any]]) -> None:
        for row in rows:
            self.writerow(row)


def _one_kind_of_line_break(cell: Any) -> Any:
    if isinstance(cell, str) and "\r" in cell:
        return cell.replace("\r\n", "\n").replace("\r", "\n")
    return cell


def render(report: CheckReport, stream: IO[str]) -> None:
    """Write the CSV report with a header row; several cards or lines are joined with "; "."""
    writer = SafeWriter(stream)
    writer.writerow(COLUMNS)
    for deck in report.decks:
        legal = "true" if deck.legal else "false"
        if not deck.violations:
            writer.writerow((deck.path, legal, *NO_VIOLATION))
        for v in deck.violations:
            writer.writerow((deck.path, legal, *violation_cells(v)))
