"""Property and fuzz tests of the mana cost parser (deckcheck.model.mana): any string gives symbols or a
ManaCostError, never another exception; well-formed costs obey CR 202.3 (mana value is the sum of the
symbols' values, X is 0 off the stack, hybrid counts its largest part, Phyrexian counts 1) and 107.4
(a symbol's colors)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deckcheck.model import mana
from deckcheck.model.mana import ManaCostError
from fuzz.fuzzlib import mutate_text, target_mana

pytestmark = pytest.mark.timeout(120)
FAST = settings(max_examples=400, deadline=None, derandomize=True)

COLORS = "WUBRG"
GENERIC = st.integers(min_value=0, max_value=20).map(str)
COLORED = st.sampled_from(list(COLORS) + ["C", "S"])
HYBRID = st.tuples(st.sampled_from(list(COLORS)), st.sampled_from(list(COLORS))).filter(
    lambda p: p[0] != p[1]).map("/".join)
TWO_BRID = st.sampled_from(list(COLORS)).map(lambda c: f"2/{c}")
PHYREXIAN = st.sampled_from(list(COLORS)).map(lambda c: f"{c}/P")
HYBRID_PHYREXIAN = HYBRID.map(lambda h: f"{h}/P")
VARIABLE = st.sampled_from(["X", "Y", "Z"])
SYMBOL = st.one_of(GENERIC, COLORED, HYBRID, TWO_BRID, PHYREXIAN, HYBRID_PHYREXIAN, VARIABLE)
SYMBOLS = st.lists(SYMBOL, max_size=12)
#: Characters mana costs are made of, for generated near-costs.
COST_CHARS = st.sampled_from(list("{}{}/WUBRGCSXYZPHT0123456789 ½∞") + ["{G/W/P}", "{2/B}", "{10}", "{-1}"])


def _value(symbol: str, x: int = 0) -> float:
    """The expected value of a well-formed symbol (CR 202.3, 202.3f, 202.3g)."""
    parts = symbol.split("/")
    if symbol in ("X", "Y", "Z"):
        return x
    if parts[-1] == "P" and len(parts) == 2:
        return 1
    if len(parts) > 1:
        return max(int(p) if p.isdigit() else 1 for p in parts if p != "P")
    return int(symbol) if symbol.isdigit() else 1


@FAST
@given(SYMBOLS)
def test_well_formed_costs_parse_back_to_their_symbols(symbols: list[str]) -> None:
    cost = "".join(f"{{{s}}}" for s in symbols)
    assert mana.parse_cost(cost) == tuple(symbols)
    assert mana.parse_cost(cost.lower()) == tuple(symbols)  # case is not meaning


@FAST
@given(SYMBOLS, st.integers(min_value=0, max_value=10))
def test_mana_value_is_the_sum_of_symbol_values(symbols: list[str], x: int) -> None:
    cost = "".join(f"{{{s}}}" for s in symbols)
    assert mana.mana_value(cost) == sum(_value(s) for s in symbols)  # X is 0 off the stack (202.3e)
    assert mana.mana_value(cost, x=x) == sum(_value(s, x) for s in symbols)
    assert mana.mana_value(cost, x=x) >= mana.mana_value(cost)


@FAST
@given(SYMBOL)
def test_symbol_colors(symbol: str) -> None:
    colors = mana.symbol_colors(symbol)
    expected = {p for p in symbol.split("/") if p in COLORS}  # hybrid: all its colors; Phyrexian: its color
    assert colors == "".join(c for c in COLORS if c in expected)


@FAST
@given(st.text(max_size=40))
def test_any_text(text: str) -> None:
    target_mana(text)


@FAST
@given(st.lists(COST_CHARS, max_size=30).map("".join))
def test_near_costs(text: str) -> None:
    target_mana(text)


@FAST
@given(SYMBOLS, st.integers(min_value=0, max_value=2**32 - 1))
def test_mutated_costs(symbols: list[str], seed: int) -> None:
    cost = "".join(f"{{{s}}}" for s in symbols)
    target_mana(mutate_text(random.Random(seed), cost))


@pytest.mark.parametrize("cost", ["{W", "W}", "{W}x", "{{W}}", "2{W}", "{W} {U} junk", "}{"])
def test_text_outside_braces_is_a_mana_cost_error(cost: str) -> None:
    with pytest.raises(ManaCostError):
        mana.parse_cost(cost)
    with pytest.raises(ManaCostError):
        mana.mana_value(cost)


def test_huge_and_odd_symbols_do_not_crash() -> None:
    for cost in ("{" + "9" * 5000 + "}", "{W}" * 20000, "{" * 10000, "{½}{∞}{HW}", "{1e309}", "{nan}", "{²}", "{٣}"):
        target_mana(cost)
