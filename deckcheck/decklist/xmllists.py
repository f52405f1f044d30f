"""XML deck files: MTGO's `.dek` (`<Deck>` of `<Cards Quantity= Sideboard= Name=>`, the commander among the
sideboard cards, as in MTGO's text export) and Cockatrice's `.cod` (`<cockatrice_deck>` of
`<zone name="main|side|tokens">` holding `<card number= name=>`).

Read with expat, which gives each element's line. A document type declaration is refused: no deck file has
one, and it is where entity expansion attacks live."""

from __future__ import annotations

import pyexpat

from deckcheck.decklist.model import (
    MAIN, MAX_LINE_CHARS, OUTSIDE, SIDEBOARD, Deck, EntryCollector, Problems, long_name, problem,
    read_quantity, says_yes,
)
from deckcheck.errors import InputError

#: Cockatrice zone -> section; the tokens zone is never part of the 100.
COCKATRICE_ZONES = {"main": MAIN, "side": SIDEBOARD, "tokens": OUTSIDE}


def looks_like_xml(text: str) -> bool:
    """Whether stripped decklist text is an XML document (a declaration or a first element)."""
    return text.startswith("<?xml") or text.startswith(("<Deck", "<cockatrice_deck"))


class _NotADeck(Exception):
    """The document is XML, but no deck file deckcheck reads."""


class _XmlDeck:
    """Expat handlers that collect one deck's entries."""

    def __init__(self, parser: pyexpat.XMLParserType) -> None:
        self.parser = parser
        self.kind: str | None = None  # "mtgo" or "cockatrice", from the root element
        self.zone: str | None = None  # Cockatrice: the section of the zone being read, "" for an unknown one
        self.collector = EntryCollector()
        self.problems = Problems()
        self.name: str | None = None
        self.in_name = False
        self.name_text: list[str] = []

    def doctype(self, *_: object) -> None:
        raise _NotADeck("an XML document type declaration; no deck file has one")

    def start(self, tag: str, attrs: dict[str, str]) -> None:
        line = self.parser.CurrentLineNumber
        if self.kind is None:
            if tag == "Deck":
                self.kind = "mtgo"
            elif tag == "cockatrice_deck":
                self.kind = "cockatrice"
            else:
                raise _NotADeck(f"XML, but not an MTGO .dek or Cockatrice .cod deck file (root <{tag}>)")
        elif self.kind == "mtgo" and tag == "Cards":
            section = SIDEBOARD if says_yes(attrs.get("Sideboard")) else MAIN
            self._card(line, tag, attrs, attrs.get("Name"), attrs.get("Quantity"), section)
        elif self.kind == "cockatrice" and tag == "zone":
            zone = attrs.get("name", "")
            self.zone = COCKATRICE_ZONES.get(zone.strip().lower(), "")
            if not self.zone:
                self.problems.append(problem(line, f'<zone name="{zone}">', "not a Cockatrice deck zone "
                                             "(main, side or tokens); its cards are not counted"))
        elif self.kind == "cockatrice" and tag == "card":
            if self.zone:
                self._card(line, tag, attrs, attrs.get("name"), attrs.get("number"), self.zone)
            elif self.zone is None:  # (cards of an unknown zone were reported with the zone)
                self.problems.append(problem(line, _shown(tag, attrs), "a card outside any zone; not counted"))
        elif self.kind == "cockatrice" and tag == "deckname":
            self.in_name, self.name_text = True, []

    def end(self, tag: str) -> None:
        if tag == "zone":
            self.zone = None
        elif tag == "deckname" and self.in_name:
            self.in_name = False
            self.name = " ".join("".join(self.name_text).split())[:MAX_LINE_CHARS] or None

    def text(self, data: str) -> None:
        if self.in_name:
            self.name_text.append(data)

    def _card(self, line: int, tag: str, attrs: dict[str, str], name: str | None, count: str | None,
              section: str) -> None:
        shown = _shown(tag, attrs)
        name = " ".join((name or "").split())
        if not name:
            self.problems.append(problem(line, shown, "card element without a name"))
            return
        too_long = long_name(line, shown, name)
        if too_long is not None:
            self.problems.append(too_long)
            return
        quantity, why = read_quantity((count or "1").strip())
        if quantity is None:
            self.problems.append(problem(line, shown, why or "bad quantity"))
            return
        set_code = attrs.get("setShortName", "").strip()  # kept as CSV keeps them: a set code's shape, or none
        number = attrs.get("collectorNumber", "").strip()[:20]
        self.collector.add(quantity, name, section, line,
                           set_code if 2 <= len(set_code) <= 8 and set_code.isalnum() else None, number or None)


def _shown(tag: str, attrs: dict[str, str]) -> str:
    """An element as a problem shows it."""
    return f"<{tag} " + " ".join(f'{k}="{v}"' for k, v in attrs.items()) + ">"


def parse_xml_deck(text: str, path: str) -> Deck:
    """Parse an MTGO .dek or Cockatrice .cod file; anything else, or XML that is not well formed, is an
    InputError naming the line."""
    parser = pyexpat.ParserCreate()
    deck = _XmlDeck(parser)
    parser.StartDoctypeDeclHandler = deck.doctype
    parser.StartElementHandler = deck.start
    parser.EndElementHandler = deck.end
    parser.CharacterDataHandler = deck.text
    try:
        parser.Parse(text, True)
    except pyexpat.ExpatError as exc:
        raise InputError(path, f"not well-formed XML: {pyexpat.errors.messages[exc.code]}",
                         line=exc.lineno) from None
    except _NotADeck as exc:
        raise InputError(path, str(exc), line=parser.CurrentLineNumber) from None
    entries, kept = deck.collector.finish(deck.problems)
    return Deck(path=path, name=deck.name, entries=entries, problems=kept, commanders_marked=False,
                source_format=deck.kind or "xml")
