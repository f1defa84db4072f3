#!/usr/bin/env python3
"""Benchmark the buzzer box with its firmware in simavr: resolution, latency, throughput.

- Timestamp resolution: two buttons pressed d microseconds apart (same port and different
  ports), d = 1 ... 30: the smallest d always ordered, and how late the second stamp can be.
- Host latency: from the press line arriving at the host to the arbitration decision recorded
  in a Not Scrabble session (SQLite), less the settle window. Target: at most 5 ms.
- Throughput: a burst of presses on all eight buttons, simulated time 4x real time: presses
  per second reaching the host, and the troubles the link reported (gaps, dropped lines,
  resyncs...: a lost press is always one of them, never silent).

Run: ``make -C hardware && .venv/bin/python benchmarks/buzzers.py``
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.records import Event
from companion.table.session import Session
from companion.table.store import EventStore
from companion.words.solver import Referee
from firmware_bridge.desk import BuzzerDesk
from firmware_bridge.link import TROUBLES, ButtonPress, Connected
from tests.buzzsim import Box, Host, build, burst, until


def resolution(folder: Path) -> dict[str, tuple[int, int]]:
    """(smallest gap always ordered, latest second stamp beyond the true gap) per pairing."""
    box = Box(folder / "res")
    host = Host(str(box.link))
    host.next(Connected)
    results = {}
    gaps = list(range(1, 31))
    for label, (a, b) in {"same port (PD2, PD6)": (0, 4), "two ports (PD2, PB0)": (0, 6)}.items():
        box.mark()
        t = 1000
        for gap in gaps:
            for _ in range(3):
                box.send(f"down {a} {t}", f"down {b} {t + gap}", f"up {a} {t + 25000}", f"up {b} {t + 25000}")
                t += 50_000
        box.wait_until(t)
        presses = [e for e in host.collect(0.5) if isinstance(e, ButtonPress)]
        ordered_from, late = None, 0
        for i, gap in enumerate(gaps):
            trials = [(presses[6 * i + 2 * k], presses[6 * i + 2 * k + 1]) for k in range(3)]
            measured = [{p.button: p.t_us for p in pair} for pair in trials]
            ok = all(m[b] - m[a] > 0 for m in measured)
            late = max(late, *(m[b] - m[a] - gap for m in measured))
            if ok and ordered_from is None:
                ordered_from = gap
            elif not ok:
                ordered_from = None
        results[label] = (ordered_from or -1, late)
    host.link.stop()
    box.close()
    return results


def latency(folder: Path) -> list[float]:
    """Host milliseconds from a press line's arrival to its decision being committed, less settle."""
    box = Box(folder / "lat")
    store = EventStore(folder / "bench.sqlite3")
    setup = Event("game", {"game": "not-scrabble", "players": ["Ann", "Ben"], "tiles": "camera"})
    session = Session.start(store, Referee.load("standard"), setup)
    for player, letter in (("Ann", "A"), ("Ben", "B")):
        session.record(Event("first-draw", {"player": player, "letter": letter}))
    settle = 0.03
    desk = BuzzerDesk(str(box.link), session, {0: "Ann", 1: "Ben"}, settle_s=settle, tie_us=10, cooldown_us=0)
    desk.start()
    until(lambda: desk.link.connected)
    box.mark()
    for i in range(60):
        t = 1000 + i * 100_000
        box.send(f"down {i % 2} {t}", f"up {i % 2} {t + 30000}")
    box.wait_until(6_200_000)
    time.sleep(0.3)
    desk.stop()
    box.close()
    return [(seconds - settle) * 1000 for _, seconds in desk.decisions]


def throughput(folder: Path) -> tuple[int, float, dict[str, int]]:
    box = Box(folder / "thr", speed=4.0)
    host = Host(str(box.link))
    host.next(Connected)
    box.mark()
    commands, t = burst(250)
    started = time.monotonic()
    box.send(*commands)
    box.wait_until(t, timeout=120)  # simavr may not keep up with 4x: wait for simulated time
    wall = time.monotonic() - started
    got = host.collect(0.5)
    presses = [e for e in got if isinstance(e, ButtonPress)]
    troubles: dict[str, int] = {}
    for event in got:
        if isinstance(event, TROUBLES):
            troubles[type(event).__name__] = troubles.get(type(event).__name__, 0) + 1
    host.link.stop()
    box.close()
    return len(presses), len(presses) / wall, troubles


def main() -> None:
    reason = build()
    if reason:
        raise SystemExit(reason)
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        for label, (ordered_from, late) in resolution(folder).items():
            print(f"resolution, {label}: ordered from {ordered_from} us apart; a stamp up to {late} us late")
        lat = latency(folder)
        print(f"host latency after the 30 ms settle window (arrival -> decision committed), {len(lat)} decisions: "
              f"median {statistics.median(lat):.2f} ms, max {max(lat):.2f} ms (target <= 5 ms)")  # fmt: skip
        count, rate, troubles = throughput(folder)
        said = ", ".join(f"{n} {kind}" for kind, n in sorted(troubles.items())) or "no troubles"
        print(f"throughput: {count} of 2000 presses arrived, {rate:.0f} presses/s (simulated time 4x real), {said}")


if __name__ == "__main__":
    main()
