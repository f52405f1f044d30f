"""Name folding: one key per spelling of a card name, so lookups ignore case, accents, ligatures,
curly quotes, spacing, invisible format characters and the way faces are separated."""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

_LIGATURES = str.maketrans({"æ": "ae", "Æ": "ae", "œ": "oe", "Œ": "oe", "ß": "ss", "ø": "o", "Ø": "o",
                            "‘": "'", "’": "'", "‚": "'", "‛": "'", "´": "'", "`": "'", "ʼ": "'", "′": "'",
                            "“": '"', "”": '"', "„": '"', "‐": "-", "‑": "-", "‒": "-", "–": "-",
                            "—": "-", "½": "1/2"})
# Face separators: "A // B", "A//B", "A/B", "A / B", Arena's "A /// B", Cockatrice's "A|B" (no card name holds a
# "|": tested over the bundled data).
_SEPARATOR = re.compile(r"\s*(?:/{1,3}|\|)\s*")
_SPACES = re.compile(r"\s+")

#: No card name is longer than this (the longest has 141 characters): a decklist's card name past it is a
#: problem of its line in the files that give names as fields (CSV, XML, MTGJSON), an unknown card saying so
#: elsewhere, no close names are searched for such a name, and the card schemas' name fields
#: (deckcheck/sources/schemas/) stop there too (tested).
MAX_NAME_CHARS = 300


#: How alike (rapidfuzz's ratio, of 100, of their folded keys: `likeness`) a name and a card's name are when the name
#: is that card mistyped ("Sol Rign", Sol Ring; "Edgar Markof", Edgar Markov: 92).
MISTYPED = 85


def likeness(name: str, other: str) -> float:
    """How alike two names are, folded (`name_key`): rapidfuzz's ratio, of 100 (MISTYPED or more: the one is the other
    mistyped). rapidfuzz is imported here, when a name is first compared, not with deckcheck."""
    from rapidfuzz import fuzz

    return fuzz.ratio(name_key(name), name_key(other))


@lru_cache(maxsize=200_000)
def name_key(name: str) -> str:
    """The folded lookup key of a card name: "Lim-Dûl's Vault" and "lim-dul’s  vault" give the same key,
    and so do "Fire // Ice", "Fire/Ice", "fire /// ice" and "Fire|Ice"."""
    text = name.translate(_LIGATURES)
    if not text.isascii():  # accents off; invisible format characters (a zero-width space pasted from a web page,
        # a soft hyphen) out: no card name has one
        text = unicodedata.normalize("NFKD", text)
        text = "".join(ch for ch in text if not unicodedata.combining(ch) and unicodedata.category(ch) != "Cf")
    text = _SEPARATOR.sub(" // ", text.casefold())
    return _SPACES.sub(" ", text).strip()


# Punctuation off a folded key, as names are typed in a hurry: apostrophes and quotes join their word
# ("Lim-Dul's" -> "lim duls"), the rest part words.
_QUOTES, _PUNCTUATION = "'\"", ",.!?:;()-/&_+"
# Cyrillic and Greek letters that look like Latin ones, folded (a name pasted from a page that wrote "Pоnder" with a
# Cyrillic "о": shown as Ponder, it was "did you mean Ponder?"), read as those; capitals by their folded letters
# ("М" is "м": m), not those whose small letter looks like another Latin one (Greek "Ν", "ν": N or v).
_LOOKALIKES = dict(zip("асеһіјкорѕухԁԛԝӏмтнвαβεικορτχ", "acehijkopsyxdqwlmthbabeikoptx"))
_LOOSE = str.maketrans({**dict.fromkeys(_QUOTES), **dict.fromkeys(_PUNCTUATION, " "), **_LOOKALIKES})
#: Whether a folded key holds one of those letters.
has_lookalikes = re.compile(f"[{''.join(_LOOKALIKES)}]").search
#: Whether a folded key has any of the punctuation `loosen` takes off.
has_punctuation = re.compile(f"[{re.escape(_QUOTES + _PUNCTUATION)}]").search
# A thousands separator, however written: "100,000", "100.000", "100 000" are all "100000".
_THOUSANDS = re.compile(r"(\d)[,. ](?=\d{3}(?!\d))")


def loosen(key: str) -> str:
    """A folded name key (name_key) without its punctuation: "atraxa praetors voice" for "Atraxa, Praetors'
    Voice", "urzas saga" for "Urza's Saga", "borrowing 100000 arrows" for "Borrowing 100,000 Arrows"; Cyrillic and
    Greek letters that look Latin as those ("pоnder", its "о" Cyrillic, is "ponder")."""
    if _THOUSANDS.search(key):  # rare: a search is cheaper than a substitution that finds nothing
        key = _THOUSANDS.sub(r"\1", key)
    return " ".join(key.translate(_LOOSE).split())


def loose_key(name: str) -> str:
    """A card name's key with case, accents and punctuation ignored (`loosen` of its name_key)."""
    return loosen(name_key(name))


#: Whether a name is written with a face separator between parts ("Fire/Ice", "Tymna // Thrasios", "Wear|Tear").
has_face_separator = _SEPARATOR.search


def split_faces(name: str) -> list[str]:
    """The face names in a name written with a face separator ("Fire/Ice" -> ["Fire", "Ice"])."""
    return [part for part in _SEPARATOR.split(name.strip()) if part]
