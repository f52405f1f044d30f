"""`syntax`: a line of the decklist that is not a card entry."""

from __future__ import annotations

from typing import TYPE_CHECKING

from deckcheck.report import Violation
from deckcheck.rules.base import DeckContext, error_rule

if TYPE_CHECKING:
    from deckcheck.checker import Checker

SYNTAX = error_rule(
    "syntax", "",
    "A line that is not a card entry.",
    "Every line of a decklist must be a card entry (`1 Sol Ring`, `1x Sol Ring (CMM) 410`, ...), a section "
    "header, a comment or blank. Anything else is reported with its line number and left out of the deck.",
    "A line that can't be read may be a card you meant to include; the deck that was checked is not the "
    "deck you wrote.",
    "`1 Sol Ring` is an entry (`1 Sol Ring,,,;;` too: read as Sol Ring, with a note); `0 Sol Ring`, a count "
    "with no name (`1`) or a quantity of 10^30 is reported as `syntax`.",
)

RULES = (SYNTAX,)


def check(ctx: DeckContext, checker: Checker) -> list[Violation]:
    """One violation per parse problem, with its line."""
    return [SYNTAX.violation(f"{p.message}: {p.text!r}" if p.text else p.message, lines=(p.line,),
                             details={"text": p.text})
            for p in ctx.deck.problems]
