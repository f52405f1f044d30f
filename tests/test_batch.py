"""`deckcheck batch` and check_many on the bundled card data and the example tournament registrations in
data/examples/tournament: inputs (files, folders, JSON Lines, texts), unreadable decks, output formats,
--jobs, --as-of, exit codes, frames, and that `deckcheck check` never imports pandas."""

from __future__ import annotations

import csv
import gzip
import io
import json
import os
import stat
import re
import subprocess
import shutil
import sys
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

import deckcheck
from deckcheck import cli
from deckcheck import check_deck
from deckcheck.batch import check_many, expand, is_decklist_name, walk_takes
from deckcheck.batch.core import FilesRead
from deckcheck.errors import DeckcheckWarning, InputError
from deckcheck.render import load_schema

PROJECT = Path(__file__).resolve().parent.parent
TOURNAMENT = PROJECT / "data" / "examples" / "tournament"
EXPECTED = {  # file -> (legal, sorted set of codes); see data/examples/tournament/README.md
    "01-alice-breed-lethality.txt": (True, set()),
    "02-bruno-timey-wimey.txt": (True, set()),
    "03-chen-food-and-fellowship.txt": (True, {"sideboard"}),
    "04-dana-mystic-intellect.txt": (False, {"banned"}),
    "05-emeka-vampiric-bloodlust.txt": (False, {"color-identity"}),
    "06-farah-sliver-swarm.txt": (False, {"deck-size"}),
    "07-gus-planeswalker-party.txt": (False, {"singleton"}),
    "08-hana-riders-of-rohan.txt": (False, {"unknown-card"}),
    "09-ilse-abzan-armor.txt": (True, {"sideboard"}),
    "10-jonas-draconic-domination.txt": (False, {"commander-ineligible", "color-identity"}),
    "11-kofi-late-registration.txt": (False, {"unreadable"}),
    "12-lena-explorers-of-the-deep.csv": (True, set()),
}


def test_the_text_report_says_what_each_deck_must_fix(tournament):
    """An organizer reads the text report: below the table, each error of the decks that are not legal, with its
    file, line, code and card, as `check` writes it. Before, the table's codes alone: no card, no line."""
    code, out, _ = run_cli("batch", "--no-progress", str(TOURNAMENT))
    assert code == 2
    section = out.split("\nwhat to fix (each error; warnings and close names of unknown cards too: --format "
                        "violations):\n", 1)[1].split("\n\n", 1)[0].splitlines()
    said = {(Path(line.split(":", 1)[0].strip()).name, line.split(": ", 1)[1].split()[0]) for line in section}
    assert said == {(name, code) for name, (legal, codes) in EXPECTED.items() if not legal for code in codes
                    if code != "unreadable"}
    assert f"  {TOURNAMENT / '08-hana-riders-of-rohan.txt'}:74: unknown-card unknown card \"Sol Rnig\"" in section
    assert len(section) == sum(len(r.report.errors) for r in tournament if not r.legal and not r.unreadable)


def _csv_file(path: Path, rows: list[list[str]]) -> Path:
    """A CSV file of these rows (a form's responses, as a spreadsheet saves them); its path."""
    with path.open("w", encoding="utf-8", newline="") as out:
        csv.writer(out).writerows(rows)
    return path


def run_cli(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = cli.main(list(argv))
    return code, out.getvalue(), err.getvalue()


@pytest.fixture(scope="module")
def store():
    return deckcheck.open_store()


@pytest.fixture(scope="module")
def tournament(store):
    return check_many([TOURNAMENT], store=store, keep_cards=True)


def test_tournament_folder_findings(tournament):
    found = {Path(r.path).name: (r.legal, set(r.report.codes())) for r in tournament}
    assert found == EXPECTED
    assert [Path(r.path).name for r in tournament] == sorted(EXPECTED)  # README.md is not a decklist
    s = tournament.summary()
    assert (s["decks"], s["legal"], s["illegal"], s["unreadable"]) == (12, 5, 6, 1)
    assert s["codes"]["unknown-card"] == 1 and s["decks_by_code"]["color-identity"] == 2


def test_unknown_card_row_suggests(tournament):
    hana = next(r for r in tournament if r.path.endswith("08-hana-riders-of-rohan.txt"))
    (v,) = hana.report.violations
    assert v.cards == ("Sol Rnig",) or "Sol Rnig" in v.message
    assert "Sol Ring" in v.message


def test_folder_walk_is_recursive_sorted_and_skips_other_files(tmp_path):
    """Hidden files and folders are left out, and so is the owner file Word or Excel keeps beside a document
    while it is open ("~$decks.docx"; before, an unreadable deck of the batch, which then exited 2)."""
    (tmp_path / "b" / "deep").mkdir(parents=True)
    (tmp_path / ".hidden").mkdir()
    for rel in ("a.txt", "b/deep/c.dck", "b/d.DEC", "e.json.gz", "f.dek", "g.cod", "h.tsv", "notes.md", "x.py",
                ".hidden/f.txt", ".g.txt", "~$decks.docx", "b/~$gistrations.xlsx"):
        (tmp_path / rel).write_text("1 Sol Ring\n")
    (tmp_path / "gone.txt").symlink_to(tmp_path / "nowhere.txt")  # kept: its row says it can't be read
    if hasattr(os, "mkfifo"):
        os.mkfifo(tmp_path / "pipe.txt")  # skipped: no writer, so opening it would wait forever
    labels = [label for _, label, _ in expand([tmp_path])]
    assert [Path(p).relative_to(tmp_path).as_posix() for p in labels] == ["a.txt", "b/d.DEC", "b/deep/c.dck",
                                                                          "e.json.gz", "f.dek", "g.cod",
                                                                          "gone.txt", "h.tsv"]
    assert all(walk_takes(tmp_path, label) for label in labels)  # the walk and its predicate agree
    assert not any(walk_takes(tmp_path, tmp_path / rel) for rel in ("notes.md", "x.py", ".hidden/f.txt", ".g.txt",
                                                                   "~$decks.docx"))
    (broken,) = check_many([tmp_path / "gone.txt"]).results
    assert broken.unreadable and "no such file" in broken.report.violations[0].message
    if hasattr(os, "mkfifo"):  # the pipe, named as a decklist, left out with a note saying why (it went unsaid)
        read = FilesRead()
        list(expand([tmp_path], read))
        assert read.notes()[-1] == ("left out of the folders given, though named as decklists, not being files but "
                                    "pipes, sockets or devices (one given by its own name is read): "
                                    f"{tmp_path / 'pipe.txt'}")


def test_a_file_given_twice_or_also_in_a_folder_given_is_checked_once_and_said(tmp_path):
    """`batch regs regs/alice.txt`, the same file twice, or a link to a file the batch reads: its decks are checked
    once, so that the totals count each registration once, and a note says which file was met again (before, its
    decks were rows twice)."""
    alice = TOURNAMENT / "01-alice-breed-lethality.txt"
    code, out, err = run_cli("batch", "--format", "json", "--no-progress", str(TOURNAMENT), str(alice), str(alice))
    report = json.loads(out)
    assert code == 2 and report["summary"]["decks"] == len(EXPECTED)
    assert [deck["path"] for deck in report["decks"]].count(str(alice)) == 1
    assert f"{alice}: given more than once (by its name, or in a folder given); its decks are checked once" in \
        report["notes"]
    shutil.copy(alice, tmp_path / "alice.txt")
    (tmp_path / "zz-link.txt").symlink_to(tmp_path / "alice.txt")
    code, out, err = run_cli("batch", "--format", "csv", "--no-progress", str(tmp_path))
    assert code == 0 and len(out.splitlines()) == 2  # the header and alice's row
    assert f"{tmp_path / 'zz-link.txt'}: the same file as {tmp_path / 'alice.txt'}" in err
    code, out, err = run_cli("batch", "--format", "csv", "--no-progress", str(TOURNAMENT), str(TOURNAMENT))
    assert len(out.splitlines()) == 1 + len(EXPECTED)
    assert f"deckcheck: note: {len(EXPECTED)} files met more than once" in err and "and 9 more" in err
    code, out, err = run_cli("batch", "--format", "violations", "--no-progress", str(alice), str(alice))
    assert "deckcheck: note: " in err and "given more than once" in err  # (the violations CSV had no notes at all)
    code, out, err = run_cli("batch", "--format", "csv", "--no-progress", *[str(alice)] * 5)  # ("1 files met")
    assert f"deckcheck: note: 1 file met more than once (by their names, in folders given, or linked): {alice}" in err


def test_a_link_to_a_folder_in_a_folder_given_is_said_not_walked(tmp_path):
    """An organizer's folder holding a link to another folder of decklists (`ln -s ../late late`): its decks were
    left out without a word. They are still left out, as `find` and `grep -r` leave links to folders (a link may
    lead to the home folder, or to /), but a note names each link; the folder it leads to is checked when given."""
    given, late = tmp_path / "decks", tmp_path / "late"
    given.mkdir()
    late.mkdir()
    shutil.copy(TOURNAMENT / "01-alice-breed-lethality.txt", given / "alice.txt")
    shutil.copy(TOURNAMENT / "07-gus-planeswalker-party.txt", late / "gus.txt")
    (given / "late").symlink_to(late)
    (given / "loop").symlink_to(given)
    code, out, err = run_cli("batch", "--format", "json", "--no-progress", str(given), str(given))
    report = json.loads(out)
    assert code == 0 and [deck["path"] for deck in report["decks"]] == [str(given / "alice.txt")]
    assert report["notes"][-1] == (
        f"2 links to a folder in the folders given not walked, as links may lead anywhere (give the folder itself to "
        f"check its decks): {given / 'late'}, {given / 'loop'}")
    code, out, err = run_cli("batch", "--format", "csv", "--no-progress", str(given), str(given / "late"))
    assert code == 1 and len(out.splitlines()) == 3  # the header, alice's and gus's rows


def test_the_files_of_a_folder_named_as_no_decklist_is_are_said_left_out(tmp_path):
    """A registrations folder holding a PDF, a Markdown file and a file with no extension beside the decklists: the
    walk leaves them out, as before, but a note names them (before, the organizer's report had fewer players than
    the folder and no word of why). The owner files of open documents and Windows' Thumbs.db are no player's."""
    shutil.copy(TOURNAMENT / "01-alice-breed-lethality.txt", tmp_path / "alice.txt")
    for name in ("zoe.pdf", "kai.md", "lee", "Thumbs.db", "~$form.xlsx", ".DS_Store"):
        (tmp_path / name).write_bytes(b"1 Sol Ring\n")
    code, out, err = run_cli("batch", "--format", "csv", "--no-progress", str(tmp_path))
    assert code == 0 and len(out.splitlines()) == 2
    assert err.splitlines()[-1] == (
        f"deckcheck: note: 3 files in the folders and archives given left out, as no decklist is named so (`deckcheck "
        f"batch --help` names those read; a list kept as a PDF or a picture: copy it into a .txt file): "
        f"{tmp_path / 'kai.md'}, {tmp_path / 'lee'}, {tmp_path / 'zoe.pdf'}")
    code, out, err = run_cli("batch", "--format", "csv", "--no-progress", str(tmp_path / "alice.txt"))
    assert code == 0 and "note" not in err  # a file given by its name is read, whatever its name
    code, out, err = run_cli("batch", "--format", "csv", "--no-progress", str(tmp_path), f"{tmp_path}/")
    assert "deckcheck: note: 3 files in the folders and archives given left out" in err  # each once (6 before)


def test_a_folder_that_can_t_be_read_is_a_row_not_decks_missed_unseen(tmp_path, monkeypatch):
    """A folder of decklists whose subfolder can't be listed (its permissions) lost that subfolder's decks without a
    word, and given alone it was "no decks in ...". Now each such folder is an unreadable row saying why. (Root reads
    every folder, so the refusal is the system's error made where the walk lists the folder.)"""
    (tmp_path / "sub").mkdir()
    for rel in ("a.txt", "sub/c.txt"):
        (tmp_path / rel).write_text("1 Sol Ring\n")
    locked = str(tmp_path / "sub")
    listing = os.scandir

    def scandir(path="."):
        if os.fspath(path) == locked:
            raise PermissionError(13, "Permission denied", locked)
        return listing(path)

    monkeypatch.setattr(os, "scandir", scandir)
    rows = check_many([tmp_path]).results
    assert [(r.path, r.unreadable) for r in rows] == [(str(tmp_path / "a.txt"), False), (locked, True)]
    assert rows[1].report.violations[0].message == "a folder that can't be read: permission denied"
    (alone,) = check_many([locked]).results
    assert alone.unreadable and alone.path == locked


def test_zip_members_written_with_a_leading_dot_slash_or_backslashes_are_read(tmp_path):
    """Some zip tools write "./alice.txt" or "sub\\carl.txt": the first was taken for a hidden file and skipped
    without a word (an archive of only such members was "a zip archive with no decklist in it")."""
    import zipfile

    deck = (TOURNAMENT / "01-alice-breed-lethality.txt").read_text(encoding="utf-8")
    archive = tmp_path / "uploads.zip"
    with zipfile.ZipFile(archive, "w") as z:
        for name in ("./alice.txt", "bob.txt", "sub\\carl.txt", "./.hidden/x.txt", "__MACOSX/._bob.txt"):
            z.writestr(name, deck)
    rows = check_many([archive]).results
    assert [r.path for r in rows] == [f"{archive}/./alice.txt", f"{archive}/bob.txt", f"{archive}/sub\\carl.txt"]
    assert all(r.legal for r in rows)


def test_batch_help_names_every_kind_of_file_the_walk_takes():
    """`deckcheck batch --help` lists the files a folder walk takes: each suffix of DECK_SUFFIXES,
    JSONL_SUFFIXES and SHEET_SUFFIXES (it once missed the word processors' three)."""
    from deckcheck.batch import DECK_SUFFIXES, JSONL_SUFFIXES
    from deckcheck.batch.core import SHEET_SUFFIXES

    parser = cli.build_parser()
    (batch,) = [p for action in parser._subparsers._group_actions
                for name, p in action.choices.items() if name == "batch"]
    words = set(re.findall(r"\.[a-z]+", batch.description))
    assert set(DECK_SUFFIXES + JSONL_SUFFIXES + SHEET_SUFFIXES) <= words


def test_jsonl_inputs_every_kind_and_broken_lines(tmp_path, store):
    alice = (TOURNAMENT / "01-alice-breed-lethality.txt").read_text(encoding="utf-8")
    emeka = (TOURNAMENT / "05-emeka-vampiric-bloodlust.txt").read_text(encoding="utf-8")
    lines_e = [ln for ln in emeka.splitlines() if ln[:1].isdigit()]
    record = {"commander": [lines_e[0][2:]], "decklist": lines_e[1:], "player": "Emeka", "event": "Store Night"}
    rows = [json.dumps({"text": alice, "name": "Alice's Atraxa"}), "", json.dumps(record), "{not json",
            json.dumps([1, 2]), json.dumps({"foo": 1})]
    path = tmp_path / "decks.jsonl.gz"
    path.write_bytes(gzip.compress(("\n".join(rows) + "\n").encode()))
    batch = check_many([path], store=store)
    assert [r.path for r in batch] == [f"{path}:{n}" for n in (1, 3, 4, 5, 6)]
    assert batch.results[0].legal and batch.results[0].name == "Alice's Atraxa"
    assert batch.results[1].report.codes() == ["color-identity"]
    assert batch.results[1].name == "Emeka (Store Night)"
    assert batch.results[1].report.commanders == ("Edgar Markov",)
    assert [r.unreadable for r in batch] == [False, False, True, True, True]
    assert "not JSON" in batch.results[2].report.violations[0].message


def test_deck_objects_written_over_several_lines_are_read_a_deck_each(tmp_path, store):
    """`jq . decks.jsonl > pretty.jsonl` and `json.dump(decks, f, indent=2)` write each deck object over many lines.
    Each line was read as a deck of its own: 2 decks became some 30 unreadable rows. Now each object, or each item of
    an array (in a .json file too), is one deck, named by the line it starts on; a line that holds a whole deck object
    is JSON Lines again, and a value the file ends inside of is one unreadable row saying where."""
    alice = (TOURNAMENT / "01-alice-breed-lethality.txt").read_text(encoding="utf-8")
    decks = [{"text": alice, "name": "Alice"},
             {"commander": ["Edgar Markov"], "decklist": ["1 Sol Ring", "1 Mana Crypt", "97 Swamp"], "name": "Bo"}]
    one_after_another = "".join(json.dumps(d, indent=2) + "\n" for d in decks)
    line_of_second = one_after_another.count("\n", 0, one_after_another.index('{\n  "commander"')) + 1
    expected = [(True, "Alice"), (False, "Bo")]
    for name, text, lines in [("pretty.jsonl", one_after_another, [1, line_of_second]),
                              ("array.jsonl", json.dumps(decks, indent=2), [2, line_of_second + 1]),
                              ("array.json", "\ufeff" + json.dumps(decks, indent=1), [2, line_of_second + 1]),
                              ("compact.json", json.dumps(decks), ["1", "1 #2"]),
                              ("a-line-each.json", "[\n" + ",\n".join(map(json.dumps, decks)) + "\n]\n", [2, 3])]:
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        batch = check_many([path], store=store)
        assert [(r.legal, r.name) for r in batch] == expected, name
        assert [r.path for r in batch] == [f"{path}:{n}" for n in lines], name
        assert batch.results[1].report.codes() == ["banned"]
    from deckcheck.batch.core import stdin_sources  # `jq . decks.jsonl | deckcheck batch -`

    bracketed = b"[Commander]\n1 Kozilek, the Great Distortion\n[Main]\n99 Wastes\n"  # a decklist, not JSON
    assert [kind for kind, _, _ in stdin_sources(io.BytesIO(bracketed))] == ["deck"]
    piped = list(stdin_sources(io.BytesIO(one_after_another.encode())))
    assert [(kind, label) for kind, label, _ in piped] == [("record", "<stdin>:1"),
                                                          ("record", f"<stdin>:{line_of_second}")]
    mixed = tmp_path / "mixed.jsonl"  # a line of a whole deck object after a "{" that never closes
    mixed.write_text("{\n" + json.dumps(decks[1]) + "\n" + json.dumps(decks[0], indent=2)[:-40], encoding="utf-8")
    batch = check_many([mixed], store=store)
    assert [(r.path.rsplit(":", 1)[1], r.unreadable) for r in batch] == [("1", True), ("2", False), ("3", True)]
    assert batch.results[2].report.violations[0].message.startswith("not JSON (Unterminated string starting at: line")
    with pytest.raises(InputError, match="a JSON array of 2 deck objects, not one deck: `deckcheck batch` reads"):
        deckcheck.parse_deck(tmp_path / "array.json")  # as `deckcheck check array.json` says


def test_a_broken_deck_object_over_several_lines_leaves_the_next_ones_read(tmp_path, store):
    """One deck object of a `jq .`-written file missing a comma made the rest of the file one unreadable row: the
    decks after it were never checked. Its "}" alone then the next deck's "{" alone end it (no JSON holds them so)."""
    decks = [{"name": f"P{i}", "commander": ["Edgar Markov"], "decklist": ["1 Sol Ring", "98 Swamp"]} for i in range(4)]
    texts = [json.dumps(d, indent=2) for d in decks]
    texts[1] = texts[1].replace('],\n  "decklist"', ']\n  "decklist"')  # a comma left out
    nested = {"name": "P4", "commander": ["Edgar Markov"],
              "main": [{"name": "Sol Ring"}, {"name": "Swamp", "count": 98}]}
    path = tmp_path / "pretty.jsonl"
    path.write_text("\n".join(texts + [json.dumps(nested, indent=2), texts[1]]) + "\n", encoding="utf-8")
    batch = check_many([path], store=store)
    assert [(r.name, r.unreadable) for r in batch] == [("P0", False), (None, True), ("P2", False), ("P3", False),
                                                       ("P4", False), (None, True)]
    last = 41 + json.dumps(nested, indent=2).count("\n") + 1
    assert [int(r.path.rsplit(":", 1)[1]) for r in batch] == [1, 11, 21, 31, 41, last]
    assert batch.results[1].report.violations[0].message == "not JSON (Expecting ',' delimiter: line 16 column 3)"
    assert batch.results[4].legal and batch.results[4].report.card_count == 100  # "}," then "{" inside a value


def test_json_lines_in_utf_16_are_read_as_in_utf_8(tmp_path, store):
    """Windows PowerShell 5's `>` writes UTF-16 with a byte order mark: its lines were split at the wrong bytes, the
    first deck unreadable ("'utf-16-le' codec can't decode") and a row of no deck at the end."""
    decks = [{"player": p, "commander": ["Edgar Markov"], "decklist": ["1 Sol Ring", "98 Swamp"]} for p in "abc"]
    text = "\r\n".join(map(json.dumps, decks)) + "\r\n"
    plain = tmp_path / "decks.jsonl"
    plain.write_text(text, encoding="utf-8")
    expected = [(r.name, r.legal, r.report.card_count) for r in check_many([plain], store=store)]
    assert expected == [(p, True, 100) for p in "abc"]
    for name, data in [("le.jsonl", text.encode("utf-16")), ("be.jsonl", b"\xfe\xff" + text.encode("utf-16-be")),
                       ("le.jsonl.gz", gzip.compress(text.encode("utf-16")))]:
        (tmp_path / name).write_bytes(data)
        batch = check_many([tmp_path / name], store=store)
        assert [(r.name, r.legal, r.report.card_count) for r in batch] == expected, name
        assert [r.path for r in batch] == [f"{tmp_path / name}:{n}" for n in (1, 2, 3)]


def test_a_jsonl_line_that_is_no_object_says_what_it_is_in_json_s_words(tmp_path, store):
    """A line `null` said "a JSON NoneType", Python's name for it."""
    path = tmp_path / "values.jsonl"
    path.write_text('null\n"1 Sol Ring"\n5\n', encoding="utf-8")
    assert [r.report.violations[0].message for r in check_many([path], store=store)] == [
        "a JSON null, not a deck object", "a JSON string, not a deck object", "a JSON number, not a deck object"]


def test_jsonl_deck_objects_of_the_wrong_shape_are_reported_not_raised(tmp_path, store):
    rows = [{"decklist": 5}, {"commander": True, "decklist": []},
            {"decklist": ["1 Sol Ring", 7, None, {"name": "Forest", "count": 3}]},
            {"companion": "Lurrus of the Dream-Den", "sideboard": "1 Sol Ring\n1 Forest", "decklist": "1 Island"},
            {"text": ["1 Sol Ring"]}, {"text": 5, "commander": "Edgar Markov"}]
    path = tmp_path / "odd.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    batch = check_many([path], store=store)
    assert [r.unreadable for r in batch] == [True, True, False, False, True, True]
    assert [r.report.violations[0].message for r in batch.results[4:]] == [  # was "empty decklist: no card entries"
        '"text" is a JSON list, not a decklist\'s text', '"text" is a JSON number, not a decklist\'s text']
    assert batch.results[0].report.violations[0].message == '"decklist" is a JSON number, not a list of cards'
    assert batch.results[1].report.violations[0].message == '"commander" is a JSON boolean, not a list of cards'
    odd = batch.results[2].report
    syntax = [v for v in odd.violations if v.code == "syntax"]
    # the 7 and the null, told by their place and JSON text (a deck object's items have no lines): reported, not
    # dropped, and no longer an unknown card named "null" (whose close names were Nullify and Null Rod)
    assert [(v.lines, v.message) for v in syntax] == [
        ((), "a JSON number, not a card name or card object: 'decklist[1] 7'"),
        ((), "a JSON null, not a card name or card object: 'decklist[2] null'")]
    assert [v.cards for v in odd.violations if v.code == "unknown-card"] == []
    assert odd.card_count == 4
    strings = batch.results[3].report
    assert strings.companion == "Lurrus of the Dream-Den" and "sideboard" in strings.codes()
    # items JSON has no place for, given in Python (a hardening review: bytes raised "Object of type bytes is not
    # JSON serializable", from check_deck and check_many both)
    for report in (check_deck(["1 Sol Ring", b"1 Island", {3}], store=store),
                   check_many([["1 Sol Ring", b"1 Island", {3}]], store=store).results[0].report):
        assert [v.message for v in report.violations if v.code == "syntax"] == [
            "a bytes object, not a card name or card object (decode its bytes to text): 'decklist[1] \"b\\'1 Island"
            "\\'\"'", "a set object, not a card name or card object: 'decklist[2] \"{3}\"'"]


def test_texts_decks_and_paths_mix(store, tournament):
    text = (TOURNAMENT / "07-gus-planeswalker-party.txt").read_text(encoding="utf-8")
    deck = deckcheck.parse_deck(TOURNAMENT / "06-farah-sliver-swarm.txt")
    batch = check_many([text, deck, TOURNAMENT / "02-bruno-timey-wimey.txt", "/no/such/deck.txt"], store=store)
    assert [r.report.codes() for r in batch] == [["singleton"], ["deck-size"], [], ["unreadable"]]
    assert batch.results[0].path == "<text 1>"
    assert "no such file" in batch.results[3].report.violations[0].message
    assert not batch.legal


def test_mtgo_cockatrice_and_forge_deck_files_in_a_folder(tmp_path):
    """The deck files of MTGO (.dek and its CSV export), Cockatrice (.cod) and Forge (.dck) are checked as the deck
    they hold; all but Forge's keep the commanders among the sideboard cards, as MTGO does."""
    fixtures = Path(__file__).parent / "fixtures" / "decks"
    names = ["timey-wimey.cockatrice.cod", "timey-wimey.forge.dck", "timey-wimey.mtgo.csv", "timey-wimey.mtgo.dek"]
    for name in names:
        shutil.copy(fixtures / name, tmp_path / name)
    code, out, err = run_cli("batch", "--format", "json", str(tmp_path))
    assert code == 0, err
    decks = {Path(d["path"]).name: d for d in json.loads(out)["decks"]}
    assert sorted(decks) == names
    for deck in decks.values():
        assert (deck["legal"], deck["card_count"], deck["commanders"]) == (True, 100, ["The Tenth Doctor",
                                                                                      "Rose Tyler"])


def test_broken_files_never_stop_the_batch(tmp_path):
    (tmp_path / "a-binary.txt").write_bytes(bytes(range(256)) * 4)
    (tmp_path / "b-empty.txt").write_bytes(b"")
    (tmp_path / "c-bad.json").write_text('{"data": {"mainBoard": 5}}')
    (tmp_path / "d-gz.json.gz").write_bytes(b"\x1f\x8bnot really gzip")
    (tmp_path / "e-good.txt").write_text((TOURNAMENT / "02-bruno-timey-wimey.txt").read_text(encoding="utf-8"),
                                         encoding="utf-8")
    code, out, err = run_cli("batch", "--format", "json", str(tmp_path))
    assert code == 2, err  # unreadable decks: exit 2 as for check, every deck still reported
    doc = json.loads(out)
    by_name = {Path(d["path"]).name: d for d in doc["decks"]}
    assert by_name["e-good.txt"]["legal"] is True
    for name in ("a-binary.txt", "b-empty.txt", "d-gz.json.gz"):
        (v,) = by_name[name]["violations"]
        assert v["code"] == "unreadable" and v["message"] and "\n" not in v["message"]
    assert doc["summary"]["unreadable"] >= 3
    assert "Traceback" not in err


def test_json_has_checks_shape_plus_summary_and_brackets():
    import jsonschema

    code, out, _ = run_cli("batch", "--format", "json", str(TOURNAMENT))
    assert code == 2  # 11-kofi-late-registration.txt is unreadable
    doc = json.loads(out)
    jsonschema.Draft202012Validator(load_schema()).validate(doc)  # check's shape, plus the batch's summary
    summary = doc.pop("summary")
    assert summary == {"decks": 12, "legal": 5, "illegal": 6, "unreadable": 1,
                       "codes": {"banned": 1, "color-identity": 59, "commander-ineligible": 1, "deck-size": 1,
                                 "sideboard": 2, "singleton": 1, "unknown-card": 1, "unreadable": 1},
                       "decks_by_code": {"banned": 1, "color-identity": 2, "commander-ineligible": 1,
                                         "deck-size": 1, "sideboard": 2, "singleton": 1, "unknown-card": 1,
                                         "unreadable": 1}}
    readable = [d for d in doc["decks"] if not d["path"].endswith("11-kofi-late-registration.txt")]
    for d in readable:
        assert set(d["bracket"]) >= {"minimum", "game_changers", "mass_land_denial", "extra_turns", "tutors",
                                     "reasons"}
        assert 1 <= d["bracket"]["minimum"] <= 4


def test_same_deck_objects_as_check():
    """Each deck object of batch JSON equals check's for that deck (bracket aside)."""
    _, out, _ = run_cli("batch", "--format", "json", str(TOURNAMENT))
    batch = {d["path"]: d for d in json.loads(out)["decks"]}
    for path in sorted(TOURNAMENT.glob("0*.txt")):
        code, out, _ = run_cli("check", "--format", "json", str(path))
        (deck,) = json.loads(out)["decks"]
        mine = dict(batch[str(path)])
        mine.pop("bracket", None)
        deck.pop("bracket", None)
        assert mine == deck, path.name


def test_text_table_and_totals():
    code, out, _ = run_cli("batch", str(TOURNAMENT))
    assert code == 2
    lines = out.splitlines()
    assert lines[0].split() == ["deck", "name", "commanders", "identity", "cards", "legal", "errors", "warnings",
                                "codes"]
    gus = next(line for line in lines if "07-gus" in line)
    assert "Commodore Guff" in gus and " NO " in gus and "singleton" in gus and " 100 " in gus
    assert "12 decks: 5 legal, 6 not legal, 1 unreadable" in out
    assert "11-kofi-late-registration.txt: empty decklist" in out
    assert "color-identity 59 (in 2 decks)" in out


def test_text_table_columns_line_up(tournament):
    """Every row's cells sit in the columns the dashed rule marks: two spaces before each column, numbers
    ending where their rule ends; a batch without decks still has its header."""
    from deckcheck.batch import BatchReport
    from deckcheck.batch.output import render_text

    buf = io.StringIO()
    render_text(tournament, buf)
    lines = buf.getvalue().splitlines()
    header, rule, rows = lines[0], lines[1], lines[2:2 + len(tournament)]
    spans = [(m.start(), m.end()) for m in re.finditer(r"-+", rule)]
    names = header.split()
    assert len(spans) == len(names) and header.startswith("deck ")
    numbers = ("cards", "errors", "warnings")
    for (start, end), name in zip(spans, names):  # each name over its own rule: numbers' to the right
        assert (header[end - len(name):end] if name in numbers else header[start:start + len(name)]) == name
    for row in rows:
        for (start, end), name in zip(spans, names):
            if start:
                assert row[start - 2:start] in ("  ", ""), (row, name)
            if name in numbers:
                assert row[end - 1].isdigit() and row[start:end].strip().isdigit(), (row, name)
    empty = io.StringIO()
    render_text(BatchReport(results=()), empty)
    assert empty.getvalue().splitlines()[0].split() == ["deck", "commanders", "identity", "cards", "legal",
                                                         "errors", "warnings", "codes"]
    assert "0 decks: 0 legal" in empty.getvalue()


def test_text_table_lines_up_wide_names_and_undecodable_file_names(tmp_path):
    """Cells are padded by the terminal columns they take: a Japanese deck name's characters take two each,
    and a file name's undecodable byte is written as its six-character escape, as a deck name's control
    characters are (an escape sequence would have recoloured or cleared the terminal)."""
    from unicodedata import east_asian_width

    text = (TOURNAMENT / "01-alice-breed-lethality.txt").read_text(encoding="utf-8")
    decks = tmp_path / "decks.jsonl"
    decks.write_text("".join(json.dumps({"text": text, "name": name}) + "\n"
                             for name in ("山田太郎のデッキ", "Ａｔｒａｘａ", "Café Crème", "plain",
                                          "red\x1b[31m\x07")), encoding="utf-8")
    odd = tmp_path / os.fsdecode(b"deck\xff.txt")
    odd.write_text(text, encoding="utf-8")
    code, out, _ = run_cli("batch", str(decks), str(odd))
    assert code == 0
    lines = out.splitlines()
    assert any("\\udcff" in line for line in lines)
    assert any("red\\x1b[31m\\x07" in line for line in lines)  # a terminal's escape sequence, escaped
    assert not any(ch in out for ch in "\x1b\x07")
    spans = [(m.start(), m.end()) for m in re.finditer(r"-+", lines[1])]
    numbers = [name in ("cards", "errors", "warnings") for name in lines[0].split()]
    for line in lines[2:8]:  # as a terminal shows it: a wide character takes its column and the next
        shown = "".join(ch + "\0" if east_asian_width(ch) in "WF" else ch for ch in line)
        for (start, end), number in zip(spans, numbers):
            assert start == 0 or shown[start - 2:start] in ("  ", ""), line  # two spaces before each column
            assert not number or shown[start:end].strip().isdigit() and shown[end - 1].isdigit(), line


@pytest.mark.parametrize("in_memory", [0, 3])
def test_text_table_rows_past_the_memory_limit_wait_in_a_file_and_come_out_the_same(tmp_path, monkeypatch,
                                                                                   in_memory):
    """The text table's widths need every row, so its rows wait until the batch ends: past TABLE_ROWS_IN_MEMORY
    rows in a temporary file, not in memory (the Duel Commander archive five times over held 185 MB at its
    peak, against 91 MB for CSV). The report is the same whether none, some or all of its rows waited there:
    the widths, the wide and escaped names, the order, the name column (dropped when no deck has a name)."""
    from deckcheck.batch import output

    text = (TOURNAMENT / "01-alice-breed-lethality.txt").read_text(encoding="utf-8")
    named = tmp_path / "named.jsonl"
    named.write_text("".join(json.dumps({"text": text, "name": name}) + "\n"
                             for name in ("山田太郎のデッキ", "Café Crème", "red\x1b[31m", "x" * 80, "",
                                          "cells\x1fjoined", "a line\nbreak", "lone \udcff surrogate",
                                          "turned \u202earound"))
                     + json.dumps({"text": text + "~~1 Sol\x0bRing~~\n", "name": "struck"}) + "\n",  # a deck's note
                     encoding="utf-8")
    reports = []
    for paths in ([str(TOURNAMENT), str(named)], [str(TOURNAMENT)]):
        expected = run_cli("batch", "--no-progress", *paths)
        with monkeypatch.context() as m:
            m.setattr(output, "TABLE_ROWS_IN_MEMORY", in_memory)
            spilled = run_cli("batch", "--no-progress", *paths)
        assert spilled == expected
        assert expected[1].count("\n") > 17 and ("山田太郎のデッキ" in expected[1]) == (len(paths) == 2)
        reports.append(expected[1])
    # a name's control characters, line break, undecodable byte and right-to-left override are each one cell of its
    # deck's one row (the override escaped: on a terminal it turned the rest of the line around)
    rows = [line.split("  ") for line in reports[0].splitlines() if "named.jsonl:" in line and line[:1] != " "]
    assert [next(cell for cell in row[1:] if cell) for row in rows][5:] == [
        "cells joined", "a line break", "lone \\udcff surrogate", "turned \\u202earound", "struck"]
    # the deck's note after the table, the decklist line it quotes escaped as `check` and the other formats write it
    assert reports[0].split("\nhow lists were read:\n")[1].split("\n\n")[0] == (
        f'  {named}:10: read what is struck through (~~) as cut from the list, not counted: line 98 "1 Sol\\x0bRing"')


def test_a_csv_cell_holding_a_carriage_return_stays_in_its_row(tmp_path):
    """A deck named "a\\rb" (or a player's cell, a zip member's name holding one): the CSV writer quotes a cell holding
    its line terminator, "\\n", and left a bare "\\r" unquoted, which csv and pandas readers take for the end of the
    row, shifting every column after it. A cell's carriage returns are written as line feeds, and quoted."""
    deck = tmp_path / "cr.json"
    deck.write_text(json.dumps({"name": "a\rb", "commander": "Krenko, Mob Boss", "decklist": ["99 Mountain"]}))
    for command in ("batch", "check"):
        code, out, _ = run_cli(command, "--format", "csv", str(deck))
        rows = list(csv.reader(io.StringIO(out.lstrip("\ufeff"))))
        assert len({len(row) for row in rows}) == 1, rows  # every row as wide as the header
    code, out, _ = run_cli("batch", "--format", "csv", str(deck))
    assert list(csv.DictReader(io.StringIO(out)))[0]["name"] == "a\nb"


def test_csv_cells_a_spreadsheet_would_run_as_formulas_are_text(tmp_path):
    """A registered deck is the player's text: a name or line "=HYPERLINK(...)" ran as a formula in the
    organizer's spreadsheet. Such cells (and the real card "+2 Mace") now start with an apostrophe."""
    deck = tmp_path / "deck.txt"
    deck.write_text('Commander: Krenko, Mob Boss\n1 =HYPERLINK("http://x.invalid","click")\n1 +2 Mace\n'
                    "1 @SUM(1+1)\n96 Mountain\n", encoding="utf-8")
    players = tmp_path / "players.jsonl"
    players.write_text(json.dumps({"player": "=cmd|' /C calc'!A0", "commander": ["Krenko, Mob Boss"],
                                   "decklist": ["99 Mountain"]}) + "\n", encoding="utf-8")
    code, out, _ = run_cli("batch", "--format", "csv", str(players), str(deck))
    rows = list(csv.DictReader(io.StringIO(out)))
    assert [r["name"] for r in rows] == ["'=cmd|' /C calc'!A0", ""]
    code, out, _ = run_cli("check", "--format", "csv", str(deck))
    cards = {r["cards"] for r in csv.DictReader(io.StringIO(out))}
    assert cards == {"'=HYPERLINK(\"http://x.invalid\",\"click\")", "'@SUM(1+1)", "'+2 Mace"}
    assert not any(cell.startswith(tuple("=+-@")) for row in csv.reader(io.StringIO(out)) for cell in row)


def test_csv_one_row_per_deck(tmp_path):
    target = tmp_path / "out" / "report.csv"
    target.parent.mkdir()
    code, out, err = run_cli("batch", "--format", "csv", "-o", str(target), str(TOURNAMENT))
    assert code == 2 and out == "" and "report written to" in err
    assert target.read_bytes().startswith(b"\xef\xbb\xbfdeck,name,")  # Excel's UTF-8 mark: its accents read right
    rows = list(csv.DictReader(target.open(encoding="utf-8-sig", newline="")))
    assert len(rows) == 12
    jonas = next(r for r in rows if "10-jonas" in r["deck"])
    assert (jonas["commanders"], jonas["identity"], jonas["legal"], jonas["errors"]) == ("Shivan Dragon", "R", "NO",
                                                                                        "59")
    assert jonas["codes"] == "commander-ineligible, color-identity×58"
    ilse = next(r for r in rows if "09-ilse" in r["deck"])
    assert ilse["name"] == "<script>alert(1)</script>" and ilse["legal"] == "yes"


def test_violations_csv_a_row_per_violation_with_line_rule_and_message(tmp_path):
    """`--format violations`: what each player must fix as a sheet, a row per violation of each deck with its lines,
    rule, cards and message (the summary CSV gives only codes); a deck with none, one row. Its rows are the JSON
    report's violations, one for one, the same with --jobs 2, and spreadsheet-safe as every CSV."""
    target = tmp_path / "fixes.csv"
    code, _, _ = run_cli("batch", "--format", "violations", "-o", str(target), str(TOURNAMENT))
    assert code == 2 and target.read_bytes().startswith(b"\xef\xbb\xbfdeck,name,legal,line,code,severity,rule,")
    rows = list(csv.DictReader(target.open(encoding="utf-8-sig", newline="")))
    _, out, _ = run_cli("batch", "--format", "json", str(TOURNAMENT))
    decks = json.loads(out)["decks"]
    assert [(r["deck"], r["code"], r["message"]) for r in rows if r["code"]] == [
        (d["path"], v["code"], v["message"]) for d in decks for v in d["violations"]]
    assert {r["deck"] for r in rows} == {d["path"] for d in decks}
    dana = next(r for r in rows if "04-dana" in r["deck"])
    assert (dana["legal"], dana["line"], dana["code"], dana["cards"]) == ("NO", "14", "banned", "Dockside Extortionist")
    hana = next(r for r in rows if "08-hana" in r["deck"])
    assert "did you mean Sol Ring" in hana["message"]
    assert run_cli("batch", "--format", "violations", "--jobs", "2", str(TOURNAMENT))[1] == \
        run_cli("batch", "--format", "violations", str(TOURNAMENT))[1]


def test_deck_notes_on_how_a_list_was_read_reach_every_batch_report(tmp_path, store):
    """A deck's notes on how its list was read ("took Lurrus of the Dream-Den, listed with the commanders, as
    companion", a struck-through line cut) are in the text report (after the table), the CSV (a column), the
    violations CSV (on standard error, as `check --format csv` says them) and the frame, as in the JSON report, in
    the decks' order with --jobs 2 as with one (300 decks: two workers' chunks). Before, only JSON and HTML had them:
    a tournament's CSV said nothing of the 187 Duel Commander archive decks whose companion was read off the
    commanders (their `commander` field lists it)."""
    alice = (TOURNAMENT / "01-alice-breed-lethality.txt").read_text(encoding="utf-8")
    emeka = (TOURNAMENT / "05-emeka-vampiric-bloodlust.txt").read_text(encoding="utf-8")
    decks = tmp_path / "decks.jsonl"
    decks.write_text("".join(json.dumps(
        [{"text": alice}, {"text": alice + "~~1 Sol Ring~~\n"},
         {"player": f"P{i}", "commander": ["Edgar Markov", "Lurrus of the Dream-Den"], "text": emeka}][i % 3]) + "\n"
        for i in range(300)), encoding="utf-8")
    _, out, _ = run_cli("batch", "--format", "json", str(decks))
    expected = [(d["path"], note) for d in json.loads(out)["decks"] for note in d.get("notes", ())]
    assert len(expected) == 300 and expected[:3] == [
        (f"{decks}:2", 'read what is struck through (~~) as cut from the list, not counted: line 98 "1 Sol Ring"'),
        (f"{decks}:3", "commander given beside the list: Lurrus of the Dream-Den is not in the list; added as commander"),
        (f"{decks}:3", "took Lurrus of the Dream-Den, listed with the commanders, as companion: it has a companion "
                       "ability, and can't be a commander beside Edgar Markov")]

    for jobs in ("1", "2"):
        _, text, _ = run_cli("batch", "--jobs", jobs, str(decks))
        said = text.split("\nhow lists were read:\n")[1].split("\n\n")[0].splitlines()
        assert said == [f"  {path}: {note}" for path, note in expected]

        _, out, _ = run_cli("batch", "--format", "csv", "--jobs", jobs, str(decks))
        rows = list(csv.DictReader(io.StringIO(out)))
        assert [(r["deck"], note) for r in rows for note in r["notes"].split("\n") if note] == expected
        assert len(rows) == 300 and rows[2]["notes"].count("\n") == 1  # a deck's notes a line each, in one cell

        _, out, err = run_cli("batch", "--format", "violations", "--jobs", jobs, str(decks))
        assert [line for line in err.splitlines() if line.startswith("deckcheck: note: ") and ".jsonl:" in line] == [
            f"deckcheck: note: {path}: {note}" for path, note in expected]
        assert "notes" not in next(csv.reader(io.StringIO(out)))  # (its columns are `check --format csv`'s)

    frame = check_many([decks], store=store).to_frame()
    assert [(p, note) for p, notes in zip(frame["path"], frame["notes"]) for note in notes.split("\n") if note] == \
        expected


def test_the_report_file_s_extension_chooses_the_format_unless_format_is_given(tmp_path, monkeypatch):
    decks = [str(TOURNAMENT / n) for n in ("01-alice-breed-lethality.txt", "12-lena-explorers-of-the-deep.csv")]
    by_hand = {}
    for fmt in ("text", "json", "csv", "html"):
        by_hand[fmt] = run_cli("batch", "--format", fmt, *decks)[1]
    for name, fmt in (("r.html", "html"), ("R.HTM", "html"), ("r.json", "json"), ("r.csv", "csv"),
                      ("r.txt", "text"), ("report", "text")):
        target = tmp_path / name
        assert run_cli("batch", "-o", str(target), *decks)[0] == 0
        got = target.read_text(encoding="utf-8-sig" if fmt == "csv" else "utf-8")
        if fmt == "html":  # the page names the time it was made
            assert got.startswith("<!DOCTYPE html>") and len(got.splitlines()) == len(by_hand["html"].splitlines())
        else:
            assert got == by_hand[fmt], name
    run_cli("batch", "--format", "text", "-o", str(tmp_path / "r.html"), *decks)
    assert (tmp_path / "r.html").read_text(encoding="utf-8") == by_hand["text"]
    # a workbook's or TSV's name, no --format: refused, nothing written (the text table under it would be refused
    # by the program it is meant for); with --format, written as asked
    for name in ("r.xlsx", "R.ODS", "r.tsv"):
        assert run_cli("batch", "-o", str(tmp_path / name), *decks) == (
            2, "", f"deckcheck: error: {tmp_path / name}: deckcheck writes no {name[1:].lower()} file; name the report "
                   ".csv (spreadsheets open it), .json, .html or .txt, or give --format\n")
        assert not (tmp_path / name).exists()
    assert run_cli("batch", "--format", "csv", "-o", str(tmp_path / "r.tsv"), *decks)[0] == 0
    assert (tmp_path / "r.tsv").read_text(encoding="utf-8-sig") == by_hand["csv"]
    monkeypatch.chdir(tmp_path)  # `-o -` is standard output (it wrote a file named "-")
    assert run_cli("batch", "--format", "csv", "-o", "-", *decks) == (0, by_hand["csv"], "")
    assert not (tmp_path / "-").exists()
    # a compressed file's name, with --format or not: refused (the plain report was written under it, which zcat
    # can't read); an empty name (a script's unset "$OUT"): a usage error (it wrote to standard output)
    for argv in (["-o", "r.csv.gz"], ["--format", "json", "-o", "r.json.XZ"], ["-o", "r.zip"]):
        suffix = os.path.splitext(argv[-1])[1]
        assert run_cli("batch", *argv, *decks) == (
            2, "", f"deckcheck: error: {argv[-1]}: deckcheck writes no compressed report; name it without "
                   f"{suffix.lower()}, then compress it (gzip FILE)\n")
        assert not (tmp_path / argv[-1]).exists()
    code, out, err = run_cli("batch", "-o", "", *decks)
    assert (code, out) == (2, "") and err.endswith("error: argument -o/--output: a file's name can't be empty\n")


def test_a_zip_of_registrations_is_checked_as_the_folder_is(tmp_path, store, monkeypatch):
    """Registrations often come as one zip: each decklist in it is a row named archive/member, with the same
    verdicts as the folder's; hidden files, macOS's __MACOSX copies and other files are left out, a JSON
    Lines member gives a row a line. `check` of the zip says to use `batch`."""
    import zipfile

    archive = tmp_path / "registrations.zip"
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as z:
        for path in sorted(TOURNAMENT.iterdir()):
            if is_decklist_name(path.name):
                z.write(path, f"regs/{path.name}")
        z.writestr("regs/.hidden.txt", "1 Sol Ring\n")
        z.writestr("__MACOSX/regs/._01-alice-breed-lethality.txt", b"\x00\x05\x16\x07")
        z.writestr("regs/notes.md", "# not a deck\n")
        z.writestr("late/decks.jsonl", json.dumps({"text": (TOURNAMENT / "01-alice-breed-lethality.txt").read_text(
            encoding="utf-8")}) + "\n")
    folder = check_many([TOURNAMENT], store=store)
    zipped = check_many([archive], store=store)
    names = sorted(p.name for p in TOURNAMENT.iterdir() if is_decklist_name(p.name))
    assert [r.path for r in zipped] == [f"{archive}/late/decks.jsonl:1"] + [f"{archive}/regs/{n}" for n in names]
    assert [(r.legal, r.unreadable, r.report.codes()) for r in zipped.results[1:]] == [
        (r.legal, r.unreadable, r.report.codes()) for r in folder]
    assert zipped.results[0].legal
    code, out, _ = run_cli("batch", "--jobs", "2", "--format", "json", str(archive))
    assert [d["path"] for d in json.loads(out)["decks"]] == [r.path for r in zipped]
    code, out, err = run_cli("check", str(archive))
    assert (code, out) == (2, "")
    assert err == (f"deckcheck: error: {archive}: a zip archive, not one decklist: `deckcheck batch` checks the "
                   "decklists it holds, whatever its name\n")


def test_a_zip_piped_in_says_its_members_left_out_as_given_by_name(tmp_path, monkeypatch):
    """A zip of registrations holding a player's PDF, piped to standard input: the note names the PDF left out,
    as it does for the same zip given by name (before, the piped zip dropped it unsaid)."""
    import zipfile

    archive = tmp_path / "regs.zip"
    with zipfile.ZipFile(archive, "w") as z:
        z.write(TOURNAMENT / "01-alice-breed-lethality.txt", "alice.txt")
        z.writestr("bob-deck.pdf", b"%PDF-1.4")
    code, named, _ = run_cli("batch", "--no-progress", str(archive))
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(archive.read_bytes())))
    code_piped, piped, _ = run_cli("batch", "--no-progress", "-")
    assert (code, code_piped) == (0, 0)
    assert piped.splitlines()[-1] == named.splitlines()[-1].replace(str(archive), "<stdin>")
    assert piped.splitlines()[-1].endswith("copy it into a .txt file): <stdin>/bob-deck.pdf")


@pytest.mark.parametrize("delimiter,encoding", [(",", "utf-8"), (";", "cp1252"), ("\t", "utf-8-sig"), ("\t", "utf-16")],
                         ids=["form-export", "european-excel", "tab-separated", "excel-unicode-text"])
def test_a_table_of_registrations_is_checked_a_row_a_deck(tmp_path, store, delimiter, encoding):
    """A sign-up form's export: a row per player, the decklist in one cell of many lines. Each row is a deck
    named by its player, labelled by its row in the sheet, with the verdicts of the same decklist as a file;
    a row with no decklist says so. `check` of the table says to use `batch`; a folder walk reads it too."""
    import csv

    names = ["01-alice-breed-lethality.txt", "04-dana-mystic-intellect.txt", "07-gus-planeswalker-party.txt"]
    players = ["Alice Adams", "Dana Diaz", "Gus Gómez"]
    table = tmp_path / "sheet" / ("registrations.tsv" if delimiter == "\t" else "registrations.csv")
    table.parent.mkdir()
    with table.open("w", encoding=encoding, newline="") as out:
        writer = csv.writer(out, delimiter=delimiter)
        writer.writerow(["Timestamp", "Player name", "Paste your decklist (any format)", "Pronouns"])
        for i, (player, name) in enumerate(zip(players, names)):
            writer.writerow([f"2026-11-0{i + 1} 10:00", player, (TOURNAMENT / name).read_text(encoding="utf-8"),
                             ""])
            if i == 0:
                writer.writerow(["2026-11-01 11:00", "Kofi", "", ""])  # signed up, no list yet
    rows = check_many([table], store=store)
    files = check_many([TOURNAMENT / n for n in names], store=store)
    assert [r.path for r in rows] == [f"{table}:{n}" for n in (2, 3, 4, 5)]
    assert [r.name for r in rows] == ["Alice Adams", "Kofi", "Dana Diaz", "Gus Gómez"]
    assert rows.results[1].unreadable
    assert rows.results[1].report.violations[0].message == "no decklist in this row (an empty cell)"
    kept = [rows.results[0], *rows.results[2:]]
    assert [(r.legal, r.report.codes()) for r in kept] == [(r.legal, r.report.codes()) for r in files]
    assert [r.path for r in check_many([table.parent], store=store)] == [r.path for r in rows]
    code, out, err = run_cli("check", str(table))
    assert (code, out) == (2, "")
    assert ("a table of registrations (a decklist a row), not one decklist: `deckcheck batch` checks each row of one "
            "named .csv, .tsv, .xlsx or .ods\n") in err


def test_a_utf_8_table_with_one_windows_1252_line_is_read_line_by_line_and_said(tmp_path, store):
    """A UTF-8 sign-up sheet in which one player's name holds a Windows-1252 byte: that line is read as Windows-1252,
    every other as UTF-8 (Hana's accented cards stay known), and the report says which line, naming the file, as a
    lone decklist's note says it was not UTF-8. Before, the whole table was read as Windows-1252 ("Ã‰owyn", false
    unknown cards) and no output said so."""
    hana = (TOURNAMENT / "08-hana-riders-of-rohan.txt").read_text(encoding="utf-8")
    alice = (TOURNAMENT / "01-alice-breed-lethality.txt").read_text(encoding="utf-8")
    clean = _csv_file(tmp_path / "clean.csv", [["Player", "Decklist"], ["Hana", hana], ["Lukasz", alice]])
    stray = tmp_path / "stray.csv"
    stray.write_bytes(clean.read_bytes().replace(b"Lukasz", b"Luk\xe1sz"))
    line = next(n for n, row in enumerate(clean.read_bytes().splitlines(), 1) if b"Lukasz" in row)
    expected = [(r.legal, r.report.codes()) for r in check_many([clean], store=store)]
    found = check_many([stray], store=store)
    assert [r.name for r in found] == ["Hana", "Lukász"]
    assert [(r.legal, r.report.codes()) for r in found] == expected
    note = f"{stray}: not UTF-8 on 1 line (line {line}); it was read as Windows-1252, the others as UTF-8"
    assert note in found.notes
    code, out, _ = run_cli("batch", "--no-progress", str(stray))
    assert f"note: {note}" in out.splitlines()
    import zipfile

    archive = tmp_path / "responses.zip"  # a form's responses downloaded as a zip: its table says so too
    with zipfile.ZipFile(archive, "w") as z:
        z.writestr("form/stray.csv", stray.read_bytes())
    zipped = check_many([archive], store=store)
    assert [r.name for r in zipped] == ["Hana", "Lukász"]
    assert note.replace(str(stray), f"{archive}/form/stray.csv") in zipped.notes


@pytest.mark.parametrize("data,text,note", [
    ("Éowyn\nLukász\n".encode("cp1252"), "Éowyn\nLukász\n",
     "not UTF-8 (first bad byte on line 1); read as Windows-1252"),
    (b"\xc3\x89owyn\r\nLuk\xe1sz\r\n\xc3\x89omer\r\n", "Éowyn\r\nLukász\r\nÉomer\r\n",
     "not UTF-8 on 1 line (line 2); it was read as Windows-1252, the others as UTF-8"),
    (b"".join(b"\xc3\xa9\n" + b"\xe9\n" for _ in range(7)) + b"\xc3\xa9\n", "é\n" * 15,
     "not UTF-8 on 7 lines (lines 2, 4, 6, 8, 10 and 2 more); those were read as Windows-1252, the others as UTF-8"),
], ids=["wholly-windows-1252", "one-stray-line", "many-stray-lines"])
def test_text_not_wholly_utf_8_is_read_whole_or_line_by_line(data, text, note):
    """Text wholly in Windows-1252 is read as before; text that is mostly UTF-8 is read a line at a time, the note
    naming the first lines read as Windows-1252 and counting them."""
    from deckcheck.decklist.reading import decode

    assert decode(data, "regs.csv") == (text, note)


def test_a_registration_with_an_empty_decklist_cell_keeps_its_player_s_name(tmp_path):
    """A player signed up without a list yet: the row said so but had lost the player's name, in every format."""
    table = tmp_path / "r3.csv"
    table.write_text('Player,Decklist\nBob,\nCarol,"1 Sol Ring\n1 Forest"\n', encoding="utf-8")
    code, out, _ = run_cli("batch", "--format", "json", str(table))
    bob, carol = json.loads(out)["decks"]
    assert (code, bob["path"], bob["name"], carol["name"]) == (2, f"{table}:2", "Bob", "Carol")
    assert [v["message"] for v in bob["violations"]] == ["no decklist in this row (an empty cell)"]
    code, out, _ = run_cli("batch", "--format", "csv", str(table))
    assert f"{table}:2,Bob," in out


def test_a_registration_without_a_commander_is_told_to_mark_it_not_to_use_an_option_batch_lacks(tmp_path):
    """A registered list with no commander marked: the message says how to mark one in the list. Before, it said
    "or use --commander", an option of `check` that `batch` does not take."""
    table = tmp_path / "r.csv"
    table.write_text('Player,Decklist\nBob,"1 Krenko, Mob Boss\n1 Sol Ring\n98 Mountain"\n', encoding="utf-8")
    code, out, _ = run_cli("batch", "--format", "json", str(table))
    (bob,) = json.loads(out)["decks"]
    (violation,) = bob["violations"]
    assert (code, violation["code"]) == (1, "no-commander")
    assert violation["message"] == ("the deck has no commander; mark it in the list, under a Commander header "
                                    "(Krenko, Mob Boss, in the list, could lead it)")

def test_a_registration_is_named_by_its_player_even_when_its_list_names_the_deck(tmp_path, store):
    """A player pastes an Arena export, whose "Name Abzan Armor" line names the deck: the row is still named by its
    player, in the file and from a DataFrame, as a deck object's own "name" wins over its text's. Before, the
    deck's name replaced the player's, and two players of one precon could not be told apart."""
    import pandas as pd

    from deckcheck.decklist import parse_text

    abzan = (TOURNAMENT.parent / "abzan-armor-tdc.txt").read_text(encoding="utf-8")
    pasted = "About\nName Abzan Armor\n\n" + abzan
    assert parse_text(pasted).name == "Abzan Armor"
    table = tmp_path / "signups.csv"
    with table.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["Player", "Decklist"])
        writer.writerows([["Ilse", pasted], ["Kai", pasted], ["Lena", abzan]])
    code, out, _ = run_cli("batch", "--format", "json", str(table))
    assert [d["name"] for d in json.loads(out)["decks"]] == ["Ilse", "Kai", "Lena"]
    rows = check_many(pd.read_csv(table), store=store)
    assert [r.report.name for r in rows] == ["Ilse", "Kai", "Lena"]
    (row,) = check_many([{"name": "Store night #3", "text": pasted}], store=store)
    assert row.report.name == "Store night #3"


def test_a_deck_object_s_player_names_it_as_the_same_registration_s_csv_row(tmp_path, store):
    """One registration exported as CSV (Player, Deck name, Decklist) and as JSON Lines (player, name, text): both
    are named by the player, a numeric player ID by its digits, and an archive's "player (event)" as before. Before,
    the deck object's "name" replaced its player in every output, and a number was no name."""
    deck = (TOURNAMENT / "07-gus-planeswalker-party.txt").read_text(encoding="utf-8")
    table = _csv_file(tmp_path / "regs.csv", [["Player", "Deck name", "Decklist"],
                                               ["Alice Moreau", "Guff Superfriends", deck]])
    lines = tmp_path / "regs.jsonl"
    lines.write_text("".join(json.dumps(record) + "\n" for record in (
        {"player": "Alice Moreau", "name": "Guff Superfriends", "text": deck}, {"player": 1042, "text": deck},
        {"player": "Mathieu Hautot", "event": "Demonic Tournament Commander #5 (Rouen)", "text": deck},
        {"player": " ", "name": "Guff Superfriends", "text": deck})), encoding="utf-8")
    assert [r.name for r in check_many([table, lines], store=store)] == [
        "Alice Moreau", "Alice Moreau", "1042", "Mathieu Hautot (Demonic Tournament Commander #5 (Rouen))",
        "Guff Superfriends"]
    code, out, _ = run_cli("batch", "--no-progress", "--format", "csv", str(lines))
    assert [row["name"] for row in csv.DictReader(io.StringIO(out.lstrip("\ufeff")))][:2] == ["Alice Moreau", "1042"]


@pytest.mark.parametrize("title", ["", "Spring Commander Night: registrations\n\n"], ids=["", "under-a-title"])
@pytest.mark.parametrize("cells", [["moxfield.com/decks/abc123", "archidekt.com/decks/998877"], ["", ""]],
                         ids=["links-without-https", "no-list-sent-yet"])
def test_a_table_of_registrations_is_told_by_links_without_their_scheme_or_by_its_header(tmp_path, cells, title):
    """A sign-up sheet whose decklist cells hold deck sites' links typed without "https://", or are all still
    empty (the first sign-ups): a row a player, saying what it holds, also under an organizer's title. Before, the
    whole file was read as one deck of unknown cards ("Timestamp,Player,Commander,Decklist" among them); under a
    title, a sheet with no list yet was, until its rows' shape was read."""
    table = tmp_path / "signups.csv"
    table.write_text(f"{title}Timestamp,Player,Commander,Decklist\n"
                     f"2026-03-01,Ann,Atraxa,{cells[0]}\n2026-03-01,Bob,Edgar Markov,{cells[1]}\n", encoding="utf-8")
    code, out, _ = run_cli("batch", "--format", "json", str(table))
    said = ("a web address, not a decklist (deckcheck fetches no deck pages: export the list from the site)"
            if cells[0] else "no decklist in this row (an empty cell)")
    rows = [(d["path"], d.get("name"), [v["message"] for v in d["violations"]]) for d in json.loads(out)["decks"]]
    first = 2 + title.count("\n")
    assert (code, rows) == (2, [(f"{table}:{first}", "Ann", [said]), (f"{table}:{first + 1}", "Bob", [said])])


@pytest.mark.parametrize("header", [["Timestamp", "Name", "Deck"], ["ID", "Name", "Category", "Decklist"]],
                         ids=["name-and-deck", "name-category-decklist"])
def test_a_sign_up_header_a_card_list_could_have_is_read_by_its_rows(tmp_path, store, header):
    """"Name" and "Deck" (or "Category") head a card list's columns too (a card and its section), and Microsoft
    Forms' export always has a "Name": a sheet whose decklist cells hold lists is registrations, a row a player.
    Before, it was one deck of unknown cards named by the players. A card list under the same header is one."""
    import csv

    names = ["01-alice-breed-lethality.txt", "04-dana-mystic-intellect.txt"]
    table = tmp_path / "signups.csv"
    with table.open("w", encoding="utf-8", newline="") as out:
        writer = csv.writer(out)
        writer.writerow(header)
        for i, (player, name) in enumerate(zip(["Alice", "Dana"], names)):
            writer.writerow([str(i + 1), player, *([""] * (len(header) - 3)),
                             (TOURNAMENT / name).read_text(encoding="utf-8")])
    rows = check_many([table], store=store)
    files = check_many([TOURNAMENT / n for n in names], store=store)
    assert [(r.path, r.name) for r in rows] == [(f"{table}:2", "Alice"), (f"{table}:3", "Dana")]
    assert [(r.legal, r.report.codes()) for r in rows] == [(r.legal, r.report.codes()) for r in files]
    cards = tmp_path / "cards.csv"
    cards.write_text("Count,Name,Deck\n1,\"Atraxa, Praetors' Voice\",Commander\n1,Sol Ring,Main\n", encoding="utf-8")
    (row,) = check_many([cards], store=store)
    assert (row.path, row.report.commanders, row.report.card_count) == (str(cards), ("Atraxa, Praetors' Voice",), 2)


def test_a_titled_sheet_saved_with_carriage_returns_keeps_its_rows(tmp_path, store):
    """Excel for Mac's "CSV (Macintosh)" ends rows with a carriage return alone, a cell's line breaks being line
    feeds: under a title, the rows are read from the header's, as its header was found. Before, the title was
    skipped to the first line feed, inside Alice's list, and its lines became rows."""
    import csv

    alice = (TOURNAMENT / "01-alice-breed-lethality.txt").read_text(encoding="utf-8")
    table = tmp_path / "signups.csv"
    with table.open("w", encoding="utf-8", newline="") as out:
        out.write("Spring Commander Night\r")
        csv.writer(out, lineterminator="\r").writerows([["Timestamp", "Player", "Decklist"],
                                                        ["2026-03-01", "Alice", alice], ["2026-03-01", "Bob", ""]])
    rows = check_many([table], store=store)
    (alone,) = check_many([TOURNAMENT / "01-alice-breed-lethality.txt"], store=store)
    assert [(r.path, r.name, r.unreadable) for r in rows] == [(f"{table}:3", "Alice", False),
                                                              (f"{table}:4", "Bob", True)]
    assert rows.results[0].report.codes() == alone.report.codes()


def test_a_titled_decklist_with_a_line_like_a_sign_up_header_is_one_deck(tmp_path, store):
    """Under a title, a line that reads as a sign-up sheet's header ("Player,Notes,Decklist") over lines that are no
    form's rows (one cell each, not the header's three) is a decklist, not a table of registrations."""
    alice = "".join(line for line in (TOURNAMENT / "01-alice-breed-lethality.txt").read_text(encoding="utf-8")
                    .splitlines(keepends=True) if not line.startswith("//"))  # its comments hold commas: cells
    deck = tmp_path / "deck.txt"
    deck.write_text("Alice's Atraxa\n\nPlayer,Notes,Decklist\n" + alice, encoding="utf-8")
    (row,) = check_many([deck], store=store)
    assert (row.path, row.unreadable, row.report.commanders) == (str(deck), False, ("Atraxa, Praetors' Voice",))


def test_a_microsoft_forms_export_names_its_players_by_the_form_s_question(tmp_path):
    """Microsoft Forms' export begins with its own columns, "Name" among them (the respondent's account: empty,
    or "anonymous", on an anonymous form), before the form's questions: the player is the question's answer
    ("Your name"). Before, every row was named "anonymous", or not at all."""
    table = tmp_path / "responses.csv"
    with table.open("w", encoding="utf-8", newline="") as out:
        writer = csv.writer(out)
        writer.writerow(["ID", "Start time", "Completion time", "Email", "Name", "Your name", "Decklist"])
        writer.writerow(["1", "3/1/26", "3/1/26", "anonymous", "anonymous", "Alice", "1 Sol Ring\n1 Forest\n"])
        writer.writerow(["2", "3/1/26", "3/1/26", "anonymous", "", "Bruno", "1 Sol Ring\n1 Island\n"])
    code, out, _ = run_cli("batch", "--format", "json", str(table))
    assert [d.get("name") for d in json.loads(out)["decks"]] == ["Alice", "Bruno"]


@pytest.mark.parametrize("column", ["Discord username", "Discord", "Arena nickname"])
def test_a_sign_up_sheet_names_its_players_by_their_account(tmp_path, column):
    """A community's form asks for the player's Discord (or Arena) account, not a name: each row is named by it.
    Before, "Discord username" was no player's column, and the rows had no name."""
    table = tmp_path / "responses.csv"
    with table.open("w", encoding="utf-8", newline="") as out:
        writer = csv.writer(out)
        writer.writerow(["Timestamp", column, "Commander", "Decklist"])
        writer.writerow(["3/1/26", "alice#1234", "Sol Ring", "1 Sol Ring\n1 Forest\n"])
    code, out, _ = run_cli("batch", "--format", "json", str(table))
    assert [d.get("name") for d in json.loads(out)["decks"]] == ["alice#1234"]


def test_a_row_that_leaves_the_player_s_name_empty_is_named_by_another_column_that_names_them(tmp_path):
    """A form's row with an empty "Full name" but its e-mail (or Discord account) given was a deck with no name in
    every report: the organizer could not tell whose it was. It is named by the next column naming the player, row
    by row; a row that fills none has none."""
    table = _csv_file(tmp_path / "responses.csv", [
        ["Timestamp", "Full name", "Email address", "Discord", "Decklist"],
        ["1", "Anna Berg", "anna@example.com", "annab", "1 Sol Ring\n1 Forest\n"],
        ["2", "", "mo@example.com", "mo#1", "1 Sol Ring\n1 Forest\n"],
        ["3", " ", "", "pia#2", "1 Sol Ring\n1 Forest\n"],
        ["4", "", "", "", "1 Sol Ring\n1 Forest\n"]])
    code, out, _ = run_cli("batch", "--format", "json", str(table))
    assert [d.get("name") for d in json.loads(out)["decks"]] == ["Anna Berg", "mo#1", "pia#2", None]
    # a column about the player's things is no name of theirs, even by a word that names an account ("nickname")
    table = _csv_file(tmp_path / "responses.csv", [
        ["Timestamp", "Full name", "Email address", "Deck nickname", "Playmat name", "Decklist"],
        ["1", "", "mo@example.com", "Big Butts", "Mo's mat", "1 Sol Ring\n1 Forest\n"]])
    code, out, _ = run_cli("batch", "--format", "json", str(table))
    assert [d.get("name") for d in json.loads(out)["decks"]] == ["mo@example.com"]


@pytest.mark.parametrize("header, row, player", [
    (["Player ID", "Player name"], ["100234", "Anna Berg"], "Anna Berg"),
    (["Player email", "Player name"], ["anna@example.com", "Anna Berg"], "Anna Berg"),
    (["Email Address", "Discord username"], ["anna@example.com", "annab"], "annab"),
    (["First name", "Last name"], ["Alex", "Smith"], "Alex Smith"),
    (["Given name", "Surname"], ["Alex", "Jones"], "Alex Jones"),
    (["Name", "Email"], ["Anna Berg", "anna@example.com"], "Anna Berg"),
    (["Player name (no nicknames)", "Player Discord"], ["Anna Berg", "annab"], "Anna Berg"),  # an instruction's "no"
    (["Player Discord", "Player name (as on your ID)"], ["annab", "Anna Berg"], "Anna Berg"),
    (["How many players in your pod?", "Name"], ["4", "Anna Berg"], "Anna Berg"),
    (["First and last name", "Last name of your favourite player?"], ["Anna Berg", "Finkel"], "Anna Berg"),
    (["Tournament player ID", "Name"], ["100234", "Anna Berg"], "Anna Berg"),
    (["Name", "Surname"], ["Anna", "Berg"], "Anna Berg"),
    (["Nom", "Prénom"], ["Berg", "Anne"], "Anne Berg"),
    (["Prénom", "Nom de famille"], ["Anne", "Berg"], "Anne Berg"),
    (["Nom du joueur", "Nom du deck"], ["Anne Berg", "Elfes"], "Anne Berg"),
    (["Vorname", "Nachname"], ["Anna", "Berg"], "Anna Berg"),
    (["Spieler", "E-Mail"], ["Anna Berg", "anna@example.com"], "Anna Berg"),
    (["Nombre", "Apellidos"], ["Ana", "García Ruiz"], "Ana García Ruiz"),
    (["Nome", "Cognome"], ["Anna", "Bianchi"], "Anna Bianchi"),
    (["Vorname", "Name"], ["Anna", "Berg"], "Anna Berg"),
    (["Nom", "Prénom", "Nom de famille"], ["Berg", "Anne", "Berg"], "Anne Berg"),
    (["Numéro de joueur", "Prénom", "Nom"], ["1234", "Anne", "Berg"], "Anne Berg"),
    (["Email", "Nom d'utilisateur Discord", "Prénom", "Nom"], ["a@b.fr", "anneb", "Anne", "Berg"], "Anne Berg"),
    (["Anzahl Spieler", "Name"], ["4", "Anna Berg"], "Anna Berg"),
    (["Correo electrónico", "Nombre de la baraja"], ["ana@example.es", "Elfos"], "ana@example.es"),
    (["Player email", "Team name"], ["anna@example.com", "The Goblins"], "anna@example.com"),
    (["Player ID", "Emergency contact name"], ["100234", "Maria Berg"], "100234"),
    (["Name", "Surname", "Is this your first event?"], ["Anna", "Berg", "No"], "Anna Berg"),
    (["Name", "Last name of your favourite player?"], ["Anna Berg", "Finkel"], "Anna Berg"),
])
def test_a_form_s_player_is_named_by_the_column_that_names_them_best(tmp_path, header, row, player):
    """Of two columns about the player, the one naming them by name, wherever it stands: "Player name" over a "Player
    ID" or "Player email" before it, a Discord account over an e-mail address; a first name and a last name asked
    apart make the name, in a form's own language too ("Prénom" and "Nom", "Vorname" and "Nachname"). Before, the
    first column of the best kind won: rows named "100234" or by an address, and two players named Alex alike; and
    a form in French, German, Spanish or Italian named no player."""
    table = _csv_file(tmp_path / "responses.csv", [["Timestamp", *header, "Decklist"],
                                                   ["1", *row, "1 Sol Ring\n1 Forest\n"]])
    code, out, _ = run_cli("batch", "--format", "json", str(table))
    assert [d.get("name") for d in json.loads(out)["decks"]] == [player]


@pytest.mark.parametrize("header", [
    ["Horodateur", "Nom", "Prénom", "Commandant", "Liste du deck"],
    ["Horodateur", "Adresse e-mail", "Nom", "Prénom", "Commandant", "Bracket du deck (1-5)", "Liste du deck"],
    ["Zeitstempel", "Vorname", "Nachname", "Kommandeur", "Deckliste"],
    ["Zeitstempel", "E-Mail-Adresse", "Name", "Vorname", "Kommandeur", "Bracket deines Decks", "Deckliste"],
    ["Marca temporal", "Nombre", "Apellidos", "Comandante", "Lista del mazo"],
    ["Marca temporal", "Nombre", "Apellidos", "Comandante", "Colores del mazo", "Lista del mazo"],
])
def test_a_form_in_another_language_names_its_players_commanders_and_lists(tmp_path, store, header):
    """An organizer's form written in French, German or Spanish: its columns for the player's names, the commander
    and the list are read as an English form's, a question about the deck before its list ("Bracket du deck",
    "Colores del mazo") no list. Before, the French and Spanish forms were no table of registrations (their lists
    one deck of unknown cards), and the German one named no player."""
    first = next(i for i, cell in enumerate(header) if cell in ("Prénom", "Vorname", "Nombre"))
    last = next(i for i, cell in enumerate(header) if cell in ("Nom", "Nachname", "Name", "Apellidos"))
    commander = next(i for i, cell in enumerate(header) if cell.startswith(("Comman", "Komman", "Comand")))
    rows = []
    for given, family, leader, deck in [("Alice", "Martin", "Atraxa, Praetors' Voice",
                                         _main_deck("01-alice-breed-lethality.txt")),
                                        ("Gus", "Weber", "", (TOURNAMENT / "07-gus-planeswalker-party.txt").read_text(
                                            encoding="utf-8"))]:
        row = ["x"] * len(header)
        row[first], row[last], row[commander], row[-1] = given, family, leader, deck
        rows.append(row)
    table = _csv_file(tmp_path / "inscriptions.csv", [header, *rows])
    alice, gus = check_many([table], store=store).results
    assert (alice.name, alice.report.commanders, alice.report.card_count, alice.legal) == (
        "Alice Martin", ("Atraxa, Praetors' Voice",), 100, True)
    assert (gus.name, gus.report.codes()) == ("Gus Weber", ["singleton"])


def test_a_table_of_registered_links_says_so_a_row_a_player(tmp_path):
    """Organizers often ask for a deck site's link instead of the list: each row then says deckcheck fetches
    no pages, named by its player in every format (before, the sheet was read as one deck of three unknown
    cards); a file or text holding only a link says the same."""
    import jsonschema

    table = tmp_path / "links.csv"
    table.write_text("Timestamp,Player,Decklist link\n"
                     "2026-11-01,Alice,https://www.moxfield.com/decks/abc123\n"
                     "2026-11-02,Bruno,\"" + (TOURNAMENT / "02-bruno-timey-wimey.txt").read_text(encoding="utf-8")
                     + "\"\n2026-11-03,Chen,www.archidekt.com/decks/123\n", encoding="utf-8")
    code, out, _ = run_cli("batch", "--format", "json", str(table))
    doc = json.loads(out)
    jsonschema.Draft202012Validator(load_schema()).validate(doc)
    rows = [(d["path"], d.get("name"), [v["message"] for v in d["violations"]]) for d in doc["decks"]]
    address = "a web address, not a decklist (deckcheck fetches no deck pages: export the list from the site)"
    assert code == 2 and rows == [(f"{table}:2", "Alice", [address]), (f"{table}:3", "Bruno", []),
                                  (f"{table}:4", "Chen", [address])]
    link = tmp_path / "link.txt"
    link.write_text("  https://www.moxfield.com/decks/abc123  \n", encoding="utf-8")
    assert run_cli("check", str(link)) == (2, "", f"deckcheck: error: {link}: {address}\n")


def test_a_form_asking_to_paste_an_export_names_its_decklist_column(tmp_path):
    """"Your 100 (paste the Moxfield export)" asks for the list without saying "deck" or "list": each row is a
    player's deck. Before, the sheet was read as one deck of every row's cards (405 cards, 55 errors)."""
    bruno = (TOURNAMENT / "02-bruno-timey-wimey.txt").read_text(encoding="utf-8")
    table = _csv_file(tmp_path / "responses.csv", [["Timestamp", "Player", "Your 100 (paste the Moxfield export)"],
                                                  ["2026-11-01", "Ann", bruno], ["2026-11-02", "Ben", bruno]])
    code, out, _ = run_cli("batch", "--format", "json", str(table))
    assert code == 0 and [(d["path"], d["name"], d["card_count"]) for d in json.loads(out)["decks"]] == [
        (f"{table}:2", "Ann", 100), (f"{table}:3", "Ben", 100)]


def test_a_zip_in_a_folder_is_read_and_a_header_row_met_again_is_no_deck(tmp_path):
    """A folder holding a form's responses downloaded as a zip beside other decklists: the zip's decks are read
    (before, the walk left it out unseen, and a folder of only the zip had "no decks"). A table whose header row
    comes again (two exports pasted one after the other) has no deck of that row (before, a deck named "Player"
    with unknown cards "Commander" and "Decklist")."""
    import zipfile

    bruno = (TOURNAMENT / "02-bruno-timey-wimey.txt").read_text(encoding="utf-8")
    folder = tmp_path / "registrations"
    (folder / "late").mkdir(parents=True)
    with zipfile.ZipFile(folder / "responses.zip", "w") as z:
        z.writestr("ann.txt", bruno)
        z.writestr("ben.txt", bruno)
    (folder / "late" / "cy.txt").write_text(bruno, encoding="utf-8")
    code, out, _ = run_cli("batch", "--format", "json", str(folder))
    assert code == 0 and [d["path"] for d in json.loads(out)["decks"]] == [
        str(folder / "late" / "cy.txt"), f"{folder / 'responses.zip'}/ann.txt", f"{folder / 'responses.zip'}/ben.txt"]
    table = _csv_file(tmp_path / "both.csv", [row for player in ("Ann", "Ben") for row in (["Player", "Decklist"],
                                                                                          [player, bruno])])
    code, out, _ = run_cli("batch", "--format", "json", str(table))
    assert code == 0 and [(d["path"], d["name"]) for d in json.loads(out)["decks"]] == [
        (f"{table}:2", "Ann"), (f"{table}:4", "Ben")]
    pandas = pytest.importorskip("pandas")  # the file's frame, read as the file is, indexed by its player or not
    assert [r.name for r in check_many(pandas.read_csv(table))] == ["Ann", "Ben"]
    assert [r.name for r in check_many(pandas.read_csv(table).set_index("Player"))] == ["Ann", "Ben"]


def test_a_form_asking_for_a_link_and_the_list_reads_the_list(tmp_path):
    """A form with an optional link question beside the pasted list ("Decklist link (Moxfield/Archidekt,
    optional)", "Decklist (paste the text export)"): the list's column is read, whichever comes first. Before,
    the link's column was, and every deck was unreadable (a web address; an empty cell)."""
    bruno = (TOURNAMENT / "02-bruno-timey-wimey.txt").read_text(encoding="utf-8")
    table = _csv_file(tmp_path / "responses.csv", [
        ["Timestamp", "Player", "Decklist link (Moxfield/Archidekt, optional)", "Decklist (paste the text export)"],
        ["2026-11-01", "Ann", "https://www.moxfield.com/decks/abc", bruno], ["2026-11-02", "Ben", "", bruno]])
    code, out, _ = run_cli("batch", "--format", "json", str(table))
    rows = [(d["path"], d.get("name"), d["legal"], d["card_count"]) for d in json.loads(out)["decks"]]
    assert code == 0 and rows == [(f"{table}:2", "Ann", True, 100), (f"{table}:3", "Ben", True, 100)]
    links = tmp_path / "links.csv"  # a form asking only for the link still reads that column
    links.write_text("Player,Link to your decklist\nAnn,https://www.moxfield.com/decks/abc\n", encoding="utf-8")
    code, out, _ = run_cli("batch", "--format", "json", str(links))
    assert code == 2 and "a web address" in json.loads(out)["decks"][0]["violations"][0]["message"]
    # a row that sent only the link, in a column of its own: it says so (before: an empty cell)
    only = tmp_path / "only.csv"  # (not a profile's link, nor a link cell holding none)
    only.write_text("Player,Discord profile link,Moxfield link,Decklist (paste)\n"
                    "Ann,https://discord.example/ann,https://www.moxfield.com/decks/abc,\n"
                    "Ben,https://discord.example/ben,N/A,\n", encoding="utf-8")
    code, out, _ = run_cli("batch", "--format", "json", str(only))
    assert [d["violations"][0]["message"] for d in json.loads(out)["decks"]] == [
        "a web address, not a decklist (deckcheck fetches no deck pages: export the list from the site)",
        "no decklist in this row (an empty cell)"]
    # a form's file question ("Upload your decklist": Google Forms keeps a Drive link) beside the pasted list: a row
    # that uploaded its list was "no decklist in this row (an empty cell)" (an organizer's review)
    uploaded = _csv_file(tmp_path / "uploaded.csv", [["Player", "Upload your decklist", "Decklist (paste)"],
                                                     ["Ann", "https://drive.google.com/open?id=1a2b", ""],
                                                     ["Ben", "", bruno], ["Cy", "", bruno]])
    code, out, _ = run_cli("batch", "--format", "json", str(uploaded))
    decks = json.loads(out)["decks"]
    assert decks[0]["violations"][0]["message"].startswith("a web address, not a decklist")
    assert [d["legal"] for d in decks] == [False, True, True]


def test_a_registration_longer_than_the_csv_module_s_cell_limit_is_read_with_those_after_it(tmp_path):
    """A decklist cell of more than 131,072 characters (the csv module's default limit: a list pasted with
    pages of notes) is read, and so are the rows after it. Before, the table ended there with a CSV error,
    the players after it missing from the report."""
    bruno = (TOURNAMENT / "02-bruno-timey-wimey.txt").read_text(encoding="utf-8")
    notes = "".join(f"// note {i}: {'why this card ' * 10}\n" for i in range(1500))
    assert len(notes) > 131_072
    table = _csv_file(tmp_path / "responses.csv", [["Player", "Decklist"], ["Long", notes + bruno], ["After", bruno]])
    limit = csv.field_size_limit()
    code, out, _ = run_cli("batch", "--format", "json", str(table))
    rows = [(d["path"], d.get("name"), d["legal"]) for d in json.loads(out)["decks"]]
    assert code == 0 and rows == [(f"{table}:2", "Long", True), (f"{table}:3", "After", True)]
    assert csv.field_size_limit() == limit  # the csv module's limit is left as it was


def test_a_form_s_own_questions_name_the_decklist_and_player_columns(tmp_path, store):
    """A form's questions are its header: "Paste your deck here" is the decklist and "Your name" the player,
    not "Deck name" or the e-mail address before them (before, the sheet was read as one deck)."""
    table = tmp_path / "Commander night (Responses).csv"
    with table.open("w", encoding="utf-8", newline="") as out:
        writer = csv.writer(out)
        writer.writerow(["Timestamp", "Email Address", "Your name", "Deck name", "Paste your deck here (MTGO format)"])
        decklist = (TOURNAMENT / "01-alice-breed-lethality.txt").read_text(encoding="utf-8")
        writer.writerow(["2026-11-01", "a@example.org", "Alice", "Counters", decklist])
    (row,) = check_many([table], store=store)
    assert (row.path, row.name, row.legal) == (f"{table}:2", "Alice", True)


@pytest.mark.parametrize("deck_question", ["Deck", "Which deck are you bringing?", "Deck archetype"])
def test_a_form_s_deck_question_beside_its_list_is_not_the_decklist(tmp_path, store, deck_question):
    """A form asking which deck a player brings ("Deck": its name) before the question for the list: the list's column
    is the one whose cells hold lists. Before, the "Deck" column was taken for the lists, no row held one there, and
    the whole sheet was read as one deck, its players gone (an organizer's review found it). A frame of the same
    responses (`pd.read_csv`) reads the same column."""
    table = tmp_path / "responses.csv"
    alice = (TOURNAMENT / "01-alice-breed-lethality.txt").read_text(encoding="utf-8")
    dana = (TOURNAMENT / "04-dana-mystic-intellect.txt").read_text(encoding="utf-8")
    with table.open("w", encoding="utf-8", newline="") as out:
        writer = csv.writer(out)
        writer.writerow(["Timestamp", "Player name", deck_question, "Paste your list here"])
        writer.writerow(["2026-11-01", "Alice", "Counters", alice])
        writer.writerow(["2026-11-02", "Dana", "Spellslinger", dana])
    expected = [("Alice", True, []), ("Dana", False, ["banned"])]
    rows = check_many([table], store=store)
    assert [(r.name, r.legal, r.report.codes()) for r in rows] == expected
    assert [r.path for r in rows] == [f"{table}:2", f"{table}:3"]
    pandas = pytest.importorskip("pandas")
    frame = check_many(pandas.read_csv(table), store=store)
    assert [(r.name, r.legal, r.report.codes()) for r in frame] == expected


def test_a_form_s_questions_about_the_format_and_answers_of_no_card_name_no_commanders(tmp_path, store):
    """A question that speaks of Commander without asking for one ("How long have you been playing Commander?", "I
    have read the Commander rules", "Commander deck name") is no commander's cell, and an optional cell answering no
    card in words of its own ("Nope", "N/A (no partner)", "I don't have one", "x") names none. Before, each answer was
    a commander no card is, and the deck's color identity was left unchecked, an off-color card unreported (an
    organizer's review found it)."""
    table = tmp_path / "responses.csv"
    dana = (TOURNAMENT / "04-dana-mystic-intellect.txt").read_text(encoding="utf-8")
    with table.open("w", encoding="utf-8", newline="") as out:
        writer = csv.writer(out)
        writer.writerow(["Player name", "Commander", "Partner (if any)", "Companion (if any)",
                         "How long have you been playing Commander?", "I have read the Commander rules",
                         "Commander deck name", "Decklist"])
        writer.writerow(["Alice", "", "Nope", "x", "since 2019", "I agree", "Counters",
                         (TOURNAMENT / "01-alice-breed-lethality.txt").read_text(encoding="utf-8")])
        for partner in ("N/A (no partner)", "I don't have one", "Not needed"):
            writer.writerow(["Dana", "Sevinne, the Chronoclasm", partner, "None!", "2 years", "Yes", "Spells", dana])
    rows = check_many([table], store=store)
    assert [(r.report.commanders, r.legal, r.report.codes()) for r in rows] == [
        (("Atraxa, Praetors' Voice",), True, [])] + [(("Sevinne, the Chronoclasm",), False, ["banned"])] * 3


def test_sign_ups_whose_lists_are_still_to_come_are_a_row_each(tmp_path, store):
    """A sheet of sign-ups none of whose decklist cells holds a list yet, some saying so ("TBD", "will send it
    tonight"): before, it was read as one deck of those answers, its players gone (an organizer's review). A row
    each now; "TBD" is no list yet, as an empty cell is. A decklist whose first line names a player and a deck
    ("Player: Alice, Deck: Atraxa"), read as such a sheet before, is a decklist."""
    table = tmp_path / "signups.csv"
    table.write_text("Player name,Commander,Decklist\nAnna,\"Atraxa, Praetors' Voice\",TBD\n"
                     "Ben,Edgar Markov,will send it by email tonight\nCara,Edgar Markov,\n", encoding="utf-8")
    rows = check_many([table], store=store)
    assert [(r.path, r.name, r.unreadable) for r in rows] == [
        (f"{table}:2", "Anna", True), (f"{table}:3", "Ben", True), (f"{table}:4", "Cara", True)]
    assert [r.report.violations[0].message for r in rows] == [
        'no decklist in this row (it says "TBD")', 'no decklist in this row (it says "will send it by email tonight")',
        "no decklist in this row (an empty cell)"]
    listed = tmp_path / "alice.txt"
    listed.write_text("Player: Alice, Deck: Atraxa\n" + _main_deck("01-alice-breed-lethality.txt"), encoding="utf-8")
    (deck,) = check_many([listed], store=store)
    assert (deck.path, deck.report.card_count) == (str(listed), 99)


def test_a_form_s_commander_cell_naming_one_of_the_list_s_pair_keeps_the_pair(tmp_path, store, capsys):
    """A form's one Commander cell naming one of the two commanders the list marks (its Partner cell left empty):
    the list's other commander went to the main deck, 45 color-identity errors for a legal deck (an organizer's
    review). The cell is short of the list's pair, not against it: both are kept. `--commander` still makes the
    commanders exactly those named."""
    lines = _main_deck("01-alice-breed-lethality.txt").splitlines()
    pair = ("Commander\n1 Thrasios, Triton Hero\n1 Tymna the Weaver\n\nDeck\n" + "\n".join(lines[2:] + ["1 Island"])
            + "\n")
    table = tmp_path / "registrations.csv"
    with table.open("w", encoding="utf-8", newline="") as out:
        writer = csv.writer(out)
        writer.writerow(["Player name", "Commander", "Partner (if any)", "Decklist"])
        writer.writerow(["Cleo", "Thrasios, Triton Hero", "", pair])
    (row,) = check_many([table], store=store)
    assert (row.legal, row.report.commanders) == (True, ("Thrasios, Triton Hero", "Tymna the Weaver"))
    assert any("its Tymna the Weaver, a pair with it, kept beside it" in note for note in row.report.notes)
    # two cards marked that are no pair (Mind Stone tagged a commander by mistake): the cell's commander alone, as
    # before (a first version kept any other marked card; a review found it)
    mistagged = "Commander\n1 Atraxa, Praetors' Voice\n1 Mind Stone\n\nDeck\n" + "\n".join(lines[1:]) + "\n"
    with table.open("w", encoding="utf-8", newline="") as out:
        writer = csv.writer(out)
        writer.writerow(["Player name", "Commander", "Partner (if any)", "Decklist"])
        writer.writerow(["Ann", "Atraxa, Praetors' Voice", "", mistagged])
    (row,) = check_many([table], store=store)
    assert (row.legal, row.report.commanders, row.report.card_count) == (True, ("Atraxa, Praetors' Voice",), 100)
    listed = tmp_path / "pair.txt"
    listed.write_text(pair, encoding="utf-8")
    code, out, _ = run_cli("check", "--format", "json", "--commander", "Thrasios, Triton Hero", str(listed))
    assert code == 1 and json.loads(out)["decks"][0]["commanders"] == ["Thrasios, Triton Hero"]


def test_a_form_s_columns_read_for_lists_as_the_header_ranks_them(tmp_path, store):
    """Which of a form's columns holds the lists is asked column by column, as the header ranks them, not row by row:
    a first row that sent only a link in the link's column, or a note in a question about the deck beside an empty
    list, made that column the lists' for every row, the lists pasted below read as empty (a review of a first
    version found both). A question that asks for the commander in words of its own is its cell; one about the
    deck's name, or the player's experience, is not."""
    alice = (TOURNAMENT / "01-alice-breed-lethality.txt").read_text(encoding="utf-8")
    dana = (TOURNAMENT / "04-dana-mystic-intellect.txt").read_text(encoding="utf-8")
    cases = [
        (["Player name", "Decklist (paste the text export)", "Decklist link (optional)"],
         [["Cleo", "", "https://moxfield.com/decks/abc123"], ["Alice", alice, ""], ["Dana", dana, ""]],
         [("Cleo", True, ["unreadable"]), ("Alice", False, []), ("Dana", False, ["banned"])]),
        (["Player name", "Decklist", "Anything we should know about your deck?"],
         [["Cleo", "", "It's my first deck\nbe gentle"], ["Alice", alice, ""]],
         [("Cleo", True, ["unreadable"]), ("Alice", False, [])]),
        (["Player name", "Name of your deck's commander", "Commander deck name", "Decklist"],
         [["Dana", "Krenko, Mob Boss", "Spells", dana]], None),
        (["Player name", "Commander & deck name", "Decklist"], [["Dana", "Krenko, Mob Boss", dana]], None),
        # every list sent as a link, beside a note of several lines: the links' column, each row a link (a second
        # review found the note read as a deck, the links as empty cells)
        (["Player name", "Decklist", "Anything we should know about your deck?"],
         [["Cleo", "https://moxfield.com/decks/abc123", "First tournament\nbe gentle"],
          ["Ed", "https://archidekt.com/decks/42", ""]],
         [("Cleo", True, ["unreadable"]), ("Ed", True, ["unreadable"])]),
    ]
    for number, (header, rows, expected) in enumerate(cases):
        table = tmp_path / f"form-{number}.csv"
        with table.open("w", encoding="utf-8", newline="") as out:
            csv.writer(out).writerows([header, *rows])
        found = check_many([table], store=store)
        if expected is None:  # Krenko is the commander: the list's blue and white cards are off-color
            (dana_row,) = found
            assert dana_row.report.commanders == ("Krenko, Mob Boss",) and "color-identity" in dana_row.report.codes()
        else:
            assert [(r.name, r.unreadable, r.report.codes()) for r in found] == expected
    many = tmp_path / "many.csv"  # 1,500 sign-ups, no list yet: the head read ends inside a row (a second review)
    with many.open("w", encoding="utf-8", newline="") as out:
        writer = csv.writer(out)
        writer.writerow(["Timestamp", "Email Address", "Player name", "Commander", "Decklist"])
        writer.writerows([f"2025/03/01 10:{n % 60:02d}:00 PM GMT", f"p{n}@example.com", f"Player {n}", "Edgar Markov",
                          ""] for n in range(1500))
    assert len(many.read_bytes()) > 1 << 16
    found = check_many([many], store=store)
    assert len(found) == 1500 and all(r.unreadable for r in found)
    ragged = tmp_path / "ragged.csv"  # sign-ups typed by hand, their empty cells left off: a row each
    ragged.write_text("Player name,Commander,Decklist\nAlice,\"Atraxa, Praetors' Voice\"\nBob,\"Krenko, Mob Boss\",\n",
                      encoding="utf-8")
    assert [(r.name, r.unreadable) for r in check_many([ragged], store=store)] == [("Alice", True), ("Bob", True)]


def test_a_player_who_registered_twice_is_said_on_each_row(tmp_path, store):
    """A form sent again (Google Forms keeps every response): both rows were decks with no word, and the totals
    counted the player twice (an organizer's review). Each of the player's rows now says which rows are theirs; a
    player named once gets no such note."""
    table = tmp_path / "responses.csv"
    alice = (TOURNAMENT / "01-alice-breed-lethality.txt").read_text(encoding="utf-8")
    with table.open("w", encoding="utf-8", newline="") as out:
        writer = csv.writer(out)
        writer.writerow(["Timestamp", "Email Address", "Player name", "Decklist"])
        writer.writerow(["2025/03/01 10:00", "alice@example.com", "Alice Andersson", alice])
        writer.writerow(["2025/03/01 11:00", "dana@example.com", "Dana", alice])
        writer.writerow(["2025/03/02 09:00", "alice@example.com", "alice andersson ", alice])
    rows = check_many([table], store=store)
    said = "sent 2 registrations, on rows 2, 4 of the table: which one stands is the organizer's call"
    assert [any(said in note for note in r.report.notes) for r in rows] == [True, False, True]
    # a player who sent it 30 times: the first ten rows named (a second review found every row listed, a report
    # growing with the square of the rows)
    with table.open("w", encoding="utf-8", newline="") as out:
        writer = csv.writer(out)
        writer.writerow(["Timestamp", "Player name", "Decklist"])
        writer.writerows([f"2025/03/01 10:{n:02d}:00", "Bob", alice] for n in range(30))
    notes = [note for r in check_many([table], store=store) for note in r.report.notes if "registrations" in note]
    assert len(notes) == 30 and notes[0].startswith(
        "Bob sent 30 registrations, on rows 2, 3, 4, 5, 6, 7, 8, 9, 10, 11 and 20 more of the table")
    # a frame of an archive's decks saved by to_csv: a player's decks of several events are no registrations sent again
    pandas = pytest.importorskip("pandas")
    archive = tmp_path / "archive.csv"
    pandas.DataFrame({"event": ["Week 1", "Week 2"], "player": ["Bob", "Bob"],
                      "commander": [["Atraxa, Praetors' Voice"]] * 2,
                      "decklist": [[line for line in alice.splitlines()[3:] if line]] * 2}).to_csv(archive, index=False)
    decks = check_many([archive], store=store)
    assert len(decks) == 2 and not any("registrations" in note for r in decks for note in r.report.notes)


def test_a_zip_beside_the_folder_it_was_unzipped_to_is_said(tmp_path):
    """An organizer's folder holding the registrations' zip and the folder it was unzipped to: every deck was a row
    twice, the totals doubled, and nothing said so (an organizer's review). Each decklist that is a copy of one met
    before (the same name and bytes, in a folder of the same name but for the zip's ending or a copy's mark) is now
    said, and still checked. Two players' `alice/deck.txt` and `bob/deck.txt` of the same bytes (one netdeck), a list
    of the same bytes under another name, or of the same name and other bytes, are no copies."""
    import zipfile

    folder = tmp_path / "event"
    shutil.copytree(TOURNAMENT, folder / "regs")
    with zipfile.ZipFile(folder / "regs.zip", "w") as archive:
        for deck in sorted(TOURNAMENT.glob("0[1-4]*.txt")):
            archive.write(deck, deck.name)
        archive.writestr("05-other-bytes.txt", "1 Sol Ring\n")  # a name it shares, other bytes
    (folder / "regs" / "05-other-bytes.txt").write_text("1 Arcane Signet\n", encoding="utf-8")
    code, out, err = run_cli("batch", "--format", "json", "--no-progress", str(folder))
    report = json.loads(out)
    assert report["summary"]["decks"] == len(EXPECTED) + 1 + 5  # every deck is still a row
    copies = [note for note in report["notes"] if "copies of" in note]
    assert len(copies) == 1 and copies[0].startswith("4 decklists are copies of others read before (the same name and "
                                                     "bytes")
    # (the walk is in name order: the folder's files are met first)
    assert f"{folder}/regs.zip/01-alice-breed-lethality.txt (of {folder}/regs/01-alice-breed-lethality.txt)" in \
        copies[0] and "and 1 more; each is checked and counted" in copies[0] and "05-other-bytes" not in copies[0]
    shutil.copy(TOURNAMENT / "01-alice-breed-lethality.txt", tmp_path / "alice-again.txt")  # same bytes, another name
    code, out, err = run_cli("batch", "--format", "csv", "--no-progress",
                             str(TOURNAMENT / "01-alice-breed-lethality.txt"), str(tmp_path / "alice-again.txt"),
                             str(folder / "regs" / "02-bruno-timey-wimey.txt"), str(folder / "regs.zip"))
    assert f"note: {folder}/regs.zip/02-bruno-timey-wimey.txt: a copy of {folder}/regs/02-bruno-timey-wimey.txt " \
           "(the same name and bytes; a zip beside the folder it was unzipped to?); both are checked and counted" in err
    assert "alice-again" not in err and err.count("a copy of") == 1  # (the tournament folder's alice is in no "regs")
    netdeck = tmp_path / "netdeck"  # two players sent one list: no copy (a review of the first version said so)
    for player in ("alice", "bob"):
        (netdeck / player).mkdir(parents=True)
        shutil.copy(TOURNAMENT / "01-alice-breed-lethality.txt", netdeck / player / "deck.txt")
    code, out, err = run_cli("batch", "--format", "csv", "--no-progress", str(netdeck))
    assert len(out.splitlines()) == 3 and "copy" not in err


def test_a_player_registered_in_two_tables_is_said(tmp_path, store):
    """The form's table given beside the late sign-ups' (or the same table saved twice): a player registered in both
    was two rows with no word, where one table's repeats were said. Now the batch's notes name them with their tables
    and rows, every row of each (the first version named a table's first row only: an organizer's review); each
    registration is still checked."""
    alice = (TOURNAMENT / "01-alice-breed-lethality.txt").read_text(encoding="utf-8")
    form = _csv_file(tmp_path / "form.csv", [["Player name", "Decklist"], ["Alice Andersson", alice], ["Bob", alice],
                                             ["Alice Andersson", alice]])
    late = _csv_file(tmp_path / "late.csv", [["Player name", "Decklist"], ["Dana", alice], [" alice andersson", alice]])
    report = check_many([form, late], store=store)
    assert len(report) == 5
    assert [note for note in report.notes if "registered in" in note] == [
        f"Alice Andersson: registered in 2 tables ({form}:2, 4; {late}:3); each registration is checked and counted: "
        "which one stands is the organizer's call"]
    assert not [note for note in check_many([form], store=store).notes if "registered in" in note]
    # a deck object given beside the table, or two, is no table's row (the first version took them for tables)
    objects = check_many([form, {"player": "Alice Andersson", "text": alice}, {"player": "Bob", "text": alice,
                                                                               "path": "C:\\decks\\bob.txt"}],
                         store=store)
    assert len(objects) == 5 and not [note for note in objects.notes if "registered in" in note]
    four = _csv_file(tmp_path / "four.csv", [["Player name", "Decklist"], *([name, alice] for name in "ABCD")])
    again = tmp_path / "four (1).csv"  # a browser's second download of a table: one note for its players
    shutil.copy(four, again)
    code, out, err = run_cli("batch", "--format", "csv", "--no-progress", str(four), str(again))
    assert f"note: 4 players registered in more than one table ({four}, {again}; the same table twice?): " \
           "A, B, C and 1 more; each registration is checked and counted" in err and err.count("note:") == 1


def _main_deck(name: str) -> str:
    """A tournament decklist's main deck alone: the lines after its "Deck" header."""
    return (TOURNAMENT / name).read_text(encoding="utf-8").split("\nDeck\n", 1)[1]


def test_a_form_s_commander_and_partner_columns_name_the_commanders(tmp_path, store):
    """Forms often ask for the commander apart from the list: the Commander and Partner cells are the deck's
    commanders, as `--commander` makes them, whether the list holds them too or not; a "Commander bracket"
    column is no commander, and nor is a cell answering none ("N/A", "No"; before, "N/A" gave commanders "N" and
    "A"). Before, such lists were 98- or 99-card decks with no commander. A deck object's "commander" beside its
    "text" does the same."""
    table = tmp_path / "registrations.csv"
    with table.open("w", encoding="utf-8", newline="") as out:
        writer = csv.writer(out)
        writer.writerow(["Timestamp", "Player", "Commander", "Partner (if any)", "Commander bracket", "Decklist"])
        alice = _main_deck("01-alice-breed-lethality.txt")
        writer.writerow(["1", "Alice", "Atraxa, Praetors' Voice", "N/A", "3", alice])
        writer.writerow(["2", "Bruno", "The Tenth Doctor", "Rose Tyler", "2", _main_deck("02-bruno-timey-wimey.txt")])
        writer.writerow(["3", "Dana", "Sevinne, the Chronoclasm", "No", "4",
                         (TOURNAMENT / "04-dana-mystic-intellect.txt").read_text(encoding="utf-8")])
        writer.writerow(["4", "Emeka", "Edgar Markov + Atraxa, Praetors' Voice", "", "", "1 Sol Ring\n1 Swamp\n"])
        writer.writerow(["5", "Farah", "Tymna the Weaver / Thrasios, Triton Hero", "", "", "1 Sol Ring\n"])
        writer.writerow(["6", "Gus", "Fire // Ice", "", "", "1 Sol Ring\n"])
    rows = check_many([table], store=store)
    assert [(r.name, r.report.commanders, r.report.card_count, r.report.codes()) for r in rows] == [
        ("Alice", ("Atraxa, Praetors' Voice",), 100, []),
        ("Bruno", ("The Tenth Doctor", "Rose Tyler"), 100, []),
        ("Dana", ("Sevinne, the Chronoclasm",), 100, ["banned"]),  # its list marks it too: not doubled
        ("Emeka", ("Edgar Markov", "Atraxa, Praetors' Voice"), 4, ["deck-size", "commander-pair"]),
        ("Farah", ("Tymna the Weaver", "Thrasios, Triton Hero"), 3, ["deck-size"]),
        ("Gus", ("Fire // Ice",), 2, ["deck-size", "commander-ineligible"]),
    ]
    assert rows.results[0].report.notes == (
        "commander given beside the list: Atraxa, Praetors' Voice is not in the list; added as commander",)
    (record,) = check_many([{"player": "Alice", "commander": "Atraxa, Praetors' Voice",
                             "text": _main_deck("01-alice-breed-lethality.txt")}], store=store)
    assert (record.name, record.legal, record.report.card_count) == ("Alice", True, 100)
    (many,) = check_many([{"text": "1 Sol Ring\n", "commander": [f"Name {i}" for i in range(20_000)]}], store=store)
    assert many.unreadable and many.report.violations[0].message == (
        '"commander" names 20,000 cards, more than the 8 commanders a deck may be given beside its list')


def test_a_form_s_commander_cell_joining_words_is_read_apart_only_into_cards(tmp_path, store):
    """A Commander cell is read before the cards are known: it was split at every " & ", " + " and slash, so a card
    whose name holds one ("Sword of Dungeons & Dragons", "Minsc & Boo, Timeless Heroes") was two unknown names, and
    the list's own commander was kept. The cell is now read apart only where each part is a card, as `--commander`
    reads it; a part the list holds is the list's copy, one it does not is added. A part that answers none ("/ none",
    "+ N/A") is no commander."""
    felothar = (PROJECT / "data" / "examples" / "abzan-armor-tdc.txt").read_text(encoding="utf-8")
    form = tmp_path / "form.csv"
    with form.open("w", newline="", encoding="utf-8") as out:
        csv.writer(out).writerows([
            ["Player", "Commander", "Decklist"],
            ["Ann", "Sword of Dungeons & Dragons", felothar],
            ["Bob", "Tymna the Weaver & Thrasios, Triton Hero", "1 Tymna the Weaver\n1 Sol Ring\n97 Plains\n"],
            ["Cy", "Tymna the Weaver\nThrasios, Triton Hero", "1 Sol Ring\n"],
            ["Dee", "Tymna the Weaver / none", "1 Sol Ring\n"],
            ["Eve", "Tymna the Weaver + N/A", "1 Sol Ring\n"],
            ["Flo", "Frodo, Adventurous Hobbit & Sam, Loyal Atendant", "1 Sol Ring\n"]])
    ann, bob, cy, dee, eve, flo = check_many([form], store=store).results
    assert ann.report.commanders == ("Sword of Dungeons & Dragons",)
    assert "commander-ineligible" in ann.report.codes() and "unknown-card" not in ann.report.codes()
    assert (bob.report.commanders, bob.report.card_count) == (("Tymna the Weaver", "Thrasios, Triton Hero"), 100)
    assert bob.report.notes == (
        "commander given beside the list: Tymna the Weaver & Thrasios, Triton Hero read as 2 commanders: Tymna the "
        "Weaver; Thrasios, Triton Hero",
        "commander given beside the list: Thrasios, Triton Hero is not in the list; added as commander")
    assert bob.legal
    assert (cy.report.commanders, cy.report.card_count) == (("Tymna the Weaver", "Thrasios, Triton Hero"), 3)
    assert dee.report.commanders == eve.report.commanders == ("Tymna the Weaver",)  # (a part that answers none)
    # one card and one misspelt: read apart, the misspelt one an unknown card with its close names
    assert flo.report.commanders == ("Frodo, Adventurous Hobbit", "Sam, Loyal Atendant")
    assert flo.report.codes().count("unknown-card") == 1 and "Sam, Loyal Attendant" in flo.report.violations[0].message


def test_a_to_csv_file_of_deck_objects_is_read_as_its_json_lines(tmp_path, store):
    """Deck objects saved by pandas' `to_csv` (`index=False`): a row whose list is in "text" beside others' lists in
    "decklist", a companion column of lists written as text ("['Lurrus of the Dream-Den']", "[]"), and a row cut
    short: each is the deck its JSON line is. A table of registrations with a "sideboard" column stays one, a row a
    registration, however its sideboard cell is filled. Before: "text" rows had no list, the companion was the
    unknown card "['Lurrus of the Dream-Den']" and "[]" a line, and a row cut short stopped the batch with a
    traceback."""
    pandas = pytest.importorskip("pandas")
    alice = [line for line in _main_deck("01-alice-breed-lethality.txt").splitlines() if line[:1].isdigit()]
    gus = (TOURNAMENT / "07-gus-planeswalker-party.txt").read_text(encoding="utf-8")
    decks = [{"player": "Alice", "commander": ["Atraxa, Praetors' Voice"], "decklist": alice, "companion": []},
             {"player": "Gus", "text": gus},
             {"player": "Ada", "commander": ["Atraxa, Praetors' Voice"], "decklist": alice,
              "companion": ["Lurrus of the Dream-Den"]}]
    lines = tmp_path / "decks.jsonl"
    lines.write_text("".join(json.dumps(deck) + "\n" for deck in decks), encoding="utf-8")
    saved = tmp_path / "decks.csv"
    pandas.read_json(lines, lines=True, dtype=False).to_csv(saved, index=False)
    seen = [(r.name, r.legal, r.report.card_count, r.report.codes()) for r in check_many([saved], store=store)]
    assert seen == [(r.name, r.legal, r.report.card_count, r.report.codes()) for r in check_many([lines], store=store)]
    assert seen[:2] == [("Alice", True, 100, []), ("Gus", False, 100, ["singleton"])] and seen[2][3] == ["companion"]
    short = _csv_file(tmp_path / "short.csv", [["player", "commander", "decklist", "sideboard"],
                                               ["Alice", "Atraxa, Praetors' Voice", "\n".join(alice), "1 Counterspell"],
                                               ["Gus", "", gus]])
    rows = check_many([short], store=store).results
    assert [(r.name, r.report.card_count, r.report.codes()) for r in rows] == [
        ("Alice", 100, []), ("Gus", 100, ["singleton"])]  # (a registration reads its list, not its sideboard cell)


def test_a_form_s_commander_cell_written_as_a_decklist_line_is_its_card(tmp_path, store):
    """A Commander cell pasted from a list ("1 Edgar Markov", "Edgar Markov (C17) 36", "1x Edgar Markov *F*") is
    the card, as a decklist line of it is, and the deck is checked under it: here its Counterspell is outside
    the identity. Before, the cell was an unknown card, and the deck's identity went unchecked."""
    emeka = _main_deck("05-emeka-vampiric-bloodlust.txt")
    table = tmp_path / "registrations.csv"
    with table.open("w", encoding="utf-8", newline="") as out:
        writer = csv.writer(out)
        writer.writerow(["Player", "Commander", "Companion", "Decklist"])
        for player, cell in (("A", "1 Edgar Markov"), ("B", "Edgar Markov (C17) 36"), ("C", "1x Edgar Markov *F*"),
                             ("D", "Edgar Markov")):
            writer.writerow([player, cell, "", emeka])
        writer.writerow(["E", "1 Tymna the Weaver and 1 Thrasios, Triton Hero", "1 Lutri, the Spellchaser (C20) 2",
                         "1 Sol Ring\n"])
    rows = list(check_many([table], store=store))
    assert [(r.name, r.report.commanders, r.report.color_identity, r.report.codes()) for r in rows[:4]] == [
        (player, ("Edgar Markov",), "WBR", ["color-identity"]) for player in "ABCD"]
    assert (rows[4].report.commanders, rows[4].report.companion) == (
        ("Tymna the Weaver", "Thrasios, Triton Hero"), "Lutri, the Spellchaser")


def _one_line_form(tmp_path, answers: list[tuple[str, str, str]]):
    """A sign-up form's responses as CSV, its decklist question one line: (player, commander, decklist) rows."""
    table = tmp_path / "registrations.csv"
    with table.open("w", encoding="utf-8", newline="") as out:
        writer = csv.writer(out)
        writer.writerow(["Player", "Commander", "Decklist (one line)"])
        writer.writerows(answers)
    return table


def test_a_form_s_one_line_answers_are_decklists_of_entries_run_together(tmp_path, store):
    """A form whose decklist question takes one line ("Short answer"): players type the list as entries run
    together, "1 Sol Ring, 1 Arcane Signet, ...". Each row is its deck, with the verdicts of the same list
    written a line an entry. Before, the sheet was no table of registrations (no cell held a line break) and
    was read as one deck of unknown cards named after whole rows."""
    answers, lists = [], []
    for player, name in (("Alice", "01-alice-breed-lethality.txt"), ("Chen", "03-chen-food-and-fellowship.txt")):
        entries = [line for line in (TOURNAMENT / name).read_text(encoding="utf-8").splitlines() if line[:1].isdigit()]
        answers.append((player, "", ", ".join(entries[:40]) + "; " + "; ".join(entries[40:])))
        lists.append(tmp_path / name)
        lists[-1].write_text("\n".join(entries) + "\n", encoding="utf-8")
    table = _one_line_form(tmp_path, answers)
    rows = check_many([table], store=store)
    assert [(r.path, r.name) for r in rows] == [(f"{table}:2", "Alice"), (f"{table}:3", "Chen")]
    assert [(r.report.card_count, r.report.codes()) for r in rows] == [
        (r.report.card_count, r.report.codes()) for r in check_many(lists, store=store)]
    assert rows.results[0].report.card_count == 100 and rows.results[0].report.codes() == ["no-commander"]


@pytest.mark.parametrize("joint", [", ", " "])
def test_a_form_s_one_line_answers_of_card_names_run_together_are_the_decks(joint: str, tmp_path, store):
    """The same one-line answers typed as card names alone, separated by commas (a card written once per copy,
    some names holding commas of their own), or as a list's lines whose breaks the one-line field made spaces
    ("1 Sol Ring 1 Arcane Signet ..."), the commanders in the form's Commander column. Each row is its deck,
    with the verdicts of its list written a line an entry (before: one unknown card, or a line too long to be
    read, and the sheet of lines made spaces no table of registrations)."""
    answers, lists = [], []
    for player, name in (("Alice", "01-alice-breed-lethality.txt"), ("Dana", "04-dana-mystic-intellect.txt")):
        text = (TOURNAMENT / name).read_text(encoding="utf-8")
        lines = text.split("\nDeck\n")[1].splitlines()
        cards = [line.split(" ", 1)[1] for line in lines if line[:1].isdigit() for _ in range(int(line.split()[0]))]
        commander = text.split("Commander\n")[1].splitlines()[0].split(" ", 1)[1]
        answers.append((player, commander, joint.join(cards if joint == ", " else (f"1 {card}" for card in cards))))
        lists.append(tmp_path / name)
        lists[-1].write_text(f"Commander\n1 {commander}\n\nDeck\n" + "\n".join(lines) + "\n", encoding="utf-8")
    table = _one_line_form(tmp_path, answers)
    rows = check_many([table], store=store)
    assert [(r.path, r.name) for r in rows] == [(f"{table}:2", "Alice"), (f"{table}:3", "Dana")]
    assert [(r.report.card_count, r.report.codes(), r.report.commanders) for r in rows] == [
        (r.report.card_count, r.report.codes(), r.report.commanders) for r in check_many(lists, store=store)]
    assert [(r.report.card_count, r.report.codes()) for r in rows] == [(100, []), (100, ["banned"])]


def test_a_table_of_registrations_after_excel_s_separator_line_keeps_its_row_numbers(tmp_path, store):
    """Registrations kept in Excel and exported with its "sep=;" first line (semicolons, as in much of Europe):
    the table was read as one deck. Each row is its deck, labelled by its row in the sheet, as Excel shows it
    (the separator line is none of its rows)."""
    names = ["01-alice-breed-lethality.txt", "04-dana-mystic-intellect.txt"]
    table = tmp_path / "registrations.csv"
    with table.open("w", encoding="utf-8", newline="") as out:
        out.write("sep=;\r\n")
        writer = csv.writer(out, delimiter=";")
        writer.writerow(["Player", "Decklist"])
        for player, name in zip(("Alice", "Dana"), names):
            writer.writerow([player, (TOURNAMENT / name).read_text(encoding="utf-8")])
    rows = check_many([table], store=store)
    assert [(r.path, r.name) for r in rows] == [(f"{table}:2", "Alice"), (f"{table}:3", "Dana")]
    assert [(r.legal, r.report.codes()) for r in rows] == [
        (r.legal, r.report.codes()) for r in check_many([TOURNAMENT / n for n in names], store=store)]


def test_a_commander_named_in_short_or_without_punctuation_is_the_list_s_card(tmp_path, store):
    """Players answer a form's Commander question as they say it ("Atraxa", "atraxa praetors voice"): the one
    card of the list so named is the commander, and a note says how the name was read. Before, the list's own
    commander went to the main deck and an unknown "Atraxa" was added (101 cards, an unknown card). Of two cards
    of the list so named, the one the list marks its commander is (before, neither: a list heading Atarka, World
    Render with its Atarka Monument below was 101 cards with an unknown "Atarka"); with neither marked, the name
    stays as given. A name no card has, misspelt, is the list's card spelt closest to it; else, beside a list that
    marks its own commander, that commander is kept."""
    alice = (TOURNAMENT / "01-alice-breed-lethality.txt").read_text(encoding="utf-8")
    main = _main_deck("01-alice-breed-lethality.txt")
    grand = "1 Atraxa, Grand Unifier"
    table = tmp_path / "registrations.csv"
    with table.open("w", encoding="utf-8", newline="") as out:
        writer = csv.writer(out)
        writer.writerow(["Player", "Commander", "Decklist"])
        writer.writerow(["Ann", "Atraxa", alice])
        writer.writerow(["Bea", "atraxa praetors voice", main])
        writer.writerow(["Cy", "Atraxa", alice.replace("1 Thrummingbird", grand)])
        writer.writerow(["Di", "Atraxa", "1 Atraxa, Praetors' Voice\n" + main.replace("1 Thrummingbird", grand)])
        writer.writerow(["Ed", "Atraxa, Praetors Voise", "1 Atraxa, Praetors' Voice\n" + main])
        writer.writerow(["Flo", "four-color counters", alice])
        writer.writerow(["Gus", "four-color counters", main])
    ann, bea, cy, di, ed, flo, gus = check_many([table], store=store)
    assert (ann.report.commanders, ann.report.card_count, ann.legal) == (("Atraxa, Praetors' Voice",), 100, True)
    assert ann.report.notes == (
        "commander given beside the list: Atraxa read as Atraxa, Praetors' Voice, the list's card so named",)
    for deck in (bea, cy, ed, flo):
        assert (deck.report.commanders, deck.report.card_count, deck.legal) == (
            ("Atraxa, Praetors' Voice",), 100, True), deck.name
    assert di.report.commanders == ("Atraxa",) and "unknown-card" in di.report.codes()
    assert ed.report.notes == ("commander given beside the list: Atraxa, Praetors Voise is no card's name; read as "
                               "Atraxa, Praetors' Voice, the list's card spelt closest",)
    assert flo.report.notes == ("commander given beside the list: four-color counters is no card's name; the list's "
                                "own commander Atraxa, Praetors' Voice kept",)
    assert gus.report.commanders == ("four-color counters",) and gus.report.card_count == 100
    assert "unknown-card" in gus.report.codes()
    code, out, _ = run_cli("check", "--commander", "atraxa", str(TOURNAMENT / "01-alice-breed-lethality.txt"))
    assert code == 0 and "legal: 100 cards, Atraxa, Praetors' Voice" in out
    for given in ("Atraxa, Praetors Voise", "four-color counters"):
        code, out, _ = run_cli("check", "--commander", given, str(TOURNAMENT / "01-alice-breed-lethality.txt"))
        assert code == 0 and "legal: 100 cards, Atraxa, Praetors' Voice" in out and "moved" not in out, given
    # another card misspelt, given to check the list with: that card, unknown, not the list's own commander (before,
    # the name was left out and the deck judged by its own: legal, where the card spelt right makes it illegal)
    misspelt = "Anafenza, Kin-Tree Spirt"
    code, out, _ = run_cli("check", "--commander", misspelt, str(TOURNAMENT / "01-alice-breed-lethality.txt"))
    assert code == 1 and f'unknown card "{misspelt}", a commander' in out and "Anafenza, Kin-Tree Spirit" in out
    (row,) = check_many([TOURNAMENT / "01-alice-breed-lethality.txt"], store=store, commanders=misspelt)
    assert row.report.commanders == (misspelt,) and not row.legal


def _alice_under(header: str) -> str:
    """Alice's list as a post writes it: `header` first, where the list's Commander section was, then its deck,
    which holds the commander too."""
    alice = (TOURNAMENT / "01-alice-breed-lethality.txt").read_text(encoding="utf-8")
    leader = "Commander\n1 Atraxa, Praetors' Voice\n\nDeck\n"
    assert leader in alice
    text = alice.replace(leader, f"{header}\n\nDeck\n1 Atraxa, Praetors' Voice\n")
    return text[text.index(header):]


@pytest.mark.parametrize("header, line", [("**Commander:** Atraxa", 1), ("Commander\n1 Atraxa", 2),
                                          ("1 Atraxa (Commander)", 1), ("1 Atraxa *CMDR*", 1)])
def test_a_commander_the_list_marks_in_short_is_the_list_s_card(header, line, store):
    """A post names its commander in short above the whole list ("**Commander:** Atraxa", then a list holding
    Atraxa, Praetors' Voice): the list's card so named is the commander, as `--commander Atraxa` reads it,
    its listed copy taken as the commander, and a note says how the name was read. Before, "Atraxa" was an unknown
    card counted beside the list's own copy (101 cards, identity colorless). Two cards of the list so named leave
    the name as written, as for `--commander`."""
    text = _alice_under(header)
    (row,) = check_many([text], store=store)
    assert (row.report.commanders, row.report.card_count, row.legal) == (("Atraxa, Praetors' Voice",), 100, True)
    assert row.report.notes == (
        f"line {line}: commander Atraxa read as Atraxa, Praetors' Voice, the list's card so named",)
    (row,) = check_many([text.replace("1 Thrummingbird", "1 Atraxa, Grand Unifier")], store=store)
    assert row.report.commanders == ("Atraxa",) and "unknown-card" in row.report.codes()


@pytest.mark.parametrize("label, line", [
    ("**Commander:** Atraxa, Praetors' Voice", 1), ("Commander: Atraxa, Praetors' Voice", 1),
    ("**Commander: Atraxa, Praetors' Voice**", 1), ("Commander - atraxa, praetors' voice", 1),
    ("Commander\nAtraxa, Praetors' Voice", 2), ("## Commander\nAtraxa, Praetors' Voice (Commander)", 2)])
def test_a_commander_labelled_by_its_full_name_above_a_list_holding_it_is_the_list_s_copy(label, line, store):
    """A post labels its commander by its full name above the whole list, which holds the card as well, after a
    prefix or under a Commander header, with no count: the label and the listed copy are one card, as for a label
    in short. Before, the label's copy was counted beside the listed one (101 cards, two copies of the
    commander). A label with a count is an entry of its own, and a label of a card the list lacks adds it, as
    before."""
    text = _alice_under(label)
    (row,) = check_many([text], store=store)
    assert (row.report.commanders, row.report.card_count, row.legal) == (("Atraxa, Praetors' Voice",), 100, True)
    name = "atraxa, praetors' voice" if "atraxa" in label else "Atraxa, Praetors' Voice"  # as written
    assert row.report.notes == (f"line {line}: commander {name}, named on a line of its own, is the list's copy on "
                                f"line {line + 3}",)
    (row,) = check_many([text.replace(label, "Commander: 1 Atraxa, Praetors' Voice")], store=store)
    assert (row.report.card_count, "singleton" in row.report.codes()) == (101, True)
    (row,) = check_many([text.replace(label, "Commander\n1 Atraxa, Praetors' Voice")], store=store)
    assert (row.report.card_count, "singleton" in row.report.codes()) == (101, True)
    (row,) = check_many([text.replace("\n1 Atraxa, Praetors' Voice\n", "\n")], store=store)
    assert (row.report.commanders, row.report.card_count, row.legal) == (("Atraxa, Praetors' Voice",), 100, True)


@pytest.mark.parametrize("label, entry", [("**Commanders:** The Tenth Doctor / Rose Tyler", False),
                                          ("Commanders: The Tenth Doctor & Rose Tyler", False),
                                          ("Commander\n1 The Tenth Doctor + Rose Tyler", True)])
def test_two_commanders_joined_on_one_line_are_read_apart(label, entry, store):
    """A post names its two commanders on one line ("**Commanders:** The Tenth Doctor / Rose Tyler", with "&" or
    "+"), above a list that holds them, or not: each part is a commander, as `--commander` reads such a name, and
    a part named on a label is the list's copy (an entry with a count is no label). A part in short ("Rose") is
    the list's one card so named. Before, the line was one unknown card (a colorless identity). A joined name
    whose parts are not all cards stays one unknown card."""
    bruno = (TOURNAMENT / "02-bruno-timey-wimey.txt").read_text(encoding="utf-8")
    leader = "Commander\n1 The Tenth Doctor (WHO) 3\n1 Rose Tyler (WHO) 5\n\nDeck\n"
    assert leader in bruno
    listed = bruno.replace(leader, f"{label}\n\nDeck\n1 The Tenth Doctor (WHO) 3\n1 Rose Tyler (WHO) 5\n")
    unlisted = bruno.replace(leader, f"{label}\n\nDeck\n")
    expected = (("The Tenth Doctor", "Rose Tyler"), 100, True)
    (row,) = check_many([unlisted], store=store)
    assert (row.report.commanders, row.report.card_count, row.legal) == expected
    assert "read as 2 commanders: The Tenth Doctor; Rose Tyler" in row.report.notes[0]
    (row,) = check_many([listed], store=store)
    if entry:
        assert (row.report.card_count, "singleton" in row.report.codes()) == (102, True)
    else:
        assert (row.report.commanders, row.report.card_count, row.legal) == expected
    (row,) = check_many([listed.replace(label, label.replace("Rose Tyler", "Rose"))], store=store)
    assert row.report.commanders == ("The Tenth Doctor", "Rose Tyler")
    (row,) = check_many([unlisted.replace(label, label.replace("Rose Tyler", "Rose Tyler's Understudy"))],
                        store=store)
    assert "unknown-card" in row.report.codes() and len(row.report.commanders) == 1


@pytest.mark.parametrize("joined", ["Thrasios and Tymna", "Tymna // Thrasios"])
def test_two_commanders_in_short_joined_by_and_or_a_face_separator_are_the_list_s_cards(joined, tmp_path, store):
    """"Thrasios and Tymna" (or "Tymna // Thrasios") in a form's Commander cell, `--commander` or on a post's label,
    for a list holding both: "and" and "//" were read apart only where each part was a card's whole name, so that
    the name was one unknown commander, the deck 101 cards with its color identity unchecked, where "Thrasios &
    Tymna" was legal (an organizer's review). Each part may now be the list's card named in short, as with "&"."""
    lines = _main_deck("01-alice-breed-lethality.txt").splitlines()
    text = "1 Thrasios, Triton Hero\n1 Tymna the Weaver\n" + "\n".join(lines[2:] + ["1 Island"]) + "\n"
    pair = ("Thrasios, Triton Hero", "Tymna the Weaver")
    form = _csv_file(tmp_path / "form.csv", [["Player", "Commander", "Decklist"], ["Cleo", joined, text]])
    post = f"**Commanders:** {joined}\n\n" + text
    for row in (*check_many([form], store=store), *check_many([post], store=store),
                check_deck(text, commanders=joined, store=store)):
        report = getattr(row, "report", row)
        assert (report.legal, sorted(report.commanders), report.card_count) == (True, list(pair), 100), report.codes()
    # two faces of one card named in short are no pair: still one name, as before
    (row,) = check_many([{"commander": ["Delver // Insectile"], "decklist": ["1 Delver of Secrets // Insectile "
                                                                              "Aberration", "98 Island"]}], store=store)
    assert len(row.report.commanders) == 1


def test_a_sideboard_s_commander_beside_other_cards_is_the_commander(store):
    """An MTGO-style list (Moxfield's MTGO export, Cockatrice's `SB:` lines) whose sideboard holds its commander beside
    a card sided out: the sideboard was read only when every card of it could lead, so the deck had no commander
    and was "1 short" of the card its sideboard held (two reviews). The one or two cards there that can lead, and
    make the deck 100, are its commanders; the rest stay in the sideboard, a warning. A companion there stays one."""
    main = _main_deck("01-alice-breed-lethality.txt")
    for sideboard, commanders in [("1 Atraxa, Praetors' Voice\n1 Lightning Bolt\n", ("Atraxa, Praetors' Voice",)),
                                  ("1 Lightning Bolt\n1 Atraxa, Praetors' Voice\n1 Swords to Plowshares\n",
                                   ("Atraxa, Praetors' Voice",))]:
        (row,) = check_many([main + "\nSIDEBOARD:\n" + sideboard], store=store)
        assert (row.report.commanders, row.report.card_count, row.report.codes()) == (commanders, 100, ["sideboard"])
        assert any("from the sideboard as commander (MTGO convention), the only card there that can lead" in note
                   for note in row.report.notes)
    lines = main.splitlines()
    assert lines[0] == "1 Thrummingbird"
    pair = "\n".join(lines[1:]) + "\n\n1 Thrasios, Triton Hero\n1 Lightning Bolt\n1 Tymna the Weaver\n"
    (row,) = check_many([pair], store=store)  # MTGO's order: the sideboard after a blank line, no header
    assert (sorted(row.report.commanders), row.report.card_count) == (["Thrasios, Triton Hero", "Tymna the Weaver"],
                                                                       100)
    # two cards that can lead for one place: which is not told, and the list is read as before (no commander)
    (row,) = check_many([main + "\nSIDEBOARD:\n1 Atraxa, Praetors' Voice\n1 Ghave, Guru of Spores\n1 Opt\n"],
                        store=store)
    assert row.report.commanders == () and "no-commander" in row.report.codes()


@pytest.mark.parametrize("tally", ["100 cards", "Total: 100", "Total Cards: 100\nCreatures: 30, Lands: 37, Other: 33",
                                   "(100 cards)", "Deck size: 100"])
def test_a_line_counting_the_list_s_cards_is_no_card(tally, store):
    """A list ending with its count, "100 cards" or "Total: 100" (a deck site's or a hand-written tally): "100
    cards" was 100 copies of an unknown card "cards", the deck 200 cards, and "Total: 100" an unknown card (a
    review). Such a line is now said to be the list's count, and read as no card."""
    text = (TOURNAMENT / "01-alice-breed-lethality.txt").read_text(encoding="utf-8")
    (row,) = check_many([text + "\n" + tally + "\n"], store=store)
    assert (row.report.card_count, row.legal) == (100, True), row.report.codes()
    assert len(row.report.notes) == 1 and row.report.notes[0].endswith("as the list's count of its cards, not as a card")


def test_a_count_of_cards_below_a_commander_or_companion_ends_its_section_as_a_group_s_name_does(store):
    """"Cards (99)" or "Total: 99" right under the commander (or the companion), no blank line between: read as a
    count (no card), it left the Commander section open, every card after it a commander (a review of the first
    version); it ends that section as a group's name there does."""
    main = _main_deck("01-alice-breed-lethality.txt")
    for count in ("Cards (99)", "Total: 99"):
        (row,) = check_many([f"Commander\n1 Atraxa, Praetors' Voice\n{count}\n{main}"], store=store)
        assert (row.report.commanders, row.report.card_count, row.legal) == (("Atraxa, Praetors' Voice",), 100, True)
        assert len(row.report.notes) == 1, row.report.notes


def test_a_form_s_companion_column_names_the_companion(tmp_path, store):
    """A form asking for the companion apart from the list ("Companion (if any)"): the cell is the deck's
    companion, checked as a listed one is (Lurrus's condition, Atraxa being of mana value 4), the list's own copy
    when it holds one (taken from its sideboard, named in short), none for "N/A". A deck object's "companion"
    beside its "text" is read the same way. Before, the column and the key were left unread, and each deck
    passed with no word of its companion."""
    alice = (TOURNAMENT / "01-alice-breed-lethality.txt").read_text(encoding="utf-8")
    table = _csv_file(tmp_path / "responses.csv", [
        ["Timestamp", "Player", "Companion (if your commander has one)", "Decklist"],
        ["1", "Alice", "Lurrus of the Dream-Den", alice], ["2", "Bruno", "N/A", alice],
        ["3", "Chen", "Lurrus", alice + "\nSideboard\n1 Lurrus of the Dream-Den\n"]])
    rows = check_many([table], store=store)
    assert [(r.name, r.report.card_count, r.report.codes(), r.report.companion) for r in rows] == [
        ("Alice", 100, ["companion"], "Lurrus of the Dream-Den"),
        ("Bruno", 100, [], None),
        ("Chen", 100, ["companion"], "Lurrus of the Dream-Den"),
    ]
    assert rows.results[0].report.notes[-1] == (
        "companion given beside the list: Lurrus of the Dream-Den is not in the list; added as companion")
    assert rows.results[2].report.notes[-1].startswith("companion given beside the list: line ")
    assert rows.results[2].report.notes[-1].endswith(": Lurrus of the Dream-Den taken from the sideboard as companion")
    (record,) = check_many([{"text": alice, "companion": "Lurrus of the Dream-Den"}], store=store)
    assert (record.report.codes(), record.report.companion) == (["companion"], "Lurrus of the Dream-Den")
    # a commander's column that mentions the companion after it, and a yes-or-no question: no companion's column
    # ("Commander's Companion" asks for the companion)
    for header, answer, listed, codes in (
            ("Commander (and companion, if any)", "Atraxa, Praetors' Voice", _main_deck("01-alice-breed-lethality.txt"),
             []),
            ("Does your deck have a companion?", "Yes", alice, []),
            ("Commander(s) and companion", "Atraxa, Praetors' Voice", _main_deck("01-alice-breed-lethality.txt"), []),
            ("Commander(s) & Companion", "Atraxa, Praetors' Voice", _main_deck("01-alice-breed-lethality.txt"), []),
            ("Your commander’s companion", "Lurrus of the Dream-Den", alice, ["companion"]),
            ("Commander's Companion", "Lurrus of the Dream-Den", alice, ["companion"])):
        asked = _csv_file(tmp_path / "asked.csv", [["Player", header, "Decklist"], ["Alice", answer, listed]])
        (row,) = check_many([asked], store=store)
        assert (row.report.codes(), row.report.card_count) == (codes, 100), header


def test_a_misspelt_companion_given_beside_the_list_is_the_list_s_card_spelt_closest(tmp_path, store):
    """A form's Companion cell misspelt ("Lurus of the Dream Den"), over a list holding the card in its sideboard or
    main deck: the list's card spelt closest is the companion, taken out of where it was, as a misspelt commander
    given is read; a note says so. Before, the name was an unknown card (an error) and the list's Lurrus a card of the
    sideboard. A misspelt name like none of the list's cards stays an unknown card, as does a real card's name."""
    alice = (TOURNAMENT / "01-alice-breed-lethality.txt").read_text(encoding="utf-8")
    table = _csv_file(tmp_path / "responses.csv", [
        ["Player", "Companion", "Decklist"],
        ["Ann", "Lurus of the Dream Den", alice + "\nSideboard\n1 Lurrus of the Dream-Den\n"],
        ["Bea", "lurrus of teh dream-den", alice.replace("1 Thrummingbird", "1 Lurrus of the Dream-Den")],
        ["Cy", "Kaheera the Orphanguardd", alice + "\nSideboard\n1 Lurrus of the Dream-Den\n"],
        ["Di", "Jegantha, the Wellspring", alice + "\nSideboard\n1 Jegantha the Welspring\n"]])
    ann, bea, cy, di = check_many([table], store=store)
    for row in (ann, bea):
        assert (row.report.companion, row.report.card_count, row.report.codes()) == (
            "Lurrus of the Dream-Den", 100 if row is ann else 99,
            ["deck-size"] * (row is bea) + ["companion"]), row.name
    (violation,) = [v for v in ann.report.violations if v.code == "companion"]
    lurrus = (alice + "\nSideboard\n1 Lurrus of the Dream-Den\n").split("\n").index("1 Lurrus of the Dream-Den") + 1
    assert violation.line == lurrus
    assert ann.report.notes[-1] == (f"companion given beside the list: line {lurrus}: Lurrus of the Dream-Den taken "
                                    "from the sideboard as companion (the list's card spelt closest to Lurus of the "
                                    "Dream Den, which is no card's name)")
    assert "taken from the main deck as companion" in bea.report.notes[-1]
    assert {"unknown-card", "sideboard"} <= set(cy.report.codes())  # no card of the list is spelt like it
    assert di.report.companion == "Jegantha, the Wellspring"  # a card's name: as given, though a list's name is like it
    assert "companion given beside the list: Jegantha, the Wellspring is not in the list; added as companion" in \
        di.report.notes


def test_a_companion_s_unmet_condition_is_reported_at_the_companion_s_line(tmp_path):
    """A companion whose condition the commander breaks (Lurrus of the Dream-Den, led by a commander of mana
    value 4): the violation is at the companion's line, the line to mend, with the breaking cards' lines among
    its lines. Before, the text report put it at the lowest of them, the commander's."""
    alice = (TOURNAMENT / "01-alice-breed-lethality.txt").read_text(encoding="utf-8")
    deck = tmp_path / "lurrus.txt"
    deck.write_text(alice + "\nCompanion\n1 Lurrus of the Dream-Den\n", encoding="utf-8")
    lines = deck.read_text(encoding="utf-8").split("\n")
    lurrus, atraxa = lines.index("1 Lurrus of the Dream-Den") + 1, lines.index("1 Atraxa, Praetors' Voice") + 1
    assert atraxa < lurrus
    (row,) = check_many([deck])
    (violation,) = [v for v in row.report.violations if v.code == "companion"]
    assert violation.cards[:2] == ("Lurrus of the Dream-Den", "Atraxa, Praetors' Voice")
    assert (violation.line, violation.lines[0]) == (lurrus, atraxa) and lurrus in violation.lines
    code, out, _ = run_cli("check", str(deck))
    assert code == 1 and f"{deck}:{lurrus}: companion Lurrus of the Dream-Den's condition is not met" in out


@pytest.mark.parametrize("short, read", [("Esika", True), ("The Prismatic", True), ("esika god of the", True),
                                         ("Prismatic", False), ("Tree The", False), ("Forest Esika", False)])
def test_a_commander_marked_in_short_may_be_a_face_s_name_or_its_first_words(short, read, store):
    """A short name is the list's card when it is the card's name or a face's, whole or its first words ("The
    Prismatic" for Esika's back face); words from the middle of a name, or running from one card's name into
    the next card's ("Forest Esika", Forest listed just before Esika), name no card of the list."""
    text = (f"**Commander:** {short}\n\n1 Forest\n1 Esika, God of the Tree // The Prismatic Bridge\n"
            "49 Island\n49 Plains\n")
    (row,) = check_many([text], store=store)
    esika = "Esika, God of the Tree // The Prismatic Bridge"
    assert (row.report.commanders == (esika,)) is read
    assert (row.report.card_count, row.legal) == ((100, True) if read else (101, False))


def test_a_table_whose_first_sign_ups_have_no_list_yet_is_still_a_table(tmp_path, store):
    """Early sign-ups often come before their lists: seven rows without one, then a list (the table was read
    as one decklist when none of its first five rows held a list)."""
    table = tmp_path / "signups.csv"
    with table.open("w", encoding="utf-8", newline="") as out:
        writer = csv.writer(out)
        writer.writerow(["Player", "Decklist"])
        writer.writerows([f"Player {i}", ""] for i in range(7))
        writer.writerow(["Alice", (TOURNAMENT / "01-alice-breed-lethality.txt").read_text(encoding="utf-8")])
    rows = check_many([table], store=store)
    assert [(r.path, r.unreadable) for r in rows] == [(f"{table}:{n}", n < 9) for n in range(2, 10)]
    assert rows.results[-1].legal and rows.results[-1].name == "Alice"


def test_a_decklist_whose_comment_speaks_of_decklists_is_no_table(tmp_path, store):
    deck = tmp_path / "deck.csv"
    deck.write_text("// Kofi, decklist, deck list\n" + (TOURNAMENT / "01-alice-breed-lethality.txt").read_text(
        encoding="utf-8"), encoding="utf-8")
    assert check_many([deck], store=store).results[0].legal


def test_a_zip_that_can_t_be_read_or_holds_a_huge_member_is_a_row(tmp_path, store, monkeypatch):
    import zipfile

    from deckcheck.batch import core

    big = tmp_path / "big.zip"
    with zipfile.ZipFile(big, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("huge.txt", "1 Forest\n" * 50_000)  # 450 KB that deflate to a few
        z.writestr("ok.txt", (TOURNAMENT / "01-alice-breed-lethality.txt").read_text(encoding="utf-8"))
    monkeypatch.setattr(core, "MAX_BYTES", 100_000)
    rows = check_many([big], store=store)
    assert [(r.path, r.unreadable) for r in rows] == [(f"{big}/huge.txt", True), (f"{big}/ok.txt", False)]
    assert rows.results[0].report.violations[0].message == "450,000 bytes: too big for a decklist"
    broken = tmp_path / "broken.zip"
    broken.write_bytes(big.read_bytes()[:200])
    (row,) = check_many([broken], store=store)
    assert row.unreadable and row.report.violations[0].message.startswith("not a zip archive that can be read")


def test_a_damaged_or_password_protected_member_of_a_zip_is_a_row_and_the_others_are_checked(tmp_path, store):
    """A zip of registrations with one member damaged (a changed byte: a bad CRC), one password-protected and a
    JSON Lines member damaged in its second deck: each is an unreadable row of its own, labelled by the member
    (a JSON Lines member's decks read before the damage is met are checked: here none, the member being read in
    one piece), and every other deck is checked. Before, the first damaged member
    ended the archive (the decks after it were left out unseen) and the row said the whole archive could not
    be read, in Python's words."""
    import zipfile

    alice = (TOURNAMENT / "01-alice-breed-lethality.txt").read_text(encoding="utf-8")
    bruno = (TOURNAMENT / "02-bruno-timey-wimey.txt").read_text(encoding="utf-8")
    record = json.dumps({"name": "Alice", "text": alice})
    archive = tmp_path / "responses.zip"
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_STORED) as z:
        z.writestr("a-alice.txt", alice)
        z.writestr("b-bruno.txt", bruno.replace("Sol Ring", "SOL RING"))
        z.writestr("c-locked.txt", bruno)
        z.writestr("d-decks.jsonl", record + "\n" + record.replace("Alice", "ALICE") + "\n")
        z.writestr("e-bruno.txt", bruno)
    data = bytearray(archive.read_bytes())
    for damaged in (b"SOL RING", b"ALICE"):  # the stored bytes changed, the CRC not
        at = data.index(damaged)
        data[at:at + len(damaged)] = damaged.lower()
    locked = b"c-locked.txt"
    for header, flags in ((b"PK\x03\x04", 6), (b"PK\x01\x02", 8)):  # the encrypted bit, local and central
        at = data.index(header, 0)
        while data[at + (26 if header == b"PK\x03\x04" else 42) + 4:].find(locked) != 0:
            at = data.index(header, at + 1)
        data[at + flags] |= 1
    archive.write_bytes(bytes(data))
    rows = check_many([archive], store=store)
    assert [(r.path, r.unreadable) for r in rows] == [
        (f"{archive}/a-alice.txt", False), (f"{archive}/b-bruno.txt", True), (f"{archive}/c-locked.txt", True),
        (f"{archive}/d-decks.jsonl", True), (f"{archive}/e-bruno.txt", False)]
    messages = [r.report.violations[0].message for r in rows if r.unreadable]
    assert messages[0].startswith("damaged in the archive: not read (Bad CRC-32")
    assert messages[1] == "password-protected in the archive: not read (zip it without a password)"
    assert messages[2].startswith("damaged in the archive, not read past here (Bad CRC-32")


def test_a_report_whose_reader_leaves_early_exits_141_not_0():
    """`deckcheck batch ... | head`: the reader closes the pipe before the report ends. The command exits 141, as
    a process SIGPIPE stops does, with nothing on standard error; before, it exited 0, so that `set -o pipefail`
    took a cut-off report of illegal decks for "all legal"."""
    import subprocess
    import sys

    precons = PROJECT.parent / "shared" / "data" / "decks" / "mtgjson-precons-2026-01"
    command = [sys.executable, "-m", "deckcheck", "batch", "--no-progress", "--format", "json", str(precons)]
    with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE) as process:
        assert process.stdout is not None and process.stderr is not None and process.stdout.read(1) == b"{"
        process.stdout.close()  # the report is far bigger than a pipe's buffer: the writer meets the closed end
        err = process.stderr.read()
        process.wait(timeout=300)
    assert (process.returncode, err) == (141, b"")


def test_exit_codes(tmp_path):
    legal = [str(TOURNAMENT / n) for n in ("01-alice-breed-lethality.txt", "12-lena-explorers-of-the-deep.csv")]
    assert run_cli("batch", *legal)[0] == 0
    assert run_cli("batch", *legal, str(TOURNAMENT / "06-farah-sliver-swarm.txt"))[0] == 1
    assert run_cli("batch", *legal, str(TOURNAMENT / "11-kofi-late-registration.txt"))[0] == 2  # unreadable
    (tmp_path / "empty").mkdir()
    code, _, err = run_cli("batch", str(tmp_path / "empty"))
    assert code == 2 and f"no decks in {tmp_path / 'empty'}: no decklist file" in err
    (tmp_path / "empty" / "signups.csv").write_text("Timestamp,Player,Commander,Decklist\n", encoding="utf-8")
    (tmp_path / "empty" / "decks.jsonl").write_text("", encoding="utf-8")  # files found, holding no deck
    assert run_cli("batch", str(tmp_path / "empty")) == (
        2, "", f"deckcheck: error: no decks in {tmp_path / 'empty'}: no decklist file, or only files holding none "
               "(an empty JSON Lines file, a table of registrations with no row yet)\n")
    assert run_cli("batch", "--as-of", "2019-02-30", *legal)[0] == 2
    assert run_cli("batch", "--format", "pdf", *legal)[0] == 2
    code, _, err = run_cli("batch", "--data-dir", str(tmp_path / "nothing"), *legal)
    assert code in (0, 2)  # the bundled snapshot stands in when the data dir has no store
    code, _, err = run_cli("batch", "-o", str(tmp_path / "no" / "dir" / "r.txt"), *legal)
    assert code == 2 and "can't write the report" in err


@pytest.fixture(scope="module")
def three_hundred_decks(tmp_path_factory, shared_data) -> Path:
    """The first 300 Duel Commander decks: two chunks for `deckcheck batch`."""
    path = tmp_path_factory.mktemp("decks") / "decks.jsonl"
    with gzip.open(shared_data / "decks" / "duel-commander" / "decks.jsonl.gz", "rb") as fh:
        path.write_bytes(b"".join(line for _, line in zip(range(300), fh)))
    return path


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_standard_input_is_json_lines_of_decks_or_one_decklist(three_hundred_decks, jobs):
    """`zcat decks.jsonl.gz | deckcheck batch -`: read as the JSON Lines file is (two chunks here, so --jobs 2
    runs its pool), labelled <stdin>:LINE; text that is not JSON Lines is one decklist, as `check -` reads it."""
    env = dict(os.environ, PYTHONPATH=str(PROJECT))

    def batch(*argv: str, stdin: bytes | None = None) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "deckcheck", "batch", "--no-progress", "--format", "csv", "--jobs",
                               jobs, *argv], env=env, input=stdin, capture_output=True, timeout=300)

    from_file = batch(str(three_hundred_decks))
    from_stdin = batch("-", stdin=three_hundred_decks.read_bytes())
    assert from_stdin.returncode == from_file.returncode == 1 and from_stdin.stderr == from_file.stderr
    assert all(line.startswith(b"deckcheck: note: ") for line in from_stdin.stderr.splitlines())  # a CSV's notes
    assert from_stdin.stdout == from_file.stdout.replace(str(three_hundred_decks).encode() + b":", b"<stdin>:")
    assert from_stdin.stdout.count(b"<stdin>:") == 300
    deck = TOURNAMENT / "01-alice-breed-lethality.txt"
    one = batch("-", stdin=deck.read_bytes())
    assert one.stdout == batch(str(deck)).stdout.replace(str(deck).encode(), b"<stdin>")
    twice = batch("-", "-", stdin=b"")
    assert (twice.returncode, twice.stderr) == (2, b"deckcheck: error: standard input (-) can be given only once\n")
    if jobs == "1":  # gzipped, each reads as it does plain; cut short, the stream is an unreadable row
        squeezed = batch("-", stdin=gzip.compress(three_hundred_decks.read_bytes()))
        assert (squeezed.returncode, squeezed.stdout) == (1, from_stdin.stdout)
        assert batch("-", stdin=gzip.compress(deck.read_bytes())).stdout == one.stdout
        cut = batch("-", stdin=gzip.compress(three_hundred_decks.read_bytes())[:5000])
        assert cut.returncode == 2 and b"<stdin>,,,,0,unreadable" in cut.stdout.replace(b'"', b"")


def test_standard_input_of_millions_of_blank_lines_is_read_in_bounded_memory(tmp_path):
    """`deckcheck batch -` kept each blank line before the first that is not as an object of its own: a 19 KB gzip of
    20 million line breaks took 1.8 GB (a hardening review). They are one run of bytes now, at most a table's
    worth; a deck after blank lines is read as before, its lines numbered as in its file."""
    from peak_rss import run_measured

    blank = tmp_path / "blank.gz"
    blank.write_bytes(gzip.compress(b"\n" * 20_000_000, 9))
    env = dict(os.environ, PYTHONPATH=str(PROJECT))
    with blank.open("rb") as stdin:
        done, peak_mb = run_measured([sys.executable, "-m", "deckcheck", "batch", "--no-progress", "--format", "csv",
                                      "-"], tmp_path / "peak", stdin=stdin, env=env, capture_output=True, timeout=600)
    assert done.returncode == 2 and b"<stdin>,,,,0,unreadable" in done.stdout.replace(b'"', b"")
    assert peak_mb < 300, f"peak RSS {peak_mb:.0f} MB"  # (1,770 MB before)
    deck = b'{"commander": ["Krenko, Mob Boss"], "decklist": ["1 Sol Ring", "98 Mountain"]}\n'
    after = subprocess.run([sys.executable, "-m", "deckcheck", "batch", "--no-progress", "--format", "csv", "-"],
                           input=b"\n \n\n" + deck + b"\n" + deck, env=env, capture_output=True, timeout=300)
    assert after.returncode == 0 and [line.split(b",")[0] for line in after.stdout.splitlines()[1:]] == [
        b"<stdin>:4", b"<stdin>:6"]


def test_a_gzipped_table_of_registrations_is_read_a_row_a_player(tmp_path):
    """A sign-up sheet saved as responses.csv.gz, as a file or piped in: a row each, as the plain file's. Before,
    the file was refused as "a table of registrations, not one decklist", telling the user to run `deckcheck batch`,
    which they were running."""
    table = tmp_path / "responses.csv"
    with table.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["Player", "Decklist"])
        for name in ("01-alice-breed-lethality.txt", "06-farah-sliver-swarm.txt"):
            writer.writerow([name[3:8].title(), (TOURNAMENT / name).read_text(encoding="utf-8")])
    squeezed = tmp_path / "responses.csv.gz"
    squeezed.write_bytes(gzip.compress(table.read_bytes()))
    code, plain, _ = run_cli("batch", "--no-progress", "--format", "csv", str(table))
    assert code == 1 and plain.count(f"{table}:") == 2
    assert run_cli("batch", "--no-progress", "--format", "csv", str(squeezed))[:2] == (
        1, plain.replace(f"{table}:", f"{squeezed}:"))


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_json_report_written_as_decks_are_checked_is_the_whole_document(three_hundred_decks, jobs):
    """`deckcheck batch --format json` writes each chunk's decks as they arrive: the same document as
    rendering the finished batch at once."""
    from deckcheck.batch import BatchReport
    from deckcheck.batch.output import render_json

    code, out, _ = run_cli("batch", "--format", "json", "--jobs", jobs, str(three_hundred_decks))
    finished = check_many([three_hundred_decks])
    whole = io.StringIO()
    render_json(BatchReport(results=finished.results, card_data=finished.card_data, notes=finished.notes), whole)
    assert code == 1 and out == whole.getvalue() == json.dumps(finished.to_dict(), ensure_ascii=False, indent=2) + "\n"
    assert len(json.loads(out)["decks"]) == 300


@pytest.mark.parametrize("failure, code, said", [
    (OSError(28, "No space left on device"), 2, "can't write the report: No space left on device"),
    (KeyboardInterrupt(), 130, "interrupted"),
    (MemoryError(), 2, "out of memory"),
])
def test_a_report_stopped_midway_leaves_the_last_one_whole(tmp_path, monkeypatch, three_hundred_decks, failure,
                                                           code, said):
    """The JSON report is written while the batch runs, into a temporary file that replaces the report only
    once it is whole: a disk filling up (Ctrl-C, memory running out) after the first chunk leaves the old
    report and no temporary file."""
    from deckcheck.batch import output

    target = tmp_path / "report.json"
    target.write_text("the last report\n")
    real_add, chunks = output.JsonWriter.add, []

    def add_then_fail(self, results):
        chunks.append(len(results))
        if len(chunks) == 2:
            raise failure
        real_add(self, results)

    monkeypatch.setattr(output.JsonWriter, "add", add_then_fail)
    got, _, err = run_cli("batch", "--format", "json", "-o", str(target), str(three_hundred_decks))
    assert (got, chunks) == (code, [250, 50]) and said in err and len(err.splitlines()) == 1
    assert target.read_text() == "the last report\n" and sorted(tmp_path.iterdir()) == [target]


def test_a_full_disk_found_when_the_report_file_is_closed_is_an_error_not_a_traceback(tmp_path, monkeypatch):
    """The last buffered bytes reach the disk only when the file is closed: a failure then is the same
    one-line error, and the old report stays."""
    from deckcheck.commands import batch as command

    class FullAtClose(io.StringIO):
        def close(self):
            if not self.closed:
                super().close()
                raise OSError(28, "No space left on device")

    opened = []
    monkeypatch.setattr(command, "open", lambda *a, **k: opened.append(FullAtClose()) or opened[-1], raising=False)
    target = tmp_path / "report.txt"
    target.write_text("the last report\n")
    code, _, err = run_cli("batch", "-o", str(target), str(TOURNAMENT))
    assert code == 2 and err == f"deckcheck: error: {target}: can't write the report: No space left on device\n"
    assert len(opened) == 1 and target.read_text() == "the last report\n"


def test_a_report_replaced_keeps_its_permissions_and_is_written_through_no_link_planted_beside_it(tmp_path):
    """The report was written to "<report>.tmp<pid>", opened as any file is: a link someone put there under that name
    (a shared folder; the pid is guessed) had the report written through it, over the file it named, and the report
    replaced became readable by all (644), though kept private (600). Both found by a review of the command line."""
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n")
    target = tmp_path / "report.txt"
    target.write_text("the last report\n")
    target.chmod(0o600)
    planted = tmp_path / f"report.txt.tmp{os.getpid()}"
    planted.symlink_to(victim)
    assert run_cli("batch", "-o", str(target), str(TOURNAMENT))[0] == 2  # (an unreadable deck among them)
    assert victim.read_text() == "precious\n" and planted.is_symlink()
    assert "01-alice-breed-lethality" in target.read_text() and stat.S_IMODE(target.stat().st_mode) == 0o600
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(["victim.txt", "report.txt", planted.name])
    new = tmp_path / "new.csv"  # a new report: the mode any new file gets
    mask = os.umask(0o027)
    try:
        assert run_cli("batch", "-o", str(new), str(TOURNAMENT))[0] == 2
    finally:
        os.umask(mask)
    assert stat.S_IMODE(new.stat().st_mode) == 0o640


def test_as_of_release_date(store):
    import jsonschema

    dana = TOURNAMENT / "04-dana-mystic-intellect.txt"
    assert check_many([dana], store=store).results[0].report.codes() == ["banned"]
    assert check_many([dana], store=store, on="2019-08-23").results[0].legal
    code, out, _ = run_cli("batch", "--format", "json", "--as-of", "2019-08-23", str(dana))
    assert code == 0 and json.loads(out)["as_of"] == "2019-08-23"  # where `check --format json` says it
    jsonschema.Draft202012Validator(load_schema(), format_checker=jsonschema.FormatChecker()).validate(json.loads(out))


def test_jobs_two_matches_one(tmp_path, tournament, store):
    code1, out1, _ = run_cli("batch", "--format", "json", str(TOURNAMENT))
    code2, out2, _ = run_cli("batch", "--format", "json", "--jobs", "2", str(TOURNAMENT))
    assert code1 == code2 == 2
    assert json.loads(out1) == json.loads(out2)
    from deckcheck.batch.core import run_batch

    results, _ = run_batch(expand([TOURNAMENT] * 3), store=store, jobs=2, chunk_size=10)  # (check_many: once)
    assert [r.report for r in results] == [r.report for r in tournament] * 3


def test_jobs_two_say_the_notes_in_the_order_one_job_does(tmp_path, store):
    """Each worker of --jobs ends its notes with the snapshot's when one of its decks had an unknown card; merged
    as they came, that note stood before the disagreements the other worker met later (the 17,900-deck report's
    notes differed between one job and two). Now both say the snapshot's note last."""
    from deckcheck.batch.core import run_batch

    unknown = tmp_path / "a-unknown.txt"
    unknown.write_text("Commander: Krenko, Mob Boss\n1 Nonexistent Card of Testing\n98 Mountain\n", encoding="utf-8")
    crypt = tmp_path / "b-crypt.txt"  # the card data says legal, the policy banned: a note
    crypt.write_text("Commander: Krenko, Mob Boss\n1 Mana Crypt\n98 Mountain\n", encoding="utf-8")
    one = run_batch(expand([tmp_path]), store=store, chunk_size=1)[1]
    two = run_batch(expand([tmp_path]), store=store, jobs=2, chunk_size=1)[1]
    assert len(one) == 2 and one[0].startswith("Mana Crypt:") and one[1].startswith("names no card has here")
    assert two == one


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_report_without_messages_does_not_look_for_close_names(tmp_path, monkeypatch, jobs):
    """The text table and the CSV rows give each deck's codes and counts, never an unknown card's "did you mean":
    looking for close names was a twelfth of a batch's time (and each --jobs worker's again). The JSON report
    still has them; the codes and counts are the same either way."""
    from deckcheck.store import CardStore

    asked: list[str] = []
    suggest_many = CardStore.suggest_many

    def counted(self, names, *args, **kwargs):
        asked.extend(names)
        (tmp_path / f"asked-{os.getpid()}").write_text("\n".join(asked))  # a forked worker's too
        return suggest_many(self, names, *args, **kwargs)

    monkeypatch.setattr(CardStore, "suggest_many", counted)
    decks = tmp_path / "decks"
    decks.mkdir()
    for n in range(4):
        (decks / f"deck{n}.txt").write_text(f"Commander: Krenko, Mob Boss\n1 Sol Rnig\n1 Lightnign Bolt {n}\n"
                                            "97 Mountain\n", encoding="utf-8")
    asked_by = {}
    for fmt in ("csv", "text", "json"):
        for old in tmp_path.glob("asked-*"):
            old.unlink()
        asked.clear()
        code, out, _ = run_cli("batch", "--no-progress", "-j", jobs, "--format", fmt, str(decks))
        assert code == 1
        asked_by[fmt] = sorted(set().union(*(f.read_text().split("\n") for f in tmp_path.glob("asked-*"))))
        if fmt == "csv":
            rows = list(csv.DictReader(io.StringIO(out)))
        if fmt == "json":
            decks_json = json.loads(out)["decks"]
    assert asked_by["csv"] == asked_by["text"] == []
    assert "Sol Rnig" in asked_by["json"]
    unknown = [v for d in decks_json for v in d["violations"] if v["code"] == "unknown-card"]
    assert len(unknown) == 8 and all("did you mean" in v["message"] for v in unknown)
    assert [r["codes"] for r in rows] == [", ".join(v["code"] for v in d["violations"]).replace(
        "unknown-card, unknown-card", "unknown-card×2") for d in decks_json]


def test_jobs_read_a_stream_of_sources(store, tournament):
    """run_batch takes a stream too (the CLI's --jobs reads decks while the workers check): same results."""
    from deckcheck.batch.core import BatchOptions, run_batch

    stream = (source for source in expand([TOURNAMENT] * 2))
    results, _ = run_batch(stream, store=store, jobs=2, options=BatchOptions(keep_cards=True), chunk_size=5)
    assert [r.report for r in results] == [r.report for r in tournament] * 2


def test_jobs_check_with_the_policy_and_the_store_given(tmp_path, tournament):
    """The workers of --jobs loaded the default policy whatever the caller gave, and check_many(jobs=2,
    data_dir=...) reported no card data at all."""
    from deckcheck.policy import POLICY_DIR, load_policy
    from deckcheck.store import BUNDLED

    for name in ("banned-list.json", "game-changers.json", "category-bans.json"):
        (tmp_path / name).write_text((POLICY_DIR / name).read_text(encoding="utf-8"), encoding="utf-8")
    banned = json.loads((tmp_path / "banned-list.json").read_text(encoding="utf-8"))
    for event in banned["events"]:
        event["cards"] = [card for card in event["cards"] if card != "Dockside Extortionist"]
    (tmp_path / "banned-list.json").write_text(json.dumps(banned), encoding="utf-8")
    lenient = load_policy(tmp_path)
    one = check_many([TOURNAMENT], policy=lenient)
    two = check_many([TOURNAMENT], policy=lenient, jobs=2, data_dir=str(BUNDLED.parent))
    dana = [r for r in two if r.path.endswith("04-dana-mystic-intellect.txt")]
    assert dana and dana[0].legal  # no Dockside ban in this policy
    assert [r.report for r in two] == [r.report for r in one]
    assert two.card_data == tournament.card_data and two.card_data["card_count"] > 0


def test_jobs_refuse_a_store_replaced_before_the_workers_opened_it(tmp_path, tournament):
    """The workers open the store's file when they start: an update landing between the command's own open
    and theirs gave them other card data than the report names. Now they refuse, in one line."""
    import shutil

    from deckcheck.batch.core import BatchOptions, run_batch
    from deckcheck.errors import DeckcheckError
    from deckcheck.store import BUNDLED, CardStore

    shutil.copy(BUNDLED, tmp_path / "cards.sqlite")
    store = CardStore.open(tmp_path)
    assert store.meta  # read before the file is replaced
    rebuilt = tmp_path / "rebuilt"
    rebuilt.mkdir()
    shutil.copy(BUNDLED, rebuilt / "cards.sqlite")
    import sqlite3

    with sqlite3.connect(rebuilt / "cards.sqlite") as con:
        con.execute("UPDATE meta SET value = ? WHERE key = 'built_at'", (json.dumps("2099-01-01T00:00:00Z"),))
    con.close()
    os.replace(rebuilt / "cards.sqlite", tmp_path / "cards.sqlite")  # as `deckcheck update` swaps it in
    with pytest.raises(DeckcheckError, match=r"cards\.sqlite: the card store was replaced \(by `deckcheck "
                                             r"update`\?\) while the batch started; run the batch again$"):
        run_batch(expand([TOURNAMENT] * 2), store=store, jobs=2, chunk_size=5)
    results, _ = run_batch(expand([TOURNAMENT] * 2), store=CardStore.open(tmp_path), jobs=2, chunk_size=5,
                           options=BatchOptions(keep_cards=True))
    assert [r.report for r in results] == [r.report for r in tournament] * 2


def test_jobs_beyond_two_per_cpu_are_lowered_with_a_warning(store, tournament, monkeypatch):
    """The pool forks every worker at once, with Ctrl-C and SIGTERM held: `--jobs 10000` forked 10,000 processes
    and could not be stopped. Now at most two a CPU, and a warning says so."""
    import multiprocessing

    from deckcheck.batch import core
    from deckcheck.errors import DeckcheckWarning

    monkeypatch.setattr(core, "usable_cpus", lambda: 1)
    workers: list[int] = []
    with pytest.warns(DeckcheckWarning, match=r"^5 jobs lowered to 2: at most 2 processes for each of the 1 CPU here$"):
        results, _ = core.run_batch(expand([TOURNAMENT] * 2), store=store, jobs=5, chunk_size=5,
                                    options=core.BatchOptions(keep_cards=True),
                                    on_part=lambda part: workers.append(len(multiprocessing.active_children())))
    assert workers and max(workers) == 2
    assert [r.report for r in results] == [r.report for r in tournament] * 2


@pytest.mark.parametrize("jobs", [1, 2])
def test_run_batch_hands_each_chunk_over_as_it_arrives(store, tournament, jobs):
    from deckcheck.batch.core import BatchOptions, run_batch

    parts: list[list] = []
    results, _ = run_batch(expand([TOURNAMENT] * 2), store=store, jobs=jobs, chunk_size=5,
                           options=BatchOptions(keep_cards=True), on_part=parts.append)
    assert [len(p) for p in parts] == [5, 5, 5, 5, 4]  # 24 decks in chunks of 5, in order
    assert [r for p in parts for r in p] == results
    assert [r.report for r in results] == [r.report for r in tournament] * 2


def test_text_report_the_same_from_cells_made_as_results_arrive(store, tournament):
    """`deckcheck batch` makes the text table's cells chunk by chunk (with --jobs, while the workers go on):
    the report is the one rendered from the whole batch at once, with and without the deck-name column."""
    from deckcheck.batch import BatchReport
    from deckcheck.batch.core import BatchOptions, run_batch
    from deckcheck.batch.output import render_text

    code1, out1, _ = run_cli("batch", str(TOURNAMENT))
    code2, out2, _ = run_cli("batch", "--jobs", "2", str(TOURNAMENT))
    whole = io.StringIO()  # (the folder's README left out: said by check_many too)
    results = run_batch(expand([TOURNAMENT]), store=store, options=BatchOptions(suggestions=False))[0]  # (as text)
    render_text(BatchReport(results=tuple(results), card_data=tournament.card_data, notes=tournament.notes), whole)
    assert code1 == code2 == 2 and out1 == out2 == whole.getvalue()
    assert " name " in out1.splitlines()[0]
    unnamed = tuple(r for r in tournament.results if not r.name)
    assert unnamed  # the folder has decks without a name: alone, they have no name column
    code, out, _ = run_cli("batch", *(r.path for r in unnamed))
    assert " name " not in out.splitlines()[0] and len(out.splitlines()) > len(unnamed) + 2


def test_html_report_the_same_from_parts_made_as_results_arrive(tournament, tmp_path):
    """`deckcheck batch --format html` makes each deck's row and details section chunk by chunk (here 22
    copies of the folder: a chunk of 250 decks and one of 14): the document is the one rendered from the
    whole batch at once, numbered on across chunks, but for the minute it was generated."""
    from deckcheck.batch.output import render_html

    def without_time(page: str) -> str:
        return re.sub(r"generated \d{4}-\d\d-\d\d \d\d:\d\d UTC", "generated (time)", page, count=1)

    copies = 22
    folders = [str(shutil.copytree(TOURNAMENT, tmp_path / f"copy-{n:02}", ignore=shutil.ignore_patterns("*.md")))
               for n in range(copies)]  # (a README.md left out is said by the command, not by check_many)
    code1, out1, _ = run_cli("batch", "--format", "html", *folders)
    code2, out2, _ = run_cli("batch", "--format", "html", "--jobs", "2", *folders)
    whole = io.StringIO()
    render_html(check_many(folders), whole)
    assert code1 == code2 == 2
    assert without_time(out1) == without_time(out2) == without_time(whole.getvalue())
    n = len(tournament.results) * copies
    assert n > 250 and out1.count('<a href="#deck-') == out1.count('<section class="deck ') == n
    assert f'id="deck-{n}"' in out1 and f'id="deck-{n + 1}"' not in out1


def test_results_pickle_back_equal(tournament):
    """Workers send results pickled (field values restored as they were): equal, details still read-only."""
    import pickle
    from types import MappingProxyType

    results = list(tournament)
    back = pickle.loads(pickle.dumps(results))
    assert back == results and [r.report.to_dict() for r in back] == [r.report.to_dict() for r in results]
    details = [v.details for r in back for v in r.report.violations if v.details]
    assert details and all(isinstance(d, MappingProxyType) for d in details)


def test_a_deck_object_s_lists_are_decklist_lines_never_sniffed_as_a_file_format(tmp_path, store):
    """The batch read a deck object's lines as a whole file would be read: a first item that is no card
    object (then written as its JSON text) made the deck "JSON Lines, not one decklist". `check` on the same object
    in a .json file reads the same deck; the item is a syntax problem naming it."""
    record = {"decklist": [{"foo": 1}, "1 Sol Ring"]}
    path = tmp_path / "odd.jsonl"
    path.write_text(json.dumps(record) + "\n", encoding="utf-8")
    (tmp_path / "odd.json").write_text(json.dumps(record), encoding="utf-8")
    batch = check_many([path, tmp_path / "odd.json"], store=store)
    assert [r.unreadable for r in batch] == [False, False]
    for result in batch:
        assert result.report.card_count == 1
        assert [v.message for v in result.report.violations if v.code == "syntax"] == [
            'a JSON object naming no card (no "name"): \'decklist[0] {"foo": 1}\'']


def test_frames(tournament):
    frame = tournament.to_frame()
    assert len(frame) == 12 and list(frame.columns)[:6] == ["path", "name", "commanders", "color_identity",
                                                            "card_count", "legal"]
    assert frame["legal"].sum() == 5 and frame["unreadable"].sum() == 1
    vf = tournament.violations_frame()
    assert len(vf) == sum(len(r.report.violations) for r in tournament)
    assert vf["code"].value_counts().to_dict() == tournament.code_counts()
    emeka = vf[vf["deck"].str.endswith("05-emeka-vampiric-bloodlust.txt")].iloc[0]
    assert (emeka["code"], emeka["severity"], emeka["card"], emeka["rule"]) == ("color-identity", "error",
                                                                                "Counterspell", emeka["rule"])
    assert emeka["rule"].startswith("903") and emeka["line"] > 0
    cards = tournament.deck_cards_frame()
    alice = cards[cards["deck"].str.endswith("01-alice-breed-lethality.txt")]
    assert alice["quantity"].sum() == 100
    deck = next(r for r in tournament if "07-gus" in r.path).report
    from deckcheck.frames import deck_report_frame

    one = deck_report_frame(deck)
    assert one[["code", "card"]].values.tolist() == [["singleton", "Sol Ring"]]


def test_deck_entries_merge_with_the_card_data_on_the_card_the_checker_took(store):
    """Two cards are named Pick Your Poison (the Commander card, and a playtest card legal nowhere): the notebook
    merged the entries with `cards_frame().drop_duplicates("name")`, whose first row was the playtest card (mana
    value 5, BG, not legal) for a deck the checker found legal. deck_cards_frame gives each entry's Oracle id, the
    card the checker took, to merge on; an unknown name has none."""
    text = "Commander\n1 Titania, Protector of Argoth\n\nDeck\n1 Pick Your Poison\n1 Sol Rign\n"
    report = check_many({"poison": text}, store=store, keep_cards=True)
    entries = report.deck_cards_frame()
    assert entries.columns.tolist() == ["deck", "name", "card", "quantity", "section", "oracle_id"]
    assert entries["oracle_id"].isna().tolist() == [False, False, True]  # Sol Rign: unknown
    cards = deckcheck.cards_frame(store)
    assert (cards["name"] == "Pick Your Poison").sum() == 2
    poison = entries.merge(cards, on="oracle_id", suffixes=("", "_card")).set_index("card").loc["Pick Your Poison"]
    assert (poison["mana_value"], poison["color_identity"], poison["legality"]) == (1.0, "G", "legal")


def test_a_frame_written_for_a_spreadsheet_is_excel_s_utf_8_and_runs_no_formula(tmp_path, store):
    """The notebook writes its tables for the judges with to_spreadsheet_csv: pandas' to_csv would hand a
    spreadsheet a registered name "=HYPERLINK(...)" as a formula, and accents Excel garbles without the mark."""
    pandas = pytest.importorskip("pandas")
    names = ['=HYPERLINK("http://x.invalid","fix")', "José", "-"]
    texts = pandas.Series(["1 Sol Ring\n1 Lim-Dûl's Vault\n"] * 3, index=names)
    decks = check_many(texts, store=store).to_frame()
    deckcheck.to_spreadsheet_csv(decks[["path", "card_count", "codes"]], tmp_path / "decks.csv")
    raw = (tmp_path / "decks.csv").read_bytes()
    assert raw.startswith(b"\xef\xbb\xbfpath,card_count,codes\n") and b"\r" not in raw
    back = pandas.read_csv(tmp_path / "decks.csv")
    assert back["path"].tolist() == ["'" + names[0], "José", "-"] and back["card_count"].tolist() == [2, 2, 2]
    by_code = check_many(texts, store=store).violations_frame().groupby(["deck", "code"]).size().rename("n")
    deckcheck.to_spreadsheet_csv(by_code.to_frame(), tmp_path / "codes.csv", index=True)
    rows = list(csv.reader((tmp_path / "codes.csv").open(encoding="utf-8-sig", newline="")))
    assert rows[0] == ["deck", "code", "n"] and ["José", "deck-size", "1"] in rows
    assert all(not row[0].startswith("=") for row in rows)
    deckcheck.to_spreadsheet_csv(by_code, tmp_path / "series.csv")  # a Series with its index (before: an error
    assert (tmp_path / "series.csv").read_bytes() == (tmp_path / "codes.csv").read_bytes()  # deep in pandas)
    deckcheck.to_spreadsheet_csv(by_code, tmp_path / "values.csv", index=False)  # unless told otherwise
    assert (tmp_path / "values.csv").read_text(encoding="utf-8-sig").splitlines()[0] == "n"
    with pytest.raises(TypeError, match="^to_spreadsheet_csv writes a pandas DataFrame or Series, not list$"):
        deckcheck.to_spreadsheet_csv([1, 2], tmp_path / "list.csv")
    for path in (None, by_code):  # None wrote nothing and said nothing (pandas returned the text; a review)
        with pytest.raises(TypeError, match="^to_spreadsheet_csv writes to a file's path or a file object, not "):
            deckcheck.to_spreadsheet_csv(by_code, path)
    buffer = io.BytesIO()  # (a web app's download)
    deckcheck.to_spreadsheet_csv(by_code, buffer)
    assert buffer.getvalue() == (tmp_path / "series.csv").read_bytes()


def test_a_frame_s_list_cells_are_written_for_a_spreadsheet_as_the_csv_report_writes_them(tmp_path, store):
    """The violations frame's `cards` and `lines` hold lists: to_spreadsheet_csv writes them joined by "; ", as
    `deckcheck check --format csv` writes the same cells. Before, a spreadsheet got Python's "['Swords to
    Plowshares', 'Lightning Greaves']" and "[99, 100]"."""
    chen = TOURNAMENT / "03-chen-food-and-fellowship.txt"
    violations = check_many([chen], store=store).violations_frame()
    deckcheck.to_spreadsheet_csv(violations, tmp_path / "violations.csv")
    rows = list(csv.DictReader((tmp_path / "violations.csv").open(encoding="utf-8-sig", newline="")))
    (side,) = [row for row in rows if row["code"] == "sideboard"]
    assert (side["cards"], side["lines"]) == ("Swords to Plowshares; Lightning Greaves", "99; 100")
    code, out, _ = run_cli("check", "--format", "csv", str(chen))
    (cli,) = [row for row in csv.DictReader(io.StringIO(out.lstrip("\ufeff"))) if row["code"] == "sideboard"]
    assert (cli["cards"], cli["line"]) == (side["cards"], side["lines"])  # (its column of lines is "line")


def test_a_frame_s_identities_are_written_for_a_spreadsheet_as_the_csv_report_writes_them(tmp_path, store):
    """A colorless deck's identity ("" in the frame) and an unknown one (missing) were both an empty cell in the file
    to_spreadsheet_csv wrote: a Kozilek deck could not be told from one whose commander was not found. Written now
    as `deckcheck batch --format csv` writes them: "C", "?", and nothing for an unreadable deck."""
    decks = {"kozilek": "Commander\n1 Kozilek, Butcher of Truth\nDeck\n99 Wastes\n",
             "unknown": "Commander\n1 Nosuch Commanderx\nDeck\n99 Wastes\n",
             "atraxa": "Commander\n1 Atraxa, Praetors' Voice\nDeck\n99 Forest\n", "lost": None}
    frame = check_many(decks, store=store).to_frame()
    assert frame["color_identity"].iloc[0] == "" and frame["color_identity"].iloc[1:].isna().tolist() == [
        True, False, True]
    deckcheck.to_spreadsheet_csv(frame, tmp_path / "decks.csv")
    rows = list(csv.DictReader((tmp_path / "decks.csv").open(encoding="utf-8-sig", newline="")))
    assert [row["color_identity"] for row in rows] == ["C", "?", "WUBG", ""]
    for name, text in decks.items():
        if text is not None:
            (tmp_path / f"{name}.txt").write_text(text, encoding="utf-8")
    code, out, _ = run_cli("batch", "--format", "csv", *(str(tmp_path / f"{n}.txt") for n in list(decks)[:3]))
    assert [row["identity"] for row in csv.DictReader(io.StringIO(out.lstrip("\ufeff")))][:3] == ["C", "?", "WUBG"]


def test_frames_of_an_empty_batch_keep_their_number_and_flag_types(tournament, store):
    """A batch that found no deck gave frames of "object" columns: a filter on `legal` or a sum of `errors`
    across batches then changed type. So did its text columns, and a column of no value (decks without a
    name) in pandas 3, where the text columns of other batches are "str"."""
    empty = deckcheck.check_many([], store=store, keep_cards=True)
    unnamed = deckcheck.check_many([TOURNAMENT.parent / "abzan-armor-tdc.txt"], store=store, keep_cards=True)
    numeric = ["card_count", "legal", "unreadable", "errors", "warnings", "bracket_minimum", "game_changers"]
    assert len(empty.to_frame()) == 0 and unnamed.to_frame()["name"].isna().all()
    assert empty.to_frame()[numeric].dtypes.to_dict() == tournament.to_frame()[numeric].dtypes.to_dict()
    assert empty.violations_frame()["line"].dtype == tournament.violations_frame()["line"].dtype
    assert empty.deck_cards_frame()["quantity"].dtype == tournament.deck_cards_frame()["quantity"].dtype == "int64"
    for frame in ("to_frame", "violations_frame", "deck_cards_frame"):
        types = getattr(tournament, frame)().dtypes.to_dict()
        assert getattr(empty, frame)().dtypes.to_dict() == getattr(unnamed, frame)().dtypes.to_dict() == types, frame


def test_a_pair_of_commanders_is_one_value_of_the_tables_whichever_its_list_named_first(tmp_path, store):
    """The frame's and the batch CSV's `commanders` kept each list's order, so that "Thrasios + Tymna" and "Tymna +
    Thrasios" were two groups of a groupby over a tournament's decks (an analyst's review). Both are now in order of
    name, as is the HTML report's table; a deck's own report keeps its list's order."""
    main = _main_deck("01-alice-breed-lethality.txt").splitlines()[2:] + ["1 Island"]
    pairs = (["Thrasios, Triton Hero", "Tymna the Weaver"], ["Tymna the Weaver", "Thrasios, Triton Hero"])
    decks = {f"deck {i}": {"commander": pair, "decklist": main} for i, pair in enumerate(pairs)}
    report = check_many(decks, store=store)
    assert [r.report.commanders for r in report] == [tuple(pair) for pair in pairs]
    assert report.to_frame().groupby("commanders").size().to_dict() == {
        "Thrasios, Triton Hero + Tymna the Weaver": 2}
    assert {row.report.commanders_cell for row in report} == {"Thrasios, Triton Hero + Tymna the Weaver"}
    archive, out = tmp_path / "decks.jsonl", tmp_path / "summary.csv"
    archive.write_text("".join(json.dumps(deck) + "\n" for deck in decks.values()), encoding="utf-8")
    assert run_cli("batch", "--format", "csv", "-o", str(out), "--no-progress", str(archive))[0] == 0
    assert {row["commanders"] for row in csv.DictReader(out.open(encoding="utf-8-sig"))} == {
        "Thrasios, Triton Hero + Tymna the Weaver"}
    page = tmp_path / "report.html"  # the HTML report's table, sorted and filtered by that column, too
    assert run_cli("batch", "-o", str(page), "--no-progress", str(archive))[0] == 0
    assert page.read_text(encoding="utf-8").count("<td>Thrasios, Triton Hero + Tymna the Weaver</td>") == 2


def test_cards_frame(store):
    frame = deckcheck.cards_frame(store)
    assert len(frame) == len(store)
    ring = frame[frame["name"] == "Sol Ring"].iloc[0]
    assert (ring["mana_value"], ring["color_identity"], ring["types"], ring["legality"]) == (1.0, "", "Artifact",
                                                                                           "legal")
    atraxa = frame[frame["name"] == "Atraxa, Praetors' Voice"].iloc[0]
    assert atraxa["color_identity"] == "WUBG" and atraxa["mana_value"] == 4.0
    assert frame["game_changer"].dtype == bool
    # a split card has both halves' characteristics off the stack (CR 709.4): they were its first half's (a review)
    split = frame.set_index("name").loc[["Fire // Ice", "Beck // Call", "Tergrid, God of Fright // Tergrid's Lantern"]]
    assert split[["colors", "type_line", "types"]].values.tolist() == [
        ["UR", "Instant // Instant", "Instant"], ["WUG", "Sorcery // Sorcery", "Sorcery"],
        ["B", "Legendary Creature — God", "Creature"]]  # (a double-faced card: its front face)


def test_cards_frame_holds_each_card_as_check_does(store):
    """The frame's legality and game changer were the card data's, so a notebook joining it with a batch's cards
    counted other Game Changers than the batch's own column, and showed Mana Crypt legal: they are now what
    `check` holds by the policy on the day (the card data's legality beside them), for every card."""
    import pandas as pd

    frame = deckcheck.cards_frame(store).drop_duplicates("name").set_index("name")
    crypt, biorhythm = frame.loc["Mana Crypt"], frame.loc["Biorhythm"]
    assert (crypt["legality"], crypt["source_legality"]) == ("banned", "legal")
    assert (biorhythm["legality"], biorhythm["source_legality"]) == ("legal", "banned")
    names = [n for n in frame.index[::20] if frame.loc[n, "legality"] != "not_legal"]
    names += list(frame.query("game_changer").index[:20]) + list(frame.query("legality == 'banned'").index[:20])
    text = "Commander\n1 Kenrith, the Returned King\nDeck\n" + "".join(f"1 {n}\n" for n in dict.fromkeys(names))
    batch = check_many(text, store=store)
    banned = {c for v in batch.results[0].report.violations if v.code == "banned" for c in v.cards}
    assert banned == set(frame.loc[names].query("legality == 'banned'").index) and len(banned) >= 20
    flagged = set(frame.loc[names].query("game_changer").index)
    assert batch.to_frame()["game_changers"].iloc[0] == len(flagged) >= 20
    with pytest.warns(DeckcheckWarning, match=r"cards_frame\(on=2024-01-01\): policy history before 2024-09-23 is "
                                              "not recorded"):  # (said as `check --as-of` says it: a review)
        assert not deckcheck.cards_frame(store, on=pd.Timestamp("2024-01-01"))["game_changer"].any()  # no list yet


def test_api_check_deck(store):
    report = deckcheck.check_deck(TOURNAMENT / "05-emeka-vampiric-bloodlust.txt", store=store)
    assert report.codes() == ["color-identity"]
    text = (TOURNAMENT / "01-alice-breed-lethality.txt").read_text(encoding="utf-8")
    assert deckcheck.check_deck(text, store=store).legal


def test_api_without_a_store_opens_one_once_and_again_only_when_it_was_replaced(tmp_path, monkeypatch):
    """check_deck(text) in a loop opened the store anew at each call and kept every one (its Checker, kept by the
    store in a WeakKeyDictionary, held it): 3,000 calls took 2.8 GB and 3,000 open files, then failed as "not a
    deckcheck card store". The store is now opened once and kept while its file is the one there; a store dropped
    goes with its Checker."""
    import gc
    import shutil
    import weakref

    from deckcheck.store import BUNDLED, STORE_FILE, CardStore

    monkeypatch.setenv("DECKCHECK_DATA", str(tmp_path))
    shutil.copyfile(BUNDLED, tmp_path / STORE_FILE)
    text = (TOURNAMENT / "01-alice-breed-lethality.txt").read_text(encoding="utf-8")
    files = len(os.listdir("/proc/self/fd"))
    assert all(deckcheck.check_deck(text).legal for _ in range(200))
    assert len(os.listdir("/proc/self/fd")) <= files + 1
    first = CardStore.given(None)
    assert CardStore.given(None) is first and first.path == str(tmp_path / STORE_FILE)
    shutil.copyfile(BUNDLED, tmp_path / "new.sqlite")
    os.replace(tmp_path / "new.sqlite", tmp_path / STORE_FILE)  # as `deckcheck update` swaps a store in
    assert CardStore.given(None) is not first
    empty = tmp_path / "empty"  # a data folder with no store yet: the bundled snapshot, until one is built there
    empty.mkdir()
    (tmp_path / "other").mkdir()
    monkeypatch.setenv("DECKCHECK_DATA", str(tmp_path / "other"))  # (another folder, of no store: not the one asked)
    with pytest.warns(DeckcheckWarning, match="no card store there"):
        assert CardStore.given(None, empty).path == str(BUNDLED)
    shutil.copyfile(BUNDLED, empty / STORE_FILE)
    assert CardStore.given(None, empty).path == str(empty / STORE_FILE)  # (was the bundled snapshot still)
    dropped = deckcheck.open_store(tmp_path)
    assert deckcheck.check_deck(text, store=dropped).legal
    gone = weakref.ref(dropped)
    del dropped
    gc.collect()
    assert gone() is None


def test_api_takes_one_commander_name_as_a_str_not_its_letters(store):
    text = "1 Sol Ring\n1 Atraxa, Praetors' Voice\n"
    leader = "Atraxa, Praetors' Voice"
    assert deckcheck.check_deck(text, store=store, commanders=leader).commanders == (leader,)
    assert check_many(text, store=store, commanders=leader).results[0].report.commanders == (leader,)
    assert deckcheck.check_deck(text, store=store, commanders=[leader]).commanders == (leader,)


def test_api_takes_a_datetime_or_timestamp_as_its_day(store):
    """Gifts Ungiven left the banned list on 2025-04-22; a notebook passes datetimes and pandas Timestamps,
    which Python can't compare with the policy's dates."""
    import datetime

    import pandas as pd

    text = "1 Gifts Ungiven\n"
    for before, after in [(datetime.datetime(2025, 4, 21, 23, 0), datetime.datetime(2025, 4, 22, 0, 1)),
                          (pd.Timestamp("2025-04-21"), pd.Timestamp("2025-04-23 12:00"))]:
        assert "banned" in deckcheck.check_deck(text, store=store, on=before).codes()
        assert "banned" not in deckcheck.check_deck(text, store=store, on=after).codes()
        assert "banned" in check_many(text, store=store, on=before).results[0].report.codes()
    from deckcheck.policy import load_policy

    policy = load_policy()
    flags = deckcheck.cards_frame(store, policy=policy, on=pd.Timestamp("2025-06-01 18:00"))["game_changer"]
    assert flags.any() and flags.equals(deckcheck.cards_frame(store, policy=policy, on="2025-06-01")["game_changer"])


@pytest.mark.parametrize("kwargs,error,said", [
    ({"on": 2025}, TypeError, "on: a date or a YYYY-MM-DD string, not int 2025"),
    ({"on": "last week"}, ValueError, "on: not a date in YYYY-MM-DD form: 'last week'"),
    ({"on": "2025-02-30"}, ValueError, "on: no such day: '2025-02-30'"),
    ({"commanders": 5}, TypeError, "commanders: a card name or a list of them, not int 5"),
    ({"commanders": ["Sol Ring", None]}, TypeError, "commanders: card names (str), not NoneType None"),
    ({"commanders": [" "]}, ValueError, "commanders: an empty name"),
    ({"commanders": b"Sol Ring"}, TypeError,  # (was "not int 83", the bytes' first item)
     "commanders: a card name (str) or a list of them, not bytes: decode it"),
])
def test_api_arguments_of_the_wrong_kind_say_which(store, kwargs, error, said):
    for check in (deckcheck.check_deck, check_many):
        with pytest.raises(error) as caught:
            check("1 Sol Ring\n", store=store, **kwargs)
        assert str(caught.value) == said


def test_api_date_of_a_year_or_month_is_refused_as_the_command_line_refuses_it(store):
    """numpy's `datetime64("2024-05")`, a month, was taken as its first day, where `--as-of 2024-05` is refused (a
    hardening review); a day, or a time on a day, is that day."""
    numpy = pytest.importorskip("numpy")
    for month in (numpy.datetime64("2024"), numpy.datetime64("2024-05")):
        with pytest.raises(ValueError, match=r"^on: a year, month or week \(2024(-05)?\), not a day"):
            deckcheck.check_deck("1 Sol Ring\n", store=store, on=month)
    assert check_many(["1 Sol Ring\n"], store=store, on=numpy.datetime64("2024-05-03T10:00")).on.isoformat() == \
        "2024-05-03"


def test_api_commanders_from_a_frame_s_column_are_refused_as_a_date_s_column_is(store):
    """`check_many(frame, commanders=frame["commander"].str[0])`: a commander a deck, which the argument can't give
    (it gives every deck the same). Before, every deck had all the column's commanders: Yisan + Marath + Tasigur,
    102 cards, on decks that were legal. An array of one deck's commanders is those commanders."""
    pandas = pytest.importorskip("pandas")
    frame = pandas.DataFrame({"commander": [["Atraxa, Praetors' Voice"], ["Edgar Markov"]],
                              "decklist": [["1 Sol Ring"], ["1 Swamp"]]})
    for given in (frame["commander"].str[0], frame["commander"].str[0].values, pandas.Index(["Atraxa", "Edgar"])):
        with pytest.raises(TypeError) as caught:
            check_many(frame, store=store, commanders=given)
        assert str(caught.value).startswith("commanders: the same commanders for every deck, not a "), given
    # one deck's commanders as an array (a Parquet list cell, a row's Commander and Partner cells): its commanders
    import numpy

    pair = ["Thrasios, Triton Hero", "Tymna the Weaver"]
    for given in (numpy.array(pair), pandas.Series(pair, index=["Commander", "Partner"])):
        assert deckcheck.check_deck("1 Sol Ring\n", store=store, commanders=given).commanders == tuple(pair)
        (row,) = check_many(frame.iloc[:1], store=store, commanders=given)
        assert row.report.commanders == tuple(pair)
    assert check_many(frame, store=store).to_frame()["commanders"].tolist() == ["Atraxa, Praetors' Voice",
                                                                                "Edgar Markov"]


def test_checking_each_deck_as_of_its_own_day_keeps_a_bounded_cache(store):
    """An analyst checks each deck of an archive as of its own day (`check_deck(row, on=row.day)`, thousands of
    days): the shared checker kept every day's resolved cards and bans, 280 MB for the Duel Commander archive. Now
    the last DATES_KEPT days are kept, and the verdicts are the same; the cards' rule facts are the store's, shared
    by every checker on it (a check_many per day made them again)."""
    import datetime

    from deckcheck.checker import DATES_KEPT, Checker, checker_for

    text = (TOURNAMENT / "04-dana-mystic-intellect.txt").read_text(encoding="utf-8")
    days = [datetime.date(2024, 9, 1) + datetime.timedelta(days=n) for n in range(3 * DATES_KEPT)]
    codes = [deckcheck.check_deck(text, store=store, on=day).codes() for day in days]
    checker = checker_for(store)
    assert len(checker._resolved) <= DATES_KEPT
    assert {len({key[1] for key in cache}) for cache in (checker._bans, checker._disagreements)} <= set(
        range(DATES_KEPT + 1))
    assert codes[:22] == [[]] * 22 and codes[22:] == [["banned"]] * (len(days) - 22)  # Dockside from 2024-09-23
    assert Checker(store)._facts is checker._facts is store.card_facts and store.card_facts


def test_api_a_missing_date_or_a_store_of_the_wrong_kind_says_which_argument(store):
    """pandas' NaT (a missing Timestamp) raised "Cannot compare NaT with datetime.date object" deep in the policy,
    and store="x" "cannot create weak reference to 'str' object"."""
    pandas = pytest.importorskip("pandas")
    for check in (deckcheck.check_deck, check_many):
        with pytest.raises(ValueError) as caught:
            check("1 Sol Ring\n", store=store, on=pandas.NaT)
        assert str(caught.value) == "on: a missing date (NaT), not a day"
        with pytest.raises(TypeError) as caught:
            check("1 Sol Ring\n", store="x")
        assert str(caught.value) == "store: a CardStore (deckcheck.open_store() opens one), not str 'x'"
        with pytest.raises(TypeError) as caught:  # (was "'str' object has no attribute 'data_disagreement'")
            check("1 Sol Ring\n", store=store, policy="x")
        assert str(caught.value) == "policy: a Policy (deckcheck.policy.load_policy() loads one), not str 'x'"
    with pytest.raises(TypeError, match="^store: a CardStore .*, not str 'data/cards.sqlite'$"):
        deckcheck.cards_frame("data/cards.sqlite")  # (was "'str' object has no attribute 'iter_cards'")
    with pytest.raises(TypeError, match="^policy: a Policy .*, not dict {}$"):
        deckcheck.cards_frame(store, policy={})


def test_api_decks_of_the_wrong_kind_say_so_and_an_empty_deck_is_unreadable_as_on_the_command_line(store, tmp_path):
    """check_many(b"/tmp") checked each byte as a deck (4 unreadable rows named '47', '116', ...) and
    check_many(42) raised "'int' object is not iterable"; check_deck of an empty file or one of comments only
    gave a deck of no cards (deck-size, no-commander) where `deckcheck check` and check_many say it can't be
    read, and check_deck("") said "': no such file"."""
    for given, kind in [(b"/tmp", "bytes"), (42, "int"), (None, "NoneType")]:
        with pytest.raises(TypeError, match=f"^decks are paths, decklist texts, deck objects .* not {kind}"):
            check_many(given, store=store)
    comments, empty = tmp_path / "comments.txt", tmp_path / "empty.txt"
    comments.write_text("// my deck\n# to be filled\n", encoding="utf-8")
    empty.write_bytes(b"")
    for deck in (comments, empty, str(empty), "", " \n\n"):
        with pytest.raises(InputError, match="empty decklist: no card entries$"):
            deckcheck.check_deck(deck, store=store)
    rows = check_many([comments, empty], store=store).results
    assert [r.report.violations[0].message for r in rows] == ["empty decklist: no card entries"] * 2


def test_the_api_s_errors_and_warning_are_the_package_s_names(store, tmp_path):
    """The README tells of a DeckcheckWarning and check_deck raises InputError, but neither was a name of the package
    (`deckcheck.DeckcheckWarning` was an AttributeError; an analyst's review found it)."""
    assert {"DeckcheckError", "DeckcheckWarning", "InputError"} <= set(deckcheck.__all__) & set(dir(deckcheck))
    assert (deckcheck.DeckcheckWarning, deckcheck.InputError) == (DeckcheckWarning, InputError)
    with pytest.raises(deckcheck.DeckcheckError):
        check_deck(tmp_path / "not-there.txt", store=store)


def test_check_deck_s_report_is_check_s_json_bracket_and_all(store, capsys):
    """check_deck gave no Commander Bracket (no way to ask for one), where `check --format json` and check_many give
    it: the same deck's report differed (an analyst's review found it). `brackets=False` leaves it out."""
    for name in ("01-alice-breed-lethality.txt", "04-dana-mystic-intellect.txt"):
        code, out, _ = run_cli("check", "--format", "json", str(TOURNAMENT / name))
        (deck,) = json.loads(out)["decks"]
        report = check_deck(TOURNAMENT / name, store=store)
        assert report.to_dict() == deck and deck["bracket"]["minimum"] >= 1
        assert check_deck(TOURNAMENT / name, store=store, brackets=False).bracket is None


def test_api_a_folder_of_no_decklists_is_said_as_the_command_line_says_it(store, tmp_path):
    """check_many of an empty folder (a mistyped one, a folder of .png screenshots) returned a report of no deck
    without a word, where `deckcheck batch` says there are no decks and exits 2: it warns so."""
    (tmp_path / "screenshot.png").write_bytes(b"\x89PNG")
    with pytest.warns(DeckcheckWarning, match=f"^no decks in {re.escape(str(tmp_path))}: no decklist file, "):
        assert check_many([tmp_path], store=store).results == ()
    code, _, err = run_cli("batch", str(tmp_path))
    assert (code, err) == (2, f"deckcheck: error: no decks in {tmp_path}: no decklist file, or only files holding "
                              "none (an empty JSON Lines file, a table of registrations with no row yet)\n")


def test_api_jobs_are_taken_as_the_command_line_takes_them(store):
    """check_many(jobs=-1) ran one process where `batch --jobs -1` is refused."""
    with pytest.raises(ValueError, match=r"^jobs: must be 0 \(one per CPU\) or more, not -1$"):
        check_many("1 Sol Ring\n", store=store, jobs=-1)
    with pytest.raises(TypeError, match=r"^jobs: a number of processes \(int\), not str '2'$"):
        check_many("1 Sol Ring\n", store=store, jobs="2")
    code, _, err = run_cli("batch", "--jobs", "-1", str(TOURNAMENT))
    assert code == 2 and err.endswith("argument -j/--jobs: --jobs must be 0 (one per CPU) or more\n")


def test_api_one_line_that_is_no_file_says_how_text_is_read(store, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(InputError, match=r"no such file \(decklist text is read as such when it "
                                                           r"has a line break"):
        deckcheck.check_deck("1 Sol Ring", store=store)


def test_api_takes_deck_objects_and_mtgjson_decks_as_batch_does(store, shared_data):
    precon = json.loads(gzip.decompress(
        (shared_data / "decks" / "mtgjson-precons-2026-01" / "AbzanArmor_TDC.json.gz").read_bytes()))
    lines = [ln for ln in (TOURNAMENT / "05-emeka-vampiric-bloodlust.txt").read_text(encoding="utf-8").splitlines()
             if ln[:1].isdigit()]
    record = {"commander": [lines[0][2:]], "decklist": lines[1:], "path": "emeka.json"}
    as_file = deckcheck.check_deck(PROJECT / "data" / "examples" / "abzan-armor-tdc.txt", store=store)
    from_json = deckcheck.check_deck(precon, store=store)
    assert from_json.legal and from_json.commanders == as_file.commanders
    assert from_json.card_count == as_file.card_count == 100
    emeka = deckcheck.check_deck(record, store=store)
    assert emeka.path == "emeka.json" and emeka.codes() == ["color-identity"]
    batch = check_many([precon, record, {"foo": 1}], store=store)
    assert [r.report.codes() for r in batch.results[:2]] == [[], ["color-identity"]]
    assert batch.results[2].unreadable
    assert batch.results[2].report.violations[0].message.startswith("JSON, but not a deck")
    with pytest.raises(InputError, match="JSON, but not a deck"):
        deckcheck.check_deck({"foo": 1}, store=store)
    # a dict of decks by name holding MTGJSON deck files' JSON, or a value that is no deck, beside the others: a deck
    # each (before, the whole dict was one unreadable deck, "JSON, but not a deck")
    named = check_many({"abzan": precon, "emeka": record, "alice": (TOURNAMENT / "01-alice-breed-lethality.txt").read_text(encoding="utf-8"),
                        "bo": 5}, store=store)
    assert [(r.path, r.legal, r.unreadable) for r in named] == [
        ("abzan", True, False), ("emeka", False, False), ("alice", True, False), ("bo", False, True)]


def test_one_deck_asked_of_an_archive_of_decks_says_batch_reads_it(store, shared_data):
    """check_deck and `deckcheck check` of the Duel Commander archive (JSON Lines, gzipped) said "decompresses to more
    than 16,777,216 bytes; not a decklist", as of a file that holds nothing usable."""
    archive = shared_data / "decks" / "duel-commander" / "decks.jsonl.gz"
    said = "JSON Lines of decks, too big for one decklist; `deckcheck batch` (`check_many` in Python) checks each"
    with pytest.raises(InputError, match=re.escape(said)):
        deckcheck.check_deck(archive, store=store)
    code, _, err = run_cli("check", str(archive))
    assert code == 2 and said in err and len(err.splitlines()) == 1


def test_the_command_line_as_a_careless_user_meets_it(tmp_path, monkeypatch):
    """`batch deck.txt -o deck.txt/` replaced the deck with the report (the slash got past the check for a report
    that is one of the decks); a file named with a line break, or a blank name, was read as decklist text (a
    "<text 1>" of unknown cards) or as no decklist; options between a command's files were "unrecognized
    arguments" of the whole program; the "report written to" line printed a line break of the report's name."""
    deck = tmp_path / "deck.txt"
    deck.write_bytes((TOURNAMENT / "01-alice-breed-lethality.txt").read_bytes())
    code, out, err = run_cli("batch", "--no-progress", str(deck), "-o", f"{deck}/")
    assert code == 2 and err == f"deckcheck: error: {deck}/: a folder's name (it ends with a slash); -o names the " \
                               "report's file\n"
    assert deck.read_bytes() == (TOURNAMENT / "01-alice-breed-lethality.txt").read_bytes()
    odd = [tmp_path / "deck\nfake.txt", tmp_path / " "]
    for path in odd:
        path.write_bytes(deck.read_bytes())
    monkeypatch.chdir(tmp_path)
    code, out, _ = run_cli("batch", "--no-progress", "--format", "csv", "deck\nfake.txt", " ")
    rows = list(csv.DictReader(io.StringIO(out.lstrip("\ufeff"))))
    assert code == 0 and [(row["deck"], row["legal"]) for row in rows] == [("deck\nfake.txt", "yes"), (" ", "yes")]
    code, out, _ = run_cli("check", "deck.txt", "--format", "csv", " ")
    assert code == 0 and [row["path"] for row in csv.DictReader(io.StringIO(out.lstrip("\ufeff")))] == ["deck.txt", " "]
    code, _, err = run_cli("batch", "--no-progress", "deck.txt", "-o", "report\nfake.txt")
    assert code == 0 and err == "deckcheck: 1 deck: 1 legal, 0 not legal, 0 unreadable; report written to " \
                               "report\\nfake.txt\n"


def test_a_json_report_is_json_whatever_the_locale(tmp_path):
    """Under LANG=C (or PYTHONIOENCODING=ascii) a card name the locale can't encode was written as Python's escape,
    "Lim-D\\xfbl's Vault", which JSON has not: `| jq` failed. A JSON, CSV or HTML report is written in UTF-8."""
    deck = tmp_path / "vault.txt"
    deck.write_text("Commander\n1 Krenko, Mob Boss\nDeck\n2 Lim-Dûl's Vault\n97 Mountain\n", encoding="utf-8")
    env = {**os.environ, "PYTHONIOENCODING": "ascii", "LC_ALL": "C", "LANG": "C", "PYTHONUTF8": "0"}
    for command in (["check", "--format", "json"], ["batch", "--no-progress", "--format", "json"],
                    ["brackets", "--format", "json"]):
        done = subprocess.run([sys.executable, "-m", "deckcheck", *command, str(deck)], env=env, capture_output=True,
                              timeout=120)
        report = json.dumps(json.loads(done.stdout.decode("utf-8")), ensure_ascii=False)  # (it was no JSON)
        assert command[0] == "brackets" or "2 copies of Lim-Dûl's Vault" in report, command
    done = subprocess.run([sys.executable, "-m", "deckcheck", "check", str(deck)], env=env, capture_output=True,
                          timeout=120)  # text stays the locale's, escaped
    assert b"Lim-D\\xfbl's Vault" in done.stdout


def test_api_refuses_what_is_not_a_deck_or_a_list_of_them(store):
    pandas = pytest.importorskip("pandas")
    texts = [(TOURNAMENT / name).read_text(encoding="utf-8") for name in sorted(EXPECTED)[:2]]
    frame = pandas.DataFrame({"player": ["a", "b"], "event": ["Open", "Open"], "notes": texts})
    with pytest.raises(TypeError, match=r"no column of this DataFrame holds decklists \(its columns: player, event, "
                                        r"notes\); name the decklists' column \"decklist\""):
        check_many(frame, store=store)
    assert [r.unreadable for r in check_many(frame["notes"], store=store)] == [False, False]
    with pytest.warns(DeckcheckWarning, match="no decks in this DataFrame: it has no rows"):
        assert check_many(frame.iloc[:0], store=store).results == ()
    for value in (texts[0].encode(), 5, None):
        with pytest.raises(TypeError, match="a deck is a path, decklist text, a list of its lines, deck object"):
            deckcheck.check_deck(value, store=store)


def test_a_series_of_decklists_names_each_deck_by_its_index_label(store):
    """Registrations in a table: check_many(df.set_index("player")["decklist"]) names each deck by its player,
    and an empty cell is an unreadable row saying so; a path keeps its own name."""
    pandas = pytest.importorskip("pandas")
    alice = (TOURNAMENT / "01-alice-breed-lethality.txt").read_text(encoding="utf-8")
    dana = TOURNAMENT / "04-dana-mystic-intellect.txt"
    record = {"commander": ["Edgar Markov"], "decklist": ["1 Sol Ring"]}
    table = pandas.DataFrame({"player": ["alice", "bob", "carol", "dan", "erin"],
                              "decklist": [alice, float("nan"), str(dana), None, record]})
    batch = check_many(table.set_index("player")["decklist"], store=store)
    frame = batch.to_frame()
    assert frame["path"].tolist() == ["alice", "bob", str(dana), "dan", "erin"]
    assert frame["unreadable"].tolist() == [False, True, False, True, False]
    assert batch.results[1].report.violations[0].message == "no decklist (an empty value)"
    assert batch.results[0].legal and batch.results[2].report.codes() == ["banned"]
    assert batch.results[4].report.codes() == ["deck-size"]
    assert check_many(table["decklist"], store=store).to_frame()["path"].tolist()[:2] == ["0", "1"]
    texts = pandas.Series([alice, None], dtype="string", index=["alice", "bob"])  # a missing string is NA
    assert [(r.path, r.unreadable) for r in check_many(texts, store=store)] == [("alice", False), ("bob", True)]
    assert check_many([pandas.NaT], store=store).results[0].report.violations[0].message == (
        "no decklist (an empty value)")


def test_a_series_of_lists_of_entries_is_a_deck_a_list(store):
    """`pd.read_json("decks.jsonl", lines=True)["decklist"]` is a Series of lists (a JSON array a cell): every deck
    was unreadable, "not a path, decklist text or deck: list". A list, a tuple or a numpy array of entries is now the
    deck's entries, as a deck object's "decklist" holds them."""
    pandas = pytest.importorskip("pandas")
    import numpy

    entries = ["1 Krenko, Mob Boss", "1 Sol Ring", "98 Mountain"]
    cells = pandas.Series([entries, numpy.array(entries), [], ["1 Sol Rnig", {"name": "Island"}]],
                          index=["ann", "cy", "dee", "eve"])
    report = check_many(cells, store=store)
    assert [(r.path, r.unreadable, r.report.card_count) for r in report] == [
        ("ann", False, 100), ("cy", False, 100), ("dee", True, 0), ("eve", False, 2)]
    assert report.results[3].report.codes() == ["unknown-card", "deck-size", "no-commander"]


def test_a_frame_s_rows_are_deck_objects_and_its_dates_one_at_a_time(store):
    """A frame's row (a Series) given as a deck was refused ("not a Series"); its `itertuples()` were read as lists
    of card names ("Mathieu Hautot", the event's number), every field an unknown card, and `iterrows()` failed deep
    in json. A row is now a deck object; a row's tuple an unreadable row that says to give the frame itself. A
    column of dates for `on` says it takes one date, and how to check each deck as of its own; numpy's datetime64,
    as such a column gives its dates one by one, is a day."""
    pandas = pytest.importorskip("pandas")

    frame = pandas.DataFrame({"player": ["Ann", "Ben"], "commander": [["Krenko, Mob Boss"]] * 2,
                              "decklist": [["1 Sol Ring", "98 Mountain"]] * 2, "date": ["2025-01-01", "2025-06-01"]})
    assert check_deck(frame.loc[0], store=store).legal
    assert [r.legal for r in check_many([frame.loc[0], frame.loc[1]], store=store)] == [True, True]
    for rows, kind in ((frame.itertuples(), "Pandas"), (frame.iterrows(), "tuple")):
        assert [r.report.violations[0].message for r in check_many(rows, store=store)] == [
            f"not a path, decklist text or deck: {kind}; a frame's rows: give the frame itself"] * 2
    with pytest.raises(TypeError, match=r"on: one date for every deck, not a Series of them; .*groupby"):
        check_many(frame, store=store, on=pandas.to_datetime(frame["date"]))
    day = pandas.to_datetime(frame["date"]).to_numpy()[1]
    assert check_many(frame, store=store, on=day).on.isoformat() == "2025-06-01"


def test_a_dict_of_a_frame_s_rows_is_its_decks_and_frames_in_a_list_or_a_groupby_are_refused(store):
    """Notebook slips (an analyst's review): a dict of a frame's rows (`{i: row for i, row in df.iterrows()}`) was one
    unreadable deck, "JSON, but not a deck"; it is a deck a row, each named by its key, as a list of the rows is. A
    list of frames was a row of an unreadable deck each ("2 decks: 2 unreadable" for six), a dict of them one unreadable
    deck, and a groupby one per group: each now says how to give them."""
    pandas = pytest.importorskip("pandas")

    frame = pandas.DataFrame({"player": ["Ann", "Ben", "Cy"], "commander": [["Krenko, Mob Boss"]] * 3,
                              "decklist": [["1 Sol Ring", "98 Mountain"], ["1 Sol Ring", "97 Mountain"],
                                           ["1 Mana Crypt", "98 Mountain"]]})
    by_key = check_many({f"row {i}": row for i, row in frame.iterrows()}, store=store)
    assert [(r.path, r.name, r.legal, r.report.card_count) for r in by_key] == [
        ("row 0", "Ann", True, 100), ("row 1", "Ben", False, 99), ("row 2", "Cy", False, 100)]
    with pytest.raises(TypeError, match=r"a list holding DataFrames: .*pd.concat\(frames\)"):
        check_many([frame.head(2), frame.tail(1)], store=store)
    with pytest.raises(TypeError, match=r"a dict holding DataFrames: .*pd.concat\(frames\)"):  # was one unreadable deck
        check_many({"round 1": frame.head(2), "round 2": frame.tail(1)}, store=store)
    for grouped in (frame.groupby("player"), frame.groupby("player")["decklist"]):
        with pytest.raises(TypeError, match=r"decks are not a groupby: check each group"):
            check_many(grouped, store=store)


def test_registrations_indexed_by_the_player_column_name_each_deck_by_its_player(store):
    """A form's responses indexed by their player column (`set_index("Player name")`, as the README joins them) named
    each deck by the e-mail column, the player column the rest of the header offered: the frames carried e-mail
    addresses as names. The index is now that column."""
    pandas = pytest.importorskip("pandas")
    rows = [["Alice Martin", "alice@example.org", "Krenko, Mob Boss", "1 Sol Ring\n98 Mountain\n"],
            ["Bob", "bob@example.org", "Krenko, Mob Boss", "1 Sol Ring\n98 Mountain\n"]]
    responses = pandas.DataFrame(rows, columns=["Player name", "Email", "Commander", "Paste your deck here"])
    for frame in (responses, responses.set_index("Player name")):
        assert check_many(frame, store=store).to_frame()["name"].tolist() == ["Alice Martin", "Bob"]
    by_mail = check_many(responses.set_index("Email"), store=store).to_frame()  # an index that names no player
    assert by_mail["name"].tolist() == ["Alice Martin", "Bob"] and by_mail.index.tolist() == [
        "alice@example.org", "bob@example.org"]
    # an index that names the player by an address or a number, beside a column of names: the column
    numbered = responses.assign(**{"Player email": responses["Email"], "Player ID": [101, 102]})
    for index in ("Player email", "Player ID"):
        assert check_many(numbered.set_index(index), store=store).to_frame()["name"].tolist() == ["Alice Martin", "Bob"]
    assert check_many(numbered.set_index("Player name"), store=store).to_frame()["name"].tolist() == [
        "Alice Martin", "Bob"]
    # an index as good as a column left wins, as the header's first column would: not the pronouns
    pronouns = responses.assign(**{"Player pronouns": ["she/her", "he/him"]}).set_index("Player name")
    assert check_many(pronouns, store=store).to_frame()["name"].tolist() == ["Alice Martin", "Bob"]


def test_two_decks_of_one_index_label_stay_two_decks(store):
    """A player who registered twice, in a Series or a DataFrame indexed by player: the second deck is numbered
    ("Chen #2"), so the frames tell the two apart (before, both were "Chen", their violations mixed)."""
    pandas = pytest.importorskip("pandas")
    lists = ["1 Sol Ring\n1 Forest\n", "1 Sol Ring\n", "1 Island\n1 Forest\n"]
    series = pandas.Series(lists, index=["Chen", "Ann", "Chen"])
    assert check_many(series, store=store).to_frame()["path"].tolist() == ["Chen", "Ann", "Chen #2"]
    frame = pandas.DataFrame({"player": ["Chen", "Ann", "Chen"], "decklist": lists}).set_index("player")
    violations = check_many(frame, store=store).violations_frame()
    assert sorted(set(violations["deck"])) == ["Ann", "Chen", "Chen #2"]


def test_to_frame_keeps_the_index_of_the_frame_checked_so_verdicts_join_their_rows(store):
    """check_many of a DataFrame or Series: to_frame is indexed by the rows the decks came from, so that
    `registrations.join(report.to_frame())` puts each verdict beside its own player (and violations_frame and
    deck_cards_frame a row per violation or card beside it). A blank row gives no deck;
    before, the frame was numbered 0, 1, 2 ... and every verdict after a blank row joined the row above it."""
    pandas = pytest.importorskip("pandas")
    alice = (TOURNAMENT / "01-alice-breed-lethality.txt").read_text(encoding="utf-8")
    banned = "Commander\n1 Edgar Markov\nDeck\n1 Sol Ring\n1 Mana Crypt\n"
    registrations = pandas.DataFrame({"Player": ["ann", None, "bo", "cy"], "Decklist": [alice, None, banned, alice]},
                                     index=pandas.Index([10, 11, 12, 13], name="response"))
    batch = check_many(registrations, store=store, keep_cards=True)
    joined = registrations.join(batch.to_frame())
    violations = batch.violations_frame().join(registrations["Player"])  # each violation beside its player
    assert set(violations.loc[violations["code"] == "banned", "Player"]) == {"bo"}
    assert set(violations.index) == {12} and violations.index.name == "response"
    cards = batch.deck_cards_frame().join(registrations["Player"])
    assert cards.groupby("Player")["quantity"].sum().to_dict() == {"ann": 100, "bo": 3, "cy": 100}
    assert joined["legal"].tolist()[:1] + joined["legal"].tolist()[2:] == [True, False, True]
    assert pandas.isna(joined.loc[11, "legal"]) and "banned" in joined.loc[12, "codes"]
    assert list(joined.index) == [10, 11, 12, 13] and joined.index.name == "response"
    series = registrations.set_index("Player")["Decklist"].dropna()
    frame = check_many(series, store=store).to_frame()
    assert list(frame.index) == ["ann", "bo", "cy"] and frame.index.name == "Player"
    assert frame.loc["bo", "legal"] == False and frame["path"].tolist() == ["ann", "bo", "cy"]  # noqa: E712
    assert list(check_many([alice], store=store).to_frame().index) == [0]


def test_a_series_cell_on_one_line_is_decklist_text_and_a_blank_one_an_empty_row(store, tmp_path, monkeypatch):
    """A form's one-line answer (an Arena export pasted with its line breaks dropped) in a Series was taken for a
    file's path: "no such file", named by the whole text instead of its player; an empty string was the path ''.
    A cell naming a file there is still read as that file."""
    pandas = pytest.importorskip("pandas")
    monkeypatch.chdir(tmp_path)
    oneline = "Commander 1 Felothar the Steadfast Deck 1 Sol Ring 1 Arcane Signet 30 Forest"
    (tmp_path / "dana.txt").write_text((TOURNAMENT / "04-dana-mystic-intellect.txt").read_text(encoding="utf-8"),
                                       encoding="utf-8")
    cells = pandas.Series([oneline, "", "  ", "dana.txt"], index=["ann", "ben", "cy", "dee"])
    ann, ben, cy, dee = check_many(cells, store=store)
    assert (ann.path, ann.unreadable, ann.report.commanders, ann.report.card_count) == (
        "ann", False, ("Felothar the Steadfast",), 33)
    assert [(r.path, r.unreadable, r.report.violations[0].message) for r in (ben, cy)] == [
        ("ben", True, "no decklist (an empty value)"), ("cy", True, "no decklist (an empty value)")]
    assert (dee.path, dee.report.codes()) == ("dana.txt", ["banned"])
    (blank,) = check_many([""], store=store)
    assert (blank.path, blank.report.violations[0].message) == ("''", "no decklist (an empty value)")


def test_a_frame_of_lists_saved_as_csv_is_read_as_the_frame_is(store, shared_data, tmp_path):
    """`frame.to_csv()` writes a list cell as Python writes it ("['1 Island', '1 Forest']"), and `pd.read_csv` gives
    it back as that text: the cell is read as the list it was, by check_many of the frame read back and by `batch`
    of the file, and so is a cell holding the list as JSON. Before, its brackets and quotes were cards' names: a
    commander "['Tasigur, the Golden Fang']" unknown, decks of 1, 171 and 194 cards. A decklist's text in brackets
    that is no such list stays text."""
    pandas = pytest.importorskip("pandas")
    frame = pandas.read_json(shared_data / "decks" / "duel-commander" / "decks.jsonl.gz", lines=True, nrows=30)
    seen = [(r.report.commanders, r.report.card_count, r.report.codes()) for r in check_many(frame, store=store)]
    frame.to_csv(tmp_path / "decks.csv", index=False)
    back = pandas.read_csv(tmp_path / "decks.csv")
    assert back["decklist"][0].startswith("['1 ")
    as_json = frame.assign(commander=frame["commander"].map(json.dumps), decklist=frame["decklist"].map(json.dumps))
    for read in (check_many(back, store=store), check_many(as_json, store=store),
                 check_many([tmp_path / "decks.csv"], store=store)):
        assert [(r.report.commanders, r.report.card_count, r.report.codes()) for r in read] == seen
    lists = [(r.report.card_count, r.report.codes()) for r in check_many(frame["decklist"], store=store)]
    assert [(r.report.card_count, r.report.codes()) for r in check_many(back["decklist"], store=store)] == lists
    from deckcheck.decklist.records import listed_text

    assert listed_text("[Sol Ring, Forest]") == "[Sol Ring, Forest]" and listed_text("[[1, 2]]") == "[[1, 2]]"
    assert listed_text("['1 Sol Ring', {'name': 'Forest', 'count': 2}]") == "1 Sol Ring\n2 Forest"


def test_deck_objects_indexed_by_their_player_keep_their_name(store, shared_data):
    """A frame of deck objects indexed by the field naming them (`set_index("player")`, or with the event) named no
    deck: the player left the row, and "name" was NaN though the event was still a column (an analyst's review)."""
    pandas = pytest.importorskip("pandas")
    decks = pandas.read_json(shared_data / "decks" / "duel-commander" / "decks.jsonl.gz", lines=True).head(20)
    names = check_many(decks, store=store).to_frame()["name"].tolist()
    assert all(" (" in name for name in names)  # "player (event)"
    for index in ("player", ["event", "player"]):
        frame = check_many(decks.set_index(index), store=store).to_frame()
        assert frame["name"].tolist() == names and frame.index.equals(decks.set_index(index).index)


def test_a_dataframe_s_rows_are_decks_as_its_columns_say(store, shared_data, tmp_path):
    """An analyst's frame of JSON Lines decks (pd.read_json) is checked row by row as deck objects, commanders
    included, as the file itself is; a frame of a form's responses (pd.read_csv) as its registrations are. Each
    deck is named by its index label. Before, a DataFrame was refused, with advice (pass its decklist column)
    that lost the commanders of the archive's decks."""
    pandas = pytest.importorskip("pandas")
    archive = shared_data / "decks" / "duel-commander" / "decks.jsonl.gz"
    frame = pandas.read_json(archive, lines=True, nrows=300)
    as_frame = check_many(frame, store=store).results
    as_file = check_many([archive], store=store).results[:300]
    assert len(as_frame) == 300 and [r.path for r in as_frame] == [str(i) for i in range(300)]
    assert [(r.name, r.report.commanders, r.report.card_count, r.report.codes()) for r in as_frame] == [
        (r.name, r.report.commanders, r.report.card_count, r.report.codes()) for r in as_file]
    assert sum(bool(r.report.commanders) for r in as_frame) == 300
    responses = tmp_path / "responses.csv"
    with responses.open("w", encoding="utf-8", newline="") as out:
        writer = csv.writer(out)
        writer.writerow(["Timestamp", "Player", "Commander", "Decklist"])
        writer.writerow(["2026-11-28 10:00", "Alice", "", (TOURNAMENT / "01-alice-breed-lethality.txt").read_text(
            encoding="utf-8")])
        writer.writerow(["2026-11-28 10:05", "Bruno", "The Tenth Doctor / Rose Tyler",
                         _main_deck("02-bruno-timey-wimey.txt")])
        writer.writerow(["", "", "", ""])  # a deleted response's blank row: no deck, in the file or the frame
        writer.writerow(["2026-11-28 10:09", "Carol", "", ""])
    table = pandas.read_csv(responses)
    assert [(r.path, r.name, r.unreadable, r.report.commanders, r.report.codes())
            for r in check_many(table, store=store)] == [
        ("0", "Alice", False, ("Atraxa, Praetors' Voice",), []),
        ("1", "Bruno", False, ("The Tenth Doctor", "Rose Tyler"), []),
        ("3", "Carol", True, (), ["unreadable"])]
    assert [r.name for r in check_many([responses], store=store)] == ["Alice", "Bruno", "Carol"]
    assert [(r.path, r.legal) for r in check_many(table.set_index("Player"), store=store)] == [
        ("Alice", True), ("Bruno", True), ("Carol", False)]
    # a deck object's "commander" beside a form's list column ("list", not "decklist"): registrations, as the
    # file is read; before, each row was a deck object of its commander alone
    lower = table.rename(columns={"Player": "player", "Commander": "commander", "Decklist": "list"})
    assert [(r.name, r.report.commanders, r.report.card_count) for r in check_many(lower, store=store)] == [
        ("Alice", ("Atraxa, Praetors' Voice",), 100), ("Bruno", ("The Tenth Doctor", "Rose Tyler"), 100),
        ("Carol", (), 0)]
    # and beside a "decklist" of texts (a form's columns named in lower case): before, a deck object whose text's
    # lines were its entries, its own Commander section beside the commander given (a commander pair of Atraxa
    # with herself, and 101 cards)
    texts = lower.rename(columns={"list": "decklist"})
    expected = [("Alice", ("Atraxa, Praetors' Voice",), 100, []), ("Bruno", ("The Tenth Doctor", "Rose Tyler"), 100, []),
                ("Carol", (), 0, ["unreadable"])]
    assert [(r.name, r.report.commanders, r.report.card_count, r.report.codes())
            for r in check_many(texts.assign(commander=["Atraxa, Praetors' Voice", *texts.commander[1:]]),
                                store=store)] == expected
    assert deckcheck.check_deck(texts.iloc[0], store=store).commanders == ("Atraxa, Praetors' Voice",)


def test_a_frame_s_cells_are_read_whatever_pandas_holds_them_in(store, shared_data):
    """What an analyst's frame holds besides strings: list cells under a form's column names ("deck"), numpy
    arrays (a Parquet round trip's lists), one row of a form's frame given to check_deck, a row with no deck's
    cells, and the frame's rows as arrays (`df.values`). Before, the lists were checked as their repr
    ("['Tasigur, the Golden Fang']", an unknown card), arrays made every row unreadable, the form's row was "JSON,
    but not a deck", so was the empty row, and `df.values` gave decks of garbage."""
    pandas = pytest.importorskip("pandas")
    numpy = pytest.importorskip("numpy")
    archive = shared_data / "decks" / "duel-commander" / "decks.jsonl.gz"
    frame = pandas.read_json(archive, lines=True, nrows=20)
    expected = [(r.report.commanders, r.report.card_count, r.report.codes()) for r in check_many(frame, store=store)]
    assert all(card_count == 100 for _, card_count, _ in expected)
    form = pandas.DataFrame({"player": frame.player, "commander": frame.commander, "deck": frame.decklist})
    arrays = frame.assign(commander=frame.commander.map(numpy.array), decklist=frame.decklist.map(numpy.array))
    for given in (form, arrays):
        assert [(r.report.commanders, r.report.card_count, r.report.codes())
                for r in check_many(given, store=store)] == expected
    assert deckcheck.check_deck(arrays.iloc[0], store=store).codes() == expected[0][2]
    # each row of the archive's own frame, alone, as check_many reads it among the others (a review found rows of
    # lists read as registrations by check_deck: their "companions" left out, their lines made up)
    companion = frame.assign(companions=[["Lurrus of the Dream-Den"]] * len(frame))
    together = [[(v.code, v.lines) for v in r.report.violations] for r in check_many(companion, store=store)]
    assert [[(v.code, v.lines) for v in deckcheck.check_deck(companion.iloc[i], store=store).violations]
            for i in range(len(frame))] == together
    assert all("companion" in [code for code, _ in row] for row in together)
    mixed = pandas.DataFrame([{"text": "Commander\n" + "\n".join(frame.decklist[0])}])  # "text" beside no "decklist"
    mixed["decklist"] = numpy.nan
    assert deckcheck.check_deck(mixed.iloc[0], store=store).card_count == 99
    row = form.assign(deck=form.deck.map("\n".join)).iloc[0]  # a form's row of text cells
    report = deckcheck.check_deck(row, store=store)
    assert (report.commanders, report.card_count) == expected[0][:2]
    (empty,) = check_many(pandas.DataFrame({"player": ["a"], "commander": [numpy.nan], "decklist": [numpy.nan]}),
                          store=store)
    assert empty.report.violations[0].message == "no decklist (an empty value)"
    assert empty.report.name == "a"  # (its player kept: before, the row had no name)
    for columns in (["commander", "decklist"], ["player", "commander", "decklist"]):  # (a list anywhere in a row)
        rows = check_many(frame[columns].values[:2], store=store)
        assert [r.report.violations[0].message for r in rows] == [
            "a list of lists, not a deck's entries (a frame's rows as arrays, `df.values`: give the frame itself, or "
            "its column of decklists)"] * 2
    # card objects in a form's list cells; a form's row whose list is empty, given alone
    objects = form.assign(deck=form.deck.map(lambda entries: [{"name": e.split(" ", 1)[1], "count": int(e.split(" ")[0])}
                                                              for e in entries]))
    assert [(r.report.commanders, r.report.card_count, r.report.codes())
            for r in check_many(objects, store=store)] == expected
    texts = form.assign(deck=form.deck.map("\n".join))
    texts.loc[1, "deck"] = numpy.nan
    with pytest.raises(InputError, match="no decklist in this row"):
        deckcheck.check_deck(texts.iloc[1], store=store)
    assert check_many(texts, store=store).results[1].report.violations[0].message == (
        "no decklist in this row (an empty cell)")


def test_a_registration_holding_a_deck_s_link_says_so(store, tmp_path, monkeypatch):
    """A registration form's decklist cell holding the link to the deck: a row (or error) saying it is a web
    address, not "no such file"; a real file named like one is still read."""
    pandas = pytest.importorskip("pandas")
    links = pandas.Series(["https://www.moxfield.com/decks/abc", " www.archidekt.com/decks/1 "], index=["ann", "ben"])
    said = "a web address, not a decklist (deckcheck fetches no deck pages: export the list from the site)"
    assert [(r.path, r.report.violations[0].message) for r in check_many(links, store=store)] == [
        ("ann", said), ("ben", said)]
    with pytest.raises(InputError, match=said.replace("(", r"\(").replace(")", r"\)")):
        deckcheck.check_deck("https://www.moxfield.com/decks/abc", store=store)
    monkeypatch.chdir(tmp_path)
    (tmp_path / "www.decks.txt").write_text((TOURNAMENT / "01-alice-breed-lethality.txt").read_text(encoding="utf-8"),
                                            encoding="utf-8")
    assert check_many(["www.decks.txt"], store=store).results[0].legal


def test_a_notebook_shows_a_batch_and_a_store_in_one_line(tournament, store):
    legal = sum(r.report.legal for r in tournament)
    unreadable = sum(r.unreadable for r in tournament)
    assert repr(tournament) == (f"<BatchReport of {len(tournament)} decks: {legal} legal, "
                                f"{len(tournament) - legal - unreadable} not legal, {unreadable} unreadable>")
    assert 0 < legal < len(tournament) and unreadable > 0  # every count is told apart
    from datetime import date

    from deckcheck.batch import BatchReport

    many = BatchReport(results=tournament.results * 50, card_data=tournament.card_data, on=date(2025, 1, 1))
    assert repr(many).endswith(f"{unreadable * 50} unreadable, as of 2025-01-01>") and len(repr(many)) < 100
    assert repr(store) == f"<CardStore {store.path}: card data of {store.meta['updated_at'][:10]}>"


def test_a_notebook_shows_a_deck_report_as_its_verdict_in_one_line(tournament, store):
    """check_deck's report showed as its generated repr, some 20,000 characters of violations that never said whether
    the deck is legal; it is one line now, and two reports of one deck are still equal."""
    jonas, chen = TOURNAMENT / "10-jonas-draconic-domination.txt", TOURNAMENT / "03-chen-food-and-fellowship.txt"
    report = deckcheck.check_deck(jonas, store=store)
    errors = len(report.errors)
    assert errors > 1 and not report.warnings
    assert repr(report) == (f"<DeckReport {jonas}: NOT legal ({errors} errors, 0 warnings), 100 cards, commander "
                            "Shivan Dragon, identity R>")
    assert repr(deckcheck.check_deck(chen, store=store)) == (
        f"<DeckReport {chen}: legal (0 errors, 1 warning), 100 cards, commanders Frodo, Adventurous Hobbit and Sam, "
        "Loyal Attendant, identity WBG>")
    kofi = next(r.report for r in tournament if r.unreadable)
    assert repr(kofi) == f"<DeckReport {kofi.path}: NOT legal (1 error, 0 warnings), 0 cards, no commander, " \
                         "identity unknown>"
    assert report == deckcheck.check_deck(jonas, store=store) != deckcheck.check_deck(chen, store=store)
    # a deck object's report, named by its player: shown by the name, then what it is read from (it said "<deck>")
    row = deckcheck.check_deck({"player": "Jonas", "text": jonas.read_text(encoding="utf-8")}, store=store)
    assert repr(row).startswith("<DeckReport Jonas (<deck>): NOT legal (")


def test_check_and_batch_text_do_not_import_pandas():
    code = ("import sys; from deckcheck import cli; "
            f"rc = cli.main(['check', {str(TOURNAMENT / '01-alice-breed-lethality.txt')!r}]); "
            f"rc2 = cli.main(['batch', {str(TOURNAMENT)!r}]); "
            "bad = [m for m in ('pandas', 'numpy', 'matplotlib', 'tqdm') if m in sys.modules]; "
            "print('LOADED', bad, rc, rc2, file=sys.stderr)")
    proc = subprocess.run([sys.executable, "-c", code], cwd=PROJECT, capture_output=True, text=True, timeout=120)
    assert "LOADED [] 0 2" in proc.stderr, proc.stderr[-2000:]


def test_import_deckcheck_is_lazy():
    proc = subprocess.run([sys.executable, "-c", "import sys, deckcheck; print(sorted(m for m in sys.modules "
                           "if m.startswith('deckcheck')))"], cwd=PROJECT, capture_output=True, text=True, timeout=60)
    assert proc.stdout.strip() == "['deckcheck']"


def test_batch_collects_less_while_checking_and_restores_the_gc_thresholds(store, monkeypatch):
    import gc

    from deckcheck.batch import core

    seen = []
    run_many = core.DeckRunner.run_many
    monkeypatch.setattr(core.DeckRunner, "run_many",
                        lambda self, chunk: seen.append(gc.get_threshold()) or run_many(self, chunk))
    before = gc.get_threshold()
    batch = check_many([TOURNAMENT], store=store)
    assert len(batch) == 12
    assert seen and all(t[0] >= core.BATCH_GC_THRESHOLDS[0] for t in seen)
    assert gc.get_threshold() == before


def test_batch_command_reads_and_reports_collecting_less(monkeypatch):
    """`deckcheck batch` reads its inputs and writes its report under the batch thresholds too (with every
    result alive, the default ones made a hundred collections of the 17,900-deck batch), then restores them."""
    import gc

    from deckcheck.batch import core, output

    seen: dict[str, tuple[int, ...]] = {}
    expand, render = core.expand, output.render_text

    def recording_expand(paths, *more):
        seen["read"] = gc.get_threshold()
        return expand(paths, *more)

    def recording_render(report, stream, *cells):
        seen["report"] = gc.get_threshold()
        render(report, stream, *cells)

    monkeypatch.setattr(core, "expand", recording_expand)
    monkeypatch.setattr("deckcheck.batch.expand", recording_expand)
    monkeypatch.setattr(output, "render_text", recording_render)
    before = gc.get_threshold()
    code, out, _ = run_cli("batch", "--no-progress", str(TOURNAMENT))
    assert code == 2 and "12 decks" in out
    assert set(seen) == {"read", "report"}
    assert all(t[0] >= core.BATCH_GC_THRESHOLDS[0] for t in seen.values())
    assert gc.get_threshold() == before


def test_an_endless_json_lines_line_is_read_in_bounded_memory(tmp_path):
    """A JSON Lines file of one endless line (a 3 GB sparse file, by hand) was read whole into memory before
    its length was checked: out of memory. Now no line is read past the limit, and the decks around it stay."""
    import tracemalloc

    from deckcheck.batch.core import MAX_JSONL_LINE, jsonl_sources

    path = tmp_path / "endless.jsonl"
    with open(path, "wb") as fh:
        fh.write(b'{"text": "1 Sol Ring"}\n' + b"x" * (10 * MAX_JSONL_LINE) + b'\n{"text": "1 Sol Ring"}\n')
    tracemalloc.start()
    try:
        sources = list(jsonl_sources(str(path)))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert [(kind, label) for kind, label, _ in sources] == [("jsonl", f"{path}:1"), ("error", f"{path}:2"),
                                                             ("jsonl", f"{path}:3")]
    assert sources[1][2] == f"a line of more than {MAX_JSONL_LINE:,} bytes: too long for a deck object"
    assert peak < 3 * MAX_JSONL_LINE, peak


def test_a_json_lines_deck_nested_too_deeply_says_so_in_whole_words():
    from deckcheck.batch.core import record_source

    nested = b'{"text": ' + b"[" * 200_000 + b"]" * 200_000 + b"}"
    assert record_source(nested, "d.jsonl:1") == ("error", "d.jsonl:1", "not JSON (a value nested too deeply)")


def test_a_json_lines_line_that_is_not_json_is_told_by_its_column():
    """A bad line of JSON Lines is told by the column where it goes wrong, or as ending too soon: JSON's own
    "line 2 column 1" contradicted the file's line the row names (the record's line break counted as a line)."""
    from deckcheck.batch.core import record_source

    assert record_source(b'{"name": "x", "decklist": ["1 Sol Ring",]}\n', "d.jsonl:5") == (
        "error", "d.jsonl:5", "not JSON (Expecting value: column 41)")
    assert record_source('{"name": "Ælfric"\n'.encode(), "d.jsonl:6") == (
        "error", "d.jsonl:6", "not JSON (Expecting ',' delimiter: the line ends before its value does)")
    assert record_source(b'{"a": "\xff"}', "d.jsonl:7")[2].startswith("not JSON ('utf-8' codec can't decode")


def test_a_file_name_with_a_line_break_is_escaped_in_the_text_report(tmp_path):
    """A deck file named with a line break or a tab: the text table and the unreadable list write the name with
    backslash escapes, as every other line naming it does, and the reason once (before: a space for the break in
    the table, and the name twice in the unreadable list, once escaped)."""
    folder = tmp_path / "decks"
    folder.mkdir()
    (folder / "a\nb.txt").write_bytes(b"garbage\x00\x01\x02")
    (folder / "g\tood.txt").write_text((TOURNAMENT / "01-alice-breed-lethality.txt").read_text(encoding="utf-8"))
    code, out, _ = run_cli("batch", "--no-progress", str(folder))
    rows = [line.split("  ")[0].rsplit("/", 1)[-1] for line in out.splitlines()[2:4]]  # (long paths cut at the left)
    assert (code, rows) == (2, ["a\\nb.txt", "g\\tood.txt"])
    assert f"unreadable:\n  {folder}/a\\nb.txt: not a text decklist (binary data)\n" in out


def test_a_file_name_with_a_line_break_left_out_is_escaped_in_the_notes(tmp_path):
    """A file left out of the walk whose name holds line breaks (a player's upload): the text report's note and
    the CSV formats' notes on standard error write the name with backslash escapes, so that it can't forge a
    line (before, the text report's note wrote it raw, here a second, false tally after the real one)."""
    folder = tmp_path / "decks"
    folder.mkdir()
    shutil.copy(TOURNAMENT / "01-alice-breed-lethality.txt", folder / "alice.txt")
    (folder / "x.pdf\n\n1 deck: 0 legal, 1 not legal\n").write_bytes(b"%PDF-1.4")
    escaped = f"{folder}/x.pdf\\n\\n1 deck: 0 legal, 1 not legal\\n"
    code, out, _ = run_cli("batch", "--no-progress", str(folder))
    assert code == 0 and [line for line in out.splitlines() if line.startswith("1 deck")] == [
        "1 deck: 1 legal, 0 not legal, 0 unreadable"]
    assert out.splitlines()[-1].startswith("note: 1 file in the folders") and out.endswith(escaped + "\n")
    for form in ("csv", "violations"):  # (JSON and HTML hold the notes in the document, escaped as such)
        code, _, err = run_cli("batch", "--no-progress", "--format", form, str(folder))
        assert code == 0 and err.count("\n") == 1 and err.endswith(escaped + "\n"), form


def test_a_lone_surrogate_from_json_lines_is_written_as_its_escape(tmp_path):
    """JSON allows a lone surrogate ("\\udcff"), which UTF-8 can't encode: the JSON report writes it back as
    the same escape, to a strict standard output and to a report file, and reads back as the same text."""
    decks = tmp_path / "decks.jsonl"
    decks.write_text('{"text": "1 Sol Ring\\n1 \\udcff"}\n', encoding="utf-8")  # the JSON escape, as written
    report = tmp_path / "report.json"
    env = dict(os.environ, PYTHONPATH=str(PROJECT), PYTHONIOENCODING="utf-8:strict")
    for output in ([], ["-o", str(report)]):
        done = subprocess.run([sys.executable, "-m", "deckcheck", "batch", "--format", "json", "--no-progress",
                               *output, str(decks)], env=env, capture_output=True, text=True, timeout=300)
        assert done.returncode == 1 and "Traceback" not in done.stderr, done.stderr
        written = report.read_text(encoding="utf-8") if output else done.stdout
        (syntax,) = [v for v in json.loads(written)["decks"][0]["violations"] if v["code"] == "syntax"]
        assert syntax["details"]["text"] == "1 \udcff"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_a_named_pipe_given_by_name_is_read_as_standard_input_is(tmp_path):
    """A named pipe given by its name (a FIFO, or the shell's `deckcheck batch <(zcat regs.csv.gz)`) was read as one
    decklist: a table of registrations or a zip in it was one unreadable deck ("a table of registrations ..., not one
    decklist: `deckcheck batch` checks each row of one named .csv"). It is now read as `-` reads standard input."""
    import threading
    import zipfile

    deck = (TOURNAMENT / "01-alice-breed-lethality.txt").read_text(encoding="utf-8")
    table = io.StringIO()
    writer = csv.writer(table)
    writer.writerow(["Timestamp", "Player name", "Decklist"])
    writer.writerows([["1", "Ann", deck], ["2", "Bo", deck.replace("1 Sol Ring", "1 Mana Crypt")]])
    packed = io.BytesIO()
    with zipfile.ZipFile(packed, "w") as archive:
        archive.writestr("regs/ann.txt", deck)
        archive.writestr("regs/bo.txt", deck)
    contents = {"table": table.getvalue().encode("utf-8"), "zip": packed.getvalue(),
                "deck": deck.encode("utf-8"), "gzipped table": gzip.compress(table.getvalue().encode("utf-8"))}
    rows = {}
    for what, data in contents.items():
        pipe = tmp_path / what.replace(" ", "-")
        os.mkfifo(pipe)
        writer_thread = threading.Thread(target=pipe.write_bytes, args=(data,), daemon=True)
        writer_thread.start()
        report = check_many([pipe])
        writer_thread.join(30)
        rows[what] = [(r.path.replace(str(tmp_path) + os.sep, ""), r.name, r.legal) for r in report]
    assert rows == {"table": [("table:2", "Ann", True), ("table:3", "Bo", False)],
                    "zip": [("zip/regs/ann.txt", None, True), ("zip/regs/bo.txt", None, True)],
                    "deck": [("deck", None, True)],
                    "gzipped table": [("gzipped-table:2", "Ann", True), ("gzipped-table:3", "Bo", False)]}


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_a_report_to_a_pipe_or_through_a_link_goes_where_it_points(tmp_path):
    """The report replaced the file named by -o once whole: a named pipe was replaced by a regular file (its
    reader got nothing; as root, `-o /dev/stdout` would replace the device link), and a symbolic link by the
    report. A pipe or device is now written straight, and through a link the file it names is replaced."""
    import threading

    deck = str(TOURNAMENT / "01-alice-breed-lethality.txt")
    expected = run_cli("batch", "--no-progress", deck)[1]
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    got: list[str] = []
    reader = threading.Thread(target=lambda: got.append(pipe.read_text(encoding="utf-8")), daemon=True)
    reader.start()
    assert run_cli("batch", "--no-progress", "-o", str(pipe), deck)[0] == 0
    reader.join(30)
    assert got == [expected] and pipe.is_fifo()
    (tmp_path / "reports").mkdir()
    link = tmp_path / "latest.txt"
    link.symlink_to(tmp_path / "reports" / "monday.txt")  # dangling until the first report
    for _ in range(2):
        assert run_cli("batch", "--no-progress", "-o", str(link), deck)[0] == 0
        assert link.is_symlink() and (tmp_path / "reports" / "monday.txt").read_text(encoding="utf-8") == expected
    assert sorted(p.name for p in tmp_path.rglob("*")) == ["latest.txt", "monday.txt", "pipe", "reports"]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_a_report_to_a_pipe_whose_reader_left_ends_as_sigpipe_would(tmp_path):
    """`-o` naming a pipe (a FIFO, `/dev/stdout` piped to `head`) whose reader left: exit 2 and "can't write the
    report: Broken pipe", where the same report to standard output ends 141, as SIGPIPE would."""
    archive = tmp_path / "decks.jsonl"
    deck = (TOURNAMENT / "01-alice-breed-lethality.txt").read_text(encoding="utf-8")
    archive.write_text("".join(json.dumps({"player": f"p{i}", "text": deck}) + "\n" for i in range(2000)),
                       encoding="utf-8")
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    env = dict(os.environ, PYTHONPATH=str(PROJECT))
    head = subprocess.Popen(["head", "-c", "100", str(pipe)], stdout=subprocess.DEVNULL)
    done = subprocess.run([sys.executable, "-m", "deckcheck", "batch", "--no-progress", "-o", str(pipe), str(archive)],
                          env=env, capture_output=True, text=True, timeout=300)
    head.wait(30)
    assert done.returncode == 141 and done.stderr == "", done.stderr


def test_a_report_file_a_batch_reads_as_a_deck_is_refused(tmp_path):
    """`-o` naming a deck being checked (the file itself, a hard link to it, or a decklist in a folder given)
    would replace the deck with the report: a usage error, and the deck untouched. A new report file the walk
    of a folder given would take is refused too: the next batch would read it as a deck."""
    folder = tmp_path / "decks"
    (folder / ".drafts").mkdir(parents=True)
    deck = folder / "alice.txt"
    text = (TOURNAMENT / "01-alice-breed-lethality.txt").read_text(encoding="utf-8")
    deck.write_text(text, encoding="utf-8")
    os.link(deck, tmp_path / "linked.txt")
    for output, inputs in [(deck, [deck]), (tmp_path / "linked.txt", [deck]), (deck, [folder])]:
        code, _, err = run_cli("batch", "-o", str(output), *map(str, inputs))
        said = f"deckcheck: error: {output}: is one of the decks to check; write the report to another file\n"
        assert (code, err) == (2, said)
        assert deck.read_text(encoding="utf-8") == text
    new = folder / "report.txt"  # not there yet, but the next batch of the folder would read it as a deck
    code, _, err = run_cli("batch", "-o", str(new), str(folder))
    assert (code, not new.exists()) == (2, True)
    assert err == (f"deckcheck: error: {new}: the next batch of {folder} would read this report as a deck; write "
                   "it outside that folder, or under a name a folder walk skips (hidden, or .html)\n")
    assert run_cli("batch", "-o", str(folder / "report.html"), str(folder))[0] == 0  # not a decklist name
    with deck.open("rb") as piped:  # the deck on standard input, `-o alice.txt - < alice.txt`: it was replaced
        done = subprocess.run([sys.executable, "-m", "deckcheck", "batch", "-o", str(deck), "-"], stdin=piped,
                              env=dict(os.environ, PYTHONPATH=str(PROJECT)), capture_output=True, text=True, timeout=300)
    assert (done.returncode, done.stderr) == (2, f"deckcheck: error: {deck}: is one of the decks to check; write the "
                                                 "report to another file\n")
    assert deck.read_text(encoding="utf-8") == text
    hidden = folder / ".drafts" / "report.txt"  # the folder walk skips hidden folders: not a deck
    hidden.write_text("the last report\n")
    assert run_cli("batch", "-o", str(hidden), str(folder))[0] == 0 and "alice.txt" in hidden.read_text()


def test_a_report_file_reaching_a_deck_through_links_is_refused(tmp_path):
    """The same refusal when links stand between the report and the decks: `-o` a link to a deck in the folder,
    the folder given by a link (or the report named through one), a link in the folder to the report file."""
    folder = tmp_path / "decks"
    folder.mkdir()
    deck = folder / "alice.txt"
    text = (TOURNAMENT / "01-alice-breed-lethality.txt").read_text(encoding="utf-8")
    deck.write_text(text, encoding="utf-8")
    (tmp_path / "out.json").symlink_to(deck)
    (tmp_path / "linked").symlink_to(folder)
    (tmp_path / "last.txt").write_text("the last report\n")
    (folder / "bob.txt").symlink_to(tmp_path / "last.txt")
    for output, given in [(tmp_path / "out.json", folder), (tmp_path / "last.txt", folder),
                          (tmp_path / "out.json", tmp_path / "linked")]:
        said = f"deckcheck: error: {output}: is one of the decks to check; write the report to another file\n"
        assert run_cli("batch", "-o", str(output), str(given))[0::2] == (2, said)
    for output, given in [(folder / "r.json", tmp_path / "linked"), (tmp_path / "linked" / "r.json", folder)]:
        code, _, err = run_cli("batch", "-o", str(output), str(given))
        assert (code, "would read this report as a deck" in err, os.path.lexists(output)) == (2, True, False)
    assert deck.read_text(encoding="utf-8") == text and (tmp_path / "last.txt").read_text() == "the last report\n"
    report = tmp_path / "report.txt"  # outside the folder: written (exit 1: bob.txt, the last report, is no deck)
    code = run_cli("batch", "-o", str(report), str(tmp_path / "linked"))[0]
    assert (code, "alice.txt" in report.read_text()) == (1, True)


def test_a_form_s_commander_cell_naming_a_double_faced_card_in_full_is_the_list_s_front_face_copy(tmp_path, store):
    """A sign-up form's Commander cell "Tergrid, God of Fright // Tergrid's Lantern" over a list holding "1 Tergrid,
    God of Fright" (as an Arena export names it): the commander was added as a card of its own beside the list's copy,
    101 cards and two copies, while "Tergrid, God of Fright" in the cell gave a legal deck. The commander cell is read
    before the card data is at hand; the checker now finds the copy by its front face."""
    deck = "1 Tergrid, God of Fright\n1 Sol Ring\n98 Swamp\n"
    form = tmp_path / "form.csv"
    with form.open("w", newline="", encoding="utf-8") as out:
        csv.writer(out).writerows([["Player", "Commander", "Decklist"],
                                   ["Alice", "Tergrid, God of Fright // Tergrid's Lantern", deck],
                                   ["Bob", "Tergrid, God of Fright", deck], ["Cy", "Tymna the Weaver", deck]])
    alice, bob, cy = check_many([form], store=store).results
    assert [(r.report.card_count, r.legal) for r in (alice, bob)] == [(100, True), (100, True)]
    assert alice.report.notes == ("line 1: commander Tergrid, God of Fright // Tergrid's Lantern is the list's "
                                  "Tergrid, God of Fright",)
    assert cy.report.card_count == 101  # a commander the list doesn't hold is still added
    assert cy.report.notes == ("commander given beside the list: Tymna the Weaver is not in the list; added as "
                               "commander",)
    godzilla = tmp_path / "godzilla.csv"  # a flavor name in the cell, the Oracle name in the list
    with godzilla.open("w", newline="", encoding="utf-8") as out:
        csv.writer(out).writerows([["Player", "Commander", "Decklist"], ["Dee", "Godzilla, King of the Monsters",
                                                                        "1 Zilortha, Strength Incarnate\n99 Forest\n"]])
    (dee,) = check_many([godzilla], store=store).results
    assert (dee.report.card_count, dee.legal, dee.report.commanders) == (100, True, ("Zilortha, Strength Incarnate",))


def test_violations_and_cards_of_a_list_of_paths_join_their_own_deck_s_row(store):
    """check_many of paths: violations_frame and deck_cards_frame were numbered 0, 1, 2 ... a row each, so joined to
    to_frame (numbered a row per deck) each violation stood beside another deck's path; they are indexed by their
    deck's row now, as for pandas input."""
    batch = check_many([TOURNAMENT], store=store, keep_cards=True)
    decks = batch.to_frame()
    violations = batch.violations_frame().join(decks[["path"]])
    assert len(violations) > len(decks) and (violations["deck"] == violations["path"]).all()
    cards = batch.deck_cards_frame().join(decks[["path"]])
    assert len(cards) > 900 and (cards["deck"] == cards["path"]).all()


def test_a_form_s_decklist_text_beside_its_commander_and_a_sideboard_column_is_read_as_the_form(store, tmp_path):
    """`pd.read_csv` of a form's "player,commander,decklist,sideboard": the lower-case "sideboard" column, empty,
    made the rows deck objects, whose "decklist" text had its Commander section and the Commander cell added again
    (three errors on a legal deck, the CLI saying legal). An empty sideboard column is no deck object's: the rows
    are registrations, as the CLI reads the file."""
    pandas = pytest.importorskip("pandas")
    alice = (TOURNAMENT / "01-alice-breed-lethality.txt").read_text(encoding="utf-8")
    assert "Atraxa, Praetors' Voice" in alice and check_many([TOURNAMENT / "01-alice-breed-lethality.txt"],
                                                              store=store).legal
    form = tmp_path / "form.csv"
    pandas.DataFrame({"player": ["Alice"], "commander": ["Atraxa, Praetors' Voice"], "decklist": [alice],
                      "sideboard": [None]}).to_csv(form, index=False)
    code, out, _ = run_cli("batch", "--format", "csv", str(form))
    assert code == 0
    frame = pandas.read_csv(form)
    for given in (frame, frame.drop(columns="sideboard")):
        assert check_many(given, store=store).to_frame()[["legal", "codes"]].values.tolist() == [[True, ""]]
    assert deckcheck.check_deck(frame.iloc[0], store=store).legal  # one row of it, as check_deck reads a row


def test_a_deck_named_by_its_index_label_with_no_list_is_an_unreadable_row(store):
    """A frame indexed by its players: a player whose decklist cell is empty was dropped as a blank row (its label
    not counted as its data), so the player vanished from the counts and the joins; it is an unreadable deck now.
    A blank row of a numbered index is still a deleted response (the test above)."""
    pandas = pytest.importorskip("pandas")
    alice = (TOURNAMENT / "01-alice-breed-lethality.txt").read_text(encoding="utf-8")
    frame = pandas.DataFrame({"decklist": [alice, None, ""]}, index=["Ana", "Bo", "Cy"])
    for given in (frame, frame[["decklist"]], frame["decklist"]):
        decks = check_many(given, store=store).to_frame()
        assert decks.index.tolist() == ["Ana", "Bo", "Cy"] and decks["unreadable"].tolist() == [False, True, True]
    appended = pandas.DataFrame({"player": ["Ana", "Bo"], "decklist": [alice, None]}).set_index("player", append=True)
    decks = check_many(appended, store=store).to_frame()
    assert decks["name"].tolist() == ["Ana", "Bo"] and decks["unreadable"].tolist() == [False, True]


def test_a_series_path_to_no_file_is_an_unreadable_deck_not_an_unknown_card(store):
    pandas = pytest.importorskip("pandas")
    batch = check_many(pandas.Series(["decks/alice.txt", "week-2.zip"], index=["Alice", "Bo"]), store=store)
    assert [r.unreadable for r in batch] == [True, True]
    assert all("no such file" in r.report.violations[0].message for r in batch)


def test_a_path_read_with_its_line_s_end_or_in_a_frame_s_decklist_cell_is_its_file(store, tmp_path):
    """Paths read from a file of paths (`f.readlines()`, "decks/alice.txt\\n") were read as decklist texts of one
    unknown card each, and so was a frame's decklist cell naming a file (the same column as a Series read the file).
    Each is its file now; a frame's row keeps its player and its commander column, as beside a decklist's text."""
    pandas = pytest.importorskip("pandas")
    alice, dana = TOURNAMENT / "01-alice-breed-lethality.txt", TOURNAMENT / "04-dana-mystic-intellect.txt"
    listing = tmp_path / "paths.txt"
    listing.write_text(f"{alice}\n{dana}\n", encoding="utf-8")
    with listing.open(encoding="utf-8") as lines:
        paths = lines.readlines()
    assert paths == [f"{alice}\n", f"{dana}\n"]
    for given in (paths, pandas.Series(paths, index=["Alice", "Dana"]), {"Alice": paths[0], "Dana": paths[1]}):
        batch = check_many(given, store=store)
        assert [(r.path, r.report.card_count, r.report.codes()) for r in batch] == [
            (str(alice), 100, []), (str(dana), 100, ["banned"])]
    one = check_deck(paths[1], store=store)  # and so does check_deck
    assert (one.path, one.card_count, one.codes()) == (str(dana), 100, ["banned"])
    # a plain list of Alice's 100 cards, her commander among them unmarked: the form's commander column names it
    cards = [line for line in alice.read_text(encoding="utf-8").splitlines() if line[:1].isdigit()]
    plain = tmp_path / "alice-plain.txt"
    plain.write_text("\n".join(cards[1:] + cards[:1]) + "\n", encoding="utf-8")
    form = pandas.DataFrame({"player": ["Ann", "Ben", "Cy", "Dee"],
                             "commander": [None, None, "Atraxa, Praetors' Voice", None],
                             "decklist": [str(alice), "decks/not-there.txt", str(plain), f"{dana}\n"]})
    decks = check_many(form, store=store).to_frame()
    assert decks["path"].tolist() == [str(alice), "decks/not-there.txt", str(plain), str(dana)]
    assert decks["name"].tolist() == ["Ann", "Ben", "Cy", "Dee"]
    assert decks["card_count"].tolist() == [100, 0, 100, 100]
    assert decks["codes"].tolist() == ["", "unreadable", "", "banned"]
    assert check_many(form.set_index("player")["decklist"], store=store).to_frame()["card_count"].tolist() == \
        [100, 0, 100, 100]
    (missing,) = check_many(form.iloc[[1]], store=store).decks
    assert missing.violations[0].message == "no such file"


def test_a_form_s_answer_naming_a_file_or_folder_among_lists_is_text_not_that_file(store, tmp_path, monkeypatch):
    """A frame of a form's responses (`pd.read_csv`) in which a player typed "." or a file's path for the list, beside
    the lists others pasted: the folder was searched through (a "/" hung the notebook, a "." made a player dozens of
    decks) and the file read into the report (an analyst's review found both); `batch` of the same CSV reads those
    answers as text. A frame all of whose decklist cells name files is still those files (the test above)."""
    pandas = pytest.importorskip("pandas")
    secret = tmp_path / "secret.txt"
    secret.write_text("Sol Ring\nsecret-api-key: hunter2\n", encoding="utf-8")
    monkeypatch.chdir(TOURNAMENT)
    alice = (TOURNAMENT / "01-alice-breed-lethality.txt").read_text(encoding="utf-8")
    form = pandas.DataFrame({"Player name": ["Alice", "Bob", "Mallory"], "Commander": ["", "Edgar Markov", ""],
                             "Paste your deck here": [alice, ".", str(secret)]})
    table = tmp_path / "responses.csv"
    form.to_csv(table, index=False)
    for given in (form, [table]):
        report = check_many(given, store=store)
        assert [r.name for r in report] == ["Alice", "Bob", "Mallory"]
        assert "hunter2" not in json.dumps(report.to_dict())
    # a frame of paths whose one row says its list is to come, sent a link, or is no path: the paths are still their
    # files (a second review found a first version reading them all as text)
    paths = [str(TOURNAMENT / "01-alice-breed-lethality.txt"), str(TOURNAMENT / "04-dana-mystic-intellect.txt")]
    for last in ("TBD", "https://moxfield.com/decks/abc123", "I'll email it", "decks/Chen Li"):
        frame = pandas.DataFrame({"player": ["Alice", "Dana", "Cleo"], "decklist": [*paths, last]})
        found = [(r.path, r.report.codes()) for r in check_many(frame, store=store)]
        assert found[:2] == [(paths[0], []), (paths[1], ["banned"])] and found[2][0] == "2", last
    assert [r.report.codes() for r in check_many(form, store=store)] == [r.report.codes() for r in check_many(
        [table], store=store)]


def test_one_frame_row_given_to_check_many_is_one_deck_as_check_deck_reads_it(store):
    """check_many(form.iloc[0]), a registration's row, checked each of its cells as a deck (its timestamp, its player's
    name, its commander: five bogus decks), and so did a deck object's row; check_deck reads such a row as one deck,
    and check_many does now. A Series of decks whose labels a form's header could hold stays decks; check_deck of a
    column of decks points to check_many (it said "JSON, but not a deck")."""
    pandas = pytest.importorskip("pandas")
    alice = (TOURNAMENT / "01-alice-breed-lethality.txt").read_text(encoding="utf-8")
    dana = (TOURNAMENT / "04-dana-mystic-intellect.txt").read_text(encoding="utf-8")
    form = pandas.DataFrame({"Timestamp": ["2026/01/01 10:00", "2026/01/01 11:30"], "Player name": ["Ann", "Dana"],
                             "Commander": ["Atraxa", None], "Partner": [None, None], "Decklist": [alice, dana]})
    entries = [line for line in alice.splitlines() if line[:1].isdigit()]
    objects = pandas.DataFrame({"player": ["Zoë"], "commander": [[entries[0][2:]]], "decklist": [entries[1:]]})
    for row in (form.iloc[0], form.loc[1], objects.iloc[0]):
        one = deckcheck.check_deck(row, store=store)
        batch = check_many(row, store=store)
        assert len(batch) == 1 and batch.to_frame().index.tolist() == [row.name]
        (deck,) = batch.decks
        assert (deck.codes(), deck.commanders, deck.card_count) == (one.codes(), one.commanders, one.card_count)
        assert batch.results[0].name == one.name
    assert [d.codes() for d in check_many(form.iloc[1], store=store).decks] == [["banned"]]
    for decks in ({"Gitrog deck": alice, "Atraxa list": dana}, {"main": alice, "alt": dana}):
        decks = pandas.Series(decks)
        assert [r.report.codes() for r in check_many(decks, store=store)] == [[], ["banned"]]
    for column in (form["Decklist"], form.set_index("Player name")["Decklist"]):
        with pytest.raises(TypeError, match=r"not a Series of 2 .*check_many\(series\) checks a Series of decks"):
            deckcheck.check_deck(column, store=store)


def test_an_unreadable_deck_s_identity_is_unknown_not_colorless(store, tmp_path):
    """An unreadable deck had the identity "" of a colorless one: a count by identity put the two together."""
    pandas = pytest.importorskip("pandas")
    colorless = "Commander\n1 Traxos, Scourge of Kroog\nDeck\n1 Sol Ring\n98 Wastes\n"
    frame = check_many(pandas.Series([colorless, None], index=["c", "u"]), store=store).to_frame()
    assert frame.loc["c", "color_identity"] == "" and pandas.isna(frame.loc["u", "color_identity"])
    missing = tmp_path / "gone.txt"
    code, out, _ = run_cli("batch", "--format", "csv", str(missing))
    row = next(csv.DictReader(io.StringIO(out.lstrip("\ufeff"))))
    assert code == 2 and row["identity"] == "" and row["legal"] == "unreadable"
    code, out, _ = run_cli("batch", "--format", "json", str(missing))
    assert json.loads(out)["decks"][0]["color_identity"] is None


@pytest.mark.parametrize("jobs", [1, 2])
def test_an_empty_input_is_an_empty_report_with_any_jobs(store, jobs):
    """jobs=2 of an empty list, Series or frame (an empty group of a groupby) raised ProcessPoolExecutor's
    ValueError; an empty Series or frame is said, as `batch` says no decks."""
    pandas = pytest.importorskip("pandas")
    assert check_many([], store=store, jobs=jobs).results == ()
    for empty, kind in ((pandas.Series([], dtype=object), "Series"), (pandas.DataFrame({"decklist": []}), "DataFrame")):
        with pytest.warns(DeckcheckWarning, match=f"no decks in this {kind}: it has no rows"):
            assert check_many(empty, store=store, jobs=jobs).results == ()


def test_a_dict_of_decklists_by_player_is_a_deck_each(store):
    """{"alice": text, "bob": text} was one deck object, unreadable ("JSON, but not a deck"): two registrations
    made one row. It is a deck each, named by its key, as a Series of them is."""
    alice = (TOURNAMENT / "01-alice-breed-lethality.txt").read_text(encoding="utf-8")
    dana = TOURNAMENT / "04-dana-mystic-intellect.txt"
    batch = check_many({"alice": alice, "bob": alice, "dana": dana}, store=store)
    assert [r.path for r in batch] == ["alice", "bob", str(dana)]
    assert [r.legal for r in batch] == [True, True, False]
    # a deck object, or an MTGJSON deck file's decoded JSON ({"meta": ..., "data": ...}), is still one deck
    assert len(check_many({"commander": ["Atraxa, Praetors' Voice"], "decklist": ["1 Sol Ring"]}, store=store)) == 1
    mtgjson = {"meta": {"date": "2026-01-03"}, "data": {"name": "Precon", "mainBoard": [{"name": "Sol Ring", "count": 1}],
                                                         "commander": [{"name": "Atraxa, Praetors' Voice", "count": 1}]}}
    assert [r.unreadable for r in check_many(mtgjson, store=store)] == [False]


def test_a_number_given_to_a_label_met_again_is_no_other_row_s_label(store):
    """Chen's second deck was numbered "Chen #2" beside a player named "Chen #2": two decks of one name."""
    pandas = pytest.importorskip("pandas")
    lists = ["1 Sol Ring\n", "1 Island\n", "1 Forest\n"]
    for given in (pandas.Series(lists, index=["Chen", "Chen", "Chen #2"]),
                  pandas.DataFrame({"decklist": lists}, index=["Chen", "Chen", "Chen #2"])):
        assert check_many(given, store=store).to_frame()["path"].tolist() == ["Chen", "Chen #3", "Chen #2"]


def test_a_stray_nul_byte_in_a_table_of_registrations_loses_no_player(tmp_path):
    """One NUL byte in a form's export (junk from a copy and paste) made the whole table "binary data": one
    unreadable row, every player's deck unchecked. It is dropped; a file of binary data is still refused."""
    alice = (TOURNAMENT / "01-alice-breed-lethality.txt").read_text(encoding="utf-8")
    form = _csv_file(tmp_path / "form.csv", [["Player", "Decklist"], ["alice", alice.replace("Sol Ring", "Sol\0 Ring")],
                                             ["bo\0b", alice]])
    assert b"\0" in form.read_bytes()
    code, out, _ = run_cli("batch", "--format", "csv", str(form))
    rows = list(csv.DictReader(io.StringIO(out.lstrip("\ufeff"))))
    assert code == 0 and [(r["deck"], r["name"], r["legal"]) for r in rows] == [
        (f"{form}:2", "alice", "yes"), (f"{form}:3", "bob", "yes")]
    binary = tmp_path / "binary.csv"
    binary.write_bytes(b"\0\1\2\3 binary")
    code, out, _ = run_cli("batch", "--format", "json", str(binary))
    assert code == 2 and "binary data" in json.loads(out)["decks"][0]["violations"][0]["message"]


def test_the_readme_s_python_block_runs(tmp_path, monkeypatch):
    """The README's Python API block, run as written (its folder made absolute, its CSV written in a temporary
    folder): before, its join of the two frames raised, both having a "name" column."""
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    block = readme.split("```python\n", 1)[1].split("```", 1)[0]
    assert "violations_frame().join(report.to_frame()" in block
    monkeypatch.chdir(tmp_path)
    scope: dict = {}
    exec(block.replace('"data/examples/tournament"', repr(str(TOURNAMENT))), scope)
    violations = scope["report"].violations_frame()
    joined = violations.join(scope["report"].to_frame().drop(columns="name"))
    assert len(joined) == len(violations) and (joined["deck"] == joined["path"]).all()
    assert (tmp_path / "decks.csv").is_file()


def test_a_dict_of_decks_takes_what_a_series_of_them_takes(tmp_path, store):
    """`registrations.set_index("player")["decklist"].to_dict()`: a player with no list (NaN, None) is an
    unreadable deck of that name, as in the Series; an empty dict is no decks, with a warning. Before, any such value
    made the whole dict one unreadable "deck" (JSON, but not a deck)."""
    alice = (TOURNAMENT / "01-alice-breed-lethality.txt").read_text(encoding="utf-8")
    report = check_many({"alice": alice, "bob": float("nan"), "cy": None}, store=store)
    assert [(r.path, r.unreadable, r.legal) for r in report] == [
        ("alice", False, True), ("bob", True, False), ("cy", True, False)]
    with pytest.warns(DeckcheckWarning, match="no decks in this dict"):
        assert len(check_many({}, store=store)) == 0
    import pandas as pd

    blank = pd.DataFrame({"player": ["Alice", None, "Bob"], "decklist": [alice, None, None]})
    by_player = check_many(blank.set_index("player")["decklist"], store=store)
    assert [(r.path, r.unreadable) for r in by_player] == [("Alice", False), ("Bob", True)]
    assert list(by_player.to_frame().index) == ["Alice", "Bob"]


def test_a_dict_of_decks_by_player_takes_a_list_of_a_deck_s_lines_and_one_of_sections_is_one_deck(store):
    """{"alice": text, "dana": [lines]}: a list (or tuple) of a deck's lines is a deck, as in a Series, and the dict a
    deck each. Before, one list made the whole dict one unreadable deck ("JSON, but not a deck"); so did a dict of one
    deck's sections, {"Commander": [...], "Deck": [...]}, which is one deck of those sections now (every key a section
    header), read as the file it came from is, by check_many and check_deck alike."""
    texts = {player: (TOURNAMENT / name).read_text(encoding="utf-8") for player, name in (
        ("alice", "01-alice-breed-lethality.txt"), ("dana", "04-dana-mystic-intellect.txt"),
        ("gus", "07-gus-planeswalker-party.txt"))}
    mixed = {"alice": texts["alice"], "dana": texts["dana"].splitlines(), "gus": tuple(texts["gus"].splitlines())}
    for given in (mixed, {player: text.splitlines() for player, text in texts.items()}):
        batch = check_many(given, store=store)
        assert [(r.path, r.unreadable, r.report.codes()) for r in batch] == [
            ("alice", False, []), ("dana", False, ["banned"]), ("gus", False, ["singleton"])]
    chen = TOURNAMENT / "03-chen-food-and-fellowship.txt"
    sections: dict[str, list[str]] = {}
    for line in chen.read_text(encoding="utf-8").splitlines():
        if line in ("Commander", "Deck", "Sideboard"):
            sections[line] = []
        elif sections and line.strip():
            sections[list(sections)[-1]].append(line)
    assert list(sections) == ["Commander", "Deck", "Sideboard"]
    as_file = deckcheck.check_deck(chen, store=store)
    for given in (sections, {header: tuple(lines) for header, lines in sections.items()}):
        (one,) = check_many(given, store=store).decks
        for deck in (one, deckcheck.check_deck(given, store=store)):
            assert (deck.codes(), deck.commanders, deck.color_identity, deck.card_count) == (
                ["sideboard"], as_file.commanders, as_file.color_identity, 100)
    # a key that is no section header beside them: a deck a key, as any dict of decks by name
    assert [r.path for r in check_many({"Commander": sections["Commander"], "chen": sections["Deck"]}, store=store)] \
        == ["Commander", "chen"]


def test_a_zip_s_members_are_read_as_their_files_in_a_folder_are(tmp_path, store):
    """A season's zip holding a week's zip and a .json array of deck objects: the same decks as the files unzipped
    into a folder (before, the inner zip was left out unsaid and the array was an unreadable row telling to use
    `deckcheck batch`). Zips within zips are read three deep; a fourth is a row saying so."""
    import zipfile

    alice = (TOURNAMENT / "01-alice-breed-lethality.txt").read_text(encoding="utf-8")
    record = {"commander": ["Krenko, Mob Boss"], "decklist": ["99 Mountain"]}
    inner = io.BytesIO()
    with zipfile.ZipFile(inner, "w") as week:
        week.writestr("late.txt", alice)
    season = tmp_path / "season.zip"
    with zipfile.ZipFile(season, "w") as archive:
        archive.writestr("Week 1/alice.txt", alice)
        archive.writestr("Week 2/late.zip", inner.getvalue())
        archive.writestr("Week 2/array.json", json.dumps([dict(record, name="Ann"), dict(record, name="Ben")]))
        archive.writestr("Week 3/array.json.gz", gzip.compress(json.dumps([dict(record, name="Cy")]).encode()))
    report = check_many([season], store=store)
    assert [(r.path, r.name, r.unreadable) for r in report] == [
        (f"{season}/Week 1/alice.txt", None, False), (f"{season}/Week 2/array.json:1", "Ann", False),
        (f"{season}/Week 2/array.json:1 #2", "Ben", False), (f"{season}/Week 2/late.zip/late.txt", None, False),
        (f"{season}/Week 3/array.json.gz:1", "Cy", False)]  # (gzipped: an unreadable row, "not one deck")
    nested = inner.getvalue()
    for depth in range(4):
        outer = io.BytesIO()
        with zipfile.ZipFile(outer, "w") as archive:
            archive.writestr(f"level-{depth}.zip", nested)
        nested = outer.getvalue()
    deep = tmp_path / "deep.zip"
    deep.write_bytes(nested)
    (row,) = check_many([deep], store=store)
    assert row.unreadable and row.report.violations[0].message == "a zip archive within 3 others: not read"


def test_a_file_an_archive_holds_that_is_no_decklist_is_named_as_a_folder_s_is(tmp_path):
    """A player's PDF in a folder given is named in a note, but in a zip of the same files it vanished unsaid: the
    organizer never learnt that Kofi had registered. (Hidden files, macOS's __MACOSX, Windows' Thumbs.db and an open
    document's owner file are passed over in both.)"""
    import zipfile

    with zipfile.ZipFile(tmp_path / "regs.zip", "w") as archive:
        archive.write(TOURNAMENT / "01-alice-breed-lethality.txt", "alice.txt")
        archive.writestr("kofi.pdf", b"%PDF-1.4\n")
        archive.writestr("__MACOSX/._alice.txt", b"\0")
        archive.writestr("late/.DS_Store", b"\0")
        archive.writestr("late/Thumbs.db", b"\0")
        archive.writestr("~$form.xlsx", b"\0")
    code, out, _ = run_cli("batch", str(tmp_path / "regs.zip"))
    assert code == 0 and (f"\nnote: 1 file in the folders and archives given left out, as no decklist is named so "
                          "(`deckcheck batch --help` names those read; a list kept as a PDF or a picture: copy it into "
                          f"a .txt file): {tmp_path / 'regs.zip'}/kofi.pdf\n") in out


def test_check_many_reads_a_file_once_and_says_what_it_left_out_as_batch_does(tmp_path):
    """A notebook's check_many of a folder given with a file in it counted that file's decks twice, and said nothing
    of the files it left out, so its counts were not `deckcheck batch`'s for the same paths."""
    folder = tmp_path / "regs"
    folder.mkdir()
    alice = folder / "alice.txt"
    alice.write_bytes((TOURNAMENT / "01-alice-breed-lethality.txt").read_bytes())
    (folder / "kofi.pdf").write_bytes(b"%PDF-1.4\n")
    many = check_many([folder, alice])
    assert [r.path for r in many] == [str(alice)]
    assert many.notes[:2] == (
        f"{alice}: given more than once (by its name, or in a folder given); its decks are checked once",
        "1 file in the folders and archives given left out, as no decklist is named so (`deckcheck batch --help` "
        f"names those read; a list kept as a PDF or a picture: copy it into a .txt file): {folder / 'kofi.pdf'}")


def test_api_notes_on_the_commanders_given_name_the_argument_not_the_option(store):
    """A notebook gives `commanders=`: its notes said "--commander:", an option it never used."""
    path = PROJECT / "data" / "examples" / "abzan-armor-tdc.txt"
    report = deckcheck.check_deck(path, store=store, commanders="Felothar")
    assert report.notes == ("commanders given: Felothar read as Felothar the Steadfast, the list's card so named",)
    batch = check_many([path], store=store, commanders="Felothar the Stedfast").results[0].report
    assert batch.commanders == ("Felothar the Steadfast",)
    assert [note.split(":")[0] for note in batch.notes] == ["commanders given"]


def test_check_many_calls_share_what_is_known_of_names_but_each_report_says_its_own_notes(store):
    """A notebook's loop (`for _, decks in frame.groupby("event"): check_many(decks)`) made a new checker for each
    call, each meeting every name afresh: 3.9 s for 619 events' 3,000 decks against 1.5 s in one call. The checker is
    now the store's for every call; the notes of the whole report stay those of its own decks."""
    odd = "1 Mana Crypt\n1 Xyzzy Foo\n"
    plain = "1 Sol Ring\n1 Arcane Signet\n"
    said = check_many([odd], store=store).notes
    assert [note.split(":")[0] for note in said] == ["Mana Crypt", "names no card has here may be newer cards"]
    assert check_many([plain], store=store).notes == ()
    assert check_many([plain, odd], store=store).notes == said
    checker = deckcheck.checker.checker_for(store, deckcheck.policy.load_policy(), suggests=True)
    assert checker._resolved[None]["Sol Ring"][0].name == "Sol Ring"  # (the one checker of those calls)
    assert check_many([odd], store=store, on="2020-01-01").notes[-1].startswith("names no card has here")


def test_check_many_calls_at_once_in_threads_each_say_their_own_notes(store):
    """Reports made at once in threads (a web app's) shared the store's one checker: one report's notes were
    another's (a 2019 report told of Mana Crypt's ban of 2024), or lost. The checker is lent to one report at a time,
    the others checking with a checker of their own."""
    from concurrent.futures import ThreadPoolExecutor

    decks = sorted(map(str, TOURNAMENT.glob("*.txt"))) + ["1 Mana Crypt\n1 Xyzzy Foo\n"]
    days = ["2019-06-01", "2020-01-01", "2024-09-23", "2025-02-11", None, "2030-01-01"] * 3
    alone = {day: check_many(decks, store=store, on=day).notes for day in days}
    assert len(set(alone.values())) > 3  # (days whose notes differ)
    for _ in range(3):
        with ThreadPoolExecutor(6) as pool:
            told = list(pool.map(lambda day: check_many(decks, store=store, on=day).notes, days))
        assert told == [alone[day] for day in days]
    # nor is a check_deck's (which says no notes of a whole report) checking beside it
    texts = [Path(path).read_text(encoding="utf-8") for path in decks[:-1]] * 20
    expected = check_many(texts, store=store, on="2019-06-01").notes
    assert not any(note.startswith("Mana Crypt") for note in expected)
    with ThreadPoolExecutor(2) as pool:
        banned = pool.submit(lambda: [deckcheck.check_deck("1 Mana Crypt\n1 Xyzzy Foo\n", store=store,
                                                           on="2024-09-23") for _ in range(200)])
        told = [check_many(texts, store=store, on="2019-06-01").notes for _ in range(3)]
        banned.result()
    assert told == [expected] * 3


def test_a_file_s_lines_as_a_list_are_read_as_the_file_and_a_frame_s_arrays_are_refused(store):
    """A real precon as MTGO exports it (its main deck, a blank line, its commander) given as its lines
    (`f.readlines()`): read as a deck object's list of entries, its blank line dropped, it had no commander, where the
    text was legal. An array of a frame's rows (`df.values`, `df.values[0]`) was read as a deck of
    entries ("Object of type ndarray is not JSON serializable", or a deck of 0 cards)."""
    pandas = pytest.importorskip("pandas")
    import numpy

    lines = [line for line in (PROJECT / "data" / "examples" / "abzan-armor-tdc.txt").read_text(encoding="utf-8")
             .splitlines() if line[:1].isdigit()]
    mtgo = "\n".join(lines[1:]) + "\n\n" + lines[0] + "\n"
    legal = ("Felothar the Steadfast",), 100
    assert (deckcheck.check_deck(mtgo, store=store).commanders, deckcheck.check_deck(mtgo, store=store).card_count) \
        == legal
    given = mtgo.splitlines(keepends=True)
    report = deckcheck.check_deck(given, store=store)
    assert (report.commanders, report.card_count, report.legal) == (*legal, True)
    (many,) = check_many([given], store=store)
    assert (many.report.commanders, many.report.card_count, many.legal) == (*legal, True)
    # a JSON array's blank item is no blank line: its entries read as a deck object's, as the frame's row reads them
    # (the tail after a blank read as a sideboard made a legal deck 95 cards); a numpy array of names is a list
    entries = lines[1:-5] + [""] + lines[-5:]
    frame = pandas.DataFrame({"commander": [["Felothar the Steadfast"]], "decklist": [entries]})
    for cell in (frame.decklist[0], numpy.array(frame.decklist[0])):
        report = deckcheck.check_deck(cell, store=store, commanders=frame.commander[0])
        assert (report.commanders, report.card_count, report.legal) == (*legal, True)
    assert deckcheck.check_deck(frame.iloc[0], store=store).legal
    with pytest.raises(TypeError, match="a list of lists"):
        deckcheck.check_deck(frame.values[0], store=store)  # (a row of cells)
    with pytest.raises(TypeError, match="not ndarray"):
        deckcheck.check_deck(frame.values, store=store)  # (the rows)
    with pytest.raises(TypeError, match="Deck, not Pandas"):  # a row as `itertuples()` gives it, no deck's lines
        deckcheck.check_deck(next(frame.assign(decklist="\n".join(lines)).itertuples()), store=store)


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_terminal_s_progress_bar_counts_decks(tmp_path, jobs):
    """On a terminal one job's bar counts the decks against their total (the input read first); --jobs' bar, which
    reads the input as its workers check it (its memory flat in the input), counts them with no total: "12 deck",
    not "12deck" as it wrote before."""
    import fcntl
    import pty
    import struct
    import subprocess
    import sys
    import termios

    leader, follower = pty.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 120, 0, 0))  # (0 columns: tqdm draws nothing)
    with subprocess.Popen([sys.executable, "-m", "deckcheck", "batch", "-j", jobs, "-o", str(tmp_path / "out.txt"),
                           str(TOURNAMENT)], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=follower,
                          cwd=tmp_path) as process:
        os.close(follower)
        said = b""
        while True:
            try:
                chunk = os.read(leader, 4096)
            except OSError:  # (the terminal's other end closed: the process has ended)
                break
            if not chunk:
                break
            said += chunk
        assert process.wait(timeout=120) == 2
    os.close(leader)
    assert (b"/12 [" in said) == (jobs == "1") and b" deck/s" in said and b"0deck" not in said
