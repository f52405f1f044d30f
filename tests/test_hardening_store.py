"""The card store survives a `deckcheck update --file` killed (SIGKILL) at any point of the import or the
build, and two updates started at once: the previous store always opens with its old card count, stray
temporary files never break the next update, and concurrent readers always see a whole store."""

from __future__ import annotations

import os
import random
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from deckcheck.store import STORE_FILE, CardStore

pytestmark = [pytest.mark.timeout(600), pytest.mark.shared]


def _update(data_dir: Path, *files: Path) -> subprocess.Popen:
    # --force: a round goes back from the big store to the small one
    args = [sys.executable, "-m", "deckcheck", "update", "--force", "--data-dir", str(data_dir)]
    for f in files:
        args += ["--file", str(f)]
    return subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _finish(proc: subprocess.Popen) -> str:
    out, err = proc.communicate(timeout=300)
    assert proc.returncode == 0, err
    assert "Traceback" not in err
    return out


def _store_state(data_dir: Path) -> tuple[int, str]:
    """(card count, meta source) of the store in data_dir, after an integrity check of the file."""
    path = data_dir / STORE_FILE
    con = sqlite3.connect(path.resolve().as_uri() + "?mode=ro", uri=True)
    try:
        assert con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    finally:
        con.close()
    with CardStore.open(data_dir) as store:
        assert store.meta["card_count"] == len(store)
        return len(store), str(store.meta.get("files"))


@pytest.fixture(scope="module")
def files(shared_data):
    small = shared_data / "scryfall" / "cards-2025-11-recorded.json"
    other = shared_data / "scryfall" / "cards-2025-12-collection.json"
    big = shared_data / "scryfall" / "all-cards-2019.json.gz"
    return small, other, big


def test_killed_update_leaves_the_old_store(tmp_path, files) -> None:
    small, _, big = files
    data_dir = tmp_path / "data"
    _finish(_update(data_dir, small))
    old = _store_state(data_dir)
    assert 200 < old[0] < 1000

    # how long a whole import of the big file takes here, to spread the kills over it
    start = time.monotonic()
    probe = _update(tmp_path / "probe", big)
    _finish(probe)
    full = time.monotonic() - start
    new_count = _store_state(tmp_path / "probe")[0]
    assert new_count > 19000

    rng = random.Random(5)
    delays = [(step + rng.uniform(0.0, 0.2)) * full for step in (0.02, 0.2, 0.4, 0.6, 0.8)]  # import, build
    plans: list[tuple[str, float]] = [("delay", d) for d in delays]
    plans += [("tmp-appears", 0.0), ("tmp-appears", 0.3), ("tmp-appears", rng.uniform(0.0, 1.5))]
    killed_at = []
    left_strays = 0
    for kind, delay in plans:
        proc = _update(data_dir, big)
        begun = time.monotonic()
        if kind == "tmp-appears":  # the build phase: the new store file exists beside the old one
            while proc.poll() is None and not list(data_dir.glob(f".{STORE_FILE}.{proc.pid}.*.tmp")):
                time.sleep(0.005)
        time.sleep(delay)
        finished = proc.poll() is not None
        if not finished:
            os.kill(proc.pid, signal.SIGKILL)
        proc.communicate(timeout=60)
        outcome = "finished first" if finished else "killed"
        left_strays += len(list(data_dir.glob(f".{STORE_FILE}.*.tmp"))) if not finished else 0
        state = _store_state(data_dir)  # whole, whatever the moment of the kill
        if state != old:  # the swap happened before the kill (or the run finished): the new store, whole
            assert state[0] == new_count, (killed_at, state)
            outcome += " after the swap"
            _finish(_update(data_dir, small))  # back to the old one for the next round
            state = _store_state(data_dir)
        killed_at.append((kind, round(time.monotonic() - begun, 2), outcome))
        assert state == old, killed_at
    assert sum(1 for k in killed_at if k[2] == "killed") >= 5, killed_at  # killed before the swap

    # stray temporary files of the killed builds do not break the next update, which removes them
    assert left_strays, "a build killed after its temporary file appeared leaves that file"
    print("kills (plan, seconds after start, outcome):", killed_at)
    _finish(_update(data_dir, big))
    assert _store_state(data_dir)[0] == new_count
    assert not list(data_dir.glob(f".{STORE_FILE}.*.tmp"))
    with CardStore.open(data_dir) as store:
        assert store.lookup("Oko, Thief of Crowns") is not None


def test_two_updates_at_once(tmp_path, files) -> None:
    small, other, _ = files
    data_dir = tmp_path / "data"
    counts = {}
    for f in (small, other):
        d = tmp_path / f.stem
        _finish(_update(d, f))
        counts[_store_state(d)] = f
    errors: list[BaseException] = []
    stop = threading.Event()

    def reader() -> None:  # a reader during the swaps always sees one whole store
        while not stop.is_set():
            try:
                if (data_dir / STORE_FILE).exists():
                    assert _store_state(data_dir) in counts
            except BaseException as exc:  # noqa: BLE001 - reported by the test
                errors.append(exc)
                return

    thread = threading.Thread(target=reader)
    thread.start()
    try:
        for _ in range(4):
            procs = [_update(data_dir, small), _update(data_dir, other)]
            for p in procs:
                _finish(p)
            assert _store_state(data_dir) in counts
    finally:
        stop.set()
        thread.join()
    assert not errors, errors


def test_a_second_update_waits_for_the_first_and_reads_the_store_it_replaces(tmp_path, files) -> None:
    """An update started while another of the same data folder runs (held here by the test, as an update holds it)
    waits for it, saying so once, then builds, and its line names the store it replaced, the one the first built.
    Before, both ran at once: each read the store before the other's, and the last to end replaced the other's."""
    import fcntl

    small, other, _ = files
    data_dir = tmp_path / "data"
    _finish(_update(data_dir, small))
    small_count = _store_state(data_dir)[0]
    folder = os.open(data_dir, os.O_RDONLY)
    try:
        fcntl.flock(folder, fcntl.LOCK_EX)  # as a running update holds it
        second = _update(data_dir, other)
        time.sleep(3)  # (it takes the lock first, before its import)
        assert second.poll() is None, "the second update did not wait"
    finally:
        os.close(folder)
    out, err = second.communicate(timeout=300)
    assert second.returncode == 0 and err.count("waiting for another `deckcheck update`") == 1, err
    assert f"replaced a store of {small_count} cards" in out
