"""`deckcheck info`: which card data deckcheck uses, what it holds and how old it is."""

from __future__ import annotations

import argparse

from deckcheck import __version__
from deckcheck.commands.options import add_data_dir
from deckcheck.errors import one_line
from deckcheck.report import card_data_of
from deckcheck.store import SNAPSHOT_LACKS, CardStore


def register(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:
    p = sub.add_parser("info", help="show the card data in use", description="Show the card store in use: "
                       "where it is, its sources, how many cards it holds and how old its data is.")
    add_data_dir(p)
    return p


def run(args: argparse.Namespace) -> int:
    store = CardStore.open(args.data_dir)
    store.verify()  # (what it holds, read back whole: a damaged store said to be fine was `check`'s error later)
    meta = store.meta
    print(f"deckcheck {__version__}")
    data = card_data_of(meta)
    print(one_line(f"card store: {store.path}"))
    print(one_line(f"source: {data['source'] or 'unknown'}"))
    print(one_line(f"card data as of: {data['updated_at'] or 'unknown'}"))
    print(f"built: {meta.get('built_at', 'unknown')}")
    print(f"cards: {len(store)}")
    for line in meta.get("sources", []):
        print(f"  - {line}")
    if store.is_bundled:
        print(f"note: {SNAPSHOT_LACKS}")
    return 0
