"""Benchmark: the whole `deckcheck update --file FILE` command (import and store build, as a new process)
against a plain `json.load` of the same file (as a new process).

bench_import.py (the importer's benchmark) times the import alone, in-process (load_files); this one
times the command issue 5 names, store build and atomic swap included. Target: at most 1.5x the time and
a third of the memory of the plain parse.

    python bench/bench_update.py [FILE] [--runs 3]
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _measure import SHARED, bench_env, input_and_runs, load_average, median, run_measured  # noqa: E402

DEFAULT = SHARED / "scryfall" / "all-cards-2019.json.gz"

BASELINE = r'''
import gzip, json, sys
path = sys.argv[1]
with open(path, "rb") as fh:
    gz = fh.read(2) == b"\x1f\x8b"
with (gzip.open(path, "rt", encoding="utf-8") if gz else open(path, encoding="utf-8")) as fh:
    data = json.load(fh)
print(len(data))
'''


def main(argv: list[str] | None = None) -> int:
    """Run both, print the table."""
    given = input_and_runs(argv, __doc__, DEFAULT, 3)
    if given is None:
        return 2
    path, n_runs = given
    env = bench_env()
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "baseline.py"
        script.write_text(BASELINE, encoding="utf-8")
        commands = {
            "plain json.load": [sys.executable, str(script), str(path)],
            "deckcheck update --file": [sys.executable, "-m", "deckcheck", "update", "--file", str(path),
                                        "--data-dir", str(Path(tmp) / "store")],
        }
        run_measured(commands["deckcheck update --file"][:3] + ["--help"], env=env)  # bytecode warm-up
        runs: dict[str, list[dict[str, float]]] = {k: [] for k in commands}
        for _ in range(n_runs):
            for key, cmd in commands.items():
                runs[key].append(run_measured(cmd, env=env))
    print(f"update: {path.name} ({path.stat().st_size / 2**20:.1f} MB on disk); median of {n_runs} runs; "
          f"{load_average()}")
    print(f"{'':26}{'wall s':>8}{'cpu s':>8}{'peak MB':>9}")
    for key in commands:
        print(f"{key:26}{median(runs[key], 'wall'):8.2f}{median(runs[key], 'cpu'):8.2f}"
              f"{median(runs[key], 'peak_mb'):9.0f}")
    dc, base = runs["deckcheck update --file"], runs["plain json.load"]
    print(f"ratio: time {median(dc, 'wall') / median(base, 'wall'):.2f}x (target <= 1.5x), peak memory "
          f"{median(dc, 'peak_mb') / median(base, 'peak_mb'):.2f}x (target <= 0.33x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
