"""`deckcheck check` on 1,000 decks of 10,000 lines each (real card names, generated in tmp_path) reports
every deck and stays within bounded memory (peak RSS of the process), because each deck's report is
written as soon as it is checked (deckcheck/render/stream.py); and the streamed output is byte for byte
what the one-shot renderers write."""

from __future__ import annotations

import io
import json
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest
from peak_rss import run_measured

from deckcheck.checker import Checker
from deckcheck.commands.check import read_deck
from deckcheck.policy import load_policy
from deckcheck.render import renderer
from deckcheck.report import CheckReport
from deckcheck.store import CardStore

DECKS, LINES = 1000, 10_000
PEAK_LIMIT_MB = 500


def _real_names() -> tuple[list[str], list[str]]:
    """(every card name of the bundled snapshot, the legendary creatures among them)."""
    with CardStore.open_file(Path(__file__).resolve().parent.parent / "data" / "cards.sqlite") as store:
        cards = list(store.iter_cards())
    names = [c.name for c in cards]
    leaders = [c.name for c in cards if "Legendary" in c.front.type_line and "Creature" in c.front.type_line]
    return names, leaders


def _write_decks(folder: Path, count: int, lines: int, seed: int = 11) -> list[Path]:
    """Decks of `lines` lines each: a commander, then real names in several dialects, with repeats (a
    deck draws from its own few hundred names), comments and section headers."""
    rng = random.Random(seed)
    names, leaders = _real_names()
    paths = []
    for n in range(count):
        pool = rng.sample(names, 300)
        out = ["Commander", f"1 {rng.choice(leaders)}", "", "Deck"]
        while len(out) < lines:
            roll = rng.random()
            name = rng.choice(pool)
            if roll < 0.6:
                out.append(f"1 {name}")
            elif roll < 0.8:
                out.append(f"{rng.randint(1, 4)}x {name} (CMM) {rng.randint(1, 400)}")
            elif roll < 0.95:
                out.append(name)
            elif roll < 0.98:
                out.append(f"// {name}")
            else:
                out.append(rng.choice(["Sideboard", "Maybeboard", "Deck", ""]))
        path = folder / f"deck{n:04}.txt"
        path.write_text("\n".join(out[:lines]) + "\n", encoding="utf-8")
        paths.append(path)
    return paths


def _run_measured(args: list[str], stdout_path: Path) -> tuple[int, float, str]:
    """Run a command with stdout to a file; (exit code, peak RSS in MB of that process, stderr)."""
    with stdout_path.open("w") as out, (stdout_path.with_suffix(".err")).open("w+") as err:
        done, peak_mb = run_measured(args, stdout_path.with_suffix(".peak"), stdout=out, stderr=err)
        err.seek(0)
        return done.returncode, peak_mb, err.read()


@pytest.mark.slow
@pytest.mark.timeout(1800)
def test_thousand_decks_of_ten_thousand_lines(tmp_path) -> None:
    paths = _write_decks(tmp_path, DECKS, LINES)
    assert sum(1 for _ in paths[0].open(encoding="utf-8")) == LINES
    out = tmp_path / "report.txt"
    code, peak_mb, err = _run_measured(
        [sys.executable, "-m", "deckcheck", "check", *map(str, paths)], out)
    assert code == 1, err  # decks of thousands of cards are not legal
    assert "Traceback" not in err
    verdicts = {}
    pattern = re.compile(r"^(.*deck\d{4}\.txt): (legal|NOT legal)")
    with out.open(encoding="utf-8") as fh:
        for line in fh:
            m = pattern.match(line)
            if m and " cards, " in line:
                verdicts[m.group(1)] = m.group(2)
    assert set(verdicts) == {str(p) for p in paths}  # every deck reported, once
    assert set(verdicts.values()) == {"NOT legal"}
    print(f"{DECKS} decks x {LINES} lines: peak RSS {peak_mb:.0f} MB")
    assert peak_mb < PEAK_LIMIT_MB, f"peak RSS {peak_mb:.0f} MB"


@pytest.mark.timeout(600)
def test_memory_does_not_grow_with_the_number_of_decks(tmp_path) -> None:
    """The quick version: 200 decks of 10,000 lines peak at about what 100 do (the reports are not kept).
    Memory does grow until the decks have named most cards (each card is decoded and its facts cached once:
    20 such decks peak near 45 MB, 100 near 120 MB), so the two runs compared both name nearly every card."""
    paths = _write_decks(tmp_path, 200, LINES, seed=3)
    peaks = []
    for subset in (paths[:100], paths):
        code, peak_mb, err = _run_measured([sys.executable, "-m", "deckcheck", "check", *map(str, subset)],
                                           tmp_path / f"out{len(subset)}.txt")
        assert code == 1, err
        peaks.append(peak_mb)
    assert peaks[1] < peaks[0] * 1.5 + 20, peaks


@pytest.mark.parametrize("fmt", ["text", "json", "csv"])
def test_streamed_output_equals_the_one_shot_renderer(tmp_path, shared_data, fmt: str) -> None:
    precons = sorted((shared_data / "decks" / "mtgjson-precons-2026-01").glob("*.json.gz"))[:5]
    paths = [*map(str, precons), *map(str, _write_decks(tmp_path, 2, 2000))]
    for chosen in (paths, paths[:1]):
        store = CardStore.open()
        checker = Checker(store, load_policy())
        reports = tuple(checker.check(read_deck(p), bracket=fmt == "json") for p in chosen)
        expected = io.StringIO()
        renderer(fmt)(CheckReport(decks=reports, card_data=store.meta,
                                  notes=tuple(checker.report_notes())), expected)
        got = subprocess.run([sys.executable, "-m", "deckcheck", "check", "--format", fmt, *chosen],
                             capture_output=True, text=True, timeout=300)
        assert got.returncode in (0, 1), got.stderr
        assert got.stdout == expected.getvalue()


@pytest.mark.timeout(600)
@pytest.mark.parametrize("shape, count", [("text", 1_000_000), ("deck object", 600_000)])
def test_one_decklist_of_a_million_different_names_is_bounded(tmp_path, shape: str, count: int) -> None:
    """A 9 MB list of a million different unknown names took 64 s and 1.4 GB, a report line for every one.
    Past MAX_ENTRIES different cards the list is not a deck: one problem counts the rest."""
    from deckcheck.decklist.model import MAX_ENTRIES

    names = [f"Nocard {i}" for i in range(count)]
    path = tmp_path / ("big.txt" if shape == "text" else "big.json")
    if shape == "text":
        path.write_text("".join(f"1 {name}\n" for name in names), encoding="utf-8")
    else:  # a board keyed by card, under the 16 MB a decklist may have
        path.write_text(json.dumps({"mainboard": dict.fromkeys(names, 1)}), encoding="utf-8")
    code, peak_mb, err = _run_measured([sys.executable, "-m", "deckcheck", "check", str(path)], tmp_path / "out.txt")
    assert (code, err) == (1, "")
    lines = (tmp_path / "out.txt").read_text(encoding="utf-8").splitlines()
    assert sum(" unknown-card " in line for line in lines) == MAX_ENTRIES
    where = f"{path}:{MAX_ENTRIES + 1}" if shape == "text" else str(path)  # a deck object's items have no lines
    assert [line for line in lines if " syntax " in line] == [
        f"{where}: syntax more than {MAX_ENTRIES:,} different cards: not a deck; "
        f"{count - MAX_ENTRIES:,} more lines of cards not read: '1 Nocard {MAX_ENTRIES}'"]
    print(f"{shape}: peak RSS {peak_mb:.0f} MB")
    assert peak_mb < 700, f"peak RSS {peak_mb:.0f} MB"


@pytest.mark.timeout(600)
@pytest.mark.parametrize("shape", ["text", "entries run together", "csv", "deck object", "not card entries"])
def test_one_decklist_of_millions_of_lines_is_bounded(tmp_path, shape: str) -> None:
    """A 16 MB list of one card written 2.7 million times took 830 MB (as CSV 397 MB, as a deck object's 1.8
    million items 712 MB), every line's number kept for the report; four million lines that are no card
    entries 946 MB, a problem kept for each (now 278, 135, 363 and 350 MB). Past MAX_CARD_LINES card lines
    the list is not a deck (one problem counts the rest; a line of entries run together is cut into that many
    at most); past MAX_PROBLEMS problems the rest are only counted."""
    from deckcheck.decklist.model import MAX_CARD_LINES, MAX_LINES_READ, MAX_PROBLEMS

    count = {"text": 2_700_000, "entries run together": 2_300_000, "csv": 2_700_000, "deck object": 1_800_000,
             "not card entries": 4_000_000}[shape]
    path = tmp_path / {"csv": "big.csv", "deck object": "big.json"}.get(shape, "big.txt")
    if shape == "text":
        path.write_text("1 Opt\n" * count, encoding="utf-8")
    elif shape == "entries run together":
        path.write_text("1 Opt\n" + "1 Opt, " * count + "\n", encoding="utf-8")
    elif shape == "csv":
        path.write_text("Count,Name\n" + "1,Opt\n" * count, encoding="utf-8")
    elif shape == "deck object":
        path.write_text(json.dumps({"decklist": ["1 Opt"] * count}), encoding="utf-8")
    else:
        path.write_text("1 Opt\n" + "1 (\n" * count, encoding="utf-8")
    assert path.stat().st_size <= 16 * 1024 * 1024
    code, peak_mb, err = _run_measured([sys.executable, "-m", "deckcheck", "check", str(path)], tmp_path / "out.txt")
    assert (code, err) == (1, "")
    lines = (tmp_path / "out.txt").read_text(encoding="utf-8").splitlines()
    syntax = [line for line in lines if " syntax " in line]
    if shape == "not card entries":  # past MAX_LINES_READ lines, the rest only counted (all read before: 12 s)
        assert syntax[MAX_PROBLEMS:] == [
            f"{path}:{MAX_PROBLEMS + 2}: syntax and {MAX_LINES_READ - 1 - MAX_PROBLEMS:,} more lines that are not card "
            "entries, not listed: '1 ('",
            f"{path}:{MAX_LINES_READ + 1}: syntax more than {MAX_LINES_READ:,} lines: not a deck; "
            f"{count + 1 - MAX_LINES_READ:,} more lines not read: '1 ('"]
    elif shape == "entries run together":  # cut into MAX_CARD_LINES texts with line 1, the rest left whole
        assert syntax == [f"{path}:2: syntax line too long ({7 * (count - MAX_CARD_LINES + 1) - 1:,} characters) for a "
                          f"card entry: '{('1 Opt, ' * 20)[:119]}…'"]
    else:
        where = {"csv": f"{path}:{MAX_CARD_LINES + 2}", "deck object": str(path)}.get(shape,
                                                                                    f"{path}:{MAX_CARD_LINES + 1}")
        assert syntax == [f"{where}: syntax more than {MAX_CARD_LINES:,} lines of cards: not a deck; "
                          f"{count - MAX_CARD_LINES:,} more lines of cards not read: '1 Opt'"]
    print(f"{shape}: peak RSS {peak_mb:.0f} MB")
    assert peak_mb < 450, f"peak RSS {peak_mb:.0f} MB"


@pytest.mark.parametrize("line", ["**Ramp**", "Card Draw:", "// Sideboard", "1 Opt"])
def test_lines_past_the_card_line_limit_are_counted_not_read(monkeypatch, line: str) -> None:
    """Past MAX_CARD_LINES lines of cards the list is not a deck, and what follows is counted, not read: a
    16 MB list of "**Ramp**" (1.8 million group names, each read as a heading is, 20 us a line) took 40 s.
    The limit's lines here are plain ("1 Opt"), which never reach the entry's annotations: no line after them
    may."""
    from deckcheck.decklist import text
    from deckcheck.decklist.model import MAX_CARD_LINES

    read = 0
    split_annotations = text.split_annotations

    def counting(s: str):
        nonlocal read
        read += 1
        return split_annotations(s)

    monkeypatch.setattr(text, "split_annotations", counting)
    more = 30_000
    deck = text.parse_lines("1 Opt\n" * MAX_CARD_LINES + "\n" + f"{line}\n\n" * more + "\n", "big.txt")
    assert read == 0
    assert [(p.line, p.message) for p in deck.problems] == [
        (MAX_CARD_LINES + 2, f"more than {MAX_CARD_LINES:,} lines of cards: not a deck; {more:,} more lines of "
                             "cards not read")]
    assert deck.problems[0].text == line
    assert sum(e.quantity for e in deck.entries) == MAX_CARD_LINES


def test_decks_of_names_no_card_has_keep_the_checker_s_memory_bounded_and_its_verdicts_the_same(monkeypatch):
    """Decklists of names no card has, each name new (10,000 a deck): every cache by name grew with them, 3 MB a deck,
    422 MB at 120 decks. Each now forgets past its bound (NAMES_KEPT, LOOKUPS_KEPT; made small here), the names
    resolved together with the quick tests that must hold them, and the reports are those of a checker that never
    forgets: known cards found again, a banned card still banned, a typo still suggested."""
    from deckcheck import checker as checker_module
    from deckcheck import store as store_module
    from deckcheck.decklist.reading import parse_text

    rng = random.Random(5)
    names, leaders = _real_names()
    texts = []
    for n in range(12):
        made_up = [" ".join(f"{rng.choice('bdfgklmnprstvz')}{rng.choice('aeiou')}{rng.choice('nrstx')}"
                            for _ in range(3)) for _ in range(600)]
        body = [f"1 {name}" for name in made_up + rng.sample(names, 40) + ["Mana Crypt"]]
        rng.shuffle(body)
        body.insert(0, "1 Sol Rign")  # (the rule suggests for a deck's first few unknown names)
        texts.append("\n".join(["Commander", f"1 {rng.choice(leaders)}", "", "Deck", *body]) + "\n")

    def reports(store: CardStore) -> list[dict]:
        checker = Checker(store, load_policy())
        found = []
        for n, text in enumerate(texts):
            found.append(checker.check(parse_text(text, f"deck{n}.txt")).to_dict())
            sizes.append((len(checker._resolved.get(None, ())), len(checker._unknown), len(checker._others),
                          len(checker._suggestions), len(store._cache)))
        return found

    sizes: list[tuple[int, ...]] = []
    remembering = reports(CardStore.open())
    assert max(s[0] for s in sizes) > 6000  # (every name kept)
    monkeypatch.setattr(checker_module, "NAMES_KEPT", 1000, raising=False)
    monkeypatch.setattr(store_module, "LOOKUPS_KEPT", 2000, raising=False)
    sizes.clear()
    forgetting = reports(CardStore.open())
    assert forgetting == remembering
    assert max(max(s[:4]) for s in sizes) <= 1000 + 700 and max(s[4] for s in sizes) <= 2000 + 1
    codes = {v["code"] for deck in forgetting for v in deck["violations"]}
    assert {"banned", "unknown-card"} <= codes
    assert all(any("did you mean Sol Ring" in v["message"] for v in deck["violations"]) for deck in forgetting)


def test_names_are_forgotten_between_decks_never_within_one(monkeypatch):
    """A deck's Tokens line "urzas saga" is read as Urza's Saga when the deck's commanders are chosen, and its notes
    say so; the rest of its names, resolved after, crossed the bound and forgot it in the middle of the deck: the
    note was lost. The bound is now checked before a deck, never within one."""
    from deckcheck import checker as checker_module
    from deckcheck.decklist.reading import parse_text

    tournament = Path(__file__).resolve().parent.parent / "data" / "examples" / "tournament"
    emeka, alice = ((tournament / name).read_text(encoding="utf-8")
                    for name in ("05-emeka-vampiric-bloodlust.txt", "01-alice-breed-lethality.txt"))
    decks = [parse_text(emeka, "first.txt"), parse_text(alice + "\nTokens\n1 urzas saga\n", "second.txt")]

    def notes(names_kept: int) -> list[tuple[str, ...]]:
        monkeypatch.setattr(checker_module, "NAMES_KEPT", names_kept)
        checker = Checker(CardStore.open(), load_policy())
        return [checker.check(deck).notes for deck in decks]

    remembering = notes(100_000)
    assert any("urzas saga read as Urza's Saga" in note for note in remembering[1])
    assert notes(2) == remembering
