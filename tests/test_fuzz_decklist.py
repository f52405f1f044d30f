"""Fuzz tests of the decklist parser: mutated real decklists (every dialect, CSV, MTGJSON deck JSON) and
generated text and bytes never raise anything but deckcheck's own InputError, never hang, and every deck
they give is well formed. The dedicated run (tests/fuzz/run_fuzz.py) does many more inputs."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deckcheck.decklist import parse_text
from fuzz.fuzzlib import (
    DECK_PIECES, mutate_archive, mutate_bytes, mutate_object, mutate_text, names_line, precon_decks,
    real_decklists, real_documents, real_rich_texts, real_workbooks, target_checked_text, target_decklist_bytes,
    target_decklist_text, target_workbook,
)

pytestmark = [pytest.mark.timeout(300), pytest.mark.shared]
FAST = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow],
                derandomize=True)
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)


@pytest.fixture(scope="module")
def decklists(shared_data):
    lists = real_decklists()
    assert len(lists) >= 150  # 184 precons, written in seven dialects
    return lists


def test_every_real_decklist_parses_to_its_cards(decklists) -> None:
    """The unmutated inputs are real decks that parse with no problem (so mutations start from valid)."""
    for text in decklists:
        target_decklist_text(text)
        target_decklist_bytes(text.encode("utf-8"))


@FAST
@given(seed=SEEDS)
def test_mutated_real_decklists(shared_data, seed: int) -> None:
    rng = random.Random(seed)
    text = rng.choice(real_decklists())
    target_decklist_text(mutate_text(rng, text))


def test_every_real_precon_written_on_one_line_is_read_as_its_cards(shared_data) -> None:
    """Each of the 184 precons written on one line (`names_line`: its commanders on one line, its main deck on
    another as card names separated by commas or as its lines run together) is checked as the same cards, in
    the same sections, as its deck file: the starting input of the mutations below."""
    from fuzz.fuzzlib import bundled_checker

    checker = bundled_checker()

    def cards(text: str) -> tuple[list, list]:
        ctx = checker.checked_context(parse_text(text, "deck"))
        return [(i.card and i.card.name, i.entry.quantity) for i in sorted(ctx.commanders, key=str)], \
            sorted(((i.card and i.card.name, i.entry.quantity) for i in ctx.main), key=str)

    rng = random.Random(5)
    for deck in precon_decks() * 2:
        if deck["data"].get("commander"):
            line = names_line(rng, deck)
            assert cards(line) == cards(json.dumps(deck)), (deck["data"]["name"], line[:200])
            target_checked_text(line)


@pytest.mark.parametrize("names", [
    "Vraska the Unseen, Ixidron,  *F*Kheru Spellsnatcher, Stratus Dancer, Thousand Winds",  # seed 68
    "Tataru Taru,  *F* Authority of the Consuls, Thancred Waters, Alphinaud Leveilleur",  # seed 69
])
def test_a_finish_mark_before_a_name_of_a_line_of_names_is_kept(shared_data, names: str) -> None:
    """Failures of the dedicated fuzz runs: a finish mark before a name of a line of names ("*F*Kheru
    Spellsnatcher", "*F* Authority of the Consuls") was read as Markdown's emphasis, the piece as the card "FKheru
    Spellsnatcher" or "F Authority of the Consuls", names the list never wrote. Emphasis is taken off only
    around a whole name."""
    target_checked_text(f"Commander: Kadena, Slinking Sorcerer\nDeck: {names}\n")


@settings(max_examples=100, deadline=None, derandomize=True)
@given(seed=SEEDS)
def test_mutated_names_on_one_line_checked(shared_data, seed: int) -> None:
    rng = random.Random(seed)
    target_checked_text(mutate_text(rng, names_line(rng, rng.choice(precon_decks())), rng.randint(0, 4)))


@FAST
@given(seed=SEEDS)
def test_mutated_real_decklist_bytes(shared_data, seed: int) -> None:
    rng = random.Random(seed)
    data = rng.choice(real_decklists()).encode("utf-8")
    target_decklist_bytes(mutate_bytes(rng, data))


@settings(max_examples=150, deadline=None, derandomize=True)
@given(seed=SEEDS)
def test_mutated_workbooks(shared_data, seed: int) -> None:
    """Real precons in .xlsx and .ods workbooks (registrations and card lists), their XML parts and bytes
    mutated: as `check` and as `batch` read them, a deck or a one-line InputError."""
    pytest.importorskip("openpyxl")
    rng = random.Random(seed)
    target_workbook(mutate_archive(rng, rng.choice(real_workbooks())))


@settings(max_examples=100, deadline=None, derandomize=True)
@given(seed=SEEDS)
def test_mutated_documents(shared_data, seed: int) -> None:
    """Real precons as .docx, .odt and .rtf files, their XML parts and bytes mutated: a deck or a one-line
    InputError."""
    pytest.importorskip("docx")
    pytest.importorskip("odf")
    rng = random.Random(seed)
    if seed % 2:
        target_decklist_bytes(mutate_archive(rng, rng.choice(real_documents())))
    else:
        target_decklist_bytes(mutate_bytes(rng, rng.choice(real_rich_texts())))


@settings(max_examples=200, deadline=None, derandomize=True)
@given(seed=SEEDS)
def test_mutated_mtgjson_deck_files(shared_data, seed: int) -> None:
    """Real MTGJSON deck files with values deleted, retyped or grafted: InputError or a deck, never a
    TypeError from a field of the wrong type."""
    rng = random.Random(seed)
    decks = precon_decks()
    deck = mutate_object(rng, rng.choice(decks), [d["data"] for d in decks[:20]])
    target_decklist_text(json.dumps(deck))


@settings(max_examples=300, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(DECK_PIECES) | st.text(max_size=12), max_size=60).map("".join))
def test_generated_decklist_text(text: str) -> None:
    target_decklist_text(text)


@settings(max_examples=200, deadline=None, derandomize=True)
@given(st.binary(max_size=2000))
def test_random_bytes(data: bytes) -> None:
    target_decklist_bytes(data)


def test_parser_memory_is_bounded_on_the_largest_accepted_input(tmp_path, decklists) -> None:
    """A decklist just under the 16 MB limit, and one just over it: the first parses, the second is
    refused; neither takes more than a few hundred MB (peak RSS of a fresh process)."""
    import sys

    from peak_rss import run_measured

    from deckcheck.decklist import MAX_BYTES

    body = "\n".join(decklists[:40]).encode("utf-8")
    big = tmp_path / "big.txt"
    big.write_bytes((body * (MAX_BYTES // len(body) + 1))[: MAX_BYTES - 1])
    over = tmp_path / "over.txt"
    over.write_bytes(body * (MAX_BYTES // len(body) + 2))
    code = ("import sys\nfrom deckcheck.decklist import parse_file\nfrom deckcheck.errors import "
            "InputError\nd = parse_file(sys.argv[1])\nprint(len(d.entries))\ntry:\n    parse_file(sys.argv[2])\n"
            "except InputError as e:\n    print('refused', e)\n")
    done, peak_mb = run_measured([sys.executable, "-c", code, str(big), str(over)], tmp_path / "peak",
                                 capture_output=True, text=True, timeout=240, check=True)
    out = done.stdout.split("\n")
    assert int(out[0]) > 1000, out
    assert out[1].startswith("refused") and "too large" in out[1]
    assert peak_mb < 600, f"parsing a 16 MB decklist peaked at {peak_mb:.0f} MB"


@pytest.mark.parametrize("text", ["౦ Sol Ring\n", "౦ [foil]᧨➎\n", "０ Sol Ring\n", "٠٠ Sol Ring\n"])
def test_zero_in_any_script_is_no_quantity(text: str) -> None:
    """Found by the dedicated fuzz run: a zero written in another script (Telugu "౦") made an entry with
    quantity 0; it is a `quantity 0` problem like "0"."""
    deck = parse_text(text, "zero.txt")
    assert not deck.entries
    assert [p.message for p in deck.problems] == ["quantity 0"]
