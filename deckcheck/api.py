"""The Python API for notebooks and scripts: open the card data, parse and check one deck or many, and
get pandas frames. Everything here is also importable from the `deckcheck` package itself.

    >>> import deckcheck
    >>> store = deckcheck.open_store()
    >>> report = deckcheck.check_deck("decks/atraxa.txt", store=store)
    >>> batch = deckcheck.check_many(["decks/"], store=store)
    >>> batch.to_frame(), batch.violations_frame()
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping, Sequence
from datetime import date
from typing import TYPE_CHECKING, Any

from deckcheck.batch import BatchReport, check_many
from deckcheck.batch.core import (
    LIST_OF_LISTS, deck_cells, deck_record, holds_lists, is_list_of_entries, is_pandas, path_on_a_line,
)
from deckcheck.decklist import Deck, parse_file, parse_text, with_entries
from deckcheck.decklist.csvlists import no_decklist
from deckcheck.decklist.model import ADDRESS_FOR_A_DECKLIST, is_web_address
from deckcheck.decklist.records import lines_as_text
from deckcheck.errors import InputError
from deckcheck.report import DeckReport

if TYPE_CHECKING:
    import pandas as pd

    from deckcheck.store import CardStore

__all__ = ["BatchReport", "cards_frame", "check_deck", "check_many", "load_cards", "open_store", "parse_deck",
           "to_spreadsheet_csv"]


def open_store(data_dir: str | os.PathLike[str] | None = None) -> CardStore:
    """The card store: the one built in `data_dir` ($DECKCHECK_DATA, the user cache), else the bundled
    snapshot."""
    from deckcheck.store import CardStore

    return CardStore.open(data_dir)


#: Another name for open_store.
load_cards = open_store


def parse_deck(path_or_text: str | os.PathLike[str] | Mapping[str, Any] | Sequence[str], *,
               name: str | None = None) -> Deck:
    """Parse a decklist file, decklist text (a str with a line break), a deck object (a dict, as in JSON
    Lines of decks: {"commander": [...], "decklist": [...]} or {"text": ...}; or its sections by header,
    {"Commander": [...], "Deck": [...]}), a list of a deck's lines (["1 Sol Ring", ...], as check_many takes one in a
    Series' cell), a frame's row or an MTGJSON deck file's decoded JSON into a Deck. `name` is what the report calls
    a text or deck object (default "<text>", or the object's "path", else "<deck>")."""
    if is_list_of_entries(path_or_text):  # a frame's cell (not a tuple: `itertuples()` gives a frame's row as one)
        items = list(path_or_text)
        if holds_lists(items):
            raise TypeError(LIST_OF_LISTS)
        text = lines_as_text(items)  # a file's lines, their line breaks kept (`f.readlines()`): as that text
        return parse_text(text, name or "<text>") if text is not None else parse_deck({"decklist": items}, name=name)
    if is_pandas(path_or_text, "Series"):  # a frame's row: a deck object, or a form's registration
        if deck_cells(path_or_text.index) is None:
            raise TypeError(f"one deck, not a Series of {len(path_or_text):,} (its index names no deck's fields: "
                            f"neither a deck object's keys nor a column naming the decklist): check_many(series) "
                            f"checks a Series of decks, each named by its index label; check_deck takes one of them, "
                            f"or a frame's row (df.iloc[0])")
        path_or_text = deck_record(path_or_text)
        if "text" in path_or_text and not str(path_or_text["text"]).strip():  # as check_many says of the row
            raise InputError(name or "<deck>", no_decklist(path_or_text))
    if isinstance(path_or_text, Mapping):
        from deckcheck.decklist.reading import parse_json_deck
        from deckcheck.decklist.records import record_path

        return parse_json_deck(path_or_text, name or record_path(path_or_text, "<deck>"))
    if not isinstance(path_or_text, (str, os.PathLike)):
        raise TypeError(f"a deck is a path, decklist text, a list of its lines, deck object (dict) or Deck, not "
                        f"{type(path_or_text).__name__}")
    if isinstance(path_or_text, str) and (path := path_on_a_line(path_or_text)) is not None:
        path_or_text = path  # a file's line ("decks/alice.txt\n", from `f.readlines()`): the file, as check_many has it
    if isinstance(path_or_text, str) and ("\n" in path_or_text or "\r" in path_or_text
                                          or not path_or_text.strip()):  # no file is named "": an empty text
        return parse_text(path_or_text, name or "<text>")
    if isinstance(path_or_text, str) and not os.path.lexists(path_or_text):
        if is_web_address(path_or_text.strip()):
            raise InputError(path_or_text, ADDRESS_FOR_A_DECKLIST)
        raise InputError(path_or_text, "no such file (decklist text is read as such when it has a line break: "
                                       "end it with \\n)")
    return parse_file(path_or_text)


def check_deck(deck: Deck | str | os.PathLike[str] | Mapping[str, Any] | Sequence[str], *,
               store: CardStore | None = None, on: date | str | None = None,
               commanders: str | Iterable[str] | None = None, policy: Any = None, brackets: bool = True) -> DeckReport:
    """Check one deck (a Deck, a path, decklist text, a list of its lines or a deck object) and return its DeckReport;
    with `brackets`, its Commander Bracket floor too (`DeckReport.bracket`), as `check_many` and `deckcheck check
    --format json` give it. The `commanders` are made the deck's as `--commander` makes them, their notes beginning
    "commanders given" (`COMMANDERS_ARGUMENT`) where the command line's begin "--commander". Checked as of a day
    `on` that the recorded lists don't cover as they are (before their history, a day to come, Game Changers not
    fully known), its notes end with that caveat, the one `check --as-of` and `check_many` give their reports."""
    from dataclasses import replace

    from deckcheck.checker import checker_lent
    from deckcheck.decklist.commanders import COMMANDERS_ARGUMENT, commander_names
    from deckcheck.policy import as_date, given_policy
    from deckcheck.store import CardStore

    on, commanders, store = as_date(on), commander_names(commanders), CardStore.given(store)
    deck = with_entries(deck if isinstance(deck, Deck) else parse_deck(deck))
    with checker_lent(store, given_policy(policy)) as checker:  # (a check_many in another thread may hold it)
        report = checker.check(deck, on=on, commanders=commanders, bracket=brackets, given=COMMANDERS_ARGUMENT)
        caveat = checker.policy.history_note(on) if on is not None else None
    return replace(report, notes=(*report.notes, caveat)) if caveat else report


def cards_frame(store: CardStore | None = None, *, policy: Any = None, on: Any = None) -> pd.DataFrame:
    """A pandas DataFrame of every card in the store (see deckcheck.frames.cards_frame)."""
    from deckcheck.frames import cards_frame as build

    return build(store, policy=policy, on=on)


def to_spreadsheet_csv(frame: pd.DataFrame | pd.Series, path: str | os.PathLike[str], *,
                       index: bool | None = None) -> None:
    """Write a frame or Series as a CSV file for Excel and other spreadsheets (see
    deckcheck.frames.to_spreadsheet_csv)."""
    from deckcheck.frames import to_spreadsheet_csv as write

    write(frame, path, index=index)
