"""Shared helpers of the benchmarks: run a command as a fresh process and measure its wall time, CPU time
and peak memory (its own ru_maxrss, and the summed RSS of its whole process tree sampled from /proc, so
worker processes count), take medians, and prepare the plain baselines' inputs."""

from __future__ import annotations

import argparse
import gzip
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared" / "data"
BUNDLED = ROOT / "data" / "cards.sqlite"
PAGE_KB = os.sysconf("SC_PAGE_SIZE") // 1024


def bench_env() -> dict[str, str]:
    """The environment for measured runs: bytecode cached (as after any `pip install`) in a private
    folder, so the tree stays clean. This sandbox sets PYTHONDONTWRITEBYTECODE=1, which would make every
    start recompile all of deckcheck's modules; a real install never runs like that."""
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = str(Path(tempfile.gettempdir()) / "deckcheck-bench-pycache")
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    return env


def _children(pid: int) -> list[int]:
    """Every descendant of a process (from /proc/*/stat parent ids)."""
    parents: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", "rb") as fh:
                stat = fh.read().rsplit(b")", 1)[1].split()
        except OSError:
            continue
        parents.setdefault(int(stat[1]), []).append(int(entry))
    out, todo = [], [pid]
    while todo:
        kids = parents.get(todo.pop(), [])
        out += kids
        todo += kids
    return out


def _rss_kb(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/statm", "rb") as fh:
            return int(fh.read().split()[1]) * PAGE_KB
    except (OSError, IndexError, ValueError):
        return 0


#: Runs the measured command and reports its rusage. A small separate process, because a child inherits
#: the peak RSS of the process that forks it (ru_maxrss survives fork and exec): measured straight from
#: the benchmark (which holds card data) every command would seem to need what the benchmark holds.
_LAUNCHER = r"""
import json, os, subprocess, sys, time
args, out = json.loads(sys.argv[1]), sys.argv[2]
start = time.perf_counter()
with open(out, "wb") as fh:
    proc = subprocess.Popen(args, stdout=fh, stderr=subprocess.PIPE)
    err = proc.stderr.read()
    _, status, usage = os.wait4(proc.pid, 0)
wall = time.perf_counter() - start
print(json.dumps({"wall": wall, "cpu": usage.ru_utime + usage.ru_stime, "peak_mb": usage.ru_maxrss / 1024,
                  "code": os.waitstatus_to_exitcode(status), "err": err.decode(errors="replace")[-800:]}))
"""


def run_measured(args: list[str], *, env: dict[str, str] | None = None, stdout_path: str = os.devnull,
                 sample_tree: bool = False) -> dict[str, float]:
    """Run a command to completion; return wall seconds, CPU seconds (user+sys, its worker processes
    included), peak RSS in MB of the process itself (ru_maxrss; with worker processes, the largest one)
    and, when sample_tree, the peak of the summed RSS of the process and all its descendants (sampled
    from /proc every 20 ms), which is what several worker processes take together."""
    launcher = subprocess.Popen([sys.executable, "-S", "-c", _LAUNCHER, json.dumps(args), stdout_path],
                                env=env, stdout=subprocess.PIPE)
    tree_peak = [0]
    done = threading.Event()

    def sampler() -> None:
        while not done.is_set():
            total = sum(_rss_kb(c) for c in _children(launcher.pid))  # the command and its workers
            tree_peak[0] = max(tree_peak[0], total)
            done.wait(0.02)

    thread = threading.Thread(target=sampler, daemon=True)
    if sample_tree:
        thread.start()
    out, _ = launcher.communicate()
    done.set()
    if sample_tree:
        thread.join()
    result = json.loads(out.decode().strip().splitlines()[-1])
    if result["code"] not in (0, 1):
        raise RuntimeError(f"{args[:4]} exited {result['code']}: {result['err']}")
    result["tree_peak_mb"] = tree_peak[0] / 1024
    return result


#: The plain baselines' common start: json.load the exported cards (``cards_path``), index every name.
BASELINE_INDEX = r'''
with open(cards_path, encoding="utf-8") as fh:
    cards = json.loads(fh.read())
index = {}
for card in cards:
    index[card["name"].lower()] = card
    for face in card["faces"]:
        index.setdefault(face["name"].lower(), card)
'''


def median(runs: list[dict[str, float]], key: str) -> float:
    """The median of one measure over several runs."""
    return statistics.median(r[key] for r in runs)


def export_cards_json(path: Path) -> int:
    """Write every card of the bundled store as a JSON list of Card dicts (the plain baselines' input);
    done once, outside any timing. Returns the number of cards."""
    sys.path.insert(0, str(ROOT))
    from deckcheck.store import CardStore

    with CardStore.open_file(BUNDLED) as store:
        cards = [card.to_dict() for card in store.iter_cards()]
    path.write_text(json.dumps(cards, ensure_ascii=False), encoding="utf-8")
    return len(cards)


def precon_text(name: str = "ArcaneWizardry_C17.json.gz") -> tuple[str, int]:
    """A real 100-card Commander precon from ../shared/data written out as a plain text decklist."""
    deck = json.loads(gzip.decompress((SHARED / "decks" / "mtgjson-precons-2026-01" / name).read_bytes()))["data"]
    lines = ["Commander"] + [f"{c['count']} {c['name']}" for c in deck["commander"]]
    lines += ["", "Deck"] + [f"{c['count']} {c['name']}" for c in deck["mainBoard"]]
    total = sum(c["count"] for c in deck["commander"] + deck["mainBoard"])
    return "\n".join(lines) + "\n", total


def load_average() -> str:
    """The 1-minute load average and the CPU count, to read the wall times against."""
    return f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs"


def input_and_runs(argv: list[str] | None, doc: str, default: Path, runs: int, *,
                   as_option: bool = False) -> tuple[Path, int] | None:
    """A benchmark's command line: its input file (`[FILE]`, or `--file FILE`) and `--runs`; None, after
    saying so, when the file is missing (the caller exits 2)."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    if as_option:
        parser.add_argument("--file", default=str(default))
    else:
        parser.add_argument("file", nargs="?", default=str(default))
    parser.add_argument("--runs", type=int, default=runs)
    args = parser.parse_args(argv)
    path = Path(args.file)
    if not path.is_file():
        print(f"{Path(sys.argv[0]).stem}: {path} not found", file=sys.stderr)
        return None
    return path, args.runs
