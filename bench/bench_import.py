"""Benchmark: deckcheck's streaming import of a Scryfall bulk file against a plain json.load of it.

Each measurement runs in a fresh subprocess, so peak memory (ru_maxrss of the child) is the job's own.
Prints the median of N runs of each and the ratios (issue 2 target: time <= 1.5x, memory <= 1/3).

    python bench/bench_import.py [FILE] [--runs 3]
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _measure import ROOT, SHARED, input_and_runs  # noqa: E402

DEFAULT_FILE = SHARED / "scryfall" / "all-cards-2019.json.gz"

_CHILD = r"""
import json, resource, sys, time
sys.path.insert(0, {root!r})
path, mode = {path!r}, {mode!r}
start = time.perf_counter()
if mode == "deckcheck":
    from deckcheck.sources import load_files
    result = load_files([path])
    count = len(result.cards)
else:
    import gzip
    with open(path, "rb") as fh:
        gz = fh.read(2) == b"\x1f\x8b"
    with (gzip.open(path, "rt", encoding="utf-8") if gz else open(path, encoding="utf-8")) as fh:
        data = json.load(fh)
    count = len(data)
elapsed = time.perf_counter() - start
peak_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(json.dumps({{"seconds": elapsed, "peak_mb": peak_kb / 1024, "count": count}}))
"""


def measure(path: Path, mode: str) -> dict:
    """Run one import in a fresh interpreter; return its wall time, peak memory and count."""
    code = _CHILD.format(root=str(ROOT), path=str(path), mode=mode)
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print a small table."""
    given = input_and_runs(argv, __doc__, DEFAULT_FILE, 3)
    if given is None:
        return 2
    path, n_runs = given
    results: dict[str, list[dict]] = {"json.load": [], "deckcheck": []}
    for _ in range(n_runs):  # interleaved, so drift in machine load hits both alike
        results["json.load"].append(measure(path, "json.load"))
        results["deckcheck"].append(measure(path, "deckcheck"))
    med = {mode: {k: statistics.median(r[k] for r in runs) for k in ("seconds", "peak_mb")}
           for mode, runs in results.items()}
    print(f"file: {path} ({path.stat().st_size / 2**20:.1f} MB on disk), median of {n_runs} runs")
    print(f"{'':12}{'wall s':>10}{'peak MB':>10}  result")
    print(f"{'json.load':12}{med['json.load']['seconds']:10.2f}{med['json.load']['peak_mb']:10.0f}  "
          f"{results['json.load'][0]['count']} objects")
    print(f"{'deckcheck':12}{med['deckcheck']['seconds']:10.2f}{med['deckcheck']['peak_mb']:10.0f}  "
          f"{results['deckcheck'][0]['count']} cards")
    t = med["deckcheck"]["seconds"] / med["json.load"]["seconds"]
    m = med["deckcheck"]["peak_mb"] / med["json.load"]["peak_mb"]
    print(f"ratio: time {t:.2f}x (target <= 1.5x), peak memory {m:.2f}x (target <= 0.33x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
