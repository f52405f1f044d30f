"""`deckcheck brackets DECK`: text and JSON on the example tournament registrations (real precon lists),
the same estimate as the `bracket` object of batch JSON, --as-of, and unreadable decks."""

from __future__ import annotations

import io
import json
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

from deckcheck import cli

TOURNAMENT = Path(__file__).resolve().parent.parent / "data" / "examples" / "tournament"
BRUNO = TOURNAMENT / "02-bruno-timey-wimey.txt"
HANA = TOURNAMENT / "08-hana-riders-of-rohan.txt"


def run_cli(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = cli.main(list(argv))
    return code, out.getvalue(), err.getvalue()


def test_text_names_the_cards_and_the_floor():
    code, out, _ = run_cli("brackets", str(BRUNO))
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == f"{BRUNO}: bracket 3 or higher"
    assert "  Game Changers (1): Farewell" in lines
    assert "  Extra turns (1): Regenerations Restored" in lines
    assert any(line.startswith("  - Not judged: two-card combos") for line in lines)


def test_json_matches_batch_bracket():
    code, out, _ = run_cli("brackets", "--format", "json", str(BRUNO), str(HANA))
    assert code == 0
    decks = json.loads(out)["decks"]
    assert [d["commanders"] for d in decks] == [["The Tenth Doctor", "Rose Tyler"], ["Éowyn, Shieldmaiden"]]
    assert decks[0]["bracket"]["minimum"] == 3 and decks[0]["bracket"]["game_changers"] == ["Farewell"]
    assert decks[1]["unknown_cards"] == ["Sol Rnig"]
    _, out, _ = run_cli("batch", "--format", "json", str(BRUNO), str(HANA))
    assert [d["bracket"] for d in json.loads(out)["decks"]] == [d["bracket"] for d in decks]


def test_as_of_and_unknown_cards_in_text():
    code, out, _ = run_cli("brackets", "--as-of", "2025-06-01", str(HANA))
    assert code == 0
    assert "Not judged: 1 unknown card name, which the card data has no card for: Sol Rnig." in out
    assert "before 2025-10-21" in out
    _, out, _ = run_cli("brackets", "--as-of", "2024-01-01", str(HANA))  # no brackets yet: October 2025's are used
    assert "brackets did not exist on 2024-01-01" in out and "before 2025-10-21" not in out


def test_a_day_outside_the_recorded_lists_is_noted_as_check_notes_it():
    """`check` notes a day before the recorded banned list, or a day to come; `brackets` gave that day's bracket with
    no word of it. It notes it after the decks (in JSON, "notes"); a recorded day has none."""
    code, out, _ = run_cli("brackets", "--as-of", "2999-01-01", str(HANA), str(BRUNO))
    assert code == 0 and out.splitlines()[-1].startswith("note: 2999-01-01 is a day to come: the banned and Game "
                                                         "Changers lists as they stand today")
    code, out, _ = run_cli("brackets", "--format", "json", "--as-of", "2015-01-01", str(HANA))
    (note,) = json.loads(out)["notes"]
    assert note.startswith("policy history before 2024-09-23 is not recorded")
    code, out, _ = run_cli("brackets", "--format", "json", "--as-of", "2025-06-01", str(HANA))
    assert "notes" not in json.loads(out)
    assert "note:" not in run_cli("brackets", str(HANA))[1]


def test_unreadable_deck_exit_2(tmp_path):
    empty = tmp_path / "empty.txt"
    empty.write_text("// nothing\n")
    code, out, err = run_cli("brackets", str(empty), str(BRUNO))
    assert code == 2 and "empty decklist" in err and "bracket 3 or higher" in out
    assert run_cli("brackets", "--as-of", "yesterday", str(BRUNO))[0] == 2


def test_no_readable_deck_prints_nothing_in_text(tmp_path):
    code, out, err = run_cli("brackets", str(tmp_path / "missing.txt"))
    assert (code, out) == (2, "") and "no such file" in err


def test_the_json_holds_every_deck_in_order_an_unreadable_one_with_why(tmp_path):
    """The JSON left an unreadable deck out (it was said only on standard error), so a script reading it saw
    one deck fewer than it gave; `check --format json` holds such a deck as a row of its report."""
    missing = str(tmp_path / "missing.txt")
    code, out, err = run_cli("brackets", "--format", "json", missing, str(BRUNO), missing)
    decks = json.loads(out)["decks"]
    assert code == 2 and [d["path"] for d in decks] == [missing, str(BRUNO), missing]
    assert decks[0] == decks[2] == {"path": missing, "unreadable": "no such file"} and "no such file" in err
    assert decks[1]["bracket"]["minimum"] == 3
    code, out, _ = run_cli("brackets", "--format", "json", missing)
    assert code == 2 and json.loads(out) == {"decks": [{"path": missing, "unreadable": "no such file"}]}


def test_a_file_name_with_a_line_break_stays_on_its_line(tmp_path):
    forged = tmp_path / "deck\nfake.txt: bracket 1 or higher"
    forged.write_text(BRUNO.read_text(encoding="utf-8"), encoding="utf-8")
    code, out, _ = run_cli("brackets", str(forged))
    assert code == 0
    assert out.splitlines()[0] == f"{tmp_path}/deck\\nfake.txt: bracket 1 or higher: bracket 3 or higher"
    assert not any(line.startswith("fake.txt") for line in out.splitlines())


def test_names_holding_commas_are_told_apart(tmp_path):
    """"Game Changers (2): Urza, Lord High Artificer, Kinnan, Bonder Prodigy" read as four names under a count
    of two: the names are joined by "; ", in the lists and in the reasons."""
    deck = tmp_path / "commas.txt"
    deck.write_text("Commander\n1 Kenrith, the Returned King\nDeck\n1 Urza, Lord High Artificer\n"
                    "1 Kinnan, Bonder Prodigy\n")
    code, out, _ = run_cli("brackets", "--as-of", "2025-03-01", str(deck))
    assert code == 0
    lines = out.splitlines()
    assert "  Game Changers (2): Urza, Lord High Artificer; Kinnan, Bonder Prodigy" in lines
    reasons = [line for line in lines if line.startswith("  - ")]
    assert any("(Urza, Lord High Artificer; Kinnan, Bonder Prodigy)" in line for line in reasons)


def test_a_deck_with_banned_cards_is_said_not_legal_and_its_unknown_banned_card_unknown(tmp_path):
    """A deck of Mana Crypt, Dockside Extortionist and Jeweled Lotus (all banned since 2024-09-23; the last not in the
    bundled snapshot): `brackets` said "fits every bracket" with no word of the bans, and its JSON listed no unknown
    card while a reason counted one. Now the bans are said, and the unknown banned card is among the unknown cards."""
    deck = tmp_path / "banned.txt"
    deck.write_text("Commander\n1 Krenko, Mob Boss\nDeck\n1 Mana Crypt\n1 Dockside Extortionist\n1 Jeweled Lotus\n"
                    "1 Sol Ring\n95 Mountain\n", encoding="utf-8")
    code, out, _ = run_cli("brackets", "--data-dir", "/nonexistent-deckcheck-store", str(deck))
    assert code == 0 and out.splitlines()[1] == (
        "  Not legal in Commander: Jeweled Lotus; Mana Crypt; Dockside Extortionist banned; the brackets are of legal "
        "decks (`deckcheck check` says what breaks the rules)")
    code, out, _ = run_cli("brackets", "--data-dir", "/nonexistent-deckcheck-store", "--format", "json", str(deck))
    (found,) = json.loads(out)["decks"]
    assert found["unknown_cards"] == ["Jeweled Lotus"]
    assert found["banned"] == ["Jeweled Lotus", "Mana Crypt", "Dockside Extortionist"]


def test_the_game_changers_an_incomplete_record_counts_are_in_the_count(tmp_path):
    """Between 2025-04-22 and 2025-10-20 two of Kinnan, Winota, Trinisphere and Trouble in Pairs were Game Changers,
    which two not recorded: a deck of all four and two more counts four, and the count shown (text, JSON and the
    batch frame) said two, beside "bracket 4"."""
    from deckcheck.api import check_many

    deck = tmp_path / "four.txt"
    deck.write_text("Commander\n1 Kinnan, Bonder Prodigy\nDeck\n1 Winota, Joiner of Forces\n1 Trinisphere\n"
                    "1 Trouble in Pairs\n1 Demonic Tutor\n1 Ancient Tomb\n94 Forest\n", encoding="utf-8")
    code, out, _ = run_cli("brackets", "--as-of", "2025-06-01", str(deck))
    assert code == 0
    assert out.splitlines()[1] == ("  Game Changers (4): Demonic Tutor; Ancient Tomb; and 2 of these, which of them "
                                   "not recorded: Kinnan, Bonder Prodigy; Winota, Joiner of Forces; Trinisphere; "
                                   "Trouble in Pairs")
    _, out, _ = run_cli("brackets", "--format", "json", "--as-of", "2025-06-01", str(deck))
    bracket = json.loads(out)["decks"][0]["bracket"]
    assert (bracket["minimum"], bracket["game_changer_count"], len(bracket["maybe_game_changers"])) == (4, 4, 4)
    frame = check_many([str(deck)], on="2025-06-01").to_frame()
    assert frame["game_changers"].iloc[0] == 4
