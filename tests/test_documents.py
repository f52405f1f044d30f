"""Decklists saved by word processors, as players send them: Word documents (written here by python-docx, from
Word's own template), OpenDocument text (odfpy, as LibreOffice writes it) and Rich Text in the shapes macOS
TextEdit and Windows WordPad write (each one's preamble, paragraph marks and escapes for characters outside
ASCII). Each is read as the same real precon's text file is, line for line; before, a .docx was "a zip
archive" (and, given to `batch`, left out of the report), and a .rtf a deck of unknown cards named after its
control words."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deckcheck.batch import check_many
from deckcheck.decklist import parse_bytes, parse_file
from deckcheck.decklist.documents import document_text, rtf_text
from deckcheck.errors import InputError
from deckcheck.model.names import name_key

from fuzz.fuzzlib import write_docx, write_odt, write_textedit_rtf, write_wordpad_rtf
from test_batch import TOURNAMENT, run_cli

docx = pytest.importorskip("docx")
pytest.importorskip("odf")

# Riders of Rohan: accented names (Éowyn, Dúnedain) and apostrophes, as a word processor curls them.
PRECON = TOURNAMENT / "08-hana-riders-of-rohan.txt"
LINES = PRECON.read_text(encoding="utf-8").splitlines()


def _entries(deck) -> list[tuple]:
    """Each entry's quantity, name (as looked up: a curled apostrophe is the straight one), section and line."""
    return [(e.quantity, name_key(e.name), e.section, e.line) for e in deck.entries]


@pytest.mark.parametrize("kind", ["docx", "odt", "textedit.rtf", "wordpad.rtf"])
def test_a_precon_saved_by_a_word_processor_reads_as_its_text_file(tmp_path: Path, kind: str) -> None:
    path = tmp_path / f"hana.{kind}"
    if kind == "docx":
        write_docx(path, LINES)
    elif kind == "odt":
        write_odt(path, LINES)
    else:
        path.write_bytes((write_textedit_rtf if kind.startswith("textedit") else write_wordpad_rtf)(LINES))
    plain = parse_file(PRECON)
    deck = parse_file(path)
    assert len(plain.entries) > 80 and deck.problems == plain.problems
    assert _entries(deck) == _entries(plain)


def test_word_processor_files_are_checked_and_batched(tmp_path: Path) -> None:
    """`check` of a .docx gives the precon's own verdict; a folder batch takes .docx, .odt and .rtf files, and
    a document sent without its suffix (a mail attachment) is read as what it is."""
    folder = tmp_path / "registrations"
    folder.mkdir()
    write_docx(folder / "hana.docx", LINES)
    write_odt(folder / "hana.odt", LINES)
    (folder / "hana.rtf").write_bytes(write_textedit_rtf(LINES))
    write_docx(folder / "attachment", LINES)
    code, out, _ = run_cli("check", str(PRECON))
    expected = [line.split(": ", 1)[1] for line in out.splitlines() if line.startswith(str(PRECON))]
    code_docx, out_docx, _ = run_cli("check", str(folder / "hana.docx"))
    assert code_docx == code == 1
    assert [line.split(": ", 1)[1] for line in out_docx.splitlines() if line.startswith(str(folder))] == expected
    results = check_many([str(folder), str(folder / "attachment")])
    assert [Path(r.report.path).name for r in results] == ["hana.docx", "hana.odt", "hana.rtf", "attachment"]
    assert len({tuple(v.message for v in r.report.violations) for r in results}) == 1
    assert all(r.report.card_count == 100 for r in results)


def test_a_zip_given_to_batch_is_never_left_out_of_the_report(tmp_path: Path) -> None:
    """A zip archive holding no decklist gave no row at all: a registration sent so vanished unseen."""
    archive = tmp_path / "registration.zip"
    with zipfile.ZipFile(archive, "w") as out:
        out.writestr("notes.md", "my list is on Moxfield")
    (result,) = check_many([str(archive)])
    assert result.report.codes() == ["unreadable"]
    assert "a zip archive with no decklist in it" in result.report.violations[0].message


def test_a_table_in_a_word_document_reads_a_row_a_line(tmp_path: Path) -> None:
    """A card list typed as a table (quantity, name, a note): each row is a line of tab-separated cells, a
    cell's paragraphs joined by spaces."""
    document = docx.Document()
    document.add_paragraph("Commander")
    table = document.add_table(rows=0, cols=3)
    for quantity, name, note in [("1", "Éowyn, Shieldmaiden", "")]:
        cells = table.add_row().cells
        cells[0].text, cells[1].text, cells[2].text = quantity, name, note
    document.add_paragraph("Deck")
    table = document.add_table(rows=0, cols=3)
    for quantity, name, note in [("1", "Sol Ring", "ramp"), ("30", "Plains", "basic\nlands")]:
        cells = table.add_row().cells
        cells[0].text, cells[1].text, cells[2].text = quantity, name, note
    path = tmp_path / "table.docx"
    document.save(path)
    assert document_text(str(path), "table.docx").splitlines() == [
        "Commander", "1\tÉowyn, Shieldmaiden", "Deck", "1\tSol Ring\tramp", "30\tPlains\tbasic lands"]
    deck = parse_file(path)
    assert [(e.quantity, e.name, e.section) for e in deck.entries] == [
        (1, "Éowyn, Shieldmaiden", "commander"), (1, "Sol Ring", "main"), (30, "Plains", "main")]


@pytest.mark.parametrize("where", ["above", "below"])
def test_a_commander_named_after_a_label_beside_a_table_is_the_commander(tmp_path: Path, where: str) -> None:
    """A list kept as a table with a header row (Qty, Card) and its commander named in a paragraph, "Commander: Edgar
    Markov", above it or below it: above, the paragraph was read as a part of the deck's title; below, "no card name
    in this row". Either way the deck had no commander, 99 cards and no identity, and its off-color card went
    unreported."""
    lines = [ln for ln in (TOURNAMENT / "05-emeka-vampiric-bloodlust.txt").read_text(encoding="utf-8").splitlines()
             if ln[:1].isdigit()]
    document = docx.Document()
    document.add_paragraph("Tariq's vampires")
    if where == "above":
        document.add_paragraph(f"Commander: {lines[0][2:]}")
    table = document.add_table(rows=0, cols=2)
    for line in [("Qty Card")] + lines[1:]:
        cells = table.add_row().cells
        cells[0].text, cells[1].text = line.split(" ", 1)
    if where == "below":
        document.add_paragraph(f"**Commander:** {lines[0][2:]}")
    path = tmp_path / "table.docx"
    document.save(path)
    (row,) = check_many([path])
    assert (row.report.commanders, row.report.card_count, row.report.codes()) == (
        ("Edgar Markov",), 100, ["color-identity"])  # the list's own off-color card, as in its text file
    assert [r.report.violations for r in check_many([TOURNAMENT / "05-emeka-vampiric-bloodlust.txt"])][0][0].cards == (
        row.report.violations[0].cards)


@pytest.mark.parametrize("label", ["Commander: Edgar Markov", "Commander: Edgar", "Companion: none",
                                   "Companion: N/A", "Commander: see the Section column"])
def test_a_label_beside_a_table_that_marks_its_commander_adds_no_card(tmp_path: Path, label: str) -> None:
    """A "Commander:" row above a table whose Section column marks the commander names that same card, and a
    template's "Companion: none" names none: the deck was 101 cards with two Edgar Markovs, or had an unknown card."""
    lines = [ln for ln in (TOURNAMENT / "05-emeka-vampiric-bloodlust.txt").read_text(encoding="utf-8").splitlines()
             if ln[:1].isdigit()]
    rows = [f'{ln.split(" ", 1)[0]},"{ln.split(" ", 1)[1]}",{"Commander" if n == 0 else "Main"}'
            for n, ln in enumerate(lines)]
    path = tmp_path / "deck.csv"
    path.write_text("\n".join([label, "Count,Name,Section", *rows]) + "\n", encoding="utf-8")
    (row,) = check_many([path])
    assert (row.report.commanders, row.report.card_count, row.report.codes()) == (
        ("Edgar Markov",), 100, ["color-identity"])


def test_a_partner_labelled_beside_a_table_that_marks_one_commander_is_the_second(tmp_path: Path) -> None:
    """"Partner: Tymna the Weaver" above a table whose Section column marks Thrasios: the deck's second commander (it
    was dropped with the fix above: 99 cards, white cards off-color)."""
    path = tmp_path / "partners.csv"
    path.write_text('Partner: Tymna the Weaver\nQuantity,Name,Section\n1,"Thrasios, Triton Hero",Commander\n'
                    "40,Island,Main\n58,Plains,Main\n", encoding="utf-8")
    (row,) = check_many([path])
    assert row.legal and sorted(row.report.commanders) == ["Thrasios, Triton Hero", "Tymna the Weaver"]


def test_a_document_s_heading_is_its_title_or_a_section_never_a_card(tmp_path: Path) -> None:
    """A deck typed in a word processor under a heading ("My Abzan deck", in Word's Heading 1 style or an
    OpenDocument heading) had its title read as an unknown card, and the deck as 101 cards. A heading is a
    comment now, or a section's header when it names one; a card line styled as a heading stays a card."""
    from odf.opendocument import OpenDocumentText
    from odf.text import H, P

    lines = ["My Abzan deck", "Commander", "1 Felothar the Steadfast", "Deck", "1 Sol Ring", "98 Plains"]
    headings = {"My Abzan deck", "Commander", "98 Plains"}
    document = docx.Document()
    for line in lines:
        document.add_paragraph(line, style="Heading 1" if line in headings else None)
    document.save(tmp_path / "titled.docx")
    odt = OpenDocumentText()
    for line in lines:
        odt.text.addElement(H(outlinelevel=1, text=line) if line in headings else P(text=line))
    odt.save(str(tmp_path / "titled.odt"))
    for name in ("titled.docx", "titled.odt"):
        deck = parse_file(tmp_path / name)
        assert [(e.quantity, e.name, e.section) for e in deck.entries] == [
            (1, "Felothar the Steadfast", "commander"), (1, "Sol Ring", "main"), (98, "Plains", "main")], name
        assert deck.problems == (), name


def test_a_heading_in_a_text_box_is_a_heading(tmp_path: Path) -> None:
    """A text box's paragraphs are within the paragraph it is anchored in (ODF's draw:frame, Word's w:txbxContent): a
    heading there ("Ramp package") is a group's name, no card; it was read as an unknown card when nested paragraphs
    were all taken for no headings."""
    odt = tmp_path / "boxed.odt"
    with zipfile.ZipFile(odt, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("mimetype", "application/vnd.oasis.opendocument.text")
        archive.writestr("content.xml", '<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:'
                         'xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" '
                         'xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0"><office:body><office:text>'
                         "<text:h>Commander</text:h><text:p>1 Atraxa, Praetors' Voice</text:p><text:p>"
                         "<draw:frame><draw:text-box><text:h>Ramp package</text:h></draw:text-box></draw:frame>"
                         "</text:p><text:p>1 Sol Ring</text:p></office:text></office:body></office:document-content>")
    assert "// Ramp package" in document_text(str(odt), str(odt)).splitlines()


@pytest.mark.timeout(60)
def test_headings_nested_in_headings_are_read_in_one_pass(tmp_path: Path) -> None:
    """Headings nested within headings (which neither format allows) each read the text from near the start again
    and put a comment mark there: a 5 KB .odt of 150,000 of them ran for minutes (60,000: 25 s). Past a few levels
    (a text box's heading is one level down) a paragraph is no heading now, so only those few read the text
    (here well under a second)."""
    n = 60_000
    odt = tmp_path / "nested.odt"
    with zipfile.ZipFile(odt, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("mimetype", "application/vnd.oasis.opendocument.text")
        archive.writestr("content.xml", '<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:'
                         'xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"><office:body>'
                         "<office:text>" + "<text:h>" * n + "My deck" + "</text:h>" * n + "<text:p>1 Sol Ring</text:p>"
                         "</office:text></office:body></office:document-content>")
    text = document_text(str(odt), str(odt))
    first = text.split("\n", 1)[0]
    assert first.startswith("// ") and first.endswith(" My deck") and text.rstrip().endswith("1 Sol Ring")


def test_hidden_and_deleted_text_is_no_part_of_the_list(tmp_path: Path) -> None:
    """Tab stops, a field's instructions, text a tracked change deleted and a comment are not card lines."""
    w = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"'
    body = (f'<w:document {w}><w:body>'
            '<w:p><w:pPr><w:tabs><w:tab w:val="left" w:pos="720"/></w:tabs></w:pPr>'
            '<w:r><w:t>1 Sol Ring</w:t></w:r></w:p>'
            '<w:p><w:r><w:instrText> HYPERLINK "https://scryfall.com" </w:instrText></w:r>'
            '<w:r><w:t xml:space="preserve">1 Arcane </w:t></w:r><w:del><w:r><w:delText>Sol</w:delText></w:r></w:del>'
            '<w:ins><w:r><w:t>Signet</w:t></w:r></w:ins></w:p>'
            '</w:body></w:document>')
    data = io.BytesIO()
    with zipfile.ZipFile(data, "w") as out:
        out.writestr("[Content_Types].xml", "<Types/>")
        out.writestr("word/document.xml", body)
    assert [(e.quantity, e.name) for e in parse_bytes(data.getvalue(), "d.docx").entries] == [
        (1, "Sol Ring"), (1, "Arcane Signet")]
    from odf.office import Annotation
    from odf.opendocument import OpenDocumentText
    from odf.text import P, S

    document = OpenDocumentText()
    paragraph = P(text="1")
    paragraph.addElement(S(c=3))
    paragraph.addText("Sol Ring")
    note = Annotation()
    note.addElement(P(text="2 Mana Crypt (a friend's comment)"))
    paragraph.addElement(note)
    document.text.addElement(paragraph)
    path = tmp_path / "commented.odt"
    document.save(str(path))
    assert document_text(str(path), "commented.odt") == "1   Sol Ring\n"


@pytest.mark.parametrize(("data", "why"), [
    (b"{\\rtf1 " + b"{" * 200_000 + b"1 Sol Ring" + b"}" * 200_000 + b"}", None),  # deep nesting: no recursion
    (b"{\\rtf1\\ansi\\ansicpg99999 1 Sol Ring\\par}", None),  # a code page Python has no codec for
])
def test_odd_rich_text_is_read_without_error(data: bytes, why) -> None:
    assert [(e.quantity, e.name) for e in parse_bytes(data, "odd.rtf").entries] == [(1, "Sol Ring")]


def test_a_broken_document_is_one_line(tmp_path: Path) -> None:
    path = write_docx(tmp_path / "hana.docx", LINES)
    whole = path.read_bytes()
    (tmp_path / "cut.docx").write_bytes(whole[: len(whole) // 2])
    bomb = io.BytesIO()
    with zipfile.ZipFile(bomb, "w") as out:
        out.writestr("word/document.xml", '<!DOCTYPE x [<!ENTITY a "aaaa">]><w:document/>')
    (tmp_path / "doctype.docx").write_bytes(bomb.getvalue())
    for name in ("cut.docx", "doctype.docx"):
        code, out, err = run_cli("check", str(tmp_path / name))
        assert code == 2 and out == "" and err.count("\n") == 1 and err.startswith(f"deckcheck: error: {tmp_path}")
    assert "document type declaration" in run_cli("check", str(tmp_path / "doctype.docx"))[2]
    with pytest.raises(InputError):
        document_text(str(tmp_path / "doctype.docx"), "doctype.docx")


def test_documents_deckcheck_cannot_read_say_how_to_save_them(tmp_path: Path) -> None:
    """A Word 97-2003 .doc was told to "save the sheet" as a workbook; an Apple Pages file was "a zip archive"
    (and, given to `batch`, "no decklist in it"). Each now says what it is and what to save it as. (The files
    are made here with the parts deckcheck tells them by: OLE2's signature and a WordDocument stream named in
    its directory; Pages' Index/Document.iwa.)"""
    doc = tmp_path / "hana.doc"
    doc.write_bytes(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(1016) + "WordDocument".encode("utf-16-le") + bytes(500))
    pages = tmp_path / "hana.pages"
    with zipfile.ZipFile(pages, "w") as out:
        out.writestr("Index/Document.iwa", b"\x00\x01binary")
        out.writestr("Metadata/Properties.plist", b"<plist/>")
    for path, said in ((doc, "a Word 97-2003 document (.doc), which deckcheck can't read: save it as .docx, .rtf or "
                              "plain text"),
                       (pages, "an Apple Pages or Numbers file, which deckcheck can't read: export it (File > Export "
                               "To) as Word, Excel, CSV or plain text")):
        assert run_cli("check", str(path)) == (2, "", f"deckcheck: error: {path}: {said}\n")
        (result,) = check_many([str(path)])
        assert [v.message for v in result.report.violations] == [said]


def test_rich_text_in_a_two_byte_code_page_decodes_its_characters_whole() -> None:
    """WordPad on a Japanese Windows writes each character as two \\'xx escapes of code page 932: decoded one
    byte at a time, every character was two replacement marks."""
    line = "1 ソル・リング"
    escaped = "".join(f"\\'{b:02x}" for b in "ソル・リング".encode("cp932"))
    data = ("{\\rtf1\\ansi\\ansicpg932\\deff0{\\fonttbl{\\f0\\fnil\\fcharset128 MS UI Gothic;}}\r\n"
            f"\\pard\\f0\\fs22 1 {escaped}\\par\r\n}}").encode("ascii")
    assert rtf_text(data, "jp.rtf") == line + "\n"


@pytest.mark.parametrize(("suffix", "kind"), [("pdf", "a PDF document"), ("png", "an image (PNG)"),
                                             ("jpg", "an image (JPEG)")])
def test_a_pdf_or_a_screenshot_says_what_it_is(tmp_path: Path, suffix: str, kind: str) -> None:
    """A list sent as a PDF or a screenshot (real files, drawn by matplotlib) was "binary data", or, for a PDF
    without compressed streams, a deck of unknown cards named after its syntax. Each now says what it is and
    that deckcheck reads text."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib.figure import Figure

    figure = Figure(figsize=(3, 4))
    figure.text(0.1, 0.5, "\n".join(LINES[4:12]), fontsize=6)
    path = tmp_path / f"hana.{suffix}"
    figure.savefig(path, format=suffix)
    said = (f"{kind}, not a text decklist: deckcheck reads text; copy the list's text into a text file, or "
            "export it from the deck site or app as text")
    assert run_cli("check", str(path)) == (2, "", f"deckcheck: error: {path}: {said}\n")
    (result,) = check_many([str(path)])
    assert [v.message for v in result.report.violations] == [said]


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=400))
def test_rich_text_of_any_bytes_is_text(tail: bytes) -> None:
    assert isinstance(rtf_text(b"{\\rtf1" + tail, "fuzz.rtf"), str)
