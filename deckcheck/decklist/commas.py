"""Card names written one after another with commas ("Sol Ring, Arcane Signet, Command Tower", as a form's
one-line answer or a chat message gives a list) are read apart with the card data at hand: card names hold
commas themselves ("Kenrith, the Returned King", "Fear, Fire, Foes!"), so only the names of cards can tell
where one ends."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import replace

from deckcheck.decklist.model import MAX_LINE_CHARS, Deck, Entry, line_too_long
from deckcheck.model.names import MAX_NAME_CHARS

#: Card names hold at most two commas (Fear, Fire, Foes!); more parts than three, one more for a newer card.
PARTS_PER_NAME = 4
#: A line holding more commas than any card name does: its quantity, as written, is not its number of cards.
MORE_COMMAS_THAN_A_NAME = 3
#: The longest line read as card names separated by commas (a 100-card list so written has 2,000-3,000
#: characters); longer lines are problems, as other lines past MAX_LINE_CHARS are.
MAX_RUN_CHARS = 20_000
#: The most comma-separated parts of one deck's unknown names looked at (up to PARTS_PER_NAME lookups each): a
#: 100-card list written so has about 150, a wrong file checked as a deck (10,000 lines of prose, commas in each)
#: would otherwise take a lookup per word.
PARTS_PER_DECK = 2_000

#: What `names_in` reads: (count, name, whether it is a card's) per piece.
Pieces = list[tuple[int, str, bool]]

_COMMA = re.compile(r",\s*")
# A count before a name within a run ("Sol Ring, 30 Forest", "30x Forest"), or after it ("Forest x30").
_COUNT = re.compile(r"(\d{1,3})[xX×]?\s+(?=[^\W\d_])")
_COUNT_AFTER = re.compile(r"\s+[xX×]\s?(\d{1,3})$")


def could_be_names(line: str) -> bool:
    """Whether a line too long for one card entry may be card names separated by commas, to be read apart
    once the card data is at hand (`names_apart`): more commas than a card name holds, and no piece longer
    than a card name."""
    return (len(line) <= MAX_RUN_CHARS and line.count(",") >= MORE_COMMAS_THAN_A_NAME
            and all(len(piece) <= MAX_NAME_CHARS for piece in line.split(",")))


def _readings(text: str) -> Iterator[tuple[int, str]]:
    """The (count, name) one piece of a run may be: the piece itself ("Sol Ring"), or without the last one's
    "and " ("and Command Tower") and a count before or after the name ("30 Forest", "Forest x30")."""
    yield 1, text
    if text[:4].lower() == "and ":
        text = text[4:].lstrip()
        yield 1, text
    count = _COUNT.match(text)
    if count is not None and int(count.group(1)):
        yield int(count.group(1)), text[count.end():]
    count = _COUNT_AFTER.search(text)
    if count is not None and int(count.group(1)):
        yield int(count.group(1)), text[:count.start()]


def _read(text: str, is_card: Callable[[str], bool]) -> tuple[int, str] | None:
    """(count, name) of one piece of a run when it names a card, else None."""
    return next((reading for reading in _readings(text) if is_card(reading[1])), None)


def names_in(text: str, is_card: Callable[[str], bool],
             opens_name: Callable[[str], bool] | None = None) -> Pieces | None:
    """The (count, name, is a card) pieces of a text that is card names separated by commas, or None when
    it is not: fewer than two of its pieces are cards, or fewer than half. Pieces are read so that as few as
    possible are no card (a misspelt one among many), then as few pieces as possible. `opens_name` says
    whether a piece is the part before the first comma of a card name that has commas ("Kenrith" of Kenrith,
    the Returned King): only there are several pieces looked up as one name (without it, everywhere)."""
    bounds = [0]
    for comma in _COMMA.finditer(text):
        bounds += [comma.start(), comma.end()]
    bounds.append(len(text))
    starts, ends = bounds[0::2], bounds[1::2]
    parts = len(starts)
    if parts < 2:
        return None
    # best[i]: (pieces that are no card, pieces, the first piece or None for nothing, where the next begins)
    # of the best reading of the parts from i on
    best: list[tuple[int, int, tuple[int, str, bool] | None, int]] = [(0, 0, None, parts)] * (parts + 1)
    for i in range(parts - 1, -1, -1):
        start = starts[i]
        piece = text[start:ends[i]].strip()
        later = best[i + 1]
        if not piece:  # nothing between two commas
            best[i] = (later[0], later[1], None, i + 1)
            continue
        found = _read(piece, is_card)
        choice = (later[0] + (found is None), later[1] + 1, (*found, True) if found else (1, piece, False), i + 1)
        opens = opens_name is None or any(opens_name(name) for _, name in _readings(piece))
        for j in range(i + 2, min(i + PARTS_PER_NAME, parts) + 1) if opens else ():  # a name holding commas
            found = _read(text[start:ends[j - 1]].strip(), is_card)
            later = best[j]
            if found is not None and (later[0], later[1] + 1) <= choice[:2]:
                choice = (later[0], later[1] + 1, (*found, True), j)
        best[i] = choice
    pieces = []
    i = 0
    while i < parts:
        _, _, piece, i = best[i]
        if piece is not None:
            pieces.append(piece)
    cards = sum(1 for piece in pieces if piece[2])
    if cards < 2 or cards * 2 < len(pieces):
        return None
    return pieces


def names_apart(deck: Deck, unknown: Iterable[str], read: Callable[[str], Pieces | None]) -> Deck:
    """The deck with each entry whose name no card has but is card names separated by commas made an entry per
    name, in its section and on its line, with a note for each line so read. `unknown` gives the deck's names
    that no card has, `read` what `names_in` makes of a name (the checker keeps its answers). A line the text
    parser let through for holding commas that is no such run becomes the problem it would have been. The deck
    itself when nothing changes (most decks: no unknown name holds a comma)."""
    runs: dict[str, Pieces | None] = {}  # the names read apart, or too long to be a card entry
    parts_left = PARTS_PER_DECK
    for name in unknown:
        if "," not in name or name in runs:
            continue
        parts = name.count(",") + 1
        pieces = read(name) if parts <= parts_left else None
        parts_left -= min(parts, parts_left)
        if pieces is not None or len(name) > MAX_LINE_CHARS:
            runs[name] = pieces
    if not runs:
        return deck
    entries: list[Entry] = []
    notes = list(deck.notes)
    problems = list(deck.problems)
    for entry in deck.entries:
        if entry.name not in runs:
            entries.append(entry)
            continue
        pieces = runs[entry.name]
        if pieces is None:
            problems.append(line_too_long(entry.line, entry.name))
            continue
        # the entry's own count ("2 Sol Ring, Arcane Signet") is its first name's
        first_count = entry.quantity if entry.quantity != 1 else pieces[0][0]
        merged: dict[str, Entry] = {}
        for index, (count, piece, _) in enumerate(pieces):
            count = first_count if index == 0 else count
            same = merged.get(piece)
            merged[piece] = (same._replace(quantity=same.quantity + count) if same is not None
                             else Entry(count, piece, entry.section, entry.line, lines=entry.lines))
        entries.extend(merged.values())
        where = f"line {entry.line}: " if entry.line else ""
        notes.append(f"{where}read as {len(pieces)} card names separated by commas")
    problems.sort(key=lambda p: p.line)
    return replace(deck, entries=tuple(entries), problems=tuple(problems), notes=tuple(notes))
