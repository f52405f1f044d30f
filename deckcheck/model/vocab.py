"""The one home of deckcheck's Magic vocabulary: colors, basic land types, card types, layouts, zones."""

from __future__ import annotations

import enum
from collections.abc import Iterable

#: The five colors in the conventional WUBRG order.
COLORS = "WUBRG"
COLOR_NAMES = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}
COLOR_BY_NAME = {name: letter for letter, name in COLOR_NAMES.items()}

#: A Commander deck's cards, commanders included: both the minimum and the maximum (CR 903.5a; 702.124b: with
#: partners too).
DECK_SIZE_REQUIRED = 100

#: Basic land types and the color of mana each one's intrinsic ability makes (CR 305.6, 903.5d).
BASIC_LAND_TYPES = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}

#: Supertypes (CR 205.4a).
SUPERTYPES = frozenset({"Basic", "Legendary", "Ongoing", "Snow", "World", "Elite", "Host"})

#: Card types that make a card a permanent card (CR 110.4).
PERMANENT_TYPES = frozenset({"Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker"})


def sort_colors(colors: Iterable[str]) -> str:
    """Return the given color letters once each, in WUBRG order ("" for none)."""
    wanted = set(colors)
    return "".join(c for c in COLORS if c in wanted)


class Zone(enum.Enum):
    """Zones that matter for a card's characteristics (CR 400.1)."""

    LIBRARY = "library"
    HAND = "hand"
    GRAVEYARD = "graveyard"
    EXILE = "exile"
    COMMAND = "command"
    STACK = "stack"
    BATTLEFIELD = "battlefield"


# Layouts (Scryfall's names; MTGJSON uses the same words).
SPLIT = "split"  # also aftermath, fuse and Room cards (CR 709)
FLIP = "flip"  # CR 710
TRANSFORM = "transform"  # transforming double-faced cards (CR 712)
MODAL_DFC = "modal_dfc"  # modal double-faced cards (CR 712)
MELD = "meld"  # CR 712.4
ADVENTURE = "adventure"  # also Omen cards (CR 715, 720)
PREPARE = "prepare"  # CR 722
PROTOTYPE = "prototype"  # CR 718
REVERSIBLE = "reversible_card"

#: Layouts whose faces are two sides of one physical card.
DOUBLE_FACED_LAYOUTS = frozenset({TRANSFORM, MODAL_DFC, MELD, REVERSIBLE})

#: Layouts whose second face is an alternative spell cast from the main card.
ALTERNATIVE_SPELL_LAYOUTS = frozenset({ADVENTURE, PREPARE})

#: Objects that are never cards of a deck (tokens, emblems, art cards, Planechase/Archenemy/Vanguard
#: pieces, theme cards).
NON_DECK_LAYOUTS = frozenset(
    {
        "token",
        "double_faced_token",
        "emblem",
        "art_series",
        "planar",
        "scheme",
        "vanguard",
        "front_card",
        "minigame",
    }
)
#: What a meld result (the back halves of two meld cards, CR 712.4) is called among those objects.
MELD_RESULT = "meld_result"
#: What a game aid is called among those objects: a checklist, helper ("The Monarch", "Day // Night"), ad,
#: bio or World Championship decklist card, printed with the tokens (or, for a few ads, as a card). Its type
#: line is the bare word "Card" on every face.
GAME_AID = "game_aid"
#: The layouts a game aid comes in; art cards ("Card // Card" too) stay art cards, and are not kept.
GAME_AID_LAYOUTS = frozenset({"normal", "token", "double_faced_token"})


def is_game_aid(layout: object, type_line: object) -> bool:
    """Whether an object of this layout and type line is a game aid (GAME_AID), not a card or token."""
    return (layout in GAME_AID_LAYOUTS and isinstance(type_line, str)
            and all(part.strip() == "Card" for part in type_line.split("//")))


#: What a dungeon card is called among those objects (CR 309.1, 309.2: a card type seen only on nontraditional cards,
#: which begin outside the game, never in a deck). Scryfall gives the three of 2021 the layout "normal", MTGJSON lists
#: them with the tokens; the Undercity is on the back of The Initiative's helper card.
DUNGEON = "dungeon"


#: The kinds of objects of the card data that are no cards (`non_deck_kind`).
NON_DECK_KINDS = NON_DECK_LAYOUTS | {GAME_AID, DUNGEON}


def non_deck_kind(layout: str | None, type_line: object) -> str | None:
    """What kind of object a layout and type line make: a game aid (GAME_AID), a dungeon (DUNGEON, any face of that
    card type), else the layout (a card's, or one of NON_DECK_LAYOUTS)."""
    if is_game_aid(layout, type_line):
        return GAME_AID
    if isinstance(type_line, str) and any(face.split("\u2014")[0].strip() == "Dungeon"
                                          for face in type_line.split("//")):
        return DUNGEON
    return layout


#: The non-deck objects a decklist names in place of a card: a meld result written for its two cards, and
#: tokens, emblems and game aids exported with the deck. The store keeps their names (NonDeckObject).
#: Planes, schemes and Vanguards are not among them: they have decks of their own, and their names are mostly
#: a real card's first words ("Sokenzan", "Karn", "Glen Elendra"), which a list that writes names short
#: means as that card.
NAMED_IN_DECKLISTS = frozenset({MELD_RESULT, "token", "double_faced_token", "emblem", GAME_AID, DUNGEON})

#: Commander legality values (Scryfall's spelling; MTGJSON's are mapped onto these).
LEGAL = "legal"
NOT_LEGAL = "not_legal"
BANNED = "banned"
RESTRICTED = "restricted"
#: No printing the card data holds gives a Commander legality (MTGJSON's printings of products never played in
#: tournaments, such as Collector's Edition, beside the card's other printings): judged by the policy alone.
UNKNOWN = "unknown"
