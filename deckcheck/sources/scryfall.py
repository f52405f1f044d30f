"""Scryfall card objects (bulk files and API lists) -> card records, one per oracle id.

Raw shapes stay here. A multi-face card's faces are in ``card_faces`` (printed order); meld parts are
separate objects without faces, and the meld result is its own object (not a deck card); a reversible
card's faces are each a whole card with their own oracle_id, cmc and type_line.
"""

from __future__ import annotations

from typing import Any, TypedDict

from deckcheck.model.card import Face
from deckcheck.model.mana import ManaCostError, parse_cost
from deckcheck.model.vocab import (
    COLORS, DUNGEON, MELD, MELD_RESULT, NON_DECK_KINDS, REVERSIBLE, non_deck_kind, sort_colors,
)
from deckcheck.sources.merge import (
    Accumulator, CardRecord, ImportReport, newest, normalize_day, normalize_legality,
)
from deckcheck.sources.validate import SchemaValidator, load_validator


class ScryfallFace(TypedDict, total=False):
    """The face fields deckcheck reads (schemas/scryfall_card.json, $defs/face)."""

    name: str
    oracle_id: str
    layout: str
    mana_cost: str
    cmc: float
    type_line: str
    oracle_text: str
    color_indicator: list[str]
    power: str
    toughness: str
    loyalty: str
    defense: str
    printed_name: str
    flavor_name: str


class ScryfallCard(ScryfallFace, total=False):
    """The card fields deckcheck reads (schemas/scryfall_card.json)."""

    object: str
    id: str
    lang: str
    released_at: str
    color_identity: list[str]
    legalities: dict[str, str]
    game_changer: bool
    all_parts: list[dict[str, str]]
    card_faces: list[ScryfallFace]


def looks_like(obj: Any) -> bool:
    """Whether an object is shaped like a Scryfall card (snake_case keys, "object": "card")."""
    return isinstance(obj, dict) and (obj.get("object") == "card" or "oracle_id" in obj
                                      or "type_line" in obj or "card_faces" in obj)


def ident(obj: Any) -> str:
    """A short name for an object in a report: its name, else its id."""
    if isinstance(obj, dict):
        for key in ("name", "id", "oracle_id"):
            if isinstance(obj.get(key), str) and obj[key]:
                return obj[key] if key == "name" else f"{key} {obj[key]}"
    return "object without a name"


def _colors(value: Any) -> str:
    if not value:
        return ""
    return sort_colors(c for c in value if c in COLORS)


def _face(raw: ScryfallFace, type_line: str | None = None, color_indicator: Any = None) -> Face:
    return Face(
        name=raw["name"],
        mana_cost=raw.get("mana_cost") or "",
        type_line=raw.get("type_line") or type_line or "",
        oracle_text=raw.get("oracle_text") or "",
        color_indicator=_colors(raw.get("color_indicator") or color_indicator),
        power=raw.get("power"),
        toughness=raw.get("toughness"),
        loyalty=raw.get("loyalty"),
        defense=raw.get("defense"),
    )


def _faces(card: ScryfallCard) -> dict[int, Face]:
    raw_faces = card.get("card_faces")
    if not raw_faces:
        return {0: _face(card)}
    parts = (card.get("type_line") or "").split(" // ")
    return {i: _face(f, parts[i] if i < len(parts) else None) for i, f in enumerate(raw_faces)}


def _aliases(obj: ScryfallCard) -> list[str]:
    """Printed names other than the Oracle name: English printed_name (Universes Within / Through the
    Omenpaths names) and flavor_name, on the card or its faces."""
    found: list[str] = []
    english = obj.get("lang", "en") == "en"
    for part in (obj, *(obj.get("card_faces") or ())):
        name = part.get("name")
        for key in ("printed_name", "flavor_name"):
            other = part.get(key)
            if other and other != name and (english or key == "flavor_name"):
                found.append(other)
    return found


def is_meld_result(obj: ScryfallCard) -> bool:
    """A meld result (e.g. Brisela): its own all_parts entry is the "meld_result" component."""
    if obj.get("layout") != MELD:
        return False
    for part in obj.get("all_parts") or ():
        if part.get("component") == "meld_result" and (part.get("id") == obj.get("id")
                                                       or part.get("name") == obj.get("name")):
            return True
    return False


def _played(obj: dict[str, Any]) -> bool:
    """Whether a printing is legal (or restricted, or banned) in some format: released. Scryfall calls the previews
    of a set to come, dated by their release, not legal in every format but its "future" one."""
    legalities = obj.get("legalities")
    return isinstance(legalities, dict) and any(
        value in ("legal", "restricted", "banned") for fmt, value in legalities.items() if fmt != "future")


def ingest(obj: Any, acc: Accumulator, report: ImportReport, path: str,
           validator: SchemaValidator | None = None) -> None:
    """Fold one Scryfall object into the accumulator, or skip it (counted) or report it invalid."""
    report.objects += 1
    if not isinstance(obj, dict):
        report.add_invalid(path, "non-object", "not a JSON object")
        return
    layout = obj.get("layout")
    if not isinstance(layout, str):
        layout = None  # not hashable or not a word: the schema check below reports it
    kind = non_deck_kind(layout, obj.get("type_line"))
    if kind in NON_DECK_KINDS:
        report.skipped[kind] += 1
        faces = obj.get("card_faces")
        faces = [f for f in faces if isinstance(f, dict)] if isinstance(faces, list) else []
        kinds = [non_deck_kind(layout, f.get("type_line")) for f in faces]
        if DUNGEON in kinds and len(set(kinds)) > 1:  # each face what it is: The Initiative a helper card, Undercity
            # on its back a dungeon (a helper card with a token's face, The Ring // The Ring Tempts You, stays whole)
            acc.add_other(obj.get("name"), kinds[0])
            for face, face_kind in zip(faces, kinds):
                acc.add_other(face.get("name"), face_kind)
        else:
            acc.add_other(obj.get("name"), kind, [f.get("name") for f in faces])
        return
    validator = validator or load_validator("scryfall_card")
    if not validator.is_valid(obj):
        report.add_invalid(path, ident(obj), lambda: validator.problem(obj) or "invalid")
        return
    if is_meld_result(obj):
        report.skipped[MELD_RESULT] += 1
        acc.add_other(obj["name"], MELD_RESULT, parts=[p.get("name") for p in obj.get("all_parts") or ()
                                                       if p.get("component") == "meld_part"])
        return
    if not obj.get("card_faces"):  # the schema lets " // " through for multi-face cards' top-level cost
        try:
            parse_cost(obj.get("mana_cost") or "")
        except ManaCostError as exc:
            report.add_invalid(path, ident(obj), str(exc))
            return
    legality = normalize_legality((obj.get("legalities") or {}).get("commander"))
    game_changer = obj.get("game_changer") is True
    released = normalize_day(obj.get("released_at"))
    if released:  # the file's date, when it has none: its newest printing played somewhere, not a preview's
        if _played(obj):
            acc.newest = newest(acc.newest, released)
            if isinstance(obj.get("oracle_id"), str):
                acc.played.add(obj["oracle_id"])
        else:
            acc.newest_unplayed = newest(acc.newest_unplayed, released)
    if layout == REVERSIBLE:
        _ingest_reversible(obj, acc, legality, game_changer, released)
        return
    oid = obj["oracle_id"]
    rec = acc.records.get(oid)
    if rec is None:  # the first printing of this card: build its faces once
        cmc = obj.get("cmc")
        rec = acc.records[oid] = CardRecord(
            oracle_id=oid, name=obj["name"], layout=layout, faces=_faces(obj),
            source_color_identity=_colors(obj.get("color_identity")) if "color_identity" in obj else None,
            source_mana_value=float(cmc) if cmc is not None else None)
    rec.add_printing(legality, game_changer, released, _aliases(obj))


def _ingest_reversible(obj: ScryfallCard, acc: Accumulator, legality: str, game_changer: bool,
                       released: str | None) -> None:
    """A reversible card: each face is a whole card of its own (mostly both faces the same card)."""
    faces = obj.get("card_faces") or ()
    one_card = len({raw.get("oracle_id") for raw in faces}) == 1
    for raw in faces:
        oid = raw["oracle_id"]  # the schema asks it of a reversible card's faces
        rec = acc.records.get(oid)
        if rec is None:
            cmc = raw.get("cmc")
            rec = acc.records[oid] = CardRecord(
                oracle_id=oid, name=raw["name"], layout=raw.get("layout") or "normal",
                faces={0: _face(raw)},
                # the card's identity covers both faces: only this face's when both are the same card
                source_color_identity=_colors(obj.get("color_identity"))
                if one_card and "color_identity" in obj else None,
                source_mana_value=float(cmc) if cmc is not None else None)
        aliases = [raw[k] for k in ("printed_name", "flavor_name")
                   if raw.get(k) and raw[k] != raw["name"]]
        rec.add_printing(legality, game_changer, released, aliases)
