"""The event store: every game's events, an event acknowledged only once committed.

Public API: :class:`EventStore`, :class:`StoredGame`, :class:`StoreError`, :class:`NumberingError`,
:func:`sqlite_path`.

``EventStore(url)`` opens the back end the URL names: a file path, ``:memory:`` or
``sqlite:///path`` is SQLite (the default, nothing to install); ``postgresql://...`` is a
PostgreSQL server for a club of many tables (``companion.table.store_pg``; the driver, psycopg,
is imported only then). Both keep the same promises:

- nothing is updated or deleted: undo is an appended ``undo`` event (see ``companion.records``),
  and standings are always derived by replaying the events through the game's rules engine;
- :meth:`EventStore.append` returns only after the event is committed (SQLite in WAL mode with
  ``synchronous=FULL``; PostgreSQL's default synchronous commit), so an acknowledged event
  survives a killed process;
- each game's events are numbered 1, 2, 3, ... with no gap: the number is the game's highest
  plus one, taken in the statement that inserts the event, and the pair (game, number) is unique,
  so two writers to one game can never both take a number;
- a reader sees every committed event of a game, in order;
- :meth:`EventStore.extend` copies events made elsewhere (a table's machine relaying its game to
  the club, ``companion.table.relay``) at the numbers they had there, all or none, and only as the
  game's next numbers;
- the schema is made and upgraded by the numbered steps of ``companion.table.schema``.

A store that cannot be opened, read or written (a damaged or read-only file, a full disk, a server
gone) raises :class:`StoreError` (a :class:`~companion.errors.StorageError`) with the back end's
own words; a failed commit is rolled back, so nothing half-written is acknowledged.

>>> from companion.records import Event
>>> store = EventStore(":memory:")
>>> game_id = store.create_game(Event("game", {"game": "not-scrabble", "players": ["Ann", "Ben"]}))
>>> store.append(game_id, Event("first-draw", {"player": "Ann", "letter": "C"}))
2
>>> [e.type for e in store.events(game_id)]
['game', 'first-draw']
"""

from __future__ import annotations

import sqlite3
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.errors import StorageError
from companion.records import Event, RecordError
from companion.table.schema import MIGRATIONS, VERSION_TABLE, Migration, pending

#: The one statement that appends: the next number of the game, or no row for an unknown game.
APPEND = (
    "INSERT INTO events (game_id, seq, event, recorded_at) "
    "SELECT game_id, MAX(seq) + 1, ?, ? FROM events WHERE game_id = ? GROUP BY game_id RETURNING seq"
)
GAMES = (
    "SELECT g.id, g.game, g.created_at, COUNT(e.seq) FROM games g "
    "LEFT JOIN events e ON e.game_id = g.id GROUP BY g.id, g.game, g.created_at ORDER BY g.id"
)
EVENTS = "SELECT event FROM events WHERE game_id = ? ORDER BY seq"
#: Every game's ``game`` event (its first), in one query: a list of games says what each is.
SETUPS = "SELECT game_id, event FROM events WHERE seq = 1"
SETUP = "SELECT event FROM events WHERE game_id = ? AND seq = 1"
RECORDED_AT = "SELECT recorded_at FROM events WHERE game_id = ? AND seq = ?"
LAST = "SELECT MAX(seq) FROM events WHERE game_id = ?"
INSERT = "INSERT INTO events (game_id, seq, event, recorded_at) VALUES (?, ?, ?, ?)"


class StoreError(StorageError):
    """The store cannot be opened or reached, or failed a write: what was asked is not acknowledged."""


class NumberingError(RecordError):
    """Events offered at numbers that are not the game's next: nothing was stored. ``count``: the
    game's events as stored."""

    def __init__(self, game_id: int, count: int, first: int) -> None:
        super().__init__(f"game {game_id} has {count} events: the next is number {count + 1}, not {first}")
        self.count = count


@dataclass(frozen=True)
class StoredGame:
    id: int
    game: str
    created_at: float
    events: int


def sqlite_path(url: str | Path) -> str:
    """A file path, ``:memory:``, or a ``sqlite:///path`` URL.

    >>> sqlite_path("sqlite:////var/club/games.sqlite3")
    '/var/club/games.sqlite3'
    """
    text = str(url)
    if text.startswith("sqlite:///"):
        return text[len("sqlite:///") :]
    if "://" in text:
        raise RecordError(f"unsupported database URL {text!r}: use a file path, sqlite:///path or postgresql://...")
    return text


def is_postgresql(url: str | Path) -> bool:
    return str(url).startswith(("postgresql://", "postgres://"))


class EventStore:
    """Games and their events. ``EventStore(url)`` is the back end the URL names (see the module).

    Every back end is safe to share between threads.
    """

    #: "sqlite" or "postgresql"
    backend = ""

    def __new__(cls, url: str | Path, migrations: tuple[Migration, ...] = MIGRATIONS) -> EventStore:
        if cls is EventStore:
            if is_postgresql(url):
                try:
                    from companion.table.store_pg import PostgresStore
                except ImportError as error:
                    raise StoreError(f"PostgreSQL needs psycopg: pip install 'wordtable[club]' ({error})") from None
                cls = PostgresStore
            else:
                cls = SqliteStore
        return object.__new__(cls)

    def create_game(self, setup: Event) -> int:
        """Store a new game's ``game`` event; returns the game's id."""
        raise NotImplementedError

    def append(self, game_id: int, event: Event) -> int:
        """Commit one event after the game's last; returns its number (the game event is 1)."""
        raise NotImplementedError

    def extend(self, game_id: int, first: int, events: list[Event]) -> int:
        """Commit ``events`` numbered from ``first``, which must be the game's next number, in one
        transaction; returns the game's count. Otherwise :class:`NumberingError`, nothing stored."""
        raise NotImplementedError

    def events(self, game_id: int) -> list[Event]:
        """Every event of a game as recorded, ``undo`` events included."""
        raise NotImplementedError

    def setup(self, game_id: int) -> Event:
        """A game's ``game`` event (its first), without reading the rest of its record."""
        raise NotImplementedError

    def setups(self) -> dict[int, Event]:
        """Every game's ``game`` event, by game number."""
        raise NotImplementedError

    def recorded_at(self, game_id: int, number: int) -> float | None:
        """When event ``number`` of a game was stored (seconds since the epoch), or None."""
        raise NotImplementedError

    def games(self) -> list[StoredGame]:
        """Every game, oldest first, with how many events it has."""
        raise NotImplementedError

    def close(self) -> None:
        raise NotImplementedError


def check_setup(setup: Event) -> str:
    """The game's name, from its ``game`` event (the only event a game can start with)."""
    if setup.type != "game":
        raise RecordError("a game starts with a game event")
    return str(setup.get("game"))


def stored_games(rows: list[tuple[Any, ...]]) -> list[StoredGame]:
    return [StoredGame(int(i), str(g), float(c), int(n)) for i, g, c, n in rows]


def numbered(game_id: int, first: int, events: list[Event]) -> list[tuple[int, int, str, float]]:
    """The rows of ``events`` numbered from ``first``."""
    now = time.time()
    return [(game_id, first + i, event.to_json(), now) for i, event in enumerate(events)]


def stored_events(game_id: int, rows: list[tuple[Any, ...]]) -> list[Event]:
    if not rows:
        raise RecordError(f"no game {game_id} in the store")
    return [Event.from_json(r[0]) for r in rows]


class SqliteStore(EventStore):
    """Games and their events in one SQLite file (or in memory)."""

    backend = "sqlite"

    def __init__(self, url: str | Path, migrations: tuple[Migration, ...] = MIGRATIONS) -> None:
        path = sqlite_path(url)
        self.path = path
        try:
            if path != ":memory:":
                Path(path).parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise StoreError(f"cannot open the games' store {path}: {error}") from None
        self._lock = threading.Lock()
        try:
            self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=FULL")
            self._db.execute("PRAGMA busy_timeout=10000")  # another process writing: wait for it
        except sqlite3.Error as error:
            raise StoreError(f"cannot open the games' store {path}: {error}") from None
        self._migrate(migrations)

    def _migrate(self, migrations: tuple[Migration, ...]) -> None:
        with self._using() as db:
            db.execute(VERSION_TABLE)
        with self._using(write=True) as db:  # one process migrates; the others wait, then find it done
            row = db.execute("SELECT MAX(version) FROM schema_version").fetchone()
            version = int(row[0] or 0)
            for step in pending(migrations, version):
                for statement in step.sqlite:
                    db.execute(statement)
                version = step.version
            db.execute("DELETE FROM schema_version")
            db.execute("INSERT INTO schema_version (version) VALUES (?)", (version,))

    @contextmanager
    def _using(self, write: bool = False) -> Iterator[sqlite3.Connection]:
        """The connection, alone; a write in one transaction; SQLite's errors as StoreError."""
        with self._lock:
            try:
                if not write:
                    yield self._db
                    return
                self._db.execute("BEGIN IMMEDIATE")
                try:
                    yield self._db
                    self._db.execute("COMMIT")
                except BaseException:
                    if self._db.in_transaction:
                        with suppress(sqlite3.Error):  # the error that matters is the first one
                            self._db.execute("ROLLBACK")
                    raise
            except sqlite3.Error as error:
                doing = "write to" if write else "read"
                raise StoreError(f"cannot {doing} the games' store {self.path}: {error}") from None

    def create_game(self, setup: Event) -> int:
        name = check_setup(setup)
        with self._using(write=True) as db:
            cursor = db.execute("INSERT INTO games (game, created_at) VALUES (?, ?)", (name, time.time()))
            game_id = int(cursor.lastrowid or 0)
            db.execute(
                "INSERT INTO events (game_id, seq, event, recorded_at) VALUES (?, 1, ?, ?)",
                (game_id, setup.to_json(), time.time()),
            )
        return game_id

    def append(self, game_id: int, event: Event) -> int:
        with self._using(write=True) as db:
            rows = db.execute(APPEND, (event.to_json(), time.time(), game_id)).fetchall()
        if not rows:
            raise RecordError(f"no game {game_id} in the store")
        return int(rows[0][0])

    def extend(self, game_id: int, first: int, events: list[Event]) -> int:
        with self._using(write=True) as db:
            last = db.execute(LAST, (game_id,)).fetchone()[0]
            if last is None:
                raise RecordError(f"no game {game_id} in the store")
            if first != int(last) + 1:
                raise NumberingError(game_id, int(last), first)
            db.executemany(INSERT, numbered(game_id, first, events))
        return first + len(events) - 1

    def events(self, game_id: int) -> list[Event]:
        with self._using() as db:
            rows = db.execute(EVENTS, (game_id,)).fetchall()
        return stored_events(game_id, rows)

    def games(self) -> list[StoredGame]:
        with self._using() as db:
            return stored_games(db.execute(GAMES).fetchall())

    def setup(self, game_id: int) -> Event:
        with self._using() as db:
            return stored_events(game_id, db.execute(SETUP, (game_id,)).fetchall())[0]

    def setups(self) -> dict[int, Event]:
        with self._using() as db:
            return {int(game_id): Event.from_json(event) for game_id, event in db.execute(SETUPS).fetchall()}

    def recorded_at(self, game_id: int, number: int) -> float | None:
        with self._using() as db:
            row = db.execute(RECORDED_AT, (game_id, number)).fetchone()
        return float(row[0]) if row else None

    def close(self) -> None:
        with self._lock:
            self._db.close()
