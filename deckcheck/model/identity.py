"""Color identity, computed from a card's faces (CR 903.4, 903.5d), never copied from the source."""

from __future__ import annotations

from deckcheck.model import mana
from deckcheck.model.card import Card, Face
from deckcheck.model.color import defined_colors
from deckcheck.model.vocab import BASIC_LAND_TYPES, sort_colors


def face_identity(face: Face) -> set[str]:
    """The colors one face adds to its card's color identity."""
    colors: set[str] = set()
    for symbol in mana.parse_cost(face.mana_cost):  # mana cost (903.4)
        colors.update(mana.symbol_colors(symbol))
    for symbol in mana.text_symbols(face.oracle_text):  # rules text, reminder text ignored (903.4c)
        colors.update(mana.symbol_colors(symbol))
    colors.update(face.color_indicator)  # color indicator (204)
    colors.update(defined_colors(face, identity=True) or "")  # characteristic-defining abilities (604.3)
    for subtype in face.subtypes:  # basic land types give "{T}: Add [symbol]" (305.6, 903.5d)
        if subtype in BASIC_LAND_TYPES:
            colors.add(BASIC_LAND_TYPES[subtype])
    return colors


def color_identity(card: Card) -> str:
    """A card's color identity in WUBRG order ("" for colorless): the union over every face, back faces
    and alternative characteristics included (903.4d, 903.4e)."""
    colors: set[str] = set()
    for face in card.faces:
        colors |= face_identity(face)
    if not card.complete and card.source_color_identity:
        colors.update(card.source_color_identity)  # the faces the data lacks, as the source saw them
    return sort_colors(colors)
