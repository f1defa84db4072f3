#!/usr/bin/env python3
"""A club evening's load on one club server: 40 tables x 5 viewers (200 live streams) while the
tables send 100 events a second between them, on SQLite and on PostgreSQL, and on the candidate
web servers.

Each table plays a Not Scrabble game (letters drawn, RIDE claimed, as tests/game_worker.py);
writer threads POST each table's next event to ``/api/sessions/N/events`` at the club's rate;
200 raw Server-Sent Events clients hold each table's stream. Printed for each run:

- events committed per second at the offered 100/s, and flat out (the writers unpaced);
- push latency from a table sending an event to each of its viewers receiving it (p50/p95/max)
  and events the viewers missed (must be 0);
- the server's CPU (all its processes) and memory (resident) meanwhile;
- the database's size per 1,000 events (SQLite: the file after a checkpoint; PostgreSQL: the
  games and events tables with their indexes).

Baselines in the same run: PostgreSQL is given as a ratio to SQLite (same server); each web
server as a ratio to waitress (same store). The PostgreSQL cluster is a throw-away one with fsync
on (tests/pgcluster.py). The server runs in its own process (``--serve``); the load generator
shares the same 2 cores.

gunicorn and gevent are not wordtable's dependencies: ``pip install gunicorn gevent`` to measure
them (without, they are left out).

Run: ``.venv/bin/python benchmarks/club.py [--seconds 15] [--stores sqlite,postgresql]
[--servers waitress,gthread,gevent,flask]``
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import queue
import socket
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.dashload import Subscriber  # noqa: E402  # after the path is set

TABLES, VIEWERS, RATE = 40, 5, 100.0


# -- the server (run in its own process) ---------------------------------------------------


def serve(server: str, db: str, port: int, data: str) -> None:
    """The club server on ``server``: waitress (web.server, the product's), gunicorn with one
    worker of 400 threads (gthread) or of greenlets (gevent), or Flask's own threaded server."""
    if server == "gevent":
        from gevent import monkey

        monkey.patch_all()
    from companion.words.solver import Referee
    from web import create_app
    from web.services import Services

    def app() -> Any:
        services = Services.create(Path(data), Referee.load("standard"), db=db)
        services.hub.keepalive = 15.0
        return create_app({}, services)

    if server == "waitress":
        from web.server import Limits
        from web.server import serve as waitress_serve

        waitress_serve(app(), "127.0.0.1", port, Limits(per_client=1000))  # every viewer is on 127.0.0.1
    elif server == "flask":
        app().run(host="127.0.0.1", port=port, threaded=True)
    else:
        from gunicorn.app.base import BaseApplication

        class Club(BaseApplication):  # type: ignore[misc]  # gunicorn ships no types
            def load_config(self) -> None:
                self.cfg.set("bind", f"127.0.0.1:{port}")
                self.cfg.set("workers", 1)  # the live hub is in one process
                self.cfg.set("worker_class", "gthread" if server == "gthread" else "gevent")
                self.cfg.set("threads", 400)
                self.cfg.set("worker_connections", 1000)
                self.cfg.set("timeout", 60)
                self.cfg.set("graceful_timeout", 2)
                self.cfg.set("loglevel", "warning")

            def load(self) -> Any:
                return app()

        Club().run()


def start_server(server: str, db: str, data: str) -> tuple[subprocess.Popen[bytes], str]:
    with socket.create_server(("127.0.0.1", 0)) as probe:
        port = probe.getsockname()[1]
    command = [sys.executable, __file__, "--serve", server, "--db", db, "--port", str(port), "--data", data]
    process = subprocess.Popen(command, cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)},
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)  # fmt: skip
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        try:
            call(f"127.0.0.1:{port}", "GET", "/api/games")
            return process, f"127.0.0.1:{port}"
        except OSError:
            if process.poll() is not None:
                raise RuntimeError(process.stderr.read().decode()[-2000:] if process.stderr else "") from None
            time.sleep(0.2)
    raise RuntimeError(f"{server} did not start")


def call(where: str, method: str, path: str, body: Any = None, connection: Any = None) -> Any:
    own = connection is None
    if own:
        host, port = where.split(":")
        connection = http.client.HTTPConnection(host, int(port), timeout=30)
    try:
        data = json.dumps(body).encode() if body is not None else None
        connection.request(method, path, data, {"Content-Type": "application/json"})
        response = connection.getresponse()
        answer = response.read()
        if not 200 <= response.status < 300:
            raise RuntimeError(f"{method} {path}: {response.status} {answer[:200]!r}")
        return json.loads(answer)
    finally:
        if own:
            connection.close()


# -- the load --------------------------------------------------------------------------------


@dataclass
class Viewer(Subscriber):
    """A club screen's live stream of one table's game (the SSE reader of tests/dashload.py)."""

    game: int = 0


def cpu_seconds(pid: int) -> float:
    """User and system CPU of ``pid`` and its children (gunicorn's worker)."""
    total = 0.0
    tick = os.sysconf("SC_CLK_TCK")
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(stat.parent.name) == pid or int(fields[1]) == pid:
            total += (int(fields[11]) + int(fields[12])) / tick
    return total


def resident_mb(pid: int) -> float:
    total = 0
    for status in Path("/proc").glob("[0-9]*/status"):
        try:
            text = status.read_text()
        except OSError:
            continue
        lines = dict(line.split(":", 1) for line in text.splitlines() if ":" in line)
        if int(status.parent.name) == pid or int(lines.get("PPid", "0").strip()) == pid:
            total += int(lines.get("VmRSS", "0 kB").split()[0])
    return total / 1024


def club_load(where: str, pid: int, seconds: float) -> dict[str, Any]:
    from tests.game_worker import script

    events = script()
    setup = {k: v for k, v in events[0].as_dict().items() if k != "type"}
    games = [int(call(where, "POST", "/api/sessions", setup)["id"]) for _ in range(TABLES)]
    viewers = [
        Viewer(f"http://{where}/api/sessions/{game}/stream", game=game) for game in games for _ in range(VIEWERS)
    ]
    for viewer in viewers:
        threading.Thread(target=viewer.run, daemon=True).start()
    for viewer in viewers:
        viewer.ready.wait(30)
    sent: dict[tuple[int, int], float] = {}  # (game, n) -> when the table sent it
    next_event = dict.fromkeys(games, 1)
    work: queue.Queue[int | None] = queue.Queue()
    lock = threading.Lock()
    committed, failed = [0], [0]

    def writer() -> None:
        connection = http.client.HTTPConnection(*where.split(":"), timeout=60)
        while (game := work.get()) is not None:
            with lock:
                k = next_event[game]
                next_event[game] += 1
            start, path, body = time.time(), f"/api/sessions/{game}/events", {"text": events[k].to_text()}
            try:
                try:
                    answer = call(where, "POST", path, body, connection)
                except (BrokenPipeError, ConnectionResetError, http.client.RemoteDisconnected):
                    connection.close()  # the server closed a kept-alive connection as this request left: again
                    answer = call(where, "POST", path, body, connection)
            except Exception:  # a refusal or a time-out: counted, and the load goes on
                connection.close()
                with lock:
                    failed[0] += 1
                    committed[0] += 1  # done with, though not committed: the waits below end
                continue
            with lock:
                sent[(game, answer["n"])] = start
                committed[0] += 1

    writers = [threading.Thread(target=writer, daemon=True) for _ in range(8)]
    for thread in writers:
        thread.start()
    time.sleep(1.0)  # the streams settle
    figures: dict[str, Any] = {}
    # Paced: 100 events a second across the club, table after table.
    cpu, began, done = cpu_seconds(pid), time.perf_counter(), committed[0]
    for tick in range(int(RATE * seconds)):
        time.sleep(max(0.0, began + tick / RATE - time.perf_counter()))
        work.put(games[tick % TABLES])
    while committed[0] < done + int(RATE * seconds) and time.perf_counter() - began < 3 * seconds:
        time.sleep(0.005)
    elapsed = time.perf_counter() - began
    figures["paced_per_s"] = (committed[0] - done) / elapsed
    figures["cpu_percent"] = 100 * (cpu_seconds(pid) - cpu) / elapsed
    figures["rss_mb"] = resident_mb(pid)
    time.sleep(2.0)  # the last pushes arrive
    paced = dict(sent)
    latencies = [
        (viewer.arrivals[n] - t) * 1000 for (game, n), t in paced.items() for viewer in viewers
        if viewer.game == game and n in viewer.arrivals
    ]  # fmt: skip
    figures["push_ms"] = latencies
    figures["missed"] = sum(1 for (game, n) in paced for v in viewers if v.game == game and n not in v.arrivals)
    # Flat out: the writers as fast as they go, for a third of the time.
    began, done, puts = time.perf_counter(), committed[0], 0
    while time.perf_counter() - began < seconds / 3:
        while work.qsize() < 16:  # always work waiting for every writer
            work.put(games[puts % TABLES])
            puts += 1
        time.sleep(0.002)
    while committed[0] < done + puts and time.perf_counter() - began < 3 * seconds:
        time.sleep(0.005)
    figures["flat_out_per_s"] = (committed[0] - done) / (time.perf_counter() - began)
    for _ in writers:
        work.put(None)
    for thread in writers:
        thread.join(60)
    for viewer in viewers:
        viewer.stop.set()
    figures["failed"] = failed[0]
    figures["slow_clients_ms"] = slow_clients(where)
    figures["stored"] = committed[0] + TABLES  # and each game's setup
    return figures


def slow_clients(where: str, count: int = 450) -> float:
    """Open ``count`` connections that send half a request and wait; then how long one ordinary
    request takes to be answered (ms; infinity if not within 10 s)."""
    host, port = where.split(":")
    held = []
    for _ in range(count):
        try:
            slow = socket.create_connection((host, int(port)), timeout=10)
            slow.sendall(b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            held.append(slow)
        except OSError:
            break
    time.sleep(1.0)
    start = time.perf_counter()
    try:
        connection = http.client.HTTPConnection(host, int(port), timeout=10)
        connection.request("GET", "/api/games")
        connection.getresponse().read()
        connection.close()
        took = (time.perf_counter() - start) * 1000
    except OSError:
        took = float("inf")
    for slow in held:
        slow.close()
    return took


def database_bytes(db: str) -> int:
    if db.startswith("postgresql://"):
        import psycopg

        with psycopg.connect(db) as connection:
            row = connection.execute(
                "SELECT pg_total_relation_size('events') + pg_total_relation_size('games')"
            ).fetchone()
            return int(row[0]) if row else 0
    import sqlite3

    connection = sqlite3.connect(db)
    connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    connection.close()
    return Path(db).stat().st_size


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p * (len(ordered) - 1)))] if ordered else float("nan")


def run(server: str, store: str, seconds: float, cluster: Any) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as folder:
        db = cluster.database() if store == "postgresql" else str(Path(folder) / "club.sqlite3")
        process, where = start_server(server, db, folder)
        try:
            figures = club_load(where, process.pid, seconds)
        except Exception as error:
            print(f"{server:>8} {store:<10}  failed: {error!r}", flush=True)
            raise
        finally:
            process.terminate()
            try:
                process.wait(20)
            except subprocess.TimeoutExpired:
                process.kill()
        figures["bytes_per_1000"] = database_bytes(db) / figures["stored"] * 1000
    push = figures["push_ms"]
    figures.update(p50=percentile(push, 0.5), p95=percentile(push, 0.95), max=max(push, default=float("nan")))
    print(f"{server:>8} {store:<10}  committed {figures['paced_per_s']:5.1f}/s paced, "
          f"{figures['flat_out_per_s']:5.0f}/s flat out;  push p50 {figures['p50']:5.1f} ms, "
          f"p95 {figures['p95']:6.1f} ms, max {figures['max']:6.0f} ms, missed {figures['missed']}, "
          f"failed {figures['failed']};  a request behind 450 half-sent ones {figures['slow_clients_ms']:.0f} ms;  "
          f"server CPU {figures['cpu_percent']:3.0f}%, {figures['rss_mb']:4.0f} MB;  "
          f"{figures['bytes_per_1000'] / 1024:5.0f} KiB per 1,000 events", flush=True)  # fmt: skip
    return figures


def ratio(a: dict[str, Any], b: dict[str, Any], name: str, label: str) -> None:
    keys = ["paced_per_s", "flat_out_per_s", "p50", "p95", "max", "cpu_percent", "rss_mb", "bytes_per_1000"]
    parts = [f"{k} x{a[k] / b[k]:.2f}" for k in keys if b.get(k)]
    print(f"  {name} / {label}: " + ", ".join(parts))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=15)
    parser.add_argument("--stores", default="sqlite,postgresql")
    parser.add_argument("--servers", default="waitress,gthread,gevent,flask")
    parser.add_argument("--serve", help=argparse.SUPPRESS)
    parser.add_argument("--db", help=argparse.SUPPRESS)
    parser.add_argument("--port", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--data", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        serve(args.serve, args.db, args.port, args.data)
        return
    from tests.pgcluster import Cluster

    stores, servers = args.stores.split(","), args.servers.split(",")
    import importlib.util

    needs = {"waitress": ["waitress"], "gthread": ["gunicorn"], "gevent": ["gunicorn", "gevent"], "flask": ["flask"]}
    for server in list(servers):  # the candidates measured against waitress are not wordtable's own
        if any(importlib.util.find_spec(module) is None for module in needs[server]):
            print(f"{server}: not installed (pip install gunicorn gevent to measure it)")
            servers.remove(server)
    cluster = Cluster.start(fsync=True) if "postgresql" in stores else None
    print(f"{TABLES} tables x {VIEWERS} viewers ({TABLES * VIEWERS} streams), {RATE:.0f} events/s offered "
          f"for {args.seconds:.0f} s, then flat out; {os.cpu_count()} cores")  # fmt: skip
    try:
        results: dict[tuple[str, str], dict[str, Any]] = {}
        first = servers[0]
        for store in stores:
            results[first, store] = run(first, store, args.seconds, cluster)
        if len(stores) > 1:
            ratio(results[first, stores[1]], results[first, stores[0]], stores[1], stores[0])
        for server in servers[1:]:
            results[server, stores[0]] = run(server, stores[0], args.seconds, cluster)
            ratio(results[server, stores[0]], results[first, stores[0]], server, first)
    finally:
        if cluster is not None:
            cluster.stop()


if __name__ == "__main__":
    main()
