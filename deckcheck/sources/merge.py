"""Merging printings into one Card per oracle id, and several sources into one card list.

Within one source (one snapshot of data), a card is Commander-legal when any printing is: "banned"
wins over "legal" only when a printing says banned, and a "not_legal" promo or unreleased printing
never hides a legal one. Across sources, the newer data wins.
"""

from __future__ import annotations

import datetime
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from deckcheck.errors import one_line
from deckcheck.model.card import Card, Face, NonDeckObject
from deckcheck.model.vocab import BANNED, LEGAL, NAMED_IN_DECKLISTS, NOT_LEGAL, RESTRICTED, UNKNOWN

#: How strongly a printing's Commander legality speaks: a higher rank wins within one source.
LEGALITY_RANK = {NOT_LEGAL: 0, LEGAL: 1, RESTRICTED: 2, BANNED: 3}
#: The same with UNKNOWN below every other: what no printing said yet, which any legality a printing says replaces.
_RANK = {UNKNOWN: -1, **LEGALITY_RANK}
#: Layouts whose " // " name does not mean several faces of one card.
MULTI_NAME_SINGLE_FACE = frozenset({"meld", "reversible_card", "normal"})


def normalize_legality(value: Any) -> str:
    """A legality word from either source as deckcheck's: "Legal" -> "legal", "Not Legal" ->
    "not_legal"; anything missing or unknown is not_legal."""
    if not isinstance(value, str):
        return NOT_LEGAL
    word = value.strip().lower().replace(" ", "_")
    return word if word in LEGALITY_RANK else NOT_LEGAL


_ISO_DAY = re.compile(r"\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])")


def newest(day: str | None, other: str | None) -> str | None:
    """The later of two ISO days, either one possibly None."""
    return max(day, other) if day and other else day or other


def normalize_day(value: Any) -> str | None:
    """A date from either source (a printing's release, a file's build) as an ISO day, "2022-04-25"; None for
    anything else, or a day no calendar has ("2024-02-30"). Dates are compared as strings and shown in reports: "soon"
    would be newer than every date, and text with a line break would forge a line of output."""
    if isinstance(value, str) and _ISO_DAY.match(value):
        try:
            return datetime.date.fromisoformat(value[:10]).isoformat()  # a day there was (not "2024-02-30")
        except ValueError:
            return None
    return None


@dataclass(slots=True)
class CardRecord:
    """What the printings of one oracle id say so far (mutable while importing)."""

    oracle_id: str
    name: str
    layout: str
    faces: dict[int, Face]  # by side: 0 front, 1 back / second half, ...
    legality: str = UNKNOWN  # until a printing says it (`add_printing`)
    game_changer: bool = False
    source_color_identity: str | None = None
    source_mana_value: float | None = None
    face_mana_values: dict[int, float] = field(default_factory=dict)
    aliases: dict[str, None] = field(default_factory=dict)
    released_at: str | None = None  # the earliest printing's day, of those that have one
    # a printing with no day (MTGJSON's printings with no set around them, but for promos): the earliest is not known
    undated: bool = False

    def add_printing(self, legality: str, game_changer: bool, released_at: str | None,
                     aliases: list[str] | tuple[str, ...] = ()) -> None:
        """Fold one more printing's legality (UNKNOWN: it says nothing of the card's), Game Changer flag, date and
        printed names in."""
        if _RANK[legality] > _RANK[self.legality]:
            self.legality = legality
        if game_changer:
            self.game_changer = True
        if not released_at:
            self.undated = True
        elif self.released_at is None or released_at < self.released_at:
            self.released_at = released_at
        for alias in aliases:
            self.aliases.setdefault(alias, None)

    def absorb(self, other: CardRecord) -> None:
        """Merge another record of the same oracle id from the same snapshot (another file of it)."""
        self.add_printing(other.legality, other.game_changer, other.released_at, tuple(other.aliases))
        self.undated = self.undated or other.undated
        for side, face in other.faces.items():
            self.faces.setdefault(side, face)
        for side, value in other.face_mana_values.items():
            self.face_mana_values.setdefault(side, value)
        if self.source_color_identity is None:
            self.source_color_identity = other.source_color_identity
        if self.source_mana_value is None:
            self.source_mana_value = other.source_mana_value

    @property
    def has_front(self) -> bool:
        """Whether the record holds its front face (MTGJSON's side "a")."""
        return 0 in self.faces

    @property
    def incomplete(self) -> bool:
        """Whether faces are missing: MTGJSON deck files hold only the front face (side "a") of a
        multi-face card, so "Alive // Well" may arrive without Well."""
        return len(self.faces) < self.name.count(" // ") + 1 and self.layout not in MULTI_NAME_SINGLE_FACE

    def to_card(self) -> Card:
        """The finished, immutable Card."""
        sides = sorted(self.faces)
        faces = tuple(self.faces[s] for s in sides)
        fmv = None
        if self.face_mana_values:
            fmv = tuple(self.face_mana_values.get(s) for s in sides)
        names = {self.name, *(f.name for f in faces)}
        aliases = tuple(a for a in self.aliases if a not in names)
        return Card(oracle_id=self.oracle_id, name=self.name, layout=self.layout, faces=faces,
                    commander_legality=self.legality, game_changer=self.game_changer,
                    source_color_identity=self.source_color_identity,
                    source_mana_value=self.source_mana_value, source_face_mana_values=fmv,
                    aliases=aliases, released_at=None if self.undated else self.released_at,
                    complete=not self.incomplete)


def _usable_name(value: Any) -> bool:
    """Whether a value read from an unchecked object can be kept as a name (valid Unicode text among them)."""
    return (isinstance(value, str) and 0 < len(value) <= 200 and value.strip() == value and "\n" not in value
            and is_text(value))


def is_text(value: str) -> bool:
    """Whether a str is valid Unicode text, as UTF-8 and the card store hold it: no lone surrogate ("\\ud800"), which
    JSON can escape."""
    if value.isascii():
        return True
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def card_is_text(card: Card) -> bool:
    """Whether every text of a card is valid Unicode text (`is_text`; asked of them all at once)."""
    faces = [value for face in card.faces for value in map(face.__getattribute__, Face.__slots__) if value is not None]
    return is_text("".join((card.oracle_id, card.name, card.layout, *card.aliases, *faces)))


@dataclass
class Invalid:
    """One skipped invalid object: the file, the object's name or id, and why."""

    path: str
    ident: str
    reason: str

    def __str__(self) -> str:
        return f"{self.path}: {self.ident}: {self.reason}"


#: The most of an invalid object's name a report keeps.
MAX_IDENT = 100


@dataclass
class ImportReport:
    """Counts of what an import read, kept and skipped, and the invalid objects (the first 200)."""

    objects: int = 0
    skipped: Counter[str] = field(default_factory=Counter)
    invalid: list[Invalid] = field(default_factory=list)
    invalid_count: int = 0
    files: list[dict[str, Any]] = field(default_factory=list)
    incomplete: list[str] = field(default_factory=list)  # kept cards some of whose faces are missing

    MAX_KEPT = 200

    def add_invalid(self, path: str, ident: str, reason: str | Callable[[], str]) -> None:
        """Record an invalid object (the import carries on). Its name, from an object that failed the schema,
        is cut to a line's worth: a name of megabytes is the reason it is invalid. `reason` may be a function
        giving it, called only for the objects kept: jsonschema's explanation of an object costs a hundred
        times the verdict, and a file of a million bad objects keeps MAX_KEPT reasons."""
        self.invalid_count += 1
        if len(self.invalid) < self.MAX_KEPT:
            if len(ident) > MAX_IDENT:
                ident = ident[:MAX_IDENT - 1] + "…"
            self.invalid.append(Invalid(path, one_line(ident), reason if isinstance(reason, str) else reason()))

    def absorb(self, other: ImportReport) -> None:
        """Add another file's report to this one."""
        self.objects += other.objects
        self.skipped.update(other.skipped)
        self.invalid_count += other.invalid_count
        room = self.MAX_KEPT - len(self.invalid)
        self.invalid.extend(other.invalid[:max(room, 0)])
        self.files.extend(other.files)


class Accumulator:
    """Card records by oracle id for one source snapshot."""

    def __init__(self) -> None:
        self.records: dict[str, CardRecord] = {}
        self.newest: str | None = None  # newest printing date seen (of a Scryfall file: of those legal somewhere)
        self.newest_unplayed: str | None = None  # a Scryfall file's newest printing legal in no format (a preview)
        self.played: set[str] = set()  # the Oracle ids of a Scryfall file's cards with a printing legal somewhere
        self.others: dict[str, NonDeckObject] = {}  # objects that are never deck cards, by name

    def add_other(self, name: Any, kind: str, face_names: Any = (), parts: Any = ()) -> None:
        """Remember an object that is never a deck card, of a kind decklists name (NAMED_IN_DECKLISTS; see
        NonDeckObject). Its names come from objects that were not schema-checked, so anything but a short
        one-line string is left out; a meld result named by several files or parts gathers all its parts."""
        if kind not in NAMED_IN_DECKLISTS or not _usable_name(name):
            return
        faces = tuple(dict.fromkeys(f for f in face_names if _usable_name(f) and f != name))
        found = tuple(p for p in parts if _usable_name(p) and p != name)
        old = self.others.get(name)
        if old is not None:
            faces = tuple(dict.fromkeys((*old.face_names, *faces)))
            found = (*old.parts, *found)
        self.others[name] = NonDeckObject(name, old.kind if old else kind, faces, tuple(sorted(set(found))))

    def absorb(self, other: Accumulator) -> None:
        """Merge another accumulator of the same snapshot into this one."""
        for oid, rec in other.records.items():
            mine = self.records.get(oid)
            if mine is None:
                self.records[oid] = rec
            else:
                mine.absorb(rec)
        self.absorb_others(other)
        self.newest = newest(self.newest, other.newest)
        self.newest_unplayed = newest(self.newest_unplayed, other.newest_unplayed)
        self.played |= other.played

    def absorb_others(self, other: Accumulator) -> None:
        """Merge another accumulator's objects that are never deck cards into this one's."""
        for found in other.others.values():
            self.add_other(found.name, found.kind, found.face_names, found.parts)

    def cards(self) -> dict[str, Card]:
        """The finished cards by oracle id. A record without its front face is dropped (MTGJSON's side "a", whose
        object was invalid, and so reported): its back face would be taken for the front, a card judged by a face
        the rules never judge it by (712.8a: Esika's Prismatic Bridge as the commander)."""
        return {oid: rec.to_card() for oid, rec in self.records.items() if rec.has_front}

    def incomplete(self) -> set[str]:
        """Oracle ids of the cards some of whose faces this source lacks (their front face it has)."""
        return {oid for oid, rec in self.records.items() if rec.incomplete and rec.has_front}


def merge_sources(sources: list[tuple[str | None, dict[str, Card], set[str]]]
                  ) -> tuple[dict[str, Card], set[str]]:
    """Merge several sources' (date, cards, incomplete oracle ids) by oracle id; the source with the
    newer date wins a conflict, a later-given one among equal dates, except that a card with missing
    faces takes its faces from a complete older one, a newer unknown legality never overrides a known one, and
    a newer not_legal never overrides an older legal or banned. Printed-name aliases are kept from all; the
    earliest release date is kept. A card whose legality comes from a source older than the newest is
    given that source's date (`Card.legality_date`). Returns the cards and the oracle ids still incomplete."""
    ordered = sorted(enumerate(sources), key=lambda item: (item[1][0] or "", item[0]))
    result: dict[str, Card] = {}
    incomplete: set[str] = set()
    legality_dates: dict[str, str | None] = {}  # the date of the source each card's legality is from
    for _, (day, cards, partial) in ordered:
        for oid, card in cards.items():
            old = result.get(oid)
            previous, legality_dates[oid] = legality_dates.get(oid), day
            if old is None:
                result[oid] = card
                if oid in partial:
                    incomplete.add(oid)
                continue
            if oid in partial and oid not in incomplete:  # keep the complete faces, take the news
                card = replace(old, commander_legality=card.commander_legality,
                               game_changer=card.game_changer, aliases=card.aliases,
                               released_at=card.released_at)
            elif oid not in partial:
                incomplete.discard(oid)
            if (card.commander_legality == UNKNOWN and old.commander_legality != UNKNOWN
                    or card.commander_legality == NOT_LEGAL and old.commander_legality not in (NOT_LEGAL, UNKNOWN)):
                # A newer file that holds only printings without a Commander legality (MTGJSON's deck
                # cards have just the Collector's Edition Tundra) says nothing of the card's, and one that
                # calls it not legal must not make a playable card unplayable: a card leaves the format by a
                # ban, which the newer data would say.
                card = replace(card, commander_legality=old.commander_legality)
                legality_dates[oid] = previous
            names = {card.name, *card.face_names}
            aliases = tuple(a for a in dict.fromkeys((*card.aliases, *old.aliases, old.name))
                            if a not in names)
            dates = [d for d in (old.released_at, card.released_at) if d]
            result[oid] = replace(card, aliases=aliases, released_at=min(dates) if dates else None)
    newest = max((day for day, _cards, _partial in sources if day), default=None)
    for oid, day in legality_dates.items():
        if day and newest and day < newest:  # a legality older than the data as a whole says so
            result[oid] = replace(result[oid], legality_date=day)
    return result, incomplete
