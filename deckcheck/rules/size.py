"""`deck-size`: commanders plus main deck must be exactly 100 cards (CR 903.5a)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from deckcheck.model.vocab import DECK_SIZE_REQUIRED
from deckcheck.report import Violation
from deckcheck.rules.base import DeckContext, error_rule
from deckcheck.wording import counted

if TYPE_CHECKING:
    from deckcheck.checker import Checker


DECK_SIZE = error_rule(
    "deck-size", "903.5a",
    "Commanders plus main deck is not exactly 100 cards.",
    "Counts every copy of every card among the commanders and the main deck (unknown names included). "
    "Sideboard, maybeboard, a companion and cards outside the game (tokens, display commanders) don't count.",
    "A Commander deck contains exactly 100 cards including its commander or commanders (903.5a, 702.124b).",
    "One commander and 98 other cards: 99 cards, one short. Two partners and 99 others: 101, one too many.",
)

RULES = (DECK_SIZE,)


def check(ctx: DeckContext, checker: Checker) -> list[Violation]:
    """One violation when the count is not 100."""
    total = ctx.card_count
    if total == DECK_SIZE_REQUIRED:
        return []
    n_cmd = sum(i.entry.quantity for i in ctx.commanders)
    diff = total - DECK_SIZE_REQUIRED
    how = f"{abs(diff)} too many" if diff > 0 else f"{-diff} short"
    return [DECK_SIZE.violation(
        f"the deck has {counted(total, 'card')} ({counted(n_cmd, 'commander')} + {total - n_cmd} "
        f"main), {how}; a Commander deck has exactly {DECK_SIZE_REQUIRED}",
        details={"card_count": total, "commanders": n_cmd, "main": total - n_cmd,
                 "required": DECK_SIZE_REQUIRED})]
