"""Acceptance: deckcheck's computed color identity and mana value equal what the sources claim, for every
deck card of every card file in ../shared/data, except a short reviewed list where the Comprehensive
Rules side with deckcheck and the source is wrong."""

from __future__ import annotations

from pathlib import Path

import pytest

from deckcheck.model.identity import color_identity
from deckcheck.model.vocab import TRANSFORM
from deckcheck.sources import load_files

pytestmark = pytest.mark.shared

#: Cards where the source's value is wrong and deckcheck's is right, with the rule that decides it.
REVIEWED_MANA_VALUE = {
    # Scryfall's 2019 object gives cmc 2 for a {3}{R} sorcery; 202.3 makes it 4 (today's data says 4).
    "Goblin War Party": "CR 202.3",
    # MTGJSON 2022 gives these split cards one half's value; a split card off the stack has the combined
    # mana value of its halves (202.3d, 709.4b). Bind {1}{G} + Liberate {1}{W} = 4, and so on.
    "Bind // Liberate": "CR 202.3d, 709.4b",
    "Indulge // Excess": "CR 202.3d, 709.4b",
    "Smelt // Herd // Saw": "CR 202.3d, 709.4b",
    "Start // Fire": "CR 202.3d, 709.4b",
}
REVIEWED_IDENTITY = {
    # An oversized Planechase promo with no mana cost, no color indicator and no mana symbol: from what
    # the object holds, CR 903.4 gives no color; the source copied its printed frame colors. Not a deck
    # card in any format (commander: not_legal).
    "Garruk the Slayer": "CR 903.4",
}
#: MTGJSON 5.2.0 (2022) gives the back face of a transforming DFC faceManaValue 0; the back face has the
#: front face's mana value (202.3b, 712.8e), as MTGJSON's 2026 data also says. A rule, not a card list.
TRANSFORM_BACK_FACE_RULE = "CR 202.3b, 712.8e"


def _groups(shared: Path) -> dict[str, list[Path]]:
    return {
        "mtgjson sets 2022-04": sorted((shared / "mtgjson" / "sets-2022-04").glob("*.json.gz")),
        "mtgjson deck cards 2026-01": [shared / "mtgjson" / "deck-cards-2026-01.jsonl.gz"],
        "scryfall all-cards 2019": [shared / "scryfall" / "all-cards-2019.json.gz"],
        "scryfall layout fixtures": [shared / "scryfall" / "layout-fixtures.json"],
        "scryfall 2025-11 recorded": [shared / "scryfall" / "cards-2025-11-recorded.json"],
        "scryfall 2025-12 collection": [shared / "scryfall" / "cards-2025-12-collection.json"],
    }


GROUPS = list(_groups(Path(".")))


@pytest.mark.parametrize("group", GROUPS)
def test_computed_values_match_the_source(shared_data, group):
    files = _groups(shared_data)[group]
    cards = load_files(files).cards
    assert cards
    wrong_identity, wrong_value, wrong_face_value = [], [], []
    checked = 0
    for card in cards:
        if not card.complete:
            continue  # the file lacks faces of this card: nothing to compute from (see below)
        checked += 1
        if card.source_color_identity is not None and card.name not in REVIEWED_IDENTITY:
            if color_identity(card) != card.source_color_identity:
                wrong_identity.append((card.name, color_identity(card), card.source_color_identity))
        if card.source_mana_value is not None and card.name not in REVIEWED_MANA_VALUE:
            if card.mana_value() != card.source_mana_value:
                wrong_value.append((card.name, card.mana_value(), card.source_mana_value))
        if card.source_face_mana_values and len(card.source_face_mana_values) == len(card.faces):
            for i, claimed in enumerate(card.source_face_mana_values):
                if claimed is None or card.face_mana_value(i) == claimed:
                    continue
                if card.layout == TRANSFORM and i == 1 and claimed == 0 and "2022" in group:
                    continue  # TRANSFORM_BACK_FACE_RULE
                wrong_face_value.append((card.name, i, card.face_mana_value(i), claimed))
    assert checked > 0.95 * len(cards)
    assert wrong_identity == []
    assert wrong_value == []
    assert wrong_face_value == []


def test_cards_with_missing_faces_are_few_and_multi_faced(shared_data):
    """MTGJSON's deck-cards file holds only the faces decks used; such cards are marked incomplete and
    their missing faces' identity comes from the source. They must all be multi-face layouts."""
    cards = load_files(_groups(shared_data)["mtgjson deck cards 2026-01"]).cards
    partial = [c for c in cards if not c.complete]
    assert 0 < len(partial) < 0.05 * len(cards)  # 632 of 25,938 in this file
    assert {c.layout for c in partial} <= {"split", "transform", "modal_dfc", "adventure", "flip", "meld",
                                           "prepare"}
    for card in partial:
        assert set(card.source_color_identity or "") <= set(color_identity(card))


def test_reviewed_cards_really_differ(shared_data):
    """Each reviewed entry must still be needed: the source really disagrees with deckcheck there."""
    files = [*_groups(shared_data)["mtgjson sets 2022-04"], *_groups(shared_data)["scryfall all-cards 2019"]]
    seen = {}
    for group_files in (files[:-1], files[-1:]):
        for card in load_files(group_files).cards:
            if card.name in REVIEWED_MANA_VALUE and card.source_mana_value != card.mana_value():
                seen[card.name] = "mv"
            if card.name in REVIEWED_IDENTITY and card.source_color_identity != color_identity(card):
                seen[card.name] = "ci"
    assert set(seen) == set(REVIEWED_MANA_VALUE) | set(REVIEWED_IDENTITY)
