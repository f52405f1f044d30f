"""deckcheck: a Commander (EDH) deck-legality and color-identity checker for Magic: The Gathering."""

__version__ = "0.1.0"
