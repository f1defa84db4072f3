#!/usr/bin/env python3
"""A table's machine catching its club up after a network blip: how long the club's copy takes to
equal the table's once the club answers again, for N events recorded during the blip.

The table (its own SQLite store, its relay thread, as ``wordtable serve --upstream``) records N
events of a Not Scrabble game (tests/game_worker.py's script) while its club does not listen; then
the club's server (waitress, on SQLite or PostgreSQL) starts on that port, and the time from the
club listening to the relay reporting nothing behind (and the copies being equal) is printed, and
of that the time from the relay's first answered request (its pushes), with events a second.
Baseline in the same run: the table's own recording of the same N events (one commit each): the
ratio is pushing / recording.

The relay's wait between tries while the club is away is at most 2 s (web.uplink.BACKOFF): up to
that much of each figure is the relay not yet having tried again.

Run: ``.venv/bin/python benchmarks/relay.py [--events 200,1000] [--stores sqlite,postgresql]``
"""

from __future__ import annotations

import argparse
import socket
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.table.session import Session
from companion.table.store import EventStore
from companion.words.solver import Referee
from tests.game_worker import script
from web import create_app
from web.server import make_server
from web.services import Services
from web.uplink import Uplink


def free_port() -> int:
    with socket.create_server(("127.0.0.1", 0)) as probe:
        return int(probe.getsockname()[1])


class Timed(Uplink):
    """The relay, noting when the club first answered it."""

    answered: float | None = None

    def call(self, method: str, path: str, body: dict[str, Any] | None = None) -> dict[str, Any]:
        answer = super().call(method, path, body)
        self.answered = self.answered or time.perf_counter()
        return answer


def run(count: int, club_db: str, referee: Referee, folder: Path) -> tuple[float, float, float]:
    """Seconds to record ``count`` events at the table; for the club to catch up once it listens;
    and of those, from the relay's first answered request."""
    events = script()[: count + 1]
    port = free_port()
    table = Services(EventStore(folder / "table.sqlite3"), referee)
    uplink = Timed(table, f"http://127.0.0.1:{port}", "table-1").start()
    session = table.tables.start({k: v for k, v in events[0].as_dict().items() if k != "type"})
    started = time.perf_counter()
    for event in events[1:]:
        session.record(event)
    recording = time.perf_counter() - started
    while uplink.status()["state"] != "unreachable":
        time.sleep(0.05)
    club = Services(EventStore(club_db), referee)
    server = make_server(create_app({}, club), "127.0.0.1", port)
    threading.Thread(target=server.run, daemon=True).start()
    listening = time.perf_counter()
    while True:
        status = uplink.status()
        if status["state"] == "connected" and status["behind"] == 0 and status["games"][0]["club"]:
            break
        time.sleep(0.01)
    done = time.perf_counter()
    catching_up, pushing = done - listening, done - (uplink.answered or listening)
    assert club.store.events(status["games"][0]["club"]) == table.store.events(session.game_id)
    uplink.stop()
    server.close()
    club.close()
    table.close()
    assert isinstance(session, Session)
    return recording, catching_up, pushing


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", default="200,1000")
    parser.add_argument("--stores", default="sqlite,postgresql")
    args = parser.parse_args()
    referee = Referee.load("standard")
    cluster = None
    head = f"{'club store':<12} {'events':>7} {'table records':>14} {'club caught up':>15} {'of which pushing':>17}"
    print(f"{head} {'events/s':>9} {'ratio':>6}")
    try:
        for store in args.stores.split(","):
            for count in (int(n) for n in args.events.split(",")):
                with tempfile.TemporaryDirectory() as tmp:
                    if store == "postgresql":
                        from tests.pgcluster import Cluster

                        cluster = cluster or Cluster.start(fsync=True)
                        db = cluster.database()
                    else:
                        db = str(Path(tmp) / "club.sqlite3")
                    recording, catching_up, pushing = run(count, db, referee, Path(tmp))
                print(f"{store:<12} {count:>7} {recording:>12.2f} s {catching_up:>13.2f} s {pushing:>15.2f} s "
                      f"{count / pushing:>9.0f} {pushing / recording:>6.2f}", flush=True)  # fmt: skip
    finally:
        if cluster is not None:
            cluster.stop()


if __name__ == "__main__":
    main()
