"""MTGJSON card objects (AllPrintings, set files, AtomicCards, AllIdentifiers, deck files, deck-cards JSON
Lines) -> card records, one per oracle id (identifiers.scryfallOracleId).

MTGJSON writes one object per face of a multi-face card (``side`` "a"/"b", ``faceName``, ``name`` the
full "Front // Back"); the faces of one card share an oracle id and are gathered into one record. A meld
part is written as side "a" named "Part // Result" and the meld result as side "b" with the result's
own oracle id: the part keeps only its own face, the result is not a deck card (it is kept as a
NonDeckObject, with the parts that name it).
"""

from __future__ import annotations

from typing import Any, TypedDict

from deckcheck.model.card import Face
from deckcheck.model.vocab import (
    COLORS, DUNGEON, MELD, MELD_RESULT, NON_DECK_KINDS, NON_DECK_LAYOUTS, REVERSIBLE, SPLIT, UNKNOWN, non_deck_kind,
    sort_colors,
)
from deckcheck.sources.jsonstream import NON_CARD_LISTS
from deckcheck.sources.merge import (
    Accumulator, CardRecord, ImportReport, newest, normalize_day, normalize_legality,
)
from deckcheck.sources.validate import SchemaValidator, load_validator

#: MTGJSON layout names that Scryfall (and deckcheck) spell differently.
_LAYOUTS = {"aftermath": SPLIT}
#: What the objects of MTGJSON's non-card lists are, for the skipped counts.
_LIST_KINDS = {"tokens": "token", "planes": "planar", "schemes": "scheme"}


class MtgjsonCard(TypedDict, total=False):
    """The fields deckcheck reads from an MTGJSON card (schemas/mtgjson_card.json)."""

    name: str
    faceName: str
    side: str
    layout: str
    manaCost: str
    manaValue: float
    convertedManaCost: float
    faceManaValue: float
    type: str
    text: str
    colorIndicator: list[str]
    colorIdentity: list[str]
    power: str
    toughness: str
    loyalty: str
    defense: str
    legalities: dict[str, str]
    isGameChanger: bool
    flavorName: str
    faceFlavorName: str
    printedName: str
    facePrintedName: str
    language: str
    identifiers: dict[str, str]
    originalReleaseDate: str


def looks_like(obj: Any) -> bool:
    """Whether an object is shaped like an MTGJSON card (camelCase keys, identifiers)."""
    return isinstance(obj, dict) and ("identifiers" in obj or "manaValue" in obj
                                      or "convertedManaCost" in obj or "faceName" in obj)


def ident(obj: Any) -> str:
    """A short name for an object in a report: its name, else its uuid."""
    if isinstance(obj, dict):
        if isinstance(obj.get("faceName"), str) and obj["faceName"]:
            return obj["faceName"]
        if isinstance(obj.get("name"), str) and obj["name"]:
            return obj["name"]
        if isinstance(obj.get("uuid"), str):
            return f"uuid {obj['uuid']}"
    return "object without a name"


def _colors(value: Any) -> str:
    if not value:
        return ""
    return sort_colors(c for c in value if c in COLORS)


def _face(obj: MtgjsonCard) -> Face:
    return Face(
        name=obj.get("faceName") or obj["name"],
        mana_cost=obj.get("manaCost") or "",
        type_line=obj.get("type") or "",
        oracle_text=obj.get("text") or "",
        color_indicator=_colors(obj.get("colorIndicator")),
        power=obj.get("power"),
        toughness=obj.get("toughness"),
        loyalty=obj.get("loyalty"),
        defense=obj.get("defense"),
    )


def _aliases(obj: MtgjsonCard) -> list[str]:
    """Other printed names: flavor names always, printed names of English printings."""
    own = {obj.get("name"), obj.get("faceName")}
    found = [obj[k] for k in ("flavorName", "faceFlavorName") if obj.get(k) and obj[k] not in own]
    if obj.get("language", "English") == "English":
        found += [obj[k] for k in ("printedName", "facePrintedName") if obj.get(k) and obj[k] not in own]
    return found


#: Products never played in tournaments whose printings MTGJSON gives no legalities, beside the card's own in its
#: other printings: Collector's Edition (CED, CEI) and the 30th Anniversary Edition (30A). Gold-bordered printings
#: (World Championship decks, the Pro Tour Collector Set) and oversized ones are told by their border and size.
MEMORABILIA_SETS = frozenset({"CED", "CEI", "30A"})


def _legality(obj: MtgjsonCard) -> str:
    """A printing's Commander legality; UNKNOWN when it says nothing of the card's: a printing of a product never
    played (`MEMORABILIA_SETS`, gold-bordered, oversized) with no legalities, as Bayou's in Collector's Edition, of a
    card printed elsewhere too (its `printings`).
    MTGJSON leaves out the formats a card is not legal in, so no legalities elsewhere (a whole card's in
    AtomicCards, an Astral card's, a Mystery Booster playtest card's) is not legal anywhere."""
    legalities = obj.get("legalities")
    code = obj.get("setCode")
    if not legalities and code and (code in MEMORABILIA_SETS or obj.get("borderColor") == "gold"
                                    or obj.get("isOversized")):
        printings = obj.get("printings")
        if isinstance(printings, list) and printings and all(p == code for p in printings):
            # a card printed only there (Garruk the Slayer, an oversized promo of PPC1): never legal, which Scryfall
            # says too; before, it stayed unknown, which the policy takes for legal
            return normalize_legality(None)
        return UNKNOWN
    return normalize_legality((legalities or {}).get("commander"))


def _mana_value(obj: MtgjsonCard, key: str, old_key: str) -> float | None:
    value = obj.get(key, obj.get(old_key))
    return float(value) if value is not None else None


def ingest(obj: Any, context: dict[str, Any], acc: Accumulator, report: ImportReport, path: str,
           validator: SchemaValidator | None = None) -> None:
    """Fold one MTGJSON face object into the accumulator, or skip it (counted) or report it invalid."""
    report.objects += 1
    if not isinstance(obj, dict):  # (an AtomicCards entry names its card)
        report.add_invalid(path, context.get("entry", "non-object"),
                           "not a list of face objects" if "entry" in context else "not a JSON object")
        return
    listed_in = context.get("list")
    layout = obj.get("layout")
    if not isinstance(layout, str):
        layout = None  # not hashable or not a word: the schema check below reports it
    kind = layout
    if listed_in in NON_CARD_LISTS and layout not in NON_DECK_LAYOUTS:
        kind = _LIST_KINDS.get(listed_in, str(layout))
    kind = non_deck_kind(kind, obj.get("type"))
    if listed_in in NON_CARD_LISTS or kind in NON_DECK_KINDS:
        report.skipped[kind] += 1
        name, face = obj.get("name"), obj.get("faceName")
        if kind == DUNGEON and obj.get("side") not in (None, "a") and face != name:
            # a dungeon on the back of a helper card (Undercity, The Initiative's): its own object, face by face as
            # the Scryfall importer keeps it; the front face names the whole, of the front's kind
            acc.add_other(face, kind)
        else:
            acc.add_other(name, kind, name.split(" // ") if isinstance(name, str) else ())
        return
    if validator is None:
        validator = load_validator("mtgjson_atomic_card" if listed_in == "atomic" else "mtgjson_card")
    if not validator.is_valid(obj):
        report.add_invalid(path, ident(obj), lambda: validator.problem(obj) or "invalid")
        return
    side = obj.get("side")
    layout = _LAYOUTS.get(layout, layout)
    name = obj["name"]
    index = ord(side) - ord("a") if side else 0
    if layout == MELD:
        if side != "a":  # the meld result (side "b"): not a deck card
            report.skipped[MELD_RESULT] += 1
            acc.add_other(obj.get("faceName") or name, MELD_RESULT)
            return
        part = obj.get("faceName") or name
        if name.startswith(f"{part} // "):  # "Part // Result"
            acc.add_other(name[len(part) + 4:], MELD_RESULT, parts=(part,))
        name, index = part, 0  # a meld part is a card of its own (712.4)
    elif layout == REVERSIBLE:  # both sides are the same card, or each a card of its own
        name, index, layout = obj.get("faceName") or name, 0, "normal"
    oid = obj["identifiers"]["scryfallOracleId"]
    released = normalize_day(context.get("releaseDate")) or normalize_day(obj.get("originalReleaseDate"))
    acc.newest = newest(acc.newest, released)
    rec = acc.records.get(oid)
    if rec is None:
        rec = acc.records[oid] = CardRecord(
            oracle_id=oid, name=name, layout=layout, faces={},
            source_color_identity=_colors(obj.get("colorIdentity")) if "colorIdentity" in obj else None,
            source_mana_value=_mana_value(obj, "manaValue", "convertedManaCost"))
    if index not in rec.faces:
        rec.faces[index] = _face(obj)
        if side and layout not in (MELD, "normal"):
            fmv = _mana_value(obj, "faceManaValue", "faceConvertedManaCost")
            if fmv is not None:
                rec.face_mana_values[index] = fmv
    rec.add_printing(_legality(obj), obj.get("isGameChanger") is True, released, _aliases(obj))
