"""Property tests: no text or bytes make the decklist parser raise anything but InputError."""

from __future__ import annotations

import json
from dataclasses import replace

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from deckcheck.batch.core import jsonl_sources, record_source
from deckcheck.decklist import SECTIONS, parse_bytes, parse_text
from deckcheck.decklist.model import EntryCollector
from deckcheck.decklist.reading import parse_deck_record
from deckcheck.decklist.records import record_blocks
from deckcheck.decklist.text import blocks_text, parse_lines, parse_plain_blocks, unnumbered
from deckcheck.errors import InputError

# Pieces of real decklist syntax, so generated text reaches the interesting branches.
PIECES = st.sampled_from([
    "1 ", "4x ", "x4 ", "SB: ", "COMMANDER: ", "Commander", "Deck", "Sideboard", "// ", "#", "#!Commander",
    " (CMM) 410", " *F*", " *CMDR*", " [Commander{top}]", " ^Have,#37d67a^", " [WHO:3]", " [foil]", "Sol Ring",
    "Fire // Ice", "SP//dr, Piloted by Peni", "\n", "\n\n", "\r\n", ",", "\"", "Count,Name,Section\n", "{", "}",
    "About\n", "Name ", "()", "[", "]", "*", "^", "0", "99999999999999999999999", " ", "\t", "é", "\ufeff",
    '<?xml version="1.0"?>', "<Deck>", "</Deck>", '<Cards Quantity="1" Name="', '" Sideboard="true"/>',
    '<cockatrice_deck version="1">', '<zone name="main">', '<card number="2" name="', '"/>', "&amp;", "&#0;",
    "<!DOCTYPE", "|C16|1", "[Main]", "[metadata]\n", "Name=", "Count;Name;Section\n", "Qty\tName\n", ";",
])
TEXT = st.one_of(st.text(max_size=300), st.lists(PIECES | st.text(max_size=8), max_size=40).map("".join))


def _check(deck) -> None:
    for entry in deck.entries:
        assert entry.section in SECTIONS
        assert 1 <= entry.quantity
        assert entry.name
    for problem in deck.problems:
        assert len(problem.text) <= 120


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(TEXT)
@example("\r0\nCount,Name,Section\n")  # a lone carriage return, a line break to the csv module, above a header
def test_random_text_never_raises_anything_but_input_error(text: str) -> None:
    try:
        deck = parse_text(text, "fuzz.txt")
    except InputError as exc:
        assert str(exc).startswith("fuzz.txt")
        return
    _check(deck)


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=300) | TEXT.map(lambda t: t.encode("utf-8", "surrogatepass")))
def test_random_bytes_never_raise_anything_but_input_error(data: bytes) -> None:
    try:
        deck = parse_bytes(data, "fuzz.bin")
    except InputError as exc:
        assert str(exc).startswith("fuzz.bin")
        return
    _check(deck)


# --- the JSON Lines fast path: parse_plain_blocks gives parse_lines' Deck, or None -------------------------
LINE_PIECES = st.sampled_from([
    "1 ", "4x ", "4 x ", "x4 ", "0 ", "00 ", "012 ", "1000 ", "1X ", "\t", "  ", " ", "Sol Ring", "Fire // Ice",
    "sol ring", "SOL RING", "Lim-Dûl's Vault", "x Sol", "X ", " (CMM) 410", "[foil]", "*F*", "#tag", "^",
    "\r", "\n", "\x0b", "\xa0", "\u2028", "\ufeff", "²", "١ ", "Name: x", "Sideboard", "é", "_", ":", "\\", '\\"',
])
NAMES = st.sampled_from(["Sol Ring", "sol  ring", "Sol\xa0Ring", "Sol \x0bRing", "SOL RING", "Fire // Ice",
                         "Lim-Dûl's Vault", "Forest", "x Forest", "Æther Vial", "Sol Ring (CMM) 410", "Sol Ring*",
                         "é", "_x", "Ring²", "Sol Ring:", "Circle of Protection: Red", 'Kongming, \\"Sleeping Dragon\\"'])
PLAIN = st.builds("{}{}{}{}{}".format, st.sampled_from(["", " ", "\t", "\xa0", "\ufeff"]),
                  st.sampled_from(["1", "2", "01", "0", "000", "999", "1000", "١"]),
                  st.sampled_from([" ", "x ", "X\t", "  ", " x ", "", "*"]), NAMES,
                  st.sampled_from(["", " ", "  \t", "\x0b", "\r", "\n1 Forest"]))
MOSTLY_PLAIN = st.builds("{}{} {}{}".format, st.sampled_from(["", " "]), st.sampled_from(["1", "2x", "10", "7X"]),
                         NAMES, st.sampled_from(["", " "]))
LINES = (st.lists(MOSTLY_PLAIN, max_size=8)
         | st.lists(PLAIN | st.lists(LINE_PIECES | st.text(max_size=4), max_size=6).map("".join), max_size=8))
HEADERS_OR_NONE = st.sampled_from([None, "Commander", "Companion", "Deck", "Sideboard", "Maybeboard", "About",
                                   "Commander", "Deck"])


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(HEADERS_OR_NONE, LINES), max_size=4), st.none() | st.just("Deck name"))
def test_plain_blocks_fast_path_equals_the_text_parser(blocks, name) -> None:
    fast = parse_plain_blocks(blocks, "x.jsonl:1", name)
    if fast is None:
        return  # the caller parses blocks_text(blocks) instead
    slow = parse_lines(blocks_text(blocks), "x.jsonl:1")
    assert fast == replace(slow, name=name or slow.name)
    assert not fast.problems
    assert parse_plain_blocks(blocks, "x.jsonl:1", name, numbered=False) == unnumbered(fast)


def test_plain_blocks_fast_path_is_taken_for_plain_lines() -> None:
    blocks = [("Commander", ["1 Atraxa, Praetors' Voice"]), ("Deck", ["1 Sol Ring", "2x  Forest ", "1 sol ring"])]
    fast = parse_plain_blocks(blocks, "d")
    assert fast == parse_lines(blocks_text(blocks), "d")
    assert [(e.quantity, e.name, e.section, e.lines) for e in fast.entries] == [
        (1, "Atraxa, Praetors' Voice", "commander", (2,)), (2, "Sol Ring", "main", (4, 6)), (2, "Forest", "main", (5,))]
    listed = parse_plain_blocks(blocks, "d", numbered=False)  # as a deck object's lists are read
    assert [(e.line, e.lines) for e in listed.entries] == [(0, (0,)), (0, (0, 0)), (0, (0,))]
    assert parse_plain_blocks([(None, ["1 Sol Ring (CMM) 410"])], "d") is None
    assert parse_plain_blocks([(None, ['1 Kongming, \\"Sleeping Dragon\\"'])], "d") is None  # a Markdown escape


ITEMS = LINES | st.lists(st.one_of(MOSTLY_PLAIN, st.integers(), st.none(), st.just("  ")), max_size=6)
RECORDS = st.fixed_dictionaries({"decklist": ITEMS}, optional={
    "commander": st.lists(NAMES, max_size=2) | NAMES | st.integers(),
    "sideboard": ITEMS, "companion": NAMES, "name": st.just("Deck name")})


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(RECORDS)
@example({"decklist": [], "name": "Deck name", "sideboard": ["Name: x"]})  # its own name and one in its lines
@example({"decklist": ["1 Sol Ring\ufeff", "1 Arcane Signet\u200b "]})  # invisible marks after a name, stripped
def test_jsonl_records_read_like_their_text_every_time(record) -> None:
    """A JSON Lines deck object never raises but InputError; read (on the fast path when its lines are plain)
    it is the Deck its text gives (without line numbers: the items are not lines of the file), and reading it
    again (its lines now cached) gives the same Deck."""
    raw = json.dumps(record)
    kind, label, payload = record_source(raw, "x.jsonl:1")
    assert kind in ("record", "error")
    if kind == "record":
        try:
            deck = parse_deck_record(payload, label)
        except InputError:
            return
        blocks, problems = record_blocks(record)
        slow = unnumbered(parse_lines(blocks_text(blocks), label))  # RECORDS have no "text"
        if problems:  # the items that give no line (null, a number), said first
            slow = replace(slow, problems=EntryCollector().finish(problems)[1] + slow.problems)
        assert deck == replace(slow, name=record.get("name") or slow.name)  # the object's name first
        assert parse_deck_record(payload, label) == deck


DECK_OBJECTS = st.lists(st.fixed_dictionaries(
    {"commander": st.lists(st.sampled_from(["Edgar Markov", "Tymna the Weaver", "{", "]"]), max_size=2),
     "decklist": st.lists(st.sampled_from(["1 Sol Ring", "}", "[", "", "2 Forest\n"]) | st.text(max_size=6),
                          max_size=5)},
    optional={"name": st.text(max_size=10)}), min_size=1, max_size=6)


def _records(sources) -> list:
    """The deck objects of JSON Lines sources (raw lines parsed as a worker parses them)."""
    out = []
    for kind, label, payload in sources:
        if kind == "jsonl":
            kind, label, payload = record_source(payload, label)
        assert kind == "record", payload
        out.append(payload)
    return out


@settings(max_examples=300, deadline=None)
@given(DECK_OBJECTS, st.sampled_from([1, 2, 4, None]), st.booleans())
def test_deck_objects_read_alike_on_a_line_each_pretty_printed_or_in_an_array(decks, indent, array) -> None:
    """The same deck objects written as JSON Lines, one after another pretty-printed (`jq .`), or as a JSON array
    (pretty or not) are the same decks, in order."""
    one_a_line = [json.dumps(d).encode() + b"\n" for d in decks]
    if array:
        text = json.dumps(decks, indent=indent)
    else:
        text = "".join(json.dumps(d, indent=indent) + "\n" for d in decks)
    lines = text.encode().splitlines(keepends=True)
    assert _records(jsonl_sources("x.jsonl", one_a_line)) == decks
    assert _records(jsonl_sources("x.jsonl", lines)) == decks


@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from(["{", "}", "[", "]", "{}", "[]", '{"decklist": ["1 Sol Ring"]}', '  "a": 1,',
                                 '"x"', "", " ", ",", "\ufeff{", "[{", "}]", "null"]) | st.text(max_size=5),
                max_size=30))
def test_json_lines_sources_never_raise_and_name_their_lines(lines) -> None:
    """Whatever lines a JSON Lines file holds, reading its sources never raises, each source is named by one of its
    lines, and a line that holds a whole deck object alone is a deck of its own."""
    raw = [(line + "\n").encode() for line in lines]
    sources = list(jsonl_sources("x.jsonl", raw))
    assert all(kind in ("jsonl", "record", "error") for kind, _, _ in sources)
    numbers = {int(label.split(":")[1].split(" ")[0]) for _, label, _ in sources}
    assert numbers <= set(range(1, len(lines) + 1))
    for number, line in enumerate(lines, start=1):
        if line == '{"decklist": ["1 Sol Ring"]}' and not any(l.strip() in ("{", "\ufeff{") or l.startswith("[")
                                                               for l in lines[:number - 1]):
            assert number in numbers


# Card names as the names of cards are: some hold commas, one a comma in a number, one a face separator.
CARD_NAMES = ["Sol Ring", "Kenrith, the Returned King", "Fear, Fire, Foes!", "Arcane Signet", "Fire // Ice",
              "Borrowing 100,000 Arrows", "Forest", "Tamiyo, Inquisitive Student // Tamiyo, Seasoned Scholar"]
_FOLDED = {name.lower() for name in CARD_NAMES}


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(CARD_NAMES), min_size=2, max_size=30), st.sampled_from([", ", ",", " , ", ",  "]))
def test_card_names_separated_by_commas_read_back_as_those_names(names: list[str], separator: str) -> None:
    """Whatever card names are written one after another with commas, and however the commas are spaced, they
    are read back as those names, in order (names_in), and a deck entry so written becomes them (names_apart)."""
    from deckcheck.decklist.runs import Piece, names_apart, names_in
    from deckcheck.decklist.model import Deck, Entry

    text = separator.join(names)
    assert names_in(text, lambda name: name.lower() in _FOLDED) == [Piece(1, name, True) for name in names]
    deck = Deck(path="d", name=None, entries=(Entry(1, text, "main", 3),), problems=(), commanders_marked=False)
    apart = names_apart(deck, [text], lambda name: names_in(name, lambda piece: piece.lower() in _FOLDED))
    assert sum(e.quantity for e in apart.entries) == len(names) and {e.line for e in apart.entries} == {3}
    assert apart.notes == (f"line 3: read as {len(names)} card names written on one line",)


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(CARD_NAMES) | st.text(max_size=12), max_size=30).map(", ".join))
def test_any_text_with_commas_is_read_apart_without_error(text: str) -> None:
    """Card names and any other text joined with commas: names_in answers pieces, the cards among them named as
    the text names them, the rest as their lines would read (control characters made spaces) or a header
    ("MAYBEBOARD") starting a section, or None, and never raises."""
    from deckcheck.decklist.runs import names_in

    pieces = names_in(text, lambda name: name.lower() in _FOLDED)
    if pieces is not None:
        assert sum(piece.known for piece in pieces) >= 2
        assert all(piece.name.strip() and (piece.name in text or not piece.known) or not piece.name and piece.section
                   for piece in pieces)


@settings(max_examples=400, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 30), st.sampled_from(CARD_NAMES)), min_size=2, max_size=30),
       st.sampled_from([" ", "  ", ""]), st.booleans())
def test_decklist_lines_run_together_read_back_as_those_cards(lines: list[tuple[int, str]], joint: str,
                                                               with_sets: bool) -> None:
    """A decklist's lines ("3 Sol Ring", Arena's "3 Sol Ring (CMM) 410") with their line breaks made spaces or
    dropped, as a one-line field pastes them: read back as those cards and counts, in order (names_in)."""
    from deckcheck.decklist.runs import Piece, names_in

    if with_sets and not joint:  # "(CMM) 41011 Sol Ring": 410 and 11, or 4101 and 1? Either reads
        joint = " "
    text = joint.join(f"{count} {name}{' (CMM) 410' if with_sets else ''}" for count, name in lines)
    assert names_in(text, lambda name: name.lower() in _FOLDED) == [Piece(count, name, True) for count, name in lines]
