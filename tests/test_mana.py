"""Mana symbols, costs and mana value (CR 107, 202.3)."""

import pytest

from deckcheck.model import mana


@pytest.mark.parametrize(
    ("cost", "value"),
    [
        ("", 0),  # no mana cost (202.3a)
        ("{0}", 0),
        ("{3}{U}{U}", 5),  # 202.3
        ("{X}{R}{R}", 2),  # X is 0 off the stack (202.3e)
        ("{X}{X}{G}", 1),
        ("{1}{W/U}{W/U}", 3),  # hybrid counts its largest part (202.3f)
        ("{2/B}{2/B}{2/B}", 6),
        ("{1}{W/P}{W/P}", 3),  # each Phyrexian symbol counts 1 (202.3g)
        ("{G/U/P}{G/U/P}", 2),
        ("{C}{C}", 2),
        ("{S}{S}", 2),
        ("{C/W}", 1),
        ("{HW}", 0.5),
        ("{15}", 15),
    ],
    ids=lambda v: repr(v),
)
def test_mana_value(cost, value):
    assert mana.mana_value(cost) == value


def test_x_counts_on_the_stack():
    assert mana.mana_value("{X}{R}{R}", x=3) == 5


@pytest.mark.parametrize(
    ("symbol", "colors"),
    [("W", "W"), ("W/U", "WU"), ("2/B", "B"), ("G/P", "G"), ("G/U/P", "UG"), ("C/W", "W"), ("C", ""),
     ("S", ""), ("X", ""), ("P", ""), ("10", ""), ("HR", "R"), ("T", "")],
)
def test_symbol_colors(symbol, colors):
    assert mana.symbol_colors(symbol) == colors


def test_parse_cost_rejects_text_outside_braces():
    with pytest.raises(mana.ManaCostError):
        mana.parse_cost("{2}W")


def test_reminder_text_is_stripped_even_nested():
    text = "Extort (Whenever you cast a spell, you may pay {W/B}. (Nested {U}.))\n{T}: Add {G}."
    assert mana.text_symbols(text) == ["T", "G"]
