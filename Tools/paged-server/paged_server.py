#!/usr/bin/env python3
"""Small paged JSON HTTP server for loopback integration tests.

Standard library only. Serves deterministic pages in the WanAndroid-style
envelope, with URL and scripted fault injection, end-of-list fields that can
be left out (omit=total,over), requests held until released (holdPage=<n>),
and a list that grows at its head between page requests (shift=<k>: page p
repeats the last k items of page p-1, as offset paging does when k new items
arrive between two loads), and a server that never moves the list (repeat=<p>:
every page after p answers p's items again and says another page follows).

GET /feed serves a cursor-paged feed, newest first, for cursor paging and for
loading newer items above the first page: with no cursor the newest page;
after=<cursor> the older items below a page; before=<cursor> the newer items
above one. Each answer carries "nextCursor" (older items; null at the oldest)
and "previousCursor" (newer items; null for an empty answer). Cursors are
opaque (base64url). POST /control {"publish": k} adds k newer items to every
feed. With loop=1 the cursors go round in a circle: from the third page on, an
answer's nextCursor leads back to the second page (a -> b -> a). A malformed cursor is a 400 with a JSON error; faults and delays apply as
on /list.

Started by hand it runs until interrupted: SIGINT (Ctrl-C), SIGTERM or
GET /shutdown. It never reads stdin unless asked to, so `... &` from an
interactive shell is not stopped by SIGTTIN. Test harnesses that must not leak
a server opt in to stopping by itself: --exit-on-stdin-eof (exit when the
parent closes the stdin pipe or dies; ignored when stdin is a terminal or
/dev/null), --idle-timeout SECONDS and --max-lifetime SECONDS.

Usage:
    python3 paged_server.py [--host 127.0.0.1] [--port 0] [--items 23]
                            [--page-size 10] [--seed N] [--exit-on-stdin-eof]
                            [--idle-timeout SECONDS] [--max-lifetime SECONDS]

On startup exactly one line is printed to stdout:
    LISTENING http://127.0.0.1:<port>
Everything else (request log, diagnostics) goes to stderr.
"""

from __future__ import annotations

import argparse
import base64
import collections
import ipaddress
import json
import math
import os
import random
import re
import signal
import socket
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

MAX_DELAY_SECONDS = 30.0
MAX_ITEMS = 100_000
MAX_PAGE_SIZE = 1_000
MAX_SCRIPTED = 10_000
MAX_TRACKED_PATHS = 500
LAST_PAGES_KEPT = 50
TAB_RE = re.compile(r"^[A-Za-z0-9_-]{1,40}$")
LIST_RE = re.compile(r"^/list/([^/]*)/?$")
CURSOR_RE = re.compile(r"^[A-Za-z0-9_-]{1,64}={0,2}$")
INT_RE = re.compile(r"^-?[0-9]{1,12}$")  # stricter than int(): no "+1", "1_0", spaces
URL_FAULTS = ("500", "malformed", "empty", "hostile")
OMITTABLE = ("total", "over")  # end-of-list signals a page can leave out (omit=total,over)


def log(msg: str) -> None:
    """One line to stderr; never raises (stderr may be closed)."""
    try:
        sys.stderr.write(msg.replace("\n", " ") + "\n")
        sys.stderr.flush()
    except Exception:
        pass


class BadRequest(Exception):
    pass


def parse_int(name: str, raw: str, lo: int, hi: int) -> int:
    if not isinstance(raw, str) or not INT_RE.match(raw):
        raise BadRequest(f"{name} must be an integer, got {raw!r}")
    value = int(raw, 10)
    if value < lo or value > hi:
        raise BadRequest(f"{name} must be in {lo}...{hi}, got {value}")
    return value


def parse_delay(raw) -> float:
    try:
        value = float(raw)
    except (TypeError, ValueError):
        raise BadRequest(f"delay must be a number of seconds, got {raw!r}")
    if math.isnan(value) or value < 0:
        raise BadRequest(f"delay must be >= 0, got {raw!r}")
    return min(value, MAX_DELAY_SECONDS)


def parse_omit(raw: str) -> frozenset:
    names = [n for n in raw.split(",") if n]
    for name in names:
        if name not in OMITTABLE:
            raise BadRequest(f"omit takes a comma-separated list of {', '.join(OMITTABLE)}, got {name!r}")
    return frozenset(names)


def encode_cursor(item_id: int) -> str:
    return base64.urlsafe_b64encode(f"id:{item_id}".encode()).decode()


def decode_cursor(name: str, raw: str) -> int:
    """The item id a cursor stands for; a BadRequest for anything this server did not make."""
    if not CURSOR_RE.match(raw):
        raise BadRequest(f"{name} is not a cursor of this server: {raw!r}")
    try:
        text = base64.urlsafe_b64decode(raw.encode()).decode()
    except (ValueError, UnicodeDecodeError):
        raise BadRequest(f"{name} is not a cursor of this server: {raw!r}")
    if not text.startswith("id:") or not INT_RE.match(text[3:]):
        raise BadRequest(f"{name} is not a cursor of this server: {raw!r}")
    item_id = int(text[3:], 10)
    if item_id < 1:
        raise BadRequest(f"{name} is not a cursor of this server: {raw!r}")
    return item_id


def build_feed(tab: str, newest: int, limit: int, after: int | None, before: int | None,
               loop: bool = False) -> dict:
    """A page of a feed whose items have ids 1...newest, newest first. With `loop`, a page asked
    for below the second page answers a nextCursor that leads back to the second page: the
    cursors go round in a circle (a -> b -> a) and the feed never reaches its oldest item."""
    if before is not None:
        ids = list(range(min(newest, before + limit), before, -1))
    else:
        top = newest if after is None else min(newest, after - 1)
        ids = list(range(top, max(0, top - limit), -1))
    label = tab[:1].upper() + tab[1:]
    next_cursor = encode_cursor(ids[-1]) if ids and ids[-1] > 1 else None
    # The cursor of the first page's last item asks for the second page.
    second = newest - limit + 1
    if loop and ids and after is not None and after < second and second > 1:
        next_cursor = encode_cursor(second)
    return {
        "items": [{"id": f"{tab}-{n}", "title": f"{label} post #{n}"} for n in ids],
        "nextCursor": next_cursor,
        "previousCursor": encode_cursor(ids[0]) if ids else None,
    }


def build_page(tab: str, page: int, items: int, size: int, omit: frozenset = frozenset(), shift: int = 0,
               repeat: int | None = None) -> dict:
    """Page `page` of `items` orders. With `shift`, `shift` new orders arrived at the head before
    each page after the first, so each page starts `shift` orders before the previous one ended.
    With `repeat`, every page after page `repeat` answers that page's orders again, numbered as
    the page asked for, and says another page follows (pageCount one past it, over false): a
    server that never moves the list."""
    if repeat is not None and page > repeat:
        body = build_page(tab, repeat, items, size, omit, shift)
        data = body["data"]
        data["curPage"] = page
        data["pageCount"] = page + 1
        if "over" in data:
            data["over"] = False
        return body
    total = items + (page - 1) * shift
    page_count = max(1, math.ceil(total / size))
    start = (page - 1) * (size - shift) + 1
    end = min(items, start + size - 1)
    label = tab[:1].upper() + tab[1:]
    datas = [
        {"id": f"{tab}-{n}", "title": f"{label} order #{n}"}
        for n in range(start, end + 1)
    ]
    data = {
        "curPage": page,
        "pageCount": page_count,
        "size": size,
        "total": total,
        "over": page >= page_count if not shift else end >= items,
        "datas": datas,
    }
    for name in omit:
        del data[name]
    return {"errorCode": 0, "errorMsg": "", "data": data}


class State:
    """Shared mutable server state, guarded by one lock."""

    def __init__(self, items: int, page_size: int, seed: int | None):
        self.items = items
        self.page_size = page_size
        self.seed = seed
        self.rng = random.Random(seed)
        self.lock = threading.Lock()
        self.stop = threading.Event()
        self.stop_reason = ""
        self.last_activity = time.monotonic()
        self.in_flight = 0
        self.counts: collections.Counter = collections.Counter()
        self.total_requests = 0
        self.last_pages: collections.deque = collections.deque(maxlen=LAST_PAGES_KEPT)
        self.fail_next = 0
        self.fail_fault = "500"
        self.delay_next = 0
        self.delay_seconds = 0.0
        self.in_flight_pages: collections.Counter = collections.Counter()  # /list pages being answered
        self.held = 0  # /list requests parked by holdPage, waiting for {"release": true}
        self.release_generation = 0
        self.released = threading.Condition(self.lock)
        self.published = 0  # feed items added by POST /control {"publish": k}

    def request_stop(self, reason: str) -> None:
        with self.lock:
            if not self.stop_reason:
                self.stop_reason = reason
            self.stop.set()
            self.released.notify_all()

    def release_held(self) -> int:
        """Lets every held request go on; call with the lock held. Returns how many were held."""
        held = self.held
        self.release_generation += 1
        self.released.notify_all()
        return held

    def hold(self, limit: float) -> None:
        """Parks the calling request until release_held(), a stop, or `limit` seconds pass."""
        deadline = time.monotonic() + limit
        with self.lock:
            generation = self.release_generation
            self.held += 1
            try:
                while self.release_generation == generation and not self.stop.is_set():
                    left = deadline - time.monotonic()
                    if left <= 0:
                        log(f"paged_server: a held request was let go after {limit:g}s without a release")
                        break
                    self.released.wait(left)
            finally:
                self.held -= 1

    def begin(self, path: str) -> None:
        with self.lock:
            self.in_flight += 1
            self.last_activity = time.monotonic()
            self.total_requests += 1
            key = path if (path in self.counts or len(self.counts) < MAX_TRACKED_PATHS) else "(other)"
            self.counts[key] += 1

    def end(self) -> None:
        with self.lock:
            self.in_flight -= 1
            self.last_activity = time.monotonic()

    def idle_for(self) -> float:
        with self.lock:
            if self.in_flight > 0:
                return 0.0
            return time.monotonic() - self.last_activity

    def take_scripted(self):
        """Consume one scripted fault and one scripted delay, if armed."""
        with self.lock:
            fault = None
            delay = 0.0
            if self.fail_next > 0:
                self.fail_next -= 1
                fault = self.fail_fault
            if self.delay_next > 0:
                self.delay_next -= 1
                delay = self.delay_seconds
            return fault, delay

    def control_snapshot(self) -> dict:
        return {
            "failNext": self.fail_next,
            "fault": self.fail_fault,
            "delayNext": self.delay_next,
            "delay": self.delay_seconds,
        }


class Handler(BaseHTTPRequestHandler):
    server_version = "PagedServer/1.0"
    protocol_version = "HTTP/1.0"  # one request per connection; simple and robust

    @property
    def state(self) -> State:
        return self.server.state  # type: ignore[attr-defined]

    # -- logging: one line per request on stderr -----------------------------
    def log_message(self, format, *args):  # noqa: A002 (stdlib signature)
        log("%s - %s" % (self.address_string(), format % args))

    # -- helpers --------------------------------------------------------------
    def send_bytes(self, status: int, body: bytes, content_type="application/json; charset=utf-8", extra=None):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.send_header("Connection", "close")
        for k, v in (extra or {}).items():
            self.send_header(k, v)
        self.end_headers()
        if body and self.command != "HEAD":
            self.wfile.write(body)

    def send_json(self, status: int, obj, extra=None):
        self.send_bytes(status, json.dumps(obj).encode("utf-8"), extra=extra)

    def send_error_json(self, status: int, msg: str):
        self.send_json(status, {"errorCode": status, "errorMsg": msg})

    def sleep(self, seconds: float) -> None:
        # Interruptible by shutdown so a slow request never delays exit.
        if seconds > 0:
            self.state.stop.wait(seconds)

    # -- dispatch -------------------------------------------------------------
    def _dispatch(self, method: str):
        parts = urlsplit(self.path)
        path = parts.path or "/"
        self.state.begin(path)
        try:
            query = {k: v[-1] for k, v in parse_qs(parts.query, keep_blank_values=True).items()}
            try:
                self.route(method, path, query)
            except BadRequest as e:
                self.send_error_json(400, str(e))
        except (BrokenPipeError, ConnectionResetError):
            log(f"client went away during {method} {path}")
        finally:
            self.state.end()

    def do_GET(self):
        self._dispatch("GET")

    def do_POST(self):
        self._dispatch("POST")

    def do_PUT(self):
        self._dispatch("PUT")

    def do_DELETE(self):
        self._dispatch("DELETE")

    def route(self, method: str, path: str, query: dict):
        if path in ("/feed", "/feed/"):
            if method != "GET":
                return self.send_error_json(405, "use GET for /feed")
            return self.handle_feed(query)
        m = LIST_RE.match(path)
        if m:
            if method != "GET":
                return self.send_error_json(405, "use GET for /list/<page>")
            return self.handle_list(m.group(1), query)
        if path == "/health":
            if method != "GET":
                return self.send_error_json(405, "use GET for /health")
            return self.send_json(200, {"ok": True})
        if path == "/stats":
            if method != "GET":
                return self.send_error_json(405, "use GET for /stats")
            return self.handle_stats()
        if path == "/control":
            if method == "GET":
                with self.state.lock:
                    return self.send_json(200, self.state.control_snapshot())
            if method == "POST":
                return self.handle_control()
            return self.send_error_json(405, "use POST for /control")
        if path == "/shutdown":
            if method not in ("GET", "POST"):
                return self.send_error_json(405, "use GET for /shutdown")
            self.send_json(200, {"ok": True, "shuttingDown": True})
            self.state.request_stop("GET /shutdown")
            return None
        return self.send_error_json(404, f"no route for {path}")

    # -- endpoints ------------------------------------------------------------
    def handle_list(self, raw_page: str, query: dict):
        state = self.state
        scripted_fault, scripted_delay = state.take_scripted()

        if not INT_RE.match(raw_page):
            raise BadRequest(f"page must be an integer >= 1, got {raw_page!r}")
        page = int(raw_page, 10)
        with state.lock:
            state.last_pages.append(page)
        if page < 1:
            raise BadRequest(f"page must be an integer >= 1, got {page}")

        tab = query.get("tab", "all") or "all"
        if not TAB_RE.match(tab):
            raise BadRequest("tab must match [A-Za-z0-9_-]{1,40}")
        items = state.items
        size = state.page_size
        if "items" in query:
            items = parse_int("items", query["items"], 0, MAX_ITEMS)
        if "size" in query:
            size = parse_int("size", query["size"], 1, MAX_PAGE_SIZE)
        fault = query.get("fault")
        if fault is not None and fault not in URL_FAULTS:
            raise BadRequest(f"fault must be one of {', '.join(URL_FAULTS)}")
        delay = parse_delay(query["delay"]) if "delay" in query else 0.0
        omit = parse_omit(query["omit"]) if "omit" in query else frozenset()
        hold_page = parse_int("holdPage", query["holdPage"], 1, MAX_ITEMS) if "holdPage" in query else None
        shift = parse_int("shift", query["shift"], 0, size - 1) if "shift" in query else 0
        repeat = parse_int("repeat", query["repeat"], 1, MAX_ITEMS) if "repeat" in query else None

        # Scripted (POST /control) faults win over URL ones; delays add up (capped).
        if scripted_fault:
            fault = scripted_fault
        delay = min(MAX_DELAY_SECONDS, delay + scripted_delay)
        with state.lock:
            state.in_flight_pages[page] += 1
        try:
            self.sleep(delay)
            if hold_page == page:
                state.hold(MAX_DELAY_SECONDS)
        finally:
            with state.lock:
                state.in_flight_pages[page] -= 1
                if state.in_flight_pages[page] <= 0:
                    del state.in_flight_pages[page]
        if state.stop.is_set():
            return self.send_error_json(503, "server shutting down")

        body = build_page(tab, page, items, size, omit, shift, repeat)
        if fault == "hostile":
            d = body["data"]
            d["curPage"] = d["pageCount"] + 1 + (state.rng.randrange(3) if state.seed is not None else 0)
            d["total"] = -max(1, items)
            d["over"] = False
        return self.send_with_fault(body, fault)

    def send_with_fault(self, body: dict, fault) -> None:
        """Sends `body`, or what the fault `500`, `empty` or `malformed` makes of it."""
        if fault == "500":
            return self.send_json(500, {"errorCode": 500, "errorMsg": "injected server error"})
        if fault == "empty":
            return self.send_bytes(200, b"")
        if fault == "malformed":
            full = json.dumps(body).encode("utf-8")
            cut = max(1, len(full) * 2 // 3)
            return self.send_bytes(200, full[:cut])  # truncated: never valid JSON
        return self.send_json(200, body)

    def handle_feed(self, query: dict):
        state = self.state
        scripted_fault, scripted_delay = state.take_scripted()
        tab = query.get("tab", "all") or "all"
        if not TAB_RE.match(tab):
            raise BadRequest("tab must match [A-Za-z0-9_-]{1,40}")
        limit = parse_int("limit", query["limit"], 1, MAX_PAGE_SIZE) if "limit" in query else state.page_size
        after = decode_cursor("after", query["after"]) if "after" in query else None
        before = decode_cursor("before", query["before"]) if "before" in query else None
        if after is not None and before is not None:
            raise BadRequest("pass after or before, not both")
        loop = parse_int("loop", query["loop"], 0, 1) == 1 if "loop" in query else False
        fault = query.get("fault")
        if fault is not None and fault not in URL_FAULTS:
            raise BadRequest(f"fault must be one of {', '.join(URL_FAULTS)}")
        delay = parse_delay(query["delay"]) if "delay" in query else 0.0
        if scripted_fault:
            fault = scripted_fault
        self.sleep(min(MAX_DELAY_SECONDS, delay + scripted_delay))
        if state.stop.is_set():
            return self.send_error_json(503, "server shutting down")
        with state.lock:
            newest = state.items + state.published
        body = build_feed(tab, newest, limit, after, before, loop)
        if fault == "hostile":
            # A cursor that points back at the page itself: following it would loop forever.
            body["nextCursor"] = query.get("after") or body["previousCursor"]
        return self.send_with_fault(body, fault)

    def handle_stats(self):
        state = self.state
        with state.lock:
            self.send_json(200, {
                "total": state.total_requests,
                "paths": dict(state.counts),
                "lastPages": list(state.last_pages),
                "control": state.control_snapshot(),
                "inFlight": state.in_flight,
                "inFlightPages": sorted(state.in_flight_pages.elements()),
                "held": state.held,
            })

    def handle_control(self):
        try:
            length = int(self.headers.get("Content-Length") or 0)
        except ValueError:
            raise BadRequest("bad Content-Length")
        if length < 0 or length > 64 * 1024:
            raise BadRequest("control body must be <= 64 KiB")
        raw = self.rfile.read(length) if length else b"{}"
        try:
            cmd = json.loads(raw.decode("utf-8") or "{}")
        except (UnicodeDecodeError, json.JSONDecodeError) as e:
            raise BadRequest(f"control body is not JSON: {e}")
        if not isinstance(cmd, dict):
            raise BadRequest("control body must be a JSON object")

        def count(key):
            v = cmd[key]
            if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= MAX_SCRIPTED:
                raise BadRequest(f"{key} must be an integer in 0...{MAX_SCRIPTED}")
            return v

        # Validate everything before mutating anything.
        updates = {}
        if "failNext" in cmd:
            updates["fail_next"] = count("failNext")
        if "fault" in cmd:
            if cmd["fault"] not in URL_FAULTS:
                raise BadRequest(f"fault must be one of {', '.join(URL_FAULTS)}")
            updates["fail_fault"] = cmd["fault"]
        if "delayNext" in cmd:
            updates["delay_next"] = count("delayNext")
        if "publish" in cmd:
            publish = count("publish")
        if "delay" in cmd:
            if isinstance(cmd["delay"], bool):
                raise BadRequest("delay must be a number")
            updates["delay_seconds"] = parse_delay(cmd["delay"])
        for flag in ("reset", "resetStats", "release"):
            if flag in cmd and not isinstance(cmd[flag], bool):
                raise BadRequest(f"{flag} must be true or false")
        state = self.state
        released = 0
        with state.lock:
            if cmd.get("reset") or cmd.get("release"):
                released = state.release_held()
            if cmd.get("reset"):
                state.fail_next, state.fail_fault = 0, "500"
                state.delay_next, state.delay_seconds = 0, 0.0
            if cmd.get("resetStats"):
                state.counts.clear()
                state.last_pages.clear()
                state.total_requests = 0
            for k, v in updates.items():
                setattr(state, k, v)
            if cmd.get("reset"):
                state.published = 0
            if "publish" in cmd:
                state.published = min(MAX_ITEMS, state.published + publish)
            snapshot = state.control_snapshot()
        self.send_json(200, {"ok": True, "control": snapshot, "released": released})


class LoopbackServer(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def handle_error(self, request, client_address):
        exc = sys.exc_info()[1]
        log(f"error handling request from {client_address}: {exc!r}")


class LoopbackServer6(LoopbackServer):
    address_family = socket.AF_INET6


def resolve_loopback(host: str) -> str:
    if host == "localhost":
        return "127.0.0.1"
    try:
        addr = ipaddress.ip_address(host.strip("[]"))
    except ValueError:
        raise SystemExit(f"paged_server: --host must be a loopback IP address, got {host!r}")
    if not addr.is_loopback:
        raise SystemExit(f"paged_server: refusing to bind non-loopback host {host!r}")
    return str(addr)


def stdin_unsuitable_for_eof_watch():
    """Why stdin cannot tell us that the parent has gone, or None when it can (a pipe, a file).

    A terminal never reaches EOF when a parent dies, and reading one from a background job
    (`... &` in an interactive shell) stops the whole process with SIGTTIN. /dev/null (what
    `... &` gets in a script) is at EOF at once, so watching it would exit immediately.
    """
    try:
        fd = sys.stdin.fileno() if sys.stdin is not None else None
    except (OSError, ValueError):
        fd = None
    if fd is None:
        return "there is no stdin"
    try:
        if os.isatty(fd):
            return "stdin is a terminal"
        st = os.fstat(fd)
        null = os.stat(os.devnull)
        if (st.st_dev, st.st_ino) == (null.st_dev, null.st_ino) or (
            null.st_rdev and st.st_rdev == null.st_rdev
        ):
            return "stdin is /dev/null"
    except OSError as e:
        return f"stdin cannot be inspected ({e})"
    return None


def watch_stdin(state: State) -> None:
    # Raw os.read on the fd (not sys.stdin.buffer) so a blocked daemon reader
    # never holds the BufferedReader lock during interpreter shutdown.
    try:
        while os.read(sys.stdin.fileno(), 4096):
            pass
    except (OSError, ValueError, AttributeError) as e:  # closed/invalid fd counts as EOF
        log(f"paged_server: stdin error: {e!r}")
    state.request_stop("stdin EOF")


def positive_seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of seconds, got {text!r}")
    if math.isnan(value) or value <= 0:
        raise argparse.ArgumentTypeError(f"must be > 0, got {text!r} (leave the option out to never time out)")
    return value


def parse_args(argv=None) -> argparse.Namespace:
    """The command line; exits with status 2 (argparse) on a bad option."""
    p = argparse.ArgumentParser(description="Paged JSON test server (loopback only).")
    p.add_argument("--host", default="127.0.0.1", help="loopback address to bind (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=0, help="port, 0 = pick a free one (default 0)")
    p.add_argument("--items", type=int, default=23, help="items per tab (default 23)")
    p.add_argument("--page-size", type=int, default=10, help="items per page (default 10)")
    p.add_argument("--seed", type=int, default=None, help="seed for the only randomness (hostile curPage offset)")
    p.add_argument("--exit-on-stdin-eof", action="store_true",
                   help="exit when stdin reaches EOF (the parent closed the pipe or died); for test harnesses "
                        "that spawn the server with a stdin pipe. Ignored when stdin is a terminal or /dev/null. "
                        "Without it stdin is never read.")
    p.add_argument("--idle-timeout", type=positive_seconds, default=None, metavar="SECONDS",
                   help="exit after this many seconds without requests (default: never)")
    p.add_argument("--max-lifetime", type=positive_seconds, default=None, metavar="SECONDS",
                   help="exit after this many seconds in any case (default: never)")
    p.add_argument("--no-stdin-watch", action="store_true",
                   help="no effect, kept for old scripts: stdin is only read with --exit-on-stdin-eof")
    a = p.parse_args(argv)

    if not 0 <= a.port <= 65535:
        p.error("--port must be in 0...65535")
    if not 0 <= a.items <= MAX_ITEMS:
        p.error(f"--items must be in 0...{MAX_ITEMS}")
    if not 1 <= a.page_size <= MAX_PAGE_SIZE:
        p.error(f"--page-size must be in 1...{MAX_PAGE_SIZE}")
    return a


def seconds_or_never(value) -> str:
    return "never" if value is None else f"{value:g}s"


def main(argv=None) -> int:
    a = parse_args(argv)
    try:
        host = resolve_loopback(a.host)
    except SystemExit as e:
        log(str(e))
        return 2

    state = State(a.items, a.page_size, a.seed)
    cls = LoopbackServer6 if ":" in host else LoopbackServer
    try:
        server = cls((host, a.port), Handler)
    except OSError as e:
        log(f"paged_server: cannot bind {host}:{a.port}: {e}")
        return 1
    server.state = state  # type: ignore[attr-defined]
    port = server.server_address[1]
    url_host = f"[{host}]" if ":" in host else host

    def on_signal(signum, _frame):
        state.request_stop(signal.Signals(signum).name)

    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)

    threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.1},
                     name="http", daemon=True).start()
    stdin_mode = "not read"
    if a.exit_on_stdin_eof:
        unsuitable = stdin_unsuitable_for_eof_watch()
        if unsuitable:
            log(f"paged_server: --exit-on-stdin-eof ignored: {unsuitable}; "
                "stop the server with Ctrl-C, SIGTERM or GET /shutdown")
        else:
            stdin_mode = "exit on EOF"
            threading.Thread(target=watch_stdin, args=(state,), name="stdin", daemon=True).start()

    try:
        sys.stdout.write(f"LISTENING http://{url_host}:{port}\n")
        sys.stdout.flush()
    except (BrokenPipeError, OSError):
        pass
    log(f"paged_server: listening on http://{url_host}:{port} items={a.items} "
        f"page-size={a.page_size} idle-timeout={seconds_or_never(a.idle_timeout)} "
        f"max-lifetime={seconds_or_never(a.max_lifetime)} stdin={stdin_mode}")

    started = time.monotonic()
    while not state.stop.wait(0.1):
        if a.idle_timeout is not None and state.idle_for() >= a.idle_timeout:
            state.request_stop(f"idle for {a.idle_timeout:g}s")
        elif a.max_lifetime is not None and time.monotonic() - started >= a.max_lifetime:
            state.request_stop(f"max lifetime {a.max_lifetime:g}s reached")

    log(f"paged_server: exiting ({state.stop_reason})")
    server.shutdown()
    server.server_close()
    return 0


if __name__ == "__main__":
    code = main()
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except Exception:
            pass
    # Hard exit: daemon threads (stdin reader, slow handlers) must never keep us alive.
    os._exit(code)
