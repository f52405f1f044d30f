"""Spreadsheets saved as workbooks: an Office Open XML workbook (`.xlsx`, as Excel saves one and Google Sheets and
LibreOffice download one) or an OpenDocument spreadsheet (`.ods`). A sign-up form's responses are often kept so.

Each is read with the standard library (zipfile, expat), and its first sheet is turned into CSV text with the
sheet's row numbers kept (a blank line for each blank row), which the CSV readers take from there: a card list
kept in a spreadsheet, or a table of registrations with a decklist a row. A sheet of one column is written out
as its lines, unquoted: a decklist typed a card a row.

Cells keep the text they show in the file: a date is Excel's serial number, a formula its last value. A
document type declaration is refused (no workbook has one; entity expansion attacks live there), and every part
is read a bounded piece at a time: no part of more than MAX_PART_BYTES, no sheet of more than MAX_SHEET_CHARS
characters of cells."""

from __future__ import annotations

import csv
import io
import pyexpat
import re
import zipfile
from collections.abc import Callable
from typing import IO

from deckcheck.errors import InputError, zip_errors

#: The most bytes read of one part (a sheet's XML, its shared strings) once decompressed.
MAX_PART_BYTES = 256 << 20
#: The most characters of cells taken from one sheet (some 10,000 decklists of a few kilobytes).
MAX_SHEET_CHARS = 64 << 20
#: The widest and the longest sheet read (Excel's limits: column XFD, row 1,048,576).
MAX_COLUMNS = 16384
MAX_ROWS = 1 << 20

_ODS_TYPE = b"application/vnd.oasis.opendocument.spreadsheet"
_XLS_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"  # the OLE2 container of Excel 97-2003 (and old Word) files
XLS_REFUSAL = ("an Excel 97-2003 file (.xls) or other OLE2 document, which deckcheck can't read: save the sheet "
               "as .xlsx, .ods or .csv")


def is_ole2(data: bytes) -> bool:
    """Whether bytes begin as an Excel 97-2003 workbook (an OLE2 compound document) does."""
    return data.startswith(_XLS_MAGIC)


def workbook_kind(archive: zipfile.ZipFile) -> str | None:
    """"xlsx" or "ods" when a zip archive is a workbook of that kind, else None (a zip of decklists)."""
    names = set(archive.namelist())
    if "xl/workbook.xml" in names:
        return "xlsx"
    if "content.xml" in names and "mimetype" in names:
        try:
            with archive.open("mimetype") as member:
                if member.read(len(_ODS_TYPE) + 1).strip() == _ODS_TYPE:
                    return "ods"
        except zip_errors():
            return None
    return None


def is_workbook(source: str | IO[bytes]) -> bool:
    """Whether a file (a path or a binary file object) is an .xlsx or .ods workbook."""
    try:
        with zipfile.ZipFile(source) as archive:
            return workbook_kind(archive) is not None
    except zip_errors():
        return False


def sheet_text(source: str | IO[bytes], path: str) -> str:
    """The first sheet of a workbook (a path or a binary file object) as CSV text, row n of the sheet on line n
    (a cell's line breaks inside its quotes). A workbook that can't be read, or a sheet too big, is an
    InputError naming `path`."""
    try:
        with zipfile.ZipFile(source) as archive:
            kind = workbook_kind(archive)
            if kind == "xlsx":
                rows = _xlsx_rows(archive, path)
            elif kind == "ods":
                rows = _ods_rows(archive, path)
            else:
                raise InputError(path, "not a spreadsheet (.xlsx or .ods)")
    except (InputError, FileNotFoundError, PermissionError, IsADirectoryError):
        raise
    except zip_errors() as exc:
        raise InputError(path, f"not a workbook that can be read ({exc})") from None
    return rows.text()


class _Rows:
    """A sheet's rows as they are read, by row number; blank rows and trailing blank cells are not kept."""

    def __init__(self, path: str) -> None:
        self.path = path
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


def _parse(archive: zipfile.ZipFile, name: str, path: str, start: Callable[[str, dict[str, str]], None],
           end: Callable[[str], None], text: Callable[[str], None] | None = None) -> None:
    """Feed one part of the archive to expat a piece at a time, handlers taking local names; a document type
    declaration, malformed XML or a part too big is an InputError."""

    def doctype(*_: object) -> None:
        raise InputError(path, f"{name}: a document type declaration, which no workbook has; not read")

    parser = pyexpat.ParserCreate(namespace_separator=" ")
    parser.StartDoctypeDeclHandler = doctype
    parser.StartElementHandler = lambda tag, attrs: start(_local(tag), attrs)
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


def _first_worksheet(archive: zipfile.ZipFile, path: str) -> tuple[str, str | None]:
    """The archive names of the workbook's first worksheet and of its shared strings (None when it has none)."""
    sheet_ids: list[str] = []
    _parse(archive, "xl/workbook.xml", path,
           lambda tag, attrs: sheet_ids.append(_attr(attrs, "id") or "") if tag == "sheet" else None,
           lambda tag: None)
    targets: dict[str, tuple[str, str]] = {}
    names = set(archive.namelist())
    if "xl/_rels/workbook.xml.rels" in names:
        def relationship(tag: str, attrs: dict[str, str]) -> None:
            if tag == "Relationship" and attrs.get("Id") and attrs.get("Target"):
                targets[attrs["Id"]] = (attrs.get("Type", ""), _part_name(attrs["Target"]))

        _parse(archive, "xl/_rels/workbook.xml.rels", path, relationship, lambda tag: None)
    sheets = [targets[i][1] for i in sheet_ids if i in targets and targets[i][0].endswith("/worksheet")]
    sheet = next((name for name in sheets if name in names), None)
    if sheet is None:
        sheet = "xl/worksheets/sheet1.xml"
        if sheet not in names:
            raise InputError(path, "a workbook without a worksheet")
    strings = next((target for kind, target in targets.values() if kind.endswith("/sharedStrings")),
                   "xl/sharedStrings.xml")
    return sheet, strings if strings in names else None


def _shared_strings(archive: zipfile.ZipFile, name: str, path: str) -> list[str]:
    """A workbook's shared strings, in order: each item's text runs joined, its phonetic guides left out."""
    strings: list[str] = []
    parts: list[str] = []
    state = {"t": False, "phonetic": 0}

    def start(tag: str, attrs: dict[str, str]) -> None:
        if tag == "si":
            parts.clear()
        elif tag == "rPh":
            state["phonetic"] += 1
        elif tag == "t":
            state["t"] = not state["phonetic"]

    def end(tag: str) -> None:
        if tag == "t":
            state["t"] = False
        elif tag == "rPh":
            state["phonetic"] -= 1
        elif tag == "si":
            strings.append(_unescape("".join(parts)))

    def text(data: str) -> None:
        if state["t"]:
            parts.append(data)

    _parse(archive, name, path, start, end, text)
    return strings


def _xlsx_rows(archive: zipfile.ZipFile, path: str) -> _Rows:
    sheet, strings_part = _first_worksheet(archive, path)
    strings = _shared_strings(archive, strings_part, path) if strings_part else []
    rows = _Rows(path)
    cells: list[str] = []
    parts: list[str] = []
    state: dict[str, object] = {"row": 0, "column": 0, "type": "n", "collect": False, "inline": False,
                                "phonetic": 0}

    def start(tag: str, attrs: dict[str, str]) -> None:
        if tag == "row":
            number = attrs.get("r", "")
            state["row"] = _count(number) or int(state["row"]) + 1  # type: ignore[call-overload]
            cells.clear()
        elif tag == "c":
            column = _column_of(attrs.get("r"))
            state["column"] = len(cells) if column is None else column
            state["type"] = attrs.get("t", "n")
            parts.clear()
        elif tag == "v" or (tag == "t" and state["inline"] and not state["phonetic"]):
            state["collect"] = True
        elif tag == "is":
            state["inline"] = True
        elif tag == "rPh":
            state["phonetic"] = int(state["phonetic"]) + 1  # type: ignore[call-overload]

    def end(tag: str) -> None:
        if tag in ("v", "t"):
            state["collect"] = False
        elif tag == "is":
            state["inline"] = False
        elif tag == "rPh":
            state["phonetic"] = int(state["phonetic"]) - 1  # type: ignore[call-overload]
        elif tag == "c":
            value = "".join(parts)
            kind = state["type"]
            if kind == "s":
                index = int(value) if value.strip().isdigit() else -1
                value = strings[index] if 0 <= index < len(strings) else ""
            elif kind == "b":
                value = "TRUE" if value.strip() == "1" else "FALSE"
            else:
                value = _unescape(value)
            column = int(state["column"])  # type: ignore[call-overload]
            if column >= MAX_COLUMNS:
                raise InputError(path, f"a sheet wider than {MAX_COLUMNS:,} columns; not read")
            if column >= len(cells):
                cells.extend([""] * (column + 1 - len(cells)))
            cells[column] = value
        elif tag == "row":
            rows.add(int(state["row"]), cells[:])  # type: ignore[call-overload]

    def text(data: str) -> None:
        if state["collect"]:
            parts.append(data)

    _parse(archive, sheet, path, start, end, text)
    return rows


# --- OpenDocument (.ods) ---------------------------------------------------------------------------------
def _ods_rows(archive: zipfile.ZipFile, path: str) -> _Rows:
    """The first table of an OpenDocument spreadsheet's content.xml: each cell's paragraphs joined by line
    breaks, its annotations (comments) left out, repeated rows and cells repeated."""
    rows = _Rows(path)
    cells: list[str] = []
    parts: list[str] = []
    state = {"tables": 0, "done": False, "row": 0, "row_repeat": 1, "cell_repeat": 1, "in_cell": False,
             "paragraphs": 0, "skip": 0}

    def start(tag: str, attrs: dict[str, str]) -> None:
        if state["done"]:
            return
        if tag == "table":
            state["tables"] += 1
        elif state["tables"] != 1:
            return
        elif tag == "annotation":
            state["skip"] += 1
        elif state["skip"]:
            return
        elif tag == "table-row":
            state["row_repeat"] = _repeat(_attr(attrs, "number-rows-repeated"))
            cells.clear()
        elif tag in ("table-cell", "covered-table-cell"):
            state["cell_repeat"] = _repeat(_attr(attrs, "number-columns-repeated"))
            state["in_cell"], state["paragraphs"] = True, 0
            parts.clear()
        elif state["in_cell"] and tag in ("p", "h"):
            if state["paragraphs"]:
                parts.append("\n")
            state["paragraphs"] += 1
        elif state["in_cell"] and tag == "s":
            parts.append(" " * min(_repeat(_attr(attrs, "c")), 1000))
        elif state["in_cell"] and tag == "tab":
            parts.append("\t")
        elif state["in_cell"] and tag == "line-break":
            parts.append("\n")

    def end(tag: str) -> None:
        if state["done"]:
            return
        if tag == "table":
            state["tables"] -= 1
            state["done"] = state["tables"] == 0
        elif state["tables"] != 1:
            return
        elif tag == "annotation":
            state["skip"] -= 1
        elif state["skip"]:
            return
        elif tag in ("table-cell", "covered-table-cell"):
            state["in_cell"] = False
            value = "".join(parts)
            repeat = state["cell_repeat"]
            if value:
                if len(cells) + repeat > MAX_COLUMNS:
                    raise InputError(path, f"a sheet wider than {MAX_COLUMNS:,} columns; not read")
                cells.extend([value] * repeat)
            elif len(cells) < MAX_COLUMNS:  # blank cells: kept only while a later cell may need their places
                cells.extend([""] * min(repeat, MAX_COLUMNS - len(cells)))
        elif tag == "table-row":
            repeat = state["row_repeat"]
            while cells and not cells[-1]:
                cells.pop()
            rows.add(state["row"] + 1, cells[:], repeat)
            state["row"] += repeat

    def text(data: str) -> None:
        if state["in_cell"] and not state["skip"] and not state["done"]:
            parts.append(data)

    _parse(archive, "content.xml", path, start, end, text)
    return rows


def _repeat(value: str | None) -> int:
    """A repeat count attribute (number-rows-repeated, number-columns-repeated, text:s's c): 1 when absent."""
    return _count(value) or 1
