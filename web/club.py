"""The club view: an evening's tables with their live scoreboards, the bell for every table, the
score cards, the Steward's view and the standings; its JSON API under ``/api/evenings``.

Public API: :data:`club` (the pages blueprint), :data:`evenings` (the API blueprint),
:class:`Evenings` (the open evenings, in ``app.extensions["wordtable-club"]``).

An evening's hosts (``companion.club.host``) reach the tables' games through the dashboard's
open sessions, so what the club records at a table (the bell, a Steward's ruling) goes live on
that table's own page like a tap. Refusals answer as the rest of the API does: 400 with the
reason and the rule, 404 for what does not exist; nothing changes.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from flask import Blueprint, Response, abort, current_app, jsonify, render_template

from companion.club.evening import HAND_WINNER, RULINGS, VERDICTS
from companion.club.host import Host
from companion.errors import NotFoundError, WordtableError
from companion.records import Event, RecordError
from companion.table.session import Session
from web.api import BadInputError, body, failed, refused, text
from web.services import Services

club = Blueprint("club", __name__)
evenings = Blueprint("evenings", __name__, url_prefix="/api/evenings")
evenings.register_error_handler(WordtableError, refused)
evenings.register_error_handler(Exception, failed)
PAGES = ("tables", "cards", "steward", "standings")
MAX_PLAYERS = 400  # 100 tables of four: ten Stewards' worth


class Evenings:
    """The evenings opened since the server started, by their number in the store."""

    def __init__(self, services: Services, at_table: Callable[[Session, Event], object] | None = None) -> None:
        self.services, self.at_table = services, at_table
        self._hosts: dict[int, Host] = {}
        self._lock = threading.Lock()

    def open(self, setup: dict[str, Any]) -> Host:
        host = self.hooked(Host.open(self.services.store, self.services.tables, setup))
        with self._lock:
            self._hosts[host.evening_id] = host
        return host

    def get(self, evening: int) -> Host:
        with self._lock:
            host = self._hosts.get(evening)
            if host is None:
                if evening not in {g.id for g in self.services.store.games() if g.game == "evening"}:
                    raise NotFoundError(f"no club evening {evening}")
                host = Host.resume(self.services.store, self.services.tables, evening)
                host = self._hosts[evening] = self.hooked(host)
            return host

    def hooked(self, host: Host) -> Host:
        """The host records at the tables through the relay: a table's machine holding its game
        gets the bell or the Steward's challenge as a notice."""
        if self.at_table is not None:
            host.at_table = self.at_table
        return host

    def listing(self) -> list[dict[str, Any]]:
        return [{"id": g.id, "events": g.events, "created_at": g.created_at}
                for g in sorted(self.services.store.games(), key=lambda g: -g.id) if g.game == "evening"]  # fmt: skip


def hosts() -> Evenings:
    app = current_app
    found: Evenings | None = app.extensions.get("wordtable-club")
    if found is None:
        from web.relay import desk

        found = app.extensions.setdefault("wordtable-club", Evenings(app.extensions["wordtable"], desk().at_table))
    return found


# -- pages ------------------------------------------------------------------------------------


@club.get("/club")
def club_home() -> str:
    return render_template("club.html", evenings=hosts().listing())


@club.get("/club/<int:evening>")
@club.get("/club/<int:evening>/<page>")
def evening_page(evening: int, page: str = "tables") -> str:
    if page not in PAGES:
        abort(404)
    try:
        host = hosts().get(evening)
    except NotFoundError:
        abort(404)
    name = host.evening.setup.get("name") or f"Club evening #{evening}"
    return render_template("club_evening.html", evening=evening, page=page, pages=PAGES, name=name)


# -- the API ----------------------------------------------------------------------------------


def answer(host: Host, **extra: Any) -> Response:
    return jsonify({**host.view(), **extra})


def whole(value: object, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise BadInputError(f"{what}: a whole number")
    return value


@evenings.get("")
def listing() -> Response:
    return jsonify(evenings=hosts().listing())


@evenings.post("")
def create() -> tuple[Response, int]:
    """A new evening: ``players`` (a list, or names with commas or new lines between), ``table_game``
    (default ``lexicon``, with ``variant`` ``party``), ``name``, ``seats``, ``hand_winner`` and the
    tables' game's own settings (``hand_minutes``...)."""
    setup = {k: v for k, v in body().items() if v not in (None, "")}
    players = setup.get("players")
    if isinstance(players, str):
        players = [p for line in players.splitlines() for p in line.split(",")]
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise BadInputError("players: a list of names")
    players = [p.strip() for p in players if p.strip()]
    if not players or len(players) > MAX_PLAYERS:
        raise BadInputError(f"players: 1 to {MAX_PLAYERS} names")
    for name in players:
        text(name, "a player's name")
    setup["players"] = players
    setup.setdefault("table_game", "lexicon")
    if setup["table_game"] == "lexicon":
        setup.setdefault("variant", "party")
    if "name" in setup:
        setup["name"] = text(setup["name"], "name", 60)
    if setup.get("hand_winner") not in (None, *HAND_WINNER):
        raise BadInputError(f"hand_winner: {' or '.join(HAND_WINNER)}")
    host = hosts().open(setup)
    return answer(host), 201


@evenings.get("/<int:evening>")
def view(evening: int) -> Response:
    return answer(hosts().get(evening))


@evenings.post("/<int:evening>/deal")
def deal(evening: int) -> Response:
    host = hosts().get(evening)
    return answer(host, dealt=host.deal())


@evenings.post("/<int:evening>/bell")
def bell(evening: int) -> Response:
    host = hosts().get(evening)
    return answer(host, stopped=host.ring())


@evenings.post("/<int:evening>/mark")
def mark(evening: int) -> Response:
    """Mark one table's hand on the score cards (``table``), or every table whose hand is over."""
    host, data = hosts().get(evening), body()
    if data.get("table") is None:
        return answer(host, marked=host.mark_all())
    table = whole(data["table"], "table")
    host.mark(table)
    return answer(host, marked=[table])


@evenings.post("/<int:evening>/check")
def check(evening: int) -> Response:
    host, data = hosts().get(evening), body()
    if data.get("verdict") not in VERDICTS:
        raise BadInputError(f"verdict: {' or '.join(VERDICTS)}")
    host.check(text(data.get("player"), "player"), text(data.get("by"), "by"), data["verdict"])
    return answer(host)


@evenings.post("/<int:evening>/correct")
def correct(evening: int) -> Response:
    host, data = hosts().get(evening), body()
    host.correct(text(data.get("player"), "player"), whole(data.get("cards"), "cards"))
    return answer(host)


@evenings.post("/<int:evening>/call")
def call(evening: int) -> Response:
    host, data = hosts().get(evening), body()
    word = text(data.get("word"), "word", 30)
    if not word.isalpha():
        raise RecordError("word: the word challenged, letters only")
    host.call(whole(data.get("table"), "table"), text(data.get("player"), "player"), word)
    return answer(host)


@evenings.post("/<int:evening>/settle")
def settle(evening: int) -> Response:
    host, data = hosts().get(evening), body()
    if data.get("ruling") not in RULINGS:
        raise BadInputError(f"ruling: {', '.join(RULINGS)}")
    host.settle(whole(data.get("call"), "call"), data["ruling"])
    return answer(host)


@evenings.post("/<int:evening>/move")
def move(evening: int) -> Response:
    host = hosts().get(evening)
    host.move()
    return answer(host)


@evenings.post("/<int:evening>/end")
def end(evening: int) -> Response:
    host = hosts().get(evening)
    host.end()
    return answer(host)
