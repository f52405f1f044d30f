"""Plain text: one greppable line per violation, `path:line: code message`, then one verdict line per deck."""

from __future__ import annotations

from typing import IO

from deckcheck.errors import one_line
from deckcheck.report import CheckReport, DeckReport, Violation
from deckcheck.wording import counted, identity_words


_LINES_SHOWN = 12  # of a violation's lines, after its message; more are counted


def violation_line(path: str, v: Violation) -> str:
    """`path:line: code message` (no line number for whole-deck problems), then the violation's lines when it has
    more than one ("(lines 62, 64)": both copies of a card to cut), as the JSON and CSV reports give them."""
    where = f"{path}:{v.line}" if v.line is not None else path
    warn = " (warning)" if not v.is_error else ""
    lines = ""
    if len(v.lines) > 1:
        shown = ", ".join(map(str, v.lines[:_LINES_SHOWN]))
        more = len(v.lines) - _LINES_SHOWN
        lines = f" (lines {shown}{f' and {more} more' if more > 0 else ''})"
    return f"{where}: {v.code}{warn} {v.message}{lines}"


def verdict_line(deck: DeckReport) -> str:
    """One line saying whether the deck is legal, with its size, commanders and identity."""
    leaders = " + ".join(deck.commanders) if deck.commanders else "no commander"
    identity = identity_words(deck.color_identity)
    n_err, n_warn = len(deck.errors), len(deck.warnings)
    counts = counted(n_err, "error")
    if n_warn:
        counts += f", {counted(n_warn, 'warning')}"
    head = "legal" if deck.legal else f"NOT legal ({counts})"
    if deck.legal and n_warn:
        head += f" ({counted(n_warn, 'warning')})"
    return f"{deck.path}: {head}: {counted(deck.card_count, 'card')}, {leaders}, identity {identity}"


def render(report: CheckReport, stream: IO[str]) -> None:
    """Write the text report, each line one line whatever the file and card names hold (`one_line`)."""
    for deck in report.decks:
        for note in deck.notes:
            stream.write(one_line(f"{deck.path}: note: {note}") + "\n")
        for v in deck.violations:
            stream.write(one_line(violation_line(deck.path, v)) + "\n")
        stream.write(one_line(verdict_line(deck)) + "\n")
    for note in report.notes:
        stream.write(one_line(f"note: {note}") + "\n")
