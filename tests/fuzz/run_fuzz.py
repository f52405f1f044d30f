"""The dedicated fuzz run: at least 200,000 generated inputs across the decklist parser (workbooks and word
processors' documents among its inputs, and lines of card names run together read apart by the
checker), the mana cost parser, the importers' per-object path and whole card files as `update --file` reads
them (see fuzzlib.py for the targets and mutators).

    python tests/fuzz/run_fuzz.py [--inputs 200000] [--seed 1] [--timeout 10] [--memory-mb 3000]

Inputs are split between the targets (shares below); each input runs under a per-input alarm (a hang is a
failure) and the whole run under an address-space limit (unbounded memory is a failure). Anything a target
raises other than deckcheck's own errors is a failure: the first example of each distinct failure is
printed with the seed that regenerates it. Exit 0 when nothing failed, 1 otherwise.
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import signal
import sys
import time
import traceback
import zlib
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/, for `fuzz.fuzzlib`

from fuzz import fuzzlib  # noqa: E402
from fuzz.fuzzlib import (  # noqa: E402
    DECK_PIECES, card_files, mtgjson_objects, mutate_archive, mutate_bytes, mutate_object, mutate_text,
    mutated_card_file, names_line, precon_decks, real_decklists, real_documents, real_rich_texts, real_workbooks,
    run_one, scryfall_objects, target_card_file, target_checked_text, target_decklist_bytes, target_decklist_text,
    target_mana, target_mtgjson, target_scryfall, target_workbook,
)

#: Share of the inputs per generator.
SHARES = {
    "decklist: mutated real text": 0.09,
    "decklist: mutated workbooks": 0.03,
    "decklist: mutated documents": 0.01,
    "decklist: mutated rich text": 0.01,
    "decklist: mutated real bytes": 0.10,
    "decklist: mutated MTGJSON deck files": 0.04,
    "decklist: generated syntax": 0.07,
    "decklist: random bytes": 0.02,
    "decklist: mutated names on one line, checked": 0.01,
    "mana: generated near-costs": 0.17,
    "mana: random text": 0.05,
    "importer: mutated Scryfall objects": 0.19,
    "importer: mutated MTGJSON objects": 0.19,
    "importer: mutated card files": 0.02,
}
_COST_PARTS = list("{}{}/WUBRGCSXYZPHT0123456789 ½∞") + ["{G/W/P}", "{2/B}", "{10}", "{W/U}", "{B/P}", "{-1}",
                                                        "{HW}", "{²}"]


class Hang(Exception):
    """An input ran past the per-input alarm."""


def _alarm(signum, frame):  # noqa: ANN001
    raise Hang()


def _random_text(rng: random.Random, size: int) -> str:
    return "".join(chr(rng.choice([rng.randrange(32, 127), rng.randrange(0, 0x3000), 10])) for _ in range(size))


def make_input(kind: str, rng: random.Random):
    """One input for a generator: (target, args)."""
    if kind == "decklist: mutated real text":
        return target_decklist_text, (mutate_text(rng, rng.choice(real_decklists())),)
    if kind == "decklist: mutated real bytes":
        return target_decklist_bytes, (mutate_bytes(rng, rng.choice(real_decklists()).encode("utf-8")),)
    if kind == "decklist: mutated workbooks":
        return target_workbook, (mutate_archive(rng, rng.choice(real_workbooks())),)
    if kind == "decklist: mutated documents":
        return target_decklist_bytes, (mutate_archive(rng, rng.choice(real_documents())),)
    if kind == "decklist: mutated rich text":
        return target_decklist_bytes, (mutate_bytes(rng, rng.choice(real_rich_texts())),)
    if kind == "decklist: mutated MTGJSON deck files":
        decks = precon_decks()
        return target_decklist_text, (json.dumps(mutate_object(rng, rng.choice(decks), [d["data"] for d in decks[:20]])),)
    if kind == "decklist: generated syntax":
        return target_decklist_text, ("".join(rng.choice(DECK_PIECES) if rng.random() < 0.7 else
                                              _random_text(rng, rng.randint(1, 10))
                                              for _ in range(rng.randint(0, 60))),)
    if kind == "decklist: mutated names on one line, checked":
        line = names_line(rng, rng.choice(precon_decks()))
        return target_checked_text, (mutate_text(rng, line, rng.randint(0, 4)),)
    if kind == "decklist: random bytes":
        return target_decklist_bytes, (rng.randbytes(rng.randint(0, 2000)),)
    if kind == "mana: generated near-costs":
        return target_mana, ("".join(rng.choice(_COST_PARTS) for _ in range(rng.randint(0, 24))),)
    if kind == "mana: random text":
        return target_mana, (_random_text(rng, rng.randint(0, 40)),)
    if kind == "importer: mutated Scryfall objects":
        objs = scryfall_objects()
        return target_scryfall, (mutate_object(rng, rng.choice(objs), objs),)
    if kind == "importer: mutated card files":
        return target_card_file, mutated_card_file(rng)
    if kind == "importer: mutated MTGJSON objects":
        objs = mtgjson_objects()
        obj, context = rng.choice(objs)
        if rng.random() < 0.1:
            context = {**context, "list": rng.choice(["atomic", "cards", "tokens", None])}
        return target_mtgjson, (mutate_object(rng, obj, [o for o, _ in objs[:200]]), context)
    raise ValueError(kind)


def main(argv: list[str] | None = None) -> int:
    """Run the fuzz campaign and print the counts; exit 1 if any input failed."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--inputs", type=int, default=200_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--timeout", type=int, default=10, help="seconds per input before it counts as a hang")
    parser.add_argument("--memory-mb", type=int, default=3000, help="address-space limit of the run")
    args = parser.parse_args(argv)
    if not fuzzlib.SHARED.is_dir():
        print(f"run_fuzz: {fuzzlib.SHARED} not found (../shared/data is needed)", file=sys.stderr)
        return 2
    limit = args.memory_mb * 2**20
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    signal.signal(signal.SIGALRM, _alarm)
    start = time.monotonic()
    real_decklists(), precon_decks(), scryfall_objects(), mtgjson_objects(), real_workbooks(), card_files()  # once
    real_documents(), real_rich_texts()
    print(f"real data loaded in {time.monotonic() - start:.1f} s: {len(real_decklists())} decklists, "
          f"{len(real_workbooks())} workbooks, {len(real_documents()) + len(real_rich_texts())} documents, "
          f"{len(scryfall_objects())} Scryfall objects, {len(mtgjson_objects())} MTGJSON objects", flush=True)
    plan = [(kind, round(args.inputs * share)) for kind, share in SHARES.items()]
    plan[0] = (plan[0][0], plan[0][1] + args.inputs - sum(n for _, n in plan))
    done: Counter[str] = Counter()
    failures: Counter[tuple[str, str]] = Counter()
    examples: dict[tuple[str, str], str] = {}
    slowest = (0.0, "")
    for kind, count in plan:
        began = time.monotonic()
        for i in range(count):
            seed = zlib.crc32(f"{args.seed}:{kind}:{i}".encode())  # make_input(kind, Random(seed)) replays it
            rng = random.Random(seed)
            target, target_args = make_input(kind, rng)
            t0 = time.perf_counter()
            signal.alarm(args.timeout)
            try:
                run_one(target, *target_args)
            except Hang:
                key = (kind, "hang")
                failures[key] += 1
                examples.setdefault(key, f"seed {seed}: no answer within {args.timeout} s: {target_args!r:.300}")
            except MemoryError:
                key = (kind, "MemoryError")
                failures[key] += 1
                examples.setdefault(key, f"seed {seed}: {target_args!r:.300}")
            except Exception as exc:  # noqa: BLE001 - every other exception is a finding
                frame = traceback.extract_tb(exc.__traceback__)[-1]
                key = (kind, f"{type(exc).__name__} at {Path(frame.filename).name}:{frame.lineno}")
                failures[key] += 1
                examples.setdefault(key, f"seed {seed}: {exc!s:.200}\n      input: {target_args!r:.400}")
            finally:
                signal.alarm(0)
            took = time.perf_counter() - t0
            if took > slowest[0]:
                slowest = (took, kind)
            done[kind] += 1
        print(f"{kind:40} {done[kind]:>8,} inputs  {time.monotonic() - began:7.1f} s", flush=True)
    total = sum(done.values())
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"total: {total:,} inputs in {time.monotonic() - start:.0f} s; peak RSS {peak:.0f} MB; "
          f"slowest input {slowest[0] * 1000:.0f} ms ({slowest[1]}); failures: {sum(failures.values())}")
    for key, n in failures.most_common():
        print(f"  FAIL {key[0]}: {key[1]} x{n}\n      {examples[key]}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
