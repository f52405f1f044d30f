"""A face's color (CR 202.2): its mana cost, its color indicator (204) and the abilities of its text that set
its color (604.3), which color identity (identity.py) reads too."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from deckcheck.model import mana
from deckcheck.model.vocab import COLOR_BY_NAME, COLORS, sort_colors

if TYPE_CHECKING:
    from deckcheck.model.card import Face

_COLOR_WORDS = "|".join(COLOR_BY_NAME)
# A characteristic-defining ability that sets colors begins its line (CR 604.3): "Transguild Courier is all
# colors.", "This creature is every color.", "~ is blue and red.", "Ghostfire is colorless." What follows it on
# the line (`rest`) may say it doesn't affect color identity (Fallaji Wayfarer).
_CDA = re.compile(
    r"^(?P<subject>.+?) is (?P<what>colorless|all colors|every color|(?:(?:%s)(?:, | and |, and ))*(?:%s))\."
    r"(?P<rest>(?: [^\n]*)?)$"
    % (_COLOR_WORDS, _COLOR_WORDS),
    re.IGNORECASE | re.MULTILINE,
)
# Devoid, the keyword, alone or among others on its line; not "a spell with devoid" nor "have devoid".
_DEVOID = re.compile(r"(?:^|, )devoid *(?:,|$)", re.IGNORECASE | re.MULTILINE)
_SELF_REFERENCES = ("this card", "this creature", "this permanent", "this spell", "this artifact",
                    "this enchantment", "this land", "~", "cardname")


def defined_colors(face: Face, *, identity: bool = False) -> str | None:
    """The colors this face's characteristic-defining abilities set (CR 604.3), in WUBRG order: "" for
    devoid (702.114a) or "~ is colorless", all five for "~ is all colors"; None when its text sets no color.

    With ``identity``, what counts toward color identity (903.4): devoid and "is colorless" add no color, so
    they are not looked for, and an ability the card says doesn't affect its color identity is left out."""
    text = mana.strip_reminder_text(face.oracle_text)
    if text.isascii() and " is " not in text.lower() and (identity or "evoid" not in text):
        return None  # no such ability (in ASCII text the patterns match only these cases)
    found: set[str] | None = None
    if not identity and _DEVOID.search(text):
        found = set()  # "This object is colorless" (702.114a)
    for m in _CDA.finditer(text):
        subject = m.group("subject").strip().lower()
        if subject != face.name.lower() and subject not in _SELF_REFERENCES:
            continue  # about another object, not a characteristic-defining ability of this one
        if identity and "color identity" in m.group("rest").lower():
            continue  # "This ability doesn't affect its color identity."
        if found is None:
            found = set()
        what = m.group("what").lower()
        if what in ("all colors", "every color"):
            found.update(COLORS)
        elif what != "colorless":
            found.update(COLOR_BY_NAME[w] for w in re.findall(_COLOR_WORDS, what))
    return None if found is None else sort_colors(found)


def face_colors(face: Face) -> str:
    """The colors of one face in WUBRG order ("" for colorless): those of the mana symbols in its mana cost
    (CR 202.2) and of its color indicator (202.2e, 204.2), unless an ability of its text sets its color
    (604.3): devoid (702.114a) or "~ is colorless" makes it colorless, "~ is all colors" all five."""
    defined = defined_colors(face)
    if defined is not None:
        return defined
    colors = set(face.color_indicator)
    for symbol in mana.parse_cost(face.mana_cost):
        colors.update(mana.symbol_colors(symbol))
    return sort_colors(colors)
