"""Workbooks (.xlsx, .ods) as organizers and players keep them: a sign-up form's responses downloaded from
Google Sheets or saved by Excel or LibreOffice, a card list kept in a spreadsheet. Each file is written by a
real spreadsheet library (openpyxl and XlsxWriter, as Excel writes them: inline and shared strings; odfpy, as
LibreOffice writes OpenDocument), and each sheet's cells are compared with what an independent reader
(openpyxl, pandas' odf reader) reads from the same file."""

from __future__ import annotations

import csv
import io
import re
import zipfile
from pathlib import Path

import pytest

import deckcheck
from deckcheck.batch import check_many
from deckcheck.decklist import parse_file
from deckcheck.decklist import sheets
from deckcheck.decklist.sheets import sheet_text
from deckcheck.errors import InputError

from test_batch import TOURNAMENT, run_cli

openpyxl = pytest.importorskip("openpyxl")
xlsxwriter = pytest.importorskip("xlsxwriter")
pytest.importorskip("odf")

WRITERS = ("openpyxl", "xlsxwriter", "odfpy")


def write_sheet(writer: str, path: Path, rows: list[list[str | None]]) -> Path:
    """Rows (row 1 first; None or "" an empty cell, [] a blank row) as the first sheet of a workbook written by
    `writer`; its path, named .ods for odfpy and .xlsx for the others."""
    path = path.with_suffix(".ods" if writer == "odfpy" else ".xlsx")
    if writer == "openpyxl":  # inline strings, as openpyxl writes them
        book = openpyxl.Workbook()
        book.active.title = "Form Responses 1"
        for r, row in enumerate(rows, start=1):
            for c, value in enumerate(row, start=1):
                if value:
                    book.active.cell(row=r, column=c, value=value)
        book.create_sheet("Summary").append(["not", "this", "sheet"])
        book.save(path)
    elif writer == "xlsxwriter":  # shared strings, as Excel writes them
        book = xlsxwriter.Workbook(str(path))
        sheet = book.add_worksheet("Form Responses 1")
        for r, row in enumerate(rows):
            for c, value in enumerate(row):
                if value:
                    sheet.write_string(r, c, value)
        book.add_worksheet("Summary").write_string(0, 0, "not this sheet")
        book.close()
    else:
        import pandas as pd

        width = max(len(row) for row in rows)
        padded = [row + [None] * (width - len(row)) for row in rows]
        with pd.ExcelWriter(path, engine="odf") as out:
            pd.DataFrame(padded[1:], columns=padded[0]).to_excel(out, sheet_name="Form Responses 1", index=False)
            pd.DataFrame([["not this sheet"]]).to_excel(out, sheet_name="Summary", index=False)
    return path


def read_independently(path: Path) -> list[list[str]]:
    """The first sheet's cells as another reader reads them (openpyxl for .xlsx, pandas' odf reader for .ods),
    trailing empty cells dropped. openpyxl leaves a carriage return as the file escapes it (`_x000D_`, as
    Excel and XlsxWriter write one; the format's way to keep a character XML would change); it is read here
    as the character it stands for, as Excel shows it."""
    if path.suffix == ".xlsx":
        book = openpyxl.load_workbook(path)
        rows = [["" if v is None else str(v).replace("_x000D_", "\r") for v in row]
                for row in book.worksheets[0].iter_rows(values_only=True)]
    else:
        import pandas as pd

        frame = pd.read_excel(path, engine="odf", header=None, dtype=str, keep_default_na=False)
        rows = [list(row) for row in frame.itertuples(index=False)]
    for row in rows:
        while row and not row[-1]:
            row.pop()
    return rows


def sheet_rows(path: Path) -> list[list[str]]:
    return [row for row in csv.reader(io.StringIO(sheet_text(str(path), str(path)), newline=""))]


@pytest.fixture(scope="module")
def store():
    return deckcheck.open_store()


TITLES = {"no title": [], "a title": [["Commander Night, December"], [], ["Sign-ups:", "closed at 7pm"]]}


def test_a_roster_sheet_of_deck_names_before_the_lists_sheet_is_no_table_of_registrations(tmp_path, store):
    """A workbook whose first sheet is a roster ("Player name", "Deck", "Table": a deck's name a row) and whose second
    holds the pasted lists: the lists' sheet is read. (A first version of the sign-ups whose lists are to come took
    any text in a decklist column for such answers, and the roster for the registrations; a review found it.)"""
    book = openpyxl.Workbook()
    book.active.title = "Roster"
    for row in (["Player name", "Deck", "Table"], ["Alice", "Atraxa counters", "1"], ["Dana", "Spells", "2"]):
        book.active.append(row)
    lists = book.create_sheet("Decklists")
    lists.append(["Player name", "Decklist"])
    for player, name in (("Alice", "01-alice-breed-lethality.txt"), ("Dana", "04-dana-mystic-intellect.txt")):
        lists.append([player, (TOURNAMENT / name).read_text(encoding="utf-8")])
    path = tmp_path / "event.xlsx"
    book.save(path)
    assert [(r.name, r.report.codes()) for r in check_many([path], store=store)] == [
        ("Alice", []), ("Dana", ["banned"])]


@pytest.mark.parametrize("titled", TITLES)
@pytest.mark.parametrize("writer", WRITERS)
def test_a_workbook_of_registrations_is_checked_a_row_a_deck(tmp_path, store, writer, titled):
    """The form's responses sheet, downloaded as a workbook: each row a deck named by its player and labelled
    by its row of the sheet (a blank row between keeps the numbers), with the verdicts of the same decklist as
    a file; a row with no list says so; `check` says to use `batch`; a folder walk takes the workbook too. The
    same with an organizer's title above the header row (before, the sheet was read as one decklist)."""
    names = ["01-alice-breed-lethality.txt", "04-dana-mystic-intellect.txt", "07-gus-planeswalker-party.txt"]
    rows: list[list[str | None]] = TITLES[titled] + [
        ["Timestamp", "Player name", "Paste your decklist (any format)", "Pronouns"]]
    shift = len(TITLES[titled])
    for i, (player, name) in enumerate(zip(["Alice Adams", "Dana Diaz", "Gus Gómez"], names)):
        rows.append([f"2026-11-0{i + 1} 10:00", player, (TOURNAMENT / name).read_text(encoding="utf-8"), None])
        if i == 0:
            rows.append(["2026-11-01 11:00", "Kofi", None, None])  # signed up, no list yet
            rows.append([None, None, None, None])  # a blank row
    (tmp_path / "sheet").mkdir()
    table = write_sheet(writer, tmp_path / "sheet" / "responses", rows)
    found = check_many([table], store=store)
    files = check_many([TOURNAMENT / n for n in names], store=store)
    assert [r.path for r in found] == [f"{table}:{n + shift}" for n in (2, 3, 5, 6)]
    saved = tmp_path / "responses.csv"  # the same sheet downloaded as CSV
    with saved.open("w", encoding="utf-8", newline="") as out:
        csv.writer(out).writerows(rows)
    assert [(r.path, r.name, r.legal) for r in check_many([saved], store=store)] == [
        (f"{saved}:{r.path.rsplit(':', 1)[1]}", r.name, r.legal) for r in found]
    assert [r.name for r in found] == ["Alice Adams", "Kofi", "Dana Diaz", "Gus Gómez"]
    assert found.results[1].unreadable
    assert found.results[1].report.violations[0].message == "no decklist in this row (an empty cell)"
    kept = [found.results[0], *found.results[2:]]
    assert [(r.legal, r.report.codes()) for r in kept] == [(r.legal, r.report.codes()) for r in files]
    assert [r.path for r in check_many([table.parent], store=store)] == [r.path for r in found]
    code, out, err = run_cli("check", str(table))
    assert (code, out) == (2, "")
    assert ("a table of registrations (a decklist a row), not one decklist: `deckcheck batch` checks each row of one "
            "named .csv, .tsv, .xlsx or .ods\n") in err


CELLS = [
    ["Player", "Decklist", "Notes"],
    ["Zoë Ødegård, “Z”", "1 Sol Ring\n1 Atraxa, Praetors' Voice\n", 'says "hi", then ; and \t tab'],
    [],
    ["  padded  ", "", "after an empty cell"],
    ["only the first cell"],
    ["ünïcödé 日本語", "line\r\nbreak", ","],
]


@pytest.mark.parametrize("writer", WRITERS)
def test_a_sheet_reads_as_an_independent_reader_reads_it(tmp_path, writer):
    """Commas, quotes, line breaks, tabs, accents, CJK, empty cells and a blank row: the CSV text read back
    holds the cells the writer's own reader sees, row for row."""
    cells = CELLS
    if writer == "odfpy":  # odfpy writes a carriage return as "&#12;", which is no XML; LibreOffice keeps none
        cells = [[cell.replace("\r\n", "\n") for cell in row] for row in CELLS]
    path = write_sheet(writer, tmp_path / "cells", cells)
    assert sheet_rows(path) == read_independently(path)
    assert sheet_rows(path)[1][1] == "1 Sol Ring\n1 Atraxa, Praetors' Voice\n"
    if writer == "xlsxwriter":  # (openpyxl writes the CR raw, and XML reads it as a line feed)
        assert sheet_rows(path)[5][1] == "line\r\nbreak"


@pytest.mark.parametrize("writer", WRITERS)
def test_a_card_list_kept_in_a_spreadsheet_reads_as_its_csv(tmp_path, store, writer):
    """An Archidekt-style CSV opened and saved as a workbook: the same deck as the CSV, line numbers being the
    sheet's rows; and a list typed a card a row in one column reads as the text file it was copied from."""
    source = TOURNAMENT / "12-lena-explorers-of-the-deep.csv"
    rows = list(csv.reader(source.read_text(encoding="utf-8").splitlines()))
    book = write_sheet(writer, tmp_path / "lena", rows)
    assert _entries(parse_file(book)) == _entries(parse_file(source))
    code, out, _ = run_cli("check", str(book))
    assert code == 0 and "legal" in out
    typed = TOURNAMENT / "05-emeka-vampiric-bloodlust.txt"
    lines = typed.read_text(encoding="utf-8").splitlines()
    column = write_sheet(writer, tmp_path / "emeka", [[line] for line in lines])
    assert _entries(parse_file(column)) == _entries(parse_file(typed))
    (row,) = check_many([column], store=store)
    assert row.report.codes() == check_many([typed], store=store).results[0].report.codes() == ["color-identity"]


@pytest.mark.parametrize("writer", WRITERS)
def test_a_card_list_kept_with_no_header_row_reads_as_its_rows(tmp_path, writer):
    """A real list typed into two columns, a count and a name, with no header row, saved as a workbook or as CSV
    (commas or semicolons, the names with a comma quoted): each row is its card, as a tab-separated paste of the
    same rows already was. Before, each row was an unknown card named "1,Felothar the Steadfast"."""
    source = TOURNAMENT.parent / "abzan-armor-tdc.txt"
    rows = [line.split(" ", 1) for line in source.read_text(encoding="utf-8").splitlines() if line[:1].isdigit()]
    expected = [(e.quantity, e.name) for e in parse_file(source).entries]  # (its commander first, as in the rows)
    assert len(rows) > 60 and any("," in name for _, name in rows)
    book = write_sheet(writer, tmp_path / "abzan", rows)
    assert [(e.quantity, e.name) for e in parse_file(book).entries] == expected
    saved = io.StringIO()
    csv.writer(saved, delimiter=";" if writer == "odfpy" else ",").writerows(rows)
    (tmp_path / "abzan.csv").write_text(saved.getvalue(), encoding="utf-8")
    assert [(e.quantity, e.name) for e in parse_file(tmp_path / "abzan.csv").entries] == expected


@pytest.mark.parametrize("writer", WRITERS)
def test_a_title_above_a_sheet_s_header_row_names_the_deck(tmp_path, store, writer):
    """A real card list kept in a sheet under a title (and a labelled name, or a date): the rows above the
    header are no cards, the first names the deck, and the cards are the same as the CSV's, each row at its
    line. Before, the file was read as text: the title an unknown card, the header a group's name. The CSV is
    saved with Windows' line breaks and with the lone carriage returns of old Mac files (which the header's search
    did not count as line breaks: the title was read as a card)."""
    source = TOURNAMENT / "12-lena-explorers-of-the-deep.csv"
    rows = list(csv.reader(source.read_text(encoding="utf-8").splitlines()))
    plain = parse_file(source)
    for above, name in (([["Lena's Merfolk"]], "Lena's Merfolk"),
                        ([["Deck:", "Hakbal Explorers"], [], ["2026-11-28"]], "Hakbal Explorers")):
        shift = len(above)
        saved_as = [(tmp_path / f"lena{shift}.csv", "\r\n"), (tmp_path / f"lena{shift}-mac.csv", "\r")]
        for path, ends in [(write_sheet(writer, tmp_path / f"lena{shift}", above + rows), None), *saved_as]:
            if ends is not None:
                saved = io.StringIO()
                csv.writer(saved, lineterminator=ends).writerows(above + rows)
                path.write_text(saved.getvalue(), encoding="utf-8", newline="")
            deck = parse_file(path)
            assert deck.source_format == "csv" and deck.name == name
            assert _entries(deck) == [(q, n, s, line + shift) for q, n, s, line in _entries(plain)]
            assert deck.notes and 'above the header row as a title' in deck.notes[0]
            (row,) = check_many([path], store=store)
            assert row.report.codes() == [] and row.report.card_count == 100 and row.report.name == name


def test_a_header_row_is_looked_for_only_near_the_top():
    """Up to three rows of a title above a header row, of any cells; four rows, or an entry, are no title, so no
    header is looked for below them and the text is read as a list's lines, as before."""
    from deckcheck.decklist.csvlists import csv_header

    header = "Count,Name\n1,Sol Ring\n"
    assert csv_header(header) == (",", 1)
    assert csv_header("My deck\n\nby me,,\n" + header) == (",", 4)
    assert csv_header("a\nb\nc\nd\n" + header) is None
    assert csv_header("Commander Night, Dec 4, 2026\n" + header) == (",", 2)
    assert csv_header("1 Sol Ring\n" + header) is None
    assert csv_header("Commander\n1 Atraxa, Praetors' Voice\nCount,Name\n") is None


def _entries(deck):
    return [(e.quantity, e.name, e.section, e.line) for e in deck.entries]


def _rewritten(source: Path, target: Path, member: str, edit) -> Path:
    """A copy of a workbook with one member's bytes edited."""
    with zipfile.ZipFile(source) as old, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as new:
        for info in old.infolist():
            data = old.read(info)
            new.writestr(info, edit(data) if info.filename == member else data)
    return target


def test_hostile_workbooks_are_refused_in_one_line(tmp_path, store, monkeypatch):
    """An entity declaration, malformed XML, a row repeated a billion times, a sheet past the size bound, and
    an Excel 97-2003 file: each a one-line error (a row in batch), quickly, never a traceback."""
    good = write_sheet("openpyxl", tmp_path / "good", CELLS)
    entity = _rewritten(good, tmp_path / "entity.xlsx", "xl/worksheets/sheet1.xml",
                        lambda d: b'<!DOCTYPE worksheet [<!ENTITY lol "lol">]>' + d)
    broken = _rewritten(good, tmp_path / "broken.xlsx", "xl/worksheets/sheet1.xml", lambda d: d[:-40])
    ods = write_sheet("odfpy", tmp_path / "rows", CELLS)
    billion = _rewritten(ods, tmp_path / "billion.ods", "content.xml", lambda d: re.sub(
        rb"<table:table-row([ >])", rb'<table:table-row table:number-rows-repeated="1000000000"\1', d, count=1))
    xls = tmp_path / "old.xls"
    xls.write_bytes(bytes.fromhex("d0cf11e0a1b11ae1") + bytes(504))
    expected = {
        entity: "xl/worksheets/sheet1.xml: a document type declaration, which no workbook or document has; not read",
        broken: "xl/worksheets/sheet1.xml: not well-formed XML (",
        billion: "a sheet of more than 1,048,576 rows: too big to read",
        xls: "an Excel 97-2003 file (.xls) or other OLE2 document, which deckcheck can't read: save the sheet as "
             ".xlsx, .ods or .csv",
    }
    for path, message in expected.items():
        code, out, err = run_cli("check", str(path))
        assert (code, out) == (2, ""), path
        assert err.startswith(f"deckcheck: error: {path}: {message}") and err.count("\n") == 1, err
        (row,) = check_many([path], store=store)
        assert row.unreadable and row.report.violations[0].message.startswith(message)
    monkeypatch.setattr(sheets, "MAX_SHEET_CHARS", 100)
    with pytest.raises(InputError, match="a sheet of more than 100 characters: too big to read"):
        sheet_text(str(good), "good.xlsx")


def test_a_workbook_s_strings_and_tables_are_read_within_bounds(tmp_path, monkeypatch):
    """A 0.6 MB .xlsx whose shared strings were 14.5 million tiny items took a gigabyte of memory: they are now at
    most MAX_SHARED_STRINGS. An .ods whose registrations table was followed by 250 MB of other XML was read to the
    end of that part for each table asked for (150 s for nine tables): the parse now stops at the table's end."""
    registrations = [["Player", "Decklist"], ["Alice", "1 Sol Ring\n98 Plains"]]
    xlsx = write_sheet("xlsxwriter", tmp_path / "strings", registrations)  # (shared strings, as Excel writes)
    assert "Alice" in sheet_text(str(xlsx), "strings.xlsx")
    for index in ("²", "9" * 5000, "-1", ""):  # a shared string's index no string has: an empty cell, the rest read
        odd = _rewritten(xlsx, tmp_path / "odd.xlsx", "xl/worksheets/sheet1.xml",
                         lambda d: re.sub(rb'(<c r="A1"[^>]*t="s"[^>]*>\s*<v>)\d+(</v>)',
                                          lambda m: m.group(1) + index.encode() + m.group(2), d, count=1))
        text = sheet_text(str(odd), "odd.xlsx")
        assert text.splitlines()[0].startswith(",Decklist") and "Alice" in text, (index, text)
    monkeypatch.setattr(sheets, "MAX_SHARED_STRINGS", 3)  # the sheet holds four
    with pytest.raises(InputError, match=r"xl/sharedStrings\.xml: more than 3 shared strings: too big to read"):
        sheet_text(str(xlsx), "strings.xlsx")
    ods = write_sheet("odfpy", tmp_path / "tables", registrations)
    padded = _rewritten(ods, tmp_path / "padded.ods", "content.xml",  # other XML after the table, past the bound
                        lambda d: d.replace(b"</table:table>", b"</table:table>" + b"<text:p/>" * 100_000, 1))
    monkeypatch.setattr(sheets, "MAX_PART_BYTES", len(zipfile.ZipFile(padded).read("content.xml")) - 1000)
    assert "Alice" in sheet_text(str(padded), "padded.ods")


def test_a_zip_is_told_by_its_bytes_and_a_damaged_one_is_a_row(tmp_path, store):
    """A zip of decklists saved without its .zip (a mail attachment, a download named by its id) is opened by
    batch as a .zip is. A zip whose directory puts its members before the file's start (a seek to a negative
    offset: an OSError from a file, a ValueError from bytes in memory) is a row saying it can't be read, and a
    one-line error for `check`."""
    archive = tmp_path / "regs.zip"
    names = ["01-alice-breed-lethality.txt", "05-emeka-vampiric-bloodlust.txt"]
    with zipfile.ZipFile(archive, "w") as z:
        for name in names:
            z.write(TOURNAMENT / name, name)
    unnamed = tmp_path / "attachment"
    unnamed.write_bytes(archive.read_bytes())
    found = check_many([unnamed], store=store)
    assert [r.path for r in found] == [f"{unnamed}/{n}" for n in names]
    assert [r.legal for r in found] == [True, False]
    data = bytearray(archive.read_bytes())
    end = data.rindex(b"PK\x05\x06")  # the end of central directory record; the directory's offset at +16
    directory = int.from_bytes(data[end + 16:end + 20], "little")
    data[end + 16:end + 20] = (2 * directory).to_bytes(4, "little")
    for damaged in (tmp_path / "damaged.zip", tmp_path / "damaged.xlsx"):
        damaged.write_bytes(bytes(data))
        (row,) = check_many([damaged], store=store)
        assert row.unreadable and row.report.violations[0].message.startswith("not a zip archive that can be read")
        code, _, err = run_cli("check", str(damaged))
        assert code == 2 and err == (f"deckcheck: error: {damaged}: a zip archive, not one decklist: `deckcheck "
                                     "batch` checks the decklists it holds, whatever its name\n")


@pytest.mark.parametrize("writer", WRITERS)
def test_a_workbook_cut_short_is_said_to_be_one_that_can_t_be_read(tmp_path, store, writer):
    """A card list kept in a workbook, cut in half (a download or copy interrupted): `check` and check_deck said it
    was "a zip archive, not one decklist: `deckcheck batch` checks the decklists it holds", though batch can read
    none of it. They say it can't be read, and why, as check_many's row does."""
    lines = [line for line in (TOURNAMENT / "01-alice-breed-lethality.txt").read_text(encoding="utf-8").splitlines()
             if line[:1].isdigit()]
    book = write_sheet(writer, tmp_path / "alice", [["Count", "Card"]] + [line.split(" ", 1) for line in lines])
    assert deckcheck.check_deck(book, store=store).card_count == 100
    cut = tmp_path / f"alice-cut{book.suffix}"
    cut.write_bytes(book.read_bytes()[:book.stat().st_size // 2])
    said = re.escape(f"{cut}: a zip archive that can't be read (File is not a zip file): a workbook or document "
                     "cut short?")
    with pytest.raises(InputError, match=f"^{said}$"):
        deckcheck.check_deck(cut, store=store)
    code, out, err = run_cli("check", str(cut))
    assert (code, out) == (2, "") and re.fullmatch(f"deckcheck: error: {said}\n", err)
    (row,) = check_many([cut], store=store)
    assert row.report.violations[0].message == "not a zip archive that can be read (File is not a zip file)"


@pytest.mark.parametrize("name", ["regs.csv", "registrations.txt", "fake.docx", "list.xlsx", "regs.dat"])
def test_a_zip_of_decklists_named_as_a_decklist_is_read_as_a_zip_by_batch(tmp_path, store, name):
    """A zip of decklists renamed as a decklist (an attachment saved as regs.csv, a form's upload as .txt or
    .docx) was one unreadable row saying to give batch a file named .zip: batch itself. It is told by its
    bytes, whatever its name; a workbook or a document by its members (a workbook of registrations saved as
    .txt gives its rows). `check` of it says so: it said that batch checks "a file named .zip", though batch
    checks this one as it is named."""
    archive = tmp_path / name
    names = ["01-alice-breed-lethality.txt", "05-emeka-vampiric-bloodlust.txt"]
    with zipfile.ZipFile(archive, "w") as z:
        for member in names:
            z.write(TOURNAMENT / member, member)
    found = check_many([archive], store=store)
    assert [(r.path, r.legal) for r in found] == [(f"{archive}/{names[0]}", True), (f"{archive}/{names[1]}", False)]
    code, out, _ = run_cli("batch", "--format", "csv", str(archive))
    assert code == 1 and [row[0] for row in csv.reader(io.StringIO(out))][1:] == [r.path for r in found]
    assert run_cli("check", str(archive)) == (2, "", f"deckcheck: error: {archive}: a zip archive, not one decklist: "
                                                     "`deckcheck batch` checks the decklists it holds, whatever its "
                                                     "name\n")
    rows = [["Player", "Decklist"], ["Alice", (TOURNAMENT / names[0]).read_text(encoding="utf-8")]]
    workbook = write_sheet("openpyxl", tmp_path / "sheet", rows).rename(tmp_path / "sheet.txt")
    assert [(r.path, r.name, r.legal) for r in check_many([workbook], store=store)] == [(f"{workbook}:2", "Alice", True)]


@pytest.mark.parametrize("kind", ["csv", "xlsx", "ods", "zip"])
def test_registrations_on_standard_input_are_read_as_from_their_file(tmp_path, monkeypatch, kind):
    """`deckcheck batch -` of a table of registrations, a workbook or a zip of decklists checks what the file
    would give, labelled <stdin> (each said "`deckcheck batch` checks each row" or "the decklists in a file
    named .zip": it was read as one decklist)."""
    import sys

    names = ["01-alice-breed-lethality.txt", "05-emeka-vampiric-bloodlust.txt"]
    if kind == "zip":
        path = tmp_path / "regs.zip"
        with zipfile.ZipFile(path, "w") as z:
            for name in names:
                z.write(TOURNAMENT / name, name)
    else:
        rows: list[list[str | None]] = [["Player", "Decklist"]] + [
            [name.split("-")[1].title(), (TOURNAMENT / name).read_text(encoding="utf-8")] for name in names]
        if kind == "csv":
            path = tmp_path / "regs.csv"
            with path.open("w", encoding="utf-8", newline="") as out:
                csv.writer(out).writerows(rows)
        else:
            path = write_sheet("odfpy" if kind == "ods" else "openpyxl", tmp_path / "regs", rows)
    from_file = run_cli("batch", "--format", "csv", str(path))
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(path.read_bytes())))
    from_stdin = run_cli("batch", "--format", "csv", "-")
    assert from_file[0] == from_stdin[0] == 1
    assert from_stdin[1] == from_file[1].replace(str(path), "<stdin>")
    assert from_stdin[1].count("<stdin>") == 2


@pytest.mark.parametrize("writer", ["openpyxl", "odfpy"])
def test_registrations_in_a_zip_are_read_as_from_their_files(tmp_path, store, writer):
    """A form's responses downloaded as a zip (Google Forms zips its CSV): a table of registrations in a zip, as CSV,
    as Excel's "Unicode Text" (.txt: tabs, UTF-16) or as a workbook, is checked a row a deck, as the same file
    outside the zip is, the rows labelled zip/member:row. Before, each member was one unreadable row saying to give
    `deckcheck batch` the table itself; Excel's "Unicode Text" outside a zip was refused so too."""
    names = ["01-alice-breed-lethality.txt", "04-dana-mystic-intellect.txt"]
    rows: list[list[str | None]] = [["Timestamp", "Player", "Decklist"]] + [
        ["2026-11-01", name.split("-")[1].title(), (TOURNAMENT / name).read_text(encoding="utf-8")] for name in names]
    folder = tmp_path / "responses"
    folder.mkdir()
    with (folder / "form.csv").open("w", encoding="utf-8", newline="") as out:
        csv.writer(out).writerows(rows)
    text = io.StringIO(newline="")
    csv.writer(text, delimiter="\t").writerows(rows)
    (folder / "unicode.txt").write_bytes(text.getvalue().encode("utf-16"))
    write_sheet(writer, folder / "sheet", rows)
    archive = tmp_path / "responses.zip"
    with zipfile.ZipFile(archive, "w") as z:
        for member in sorted(folder.iterdir()):
            z.write(member, f"responses/{member.name}")
    from_folder = check_many([folder], store=store)
    from_zip = check_many([archive], store=store)
    assert [r.path for r in from_zip] == [r.path.replace(str(folder), f"{archive}/responses") for r in from_folder]
    verdicts = [("Alice", True, []), ("Dana", False, ["banned"])] * 3  # the CSV's, the workbook's, the .txt's
    assert [(r.name, r.legal, r.report.codes()) for r in from_zip] == \
        [(r.name, r.legal, r.report.codes()) for r in from_folder] == verdicts


@pytest.mark.parametrize("writer", ["openpyxl", "odfpy"])
def test_the_responses_sheet_is_found_behind_the_organizer_s_own(tmp_path, store, writer):
    """Organizers add their own sheets to a form's workbook (instructions, pairings), before the responses
    too: the first sheet that is a table of registrations is the one read (the instructions were read as a
    decklist)."""
    instructions = [["Commander night: bring 100 cards, sleeved"], ["Lists are due on Friday"]]
    responses = [["Player", "Decklist"], ["Alice", (TOURNAMENT / "01-alice-breed-lethality.txt").read_text(
        encoding="utf-8")]]
    if writer == "openpyxl":
        path = tmp_path / "night.xlsx"
        book = openpyxl.Workbook()
        book.active.title = "Read me"
        for row in instructions:
            book.active.append(row)
        book.create_sheet("Form Responses 1")
        for row in responses:
            book["Form Responses 1"].append(row)
        book.save(path)
    else:
        import pandas as pd

        path = tmp_path / "night.ods"
        with pd.ExcelWriter(path, engine="odf") as out:
            pd.DataFrame(instructions).to_excel(out, sheet_name="Read me", index=False, header=False)
            pd.DataFrame(responses[1:], columns=responses[0]).to_excel(out, sheet_name="Form Responses 1",
                                                                       index=False)
    (row,) = check_many([path], store=store)
    assert (row.path, row.name, row.legal) == (f"{path}:2", "Alice", True)


@pytest.mark.parametrize("writer", WRITERS)
def test_every_sheet_of_registrations_is_read_the_late_sign_ups_too(tmp_path, store, writer):
    """An organizer keeping the late sign-ups on a sheet of their own, beside the form's responses: only the first
    sheet that was a table of registrations was read, and the late players were left out with no word (an
    organizer's review). Each such sheet is read, its rows labelled by the workbook and the sheet's name; a player on
    both is said to be registered in two tables. A sheet that is no such table is not read (a summary), nor a hidden
    one, and a copy of a table before it is read once, with a note (a review of the first version)."""
    alice = (TOURNAMENT / "01-alice-breed-lethality.txt").read_text(encoding="utf-8")
    bruno = (TOURNAMENT / "02-bruno-timey-wimey.txt").read_text(encoding="utf-8")
    form = [["Player", "Decklist"], ["Alice", alice], ["Bruno", bruno]]
    sheets = {"Form Responses 1": form, "Summary": [["Players", "2"]],
              "Late sign-ups": [["Player", "Decklist"], ["Cleo", bruno], ["Alice", alice]],
              "Checked": [form[0] + ["Legal?"], form[2] + ["yes"], form[1] + ["yes"]]}  # a copy: read once
    if writer == "odfpy":
        import pandas as pd

        path = tmp_path / "night.ods"
        with pd.ExcelWriter(path, engine="odf") as out:
            for name, rows in sheets.items():
                pd.DataFrame(rows[1:], columns=rows[0]).to_excel(out, sheet_name=name, index=False)
    else:
        path = tmp_path / "night.xlsx"
        if writer == "openpyxl":
            book = openpyxl.Workbook()
            book.remove(book.active)
            for name, rows in sheets.items():
                sheet = book.create_sheet(name)
                for row in rows:
                    sheet.append(row)
            hidden = book.create_sheet("raw")  # the organizer's own, hidden: not read
            for row in [["Player", "Decklist"], ["Dee", alice]]:
                hidden.append(row)
            hidden.sheet_state = "hidden"
            book.save(path)
        else:
            book = xlsxwriter.Workbook(str(path))
            for name, rows in sheets.items():
                sheet = book.add_worksheet(name)
                for r, row in enumerate(rows):
                    for c, value in enumerate(row):
                        sheet.write_string(r, c, value)
            book.close()
    report = check_many([path], store=store)
    assert [(row.path.replace(str(tmp_path), ""), row.name, row.legal) for row in report] == [
        ("/night.xlsx:2".replace(".xlsx", path.suffix), "Alice", True),
        ("/night.xlsx:3".replace(".xlsx", path.suffix), "Bruno", True),
        (f"/night{path.suffix}/Late sign-ups:2", "Cleo", True),
        (f"/night{path.suffix}/Late sign-ups:3", "Alice", True)]
    assert any(note.startswith("Alice: registered in 2 tables") for note in report.notes), report.notes
    assert f'{path}: its sheet "Checked" holds decklists of a sheet before it again: read once' in report.notes


@pytest.mark.parametrize("writer", WRITERS)
def test_a_header_whose_first_column_is_a_hash_sign_is_a_header(tmp_path, store, writer):
    """Typeform's export numbers its responses in a first column named "#" ("#,What's your name?,...,Paste your
    decklist"). The header was taken for a comment, and the whole sheet for one deck of some 300 cards; the same
    responses read into pandas were a deck a row. A decklist's comment line naming a deck is still no header."""
    names = ["01-alice-breed-lethality.txt", "04-dana-mystic-intellect.txt"]
    rows = [["#", "What's your name?", "Paste your decklist", "Submit Date (UTC)"]]
    rows += [[f"r{i}", player, (TOURNAMENT / name).read_text(encoding="utf-8"), "2026-11-01 10:00:00"]
             for i, (player, name) in enumerate(zip(["Alice", "Dana"], names))]
    saved = tmp_path / "typeform.csv"
    with saved.open("w", encoding="utf-8", newline="") as out:
        csv.writer(out).writerows(rows)
    files = check_many([TOURNAMENT / n for n in names], store=store)
    for table in (saved, write_sheet(writer, tmp_path / "typeform", rows)):
        found = check_many([table], store=store)
        assert [(r.path, r.name) for r in found] == [(f"{table}:2", "Alice"), (f"{table}:3", "Dana")]
        assert [r.report.codes() for r in found] == [r.report.codes() for r in files]
    commented = tmp_path / "commented.csv"
    commented.write_text("# my deck, version 2\nCount,Name\n1,Sol Ring\n", encoding="utf-8")
    (one,) = check_many([commented], store=store)
    assert one.report.card_count == 1


def test_a_workbook_of_empty_elements_by_the_million_is_refused_in_seconds(tmp_path):
    """A 2 MB workbook whose sheets are 240 MB of empty elements each (a thousand to one compressed) took
    minutes:
    each element costs a call. Past MAX_ARCHIVE_ELEMENTS over all its parts it is refused, one line, at once."""
    import time

    book = openpyxl.Workbook()
    book.active.append(["1 Sol Ring"])
    for n in range(3):
        book.create_sheet(f"S{n}").append(["x"])
    plain = tmp_path / "plain.xlsx"
    book.save(plain)
    bomb = tmp_path / "bomb.xlsx"
    with zipfile.ZipFile(plain) as source, zipfile.ZipFile(bomb, "w", zipfile.ZIP_DEFLATED) as out:
        for info in source.infolist():
            data = source.read(info)
            if info.filename.startswith("xl/worksheets/sheet"):
                text = data.decode()
                at = text.index("<sheetData>") + len("<sheetData>")
                data = text[:at].encode() + b"<x/>" * 1_000_000 + text[at:].encode()
            out.writestr(info.filename, data)
    assert bomb.stat().st_size < 1 << 20
    started = time.monotonic()
    with pytest.raises(InputError, match=r"more than 3,000,000 XML elements in the file's parts: too big to read"):
        parse_file(bomb)
    assert time.monotonic() - started < 60  # (about 3 s here; minutes before)


def test_a_hidden_sheet_is_read_after_the_sheets_shown(tmp_path):
    """A workbook whose first sheet, hidden, holds lookups ("Black Lotus", "Sol Ring") and whose second, shown,
    the deck: the deck is read (before, the hidden sheet was, its rows those of a sheet no one sees)."""
    lines = [line for line in (TOURNAMENT.parent / "abzan-armor-tdc.txt").read_text(encoding="utf-8").splitlines()
             if line[:1].isdigit()]
    book = openpyxl.Workbook()
    lookup = book.active
    lookup.title = "Lookup"
    lookup.append(["Count", "Name", "Section"])
    lookup.append([1, "Black Lotus", "Main"])
    lookup.sheet_state = "hidden"
    deck = book.create_sheet("Deck")
    deck.append(["Count", "Name", "Section"])
    for n, line in enumerate(lines):
        count, name = line.split(" ", 1)
        deck.append([int(count), name, "Commander" if n == 0 else "Main"])
    book.active = 1
    path = tmp_path / "hidden-first.xlsx"
    book.save(path)
    parsed = parse_file(path)
    assert sum(e.quantity for e in parsed.entries) == 100 and "Black Lotus" not in {e.name for e in parsed.entries}


def _merged_sections_ods(path: Path, rows: list[list], merges: dict[tuple[int, int], int]) -> Path:
    """An .ods of `rows` (1-based row numbers below), the cell (row, column) of `merges` spanning that many rows down,
    the cells it covers written as LibreOffice writes them (covered-table-cell)."""
    from odf.opendocument import OpenDocumentSpreadsheet
    from odf.table import CoveredTableCell, Table, TableCell, TableRow
    from odf.text import P

    document = OpenDocumentSpreadsheet()
    table = Table(name="Deck")
    covered = {(r + i, c) for (r, c), down in merges.items() for i in range(1, down)}
    for r, row in enumerate(rows, start=1):
        table_row = TableRow()
        for c, value in enumerate(row):
            if (r, c) in covered:
                table_row.addElement(CoveredTableCell())
                continue
            cell = TableCell(numberrowsspanned=merges[r, c]) if (r, c) in merges else TableCell()
            if value is not None:
                cell.addElement(P(text=str(value)))
            table_row.addElement(cell)
        table.addElement(table_row)
    document.spreadsheet.addElement(table)
    document.save(str(path))
    return path


@pytest.mark.parametrize("kind", ["xlsx", "ods"])
def test_a_title_merged_across_the_table_is_one_title(tmp_path, kind):
    """A sheet's title merged across its table's columns above the header row: the deck's name once (filling the
    covered cells to the right named the deck "Abzan Armor, Abzan Armor, Abzan Armor")."""
    lines = [line for line in (TOURNAMENT.parent / "abzan-armor-tdc.txt").read_text(encoding="utf-8").splitlines()
             if line[:1].isdigit()]
    rows: list[list] = [["Abzan Armor", None, None], ["Count", "Name", "Section"]]
    rows += [[int(line.split(" ", 1)[0]), line.split(" ", 1)[1], "Commander" if n == 0 else "Main"]
             for n, line in enumerate(lines)]
    path = tmp_path / f"titled.{kind}"
    if kind == "ods":
        from odf.opendocument import OpenDocumentSpreadsheet
        from odf.table import CoveredTableCell, Table, TableCell, TableRow
        from odf.text import P

        document = OpenDocumentSpreadsheet()
        table = Table(name="Deck")
        for r, row in enumerate(rows):
            table_row = TableRow()
            for c, value in enumerate(row):
                if r == 0 and c > 0:
                    table_row.addElement(CoveredTableCell())
                    continue
                cell = TableCell(numbercolumnsspanned=3) if r == 0 else TableCell()
                cell.addElement(P(text=str(value)))
                table_row.addElement(cell)
            table.addElement(table_row)
        document.spreadsheet.addElement(table)
        document.save(str(path))
    else:
        book = openpyxl.Workbook()
        for row in rows:
            book.active.append(row)
        book.active.merge_cells("A1:C1")
        book.save(path)
    deck = parse_file(path)
    assert deck.name == "Abzan Armor" and sum(e.quantity for e in deck.entries) == 100


@pytest.mark.parametrize("kind, last", [("xlsx", False), ("ods", False), ("xlsx", True), ("ods", True)])
def test_a_merged_cell_is_its_value_in_each_cell_it_covers(tmp_path, kind, last):
    """A sheet whose Section column merges "Main" down beside the main deck's cards and "Sideboard" beside the
    sideboard's: the file keeps each value in the range's top cell alone, and the cells below read as blank, so the
    sideboard's cards were counted in the main deck (101 cards, a singleton error). Each is now in every cell it
    covers, as the sheet shows it: an .xlsx's `mergeCell` ranges, an .ods's cells spanning rows; also in the sheet's
    last column (`last`), where openpyxl and Excel leave the covered cells out of the file (they were left blank)."""
    lines = [line for line in (TOURNAMENT.parent / "abzan-armor-tdc.txt").read_text(encoding="utf-8").splitlines()
             if line[:1].isdigit()]
    rows: list[list] = [["Section", "Count", "Name"]]
    for n, line in enumerate(lines):
        count, name = line.split(" ", 1)
        rows.append(["Commander" if n == 0 else "Main" if n == 1 else None, int(count), name])
    rows += [["Sideboard", 1, "Sol Ring"], [None, 1, "Arcane Signet"]]
    merges = {(3, 0): len(lines) - 1, (2 + len(lines), 0): 2}  # (row, column): rows spanned
    if last:
        rows = [row[1:] + row[:1] for row in rows]
        merges = {(top, 2): down for (top, _), down in merges.items()}
    path = tmp_path / f"merged.{kind}"
    if kind == "ods":
        _merged_sections_ods(path, rows, merges)
    else:
        book = openpyxl.Workbook()
        for row in rows:
            book.active.append(row)
        for (top, column), down in merges.items():
            book.active.merge_cells(start_row=top, start_column=column + 1, end_row=top + down - 1,
                                    end_column=column + 1)
        book.save(path)
    deck = parse_file(path)
    assert [(e.name, e.section) for e in deck.entries if e.section != "main"] == [
        ("Felothar the Steadfast", "commander"), ("Sol Ring", "sideboard"), ("Arcane Signet", "sideboard")]
    assert sum(e.quantity for e in deck.entries if e.section == "main") == 99
