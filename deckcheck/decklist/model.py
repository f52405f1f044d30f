"""The parsed deck: entries (quantity, name as written, section, source lines), parse problems and notes.

A parsed deck knows nothing of card data: names are kept as written (annotations removed) and folded only
for adding up duplicate lines; looking a name up is the card store's job.
"""

from __future__ import annotations

import json
import numbers
import re
from dataclasses import dataclass, field
from operator import itemgetter
from typing import NamedTuple

from deckcheck.model.names import MAX_NAME_CHARS, name_key

# Sections of a parsed deck.
COMMANDER = "commander"
COMPANION = "companion"
MAIN = "main"
SIDEBOARD = "sideboard"
MAYBEBOARD = "maybeboard"
#: Cards that are never part of the 100: Display Commander, Planar/Scheme/Attraction decks, tokens.
OUTSIDE = "outside"
SECTIONS = (COMMANDER, COMPANION, MAIN, SIDEBOARD, MAYBEBOARD, OUTSIDE)
#: The sections whose cards no mark after a name ("(Commander)", "- Companion", "*CMDR*") moves: the maybeboard and
#: the extra decks, whatever a list marks there.
KEPT_FROM_MARKS = frozenset({MAYBEBOARD, OUTSIDE})
#: The words that mark a card as the commander in parentheses after its name, as lists written by hand do:
#: "Atraxa, Praetors' Voice (Commander)".
COMMANDER_WORDS = frozenset({"commander", "cmdr", "general"})

#: The most copies one entry may ask for; above this a line is reported, not counted.
MAX_QUANTITY = 1000
#: Longer lines are reported as problems without being matched (the longest card name has 141 characters).
MAX_LINE_CHARS = 1000
#: The offending text kept in a ParseProblem is cut to this many characters.
PROBLEM_TEXT_CHARS = 120
#: The most different cards one decklist may hold (a Commander list with its sideboard and maybeboard has a few
#: hundred): past it the list is not a deck, and the lines of further cards are counted in one problem, not
#: kept, so that a 16 MB list of a million different names can't take gigabytes of reports.
MAX_ENTRIES = 10_000
#: The most card lines one decklist may have (a Commander list has a few hundred): past them the list is not a
#: deck either, and further card lines are counted in one problem, not kept, so that a 16 MB list of one card
#: written four million times can't take a gigabyte (every card line's number is kept for the report).
MAX_CARD_LINES = 100_000
#: The most lines of one decklist looked at (a Commander list has a few hundred, a post around it some more): past
#: them the list is not a deck, and the lines left are counted in one problem, not read, so that a 16 MB file of four
#: million lines that are no card's (comments, headers) can't take a quarter of a minute.
MAX_LINES_READ = 200_000
#: The most problems kept for one decklist; the rest are counted in one last problem.
MAX_PROBLEMS = 1_000


class _EntryFields(NamedTuple):
    quantity: int
    name: str
    section: str
    line: int
    set_code: str | None
    collector_number: str | None
    lines: tuple[int, ...]


class Entry(_EntryFields):
    """Copies of one card in one section. `line` is the first source line (1-based; 0 when the source has no
    lines, as in MTGJSON deck files); `lines` holds every line that added to it (by default `line` alone).

    An immutable named tuple rather than a frozen dataclass: every deck of a batch makes about a hundred,
    and a tuple is four times faster to build. `entry._replace(section=...)` gives a changed copy."""

    __slots__ = ()

    def __new__(cls, quantity: int, name: str, section: str, line: int, set_code: str | None = None,
                collector_number: str | None = None, lines: tuple[int, ...] = ()) -> Entry:
        return tuple.__new__(cls, (quantity, name, section, line, set_code, collector_number, lines or (line,)))


@dataclass(frozen=True)
class ParseProblem:
    """A line that is not a card entry; reported by the checker as the `syntax` rule."""

    line: int
    text: str
    message: str


_SECTION = itemgetter(2)  # an Entry's section


@dataclass(frozen=True)
class Deck:
    """A parsed decklist. `commanders_marked` is True when the text itself said which cards lead the deck."""

    path: str
    name: str | None
    entries: tuple[Entry, ...]
    problems: tuple[ParseProblem, ...]
    commanders_marked: bool
    notes: tuple[str, ...] = ()
    #: "text", "csv" or "mtgjson".
    source_format: str = "text"
    #: MTGJSON's deck type ("Commander Deck", "Brawl Deck", ...) when the file says one.
    deck_type: str | None = None
    #: A plain list that starts with a block of one or two cards set off by a blank line (a common way of
    #: writing the commander first): their names, for `assign_sideboard_commanders`.
    first_block_names: tuple[str, ...] = field(default=())
    #: The same of a block of one or two cards set off at the end of a list that has a sideboard or maybeboard
    #: header below it (MTGO's order, the commander last; without such a header that block is read as the sideboard).
    last_block_names: tuple[str, ...] = field(default=())
    #: The lines of entries written with no quantity right before entries written with one, or as headings are
    #: (all in bold or italics, or ending in ":"): where a list grouped by what the cards do names a group ("Ramp",
    #: "Card Draw (12)", "Win Conditions:", "**Removal**"); also those of entries written in bold or italics with
    #: their quantity ("**2 Drops**", "**1 Sol Ring**"). Such an entry that no card has is that group's name,
    #: for `without_group_names`.
    group_lines: tuple[int, ...] = field(default=())
    #: Those of the group lines read so only as the line before a card counted after its name ("Ramp" above "Sol
    #: Ring x1"): such an entry is a group's name only when no card has its name ("Mana Crypt" there is a card
    #: whose count was left out), whatever the list's size.
    cardless_group_lines: tuple[int, ...] = field(default=())
    #: Those of the group lines that end in ":" ("Burn:", "**Clone:**"), which no card name does: such an entry is
    #: the group's name even when a card has that name ("Burn", a half of Turn // Burn).
    heading_lines: tuple[int, ...] = field(default=())
    #: The lines of entries written with no quantity that read as sentences ("Here's my list!", "Thanks!") before
    #: the list's first other entry or after its last: a post's words around its list. Such an entry that no card
    #: has is no card, for `without_words_around`.
    word_lines: tuple[int, ...] = field(default=())
    #: The lines of commanders named with no count, after a prefix ("**Commander:** Atraxa, Praetors' Voice",
    #: "Commander - Atraxa") or under a Commander header: how a post labels its commander above a list that may
    #: hold the card as well. Such a commander and a copy listed in the main deck or sideboard are one card, for
    #: `commanders_as_listed`.
    label_lines: tuple[int, ...] = field(default=())
    #: The line of the list's first entry when it has no quantity, comes before any header, and the list's next
    #: entry, after a blank line, a comment or a header, has one: how a deck's title is written above its list
    #: ("Felothar Armor Deck"). Such an entry that no card has is the deck's name, for `without_title`; 0 for none.
    title_line: int = 0
    #: The lines of entries written with no count before the name ("Sol Ring 1", "Sol Ring // best card"): only such a
    #: line's bare number after the name is its count (`with_line_ends_read`), not "1 Sol Ring 410"'s.
    uncounted_lines: tuple[int, ...] = field(default=())
    #: Commanders given beside the list (`with_commanders`: a form's Commander cell) that no entry of the list
    #: named, added as cards of their own: the checker looks again, with the card data, for a copy the list names
    #: otherwise (by a face, or by the Oracle name of a flavor name given), for `commanders_as_listed`.
    added_commanders: tuple[str, ...] = field(default=())
    #: The commanders the list marked that those given beside it did not name, moved to the main deck
    #: (`with_commanders`): kept, the name given left out, when that name is no card's (`commanders_given_read`).
    unmarked_commanders: tuple[str, ...] = field(default=())
    #: Companions given beside the list (`with_companions`: a form's Companion cell) that no entry of the list named,
    #: added as cards of their own: one whose name no card has is read, with the card data, as the list's card spelt
    #: closest (`companions_given_read`).
    added_companions: tuple[str, ...] = field(default=())

    def section(self, section: str) -> tuple[Entry, ...]:
        """The entries of one section, in source order."""
        return tuple(e for e in self.entries if e.section == section)

    def sections(self) -> set[str]:
        """The sections the deck's entries are in."""
        return set(map(_SECTION, self.entries))

    def count(self, section: str) -> int:
        """The number of cards (quantities added up) in one section."""
        return sum(e.quantity for e in self.entries if e.section == section)

    @property
    def commanders(self) -> tuple[Entry, ...]:
        """The commander entries."""
        return self.section(COMMANDER)


class Problems(list):
    """A parse's ParseProblems: the first MAX_PROBLEMS + 1 kept, the rest only counted, so that a 16 MB file of
    four million lines that are no card entries can't take a gigabyte (`EntryCollector.finish` reports them)."""

    def __init__(self) -> None:
        super().__init__()
        self.more = 0  # problems past the ones kept

    def append(self, item: ParseProblem) -> None:
        if len(self) > MAX_PROBLEMS:
            self.more += 1
        else:
            super().append(item)


def shortened(text: str, most: int) -> str:
    """A decklist's text as a message quotes it: at most `most` characters, ending in "…" when cut."""
    return text if len(text) <= most else text[: most - 1] + "…"


def problem(line: int, text: str, message: str) -> ParseProblem:
    """A ParseProblem with the offending text cut to a readable length."""
    return ParseProblem(line, shortened(text.strip(), PROBLEM_TEXT_CHARS), message)


#: What deckcheck says of a web address given for a decklist or a card.
FETCHES_NO_PAGES = "deckcheck fetches no deck pages: export the list from the site"
#: A web address given where a decklist (a file or its text) was expected.
ADDRESS_FOR_A_DECKLIST = f"a web address, not a decklist ({FETCHES_NO_PAGES})"


def says_yes(value: str | None) -> bool:
    """Whether a yes-or-no field says yes: MTGO's "true" of a .dek's Sideboard attribute, "Yes" of its CSV's
    Sideboarded column ("1" too)."""
    return value is not None and value.strip().lower() in ("true", "yes", "1")


def is_web_address(text: str) -> bool:
    """Whether a name or decklist holds a web address (a deck site's link, pasted for the list, with or without
    its "https://": "moxfield.com/decks/..."): no card's name does (tested over the bundled data)."""
    return "://" in text or text[:4].lower() == "www." or _DOMAIN_AND_PATH(text) is not None


# A web address without its scheme: a domain, then a path ("moxfield.com/decks/abc", "archidekt.com/decks/1").
_DOMAIN_AND_PATH = re.compile(r"(?:^|[\s(<\[])(?:[a-z0-9-]+\.)+(?:com|net|org|app|io|gg|co|me|de|fr|it|es|nl|pl|jp|"
                              r"info|xyz)/", re.IGNORECASE).search


def line_too_long(line: int, text: str) -> ParseProblem:
    """The problem of a line too long to be a card entry (longer than MAX_LINE_CHARS)."""
    return problem(line, text, f"line too long ({len(text):,} characters) for a card entry")


def long_name(line: int, text: str, name: str) -> ParseProblem | None:
    """The problem of a card name longer than any card's (MAX_NAME_CHARS), or None. The text dialects never
    meet one (their lines are shorter than MAX_LINE_CHARS); files that give names as fields do."""
    if len(name) <= MAX_NAME_CHARS:
        return None
    return problem(line, text, f"card name too long ({len(name):,} characters)")


class EntryCollector:
    """Collects entries in source order, adding up those with the same folded name in the same section."""

    def __init__(self) -> None:
        self._rows: dict[tuple[str, str], list] = {}
        self._lines = 0  # card lines kept
        self._over: tuple[int, str, str] | None = None  # the first card line not read: line, text, why
        self._over_lines = 0

    def add(self, quantity: int, name: str, section: str, line: int,
            set_code: str | None = None, number: str | None = None) -> None:
        """Add `quantity` copies of `name` to `section`, merging with an earlier line of the same card."""
        if self._lines >= MAX_CARD_LINES:
            self.skip(line, f"{quantity} {name}")
            return
        key = (name_key(name), section)
        row = self._rows.get(key)
        if row is None:
            if len(self._rows) >= MAX_ENTRIES:
                self._not_read(line, f"{quantity} {name}", f"more than {MAX_ENTRIES:,} different cards")
                return
            self._rows[key] = [quantity, name, section, [line], set_code, number]
        else:
            row[0] += quantity
            row[3].append(line)
            if row[4] is None:
                row[4], row[5] = set_code, number
        self._lines += 1

    def names_in(self, section: str) -> list[str]:
        """The names of the cards added to `section`."""
        return [row[1] for key, row in self._rows.items() if key[1] == section]

    def skip(self, line: int, text: str, count: int = 1) -> None:
        """A card line past MAX_CARD_LINES, not read, and the `count` - 1 lines after it (a parser that holds
        its card lines before adding them stops holding them there, and says so here)."""
        self._not_read(line, text, f"more than {MAX_CARD_LINES:,} lines of cards", count)

    def skip_lines(self, line: int, text: str, count: int) -> None:
        """A line past MAX_LINES_READ, not read, and the `count` - 1 lines after it that are not blank."""
        self._not_read(line, text, f"more than {MAX_LINES_READ:,} lines", count, "lines")

    def _not_read(self, line: int, text: str, why: str, count: int = 1, what: str = "lines of cards") -> None:
        self._over_lines += count
        if self._over is None or line < self._over[0]:
            self._over = (line, text, why, what)

    def finish(self, problems: list[ParseProblem]) -> tuple[tuple[Entry, ...], tuple[ParseProblem, ...]]:
        """The entries, and the parse's problems: at most MAX_PROBLEMS of them, then one counting the rest, and
        one for the card lines not read (past MAX_ENTRIES different cards or MAX_CARD_LINES lines)."""
        kept = problems[:MAX_PROBLEMS]
        count = len(problems) + (problems.more if isinstance(problems, Problems) else 0)
        if count > MAX_PROBLEMS:
            first = problems[MAX_PROBLEMS]
            kept.append(ParseProblem(first.line, first.text, f"and {count - MAX_PROBLEMS:,} more lines "
                                                             "that are not card entries, not listed"))
        if self._over is not None:
            line, text, why, what = self._over
            kept.append(problem(line, text, f"{why}: not a deck; {self._over_lines:,} more {what} not read"))
        return self.entries(), tuple(kept)

    def entries(self) -> tuple[Entry, ...]:
        """The collected entries, in the order of their first line."""
        make = tuple.__new__  # Entry's fields in order, without the keyword handling of Entry(...)
        return tuple([make(Entry, (q, n, s, lines[0], sc, cn, tuple(lines)))
                      for q, n, s, lines, sc, cn in self._rows.values()])


def read_quantity(digits: str) -> tuple[int | None, str | None]:
    """The count written as `digits`, or (None, why not): anything but decimal digits (a superscript "²" is a
    digit to str.isdigit, not to int()), zero and counts above MAX_QUANTITY are refused (without converting a
    huge digit string to int)."""
    if not digits.isdecimal():
        return None, f"quantity {digits[:20]!r} is not a number"
    digits = digits.lstrip("0") or "0"
    if len(digits) > len(str(MAX_QUANTITY)) or int(digits) > MAX_QUANTITY:
        shown = digits if len(digits) <= 12 else f"{digits[:6]}…({len(digits)} digits)"
        return None, f"quantity {shown} is not a card count (more than {MAX_QUANTITY:,})"
    value = int(digits)
    if value == 0:  # also a zero in another script ("౦"): \d and int() read every Unicode digit
        return None, "quantity 0"
    return value, None


def json_count(value: object) -> tuple[int | None, str | None]:
    """A card object's count as JSON gives it (an MTGJSON deck's "count", a deck object's "count" or "quantity"),
    or (None, why not): a whole number, written 2.0 too (pandas writes a column of counts with a gap as floats),
    as `read_quantity` takes its digits; numpy's numbers too (a frame's `series[label]`, `.at`: numpy.int64); a
    boolean, a string, a negative or a fractional number is no count."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        return None, f"count {shortened(json.dumps(value, ensure_ascii=False, default=repr), 40)} is not a number"
    if not isinstance(value, numbers.Integral):
        if not float(value).is_integer():
            return None, f"count {json.dumps(float(value))} is not a whole number"
    value = int(value)
    if value < 0:
        return None, f"negative count {value}"
    return read_quantity(str(value))
