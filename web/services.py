"""The dashboard's services: the game sessions, their store, the live hub, the word knowledge,
the camera feed and the buzzer desks. They live in ``app.extensions["wordtable"]``.

Public API: :class:`Services`, :class:`Tables`.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.engine import Game
from companion.glosses import Glossary
from companion.records import Event
from companion.session import Session
from companion.solver import Referee
from companion.store import EventStore
from web.live import Hub


class Tables:
    """Open game sessions by game number, backed by one event store; every commit goes live."""

    def __init__(self, store: EventStore, referee: Referee, hub: Hub) -> None:
        self.store, self.referee, self.hub = store, referee, hub
        self._sessions: dict[int, Session] = {}
        self._lock = threading.Lock()

    def start(self, setup: dict[str, Any]) -> Session:
        session = Session.start(self.store, self.referee, Event.from_dict({"type": "game", **setup}))
        return self._open(session)

    def get(self, game: int) -> Session:
        with self._lock:
            session = self._sessions.get(game)
        if session is not None:
            return session
        if game not in {g.id for g in self.store.games()}:
            raise KeyError(f"no game {game}")
        return self._open(Session.resume(self.store, game, self.referee))

    def _open(self, session: Session) -> Session:
        with self._lock:
            if session.game_id in self._sessions:
                return self._sessions[session.game_id]
            self._sessions[session.game_id] = session
        self.hub.load(session.game_id, [e.as_dict() for e in self.store.events(session.game_id)])
        session.listeners.append(lambda n, e, g=session.game_id: self.hub.publish(g, n, e.as_dict()))
        return session

    def games(self) -> list[dict[str, Any]]:
        """Every stored game, newest first."""
        games = sorted(self.store.games(), key=lambda g: -g.id)
        return [{"id": g.id, "game": g.game, "events": g.events, "created_at": g.created_at} for g in games]


def event_types(game: Game) -> list[str]:
    return sorted(set(type(game).EVENTS) | {"ruling", "undo"})


@dataclass
class Services:
    """Everything the dashboard talks to. Build with :meth:`create`; tests inject their own."""

    store: EventStore
    referee: Referee
    hub: Hub = field(default_factory=Hub)
    glossary: Glossary | None = None
    camera: Any = None  # web.camera.CameraFeed
    desks: dict[int, Any] = field(default_factory=dict)  # game -> firmware_bridge.desk.BuzzerDesk
    tables: Tables = field(init=False)

    def __post_init__(self) -> None:
        self.tables = Tables(self.store, self.referee, self.hub)
        if self.glossary is None:
            try:
                self.glossary = Glossary()
            except FileNotFoundError:
                self.glossary = None

    @classmethod
    def create(cls, data: Path, size: str = "large") -> Services:
        from companion.config import WordConfig, build_referee

        data.mkdir(parents=True, exist_ok=True)
        referee = build_referee(WordConfig(size=size, overrides=data / "overrides.sqlite3"))
        return cls(EventStore(data / "games.sqlite3"), referee)

    def close(self) -> None:
        self.hub.close()
        for desk in self.desks.values():
            desk.stop()
        if self.camera is not None:
            self.camera.stop()
