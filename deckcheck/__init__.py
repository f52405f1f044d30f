"""deckcheck: a Commander (EDH) deck-legality and color-identity checker for Magic: The Gathering.

The Python API (open_store/load_cards, parse_deck, check_deck, check_many, cards_frame, to_spreadsheet_csv,
BatchReport) lives in deckcheck.api and is loaded on first use, so `import deckcheck` stays cheap for the
command line."""

import os

__version__ = "0.1.0"

#: The data deckcheck ships, the bundled card snapshot and the Commander policy: the project's data/ folder, beside
#: the package in a source tree or an editable install, and the package's own data/ in an installed wheel (where
#: pyproject.toml puts it).
DATA_DIR = os.path.join(os.path.dirname(os.path.realpath(__file__)), "data")
if not os.path.isdir(DATA_DIR):
    DATA_DIR = os.path.join(os.path.dirname(os.path.dirname(DATA_DIR)), "data")

_API = frozenset({"BatchReport", "cards_frame", "check_deck", "check_many", "load_cards", "open_store",
                  "parse_deck", "to_spreadsheet_csv"})

#: What the API raises and warns of (deckcheck.errors): `except deckcheck.InputError`, or
#: `warnings.simplefilter("ignore", deckcheck.DeckcheckWarning)` in a loop over a frame's groups.
_ERRORS = frozenset({"DeckcheckError", "DeckcheckWarning", "InputError"})

__all__ = ["__version__", *sorted(_API | _ERRORS)]


def __getattr__(name: str):  # PEP 562: the API is imported lazily
    if name in _API:
        from deckcheck import api

        return getattr(api, name)
    if name in _ERRORS:
        from deckcheck import errors

        return getattr(errors, name)
    raise AttributeError(f"module 'deckcheck' has no attribute {name!r}")


def _command_line() -> None:
    """The `deckcheck` command (pyproject.toml's entry point) and `python -m deckcheck`: deckcheck.cli's, and a Ctrl-C
    before its handlers are set or after they are put back (while its modules load, the first ~50 ms) said as one
    in between is, not as a traceback of the line it stopped."""
    try:
        from deckcheck.cli import command_line

        command_line()
    except KeyboardInterrupt:
        import sys

        try:  # (a closed or full standard error loses the line, never the exit code)
            sys.stderr.write("deckcheck: interrupted\n")
        except Exception:  # noqa: BLE001
            pass
        raise SystemExit(130) from None


def __dir__() -> list[str]:
    return sorted(set(globals()) | _API | _ERRORS)
