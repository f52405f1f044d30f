"""Many decks at once: expand paths (files, folders, JSON Lines of decks) into deck sources, check them all
with one Checker (or one per worker process), and collect a BatchReport for text/JSON/CSV/HTML output and
pandas frames.

A deck that can't be read never stops the batch: it becomes a row with one `unreadable` error.
"""

from __future__ import annotations

import codecs
import copyreg
import gc
import gzip
import io
import itertools
import json
import numbers
import os
import re
import signal
import stat
import sys
import time
import warnings
import zlib
from collections import Counter, deque
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence, Sized
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from datetime import date
from functools import cached_property
from types import MappingProxyType
from typing import IO, Any

from deckcheck.decklist import MAX_BYTES, Deck, parse_bytes, parse_file, parse_text, read_stream, with_entries
from deckcheck.decklist.commanders import COMMANDERS_ARGUMENT
from deckcheck.decklist.csvlists import (
    REGISTRATIONS_HEAD, Registrations, answers_none, columns_layout, no_decklist, player_rank, registration_record,
    registrations_layout, table_rows,
)
from deckcheck.decklist.documents import IWORK_REFUSAL
from deckcheck.decklist.model import ADDRESS_FOR_A_DECKLIST, is_web_address
from deckcheck.decklist.mtgjson import is_mtgjson_deck
from deckcheck.decklist.reading import (
    JSONL_SUFFIXES, decode, parse_json_deck, parse_registered_file, section_blocks, why_unreadable,
)
from deckcheck.decklist.records import (
    DECK_KEYS, LIST_KEYS, NAMING_KEYS, card_object_line, is_deck_record, json_type, lines_as_text, list_written_as_text,
    listed_text, record_name, record_path,
)
from deckcheck.decklist.sheets import sheet_texts
from deckcheck.errors import STOPPING, DeckcheckError, DeckcheckWarning, InputError, reason_of
from deckcheck.report import CheckReport, DeckReport, pickled_by_fields
from deckcheck.rules.syntax import UNREADABLE as UNREADABLE_RULE, unreadable_report
from deckcheck.wording import counted, first_named
from deckcheck.zips import (
    DOCUMENTS, GZIP_MAGIC, IWORK, WORKBOOKS, ZIP_MAGIC, archive_kind, is_zip, member_errors, zip_errors,
)


def _proxy(items: dict[str, Any]) -> MappingProxyType:
    return MappingProxyType(items)


def _reduce_proxy(proxy: MappingProxyType) -> tuple[Any, tuple[dict[str, Any]]]:
    return _proxy, (dict(proxy),)


# Violation.details is a MappingProxyType, which pickle can't handle; worker processes send reports back
# pickled, so teach pickle (and multiprocessing's pickler, in run_batch) to rebuild one from a plain dict.
copyreg.pickle(MappingProxyType, _reduce_proxy)

#: File names a folder walk takes as decklists (lower case; `.gz` of any of them too).
DECK_SUFFIXES = (".txt", ".dec", ".dck", ".dek", ".cod", ".mwdeck", ".csv", ".tsv", ".json", ".docx", ".odt", ".rtf")
#: Workbooks: a table of registrations in one of their sheets, or a card list.
SHEET_SUFFIXES = (".xlsx", ".ods")
#: Files that may hold a table of registrations as text: CSV, TSV, and Excel's "Unicode Text" (tabs, UTF-16, .txt).
TABLE_SUFFIXES = (".csv", ".tsv", ".txt")
#: The code of the one violation an unreadable deck gets (its rule: deckcheck.rules.syntax.UNREADABLE).
UNREADABLE = UNREADABLE_RULE.code
#: Why an empty item (None, NaN, a table's empty cell, a blank str) is an unreadable row.
NO_DECKLIST = "no decklist (an empty value)"
#: The most decks one JSON Lines file may hold (a guard against a runaway file, not a real limit).
MAX_JSONL_DECKS = 1_000_000
#: Decks read and resolved together (their unknown names get suggestions in one pass): a bound on the
#: decks held at once, not on the batch.
PREFETCH_DECKS = 250
#: A JSON Lines line longer than this is refused (a real deck object is a few kilobytes).
MAX_JSONL_LINE = 4 * 1024 * 1024

# Deck source kinds: ("file", label, path) | ("text", label, decklist text) | ("record", label, deck object)
# | ("jsonl", label, raw line) | ("bytes", label, a zip member's bytes) | ("deck", label, Deck)
# | ("error", label, message) | ("empty", label, the deck object of a registration with no decklist)
# | ("registered", path, (path, the deck object of a frame's registration whose decklist cell names that file)).
Source = tuple[str, str, Any]


# --- expanding inputs ----------------------------------------------------------------------------------
def _suffix(name: str) -> str:
    low = name.lower()
    return low[:-3] if low.endswith(".gz") else low


def is_jsonl(path: str | os.PathLike[str]) -> bool:
    """Whether a file name says JSON Lines of decks (.jsonl, .ndjson, optionally gzipped)."""
    return _suffix(os.fspath(path)).endswith(JSONL_SUFFIXES)


def is_decklist_name(path: str | os.PathLike[str]) -> bool:
    """Whether a folder walk should take this file as a decklist (or as JSON Lines of decks): not a hidden file,
    nor the owner file Word and Excel keep beside a document while it is open ("~$decks.xlsx")."""
    name = os.path.basename(os.fspath(path))
    if name.startswith((".", "~$")):
        return False
    stem = _suffix(name)
    return stem.endswith(DECK_SUFFIXES) or stem.endswith(JSONL_SUFFIXES) or stem.endswith(SHEET_SUFFIXES)


def _special_file(path: str) -> bool:
    """Whether a path found in a folder is a named pipe, socket or device: never a decklist, and opening a
    pipe with no writer would wait forever. A link that leads nowhere is kept (its row says so)."""
    try:
        return not stat.S_ISREG(os.stat(path).st_mode)
    except OSError:
        return False


def walk_takes(folder: str | os.PathLike[str], path: str | os.PathLike[str]) -> bool:
    """Whether the walk of `folder` takes the file at `path`: a decklist name under it, with no hidden
    folder or file on the way (pipes, sockets and devices aside)."""
    try:
        rel = os.path.relpath(os.path.abspath(path), os.path.abspath(folder))
    except ValueError:  # another drive (Windows)
        return False
    parts = rel.split(os.sep)
    return parts[0] != os.pardir and not any(p.startswith(".") for p in parts) and is_decklist_name(path)


def walk_reads(folder: str | os.PathLike[str], path: str | os.PathLike[str]) -> bool:
    """Whether the batch of `folder` reads the file at `path`, links followed on either side: a decklist name
    its walk takes, or, for a file already there, one of the walk's decklists by another name (a link or a
    hard link to it)."""
    if walk_takes(os.path.realpath(folder), os.path.realpath(path)):
        return True
    try:
        there = os.stat(path)
    except OSError:  # not there yet: only its own name could be read
        return False
    return any(os.path.samestat(there, found) for found in _stats(_walk(os.fspath(folder))))


def _stats(paths: Iterator[str]) -> Iterator[os.stat_result]:
    for path in paths:
        with suppress(OSError):  # a link that leads nowhere, a file gone meanwhile
            yield os.stat(path)


def _walk(folder: str, unreadable: list[OSError] | None = None, read: FilesRead | None = None) -> Iterator[str]:
    """Decklist files and zip archives (a form's responses downloaded beside the other decklists) under a folder,
    recursively, sorted by path; hidden files and folders, pipes, sockets and devices skipped. A folder that can't
    be read (the folder itself, or one under it) is added to `unreadable`, when given, as the error reading it; the
    other files, named as no decklist is (a PDF, a picture, "notes.md"), to `read.left_out`, when given, but those
    passed over unsaid (`_passed_over_unsaid`). Links to folders are not walked, as `find` and `grep -r` walk none (one
    may lead anywhere: to the home folder, or to /); they are added to `read.links`, when given."""
    found: list[tuple[tuple[str, ...], str]] = []
    others: list[tuple[tuple[str, ...], str]] = []
    for root, dirs, files in os.walk(folder, onerror=None if unreadable is None else unreadable.append):
        dirs[:] = [d for d in dirs if not d.startswith(".")]
        if read is not None:
            read.links.extend(path for d in dirs if os.path.islink(path := os.path.join(root, d)))
        rel = os.path.relpath(root, folder)
        parts = () if rel == "." else tuple(rel.split(os.sep))
        for name in files:
            if is_decklist_name(name) or name.lower().endswith(".zip") and not name.startswith("."):
                found.append((parts + (name,), os.path.join(root, name)))
            elif not _passed_over_unsaid(name):
                others.append((parts + (name,), os.path.join(root, name)))
    if read is not None:
        read.left_out.extend(path for _, path in sorted(others) if not _special_file(path))
    for _, path in sorted(found):
        if not _special_file(path):
            yield path
        elif read is not None:
            read.not_files.append(path)


#: Files an operating system keeps in folders of their own accord: never a player's.
_FOLDER_KEEPING = frozenset({"thumbs.db", "desktop.ini", "ehthumbs.db", "icon\r"})


def _passed_over_unsaid(name: str) -> bool:
    """Whether a file named as no decklist is, in a folder or a zip, is left out with no note: a hidden file, the
    owner file of an open document ("~$decks.docx") or one an operating system keeps in folders (Thumbs.db)."""
    return name.startswith((".", "~$")) or name.lower() in _FOLDER_KEEPING


@contextmanager
def _inflated(path: str) -> Iterator[Any]:
    """A file opened for its bytes, a gzipped one inflated as they are read (`_ungzipped`)."""
    with open(path, "rb") as raw:
        yield _ungzipped(raw)


def _ungzipped(raw: IO[bytes]) -> IO[bytes]:
    """A seekable stream of bytes, a gzipped one (told by its first bytes) inflated as they are read."""
    gzipped = raw.read(2) == GZIP_MAGIC
    raw.seek(0)
    return gzip.GzipFile(fileobj=raw) if gzipped else raw  # type: ignore[return-value]


def _open_lines(path: str) -> Iterator[bytes]:
    """A file's lines as UTF-8 (`_bounded_lines`), inflated when gzipped; one in UTF-16, as Windows PowerShell 5 writes
    text (told by its byte order mark), recoded line by line."""
    with _inflated(path) as handle:
        if handle.peek(2)[:2] in (b"\xff\xfe", b"\xfe\xff"):
            handle = codecs.EncodedFile(handle, data_encoding="utf-8", file_encoding="utf-16", errors="replace")
        yield from _bounded_lines(handle)


def _bounded_lines(stream: Any) -> Iterator[bytes]:
    """A binary stream's lines, none read whole past MAX_JSONL_LINE bytes (a file of one endless line would
    fill the memory): a longer line is given cut one byte past the limit, and the rest of it is skipped."""
    while line := stream.readline(MAX_JSONL_LINE + 1):
        yield line
        if len(line) > MAX_JSONL_LINE and not line.endswith(b"\n"):
            del line
            while (rest := stream.readline(65536)) and not rest.endswith(b"\n"):
                pass


#: The largest table of registrations read (some 10,000 decklists of a few kilobytes).
MAX_REGISTRATIONS_BYTES = 64 << 20


def _head(path: str, size: int, *, inflate: bool = False) -> bytes:
    """A file's first `size` bytes, those it holds inflated when `inflate` and it is gzipped (no more are
    inflated); none when it can't be read (its row says why)."""
    try:
        with _inflated(path) if inflate else open(path, "rb") as handle:
            return handle.read(size)
    except (OSError, EOFError, zlib.error):
        return b""


def _registrations_in(head: bytes) -> Registrations | None:
    """The layout of the table of registrations a file's first bytes begin, decoded as a decklist's are (Excel's
    "Unicode Text" is UTF-16); None when they begin none."""
    try:
        text = _table_text(head, "")[0]
    except DeckcheckError:
        return None
    return registrations_layout(text)


def registration_sources(path: str, layout: Registrations, read: FilesRead | None = None) -> Iterator[Source]:
    """A deck object per row of a table of registrations saved as CSV or TSV: `registration_rows`'s; a file too
    big or that can't be read is an "error" source. With `read`, how a table not wholly UTF-8 was read is noted
    there."""
    try:
        with _inflated(path) as handle:
            data = handle.read(MAX_REGISTRATIONS_BYTES + 1)
    except (OSError, EOFError, zlib.error) as exc:
        yield ("error", path, why_unreadable(exc))
        return
    yield from _registration_bytes(path, data, layout, read)


def _registration_bytes(label: str, data: bytes, layout: Registrations,
                        read: FilesRead | None = None) -> Iterator[Source]:
    if len(data) > MAX_REGISTRATIONS_BYTES:
        yield ("error", label, f"more than {MAX_REGISTRATIONS_BYTES:,} bytes: too big for a table of registrations")
        return
    try:
        text, note = _table_text(data, label)
    except DeckcheckError as exc:
        yield ("error", label, reason_of(exc, label))
        return
    if note and read is not None:
        read.decoded.append(f"{label}: {note}")
    yield from registration_rows(label, text, layout, read)


def _table_text(data: bytes, label: str) -> tuple[str, str | None]:
    """A table of registrations' bytes as text, with `decode`'s note when it was not UTF-8 (to be said, as a lone
    decklist's is), a stray NUL byte in it (an export's junk) dropped rather than the whole table refused as binary
    data, every player's row with it; DeckcheckError when it is no text."""
    try:
        return decode(data, label, what="table of registrations")
    except DeckcheckError as exc:
        refused = exc
    if b"\x00" in data:
        with suppress(DeckcheckError):
            return decode(data.replace(b"\x00", b""), label, what="table of registrations")
    raise refused


def registration_rows(path: str, text: str, layout: Registrations, read: FilesRead | None = None) -> Iterator[Source]:
    """A deck object per row of a table of registrations' CSV text, {"text": its decklist cell, "player": its
    player's cell, "commander": the names its commander cells give}, labelled path:row (the sheet's row
    number, the header's being its line's: the first, or one below a title); a row whose decklist cell is
    empty is an "empty" source. The registrations of a player who sent several carry their rows (`_sent_again`); with
    `read`, its players are noted there (`FilesRead.registered`)."""
    import csv

    rows = table_rows(text, layout)
    row = layout.header_line
    found: list[Source] = []
    try:
        header = [cell.strip() for cell in next(rows, None) or []]
        for cells in rows:
            row += 1
            if _a_response(cells, header):
                found.append(_table_row(f"{path}:{row}", cells, layout, header))
    except csv.Error as exc:
        found.append(("error", f"{path}:{row + 1}", f"CSV error: {exc}; the rest of the file is not read"))
    players = [_registering_player(kind, payload) for kind, _, payload in found]
    if read is not None:
        read.registered(path, found, players)
    yield from _sent_again(found, players)


def _sent_again(sources: list[Source], registrations: list[str | None]) -> list[Source]:
    """A table's rows, the registrations of a player named on more than one (a form sent again: Google Forms keeps
    each response) each holding the rows of all of them ("rows", the labels' row numbers: one list they share), which
    its deck's notes say (`parse_deck_record`): the totals count registrations, not players. `registrations`: the
    player each row registers (`_registering_player`). A table of deck objects (a frame of an archive saved by
    `to_csv`) is a player's decks of several events: no such rows."""
    rows: dict[str, list[str]] = {}
    for player, (_, label, _) in zip(registrations, sources):
        if player:
            rows.setdefault(player, []).append(label.rsplit(":", 1)[1])
    if all(len(numbers) == 1 for numbers in rows.values()):
        return sources
    return [(kind, label, {**payload, "rows": rows[player]}) if player and len(rows[player]) > 1 else (
        kind, label, payload) for player, (kind, label, payload) in zip(registrations, sources)]


def _registering_player(kind: str, payload: Any) -> str | None:
    """The player a table's row registers, folded; None for a row that is no registration (a deck object's row)."""
    if kind not in ("record", "empty") or "text" not in payload or "event" in payload:
        return None
    return str(payload.get("player") or "").strip().casefold() or None


def _a_response(cells: Sequence[str], header: Sequence[str], named: bool = False) -> bool:
    """Whether a row of a table of registrations is a response: not the header (`header`, its cells stripped) met
    again (two exports pasted one after the other), nor a blank row (a deleted response) unless something else
    names it (`named`: a frame's index label that is a player's name; a deck that came with no list)."""
    stripped = [cell.strip() for cell in cells]
    return (named or any(stripped)) and stripped != header


def _table_row(label: str, cells: Sequence[str], layout: Registrations, header: list[str]) -> Source:
    """A row of a table of registrations in a file as a deck source: a registration (`_registration`), or the deck
    object it is when the table is a frame of deck objects saved by `to_csv` (its header has a deck object's list
    column, "decklist", and the row's list is written as a list, "['1 Island', ...]", or is in another such column,
    "text"), read as `frame_sources` reads that frame. Before, such a row was a registration: its "commander" list
    (a deck's Attractions listed there too) was given as `--commander` names, at most 8, and the list's copy of the
    commander left the main deck."""
    cells = list(cells) + [""] * (len(header) - len(cells))  # (a row cut short: its last cells empty)
    listed = cells[layout.decklist].strip()
    if not set(header).isdisjoint(LIST_KEYS) and (list_written_as_text(listed) is not None or not listed and any(
            cell.strip() for key, cell in zip(header, cells) if key in LIST_KEYS)):
        record = {key: cell for key, cell in zip(header, cells) if key and cell.strip()}
        return ("record" if is_deck_record(record) else "empty", label, record)
    return _registration(label, cells, layout)


def _registration(label: str, cells: Sequence[str], layout: Registrations) -> Source:
    record = registration_record(cells, layout)
    return ("record" if record["text"].strip() else "empty", label, record)


def frame_sources(frame: Any, positions: list[int] | None = None) -> Iterator[Source]:
    """The deck sources of a pandas DataFrame's rows, each named by its index label: a row is a deck object
    when the frame has a deck object's columns ("commander", "decklist", "text", ...: `pd.read_json` of
    JSON Lines of decks), else a registration when a column names the decklist, as a sign-up form's header
    does (`pd.read_csv` of its responses). TypeError for any other frame. `positions`, when given, gets the
    row number of each source yielded (a blank row yields none)."""
    columns = [str(c) for c in frame.columns]
    if frame.empty:
        return
    rows = zip(frame.index, frame.itertuples(index=False, name=None))
    layout = columns_layout(columns, ([cell_text(v) for v in row]
                                      for row in frame.head(_ROWS_READ_FOR_LISTS).itertuples(index=False, name=None)))
    listed = None if layout is None else frame.iloc[:, layout.decklist].dropna()
    sideboard = "sideboard" in columns and any(
        cell_text(v).strip() for v in frame.iloc[:, columns.index("sideboard")])
    if _deck_object_columns(columns, layout, None if listed is None or listed.empty else listed.iloc[0], sideboard):
        # the fields naming a deck object that the frame is indexed by (`set_index("player")`) are its rows' too
        naming = [(level, name) for level, name in enumerate(frame.index.names)
                  if name in NAMING_KEYS and name not in columns]
        if naming:
            columns = [name for _, name in naming] + columns
            levels = [level for level, _ in naming]

            def named(label: Any, row: tuple[Any, ...]) -> tuple[Any, ...]:
                labels = label if frame.index.nlevels > 1 else (label,)
                return (*(labels[level] for level in levels), *row)

            rows = ((label, named(label, row)) for label, row in rows)
        yield from expand_labelled(((label, _row_record(columns, row)) for label, row in rows), positions)
        return
    if layout is None:
        raise TypeError(f"no column of this DataFrame holds decklists (its columns: {', '.join(columns)[:300]}); "
                        f"name the decklists' column \"decklist\" (a deck object's columns, \"commander\" "
                        f"and \"decklist\", are read too), or pass that column alone: check_many(df['...'])")
    # a frame indexed by the column that names the player (registrations.set_index("Player name"), or one level of
    # its index: set_index("player", append=True)): the index is that column unless a column left names the player
    # better (by name, not by e-mail), as the header's first
    header = [column.strip() for column in columns]
    ranked = [(rank, level) for level, name in enumerate(frame.index.names)
              if name is not None and (rank := player_rank(name)) is not None]
    if ranked and (layout.player is None or min(ranked)[0] <= player_rank(columns[layout.player])):
        level = min(ranked)[1]
        layout = layout.with_player_first()
        rows = ((index, (index[level] if frame.index.nlevels > 1 else index, *row)) for index, row in rows)
        header.insert(0, str(frame.index.names[level]).strip())
    # the decklist cells name files when each that is filled is written as a path (a frame of paths; a row's "TBD" or
    # link aside), else each that names a decklist file there is, unless lists were typed in: among lists a form's
    # players pasted, a "." or a path was a folder searched through (a "/" hung the notebook) or a file read into the
    # report
    filled = [text for text in map(cell_text, listed)
              if text.strip() and not is_web_address(text.strip()) and not answers_none(text)]
    if filled and all(map(_a_path, filled)):
        files: Callable[[str], bool] = lambda text: True
    elif not any("\n" in text.strip() for text in filled):  # no list typed in: a frame of paths, a row saying
        files = _a_decklist_file_there  # "I'll email it" (each decklist file there is its row's)
    else:
        files = lambda text: False
    seen: Counter[str] = Counter()
    taken = set(map(str, frame.index))
    for position, (index, row) in enumerate(rows):
        cells = [cell_text(v) for v in row]
        # a row of no text is a deleted response, as in the file, unless its index label is a name (a player's,
        # `pd.DataFrame({"decklist": [...]}, index=players)`)
        if _a_response(cells, header, named=isinstance(index, str) and bool(index.strip())):
            for source in _registration_sources(distinct_label(index, seen, taken), cells, layout, files):
                if positions is not None:
                    positions.append(position)
                yield source


def _registration_sources(label: str, cells: Sequence[str], layout: Registrations,
                          files: Callable[[str], bool]) -> Iterator[Source]:
    """The deck sources of a frame's registration: the registration (`_registration`), or, when its decklist cell
    names a file (`files`, which the frame's cells decide), that file's, as a Series' cell naming it gives them; a
    file of one decklist read with the registration's player, commanders and companion ("registered"). Before, the
    path was read as a decklist of one card so named."""
    source = _registration(label, cells, layout)
    listed = source[2]["text"] if source[0] == "record" else ""
    if not listed.strip() or is_web_address(listed.strip()) or not files(listed):
        yield source  # (a link its row sent for the list; text)
        return
    path = _cell_path(listed)
    sources = list(_labelled_sources(label, path))
    if len(sources) == 1 and sources[0][0] == "file":
        yield ("registered", path, (path, {key: value for key, value in source[2].items() if key != "text"}))
    else:  # a folder, a zip, a table of registrations: each of their decks, as in a Series
        yield from sources


def _row_record(columns: list[str], row: Sequence[Any]) -> dict[str, Any] | None:
    """A deck object's row of a frame as the deck object, without its empty cells; a row whose commander and decklist
    are both empty, the deck object of its player (or other names) with an empty decklist (no decklist, the row named
    as a deck object's is); None (an empty value) when it has nothing else either."""
    record = {c: v for c, v in zip(columns, row) if not _missing(v)}
    if is_deck_record(record):
        return record
    return {**record, "decklist": None} if not NAMING_KEYS.isdisjoint(record) else None


def sheet_sources(path: str, source: IO[bytes] | None = None, read: FilesRead | None = None) -> Iterator[Source]:
    """The deck sources of a workbook (.xlsx, .ods; the file at `path`, or `source` labelled `path`): a row
    each of each of its sheets that is a table of registrations (`sheet_texts`; the first's rows labelled by the
    workbook, `regs.xlsx:4`, those of another by the workbook and the sheet's name, `regs.xlsx/Late sign-ups:3`;
    a sheet that copies one before it named in `read.sheets_copied`, when given), else the workbook as one decklist
    (a card list kept in a spreadsheet)."""
    try:
        sheets = sheet_texts(path if source is None else source, path)
    except OSError as exc:
        yield ("error", path, why_unreadable(exc))
        return
    except DeckcheckError as exc:
        yield ("error", path, reason_of(exc, path))
        return
    if read is not None:
        read.sheets_copied.extend(f'{path}: its sheet "{name}" holds decklists of a sheet before it again: read once'
                                  for name in sheets.copies)
    if sheets.tables[0][2] is not None:
        for number, (name, text, layout) in enumerate(sheets.tables):
            yield from registration_rows(f"{path}/{name or number + 1}" if number else path, text, layout, read)
    elif source is None:
        yield ("file", path, path)
    else:
        yield ("bytes", path, source.getvalue())  # type: ignore[attr-defined]


#: How deep zip archives within a zip archive are read (a week's folder zipped inside the season's zip): past it, a
#: member zip is a row saying so (a zip that holds itself, over and over, is a known bomb).
MAX_ZIP_DEPTH = 3


def zip_sources(path: str, source: IO[bytes] | None = None, depth: int = 0,
                read: FilesRead | None = None) -> Iterator[Source]:
    """The decklists in a zip archive (a form's or a mailbox's registrations; the file at `path`, or `source`
    labelled `path`): each member a folder walk would take, in name order, as a "bytes" source labelled
    archive/member (JSON Lines members give a source a line; a zip member, at `depth` below the one given, its
    own decklists); a member too big for a decklist, or an archive that can't be read, is an "error" source. The
    members a folder walk would leave out as named as no decklist is (a PDF a player sent) go to `read.left_out`,
    when given, as archive/member, to be said."""
    import zipfile

    try:
        with zipfile.ZipFile(path if source is None else source) as archive:
            files = [i for i in archive.infolist() if not i.is_dir() and _member_parts(i.filename)]
            members = sorted((i for i in files if _takes_member(i.filename)), key=lambda i: i.filename)
            if read is not None:
                read.left_out += sorted(f"{path}/{i.filename}" for i in files if not _takes_member(i.filename)
                                   and not _passed_over_unsaid(_member_parts(i.filename)[-1]))
            if not members:  # its row says so: a file given is never left out of the report unseen
                yield ("error", path, "a zip archive with no decklist in it (no file named as one: "
                                      f"{', '.join(DECK_SUFFIXES + JSONL_SUFFIXES + SHEET_SUFFIXES)})")
            for info in members:
                label = f"{path}/{info.filename}"
                if info.flag_bits & 0x1:  # encrypted (APPNOTE 4.4.4, bit 0)
                    yield ("error", label, "password-protected in the archive: not read (zip it without a password)")
                    continue
                if is_jsonl(info.filename):
                    try:
                        with archive.open(info) as member:
                            handle = (gzip.GzipFile(fileobj=member) if info.filename.lower().endswith(".gz")
                                      else member)
                            yield from jsonl_sources(label, _bounded_lines(handle))
                    except member_errors() as exc:  # the lines read before it are checked
                        yield ("error", label, f"damaged in the archive, not read past here ({exc})")
                    continue
                if info.file_size > MAX_BYTES:
                    yield ("error", label, f"{info.file_size:,} bytes: too big for a decklist")
                    continue
                try:
                    with archive.open(info) as member:
                        data = member.read(MAX_BYTES + 1)
                except member_errors() as exc:  # one damaged member: the others are still read
                    yield ("error", label, f"damaged in the archive: not read ({exc})")
                    continue
                if len(data) > MAX_BYTES:  # the archive's sizes were wrong
                    yield ("error", label, "too big for a decklist")
                    continue
                yield from _member_sources(label, data, depth, read)
    except (FileNotFoundError, PermissionError) as exc:
        yield ("error", path, why_unreadable(exc))
    except zip_errors() as exc:
        yield ("error", path, f"not a zip archive that can be read ({exc})")


def _member_sources(label: str, data: bytes, depth: int = 0, read: FilesRead | None = None) -> Iterator[Source]:
    """A zip member's deck sources, as its file's would be: a workbook's (its rows of registrations, or its card
    list), a zip's decklists (a zip within the zip, to MAX_ZIP_DEPTH), a .json array's decks, a table of
    registrations a row each (a form's responses, downloaded as a zip of one CSV), else the member as one decklist.
    (A zip within the zip was left out unsaid, and a .json array of decks was an unreadable row.)"""
    zipped = is_zip(data)
    kind = archive_kind(io.BytesIO(data)) if zipped else None  # (None: a zip of other files)
    if kind in WORKBOOKS:
        yield from sheet_sources(label, io.BytesIO(data), read)
    elif zipped and kind is None:
        if depth >= MAX_ZIP_DEPTH:
            yield ("error", label, f"a zip archive within {MAX_ZIP_DEPTH} others: not read")
        else:
            yield from zip_sources(label, io.BytesIO(data), depth + 1, read)
    elif _suffix(label).endswith(".json") and (json_data := _json_bytes(io.BytesIO(data))).lstrip(
            b"\xef\xbb\xbf \t\r\n")[:1] == b"[":
        decks = _decks_array(json_data)
        yield from [("bytes", label, data)] if decks is None else _array_sources(label, 1, *decks)
    elif _may_be_a_table(label) and (layout := _registrations_in(data[:REGISTRATIONS_HEAD])) is not None:
        yield from _registration_bytes(label, data, layout, read)
    else:
        yield ("bytes", label, data)


def _may_be_a_table(name: str) -> bool:
    """Whether a file's name allows a table of registrations: .csv, .tsv, or .txt (Excel's "Unicode Text")."""
    return _suffix(name).endswith(TABLE_SUFFIXES)


def _member_parts(name: str) -> list[str]:
    """A zip member's path as its parts, none when a folder walk would pass over it unsaid: a hidden or __MACOSX part
    on its way (a path written "./alice.txt", or with Windows' backslashes, is the same path)."""
    parts = [p for p in name.replace("\\", "/").split("/") if p not in ("", ".", "..")]
    return [] if any(p.startswith(".") or p == "__MACOSX" for p in parts) else parts


def _takes_member(name: str) -> bool:
    """Whether a zip member is a decklist a folder walk would take (`_member_parts`), or a zip."""
    parts = _member_parts(name)
    return bool(parts) and (is_decklist_name(parts[-1]) or parts[-1].lower().endswith(".zip"))


def record_source(raw: bytes | str, label: str) -> Source:
    """The deck source of one JSON Lines line: a "record" source (a deck object or an MTGJSON deck), or an
    "error" source saying why the line is not one."""
    try:
        record = json.loads(raw)
    except RecursionError:
        return ("error", label, "not JSON (a value nested too deeply)")
    except json.JSONDecodeError as exc:  # told by its column: the record is one line (JSON's "line 2" is past it)
        where = ("the line ends before its value does" if exc.pos >= len(exc.doc.rstrip())
                 else f"column {exc.colno}")
        return ("error", label, f"not JSON ({exc.msg[:80]}: {where})")
    except ValueError as exc:  # bytes that are not UTF-8
        return ("error", label, f"not JSON ({str(exc).splitlines()[0][:80]})")
    return value_source(record, label)


def value_source(record: Any, label: str) -> Source:
    """The deck source of one JSON value read from a file of decks: a "record" source when it is a deck object or
    an MTGJSON deck, else an "error" source saying what it is."""
    if not isinstance(record, dict):
        return ("error", label, f"a JSON {json_type(record)}, not a deck object")
    if is_mtgjson_deck(record):
        return ("record", label, record)
    if not is_deck_record(record):
        return ("error", label, "deck object without \"text\", \"decklist\" or \"commander\"")
    return ("record", record_path(record, label), record)


def jsonl_sources(path: str, lines: Iterable[bytes] | None = None) -> Iterator[Source]:
    """One source per line of a JSON Lines file of decks (blank lines skipped; `lines` instead of the file's
    when given): a "jsonl" source holding the raw line, which `record_source` turns into a deck where it is
    checked (so with --jobs the JSON parsing is spread over the workers, not done in the parent). A line too
    long, or a file that can't be read, is an "error" source naming the file (and line).
    Deck objects written over several lines, as `jq .` and `json.dump(..., indent=2)` write them (one after
    another, or in an array), are read as such (`_ValueLines`): a source each, named by the line it starts on."""
    count = 0
    held: _ValueLines | None = None  # the lines of a value written over several lines, while it is read
    try:
        for number, raw in enumerate(_open_lines(path) if lines is None else lines, start=1):
            if held is not None and held.closing == b"}" and raw.startswith(b"{") and _json_object(raw):
                count += len(held.lines)
                yield from held.as_lines()  # a deck object on a line of its own after a "{": JSON Lines after all
                held = None
            elif held is not None and held.ended_broken(raw):  # the next pretty-printed deck after a broken one
                count += 1
                yield held.broken()
                held = None
            if held is not None:
                held.add(raw)
            elif not raw.strip():
                continue
            elif _opens_a_value(raw):  # a value's first line, its rest on the next lines; or an array of decks
                held = _ValueLines(path, number, raw)
            else:
                count += 1
                if count > MAX_JSONL_DECKS:
                    yield ("error", f"{path}:{number}", f"more than {MAX_JSONL_DECKS:,} decks in one file; the rest "
                                                        "skipped")
                    return
                yield _line_source(path, number, raw)
                continue
            if held.done:
                count += len(held.sources)
                yield from held.sources
                if held.cut:
                    return
                held = None
        if held is not None:
            yield held.broken()
    except (OSError, EOFError, zlib.error) as exc:
        yield ("error", path, why_unreadable(exc))


def _line_source(path: str, number: int, raw: bytes) -> Source:
    """The source of a JSON Lines line: the raw line, parsed where it is checked (in the worker with --jobs)."""
    if len(raw) > MAX_JSONL_LINE:
        return ("error", f"{path}:{number}", f"a line of more than {MAX_JSONL_LINE:,} bytes: too long for a deck "
                                             "object")
    return ("jsonl", f"{path}:{number}", raw)


def _json_start(raw: bytes) -> bytes:
    """A line (or a file's first bytes) without a byte order mark and the blanks around it."""
    return raw.removeprefix(codecs.BOM_UTF8).strip()


def _opens_a_value(raw: bytes) -> bool:
    """Whether a line starts a JSON value of more than one deck object or of more lines than one: a "{" or "[" alone,
    or an array of objects ("[{...}, {...}]"; not a decklist's "[Commander]")."""
    start = _json_start(raw)
    return start in (b"{", b"[") or start[:1] == b"[" and start[1:].lstrip()[:1] == b"{"

#: The most bytes of one JSON value written over several lines (a pretty-printed array of some 10,000 decks).
MAX_JSON_VALUE = 64 << 20


class _ValueLines:
    """The lines of one JSON value written over several lines (pretty-printed: its first line "{" or "[", its
    last "}" or "]" at the start of a line), gathered until they parse; then its deck sources (`sources`): the
    value's, or each item's of an array, named by the line it starts on. The lines are parsed when a line starts
    with the value's closing bracket, so an array's items each at the start of a line are parsed once."""

    def __init__(self, path: str, number: int, first: bytes) -> None:
        self.path, self.number = path, number
        self.lines: list[bytes] = []
        self.size = 0
        self.sources: list[Source] = []
        self.done = False
        self.cut = False  # too long to read: the rest of the file is not read either
        self.closing = b"]" if _json_start(first)[:1] == b"[" else b"}"
        self.add(first, ends=first.rstrip().endswith(b"]"))

    def add(self, raw: bytes, ends: bool = False) -> None:
        """Take the value's next line; `done` when the value ended on it (a line starting with its closing bracket,
        or `ends`)."""
        self.lines.append(raw)
        self.size += len(raw)
        if self.size > MAX_JSON_VALUE or len(raw) > MAX_JSONL_LINE:
            self.sources = [("error", f"{self.path}:{self.number}", f"a JSON value of more than "
                             f"{min(self.size, MAX_JSON_VALUE):,} bytes, too long to read, and the rest of the file "
                             "with it; write one deck object a line (JSON Lines: `jq -c`)")]
            self.done = self.cut = True
        elif ends or raw.startswith(self.closing):
            try:
                text = self.text()
                value = json.loads(text)
            except (ValueError, RecursionError):
                return  # not yet the value's end (or a broken value: said at the end of the file)
            if _is_array_of_decks(value):
                self.sources = list(_array_sources(self.path, self.number, value, text))
            else:
                self.sources = [value_source(value, f"{self.path}:{self.number}")]  # an array of none: "a JSON array"
            self.done = True

    def text(self) -> str:
        return b"".join(self.lines).decode("utf-8-sig")

    def as_lines(self) -> Iterator[Source]:
        """The lines held, each a JSON Lines line (each is an error there: a line of no whole value)."""
        for offset, raw in enumerate(self.lines):
            if raw.strip():
                yield _line_source(self.path, self.number + offset, raw)

    def ended_broken(self, raw: bytes) -> bool:
        """Whether an object's lines held end with a "}" alone and `raw` is a "{" alone: the object ended there and is
        no JSON (no JSON value holds "}" then "{" with nothing between), and `raw` starts the next one."""
        if self.closing != b"}" or _json_start(raw) != b"{":
            return False
        last = next((line for line in reversed(self.lines) if line.strip()), b"")
        return last.strip() == b"}"

    def broken(self) -> Source:
        """The source of a value that is no JSON, the file ended inside it or not: why, at its line."""
        try:
            json.loads(self.text())
        except json.JSONDecodeError as exc:
            where = "the file ends before the value does" if exc.pos >= len(exc.doc.rstrip()) else (
                f"line {self.number + exc.lineno - 1} column {exc.colno}")
            return ("error", f"{self.path}:{self.number}", f"not JSON ({exc.msg[:80]}: {where})")
        except (ValueError, RecursionError) as exc:  # bytes that are not UTF-8; a value nested too deeply
            return ("error", f"{self.path}:{self.number}", f"not JSON ({str(exc).splitlines()[0][:80]})")
        return ("error", f"{self.path}:{self.number}", "not JSON")  # not met: a whole value was taken when it ended


def _is_array_of_decks(value: Any) -> bool:
    """Whether a JSON value is an array read as decks: one with an object among its items (each item is then a
    deck, or a row saying what it is instead)."""
    return isinstance(value, list) and any(isinstance(item, dict) for item in value)


def _array_sources(path: str, number: int, value: list[Any], text: str) -> Iterator[Source]:
    """The deck sources of a JSON array's items, `value` parsed from `text`, which starts on line `number` of the
    file: each named by the line it starts on ("decks.json:4"; items on one line "decks.json:1", "decks.json:1 #2")."""
    decoder, position = json.JSONDecoder(), text.index("[") + 1
    line, counted = number, 0  # the line where the text up to `counted` ends
    seen: Counter[str] = Counter()
    for item in value:
        while text[position] in " \t\r\n,":  # to the item's start
            position += 1
        line, counted = line + text.count("\n", counted, position), position
        yield value_source(item, distinct_label(f"{path}:{line}", seen))
        position = decoder.raw_decode(text, position)[1]


def json_array_sources(path: str) -> Iterator[Source]:
    """A .json file holding an array of deck objects: a deck each (`_array_sources`); any other .json file, or one
    that can't be read, is the file as one decklist (its row says why it is none, as `deckcheck check` says)."""
    try:
        with open(path, "rb") as raw:
            data = _json_bytes(raw)
    except OSError:
        data = b""
    decks = _decks_array(data) if len(data) <= MAX_JSON_VALUE else None
    yield from [("file", path, path)] if decks is None else _array_sources(path, 1, *decks)


def _json_bytes(raw: IO[bytes]) -> bytes:
    """At most MAX_JSON_VALUE + 1 bytes of a .json file's stream, inflated when gzipped (a .json.gz: a file's, or a
    zip member's); b"" when they don't inflate."""
    try:
        return _ungzipped(raw).read(MAX_JSON_VALUE + 1)
    except (OSError, EOFError, zlib.error):
        return b""


def _decks_array(data: bytes) -> tuple[list[Any], str] | None:
    """The array of decks a .json file's bytes hold (`_is_array_of_decks`), with its text; None when they hold
    none, or no JSON."""
    try:
        text = data.decode("utf-8-sig")
        value = json.loads(text)
    except (ValueError, RecursionError):
        return None
    return (value, text) if _is_array_of_decks(value) else None


def stdin_sources(stream: Any, label: str = "<stdin>", read: FilesRead | None = None) -> Iterator[Source]:
    """Standard input (`-`) of a binary `stream`: JSON Lines of decks, read as they come, when its first line
    that is not blank is a JSON object, or a "{" or an array (`jsonl_sources`); else, read whole, a zip archive's
    decklists or a table of registrations (CSV, TSV or a workbook) a row each, as from a file; else one decklist in
    any dialect, as `deckcheck check -` reads it. Gzipped, each of them is read as it would be plain
    (`gzip -c decks.jsonl | deckcheck batch -`). A zip's members left out (a PDF a player sent) and how a table
    not wholly UTF-8 was read go to `read`, when given, to be said as the same file's given by name are."""
    if not hasattr(stream, "peek"):
        stream = io.BufferedReader(stream)
    if stream.peek(2)[:2] == GZIP_MAGIC:
        stream = gzip.GzipFile(fileobj=stream)
    try:
        yield from _stdin_sources(stream, label, read)
    except (OSError, EOFError, zlib.error) as exc:  # a gzip stream cut short or damaged
        yield ("error", label, why_unreadable(exc))


def _is_pipe(path: str) -> bool:
    """Whether `path` is a named pipe (a FIFO, or the shell's `<(zcat regs.csv.gz)`, /dev/fd/63)."""
    try:
        return stat.S_ISFIFO(os.stat(path).st_mode)
    except (OSError, ValueError):
        return False


def pipe_sources(path: str, read: FilesRead | None = None) -> Iterator[Source]:
    """A named pipe given by its name, read once as standard input is (`stdin_sources`): JSON Lines of decks as they
    come, a zip's decklists or a table of registrations a row each, or one decklist. Read as one decklist by the
    workers before, a table or zip in it was an unreadable deck, and `<(...)`'s pipe is the batch's alone."""
    try:
        stream = open(path, "rb")
    except OSError as exc:
        yield ("error", path, why_unreadable(exc))
        return
    with stream:
        yield from stdin_sources(stream, path, read)


def _stdin_sources(stream: Any, label: str, read: FilesRead | None) -> Iterator[Source]:
    lines = _bounded_lines(stream)
    # the blank lines before the first that is not, kept as one run of bytes, at most a table's worth (a list
    # object a line took 1.8 GB for 20 million of them, from a 19 KB gzip)
    blank, first = bytearray(), b""
    for raw in lines:
        if raw.strip():
            first = raw
            break
        blank += raw
        if len(blank) > MAX_REGISTRATIONS_BYTES:
            break
    if _json_object(first) or _opens_a_value(first):  # or pretty-printed, or an array
        yield from jsonl_sources(label, itertools.chain(io.BytesIO(blank), [first], lines))
        return
    data = bytes(blank + first) + (stream.read(MAX_REGISTRATIONS_BYTES + 1) or b"")
    if is_zip(data):
        yield from archive_sources(label, io.BytesIO(data), read)
    elif (layout := _registrations_in(data[:REGISTRATIONS_HEAD])) is not None:
        yield from _registration_bytes(label, data, layout, read)
    else:
        try:
            yield ("deck", label, read_stream(io.BytesIO(data), label))
        except DeckcheckError as exc:
            yield ("error", label, reason_of(exc, label))


def _json_object(raw: bytes) -> bool:
    try:
        return isinstance(json.loads(raw), dict)
    except (ValueError, RecursionError):
        return False


class FilesRead:
    """The files a batch has read, told by what they are, not by their names: a file given twice, given by its
    own name and in a folder given, or linked under two names, is read once, and the names it was met again under
    are kept (`repeats`) to be said; so are the decklists that are copies of one read before (`watched`) and the
    players registered in more than one table of registrations (`registered`)."""

    def __init__(self) -> None:
        self._first: dict[tuple[int, int], str] = {}
        self.repeats: list[tuple[str, str]] = []  # (the name met again, the name it was read under)
        self.left_out: list[str] = []  # the files of folders and zips given named as no decklist is
        self.links: list[str] = []  # the links to folders in folders given, not walked (`_walk`)
        self.decoded: list[str] = []  # how the tables of registrations not wholly UTF-8 were read, each naming its file
        self.not_files: list[str] = []  # the pipes, sockets and devices in folders given named as decklists, not read
        self.sheets_copied: list[str] = []  # a note on each workbook's sheet of registrations copying one before it
        # the decklists met, by name (folded), folder name and size, then by their bytes' digest (`_meet_decklist`)
        self._named: dict[tuple[str, str, int], dict[bytes | None, list[str]]] = {}
        self.copies: list[tuple[str, str]] = []  # (a decklist, the one it is a copy of, met before it)
        # a player (folded): their name as first written, and the rows registering them by table (`registered`)
        self._registered: dict[str, tuple[str, dict[str, list[str]]]] = {}

    def first_time(self, path: str) -> bool:
        """Whether the file at `path` is met for the first time (one that can't be looked at is: its row says why)."""
        key = _file_key(path)
        if key is None:
            return True
        if key in self._first:
            self.repeats.append((path, self._first[key]))
            return False
        self._first[key] = path
        return True

    def watched(self, sources: Iterable[Source]) -> Iterator[Source]:
        """`sources`, each looked at on its way to be checked: a decklist that is a copy of one met before (the same
        name and bytes, in a folder of the same name but for a zip's ending or a copy's mark: a zip beside the folder
        it was unzipped to, a folder copied, `_copied_place`) is kept to be said. Both are checked and counted: two
        players may send one list, and a player may bring one list to two events."""
        for source in sources:
            if source[0] in ("file", "bytes"):
                self._meet_decklist(source[1], source[2] if source[0] == "bytes" else None)
            yield source

    def _meet_decklist(self, label: str, data: bytes | None) -> None:
        """Keeps the decklist `label` (a file's path; a zip member's label with its `data`) by its name, folder name,
        size and bytes, and notes it as a copy of one met before (`_copied_place`). A file's bytes are read only when
        another of its name, folder name and size is met (not for two players' alice/deck.txt and bob/deck.txt); an
        empty decklist, and anything but a regular file (a pipe), are not compared."""
        try:
            size = len(data) if data is not None else (
                info.st_size if stat.S_ISREG((info := os.stat(label)).st_mode) else 0)
        except (OSError, ValueError):  # its row says why it can't be read (gone, a name with a NUL)
            return
        if not 0 < size <= MAX_BYTES:  # (a row says it is too big for a decklist)
            return
        parts = _parts(label)  # (a copy's folder just above it has the same name: `_copied_place`)
        same = self._named.setdefault((parts[-1].casefold(), _folder_name(parts[-2] if len(parts) > 1 else ""), size),
                                      {})
        digest = None if data is None else _digest_of(data)
        if not same:
            same[digest] = [label]  # (None: a file's, its bytes not read yet)
            return
        if None in same and (first_digest := _file_digest((first := same.pop(None))[0])) is not None:
            same.setdefault(first_digest, []).extend(first)
        if (digest := digest or _file_digest(label)) is None:
            return
        met = same.setdefault(digest, [])
        original = next((earlier for earlier in met[:_MOST_COMPARED] if _copied_place(label, earlier)), None)
        if original is not None:
            self.copies.append((label, original))
        met.append(label)

    def registered(self, table: str, rows: list[Source], players: list[str | None]) -> None:
        """Keeps the `players` a table's `rows` register (its sources and the player of each, `registration_rows`),
        each with the rows of each table registering them, to say those registered in more than one table (a form's
        table given beside the late sign-ups', or one table saved twice). (A player on several rows of one table is
        said on those rows too, `_sent_again`.)"""
        for player, (_, label, payload) in zip(players, rows):
            if player is not None:
                tables = self._registered.setdefault(player, (str(payload["player"]).strip(), {}))[1]
                tables.setdefault(table, []).append(label.rsplit(":", 1)[1])

    def notes(self, most: int = 3) -> list[str]:
        """A note for each file met again, one for them all when more than `most` were (a folder given twice); the
        same for the decklists that are copies of one met before and for the players registered in more than one
        table; one naming the files of the folders given that were left out, as no decklist is named so; and one
        naming the links to folders in them, not walked; one naming the pipes, sockets and devices in them named as
        decklists, not read; how each table of registrations not wholly UTF-8 was read; and each workbook's sheet of
        registrations that copies one before it."""
        return self._repeats_said(most) + self._copies_said(most) + self._players_said(most) + \
            self._left_out_said() + self._links_said() + self._not_files_said() + self.decoded + self.sheets_copied

    def _copies_said(self, most: int) -> list[str]:
        said = [f"{copy}: a copy of {first} (the same name and bytes; a zip beside the folder it was unzipped to?); "
                "both are checked and counted" for copy, first in self.copies]
        if len(said) <= most:
            return said
        return [f"{len(said)} decklists are copies of others read before (the same name and bytes; a zip beside "
                "the folder it was unzipped to? a folder copied?): "
                f"{first_named([f'{copy} (of {first})' for copy, first in self.copies], most)}; each is checked and "
                "counted"]

    def _players_said(self, most: int) -> list[str]:
        in_tables = [(name, tables) for name, tables in self._registered.values() if len(tables) > 1]
        said = [f"{name}: registered in {counted(len(tables), 'table')} ("
                + first_named([f"{table}:{', '.join(rows)}" for table, rows in tables.items()], most, "; ")
                + "); each registration is checked and counted: which one stands is the organizer's call"
                for name, tables in in_tables]
        if len(said) <= most:
            return said
        tables = list(dict.fromkeys(table for _, player_tables in in_tables for table in player_tables))
        names = [name for name, _ in in_tables]
        return [f"{counted(len(said), 'player')} registered in more than one table ({first_named(tables, most)}; "
                f"the same table twice?): {first_named(names, most)}; each registration is checked and counted: "
                "which one stands is the organizer's call"]

    def _not_files_said(self, most: int = 10) -> list[str]:
        return _naming("left out of the folders given, though named as decklists, not being files but pipes, sockets "
                       "or devices (one given by its own name is read)", sorted(set(self.not_files)), most)

    def _links_said(self, most: int = 10) -> list[str]:
        links = sorted(set(self.links))  # (a folder given twice)
        return _naming(f"{counted(len(links), 'link')} to a folder in the folders given not walked, as links may lead "
                       "anywhere (give the folder itself to check its decks)", links, most)

    def _left_out_said(self, most: int = 10) -> list[str]:
        first: dict[Any, str] = {}  # each file once, by the name first met (a folder given twice, or one and a folder
        for path in self.left_out:  # in it)
            first.setdefault(_file_key(path) or path, path)
        left = list(first.values())
        return _naming(f"{counted(len(left), 'file')} in the folders and archives given left out, as no decklist is "
                       "named so (`deckcheck batch --help` names those read; a list kept as a PDF or a picture: copy "
                       "it into a .txt file)", left, most)

    def _repeats_said(self, most: int) -> list[str]:
        said = [f"{again}: the same file as {first}; its decks are checked once, as {first}" if again != first
                else f"{again}: given more than once (by its name, or in a folder given); its decks are checked once"
                for again, first in self.repeats]
        if len(said) <= most:
            return said
        firsts = list(dict.fromkeys(first for _, first in self.repeats))
        return [f"{counted(len(firsts), 'file')} met more than once (by their names, in folders given, or linked): "
                f"{first_named(firsts, most)}; the decks of each are checked once"]


#: The most decklists of one name and bytes a decklist is compared with for a copy (`_copied_place`).
_MOST_COMPARED = 20


def _copied_place(path: str, other: str) -> bool:
    """Whether two decklists of one name are one list in two places: the folders just above the parts their paths
    end with alike have one name but for a zip's ending and a copy's mark ("regs.zip/alice.txt" and
    "regs/alice.txt", "decks copy/..." and "decks/...", "regs (1).zip/..."), or one is a zip of the folder the
    other's shared parts start with ("ev.zip/ev/alice.txt" and "ev/alice.txt"). Two players' `alice/deck.txt` and
    `bob/deck.txt`, or one player's `week1/alice.txt` and `week2/alice.txt`, are not."""
    a, b = _parts(path), _parts(other)
    shared = 0
    while shared < min(len(a), len(b)) and a[-1 - shared].casefold() == b[-1 - shared].casefold():
        shared += 1
    above = [parts[-1 - shared] if shared < len(parts) else "" for parts in (a, b)]
    if _folder_name(above[0]) == _folder_name(above[1]) != "":
        return True
    if shared < 2:  # (the name alone in common)
        return False
    top = a[-shared].casefold()
    return any(part.casefold().endswith(".zip") and _folder_name(part) == top for part in above)


def _parts(label: str) -> list[str]:
    return [part for part in label.replace("\\", "/").split("/") if part not in ("", ".")]


_COPY_MARK = re.compile(r"(?:\.zip|[\s_-]+copy(?:\s*\d+)?|\s*\(\d+\))+$", re.IGNORECASE)


def _folder_name(part: str) -> str:
    """A folder's name without a zip's ending or a copy's mark ("regs (1).zip", "decks - Copy"), folded."""
    return _COPY_MARK.sub("", part).casefold()


def _file_digest(path: str) -> bytes | None:
    """The digest of a file's bytes (`_digest_of`), read a chunk at a time; None for one that can't be read now."""
    import hashlib

    try:
        with open(path, "rb") as f:
            return hashlib.file_digest(f, _hasher).digest()
    except (OSError, ValueError):
        return None


def _digest_of(data: bytes) -> bytes:
    """The digest a decklist's bytes are compared by (`FilesRead._meet_decklist`)."""
    hasher = _hasher()
    hasher.update(data)
    return hasher.digest()


def _hasher() -> Any:
    import hashlib

    return hashlib.blake2b(digest_size=16)


def _naming(said: str, paths: list[str], most: int) -> list[str]:
    """A note of what is said of `paths`, then the first `most` of them; none when there are none."""
    return [f"{said}: {first_named(paths, most)}"] if paths else []


def _file_key(path: str) -> tuple[int, int] | None:
    """What a file is, whatever its name (a link's, a hard link's, a path written otherwise): its device and inode;
    None for one that can't be looked at, or on a file system that numbers no files (st_ino 0)."""
    try:
        info = os.stat(path)
    except OSError:
        return None
    return (info.st_dev, info.st_ino) if info.st_ino else None


def expand(inputs: Iterable[Any], read: FilesRead | None = None) -> Iterator[Source]:
    """Deck sources from paths (files; folders, recursively; JSON Lines files of decks), decklist texts
    (a str with a line break, or {"text": ...}), deck objects (dicts as in JSON Lines), a deck's entries as a list (a
    table's cell holding a JSON array) and parsed Decks. With `read`, a file it has met before is skipped."""
    texts = 0
    for item in inputs:
        if isinstance(item, str) and (path := path_on_a_line(item)) is not None:
            item = path  # a file's line ("decks/alice.txt\n", from `f.readlines()`): the file, not a deck of that name
        if isinstance(item, Deck):
            yield ("deck", item.path, item)
        elif isinstance(item, Mapping) or is_pandas(item, "Series"):  # (a frame's row is a deck object too)
            texts += 1
            record = deck_record(item)
            yield ("record", record_path(record, f"<deck {texts}>"), record)
        elif is_list_of_entries(item):  # a table's cell holding a list: pd.read_json of JSON Lines decks
            texts += 1
            if holds_lists(item):
                yield ("error", f"<deck {texts}>", LIST_OF_LISTS)
            elif (text := lines_as_text(list(item))) is not None:  # a file's lines, line breaks kept (readlines)
                yield ("text", f"<deck {texts}>", text)
            else:
                yield ("record", f"<deck {texts}>", {"decklist": list(item)})
        elif isinstance(item, str) and ("\n" in item or "\r" in item or not item.strip()) and not os.path.lexists(
                item):  # (decklist text, or none; but a file so named: `deckcheck batch` of "deck\nfake.txt", " ")
            if item.strip():
                texts += 1
                yield ("text", f"<text {texts}>", item)
            else:
                yield ("error", repr(item)[:80], NO_DECKLIST)
        elif isinstance(item, str) and is_web_address(item.strip()) and not os.path.lexists(item):
            yield ("error", item.strip()[:80], ADDRESS_FOR_A_DECKLIST)
        elif isinstance(item, (str, os.PathLike)):
            path = os.fspath(item)
            if os.path.isdir(path):
                unreadable: list[OSError] = []
                for found in _walk(path, unreadable, read):
                    if read is None or read.first_time(found):
                        yield from file_sources(found, read)
                for exc in unreadable:  # a folder whose decklists can't be listed: a row, not decks missed unseen
                    yield ("error", exc.filename or path, f"a folder that can't be read: {why_unreadable(exc)}")
            elif os.path.isfile(path):
                if read is None or read.first_time(path):
                    yield from file_sources(path, read)
            elif _is_pipe(path):
                if read is None or read.first_time(path):
                    yield from pipe_sources(path, read)
            else:
                yield ("file", path, path)  # its row says why it can't be read
        elif _missing(item):
            yield ("error", repr(item), NO_DECKLIST)
        else:
            hint = "; a frame's rows: give the frame itself" if isinstance(item, tuple) else ""  # iterrows, itertuples
            yield ("error", repr(item)[:80], f"not a path, decklist text or deck: {type(item).__name__}{hint}")


def path_on_a_line(text: str) -> str | None:
    """The path a str on one line names with spaces or a line break around it, as a line of a file of paths holds it
    ("decks/alice.txt\n"): stripped, when that is a file or folder there is and the str itself is not; else None."""
    path = text.strip()
    if path == text or not path or "\n" in path or "\r" in path or os.path.lexists(text):
        return None
    return path if os.path.lexists(path) else None


def file_sources(path: str, read: FilesRead | None = None) -> Iterator[Source]:
    """The deck sources of one file: a line each of JSON Lines of decks, a decklist each of a zip archive, a
    row each of a table of registrations (CSV, TSV, or a workbook's sheet), else the file itself as one
    decklist. A zip archive is told by its first bytes, whatever its name (a zip of decklists saved as
    regs.csv or without a name's ending; a workbook or a document by its members, `archive_sources`); a table
    of registrations by its header, in a .csv, .tsv or .txt file, gzipped or not (told by its first bytes); a
    .json file of an array, a deck each of its items. With `read`, a zip's members left out are noted there."""
    suffix = _suffix(path)
    if suffix.endswith(JSONL_SUFFIXES):
        yield from jsonl_sources(path)
        return
    if suffix.endswith(".json") and _json_start(_head(path, 64, inflate=True))[:1] == b"[":
        yield from json_array_sources(path)
        return
    table = suffix.endswith(TABLE_SUFFIXES)
    head = _head(path, REGISTRATIONS_HEAD, inflate=True) if table else _head(path, len(ZIP_MAGIC))
    if is_zip(head):
        yield from archive_sources(path, read=read)
    elif table and (layout := _registrations_in(head)) is not None:
        yield from registration_sources(path, layout, read)
    else:
        yield ("file", path, path)


def archive_sources(path: str, source: IO[bytes] | None = None, read: FilesRead | None = None) -> Iterator[Source]:
    """The deck sources of a zip archive (the file at `path`, or `source` labelled `path`): a workbook's
    (`sheet_sources`), a word processor's document as one decklist, else the decklists in it (`zip_sources`)."""
    kind = archive_kind(path if source is None else source)
    if kind in WORKBOOKS:
        yield from sheet_sources(path, source, read)
    elif kind == IWORK:
        yield ("error", path, IWORK_REFUSAL)
    elif kind in DOCUMENTS:
        if source is None:
            yield ("file", path, path)
        else:
            source.seek(0)
            yield ("bytes", path, source.read())
    else:
        yield from zip_sources(path, source, read=read)


#: How many of a frame's rows are read for the column whose cells hold lists (`columns_layout`).
_ROWS_READ_FOR_LISTS = 200


def deck_record(item: Mapping[str, Any] | Any) -> Mapping[str, Any]:
    """A deck object as a mapping: itself, or a frame's row (a pandas Series) without its empty cells; a sign-up
    form's row (`pd.read_csv` of its responses: a column naming the decklist, "Paste your deck here") as
    `registration_record` reads the table's row."""
    if isinstance(item, Mapping):
        return item
    columns = [str(c) for c in item.index]
    cells = [cell_text(v) for v in item.values]
    layout = columns_layout(columns, [cells])
    record = {k: v for k, v in item.items() if not _missing(v)}
    if layout is None:
        return record
    listed = item.iloc[layout.decklist]
    if _missing(listed):  # a deck object's list under another key ("text" beside an empty "decklist"), else a
        form = set(record).isdisjoint(LIST_KEYS)  # form's row that sent none, as `frame_sources` reads it
    else:
        form = not _deck_object_columns(columns, layout, listed, bool(cell_text(record.get("sideboard")).strip()))
    return registration_record(cells, layout) if form else record


#: A deck object's fields that hold its deck (its lists and its commanders' and companion's names), beside those that
#: name it (its player, its event, its date).
_DECK_FIELDS = frozenset({*DECK_KEYS, "companion", "companions", "sideboard", "boards"})


def deck_cells(labels: Iterable[Any]) -> set[int] | None:
    """The positions of the cells that hold a deck in a frame's row indexed by `labels` (its frame's columns): a
    sign-up form's decklist, link, commander and companion columns (`columns_layout`) and a deck object's fields that
    hold its deck; None when the labels name no deck's fields, neither a form's decklist column nor a deck object's
    keys (a column of decks indexed by their players, not one deck's row)."""
    columns = [str(label) for label in labels]
    layout = columns_layout(columns)
    if layout is None and not is_deck_record(dict.fromkeys(columns)):
        return None
    held = {i for i, column in enumerate(columns) if column in _DECK_FIELDS}
    if layout is not None:
        held.update(i for i in (layout.decklist, layout.link, layout.companion, *layout.commanders) if i is not None)
    return held


def is_deck_row(series: Any) -> bool:
    """Whether a pandas Series is one deck, a frame's row (`df.iloc[0]`) as `check_deck` reads it, rather than a
    Series of decks: its index names a deck's fields (`deck_cells`), once each, and no other cell holds a decklist
    (a list, or text of several lines, or a decklist file's name). A Series of decks indexed by names that a form's
    header could hold, "Gitrog deck" and "Atraxa list", or a deck object's ("main" beside "alt"), stays decks."""
    held = deck_cells(series.index)
    return held is not None and not series.index.has_duplicates and not any(
        _holds_a_decklist(value) for i, value in enumerate(series.tolist()) if i not in held)


def _holds_a_decklist(value: Any) -> bool:
    """Whether a cell holds a decklist, as no cell naming a deck's player or date does: a list of entries, a deck
    object, a Deck, text of several lines or a decklist file's name."""
    if isinstance(value, str):
        text = value.strip()
        return "\n" in text or "\r" in text or _a_file_name(text)
    return is_list_of_entries(value) or isinstance(value, (Mapping, Deck))


def _deck_object_columns(columns: list[str], layout: Registrations | None, listed: Any = None,
                         sideboard: bool = False) -> bool:
    """Whether a frame's columns are a deck object's: one of its list keys ("decklist") holding lists, or its
    "commander" beside no column a form names for the list (`layout`, `columns_layout`'s): a "commander" beside a
    form's "list" or "Decklist" is a registration's, as `deckcheck batch` reads the file, and so is one beside a
    "decklist" whose cells are texts (`listed`: its first cell that is not empty; `pd.read_csv` of a form's
    "player,commander,decklist"), unless a "sideboard" column holds lists a registration would leave out
    (`sideboard`: whether one has a cell that is not empty; a form's empty Sideboard column is no deck object's)."""
    if isinstance(listed, str) and list_written_as_text(listed) is None and not sideboard:
        return False
    return not set(columns).isdisjoint(LIST_KEYS) or layout is None and is_deck_record(dict.fromkeys(columns))


def cell_text(value: Any) -> str:
    """A table's cell as a sign-up form's text: "" for an empty one, a list's items a line each (a frame's list
    cells: its decklist's entries, its commanders' names; a card object, {"name", "count"}, as its entry's line),
    else the value as a str."""
    if _missing(value):
        return ""
    if is_list_of_entries(value):
        return "\n".join(cell_text(v) for v in value)
    if isinstance(value, Mapping) and (line := card_object_line(value)) is not None:  # {"name", "count"}
        return line
    return str(value)


def is_list_of_entries(item: Any) -> bool:
    """Whether an item is a deck's entries as a list ("1 Sol Ring", or {"name", "count"} items), as a table's cell
    holds a JSON array (`pd.read_json(..., lines=True)`'s "decklist" column): a list or a one-dimensional numpy
    array (not a tuple: a frame's `itertuples()` gives one of its fields, no card names)."""
    return isinstance(item, list) or type(item).__name__ == "ndarray" and getattr(item, "ndim", 0) == 1


def holds_lists(items: Iterable[Any]) -> bool:
    """Whether a list's items are lists themselves (a frame's rows as arrays, `df.values[0]`), no deck's entries."""
    return any(isinstance(entry, tuple) or is_list_of_entries(entry) for entry in items)


#: What a list of lists given as a deck is said to be.
LIST_OF_LISTS = ("a list of lists, not a deck's entries (a frame's rows as arrays, `df.values`: give the frame itself, "
                 "or its column of decklists)")


def _missing(item: Any) -> bool:
    """Whether an item is a table's empty cell: None, NaN, or pandas' NA or NaT (told by type, pandas not
    imported; NA can't even be compared)."""
    return (item is None or (isinstance(item, float) and item != item)
            or type(item).__name__ in ("NAType", "NaTType"))


def expand_labelled(pairs: Iterable[tuple[Any, Any]], positions: list[int] | None = None) -> Iterator[Source]:
    """Deck sources of (label, item) pairs, as a pandas Series' items give them: `expand`'s, with each
    decklist text, deck object or refused item named by its label (a player's name, a row number). A str is
    decklist text even on one line (a form's one-line answer, "Commander 1 Atraxa ... Deck 1 Sol Ring ..."),
    unless it names a file or folder there is, or a decklist file's name (`_a_file_name`): a path keeps its own
    name (a file that is not there is an unreadable deck of that name, in its label's row). A label met
    again is numbered (`distinct_label`, past every label of the pairs). An empty item is an unreadable deck of its
    label, unless the label is empty too (a blank row: none).
    `positions`, when given, gets the number of the pair each source yielded came from (a folder's path yields a
    source per decklist in it)."""
    pairs = list(pairs)
    taken = {str(index) for index, _ in pairs}
    seen: Counter[str] = Counter()
    for position, (index, item) in enumerate(pairs):
        if _missing(item) and _missing(index):
            continue  # a blank row of a frame indexed by its players (`set_index("player")`): no deck, as batch has
        label = distinct_label(index, seen, taken)
        if isinstance(item, str) and item.strip() and not _names_a_file(item):
            sources: Iterable[Source] = [("text", label, listed_text(item))]
        else:
            sources = _labelled_sources(label, _cell_path(item) if isinstance(item, str) else item)
        for source in sources:
            if positions is not None:
                positions.append(position)
            yield source


def _labelled_sources(label: str, item: Any) -> Iterator[Source]:
    """`expand`'s sources of an item of a Series (or a dict) labelled `label`: a decklist text, deck object or refused
    item named by the label, a file keeping its own path."""
    for kind, own, payload in expand([item]):
        yield (kind, label if kind in ("text", "record", "error") else own, payload)


def _cell_path(text: str) -> str:
    """The path a table's cell naming a file gives: the cell's text, without the spaces or line break around it unless
    a file is so named."""
    path = text.strip()
    return text if not path or os.path.lexists(text) else path


def _a_decklist_file_there(text: str) -> bool:
    """Whether a table's str cell names, on one line, a file there is named as a decklist is ("decks/alice.txt")."""
    path = text.strip()
    return "\n" not in path and _a_file_name(path) and os.path.isfile(_cell_path(text))


def _a_path(text: str) -> bool:
    """Whether a table's str cell is written as a path is: one naming a file or folder (`_names_a_file`), or a word on
    one line with a folder's separator in it ("decks/chen", a folder not there)."""
    path = text.strip()
    return "\n" not in path and (_names_a_file(text) or os.sep in path and not any(c.isspace() for c in path))


def _names_a_file(text: str) -> bool:
    """Whether a table's str cell names a file or folder rather than holding decklist text: one there is (a line of
    `f.readlines()` too, "decks/alice.txt\n"), or a decklist file's name (`_a_file_name`)."""
    return os.path.lexists(text) or path_on_a_line(text) is not None or _a_file_name(text)


def _a_file_name(text: str) -> bool:
    """Whether a one-line str is a decklist file's name or path ("decks/alice.txt", "form.csv", "week-1.zip"),
    no card's name: a Series' path to a file that is not there is an unreadable deck, not a deck of one unknown
    card."""
    name = text.strip()
    return "\n" not in name and "\r" not in name and (is_decklist_name(name) or name.lower().endswith(".zip"))


def no_decks_in(paths: Iterable[Any]) -> str:
    """What is said when the paths given hold no deck: no decklist file, or only files of no deck."""
    return (f"no decks in {', '.join(map(str, paths))}: no decklist file, or only files holding none (an empty JSON "
            "Lines file, a table of registrations with no row yet)")


def distinct_label(index: Any, seen: Counter[str], taken: Collection[str] = ()) -> str:
    """An index label as a deck's name, told from those `seen` before (and counted there): a label met again
    gets its number ("Chen", "Chen #2"), so that two registrations by one player stay two decks in the frames; a
    number that would make a label `taken` by another row (a player named "Chen #2") is passed over ("Chen #3")."""
    label = str(index)
    seen[label] += 1
    if seen[label] == 1:
        return label
    while f"{label} #{seen[label]}" in taken:
        seen[label] += 1
    return f"{label} #{seen[label]}"


# --- checking ------------------------------------------------------------------------------------------
@pickled_by_fields
@dataclass(frozen=True, slots=True)
class DeckResult:
    """One deck of a batch: its report (an `unreadable` error when it could not be read), the deck's name
    when the list gives one, its bracket estimate (a dict, when asked for) and, when asked for, its cards
    as (canonical name, quantity, section) for analysis."""

    report: DeckReport
    unreadable: bool = False
    cards: tuple[tuple[str, int, str], ...] | None = None

    @property
    def path(self) -> str:
        return self.report.path

    @property
    def name(self) -> str | None:
        return self.report.name

    @property
    def bracket(self) -> Mapping[str, Any] | None:
        return self.report.bracket

    @property
    def legal(self) -> bool:
        return self.report.legal

    def to_dict(self) -> dict[str, Any]:
        """The report-JSON deck object (the same as `deckcheck check`'s), with `bracket` when estimated."""
        return self.report.to_dict()


def unreadable_result(label: str, message: str, name: str | None = None) -> DeckResult:
    """The row of a deck that could not be read (`unreadable_report`)."""
    return DeckResult(report=unreadable_report(label, message, name), unreadable=True)


@dataclass
class BatchOptions:
    """What every deck of a batch is checked with, and `part`: what a report makes of each chunk's results, made
    where the chunk is checked (in a `--jobs` worker too) and handed on in their place, so that no result is
    kept or sent between processes (`deckcheck batch`'s text, CSV and JSON reports); None hands on the results."""

    on: date | None = None
    commanders: tuple[str, ...] | None = None
    brackets: bool = True
    suggestions: bool = True  # an unknown card's closest card names, in its message (Checker.suggests)
    keep_cards: bool = False
    part: Callable[[list[DeckResult]], Sized] | None = None


class DeckRunner:
    """Reads and checks deck sources with one Checker (one per worker process)."""

    def __init__(self, checker: Any, options: BatchOptions) -> None:
        self.checker = checker
        self.options = options

    def read(self, source: Source) -> Deck:
        """The parsed deck of a source (a JSON Lines line already made its deck object, by `record_source`);
        InputError when it can't be read or holds no card entry (as `deckcheck check` does)."""
        kind, label, payload = source
        if kind == "file":
            deck = parse_file(payload)
        elif kind == "text":
            deck = parse_text(payload, label)
        elif kind == "bytes":
            deck = parse_bytes(payload, label)
        elif kind == "record":
            deck = parse_json_deck(payload, label)
        elif kind == "registered":
            deck = parse_registered_file(*payload)
        elif kind == "deck":
            deck = payload
        elif kind == "empty":
            raise InputError(label, no_decklist(payload))
        else:
            raise InputError(label, str(payload))
        return with_entries(deck)

    def run_many(self, sources: Sequence[Source]) -> list[DeckResult]:
        """Check sources in order, resolving all their card names first (`Checker.prefetch`: one similarity
        pass for all their unknown names instead of one per deck); never raises for a bad deck (it becomes
        an unreadable row)."""
        read: list[Deck | DeckResult] = [self._read_or_row(source) for source in sources]
        options = self.options
        self.checker.prefetch([d for d in read if isinstance(d, Deck)], options.on)
        return [self._check(deck) if isinstance(deck, Deck) else deck for deck in read]

    def run_chunk(self, sources: Sequence[Source]) -> Sized:
        """`run_many`'s results, or the part `options.part` makes of them (what a chunk of a batch hands on)."""
        results = self.run_many(sources)
        return results if self.options.part is None else self.options.part(results)

    def _read_or_row(self, source: Source) -> Deck | DeckResult:
        if source[0] == "jsonl":
            source = record_source(source[2], source[1])
        kind, label, payload = source
        # a registration's player, when its list fails or it has none
        name = record_name(payload) if kind in ("record", "empty") else (
            record_name(payload[1]) if kind == "registered" else None)
        try:
            return self.read(source)
        except DeckcheckError as exc:
            return unreadable_result(label, reason_of(exc, label), name)
        except (OSError, ValueError, UnicodeError, RecursionError, MemoryError) as exc:
            return unreadable_result(label, f"can't be read: {reason_of(exc, label)}", name)

    def _check(self, deck: Deck) -> DeckResult:
        options = self.options
        try:
            ctx = self.checker.checked_context(deck, options.on, options.commanders, COMMANDERS_ARGUMENT)
        except InputError as exc:  # every line read as no card's (a deck site's link and words around it)
            return unreadable_result(deck.path, reason_of(exc, deck.path), deck.name)
        report = self.checker.report(ctx, bracket=options.brackets)
        cards = self.cards(ctx.deck) if options.keep_cards else None
        return DeckResult(report=report, cards=cards)

    def cards(self, deck: Deck) -> tuple[tuple[str, int, str, str | None], ...]:
        """(canonical name or the name as written when unknown, quantity, section, Oracle id or None) per entry."""
        lookup = self.checker.lookup
        out = []
        for e in deck.entries:
            card = lookup(e.name)
            out.append((e.name, e.quantity, e.section, None) if card is None
                       else (card.name, e.quantity, e.section, card.oracle_id))
        return tuple(out)


#: Cyclic-GC thresholds while a batch runs (see `collect_less`).
BATCH_GC_THRESHOLDS = (100_000, 50, 100)


@contextmanager
def collect_less() -> Iterator[None]:
    """Run the cyclic garbage collector less often while a batch is read, checked and reported, then
    restore its thresholds.

    A chunk of decks is thousands of small objects that live just long enough to survive the youngest
    generation and then die together (reference counting frees them; they hold no cycles). With Python's
    default thresholds they pushed the collector into 37 full collections, 3.2 s of the 17,900-deck Duel
    Commander batch; with (20000, 20, 20), one full and 238 younger collections (0.57 s); with these, no full
    collection and 100 younger ones (0.24 s), peak memory unchanged (173 MB). Reading the input's lines and
    writing the report, all results alive, made 100 more collections at the default thresholds."""
    old = gc.get_threshold()
    gc.set_threshold(*(max(a, b) for a, b in zip(old, BATCH_GC_THRESHOLDS)))
    try:
        yield
    finally:
        gc.set_threshold(*old)


# Worker processes: each opens the parent's store file once, in the pool initializer.
_RUNNER: DeckRunner | None = None
_REFUSED: DeckcheckError | None = None  # why this worker checks nothing (raised for each chunk it is given)
_CHECKING = False  # whether this worker runs a chunk now (`_stop_asked`)
_STOP_ASKED = False  # whether Ctrl-C, or the parent, has asked this worker to stop


def _init_worker(store_path: str, store_meta: Mapping[str, Any], policy: Any, options: BatchOptions) -> None:
    global _RUNNER, _REFUSED
    # Ctrl-C stops the chunk being checked (`_stop_asked`) unless the parent ignores it (a batch started so, `nohup`,
    # goes on); a closed terminal is the parent's to handle (no trace from each worker); SIGTERM (the pool's, when a
    # worker died) simply ends the worker. All were held back from its birth until now.
    ctrl_c = signal.SIG_IGN if signal.getsignal(signal.SIGINT) == signal.SIG_IGN else _stop_asked
    for signum in _HELD_SIGNALS:
        signal.signal(signum, {signal.SIGTERM: signal.SIG_DFL, signal.SIGINT: ctrl_c}.get(signum, signal.SIG_IGN))
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, _HELD_SIGNALS)
    from deckcheck.checker import Checker
    from deckcheck.store import CardStore

    try:
        store = CardStore.open_file(store_path)
    except DeckcheckError as exc:
        _REFUSED = exc
        return
    if store.meta != store_meta:  # `deckcheck update` replaced the file since the parent opened it
        _REFUSED = DeckcheckError(f"{store_path}: the card store was replaced (by `deckcheck update`?) while "
                                  "the batch started; run the batch again")
        return
    _RUNNER = DeckRunner(Checker(store, policy, suggests=options.suggestions), options)
    gc.set_threshold(*BATCH_GC_THRESHOLDS)  # a worker only checks decks (see collect_less)


def _run_chunk(chunk: list[Source]) -> tuple[Sized, list[str]]:
    global _CHECKING
    if _STOP_ASKED:
        raise _StopAsked()
    if _RUNNER is None:
        raise _REFUSED or DeckcheckError("a batch worker has no card store")
    _CHECKING = True
    try:
        return _RUNNER.run_chunk(chunk), _RUNNER.checker.report_notes(_RUNNER.options.on)
    finally:
        _CHECKING = False


def _stop_asked(signum: int, frame: Any) -> None:
    """A worker's Ctrl-C (the terminal's, to the whole batch; or its parent's, `_end_workers`): the chunk it
    checks stops at once, and every chunk after it, each with `_StopAsked`, which the parent drops when stopping
    too (else it is WorkerStopped: `_in_order`). When it comes between chunks (the worker waiting for one, or
    sending its result back), the worker ends the message it is sending first: a worker ended in the middle of one
    had left the pool's thread waiting for the message's end, and the batch's exit waiting for that thread,
    forever."""
    global _STOP_ASKED
    _STOP_ASKED = True
    if _CHECKING:
        raise _StopAsked()


class _StopAsked(BaseException):
    """Raised in a worker asked to stop: no deck's error (a BaseException, which no `except Exception` of the
    chunk's reading or checking takes for an unreadable deck), it ends the chunk and goes back to the parent."""


class WorkerStopped(DeckcheckError):
    """A worker process of a batch was asked to stop (Ctrl-C) before the batch ended."""


#: The most worker processes a batch starts for each CPU it may use. More would only add memory (each holds its
#: own caches), and the pool starts them all at once, with Ctrl-C and SIGTERM held meanwhile.
JOBS_PER_CPU = 2


def usable_cpus() -> int:
    """The number of CPUs this process may run on."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except AttributeError:  # no affinity on this platform
        return os.cpu_count() or 1


def worker_count(jobs: int) -> int:
    """The processes a number of jobs asks for (`--jobs`, check_many's `jobs`): itself, or one per usable CPU for
    0; ValueError below 0."""
    if jobs < 0:
        raise ValueError("must be 0 (one per CPU) or more")
    return jobs or usable_cpus()


def _jobs_argument(jobs: Any) -> int:
    """check_many's `jobs` as `worker_count` reads it; TypeError or ValueError naming the argument."""
    if isinstance(jobs, bool) or not isinstance(jobs, numbers.Integral):
        raise TypeError(f"jobs: a number of processes (int), not {type(jobs).__name__} {repr(jobs)[:60]}")
    try:
        return worker_count(int(jobs))
    except ValueError as exc:
        raise ValueError(f"jobs: {exc}, not {jobs}") from None


def _bounded_jobs(jobs: int) -> int:
    """`jobs`, lowered (with a DeckcheckWarning) to JOBS_PER_CPU processes per usable CPU."""
    cpus = usable_cpus()
    ceiling = JOBS_PER_CPU * cpus
    if jobs <= ceiling:
        return jobs
    warnings.warn(DeckcheckWarning(f"{jobs} jobs lowered to {ceiling}: at most {JOBS_PER_CPU} processes for each "
                                   f"of the {counted(cpus, 'CPU')} here"), stacklevel=3)
    return ceiling


class WorkerDied(DeckcheckError):
    """A worker process of a batch ended without returning its chunk (killed, or out of memory)."""


def _in_order(pool: Any, chunks: Iterable[list[Source]], ahead: int) -> Iterator[tuple[Sized, list[str]]]:
    """Each chunk's (results or part, notes) from the worker processes, in input order, with at most `ahead` chunks
    handed out and not yet returned (so a stream is read only as fast as it is checked). WorkerDied when a
    worker ends without its result, rather than waiting for it forever."""
    from concurrent.futures.process import BrokenProcessPool

    pending: deque[Any] = deque()
    chunks = iter(chunks)
    try:
        first = next(chunks, None)
        if first is None:
            return
        with _signals_held():  # the first chunk forks the workers
            pending.append(_submit(pool, first))
        while pending:
            for chunk in itertools.islice(chunks, ahead - len(pending)):
                pending.append(_submit(pool, chunk))
            yield _result(pool, pending.popleft())
    except _StopAsked:  # a worker's Ctrl-C (sent to it alone: the batch's own would have stopped it first)
        raise WorkerStopped("the batch stopped: a worker process was interrupted (Ctrl-C); run it again") from None
    except BrokenProcessPool:  # from result(), or from submit() once the pool knows
        raise WorkerDied("the batch stopped: a worker process ended before returning its decks (killed, or "
                         "out of memory?); run it again, with fewer --jobs if memory is short") from None


@contextmanager
def _manager_failure_said_once() -> Iterator[None]:
    """The pool's own thread that ends with an error (it could not start a thread of its own: out of memory) prints
    no traceback of it: `_result` says it in one line."""
    import threading

    previous = threading.excepthook

    def hook(args: Any) -> None:
        if type(args.thread).__name__ != "_ExecutorManagerThread":  # CPython's
            previous(args)

    threading.excepthook = hook
    try:
        yield
    finally:
        threading.excepthook = previous


def _result(pool: Any, future: Any) -> Any:
    """A chunk's result once it comes; WorkerDied when the thread that hands the pool's chunks to its workers has
    ended without it (it could not start a thread of its own: out of memory), which would leave it never coming."""
    while True:
        try:
            return future.result(timeout=1.0)
        except TimeoutError:
            manager = getattr(pool, "_executor_manager_thread", None)  # CPython's
            if manager is not None and not manager.is_alive() and not future.done():
                raise WorkerDied("the batch stopped: its worker processes can't be handed their decks (out of "
                                 "memory?); run it again, with fewer --jobs if memory is short") from None


def _submit(pool: Any, chunk: list[Source]) -> Any:
    """Hand a chunk to the pool, which starts its processes with the first: DeckcheckError when it can't
    (too many open files or processes for this user's limits, no memory for the thread that looks after them),
    instead of the system's bare OSError or RuntimeError."""
    from concurrent.futures import BrokenExecutor

    try:
        return pool.submit(_run_chunk, chunk)
    except BrokenExecutor:  # (a RuntimeError too): a worker died; `_in_order` says so
        raise
    except (OSError, RuntimeError) as exc:
        raise _cant_start(exc) from None


def _cant_start(exc: OSError | RuntimeError) -> DeckcheckError:
    limits = "ulimit -n for files, -u for processes" if isinstance(exc, OSError) else "ulimit -v for memory"
    return DeckcheckError(f"can't start the batch's worker processes: {getattr(exc, 'strerror', None) or exc}; run "
                          f"it with fewer --jobs, or raise the limit ({limits})")


def _end_workers(processes: list[Any], patience: float = 1.0) -> None:
    """End the worker processes of a pool that stopped early (Ctrl-C, an error) or no longer looks after them (it
    failed to start the others, too many open files: the first ones would wait for work forever, and so would the
    interpreter's exit, which waits for its children). Each is asked to stop (`_stop_asked`) and given `patience`
    seconds to send what it is sending and end; one still running is then ended by force."""
    alive = [process for process in processes if process.is_alive()]
    for process in alive:
        with suppress(OSError):  # (ended meanwhile)
            os.kill(process.pid, signal.SIGINT)
    deadline = time.monotonic() + patience
    for process in alive:
        process.join(max(0.0, deadline - time.monotonic()))
    for process in alive:
        if process.is_alive():
            process.terminate()
            process.join(5)


#: Held while workers are forked, and set by each (`_init_worker`): Ctrl-C and the signals that stop a command.
_HELD_SIGNALS = {signal.SIGINT, *STOPPING}


@contextmanager
def _signals_held() -> Iterator[None]:
    """Hold Ctrl-C, SIGTERM and SIGHUP back while worker processes are forked: a worker is born with them
    held and lets them in once it has set its own handling (`_init_worker`); the parent gets any that came
    meanwhile when this ends."""
    if not hasattr(signal, "pthread_sigmask"):  # Windows: no signal masks
        yield
        return
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, _HELD_SIGNALS)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


def _chunks(sources: Iterable[Source], size: int) -> Iterator[list[Source]]:
    """The sources in lists of `size` (the last one shorter), in order."""
    chunk: list[Source] = []
    for source in sources:
        chunk.append(source)
        if len(chunk) >= size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def progress_shown(enabled: bool | None) -> bool:
    """Whether a batch shows a progress bar: when asked for (True), else (None) when standard error is a terminal."""
    return sys.stderr.isatty() if enabled is None else enabled


def _progress(total: int | None, enabled: bool | None) -> Any:
    """A tqdm bar on standard error when `progress_shown`; else None."""
    if not progress_shown(enabled):
        return None
    try:
        from tqdm import tqdm
    except ImportError:  # pragma: no cover
        return None
    return tqdm(total=total, unit=" deck", file=sys.stderr, leave=False, mininterval=0.2)  # ("3250 deck")


def run_batch(sources: Iterable[Source], *, store: Any = None, data_dir: str | None = None,
              policy: Any = None, jobs: int = 1, options: BatchOptions | None = None,
              progress: bool | None = None, chunk_size: int | None = None,
              on_part: Callable[[Any], Any] | None = None) -> tuple[list[DeckResult], list[str]]:
    """Check every source, in order; return the results (none when `options.part` makes parts of them) and the
    report-level notes (the policy's caveat for the date, card data that disagrees with the policy: each once).
    `store` is opened from `data_dir` when not given. jobs > 1 spreads chunks of decks over that many processes,
    each opening the store's file once and checking that it is still the same store (an update may have replaced
    it). `sources` may be a stream (then the workers start on the first decks while the rest are still being read,
    and a progress bar counts without a total). `on_part` is called with each chunk's results, or the part
    `options.part` makes of them, as they arrive, in order (with jobs > 1, while the workers go on with the next
    chunks)."""
    options = options or BatchOptions()
    total = len(sources) if isinstance(sources, Sized) else None
    bar = None
    results: list[DeckResult] = []
    notes: dict[str, None] = {}
    jobs = _bounded_jobs(max(1, int(jobs or 1)))

    def take(part: Sized) -> None:
        """A chunk's results, or the part made of them: kept (results) and handed on, and counted on the bar."""
        if options.part is None:
            results.extend(part)
        if on_part is not None:
            on_part(part)
        if bar is not None:
            bar.update(len(part))

    from deckcheck.checker import checker_lent, in_report_order
    from deckcheck.policy import load_policy
    from deckcheck.store import CardStore

    if store is None:
        store = CardStore.open(data_dir)
    if policy is None:
        policy = load_policy()
    if jobs > 1 and total not in (0, 1) and getattr(store, "path", ":memory:") != ":memory:":
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor
        from multiprocessing.reduction import ForkingPickler

        ForkingPickler.register(MappingProxyType, _reduce_proxy)
        spread = PREFETCH_DECKS if total is None else total // (jobs * 8)  # small inputs: every worker busy
        size = chunk_size or max(1, min(PREFETCH_DECKS, spread or 1))
        if total is not None:
            jobs = min(jobs, -(-total // size))  # no process without a chunk to check
        context = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods()
                                              else None)
        try:
            pool = ProcessPoolExecutor(jobs, mp_context=context, initializer=_init_worker,
                                       initargs=(store.path, store.meta, policy, options))
        except OSError as exc:  # its pipes: too many open files
            raise _cant_start(exc) from None
        finished = False
        try:
            with collect_less(), _manager_failure_said_once():  # the results arriving are long-lived objects too
                parts = _in_order(pool, _chunks(sources, size), ahead=2 * jobs)
                for count, (part, part_notes) in enumerate(parts):
                    if count == 0:  # the workers are forked by now: none of them has the bar's thread
                        bar = _progress(total, progress)
                    take(part)
                    notes.update(dict.fromkeys(part_notes))
            finished = True
        finally:
            if bar is not None:
                bar.close()
            started = list((getattr(pool, "_processes", None) or {}).values())  # CPython's, gone after shutdown
            try:  # stopped early (Ctrl-C, an error): the chunks still queued are dropped, the workers not waited for
                pool.shutdown(wait=finished, cancel_futures=True)
            finally:  # even when a second Ctrl-C comes meanwhile: workers left waiting would hang the exit
                _end_workers(started)
        return results, in_report_order(notes)
    bar = _progress(total, progress)
    # the checker of earlier calls on the store (a notebook's loop over dates or groups): what it knows of each name
    with checker_lent(store, policy, suggests=options.suggestions) as checker, collect_less():
        runner = DeckRunner(checker, options)
        try:
            for chunk in _chunks(sources, chunk_size or PREFETCH_DECKS):
                take(runner.run_chunk(chunk))
        finally:
            if bar is not None:
                bar.close()
        return results, checker.report_notes(options.on)


# --- the batch report ----------------------------------------------------------------------------------
@dataclass
class BatchCounts:
    """What a batch's summary says of its decks, counted from their results and added up a chunk at a time: the
    verdicts, the violations per code and the decks having each, whether any deck has a name, and why each
    unreadable deck could not be read ((path, reason), in order)."""

    decks: int = 0
    legal: int = 0
    unreadable: int = 0
    codes: Counter[str] = field(default_factory=Counter)
    decks_by_code: Counter[str] = field(default_factory=Counter)
    named: bool = False
    unreadable_decks: list[tuple[str, str]] = field(default_factory=list)

    @classmethod
    def of(cls, results: Iterable[DeckResult]) -> BatchCounts:
        """The counts of these results."""
        counts = cls()
        for r in results:
            report = r.report
            counts.decks += 1
            counts.legal += report.legal
            counts.named = counts.named or bool(report.name)
            if r.unreadable:
                counts.unreadable += 1
                counts.unreadable_decks.append((report.path, report.violations[0].message))
            if report.violations:
                codes = report.codes()
                counts.codes.update(codes)
                counts.decks_by_code.update(set(codes))
        return counts

    def add(self, other: BatchCounts) -> None:
        """Add the counts of the decks after these."""
        self.decks += other.decks
        self.legal += other.legal
        self.unreadable += other.unreadable
        self.codes.update(other.codes)
        self.decks_by_code.update(other.decks_by_code)
        self.named = self.named or other.named
        self.unreadable_decks += other.unreadable_decks

    @property
    def illegal(self) -> int:
        """The decks read and not legal."""
        return self.decks - self.legal - self.unreadable

    def summary(self) -> dict[str, Any]:
        """{decks, legal, illegal, unreadable, codes: violations per code, decks_by_code}, codes in order."""
        return {"decks": self.decks, "legal": self.legal, "illegal": self.illegal,
                "unreadable": self.unreadable, "codes": dict(sorted(self.codes.items())),
                "decks_by_code": dict(sorted(self.decks_by_code.items()))}

    def tally(self) -> str:
        """The verdicts in one phrase: "12 decks: 5 legal, 6 not legal, 1 unreadable"."""
        return (f"{counted(self.decks, 'deck')}: {self.legal} legal, {self.illegal} not legal, "
                f"{self.unreadable} unreadable")


@dataclass(frozen=True)
class BatchReport:
    """The result of checking many decks: one DeckResult per deck, in input order, the card data used and
    the date checked against. `deckcheck batch`, which writes each deck's part of its report as the deck is
    checked, keeps no result: its report holds only the decks' `tallied` counts."""

    results: tuple[DeckResult, ...]
    card_data: Mapping[str, Any] = field(default_factory=dict)
    on: date | None = None
    deckcheck_version: str = ""
    notes: tuple[str, ...] = ()  # said once for the whole batch, as in `deckcheck check`
    tallied: BatchCounts | None = field(default=None, repr=False, compare=False)  # the counts, when no results
    # check_many of a pandas DataFrame or Series: its index labels of the rows the decks came from (a blank row
    # gives no deck), the index of to_frame, so that the verdicts join the registrations' own frame
    index: Any = field(default=None, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not self.deckcheck_version:
            from deckcheck import __version__

            object.__setattr__(self, "deckcheck_version", __version__)

    def __len__(self) -> int:
        return len(self.results)

    def __repr__(self) -> str:
        """The counts, not every deck: a notebook shows the value of a cell's last line, and the generated
        repr of 17,900 decks' reports runs to tens of megabytes."""
        on = f", as of {self.on.isoformat()}" if self.on is not None else ""
        return f"<BatchReport of {self.tally()}{on}>"

    def __iter__(self) -> Iterator[DeckResult]:
        return iter(self.results)

    @property
    def decks(self) -> tuple[DeckReport, ...]:
        """Every deck's DeckReport (unreadable decks included, with their `unreadable` error)."""
        return tuple(r.report for r in self.results)

    @cached_property
    def counts(self) -> BatchCounts:
        """The decks' counts (made once: the report and the command's last line both ask)."""
        return self.tallied if self.tallied is not None else BatchCounts.of(self.results)

    @property
    def legal(self) -> bool:
        """True when every deck was read and is legal."""
        return self.counts.legal == self.counts.decks

    def code_counts(self) -> Counter[str]:
        """Violations per code over all decks."""
        return Counter(self.counts.codes)

    def deck_code_counts(self) -> Counter[str]:
        """The number of decks that have each code at least once."""
        return Counter(self.counts.decks_by_code)

    def summary(self) -> dict[str, Any]:
        """{decks, legal, illegal, unreadable, codes: violations per code, decks_by_code}: a new dict each time."""
        return self.counts.summary()

    def tally(self) -> str:
        """The verdicts in one phrase: "12 decks: 5 legal, 6 not legal, 1 unreadable"."""
        return self.counts.tally()

    def check_report(self) -> CheckReport:
        """The same decks as a CheckReport (for the `check` renderers)."""
        return CheckReport(decks=self.decks, card_data=self.card_data, deckcheck_version=self.deckcheck_version,
                           notes=self.notes, on=self.on)

    def to_dict(self) -> dict[str, Any]:
        """The batch JSON: `deckcheck check`'s shape (the same deck objects in "decks", each with its
        "bracket") plus a "summary"."""
        return self.document([r.to_dict() for r in self.results])

    def document(self, decks: list[Any]) -> dict[str, Any]:
        """The batch JSON around the given "decks" list (`to_dict` with every deck's object; the JSON
        writer of `deckcheck batch` writes the decks as they are checked and the rest around them)."""
        around = CheckReport(decks=(), card_data=self.card_data, deckcheck_version=self.deckcheck_version,
                             notes=self.notes, on=self.on).to_dict()  # `check`'s document, and the date
        return {**around, "decks": decks, "summary": self.summary()}

    # pandas (imported only here, through deckcheck.frames)
    def to_frame(self) -> Any:
        """A pandas DataFrame with one row per deck; indexed as the DataFrame or Series checked was (a row per
        deck it holds: `registrations.join(report.to_frame())`), else 0, 1, 2 ..."""
        from deckcheck.frames import batch_frame

        return batch_frame(self)

    def violations_frame(self) -> Any:
        """A pandas DataFrame with one row per violation (deck, code, severity, card, line, rule, ...)."""
        from deckcheck.frames import violations_frame

        return violations_frame(self)

    def deck_cards_frame(self) -> Any:
        """A pandas DataFrame with one row per deck entry (deck, card, quantity, section); needs
        check_many(..., keep_cards=True)."""
        from deckcheck.frames import deck_cards_frame

        return deck_cards_frame(self)


def check_many(paths_or_texts: Iterable[Any] | str | os.PathLike[str], *, store: Any = None,
               data_dir: str | None = None, jobs: int = 1, on: date | str | None = None,
               commanders: str | Iterable[str] | None = None, brackets: bool = True, keep_cards: bool = False,
               progress: bool | None = False, policy: Any = None) -> BatchReport:
    """Check many decks: paths (files, folders, zip archives, JSON Lines of decks), decklist texts (a str with
    a line break), deck objects ({"commander": [...], "decklist": [...]} or {"text": ...}) or parsed Decks;
    or a pandas Series of these (where a str on one line is decklist text too, `expand_labelled`; but a frame's row,
    `df.iloc[0]`, is one deck, `is_deck_row`), or a
    DataFrame of deck objects or registrations (`frame_sources`), each named by its index label (a player's
    name, a row number); or a dict of them by name ({"alice": text, "dana": [its lines], ...}), each named by its key
    (a dict of one deck's sections by header, {"Commander": [...], "Deck": [...]}, is one deck).
    `on` checks against the policy in force on that date; `keep_cards` keeps each deck's cards for frames;
    `jobs` spreads the decks over that many processes (0: one per CPU, as `--jobs`)."""
    if is_pandas(paths_or_texts, "Series") and is_deck_row(paths_or_texts):
        paths_or_texts = paths_or_texts.to_frame().T  # one deck, its frame's row: read as that frame's row is
    if isinstance(paths_or_texts, Mapping):
        _refuse_frames_in(paths_or_texts, list(paths_or_texts.values()))
    labelled = _labelled_decks(paths_or_texts)
    if labelled is None and isinstance(paths_or_texts, (str, os.PathLike, Mapping, Deck)):
        paths_or_texts = [paths_or_texts]
    elif isinstance(paths_or_texts, (bytes, bytearray, memoryview)) or not isinstance(paths_or_texts, Iterable):
        raise TypeError(f"decks are paths, decklist texts, deck objects (dicts) or Decks, or an iterable of them, "
                        f"not {type(paths_or_texts).__name__}"
                        + (" (decode a decklist's bytes to text, or give its file's path)"
                           if isinstance(paths_or_texts, (bytes, bytearray, memoryview)) else ""))
    from deckcheck.checker import in_report_order
    from deckcheck.decklist.commanders import commander_names
    from deckcheck.policy import as_date, given_policy
    from deckcheck.store import CardStore

    if (hasattr(commanders, "tolist") and any(is_pandas(paths_or_texts, kind) for kind in ("DataFrame", "Series"))
            and len(commanders) == len(paths_or_texts) > 1):  # a frame's column: a commander a deck
        raise TypeError(f"commanders: the same commanders for every deck, not a {type(commanders).__name__} of one a "
                        "deck; each deck's own go in its row (check_many of a frame with a \"commander\" column beside "
                        "its \"decklist\" reads each row's)")
    on, commanders, jobs = as_date(on), commander_names(commanders), _jobs_argument(jobs)
    policy = given_policy(policy)
    store = CardStore.given(store, data_dir)  # opened here: the report names the card data every deck was checked with
    options = BatchOptions(on=on, commanders=commanders, brackets=brackets, keep_cards=keep_cards)
    index = None  # a pandas input's: the rows each deck came from, for to_frame
    frame = is_pandas(paths_or_texts, "DataFrame")
    read = FilesRead()  # a file given twice, or in a folder given too: its decks checked once, as `batch` does
    with collect_less():
        if frame or is_pandas(paths_or_texts, "Series"):
            positions: list[int] = []
            sources = list(frame_sources(paths_or_texts, positions) if frame
                           else expand_labelled(paths_or_texts.items(), positions))
            index = paths_or_texts.index.take(positions)
            if not sources:  # an empty group of a groupby, a filter that kept no row: said, as `batch` says it
                why = "it has no rows" if paths_or_texts.empty else "its rows are blank, or name folders of no decklist"
                warnings.warn(DeckcheckWarning(f"no decks in this {'DataFrame' if frame else 'Series'}: {why}"),
                              stacklevel=2)
        elif labelled is not None:
            sources = list(expand_labelled(labelled.items()))
            if not labelled:  # as an empty Series is
                warnings.warn(DeckcheckWarning("no decks in this dict: it is empty"), stacklevel=2)
        else:
            _refuse_a_groupby(paths_or_texts)
            given = list(paths_or_texts)
            _refuse_frames_in(paths_or_texts, given)
            sources = list(read.watched(expand(given, read)))
            if given and not sources:  # as `deckcheck batch` says, which exits 2
                warnings.warn(DeckcheckWarning(no_decks_in(given)), stacklevel=2)
        results, notes = run_batch(sources, store=store, data_dir=data_dir, policy=policy, jobs=jobs,
                                   options=options, progress=progress)
    notes = in_report_order([*notes, *read.notes()])  # as `deckcheck batch` says them
    return BatchReport(results=tuple(results), card_data=dict(store.meta), on=on, notes=tuple(notes), index=index)


def _refuse_a_groupby(given: Any) -> None:
    """TypeError for decks given as a pandas groupby (before its groups are made), whose groups were rows of
    unreadable decks."""
    if type(given).__name__ in ("DataFrameGroupBy", "SeriesGroupBy"):
        raise TypeError("decks are not a groupby: check each group, `{key: check_many(group) for key, group in "
                        "df.groupby(...)}`, or the whole frame, and group its verdicts (`report.to_frame()`)")


def _refuse_frames_in(given: Any, items: list[Any]) -> None:
    """TypeError for decks given as a list (or another iterable), or a dict, holding frames, which were rows of
    unreadable decks ("2 decks: 2 unreadable" for two frames of six), or one for a dict of them: each frame is checked
    by itself, or all as one (a dict's keys the first level of its index)."""
    if any(is_pandas(item, "DataFrame") for item in items):
        raise TypeError(f"a {type(given).__name__} holding DataFrames: give one frame of them all "
                        "(`check_many(pd.concat(frames))`), or check each frame by itself")


def _labelled_decks(value: Any) -> Mapping[Any, Any] | None:
    """A dict of decks by their names ({"alice": decklist text, ...}, as a Series of them is; `dict(series)`,
    `frame.set_index("player")["decklist"].to_dict()`), not itself a deck object, an MTGJSON deck file ({"meta": ...,
    "data": ...}) nor one deck's sections by their headers ({"Commander": [...], "Deck": [...]}, `section_blocks`):
    its values paths, decklist texts, lists (or tuples) of a deck's lines, deck objects, MTGJSON deck files' JSON, Decks
    or empty cells (None, NaN: an unreadable deck of its name), and any other value beside one of those (an unreadable
    deck of its name, as in a Series); else None. An empty dict is a dict of no decks. A tuple of lines is given as
    a list, which a Series' cell holds (a tuple in a Series is a frame's row, `itertuples`)."""
    if (not isinstance(value, Mapping) or is_deck_record(value) or is_mtgjson_deck(value)
            or section_blocks(value) is not None):
        return None
    kinds = [_a_deck(v) for v in value.values()]
    if all(kind is not False for kind in kinds) or True in kinds:
        return {key: list(v) if isinstance(v, tuple) and _deck_lines(v) else v for key, v in value.items()}
    return None


def _a_deck(value: Any) -> bool | None:
    """Whether a dict's value is a deck `_labelled_decks` reads (a path, decklist text, a list of a deck's lines, deck
    object, a frame's row, MTGJSON deck file's JSON or Deck); None for an empty cell (None, NaN)."""
    if is_pandas(value, "Series"):  # `{i: row for i, row in df.iterrows()}`: before, one unreadable deck of them all
        return is_deck_row(value)
    if _missing(value):
        return None
    return isinstance(value, (str, os.PathLike, Deck)) or _deck_lines(value) or isinstance(value, Mapping) and (
        is_deck_record(value) or is_mtgjson_deck(value))


def _deck_lines(value: Any) -> bool:
    """Whether a value is a deck's lines as a list or tuple: of strs ("1 Sol Ring") or card objects ({"name",
    "count"}), as a deck object's "decklist" holds them."""
    return isinstance(value, (list, tuple)) and all(
        isinstance(item, str) or isinstance(item, Mapping) and card_object_line(item) is not None for item in value)


def is_pandas(value: Any, kind: str) -> bool:
    """Whether `value` is a pandas DataFrame or Series (`kind`): pandas is not imported to ask, as one
    can only exist once it is."""
    pandas = sys.modules.get("pandas")
    return pandas is not None and isinstance(value, getattr(pandas, kind))


def exit_code(report: BatchReport) -> int:
    """As for `deckcheck check`: 2 when a deck could not be read (every other deck is still checked and
    reported), else 1 when any deck has an error, else 0."""
    if report.counts.unreadable:
        return 2
    return 0 if report.legal else 1

