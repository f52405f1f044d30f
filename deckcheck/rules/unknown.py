"""`unknown-card`: a name that no card has; the message suggests the closest names."""

from __future__ import annotations

from typing import TYPE_CHECKING

from deckcheck.model.names import name_key
from deckcheck.report import Violation
from deckcheck.rules.base import DeckContext, error_rule

if TYPE_CHECKING:
    from deckcheck.checker import Checker

UNKNOWN_CARD = error_rule(
    "unknown-card", "",
    "A name that no card has.",
    "Each entry's name is looked up by its full name, a face name, a split half or another printed name, "
    "ignoring case, accents, curly quotes and the way faces are separated. A name that matches nothing is "
    "reported with the closest card names.",
    "An unknown card can't be checked for color identity, singleton or bans; the deck that was checked "
    "is not the deck you meant. It still counts towards the 100.",
    "`1 Lightning Blot` -> unknown card \"Lightning Blot\"; did you mean Lightning Bolt?",
)

RULES = (UNKNOWN_CARD,)


def did_you_mean(suggestions: list[str]) -> str:
    """What follows "unknown card ...": the close names joined by "or" (card names hold commas)."""
    return f"; did you mean {' or '.join(suggestions)}?" if suggestions else "; no close name found"


def check(ctx: DeckContext, checker: Checker) -> list[Violation]:
    """One violation per unknown name (repeats of a name are one violation with all their lines)."""
    by_key: dict[str, list] = {}
    for item in ctx.unknown:
        by_key.setdefault(name_key(item.entry.name), []).append(item)
    out = []
    all_suggestions = checker.suggest_many([items[0].entry.name for items in by_key.values()])
    for items in by_key.values():
        name = items[0].entry.name
        suggestions = all_suggestions[name]
        hint = did_you_mean(suggestions)
        lines = tuple(n for i in items for n in i.lines)
        out.append(UNKNOWN_CARD.violation(f"unknown card \"{name}\"{hint}", cards=(name,), lines=lines,
                                          details={"suggestions": suggestions,
                                                   "sections": sorted({i.entry.section for i in items})}))
    return out
