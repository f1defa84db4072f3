#!/usr/bin/env python3
"""Load and latency of the dashboard's live updates, on a real server and SQLite store.

20 subscribers hold the live stream of one Not Scrabble game (raw Server-Sent Events clients,
and one real headless Chromium page when Debian's chromium is installed) while a producer sends
50 shouts a second, each after a letter is drawn (so 100 requests a second). Printed: events
committed, events each subscriber missed (must be 0), push latency from the commit's answer to
arrival (streams and the browser), and how fast the server answers a state request meanwhile.
The baseline in the same run is the same push with one subscriber and no load.

Run: ``.venv/bin/python benchmarks/dashboard.py [--seconds 10] [--subscribers 20] [--rate 50]``
"""

from __future__ import annotations

import argparse
import http.client
import json
import random
import statistics
import sys
import tempfile
import threading
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlparse

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.words.solver import Referee


@dataclass
class Subscriber:
    """One raw SSE client: every event number it got, with the time it arrived."""

    url: str
    arrivals: dict[int, float] = field(default_factory=dict)
    order_ok: bool = True
    stop: threading.Event = field(default_factory=threading.Event)
    ready: threading.Event = field(default_factory=threading.Event)

    def run(self) -> None:
        parts = urlparse(self.url)
        connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
        connection.request("GET", parts.path)
        response = connection.getresponse()
        self.ready.set()
        kind, last = None, 0
        while not self.stop.is_set():
            line = response.readline().decode()
            if not line:
                break
            if line.startswith("event: "):
                kind = line[7:].strip()
            elif line.startswith("data: ") and kind == "events":
                now = time.time()
                for event in json.loads(line[6:]):
                    self.order_ok &= event["n"] == last + 1
                    last = event["n"]
                    self.arrivals[event["n"]] = now
        connection.close()


def call(url: str, body: dict | None = None) -> dict:
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(url, data, {"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read())


def load(server: str, subscribers: int = 20, rate: float = 50, seconds: float = 10, browser=None) -> dict:
    """Run the load against a live server; returns the figures (see the module's docstring)."""
    game = call(server + "/api/sessions", {"game": "not-scrabble", "players": ["Ann", "Ben", "Cat"],
                                           "tiles": "camera"})["id"]  # fmt: skip
    for line in ("first-draw player=Ann letter=M", "first-draw player=Ben letter=C", "first-draw player=Cat letter=T"):
        call(f"{server}/api/sessions/{game}/events", {"text": line})
    streams = [Subscriber(f"{server}/api/sessions/{game}/stream") for _ in range(subscribers)]
    threads = [threading.Thread(target=s.run, daemon=True) for s in streams]
    for thread in threads:
        thread.start()
    for stream in streams:
        stream.ready.wait(10)
    if browser is not None:
        browser.get(f"{server}/game/{game}/scores")  # the chart is asked for after every update
        time.sleep(1.0)
    probes: list[float] = []
    stop = threading.Event()

    def probe() -> None:
        while not stop.is_set():
            start = time.perf_counter()
            call(f"{server}/api/sessions/{game}")
            probes.append((time.perf_counter() - start) * 1000)
            stop.wait(0.1)

    prober = threading.Thread(target=probe, daemon=True)
    prober.start()
    rng = random.Random(1)
    committed: dict[int, float] = {}
    turn = "Ben"  # C is nearest A: Ben holds the bag first
    shouts = 0
    start = time.perf_counter()
    for tick in range(int(rate * seconds)):
        due = start + tick / rate
        time.sleep(max(0.0, due - time.perf_counter()))
        letter = rng.choice("EEEEAAIIOONRSTLDGU")
        answer = call(f"{server}/api/sessions/{game}/events", {"text": f"draw player={turn} letter={letter}"})
        committed[answer["n"]] = time.time()
        state = answer["state"]
        turn = state["turn"]
        pool = state["pool"]
        word = "".join(rng.sample(pool, min(len(pool), rng.randint(3, 5)))) if len(pool) >= 3 else "zzz"
        call(f"{server}/api/sessions/{game}/shout", {"player": rng.choice(["Ann", "Ben", "Cat"]), "word": word})
        shouts += 1
    elapsed = time.perf_counter() - start
    total = call(f"{server}/api/sessions/{game}")["events"]
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and any(len(s.arrivals) < total for s in streams):
        time.sleep(0.05)
    stop.set()
    for stream in streams:
        stream.stop.set()
    latencies = [(s.arrivals[n] - t) * 1000 for s in streams for n, t in committed.items() if n in s.arrivals]
    figures = {
        "events": total,
        "shouts": shouts,
        "shouts_per_s": shouts / elapsed,
        "missed": [sum(1 for n in range(1, total + 1) if n not in s.arrivals) for s in streams],
        "in_order": all(s.order_ok for s in streams),
        "push_ms": latencies,
        "probe_ms": probes,
    }
    if browser is not None:
        arrivals = browser.execute_script("return window.wordtableArrivals")
        seen = {int(n): t / 1000 for n, t in arrivals.items()}
        figures["browser_missed"] = sum(1 for n in range(1, total + 1) if n not in seen and n > 4)
        figures["browser_push_ms"] = [(seen[n] - t) * 1000 for n, t in committed.items() if n in seen]
    return figures


def spread(values: list[float]) -> str:
    if not values:
        return "none"
    ordered = sorted(values)
    p95 = ordered[int(0.95 * (len(ordered) - 1))]
    return f"median {statistics.median(ordered):.1f} ms, p95 {p95:.1f} ms, max {ordered[-1]:.1f} ms"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--subscribers", type=int, default=20)
    parser.add_argument("--rate", type=float, default=50)
    args = parser.parse_args()
    from tests.browser import CHROMIUM, chromium, live_server

    referee = Referee.default("large")
    browser = chromium() if Path(CHROMIUM).exists() else None
    try:
        with tempfile.TemporaryDirectory() as folder, live_server(Path(folder), referee) as (server, _):
            quiet = load(server, subscribers=1, rate=5, seconds=4)
            busy = load(server, args.subscribers, args.rate, args.seconds, browser)
    finally:
        if browser is not None:
            browser.quit()
    print(f"baseline, 1 stream, 5 shouts/s: push {spread(quiet['push_ms'])}")
    print(f"load, {args.subscribers} streams + {'1 Chromium page' if browser else 'no browser'}, "
          f"{busy['shouts_per_s']:.1f} shouts/s (each after a draw) for {args.seconds:.0f} s: "
          f"{busy['events']} events committed")  # fmt: skip
    print(f"  missed per stream: max {max(busy['missed'])}; all in order: {busy['in_order']}")
    print(f"  push to the streams: {spread(busy['push_ms'])}")
    if browser is not None:
        print(f"  push to Chromium: {spread(busy['browser_push_ms'])}; missed {busy['browser_missed']}")
    print(f"  state requests meanwhile ({len(busy['probe_ms'])}): {spread(busy['probe_ms'])}")


if __name__ == "__main__":
    main()
