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
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.words.solver import Referee
from tests.browser import CHROMIUM, chromium, live_server
from tests.dashload import load


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
    referee = Referee.load("large")
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
