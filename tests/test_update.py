"""`deckcheck update`, end to end through main(), against a real HTTP server on 127.0.0.1 serving a
bulk-data index and bulk files made from ../shared/data (no mocks of requests)."""

from __future__ import annotations

import contextlib
import gzip
import hashlib
import json
import os
import re
import signal
import sqlite3
import subprocess
import sys
import threading
import time
import zlib
from collections import deque
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from deckcheck import __version__
from deckcheck.cli import main
from deckcheck.sources.download import Client
from deckcheck.sources.validate import MAX_PROBLEM
from deckcheck.store import STORE_FILE, CardStore, DamagedStore

from check_support import hearing_ctrl_c

pytestmark = pytest.mark.shared
PROJECT = Path(__file__).resolve().parent.parent
UPDATED_AT = "2025-12-01T10:00:00.000+00:00"
ONLINE_CARDS = 685  # cards in the served bulk file (layout fixtures + both 2025 files; no dungeon)
LOCAL_CARDS = 629  # cards in the two 2025 files


class FakeScryfall:
    """A scripted bulk-data server: each path has a queue of failures to serve before it behaves."""

    def __init__(self, bulk: bytes) -> None:
        self.bulk = bulk
        self.updated_at = UPDATED_AT
        self.failures: dict[str, deque] = {"/bulk-data": deque(), "/files/oracle.jsonl.gz": deque()}
        self.requests: list[tuple[str, dict[str, str]]] = []
        self.honour_range = True
        self.send_etag = True  # False: the file's answers name no version, so a resume can't send If-Range
        self.replacement: bytes | None = None  # set: the bulk file served from the middle of a "cut" on
        self.stall = threading.Event()  # set: the file download hangs after half the body
        self.stalling = threading.Event()  # set by the server once it hangs
        self.bulk_cut_whole = False  # True: "cut, no length" sends the whole file
        outer = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args):  # keep pytest output clean
                pass

            def do_GET(self):
                outer.requests.append((self.path, dict(self.headers)))
                queue = outer.failures.get(self.path)
                action = queue.popleft() if queue else None
                if action == "500":
                    return self._send(500, b'{"object": "error"}')
                if isinstance(action, tuple) and action[0] == "429":
                    return self._send(429, b'{"object": "error"}', {"Retry-After": str(action[1])})
                if action == "404":
                    return self._send(404, b"{}")
                if self.path == "/bulk-data":
                    if action == "garbage":
                        return self._send(200, b"<html>maintenance</html>")
                    if action == "nested":  # JSON's arrays too deep for Python's decoder
                        return self._send(200, b"[" * 100_000 + b"]" * 100_000)
                    if action == "mislabelled":  # said to be gzipped, and plain: a proxy's or portal's doing
                        return self._send(200, json.dumps(outer.index()).encode(), {"Content-Encoding": "gzip"})
                    if action in ("cut", "stall"):  # the answer stops halfway: its connection closed, or left open
                        body = json.dumps(outer.index()).encode()
                        self.send_response(200)
                        self.send_header("Content-Length", str(len(body)))
                        self.end_headers()
                        self.wfile.write(body[: len(body) // 2])
                        self.wfile.flush()
                        if action == "stall":
                            time.sleep(30)
                        self.close_connection = True
                        return None
                    if action == "endless":  # an answer that never ends
                        self.send_response(200)
                        self.send_header("Connection", "close")
                        self.end_headers()
                        self.close_connection = True
                        with contextlib.suppress(OSError):
                            while True:
                                self.wfile.write(b"[" * 65536)
                        return None
                    return self._send(200, json.dumps(outer.index()).encode())
                if self.path == "/files/oracle.jsonl.gz":
                    body = outer.bulk
                    etag = '"%s"' % hashlib.sha256(body).hexdigest()[:16]
                    start = 0
                    rng = self.headers.get("Range")
                    if_range = self.headers.get("If-Range")
                    if rng and outer.honour_range and action is None and if_range in (None, etag):
                        start = int(rng.split("=")[1].split("-")[0])
                        if start >= len(body):  # the file has become shorter than the part asked for
                            return self._send(416, b"", {"Content-Range": f"bytes */{len(body)}"})
                    if rng and action == "wrong part":  # a part from the start, whatever was asked
                        return self._send(206, body, {"Content-Range": f"bytes 0-{len(body) - 1}/{len(body)}"})
                    if rng and action == "odd range":  # digits int() refuses, which str.isdigit() takes
                        return self._send(206, body[start:], {"Content-Range": "bytes \u00b2-\u00b3/\u00b9"})
                    if action == "odd length":  # a Content-Length of such digits, its end told by the closing
                        self.send_response(200)
                        self.send_header("Content-Length", "\u00b2")
                        self.send_header("Connection", "close")
                        self.end_headers()
                        self.wfile.write(body)
                        self.close_connection = True
                        return None
                    if action == "deflate":  # an encoding deckcheck did not ask for
                        return self._send(200, zlib.compress(body), {"Content-Encoding": "deflate"})
                    if action in ("endless", "huge"):  # no end in sight, or a length far past the list's
                        self.send_response(200)
                        if action == "huge":
                            self.send_header("Content-Length", str(10**12))
                        self.send_header("Connection", "close")
                        self.end_headers()
                        self.close_connection = True
                        with contextlib.suppress(OSError):  # until deckcheck hangs up
                            while True:
                                self.wfile.write(body or b"x" * 65536)
                        return None
                    if action == "cut, no length":  # its end told by the connection closing, which comes early
                        self.send_response(200)
                        self.send_header("Connection", "close")
                        self.end_headers()
                        cut = body.find(b"\n", len(body) * 2 // 3) + 1 or len(body) // 2  # a whole line, if lines
                        if outer.bulk_cut_whole:
                            cut = len(body)
                        self.wfile.write(body[:cut])
                        self.close_connection = True
                        return None
                    if action == "cut" or outer.stall.is_set():
                        self.send_response(200)
                        self.send_header("Content-Length", str(len(body)))
                        self.send_header("Accept-Ranges", "bytes")
                        if outer.send_etag:
                            self.send_header("ETag", etag)
                        self.end_headers()
                        self.wfile.write(body[: len(body) // 2])
                        self.wfile.flush()
                        if outer.replacement is not None:  # the file is replaced while it is sent
                            outer.bulk, outer.replacement = outer.replacement, None
                        if outer.stall.is_set():
                            outer.stalling.set()
                            time.sleep(30)
                        self.close_connection = True
                        return None
                    if start:
                        return self._send(206, body[start:], {
                            "Content-Range": f"bytes {start}-{len(body) - 1}/{len(body)}"})
                    return self._send(200, body, {"Accept-Ranges": "bytes", "ETag": etag,
                                                  "Content-Type": "application/gzip"})
                return self._send(404, b"{}")

            def _send(self, code, body, headers=None):
                self.send_response(code)
                self.send_header("Content-Length", str(len(body)))
                for k, v in (headers or {}).items():
                    self.send_header(k, v)
                self.end_headers()
                self.wfile.write(body)

        class Server(ThreadingHTTPServer):
            def handle_error(self, request, client_address):
                pass  # a client hanging up mid-answer is part of these tests; keep stderr for deckcheck

        self.server = Server(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def index(self) -> dict:
        return {"object": "list", "has_more": False, "data": [
            {"object": "bulk_data", "type": "rulings", "updated_at": self.updated_at,
             "jsonl_download_uri": f"{self.url}/files/rulings.jsonl.gz", "name": "Rulings"},
            {"object": "bulk_data", "type": "oracle_cards", "updated_at": self.updated_at,
             "jsonl_download_uri": f"{self.url}/files/oracle.jsonl.gz", "name": "Oracle Cards",
             "compressed_size": len(self.bulk)},
        ]}

    def paths(self) -> list[str]:
        return [p for p, _ in self.requests]


@pytest.fixture(scope="module")
def bulk_bytes(shared_data: Path) -> bytes:
    """A gzipped JSON Lines oracle file made of real Scryfall objects (several files' worth)."""
    objs = []
    for name in ("layout-fixtures.json", "cards-2025-11-recorded.json", "cards-2025-12-collection.json"):
        objs += json.loads((shared_data / "scryfall" / name).read_text(encoding="utf-8"))
    return gzip.compress("".join(json.dumps(o) + "\n" for o in objs).encode(), mtime=0)


@pytest.fixture
def server(bulk_bytes, monkeypatch):
    fake = FakeScryfall(bulk_bytes)
    fake.thread.start()
    monkeypatch.setenv("DECKCHECK_SCRYFALL_API", fake.url)
    monkeypatch.setenv("DECKCHECK_HTTP_BACKOFF", "0.05")
    yield fake
    fake.stall.clear()
    fake.server.shutdown()
    fake.server.server_close()


@pytest.fixture
def old_store(shared_data, tmp_path) -> tuple[Path, str]:
    """A data dir with a store built from local files; returns (dir, sha256 of the store file)."""
    data_dir = tmp_path / "data"
    code = main(["update", "--file", str(shared_data / "scryfall" / "layout-fixtures.json"),
                 "--data-dir", str(data_dir)])
    assert code == 0
    return data_dir, _digest(data_dir)


def _digest(data_dir: Path) -> str:
    return hashlib.sha256((data_dir / STORE_FILE).read_bytes()).hexdigest()


def _store_meta(data_dir: Path) -> dict:
    store = CardStore.open_file(data_dir / STORE_FILE)
    try:
        return dict(store.meta), len(store)
    finally:
        store.close()


def _leftovers(data_dir: Path) -> list[str]:
    return sorted(p.name for p in data_dir.iterdir() if p.name != STORE_FILE)


# --- success ----------------------------------------------------------------------------------------

def test_online_update_builds_store_and_sends_headers(server, old_store, capsys):
    data_dir, before = old_store
    assert main(["update", "--data-dir", str(data_dir)]) == 0
    out = capsys.readouterr().out
    assert "cards from 966 objects" in out and "invalid objects skipped: 0" in out
    assert "skipped (not deck cards): 26" in out  # (the fixtures' dungeon of layout "normal" among them)
    meta, count = _store_meta(data_dir)
    assert meta["updated_at"] == UPDATED_AT
    assert meta["source"] == "Scryfall oracle_cards"
    assert count == ONLINE_CARDS
    assert _digest(data_dir) != before
    assert server.paths() == ["/bulk-data", "/files/oracle.jsonl.gz"]
    for _, headers in server.requests:
        assert headers["User-Agent"] == f"deckcheck/{__version__}"
        assert headers["Accept"]
    assert "application/json" in server.requests[0][1]["Accept"]
    assert server.requests[1][1]["Accept-Encoding"] == "gzip"  # what the importer reads, kept as sent
    assert _leftovers(data_dir) == []



def test_a_card_released_since_the_data_is_told_by_the_data_s_own_date(server, old_store, shared_data, tmp_path,
                                                                     capsys):
    """Fire Nation Turret (released 2025-11-21) is not legal in the served objects, recorded before its
    release. Downloaded on 2025-12-01, the data speaks for that day, after the release: not-legal. Imported
    from the same objects' file, the data's date is its newest release, 2025-11-21: the card may have been
    released since, a warning (`released-since-data`); checked as of the day before, not-legal."""
    data_dir, _ = old_store
    deck = tmp_path / "deck.txt"
    deck.write_text("1 Fire Nation Turret\n", encoding="utf-8")

    def codes(*options: str) -> list[tuple[str, str]]:
        main(["check", "--format", "json", "--data-dir", str(data_dir), *options, str(deck)])
        report = json.loads(capsys.readouterr().out)["decks"][0]
        return [(v["code"], v["message"]) for v in report["violations"] if "Fire Nation Turret" in v["cards"]]

    def legalities_date() -> str | None:
        capsys.readouterr()  # the update's summary
        with CardStore.open_file(data_dir / STORE_FILE) as store:
            return store.legalities_date

    assert main(["update", "--data-dir", str(data_dir)]) == 0
    assert legalities_date() == "2025-12-01"
    assert [code for code, _ in codes()] == ["not-legal"]
    collection = shared_data / "scryfall" / "cards-2025-12-collection.json"
    assert main(["update", "--file", str(collection), "--force", "--data-dir", str(data_dir)]) == 0
    assert legalities_date() == "2025-11-21"
    assert [code for code, _ in codes()] == ["released-since-data"]
    assert codes("--as-of", "2025-11-20") == [
        ("not-legal", "Fire Nation Turret is not legal in Commander before its release on 2025-11-21 (checked "
                      "as of 2025-11-20)")]

def test_skip_download_when_unchanged(server, old_store, capsys):
    data_dir, _ = old_store
    assert main(["update", "--data-dir", str(data_dir)]) == 0
    built = _digest(data_dir)
    capsys.readouterr()
    assert main(["update", "--data-dir", str(data_dir)]) == 0
    assert "up to date" in capsys.readouterr().out
    assert server.paths() == ["/bulk-data", "/files/oracle.jsonl.gz", "/bulk-data"]
    assert _digest(data_dir) == built
    server.updated_at = "2025-12-02T10:00:00.000+00:00"  # a new version: downloaded again
    assert main(["update", "--data-dir", str(data_dir)]) == 0
    assert server.paths()[-1] == "/files/oracle.jsonl.gz"
    assert _store_meta(data_dir)[0]["updated_at"] == server.updated_at


def test_a_damaged_store_of_the_same_version_is_downloaded_again(server, old_store, capsys):
    """A store whose card blob is damaged opens and answers most names; "up to date" would keep it for good."""
    data_dir, _ = old_store
    assert main(["update", "--data-dir", str(data_dir)]) == 0
    con = sqlite3.connect(data_dir / STORE_FILE)
    con.execute("UPDATE cards SET data = randomblob(100) WHERE id = 1")
    con.commit()
    con.close()
    capsys.readouterr()
    assert main(["update", "--data-dir", str(data_dir)]) == 0
    out, err = capsys.readouterr()
    assert "up to date" not in out and err.count("\n") == 1
    assert err.startswith(f"deckcheck: {data_dir / STORE_FILE}: the card store is damaged (")
    assert err.endswith("); downloading it again\n")
    assert server.paths().count("/files/oracle.jsonl.gz") == 2
    store = CardStore.open_file(data_dir / STORE_FILE)
    store.verify()  # whole again
    store.close()


def test_force_downloads_anyway(server, old_store):
    data_dir, _ = old_store
    assert main(["update", "--data-dir", str(data_dir)]) == 0
    assert main(["update", "--force", "--data-dir", str(data_dir)]) == 0
    assert server.paths().count("/files/oracle.jsonl.gz") == 2


def test_http_500_then_success(server, old_store):
    data_dir, _ = old_store
    server.failures["/bulk-data"].extend(["500", "500"])
    server.failures["/files/oracle.jsonl.gz"].append("500")
    assert main(["update", "--data-dir", str(data_dir)]) == 0
    assert server.paths() == ["/bulk-data"] * 3 + ["/files/oracle.jsonl.gz"] * 2
    assert _store_meta(data_dir)[0]["updated_at"] == UPDATED_AT


def test_429_honours_retry_after(server, old_store, capsys):
    data_dir, _ = old_store
    server.failures["/bulk-data"].append(("429", 1))
    start = time.monotonic()
    assert main(["update", "--data-dir", str(data_dir)]) == 0
    assert time.monotonic() - start >= 1.0  # waited as told, not the 0.05 s backoff
    assert "HTTP 429; retrying in 1 s" in capsys.readouterr().err
    assert server.paths()[:2] == ["/bulk-data", "/bulk-data"]


@pytest.mark.parametrize("header", ["soon", "nan", "inf", "Thu, 99 Foo 2025 99:99:99 GMT"])
def test_a_retry_after_that_can_t_be_read_is_ignored(server, header):
    """A Retry-After neither seconds nor a date ("soon") raised ValueError from the date parser, and "nan"
    reached time.sleep, which raised it: a traceback instead of an update. Such a header is ignored: the
    wait is that of a 429 without one, Scryfall's 30 s (slept here by a recorder, not for real)."""
    server.failures["/bulk-data"].append(("429", header))
    waits: list[float] = []
    said: list[str] = []
    client = Client(backoff=0.05, sleep=waits.append, log=said.append)
    try:
        entry = client.bulk_entry(server.url)
    finally:
        client.close()
    assert entry.url == f"{server.url}/files/oracle.jsonl.gz"
    assert waits == [30.0]
    assert said == [f"{server.url}/bulk-data: HTTP 429; retrying in 30 s"]


@pytest.mark.parametrize("honour_range", [True, False], ids=["resume", "restart"])
def test_connection_cut_mid_download(server, old_store, honour_range, capsys):
    data_dir, _ = old_store
    server.honour_range = honour_range
    server.failures["/files/oracle.jsonl.gz"].append("cut")
    assert main(["update", "--data-dir", str(data_dir)]) == 0
    assert "connection dropped after" in capsys.readouterr().err
    file_requests = [h for p, h in server.requests if p == "/files/oracle.jsonl.gz"]
    assert len(file_requests) == 2
    assert file_requests[1]["Range"] == f"bytes={len(server.bulk) // 2}-"
    meta, count = _store_meta(data_dir)
    assert meta["updated_at"] == UPDATED_AT and count == ONLINE_CARDS
    assert _leftovers(data_dir) == []


def test_a_file_replaced_mid_download_is_downloaded_whole(server, old_store, shared_data, capsys):
    """Scryfall replaces its bulk files every day: a resume names the first answer's ETag in If-Range, so a
    file replaced meanwhile comes whole instead of its tail being joined to the old file's head."""
    data_dir, _ = old_store
    objs = json.loads((shared_data / "scryfall" / "layout-fixtures.json").read_text(encoding="utf-8"))
    server.replacement = gzip.compress("".join(json.dumps(o) + "\n" for o in objs).encode(), mtime=0)
    first_etag = '"%s"' % hashlib.sha256(server.bulk).hexdigest()[:16]
    server.failures["/files/oracle.jsonl.gz"].append("cut")
    capsys.readouterr()
    assert main(["update", "--data-dir", str(data_dir)]) == 0
    file_requests = [h for p, h in server.requests if p == "/files/oracle.jsonl.gz"]
    assert len(file_requests) == 2
    assert file_requests[1]["If-Range"] == first_etag
    assert f" cards from {len(objs)} objects" in capsys.readouterr().out  # the new file, whole


def test_a_file_replaced_by_a_shorter_one_is_downloaded_whole(server, old_store, shared_data, capsys):
    """With no ETag to name in If-Range, a resume of a file replaced by a shorter one gets HTTP 416."""
    data_dir, _ = old_store
    server.send_etag = False
    objs = json.loads((shared_data / "scryfall" / "layout-fixtures.json").read_text(encoding="utf-8"))[:3]
    server.replacement = gzip.compress("".join(json.dumps(o) + "\n" for o in objs).encode(), mtime=0)
    half = len(server.bulk) // 2
    assert len(server.replacement) < half
    server.failures["/files/oracle.jsonl.gz"].append("cut")
    capsys.readouterr()
    assert main(["update", "--force", "--data-dir", str(data_dir)]) == 0  # --force: 3 cards replace the store
    out, err = capsys.readouterr()
    assert "HTTP 416: the file has changed" in err
    file_requests = [h for p, h in server.requests if p == "/files/oracle.jsonl.gz"]
    assert [h.get("Range") for h in file_requests] == [None, f"bytes={half}-", None]
    assert "If-Range" not in file_requests[1]
    assert f" cards from {len(objs)} objects" in out


def test_a_file_replaced_by_a_longer_one_with_no_version_named_is_downloaded_whole(server, old_store, shared_data,
                                                                                   capsys):
    """With no ETag or Last-Modified, a resume can't name the file's version: a file replaced by a longer one sent
    its tail from the asked byte on, joined to the old file's head (a corrupt gzip, blamed on the data). The
    206 answer's Content-Range gives the file's new length: a changed file is asked for whole."""
    data_dir, _ = old_store
    server.send_etag = False
    objs = json.loads((shared_data / "scryfall" / "layout-fixtures.json").read_text(encoding="utf-8"))
    longer = gzip.compress(gzip.decompress(server.bulk) + "".join(json.dumps(o) + "\n" for o in objs).encode(),
                           mtime=0)
    original = server.bulk
    assert len(longer) > len(original)
    server.replacement = longer
    server.failures["/files/oracle.jsonl.gz"].append("cut")
    capsys.readouterr()
    assert main(["update", "--data-dir", str(data_dir)]) == 0
    out, err = capsys.readouterr()
    assert f"the file is now {len(longer):,} bytes long, not {len(original):,}: it has changed" in err
    file_requests = [h for p, h in server.requests if p == "/files/oracle.jsonl.gz"]
    assert [h.get("Range") for h in file_requests] == [None, f"bytes={len(original) // 2}-", None]
    assert f" cards from {len(gzip.decompress(longer).splitlines())} objects" in out  # the new file, whole
    assert _leftovers(data_dir) == []


def test_a_bulk_data_list_said_gzipped_that_is_not_is_one_line(server, old_store, capsys):
    data_dir, before = old_store
    server.failures["/bulk-data"].append("mislabelled")
    assert main(["update", "--data-dir", str(data_dir)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "/bulk-data: the answer says it is gzip-encoded, and isn't" in err
    assert _digest(data_dir) == before


@pytest.mark.parametrize("path, actions, code, said", [
    ("/bulk-data", ["nested"], 2, "/bulk-data: the answer is not JSON"),
    ("/files/oracle.jsonl.gz", ["odd length"], 0, ""),
    ("/files/oracle.jsonl.gz", ["cut", "odd range"], 0, "the server sent another part than bytes"),
])
def test_odd_numbers_and_nesting_in_a_server_s_answers_are_one_line_not_a_traceback(server, old_store, capsys, path,
                                                                                    actions, code, said):
    """A hardening review: a bulk-data list of arrays nested 100,000 deep raised RecursionError, and a Content-Length
    or Content-Range of digits `int` refuses ("\u00b2", which `str.isdigit` takes) ValueError, each a traceback. The
    first is "not JSON"; such a length is no length, and such a part none that fits."""
    data_dir, before = old_store
    server.failures[path].extend(actions)
    assert main(["update", "--data-dir", str(data_dir)]) == code
    err = capsys.readouterr().err
    assert said in err and "Traceback" not in err
    if code:
        assert _digest(data_dir) == before and err.count("\n") == 1
    else:
        assert _store_meta(data_dir)[1] == ONLINE_CARDS


def test_a_resumed_part_that_starts_elsewhere_is_not_joined(server, old_store, capsys):
    data_dir, _ = old_store
    server.failures["/files/oracle.jsonl.gz"].extend(["cut", "wrong part"])
    assert main(["update", "--data-dir", str(data_dir)]) == 0, capsys.readouterr().err
    assert f"the server sent another part than bytes {len(server.bulk) // 2}-" in capsys.readouterr().err
    file_requests = [h for p, h in server.requests if p == "/files/oracle.jsonl.gz"]
    assert [h.get("Range") for h in file_requests] == [None, f"bytes={len(server.bulk) // 2}-", None]
    meta, count = _store_meta(data_dir)
    assert meta["updated_at"] == UPDATED_AT and count == ONLINE_CARDS
    assert _leftovers(data_dir) == []


def test_a_bulk_data_list_cut_as_it_is_read_is_asked_for_again(server, old_store, capsys):
    """The bulk-data list's answer was read outside the request's retries: one connection cut as it came ended the
    update ("connection dropped (ProtocolError)"). It is asked for again, as a request that failed is."""
    data_dir, _ = old_store
    server.failures["/bulk-data"].append("cut")
    assert main(["update", "--data-dir", str(data_dir)]) == 0
    err = capsys.readouterr().err
    assert err == (f"deckcheck: {server.url}/bulk-data: connection dropped as its answer was read (ProtocolError); "
                   "retrying in 0.05 s\n")
    assert server.paths() == ["/bulk-data", "/bulk-data", "/files/oracle.jsonl.gz"]
    meta, count = _store_meta(data_dir)
    assert meta["updated_at"] == UPDATED_AT and count == ONLINE_CARDS


def test_a_bulk_data_list_that_stalls_as_it_is_read_is_asked_for_again_saying_so(server):
    """A bulk-data list's answer that stopped coming was "connection dropped (ReadTimeoutError)", once, though nothing
    dropped: said now as a stalled download is, and asked for again; the retries' end says it too."""
    server.failures["/bulk-data"].append("stall")
    said: list[str] = []
    client = Client(attempts=2, backoff=0, timeout=1, sleep=lambda _: None, log=said.append)
    url = f"{server.url}/bulk-data"
    try:
        assert client.bulk_entry(server.url).url == f"{server.url}/files/oracle.jsonl.gz"
        assert said == [f"{url}: no data for 1 s as its answer was read (ReadTimeoutError); retrying in 0 s"]
        server.failures["/bulk-data"].extend(["stall", "stall"])
        with pytest.raises(Exception) as caught:
            client.bulk_entry(server.url)
    finally:
        client.close()
    assert str(caught.value) == f"{url}: no data for 1 s as its answer was read (ReadTimeoutError) after 2 attempts"


# --- failures: the old store survives ------------------------------------------------------------------

@pytest.mark.parametrize("failure,path", [
    ("500", "/bulk-data"),
    ("500", "/files/oracle.jsonl.gz"),
    ("cut", "/files/oracle.jsonl.gz"),
    ("404", "/bulk-data"),
    ("garbage", "/bulk-data"),
])
def test_failures_keep_old_store(server, old_store, failure, path, capsys):
    data_dir, before = old_store
    server.failures[path].extend([failure] * 10)
    assert main(["update", "--data-dir", str(data_dir)]) == 2
    err = capsys.readouterr().err
    assert err.strip().splitlines()[-1].startswith("deckcheck: error: ")
    assert "Traceback" not in err
    assert _digest(data_dir) == before
    assert _leftovers(data_dir) == []


def test_a_bulk_data_list_dated_with_no_date_is_refused_and_one_without_sizes_is_taken(server, old_store, capsys):
    """The list's updated_at was stored and shown as it came ("soon\\nforged line" printed a line of its own in
    `deckcheck info`); it must be a timestamp, of a real day not to come. A size given as null refused the whole list;
    it is no size. Only the entry downloaded is checked: another one's null link refused every update."""
    data_dir, before = old_store
    server.updated_at = "soon\nforged line"
    assert main(["update", "--data-dir", str(data_dir)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"deckcheck: error: {server.url}/bulk-data: its oracle_cards entry is not a bulk-data "
                          "entry (") and err.count("\n") == 1
    assert "updated_at" in err and _digest(data_dir) == before
    # a time stamp of no real day, or of a day to come, was stored and shown ("data as of 2026-99-99T99:99:99Z")
    for stamp, said in [("2026-99-99T99:99:99Z", "no real day"), ("2999-01-01T00:00:00Z", "a day to come")]:
        server.updated_at = stamp
        assert main(["update", "--data-dir", str(data_dir)]) == 2
        assert capsys.readouterr().err == (f"deckcheck: error: {server.url}/bulk-data: its oracle_cards entry is dated "
                                           f"{stamp}, {said}: not card data to trust\n")
        assert _digest(data_dir) == before
    server.updated_at = UPDATED_AT
    sized = server.index

    def unsized():
        listing = sized()
        for entry in listing["data"]:
            entry["compressed_size"] = None
        return listing

    server.index = unsized
    assert main(["update", "--data-dir", str(data_dir)]) == 0
    assert _store_meta(data_dir)[0]["updated_at"] == UPDATED_AT

    def with_an_odd_other_entry():  # an entry deckcheck does not download, with a null link and a fractional size
        listing = sized()
        listing["data"].append({"object": "bulk_data", "type": "rulings", "updated_at": UPDATED_AT,
                                "jsonl_download_uri": None, "download_uri": f"{server.url}/files/rulings.json",
                                "size": 123, "compressed_size": 12.5})
        return listing

    server.index = with_an_odd_other_entry  # it refused the whole list
    assert main(["update", "--force", "--data-dir", str(data_dir)]) == 0


@pytest.mark.parametrize("gzipped", [True, False])
def test_a_file_cut_with_no_length_is_resumed_not_built_from(server, old_store, capsys, gzipped):
    """A file sent with no Content-Length, its end told only by the connection closing, and closed early (after
    whole lines): the store was built from the cards that came (13,270 of 19,767, over the half-size guard) and the
    next update said it was up to date. A gzip file must now end its last member, and a plain one be the size the
    bulk-data list gives; else the download resumes."""
    data_dir, _ = old_store
    if not gzipped:
        server.bulk = gzip.decompress(server.bulk)
    server.failures["/files/oracle.jsonl.gz"].append("cut, no length")
    assert main(["update", "--data-dir", str(data_dir)]) == 0
    err = capsys.readouterr().err
    said = ("the gzip data ended early, after " if gzipped else
            f"bytes, before the {len(server.bulk):,} the bulk-data list gives; resuming")
    assert said in err and "resuming" in err
    assert _store_meta(data_dir)[1] == ONLINE_CARDS


def test_a_whole_file_with_no_length_that_is_corrupt_is_said_so_at_once(server, old_store, capsys):
    """Gzip data sent whole with no Content-Length but corrupt (a bad checksum) is no cut download: it was taken
    for one, downloaded five times and said to be a dropped connection. It is now the import's one line."""
    data_dir, before = old_store
    body = bytearray(server.bulk)
    body[-8] ^= 0xFF  # the CRC of the (only) member
    server.bulk = bytes(body)
    server.failures["/files/oracle.jsonl.gz"].append("cut, no length")  # (whole: the cut falls after its last line)
    server.bulk_cut_whole = True
    assert main(["update", "--data-dir", str(data_dir)]) == 2
    err = capsys.readouterr().err
    assert "corrupt gzip data" in err and "resuming" not in err and err.count("\n") == 1
    assert _digest(data_dir) == before


def test_a_file_sent_in_an_encoding_not_asked_for_is_refused_saying_so(server, old_store, capsys):
    """A server (or a proxy) that answers with Content-Encoding: deflate: the file was saved as sent and failed as
    "not UTF-8 text (is it a card data file?)". deckcheck asks for gzip or nothing, and says what it got."""
    data_dir, before = old_store
    server.failures["/files/oracle.jsonl.gz"].append("deflate")
    assert main(["update", "--data-dir", str(data_dir)]) == 2
    assert capsys.readouterr().err == (f"deckcheck: error: {server.url}/files/oracle.jsonl.gz: the server sent the "
                                       "file deflate-encoded, which deckcheck can't read (it asks for gzip or none)\n")
    assert _digest(data_dir) == before and _leftovers(data_dir) == []


def test_truncated_bulk_file_keeps_old_store(server, old_store, capsys):
    data_dir, before = old_store
    server.bulk = server.bulk[: len(server.bulk) // 3]  # a complete download of a truncated gzip
    assert main(["update", "--data-dir", str(data_dir)]) == 2
    err = capsys.readouterr().err
    assert "truncated gzip" in err and "/files/oracle.jsonl.gz" in err
    assert _digest(data_dir) == before
    assert _leftovers(data_dir) == []


@pytest.mark.parametrize("action", ["endless", "huge"])
def test_a_server_that_never_stops_sending_can_t_fill_the_disk(server, old_store, capsys, action):
    """A bulk file that never ends (or announces a terabyte) is stopped once past twice the size the
    bulk-data list gave (and 16 MB more); before, it was written until the disk was full."""
    data_dir, before = old_store
    server.failures["/files/oracle.jsonl.gz"].append(action)
    assert main(["update", "--data-dir", str(data_dir)]) == 2
    err = capsys.readouterr().err
    limit = 2 * len(server.bulk) + (16 << 20)
    what = "sent more than" if action == "endless" else "announces 1,000,000,000,000 bytes"
    assert err.startswith(f"deckcheck: error: {server.url}/files/oracle.jsonl.gz: the server {what}")
    assert err.endswith(f", and at most {limit:,} were expected; download stopped\n") and err.count("\n") == 1
    assert _digest(data_dir) == before
    assert _leftovers(data_dir) == []


def test_a_bulk_data_list_that_never_ends_is_one_line_not_all_the_memory(server, old_store, capsys):
    data_dir, before = old_store
    server.failures["/bulk-data"].append("endless")
    assert main(["update", "--data-dir", str(data_dir)]) == 2
    assert capsys.readouterr().err == (f"deckcheck: error: {server.url}/bulk-data: the answer is longer than "
                                       "1,048,576 bytes: not a bulk-data list\n")
    assert _digest(data_dir) == before and _leftovers(data_dir) == []


def test_non_card_bulk_file_keeps_old_store(server, old_store, shared_data, capsys):
    data_dir, before = old_store
    server.bulk = gzip.compress((shared_data / "game-changers-2026-09.json").read_bytes())
    assert main(["update", "--data-dir", str(data_dir)]) == 2
    assert "not card data" in capsys.readouterr().err
    assert _digest(data_dir) == before


def test_a_bulk_file_of_no_deck_cards_keeps_old_store(server, old_store, shared_data, capsys):
    """Tokens, emblems and art cards only: a store of none would call every card of every deck unknown."""
    data_dir, before = old_store
    objs = json.loads((shared_data / "scryfall" / "layout-fixtures.json").read_text(encoding="utf-8"))
    tokens = [o for o in objs if o["layout"] in ("token", "double_faced_token", "emblem", "art_series")]
    server.bulk = gzip.compress("".join(json.dumps(o) + "\n" for o in tokens).encode())
    assert main(["update", "--data-dir", str(data_dir)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no cards to build a store of" in err and "left as it was" in err
    assert _digest(data_dir) == before and _leftovers(data_dir) == []


def test_a_server_that_stops_sending_is_said_to_have_stalled_after_the_bytes_it_sent(server, tmp_path):
    """A server that sent half the file, then nothing: said as "connection dropped after 0 bytes", though it had
    sent half of it and dropped nothing. Now how long nothing came, after how many bytes (counted as they come)."""
    server.stall.set()
    said: list[str] = []
    client = Client(attempts=2, backoff=0, timeout=1, sleep=lambda _: None, log=said.append)
    try:
        with pytest.raises(Exception) as caught:
            client.download(f"{server.url}/files/oracle.jsonl.gz", tmp_path / "oracle.jsonl.gz")
    finally:
        client.close()
        server.stall.clear()
    url = f"{server.url}/files/oracle.jsonl.gz"
    (told,) = said
    match = re.fullmatch(re.escape(url) + r": no data for 1 s after ([\d,]+) bytes; resuming in 0 s", told)
    assert match, told
    got = int(match.group(1).replace(",", ""))  # what was written, in reads of 64 KB
    assert len(server.bulk) // 2 - (1 << 16) < got <= len(server.bulk) // 2
    assert str(caught.value) == (f"{url}: no data for 1 s after {got:,} bytes (ReadTimeoutError); gave up after 2 "
                                 "attempts")


def test_interrupted_update_keeps_old_store(server, old_store):
    data_dir, before = old_store
    server.stall.set()
    env = dict(os.environ, PYTHONPATH=str(PROJECT))
    proc = subprocess.Popen([sys.executable, "-m", "deckcheck", "update", "--data-dir", str(data_dir)],
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=hearing_ctrl_c)
    try:
        assert server.stalling.wait(20), "the download never started"
        time.sleep(0.2)
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=20)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 130, err
    assert "Traceback" not in err
    assert _digest(data_dir) == before
    assert _leftovers(data_dir) == []


def test_a_killed_download_s_file_is_removed_by_the_next_update(server, old_store):
    """A download killed outright (SIGKILL: no clean-up runs) leaves its .download.<pid>.tmp in the data folder,
    where it stayed for ever, a bulk file's size each time. The next update removes it, as it removes the file of
    a killed build, and leaves the file of a download still running, and a build's named by a number no process
    can have (os.kill raised OverflowError for it: a traceback)."""
    data_dir, _ = old_store
    server.stall.set()
    env = dict(os.environ, PYTHONPATH=str(PROJECT))
    proc = subprocess.Popen([sys.executable, "-m", "deckcheck", "update", "--data-dir", str(data_dir)], env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        assert server.stalling.wait(20), "the download never started"
    finally:
        proc.kill()
        proc.wait(timeout=20)
    assert _leftovers(data_dir) == [f".download.{proc.pid}.tmp"]
    running = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)"])
    try:
        alive = data_dir / f".download.{running.pid}.tmp"
        alive.write_bytes(b"half a bulk file")
        no_process = data_dir / f".{STORE_FILE}.{2**63}.1.tmp"
        no_process.write_bytes(b"")
        server.stall.clear()
        assert main(["update", "--data-dir", str(data_dir)]) == 0
        assert _leftovers(data_dir) == sorted([alive.name, no_process.name])
    finally:
        running.kill()
        running.wait(timeout=20)


def _update_writing_at_most(limit: int, *args: str) -> subprocess.CompletedProcess[str]:
    """`deckcheck update ARGS` in a process that may write no file past `limit` bytes (RLIMIT_FSIZE: the
    kernel refuses the write, as a full disk does; Python ignores the SIGXFSZ that comes with it)."""
    import resource

    env = dict(os.environ, PYTHONPATH=str(PROJECT), PYTHONDONTWRITEBYTECODE="1")
    return subprocess.run([sys.executable, "-m", "deckcheck", "update", *args], env=env, capture_output=True,
                          text=True, timeout=300,
                          preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit)))


@pytest.mark.skipif(sys.platform == "win32", reason="RLIMIT_FSIZE is POSIX")
def test_a_full_disk_while_downloading_keeps_the_old_store(server, old_store):
    data_dir, before = old_store
    done = _update_writing_at_most(len(server.bulk) // 2, "--data-dir", str(data_dir))
    assert done.returncode == 2, done.stderr
    assert done.stderr == f"deckcheck: error: {data_dir}: can't write the download: File too large\n"
    assert _digest(data_dir) == before
    assert _leftovers(data_dir) == []


@pytest.mark.skipif(sys.platform == "win32", reason="RLIMIT_FSIZE is POSIX")
def test_a_full_disk_while_building_the_store_keeps_the_old_store(old_store, shared_data):
    data_dir, before = old_store
    big = shared_data / "scryfall" / "all-cards-2019.json.gz"
    done = _update_writing_at_most(512 * 1024, "--file", str(big), "--data-dir", str(data_dir))
    assert done.returncode == 2, done.stderr
    assert done.stderr.startswith(f"deckcheck: error: {data_dir / STORE_FILE}: can't write the card store: ")
    assert done.stderr.endswith("; the old store is kept\n") and done.stderr.count("\n") == 1
    assert _digest(data_dir) == before
    assert _leftovers(data_dir) == []


# --- local files --------------------------------------------------------------------------------------

def test_update_from_several_files(shared_data, tmp_path, capsys):
    data_dir = tmp_path / "d"
    files = [shared_data / "scryfall" / "cards-2025-11-recorded.json",
             shared_data / "scryfall" / "cards-2025-12-collection.json"]
    assert main(["update", *[a for f in files for a in ("--file", str(f))], "--data-dir", str(data_dir)]) == 0
    out = capsys.readouterr().out
    assert f"{LOCAL_CARDS} cards from 881 objects" in out
    meta, count = _store_meta(data_dir)
    assert meta["updated_at"] == "2025-11-21"
    assert count == LOCAL_CARDS
    assert "replaced" not in out  # there was no store
    # one --file naming several (as a shell's `--file sets/*.json` does): before, "unrecognized arguments"
    assert main(["update", "--force", "--file", *map(str, files), "--data-dir", str(tmp_path / "e")]) == 0
    assert f"{LOCAL_CARDS} cards from 881 objects" in capsys.readouterr().out


def test_an_update_says_what_it_replaced(old_store, shared_data, capsys, server):
    """A file of a few cards given by mistake (a deck's MTGJSON file is card data too) replaces the store: the
    summary says what was there, locally and online."""
    data_dir, _ = old_store
    old_meta, old_count = _store_meta(data_dir)
    capsys.readouterr()
    assert main(["update", "--file", str(shared_data / "scryfall" / "cards-2025-12-collection.json"),
                 "--data-dir", str(data_dir)]) == 0
    assert f"replaced a store of {old_count} cards (data as of {old_meta['updated_at']})" in capsys.readouterr().out
    meta, count = _store_meta(data_dir)
    assert main(["update", "--data-dir", str(data_dir)]) == 0
    assert f"replaced a store of {count} cards (data as of {meta['updated_at']})" in capsys.readouterr().out


def test_a_deck_s_file_given_for_the_card_data_keeps_the_store(shared_data, tmp_path, capsys):
    """An MTGJSON deck file is card data, but only its deck's: given in place of the whole data it replaced a
    store of 629 cards with 85, and most cards of most decks became unknown. A new store of less than half the
    old one's cards now replaces it only with --force; without, one line says so and the old store stays."""
    data_dir = tmp_path / "d"
    files = [shared_data / "scryfall" / "cards-2025-11-recorded.json",
             shared_data / "scryfall" / "cards-2025-12-collection.json"]
    assert main(["update", *[a for f in files for a in ("--file", str(f))], "--data-dir", str(data_dir)]) == 0
    before = _digest(data_dir)
    deck = shared_data / "decks" / "mtgjson-precons-2026-01" / "AbzanArmor_TDC.json.gz"
    capsys.readouterr()
    assert main(["update", "--file", str(deck), "--data-dir", str(data_dir)]) == 2
    err = capsys.readouterr().err
    assert err == (f"deckcheck: error: {deck}: 85 cards, less than half the card store's {LOCAL_CARDS}: the card "
                   "store is left as it was (a deck's or a set's file? --force replaces the store with it)\n")
    assert _digest(data_dir) == before and _leftovers(data_dir) == []
    assert main(["update", "--file", str(deck), "--force", "--data-dir", str(data_dir)]) == 0
    assert f"replaced a store of {LOCAL_CARDS} cards" in capsys.readouterr().out
    assert _store_meta(data_dir)[1] == 85


def test_a_saved_scryfall_list_imports_whichever_of_its_keys_comes_first(shared_data, tmp_path, capsys):
    """A Scryfall list object (a page of /cards/search, saved) begins as the API writes it, "object": "list"
    first: it was read as JSON Lines of one object that is no card ("none of its objects is a ... card"),
    while the same list with "data" first was imported. Both import the cards of the list, as the plain array
    of them does."""
    cards = json.loads((shared_data / "scryfall" / "cards-2025-12-collection.json").read_text(encoding="utf-8"))
    pages = {"array": cards, "api": {"object": "list", "has_more": False, "total_cards": len(cards), "data": cards},
             "data-first": {"data": cards, "object": "list", "has_more": False}}
    stored = {}
    for name, page in pages.items():
        path = tmp_path / f"{name}.json"
        path.write_text(json.dumps(page, indent=1), encoding="utf-8")
        assert main(["update", "--file", str(path), "--data-dir", str(tmp_path / name)]) == 0
        assert f"335 cards from {len(cards)} objects" in capsys.readouterr().out
        with CardStore.open_file(tmp_path / name / STORE_FILE) as store:
            stored[name] = [card.to_dict() for card in store.iter_cards()]
    assert stored["api"] == stored["data-first"] == stored["array"]


def test_an_empty_zip_is_a_zip_of_no_files(old_store, tmp_path, capsys):
    """An empty zip archive (the 22 bytes of its end record alone, as zipfile writes one) is a zip archive: update
    says it holds no file, as for a zip holding only a folder, and so do check and batch. Before, update said "not
    JSON card data", and check and batch "not a text decklist (binary data)"."""
    import zipfile

    data_dir, before = old_store
    empty, folder = tmp_path / "empty.zip", tmp_path / "folder.zip"
    zipfile.ZipFile(empty, "w").close()
    assert empty.read_bytes() == b"PK\x05\x06" + bytes(18)
    with zipfile.ZipFile(folder, "w") as archive:
        archive.writestr("cards/", "")
    said: dict[str, list[tuple[int, str]]] = {}
    for path in (empty, folder):
        for argv in (["update", "--file"], ["check"], ["batch", "--no-progress", "--format", "json"]):
            code = main([*argv, str(path), "--data-dir", str(data_dir)])
            out, err = capsys.readouterr()
            if argv[0] == "batch":
                (deck,) = json.loads(out)["decks"]
                out = deck["violations"][0]["message"]
            said.setdefault(argv[0], []).append((code, (out + err).replace(str(path), "ZIP")))
    assert said["update"] == 2 * [(2, "deckcheck: error: ZIP: a zip archive of 0 files (none): deckcheck reads a zip "
                                      "holding one card data file\n")]
    assert said["check"] == 2 * [(2, "deckcheck: error: ZIP: a zip archive, not one decklist: `deckcheck batch` "
                                     "checks the decklists it holds, whatever its name\n")]
    assert said["batch"][0] == said["batch"][1] and said["batch"][0][1].startswith("a zip archive with no decklist")
    assert _digest(data_dir) == before


def test_a_file_given_twice_is_read_once(shared_data, tmp_path, capsys):
    """Read twice, its objects counted twice in the summary ("from 1,762 objects")."""
    data_dir = tmp_path / "d"
    first = shared_data / "scryfall" / "cards-2025-11-recorded.json"
    files = [first, shared_data / "scryfall" / "cards-2025-12-collection.json", shared_data / "scryfall" / ".." /
             "scryfall" / first.name]
    assert main(["update", *[a for f in files for a in ("--file", str(f))], "--data-dir", str(data_dir)]) == 0
    captured = capsys.readouterr()
    assert f"{LOCAL_CARDS} cards from 881 objects" in captured.out
    warned = captured.err.splitlines()
    assert warned[0] == f"deckcheck: warning: {files[2]}: given twice; read once"
    assert warned[1:] == [line for line in warned[1:] if "less than half the " in line]  # a first store of 629 cards


def test_a_data_folder_that_can_t_be_one_fails_before_the_import(tmp_path, capsys):
    """Said at once, not after importing the files: the bad card file below is never reached."""
    bad = tmp_path / "bad.json"
    bad.write_text("[{")
    not_a_folder = tmp_path / "a-file"
    not_a_folder.write_text("mine\n")
    for data_dir, said in [(not_a_folder, f"{not_a_folder}: not a folder (the card store is the cards.sqlite in one)"),
                           (not_a_folder / "d", f"{not_a_folder / 'd'}: can't make the data folder: Not a directory")]:
        assert main(["update", "--file", str(bad), "--data-dir", str(data_dir)]) == 2
        assert capsys.readouterr().err == f"deckcheck: error: {said}\n"
    assert not_a_folder.read_text() == "mine\n"


def test_the_store_file_named_for_its_folder_says_which_folder_to_give(old_store, shared_data, tmp_path, capsys):
    """`--data-dir .../cards.sqlite`: `info` and `check` warned "no card store there, so the bundled snapshot is
    used; 'deckcheck update --data-dir .../cards.sqlite' builds one", advice that fails; every command now says
    to give the folder (exit 2), and so does any other file named as the data folder."""
    data_dir, before = old_store
    store_file = data_dir / "cards.sqlite"
    said = (f"deckcheck: error: {store_file}: not a folder (the card store is the cards.sqlite in one: give its "
            f"folder, --data-dir {data_dir})\n")
    deck = PROJECT / "data" / "examples" / "abzan-armor-tdc.txt"
    for argv in (["info"], ["check", str(deck)], ["card", "Sol Ring"], ["batch", "--no-progress", str(deck)],
                 ["update", "--file", str(shared_data / "scryfall" / "layout-fixtures.json")]):
        assert main([*argv, "--data-dir", str(store_file)]) == 2, argv
        assert capsys.readouterr().err == said, argv
    other = tmp_path / "notes.txt"
    other.write_text("mine\n")
    assert main(["info", "--data-dir", str(other)]) == 2
    assert capsys.readouterr().err == (f"deckcheck: error: {other}: not a folder (the card store is the cards.sqlite "
                                       "in one)\n")
    assert _digest(data_dir) == before


@pytest.mark.parametrize("given,said", [
    ("-", "standard input is not read: give the card data file's path"),
    ("https://api.scryfall.com/bulk-data/oracle-cards", "https://api.scryfall.com/bulk-data/oracle-cards: a web "
     "address, not a file: without --file, `deckcheck update` downloads Scryfall's bulk file itself (--api URL: "
     "from another Scryfall API)"),
])
def test_a_card_file_given_as_standard_input_or_an_address_says_what_to_do(old_store, capsys, given, said):
    """`--file -` said "-: cannot read: No such file or directory", and `--file https://...` named a path
    "https:/api..." that no file has: each is a usage error saying what to give."""
    data_dir, before = old_store
    assert main(["update", "--file", given, "--data-dir", str(data_dir)]) == 2
    assert capsys.readouterr().err.splitlines()[-1] == f"deckcheck update: error: argument --file: {said}"
    assert _digest(data_dir) == before


def test_update_with_bad_file_keeps_old_store(old_store, tmp_path, shared_data, capsys):
    data_dir, before = old_store
    bad = tmp_path / "bad.json.gz"
    bad.write_bytes((shared_data / "scryfall" / "all-cards-2019.json.gz").read_bytes()[:100_000])
    assert main(["update", "--file", str(shared_data / "scryfall" / "layout-fixtures.json"),
                 "--file", str(bad), "--data-dir", str(data_dir)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and str(bad) in err and "truncated" in err
    assert _digest(data_dir) == before


def test_a_file_of_no_deck_cards_keeps_old_store(old_store, tmp_path, shared_data, capsys):
    """An MTGJSON set file whose cards list is empty but whose tokens are not (or a file of Scryfall tokens)
    builds nothing: before, it replaced the store with an empty one and exited 0."""
    data_dir, before = old_store
    with gzip.open(shared_data / "mtgjson" / "sets-2022-04" / "M19.json.gz", "rt", encoding="utf-8") as fh:
        doc = json.load(fh)
    assert doc["data"]["tokens"]
    doc["data"]["cards"] = []
    set_file = tmp_path / "M19.json"
    set_file.write_text(json.dumps(doc), encoding="utf-8")
    assert main(["update", "--file", str(set_file), "--data-dir", str(data_dir)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"deckcheck: error: {set_file}: no cards to build a store of (") and err.count("\n") == 1
    assert _digest(data_dir) == before and _leftovers(data_dir) == []


def test_an_empty_data_folder_is_a_usage_error(old_store, shared_data, capsys, monkeypatch, tmp_path):
    """`--data-dir "$DIR"` with DIR unset: before, the default folder's store was replaced."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.delenv("DECKCHECK_DATA", raising=False)
    assert main(["update", "--data-dir", "", "--file", str(shared_data / "scryfall" / "layout-fixtures.json")]) == 2
    assert "argument --data-dir: a folder can't be empty" in capsys.readouterr().err
    assert not (tmp_path / "cache").exists()
    # so is an empty --api ("$API" unset), which downloaded from Scryfall's own API
    data_dir, _ = old_store
    assert main(["update", "--data-dir", str(data_dir), "--api", ""]) == 2
    assert "argument --api: a URL can't be empty" in capsys.readouterr().err


def test_a_linked_store_is_replaced_where_it_is(old_store, tmp_path, shared_data, capsys):
    """cards.sqlite as a link to a store kept elsewhere: the store there is replaced and the link kept. Before,
    the link became a file of its own and the store it named kept the old data."""
    data_dir, before = old_store
    elsewhere = tmp_path / "shared" / STORE_FILE
    elsewhere.parent.mkdir()
    (data_dir / STORE_FILE).rename(elsewhere)
    (data_dir / STORE_FILE).symlink_to(elsewhere)
    assert main(["update", "--file", str(shared_data / "scryfall" / "cards-2025-12-collection.json"),
                 "--data-dir", str(data_dir)]) == 0
    assert (data_dir / STORE_FILE).is_symlink() and (data_dir / STORE_FILE).resolve() == elsewhere
    assert f"built {elsewhere}:" in capsys.readouterr().out
    assert _digest(data_dir) != before and _store_meta(data_dir)[1] == 335
    assert _leftovers(data_dir) == [] and sorted(p.name for p in elsewhere.parent.iterdir()) == [STORE_FILE]


def test_a_file_s_date_that_is_no_date_is_not_shown_or_used(tmp_path, shared_data, capsys):
    """A set file's meta.date holding a line break and a terminal escape, and printings without release dates:
    the store's date is unknown, said as "unknown" (not "None"), and no output line can be forged."""
    with gzip.open(shared_data / "mtgjson" / "sets-2022-04" / "M19.json.gz", "rt", encoding="utf-8") as fh:
        doc = json.load(fh)
    doc["meta"]["date"] = "soon\nforged: legal: 100 cards\x1b[2J"
    doc["data"]["releaseDate"] = "sometime"
    for card in doc["data"]["cards"]:
        card.pop("originalReleaseDate", None)
    set_file = tmp_path / "M19.json"
    set_file.write_text(json.dumps(doc), encoding="utf-8")
    data_dir = tmp_path / "data"
    assert main(["update", "--file", str(set_file), "--data-dir", str(data_dir)]) == 0
    out = capsys.readouterr().out
    assert "(data as of unknown)" in out and "forged" not in out
    assert main(["info", "--data-dir", str(data_dir)]) == 0
    out = capsys.readouterr().out
    assert "card data as of: unknown\n" in out and "forged" not in out and "\x1b" not in out
    deck = tmp_path / "deck.txt"
    deck.write_text("1 Shivan Dragon\n", encoding="utf-8")
    main(["check", "--format", "json", "--data-dir", str(data_dir), str(deck)])
    assert json.loads(capsys.readouterr().out)["card_data"]["updated_at"] == ""
    main(["batch", "--no-progress", "--data-dir", str(data_dir), str(deck)])
    assert "card data: unknown\n" in capsys.readouterr().out
    # a day no calendar has, written as a date is (a hardening review: "card data as of: 2026-02-30")
    cards = json.loads((shared_data / "scryfall" / "cards-2025-11-recorded.json").read_text(encoding="utf-8"))
    odd = tmp_path / "odd-days.json"
    odd.write_text(json.dumps([{**card, "released_at": "2026-02-30"} for card in cards]), encoding="utf-8")
    assert main(["update", "--force", "--file", str(odd), "--data-dir", str(data_dir)]) == 0
    assert main(["info", "--data-dir", str(data_dir)]) == 0
    out = capsys.readouterr().out
    assert "card data as of: unknown\n" in out and "02-30" not in out


def test_a_file_holding_a_preview_of_a_later_release_is_not_dated_after_today(tmp_path, shared_data, capsys):
    """A Scryfall file of no date of its own is dated by its newest printing; a bulk file holds previews of cards
    released after it was made, and gave the store a date in the future ("card data as of 2099-06-01"), which
    also made it win a merge over any newer file. No file is newer than today."""
    import datetime

    objects = json.loads((shared_data / "scryfall" / "cards-2025-12-collection.json").read_text(encoding="utf-8"))
    objects = objects.get("data", objects) if isinstance(objects, dict) else objects
    newest = max(o["released_at"] for o in objects if o.get("released_at"))
    for printing in objects:  # a card legal already, first printed in a product to come (no reprint of another's)
        if printing.get("oracle_id") == objects[0]["oracle_id"]:
            printing["released_at"] = "2099-06-01"
    assert objects[0]["legalities"]["commander"] == "legal"
    lines = tmp_path / "cards.jsonl"
    lines.write_text("".join(json.dumps(o) + "\n" for o in objects), encoding="utf-8")
    data_dir = tmp_path / "data"
    assert main(["update", "--file", str(lines), "--data-dir", str(data_dir)]) == 0
    today = datetime.date.today().isoformat()
    assert f"(data as of {today})" in capsys.readouterr().out and newest < today
    assert main(["info", "--data-dir", str(data_dir)]) == 0
    assert f"card data as of: {today}\n" in capsys.readouterr().out


def test_a_data_folder_named_with_a_line_break_prints_one_line_each(tmp_path, shared_data, capsys):
    data_dir = tmp_path / "de\nforged: legal"
    assert main(["update", "--file", str(shared_data / "scryfall" / "layout-fixtures.json"),
                 "--data-dir", str(data_dir)]) == 0
    assert main(["info", "--data-dir", str(data_dir)]) == 0
    not_a_folder = tmp_path / "file\nforged: legal"
    not_a_folder.write_text("mine\n")
    assert main(["update", "--file", str(shared_data / "scryfall" / "layout-fixtures.json"),
                 "--data-dir", str(not_a_folder)]) == 2
    out, err = capsys.readouterr()
    assert not [line for line in (out + err).splitlines() if line.startswith("forged")]
    assert "de\\nforged: legal" in out and "file\\nforged: legal: not a folder" in err


@pytest.mark.parametrize("answer, said", [
    ({"object": "error", "code": "not_found", "status": 404, "details": "No card found."}, "404: not_found: No card found."),
    ([{"object": "error"}], "no details"),
])
def test_a_saved_scryfall_error_answer_says_so_and_keeps_the_old_store(old_store, tmp_path, capsys, answer, said):
    data_dir, before = old_store
    saved = tmp_path / "cards.json"
    saved.write_text(json.dumps(answer))
    assert main(["update", "--file", str(saved), "--data-dir", str(data_dir)]) == 2
    assert capsys.readouterr().err == f"deckcheck: error: {saved}: not card data: a Scryfall error answer ({said})\n"
    assert _digest(data_dir) == before


def test_update_reports_invalid_objects(shared_data, tmp_path, capsys):
    objs = json.loads((shared_data / "scryfall" / "layout-fixtures.json").read_text(encoding="utf-8"))
    broken = next(o for o in objs if o["layout"] == "normal")
    del broken["name"]
    path = tmp_path / "cards.jsonl"
    path.write_text("".join(json.dumps(o) + "\n" for o in objs), encoding="utf-8")
    assert main(["update", "--file", str(path), "--data-dir", str(tmp_path / "d")]) == 0
    captured = capsys.readouterr()
    assert "58 cards from 85 objects" in captured.out
    assert "invalid objects skipped: 1" in captured.out
    assert f"{path}: id {broken['id']}: 'name' is a required property" in captured.err


@pytest.mark.parametrize("suffix", [".json", ".jsonl"])
def test_a_value_nested_too_deeply_is_one_line_and_keeps_the_old_store(old_store, tmp_path, capsys, suffix):
    """JSON nested past the decoder's stack (a hostile or broken file) is refused with the file's name,
    not a RecursionError."""
    data_dir, before = old_store
    deep = '{"a":' * 100_000 + "1" + "}" * 100_000
    path = tmp_path / f"deep{suffix}"
    path.write_text(f"[{deep}]" if suffix == ".json" else deep + "\n", encoding="utf-8")
    assert main(["update", "--file", str(path), "--data-dir", str(data_dir)]) == 2
    at = "character 1" if suffix == ".json" else "line 1"  # the value's first character (after "["), or its line
    assert capsys.readouterr().err == f"deckcheck: error: {path}: invalid JSON: a value nested too deeply at {at}\n"
    assert _digest(data_dir) == before


def test_a_byte_that_is_no_utf8_is_said_by_its_line_and_byte(old_store, shared_data, tmp_path, capsys):
    """One Windows-1252 byte on line 300 of a Scryfall JSON Lines file said only "not UTF-8 text (is it a card
    data file?)": now its line and byte, and the question only for a file whose first bytes are no UTF-8."""
    data_dir, before = old_store
    objects = json.loads((shared_data / "scryfall" / "cards-2025-12-collection.json").read_text(encoding="utf-8"))
    lines = [json.dumps(o).encode() for o in objects]
    lines[299] = lines[299].replace(b'"object"', b'"obj\xe9ct"', 1)
    path = tmp_path / "cards.jsonl"
    path.write_bytes(b"\n".join(lines) + b"\n")
    at = sum(len(line) + 1 for line in lines[:299]) + lines[299].index(b"\xe9")
    assert main(["update", "--file", str(path), "--data-dir", str(data_dir)]) == 2
    assert capsys.readouterr().err == (f"deckcheck: error: {path}: not UTF-8 text: a byte that is no UTF-8 at line "
                                       f"300 (byte {at:,})\n")
    path.write_bytes(b"\xd0\xcf\x11\xe0 a spreadsheet\n")
    assert main(["update", "--file", str(path), "--data-dir", str(data_dir)]) == 2
    assert capsys.readouterr().err == (f"deckcheck: error: {path}: not UTF-8 text: a byte that is no UTF-8 at line "
                                       "1 (byte 0) (is it a card data file?)\n")
    assert _digest(data_dir) == before


@pytest.mark.parametrize("suffix,after,said", [
    (".json", ', {"name": "Sol', "unexpected end of file (truncated JSON)"),
    (".jsonl", '\n{"name": "Sol', "unexpected end of file (truncated JSON)"),
    (".json", ', {"name": "Sol\n"}]', "invalid JSON: Invalid control character at character {at}"),
    (".jsonl", '\n\n{"name": "Sol\tRing"}\n', "invalid JSON: Invalid control character at line 3"),
    (".jsonl", '\n{"name": }\n', "invalid JSON: Expecting value at line 2"),
], ids=["unterminated", "unterminated-line", "control-character", "control-character-line", "no-value"])
def test_broken_json_says_where_once_and_by_line_in_json_lines(old_store, shared_data, tmp_path, capsys, suffix,
                                                               after, said):
    """The json module's reasons that end in "at" were followed by another: "Unterminated string starting at at
    character 29977". JSON Lines, a card a line, says the line. A file that ends inside a string is cut short
    (said "invalid JSON: Unterminated string" before, as if the file were broken where the string starts)."""
    data_dir, before = old_store
    card = json.dumps(json.loads((shared_data / "scryfall" / "layout-fixtures.json").read_text(encoding="utf-8"))[0])
    text = ("[" if suffix == ".json" else "") + card + after
    path = tmp_path / f"broken{suffix}"
    path.write_text(text, encoding="utf-8")
    assert main(["update", "--file", str(path), "--data-dir", str(data_dir)]) == 2
    said = said.format(at=text.rfind("\n"))  # where the line break that no string may hold is
    assert capsys.readouterr().err == f"deckcheck: error: {path}: {said}\n"
    assert _digest(data_dir) == before


@pytest.mark.parametrize("suffix", [".json", ".jsonl"])
def test_an_integer_too_long_for_python_is_invalid_json_saying_where(old_store, shared_data, tmp_path, capsys, suffix):
    """A number of more than 4,300 digits (Python's limit for reading an integer) in a card object, or as the
    file's one value, was a ValueError traceback (exit 1); it is broken JSON, said where, and digits in a string
    or a long fraction before it are not taken for it."""
    data_dir, before = old_store
    card = json.loads((shared_data / "scryfall" / "layout-fixtures.json").read_text(encoding="utf-8"))[0]
    card.pop("edhrec_rank", None)
    card = json.dumps({**card, "flavor_text": "9" * 5000, "cmc": 0.5})
    big = card.replace('"cmc": 0.5', '"cmc": 0.' + "5" * 5000)[:-1] + ', "edhrec_rank": -' + "9" * 4301 + "}"
    text = f"[{card}, {big}]" if suffix == ".json" else f"{card}\n{big}\n"
    path = tmp_path / f"big{suffix}"
    path.write_text(text, encoding="utf-8")
    assert main(["update", "--file", str(path), "--data-dir", str(data_dir)]) == 2
    at = f"character {text.index('-9999')}" if suffix == ".json" else "line 2"
    assert capsys.readouterr().err == (f"deckcheck: error: {path}: invalid JSON: an integer of more than 4,300 "
                                       f"digits at {at}\n")
    path.write_text(f"[{'9' * 5000}]", encoding="utf-8")  # the tester's file
    assert main(["update", "--file", str(path), "--data-dir", str(data_dir)]) == 2
    assert capsys.readouterr().err == (f"deckcheck: error: {path}: invalid JSON: an integer of more than 4,300 "
                                       "digits at character 1\n")
    assert _digest(data_dir) == before


def test_an_invalid_object_s_reason_stays_short(shared_data, tmp_path, capsys):
    """jsonschema quotes the bad value whole: a 20,000-character name is reported in one short line that
    still says why."""
    objs = json.loads((shared_data / "scryfall" / "layout-fixtures.json").read_text(encoding="utf-8"))
    broken = next(o for o in objs if o["layout"] == "normal")
    broken["name"] = [["x" * 10] * 2_000]
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(objs), encoding="utf-8")
    assert main(["update", "--file", str(path), "--data-dir", str(tmp_path / "d")]) == 0
    (line,) = [ln for ln in capsys.readouterr().err.splitlines() if broken["id"] in ln]
    reason = line.split(f"{broken['id']}: name: ", 1)[1]
    assert len(reason) <= MAX_PROBLEM and reason.endswith("is not of type 'string'")


@pytest.mark.parametrize("api, said", [("notaurl", "notaurl/bulk-data: MissingSchema: "),
                                       ("ftp://127.0.0.1", "ftp://127.0.0.1/bulk-data: InvalidSchema: ")])
def test_an_address_requests_refuses_is_one_line_and_keeps_the_old_store(old_store, monkeypatch, capsys, api,
                                                                          said):
    """requests' own refusals (no scheme, a scheme it has no adapter for) are not retried and not mistaken
    for anything else: one line naming the address."""
    data_dir, before = old_store
    monkeypatch.setenv("DECKCHECK_SCRYFALL_API", api)
    assert main(["update", "--data-dir", str(data_dir)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"deckcheck: error: {said}") and err.count("\n") == 1
    assert _digest(data_dir) == before


@pytest.mark.parametrize("value", ["abc", "-1", "nan", "inf", "1e200"])  # 1e200 s: past what a sleep takes
def test_a_bad_backoff_setting_is_one_line(old_store, monkeypatch, capsys, value):
    data_dir, before = old_store
    monkeypatch.setenv("DECKCHECK_HTTP_BACKOFF", value)
    assert main(["update", "--data-dir", str(data_dir)]) == 2
    assert capsys.readouterr().err == (f"deckcheck: error: $DECKCHECK_HTTP_BACKOFF: not a number of seconds "
                                       f"from 0 to 3600: {value!r}\n")
    assert _digest(data_dir) == before


def test_a_certificate_that_fails_is_said_at_once_not_retried(tmp_path, old_store, monkeypatch, capsys):
    """A server whose certificate does not verify (self-signed, or a proxy inspecting HTTPS) was "connection failed
    (SSLError)", retried five times over some 15 s, and never said why. It is now one line at once, with the
    reason and where a proxy's certificate goes."""
    import shutil
    import ssl

    if shutil.which("openssl") is None:
        pytest.skip("no openssl command to make a certificate with")
    key, cert = tmp_path / "key.pem", tmp_path / "cert.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", str(key), "-out",
                    str(cert), "-days", "2", "-subj", "/CN=127.0.0.1"], check=True, capture_output=True)
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert, key)

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self):
            self.send_response(200)
            self.end_headers()

        def log_message(self, *args):
            pass

    class Server(ThreadingHTTPServer):
        def handle_error(self, request, client_address):
            pass  # the client refusing the certificate

    httpd = Server(("127.0.0.1", 0), Handler)
    httpd.socket = context.wrap_socket(httpd.socket, server_side=True)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    monkeypatch.setenv("DECKCHECK_HTTP_BACKOFF", "5")  # a retry would show in the time taken
    data_dir, before = old_store
    url = f"https://127.0.0.1:{httpd.server_address[1]}"
    try:
        started = time.monotonic()
        assert main(["update", "--api", url, "--data-dir", str(data_dir)]) == 2
        assert time.monotonic() - started < 5
    finally:
        httpd.shutdown()
        httpd.server_close()
    assert capsys.readouterr().err == (
        f"deckcheck: error: {url}/bulk-data: the secure connection failed (certificate verify failed: self-signed "
        "certificate); behind a proxy that inspects HTTPS, name its certificate in REQUESTS_CA_BUNDLE\n")
    assert _digest(data_dir) == before


def test_https_to_a_server_that_speaks_no_tls_is_said_at_once(server, old_store, monkeypatch, capsys):
    """An https:// address of a plain HTTP server (or one refusing every TLS version deckcheck offers) can't come
    right by retrying: said at once, as a certificate that fails is."""
    monkeypatch.setenv("DECKCHECK_HTTP_BACKOFF", "5")  # a retry would show in the time taken
    data_dir, before = old_store
    url = server.url.replace("http://", "https://")
    started = time.monotonic()
    assert main(["update", "--api", url, "--data-dir", str(data_dir)]) == 2
    assert time.monotonic() - started < 5
    err = capsys.readouterr().err
    assert err.startswith(f"deckcheck: error: {url}/bulk-data: the secure connection failed (") and "retrying" not in err
    assert _digest(data_dir) == before


def test_a_host_no_name_server_knows_is_said_at_once(old_store, monkeypatch, capsys):
    """With no network, `deckcheck update` retried the unresolvable api.scryfall.com four times (15 s, five lines) and
    said only "connection failed (ConnectionError)". A host no name server knows (here a .invalid one, RFC 2606) is
    said at once, in one line, the store untouched."""
    monkeypatch.setenv("DECKCHECK_HTTP_BACKOFF", "5")  # a retry would show in the time taken
    data_dir, before = old_store
    url = "http://deckcheck-test.invalid"
    started = time.monotonic()
    assert main(["update", "--api", url, "--data-dir", str(data_dir)]) == 2
    assert time.monotonic() - started < 5
    err = capsys.readouterr().err
    assert err.startswith(f"deckcheck: error: {url}/bulk-data: no such host deckcheck-test.invalid (")
    assert err.count("\n") == 1 and "`deckcheck update --file`" in err and "retrying" not in err
    for name in ("NO_PROXY", "no_proxy"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("HTTP_PROXY", "http://deckcheck-proxy.invalid:3128")  # the proxy's name is the one unknown
    assert main(["update", "--api", url, "--data-dir", str(data_dir)]) == 2
    assert "no such host deckcheck-proxy.invalid (" in capsys.readouterr().err
    assert _digest(data_dir) == before


def test_a_host_name_no_name_server_answers_for_is_retried_and_said_so(old_store, monkeypatch, capsys):
    """With no network a name server can't be reached, and the resolver says EAI_AGAIN ("Temporary failure in name
    resolution"): update retried, rightly (a slow name server's failure passes), but ended "connection failed
    (ConnectionError) after 5 attempts", naming neither the name nor `--file`. It still retries, then says so.
    (No name server is reachable here: the resolver's answer is the one it gives with none, put in its place.)"""
    import socket

    host = "deckcheck-test.invalid"
    real_getaddrinfo = socket.getaddrinfo
    asked: list[str] = []

    def no_name_server(name, *args, **kwargs):
        if name != host:
            return real_getaddrinfo(name, *args, **kwargs)
        asked.append(name)
        raise socket.gaierror(socket.EAI_AGAIN, "Temporary failure in name resolution")

    monkeypatch.setattr(socket, "getaddrinfo", no_name_server)
    for name in ("HTTP_PROXY", "http_proxy", "ALL_PROXY", "all_proxy"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("DECKCHECK_HTTP_BACKOFF", "0.01")
    data_dir, before = old_store
    url = f"http://{host}"
    assert main(["update", "--api", url, "--data-dir", str(data_dir)]) == 2
    err = capsys.readouterr().err.splitlines()
    said = f"{url}/bulk-data: the host's name could not be resolved: {host} (Temporary failure in name resolution)"
    assert err[:4] == [f"deckcheck: {said}; retrying in {0.01 * 2 ** n:g} s" for n in range(4)]
    assert err[4:] == [f"deckcheck: error: {said} after 5 attempts; no network? `deckcheck update --file` builds "
                       "the store from a file"]
    assert asked == [host] * 5
    assert _digest(data_dir) == before


def test_a_secure_connection_cut_during_its_handshake_is_retried(old_store, monkeypatch, capsys):
    """Only a certificate that fails is said at once: a TLS handshake cut short (a network blip, here a server that
    closes each connection as it comes) is a connection failure like any other, retried."""
    import socket

    listener = socket.create_server(("127.0.0.1", 0))
    stop = threading.Event()

    def close_each():
        listener.settimeout(0.2)
        while not stop.is_set():
            with contextlib.suppress(OSError):
                connection, _ = listener.accept()
                connection.close()

    threading.Thread(target=close_each, daemon=True).start()
    monkeypatch.setenv("DECKCHECK_HTTP_BACKOFF", "0.01")
    data_dir, before = old_store
    url = f"https://127.0.0.1:{listener.getsockname()[1]}"
    try:
        assert main(["update", "--api", url, "--data-dir", str(data_dir)]) == 2
    finally:
        stop.set()
        listener.close()
    err = capsys.readouterr().err
    assert err.count("; retrying in ") == 4 and "after 5 attempts" in err and "certificate" not in err
    assert _digest(data_dir) == before


def test_a_preview_in_a_scryfall_file_does_not_date_it(tmp_path, shared_data, capsys):
    """A Scryfall file is dated by its newest printing; one preview of a later release (legal in no format yet)
    dated the file past the day it was made, and a set released between the two became "not legal" where it was
    legal from its release (`released-since-data`). The newest printing legal somewhere dates it now."""
    objects = json.loads((shared_data / "scryfall" / "cards-2025-12-collection.json").read_text(encoding="utf-8"))
    aang = next(o for o in objects if o["name"] == "Aang, the Last Airbender")
    assert aang["legalities"]["commander"] == "not_legal" and aang["released_at"] == "2025-11-21"
    preview = dict(aang, oracle_id="0b000000-0000-4000-8000-000000000001", id="preview", name="Preview Card",
                   set="sld", released_at="2025-12-12")
    for name, cards in (("plain", objects), ("preview", [*objects, preview])):
        source = tmp_path / f"{name}.json"
        source.write_text(json.dumps(cards), encoding="utf-8")
        data_dir = tmp_path / name
        assert main(["update", "--file", str(source), "--data-dir", str(data_dir)]) == 0
        assert "(data as of 2025-11-21)" in capsys.readouterr().out
        assert main(["card", "--data-dir", str(data_dir), "Aang, the Last Airbender"]) == 0
        assert "Commander format: legal (released on 2025-11-21, from its release on" in capsys.readouterr().out


def test_a_download_s_invalid_objects_and_date_are_the_download_s(server, old_store, shared_data, capsys):
    """The invalid objects of a download were listed under the temporary file it was read from (gone by then), and
    `info` dated the file by its newest printing beside the bulk-data list's date; both are the download's now."""
    data_dir, _ = old_store
    objs = json.loads((shared_data / "scryfall" / "layout-fixtures.json").read_text(encoding="utf-8"))
    broken = {"object": "card", "name": "Broken", "oracle_id": "x", "layout": "normal", "type_line": 5}
    server.bulk = gzip.compress("".join(json.dumps(o) + "\n" for o in [*objs, broken]).encode(), mtime=0)
    assert main(["update", "--force", "--data-dir", str(data_dir)]) == 0
    err = capsys.readouterr().err
    assert f"  {server.url}/files/oracle.jsonl.gz: Broken: type_line: 5 is not of type 'string'" in err
    assert ".tmp" not in err
    assert main(["info", "--data-dir", str(data_dir)]) == 0
    out = capsys.readouterr().out
    assert f"  - scryfall data as of {UPDATED_AT[:10]}" in out and ".tmp" not in out


def test_a_first_store_far_smaller_than_the_snapshot_is_said(shared_data, tmp_path, capsys):
    """On a fresh install a deck's file given by mistake became the card data in use, silently: every deck checked
    then had most of its cards unknown. A first store of less than half the snapshot's cards is said (a store built
    before is kept unless --force, test above)."""
    data_dir = tmp_path / "data"
    deck_file = shared_data / "decks" / "mtgjson-precons-2026-01" / "AbzanArmor_TDC.json.gz"
    assert main(["update", "--data-dir", str(data_dir), "--file", str(deck_file)]) == 0
    err = capsys.readouterr().err
    assert err.startswith("deckcheck: warning: 85 cards, less than half the ") and str(data_dir / "cards.sqlite") in err
    assert main(["update", "--data-dir", str(tmp_path / "full"), "--file",
                 str(shared_data / "mtgjson" / "deck-cards-2026-01.jsonl.gz")]) == 0
    assert "less than half" not in capsys.readouterr().err  # 25,938 cards: not a deck's file


def test_a_store_older_than_the_snapshot_is_said_by_update_and_by_check(shared_data, tmp_path, capsys, monkeypatch):
    """A store built from the 2019 Scryfall file took the 2026 snapshot's place unsaid, and `check` called a current
    precon's cards unknown with "did you mean", as if mistyped. `update` warns of its date, and `check` says beside
    such a card that the data in use is older than the snapshot (a store of the snapshot's own date says nothing:
    test_store)."""
    data_dir = tmp_path / "data"
    assert main(["update", "--data-dir", str(data_dir), "--file",
                 str(shared_data / "scryfall" / "all-cards-2019.json.gz")]) == 0
    assert capsys.readouterr().err == (
        "deckcheck: warning: card data of 2019-05-03, older than the newest cards of the bundled snapshot (released "
        "2025-11-21), whose place it takes as the card data in use: cards printed since are unknown to it; `deckcheck "
        f"update` downloads Scryfall's current cards, and deleting {data_dir / STORE_FILE} brings the snapshot back\n")
    precon = PROJECT / "data" / "examples" / "abzan-armor-tdc.txt"
    assert main(["check", "--data-dir", str(data_dir), "--format", "json", str(precon)]) == 1
    report = json.loads(capsys.readouterr().out)
    assert "unknown-card" in json.dumps(report)  # Felothar the Steadfast (2025), and 28 more
    assert report["notes"][-1] == ("names no card has here may be newer cards: the card data in use is of 2019-05-03, "
                                   "older than the newest cards of the bundled snapshot (released 2025-11-21); "
                                   "`deckcheck update` downloads Scryfall's current cards")
    monkeypatch.setenv("DECKCHECK_DATA", str(tmp_path / "nothing-built"))
    assert main(["check", str(precon)]) == 0  # the snapshot knows them all
    assert "may be newer cards" not in capsys.readouterr().out


def test_a_card_of_no_valid_unicode_text_is_left_out_not_a_traceback(shared_data, tmp_path, capsys):
    """A lone surrogate escaped in a card's JSON ("\\ud800iresight", valid JSON, no valid text) crashed the store's
    build with a traceback (UTF-8 can't hold it); in a token's name too. The card is left out, said by name."""
    objects = json.loads((shared_data / "scryfall" / "cards-2025-12-collection.json").read_text(encoding="utf-8"))
    tokens = [o for o in json.loads((shared_data / "scryfall" / "layout-fixtures.json").read_text(encoding="utf-8"))
              if o.get("layout") == "token"]
    assert tokens
    text = json.dumps(objects + tokens).replace('"name": "Diresight"', '"name": "\\ud800iresight"', 1)
    text = text.replace(f'"name": "{tokens[0]["name"]}"', '"name": "\\udc00 Token"', 1)
    source = tmp_path / "cards.json"
    source.write_text(text, encoding="utf-8")
    data_dir = tmp_path / "data"
    assert main(["update", "--file", str(source), "--data-dir", str(data_dir)]) == 0
    out, err = capsys.readouterr()
    assert "'\\ud800iresight': not valid Unicode text (a lone surrogate); the card is left out" in err
    assert "Traceback" not in err and f"built {data_dir / 'cards.sqlite'}: 334 cards" in out  # 335 but one
    assert main(["card", "--data-dir", str(data_dir), "Diresight"]) == 1  # left out: unknown
    assert main(["card", "--data-dir", str(data_dir), "Aang, the Last Airbender"]) == 0  # the rest kept


def test_a_json_lines_entry_is_bounded_by_its_larger_size(server):
    """A mirror may serve the JSON Lines file plain, of the entry's `size`, not gzipped, of its `compressed_size`:
    the download is bounded by the larger (bounded by compressed_size alone, a whole plain file was refused as too
    long, and no update could succeed against such a server)."""
    sized = server.index

    def both_sizes():
        listing = sized()
        listing["data"][1].update(compressed_size=6_719_913, size=62_998_635)
        return listing

    server.index = both_sizes
    client = Client(backoff=0.05)
    try:
        assert client.bulk_entry(server.url).size == 62_998_635
    finally:
        client.close()


# --- a store written by other programs, or unreadable -------------------------------------------------

def _crash_writing(path: Path, *, wal: bool = False) -> None:
    """Another program (a user's SQLite browser) writing to the store and stopping midway: its journal (or, in WAL
    mode, its -wal and -shm files) left beside the store, in a child process that dies without closing it."""
    code = f"""
import os, sqlite3
c = sqlite3.connect({str(path)!r}, isolation_level=None)
if {wal}:
    c.execute("PRAGMA journal_mode=WAL")
c.execute("PRAGMA cache_size=2")
c.execute("BEGIN")
c.execute("UPDATE cards SET data = zeroblob(length(data))")
c.execute("DELETE FROM names")
if {wal}:
    c.execute("COMMIT")
os._exit(0)
"""
    subprocess.run([sys.executable, "-c", code], check=True)


@pytest.mark.parametrize("wal", [False, True])
def test_another_program_s_unfinished_writing_is_named_and_gone_with_the_next_update(old_store, shared_data,
                                                                                     capsys, wal):
    """A journal or WAL file another program left beside the store: every command said "not a deckcheck card store
    (attempt to write a readonly database)", and `update` built a store, then failed on it, the old file's journal
    laid over the new one (a WAL file: the old store's rows read in the new one's place), at every later update too."""
    data_dir, _ = old_store
    path = data_dir / STORE_FILE
    _crash_writing(path, wal=wal)
    left = sorted(p.name for p in data_dir.iterdir() if p.name != STORE_FILE)
    assert left == ([f"{STORE_FILE}-shm", f"{STORE_FILE}-wal"] if wal else [f"{STORE_FILE}-journal"])
    code = main(["info", "--data-dir", str(data_dir)])
    err = capsys.readouterr().err
    if wal:  # its writing committed to the WAL file: the store's own file read as deckcheck wrote it
        assert code == 0 and err == ""
    else:  # the store's file half written over: damaged, and said whose writing is beside it
        assert code == 2 and len(err.strip().splitlines()) == 1
        assert f"{left[-1]} beside it is another program's unfinished writing" in err
    assert main(["update", "--file", str(shared_data / "scryfall" / "cards-2025-12-collection.json"),
                 "--data-dir", str(data_dir), "--force"]) == 0
    assert _leftovers(data_dir) == []
    capsys.readouterr()
    assert main(["info", "--data-dir", str(data_dir)]) == 0
    assert "cards: 335" in capsys.readouterr().out
    con = sqlite3.connect(path)  # a program opening it to write finds nothing of the old writing to lay over it
    assert con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    assert con.execute("SELECT count(*) FROM cards").fetchone()[0] == 335
    con.close()


@pytest.mark.parametrize("loss", ["DROP TABLE names", "DELETE FROM names"])
def test_a_store_whose_index_of_names_is_lost_is_damaged_and_downloaded_again(server, tmp_path, capsys, loss):
    """`info` said all was well and `update` "up to date, nothing downloaded" of a store whose table of names was
    dropped or emptied, while `check` called it damaged, or every card unknown."""
    data_dir = tmp_path / "data"
    assert main(["update", "--data-dir", str(data_dir)]) == 0
    con = sqlite3.connect(data_dir / STORE_FILE)
    con.execute(loss)
    con.commit()
    con.close()
    capsys.readouterr()
    assert main(["info", "--data-dir", str(data_dir)]) == 2
    assert "the card store is damaged" in capsys.readouterr().err
    assert main(["update", "--data-dir", str(data_dir)]) == 0
    assert "nothing downloaded" not in capsys.readouterr().out
    assert main(["info", "--data-dir", str(data_dir)]) == 0


def test_a_store_this_deckcheck_can_t_read_still_counts_against_a_smaller_one(old_store, shared_data, capsys):
    """A store of a newer deckcheck (or damaged past its meta): the update took it for none, so a set's file given by
    mistake replaced its cards without --force, and the summary spoke of the bundled snapshot as what it replaced."""
    data_dir, before = old_store
    con = sqlite3.connect(data_dir / STORE_FILE)
    count = con.execute("SELECT count(*) FROM cards").fetchone()[0]
    con.execute("UPDATE meta SET value = '\"2\"' WHERE key = 'schema_version'")
    con.commit()
    con.close()
    capsys.readouterr()
    few = data_dir.parent / "few.json"
    few.write_text(json.dumps(json.loads((shared_data / "scryfall" / "layout-fixtures.json").read_text())[:5]))
    assert main(["update", "--file", str(few), "--data-dir", str(data_dir)]) == 2
    assert f"less than half the card store's {count}" in capsys.readouterr().err
    assert main(["update", "--file", str(few), "--data-dir", str(data_dir), "--force"]) == 0
    assert (f"replaced a store this deckcheck could not read, of {count} cards (a card store of schema \"2\", which "
            "this deckcheck can't read (it reads schema \"1\"))\n") in capsys.readouterr().out


def test_a_damaged_store_s_report_of_every_page_is_one_short_line(shared_data, tmp_path, capsys, monkeypatch):
    """quick_check's report of each damaged page was the whole error: 6,000 characters, its line breaks escaped."""
    cards = tmp_path / "cards.json"  # a store of 2,296 cards, whose table of cards is more than a page of pages
    with gzip.open(shared_data / "scryfall" / "all-cards-2019.json.gz", "rt", encoding="utf-8") as f:
        cards.write_text(json.dumps(json.load(f)[:3000]), encoding="utf-8")
    data_dir = tmp_path / "data"
    assert main(["update", "--file", str(cards), "--data-dir", str(data_dir)]) == 0
    capsys.readouterr()
    path = data_dir / STORE_FILE
    data = bytearray(path.read_bytes())
    con = sqlite3.connect(path)
    root = con.execute("SELECT rootpage FROM sqlite_master WHERE name = 'cards'").fetchone()[0]
    size = con.execute("PRAGMA page_size").fetchone()[0]
    con.close()
    start = (root - 1) * size
    data[start + 12:start + 400] = bytes(reversed(data[start + 12:start + 400]))
    path.write_bytes(bytes(data))
    assert main(["info", "--data-dir", str(data_dir)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"deckcheck: error: {path}: the card store is damaged (") and err.count("\n") == 1
    assert len(err) < 400 + len(str(data_dir)) and "\\n" not in err  # (the folder said twice: its update's too)
    monkeypatch.chdir(data_dir)  # opened by a relative path, then the working folder changed: damaged all the same,
    store = CardStore.open_file(STORE_FILE)  # not "written over in place" (its path was looked for elsewhere)
    monkeypatch.chdir(tmp_path)
    with pytest.raises(DamagedStore, match=r"run `deckcheck update --data-dir \S+` to build it again$") as caught:
        store.verify()
    store.close()
    assert "written over" not in str(caught.value)


def test_a_loop_of_links_for_the_store_or_a_device_for_its_folder_is_one_line(tmp_path, shared_data, capsys):
    """cards.sqlite linked to itself: a traceback (RuntimeError: Symlink loop). /dev/null as the data folder: `update`
    said it is no folder, `check` and `info` used the bundled snapshot with a warning."""
    data_dir = tmp_path / "data"
    data_dir.mkdir()
    (data_dir / STORE_FILE).symlink_to(STORE_FILE)
    cards = str(shared_data / "scryfall" / "cards-2025-12-collection.json")
    assert main(["update", "--file", cards, "--data-dir", str(data_dir)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"deckcheck: error: {data_dir / STORE_FILE}: can't write the card store") and \
        err.count("\n") == 1
    for command in (["info"], ["check", str(PROJECT / "data" / "examples" / "abzan-armor-tdc.txt")],
                    ["update", "--file", cards]):
        assert main([*command, "--data-dir", os.devnull]) == 2
        assert capsys.readouterr().err == f"deckcheck: error: {os.devnull}: not a folder (the card store is the " \
                                          f"{STORE_FILE} in one)\n"


def test_a_bulk_data_entry_s_link_too_long_or_missing_is_said_in_short(server, old_store, capsys):
    """A link of 100,000 characters was written whole in the error, and an entry with none had the whole entry
    written as why it is no bulk-data entry."""
    data_dir, before = old_store
    for link, said in [(f"{server.url}/files/{'x' * 100_000}", "jsonl_download_uri: "), (None, "no download link")]:
        index = server.index()
        index["data"][1]["jsonl_download_uri"] = link
        server.index = lambda index=index: index
        assert main(["update", "--data-dir", str(data_dir)]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and len(err) < 700
        assert f"its oracle_cards entry is not a bulk-data entry ({said}" in err
    assert _digest(data_dir) == before


def test_a_card_file_named_from_a_working_folder_deleted_since_is_named(tmp_path, shared_data):
    """`update --file ../cards.json` run in a folder deleted since: "error: FileNotFoundError: [Errno 2] No such file
    or directory", no file named."""
    gone = tmp_path / "gone"
    gone.mkdir()
    command = (f"cd {gone} && rmdir {gone} && exec {sys.executable} -m deckcheck update --data-dir {tmp_path / 'data'} "
               "--file ../cards.json")
    done = subprocess.run(["bash", "-c", command], capture_output=True, text=True, timeout=120)
    assert done.returncode == 2
    assert done.stderr.splitlines()[-1] == "deckcheck: error: ../cards.json: can't find it: No such file or directory"


def test_a_store_written_over_in_place_while_open_says_to_open_it_again(old_store, shared_data, tmp_path):
    """A store file a copy is made over in place (`cp`, the same file) while a notebook holds it open: read as
    immutable, its lookups fail as damaged; the error says so, and to open it again, not to run an update."""
    data_dir, _ = old_store
    other = tmp_path / "other"
    assert main(["update", "--file", str(shared_data / "scryfall" / "cards-2025-12-collection.json"),
                 "--data-dir", str(other)]) == 0
    path = data_dir / STORE_FILE
    store = CardStore.open_file(path)
    try:
        subprocess.run(["cp", str(other / STORE_FILE), str(path)], check=True)
        names = [card["name"] for card in json.loads((shared_data / "scryfall" / "cards-2025-12-collection.json")
                                                     .read_text(encoding="utf-8"))]
        with pytest.raises(DamagedStore) as caught:
            for name in names:
                store.lookup(name)
    finally:
        store.close()
    assert "its file was written over in place since it was opened, a copy made over it" in str(caught.value)
    assert str(caught.value).endswith("; open it again (run the command again, or open_store())")
