"""Color identity, computed from a card's faces (CR 903.4, 903.5d), never copied from the source."""

from __future__ import annotations

import re

from deckcheck.model import mana
from deckcheck.model.card import Card, Face
from deckcheck.model.vocab import BASIC_LAND_TYPES, COLOR_BY_NAME, COLORS, sort_colors

_COLOR_WORDS = "|".join(COLOR_BY_NAME)
# A characteristic-defining ability that sets colors stands alone as a sentence (CR 604.3):
# "Transguild Courier is all colors.", "This creature is every color.", "~ is blue and red."
_CDA = re.compile(
    r"^(?P<subject>.+?) is (?P<what>all colors|every color|(?:(?:%s)(?:, | and |, and ))*(?:%s))\.$"
    % (_COLOR_WORDS, _COLOR_WORDS),
    re.IGNORECASE | re.MULTILINE,
)
_SELF_REFERENCES = ("this card", "this creature", "this permanent", "this spell", "this artifact",
                    "this enchantment", "this land", "~", "cardname")


def _cda_colors(face: Face) -> set[str]:
    colors: set[str] = set()
    text = mana.strip_reminder_text(face.oracle_text)
    if text.isascii() and " is " not in text.lower():
        return colors  # no such sentence (in ASCII text the pattern's " is " matches only these cases)
    for m in _CDA.finditer(text):
        subject = m.group("subject").strip().lower()
        if subject != face.name.lower() and subject not in _SELF_REFERENCES:
            continue  # about another object, not a characteristic-defining ability of this one
        what = m.group("what").lower()
        if what in ("all colors", "every color"):
            colors.update(COLORS)
        else:
            colors.update(COLOR_BY_NAME[w] for w in re.findall(_COLOR_WORDS, what))
    return colors


def face_identity(face: Face) -> set[str]:
    """The colors one face adds to its card's color identity."""
    colors: set[str] = set()
    for symbol in mana.parse_cost(face.mana_cost):  # mana cost (903.4)
        colors.update(mana.symbol_colors(symbol))
    for symbol in mana.text_symbols(face.oracle_text):  # rules text, reminder text ignored (903.4c)
        colors.update(mana.symbol_colors(symbol))
    colors.update(face.color_indicator)  # color indicator (204)
    colors.update(_cda_colors(face))  # characteristic-defining abilities (604.3)
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
