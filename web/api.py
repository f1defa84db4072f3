"""The JSON API: games and their events, the referee's word box, buzzers, camera, live stream.

Public API: :data:`api` (a Flask blueprint under ``/api``).

Every input is checked by the rules engine or the word knowledge before anything is stored; a
refused input (a :class:`~companion.errors.WordtableError`) answers 400 with the reason (404 for
something that does not exist) and changes nothing. A body over the app's ``MAX_CONTENT_LENGTH``
answers 413; JSON nested too deep, 400; a store that cannot be written, 503 with SQLite's own
words. Every answer under ``/api`` is JSON, an unknown route's 404 too. Any other exception is
a bug: it is logged with its traceback and answered 500, never passed off as the player's mistake.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, current_app, jsonify, request, stream_with_context
from flask import session as flask_session
from werkzeug.exceptions import HTTPException

from companion.errors import InvalidInputError, NotFoundError, RuleError, StorageError, WordtableError
from companion.games.registry import VARIANTS, word_rules
from companion.games.schema import letter as letter_check
from companion.records import Event
from companion.words.letters import Letters
from web.health import health as dashboard_health
from web.health import table_parts
from web.services import Services

api = Blueprint("api", __name__, url_prefix="/api")


def services() -> Services:
    services: Services = current_app.extensions["wordtable"]
    return services


class BadInputError(InvalidInputError):
    """A request the API cannot use."""


@api.errorhandler(WordtableError)
def refused(error: WordtableError) -> tuple[Response, int]:
    """A refusal the player can read: 404 for what does not exist, 400 for the rest; a store that
    cannot be written is 503 (nothing was recorded) and goes in the log too."""
    if isinstance(error, StorageError):
        current_app.logger.error("%s %s: %s", request.method, request.path, error)
        return jsonify(error=f"{error}; nothing was recorded", kind="storage"), 503
    answer: dict[str, Any] = {"error": str(error), "kind": "rule" if isinstance(error, RuleError) else "input"}
    if isinstance(error, RuleError):
        answer["rule"] = error.rule
    return jsonify(answer), 404 if isinstance(error, NotFoundError) else 400


@api.errorhandler(Exception)
def failed(error: Exception) -> Any:
    """A bug: logged with its traceback, answered 500 (HTTP errors such as 405 and 413 keep their code)."""
    if isinstance(error, HTTPException):
        return http_error(error)
    current_app.logger.error("%s %s failed", request.method, request.path, exc_info=error)
    return jsonify(error="wordtable failed on this request (a bug: the server log has the details)"), 500


@api.app_errorhandler(HTTPException)
def http_error(error: HTTPException) -> Any:
    """Under /api an HTTP error (404 for a route there is not, 405, 413) is JSON; elsewhere, the page."""
    if not request.path.startswith("/api/") and request.path != "/api":
        return error
    code = error.code or 500
    if code == 413:
        limit = current_app.config.get("MAX_CONTENT_LENGTH") or 0
        return jsonify(error=f"the request is too large: at most {limit // 1024} KB"), 413
    if code == 404:
        return jsonify(error=f"no {request.method} {request.path} in the API (docs/dashboard.md lists it)"), 404
    return jsonify(error=f"{error.name}: {error.description}"), code


@api.app_errorhandler(StorageError)
def storage_failed(error: StorageError) -> tuple[Response, int]:
    """A page whose game cannot be read from the store: SQLite's words, not a bare 500."""
    current_app.logger.error("%s %s: %s", request.method, request.path, error)
    return Response(f"{error}\n", mimetype="text/plain"), 503


def body() -> dict[str, Any]:
    try:
        data = request.get_json(silent=True)
    except RecursionError:
        raise BadInputError("JSON nested too deeply: send a JSON object of fields") from None
    if not isinstance(data, dict):
        raise BadInputError("send a JSON object")
    return data


def text(value: object, what: str, limit: int = 40) -> str:
    if not isinstance(value, str) or not value.strip() or len(value) > limit:
        raise BadInputError(f"{what}: give a word of 1-{limit} characters")
    return value.strip()


def number(value: str, what: str) -> int:
    """A whole number from a query string or header: ASCII digits, at most 9 ("²" is a digit to
    Python, and a 5,000-digit number is one int() refuses)."""
    if not (value.isascii() and value.isdigit() and len(value) <= 9):
        raise BadInputError(f"{what}: a whole number")
    return int(value)


def game_state(game_id: int) -> dict[str, Any]:
    """The table's read model (``Session.view``), with whether a camera and a buzzer box are on."""
    view = services().tables.get(game_id).view()
    camera = services().cameras.get(game_id)
    view["camera"]["running"] = camera is not None
    view["camera"]["frames"] = camera.latest().get("frames", 0) if camera is not None else 0
    view["buzzer_box"] = game_id in services().desks
    view["parts"] = table_parts(services(), game_id)  # alive, and the last error of each
    return view


@api.get("/health")
def health() -> tuple[Response, int]:
    """Which parts are alive (the store, the live hub, each camera and buzzer desk): 200 when all
    are, 503 when one is not; each with its last error."""
    answer, alive = dashboard_health(services())
    return jsonify(answer), 200 if alive else 503


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
    after = number(request.args.get("after", "0"), "after: an event number")
    return jsonify(events=[{"n": n, **e} for n, e in services().hub.after(game_id, after)])


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
    number = session.undo(to)
    return jsonify(undone_what=(session.last or {}).get("undone"), n=number, **game_state(game_id))


@api.post("/sessions/<int:game_id>/shout")
def shout(game_id: int) -> Response:
    """A shouted word typed in with no buzzer press: settled at once, on the table's clock."""
    session = services().tables.get(game_id)
    data = body()
    player, word = text(data.get("player"), "player"), text(data.get("word"), "word")
    settled = session.call(player, word)
    return jsonify(settled=[e.as_dict() for e in settled], **game_state(game_id))


@api.post("/sessions/<int:game_id>/say")
def say(game_id: int) -> Response:
    """The word a player said after pressing (``word`` null: nothing, the claim is withdrawn);
    ``from`` (Owner:WORD) when the referee tapped a steal."""
    session = services().tables.get(game_id)
    data = body()
    player = text(data.get("player"), "player")
    word = None if data.get("word") is None else text(data.get("word"), "word")
    source = data.get("from")
    if source is not None and not isinstance(source, str):
        raise BadInputError("from: Owner:WORD")
    settled = session.say(player, word, source or None)
    return jsonify(settled=[e.as_dict() for e in settled], **game_state(game_id))


@api.post("/sessions/<int:game_id>/rock-paper-scissors")
def rock_paper_scissors(game_id: int) -> Response:
    """Rule 06: equal-length words; ``winner`` as played at the table, or null to draw one."""
    session = services().tables.get(game_id)
    winner = body().get("winner")
    if winner is not None and not isinstance(winner, str):
        raise BadInputError("winner: a player's name, or null to draw at random")
    settled = session.rock_paper_scissors(winner)
    return jsonify(settled=[e.as_dict() for e in settled], **game_state(game_id))


@api.get("/sessions/<int:game_id>/advice")
def advice(game_id: int) -> Response:
    """DICEWORDS: the best words for the dice showing and which dice to keep (the first call builds
    the solver's tables, some seconds once, unless opening the table began it; they are kept in the
    cache folder). Moves are recorded meanwhile."""
    tables = services().tables
    return jsonify(tables.get(game_id).advice(tables.cache))  # the folder the tables' warm-up uses


@api.get("/sessions/<int:game_id>/scores")
def scores(game_id: int) -> Response:
    """Scores after each event (at most 100 points, the last always), for the chart."""
    players, points = services().tables.scores(game_id)
    step = max(1, len(points) // 100)
    return jsonify(players=players, points=points[::-step][::-1])


@api.get("/sessions/<int:game_id>/export")
def export(game_id: int) -> Response | tuple[Response, int]:
    """The game's record, every field of every event: while the game is played and its record holds
    words the players keep to themselves, a table with a PIN asks for it (the referee's, not a
    player's phone)."""
    session = services().tables.get(game_id)
    if session.conceals() and current_app.config.get("PIN") and not flask_session.get("pin_ok"):
        why = "the record holds words the players keep to themselves until the game is over"
        return jsonify(error=f"{why}: enter the table PIN first (/pin)"), 403
    lines = "".join(e.to_json() + "\n" for e in services().store.events(game_id))
    return Response(lines, mimetype="application/x-ndjson",
                    headers={"Content-Disposition": f"attachment; filename=game-{game_id}.jsonl"})  # fmt: skip


@api.get("/sessions/<int:game_id>/stream")
def stream(game_id: int) -> Response:
    """Server-Sent Events: everything after Last-Event-ID (or ?after=), then live."""
    services().tables.get(game_id)
    last = request.headers.get("Last-Event-ID") or request.args.get("after") or "0"
    last_number = number(last, "Last-Event-ID: an event number")
    feed = services().hub.stream(game_id, last_number)
    return Response(stream_with_context(feed), mimetype="text/event-stream",
                    headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})  # fmt: skip


# -- buzzers -------------------------------------------------------------------------------


@api.post("/sessions/<int:game_id>/buzzers")
def attach_buzzers(game_id: int) -> Response:
    """Attach one of the buzzer ports the operator offers (``ports`` in the summary); with no
    ``port``, the box the game has, else its own simulator. Buttons in seating order. Any other
    address is refused."""
    from web.buzzers import offer, own_simulator

    services().tables.get(game_id)
    data = body()
    current = services().desks.get(game_id)
    port = data.get("port") or (current.link.url if current is not None else own_simulator(game_id))
    if not isinstance(port, str):
        raise BadInputError("port: one of the ports the buzzers card offers")
    desk = current if current is not None and current.link.url == port else offer(services(), game_id, port)
    return jsonify(port=port, buttons=desk.buttons)


@api.delete("/sessions/<int:game_id>/buzzers")
def detach_buzzers(game_id: int) -> Response:
    """Let the game's buzzer box go: its port is free for another table."""
    from web.buzzers import detach

    services().tables.get(game_id)
    return jsonify(detached=detach(services(), game_id))


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

    services().tables.get(game_id)
    return jsonify(summary(services(), game_id))


# -- word knowledge ------------------------------------------------------------------------


@api.get("/check")
def check() -> Response:
    """The word box: is WORD valid in GAME, and (with ``from`` and ``pool``) what a take would be;
    with ``session=N``, as that game's referee rules (its rulings included)."""
    word = text(request.args.get("word"), "word")
    rules = word_rules(request.args.get("game", "not-scrabble"), request.args.get("variant") or None)
    sources = [s.strip().lower() for s in request.args.get("from", "").split(",") if s.strip()]
    pool = request.args.get("pool", "")
    game_id = request.args.get("session", "")
    if game_id:  # that game's own rules, and its rulings over the stem judge
        return jsonify(services().tables.get(number(game_id, "session: a game number")).word_box(word, sources, pool))
    referee = services().referee
    answer: dict[str, Any] = {"word": word.upper(), "check": referee.dictionary.check(word.lower(), rules).as_dict()}
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


# -- camera (one per table) ------------------------------------------------------------------


def feed_of(game_id: int) -> Any:
    services().tables.get(game_id)
    feed = services().cameras.get(game_id)
    if feed is None:
        raise NotFoundError(f"game {game_id} has no camera (start it with --camera or in the table's settings)")
    return feed


@api.get("/sessions/<int:game_id>/camera")
def camera(game_id: int) -> Response:
    feed = services().cameras.get(game_id)
    services().tables.get(game_id)
    if feed is None:
        return jsonify(running=False)
    return jsonify(running=True, **feed.latest())


@api.get("/sessions/<int:game_id>/camera/frame.jpg")
def frame(game_id: int) -> Response:
    picture = feed_of(game_id).picture()
    if picture is None:
        return Response(status=204)
    return Response(picture, mimetype="image/jpeg", headers={"Cache-Control": "no-store"})


@api.post("/sessions/<int:game_id>/camera/answer")
def answer(game_id: int) -> Response:
    """A person's one-tap answer to a camera read: the read is corrected, learnt, and the table
    reads it; or (``choice``) an answer to the table's question about what a change meant."""
    data = body()
    if "choice" in data:
        choice = data["choice"]
        if not isinstance(choice, int) or isinstance(choice, bool):
            raise BadInputError("choice: the number of the answer")
        services().tables.get(game_id).answer(choice)
        return jsonify(game_state(game_id))
    item, letter = data.get("item"), data.get("letter")
    if not isinstance(item, int) or isinstance(item, bool) or not isinstance(letter, str) or letter_check(letter):
        raise BadInputError("item: a number; letter: one letter A-Z")  # "ß" too: its capital is two letters
    feed = feed_of(game_id)
    feed.answer(item, letter.upper())
    return jsonify(feed.latest())


@api.post("/sessions/<int:game_id>/camera/read-again")
def read_again(game_id: int) -> Response:
    """A person says the table is right: the camera's pause ends and the table is read again."""
    services().tables.get(game_id).read_again()
    return jsonify(game_state(game_id))
