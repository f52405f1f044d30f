"""`sideboard` (warning): cards outside the 100 that Commander does not use (CR 903.5e)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from deckcheck.report import WARNING, Violation
from deckcheck.rules.base import DeckContext, Rule
from deckcheck.wording import counted, first_named

if TYPE_CHECKING:
    from deckcheck.checker import Checker

SIDEBOARD = Rule(
    "sideboard", "903.5e", WARNING,
    "Cards outside the 100 that Commander does not use (sideboard, maybeboard).",
    "Lists the sideboard and maybeboard cards of a deck. They are not checked and count towards nothing.",
    "Commander games don't use sideboards (903.5e); a card there can't be brought in between games. A "
    "warning, not an error: a list often keeps candidates there.",
    "`Sideboard:` followed by `1 Pyroblast`: warning, Pyroblast is outside the 100 and ignored.",
)

RULES = (SIDEBOARD,)


def check(ctx: DeckContext, checker: Checker) -> list[Violation]:
    """One warning listing every unused card."""
    if not ctx.unused:
        return []
    count = sum(i.entry.quantity for i in ctx.unused)
    sections = sorted({i.entry.section for i in ctx.unused})
    names = list(dict.fromkeys(i.name for i in ctx.unused))
    shown = first_named(names, 5, "; ")  # (names hold commas)
    return [SIDEBOARD.violation(
        f"{counted(count, 'card')} in the {' and '.join(sections)} "
        f"{'are' if count != 1 else 'is'} outside the 100 and ignored: {shown}",
        cards=names, lines=[n for i in ctx.unused for n in i.lines],
        details={"count": count, "sections": sections})]
