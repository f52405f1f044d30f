"""Benchmark: a cold single-deck `deckcheck check deck.txt` (a new process, bundled card data) against a
plain script that json.loads the same card data and looks the deck's names up.

Issue 5 targets: deckcheck under 0.3 s wall, and at least 5x faster than the plain script.

    python bench/bench_cold_check.py [--runs 9]

The deck is a real 100-card precon (Arcane Wizardry, C17) written out as text. The baseline's input is the
bundled store exported once to JSON (every card as deckcheck stores it), outside the timing. Both run as
fresh processes with bytecode cached (see _measure.bench_env), interleaved; medians are printed.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _measure import (  # noqa: E402
    BASELINE_INDEX, bench_env, export_cards_json, load_average, median, precon_text, run_measured,
)

BASELINE = r'''
import json, sys
cards_path, deck_path = sys.argv[1], sys.argv[2]
'''+ BASELINE_INDEX + r'''found = missing = 0
with open(deck_path, encoding="utf-8") as fh:
    for line in fh:
        line = line.strip()
        if not line or line in ("Commander", "Deck"):
            continue
        count, _, name = line.partition(" ")
        if index.get(name.lower()) is None:
            missing += 1
        else:
            found += int(count)
print(found, missing)
'''


def main(argv: list[str] | None = None) -> int:
    """Run both, print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9)
    args = parser.parse_args(argv)
    env = bench_env()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        deck = folder / "deck.txt"
        text, size = precon_text()
        deck.write_text(text, encoding="utf-8")
        cards_json = folder / "cards.json"
        n_cards = export_cards_json(cards_json)
        script = folder / "baseline.py"
        script.write_text(BASELINE, encoding="utf-8")
        commands = {
            "deckcheck check": [sys.executable, "-m", "deckcheck", "check", str(deck)],
            "plain json.loads + dict": [sys.executable, str(script), str(cards_json), str(deck)],
            "python -c pass (the floor)": [sys.executable, "-c", "pass"],
        }
        for cmd in commands.values():  # warm-up: bytecode cache and page cache, not measured
            run_measured(cmd, env=env)
        runs: dict[str, list[dict[str, float]]] = {k: [] for k in commands}
        for _ in range(args.runs):
            for key, cmd in commands.items():
                runs[key].append(run_measured(cmd, env=env))
        # the same deckcheck run with no bytecode cache at all (every module, stdlib too, compiled)
        empty = folder / "no-pycache"  # an empty cache folder that nothing is written to
        empty.mkdir()
        nocache = dict(env, PYTHONDONTWRITEBYTECODE="1", PYTHONPYCACHEPREFIX=str(empty))
        cold_compile = [run_measured(commands["deckcheck check"], env=nocache) for _ in range(max(3, args.runs // 3))]
        print(f"cold single-deck check: {size}-card precon as text; card data {cards_json.stat().st_size / 2**20:.1f} MB "
              f"JSON ({n_cards} cards) vs the {Path(env.get('PYTHONPATH', '').split(':')[0]) / 'data/cards.sqlite'} store; "
              f"median of {args.runs} runs; {load_average()}")
        print(f"{'':34}{'wall s':>8}{'cpu s':>8}{'peak MB':>9}")
        for key in commands:
            print(f"{key:34}{median(runs[key], 'wall'):8.3f}{median(runs[key], 'cpu'):8.3f}"
                  f"{median(runs[key], 'peak_mb'):9.0f}")
        print(f"{'deckcheck check, nothing cached':34}{median(cold_compile, 'wall'):8.3f}"
              f"{median(cold_compile, 'cpu'):8.3f}{median(cold_compile, 'peak_mb'):9.0f}")
        dc, base = runs["deckcheck check"], runs["plain json.loads + dict"]
        speed = median(base, "wall") / median(dc, "wall")
        floor = median(runs["python -c pass (the floor)"], "wall")
        print(f"an interpreter that starts and does nothing is {median(base, 'wall') / floor:.1f}x faster than "
              f"the plain script: the most any Python command can reach here")
        print(f"deckcheck is {speed:.1f}x faster than the plain script (target >= 5x); "
              f"wall {median(dc, 'wall'):.3f} s (target < 0.3 s); "
              f"memory {median(dc, 'peak_mb') / median(base, 'peak_mb'):.2f}x the plain script's")
    return 0


if __name__ == "__main__":
    sys.exit(main())
