"""The Commander deck-construction rules: one module per rule family, each with its codes, CR references
and explanations; `deckcheck.checker.Checker` runs them all in one pass.

A rule module has ``RULES`` (its Rule records) and ``check(ctx, checker) -> list[Violation]``; it never
prints and never raises for a bad deck.
"""

from __future__ import annotations

from deckcheck.rules import (
    commander,
    companion,
    identity,
    legality,
    sideboard,
    singleton,
    size,
    syntax,
    unknown,
)
from deckcheck.rules.base import Rule

#: Rule modules in report order.
MODULES = (syntax, unknown, size, commander, singleton, identity, legality, companion, sideboard)

#: Every rule by code, in report order.
REGISTRY: dict[str, Rule] = {r.code: r for m in MODULES for r in m.RULES}


def get_rule(code: str) -> Rule | None:
    """The rule with this code, or None."""
    return REGISTRY.get(code.strip().lower())


def rules_citing(reference: str) -> list[Rule]:
    """The rules that cite this Comprehensive Rules number or one under it ("903.5" finds the rules citing
    903.5a to 903.5d; "CR 903.5b." is read as 903.5b)."""
    ref = reference.strip().removeprefix("CR").strip().rstrip(".").lower()
    if not ref[:1].isdigit():
        return []
    found = []
    for rule in REGISTRY.values():
        for cited in (rule.rule or "").lower().split(","):
            cited = cited.strip()
            if cited == ref or (cited.startswith(ref) and not cited[len(ref)].isdigit()):
                found.append(rule)
                break
    return found
