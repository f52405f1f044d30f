"""`companion`: a companion whose deck-building condition the starting deck (commanders included) does not
meet, or that breaks color identity or singleton (CR 702.139, 903.11a)."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from deckcheck.model.vocab import COLOR_NAMES, SPLIT
from deckcheck.report import Violation
from deckcheck.rules import facts as F
from deckcheck.rules.base import DeckContext, Item, error_rule
from deckcheck.wording import first_named

if TYPE_CHECKING:
    from deckcheck.checker import Checker

COMPANION = error_rule(
    "companion", "702.139",
    "A companion whose condition the starting deck does not meet, or that breaks identity or singleton.",
    "The companion's deck-building condition is tested on the starting deck, which in Commander includes "
    "the commanders (702.139b): Gyruda (even mana values), Jegantha (no repeated mana symbol in a cost), "
    "Kaheera (every creature card a Cat, Elemental, Nightmare, Dinosaur or Beast; a changeling qualifies, "
    "Grist is an Insect creature card), Keruga (mana value 3+ or land), Lurrus (permanent cards mana value "
    "2 or less), Lutri (nonland cards all differently named), Obosh (odd mana values or land), Umori (all "
    "nonland cards share a card type), Yorion (twenty cards over the minimum: never, a Commander deck is "
    "exactly 100) and Zirda (every permanent card has an activated ability). The companion must also fit "
    "the commanders' color identity and not share a name with a card in the deck; there is one at most. A "
    "list that marks no companion has its sideboard's one card with a companion ability taken as it (a note "
    "says so): a Commander game uses no other card from outside the 100.",
    "702.139a: a companion may be revealed only if the starting deck meets its condition; 903.11a: a card "
    "brought in from outside the game must fit the identity and can't duplicate a name in the deck.",
    "Lurrus of the Dream-Den with Sol Ring: legal (mana value 1); with Smothering Tithe in the deck: "
    "illegal (a permanent card of mana value 4). Yorion as a companion in Commander: always illegal.",
)

RULES = (COMPANION,)

_CONDITION_NAMES = {F.GYRUDA: "only cards with even mana values", F.OBOSH: "only odd mana values and lands",
                    F.KERUGA: "only mana value 3 or greater and lands",
                    F.LURRUS: "permanent cards of mana value 2 or less",
                    F.ZIRDA: "permanent cards with an activated ability",
                    F.JEGANTHA: "no card with a repeated mana symbol in its cost",
                    F.LUTRI: "nonland cards all with different names",
                    F.UMORI: "nonland cards sharing a card type", F.KAHEERA: "only certain creature types",
                    F.YORION: "twenty cards over the minimum deck size"}


#: The conditions read from what a card's faces hold (costs, abilities, types), which a card some of whose faces the
#: card data lacks can't be judged on; the rest read its mana value, which the source gives whole, or its name.
_READ_FROM_FACES = frozenset({F.JEGANTHA, F.ZIRDA, F.UMORI, F.KAHEERA, F.LURRUS})


def _is_int(x: float) -> bool:
    return x == int(x)


def offenders(key: str, condition: str, deck: list[Item]) -> list[Item]:
    """The starting-deck items that break a companion condition (empty when it is met)."""
    known = [i for i in deck if i.facts is not None]
    bad: list[Item] = []
    if key == F.GYRUDA:
        bad = [i for i in known if not (_is_int(i.facts.mana_value) and int(i.facts.mana_value) % 2 == 0)]
    elif key == F.OBOSH:
        bad = [i for i in known if not (i.facts.is_land_card or
                                        (_is_int(i.facts.mana_value) and int(i.facts.mana_value) % 2 == 1))]
    elif key == F.KERUGA:
        bad = [i for i in known if not (i.facts.is_land_card or i.facts.mana_value >= 3)]
    elif key == F.LURRUS:
        bad = [i for i in known if i.facts.is_permanent_card and i.facts.mana_value > 2]
    elif key == F.ZIRDA:
        bad = [i for i in known if i.facts.is_permanent_card and not i.facts.has_activated_ability]
    elif key == F.JEGANTHA:
        bad = [i for i in known if max(Counter(i.facts.cost_symbols).values(), default=0) > 1]
    elif key == F.KAHEERA:
        allowed = F.kaheera_types(condition)
        bad = [i for i in known if i.facts.is_creature_card and not i.facts.changeling
               and not (i.facts.subtypes & allowed)]
    elif key == F.LUTRI:
        copies = Counter()
        for i in known:
            if not i.facts.is_land_card:
                copies[i.card.oracle_id] += i.entry.quantity
        bad = [i for i in known if not i.facts.is_land_card and copies[i.card.oracle_id] > 1]
    elif key == F.UMORI:
        nonland = [i for i in known if not i.facts.is_land_card]
        counts = Counter(t for i in nonland for t in i.facts.types)
        if nonland and not any(n == len(nonland) for n in counts.values()):
            best = counts.most_common(1)[0][0]
            bad = [i for i in nonland if best not in i.facts.types]
    return bad


def check(ctx: DeckContext, checker: Checker) -> list[Violation]:
    """Condition, identity and singleton of the companion; at most one companion."""
    out: list[Violation] = []
    companions = [i for i in ctx.companions]
    if not companions:
        return out
    if sum(i.entry.quantity for i in companions) > 1:
        out.append(COMPANION.violation(
            f"{sum(i.entry.quantity for i in companions)} companions; a player reveals at most one (702.139a)",
            cards=[i.name for i in companions], lines=[n for i in companions for n in i.lines], rule="702.139a"))
    deck = ctx.starting_deck
    for item in companions:
        facts = item.facts
        if facts is None:
            continue  # unknown-card reports it
        if facts.companion is None:
            out.append(COMPANION.violation(f"{item.name} has no companion ability", cards=(item.name,),
                                           lines=item.lines))
            continue
        if facts.companion == F.YORION:
            out.append(COMPANION.violation(
                f"{item.name}'s condition can't be met in Commander: \"{facts.companion_text}\" needs at least "
                f"120 cards, and a Commander deck has exactly 100 (903.5a)",
                cards=(item.name,), lines=item.lines, details={"condition": facts.companion}, rule="903.5a"))
        else:
            bad = offenders(facts.companion, facts.companion_text, deck)
            _said_unjudged(ctx, item.name, facts.companion, deck, bad)
            if bad:
                names = list(dict.fromkeys(i.name for i in bad))
                shown = first_named(names, 8, "; ")  # (names hold commas: "Ikra Shidiqi, the Usurper")
                out.append(COMPANION.violation(
                    f"{item.name}'s condition is not met (\"{facts.companion_text}\", the commanders included): "
                    f"{shown}", cards=tuple(dict.fromkeys((item.name, *names))),
                    lines=[*item.lines, *(n for i in bad for n in i.lines)],
                    details={"condition": facts.companion, "offending": names}))
        if ctx.identity_known:
            bad_colors = "".join(c for c in facts.identity if c not in ctx.identity)
            if bad_colors:
                out.append(COMPANION.violation(
                    f"{item.name} ({facts.identity}), the companion, is outside the commander's color identity "
                    f"({ctx.identity or 'colorless'}): {', '.join(COLOR_NAMES[c] for c in bad_colors)} (903.11a)",
                    cards=(item.name,), lines=item.lines, rule="903.11a",
                    details={"card_identity": facts.identity, "deck_identity": ctx.identity,
                             "outside": bad_colors}))
        assert item.card is not None
        twins = [i for i in deck if i.card is not None and i.card.oracle_id == item.card.oracle_id]
        if twins:
            out.append(COMPANION.violation(
                f"{item.name}, the companion, is also in the deck; it can't share a name with a card in the deck "
                f"(903.11a)", cards=(item.name,), lines=[*item.lines, *(n for i in twins for n in i.lines)],
                rule="903.11a"))
    return out


def _said_unjudged(ctx: DeckContext, companion: str, key: str, deck: list[Item], bad: list[Item]) -> None:
    """A note of the deck's cards the companion's condition was judged on only in part, when it reads their faces
    and the card data lacks some of those it reads: a split card's other half (the bundled snapshot holds one half
    of some split cards, such as Rooms), both halves being the card in the library (709.4; a double-faced card or an
    adventurer is its front face there, 712.8a, 715.4). Met by the faces it holds, it may be broken by the others."""
    if key not in _READ_FROM_FACES:
        return
    judged = set(map(id, bad))
    partial = list(dict.fromkeys(i.name for i in deck if i.card is not None and not i.card.complete
                                 and i.card.layout == SPLIT and id(i) not in judged))
    if partial:
        ctx.notes.append(f"{companion}'s condition was judged on part of {', '.join(partial)}: the card data lacks "
                         f"{'its' if len(partial) == 1 else 'their'} other faces (`deckcheck update` brings whole "
                         "cards)")
