"""The dashboard's API and pages through Flask's test client, on a real SQLite store."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.table.store import EventStore
from companion.words.solver import Referee
from tests.helpers import record, start
from web import create_app
from web.services import Services

DRAWS = ["first-draw player=Ann letter=M", "first-draw player=Ben letter=C", "draw player=Ben letter=R",
         "draw player=Ann letter=I", "draw player=Ben letter=D", "draw player=Ann letter=E"]  # fmt: skip


@pytest.fixture
def app(tmp_path: Path, referee: Referee) -> Iterator[Flask]:
    services = Services(EventStore(tmp_path / "games.sqlite3"), referee)
    app = create_app({"TESTING": True, "MERGE_SECONDS": 0.01}, services)
    yield app
    services.close()


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


def test_a_not_scrabble_game_through_the_api(client: FlaskClient) -> None:
    game = start(client)
    record(client, game, *DRAWS)
    shout = client.post(f"/api/sessions/{game}/shout", json={"player": "Ann", "word": "ride"})
    assert [e["type"] for e in shout.json["settled"]] == ["claim"]
    standings = {s["player"]: s["score"] for s in shout.json["state"]["standings"]}
    assert standings["Ann"] > standings["Ben"]
    ann = json.loads(shout.text)["state"]["standings"][0]  # the details in the engine's order, not sorted
    assert list(ann)[:5] == ["player", "score", "words", "letters", "place"]
    exported = client.get(f"/api/sessions/{game}/export")
    lines = [json.loads(line) for line in exported.text.splitlines()]
    assert lines[0]["type"] == "game" and lines[-1]["word"] == "RIDE" and len(lines) == 8
    assert "attachment" in exported.headers["Content-Disposition"]
    chart = client.get(f"/api/sessions/{game}/scores").json
    assert chart["players"] == ["Ann", "Ben"] and chart["points"][-1]["scores"]["Ann"] == standings["Ann"]


@pytest.mark.parametrize(
    ("payload", "why"),
    [
        ({"text": "draw player=Zed letter=Q"}, "not playing"),
        ({"text": "draw player=Ann letter=7"}, "letter"),
        ({"text": "   "}, "type an event"),
        ({"text": "draw player"}, "key=value"),
        ({"event": {"type": "game", "game": "not-scrabble"}}, "one game event"),
        ({"event": "nonsense"}, "JSON object"),
    ],
)
def test_bad_events_are_refused_with_a_reason_and_change_nothing(client: FlaskClient, payload: dict, why: str) -> None:
    game = start(client)
    record(client, game, *DRAWS[:2])
    before = client.get(f"/api/sessions/{game}").json
    response = client.post(f"/api/sessions/{game}/events", json=payload)
    assert response.status_code == 400 and why in response.json["error"]
    assert client.get(f"/api/sessions/{game}").json == before


def test_bad_set_ups_are_refused(client: FlaskClient) -> None:
    for setup, why in [({"game": "chess", "players": ["Ann"]}, "unknown game 'chess'"),
                       ({"game": "not-scrabble", "players": []}, "players"),
                       ({"game": "not-scrabble", "players": ["Ann", "Ann"]}, "each name once")]:  # fmt: skip
        response = client.post("/api/sessions", json=setup)
        assert response.status_code == 400 and why in response.json["error"], response.json
    assert client.post("/api/sessions", data="x", content_type="text/plain").status_code == 400
    assert client.get("/api/sessions/99").status_code == 404


def test_a_bug_is_a_500_not_the_players_mistake(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """Only the project's own refusals are 4xx: a deliberate bug in an engine is a logged 500."""
    from companion.games.not_scrabble import NotScrabble

    game = start(client)
    record(client, game, *DRAWS[:2])
    before = client.get(f"/api/sessions/{game}").json

    def broken(self: NotScrabble, event: object) -> None:
        raise ValueError("a bug, not a rule")

    monkeypatch.setattr(NotScrabble, "_draw", broken)
    response = client.post(f"/api/sessions/{game}/events", json={"text": "draw player=Ben letter=R"})
    assert response.status_code == 500
    assert "a bug, not a rule" not in response.json["error"]
    assert any("a bug, not a rule" in (r.exc_text or "") for r in caplog.records)
    monkeypatch.undo()
    assert client.get(f"/api/sessions/{game}").json == before
    refused = client.post(f"/api/sessions/{game}/events", json={"text": "draw player=Zed letter=R"})
    assert refused.status_code == 400 and refused.json["kind"] == "input"
    illegal = client.post(f"/api/sessions/{game}/events", json={"text": "claim player=Ann word=ZEBRA"})
    assert illegal.status_code == 400 and illegal.json["kind"] == "rule" and illegal.json["rule"].startswith("not-")


def test_undo_to_any_point(client: FlaskClient) -> None:
    game = start(client)
    record(client, game, *DRAWS)
    assert client.post(f"/api/sessions/{game}/undo", json={}).json["state"]["pool"] == "DIR"
    assert client.post(f"/api/sessions/{game}/undo", json={"to": 3}).json["state"]["pool"] == ""
    chart = client.get(f"/api/sessions/{game}/scores").json["points"]  # the events that stand, from the set-up on
    assert [p["n"] for p in chart] == [1, 2, 9]  # the undo (event 9) stands in for the draw it went back to
    assert client.post(f"/api/sessions/{game}/undo", json={"to": "x"}).status_code == 400
    assert client.post(f"/api/sessions/{game}/undo", json={"to": 0}).status_code == 400


def test_the_word_box_the_judge_and_the_dictionary(client: FlaskClient) -> None:
    answer = client.get("/api/check?word=glider&from=ride&pool=LG&game=not-scrabble").json
    assert answer["check"]["valid"] and answer["take"]["legal"]
    refused = client.get("/api/check?word=rides&from=ride&pool=S").json
    assert not refused["take"]["legal"] and "stem" in refused["take"]["reason"].lower()
    assert client.get("/api/check?word=").status_code == 400
    assert client.get("/api/judge?old=ride&new=rider").json["verdict"] == "same"
    meanings = client.get("/api/define?word=gliders").json["meanings"]
    assert any("aircraft" in m["gloss"] for m in meanings)


def test_a_ruling_overrules_the_stem_judge_in_that_game_only(client: FlaskClient) -> None:
    game = start(client)
    ask = "/api/check?word=teaser&from=tease&pool=R&game=not-scrabble"
    assert not client.get(f"{ask}&session={game}").json["take"]["legal"]
    ruling = {"event": {"type": "ruling", "old": "TEASE", "new": "TEASER", "allowed": True, "note": "house"}}
    assert client.post(f"/api/sessions/{game}/events", json=ruling).status_code == 201
    assert client.get(f"{ask}&session={game}").json["take"]["legal"]
    assert not client.get(ask).json["take"]["legal"]  # other games keep the judge's verdict
    # TEASE is on nobody's rack in this game: the game's word box says the check is a what-if
    assert client.get(f"{ask}&session={game}").json["gone"] == ["TEASE"]
    record(client, game, *DRAWS[:6], "claim player=Ann word=ride")
    answer = client.get(f"/api/check?word=rides&from=ride&pool=S&game=not-scrabble&session={game}").json
    assert "gone" not in answer  # RIDE is Ann's now


def test_every_page_renders_and_unknown_ones_do_not(client: FlaskClient) -> None:
    game = start(client)
    assert client.get("/").status_code == 200 and client.get("/dictionary?word=ride").status_code == 200
    # the games list names each game's title and players, not its record name alone
    listed = client.get("/").get_data(as_text=True)
    assert f"#{game} Not Scrabble</a> · Ann, Ben" in listed
    for page in ("table", "referee", "buzzers", "scores", "history", "timers"):
        response = client.get(f"/game/{game}/{page}?mode=tv")
        assert response.status_code == 200 and b"Not Scrabble" in response.data and b'class="tv"' in response.data
    assert client.get(f"/game/{game}/nope").status_code == 404 and client.get("/game/42/table").status_code == 404


def read_stream(app: Flask, game: int, headers: dict[str, str], until: int, timeout: float = 10.0) -> list[dict]:
    """Events from the live stream until event number ``until`` has arrived."""
    got: list[dict] = []
    response = app.test_client().get(f"/api/sessions/{game}/stream", headers=headers, buffered=False)
    deadline = time.monotonic() + timeout
    kind = None
    for chunk in response.response:
        for line in chunk.decode().splitlines():
            if line.startswith("event: "):
                kind = line[7:]
            elif line.startswith("data: ") and kind == "events":
                got += json.loads(line[6:])
        if (got and got[-1]["n"] >= until) or time.monotonic() > deadline:
            break
    response.close()
    return got


def test_live_updates_and_catching_up_after_a_reconnect(app: Flask, client: FlaskClient) -> None:
    game = start(client)
    record(client, game, *DRAWS[:3])
    caught_up = read_stream(app, game, {"Last-Event-ID": "2"}, until=4)
    assert [e["n"] for e in caught_up] == [3, 4]  # only what the browser missed
    later = threading.Timer(0.3, record, (client, game, DRAWS[3]))
    later.start()
    live = read_stream(app, game, {"Last-Event-ID": "4"}, until=5)
    later.join()
    assert [(e["n"], e["letter"]) for e in live] == [(5, "I")]


def test_a_word_a_player_keeps_to_himself_reaches_no_screen(tmp_path: Path, referee: Referee) -> None:
    """ "The general principles of letter games, require players to conceal their words": the word
    a Word Building player only thinks of, and the words an Anagrams leader gives out to be found,
    are in the record (the referee's export) but not in the feed, the history or the last move
    shown, before or after a restart. A word named for a point is shown."""
    store = tmp_path / "games.sqlite3"
    services = Services(EventStore(store), referee)
    client = create_app({"TESTING": True}, services).test_client()
    building = start(client, game="anagrams", variant="word-building", players=["Ann", "Ben", "Cat"], tiles=None)
    record(client, building, "first-draw player=Ann letter=Z", "first-draw player=Ben letter=A",
           "first-draw player=Cat letter=B", "deal crib=GARDENSTOPLIMBXYZQUI",
           "add player=Cat letter=G word=GARDEN", "add player=Ben letter=A word=GARDEN")  # fmt: skip
    anagrams = start(client, game="anagrams", players=["Ann", "Ben", "Cat"], tiles=None)
    record(client, anagrams, "first-draw player=Ann letter=Z", "first-draw player=Ben letter=A",
           "first-draw player=Cat letter=B", "lead leader=Ann words=Ben:GARDEN,Cat:SILENT")  # fmt: skip

    def seen() -> tuple[list[dict], dict, list[dict]]:
        feed = client.get(f"/api/sessions/{building}/events").json["events"]
        last = client.get(f"/api/sessions/{building}").json["last"]
        return feed, last, client.get(f"/api/sessions/{anagrams}/events").json["events"]

    for _ in ("before", "after a restart"):
        feed, last, given = seen()
        named, thought = feed[-2], feed[-1]
        assert named["word"] == "GARDEN" and "GARDEN" in named["said"]  # the first letter earned a point
        assert "word" not in thought and thought["letter"] == "A" and "GARDEN" not in thought["said"]
        assert "GARDEN" not in json.dumps(last) and (last is None or last["event"]["letter"] == "A")
        assert "words" not in given[-1] and "GARDEN" not in json.dumps(given)
        services.close()
        services = Services(EventStore(store), referee)
        client = create_app({"TESTING": True}, services).test_client()
    exported = [json.loads(line) for line in client.get(f"/api/sessions/{building}/export").text.splitlines()]
    assert exported[-1]["word"] == "GARDEN"  # the record keeps it: a replay needs it
    services.close()


def test_with_a_pin_changes_need_the_pin_and_the_csrf_token(tmp_path: Path, referee: Referee) -> None:
    services = Services(EventStore(tmp_path / "games.sqlite3"), referee)
    app = create_app({"TESTING": True, "PIN": "4321"}, services)
    client = app.test_client()
    setup = {"game": "not-scrabble", "players": ["Ann", "Ben"]}
    assert client.post("/api/sessions", json=setup).status_code == 403
    assert client.get("/api/games").status_code == 200  # reading is always allowed
    client.get("/pin")
    with client.session_transaction() as s:
        token = s["csrf"]
    assert client.post("/pin", data={"pin": "4321"}).status_code == 403  # the PIN form needs the token too
    assert client.post("/pin", data={"pin": "0000", "csrf": token}).status_code == 200  # wrong: asked again
    assert client.post("/pin", data={"pin": "4321", "csrf": token}).status_code == 302
    with client.session_transaction() as s:  # a new session after the PIN: a new token
        assert s["csrf"] != token
        token = s["csrf"]
    assert client.post("/api/sessions", json=setup).status_code == 403  # no CSRF token
    assert client.post("/api/sessions", json=setup, headers={"X-CSRF-Token": "forged"}).status_code == 403
    assert client.post("/api/sessions", json=setup, headers={"X-CSRF-Token": token}).status_code == 201
    services.close()


def test_on_screen_buzzers_press_the_simulated_box(app: Flask, client: FlaskClient) -> None:
    """Through the real link, arbiter and session: the press becomes a buzz event."""
    game = start(client)
    record(client, game, *DRAWS[:2])
    attached = client.post(f"/api/sessions/{game}/buzzers", json={})
    assert attached.status_code == 200 and attached.json["port"] == f"sim://table-{game}"
    deadline = time.monotonic() + 10
    while not client.get(f"/api/sessions/{game}/buzzers").json.get("connected") and time.monotonic() < deadline:
        time.sleep(0.05)
    assert client.post(f"/api/sessions/{game}/press", json={"button": 1}).status_code == 200
    assert client.post(f"/api/sessions/{game}/press", json={"button": 9}).status_code == 400
    assert client.post(f"/api/sessions/{game}/press", json={"button": 5}).status_code == 400  # no player 6
    while time.monotonic() < deadline:
        summary = client.get(f"/api/sessions/{game}/buzzers").json
        if summary["decisions"]:
            break
        time.sleep(0.05)
    assert summary["decisions"][0]["winner"] == "Ben"
    events = client.get(f"/api/sessions/{game}/events?after=3").json["events"]
    assert [e["type"] for e in events] == ["buzz"] and events[0]["winner"] == "Ben"


def test_a_press_after_the_game_is_over_is_no_fault_of_the_box(app: Flask, client: FlaskClient) -> None:
    """The table refuses a press once the game has ended: the buzzer card says so, and the box's
    health shows no error (the table's red trouble line, and the TV, said "buzzer box: the game is
    over")."""
    game = start(client)
    record(client, game, *DRAWS[:2])
    assert client.post(f"/api/sessions/{game}/buzzers", json={}).status_code == 200
    deadline = time.monotonic() + 10
    while not client.get(f"/api/sessions/{game}/buzzers").json.get("connected") and time.monotonic() < deadline:
        time.sleep(0.05)
    record(client, game, "end reason=agreed")
    assert client.post(f"/api/sessions/{game}/press", json={"button": 1}).status_code == 200
    summary: dict[str, Any] = {}
    while time.monotonic() < deadline:
        summary = client.get(f"/api/sessions/{game}/buzzers").json
        if summary.get("refused"):
            break
        time.sleep(0.05)
    assert "over" in summary["refused"] and summary["error"] is None and summary["health"]["error"] is None


@pytest.fixture
def pinned(tmp_path: Path, referee: Referee) -> Iterator[FlaskClient]:
    services = Services(EventStore(tmp_path / "games.sqlite3"), referee)
    yield create_app({"TESTING": True, "PIN": "482913"}, services).test_client()
    services.close()


def token_of(client: FlaskClient) -> str:
    page = client.get("/pin").get_data(as_text=True)
    return page.split('name="csrf" value="')[1].split('"')[0]


def test_a_record_with_hidden_words_is_exported_to_the_referee_only(pinned: FlaskClient) -> None:
    """A player's phone reads every page of a table with a PIN; the export of a game in play whose
    record holds words the players keep to themselves asks for the PIN. Once the game is over, or
    with nothing hidden, anyone may export it."""
    referee = pinned.application.test_client()
    token = token_of(referee)
    referee.post("/pin", data={"pin": "482913", "csrf": token})
    with referee.session_transaction() as s:
        headers = {"X-CSRF-Token": s["csrf"]}

    def play(setup: dict, *lines: str) -> int:
        game = referee.post("/api/sessions", json=setup, headers=headers).json["id"]
        for line in lines:
            assert referee.post(f"/api/sessions/{game}/events", json={"text": line}, headers=headers).status_code == 201
        return int(game)

    draws = ("first-draw player=Ann letter=Z", "first-draw player=Ben letter=A")
    building = play({"game": "anagrams", "variant": "word-building", "players": ["Ann", "Ben"]},
                    *draws, "deal crib=GARDENSTOPLIMBXYZQUI", "add player=Ben letter=G word=GARDEN",
                    "add player=Ann letter=A word=GARDEN")  # fmt: skip
    plain = play({"game": "not-scrabble", "players": ["Ann", "Ben"]})
    phone = pinned.get(f"/api/sessions/{building}/export")
    assert phone.status_code == 403 and "enter the table PIN" in phone.json["error"]
    assert referee.get(f"/api/sessions/{building}/export").status_code == 200
    assert pinned.get(f"/api/sessions/{plain}/export").status_code == 200
    end = referee.post(f"/api/sessions/{building}/events", json={"text": "end reason=agreed"}, headers=headers)
    assert end.status_code == 201
    assert "GARDEN" in pinned.get(f"/api/sessions/{building}/export").get_data(as_text=True)


def test_pin_guesses_are_limited_and_a_right_pin_starts_a_new_session(pinned: FlaskClient) -> None:
    from web.security import TRIES

    token = token_of(pinned)
    for _ in range(TRIES):
        assert "not the table PIN" in pinned.post("/pin", data={"pin": "000000", "csrf": token}).get_data(as_text=True)
    limited = pinned.post("/pin", data={"pin": "482913", "csrf": token}).get_data(as_text=True)
    assert "many wrong PINs" in limited  # even the right PIN waits: guessing is not worth it
    other = create_app({"TESTING": True, "PIN": "482913"}, pinned.application.extensions["wordtable"]).test_client()
    before = token_of(other)
    entered = other.post("/pin?next=https://elsewhere.example/", data={"pin": "482913", "csrf": before})
    assert entered.status_code == 302 and entered.headers["Location"] == "/"  # local redirects only
    after = token_of(other)
    assert after != before  # a new session: the old token is worth nothing
    assert other.post("/api/sessions", json={}, headers={"X-CSRF-Token": before}).status_code == 403


def test_every_answer_keeps_other_sites_out(client: FlaskClient) -> None:
    page = client.get("/")
    assert (
        page.headers["X-Frame-Options"] == "DENY"
        and "frame-ancestors 'none'" in page.headers["Content-Security-Policy"]
    )
    assert page.headers["X-Content-Type-Options"] == "nosniff"
    rebound = client.get("/api/games", headers={"Host": "evil.example:5000"})  # DNS rebinding, no PIN
    assert rebound.status_code == 421 and "127.0.0.1" in rebound.json["error"]
    assert client.get("/api/games", headers={"Host": "127.0.0.1:5000"}).status_code == 200


def test_a_game_stored_under_older_rules_opens_on_the_dashboard(tmp_path: Path, referee: Referee) -> None:
    """A table's own game whose record holds a move these rules refuse (a crib of ten letters)
    opens: the move is taken back, the record keeps it, and the page says why."""
    from companion.records import Event

    store = EventStore(tmp_path / "games.sqlite3")
    game = store.create_game(Event("game", {"game": "anagrams", "variant": "word-building", "players": ["Ann", "Ben"]}))
    for line in ("first-draw player=Ann letter=Z", "first-draw player=Ben letter=A", "deal crib=GARDENSTOP"):
        store.append(game, Event.from_text(line))
    services = Services(store, referee)
    client = create_app({"TESTING": True}, services).test_client()
    opened = client.get(f"/api/sessions/{game}")
    assert opened.status_code == 200 and opened.json["last"]["refused"].startswith("move 4 no longer stands")
    assert "twenty others" in opened.json["last"]["refused"] and len(store.events(game)) == 5
    services.close()


def test_advice_is_worked_out_while_moves_go_on_being_recorded(
    client: FlaskClient, app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The first DICEWORDS advice builds the solver's tables (seconds, more on a busy machine): the
    table's lock is not held meanwhile, so a move tapped then is recorded at once (a new user's walk
    waited half a minute for the first advice). The build is held up here by a fault injected into
    the solver's look-up, until the move is in."""
    import companion.table.games.dicewords as dicewords

    release, asked = threading.Event(), threading.Event()
    real = dicewords.shared_solver

    def slow(*args: Any) -> Any:
        asked.set()
        assert release.wait(30), "the move was not recorded while the advice was being worked out"
        return real(*args)

    monkeypatch.setattr(dicewords, "shared_solver", slow)
    game = start(client, game="dicewords", players=["Ann", "Ben"], tiles=None)
    record(client, game, "roll player=Ann dice=EEHELVNTP")
    answers: list[Any] = []
    asking = threading.Thread(target=lambda: answers.append(app.test_client().get(f"/api/sessions/{game}/advice")))
    asking.start()
    assert asked.wait(10)
    record(client, game, "letter-value letter=K value=5")  # not kept waiting for the advice
    release.set()
    asking.join(60)
    assert answers and answers[0].status_code == 200 and answers[0].get_json()["best"]


def test_a_dicewords_table_opened_builds_its_advice_tables_beforehand(tmp_path: Path, referee: Referee) -> None:
    """With a cache folder (``serve`` has one), opening a DICEWORDS table starts building the
    advice's tables in the background, so the first advice is quick."""
    services = Services(EventStore(tmp_path / "games.sqlite3"), referee)
    services.tables.cache = tmp_path / "cache"
    app = create_app({"TESTING": True}, services)
    game = start(app.test_client(), game="dicewords", players=["Ann", "Ben"], tiles=None)
    deadline = time.monotonic() + 180
    while not list((tmp_path / "cache").glob("dicewords-*.npz")) and time.monotonic() < deadline:
        time.sleep(0.5)
    assert list((tmp_path / "cache").glob("dicewords-*.npz")), f"game {game}: no tables built"


def test_the_shared_dicewords_solvers_are_kept_for_the_last_few_values(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each set of letter values makes its own solver of tens of megabytes: the process keeps the
    last few used, not one for every value a referee ever set. The build (seconds) is stood in for
    here by a stand-in that counts builds: the policy is the part under test."""
    import companion.table.games.dicewords as dicewords

    built: list[str] = []

    class Counted:
        def __init__(self, words: Any, values: Any, cache: Any = None) -> None:
            built.append(values.key())

        def tables(self) -> None:
            pass

    class Values:
        def __init__(self, key: str) -> None:
            self._key = key

        def key(self) -> str:
            return self._key

    monkeypatch.setattr(dicewords, "DiceSolver", Counted)
    monkeypatch.setattr(dicewords, "_SOLVERS", {})
    words = object()
    for key in ["a", "b", "a", "c", "d", "e", "a", "b"]:
        dicewords.shared_solver(words, Values(key), None)
    # a: built once and kept while used; b: dropped when e came (the least recently used), built again
    assert built == ["a", "b", "c", "d", "e", "b"] and len(dicewords._SOLVERS) == dicewords.SOLVERS_KEPT
