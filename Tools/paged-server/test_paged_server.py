#!/usr/bin/env python3
"""Tests for paged_server.py over real loopback HTTP.

Run:  python3 -m pytest -q Tools/paged-server/test_paged_server.py
  or: python3 Tools/paged-server/test_paged_server.py
"""

from __future__ import annotations

import importlib.util
import json
import os
import pty
import select
import signal
import subprocess
import sys
import tempfile
import threading
import time
import unittest
import urllib.error
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
SERVER = os.path.join(HERE, "paged_server.py")


class ServerProcess:
    """Starts paged_server.py with --port 0 and parses the LISTENING line.

    Like the Swift test harness, it passes --exit-on-stdin-eof and keeps a stdin pipe open, so a
    server outlives no test run; `exit_on_stdin_eof=False` starts it as a person would.
    """

    def __init__(self, *args: str, expect_listening: bool = True, exit_on_stdin_eof: bool = True,
                 stdin=subprocess.PIPE):
        self.stderr_file = tempfile.TemporaryFile()
        flags = ["--exit-on-stdin-eof"] if exit_on_stdin_eof else []
        self.proc = subprocess.Popen(
            [sys.executable, SERVER, "--port", "0", *flags, *args],
            stdin=stdin,
            stdout=subprocess.PIPE,
            stderr=self.stderr_file,
        )
        self.base = None
        self.first_line = b""
        if expect_listening:
            self.first_line = self._readline(timeout=5.0)
            text = self.first_line.decode()
            assert text.startswith("LISTENING http://127.0.0.1:") and text.endswith("\n"), text
            self.base = text.split(" ", 1)[1].strip()

    def _readline(self, timeout: float) -> bytes:
        fd = self.proc.stdout.fileno()
        buf = b""
        deadline = time.monotonic() + timeout
        while not buf.endswith(b"\n"):
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"no LISTENING line within {timeout}s (got {buf!r})")
            ready, _, _ = select.select([fd], [], [], left)
            if ready:
                chunk = os.read(fd, 1)
                if not chunk:
                    raise AssertionError(f"server stdout closed early (got {buf!r}); stderr: {self.stderr()}")
                buf += chunk
        return buf

    def stderr(self) -> str:
        self.stderr_file.seek(0)
        return self.stderr_file.read().decode(errors="replace")

    def wait_exit(self, timeout: float = 3.0) -> int:
        return self.proc.wait(timeout=timeout)

    def close(self):
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(timeout=5)
        for f in (self.proc.stdin, self.proc.stdout):
            if f is None:
                continue
            try:
                f.close()
            except Exception:
                pass
        self.stderr_file.close()


def request(base, path, method="GET", body=None, timeout=5.0):
    """Returns (status, headers, raw body bytes); never raises on HTTP errors."""
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(base + path, data=data, method=method)
    if data is not None:
        req.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(req, timeout=timeout) as r:
            return r.status, r.headers, r.read()
    except urllib.error.HTTPError as e:
        return e.code, e.headers, e.read()


def get_json(base, path, **kw):
    status, headers, raw = request(base, path, **kw)
    return status, json.loads(raw)


def expected_items(tab, label, lo, hi):
    return [{"id": f"{tab}-{n}", "title": f"{label} order #{n}"} for n in range(lo, hi + 1)]


class PagedServerHTTPTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.server = ServerProcess()
        cls.base = cls.server.base

    @classmethod
    def tearDownClass(cls):
        cls.server.close()

    def setUp(self):
        status, _ = get_json(self.base, "/control", method="POST", body={"reset": True, "resetStats": True})
        self.assertEqual(status, 200)

    # -- basics -------------------------------------------------------------
    def test_health(self):
        self.assertEqual(get_json(self.base, "/health"), (200, {"ok": True}))

    def test_page_one_exact_shape(self):
        status, headers, raw = request(self.base, "/list/1")
        self.assertEqual(status, 200)
        self.assertTrue(headers["Content-Type"].startswith("application/json"))
        self.assertEqual(json.loads(raw), {
            "errorCode": 0,
            "errorMsg": "",
            "data": {
                "curPage": 1, "pageCount": 3, "size": 10, "total": 23, "over": False,
                "datas": expected_items("all", "All", 1, 10),
            },
        })

    def test_middle_and_last_page(self):
        _, body = get_json(self.base, "/list/2")
        self.assertEqual(body["data"]["datas"], expected_items("all", "All", 11, 20))
        self.assertFalse(body["data"]["over"])
        _, body = get_json(self.base, "/list/3")
        self.assertEqual(body["data"]["datas"], expected_items("all", "All", 21, 23))
        self.assertEqual(body["data"]["curPage"], 3)
        self.assertTrue(body["data"]["over"])

    def test_page_beyond_page_count_is_empty_but_valid(self):
        status, body = get_json(self.base, "/list/7")
        self.assertEqual(status, 200)
        d = body["data"]
        self.assertEqual((d["curPage"], d["pageCount"], d["total"], d["over"], d["datas"]), (7, 3, 23, True, []))

    def test_invalid_pages_are_400_json(self):
        for page in ("0", "-1", "abc", "1.5", "", "+1", "1_0", "%201", "99999999999999"):
            with self.subTest(page=page):
                status, body = get_json(self.base, f"/list/{page}")
                self.assertEqual(status, 400)
                self.assertEqual(body["errorCode"], 400)
                self.assertIn("page", body["errorMsg"])

    def test_tabs_are_deterministic_and_distinct(self):
        _, a = get_json(self.base, "/list/1?tab=pending")
        _, b = get_json(self.base, "/list/1?tab=pending")
        self.assertEqual(a, b)
        self.assertEqual(a["data"]["datas"][0], {"id": "pending-1", "title": "Pending order #1"})
        _, c = get_json(self.base, "/list/1?tab=done")
        self.assertEqual(c["data"]["datas"][9], {"id": "done-10", "title": "Done order #10"})
        status, _ = get_json(self.base, "/list/1?tab=bad%20tab")
        self.assertEqual(status, 400)

    def test_items_and_size_overrides(self):
        _, body = get_json(self.base, "/list/3?items=5&size=2")
        d = body["data"]
        self.assertEqual((d["pageCount"], d["size"], d["total"], d["over"]), (3, 2, 5, True))
        self.assertEqual(d["datas"], expected_items("all", "All", 5, 5))
        _, body = get_json(self.base, "/list/1?items=20&size=10")
        self.assertEqual(body["data"]["pageCount"], 2)  # exact multiple
        _, body = get_json(self.base, "/list/1?items=0")
        d = body["data"]
        self.assertEqual((d["pageCount"], d["total"], d["over"], d["datas"]), (1, 0, True, []))
        for q in ("size=0", "size=x", "items=-1"):
            with self.subTest(q=q):
                self.assertEqual(request(self.base, f"/list/1?{q}")[0], 400)

    def test_omit_leaves_out_total_and_over(self):
        _, body = get_json(self.base, "/list/2?items=20&omit=total,over")
        d = body["data"]
        self.assertNotIn("total", d)
        self.assertNotIn("over", d)
        self.assertEqual((d["curPage"], d["pageCount"], d["size"]), (2, 2, 10))
        self.assertEqual(d["datas"], expected_items("all", "All", 11, 20))  # a full last page
        _, body = get_json(self.base, "/list/1?omit=total")
        self.assertEqual(set(body["data"]), {"curPage", "pageCount", "size", "over", "datas"})
        _, body = get_json(self.base, "/list/1?omit=")
        self.assertIn("total", body["data"])
        for q in ("omit=pageCount", "omit=total,nope"):
            with self.subTest(q=q):
                status, body = get_json(self.base, f"/list/1?{q}")
                self.assertEqual(status, 400)
                self.assertIn("omit", body["errorMsg"])

    # -- holding a page until released ----------------------------------------
    def wait_for_stats(self, predicate, timeout=5.0):
        deadline = time.monotonic() + timeout
        while True:
            _, stats = get_json(self.base, "/stats")
            if predicate(stats):
                return stats
            if time.monotonic() > deadline:
                self.fail(f"stats never matched: {stats}")
            time.sleep(0.01)

    def test_hold_page_parks_only_that_page_until_released(self):
        results = {}
        t = threading.Thread(
            target=lambda: results.setdefault("held", get_json(self.base, "/list/2?holdPage=2", timeout=10)))
        t.start()
        stats = self.wait_for_stats(lambda s: s["held"] == 1)
        self.assertEqual(stats["inFlightPages"], [2])
        # Other pages with the same query are answered at once.
        self.assertEqual(get_json(self.base, "/list/1?holdPage=2")[0], 200)
        self.assertEqual(get_json(self.base, "/list/3?holdPage=2")[0], 200)
        self.assertNotIn("held", results)
        status, body = get_json(self.base, "/control", method="POST", body={"release": True})
        self.assertEqual((status, body["released"]), (200, 1))
        t.join(5)
        status, body = results["held"]
        self.assertEqual((status, body["data"]["curPage"]), (200, 2))
        stats = self.wait_for_stats(lambda s: s["held"] == 0)
        self.assertEqual(stats["inFlightPages"], [])
        self.assertEqual(stats["lastPages"], [2, 1, 3])

    def test_release_only_lets_go_of_requests_already_held(self):
        get_json(self.base, "/control", method="POST", body={"release": True})
        results = {}
        t = threading.Thread(
            target=lambda: results.setdefault("held", get_json(self.base, "/list/1?holdPage=1", timeout=10)[0]))
        t.start()
        self.wait_for_stats(lambda s: s["held"] == 1)
        self.assertNotIn("held", results)
        get_json(self.base, "/control", method="POST", body={"reset": True})  # reset releases too
        t.join(5)
        self.assertEqual(results["held"], 200)

    def test_hold_page_rejects_bad_values(self):
        for q in ("holdPage=0", "holdPage=x"):
            with self.subTest(q=q):
                self.assertEqual(request(self.base, f"/list/1?{q}")[0], 400)
        self.assertEqual(request(self.base, "/control", method="POST", body={"release": 1})[0], 400)

    # -- a list that changes between pages -------------------------------------
    def test_shift_repeats_the_last_k_items_of_the_page_before(self):
        seen = []
        page = 1
        while True:
            status, body = get_json(self.base, f"/list/{page}?shift=3")
            self.assertEqual(status, 200)
            ids = [d["id"] for d in body["data"]["datas"]]
            if seen:
                self.assertEqual(ids[:3], seen[-3:], f"page {page} starts with the last 3 of page {page - 1}")
            seen.extend(ids)
            if body["data"]["over"]:
                break
            page += 1
            self.assertLess(page, 20)
        distinct = list(dict.fromkeys(seen))
        self.assertEqual(distinct, [f"all-{n}" for n in range(1, 24)], "no gap: every order comes once deduplicated")
        self.assertEqual(len(seen) - len(distinct), 3 * (page - 1))
        self.assertEqual(body["data"]["total"], 23 + 3 * (page - 1), "the head grew by 3 per page")
        self.assertEqual(body["data"]["curPage"], body["data"]["pageCount"])

    def test_shift_zero_is_the_plain_list_and_bad_shifts_are_400(self):
        self.assertEqual(get_json(self.base, "/list/2?shift=0"), get_json(self.base, "/list/2"))
        for q in ("shift=-1", "shift=10", "shift=x"):
            with self.subTest(q=q):
                self.assertEqual(request(self.base, f"/list/1?{q}")[0], 400)

    # -- a server that never moves the list ----------------------------------------
    def test_repeat_answers_the_same_orders_after_that_page_and_always_says_more_follow(self):
        _, first = get_json(self.base, "/list/1")
        for page in (2, 3, 50):
            with self.subTest(page=page):
                status, body = get_json(self.base, f"/list/{page}?repeat=1")
                self.assertEqual(status, 200)
                data = body["data"]
                self.assertEqual(data["datas"], first["data"]["datas"], "page 1's orders again")
                self.assertEqual((data["curPage"], data["pageCount"], data["over"]), (page, page + 1, False))
        self.assertEqual(get_json(self.base, "/list/1?repeat=1"), get_json(self.base, "/list/1"))
        _, second = get_json(self.base, "/list/3?repeat=2")
        self.assertEqual(second["data"]["datas"], get_json(self.base, "/list/2")[1]["data"]["datas"])

    def test_repeat_keeps_omitted_fields_out_and_bad_values_are_400(self):
        _, body = get_json(self.base, "/list/4?repeat=1&omit=over,total")
        self.assertNotIn("over", body["data"])
        self.assertNotIn("total", body["data"])
        self.assertEqual(body["data"]["pageCount"], 5)
        for q in ("repeat=0", "repeat=-1", "repeat=x"):
            with self.subTest(q=q):
                self.assertEqual(request(self.base, f"/list/2?{q}")[0], 400)

    def test_feed_loop_leads_the_cursors_round_a_circle(self):
        _, first = get_json(self.base, "/feed?limit=10&loop=1")
        a = first["nextCursor"]
        _, second = get_json(self.base, f"/feed?limit=10&loop=1&after={a}")
        b = second["nextCursor"]
        self.assertNotEqual(a, b)
        _, third = get_json(self.base, f"/feed?limit=10&loop=1&after={b}")
        self.assertEqual([d["id"] for d in third["items"]], ["all-3", "all-2", "all-1"])
        self.assertEqual(third["nextCursor"], a, "the oldest page leads back to the second")
        _, again = get_json(self.base, f"/feed?limit=10&loop=1&after={a}")
        self.assertEqual(again, second)
        plain = get_json(self.base, f"/feed?limit=10&after={b}")[1]
        self.assertIsNone(plain["nextCursor"], "without loop the feed ends")
        for q in ("loop=2", "loop=x"):
            with self.subTest(q=q):
                self.assertEqual(request(self.base, f"/feed?{q}")[0], 400)

    # -- the cursor-paged feed ------------------------------------------------------
    def test_feed_walks_to_the_oldest_item_without_gaps_or_repeats(self):
        status, body = get_json(self.base, "/feed?limit=10")
        self.assertEqual(status, 200)
        ids = [d["id"] for d in body["items"]]
        self.assertEqual(ids[0], "all-23", "newest first")
        self.assertIsNotNone(body["previousCursor"])
        walked = list(ids)
        for _ in range(10):
            if body["nextCursor"] is None:
                break
            status, body = get_json(self.base, f"/feed?limit=10&after={body['nextCursor']}")
            self.assertEqual(status, 200)
            walked += [d["id"] for d in body["items"]]
        self.assertIsNone(body["nextCursor"])
        self.assertEqual(walked, [f"all-{n}" for n in range(23, 0, -1)])

    def test_cursors_are_opaque_and_a_malformed_one_is_a_400(self):
        _, body = get_json(self.base, "/feed?limit=5")
        self.assertFalse(body["nextCursor"].isdigit())
        for q in ("after=19", "after=%21%21", "before=aWQ6eA==", "after=aWQ6MA==", "after=a&before=b"):
            with self.subTest(q=q):
                status, error = get_json(self.base, f"/feed?{q}")
                self.assertEqual(status, 400)
                self.assertEqual(error["errorCode"], 400)

    def test_an_empty_cursor_is_a_400_and_a_percent_encoded_one_reads_as_sent(self):
        # What the demo's --url relies on: it leaves out a query item with no cursor (after= is
        # refused) and percent-encodes the cursors it sends (the base64 padding as %3D).
        for q in ("after=", "before="):
            with self.subTest(q=q):
                status, error = get_json(self.base, f"/feed?{q}")
                self.assertEqual((status, error["errorCode"]), (400, 400))
        _, first = get_json(self.base, "/feed?limit=5")
        cursor = first["nextCursor"]
        self.assertTrue(cursor.endswith("="), "the cursor has base64 padding")
        _, plain = get_json(self.base, f"/feed?limit=5&after={cursor}")
        encoded = cursor.replace("=", "%3D")
        status, body = get_json(self.base, f"/feed?limit=5&after={encoded}")
        self.assertEqual(status, 200)
        self.assertEqual(body, plain)
        self.assertEqual(body["items"][0]["id"], "all-18")

    def test_newer_items_load_above_once_published(self):
        _, first = get_json(self.base, "/feed?limit=5")
        newer = first["previousCursor"]
        status, body = get_json(self.base, f"/feed?limit=5&before={newer}")
        self.assertEqual((status, body["items"], body["previousCursor"]), (200, [], None), "nothing newer yet")
        self.assertEqual(get_json(self.base, "/control", method="POST", body={"publish": 7})[0], 200)
        _, body = get_json(self.base, f"/feed?limit=5&before={newer}")
        self.assertEqual([d["id"] for d in body["items"]], [f"all-{n}" for n in range(28, 23, -1)])
        _, above = get_json(self.base, f"/feed?limit=5&before={body['previousCursor']}")
        self.assertEqual([d["id"] for d in above["items"]], ["all-30", "all-29"])
        _, top = get_json(self.base, "/feed?limit=5")
        self.assertEqual(top["items"][0]["id"], "all-30")

    def test_feed_faults_apply_as_on_the_list(self):
        self.assertEqual(request(self.base, "/feed?fault=500")[0], 500)
        with self.assertRaises(json.JSONDecodeError):
            json.loads(request(self.base, "/feed?fault=malformed")[2])
        _, first = get_json(self.base, "/feed?limit=5")
        _, hostile = get_json(self.base, f"/feed?limit=5&after={first['nextCursor']}&fault=hostile")
        self.assertEqual(hostile["nextCursor"], first["nextCursor"], "a cursor that loops")
        get_json(self.base, "/control", method="POST", body={"failNext": 1})
        self.assertEqual(request(self.base, "/feed")[0], 500)
        self.assertEqual(request(self.base, "/feed")[0], 200)

    # -- URL fault injection -------------------------------------------------
    def test_fault_500(self):
        status, body = get_json(self.base, "/list/1?fault=500")
        self.assertEqual(status, 500)
        self.assertEqual(body, {"errorCode": 500, "errorMsg": "injected server error"})

    def test_fault_malformed(self):
        status, headers, raw = request(self.base, "/list/1?fault=malformed")
        self.assertEqual(status, 200)
        self.assertTrue(headers["Content-Type"].startswith("application/json"))
        self.assertGreater(len(raw), 0)
        with self.assertRaises(json.JSONDecodeError):
            json.loads(raw)

    def test_fault_empty(self):
        status, _, raw = request(self.base, "/list/1?fault=empty")
        self.assertEqual((status, raw), (200, b""))

    def test_fault_hostile(self):
        status, body = get_json(self.base, "/list/1?fault=hostile")
        self.assertEqual(status, 200)
        d = body["data"]
        self.assertGreater(d["curPage"], d["pageCount"])
        self.assertLess(d["total"], 0)

    def test_unknown_fault_is_400(self):
        self.assertEqual(request(self.base, "/list/1?fault=nope")[0], 400)

    def test_delay(self):
        t0 = time.monotonic()
        status, body = get_json(self.base, "/list/1?delay=0.3")
        self.assertGreaterEqual(time.monotonic() - t0, 0.3)
        self.assertEqual((status, body["data"]["curPage"]), (200, 1))
        for q in ("delay=-1", "delay=abc", "delay=nan"):
            with self.subTest(q=q):
                self.assertEqual(request(self.base, f"/list/1?{q}")[0], 400)

    def test_delay_then_fault(self):
        t0 = time.monotonic()
        self.assertEqual(request(self.base, "/list/1?delay=0.2&fault=500")[0], 500)
        self.assertGreaterEqual(time.monotonic() - t0, 0.2)

    # -- scripted faults -----------------------------------------------------
    def test_control_fail_next_500(self):
        status, body = get_json(self.base, "/control", method="POST", body={"failNext": 2, "fault": "500"})
        self.assertEqual(status, 200)
        self.assertEqual(body["control"]["failNext"], 2)
        self.assertEqual(request(self.base, "/list/1")[0], 500)
        self.assertEqual(request(self.base, "/list/2?tab=x")[0], 500)
        self.assertEqual(get_json(self.base, "/list/1")[0], 200)
        self.assertEqual(get_json(self.base, "/control")[1]["failNext"], 0)

    def test_control_fail_next_malformed(self):
        get_json(self.base, "/control", method="POST", body={"failNext": 1, "fault": "malformed"})
        status, _, raw = request(self.base, "/list/1")
        self.assertEqual(status, 200)
        with self.assertRaises(json.JSONDecodeError):
            json.loads(raw)
        self.assertEqual(get_json(self.base, "/list/1")[0], 200)

    def test_control_delay_next(self):
        get_json(self.base, "/control", method="POST", body={"delayNext": 1, "delay": 0.3})
        t0 = time.monotonic()
        self.assertEqual(get_json(self.base, "/list/1")[0], 200)
        self.assertGreaterEqual(time.monotonic() - t0, 0.3)
        t0 = time.monotonic()
        self.assertEqual(get_json(self.base, "/list/1")[0], 200)
        self.assertLess(time.monotonic() - t0, 0.25)

    def test_control_does_not_affect_other_paths(self):
        get_json(self.base, "/control", method="POST", body={"failNext": 1})
        self.assertEqual(get_json(self.base, "/health")[0], 200)
        self.assertEqual(request(self.base, "/list/1")[0], 500)  # default fault is 500

    def test_control_rejects_bad_input(self):
        for body in ({"failNext": -1}, {"failNext": "2"}, {"fault": "weird"}, {"delay": -3}, [1, 2]):
            with self.subTest(body=body):
                self.assertEqual(request(self.base, "/control", method="POST", body=body)[0], 400)
        status, _, _ = request(self.base, "/control", method="POST", body=None)
        self.assertEqual(status, 200)  # empty body = no-op, returns state

    # -- stats / misc --------------------------------------------------------
    def test_stats(self):
        for p in (1, 2, 2, 9):
            request(self.base, f"/list/{p}")
        request(self.base, "/health")
        status, stats = get_json(self.base, "/stats")
        self.assertEqual(status, 200)
        self.assertEqual(stats["paths"]["/list/2"], 2)
        self.assertEqual(stats["paths"]["/list/1"], 1)
        self.assertEqual(stats["paths"]["/health"], 1)
        self.assertEqual(stats["lastPages"], [1, 2, 2, 9])

    def test_stats_keeps_last_50_pages(self):
        for p in range(1, 61):
            request(self.base, f"/list/{p}?fault=empty")
        _, stats = get_json(self.base, "/stats")
        self.assertEqual(stats["lastPages"], list(range(11, 61)))

    def test_unknown_route_404_and_wrong_method_405(self):
        status, body = get_json(self.base, "/nope")
        self.assertEqual((status, body["errorCode"]), (404, 404))
        self.assertEqual(request(self.base, "/list/1", method="POST", body={})[0], 405)

    def test_concurrent_slow_request_does_not_block_others(self):
        results = {}
        t = threading.Thread(target=lambda: results.setdefault("slow", request(self.base, "/list/1?delay=0.5")[0]))
        t.start()
        time.sleep(0.05)
        t0 = time.monotonic()
        self.assertEqual(get_json(self.base, "/health")[0], 200)
        self.assertLess(time.monotonic() - t0, 0.3)
        t.join(5)
        self.assertEqual(results["slow"], 200)


class PagedServerLifecycleTests(unittest.TestCase):
    def setUp(self):
        self.servers = []

    def tearDown(self):
        for s in self.servers:
            s.close()

    def start(self, *args, **kw):
        s = ServerProcess(*args, **kw)
        self.servers.append(s)
        return s

    def test_cli_options_and_single_stdout_line(self):
        s = self.start("--items", "7", "--page-size", "3", "--seed", "42")
        _, body = get_json(s.base, "/list/3")
        d = body["data"]
        self.assertEqual((d["pageCount"], d["total"], d["size"], len(d["datas"])), (3, 7, 3, 1))
        request(s.base, "/shutdown")
        self.assertEqual(s.wait_exit(), 0)
        self.assertEqual(s.proc.stdout.read(), b"")  # nothing after the LISTENING line
        self.assertIn("GET /list/3", s.stderr())  # request log goes to stderr

    def test_exits_when_stdin_closed(self):
        s = self.start()
        self.assertEqual(get_json(s.base, "/health")[0], 200)
        s.proc.stdin.close()
        self.assertEqual(s.wait_exit(), 0)
        self.assertIn("stdin EOF", s.stderr())

    def test_exits_when_stdin_closed_even_with_slow_request_in_flight(self):
        s = self.start()
        def slow_client():
            try:  # the server dies mid-request; the client error is expected
                request(s.base, "/list/1?delay=30", timeout=10)
            except Exception:
                pass

        t = threading.Thread(target=slow_client, daemon=True)
        t.start()
        time.sleep(0.2)
        t0 = time.monotonic()
        s.proc.stdin.close()
        self.assertEqual(s.wait_exit(), 0)
        self.assertLess(time.monotonic() - t0, 2.0)
        t.join(5)

    def test_exits_when_stdin_closed_with_a_held_request(self):
        s = self.start()
        def held_client():
            try:  # never released: the server's exit ends it
                request(s.base, "/list/2?holdPage=2", timeout=10)
            except Exception:
                pass

        t = threading.Thread(target=held_client, daemon=True)
        t.start()
        deadline = time.monotonic() + 5
        while get_json(s.base, "/stats")[1]["held"] != 1:
            self.assertLess(time.monotonic(), deadline, "the request was never held")
            time.sleep(0.01)
        s.proc.stdin.close()
        self.assertEqual(s.wait_exit(), 0)
        t.join(5)

    def test_exits_on_shutdown_endpoint(self):
        s = self.start()
        self.assertEqual(get_json(s.base, "/shutdown"), (200, {"ok": True, "shuttingDown": True}))
        self.assertEqual(s.wait_exit(), 0)
        with self.assertRaises(urllib.error.URLError):
            urllib.request.urlopen(s.base + "/health", timeout=1)

    def test_exits_on_sigterm_and_sigint(self):
        for sig in (signal.SIGTERM, signal.SIGINT):
            with self.subTest(sig=sig):
                s = self.start()
                s.proc.send_signal(sig)
                self.assertEqual(s.wait_exit(), 0)

    def test_exits_after_idle_timeout(self):
        s = self.start("--idle-timeout", "0.4")
        t0 = time.monotonic()
        for _ in range(3):  # requests keep it alive past the idle timeout
            time.sleep(0.2)
            self.assertEqual(get_json(s.base, "/health")[0], 200)
        self.assertEqual(s.wait_exit(timeout=3), 0)
        self.assertGreater(time.monotonic() - t0, 0.9)
        self.assertIn("idle", s.stderr())

    def test_max_lifetime_bounds_run_time(self):
        s = self.start("--max-lifetime", "0.3")
        self.assertEqual(s.wait_exit(timeout=3), 0)
        self.assertIn("max lifetime", s.stderr())

    def test_refuses_non_loopback_host(self):
        for host in ("0.0.0.0", "8.8.8.8", "example.com"):
            with self.subTest(host=host):
                s = self.start("--host", host, expect_listening=False)
                self.assertEqual(s.wait_exit(), 2)
                self.assertEqual(s.proc.stdout.read(), b"")
                self.assertIn("loopback", s.stderr())

    def test_rejects_timeouts_that_are_not_positive(self):
        for args in (("--idle-timeout", "0"), ("--idle-timeout", "-1"), ("--idle-timeout", "nan"),
                     ("--max-lifetime", "0")):
            with self.subTest(args=args):
                s = self.start(*args, expect_listening=False)
                self.assertEqual(s.wait_exit(), 2)
                self.assertEqual(s.proc.stdout.read(), b"")
                self.assertIn("must be > 0", s.stderr())

    # -- started by hand: runs until interrupted ------------------------------
    def test_by_default_there_is_no_idle_timeout_no_max_lifetime_and_stdin_is_not_read(self):
        options = load_server_module().parse_args([])
        self.assertIsNone(options.idle_timeout)
        self.assertIsNone(options.max_lifetime)
        self.assertFalse(options.exit_on_stdin_eof)
        s = self.start(exit_on_stdin_eof=False)
        self.assertEqual(get_json(s.base, "/health")[0], 200)
        self.assertIn("idle-timeout=never max-lifetime=never stdin=not read", s.stderr())

    def test_started_by_hand_it_ignores_stdin_eof_and_runs_until_interrupted(self):
        s = self.start(exit_on_stdin_eof=False)
        s.proc.stdin.close()
        time.sleep(0.5)  # the old server exited within 0.1 s of stdin EOF
        self.assertIsNone(s.proc.poll(), s.stderr())
        self.assertEqual(get_json(s.base, "/health")[0], 200)
        s.proc.send_signal(signal.SIGINT)  # Ctrl-C
        self.assertEqual(s.wait_exit(), 0)
        self.assertIn("exiting (SIGINT)", s.stderr())

    def test_started_in_the_background_from_a_script_keeps_running(self):
        # `python3 paged_server.py &` in a script (no job control) gets stdin = /dev/null, which is
        # at EOF at once: even --exit-on-stdin-eof must not take that as "the parent is gone".
        for flags in ((), ("--exit-on-stdin-eof",)):
            with self.subTest(flags=flags):
                s = self.start(*flags, exit_on_stdin_eof=False, stdin=subprocess.DEVNULL)
                time.sleep(0.5)
                self.assertIsNone(s.proc.poll(), s.stderr())
                self.assertEqual(get_json(s.base, "/health")[0], 200)
                if flags:
                    self.assertIn("--exit-on-stdin-eof ignored: stdin is /dev/null", s.stderr())
                s.proc.send_signal(signal.SIGTERM)
                self.assertEqual(s.wait_exit(), 0)


def load_server_module():
    spec = importlib.util.spec_from_file_location("paged_server", SERVER)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# Runs as the session leader of a new pseudo-terminal (the child of pty.fork), like an interactive
# shell, and starts the server the way `python3 paged_server.py ... &` does there: as a background
# job, in its own process group, with the terminal as its stdin. Prints the server's pid, then its
# LISTENING line, then waits for it.
#   argv: stderr-log-path python3 paged_server.py args...
BACKGROUND_JOB_SHELL = r"""
import os, subprocess, sys
with open(sys.argv[1], "wb") as err:
    proc = subprocess.Popen(sys.argv[2:], stdout=subprocess.PIPE, stderr=err, preexec_fn=os.setpgrp)
print(f"PID {proc.pid}", flush=True)
print(proc.stdout.readline().decode().strip(), flush=True)
proc.wait()
"""


@unittest.skipUnless(hasattr(os, "setpgrp") and os.path.exists("/dev/ptmx"), "needs POSIX job control and ptys")
class PagedServerOnATerminalTests(unittest.TestCase):
    """A background job of an interactive shell that reads its terminal is stopped by SIGTTIN."""

    def start_background_job(self, *args):
        log = tempfile.NamedTemporaryFile(delete=False)
        log.close()
        self.addCleanup(os.unlink, log.name)
        shell_pid, master = pty.fork()
        if shell_pid == 0:  # the child: become the "shell" (os.execv never returns)
            try:
                os.execv(sys.executable, [sys.executable, "-c", BACKGROUND_JOB_SHELL, log.name,
                                          sys.executable, SERVER, "--port", "0", *args])
            finally:
                os._exit(127)
        self.addCleanup(self.reap, shell_pid)
        self.addCleanup(os.close, master)
        output = b""
        server_pid = None
        deadline = time.monotonic() + 10
        while b"LISTENING" not in output or not output.endswith(b"\n"):
            if server_pid is None and output.startswith(b"PID ") and b"\n" in output:
                server_pid = int(output.split()[1])
                self.addCleanup(self.kill, server_pid)
            if server_pid is not None:
                self.assertFalse(self.is_stopped(server_pid), "the server was stopped (SIGTTIN) before it listened")
            left = deadline - time.monotonic()
            self.assertGreater(left, 0, f"no LISTENING line from the background job: {output!r}")
            ready, _, _ = select.select([master], [], [], min(left, 0.1))
            if ready:
                try:
                    chunk = os.read(master, 1024)
                except OSError:  # EIO: the shell exited
                    chunk = b""
                self.assertTrue(chunk, f"the shell exited early: {output!r}")
                output += chunk
        base = output.split(b"LISTENING ", 1)[1].split()[0].decode()
        return server_pid, base, log.name

    @staticmethod
    def kill(pid):
        try:
            os.kill(pid, signal.SIGKILL)  # also ends a job stopped by SIGTTIN
        except ProcessLookupError:
            pass

    @staticmethod
    def reap(pid):
        deadline = time.monotonic() + 5
        while os.waitpid(pid, os.WNOHANG) == (0, 0):
            if time.monotonic() > deadline:
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
                return
            time.sleep(0.02)

    @staticmethod
    def is_stopped(pid):
        try:
            with open(f"/proc/{pid}/stat") as f:
                return f.read().rsplit(")", 1)[1].split()[0] in ("T", "t")
        except OSError:
            return False  # no /proc: the HTTP check below still catches a stopped server

    def test_a_background_job_on_a_terminal_is_not_stopped_and_keeps_serving(self):
        for flags in ((), ("--exit-on-stdin-eof",)):
            with self.subTest(flags=flags):
                pid, base, log = self.start_background_job(*flags)
                for _ in range(3):
                    time.sleep(0.2)
                    self.assertFalse(self.is_stopped(pid), "the server was stopped (SIGTTIN)")
                    status, _, _ = request(base, "/health", timeout=2)
                    self.assertEqual(status, 200)
                with open(log) as f:
                    text = f.read()
                self.assertIn("stdin=not read", text)
                if flags:
                    self.assertIn("--exit-on-stdin-eof ignored: stdin is a terminal", text)


if __name__ == "__main__":
    unittest.main()
