#!/usr/bin/env python3
"""Benchmark the rules engines: apply one event and recompute the standings, in a 500-event game.

A Not Scrabble game is generated first (camera tiles, letters drawn with Scrabble frequencies,
and after each draw the longest claim the solver finds, if any: a realistic mix of draws,
claims and steals), 500 events long. Then, with the first 400 events applied, each of the
last 100 is timed as ``push`` + ``standings()``. The same is done for the session (``record``:
engine, then a committed SQLite write with synchronous=FULL in a file) and, as the baseline,
for the naive way of rebuilding the game from all its events for each new one.

Run: ``.venv/bin/python benchmarks/engine.py``
"""

from __future__ import annotations

import random
import resource
import statistics
import tempfile
import time
import tracemalloc
from pathlib import Path

from companion.games.not_scrabble import NotScrabble
from companion.games.registry import load_game
from companion.records import Event
from companion.sets.tilesets import SCRABBLE_NO_BLANKS
from companion.table.session import Session
from companion.table.store import EventStore
from companion.words.solver import Referee

EVENTS, TIMED = 500, 100


def generate(referee: Referee, rng: random.Random) -> list[Event]:
    game = NotScrabble.new(referee, ["Ann", "Ben", "Cat", "Dan"], tiles="camera")
    for player, letter in zip(game.players, "ABCD", strict=True):
        game.push(Event("first-draw", {"player": player, "letter": letter}))
    letters = list(SCRABBLE_NO_BLANKS)
    while len(game.events) < EVENTS:
        game.push(Event("draw", {"player": game.turn, "letter": rng.choice(letters).upper()}))
        found = game.legal_claims()
        options = [(len(w), w, None) for w in found.new if len(w) <= 6]
        options += [(len(s.new), s.new, f"{game.owners(s.sources[0])[0]}:{s.sources[0]}") for s in found.steals]
        if options and len(game.events) < EVENTS and rng.random() < 0.5:
            _, word, source = max(options, key=lambda o: (o[0], o[1]))
            game.push(Event("claim", {"player": rng.choice(game.players), "word": word.upper(), "from": source}))
    return game.events[:EVENTS]


def ms(start: float) -> float:
    return (time.perf_counter() - start) * 1000


def main() -> None:
    rng = random.Random(2026)
    referee = Referee.load("large")
    events = generate(referee, rng)
    kinds = {t: sum(e.type == t for e in events) for t in ("draw", "claim")}

    base = load_game(events[: EVENTS - TIMED], referee)
    tracemalloc.start()
    engine_ms = []
    for event in events[EVENTS - TIMED :]:
        start = time.perf_counter()
        base.push(event)
        base.standings()
        engine_ms.append(ms(start))
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()

    with tempfile.TemporaryDirectory() as folder:
        store = EventStore(Path(folder) / "bench.sqlite3")
        session = Session.start(store, referee, events[0])
        for event in events[1 : EVENTS - TIMED]:
            session.record(event)
        session_ms = []
        for event in events[EVENTS - TIMED :]:
            start = time.perf_counter()
            session.record(event)
            session.standings()
            session_ms.append(ms(start))

    rebuild_ms = []
    for n in range(EVENTS - TIMED, EVENTS, 10):
        start = time.perf_counter()
        load_game(events[: n + 1], referee).standings()
        rebuild_ms.append(ms(start))

    median = statistics.median
    print(f"game: not-scrabble, {EVENTS} events ({kinds['draw']} draws, {kinds['claim']} claims), large dictionary")
    print(
        f"engine push + standings, last {TIMED} events: median {median(engine_ms):.3f} ms, max {max(engine_ms):.2f} ms"
    )
    print(f"session record (SQLite commit, synchronous=FULL) + standings: median {median(session_ms):.2f} ms")
    print(f"baseline, rebuild from all events each time: median {median(rebuild_ms):.1f} ms "
          f"(ratio {median(rebuild_ms) / median(engine_ms):.0f}x)")  # fmt: skip
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"memory: {peak / 1024:.0f} KiB allocated at peak while applying {TIMED} events")
    print(f"process max RSS {rss:.0f} MB (dictionary, letter index and stem data included)")
    print("target: <= 5 ms per event")


if __name__ == "__main__":
    main()
