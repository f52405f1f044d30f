"""Commander Brackets: the lowest bracket a deck's cards allow (a floor), with the cards behind it.

Definitions as of the October 21, 2025 update (RULES.md 3.4; February 2026 changed Game Changers only):

| bracket | Game Changers | mass land denial | extra turns                       | tutors       |
|---------|---------------|------------------|-----------------------------------|--------------|
| 1       | 0             | no               | no                                | unrestricted |
| 2       | 0             | no               | low quantity, not chained/looped  | unrestricted |
| 3       | up to 3       | no               | low quantity, not chained         | unrestricted |
| 4 (5)   | any           | allowed          | allowed                           | unrestricted |

Brackets 4 and 5 differ only by intent, so the floor is never 5. Two-card combos and intent are not
judged (deckcheck has no combo data). Mass land denial, extra turns and tutors are read from oracle text
(reminder text stripped, the card's own name replaced by CARDNAME) with the patterns below; there is no
official list of such cards.

deckcheck's readings, where the bracket text leaves a number open:
- "low quantity" of extra-turn cards: at most ``LOW_EXTRA_TURNS`` (3) cards; more need bracket 4.
- "chained or looped": a card that by itself takes two or more extra turns (Time Stretch, "for each"),
  takes them from a repeating trigger ("at the beginning of each ..."), or returns itself to be cast again
  (shuffles itself into the library, buyback, returns to hand): bracket 4.
- a tutor: an effect that searches your library for a card that need not be a land (basic-land and
  land fetches are not tutors; neither is a search for more copies of the card itself), or Transmute.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date
from itertools import compress
from typing import Any

from deckcheck.model.card import Card
from deckcheck.model.mana import strip_reminder_text
from deckcheck.policy import Policy, card_data_day
from deckcheck.wording import counted, first_named

#: The most extra-turn cards deckcheck reads as the "low quantity" brackets 2 and 3 allow.
LOW_EXTRA_TURNS = 3
#: The most Game Changers bracket 3 allows.
MAX_GC_BRACKET_3 = 3
#: From this date no bracket limits tutors (before it, brackets 1-2 asked for "few tutors").
TUTORS_UNRESTRICTED_FROM = date(2025, 10, 21)
#: The day brackets and Game Changers were introduced.
BRACKETS_FROM = date(2025, 2, 11)
#: The most unknown card names a bracket estimate names (it counts them all).
UNKNOWN_NAMED = 8

#: What the floor never judges (every estimate says so). The reasons are made once: shared strings, which
#: a batch's pickled results (`--jobs`) then carry once per chunk.
NOT_JUDGED = ("two-card combos: deckcheck has no combo data (brackets 1-2 allow none, bracket 3 no early-game "
              "ones)",
              "intent and expected game length: bracket 4 and 5 differ only by intent, so 5 is never claimed; "
              "bracket 1's theme is not judged either")
_NOT_JUDGED_REASONS = tuple(f"Not judged: {u}." for u in NOT_JUDGED)

_SENTENCE = re.compile(r"(?<=[.!])\s+|\n+")

# --- extra turns ---------------------------------------------------------------------------------
_EXTRA_TURN = re.compile(r"\btakes? (?:an|one|two|three|four|five|x|\d+) extra turns?\b", re.IGNORECASE)
#: An extra turn given to an opponent (Eon Frolicker), which no bracket limits.
_OPPONENT_TAKES = re.compile(r"\bopponents? takes? (?:an|one|two|x|\d+) extra turns?\b", re.IGNORECASE)
#: An extra turn given to "that player", an opponent when the ability names one (Emrakul, the Promised End: "you
#: gain control of target opponent during that player's next turn. After that turn, that player takes an extra
#: turn").
_THAT_PLAYER_TAKES = re.compile(r"\bthat player takes? (?:an|one|two|x|\d+) extra turns?\b", re.IGNORECASE)
_EACH_TURN_TRIGGER = r"\bat the beginning of each\b"
_REPEATS = re.compile(_EACH_TURN_TRIGGER, re.IGNORECASE)
_MANY_TURNS = re.compile(r"\btakes? (?:two|three|four|five|x|\d+) extra turns|\bfor each\b|" + _EACH_TURN_TRIGGER,
                         re.IGNORECASE)
_SKIPS_A_TURN = re.compile(r"\bskip your next turn\b", re.IGNORECASE)
_LOOPS = re.compile(r"\bshuffle (?:CARDNAME|it) into its owner's library\b|\bbuyback\b|"
                    r"\breturn (?:CARDNAME|it) to its owner's hand\b", re.IGNORECASE)

# --- tutors --------------------------------------------------------------------------------------
_SEARCH = re.compile(r"\bsearch(?:es)? (?:your|their) (?:[\w, /]*?)library(?: and(?:/or)? (?:your )?graveyard)? "
                     r"for ([^.;]*)", re.IGNORECASE)
_CUT = re.compile(r",?\s+(?:where|then|reveals?|puts?|and puts?|and reveals?|with|that(?! many)|from among)\b",
                  re.IGNORECASE)
#: Before "searches their library": an opponent's search (Boldwyr Heavyweights) finds nothing for the deck's player.
_OPPONENT_BEFORE = re.compile(r"\bopponents? (?:may )?$", re.IGNORECASE)
_LAND_WORDS = re.compile(r"\b(?:lands?|plains|islands?|swamps?|mountains?|forests?|deserts?|gates?|"
                         r"locus|loci|wastes|caves?)\b", re.IGNORECASE)
_LAND_NOUNS = frozenset({"land", "lands", "plains", "island", "islands", "swamp", "swamps", "mountain",
                         "mountains", "forest", "forests", "desert", "deserts", "gate", "gates", "locus",
                         "wastes", "cave", "caves"})
# "a Treefolk or Forest card": the alternatives before "card"
_CARD_PHRASE = re.compile(r"((?:[\w'-]+,?\s+(?:or|and/or)\s+|[\w'-]+,\s+)*[\w'-]+) cards?\b", re.IGNORECASE)
_ALTERNATIVES = re.compile(r",?\s+(?:or|and/or)\s+|,\s+", re.IGNORECASE)
_NON_LAND_WORDS = re.compile(r"\b(?:creature|artifact|enchantment|instant|sorcery|planeswalker|battle|"
                             r"nonland|permanent|spell)s?\b", re.IGNORECASE)
_SELF_COPIES = re.compile(r"\bnamed CARDNAME\b", re.IGNORECASE)
_TRANSMUTE = re.compile(r"^(?:transmute|transfigure)\b", re.IGNORECASE | re.MULTILINE)

# --- mass land denial ----------------------------------------------------------------------------
_ONLY_SOME = r"(?!\s+(?:except|with|of|named|you control|that|target|an opponent|defending))"
_MLD = [
    # Armageddon, Ravages of War, Jokulhaups, Obliterate, Decree of Annihilation, Ruination, Sunder
    re.compile(r"\b(?:destroy|exile|return) all (?:(?:artifacts|creatures|enchantments|planeswalkers|and|or),?\s+)*"
               r"(?:nonbasic )?lands\b" + _ONLY_SOME, re.IGNORECASE),
    # Apocalypse, Worldfire, Upheaval, Worldslayer: every permanent, lands included; Soulscour's nonartifact ones
    # (not Thieves' Auction's nontoken ones, handed back out to the players, nor Chaos Orb's, those it touches)
    re.compile(r"\b(?:destroy|exile|return) all (?:other )?(?:non(?!land|token)[\w-]+ )?permanents\b" + _ONLY_SOME,
               re.IGNORECASE),
    # Razia's Purification, Balancing Act: each player keeps a few permanents, lands among what is sacrificed
    re.compile(r"\beach player chooses (?:a number of |\w+ )?permanents they control\b[^.]*\bsacrifices the rest\b",
               re.IGNORECASE),
    # Flashfires, Boil, Acid Rain, Tsunami: all lands of a basic type
    re.compile(r"\bdestroy all (?:plains|islands|swamps|mountains|forests)\b" + _ONLY_SOME, re.IGNORECASE),
    # Winter Orb, Static Orb, Hokori, Rising Waters, Back to Basics, Stasis, Dovin Baan, Choke: lands kept tapped
    re.compile(r"(?<!target )\b(?:lands|plains|islands|swamps|mountains|forests) don't untap\b", re.IGNORECASE),
    # Vorinclex, Voice of Hunger: every land an opponent taps for mana
    re.compile(r"\bwhenever an opponent taps a land for mana, that land doesn't untap\b", re.IGNORECASE),
    re.compile(r"\b(?:players|each player|opponents|your opponents) can't untap more than (?:one|two|a) "
               r"(?:land|permanent)s?\b", re.IGNORECASE),
    re.compile(r"\b(?:players|each player) skips? (?:their|his or her) untap steps?\b", re.IGNORECASE),
    # Blood Moon, Magus of the Moon: what nonbasic lands make
    re.compile(r"\bnonbasic lands are (?:plains|islands|swamps|mountains|forests)\b", re.IGNORECASE),
    # Contamination, Infernal Darkness, Ritual of Subdual, Hall of Gemstone: what every land makes
    re.compile(r"\bif a land is tapped for mana, it produces\b|\blands tapped for mana produce\b", re.IGNORECASE),
    # Cleansing: every land, one at a time
    re.compile(r"\bfor each land, destroy that land\b", re.IGNORECASE),
    # Sway of the Stars: every permanent shuffled away, lands included (as Upheaval returns them)
    re.compile(r"\ball permanents they (?:own|control) into their librar", re.IGNORECASE),
    # Mana Vortex: a land from every player every turn
    re.compile(r"\bat the beginning of each player's upkeep, that player sacrifices a land\b", re.IGNORECASE),
    # Burning of Xinye: a number of lands, four or more (Wizards' "four or more lands per player")
    re.compile(r"\bdestroys? (?:four|five|six|seven|eight|nine|ten|x|\d\d+|[4-9]) lands\b", re.IGNORECASE),
]
#: "... except for Giants, Wizards, and lands" (Cyclone Summoner): the lands are spared.
_SPARES_LANDS = re.compile(r"\bexcept (?:for )?(?:[\w'-]+,? )*?(?:and |or )?(?:basic )?lands\b", re.IGNORECASE)
#: "For each land destroyed this way, its controller may search their library for a basic land card and put it
#: onto the battlefield" (From the Ashes, Wave of Vitriol), or land cards put onto the battlefield after every
#: permanent is shuffled away (Warp World): each land lost is replaced, which Wizards' mass land denial ("...
#: without replacing them") is not.
_REPLACES_LANDS = re.compile(r"\bfor each land (?:\w+ )?(?:destroyed|sacrificed|exiled|returned) this way\b[^.]*"
                             r"\bsearch(?:es)? (?:their|your) library for (?:a|up to \w+) basic land|"
                             # Warp World, The Great Aurora: the lands shuffled away come back as others
                             r"\bputs? (?:all|any number of) [\w, ]*?land cards\b[^.]*\bonto the battlefield",
                             re.IGNORECASE)
# Wildfire, Tectonic Break, Cataclysm, Balance-style, Thoughts of Ruin: each player sacrifices many (or the rest of
# its) lands; four or more, as Wizards counts mass land denial (Ember Swallower's three and Tectonic Hellion's two
# are not)
_MLD_SACRIFICE = re.compile(r"\b(?:each|all) (?:players?|opponents?)\b[^.]*\bsacrifices? (?:(?:all|half|the rest|"
                            r"x|four|five|six|seven|[4-9]|\d\d+)\b|a land (?:of their choice )?for each\b)",
                            re.IGNORECASE)


# A planeswalker's ultimate, a loyalty ability costing seven or more ("−7: Flip five coins. Take an extra turn
# ... for each ...", "−15: Exile all other permanents"): used once a game if ever, never mass land denial, which
# takes lands "regularly", nor chained extra turns (an extra turn still, "some"); precons' walkers put their decks'
# floor at bracket 4.
_ULTIMATE = re.compile(r"^\[?[−-](?:[7-9]|[1-9]\d+)\]?: [^\n]*$", re.MULTILINE)


def _texts(card: Card) -> list[str]:
    """Each face's rules text, reminder text stripped and the card's own names replaced by CARDNAME."""
    out = []
    names = sorted({n for n in (*card.face_names, card.name) if n}, key=len, reverse=True)
    for face in card.faces:
        text = strip_reminder_text(face.oracle_text)
        for n in names:
            text = text.replace(n, "CARDNAME")
        short = face.name.split(",", 1)[0]  # legends call themselves by their short name
        if short != face.name and len(short) > 3:
            text = re.sub(rf"\b{re.escape(short)}\b", "CARDNAME", text)
        out.append(text)
    return out


#: Text features by what they are read from (the card's name, and each face's name and rules text), so an
#: edited copy of a card is read afresh; cleared past _MAX_FEATURES.
_FEATURES: dict[tuple[str, tuple[tuple[str, str], ...]], tuple[bool, str | None, bool]] = {}
_MAX_FEATURES = 200_000


def _features(card: Card) -> tuple[bool, str | None, bool]:
    """(mass land denial, extra turns: None | "some" | "chained", tutor) for one card, cached."""
    key = (card.name, tuple((f.name, f.oracle_text) for f in card.faces))
    found = _FEATURES.get(key)
    if found is None:
        if len(_FEATURES) >= _MAX_FEATURES:
            _FEATURES.clear()
        found = _FEATURES[key] = _compute_features(card)
    return found


#: Words (lower case) one of which every pattern above needs in a card's rules text: a text without any of them
#: (three cards in four) has no feature, and its sentences are not read. A pattern added above adds its word here;
#: tests/test_brackets.py reads every card of the bundled snapshot both ways.
_FEATURE_WORDS = ("destroy", "exile all", "return all", "untap", "nonbasic", "sacrific", "extra turn", "search",
                  "transmute", "transfigure", "tapped for mana", "permanents they")
_NO_FEATURES = (False, None, False)


def _has_feature_word(card: Card) -> bool:
    """Whether the card's rules text holds one of _FEATURE_WORDS (else it has no feature)."""
    text = "\n".join([face.oracle_text for face in card.faces]).lower()
    return any(word in text for word in _FEATURE_WORDS)


def _compute_features(card: Card) -> tuple[bool, str | None, bool]:
    return _read_features(card) if _has_feature_word(card) else _NO_FEATURES


def _read_features(card: Card) -> tuple[bool, str | None, bool]:
    mld = extra = tutor = False
    chained = False
    texts = _texts(card)
    sentences = [(s, ability) for text in texts for ability in text.split("\n") for s in _SENTENCE.split(ability) if s]
    replaced = any(_REPLACES_LANDS.search(s) for s, _ in sentences)
    for s, ability in sentences:
        ultimate = _ULTIMATE.match(ability) is not None
        if not mld and not replaced and not ultimate and not _SPARES_LANDS.search(s):
            mld = any(p.search(s) for p in _MLD) or bool(_MLD_SACRIFICE.search(s) and _LAND_WORDS.search(s))
        opponents = _OPPONENT_TAKES.search(s) or _THAT_PLAYER_TAKES.search(s) and "opponent" in ability.lower()
        if _EXTRA_TURN.search(s) and "can't" not in s.lower() and not opponents:
            extra = True
            if _MANY_TURNS.search(s) and not ultimate:
                chained = True
        if not tutor:
            tutor = _is_tutor_sentence(s)
    if extra and not chained:
        # a repeating trigger whose extra turn is a later sentence of the same ability (Timesifter: "At the
        # beginning of each upkeep, ... . The player who ... takes an extra turn after this one."), or a card that
        # returns itself to be cast again; not one whose turn is paid for with a turn skipped (Magosi, the Waterveil)
        chained = (any(_EXTRA_TURN.search(ability) and _REPEATS.search(ability) and not _ULTIMATE.match(ability)
                       for text in texts for ability in text.split("\n"))
                   or any(_LOOPS.search(text) and not _SKIPS_A_TURN.search(text) for text in texts))
    return mld, ("chained" if chained else "some") if extra else None, tutor


def _is_tutor_sentence(sentence: str) -> bool:
    if _TRANSMUTE.search(sentence):
        return True
    for m in _SEARCH.finditer(sentence):
        if _OPPONENT_BEFORE.search(sentence, 0, m.start()):
            continue
        wanted = _CUT.split(m.group(1), maxsplit=1)[0]
        if _SELF_COPIES.search(wanted):
            continue  # more copies of itself (Squadron Hawk)
        if _NON_LAND_WORDS.search(wanted):
            return True
        nouns = [alt.split()[-1].lower() for phrase in _CARD_PHRASE.findall(wanted)
                 for alt in _ALTERNATIVES.split(phrase) if alt.strip()]
        if nouns and all(w in _LAND_NOUNS for w in nouns):
            continue  # a land fetch: basic land, Forest, land with a basic land type
        return True
    return False


def is_mass_land_denial(card: Card) -> bool:
    """Whether the card's text destroys, exiles, bounces or sacrifices many lands, keeps them tapped, or
    changes what nonbasic lands make (Wizards' mass land denial description, read from text)."""
    return _features(card)[0]


def extra_turns(card: Card) -> str | None:
    """None when the card gives no extra turn; "some"; or "chained" when it gives several, repeats, or
    returns itself to be cast again."""
    return _features(card)[1]


def is_tutor(card: Card) -> bool:
    """Whether the card searches your library for a card that need not be a land (or has Transmute)."""
    return _features(card)[2]


@dataclass(frozen=True)
class BracketEstimate:
    """The lowest bracket (1-4) a deck's cards allow, with the cards and a reason for each criterion."""

    minimum: int  # 1-4, never 5 (4 and 5 differ by intent only)
    game_changers: tuple[str, ...]  # card names, commanders included
    # how many Game Changers the floor counts: those named above, and as many of `maybe_game_changers` (on the
    # list or not on the day, the record of 2025-04-22 incomplete) as must have been on it
    game_changer_count: int
    maybe_game_changers: tuple[str, ...]
    mass_land_denial: tuple[str, ...]
    extra_turns: tuple[str, ...]
    tutors: tuple[str, ...]
    reasons: tuple[str, ...]  # one sentence per criterion, naming the cards; then what is not judged
    unjudged: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        """The JSON report's `bracket` object."""
        return {"minimum": self.minimum, "game_changers": list(self.game_changers),
                "game_changer_count": self.game_changer_count, "maybe_game_changers": list(self.maybe_game_changers),
                "mass_land_denial": list(self.mass_land_denial), "extra_turns": list(self.extra_turns),
                "tutors": list(self.tutors), "reasons": list(self.reasons)}


def _names(cards: list[Card]) -> str:
    """The cards' names, joined by "; ": many card names hold a comma ("Urza, Lord High Artificer")."""
    return "; ".join(c.name for c in cards)


def game_changers_named(named: Sequence[str], count: int, maybe: Sequence[str]) -> str:
    """The Game Changers a floor counts (`BracketEstimate.game_changer_count`), by name: those `named`, then, when
    the count is more, how many of `maybe` (whose membership on the day is not recorded) are counted."""
    if count <= len(named):
        return "; ".join(named)
    rest = f"{count - len(named)} of these, which of them not recorded: {'; '.join(maybe)}"
    return "; ".join([*named, f"and {rest}"]) if named else rest


# A card's bracket flags: what the floor reads of one card on one day, as bits of one int.
GAME_CHANGER, MAYBE_GAME_CHANGER, MASS_LAND_DENIAL, EXTRA_TURNS, CHAINED_TURNS, TUTOR = 1, 2, 4, 8, 16, 32


def card_flags(card: Card, policy: Policy, day: date, data_date: date | None = None) -> int:
    """The card's bracket flags on `day`: Game Changer (or maybe one, where the record is incomplete; by the card
    data of `data_date` too where it is the newer, `Policy.game_changer_status`), mass land denial, extra turns
    (and chained ones), tutor."""
    member = policy.game_changer_status(card, _game_changers_day(day), card_data_day(card, data_date)).member
    mld, turns, tutor = _features(card)
    return ((GAME_CHANGER if member else MAYBE_GAME_CHANGER if member is None else 0)
            | (MASS_LAND_DENIAL if mld else 0) | (EXTRA_TURNS if turns else 0)
            | (CHAINED_TURNS if turns == "chained" else 0) | (TUTOR if tutor else 0))


def _game_changers_day(day: date) -> date:
    """The day whose Game Changers list a floor on `day` reads: before the brackets existed, October 2025's
    definitions are used, its list too."""
    return day if day >= BRACKETS_FROM else TUTORS_UNRESTRICTED_FROM


class BracketFlags:
    """Each card's `card_flags` for one policy and day, kept per card object: a batch asks for every card
    of every deck, and a card met before costs C-level lookups only. Cards are known by `id(card)` (a
    Card's own hash walks all its faces) and held, so no id is reused while its flags are kept; a Checker
    keeps one per day, so they live as long as the store the cards come from."""

    __slots__ = ("policy", "day", "data_date", "_by_id", "_held")

    def __init__(self, policy: Policy, day: date, data_date: date | None = None) -> None:
        self.policy = policy
        self.day = day
        self.data_date = data_date  # the card data's (`card_flags`)
        self._by_id: dict[int, int] = {}
        self._held: list[Card] = []

    def of(self, cards: list[Card]) -> list[int]:
        """The flags of each card, in order."""
        by_id = self._by_id
        flags = list(map(by_id.get, map(id, cards)))
        if None in flags:  # cards met for the first time
            for i, card in enumerate(cards):
                if flags[i] is None:
                    found = by_id.get(id(card))
                    if found is None:
                        found = by_id[id(card)] = card_flags(card, self.policy, self.day, self.data_date)
                        self._held.append(card)
                    flags[i] = found
        return flags


def estimate_bracket(cards: Iterable[Card], policy: Policy, on: date | None = None, *,
                     flags: BracketFlags | None = None, unknown: Sequence[str] = ()) -> BracketEstimate:
    """The bracket floor of a deck: `cards` are its commanders and main deck. Each distinct card counts
    once (by oracle id, else name; of two card objects with one Oracle id, the first with a flag), so a list
    with one entry per copy gives the same answer as one per card. Game Changers are those in force on `on`
    (today by default). `flags`: the cards' flags kept from deck to deck (for this policy and day). `unknown`:
    the deck's names no card has: those on the Game Changers list by name are counted as Game Changers, and the
    others the estimate says it could not judge (their other flags are not known either: a mass land denial card
    newer than the card data)."""
    day = on or date.today()
    if flags is None:
        flags = BracketFlags(policy, day)
    elif flags.policy is not policy or flags.day != day:
        raise ValueError(f"bracket flags of {flags.day.isoformat()} used for {day.isoformat()} or another policy")
    cards = cards if isinstance(cards, list) else list(cards)
    deck_flags = flags.of(cards)
    # Only the cards with a flag count (most cards of a deck have none), each distinct card once.
    seen: set[str] = set()
    flagged: list[tuple[Card, int]] = []
    for card, bits in zip(compress(cards, deck_flags), filter(None, deck_flags)):
        ident = card.oracle_id or card.name
        if ident not in seen:
            seen.add(ident)
            flagged.append((card, bits))
    gcs = [c.name for c, bits in flagged if bits & GAME_CHANGER]
    # a name the card data has no card for may still be on the list (a card newer than the data): counted by name
    listed_as = {name: policy.game_changer_named(name, _game_changers_day(day)) for name in unknown}
    listed = list(dict.fromkeys(filter(None, listed_as.values())))
    gcs += [name for name in listed if name not in gcs]
    maybe_gcs = [c for c, bits in flagged if bits & MAYBE_GAME_CHANGER]
    mld = [c for c, bits in flagged if bits & MASS_LAND_DENIAL]
    turns = [c for c, bits in flagged if bits & EXTRA_TURNS]
    chained = [c for c, bits in flagged if bits & CHAINED_TURNS]
    tutors = [c for c, bits in flagged if bits & TUTOR]

    # of the cards whose membership is not recorded, as many as must be on the list (two of four stayed on it)
    sure = policy.least_game_changers(maybe_gcs, _game_changers_day(day)) if maybe_gcs else 0
    total = len(gcs) + sure
    shown = game_changers_named(gcs, total, [c.name for c in maybe_gcs])
    minimum = 1
    reasons: list[str] = []
    # Game Changers (commanders count: RULES.md 3.4)
    if not total:
        reasons.append("No Game Changers: fits every bracket.")
    elif total <= MAX_GC_BRACKET_3:
        minimum = max(minimum, 3)
        reasons.append(f"{counted(total, 'Game Changer')} ({shown}): brackets 1-2 "
                       f"allow none, bracket 3 up to {MAX_GC_BRACKET_3}, so at least bracket 3.")
    else:
        minimum = 4
        reasons.append(f"{total} Game Changers ({shown}): more than {MAX_GC_BRACKET_3}, so at least bracket 4.")
    if listed:
        reasons.append(f"{'; '.join(listed)}: on the Game Changers list by name, though the card data has no such "
                       "card: counted.")
    # mass land denial
    if mld:
        minimum = 4
        reasons.append(f"Mass land denial ({_names(mld)}): allowed only from bracket 4.")
    else:
        reasons.append("No mass land denial found.")
    # extra turns
    if not turns:
        reasons.append("No extra-turn cards.")
    elif chained or len(turns) > LOW_EXTRA_TURNS:
        minimum = 4
        one = len(chained) == 1
        why = (f"{_names(chained)} take{'s' if one else ''} several extra turns or loop{'s' if one else ''}"
               if chained else f"{len(turns)} extra-turn cards ({_names(turns)}) are more than a low quantity "
                               f"(deckcheck reads it as at most {LOW_EXTRA_TURNS})")
        reasons.append(f"Extra turns: {why}, so at least bracket 4.")
    else:
        minimum = max(minimum, 2)
        reasons.append(f"{counted(len(turns), 'extra-turn card')} ({_names(turns)}): "
                       "bracket 1 allows none, brackets 2-3 a low quantity not chained, so at least bracket 2.")
    # tutors
    if day >= TUTORS_UNRESTRICTED_FROM or day < BRACKETS_FROM:  # (before the brackets: October 2025's, below)
        limit = "no bracket limits tutors since 2025-10-21"
    else:
        limit = 'before 2025-10-21 brackets 1-2 asked for "few tutors", not judged here'
    named = f" ({_names(tutors)})" if tutors else ""
    reasons.append(f"{counted(len(tutors), 'tutor')}{named}: {limit}.")

    more: list[str] = []  # what this deck leaves unjudged besides NOT_JUDGED
    if maybe_gcs:
        counted_sure = f"; {sure} of them must have been, and {'is' if sure == 1 else 'are'} counted" if sure else (
            "; not counted")
        more.append(f"Game Changers on {day.isoformat()}: {_names(maybe_gcs)} may have been on the list "
                    f"(the record of 2025-04-22 is incomplete: two of these four cards left it){counted_sure}")
    if day < BRACKETS_FROM:
        more.append(f"brackets did not exist on {day.isoformat()}: the October 2025 definitions and Game Changers "
                    "list are used")
    unjudged_names = [name for name, found in listed_as.items() if found is None]
    if unjudged_names:  # a Game Changer or mass land denial among them would raise the floor
        shown = first_named(unjudged_names, UNKNOWN_NAMED, "; ")
        more.append(f"{counted(len(unjudged_names), 'unknown card name')}, which the card data has no card for: "
                    f"{shown}")
    reasons += _NOT_JUDGED_REASONS
    reasons += [f"Not judged: {u}." for u in more]
    unjudged = NOT_JUDGED + tuple(more)
    return BracketEstimate(minimum=minimum, game_changers=tuple(gcs), game_changer_count=total,
                           maybe_game_changers=tuple(c.name for c in maybe_gcs),
                           mass_land_denial=tuple(c.name for c in mld), extra_turns=tuple(c.name for c in turns),
                           tutors=tuple(c.name for c in tutors), reasons=tuple(reasons), unjudged=unjudged)
