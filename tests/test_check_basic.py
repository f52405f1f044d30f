"""First end-to-end checks of `deckcheck check` and `deckcheck rules` through deckcheck.cli.main."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable

import pytest

from check_support import PROJECT, deck_text, shared_store_path
from deckcheck.cli import main


@pytest.fixture(scope="session")
def data_dir(request: pytest.FixtureRequest) -> str:
    cache = request.config.cache.mkdir("deckcheck-check-store")
    return str(shared_store_path(cache).parent)


def test_rules_lists_every_code(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules"]) == 0
    out = capsys.readouterr().out
    for code in ("unreadable", "syntax", "unknown-card", "deck-size", "no-commander", "commander-ineligible",
                 "commander-pair", "singleton", "color-identity", "banned", "not-legal", "released-since-data",
                 "companion", "sideboard"):
        assert f"\n{code} " in "\n" + out


def test_rules_explains_one_and_refuses_unknown(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "color-identity"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("color-identity (CR 903.4, 903.5c, 903.5d; error)")
    assert "Example:" in out and "Why:" in out
    assert main(["rules", "no-such-rule"]) == 2
    assert "no rule 'no-such-rule'" in capsys.readouterr().err


def test_rules_unreadable_is_explained(tmp_path, capsys: pytest.CaptureFixture[str]) -> None:
    """`unreadable`, the code of a batch's row for a deck that can't be read (its JSON report and frames use it
    too), is a rule `deckcheck rules` lists and explains. Before, `rules unreadable` said "no rule"."""
    from deckcheck.batch import check_many

    assert main(["rules", "unreadable"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("unreadable (no CR rule (deckcheck's own check); error)\nA deck that can't be read at all")
    assert "What: " in out and "Why: " in out and "Example: " in out
    assert main(["rules"]) == 0
    assert capsys.readouterr().out.splitlines()[0].startswith("unreadable ")
    (row,) = check_many([tmp_path / "gone.txt"])  # the code the batch gives is the rule's
    assert row.unreadable and [(v.code, v.severity, v.message) for v in row.report.violations] == [
        ("unreadable", "error", "no such file")]


@pytest.mark.parametrize("reference, codes", [
    ("903.5b", ["singleton"]), ("CR 903.4.", ["no-commander", "color-identity"]),
    ("702.124", ["deck-size", "commander-ineligible", "commander-pair"]),
    ("903.5", ["deck-size", "singleton", "color-identity", "sideboard"]), ("90", []), ("100.1", []),
    ("cr 903.5b", ["singleton"]),
    ("903.5bogus", []), ("903.5b2", []), ("903.5B", ["singleton"]),  # no rule's number; a letter in capitals
    # named by an explanation, not cited: the not-a-deck-card message cites 712.4, 111.1, 114.1 and 309.2
    ("712.4", ["not-a-deck-card"]), ("111.1", ["not-a-deck-card"]), ("114.1", ["not-a-deck-card"]),
    ("309.2", ["not-a-deck-card"]),
    # under a cited rule (702.124j, Partner with, is checked by the rule citing 702.124) or named (702.124f)
    ("702.124f", ["commander-pair"]), ("702.124j", ["commander-pair"]), ("903.4f", ["no-commander", "color-identity"]),
])
def test_rules_by_comprehensive_rules_number(capsys: pytest.CaptureFixture[str], reference: str,
                                             codes: list[str]) -> None:
    """A report cites "CR 903.5b": `deckcheck rules 903.5b` explains every rule whose CR citation or explanation
    holds that number, a rule under it or the rule it is under. Before, only citations were read: `rules 712.4`
    and `rules 702.124f` found nothing, though a message cites the one and an explanation names the other."""
    import re

    assert main(["rules", reference]) == (0 if codes else 2)
    out = capsys.readouterr().out
    assert [m[1] for m in re.finditer(r"^([a-z-]+) \((?:CR \d|no CR rule)", out, re.MULTILINE)] == codes


def test_check_small_bad_deck(tmp_path, data_dir: str, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "d.txt"
    path.write_text(deck_text(["Thrasios, Triton Hero", "Tymna the Weaver"],
                              ["Sol Ring", "2 Lightning Bolt"]))
    assert main(["check", "--data-dir", data_dir, str(path)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out == [
        f"{path}: deck-size the deck has 5 cards (2 commanders + 3 main), 95 short; a Commander deck has "
        "exactly 100",
        f"{path}:6: singleton 2 copies of Lightning Bolt; a deck may have one copy",
        f"{path}:6: color-identity Lightning Bolt (R) is outside the commander's color identity (WUBG): red "
        "not allowed under Thrasios, Triton Hero and Tymna the Weaver",
        f"{path}: NOT legal (3 errors): 5 cards, Thrasios, Triton Hero + Tymna the Weaver, identity WUBG",
    ]


def test_an_unknown_partner_leaves_the_identity_unchecked(tmp_path, data_dir: str,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    """A misspelled partner is an unknown card, and the deck's identity is not known without it: the cards and
    companion of its colors are no color-identity errors under the other commander's identity alone."""
    path = tmp_path / "d.txt"
    path.write_text(deck_text(["Thrasios, Triton Hero", "Tymna teh Weaver"], ["49 Plains", "49 Swamp"],
                              companion="Lurrus of the Dream-Den"))
    assert main(["check", "--data-dir", data_dir, str(path)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert [line.split()[1] for line in out[:-1]] == ["unknown-card"]  # nor the companion (W/B) outside it
    assert "Tymna the Weaver" in out[0]  # the close name, for the one error
    path.write_text(deck_text(["Thrasios, Triton Hero", "Tymna the Weaver"], ["49 Plains", "49 Mountain"]))
    assert main(["check", "--data-dir", data_dir, str(path)]) == 1  # both known: the red card is outside
    assert [line.split()[1] for line in capsys.readouterr().out.splitlines()[:-1]] == ["color-identity"]


def test_a_companion_marked_on_its_line_is_the_companion(tmp_path, data_dir: str,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    """A list marks its companion as it marks its commander, "(Companion)" or "- Companion": the card was read as a
    101st card of the main deck (a legal deck not legal for its size, a broken condition never checked)."""
    path = tmp_path / "d.txt"
    for mark in ("(Companion)", "- Companion"):
        for commander, code in (("Ayli, Eternal Pilgrim", 0), ("Tymna the Weaver", 1)):  # mana value 2, then 3
            path.write_text(f"1 {commander} (Commander)\n1 Sol Ring\n49 Plains\n49 Swamp\n"
                            f"1 Lurrus of the Dream-Den {mark}\n", encoding="utf-8")
            assert main(["check", "--data-dir", data_dir, str(path)]) == code
            out = capsys.readouterr().out.splitlines()
            assert out[-1].split(": ", 1)[1].startswith("legal: 100 cards" if code == 0 else "NOT legal (1 error)")
            assert code == 0 or out[0].split()[1] == "companion"
    # with no count, after the list's first line (the first may be a title, "Kaheera Cats - Companion"); before, a
    # group's name, and the companion gone: the deck legal
    path.write_text("Tymna the Weaver (Commander)\nLurrus of the Dream-Den - Companion\n1 Sol Ring\n49 Plains\n"
                    "49 Swamp\n", encoding="utf-8")
    assert main(["check", "--data-dir", data_dir, str(path)]) == 1
    assert [line.split()[1] for line in capsys.readouterr().out.splitlines()[:-1]] == ["companion"]
    # on a line of names run together, as a one-line form field leaves a list (before: 101 cards, or an unknown card
    # "Lurrus of the Dream-Den (Companion) 49 Plains")
    for run in ("1 Ayli, Eternal Pilgrim (Commander) 1 Sol Ring 1 Arcane Signet 1 Lurrus of the Dream-Den (Companion) "
                "49 Plains 48 Swamp", "Ayli, Eternal Pilgrim (Commander), Sol Ring, Arcane Signet, Lurrus of the "
                "Dream-Den (Companion), 49 Plains, 48 Swamp"):
        path.write_text(run + "\n", encoding="utf-8")
        assert main(["check", "--data-dir", data_dir, str(path)]) == 0
        assert capsys.readouterr().out.splitlines()[-1] == f"{path}: legal: 100 cards, Ayli, Eternal Pilgrim, identity WB"


def test_a_deck_of_one_card_is_one_card(tmp_path, data_dir: str, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "d.txt"
    path.write_text("1 Sol Ring\n")
    assert main(["check", "--data-dir", data_dir, str(path)]) == 1
    assert capsys.readouterr().out.splitlines()[-1] == (
        f"{path}: NOT legal (2 errors): 1 card, no commander, identity unknown")


def test_check_json_shape(tmp_path, data_dir: str, capsys: pytest.CaptureFixture[str]) -> None:
    import jsonschema

    from deckcheck.render import load_schema

    path = tmp_path / "d.txt"
    path.write_text(deck_text(["Thrasios, Triton Hero", "Tymna the Weaver"], ["Sol Ring"],
                              fill="Island"))
    assert main(["check", "--format", "json", "--data-dir", data_dir, str(path)]) == 0
    doc = json.loads(capsys.readouterr().out)
    jsonschema.Draft202012Validator(load_schema()).validate(doc)
    bracket = doc["decks"][0].pop("bracket")  # issue 4 section 5: a bracket object in every deck
    assert set(bracket) >= {"minimum", "game_changers", "mass_land_denial", "extra_turns", "tutors", "reasons"}
    assert bracket["minimum"] == 1 and bracket["game_changers"] == []  # no Game Changer, MLD or extra turn
    assert doc["decks"][0] == {"path": str(path), "legal": True,
                               "commanders": ["Thrasios, Triton Hero", "Tymna the Weaver"],
                               "color_identity": "WUBG", "card_count": 100, "violations": []}


def test_a_list_pasted_with_its_commander_as_a_plain_line_is_told_which_card_could_lead(
        tmp_path, data_dir: str, capsys: pytest.CaptureFixture[str]) -> None:
    """A precon pasted without its headers: still no commander (nothing says which card leads), but the
    message names the one card of the list that could, and its line; a list no single card could lead gets
    no such hint."""
    from pathlib import Path

    source = Path(__file__).resolve().parent.parent / "data" / "examples" / "tournament" / "01-alice-breed-lethality.txt"
    lines = [line for line in source.read_text(encoding="utf-8").splitlines()
             if line[:1].isdigit()]  # no comments, no "Commander" and "Deck" headers
    assert lines[0] == "1 Atraxa, Praetors' Voice" and len(lines) == 91
    pasted = tmp_path / "pasted.txt"
    pasted.write_text("\n".join(lines[1:50] + lines[:1] + lines[50:]) + "\n", encoding="utf-8")
    assert main(["check", "--data-dir", data_dir, "--format", "json", str(pasted)]) == 1
    (violation,) = json.loads(capsys.readouterr().out)["decks"][0]["violations"]
    assert violation["message"] == ("the deck has no commander; mark it in the list, under a Commander header "
                                    "(Atraxa, Praetors' Voice, in the list, could lead it)")
    assert violation["lines"] == [50] and violation["details"] == {"could_lead": ["Atraxa, Praetors' Voice"]}
    pair = tmp_path / "pair.txt"
    pair.write_text("1 Thrasios, Triton Hero\n1 Tymna the Weaver\n1 Sol Ring\n", encoding="utf-8")
    assert main(["check", "--data-dir", data_dir, "--format", "json", str(pair)]) == 1
    messages = [v["message"] for v in json.loads(capsys.readouterr().out)["decks"][0]["violations"]]
    assert "the deck has no commander; mark it in the list, under a Commander header" in messages


def test_a_commander_in_a_sideboard_beside_another_card_is_the_one_named_to_lead(
        tmp_path, data_dir: str, capsys: pytest.CaptureFixture[str]) -> None:
    """A real precon written as MTGO lists it, its commander in the sideboard, but a second card there too: the one
    card there that can lead is the commander (two reviews; before, the deck had none and was "1 short"), the other
    a sideboard warning. With two cards there that could lead, which one is not told: the 99 are one card short, and
    the message names the sideboard's cards that could lead, at their lines. (Before that, it named a main-deck card
    that could, and the commander in the sideboard went unnamed.)"""
    from pathlib import Path

    source = Path(__file__).resolve().parent.parent / "data" / "examples" / "abzan-armor-tdc.txt"
    text = source.read_text(encoding="utf-8")
    leader = "Commander\n1 Felothar the Steadfast\n\nDeck\n"
    assert leader in text
    listed = tmp_path / "mtgo.txt"
    listed.write_text(text.replace(leader, "Deck\n") + "\nSideboard\n1 Felothar the Steadfast\n1 Ponder\n",
                      encoding="utf-8")
    assert main(["check", "--data-dir", data_dir, "--format", "json", str(listed)]) == 0
    deck = json.loads(capsys.readouterr().out)["decks"][0]
    assert (deck["commanders"], [v["code"] for v in deck["violations"]]) == (["Felothar the Steadfast"], ["sideboard"])
    listed.write_text(text.replace(leader, "Deck\n") + "\nSideboard\n1 Felothar the Steadfast\n1 Ghave, Guru of "
                                                       "Spores\n1 Ponder\n", encoding="utf-8")
    line = listed.read_text(encoding="utf-8").splitlines().index("1 Felothar the Steadfast") + 1
    assert main(["check", "--data-dir", data_dir, "--format", "json", str(listed)]) == 1
    violation = next(v for v in json.loads(capsys.readouterr().out)["decks"][0]["violations"]
                     if v["code"] == "no-commander")
    assert violation["message"] == ("the deck has no commander; mark it in the list, under a Commander header "
                                    "(Felothar the Steadfast or Ghave, Guru of Spores, in the sideboard, could lead "
                                    "it)")
    assert violation["lines"] == [line, line + 1]
    assert violation["details"] == {"could_lead": ["Felothar the Steadfast", "Ghave, Guru of Spores"]}


@pytest.mark.parametrize("joint", [" // ", " / ", " | ", " & ", " + "])
def test_two_commanders_written_on_one_line_are_read_apart_or_told_to_be_split(
        joint: str, tmp_path, data_dir: str, capsys: pytest.CaptureFixture[str]) -> None:
    """A real partner precon with its two commanders on one line, joined by a slash, a bar, an ampersand or a plus:
    before, the line was read as the first commander alone and the second was lost unseen (a deck of 99;
    with " & " or " + ", an unknown card with the wrong suggestions). They are the two commanders, with a note, and
    the deck is legal: joined as `--commander` reads two names (" / ", " & ", " + "), or as a card's faces are
    (" // ", " | ": the whole no card, each part a different card; before, an unknown card that named both cards
    and said to write each on a line of its own). (Joined by a comma, they are read apart:
    `test_card_names_separated_by_commas_are_read_apart`.)"""
    from pathlib import Path

    source = Path(__file__).resolve().parent.parent / "data" / "examples" / "tournament" / \
        "03-chen-food-and-fellowship.txt"
    text = source.read_text(encoding="utf-8")
    pair = "1x Frodo, Adventurous Hobbit\n1x Sam, Loyal Attendant\n"
    assert pair in text
    joined = tmp_path / "joined.txt"
    joined.write_text(text.replace(pair, f"1x Frodo, Adventurous Hobbit{joint}Sam, Loyal Attendant\n"),
                      encoding="utf-8")
    assert main(["check", "--data-dir", data_dir, "--format", "json", str(joined)]) == 0
    deck = json.loads(capsys.readouterr().out)["decks"][0]
    assert deck["commanders"] == ["Frodo, Adventurous Hobbit", "Sam, Loyal Attendant"]
    assert deck["notes"][0] == (f"line 5: commander Frodo, Adventurous Hobbit{joint}Sam, Loyal Attendant read "
                                "as 2 commanders: Frodo, Adventurous Hobbit; Sam, Loyal Attendant")


def test_two_cards_joined_on_a_main_deck_line_are_told_to_be_split(tmp_path, data_dir: str,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """Two cards of the main deck joined on one line as a card's faces are, "Sol Ring // Arcane Signet": an unknown
    card that names both cards and says to write each on a line of its own."""
    joined = tmp_path / "joined.txt"
    joined.write_text("Commander\n1 Frodo, Adventurous Hobbit\nDeck\n1 Sol Ring // Arcane Signet\n98 Plains\n",
                      encoding="utf-8")
    joint = " // "
    assert main(["check", "--data-dir", data_dir, "--format", "json", str(joined)]) == 1
    violations = json.loads(capsys.readouterr().out)["decks"][0]["violations"]
    unknown = next(v for v in violations if v["code"] == "unknown-card")
    assert unknown["message"] == (f'unknown card "Sol Ring{joint}Arcane Signet": it joins 2 cards\' names (Sol Ring; '
                                  "Arcane Signet): write each on a line of its own")
    assert unknown["lines"] == [4] and unknown["details"]["suggestions"] == ["Sol Ring", "Arcane Signet"]


def _report(path, data_dir: str, capsys: pytest.CaptureFixture[str], *options: str) -> dict:
    main(["check", "--data-dir", data_dir, "--format", "json", *options, str(path)])
    return json.loads(capsys.readouterr().out)["decks"][0]


def _verdict(report: dict) -> tuple:
    """What a deck's report says, whatever lines its list had."""
    return (report["legal"], report["card_count"], report["commanders"], report["color_identity"],
            sorted((v["code"], v["message"]) for v in report["violations"]))


def _one_line(data: dict, style: str) -> str:
    """A precon's main deck on one line, as a form's one-line answer gives it: names separated by commas, each
    copy written out ("names") or counted ("12 Forest": "counted names"); or its lines pasted into a one-line
    field that made each line break a space ("lines", "1 Sol Ring (CMM) 410" as Arena exports them) or dropped
    it ("lines run on", "1 Sol Ring" as Moxfield's plain text has them: a collector number run on into the next
    count could be either), or lines with their counts after the names made spaces ("counts after": "Sol Ring
    x1 Arcane Signet x1") or dropped ("counts after run on": "Sol Ring x1Arcane Signet x1")."""
    cards = data["mainBoard"]
    if style == "names":
        return ", ".join(card["name"] for card in cards for _ in range(card["count"]))
    if style == "counted names":
        return ", ".join(f"{card['count']} {card['name']}" if card["count"] > 1 else card["name"] for card in cards)
    if style == "lines":
        return _arena(cards, " ")
    if style.startswith("counts after"):
        return ("" if style.endswith("run on") else " ").join(f"{card['name']} x{card['count']}" for card in cards)
    return "".join(f"{card['count']} {card['name']}" for card in cards)


@pytest.mark.parametrize("precon, style", [
    ("ArcaneWizardry_C17.json.gz", "counted names"), ("FoodAndFellowship_LTC.json.gz", "names"),
    ("TimeyWimey_WHO.json.gz", "counted names"), ("AdaptiveEnchantment_C18.json.gz", "names"),
    ("ArcaneWizardry_C17.json.gz", "lines"), ("FoodAndFellowship_LTC.json.gz", "lines run on"),
    ("TimeyWimey_WHO.json.gz", "lines run on"), ("AdaptiveEnchantment_C18.json.gz", "lines"),
    ("FoodAndFellowship_LTC.json.gz", "counts after"), ("ArcaneWizardry_C17.json.gz", "counts after"),
    ("TimeyWimey_WHO.json.gz", "counts after run on"), ("AdaptiveEnchantment_C18.json.gz", "counts after run on")])
def test_a_real_precon_written_on_one_line_is_its_deck(
        precon: str, style: str, shared_data, tmp_path, data_dir: str, capsys: pytest.CaptureFixture[str]) -> None:
    """A real precon written as a form's one-line answer gives it: its commanders after "Commander:", its main
    deck on one line (`_one_line`; many names holding commas of their own: Kenrith, the Returned King). Before,
    the line was too long to be read (or, when shorter, one unknown card). It is checked as the deck file is,
    with a note saying how the line was read."""
    import gzip

    path = shared_data / "decks" / "mtgjson-precons-2026-01" / precon
    with gzip.open(path, "rt", encoding="utf-8") as handle:
        data = json.load(handle)["data"]
    commanders = ", ".join(card["name"].split(" // ")[0] for card in data["commander"])
    line = _one_line(data, style)
    assert sum("," in card["name"] for card in data["mainBoard"]) >= 3
    run = tmp_path / "run.txt"
    run.write_text(f"Commander: {commanders}\nDeck: {line}\n", encoding="utf-8")
    expected = _report(path, data_dir, capsys)
    found = _report(run, data_dir, capsys)
    assert _verdict(found) == _verdict(expected)
    assert found["card_count"] == 100
    pieces = sum(card["count"] for card in data["mainBoard"]) if style == "names" else len(data["mainBoard"])
    assert f"line 2: read as {pieces} card names written on one line" in found["notes"]
    if len(data["commander"]) == 2:
        assert "line 1: read as 2 card names written on one line" in found["notes"]


def _precon(shared_data, precon: str):
    """A real precon's deck file and its data."""
    import gzip

    path = shared_data / "decks" / "mtgjson-precons-2026-01" / precon
    with gzip.open(path, "rt", encoding="utf-8") as handle:
        return path, json.load(handle)["data"]


def _arena(cards: list[dict], joint: str) -> str:
    """Cards as Arena exports them ("1 Sol Ring (CMM) 410"), their line breaks made `joint`."""
    return joint.join(f"{card['count']} {card['name']} ({card['setCode']}) {card['number']}" for card in cards)


def _pasted(path, data: dict, text: str, tmp_path, data_dir: str, capsys: pytest.CaptureFixture[str]) -> dict:
    """The report of a precon's list pasted as `text`, checked to be its deck file's: the same verdict, its
    100 cards and its commanders."""
    pasted = tmp_path / "pasted.txt"
    pasted.write_text(text, encoding="utf-8")
    found = _report(pasted, data_dir, capsys)
    assert _verdict(found) == _verdict(_report(path, data_dir, capsys))
    assert found["card_count"] == 100 and len(found["commanders"]) == len(data["commander"])
    return found


def _grouped(data: dict, header: str, groups: list[str], apart: bool,
             line: Callable[[dict], str]) -> tuple[list[str], list[int]]:
    """A precon's list as posted in groups: `header`, its commanders, then each of `groups` on a line of its own
    before its share of the main deck, set apart by blank lines when `apart` (`line` writes a card's line); and the
    number of each group's line."""
    cards, lines, at = data["mainBoard"], [header, *map(line, data["commander"])], []
    size = -(-len(cards) // len(groups))
    for i, group in enumerate(groups):
        lines += [""] if apart else []
        at.append(len(lines) + 1)
        lines += [group, *map(line, cards[i * size:(i + 1) * size])]
    return lines, at


@pytest.mark.parametrize("precon, apart", [("ArcaneWizardry_C17.json.gz", True), ("TimeyWimey_WHO.json.gz", False)])
def test_a_list_grouped_by_what_its_cards_do_is_its_deck(
        precon: str, apart: bool, shared_data, tmp_path, data_dir: str, capsys: pytest.CaptureFixture[str]) -> None:
    """A real precon written as lists grouped by what the cards do are posted: its commanders under "Commander", then
    each group's name on a line of its own before the group's cards ("Ramp", "Card Draw (12)", "Removal:"), the
    groups set apart by blank lines or not, and a card in a group written without its count (still a card). It is
    checked as its deck file is, with a note naming the groups' lines. Before, each group's name was an unknown card
    counted in the deck, and with no blank line after the commanders every card after them was a commander."""
    path, data = _precon(shared_data, precon)
    groups = ["Ramp", "Card Draw (12)", "Removal:", "Win Conditions", "Big Dumb Creatures", "Mana Base"]
    lines, at = _grouped(data, "Commander", groups, apart, lambda card: f"{card['count']} {card['name']}")
    if lines[at[1] + 1].startswith("1 "):  # the second group's second card
        lines[at[1] + 1] = lines[at[1] + 1][2:]  # a card with no count before one with a count: still a card
    named = [f'line {line} "{group.split(" (")[0].rstrip(":")}"' for line, group in zip(at, groups)]
    found = _pasted(path, data, "\n".join(lines) + "\n", tmp_path, data_dir, capsys)
    assert (f"read {', '.join(named)} as the name of a group of the cards after it, not as a card: no card has that "
            "name") in found["notes"]


@pytest.mark.parametrize("precon, apart", [("FoodAndFellowship_LTC.json.gz", True), ("TimeyWimey_WHO.json.gz", False)])
def test_a_list_posted_with_headings_is_its_deck(
        precon: str, apart: bool, shared_data, tmp_path, data_dir: str, capsys: pytest.CaptureFixture[str]) -> None:
    """A real precon posted as Reddit's lists are, with headings in bold or italics or ending in a colon ("**Ramp**",
    "*Card Draw*:", "__Removal (9)__", "Tutors:") or counting their cards ("Card Advantage (12)"), and a count only
    where there are several copies ("8 Island"): each heading is a group's name whatever line follows it, so the deck
    is its deck file's; a card type's ("**Lands**", "_Creatures_") is the header it always was. Before, the headings
    before a card written with no count were unknown cards counted in the deck ("Card Advantage" twelve times)."""
    path, data = _precon(shared_data, precon)
    headings = ["**Ramp**", "*Card Draw*:", "__Removal (9)__", "**Win Conditions:**", "Tutors:", "Card Advantage (12)",
                "_Creatures_", "**Lands**"]
    lines, at = _grouped(data, "**Commander**", headings, apart,
                         lambda card: card["name"] if card["count"] == 1 else f"{card['count']} {card['name']}")
    named = [f'line {line} "{heading.strip("*_:").split(" (")[0].replace("*", "")}"'
             for line, heading in zip(at, headings) if heading not in ("_Creatures_", "**Lands**")]
    found = _pasted(path, data, "\n".join(lines) + "\n", tmp_path, data_dir, capsys)
    assert (f"read {', '.join(named)} as the name of a group of the cards after it, not as a card: no card has that "
            "name") in found["notes"]


@pytest.mark.parametrize("precon, apart", [("ArcaneWizardry_C17.json.gz", True), ("TimeyWimey_WHO.json.gz", False)])
def test_a_heading_ending_in_a_colon_is_a_group_even_when_a_card_has_its_name(
        precon: str, apart: bool, shared_data, tmp_path, data_dir: str, capsys: pytest.CaptureFixture[str]) -> None:
    """A real precon posted in groups whose headings end in a colon and name a card ("Burn:", half of Turn // Burn;
    "Fog:", "**Clone:**", "Counterspell:"): no card name ends in a colon, so each is a group's name, said in a note
    of its own, and the deck is its deck file's. Before, each was a card counted in the deck."""
    path, data = _precon(shared_data, precon)
    groups = ["Ramp:", "Burn:", "Fog:", "**Clone:**", "Counterspell:"]
    lines, at = _grouped(data, "Commander", groups, apart, lambda card: f"{card['count']} {card['name']}")
    found = _pasted(path, data, "\n".join(lines) + "\n", tmp_path, data_dir, capsys)
    headed = ", ".join(f'line {line} "{group.strip("*")}"' for line, group in zip(at[1:], groups[1:]))
    assert found["notes"][:2] == [
        f'read line {at[0]} "Ramp" as the name of a group of the cards after it, not as a card: no card has that name',
        f"read {headed} as the name of a group of the cards after it, not as a card: it is written as a heading, "
        "ending in a colon"]


@pytest.mark.parametrize("precon, headed", [("FoodAndFellowship_LTC.json.gz", True), ("TimeyWimey_WHO.json.gz", False)])
def test_a_list_pasted_with_its_post_around_it_is_its_deck(
        precon: str, headed: bool, shared_data, tmp_path, data_dir: str, capsys: pytest.CaptureFixture[str]) -> None:
    """A real precon's list pasted with the words of the post around it ("Hey all, here's my take on the precon. Any
    cuts you'd suggest?" before it, "Thanks for reading!" after it), with section headers or as a plain list: the
    sentences are no cards, so the deck is its deck file's, and a note names their lines. Before, each was an unknown
    card counted in the deck."""
    path, data = _precon(shared_data, precon)
    leaders = [f"{card['count']} {card['name']}" for card in data["commander"]]
    cards = [f"{card['count']} {card['name']}" for card in data["mainBoard"]]
    body = ["Commander", *leaders, "", "Deck", *cards] if headed else [*leaders, "", *cards]
    lines = ["Hey all, here's my take on the precon. Any cuts you'd suggest?", "", *body, "", "Thanks for reading!",
             "Cheers."]
    found = _pasted(path, data, "\n".join(lines) + "\n", tmp_path, data_dir, capsys)
    last = len(lines)
    assert (f'read line 1 "{lines[0][:59].rstrip()}…", line {last - 1} "Thanks for reading!", line {last} '
            "\"Cheers.\" as the post's words around the list, not as a card: no card has that name") in found["notes"]


@pytest.mark.parametrize("precon, shape", [("FoodAndFellowship_LTC.json.gz", "headers"),
                                           ("TimeyWimey_WHO.json.gz", "comment"),
                                           ("ArcaneWizardry_C17.json.gz", "plain")])
def test_a_title_above_a_list_is_the_deck_s_name(
        precon: str, shape: str, shared_data, tmp_path, data_dir: str, capsys: pytest.CaptureFixture[str]) -> None:
    """A real precon's list with its title on the first line, set off by a blank line, a comment or a header: the
    title is no card, so the deck is its deck file's, the title is the deck's name, and a note says so. Before, it
    was an unknown card counted in the deck (and the deck a card too many)."""
    path, data = _precon(shared_data, precon)
    leaders = [f"{card['count']} {card['name']}" for card in data["commander"]]
    cards = [f"{card['count']} {card['name']}" for card in data["mainBoard"]]
    title = f"My {data['name']} Build"
    body = {"headers": ["", "Commander", *leaders, "", "Deck", *cards],
            "comment": ["// as printed", "Commander", *leaders, "Deck", *cards],
            "plain": ["", *leaders, "", *cards]}[shape]
    found = _pasted(path, data, "\n".join([title, *body]) + "\n", tmp_path, data_dir, capsys)
    assert found["name"] == title
    assert f'read line 1 "{title}" as the deck\'s title, not as a card: no card has that name' in found["notes"]


def test_a_line_above_a_list_that_names_a_card_or_nearly_stays_a_card(
        tmp_path, data_dir: str, capsys: pytest.CaptureFixture[str]) -> None:
    """A first line with no count set off above a counted list is a title only when no card has its name nor nearly
    has it: a commander written first stays the commander, one mistyped stays an unknown card with the card
    suggested."""
    cards = ["1 Sol Ring", "1 Arcane Signet", "1 Command Tower", "96 Forest"]
    path = tmp_path / "d.txt"
    path.write_text("\n".join(["Kenrith, the Returned King", "", *cards]) + "\n", encoding="utf-8")
    report = _report(path, data_dir, capsys)
    assert report["commanders"] == ["Kenrith, the Returned King"] and report["legal"] and "name" not in report
    path.write_text("\n".join(["Kenrith, the Returned Kng", "", *cards]) + "\n", encoding="utf-8")
    report = _report(path, data_dir, capsys)
    unknown = [(v["lines"], v["message"]) for v in report["violations"] if v["code"] == "unknown-card"]
    assert len(unknown) == 1 and unknown[0][0] == [1] and "Kenrith, the Returned King" in unknown[0][1]
    assert not any("title" in note for note in report.get("notes", []))


def test_a_card_mistyped_at_a_list_s_end_is_no_post_s_words(
        tmp_path, data_dir: str, capsys: pytest.CaptureFixture[str]) -> None:
    """A card line with no count that ends as a sentence would ("Arcane Signat.", "Swords to Plowshare!") at the
    list's end still names a card mistyped: an unknown card with the card suggested, not a post's words."""
    path = tmp_path / "d.txt"
    path.write_text("1 Sol Ring\n1 Command Tower\nArcane Signat.\nSwords to Plowshare!\nThanks, all!\n",
                    encoding="utf-8")
    report = _report(path, data_dir, capsys)
    unknown = [(v["lines"], v["cards"]) for v in report["violations"] if v["code"] == "unknown-card"]
    assert unknown == [([3], ["Arcane Signat."]), ([4], ["Swords to Plowshare!"])]
    assert report["notes"][0] == ('read line 5 "Thanks, all!" as the post\'s words around the list, not as a card: no '
                                  'card has that name')


def test_a_line_told_as_what_it_is_is_no_group_name(
        tmp_path, data_dir: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Lines with no count before lines with counts that the checker tells as something else keep what it says of
    them: two commanders joined on one line, a token's name, a deck site's link (no card, said in a note of its own).
    A plain unknown name there is a group's name, and the note says which card it may misspell when one is nearly
    alike ("Sol Rign")."""
    path = tmp_path / "d.txt"
    path.write_text("Tymna the Weaver & Thrasios, Triton Hero\n1 Sol Ring\nTreasure\n1 Island\n"
                    "https://www.moxfield.com/decks/abc\n1 Forest\nRamp\n1 Swamp\nArcane Signat\n1 Plains\n",
                    encoding="utf-8")
    report = _report(path, data_dir, capsys)
    assert [(v["code"], v["lines"]) for v in report["violations"] if v["code"] in ("unknown-card", "not-a-deck-card")] \
        == [("unknown-card", [1]), ("not-a-deck-card", [3])]
    assert report["notes"][:2] == [
        'read line 5 "https://www.moxfield.com/decks/abc" as a link to the deck, not as a card: deckcheck fetches no '
        'deck pages', 'read line 7 "Ramp", line 9 "Arcane Signat" (Arcane Signet mistyped?) as the name of a group of '
        'the cards after it, not as a card: no card has that name']


#: A plain list of 100 cards, its commander marked, for the tests that change one of its lines.
KENRITH = ["1 Kenrith, the Returned King (Commander)", "1 Sol Ring", "1 Arcane Signet", "1 Command Tower", "96 Forest"]


@pytest.mark.parametrize("at, line", [
    (1, "**1 Sol Ring**"), (1, "*1 Sol Ring*"), (1, "**1x Sol Ring**"), (1, "__1 Sol Ring__"), (4, "**96 Forest**"),
    (4, "*96 Forest*"),
    (1, "12. Sol Ring"), (1, "1) Sol Ring"), (1, "1. [[Sol Ring]]"), (1, "1. 1 Sol Ring"), (4, "4. 96 Forest"),
    (4, "2) **96 Forest**"),
])
def test_a_card_line_in_bold_or_numbered_among_plain_lines_is_its_card(
        at: int, line: str, tmp_path, data_dir: str, capsys: pytest.CaptureFixture[str]) -> None:
    """One line of a plain list written all in bold or italics with its count ("**1 Sol Ring**", a post's last line
    "**96 Forest**"), or numbered as a document's list numbers its items ("12. Sol Ring", "1. 1 Sol Ring": the
    number counts no copies), is that card, as it is without the marks. Before, the line was taken as a heading
    and, its name ("1 Sol Ring", "12. Sol Ring") being no card's, dropped as a group's name (99 cards, or 4)."""
    lines = list(KENRITH)
    lines[at] = line
    path = tmp_path / "d.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    report = _report(path, data_dir, capsys)
    assert (report["legal"], report["card_count"], report.get("notes", [])) == (True, 100, [])


def test_a_count_and_words_in_bold_that_name_no_card_are_a_heading(
        tmp_path, data_dir: str, capsys: pytest.CaptureFixture[str]) -> None:
    """A heading in bold that counts ("**2 Drops**", "*3 Mana Rocks:*") names no card: it is still a group's name, taken
    out of the deck with a note, whatever line follows it."""
    path = tmp_path / "d.txt"
    path.write_text("\n".join(KENRITH[:2] + ["**2 Drops**", "Arcane Signet", "*3 Mana Rocks:*"] + KENRITH[3:]) + "\n",
                    encoding="utf-8")
    report = _report(path, data_dir, capsys)
    assert (report["legal"], report["card_count"]) == (True, 100)
    assert report["notes"] == ['read line 3 "Drops", line 5 "Mana Rocks" as the name of a group of the cards after '
                               "it, not as a card: no card has that name"]


def test_a_numbered_heading_among_plain_lines_is_still_a_heading(
        tmp_path, data_dir: str, capsys: pytest.CaptureFixture[str]) -> None:
    """A numbered line whose words name no card ("1. Ramp", "2) Card Draw (2)") is still a group's name, taken out
    of the deck with a note."""
    path = tmp_path / "d.txt"
    path.write_text("\n".join(KENRITH[:1] + ["1. Ramp"] + KENRITH[1:3] + ["2) Card Draw (2)"] + KENRITH[3:]) + "\n",
                    encoding="utf-8")
    report = _report(path, data_dir, capsys)
    assert (report["legal"], report["card_count"]) == (True, 100)
    assert report["notes"] == ['read line 2 "Ramp", line 5 "Card Draw" as the name of a group of the cards after it, '
                               "not as a card: no card has that name"]


@pytest.mark.parametrize("line", [
    "1 Kenrith, the Returned King (Commander) 1 Sol Ring 1 Arcane Signet 1 Command Tower 96 Forest",
    "Kenrith, the Returned King (Commander), Sol Ring, Arcane Signet, Command Tower, 96 Forest",
    "1 Kenrith, the Returned King *CMDR* 1 Sol Ring 1 Arcane Signet 1 Command Tower 96 Forest",
    "1 Sol Ring 1 Kenrith, the Returned King (cmdr) 1 Arcane Signet 1 Command Tower 96 Forest",
    "Sol Ring, Kenrith, the Returned King [Commander], Arcane Signet, Command Tower, 96 Forest",
    "Sol Ring, Arcane Signet, Command Tower, 96 Forest, Kenrith, the Returned King (Commander)",
    "1 Sol Ring 1 Arcane Signet 1 Command Tower 96 Forest 1 Kenrith, the Returned King *CMDR*"])
def test_a_commander_marked_within_a_line_of_names_is_the_commander(
        line: str, tmp_path, data_dir: str, capsys: pytest.CaptureFixture[str]) -> None:
    """A list written on one line, run together or separated by commas, its commander marked as a line of its own
    marks it ("(Commander)", "*CMDR*", "[Commander]"): that card is the commander. Before, the mark was dropped with
    the names read apart (no commander), and a count after "(Commander)" was taken for a collector number's, so
    that "Kenrith" and "the Returned King (Commander) 1 Sol Ring" were unknown cards; a mark ending the line was read
    as the whole line's, so that every card of it was a commander."""
    path = tmp_path / "d.txt"
    path.write_text(line + "\n", encoding="utf-8")
    report = _report(path, data_dir, capsys)
    assert (report["legal"], report["card_count"], report["commanders"]) == (True, 100, ["Kenrith, the Returned King"])
    assert report["notes"] == ["line 1: read as 5 card names written on one line"]


@pytest.mark.parametrize("precon", ["BlastFromThePast_WHO.json.gz", "ArcaneWizardry_C17.json.gz"])
def test_an_arena_export_pasted_on_one_line_is_its_deck(
        precon: str, shared_data, tmp_path, data_dir: str, capsys: pytest.CaptureFixture[str]) -> None:
    """A real precon exported for Arena ("Commander", its lines, a blank line, "Deck", its lines) and pasted into a
    one-line field, each line break a space: its headers start their sections within the line, so its
    commanders (two, for the Doctor's partner pair) lead the deck checked, as in its deck file. Before, one line
    too long to be read; read apart without the headers, "Commander" and "Deck" were unknown cards, and "(C17) 38
    Deck" eight copies of "Deck"."""
    path, data = _precon(shared_data, precon)
    text = f"Commander {_arena(data['commander'], ' ')}  Deck {_arena(data['mainBoard'], ' ')}\n"
    found = _pasted(path, data, text, tmp_path, data_dir, capsys)
    assert f"line 1: read as {len(data['commander']) + len(data['mainBoard'])} card names written on one line" in \
        found["notes"]


@pytest.mark.parametrize("precon", ["FoodAndFellowship_LTC.json.gz", "ArcaneWizardry_C17.json.gz"])
def test_a_list_pasted_with_its_line_breaks_dropped_starts_its_sections_at_its_headers(
        precon: str, shared_data, tmp_path, data_dir: str, capsys: pytest.CaptureFixture[str]) -> None:
    """A real precon's list as Moxfield's plain text gives it ("Commander", its lines, "Deck", its lines),
    pasted into a one-line field that dropped every line break: each header is run on after the name before
    it ("Sam, Loyal AttendantDeck1 Field-Tested Frying Pan"). Before, that piece was an unknown card and every
    card after it a commander (101 commanders); now the header starts its section, as in the deck file."""
    path, data = _precon(shared_data, precon)

    def lines(cards: list[dict]) -> str:
        return "".join(f"{card['count']} {card['name']}" for card in cards)

    _pasted(path, data, f"Commander{lines(data['commander'])}Deck{lines(data['mainBoard'])}\n", tmp_path, data_dir,
            capsys)


@pytest.mark.parametrize("precon, fitted", [
    ("ArcaneWizardry_C17.json.gz", ""), ("CollateralDamage_MOM.json.gz", "12 Mountain, 12 Swamp"),
    ("DeathdancerXira_TD0.json.gz", ""), ("20WaysToWin_SLD.json.gz", ""),
    ("ForcesOfTheImperiumCollectorSEdition_40K.json.gz", ""), ("Braaains_MOM.json.gz", "12 Snow-Covered Swamp"),
    ("InventSuperiority_C16.json.gz", "")])
def test_an_arena_export_with_its_line_breaks_dropped_is_its_deck(
        precon: str, fitted: str, shared_data, tmp_path, data_dir: str, capsys: pytest.CaptureFixture[str]) -> None:
    """A real precon exported for Arena and pasted into a field that dropped every line break: each collector
    number runs on into the next count ("(C17) 391 Mairsil", "(PLST) THB-11 Approach", "(TD0) A1231 Darigaaz's
    Caldera", "(40K) 182★1 Collective Effort", "(KHM) A-2241 Tomebound Lich", "(C16) 2241 Etched Oracle": a
    card, not a finish) and each header into the number before it ("(MAT) 45Deck12 Forest"). Read with the
    shortest counts, and a basic land's count one digit longer where exactly that makes the deck's 100 cards
    ("(MOM) 28712 Mountain": 12, said in a note). Before, one line too long to be read."""
    path, data = _precon(shared_data, precon)
    text = f"Commander{_arena(data['commander'], '')}Deck{_arena(data['mainBoard'], '')}\n"
    found = _pasted(path, data, text, tmp_path, data_dir, capsys)
    notes = [note for note in found["notes"] if "collector numbers" in note]
    assert notes == ([f"line 1: counts run on into collector numbers read as {fitted}, which make the deck's 100 "
                      "cards (each could be its last digit alone)"] if fitted else [])


def test_card_names_separated_by_commas_are_read_apart(tmp_path, data_dir: str,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    """Names separated by commas, with no count each: two partner commanders joined by a comma (told to be
    split before), a misspelt name among them (that one alone is an unknown card, with suggestions; the rest
    read), counts before some ("30 Forest"), "and" before the last, the commander set off by a blank line."""
    from pathlib import Path

    source = Path(__file__).resolve().parent.parent / "data" / "examples" / "tournament" / \
        "03-chen-food-and-fellowship.txt"
    text = source.read_text(encoding="utf-8")
    pair = "1x Frodo, Adventurous Hobbit\n1x Sam, Loyal Attendant\n"
    joined = tmp_path / "joined.txt"
    joined.write_text(text.replace(pair, "1x Frodo, Adventurous Hobbit, Sam, Loyal Attendant\n"), encoding="utf-8")
    report = _report(joined, data_dir, capsys)
    assert _verdict(report) == _verdict(_report(source, data_dir, capsys))
    assert report["legal"] and "line 5: read as 2 card names written on one line" in report["notes"]

    words = tmp_path / "words.txt"
    words.write_text("Atraxa, Praetors' Voice\n\nSol Ring, Arcane Signet, Comand Tower, 30 Forest, Kenrith, the "
                     "Returned King, Fear, Fire, Foes!, 63 Island, and Command Tower\n", encoding="utf-8")
    report = _report(words, data_dir, capsys)
    assert report["commanders"] == ["Atraxa, Praetors' Voice"] and report["card_count"] == 100
    assert "line 3: read as 8 card names written on one line" in report["notes"]
    codes = sorted((v["code"], v["cards"][0]) for v in report["violations"])
    assert codes == [("color-identity", "Fear, Fire, Foes!"), ("color-identity", "Kenrith, the Returned King"),
                     ("unknown-card", "Comand Tower")]
    unknown = next(v for v in report["violations"] if v["code"] == "unknown-card")
    assert unknown["lines"] == [3] and unknown["details"]["suggestions"][0] == "Command Tower"

    # Counts after the names, the line's last one among them: before, "x30" at the end of the line was taken
    # as the whole line's count and given to its first name (30 copies of Sol Ring).
    counted = tmp_path / "counted.txt"
    counted.write_text("Commander: Atraxa, Praetors' Voice\nSol Ring x1, Kenrith, the Returned King x2, Arcane "
                       "Signet, 30 Island, and Forest x 30\n", encoding="utf-8")
    report = _report(counted, data_dir, capsys)
    assert report["card_count"] == 65 and "line 2: read as 5 card names written on one line" in report["notes"]
    assert [v["message"][:40] for v in report["violations"] if v["code"] == "singleton"] == [
        "2 copies of Kenrith, the Returned King; "]


@pytest.mark.parametrize("lines, cards, copies", [
    (["Sol Ring, Arcane Signet, Command Tower, Forest"] * 2, 8,
     {"Sol Ring": 2, "Arcane Signet": 2, "Command Tower": 2}),
    (["3 Sol Ring, Arcane Signet, Forest", "Sol Ring, Arcane Signet, Forest", "Sol Ring, Arcane Signet, Forest"],
     11, {"Sol Ring": 5, "Arcane Signet": 3}),
    (["Sol Ring x2, Arcane Signet, Forest"] * 2, 8, {"Sol Ring": 4, "Arcane Signet": 2}),
    (["1 Sol Ring 1 Arcane Signet 30 Forest"] * 2, 64, {"Sol Ring": 2, "Arcane Signet": 2})])
def test_the_same_run_of_names_on_several_lines_counts_each_line(
        lines: list[str], cards: int, copies: dict[str, int], tmp_path, data_dir: str,
        capsys: pytest.CaptureFixture[str]) -> None:
    """A line of names written again (a form's answer pasted twice, a list sent in two parts): the parser adds
    up the lines of one name, and each name of the run is read once a line, a count before the line its first
    name's. Before, the lines' count went to the first name alone: "Sol Ring, Arcane Signet, Command Tower,
    Forest" twice was two Sol Rings and one of each other card, 5 cards where the lines hold 8."""
    path = tmp_path / "again.txt"
    path.write_text("Commander: Atraxa, Praetors' Voice\n" + "\n".join(lines) + "\n", encoding="utf-8")
    report = _report(path, data_dir, capsys)
    assert report["card_count"] == 1 + cards
    assert {v["cards"][0]: int(v["message"].split(" ")[0])
            for v in report["violations"] if v["code"] == "singleton"} == copies
    assert [note for note in report["notes"] if "written on one line" in note] == [
        f"line 2: read as {len(copies) + 1} card names written on one line"]


def test_counts_after_names_on_one_line_are_read_apart(tmp_path, data_dir: str,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    """Lines with their counts after the names ("Sol Ring x1"), pasted into a one-line field that made each line
    break a space: the next name begins after each count, a number before the count is a name's ("Overseer of
    Vault 76 x1", not 76 copies of "x1"), a name beginning "And" keeps it, "Etched Oracle" is a card, and a
    finish at the end of the line ("x1 foil") is no card Foil. Before, the line was one unknown card."""
    path = tmp_path / "after.txt"
    path.write_text("Commander: Atraxa, Praetors' Voice\nSol Ring x1 Etched Oracle x1 And They Shall Know No Fear x1 "
                    "Overseer of Vault 76 x1 Island x 30 Arcane Signet x1 foil\nSol Ring x1 foil\n", encoding="utf-8")
    report = _report(path, data_dir, capsys)
    assert "line 2: read as 6 card names written on one line" in report["notes"]
    assert report["card_count"] == 1 + 34 + 2
    assert sorted((v["code"], v["cards"][0]) for v in report["violations"] if v["code"] != "deck-size") == [
        ("unknown-card", "Arcane Signet x1 foil"), ("unknown-card", "Sol Ring x1 foil")]


def test_lines_of_prose_with_commas_are_not_read_as_cards(tmp_path, data_dir: str,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    """A wrong file checked as a deck: sentences with commas stay what they were, an unknown card each (a
    line of one card entry's length) or a line too long to be a card entry, and cost a bounded number of
    lookups (`names_apart` looks at PARTS_PER_DECK parts at most)."""
    from deckcheck.decklist.runs import PARTS_PER_DECK, PARTS_PER_NAME, names_apart, names_in
    from deckcheck.decklist.reading import parse_text

    sentence = "The fox, quick and brown, jumped over the dog, which slept, and then it went home"
    prose = tmp_path / "prose.txt"
    paragraph = ", ".join([sentence] * 20)
    prose.write_text(f"{sentence}\n{paragraph}\n", encoding="utf-8")
    report = _report(prose, data_dir, capsys)
    assert sorted((v["code"], v["lines"], v["message"][:36]) for v in report["violations"]) == [
        ("deck-size", [], "the deck has 1 card (0 commanders + "),
        ("no-commander", [], "the deck has no commander; mark it i"),
        ("syntax", [2], f"line too long ({len(paragraph):,} characters) for a card entry"[:36]),
        ("unknown-card", [1], f'unknown card "{sentence}"'[:36])]
    assert not any("written on one line" in note for note in report.get("notes", []))

    calls = []
    deck = parse_text("\n".join(f"{', '.join([sentence] * 13)}, the end of part {i}" for i in range(1000)))
    names = {e.name for e in deck.entries}
    assert names and all(len(name) > 1000 for name in names)
    apart = names_apart(deck, [e.name for e in deck.entries],
                        lambda name: names_in(name, lambda piece: calls.append(piece) is not None))
    assert apart.entries == () and len(apart.problems) == 1000
    assert 0 < len(calls) <= 3 * PARTS_PER_NAME * PARTS_PER_DECK


def test_a_list_typed_without_punctuation_is_read_with_a_note_per_line(
        tmp_path, data_dir: str, capsys: pytest.CaptureFixture[str]) -> None:
    """A real precon typed in a hurry, every apostrophe, comma and hyphen left out: each such name is the one
    card it can be, the deck is legal, and a note names each line so read. Before, each was an unknown card."""
    import re
    from pathlib import Path

    source = Path(__file__).resolve().parent.parent / "data" / "examples" / "tournament" / "01-alice-breed-lethality.txt"
    text = source.read_text(encoding="utf-8")
    typed = tmp_path / "typed.txt"
    typed.write_text("\n".join(line if not line[:1].isdigit() else re.sub(r"[',]", "", line.replace("-", " "))
                               for line in text.splitlines()) + "\n", encoding="utf-8")
    changed = [(n, line) for n, (line, was) in enumerate(zip(typed.read_text(encoding="utf-8").splitlines(),
                                                             text.splitlines()), 1) if line != was]
    assert len(changed) == 9
    assert main(["check", "--data-dir", data_dir, "--format", "json", str(typed)]) == 0
    deck = json.loads(capsys.readouterr().out)["decks"][0]
    assert deck["legal"] and deck["commanders"] == ["Atraxa, Praetors' Voice"] and deck["card_count"] == 100
    assert [note.split(":")[0] for note in deck["notes"]] == [f"line {n}" for n, _ in changed]
    assert f"line {changed[0][0]}: {changed[0][1][2:]} read as Atraxa, Praetors' Voice" in deck["notes"]


@pytest.mark.parametrize("first, sideboard, commanders, companion", [
    ("Sol Ring", ["Ayli, Eternal Pilgrim", "Lurrus of the Dream-Den"], ["Ayli, Eternal Pilgrim"],
     "Lurrus of the Dream-Den"),
    ("Sol Ring", ["Lurrus of the Dream-Den", "Ayli, Eternal Pilgrim"], ["Ayli, Eternal Pilgrim"],
     "Lurrus of the Dream-Den"),
    ("Commander's Sphere", ["Kydele, Chosen of Kruphix", "Tymna the Weaver", "Keruga, the Macrosage"],
     ["Kydele, Chosen of Kruphix", "Tymna the Weaver"], "Keruga, the Macrosage"),
    # two cards with a companion ability: the one within the other's colors is the companion, in either order
    ("Sol Ring", ["Kaheera, the Orphanguard", "Jegantha, the Wellspring"], ["Jegantha, the Wellspring"],
     "Kaheera, the Orphanguard"),
    ("Sol Ring", ["Jegantha, the Wellspring", "Kaheera, the Orphanguard"], ["Jegantha, the Wellspring"],
     "Kaheera, the Orphanguard"),
])
def test_mtgo_sideboard_with_commander_and_companion(tmp_path, data_dir: str, capsys: pytest.CaptureFixture[str],
                                                     first: str, sideboard: list[str], commanders: list[str],
                                                     companion: str) -> None:
    """MTGO keeps a Commander deck's commander and its companion in the sideboard: with one card more than the
    commanders' place, the one with a companion ability is the companion (before: both commanders, 101 cards
    and a commander-pair error). Of two cards with a companion ability, Jegantha (five colors) leads and Kaheera
    (green and white) is its companion: both were commanders, two errors on a legal deck."""
    path = tmp_path / "mtgo.txt"
    path.write_text(f"1 {first}\n{99 - len(commanders)} Plains\n\n" + "".join(f"1 {name}\n" for name in sideboard))
    main(["check", "--data-dir", data_dir, "--format", "json", str(path)])
    (deck,) = json.loads(capsys.readouterr().out)["decks"]
    assert (deck["commanders"], deck.get("companion"), deck["card_count"]) == (commanders, companion, 100)
    assert [v["code"] for v in deck["violations"] if v["severity"] == "error"] == []


def test_a_companion_s_violations_name_it_once_in_the_text_line(tmp_path, data_dir: str,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    """The text line is `path:line: code message`, and the message began with "companion" too: "companion
    companion Jegantha, the Wellspring (WUBRG) is outside ..."."""
    path = tmp_path / "companion.txt"
    path.write_text("Companion\n1 Jegantha, the Wellspring\n\n"
                    + (PROJECT / "data" / "examples" / "abzan-armor-tdc.txt").read_text(encoding="utf-8"))
    assert main(["check", "--data-dir", data_dir, str(path)]) == 1
    out = capsys.readouterr().out
    (line,) = [line for line in out.splitlines() if "outside the commander's color identity" in line]
    assert line == (f"{path}:2: companion Jegantha, the Wellspring (WUBRG), the companion, is outside the "
                    "commander's color identity (WBG): blue, red (903.11a)")
    assert "companion companion" not in out


@pytest.mark.parametrize("extra, dropped, size", [(["1 Mind Stone"], 0, 101), ([], 0, 100), ([], 1, 99), ([], 2, 98)])
def test_an_mtgo_list_a_card_or_two_off_keeps_its_sideboard_commander_and_is_told_its_size(
        tmp_path, data_dir: str, capsys: pytest.CaptureFixture[str], extra: list[str], dropped: int, size: int) -> None:
    """MTGO's form, the commander alone in the sideboard, was read only with 98-99 main cards: with one card
    too many (or too few) the deck had "no commander", no deck-size error, and a hint naming another card."""
    example = (PROJECT / "data" / "examples" / "abzan-armor-tdc.txt").read_text(encoding="utf-8").splitlines()
    cards = [line for line in example if line[:1].isdigit() and "Felothar" not in line]  # 99 cards, single copies first
    path = tmp_path / "mtgo.txt"
    path.write_text("\n".join(cards[dropped:] + extra) + "\n\n1 Felothar the Steadfast\n")
    main(["check", "--data-dir", data_dir, "--format", "json", str(path)])
    (deck,) = json.loads(capsys.readouterr().out)["decks"]
    assert (deck["commanders"], deck["card_count"]) == (["Felothar the Steadfast"], size)
    assert [v["code"] for v in deck["violations"] if v["severity"] == "error"] == ([] if size == 100 else ["deck-size"])


@pytest.mark.parametrize("commander_lines", [["2 Cid, Timeless Artificer"],
                                             ["1 Cid, Timeless Artificer", "1 Cid, Timeless Artificer"]])
def test_one_card_twice_is_no_pair_of_commanders(tmp_path, data_dir: str, capsys: pytest.CaptureFixture[str],
                                                 commander_lines: list[str]) -> None:
    """Cid, Timeless Artificer may be in a deck any number of times, so the singleton rule lets two copies be, but it
    has no partner ability: two copies as the commanders were a legal deck (the pair was checked only for two
    different entries). Two copies of a card with Partner are a pair, and singleton judges them."""
    path = tmp_path / "cid.txt"
    path.write_text("Commander\n" + "\n".join(commander_lines) + "\nDeck\n98 Plains\n")
    assert main(["check", "--data-dir", data_dir, "--format", "json", str(path)]) == 1
    (deck,) = json.loads(capsys.readouterr().out)["decks"]
    assert [(v["code"], v["message"]) for v in deck["violations"]] == [
        ("commander-pair", "two copies of Cid, Timeless Artificer can't both be commanders: it has no partner "
                           "ability, and two commanders need one they share (702.124)")]
    path.write_text("Commander\n2 Tymna the Weaver\nDeck\n98 Plains\n")
    main(["check", "--data-dir", data_dir, "--format", "json", str(path)])
    (deck,) = json.loads(capsys.readouterr().out)["decks"]
    assert [v["code"] for v in deck["violations"]] == ["singleton"]


def test_a_background_beside_an_unknown_commander_is_not_judged(tmp_path, data_dir: str,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """Whether a Background may lead depends on its partner having "Choose a Background" (702.124k): beside a card
    the data doesn't have (a newer card, a misspelling), only the unknown card is reported. Beside a known card
    without the ability, it is still ineligible."""
    path = tmp_path / "background.txt"
    for partner, codes in [("Gut, True-Soul Zealot", ["unknown-card"]),
                           ("Edgar Markov", ["commander-ineligible", "commander-pair"])]:
        path.write_text(f"Commander\n1 {partner}\n1 Haunted One\nDeck\n98 Swamp\n")
        main(["check", "--data-dir", data_dir, "--format", "json", str(path)])
        (deck,) = json.loads(capsys.readouterr().out)["decks"]
        assert [v["code"] for v in deck["violations"]] == codes, partner


@pytest.mark.parametrize("tithe, errors", [("Smothering Tithe", ["companion"]), ("Swords to Plowshares", [])])
def test_a_companion_under_a_sideboard_header_is_the_deck_s_companion(tmp_path, data_dir: str,
                                                                       capsys: pytest.CaptureFixture[str],
                                                                       tithe: str, errors: list[str]) -> None:
    """A list with Commander, Deck and Sideboard headers keeps its companion in the sideboard, the one place a
    Commander game uses a card outside the 100. It was ignored there with the sideboard warning, so a companion
    whose condition failed gave a legal deck, while the same list in MTGO's form (no headers) was checked."""
    path = tmp_path / "lurrus.txt"
    path.write_text(f"Commander\n1 Karlov of the Ghost Council\nDeck\n1 {tithe}\n98 Plains\n"
                    "Sideboard\n1 Lurrus of the Dream-Den\n")
    main(["check", "--data-dir", data_dir, "--format", "json", str(path)])
    (deck,) = json.loads(capsys.readouterr().out)["decks"]
    assert deck["companion"] == "Lurrus of the Dream-Den"
    assert [v["code"] for v in deck["violations"]] == errors
    path.write_text("Commander\n1 Karlov of the Ghost Council\nDeck\n99 Plains\n"  # two of them: neither is taken
                    "Sideboard\n1 Lurrus of the Dream-Den\n1 Kaheera, the Orphanguard\n")
    main(["check", "--data-dir", data_dir, "--format", "json", str(path)])
    (deck,) = json.loads(capsys.readouterr().out)["decks"]
    assert deck.get("companion") is None and [v["code"] for v in deck["violations"]] == ["sideboard"]


def test_a_deck_whose_commander_is_unknown_has_an_unknown_identity(tmp_path, data_dir: str,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """A misspelled commander made the deck "identity colorless" (C in tables, "" in JSON, as Kozilek's), and a pair
    with one partner misspelled showed the other's colors as the deck's. The identity is unknown then, as it is with
    no commander (903.4f): "unknown" in sentences, "?" in tables, null in JSON, missing in frames."""
    from deckcheck.batch import check_many
    from deckcheck.store import CardStore

    lists = {"vioce.txt": "Commander\n1 Atraxa, Praetors Vioce\nDeck\n99 Forest\n",
             "weavr.txt": "Commander\n1 Tymna the Weavr\n1 Thrasios, Triton Hero\nDeck\n98 Island\n",
             "none.txt": "1 Sol Ring\n",
             "kozilek.txt": "Commander\n1 Kozilek, the Great Distortion\nDeck\n99 Wastes\n"}
    paths = []
    for name, text in lists.items():
        paths.append(tmp_path / name)
        paths[-1].write_text(text)
    main(["check", "--data-dir", data_dir, *map(str, paths)])
    verdicts = [line.rsplit(", identity ", 1)[1] for line in capsys.readouterr().out.splitlines()
                if ", identity " in line]
    assert verdicts == ["unknown", "unknown", "unknown", "colorless"]
    main(["check", "--data-dir", data_dir, "--format", "json", *map(str, paths)])
    assert [d["color_identity"] for d in json.loads(capsys.readouterr().out)["decks"]] == [None, None, None, ""]
    main(["batch", "--data-dir", data_dir, "--format", "csv", "--no-progress", *map(str, paths)])
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out.lstrip("\ufeff"))))
    assert [row["identity"] for row in rows] == ["?", "?", "?", "C"]
    frame = check_many(paths, store=CardStore.open(data_dir)).to_frame()
    assert frame["color_identity"].isna().tolist() == [True, True, True, False]


@pytest.mark.parametrize("text, argv, commander", [
    ("1 Tergrid, God of Fright\n1 Sol Ring\n98 Swamp\n", ["--commander", "Tergrid, God of Fright // Tergrid's Lantern"],
     "Tergrid, God of Fright // Tergrid's Lantern"),
    ("**Commander:** Tergrid, God of Fright // Tergrid's Lantern\n\n1 Tergrid, God of Fright\n1 Sol Ring\n98 Swamp\n",
     [], "Tergrid, God of Fright // Tergrid's Lantern"),
    ("**Commander:** Sheoldred\n\n1 Sheoldred, the Apocalypse\n1 Sol Ring\n98 Swamp\n", [],
     "Sheoldred, the Apocalypse"),
    # a flavor name (the Godzilla series) given beside the list's Oracle name, and the other way round
    ("1 Zilortha, Strength Incarnate\n49 Mountain\n50 Forest\n", ["--commander", "Godzilla, King of the Monsters"],
     "Zilortha, Strength Incarnate"),
    ("1 Godzilla, King of the Monsters\n49 Mountain\n50 Forest\n", ["--commander", "Zilortha, Strength Incarnate"],
     "Zilortha, Strength Incarnate"),
    ("**Commander:** Godzilla, King of the Monsters\n\n1 Zilortha, Strength Incarnate\n49 Mountain\n50 Forest\n", [],
     "Zilortha, Strength Incarnate"),
    # a commander in short by the Oracle name of the list's flavor name (the Walking Dead's), or the other way round
    ("1 Rick, Steadfast Leader\n1 Sol Ring\n98 Plains\n", ["--commander", "Greymond"], "Greymond, Avacyn's Stalwart"),
    ("**Commander:** Greymond\n\n1 Rick, Steadfast Leader\n1 Sol Ring\n98 Plains\n", [],
     "Greymond, Avacyn's Stalwart"),
    ("1 Greymond, Avacyn's Stalwart\n1 Sol Ring\n98 Plains\n", ["--commander", "Rick"], "Greymond, Avacyn's Stalwart"),
    # a flavor name given without its punctuation
    ("1 Zilortha, Strength Incarnate\n49 Mountain\n50 Forest\n", ["--commander", "Godzilla King of the Monsters"],
     "Zilortha, Strength Incarnate"),
])
def test_a_commander_named_otherwise_than_the_list_s_copy_is_that_copy(tmp_path, data_dir: str,
                                                                        capsys: pytest.CaptureFixture[str],
                                                                        text: str, argv: list[str],
                                                                        commander: str) -> None:
    """A double-faced commander given by its full name beside the list's front-face copy was added as a 101st card
    (and two copies), and a label's short name that is also another card's ("Sheoldred", the front of Sheoldred //
    The True Scriptures) took that other card, though `--commander Sheoldred` reads the list's Sheoldred, the
    Apocalypse. Both now are the list's one copy; so is a commander given by a flavor name ("Godzilla, King of the
    Monsters") beside the list's Oracle name, or the other way round, which were added as a card of their own; and
    one given in short by the Oracle name of the list's flavor name ("Greymond" for "Rick, Steadfast Leader"), which
    was added as an unknown card."""
    path = tmp_path / "deck.txt"
    path.write_text(text)
    assert main(["check", "--data-dir", data_dir, "--format", "json", *argv, str(path)]) == 0
    (deck,) = json.loads(capsys.readouterr().out)["decks"]
    assert (deck["commanders"], deck["card_count"], deck["violations"]) == ([commander], 100, [])


@pytest.mark.parametrize(("head", "argv", "commanders"), [
    ("**Commander:** Atraxa\n\n", ["--commander", "Atraxa, Praetors' Voice"], ["Atraxa, Praetors' Voice"]),
    ("Commander: Atraxa, Praetors' Voice\n", ["--commander", "Atraxa"], ["Atraxa, Praetors' Voice"]),
    ("**Commanders:** Thrasios, Triton Hero / Tymna the Weaver\n\n", ["--commander", "Thrasios", "--commander",
                                                                         "Tymna"],
     ["Thrasios, Triton Hero", "Tymna the Weaver"]),
])
def test_commander_given_beside_a_list_that_names_its_commander_on_a_label(tmp_path, data_dir: str, head: str,
                                                                           argv: list[str], commanders: list[str],
                                                                           capsys: pytest.CaptureFixture[str]):
    """A list whose label names its commander ("**Commander:** Atraxa") above its copy, checked with --commander
    naming the same card, or given it beside the list: the label is no card, as without --commander. Before, the
    label's "Atraxa" was moved to the main deck, an unknown 101st card (or a second copy of a commander)."""
    cards = "".join(f"1 {name}\n" for name in commanders)
    path = tmp_path / "deck.txt"
    path.write_text(f"{head}{cards}1 Sol Ring\n{99 - len(commanders)} Island\n")
    assert main(["check", "--data-dir", data_dir, "--format", "json", *argv, str(path)]) == 0
    (deck,) = json.loads(capsys.readouterr().out)["decks"]
    assert (deck["commanders"], deck["card_count"], deck["violations"]) == (commanders, 100, [])
    # a label in short, the list holding no other copy, is the card given in full (before: an unknown "Atraxa")
    path.write_text(f"{head}1 Sol Ring\n{99 - len(commanders)} Island\n")
    full = [a for name in commanders for a in ("--commander", name)]
    assert main(["check", "--data-dir", data_dir, "--format", "json", *full, str(path)]) == 0
    (deck,) = json.loads(capsys.readouterr().out)["decks"]
    assert (deck["commanders"], deck["card_count"], deck["violations"]) == (commanders, 100, [])
    # a label that is the list's only copy of its card is that card (a review found it dropped: an unknown "Atraxa")
    path.write_text("Commander\n" + "".join(f"{name}\n" for name in commanders) + "\nDeck\n1 Sol Ring\n")
    main(["check", "--data-dir", data_dir, "--format", "json", *argv, str(path)])
    (deck,) = json.loads(capsys.readouterr().out)["decks"]
    assert (deck["commanders"], deck["card_count"]) == (commanders, len(commanders) + 1)
    assert "unknown-card" not in [v["code"] for v in deck["violations"]]
    path.write_text(f"{head}{cards}1 Sol Ring\n{99 - len(commanders)} Island\n")
    # the same list in a deck object (a form's Commander cell beside its Decklist): read the same way
    record = tmp_path / "deck.json"
    record.write_text(json.dumps({"text": path.read_text(), "commander": argv[1::2]}))
    assert main(["check", "--data-dir", data_dir, "--format", "json", str(record)]) == 0
    (deck,) = json.loads(capsys.readouterr().out)["decks"]
    assert (deck["commanders"], deck["card_count"], deck["violations"]) == (commanders, 100, [])


@pytest.mark.parametrize(("text", "argv", "commanders"), [
    # the label's cards listed below it, given joined, or only one of them (the other stays in the deck)
    ("**Commanders:** Thrasios, Triton Hero / Tymna the Weaver\n\n1 Thrasios, Triton Hero\n1 Tymna the Weaver\n"
     "98 Island\n", ["--commander", "Thrasios / Tymna"], ["Thrasios, Triton Hero", "Tymna the Weaver"]),
    ("**Commanders:** Thrasios, Triton Hero / Tymna the Weaver\n\n1 Thrasios, Triton Hero\n1 Tymna the Weaver\n"
     "98 Island\n", ["--commander", "Thrasios"], ["Thrasios, Triton Hero"]),
    # the label's card by its flavor name, or the other way round
    ("**Commander:** Zilortha, Strength Incarnate\n\n1 Zilortha, Strength Incarnate\n99 Forest\n",
     ["--commander", "Godzilla, King of the Monsters"], ["Zilortha, Strength Incarnate"]),
    ("**Commander:** Godzilla, King of the Monsters\n\n1 Zilortha, Strength Incarnate\n99 Forest\n",
     ["--commander", "Zilortha, Strength Incarnate"], ["Zilortha, Strength Incarnate"]),
    # a label of another card the list holds, and the commander given another
    ("**Commander:** Sheoldred, the Apocalypse\n\n1 Sheoldred, the Apocalypse\n1 Sheoldred, Whispering One\n"
     "98 Swamp\n", ["--commander", "Sheoldred, Whispering One"], ["Sheoldred, Whispering One"]),
    # a label in full that is the list's only copy, given in short
    ("**Commander:** Atraxa, Praetors' Voice\n\n99 Island\n", ["--commander", "Atraxa"], ["Atraxa, Praetors' Voice"]),
    # a joined label of one card the list holds and one it does not, given the first (the other goes to the deck);
    # a label in short of both, given both in full joined (a review found both still a 101st card)
    ("**Commanders:** Thrasios, Triton Hero / Tymna the Weaver\n\n1 Thrasios, Triton Hero\n98 Island\n",
     ["--commander", "Thrasios"], ["Thrasios, Triton Hero"]),
    ("**Commanders:** Thrasios / Tymna\n\n1 Thrasios, Triton Hero\n98 Island\n",
     ["--commander", "Thrasios, Triton Hero / Tymna the Weaver"], ["Thrasios, Triton Hero", "Tymna the Weaver"]),
    # commanders counted under the header by names no card has, given in full; a Background named as such
    ("Commander\n1 Thrasios\n1 Tymna\n\nDeck\n1 Sol Ring\n97 Island\n",
     ["--commander", "Thrasios, Triton Hero", "--commander", "Tymna the Weaver"],
     ["Thrasios, Triton Hero", "Tymna the Weaver"]),
    ("Commander: Karlach, Fury of Avernus\nBackground: Passionate Archaeologist\n\n1 Sol Ring\n97 Mountain\n", [],
     ["Karlach, Fury of Avernus", "Passionate Archaeologist"]),
])
def test_a_label_beside_the_commanders_given_is_read_as_the_player_means(tmp_path, data_dir: str, text: str,
                                                                       argv: list[str], commanders: list[str],
                                                                       capsys: pytest.CaptureFixture[str]) -> None:
    """A review found these read as 101 or 102 cards (the label moved to the deck as a card of its own: a second copy,
    an unknown joined name) or the name given left unknown: each is 100 cards and its commanders as given."""
    path = tmp_path / "deck.txt"
    path.write_text(text)
    main(["check", "--data-dir", data_dir, "--format", "json", *argv, str(path)])
    (deck,) = json.loads(capsys.readouterr().out)["decks"]
    assert (deck["commanders"], deck["card_count"]) == (commanders, 100)
    assert not {"unknown-card", "singleton", "deck-size"} & {v["code"] for v in deck["violations"]}


def test_a_token_or_meld_result_named_loosely_is_still_told_as_one(tmp_path, data_dir: str,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    """"Food" was a token, but "Food Token" and "Brisela Voice of Nightmares" (no comma) were unknown cards whose
    close names led nowhere near (Fool's Tome; Nissa, Voice of Zendikar)."""
    path = tmp_path / "deck.txt"
    path.write_text("Commander\n1 Kenrith, the Returned King\nDeck\n1 Food Token\n1 treasure token\n"
                    "1 Brisela Voice of Nightmares\n1 Sol Rnig\n1 ________ Goblin\n")  # (an Unfinity card, no token)
    main(["check", "--data-dir", data_dir, "--format", "json", str(path)])
    (deck,) = json.loads(capsys.readouterr().out)["decks"]
    told = [(v["code"], v["message"].split(",")[0]) for v in deck["violations"] if v["code"] != "deck-size"]
    assert told == [("not-a-deck-card", '"Food Token" is a token'), ("not-a-deck-card", '"treasure token" is a token'),
                    ("not-a-deck-card", '"Brisela Voice of Nightmares" is a meld result'),
                    ("unknown-card", 'unknown card "Sol Rnig"; did you mean Sol Ring or Soul Rend or Soul Burn?'),
                    ("unknown-card", 'unknown card "________ Goblin"; no close name found')]


def test_groups_named_as_cards_are_names_when_the_list_is_100_cards_without_them(tmp_path, data_dir: str,
                                                                                 capsys: pytest.CaptureFixture[str]):
    """A list grouped by what its cards do may name a group as a card is named ("Blink", "Burn" on lines of their own
    above their cards): read as cards, they made the deck 102 cards and two color-identity errors for cards never
    meant. They are the groups' names when the list is 100 cards without them; otherwise they stay cards."""
    lines = (PROJECT / "data" / "examples" / "abzan-armor-tdc.txt").read_text(encoding="utf-8").splitlines()
    at = [i for i, line in enumerate(lines) if line[:2] == "1 "]
    grouped = lines[:at[3]] + ["Blink"] + lines[at[3]:at[20]] + ["Burn"] + lines[at[20]:]
    path = tmp_path / "grouped.txt"
    path.write_text("\n".join(grouped) + "\n")
    assert main(["check", "--data-dir", data_dir, "--format", "json", str(path)]) == 0
    (deck,) = json.loads(capsys.readouterr().out)["decks"]
    assert deck["card_count"] == 100 and deck["notes"][-1].endswith(
        '"Blink", line ' + str(at[20] + 2) + ' "Burn" as the name of a group of the cards after it, not as a card: '
        "the list is 100 cards without them")
    path.write_text("\n".join(g for g in grouped if g != "1 Sol Ring") + "\n")  # 99 cards without them: cards
    main(["check", "--data-dir", data_dir, "--format", "json", str(path)])
    (deck,) = json.loads(capsys.readouterr().out)["decks"]
    assert deck["card_count"] == 101 and "color-identity" in [v["code"] for v in deck["violations"]]


@pytest.mark.parametrize("counted", ["Mana Crypt x1", "Mana Crypt 1x", "Mana Crypt (x1)"])
def test_a_card_counted_after_its_name_is_never_a_group_s_name(tmp_path, data_dir: str, counted: str,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    """"Mana Crypt x1" before a line with a count, in a list 100 cards without it, was read as a group's name and
    dropped with a note: a banned card and a 101st card gone, the deck called legal. A count written after the name
    is a card's, as "x1" is never a group's size; "Ramp (1)" may still be a group's."""
    path = tmp_path / "deck.txt"
    path.write_text(f"Commander\n1 Mr. House, President and CEO\n\nDeck\n1 Sol Ring\n{counted}\n98 Plains\n")
    assert main(["check", "--data-dir", data_dir, "--format", "json", str(path)]) == 1
    (deck,) = json.loads(capsys.readouterr().out)["decks"]
    assert deck["card_count"] == 101 and sorted(v["code"] for v in deck["violations"]) == ["banned", "deck-size"]
    path.write_text("Commander\n1 Mr. House, President and CEO\n\nDeck\n1 Sol Ring\nRamp (1)\n98 Plains\n")
    assert main(["check", "--data-dir", data_dir, "--format", "json", str(path)]) == 0
    (deck,) = json.loads(capsys.readouterr().out)["decks"]
    assert deck["card_count"] == 100
    # in a list counting after the names, a card whose count was left out stays a card, whatever the list's size
    # ("Ramp" there is a group's name, as no card has it)
    for left_out in ("Mana Crypt", "Mana Crypt (1)"):
        path.write_text(f"Commander\nMr. House, President and CEO x1\n\nDeck\nSol Ring x1\n{left_out}\nPlains x97\n"
                        "Ramp\nMountain x1\n")
        assert main(["check", "--data-dir", data_dir, "--format", "json", str(path)]) == 1
        (deck,) = json.loads(capsys.readouterr().out)["decks"]
        assert deck["card_count"] == 101 and sorted(v["code"] for v in deck["violations"]) == ["banned", "deck-size"]


def test_a_name_ending_in_a_parenthesised_word_is_that_card_not_a_set_code(tmp_path, data_dir: str,
                                                                            capsys: pytest.CaptureFixture[str]) -> None:
    """"1 Hazmat Suit (Used)" (an Unfinity card) was read as Hazmat Suit of a set "Used", an unknown card. A name
    no card has is now read with its parenthesised end when the two are a card's name; a real set code stays one."""
    path = tmp_path / "deck.txt"
    path.write_text("Commander: Krenko, Mob Boss\n1 Hazmat Suit (Used)\n1x Hazmat Suit (Used) [UNF]\n"
                    "1 Sol Ring (C21) 263\n1 Lightning Bolt (Used)\n95 Mountain\n")
    main(["check", "--data-dir", data_dir, "--format", "json", str(path)])
    (deck,) = json.loads(capsys.readouterr().out)["decks"]
    told = sorted((v["code"], v["cards"], v["lines"]) for v in deck["violations"])
    assert told == [("color-identity", ["Hazmat Suit (Used)"], [2, 3]), ("not-legal", ["Hazmat Suit (Used)"], [2, 3]),
                    ("singleton", ["Hazmat Suit (Used)"], [2, 3])]  # not an unknown card
    assert deck["card_count"] == 100  # Sol Ring of C21 and Lightning Bolt of a set "Used" (no such card) are cards


def test_a_misspelt_name_holding_a_comma_in_a_line_of_names_is_one_unknown_name(tmp_path, data_dir: str,
                                                                                capsys: pytest.CaptureFixture[str]):
    """In a line of names separated by commas, "Sheoldred, Whispering Onee" was read as Sheoldred (another card, the
    front of Sheoldred // The True Scriptures) and an unknown "Whispering Onee": a 101st card, and black. The two
    pieces nearly spell a card's name, so they are now one misspelt name; a card before a misspelt one that spells
    no name with it ("Sheoldred, Arcane Signett") is still that card."""
    path = tmp_path / "deck.txt"
    for line, told in [("Sol Ring, Sheoldred, Whispering Onee, Arcane Signet",
                        [("unknown-card", ["Sheoldred, Whispering Onee"])]),
                       ("Sol Ring, Sheoldred, Arcane Signett",
                        [("unknown-card", ["Arcane Signett"]),
                         ("color-identity", ["Sheoldred // The True Scriptures"])]),
                       # a comma name and a card after it, spelt right or wrong, are two pieces, not one misspelt
                       ("Sol Ring, Kenrith, the Returned King, Opy",
                        [("unknown-card", ["Opy"]), ("color-identity", ["Kenrith, the Returned King"])]),
                       ("Sol Ring, Sheoldred, Whispering Onee, Opt",
                        [("unknown-card", ["Sheoldred, Whispering Onee"]), ("color-identity", ["Opt"])]),
                       # a misspelling that drops one of the name's commas: Fear, Fire, Foes!
                       ("Sol Ring, Fear, Fire Foez, Opt",
                        [("unknown-card", ["Fear, Fire Foez"]), ("color-identity", ["Opt"])])]:
        path.write_text(f"Commander: Krenko, Mob Boss\n{line}\n96 Mountain\n")
        main(["check", "--data-dir", data_dir, "--format", "json", str(path)])
        (deck,) = json.loads(capsys.readouterr().out)["decks"]
        assert deck["card_count"] == 100
        assert [(v["code"], v["cards"]) for v in deck["violations"]] == told



def _abzan_armor() -> tuple[str, list[tuple[int, str]]]:
    """The Abzan Armor precon (data/examples): its commander and its main deck's entries, in the list's order."""
    lines = (PROJECT / "data" / "examples" / "abzan-armor-tdc.txt").read_text(encoding="utf-8").splitlines()
    (_, commander), *main = [(int(q), name) for q, name in (line.split(" ", 1) for line in lines if line[:1].isdigit())]
    return commander, main


def _check(data_dir: str, path) -> int:
    return main(["check", "--data-dir", data_dir, str(path)])


def test_a_list_of_its_commander_then_its_deck_in_alphabetical_order_is_moxfield_s_export(
        tmp_path, data_dir: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Moxfield's text export writes the commander first, with no header nor blank line, then the main deck sorted by
    name (and a companion under "SIDEBOARD:"): such a list had no commander. The same cards in another order still
    have none: nothing sets the first apart."""
    commander, cards = _abzan_armor()
    path = tmp_path / "moxfield.txt"
    by_name = sorted(cards, key=lambda entry: entry[1].lower())
    path.write_text("".join(f"{q} {name}\n" for q, name in [(1, commander), *by_name]), encoding="utf-8")
    assert _check(data_dir, path) == 0
    assert capsys.readouterr().out.splitlines() == [
        f"{path}: note: took {commander}, listed before a main deck in alphabetical order (as Moxfield exports it), "
        "as commander", f"{path}: legal: 100 cards, {commander}, identity WBG"]
    # a CSV report has no place for how the deck was read: standard error says it (before, nothing did)
    assert main(["check", "--data-dir", data_dir, "--format", "csv", str(path)]) == 0
    assert capsys.readouterr().err == (f"deckcheck: note: {path}: took {commander}, listed before a main deck in "
                                       "alphabetical order (as Moxfield exports it), as commander\n")
    path.write_text("".join(f"{q} {name}\n" for q, name in [(1, commander), *cards]), encoding="utf-8")
    assert _check(data_dir, path) == 1
    assert capsys.readouterr().out.splitlines()[0].split()[1] == "no-commander"


@pytest.mark.parametrize("blank", ["", "\n"])
def test_moxfield_s_export_with_a_legend_in_its_sideboard_or_printings_out_of_order(
        tmp_path, data_dir: str, capsys: pytest.CaptureFixture[str], blank: str) -> None:
    """Moxfield's export, its commander first (set off by a blank line or not), the rest sorted: a spare legend under
    "SIDEBOARD:" was taken as the commander by MTGO's convention (a main deck of 100 with the real one: 101 cards); a
    deck whose printings Moxfield sorts by the names they bear (Zilortha's as Godzilla, a Secret Lair's) is a few
    lines out of order, and had no commander; a companion set off with the commander was a second commander."""
    commander, cards = _abzan_armor()
    by_name = sorted(cards, key=lambda entry: entry[1].lower())
    listed = f"1 {commander}\n{blank}" + "".join(f"{q} {name}\n" for q, name in by_name)
    path = tmp_path / "moxfield.txt"
    path.write_text(listed + "\nSIDEBOARD:\n1 Karador, Ghost Chieftain\n", encoding="utf-8")
    assert _check(data_dir, path) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[-1] == f"{path}: legal (1 warning): 100 cards, {commander}, identity WBG"
    assert "outside the 100 and ignored: Karador, Ghost Chieftain" in out[-2]
    moved = by_name[:40] + by_name[41:60] + [by_name[40]] + by_name[60:]  # one card sorted under another name
    moved = moved[:10] + moved[11:80] + [moved[10]] + moved[80:]  # and a second
    path.write_text(f"1 {commander}\n{blank}" + "".join(f"{q} {name}\n" for q, name in moved), encoding="utf-8")
    assert _check(data_dir, path) == 0
    assert capsys.readouterr().out.splitlines()[-1] == f"{path}: legal: 100 cards, {commander}, identity WBG"
    spells = ["Arcane Signet", "Duress", "Fatal Push", "Mind Stone", "Orzhov Signet", "Path to Exile", "Sol Ring",
              "Swords to Plowshares", "Thoughtseize", "Vindicate"]  # no permanent of mana value over 2 (Lurrus)
    ayli = sorted([(1, name) for name in spells] + [(45, "Plains"), (44, "Swamp")], key=lambda entry: entry[1])
    path.write_text(f"1 Ayli, Eternal Pilgrim\n1 Lurrus of the Dream-Den\n{blank}"
                    + "".join(f"{q} {name}\n" for q, name in ayli), encoding="utf-8")
    assert _check(data_dir, path) == 0
    assert capsys.readouterr().out.splitlines()[-1] == f"{path}: legal: 100 cards, Ayli, Eternal Pilgrim, identity WB"


@pytest.mark.parametrize("blank", ["", "\n"])
def test_moxfield_s_export_a_card_or_two_off_the_100_keeps_its_commander(
        tmp_path, data_dir: str, capsys: pytest.CaptureFixture[str], blank: str) -> None:
    """Moxfield's export, its commander first, of a deck a card too many (the likeliest mistake) or two too few: the
    commander was read only beside 98-99 more cards, so the deck had none, its size was told as "0 commanders + 101
    main" and its color identity went unchecked (an off-color card unreported). An MTGO list of 101 main cards, its
    commander in the sideboard, likewise."""
    commander, cards = _abzan_armor()
    by_name = sorted(cards, key=lambda entry: entry[1].lower())
    path = tmp_path / "moxfield.txt"
    for rest, size, told in [(sorted(by_name + [(1, "Lightning Bolt")], key=lambda e: e[1].lower()), 101,
                              "1 commander + 100 main), 1 too many"),
                             (by_name[2:], 98, "1 commander + 97 main), 2 short")]:
        path.write_text(f"1 {commander}\n{blank}" + "".join(f"{q} {name}\n" for q, name in rest), encoding="utf-8")
        assert _check(data_dir, path) == 1
        out = capsys.readouterr().out
        assert f"note: took {commander}, " in out
        assert f"deck-size the deck has {size} cards ({told};" in out
        assert ("color-identity Lightning Bolt (R) is outside" in out) == (size == 101)
        assert out.splitlines()[-1].endswith(f"{size} cards, {commander}, identity WBG")
    path.write_text("".join(f"{q} {name}\n" for q, name in cards + [(2, "Plains")])
                    + f"\nSideboard\n1 {commander}\n", encoding="utf-8")
    assert _check(data_dir, path) == 1
    assert capsys.readouterr().out.splitlines()[-2:] == [
        f"{path}: deck-size the deck has 102 cards (1 commander + 101 main), 2 too many; a Commander deck has exactly "
        "100", f"{path}: NOT legal (1 error): 102 cards, {commander}, identity WBG"]


def test_arena_s_export_of_its_companion_under_companion_and_in_the_sideboard(tmp_path, data_dir: str,
                                                                              capsys: pytest.CaptureFixture[str]) -> None:
    """MTG Arena's export lists the companion under "Companion" and again in its sideboard, where Arena keeps it:
    the deck was legal, but warned of "1 card in the sideboard ... outside the 100 and ignored: Lurrus". Now the copy
    is read as the companion, said in a note; a sideboard card beside it is still warned of."""
    path = tmp_path / "arena.txt"
    arena = ("Companion\n1 Lurrus of the Dream-Den (IKO) 226\n\nCommander\n1 Ayli, Eternal Pilgrim (KHM) 201\n\n"
             "Deck\n1 Sol Ring (C21) 263\n50 Plains (ZNR) 266\n48 Swamp (ZNR) 272\n\nSideboard\n"
             "1 Lurrus of the Dream-Den (IKO) 226\n")
    path.write_text(arena, encoding="utf-8")
    assert _check(data_dir, path) == 0
    assert capsys.readouterr().out.splitlines() == [
        f"{path}: note: read the sideboard's Lurrus of the Dream-Den as the companion listed above it, not as a card of "
        "the sideboard (MTG Arena lists the companion in both)",
        f"{path}: legal: 100 cards, Ayli, Eternal Pilgrim, identity WB"]
    path.write_text(arena + "1 Duress (M20) 96\n", encoding="utf-8")
    assert _check(data_dir, path) == 0
    assert "outside the 100 and ignored: Duress" in capsys.readouterr().out


@pytest.mark.parametrize("header, commander_row, row, extra, verdict", [
    # TappedOut's CSV: a Commander column of "True", and a board of cards to buy (before: no commander, 101 cards)
    ("Board,Qty,Name,Printing,Foil,Alter,Signed,Condition,Language,Commander", "main,1,{},TDC,,,,,,True",
     'main,{},"{}",,,,,,,False', "acquire,1,Sol Ring,,,,,,,False", "legal (1 warning)"),
    # Scryfall's CSV, its companion "outside" the game (before, a 101st card): Felothar's mana value 3 breaks Lurrus's
    ("section,count,name", "commander,1,{}", 'main,{},"{}"', "outside,1,Lurrus of the Dream-Den",
     "NOT legal (1 error)"),
    # marks after the names, as a list typed into a sheet has them (before, Lurrus a 101st card)
    ("Count,Name", "1,{} (Commander)", '{},"{}"', "1,Lurrus of the Dream-Den (Companion)", "NOT legal (1 error)"),
])
def test_the_commander_and_companion_of_a_deck_site_s_csv(tmp_path, data_dir: str, capsys, header: str,
                                                          commander_row: str, row: str, extra: str,
                                                          verdict: str) -> None:
    commander, cards = _abzan_armor()
    path = tmp_path / "export.csv"
    path.write_text("\n".join([header, commander_row.format(commander), *(row.format(q, n) for q, n in cards), extra]),
                    encoding="utf-8")
    _check(data_dir, path)
    out = capsys.readouterr().out.splitlines()
    assert out[-1] == f"{path}: {verdict}: 100 cards, {commander}, identity WBG"
    assert [line.split()[1] for line in out[:-1] if "note:" not in line] == (
        ["companion"] if "Lurrus" in extra else ["sideboard"])


@pytest.mark.parametrize("mark", ["(Companion)", "- Companion"])
def test_a_doctor_s_companion_marked_as_the_companion_is_the_second_commander(tmp_path, data_dir: str, capsys,
                                                                               mark: str) -> None:
    """A list written by hand marks Rose Tyler, the Doctor's companion (702.124m), as its "Companion": she has no
    companion ability, so she is the Doctor's partner, as the list meant (before, "Rose Tyler has no companion
    ability", 99 cards and her white outside the deck's identity)."""
    lines = (PROJECT / "data" / "examples" / "tournament" / "02-bruno-timey-wimey.txt").read_text(
        encoding="utf-8").splitlines()
    cards = [line for line in lines[lines.index("Deck") + 1:] if line[:1].isdigit()]
    path = tmp_path / "doctor.txt"
    path.write_text("\n".join(["1 The Tenth Doctor (Commander)", f"1 Rose Tyler {mark}", *cards]), encoding="utf-8")
    assert _check(data_dir, path) == 0
    assert capsys.readouterr().out.splitlines() == [
        f"{path}: note: took Rose Tyler, marked as companion, as a second commander: it has no companion ability, and "
        "pairs with The Tenth Doctor", f"{path}: legal: 100 cards, The Tenth Doctor + Rose Tyler, identity WUR"]


def test_card_names_listed_in_a_message_are_told_apart_though_they_hold_commas(
        tmp_path, data_dir: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Lists of cards in a message were joined by commas, which card names hold: "Thrasios, Triton Hero, Tymna the
    Weaver, Kraum, Ludevic's Opus" named five cards or three, and "Ikra Shidiqi, the Usurper" read as two."""
    path = tmp_path / "deck.txt"
    path.write_text("Commander\n1 Thrasios, Triton Hero\n1 Tymna the Weaver\n1 Kraum, Ludevic's Opus\nDeck\n"
                    "1 Erayo, Soratami Ascendant\n1 Erayo's Essence\n", encoding="utf-8")
    _check(data_dir, path)
    out = capsys.readouterr().out
    assert "3 commanders (Thrasios, Triton Hero; Tymna the Weaver; Kraum, Ludevic's Opus)" in out
    assert "(written as Erayo's Essence; Erayo, Soratami Ascendant)" in out
    path.write_text("Commander\n1 Ikra Shidiqi, the Usurper\nCompanion\n1 Kaheera, the Orphanguard\nDeck\n"
                    "1 Kenrith, the Returned King\n1 Sol Ring\nSideboard\n1 Thrasios, Triton Hero\n1 Sol Ring\n",
                    encoding="utf-8")
    _check(data_dir, path)
    out = capsys.readouterr().out
    assert "the commanders included): Ikra Shidiqi, the Usurper; Kenrith, the Returned King (lines" in out
    assert "outside the 100 and ignored: Thrasios, Triton Hero; Sol Ring" in out


def test_a_violation_s_rule_is_the_one_it_breaks_not_every_one_of_its_code(
        tmp_path, data_dir: str, capsys: pytest.CaptureFixture[str]) -> None:
    """The rule of a violation was its code's whole reference: a nonlegendary creature as the commander broke
    "903.3, 702.124k" (702.124k is the Backgrounds'), and three commanders "702.124", as the message cited 702.124g."""
    path = tmp_path / "deck.txt"
    told = {}
    for commanders, companion in [(["Llanowar Elves"], None), (["Folk Hero"], None),
                                  (["Thrasios, Triton Hero", "Tymna the Weaver", "Kraum, Ludevic's Opus"], None),
                                  (["Krenko, Mob Boss"], "Lurrus of the Dream-Den")]:
        path.write_text("Commander\n" + "".join(f"1 {name}\n" for name in commanders)
                        + (f"Companion\n1 {companion}\n" if companion else "") + "Deck\n1 Sol Ring\n", encoding="utf-8")
        main(["check", "--data-dir", data_dir, "--format", "json", str(path)])
        (deck,) = json.loads(capsys.readouterr().out)["decks"]
        told.update((v["code"], v["rule"]) for v in deck["violations"]
                    if v["code"] in ("commander-ineligible", "commander-pair", "companion"))
        if commanders == ["Llanowar Elves"]:
            assert told == {"commander-ineligible": "903.3"}
        elif commanders == ["Folk Hero"]:
            assert told["commander-ineligible"] == "702.124k"
    assert told == {"commander-ineligible": "702.124k", "commander-pair": "702.124g", "companion": "903.11a"}


def test_an_alchemy_rebalanced_card_is_said_to_be_one(tmp_path, data_dir: str,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    """A-Esika's Chariot (from an Arena export) was not legal for "silver-border/acorn, digital-only, unreleased or
    not a deck card": which, the player had to guess; its paper card is legal."""
    path = tmp_path / "deck.txt"
    path.write_text("Commander\n1 Esika, God of the Tree\nDeck\n1 A-Esika's Chariot\n", encoding="utf-8")
    _check(data_dir, path)
    assert (f"{path}:4: not-legal A-Esika's Chariot is not legal in Commander (an Alchemy rebalancing, digital-only; "
            "the paper card is Esika's Chariot)") in capsys.readouterr().out

