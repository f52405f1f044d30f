"""`deckcheck check`: check Commander decklists and report every violation, as text, JSON or CSV.

Exit 0 when every deck is legal, 1 when any deck has an error, 2 for a usage error, an unreadable decklist
or no card data."""

from __future__ import annotations

import argparse
import sys

from deckcheck.commands.options import add_data_dir, add_as_of, add_commander, stdin_at_most_once
from deckcheck.errors import InputError, one_line, reason_of

FORMATS = ("text", "json", "csv")



def register(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:
    """Add the `check` subcommand."""
    p = sub.add_parser(
        "check", help="check Commander decklists",
        description="Check Commander decklists against every deck-construction rule and report all "
                    "violations. Exit 0: all legal; 1: a deck has an error; 2: usage error, unreadable "
                    "decklist or no card data.")
    p.add_argument("decks", nargs="+", metavar="DECK", help="decklist file, or - for standard input")
    p.add_argument("--format", choices=FORMATS, default="text", help="output format (default: text)")
    add_data_dir(p)
    add_commander(p)
    add_as_of(p, "the banned list", releases=True)
    return p


def deck_label(path: str) -> str:
    """How a DECK argument is named in reports: its path, or <stdin> for -."""
    return "<stdin>" if path == "-" else path


def read_deck(path: str):  # -> Deck
    """Parse one DECK argument (a path or - for standard input); InputError when it can't be read."""
    from deckcheck.decklist import parse_file, read_stream, with_entries

    return with_entries(read_stream(sys.stdin.buffer, "<stdin>") if path == "-" else parse_file(path))


def run(args: argparse.Namespace) -> int:
    """Check every deck; print the report; return the exit code."""
    from deckcheck.checker import Checker
    from deckcheck.policy import load_policy
    from deckcheck.render import FORMATS_WITHOUT_NOTES, say_notes_left_out
    from deckcheck.render.stream import StreamingRenderer
    from deckcheck.rules.syntax import unreadable_report
    from deckcheck.store import CardStore

    stdin_at_most_once(args.decks)
    store = CardStore.open(args.data_dir)
    checker = Checker(store, load_policy())
    out = StreamingRenderer(args.format, store.meta, sys.stdout, args.as_of)  # one deck at a time: bounded memory
    legal = True
    unreadable = 0
    for path in args.decks:
        try:
            report = checker.check(read_deck(path), on=args.as_of, commanders=args.commander,
                                   bracket=args.format == "json")  # (a list whose every line is no card's: unreadable)
        except InputError as exc:  # (a damaged store, a DeckcheckError of no deck's, stops the command)
            print(f"deckcheck: error: {exc}", file=sys.stderr)
            unreadable += 1
            if args.format != "text":  # a JSON or CSV report holds it too, as batch's does: nothing left out
                label = deck_label(path)
                out.deck(unreadable_report(label, reason_of(exc, label)))
            continue
        legal = legal and report.legal
        out.deck(report)
        if args.format in FORMATS_WITHOUT_NOTES:  # how the deck was read ("took X from the sideboard as companion")
            for note in report.notes:
                print(one_line(f"deckcheck: note: {report.path}: {note}"), file=sys.stderr)
    notes = checker.report_notes(args.as_of)
    out.close(notes)
    say_notes_left_out(args.format, notes)
    if unreadable:
        return 2
    return 0 if legal else 1
