"""`singleton`: one copy of each card, except basic lands and cards whose own text allows more (CR 903.5b)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from deckcheck.report import Violation
from deckcheck.rules.base import DeckContext, error_rule

if TYPE_CHECKING:
    from deckcheck.checker import Checker

SINGLETON = error_rule(
    "singleton", "903.5b",
    "More copies of a card than allowed.",
    "Counts copies per Oracle card among the commanders and the main deck, so two names of one card (a "
    "Universes Within or flavor name, an interchangeable name) are two copies and the commander counts. The "
    "limit is one, except for basic lands (supertype Basic: the basics, Wastes, the Snow-Covered basics) and "
    "cards whose own text says \"A deck can have any number of cards named ...\" or \"up to seven/nine\".",
    "Apart from basic lands, each card in a Commander deck must have a different English name (903.5b; "
    "interchangeable names count as one, 201.3); a card's own text overrides the rule (101.1).",
    "2 Sol Ring: too many. 30 Relentless Rats: fine. 8 Seven Dwarves: one over its limit of seven. "
    "20 Snow-Covered Island: fine.",
)

RULES = (SINGLETON,)


def check(ctx: DeckContext, checker: Checker) -> list[Violation]:
    """One violation per card over its limit."""
    out = []
    for items in ctx.multiples():  # most cards: one copy on one line, within any limit
        limit = items[0].facts.deck_limit  # type: ignore[union-attr]
        copies = sum(i.entry.quantity for i in items)
        if limit is None or copies <= limit:
            continue
        name = items[0].name
        written = sorted({i.entry.name for i in items})
        names_note = f" (written as {'; '.join(written)})" if len(written) > 1 else ""  # (names hold commas)
        in_command = any(i.entry.section == "commander" for i in items)
        where = " counting the commander" if in_command else ""
        allowed = "one copy" if limit == 1 else f"up to {limit} copies"
        out.append(SINGLETON.violation(
            f"{copies} copies of {name}{names_note}{where}; a deck may have {allowed}",
            cards=(name,), lines=[n for i in items for n in i.lines],
            details={"copies": copies, "limit": limit}))
    return out
