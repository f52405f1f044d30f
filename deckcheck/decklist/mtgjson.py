"""MTGJSON deck files ({"meta", "data": {name, type, commander, mainBoard, sideBoard, displayCommander,
planes, schemes, tokens, ...}}), each board a list of card objects with `count` and `name`.

Entries of these files have line 0: the file has no lines worth pointing at, the name says which card."""

from __future__ import annotations

from typing import Any

from deckcheck.decklist.model import (
    COMMANDER, COMPANION, MAIN, OUTSIDE, SIDEBOARD, Deck, EntryCollector, Problems, json_count, long_name, problem,
)
from deckcheck.errors import InputError

#: MTGJSON board -> section. displayCommander, planes, schemes and tokens are never part of the 100.
BOARDS = (("commander", COMMANDER), ("companion", COMPANION), ("mainBoard", MAIN), ("sideBoard", SIDEBOARD),
          ("displayCommander", OUTSIDE), ("planes", OUTSIDE), ("schemes", OUTSIDE), ("tokens", OUTSIDE))


def is_mtgjson_deck(obj: Any) -> bool:
    """Whether a decoded JSON value is an MTGJSON deck file (or its `data` object)."""
    if isinstance(obj, dict) and isinstance(obj.get("data"), dict):
        obj = obj["data"]
    return isinstance(obj, dict) and isinstance(obj.get("mainBoard"), list)


def parse_mtgjson_deck(obj: dict, path: str) -> Deck:
    """Turn a decoded MTGJSON deck file into a Deck (line 0 on every entry)."""
    data = obj.get("data") if isinstance(obj, dict) and isinstance(obj.get("data"), dict) else obj
    if not is_mtgjson_deck(data):
        raise InputError(path, "JSON, but not an MTGJSON deck file (no data.mainBoard list)")
    collector = EntryCollector()
    problems = Problems()
    for board, section in BOARDS:
        cards = data.get(board) or []
        if not isinstance(cards, list):
            problems.append(problem(0, f"{board}: {type(cards).__name__}", f"{board} is not a list of cards"))
            continue
        for index, card in enumerate(cards):
            name = card.get("name") if isinstance(card, dict) else None
            if not isinstance(name, str) or not name.strip():
                problems.append(problem(0, f"{board}[{index}]", "card object without a name"))
                continue
            name = " ".join(name.split())
            too_long = long_name(0, f"{board}[{index}] {name}", name)
            if too_long is not None:
                problems.append(too_long)
                continue
            quantity, why = json_count(card.get("count", 1))
            if quantity is None:
                problems.append(problem(0, f"{board}[{index}] {name}", why or "bad count"))
                continue
            set_code, number = card.get("setCode"), card.get("number")
            collector.add(quantity, name, section, 0,
                          set_code if isinstance(set_code, str) else None,
                          number if isinstance(number, str) else None)
    name = data.get("name")
    deck_type = data.get("type")
    entries, kept = collector.finish(problems)
    return Deck(path=path, name=name if isinstance(name, str) else None, entries=entries, problems=kept,
                commanders_marked="commander" in data, source_format="mtgjson",
                deck_type=deck_type if isinstance(deck_type, str) else None)
