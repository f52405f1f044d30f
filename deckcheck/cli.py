"""The command line: `deckcheck SUBCOMMAND ...`. Each subcommand lives in deckcheck/commands/<name>.py
with ``register(subparsers)`` and ``run(args) -> int``; this module only dispatches."""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from deckcheck import __version__
from deckcheck.errors import DeckcheckError

#: Subcommands in the order `deckcheck --help` lists them.
COMMANDS = ("check", "batch", "brackets", "card", "rules", "update", "info")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="deckcheck", description="Commander (EDH) deck legality and color identity checker.")
    parser.add_argument("--version", action="version", version=f"deckcheck {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMANDS:
        try:
            module = importlib.import_module(f"deckcheck.commands.{name}")
        except ModuleNotFoundError as exc:
            if exc.name == f"deckcheck.commands.{name}":
                continue  # not built yet
            raise
        command = module.register(sub)
        command.set_defaults(run=module.run)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run deckcheck; return the exit code (0 legal/ok, 1 violations, 2 usage or input error)."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse exits 2 on usage errors and 0 on --help
        return int(exc.code or 0)
    if not getattr(args, "run", None):
        parser.print_help(sys.stderr)
        return 2
    try:
        return int(args.run(args))
    except DeckcheckError as exc:
        print(f"deckcheck: error: {exc}", file=sys.stderr)
        return exc.exit_code
    except KeyboardInterrupt:
        print("deckcheck: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
