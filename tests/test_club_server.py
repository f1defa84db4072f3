"""The club server: `wordtable serve --club --db URL` on SQLite and on PostgreSQL, killed mid-game
with nothing acknowledged lost, and waitress's bounds on what one client can hold."""

from __future__ import annotations

import http.client
import json
import os
import random
import signal
import socket
import threading
import time
from collections.abc import Iterator

import pytest

from companion.table.store import EventStore
from tests.browser import call
from tests.game_worker import script
from tests.helpers import club_server, free_port
from web import create_app
from web.server import Limits, make_server
from web.services import Services


def test_killing_the_club_server_mid_game_loses_no_acknowledged_event(store_url: str) -> None:
    """Tables send events to one club server; it is killed (SIGKILL) at a random point, twice; every
    event it acknowledged is in the store, and a new server carries on the same game."""
    events = script()
    rng = random.Random(16)
    port = free_port()
    server = club_server(store_url, port)
    base = f"http://127.0.0.1:{port}/api/sessions"
    game = int(call(base, {k: v for k, v in events[0].as_dict().items() if k != "type"})["id"])
    acked, sent = 1, 1
    try:
        for _ in range(2):
            kill_after = sent + rng.randint(10, 40)
            killer: threading.Timer | None = None
            while True:
                if sent == kill_after:  # the kill lands while the next event is on its way
                    killer = threading.Timer(rng.uniform(0, 0.02), os.kill, (server.pid, signal.SIGKILL))
                    killer.start()
                try:
                    answer = call(f"{base}/{game}/events", {"text": events[sent].to_text()}, timeout=10)
                except (OSError, http.client.HTTPException):
                    break  # refused or cut off (even mid-answer): not acknowledged
                assert answer["n"] == sent + 1
                acked, sent = answer["n"], sent + 1
            assert killer is not None
            killer.join()
            assert server.wait(timeout=30) == -signal.SIGKILL
            stored = EventStore(store_url).events(game)
            assert len(stored) >= acked and stored == events[: len(stored)]
            sent = len(stored)  # what the tables see when the server is back
            server = club_server(store_url, port)
        for event in events[sent : sent + 5]:
            call(f"{base}/{game}/events", {"text": event.to_text()})
        stored = EventStore(store_url).events(game)
        assert stored == events[: sent + 5]
        assert call(f"{base}/{game}")["events"] == sent + 5
    finally:
        server.kill()
        server.wait()


@pytest.fixture
def club(services: Services) -> Iterator[str]:
    """The real app on waitress with small bounds: 3 requests a client, 2 idle seconds."""
    services.hub.keepalive = 0.2  # a closed stream is noticed at its next keepalive
    server = make_server(create_app({}, services), "127.0.0.1", 0, Limits(per_client=3, idle_seconds=2))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    yield f"127.0.0.1:{server.effective_port}"
    services.hub.close()  # the streams end, then their threads
    server.task_dispatcher.shutdown(timeout=5)
    server.close()


def open_stream(where: str, game: int) -> tuple[http.client.HTTPConnection, http.client.HTTPResponse]:
    host, port = where.split(":")
    connection = http.client.HTTPConnection(host, int(port), timeout=10)
    connection.request("GET", f"/api/sessions/{game}/stream")
    return connection, connection.getresponse()


def test_one_client_holds_a_bounded_number_of_streams(club: str) -> None:
    game = call(f"http://{club}/api/sessions", {"game": "not-scrabble", "players": ["Ann", "Ben"]})["id"]
    streams = [open_stream(club, game) for _ in range(3)]
    assert [response.status for _, response in streams] == [200, 200, 200]
    assert streams[0][1].readline() == b"retry: 1000\n"
    connection, refused = open_stream(club, game)
    assert refused.status == 429 and "already holds 3 requests" in json.loads(refused.read())["error"]
    connection.close()
    streams[0][1].close()  # a phone goes away
    streams[0][0].close()
    deadline = time.monotonic() + 10
    while True:  # its thread is given back at the stream's next message
        connection, response = open_stream(club, game)
        if response.status == 200 or time.monotonic() > deadline:
            break
        connection.close()
        time.sleep(0.1)
    assert response.status == 200
    connection.close()
    for held, _ in streams[1:]:
        held.close()


def test_a_half_sent_request_is_cut_off(club: str) -> None:
    host, port = club.split(":")
    with socket.create_connection((host, int(port)), timeout=20) as slow:
        slow.sendall(b"GET /api/sessions HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # and nothing more
        assert slow.recv(100) == b""  # closed by the server (this socket's own timeout would raise)
