"""`deckcheck batch` writes its CSV and JSON reports as the decks are checked and keeps none of their results (each
chunk becomes its part of the report where it is checked, `batch.output.ReportPart`), and reads its input as it
checks it: its peak memory does not grow with the number of decks. Before, it kept every deck's result and input
line, about 8.5 KB a deck: 476 MB for the Duel Commander archive five times over against 185 MB for it once.
The text report's table needs every row for its widths: past a few thousand rows they wait in a temporary file
(`batch.output.TableRows`), where they had taken about 0.9 KB a deck of memory."""

from __future__ import annotations

import csv
import gzip
import sys
from pathlib import Path

import pytest
from peak_rss import run_measured

from check_support import SHARED_DATA

ARCHIVE = SHARED_DATA / "decks" / "duel-commander" / "decks.jsonl.gz"
DECKS = 3000

pytestmark = [pytest.mark.shared, pytest.mark.timeout(600)]


def _archives(tmp_path: Path, times: int) -> tuple[Path, Path]:
    """The archive's first DECKS decks, and the same decks `times` over: the second names no card the first does
    not, so every cache is as full after its first DECKS decks as the first's is at its end."""
    with gzip.open(ARCHIVE, "rb") as fh:
        lines = [line for _, line in zip(range(DECKS), fh)]
    once, many = tmp_path / "once.jsonl.gz", tmp_path / "many.jsonl.gz"
    once.write_bytes(gzip.compress(b"".join(lines), 1))
    many.write_bytes(gzip.compress(b"".join(lines) * times, 1))
    return once, many


# the text report over more decks: its rows took less memory a deck than the CSV's and JSON's results did
@pytest.mark.parametrize(("fmt", "times"), [("csv", 8), ("json", 8), ("txt", 16)])
def test_a_batch_s_memory_does_not_grow_with_its_decks(tmp_path, fmt, times):
    peaks = []
    for archive in _archives(tmp_path, times):
        report = tmp_path / f"{archive.name}.{fmt}"
        done, peak_mb = run_measured([sys.executable, "-m", "deckcheck", "batch", "--no-progress", "-o", str(report),
                                      str(archive)], tmp_path / "peak", capture_output=True, text=True)
        assert done.returncode == 1 and f"{archive.name}" in done.stderr, done.stderr  # illegal decks among them
        peaks.append(peak_mb)
    if fmt == "csv":
        with report.open(encoding="utf-8-sig", newline="") as fh:
            assert sum(1 for _ in csv.reader(fh)) == 1 + DECKS * times  # the header and every deck
    if fmt == "txt":  # the table's header and rule, and every deck's row
        assert report.read_text(encoding="utf-8").count("\n") > 2 + DECKS * times
    # CSV and JSON: 21,000 more decks, 180 MB more before, when every result was kept; text: 45,000 more decks,
    # 40 MB more before, when its rows were kept (9 MB more now, at 24,000 decks as at 48,000)
    assert peaks[1] < peaks[0] + 25, f"{DECKS} decks: {peaks[0]:.0f} MB; {DECKS * times}: {peaks[1]:.0f} MB"
