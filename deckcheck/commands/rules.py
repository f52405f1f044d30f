"""`deckcheck rules [CODE]`: list the rules, or explain one (what it checks, why, an example, the CR)."""

from __future__ import annotations

import argparse
import sys


def register(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:
    """Add the `rules` subcommand."""
    p = sub.add_parser("rules", help="list the rules or explain one",
                       description="Without CODE, list every rule with its code, CR reference and summary; "
                                   "with CODE, explain that rule (or, for a CR number, every rule whose citation "
                                   "or explanation holds it, a rule under it or the rule it is under).")
    p.add_argument("code", nargs="?", metavar="CODE",
                   help="a rule code, e.g. color-identity, or a Comprehensive Rules number, e.g. 903.5b or 712.4 "
                        "(every rule citing or naming it)")
    return p


def run(args: argparse.Namespace) -> int:
    """Print the list or one explanation; exit 2 for an unknown code."""
    from deckcheck.rules import REGISTRY, get_rule, rules_citing

    if args.code:
        rule = get_rule(args.code)
        found = [rule] if rule is not None else rules_citing(args.code)
        if not found:
            print(f"deckcheck: error: no rule {args.code!r}; known codes: {', '.join(REGISTRY)}; or a Comprehensive "
                  "Rules number such as 903.5b", file=sys.stderr)
            return 2
        sys.stdout.write("\n".join(rule.explain() for rule in found))
        return 0
    width = max(len(code) for code in REGISTRY)
    for code, rule in REGISTRY.items():
        cr = rule.rule or "-"
        sev = "" if rule.severity == "error" else f" ({rule.severity})"
        print(f"{code:<{width}}  {cr:<22}  {rule.summary}{sev}")
    return 0
