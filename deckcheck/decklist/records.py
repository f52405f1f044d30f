"""Deck objects: one deck as a JSON object, the shape JSON Lines files of decks hold one a line and a .json
decklist file may hold alone:

    {"name": "...", "commander": ["Name", ...], "companion": "Name",
     "decklist": ["1 Name", ...], "sideboard": ["1 Name", ...]}

("commanders" for "commander", "companions" for "companion", "main" or "mainboard" for "decklist"; an item
may also be {"name", "count"} or {"quantity", "card": {"name"}}, and a list an object keyed by card, as in
Moxfield's deck JSON, whose newer shape has the lists in "boards" and whose "main" is one card it features, no
list), or {"text": "<a decklist in any dialect>"}, whose "commander", when given, names its commanders as
`--commander` does, and whose "companion" its companion. A deck object becomes decklist blocks, each a section header and its lines, so it is read
exactly as the same decklist written as text, without line numbers (its items are not lines of the file; a
"text" keeps its own)."""

from __future__ import annotations

import json
import numbers
from collections.abc import Mapping, Sequence
from typing import Any

from deckcheck.decklist.model import MAX_LINE_CHARS, Problems, json_count, problem, read_quantity

#: A deck object's keys for its list of cards.
LIST_KEYS = ("text", "decklist", "main", "mainboard")
#: Keys that make a JSON object a deck object (without one, it is some other JSON).
DECK_KEYS = (*LIST_KEYS, "commander", "commanders")


def is_deck_record(obj: Any) -> bool:
    """Whether a decoded JSON value is a deck object: a JSON object with one of DECK_KEYS, itself or in its
    "boards" (where Moxfield's newer deck JSON keeps its lists)."""
    return isinstance(obj, Mapping) and not _lists(obj).keys().isdisjoint(DECK_KEYS)


def _lists(record: Mapping[str, Any]) -> Mapping[str, Any]:
    """Where a deck object keeps its lists: in itself, or in "boards" when that holds them and it does not.
    Moxfield's featured card under "main" is no list (`_without_featured_card`)."""
    record = _without_featured_card(record)
    boards = record.get("boards")
    if boards is not None and isinstance(boards, Mapping) and record.keys().isdisjoint(DECK_KEYS):
        return boards
    return record


#: The boards of Moxfield's deck JSON that tell its shape: objects keyed by card, at the top or under "boards".
MOXFIELD_BOARDS = ("mainboard", "commanders")


def _is_moxfield_deck(record: Mapping[str, Any]) -> bool:
    """Whether a deck object has the shape of Moxfield's deck JSON: its boards under "boards", or a "mainboard"
    or "commanders" that is a board keyed by card rather than a list or one card object."""
    if isinstance(record.get("boards"), Mapping):
        return True
    return any(isinstance(board, Mapping) and _item_name(board) is None
               for board in map(record.get, MOXFIELD_BOARDS))


def _without_featured_card(record: Mapping[str, Any]) -> Mapping[str, Any]:
    """The deck object without Moxfield's "main", the one card it features for the deck ({"id", "name",
    ...}, beside its boards), which is not its main deck; a generic deck object's "main" list stays."""
    featured = record.get("main")
    if isinstance(featured, Mapping) and _item_name(featured) is not None and _is_moxfield_deck(record):
        return {key: value for key, value in record.items() if key != "main"}
    return record


def _entry_line(item: Any, where: str, problems: Problems) -> str | None:
    """One decklist line from a deck object's list item (`where`: "decklist[3]"): "1 Name", "Name", {"count",
    "name"} or {"quantity", "card": {"name"}}. Any other item (null, a number, a list, an object naming no card)
    and a card object whose count is none (true, -5, 2.5, "abc") give no line but a problem naming it, put in
    `problems`: reported, not dropped, and not taken for a card named by its JSON text ("null")."""
    if isinstance(item, str):
        return item.strip() or None
    name = _item_name(item)
    if name is None:
        # (in Python, a list may hold what JSON can't: bytes, a set; written as Python writes it)
        text = json.dumps(item, ensure_ascii=False, default=repr)[:MAX_LINE_CHARS + 1]
        kind = json_type(item)
        why = ("a JSON object naming no card (no \"name\")" if isinstance(item, Mapping)
               else (f"a JSON {kind}" if kind in _JSON_TYPES.values() or kind == "list" else f"a {kind} object")
               + ", not a card name or card object"
               + (" (decode its bytes to text)" if isinstance(item, (bytes, bytearray)) else ""))
        problems.append(problem(0, f"{where} {text}", why))
        return None
    count, why = _item_count(item)
    if count is None:
        problems.append(problem(0, f"{where} {name}", why or "bad count"))
        return None
    return f"{count} {name}"


def card_object_line(item: Mapping[str, Any]) -> str | None:
    """A card object's decklist line ({"name", "count"} or {"quantity", "card": {"name"}}: "2 Name"), None when it
    names no card or its count is none."""
    name = _item_name(item)
    count = None if name is None else _item_count(item)[0]
    return None if count is None else f"{count} {name}"


def _item_count(item: Mapping[str, Any]) -> tuple[int | None, str | None]:
    """A card object's "count" or "quantity" (1 when it gives neither), as `json_count` reads it; digits in a
    string ("2") are a count too."""
    count = item.get("count", item.get("quantity", 1))
    if isinstance(count, str):
        return read_quantity(count.strip())
    return json_count(count)


def _item_name(item: Any) -> str | None:
    """The card name of a card object: its "name", or its "card"'s (Moxfield's and Archidekt's entries)."""
    if not isinstance(item, Mapping):
        return None
    name = item.get("name")
    card = item.get("card")
    if name is None and isinstance(card, Mapping):
        name = card.get("name")
    return name if isinstance(name, str) else None


def _items(value: Any, key: str) -> list[Any]:
    """A deck object's list under `key`: a list; a string of lines; one card object ({"name", "count"});
    a board keyed by card, as Moxfield's deck JSON has them ({"Sol Ring": {"quantity": 1, "card": {"name":
    "Sol Ring", ...}}, ...}, or those under "cards"; or {"Sol Ring": 1}); a one-dimensional numpy array, as a
    frame's cell holds a list after a round trip through Parquet, or a tuple. Absent is empty; ValueError for
    anything else."""
    if value is None:
        return []
    if type(value).__name__ == "ndarray" and getattr(value, "ndim", 0) == 1:
        value = value.tolist()
    elif isinstance(value, tuple):  # (from Python, not JSON: a frame's cells made tuples to be hashed)
        value = list(value)
    if isinstance(value, str):
        listed = list_written_as_text(value)
        return value.splitlines() if listed is None else listed
    if isinstance(value, Mapping):
        if _item_name(value) is not None:
            return [value]
        board = value["cards"] if isinstance(value.get("cards"), Mapping) else value
        items = [_board_item(name, entry) for name, entry in board.items()]
        if None not in items:
            return items
    if not isinstance(value, list):
        raise ValueError(f"\"{key}\" is a JSON {json_type(value)}, not a list of cards")
    return value


def list_written_as_text(value: str) -> list[Any] | None:
    """The list a frame's cell holds as text after a round trip through CSV (`to_csv` writes a list as Python writes
    it, "['1 Island', '1 Forest']"; or as JSON, '["1 Island"]'): its items, when it is such a list of names or card
    objects; else None (a decklist's text). Before, its brackets and quotes were read as cards' names."""
    text = value.strip()
    if not (text.startswith("[") and text.endswith("]")) or "\n" in text or len(text) > _MOST_LISTED_CHARS:
        return None
    import ast

    for read in (json.loads, ast.literal_eval):
        try:
            items = read(text)
        except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
            continue
        if isinstance(items, list) and all(isinstance(item, (str, dict)) for item in items):
            return items
    return None


def listed_text(cell: str) -> str:
    """A table's cell as text: a list written as text (`list_written_as_text`) made its items' lines, a card
    object's as its entry's line; any other cell as it is."""
    items = list_written_as_text(cell)
    if items is None:
        return cell
    return "\n".join(item if isinstance(item, str) else card_object_line(item) or "" for item in items)


def lines_as_text(items: Sequence[Any]) -> str | None:
    """The text of a list of a decklist's lines as a file gives them, their line breaks kept (`f.readlines()`): every
    item a str, and each but the last ending in a line break. Its blank lines are its shape (MTGO's before its
    commander, a Moxfield export's after its commander), which a deck object's list of entries loses. Else None (a
    JSON array of entries, whose blank item is no blank line: read as a deck object's list)."""
    if not items or not all(isinstance(item, str) for item in items):
        return None
    if not all(item.endswith(("\n", "\r")) for item in items[:-1]) or len(items) == 1 and "\n" not in items[0]:
        return None
    return "".join(items)


#: The longest cell read as a list written as text (a deck's 100 entries of long names fit many times over).
_MOST_LISTED_CHARS = 1 << 20


def _board_item(key: str, entry: Any) -> Any:
    """One entry of a board keyed by card as a list item: the entry itself when it names its card, else the
    key as the name with the entry's count; None when the entry is neither a card object nor a count."""
    if isinstance(entry, numbers.Real) and not isinstance(entry, bool):  # numpy's too (`dict(series)`); 2.0 as 2
        return {"name": key, "count": entry}  # (json_count says what is no count)
    if not isinstance(entry, Mapping):
        return None
    if _item_name(entry) is not None:
        return entry
    return {"name": key, "count": entry.get("quantity", entry.get("count", 1))}


def record_text(record: Mapping[str, Any]) -> str | None:
    """A deck object's "text" (a decklist in any dialect), None when it has none; ValueError when it is no text."""
    text = record.get("text")
    if text is None or isinstance(text, str):
        return text
    raise ValueError(f"\"text\" is a JSON {json_type(text)}, not a decklist's text")


def json_type(value: Any) -> str:
    """What a decoded JSON value is, in JSON's words ("object", "number", "null"; a list is a "list")."""
    return _JSON_TYPES.get(type(value), type(value).__name__)


_JSON_TYPES = {dict: "object", bool: "boolean", int: "number", float: "number", str: "string", type(None): "null"}


def _entry_lines(items: list[Any], key: str, problems: Problems) -> list[str]:
    """A deck list's lines (the list under `key`): each item as `_entry_line` reads it, empty ones dropped."""
    if set(map(type, items)) <= {str}:  # the usual "N Name" strings: no call per item
        lines = list(map(str.strip, items))
        return [line for line in lines if line] if "" in lines else lines
    lines = (_entry_line(item, f"{key}[{index}]", problems) for index, item in enumerate(items))
    return [line for line in lines if line]


def _named_lines(items: list[Any], key: str, problems: Problems) -> list[str]:
    """A commander/companion list's lines: a bare name gets a quantity of 1 (a name may start with a digit)."""
    out = []
    for index, item in enumerate(items):
        if isinstance(item, str):
            if item.strip():
                out.append(f"1 {item.strip()}")
        else:
            line = _entry_line(item, f"{key}[{index}]", problems)
            if line:
                out.append(line)
    return out


def _empty(value: Any) -> bool:
    """Whether a deck object's list is empty: null, or an empty list or text ({"decklist": null, "mainboard": [...]}
    keeps its list under "mainboard")."""
    return value is None or isinstance(value, (str, list, tuple, Mapping)) and not value


def record_blocks(record: Mapping[str, Any]) -> tuple[list[tuple[str | None, list[str]]], Problems]:
    """A deck object (without "text") as decklist blocks, (header line or None, its lines), and the problems of
    the items that give no line (a card object whose count is none). "commander" or "commanders" (names),
    "companion" or "companions", "decklist", "main" or "mainboard" ("N Name" lines) and "sideboard" become
    marked sections (Moxfield's maybeboard and tokens are not part of the deck); a deck with only a main list
    has no header at all. ValueError when one of them is not a list of cards as `_items` reads them."""
    record = _lists(record)
    problems = Problems()
    blocks: list[tuple[str | None, list[str]]] = []
    key = "commander" if "commander" in record else "commanders"
    commanders = _named_lines(_items(record.get(key), key), key, problems)
    if commanders:
        blocks.append(("Commander", commanders))
    key = "companion" if "companion" in record else "companions"
    companion = record.get(key)
    companion = _named_lines([companion] if isinstance(companion, str) and list_written_as_text(companion) is None
                             else _items(companion, key), key, problems)
    if companion:
        blocks.append(("Companion", companion))
    keys = [k for k in ("decklist", "main", "mainboard") if k in record]  # the first that holds a list, if any does
    key = next((k for k in keys if not _empty(record[k])), keys[0] if keys else "decklist")
    main = _entry_lines(_items(record.get(key), key), key, problems)
    if not main and not problems:  # its commander alone, or nothing: no deck of 1 card, "99 short" (an empty cell
        # of a frame's row, a null in JSON Lines), as an empty decklist cell of a table of registrations is none
        raise ValueError("no decklist (an empty value)" if key in record else f'no decklist (no "{key}")')
    blocks.append(("Deck" if blocks else None, main))
    side_lines = _entry_lines(_items(record.get("sideboard"), "sideboard"), "sideboard", problems)
    if side_lines:
        blocks.append(("Sideboard", side_lines))
    return blocks, problems


def record_commanders(record: Mapping[str, Any]) -> list[str]:
    """The commander names a deck object gives in "commander" or "commanders" (a registration's commander
    column beside its list's "text"). ValueError when that is not a list of cards."""
    return _record_names(record, "commander" if "commander" in record else "commanders")


def record_companions(record: Mapping[str, Any]) -> list[str]:
    """The companion names a deck object gives in "companion" or "companions" (a registration's Companion column
    beside its list's "text"). ValueError when that is not a list of cards."""
    return _record_names(record, "companion" if "companion" in record else "companions")


def _record_names(record: Mapping[str, Any], key: str) -> list[str]:
    names = []
    for item in _items(record.get(key), key):
        name = item if isinstance(item, str) else _item_name(item)
        if name is None:
            raise ValueError(f"\"{key}\" holds {json.dumps(item, ensure_ascii=False)[:80]}, not a card name")
        if name.strip():
            names.append(name.strip())
    if len(names) > MAX_GIVEN_COMMANDERS:
        raise ValueError(f"\"{key}\" names {len(names):,} cards, more than the {MAX_GIVEN_COMMANDERS} "
                         f"{key.rstrip('s')}s a deck may be given beside its list")
    return names


#: The most commanders (or companions) a deck object may name beside its text: enough for the `commander-pair`
#: rule to report too many, few enough that placing them in the deck stays cheap.
MAX_GIVEN_COMMANDERS = 8


def record_path(record: Mapping[str, Any], default: str) -> str:
    """What reports call a deck object: its "path" when it gives one (a batch's JSON Lines may carry the
    file each deck came from), else ``default``."""
    given = record.get("path")
    return given if isinstance(given, str) and given else default


#: The keys of a deck object's own name, when it names no player (`record_name`).
_OWN_NAMES = ("name", "deck_name", "title")
#: The keys of a deck object that `record_name` names it by.
NAMING_KEYS = frozenset({"player", "event", *_OWN_NAMES})


def record_name(record: Mapping[str, Any]) -> str | None:
    """A deck object's name: its player's when it gives one, as a registration's row is named (a form's "Deck name"
    beside the player's column is not the row's name, so that two players of one deck are told apart), with its
    event beside it, "player (event)"; else its "name", "deck_name" or "title". A player given as a number (an
    ID) is named by it."""
    player = _player_name(record.get("player"))
    if player:
        event = record.get("event")
        return f"{player} ({event.strip()})" if isinstance(event, str) and event.strip() else player
    for key in _OWN_NAMES:
        if isinstance(record.get(key), str) and record[key].strip():
            return record[key].strip()
    return None


def _player_name(player: Any) -> str | None:
    """A "player" value as a name: its text, or a number's digits (an ID; 1042.0, as a frame's column of IDs with
    a blank cell holds it, is 1042); None for none (a blank, NaN, a bool, another kind)."""
    if isinstance(player, str):
        return player.strip() or None
    if isinstance(player, bool) or not isinstance(player, numbers.Real) or player != player:  # (NaN != NaN)
        return None
    return str(int(player)) if not isinstance(player, numbers.Integral) and float(player).is_integer() else str(player)
