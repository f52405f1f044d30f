"""`deckcheck update`: build the card store from local files, or download Scryfall's oracle_cards
bulk file and build it from that. The new store replaces the old one atomically; any failure leaves
the old one as it was."""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections.abc import Iterator
from functools import partial
from pathlib import Path
from typing import NamedTuple

from deckcheck.commands.options import add_data_dir, not_empty
from deckcheck.errors import one_line
from deckcheck.store import STORE_FILE, build_store, download_path, resolve_data_dir


def register(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:
    p = sub.add_parser(
        "update", help="build the card store (from files, or download Scryfall's bulk data)",
        description="Build the local card store. With --file, from local Scryfall bulk files (JSON or "
                    "JSON Lines) and MTGJSON files (AllPrintings, set files, AtomicCards, AllIdentifiers, deck "
                    "files), each plain, .gz, .xz, .bz2 or a .zip of one file; several files merge by oracle "
                    "id, newer data winning. Without --file, download Scryfall's oracle_cards bulk file "
                    "(skipped when the store already holds that version).")
    p.add_argument("--file", action="extend", nargs="+", metavar="PATH", default=[], type=_card_file,
                   help="card data files to import (--file sets/*.json.gz; repeatable)")
    add_data_dir(p, builds=True)
    p.add_argument("--force", action="store_true",
                   help="download even when the store is up to date; replace the store even with one of less "
                        "than half its cards")
    p.add_argument("--api", metavar="URL", type=partial(not_empty, what="a URL"),
                   help="Scryfall API base URL (default: $DECKCHECK_SCRYFALL_API or https://api.scryfall.com)")
    p.add_argument("--bulk-type", default="oracle_cards", help=argparse.SUPPRESS)
    return p


def _progress_bar(total: int, desc: str):
    """A tqdm byte counter on a terminal, else None (no progress output in pipes and CI)."""
    if not sys.stderr.isatty():
        return None
    from tqdm import tqdm

    return tqdm(total=total, unit="B", unit_scale=True, unit_divisor=1024, desc=desc, file=sys.stderr,
                leave=False)


def _card_file(value: str) -> str:
    """--file PATH: a file's path; standard input and a web address are refused, each saying what to do."""
    if value == "-":
        raise argparse.ArgumentTypeError("standard input is not read: give the card data file's path")
    if "://" in value and not os.path.exists(value):
        raise argparse.ArgumentTypeError(
            f"{one_line(value)}: a web address, not a file: without --file, `deckcheck update` downloads "
            "Scryfall's bulk file itself (--api URL: from another Scryfall API)")
    return value


def _import(paths: list[str], **meta):
    """load_files with a progress bar over the bytes read, on a terminal."""
    from deckcheck.sources import load_files

    total = 0
    for path in paths:
        with contextlib.suppress(OSError):
            total += os.path.getsize(path)
    bar = _progress_bar(total, "import")
    try:
        return load_files(paths, progress=bar.update if bar else None, **meta)
    finally:
        if bar is not None:
            bar.close()


def _summary(result, target: Path, before: _Stored) -> None:
    report = result.report
    cards = len(result.cards)
    print(one_line(f"built {target}: {cards} cards from {report.objects} objects "
                   f"(data as of {result.meta.get('updated_at') or 'unknown'})"))  # a folder named with a line break
    meta, count, problem = before
    if meta:  # what was replaced: a file of a few cards given by mistake would otherwise pass unseen
        print(one_line(f"replaced a store of {count} cards (data as of {meta.get('updated_at') or 'unknown'})"))
    elif problem:
        print(one_line(f"replaced a store this deckcheck could not read, of {count} cards ({problem})"))
    else:
        _compared_with_the_snapshot(cards, target)
    _older_than_the_snapshot(target)
    if report.skipped:
        print(f"skipped (not deck cards): {sum(report.skipped.values())} ({_skipped_kinds(report)})")
    if report.incomplete:
        print(f"cards with faces missing from the data: {len(report.incomplete)} "
              f"(e.g. {', '.join(report.incomplete[:3])})")
    print(f"invalid objects skipped: {report.invalid_count}")
    for item in report.invalid[:10]:
        print(f"  {item}", file=sys.stderr)
    if report.invalid_count > 10:
        print(f"  ... and {report.invalid_count - 10} more", file=sys.stderr)


def _compared_with_the_snapshot(cards: int, target: Path) -> None:
    """A first store in a data folder takes the bundled snapshot's place as the card data in use: one of less than
    half its cards (a deck's or a set's file given by mistake, on a fresh install) is said, as every deck checked
    with it would have most of its cards unknown. (A store built before is kept instead, unless --force.)"""
    from deckcheck.store import BUNDLED, CardStore

    if not BUNDLED.is_file():
        return
    with CardStore.open_file(BUNDLED) as snapshot:
        bundled = len(snapshot)
    if cards < bundled * LEAST_SHARE_KEPT:
        print(one_line(f"deckcheck: warning: {cards} cards, less than half the {bundled} of the bundled snapshot it "
                       "replaces as the card data in use (a deck's or a set's file?): most cards of most decks will be "
                       f"unknown; `deckcheck update` downloads all the cards, and deleting {target} brings the "
                       "snapshot back"), file=sys.stderr)


def _older_than_the_snapshot(target: Path) -> None:
    """A store whose card data is older than the bundled snapshot's newest cards takes the snapshot's place as the card
    data in use all the same (a folder's store always does), and calls the cards printed since unknown, "did you
    mean" taking them for typing mistakes: said, as `check` says it beside such a card."""
    from deckcheck.store import SNAPSHOT_NEWEST_CARDS, CardStore

    with CardStore.open_file(target) as store:
        if store.older_than_the_snapshot:
            print(one_line(f"deckcheck: warning: card data of {store.legalities_date}, older than the newest cards of "
                           f"the bundled snapshot (released {SNAPSHOT_NEWEST_CARDS}), whose place it takes as the card "
                           "data in use: cards printed since are unknown to it; `deckcheck update` downloads "
                           f"Scryfall's current cards, and deleting {target} brings the snapshot back"),
                  file=sys.stderr)


class _Stored(NamedTuple):
    """The store already built in the data folder: its meta and card count, and why it can't be read (when it
    can't, its meta is empty and its cards are counted from its file as they can be)."""

    meta: dict
    count: int
    problem: str = ""


def _stored(data_dir: Path) -> _Stored:
    """The store already built in the data directory (no meta and no cards when there is none)."""
    path = data_dir / STORE_FILE
    if not path.is_file():
        return _Stored({}, 0)
    from deckcheck.errors import DeckcheckError
    from deckcheck.store import CardStore, UnreadableStore, count_cards

    def unread(exc: DeckcheckError) -> _Stored:  # its cards still count against a store shrinking by mistake
        problem = exc.what if isinstance(exc, UnreadableStore) else str(exc).removeprefix(f"{path}: ")
        return _Stored({}, count_cards(path), problem)

    try:
        store = CardStore.open_file(path)
    except DeckcheckError as exc:  # a newer deckcheck's, or damaged
        return unread(exc)
    try:
        return _Stored(dict(store.meta), len(store))
    except DeckcheckError as exc:  # damaged past its meta
        return unread(exc)
    finally:
        store.close()


def run(args: argparse.Namespace) -> int:
    data_dir = resolve_data_dir(args.data_dir)
    _make_data_folder(data_dir)  # before a long import or download, not after
    with _one_update_at_a_time(data_dir):
        if args.file:
            result = _import(list(args.file))
            before = _stored(data_dir)
            target = _build(result, data_dir, ", ".join(args.file), before.count, args.force)
            _summary(result, target, before)
            return 0
        return _online(args, data_dir)


@contextlib.contextmanager
def _one_update_at_a_time(data_dir: Path) -> Iterator[None]:
    """The data folder's updates one after another: a second waits, saying so, for the first to end (a lock on the
    folder itself, which the system lets go when the process ends, however it ends). Two at once both said they built
    the store, and the last to end replaced the other's, whatever its data's age, its line naming a store it had
    read before the other's; each now reads the store it replaces. (No lock where the system has no flock.)"""
    try:
        import fcntl
    except ImportError:  # Windows
        yield
        return
    folder = os.open(data_dir, os.O_RDONLY)
    try:
        try:
            fcntl.flock(folder, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            print(one_line(f"deckcheck: waiting for another `deckcheck update` of {data_dir} to end"), file=sys.stderr)
            fcntl.flock(folder, fcntl.LOCK_EX)
        yield
    finally:
        os.close(folder)  # (the lock goes with it)


#: The least share of the old store's cards a new store must hold to replace it without --force.
LEAST_SHARE_KEPT = 0.5


def _build(result, data_dir: Path, shown: str, stored: int, force: bool) -> Path:
    """build_store of what was imported, in place of a store of `stored` cards; InputError, the old store kept,
    when it holds no deck card (a file of tokens, art cards or an empty set): such a store would call every card
    of every deck unknown; and, unless `force`, when it holds less than half the old store's cards (a deck's or
    a set's file given by mistake: most cards of most decks would become unknown)."""
    from deckcheck.errors import InputError

    report = result.report
    if not result.cards:
        kinds = _skipped_kinds(report)
        read = f"{report.objects} objects read" + (f", none a deck card: {kinds}" if kinds else "")
        raise InputError(shown, f"no cards to build a store of ({read}); the card store is left as it was")
    if not force and len(result.cards) < stored * LEAST_SHARE_KEPT:
        raise InputError(shown, f"{len(result.cards)} cards, less than half the card store's {stored}: the card "
                                "store is left as it was (a deck's or a set's file? --force replaces the store with it)")
    return build_store(result.cards, result.meta, data_dir, others=result.others)


def _name_the_download(report, tmp: str, url: str) -> None:
    """The import's report of a download, its invalid objects and file named by the address downloaded, not by the
    temporary file it was read from (gone once the store is built)."""
    for item in (*report.invalid, *report.files):
        if isinstance(item, dict) and item.get("path") == tmp:
            item["path"] = url
        elif getattr(item, "path", None) == tmp:
            item.path = url


def _skipped_kinds(report) -> str:
    """The objects skipped as no deck cards, by kind, most first: "token 2, emblem 1"."""
    return ", ".join(f"{kind} {n}" for kind, n in sorted(report.skipped.items(), key=lambda kv: -kv[1]))


def _up_to_date(data_dir: Path) -> bool:
    """Whether the store already built reads back whole (CardStore.verify); when it doesn't, says so: the
    same version is downloaded again in its place."""
    from deckcheck.store import CardStore, DamagedStore

    try:
        with CardStore.open_file(data_dir / STORE_FILE) as store:
            store.verify()
    except DamagedStore as exc:
        print(one_line(f"deckcheck: {exc.path}: the card store is damaged ({exc.reason}); downloading it again"),
              file=sys.stderr)
        return False
    return True


def _make_data_folder(data_dir: Path) -> None:
    """The folder the store is built in, made if need be; a one-line error when it can't be one or can't be
    written in."""
    from deckcheck.errors import DeckcheckError
    from deckcheck.store import not_a_folder

    try:
        data_dir.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise not_a_folder(data_dir) from None
    except OSError as exc:
        raise DeckcheckError(f"{data_dir}: can't make the data folder: {exc.strerror or exc}") from None
    if not os.access(data_dir, os.W_OK | os.X_OK):
        read_only = hasattr(os, "statvfs") and os.statvfs(data_dir).f_flag & os.ST_RDONLY
        why = "a read-only file system" if read_only else "permission denied"
        raise DeckcheckError(f"{data_dir}: can't write in the data folder: {why}")


#: The longest first wait between retries $DECKCHECK_HTTP_BACKOFF may set (an hour; doubled each retry).
MAX_BACKOFF = 3600.0


def _backoff() -> float:
    """The first retry's wait in seconds, from $DECKCHECK_HTTP_BACKOFF (default 1; doubled each retry)."""
    from deckcheck.errors import DeckcheckError

    text = os.environ.get("DECKCHECK_HTTP_BACKOFF", "1")
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 <= value <= MAX_BACKOFF:  # (a wait of 1e200 s is more than a sleep can take)
        raise DeckcheckError(f"$DECKCHECK_HTTP_BACKOFF: not a number of seconds from 0 to {MAX_BACKOFF:g}: {text!r}")
    return value


def _online(args: argparse.Namespace, data_dir: Path) -> int:
    from deckcheck.errors import InputError
    from deckcheck.sources.download import Client, api_base

    api = api_base(args.api)
    client = Client(backoff=_backoff())
    try:
        entry = client.bulk_entry(api, args.bulk_type)
        before = _stored(data_dir)
        stored = before.meta
        if (not args.force and stored.get("updated_at") == entry.updated_at
                and stored.get("bulk_type", args.bulk_type) == args.bulk_type and _up_to_date(data_dir)):
            print(f"card data is up to date (Scryfall {entry.type} of {entry.updated_at}); "
                  "nothing downloaded")
            return 0
        tmp = download_path(data_dir)
        try:
            client.download(entry.url, tmp, progress=sys.stderr.isatty(), size=entry.size)
            try:  # the file dated by the bulk-data list, not by its newest printing
                result = _import([str(tmp)], source=f"Scryfall {entry.type}",
                                 updated_at=entry.updated_at, dated={str(tmp): entry.updated_at})
            except InputError as exc:  # name the download, not the temporary file
                raise InputError(entry.url, str(exc).split(": ", 1)[-1]) from None
            _name_the_download(result.report, str(tmp), entry.url)
            result.meta["bulk_type"] = entry.type
            result.meta["files"] = [entry.url]
            target = _build(result, data_dir, entry.url, before.count, args.force)
        finally:
            with contextlib.suppress(FileNotFoundError):
                tmp.unlink()
    finally:
        client.close()
    _summary(result, target, before)
    return 0
