"""`banned` (the Commander banned list in force on a date, from deckcheck.policy), `not-legal` (cards
the card data says are not legal in Commander at all, or not yet released on the date checked) and
`released-since-data` (a warning: a card the data calls not legal only because it was not yet released)."""

from __future__ import annotations

from datetime import date
from typing import TYPE_CHECKING

from deckcheck.model.vocab import NOT_LEGAL
from deckcheck.report import WARNING, Violation
from deckcheck.rules.base import DeckContext, Rule, error_rule

if TYPE_CHECKING:
    from collections.abc import Sequence

    from deckcheck.checker import Checker
    from deckcheck.model.card import Card

BANNED = error_rule(
    "banned", "",
    "A card on the Commander banned list in force on the checked date (today by default).",
    "Looks every card of the 100 up in the dated policy in data/policy: named bans, the category bans "
    "(Conspiracy cards, ante cards, the cards removed for racist depictions) and \"banned as a companion\" "
    "(Lutri, the Spellchaser since 2026-02-09, which is legal in the 99 and as a commander). Where the card "
    "data's own legality (banned or legal) differs from the policy, the newer of the two wins: the policy when the "
    "data is older than its latest event, the data when it is newer and the date checked is not before the data's "
    "(a ban or unban announced since); a note names both. Category bans and \"banned as a companion\" stay the "
    "policy's. A name no card of the card data has that the banned list names (a card newer than the data: "
    "Jeweled Lotus and Hullbreacher are not in the bundled snapshot) is that banned card, not an unknown one.",
    "The Commander Format Panel bans cards; a banned card can't be in a legal deck. `--as-of DATE` checks "
    "against the list in force on that date.",
    "Mana Crypt (banned 2024-09-23): banned. Biorhythm (unbanned 2026-02-09): legal today. Lutri as the "
    "companion: banned; Lutri in the 99: legal.",
)

NOT_LEGAL_RULE = error_rule(
    "not-legal", "",
    "A card that is not legal in Commander at all, or (of those the card data calls not legal) not yet released "
    "on the date checked.",
    "Uses the card data's Commander legality (aggregated over printings: one legal printing is enough). "
    "Not legal: silver-border and acorn cards, Alchemy and other digital-only cards, cards not yet "
    "released on the date checked (`--as-of`; known for the cards the data calls not legal that were "
    "released on or after its own date), tokens and other objects that are not cards of a deck.",
    "Commander is played with tournament-legal paper cards; these never were, or are not yet.",
    "`1 Saw in Half` (Unfinity, black border) is legal; `1 Sword of Dungeons & Dragons` (Unstable, silver "
    "border) or an Alchemy card (`1 A-Armory Veteran`) is not-legal; with the bundled snapshot, whose Avatar: The "
    "Last Airbender cards partly come from Scryfall objects of their release day, 2025-11-21, that call them not "
    "legal (Aang's Iceberg), such a card checked `--as-of 2025-11-01` is not-legal until that release (the others, "
    "from later objects that call them legal, are not: a release date in the data may be a reprint's).",
)

RELEASED_SINCE_DATA = Rule(
    "released-since-data", "", WARNING,
    "A card the card data calls not legal that was released on or after the data's own date.",
    "Scryfall and MTGJSON mark every card not legal until its release. A card the data calls not legal and "
    "dates on or after the data itself (a download's date; for a file, the newest release it holds; in a store "
    "merged from files of several dates, the date of the file the card's legality comes from) was "
    "most likely not yet released when the data was made, so on a date checked from its release on, the "
    "deck is judged as if it were legal, with this warning; `deckcheck update` gets its legality now.",
    "A set's cards come out after the card data is fetched; calling them not legal would be the data's age "
    "speaking, not the rules. A warning, not an error: the data cannot tell whether the card is legal now "
    "(a new silver-border card would not be).",
    "The bundled snapshot is card data of 2026-01-03 merged from files of several dates; its Aang's Iceberg comes "
    "from Scryfall objects whose newest release is of 2025-11-21 (`deckcheck card \"Aang's Iceberg\"` shows that "
    "date), the card's own release day, and is marked not legal: checked today, a warning. Checked `--as-of "
    "2025-11-01`: not-legal.",
)

RULES = (BANNED, NOT_LEGAL_RULE, RELEASED_SINCE_DATA)


def check(ctx: DeckContext, checker: Checker) -> list[Violation]:
    """banned, then not-legal (or released-since-data), one violation per card."""
    banned: list[Violation] = []
    not_legal: list[Violation] = []
    seen: set[str] = set()
    on = ctx.on
    for item in ctx.restricted:  # the starting deck's banned or not-legal cards, found in the checker's pass
        card = item.card
        assert card is not None
        if card.oracle_id in seen:
            continue
        seen.add(card.oracle_id)
        ban = checker.ban(card, on)
        if ban is not None:
            # the whole card is banned (no list bans a card as a commander only since 2014); where it stands, after
            role = ", here as the commander" if item.entry.section == "commander" else ""
            banned.append(BANNED.violation(
                f"{card.name} is banned in Commander ({ban_reason(ban)}){role}",
                cards=(card.name,), lines=ctx.lines_of(card.oracle_id),
                details=ban_details(ban)))
        if card.commander_legality == NOT_LEGAL:
            not_legal.append(_not_legal(card, ctx.lines_of(card.oracle_id), on, checker.store.legalities_date))
    for item in ctx.companions:
        card = item.card
        if card is None:
            continue
        ban = checker.companion_ban(card, ctx.on)
        if ban is not None:
            what = "as a companion" if getattr(ban, "reason", "") == "companion" else "in Commander"
            banned.append(BANNED.violation(
                f"{card.name} is banned {what} ({ban_reason(ban)})", cards=(card.name,), lines=item.lines,
                details={**ban_details(ban), "role": "companion"}))
        if card.commander_legality == NOT_LEGAL:
            not_legal.append(_not_legal(card, item.lines, ctx.on, checker.store.legalities_date))
    return banned + not_legal


def legality_day(card: Card, data_date: str | None) -> str | None:
    """The day the card data's legality of this card speaks for: the card's own (`Card.legality_date`, a store
    merged from sources of several dates), else the store's (`data_date`, `CardStore.legalities_date`)."""
    return card.legality_date or data_date


def released_since_data(card: Card, data_date: str | None) -> bool:
    """Whether the card data (its legalities of `legality_day`) calls a card not legal that was released on or
    after that day: not yet released when the data was made, so legal or not now."""
    released, day = card.released_at, legality_day(card, data_date)
    return card.commander_legality == NOT_LEGAL and bool(released and day and released >= day)


def legal_from_release(card: Card, data_date: str | None, on: date | None) -> bool:
    """Whether a card the card data calls not legal only for its release since the data (`released_since_data`)
    is checked as legal on `on` (today when None): from its release day on (the warning `released-since-data`)."""
    return released_since_data(card, data_date) and (on or date.today()).isoformat() >= card.released_at


def _not_legal(card: Card, lines: Sequence[int], on: date | None, data_date: str | None) -> Violation:
    """The violation of a card the data calls not legal: `not-legal`, or, when the card was released on or
    after the data's date and is checked from its release on, the warning `released-since-data`."""
    details: dict[str, object] = {"layout": card.layout}
    released = card.released_at
    if released_since_data(card, data_date):
        judged_legal = legal_from_release(card, data_date, on)
        data_date = legality_day(card, data_date)
        details.update(released_at=released, data_date=data_date)
        day = (on or date.today()).isoformat()
        if not judged_legal:
            return NOT_LEGAL_RULE.violation(
                f"{card.name} is not legal in Commander before its release on {released} (checked as of {day})",
                cards=(card.name,), lines=lines, details=details)
        return RELEASED_SINCE_DATA.violation(
            f"{card.name} was released on {released}, no earlier than the card data ({data_date}), which calls "
            "it not legal as it calls every card not yet released; checked as legal from its release on: "
            "`deckcheck update` gets its legality now", cards=(card.name,), lines=lines, details=details)
    return NOT_LEGAL_RULE.violation(f"{card.name} is not legal in Commander ({_not_legal_why(card)})",
                                    cards=(card.name,), lines=lines, details=details)


def ban_reason(ban: object) -> str:
    """Why a card is banned, as the reports say it: "on the banned list since 2024-09-23"."""
    reason = getattr(ban, "reason", "named")
    if reason == "data":  # the card data's, newer than the policy: its note says whose and of when
        return getattr(ban, "note", "") or "the card data says banned"
    since = getattr(ban, "since", None)
    words = {"named": "on the banned list", "conspiracy": "Conspiracy cards are banned",
             "ante": "ante cards are banned", "offensive": "removed for a racist depiction",
             "companion": "banned as a companion only"}
    text = words.get(reason, reason)
    return f"{text} since {since.isoformat()}" if since is not None else text


def ban_details(ban: object) -> dict[str, object]:
    """A ban as the JSON reports give it: its reason, the day it took effect and the announcement."""
    since = getattr(ban, "since", None)
    return {"reason": getattr(ban, "reason", "named"), "since": since.isoformat() if since else None,
            "source": getattr(ban, "source", "")}


def _not_legal_why(card: object) -> str:
    layout = getattr(card, "layout", "")
    if layout in ("token", "double_faced_token", "emblem", "art_series"):
        return f"a {layout.replace('_', ' ')}, not a card of a deck"
    name = getattr(card, "name", "")
    if name.startswith("A-") and len(name) > 2:  # MTG Arena's rebalanced printing of a card, named so
        return f"an Alchemy rebalancing, digital-only; the paper card is {name[2:].replace(' // A-', ' // ')}"
    return "the card data marks it not legal: silver-border/acorn, digital-only, unreleased or not a deck card"
