"""The local card store: one SQLite file of cards, indexed by every folded name they answer to.

Built once by `deckcheck update` (a new file beside the old one, then an atomic rename), opened in
milliseconds by every other command: nothing parses the whole card file at start-up.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import sqlite3
import time
import warnings
import zlib
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any

from deckcheck import DATA_DIR
from deckcheck.errors import DeckcheckError, DeckcheckWarning, NoCardData
from deckcheck.model.card import Card, NonDeckObject
from deckcheck.model.names import MAX_NAME_CHARS, has_punctuation, loose_key, loosen, name_key
from deckcheck.model.vocab import GAME_AID, MELD, MELD_RESULT, NOT_LEGAL

STORE_FILE = "cards.sqlite"
#: How the temporary file of a download into the data folder begins (see download_path).
_DOWNLOAD_PREFIX = ".download."
SCHEMA_VERSION = "1"
#: The bundled snapshot, used whenever no store has been built.
BUNDLED = Path(DATA_DIR) / STORE_FILE
#: What the bundled snapshot lacks (data/build_snapshot.py builds it from the files of ../shared/data): said by
#: `deckcheck info`, and in a report whose decks name cards it does not have.
SNAPSHOT_LACKS = ("the bundled snapshot (card data of 2026-01-03) lacks the cards of Commander Legends (2020) and "
                  "of the sets released after April 2022 that no preconstructed deck holds, and every card printed "
                  "since; `deckcheck update` downloads Scryfall's current cards")
#: The release day of the newest cards the bundled snapshot holds (Avatar: The Last Airbender's, from the 2025-12
#: Scryfall objects; test_store checks it against the snapshot): a store whose data is older lacks cards it knows.
SNAPSHOT_NEWEST_CARDS = "2025-11-21"
#: The most names `CardStore.lookup` keeps the answer for: every name of every card several times over (about 30,000
#: cards), while decklists of names no card has, each new, can't grow a store's memory without end.
LOOKUPS_KEPT = 200_000

# Name kinds, best first: a full name beats a face name beats another printed name.
FULL_NAME, FACE_NAME, ALIAS = 0, 1, 2

_SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value NOT NULL);
CREATE TABLE cards (id INTEGER PRIMARY KEY, oracle_id TEXT NOT NULL UNIQUE, name TEXT NOT NULL,
                    data BLOB NOT NULL);
CREATE TABLE names (key TEXT NOT NULL, kind INTEGER NOT NULL, card INTEGER NOT NULL,
                    PRIMARY KEY (key, kind, card)) WITHOUT ROWID;
CREATE TABLE others (key TEXT PRIMARY KEY, name TEXT NOT NULL, kind TEXT NOT NULL, parts TEXT NOT NULL)
                    WITHOUT ROWID;
"""


def _named_data_dir(arg: str | os.PathLike[str] | None = None) -> Path | None:
    """The folder the user named for the store: --data-dir, else $DECKCHECK_DATA; None when neither is."""
    named = arg or os.environ.get("DECKCHECK_DATA")
    return Path(named).expanduser() if named else None


#: Why no store can be kept in the user's cache folder (`_cache_dir`).
NO_HOME = "no home folder to keep the card store in (HOME unset or not absolute): set $DECKCHECK_DATA or give --data-dir"


def _cache_dir() -> Path | None:
    """The user's cache folder for the store, None when there is none: a user with no home folder (a container run
    as a bare user id, no passwd entry, with HOME unset or relative), for which platformdirs raises or, in older
    versions, gives a relative path."""
    import platformdirs  # lazily: only needed when no directory is given

    try:
        folder = Path(platformdirs.user_cache_dir("deckcheck"))
    except (RuntimeError, KeyError):
        return None
    return folder if folder.is_absolute() else None


def _data_folder(arg: str | os.PathLike[str] | None = None) -> Path | None:
    """Where the store lives: --data-dir, else $DECKCHECK_DATA, else the user's cache directory; None when the user
    has none (NO_HOME)."""
    return _named_data_dir(arg) or _cache_dir()


def resolve_data_dir(arg: str | os.PathLike[str] | None = None) -> Path:
    """Where the store lives (`_data_folder`); a DeckcheckError when the user has no cache directory (NO_HOME)."""
    folder = _data_folder(arg)
    if folder is None:
        raise DeckcheckError(NO_HOME)
    return folder


def _card_json(card: Card) -> bytes:
    return json.dumps(card.to_dict(), separators=(",", ":"), ensure_ascii=False).encode()


def _train_dictionary(samples: list[bytes], size: int = 32 * 1024) -> bytes:
    """A zlib preset dictionary made of evenly spread sample cards: each small card blob then compresses
    against the shared vocabulary (field names, common rules text) instead of starting from nothing."""
    if not samples:
        return b""
    step = max(1, len(samples) // 400)
    picked = bytearray()
    for blob in samples[::step]:
        picked += blob
        if len(picked) >= size:
            break
    return bytes(picked[-size:])


#: zlib's level for the card blobs: level 9 took 38 % longer than 6 for blobs 1 % smaller (the 2019 file's
#: 19,767 cards: 0.58 s and 2.38 MB against 0.42 s and 2.41 MB).
_LEVEL = 6


def _compressor(zdict: bytes) -> Any:
    """A compressor primed with the dictionary, to be copied for each card: priming hashes the whole 32 KB
    dictionary, which cost more than compressing the card itself (half the build time)."""
    return zlib.compressobj(_LEVEL, zdict=zdict) if zdict else zlib.compressobj(_LEVEL)


def _compress(data: bytes, primed: Any) -> bytes:
    c = primed.copy()  # the same bytes as a fresh compressobj(_LEVEL, zdict=...) gives
    return c.compress(data) + c.flush()


def _decompress(blob: bytes, zdict: bytes, zdict_id: int | None = None) -> bytes:
    """A card blob inflated. For a zlib stream with a preset dictionary, zlib checksums the 32 KB dictionary
    again for every blob (three quarters of the time); given the dictionary's checksum (`zdict_id`, its
    adler32), the deflate data is inflated raw instead and the stream's own trailer checks the result."""
    if zdict_id is not None and len(blob) > 10 and blob[1] & 0x20 and int.from_bytes(blob[2:6], "big") == zdict_id:
        d = zlib.decompressobj(wbits=-15, zdict=zdict)
        data = d.decompress(blob[6:-4]) + d.flush()
        if d.eof and zlib.adler32(data) == int.from_bytes(blob[-4:], "big"):
            return data
        raise zlib.error("card data corrupted (checksum mismatch)")
    d = zlib.decompressobj(zdict=zdict) if zdict else zlib.decompressobj()
    return d.decompress(blob) + d.flush()


def download_path(data_dir: str | os.PathLike[str]) -> Path:
    """The temporary file in the data folder that `deckcheck update` downloads a bulk file to, named by this
    process: killed mid-download, it is removed by a later update (see _remove_stale_temporaries)."""
    return Path(data_dir) / f"{_DOWNLOAD_PREFIX}{os.getpid()}.tmp"


def _remove_stale_temporaries(directory: Path, filename: str) -> None:
    """Delete the temporary files of builds (``.<filename>.<pid>.<n>.tmp``) and downloads
    (``.download.<pid>.tmp``) whose process is gone (killed midway, e.g. by SIGKILL); the files of a build
    or download still running (its pid alive) are left alone."""
    for prefix in (f".{filename}.", _DOWNLOAD_PREFIX):
        for stale in directory.glob(f"{prefix}*.tmp"):
            pid = stale.name[len(prefix):].split(".")[0]
            if pid.isdigit() and _process_gone(int(pid)):
                with contextlib.suppress(OSError):
                    stale.unlink()


def _process_gone(pid: int) -> bool:
    """Whether no process has this id: this one is alive, and so is one of another user (its files are not
    ours to remove)."""
    if pid == os.getpid():
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except (OSError, OverflowError):
        pass  # alive, another user's; or no process id at all (not a name deckcheck gives)
    return False


def build_store(cards: Iterable[Card], meta: Mapping[str, Any], data_dir: str | os.PathLike[str],
                *, filename: str = STORE_FILE, others: Iterable[NonDeckObject] = ()) -> Path:
    """Write a new store into ``data_dir`` and swap it in atomically; return its path.

    ``others`` are the objects of the card data that are never deck cards but that decklists name (meld
    results, tokens, emblems): the store keeps their names, those no card answers to, for
    `CardStore.lookup_other`.

    The new file is written beside the old one and renamed over it only when complete, so a failed or
    interrupted build leaves the previous store untouched. DeckcheckError when it can't be written (a full
    disk, a folder without write access).
    """
    directory = Path(data_dir)
    target = directory / filename
    try:
        if target.is_symlink():  # a store kept elsewhere and linked in: replaced where it is, the link kept
            target = target.resolve()  # (RuntimeError: a loop of links, Python 3.11's)
            directory = target.parent
        directory.mkdir(parents=True, exist_ok=True)
        return _write_store(cards, others, meta, directory, target)
    except (OSError, sqlite3.Error, UnicodeEncodeError, RuntimeError) as exc:  # a full disk, a folder that can't be
        # written (UnicodeEncodeError: a card of no valid Unicode text, which the import leaves out, from code of one's
        # own)
        reason = (exc.strerror if isinstance(exc, OSError) else None) or str(exc)
        kept = "; the old store is kept" if target.is_file() else ""
        raise DeckcheckError(f"{target}: can't write the card store: {reason}{kept}") from None


def _write_store(cards: Iterable[Card], others: Iterable[NonDeckObject], meta: Mapping[str, Any],
                 directory: Path, target: Path) -> Path:
    _remove_stale_temporaries(directory, target.name)
    tmp = directory / f".{target.name}.{os.getpid()}.{time.monotonic_ns()}.tmp"
    try:
        con = sqlite3.connect(tmp)
        try:
            # (temp_store: VACUUM's copy in memory, not in a temporary folder that may be a small, full /tmp)
            con.executescript("PRAGMA journal_mode=OFF; PRAGMA synchronous=OFF; PRAGMA temp_store=MEMORY;" + _SCHEMA)
            cards = list(cards)
            encoded = [_card_json(card) for card in cards]
            zdict = _train_dictionary(encoded)
            primed = _compressor(zdict)
            count = 0
            names: list[tuple[str, int, int]] = []
            for card_id, (card, data) in enumerate(zip(cards, encoded), start=1):
                con.execute("INSERT INTO cards VALUES (?, ?, ?, ?)",
                            (card_id, card.oracle_id, card.name, _compress(data, primed)))
                keys = {name_key(card.name): FULL_NAME}
                for face in card.part_names:
                    keys.setdefault(name_key(face), FACE_NAME)
                for alias in card.aliases:
                    keys.setdefault(name_key(alias), ALIAS)
                    if " // " in alias:  # a flavor name of both faces, "African Swallow // European Swallow": each
                        for part in alias.split(" // "):
                            keys.setdefault(name_key(part), ALIAS)
                for key in [key for key in keys if '"' in key]:
                    for spelling in _quote_spellings(key):
                        keys.setdefault(spelling, ALIAS)
                names.extend((key, kind, card_id) for key, kind in keys.items())
                count += 1
            con.executemany("INSERT OR IGNORE INTO names VALUES (?, ?, ?)", names)
            con.executemany("INSERT OR IGNORE INTO others VALUES (?, ?, ?, ?)",
                            _other_rows(others, {key for key, _kind, _card in names}))
            full_meta = {**{k: v for k, v in meta.items()}, "card_count": count,
                         "schema_version": SCHEMA_VERSION,
                         "built_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())}
            con.executemany("INSERT INTO meta VALUES (?, ?)",
                            [(k, json.dumps(v)) for k, v in full_meta.items()])
            con.execute("INSERT INTO meta VALUES ('zdict', ?)", (zdict,))
            con.commit()
            con.execute("VACUUM")
        finally:
            con.close()
        with open(tmp, "rb") as fh:
            os.fsync(fh.fileno())
        for leftover in ("-journal", "-wal", "-shm"):  # the old file's, left by another program that wrote it and
            # crashed (a user's SQLite browser): SQLite would lay them over the new file
            with contextlib.suppress(FileNotFoundError):
                target.with_name(target.name + leftover).unlink()
        os.replace(tmp, target)  # atomic on POSIX: readers see the old store or the new one
        with contextlib.suppress(OSError):
            dir_fd = os.open(directory, os.O_RDONLY)
            try:
                os.fsync(dir_fd)
            finally:
                os.close(dir_fd)
    finally:
        with contextlib.suppress(FileNotFoundError):
            tmp.unlink()
    return target


def _quote_spellings(key: str) -> tuple[str, str]:
    """The other ways lists write a name key holding double quotes (Henzie "Toolbox" Torre, "Ach! Hans,
    Run!"): without them, and with single quotes."""
    return name_key(key.replace('"', "")), key.replace('"', "'")


def _other_rows(others: Iterable[NonDeckObject], card_keys: set[str]) -> list[tuple[str, str, str, str]]:
    """The rows of the `others` table: each name key of each object that no card answers to. Where objects
    share a key, a full name beats a face name ("Treasure" the token, not "Dinosaur // Treasure"), and a
    meld result comes first (its message names the cards to play instead)."""
    rows = []
    for found in others:
        parts = json.dumps(list(found.parts), ensure_ascii=False)
        for is_face, name in ((False, found.name), *((True, face) for face in found.face_names)):
            key = name_key(name)
            if key and key not in card_keys:
                rows.append((is_face, found.kind != MELD_RESULT, found.name, key, found.kind, parts))
    return [(key, name, kind, parts) for _face, _meld, name, key, kind, parts in sorted(rows)]


#: What reading a damaged card blob (or meta row) raises: SQLite's page errors, a blob that doesn't inflate,
#: JSON that doesn't decode or a card object that doesn't fit the model. A query alone raises only SQLite's.
_DAMAGE = (sqlite3.DatabaseError, zlib.error, ValueError, KeyError, TypeError)


#: The meta values a store is written with, each with the JSON types it may have (a list is one of text): a value
#: of another type (a "sources" that is 5) is damage, which `info` and the reports would meet unawares. Keys not
#: named here are left as they are.
_META_TYPES: dict[str, tuple[type, ...]] = {
    "source": (str,), "built_at": (str,), "bulk_type": (str,),
    "updated_at": (str, type(None)), "data_date": (str, type(None)), "newest_printing": (str, type(None)),
    "versions": (list,), "sources": (list,), "files": (list,), "cards": (int,), "card_count": (int,),
}


def _meta_problem(meta: Mapping[str, Any]) -> str | None:
    """What is wrong with a store's meta values (see _META_TYPES), or None."""
    for key, types in _META_TYPES.items():
        value = meta.get(key)
        if key in meta and (type(value) not in types or type(value) is list and any(type(v) is not str for v in value)):
            return f"its meta value {key} is {json.dumps(value)[:60]}"
    return None


def _reason(exc: Exception) -> str:
    """What went wrong reading a store, in one short line (SQLite may quote a whole damaged value)."""
    text = (str(exc).splitlines() or [""])[0]
    return f"{type(exc).__name__}: {text[:100]}{'…' if len(text) > 100 else ''}"


class UnreadableStore(DeckcheckError):
    """A card store this deckcheck can't read: `what` it is, and `remedy`, what to do ("`deckcheck update` builds one
    in its place")."""

    def __init__(self, path: str, what: str, remedy: str) -> None:
        super().__init__(f"{path}: {what}; {remedy}")
        self.path = path
        self.what = what
        self.remedy = remedy

    def __reduce__(self) -> tuple[type, tuple[str, ...]]:  # from a batch's worker to its parent, as it was made
        return type(self), (self.path, self.what, self.remedy)


class DamagedStore(UnreadableStore):
    """A card store whose file does not read back; `reason` says what was found, `remedy` what to do."""

    def __init__(self, path: str, reason: str, remedy: str = "run `deckcheck update` to build it again") -> None:
        super().__init__(path, f"the card store is damaged ({reason})", remedy)
        self.reason = reason

    def __reduce__(self) -> tuple[type, tuple[str, ...]]:
        return type(self), (self.path, self.reason, self.remedy)


def update_command(store_file: str | os.PathLike[str]) -> str:
    """The `deckcheck update` that builds a store in the place of this one: with `--data-dir` when the store is not in
    the user's own folder (before, a damaged store named by --data-dir was told to run a plain `deckcheck update`,
    which builds one elsewhere); the plain command for the bundled snapshot, which `update` never replaces."""
    folder = Path(store_file).absolute().parent
    if folder == BUNDLED.parent or folder == _cache_dir():
        return "`deckcheck update`"
    return f"`deckcheck update --data-dir {folder}`"


def _builds_one(store_file: str | os.PathLike[str]) -> str:
    """What to do with a file that is no card store of deckcheck's."""
    return f"{update_command(store_file)} builds one in its place"


def count_cards(path: str | os.PathLike[str]) -> int:
    """The cards of a store file that can't be opened as a store (a newer deckcheck's, or damaged), counted as far as
    its file reads: 0 when it can't be."""
    try:
        con = sqlite3.connect(Path(path).resolve().as_uri() + "?mode=ro&immutable=1", uri=True)
        try:
            return int(con.execute("SELECT count(*) FROM cards").fetchone()[0])
        finally:
            con.close()
    except (sqlite3.Error, OSError, TypeError, ValueError):
        return 0


def not_a_folder(path: Path) -> DeckcheckError:
    """The error for a data folder named by a file: the store itself (`--data-dir .../cards.sqlite`), said with
    the folder to give instead, or another file."""
    where = f": give its folder, --data-dir {path.parent}" if path.name == STORE_FILE else ""
    return DeckcheckError(f"{path}: not a folder (the card store is the {STORE_FILE} in one{where})")


def _file_id(path: str) -> tuple[int, int, int, int] | None:
    """What tells one file at a path from another put there since: device, inode, size and modification time."""
    try:
        stat = os.stat(path)
    except OSError:  # ":memory:", or gone
        return None
    return stat.st_dev, stat.st_ino, stat.st_size, stat.st_mtime_ns


#: The store `CardStore.given` opened for each data folder asked for (and $DECKCHECK_DATA then).
_OPENED: dict[tuple[str | None, str | None], CardStore] = {}


class CardStore:
    """Read access to a card store: look cards up by any name, suggest names for typos."""

    def __init__(self, connection: sqlite3.Connection, path: str) -> None:
        self._con = connection
        self.path = path
        self._cache: dict[str, Card | None] = {}
        self._by_id: dict[int, Card] = {}
        self._suggest_keys: list[str] | None = None
        self._suggest_names: list[str] | None = None
        self._suggest_words: dict[str, list[int]] | None = None
        self._loose_names: dict[str, str] | None = None  # loosened name key -> the one card's name
        self._comma_names: dict[str, list[str]] | None = None  # name keys holding commas, by their first part loosened
        self._suggest_calls = 0
        self._has_others: bool | None = None  # whether the store keeps non-deck objects (see lookup_other)
        self._loose_others: dict[str, str] | None = None  # their keys without punctuation -> their keys
        self._loose_keys: dict[int, str] = {}  # suggestion keys (`_name_list`) by place, without punctuation
        self.checkers: dict[tuple[int, bool], tuple[Any, Any]] = {}  # (policy, its Checker) by the policy's id, and
        # whether it suggests names (`checker_for`)
        #: The rule facts of its cards by Oracle id (`Checker.facts`), shared by every checker on the store: an
        #: analyst's check_many for each day of an archive made them again for each call.
        self.card_facts: dict[str, Any] = {}
        # the file as opened, to tell when an update replaced it (`given`), by its absolute path (a notebook may chdir)
        self._file = path if path == ":memory:" else os.path.abspath(path)
        self._file_id = _file_id(self._file)
        rows = dict(connection.execute("SELECT key, value FROM meta"))
        zdict = rows.pop("zdict", b"")
        self._zdict: bytes = zdict if isinstance(zdict, bytes) else b""
        self._zdict_id = zlib.adler32(self._zdict) if self._zdict else None
        self.meta: dict[str, Any] = {k: json.loads(v) for k, v in rows.items()}
        version = self.meta.get("schema_version")
        if version is None:
            raise UnreadableStore(path, "not a deckcheck card store (no schema version)", _builds_one(path))
        if version != SCHEMA_VERSION:  # another deckcheck's layout: its reads would fail somewhere later
            # said as the store writes it, in JSON: a number 1 is no schema "1"
            raise UnreadableStore(path, f"a card store of schema {json.dumps(version)[:40]}, which this deckcheck "
                                        f"can't read (it reads schema {json.dumps(SCHEMA_VERSION)})",
                                  f"run {update_command(path)} to build one it reads")
        problem = _meta_problem(self.meta)
        if problem:
            raise self._damaged(problem)

    # --- opening --------------------------------------------------------------------------
    @classmethod
    def open(cls, data_dir: str | os.PathLike[str] | None = None) -> CardStore:
        """Open the store in the data directory (see resolve_data_dir), else the bundled snapshot. A folder
        named by the user (`data_dir`, $DECKCHECK_DATA) that holds no store gets a DeckcheckWarning: a
        mistyped path would otherwise check every deck against the older snapshot without a word."""
        named = _named_data_dir(data_dir)
        if named is not None and named.exists() and not named.is_dir():  # the store itself, or another file
            # (/dev/null), named as the folder
            raise not_a_folder(named)
        folder = named or _cache_dir()  # (a user with no home folder has no store of their own: the bundled one)
        built = folder / STORE_FILE if folder is not None else None
        if built is not None and built.is_file():
            return cls.open_file(built)
        if built is not None and built.is_dir():  # (the bundled snapshot was used, and `update` could build none)
            raise DeckcheckError(f"{built}: a folder, not a card store; move it away, then `deckcheck update` builds "
                                 "the store there")
        if BUNDLED.is_file():
            if named is not None:
                warnings.warn(DeckcheckWarning(
                    f"{folder}: no card store there, so the bundled snapshot is used; "
                    f"`deckcheck update --data-dir {folder}` builds one"), stacklevel=2)
            return cls.open_file(BUNDLED)
        if built is None:
            raise NoCardData(f"no card data: no bundled snapshot at {BUNDLED}, and {NO_HOME}")
        raise NoCardData(f"no card data: no store at {built} and no bundled snapshot at {BUNDLED}; "
                         "run `deckcheck update`")

    @classmethod
    def open_file(cls, path: str | os.PathLike[str]) -> CardStore:
        """Open one store file read-only, as immutable: no store file is ever written in place (`deckcheck update`
        renames a new one over it, which an open store never sees), so SQLite need not lock the file and check it for
        changes at every query, which took half of a card's lookup (10.7 us against 4.2 us, in this sandbox)."""
        uri = Path(path).resolve().as_uri() + "?mode=ro&immutable=1"
        con = None
        try:
            con = sqlite3.connect(uri, uri=True, check_same_thread=False)
            return cls(con, str(path))
        except (*_DAMAGE, DeckcheckError) as exc:
            if con is not None:
                con.close()
            if isinstance(exc, DeckcheckError):
                raise
            if not os.access(path, os.R_OK):  # a store, perhaps, that this user may not read: not another file
                raise DeckcheckError(f"{path}: can't read the card store: permission denied") from None
            raise UnreadableStore(str(path), f"not a deckcheck card store ({_reason(exc)})",
                                  _builds_one(path)) from None

    @classmethod
    def given(cls, store: Any, data_dir: str | os.PathLike[str] | None = None) -> CardStore:
        """The Python API's `store` argument: the CardStore given, else (for None) the one `open(data_dir)`
        opens, opened once and kept for the next call while its file is the one there (`deckcheck update` replaces
        it); TypeError naming the argument for anything else (a folder's path: open_store(path) opens it). Before,
        each `check_deck(text)` opened the store anew, and kept it: a loop of 3,000 took 2.8 GB and 3,000 files."""
        if store is None:
            key = (str(data_dir) if data_dir is not None else None, os.environ.get("DECKCHECK_DATA"))
            kept = _OPENED.get(key)
            if kept is None or not kept.still_there(data_dir):
                kept = _OPENED[key] = cls.open(data_dir)
            return kept
        if not isinstance(store, cls):
            raise TypeError(f"store: a CardStore (deckcheck.open_store() opens one), not {type(store).__name__} "
                            f"{repr(store)[:60]}")
        return store

    @classmethod
    def from_cards(cls, cards: Iterable[Card], meta: Mapping[str, Any] | None = None,
                   others: Iterable[NonDeckObject] = ()) -> CardStore:
        """An in-memory store (for tests and notebooks)."""
        import tempfile

        with tempfile.TemporaryDirectory() as tmp:
            path = build_store(cards, meta or {"source": "in-memory"}, tmp, others=others)
            disk = sqlite3.connect(path)
            mem = sqlite3.connect(":memory:", check_same_thread=False)
            disk.backup(mem)
            disk.close()
        return cls(mem, ":memory:")

    def still_there(self, data_dir: str | os.PathLike[str] | None = None) -> bool:
        """Whether the store `open(data_dir)` would open now is this one's file, unchanged (not replaced by `deckcheck
        update`, nor, for the bundled snapshot, now behind a store built in the data folder)."""
        if self.path == ":memory:" or self._file_id is None or self._file_id != _file_id(self._file):
            return False
        folder = _data_folder(data_dir)
        return Path(self.path) != BUNDLED or folder is None or not (folder / STORE_FILE).is_file()

    def close(self) -> None:
        self._con.close()

    def __repr__(self) -> str:  # what a notebook shows: the file and the card data's date, not an address
        where = "in memory" if self.path == ":memory:" else self.path
        return f"<CardStore {where}: card data of {str(self.meta.get('updated_at') or 'unknown')[:10]}>"

    def __enter__(self) -> CardStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # --- reading --------------------------------------------------------------------------
    def _damaged(self, exc: Exception | str) -> DamagedStore:
        """The error for a store whose file does not read back (a damaged page, a blob that doesn't inflate
        or decode, a value of the wrong type): raised where it is found, instead of the library's own."""
        reason = (exc if isinstance(exc, str) else _reason(exc)).replace("\n", "; ")
        if len(reason) > 200:  # (quick_check's report of every damaged page)
            reason = reason[:200].rsplit(" ", 1)[0] + " ..."
        left = [name for name in (f"{self._file}-journal", f"{self._file}-wal") if os.path.exists(name)]
        if left:  # another program wrote to the store and stopped midway: the store is half of its writes
            reason += f"; {os.path.basename(left[0])} beside it is another program's unfinished writing"
        elif self._written_over():
            return DamagedStore(self.path, f"{reason}; its file was written over in place since it was opened, a copy "
                                           "made over it", "open it again (run the command again, or open_store())")
        return DamagedStore(self.path, reason, f"run {update_command(self._file)} to build it again")

    def _rows(self, sql: str, params: tuple[Any, ...] = ()) -> list[Any]:
        """A query's rows (every read after opening goes through here); damage found is `_damaged`."""
        try:
            return self._con.execute(sql, params).fetchall()
        except sqlite3.DatabaseError as exc:
            raise self._damaged(exc) from None

    def _written_over(self) -> bool:
        """Whether the store's file is the one opened, but written since (a copy made over it in place, `cp`): read as
        immutable (`open_file`), its pages are then others' than the store knew. (A file renamed over it, as `update`
        does, is another file, which an open store never reads.)"""
        now = _file_id(self._file) if self._file_id is not None else None
        return now is not None and now[:2] == self._file_id[:2] and now != self._file_id  # type: ignore[index]

    @property
    def is_bundled(self) -> bool:
        """Whether this store is the bundled snapshot (SNAPSHOT_LACKS says what it lacks)."""
        return self.path != ":memory:" and Path(self.path).resolve() == BUNDLED

    @property
    def older_than_the_snapshot(self) -> bool:
        """Whether this store's card data is older than the newest cards of the bundled snapshot, whose place it takes
        all the same: cards the snapshot knows are unknown to it. (False when its data's date is not known.)"""
        when = self.legalities_date
        return bool(when) and not self.is_bundled and when < SNAPSHOT_NEWEST_CARDS

    @property
    def legalities_date(self) -> str | None:
        """The day the card data's legalities speak for (ISO date), or None when the data has no date: a
        download's own date, else the newest release the data holds (a file's objects carry no date of their
        making). Scryfall and MTGJSON mark a card not legal until it is released, so a card released on or
        after this day that the data calls not legal may have become legal since."""
        meta = self.meta
        when = meta.get("updated_at") if meta.get("bulk_type") else meta.get("data_date") or meta.get("updated_at")
        return str(when)[:10] if when else None

    def __len__(self) -> int:
        return int(self._rows("SELECT count(*) FROM cards")[0][0])

    def _card(self, card_id: int, blob: bytes) -> Card:
        """The card of a row (decoded once per store)."""
        card = self._by_id.get(card_id)
        if card is None:
            try:
                card = Card.from_dict(json.loads(_decompress(blob, self._zdict, self._zdict_id)))
            except _DAMAGE as exc:
                raise self._damaged(exc) from None
            self._by_id[card_id] = card
        return card

    def lookup(self, name: str) -> Card | None:
        """The card with this full name, face name, split half or other printed name, folded; or None.

        When a key names several cards (a face of one, the whole of another), the full name wins.
        MTGJSON deck files write a reversible card as "Sol Ring // Sol Ring" and a meld card as "Gisela,
        the Broken Blade // Brisela, Voice of Nightmares": when such a whole name is unknown, its first
        part is used if every other part repeats it, or, for a meld card, names the meld result it melds
        into; a card's faces written in another order ("Ice // Fire", "Insectile Aberration // Delver of
        Secrets") are that card, unless the whole is a token's or game aid's name (the helper card "Day // Night" is
        no Night // Day). Any other names joined so ("Tymna the Weaver // Thrasios, Triton Hero", "Bruna, the Fading
        Light // Sol Ring") are no card: read as the first alone, the rest would be lost unseen."""
        key = name_key(name)
        try:
            return self._cache[key]
        except KeyError:
            pass
        if len(self._cache) > LOOKUPS_KEPT:  # decklists of names no card has, each new: memory without end
            self._cache.clear()
        card = self._lookup_key(key)
        if card is None and " // " in key and not self._others_keyed(key):
            parts = key.split(" // ")
            first, rest = parts[0], parts[1:]
            front = self._lookup_key(first)
            if front is not None and (all(part == first for part in rest)
                                      or front.layout == MELD and all(self._melds_into(front, part) for part in rest)
                                      or sorted(parts) == sorted(map(name_key, front.part_names))):
                card = front
        self._cache[key] = card
        return card

    def _melds_into(self, card: Card, key: str) -> bool:
        """Whether a folded name is the meld result a meld card melds into (a store built before meld results
        were kept takes any name)."""
        result = self.lookup_other(key)
        if result is None:
            return not self._has_others
        return result.kind == MELD_RESULT and card.name in result.parts

    def _lookup_key(self, key: str) -> Card | None:
        """The card one folded name key names, or None."""
        try:
            rows = self._rows("SELECT n.kind, n.card, c.data FROM names n JOIN cards c ON c.id = n.card "
                              "WHERE n.key = ? ORDER BY n.kind, n.card", (key,))
        except UnicodeEncodeError:  # a name read with undecodable bytes kept (surrogateescape): no card's
            return None
        card = None
        if rows:
            # Two cards can share a name (a Theros Challenge Deck card and a Commander card, both
            # "Unquenchable Fury"): among the best kind of match, a card legal somewhere wins.
            found = [self._card(r[1], r[2]) for r in rows if r[0] == rows[0][0]]
            card = next((c for c in found if c.commander_legality != NOT_LEGAL), found[0])
        return card

    def meld_partners(self, card: Card) -> list[tuple[str, Card]]:
        """For a meld card, each meld result it melds into with the other card melded (712.4): [(result's name,
        partner)]; none for any other card, or a store that keeps no meld results."""
        if card.layout != MELD or not self._keeps_others():
            return []
        found = []
        for name, parts in self._rows("SELECT name, parts FROM others WHERE kind = ?", (MELD_RESULT,)):
            try:
                names = json.loads(parts)
            except _DAMAGE as exc:
                raise self._damaged(exc) from None
            if card.name in names:
                partner = next((self.lookup(n) for n in names if n != card.name), None)
                if partner is not None:
                    found.append((name, partner))
        return found

    def _keeps_others(self) -> bool:
        """Whether the store keeps non-deck objects (a store built before they were kept has no such table)."""
        if self._has_others is None:
            self._has_others = bool(self._rows("SELECT count(*) FROM sqlite_master WHERE type = 'table' "
                                               "AND name = 'others'")[0][0])
        return self._has_others

    def lookup_other(self, name: str) -> NonDeckObject | None:
        """The meld result, token, emblem or game aid that a name no card has names (its punctuation aside, "token"
        after it or not: "Food Token"), or None. A store built before these were kept has none. Not a game aid named
        as cards' names begin ("Teferi", a Jumpstart theme card): such a name is a card's written short, an unknown
        card with close names ("Teferi, Time Raveler"), as a plane's or a scheme's is."""
        if not self._keeps_others():
            return None
        key = name_key(name)
        try:
            rows = self._others_keyed(key)
            if not rows:  # "Food Token", "Brisela Voice of Nightmares": the name with "token" after it, or without
                bare = key.removesuffix(" token")  # its punctuation
                if self._loose_others is None:
                    self._loose_others = {loosen(k): k for (k,) in self._rows("SELECT key FROM others")}
                loose = loosen(bare)  # (not when a word is punctuation alone: "_____ Goblin" is a card, no Goblin)
                found = self._loose_others.get(loose) if loose.count(" ") == bare.count(" ") else None
                if found is not None:
                    rows = self._others_keyed(found)
        except UnicodeEncodeError:  # undecodable bytes kept (surrogateescape): nothing's name
            return None
        if not rows:
            return None
        found_name, kind, parts = rows[0]
        if kind == GAME_AID and self.opens_comma_name(name):
            return None
        try:
            return NonDeckObject(found_name, kind, parts=tuple(json.loads(parts)))
        except _DAMAGE as exc:
            raise self._damaged(exc) from None

    def _others_keyed(self, key: str) -> list[Any]:
        """The rows (name, kind, parts) of the non-deck objects of this folded name key; none in a store that keeps
        none, or for a key of undecodable bytes kept (surrogateescape), nothing's."""
        if not self._keeps_others():
            return []
        try:
            return self._rows("SELECT name, kind, parts FROM others WHERE key = ?", (key,))
        except UnicodeEncodeError:
            return []

    def lookup_many(self, names: Iterable[str]) -> dict[str, Card | None]:
        """Look up many names at once; a dict from each name asked to its card (or None)."""
        return {name: self.lookup(name) for name in names}

    def get(self, oracle_id: str) -> Card | None:
        """The card with this Oracle id, or None."""
        rows = self._rows("SELECT id, data FROM cards WHERE oracle_id = ?", (oracle_id,))
        return self._card(rows[0][0], rows[0][1]) if rows else None

    def verify(self) -> None:
        """Read the whole store back, every page and every card: the damaged-store DeckcheckError unless all
        of it reads and it holds the cards its meta counts. `deckcheck update` trusts no less before calling a
        store up to date (a store damaged inside a card's blob opens and answers most names)."""
        problem = self._rows("PRAGMA quick_check")[0][0]
        if problem != "ok":
            raise self._damaged(problem)
        count = sum(1 for _card in self.iter_cards())
        counted = self.meta.get("card_count")
        if count != counted or not count:
            raise self._damaged(f"it holds {count} cards, its record {counted}")
        named = self._rows("SELECT count(DISTINCT card) FROM names WHERE kind = ?", (FULL_NAME,))[0][0]
        if named != count:  # the index of names lost or cut (a table dropped or emptied): every card unknown
            raise self._damaged(f"its index of names finds {named} of its {count} cards")

    def iter_cards(self) -> Iterator[Card]:
        """Every card in the store, in name order."""
        for card_id, blob in self._rows("SELECT id, data FROM cards ORDER BY name"):
            yield self._card(card_id, blob)

    def _named_rows(self, *kinds: int) -> list[Any]:
        """(name key, full name) of each name of these kinds (FULL_NAME, FACE_NAME, ALIAS)."""
        rows = self._rows("SELECT n.key, c.name FROM names n JOIN cards c ON c.id = n.card "
                          f"WHERE n.kind IN ({', '.join('?' * len(kinds))})", kinds)
        if not all(type(key) is str and type(name) is str for key, name in rows):  # a blob, a number
            raise self._damaged("a card's name that is not text")
        return rows

    def _name_list(self) -> tuple[list[str], list[str]]:
        """Every full and face name key, with the full name each belongs to (loaded on first need)."""
        if self._suggest_keys is None or self._suggest_names is None:
            rows = self._named_rows(FULL_NAME, FACE_NAME)
            self._suggest_keys = [r[0] for r in rows]
            self._suggest_names = [r[1] for r in rows]
        return self._suggest_keys, self._suggest_names

    def _names_answered(self) -> Iterator[tuple[str, str]]:
        """(name key, full name) of every name `lookup` answers to: `_name_list`'s, and each card's other names (a
        flavor or Universes Within name, "Rick, Steadfast Leader"; a printed one), for the indexes of names typed
        loosely and of names holding commas (each built once)."""
        yield from zip(*self._name_list())
        yield from self._named_rows(ALIAS)

    def lookup_loose(self, name: str) -> Card | None:
        """The one card whose full, face or other name (`_names_answered`) is this name with case, accents and
        punctuation ignored ("urzas saga", "atraxa praetors voice", "dr ian malcolm"), and Cyrillic or Greek letters
        that look Latin read as those (`loosen`), for a name `lookup` does not know; None when no card's is, or
        several cards' are."""
        folded = name_key(name)
        key = loosen(folded)
        if not key:
            return None
        if key != folded:  # the name had punctuation: without it, it may be a card's ("sol ring,")
            card = self.lookup(key)
            if card is not None:
                return card
        if self._loose_names is None:  # the names that have punctuation, loosened (one in five)
            index: dict[str, set[str]] = {}
            for answered, full in self._names_answered():
                if has_punctuation(answered):
                    index.setdefault(loosen(answered), set()).add(full)
            self._loose_names = {loose: names.pop() for loose, names in index.items() if len(names) == 1}
        found = self._loose_names.get(key)
        return self.lookup(found) if found is not None else None

    def opens_comma_name(self, name: str) -> bool:
        """Whether a name is what some card's full, face or other name has before its first comma ("Kenrith" of
        Kenrith, the Returned King; "Fear" of Fear, Fire, Foes!; "Rick" of Rick, Steadfast Leader, Greymond's flavor
        name), with case, accents and punctuation ignored."""
        return loose_key(name) in self._comma_name_index()

    def comma_names(self, name: str) -> list[str]:
        """The name keys holding commas (full, face or other names) that a name opens (`opens_comma_name`): for
        "Sheoldred", "sheoldred, whispering one" and "sheoldred, the apocalypse"."""
        return self._comma_name_index().get(loose_key(name), [])

    def _comma_name_index(self) -> dict[str, list[str]]:
        if self._comma_names is None:
            index: dict[str, list[str]] = {}
            for key, _ in self._names_answered():
                if "," in key:
                    index.setdefault(loosen(key[:key.index(",")]), []).append(key)
            self._comma_names = index
        return self._comma_names

    def _word_index(self) -> dict[str, list[int]]:
        """Each word of the name keys -> the keys that contain it (for names typed in part)."""
        if self._suggest_words is None:
            words: dict[str, list[int]] = {}
            for i, key in enumerate(self._name_list()[0]):
                for word in set(_WORD.findall(key)):
                    words.setdefault(word, []).append(i)
            self._suggest_words = words
        return self._suggest_words

    def suggest_many(self, names: Iterable[str], limit: int = 3, *, shortlist: int = 60) -> dict[str, list[str]]:
        """The closest card names for each of many names no card has, best first.

        One vectorized similarity pass over every name keeps a shortlist per name, to which the names
        sharing a word with it are added (a name typed in part, "Atraxa"); _closeness ranks the
        shortlist. 300 unknown names take about a second."""

        wanted = list(dict.fromkeys(names))
        keys, full = self._name_list()
        out: dict[str, list[str]] = {n: [] for n in wanted if len(n) > MAX_NAME_CHARS}  # no card is that long
        wanted = [n for n in wanted if n not in out]
        if not wanted or not keys:
            out.update((n, []) for n in wanted)
            return out
        queries = [name_key(n) for n in wanted]
        k = min(shortlist, len(keys))
        words = self._word_index()
        loose = self._loose_keys
        # A first call for a few names (one check with a typo) goes without numpy; a store asked again (a
        # batch, a notebook) loads it once for the faster pass. Both give the same shortlists.
        vectorized = len(wanted) >= 4 or self._suggest_calls > 0
        self._suggest_calls += 1
        from rapidfuzz import fuzz
        for row, (name, query) in enumerate(zip(wanted, queries)):
            if row % _SUGGEST_BLOCK == 0:  # one vectorized pass per block of names: bounded memory
                top = _shortlists(queries[row:row + _SUGGEST_BLOCK], keys, k, vectorized)
            candidates = set(top[row % _SUGGEST_BLOCK])
            for word in set(_WORD.findall(query)):
                if len(word) > 2:
                    candidates.update(words.get(word, ())[:200])
            loose_query = loosen(query)
            for j in candidates.difference(loose):  # the candidates' keys without punctuation, made once a store
                loose[j] = loosen(keys[j])
            ranked = sorted(((_closeness(query, keys[j], fuzz, loose_query, loose[j]), j) for j in candidates),
                            reverse=True)
            found: list[str] = []
            for score, j in ranked:
                if score < 60 or len(found) == limit:
                    break
                if full[j] not in found:
                    found.append(full[j])
            out[name] = found
        return out

    def suggest(self, name: str, limit: int = 3) -> list[str]:
        """The closest card names to a name no card has, best first."""
        return self.suggest_many([name], limit)[name]


_SUGGEST_BLOCK = 128  # names scored at once: 128 x 30,000 four-byte scores, 15 MB


def _shortlists(queries: list[str], keys: list[str], k: int, vectorized: bool) -> list[list[int]]:
    """The k keys most similar to each query (fuzz.ratio; among equal scores, the first keys), the same
    either way: one name at a time without numpy, or all in one vectorized pass (five times faster a name,
    but numpy takes 60 ms to load)."""
    from rapidfuzz import fuzz, process

    if not vectorized:
        out = []
        for q in queries:
            kth = process.extract(q, keys, scorer=fuzz.ratio, limit=k)[-1][1]
            best = process.extract(q, keys, scorer=fuzz.ratio, limit=None, score_cutoff=kth)
            out.append([j for _key, _score, j in sorted(best, key=lambda r: (-r[1], r[2]))[:k]])
        return out
    import numpy as np

    # float32 keeps every distinct ratio distinct (they are 200*m/n for names under 300 characters)
    scores = process.cdist(queries, keys, scorer=fuzz.ratio, dtype=np.float32, workers=1)
    out = []
    for row in scores:
        kth = np.partition(row, -k)[-k]
        above = np.flatnonzero(row > kth)
        ties = np.flatnonzero(row == kth)[: k - len(above)]
        out.append([int(j) for j in above] + [int(j) for j in ties])
    return out


def _closeness(query: str, key: str, fuzz: Any, loose_query: str, loose_key: str) -> float:
    """How close a card name key is to what was typed, 0-100: plain similarity, or, for a card name longer
    than what was typed (a name given in part, "Atraxa"), the best partial match a little discounted. A
    short name inside a longer typo ("Ow" in "Llanowar Elfs") is no match. `fuzz` is rapidfuzz.fuzz (imported
    by the caller, once for many names); `loose_query` and `loose_key` are the two without punctuation (`loosen`)."""
    score = fuzz.ratio(query, key)
    if len(key) > len(query):
        score = max(score, 0.9 * fuzz.partial_ratio(query, key), 0.9 * fuzz.token_set_ratio(query, key))
        # what was typed is the name's whole words (two or more), its punctuation aside ("ur dragon": The Ur-Dragon,
        # not Mindscour Dragon, which holds the same letters inside a word), or all of it but "the" ("Meathook
        # Massacre")
        if loose_key.removeprefix("the ") == loose_query:
            score = max(score, 99)
        elif " " in loose_query and f" {loose_query} " in f" {loose_key} ":
            score = max(score, 95)
        elif key.startswith(f"{query},"):  # all a legend's name has before its comma ("Lightning": Lightning,
            # Security Sergeant, not Blightning, spelt much alike)
            score = max(score, 97)
    if key.startswith(query):
        score += 1  # between equals, the name that begins with what was typed
    return score


_WORD = re.compile(r"[a-z0-9']+")
