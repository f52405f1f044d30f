"""Build the bundled card snapshot data/cards.sqlite from ../shared/data.

Run from the project root:  python data/build_snapshot.py [SHARED_DATA_DIR]

Sources, oldest first (newer data wins per Oracle card): the MTGJSON 5.2.0 set files of 2022-04, the
Scryfall 2019 default_cards file and the 2023/2025 Scryfall objects, then the MTGJSON 5.2.2 deck cards of
2026-01. The result is a compact SQLite store (see deckcheck/store.py) that deckcheck uses whenever no
store has been built with `deckcheck update`.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from deckcheck.sources import load_files
from deckcheck.store import build_store

HERE = Path(__file__).resolve().parent


def main(argv: list[str]) -> int:
    shared = Path(argv[1]) if len(argv) > 1 else HERE.parent.parent / "shared" / "data"
    files = [
        *sorted((shared / "mtgjson" / "sets-2022-04").glob("*.json.gz")),
        shared / "scryfall" / "all-cards-2019.json.gz",
        shared / "scryfall" / "layout-fixtures.json",
        shared / "scryfall" / "cards-2025-11-recorded.json",
        shared / "scryfall" / "cards-2025-12-collection.json",
        shared / "mtgjson" / "deck-cards-2026-01.jsonl.gz",
    ]
    started = time.perf_counter()
    # The newest input is MTGJSON build 5.2.2+20260103, a JSON Lines file that says no date of its own (its
    # newest printing, which would stand for it, is older than the build).
    result = load_files(files, source="bundled snapshot of ../shared/data (MTGJSON 2022-04 sets, Scryfall "
                                      "2019-2025 objects, MTGJSON 2026-01 deck cards)",
                        dated={str(files[-1]): "2026-01-03"})
    meta = dict(result.meta)
    meta["files"] = [str(Path(f).relative_to(shared)) for f in files]
    meta["sources"] = [f"{len(list((shared / 'mtgjson' / 'sets-2022-04').glob('*.json.gz')))} MTGJSON "
                       "5.2.0 set files (2022-04-25)",
                       "Scryfall all-cards 2019-10, layout fixtures 2023, objects 2025-11 and 2025-12",
                       "MTGJSON 5.2.2 deck cards (2026-01-03)"]
    path = build_store(result.cards, meta, HERE, others=result.others)
    took = time.perf_counter() - started
    print(f"{path}: {len(result.cards)} cards, {path.stat().st_size / 1e6:.1f} MB, {took:.1f} s")
    skipped = ", ".join(f"{kind} {n}" for kind, n in sorted(result.report.skipped.items()))
    print(f"skipped non-deck objects: {skipped}; invalid objects: {result.report.invalid_count}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
