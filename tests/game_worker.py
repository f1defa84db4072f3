"""A process that plays a scripted Not Scrabble game into a store (SQLite or PostgreSQL), for the kill test.

Usage: python tests/game_worker.py DB COUNT  (DB: a SQLite path or a postgresql:// URL)
Resumes the game in DB if there is one, records the next COUNT events of the script, and
prints "ack N" (N = the event's number in the store) after each event is committed.
"""

from __future__ import annotations

import sys

from companion.records import Event
from companion.table.session import Session
from companion.table.store import EventStore
from companion.words.solver import Referee

PLAYERS = ["Ann", "Ben", "Cat"]


def script() -> list[Event]:
    """A long legal game: first player drawn, then rounds of R, I, D, E drawn and RIDE claimed."""
    events = [Event("game", {"game": "not-scrabble", "players": PLAYERS, "tiles": "camera"})]
    events += [Event("first-draw", {"player": p, "letter": letter}) for p, letter in zip(PLAYERS, "ABC", strict=True)]
    holder = 0
    for round_ in range(200):
        for letter in "RIDE":
            events.append(Event("draw", {"player": PLAYERS[holder], "letter": letter}))
            holder = (holder + 1) % 3
        events.append(Event("claim", {"player": PLAYERS[round_ % 3], "word": "RIDE", "from": None}))
    return events


def main() -> None:
    path, count = sys.argv[1], int(sys.argv[2])
    store = EventStore(path)
    referee = Referee.load("standard")
    events = script()
    if store.games():
        session = Session.resume(store, 1, referee)
    else:
        session = Session.start(store, referee, events[0])
        print("ack 1", flush=True)
    done = len(session.game.events)
    for event in events[done : done + count]:
        number = session.record(event)
        print(f"ack {number}", flush=True)


if __name__ == "__main__":
    main()
