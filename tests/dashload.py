"""Load on a live dashboard: raw Server-Sent Events subscribers to one Not Scrabble game while a
producer draws letters and sends shouts, with the figures the load test checks and the dashboard
benchmark (benchmarks/dashboard.py) prints.

Not a test module: the load test and the benchmark both import it.
"""

from __future__ import annotations

import http.client
import json
import random
import threading
import time
from dataclasses import dataclass, field
from urllib.parse import urlparse

from tests.browser import call


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


def load(server: str, subscribers: int = 20, rate: float = 50, seconds: float = 10, browser=None) -> dict:
    """Run the load against a live server: ``subscribers`` streams of one new game while ``rate``
    shouts a second (each after a draw) arrive for ``seconds``; ``browser``, a WebDriver, watches
    the scores page too.

    Returns the figures: ``events`` committed, ``shouts`` sent and ``shouts_per_s``, ``missed``
    (events each stream missed), ``in_order``, ``push_ms`` (commit's answer to arrival on the
    streams), ``probe_ms`` (state requests meanwhile); with a browser, ``browser_missed`` and
    ``browser_push_ms``.
    """
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
