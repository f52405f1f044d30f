"""Decklists saved by a word processor: a Word document (`.docx`), an OpenDocument text (`.odt`) or Rich Text
(`.rtf`, what macOS TextEdit and Windows WordPad save by default). Players send their lists so.

Each is turned into plain text, a paragraph a line, which the text dialects read from there: a table's row
is one line of tab-separated cells (a card list typed as a table). Only the document's body is read: no
header, footer, comment, footnote or field code, and no text a tracked change deleted. The XML parts are
read as the workbooks' are (`sheets.parse_part`: no document type declaration, a bounded piece at a time)."""

from __future__ import annotations

import re
import zipfile
from typing import IO

from deckcheck.decklist.reading import MAX_BYTES
from deckcheck.decklist.sheets import parse_part
from deckcheck.errors import InputError
from deckcheck.zips import DOCUMENTS, members_kind, zip_errors

_TOO_BIG = f"more than {MAX_BYTES:,} characters of text: too big for a decklist"


#: What deckcheck says of an Apple Pages or Numbers file (a zip of Apple's own binary parts).
IWORK_REFUSAL = ("an Apple Pages or Numbers file, which deckcheck can't read: export it (File > Export To) as Word, "
                 "Excel, CSV or plain text")
#: What deckcheck says of a Word 97-2003 document (an OLE2 file with a WordDocument stream).
DOC_REFUSAL = "a Word 97-2003 document (.doc), which deckcheck can't read: save it as .docx, .rtf or plain text"
_WORD_STREAM = "WordDocument".encode("utf-16-le")  # the stream's name in the OLE2 directory


def is_word_97(data: bytes) -> bool:
    """Whether an OLE2 file's bytes are a Word 97-2003 document's (its directory names a WordDocument stream)."""
    return _WORD_STREAM in data[: 1 << 20]


def document_text(source: str | IO[bytes], path: str) -> str:
    """The text of a .docx or .odt document (a path or a binary file object), a paragraph a line; a document
    that can't be read, or holds more text than a decklist may, is an InputError naming `path`."""
    try:
        with zipfile.ZipFile(source) as archive:
            kind = members_kind(archive)
            if kind not in DOCUMENTS:
                raise InputError(path, "not a document (.docx or .odt)")
            text = _Text(path)
            if kind == "docx":
                parse_part(archive, "word/document.xml", path, text.docx_start, text.docx_end, text.chars)
            else:
                parse_part(archive, "content.xml", path, text.odt_start, text.odt_end, text.chars)
    except (InputError, FileNotFoundError, PermissionError, IsADirectoryError):
        raise
    except zip_errors() as exc:
        raise InputError(path, f"not a document that can be read ({exc})") from None
    return text.value()


#: How deep in other paragraphs a heading is still read as one (a text box's, in a frame, in a paragraph).
_HEADING_DEPTH = 8


class _Text:
    """The body text of a document's XML, gathered as expat reports it: paragraphs end lines, a table's
    cells are joined by tabs (their own paragraphs by spaces), and only the text elements' characters count."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.parts: list[str] = []
        self.size = 0
        self.taking = 0  # inside an element whose characters are text (w:t; an ODF paragraph)
        self.skipping = 0  # inside an element whose text is no part of the list (a comment, a footnote)
        self.cells = 0  # inside a table cell
        self.paragraphs: list[tuple[int, bool]] = []  # each open paragraph's first part, and whether a heading

    def add(self, piece: str) -> None:
        self.size += len(piece)
        if self.size > MAX_BYTES:
            raise InputError(self.path, _TOO_BIG)
        self.parts.append(piece)

    def chars(self, data: str) -> None:
        if self.taking and not self.skipping:
            self.add(data)

    def _paragraph_start(self, heading: bool = False) -> None:
        self.paragraphs.append((len(self.parts), heading))

    def _paragraph_end(self) -> None:
        start, heading = self.paragraphs.pop() if self.paragraphs else (len(self.parts), False)
        # (a text box's paragraphs are within one; past a few levels, a heading is none: thousands of them nested
        # each read the text from near its start again, for minutes)
        if heading and len(self.paragraphs) < _HEADING_DEPTH and not self.cells and not self.skipping:
            text = "".join(self.parts[start:]).strip()
            if text and not text[0].isdigit():  # a title ("My Abzan deck"), or a section's header ("Commander")
                self.parts.insert(start, "// ")  # which the decklist reader takes as a comment or a header
        if not self.skipping:
            self.add(" " if self.cells else "\n")

    def _cell_end(self) -> None:
        self.cells -= 1
        if not self.skipping:
            self.add("\t")

    # Office Open XML (word/document.xml): w:p paragraphs of w:r runs, their text in w:t; w:tab, w:br.
    def docx_start(self, tag: str, attrs: dict[str, str]) -> None:
        if tag == "t":
            self.taking += 1
        elif tag == "p":
            self._paragraph_start()
        elif tag == "pStyle" and self.paragraphs:  # Heading1, Title (and their names in other languages)
            style = next((v for k, v in attrs.items() if k.rpartition(" ")[2] == "val"), "").lower()
            if any(word in style for word in _HEADING_STYLES):
                self.paragraphs[-1] = (self.paragraphs[-1][0], True)
        elif tag in _DOCX_SKIPPED:
            self.skipping += 1
        elif tag == "tc":
            self.cells += 1
        elif not self.skipping:
            if tag == "tab":
                self.add("\t")
            elif tag in ("br", "cr"):
                self.add(" " if self.cells else "\n")

    def docx_end(self, tag: str) -> None:
        if tag == "t":
            self.taking -= 1
        elif tag in _DOCX_SKIPPED:
            self.skipping -= 1
        elif tag == "p":
            self._paragraph_end()
        elif tag == "tc":
            self._cell_end()
        elif tag == "tr" and not self.skipping:
            self.add("\n")

    # OpenDocument (content.xml): text:p and text:h paragraphs, spans inside; text:s, text:tab, line breaks.
    def odt_start(self, tag: str, attrs: dict[str, str]) -> None:
        if tag in ("p", "h"):
            self.taking += 1
            self._paragraph_start(heading=tag == "h")
        elif tag in _ODT_SKIPPED:
            self.skipping += 1
        elif tag == "table-cell":
            self.cells += 1
        elif self.taking and not self.skipping:
            if tag == "s":
                count = next((v for k, v in attrs.items() if k.rpartition(" ")[2] == "c"), "1")
                self.add(" " * min(int(count) if count.isdigit() else 1, 1000))
            elif tag == "tab":
                self.add("\t")
            elif tag == "line-break":
                self.add(" " if self.cells else "\n")

    def odt_end(self, tag: str) -> None:
        if tag in ("p", "h"):
            self.taking -= 1
            self._paragraph_end()
        elif tag in _ODT_SKIPPED:
            self.skipping -= 1
        elif tag == "table-cell":
            self._cell_end()
        elif tag == "table-row" and not self.skipping:
            self.add("\n")

    def value(self) -> str:
        """The text gathered, a cell's closing space and a line's trailing blanks taken off."""
        return _trimmed("".join(self.parts).replace(" \t", "\t"))


#: What a Word heading's style id holds: Heading1, Title, Subtitle; German Überschrift, French Titre, Spanish
#: Título, Italian Titolo.
_HEADING_STYLES = ("heading", "title", "berschrift", "titre", "tulo", "titolo")
# Word: deleted text (tracked changes) is in w:delText, not w:t; field codes in w:instrText. Comments, notes,
# headers and footers are other parts, but a text box's fallback copy (mc:Fallback) repeats its text.
# A paragraph's tab stops (w:tabs) are w:tab elements too.
_DOCX_SKIPPED = frozenset({"Fallback", "tabs"})
# OpenDocument: comments (office:annotation), footnotes (text:note), tracked changes' deleted text.
_ODT_SKIPPED = frozenset({"annotation", "note", "tracked-changes"})


# --- Rich Text Format ----------------------------------------------------------------------------------------
_RTF_TOKEN = re.compile(rb"\\([a-z]{1,32})(-?\d{1,10})? ?|\\'([0-9a-fA-F]{2})|\\([^a-z])|([{}])|([^\\{}\r\n]+)|[\r\n]+"
                        rb"|\\")
# Groups whose text is not the document's: fonts, colors, styles, metadata, pictures, headers, footers, notes,
# comments and a field's instructions (its result, the text shown, is kept).
_RTF_SKIPPED = frozenset({
    b"fonttbl", b"colortbl", b"stylesheet", b"info", b"pict", b"header", b"headerl", b"headerr", b"headerf",
    b"footer", b"footerl", b"footerr", b"footerf", b"footnote", b"annotation", b"fldinst", b"object",
    b"listtable", b"listoverridetable", b"rsidtbl", b"generator", b"xmlnstbl", b"themedata", b"datastore",
    b"latentstyles", b"filetbl", b"revtbl", b"pgdsctbl", b"atnid", b"atnauthor", b"bkmkstart", b"bkmkend"})
_RTF_CHARACTERS = {
    b"par": "\n", b"line": "\n", b"row": "\n", b"sect": "\n", b"page": "\n", b"tab": "\t", b"cell": "\t",
    b"emdash": "\u2014", b"endash": "\u2013", b"lquote": "\u2018", b"rquote": "\u2019", b"ldblquote": "\u201c",
    b"rdblquote": "\u201d", b"bullet": "\u2022", b"emspace": " ", b"enspace": " ", b"qmspace": " "}
_RTF_SYMBOLS = {b"~": " ", b"_": "-", b"-": "", b"\n": "\n", b"\r": "\n", b"\\": "\\", b"{": "{", b"}": "}"}


def rtf_text(data: bytes, path: str) -> str:
    """The text of a Rich Text document, a paragraph a line: its escapes decoded (\\'xx in the document's
    code page, \\uN as Unicode), its groups of fonts, colors, styles, pictures, headers and notes left out."""
    codepage = re.search(rb"\\ansicpg(\d{3,5})", data[:4096])
    encoding = f"cp{int(codepage.group(1))}" if codepage else "cp1252"
    try:
        "".encode(encoding)
    except LookupError:
        encoding = "cp1252"

    out: list[str] = []
    escaped = bytearray()  # \'xx bytes in a row: one character of a two-byte code page may take two

    def add(piece: str) -> None:
        if escaped:
            out.append(escaped.decode(encoding, errors="replace"))
            escaped.clear()
        out.append(piece)

    stack: list[tuple[bool, int]] = []  # each open group's (skipped, \uc count) when it opened
    skipped, uc, skip_chars = False, 1, 0
    first_in_group = False
    for m in _RTF_TOKEN.finditer(data):
        word, number, hex_byte, symbol, brace, text = m.groups()
        if word is None and hex_byte is None and symbol is None and brace is None and text is None:
            continue  # a line break of the file (not of the text), or a lone backslash at its end
        if brace == b"{":
            stack.append((skipped, uc))
            first_in_group = True
            continue
        if brace == b"}":
            if stack:
                skipped, uc = stack.pop()
            skip_chars = 0
            first_in_group = False
            continue
        starts_group, first_in_group = first_in_group, False
        if symbol == b"*" and starts_group:  # {\* ...}: a destination a reader that doesn't know it skips
            skipped = True
            continue
        if word is not None:
            if word in _RTF_SKIPPED:
                skipped = True
            elif word == b"uc" and number is not None:
                uc = max(0, int(number))
            elif word == b"u" and number is not None:
                if not skipped:
                    code = int(number) % 65536
                    add(chr(code) if code < 0xD800 or code > 0xDFFF else "\ufffd")
                skip_chars = uc
            elif not skipped and word in _RTF_CHARACTERS:
                add(_RTF_CHARACTERS[word])
            continue
        if skip_chars:  # the stand-in characters after \uN, for readers without Unicode
            if text is None:
                skip_chars -= 1
                continue
            dropped = min(skip_chars, len(text))
            text, skip_chars = text[dropped:], skip_chars - dropped
            if not text:
                continue
        if skipped:
            continue
        if hex_byte is not None:
            escaped.append(int(hex_byte, 16))
        elif symbol is not None:
            add(_RTF_SYMBOLS.get(symbol, ""))
        elif text is not None:
            add(text.decode(encoding, errors="replace"))
    add("")
    return _trimmed("".join(out))


def _trimmed(text: str) -> str:
    """A document's text without the tabs and spaces that end its lines (what a word processor leaves)."""
    return "\n".join(line.rstrip("\t ") for line in text.split("\n"))
