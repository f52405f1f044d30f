"""Batch output as text (a summary table plus totals), CSV (one row per deck, or with `violations` one per
violation) and JSON (`check`'s shape plus "summary"). The HTML report is deckcheck.render.html.

`deckcheck batch` writes its report as the decks are checked (`ReportWriter`): each chunk's results become the
report's part of them (a `ReportPart`) where they are checked, in a `--jobs` worker too, so that no result is
kept or sent back, and a batch's memory does not grow with its decks' reports."""

from __future__ import annotations

import re
import tempfile
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import IO, TYPE_CHECKING, Any, NamedTuple

from deckcheck.batch.core import BatchCounts, BatchReport, DeckResult
from deckcheck.errors import DeckcheckError, one_line
from deckcheck.render.csv import NO_VIOLATION, VIOLATION_CELLS, SafeWriter, violation_cells
from deckcheck.report import card_data_of
from deckcheck.render.json import DecksWriter, encoded_decks
from deckcheck.render.text import violation_line
from deckcheck.wording import counted, identity_cell

if TYPE_CHECKING:
    from deckcheck.render.html import DeckParts

#: Columns of the summary table and of the CSV.
COLUMNS = ("deck", "name", "commanders", "identity", "cards", "legal", "errors", "warnings", "codes")
#: Columns of the CSV: the summary table's, and the deck's notes on how its list was read (a line each).
CSV_COLUMNS = (*COLUMNS, "notes")
#: Columns of the violations CSV: a row per violation of each deck (a deck with none: a row of no code).
VIOLATION_COLUMNS = ("deck", "name", "legal", *VIOLATION_CELLS)
#: The widest a text-table cell gets before it is cut with "…".
MAX_CELL = {"deck": 48, "name": 28, "commanders": 44, "codes": 60}
#: The columns whose text comes from the decks (the others are deckcheck's own words and numbers).
_FREE_TEXT = frozenset({"deck", "name", "commanders", "codes"})


def _verdict(result: DeckResult, errors: int) -> str:
    if result.unreadable:
        return "unreadable"
    return "NO" if errors else "yes"


def _codes(result: DeckResult) -> str:
    counts: dict[str, int] = {}
    for code in result.report.codes():
        counts[code] = counts.get(code, 0) + 1
    return ", ".join(f"{c}×{n}" if n > 1 else c for c, n in counts.items())


def row_values(results: Iterable[DeckResult]) -> list[tuple[str, ...]]:
    """The summary table's row of each result: its COLUMNS values, as strings."""
    out = []
    for r in results:
        d = r.report
        errors = len(d.errors) if d.violations else 0  # a deck with an error is not legal (DeckReport.legal)
        out.append((d.path, r.name or "", d.commanders_cell,
                    identity_cell(d.color_identity, r.unreadable), str(d.card_count), _verdict(r, errors),
                    str(errors), str(len(d.violations) - errors), _codes(r) if d.violations else ""))
    return out


def violation_rows(results: Iterable[DeckResult]) -> list[tuple[Any, ...]]:
    """The violations CSV's rows of each result (VIOLATION_COLUMNS): a row per violation, with its lines, cards,
    rule and message, as `deckcheck check --format csv` writes them; a deck with none, one row of no code."""
    out: list[tuple[Any, ...]] = []
    for r in results:
        d = r.report
        head = (d.path, r.name or "", _verdict(r, len(d.errors) if d.violations else 0))
        if not d.violations:
            out.append((*head, *NO_VIOLATION))
        out.extend((*head, *violation_cells(v)) for v in d.violations)
    return out


def table_cells(results: Iterable[DeckResult]) -> list[list[str]]:
    """The text table's cells of each result, every column (free text cut to its cell's width)."""
    return [[_cut(one_line(value), MAX_CELL[c], left=True) if c == "deck"  # (a file name's line break escaped)
             else _cut(value, MAX_CELL.get(c)) if c in _FREE_TEXT else value
             for c, value in zip(COLUMNS, row)] for row in row_values(results)]


def _cut(text: str, width: int | None, *, left: bool = False) -> str:
    """One line of at most `width` characters; `left` keeps the end (a path's file name and line)."""
    if "  " in text or not text.isprintable() or text[:1] == " " or text[-1:] == " ":
        # no line breaks or tabs from a decklist in a table cell, other control characters (a terminal's
        # escape sequences) escaped, and a file name's undecodable bytes as the escapes the output will
        # write (deck\udcff.txt)
        text = one_line(" ".join(text.split())).encode("utf-8", "backslashreplace").decode("utf-8")
    if width and len(text) > width:
        return "…" + text[-(width - 1):] if left else text[: width - 1] + "…"
    return text


#: Characters that may not take exactly one terminal column: all but those below U+0300 (where combining
#: marks and East Asian wide characters begin) and the dashes, quotes and ellipsis of U+2010-U+2027.
_MAYBE_NOT_ONE_COLUMN = re.compile("[^\x00-\u02ff\u2010-\u2027]")


class _CharColumns(dict):
    """Terminal columns of each character met: East Asian wide and fullwidth two, combining marks none."""

    def __missing__(self, ch: str) -> int:
        from unicodedata import combining, east_asian_width

        self[ch] = columns = 0 if combining(ch) else 2 if east_asian_width(ch) in "WF" else 1
        return columns


_CHAR_COLUMNS = _CharColumns()


def _columns(text: str) -> int:
    """How many terminal columns a cell takes."""
    if _MAYBE_NOT_ONE_COLUMN.search(text) is None:
        return len(text)
    return sum(map(_CHAR_COLUMNS.__getitem__, text))


def _padded(cells: list[str], widths: list[int], right: list[bool]) -> str:
    """One table line whose cells hold characters that may not take one column each, each cell padded by
    the columns it takes."""
    out = []
    for cell, width, to_right in zip(cells, widths, right):
        pad = " " * (width - _columns(cell))
        out.append(pad + cell if to_right else cell + pad)
    return "  ".join(out).rstrip()


def render_text(report: BatchReport, stream: IO[str], rows: TableRows | None = None,
                notes: KeptLines | None = None, errors: KeptLines | None = None) -> None:
    """The summary table (one line per deck), the reasons unreadable decks could not be read, what the decks that
    are not legal must fix (each error with its line, code, card and message), the decks' notes on how their lists
    were read, and totals. `rows`, `notes` and `errors`: the results' table rows, notes (`deck_notes`) and errors
    (`deck_errors`), when already taken (as they arrived)."""
    if rows is None:
        rows = TableRows()
        rows.add(table_block(table_cells(report.results)))
    if notes is None:
        notes = KeptLines(TABLE_ROWS_IN_MEMORY)
        notes.add_lines(deck_notes(report.results))
    if errors is None:
        errors = KeptLines(TABLE_ROWS_IN_MEMORY)
        errors.add_lines(deck_errors(report.results))
    counts = report.counts
    # no deck names: no name column
    shown = [i for i, c in enumerate(COLUMNS) if counts.named or c != "name"]
    columns = [COLUMNS[i] for i in shown]
    widths = [rows.widths[i] for i in shown]
    right = [c in ("cards", "errors", "warnings") for c in columns]
    # one format string for the lines whose characters take a column each: numbers right-aligned, text
    # left-aligned, two spaces between; other lines padded by the terminal columns their cells take
    line_format = "  ".join(f"{{:{'>' if r else '<'}{w}}}" for r, w in zip(right, widths))
    one_column = _MAYBE_NOT_ONE_COLUMN.search

    stream.write(line_format.format(*columns).rstrip() + "\n")
    stream.write(line_format.format(*("-" * w for w in widths)).rstrip() + "\n")
    for chunk in rows.chunks():
        if len(shown) < len(COLUMNS):
            chunk = [[row[i] for i in shown] for row in chunk]
        stream.writelines([(line_format.format(*line).rstrip() if one_column("".join(line)) is None
                            else _padded(line, widths, right)) + "\n" for line in chunk])
    if counts.unreadable_decks:
        stream.write("\nunreadable:\n")
        for path, why in counts.unreadable_decks:
            stream.write(f"  {_cut(one_line(path), None)}: {_cut(why, None)}\n")
    if errors:
        stream.write("\nwhat to fix (each error; warnings and close names of unknown cards too: --format "
                     "violations):\n")
        for chunk in errors.chunks():
            stream.writelines([f"  {line}\n" for line in chunk])
    if notes:
        stream.write("\nhow lists were read:\n")
        for chunk in notes.chunks():
            stream.writelines([f"  {line}\n" for line in chunk])
    s = counts.summary()
    stream.write(f"\n{counts.tally()}\n")
    if s["codes"]:
        stream.write("violations by code: " + ", ".join(
            f"{code} {n} (in {counted(s['decks_by_code'][code], 'deck')})"
            for code, n in sorted(s["codes"].items(), key=lambda kv: (-kv[1], kv[0]))) + "\n")
    stream.write(f"card data: {one_line(card_data_of(report.card_data)['updated_at'] or 'unknown')}"
                 + (f"; checked as of {report.on.isoformat()}" if report.on else "") + "\n")
    for note in report.notes:  # a note may name a file, whose name may hold a line break
        stream.write(one_line(f"note: {note}") + "\n")


def render_json(report: BatchReport, stream: IO[str]) -> None:
    """The batch JSON document (UTF-8, two-space indent)."""
    writer = JsonWriter(stream, report)
    writer.add(json_part(list(report.results)))
    writer.finish(report)


class JsonWriter:
    """The batch JSON written a chunk of decks at a time (`render.json.DecksWriter`): `deckcheck batch`
    writes each chunk's decks as they arrive, encoded where they were checked (`json_part`; with --jobs, in
    the workers), instead of encoding them all after the last one."""

    def __init__(self, stream: IO[str], head: BatchReport) -> None:
        """`head`: a report with the batch's card data (and version): what precedes the decks."""
        self._decks = DecksWriter(stream, head.document([]))

    def add(self, part: ReportPart) -> None:
        """Write these decks' objects (a `json_part`), next in the decks list."""
        self._decks.add_encoded(part.items)

    def finish(self, report: BatchReport) -> None:
        """End the document: the summary of `report` (every deck's) and the notes."""
        self._decks.close(report.document([]))


def render_html(report: BatchReport, stream: IO[str], parts: DeckParts | None = None) -> None:
    """The self-contained HTML tournament report. `parts`: the results' DeckParts, when already made (as
    they arrived)."""
    from deckcheck.render.html import render

    render(report, stream, parts=parts)


class ReportPart:
    """What a report makes of a chunk's results where they are checked (a `--jobs` worker sends it back in their
    place): its `items` (the text table's rows as a `TableBlock`, the CSV rows or the JSON deck objects encoded)
    and the chunk's counts, and for the reports that have no place of a deck's own for them, the decks' notes
    (`deck_notes`) and, for the text table, their errors (`deck_errors`). Its length is the chunk's number of
    decks."""

    __slots__ = ("items", "counts", "notes", "errors")

    def __init__(self, items: Any, counts: BatchCounts, notes: list[str] | None = None,
                 errors: list[str] | None = None) -> None:
        self.items = items
        self.counts = counts
        self.notes = notes or []
        self.errors = errors or []

    def __len__(self) -> int:
        return self.counts.decks


def deck_notes(results: Iterable[DeckResult]) -> list[str]:
    """Each deck's notes on how its list was read, "path: note", a line each (escaped as `one_line` escapes them, as
    `check` writes them), for the reports with no place of a deck's own for them (the text table, the violations
    CSV)."""
    return [one_line(f"{r.report.path}: {note}") for r in results for note in r.report.notes]


def deck_errors(results: Iterable[DeckResult]) -> list[str]:
    """Each readable deck's errors, a line each as `check` writes them ("path:line: code message"): what the text
    table's decks that are not legal must fix, with the line, the code and the card (an unreadable deck's reason
    has a section of its own)."""
    return [one_line(violation_line(r.report.path, v)) for r in results if not r.unreadable for v in r.report.errors]


def text_part(results: list[DeckResult]) -> ReportPart:
    """The text table's rows of these results, as the table takes them (`table_block`), their notes and errors."""
    return ReportPart(table_block(table_cells(results)), BatchCounts.of(results), deck_notes(results),
                      deck_errors(results))


def csv_part(results: list[DeckResult]) -> ReportPart:
    """The CSV rows of these results (CSV_COLUMNS)."""
    rows = [(*row, r.report.notes_cell) for row, r in zip(row_values(results), results)]
    return ReportPart(rows, BatchCounts.of(results))


def violations_part(results: list[DeckResult]) -> ReportPart:
    """The violations CSV's rows of these results, and their notes (`batch` says them on standard error as they
    come, as `check --format csv` does)."""
    return ReportPart(violation_rows(results), BatchCounts.of(results), deck_notes(results))


def json_part(results: list[DeckResult]) -> ReportPart:
    """The JSON deck objects of these results, encoded as the decks list holds them."""
    return ReportPart(encoded_decks(r.to_dict() for r in results), BatchCounts.of(results))


#: How each report format that keeps no result makes its parts (the HTML report keeps every result).
PARTS: dict[str, Callable[[list[DeckResult]], ReportPart]] = {
    "text": text_part, "csv": csv_part, "violations": violations_part, "json": json_part}


class _CsvWriter:
    """The CSV rows written as they arrive, after the header row (`columns`)."""

    def __init__(self, stream: IO[str], head: BatchReport, columns: tuple[str, ...] = CSV_COLUMNS) -> None:
        self._writer = SafeWriter(stream)
        self._columns = columns
        self._header = False

    def add(self, part: ReportPart) -> None:
        self._head()
        self._writer.writerows(part.items)

    def finish(self, report: BatchReport) -> None:
        self._head()

    def _head(self) -> None:
        if not self._header:
            self._writer.writerow(self._columns)
            self._header = True


#: How many rows of the text table wait in memory for the table's widths; the rest wait in a temporary file.
TABLE_ROWS_IN_MEMORY = 2000


class TableBlock(NamedTuple):
    """Rows of the text table as `TableRows` takes them: the widest cell of each column among them (in terminal
    columns), and the rows written a line each, their cells joined by CELL_SEPARATOR. Made where the rows are made
    (in a `--jobs` worker too), so that the parent only compares widths and keeps text."""

    widths: tuple[int, ...]
    lines: str
    rows: int


#: What joins a text table row's cells while the row waits (`TableBlock`): a control character, which no cell holds
#: (`table_cells` writes every one as an escape, as it does line breaks).
CELL_SEPARATOR = "\x1f"


def table_block(rows: list[list[str]]) -> TableBlock:
    """These rows (`table_cells`) as a TableBlock."""
    one_column = _MAYBE_NOT_ONE_COLUMN.search
    widths = tuple(max(map(len if one_column("".join(column)) is None else _columns, column))
                   for column in zip(*rows))
    return TableBlock(widths, "".join([CELL_SEPARATOR.join(row) + "\n" for row in rows]), len(rows))


class KeptLines:
    """Lines of a report kept in order until it is written (a line holds no line break): the first `in_memory` of
    them in memory, the rest in a temporary file, so that a batch's memory does not grow with its decks; the file is
    gone once read back (`chunks`), or when the process ends."""

    def __init__(self, in_memory: int) -> None:
        self._in_memory = in_memory
        self._held: list[str] = []
        self._count = 0
        self._spilled: IO[str] | None = None

    def __len__(self) -> int:
        return self._count

    def add(self, text: str, count: int) -> None:
        """Keep these `count` lines, written a line each (each ending in "\n"), after those kept."""
        if not count:
            return
        self._count += count
        if self._spilled is None and self._count <= self._in_memory:
            self._held.append(text)
            return
        try:
            if self._spilled is None:  # (surrogatepass: whatever a line holds comes back as it was)
                self._spilled = tempfile.TemporaryFile("w+", encoding="utf-8", errors="surrogatepass", newline="\n")
            self._spilled.write(text)
        except OSError as exc:
            raise _no_temporary_room(exc) from None

    def add_lines(self, lines: list[str]) -> None:
        """Keep these lines after those kept."""
        self.add("".join([line + "\n" for line in lines]), len(lines))

    def chunks(self) -> Iterator[list[str]]:
        """Every line kept, in order, a list at a time; then the temporary file is closed."""
        yield "".join(self._held).split("\n")[:-1]
        if self._spilled is not None:
            with self._spilled as spilled:
                try:
                    spilled.seek(0)  # (the lines still buffered written first)
                except OSError as exc:
                    raise _no_temporary_room(exc) from None
                while lines := spilled.readlines(1 << 20):
                    yield [line.removesuffix("\n") for line in lines]
            self._spilled = None


class TableRows:
    """The text table's rows, in order, and the widest cell of each column (in terminal columns, its header's
    included): the widths need every row before the first line is written. The rows come as `TableBlock`s and
    are kept as their text (`KeptLines`, TABLE_ROWS_IN_MEMORY of them in memory)."""

    def __init__(self) -> None:
        self.widths = [len(c) for c in COLUMNS]
        self._lines = KeptLines(TABLE_ROWS_IN_MEMORY)

    def add(self, block: TableBlock) -> None:
        """Take the next rows."""
        if block.rows:
            self.widths = list(map(max, self.widths, block.widths))
            self._lines.add(block.lines, block.rows)

    def chunks(self) -> Iterator[list[list[str]]]:
        """Every row taken, in order, a list at a time; then the temporary file is closed."""
        for lines in self._lines.chunks():
            yield [line.split(CELL_SEPARATOR) for line in lines]


def _no_temporary_room(exc: OSError) -> DeckcheckError:
    """The error for lines that can't wait in the temporary folder (a small /tmp that is full): said of that folder,
    not of the report, which may be on a disk with room."""
    return DeckcheckError(f"{tempfile.gettempdir()}: can't keep the report's lines in the temporary folder: "
                          f"{exc.strerror or exc} (TMPDIR names another)")


class _TextWriter:
    """The text table's rows kept as they arrive (`TableRows`): their widths need every row."""

    def __init__(self, stream: IO[str], head: BatchReport) -> None:
        self._stream = stream
        self._rows = TableRows()
        self._notes = KeptLines(TABLE_ROWS_IN_MEMORY)
        self._errors = KeptLines(TABLE_ROWS_IN_MEMORY)

    def add(self, part: ReportPart) -> None:
        self._rows.add(part.items)
        self._notes.add_lines(part.notes)
        self._errors.add_lines(part.errors)

    def finish(self, report: BatchReport) -> None:
        render_text(report, self._stream, self._rows, self._notes, self._errors)


class _HtmlWriter:
    """The HTML decks' rows and sections made as their results arrive."""

    def __init__(self, stream: IO[str], head: BatchReport) -> None:
        from deckcheck.render.html import DeckParts

        self._stream = stream
        self._parts = DeckParts()

    def add(self, results: list[DeckResult]) -> None:
        self._parts.add(results)

    def finish(self, report: BatchReport) -> None:
        render_html(report, self._stream, self._parts)


_WRITERS = {"text": _TextWriter, "csv": _CsvWriter, "json": JsonWriter, "html": _HtmlWriter,
            "violations": lambda stream, head: _CsvWriter(stream, head, VIOLATION_COLUMNS)}


class ReportWriter:
    """How `deckcheck batch` writes a report of format `fmt` as its decks are checked. `part` makes each chunk's
    part of the report where the chunk is checked (BatchOptions.part; None for HTML, which is made of the
    results); `add` takes each part, or chunk of results, as it arrives, in order (the JSON decks and the CSV rows
    are written at once; the text table's rows wait, as their widths need every row (`TableRows`); the HTML decks'
    rows and sections are made); `finish` writes the rest once every deck is checked. `head`: a report with the batch's
    card data and date, for what precedes the JSON decks."""

    def __init__(self, fmt: str, stream: IO[str], head: BatchReport) -> None:
        self.part = PARTS.get(fmt)
        self.counts = BatchCounts()  # of the parts taken
        self._writer = _WRITERS[fmt](stream, head)

    def add(self, part: Any) -> None:
        """Take the next chunk's part (its results, for HTML)."""
        if self.part is not None:
            self.counts.add(part.counts)
        self._writer.add(part)

    def report(self, results: list[DeckResult], card_data: Mapping[str, Any], on: Any,
               notes: Iterable[str]) -> BatchReport:
        """The batch's report: its results (HTML), else only the counts of the parts taken."""
        return BatchReport(results=tuple(results), card_data=card_data, on=on, notes=tuple(notes),
                           tallied=None if self.part is None else self.counts)

    def finish(self, report: BatchReport) -> None:
        """Write what follows the decks: the summary and the notes, and the decks' table (text, HTML)."""
        self._writer.finish(report)
