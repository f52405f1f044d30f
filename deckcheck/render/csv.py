"""CSV: one row per violation (a legal deck without warnings gets one row with an empty code)."""

from __future__ import annotations

import csv
from typing import IO

from deckcheck.report import CheckReport

COLUMNS = ("path", "legal", "line", "code", "severity", "rule", "cards", "message")


def render(report: CheckReport, stream: IO[str]) -> None:
    """Write the CSV report with a header row; several cards or lines are joined with "; "."""
    writer = csv.writer(stream, lineterminator="\n")
    writer.writerow(COLUMNS)
    for deck in report.decks:
        legal = "true" if deck.legal else "false"
        if not deck.violations:
            writer.writerow((deck.path, legal, "", "", "", "", "", ""))
        for v in deck.violations:
            writer.writerow((deck.path, legal, "; ".join(map(str, v.lines)), v.code, v.severity, v.rule,
                             "; ".join(v.cards), v.message))
