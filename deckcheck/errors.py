"""deckcheck's own errors: each carries a one-line message for the user and means exit code 2."""

from __future__ import annotations

import json
import re
import signal
import sys


#: Characters that would break a line of output or move the cursor, and the escapes written instead.
_LINE_BREAKERS = {code: f"\\x{code:02x}" for code in (*range(32), *range(127, 160))}
_LINE_BREAKERS.update({9: "\\t", 10: "\\n", 13: "\\r", 0x2028: "\\u2028", 0x2029: "\\u2029"})
# and the marks that reorder the text around them on a terminal (bidirectional overrides and isolates: a name
# holding U+202E shows the rest of its line backwards)
_LINE_BREAKERS.update({code: f"\\u{code:04x}" for code in (0x061C, 0x200E, 0x200F, *range(0x202A, 0x202F),
                                                            *range(0x2066, 0x206A))})


def one_line(text: str) -> str:
    """Text as one line of output: control characters, line separators and the marks that reorder text (a file
    named with a line break, a decklist line holding a vertical tab, a name holding U+202E) written as backslash
    escapes, so that no file name or card name can split a line of a report, forge one, or turn it around."""
    return text if text.isprintable() else text.translate(_LINE_BREAKERS)


def invalid_json(reason: str, where: str) -> str:
    """The message for broken JSON, "invalid JSON: Expecting value at line 1, column 6", from the json module's
    reason and where it was found. Some of its reasons end in " at" ("Unterminated string starting at"),
    which is said once."""
    return f"invalid JSON: {reason.removesuffix(' at')} at {where}"


#: JSON's strings (skipped whole: digits in one are no number), its numbers (an integer has no fraction and no
#: exponent) and what lies between.
_JSON_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|(-?\d+)((?:\.\d+)?(?:[eE][-+]?\d+)?)|[^"\d-]+|.', re.DOTALL)


def json_error(exc: ValueError, doc: str, start: int = 0) -> json.JSONDecodeError:
    """The json module's error for `doc` (decoded from `start`) as a JSONDecodeError, which says where: json
    raises a bare ValueError, without a position, for an integer of more digits than Python converts
    (sys.get_int_max_str_digits(), 4,300 by default), which is found here."""
    if isinstance(exc, json.JSONDecodeError):
        return exc
    limit = sys.get_int_max_str_digits()
    for token in _JSON_TOKEN.finditer(doc, start):
        digits, fraction = token.group(1, 2)
        if digits and not fraction and len(digits.lstrip("-")) > limit:
            return json.JSONDecodeError(f"an integer of more than {limit:,} digits", doc, token.start())
    return json.JSONDecodeError((str(exc).splitlines() or [""])[0], doc, start)


def reason_of(exc: BaseException, label: str) -> str:
    """An error's one-line message without a leading "label: ", for a report whose row names the deck already."""
    text = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
    for named in (f"{label}: ", f"{one_line(label)}: "):  # (an error names a file with a line break escaped)
        if text.startswith(named):
            return text[len(named):]
    return text


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
        where = one_line(f"{path}:{line}" if line is not None else str(path))
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
