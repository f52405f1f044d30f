"""Spreadsheets saved as workbooks: an Office Open XML workbook (`.xlsx`, as Excel saves one and Google Sheets and
LibreOffice download one) or an OpenDocument spreadsheet (`.ods`). A sign-up form's responses are often kept so.

Each is read with the standard library (zipfile, expat), and one sheet is turned into CSV text with the
sheet's row numbers kept (a blank line for each blank row), which the CSV readers take from there: the first
sheet that is a table of registrations with a decklist a row, else the first sheet (a card list kept in a
spreadsheet). A sheet of one column is written out as its lines, unquoted: a decklist typed a card a row.

Cells keep the text they show in the file: a date is Excel's serial number, a formula its last value. A
document type declaration is refused (no workbook has one; entity expansion attacks live there), and every part
is read a bounded piece at a time: no part of more than MAX_PART_BYTES, no sheet of more than MAX_SHEET_CHARS
characters of cells."""

from __future__ import annotations

import contextlib
import csv
import io
import itertools
import pyexpat
import re
import weakref
import zipfile
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Iterator
from operator import itemgetter
from string import ascii_letters
from typing import IO, NamedTuple

from deckcheck.decklist.csvlists import Registrations, registrations_layout, table_rows
from deckcheck.errors import InputError
from deckcheck.zips import WORKBOOKS, members_kind, zip_errors

#: The most bytes read of one part (a sheet's XML, its shared strings) once decompressed.
MAX_PART_BYTES = 256 << 20
#: The most XML elements read of one workbook's or document's parts together (a sign-up form's sheet of 5,000 rows
#: of 20 answers holds some 300,000): each costs a handler's call, and a part of empty elements compresses a thousand
#: to one (a 2 MB workbook of 240 MB sheets took minutes), so past this the file is refused, in a few seconds.
MAX_ARCHIVE_ELEMENTS = 3_000_000
# The elements read so far of each archive open.
_ELEMENTS_READ: weakref.WeakKeyDictionary[zipfile.ZipFile, int] = weakref.WeakKeyDictionary()
#: The most characters of cells taken from one sheet (some 10,000 decklists of a few kilobytes).
MAX_SHEET_CHARS = 64 << 20
#: The most sheets looked at for a table of registrations.
MAX_SHEETS = 8
#: The widest and the longest sheet read (Excel's limits: column XFD, row 1,048,576).
MAX_COLUMNS = 16384
MAX_ROWS = 1 << 20

_XLS_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"  # the OLE2 container of Excel 97-2003 (and old Word) files
XLS_REFUSAL = ("an Excel 97-2003 file (.xls) or other OLE2 document, which deckcheck can't read: save the sheet "
               "as .xlsx, .ods or .csv")


def is_ole2(data: bytes) -> bool:
    """Whether bytes begin as an Excel 97-2003 workbook (an OLE2 compound document) does."""
    return data.startswith(_XLS_MAGIC)


def sheet_text(source: str | IO[bytes], path: str) -> str:
    """A workbook's sheet (the workbook a path or a binary file object) as CSV text, row n of the sheet on line
    n (a cell's line breaks inside its quotes): the first of its first MAX_SHEETS sheets that is a table of
    registrations (a form's responses, wherever the organizer's other sheets put it), else the first sheet. A
    workbook that can't be read, or a sheet too big, is an InputError naming `path`."""
    return sheet_texts(source, path, every=False).tables[0][1]


class Sheets(NamedTuple):
    """A workbook's sheets read for decks (`sheet_texts`): each as its name, CSV text and layout of registrations
    (None for a card list), and the names of the sheets left out as copies of tables before them."""

    tables: list[tuple[str, str, Registrations | None]]
    copies: list[str]


def sheet_texts(source: str | IO[bytes], path: str, every: bool = True) -> Sheets:
    """A workbook's sheets that are tables of registrations, of its first MAX_SHEETS (the form's responses and the
    late sign-ups an organizer keeps on a sheet of their own; with `every` False, the first alone), each as its
    name, CSV text (as `sheet_text`) and layout, in the workbook's order; else its first sheet alone, of no layout.
    A hidden sheet beside a table shown is left out (an organizer's workings), and so is a table whose players'
    decklists are all a table's before it (a copy checked by hand, sorted; not late sign-ups of a deck met before),
    named in `copies`. A workbook that can't be read, a sheet too big, or tables of more than MAX_SHEET_CHARS
    characters in all, is an InputError naming `path`; a sheet that can't be read after a table was found ends the
    search there, the tables found read."""
    found = Sheets([], [])
    first = None
    lists: set[tuple[str, str]] | None = None  # the players and decklists of the tables found, once there are two
    try:
        with zipfile.ZipFile(source) as archive:
            kind = members_kind(archive)
            if kind not in WORKBOOKS:
                raise InputError(path, "not a spreadsheet (.xlsx or .ods)")
            sheets = itertools.islice(_xlsx_sheets(archive, path) if kind == "xlsx" else _ods_tables(archive, path),
                                      MAX_SHEETS)
            while every or not found.tables:
                try:
                    rows = next(sheets, None)
                except (InputError, *zip_errors()):
                    if found.tables:
                        break
                    raise
                if rows is None:
                    break
                if found.tables and rows.hidden:
                    continue
                text = rows.text()
                if (layout := registrations_layout(text)) is not None:
                    if found.tables:  # (a workbook of one such table is not read for copies)
                        if lists is None:
                            _, first_text, first_layout = found.tables[0]
                            lists = _decklist_cells(first_text, first_layout)
                        if (listed := _decklist_cells(text, layout)) and listed <= lists:
                            found.copies.append(rows.name)
                            continue
                        lists |= listed
                    found.tables.append((rows.name, text, layout))
                    if sum(len(table[1]) for table in found.tables) > MAX_SHEET_CHARS:
                        raise InputError(path, f"sheets of registrations of more than {MAX_SHEET_CHARS:,} characters "
                                               "in all: too big to read")
                elif first is None:
                    first = (rows.name, text, None)
    except (InputError, FileNotFoundError, PermissionError, IsADirectoryError):
        raise
    except zip_errors() as exc:
        raise InputError(path, f"not a workbook that can be read ({exc})") from None
    if found.tables:
        return found
    if first is None:
        raise InputError(path, "a workbook without a sheet")
    return Sheets([first], [])


def _decklist_cells(text: str, layout: Registrations) -> set[tuple[str, str]]:
    """The players and decklists a table of registrations' CSV text holds, each stripped (the player folded, "" in a
    table naming none; none when its rows can't be read)."""
    rows = table_rows(text, layout)
    try:
        next(rows, None)  # the header
        return {(_cell(row, layout.player).casefold(), cell) for row in rows if (cell := _cell(row, layout.decklist))}
    except csv.Error:
        return set()


def _cell(row: list[str], column: int | None) -> str:
    """A CSV row's cell in `column`, stripped; "" when the row has none there, or there is no such column."""
    return row[column].strip() if column is not None and column < len(row) else ""


class _Rows:
    """A sheet's rows as they are read, by row number; blank rows and trailing blank cells are not kept."""

    def __init__(self, path: str, name: str = "", hidden: bool = False) -> None:
        self.path = path
        self.name = name  # the sheet's, as its tab shows it
        self.hidden = hidden
        self.rows: list[tuple[int, list[str]]] = []
        self.chars = 0

    def add(self, number: int, cells: list[str], repeat: int = 1) -> None:
        """Row `number` (1-based), and the `repeat` - 1 rows after it when it is repeated."""
        while cells and not cells[-1]:
            cells.pop()
        if not cells:
            return
        if number + repeat - 1 > MAX_ROWS:
            raise InputError(self.path, f"a sheet of more than {MAX_ROWS:,} rows: too big to read")
        self.chars += sum(len(cell) + 1 for cell in cells) * repeat + max(0, number - self._last())
        if self.chars > MAX_SHEET_CHARS:
            raise InputError(self.path, f"a sheet of more than {MAX_SHEET_CHARS:,} characters: too big to read")
        self.rows.extend((number + i, cells) for i in range(repeat))

    def _last(self) -> int:
        return self.rows[-1][0] if self.rows else 0

    def fill_merged(self, ranges: list[tuple[int, int, int]]) -> None:
        """Each range merged down rows (first row, column, last row; 1-based rows, 0-based columns) read as its top
        cell's value in its column's cell of each of its rows read, as the sheet shows it beside them ("Sideboard"
        merged down beside the sideboard's cards; the file keeps it in the top cell alone, and may leave the covered
        cells out). Not in the columns to its right when it spans several: a title merged across the table is one
        title, not one in each column."""
        if not ranges:
            return
        rows = sorted(self.rows, key=itemgetter(0))
        numbers = [number for number, _ in rows]
        for top, left, bottom in ranges:
            at = bisect_left(numbers, top)  # the rows of the range, found without a pass over every row
            value = rows[at][1][left:left + 1] if at < len(rows) and numbers[at] == top else None
            if not value or not value[0]:
                continue
            for _, cells in rows[at + 1:bisect_right(numbers, bottom)]:
                if len(cells) <= left:  # a row whose cells end before the range's: the file left them out
                    cells.extend([""] * (left + 1 - len(cells)))
                if not cells[left]:
                    cells[left] = value[0]

    def text(self) -> str:
        """The rows as CSV text (a sheet of one column as its bare lines), row n on line n."""
        out = io.StringIO()
        one_column = all(len(cells) == 1 for _, cells in self.rows)
        writer = csv.writer(out, lineterminator="\n")
        line = 1
        for number, cells in sorted(self.rows, key=lambda row: row[0]):
            out.write("\n" * max(0, number - line))
            if one_column:
                out.write(cells[0].replace("\r\n", "\n") + "\n")
            else:
                writer.writerow(cells)
            line = max(line, number + 1)
        return out.getvalue()


# --- reading XML parts -----------------------------------------------------------------------------------
def _local(name: str) -> str:
    """An element's or attribute's name without its namespace (expat gives "namespace local")."""
    return name.rpartition(" ")[2]


def parse_part(archive: zipfile.ZipFile, name: str, path: str, start: Callable[[str, dict[str, str]], None],
               end: Callable[[str], None], text: Callable[[str], None] | None = None) -> None:
    """Feed one XML part of a workbook's or document's archive to expat a piece at a time, handlers taking
    local names; a document type declaration, malformed XML, a part too big or more elements in the archive's parts
    than MAX_ARCHIVE_ELEMENTS is an InputError."""

    def doctype(*_: object) -> None:
        raise InputError(path, f"{name}: a document type declaration, which no workbook or document has; not read")

    elements = _ELEMENTS_READ.get(archive, 0)

    def started(tag: str, attrs: dict[str, str]) -> None:
        nonlocal elements
        elements += 1
        if elements > MAX_ARCHIVE_ELEMENTS:
            raise InputError(path, f"{name}: more than {MAX_ARCHIVE_ELEMENTS:,} XML elements in the file's parts: "
                                   "too big to read")
        start(_local(tag), attrs)

    parser = pyexpat.ParserCreate(namespace_separator=" ")
    parser.StartDoctypeDeclHandler = doctype
    parser.StartElementHandler = started
    parser.EndElementHandler = lambda tag: end(_local(tag))
    if text is not None:
        parser.CharacterDataHandler = text
        parser.buffer_text = True
    read = 0
    try:
        with archive.open(name) as member:
            while piece := member.read(1 << 16):
                read += len(piece)
                if read > MAX_PART_BYTES:
                    raise InputError(path, f"{name}: more than {MAX_PART_BYTES:,} bytes: too big to read")
                parser.Parse(piece, False)
            parser.Parse(b"", True)
    except pyexpat.ExpatError as exc:
        raise InputError(path, f"{name}: not well-formed XML ({exc})") from None
    except (LookupError, UnicodeError) as exc:  # an encoding the XML declaration names, unknown or not kept
        raise InputError(path, f"{name}: XML in an encoding that can't be read ({exc})") from None
    finally:
        _ELEMENTS_READ[archive] = elements


def _attr(attrs: dict[str, str], local: str) -> str | None:
    for key, value in attrs.items():
        if _local(key) == local:
            return value
    return None


def _count(value: str | None) -> int:
    """A whole number attribute (a row number, a repeat count); 0 when absent or not one. More than nine
    digits is more than any sheet holds, and is read as 10**9 (the size bound then refuses it)."""
    if not value or not value.isascii() or not value.isdigit():
        return 0
    return int(value) if len(value) <= 9 else 10 ** 9


# --- Office Open XML (.xlsx) -----------------------------------------------------------------------------
_ESCAPED = re.compile(r"_x([0-9A-Fa-f]{4})_")  # how OOXML writes a character XML can't hold (_x000D_ for CR)


def _unescape(text: str) -> str:
    return _ESCAPED.sub(lambda m: chr(int(m.group(1), 16)), text) if "_x" in text else text


def _column_of(reference: str | None) -> int | None:
    """The 0-based column of a cell reference ("C7" -> 2), None when there is none or it is malformed."""
    if not reference:
        return None
    column = 0
    for char in reference:
        if "A" <= char <= "Z":
            column = column * 26 + ord(char) - 64
        elif "a" <= char <= "z":
            column = column * 26 + ord(char) - 96
        else:
            break
        if column > MAX_COLUMNS:
            return None
    return column - 1 if column else None


def _part_name(target: str, base: str = "xl/") -> str:
    """A relationship's target as a name in the archive: absolute ("/xl/...") or relative to `base`."""
    name = target[1:] if target.startswith("/") else base + target
    parts: list[str] = []
    for part in name.split("/"):
        if part == "..":
            if parts:
                parts.pop()
        elif part not in ("", "."):
            parts.append(part)
    return "/".join(parts)


def _worksheets(archive: zipfile.ZipFile, path: str) -> tuple[list[tuple[str, str, bool]], str | None]:
    """The archive names of the workbook's worksheets, each with the sheet's name and whether it is hidden, in the
    workbook's order (its hidden ones after the others: a hidden first sheet of lookups was read for the deck, its
    row numbers those of a sheet no one sees), and of its shared strings (None when it has none)."""
    shown: list[str] = []
    hidden: list[str] = []
    named: dict[str, str] = {}

    def sheet(tag: str, attrs: dict[str, str]) -> None:
        if tag == "sheet":
            ident = _attr(attrs, "id") or ""
            (hidden if attrs.get("state") in ("hidden", "veryHidden") else shown).append(ident)
            named.setdefault(ident, attrs.get("name", ""))

    parse_part(archive, "xl/workbook.xml", path, sheet, lambda tag: None)
    sheet_ids = shown + hidden
    targets: dict[str, tuple[str, str]] = {}
    names = set(archive.namelist())
    if "xl/_rels/workbook.xml.rels" in names:
        def relationship(tag: str, attrs: dict[str, str]) -> None:
            if tag == "Relationship" and attrs.get("Id") and attrs.get("Target"):
                targets[attrs["Id"]] = (attrs.get("Type", ""), _part_name(attrs["Target"]))

        parse_part(archive, "xl/_rels/workbook.xml.rels", path, relationship, lambda tag: None)
    parts = {targets[i][1]: named[i] for i in sheet_ids if i in targets and targets[i][0].endswith("/worksheet")}
    hidden_parts = {targets[i][1] for i in hidden if i in targets}
    sheets = [(part, name, part in hidden_parts) for part, name in parts.items() if part in names]
    if not sheets and "xl/worksheets/sheet1.xml" in names:
        sheets = [("xl/worksheets/sheet1.xml", "", False)]
    strings = next((target for kind, target in targets.values() if kind.endswith("/sharedStrings")),
                   "xl/sharedStrings.xml")
    return sheets, strings if strings in names else None


def _shared_strings(archive: zipfile.ZipFile, name: str, path: str) -> list[str]:
    """A workbook's shared strings, in order: each item's text runs joined, its phonetic guides left out; more than
    MAX_SHARED_STRINGS is an InputError."""
    reader = _SharedStrings(path, name)
    parse_part(archive, name, path, reader.start, reader.end, reader.text)
    return reader.strings


#: The most shared strings read from a workbook (every sheet's, four times a sheet of Excel's most rows, each with a
#: string of its own; some 250 MB as Python strings at the most): a part of many millions of tiny strings, small on
#: disk, would take gigabytes.
MAX_SHARED_STRINGS = 1 << 22


class _SharedStrings:
    """Expat handlers collecting a shared strings part's items (`<si>`: `<t>` runs, `<rPh>` guides)."""

    def __init__(self, path: str, name: str) -> None:
        self.path, self.name = path, name
        self.strings: list[str] = []
        self.parts: list[str] = []
        self.in_text = False
        self.phonetic = 0

    def start(self, tag: str, attrs: dict[str, str]) -> None:
        if tag == "si":
            self.parts.clear()
        elif tag == "rPh":
            self.phonetic += 1
        elif tag == "t":
            self.in_text = not self.phonetic

    def end(self, tag: str) -> None:
        if tag == "t":
            self.in_text = False
        elif tag == "rPh":
            self.phonetic -= 1
        elif tag == "si":
            if len(self.strings) >= MAX_SHARED_STRINGS:
                raise InputError(self.path, f"{self.name}: more than {MAX_SHARED_STRINGS:,} shared strings: too big "
                                            "to read")
            self.strings.append(_unescape("".join(self.parts)))

    def text(self, data: str) -> None:
        if self.in_text:
            self.parts.append(data)


def _xlsx_sheets(archive: zipfile.ZipFile, path: str) -> Iterator[_Rows]:
    """Each worksheet's rows, in order, read as they are asked for."""
    sheets, strings_part = _worksheets(archive, path)
    strings: list[str] | None = None
    for sheet, name, hidden in sheets:
        if strings is None:
            strings = _shared_strings(archive, strings_part, path) if strings_part else []
        reader = _XlsxSheet(strings, path)
        reader.rows.name, reader.rows.hidden = name, hidden
        parse_part(archive, sheet, path, reader.start, reader.end, reader.text)
        reader.rows.fill_merged(reader.merged)
        yield reader.rows


#: The most merged ranges of a sheet read (a sheet merges a few: a section's name down beside its cards).
MAX_MERGED = 10_000


class _XlsxSheet:
    """Expat handlers collecting a worksheet's rows: `<row r=>` of `<c r= t=>` cells, each a `<v>` value (a
    shared string's index when t="s") or an inline string (`<is>` of `<t>` runs)."""

    def __init__(self, strings: list[str], path: str) -> None:
        self.strings = strings
        self.path = path
        self.rows = _Rows(path)
        self.cells: list[str] = []
        self.parts: list[str] = []
        self.row = 0
        self.column = 0
        self.kind = "n"
        self.collect = False
        self.inline = False
        self.phonetic = 0
        self.merged: list[tuple[int, int, int]] = []  # `<mergeCell ref="A3:A90">` down rows, after the rows

    def start(self, tag: str, attrs: dict[str, str]) -> None:
        if tag == "row":
            self.row = _count(attrs.get("r")) or self.row + 1
            self.cells.clear()
        elif tag == "mergeCell" and len(self.merged) < MAX_MERGED:
            first, _, last = (attrs.get("ref") or "").partition(":")
            corners = [(_count(corner.lstrip(ascii_letters)), _column_of(corner)) for corner in (first, last or first)]
            if all(row and column is not None for row, column in corners) and corners[1][0] > corners[0][0]:
                (top, left), (bottom, _) = corners
                self.merged.append((top, left, bottom))
        elif tag == "c":
            column = _column_of(attrs.get("r"))
            self.column = len(self.cells) if column is None else column
            self.kind = attrs.get("t", "n")
            self.parts.clear()
        elif tag == "v" or (tag == "t" and self.inline and not self.phonetic):
            self.collect = True
        elif tag == "is":
            self.inline = True
        elif tag == "rPh":
            self.phonetic += 1

    def end(self, tag: str) -> None:
        if tag in ("v", "t"):
            self.collect = False
        elif tag == "is":
            self.inline = False
        elif tag == "rPh":
            self.phonetic -= 1
        elif tag == "c":
            self._cell("".join(self.parts))
        elif tag == "row":
            self.rows.add(self.row, self.cells[:])

    def _cell(self, value: str) -> None:
        if self.kind == "s":
            text = value.strip()  # an index of ASCII digits ("²" is a digit to isdigit(), and int() refuses it)
            index = int(text) if text.isascii() and text.isdigit() and len(text) <= 9 else -1
            value = self.strings[index] if 0 <= index < len(self.strings) else ""
        elif self.kind == "b":
            value = "TRUE" if value.strip() == "1" else "FALSE"
        else:
            value = _unescape(value)
        if self.column >= MAX_COLUMNS:
            raise InputError(self.path, f"a sheet wider than {MAX_COLUMNS:,} columns; not read")
        if self.column >= len(self.cells):
            self.cells.extend([""] * (self.column + 1 - len(self.cells)))
        self.cells[self.column] = value

    def text(self, data: str) -> None:
        if self.collect:
            self.parts.append(data)


# --- OpenDocument (.ods) ---------------------------------------------------------------------------------
def _ods_tables(archive: zipfile.ZipFile, path: str) -> Iterator[_Rows]:
    """Each table's rows, in order, read as they are asked for (content.xml read again for each, up to the table's
    end: a table followed by hundreds of megabytes of other XML was read to the end of the part each time)."""
    for index in itertools.count():
        reader = _OdsTable(path, index)
        with contextlib.suppress(_TableRead):
            parse_part(archive, "content.xml", path, reader.start, reader.end, reader.text)
        if not reader.found:
            return
        yield reader.rows


class _TableRead(Exception):
    """Raised by `_OdsTable` once its table is read, to stop the parse there."""


class _OdsTable:
    """Expat handlers collecting one table (the `index`-th, from 0) of an OpenDocument spreadsheet's
    content.xml: each cell's paragraphs joined by line breaks, its annotations (comments) left out, repeated
    rows and cells repeated, a merged cell's value down its first column (`fill_merged`). `found` says whether there
    was such a table."""

    def __init__(self, path: str, index: int = 0) -> None:
        self.path = path
        self.rows = _Rows(path)
        self.cells: list[str] = []
        self.parts: list[str] = []
        self.before = index  # tables still to pass before the one read
        self.found = False
        self.tables = 0  # how deep in tables: only the top level of the one read counts
        self.done = False
        self.row = 0
        self.row_repeat = 1
        self.cell_repeat = 1
        self.in_cell = False
        self.paragraphs = 0
        self.skip = 0  # how deep in annotations
        self.merged: list[tuple[int, int, int]] = []  # cells spanning rows (`fill_merged`)

    def start(self, tag: str, attrs: dict[str, str]) -> None:
        if self.done:
            return
        if tag == "table":
            self.tables += 1
            if self.tables == 1 and not self.before and not self.found:
                self.found = True
                self.rows.name = _attr(attrs, "name") or ""
        elif self.tables != 1 or not self.found:
            return
        elif tag == "annotation":
            self.skip += 1
        elif self.skip:
            return
        elif tag == "table-row":
            self.row_repeat = _repeat(_attr(attrs, "number-rows-repeated"))
            self.cells.clear()
        elif tag in ("table-cell", "covered-table-cell"):
            self.cell_repeat = _repeat(_attr(attrs, "number-columns-repeated"))
            self.in_cell, self.paragraphs = True, 0
            self.parts.clear()
            down = _repeat(_attr(attrs, "number-rows-spanned"))
            if down > 1 and len(self.merged) < MAX_MERGED:  # a range merged down rows: its top cell
                self.merged.append((self.row + 1, len(self.cells), self.row + down))
        elif self.in_cell and tag in ("p", "h"):
            if self.paragraphs:
                self.parts.append("\n")
            self.paragraphs += 1
        elif self.in_cell and tag == "s":
            self.parts.append(" " * min(_repeat(_attr(attrs, "c")), 1000))
        elif self.in_cell and tag == "tab":
            self.parts.append("\t")
        elif self.in_cell and tag == "line-break":
            self.parts.append("\n")

    def end(self, tag: str) -> None:
        if self.done:
            return
        if tag == "table":
            self.tables -= 1
            if self.tables == 0:
                self.done = self.found
                self.before -= 1
                if self.done:
                    self.rows.fill_merged(self.merged)
                    raise _TableRead
        elif self.tables != 1 or not self.found:
            return
        elif tag == "annotation":
            self.skip -= 1
        elif self.skip:
            return
        elif tag in ("table-cell", "covered-table-cell"):
            self.in_cell = False
            self._cell("".join(self.parts))
        elif tag == "table-row":
            self.rows.add(self.row + 1, self.cells[:], self.row_repeat)
            self.row += self.row_repeat

    def _cell(self, value: str) -> None:
        cells, repeat = self.cells, self.cell_repeat
        if value:
            if len(cells) + repeat > MAX_COLUMNS:
                raise InputError(self.path, f"a sheet wider than {MAX_COLUMNS:,} columns; not read")
            cells.extend([value] * repeat)
        elif len(cells) < MAX_COLUMNS:  # blank cells: kept only while a later cell may need their places
            cells.extend([""] * min(repeat, MAX_COLUMNS - len(cells)))

    def text(self, data: str) -> None:
        if self.in_cell and self.found and not self.skip and not self.done:
            self.parts.append(data)


def _repeat(value: str | None) -> int:
    """A repeat count attribute (number-rows-repeated, number-columns-repeated, text:s's c): 1 when absent."""
    return _count(value) or 1
