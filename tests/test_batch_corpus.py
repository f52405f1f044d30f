"""Acceptance (issue 4): a batch of the 184 precon deck files and one of all 17,900 Duel Commander decks
(written out as text files) produce frames whose counts match `deckcheck check`'s path run deck by deck
(commands.check.read_deck + Checker.check, as `deckcheck check FILE` does)."""

from __future__ import annotations

import gzip
import json
from collections import Counter
from pathlib import Path

import pytest

from deckcheck.batch import check_many
from deckcheck.checker import Checker
from deckcheck.commands.check import read_deck
from deckcheck.errors import DeckcheckError
from deckcheck.policy import load_policy
from deckcheck.store import CardStore

pytestmark = pytest.mark.shared


def check_one_by_one(paths: list[Path]) -> dict[str, tuple[bool, Counter]]:
    """Each file as `deckcheck check FILE` sees it: (legal, violations per code); unreadable -> (False, {})."""
    checker = Checker(CardStore.open(), load_policy())
    out = {}
    for path in paths:
        try:
            deck = read_deck(str(path))
        except DeckcheckError:
            out[str(path)] = (False, Counter({"unreadable": 1}))
            continue
        report = checker.check(deck)
        out[str(path)] = (report.legal, Counter(report.codes()))
    return out


def assert_frames_match(batch, expected: dict[str, tuple[bool, Counter]]) -> None:
    frame = batch.to_frame()
    violations = batch.violations_frame()
    assert len(frame) == len(expected)
    assert dict(zip(frame["path"], frame["legal"])) == {p: legal for p, (legal, _) in expected.items()}
    per_deck = violations.groupby("deck")["code"].value_counts()
    got = {p: Counter() for p in expected}
    for (deck, code), n in per_deck.items():
        got[deck][code] = int(n)
    assert got == {p: codes for p, (_, codes) in expected.items()}
    totals = sum((codes for _, codes in expected.values()), Counter())
    assert violations["code"].value_counts().to_dict() == dict(totals)
    assert int(frame["legal"].sum()) == sum(legal for legal, _ in expected.values())
    summary = batch.summary()
    assert summary["codes"] == dict(sorted(totals.items()))
    assert summary["legal"] + summary["illegal"] + summary["unreadable"] == len(expected)


def test_precon_folder_matches_check(shared_data):
    folder = shared_data / "decks" / "mtgjson-precons-2026-01"
    paths = sorted(folder.glob("*.json.gz"))
    assert len(paths) == 184
    batch = check_many([folder], brackets=False)
    assert [r.path for r in batch] == [str(p) for p in paths]
    assert_frames_match(batch, check_one_by_one(paths))
    assert batch.summary()["unreadable"] == 0


def write_duel_commander(shared_data: Path, folder: Path) -> list[Path]:
    """Every Duel Commander deck as a text file: the commanders marked, then the `N Name` lines."""
    paths = []
    with gzip.open(shared_data / "decks" / "duel-commander" / "decks.jsonl.gz", "rt", encoding="utf-8") as fh:
        for number, line in enumerate(fh, start=1):
            row = json.loads(line)
            text = ("Commander\n" + "".join(f"1 {c}\n" for c in row["commander"]) + "Deck\n"
                    + "".join(f"{entry}\n" for entry in row["decklist"]))
            path = folder / f"{number // 1000:02d}" / f"deck-{number:05d}.txt"
            path.parent.mkdir(exist_ok=True)
            path.write_text(text, encoding="utf-8")
            paths.append(path)
    return paths


@pytest.mark.slow
@pytest.mark.timeout(600)
def test_all_duel_commander_decks_match_check(shared_data, tmp_path):
    paths = write_duel_commander(shared_data, tmp_path)
    assert len(paths) == 17_900
    batch = check_many([tmp_path], jobs=2, brackets=False)
    assert [r.path for r in batch] == [str(p) for p in paths]
    expected = check_one_by_one(paths)
    assert_frames_match(batch, expected)
    # JSON Lines of the same decks, read by the batch directly, give the same verdicts and codes deck by
    # deck (the first 2,000 lines, to keep the test short)
    sample = tmp_path / "sample.jsonl"
    with gzip.open(shared_data / "decks" / "duel-commander" / "decks.jsonl.gz", "rt", encoding="utf-8") as fh:
        sample.write_text("".join(line for _, line in zip(range(2000), fh)), encoding="utf-8")
    direct = check_many([sample], brackets=False)
    assert [(r.legal, Counter(r.report.codes())) for r in direct] == [expected[str(p)] for p in paths[:2000]]


def test_duel_commander_decks_saved_by_pandas_to_csv_read_as_their_json_lines(shared_data, tmp_path):
    """A frame of deck objects (`pd.read_json(..., lines=True)`) saved by `to_csv` and given to `deckcheck batch`:
    each row is the deck object it was, with the verdict, codes and card count the JSON Lines give. Before, the CSV
    was read as a sign-up form's: a "commander" list of more than 8 names (the decks listing their Attractions
    there) was unreadable, and a commander listed in "decklist" too left the main deck (99 cards, not a
    `singleton` error). The sample: the first 3,000 decks and every deck naming more than two commanders."""
    pandas = pytest.importorskip("pandas")
    with gzip.open(shared_data / "decks" / "duel-commander" / "decks.jsonl.gz", "rt", encoding="utf-8") as fh:
        lines = [line for number, line in enumerate(fh) if number < 3000 or len(json.loads(line)["commander"]) > 2]
    sample = tmp_path / "sample.jsonl"
    sample.write_text("".join(lines), encoding="utf-8")
    saved = tmp_path / "decks.csv"
    pandas.read_json(sample, lines=True, dtype=False).to_csv(saved)
    direct, from_csv = (check_many([path], brackets=False) for path in (sample, saved))
    assert len(direct) == len(lines) > 3100
    seen = [(r.legal, r.unreadable, r.report.card_count, Counter(r.report.codes())) for r in from_csv]
    assert seen == [(r.legal, r.unreadable, r.report.card_count, Counter(r.report.codes())) for r in direct]
    assert [r.name for r in from_csv] == [r.name for r in direct]


def test_a_deck_object_with_no_decklist_is_unreadable_by_every_route_and_keeps_its_player(shared_data, tmp_path):
    """Real decks of the archive as a notebook holds them (`pd.read_json(..., lines=True)`), a row's decklist emptied:
    `check_many` of the frame and `deckcheck batch` of its JSON Lines made it a deck of its commander alone ("1 card,
    99 short"), while `check_deck` of the row said there is no list; a row with its commander emptied too lost its
    player's name in the frames. Tuple cells (lists made hashable, to group or drop duplicates) were "a JSON tuple, not
    a list of cards", every deck unreadable; `check_deck` of a list of lines was a TypeError."""
    pandas = pytest.importorskip("pandas")
    import deckcheck

    with gzip.open(shared_data / "decks" / "duel-commander" / "decks.jsonl.gz", "rt", encoding="utf-8") as fh:
        decks = [json.loads(line) for _, line in zip(range(4), fh)]
    frame = pandas.DataFrame(decks)
    whole = check_many(frame, brackets=False).to_frame()
    frame.loc[1, "decklist"] = None
    frame.loc[2, ["commander", "decklist"]] = None
    seen = check_many(frame, brackets=False).to_frame()
    assert seen["unreadable"].tolist() == [False, True, True, False]
    assert seen["name"].tolist() == whole["name"].tolist()  # the players, "Benjamin Jean (Demonic ...)", kept
    assert seen["card_count"].tolist()[1:3] == [0, 0]
    with pytest.raises(deckcheck.InputError, match="no decklist"):
        deckcheck.check_deck(frame.iloc[1])
    with pytest.raises(deckcheck.InputError, match=r"no decklist \(an empty value\)"):
        deckcheck.check_deck({**decks[1], "decklist": None})
    lines = tmp_path / "decks.jsonl"
    lines.write_text("".join(json.dumps({**deck, "decklist": None} if number == 1 else deck) + "\n"
                             for number, deck in enumerate(decks)), encoding="utf-8")
    assert [r.unreadable for r in check_many([lines], brackets=False)] == [False, True, False, False]
    hashable = pandas.DataFrame(decks).map(lambda cell: tuple(cell) if isinstance(cell, list) else cell)
    assert check_many(hashable, brackets=False).to_frame().drop(columns="path").equals(whole.drop(columns="path"))
    alone = deckcheck.check_deck(decks[0]["decklist"], commanders=decks[0]["commander"], brackets=False)
    assert (alone.legal, alone.card_count) == (whole["legal"][0], whole["card_count"][0])
    moved = deckcheck.check_deck({**decks[0], "decklist": None, "mainboard": decks[0]["decklist"]}, brackets=False)
    assert (moved.legal, moved.card_count) == (whole["legal"][0], whole["card_count"][0])  # (the list that is there)
