"""The event store on a PostgreSQL server: many tables of a club writing at once.

Public API: :class:`PostgresStore`.

Opened by ``EventStore("postgresql://user@host/dbname")`` (``companion.table.store``), with the
same promises as the SQLite store. Each write is one statement in its own transaction, on one of a
few pooled connections, so tables write in parallel; a game's events are numbered by that
statement (the game's highest number plus one) and the pair (game, number) is the primary key:
two writers racing for one game cannot both take a number, and the one that loses tries again with
the next. ``append`` returns once PostgreSQL has committed (synchronous commit, its default).

A connection that breaks (the server restarted, the network blipped) is dropped and a new one
made for the next request. A write whose answer was lost is reported as failed: it was not
acknowledged, though the server may have committed it.
"""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import psycopg
from psycopg import errors
from psycopg.rows import TupleRow

from companion.records import Event, RecordError
from companion.table.schema import MIGRATIONS, VERSION_TABLE, Migration, pending
from companion.table.store import (
    APPEND,
    EVENTS,
    GAMES,
    INSERT,
    LAST,
    RECORDED_AT,
    SETUP,
    SETUPS,
    EventStore,
    NumberingError,
    StoredGame,
    StoreError,
    check_setup,
    numbered,
    stored_events,
    stored_games,
)

#: An advisory lock number held while the schema is migrated (two club servers starting at once).
MIGRATION_LOCK = 0x776F7264  # "word"
RACES = 20  # tries of one append when other writers keep taking the game's next number


def _pg(sql: str) -> str:
    """The shared statements are written with SQLite's ``?``; psycopg takes ``%s``."""
    return sql.replace("?", "%s")


class PostgresStore(EventStore):
    """Games and their events in a PostgreSQL database, on up to ``connections`` connections."""

    backend = "postgresql"

    def __init__(self, url: str | Path, migrations: tuple[Migration, ...] = MIGRATIONS, connections: int = 8) -> None:
        self.url = str(url)
        self._idle: queue.LifoQueue[psycopg.Connection[TupleRow]] = queue.LifoQueue()
        self._slots = threading.BoundedSemaphore(connections)
        self._closed = False
        self._migrate(migrations)

    def _connect(self) -> psycopg.Connection[TupleRow]:
        try:
            return psycopg.connect(self.url, autocommit=True, connect_timeout=10, application_name="wordtable")
        except psycopg.Error as error:
            raise StoreError(f"cannot reach the PostgreSQL database: {_first_line(error)}") from None

    @contextmanager
    def _connection(self) -> Iterator[psycopg.Connection[TupleRow]]:
        """A pooled connection; one that broke is dropped, any driver error becomes a StoreError."""
        if self._closed:
            raise StoreError("the game store is closed")
        with self._slots:
            try:
                connection = self._idle.get_nowait()
            except queue.Empty:
                connection = self._connect()
            try:
                yield connection
            except psycopg.Error as error:
                connection.close() if connection.broken else self._idle.put(connection)
                raise StoreError(f"the PostgreSQL database failed: {_first_line(error)}") from None
            except BaseException:
                connection.close()
                raise
            if self._closed:
                connection.close()
            else:
                self._idle.put(connection)

    def _migrate(self, migrations: tuple[Migration, ...]) -> None:
        with self._connection() as db, db.transaction():
            db.execute("SELECT pg_advisory_xact_lock(%s)", (MIGRATION_LOCK,))
            db.execute(VERSION_TABLE)
            row = db.execute("SELECT MAX(version) FROM schema_version").fetchone()
            version = int(row[0] or 0) if row else 0
            for step in pending(migrations, version):
                for statement in step.postgresql:
                    db.execute(statement)
                version = step.version
            db.execute("DELETE FROM schema_version")
            db.execute("INSERT INTO schema_version (version) VALUES (%s)", (version,))

    def create_game(self, setup: Event) -> int:
        name = check_setup(setup)
        with self._connection() as db, db.transaction():
            row = db.execute("INSERT INTO games (game, created_at) VALUES (%s, %s) RETURNING id", (name, time.time()))
            game_id = int(row.fetchall()[0][0])
            db.execute(
                "INSERT INTO events (game_id, seq, event, recorded_at) VALUES (%s, 1, %s, %s)",
                (game_id, setup.to_json(), time.time()),
            )
        return game_id

    def append(self, game_id: int, event: Event) -> int:
        text = event.to_json()
        for _ in range(RACES):
            with self._connection() as db:
                try:
                    rows = db.execute(_pg(APPEND), (text, time.time(), game_id)).fetchall()
                except errors.UniqueViolation:
                    continue  # another writer took this number first: take the next
            if not rows:
                raise RecordError(f"no game {game_id} in the store")
            return int(rows[0][0])
        raise StoreError(f"game {game_id}: {RACES} writers at once kept taking the next number; nothing recorded")

    def extend(self, game_id: int, first: int, events: list[Event]) -> int:
        with self._connection() as db:
            try:
                with db.transaction():
                    row = db.execute(_pg(LAST), (game_id,)).fetchone()
                    last = row[0] if row else None
                    if last is None:
                        raise RecordError(f"no game {game_id} in the store")
                    if first != int(last) + 1:
                        raise NumberingError(game_id, int(last), first)
                    with db.cursor() as cursor:
                        cursor.executemany(_pg(INSERT), numbered(game_id, first, events))
            except errors.UniqueViolation:  # another writer took these numbers first: nothing stored
                raise NumberingError(game_id, first, first) from None
        return first + len(events) - 1

    def events(self, game_id: int) -> list[Event]:
        with self._connection() as db:
            rows = db.execute(_pg(EVENTS), (game_id,)).fetchall()
        return stored_events(game_id, rows)

    def games(self) -> list[StoredGame]:
        with self._connection() as db:
            return stored_games(db.execute(GAMES).fetchall())

    def setup(self, game_id: int) -> Event:
        with self._connection() as db:
            return stored_events(game_id, db.execute(_pg(SETUP), (game_id,)).fetchall())[0]

    def setups(self) -> dict[int, Event]:
        with self._connection() as db:
            return {int(game_id): Event.from_json(event) for game_id, event in db.execute(SETUPS).fetchall()}

    def recorded_at(self, game_id: int, number: int) -> float | None:
        with self._connection() as db:
            row = db.execute(_pg(RECORDED_AT), (game_id, number)).fetchone()
        return float(row[0]) if row else None

    def close(self) -> None:
        self._closed = True
        while True:
            try:
                self._idle.get_nowait().close()
            except queue.Empty:
                return


def _first_line(error: BaseException) -> str:
    return (str(error).strip().splitlines() or [type(error).__name__])[0]
