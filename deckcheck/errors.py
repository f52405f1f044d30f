"""deckcheck's own errors: each carries a one-line message for the user and means exit code 2."""

from __future__ import annotations

import signal


class DeckcheckError(Exception):
    """An error the user can act on: bad input, an unreadable file, no card data. Exit code 2."""

    exit_code = 2


class NoCardData(DeckcheckError):
    """No card store has been built and no bundled snapshot is present."""


class DeckcheckWarning(UserWarning):
    """Something the user should know that does not stop the command (the command line prints it as one
    line on standard error, "deckcheck: warning: ...")."""


class InputError(DeckcheckError):
    """An input file that can't be read or is not what it should be; names the file (and line)."""

    def __init__(self, path: str, message: str, line: int | None = None) -> None:
        where = f"{path}:{line}" if line is not None else str(path)
        super().__init__(f"{where}: {message}")
        self.path = path
        self.line = line


class Terminated(KeyboardInterrupt):
    """SIGTERM (`kill`, `timeout`, a service stopping) or SIGHUP (the terminal closed), raised where the
    command is: it stops as Ctrl-C stops it, through the same cleanup (a report's temporary file removed, the
    old report and store kept). Exit code 128 + the signal's number."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


#: The signals that stop a command as Ctrl-C does (SIGHUP is POSIX only).
STOPPING = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name))
