#!/usr/bin/env python3
"""Memory of many browsers catching up on one long game at once (issue 17: 20 idle streams on a
22 MB game added 1.09 GB).

A game of ``--events`` draw events (about 22 MB of JSON at the default) is loaded in the live hub;
``--streams`` Server-Sent Events streams then catch up at the same time, each taking one message
in turn, as a threaded server interleaves them. Printed: the peak memory Python allocated while
they do (tracemalloc), for the hub's streams (each event made JSON once, shared, sent in pieces of
``web.live.CHUNK``) and, as the baseline in the same run, for streams that each build their whole
catch-up as one message from copies of the events (what the hub did before).

Run: ``.venv/bin/python benchmarks/streams.py [--events 235000] [--streams 20]``
"""

from __future__ import annotations

import argparse
import gc
import json
import sys
import tracemalloc
from collections.abc import Callable, Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from web.live import Hub, sse


def copying(hub: Hub, game: int) -> Iterator[str]:
    """The baseline: one message with the whole catch-up, built from copies of the events."""
    fresh = hub.after(game, 0)
    yield sse(fresh[-1][0], "events", [{"n": n, **e} for n, e in fresh])


def peak(make: Callable[[], Iterator[str]], streams: int) -> tuple[float, int]:
    """Peak MB allocated while ``streams`` streams catch up in turn, and the bytes they sent."""
    gc.collect()
    tracemalloc.start()
    feeds = [make() for _ in range(streams)]
    sent, held = 0, [""] * streams  # each stream's last message, in the server's hands until written
    live = list(range(streams))
    while live:
        for index in list(live):
            message = next(feeds[index], None)
            if message is None or message.startswith(":"):  # done, or idle (a keepalive)
                live.remove(index)
                continue
            held[index] = message
            sent += len(message)
    _, top = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return top / 1e6, sent


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--events", type=int, default=235_000)
    parser.add_argument("--streams", type=int, default=20)
    args = parser.parse_args()
    hub = Hub(merge=0.0, keepalive=0.001)
    players = ["Ann", "Ben & Cat", "Dan"]
    events = [{"type": "draw", "player": players[i % 3], "letter": "ETAOINSHRDLU"[i % 12], "by": "camera",
               "said": f"{players[i % 3]} turns up {'ETAOINSHRDLU'[i % 12]}"} for i in range(args.events)]  # fmt: skip
    hub.load(1, events)
    size = sum(len(json.dumps(e)) for e in events) / 1e6
    print(f"a game of {args.events} events ({size:.1f} MB of JSON), {args.streams} streams catching up at once")
    base, base_sent = peak(lambda: copying(hub, 1), args.streams)
    shared, sent = peak(lambda: hub.stream(1), args.streams)
    hub.close()
    print(f"  baseline (a copy and one message per stream): peak {base:.0f} MB, sent {base_sent / 1e6:.0f} MB")
    print(f"  shared (JSON made once, pieces of the log):  peak {shared:.0f} MB, sent {sent / 1e6:.0f} MB")
    print(f"  ratio: {shared / base:.3f} of the baseline's memory")


if __name__ == "__main__":
    main()
