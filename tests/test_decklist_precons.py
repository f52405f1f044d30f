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


def test_every_precon_pasted_as_spreadsheet_rows_reads_as_its_file(shared_data: Path) -> None:
    """A list kept in a spreadsheet and pasted as its rows, no header: tab-separated cells, in the order a
    player's sheet has them (count, name, set, number, type; or name, count). Every precon so written reads
    as its deck file does. Before, the set and number cells were read into the name: an unknown card a row."""
    import gzip
    import json

    from deckcheck.decklist import parse_text

    files = sorted((shared_data / "decks" / "mtgjson-precons-2026-01").glob("*.json.gz"))
    for index, path in enumerate(files):
        with gzip.open(path, "rt", encoding="utf-8") as handle:
            data = json.load(handle)["data"]
        rows = ["Commander"]
        for board in ("commander", "mainBoard"):
            if board == "mainBoard":
                rows.append("Deck")
            for card in data.get(board, []):
                if index % 2:
                    rows.append(f"{card['name']}\t{card['count']}")
                else:
                    rows.append(f"{card['count']}\t{card['name']}\t{card['setCode']}\t{card['number']}\t"
                                f"{card['type']}")
        pasted = parse_text("\n".join(rows) + "\n", path.name)
        deck = parse_file(path)
        assert pasted.problems == (), path.name
        for section in (COMMANDER, MAIN):
            assert _counts(pasted.section(section)) == _counts(deck.section(section)), (path.name, section)


def _counts(entries) -> Counter[str]:
    counts: Counter[str] = Counter()
    for entry in entries:
        counts[entry.name] += entry.quantity
    return counts
