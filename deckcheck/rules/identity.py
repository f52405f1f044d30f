"""`color-identity`: every card's color identity within the commanders' combined identity (CR 903.4,
903.5c, 903.5d), with colors chosen before the game for "choose a color" commanders (903.4b)."""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

from deckcheck.model.vocab import COLOR_NAMES, sort_colors
from deckcheck.report import Violation
from deckcheck.rules.base import DeckContext, Item, error_rule
from deckcheck.rules.facts import MASK_COLORS, color_mask

if TYPE_CHECKING:
    from deckcheck.checker import Checker

COLOR_IDENTITY = error_rule(
    "color-identity", "903.4, 903.5c, 903.5d",
    "A card whose color identity is outside the commanders' combined identity.",
    "A card's identity is computed from its own faces: every colored mana symbol in its mana cost and rules "
    "text (hybrid and Phyrexian symbols are all their colors; reminder text is ignored), color indicators, "
    "color-setting abilities, back faces and adventures, and the basic land types on its type line. Every "
    "color of each card must be among the commanders' colors (the union, with two commanders). A commander "
    "that chooses a color before the game (The Prismatic Piper, Clara Oswald) counts with the color that "
    "makes the deck legal, if one does. Not checked while a commander is no card the card data knows (a "
    "misspelled or newer partner): the deck's identity is then unknown, and the unknown card is the error.",
    "903.5c: a card may be in the deck only if every color of its identity is in the commander's identity. "
    "903.5d: a card with a basic land type can be included only if each color of mana it could produce is "
    "(this keeps Tundra and Dryad Arbor out of decks without those colors, and basics out of a colorless "
    "deck). 903.4b: a chosen color is part of the commander's identity.",
    "Wort, the Raidmother ({R/G}) in a mono-red deck: green is outside. Syndic of Tithes (extort's reminder "
    "text names {W/B}) in a mono-white deck: legal. Island under a colorless commander: blue is outside.",
)

RULES = (COLOR_IDENTITY,)


def _names(colors: str) -> str:
    return ", ".join(COLOR_NAMES[c] for c in colors)


def resolve_identity(ctx: DeckContext) -> None:
    """Set the deck's identity: the commanders' union, plus the colors "choose a color" commanders pick.

    Each such commander adds one color of the player's choice (903.4b); the colors chosen are the ones that
    leave the fewest cards outside the identity, each copy counted (40 Forest are 40 cards, not one line: before,
    a tie of lines chose black for one Dark Ritual and called the 40 Forest off-color), the first in WUBRG order on
    a tie."""
    known = [i for i in ctx.commanders if i.facts is not None]
    mask = 0
    for item in known:
        mask |= item.facts.identity_mask  # type: ignore[union-attr]
    wildcards = sum(1 for i in known if i.facts.chooses_color)  # type: ignore[union-attr]
    if not wildcards:  # nearly every deck: the commanders' identities together, as bits
        ctx.base_identity = ctx.identity = MASK_COLORS[mask]
        ctx.chosen_colors = ""
        ctx.identity_mask = mask
        return
    base = set(MASK_COLORS[mask])
    ctx.base_identity = MASK_COLORS[mask]
    needs = [(set(i.facts.identity) - base, i.entry.quantity) for i in ctx.main + ctx.companions
             if i.facts is not None and not set(i.facts.identity) <= base]
    extra = sort_colors(set().union(*(colors for colors, _ in needs))) if needs else ""
    best: tuple[int, str] = (sum(copies for _, copies in needs) + 1, "")
    for k in range(0, min(wildcards, len(extra)) + 1):
        for combo in combinations(extra, k):
            outside = sum(copies for colors, copies in needs if not colors <= set(combo))
            if outside < best[0]:
                best = (outside, "".join(combo))
    ctx.chosen_colors = best[1]
    ctx.identity = sort_colors(base | set(best[1]))
    ctx.identity_mask = color_mask(ctx.identity)


def outside(item: Item, identity: str) -> str:
    """The colors of an item's identity that the deck's identity lacks ("" when it fits)."""
    assert item.facts is not None
    return "".join(c for c in item.facts.identity if c not in identity)


def check(ctx: DeckContext, checker: Checker) -> list[Violation]:
    """One violation per main-deck card outside the identity, when the identity is known (`identity_known`)."""
    if not ctx.identity_known:
        return []
    identity = ctx.identity
    shown = identity or "colorless"
    leaders = " and ".join(i.name for i in ctx.commanders)
    out = []
    seen: set[str] = set()
    allowed = ctx.identity_mask
    for item in ctx.main:
        facts = item.facts
        if facts is None or not facts.identity_mask & ~allowed:
            continue  # unknown, or inside the identity: one bit test
        bad = outside(item, identity)
        key = item.card.oracle_id  # type: ignore[union-attr]
        if key in seen:
            continue
        seen.add(key)
        lines = ctx.lines_of(key)
        out.append(COLOR_IDENTITY.violation(
            f"{item.name} ({item.facts.identity}) is outside the commander's color identity ({shown}): "
            f"{_names(bad)} not allowed under {leaders}",
            cards=(item.name,), lines=lines,
            details={"card_identity": item.facts.identity, "deck_identity": identity, "outside": bad}))
    return out
