"""`deckcheck rules [CODE]`: list the rules, or explain one (what it checks, why, an example, the CR)."""

from __future__ import annotations

import argparse
import sys


def register(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:
    """Add the `rules` subcommand."""
    p = sub.add_parser("rules", help="list the rules or explain one",
                       description="Without CODE, list every rule with its code, CR reference and summary; "
                                   "with CODE, explain that rule.")
    p.add_argument("code", nargs="?", metavar="CODE", help="a rule code, e.g. color-identity")
    return p


def run(args: argparse.Namespace) -> int:
    """Print the list or one explanation; exit 2 for an unknown code."""
    from deckcheck.rules import REGISTRY, get_rule

    if args.code:
        rule = get_rule(args.code)
        if rule is None:
            print(f"deckcheck: error: no rule {args.code!r}; known codes: {', '.join(REGISTRY)}", file=sys.stderr)
            return 2
        sys.stdout.write(rule.explain())
        return 0
    width = max(len(code) for code in REGISTRY)
    for code, rule in REGISTRY.items():
        cr = rule.rule or "-"
        sev = "" if rule.severity == "error" else f" ({rule.severity})"
        print(f"{code:<{width}}  {cr:<22}  {rule.summary}{sev}")
    return 0
