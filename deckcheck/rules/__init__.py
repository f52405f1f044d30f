"""The Commander deck-construction rules: one module per rule family, each with its codes, CR references
and explanations; `deckcheck.checker.Checker` runs them all in one pass.

A rule module has ``RULES`` (its Rule records) and ``check(ctx, checker) -> list[Violation]``; it never
prints and never raises for a bad deck.
"""

from __future__ import annotations

import re

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


#: A Comprehensive Rules number: a rule (903), a subrule (903.5) or a lettered one (903.5b).
_CR_NUMBER = re.compile(r"\d{3}(?:\.\d+[a-z]?)?").fullmatch


def rules_citing(reference: str) -> list[Rule]:
    """The rules whose CR numbers (`Rule.references`: cited, or named by the explanation) hold this one, a rule
    under it or the rule it is under: "903.5" finds the rules citing 903.5a to 903.5e, "702.124f" the rule
    citing 702.124 and "712.4" the one whose explanation names it; "CR 903.5b." (or "cr 903.5b") is read as 903.5b."""
    ref = reference.strip().lower().removeprefix("cr").strip().rstrip(".")
    if _CR_NUMBER(ref) is None:  # no rule's number ("903.5bogus" is none, not a subrule of 903.5)
        return []
    return [rule for rule in REGISTRY.values()
            if any(_under(number, ref) or _under(ref, number) for number in rule.references)]


def _under(number: str, rule: str) -> bool:
    """Whether the CR number `number` is `rule` or one of its subrules: 903.5b is under 903.5 and 903, 702.124
    is not under 702.12."""
    return number == rule or (number.startswith(rule) and not number[len(rule)].isdigit())
