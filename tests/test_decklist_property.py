"""Property tests: no text or bytes make the decklist parser raise anything but InputError."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deckcheck.decklist import SECTIONS, parse_bytes, parse_text
from deckcheck.errors import InputError

# Pieces of real decklist syntax, so generated text reaches the interesting branches.
PIECES = st.sampled_from([
    "1 ", "4x ", "x4 ", "SB: ", "COMMANDER: ", "Commander", "Deck", "Sideboard", "// ", "#", "#!Commander",
    " (CMM) 410", " *F*", " *CMDR*", " [Commander{top}]", " ^Have,#37d67a^", " [WHO:3]", " [foil]", "Sol Ring",
    "Fire // Ice", "SP//dr, Piloted by Peni", "\n", "\n\n", "\r\n", ",", "\"", "Count,Name,Section\n", "{", "}",
    "About\n", "Name ", "()", "[", "]", "*", "^", "0", "99999999999999999999999", " ", "\t", "é", "\ufeff",
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
