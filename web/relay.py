"""The relay's endpoints: the club's side (holds, the tables' pushes, the notice queue) and the
table's side (take a game from the club, the relay's status). Under ``/api/relay``.

Public API: :data:`relay` (the blueprint), :class:`Desk` (the club's side, in
``app.extensions["wordtable-relay"]``), :func:`desk`.

The club's side, for a table's machine (``web.uplink``) running ``wordtable serve --upstream``:

- ``POST /api/relay/<game>/checkout`` ``{seat}``: the table takes the club's game: it is held by
  ``seat`` from then on, and the answer has its events to copy down;
- ``POST /api/relay/publish`` ``{seat, origin, setup}``: a game begun at the table: the club stores
  its ``game`` event, held by ``seat`` (the same ``origin`` again answers the same game);
- ``POST /api/relay/<game>`` ``{seat, first, events}``: the table's events numbered from ``first``;
  those the club has already are accepted again if the same; a gap or a different event is
  refused (409, with the club's ``count``); the answer is the club's ``count``;
- ``GET /api/relay/<game>``: the club's count and the holder;
- ``GET /api/relay/<game>/notices``: what the club asks of the held game, not yet done;
  ``POST /api/relay/<game>/notices/<n>/refused`` ``{reason}``: the table's game refused one;
- ``POST /api/relay/<game>/release``: the club takes a game back (its table's machine is gone).

A change to a held game through the ordinary API (``/api/sessions/<game>/...``) is refused with
409, naming the holder; what the club's host records at a held table (the bell, a Steward's
challenge) becomes a notice (:meth:`Desk.at_table`, the host's hook).
"""

from __future__ import annotations

import re
import threading
from typing import Any

from flask import Blueprint, Flask, Response, current_app, jsonify, request

from companion.errors import NotFoundError, WordtableError
from companion.records import Event
from companion.table.relay import BATCH, Book, HeldError, Ledger, Notice, RelayConflictError, merge, notices_done
from companion.table.session import Session
from companion.table.store import NumberingError
from web.api import BadInputError, body, failed, refused, text
from web.security import CHANGES
from web.services import Services

relay = Blueprint("relay", __name__, url_prefix="/api/relay")
relay.register_error_handler(WordtableError, refused)
relay.register_error_handler(Exception, failed)
SESSION_CHANGE = re.compile(r"/api/sessions/(\d+)(/|$)")


class Desk:
    """The club's side of the relay: its ledger (opened when first needed) and a lock a game."""

    def __init__(self, services: Services) -> None:
        self.services = services
        self._book: Book | None = None
        self._none = False  # the store has no ledger yet (only this server begins one)
        self._lock = threading.Lock()
        self._publishing = threading.Lock()
        self._games: dict[int, threading.Lock] = {}

    @property
    def ledger(self) -> Ledger:
        with self._lock:
            if self._book is None and not self._none:
                if any(g.game == "relay" for g in self.services.store.games()):
                    self._book = Book(self.services.store)
                else:
                    self._none = True
            return self._book.ledger if self._book is not None else Ledger()

    def book(self) -> Book:
        with self._lock:
            if self._book is None:
                self._book = Book(self.services.store)
            return self._book

    def game_lock(self, game: int) -> threading.Lock:
        with self._lock:
            return self._games.setdefault(game, threading.Lock())

    def holder(self, game: int) -> str | None:
        return self.ledger.holder(game)

    def at_table(self, session: Session, event: Event) -> object:
        """The host's hook: record ``event`` at a table, or queue it as a notice if a table's
        machine holds the game."""
        if self.holder(session.game_id) is None:
            return session.record(event)
        return self.notify(session.game_id, event)

    def notify(self, game: int, event: Event) -> int:
        """Queue ``event`` for the table that holds ``game``; returns the notice's number."""
        ledger = self.book().record(Event("notice", {"game": game, "event": event.to_json()}))
        return ledger.notices[-1].number

    def take(self, game: int, seat: str) -> list[Event]:
        """``seat`` takes the club's ``game``: held by it from now on (again, if it held it)."""
        with self.game_lock(game):
            events = self.services.store.events(game)
            if events[0].get("game") in ("evening", "relay"):
                raise BadInputError(f"game {game} is not a table's game")
            holder = self.holder(game)
            if holder not in (None, seat):
                raise HeldError(game, holder)
            if holder is None:
                self.book().record(Event("hold", {"game": game, "seat": seat, "origin": f"club:{game}"}))
            return events

    def publish(self, seat: str, origin: str, setup: Event) -> int:
        """A game begun at ``seat``: its ``game`` event stored here, held by ``seat``."""
        with self._publishing:  # one publication at a time: an origin sent twice makes one game
            found = self.ledger.held_from(origin)
            if found is not None:
                return found.game
            game = self.services.store.create_game(setup)
            # A crash here leaves a game with its setup alone, which no table holds; the table
            # publishes again, as a new game.
            self.book().record(Event("hold", {"game": game, "seat": seat, "origin": origin}))
            return game

    def push(self, game: int, seat: str, first: int, events: list[Event]) -> int:
        """The table's events numbered from ``first``; returns the club's count."""
        with self.game_lock(game):
            holder = self.holder(game)
            if holder != seat:
                raise HeldError(game, holder) if holder else BadInputError(f"game {game} is not held by {seat}")
            tables = self.services.tables
            try:
                tables.get(game)  # the club's screens see the new events on its open session
            except WordtableError as error:
                current_app.logger.warning("relay: game %s cannot be shown here: %s", game, error)
            have = self.services.store.events(game)
            fresh = merge(have, first, events)
            if fresh:
                try:
                    self.services.store.extend(game, len(have) + 1, fresh)
                except NumberingError as error:
                    raise RelayConflictError(error.count, str(error)) from None
                try:
                    tables.catch_up(game)
                except WordtableError as error:
                    current_app.logger.warning("relay: game %s's rules here refuse the table's: %s", game, error)
            return len(have) + len(fresh)

    def status(self) -> list[dict[str, Any]]:
        ledger = self.ledger
        counts = {g.id: g.events for g in self.services.store.games()} if ledger.holds else {}
        return [{"game": h.game, "seat": h.seat, "events": counts.get(h.game, 0),
                 "notices": [n.number for n in self.waiting(h.game)],
                 "refused": [{"n": n.number, "reason": ledger.refused[n.number]} for n in ledger.notices
                             if n.game == h.game and n.number in ledger.refused]}
                for h in ledger.holds.values()]  # fmt: skip

    def waiting(self, game: int) -> list[Notice]:
        """The notices for ``game`` not yet done at the club's copy nor refused. Each table asks
        every second: the game's events are read only when it has notices not refused."""
        ledger = self.ledger
        if not ledger.waiting(game, done=set()):
            return []
        return ledger.waiting(game, self._done(game))

    def _done(self, game: int) -> set[int]:
        return notices_done(self.services.store.events(game))


def desk() -> Desk:
    app = current_app
    found: Desk | None = app.extensions.get("wordtable-relay")
    if found is None:
        found = app.extensions.setdefault("wordtable-relay", Desk(app.extensions["wordtable"]))
    return found


def install(app: Flask) -> None:
    """The blueprint, and the 409 for a change to a held game through the ordinary API."""
    app.register_blueprint(relay)

    @app.before_request
    def held_elsewhere() -> tuple[Response, int] | None:
        if request.method not in CHANGES:
            return None
        found = SESSION_CHANGE.match(request.path)
        seat = desk().holder(int(found[1])) if found else None
        if seat is None:
            return None
        error = HeldError(int(found[1]) if found else 0, seat)
        return jsonify(error=str(error), holder=seat, kind="held"), 409


@relay.errorhandler(HeldError)
@relay.errorhandler(RelayConflictError)
def conflict(error: WordtableError) -> tuple[Response, int]:
    answer: dict[str, Any] = {"error": str(error), "kind": "conflict"}
    if isinstance(error, HeldError):
        answer["holder"] = error.seat
    if isinstance(error, RelayConflictError):
        answer["count"] = error.count
    return jsonify(answer), 409


def whole(value: object, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 1:
        raise BadInputError(f"{what}: a whole number from 1")
    return value


def events_of(value: object) -> list[Event]:
    if not isinstance(value, list) or len(value) > BATCH:
        raise BadInputError(f"events: a list of at most {BATCH} events")
    return [Event.from_dict(e) for e in value]


# -- the club's side ------------------------------------------------------------------------------


@relay.post("/<int:game>/checkout")
def checkout(game: int) -> Response:
    seat = text(body().get("seat"), "seat")
    events = desk().take(game, seat)
    return jsonify(game=game, count=len(events), events=[e.as_dict() for e in events])


@relay.post("/publish")
def publish() -> tuple[Response, int]:
    data = body()
    seat, origin = text(data.get("seat"), "seat"), text(data.get("origin"), "origin", 80)
    setup = Event.from_dict(data.get("setup"))
    if setup.type != "game" or setup.get("game") in ("evening", "relay"):
        raise BadInputError("setup: a table's game event")
    return jsonify(game=desk().publish(seat, origin, setup), count=1), 201


@relay.post("/<int:game>")
def push(game: int) -> Response:
    data = body()
    seat, first = text(data.get("seat"), "seat"), whole(data.get("first"), "first")
    return jsonify(game=game, count=desk().push(game, seat, first, events_of(data.get("events"))))


@relay.get("/<int:game>")
def held(game: int) -> Response:
    count = len(desk().services.store.events(game))
    return jsonify(game=game, count=count, holder=desk().holder(game))


@relay.get("/<int:game>/notices")
def notices(game: int) -> Response:
    return jsonify(notices=[n.as_dict() for n in desk().waiting(game)])


@relay.post("/<int:game>/notices/<int:number>/refused")
def notice_refused(game: int, number: int) -> Response:
    reason = text(body().get("reason"), "reason", 400)
    if not any(n.number == number and n.game == game for n in desk().ledger.notices):
        raise NotFoundError(f"no notice {number} for game {game}")
    if number not in desk().ledger.refused:
        desk().book().record(Event("refused", {"notice": number, "reason": reason}))
    return jsonify(notice=number, refused=reason)


@relay.post("/<int:game>/release")
def release(game: int) -> Response:
    """The club takes the game back: its table's machine can no longer push it."""
    seat = desk().holder(game)
    if seat is None:
        raise BadInputError(f"game {game} is not held by a table")
    desk().book().record(Event("release", {"game": game}))
    return jsonify(game=game, released=seat)


# -- the table's side -------------------------------------------------------------------------------


def uplink() -> Any:
    found = current_app.extensions.get("wordtable-uplink")
    if found is None:
        raise NotFoundError("this server has no club (start it with --upstream http://club:PORT --seat NAME)")
    return found


@relay.post("/take")
def take() -> tuple[Response, int]:
    """This table takes the club's game ``game``: copied down, recorded here from now on."""
    game = whole(body().get("game"), "game")
    return jsonify(game=uplink().take(game), club=game), 201


@relay.get("/status")
def status() -> Response:
    """The relay: this table's link to its club (connected, behind by N events, the last error),
    and the games tables hold here."""
    found = current_app.extensions.get("wordtable-uplink")
    return jsonify(upstream=found.status() if found is not None else None, holds=desk().status())
