"""Choosing commanders a decklist did not mark: the MTGO convention (CR 903.3: a deck has a commander),
`--commander NAME`, and the commanders a deck object or a registration names beside its list."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace
from functools import cache, lru_cache
from operator import attrgetter, gt, itemgetter
from typing import Any

from deckcheck.decklist.model import COMMANDER, COMPANION, MAIN, OUTSIDE, SIDEBOARD, Deck, Entry
from deckcheck.decklist.text import split_annotations
from deckcheck.model.names import MISTYPED, has_face_separator, likeness, loose_key, loosen, name_key, split_faces
from deckcheck.wording import counted


def commander_names(names: Any) -> tuple[str, ...] | None:
    """Commander names as the Python API takes them: one name (a str) or several (an iterable of str);
    None or nothing for the deck's own. A str is one name, never its letters."""
    if names is None:
        return None
    if isinstance(names, str):
        names = (names,)
    if isinstance(names, (bytes, bytearray, memoryview)):  # (its items are numbers: "not int 83")
        raise TypeError(f"commanders: a card name (str) or a list of them, not {type(names).__name__}: decode it")
    if hasattr(names, "tolist") and not isinstance(names, Mapping):  # numpy's or pandas' (a row's cells, a list's cell)
        names = names.tolist()
    try:
        names = tuple(names)
    except TypeError:
        raise TypeError(f"commanders: a card name or a list of them, not {type(names).__name__} {names!r}") from None
    for name in names:
        if not isinstance(name, str):
            raise TypeError(f"commanders: card names (str), not {type(name).__name__} {name!r}")
        if not name.strip():
            raise ValueError("commanders: an empty name")
    return names or None


# Two commanders written as one name: "Tymna the Weaver / Thrasios, Triton Hero", "A + B", "A & B", or a line
# each. A split or double-faced card's " // " is one name.
_JOINED = re.compile(r"\n| \+ | & |(?<!/)/(?!/)")


# Two commanders' names joined by a word, read apart only when each part is a card: "Sisay and ..." may be one.
_AND = re.compile(r"\s+and\s+", re.IGNORECASE)


def split_joined(text: str) -> list[str]:
    """The names in a text that may join two commanders' ("Tymna the Weaver / Thrasios, Triton Hero"), each as
    `written_name` reads it."""
    return [written_name(part) for part in _JOINED.split(text)]


# The one copy's count before a name given as a decklist's line writes it: "1 Edgar Markov", "1x Edgar Markov".
_ONE_COPY = re.compile(r"1[xX]?\s+(?=\S)")


def written_name(text: str) -> str:
    """A commander's or companion's name given beside a list (a form's Commander cell, `--commander`) as a
    decklist's line writes it, its one copy's count and its printing's marks left out: "1 Edgar Markov", "Edgar
    Markov (C17) 36" and "1x Edgar Markov *F*" are "Edgar Markov"."""
    text = text.strip()
    if (count := _ONE_COPY.match(text)) is not None:
        text = text[count.end():]
    return split_annotations(text)[0]


def _names(entries: Iterable[Entry]) -> str:
    return " and ".join(e.name for e in entries)  # (names hold commas: "Frodo, Adventurous Hobbit")


#: The main deck sizes beside one or two commanders a list does not mark (an MTGO-style list's sideboard cards, the
#: first cards of Moxfield's export): 98-99 for a legal deck, and a few cards off either way, so that a list with a
#: card too many or too few is read with its commander and told its size (not told it has no commander).
UNMARKED_MAIN_COUNTS = range(96, 103)
#: Those of a legal deck, which a list's own readings are tried for first (`assign_sideboard_commanders`).
_LEGAL_MAIN_COUNTS = range(98, 100)


def assign_sideboard_commanders(deck: Deck, can_lead: Callable[[str], bool],
                                is_companion: Callable[[str], bool] = lambda name: False,
                                fits_under: Callable[[str, str], bool] | None = None) -> Deck:
    """When no commander is marked: a main deck of 98-99 cards (or a few off: `UNMARKED_MAIN_COUNTS`) with one or two
    sideboard cards that `can_lead` takes those as commanders (MTGO puts the commander in the sideboard, and its
    companion beside it: with a card too many for the commanders' place, the one card of them with a companion
    ability, `is_companion`, is taken as the companion; of two such cards, the one that `fits_under` the other,
    `_sideboard_companion`). A plain list whose first block of one or two cards is set off by a blank line before
    98-99 more (or whose last, above a sideboard or maybeboard header) takes that block likewise, and its sideboard's
    companion as companion (`sideboard_companion`: Moxfield exports a companion below "SIDEBOARD:"); so does a list
    whose first one or two cards come before its other 98-99 in alphabetical order (`_listed_before_the_sorted_deck`:
    Moxfield's export with no blank line); each of those also before a few cards more or fewer, once no reading
    makes a deck of 100 (before, a 101-card export had no commander, and its color identity went unchecked). Those
    readings of the list itself come first when the sideboard's would make a deck of more than 100 (a main deck of 100
    holds its commander: a spare legend under Moxfield's "SIDEBOARD:" is none). Last, a sideboard's one or two cards
    that can lead beside others (`_leaders_beside_other_cards`). Returns the deck unchanged when none applies."""
    if deck.commanders_marked or any(e.section == COMMANDER for e in deck.entries):
        return deck
    main_count = deck.count(MAIN)
    side = deck.section(SIDEBOARD)
    companion = _sideboard_companion(side, main_count, is_companion, fits_under or (lambda lead, _: can_lead(lead)))
    leaders = [e for e in side if e is not companion]
    lead_count = sum(e.quantity for e in leaders)
    from_sideboard = None
    if main_count in UNMARKED_MAIN_COUNTS and 1 <= lead_count <= 2 and all(can_lead(e.name) for e in leaders):
        entries = tuple(e._replace(section=COMPANION if e is companion else COMMANDER) if e.section == SIDEBOARD
                        else e for e in deck.entries)
        note = f"took {_names(leaders)} from the sideboard as commander"
        if companion:
            note += f" and {companion.name} as companion"
        from_sideboard = replace(deck, entries=entries, notes=deck.notes + (note + " (MTGO convention)",))
        if main_count + lead_count <= 100:
            return from_sideboard
    # a main deck of 100 holds its commander (a spare legend in Moxfield's SIDEBOARD: block is no commander): the
    # list's own reading first, the sideboard's when it has none; a reading that makes a deck of 100 before one that
    # makes a card too many or too few
    blocks = [(deck.first_block_names, "top"), (deck.last_block_names, "end")]
    for counts in (_LEGAL_MAIN_COUNTS, UNMARKED_MAIN_COUNTS):
        for names, where in blocks:  # (a sideboard below the list or not: a companion there, as Moxfield exports it)
            keys = {name_key(n) for n in names}
            blocked = [e for e in deck.entries if e.section == MAIN and name_key(e.name) in keys]
            taken = _taken_as_commanders(deck, blocked, counts, f"set off by a blank line at the {where}", can_lead,
                                         is_companion)
            if taken is not None:
                return taken
        for sorted_after in _listed_before_the_sorted_deck(deck.section(MAIN)):
            taken = _taken_as_commanders(deck, sorted_after, counts, "listed before a main deck in alphabetical order "
                                         "(as Moxfield exports it)", can_lead, is_companion)
            if taken is not None:
                return taken
    if from_sideboard is not None:
        return from_sideboard
    return _leaders_beside_other_cards(deck, side, can_lead, is_companion) or deck


def _leaders_beside_other_cards(deck: Deck, side: Sequence[Entry], can_lead: Callable[[str], bool],
                                is_companion: Callable[[str], bool]) -> Deck | None:
    """For `assign_sideboard_commanders`: an MTGO-style sideboard holding the commander, or two, beside other cards (a
    card sided out, a spare): its single copies that can lead and are no companion, when they are one or two and make
    a deck of 100 with the main deck, taken as commanders; its companion taken as companion (`sideboard_companion`),
    the rest left in the sideboard (a warning each). Before, the deck had no commander and was told it was short
    of the card its sideboard held. Else None."""
    leaders = [e for e in side if e.quantity == 1 and can_lead(e.name) and not is_companion(e.name)]
    if not 1 <= len(leaders) <= 2 or len(leaders) == len(side) or deck.count(MAIN) + len(leaders) != 100:
        return None
    entries = tuple(e._replace(section=COMMANDER) if any(e is lead for lead in leaders) else e for e in deck.entries)
    note = (f"took {_names(leaders)} from the sideboard as commander (MTGO convention), the only "
            f"{'card' if len(leaders) == 1 else 'cards'} there that can lead")
    return sideboard_companion(replace(deck, entries=entries, notes=deck.notes + (note,)), is_companion)


def _taken_as_commanders(deck: Deck, leaders: Sequence[Entry], counts: range, how: str,
                         can_lead: Callable[[str], bool], is_companion: Callable[[str], bool]) -> Deck | None:
    """For `assign_sideboard_commanders`: the deck with `leaders`, main-deck entries its list sets apart (`how`, for
    the note), as its commanders, and its sideboard's companion as companion (`sideboard_companion`), when they are
    one or two cards beside a main deck of as many as `counts` allows and each can lead; else None."""
    lead_count = sum(e.quantity for e in leaders)
    if not (1 <= lead_count <= 2 and deck.count(MAIN) - lead_count in counts
            and all(can_lead(e.name) for e in leaders)):
        return None
    entries = tuple(e._replace(section=COMMANDER) if e in leaders else e for e in deck.entries)
    note = f"took {_names(leaders)}, {how}, as commander"
    return sideboard_companion(replace(deck, entries=entries, notes=deck.notes + (note,)), is_companion)


#: The fewest entries a main deck's alphabetical run holds to tell the cards listed before it apart.
_SORTED_RUN = 10


def _listed_before_the_sorted_deck(main: Sequence[Entry]) -> list[list[Entry]]:
    """The one or two entries a list may put first with the rest in alphabetical order, the last of them out of it:
    Moxfield's text export writes its commanders first, with no header or blank line, then the main deck sorted by
    name; the likelier first (the rest more nearly in order). A few of the rest may be out of order
    (`_OUT_OF_ORDER`): Moxfield sorts a printing by the name it bears (a Secret Lair's, a flavor name, "Godzilla,
    King of the Monsters") and exports its card's. None when the list is not so ordered, or when its first card
    sorts first anyway (nothing sets it apart from the deck)."""
    found: list[tuple[int, int]] = []  # (the rest's cards out of order, how many lead)
    for keys in ([name_key(e.name) for e in main], [e.name for e in main]):  # in any case, or capitals first
        for lead in (1, 2):
            rest = keys[lead:]
            if len(rest) >= _SORTED_RUN and keys[lead - 1] > rest[0]:
                descents = sum(map(gt, rest, rest[1:]))
                if descents <= len(rest) // _OUT_OF_ORDER:
                    found.append((descents, lead))
    leads = dict.fromkeys(lead for _, lead in sorted(found))
    return [list(main[:lead]) for lead in leads]


#: One card in this many of a sorted main deck may be out of its order (four of 98).
_OUT_OF_ORDER = 20


def _sideboard_companion(side: Sequence[Entry], main_count: int, is_companion: Callable[[str], bool],
                         fits_under: Callable[[str, str], bool]) -> Entry | None:
    """The sideboard's companion, when the main deck and the sideboard hold one card more than 100 and one
    sideboard card alone, a single copy, has a companion ability. When the sideboard is two such cards (Jegantha, the
    Wellspring and Kaheera, the Orphanguard), one leads and the other is its companion, as two commanders would be a
    card too many: the companion is the one that `fits_under` the other (the other can lead, and the companion's color
    identity is within its), or the second listed when both or neither do. Else None."""
    if main_count + sum(e.quantity for e in side) != 101:
        return None
    found = [e for e in side if e.quantity == 1 and is_companion(e.name)]
    if len(found) == 2 and len(side) == 2:
        return _companion_of_two(*found, fits_under)
    return found[0] if len(found) == 1 else None


def _companion_of_two(first: Entry, second: Entry, fits_under: Callable[[str, str], bool]) -> Entry:
    """Of two cards with a companion ability where one leads and the other is its companion, the companion: the one
    that `fits_under` the other, or the second listed when both or neither do."""
    fitting = [c for c, lead in ((first, second), (second, first)) if fits_under(lead.name, c.name)]
    return fitting[0] if len(fitting) == 1 else second


def sideboard_companion(deck: Deck, is_companion: Callable[[str], bool]) -> Deck:
    """A deck that marks no companion, with its sideboard's one card of a companion ability (a single copy) taken as
    its companion, said in a note: in Commander a sideboard holds nothing else the game uses (903.5e, 702.139a), and
    lists written with Commander, Deck and Sideboard headers put the companion there. Else the deck unchanged."""
    sections = deck.sections()
    if SIDEBOARD not in sections or COMPANION in sections:
        return deck
    found = [e for e in deck.entries if e.section == SIDEBOARD and is_companion(e.name)]
    if len(found) != 1 or found[0].quantity != 1:
        return deck
    (companion,) = found
    entries = tuple(e._replace(section=COMPANION) if e is companion else e for e in deck.entries)
    note = f"took {companion.name} from the sideboard as companion"
    return replace(deck, entries=entries, notes=deck.notes + (note,))


def without_the_companion_s_sideboard_copy(deck: Deck) -> Deck:
    """A deck whose sideboard holds one copy of its companion, as MTG Arena's export lists the companion both under
    "Companion" and in the sideboard, where Arena keeps it: that copy left out, said in a note, rather than warned of
    as a card outside the 100. Else the deck unchanged."""
    companions = {name_key(e.name) for e in deck.entries if e.section == COMPANION}
    copies = [e for e in deck.entries if e.section == SIDEBOARD and e.quantity == 1 and name_key(e.name) in companions]
    if not copies:
        return deck
    note = (f"read the sideboard's {_names(copies)} as the companion listed above it, not as a card of the sideboard "
            "(MTG Arena lists the companion in both)")
    return replace(deck, entries=tuple(e for e in deck.entries if e not in copies), notes=deck.notes + (note,))


def companion_marked_as_partner(deck: Deck, is_companion: Callable[[str], bool],
                                can_pair: Callable[[str, str], bool]) -> Deck:
    """A deck's one card marked as its companion that has no companion ability but pairs with its one commander, as a
    Doctor's companion does with a Doctor (702.124m: "1 Rose Tyler (Companion)" beside "1 The Tenth Doctor
    (Commander)"), taken as its second commander, said in a note. Else the deck unchanged."""
    leaders = [e for e in deck.entries if e.section == COMMANDER]
    marked = [e for e in deck.entries if e.section == COMPANION]
    if len(leaders) != 1 or leaders[0].quantity != 1 or len(marked) != 1 or marked[0].quantity != 1:
        return deck
    (leader,), (card,) = leaders, marked
    if is_companion(card.name) or not can_pair(leader.name, card.name):
        return deck
    entries = tuple(e._replace(section=COMMANDER) if e is card else e for e in deck.entries)
    note = f"took {card.name}, marked as companion, as a second commander: it has no companion ability, and pairs " \
           f"with {leader.name}"
    return replace(deck, entries=entries, notes=deck.notes + (note,))


def companion_listed_as_commander(deck: Deck, is_companion: Callable[[str], bool], can_lead: Callable[[str], bool],
                                  can_pair: Callable[[str, str], bool],
                                  fits_under: Callable[[str, str], bool]) -> Deck:
    """A deck that marks no companion, whose two or three commanders hold one card of a companion ability that pairs
    with none of the others, while the others are a command of their own (one card that can lead, or two that pair):
    that card taken as its companion, said in a note. Lists that write the companion with the commanders do so
    (MTGTop8's pages, the "commander" field of a deck archive): a companion is no commander (702.139a), and the card
    can't be a further one beside them (702.124). Of two commanders that both have a companion ability, the companion
    is told as of a sideboard's two (`_companion_of_two`). Else the deck unchanged."""
    leaders = [e for e in deck.entries if e.section == COMMANDER]
    if (not 2 <= len(leaders) <= MOST_MARKED_COMMANDERS or any(e.quantity != 1 for e in leaders)
            or any(e.section == COMPANION for e in deck.entries)):
        return deck
    found = [e for e in leaders if is_companion(e.name)]
    if len(found) == 2 and len(leaders) == 2:
        found = [_companion_of_two(*found, fits_under)]
    if len(found) != 1:
        return deck
    (companion,) = found
    others = [e for e in leaders if e is not companion]
    if any(can_pair(e.name, companion.name) for e in others):
        return deck
    if not (can_lead(others[0].name) if len(others) == 1 else can_pair(others[0].name, others[1].name)):
        return deck
    entries = tuple(e._replace(section=COMPANION) if e is companion else e for e in deck.entries)
    note = (f"took {companion.name}, listed with the commanders, as companion: it has a companion ability, and can't "
            f"be a commander beside {_names(others)}")
    return replace(deck, entries=entries, notes=deck.notes + (note,))


#: The most cards a list's Commander section holds as its commanders (two and a companion): past them, with no
#: main deck, the section ran on into the list (`commanders_run_on`).
MOST_MARKED_COMMANDERS = 3


def commanders_run_on(deck: Deck, can_lead: Callable[[str], bool], can_pair: Callable[[str, str], bool]) -> Deck:
    """A list whose Commander header's cards run on into its main deck, with no header or blank line between
    ("Commander", "1 Felothar the Steadfast", "1 Betor, Ancestor's Voice", ... and no "Deck"): the section's first
    card the commander when it `can_lead`, with those right after it that `can_pair` with each before (up to
    MOST_MARKED_COMMANDERS: a third is the commander-pair rule's to report), and the rest the main deck,
    said in a note. Only for a list with no main deck whose Commander section holds more than
    MOST_MARKED_COMMANDERS cards; else the deck itself (a few too many commanders are the commander-pair rule's)."""
    marked = [e for e in deck.entries if e.section == COMMANDER]
    if len(marked) <= MOST_MARKED_COMMANDERS or any(e.section == MAIN for e in deck.entries):
        return deck
    first = marked[0]
    if first.quantity != 1 or not can_lead(first.name):
        return deck
    leaders = [first]  # and those after it that pair with each before: three partners are the pair rule's to report
    for entry in marked[1:MOST_MARKED_COMMANDERS]:
        if entry.quantity != 1 or not all(can_pair(lead.name, entry.name) for lead in leaders):
            break
        leaders.append(entry)
    rest = sum(e.quantity for e in marked[len(leaders):])
    entries = tuple(e._replace(section=MAIN) if e.section == COMMANDER and e not in leaders else e
                    for e in deck.entries)
    note = (f"{_at(first)}the Commander section runs on into the list, with no header or blank line before its main "
            f"deck: {' and '.join(e.name for e in leaders)} taken as commander{'s' if len(leaders) > 1 else ''}, "
            f"the {counted(rest, 'card')} after as the main deck")
    return replace(deck, entries=entries, notes=deck.notes + (note,))


def outside_cards_counted(deck: Deck, is_card: Callable[[str], bool]) -> Deck:
    """A deck short of 100 whose cards of a section outside the game (a list's "Tokens" header, which lists
    grouped by what their cards do write above their token makers) are cards of a deck (`is_card`: by their own
    names, none a token's, and none the deck holds: MTGJSON's display commander), two or more, that make it 100:
    those cards counted in the main deck, said in a note. Otherwise the deck with a note that such cards were not
    counted (before, a deck of 100 dropped them unsaid: banned cards below "Tokens"), but one card beside a deck of
    100 (a token named as a card is, MTGJSON's Shapeshifter); the deck itself when it has none."""
    held = {name_key(e.name) for e in deck.entries if e.section in (COMMANDER, COMPANION, MAIN)}
    outside = [index for index, e in enumerate(deck.entries)
               if e.section == OUTSIDE and name_key(e.name) not in held and is_card(e.name)]
    if not outside:
        return deck
    count = sum(e.quantity for e in deck.entries if e.section in (COMMANDER, MAIN))
    if count >= 100 and len(outside) < 2:  # a token named as a card is (Shapeshifter, Assembly-Worker) beside a deck
        return deck  # of 100: nothing to say
    cards = sorted((deck.entries[index] for index in outside), key=attrgetter("line"))
    moved = sum(e.quantity for e in cards)
    lines = [e.line for e in cards if e.line]
    where = f", lines {lines[0]}-{lines[-1]}" if len(set(lines)) > 1 else f", line {lines[0]}" if lines else ""
    shown = "; ".join(e.name for e in cards[:3]) + ("; ..." if len(cards) > 3 else "")
    said = (f"{counted(moved, 'card')} under a header of cards outside the deck (such as \"Tokens\"{where}: {shown}) "
            f"{'is a card' if moved == 1 else 'are cards'} of a deck")
    if count + moved != 100 or len(cards) < 2:  # (one card there may be a token named as a card is: Assembly-Worker)
        return replace(deck, notes=deck.notes + (f"{said}, not counted in the 100",))
    entries = list(deck.entries)
    for index in outside:
        entries[index] = entries[index]._replace(section=MAIN)
    return replace(deck, entries=tuple(entries),
                   notes=deck.notes + (f"{said}, and the list is 100 cards with them: counted in the main deck",))


def _read_labels(entries: list[Entry], label_lines: Sequence[int], names: list[str], given: str,
                 card_names: CardNames | None) -> tuple[list[Entry], list[str], list[str]]:
    """The list's entries, the names given and the notes, with each commander the list names on a label
    (`Deck.label_lines`: "**Commander:** Atraxa", a count-less name under a Commander header), or by a name no
    card has (with `card_names`: "1 Atraxa" under a Commander header), read beside commanders given: each of its
    names (two joined, "Thrasios, Triton Hero / Tymna the Weaver", are two) that names a card the
    list holds below it (by a name of that card's: `_listed_copy`) is no card of its own, whatever is given (the
    copy below is the card, the commander or not); any other is a commander of its own, spelled in full when it is
    one given (or the start of one's words, or one's words of it: "Atraxa" beside "Atraxa, Praetors' Voice"), and
    left, as any commander the names given omit, to go to the main deck when it is none."""
    rest = [entry for entry in entries if entry.section != COMMANDER]
    given_keys = [(name, loose_key(name)) for name in names]

    def given_as(part: str) -> str | None:  # the name given that a label's name is, in short or in full
        loose = loose_key(part)
        return next((name for name, key in given_keys if key and (
            loose == key or key.startswith(loose + " ") or loose.startswith(key + " "))), None)

    out: list[Entry] = []
    notes: list[str] = []
    spelled: dict[str, str] = {}  # each name given in short, as a label spells it in full
    for entry in entries:
        if entry.section != COMMANDER or entry.quantity != 1 or entry.line not in label_lines and (
                card_names is None or card_names(entry.name)):  # (or a commander, counted, no card's name: "1 Atraxa")
            out.append(entry)
            continue
        parts = [part for part in split_joined(entry.name) if part.strip()]
        if not parts:
            out.append(entry)
            continue
        listed = [part for part in parts if _listed_copy(part, rest, card_names)]
        if listed:
            notes.append(f"{given}: {_at(entry)}commander {' and '.join(listed)}, named on a label, is the list's own "
                         f"{'card' if len(listed) == 1 else 'cards'} below it, no card of its own")
        for part in parts:
            if part in listed:
                continue  # its copy below is the card
            name = given_as(part)
            full = part if name is None else max(part, name, key=len)
            if name is not None:
                spelled[name] = full
            out.append(entry if len(parts) == 1 and full == part else Entry(1, full, COMMANDER, entry.line))
            if full != part:
                notes.append(f"{given}: {_at(entry)}commander {part} read as {full}, the commander given")
    return out, [spelled.get(name, name) for name in names], notes


def _listed_copy(name: str, entries: Sequence[Entry], card_names: CardNames | None) -> bool:
    """Whether the list holds the card a name is among `entries`: by that name or a face's, loosely, or (with
    `card_names`) by another of the card's names (a flavor name)."""
    return _names_a_listed_card(name, entries) or (
        card_names is not None and _listed_otherwise(name, entries, card_names) is not None)


def with_companions(deck: Deck, names: list[str], given: str) -> Deck:
    """Make `names` the deck's companions (a deck object's "companion", or a registration's Companion cell,
    beside its list's text): each is the list's own copy when it holds one (marked as companion, else the
    sideboard's, where MTGO lists keep it, else the main deck's, which is then a card shorter: a companion is
    outside the deck, 702.139a), else a card added outside the deck. Names match as `with_commanders`' do,
    loosely when one card of the list alone matches so ("Lutri"). A companion the list marks but `names` omits
    goes to the sideboard. Each move is said in a note beginning with `given`."""
    if not names:
        return deck
    entries = list(deck.entries)
    notes = list(deck.notes)
    names = [written_name(name) for name in names]
    names = [_as_listed(name, entries, COMPANION) or name for name in names]
    keys = [name_key(n) for n in names]
    notes += [f"{given}: {name} moved from companion to the sideboard"
              for name in _move_unnamed(entries, COMPANION, keys, SIDEBOARD)]
    added: list[str] = []
    for name, key in zip(names, keys):
        found = _one_for(entries, name, key, COMPANION, (SIDEBOARD, MAIN))
        if found is None:
            continue
        copy, source = found
        if source is None:
            notes.append(f"{given}: {name} {COMPANION_NOT_IN_THE_LIST}")
            added.append(name)
        else:
            notes.append(f"{given}: {_at(copy)}{copy.name} {_taken_as_companion(source)}")
        entries.append(copy)
    return replace(deck, entries=tuple(entries), notes=tuple(notes), added_companions=tuple(added))


def _taken_as_companion(source: str) -> str:
    return f"taken from {'the sideboard' if source == SIDEBOARD else 'the main deck'} as companion"


def companions_given_read(deck: Deck, card_names: CardNames) -> Deck:
    """The deck with each companion given beside its list and added as a card of its own (`Deck.added_companions`)
    whose name no card has (a form's Companion cell misspelt, "Lurus of the Dream Den") read as the list's card spelt
    closest, when one is (`_closest_listed`), taken out of the sideboard or main deck, its note saying so, as
    `commanders_given_read` reads a commander's. Before, such a name was an unknown card, and the list's own copy a
    card of the sideboard."""
    if not deck.added_companions:
        return deck
    entries, notes = list(deck.entries), list(deck.notes)
    for name in deck.added_companions:
        listed = [e for e in entries if e.section in (SIDEBOARD, MAIN)]
        close = None if card_names(name) else _closest_listed(name, listed)
        if close is None or not any(e.section == COMPANION and e.name == name for e in entries):
            continue
        source = next(e for section in (SIDEBOARD, MAIN) for e in listed if e.name == close and e.section == section)
        copy = _take_one(entries, entries.index(source))._replace(quantity=1, section=COMPANION)
        entries[next(i for i, e in enumerate(entries) if e.section == COMPANION and e.name == name)] = copy
        _said_instead(notes, f"{name} {COMPANION_NOT_IN_THE_LIST}",
                      f"{_at(copy)}{close} {_taken_as_companion(source.section)} (the list's card spelt closest to "
                      f"{name}, which is no card's name)")
        _said_instead(notes, f"{close} moved from companion to the sideboard", None)  # (the list's own, taken back)
    return replace(deck, entries=tuple(entries), notes=tuple(notes), added_companions=())


@lru_cache(maxsize=50_000)
def _keys(entry_name: str) -> tuple[frozenset[str], str, str]:
    """The name keys a list's entry answers to, its own and its faces' ("Fire/Ice": fire // ice, fire, ice), as a
    set and each on a line of its own ("\nfire // ice\nfire\nice\n": a key holds no line break), and the same
    without punctuation (`loose_key`: "\nfire ice\nfire\nice\n"), kept per name: a batch's decks share most of
    their names."""
    faces = split_faces(entry_name)
    keys = dict.fromkeys(map(name_key, [entry_name, *faces]))
    loose = dict.fromkeys(map(loosen, keys))
    return frozenset(keys), "\n" + "\n".join(keys) + "\n", "\n" + "\n".join(loose) + "\n"


_NAME, _KEY_LINES, _LOOSE_LINES = attrgetter("name"), itemgetter(1), itemgetter(2)


def _matches(entry_name: str, key: str) -> bool:
    return key in _keys(entry_name)[0]


#: Every name the card a name is answers to (its full name, face names and other printed names: `Card.names`),
#: none for a name no card has: how the checker lets the deck's commanders be matched by card, not by spelling.
CardNames = Callable[[str], "tuple[str, ...]"]
#: The card names that names no card has misspell, by those names (`Checker.mistyped`).
Mistyped = Callable[[Sequence[str]], Mapping[str, str]]


def _listed_otherwise(name: str, entries: Sequence[Entry], card_names: CardNames) -> str | None:
    """The list's name for the card a given name is, when the list names that card by another of its names: by its
    front face for a double-faced card given in full ("Tergrid, God of Fright" for "Tergrid, God of Fright //
    Tergrid's Lantern"), by its Oracle name for a flavor name given ("Zilortha, Strength Incarnate" for "Godzilla,
    King of the Monsters"), or the other way round. None when the list names it as given or not at all, or when the
    name is no card's (two cards' names joined, "Tymna the Weaver / Kraum", are no card of the list)."""
    key = name_key(name)
    keys = set(map(name_key, card_names(name)))
    if keys <= {key} or any(_matches(e.name, key) for e in entries):
        return None
    return next((e.name for e in entries if not keys.isdisjoint(_keys(e.name)[0])), None)


def _as_listed(name: str, entries: Sequence[Entry], marked: str = COMMANDER) -> str | None:
    """The list's own name for a commander named loosely, when the list holds no card of that name: the one
    card of the list whose name, or a face's, is `name` without punctuation or begins with its words (a form's
    "Atraxa" for Atraxa, Praetors' Voice), or of several so named the one in section `marked` ("Atarka" for the
    Atarka, World Render under its Commander header, not its Atarka Monument); None when no card, or more than
    one, is."""
    names = list(map(_NAME, entries))
    keys = list(map(_keys, names))  # each search below is one over the whole list's keys, found or not
    if f"\n{name_key(name)}\n" in "".join(map(_KEY_LINES, keys)):
        return None
    words = loose_key(name)
    if not words:
        return None
    whole, begun = f"\n{words}\n", f"\n{words} "  # a loose key that is the words, or begins with them
    listed = "".join(map(_LOOSE_LINES, keys))
    if whole not in listed and begun not in listed:
        return None
    found = {n for n, (_, _, lines) in zip(names, keys) if whole in lines or begun in lines}
    if len(found) > 1:
        found = {e.name for e in entries if e.section == marked and e.name in found} or found
    return found.pop() if len(found) == 1 else None


def _as_listed_by_card(name: str, entries: Sequence[Entry], card_names: CardNames) -> tuple[str, str] | None:
    """The list's card a commander named in short is by another of that card's names, and that name, when the list
    holds no card so named (`_as_listed`): the one card of the list with a name (`card_names`: its Oracle name for a
    flavor name listed, a flavor name for an Oracle name) that is `name` without punctuation or begins with its words
    ("Greymond" for a list's "Rick, Steadfast Leader": Greymond, Avacyn's Stalwart); None when no card, or more than
    one, is."""
    words = loose_key(name)
    if not words:
        return None
    begun = f"{words} "
    found: dict[str, str] = {}
    for entry in entries:
        names = card_names(entry.name)
        if len(names) < 2 and (not names or names[0] == entry.name):  # (most cards: no other name)
            continue
        own = _keys(entry.name)[0]
        for other in names:
            if name_key(other) not in own and ((key := loose_key(other)) == words or key.startswith(begun)):
                found[entry.name] = other
                break
    return found.popitem() if len(found) == 1 else None


def commanders_given_read(deck: Deck, card_names: CardNames, entries: list[Entry] | None = None,
                          notes: list[str] | None = None, mistyped: Mistyped | None = None) -> Deck:
    """The deck (its `entries` and `notes` when given, as a caller changed them) with each commander given beside its
    list and added as a card of its own (`Deck.added_commanders`) whose name no card has (a form's Commander cell
    misspelt, "Edgar Markof", or no name at all, "mono-red goblins") read against the list, its note saying so: the
    list's card spelt closest when one is close (`_closest_listed`), taken out of the main deck or sideboard; else,
    when the list marked commanders of its own that the names given moved to the main deck
    (`Deck.unmarked_commanders`), those commanders kept and the name left out. Before, such a name was an unknown
    commander, the deck's identity unchecked and its own commander counted a 101st card. With `mistyped` (the
    names given to check the deck with: `--commander`), a name that misspells a card stays the commander, unknown
    (its close name said): before, a misspelt --commander was left out and the deck judged by the list's own."""
    entries = list(deck.entries if entries is None else entries)
    notes = list(deck.notes if notes is None else notes)
    unknown: list[str] = []
    for name in [name for name in deck.added_commanders if not card_names(name)]:
        index = next((i for i, e in enumerate(entries) if e.section == COMMANDER and e.name == name), None)
        if index is not None and len(parts := _given_joined(name, entries, card_names)) > 1:
            # a name joining two, read before the cards were known: its parts
            unknown += [part for part in _given_apart(entries, notes, index, parts) if not card_names(part)]
        else:
            unknown.append(name)
    left: list[str] = []
    for name in unknown:
        listed = [e for e in entries if e.section in (MAIN, SIDEBOARD)]
        index = next((i for i, e in enumerate(entries) if e.section == COMMANDER and e.name == name), None)
        if index is None:
            continue
        by_card = _as_listed_by_card(name, listed, card_names)
        close = by_card[0] if by_card else _closest_listed(name, listed)
        if close is None:
            if mistyped is None or not mistyped([name]):
                left.append(name)
            continue
        entries[index] = entries[index]._replace(name=close)
        _take_one(entries, entries.index(next(e for e in listed if e.name == close)))
        _said_instead(notes, f"{name} {NOT_IN_THE_LIST}",
                      f"{name} read as the list's {close} ({by_card[1]})" if by_card else
                      f"{name} is no card's name; read as {close}, the list's card spelt closest")
        if close in deck.unmarked_commanders:  # back where the list marked it
            _said_instead(notes, f"{close} {MOVED_TO_MAIN}", None)
    kept = [name for name in deck.unmarked_commanders if any(e.section == MAIN and e.name == name for e in entries)]
    if left and kept:
        entries = [e for e in entries if not (e.section == COMMANDER and e.name in left)]
        for place, name in enumerate(kept):
            copy = _take_one(entries, next(i for i, e in enumerate(entries) if e.section == MAIN and e.name == name))
            entries.insert(place, copy._replace(quantity=1, section=COMMANDER))
            _said_instead(notes, f"{name} {MOVED_TO_MAIN}", None)
        for name in left:
            _said_instead(notes, f"{name} {NOT_IN_THE_LIST}",
                          f"{name} is no card's name; the list's own {'commander' if len(kept) == 1 else 'commanders'} "
                          f"{'; '.join(kept)} kept")
    return replace(deck, entries=tuple(entries), notes=tuple(notes), added_commanders=(), unmarked_commanders=())


def _given_joined(name: str, entries: Sequence[Entry], card_names: CardNames) -> list[str]:
    """The parts of a commander's name given beside the list that no card has, when it joins two names
    (`_joined_names`: one of them a card, "Frodo, Adventurous Hobbit & Sam, Loyal Atendant"), or joins them by a
    slash, " & ", " + " or a line break and one of them is a card of the list misspelt ("Frodo, Adventurous Hobit &
    Sam, Loyal Attendent"); else the name alone ("Minsc & Boo, Timeless Heroes" when the card data lacks it)."""
    listed = [e for e in entries if e.section in (MAIN, SIDEBOARD)]
    parts = _joined_names(name, listed, card_names)
    if len(parts) == 1 and len(apart := _parts_joined(name, None)) > 1 and any(
            _closest_listed(part, listed) for part in apart):
        return apart
    return parts


def _given_apart(entries: list[Entry], notes: list[str], index: int, parts: list[str]) -> list[str]:
    """The commander given at `index`, a name joining two cards' that only the cards tell apart ("Tymna the Weaver
    & Thrasios, Triton Hero" in a form's Commander cell, read before the cards were known), made its `parts`: each
    the list's copy when the list holds one, else added (returned), its note saying so as if each had been given
    alone. In place."""
    joined = entries.pop(index)
    added = []
    for place, part in enumerate(parts, index):
        found = _one_for(entries, part, name_key(part), COMMANDER, (MAIN, SIDEBOARD))
        if found is None:  # (given twice)
            continue
        copy, source = found
        entries.insert(place, copy._replace(line=copy.line or joined.line))
        if source is None:
            added.append(part)
    ending = f"{joined.name} {NOT_IN_THE_LIST}"
    at = next((i for i, note in enumerate(notes) if note.endswith(ending)), len(notes))
    start = notes[at][:-len(ending)] if at < len(notes) else ""
    notes[at:at + 1] = [f"{start}{joined.name} read as {len(parts)} commanders: {'; '.join(parts)}",
                        *(f"{start}{part} {NOT_IN_THE_LIST}" for part in added)]
    return added


def _said_instead(notes: list[str], ending: str, instead: str | None, start: str | None = None) -> None:
    """The note ending so said as `instead` after `start`, by default the note's own ("--commander: "), or left out for
    None; in place."""
    for index, note in enumerate(notes):
        if note.endswith(ending):
            if instead is None:
                del notes[index]
            else:
                notes[index] = (note[:len(note) - len(ending)] if start is None else start) + instead
            return


def _closest_listed(name: str, entries: Sequence[Entry]) -> str | None:
    """The card of `entries` whose name, or a face's, is spelt closest to `name` when it is that card mistyped
    (`likeness` of MISTYPED or more) and no other is as close; else None."""
    scores: dict[str, float] = {}
    for entry in entries:
        for other in _keys(entry.name)[0]:
            ratio = likeness(name, other)
            if ratio >= MISTYPED:
                scores[entry.name] = max(ratio, scores.get(entry.name, 0.0))
    best = sorted(scores.items(), key=itemgetter(1), reverse=True)[:2]
    return best[0][0] if len(best) == 1 or best and best[0][1] > best[1][1] else None


def _move_unnamed(entries: list[Entry], section: str, keys: Sequence[str], to: str) -> list[str]:
    """Move the entries of `section` that none of `keys` names to section `to`, in place; their names."""
    moved = []
    for index, entry in enumerate(entries):
        if entry.section == section and not any(_matches(entry.name, k) for k in keys):
            entries[index] = entry._replace(section=to)
            moved.append(entry.name)
    return moved


def _one_for(entries: list[Entry], name: str, key: str, section: str, sources: Sequence[str]
             ) -> tuple[Entry, str | None] | None:
    """One copy of the card `name` (folded: `key`) for `section`, and the section it was taken from: out of the first
    of `sources` that lists it (`_take_one`), else a new entry (None, the card is not in the list); None when
    `section` holds the card already."""
    if any(e.section == section and _matches(e.name, key) for e in entries):
        return None
    for source in sources:
        found = next((i for i, e in enumerate(entries) if e.section == source and _matches(e.name, key)), None)
        if found is not None:
            return _take_one(entries, found)._replace(quantity=1, section=section), source
    return Entry(1, name, section, 0), None


def _take_one(entries: list[Entry], index: int) -> Entry:
    """One copy of the entry at `index` taken out of `entries` (the entry gone, or its count one less); the entry."""
    entry = entries[index]
    if entry.quantity > 1:
        entries[index] = entry._replace(quantity=entry.quantity - 1)
    else:
        del entries[index]
    return entry


def _at(entry: Entry) -> str:
    """The start of a note about an entry: its line ("line 4: "), or nothing when the source has no lines."""
    return f"line {entry.line}: " if entry.line else ""


#: What a note says of a commander given beside the list that the list does not hold.
NOT_IN_THE_LIST = "is not in the list; added as commander"
#: How the notes name the commanders given to the Python API (`check_deck(commanders=...)`, `check_many`), as
#: "--commander" names the command line's.
COMMANDERS_ARGUMENT = "commanders given"
#: What it says of a companion given beside the list that the list does not hold.
COMPANION_NOT_IN_THE_LIST = "is not in the list; added as companion"
#: What it says of a commander the list marks that the commanders given beside it do not name.
MOVED_TO_MAIN = "moved from the commanders to the main deck"


def _added_found_listed(deck: Deck, card_names: CardNames) -> Deck:
    """The deck with each commander given beside its list and added as a card of its own (`Deck.added_commanders`)
    taken as the list's copy when the list names that card by another of its names (`_listed_otherwise`: a form's
    Commander cell "Tergrid, God of Fright // Tergrid's Lantern" over a list holding "1 Tergrid, God of Fright"),
    its note saying so."""
    entries, notes = list(deck.entries), list(deck.notes)
    for name in deck.added_commanders:
        face = _listed_otherwise(name, [e for e in entries if e.section in (MAIN, SIDEBOARD)], card_names)
        if face is None:
            continue
        copy = _take_one(entries, next(i for i, e in enumerate(entries)
                                       if e.section in (MAIN, SIDEBOARD) and e.name == face))
        _said_instead(notes, f"{name} {NOT_IN_THE_LIST}", f"{name} is the list's {face}",
                      start=f"{_at(copy)}commander ")
    return commanders_given_read(deck, card_names, entries, notes)


#: The most commanders a list marks that `commanders_as_listed` reads as the list's copies of their cards.
MAX_READ_AS_LISTED = 100


def _commanders_apart(entries: list[Entry], notes: list[str], card_names: CardNames) -> None:
    """Each commander entry of `entries` that joins two cards' names (`_parts_joined`: "Thrasios, Triton Hero /
    Tymna the Weaver", "A // B", "A and B"), each part a card or a card of the list, made an entry each, in place,
    with a note."""
    # each commander read against the whole list: a list marking 10,000 took a minute; no deck marks a hundred (the
    # commander-pair rule reports the rest as they are marked)
    for entry in [e for e in entries if e.section == COMMANDER][:MAX_READ_AS_LISTED]:
        if entry.quantity != 1 or card_names(entry.name):
            continue
        index = entries.index(entry)
        others = entries[:index] + entries[index + 1:]
        parts = _parts_joined(entry.name, card_names, others)
        if len(parts) < 2:
            continue
        if all(card_names(part) or _names_a_listed_card(part, others) for part in parts):
            entries[index:index + 1] = [entry._replace(name=part) for part in parts]
            notes.append(f"{_at(entry)}commander {entry.name} read as {len(parts)} commanders: {'; '.join(parts)}")


def commanders_as_listed(deck: Deck, card_names: CardNames) -> Deck:
    """The deck with each commander the list marks taken as the list's copy of its card, with a note, when the
    list holds one in the main deck or sideboard: a commander marked by a name no card has ("**Commander:**
    Atraxa") is read as `--commander` reads a name (`_as_listed`: the one other card of the list so named,
    Atraxa, Praetors' Voice), and one named with no count on a label or under a header (`Deck.label_lines`:
    "**Commander:** Atraxa, Praetors' Voice") is the copy listed below it. That copy leaves the main deck or
    sideboard. A commander entry that joins two cards' names ("**Commanders:** Thrasios, Triton Hero / Tymna the
    Weaver", "A & B", "A + B") is first read as its parts, as `--commander` reads such a name, when each part is a
    card or a card of the list. A label's name that no card has, beside a commander the list marks otherwise, is no
    commander ("Commander: see the Section column"). The deck itself when no commander is so marked."""
    if deck.added_commanders:
        deck = _added_found_listed(deck, card_names)
    entries = list(deck.entries)
    notes = list(deck.notes)
    _commanders_apart(entries, notes, card_names)
    names_of: CardNames | None = None  # (each card of the list asked once, however many commanders are read so)
    for entry in [e for e in entries if e.section == COMMANDER][:2 * MAX_READ_AS_LISTED]:  # (a joined one is two)
        where = _at(entry)
        labelled = entry.line in deck.label_lines and entry.quantity == 1
        known = bool(card_names(entry.name))  # else a name in short
        if known and not labelled:
            continue
        index = entries.index(entry)
        others = entries[:index] + entries[index + 1:]
        # a name in short, or a label's name that is another card's when the list holds none of that name
        # ("**Commander:** Sheoldred" above Sheoldred, the Apocalypse), read as `--commander` reads one
        found, read = _as_listed(entry.name, others), None
        if found is not None:
            read = f"{found}, the list's card so named"
        elif not known and (by_card := _as_listed_by_card(
                entry.name, [e for e in others if e.section in (MAIN, SIDEBOARD)],
                names_of := names_of or cache(card_names))):
            found, read = by_card[0], f"the list's {by_card[0]} ({by_card[1]})"
        if found is not None:
            known = False
            key = name_key(found)
            entries[index] = entry._replace(name=found)
            notes.append(f"{where}commander {entry.name} read as {read}")
        elif known and labelled:
            key = name_key(_listed_otherwise(entry.name, others, card_names) or entry.name)
        else:
            if labelled and not known and entry.line not in deck.group_lines and 1 <= sum(
                    e.section == COMMANDER and e.line not in deck.label_lines for e in others) <= 2:
                # a label's words that are no card's beside the commander the list marks ("Commander: see the
                # Section column"): no commander of their own
                del entries[index]
                notes.append(f"{where}read \"{entry.name}\", named as a commander, as no card: no card has that name, "
                             "and the list marks its commander")
            continue
        listed = next((i for i, e in enumerate(entries)
                       if e.section in (MAIN, SIDEBOARD) and _matches(e.name, key)), None)
        if listed is None:
            continue
        copy = _take_one(entries, listed)
        if known:
            notes.append(f"{where}commander {entry.name}, named on a line of its own, is the list's copy on line "
                         f"{copy.line}")
    if len(notes) == len(deck.notes):
        return deck
    return replace(deck, entries=tuple(entries), notes=tuple(notes))


def partner_kept(deck: Deck, can_pair: Callable[[str, str], bool]) -> Deck:
    """A deck whose one commander, given beside its list (a form's Commander cell, its Partner cell left empty), is
    one of the two commanders the list marks: the other, which naming one moved to the main deck
    (`Deck.unmarked_commanders`), back beside it, with a note, when the two can be a deck's two commanders
    (`can_pair`: partners, a commander and its Background); the cell is short of the list's pair, not against it
    (before, a legal partner deck had 45 color-identity errors). Else the deck unchanged: a card the list marked by
    mistake (Sol Ring beside Atraxa) stays in the main deck. `--commander` names the commanders whole: its decks hold
    no such names (`commanders_given_read`)."""
    if len(deck.unmarked_commanders) != 1:  # (most decks: nothing moved aside, no pass over their entries)
        return deck
    leaders = [e for e in deck.entries if e.section == COMMANDER]
    if len(leaders) != 1 or leaders[0].quantity != 1:
        return deck
    (other,) = deck.unmarked_commanders
    index = next((i for i, e in enumerate(deck.entries) if e.section == MAIN and e.name == other), None)
    if index is None or not can_pair(leaders[0].name, other):
        return deck
    entries, notes = list(deck.entries), list(deck.notes)
    copy = _take_one(entries, index)
    entries.insert(entries.index(leaders[0]) + 1, copy._replace(quantity=1, section=COMMANDER))
    _said_instead(notes, f"{other} {MOVED_TO_MAIN}",
                  f"{leaders[0].name} is one of the list's two commanders; its {other}, a pair with it, kept beside it")
    return replace(deck, entries=tuple(entries), notes=tuple(notes), unmarked_commanders=())


def _names_a_listed_card(name: str, entries: Sequence[Entry]) -> bool:
    """Whether a given name is a card of the list: by full or face name, else loosely (`_as_listed`)."""
    key = name_key(name)
    return any(_matches(e.name, key) for e in entries) or _as_listed(name, entries) is not None


def _parts_joined(name: str, card_names: CardNames | None, entries: Sequence[Entry] = ()) -> list[str]:
    """The names a commander's name may join: its parts joined by one slash, " & ", " + " or a line break
    (`split_joined`), or, with `card_names`, by a face separator or "and" ("Tymna the Weaver // Thrasios, Triton
    Hero", "The Tenth Doctor and Rose Tyler") when the whole is no card and the parts are different cards, each
    by its name or as a card of `entries` named in short ("Thrasios and Tymna", `_as_listed`; never a double-faced
    card's two faces; card names hold "and" too); else the name alone."""
    if _JOINED.search(name):
        return [part for part in split_joined(name) if part]
    if card_names is None or card_names(name):
        return [name]
    parts = list(map(written_name, split_faces(name) if has_face_separator(name) else _AND.split(name)))

    def card(part: str) -> tuple[str, ...]:  # the card's names, or those of the list's card named so in short
        listed = None if (names := card_names(part)) else _as_listed(part, entries)
        return names or (card_names(listed) or (listed,) if listed else ())

    cards = list(map(card, parts))
    return parts if len(parts) > 1 and all(cards) and len(set(cards)) == len(cards) else [name]


def _joined_names(name: str, entries: Sequence[Entry], card_names: CardNames | None = None) -> list[str]:
    """A given name that joins two commanders' ("Tymna the Weaver / Thrasios, Triton Hero" given as one
    `--commander`) as its parts (`_parts_joined`), when no card of the list is the whole name and each part is a
    card of the list, or (with `card_names`) a card at all; with `card_names`, also when the whole is no card, the
    parts are joined by a slash, " & ", " + " or a line break and one of them is a card ("Frodo, Adventurous Hobbit
    & Sam, Loyal Atendant": Frodo, and Sam misspelt, told as an unknown card with its close names); else the name
    alone."""
    parts = _parts_joined(name, card_names, entries)
    if len(parts) < 2 or _names_a_listed_card(name, entries):
        return [name]
    known = [_names_a_listed_card(part, entries) or card_names is not None and bool(card_names(part))
             for part in parts]
    if all(known) or card_names is not None and any(known) and _JOINED.search(name) and not card_names(name):
        return parts
    return [name]


def _given(name: str, card_names: CardNames | None) -> str:
    """A name given for a commander, as `written_name` reads it unless it is a card's name as given."""
    return name if card_names is not None and card_names(name) else written_name(name)


def with_commanders(deck: Deck, names: list[str], given: str = "--commander",
                    card_names: CardNames | None = None, mistyped: Mistyped | None = None) -> Deck:
    """Make `names` the deck's commanders (`--commander NAME`, or a deck object's "commander" beside its
    text): each is moved out of the main deck (or the sideboard) when listed there, else added; commanders
    the list marked but `names` omits go to the main deck (`Deck.unmarked_commanders`; `partner_kept` may take one
    back once the cards are known), and a label above the list's own copies ("**Commander:**
    Atraxa" above its Atraxa, Praetors' Voice), which is no card of its own, and a label naming those given,
    which is them (`_read_labels`). Names match folded, by
    full name or by a face name, else loosely when one card of the list alone matches so (`_as_listed`:
    "Atraxa"); with `card_names`, a card given by another of its names than the list's (a double-faced card in
    full, a flavor name) is the list's copy (`_listed_otherwise`); a name no card has is read against the list
    (`commanders_given_read`, with `mistyped`). The notes of what moved begin with `given`."""
    if not names:
        return deck
    entries = list(deck.entries)
    notes = list(deck.notes)
    if card_names is not None:
        _commanders_apart(entries, notes, card_names)
    apart = entries  # (a label's names apart, "**Commanders:** A / B": a name given joined is split as they are)
    if deck.label_lines:
        labels = deck.label_lines
        apart = [Entry(1, part, COMMANDER, e.line) for e in entries if e.section == COMMANDER and e.line in labels
                 for part in split_joined(e.name) if part.strip()] + [e for e in entries if e.line not in labels]
    names = [part for name in names for part in _joined_names(_given(name, card_names), apart, card_names)]
    if deck.label_lines or card_names is not None:
        entries, names, read = _read_labels(entries, deck.label_lines, names, given, card_names)
        notes += read
    listed = [_as_listed(name, entries) for name in names]
    notes.extend(f"{given}: {name} read as {found}, the list's card so named"
                 for name, found in zip(names, listed) if found is not None)
    names = [found or name for name, found in zip(names, listed)]
    if card_names is not None:  # a card given by another of its names than the list's
        names = [_listed_otherwise(name, entries, card_names) or name for name in names]
    keys = [name_key(n) for n in names]
    moved = _move_unnamed(entries, COMMANDER, keys, MAIN)
    notes += [f"{given}: {name} {MOVED_TO_MAIN}" for name in moved]
    placed = 0  # commanders go first, in the order given
    added: list[str] = []
    for name, key in zip(names, keys):
        found = _one_for(entries, name, key, COMMANDER, (MAIN, SIDEBOARD))
        if found is None:
            continue
        copy, source = found
        if source is None:
            notes.append(f"{given}: {name} {NOT_IN_THE_LIST}")
            added.append(name)
        entries.insert(placed, copy)
        placed += 1
    deck = replace(deck, entries=tuple(entries), commanders_marked=True, notes=tuple(notes),
                   added_commanders=deck.added_commanders + tuple(added),
                   unmarked_commanders=deck.unmarked_commanders + tuple(moved))
    return deck if card_names is None else commanders_given_read(deck, card_names, mistyped=mistyped)
