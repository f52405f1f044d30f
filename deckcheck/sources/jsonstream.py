"""Streaming JSON reading for big card files: plain, gzip, xz, bzip2 or zipped (told by content), a JSON
array, JSON Lines, or an MTGJSON ``{"meta", "data"}`` wrapper, read value by value with bounded memory.

The text is decompressed in chunks and each value is cut out of a sliding buffer with
``json.JSONDecoder.raw_decode`` (the C scanner), so no big file is ever parsed with one ``json.load``.
"""

from __future__ import annotations

import codecs
import errno
import json
import re
import zlib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from deckcheck.errors import InputError, invalid_json, json_error
from deckcheck.zips import GZIP_MAGIC, is_zip, zip_errors

_XZ_MAGIC = b"\xfd7zXZ\x00"
_BZIP2_MAGIC = b"BZh"
_READ_SIZE = 1 << 20  # bytes read from disk at a time
_INFLATE_SIZE = 4 << 20  # the most bytes one chunk inflates to at a time (a gzip expands up to 1,000 times)
#: The longest JSON value read whole, in characters. A card object is a few kilobytes (5,847 characters at
#: most in ../shared/data), the largest value an MTGJSON set file holds (its booster sheets) well under a
#: megabyte; past this a file is no card data (a decompression bomb), and reading on would take the memory
#: of the machine.
MAX_VALUE_CHARS = 16 << 20
_WS = " \t\r\n"
_BLANKS = re.compile(r"[ \t\r\n]*")
_FIRST_MEMBER = re.compile(r'\{\s*"((?:[^"\\]|\\.)*)"(?:\s*:\s*"((?:[^"\\]|\\.)*)")?')
#: Lists that hold card objects in MTGJSON set and deck files.
CARD_LISTS = frozenset({"cards", "commander", "displayCommander", "mainBoard", "sideBoard"})
#: Lists of MTGJSON objects that are never deck cards (skipped and counted).
NON_CARD_LISTS = frozenset({"tokens", "planes", "schemes"})


class TruncatedFile(InputError):
    """A compressed file whose stream ends early: cut short (a download's connection closed before its end)."""


def byte_chunks(path: Path, progress: Callable[[int], None] | None) -> Iterator[bytes]:
    """The file's bytes, decompressed when it is gzip, xz or bzip2 data or a zip archive of one file (told by
    its magic number, not its name: MTGJSON offers its files in all four).

    Raises InputError for an unreadable file or a truncated or corrupt compressed stream."""
    try:
        fh = open(path, "rb")
    except OSError as exc:
        raise InputError(str(path), f"cannot read: {exc.strerror or exc}") from None
    with fh:
        def read() -> bytes:
            data = fh.read(_READ_SIZE)
            if progress and data:
                progress(len(data))
            return data

        try:
            first = fh.read(_READ_SIZE)
            if is_zip(first):  # read by zipfile, from its end
                fh.seek(0)
                yield from _unzipped(fh, str(path), progress)
                return
            if progress and first:
                progress(len(first))
            if first.startswith(GZIP_MAGIC):
                yield from _twice_gunzipped(_gunzipped(first, read, str(path)), str(path))
            elif first.startswith((_XZ_MAGIC, _BZIP2_MAGIC)):
                yield from _unpacked(first, read, str(path))
            else:
                data = first
                while data:
                    yield data
                    data = read()
        except OSError as exc:
            raise InputError(str(path), f"cannot read: {exc.strerror or exc}") from None


def _gunzipped(data: bytes, read: Callable[[], bytes], path: str) -> Iterator[bytes]:
    inflater = zlib.decompressobj(wbits=31)
    try:
        while True:
            while True:  # this chunk inflated _INFLATE_SIZE bytes at a time
                out = inflater.decompress(data, _INFLATE_SIZE)
                if out:
                    yield out
                if inflater.eof:  # a gzip member ended; another may follow (multi-member gzip)
                    data = inflater.unused_data
                    if not data:
                        break
                    if not data[:1] == b"\0":
                        inflater = zlib.decompressobj(wbits=31)
                        continue
                    while not data.strip(b"\0"):  # zero bytes that pad the file (tar, dd) end it, as gzip reads it
                        data = read()
                        if not data:
                            return
                    raise InputError(path, "corrupt gzip data (bytes after the zero bytes that pad its end)")
                data = inflater.unconsumed_tail
                if not data and len(out) < _INFLATE_SIZE:  # a full output may have more to come
                    break
            data = read()
            if not data:
                break
    except zlib.error as exc:
        raise InputError(path, f"corrupt gzip data ({exc})") from None
    if not inflater.eof:
        raise TruncatedFile(path, "truncated gzip file (the compressed stream ends early)")


def _twice_gunzipped(chunks: Iterator[bytes], path: str) -> Iterator[bytes]:
    """A gzip stream's bytes, gunzipped again when they are gzip data too: a .jsonl.gz file that a server sent
    with "Content-Encoding: gzip" (a CDN's or bucket's setting), kept as sent (before, "not UTF-8 text")."""
    first = next(chunks, b"")
    if not first.startswith(GZIP_MAGIC):
        if first:
            yield first
        yield from chunks
        return
    yield from _gunzipped(first, lambda: next(chunks, b""), path)


def _unpacked(data: bytes, read: Callable[[], bytes], path: str) -> Iterator[bytes]:
    """xz or bzip2 data decompressed _INFLATE_SIZE bytes at a time; streams written one after another (as
    pbzip2 and pixz write them) are read one after another."""
    import bz2
    import lzma

    kind, new = ("xz", lzma.LZMADecompressor) if data.startswith(_XZ_MAGIC) else ("bzip2", bz2.BZ2Decompressor)
    unpacker = new()
    while True:
        try:
            out = unpacker.decompress(data, _INFLATE_SIZE)
        except (lzma.LZMAError, OSError, EOFError) as exc:  # bz2 says "Invalid data stream" with an OSError
            raise InputError(path, f"corrupt {kind} data ({exc})") from None
        if out:
            yield out
        if unpacker.eof:
            data = unpacker.unused_data or read()
            if not data:
                return
            unpacker = new()
        elif unpacker.needs_input:
            data = read()
            if not data:
                raise TruncatedFile(path, f"truncated {kind} file (the compressed stream ends early)")
        else:  # more output is waiting for this input
            data = b""


def _unzipped(fh: Any, path: str, progress: Callable[[int], None] | None) -> Iterator[bytes]:
    """The one file of a zip archive (as MTGJSON zips its files), read _READ_SIZE bytes at a time."""
    import zipfile

    try:
        archive = zipfile.ZipFile(fh)
        files = [i for i in archive.infolist() if not i.is_dir() and not i.filename.startswith("__MACOSX/")]
        if len(files) != 1:
            names = ", ".join(i.filename for i in files[:3]) + (", ..." if len(files) > 3 else "")
            raise InputError(path, f"a zip archive of {len(files)} files ({names or 'none'}): deckcheck reads a "
                                   "zip holding one card data file")
        info = files[0]
        scale = info.compress_size / info.file_size if info.file_size else 0.0
        with archive.open(info) as member:
            while data := member.read(_READ_SIZE):
                yield data
                if progress:  # the archive's bytes, in proportion, for a bar sized by the file
                    progress(round(len(data) * scale))
    except InputError:
        raise
    except OSError as exc:
        if exc.errno not in (None, errno.EINVAL):  # the file's own (EIO), said where the file is opened
            raise
        # the archive's: a bzip2 stream's error, or a seek before the file's start where its directory points
        raise InputError(path, f"corrupt or unsupported zip archive ({exc.strerror or exc})") from None
    except zip_errors() as exc:
        raise InputError(path, f"corrupt or unsupported zip archive ({exc})") from None


class TextStream:
    """A sliding window over a file's decoded text, from which JSON values are cut one at a time."""

    def __init__(self, path: str | Path, progress: Callable[[int], None] | None = None) -> None:
        self.path = Path(path)
        self._chunks = byte_chunks(self.path, progress)
        self._utf8 = codecs.getincrementaldecoder("utf-8-sig")()
        self._decode = json.JSONDecoder().raw_decode
        self.buf = ""
        self.pos = 0
        self.consumed = 0  # characters dropped from the front of the buffer so far
        self.lines_consumed = 0  # line breaks among them
        self.bytes_read = 0  # the bytes of the chunks decoded so far (decompressed)
        self.by_line = False  # JSON Lines: a message says where by line, not by character
        self.eof = False

    # --- buffer ------------------------------------------------------------------------------
    def more(self) -> bool:
        """Append the next chunk of text to the buffer; False at the end of the file."""
        if self.eof:
            return False
        raw = b""
        try:
            raw = next(self._chunks)
            text = self._utf8.decode(raw)
        except StopIteration:
            self.eof = True
            try:
                text = self._utf8.decode(b"", final=True)
            except UnicodeDecodeError:
                raise self.error("not UTF-8 text: the file ends inside a character") from None
            if text:
                self._drop_read()
                self.buf += text
            return bool(text)
        except UnicodeDecodeError as exc:
            raise self._not_utf8(raw, exc.start) from None
        self.bytes_read += len(raw)
        self._drop_read()
        self.buf += text
        return True

    def _not_utf8(self, raw: bytes, start: int) -> InputError:
        """The error for a byte of `raw` (the chunk being decoded) that is no UTF-8: where it is, by line and
        byte; a file whose first bytes are none is most likely no card data at all."""
        line = self.lines_consumed + self.buf.count("\n") + raw.count(b"\n", 0, start) + 1
        at = self.bytes_read + start
        hint = " (is it a card data file?)" if at < 4096 else ""
        return self.error(f"not UTF-8 text: a byte that is no UTF-8 at line {line:,} (byte {at:,}){hint}")

    def _drop_read(self) -> None:
        """Drop the text read from the front of the buffer, counting its characters and line breaks."""
        if self.pos:
            self.consumed += self.pos
            self.lines_consumed += self.buf.count("\n", 0, self.pos)
            self.buf = self.buf[self.pos:]
            self.pos = 0

    def at(self, pos: int) -> str:
        """Where the buffer's `pos` is in the file, for a message: its line in JSON Lines (a value a line), else
        its character (a JSON array may be one line of 150 MB)."""
        if self.by_line:
            line = self.lines_consumed + self.buf.count("\n", 0, pos) + 1
            return f"line {line}"
        return f"character {self.consumed + pos}"

    def error(self, message: str) -> InputError:
        """An InputError naming the file, for a problem at the current position."""
        return InputError(str(self.path), message)

    def peek(self) -> str:
        """The next non-whitespace character, without consuming it ("" at the end of the file)."""
        while True:
            buf, pos, n = self.buf, self.pos, len(self.buf)
            if pos < n and buf[pos] in _WS:  # skipped by the regular expression engine: a file of gigabytes of
                pos = _BLANKS.match(buf, pos).end()  # blanks took minutes a character at a time
            self.pos = pos
            if pos < n:
                return buf[pos]
            if not self.more():
                return ""

    def take(self, expected: str) -> None:
        """Consume one expected structural character."""
        if self.peek() != expected:
            got = self.peek() or "end of file"
            raise self.error(f"invalid JSON: expected {expected!r}, found {got!r} at {self.at(self.pos)}")
        self.pos += 1

    def value(self) -> Any:
        """Decode the JSON value starting at the next non-whitespace character."""
        if not self.peek():
            raise self.error("unexpected end of file (truncated JSON)")
        while True:
            try:
                obj, end = self._decode(self.buf, self.pos)
            except ValueError as error:  # json's error, or its bare ValueError for an integer too long
                exc = json_error(error, self.buf, self.pos)
                # An error near the end of the buffer may only mean the value continues in the next
                # chunk, and so may an unterminated string (its error names where the string starts,
                # however long it is); an error well inside the buffer is broken JSON.
                cut = exc.pos >= len(self.buf) - (1 << 16) or exc.msg.startswith("Unterminated string")
                if not self.eof and cut and self._grow():
                    continue
                if self.eof and (exc.pos >= len(self.buf) - 1 or exc.msg.startswith("Unterminated string")):
                    raise self.error("unexpected end of file (truncated JSON)") from None
                where = self.at(exc.pos)
                if self.by_line and self.buf.count("\n", self.pos, exc.pos):  # a line cut off after a whole member
                    where += f", in the value that starts on {self.at(self.pos)}"  # errs where the next line begins
                raise self.error(invalid_json(exc.msg, where)) from None
            except RecursionError:  # the decoder's stack, not a size: no card nests a thousand levels deep
                raise self.error(invalid_json("a value nested too deeply", self.at(self.pos))) from None
            if end == len(self.buf) and not self.eof and self._grow():
                continue  # a number may continue in the next chunk
            self.pos = end
            return obj

    def _grow(self) -> bool:
        """More text for a value that goes on past the buffer: as much again as it has so far, so that a long
        value is decoded a few times, not once per chunk. False at the end of the file; InputError past
        MAX_VALUE_CHARS."""
        have = len(self.buf) - self.pos
        if have > MAX_VALUE_CHARS:
            raise self.error(f"a JSON value at {self.at(self.pos)} is longer than {MAX_VALUE_CHARS:,} characters: "
                             "not card data")
        grew = False
        while len(self.buf) - self.pos < min(2 * have, MAX_VALUE_CHARS + 1) and self.more():
            grew = True
        return grew or self.more()

    def first_member(self) -> tuple[str | None, str | None]:
        """The first key of the object that starts here, and its value when that is a string (else None),
        without consuming anything."""
        while len(self.buf) - self.pos < 4096 and self.more():
            pass
        m = _FIRST_MEMBER.match(self.buf, self.pos)
        return (m.group(1), m.group(2)) if m else (None, None)

    def line_is_a_value(self) -> bool:
        """Whether the line that starts here holds one JSON value and nothing else (as JSON Lines' lines do),
        without consuming anything; a line past 4,096 characters is not looked at."""
        while self.buf.find("\n", self.pos) < 0 and len(self.buf) - self.pos < 4096 and self.more():
            pass
        end = self.buf.find("\n", self.pos, self.pos + 4096)
        try:
            json.loads(self.buf[self.pos:end if end >= 0 else self.pos + 4096])
        except (ValueError, RecursionError):
            return False
        return True

    # --- structures --------------------------------------------------------------------------
    def array_items(self) -> Iterator[Any]:
        """Each value of the JSON array that starts here, decoded one at a time."""
        self.take("[")
        if self.peek() == "]":
            self.pos += 1
            return
        while True:
            yield self.value()
            c = self.peek()
            if c == ",":
                self.pos += 1
            elif c == "]":
                self.pos += 1
                return
            elif not c:
                raise self.error("unexpected end of file (truncated JSON array)")
            else:
                raise self.error(invalid_json("expected ',' or ']'", self.at(self.pos)))

    def object_keys(self) -> Iterator[str]:
        """Each key of the JSON object that starts here; the caller consumes each key's value."""
        self.take("{")
        if self.peek() == "}":
            self.pos += 1
            return
        while True:
            key = self.value()
            if not isinstance(key, str):
                raise self.error("invalid JSON: object key is not a string")
            self.take(":")
            yield key
            c = self.peek()
            if c == ",":
                self.pos += 1
            elif c == "}":
                self.pos += 1
                return
            elif not c:
                raise self.error("unexpected end of file (truncated JSON object)")
            else:
                raise self.error(invalid_json("expected ',' or '}'", self.at(self.pos)))

    def values_to_end(self) -> Iterator[Any]:
        """Every value up to the end of the file: JSON Lines (or concatenated JSON)."""
        self.by_line = True
        while self.peek():
            yield self.value()


# Events produced by iter_file: ("meta", dict, {}) once for a wrapper's meta; ("card", obj, context)
# for each card object, where context holds the list it came from ("list") and, for MTGJSON set and
# deck files, the set or deck fields read around it ("releaseDate", "code", "name").
Event = tuple[str, Any, dict[str, Any]]


def iter_file(path: str | Path, progress: Callable[[int], None] | None = None) -> Iterator[Event]:
    """Stream a card file's objects, whatever its shape: JSON array, JSON Lines, or MTGJSON wrapper
    (AllPrintings, a set file, AtomicCards, AllIdentifiers, a deck file). Raises InputError for unreadable input."""
    stream = TextStream(path, progress)
    c = stream.peek()
    if c == "[":
        for obj in stream.array_items():
            yield "card", obj, {}
    elif c == "{" and _holds_the_cards(*stream.first_member()):
        yield from _wrapper(stream)
    elif c == "{" or (c and stream.line_is_a_value()):  # JSON Lines, the first line perhaps no object (5, null)
        for obj in stream.values_to_end():
            yield "card", obj, {}
    elif not c:
        raise stream.error("empty file (no card data)")
    else:
        raise stream.error("not JSON card data (expected a JSON array, JSON Lines or an MTGJSON file)")
    if stream.peek():
        raise stream.error(f"unexpected data after the JSON value at {stream.at(stream.pos)}")


def _holds_the_cards(key: str | None, value: str | None) -> bool:
    """Whether an object whose first member is `key`: `value` is a file's wrapper around its cards, not the first
    of JSON Lines: MTGJSON's {"meta", "data"} (either first), or a Scryfall list object, which the API begins
    with "object": "list" ({"object": "list", "has_more": false, "data": [cards]}: a page of a search, saved)."""
    return key in ("meta", "data") or (key, value) == ("object", "list")


def _wrapper(stream: TextStream) -> Iterator[Event]:
    """An MTGJSON file, {"meta": {...}, "data": ...}, or a Scryfall list object (its "data" the cards, its other
    members passed over)."""
    for key in stream.object_keys():
        if key == "data":
            c = stream.peek()
            if c == "{":
                yield from _container(stream, top=True)
            elif c == "[":
                for obj in stream.array_items():
                    yield "card", obj, {"list": "data"}
            else:
                stream.value()
        elif key == "meta":
            meta = stream.value()
            yield "meta", meta if isinstance(meta, dict) else {}, {}
        else:
            stream.value()


_FIELD_NAME = re.compile(r"[a-z][A-Za-z0-9]*").fullmatch


def _container(stream: TextStream, top: bool, members: dict[str, Any] | None = None) -> Iterator[Event]:
    """An MTGJSON data object: a set or deck (card lists inside), AllPrintings (sets inside), AtomicCards
    (name -> list of face objects) or AllIdentifiers (uuid -> one printing, as a set's "cards" list holds it). A
    set's cards are held until the set closes, so each gets the set's release date, which MTGJSON writes after the
    card list.

    AtomicCards holds nothing but lists: once the object shows a set's or deck's own field (a card list, or a
    value that is no list, named in camelCase: MTGJSON writes keys sorted, a set's baseSetSize and a deck's code
    first), its other lists (a set's sealedProduct and decks) are no cards. An AtomicCards entry that is no list
    of faces (null; one face object) is reported invalid. `members`, when given, gets the object's members while
    it holds no card list: the whole of an object of fields alone (a printing), for the caller to judge."""
    context: dict[str, Any] = {}
    pending: list[tuple[str, list[Any]]] = []
    atomic = top  # AtomicCards, until a set's or deck's field says otherwise
    for key in stream.object_keys():
        c = stream.peek()
        if c == "[" and (key in CARD_LISTS or key in NON_CARD_LISTS):
            atomic = False
            if members is not None:  # a set or a deck: its fields are not wanted whole (a set's booster is big)
                members.clear()
                members = None
            pending.append((key, list(stream.array_items())))
        elif c == "[" and atomic:  # AtomicCards: {name: [face, face]}
            for obj in stream.array_items():
                if isinstance(obj, dict):
                    yield "card", obj, {"list": "atomic"}
        elif atomic and c != "{" and not _FIELD_NAME(key):
            # AtomicCards' entry that is no list of faces (null, a number): reported invalid, and the entries after
            # it still read. (A set's or deck's own fields are named in camelCase, "baseSetSize"; cards are not.)
            yield "card", stream.value(), {"list": "atomic", "entry": key}
        elif c == "{" and top and key not in ("translations", "booster", "identifiers"):
            inner: dict[str, Any] = {}
            cards = 0
            for event in _container(stream, top=False, members=inner):  # AllPrintings: {set code: set}
                cards += 1
                yield event
            if not cards and inner.get("uuid") == key:  # AllIdentifiers: {uuid: the printing of that uuid}
                yield "card", inner, {"list": "identifiers"}
            elif atomic and not cards and "layout" in inner:  # AtomicCards' entry written as one face, no list:
                yield "card", None, {"list": "atomic", "entry": key}  # reported, as a null entry is
        else:
            atomic = False
            value = stream.value()
            if members is not None:
                members[key] = value
            if key in ("releaseDate", "code", "name", "type") and isinstance(value, str):
                context[key] = value
    for key, items in pending:
        ctx = dict(context, list=key)
        for obj in items:
            yield "card", obj, ctx
