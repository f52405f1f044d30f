"""Fetching Scryfall's bulk-data index and a bulk file, politely and robustly.

Every request sends ``User-Agent: deckcheck/<version>`` and ``Accept`` (Scryfall requires both). A 429
is retried after its Retry-After (30 s when it gives none that can be read), a 5xx or a dropped connection
after an exponential backoff (the bulk-data list's answer, cut or stalled as it is read, is asked for again from its
start); a download cut off midway resumes with a Range request (or restarts when the
server ignores ranges).
"""

from __future__ import annotations

import datetime
import email.utils
import json
import math
import os
import re
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from deckcheck import __version__
from deckcheck.errors import DeckcheckError, one_line

DEFAULT_API = "https://api.scryfall.com"
#: Environment variable that overrides the API base URL (tests point it at a local server).
API_ENV = "DECKCHECK_SCRYFALL_API"
MAX_RETRY_AFTER = 120.0  # seconds; a longer Retry-After is capped
#: The wait after a 429 whose Retry-After is missing or can't be read: Scryfall blocks for 30 s after a 429.
UNTOLD_429_WAIT = 30.0
#: The most a bulk file may take when the bulk-data list gives no size (Scryfall's largest, all_cards, is
#: about 2.5 GB as a JSON array); with a size, twice it and 16 MB more (a file replaced meanwhile).
MAX_DOWNLOAD_BYTES = 4 << 30
#: The most the bulk-data list may take (Scryfall's is about 3 KB).
MAX_INDEX_BYTES = 1 << 20
#: What a failure to reach a host by its name ends with: the card data can come from a file instead.
_FILE_HINT = "`deckcheck update --file` builds the store from a file"


_T = TypeVar("_T")


class DownloadError(DeckcheckError):
    """The bulk-data index or file could not be fetched (after retries)."""


@dataclass
class BulkEntry:
    """The bulk_data object deckcheck uses: its type, date and download address."""

    type: str
    updated_at: str
    url: str
    size: int | None = None


def api_base(arg: str | None = None) -> str:
    """The API base URL: the argument, else $DECKCHECK_SCRYFALL_API, else https://api.scryfall.com."""
    return (arg or os.environ.get(API_ENV) or DEFAULT_API).rstrip("/")


class Client:
    """A requests session with Scryfall's required headers and deckcheck's retry policy."""

    def __init__(self, *, attempts: int = 5, backoff: float = 1.0, timeout: float = 60.0,
                 sleep: Callable[[float], None] = time.sleep,
                 log: Callable[[str], None] | None = None) -> None:
        import requests

        self.requests = requests
        self.session = requests.Session()
        self.session.headers.update({"User-Agent": f"deckcheck/{__version__}",
                                     "Accept": "application/json;q=0.9,*/*;q=0.8"})
        self.attempts = attempts
        self.backoff = backoff
        self.timeout = timeout
        self.sleep = sleep
        self.log = log or (lambda msg: print(f"deckcheck: {msg}", file=sys.stderr))

    def close(self) -> None:
        """Close the HTTP session."""
        self.session.close()

    def _wait(self, attempt: int, response: Any | None) -> float:
        if response is not None and response.status_code == 429:
            told = _retry_after(response.headers.get("Retry-After"))
            return min(UNTOLD_429_WAIT if told is None else told, MAX_RETRY_AFTER)
        return self.backoff * (2 ** attempt)

    def get(self, url: str, *, stream: bool = False, headers: dict[str, str] | None = None,
            passed: tuple[int, ...] = ()) -> Any:
        """GET with retries on 429, 5xx and connection errors; raises DownloadError when it gives up
        or on another 4xx, except the ``passed`` ones, which are the caller's to handle."""
        return self._get(url, stream=stream, headers=headers, passed=passed)

    def get_read(self, url: str, read: Callable[[Any], _T]) -> _T:
        """GET a small answer (the bulk-data list) and `read` its streamed response, the reading within the request's
        retries: an answer whose connection drops or stalls as it is read is asked for again from its start, as a
        request that failed is (read outside them, one cut ended the update). The response is closed after."""
        return self._get(url, stream=True, read=read)

    def _get(self, url: str, *, stream: bool = False, headers: dict[str, str] | None = None,
             passed: tuple[int, ...] = (), read: Callable[[Any], Any] | None = None) -> Any:
        """`get`, and with `read`, `get_read`."""
        requests = self.requests
        last = ""
        advice = ""  # what the last failure's message ends with, when there is something to do about it
        for attempt in range(self.attempts):
            response = None
            advice = ""
            try:
                response = self.session.get(url, stream=stream, timeout=self.timeout, headers=headers)
            except requests.exceptions.SSLError as exc:
                reason = _tls_reason(exc)
                if "eof" in str(exc).lower():  # a handshake cut short: a blip, retried
                    last = f"connection failed (SSLError: {reason})"
                elif "certificate verify failed" in str(exc).lower():  # no retry makes a certificate good
                    raise DownloadError(f"{url}: the secure connection failed ({reason}); behind a proxy that "
                                        "inspects HTTPS, name its certificate in REQUESTS_CA_BUNDLE") from None
                else:  # nor a server that speaks no TLS there (wrong version number), nor one that refuses ours
                    raise DownloadError(f"{url}: the secure connection failed ({reason})") from None
            except (requests.ConnectionError, requests.Timeout) as exc:
                unresolved = _name_not_resolved(exc)
                if unresolved is None:
                    last = f"connection failed ({type(exc).__name__})"
                elif unresolved[1]:  # no retry finds a host no name server knows (no network at all)
                    raise DownloadError(f"{url}: no such host {unresolved[0]}; no network, or the address (or the "
                                        f"proxy's) is wrong? {_FILE_HINT}") from None
                else:  # no name server answered (EAI_AGAIN): it may answer soon, or there is no network to reach it
                    last = f"the host's name could not be resolved: {unresolved[0]}"
                    advice = f"; no network? {_FILE_HINT}"
            except requests.RequestException as exc:  # not worth a retry: a malformed address, a redirect loop
                raise DownloadError(f"{url}: {type(exc).__name__}: {exc}") from None
            else:
                if response.status_code < 400 or response.status_code in passed:
                    if read is None:
                        return response
                    try:
                        return read(response)
                    except (requests.RequestException, *_protocol_errors()) as exc:  # cut or stalled midway
                        if isinstance(exc, _timeouts()):
                            last = f"no data for {self.timeout:g} s as its answer was read ({type(exc).__name__})"
                        else:
                            last = f"connection dropped as its answer was read ({type(exc).__name__})"
                    finally:
                        response.close()
                    response = None  # (an answer that came: no Retry-After of its own to wait for)
                else:
                    last = f"HTTP {response.status_code}"
                    response.close()
                    if response.status_code != 429 and response.status_code < 500:
                        raise DownloadError(f"{url}: {last}")
            if attempt + 1 < self.attempts:
                delay = self._wait(attempt, response)
                self.log(f"{url}: {last}; retrying in {delay:g} s")
                self.sleep(delay)
        raise DownloadError(f"{url}: {last} after {self.attempts} attempts{advice}")

    def bulk_entry(self, api: str, bulk_type: str = "oracle_cards") -> BulkEntry:
        """The bulk_data entry of the given type from GET {api}/bulk-data."""
        url = f"{api}/bulk-data"

        def read_whole(response: Any) -> bytes:  # (at most one byte past the most a list may take)
            try:
                return response.raw.read(MAX_INDEX_BYTES + 1, decode_content=True)
            except _decode_errors():
                encoding = one_line(response.headers.get("Content-Encoding", ""))[:40]
                raise DownloadError(f"{url}: the answer says it is {encoding}-encoded, and isn't: not a bulk-data "
                                    "list (a proxy's or portal's page?)") from None

        body = self.get_read(url, read_whole)
        if len(body) > MAX_INDEX_BYTES:
            raise DownloadError(f"{url}: the answer is longer than {MAX_INDEX_BYTES:,} bytes: "
                                "not a bulk-data list")
        try:
            index = json.loads(body)
        except (ValueError, RecursionError):  # (an array nested 100,000 deep)
            raise DownloadError(f"{url}: the answer is not JSON") from None
        from deckcheck.sources.validate import load_validator

        problem = load_validator("scryfall_bulk_data").problem(index)
        if problem:
            raise DownloadError(f"{url}: not a bulk-data list ({problem})")
        # only the entry downloaded is read: another one's odd field (a null link, a fractional size) is none of ours
        entry = next((e for e in index["data"] if e.get("type") == bulk_type), None)
        if entry is None:
            raise DownloadError(f"{url}: no {bulk_type} entry in the bulk-data list")
        link = entry.get("jsonl_download_uri") or entry.get("download_uri")
        problem = "no download link" if not link else load_validator("scryfall_bulk_entry").problem(entry)
        if problem:  # (a link is at most 2,048 characters: errors name it)
            raise DownloadError(f"{url}: its {bulk_type} entry is not a bulk-data entry ({problem})")
        when = _day_of(entry["updated_at"])
        if when is None or when > datetime.date.today() + datetime.timedelta(days=1):
            raise DownloadError(f"{url}: its {bulk_type} entry is dated {one_line(entry['updated_at'])[:40]}, "
                                f"{'no real day' if when is None else 'a day to come'}: not card data to trust")
        # the JSON Lines file comes gzipped, of compressed_size, unless a mirror serves it plain, of size: the larger
        # bounds it (bounded by compressed_size alone, a mirror's plain file was refused as too long)
        keys = ("compressed_size", "size") if entry.get("jsonl_download_uri") else ("size",)
        sizes = [s for s in map(entry.get, keys) if isinstance(s, int)]
        return BulkEntry(bulk_type, entry["updated_at"], link, max(sizes) if sizes else None)

    def download(self, url: str, dest: Path, progress: bool = False, size: int | None = None) -> Path:
        """Stream a file to ``dest``, as the server sends its bytes (gzip stays gzip). A connection
        dropped midway is resumed with a Range request, or restarted if the server ignores it. The resume
        names the first answer's ETag or Last-Modified in If-Range, so a file replaced meanwhile is sent
        whole instead of its tail being joined to the old file's head; a part starting elsewhere than asked
        is not joined either, and a file now too short for the part asked for (HTTP 416) is asked for again
        whole. A file longer than the bulk-data list's `size` allows (or than
        MAX_DOWNLOAD_BYTES) is refused as it comes, so that a broken or hostile server can't fill the disk."""
        requests = self.requests
        limit = min(2 * size + (16 << 20), MAX_DOWNLOAD_BYTES) if size else MAX_DOWNLOAD_BYTES
        done = 0
        total: int | None = None
        validator: str | None = None  # the file's version, for If-Range
        resumable = True
        bar = None
        try:
            with open(dest, "wb") as out:
                for attempt in range(self.attempts):
                    # gzip or none: the bytes are kept as sent, and the importer reads gzip (not deflate, br
                    # or zstd, which requests would otherwise offer when their packages are installed)
                    headers = {"Accept": "*/*", "Accept-Encoding": "gzip"}
                    if done and resumable:
                        headers["Range"] = f"bytes={done}-"
                        if validator:
                            headers["If-Range"] = validator
                    response = self.get(url, stream=True, headers=headers,
                                        passed=(416,) if "Range" in headers else ())
                    try:
                        if response.status_code == 416:  # the file no longer reaches byte `done`
                            resumable = False
                            raise _WrongPart(f"the server can't send bytes {done}- (HTTP 416: the file has "
                                             "changed)")
                        if "Range" in headers and response.status_code == 206:
                            content_range = response.headers.get("Content-Range")
                            if _range_start(content_range) != done:
                                resumable = False  # another part than asked: ask for the whole file
                                raise _WrongPart(f"the server sent another part than bytes {done}-")
                            if total is not None and _range_total(content_range) not in (None, total):
                                # a server that names no version (no ETag, no Last-Modified) of a file that changed
                                resumable = False
                                raise _WrongPart(f"the file is now {_range_total(content_range):,} bytes long, not "
                                                 f"{total:,}: it has changed")
                        elif done:  # the whole file again (no resume, or it has changed): start over
                            out.seek(0)
                            out.truncate()
                            done = 0
                        encoding = response.headers.get("Content-Encoding", "").strip().lower()
                        if encoding not in ("", "identity", "gzip", "x-gzip"):
                            raise DownloadError(f"{url}: the server sent the file {encoding}-encoded, which "
                                                "deckcheck can't read (it asks for gzip or none)")
                        if not done:
                            validator = _validator(response.headers)
                            length = response.headers.get("Content-Length")
                            total = _whole_number(length)
                            if total is not None and total > limit:
                                raise _too_long(url, f"announces {total:,} bytes", limit)
                            if progress and bar is None:
                                from tqdm import tqdm

                                bar = tqdm(total=total, unit="B", unit_scale=True, unit_divisor=1024,
                                           desc="download", file=sys.stderr, leave=False)
                            elif bar is not None:
                                bar.reset(total=total)
                        for chunk in response.raw.stream(1 << 16, decode_content=False):
                            done += len(chunk)
                            if done > limit:
                                raise _too_long(url, f"sent more than {limit:,} bytes", limit)
                            out.write(chunk)
                            if bar is not None:
                                bar.update(len(chunk))
                        if total is not None and done < total:
                            raise requests.ConnectionError("connection closed before the end")
                        if total is None:
                            _check_came_whole(dest, done, size, encoding)
                        return dest
                    except (_WrongPart, _CutShort, requests.ConnectionError,
                            requests.exceptions.ChunkedEncodingError, *_protocol_errors()) as exc:
                        wrong_part = isinstance(exc, _WrongPart)
                        kind = f" ({type(exc).__name__})"  # the error's own, when it tells more
                        if wrong_part or isinstance(exc, _CutShort):
                            what, kind = str(exc), ""
                        elif isinstance(exc, _timeouts()):
                            what = f"no data for {self.timeout:g} s after {done:,} bytes"
                        else:
                            what = f"connection dropped after {done:,} bytes"
                        if attempt + 1 >= self.attempts:
                            raise DownloadError(f"{url}: {what}{kind}; gave up after {self.attempts} "
                                                "attempts") from None
                        delay = self._wait(attempt, None)
                        again = "downloading it again" if wrong_part else "resuming"
                        self.log(f"{url}: {what}; {again} in {delay:g} s")
                        self.sleep(delay)
                    finally:
                        response.close()
        except OSError as exc:
            if isinstance(exc, requests.RequestException):  # requests' errors are OSErrors too
                raise
            raise DownloadError(f"{dest.parent}: can't write the download: {exc.strerror or exc}") from None
        finally:
            if bar is not None:
                bar.close()
        raise DownloadError(f"{url}: download failed")  # not reached


class _CutShort(Exception):
    """A file sent with no Content-Length, its end told only by the connection closing, that did not come whole."""


def _check_came_whole(path: Path, done: int, size: int | None, encoding: str) -> None:
    """_CutShort unless a file sent with no Content-Length came whole: gzip data must not end before its last
    member does (a cut one was built from as the cards it held), and a file sent as it is stored must be the
    bulk-data list's `size` (when it gives one). Gzip data that is corrupt otherwise came as it is: the import says
    so. A plain file of no known size is taken as it came."""
    from deckcheck.sources.jsonstream import TruncatedFile, byte_chunks
    from deckcheck.zips import GZIP_MAGIC

    with open(path, "rb") as fh:
        gzipped = fh.read(len(GZIP_MAGIC)) == GZIP_MAGIC
    if gzipped:
        try:
            for _ in byte_chunks(path, None):  # inflated to its end, as the import will
                pass
        except TruncatedFile:
            raise _CutShort(f"the gzip data ended early, after {done:,} bytes") from None
        except DeckcheckError:
            pass
    elif size is not None and encoding in ("", "identity") and done < size:
        raise _CutShort(f"the file ended after {done:,} bytes, before the {size:,} the bulk-data list gives")


def _tls_reason(exc: BaseException) -> str:
    """What a TLS failure says of itself, "certificate verify failed: self-signed certificate", without the
    connection pool's wrapping; its kind when it says nothing readable."""
    found = re.search(r"\[SSL[^\]]*\] ?([^'\"(]+)", str(exc))
    return one_line(found.group(1).strip()) if found else type(exc).__name__


def _day_of(stamp: str) -> datetime.date | None:
    """The day of an ISO 8601 time stamp ("2026-01-03T10:04:48.123+00:00", "2026-01-03"), or None when it names no
    real day ("2026-99-99")."""
    try:
        return datetime.datetime.fromisoformat(stamp.replace(" ", "T", 1)).date()
    except ValueError:
        return None


class _WrongPart(Exception):
    """A resumed download's answer is another part of the file than the one asked for, or none."""


def _validator(headers: Any) -> str | None:
    """What If-Range may name to resume this answer's file: its strong ETag, else its Last-Modified date
    (RFC 9110 13.1.5; a weak ETag can't be used)."""
    etag = headers.get("ETag")
    if etag and not etag.startswith("W/"):
        return etag
    return headers.get("Last-Modified") or None


def _name_not_resolved(exc: BaseException) -> tuple[str, bool] | None:
    """When a connection failed because a host's name could not be resolved (the proxy's, when one is set), from the
    exception's chain: the host and the resolver's words, and whether the name is unknown for good (EAI_NONAME: no
    network, no name server, or a mistyped address), not for now only (EAI_AGAIN: no name server answered, as with
    no network, or one slow for a moment: worth retrying). None for any other failure."""
    import socket

    chain: list[BaseException] = []
    while exc is not None and exc not in chain:
        chain.append(exc)
        exc = exc.__cause__ or exc.__context__
    unknown = (socket.EAI_NONAME, getattr(socket, "EAI_NODATA", None))
    failed = next((e for e in chain if isinstance(e, socket.gaierror)
                   and (e.errno in unknown or e.errno == socket.EAI_AGAIN)), None)
    if failed is None:
        return None
    named = next((m for e in chain if (m := re.search(r"Failed to resolve '([^']+)'", str(e)))), None)  # (urllib3's)
    words = failed.strerror or str(failed)
    return f"{one_line(named.group(1))} ({words})" if named else f"({words})", failed.errno in unknown


def _retry_after(header: str | None) -> float | None:
    """The seconds a Retry-After header asks to wait (RFC 9110 10.2.3: a number of seconds or an HTTP date),
    0 for a date past; None when there is none or it can't be read ("soon") or is not finite ("nan")."""
    if not header:
        return None
    try:
        seconds = float(header)
    except ValueError:
        try:
            seconds = email.utils.parsedate_to_datetime(header).timestamp() - time.time()
        except (TypeError, ValueError, OverflowError):  # neither a number nor a date
            return None
    return max(seconds, 0.0) if math.isfinite(seconds) else None


def _range_start(content_range: str | None) -> int | None:
    """The first byte of a 206 answer's part, from its Content-Range (``bytes 500-999/1000``)."""
    unit, _, spec = (content_range or "").partition(" ")
    start = spec.partition("-")[0]
    return _whole_number(start) if unit == "bytes" else None


def _range_total(content_range: str | None) -> int | None:
    """The whole file's length a 206 answer gives in its Content-Range (``bytes 500-999/1000``), None for ``*``."""
    return _whole_number((content_range or "").rpartition("/")[2])


def _whole_number(text: str | None) -> int | None:
    """A header's count of bytes ("1000"), None for anything else: "*", or digits `int` refuses that `str.isdigit`
    takes ("²", which raised ValueError)."""
    return int(text) if text and text.isascii() and text.isdigit() else None


def _too_long(url: str, what: str, limit: int) -> DownloadError:
    return DownloadError(f"{url}: the server {what}, and at most {limit:,} were expected; download stopped")


def _timeouts() -> tuple[type[BaseException], ...]:
    """A read that waited `timeout` seconds for bytes that never came, as requests or urllib3 raise it."""
    import requests
    import urllib3.exceptions

    return (requests.exceptions.Timeout, urllib3.exceptions.ReadTimeoutError)


def _decode_errors() -> tuple[type[BaseException], ...]:
    """An answer whose Content-Encoding its bytes don't bear out, as urllib3 (or requests) raises it."""
    import urllib3.exceptions

    return (urllib3.exceptions.DecodeError,)


def _protocol_errors() -> tuple[type[BaseException], ...]:
    import urllib3.exceptions

    return (urllib3.exceptions.ProtocolError, urllib3.exceptions.ReadTimeoutError,
            urllib3.exceptions.IncompleteRead)
