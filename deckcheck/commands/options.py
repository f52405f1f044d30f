"""Options that several subcommands share, defined once."""

from __future__ import annotations

import argparse
import os
from datetime import date

from deckcheck.errors import DeckcheckError


def iso_date(text: str) -> date:
    """argparse type for YYYY-MM-DD dates."""
    from deckcheck.policy import parse_day

    try:
        return parse_day(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def folder(text: str) -> str:
    """argparse type for a folder: not empty. An empty --data-dir (a script's unset variable, "$DIR") would
    otherwise mean the default folder, and `update` would replace the user's own store."""
    return not_empty(text, "a folder")


def not_empty(text: str, what: str) -> str:
    """An option's value, which a script's unset variable ("$OUT") left empty: argparse error, not the default taken
    (`-o ""` wrote the report to standard output, `--api ""` downloaded from Scryfall's own API)."""
    if not text:
        raise argparse.ArgumentTypeError(f"{what} can't be empty")
    return text


def add_data_dir(p: argparse.ArgumentParser, *, builds: bool = False) -> None:
    """--data-dir: where the card store lives (or, for `update`, is built)."""
    default = "default: $DECKCHECK_DATA, else the user cache"
    p.add_argument("--data-dir", metavar="DIR", type=folder,
                   help=f"where to build the card store ({default})" if builds else
                   f"card store directory ({default}); without a store there, the bundled snapshot")


def add_as_of(p: argparse.ArgumentParser, what: str = "the banned list and Game Changers", *,
              releases: bool = False) -> None:
    """--as-of: check against the policy in force on a date (and, with `releases`, against the cards released by
    then: a later one is not-legal)."""
    later = (", and cards the data calls not legal that were not yet released then are not-legal (a release date "
             "in the data may be a reprint's)") if releases else ""
    p.add_argument("--as-of", type=iso_date, metavar="YYYY-MM-DD", default=None,
                   help=f"use {what} in force on this date{later} (default: today); the deck rules are today's "
                        "(a legendary Vehicle may lead, as since 2025)")


def card_name(text: str) -> str:
    """argparse type for a card name: trimmed, not empty; given in UTF-8 on a command line Python read in another
    encoding (a C or POSIX locale with UTF-8 mode off: "Lim-Dûl" came as "Lim-D\\udcc3\\udcbbl"), read as UTF-8."""
    name = " ".join(_as_utf8(text).split())
    if not name:
        raise argparse.ArgumentTypeError("a card name can't be empty")
    return name


def _as_utf8(text: str) -> str:
    """A command-line argument whose bytes the locale's encoding could not read (kept as surrogate escapes) read
    as UTF-8 when they are UTF-8, as the terminal most likely wrote them; else as it is."""
    if not any("\udc80" <= ch <= "\udcff" for ch in text):
        return text
    try:
        return os.fsencode(text).decode("utf-8")
    except UnicodeError:
        return text


def add_commander(p: argparse.ArgumentParser) -> None:
    """--commander NAME (repeatable)."""
    p.add_argument("--commander", action="append", metavar="NAME", default=None, type=card_name,
                   help="the deck's commander (repeat for two); overrides what the list marks")


def stdin_at_most_once(paths: list[str]) -> None:
    """A usage error when standard input ("-") is among `paths` more than once: it can be read only once."""
    if paths.count("-") > 1:
        raise DeckcheckError("standard input (-) can be given only once")
