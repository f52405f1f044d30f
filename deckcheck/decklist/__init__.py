"""Decklists: one parser for every dialect people paste or export (MTGO, Arena, Moxfield, Archidekt,
deckstats, TappedOut, mtg.wtf, XMage, Forge, CSV, MTGO .dek and Cockatrice .cod XML, MTGJSON deck files),
giving a Deck of entries with quantity, name as written, section and source line. Commanders the list does
not mark are chosen afterwards, with the card data at hand (`assign_sideboard_commanders`,
`with_commanders`), and those it marks by a short name read as the card of the list so named
(`commanders_as_listed`); cards of a deck listed under a header of cards outside the game ("Tokens") counted when
they make the 100 (`outside_cards_counted`)."""

from deckcheck.decklist.commanders import (
    assign_sideboard_commanders,
    commanders_as_listed,
    commanders_run_on,
    companion_listed_as_commander,
    companion_marked_as_partner,
    companions_given_read,
    outside_cards_counted,
    partner_kept,
    sideboard_companion,
    with_commanders,
    without_the_companion_s_sideboard_copy,
)
from deckcheck.decklist.model import (
    COMMANDER, COMPANION, MAIN, MAX_LINE_CHARS, MAX_QUANTITY, MAYBEBOARD, OUTSIDE, SECTIONS,
    SIDEBOARD, Deck, Entry, ParseProblem,
)
from deckcheck.decklist.mtgjson import parse_mtgjson_deck
from deckcheck.decklist.reading import MAX_BYTES, parse_bytes, parse_file, parse_text, read_stream, with_entries

__all__ = [
    "COMMANDER", "COMPANION", "MAIN", "MAX_BYTES", "MAX_LINE_CHARS", "MAX_QUANTITY", "MAYBEBOARD", "OUTSIDE",
    "SECTIONS", "SIDEBOARD", "Deck", "Entry", "ParseProblem", "assign_sideboard_commanders", "commanders_as_listed",
    "commanders_run_on", "companion_listed_as_commander", "companion_marked_as_partner", "companions_given_read",
    "outside_cards_counted", "parse_bytes", "parse_file", "parse_mtgjson_deck", "parse_text", "partner_kept",
    "read_stream", "sideboard_companion", "with_commanders", "with_entries", "without_the_companion_s_sideboard_copy",
]
