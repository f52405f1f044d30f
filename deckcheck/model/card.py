"""The face-aware, source-agnostic card model: Card and Face, with per-face and per-zone characteristics.

A Card is one Oracle card (many printings merge into it). Its faces are in printed order: the front face
first, then the back face, the second half of a split or flip card, or the adventure/omen/prepare spell.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, fields
from functools import lru_cache
from typing import Any

from deckcheck.model import mana
from deckcheck.model.vocab import (
    ALTERNATIVE_SPELL_LAYOUTS,
    FLIP,
    MODAL_DFC,
    NOT_LEGAL,
    PERMANENT_TYPES,
    PREPARE,
    PROTOTYPE,
    SPLIT,
    SUPERTYPES,
    TRANSFORM,
    Zone,
)

_TEXT_OR_NONE = (str, type(None))
_NUMBER_OR_NONE = (int, float, type(None))
_TYPE_DASH = re.compile(r"\s+[—–-]\s+")
_PROTOTYPE = re.compile(r"^Prototype ((?:\{[^}]+\})+)", re.MULTILINE)
_AFTERMATH = re.compile(r"^Aftermath\b", re.MULTILINE)


@lru_cache(maxsize=16384)
def parse_type_line(type_line: str) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """Split one face's type line into (supertypes, card types, subtypes) (CR 205)."""
    parts = _TYPE_DASH.split(type_line.strip(), maxsplit=1)
    before = parts[0].split()
    subtypes = tuple(parts[1].split()) if len(parts) > 1 else ()
    supertypes = tuple(w for w in before if w in SUPERTYPES)
    types = tuple(w for w in before if w not in SUPERTYPES)
    return supertypes, types, subtypes


@dataclass(frozen=True, slots=True)
class Face:
    """One face (or half) of a card, with its printed characteristics."""

    name: str
    mana_cost: str = ""  # "" means no mana cost, which differs from {0} (CR 202.1b)
    type_line: str = ""
    oracle_text: str = ""
    color_indicator: str = ""  # color letters in WUBRG order; "" when there is none
    power: str | None = None
    toughness: str | None = None
    loyalty: str | None = None
    defense: str | None = None

    @property
    def _types(self) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
        return parse_type_line(self.type_line)

    @property
    def supertypes(self) -> tuple[str, ...]:
        return self._types[0]

    @property
    def types(self) -> tuple[str, ...]:
        return self._types[1]

    @property
    def subtypes(self) -> tuple[str, ...]:
        return self._types[2]

    @property
    def is_permanent(self) -> bool:
        """An artifact, battle, creature, enchantment, land or planeswalker face (CR 110.4)."""
        return not PERMANENT_TYPES.isdisjoint(self.types)

    @property
    def is_land(self) -> bool:
        return "Land" in self.types

    @property
    def is_legendary(self) -> bool:
        return "Legendary" in self.supertypes

    @property
    def is_basic_land(self) -> bool:
        """Supertype Basic and type Land: the basics, Wastes and the Snow-Covered basics (CR 205.4c)."""
        return "Basic" in self.supertypes and self.is_land

    @property
    def mana_value(self) -> float:
        """This face's own printed mana cost's value, X counted as 0."""
        return mana.mana_value(self.mana_cost)

    def to_dict(self) -> dict[str, Any]:
        """A compact dict, leaving out empty fields."""
        return {name: value for name in _FACE_FIELDS if (value := getattr(self, name)) not in ("", None)}


_FACE_FIELDS = tuple(f.name for f in fields(Face))  # in their order: the store's blobs keep it


class MissingFaceError(IndexError):
    """A face the card has but its data lacks (Card.complete is False). An IndexError, as a face the card
    doesn't have is, so that one except clause catches every face that can't be answered for."""


@dataclass(frozen=True, slots=True)
class Card:
    """One Oracle card, all its printings merged, described face by face.

    ``source_color_identity``, ``source_mana_value`` and ``source_face_mana_values`` are what the data
    source claims; deckcheck computes its own and keeps these only to cross-check.
    """

    oracle_id: str
    name: str  # "Front // Back" for multi-face cards
    layout: str
    faces: tuple[Face, ...]
    commander_legality: str = NOT_LEGAL
    game_changer: bool = False
    source_color_identity: str | None = None
    source_mana_value: float | None = None
    source_face_mana_values: tuple[float | None, ...] | None = None
    aliases: tuple[str, ...] = field(default=())  # other printed names: flavor names, Universes Within names
    released_at: str | None = None  # earliest printing, ISO date
    #: The date of the data `commander_legality` comes from, when older than the store's (a store merged from
    #: sources of several dates, as the bundled snapshot is); None: the store's own date.
    legality_date: str | None = None
    #: False when the source data lacks some of the card's faces (MTGJSON deck files may hold only the
    #: face a deck used). The source's own identity and mana value then stand in for what is missing.
    complete: bool = True

    # --- names -------------------------------------------------------------------------------
    @property
    def front(self) -> Face:
        return self.faces[0]

    @property
    def face_names(self) -> tuple[str, ...]:
        return tuple(f.name for f in self.faces)

    @property
    def part_names(self) -> tuple[str, ...]:
        """Each face's or half's name, those of faces the card data lacks included (read from the full name,
        "Bottomless Pool // Locker Room"): a card is found by any of them whatever the data holds."""
        if self.complete:
            return self.face_names
        return tuple(dict.fromkeys((*self.face_names, *self.name.split(" // "))))

    @property
    def names(self) -> tuple[str, ...]:
        """Every name the card answers to: its full name, each face's name, its other printed names.

        When a player chooses a card name, either face's name may be chosen (CR 201.3a; a double-faced card's
        faces, 712.19)."""
        seen: dict[str, None] = {self.name: None}
        for n in (*self.part_names, *self.aliases):
            seen.setdefault(n, None)
        return tuple(seen)

    def face(self, index: int) -> Face:
        """The face at ``index`` (0 the front). IndexError when the card has no such face, MissingFaceError
        (an IndexError) when it has one its data lacks: the model's one answer to a face it can't give."""
        if 0 <= index < len(self.faces):
            return self.faces[index]
        names = self.name.split(" // ")
        if not self.complete and len(self.faces) <= index < len(names):
            raise MissingFaceError(f"{self.name}: the card data lacks face {index} ({names[index]}); it holds "
                                   f"only {', '.join(self.face_names)}")
        count = max(len(self.faces), len(names) if not self.complete else 0)
        raise IndexError(f"{self.name} has no face {index}: it has {count} (0 the front)")

    # --- types -------------------------------------------------------------------------------
    def is_permanent(self, face: int = 0) -> bool:
        """Whether the given face is a permanent card's face (CR 110.4); ask it per face."""
        return self.face(face).is_permanent

    def can_play_as_land(self, face: int = 0) -> bool:
        """A modal DFC is played as a land only by its land face (CR 712.12); other cards by their front
        face."""
        shown = self.face(face)
        if self.layout == MODAL_DFC:
            return shown.is_land
        return face == 0 and shown.is_land

    def can_cast(self, face: int = 0) -> bool:
        """Whether the card can be cast in the ordinary way as this face: the face the rules let a player
        choose to cast, if it is no land (a land is played, never cast, CR 305.9). Either half of a split
        card (709.3), either face of a modal DFC (712.11b), an adventurer or its Adventure, an omen card or
        its Omen (715.3, 720.3); only the front face of a transforming DFC, cast front face up (712.11), and
        of a flip card, which off the battlefield has only its unflipped half (710.2); a preparation card's
        prepare spell never (722.3: only copies of it are cast); a face with no mana cost never, as its cost
        can't be paid (118.6: Living End, Ancestral Vision are cast only for an alternative cost, suspend's), unlike
        one costing {0} (Ornithopter).

        Casting a transforming DFC "transformed" or "converted", back face up (712.11a), is what disturb
        (702.146a), More Than Meets the Eye (702.162a) or an effect allows, not the ordinary way: this does not
        read those permissions, and says False for the back face of those cards too; and for an aftermath card's
        second half, cast only from a graveyard (702.127a: Memory of Commit // Memory)."""
        shown = self.face(face)
        if face and (self.layout in (TRANSFORM, FLIP, PREPARE) or self.layout == SPLIT
                     and _AFTERMATH.search(shown.oracle_text)):
            return False
        return not shown.is_land and shown.mana_cost != ""

    @property
    def can_transform(self) -> bool:
        """Only transforming DFCs transform; a modal DFC can't (CR 701.27c, 712.10)."""
        return self.layout == TRANSFORM

    @property
    def battlefield_entry_face(self) -> int:
        """A double-faced card put onto the battlefield enters front face up unless an effect says
        otherwise (CR 712.14): the face that is up. (A card whose front face is an instant or sorcery, Emeria's
        Call's, isn't put onto the battlefield at all: it stays where it is, 400.4a.)"""
        return 0

    # --- mana value --------------------------------------------------------------------------
    def mana_value(self, zone: Zone = Zone.LIBRARY, face: int | None = None, *, x: int = 0,
                   prototyped: bool = False) -> float:
        """Mana value in a zone (CR 202.3 and the per-layout rules 709, 710, 712, 715, 718, 720, 722).

        ``face`` is the face that is up, the half that was cast, or a Room's one unlocked half on the
        battlefield (None: the front; for a split card on the stack both halves fused, for a Room on the
        battlefield both halves unlocked; a Room with neither unlocked has no mana cost, 0). A preparation
        card's prepare spell on the stack is the copy of it that is cast, the card itself never being that
        spell (722.3-722.4). ``x`` is X's value, used only on the stack. A face the card doesn't have, or its
        data lacks, raises (``face``).
        """
        if face is not None:
            self.face(face)  # a face it can answer for, in every zone
        on_stack = zone is Zone.STACK
        up = zone in (Zone.STACK, Zone.BATTLEFIELD)
        if not self.complete and not up and self.source_mana_value is not None:
            return self.source_mana_value  # a missing face may carry part of the cost (split cards)
        xv = x if on_stack else 0
        faces = self.faces
        if self.layout == SPLIT:
            if up and face is not None:
                # On the stack only the cast half (709.3); on the battlefield, where only Rooms (split cards
                # with a shared type line) go, a locked half has no mana cost (709.5).
                return mana.mana_value(faces[face].mana_cost, x=xv)
            if not self.complete:  # a half the data lacks carries part of the combined cost
                if self.source_mana_value is not None and not xv:
                    return self.source_mana_value  # the source's combined value, as off the stack
                self.face(len(faces))  # raises MissingFaceError
            return sum(mana.mana_value(f.mana_cost, x=xv) for f in faces)  # combined (709.4b)
        if self.layout == FLIP:
            return mana.mana_value(faces[0].mana_cost)  # flipping never changes the cost (710.2)
        if self.layout == TRANSFORM:
            return mana.mana_value(faces[0].mana_cost, x=xv)  # back face: the front's (712.8e)
        if self.layout == MODAL_DFC:
            shown = face if (up and face is not None) else 0  # front face everywhere else (712.8a)
            return mana.mana_value(faces[shown].mana_cost, x=xv)
        if self.layout in ALTERNATIVE_SPELL_LAYOUTS:
            shown = face if (on_stack and face) else 0  # the alternative spell only on the stack
            return mana.mana_value(faces[shown].mana_cost, x=xv)
        if self.layout == PROTOTYPE and prototyped and up:
            proto = self.prototype_cost
            if proto is not None:
                return mana.mana_value(proto, x=xv)  # 718.3b
        return mana.mana_value(faces[face or 0].mana_cost, x=xv)

    def face_mana_value(self, face: int) -> float:
        """The mana value of one face while it is the one that exists (cast or face up)."""
        return self.mana_value(Zone.STACK, face)

    @property
    def prototype_cost(self) -> str | None:
        """The smaller cost of a prototype card, read from its "Prototype {..}" ability (CR 702.160)."""
        m = _PROTOTYPE.search(self.front.oracle_text)
        return m.group(1) if m else None

    # --- serialization -----------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """A compact, JSON-ready dict (the card store's format)."""
        d: dict[str, Any] = {"oracle_id": self.oracle_id, "name": self.name, "layout": self.layout,
                             "faces": [f.to_dict() for f in self.faces],
                             "commander_legality": self.commander_legality}
        if self.game_changer:
            d["game_changer"] = True
        for key in ("source_color_identity", "source_mana_value", "released_at", "legality_date"):
            value = getattr(self, key)
            if value is not None:
                d[key] = value
        if self.source_face_mana_values is not None:
            d["source_face_mana_values"] = list(self.source_face_mana_values)
        if self.aliases:
            d["aliases"] = list(self.aliases)
        if not self.complete:
            d["complete"] = False
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Card:
        """Inverse of to_dict. TypeError or KeyError for a value no to_dict writes (a list, no faces, a face
        whose name is a number): the card store reads its cards with this, and a damaged one would otherwise
        fail later, anywhere a card is used."""
        if type(d) is not dict:
            raise TypeError(f"a card is a JSON object, not {type(d).__name__}")
        fmv = d.get("source_face_mana_values")
        card = cls(
            oracle_id=d["oracle_id"],
            name=d["name"],
            layout=d["layout"],
            faces=tuple(Face(**f) for f in d["faces"]),
            commander_legality=d.get("commander_legality", NOT_LEGAL),
            game_changer=d.get("game_changer", False),
            source_color_identity=d.get("source_color_identity"),
            source_mana_value=d.get("source_mana_value"),
            source_face_mana_values=tuple(fmv) if fmv is not None else None,
            aliases=tuple(d.get("aliases", ())),
            released_at=d.get("released_at"),
            legality_date=d.get("legality_date"),
            complete=d.get("complete", True),
        )
        if not card._typed_as_written():
            raise TypeError(f"a card whose fields have types no card store writes (name {d['name']!r:.60})")
        return card

    def _typed_as_written(self) -> bool:
        """Whether every field has a type to_dict writes (one expression: the store checks each card it reads)."""
        return bool(
            type(self.oracle_id) is type(self.name) is type(self.layout) is type(self.commander_legality) is str
            and type(self.game_changer) is type(self.complete) is bool
            and type(self.source_color_identity) in _TEXT_OR_NONE and type(self.released_at) in _TEXT_OR_NONE
            and type(self.legality_date) in _TEXT_OR_NONE
            and type(self.source_mana_value) in _NUMBER_OR_NONE
            and (self.source_face_mana_values is None
                 or all(type(v) in _NUMBER_OR_NONE for v in self.source_face_mana_values))
            and all(type(a) is str for a in self.aliases)
            and self.faces
            and all(type(f.name) is type(f.mana_cost) is type(f.type_line) is type(f.oracle_text)
                    is type(f.color_indicator) is str
                    and type(f.power) in _TEXT_OR_NONE and type(f.toughness) in _TEXT_OR_NONE
                    and type(f.loyalty) in _TEXT_OR_NONE and type(f.defense) in _TEXT_OR_NONE for f in self.faces))


def melded_mana_value(first: Card, second: Card) -> float:
    """A melded permanent's mana value: the sum of its two front faces' (CR 202.3c, 712.8g)."""
    return first.mana_value() + second.mana_value()


@dataclass(frozen=True, slots=True)
class NonDeckObject:
    """An object of the card data that is never a card of a deck but that decklists name: a meld result (the
    back halves of two meld cards, put together on the battlefield, CR 712.4), a token or an emblem. The
    store keeps their names so that a deck naming one is told what it names, not only that no card has
    the name."""

    name: str
    kind: str  # one of NAMED_IN_DECKLISTS
    face_names: tuple[str, ...] = ()  # a double-faced token's faces
    parts: tuple[str, ...] = ()  # a meld result's two cards, in name order
