"""Many decks at once: `check_many` and the BatchReport (core), and its text/CSV/JSON output (output);
the HTML report is deckcheck.render.html."""

from deckcheck.batch.core import (
    DECK_SUFFIXES, JSONL_SUFFIXES, UNREADABLE, BatchOptions, BatchReport, DeckResult, DeckRunner,
    check_many, collect_less, exit_code, expand, is_decklist_name, is_jsonl, jsonl_sources, run_batch,
    unreadable_result, walk_reads, walk_takes,
)

__all__ = [
    "DECK_SUFFIXES", "JSONL_SUFFIXES", "UNREADABLE", "BatchOptions", "BatchReport", "DeckResult", "DeckRunner",
    "check_many", "collect_less", "exit_code", "expand", "is_decklist_name", "is_jsonl", "jsonl_sources", "run_batch",
    "unreadable_result", "walk_reads", "walk_takes",
]
