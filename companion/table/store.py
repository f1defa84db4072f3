"""The event store: every game's events in SQLite, an event acknowledged only once committed.

Public API: :class:`EventStore`, :class:`StoredGame`.

A store that cannot be opened, read or written (a damaged or read-only file, a full disk) raises
:class:`~companion.errors.StorageError` with SQLite's own words; a failed commit is rolled back,
so nothing half-written is acknowledged.

The database runs in WAL mode with ``synchronous=FULL``, so an :meth:`EventStore.append` that
has returned survives a killed process and a power cut. Nothing is updated or deleted: undo is
an appended ``undo`` event (see ``companion.records``), and standings are always derived by
replaying the events through the game's rules engine.

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

from companion.errors import StorageError
from companion.records import Event, RecordError

_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    created_at REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS events (
    game_id INTEGER NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL,
    event TEXT NOT NULL,
    recorded_at REAL NOT NULL,
    PRIMARY KEY (game_id, seq)
);
"""


@dataclass(frozen=True)
class StoredGame:
    id: int
    game: str
    created_at: float
    events: int


def sqlite_path(url: str | Path) -> str:
    """A file path, ``:memory:``, or a ``sqlite:///path`` URL."""
    text = str(url)
    if text.startswith("sqlite:///"):
        return text[len("sqlite:///") :]
    if "://" in text:
        raise RecordError(f"unsupported database URL {text!r}: use a file path or sqlite:///path")
    return text


class EventStore:
    """Games and their events in one SQLite file. Safe to share between threads."""

    def __init__(self, url: str | Path) -> None:
        path = sqlite_path(url)
        self.path = path
        try:
            if path != ":memory:":
                Path(path).parent.mkdir(parents=True, exist_ok=True)
            self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=FULL")
            self._db.executescript(_SCHEMA)
        except (sqlite3.Error, OSError) as error:
            raise StorageError(f"cannot open the games' store {path}: {error}") from None
        self._lock = threading.Lock()

    @contextmanager
    def _reading(self) -> Iterator[sqlite3.Connection]:
        with self._lock:
            try:
                yield self._db
            except sqlite3.Error as error:
                raise StorageError(f"cannot read the games' store {self.path}: {error}") from None

    @contextmanager
    def _writing(self) -> Iterator[sqlite3.Connection]:
        """One transaction: committed whole, or rolled back (the first error is the one said)."""
        with self._lock:
            try:
                self._db.execute("BEGIN IMMEDIATE")
                yield self._db
                self._db.execute("COMMIT")
            except BaseException as error:
                if self._db.in_transaction:
                    with suppress(sqlite3.Error):  # the error that matters is the first one
                        self._db.execute("ROLLBACK")
                if isinstance(error, sqlite3.Error):
                    raise StorageError(f"cannot write to the games' store {self.path}: {error}") from None
                raise

    def create_game(self, setup: Event) -> int:
        """Store a new game's ``game`` event; returns the game's id."""
        if setup.type != "game":
            raise RecordError("a game starts with a game event")
        with self._writing() as db:
            game = str(setup.get("game"))
            cursor = db.execute("INSERT INTO games (game, created_at) VALUES (?, ?)", (game, time.time()))
            game_id = int(cursor.lastrowid or 0)
            self._insert(game_id, 1, setup)
        return game_id

    def append(self, game_id: int, event: Event) -> int:
        """Commit one event after the game's last; returns its number (the game event is 1)."""
        with self._writing() as db:
            row = db.execute("SELECT MAX(seq) FROM events WHERE game_id = ?", (game_id,)).fetchone()
            if row[0] is None:
                raise RecordError(f"no game {game_id} in the store")
            seq = int(row[0]) + 1
            self._insert(game_id, seq, event)
        return seq

    def _insert(self, game_id: int, seq: int, event: Event) -> None:
        self._db.execute(
            "INSERT INTO events (game_id, seq, event, recorded_at) VALUES (?, ?, ?, ?)",
            (game_id, seq, event.to_json(), time.time()),
        )

    def events(self, game_id: int) -> list[Event]:
        """Every event of a game as recorded, ``undo`` events included."""
        with self._reading() as db:
            rows = db.execute("SELECT event FROM events WHERE game_id = ? ORDER BY seq", (game_id,)).fetchall()
        if not rows:
            raise RecordError(f"no game {game_id} in the store")
        return [Event.from_json(r[0]) for r in rows]

    def setup(self, game_id: int) -> Event:
        """A game's ``game`` event (its first), without reading the rest."""
        with self._reading() as db:
            row = db.execute("SELECT event FROM events WHERE game_id = ? AND seq = 1", (game_id,)).fetchone()
        if row is None:
            raise RecordError(f"no game {game_id} in the store")
        return Event.from_json(row[0])

    def games(self) -> list[StoredGame]:
        with self._reading() as db:
            rows = db.execute(
                "SELECT g.id, g.game, g.created_at, COUNT(e.seq) FROM games g "
                "LEFT JOIN events e ON e.game_id = g.id GROUP BY g.id ORDER BY g.id"
            ).fetchall()
        return [StoredGame(int(i), str(g), float(c), int(n)) for i, g, c, n in rows]

    def close(self) -> None:
        with self._lock:
            self._db.close()
