"""`deckcheck card NAME...`: show cards as deckcheck sees them (faces, mana value per zone, identity)."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from datetime import date
from typing import Any

from deckcheck.commands.options import add_as_of, add_data_dir, card_name, stdin_at_most_once
from deckcheck.errors import InputError, one_line
from deckcheck.model.card import Card, melded_mana_value
from deckcheck.model.identity import color_identity
from deckcheck.model.names import has_lookalikes, name_key
from deckcheck.model.vocab import (
    ALTERNATIVE_SPELL_LAYOUTS, MELD, MODAL_DFC, NOT_LEGAL, PREPARE, PROTOTYPE, SPLIT, Zone,
)
from deckcheck.policy import Policy, Standing, card_data_day, data_day, standing_of
from deckcheck.store import CardStore


def register(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:
    p = sub.add_parser("card", help="show cards as deckcheck sees them",
                       description="Show each card: faces and types, mana value per zone, computed color "
                                   "identity next to the source's, Commander legality, Game Changer. "
                                   "Exit 0 when every name was found, 1 when some were not.")
    p.add_argument("names", nargs="+", metavar="NAME", type=card_name,
                   help="card names, or - to read names from stdin")
    p.add_argument("--format", choices=("text", "json"), default="text", help="output format (default: text)")
    add_data_dir(p)
    add_as_of(p, "the banned list and Game Changers behind the Commander legality and Game Changer shown")
    return p


def _fmt_mv(value: float) -> int | float:
    return int(value) if float(value).is_integer() else value


def card_dict(query: str, card: Card, standing: Standing, melds: Sequence[tuple[str, Card]] = ()) -> dict[str, Any]:
    """The JSON object `deckcheck card --format json` prints for one found card: the Commander legality and
    Game Changer flag `check` uses, each beside the card data's own (`source_...`), as for color identity."""
    leads, why_not = _leads(card)
    casts = cast_values(card, melds)
    d = {
        "query": query,
        "name": card.name,
        "layout": card.layout,
        "color_identity": color_identity(card),
        "mana_value": _fmt_mv(card.mana_value()),
        "cast_mana_values": casts,  # where a face is cast or played, when it differs by face
        "x": 0 if casts else card.front.mana_cost.count("{X}"),  # the {X}s it adds on the stack (202.3e), else a face's
        "faces": [{"name": f.name, "mana_cost": f.mana_cost, "type_line": f.type_line,
                   "oracle_text": f.oracle_text, "color_indicator": f.color_indicator} for f in card.faces],
        # the parts the card data lacks (a Room's door, an adventurer's Adventure): its color identity and mana
        # value are then the source's, not computed from the faces
        "faces_missing": missing_faces(card),
        "can_be_commander": leads,
        "commander_ineligible_reason": why_not or None,  # (as `check` says it of a commander that can't be one)
        "commander_legality": standing.legality,
        "source_commander_legality": card.commander_legality,
        "game_changer": standing.game_changer,  # null: not known for the day (game_changer_note)
        "source_game_changer": card.game_changer,
        "source_color_identity": card.source_color_identity,
        "released_at": card.released_at,
    }
    from deckcheck.rules.legality import ban_details

    if standing.game_changer_note:
        d["game_changer_note"] = standing.game_changer_note
    if standing.ban is not None:
        d["ban"] = ban_details(standing.ban)
    if standing.companion_ban is not None:
        d["companion_ban"] = ban_details(standing.companion_ban)
    return d


def missing_faces(card: Card) -> list[str]:
    """The names of the parts of a card its data lacks (a Room's door, an adventurer's Adventure); none when whole."""
    return [] if card.complete else [part for part in card.part_names if part not in card.face_names]


def cast_values(card: Card, melds: Sequence[tuple[str, Card]] = ()) -> list[dict[str, Any]]:
    """The mana values a card has where one of its faces is cast or played (the stack, the battlefield), beside
    the one of every other zone (`Card.mana_value`): each face of a split card (a Room's half, unlocked, on the
    battlefield too: 709.5), a modal double-faced card or a card with an alternative spell (an adventurer and its
    Adventure, an omen card and its Omen; a preparation card and the copy of its prepare spell, the only way that
    spell is cast: 722.3), a fused split card's halves cast together, and a prototype cast as itself and cast
    prototyped (CR 718.3b).
    Each as {"face", "zones": "stack" | "battlefield" | "stack and battlefield" (a permanent face, once
    resolved), "mana_value", "x": the {X} in its cost, whose chosen value adds to it on the stack (202.3e)}, with
    "fused": true, "copy": true (a prepare spell's copy), "prototyped": its cost, or "unlocked": "both" or "neither"
    (a Room on the battlefield, its whole card: its unlocked halves' mana values, 709.5). A meld card (`melds`: each
    meld result it melds into with its partner, `CardStore.meld_partners`) is its front face on the stack and
    battlefield, and the melded permanent on the battlefield, "melded": the result, "with": the partner, has the
    total of both cards' mana values (712.8g, 202.3c)."""
    out: list[dict[str, Any]] = []
    if card.layout == MELD:  # (a meld land, Hanweir Battlements, is played: never on the stack)
        out.append({"face": card.front.name, "zones": "battlefield" if card.front.is_land else "stack and battlefield",
                    "mana_value": _fmt_mv(card.mana_value()), "x": card.front.mana_cost.count("{X}")})
        out += [{"face": result, "zones": "battlefield", "melded": result, "with": partner.name,
                 "mana_value": _fmt_mv(melded_mana_value(card, partner)), "x": 0} for result, partner in melds]
    if len(card.faces) > 1 and (card.layout in (SPLIT, MODAL_DFC) or card.layout in ALTERNATIVE_SPELL_LAYOUTS):
        for i, face in enumerate(card.faces):
            if card.layout == MODAL_DFC and face.is_land:  # a land face is played, never on the stack
                zones = "battlefield"
            elif face.is_permanent:  # a creature cast as itself, not as its Adventure; a Room's half
                zones = "stack and battlefield"
            else:
                zones = "stack"
            cast = {"face": face.name, "zones": zones, "mana_value": _fmt_mv(card.mana_value(Zone.STACK, i)),
                    "x": face.mana_cost.count("{X}")}
            if i and card.layout == PREPARE:
                cast["copy"] = True
            out.append(cast)
        if card.layout == SPLIT and all(face.is_permanent for face in card.faces):  # a Room: both doors, or none
            out += [{"face": card.name, "zones": "battlefield", "unlocked": "both", "x": 0,  # unlocked halves' (709.5)
                     "mana_value": _fmt_mv(card.mana_value(Zone.BATTLEFIELD))},
                    {"face": card.name, "zones": "battlefield", "unlocked": "neither", "mana_value": 0, "x": 0}]
        if card.layout == SPLIT and any("\nFuse" in f"\n{f.oracle_text}" for f in card.faces):  # both halves at once
            out.append({"face": card.name, "zones": "stack", "fused": True,  # the total of both costs (709.4d)
                        "mana_value": _fmt_mv(card.mana_value()),
                        "x": sum(f.mana_cost.count("{X}") for f in card.faces)})
    if card.layout == PROTOTYPE and (cost := card.prototype_cost) is not None:  # cast as itself, or prototyped
        out.append({"face": card.front.name, "zones": "stack and battlefield",
                    "mana_value": _fmt_mv(card.mana_value(Zone.STACK)), "x": card.front.mana_cost.count("{X}")})
        out.append({"face": card.front.name, "zones": "stack and battlefield", "prototyped": cost,
                    "mana_value": _fmt_mv(card.mana_value(Zone.STACK, prototyped=True)), "x": cost.count("{X}")})
    return out


def _with_x(value: Any, xs: int) -> str:
    """A mana value on the stack with its {X}s' part (202.3e): "2 + X", "0 + 2X"; the value alone with none."""
    return f"{value} + {xs if xs > 1 else ''}X" if xs else str(value)


def _zone_values(card: Card, melds: Sequence[tuple[str, Card]] = ()) -> list[str]:
    """Mana value lines per zone and face, for the text view: the value of every zone but those where a face of
    its own is cast or played (`cast_values`), or of every zone, either face up (a transforming double-faced card,
    712.8e; a flip card, 710.2), with X's part on the stack (202.3e)."""
    value = _fmt_mv(card.mana_value())
    casts = cast_values(card, melds)
    if casts or card.layout == MELD or not card.complete:  # melded, or a face the data lacks: not every zone
        lines = [f"mana value: {value} (library, hand, graveyard, exile, command zone)"]
    else:
        xs = card.front.mana_cost.count("{X}")
        either = ", either face up" if len(card.faces) > 1 else ""
        # (X is 0 but on the stack, 202.3e: "every zone" then was said of the stack too, beside "on the stack 2 + X")
        every = f"every zone but the stack{either}; on the stack {_with_x(value, xs)}" if xs else f"every zone{either}"
        lines = [f"mana value: {value} ({every})"]
    for cast in casts:
        value, xs = cast["mana_value"], cast["x"]
        with_x = _with_x(value, xs)
        if "copy" in cast:
            lines.append(f"  a copy of {cast['face']} on the stack: {with_x} (the card itself never is {cast['face']})")
        elif "melded" in cast:
            lines.append(f"  melded with {cast['with']}, as {cast['melded']} on the battlefield: {value} (both cards' "
                         "mana values)")
        elif "prototyped" in cast:
            lines.append(f"  prototyped ({cast['prototyped']}), on the stack or battlefield: {value}")
        elif "unlocked" in cast:
            doors = "both doors unlocked" if cast["unlocked"] == "both" else "neither door unlocked (it entered uncast)"
            lines.append(f"  {doors}, on the battlefield: {value}")
        elif "fused" in cast:
            lines.append(f"  fused, both halves on the stack: {with_x}")
        elif cast["zones"] == "battlefield":
            lines.append(f"  {cast['face']} on the battlefield: {value}")
        elif cast["zones"] == "stack":
            lines.append(f"  {cast['face']} on the stack: {with_x}")
        elif xs:
            lines.append(f"  {cast['face']} on the stack: {with_x}; on the battlefield: {value}")
        else:
            lines.append(f"  {cast['face']} on the stack or battlefield: {value}")
    return lines


def render_text(card: Card, standing: Standing, legalities_date: str | None, policy: Policy,
                on: date | None = None, melds: Sequence[tuple[str, Card]] = (), asked: str | None = None) -> str:
    """The text view of a card as of `on` (`standing`); `legalities_date` is the card data's
    (`CardStore.legalities_date`); `asked`, the name it was asked by when that is none of its own names (a flavor
    name, "Godzilla, Doom Inevitable"; a look-alike letter, as `check` notes it): said beside its name, which
    before only the JSON kept. The card data's own legality and Game Changer flag are shown where the policy
    disagrees with them on the data's own day or later (`Policy.data_disagreement`, as `check` notes them)."""
    data_date = data_day(legalities_date)
    ident = color_identity(card) or "colorless"
    src = card.source_color_identity
    src_text = "unknown" if src is None else (src or "colorless")
    head = f"{card.name}  [{card.layout}]"
    if asked:
        why = ", a Cyrillic or Greek letter in it read as the Latin one it looks like" if has_lookalikes(
            name_key(asked)) else ""
        head += f'  (asked as "{asked}"{why})'
    out = [head]
    for face in card.faces:
        cost = f" {face.mana_cost}" if face.mana_cost else ""
        out.append(f"  {face.name}{cost} — {face.type_line}")
        if face.color_indicator:
            out.append(f"    color indicator: {face.color_indicator}")
        for text_line in face.oracle_text.split("\n"):  # its own lines; any other break is escaped
            out.append(f"    {text_line}")
    if not card.complete:
        out.append(f"  (the card data lacks {' and '.join(missing_faces(card)) or 'a face'}: its color identity and "
                   "mana value are the source's)")
    out.extend(_zone_values(card, melds))
    note = "" if src is None or src == color_identity(card) else "  (differs)"
    out.append(f"color identity: {ident} (source says {src_text}){note}")
    from deckcheck.rules.legality import ban_reason, legality_day, released_since_data

    legality = standing.legality.replace("_", " ")
    released = card.released_at
    ban = standing.ban or standing.companion_ban
    if ban is not None:
        legality += f" ({ban_reason(ban)})"
    if released_since_data(card, legalities_date):
        day = legality_day(card, legalities_date)
        when = "before its release" if standing.legality == NOT_LEGAL else "from its release on"
        legality += (f" (released on {released}, {when}: the card data of {day} calls every card not yet "
                     "released not legal)")
    elif standing.legality != card.commander_legality and policy.data_disagreement(
            card, on, card_data_day(card, data_date)):
        of = f" ({card.legality_date or legalities_date})" if card.legality_date or legalities_date else ""
        legality += f"; the card data{of} says {card.commander_legality.replace('_', ' ')}"
    if standing.game_changer is None:
        said = f"unknown ({standing.game_changer_note}; not counted)"
    else:
        said = "yes" if standing.game_changer else "no"
        if standing.game_changer != card.game_changer and policy.game_changer_disagreement(
                card, on, card_data_day(card, data_date)):
            said += f" (the card data says {'yes' if card.game_changer else 'no'})"
    leads, why_not = _leads(card)
    out.append(f"can be your commander: {'yes' if leads else f'no: {why_not}'}")
    out.append(f"Commander format: {legality}; game changer: {said}")
    if released:
        out.append(f"released: {released} (the earliest printing in the card data)")
    return "\n".join(map(one_line, out))  # the card data's text may hold a terminal's escapes


def _leads(card: Card) -> tuple[bool, str]:
    """Whether a card can be a deck's commander on its own (903.3), and why not when not, as `check` says it of a
    commander ("" when it can). Before, `card` said only "commander: legal" (the format's), yes for Sol Ring too."""
    from deckcheck.rules.facts import CardFacts

    facts = CardFacts(card)
    return facts.can_lead, facts.ineligible_reason


def _listed_unknown(name: str, policy: Any, on: date | None) -> tuple[str, dict[str, Any]] | None:
    """What the Commander lists of `on` say of a card the card data lacks (a card newer than it), by its name: the
    words and the JSON; None when they name no such card."""
    from deckcheck.rules.legality import ban_details, ban_reason

    ban, changer = policy.ban_named(name, on), policy.game_changer_named(name, on)
    if ban is None and changer is None:
        return None
    said = [f"{ban.card} is banned in Commander ({ban_reason(ban)})"] if ban else []
    said += [f"{changer} is a Game Changer"] if changer else []
    return "; ".join(said), {"banned": ban_details(ban) if ban else None, "game_changer": changer is not None}


def run(args: argparse.Namespace) -> int:
    # here: every command's start imports this module
    from deckcheck.model.names import MAX_NAME_CHARS
    from deckcheck.policy import load_policy
    from deckcheck.rules.unknown import (NOT_A_DECK_CARD, SUGGESTED_PER_DECK, UNKNOWN_CARD, did_you_mean,
                                         not_searched, what_it_is)

    names = args.names
    if "-" in names:  # the names on standard input, one a line, where it stands among those given
        from deckcheck.decklist.reading import read_stream_text

        stdin_at_most_once(names)
        read = [line.strip() for line in read_stream_text(sys.stdin.buffer).splitlines() if line.strip()]
        if not read:
            raise InputError("<stdin>", "no card names (one a line)")
        at = names.index("-")
        names = names[:at] + read + names[at + 1:]
    store = CardStore.open(args.data_dir)
    policy = load_policy()
    results: list[dict[str, Any]] = []
    texts: list[str] = []
    found = {name: store.lookup(name) or store.lookup_loose(name) for name in names}
    others = {name: store.lookup_other(name) for name, card in found.items() if card is None}
    unknown = [name for name, other in others.items() if other is None]
    close = store.suggest_many(unknown[:SUGGESTED_PER_DECK])  # one pass for all; a list of prose has thousands
    missing = 0
    for name in names:
        card = found[name]
        other = others.get(name)
        if other is not None:
            missing += 1
            results.append({"query": name, "error": NOT_A_DECK_CARD.code, "kind": other.kind,
                            "object": other.name, "parts": list(other.parts)})
            texts.append(one_line(what_it_is(name, other)))
        elif card is None:
            missing += 1
            suggestions = close.get(name, [])
            listed = _listed_unknown(name, policy, args.as_of)
            results.append({"query": name, "error": UNKNOWN_CARD.code, "suggestions": suggestions,
                            **({"policy": listed[1]} if listed else {})})
            if listed:
                hint = f" to the card data in use; {listed[0]}"
            elif len(name) > MAX_NAME_CHARS:
                hint = not_searched(name)
            else:
                hint = did_you_mean(suggestions) if name in close else (
                    f"; no suggestions past the first {SUGGESTED_PER_DECK} unknown names")
            texts.append(one_line(f"{name}: unknown card{hint}"))  # a name may come from a file (`-`)
        else:
            standing, melds = standing_of(card, policy, args.as_of, store.legalities_date), store.meld_partners(card)
            if args.format == "json":
                results.append(card_dict(name, card, standing, melds))
            else:
                own = {name_key(n) for n in (card.name, *card.face_names)}
                asked = None if name_key(name) in own else name  # (a flavor name, a look-alike letter: said)
                texts.append(render_text(card, standing, store.legalities_date, policy, args.as_of, melds, asked))
    # a day before the recorded banned list, or a day to come, as `check` notes it
    caveat = policy.day_note(args.as_of) if args.as_of is not None and missing < len(names) else None
    if args.format == "json":
        json.dump(results, sys.stdout, ensure_ascii=False, indent=2)
        sys.stdout.write("\n")
        if caveat:  # a list of cards: no place for it
            print(f"deckcheck: note: {caveat}", file=sys.stderr)
    else:
        print("\n\n".join(texts + ([f"note: {caveat}"] if caveat else [])))
    return 1 if missing else 0
