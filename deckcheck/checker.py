"""The checker: resolves a parsed deck against the card store, derives and caches per-card facts, runs the
rule modules and builds the DeckReport. One Checker serves many decks (the batch path)."""

from __future__ import annotations

from _thread import allocate_lock
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from datetime import date
from functools import partial
from itertools import chain, repeat
from operator import attrgetter, itemgetter
from typing import TYPE_CHECKING, Any

from deckcheck.decklist import COMMANDER, COMPANION, MAIN, OUTSIDE, SIDEBOARD, Deck, Entry
from deckcheck.decklist.runs import Pieces, names_apart, names_in
from deckcheck.decklist.text import (
    group_name_entries, with_first_line_marked, with_line_ends_read, with_set_codes_in_names, without_group_names,
    without_links, without_title, without_words_around,
)
from deckcheck.errors import InputError
from deckcheck.model.card import Card, NonDeckObject
from deckcheck.model.names import MAX_NAME_CHARS, MISTYPED, has_lookalikes, likeness, name_key
from deckcheck.model.vocab import NOT_LEGAL
from deckcheck.policy import card_data_day, data_day
from deckcheck.report import DeckReport, Violation
from deckcheck.rules import MODULES
from deckcheck.rules.base import DeckContext, Item
from deckcheck.rules.facts import CardFacts
from deckcheck.rules.identity import resolve_identity
from deckcheck.rules.unknown import SUGGESTED_PER_DECK, gets_suggestions, names_to_suggest
from deckcheck.store import SNAPSHOT_LACKS, SNAPSHOT_NEWEST_CARDS, CardStore

if TYPE_CHECKING:
    from deckcheck.brackets import BracketFlags  # imported when a bracket is asked for

_STARTING = frozenset({COMMANDER, MAIN})  # the starting deck (702.139b): the commanders and the main deck
_CHECKED = _STARTING | {COMPANION}  # the starting deck and its companion
_UNUSED = frozenset({"sideboard", "maybeboard"})  # outside the 100 (903.5e), still checked for names
_IN_PLAY = _CHECKED | _UNUSED  # the sections the rules look at
_MAIN_ONLY = frozenset({MAIN})
_QUANTITY, _NAME, _SECTION = itemgetter(0), itemgetter(1), itemgetter(2)  # an Entry's fields
_CARD, _FACTS, _ORACLE_ID = itemgetter(0), itemgetter(1), itemgetter(3)  # a resolved row's fields
_ITEM_CARD = itemgetter(1)  # an Item's card
_ENTRIES = attrgetter("entries")  # a Deck's entries
#: How the last of a report's notes begins when a deck had an unknown card that may be a card newer than the data.
UNKNOWN_MAY_BE_NEWER = "names no card has here may be newer cards: "
#: That note when the data is the bundled snapshot.
UNKNOWN_IN_SNAPSHOT = f"{UNKNOWN_MAY_BE_NEWER}{SNAPSHOT_LACKS}"
#: What a name resolves to: (card, facts, banned or not legal, Oracle id, the note where the card data and the
#: policy disagree on it); (None, None, False, None, None) unknown.
_Row = tuple[Card | None, CardFacts | None, bool, str | None, str | None]


#: The dates a checker keeps what it resolved for (`Checker._resolved_on`).
DATES_KEPT = 16
#: The most names a checker keeps what it knows of, in each of its caches by name: far more than a whole archive's
#: decks name (the 17,900 Duel Commander decks 10,762), few enough that decklists of names no card has, each
#: new, can't grow its memory without end (10,000 such lines a deck kept 3 MB more a deck, 422 MB at 120 decks).
NAMES_KEPT = 100_000


def in_report_order(notes: Iterable[str]) -> list[str]:
    """The report notes of several checkers (a batch's workers, each chunk's in the order of the decks) as one
    checker's `report_notes` are: each once, in the order first met, the note on cards newer than the data last."""
    return sorted(dict.fromkeys(notes), key=_on_newer_cards)  # a stable sort: the rest keep their order


def _on_newer_cards(note: str) -> bool:
    """Whether a report's note is the one on unknown names that may be cards newer than the data."""
    return note.startswith(UNKNOWN_MAY_BE_NEWER)


def _unknown_in_older_data(store: CardStore) -> str:
    """The last of a report's notes when a deck checked in a store older than the bundled snapshot's newest cards
    (built from an old file, it takes the snapshot's place all the same) had an unknown card: the cards printed since
    its data are unknown to it, and "did you mean" takes them for typing mistakes."""
    return (f"{UNKNOWN_MAY_BE_NEWER}the card data in use is of {store.legalities_date}, older than the newest cards of "
            f"the bundled snapshot (released {SNAPSHOT_NEWEST_CARDS}); `deckcheck update` downloads Scryfall's current "
            "cards")


class Checker:
    """Checks decks against one card store and one policy; caches card facts by Oracle id. `suggests`: whether an
    unknown card's violation names the closest card names (a batch whose report shows no message leaves them out:
    finding them was about a twelfth of its time)."""

    def __init__(self, store: CardStore, policy: Any = None, *, suggests: bool = True) -> None:
        if policy is None:
            from deckcheck.policy import load_policy

            policy = load_policy()
        self.store = store
        self.policy = policy
        self.suggests = suggests
        self._facts: dict[str, CardFacts] = store.card_facts
        self._bans: dict[tuple[str, date | None], Any] = {}
        self._companion_bans: dict[tuple[str, date | None], Any] = {}
        self._bracket_flags: dict[date, BracketFlags] = {}  # per day, see check()
        self._suggestions: dict[str, list[str]] = {}
        self._others: dict[str, NonDeckObject | None] = {}
        self._resolved: dict[date | None, dict[str, _Row]] = {}
        self._restricted: set[str] = set()  # names banned or not legal on some date checked: a quick test
        self._unknown: set[str] = set()  # names no card has (the same quick test)
        self._disagreeing: set[str] = set()  # names whose card the data and the policy disagree on (the same)
        self._unknown_checked = False  # whether a deck had an unknown card that may be a newer one (report_notes)
        self._runs: dict[str, Pieces | None] = {}  # unknown names read as card names run together, or not
        self._loose: dict[str, str] = {}  # names found with their punctuation ignored -> the card's name
        self._names: dict[str, tuple[str, ...]] = {}  # name -> every name of its card (`card_names`)
        self._disagreements: dict[tuple[str, date | None], str | None] = {}
        self._notes: dict[str, None] = {}  # report-level notes, each said once, in order
        self.lent = False  # whether a report of many decks holds it (`checker_lent`)
        self._data_date = data_day(store.meta.get("updated_at"))

    # --- cached per-card knowledge --------------------------------------------------------------
    def facts(self, card: Card) -> CardFacts:
        """The card's rule facts, derived once per Oracle id (for every checker on the store)."""
        found = self._facts.get(card.oracle_id)
        if found is None:
            found = self._facts[card.oracle_id] = CardFacts(card)
        return found

    def lookup(self, name: str) -> Card | None:
        """The store's card for a name as written (the store caches it), else for the name with its
        punctuation ignored ("urzas saga"), remembered for the deck's notes."""
        card = self.store.lookup(name)
        if card is None:
            card = self.store.lookup_loose(name)
            if card is not None:
                self._loose[name] = card.name
        return card

    def is_card(self, name: str) -> bool:
        """Whether a name is a card's (`lookup`)."""
        return self.lookup(name) is not None

    def card_names(self, name: str) -> tuple[str, ...]:
        """Every name the card a name is (`lookup`) answers to (`Card.names`), none for a name no card has: how
        the commanders given or marked find the list's copy named otherwise (`decklist.commanders`, which asks it of
        every card of a list whose commander is named in short), kept per name."""
        found = self._names.get(name)
        if found is None:
            card = self.lookup(name)
            found = self._names[name] = card.names if card is not None else ()
        return found

    def can_lead(self, name: str) -> bool:
        """Whether the card with this name can be a commander on its own or as half of a pair (used to
        pick commanders out of an MTGO-style sideboard)."""
        card = self.lookup(name)
        if card is None:
            return False
        facts = self.facts(card)
        return facts.can_lead or facts.is_background

    def is_companion(self, name: str) -> bool:
        """Whether the card with this name has a companion ability (used to tell an MTGO-style sideboard's
        companion from its commanders)."""
        card = self.lookup(name)
        return card is not None and bool(self.facts(card).companion_text)

    def _names_a_card_itself(self, name: str) -> bool:
        """Whether a name is a card's own, in full or (but a split card's) its front face's, and no token's,
        emblem's or game aid's the card data knows: not "Illusion", a token's name and a half of Illusion //
        Reality, found by it; nor "Rhino", found loosely as Rhino-."""
        card = self.lookup(name)
        if card is None or self.non_deck_object(name) is not None:
            return False
        return name_key(name) == name_key(card.name) or (
            card.layout != "split" and name_key(name) == name_key(card.front.name))

    def _can_pair(self, first: str, second: str) -> bool:
        """Whether the cards so named can be a deck's two commanders: both can lead, and as partners (702.124)."""
        from deckcheck.rules.commander import pair_problem

        a, b = self.lookup(first), self.lookup(second)
        if a is None or b is None or a.oracle_id == b.oracle_id:
            return False
        if not (self.can_lead(first) and self.can_lead(second)):
            return False
        return pair_problem(Item(Entry(1, first, COMMANDER, 0), a, self.facts(a)),
                            Item(Entry(1, second, COMMANDER, 0), b, self.facts(b))) is None

    def _fits_under(self, leader: str, companion: str) -> bool:
        """Whether the card named `companion` may be the companion of the card named `leader` as the commander: the
        leader can lead, and the companion's color identity is within its (903.4, 702.139a)."""
        lead, card = self.lookup(leader), self.lookup(companion)
        if lead is None or card is None or not self.can_lead(leader):
            return False
        return self.facts(card).identity_mask & ~self.facts(lead).identity_mask == 0

    def suggest_many(self, names: Sequence[str]) -> dict[str, list[str]]:
        """Close card names for many unknown names at once (cached across decks)."""
        if len(self._suggestions) > NAMES_KEPT:
            self._suggestions.clear()
        missing = [n for n in dict.fromkeys(names) if n not in self._suggestions]
        if missing:
            self._suggestions.update(self.store.suggest_many(missing))
        return {n: self._suggestions[n] for n in names}

    def mistyped(self, names: Sequence[str]) -> dict[str, str]:
        """The card each of these names no card has most likely misspells: its closest card name when the two
        are nearly alike ("Sol Rign", Sol Ring: a similarity of MISTYPED or more out of 100); the others left out."""
        return {name: close[0] for name, close in self.suggest_many(names).items()
                if close and likeness(name, close[0]) >= MISTYPED}

    def non_deck_object(self, name: str) -> NonDeckObject | None:
        """The meld result, token, emblem or game aid that a name no card has names, or None (cached;
        `CardStore.lookup_other`)."""
        try:
            return self._others[name]
        except KeyError:
            if len(self._others) > NAMES_KEPT:
                self._others.clear()
            found = self._others[name] = self.store.lookup_other(name)
            return found

    def ban(self, card: Card, on: date | None) -> Any:
        """The card's ban on this date (None: not banned), cached: the policy's, or the card data's where that is
        the newer (`Policy.ban`)."""
        key = (card.oracle_id, on)
        try:
            return self._bans[key]
        except KeyError:
            found = self._bans[key] = self.policy.ban(card, on, self._legality_day(card))
            return found

    def companion_ban(self, card: Card, on: date | None) -> Any:
        """The card's ban as a companion on this date, cached (`Policy.companion_ban`)."""
        key = (card.oracle_id, on)
        try:
            return self._companion_bans[key]
        except KeyError:
            found = self._companion_bans[key] = self.policy.companion_ban(card, on, self._legality_day(card))
            return found

    def _legality_day(self, card: Card) -> date | None:
        return card_data_day(card, self._data_date)

    def _disagreement(self, card: Card, on: date | None) -> str | None:
        """Where the card data's own Commander legality and the policy differ on a card (stale data, or an
        announcement newer than the data), the report's note saying that the policy is used; worked out once per
        card and date, and said once a deck has the card where the rules judge it (`context`)."""
        key = (card.oracle_id, on)
        try:
            return self._disagreements[key]
        except KeyError:
            note = self._disagreements[key] = self.policy.data_disagreement(card, on, self._legality_day(card))
            return note

    def _new_report(self) -> None:
        """Forget the report-level notes (`report_notes`) of the decks checked so far: a report of other decks begins
        (`checker_lent`). Each is said in `context` or `checked_context` for a deck, not when a name is first
        resolved, so a report's notes are its decks' whatever this checker met before."""
        self._notes.clear()
        self._unknown_checked = False

    def report_notes(self, on: date | None = None) -> list[str]:
        """Notes for the whole report: the policy's caveat for the date, then each data/policy
        disagreement met in the decks checked so far, then, when a deck had an unknown card that may be newer than
        the data, what the bundled snapshot lacks, or, in a store older than the snapshot's newest cards, its date."""
        caveat = self.policy.history_note(on)
        notes = ([caveat] if caveat else []) + list(self._notes)
        if self._unknown_checked and self.store.is_bundled:
            notes.append(UNKNOWN_IN_SNAPSHOT)
        elif self._unknown_checked and self.store.older_than_the_snapshot:
            notes.append(_unknown_in_older_data(self.store))
        return notes

    # --- checking ---------------------------------------------------------------------------------
    def prepare(self, deck: Deck, commanders: Sequence[str] | None = None, given: str = "--commander") -> Deck:
        """Apply --commander names (their notes beginning with `given`), or take commanders from an MTGO-style
        sideboard when none are marked; a commander marked by a short name is read as --commander reads one
        (`commanders_as_listed`). With its commanders marked or given, a deck that marks no companion has its
        sideboard's companion taken as one (`sideboard_companion`); one whose commanders hold a companion that pairs
        with none of them, that card (`companion_listed_as_commander`)."""
        from deckcheck import decklist

        deck = decklist.companions_given_read(deck, self.card_names)
        if deck.commanders_marked:
            deck = decklist.commanders_run_on(deck, self.can_lead, self._can_pair)
        chosen = not commanders and not deck.commanders_marked  # (by deckcheck, with the card data)
        if chosen:
            deck = decklist.assign_sideboard_commanders(deck, self.can_lead, self.is_companion, self._fits_under)
        else:
            deck = (decklist.with_commanders(deck, list(commanders), given, self.card_names, self.mistyped)
                    if commanders else
                    decklist.partner_kept(decklist.commanders_as_listed(deck, self.card_names), self._can_pair))
        deck = decklist.companion_listed_as_commander(deck, self.is_companion, self.can_lead, self._can_pair,
                                                      self._fits_under)
        if not chosen:
            deck = decklist.sideboard_companion(deck, self.is_companion)
        sections = deck.sections()  # (most decks have neither: no pass over their entries for each)
        if COMPANION in sections:
            deck = decklist.companion_marked_as_partner(deck, self.is_companion, self._can_pair)
            if SIDEBOARD in sections:
                deck = decklist.without_the_companion_s_sideboard_copy(deck)
        return decklist.outside_cards_counted(deck, self._names_a_card_itself) if OUTSIDE in sections else deck

    def _resolve(self, name: str, on: date | None) -> _Row:
        """A name's card, its facts, whether the card is banned on the date or not legal at all, and its
        Oracle id."""
        card = self.lookup(name)
        if card is None:
            self._unknown.add(name)
            return None, None, False, None, None
        note = self._disagreement(card, on) if card.commander_legality != NOT_LEGAL else None
        if note:
            self._disagreeing.add(name)
        restricted = card.commander_legality == NOT_LEGAL or self.ban(card, on) is not None
        if restricted:
            self._restricted.add(name)
        return card, self.facts(card), restricted, card.oracle_id, note

    def _resolved_on(self, on: date | None) -> dict[str, _Row]:
        """The names resolved for a date. A date past the last DATES_KEPT empties every cache by date first: a
        notebook checking each deck as of its own day (thousands of days) kept each day's cards, 280 MB."""
        found = self._resolved.get(on)
        if found is None:
            if len(self._resolved) >= DATES_KEPT:
                for by_date in (self._resolved, self._bans, self._companion_bans, self._disagreements):
                    by_date.clear()
            found = self._resolved[on] = {}
        return found

    def _forget_past_the_bound(self, on: date | None) -> None:
        """Past NAMES_KEPT names resolved for the date, forget what every name met resolved to, on every date, with
        the quick tests that must hold every name a resolved row says it of (`_unknown`, `_restricted`,
        `_disagreeing`), the names found with their punctuation ignored and each name's other names (`card_names`).
        Called between decks only (`prefetch`, `checked_context`), never within one, whose names read earlier must stay
        (a Tokens line's "urzas saga" read as Urza's Saga, said in its notes). Each date's dict is emptied in place, as
        a caller may hold it."""
        if len(self._resolved_on(on)) > NAMES_KEPT:
            for by_name in (*self._resolved.values(), self._unknown, self._restricted, self._disagreeing, self._loose,
                            self._names):
                by_name.clear()

    def prefetch(self, decks: Sequence[Deck], on: date | None = None) -> None:
        """Resolve every card name of many decks at once, and find suggestions for all their unknown names
        in one similarity pass (a batch; checking them afterwards finds everything cached), past NAMES_KEPT names
        forgetting those resolved before (`_forget_past_the_bound`). Names are resolved in the order the decks first
        name them (the order of the report's notes)."""
        self._forget_past_the_bound(on)
        self._resolve_names(decks, on)

    def _resolve_names(self, decks: Sequence[Deck], on: date | None) -> None:
        """`prefetch`'s work, forgetting nothing: what `context` asks for a name met in the middle of a deck."""
        resolved = self._resolved_on(on)
        # Whole-chunk passes over a chunk's million-odd entries, without a Python-level step per entry when
        # every entry is in a section the rules look at (almost every deck)
        entries = list(chain.from_iterable(map(_ENTRIES, decks)))
        sections = set(map(_SECTION, entries))
        if sections <= _IN_PLAY:
            named = dict.fromkeys(map(_NAME, entries))
        else:
            named = dict.fromkeys(e.name for e in entries if e.section in _IN_PLAY)
        new = [name for name in named if name not in resolved]
        for name in new:
            resolved[name] = self._resolve(name, on)
        unknown = [name for name in new if resolved[name][0] is None]
        if unknown and self.suggests:  # suggestions for the ones the rules report (not those only in a sideboard)
            if not sections <= _CHECKED:
                checked = {e.name for e in entries if e.section in _CHECKED}
                unknown = [name for name in unknown if name in checked]
            if len(unknown) > SUGGESTED_PER_DECK:  # only each deck's first ones get suggestions (as in the rule)
                first = set(chain.from_iterable(names_to_suggest(
                    (e.name for e in deck.entries if e.section in _CHECKED and resolved[e.name][0] is None), self)
                    for deck in decks))
                unknown = [name for name in unknown if name in first]
            else:
                unknown = [name for name in unknown if gets_suggestions(name, self)]
            self.suggest_many(unknown)

    def context(self, deck: Deck, on: date | None = None) -> DeckContext:
        """Resolve every entry to its card and facts and sort the items by section; list the starting deck's
        known cards with their Oracle ids and pick out its banned and not-legal cards, for the rules.

        Written as whole-deck comprehensions rather than one loop with a branch per entry: in a batch this
        runs for every entry of every deck, and each name is resolved once per date (`_resolve`)."""
        ctx = DeckContext(deck=deck, commanders=[], main=[], companions=[], unused=[], unknown=[], on=on,
                          policy=self.policy)
        resolved = self._resolved_on(on)
        entries = deck.entries
        secs = list(map(_SECTION, entries))
        sections = set(secs)
        if not sections.issubset(_IN_PLAY):
            entries = [e for e in entries if e.section in _IN_PLAY]  # not tokens, planes, display commanders
            secs = list(map(_SECTION, entries))
        names = list(map(_NAME, entries))
        try:
            rows = list(map(resolved.__getitem__, names))
        except KeyError:  # a name met for the first time (a batch has resolved its chunk already)
            self._resolve_names([deck], on)
            rows = list(map(resolved.__getitem__, names))
        # Item(entry, card, facts) for each entry, built without a Python-level step per entry
        items = list(map(tuple.__new__, repeat(Item), zip(entries, map(_CARD, rows), map(_FACTS, rows))))
        # Most decks are a main deck, or their commanders and then the main deck: then the items are the
        # starting deck in order, and its count and Oracle ids come straight from the entries and rows.
        in_order = False
        if sections == _MAIN_ONLY:
            ctx.main = items
            in_order = True
        elif sections <= _STARTING and secs[:(n := secs.count(COMMANDER))].count(COMMANDER) == n:
            ctx.commanders, ctx.main = items[:n], items[n:]
            in_order = True
        else:
            ctx.commanders = [i for i in items if i.entry.section == COMMANDER]
            ctx.main = [i for i in items if i.entry.section == MAIN]
            if COMPANION in sections:
                ctx.companions = [i for i in items if i.entry.section == COMPANION]
            if not sections.isdisjoint(_UNUSED):
                ctx.unused = [i for i in items if i.entry.section in _UNUSED]
        if not self._unknown.isdisjoint(names):  # most decks: every name known
            ctx.unknown = [i for i in items if i.card is None and i.entry.section not in _UNUSED]
        starting = ctx.starting_deck
        if in_order:
            ctx.card_count = sum(map(_QUANTITY, entries))
        else:
            ctx.card_count = sum([i.entry.quantity for i in starting])
        ctx.known = known = [i for i in starting if i.card is not None] if ctx.unknown else starting
        if in_order and not ctx.unknown:  # the rows are the starting deck's, every card known
            ctx.oids = list(map(_ORACLE_ID, rows))
        else:
            ctx.oids = [i.card.oracle_id for i in known]  # type: ignore[union-attr]
        ctx.repeats = len(set(ctx.oids)) != len(ctx.oids)
        if not self._restricted.isdisjoint(names):  # most decks: no banned or not-legal card at all
            ctx.restricted = [i for i in known if resolved[i.entry.name][2]]
        if self._disagreeing and not self._disagreeing.isdisjoint(names):  # said of cards judged, not of a sideboard
            for item in chain(known, ctx.companions):
                note = resolved[item.entry.name][4]
                if note:
                    self._notes[note] = None
        resolve_identity(ctx)
        return ctx

    def _loose_notes(self, deck: Deck) -> list[str]:
        """A note for each entry found with its name's punctuation ignored (or a Cyrillic or Greek letter that looks
        Latin read as that): what it was read as."""
        loose = self._loose
        if loose.keys().isdisjoint(map(_NAME, deck.entries)):
            return []
        return [f"{f'line {e.line}: ' if e.line else ''}{e.name} read as {loose[e.name]}"
                + (" (a Cyrillic or Greek letter in it read as the Latin one it looks like)"
                   if has_lookalikes(name_key(e.name)) else "")
                for e in deck.entries if e.name in loose]

    def checked_context(self, deck: Deck, on: date | None = None, commanders: Sequence[str] | None = None,
                        given: str = "--commander") -> DeckContext:
        """The context of a deck as the rules check it: its commanders chosen (`prepare`), and, when some names
        are no card's, a name's parenthesised end read as a set code put back (`with_set_codes_in_names`), lines of
        card names run together read apart (`names_apart`), a name's end that is no card's read off
        (`with_line_ends_read`: "Sol Ring 1", "Sol Ring // best card") and then a post's words around its list, the
        names of a grouped list's groups and a title above the list taken out (`without_words_around`,
        `without_group_names`, `without_title`); `ctx.deck` is that deck. Past NAMES_KEPT names resolved, those are
        forgotten first (`_forget_past_the_bound`). InputError when no line is left a card's (a link and words)."""
        self._forget_past_the_bound(on)
        prepare = partial(self.prepare, commanders=commanders, given=given)
        ctx = self.context(prepare(deck), on)
        unknown = self._unknown_names(ctx)
        if unknown and (named := with_set_codes_in_names(deck, unknown, self.is_card)) is not deck:
            deck = named
            ctx = self.context(prepare(deck), on)
            unknown = self._unknown_names(ctx)
        grouped, plain = deck, []  # the deck whose groups' names go, and its names no card has that may be some
        if unknown or deck.heading_lines:
            apart, grouped, plain = self._tidied(deck, unknown)
            if apart is not deck:
                ctx = self.context(prepare(apart), on)
            if ctx.card_count > 100 and unknown and deck.group_lines:
                # a group's size after its name, the name a card's, read as that card's count ("Counterspell - 8"
                # above cards counted "1 Sol Ring"): the group's when the list is 100 cards without it
                tidied = self._tidied(deck, unknown, group_counts=False)
                if tidied[0] is not apart and (other := self.context(prepare(tidied[0]), on)
                                               ).card_count == 100:
                    (apart, grouped, plain), ctx = tidied, other
        if ctx.card_count > 100 and grouped.group_lines:
            # groups named as cards are ("Blink", "Burn" above their cards): their names when the list is a card too
            # many with each of them, and 100 cards without them
            named = [e for e in group_name_entries(grouped) if e.section == MAIN and self.is_card(e.name)]
            if named and ctx.card_count - sum(e.quantity for e in named) == 100:  # (a group's size after its name,
                # "Sacrifice (9)", read as that card's count)
                apart = without_group_names(grouped, plain, self.mistyped, cards=[e.name for e in named])
                ctx = self.context(prepare(without_title(apart, plain, self.mistyped)), on)
        elif ctx.card_count < 100 and grouped.group_lines and plain:
            # a card's name mistyped, with its count left out, among cards counted ("Sedborn Muse" in a list of "1
            # Sol Ring"): read as a group's name but for its likeness to a card's, and the list is 100 cards with it;
            # not one set off by a blank line or a header above it, as a group's name is ("Counterspells")
            listed = {line for e in grouped.entries for line in e.lines}
            lines = {e.line for e in group_name_entries(grouped)
                     if e.quantity == 1 and e.section == MAIN and e.line - 1 in listed}
            unled = [e.name for e in grouped.entries if e.line in lines and e.name in plain]
            near = self.mistyped(unled) if unled else {}
            if near and ctx.card_count + len(near) == 100:
                rest = [name for name in plain if name not in near]
                apart = without_group_names(grouped, rest, self.mistyped)
                ctx = self.context(prepare(without_title(apart, rest, self.mistyped)), on)
        if not ctx.deck.entries and deck.entries and not deck.problems:  # every line read as no card's: a deck
            # site's link and a post's words around it; unreadable, as an empty list is (`with_entries`), not a deck of
            # 0 cards (a line that failed to be an entry keeps it checked, its syntax error reported)
            said = [note for note in ctx.deck.notes if note not in deck.notes]
            raise InputError(deck.path, "no card entries" + (f": {'; '.join(said)}" if said else ""))
        if ctx.unknown and not self._unknown_checked:
            # What the data lacks (the snapshot's, an older store's) is said for an unknown card that may be newer:
            # not for a token, emblem, meld result or game aid, a web address or two cards' names on one line
            # (each reported as what it is), a name longer than any card's, or a name only in the sideboard.
            self._unknown_checked = any(len(i.entry.name) <= MAX_NAME_CHARS and gets_suggestions(i.entry.name, self)
                                        for i in ctx.unknown)
        return ctx

    def _tidied(self, deck: Deck, unknown: list[str], group_counts: bool = True) -> tuple[Deck, Deck, list[str]]:
        """For `checked_context`: the deck with its lines of names run together read apart, its names' ends that are
        no card's read off (`with_line_ends_read`) and a post's words, its groups' names and its title taken out; the
        deck whose groups' names were taken out; the names no card has that may be such words."""
        apart = deck
        if unknown:
            apart = with_first_line_marked(without_links(deck, unknown, self.is_card), unknown, self.is_card)
            apart = with_line_ends_read(names_apart(apart, unknown, self._names_in), unknown, self.card_names,
                                        group_counts=group_counts)
        grouped, plain = deck, []
        if apart.group_lines or apart.word_lines or apart.title_line:
            # (an unknown name told as what it is, a web address or cards joined, stays)
            plain = [name for name in unknown if gets_suggestions(name, self)]
            apart = grouped = without_words_around(apart, plain, self.mistyped)
            apart = without_title(without_group_names(apart, plain, self.mistyped), plain, self.mistyped)
        return apart, grouped, plain

    def _unknown_names(self, ctx: DeckContext) -> list[str]:
        """The names of a context's deck that no card has, in the starting deck and outside the 100."""
        names = [i.entry.name for i in ctx.unknown]
        if ctx.unused and not self._unknown.isdisjoint(i.entry.name for i in ctx.unused):
            names += [i.entry.name for i in ctx.unused if i.card is None]
        return names

    def _misspells(self, name: str) -> bool:
        """Whether a name no card has nearly spells (`likeness` of MISTYPED or more) a card's name that opens as it
        does and holds as many commas or more: "Sheoldred, Whispering Onee", Sheoldred, Whispering One; "Fear, Fire
        Foez", Fear, Fire, Foes! (not "Kenrith, the Returned King, Opt": a card's name and another card's)."""
        key = name_key(name)
        commas = key.count(",")
        return any(full.count(",") >= commas and likeness(key, full) >= MISTYPED
                   for full in self.store.comma_names(key.split(",", 1)[0]))

    def _names_in(self, name: str) -> Pieces | None:
        """What a name no card has reads as when it is card names run together (`names_in`; cached)."""
        try:
            return self._runs[name]
        except KeyError:
            if len(self._runs) > NAMES_KEPT // 2:  # a long-lived checker met many
                self._runs.clear()
            found = self._runs[name] = names_in(name, self.is_card, self.store.opens_comma_name, self._misspells)
            return found

    def check(self, deck: Deck, *, on: date | None = None, commanders: Sequence[str] | None = None,
              bracket: bool = False, given: str = "--commander") -> DeckReport:
        """Every violation of one deck, in one pass; with ``bracket``, also its Commander Bracket floor
        (from the known commanders and main-deck cards). The notes on the `commanders` given begin with `given`."""
        return self.report(self.checked_context(deck, on, commanders, given), bracket=bracket)

    def report(self, ctx: DeckContext, *, bracket: bool = False) -> DeckReport:
        """The DeckReport of a checked context (`checked_context`)."""
        deck, on = ctx.deck, ctx.on
        violations: list[Violation] = []
        for module in MODULES:
            violations.extend(module.check(ctx, self))
        notes = list(deck.notes) + ctx.notes
        if self._loose:
            notes.extend(self._loose_notes(deck))
        if ctx.chosen_colors:
            from deckcheck.model.vocab import COLOR_NAMES

            leaders = [i.name for i in ctx.commanders if i.facts is not None and i.facts.chooses_color]
            notes.append(f"{' and '.join(leaders)} chose {', '.join(COLOR_NAMES[c] for c in ctx.chosen_colors)} "
                         f"before the game (903.4b)")
        companion = ctx.companions[0].name if ctx.companions else None
        estimate = None
        if bracket:
            from deckcheck.brackets import BracketFlags, estimate_bracket

            day = on or date.today()
            flags = self._bracket_flags.get(day)
            if flags is None:
                if len(self._bracket_flags) >= 8:  # a long-lived checker asked about many days
                    self._bracket_flags.clear()
                flags = self._bracket_flags[day] = BracketFlags(self.policy, day, self._data_date)
            # the known cards of the commanders and the main deck, in deck order
            unknown = list(dict.fromkeys(i.entry.name for i in ctx.unknown))
            estimate = estimate_bracket(list(map(_ITEM_CARD, ctx.known)), self.policy, day, flags=flags,
                                        unknown=unknown).to_dict()
        return DeckReport(path=deck.path, commanders=tuple(i.name for i in ctx.commanders),
                          color_identity=ctx.identity if ctx.identity_known else None, card_count=ctx.card_count,
                          violations=tuple(violations), companion=companion, notes=tuple(notes),
                          name=deck.name, bracket=estimate)


@contextmanager
def checker_lent(store: CardStore, policy: Any = None, *, suggests: bool = True) -> Iterator[Checker]:
    """The store's shared checker (`checker_for`) for one report (`check_many`, `check_deck`), its report-level notes
    forgotten first (`Checker._new_report`). While another report holds it (a thread of a web app), a checker of its
    own, as every report had before: one report's notes were another's."""
    shared = checker_for(store, policy, suggests=suggests)
    lent = False
    try:
        with _LENDING:
            if not shared.lent:
                lent = shared.lent = True  # (in this order: a Ctrl-C between the two leaves it lent to no one)
        if not lent:
            yield Checker(store, policy, suggests=suggests)
            return
        shared._new_report()
        yield shared
    finally:
        if lent:
            shared.lent = False


#: Taken to lend the shared checker to one report at a time (`checker_lent`).
_LENDING = allocate_lock()  # (_thread's: the threading module is no import of a cold check's)


def checker_for(store: CardStore, policy: Any = None, *, suggests: bool = True) -> Checker:
    """The shared Checker for this store and policy (so facts are cached across calls), kept on the store: it goes
    when the store does. (Kept before in a WeakKeyDictionary by store, whose Checker held its store: no store went.)"""
    key = (id(policy), suggests)
    given, found = store.checkers.get(key, (None, None))
    if found is None or given is not policy:  # (the policy held: no other at its address meanwhile)
        found = Checker(store, policy, suggests=suggests)
        store.checkers[key] = (policy, found)
    return found
