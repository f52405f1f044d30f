"""Commander policy as of a date: the banned list, the category bans, Lutri's companion ban and the Game
Changers list, read from the dated events in data/policy (see data/policy/README.md).

Of the policy and the card data's own legality, the newer wins (``Policy.ban``): the policy over data older than
its last event, the data over the policy when it was made after that event (a ban or unban announced since);
``Policy.data_disagreement`` words the difference once, with both dates, for a report.
"""

from __future__ import annotations

import json
import re
from bisect import bisect_right
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date
from functools import lru_cache
from pathlib import Path
from typing import Any, NamedTuple

from deckcheck import DATA_DIR
from deckcheck.errors import DeckcheckError
from deckcheck.model.card import Card
from deckcheck.model.names import name_key
from deckcheck.model.vocab import BANNED, LEGAL, NOT_LEGAL

#: The repository's policy files.
POLICY_DIR = Path(DATA_DIR) / "policy"
BANNED_FILE = "banned-list.json"
GAME_CHANGERS_FILE = "game-changers.json"
CATEGORY_FILE = "category-bans.json"

# Ban reasons.
NAMED = "named"
CONSPIRACY = "conspiracy"
ANTE = "ante"
OFFENSIVE = "offensive"
COMPANION = "companion"
#: A ban the card data gives, newer than the policy's last event (`Policy.ban` with a data date).
DATA = "data"

# Event changes.
_BAN, _UNBAN, _COMPANION_ONLY = "banned", "unbanned", "banned-as-companion-only"
_CREATED, _ADDED, _REMOVED, _NO_CHANGE = "created", "added", "removed", "no-change"
_CHANGES = {
    "banned": {_BAN, _UNBAN, _COMPANION_ONLY, _NO_CHANGE},
    "game_changers": {_CREATED, _ADDED, _REMOVED, _NO_CHANGE},
}


def parse_day(text: str) -> date:
    """A YYYY-MM-DD date; ValueError saying whether the text is no such date (2025-02-30) or not one at all (ISO
    8601's other forms too, "20240101", "2024-W39-1", which Python's `date.fromisoformat` takes)."""
    if _DAY(text) is None:
        raise ValueError(f"not a date in YYYY-MM-DD form: {text!r}")
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise ValueError(f"no such day: {text!r}") from None


_DAY = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}").fullmatch


def data_day(text: Any) -> date | None:
    """The day a date of the card data names ("2026-01-03", "2025-12-01T10:00:00+00:00"), else None."""
    try:
        return date.fromisoformat(str(text)[:10]) if text else None
    except ValueError:
        return None


def card_data_day(card: Card, data_date: date | None) -> date | None:
    """The day the card data speaks of a card for: its own legality's (`Card.legality_date`, a store merged from
    sources of several dates), else the store's (`data_date`)."""
    return data_day(card.legality_date) or data_date


def as_date(on: Any) -> date | None:
    """The day the policy is asked about, as the Python API takes it: None (today), a date (a datetime or a
    pandas Timestamp gives its day: a datetime can't be compared with the policy's dates) or a YYYY-MM-DD
    string. Raises ValueError for another string and TypeError for anything else, each naming the value."""
    if on is None or type(on) is date:
        return on
    if isinstance(on, date):  # datetime, pandas Timestamp
        if on != on:  # pandas' NaT, a missing Timestamp, is a datetime too
            raise ValueError("on: a missing date (NaT), not a day")
        return on.date() if hasattr(on, "date") else date(on.year, on.month, on.day)
    if isinstance(on, str):
        try:
            return parse_day(on)
        except ValueError as exc:
            raise ValueError(f"on: {exc}") from None
    if type(on).__name__ == "datetime64":  # numpy's, as a frame's column of dates gives them one by one
        if on != on:
            raise ValueError("on: a missing date (NaT), not a day")
        if str(on.dtype) in ("datetime64[Y]", "datetime64[M]", "datetime64[W]"):  # (was taken as its first day)
            raise ValueError(f"on: a year, month or week ({on}), not a day: give one in YYYY-MM-DD form")
        return as_date(str(on.astype("datetime64[D]")))
    if hasattr(on, "__len__") and not isinstance(on, (bytes, bytearray)):  # a column of dates, a list of them
        raise TypeError(f"on: one date for every deck, not a {type(on).__name__} of them; to check each deck as "
                        "of its own date, check the decks of each date apart (for day, decks in "
                        "frame.groupby(dates): check_many(decks, on=day))")
    raise TypeError(f"on: a date or a YYYY-MM-DD string, not {type(on).__name__} {repr(on)[:80]}")


@dataclass(frozen=True)
class Ban:
    """Why a card is banned in Commander on a date: which rule of the policy, since when, and the source."""

    card: str  # the card's canonical name
    reason: str  # "named" | "conspiracy" | "ante" | "offensive" | "companion"
    since: date | None  # None: in force since before the recorded history (or for a whole category)
    source: str  # URL of the announcement or list
    note: str = ""


@dataclass(frozen=True)
class GameChangerStatus:
    """A card's place on the Game Changers list on a date, with how sure deckcheck is of it."""

    card: str
    member: bool | None  # None: unknown (one of the cards whose removal date is not recorded)
    certain: bool
    note: str = ""


@dataclass(frozen=True)
class Event:
    """One dated change of the banned list or of the Game Changers list."""

    date: date
    list: str  # "banned" | "game_changers"
    change: str
    cards: tuple[str, ...]
    url: str
    note: str = ""
    uncertain: tuple[str, ...] = ()  # `uncertain_count` of these cards changed too; which is not known
    uncertain_count: int = 0


@dataclass
class _Entry:
    name: str
    since: date | None
    url: str
    note: str = ""


@dataclass
class _State:
    """The policy in force during one period between events."""

    named: dict[str, _Entry] = field(default_factory=dict)  # folded name -> named ban
    companion: dict[str, _Entry] = field(default_factory=dict)  # folded name -> banned as companion only
    gc: dict[str, str] = field(default_factory=dict)  # folded name -> canonical name
    gc_uncertain: dict[str, str] = field(default_factory=dict)
    gc_groups: dict[frozenset[str], int] = field(default_factory=dict)  # uncertain group -> members in it
    last_ban_change: dict[str, Event] = field(default_factory=dict)  # folded name -> last event naming it
    last_gc_change: dict[str, Event] = field(default_factory=dict)

    def copy(self) -> _State:
        return _State(dict(self.named), dict(self.companion), dict(self.gc), dict(self.gc_uncertain),
                      dict(self.gc_groups), dict(self.last_ban_change), dict(self.last_gc_change))


def _keys(name: str) -> tuple[str, ...]:
    """The folded keys a policy name is indexed under: the name, and for "A // B" its front face too."""
    key = name_key(name)
    if " // " in name:
        return key, name_key(name.split(" // ", 1)[0])
    return (key,)


_KEYS_CACHE: dict[tuple[str, str, tuple[str, ...]], frozenset[str]] = {}


def card_keys(card: Card) -> frozenset[str]:
    """Every folded name the Commander lists may call a card by: its full name, its front face's (the name a
    double-faced, flip or adventurer card goes by) and its other printed names (flavor names). Not its other faces'
    names: a prepare or adventure card's spell may bear another card's name ("Emeritus of Ideation // Ancestral
    Recall") without being that card, banned or a Game Changer."""
    ident = (card.oracle_id, card.name, card.aliases)
    keys = _KEYS_CACHE.get(ident)
    if keys is None:
        if len(_KEYS_CACHE) > 200_000:
            _KEYS_CACHE.clear()
        keys = _KEYS_CACHE[ident] = frozenset(name_key(n) for n in (card.name, card.front.name, *card.aliases))
    return keys


class Policy:
    """The Commander policy read from data/policy, answerable as of any date."""

    def __init__(self, banned: dict[str, Any], game_changers: dict[str, Any], categories: dict[str, Any],
                 where: str = "data/policy") -> None:
        self._where = where
        try:
            self._known_from = date.fromisoformat(banned["known_from"])
            self._gc_known_from = date.fromisoformat(game_changers["known_from"])
            base = banned["baseline"]
            self._baseline_url = base["url"]
            events = [self._event(e, "banned") for e in banned["events"]]
            events += [self._event(e, "game_changers") for e in game_changers["events"]]
            gc_base = tuple(game_changers["baseline"]["cards"])
            ante = categories["ante"]
            self._ante_pattern = re.compile(ante["text_pattern"], re.IGNORECASE)
            self._ante_names = frozenset(name_key(n) for n in ante["cards"])
            self._ante_url = ante["url"]
            self._conspiracy_type = categories["conspiracy"]["card_type"]
            self._conspiracy_url = categories["conspiracy"]["url"]
            self._offensive_names = frozenset(name_key(n) for n in categories["offensive"]["cards"])
            self._offensive_url = categories["offensive"]["url"]
            baseline_cards = tuple(base["cards"])
            # the ban dates known for some baseline cards: before such a date the card was not banned
            self._baseline_dates = {name_key(k["card"]): (date.fromisoformat(k["banned"]), k["url"], k["note"])
                                    for k in base.get("known_dates", ())}
        except (KeyError, TypeError, ValueError, re.error) as exc:
            raise DeckcheckError(f"{where}: malformed policy data ({type(exc).__name__}: {exc})") from None
        events.sort(key=lambda e: e.date)  # stable: same-day events keep their file order
        self.events: tuple[Event, ...] = tuple(events)
        self.latest_event: date = max(e.date for e in events) if events else self._known_from
        self._build(baseline_cards, gc_base)
        self._category_cache: dict[str, tuple[str, str] | None] = {}

    # --- loading --------------------------------------------------------------------------------
    def _event(self, raw: dict[str, Any], lst: str) -> Event:
        if raw.get("list") != lst or raw.get("change") not in _CHANGES[lst]:
            raise ValueError(f"event {raw.get('date')!r}: list {raw.get('list')!r} / change "
                             f"{raw.get('change')!r} not expected in the {lst} file")
        unc = raw.get("uncertain") or {}
        return Event(date=date.fromisoformat(raw["date"]), list=lst, change=raw["change"],
                     cards=tuple(raw["cards"]), url=raw["url"], note=raw.get("note", ""),
                     uncertain=tuple(unc.get("of", ())), uncertain_count=int(unc.get("count", 0)))

    def _build(self, baseline: tuple[str, ...], gc_baseline: tuple[str, ...]) -> None:
        state = _State()
        for name in baseline:
            since, url, note = self._baseline_dates.get(name_key(name), (None, self._baseline_url, ""))
            for k in _keys(name):
                state.named[k] = _Entry(name, since, url, note)
        for name in gc_baseline:
            for k in _keys(name):
                state.gc[k] = name
        dates: list[date] = []
        states: list[_State] = [state]
        for event in self.events:
            if dates and dates[-1] == event.date:
                state = states[-1]  # same day: keep changing the same period's state
            else:
                state = states[-1].copy()
                dates.append(event.date)
                states.append(state)
            self._apply(state, event)
        self._dates = dates
        self._states = states
        #: Every key a named ban (full or as a companion) has held on any date: a card with none of them,
        #: and in no banned category, is legal on every date.
        self._ever_named = frozenset(k for s in states for k in (*s.named, *s.companion))

    @staticmethod
    def _apply(state: _State, event: Event) -> None:
        last = state.last_ban_change if event.list == "banned" else state.last_gc_change
        for name in event.cards:
            for k in _keys(name):
                last[k] = event
        if event.list == "banned":
            for name in event.cards:
                for k in _keys(name):
                    if event.change == _BAN:
                        state.named[k] = _Entry(name, event.date, event.url, event.note)
                    elif event.change == _UNBAN:
                        state.named.pop(k, None)
                        state.companion.pop(k, None)
                    elif event.change == _COMPANION_ONLY:
                        before = state.named.pop(k, None)
                        # a continuing ban keeps its start, when known; the companion-only status is in the note
                        state.companion[k] = _Entry(name, before.since if before and before.since else event.date,
                                                    event.url, event.note)
            return
        # Game Changers
        for name in event.cards:
            for k in _keys(name):
                if event.change in (_CREATED, _ADDED):
                    state.gc[k] = name
                    state.gc_uncertain.pop(k, None)
                elif event.change == _REMOVED:
                    state.gc.pop(k, None)
                    state.gc_uncertain.pop(k, None)
        if event.uncertain_count:
            Policy._apply_uncertain(state, event)

    @staticmethod
    def _apply_uncertain(state: _State, event: Event) -> None:
        """`uncertain_count` of `uncertain` were added or removed: track how many of the group are in."""
        group = frozenset(event.uncertain)
        keys = {name: _keys(name) for name in event.uncertain}
        present = state.gc_groups.get(group)
        if present is None:
            present = sum(1 for name in event.uncertain if _keys(name)[0] in state.gc)
        present += event.uncertain_count if event.change == _ADDED else -event.uncertain_count
        present = max(0, min(present, len(group)))
        for name, ks in keys.items():
            for k in ks:
                state.gc.pop(k, None)
                state.gc_uncertain.pop(k, None)
                state.last_gc_change[k] = event
                if present == len(group):
                    state.gc[k] = name
                elif present:
                    state.gc_uncertain[k] = name
        if 0 < present < len(group):
            state.gc_groups[group] = present
        else:
            state.gc_groups.pop(group, None)

    def _state(self, on: date | None) -> _State:
        return self._states[bisect_right(self._dates, on or date.today())]

    # --- dates ----------------------------------------------------------------------------------
    def known_from(self) -> date:
        """The first date of the recorded banned-list history; before it only the baseline is known."""
        return self._known_from

    def history_note(self, on: date | None = None) -> str | None:
        """A caveat for checks as of `on` (None when there is none): history before the baseline, a day to come
        (`day_note`), or Game Changers not fully known."""
        on = on or date.today()
        said = self.day_note(on)
        if said:
            return said
        uncertain = self._state(on).gc_uncertain
        if uncertain:
            names = "; ".join(sorted(set(uncertain.values())))
            return f"the Game Changers list of {on.isoformat()} is not fully known: uncertain are {names}"
        return None

    def day_note(self, on: date) -> str | None:
        """The caveat for a day outside the recorded lists: before their history, or a day to come; None for a
        recorded day (`card` and `brackets` say an uncertain Game Changer with its card)."""
        if on < self._known_from:
            return (f"policy history before {self._known_from.isoformat()} is not recorded: the banned list "
                    f"in force just before that date is used for {on.isoformat()} (a card whose ban the list dates is "
                    "banned from that day on)")
        if on > date.today():  # (not known yet: what will be announced meanwhile)
            return (f"{on.isoformat()} is a day to come: the banned and Game Changers lists as they stand today (their "
                    f"last change recorded on {self.latest_event.isoformat()}) are used for it")
        return None

    # --- bans -----------------------------------------------------------------------------------
    def newer_data(self, on: date | None, data_date: date | None) -> bool:
        """Whether card data of `data_date` knows more of `on` (today by default) than the policy does: it was made
        after the policy's last event, and `on` is not before it (RULES.md: of the data and the policy, the newer
        wins; the data says nothing of days before its own)."""
        return data_date is not None and data_date > self.latest_event and (on or date.today()) >= data_date

    def ban(self, card: Card, on: date | None = None, data_date: date | None = None) -> Ban | None:
        """Why `card` is banned in Commander on `on` (today by default), or None when it is not. With the date of
        the card data (`data_date`), the data's own legality, banned or legal, is taken over the list's when it is
        the newer (`newer_data`): a ban or unban announced after the policy's last event. Category bans (ante,
        Conspiracy, offensive) stand whatever the data says.

        Lutri after 2026-02-09 is not banned here (only as a companion: see companion_ban)."""
        ban = self._listed_ban(card, on)
        if not self.newer_data(on, data_date):
            return ban
        if card.commander_legality == BANNED and ban is None and self._companion_entry(card, on) is None:
            return Ban(card.name, DATA, None, "", f"the card data of {data_date.isoformat()} says banned; the "
                       f"policy's announcements reach {self.latest_event.isoformat()}")
        if card.commander_legality == LEGAL and ban is not None and ban.reason == NAMED:
            return None
        return ban

    def _listed_ban(self, card: Card, on: date | None) -> Ban | None:
        """The policy's own ban of `card` on `on`, or None."""
        entry = self._named_entry(card_keys(card), on)
        if entry is not None:
            return Ban(card.name, NAMED, entry.since, entry.url, entry.note)
        found = self._category(card)
        if found is not None:
            reason, url = found
            return Ban(card.name, reason, None, url)
        return None

    def _named_entry(self, keys: Iterable[str], on: date | None) -> _Entry | None:
        """The banned list's entry in force on `on` for a card of these folded names, or None."""
        state = self._state(on)
        for k in keys:
            entry = state.named.get(k)
            if entry is not None and not (entry.since and (on or date.today()) < entry.since):
                return entry
        return None

    def ban_named(self, name: str, on: date | None = None) -> Ban | None:
        """The named ban in force on `on` of a card by its name alone (the list's spelling of it as the Ban's card):
        how a card the card data lacks (Jeweled Lotus, newer than the bundled snapshot) is still known as banned."""
        entry = self._named_entry((name_key(name),), on)
        return None if entry is None else Ban(entry.name, NAMED, entry.since, entry.url, entry.note)

    def companion_ban(self, card: Card, on: date | None = None, data_date: date | None = None) -> Ban | None:
        """Why `card` can't be a companion on `on`: any ban (`ban`, the newer card data's too), or a "banned as
        companion" status (Lutri from 2026-02-09; before that its full ban), which no card data can say."""
        full = self.ban(card, on, data_date)  # a companion must be legal in the format too (CR 702.139, 103.2b)
        if full is not None:
            return full
        entry = self._companion_entry(card, on)
        return None if entry is None else Ban(card.name, COMPANION, entry.since, entry.url, entry.note)

    def _companion_entry(self, card: Card, on: date | None) -> Any:
        """The policy's "banned as a companion" entry for `card` on `on`, or None."""
        state = self._state(on)
        return next((state.companion[k] for k in card_keys(card) if k in state.companion), None)

    def _category(self, card: Card) -> tuple[str, str] | None:
        cached = self._category_cache.get(card.oracle_id, False)
        if cached is not False:
            return cached  # type: ignore[return-value]  # False is the cache-miss sentinel
        found: tuple[str, str] | None = None
        keys = card_keys(card)
        if any(self._conspiracy_type in f.types for f in card.faces):
            found = (CONSPIRACY, self._conspiracy_url)
        elif keys & self._ante_names or any(self._ante_pattern.search(f.oracle_text) for f in card.faces):
            found = (ANTE, self._ante_url)
        elif keys & self._offensive_names:
            found = (OFFENSIVE, self._offensive_url)
        if card.oracle_id:
            self._category_cache[card.oracle_id] = found
        return found

    def banned_names(self, on: date | None = None) -> frozenset[str]:
        """The canonical names of the named bans in force on `on` (categories and Lutri's companion ban
        not included)."""
        return frozenset(e.name for e in self._state(on).named.values())

    def companion_banned_names(self, on: date | None = None) -> frozenset[str]:
        """The canonical names banned as a companion only on `on`."""
        return frozenset(e.name for e in self._state(on).companion.values())

    # --- Game Changers --------------------------------------------------------------------------
    def is_game_changer(self, card: Card, on: date | None = None) -> bool:
        """Whether `card` is certainly on the Game Changers list on `on` (none before 2025-02-11).

        Cards whose membership is not known on that date count as False: see game_changer_status."""
        gc = self._state(on).gc
        return any(k in gc for k in card_keys(card))

    def game_changer_status(self, card: Card, on: date | None = None,
                            data_date: date | None = None) -> GameChangerStatus:
        """`card`'s Game Changer membership on `on`, with `certain` False where the record is incomplete. With the
        date of the card data (`data_date`), a card the data calls a Game Changer is one when the data is the
        newer (`newer_data`: added to the list since the policy's last event); a card it calls none is not taken
        off the list, as data that carries no flag at all (older files) can't be told from data that dropped it."""
        on = on or date.today()
        state = self._state(on)
        keys = card_keys(card)
        if any(k in state.gc for k in keys) or card.game_changer and self.newer_data(on, data_date):
            return GameChangerStatus(card.name, True, True)
        if any(k in state.gc_uncertain for k in keys):
            return GameChangerStatus(card.name, None, False,
                                     f"{card.name} may or may not have been a Game Changer on {on.isoformat()}: "
                                     "which cards left the list on 2025-04-22 is not recorded")
        return GameChangerStatus(card.name, False, True)

    def least_game_changers(self, cards: Iterable[Card], on: date | None = None) -> int:
        """How many of `cards` must be Game Changers on `on` though which of them are is not recorded: of a group of
        which k of n stayed on the list (2025-04-22: two of four left it), a deck holding m of them holds at least
        m - (n - k) (three of the four: one; all four: two)."""
        held = [card_keys(card) for card in cards]
        least = 0
        for group, present in self._state(on).gc_groups.items():
            keys = {key for name in group for key in _keys(name)}
            least += max(0, sum(1 for ks in held if not ks.isdisjoint(keys)) - (len(group) - present))
        return least

    def game_changer_named(self, name: str, on: date | None = None) -> str | None:
        """The Game Changer a card name names on `on` (the list's spelling of it), None when it names none: how a
        card the card data lacks (The One Ring, newer than the bundled snapshot) is still known as one."""
        return self._state(on).gc.get(name_key(name))

    def game_changers(self, on: date | None = None) -> frozenset[str]:
        """The canonical card names certainly on the Game Changers list on `on` (names, not folded keys)."""
        return frozenset(self._state(on).gc.values())

    def uncertain_game_changers(self, on: date | None = None) -> frozenset[str]:
        """Canonical names that may or may not have been Game Changers on `on`."""
        return frozenset(self._state(on).gc_uncertain.values())

    # --- the card data's own claims -------------------------------------------------------------
    def _last_change(self, card: Card, on: date, lst: str) -> Event | None:
        """The last event of list `lst` ("banned" or "game_changers") naming `card`, up to `on`."""
        state = self._state(on)
        table = state.last_ban_change if lst == "banned" else state.last_gc_change
        events = [table[k] for k in card_keys(card) if k in table]
        return max(events, key=lambda e: e.date) if events else None

    def data_disagreement(self, card: Card, on: date | None = None, data_date: date | None = None) -> str | None:
        """A one-line note when the card data's Commander legality differs from the policy, else None.

        The data speaks for its own date (`data_date`), so it is compared with the policy as of the later
        of `on` and `data_date`: a check as of 2019 does not flag data that is merely newer."""
        data_value = card.commander_legality
        if data_value not in (LEGAL, BANNED):
            return None  # not_legal and the like are not the policy's business
        if data_value == LEGAL and card_keys(card).isdisjoint(self._ever_named) and self._category(card) is None:
            return None  # never banned by the policy: they agree on every date (nearly every card)
        at = max(on or date.today(), data_date) if data_date else (on or date.today())
        banned = self.ban(card, at) is not None
        if (data_value == BANNED) == banned:
            return None  # they agree (nearly every card: asked first, before the companion question)
        companion = not banned and self.companion_ban(card, at) is not None
        policy_value = "banned" if banned else ("legal except as a companion" if companion else "legal")
        last = self._last_change(card, at, "banned")
        if last is not None:
            why = f"{last.change} {last.date.isoformat()}, {last.url}"
        else:
            why = f"policy events up to {self.latest_event.isoformat()}"
        data_when = data_date.isoformat() if data_date else "undated"
        used = ("the card data is used, the newer" if self.newer_data(on, data_date)
                and (self.ban(card, on, data_date) is not None) == (data_value == BANNED) else "the policy is used")
        return (f"{card.name}: the card data ({data_when}) says {data_value} in Commander, the policy says "
                f"{policy_value} ({why}); {used}")

    def game_changer_disagreement(self, card: Card, on: date | None = None,
                                  data_date: date | None = None) -> str | None:
        """A one-line note when the card data's Game Changer flag differs from the policy, else None.

        Only meaningful for card data that carries the flag (Scryfall `game_changer`, MTGJSON
        `isGameChanger`): card data older than the list (`data_date`, the card's own, `card_data_day`) says nothing
        of it; uncertain memberships are not flagged."""
        if data_date is not None and data_date < self._gc_known_from:
            return None
        at = max(on or date.today(), data_date) if data_date else (on or date.today())
        status = self.game_changer_status(card, at)  # the policy's own
        if not status.certain or status.member == card.game_changer:
            return None
        used = ("the card data is used, the newer" if card.game_changer and self.newer_data(on, data_date)
                else "the policy is used")
        last = self._last_change(card, at, "game_changers")
        why = f"{last.change} {last.date.isoformat()}, {last.url}" if last else \
            f"policy events up to {self.latest_event.isoformat()}"
        data_when = data_date.isoformat() if data_date else "undated"
        said = "a Game Changer" if card.game_changer else "not a Game Changer"
        policy = "a Game Changer" if status.member else "not a Game Changer"
        return f"{card.name}: the card data ({data_when}) says {said}, the policy says {policy} ({why}); {used}"


class Standing(NamedTuple):
    """What `check` holds of a card on a date, by the policy (data/policy) where the card data differs: its
    Commander legality, why it is banned (as a companion only: `companion_ban`), whether it is a Game Changer
    (None: not known for that day, `game_changer_note` says why; `check` counts it as none)."""

    legality: str
    ban: Any
    companion_ban: Any
    game_changer: bool | None
    game_changer_note: str = ""


def standing_of(card: Card, policy: Any, on: date | None, data_date: str | None = None) -> Standing:
    """The card's Standing by the policy on the date (by the card data's own legality where that is the newer,
    `Policy.ban`). A card the card data (of `data_date`,
    `CardStore.legalities_date`) calls not legal only because it was not released yet when the data was made
    is legal from its release on, as `check` holds it (`released-since-data`, a warning)."""
    from deckcheck.rules.legality import legal_from_release

    day = card_data_day(card, data_day(data_date))
    status = policy.game_changer_status(card, on, day)
    # the policy bans cards; it makes none legal
    if card.commander_legality == NOT_LEGAL and not legal_from_release(card, data_date, on):
        return Standing(NOT_LEGAL, None, None, status.member, status.note)
    ban = policy.ban(card, on, day)
    companion_ban = None if ban is not None else policy.companion_ban(card, on, day)
    return Standing(BANNED if ban is not None else LEGAL, ban, companion_ban, status.member, status.note)


def _read(path: Path) -> dict[str, Any]:
    try:
        with path.open(encoding="utf-8") as f:
            data = json.load(f)
    except OSError as exc:
        raise DeckcheckError(f"{path}: cannot read policy data ({exc.strerror or exc})") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise DeckcheckError(f"{path}: policy data is not valid JSON ({exc})") from None
    if not isinstance(data, dict):
        raise DeckcheckError(f"{path}: policy data must be a JSON object")
    return data


@lru_cache(maxsize=8)
def _load(directory: Path) -> Policy:
    return Policy(_read(directory / BANNED_FILE), _read(directory / GAME_CHANGERS_FILE),
                  _read(directory / CATEGORY_FILE), where=str(directory))


def load_policy(directory: Path | None = None) -> Policy:
    """The policy in `directory` (default: the repository's data/policy), loaded once and cached."""
    return _load(Path(directory or POLICY_DIR).resolve())


def given_policy(policy: Any) -> Policy:
    """The Python API's `policy` argument: the Policy given, else (for None) `load_policy()`'s; TypeError naming the
    argument for anything else (a folder's path: load_policy(path) loads it)."""
    if policy is None:
        return load_policy()
    if not isinstance(policy, Policy):
        raise TypeError(f"policy: a Policy (deckcheck.policy.load_policy() loads one), not {type(policy).__name__} "
                        f"{repr(policy)[:60]}")
    return policy
