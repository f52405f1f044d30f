"""Mana symbols and costs: parsing, the colors a symbol carries (CR 107.4) and mana value (CR 202.3)."""

from __future__ import annotations

import re
from functools import lru_cache

from deckcheck.model.vocab import COLORS

_SYMBOL = re.compile(r"\{([^{}]*)\}")
_REMINDER = re.compile(r"\([^()]*\)")
#: Variable amounts: 0 everywhere except on the stack (CR 107.3, 202.3e).
_VARIABLE = frozenset({"X", "Y", "Z"})
#: Symbols that may stand in a mana cost but add nothing to the mana value.
_NON_MANA_SYMBOLS = frozenset({"T", "Q", "E", "P", "CHAOS", "A", "TK", "PW", "H"})


class ManaCostError(ValueError):
    """A mana cost string that is not a sequence of {symbols}."""


@lru_cache(maxsize=65536)
def parse_cost(cost: str) -> tuple[str, ...]:
    """Split a mana cost like "{2}{W/U}{W/U}" into its symbols ("2", "W/U", "W/U").

    An empty string is no mana cost (CR 202.1b). Raises ManaCostError when text stands outside braces.
    """
    cost = cost.strip()
    if not cost:
        return ()
    symbols = _SYMBOL.findall(cost)
    if _SYMBOL.sub("", cost).strip():
        raise ManaCostError(f"not a mana cost: {cost!r}")
    return tuple(s.upper().strip() for s in symbols)


def symbol_value(symbol: str, *, x: int = 0) -> float:
    """The amount one symbol adds to a mana value (CR 202.3).

    X/Y/Z count as ``x`` (0 off the stack); hybrid counts its largest part (202.3f); a Phyrexian symbol
    counts 1 (202.3g); half-mana symbols ("HW", "½") count 0.5.
    """
    if symbol in _VARIABLE:
        return float(x)
    if symbol in _NON_MANA_SYMBOLS:
        return 0.0
    if "/" in symbol:
        return max(symbol_value(part, x=x) if part != "P" else 1.0 for part in symbol.split("/"))
    if symbol.isdecimal():
        return float(symbol)  # not int(): no 4,300-digit limit, and "²".isdigit() is no number
    if symbol in ("½", "H") or (len(symbol) == 2 and symbol[0] == "H"):
        return 0.5
    if symbol == "∞":
        return float("inf")
    if symbol in COLORS or symbol in ("C", "S"):
        return 1.0
    try:
        return float(symbol)
    except ValueError:
        return 0.0


def mana_value(cost: str, *, x: int = 0) -> float:
    """Mana value of a printed mana cost (CR 202.3); no cost is 0 (202.3a)."""
    return sum(symbol_value(s, x=x) for s in parse_cost(cost))


@lru_cache(maxsize=4096)
def symbol_colors(symbol: str) -> str:
    """The colors of one mana symbol in WUBRG order: a hybrid symbol is all its colors (107.4e), a
    Phyrexian symbol its color (107.4f); {C}, {S}, numbers, X and the pawprint {P} have none."""
    found = set()
    for part in symbol.upper().split("/"):
        if part in COLORS:
            found.add(part)
        elif len(part) == 2 and part[0] == "H" and part[1] in COLORS:  # half-mana, e.g. {HW}
            found.add(part[1])
    return "".join(c for c in COLORS if c in found)


def strip_reminder_text(text: str) -> str:
    """Rules text without reminder text, the parenthesized parts (CR 207.2, 903.4c)."""
    if "(" not in text:
        return text  # most rules text: nothing to strip
    previous = None
    while previous != text:
        previous, text = text, _REMINDER.sub("", text)
    return text


def text_symbols(text: str) -> list[str]:
    """Every {symbol} in a piece of text, reminder text excluded."""
    if "{" not in text:
        return []
    return [s.upper() for s in _SYMBOL.findall(strip_reminder_text(text))]
