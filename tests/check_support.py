"""Helpers for the checker tests: a card store built from the real card data in ../shared/data (MTGJSON
deck cards, MTGJSON 2022 set files, Scryfall objects) with deckcheck.sources, cached between runs."""

from __future__ import annotations

import hashlib
import signal
from pathlib import Path

import pytest

PROJECT = Path(__file__).resolve().parent.parent
SHARED_DATA = PROJECT.parent / "shared" / "data"
BUNDLED = PROJECT / "data" / "cards.sqlite"


def source_files() -> list[Path]:
    """The real card files the test store is built from."""
    return ([SHARED_DATA / "mtgjson" / "deck-cards-2026-01.jsonl.gz"]
            + sorted((SHARED_DATA / "mtgjson" / "sets-2022-04").glob("*.json.gz"))
            + sorted((SHARED_DATA / "scryfall").glob("*.json*")))


def _code_hash() -> str:
    """A hash of the importer and model code, so a changed importer rebuilds the cached store."""
    h = hashlib.sha256()
    for folder in ("sources", "model"):
        for path in sorted((PROJECT / "deckcheck" / folder).glob("*.py")):
            h.update(path.read_bytes())
    h.update((PROJECT / "deckcheck" / "store.py").read_bytes())
    return h.hexdigest()[:16]


def shared_store_path(cache_dir: Path) -> Path:
    """Build (once per importer version) the store of the shared card data; return its file."""
    if not SHARED_DATA.is_dir():
        pytest.skip(f"real card data not found at {SHARED_DATA} (../shared/data)")
    target_dir = cache_dir / f"store-{_code_hash()}"
    target = target_dir / "cards.sqlite"
    if not target.is_file():
        from deckcheck.sources import load_files
        from deckcheck.store import build_store

        result = load_files([str(p) for p in source_files()])
        build_store(result.cards, result.meta, target_dir, others=result.others)
    return target


def deck_text(commanders: list[str], cards: list[str], *, companion: str | None = None,
              sideboard: list[str] | None = None, fill: str | None = None, size: int = 100) -> str:
    """A decklist in the plain dialect: Commander / Companion / Deck / Sideboard sections. With `fill`,
    basic lands named `fill` top the deck up to `size` cards (commanders + main)."""
    lines = ["Commander"] + [f"1 {c}" for c in commanders]
    if companion:
        lines += ["Companion", f"1 {companion}"]
    lines.append("Deck")
    counted = len(commanders)
    for entry in cards:
        lines.append(entry if entry[:1].isdigit() else f"1 {entry}")
        counted += int(entry.split(" ", 1)[0]) if entry[:1].isdigit() else 1
    if fill and counted < size:
        lines.append(f"{size - counted} {fill}")
    if sideboard:
        lines.append("Sideboard")
        lines += [f"1 {c}" for c in sideboard]
    return "\n".join(lines) + "\n"


def hearing_ctrl_c() -> None:
    """In a child about to run deckcheck: Ctrl-C's default disposition, as a terminal's foreground command has
    it. A test run started in the background of a shell script ignores SIGINT, and so would every command it
    starts (a background job is not to be interrupted from the terminal), which is not what is tested here."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
