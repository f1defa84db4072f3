"""The store for a club: many tables writing at once, two servers on one game, the schema's steps
and a dropped connection, on SQLite and on PostgreSQL (``store_url``, tests/conftest.py)."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

import pytest

from companion.records import Event, RecordError
from companion.table.schema import MIGRATIONS, Migration
from companion.table.store import EventStore, StoreError
from tests.pgcluster import Cluster


def draw(table: int, k: int) -> Event:
    return Event("draw", {"player": f"T{table}", "letter": "ABCDEFGHIJKLMNOPQRSTUVWXYZ"[k % 26], "k": k})


def test_many_tables_write_at_once_each_in_order(store_url: str) -> None:
    """12 tables, each its own writer thread, 40 events each at the same time: every table's
    events are numbered 1..41 in the order its writer sent them, none lost, none mixed up."""
    store = EventStore(store_url)
    games = [store.create_game(Event("game", {"game": "not-scrabble", "players": [f"T{t}"]})) for t in range(12)]
    numbers: dict[int, list[int]] = {}
    start = threading.Barrier(len(games))

    def table(t: int) -> None:
        start.wait()
        numbers[t] = [store.append(games[t], draw(t, k)) for k in range(40)]

    writers = [threading.Thread(target=table, args=(t,)) for t in range(len(games))]
    for writer in writers:
        writer.start()
    for writer in writers:
        writer.join()
    for t, game in enumerate(games):
        assert numbers[t] == list(range(2, 42))
        assert store.events(game)[1:] == [draw(t, k) for k in range(40)]


def test_two_servers_on_one_game_never_share_a_number(store_url: str) -> None:
    """Two stores (two club servers, two connections) appending to one game at once: each number
    is taken once, with no gap, and each acknowledged event is stored under its number."""
    first, second = EventStore(store_url), EventStore(store_url)
    game = first.create_game(Event("game", {"game": "not-scrabble", "players": ["A", "B"]}))
    acked: dict[int, Event] = {}
    start = threading.Barrier(4)

    def writer(store: EventStore, who: int) -> None:
        start.wait()
        for k in range(30):
            event = draw(who, k)
            number = store.append(game, event)
            assert number not in acked
            acked[number] = event

    threads = [threading.Thread(target=writer, args=(s, w)) for w, s in enumerate([first, second, first, second])]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    stored = second.events(game)
    assert sorted(acked) == list(range(2, 122)) and len(stored) == 121
    assert all(stored[n - 1] == event for n, event in acked.items())


NEXT_STEP = Migration(
    2, "a note on each game (a test's step)", sqlite=("ALTER TABLE games ADD COLUMN note TEXT",),
    postgresql=("ALTER TABLE games ADD COLUMN note TEXT",),
)  # fmt: skip


def test_the_schema_steps_run_once_and_a_newer_database_is_refused(store_url: str) -> None:
    store = EventStore(store_url)
    game = store.create_game(Event("game", {"game": "not-scrabble", "players": ["A"]}))
    store.close()
    newer = EventStore(store_url, (*MIGRATIONS, NEXT_STEP))  # the step is applied, the games kept
    assert newer.events(game)[0]["players"] == ["A"]
    newer.close()
    again = EventStore(store_url, (*MIGRATIONS, NEXT_STEP))  # a second ALTER would fail: not run again
    assert [g.id for g in again.games()] == [game]
    again.close()
    with pytest.raises(RecordError, match=r"made by a newer wordtable \(schema 2; this one knows 1\)"):
        EventStore(store_url)


def test_a_file_from_before_the_schema_steps_opens_as_it_is(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    old = sqlite3.connect(path)
    old.executescript(
        "CREATE TABLE games (id INTEGER PRIMARY KEY, game TEXT NOT NULL, created_at REAL NOT NULL);"
        "CREATE TABLE events (game_id INTEGER NOT NULL REFERENCES games(id), seq INTEGER NOT NULL,"
        " event TEXT NOT NULL, recorded_at REAL NOT NULL, PRIMARY KEY (game_id, seq));"
        "INSERT INTO games VALUES (1, 'not-scrabble', 0);"
        """INSERT INTO events VALUES (1, 1, '{"type": "game", "game": "not-scrabble", "players": ["A"]}', 0);"""
    )
    old.commit()
    old.close()
    store = EventStore(path)
    assert store.append(1, draw(0, 0)) == 2
    version = sqlite3.connect(path).execute("SELECT version FROM schema_version").fetchall()
    assert version == [(1,)]


def test_a_dropped_connection_is_replaced(postgres: Cluster) -> None:
    """The server drops every connection (a restart, a network blip): the next write makes a new one."""
    import psycopg

    url = postgres.database()
    store = EventStore(url)
    game = store.create_game(Event("game", {"game": "not-scrabble", "players": ["A"]}))
    with psycopg.connect(url, autocommit=True) as admin:
        admin.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
            "WHERE application_name = 'wordtable' AND pid <> pg_backend_pid()"
        )
    acked = []
    for k in range(3):
        try:
            acked.append(store.append(game, draw(0, k)))
        except StoreError as error:  # the write on the dropped connection fails, unacknowledged
            assert "PostgreSQL database failed" in str(error)
    assert len(acked) >= 2 and acked == list(range(2, 2 + len(acked)))
    assert len(store.events(game)) == 1 + len(acked)
