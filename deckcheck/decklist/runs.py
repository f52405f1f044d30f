"""Card names run together on one line, as a form's one-line answer or a chat message gives a list: separated
by commas ("Sol Ring, Arcane Signet, Command Tower"), or only by their counts ("1 Sol Ring 1 Arcane Signet 30
Forest": a list pasted into a one-line field, its line breaks made spaces or dropped). They are read apart with
the card data at hand: card names hold commas themselves ("Kenrith, the Returned King", "Fear, Fire, Foes!"),
so only the names of cards can tell where one ends."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import replace
from functools import lru_cache
from itertools import combinations
from typing import NamedTuple

from deckcheck.decklist.model import (
    COMMANDER, COMMANDER_WORDS, COMPANION, KEPT_FROM_MARKS, MAIN, MAX_LINE_CHARS, OUTSIDE, SECTIONS, Deck,
    Entry, line_too_long,
)
from deckcheck.model.names import MAX_NAME_CHARS
from deckcheck.model.vocab import BASIC_LAND_TYPES, DECK_SIZE_REQUIRED

#: The most parts one name is looked for in: card names hold at most two commas (Fear, Fire, Foes!), three
#: parts; a count's digits may be cut once or twice more ("12 Fear, Fire, Foes!" run on after a name that ends
#: in a number: `_digit_cut`), and one more for a newer card.
PARTS_PER_NAME = 5
#: The longest line read as card names run together (a 100-card list so written has 2,000-3,000 characters);
#: longer lines are problems, as other lines past MAX_LINE_CHARS are.
MAX_RUN_CHARS = 20_000
#: The most parts of one deck's unknown names looked at (up to PARTS_PER_NAME lookups each): a 100-card list
#: written on one line has about 150, a wrong file checked as a deck (10,000 lines of prose, commas in each)
#: would otherwise take a lookup per word.
PARTS_PER_DECK = 2_000


class Piece(NamedTuple):
    """One piece of a run as `names_in` reads it: copies of a card name (`known` when a card has it), then the
    section the run goes on in when a header stood after it ("... Inalla, Archmage Ritualist (C17) 38 Deck 1
    Kess, ...", as a pasted list's "Deck" line reads), or a header alone (no name: "Commander 1 Inalla, ...").
    `marked`: the section the piece's mark puts its card in, COMMANDER ("Kenrith, the Returned King (Commander)",
    "*CMDR*") or COMPANION ("Lurrus of the Dream-Den (Companion)")."""

    count: int
    name: str
    known: bool
    section: str | None = None
    #: a basic land's count had the collector number before it been one digit shorter ("(KHM) 27812 Forest":
    #: 2, or 12), else 0; `names_apart` takes it where the deck's 100 cards ask for it
    longer: int = 0
    marked: str | None = None


#: What `names_in` reads.
Pieces = list[Piece]

# Where the next name of a run may begin: after a comma, or at a count and a word after a space ("Sol Ring 1
# Arcane Signet") or right after the letter or mark a name ends with (a line break dropped: "Sol Ring1 Arcane
# Signet", "Everybody Lives!1 Sol Ring"), but not after " x" (a count written after its name: "Sol Ring x1",
# where the next name begins after the count) nor after a set code's parenthesis (a collector number: "Sol Ring
# (CMM) 410"; a commander's mark is none: "Kenrith, the Returned King (Commander) 1 Sol Ring").
# No card name holds more than two commas, and none a count so (both tested over the bundled card data).
# A name that ends in a number run on into the next count ("Avalanche of Sector 71 Barret Wallace") may end
# within the digits: there the run may be cut too (a digit cut, `_digit_cut`), and the pieces about it looked up
# as one.
# A card name begins with a letter, or "+2" (+2 Mace) or a quotation mark ("Ach! Hans, Run!").
# A finish ending an entry is no card's name ("x1 foil", "(CMM) 410 Foil": not the card Foil).
_FINISH = r"(?i:foil|etched|non-?foil)"
_NAME_START = r"(?:[^\W\d_]|\+\d|[\"“][^\W\d_])"
_COUNT_NEXT = rf"(?=\d{{1,3}}[xX×]?\s+(?![xX×]\s?\d){_NAME_START})"
# or after a count written after its name, with a space or with the line break dropped ("Sol Ring x1 Arcane Signet
# x1", "Sol Ring x1Arcane Signet x1"; a number before such a count is a name's: "Overseer of Vault 76 x1"; no card
# name holds one either), unless a finish ends the line ("Sol Ring x1 foil", "Sol Ring x1foil": not the card Foil)
_COUNT_AFTER = "(?:{})\\s*(?={})(?!{}\\s*(?:$|[(*\\[]))".format("|".join(
    rf"(?<=\s[xX×]{gap}\d{{{digits}}})" for gap in ("", r"\s") for digits in (1, 2, 3)), _NAME_START, _FINISH)
_AFTER_MARK = "|".join(rf"(?<=\((?i:{word})\))" for word in sorted(COMMANDER_WORDS | {"companion"}))
_COUNT_BETWEEN = (rf"(?<!\s[xX×])(?:(?:(?<!\))|{_AFTER_MARK})\s+|(?<=[^\W\d_])|(?<=[!?.'’\")”★†]))"
                  rf"{_COUNT_NEXT}|{_COUNT_AFTER}")
_SEPARATOR = re.compile(rf",\s*|{_COUNT_BETWEEN}|(?<=\d){_COUNT_NEXT}")
_has_count_between = re.compile(_COUNT_BETWEEN).search


def holds_several_names(text: str) -> bool:
    """Whether a text holds more than one card's name can: three commas or more, or a count between words.
    Its count as written ("30 Forest, Island, ...", "... Forest x30") is then not its number of cards."""
    return text.count(",") >= 3 or _has_count_between(text) is not None


def could_be_names(line: str) -> bool:
    """Whether a line too long for one card entry may be card names run together, to be read apart once the
    card data is at hand (`names_apart`): more than one name could hold, and no piece longer than a card
    name."""
    return (len(line) <= MAX_RUN_CHARS and holds_several_names(line)
            and all(len(piece) <= MAX_NAME_CHARS for piece in _SEPARATOR.split(line)))


@lru_cache(maxsize=20_000)
def _as_line(text: str) -> tuple[int, str, str | None] | None:
    """(count, name, the section its mark puts it in: COMMANDER, COMPANION or None) of a piece as a decklist line
    reads it ("30 Forest", "Forest x30", "1 Sol Ring (CMM) 410 *F*", "Kenrith, the Returned King (Commander)"), or None
    when it is no one card entry."""
    from deckcheck.decklist.text import parse_lines  # the text parser asks this module about long lines

    deck = parse_lines(text, "")
    if len(deck.entries) != 1 or deck.problems:
        return None
    entry = deck.entries[0]
    return entry.quantity, entry.name, entry.section if entry.section in (COMMANDER, COMPANION) else None


#: The sections a header within a run may start (the text parser's header words name them): not the extra decks.
_RUN_SECTIONS = frozenset(SECTIONS) - {OUTSIDE}


@lru_cache(maxsize=1_000)
def _header(text: str) -> str | None:
    """The section a piece names when it is a decklist's header ("Commander", "Deck", "Sideboard (15)"), else
    None."""
    from deckcheck.decklist.text import header_of

    section = header_of(text)
    return section if section in _RUN_SECTIONS else None


#: A capitalized word run on after a name's last letter, mark or collector number, as a header is when the line
#: break before it was dropped ("Inalla, Archmage RitualistDeck", "... (TDC) 4Deck").
_GLUED_HEADER = re.compile(r"(?<=[^\W_]|[!?.'’\")”])[A-Z][a-z]+$")


def _readings(text: str) -> Iterator[tuple[int, str, str | None]]:
    """The (count, name, the section its mark puts it in) one piece of a run may be: the piece itself ("Sol Ring"),
    or as a decklist line reads it ("Forest x30"), also without the last one's "and " ("and Command Tower"; not
    before a name that begins so: "And They Shall Know No Fear x1")."""
    for body in (text, text[4:].lstrip()) if text[:4].lower() == "and " else (text,):
        yield 1, body, None
        entry = _as_line(body)
        if entry is not None and entry[1] != body:
            yield entry


def _read(text: str, is_card: Callable[[str], bool]) -> Piece | None:
    """One piece of a run when it names a card, or is a header alone or after a card's name; else None."""
    glued = _GLUED_HEADER.search(text)  # first: "(TDC) 4Deck" would read as collector number "4Deck"
    if glued is not None and (section := _header(glued.group())) is not None:
        found = _card_in(text[:glued.start()], is_card)
        if found is not None:
            return found._replace(section=section)
    found = _card_in(text, is_card)
    if found is not None:
        return found
    section = _header(text)
    if section is not None:
        return Piece(0, "", True, section)
    head, _, last = text.rpartition(" ")
    section = _header(last) if head else None
    if section is not None:
        found = _card_in(head.rstrip(), is_card)
        if found is not None:
            return found._replace(section=section)
    return None


def _card_in(text: str, is_card: Callable[[str], bool]) -> Piece | None:
    """The card a piece names as one of its readings (`_readings`), or None."""
    for count, name, marked in _readings(text):
        if is_card(name):
            return Piece(count, name, True, marked=marked)
    return None


def _as_written(text: str) -> Piece:
    """A piece that names no card, as its line would be read ("2 Comand Tower": 2 copies of "Comand Tower"), to
    be reported as an unknown card."""
    *_, (count, name, marked) = _readings(text)
    return Piece(count, name, False, marked=marked)


#: A collector number as decklists write them after a set code: "410", "123a", "A123", "THB-1", "A-224", "182★"; and
#: one with a header run on after it ("(MAT) 45Deck").
COLLECTOR_NUMBER = re.compile(r"(?:[A-Z0-9]{1,5}-)?[A-Z]?\d+[a-z★†]?")
_NUMBER_AND_HEADER = re.compile(rf"{COLLECTOR_NUMBER.pattern}[A-Z][a-z]+")
_FINISH_NEXT = re.compile(rf"\s+{_FINISH}\s*(?:$|[(*\[\d])")  # not "Etched Oracle"


def _set_code_word(text: str, at: int) -> int | None:
    """Where the word after a set code begins when `at` is within it (past its start), else None."""
    word = at
    while word and not text[word - 1].isspace():
        word -= 1
    return word if word < at and text[:word].rstrip()[-1:] == ")" else None


def _digit_cut(text: str, at: int) -> bool:
    """Whether a run may be cut at `at`, within a number: one that stands alone or after a letter, as a count
    or a name's last word ("Sector 71 Barret Wallace"), not one within a name ("Borrowing 100,000 Arrows",
    "T-45 Power Armor"). Within the word after a set code, only after its collector number, run on into the
    next count ("Sol Ring (CMM) 4101 Arcane Signet", "(PLST) MKC-2231 Augur of Autumn", "(TD0) A1231
    Darigaaz's Caldera": an Arena export with its line breaks dropped), before the shortest count: the last
    digit, or the last two when the last is 0 (no count begins with 0). So "(KHM) 27812 Snow-Covered Swamp"
    is 2 of them at first (`Piece.longer`); "(CMM) 410 Foil" is no 10 Foils. Or after a header run on after
    the number ("(MAT) 45Deck12 Forest")."""
    word = _set_code_word(text, at)
    if word is not None:
        if _NUMBER_AND_HEADER.fullmatch(text, word, at):
            return True
        end = at
        while end < len(text) and text[end].isdigit():
            end += 1
        return (COLLECTOR_NUMBER.fullmatch(text, word, at) is not None and text[at] != "0"
                and at == (end - 1 if text[end - 1] != "0" else end - 2)
                and _FINISH_NEXT.match(text, end) is None)  # "(CMM) 410 Foil": a finish, not 10 Foils
    start = at
    while start and text[start - 1].isdigit():
        start -= 1
    return not start or text[start - 1].isalpha() or text[start - 1].isspace()


def names_in(text: str, is_card: Callable[[str], bool],
             opens_name: Callable[[str], bool] | None = None,
             misspells: Callable[[str], bool] | None = None) -> Pieces | None:
    """The pieces of a text that is card names run together, or None when it is not: fewer than two of its
    pieces are cards, or fewer than half. Pieces are read so that as few as possible are no card (a misspelt
    one among many), then as few pieces as possible; a piece that begins within a number (after a digit cut)
    must be a card's name, else the number's other digits would be taken for a count. `opens_name` says
    whether a piece is the part before the first comma of a card name that has commas ("Kenrith" of Kenrith,
    the Returned King): only there, and about digit cuts, are several pieces looked up as one name (without
    it, everywhere). `misspells` says whether such pieces that are no card's name together nearly spell one:
    then they are one misspelt name ("Sheoldred, Whispering Onee"), not a card and a misspelt one (Sheoldred, and
    "Whispering Onee")."""
    bounds = [0]
    commas, cuts = [], []  # whether the separator after each part is a comma, a digit cut
    for separator in _SEPARATOR.finditer(text):
        at = separator.start()
        cut = at == separator.end() and text[at - 1].isdigit()
        if ((cut or at == separator.end() and _set_code_word(text, at) is not None)
                and not _digit_cut(text, at)):
            continue
        bounds += [separator.start(), separator.end()]
        commas.append(text[separator.start()] == ",")
        cuts.append(cut)
    bounds.append(len(text))
    commas.append(False)
    cuts.append(False)
    starts, ends = bounds[0::2], bounds[1::2]
    parts = len(starts)
    if parts < 2:
        return None
    # best[i]: (pieces that are no card, pieces, the first piece or None for nothing, where the next begins)
    # of the best reading of the parts from i on, None when they have none (a part after a digit cut that is
    # no card's name's beginning)
    best: list[tuple[int, int, Piece | None, int] | None] = [None] * parts + [(0, 0, None, parts)]

    def offer(i: int, piece: Piece, j: int) -> None:
        later = best[j]
        if later is not None:
            choice = (later[0] + (not piece.known), later[1] + 1, piece, j)
            if best[i] is None or choice[:2] < best[i][:2]:
                best[i] = choice

    for i in range(parts - 1, -1, -1):
        start = starts[i]
        piece = text[start:ends[i]].strip()
        after_cut = i > 0 and cuts[i - 1]
        if not piece or piece.lower() == "and":  # nothing between two commas, or the last one's "and"
            best[i] = best[i + 1] and (*best[i + 1][:2], None, i + 1)
            continue
        found = _read(piece, is_card)
        if found is not None and after_cut and found.count < 10 and _is_basic(found.name):
            word = _set_code_word(text, start)
            digit = text[start - 1]  # the collector number's last digit, which may be the count's first
            if word is not None and digit != "0" and COLLECTOR_NUMBER.fullmatch(text, word, start - 1):
                found = found._replace(longer=int(digit) * 10 + found.count)
        if found is not None or not after_cut:
            offer(i, found or _as_written(piece), i + 1)
        # a name holding commas begins with a piece that opens one
        opens = commas[i] and (opens_name is None or opens_name(piece)
                               or found is not None and bool(found.name) and opens_name(found.name)
                               or found is None and any(opens_name(name) for _, name, _ in _readings(piece)))
        for j in range(i + 2, min(i + PARTS_PER_NAME, parts) + 1):  # a name holding commas, or digits cut
            if not (opens or any(cuts[i:j])):
                continue
            span = text[start:ends[j - 1]].strip()
            found = _read(span, is_card)
            if found is not None:
                offer(i, found, j)
            elif all(cuts[i:j - 1]) and not after_cut:  # a number cut only to be no card's name after all
                offer(i, _as_written(span), j)
            elif opens and misspells is not None and all(commas[i:j - 1]):  # one misspelt name holding commas?
                written = _as_written(span)
                if misspells(written.name):
                    offer(i, written, j)
    if best[0] is None:
        return None
    pieces = []
    i = 0
    while i < parts:
        _, _, piece, i = best[i]  # type: ignore[misc]
        if piece is not None:
            pieces.append(piece)
    named = [piece for piece in pieces if piece.name]
    cards = sum(piece.known for piece in named)
    if cards < 2 or cards * 2 < len(named):
        return None
    return pieces


def names_apart(deck: Deck, unknown: Iterable[str], read: Callable[[str], Pieces | None]) -> Deck:
    """The deck with each entry whose name no card has but is card names run together made an entry per name,
    in its section and on its line, with a note for each line so read. `unknown` gives the deck's names
    that no card has, `read` what `names_in` makes of a name (the checker keeps its answers). A line the text
    parser let through for its separators that is no such run becomes the problem it would have been. The
    deck itself when nothing changes (most decks: no unknown name holds a separator)."""
    runs: dict[str, Pieces | None] = {}  # the names read apart, or too long to be a card entry
    parts_left = PARTS_PER_DECK
    for name in unknown:
        if name in runs or ("," not in name and _has_count_between(name) is None):
            continue
        parts = len(_SEPARATOR.findall(name)) + 1
        pieces = read(name) if parts <= parts_left else None
        parts_left -= min(parts, parts_left)
        if pieces is not None or len(name) > MAX_LINE_CHARS:
            runs[name] = pieces
    if not runs:
        return deck
    entries: list[Entry] = []
    notes = list(deck.notes)
    problems = list(deck.problems)
    marked = deck.commanders_marked  # a header "Commander" within a run marks its cards
    longer: list[tuple[int, int, int]] = []  # (entry's index, copies more, line) where a count could be longer
    for entry in deck.entries:
        if entry.name not in runs:
            entries.append(entry)
            continue
        pieces = runs[entry.name]
        if pieces is None:
            problems.append(line_too_long(entry.line, entry.name))
            continue
        pieces = _counted(pieces, entry.quantity, len(entry.lines))
        merged: dict[tuple[str, str], Entry] = {}
        section = entry.section
        for count, name, _, after, more, piece_marked in pieces:
            if name:
                # a piece marked as the commander (or companion) is that, as its line alone would be (not from the
                # extra decks)
                place = piece_marked if piece_marked and section not in KEPT_FROM_MARKS else section
                same = merged.get((place, name))
                merged[place, name] = (same._replace(quantity=same.quantity + count) if same is not None
                                       else Entry(count, name, place, entry.line, lines=entry.lines))
                if more and len(entry.lines) == 1:
                    longer.append((len(entries) + list(merged).index((place, name)), more - count, entry.line))
            section = after or section
        entries.extend(merged.values())
        marked = marked or any(section == COMMANDER for section, _ in merged)
        notes.append(f"{_where(entry.line)}read as {sum(1 for piece in pieces if piece.name)} card names written "
                     "on one line")
    if longer:
        notes += _fit_counts(entries, longer)
    problems.sort(key=lambda p: p.line)
    return replace(deck, entries=tuple(entries), problems=tuple(problems), notes=tuple(notes),
                   commanders_marked=marked)


#: The basic lands' names (and Wastes), folded: the cards a deck has ten or more of.
_BASICS = frozenset(name.lower() for name in (*BASIC_LAND_TYPES, "Wastes"))


def _is_basic(name: str) -> bool:
    return name.lower().removeprefix("snow-covered ") in _BASICS


def _fit_counts(entries: list[Entry], longer: list[tuple[int, int, int]]) -> list[str]:
    """Where counts ran on into collector numbers (`Piece.longer`), each read as its shortest: take the longer
    ones (in `entries`, in place) when exactly one choice of them makes the deck's 100 cards, and say so; else,
    unless the deck has its 100 cards, say which counts could have been longer. Notes for the deck."""
    total = sum(entry.quantity for entry in entries if entry.section in (COMMANDER, MAIN))
    if total == DECK_SIZE_REQUIRED:  # the shortest counts make the deck
        return []
    choices = longer[:12]  # at most 4,096 combinations
    fits = [chosen for size in range(1, len(choices) + 1) for chosen in combinations(choices, size)
            if total + sum(more for _, more, _ in chosen) == DECK_SIZE_REQUIRED]
    if len(fits) == 1:
        for index, more, _ in fits[0]:
            entries[index] = entries[index]._replace(quantity=entries[index].quantity + more)
        shown = ", ".join(f"{entries[index].quantity} {entries[index].name}" for index, _, _ in fits[0])
        return [f"{_where(fits[0][0][2])}counts run on into collector numbers read as {shown}, which make the "
                f"deck's {DECK_SIZE_REQUIRED} cards (each could be its last digit alone)"]
    shown = ", ".join(f"{entries[index].quantity} {entries[index].name} (or {entries[index].quantity + more})"
                      for index, more, _ in longer[:5])
    return [f"{_where(longer[0][2])}counts run on into collector numbers read as their last digit: {shown}"]


def _where(line: int) -> str:
    """A note's beginning naming its line ("line 3: "), or nothing for a deck with no lines."""
    return f"line {line}: " if line else ""


def _counted(pieces: Pieces, quantity: int, lines: int) -> Pieces:
    """The pieces of a run written on `lines` lines that the parser added up into one entry of `quantity`
    copies: each line's count ("2 Sol Ring, Arcane Signet") is its first name's, a line without one (a count of
    1) leaves the first name its own ("Sol Ring x2, ..."), and every other name is there once a line."""
    first = next(index for index, piece in enumerate(pieces) if piece.name)
    if quantity == lines:  # no line had a count of its own: each holds the run as written
        return [piece._replace(count=piece.count * lines) for piece in pieces] if lines > 1 else pieces
    return [piece._replace(count=quantity if index == first else piece.count * lines)
            for index, piece in enumerate(pieces)]
