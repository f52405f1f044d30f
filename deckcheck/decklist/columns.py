"""The columns of a card list's header row, as CSV exports, spreadsheets and Markdown tables name them: which
column holds the card's name, its count, its section, its set and collector number."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

QUANTITY_COLUMNS = ("count", "quantity", "qty", "amount", "copies")
NAME_COLUMNS = ("name", "card name", "card", "cardname")
SECTION_COLUMNS = ("section", "board", "zone", "deck", "category", "categories")
SET_COLUMNS = ("set code", "setcode", "edition code", "set", "edition")
NUMBER_COLUMNS = ("collector number", "collector #", "number", "card number", "cn")
# MTGO's export: "Yes" puts the row in the sideboard, where MTGO keeps a Commander deck's commander (taken from
# there as from its .dek file's sideboard: `assign_sideboard_commanders`).
SIDEBOARDED_COLUMNS = ("sideboarded",)
# TappedOut's export: "True" marks the commander's row (a cell naming a card, as a registration form's column
# does, is no such mark).
COMMANDER_COLUMNS = ("commander", "is commander")
# Columns a card list holds that nothing here reads: a header row of known columns alone is a card list's with
# no count or section column too ("Card,Type,CMC": a copy a row).
_OTHER_COLUMNS = frozenset({
    "type", "types", "type line", "card type", "cmc", "mv", "mana value", "mana cost", "cost", "color", "colors",
    "color identity", "rarity", "price", "notes", "note", "tags", "foil", "finish", "condition", "language",
    "set name", "edition name", "id #", "premium", "annotation", "power", "toughness", "p/t",
})
_KNOWN_COLUMNS = _OTHER_COLUMNS.union(QUANTITY_COLUMNS, NAME_COLUMNS, SECTION_COLUMNS, SET_COLUMNS, NUMBER_COLUMNS,
                                      SIDEBOARDED_COLUMNS, COMMANDER_COLUMNS)


def fold(cell: str) -> str:
    """A header cell as the column names above are written: lower case, single spaces, "_" a space."""
    return " ".join(cell.replace("_", " ").strip().lower().split())


def column(header: Sequence[str], names: Sequence[str]) -> int | None:
    """The index of the first of `names` (in their order) that is a cell of the folded `header`."""
    for wanted in names:
        if wanted in header:
            return header.index(wanted)
    return None


class CardColumns(NamedTuple):
    """Where a card list's header row puts its columns (None: it has no such column)."""

    name: int
    quantity: int | None
    section: int | None
    set_code: int | None
    number: int | None
    sideboarded: int | None
    commander: int | None


def card_columns(cells: Sequence[str]) -> CardColumns | None:
    """The columns a card list's header row names; None when the row is no such header: it names no card-name
    column, or it names neither a count nor a section column and holds a cell that is no column a card list has
    ("Card,Type,CMC" is one; "Card,Sol Ring" is not)."""
    header = [fold(cell) for cell in cells]
    name = column(header, NAME_COLUMNS)
    if name is None:
        return None
    quantity, section = column(header, QUANTITY_COLUMNS), column(header, SECTION_COLUMNS)
    if quantity is None and section is None and not _KNOWN_COLUMNS.issuperset(filter(None, header)):
        return None
    return CardColumns(name, quantity, section, column(header, SET_COLUMNS), column(header, NUMBER_COLUMNS),
                       column(header, SIDEBOARDED_COLUMNS), column(header, COMMANDER_COLUMNS))
