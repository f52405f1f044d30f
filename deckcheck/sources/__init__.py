"""Card data sources: Scryfall and MTGJSON files in, deckcheck Cards out.

``load_files(paths)`` reads any mix of Scryfall bulk files (JSON array or JSON Lines), MTGJSON
AllPrintings / set / AtomicCards / AllIdentifiers / deck files and deck-cards JSON Lines, each plain or compressed
(gzip, xz, bzip2, a zip of one file), streaming each, and merges them into one Card per oracle id.
"""

from __future__ import annotations

import datetime
import os
import warnings
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from deckcheck.errors import DeckcheckWarning, InputError, one_line
from deckcheck.model.card import Card, NonDeckObject
from deckcheck.sources import mtgjson, scryfall
from deckcheck.sources.jsonstream import iter_file
from deckcheck.sources.merge import Accumulator, ImportReport, card_is_text, merge_sources, normalize_day
from deckcheck.sources.validate import load_validator

__all__ = ["ImportReport", "ImportResult", "load_file", "load_files"]


@dataclass
class ImportResult:
    """Cards merged from one or more files, with store metadata and the import report."""

    cards: list[Card]
    meta: dict[str, Any]
    report: ImportReport = field(default_factory=ImportReport)
    others: list[NonDeckObject] = field(default_factory=list)  # meld results, tokens, emblems: never deck cards


@dataclass
class _FileData:
    kind: str  # "scryfall" or "mtgjson"
    date: str | None
    version: str | None
    acc: Accumulator
    report: ImportReport


#: How far into a file its first card is looked for: the file's kind, Scryfall or MTGJSON, is that card's, and the
#: objects before it are invalid objects like any other. A file whose first 100 objects hold no card is no card data.
CARD_LOOK_AHEAD = 100


def _read_file(path: Path, progress: Callable[[int], None] | None, day: str | None = None) -> _FileData:
    """Stream one file into an accumulator. Its date: the file's own (MTGJSON's meta.date), else `day`, else its
    newest printing's (of a Scryfall file, the first printing of its newest card legal in some format: the file
    holds previews of cards released later than it was made, legal nowhere yet, and reprints in products to come,
    legal already but dated by their release), but never after today. Raises InputError for an unreadable or
    non-card file."""
    shown = str(path)
    acc = Accumulator()
    report = ImportReport()
    kind: str | None = None
    meta: dict[str, Any] = {}
    sf_validator = load_validator("scryfall_card")
    mj_validator = load_validator("mtgjson_card")
    mj_atomic = load_validator("mtgjson_atomic_card")
    for kind, obj, context in _objects_and_kind(path, progress, meta):
        if kind == "scryfall":
            scryfall.ingest(obj, acc, report, shown, sf_validator)
        else:
            validator = mj_atomic if context.get("list") == "atomic" else mj_validator
            mtgjson.ingest(obj, context, acc, report, shown, validator)
    if kind is None or report.objects == 0:
        raise InputError(shown, "not card data: no card objects in this file")
    if not acc.records and report.objects and report.invalid_count == report.objects:
        raise InputError(shown, f"not card data: none of its {report.objects} objects is a valid "
                                f"{kind} card (first problem: {report.invalid[0].reason})")
    newest = acc.newest or acc.newest_unplayed
    if acc.played:  # (never after `acc.newest`, its newest printing legal somewhere: a card's first printing is no
        # later than any other)
        newest = max((r.released_at for oid, r in acc.records.items() if r.released_at and oid in acc.played),
                     default=newest)
    newest = newest and min(newest, datetime.date.today().isoformat())
    date = normalize_day(meta.get("date")) or day or newest
    version = meta.get("version") if isinstance(meta.get("version"), str) else None
    report.files.append({"path": shown, "format": kind, "date": date, "version": version,
                         "objects": report.objects, "cards": len(acc.records)})
    return _FileData(kind, date, version, acc, report)


def _objects_and_kind(path: Path, progress: Callable[[int], None] | None,
                      meta: dict[str, Any]) -> Iterator[tuple[str, Any, dict[str, Any]]]:
    """Each object of a file with the file's kind, "mtgjson" for an MTGJSON wrapper (whose meta is put in `meta`),
    else the kind of its first object shaped like a card; the objects before that one are held until it comes.
    InputError when no object is a card, or none of the first CARD_LOOK_AHEAD."""
    kind: str | None = None
    held: list[tuple[Any, dict[str, Any]]] = []
    for event, obj, context in iter_file(path, progress):
        if event == "meta":
            meta.update(obj)
            kind = kind or "mtgjson"
            continue
        if kind is None:
            kind = _kind_of(obj, str(path))
            if kind is None:
                held.append((obj, context))
                if len(held) == CARD_LOOK_AHEAD:
                    raise InputError(str(path), f"not card data: none of its first {CARD_LOOK_AHEAD} objects is a "
                                                "Scryfall or MTGJSON card")
                continue
            for early, early_context in held:
                yield kind, early, early_context
            held.clear()
        yield kind, obj, context
    if held:
        raise InputError(str(path), "not card data: none of its objects is a Scryfall or MTGJSON card")


def _kind_of(obj: Any, shown: str) -> str | None:
    """The source whose card an object is shaped like, "scryfall" or "mtgjson", else None; InputError for a
    Scryfall error answer (a failed API call saved as the file)."""
    if scryfall.looks_like(obj):
        return "scryfall"
    if mtgjson.looks_like(obj):
        return "mtgjson"
    if isinstance(obj, dict) and obj.get("object") == "error":
        said = ": ".join(str(obj[k])[:200] for k in ("status", "code", "details") if obj.get(k) is not None)
        raise InputError(shown, one_line(f"not card data: a Scryfall error answer ({said or 'no details'})"))
    return None


def load_file(path: str | os.PathLike[str], progress: Callable[[int], None] | None = None) -> ImportResult:
    """Import one file (see load_files)."""
    return load_files([path], progress=progress)


def load_files(paths: Iterable[str | os.PathLike[str]], *, progress: Callable[[int], None] | None = None,
               source: str | None = None, updated_at: str | None = None,
               dated: Mapping[str, str] | None = None) -> ImportResult:
    """Read card files of any supported format and merge them into one Card per oracle id.

    Files of one snapshot (the same kind and date, e.g. the set files of one MTGJSON build) merge
    printing by printing: a card is legal when any printing is. Different snapshots merge by oracle id,
    the newer one winning. A file's date is its own (MTGJSON's meta), else the one `dated` gives for its
    path (a JSON Lines file of cards says none), else its newest printing's. ``progress`` is called with
    the number of bytes read from disk.
    Raises InputError (exit 2) when a file is unreadable, truncated or not card data; invalid
    objects inside a good file are skipped and listed in the report.
    """
    groups: dict[tuple[str, str | None], Accumulator] = {}
    report = ImportReport()
    versions: dict[str, None] = {}
    seen: set[str] = set()
    for p in paths:
        try:
            real = os.path.realpath(p)
        except OSError as exc:  # a relative path in a working folder deleted since (getcwd fails)
            raise InputError(os.fspath(p), f"can't find it: {exc.strerror or exc}") from None
        if real in seen:  # read twice, its objects would count twice in the report
            warnings.warn(DeckcheckWarning(f"{os.fspath(p)}: given twice; read once"), stacklevel=2)
            continue
        seen.add(real)
        data = _read_file(Path(p), progress, normalize_day((dated or {}).get(os.fspath(p))))
        report.absorb(data.report)
        key = (data.kind, data.date)
        if key in groups:
            groups[key].absorb(data.acc)
        else:
            groups[key] = data.acc
        if data.version:
            versions.setdefault(f"MTGJSON {data.version}", None)
    merged, incomplete = merge_sources([(date, acc.cards(), acc.incomplete())
                                        for (_, date), acc in groups.items()])
    for oid in [oid for oid, card in merged.items() if not card_is_text(card)]:  # (a lone surrogate, "\ud800")
        warnings.warn(DeckcheckWarning(f"{merged.pop(oid).name!r:.100}: not valid Unicode text (a lone surrogate); "
                                       "the card is left out of the store"), stacklevel=2)
        incomplete.discard(oid)
    report.incomplete = sorted(merged[oid].name for oid in incomplete)
    dates = [date for _, date in groups if date]
    kinds = sorted({kind for kind, _ in groups})
    sources = [f"{kind} data as of {date or 'unknown date'}" for kind, date in sorted(groups, key=str)]
    meta = {
        "source": source or " + ".join(kinds),
        "updated_at": updated_at or (max(dates) if dates else None),
        "data_date": max(dates) if dates else None,
        "versions": list(versions),
        "sources": sources,
        "files": [f["path"] for f in report.files],
        "cards": len(merged),
    }
    cards = sorted(merged.values(), key=lambda c: c.name)
    others = Accumulator()
    for acc in groups.values():
        others.absorb_others(acc)
    return ImportResult(cards=cards, meta=meta, report=report,
                        others=sorted(others.others.values(), key=lambda o: o.name))
