"""The report says once where the card data's own legality and the dated policy disagree, and gives the
policy's caveat for dates before its recorded history (issue 4 section 4). Runs on the bundled snapshot,
whose MTGJSON data (2026-01-03) still calls Biorhythm banned; it was unbanned on 2026-02-09."""

from __future__ import annotations

import json

import pytest

from deckcheck.cli import main
from deckcheck.store import BUNDLED

pytestmark = pytest.mark.skipif(not BUNDLED.is_file(), reason="bundled snapshot data/cards.sqlite not built")

DECK = "Commander\n1 Omnath, Locus of Mana\nDeck\n1 Biorhythm\n98 Forest\n"


@pytest.fixture()
def decks(tmp_path):
    paths = []
    for i in range(2):
        p = tmp_path / f"deck{i}.txt"
        p.write_text(DECK)
        paths.append(str(p))
    return paths


def test_disagreement_said_once_and_policy_wins(decks, capsys, monkeypatch):
    monkeypatch.delenv("DECKCHECK_DATA", raising=False)
    code = main(["check", "--data-dir", "/nonexistent-deckcheck-store", *decks])
    out = capsys.readouterr().out
    assert code == 0  # the policy (unbanned 2026-02-09) wins over the data's "banned"
    notes = [line for line in out.splitlines() if line.startswith("note: Biorhythm")]
    assert len(notes) == 1
    assert "2026-01-03" in notes[0] and "2026-02-09" in notes[0] and "banned" in notes[0]


def test_disagreement_in_json(decks, capsys, monkeypatch):
    monkeypatch.delenv("DECKCHECK_DATA", raising=False)
    main(["check", "--format", "json", "--data-dir", "/nonexistent-deckcheck-store", *decks])
    report = json.loads(capsys.readouterr().out)
    assert [n for n in report["notes"] if n.startswith("Biorhythm")] and len(report["notes"]) == 1
    assert all(d["legal"] for d in report["decks"])


def test_as_of_before_the_unban_bans_it_and_says_history_is_unknown(decks, capsys, monkeypatch):
    monkeypatch.delenv("DECKCHECK_DATA", raising=False)
    code = main(["check", "--as-of", "2020-01-01", "--data-dir", "/nonexistent-deckcheck-store", decks[0]])
    out = capsys.readouterr().out
    assert code == 1
    assert ":4: banned Biorhythm" in out
    assert "note: policy history before 2024-09-23 is not recorded" in out
    assert "note: Biorhythm" not in out  # on 2020-01-01 the data and the policy agree: banned


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_batch_says_the_disagreement_once(decks, capsys, monkeypatch, jobs):
    monkeypatch.delenv("DECKCHECK_DATA", raising=False)
    code = main(["batch", "--format", "json", "--jobs", jobs, "--no-progress",
                 "--data-dir", "/nonexistent-deckcheck-store", *decks])
    report = json.loads(capsys.readouterr().out)
    assert code == 0 and report["summary"]["legal"] == 2
    assert len(report["notes"]) == 1 and report["notes"][0].startswith("Biorhythm: the card data (2026-01-03)")


def test_a_legality_from_older_data_is_dated_by_that_data(tmp_path, capsys, monkeypatch):
    """The snapshot's Mana Crypt comes from MTGJSON's 2022 set files (no newer file holds it): the note said "the
    card data (2026-01-03) says legal", which no 2026 data says, and said it under --as-of dates before the ban,
    when the policy agrees with the 2022 data."""
    monkeypatch.delenv("DECKCHECK_DATA", raising=False)
    deck = tmp_path / "crypt.txt"
    deck.write_text("Commander\n1 Omnath, Locus of Mana\nDeck\n1 Mana Crypt\n98 Forest\n")
    assert main(["check", "--data-dir", "/nonexistent-deckcheck-store", str(deck)]) == 1
    notes = [line for line in capsys.readouterr().out.splitlines() if line.startswith("note: Mana Crypt")]
    assert notes == [notes[0]] and notes[0].startswith("note: Mana Crypt: the card data (2022-04-25) says legal")
    assert main(["check", "--data-dir", "/nonexistent-deckcheck-store", "--as-of", "2024-01-01", str(deck)]) == 0
    assert "Mana Crypt" not in capsys.readouterr().out


@pytest.mark.parametrize("command", [["check", "--format", "csv"], ["batch", "--format", "csv", "--no-progress"]])
def test_a_csv_report_s_notes_are_said_on_standard_error(decks, capsys, monkeypatch, command):
    """A CSV report has no place for the notes (rows of decks): they were lost, and a spreadsheet of decks
    checked as of 2020 did not say that the banned list of that day is not recorded. They are now said
    once each on standard error; the CSV is unchanged."""
    monkeypatch.delenv("DECKCHECK_DATA", raising=False)
    code = main([*command, "--as-of", "2020-01-01", "--data-dir", "/nonexistent-deckcheck-store", *decks])
    out, err = capsys.readouterr()
    assert code == 1 and "policy history" not in out and len(out.splitlines()) == 3  # the header, the two decks
    (note,) = [line for line in err.splitlines() if not line.startswith("deckcheck: warning:")]  # (of the store)
    assert note.startswith("deckcheck: note: policy history before 2024-09-23 is not recorded")


@pytest.mark.parametrize("section", ["Sideboard", "Maybeboard"])
def test_no_note_for_a_card_outside_the_100(tmp_path, capsys, monkeypatch, section):
    """The rules do not judge a sideboard's or maybeboard's cards, so the report says nothing of where the data and
    the policy disagree on one (before, Biorhythm in a maybeboard got the note, as if the deck's verdict used it).
    The same card in the deck itself still gets it, once, in a batch too."""
    monkeypatch.delenv("DECKCHECK_DATA", raising=False)
    outside = tmp_path / "outside.txt"
    outside.write_text(f"Commander\n1 Omnath, Locus of Mana\nDeck\n99 Forest\n{section}\n1 Biorhythm\n")
    inside = tmp_path / "inside.txt"
    inside.write_text(DECK)
    main(["check", "--data-dir", "/nonexistent-deckcheck-store", str(outside)])
    out = capsys.readouterr().out
    assert "Biorhythm" in out and "note: Biorhythm" not in out  # named by the sideboard warning only
    main(["batch", "--format", "json", "--no-progress", "--data-dir", "/nonexistent-deckcheck-store",
          str(outside), str(inside)])
    report = json.loads(capsys.readouterr().out)
    assert [n[:10] for n in report["notes"]] == ["Biorhythm:"]


def test_card_data_newer_than_the_policy_bans_a_card_the_policy_does_not(tmp_path, capsys, monkeypatch, shared_data):
    """A store built from Scryfall data made after the policy's last event, which calls Sol Ring banned (a ban
    announced since): the deck was legal, the data's ban only a note. The newer data wins, and says so."""
    from datetime import timedelta

    from deckcheck.policy import load_policy

    monkeypatch.delenv("DECKCHECK_DATA", raising=False)
    made = load_policy().latest_event + timedelta(days=30)
    objects = json.loads((shared_data / "scryfall" / "cards-2025-12-collection.json").read_text(encoding="utf-8"))
    wanted = {"Vito, Thorn of the Dusk Rose", "Swamp", "Arcane Signet", "Sol Ring"}
    chosen = {o["name"]: o for o in objects if o["name"] in wanted}
    assert set(chosen) == wanted
    chosen["Sol Ring"]["legalities"]["commander"] = "banned"
    chosen["Arcane Signet"]["released_at"] = made.isoformat()  # a printing of the data's day: the data's date
    chosen["Arcane Signet"]["game_changer"] = True  # added to the Game Changers list since, as the data says
    source = tmp_path / "cards.json"
    source.write_text(json.dumps(list(chosen.values())), encoding="utf-8")
    store = tmp_path / "store"
    assert main(["update", "--data-dir", str(store), "--file", str(source)]) == 0
    deck = tmp_path / "vito.txt"
    deck.write_text("Commander\n1 Vito, Thorn of the Dusk Rose\nDeck\n1 Sol Ring\n1 Arcane Signet\n97 Swamp\n")
    capsys.readouterr()
    assert main(["check", "--data-dir", str(store), str(deck)]) == 1
    out = capsys.readouterr().out
    assert f":4: banned Sol Ring is banned in Commander (the card data of {made.isoformat()} says banned" in out
    assert "the card data is used" in out
    # checked as of a day before the data's, the policy's list (Sol Ring legal) stands
    assert main(["check", "--data-dir", str(store), "--as-of", (made - timedelta(days=1)).isoformat(), str(deck)]) == 0
    capsys.readouterr()
    # and the Game Changer the newer data names counts, from its day on
    for day, counted in ((None, ["Arcane Signet"]), ((made - timedelta(days=1)).isoformat(), [])):
        main(["brackets", "--format", "json", "--data-dir", str(store), *(["--as-of", day] if day else []), str(deck)])
        assert json.loads(capsys.readouterr().out)["decks"][0]["bracket"]["game_changers"] == counted


def test_check_deck_as_of_a_day_outside_the_recorded_lists_notes_it_on_its_report():
    """`check_deck(text, on=...)`, an analyst's call a row (`df.apply(lambda r: check_deck(r, on=r.date))`), returns
    the deck's report alone: before, it had no word that a day before the recorded history is judged by the list in
    force just before it, where `check --as-of` and `check_many` say so (a review). Its notes now end with the
    caveat; a recorded day, or none given, adds none."""
    from deckcheck import check_deck

    old = check_deck(DECK, on="2020-01-01")
    assert not old.legal and old.notes[-1].startswith("policy history before 2024-09-23 is not recorded: the banned "
                                                      "list in force just before that date is used for 2020-01-01")
    assert check_deck(DECK, on="2099-01-01").notes[-1].startswith("2099-01-01 is a day to come")
    assert check_deck(DECK, on="2026-03-01").notes == check_deck(DECK).notes == ()
