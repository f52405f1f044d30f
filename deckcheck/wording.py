"""Report wording shared by the rules, the renderers and the commands."""

from __future__ import annotations


def identity_words(identity: str | None) -> str:
    """A deck's color identity in a sentence: its letters in WUBRG order, "colorless", or "unknown" (None: a deck
    with no commander, or with one the card data doesn't have)."""
    return "unknown" if identity is None else identity or "colorless"


def identity_cell(identity: str | None, unreadable: bool = False) -> str:
    """The same in a table's cell: its letters, "C" for colorless, "?" unknown, nothing for a deck not read."""
    if unreadable:
        return ""
    return "?" if identity is None else identity or "C"


def first_named(names: list[str], most: int, sep: str = ", ", total: int | None = None) -> str:
    """The first `most` of `names` joined, and how many more there are, of `total` when `names` holds only the first
    of them: "Sol Ring, Arcane Signet and 3 more"."""
    total = len(names) if total is None else total
    return sep.join(names[:most]) + (f" and {total - most} more" if total > most else "")


def counted(n: int, noun: str) -> str:
    """A count and its noun, plural unless the count is one: "1 card", "0 errors", "3 Game Changers"."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"
