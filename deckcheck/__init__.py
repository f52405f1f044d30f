"""deckcheck: a Commander (EDH) deck-legality and color-identity checker for Magic: The Gathering.

The Python API (open_store/load_cards, parse_deck, check_deck, check_many, cards_frame, to_spreadsheet_csv,
BatchReport) lives in deckcheck.api and is loaded on first use, so `import deckcheck` stays cheap for the
command line."""

__version__ = "0.1.0"

_API = frozenset({"BatchReport", "cards_frame", "check_deck", "check_many", "load_cards", "open_store",
                  "parse_deck", "to_spreadsheet_csv"})

__all__ = ["__version__", *sorted(_API)]


def __getattr__(name: str):  # PEP 562: the API is imported lazily
    if name in _API:
        from deckcheck import api

        return getattr(api, name)
    raise AttributeError(f"module 'deckcheck' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | _API)
