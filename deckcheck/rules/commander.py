"""Commanders: `no-commander` (CR 903.3), `commander-ineligible` (903.3, 702.124k) and `commander-pair`
(702.124: the partner family, read from Oracle text)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from deckcheck.decklist.commanders import UNMARKED_MAIN_COUNTS
from deckcheck.decklist.model import MAIN, SIDEBOARD
from deckcheck.model.names import name_key
from deckcheck.report import Violation
from deckcheck.rules.base import DeckContext, Item, cited, error_rule
from deckcheck.rules.facts import (
    CHOOSE_BACKGROUND,
    DOCTORS_COMPANION,
    PARTNER,
    PARTNER_VARIANT,
    PARTNER_WITH,
    CardFacts,
    PartnerAbility,
)

if TYPE_CHECKING:
    from deckcheck.checker import Checker

NO_COMMANDER = error_rule(
    "no-commander", "903.3",
    "The deck has no commander.",
    "A deck must name its commander: in a Commander section, with a marker such as `*CMDR*`, "
    "`[Commander{top}]` or `#!Commander`, with `--commander NAME`, or (MTGO style) as the one or two "
    "sideboard cards of a 98-99 card list (or a few cards off).",
    "Each Commander deck is led by a commander (903.3); without one, color identity is undefined (903.4f) "
    "and the deck can't be played.",
    "A list of 100 cards with no section headers and no marker: no commander; when one to three cards of the "
    "list could each lead it alone (a commander whose identity holds every card's), the message names them.",
)

COMMANDER_INELIGIBLE = error_rule(
    "commander-ineligible", "903.3, 702.124k",
    "A commander that can't be one.",
    "A commander must be a legendary creature card, a legendary Vehicle card or a legendary Spacecraft card "
    "with a power/toughness box, or say \"can be your commander\". It is judged as the card is outside the "
    "game: a double-faced card by its front face, a flip card by its unflipped half. A Background can lead "
    "only next to a commander with \"Choose a Background\".",
    "903.3 and 903.3a; 712.8a (a double-faced card has only its front face's characteristics outside the "
    "game); 710.2 (a flip card's unflipped characteristics); 702.124k (Backgrounds).",
    "Westvale Abbey (a land whose back face is a legendary creature), Kitsune Mystic (a non-legendary flip "
    "card), Elbrus, the Binding Blade (an Equipment) and a lone Background can't lead; Archangel Avacyn can, "
    "even when the list names it by its back face; Shorikai, Genesis Engine (a legendary Vehicle) can.",
)

COMMANDER_PAIR = error_rule(
    "commander-pair", "702.124",
    "More than two commanders, or two that can't be partners.",
    "Two commanders must share a partner ability, read from their Oracle text: Partner with Partner; "
    "Partner—[text] only with the same text (Friends forever, Survivors, Father & son, Character select); "
    "Partner with [name] only with that card, naming each other; Choose a Background with a Background; "
    "Doctor's companion with a legendary Time Lord Doctor creature that has no other creature types (a "
    "changeling has every creature type, so it can't be that Doctor). Different abilities never mix, and two "
    "copies of one card are a pair only when it has Partner or a Partner—[text] (Cid, Timeless Artificer, "
    "which a deck may hold any number of, can't lead twice).",
    "702.124a-n: each partner ability has its own pairing requirement, different partner abilities don't "
    "combine (702.124f), and there are never more than two commanders (702.124g).",
    "Thrasios and Tymna (both Partner): legal. Pir, Imaginative Rascal with Thrasios: illegal, Pir partners "
    "only with Toothy. Abby, Merciless Soldier (Partner—Survivors) with Atreus (Partner—Father & son): "
    "illegal. Rose Tyler (Doctor's companion) with a changeling legend: illegal.",
)

RULES = (NO_COMMANDER, COMMANDER_INELIGIBLE, COMMANDER_PAIR)

_ABILITY_NAMES = {PARTNER: "Partner", CHOOSE_BACKGROUND: "Choose a Background",
                  DOCTORS_COMPANION: "Doctor's companion"}


def describe(ability: PartnerAbility) -> str:
    """How an ability reads on the card."""
    if ability.kind == PARTNER_VARIANT:
        return f"Partner—{ability.value[:1].upper()}{ability.value[1:]}"
    if ability.kind == PARTNER_WITH:
        return f"Partner with {ability.value}"
    return _ABILITY_NAMES[ability.kind]


#: What each partner ability pairs a commander with, and its rule.
_PAIRS_WITH = {PARTNER: ("another commander with Partner", "702.124h"),
               CHOOSE_BACKGROUND: ("a Background", "702.124k"),
               DOCTORS_COMPANION: ("a legendary Time Lord Doctor creature with no other creature types", "702.124m")}


def _pairs_with(ability: PartnerAbility) -> tuple[str, str]:
    """What an ability pairs its commander with, and the rule that says so."""
    if ability.kind == PARTNER_VARIANT:
        return f"another commander with {describe(ability)}", "702.124i"
    if ability.kind == PARTNER_WITH:
        return ability.value, "702.124j"
    return _PAIRS_WITH[ability.kind]


def _names_card(ability: PartnerAbility, item: Item) -> bool:
    assert item.card is not None
    wanted = name_key(ability.value)
    return any(name_key(n) == wanted for n in item.card.names)


def pair_problem(a: Item, b: Item) -> str | None:
    """Why two commanders can't be partners (CR 702.124), or None when they can."""
    fa, fb = a.facts, b.facts
    assert fa is not None and fb is not None
    kinds_a = {p.kind for p in fa.partners}
    kinds_b = {p.kind for p in fb.partners}
    if PARTNER in kinds_a and PARTNER in kinds_b:  # 702.124h
        return None
    variants_a = {p.value for p in fa.partners if p.kind == PARTNER_VARIANT}
    variants_b = {p.value for p in fb.partners if p.kind == PARTNER_VARIANT}
    if variants_a & variants_b:  # 702.124i
        return None
    with_a = [p for p in fa.partners if p.kind == PARTNER_WITH]
    with_b = [p for p in fb.partners if p.kind == PARTNER_WITH]
    if any(_names_card(p, b) for p in with_a) and any(_names_card(p, a) for p in with_b):  # 702.124j
        return None
    if (CHOOSE_BACKGROUND in kinds_a and fb.is_background) or (CHOOSE_BACKGROUND in kinds_b and fa.is_background):
        return None  # 702.124k
    if (DOCTORS_COMPANION in kinds_a and fb.is_lone_doctor) or (DOCTORS_COMPANION in kinds_b and fa.is_lone_doctor):
        return None  # 702.124m

    # Explain the closest miss.
    for x, fx, y, fy in ((a, fa, b, fb), (b, fb, a, fa)):
        if len(fx.partners) > 1:  # (Amy Pond: Partner with Rory Williams, and Doctor's companion) none pairs it with y
            wanted = [_pairs_with(p) for p in fx.partners]
            return (f"{x.name} can pair only with {' or '.join(w for w, _ in wanted)} "
                    f"({', '.join(dict.fromkeys(rule for _, rule in wanted))})")
        wx = [p for p in fx.partners if p.kind == PARTNER_WITH]
        if wx and not any(_names_card(p, y) for p in wx):
            return f"{x.name} can partner only with {' or '.join(p.value for p in wx)} (702.124j)"
        if wx and fy.partners and not [p for p in fy.partners if p.kind == PARTNER_WITH and _names_card(p, x)]:
            return f"{y.name} does not name {x.name} back with \"Partner with\" (702.124j)"
        if DOCTORS_COMPANION in {p.kind for p in fx.partners} and not fy.partners:
            if fy.changeling:
                return (f"{y.name} is a changeling, so it has every creature type and is not a Time Lord "
                        f"Doctor with no other creature types (702.124m)")
            return f"{y.name} is not a legendary Time Lord Doctor creature with no other creature types (702.124m)"
        if CHOOSE_BACKGROUND in {p.kind for p in fx.partners} and not fy.partners and not fy.is_background:
            return f"{x.name} can pair only with a Background, and {y.name} is not one (702.124k)"
    if CHOOSE_BACKGROUND in kinds_a & kinds_b:
        return ("both have \"Choose a Background\", which pairs a commander with a Background, never with another "
                "commander that chooses one (702.124k)")
    if DOCTORS_COMPANION in kinds_a & kinds_b:
        return ("both have \"Doctor's companion\", which pairs a commander with a Time Lord Doctor, never with "
                "another companion (702.124m)")
    said_a = "is a Background" if fa.is_background else (
        f"has {', '.join(describe(p) for p in fa.partners) or 'no partner ability'}")
    said_b = "is a Background" if fb.is_background else (
        f"has {', '.join(describe(p) for p in fb.partners) or 'no partner ability'}")
    if fa.is_background or fb.is_background:  # (a Background is a card type, no ability: 702.124k)
        tail = "a Background is a commander only beside one that has \"Choose a Background\" (702.124k)"
    elif fa.partners and fb.partners:
        tail = "different partner abilities never combine (702.124f)"
    else:
        tail = "two commanders need a shared partner ability (702.124)"
    return f"{a.name} {said_a} and {b.name} {said_b}; {tail}"


def _could_lead(ctx: DeckContext) -> tuple[list[Item], str]:
    """The cards that could lead the deck alone, when at most three could, and where they are: cards that can be a
    commander and whose color identity holds every main-deck card's. The sideboard's, when the main deck is one
    or two cards short of the 100 (an MTGO list whose sideboard holds another card beside the commander), else the
    main deck's (a list pasted with its commander as a plain line)."""
    known = [i for i in ctx.main if i.facts is not None]
    colors = 0
    for item in known:
        colors |= item.facts.identity_mask  # type: ignore[union-attr]

    def leaders(items: list[Item]) -> list[Item]:
        found = [i for i in items if i.facts is not None and i.facts.can_lead and not colors & ~i.facts.identity_mask]
        return found if len(found) <= 3 else []

    if ctx.deck.count(MAIN) in UNMARKED_MAIN_COUNTS:
        side = leaders([i for i in ctx.unused if i.entry.section == SIDEBOARD])
        if side:
            return side, "in the sideboard"
    return leaders(known), "in the list"


def check(ctx: DeckContext, checker: Checker) -> list[Violation]:
    """no-commander, then each ineligible commander, then the pair."""
    out: list[Violation] = []
    commanders = ctx.commanders
    if not commanders:
        leaders, where = _could_lead(ctx)
        hint = f" ({' or '.join(i.name for i in leaders)}, {where}, could lead it)" if leaders else ""
        out.append(NO_COMMANDER.violation(f"the deck has no commander; mark it in the list, under a Commander header{hint}",
                                          lines=[n for i in leaders for n in i.lines],
                                          details={"could_lead": [i.name for i in leaders]} if leaders else None))
        return out
    known = [i for i in commanders if i.facts is not None]
    has_cab = any(p.kind == CHOOSE_BACKGROUND for i in known for p in i.facts.partners)  # type: ignore[union-attr]
    for item in known:
        facts: CardFacts = item.facts  # type: ignore[assignment]
        if facts.can_lead:
            continue
        if facts.is_background and len(commanders) >= 2 and (has_cab or len(known) == 1):
            continue  # beside a commander that chooses a Background, or an unknown card that may (702.124k); a third
            # commander is the pair rule's to report
        out.append(COMMANDER_INELIGIBLE.violation(
            f"{item.name} can't be a commander: {facts.ineligible_reason}",
            cards=(item.name,), lines=item.lines, rule="702.124k" if facts.is_background else "903.3",
            details={"type_line": item.card.front.type_line if item.card else ""}))
    count = sum(i.entry.quantity for i in commanders)
    if count > 2:
        out.append(COMMANDER_PAIR.violation(
            f"the deck has {count} commanders ({'; '.join(i.name for i in commanders)}); a deck has at most "
            f"two (702.124g)", cards=[i.name for i in commanders], lines=[n for i in commanders for n in i.lines],
            details={"count": count}, rule="702.124g"))
    elif count == 2 and len(known) == len(commanders):
        pair = known * 2 if len(known) == 1 else known  # "2 Cid, Timeless Artificer": one card twice
        problem = pair_problem(pair[0], pair[1])
        if problem:
            if len(known) == 1:
                abilities = ", ".join(describe(p) for p in known[0].facts.partners)  # type: ignore[union-attr]
                message = (f"two copies of {known[0].name} can't both be commanders: it has "
                           f"{abilities or 'no partner ability'}, and two commanders need one they share (702.124)")
            else:
                message = f"{known[0].name} and {known[1].name} can't be partners: {problem}"
            out.append(COMMANDER_PAIR.violation(
                message, rule=cited(message),
                cards=[i.name for i in known], lines=[n for i in known for n in i.lines],
                details={"abilities": {i.name: [describe(p) for p in i.facts.partners]  # type: ignore[union-attr]
                                       for i in known}}))
    return out
