"""The JSON API: games and their events, the referee's word box, buzzers, camera, live stream.

Public API: :data:`api` (a Flask blueprint under ``/api``).

Every input is checked by the rules engine or the word knowledge before anything is stored; a
refused input (a :class:`~companion.errors.WordtableError`) answers 400 with the reason (404 for
something that does not exist) and changes nothing. Any other exception is a bug: it is logged
with its traceback and answered 500, never passed off as the player's mistake.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, current_app, jsonify, request, stream_with_context
from werkzeug.exceptions import HTTPException

from companion.errors import InvalidInputError, NotFoundError, RuleError, WordtableError
from companion.games.registry import VARIANTS, word_rules
from companion.records import Event
from companion.words.letters import Letters
from web.services import Services, event_types

api = Blueprint("api", __name__, url_prefix="/api")


def services() -> Services:
    services: Services = current_app.extensions["wordtable"]
    return services


class BadInputError(InvalidInputError):
    """A request the API cannot use."""


@api.errorhandler(WordtableError)
def refused(error: WordtableError) -> tuple[Response, int]:
    """A refusal the player can read: 404 for what does not exist, 400 for the rest."""
    answer: dict[str, Any] = {"error": str(error), "kind": "rule" if isinstance(error, RuleError) else "input"}
    if isinstance(error, RuleError):
        answer["rule"] = error.rule
    return jsonify(answer), 404 if isinstance(error, NotFoundError) else 400


@api.errorhandler(Exception)
def failed(error: Exception) -> tuple[Response, int] | HTTPException:
    """A bug: logged with its traceback, answered 500 (HTTP errors such as 405 pass through)."""
    if isinstance(error, HTTPException):
        return error
    current_app.logger.error("%s %s failed", request.method, request.path, exc_info=error)
    return jsonify(error="wordtable failed on this request (a bug: the server log has the details)"), 500


def body() -> dict[str, Any]:
    data = request.get_json(silent=True)
    if not isinstance(data, dict):
        raise BadInputError("send a JSON object")
    return data


def text(value: object, what: str, limit: int = 40) -> str:
    if not isinstance(value, str) or not value.strip() or len(value) > limit:
        raise BadInputError(f"{what}: give a word of 1-{limit} characters")
    return value.strip()


def game_state(game_id: int) -> dict[str, Any]:
    session = services().tables.get(game_id)
    with session.lock:
        return {"id": game_id, "state": session.game.state(), "events": len(session.game.events),
                "event_types": event_types(session.game), "players": list(session.game.players),
                "setup": session.game.setup.as_dict()}  # fmt: skip


# -- games ---------------------------------------------------------------------------------


@api.get("/games")
def games() -> Response:
    """The games and variants there are engines for, with their titles."""
    return jsonify(games=[v.as_dict() for v in VARIANTS], sessions=services().tables.games())


@api.post("/sessions")
def start() -> tuple[Response, int]:
    setup = body()
    players = setup.get("players")
    if not isinstance(players, list) or not players or not all(isinstance(p, str) and p.strip() for p in players):
        raise BadInputError("players: a list of names")
    setup["players"] = [p.strip() for p in players]
    if len(set(setup["players"])) != len(setup["players"]):
        raise BadInputError("players: each name once")
    session = services().tables.start({k: v for k, v in setup.items() if v not in (None, "")})
    return jsonify(game_state(session.game_id)), 201


@api.get("/sessions/<int:game_id>")
def state(game_id: int) -> Response:
    return jsonify(game_state(game_id))


@api.get("/sessions/<int:game_id>/events")
def events(game_id: int) -> Response:
    services().tables.get(game_id)
    after = request.args.get("after", "0")
    if not after.isdigit():
        raise BadInputError("after: an event number")
    return jsonify(events=[{"n": n, **e} for n, e in services().hub.after(game_id, int(after))])


@api.post("/sessions/<int:game_id>/events")
def record(game_id: int) -> tuple[Response, int]:
    """Record one event, given as a JSON object or in the text form (``draw player=Ann letter=R``)."""
    session = services().tables.get(game_id)
    data = body()
    if isinstance(data.get("text"), str):
        if not data["text"].strip():
            raise BadInputError("type an event, such as: draw player=Ann letter=R")
        event = Event.from_text(data["text"].strip())
    else:
        event = Event.from_dict(data.get("event"))
    if event.type == "game":
        raise BadInputError("a game has one game event, at its start")
    number = session.record(event)
    return jsonify(n=number, **game_state(game_id)), 201


@api.post("/sessions/<int:game_id>/undo")
def undo(game_id: int) -> Response:
    session = services().tables.get(game_id)
    to = body().get("to")
    if to is not None and (not isinstance(to, int) or isinstance(to, bool)):
        raise BadInputError("to: an event number")
    session.undo(to)
    return jsonify(game_state(game_id))


@api.post("/sessions/<int:game_id>/shout")
def shout(game_id: int) -> Response:
    """A shouted word (typed, or after a buzzer press): settled at once."""
    session = services().tables.get(game_id)
    data = body()
    player, word = text(data.get("player"), "player"), text(data.get("word"), "word")
    with session.lock:
        session.shout(player, word)
        settled = session.settle()
    return jsonify(settled=[e.as_dict() for e in settled], awaiting=[s.player for s in session.awaiting],
                   **game_state(game_id))  # fmt: skip


@api.get("/sessions/<int:game_id>/scores")
def scores(game_id: int) -> Response:
    """Scores after each event (at most 100 points, the last always), for the chart."""
    players, points = services().tables.scores(game_id)
    step = max(1, len(points) // 100)
    return jsonify(players=players, points=points[::-step][::-1])


@api.get("/sessions/<int:game_id>/export")
def export(game_id: int) -> Response:
    services().tables.get(game_id)
    lines = "".join(e.to_json() + "\n" for e in services().store.events(game_id))
    return Response(lines, mimetype="application/x-ndjson",
                    headers={"Content-Disposition": f"attachment; filename=game-{game_id}.jsonl"})  # fmt: skip


@api.get("/sessions/<int:game_id>/stream")
def stream(game_id: int) -> Response:
    """Server-Sent Events: everything after Last-Event-ID (or ?after=), then live."""
    services().tables.get(game_id)
    last = request.headers.get("Last-Event-ID") or request.args.get("after") or "0"
    last_number = int(last) if last.isdigit() else 0
    feed = services().hub.stream(game_id, last_number)
    return Response(stream_with_context(feed), mimetype="text/event-stream",
                    headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})  # fmt: skip


# -- buzzers -------------------------------------------------------------------------------


@api.post("/sessions/<int:game_id>/buzzers")
def attach_buzzers(game_id: int) -> Response:
    """Attach a buzzer box (or the simulator, ``sim://``) to the game; buttons in seating order."""
    from web.buzzers import attach

    data = body()
    port = data.get("port") or f"sim://table-{game_id}"
    if not isinstance(port, str):
        raise BadInputError("port: a pyserial URL such as /dev/ttyACM0 or sim://table")
    attach(services(), game_id, port)
    return jsonify(port=port, buttons=services().desks[game_id].buttons)


@api.post("/sessions/<int:game_id>/press")
def press(game_id: int) -> Response:
    """An on-screen (or keyboard) buzzer: presses the simulated box's button."""
    from web.buzzers import press as press_button

    button = body().get("button")
    if not isinstance(button, int) or isinstance(button, bool) or not 0 <= button < 8:
        raise BadInputError("button: 0-7")
    press_button(services(), game_id, button)
    return jsonify(pressed=button)


@api.get("/sessions/<int:game_id>/buzzers")
def buzzers(game_id: int) -> Response:
    from web.buzzers import summary

    return jsonify(summary(services(), game_id))


# -- word knowledge ------------------------------------------------------------------------


@api.get("/check")
def check() -> Response:
    """The word box: is WORD valid in GAME, and (with ``from`` and ``pool``) what a take would be;
    with ``session=N``, as that game's referee rules (its rulings included)."""
    word = text(request.args.get("word"), "word")
    rules = word_rules(request.args.get("game", "not-scrabble"), request.args.get("variant") or None)
    referee = services().referee
    game_id = request.args.get("session", "")
    if game_id.isdigit():  # that game's own rules, and its rulings over the stem judge
        game = services().tables.get(int(game_id)).game
        rules, referee = game.rules, game.referee
    answer: dict[str, Any] = {"word": word.upper(), "check": referee.dictionary.check(word.lower(), rules).as_dict()}
    sources = [s.strip().lower() for s in request.args.get("from", "").split(",") if s.strip()]
    pool = request.args.get("pool", "")
    if sources or pool:
        answer["take"] = referee.check_take(sources, word.lower(), Letters(pool), rules).as_dict()
    return jsonify(answer)


@api.get("/judge")
def judge() -> Response:
    old, new = text(request.args.get("old"), "old"), text(request.args.get("new"), "new")
    return jsonify(services().referee.judge.judge(old.lower(), new.lower()).as_dict())


@api.get("/define")
def define() -> Response:
    """A word's meanings (WordNet), as "Dictionary, Please!" asks players to consult."""
    word = text(request.args.get("word"), "word")
    glossary = services().glossary
    if glossary is None:
        return jsonify(word=word.upper(), meanings=[], note="WordNet is not installed (wordnet-base)")
    return jsonify(word=word.upper(), meanings=[m.as_dict() for m in glossary.meanings(word)])


# -- camera --------------------------------------------------------------------------------


@api.get("/camera")
def camera() -> Response:
    feed = services().camera
    if feed is None:
        return jsonify(running=False)
    return jsonify(running=True, **feed.latest())


@api.get("/camera/frame.jpg")
def frame() -> Response:
    feed = services().camera
    picture = feed.picture() if feed is not None else None
    if picture is None:
        return Response(status=204)
    return Response(picture, mimetype="image/jpeg", headers={"Cache-Control": "no-store"})


@api.post("/camera/answer")
def answer() -> Response:
    """A person's one-tap answer to a camera question: the read is corrected and learnt."""
    feed = services().camera
    if feed is None:
        raise BadInputError("no camera is running")
    data = body()
    item, letter = data.get("item"), data.get("letter")
    if not isinstance(item, int) or not isinstance(letter, str) or len(letter) != 1 or not letter.isalpha():
        raise BadInputError("item: a number; letter: one letter")
    feed.answer(item, letter.upper())
    return jsonify(feed.latest())
