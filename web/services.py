"""The dashboard's services: the game sessions, their store, the live hub, the word knowledge,
the camera feed and the buzzer desks. They live in ``app.extensions["wordtable"]``.

Public API: :class:`Services`, :class:`Tables`.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.errors import NotFoundError, WordtableError
from companion.games.registry import title_of
from companion.records import Event
from companion.table.relay import KIND as RELAY
from companion.table.session import Session
from companion.table.store import EventStore
from companion.words.glosses import Glossary
from companion.words.solver import Referee
from web.live import Hub


def _entry(session: Session, number: int, event: Event) -> dict[str, Any]:
    """An event as the live feed and the history carry it: the fields the players may see, the
    line a player reads, and the scores it changed (a challenge's +10 or -10, a word's points)."""
    entry = {**session.shown(number, event), "said": session.said(number, event)}
    if event.type != "undo":
        entry["scored"] = session.scored(number)
    return entry


class Tables:
    """Open game sessions by game number, backed by one event store; every commit goes live.

    A game's ``dictionary`` (standard or large) chooses its referee: ``referees(size)`` builds it
    with the same settings as the default one (word lists, house rules, rulings), as the command
    line's ``replay`` does, so the dashboard and the command line give the same verdicts."""

    def __init__(
        self, store: EventStore, referee: Referee, hub: Hub, referees: Callable[[str], Referee] | None = None
    ) -> None:
        self.store, self.referee, self.hub = store, referee, hub
        self.referees = referees
        self._by_size: dict[str, Referee] = {}
        #: The table's own sets' values laid into each new game that does not give its own
        #: (``wordtable.settings.SetValues.setup_defaults``, from the settings file's ``[sets]``).
        self.setup_defaults: Callable[[dict[str, Any]], dict[str, Any]] = dict
        self._sessions: dict[int, Session] = {}
        self._lock = threading.Lock()
        #: Called with each new game's session (the table's camera moves to it).
        self.started: list[Callable[[Session], object]] = []
        #: The folder for tables that can be rebuilt; when set, a table opened starts building what
        #: it will want (the DICEWORDS advice's tables) in the background.
        self.cache: Path | None = None

    def referee_for(self, size: object) -> Referee:
        """The referee of a game whose ``dictionary`` is ``size`` (None: the table's default)."""
        if not isinstance(size, str) or self.referees is None or size == self.referee.dictionary.name.split("+")[0]:
            return self.referee
        with self._lock:
            if size not in self._by_size:
                self._by_size[size] = self.referees(size)
            return self._by_size[size]

    def start(self, setup: dict[str, Any]) -> Session:
        event = Event.from_dict({"type": "game", **self.setup_defaults(setup)})
        session = Session.start(self.store, self.referee_for(event.get("dictionary")), event)
        self._open(session)
        for started in self.started:
            started(session)
        return session

    def get(self, game: int) -> Session:
        with self._lock:
            session = self._sessions.get(game)
        if session is not None:
            return session
        kinds = {g.id: g.game for g in self.store.games()}
        if game not in kinds:
            raise NotFoundError(f"no game {game}")
        if kinds[game] == "evening":
            raise NotFoundError(f"#{game} is a club evening, not a table's game: open /club/{game}")
        if kinds[game] == RELAY:
            raise NotFoundError(f"#{game} is the relay's ledger, not a table's game")
        setup = self.store.setup(game)
        # a move older rules took and these refuse is taken back, the record keeping it, unless the
        # store relays games between machines (a club, a table with a club): both number its events
        alone = RELAY not in kinds.values()
        return self._open(Session.resume(self.store, game, self.referee_for(setup.get("dictionary")), take_back=alone))

    def catch_up(self, game: int) -> None:
        """Play on the game's open session the events another machine stored (the relay); a session
        whose engine refuses one is dropped, so reopening it says why."""
        with self._lock:
            session = self._sessions.get(game)
        if session is None:
            return
        with session.lock:
            events = self.store.events(game)
            try:
                for number, event in enumerate(events[session.stored :], start=session.stored + 1):
                    session.copy_in(number, event)
            except WordtableError:
                with self._lock:
                    self._sessions.pop(game, None)
                raise

    def _open(self, session: Session) -> Session:
        """Share a session once its log is live: no commit can fall between loading and listening."""
        with self._lock:
            if session.game_id in self._sessions:
                return self._sessions[session.game_id]
            events = self.store.events(session.game_id)
            self.hub.load(session.game_id, [_entry(session, n, e) for n, e in enumerate(events, start=1)])
            game_id = session.game_id

            def publish(number: int, event: Event) -> None:
                self.hub.publish(game_id, number, _entry(session, number, event))

            session.listeners.append(publish)
            session.watchers.append(lambda: self.hub.news(game_id, "table", {"changed": True}))
            self._sessions[session.game_id] = session
        if self.cache is not None:
            session.part.warm(self.cache)
        return session

    def scores(self, game: int) -> tuple[list[str], list[dict[str, Any]]]:
        """Each player's score after every event that still stands (undone ones left out)."""
        session = self.get(game)
        return session.players, session.line()

    def games(self) -> list[dict[str, Any]]:
        """Every stored game, newest first, with its set-up in words (the title and the players)
        and, for a game open in this process, whether it is over."""
        games = sorted((g for g in self.store.games() if g.game != RELAY), key=lambda g: -g.id)
        setups = self.store.setups()  # one query, not a game's whole record each
        found = []
        for g in games:
            setup = setups.get(g.id, Event("game", {"game": g.game}))
            open_ = self._sessions.get(g.id)
            title = title_of(setup.data.get("game"), setup.data.get("variant"))
            found.append({"id": g.id, "game": g.game, "events": g.events, "created_at": g.created_at,
                          "title": title, "players": list(setup.data.get("players") or []),
                          "over": None if open_ is None else open_.game.over})  # fmt: skip
        return found


@dataclass
class Services:
    """Everything the dashboard talks to. Build with :meth:`create`; tests inject their own."""

    store: EventStore
    referee: Referee
    hub: Hub = field(default_factory=Hub)
    glossary: Glossary | None = None
    cameras: dict[int, Any] = field(default_factory=dict)  # game -> web.camera.CameraFeed
    #: The referee for a game that chooses another dictionary size, built with the same settings.
    referees: Callable[[str], Referee] | None = None
    desks: dict[int, Any] = field(default_factory=dict)  # game -> firmware_bridge.desk.BuzzerDesk
    #: The buzzer ports the operator offers (``serve --buzzers``); every game also has its simulator.
    buzzer_ports: list[str] = field(default_factory=list)
    #: Called when the services close (the demo's director, say).
    closing: list[Callable[[], None]] = field(default_factory=list)
    tables: Tables = field(init=False)

    def __post_init__(self) -> None:
        self.tables = Tables(self.store, self.referee, self.hub, self.referees)
        if self.glossary is None:
            try:
                self.glossary = Glossary()
            except FileNotFoundError:
                self.glossary = None

    @classmethod
    def create(
        cls,
        data: Path,
        referee: Referee | None = None,
        size: str = "large",
        referees: Callable[[str], Referee] | None = None,
        db: str | None = None,
    ) -> Services:
        """The services for a data folder: the games in ``db`` (a path, ``sqlite:///...`` or
        ``postgresql://...``), by default the folder's ``games.sqlite3``. ``referees(size)`` builds a
        referee (by default, the built-in list of that size with the rulings kept in the folder's
        ``overrides.sqlite3``); ``referee`` is the table's default one (else ``referees(size)``)."""
        data.mkdir(parents=True, exist_ok=True)
        if referees is None:

            def referees(size: str) -> Referee:
                return Referee.load(size, overrides=data / "overrides.sqlite3")

        store = EventStore(db or data / "games.sqlite3")
        return cls(store, referee or referees(size), referees=referees)

    def close(self) -> None:
        for stop in self.closing:
            stop()
        self.hub.close()
        for desk in self.desks.values():
            desk.stop()
        for camera in self.cameras.values():
            camera.stop()
