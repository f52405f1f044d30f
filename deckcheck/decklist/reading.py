"""From a file or bytes to a Deck: size limits, binary detection, encodings (UTF-8, UTF-16 with or without a
BOM, Windows-1252/Latin-1 fallback), gzip, a workbook's sheet (.xlsx, .ods: read as CSV), and the choice
between JSON (an MTGJSON deck file or a deck object), XML (MTGO .dek, Cockatrice .cod), CSV and plain text."""

from __future__ import annotations

import gzip
import io
import json
import os
import stat
import zlib
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from deckcheck.decklist.commanders import with_commanders, with_companions
from deckcheck.decklist.csvlists import (
    DELIMITERS, csv_header, parse_csv, registrations_layout, separator_line,
)
from deckcheck.decklist.model import ADDRESS_FOR_A_DECKLIST, Deck, EntryCollector, is_web_address
from deckcheck.decklist.mtgjson import is_mtgjson_deck, parse_mtgjson_deck
from deckcheck.decklist.records import (
    card_object_line, is_deck_record, record_blocks, record_commanders, record_companions, record_name, record_text,
)
from deckcheck.decklist.text import blocks_text, header_of, parse_lines, parse_plain_blocks, unnumbered
from deckcheck.decklist.xmllists import looks_like_xml, parse_xml_deck
from deckcheck.errors import InputError, invalid_json, json_error
from deckcheck.wording import counted, first_named
from deckcheck.zips import DOCUMENTS, GZIP_MAGIC, IWORK, WORKBOOKS, is_zip, members_kind, zip_errors

#: Decklists (and MTGJSON deck files, once decompressed) above this size are refused with an InputError:
#: a real decklist is a few kilobytes, an MTGJSON precon file under 1 MB.
MAX_BYTES = 16 * 1024 * 1024

_FOLDER = "is a folder, not a decklist (`deckcheck batch` checks every deck in a folder)"
#: What `check` says of a zip archive of decklists: batch tells a zip by its bytes, so whatever the file's name.
ZIP_OF_DECKLISTS = "a zip archive, not one decklist: `deckcheck batch` checks the decklists it holds, whatever its name"

# Control characters that never occur in a text decklist (tab, newlines and form feed may).
_CONTROL = frozenset(range(0, 32)) - {9, 10, 12, 13}


#: File names read as JSON Lines of decks, one deck object a line (`deckcheck batch`).
JSONL_SUFFIXES = (".jsonl", ".ndjson")


def _too_big(path: str, size: int, inflated: bool = False) -> InputError:
    if path.lower().removesuffix(".gz").endswith(JSONL_SUFFIXES):  # (`deckcheck check decks.jsonl.gz`)
        return InputError(path, "JSON Lines of decks, too big for one decklist; `deckcheck batch` (`check_many` in "
                                "Python) checks each of its decks")
    if inflated:
        return InputError(path, f"decompresses to more than {MAX_BYTES:,} bytes; not a decklist")
    return InputError(path, f"file too large for a decklist ({size:,} bytes; the limit is {MAX_BYTES:,})")


def parse_file(path: str | os.PathLike) -> Deck:
    """Read a decklist file of any supported kind (text dialects, CSV, MTGO .dek, Cockatrice .cod, MTGJSON
    .json or .json.gz)."""
    label = os.fspath(path)
    label = label if isinstance(label, str) else label.decode(errors="replace")
    try:
        info = os.stat(label)
        if stat.S_ISDIR(info.st_mode):
            raise InputError(label, _FOLDER)
        if stat.S_ISREG(info.st_mode) and info.st_size > MAX_BYTES:
            raise _too_big(label, info.st_size)
        with open(label, "rb") as handle:
            # a regular file's size asked for (read(n) makes room for n bytes first: 16 MB for every decklist)
            expected = info.st_size if stat.S_ISREG(info.st_mode) else MAX_BYTES
            data = handle.read(expected + 1)
            if len(data) > expected and expected < MAX_BYTES:  # (it grew meanwhile)
                data += handle.read(MAX_BYTES + 1 - len(data))
    except IsADirectoryError:
        raise InputError(label, _FOLDER) from None
    except OSError as exc:
        if isinstance(exc, FileNotFoundError) and is_web_address(label):  # `deckcheck check https://...`
            raise InputError(label, ADDRESS_FOR_A_DECKLIST) from None
        raise InputError(label, why_unreadable(exc)) from None
    if len(data) > MAX_BYTES:
        raise _too_big(label, len(data))
    return parse_bytes(data, label)


def with_entries(deck: Deck) -> Deck:
    """The deck, to be checked; InputError when it holds no card entry and no line that failed to be one (an
    empty file, a list of comments only): such a deck is unreadable, not a deck of no cards."""
    if not deck.entries and not deck.problems:
        raise InputError(deck.path, "empty decklist: no card entries")
    return deck


def why_unreadable(exc: BaseException) -> str:
    """Why a file could not be read, in a few words: "no such file", "permission denied", or the system's
    (or the decompressor's) own."""
    if isinstance(exc, FileNotFoundError):
        return "no such file"
    if isinstance(exc, PermissionError):
        return "permission denied"
    return f"can't read: {getattr(exc, 'strerror', None) or exc}"


def read_stream(stream: io.BufferedIOBase | io.RawIOBase, path: str = "<stdin>") -> Deck:
    """Parse a decklist from a binary stream (standard input), refusing more than MAX_BYTES."""
    return parse_bytes(_read_bounded(stream, path), path)


def read_stream_text(stream: io.BufferedIOBase | io.RawIOBase, path: str = "<stdin>") -> str:
    """The text of a binary stream of card names (standard input), decoded as a decklist's is; more than
    MAX_BYTES or binary data is an InputError."""
    return decode(_read_bounded(stream, path), path, "list of card names")[0]


def _read_bounded(stream: io.BufferedIOBase | io.RawIOBase, path: str) -> bytes:
    data = stream.read(MAX_BYTES + 1) or b""
    if len(data) > MAX_BYTES:
        raise _too_big(path, len(data))
    return bytes(data)


def _gunzip(data: bytes, path: str) -> bytes:
    try:
        with gzip.GzipFile(fileobj=io.BytesIO(data)) as handle:
            out = handle.read(MAX_BYTES + 1)
    except (OSError, EOFError, zlib.error) as exc:
        raise InputError(path, f"not a readable gzip file ({exc})") from None
    if len(out) > MAX_BYTES:
        raise _too_big(path, len(out), inflated=True)
    return out


def _utf16_without_bom(data: bytes) -> str | None:
    """The UTF-16 byte order of text written without a BOM (PowerShell's and some exporters' "Unicode"), told by
    the zero high bytes of its mostly-ASCII characters; None for anything else with a NUL byte."""
    head = data[:8192]
    if len(data) % 2 or len(head) < 8:
        return None
    even, odd = head[0::2], head[1::2]
    if odd.count(0) * 10 >= len(odd) * 9 and 0 not in even:
        return "utf-16-le"
    if even.count(0) * 10 >= len(even) * 9 and 0 not in odd:
        return "utf-16-be"
    return None


#: Files sent for a list that hold no text (a PDF, a screenshot), told by a signature at an offset.
_NOT_TEXT = (
    (0, b"%PDF-", "a PDF document"), (0, b"\x89PNG\r\n\x1a\n", "an image (PNG)"),
    (0, b"\xff\xd8\xff", "an image (JPEG)"), (0, b"GIF8", "an image (GIF)"), (8, b"WEBPVP8", "an image (WebP)"),
    (4, b"ftypheic", "an image (HEIC)"), (4, b"ftypmif1", "an image (HEIC)"), (4, b"ftypavif", "an image (AVIF)"))


#: The byte order marks of the wide encodings, UTF-32's first: its little-endian mark begins as UTF-16's does.
_WIDE_BOMS = (((b"\xff\xfe\x00\x00", b"\x00\x00\xfe\xff"), "utf-32"), ((b"\xff\xfe", b"\xfe\xff"), "utf-16"))


def _wide(data: bytes, encoding: str, how: str, path: str, what: str) -> tuple[str, str]:
    """Bytes in UTF-16 or UTF-32 ("utf-16-le" and the like without a mark) as `decode` gives them; an
    InputError when they are broken."""
    name = encoding[:6].upper()  # "UTF-16", "UTF-32"
    try:
        return data.decode(encoding), f"read as {name}{how}"
    except UnicodeDecodeError:
        raise InputError(path, f"not a text {what} (broken {name})") from None


def decode(data: bytes, path: str, what: str = "decklist") -> tuple[str, str | None]:
    """Decode a decklist's bytes: (text, a note when it was not UTF-8). Binary data is an InputError saying
    it is "not a text {what}" (and what it is, for a PDF or an image)."""
    kind = next((kind for at, magic, kind in _NOT_TEXT if data.startswith(magic, at)), None)
    if kind is not None:
        raise InputError(path, f"{kind}, not a text {what}: deckcheck reads text; copy the list's text into a "
                               "text file, or export it from the deck site or app as text")
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    for marks, encoding in _WIDE_BOMS:
        if data.startswith(marks):
            return _wide(data, encoding, "", path, what)
    if b"\x00" in data:
        encoding = _utf16_without_bom(data)
        if encoding is None:
            raise InputError(path, f"not a text {what} (binary data)")
        return _wide(data, encoding, " (no byte order mark)", path, what)
    head = data[:8192]
    if head and sum(1 for b in head if b in _CONTROL) * 20 > len(head):
        raise InputError(path, f"not a text {what} (binary data)")
    try:
        return data.decode("utf-8"), None
    except UnicodeDecodeError as exc:
        where = data.count(b"\n", 0, exc.start) + 1
        note = f"not UTF-8 (first bad byte on line {where}); read as Windows-1252"
    if sum(1 for b in head if b < 0x80) * 20 < len(head):  # no spaces, line breaks nor counts: no text in any
        raise InputError(path, f"not a text {what} (binary data)")  # 8-bit encoding (before: an illegal deck)
    mixed = _mostly_utf8(data)
    if mixed is not None:
        return mixed
    try:
        return data.decode("cp1252"), note
    except UnicodeDecodeError:
        return data.decode("latin-1"), note.replace("Windows-1252", "Latin-1")


def _mostly_utf8(data: bytes, most: int = 5) -> tuple[str, str] | None:
    """Text that is UTF-8 but for a few lines (a sign-up sheet saved as UTF-8, one player's name pasted from a
    Windows-1252 program), read a line at a time: each line as UTF-8 when it is, else as Windows-1252 (Latin-1
    when not that either), and a note naming the first `most` lines so read and counting them. None when the lines
    that are UTF-8 beyond ASCII are fewer than those that are not: a file in Windows-1252, read whole as such (its
    letters seldom make UTF-8's sequences), lest every row of a table be turned to mojibake for one stray byte."""
    lines = data.splitlines(keepends=True)
    texts: list[str] = []
    bad: list[int] = []
    latin1 = False
    utf8_beyond_ascii = 0
    for number, line in enumerate(lines, 1):
        try:
            texts.append(line.decode("utf-8"))
            utf8_beyond_ascii += not line.isascii()
        except UnicodeDecodeError:
            bad.append(number)
            try:
                texts.append(line.decode("cp1252"))
            except UnicodeDecodeError:
                texts.append(line.decode("latin-1"))
                latin1 = True
    if utf8_beyond_ascii < len(bad):
        return None
    encoding = "Windows-1252 or Latin-1" if latin1 else "Windows-1252"
    which = first_named([str(n) for n in bad], most)
    return "".join(texts), (f"not UTF-8 on {counted(len(bad), 'line')} (line{'s' if len(bad) > 1 else ''} {which}); "
                            f"{'those were' if len(bad) > 1 else 'it was'} read as {encoding}, the others as UTF-8")


def parse_bytes(data: bytes, path: str = "<bytes>") -> Deck:
    """Parse a decklist from raw bytes (gzip, UTF-8/UTF-16/Latin-1 text, JSON, XML, CSV or plain text)."""
    if data[:2] == GZIP_MAGIC:
        data = _gunzip(data, path)
    if is_zip(data) or data[:4] == b"\xd0\xcf\x11\xe0":  # a zip (a workbook, a document?) or an OLE2 file (an .xls?)
        text, note = _archive_text(data, path), None
    elif data[:64].lstrip().startswith(b"{\\rtf"):  # Rich Text: what TextEdit and WordPad save by default
        from deckcheck.decklist.documents import rtf_text

        text, note = rtf_text(data, path), None
    else:
        text, note = decode(data, path)
    deck = parse_text(text, path)
    if note:
        deck = replace(deck, notes=(note,) + deck.notes)
    return deck


def _archive_text(data: bytes, path: str) -> str:
    """A workbook's bytes (.xlsx, .ods) as CSV text of the sheet `sheets.sheet_text` chooses, a document's
    (.docx, .odt) as its text; a zip archive of other files, one that can't be read (a workbook cut short), or an
    OLE2 file (Excel 97-2003, old Word), is an InputError."""
    import zipfile

    from deckcheck.decklist import documents, sheets  # only for zip and OLE2 files: kept off a text decklist's way

    if sheets.is_ole2(data):
        raise InputError(path, documents.DOC_REFUSAL if documents.is_word_97(data) else sheets.XLS_REFUSAL)
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            kind = members_kind(archive)
    except zip_errors() as exc:  # a zip's directory is at its end: a copy or download cut short has none
        raise InputError(path, f"a zip archive that can't be read ({exc}): a workbook or document cut short?") from None
    if kind in WORKBOOKS:
        return sheets.sheet_text(io.BytesIO(data), path)
    if kind in DOCUMENTS:
        return documents.document_text(io.BytesIO(data), path)
    if kind == IWORK:
        raise InputError(path, documents.IWORK_REFUSAL)
    raise InputError(path, ZIP_OF_DECKLISTS)


def parse_text(text: str, path: str = "<text>") -> Deck:
    """Parse decklist text of any supported kind: an MTGJSON deck (JSON), an MTGO or Cockatrice deck file
    (XML), a CSV export, or plain text."""
    if text.startswith("\ufeff"):
        text = text[1:]
    stripped = text.lstrip()
    if stripped.startswith(("{", "[")):
        try:
            obj = json.loads(stripped)
        except RecursionError:
            raise InputError(path, "JSON nested too deeply") from None
        except ValueError as error:
            exc = json_error(error, stripped)
            if exc.msg == "Extra data" and stripped[0] == "{":  # an object, then more: JSON Lines
                raise InputError(path, "JSON Lines (one JSON value a line), not one decklist; a file of decks is "
                                       "checked by `deckcheck batch` when named .jsonl or .ndjson") from None
            if _named_json(path):  # cut short or broken, not text
                raise InputError(path, invalid_json(exc.msg, f"line {exc.lineno}, column {exc.colno}")) from None
            obj = None  # not JSON after all ("[Commander]", "[4] Sol Ring"): read it as text
        if obj is not None:
            return parse_json_deck(obj, path)
    if stripped[:14].lower().startswith(("<!doctype html", "<html")):  # a deck site's page, saved
        raise InputError(path, "a web page (HTML), not a decklist: export the list from the site instead (as "
                               "text, .dek or .csv)")
    if looks_like_xml(stripped):
        return parse_xml_deck(stripped, path)
    hint, unhinted = separator_line(text)  # Excel's "sep=," line before a CSV header
    if hint is not None:
        text = "\n" + unhinted  # the line blanked: the rows keep their lines' numbers
        stripped = text.lstrip()
    first = stripped.split("\n", 1)[0].split("\r", 1)[0].strip()  # (an old Mac's file breaks its lines with CR alone)
    if first == stripped.rstrip() and is_web_address(first):  # a deck site's link, and nothing else
        raise InputError(path, ADDRESS_FOR_A_DECKLIST)
    header = csv_header(text, DELIMITERS if hint is None else (hint,))
    if header is not None:
        return parse_csv(text, path, *header)
    if registrations_layout(stripped) is not None:
        raise InputError(path, "a table of registrations (a decklist a row), not one decklist: `deckcheck batch` "
                               "checks each row of one named .csv, .tsv, .xlsx or .ods")
    return parse_lines(text, path)


def _named_json(path: str) -> bool:
    """Whether a decklist's file name says JSON (.json, .json.gz, in any case)."""
    return path.lower().removesuffix(".gz").endswith(".json")


def parse_json_deck(obj: Any, path: str) -> Deck:
    """Parse a decoded JSON value that should be a deck: an MTGJSON deck file or a deck object."""
    if is_mtgjson_deck(obj):
        return parse_mtgjson_deck(obj, path)
    if is_deck_record(obj):
        return parse_deck_record(obj, path)
    if (blocks := section_blocks(obj)) is not None:
        return parse_blocks(blocks, path)
    if isinstance(obj, list) and obj and all(map(is_deck_record, obj)):
        raise InputError(path, f"a JSON array of {counted(len(obj), 'deck object')}, not one deck: `deckcheck batch` "
                               "reads each of them")
    raise InputError(path, "JSON, but not a deck: neither an MTGJSON deck file (data.mainBoard) nor a "
                           'deck object ({"commander": [...], "decklist": [...]} or {"text": ...})')


def parse_registered_file(path: str, record: Mapping[str, Any]) -> Deck:
    """A decklist file a registration names in its decklist cell (a frame's row given to `check_many`), read as the
    file is, with the commanders and companion the registration gives and its player's name, as beside its
    "text" (`parse_deck_record`)."""
    given = _given_beside(record, path)
    deck = _with_given(parse_file(path), *given)
    name = record_name(record)
    return replace(deck, name=name) if name else deck


def _given_beside(record: Mapping[str, Any], path: str) -> tuple[list[str], list[str]]:
    """The commander and companion names a deck object gives beside its list; InputError when they are none."""
    try:
        return record_commanders(record), record_companions(record)
    except ValueError as exc:
        raise InputError(path, str(exc)) from None


def _with_given(deck: Deck, commanders: list[str], companions: list[str]) -> Deck:
    """The deck with the commanders and companion given beside its list made its own, as `--commander` makes them."""
    if commanders:
        deck = with_commanders(deck, commanders, given="commander given beside the list")
    if companions:
        deck = with_companions(deck, companions, given="companion given beside the list")
    return deck


def parse_blocks(blocks: list[tuple[str | None, list[str]]], path: str, name: str | None = None) -> Deck:
    """The deck of decklist blocks, (header line or None, its lines), as the decklist text they make reads, without
    line numbers: those of that text are neither a file's lines nor the items' of the lists they came from."""
    return (parse_plain_blocks(blocks, path, name, numbered=False)
            or unnumbered(parse_lines(blocks_text(blocks), path)))


def section_blocks(obj: Any) -> list[tuple[str | None, list[str]]] | None:
    """A dict of one deck's sections by their headers, {"Commander": [...], "Deck": [...], "Sideboard": [...]}, as
    decklist blocks (header, its lines): every key a decklist section header (`header_of`: "Commander", "Deck",
    "Sideboard", "Companion", ...), every value a list or tuple of its lines ("1 Sol Ring", or card objects,
    {"name", "count"}) or a str of them. None for any other value."""
    if not isinstance(obj, Mapping) or not obj:
        return None
    blocks: list[tuple[str | None, list[str]]] = []
    for header, value in obj.items():
        if not isinstance(header, str) or not header_of(header):  # ("" is a card-type group's line, "Creatures")
            return None
        items = value.splitlines() if isinstance(value, str) else value
        if not isinstance(items, (list, tuple)):
            return None
        lines = [item if isinstance(item, str) else card_object_line(item) if isinstance(item, Mapping) else None
                 for item in items]
        if None in lines:
            return None
        blocks.append((header.strip(), [line.strip() for line in lines if line.strip()]))  # (blank: no block's end)
    return blocks


def parse_deck_record(record: Mapping[str, Any], path: str) -> Deck:
    """Parse a deck object (deckcheck.decklist.records): its "text" as any decklist (its "commander", when
    given, made the commanders as `--commander` makes them), else its lists as the decklist blocks they make.
    A list that is not one is an InputError."""
    name = record_name(record)
    try:
        text = record_text(record)
    except ValueError as exc:
        raise InputError(path, str(exc)) from None
    if text is not None:
        given = _given_beside(record, path)
        deck = _with_given(parse_text(text, path), *given)
    else:
        try:
            blocks, problems = record_blocks(record)
        except ValueError as exc:
            raise InputError(path, str(exc)) from None
        deck = parse_blocks(blocks, path, name)
        if problems:  # the items that made no line (one naming no card, a count that is none), said first
            deck = replace(deck, problems=EntryCollector().finish(problems)[1] + deck.problems)
    if isinstance(rows := record.get("rows"), list) and len(rows) > 1:  # (`_sent_again`, of a table's rows)
        deck = replace(deck, notes=(f"{name or 'this player'} sent {len(rows)} registrations, on rows "
                                    f"{first_named(list(map(str, rows)), 10)} of the table: which one stands is the "
                                    "organizer's call (a form keeps every response sent)", *deck.notes))
    # the object's own name, or its player (a registration's), before the name a "Name:" line of its text gives
    return replace(deck, name=name) if name else deck
