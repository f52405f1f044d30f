"""Report wording shared by the rules, the renderers and the commands."""

from __future__ import annotations


def counted(n: int, noun: str) -> str:
    """A count and its noun, plural unless the count is one: "1 card", "0 errors", "3 Game Changers"."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"
