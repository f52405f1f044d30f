"""Bad input (issue 3 section 4) and the file kinds: each gives a Deck or a one-line InputError, fast."""

from __future__ import annotations

import gzip
import json
import os
import re
import shutil
import time
from pathlib import Path

import pytest

from deckcheck.decklist import (
    COMMANDER, MAIN, MAX_BYTES, OUTSIDE, SIDEBOARD, parse_bytes, parse_file, parse_text, read_stream,
)
from deckcheck.errors import InputError

DECKS = Path(__file__).parent / "fixtures" / "decks"
TOURNAMENT = Path(__file__).resolve().parent.parent / "data" / "examples" / "tournament"


def test_empty_file_is_an_empty_deck(tmp_path: Path) -> None:
    path = tmp_path / "empty.txt"
    path.write_bytes(b"")
    deck = parse_file(path)
    assert deck.entries == () and deck.problems == () and deck.path == str(path)


def test_whitespace_only_file(tmp_path: Path) -> None:
    path = tmp_path / "blank.txt"
    path.write_text("\n \n\t\n")
    assert parse_file(path).entries == ()


@pytest.mark.parametrize("data", [
    b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)),
    bytes(range(256)) * 4,
    b"\x7fELF\x02\x01\x01\x00" + b"\x00" * 100,
    b"1 Sol Ring\n\x00\x01\x02",
    bytes([1, 2, 3, 4, 5, 6, 7, 8] * 50),
], ids=["png", "all-bytes", "elf", "nul-after-text", "control-chars"])
def test_binary_file_is_refused(tmp_path: Path, data: bytes) -> None:
    path = tmp_path / "deck.bin"
    path.write_bytes(data)
    with pytest.raises(InputError, match=r"deck\.bin: (an image \(PNG\), )?not a text decklist"):
        parse_file(path)


def test_latin1_text_is_read_with_a_note(tmp_path: Path) -> None:
    path = tmp_path / "latin1.txt"
    path.write_bytes("1 Lim-Dûl's Vault\n1 Séance\n1 Æther Vial\n".encode("latin-1"))
    deck = parse_file(path)
    assert [e.name for e in deck.entries] == ["Lim-Dûl's Vault", "Séance", "Æther Vial"]
    assert "not UTF-8" in deck.notes[0] and "line 1" in deck.notes[0]


def test_cp1252_curly_apostrophe(tmp_path: Path) -> None:
    path = tmp_path / "cp1252.txt"
    path.write_bytes("1 Praetors’ Grasp\n".encode("cp1252"))
    assert parse_file(path).entries[0].name == "Praetors’ Grasp"


@pytest.mark.parametrize("encoding", ["utf-8-sig", "utf-16", "utf-16-le", "utf-16-be", "utf-32",
                                      "utf-32-be"])
def test_byte_order_marks(tmp_path: Path, encoding: str) -> None:
    """With a BOM, or UTF-16 without one (told by the zero high bytes of ASCII characters). UTF-32's BOM begins
    as UTF-16's does: before, such a file was read as UTF-16, every card unknown."""
    bom = "\ufeff" if encoding == "utf-32-be" else ""  # (Python's "utf-32" writes one, little-endian here)
    path = tmp_path / "bom.txt"
    path.write_bytes((bom + "Commander\n1 Atraxa, Praetors' Voice\nDeck\n1 Séance\n").encode(encoding))
    deck = parse_file(path)
    assert [(e.name, e.section) for e in deck.entries] == [("Atraxa, Praetors' Voice", COMMANDER), ("Séance", MAIN)]


@pytest.mark.parametrize("data", [b"1 Sol Ring\n\x00\x00\x00", b"\x001\x00 Sol Ring\x00\n\x00\x00\x00\x00\x00",
                                  "1 Sol Ring\n".encode("utf-16-le") + b"\x00\xd8"])
def test_nul_bytes_that_are_not_utf16_are_refused(tmp_path: Path, data: bytes) -> None:
    path = tmp_path / "nul.txt"
    path.write_bytes(data)
    with pytest.raises(InputError, match="binary data|broken UTF-16"):
        parse_file(path)


def test_file_over_the_limit_is_refused_without_reading(tmp_path: Path) -> None:
    path = tmp_path / "huge.txt"
    with open(path, "wb") as handle:  # a 50 MB file: sparse, so the test writes almost nothing
        handle.truncate(50 * 1024 * 1024)
    started = time.perf_counter()
    with pytest.raises(InputError, match=r"huge\.txt: file too large for a decklist \(52,428,800 bytes"):
        parse_file(path)
    assert time.perf_counter() - started < 2  # read, 50 MB would take far longer (a bound only that breaks)


def test_a_file_is_read_by_its_size_and_whole_when_it_grew(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every decklist file was read with room made for 16 MB first (`read(MAX_BYTES + 1)`): a 16 MB peak and about
    40 us more a file. It is read by its size now; one that grew after its size was taken is still read whole."""
    import tracemalloc

    from deckcheck.decklist import reading

    path = tmp_path / "deck.txt"
    path.write_text("1 Sol Ring\n" + "".join(f"1 Card {n}\n" for n in range(200)), encoding="utf-8")
    tracemalloc.start()
    try:
        deck = parse_file(path)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert len(deck.entries) == 201 and peak < 1 << 20
    real_stat = reading.os.stat

    def stat_taken_early(target, *args, **kwargs):  # the size it had before the last lines were written
        info = real_stat(target, *args, **kwargs)
        return os.stat_result((*info[:6], 20, *info[7:])) if str(target) == str(path) else info

    monkeypatch.setattr(reading.os, "stat", stat_taken_early)
    assert [e.name for e in parse_file(path).entries][-1] == "Card 199"


def test_stream_over_the_limit_is_refused() -> None:
    import io
    with pytest.raises(InputError, match=r"<stdin>: file too large"):
        read_stream(io.BytesIO(b"1 Sol Ring\n" * (MAX_BYTES // 11 + 10)))
    assert read_stream(io.BytesIO(b"1 Sol Ring\n")).entries[0].name == "Sol Ring"


def test_gzip_bomb_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "bomb.json.gz"
    path.write_bytes(gzip.compress(b" " * (MAX_BYTES + 10)))
    with pytest.raises(InputError, match="decompresses to more than"):
        parse_file(path)


def test_broken_gzip(tmp_path: Path) -> None:
    path = tmp_path / "broken.json.gz"
    path.write_bytes(gzip.compress(b'{"data": {}}')[:15])
    with pytest.raises(InputError, match=r"broken\.json\.gz: not a readable gzip file"):
        parse_file(path)


def test_line_of_one_megabyte_is_a_problem_quickly() -> None:
    text = "Deck\n1 Sol Ring\n" + "1 " + "A" * 1_000_000 + "\n1 Island\n"
    started = time.perf_counter()
    deck = parse_text(text)
    assert time.perf_counter() - started < 2  # linear: ~0.05 s; a quadratic scan of 1 MB takes minutes
    assert [e.name for e in deck.entries] == ["Sol Ring", "Island"]
    (p,) = deck.problems
    assert p.line == 3 and "too long" in p.message and len(p.text) <= 120


@pytest.mark.parametrize("line", [
    "1 " + " " * 990 + "x",
    "1 Sol Ring " + "(" * 900,
    "1 Sol Ring " + "[" * 450 + "]" * 450,
    "1 Sol Ring " + "*" * 900,
    "1 Sol Ring " + "^" * 900,
    "1 Sol Ring " + " #" * 450,
    "1" + " x" * 450,
    "9" * 990,
    "x" * 999,
    "// " + "Commander " * 90,
], ids=["spaces", "parens", "brackets", "stars", "carets", "hashes", "x-run", "digits", "letters", "long-comment"])
def test_pathological_lines_are_fast(line: str) -> None:
    started = time.perf_counter()
    for _ in range(100):
        parse_text(line)
    assert time.perf_counter() - started < 3  # ~0.1 s; backtracking over 900 characters takes far longer


@pytest.mark.parametrize("text", ["1" + "0" * 30 + " Sol Ring", "1001 Sol Ring", "x" + "9" * 900 + " Sol Ring",
                                  "[" + "9" * 900 + "] Sol Ring"], ids=["10^30", "1001", "x900-digits", "[900-digits]"])
def test_absurd_quantity_is_a_problem(text: str) -> None:
    deck = parse_text("1 Island\n" + text + "\n")
    assert [e.name for e in deck.entries] == ["Island"]
    (p,) = deck.problems
    assert p.line == 2 and "not a card count" in p.message


def test_quantity_in_csv_and_mtgjson_is_checked() -> None:
    deck = parse_text("Count,Name\n" + "9" * 31 + ",Sol Ring\nabc,Island\n,Forest\n")
    assert [(e.name, e.quantity) for e in deck.entries] == [("Forest", 1)]
    assert [p.line for p in deck.problems] == [2, 3]
    deck = parse_text(json.dumps({"data": {"mainBoard": [{"count": 10**30, "name": "Sol Ring"},
                                                         {"count": "1", "name": "Island"},
                                                         {"name": "Forest"}, 5]}}))
    assert [(e.name, e.quantity, e.line) for e in deck.entries] == [("Forest", 1, 0)]
    assert len(deck.problems) == 3


def test_a_csv_pandas_wrote_with_a_gap_in_its_counts_reads_as_the_list(tmp_path) -> None:
    """A real list's CSV round-tripped through pandas with one count left empty: pandas writes the counts as
    "1.0" and the gap as nothing. It reads as the list (the gap one copy); before, each "1.0" was "not a number"
    and its card was dropped. Counts written "2x" or "x2" read too; "1.5" is still no count."""
    import pandas as pd

    source = TOURNAMENT / "12-lena-explorers-of-the-deep.csv"
    frame = pd.read_csv(source, dtype={"Collector number": str})
    frame.loc[3, "Count"] = None
    written = tmp_path / "lena.csv"
    frame.to_csv(written, index=False)
    assert "\nMain,1.0," in written.read_text(encoding="utf-8")
    listed = [(e.quantity, e.name, e.section) for e in parse_file(source).entries]
    assert [(e.quantity, e.name, e.section) for e in parse_file(written).entries] == listed
    deck = parse_text("Count,Name\n2x,Island\nx3,Forest\n1.5,Plains\n")
    assert [(e.quantity, e.name) for e in deck.entries] == [(2, "Island"), (3, "Forest")]
    assert [(p.line, p.message) for p in deck.problems] == [(4, "quantity '1.5' is not a number")]


@pytest.mark.parametrize("sep", [",", ";", "\t"])
def test_a_csv_header_of_known_columns_without_a_count_is_a_copy_a_row(sep: str) -> None:
    """A header row naming a name column and only other columns a card list has ("Card,Type,CMC") makes a CSV
    of one copy a row: the CMC column is no count. Before, the file was read as text: the tab-separated rows
    counted their mana value as copies ("Kenrith, the Returned King<TAB>5": five copies), the others were unknown
    cards named by the whole row. A first line naming something else beside "Card" is no header."""
    rows = [["Card", "Type", "CMC"], ["Kenrith, the Returned King", "Legendary Creature", "5"],
            ["Sol Ring", "Artifact", "1"]]
    text = "\n".join(sep.join(f'"{c}"' if sep in c or "," in c else c for c in row) for row in rows) + "\n"
    deck = parse_text(text)
    assert (deck.source_format, [(e.quantity, e.name) for e in deck.entries]) == (
        "csv", [(1, "Kenrith, the Returned King"), (1, "Sol Ring")])
    assert parse_text(text.replace("Type", "Sol Ring", 1)).source_format == "text"


def test_names_longer_than_any_card_s_are_problems_in_files_of_fields() -> None:
    """Text lines stop at 1,000 characters; CSV, MTGJSON and XML give names as fields of any length."""
    name = "Sol Ring " * 40
    csv_deck = parse_text(f"Count,Name\n1,{name}\n1,Island\n")
    json_deck = parse_text(json.dumps({"data": {"mainBoard": [{"count": 1, "name": name}, {"name": "Island"}]}}))
    xml_deck = parse_text(f'<Deck>\n<Cards Quantity="1" Name="{name}"/>\n<Cards Quantity="1" Name="Island"/>\n'
                          "</Deck>\n")
    for deck, line in ((csv_deck, 2), (json_deck, 0), (xml_deck, 2)):
        assert [e.name for e in deck.entries] == ["Island"]
        assert [(p.line, p.message) for p in deck.problems] == [(line, "card name too long (359 characters)")]


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(InputError, match=r"nope\.txt: no such file$"):
        parse_file(tmp_path / "nope.txt")


def test_directory(tmp_path: Path) -> None:
    with pytest.raises(InputError, match=r": is a folder, not a decklist \(`deckcheck batch` checks every deck in "
                                         r"a folder\)$"):
        parse_file(tmp_path)


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads any file")
def test_unreadable_file(tmp_path: Path) -> None:
    path = tmp_path / "secret.txt"
    path.write_text("1 Sol Ring\n")
    path.chmod(0)
    with pytest.raises(InputError, match="permission denied"):
        parse_file(path)


@pytest.mark.parametrize("text, said", [
    ('{"object": "card", "name": "Sol Ring"}', "JSON, but not a deck: neither an MTGJSON deck file"),
    ("[1]", "JSON, but not a deck: neither an MTGJSON deck file"),
    ('[{"decklist": ["1 Sol Ring"]}]', "a JSON array of 1 deck object, not one deck: `deckcheck batch` reads each"),
])
def test_json_that_is_not_a_deck(text: str, said: str) -> None:
    with pytest.raises(InputError, match=re.escape(said)):
        parse_text(text, "card.json")


def test_a_deck_object_in_a_json_file_is_read_as_batch_reads_one() -> None:
    """A .json file of one deck object, the shape of a JSON Lines deck, was refused as "not an MTGJSON deck"."""
    record = {"name": "Edgar", "commander": "Edgar Markov", "decklist": ["1 Sol Ring", {"name": "Swamp", "count": 3}],
              "sideboard": ["1 Duress"]}
    deck = parse_text(json.dumps(record, indent=2), "edgar.json")
    assert deck.name == "Edgar" and deck.problems == ()
    # No line numbers (0, as in an MTGJSON deck file): they counted the decklist made of the lists, which are
    # not the file's lines ("Edgar Markov" was line 2 here, where the file has "name").
    assert [(e.quantity, e.name, e.section, e.line) for e in deck.entries] == [
        (1, "Edgar Markov", COMMANDER, 0), (1, "Sol Ring", MAIN, 0), (3, "Swamp", MAIN, 0), (1, "Duress", SIDEBOARD, 0)]
    text = parse_text(json.dumps({"text": "Commander\n1 Edgar Markov\n"}), "t.json").entries[0]
    assert (text.section, text.line) == (COMMANDER, 2)  # a "text" keeps its own lines
    with pytest.raises(InputError, match='"decklist" is a JSON number, not a list of cards'):
        parse_text('{"decklist": 5}', "five.json")


@pytest.mark.parametrize("count,said", [
    (True, "count true is not a number"), (-5, "negative count -5"), ("abc", "quantity 'abc' is not a number"),
    (2.5, "count 2.5 is not a whole number"), (None, "count null is not a number"), (0, "quantity 0"),
], ids=["true", "negative", "text", "fraction", "null", "zero"])
def test_a_deck_object_s_count_that_is_none_is_a_problem_naming_its_item(count: object, said: str) -> None:
    """A card object's count of the wrong type was glued onto its name: unknown cards "True Forest", "-5 Sol
    Ring", "abc Island". It is a problem naming the item, the other cards read; 2.0 (a float, as pandas writes
    counts) is 2, in a deck object and in an MTGJSON deck file."""
    record = {"commander": ["Edgar Markov"], "decklist": ["1 Sol Ring", {"name": "Forest", "count": count},
                                                          {"quantity": 2.0, "card": {"name": "Swamp"}}]}
    deck = parse_text(json.dumps(record), "counts.json")
    assert [(e.quantity, e.name) for e in deck.entries] == [(1, "Edgar Markov"), (1, "Sol Ring"), (2, "Swamp")]
    assert [(p.line, p.text, p.message) for p in deck.problems] == [(0, "decklist[1] Forest", said)]
    mtgjson = parse_text(json.dumps({"data": {"mainBoard": [{"count": 2.0, "name": "Swamp"},
                                                            {"count": count, "name": "Forest"}]}}))
    assert [(e.quantity, e.name) for e in mtgjson.entries] == [(2, "Swamp")]
    assert [(p.text, p.message) for p in mtgjson.problems] == [
        ("mainBoard[1] Forest", "count \"abc\" is not a number" if count == "abc" else said)]


def test_numpy_s_numbers_are_counts_as_python_s_are() -> None:
    """An analyst's deck object built from a Series (`{"name": n, "count": counts[n]}`) holds numpy.int64 counts:
    each was "count np.int64(1) is not a number", its card left out (a review); a numpy float is one as 2.0 is, and a
    numpy boolean or fraction is still no count. A board keyed by card takes them too, and so does a player's ID."""
    from deckcheck.api import parse_deck

    numpy = pytest.importorskip("numpy")
    record = {"commander": ["Edgar Markov"],
              "decklist": [{"name": "Sol Ring", "count": numpy.int64(1)},
                           {"name": "Swamp", "quantity": numpy.int32(20)},
                           {"name": "Island", "count": numpy.float32(3.0)}, {"name": "Forest", "count": numpy.bool_(1)},
                           {"name": "Plains", "count": numpy.float64(2.5)}],
              "player": numpy.int64(1042)}
    deck = parse_deck(record)
    assert [(e.quantity, e.name) for e in deck.entries] == [(1, "Edgar Markov"), (1, "Sol Ring"), (20, "Swamp"),
                                                            (3, "Island")]
    assert [p.message for p in deck.problems] == ['count "np.True_" is not a number', "count 2.5 is not a whole number"]
    assert deck.name == "1042"
    board = parse_deck({"commanders": {"Edgar Markov": numpy.int64(1)}, "mainboard": {"Swamp": numpy.int64(98),
                                                                                      "Sol Ring": 1.0,
                                                                                      "Island": numpy.float64(2.5)}})
    assert [(e.quantity, e.name) for e in board.entries] == [(1, "Edgar Markov"), (98, "Swamp"), (1, "Sol Ring")]
    assert [p.message for p in board.problems] == ["count 2.5 is not a whole number"]


def test_moxfield_boards_keyed_by_card() -> None:
    """Moxfield's deck JSON: boards are objects keyed by card, each {"quantity", "card": {"name", ...}} (or those
    under "cards"); its maybeboard is not part of the deck."""
    def board(*cards: tuple[int, str]) -> dict:
        return {name: {"quantity": n, "boardType": "x", "card": {"name": name, "set": "cmm"}} for n, name in cards}

    record = {"name": "Mox", "commanders": board((1, "Edgar Markov")), "companions": {},
              "mainboard": board((1, "Sol Ring"), (20, "Swamp")), "sideboard": {},
              "maybeboard": board((1, "Counterspell"))}
    deck = parse_text(json.dumps(record), "mox.json")
    assert [(e.quantity, e.name, e.section) for e in deck.entries] == [
        (1, "Edgar Markov", COMMANDER), (1, "Sol Ring", MAIN), (20, "Swamp", MAIN)]
    ids = {"commanders": {"count": 1, "cards": {"x1": {"quantity": 1, "card": {"name": "Edgar Markov"}}}},
           "mainboard": {"Sol Ring": 1, "Swamp": 2}}
    assert [(e.quantity, e.name) for e in parse_text(json.dumps(ids), "v.json").entries] == [
        (1, "Edgar Markov"), (1, "Sol Ring"), (2, "Swamp")]
    with pytest.raises(InputError, match='"mainboard" is a JSON object, not a list of cards'):
        parse_text(json.dumps({"mainboard": {"Sol Ring": "one"}}), "odd.json")


def test_moxfield_newer_shape_keeps_its_boards_under_boards() -> None:
    """Moxfield's newer deck JSON: every board under "boards", each {"count", "cards": {id: {"quantity",
    "card"}}}; the deck's name stays at the top."""
    def board(*cards: tuple[int, str]) -> dict:
        return {"count": sum(n for n, _ in cards),
                "cards": {f"id{i}": {"quantity": n, "boardType": "x", "card": {"name": name, "cn": "1"}}
                          for i, (n, name) in enumerate(cards)}}

    record = {"name": "Vampires", "format": "commander", "boards": {
        "mainboard": board((1, "Sol Ring"), (20, "Swamp")), "sideboard": board(), "maybeboard": board((1, "Duress")),
        "commanders": board((1, "Edgar Markov")), "companions": board(), "tokens": board((3, "Vampire"))}}
    deck = parse_text(json.dumps(record), "mox.json")
    assert deck.name == "Vampires"
    assert [(e.quantity, e.name, e.section) for e in deck.entries] == [
        (1, "Edgar Markov", COMMANDER), (1, "Sol Ring", MAIN), (20, "Swamp", MAIN)]
    with pytest.raises(InputError, match="JSON, but not a deck"):  # boards holding no deck list
        parse_text(json.dumps({"boards": {"tokens": board((1, "Vampire"))}}), "tokens.json")


@pytest.mark.parametrize("shape", ["boards at the top", "boards under boards"])
def test_moxfield_featured_card_under_main_is_not_the_main_deck(shape: str) -> None:
    """Moxfield's deck JSON has a "main" beside its boards: the one card it features for the deck ({"id", "name",
    ...}), read before as the whole main deck (a 100-card deck of 1 or 2 cards)."""
    def board(*cards: tuple[int, str]) -> dict:
        return {name: {"quantity": n, "card": {"name": name}} for n, name in cards}

    boards = {"commanders": board((1, "Sevinne, the Chronoclasm")), "mainboard": board((1, "Sol Ring"), (98, "Island"))}
    record = {"name": "Mystic Intellect", "main": {"id": "q", "name": "Sevinne, the Chronoclasm", "set": "c19"},
              **(boards if shape == "boards at the top" else {"boards": boards})}
    deck = parse_text(json.dumps(record), "mox.json")
    assert [(e.quantity, e.name, e.section) for e in deck.entries] == [
        (1, "Sevinne, the Chronoclasm", COMMANDER), (1, "Sol Ring", MAIN), (98, "Island", MAIN)]
    generic = {"commander": "Edgar Markov", "main": ["1 Sol Ring", {"name": "Swamp", "count": 98}]}
    assert [(e.quantity, e.name) for e in parse_text(json.dumps(generic), "g.json").entries] == [
        (1, "Edgar Markov"), (1, "Sol Ring"), (98, "Swamp")]  # a deck object's own "main" list stays its decklist
    one = {"commander": "Edgar Markov", "main": {"name": "Sol Ring", "count": 1}}
    assert [e.name for e in parse_text(json.dumps(one), "one.json").entries] == ["Edgar Markov", "Sol Ring"]


def test_deeply_nested_json() -> None:
    with pytest.raises(InputError):
        parse_text('{"a":' * 100_000 + "1" + "}" * 100_000)


def test_json_lines_of_decks_given_as_one_decklist_point_to_batch() -> None:
    """`deckcheck check decks.jsonl` read every deck line as a card line too long to be one."""
    lines = "\n".join(json.dumps({"commander": ["Atraxa, Praetors' Voice"], "decklist": ["99 Forest"]})
                      for _ in range(2))
    with pytest.raises(InputError) as caught:
        parse_text(lines + "\n", "decks.jsonl")
    assert str(caught.value) == ("decks.jsonl: JSON Lines (one JSON value a line), not one decklist; a file of "
                                 "decks is checked by `deckcheck batch` when named .jsonl or .ndjson")


def test_text_that_starts_with_a_brace_is_still_text() -> None:
    deck = parse_text("{not json}\n1 Sol Ring\n")
    assert [e.name for e in deck.entries] == ["{not json}", "Sol Ring"]


def test_mtgo_dek_lines_quantities_and_entities() -> None:
    text = ('<?xml version="1.0" encoding="utf-8"?>\n<Deck>\n'
            '  <Cards CatID="1" Quantity="97" Sideboard="false" Name="Island" />\n'
            '  <Cards CatID="2" Quantity="1" Sideboard="false" Name="Fire/Ice" />\n'
            '  <Cards CatID="3" Quantity="0" Sideboard="false" Name="Opt" />\n'
            '  <Cards CatID="4" Quantity="many" Sideboard="false" Name="Opt" />\n'
            '  <Cards CatID="5" Quantity="1" Sideboard="false" />\n'
            '  <Cards CatID="6" Quantity="1" Sideboard="true" Name="Minsc &amp; Boo, Timeless Heroes" />\n'
            '  <Cards CatID="7" Quantity="\u00b2" Sideboard="false" Name="Opt" />\n'  # a digit to isdigit, not int
            '</Deck>\n')
    deck = parse_text(text, "d.dek")
    assert [(e.quantity, e.name, e.section, e.line) for e in deck.entries] == [
        (97, "Island", MAIN, 3), (1, "Fire/Ice", MAIN, 4), (1, "Minsc & Boo, Timeless Heroes", SIDEBOARD, 8)]
    assert [(p.line, p.message) for p in deck.problems] == [
        (5, "quantity 0"), (6, "quantity 'many' is not a number"), (7, "card element without a name"),
        (9, "quantity '²' is not a number")]


def test_cockatrice_zones() -> None:
    text = ('<?xml version="1.0" encoding="UTF-8"?>\n<cockatrice_deck version="1">\n'
            '<deckname> My  deck </deckname>\n<zone name="main">\n<card number="99" name="Wastes"/>\n</zone>\n'
            '<zone name="tokens">\n<card number="2" name="Treasure"/>\n</zone>\n'
            '<zone name="attic">\n<card number="1" name="Sol Ring"/>\n</zone>\n'
            '<card number="1" name="Mana Crypt"/>\n</cockatrice_deck>\n')
    deck = parse_text(text, "d.cod")
    assert deck.name == "My deck"
    assert [(e.quantity, e.name, e.section, e.line) for e in deck.entries] == [
        (99, "Wastes", MAIN, 5), (2, "Treasure", OUTSIDE, 8)]
    assert [(p.line, p.text, p.message) for p in deck.problems] == [
        (10, '<zone name="attic">', "not a Cockatrice deck zone (main, side or tokens); its cards are not counted"),
        (13, '<card number="1" name="Mana Crypt">', "a card outside any zone; not counted")]


@pytest.mark.parametrize(("text", "message"), [
    ('<?xml version="1.0"?>\n<Deck>\n<Cards Name="Sol Ring" Quantity="1">\n</Deck>\n',
     "d.dek:4: not well-formed XML: mismatched tag"),
    ('<Deck>\n<Cards Name="&nope;" Quantity="1"/>\n</Deck>\n', "d.dek:2: not well-formed XML: undefined entity"),
    ('<?xml version="1.0"?>\n<html><body>1 Sol Ring</body></html>\n',
     "d.dek:2: XML, but not an MTGO .dek or Cockatrice .cod deck file (root <html>)"),
    # entity expansion ("billion laughs") never starts: a document type declaration is refused outright
    ('<?xml version="1.0"?>\n<!DOCTYPE Deck [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]>\n'
     '<Deck><Cards Name="&b;" Quantity="1"/></Deck>\n',
     "d.dek:2: an XML document type declaration; no deck file has one"),
])
def test_xml_that_is_not_a_deck_file_is_one_line(text: str, message: str) -> None:
    with pytest.raises(InputError) as caught:
        parse_text(text, "d.dek")
    assert str(caught.value) == message


@pytest.mark.parametrize("sep", [";", "\t"])
def test_csv_with_semicolons_or_tabs(sep: str) -> None:
    """Excel saves CSV with semicolons where the decimal mark is a comma (much of Europe), and spreadsheets
    export tab-separated text: both were read as text, every row an unknown card."""
    rows = [["Count", "Name", "Section"], ["1", "Atraxa, Praetors' Voice", "Commander"], ["2", "Sol Ring", "Main"],
            ["x", "Island", "Main"]]
    deck = parse_text("\r\n".join(sep.join(row) for row in rows) + "\r\n", "deck.csv")
    assert [(e.quantity, e.name, e.section, e.line) for e in deck.entries] == [
        (1, "Atraxa, Praetors' Voice", COMMANDER, 2), (2, "Sol Ring", MAIN, 3)]
    assert [(p.line, p.text) for p in deck.problems] == [(4, sep.join(rows[3]))]
    assert deck.commanders_marked


@pytest.mark.parametrize("hint, sep", [('"sep=,"', ","), ("sep=,", ","), ("sep=;", ";")])
def test_csv_after_excel_s_separator_line_is_read(shared_data: Path, hint: str, sep: str) -> None:
    """Card managers' exports for Excel (Dragon Shield's among them) begin with Excel's "sep=," line, then the
    header: such a file was read as text, every row an unknown card. A real precon so exported, with a BOM and
    Windows line ends, reads as its deck file's cards, each row at its line of the file."""
    import csv
    import io

    path = shared_data / "decks" / "mtgjson-precons-2026-01" / "AdaptiveEnchantment_C18.json.gz"
    with gzip.open(path, "rt", encoding="utf-8") as handle:
        data = json.load(handle)["data"]
    out = io.StringIO()
    writer = csv.writer(out, delimiter=sep, lineterminator="\r\n")
    writer.writerow(["Folder Name", "Quantity", "Trade Quantity", "Card Name", "Set Code", "Set Name", "Card Number",
                     "Condition", "Printing", "Language", "Price Bought", "Date Bought", "LOW", "MID", "MARKET"])
    cards = data["commander"] + data["mainBoard"]
    for card in cards:
        writer.writerow(["Estrid", card["count"], 0, card["name"], card["setCode"], "Commander 2018", card["number"],
                         "NearMint", "Normal", "English", "0,99" if sep == ";" else "0.99", "2024-01-01", 1, 2, 3])
    deck = parse_bytes(("\ufeff" + hint + "\r\n" + out.getvalue()).encode("utf-8"), "collection.csv")
    assert deck.source_format == "csv" and deck.problems == ()
    expected: dict[str, list[int]] = {}  # a card's rows (two printings of a basic land) add up
    for row, card in enumerate(cards, start=3):
        expected.setdefault(card["name"], [0]).append(row)
        expected[card["name"]][0] += card["count"]
    assert [(e.quantity, e.name, e.lines) for e in deck.entries] == [
        (rows[0], name, tuple(rows[1:])) for name, rows in expected.items()]


def test_csv_with_a_multi_line_field_and_quoted_commas() -> None:
    text = 'Count,Name,Section\r\n1,"Atraxa, Praetors\' Voice",Commander\r\n1,"Sol\nRing",Main\r\n2,Island,\r\n'
    deck = parse_text(text)
    assert [(e.name, e.section, e.line) for e in deck.entries] == [
        ("Atraxa, Praetors' Voice", COMMANDER, 2), ("Sol Ring", MAIN, 3), ("Island", MAIN, 5)]
    assert deck.commanders_marked


def test_csv_field_too_large_is_a_problem() -> None:
    deck = parse_text('Count,Name\n1,Sol Ring\n1,"' + "A" * 200_000 + '"\n')
    assert [e.name for e in deck.entries] == ["Sol Ring"]
    assert deck.problems and deck.problems[0].line >= 2


def test_mtgjson_gz_file(tmp_path: Path) -> None:
    path = tmp_path / "deck.json.gz"
    path.write_bytes(gzip.compress((DECKS / "timey-wimey.mtgjson.json").read_bytes()))
    deck = parse_file(path)
    assert deck.source_format == "mtgjson" and deck.deck_type == "Commander Deck"
    assert deck.count(COMMANDER) == 2 and deck.count(MAIN) == 98
    assert all(e.line == 0 for e in deck.entries)


def test_parse_bytes_and_path_label() -> None:
    deck = parse_bytes(b"1 Sol Ring\n", "<stdin>")
    assert deck.path == "<stdin>" and deck.entries[0].line == 1


def test_pathlike_and_copy(tmp_path: Path) -> None:
    target = tmp_path / "deck with spaces.txt"
    shutil.copy(DECKS / "timey-wimey.arena.txt", target)
    assert parse_file(target).count(MAIN) == 98
    assert parse_file(str(target)).path == str(target)


def test_problems_past_the_limit_are_counted_in_one() -> None:
    from deckcheck.decklist.model import MAX_PROBLEMS

    text = "1 Sol Ring\n" + "".join(f"7 (CMM) {i}\n" for i in range(MAX_PROBLEMS + 250))
    for deck in (parse_text(text), parse_text(text.replace(" (CMM) ", ",").replace("1 Sol Ring", "Quantity,Name"))):
        assert len(deck.problems) == MAX_PROBLEMS + 1
        last = deck.problems[-1]
        assert (last.line, last.message) == (MAX_PROBLEMS + 2, "and 250 more lines that are not card entries, "
                                                               "not listed")
