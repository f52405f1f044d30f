"""Batch output as text (a summary table plus totals), CSV (one row per deck) and JSON (`check`'s shape
plus "summary"). The HTML report is deckcheck.render.html."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from functools import partial
from typing import IO, TYPE_CHECKING, Any

from deckcheck.batch.core import BatchReport, DeckResult
from deckcheck.errors import one_line
from deckcheck.render.csv import SafeWriter
from deckcheck.report import card_data_of
from deckcheck.render.json import DecksWriter
from deckcheck.wording import counted

if TYPE_CHECKING:
    from deckcheck.render.html import DeckParts

#: Columns of the summary table and of the CSV.
COLUMNS = ("deck", "name", "commanders", "identity", "cards", "legal", "errors", "warnings", "codes")
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
        out.append((d.path, r.name or "", " + ".join(d.commanders),
                    d.color_identity or ("" if r.unreadable else "C"), str(d.card_count), _verdict(r, errors),
                    str(errors), str(len(d.violations) - errors), _codes(r) if d.violations else ""))
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


def render_text(report: BatchReport, stream: IO[str], cells: list[list[str]] | None = None) -> None:
    """The summary table (one line per deck), the reasons unreadable decks could not be read, and totals.
    `cells`: the results' `table_cells`, when already made (as they arrived)."""
    if cells is None:
        cells = table_cells(report.results)
    if not any(r.name for r in report.results):  # no deck names: no name column
        columns = [c for c in COLUMNS if c != "name"]
        cells = [row[:1] + row[2:] for row in cells]
    else:
        columns = list(COLUMNS)
    one_column = _MAYBE_NOT_ONE_COLUMN.search
    widths = [max(map(len if one_column("".join(column)) is None else _columns, column))  # with its header
              for column in zip(columns, *cells)]
    right = [c in ("cards", "errors", "warnings") for c in columns]
    # one format string for the lines whose characters take a column each: numbers right-aligned, text
    # left-aligned, two spaces between; other lines padded by the terminal columns their cells take
    line_format = "  ".join(f"{{:{'>' if r else '<'}{w}}}" for r, w in zip(right, widths))

    stream.write(line_format.format(*columns).rstrip() + "\n")
    stream.write(line_format.format(*("-" * w for w in widths)).rstrip() + "\n")
    stream.writelines([(line_format.format(*line).rstrip() if one_column("".join(line)) is None
                        else _padded(line, widths, right)) + "\n" for line in cells])
    unreadable = [r for r in report.results if r.unreadable]
    if unreadable:
        stream.write("\nunreadable:\n")
        for r in unreadable:
            stream.write(f"  {_cut(one_line(r.path), None)}: {_cut(r.report.violations[0].message, None)}\n")
    s = report.summary()
    stream.write(f"\n{report.tally()}\n")
    if s["codes"]:
        stream.write("violations by code: " + ", ".join(
            f"{code} {n} (in {counted(s['decks_by_code'][code], 'deck')})"
            for code, n in sorted(s["codes"].items(), key=lambda kv: (-kv[1], kv[0]))) + "\n")
    stream.write(f"card data: {one_line(card_data_of(report.card_data)['updated_at'] or 'unknown')}"
                 + (f"; checked as of {report.on.isoformat()}" if report.on else "") + "\n")
    for note in report.notes:
        stream.write(f"note: {note}\n")


def render_csv(report: BatchReport, stream: IO[str]) -> None:
    """One row per deck with the summary table's columns (codes joined with ", ")."""
    writer = SafeWriter(stream)
    writer.writerow(COLUMNS)
    writer.writerows(row_values(report.results))


def render_json(report: BatchReport, stream: IO[str]) -> None:
    """The batch JSON document (UTF-8, two-space indent)."""
    writer = JsonWriter(stream, report)
    writer.add(report.results)
    writer.close(report)


class JsonWriter:
    """The batch JSON written a chunk of decks at a time (`render.json.DecksWriter`): `deckcheck batch`
    writes each chunk's decks as its results arrive (with --jobs, while the workers go on with the next
    chunks) instead of encoding them all after the last one."""

    def __init__(self, stream: IO[str], head: BatchReport) -> None:
        """`head`: a report with the batch's card data (and version): what precedes the decks."""
        self._decks = DecksWriter(stream, head.document([]))

    def add(self, results: Iterable[DeckResult]) -> None:
        """Write these decks' objects, next in the decks list."""
        self._decks.add(r.to_dict() for r in results)

    def close(self, report: BatchReport) -> None:
        """End the document: the summary of `report` (every deck's) and the notes."""
        self._decks.close(report.document([]))


def render_html(report: BatchReport, stream: IO[str], parts: DeckParts | None = None) -> None:
    """The self-contained HTML tournament report. `parts`: the results' DeckParts, when already made (as
    they arrived)."""
    from deckcheck.render.html import render

    render(report, stream, parts=parts)


RENDERERS = {"text": render_text, "json": render_json, "csv": render_csv, "html": render_html}


def report_writer(fmt: str, stream: IO[str], head: BatchReport
                  ) -> tuple[Callable[[list[DeckResult]], Any] | None, Callable[[BatchReport], None]]:
    """How `deckcheck batch` writes a report of format `fmt`: what is made of each chunk's results as they
    arrive (None: nothing), and what writes the report once every deck is checked. Made as the results
    arrive (with --jobs, while the workers go on with the next chunks, not after the last one): the JSON
    decks, written at once; the text table's cells (their widths need every row); the HTML decks' rows and
    sections. `head`: a report with the batch's card data and date, for what precedes the JSON decks."""
    finish = partial(RENDERERS[fmt], stream=stream)
    if fmt == "json":
        writer = JsonWriter(stream, head)
        return writer.add, writer.close
    if fmt == "text":
        cells: list[list[str]] = []
        return (lambda part: cells.extend(table_cells(part))), partial(finish, cells=cells)
    if fmt == "html":
        from deckcheck.render.html import DeckParts

        parts = DeckParts()
        return parts.add, partial(finish, parts=parts)
    return None, finish
