"""`deckcheck batch`: check many decks at once (files, folders, JSON Lines of decks) and print a summary
table, JSON, CSV or a self-contained HTML tournament report.

Exit codes as for `deckcheck check`: 0 when every deck is legal, 1 when any deck has an error, 2 when a
deck could not be read (it is a row of the report; the batch goes on), for a usage error, no decks found or
no card data."""

from __future__ import annotations

import argparse
import itertools
import os
import secrets
import stat
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from functools import partial
from typing import IO, TYPE_CHECKING, Any

from deckcheck.commands.options import add_as_of, add_data_dir, not_empty, stdin_at_most_once
from deckcheck.errors import DeckcheckError, one_line
from deckcheck.render import OUTPUT_ERRORS

if TYPE_CHECKING:
    from deckcheck.batch.output import ReportWriter

FORMATS = ("text", "json", "csv", "violations", "html")



def _jobs(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of processes: {text!r}") from None
    from deckcheck.batch.core import worker_count

    try:
        return worker_count(value)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(f"--jobs {exc}") from None


def register(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:
    """Add the `batch` subcommand."""
    p = sub.add_parser(
        "batch", help="check many decks at once (files, folders, JSON Lines)",
        description="Check every deck in the given files and folders (recursively: .txt .dec .dck .dek .cod "
                    ".mwdeck .csv .tsv .json .docx .odt .rtf, and card lists in .xlsx or .ods workbooks, each "
                    "optionally .gz), zip archives of such files, tables of registrations (.csv, .tsv, .xlsx or "
                    ".ods with a decklist column: a row a deck) and JSON Lines files of decks (.jsonl, .ndjson: "
                    "one deck object a line, {\"commander\": [...], \"decklist\": [\"1 Name\", ...]} or "
                    "{\"text\": \"...\"}). An "
                    "unreadable deck is reported in its row and never stops the batch. Exit 0: all legal; 1: a deck "
                    "has an error; 2: a deck is unreadable, usage error, no decks found or no card data.")
    p.add_argument("paths", nargs="+", metavar="PATH",
                   help="decklist file, folder, zip archive, table of registrations or JSON Lines file; - for "
                        "standard input (any of those files' contents)")
    p.add_argument("--format", choices=FORMATS,
                   help="output format (default: by the extension of -o FILE, .html .htm .json .csv; else text); "
                        "csv: a row a deck; violations: CSV of a row a violation, with its line, rule, cards and "
                        "message, for a sheet of what each player must fix")
    p.add_argument("-o", "--output", metavar="FILE", type=partial(not_empty, what="a file's name"),
                   help="write the report to FILE instead of standard output (-: standard output; a CSV file "
                        "starts with a UTF-8 byte order mark, as Excel's own \"CSV UTF-8\" files do, so that Excel "
                        "reads its accents)")
    p.add_argument("-j", "--jobs", type=_jobs, default=1, metavar="N",
                   help="check with N processes (0: one per CPU; at most two per CPU; default 1)")
    add_as_of(p, "the banned list and Game Changers", releases=True)
    add_data_dir(p)
    p.add_argument("--no-progress", action="store_true", help="no progress bar, even on a terminal")
    return p


#: Extensions of files deckcheck writes no report as (a workbook, tab-separated values): named without --format, the
#: text table under such a name would be refused by the program it is meant for.
_NOT_WRITTEN = (".xlsx", ".xlsm", ".xls", ".ods", ".numbers", ".tsv", ".tab", ".pdf")


#: Extensions of compressed files: a report under such a name would be plain text, which nothing reading the name opens.
_COMPRESSED = (".gz", ".bz2", ".xz", ".zst", ".zip", ".7z")


def format_of(output: str | None) -> str:
    """The report format a file name asks for by its extension (report.html: html); text when it names none
    (or there is no file); DeckcheckError for an extension of a format deckcheck does not write (report.xlsx)."""
    suffix = os.path.splitext(output or "")[1].lower()
    if suffix in _NOT_WRITTEN:
        raise DeckcheckError(f"{output}: deckcheck writes no {suffix} file; name the report .csv (spreadsheets open "
                             "it), .json, .html or .txt, or give --format")
    return {".html": "html", ".htm": "html", ".json": "json", ".csv": "csv"}.get(suffix, "text")


def run(args: argparse.Namespace) -> int:
    """Check every deck found; write the report; return the exit code."""
    from deckcheck.batch import collect_less

    with collect_less():  # the lines read, the results and the report's rows are long-lived objects
        return _check_all(args)


def _check_all(args: argparse.Namespace) -> int:
    from deckcheck.batch import BatchOptions, BatchReport, exit_code, expand, run_batch
    from deckcheck.batch.core import FilesRead, no_decks_in, progress_shown, stdin_sources
    from deckcheck.batch.output import ReportWriter
    from deckcheck.checker import in_report_order
    from deckcheck.render import say_notes_left_out
    from deckcheck.store import CardStore

    stdin_at_most_once(args.paths)
    if args.output == "-":  # standard output, as `-` names a standard stream everywhere else
        args.output = None
    if args.output and args.output.endswith(("/", os.sep)):  # ("deck.txt/" replaced deck.txt: its name unchecked)
        raise DeckcheckError(f"{args.output}: a folder's name (it ends with a slash); -o names the report's file")
    if (suffix := os.path.splitext(args.output or "")[1].lower()) in _COMPRESSED:  # (whatever --format is given)
        raise DeckcheckError(f"{args.output}: deckcheck writes no compressed report; name it without {suffix}, then "
                             "compress it (gzip FILE)")
    args.format = args.format or format_of(args.output)
    _refuse_to_overwrite_an_input(args.output, args.paths)
    store = CardStore.open(args.data_dir)
    read = FilesRead()  # a file given twice, or in a folder given too: its decks checked once
    found = read.watched(itertools.chain.from_iterable(
        stdin_sources(sys.stdin.buffer, read=read) if path == "-" else expand([path], read) for path in args.paths))
    first = next(found, None)
    if first is None:
        raise DeckcheckError(no_decks_in(args.paths))
    # Read as they are checked (with --jobs, the workers start on the first decks while the parent is still reading
    # the rest), so that a batch's memory does not grow with its input; but all first for a progress bar of one job,
    # which then has a total.
    progress = False if args.no_progress else None
    listed = args.jobs == 1 and progress_shown(progress)
    sources = [first, *found] if listed else itertools.chain([first], found)
    card_data = dict(store.meta)
    with _report_file(args.output, bom=args.format in ("csv", "violations")) as out:
        writer = ReportWriter(args.format, out, BatchReport(results=(), card_data=card_data, on=args.as_of))
        # the text table and CSV rows give codes and counts only; the violations CSV, messages but no bracket
        shows_details = args.format in ("json", "html")
        options = BatchOptions(on=args.as_of, brackets=shows_details,
                               suggestions=shows_details or args.format == "violations", part=writer.part)
        results, notes = run_batch(sources, store=store, data_dir=args.data_dir, jobs=args.jobs, options=options,
                                   progress=progress, on_part=partial(_take_part, args, writer))
        report = writer.report(results, card_data, args.as_of, in_report_order([*notes, *read.notes()]))
        _write(args.output, writer.finish, report)
    say_notes_left_out(args.format, report.notes)
    if args.output:
        print(f"deckcheck: {report.tally()}; report written to {one_line(args.output)}", file=sys.stderr)
    return exit_code(report)


def _refuse_to_overwrite_an_input(output: str | None, paths: list[str]) -> None:
    """A report file that is one of the decks given would replace it, and a new one that the walk of a folder
    given would take would be read as a deck by the next batch of that folder: both refused."""
    reader = next((path for path in paths if _reads(path, output)), None) if output else None
    if reader is None:
        return
    if os.path.lexists(output):
        raise DeckcheckError(f"{output}: is one of the decks to check; write the report to another file")
    raise DeckcheckError(f"{output}: the next batch of {reader} would read this report as a deck; write it "
                         "outside that folder, or under a name a folder walk skips (hidden, or .html)")


def _names_descriptor(path: str, fd: int) -> bool:
    """Whether the file `path` names is the one open on descriptor `fd` (`/dev/stdout`, `/proc/self/fd/1`)."""
    return os.path.samestat(os.stat(path), os.fstat(fd))


def _reads(path: str, file: str) -> bool:
    """Whether checking `path` reads `file`: the file itself (by name, link or hard link), or a decklist the
    walk of a folder takes."""
    from deckcheck.batch import walk_reads

    try:
        if path == "-":  # standard input, redirected from the file: `batch -o deck.txt - < deck.txt` (not a terminal)
            return stat.S_ISREG(os.fstat(0).st_mode) and _names_descriptor(file, 0)
        return walk_reads(path, file) if os.path.isdir(path) else os.path.samefile(path, file)
    except OSError:  # gone meanwhile; a standard input closed
        return False


@contextmanager
def _report_file(path: str | None, bom: bool = False) -> Iterator[IO[str]]:
    """Where the report goes: standard output; a pipe or device, written straight; else a temporary file beside
    the file `path` names (through links) that replaces it once the report is whole, and is removed when
    anything stops the batch first. With `bom`, that file starts with a byte order mark (Excel reads a CSV
    file as UTF-8 only with one; without, it takes the system's code page and garbles every accent)."""
    if not path:
        yield sys.stdout
        sys.stdout.flush()
        return
    if _there_but_not_a_regular_file(path):  # a pipe, a terminal, a device (/dev/stdout): written straight
        # standard output, closed when deckcheck was called (held on the null device, which `-o /dev/null` names)
        if sys.__stdout__ is None and os.path.abspath(path) != os.devnull and _names_descriptor(path, 1):
            raise DeckcheckError(f"{path}: can't write the report: standard output is closed")
        out = _write(path, _open_report, path)
        try:
            yield out
            _write(path, out.flush)
        finally:
            with suppress(OSError):
                out.close()
        return
    target = os.path.realpath(path)  # through a symbolic link: the file it names is replaced, not the link
    out, tmp = _write(path, _new_file_beside, target)
    try:
        if bom:
            out.write("\ufeff")
        yield out
        _write(path, out.close)  # the last buffered bytes: a full disk may only show now
        _write(path, os.replace, tmp, target)
    except BaseException:
        try:
            with suppress(OSError):
                out.close()  # may fail again (what made the batch stop: no room, no memory)
        finally:
            with suppress(OSError):
                os.unlink(tmp)
        raise


def _open_report(name: str | int) -> IO[str]:
    """A report file (a name, or a descriptor open on it) opened for writing (text deckcheck did not make, and can't
    encode, as escapes)."""
    return open(name, "w", encoding="utf-8", errors=OUTPUT_ERRORS, newline="")


def _new_file_beside(target: str) -> tuple[IO[str], str]:
    """A new file in the folder of `target`, for the report that replaces it, and its name: made by this process
    alone (O_EXCL under a name no one can guess: never a file or link someone put there beforehand, which a report
    was written through), with the permissions of the file it replaces (a report kept private stays so), else those
    of any new file (the umask's)."""
    folder, base = os.path.split(target)
    while True:
        name = os.path.join(folder, f".{base}.{secrets.token_hex(8)}.tmp")
        try:
            fd = os.open(name, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o666)
            break
        except FileExistsError:
            continue
    try:
        with suppress(FileNotFoundError):
            mode = stat.S_IMODE(os.stat(target).st_mode)
            if hasattr(os, "fchmod"):
                os.fchmod(fd, mode)
            else:  # (Windows before Python 3.13)
                os.chmod(name, mode)
        return _open_report(fd), name
    except BaseException:
        os.close(fd)
        with suppress(OSError):
            os.unlink(name)
        raise


def _there_but_not_a_regular_file(path: str) -> bool:
    """Whether `path` is there and is not a regular file (followed through links): never replaced by one."""
    try:
        return not stat.S_ISREG(os.stat(path).st_mode)
    except OSError:  # not there (yet), or a broken link
        return False


def _take_part(args: argparse.Namespace, writer: ReportWriter, part: Any) -> None:
    """Write a chunk's part of the report; the violations CSV's decks' notes on how their lists were read, which it
    has no place for, said on standard error as they come (as `check --format csv` says them), above the progress
    bar."""
    _write(args.output, writer.add, part)
    if args.format == "violations" and part.notes:
        from tqdm import tqdm

        for note in part.notes:
            tqdm.write(f"deckcheck: note: {note}", file=sys.stderr)


def _write(path: str | None, write: Callable[..., Any], *args: Any) -> Any:
    """Call `write`; an OSError it raises writing the report file is a one-line error naming the file."""
    try:
        return write(*args)
    except OSError as exc:
        if not path or isinstance(exc, BrokenPipeError):  # standard output, or a pipe given to -o, whose reader
            raise  # left: the command ends as SIGPIPE would end it (cli.main)
        raise DeckcheckError(f"{path}: can't write the report: {exc.strerror or exc}") from None
