"""Stop `deckcheck batch --jobs 2` with a signal at random moments; report every run that hangs or ends badly.

    python tests/fuzz/stop_batches.py [--runs N] [--signal TERM|INT|HUP] [--seed S]

Each run checks the 17,900 Duel Commander decks of ../shared/data into a report file and gets the signal
0.15-0.9 s after its start: while the command line is read, the workers are forked, or decks are checked.
A run must end within 20 s with the signal's exit code, one line on standard error ("deckcheck: terminated" or
"interrupted"), and the report file as it was. Prints the count of runs, hangs and bad ends, and the slowest
end after the signal; exit 1 on any failure. (SIGINT and SIGHUP go to the process group, as a terminal sends
them; SIGTERM to the command only, as `kill` sends it.)"""

from __future__ import annotations

import argparse
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[2]
ARCHIVE = PROJECT.parent / "shared" / "data" / "decks" / "duel-commander" / "decks.jsonl.gz"
SAID = {"TERM": "deckcheck: terminated\n", "HUP": "deckcheck: terminated\n", "INT": "deckcheck: interrupted\n"}


def _hearing_ctrl_c() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)  # a background job's children ignore SIGINT otherwise


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=100)
    parser.add_argument("--signal", choices=sorted(SAID), default="TERM")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    signum = getattr(signal, f"SIG{args.signal}")
    rng = random.Random(args.seed)
    env = dict(os.environ, PYTHONPATH=str(PROJECT))
    failures: list[str] = []
    slowest = 0.0
    with tempfile.TemporaryDirectory() as tmp:
        report = Path(tmp) / "report.txt"
        for run in range(args.runs):
            report.write_text("the last report\n")
            proc = subprocess.Popen([sys.executable, "-m", "deckcheck", "batch", "--no-progress", "--jobs", "2",
                                     "-o", str(report), str(ARCHIVE)], env=env, stdout=subprocess.PIPE,
                                    stderr=subprocess.PIPE, text=True, start_new_session=True,
                                    preexec_fn=_hearing_ctrl_c)
            time.sleep(rng.uniform(0.15, 0.9))
            sent = time.monotonic()
            if signum == signal.SIGTERM:
                proc.send_signal(signum)
            else:
                os.killpg(proc.pid, signum)
            try:
                _, err = proc.communicate(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.communicate()
                failures.append(f"run {run}: no end within 20 s of the signal")
                continue
            slowest = max(slowest, time.monotonic() - sent)
            if proc.returncode == 0:  # the batch was over before the signal came
                continue
            if (proc.returncode, err) != (128 + signum, SAID[args.signal]):
                failures.append(f"run {run}: exit {proc.returncode}, {err[-300:]!r}")
            elif report.read_text() != "the last report\n" or len(list(Path(tmp).iterdir())) != 1:
                failures.append(f"run {run}: the last report was not kept whole, or a temporary file was left")
    print(f"{args.runs} runs, SIG{args.signal}: {len(failures)} failed; slowest end {slowest:.2f} s after the signal")
    for failure in failures:
        print("  " + failure)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
