#!/usr/bin/env bash
# Run every benchmark in turn (each prints deckcheck next to its plain baseline, with medians).
# Usage: bench/run_all.sh [--quick]   (--quick: fewer runs each)
set -euo pipefail
cd "$(dirname "$0")/.."
runs_import=3 runs_cold=9 runs_batch=3
if [[ "${1:-}" == "--quick" ]]; then runs_import=1 runs_cold=3 runs_batch=1; fi
echo "== import (bench_import.py, by the importer helper)"
python bench/bench_import.py --runs "$runs_import"
echo
echo "== the whole update --file (import + store build)"
python bench/bench_update.py --runs "$runs_import"
echo
echo "== cold single-deck check"
python bench/bench_cold_check.py --runs "$runs_cold"
echo
echo "== batch: 17,900 Duel Commander decks"
python bench/bench_batch.py --runs "$runs_batch"
