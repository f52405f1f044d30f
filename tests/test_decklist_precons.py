"""All 184 MTGJSON preconstructed deck files of ../shared/data parse, with no problems and the right sizes."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from deckcheck.decklist import COMMANDER, MAIN, OUTSIDE, parse_file


def test_every_precon_deck_file_parses(shared_data: Path) -> None:
    files = sorted((shared_data / "decks" / "mtgjson-precons-2026-01").glob("*.json.gz"))
    assert len(files) == 184
    sizes: Counter[tuple[str | None, int]] = Counter()
    for path in files:
        deck = parse_file(path)
        assert deck.problems == (), path.name
        assert deck.source_format == "mtgjson" and deck.commanders_marked and deck.name
        assert all(e.line == 0 and e.quantity >= 1 and e.name.strip() == e.name for e in deck.entries)
        sizes[(deck.deck_type, deck.count(COMMANDER) + deck.count(MAIN))] += 1
        if deck.deck_type and "Commander" in deck.deck_type:
            assert 1 <= deck.count(COMMANDER) <= 2, path.name
    # Every Commander deck is 100 cards with its commanders; the four Brawl decks are 60.
    assert sizes == {("Commander Deck", 100): 173, ("Historic Brawl Precon Deck", 100): 5,
                     ("Brawl Deck", 60): 4, ("MTGO Commander Deck", 100): 2}


def test_precon_extra_decks_are_outside(shared_data: Path) -> None:
    deck = parse_file(shared_data / "decks" / "mtgjson-precons-2026-01" / "TimeyWimey_WHO.json.gz")
    assert [e.name for e in deck.commanders] == ["The Tenth Doctor", "Rose Tyler"]
    assert deck.count(OUTSIDE) == 11  # ten planes and the display commander
    # Two printings of one basic land add up into one entry.
    assert [(e.quantity, e.collector_number) for e in deck.section(MAIN) if e.name == "Plains"] == [(3, "196")]
