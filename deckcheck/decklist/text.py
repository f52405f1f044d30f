"""Plain-text decklists in the dialects people paste: MTGO, Arena/Moxfield, Archidekt, deckstats,
TappedOut, mtg.wtf (preconstructed-deck text), XMage .dck, Forge .dck, MythicHub.

One pass over the lines with a few precompiled matches per line. A line is a section header, a comment,
a card entry or a problem. Blank lines only matter in a plain list with no headers or markers at all:
there, a list in exactly two blocks is "main, blank line, sideboard" (MTGO), unless the first block is the
smaller one (then it is the commander written first: see `Deck.first_block_names`); a list in three or more
blocks (type groups) is all main deck. Elsewhere a blank line only ends a Commander, Companion or About
block (the cards after it are main deck) and a "//!Commander" tag block.
"""

from __future__ import annotations

import csv
import itertools
import re
import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace
from itertools import repeat
from operator import itemgetter

from deckcheck.decklist.columns import CardColumns, card_columns
from deckcheck.decklist.model import (
    COMMANDER, COMMANDER_WORDS, COMPANION, KEPT_FROM_MARKS, MAIN, MAX_CARD_LINES, MAX_ENTRIES, MAX_LINE_CHARS,
    MAX_LINES_READ, MAYBEBOARD, OUTSIDE, SIDEBOARD, Deck, Entry, EntryCollector, Problems, is_web_address,
    line_too_long, problem, read_quantity, shortened,
)
from deckcheck.decklist.runs import COLLECTOR_NUMBER, could_be_names, holds_several_names
from deckcheck.model.names import MISTYPED, likeness, name_key
from deckcheck.model.vocab import BASIC_LAND_TYPES
from deckcheck.wording import first_named

_ABOUT = "about"  # TappedOut/Arena "About" block: deck name, not cards
_COMMANDER_TAG = "!commander"  # "//!Commander": the cards that follow, up to a blank or comment line

#: Section headers (bare, as comments, with a colon or a count), folded to lower case.
HEADERS: dict[str, str] = {}
for _section, _words in {
    COMMANDER: ("commander", "commanders", "commander(s)", "command zone", "commander zone", "command", "cmdr",
                "general", "partner", "partners", "background"),  # (a second commander's header, "Partner")
    COMPANION: ("companion", "companions"),
    MAIN: ("deck", "main", "mainboard", "main board", "main deck", "maindeck", "library"),
    SIDEBOARD: ("sideboard", "side board", "side", "sb", "outside the game", "outside"),  # (Scryfall's: a companion)
    MAYBEBOARD: ("maybeboard", "maybe board", "maybe", "considering", "wishlist", "acquire", "cuts"),
    OUTSIDE: ("tokens", "token", "display commander", "planar deck", "planes", "scheme deck", "schemes",
              "attraction deck", "attractions", "contraptions", "stickers", "sticker sheets"),
    _ABOUT: ("about", "metadata"),  # Forge .dck: "[metadata]" with "Name=..." lines
    _COMMANDER_TAG: ("!commander",),
}.items():
    for _word in _words:
        HEADERS[_word] = _section

#: Header words that are card names too: a header only written as one ("Acquire:", "// Acquire", "Acquire (3)"), a
#: card on a line of its own (TappedOut's board of cards to buy, and the sorcery).
CARD_NAMED_HEADERS = frozenset({"acquire"})

#: Forge .dck sections of the game's other decks, read as headers only in brackets ("[Conspiracy]" is a card
#: name when bare).
FORGE_OUTSIDE = frozenset({"avatar", "conspiracy", "dungeon", "attractions", "contraptions"})

#: Card-type group lines some sites write between cards ("Creatures (30)"): ignored, not headers.
TYPE_GROUPS = frozenset({
    "creature", "creatures", "land", "lands", "instant", "instants", "sorcery", "sorceries", "artifact",
    "artifacts", "enchantment", "enchantments", "planeswalker", "planeswalkers", "battle", "battles",
    "spells", "spell", "nonland", "other", "others", "kindred", "tribal",
})

# The sections a list's header names beside its deck: a list of the deck alone above them may still set off its
# commander by a blank line, at its top (Moxfield's export, a companion below "SIDEBOARD:") or at its end (MTGO's).
_BESIDE = frozenset({SIDEBOARD, MAYBEBOARD})
# A header line once its decoration is gone: words, then an optional count "(12)", "[12]", ": 12" or " 12".
_HEADER = re.compile(r"([a-z!][a-z'() ]{0,30}?)\s*(?:\(\d{1,5}\)|\[\d{1,5}\]|:?\s*\d{1,5})?")
_DECORATION = "/#=-*_:~•+ \t"
# List bullets before a card entry (Markdown's, and those of lists pasted from chats, web pages and word processors).
_BULLETS = "-*•+●○■▪◦·–—"
# "SB: 1 Name", "COMMANDER: 1 Name", "Companion: 1 Name", "Deck: 1 Name", "Commander - Name" (prefix for one
# line; no card name holds " - "), in bold as Markdown posts write it ("**Commander:** Name", "**Commander**: Name",
# "**Commander: Name**"); a second commander named as what it is ("Partner: Tymna", "Background: Folk Hero").
_PREFIX = re.compile(r"(\*\*|__)?(sb|sideboard|com{1,3}an{1,2}d[ae]rs?|cmdr|general|partner|background|companion"
                     r"|maybeboard|maybe|deck"
                     r"|main(?: ?deck|board)?)(\1)?(?:\s*:|\s+[-\u2013\u2014])((?(3)|\1))?\s*", re.IGNORECASE)
_PREFIX_SECTIONS = {"sb": SIDEBOARD, "sideboard": SIDEBOARD, "commander": COMMANDER, "commanders": COMMANDER,
                    "cmdr": COMMANDER, "general": COMMANDER, "partner": COMMANDER, "background": COMMANDER,
                    "companion": COMPANION, "maybeboard": MAYBEBOARD, "maybe": MAYBEBOARD}
_PREFIX_SECTIONS.update((word, MAIN) for word in ("deck", "main", "maindeck", "main deck", "mainboard"))


def _prefix_section(found: re.Match[str]) -> str:
    """The section a line's label names (`_PREFIX`): "Comander:" mistyped names the commander too."""
    return _PREFIX_SECTIONS.get(found.group(2).lower(), COMMANDER)


# Where a line of entries ("1 Sol Ring, 1 Arcane Signet"; "1 Sol Ring; 1 Arcane Signet") starts its next one: a
# comma or semicolon before a quantity and a name. No card name holds one so ("Borrowing 100,000 Arrows" has
# no space after its comma, "Guan Yu's 1,000-Li March" no space after the number).
_NEXT_ENTRY = re.compile(r"(?:(?<!\d),[^\S\n]*|,[^\S\n]+|;[^\S\n]*)(?=\d{1,3}[xX]?[^\S\n]+[^\W\d_])")
# Quantity forms: "4 ", "4x ", "4 x ", "4X ", "4* ", "4× ", "x4 ", "[4] ", "(4) ", and a count run into the name,
# "1Tip the Scales" (no card name starts with digits and then a capital and a small letter: "1996 World Champion").
_QUANTITY = re.compile(r"(\d+)(?:\s*[xX*×])?\s+|[xX×](\d+)\s+|[\[(](\d+)[\])]\s*|(\d{1,3})(?=[A-Z][a-z])")
# A quantity after the name: "Sol Ring x2", "Sol Ring ×2", "Forest x 5", "Forest 5x", "Forest (5)", "Island (x12)",
# "Island (12x)" (no card name ends so, tested in test_store.py; nor does a set code hold an "x" and digits alone).
# A bare number is not one: "Pip-Boy 3000" and "Overseer of Vault 76" are names. Group 3 is the one in parentheses
# alone, "(5)", which may be a group's size ("Card Draw (12)").
_TRAILING_QUANTITY = re.compile(r"\s+(?:[xX×]\s?(\d+)|(\d+)[xX×]|\((\d+)\)|\((?:[xX×]\s?(\d+)|(\d+)\s?[xX×])\))$")
# Set and collector number at the end: " (CMM) 410", " (plst) WWK-121", " ()", " (LEA)", TappedOut's " (SLD:589)".
_SET_NUMBER = re.compile(r"\s\(([A-Za-z0-9]{0,8})(?::([A-Za-z0-9][A-Za-z0-9\-★†]*))?\)"
                         r"(?:\s+([A-Za-z0-9][A-Za-z0-9\-★†]*))?$")
# mtg.wtf / MythicHub / XMage / deckstats set annotations: "[SET]", "[SET:123]", "[SET/123]", "[SET#123]".
_SET_BRACKET = re.compile(r"([A-Za-z0-9]{2,8})(?:[:/#]([A-Za-z0-9][A-Za-z0-9\-★†]*))?")
# Forge .dck: "Name|SET" or "Name|SET|art index" (no card name holds "|", and a set code is upper case).
_FORGE_SET = re.compile(r"\|([A-Z0-9]{2,8})(?:\|[^|]*)*$")
# A mark between stars after a name: Moxfield's "*F*" and "*E*", TappedOut's foils "*f*", "*f-etch*", "*f-pre*",
# commander "*CMDR*" and companion "*CMPN*" (no card name holds "*": tested in test_store.py).
_STAR_MARK = re.compile(r"[^\W\d_]{1,6}|f-[^\W\d_]{1,8}", re.IGNORECASE).fullmatch
# A commander or a companion marked after its name with a dash, as lists written by hand mark them: "Atraxa,
# Praetors' Voice - Commander", "Lurrus of the Dream-Den - Companion" (no card name holds " - "). Asked only of a
# name ending in "r" or "n" (`_MARK_ENDS`).
_DASHED_MARK = re.compile(r"\s+[-\u2013\u2014]+\s*(commander|cmdr|companion)$", re.IGNORECASE).search
_MARK_ENDS = "rRnN"
# A mark in parentheses set in italics or bold: "Atraxa, Praetors' Voice *(Commander)*", "_(commander)_".
_EMPHASIZED_PARENS = re.compile(r"(\*{1,2}|_{1,2})(\([^()]*\))\1$").search
# Start of "#tag" annotations (mtg-parser, deckstats "#!Commander", MythicHub "#305").
_HASH = re.compile(r"\s#")
_HASH_NUMBER = re.compile(r"\s*#\s?([0-9][0-9A-Za-z\-★†]*|[A-Za-z0-9]{2,5}-[0-9][0-9a-z]*)(?:\s|$)")
# Markdown, as lists posted on Reddit or Discord have it: card links, the card-fetching bots' "[[Sol Ring]]" (with
# "[[Sol Ring|CMM]]" naming a set, kept as "Sol Ring (CMM)") and "[Sol Ring](https://scryfall.com/...)" (a link to a
# deck page, "deck" in its path, "[My deck](https://moxfield.com/decks/...)", is left whole: no card's; a card page of
# a deck site, "https://deckbox.org/mtg/Sol Ring", is a card link), and emphasis, "**Sol Ring**",
# "__Sol Ring__" around whole words, and "*Sol Ring*" or "_Sol Ring_" around the whole name, before its annotations
# or a heading's colon if any ("*Sol Ring* *F*": Moxfield's foil mark; "*F*Sol Ring" and "*F* Sol Ring" are no
# emphasis). No card name holds "[[", "](" or "*", nor "_" but "_____" (tested in test_store.py).
# Kept as a pattern, compiled on first use (re's own cache), as _TABLE_RULE is: few lists have Markdown, and every
# `deckcheck check` imports this module.
_MARKDOWN = (r"\[\[([^\[\]|]+)(?:\|([A-Za-z0-9]{2,8})?[^\[\]]*)?\]\]"
             r"|\[([^\[\]]+)\]\((?!(?i:https?://[^/()\s]+/[^()\s]*deck))[^()\s]*\)"
             r"|(?<!\w)\*\*([^*]+)\*\*(?!\w)|(?<!\w)__([^_]+)__(?!\w)"
             r"|^\*([^*\s](?:[^*]*[^*\s])?)\*(?=\s*(?:$|[\[(*#^<:]))"
             r"|^_([^_\s](?:[^_]*[^_\s])?)_(?=\s*(?:$|[\[(*#^<:]))")
# Where _MARKDOWN may match: a link's or bold's marks anywhere, or emphasis beginning the text.
_MARKDOWN_MARKS = re.compile(r"\[\[|\]\(|\*\*|__").search
_EMPHASIS_START = re.compile(r"[*_][^\W\d_]").match
# A line that is all in bold or italics ("**Ramp**", "__Removal:__", "*Card Draw*:"), as a post's headings are: its
# mark, its words, and the colon after them if any.
_EMPHASIZED = re.compile(r"(\*\*|__|\*|_)(?=[^\s*_])([^*_]+)(?<=[^\s*_])\1(:?)").fullmatch
#: What a line posted in a chat may begin with: a quote's ">", a code block's fence.
_CHAT_MARKS = ">`~"
_MOST_SIDEBOARD = 15  # cards in a constructed deck's sideboard (CR 100.4a)
# Invisible format characters a line pasted from a web page or chat may begin or end with (a line of only these
# is blank); inside a name, name folding drops them.
_INVISIBLE = "\u200b\u200c\u200d\u2060\ufeff\u00ad"
# A backslash before ASCII punctuation, as Markdown escapes it (CommonMark 2.4).
_MARKDOWN_ESCAPE = re.compile(r"\\(?=[!-/:-@\[-`{-~])").sub


# A code block's fence line, with its language's name or not ("```", "```txt", "~~~").
_FENCE = re.compile(r"(?:`{3,}|~{3,})[\w+#.-]*").fullmatch
# Markdown's strikethrough, "~~1 Arcane Signet~~": in a posted list, a card cut from it. No card name holds "~".
# What is struck holds no "~~" itself: an opening "~~" whose close fails is given up at the next "~~", not at the
# line's end (a line of "~~a ~~a ~~a ..." took time growing with its length squared: 1.35 s for 20,000 characters).
_STRUCK = re.compile(r"~~(?=\S)((?:(?!~~).)+?)(?<=\S)~~")
#: How many lines a deck's note names (what is struck through, groups' names); the rest it counts.
NOTE_NAMED = 10
#: How many of a post's lines of words are searched for a card they misspell (more are a post's text).
WORDS_SEARCHED = 100


def _out_of_quote(line: str) -> str:
    """A stripped line without Markdown's quote marks ("> 1 Sol Ring", ">> Commander"); a code block's fence
    ("```txt") as a blank line."""
    return "" if _FENCE(line) else line.lstrip("> \t")


def _without_struck(text: str) -> tuple[str, list[str]]:
    """A line without its struck-through pieces ("1 ~~Mana Crypt~~ Command Tower" -> "1 Command Tower"), "" when
    no card name is left ("~~1 Arcane Signet~~", "1 ~~Arcane Signet~~"), and the pieces struck."""
    struck = [piece.strip() for piece in _STRUCK.findall(text)]
    if not struck:
        return text, struck
    rest = " ".join(_STRUCK.sub(" ", text).split()).strip(",;")
    return (rest if _has_letter(rest) else ""), struck


def _named(said: list[str], total: int) -> str:
    """A note's list of lines: what it says of the first NOTE_NAMED ('line 3 "Ramp"'), and how many more of `total`
    there are."""
    return first_named(said, NOTE_NAMED, total=total)


def _struck_note(struck: list[tuple[int, str]]) -> str:
    """The deck's note on the entries struck through (line, text), which are read as cut from the list."""
    named = _named([f'line {line} "{text}"' for line, text in struck[:NOTE_NAMED]], len(struck))
    return f"read what is struck through (~~) as cut from the list, not counted: {named}"


def _without_markdown(text: str) -> str:
    """A card entry's text without Markdown's card links and emphasis ("[[Sol Ring]]", "**Sol Ring**" -> "Sol
    Ring")."""
    if _MARKDOWN_MARKS(text) is None and _EMPHASIS_START(text) is None:
        return text
    return re.sub(_MARKDOWN, _marked_text, text)


def _marked_text(match: re.Match[str]) -> str:
    """What one Markdown piece writes: a bot link's card and set ("Sol Ring (CMM)"), else a link's text or the
    emphasized words."""
    card, set_code = match.group(1, 2)
    if card is not None:
        return f"{card.strip()} ({set_code.upper()})" if set_code else card.strip()
    return next(group for group in match.groups() if group is not None).strip()


# A plain entry "4 Name" / "4x Name" whose name starts with a letter and holds no annotation characters (nor
# Markdown's strikethrough, "~~"), nor ends in a heading's colon.
_SIMPLE = re.compile(r"(\d{1,3})[xX]?[ \t]+([^\W\d_](?:[^\[\]()*^#|<~\t]*[^\[\]()*^#|<~\t:])?)").fullmatch
#: Every line of a block at once, each a plain entry as `_SIMPLE` takes it once stripped (ASCII digits, not
#: all zeros, a name not starting "x "): one (quantity, name) pair per line that is one.
_SIMPLE_LINES = re.compile(
    r"^[^\S\n]*(?!0+[xX]?[ \t])([0-9]{1,3})[xX]?[ \t]+(?![xX] )([^\W\d_](?:[^\[\]()*^#|<~\t\n]*[^\s\[\]()*^#|<~:])?)"
    r"[^\S\n]*$",
    re.MULTILINE).findall


class _Quantities(dict):
    """Quantity digits -> int, the common ones from a table ("1" to "999"), any other through int()."""

    def __missing__(self, digits: str) -> int:
        return int(digits)


_QUANTITIES = _Quantities({str(n): n for n in range(1, 1000)})
_LETTER = re.compile(r"[^\W\d_]").search
#: The blocks that a card-type group line ("Creatures (30)") after their cards ends, as a blank line does: a
#: list grouped by type, copied from a deck page, has its commander's block and then the main deck's groups
#: (a sideboard's groups stay in the sideboard).
_ENDED_BY_A_GROUP = (COMMANDER, COMPANION)
_FINISHES = frozenset({"foil", "etched", "nonfoil", "non-foil"})
# MTGGoldfish's foil and etched marks after an exact version: "Sol Ring <extended> [CMM] (E)" (no card name ends in
# one letter in parentheses: tested in test_store.py).
_FINISH_LETTERS = frozenset({"f", "e"})
_COMPANION_WORD = "companion"  # a companion's mark: "Lurrus of the Dream-Den (Companion)", "[Companion]"
_PAREN_WORDS = _FINISHES | _FINISH_LETTERS | COMMANDER_WORDS | {_COMPANION_WORD}  # a name's last parentheses' words


#: The names a line counting the list's cards reads as after its count: "100 cards", "99 Cards total" (no card is so
#: named).
_TALLY_NAMES = frozenset(f"{word}{end}" for noun in ("card", "cards") for end in ("", " total", " in total")
                         for word in (noun, noun.capitalize(), noun.upper()))
#: A line counting the list's cards (or its cards of each type) with no count before it: "Total: 100", "Total Cards:
#: 100", "Deck size: 100", "Cards (100)", "(100 cards)", "Creatures: 23, Lands: 37, Other: 40".
_TALLY = re.compile(r"(?:(?:total(?: cards)?|cards|card count|deck size|count)\s*[:=\-]?\s*(?:\(\d{1,3}\)|\d{1,3})"
                    r"(?:\s*cards?)?|\(\d{1,3} cards?\)|(?:(?:creatures?|lands?|instants?|sorcery|sorceries|artifacts?|"
                    r"enchantments?|planeswalkers?|battles?|spells?|nonlands?|others?|total)\s*[:=]?\s*\(?\d{1,3}\)?"
                    r"(?:\s*[,;/|\u00b7]\s*|\s+(?=[a-z]))?){2,})", re.IGNORECASE).fullmatch


def _tally_note(tallies: list[tuple[int, str]]) -> str:
    said = _named([f'line {line} "{shortened(text, 60)}"' for line, text in tallies[:NOTE_NAMED]], len(tallies))
    return f"read {said} as the list's count of its cards, not as a card"


def header_of(text: str) -> str | None:
    """The section a header line names ("// Commander", "Sideboard: 15", "== MAINBOARD ==",
    "Commander (1)", Forge's "[Main]"), "" for a card-type group line, or None when the line is no header."""
    if len(text) > 48:
        return None
    body = text.strip(_DECORATION).lower()
    if body[:1] == "[" and body[-1:] == "]":
        body = body[1:-1].strip()
        if body in FORGE_OUTSIDE:
            return OUTSIDE
    m = _HEADER.fullmatch(body)
    if m is None:
        return None
    word = " ".join(m.group(1).split())
    section = HEADERS.get(word)
    if section is not None:
        return section
    return "" if word in TYPE_GROUPS else None


class _Annotations:
    """What the annotations of one card line said."""

    __slots__ = ("set_code", "number", "commander", "board")

    def __init__(self) -> None:
        self.set_code: str | None = None
        self.number: str | None = None
        self.commander = False
        self.board: str | None = None


def _set_like(word: str) -> bool:
    """Whether a bracketed word is a set code ("M10", "ZEN", "lea") rather than a category ("Ramp")."""
    return any(ch.isdigit() for ch in word) or word.isupper() or (word.islower() and len(word) <= 4)


def _bracket(inner: str, notes: _Annotations) -> None:
    """One "[...]" group: Archidekt categories, a finish, or a set annotation."""
    low = inner.strip().lower()
    if low in _FINISHES:
        return
    for part in low.split(","):
        cat = part.split("{", 1)[0].strip()
        if cat in ("commander", "cmdr"):
            notes.commander = True
            return
        if cat == _COMPANION_WORD and notes.board is None:  # Archidekt's "Companion{noDeck}" too: outside the 100
            notes.board = COMPANION  # as the companion is (a maybeboard's card stays there: "[Maybeboard,Companion]")
        if cat in ("maybeboard", "considering"):
            notes.board = MAYBEBOARD
        elif cat == "sideboard" and notes.board is None:
            notes.board = SIDEBOARD
        elif "{nodeck}" in part and notes.board is None:  # Archidekt: a category kept out of the deck
            notes.board = MAYBEBOARD
    if notes.board is None and notes.set_code is None:
        m = _SET_BRACKET.fullmatch(inner.strip())
        if m is not None and (m.group(2) or _set_like(m.group(1))):
            notes.set_code, notes.number = m.group(1), m.group(2) or notes.number


def split_annotations(rest: str) -> tuple[str, _Annotations]:
    """Split the text after the quantity into the card name and its annotations: Archidekt "^tags^" and
    "[Categories]", "#tags" (deckstats "#!Commander"), "*F*" / "*E*" / "*CMDR*", TappedOut "*f-etch*" / "*CMPN*",
    "(foil)", "<variant>", "(SET) number", TappedOut "(SET:number)", mtg.wtf "[SET:num] [foil]", MTGGoldfish
    "<variant> [SET] (F)"."""
    notes = _Annotations()
    s = rest
    if "|" in s:
        m = _FORGE_SET.search(s)
        if m is not None and m.start() > 0:
            notes.set_code = m.group(1)
            s = s[: m.start()].rstrip()
    while s.endswith("^"):  # Archidekt tags: ^Have,#37d67a^
        j = s.rfind("^", 0, len(s) - 1)
        if j <= 0:
            break
        s = s[:j].rstrip()
    if "#" in s:
        m = _HASH.search(s)
        if m is not None and m.start() > 0:
            tags = s[m.start():]
            s = s[: m.start()].rstrip()
            said = tags.lower().replace(" ", "")
            if "!commander" in said:
                notes.commander = True
            elif "!companion" in said and notes.board is None:
                notes.board = COMPANION
            num = _HASH_NUMBER.match(tags)
            if num is not None:
                notes.number = num.group(1)
    while s:
        if s.endswith("]"):
            j = s.rfind("[")
            if j <= 0:
                break
            _bracket(s[j + 1: -1], notes)
            s = s[:j].rstrip()
        elif s[-1] in "*_" and (m := _EMPHASIZED_PARENS(s)) is not None and m.start() > 0:
            s = s[:m.start()] + m.group(2)  # "*(Commander)*": the parentheses' mark, read on the next turn
        elif s.endswith("*") and len(s) > 2:
            j = s.rfind("*", 0, len(s) - 1)
            word = s[j + 1: -1]
            if j <= 0 or _STAR_MARK(word) is None:
                break
            if word.upper() == "CMDR":
                notes.commander = True
            elif word.upper() == "CMPN" and notes.board is None:
                notes.board = COMPANION
            s = s[:j].rstrip()
        elif s.endswith(")") and (j := s.rfind("(")) > 0 and (word := s[j + 1: -1].strip().lower()) in _PAREN_WORDS:
            # "(foil)", "(etched)" after a set tag: "Sol Ring [C21] (foil)", MTGGoldfish's "(F)"; a list written
            # by hand marks its commander "Atraxa, Praetors' Voice (Commander)"
            notes.commander = notes.commander or word in COMMANDER_WORDS
            if word == _COMPANION_WORD and notes.board is None:
                notes.board = COMPANION
            s = s[:j].rstrip()
        elif s.endswith(">") and (j := s.rfind("<")) > 0:
            s = s[:j].rstrip()  # a printing's variant, as MTGGoldfish names it: "Sol Ring <extended> [C21]"
        else:
            break
    if s.endswith(")") or (" (" in s and not s.endswith(" ")):
        m = _SET_NUMBER.search(s)
        if m is not None and m.start() > 0:
            if m.group(1):
                notes.set_code = m.group(1)
            notes.number = m.group(2) or m.group(3) or notes.number
            s = s[: m.start()].rstrip()
    if s.startswith("(") and _SET_NUMBER.fullmatch(" " + s):
        s = ""  # "(CMM) 410" with no name before it
    return " ".join(s.split()), notes


#: The one card named without a letter (Unhinged).
UNDERSCORES_CARD = "_____"


_CELL_QUANTITY = re.compile(r"\d{1,3}[xX]?|[xX×]\d{1,3}").fullmatch


# A row of comma- or semicolon-separated cells that starts with a count: a CSV with no header row ("1,Sol Ring",
# '1;"Betor, Ancestor's Voice"'), as a sheet of two columns is saved. Its separator is group 1.
_COUNT_CELL_FIRST = re.compile(r"\d{1,3}[xX]?[ \t]*([,;])").match


# The sections other than the main deck a row's cell may name ("Commander"), as the annotations that mark them.
_SECTION_MARKS = {COMMANDER: "[Commander]", COMPANION: "*CMPN*", SIDEBOARD: "[Sideboard]", MAYBEBOARD: "[Maybeboard]"}


def _cell_note(cell: str) -> str | None:
    """A row's later cell as an annotation of its card: one written as one ("*F*", "[Commander]", "(CMM)"), or
    the mark of the section it names ("Commander": "[Commander]"); None for any other cell."""
    if cell[0] in "*[(#^<":
        return cell
    return _SECTION_MARKS.get(HEADERS.get(cell.lower(), ""))


# A cell that goes on with the number of the cell before it: "Borrowing 100,000 Arrows" cut at its comma.
_THOUSANDS = re.compile(r"\d{3}\b").match


def continued_name(row: Sequence[str], at: int | None = None) -> list[str]:
    """A CSV row whose card name was written with its commas unquoted ("1,Sheoldred, Whispering One", "1,Borrowing
    100,000 Arrows"), with the name's cell (`at`, else the first with a letter) and the cells that go on with it
    joined again: each next cell that starts with a space where the name's cell does not (no spreadsheet writes one
    after its separators, a name's comma has one), or with three digits after the name's number; a cell naming a
    section or written as an annotation ("Commander", "*F*") is no part of it."""
    if at is None:
        at = next((i for i, cell in enumerate(row) if _has_letter(cell)), len(row))
    if at >= len(row) - 1 or row[at][:1].isspace():
        return list(row)
    name, rest = row[at], list(row[at + 1:])
    while rest and rest[0].strip() and (rest[0][:1] == " " and not _cell_note(rest[0].strip())
                                        or name[-1:].isdigit() and _THOUSANDS(rest[0])):
        name += "," + rest.pop(0)
    return [*row[:at], name, *rest]


def _from_cells(row: Sequence[str]) -> str:
    """The cells of a spreadsheet's row (tab-separated as a paste copies them, or a CSV's): the quantity's cell
    and the name's beside it ("1<TAB>Sol Ring<TAB>CMM<TAB>410", "Sol Ring<TAB>1") as "1 Sol Ring", with the later
    cells that are annotations ("*F*", "[Commander]", "(CMM)") or name a section other than the main deck's
    ("Commander", "Sideboard": read as their marks, "[Commander]") and without the others (a set code, a type, a price: no
    card name holds a tab). Any other row: its cells joined by spaces."""
    cells = [cell for cell in map(str.strip, row) if cell]
    if len(cells) >= 2:
        notes = [note for note in map(_cell_note, cells[2:]) if note]
        if _CELL_QUANTITY(cells[0]) and _has_letter(cells[1]):
            return " ".join([cells[0], cells[1], *notes])
        if _CELL_QUANTITY(cells[1]) and _has_letter(cells[0]):
            return " ".join([cells[1].strip("xX×"), cells[0], *notes])
    return " ".join(cells)


def labelled_name(line: str) -> tuple[str, str] | None:
    """The section and name of a line that names a commander or companion after a label ("Commander: Edgar Markov",
    "**Partner:** Tymna the Weaver", "Companion - Lurrus of the Dream-Den", a count before the name or not), the
    name read as a list's line reads it (`parse_lines`): (COMMANDER or COMPANION, the name); None for any other
    line."""
    found = _PREFIX.match(line.strip())
    if found is None or _prefix_section(found) not in (COMMANDER, COMPANION):
        return None
    entries = parse_lines(line, "").entries
    return (entries[0].section, entries[0].name) if len(entries) == 1 else None


def _has_letter(text: str) -> bool:
    return _LETTER(text) is not None


# A Markdown table's rule under its header row ("|---|:---:|", "--- | ---", "| - |"): dashes, perhaps a colon each
# side, between bars (one at least: a line of dashes alone is a decoration). A pattern, as _MARKDOWN is.
_TABLE_RULE = r"(?m)^(?=[^\n]*\|)[^\S\n]*\|?(?:[^\S\n]*:?-+:?[^\S\n]*\|)*[^\S\n]*:?-+:?[^\S\n]*\|?[^\S\n]*$"


#: A Markdown table's row between bars, "| 1 | Sol Ring |": two cells at least.
_BARRED_ROW = re.compile(r"(?m)^[^\S\n]*\|(?:[^|\n]*\|){2,}[^\S\n]*$").search


def _table_cells(lines: list[str]) -> list[str]:
    """A list posted as Markdown tables ("| 1 | Sol Ring |" or "1 | Sol Ring", under a header row and its rule
    "|---|---|"): each row's cells as a spreadsheet's copied row has them (tab-separated: "1", "Sol Ring" read as
    "1 Sol Ring"), and each header row as a comment (read as a section's header when it names one: "| Commander
    |"). Under a header row that names a card list's columns ("| Qty | Card | Set |", "| Card | CMC |":
    `card_columns`), a row is its count's cell (1 when there is no count column), its name's, then its set and
    its section as annotations ("(ELD)", "[Commander]"); the other cells are left out. Other lines as they are.
    (No card name holds "|": tested in test_store.py.)"""
    out = list(lines)
    rules = [re.match(_TABLE_RULE, line) is not None for line in lines] + [False]
    in_table = False
    columns: CardColumns | None = None
    for i, line in enumerate(lines):
        row = line.strip()
        if "|" not in row:
            in_table = False
            continue
        if rules[i]:
            in_table = True
            continue
        header = rules[i + 1]
        if header or in_table or row.startswith("|"):
            cells = [cell.strip() for cell in row.strip("|").split("|")]
            if header:
                columns = card_columns(cells)
                out[i] = "// " + " ".join(cells)
            else:
                out[i] = "\t".join(cells if columns is None or not in_table else _by_columns(cells, columns))
    return out


def _by_columns(cells: list[str], columns: CardColumns) -> list[str]:
    """A table row's cells as a copied row's that reads as its card: count, name, then its set's mark and its
    section's cell."""
    def cell(index: int | None) -> str:
        return cells[index] if index is not None and index < len(cells) else ""

    set_code = cell(columns.set_code)
    return [cell(columns.quantity) or "1", cell(columns.name), *([f"({set_code})"] if set_code else ()),
            cell(columns.section)]  # (a section's cell is read as `_from_cells` reads one)


_FIRST_ITEM = re.compile(r"^[^\S\n]*1[.)][^\S\n]+\S", re.MULTILINE).search
_ITEM_NUMBER = re.compile(r"\s*(\d{1,3})[.)]\s+(?=\S)").match


def _without_item_numbers(lines: list[str]) -> list[str]:
    """A list pasted from a document's numbered list ("1. Sol Ring", "2. Arcane Signet", ... or "1) ..."), its
    numbers taken off: they count the items, not the copies ("57. 10 Island" is ten Islands). Only when three
    or more lines are numbered so, the numbers count up by one (from 1 again in a new section), and every
    other line that starts with a digit is no card line of its own; else the lines as they are (a card line's item
    number is taken off as the line is read, in `parse_lines`: "12. Sol Ring" among lines not numbered)."""
    found = [_ITEM_NUMBER(line) for line in lines]
    if sum(m is not None for m in found) < 3:
        return lines
    expected = 1
    for line, m in zip(lines, found):
        if m is None:
            if line.lstrip()[:1].isdigit():
                return lines
            continue
        number = int(m.group(1))
        if number not in (expected, 1):
            return lines
        expected = number + 1
    return [line if m is None else line[m.end():] for line, m in zip(lines, found)]


def _without_symbol_bullet(s: str) -> str | None:
    """A line without the emoji or other symbol set before it as a bullet ("⭐ 1 Seedborn Muse", "🔹 Sol Ring",
    "✔️ 1 Sol Ring": with the marks that vary or join it), and the spaces after; None when it starts with none. No
    card's name starts with a symbol."""
    if s[0] < "\u2190" or unicodedata.category(s[0]) != "So":  # (not ©, ®, ™: "© 2025 Moxfield" is words)
        return None
    end = 1
    while end < len(s) and unicodedata.category(s[end]) in _BULLET_MARKS:
        end += 1
    rest = s[end:]
    return rest.lstrip() if rest[:1].isspace() and rest.strip() else None


#: What an emoji bullet is made of after its first symbol: more symbols, skin tones, variation selectors and joiners.
_BULLET_MARKS = frozenset({"So", "Sk", "Mn", "Me", "Cf"})


def runs_entries_together(text: str) -> bool:
    """Whether a text holds entries run together on a line ("1 Sol Ring, 1 Arcane Signet")."""
    return _NEXT_ENTRY.search(text) is not None


def _entries_apart(lines: list[str]) -> list[tuple[int, str]]:
    """(line number, text) of each line, a line of several entries ("1 Sol Ring, 1 Arcane Signet",
    "SB: 1 Duress; 1 Negate") cut into one text per entry, each under the line's section prefix if it has one.
    Only a line that starts with a quantity (after a bullet or a prefix) is cut: a comment's "// Main, 60
    cards" is no entry. Past MAX_CARD_LINES texts the rest of a line is left whole."""
    numbered: list[tuple[int, str]] = []
    for number, line in enumerate(lines, 1):
        s = line.strip()
        if s[:1] in _BULLETS and s[1:2].isspace():
            s = s[1:].lstrip()
        elif s[:1] > "\x7f" and (bare := _without_symbol_bullet(s)) is not None:
            s = bare
        prefix = _PREFIX.match(s)
        head = prefix.group(0) if prefix is not None else ""
        budget = MAX_CARD_LINES - len(numbered)
        pieces = (_NEXT_ENTRY.split(s[len(head):], budget)
                  if budget > 0 and s[len(head):len(head) + 1].isdigit() else ())
        if len(pieces) > 1:
            numbered += ((number, head + piece) for piece in pieces)
        else:
            numbered.append((number, line))
    return numbered


def parse_lines(text: str, path: str) -> Deck:
    """Parse a plain-text decklist (any of the text dialects) into a Deck."""
    if "\\" in text:  # a post's Markdown source, its punctuation escaped ("1\\. Sol Ring", "\\- Forest"): no card
        text = _MARKDOWN_ESCAPE("", text)  # name holds a backslash
    lines = text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n").split("\n")
    if _FIRST_ITEM(text) is not None:  # "1. Sol Ring": perhaps a numbered list
        lines = _without_item_numbers(lines)
    if "|" in text and (re.search(_TABLE_RULE, text) is not None or _BARRED_ROW(text) is not None):  # a Markdown
        lines = _table_cells(lines)  # table, or its rows alone ("| 1 | Sol Ring |": copied without the header)
    numbered: Iterable[tuple[int, str]] = enumerate(lines, 1)
    if runs_entries_together(text):
        numbered = _entries_apart(lines)
    # [line, quantity, name, section, set code, number, block of an unsectioned main entry or None]
    rows: list[tuple] = []
    collector = EntryCollector()  # takes the rows once the blocks are known; counts those past MAX_CARD_LINES
    problems = Problems()
    deck_name: str | None = None
    section = MAIN
    section_has_cards = False
    tag_block: str | None = None
    structured = False  # a commander tag or marker, or an About block, seen
    headed: set[str] = set()  # the sections headers and prefixes named
    marked = False
    block = 0
    block_open = False
    struck: list[tuple[int, str]] = []  # (line, text) of what is struck through
    unled: list[int] = []  # the lines of entries with no quantity before the name
    label_lines: list[int] = []  # those of commanders with no count ("Commander: Atraxa", a header then "Atraxa")
    headings: set[int] = set()  # those of them written as headings: all in bold or italics, or ending in ":"
    colon_headings: set[int] = set()  # those ending in ":", which no card name does
    counted_headings: list[int] = []  # the lines of entries with a quantity written as headings: "**1 Sol Ring**"
    counted_after: dict[int, bool] = {}  # those with a count after the name: whether "(12)"
    worded: set[int] = set()  # those that read as a post's words: "Thanks!"
    tallies: list[tuple[int, str]] = []  # (line, text) of those counting the list's cards: "100 cards", "Total: 100"

    lines_left = iter(numbered)
    for number, raw in lines_left:
        if len(raw) > MAX_LINE_CHARS and not could_be_names(raw):
            problems.append(line_too_long(number, raw))
            continue
        if len(rows) >= MAX_CARD_LINES or number > MAX_LINES_READ:  # not a deck: the lines left that are not blank
            # are counted, not read, from the first of them (a line read as a heading costs 20 us: a 16 MB list of
            # "**Ramp**" took 40 s; one of comments 15 s)
            past = next(((n, line) for n, line in itertools.chain([(number, raw)], lines_left)
                         if line and not line.isspace()), None)
            if past is not None:
                skip = collector.skip if len(rows) >= MAX_CARD_LINES else collector.skip_lines
                skip(past[0], past[1].strip(), 1 + sum(1 for _, line in lines_left if line and not line.isspace()))
            break
        s = raw.strip()
        if s and (s[0] in _INVISIBLE or s[-1] in _INVISIBLE):  # a zero-width space pasted from a web page
            s = s.strip(_INVISIBLE).strip()
        if s[:1] in _CHAT_MARKS:  # a list posted in a chat: quoted, or in a code block
            s = _out_of_quote(s)
        if not s:
            if block_open:
                block += 1
                block_open = False
            tag_block = None
            if section in (COMMANDER, COMPANION, _ABOUT) and section_has_cards:
                section = MAIN
                section_has_cards = False
            elif section == _ABOUT:
                section = MAIN
            continue
        first = s[0]
        if first > "\x7f" and (bare := _without_symbol_bullet(s)) is not None:  # "⭐ 1 Seedborn Muse"
            s, first = bare, bare[0]
        if first.isdigit() and section != _ABOUT:
            fast = _SIMPLE(s)  # the common "4 Name" / "4x Name" with no annotations: one match
            if fast is not None:
                digits, name = fast.groups()
                if name in _TALLY_NAMES:
                    tallies.append((number, s))
                    continue
                if name[:2] not in ("x ", "X ") and not (name[-1] in _MARK_ENDS and _DASHED_MARK(name)):
                    quantity = int(digits)
                    if quantity:
                        if "  " in name:
                            name = " ".join(name.split())
                        target = section if section in KEPT_FROM_MARKS else (tag_block or section)
                        if target == COMMANDER:
                            marked = True
                        section_has_cards = block_open = True
                        rows.append((number, quantity, name, target, None, None,
                                     block if target == MAIN and section == MAIN else None))
                        continue
        if first in "/#":
            if s.startswith("//") or first == "#":
                body = s.lstrip("/#").strip()
                low = body.lower()
                if low.startswith("name:"):
                    deck_name = body[5:].strip() or deck_name
                    continue
                head = header_of(body)
                tag_block = None
                if head == _COMMANDER_TAG:
                    tag_block = COMMANDER
                    structured = True
                elif head == _ABOUT:
                    section, section_has_cards, structured = _ABOUT, False, True
                elif head:
                    section, section_has_cards = head, False
                    headed.add(head)
                elif section in _ENDED_BY_A_GROUP and section_has_cards:
                    section, section_has_cards = MAIN, False
                continue
        if section == _ABOUT:
            head = header_of(s)
            if not head or head in (_ABOUT, _COMMANDER_TAG):  # the About block holds no cards
                if s[:5].lower() in ("name ", "name:", "name="):
                    deck_name = s[5:].strip(" :") or deck_name
                continue
        if s[:5].lower() == "name:":  # XMage .dck "NAME:Deck name"
            deck_name = s[5:].strip() or deck_name
            continue
        if s.startswith("LAYOUT "):  # XMage .dck layout lines
            continue
        if not first.isdigit():
            # (a card, bare or after a list's bullet or in Markdown's bold or italics: "- Acquire", "**Acquire**")
            head = header_of(s) if s.strip(_BULLETS + "_ \t").lower() not in CARD_NAMED_HEADERS else None
            if head is None and _TALLY(s.strip(_DECORATION)) is not None:  # a count of the list's cards: no card,
                tallies.append((number, s))  # and, as a group's name, the end of a commander's or companion's section
                head = ""
            if head is not None:
                if head == _COMMANDER_TAG:
                    tag_block, structured = COMMANDER, True
                elif head == _ABOUT:
                    section, section_has_cards, structured = _ABOUT, False, True
                elif head:
                    section, section_has_cards, tag_block = head, False, None
                    headed.add(head)
                elif section in _ENDED_BY_A_GROUP and section_has_cards:
                    section, section_has_cards = MAIN, False
                continue
        # A card entry.
        if first in _BULLETS and s[1:2].isspace() and len(s) > 2:  # a pasted list: "- 1 Sol Ring", "• Sol Ring"
            s = s[1:].lstrip()
            first = s[0]
        if first.isdigit() and (item := _ITEM_NUMBER(s)) is not None:
            s = s[item.end():]  # a numbered item among lines that are not ("12. Sol Ring"): its number counts no copies
            first = s[0]
        if "\t" in s:  # cells copied from a spreadsheet
            s = _from_cells(s.split("\t"))
            first = s[0]
        elif first.isdigit() and (cell := _COUNT_CELL_FIRST(s)) is not None:  # a CSV's row, with no header
            cells = next(csv.reader([s], delimiter=cell.group(1)))
            s = _from_cells(continued_name(cells) if cell.group(1) == "," else cells)
            first = s[0]
        if "~~" in s:
            s, cut = _without_struck(s)
            if cut:
                struck += ((number, piece) for piece in cut)
                if not s:
                    continue
                first = s[0]
        line_section: str | None = None
        m = _PREFIX.match(s)
        if m is not None:
            rest = s[m.end():]
            bold, word, *closed = m.groups()
            if bold and not any(closed) and rest.endswith(bold):  # "**Commander: Name**"
                rest = rest[:-len(bold)].rstrip()
            target = _prefix_section(m)
            if not rest or rest.isdigit():  # "Sideboard: 15" is a header
                section, section_has_cards, tag_block = target, False, None
                headed.add(target)
                continue
            line_section, s = target, rest
            headed.add(target)
        if (s[:1] in "*_" and line_section is None and (emphasized := _EMPHASIZED(s)) is not None
                and _QUANTITY.match(emphasized.group(2))):
            # a count and a name all in bold or italics ("**1 Sol Ring**", "*96 Forest*"): an entry, written as a
            # heading is, so a group's name when no card has its name ("**2 Drops**")
            s = emphasized.group(2) + emphasized.group(3)
            headings.add(number)
            counted_headings.append(number)
        m = _QUANTITY.match(s)
        led = m is not None  # a quantity before the name
        digits: str | None = None
        if m is not None:
            digits, s = m.group(1) or m.group(2) or m.group(3) or m.group(4), s[m.end():]
        elif first.isdigit() and s.isdigit():
            problems.append(problem(number, raw, "a number with no card name"))
            continue
        elif ((m := _TRAILING_QUANTITY.search(s)) is not None and _has_letter(s[:m.start()])
              and not holds_several_names(s)):  # else it counts a line of names' last one
            digits, s = next(filter(None, m.groups())), s[:m.start()]
            counted_after[number] = m.group(3) is not None  # "Card Draw (12)": perhaps a group's size
        quantity = 1
        if digits is not None:
            value, why = read_quantity(digits)
            if value is None:
                problems.append(problem(number, raw, why or "bad quantity"))
                continue
            quantity = value
        if not led and line_section is None:
            if s[-1:] == ":" or s[:1] in "*_" and _EMPHASIZED(s):
                headings.add(number)  # "**Ramp**", "Card Draw:" (no card name ends in ":"), whatever comes after it
            elif _reads_as_words(s):
                worded.add(number)  # "Here's my list!"
        s = _without_markdown(s)
        if s[-1:] == ":":  # a heading's colon: no card name ends in ":"
            s = s.rstrip(":")
            if number in headings:
                colon_headings.add(number)
        set_code = collector_number = None
        if s.startswith("["):  # XMage: "1 [SET:num] Name"
            j = s.find("]")
            if j > 0:
                sm = _SET_BRACKET.fullmatch(s[1:j].strip())
                if sm is not None:
                    set_code, collector_number = sm.group(1), sm.group(2)
                    s = s[j + 1:].lstrip()
        # "1 Atraxa, Praetors' Voice - Commander": marked so on a counted line, or one after the list's first entry (a
        # title, "Tasigur Control - Commander", has no count and comes first)
        dashed = _DASHED_MARK(s) if (led or rows) and s[-1:] in _MARK_ENDS else None
        if dashed is not None and dashed.start() > 0:
            s = s[:dashed.start()]
        else:
            dashed = None
        name, notes = split_annotations(s)
        if dashed is not None and dashed.group(1).lower() == _COMPANION_WORD:
            notes.board = notes.board or COMPANION
        else:
            notes.commander = notes.commander or dashed is not None
        if notes.commander and holds_several_names(name):  # the mark ending a line of names is its last name's, as
            # a count there is ("Sol Ring, ..., Kenrith, the Returned King (Commander)"): read with the names apart
            name, notes.commander = " ".join(s.split()), False
        if not name or not (_has_letter(name) or name == UNDERSCORES_CARD):
            if not _has_letter(raw) and not any(ch.isdigit() for ch in raw):
                continue  # decoration such as "-----" or "====="
            problems.append(problem(number, raw, "no card name on this line"))
            continue
        if section in KEPT_FROM_MARKS and line_section is None:
            target = section  # markers never pull a card out of the maybeboard or the extra decks
        elif line_section is not None:
            target = line_section
        elif notes.commander:
            target, structured = COMMANDER, True
        elif notes.board is not None:
            target = notes.board
        elif tag_block is not None:
            target = tag_block
        else:
            target = section
        if target == COMMANDER:
            marked = True
        set_code = notes.set_code or set_code
        collector_number = notes.number or collector_number
        section_has_cards = True
        block_open = True
        plain = block if target == MAIN and line_section is None and section == MAIN else None
        if not led and line_section is None:  # ("Commander: Atraxa" is an entry, whatever comes next)
            unled.append(number)
        if target == COMMANDER and digits is None:
            label_lines.append(number)
        rows.append((number, quantity, name, target, set_code, collector_number, plain))

    group_lines: tuple[int, ...] = ()
    cardless_group_lines: tuple[int, ...] = ()
    if unled:  # perhaps a group's name: an entry with no quantity right before one with a quantity, a heading, or
        # one that counts "(12)" right before one with no count at all; never one counted "x1", "1x" or "(x1)" after
        # its name, as only a card's count is written
        led_lines = {row[0] for row in rows}.difference(unled)
        countless = set(unled).difference(counted_after)
        # before a card counted after its name ("Sol Ring x1"): a line with no count, or one counting "(12)" in a
        # list that counts its cards "x1" as a rule (where other cards are counted "(2)", "Forest (2)" is a card)
        # (such a line is a group's name only when no card has its name: "Mana Crypt" there is a card whose count
        # was left out, never a group, whatever the list's size)
        x_counted = {line for line, bare in counted_after.items() if not bare}
        x_style = len(x_counted) > 2 * (len(counted_after) - len(x_counted))
        group_lines = tuple(line for line in unled if counted_after.get(line, True) and (
            line + 1 in led_lines or line + 1 in x_counted and (line in countless or x_style) or line in headings
            or counted_after.get(line) and line + 1 in countless))
        cardless_group_lines = tuple(line for line in group_lines if line + 1 in x_counted and line not in headings)
    if counted_headings:  # and one with a quantity written as a heading
        group_lines = tuple(sorted(group_lines + tuple(counted_headings)))
    heading_lines = tuple(line for line in group_lines if line in colon_headings)
    title_line = 0
    if (len(rows) >= 2 and rows[0][6] is not None and unled[:1] == [rows[0][0]]
            and (rows[1][0] not in unled or counted_after.get(rows[1][0]) is False)
            and rows[0][0] not in group_lines):  # perhaps a title, set off from the list after it (counted)
        title_line = rows[0][0]
    word_lines = _words_around(rows, worded) if worded else ()
    notes_out: list[str] = []
    first_block: tuple[str, ...] = ()
    last_block: tuple[str, ...] = ()
    words = set(word_lines)
    listed = [row for row in rows if row[0] not in words] if words else rows  # the list without a post's words
    blocks = sorted({row[6] for row in listed if row[6] is not None})
    if (title_line and len(blocks) >= 3 and listed[0][0] == title_line
            and listed[1][6] != blocks[0]):  # a title alone in its block, above a list of blocks
        listed, blocks = listed[1:], blocks[1:]
    beside = not headed.isdisjoint(_BESIDE)  # (a sideboard or maybeboard below: the list above it may be so too)
    if not structured and headed <= _BESIDE and len(blocks) >= 2:
        q1 = sum(row[1] for row in listed if row[6] == blocks[0])
        q2 = sum(row[1] for row in listed if row[6] == blocks[1])
        start = min(row[0] for row in listed if row[6] == blocks[1])
        # a line of card names run together holds more cards than its count says, and a block that starts with a
        # group's name ("Card Draw") is a group of the main deck: no sideboard; nor is a block of more cards than
        # a sideboard holds (a list written as its spells, a blank line, then its lands)
        if (len(blocks) == 2 and q2 <= min(q1, _MOST_SIDEBOARD) and not beside
                and not any(holds_several_names(row[2]) for row in listed if row[6] == blocks[1])
                and start not in group_lines):
            notes_out.append(f"read the {q2} card(s) from line {start} on, after a blank line, as the sideboard "
                             "(MTGO convention; the list has no Commander or Deck header)")
            rows = [row if row[6] != blocks[1] else row[:3] + (SIDEBOARD,) + row[4:] for row in rows]
        elif q1 <= 2:  # perhaps the commander, set off at the top
            first_block = tuple(row[2] for row in listed if row[6] == blocks[0])
        elif len(blocks) == 2 and q2 <= 2:  # or at the end (MTGO's order), a maybeboard or sideboard below
            last_block = tuple(row[2] for row in listed if row[6] == blocks[1])
    if tallies:
        notes_out.append(_tally_note(tallies))
    if struck:
        notes_out.append(_struck_note(struck))
    for line, quantity, name, target, set_code, collector_number, _ in rows:
        collector.add(quantity, name, target, line, set_code, collector_number)
    entries, kept = collector.finish(problems)
    return Deck(path=path, name=deck_name, entries=entries, problems=kept, commanders_marked=marked,
                notes=tuple(notes_out), source_format="text", first_block_names=first_block,
                last_block_names=last_block,
                group_lines=group_lines, cardless_group_lines=cardless_group_lines, heading_lines=heading_lines,
                word_lines=word_lines, label_lines=tuple(label_lines), title_line=title_line,
                uncounted_lines=tuple(unled))


def blocks_text(blocks: Sequence[tuple[str | None, Sequence[str]]]) -> str:
    """Decklist text of blocks of lines, each after its header line (none for a None header)."""
    lines: list[str] = []
    for header, body in blocks:
        if header is not None:
            lines.append(header)
        lines.extend(body)
    return "\n".join(lines) + "\n"


#: Plain lines already read by `parse_plain_blocks`: line -> (quantity, name, folded name). Decks of one
#: archive share most of their lines ("1 Sol Ring"), so a batch reads each distinct line once; cleared when it
#: grows past _PLAIN_CACHE_LINES. Lines that are not plain are never kept (a deck with one is parsed as text).
_PLAIN_CACHE: dict[str, tuple[int, str, str]] = {}
_PLAIN_CACHE_LINES = 200_000
_ROW_QUANTITY, _ROW_NAME, _ROW_KEY = itemgetter(0), itemgetter(1), itemgetter(2)  # of a cached line


def _plain_line(line: str) -> tuple[int, str, str] | None:
    """(quantity, name, folded name) of a plain "N Name" line, as `_SIMPLE_LINES` reads it; None otherwise."""
    found = (_SIMPLE_LINES(line) if "\n" not in line and "\r" not in line and "\\" not in line
             and len(line) <= MAX_LINE_CHARS else ())  # (a backslash is a Markdown escape, for parse_lines)
    if len(found) != 1:
        return None
    q, card = found[0]
    if card[-1] in _INVISIBLE or card[-1] in _MARK_ENDS and _DASHED_MARK(card):
        return None  # a zero-width character pasted after the name, which parse_lines strips; "- Commander"
    if ("," in card or ";" in card) and runs_entries_together(card):
        return None  # several entries on one line: parse_lines cuts them apart
    if "  " in card:
        card = " ".join(card.split())
    return _QUANTITIES[q], card, name_key(card)


def parse_plain_blocks(blocks: Sequence[tuple[str | None, Sequence[str]]], path: str,
                       name: str | None = None, *, numbered: bool = True) -> Deck | None:
    """The Deck `parse_lines(blocks_text(blocks), path)` gives (named `name`; `unnumbered` unless `numbered`),
    built without the text when every header is a bare section word and every line a plain "N Name" entry;
    None when any is not (the caller then parses the text). The fast path for JSON Lines decks, whose lines
    are usually all plain."""
    if sum(len(body) for _, body in blocks) > MAX_ENTRIES:
        return None  # no deck has so many lines: parse_lines says which cards past MAX_ENTRIES it did not keep
    cache = _PLAIN_CACHE
    entries: list[Entry] = []
    keys: dict[str, set[str]] = {}  # folded names per section, to find a card written on two lines
    repeated = marked = False  # a card on two lines of a section; a commander entry
    section = MAIN
    number = 0
    for header, body in blocks:
        if header is not None:
            number += 1
            section = HEADERS.get(header.lower(), "")
            if section not in (COMMANDER, COMPANION, MAIN, SIDEBOARD):
                return None
        if not body:
            continue
        try:
            rows = list(map(cache.__getitem__, body))
        except KeyError:  # a line not met before, or not plain
            if len(cache) > _PLAIN_CACHE_LINES:
                cache.clear()
            rows = [cache.get(line) or _plain_line(line) for line in body]
            if None in rows:
                return None  # a line that is not plain (or that is really two lines)
            cache.update(zip(body, rows))
        if numbered:
            lines: Iterable[int] = range(number + 1, number + len(body) + 1)
            line_tuples: Iterable[tuple[int]] = zip(lines)
        else:
            lines, line_tuples = repeat(0), repeat((0,))
        number += len(body)
        # Entry(quantity, name, section, line, None, None, (line,)) per row, without a Python-level step each
        fields = zip(map(_ROW_QUANTITY, rows), map(_ROW_NAME, rows), repeat(section), lines, repeat(None),
                     repeat(None), line_tuples)
        entries += map(tuple.__new__, repeat(Entry), fields)
        marked = marked or section == COMMANDER
        block_keys = set(map(_ROW_KEY, rows))
        seen = keys.setdefault(section, set())
        if len(block_keys) != len(rows) or not seen.isdisjoint(block_keys):
            repeated = True
        seen |= block_keys
    if repeated:
        collector = EntryCollector()  # a card on two lines of a section: add them up as parse_lines does
        for e in entries:
            collector.add(e[0], e[1], e[2], e[3])
        entries = list(collector.entries())
    return Deck(path=path, name=name, entries=tuple(entries), problems=(), commanders_marked=marked,
                source_format="text")


def _reads_as_words(text: str) -> bool:
    """Whether a line with no count reads as a post's words, not a card's name: it ends a sentence ("Thanks!", "Here's
    my list.") or holds the end of one before more words, ends in a smiley or an emoji ("Thanks in advance :)"), or
    begins as a post's afterthought does ("Edit: swapped Mana Crypt for Sol Ring lol"); no card's name does any."""
    return (text[-1:] in ".!?" or ". " in text or "! " in text or "? " in text
            or _SMILEY_END(text) is not None or unicodedata.category(text[-1:] or " ") == "So"
            or _AFTERTHOUGHT(text) is not None)


#: A smiley ending a line: ":)", ";-)", ":D", ":P", "xD", "<3", "^^".
_SMILEY_END = re.compile(r"(?:[:;=][-']?[()DPpO3/\\|]|\bx[dD]|<3|\^\^)$").search
#: How a post's afterthought begins: "Edit:", "EDIT -", "Update:", "PS:", "P.S.".
_AFTERTHOUGHT = re.compile(r"(?:edit|update|ps|p\.s\.)\s*(?::|-|\u2013|\u2014)\s*\S", re.IGNORECASE).match


def _words_around(rows: list[tuple], worded: set[int]) -> tuple[int, ...]:
    """The lines of `worded` (entries that read as words) before the list's first other entry or after its last:
    the words of a post around its list (none when there is no other entry)."""
    lines = [row[0] for row in rows]
    first = next((i for i, line in enumerate(lines) if line not in worded), len(lines))
    last = next((i for i in range(len(lines) - 1, -1, -1) if lines[i] not in worded), -1)
    return tuple(lines[:first] + lines[last + 1:]) if first <= last else ()


def _standing_on(deck: Deck, lines: Iterable[int]) -> list[Entry]:
    """The deck's entries that stand only on these lines."""
    on = set(lines)
    return [e for e in deck.entries if on.issuperset(e.lines)] if on else []


def _unknown_on(deck: Deck, lines: Iterable[int], unknown: Iterable[str]) -> list[Entry]:
    """The deck's entries that no card has (`unknown`) and that stand only on these lines."""
    unknown = set(unknown)
    return [e for e in _standing_on(deck, lines) if e.name in unknown]


def without_words_around(deck: Deck, unknown: Iterable[str],
                         mistyped: Callable[[list[str]], Mapping[str, str]] | None = None) -> Deck:
    """The deck without the entries on its `word_lines` that no card has (`unknown`, as for `without_group_names`):
    the words of a post before and after its list ("Here's my deck, feedback welcome!", "Thanks!"), which are no
    card. Of the first WORDS_SEARCHED, those that nearly spell a card (`mistyped`: "Arcane Signat.") stay, as a card
    mistyped. A note names the first NOTE_NAMED with their lines. The deck itself when there are none."""
    if not deck.word_lines:
        return deck
    named = _unknown_on(deck, deck.word_lines, unknown)
    if named and mistyped is not None:
        near = mistyped([e.name for e in named[:WORDS_SEARCHED]])
        named = [e for e in named if e.name not in near]
    if not named:
        return deck
    said = _named([f'line {e.line} "{shortened(e.name, 60)}"' for e in named[:NOTE_NAMED]], len(named))
    note = f"read {said} as the post's words around the list, not as a card: no card has that name"
    drop = set(named)
    return replace(deck, entries=tuple(e for e in deck.entries if e not in drop), notes=deck.notes + (note,),
                   word_lines=())


def group_name_entries(deck: Deck) -> list[Entry]:
    """The deck's entries that stand only on its `group_lines`, but its `cardless_group_lines`: each may be a
    group's name even when a card has that name ("Ramp", "Blink")."""
    return _standing_on(deck, set(deck.group_lines).difference(deck.cardless_group_lines))


def without_group_names(deck: Deck, unknown: Iterable[str],
                        mistyped: Callable[[list[str]], Mapping[str, str]] | None = None, *,
                        cards: Iterable[str] = ()) -> Deck:
    """The deck without the entries on its `group_lines` that no card has (`unknown`: the deck's names no card
    has, but those the checker tells as something else, such as a web address or two cards joined): a list
    grouped by what its cards do names each group on a line of its own ("Ramp", "Card Draw (12)"), which is no
    card. A note names the first NOTE_NAMED with their lines, and with the card a name may misspell (`mistyped`:
    the checker's closest card names, nearly alike), and counts the rest. The entries on its `heading_lines`
    ("Burn:") go too, whatever card has their name, with a note of their own, and so do those named `cards`: names
    of cards the checker reads as groups' names ("Blink" above its group's cards, when the list is 100 cards
    without it). The deck itself when there are none."""
    if not deck.group_lines:
        return deck
    named = _unknown_on(deck, deck.group_lines, unknown)
    taken = set(named)
    headed = [e for e in _standing_on(deck, deck.heading_lines) if e not in taken]
    taken.update(headed)
    cards = set(cards)
    carded = [e for e in group_name_entries(deck) if e.name in cards and e not in taken]
    if not named and not headed and not carded:
        return deck
    notes: list[str] = []
    if named:
        shown = named[:NOTE_NAMED]  # (the names past them cost no search for a card they misspell)
        near = mistyped([e.name for e in shown]) if mistyped is not None else {}
        said = _named([f'line {e.line} "{e.name}"' + (f" ({near[e.name]} mistyped?)" if e.name in near else "")
                       for e in shown], len(named))
        notes.append(f"read {said} as the name of a group of the cards after it, not as a card: no card has that "
                     "name")
    if headed:
        said = _named([f'line {e.line} "{e.name}:"' for e in headed], len(headed))
        notes.append(f"read {said} as the name of a group of the cards after it, not as a card: it is written as a "
                     "heading, ending in a colon")
    if carded:
        said = _named([f'line {e.line} "{e.name}"' for e in carded], len(carded))
        notes.append(f"read {said} as the name of a group of the cards after it, not as a card: the list is 100 "
                     f"cards without {'it' if len(carded) == 1 else 'them'}")
    named += headed + carded
    # a group begun in the commander's (or companion's) section ends it, as a header would: its cards are the deck's
    ends: dict[str, int] = {}
    for e in named:
        if e.section in (COMMANDER, COMPANION):
            ends.setdefault(e.section, e.line)
    drop = set(named)
    entries = tuple(e._replace(section=MAIN) if e.section in ends and e.line > ends[e.section] else e
                    for e in deck.entries if e not in drop)
    return replace(deck, entries=entries, notes=deck.notes + tuple(notes), group_lines=(), cardless_group_lines=(),
                   heading_lines=())


def without_title(deck: Deck, unknown: Iterable[str],
                  mistyped: Callable[[list[str]], Mapping[str, str]] | None = None) -> Deck:
    """The deck without the entry on its `title_line` when no card has its name (`unknown`, as for
    `without_group_names`) and it nearly spells none (`mistyped`): a deck's title written above its list, which is
    no card. It becomes the deck's name when the list gives none. The deck itself otherwise."""
    if not deck.title_line:
        return deck
    named = _unknown_on(deck, (deck.title_line,), unknown)
    if not named or mistyped is not None and mistyped([named[0].name]):
        return deck
    title = named[0]
    note = (f'read line {title.line} "{shortened(title.name, 60)}" as the deck\'s title, not as a card: no card has '
            "that name")
    return replace(deck, name=deck.name or title.name, entries=tuple(e for e in deck.entries if e is not title),
                   notes=deck.notes + (note,), title_line=0)


#: A label before a link on a line of its own ("Moxfield:", "Link -", "Decklist:").
_LINK_LABEL = re.compile(r"[^\W\d_][\w' ]{0,30}?\s*(?::|\s[-\u2013\u2014])").fullmatch


#: A web address and nothing else, in angle brackets or not ("https://moxfield.com/decks/abc",
#: "<www.archidekt.com/...>", "moxfield.com/decks/abc"; not a formula holding one, "=HYPERLINK(...)").
_URL = re.compile(r"<?(?:https?://|www\.|(?:[a-z0-9-]+\.)+[a-z]{2,}/)[^\s\"'<>()]*>?", re.IGNORECASE).fullmatch


def _a_link(name: str, is_card: Callable[[str], bool]) -> bool:
    """Whether an entry's name is a web address alone, or after a label that is no card's name: a deck site's link
    on a line of its own ("Moxfield: https://...", not "Sol Ring - https://scryfall.com/...", a card and its page)."""
    words = name.split()
    if not words or _URL(words[-1]) is None or not is_web_address(words[-1]):
        return False
    label = " ".join(words[:-1])
    return not label or _LINK_LABEL(label) is not None and not is_card(label.rstrip(":-\u2013\u2014 "))


def without_links(deck: Deck, unknown: Iterable[str], is_card: Callable[[str], bool]) -> Deck:
    """The deck without the entries no card has (`unknown`) that are a web address alone on a line, or after a label
    ("https://www.moxfield.com/decks/...", "Moxfield: moxfield.com/decks/..."): a deck site's link pasted with the
    list, which is no card, nor one of the 100 (before, a list of 99 cards and its link was 100). A note names them.
    The deck itself when there are none, or when they are all the list holds (an `unknown-card` says what each is).
    """
    unknown = set(unknown)
    links = [e for e in deck.entries if e.name in unknown and _a_link(e.name, is_card)]
    if not links or len(links) == len(deck.entries):
        return deck
    said = _named([f'line {e.line} "{shortened(e.name, 60)}"' if e.line else f'"{shortened(e.name, 60)}"'
                   for e in links[:NOTE_NAMED]], len(links))
    note = f"read {said} as a link to the deck, not as a card: deckcheck fetches no deck pages"
    drop = set(links)
    return replace(deck, entries=tuple(e for e in deck.entries if e not in drop), notes=deck.notes + (note,))


def with_first_line_marked(deck: Deck, unknown: Iterable[str], is_card: Callable[[str], bool]) -> Deck:
    """The deck with its first entry, written with no count and a mark after a dash ("Ayli, Eternal Pilgrim -
    Commander", "Lurrus of the Dream-Den - Companion"), read as that card marked so, when no card has the line's whole
    name (`unknown`), its name without the mark is a card's and no other entry names it. The parser leaves such a
    first line whole, for a deck's title is written so too ("Tasigur Control - Commander"); the card data tells the
    two apart. A maybeboard's or sideboard's card keeps its section. The deck itself otherwise."""
    listed = [e for e in deck.entries if e.line]
    if not listed or not deck.uncounted_lines:
        return deck
    first = min(listed, key=lambda e: e.line)
    name = first.name
    if first.line not in deck.uncounted_lines or name[-1:] not in _MARK_ENDS or name not in set(unknown):
        return deck
    dashed = _DASHED_MARK(name)
    card = name[:dashed.start()].strip() if dashed is not None else ""
    if not card or not is_card(card) or any(name_key(e.name) == name_key(card) for e in deck.entries):
        return deck
    section = first.section
    if section in (MAIN, COMMANDER, COMPANION):
        section = COMPANION if dashed.group(1).lower() == _COMPANION_WORD else COMMANDER
    line = first.line
    return replace(deck, entries=tuple(e._replace(name=card, section=section) if e is first else e
                                       for e in deck.entries),
                   commanders_marked=deck.commanders_marked or section == COMMANDER,
                   title_line=0 if deck.title_line == line else deck.title_line,
                   group_lines=tuple(n for n in deck.group_lines if n != line),
                   cardless_group_lines=tuple(n for n in deck.cardless_group_lines if n != line),
                   heading_lines=tuple(n for n in deck.heading_lines if n != line))


def with_set_codes_in_names(deck: Deck, unknown: Iterable[str], is_card: Callable[[str], bool]) -> Deck:
    """The deck with each entry whose name no card has (`unknown`), and whose line ended in a parenthesised word
    read as its set code, named with that word when the two are a card's name: "1 Hazmat Suit (Used)" is that
    Unfinity card, not Hazmat Suit of a set "Used". The deck itself when no entry is so named."""
    unknown = set(unknown)
    entries = [e._replace(name=whole, set_code=None)
               if e.set_code and e.name in unknown and is_card(whole := f"{e.name} ({e.set_code})") else e
               for e in deck.entries]
    if entries == list(deck.entries):
        return deck
    return replace(deck, entries=tuple(entries))


# A bare count after a card's name, as lists typed by hand write it: "Sol Ring 1", "Sol Ring - 1".
_TRAILING_COUNT = re.compile(r"\s*(?:[-\u2013\u2014:=]\s*)?(\d{1,3})$")
# Words a list typed by hand writes after a card's name for the copy it has, its finish or its condition ("Sol Ring
# foil", "Mind Stone NM", "Aether Vial - foil"): no part of the name, though Foil is a card's.
_COPY_WORDS = _FINISHES | {"nm", "lp", "mp", "hp", "dmg", "proxy"}
# Where what follows a card's name on a line may begin that is no part of it: a comment ("// best card", "<- new",
# "- land", "# combo"), a price ("$0.25"), a printing's words in parentheses or brackets ("(Extended Art)"); at the
# line's end, a word of `_COPY_WORDS` or symbols only, a list's ticks and marks ("Arcane Signet \u2705", "Sol Ring *"),
# or a number too big for a count (`MAX_COUNT_AFTER`), a printing's collector number ("Sol Ring 472", "Sol Ring 410p").
_BIG_NUMBER = rf"(?=0*[1-9]\d{{2}}){COLLECTOR_NUMBER.pattern}"  # a collector number of 100 or more: no count
_AFTER_NAME = re.compile(r"\s+(?://|<-+|-+>|[-\u2013\u2014]+|[$\u20ac\u00a3#(\[{<|]|(?=(?:(?i:"
                         + "|".join(sorted(_COPY_WORDS, key=len, reverse=True))
                         + r")|[^\w\s]+|" + _BIG_NUMBER + r")\s*$))")
#: A collector number ending a line with no count before its name ("Sol Ring 472"): a card's line, not a group's name.
_ENDS_NUMBERED = re.compile(r"\s" + _BIG_NUMBER + r"\s*$").search
#: The largest count read after a card's name ("Mountain - 90"): no card has more copies in a Commander deck.
MAX_COUNT_AFTER = 99
#: Basic lands named in the plural, as a list typed by hand counts them ("10 Islands"), folded, and their names.
_BASIC_PLURALS = {f"{snow.lower()}{land.lower()}s": f"{snow}{land}"
                  for land in BASIC_LAND_TYPES if not land.endswith("s") for snow in ("", "Snow-Covered ")}


def with_line_ends_read(deck: Deck, unknown: Iterable[str], card_names: Callable[[str], Sequence[str]], *,
                        group_counts: bool = True) -> Deck:
    """The deck with each entry whose name no card has (`unknown`) read as the card its name begins with (one
    `card_names` knows), when what follows is a bare count on a line with none before the name ("Sol Ring 1", "Sol
    Ring - 1": that many copies; a line of a group's name too unless `group_counts` is False: "Counterspell - 8" may
    be a group's size) or words that are no card's (a comment, "Sol Ring // best card", "Command Tower - land"; a
    price, "Evolving Wilds $0.25"; a printing's words, "Sol Ring (Extended Art)"), and a basic land's name in the
    plural as that land ("10 Islands"), said in a note for each kind (its first NOTE_NAMED lines); words only on a
    line counted before the name, or in a list that counts none (not a group's name). Never the deck's title, nor
    words after the name on a post's words around its list but a comment after "//". Not when what follows names a
    card too ("Sol Ring // Arcane Signet": two cards joined, which the unknown-card rule names), nor when a face
    separator follows a face of a card of several and what follows it is like another face ("Fire // Icee": that card
    mistyped, which the rule suggests; "Bonecrusher Giant // removal" is read). The deck itself when no entry is so
    read."""
    unknown = set(unknown)
    entries = list(deck.entries)
    counted_after: list[str] = []  # what each note says of its entries
    commented: list[str] = []
    plurals: list[str] = []
    words = set(deck.word_lines)  # a post's words: "Tasigur, the Golden Fang - Commander"
    groups = set(deck.group_lines)  # no count before the name: a group's ("Blink - flicker effects"), but counted after
    uncounted = set(deck.uncounted_lines)
    for index, entry in enumerate(entries):
        name = entry.name
        if name not in unknown or entry.line and entry.line == deck.title_line:
            continue
        no_count_before = uncounted.issuperset(entry.lines) if entry.line else entry.quantity == len(entry.lines)
        if no_count_before and (group_counts or entry.line not in groups) and (
                counted := _counted_after(entry, card_names)) is not None:
            read, said = counted, counted_after
        elif ((entry.line in groups or entry.line in words and " // " not in name)
              and not (group_counts and _ENDS_NUMBERED(name))):
            continue  # (a comment after a card in a post's last line, "Mr. Foxglove // combo", may be read; a
            # sentence's dash is no comment's; a group's line read as its card numbered "Sol Ring 472" unless the list
            # is read with its groups' sizes after their names, "Blink 100")
        elif (basic := _BASIC_PLURALS.get(name_key(name))) is not None and card_names(basic):
            read, said = entry._replace(name=basic), plurals
        elif _AFTER_NAME.search(name) is None:  # (most names no card has: newer cards', misspelt ones)
            continue
        else:
            found = next(((len(base), names) for m in reversed(list(_AFTER_NAME.finditer(name)))  # (a dash before
                          # what follows is no part of the name: "Sol Ring - $1.50")
                          if (names := card_names(base := name[:m.start()].rstrip(" -\u2013\u2014/|")))),
                         None)  # the longest card's name it begins with
            if found is None:
                continue
            end, names = found
            rest = name[end:].strip()
            words_after = rest.strip(" -/|<>#(){}[]\u2013\u2014")
            if (card_names(words_after) and words_after.lower() not in _COPY_WORDS
                    or rest[:1] in "/|" and _a_face_mistyped(words_after, names)):
                continue
            read, said = entry._replace(name=name[:end]), commented
        entries[index] = read
        at = f"lines {', '.join(map(str, entry.lines))}" if len(entry.lines) > 1 else f"line {entry.line}"
        said.append(f'{at + " " if entry.line else ""}"{name}" as {read.quantity} {read.name}')
    if not counted_after and not commented and not plurals:
        return deck
    notes = [f"read {_named(said, len(said))}: {why}" for said, why in (
        (counted_after, "a count after the card's name"), (commented, "what follows the card's name is no card's"),
        (plurals, "a basic land's name in the plural")) if said]
    return replace(deck, entries=tuple(entries), notes=deck.notes + tuple(notes))


def _counted_after(entry: Entry, card_names: Callable[[str], Sequence[str]]) -> Entry | None:
    """The entry read as the card its name begins with, counted by the bare number after that ("Sol Ring 1", "Plains
    - 3": each of its lines one copy as read, "Plains 3" on two lines, that many each), when what comes before the
    number is a card's name (`card_names`) and the number is at most MAX_COUNT_AFTER ("Sol Ring 472" is a collector
    number); else None."""
    name = entry.name
    count = _TRAILING_COUNT.search(name) if name[-1:].isdigit() else None
    if count is None or not 0 < int(count.group(1)) <= MAX_COUNT_AFTER or not card_names(name[:count.start()]):
        return None
    return entry._replace(name=name[:count.start()], quantity=int(count.group(1)) * len(entry.lines))


def _a_face_mistyped(words: str, names: Sequence[str]) -> bool:
    """Whether words after a face separator that follows a card's name may be another face of that card mistyped
    ("Icee" after Fire of Fire // Ice), not a comment ("removal" after Bonecrusher Giant): like one of the faces of the
    card's names as a mistyped name is like its card (`likeness`: "Icee" and Ice 86, "draw" and Dawn 75)."""
    return any(likeness(words, face) >= MISTYPED for name in names if " // " in name for face in name.split(" // "))


def unnumbered(deck: Deck) -> Deck:
    """The deck with its line numbers 0, as for a source without lines (an MTGJSON deck file, a deck object's
    lists)."""
    return replace(deck, entries=tuple(e._replace(line=0, lines=(0,) * len(e.lines)) for e in deck.entries),
                   problems=tuple(replace(p, line=0) for p in deck.problems), group_lines=(),
                   cardless_group_lines=(), heading_lines=(), word_lines=(), label_lines=(), title_line=0,
                   uncounted_lines=())
