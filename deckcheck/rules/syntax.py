"""`syntax`: a line of the decklist that is not a card entry. `unreadable`: a deck that can't be read at all,
the one problem of its row in a batch (deckcheck.batch gives it; no rule of a read deck does)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from deckcheck.report import DeckReport, Violation
from deckcheck.rules.base import DeckContext, error_rule

if TYPE_CHECKING:
    from deckcheck.checker import Checker

SYNTAX = error_rule(
    "syntax", "",
    "A line that is not a card entry.",
    "Every line of a decklist must be a card entry (`1 Sol Ring`, `1x Sol Ring (CMM) 410`, ...), a section "
    "header, a comment or blank. Anything else is reported with its line number and left out of the deck; so is "
    "an item of a deck object's list that is no card (`null`, a number, an object without a \"name\"), by its "
    "place (`decklist[3]`).",
    "A line that can't be read may be a card you meant to include; the deck that was checked is not the "
    "deck you wrote.",
    "`1 Sol Ring` is an entry (`1 Sol Ring,,,;;` too: read as Sol Ring, with a note); `0 Sol Ring`, a count "
    "with no name (`1`) or a quantity of 10^30 is reported as `syntax`.",
)

UNREADABLE = error_rule(
    "unreadable", "",
    "A deck that can't be read at all: the one problem of its row in a batch.",
    "`deckcheck batch` and `check_many` report a deck they can't read (a missing, empty or binary file, a broken "
    "zip, JSON file or workbook, an empty cell of a table of registrations, a deck site's link given for the "
    "file) as a row with this one error saying why, and go on with the next deck; the batch exits 2. "
    "`deckcheck check` says why on standard error, and in such a row of a JSON or CSV report, and exits 2.",
    "No rule can be checked on a deck that was not read; one unreadable registration must neither stop a "
    "tournament's batch nor pass unnoticed.",
    "`deckcheck batch decks/ gone.txt` -> the row of gone.txt is `unreadable`: no such file; a .txt file of "
    "binary data: not a text decklist (binary data).",
)

RULES = (UNREADABLE, SYNTAX)


def unreadable_report(label: str, message: str, name: str | None = None) -> DeckReport:
    """The report of a deck that could not be read: one `unreadable` error saying why (and the deck's name, when
    its deck object or registration gives one). Its color identity is unknown (None, null in JSON, missing in a
    frame), not colorless: an unreadable deck is no colorless deck in a count by identity."""
    return DeckReport(path=label, commanders=(), color_identity=None, card_count=0,
                      violations=(UNREADABLE.violation(message or "can't be read"),), name=name)


def check(ctx: DeckContext, checker: Checker) -> list[Violation]:
    """One violation per parse problem, with its line."""
    return [SYNTAX.violation(f"{p.message}: {p.text!r}" if p.text else p.message, lines=(p.line,),
                             details={"text": p.text})
            for p in ctx.deck.problems]
