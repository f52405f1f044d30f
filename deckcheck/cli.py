"""The command line: `deckcheck SUBCOMMAND ...`. Each subcommand lives in deckcheck/commands/<name>.py
with ``register(subparsers)`` and ``run(args) -> int``; this module only dispatches."""

from __future__ import annotations

import argparse
import errno
import importlib
import io
import os
import re
import signal
import sys
import threading
import warnings
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, nullcontext, suppress
from typing import IO, Any, NoReturn

from deckcheck import __version__
from deckcheck.errors import STOPPING, DeckcheckError, DeckcheckWarning, InputError, Terminated, one_line
from deckcheck.render import OUTPUT_ERRORS

#: Subcommands in the order `deckcheck --help` lists them.
COMMANDS = ("check", "batch", "brackets", "card", "rules", "update", "info")


class _Parser(argparse.ArgumentParser):
    """argparse's parser, its help and version written as a report is: an error writing them (a full disk, a closed
    output, a reader that left) is the command's error, as a report's is, never exit 0 (argparse ignores it)."""

    def _print_message(self, message: str, file: IO[str] | None = None) -> None:
        if message:
            (file or sys.stderr).write(message)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="deckcheck", description="Commander (EDH) deck legality and color identity checker.")
    parser.add_argument("--version", action="version", version=f"deckcheck {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMANDS:
        try:
            module = importlib.import_module(f"deckcheck.commands.{name}")
        except ModuleNotFoundError as exc:
            if exc.name == f"deckcheck.commands.{name}":
                continue  # not built yet
            raise
        command = module.register(sub)
        command.set_defaults(run=module.run)
    return parser


@contextmanager
def _stopping_signals_raise(exiting: bool = False) -> Iterator[None]:
    """While a command runs, SIGTERM and SIGHUP raise Terminated, and Ctrl-C (SIGINT) KeyboardInterrupt unless
    it was ignored when deckcheck started (`nohup`, a background job): in the main thread only, where signals
    arrive. Once one has stopped the command, another changes nothing while the process ends (saying so, its
    workers ended), and the exit code is the first one's. Before, a second Ctrl-C pressed at once raised in the
    middle of the ending (a traceback), and a second SIGTERM restored to its default killed the process, which then
    had no exit code. The handlers are then put back as they were, but for a process `exiting` once the command
    ends (deckcheck's own command line): there, once stopped, they stay ignored through the interpreter's exit."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    stopped_by: list[int] = []

    def terminate(signum: int, frame: Any) -> None:
        if not stopped_by:  # (a second: the command is stopping already)
            stopped_by.append(signum)
            raise KeyboardInterrupt if signum == signal.SIGINT else Terminated(signum)

    hearing_ctrl_c = signal.getsignal(signal.SIGINT) is signal.default_int_handler
    stopping = (signal.SIGINT, *STOPPING) if hearing_ctrl_c else STOPPING
    previous = {signum: signal.signal(signum, terminate) for signum in stopping}
    try:
        yield
    finally:
        for signum, handler in previous.items():  # (the interpreter's own end gives them their default)
            signal.signal(signum, signal.SIG_IGN if stopped_by and exiting else handler)


def main(argv: Sequence[str] | None = None, *, exiting: bool = False) -> int:
    """Run deckcheck; return the exit code (0 legal/ok, 1 violations, 2 usage or input error; 130 Ctrl-C,
    143 SIGTERM, 129 SIGHUP, 141 when the output's reader left before the end, as a pipe to `head` does).
    `exiting`: the process ends with the command (`command_line`)."""
    with _closed_streams(), _stopping_signals_raise(exiting), _output_never_fails_on_text(), _warnings_as_lines():
        return _main(argv)


def command_line() -> NoReturn:
    """The `deckcheck` command and `python -m deckcheck`: run it and exit with its code."""
    sys.exit(main(exiting=True))


class _ClosedOutput(io.TextIOBase):
    """Standard output that the caller closed (`deckcheck check deck >&-`), which Python leaves as None: a
    write to it is a write error, as to any output that can't be written."""

    def write(self, text: str) -> int:
        raise OSError(errno.EBADF, "standard output is closed")


class _ClosedInput(io.RawIOBase):
    """Standard input that the caller closed (`deckcheck check - <&-`), which Python leaves as None: reading
    it is an input error naming it, as an unreadable file's is."""

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        raise InputError("<stdin>", "standard input is closed")


class _MessagesMayBeLost(io.TextIOBase):
    """Standard error as deckcheck writes its messages to it: one that can't be written (closed, opened
    read-only by a launcher script, on a full disk) loses them, never the command's exit code, as a second
    error raised while saying the first would."""

    def __init__(self, stream: Any) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        try:
            return self._stream.write(text)
        except (OSError, ValueError):  # (ValueError: a stream closed meanwhile)
            return len(text)

    def flush(self) -> None:
        with suppress(OSError, ValueError):
            self._stream.flush()

    def isatty(self) -> bool:
        try:
            return self._stream.isatty()
        except (OSError, ValueError):
            return False

    def fileno(self) -> int:
        return self._stream.fileno()

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return getattr(self._stream, "encoding", "utf-8")


@contextmanager
def _closed_streams() -> Iterator[None]:
    """A closed standard input or output fails the command that reads or writes it (exit 2), not with a
    traceback; a standard error that is closed or can't be written takes the messages nobody can read."""
    saved = sys.stdin, sys.stdout, sys.stderr
    if None in saved:
        _hold_closed_descriptors()
    with open(os.devnull, "w") if sys.stderr is None else nullcontext(sys.stderr) as stderr:
        if sys.stdin is None:
            sys.stdin = io.TextIOWrapper(io.BufferedReader(_ClosedInput()))
        sys.stdout = _ClosedOutput() if sys.stdout is None else sys.stdout
        sys.stderr = _MessagesMayBeLost(stderr)
        try:
            yield
        finally:
            sys.stdin, sys.stdout, sys.stderr = saved


def _hold_closed_descriptors() -> None:
    """The null device opened onto the standard descriptors (0-2) that are closed, for as long as the process
    lives: otherwise the next file opened (the card store being built) would take descriptor 1, where
    anything written to standard output at the C level would land."""
    with suppress(OSError):
        while (fd := os.open(os.devnull, os.O_RDWR)) <= 2:
            pass
        os.close(fd)


@contextmanager
def _warnings_as_lines() -> Iterator[None]:
    """deckcheck's own warnings as one line each on standard error, every time (no Python source line)."""
    shown = warnings.showwarning

    def show(message: Warning | str, category: type[Warning], *args: Any, **kwargs: Any) -> None:
        if issubclass(category, DeckcheckWarning):
            print(one_line(f"deckcheck: warning: {message}"), file=sys.stderr)
        else:
            shown(message, category, *args, **kwargs)

    with warnings.catch_warnings():
        warnings.simplefilter("always", DeckcheckWarning)
        warnings.showwarning = show
        yield


@contextmanager
def _output_never_fails_on_text() -> Iterator[None]:
    """Text deckcheck passes on but didn't make (a name given with bytes that don't decode, a lone surrogate
    escaped in JSON) is written as backslash escapes, never an encoding error: in a JSON report they are
    the same string's escapes, `\udcff`."""
    reconfigure = getattr(sys.stdout, "reconfigure", None)
    if reconfigure is None:
        yield
        return
    previous = sys.stdout.errors
    reconfigure(errors=OUTPUT_ERRORS)
    try:
        yield
    finally:
        sys.stdout.reconfigure(errors=previous)


def _main(argv: Sequence[str] | None) -> int:
    try:
        return _parse_and_run(argv)
    except Terminated as exc:
        print("deckcheck: terminated", file=sys.stderr)
        return 128 + exc.signum
    except KeyboardInterrupt:
        print("deckcheck: interrupted", file=sys.stderr)
        return 130
    except (MemoryError, ImportError) as exc:  # (reading the command line too: a command's module is imported then)
        if isinstance(exc, ImportError) and not _MAPPING_FAILED.search(str(exc)):
            raise  # a missing module: deckcheck's install is broken, which a traceback shows best
        print("deckcheck: error: out of memory", file=sys.stderr)
        return 2


#: An extension module the loader had no memory to map (a memory limit, `ulimit -v`).
_MAPPING_FAILED = re.compile(r"failed to map segment|cannot allocate memory", re.IGNORECASE)


def _parse_and_run(argv: Sequence[str] | None) -> int:
    """The command line read and its command run: a Ctrl-C or SIGTERM (`_main`'s) may come at any point."""
    parser = build_parser()
    try:
        try:
            args = _parsed(parser, list(sys.argv[1:] if argv is None else argv))
        except SystemExit as exc:  # argparse exits 2 on usage errors and 0 on --help and --version
            sys.stdout.flush()  # (their text: a full disk may only show now)
            return int(exc.code or 0)
        if not getattr(args, "run", None):
            parser.print_help(sys.stderr)
            return 2
        if getattr(args, "format", None) not in (None, "text"):
            _utf_8_stdout()
        code = int(args.run(args))
        sys.stdout.flush()  # the last buffered output: a full disk may only show now
        return code
    except DeckcheckError as exc:
        print(one_line(f"deckcheck: error: {exc}"), file=sys.stderr)  # a path may hold a line break
        return exc.exit_code
    except BrokenPipeError:  # the reader of the output left (`| head`): the report is cut short, never "legal"
        with suppress(OSError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # nothing more to flush at exit
        return 128 + signal.SIGPIPE
    except OSError as exc:
        if exc.filename:  # a file deckcheck did not name in an error of its own
            print(one_line(f"deckcheck: error: {exc.filename}: {exc.strerror or exc}"), file=sys.stderr)
        elif exc.errno in _CANT_WRITE:  # deckcheck names the files it writes: unnamed, it is standard output
            _discard_output()
            print(f"deckcheck: error: can't write the output: {exc.strerror}", file=sys.stderr)
        else:
            print(one_line(f"deckcheck: error: {type(exc).__name__}: {exc}"), file=sys.stderr)
        return 2


#: A write's errors: for want of room (a full disk, a file too large, a quota, a read-only file system), or a
#: closed output.
_CANT_WRITE = frozenset(getattr(errno, name) for name in ("ENOSPC", "EFBIG", "EDQUOT", "EROFS", "EBADF")
                        if hasattr(errno, name))


def _parsed(parser: argparse.ArgumentParser, argv: list[str]) -> argparse.Namespace:
    """The command line read, a command's options also between its file names (`check a.txt --format csv b.txt`, as
    most tools take them: argparse alone took `b.txt` for an unknown argument of the whole program)."""
    args, extra = parser.parse_known_args(argv)
    if not extra:
        return args
    command = getattr(args, "command", None)
    if command not in argv:
        return parser.parse_args(argv)  # (its own usage error for what is left)
    subparsers = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    found = subparsers.choices[command].parse_intermixed_args(argv[argv.index(command) + 1:])
    found.command = command
    return found


def _utf_8_stdout() -> None:
    """Standard output in UTF-8, whatever the locale, for a report in JSON, CSV or HTML: JSON exchanged is UTF-8
    (RFC 8259 8.1), the HTML report says it is, and a character the locale can't encode, written as Python's
    backslash escape, made the JSON invalid ("Lim-D\\xfbl's Vault" under LANG=C)."""
    encoding = (getattr(sys.stdout, "encoding", None) or "").lower().replace("-", "").replace("_", "")
    reconfigure = getattr(sys.stdout, "reconfigure", None)
    if encoding != "utf8" and reconfigure is not None:
        reconfigure(encoding="utf-8", errors=sys.stdout.errors)  # (the errors kept: alone, "strict")


def _discard_output() -> None:
    """Point standard output at the null device, so the interpreter's last flush at exit does not fail
    again with what could not be written."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
    except (OSError, ValueError, AttributeError):  # not a real file (a test's capture): nothing to flush
        pass
