"""Per-card facts the rules need, derived once per Oracle card and cached by the checker.

Everything here is read from the card's own faces and Oracle text (never from keyword lists or the data
source's color identity), so new cards with the same wording work without a code change.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from operator import attrgetter

from deckcheck.model.card import Card, Face
from deckcheck.model.identity import color_identity
from deckcheck.model.mana import parse_cost, strip_reminder_text
from deckcheck.model.vocab import BASIC_LAND_TYPES, FLIP, PERMANENT_TYPES, SPLIT

_COLOR_BITS = {"W": 1, "U": 2, "B": 4, "R": 8, "G": 16}

# --- partner abilities (CR 702.124) --------------------------------------------------------------
PARTNER = "partner"  # 702.124h
PARTNER_VARIANT = "partner-variant"  # 702.124i: Partner—[text]
PARTNER_WITH = "partner-with"  # 702.124j
CHOOSE_BACKGROUND = "choose-a-background"  # 702.124k
DOCTORS_COMPANION = "doctors-companion"  # 702.124m

_PARTNER_WITH = re.compile(r"^partner with (?P<name>.+?)\s*$", re.IGNORECASE)
_PARTNER_VARIANT = re.compile(r"^partner\s*[—–-]\s*(?P<text>.+?)\s*$", re.IGNORECASE)
#: "Friends forever" was its own keyword before it became "Partner—Friends forever".
_OLD_VARIANTS = {"friends forever": "Friends forever"}

# --- deck limits (CR 903.5b; the card's own text overrides it, 101.1) ----------------------------
_DECK_LIMIT = re.compile(r"A deck can have (?:any number of|up to (?P<n>\w+)) cards named", re.IGNORECASE)
_NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
                 "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14,
                 "fifteen": 15, "twenty": 20}

# --- commander eligibility (CR 903.3, 903.3a) ------------------------------------------------------
_CAN_BE_COMMANDER = re.compile(r"can be your commander", re.IGNORECASE)
#: "As long as Grist isn't on the battlefield, it's a 1/1 Insect creature in addition to its other types."
_OFF_BATTLEFIELD_CREATURE = re.compile(
    r"isn't on the battlefield, it's an? (?:\d+/\d+ )?(?P<subtypes>(?:[A-Z][\w'-]* )*)creature in addition to",
)
#: 903.4b: "If The Prismatic Piper is your commander, choose a color before the game begins."
_CHOOSE_COLOR = re.compile(r"choose a color before the game begins", re.IGNORECASE)
#: The card itself is every creature type, everywhere: changeling (702.73a) or Mistform Ultimus's "Mistform Ultimus
#: is every creature type"; not Omo's "Each nonland creature with an everything counter on it is every creature type".
_CHANGELING = re.compile(r"^(?:changeling\b|(?P<subject>[^\n]+?) is every creature type\b)",
                         re.IGNORECASE | re.MULTILINE)

# --- companion (CR 702.139) ------------------------------------------------------------------------
_COMPANION_LINE = re.compile(r"^Companion\s*[—–-]\s*(?P<condition>.+)$", re.MULTILINE)
_KAHEERA_TYPES = re.compile(r"is an? (?P<types>[\w ,'-]+?) card", re.IGNORECASE)

GYRUDA = "even-mana-values"
JEGANTHA = "no-repeated-mana-symbol"
KAHEERA = "creature-types"
KERUGA = "mana-value-3-or-lands"
LURRUS = "permanents-mana-value-2"
LUTRI = "different-names"
OBOSH = "odd-mana-values-or-lands"
UMORI = "shared-card-type"
YORION = "twenty-over-minimum"
ZIRDA = "permanents-activated-ability"

_COMPANION_CONDITIONS = (
    (re.compile(r"only cards with even mana values", re.I), GYRUDA),
    (re.compile(r"more than one of the same mana symbol", re.I), JEGANTHA),
    (re.compile(r"each creature card in your starting deck is", re.I), KAHEERA),
    (re.compile(r"mana value 3 or greater and land cards", re.I), KERUGA),
    (re.compile(r"each permanent card in your starting deck has mana value 2 or less", re.I), LURRUS),
    (re.compile(r"each nonland card in your starting deck has a different name", re.I), LUTRI),
    (re.compile(r"only cards with odd mana values and land cards", re.I), OBOSH),
    (re.compile(r"each nonland card in your starting deck shares a card type", re.I), UMORI),
    (re.compile(r"at least twenty cards more than the minimum deck size", re.I), YORION),
    (re.compile(r"each permanent card in your starting deck has an activated ability", re.I), ZIRDA),
)

# --- activated abilities (CR 602; keyword abilities that are activated, 702) -------------------------
_QUOTED = re.compile(r"\"[^\"]*\"|“[^”]*”")
_ACTIVATED_KEYWORDS = re.compile(
    r"^(?:equip|crew|reconfigure|fortify|(?:\w+ )?\w*cycling|(?:commander )?ninjutsu|aura swap|level up|outlast|"
    r"unearth|scavenge|transmute|transfigure|embalm|eternalize|encore|forecast|station|craft|saddle|bloodrush|"
    r"reinforce|auto-?equip|exhaust|boast|channel|adapt|monstrosity)\b",
    re.IGNORECASE,
)


@dataclass(frozen=True, slots=True)
class PartnerAbility:
    """One partner-family ability of a card: its kind and its parameter (the variant text or the name)."""

    kind: str
    value: str = ""


@dataclass(frozen=True, slots=True)
class LeaderAndLibraryFacts:
    """The facts the rules ask only of a deck's commanders, companions and (with a companion) its cards:
    computed on first use (see CardFacts)."""

    # commander (CR 903.3)
    can_lead: bool  # can be the commander on its own terms
    is_background: bool  # a legendary Background: only next to "Choose a Background" (702.124k)
    ineligible_reason: str
    partners: tuple[PartnerAbility, ...]
    is_lone_doctor: bool  # a legendary creature that is a Time Lord Doctor and nothing else (702.124m)
    chooses_color: bool  # CR 903.4b
    # the card as it is in the library (its "starting deck" characteristics)
    mana_value: float
    types: frozenset[str]
    subtypes: frozenset[str]
    changeling: bool
    cost_symbols: tuple[str, ...]
    library_faces: tuple[Face, ...]  # the faces whose characteristics the card has in the library
    companion: str | None  # the companion condition's key, None when the card has no companion ability
    companion_text: str


def _later(field: str) -> property:
    return property(attrgetter(f"more.{field}"), doc=f"LeaderAndLibraryFacts.{field}, computed on first use.")


class CardFacts:
    """What the rules need to know about one Oracle card, computed once per card.

    What the rules ask of every card of every deck (its color identity and deck limit) is computed at once;
    the rest (commander eligibility, partners, companion conditions, the card's library characteristics) is
    asked only of a deck's commanders and companions, so it is computed on first use (`more`). Most cards
    are never a commander: the facts of the 10,373 cards of the Duel Commander batch took 0.67 s, now 0.18 s."""

    __slots__ = ("card", "name", "identity", "identity_mask", "deck_limit", "is_basic", "_more")

    def __init__(self, card: Card) -> None:
        front = card.front
        self.card = card
        self.name = card.name
        self.identity = color_identity(card)  # computed color identity, WUBRG order (CR 903.4)
        self.identity_mask = color_mask(self.identity)  # the same as bits, for fast subset tests
        self.is_basic = front.is_basic_land
        # Deck limit (903.5b, 101.1); None: any number (basic lands, "A deck can have any number ...").
        self.deck_limit: int | None = None
        if not self.is_basic:
            said, n = deck_limit_from_text("\n".join(f.oracle_text for f in card.faces))
            self.deck_limit = n if said else 1
        self._more: LeaderAndLibraryFacts | None = None

    @property
    def more(self) -> LeaderAndLibraryFacts:
        """The commander, companion and library facts (computed the first time they are asked for)."""
        found = self._more
        if found is None:
            found = self._more = _leader_and_library_facts(self.card)
        return found

    def __repr__(self) -> str:
        return f"CardFacts({self.name!r}, identity={self.identity!r}, deck_limit={self.deck_limit})"

    can_lead = _later("can_lead")
    is_background = _later("is_background")
    ineligible_reason = _later("ineligible_reason")
    partners = _later("partners")
    is_lone_doctor = _later("is_lone_doctor")
    chooses_color = _later("chooses_color")
    mana_value = _later("mana_value")
    types = _later("types")
    subtypes = _later("subtypes")
    changeling = _later("changeling")
    cost_symbols = _later("cost_symbols")
    library_faces = _later("library_faces")
    companion = _later("companion")
    companion_text = _later("companion_text")

    @property
    def has_activated_ability(self) -> bool:
        """Whether the card in the library has an activated ability (read when a Zirda condition asks)."""
        return any(has_activated_ability(f) for f in self.library_faces)

    @property
    def is_land_card(self) -> bool:
        return "Land" in self.types

    @property
    def is_creature_card(self) -> bool:
        return "Creature" in self.types

    @property
    def is_permanent_card(self) -> bool:
        return not PERMANENT_TYPES.isdisjoint(self.types)


def color_mask(colors: str) -> int:
    """Color letters as a bit mask (W=1, U=2, B=4, R=8, G=16)."""
    mask = 0
    for c in colors:
        mask |= _COLOR_BITS[c]
    return mask


#: Each bit mask (0-31) as its color letters in WUBRG order: the inverse of `color_mask`.
MASK_COLORS = tuple("".join(c for c, bit in _COLOR_BITS.items() if m & bit) for m in range(32))


def _lines(text: str) -> list[str]:
    return [line.strip() for line in strip_reminder_text(text).splitlines() if line.strip()]


@lru_cache(maxsize=4096)
def partner_abilities(text: str) -> tuple[PartnerAbility, ...]:
    """The partner-family abilities in one face's Oracle text (CR 702.124a), read from the text itself:
    Scryfall's keyword list calls "Partner with" and "Partner—Character select" plain "Partner"."""
    found: list[PartnerAbility] = []
    for line in _lines(text):
        m = _PARTNER_WITH.match(line)
        if m:
            found.append(PartnerAbility(PARTNER_WITH, m.group("name").rstrip(".")))
            continue
        m = _PARTNER_VARIANT.match(line)
        if m:
            found.append(PartnerAbility(PARTNER_VARIANT, m.group("text").casefold()))
            continue
        lowered = line.casefold()
        if lowered in _OLD_VARIANTS:
            found.append(PartnerAbility(PARTNER_VARIANT, _OLD_VARIANTS[lowered].casefold()))
        elif lowered == "choose a background":
            found.append(PartnerAbility(CHOOSE_BACKGROUND))
        elif lowered in ("doctor's companion", "doctor’s companion"):
            found.append(PartnerAbility(DOCTORS_COMPANION))
        elif "partner" in {part.strip() for part in lowered.split(",")}:
            found.append(PartnerAbility(PARTNER))  # "Partner" alone or in a keyword line
    return tuple(found)


def deck_limit_from_text(text: str) -> tuple[bool, int | None]:
    """(True, limit) when the text says "A deck can have any number / up to N cards named ~" (None means
    any number); (False, None) when it says nothing about deck limits."""
    m = _DECK_LIMIT.search(text)
    if not m:
        return False, None
    word = m.group("n")
    if word is None:
        return True, None
    if word.isdigit():
        return True, int(word)
    return True, _NUMBER_WORDS.get(word.casefold(), 1)


def has_activated_ability(face: Face) -> bool:
    """Whether a face has an activated ability (CR 602.1: "[Cost]: [Effect]"), a loyalty ability, an
    activated keyword ability (equip, crew, cycling, ...) or a basic land type's mana ability (305.6)."""
    if any(t in BASIC_LAND_TYPES for t in face.subtypes):
        return True
    for line in _lines(face.oracle_text):
        bare = _QUOTED.sub("", line)  # abilities granted in quotes belong to other objects
        if ":" in bare:
            return True
        if _ACTIVATED_KEYWORDS.match(bare):
            return True
    return False


def _library_faces(card: Card) -> tuple[Face, ...]:
    """The faces whose characteristics the card has in the library: both halves of a split card
    (CR 709.4), otherwise the front face only (712.8a DFCs, 710.2 flip cards, 715.4 adventurers)."""
    return card.faces if card.layout == SPLIT else card.faces[:1]


def _is_changeling(face: Face) -> bool:
    """Whether the face's own text makes its card every creature type, in the starting deck too."""
    own = {face.name.casefold(), face.name.split(",")[0].casefold(), "this creature", "this card"}
    return any(m.group("subject") is None or m.group("subject").casefold() in own
               for m in _CHANGELING.finditer(face.oracle_text))


def _leader_and_library_facts(card: Card) -> LeaderAndLibraryFacts:
    """The facts of a card the rules ask only of commanders and companions (and of a companion's deck)."""
    front = card.front

    # Types as the card exists outside the game; a CDA may add creature types off the battlefield (Grist).
    lib_faces = _library_faces(card)
    types: set[str] = set()
    subtypes: set[str] = set()
    for face in lib_faces:
        types.update(face.types)
        subtypes.update(face.subtypes)
    off_bf = _OFF_BATTLEFIELD_CREATURE.search(front.oracle_text)
    if off_bf:
        types.add("Creature")
        subtypes.update(off_bf.group("subtypes").split())
    changeling = any(_is_changeling(f) for f in lib_faces)

    # Commander eligibility, judged on the front face / unflipped half (903.3, 712.8a, 710.2).
    legendary = front.is_legendary
    creature_outside = "Creature" in front.types or off_bf is not None
    vehicle = "Vehicle" in front.subtypes
    spacecraft_pt = "Spacecraft" in front.subtypes and front.power is not None
    says_commander = bool(_CAN_BE_COMMANDER.search(front.oracle_text))
    is_background = legendary and "Background" in front.subtypes
    can_lead = says_commander or (legendary and (creature_outside or vehicle or spacecraft_pt))
    if can_lead:
        reason = ""
    elif is_background:
        reason = "a Background can be a commander only next to a commander with \"Choose a Background\""
    elif not legendary:
        shown = front.type_line or "no type"
        if any(f.is_legendary for f in card.faces[1:]):
            part, other = ("unflipped half", "its flipped half") if card.layout == FLIP else \
                ("front face", "a back face")
            reason = f"its {part} ({front.name}: {shown}) is not legendary; only {other} is"
        else:
            reason = f"it is not legendary ({shown})"
    elif "Spacecraft" in front.subtypes:
        reason = "a legendary Spacecraft can lead only with a power/toughness box"
    else:
        reason = f"it is not a creature, Vehicle or Spacecraft ({front.type_line})"

    # Partner family, on the front face (the card as it is in the command zone).
    partners = partner_abilities(front.oracle_text)
    lone_doctor = (legendary and "Creature" in front.types and " ".join(front.subtypes) == "Time Lord Doctor"
                   and not _is_changeling(front))

    # every symbol of the cost, generic ones too: a split card's cost is its halves' (709.4b), whose {1} and {1} make
    # Fire // Ice break Jegantha's condition (before, the generic symbols were left out and such a card passed)
    symbols = [symbol for face in lib_faces for symbol in parse_cost(face.mana_cost)]

    companion_key = None
    companion_text = ""
    m = _COMPANION_LINE.search(strip_reminder_text(front.oracle_text))
    if m:
        companion_text = m.group("condition").strip()
        companion_key = next((key for pattern, key in _COMPANION_CONDITIONS if pattern.search(companion_text)),
                             "unknown")

    return LeaderAndLibraryFacts(
        can_lead=can_lead,
        is_background=is_background,
        ineligible_reason=reason,
        partners=partners,
        is_lone_doctor=lone_doctor,
        chooses_color=bool(_CHOOSE_COLOR.search(front.oracle_text)),
        mana_value=card.mana_value(),
        types=frozenset(types),
        subtypes=frozenset(subtypes),
        changeling=changeling,
        cost_symbols=tuple(symbols),
        library_faces=lib_faces,
        companion=companion_key,
        companion_text=companion_text,
    )


def kaheera_types(condition: str) -> frozenset[str]:
    """The creature types a Kaheera-style condition allows ("a Cat, Elemental, ... or Beast card")."""
    m = _KAHEERA_TYPES.search(condition)
    if not m:
        return frozenset()
    words = re.split(r",\s*(?:or\s+)?|\s+or\s+", m.group("types"))
    return frozenset(w.strip() for w in words if w.strip())
