"""Input generators and targets shared by the fuzz tests (tests/test_fuzz*.py) and the dedicated fuzz run
(tests/fuzz/run_fuzz.py).

Four targets, each fed either generated input or mutations of real data from ../shared/data:
- the decklist parser (parse_text on text, parse_bytes on bytes: every dialect, CSV and MTGJSON deck JSON);
- the mana cost parser (parse_cost, mana_value, symbol_value, symbol_colors, text_symbols);
- the importers' per-object path (scryfall.ingest / mtgjson.ingest into an Accumulator, then the Card it
  makes, its computed color identity, mana value per zone, store encoding and name keys).
- whole card files as `deckcheck update --file` reads them (load_files: decompression, the JSON stream, the
  kind of file), mutated small real ones.

A target returns normally or raises one of ALLOWED (deckcheck's own clear errors); anything else is a bug.
Each target also checks a few invariants of what it returns (AssertionError is a bug too).
"""

from __future__ import annotations

import copy
import gzip
import io
import json
import random
from collections.abc import Callable, Iterator
from functools import lru_cache
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from deckcheck.decklist import SECTIONS, parse_bytes, parse_text
from deckcheck.errors import DeckcheckError
from deckcheck.model import mana
from deckcheck.model.card import Card
from deckcheck.model.identity import color_identity
from deckcheck.model.mana import ManaCostError
from deckcheck.model.names import name_key
from deckcheck.model.vocab import COLORS, Zone
from deckcheck.sources import mtgjson, scryfall
from deckcheck.sources.merge import Accumulator, ImportReport
from deckcheck.sources.validate import load_validator

ROOT = Path(__file__).resolve().parents[2]
SHARED = ROOT.parent / "shared" / "data"

#: The only exceptions a target may raise: deckcheck's own one-line errors. The mana parser may also raise
#: ManaCostError; the decklist parser and the importers only DeckcheckError (a ManaCostError escaping an
#: import would mean a stored card whose cost later breaks the checker).
ALLOWED: tuple[type[BaseException], ...] = (DeckcheckError,)
ALLOWED_MANA: tuple[type[BaseException], ...] = (DeckcheckError, ManaCostError)

# --- real data ------------------------------------------------------------------------------------


@lru_cache(maxsize=1)
def precon_decks() -> list[dict[str, Any]]:
    """The MTGJSON precon deck files of ../shared/data (the decoded JSON objects)."""
    folder = SHARED / "decks" / "mtgjson-precons-2026-01"
    return [json.loads(gzip.decompress(p.read_bytes())) for p in sorted(folder.glob("*.json.gz"))]


def _line(count: int, name: str, style: int, set_code: str = "CMM", number: str = "410") -> str:
    """One decklist line in one of several real dialects."""
    if style == 0:
        return f"{count} {name}"
    if style == 1:
        return f"{count}x {name}"
    if style == 2:
        return f"{count} {name} ({set_code}) {number}"
    if style == 3:
        return f"{count}x {name} ({set_code.lower()}) {number} [Ramp,Artifacts] ^Have,#37d67a^"
    if style == 7:  # MTGO .dek; the commanders are sideboard cards
        return f'<Cards CatID="1" Quantity="{count}" Sideboard="false" Name={quoteattr(name)} Annotation="0" />'
    if style == 8:  # Cockatrice .cod
        return f'<card number="{count}" name={quoteattr(name)} setShortName="{set_code}"/>'
    if style == 9:  # Forge .dck
        return f"{count} {name}|{set_code}|1"
    return f"{count} {name} [{set_code}:{number}]"


@lru_cache(maxsize=1)
def real_decklists() -> list[str]:
    """Real precons written out as text in several dialects (MTGO, Arena, Archidekt, deckstats, CSV,
    the precon text format, MTGO .dek and Cockatrice .cod XML, Forge .dck, deck objects and Moxfield's JSON, in both its shapes),
    plus the MTGJSON deck files themselves as JSON text."""
    out: list[str] = []
    for i, deck in enumerate(precon_decks()):
        data = deck["data"]
        style = i % 12
        commanders = [(c["count"], c["name"], c.get("setCode", "CMM"), c.get("number", "1"))
                      for c in data.get("commander", [])]
        main = [(c["count"], c["name"], c.get("setCode", "CMM"), c.get("number", "1"))
                for c in data.get("mainBoard", [])]
        side = [(c["count"], c["name"], c.get("setCode", "CMM"), c.get("number", "1"))
                for c in data.get("sideBoard", [])]
        if style == 5:
            rows = ["Count,Name,Section"] + [f'{n},"{name}",{sec}' for sec, group in
                                             (("Commander", commanders), ("Main", main), ("Sideboard", side))
                                             for n, name, _, _ in group]
            out.append("\n".join(rows) + "\n")
        elif style == 6:
            out.append(json.dumps(deck))
        elif style == 10:  # a deck object, as JSON Lines decks hold them
            out.append(json.dumps({"name": data.get("name"), "commander": [name for _, name, _, _ in commanders],
                                   "decklist": [f"{n} {name}" for n, name, _, _ in main],
                                   "sideboard": [{"name": name, "count": n} for n, name, _, _ in side]}, indent=1))
        elif style == 11:  # Moxfield's deck JSON: boards keyed by card (a card's printings counted together)
            boards: dict[str, dict[str, Any]] = {}
            for board, group in (("commanders", commanders), ("mainboard", main), ("sideboard", side)):
                cards = boards[board] = {}
                for n, name, s, _ in group:
                    entry = cards.setdefault(name, {"quantity": 0, "card": {"name": name, "set": s.lower()}})
                    entry["quantity"] += n
            if (i // 12) % 2:  # its newer shape: every board under "boards", the cards under "cards"
                boards = {"name": data.get("name"), "boards": {
                    key: {"count": sum(e["quantity"] for e in cards.values()), "cards": cards}
                    for key, cards in boards.items()}}
            out.append(json.dumps(boards))
        elif style == 4:
            lines = [f"COMMANDER: {_line(n, name, 4, s, num)}" for n, name, s, num in commanders]
            lines += [_line(n, name, 4, s, num) for n, name, s, num in main]
            lines += ["", "Sideboard"] + [_line(n, name, 4, s, num) for n, name, s, num in side]
            out.append("\n".join(lines) + "\n")
        elif style == 7:
            lines = ['<?xml version="1.0" encoding="utf-8"?>', "<Deck>"]
            lines += [_line(n, name, 7, s, num) for n, name, s, num in main]
            lines += [_line(n, name, 7, s, num).replace('"false"', '"true"') for n, name, s, num in commanders]
            out.append("\n".join(lines + ["</Deck>"]) + "\n")
        elif style == 8:
            lines = ['<?xml version="1.0" encoding="UTF-8"?>', '<cockatrice_deck version="1">',
                     f"<deckname>{escape(data.get('name', ''))}</deckname>", '<zone name="main">']
            lines += [_line(n, name, 8, s, num) for n, name, s, num in main]
            lines += ["</zone>", '<zone name="side">']
            lines += [_line(n, name, 8, s, num) for n, name, s, num in commanders + side]
            out.append("\n".join(lines + ["</zone>", "</cockatrice_deck>"]) + "\n")
        elif style == 9:
            lines = ["[metadata]", f"Name={data.get('name', '')}", "[Commander]"]
            lines += [_line(n, name, 9, s, num) for n, name, s, num in commanders]
            lines += ["[Main]"] + [_line(n, name, 9, s, num) for n, name, s, num in main]
            lines += ["[Sideboard]"] + [_line(n, name, 9, s, num) for n, name, s, num in side]
            out.append("\n".join(lines) + "\n")
        elif style == 3:
            lines = [_line(n, name, 3, s, num).replace("[Ramp,Artifacts]", "[Commander{top}]")
                     for n, name, s, num in commanders]
            lines += [_line(n, name, 3, s, num) for n, name, s, num in main]
            out.append("\n".join(lines) + "\n")
        else:
            lines = ["Commander"] + [_line(n, name, style, s, num) for n, name, s, num in commanders]
            lines += ["", "Deck"] + [_line(n, name, style, s, num) for n, name, s, num in main]
            if side:
                lines += ["", "Sideboard"] + [_line(n, name, style, s, num) for n, name, s, num in side]
            out.append("\n".join(lines) + "\n")
    return out


def _sample_jsonl(path: Path, every: int, limit: int) -> list[dict[str, Any]]:
    out = []
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        for i, line in enumerate(fh):
            if i % every == 0:
                out.append(json.loads(line))
                if len(out) >= limit:
                    break
    return out


@lru_cache(maxsize=1)
def scryfall_objects() -> list[dict[str, Any]]:
    """Real Scryfall objects: every layout fixture, both current-schema files, and a spread of the 2019
    bulk file (every 40th object)."""
    folder = SHARED / "scryfall"
    objs: list[dict[str, Any]] = []
    for name in ("layout-fixtures.json", "cards-2025-12-collection.json", "cards-2025-11-recorded.json"):
        data = json.loads((folder / name).read_text(encoding="utf-8"))
        objs.extend(data if isinstance(data, list) else data.get("data", []))
    with gzip.open(folder / "all-cards-2019.json.gz", "rt", encoding="utf-8") as fh:
        objs.extend(json.load(fh)[::40])
    return [o for o in objs if isinstance(o, dict)]


@lru_cache(maxsize=1)
def mtgjson_objects() -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """Real MTGJSON card objects with the context the stream reader gives them: a spread of the deck-cards
    JSON Lines file, and the cards and tokens of a few set files."""
    folder = SHARED / "mtgjson"
    out = [(o, {}) for o in _sample_jsonl(folder / "deck-cards-2026-01.jsonl.gz", 25, 3000)]
    sets = sorted((folder / "sets-2022-04").glob("*.json.gz"))
    for path in sets[:: max(1, len(sets) // 12)]:
        data = json.loads(gzip.decompress(path.read_bytes()))["data"]
        ctx = {"releaseDate": data.get("releaseDate")}
        out += [(c, {**ctx, "list": "cards"}) for c in data.get("cards", [])[:60]]
        out += [(t, {**ctx, "list": "tokens"}) for t in data.get("tokens", [])[:10]]
    return out


@lru_cache(maxsize=1)
def card_files() -> list[tuple[str, bytes]]:
    """Small real card files as `deckcheck update --file` reads them, (suffix, plain bytes): a Scryfall array of
    eight layout fixtures, the same objects as JSON Lines, and an MTGJSON set file (meta and data) cut to its
    first eight cards and two tokens."""
    folder = SHARED / "scryfall"
    fixtures = json.loads((folder / "layout-fixtures.json").read_text(encoding="utf-8"))
    fixtures = (fixtures if isinstance(fixtures, list) else fixtures.get("data", []))[:8]
    mtgjson_set = json.loads(gzip.decompress((SHARED / "mtgjson" / "sets-2022-04" / "2XM.json.gz").read_bytes()))
    data = mtgjson_set["data"]
    mtgjson_set["data"] = {**data, "cards": data.get("cards", [])[:8], "tokens": data.get("tokens", [])[:2]}
    return [(".json", json.dumps(fixtures).encode()),
            (".jsonl", "".join(json.dumps(o) + "\n" for o in fixtures).encode()),
            (".json", json.dumps(mtgjson_set).encode())]


def mutated_card_file(rng: random.Random) -> tuple[bytes, str]:
    """One of `card_files` after text edits (still UTF-8: the JSON broken, a value cut) or byte-level ones, then as it
    is, gzipped or zipped (and now and then the compressed bytes edited too): (its bytes, its file name's suffix)."""
    import zipfile

    suffix, plain = rng.choice(card_files())
    roll = rng.random()
    data = (mutate_text(rng, plain.decode("utf-8")).encode("utf-8", "surrogatepass") if roll < 0.5
            else mutate_bytes(rng, plain) if roll < 0.9 else plain)
    wrap = rng.choice(["", ".gz", ".zip"])
    if wrap == ".gz":
        data = gzip.compress(data, 1)
    elif wrap == ".zip":
        buffer = io.BytesIO()
        with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
            archive.writestr(f"cards{suffix}", data)
        data = buffer.getvalue()
    if wrap and rng.random() < 0.2:
        data = mutate_bytes(rng, data)
    return data, suffix + wrap


#: The spreadsheet writers of the workbooks: openpyxl (.xlsx, inline strings), XlsxWriter (.xlsx, shared
#: strings, as Excel writes them), odfpy through pandas (.ods).
WORKBOOK_WRITERS = ("openpyxl", "xlsxwriter", "odfpy")


@lru_cache(maxsize=1)
def real_workbooks() -> list[dict[str, bytes]]:
    """Real precons in workbooks, each as its zip members: tables of registrations (a player and a decklist
    in one of the text dialects a row, as a sign-up form's responses) and card lists (Count, Name and Section
    columns, a card a row), by each of WORKBOOK_WRITERS in turn; every fourth has a sheet before them."""
    import zipfile

    import pandas as pd

    lists = [text for text in real_decklists() if not text.lstrip().startswith(("{", "<", "Count,"))]
    decks = precon_decks()
    books: list[dict[str, bytes]] = []
    for i in range(18):
        writer = WORKBOOK_WRITERS[i % 3]
        if i % 2:
            data = decks[i]["data"]
            rows = [["Count", "Name", "Section"]] + [
                [str(c["count"]), c["name"], section] for section, key in
                (("Commander", "commander"), ("Main", "mainBoard"), ("Sideboard", "sideBoard"))
                for c in data.get(key, [])]
        else:
            rows = [["Timestamp", "Player", "Decklist"]] + [
                [f"2026-11-0{k + 1} 10:00", f"Player {i}-{k}", lists[(i * 3 + k) % len(lists)]] for k in range(3)]
        buffer = io.BytesIO()
        engine = {"openpyxl": "openpyxl", "xlsxwriter": "xlsxwriter", "odfpy": "odf"}[writer]
        with pd.ExcelWriter(buffer, engine=engine) as out:
            if i % 4 == 0:  # an organizer's own sheet before the responses
                pd.DataFrame([["Lists are due on Friday"]]).to_excel(out, sheet_name="Read me", index=False)
            pd.DataFrame(rows[1:], columns=rows[0]).to_excel(out, sheet_name="Responses", index=False)
        with zipfile.ZipFile(io.BytesIO(buffer.getvalue())) as archive:
            books.append({info.filename: archive.read(info) for info in archive.infolist()})
    return books


# --- decklists saved by word processors -------------------------------------------------------------
def _curled(line: str) -> str:
    """A line as a word processor's smart quotes leave it."""
    return line.replace("'", "\u2019")


def write_docx(path: Path, lines: list[str]) -> Path:
    """The lines as a Word document's paragraphs (card lines in Word's bulleted list style), with a header
    and a footer that are no part of the list."""
    import docx

    document = docx.Document()
    section = document.sections[0]
    section.header.paragraphs[0].text = "Riders of Rohan, for Friday's league"
    section.footer.paragraphs[0].text = "Page 1 of 1"
    for line in lines:
        document.add_paragraph(_curled(line), style="List Bullet" if line[:1].isdigit() else None)
    document.save(path)
    return path


def write_odt(path: Path, lines: list[str]) -> Path:
    from odf.opendocument import OpenDocumentText
    from odf.text import P, Span

    document = OpenDocumentText()
    for line in lines:
        paragraph = P()
        quantity, _, name = line.partition(" ")
        if quantity.isdigit():  # the name in a span of its own, as a change of font makes one
            paragraph.addText(quantity + " ")
            paragraph.addElement(Span(text=_curled(name)))
        else:
            paragraph.addText(line)
        document.text.addElement(paragraph)
    document.save(str(path))
    return path


def _rtf_escaped(text: str, unicode_prefix: bytes) -> bytes:
    """Text as RTF writes it: ASCII as is (its braces and backslashes escaped), Windows-1252 characters as \\'xx,
    the rest as \\uN followed by a stand-in."""
    out = bytearray()
    for ch in text:
        if ch in "\\{}":
            out += b"\\" + ch.encode()
        elif ch.isascii():
            out += ch.encode()
        else:
            try:
                out += b"\\'%02x" % ch.encode("cp1252")[0]
            except UnicodeEncodeError:
                out += unicode_prefix + b"\\u%d?" % ord(ch)
    return bytes(out)


def write_textedit_rtf(lines: list[str]) -> bytes:
    """TextEdit's shape: a Cocoa preamble, a destination it marks \\* (expanded colors), and each line ended by
    a backslash before the file's own line break."""
    head = (b"{\\rtf1\\ansi\\ansicpg1252\\cocoartf2761\n\\cocoatextscaling0\\cocoaplatform0"
            b"{\\fonttbl\\f0\\fswiss\\fcharset0 Helvetica;}\n{\\colortbl;\\red255\\green255\\blue255;}\n"
            b"{\\*\\expandedcolortbl;;}\n\\paperw11900\\paperh16840\\margl1440\\margr1440\\vieww11520\\viewh8400"
            b"\\viewkind0\n\\pard\\tx566\\tx1133\\tx1700\\pardirnatural\\partightenfactor0\n\n\\f0\\fs24 \\cf0 ")
    body = b"\\\n".join(_rtf_escaped(_curled(line), b"\\uc0") for line in lines)
    return head + body + b"}"


def write_wordpad_rtf(lines: list[str]) -> bytes:
    """WordPad's shape: \\par after each line, a generator destination, \\uc1 with a stand-in character."""
    head = (b"{\\rtf1\\ansi\\ansicpg1252\\deff0\\nouicompat\\deflang1033{\\fonttbl{\\f0\\fnil\\fcharset0 Calibri;}}\r\n"
            b"{\\*\\generator Riched20 10.0.19041}\\viewkind4\\uc1 \r\n\\pard\\sa200\\sl276\\slmult1\\f0\\fs22\\lang9 ")
    body = b"".join(_rtf_escaped(line, b"") + b"\\par\r\n" for line in lines)
    return head + body + b"}\r\n\x00"


@lru_cache(maxsize=1)
def real_documents() -> list[dict[str, bytes]]:
    """Real precons as word processors save them, each as its zip members: Word documents (python-docx) and
    OpenDocument texts (odfpy), by turns."""
    import tempfile
    import zipfile

    lists = [text for text in real_decklists() if not text.lstrip().startswith(("{", "<", "Count,"))]
    documents: list[dict[str, bytes]] = []
    with tempfile.TemporaryDirectory() as folder:
        for i in range(8):
            path = Path(folder) / f"deck{i}.{'docx' if i % 2 == 0 else 'odt'}"
            (write_docx if i % 2 == 0 else write_odt)(path, lists[i * 5 % len(lists)].splitlines())
            with zipfile.ZipFile(path) as archive:
                documents.append({info.filename: archive.read(info) for info in archive.infolist()})
    return documents


@lru_cache(maxsize=1)
def real_rich_texts() -> list[bytes]:
    """Real precons as Rich Text, in TextEdit's and WordPad's shapes by turns."""
    lists = [text for text in real_decklists() if not text.lstrip().startswith(("{", "<", "Count,"))]
    return [(write_textedit_rtf if i % 2 == 0 else write_wordpad_rtf)(lists[i * 7 % len(lists)].splitlines())
            for i in range(8)]


# --- mutation -------------------------------------------------------------------------------------

#: Fragments of real decklist syntax, spliced into mutated lists.
DECK_PIECES = [
    "1 ", "4x ", "x4 ", "SB: ", "COMMANDER: ", "Commander\n", "Deck\n", "Sideboard\n", "Maybeboard\n", "// ",
    "#", "#!Commander", "//!Commander\n", " (CMM) 410", " *F*", " *E*", " [Commander{top}]",
    " ^Have,#37d67a^", " [WHO:3]", " [foil]", "Fire // Ice", "Fire/Ice", "Fire /// Ice", "SP//dr, Piloted by Peni",
    "\n", "\r\n", "\r", ",", '"', '""', "Count,Name,Section\n", "quantity,name,board\n", "{", "}", "[", "]",
    "About\n", "Name My Deck\n", "()", "*", "^", "0", "-1", "99999999999999999999999999999", "1e9",
    " ", "\t", "é", "Æ", "\ufeff", "\u200b", "\x00", "\x1b", "ﬁ", "’", "\ud7ff", '{"data": {"mainBoard": [',
    '{"name": "Sol Ring", "count": 1}', "]}}", "null", "true", "1.5", "[]", "{}", "\\",
    "[[", "]]", "**", "__", "_", "|", "[[Sol Ring|CMM]]", "](https://scryfall.com/card/cmm/410)", "**Commander**\n",
    "| 1 | Sol Ring |\n", "|---|---|\n", " | ", "| Commander |\n", "```txt\n", "```\n", "> ", ">", "~~", "~",
    "~~1 Sol Ring~~\n", "~~~\n", "[My deck](https://www.moxfield.com/decks/abc)", "Ramp\n", "Card Draw (12)\n",
    " (Commander)", " (2)", " 2x", "**Ramp**\n", "*Card Draw*:\n", "Removal (9):\n", ":",
    "Here's my list. Thoughts?\n", "Thanks!\n", "!", "?",
]
_JUNK_VALUES: list[Any] = [None, True, False, 0, -1, 1.5, float("nan"), 10 ** 30, "", " ", "{", "{W}{U}",
                           "{2/W}{G/P}{X}", "Legendary Creature — Human", "a" * 300, [], {}, [None], {"a": 1},
                           ["W", "Q"], [[]], "Ⅻ", "\x00", "legal", "not_legal", "//", " // ", "1"]


def mutate_text(rng: random.Random, text: str, rounds: int | None = None) -> str:
    """A few random edits of a text: delete, duplicate or swap chunks and lines, insert syntax fragments
    or random characters, change digits, run lines together ("1 Sol Ring, 1 Arcane Signet")."""
    for _ in range(rounds if rounds is not None else rng.randint(1, 6)):
        op = rng.randrange(9)
        n = len(text)
        i = rng.randrange(n + 1)
        j = min(n, i + rng.randint(0, 40))
        if op == 0:
            text = text[:i] + text[j:]
        elif op == 1:
            text = text[:i] + rng.choice(DECK_PIECES) + text[i:]
        elif op == 2:
            text = text[:i] + text[i:j] * rng.randint(2, 5) + text[j:]
        elif op == 3:
            chars = "".join(chr(rng.choice([rng.randrange(32, 127), rng.randrange(0x80, 0x3000),
                                            rng.randrange(0, 32)])) for _ in range(rng.randint(1, 8)))
            text = text[:i] + chars + text[i:]
        elif op == 4:
            lines = text.split("\n")
            a, b = rng.randrange(len(lines)), rng.randrange(len(lines))
            lines[a], lines[b] = lines[b], lines[a]
            text = "\n".join(lines)
        elif op == 5:
            digits = [k for k in range(n) if text[k].isdigit()]
            if digits:
                k = rng.choice(digits)
                text = text[:k] + rng.choice(["0", "00", "-", "9" * rng.randint(1, 40), "x", ""]) + text[k + 1:]
        elif op == 6:
            text = text[:i]  # truncated
        elif op == 8:  # entries run together on one line, as typed into a form's one-line answer
            lines = text.split("\n")
            k = rng.randrange(len(lines))
            m = min(len(lines), k + rng.randint(2, 120))
            lines[k:m] = [rng.choice([", ", "; ", ",", " , "]).join(lines[k:m])]
            text = "\n".join(lines)
        else:
            lines = text.split("\n")
            k = rng.randrange(len(lines))
            lines.insert(k, rng.choice(lines) if lines else "")
            text = "\n".join(lines)
    return text


def mutate_bytes(rng: random.Random, data: bytes) -> bytes:
    """Byte-level edits: bit flips, random bytes, truncation, an encoding change."""
    buf = bytearray(data)
    for _ in range(rng.randint(1, 5)):
        op = rng.randrange(5)
        if not buf or op == 0:
            buf[rng.randrange(len(buf) + 1):rng.randrange(len(buf) + 1)] = rng.randbytes(rng.randint(1, 16))
        elif op == 1:
            k = rng.randrange(len(buf))
            buf[k] ^= 1 << rng.randrange(8)
        elif op == 2:
            del buf[rng.randrange(len(buf)):]
        elif op == 3:
            try:
                buf = bytearray(bytes(buf).decode("utf-8").encode(rng.choice(["utf-16", "latin-1", "cp1252"])))
            except (UnicodeError, ValueError):
                buf = bytearray(b"\xff\xfe" + bytes(buf))
        else:
            buf = bytearray(gzip.compress(bytes(buf))[:rng.choice([len(buf) + 200, rng.randrange(30)])])
    return bytes(buf)


def _paths(obj: Any, prefix: tuple = ()) -> Iterator[tuple]:
    yield prefix
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield from _paths(v, prefix + (k,))
    elif isinstance(obj, list):
        for k, v in enumerate(obj[:6]):
            yield from _paths(v, prefix + (k,))


def _junk(rng: random.Random, donor: Any) -> Any:
    roll = rng.randrange(4)
    if roll == 0:
        return copy.deepcopy(rng.choice(_JUNK_VALUES))
    if roll == 1 and isinstance(donor, str):
        return mutate_text(rng, donor, rounds=rng.randint(1, 3))
    if roll == 2 and isinstance(donor, (int, float)) and not isinstance(donor, bool):
        return rng.choice([-donor, donor * 1e300, donor + 0.5, str(donor), None])
    return rng.choice([rng.random() * 1e6, rng.randint(-5, 5), "".join(rng.choice("{}/WUBRGCXPSH0123 ")
                                                                          for _ in range(rng.randint(0, 12)))])


def mutate_object(rng: random.Random, obj: Any, donors: list[Any] | None = None) -> Any:
    """A deep copy of a JSON object with 1-5 random edits: delete a key, change a value's type or text,
    graft a value from another real object, add a key, empty a list."""
    obj = copy.deepcopy(obj)
    for _ in range(rng.randint(1, 5)):
        paths = list(_paths(obj))
        path = rng.choice(paths)
        if not path:
            if rng.random() < 0.05:
                return rng.choice([None, [], "card", 3, [obj]])
            continue
        parent = obj
        for key in path[:-1]:
            parent = parent[key]
        key = path[-1]
        op = rng.randrange(6)
        if op == 0:
            del parent[key]
        elif op == 1 and donors:
            donor = rng.choice(donors)
            if isinstance(donor, dict) and isinstance(key, str) and key in donor:
                parent[key] = copy.deepcopy(donor[key])
            else:
                parent[key] = _junk(rng, parent[key])
        elif op == 2 and isinstance(parent, dict):
            parent[rng.choice(["card_faces", "layout", "side", "faceName", "all_parts", "legalities",
                               "identifiers", "mana_cost", "manaCost", "zzz"])] = _junk(rng, None)
        elif op == 3 and isinstance(parent[key], list):
            parent[key] = parent[key][: rng.randrange(len(parent[key]) + 1)] * rng.randint(0, 3)
        else:
            parent[key] = _junk(rng, parent[key])
    return obj


def mutate_archive(rng: random.Random, members: dict[str, bytes]) -> bytes:
    """A workbook's or document's zip archive (its members) after edits: an XML part's text or bytes mutated,
    a part dropped or duplicated under another's name, the archive stored or deflated, and now and then its
    bytes mutated."""
    import zipfile

    members = dict(members)
    for _ in range(rng.randint(1, 3)):
        name = rng.choice(sorted(members))
        op = rng.random()
        if op < 0.45:
            members[name] = mutate_text(rng, members[name].decode("utf-8", "replace")).encode("utf-8", "replace")
        elif op < 0.8:
            members[name] = mutate_bytes(rng, members[name])
        elif op < 0.9:
            del members[name]
            if not members:
                break
        else:
            members[name] = members[rng.choice(sorted(members))]
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", rng.choice([zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED])) as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    data = buffer.getvalue()
    return mutate_bytes(rng, data) if rng.random() < 0.2 else data


# --- targets --------------------------------------------------------------------------------------


def check_deck(deck: Any) -> None:
    """Invariants of a parsed Deck."""
    for entry in deck.entries:
        assert entry.section in SECTIONS, entry
        assert entry.quantity >= 1, entry
        assert isinstance(entry.name, str) and entry.name, entry
    for problem in deck.problems:
        assert isinstance(problem.text, str)


def _parse_target(parse: Any, data: Any, label: str) -> None:
    """One decklist parser on one input: a Deck that keeps the invariants, or a one-line error naming it."""
    try:
        deck = parse(data, label)
    except DeckcheckError as exc:
        assert str(exc).startswith(label), exc
        assert "\n" not in str(exc), exc
        return
    check_deck(deck)


def target_decklist_text(text: str) -> None:
    """parse_text on one decklist text."""
    _parse_target(parse_text, text, "fuzz.txt")


def names_line(rng: random.Random, deck: dict[str, Any]) -> str:
    """A precon written as a form's one-line answer gives it: its commanders after "Commander:", its main deck on
    one line: card names separated by commas (each copy written out, or counted: "12 Forest"; the commas spaced
    any way), or its lines ("1 Sol Ring", or "Sol Ring x1") with each line break made a space or dropped, as a
    one-line field pastes a list (with every break dropped, its headers too, at times, after counts before the
    names: "Commander1 Inalla, Archmage RitualistDeck1 Sol Ring...", or an Arena export's "... (C17) 38Deck1
    Kess, Dissident Mage (C17) 391 ...")."""
    data = deck["data"]
    cards = data["mainBoard"]
    joint = rng.choice([", ", ",", " , ", ",  ", " ", ""])
    after = False
    if joint.strip():
        counted = rng.random() < 0.5
        names = [f"{card['count']} {card['name']}" if counted and card["count"] > 1 else card["name"]
                 for card in cards for _ in range(1 if counted else card["count"])]
    elif after := rng.random() < 0.5:  # each count after its name ("Sol Ring x1 Arcane Signet x1", "x1Arcane")
        names = [f"{card['name']} x{card['count']}" for card in cards]
    else:
        names = [f"{card['count']} {card['name']}" for card in cards]
    commanders = ", ".join(card["name"] for card in data.get("commander", []))
    if not joint and not after and data.get("commander") and rng.random() < 0.5:  # headers and all, as Moxfield's
        # text has them
        leaders = "".join(f"{card['count']} {card['name']}" for card in data["commander"])
        if rng.random() < 0.5 and sum(card["count"] for card in [*cards, *data["commander"]]) == 100:
            # or as Arena exports them, each collector number run on into the next count: a basic land's
            # count may be read one digit longer to make the 100 cards, so only 100-card decks are so written
            def arena(deck_cards: list[dict[str, Any]]) -> str:
                return "".join(f"{card['count']} {card['name']} ({card['setCode']}) {card['number']}"
                               for card in deck_cards)

            return f"Commander{arena(data['commander'])}Deck{arena(cards)}\n"
        return f"Commander{leaders}Deck{''.join(names)}\n"
    return f"Commander: {commanders}\nDeck: {joint.join(names)}\n"


@lru_cache(maxsize=1)
def bundled_checker() -> Any:
    """One Checker on the bundled card data, for every input (its caches fill as a batch's would)."""
    from deckcheck.checker import Checker
    from deckcheck.store import BUNDLED, CardStore

    return Checker(CardStore.open_file(BUNDLED))


def target_checked_text(text: str) -> None:
    """parse_text, then the checker on the bundled card data: lines of card names run together read apart
    (`Checker.checked_context`), and the deck's report. Every name of the deck checked is a name of the
    list or a piece of one."""
    try:
        deck = parse_text(text, "fuzz.txt")
    except DeckcheckError as exc:
        assert str(exc).startswith("fuzz.txt") and "\n" not in str(exc), exc
        return
    checker = bundled_checker()
    try:
        ctx = checker.checked_context(deck)
    except DeckcheckError as exc:  # every line read as no card's (a deck site's link and words): unreadable
        assert str(exc).startswith("fuzz.txt: no card entries") and "\n" not in str(exc), exc
        return
    check_deck(ctx.deck)
    written = {entry.name for entry in deck.entries}
    runs = written.difference(entry.name for entry in ctx.deck.entries)  # the names read apart
    for entry in ctx.deck.entries:
        assert entry.name in written or any(entry.name in run for run in runs), entry
    report = checker.report(ctx)
    assert report.card_count >= 0 and all(v.code for v in report.violations), report


def target_decklist_bytes(data: bytes) -> None:
    """parse_bytes on raw bytes (gzip, encodings, binary detection)."""
    _parse_target(parse_bytes, data, "fuzz.bin")


def target_mana(cost: str) -> None:
    """parse_cost / mana_value / symbol_value / symbol_colors / text_symbols on one string."""
    for symbol in cost.split("}"):
        colors = mana.symbol_colors(symbol.lstrip("{"))
        assert colors == "".join(c for c in COLORS if c in colors), colors
    mana.text_symbols(cost)
    try:
        symbols = mana.parse_cost(cost)
    except ManaCostError:
        try:
            mana.mana_value(cost)
        except ManaCostError:
            return
        raise AssertionError("mana_value accepted a cost parse_cost refused") from None
    mana.mana_value(cost)
    mana.mana_value(cost, x=5)
    for symbol in symbols:
        mana.symbol_value(symbol, x=3)
        colors = mana.symbol_colors(symbol)
        assert set(colors) <= set(COLORS)


def _check_card(card: Card) -> None:
    assert card.faces, card
    color_identity(card)
    for zone in Zone:
        card.mana_value(zone)
        for face in range(len(card.faces)):
            card.mana_value(zone, face)
    stored = json.dumps(card.to_dict(), ensure_ascii=False)  # the store's encoding, and back
    again = Card.from_dict(json.loads(stored))
    assert json.dumps(again.to_dict(), ensure_ascii=False) == stored
    for name in card.names:
        name_key(name)


def _check_others(acc: Accumulator) -> None:
    """The objects no deck holds that an import kept (meld results, tokens, emblems): their rows in the store
    (name keys, parts as JSON) can be made."""
    from deckcheck.store import _other_rows

    for row in _other_rows(acc.others.values(), set()):
        assert all(isinstance(value, str) for value in row)
        json.loads(row[3])


@lru_cache(maxsize=None)
def _validator(name: str):
    return load_validator(name)


def target_scryfall(obj: Any) -> None:
    """scryfall.ingest of one object, then the Card(s) it makes."""
    acc, report = Accumulator(), ImportReport()
    scryfall.ingest(obj, acc, report, "fuzz.json", _validator("scryfall_card"))
    assert report.objects == 1
    for card in acc.cards().values():
        _check_card(card)
    _check_others(acc)


def target_mtgjson(obj: Any, context: dict[str, Any]) -> None:
    """mtgjson.ingest of one object (with the context its file gives it), then the Card it makes."""
    acc, report = Accumulator(), ImportReport()
    name = "mtgjson_atomic_card" if context.get("list") == "atomic" else "mtgjson_card"
    mtgjson.ingest(obj, context, acc, report, "fuzz.json", _validator(name))
    assert report.objects == 1
    for card in acc.cards().values():
        _check_card(card)
    _check_others(acc)


def target_card_file(data: bytes, suffix: str) -> None:
    """load_files on a whole card file's bytes (`deckcheck update --file`: the compression told by its bytes, the
    JSON streamed, Scryfall or MTGJSON told apart, each object through its importer), then the Cards it makes.
    The file is written to a temporary folder of the run's own, one file at a time."""
    import warnings

    from deckcheck.sources import load_files

    path = Path(_card_file_folder()) / f"cards{suffix}"
    path.write_bytes(data)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # (DeckcheckWarning: a card left out, said on standard error)
            result = load_files([path])
    except DeckcheckError as exc:
        assert str(path) in str(exc) and "\n" not in str(exc), exc
        return
    finally:
        path.unlink()
    for card in result.cards:
        _check_card(card)


@lru_cache(maxsize=1)
def _card_file_folder() -> str:
    import atexit
    import shutil
    import tempfile

    folder = tempfile.mkdtemp(prefix="deckcheck-fuzz-")
    atexit.register(shutil.rmtree, folder, True)
    return folder


def run_one(target: Callable[..., None], *args: Any) -> None:
    """Run a target, letting deckcheck's own errors pass and everything else propagate."""
    try:
        target(*args)
    except ALLOWED_MANA if target is target_mana else ALLOWED:
        pass


def target_workbook(data: bytes) -> None:
    """A workbook's bytes as `check` reads them (parse_bytes: its first sheet read as CSV text) and as `batch`
    reads a table of registrations (a deck object a row, each parsed)."""
    from deckcheck.decklist.csvlists import registrations_layout
    from deckcheck.decklist.reading import parse_json_deck
    from deckcheck.decklist.sheets import sheet_text
    from deckcheck.batch.core import registration_rows

    _parse_target(parse_bytes, data, "fuzz.xlsx")
    try:
        text = sheet_text(io.BytesIO(data), "fuzz.xlsx")
    except DeckcheckError as exc:
        assert str(exc).startswith("fuzz.xlsx: ") and "\n" not in str(exc), exc
        return
    layout = registrations_layout(text)
    if layout is not None:
        for kind, label, payload in registration_rows("fuzz.xlsx", text, layout):
            if kind == "record":
                _parse_target(parse_json_deck, payload, label)
            elif kind == "empty":  # a row whose decklist cell is empty: its deck object, for its player's name
                assert isinstance(payload, dict) and not str(payload.get("text", "")).strip(), (kind, payload)
            else:
                assert kind == "error" and isinstance(payload, str), (kind, payload)
