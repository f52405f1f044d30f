"""A `deckcheck batch --jobs 2` stopped from outside, with real processes and real signals: a worker killed
(as the out-of-memory killer would), Ctrl-C for the whole process group, SIGTERM for the command, SIGHUP
for the group (a closed terminal). Each run ends at once with its exit code and a one-line message (no
traceback, no hang), the last report whole, no temporary file beside it and no worker left running."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from check_support import PROJECT, SHARED_DATA, hearing_ctrl_c

ARCHIVE = SHARED_DATA / "decks" / "duel-commander" / "decks.jsonl.gz"  # 17,900 decks: seconds of work

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").is_file() or not hasattr(os, "killpg"),
                                reason="POSIX signals and Linux /proc")


def _start(tmp_path: Path, decks: Path | None = None, ignoring_ctrl_c: bool = False
           ) -> tuple[subprocess.Popen[str], Path, list[int]]:
    """The batch of `decks` (the Duel Commander archive), started in its own process group (Ctrl-C heard, unless
    `ignoring_ctrl_c`), once its two workers exist (and its report file is open); the report holds an older
    report."""
    report = tmp_path / "report.txt"
    report.write_text("the last report\n")
    env = dict(os.environ, PYTHONPATH=str(PROJECT))
    proc = subprocess.Popen([sys.executable, "-m", "deckcheck", "batch", "--no-progress", "--jobs", "2",
                             "-o", str(report), str(decks or ARCHIVE)],
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True, preexec_fn=ignoring if ignoring_ctrl_c else hearing_ctrl_c)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        workers = _children(proc.pid)
        if len(workers) == 2:
            return proc, report, workers
        assert proc.poll() is None, proc.communicate()
        time.sleep(0.02)
    proc.kill()
    raise AssertionError("the workers never started")


def ignoring() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _children(pid: int) -> list[int]:
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # ended meanwhile
        if int(fields[1]) == pid:
            found.append(int(stat.parent.name))
    return found


def _finish(proc: subprocess.Popen[str]) -> str:
    try:
        _, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.communicate()
            pytest.fail("the batch did not end")
    return err


def _gone(pid: int) -> bool:
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            return True
        if state == "Z":
            return True  # ended, waiting for its new parent to collect it
        time.sleep(0.05)
    return False


def _assert_stopped_cleanly(report: Path, workers: list[int]) -> None:
    assert report.read_text() == "the last report\n"
    assert sorted(report.parent.iterdir()) == [report]  # no temporary report left
    assert all(_gone(pid) for pid in workers)


def test_a_killed_worker_ends_the_batch_with_an_error_not_a_wait(tmp_path):
    proc, report, workers = _start(tmp_path)
    os.kill(workers[0], signal.SIGKILL)
    err = _finish(proc)
    assert proc.returncode == 2, err
    assert err.startswith("deckcheck: error: the batch stopped: a worker process ended") and err.count("\n") == 1
    _assert_stopped_cleanly(report, workers)


def test_ctrl_c_ends_a_jobs_batch_with_one_line(tmp_path):
    proc, report, workers = _start(tmp_path)
    os.killpg(proc.pid, signal.SIGINT)  # as a terminal sends it: to the command and its workers
    err = _finish(proc)
    assert (proc.returncode, err) == (130, "deckcheck: interrupted\n")
    _assert_stopped_cleanly(report, workers)


@pytest.mark.parametrize("signum, code", [(signal.SIGINT, 130), (signal.SIGHUP, 129)])
@pytest.mark.parametrize("gap", [0.001, 0.05])
def test_ctrl_c_twice_ends_a_jobs_batch_too(tmp_path, signum, code, gap):
    """A second Ctrl-C (or SIGHUP) while the batch waited for its workers' chunks hung it forever: the wait was cut
    short before the workers were ended, and the interpreter's exit waited for workers that ignore Ctrl-C. The
    workers are no longer waited for once the batch is stopped, and are ended whatever comes meanwhile."""
    proc, report, workers = _start(tmp_path)
    os.killpg(proc.pid, signum)
    time.sleep(gap)
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, signum)
    err = _finish(proc)
    assert proc.returncode == code and err.count("\n") == 1, err
    _assert_stopped_cleanly(report, workers)


def test_ctrl_c_twice_at_any_moment_ends_a_jobs_batch_with_one_line(tmp_path):
    """Two Ctrl-Cs 0-10 ms apart, at moments spread over the batch: before, about one run in six printed a traceback
    (the second raised while the first was being said) or never ended (a worker ended in the middle of sending its
    chunk's results left the pool's thread, and the exit, waiting for the rest). The second is now heard by no one
    but the workers, which end the message they send before they stop."""
    for run in range(8):
        proc, report, workers = _start(tmp_path)
        time.sleep(0.05 * run)
        os.killpg(proc.pid, signal.SIGINT)
        time.sleep(0.00125 * run)
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGINT)
        err = _finish(proc)
        assert (run, proc.returncode, err) == (run, 130, "deckcheck: interrupted\n")
        _assert_stopped_cleanly(report, workers)


@pytest.mark.parametrize("reading", [False, True])
def test_ctrl_c_to_one_worker_alone_stops_the_batch_with_an_error_not_a_short_report(tmp_path, reading):
    """A worker is stopped by Ctrl-C (it checks its chunk no further) only with its batch: sent to the worker alone,
    the batch ends with an error, exit 2, and its last report is kept, never a report that lacks the worker's decks.
    Stopped while it read a deck (`reading`: two decklists of 300,000 comment lines each, one a worker), the stop
    had been taken for that deck's error: an unreadable row, and the report replaced."""
    decks, out = None, tmp_path / "out"
    out.mkdir()
    if reading:
        decks = tmp_path / "decks"
        decks.mkdir()
        text = "// a note\n" * 300_000 + (PROJECT / "data" / "examples" / "abzan-armor-tdc.txt").read_text()
        for name in ("a.txt", "b.txt"):
            (decks / name).write_text(text)
    proc, report, workers = _start(out, decks)
    if reading:
        time.sleep(0.5)
        workers = [pid for pid in workers if _state(pid) == "R"][:1] or workers
    os.kill(workers[0], signal.SIGINT)
    err = _finish(proc)
    assert (proc.returncode, err) == (2, "deckcheck: error: the batch stopped: a worker process was interrupted "
                                         "(Ctrl-C); run it again\n")
    _assert_stopped_cleanly(report, workers)


def _state(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return ""


def test_a_batch_started_with_ctrl_c_ignored_goes_on_through_ctrl_c(tmp_path):
    """A batch started with Ctrl-C ignored (`nohup`, a shell script's background job) is not stopped by one sent to
    its process group: before, its workers stopped, and the batch with them."""
    proc, report, workers = _start(tmp_path, ignoring_ctrl_c=True)
    os.killpg(proc.pid, signal.SIGINT)
    err = _finish(proc)
    assert proc.returncode == 1 and "17900 decks" in err and "Traceback" not in err
    assert report.read_text().startswith("deck ")


def test_a_command_stopped_in_a_program_leaves_it_hearing_signals(tmp_path):
    """`deckcheck.cli.main` run in a program (a wrapper script, a notebook) and stopped by Ctrl-C: the program's
    own handlers are put back, so that its next Ctrl-C or SIGTERM stops it (they had been left ignored)."""
    script = (
        "import os, signal, sys, threading\n"
        "from deckcheck.cli import main\n"
        "signal.signal(signal.SIGTERM, lambda *a: sys.exit(7))\n"
        "threading.Timer(0.5, os.kill, (os.getpid(), signal.SIGINT)).start()\n"
        f"code = main(['batch', '--no-progress', '-j', '2', '-o', os.devnull, {str(ARCHIVE)!r}])\n"
        "print(code, signal.getsignal(signal.SIGINT) is signal.default_int_handler, flush=True)\n"
        "os.kill(os.getpid(), signal.SIGTERM)\n"
        "print('still running')\n")
    env = dict(os.environ, PYTHONPATH=str(PROJECT))
    done = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, timeout=120,
                          preexec_fn=hearing_ctrl_c)
    assert (done.returncode, done.stdout, done.stderr) == (7, "130 True\n", "deckcheck: interrupted\n")


def test_sigterm_ends_a_jobs_batch_as_ctrl_c_does(tmp_path):
    proc, report, workers = _start(tmp_path)
    proc.terminate()  # to the command only, as `kill` and `timeout` send it
    err = _finish(proc)
    assert (proc.returncode, err) == (143, "deckcheck: terminated\n")
    _assert_stopped_cleanly(report, workers)


def test_a_closed_terminal_ends_a_jobs_batch_as_ctrl_c_does(tmp_path):
    proc, report, workers = _start(tmp_path)
    os.killpg(proc.pid, signal.SIGHUP)  # as a closing terminal sends it: to the command and its workers
    err = _finish(proc)
    assert (proc.returncode, err) == (129, "deckcheck: terminated\n")
    _assert_stopped_cleanly(report, workers)


def test_too_few_file_descriptors_for_the_workers_is_one_line_not_a_hang(tmp_path):
    """Under a low open-file limit the pool fails to start its second worker: the batch printed the
    system's error and then hung forever (the first worker waited for work, and the interpreter's exit
    waited for it). Every limit from 8 to 24 descriptors now ends at once: checked, one line saying why the
    workers can't start, or (on the edge) a deck reported unreadable for want of a descriptor."""
    import resource

    decks = [str(PROJECT / "data" / "examples" / "abzan-armor-tdc.txt")] * 2
    env = dict(os.environ, PYTHONPATH=str(PROJECT))
    outcomes = {}
    for limit in range(8, 25):
        def low_limit(limit=limit):
            resource.setrlimit(resource.RLIMIT_NOFILE, (limit, limit))
        proc = subprocess.run([sys.executable, "-m", "deckcheck", "batch", "--no-progress", "--jobs", "2", *decks],
                              env=env, capture_output=True, text=True, timeout=60, preexec_fn=low_limit)
        if proc.returncode == 0:
            outcomes[limit] = "checked"
            continue
        assert proc.returncode == 2, (limit, proc.stderr)
        if not proc.stderr:  # the workers started, and then the command could not open a deck file
            assert "Too many open files" in proc.stdout, (limit, proc.stdout)
            outcomes[limit] = "a deck unreadable"
            continue
        assert proc.stderr == ("deckcheck: error: can't start the batch's worker processes: Too many open files; "
                               "run it with fewer --jobs, or raise the limit (ulimit -n for files, -u for "
                               "processes)\n"), (limit, proc.stderr, proc.stdout)
        outcomes[limit] = "refused"
    assert outcomes[8] == "refused" and outcomes[24] == "checked", outcomes


@pytest.mark.parametrize("megabytes", [20, 24, 28, 32, 36, 40, 44])
def test_a_jobs_batch_short_of_memory_ends_with_one_line(megabytes):
    """Under a memory limit (`ulimit -v`) a `--jobs 2` batch printed tracebacks and, past about 40 MB, hung: the pool's
    own thread could not start the thread that feeds its workers, and its chunks never came back; under 30 MB an
    extension module could not be mapped, or the command line ran out of memory before deckcheck caught it. Each
    limit now ends at once, exit 2, in one line (or none, where memory sufficed: an unreadable deck of the folder)."""
    import resource

    limit = megabytes << 20

    def limited() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))

    env = dict(os.environ, PYTHONPATH=str(PROJECT))
    done = subprocess.run([sys.executable, "-m", "deckcheck", "batch", "--no-progress", "-j", "2",
                           str(PROJECT / "data" / "examples" / "tournament")], env=env, capture_output=True, text=True,
                          timeout=120, preexec_fn=limited)
    assert done.returncode == 2 and done.stderr.count("\n") <= 1 and "Traceback" not in done.stderr, done.stderr


def test_a_second_stopping_signal_while_the_process_ends_keeps_the_first_one_s_exit_code():
    """SIGHUP twice, the second after the command returned while the process was still ending (its workers, the
    interpreter's exit): the handlers had been put back to their default, so the second killed the process, which
    then had no exit code (-1 instead of 129; seen on a busy machine). Once a signal has stopped the command, a
    second one changes nothing while the process ends (`exiting`: deckcheck's command line); a command that no
    signal stopped puts the handlers back as they were."""
    script = (
        "import os, signal, time\n"
        "from deckcheck.cli import _stopping_signals_raise\n"
        "from deckcheck.errors import Terminated\n"
        "before = signal.getsignal(signal.SIGHUP)\n"
        "with _stopping_signals_raise():\n"
        "    pass\n"
        "assert signal.getsignal(signal.SIGHUP) == before\n"
        "try:\n"
        "    with _stopping_signals_raise(exiting=True):\n"
        "        os.kill(os.getpid(), signal.SIGHUP)\n"
        "        time.sleep(5)\n"
        "except Terminated:\n"
        "    print('stopped', flush=True)\n"
        "os.kill(os.getpid(), signal.SIGHUP)\n"  # after the command, as the process ends
        "time.sleep(0.2)\n"
        "print('ended as the first signal said')\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert (done.returncode, done.stdout, done.stderr) == (0, "stopped\nended as the first signal said\n", "")


@pytest.fixture
def full_temporary_folder(tmp_path: Path):
    """A temporary folder with next to no room left: a 1 MB tmpfs, filled but for 32 KB (a small /tmp in CI, a
    container's; Python's tempfile passes over a folder where it can't write a byte). Skipped where no tmpfs can be
    mounted (not root)."""
    folder = tmp_path / "small-tmp"
    folder.mkdir()
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(folder)], capture_output=True)
    if mounted.returncode != 0:
        pytest.skip("no tmpfs can be mounted here")
    try:
        (folder / "fill").write_bytes(bytes(1024 * 1024 - 32 * 1024))
        yield folder
    finally:
        subprocess.run(["umount", str(folder)], check=True)


@pytest.mark.skipif(not ARCHIVE.is_file(), reason="../shared/data not present")
def test_a_full_temporary_folder_is_said_of_that_folder(tmp_path, full_temporary_folder):
    """The text report's rows past 2,000 wait in the temporary folder, and the card store's last step (VACUUM) made a
    copy of it there: with that folder full, deckcheck said the report or the store (on a disk with room) could not
    be written. The rows' error now names the temporary folder, and the store is built without it."""
    import gzip

    decks = tmp_path / "decks.jsonl"
    with gzip.open(ARCHIVE, "rt", encoding="utf-8") as archive:
        decks.write_text("".join(line for _, line in zip(range(2500), archive)), encoding="utf-8")
    env = dict(os.environ, PYTHONPATH=str(PROJECT), TMPDIR=str(full_temporary_folder))
    report = tmp_path / "report.txt"
    done = subprocess.run([sys.executable, "-m", "deckcheck", "batch", "--no-progress", "-o", str(report), str(decks)],
                          env=env, capture_output=True, text=True, timeout=300)
    assert (done.returncode, done.stderr) == (2, f"deckcheck: error: {full_temporary_folder}: can't keep the "
                                                 "report's lines in the temporary folder: No space left on device "
                                                 "(TMPDIR names another)\n")
    assert not report.exists()
    built = subprocess.run([sys.executable, "-m", "deckcheck", "update", "--data-dir", str(tmp_path / "store"),
                            "--file", str(SHARED_DATA / "scryfall" / "all-cards-2019.json.gz")],
                           env=env, capture_output=True, text=True, timeout=300)
    assert built.returncode == 0 and built.stdout.startswith(f"built {tmp_path / 'store' / 'cards.sqlite'}: 19767 cards")
