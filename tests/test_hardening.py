"""Issue 17's defects, one test each: the fields of every event checked at the edge, bounded
requests and games, storage failures said in words, operator-chosen buzzer ports, threads that
survive one bad item, and a health endpoint. Real app, real SQLite, real simulator and link."""

from __future__ import annotations

import json
import logging
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import cv2
import numpy as np
import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.errors import StorageError
from companion.table import session as session_module
from companion.table.store import EventStore
from companion.words.solver import Referee
from firmware_bridge.link import ButtonPress, BuzzerLink, LinkEvent
from firmware_bridge.simulator import box, register
from tests.helpers import record, start
from vision.pipeline import Look, Pipeline
from vision.render import tiles_scene
from vision.sources import FolderSource
from web import create_app
from web.camera import CameraFeed
from web.live import CHUNK, Hub
from web.services import Services

DRAWS = ["first-draw player=Ann letter=M", "first-draw player=Ben letter=C", "draw player=Ben letter=R"]


@pytest.fixture
def services(tmp_path: Path, referee: Referee) -> Iterator[Services]:
    services = Services(EventStore(tmp_path / "games.sqlite3"), referee)
    yield services
    services.close()


@pytest.fixture
def app(services: Services) -> Flask:
    return create_app({"TESTING": True, "MERGE_SECONDS": 0.01}, services)


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


def exported(client: FlaskClient, game: int) -> str:
    return client.get(f"/api/sessions/{game}/export").text


# -- every field checked once, at the edge (item 12) -------------------------------------------


@pytest.mark.parametrize(
    ("event", "why"),
    [
        ({"type": "undo", "to": True}, "an event number"),  # was: back to the first event
        ({"type": "undo", "to": "2"}, "an event number"),
        ({"type": "draw", "player": "Ben", "letter": "ß"}, "one letter A-Z"),
        ({"type": "draw", "player": "Ben", "letter": "I", "by": "x" * 201}, "at most 200"),
        ({"type": "draw", "player": "Ben", "letter": "I", "note": "hello"}, "no field 'note'"),
        ({"type": "claim", "player": "Ben", "word": "straße", "from": None}, "letters A-Z"),
        ({"type": "claim", "player": "Ben", "word": "RIDE", "from": None, "at_us": -5}, "microseconds"),
        ({"type": "simultaneous", "players": ["Ann"] * 101, "words": [], "at_us": [], "window_us": 1}, "at most 100"),
        ({"type": "ruling", "old": "RIDE", "new": "RIDER", "allowed": "yes"}, "true or false"),
        ({"type": "launch"}, "no 'launch' event"),
    ],
)
def test_every_field_is_checked_by_its_event_type_and_a_refusal_changes_nothing(
    client: FlaskClient, event: dict, why: str
) -> None:
    game = start(client)
    record(client, game, *DRAWS)
    before = exported(client, game)
    response = client.post(f"/api/sessions/{game}/events", json={"event": event})
    assert response.status_code == 400 and why in response.json["error"], response.json
    assert exported(client, game) == before


@pytest.mark.parametrize("line", ["draw player=Ben letter=" + "9" * 5000, '{"type": "undo", "to": ' + "9" * 5000 + "}",
                                  "draw player=Ben letter=٣", "[" * 3000 + "]" * 3000])  # fmt: skip
def test_event_lines_of_strange_numbers_are_refused(client: FlaskClient, line: str) -> None:
    game = start(client)
    record(client, game, *DRAWS)
    before = exported(client, game)
    response = client.post(f"/api/sessions/{game}/events", json={"text": line})
    assert response.status_code == 400, response.json
    assert exported(client, game) == before


def test_the_events_the_table_itself_makes_pass_the_schema(referee: Referee) -> None:
    """A refused call carries the stem judge's reason, which names its evidence: hundreds of characters."""
    from companion.games.schema import check_event
    from companion.records import Event

    why = referee.judge.judge("can", "canteen").reason
    assert len(why) > 200
    check_event(Event("refused-call", {"player": "Ann", "word": "CANTEEN", "reason": why, "rule": "not-scrabble 11",
                                       "because": "not-scrabble 11"}))  # fmt: skip


def test_a_game_event_is_checked_too(client: FlaskClient) -> None:
    for setup, why in [({"window_ms": "abc"}, "window_ms"), ({"dictionary": "huge"}, "dictionary"),
                       ({"players": [f"P{i}" for i in range(13)]}, "1 to 12")]:  # fmt: skip
        response = client.post("/api/sessions", json={"game": "not-scrabble", "players": ["Ann", "Ben"], **setup})
        assert response.status_code == 400 and why in response.json["error"], response.json
    assert client.get("/api/games").json["sessions"] == []


def test_the_camera_answer_refuses_a_letter_whose_capital_is_two(client: FlaskClient) -> None:
    game = start(client)
    refused = client.post(f"/api/sessions/{game}/camera/answer", json={"item": 0, "letter": "ß"})
    assert refused.status_code == 400 and "one letter A-Z" in refused.json["error"]
    no_camera = client.post(f"/api/sessions/{game}/camera/answer", json={"item": 0, "letter": "s"})
    assert no_camera.status_code == 404  # a good letter gets as far as the camera, which this game lacks


# -- bounded (item 8) ----------------------------------------------------------------------------


def test_a_large_body_is_413_and_deep_json_400_on_every_json_route(client: FlaskClient) -> None:
    game = start(client)
    own = ("events", "undo", "shout", "say", "rock-paper-scissors", "buzzers", "press", "camera/answer")
    routes = ["/api/sessions", *(f"/api/sessions/{game}/{route}" for route in own)]
    before = exported(client, game)
    for route in routes:
        large = client.post(route, json={"text": "x" * 70_000})
        assert large.status_code == 413 and "too large" in large.json["error"], route
        deep = client.post(route, data="[" * 30_000 + "]" * 30_000, content_type="application/json")
        assert deep.status_code == 400 and "nested" in deep.json["error"], route
    assert exported(client, game) == before


def test_a_game_holds_a_bounded_number_of_events(client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(session_module, "MAX_EVENTS", 4)
    game = start(client)
    record(client, game, *DRAWS)  # events 2-4
    full = client.post(f"/api/sessions/{game}/events", json={"text": "draw player=Ann letter=I"})
    assert full.status_code == 400 and "the most a game keeps" in full.json["error"]
    assert exported(client, game).count("\n") == 4


def test_streams_share_the_events_and_send_a_long_game_in_pieces() -> None:
    hub = Hub(merge=0.0, keepalive=0.01)
    hub.load(1, [{"type": "draw", "letter": "E"}] * (2 * CHUNK + 50))
    streams = [hub.stream(1) for _ in range(2)]
    for stream in streams:
        assert next(stream).startswith("retry")
        messages = [next(stream) for _ in range(3)]
        sizes = [len(json.loads(m.split("data: ", 1)[1])) for m in messages]
        assert sizes == [CHUNK, CHUNK, 50] and messages[-1].startswith(f"id: {2 * CHUNK + 50}\n")
    assert next(streams[0]) == ": keepalive\n\n"  # the stream is paused here, between two messages
    published = threading.Thread(target=hub.publish, args=(1, 2 * CHUNK + 51, {"type": "end"}))
    published.start()
    published.join(timeout=5)
    assert not published.is_alive()  # a browser that reads nothing does not hold the table up
    hub.close()


# -- one line, never a 500 (item 11) -------------------------------------------------------------


def test_unknown_api_routes_and_methods_answer_json(client: FlaskClient) -> None:
    missing = client.get("/api/nothing/here")
    assert missing.status_code == 404 and "/api/nothing/here" in missing.json["error"]
    wrong = client.put("/api/games")
    assert wrong.status_code == 405 and wrong.is_json
    assert client.get("/no-such-page").status_code == 404 and not client.get("/no-such-page").is_json


@pytest.mark.parametrize("value", ["²", "9" * 5000, "-1", "x"])
def test_numbers_in_query_strings_and_headers_are_checked(client: FlaskClient, value: str) -> None:
    game = start(client)
    for path in [f"/api/sessions/{game}/events?after={value}", f"/api/check?word=ride&session={value}",
                 f"/api/sessions/{game}/stream?after={value}"]:  # fmt: skip
        answer = client.get(path)
        assert answer.status_code == 400 and "a whole number" in answer.json["error"], path
    header = client.get(f"/api/sessions/{game}/stream", headers={"Last-Event-ID": value})
    assert header.status_code == 400


def test_a_page_whose_store_fails_says_why(client: FlaskClient, services: Services) -> None:
    game = start(client)
    services.store._db.close()  # the real SQLite connection gone: every read fails
    services.tables._sessions.clear()
    page = client.get(f"/game/{game}/table")
    assert page.status_code == 503 and "cannot read the games' store" in page.text


def test_a_storage_failure_is_said_in_sqlites_words_and_nothing_is_recorded(
    client: FlaskClient, services: Services, caplog: pytest.LogCaptureFixture
) -> None:
    game = start(client)
    record(client, game, *DRAWS)
    before = client.get(f"/api/sessions/{game}").json
    services.store._db.execute("PRAGMA query_only = 1")  # the real SQLite refusing to write
    with caplog.at_level(logging.ERROR):
        failed = client.post(f"/api/sessions/{game}/events", json={"text": "draw player=Ann letter=I"})
    assert failed.status_code == 503 and failed.json["kind"] == "storage"
    assert "readonly" in failed.json["error"] and "cannot rollback" not in failed.json["error"]
    assert "readonly" in caplog.text
    services.store._db.execute("PRAGMA query_only = 0")
    assert client.get(f"/api/sessions/{game}").json == before  # the engine was rolled back too
    record(client, game, "draw player=Ann letter=I")


def test_a_damaged_store_is_one_error_at_start(tmp_path: Path) -> None:
    damaged = tmp_path / "games.sqlite3"
    damaged.write_bytes(b"this is not a database" * 100)
    with pytest.raises(StorageError, match=r"cannot open the games' store .*not a database"):
        EventStore(damaged)


# -- buzzer ports are the operator's; a box belongs to one table (item 4) ------------------------


def wait_for(condition, timeout: float = 10.0) -> None:  # type: ignore[no-untyped-def]  # any predicate
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


def test_a_request_cannot_open_an_address_nor_take_another_tables_box(client: FlaskClient, services: Services) -> None:
    services.buzzer_ports = ["sim://club-box"]
    ann, ben = start(client), start(client)
    for port in ["socket://127.0.0.1:9", "/dev/ttyS0", f"sim://table-{ann}", "sim://elsewhere"]:
        refused = client.post(f"/api/sessions/{ben}/buzzers", json={"port": port})
        assert refused.status_code == 400 and "not a buzzer port of this table" in refused.json["error"], port
    offered = client.get(f"/api/sessions/{ben}/buzzers").json["ports"]
    assert [p["port"] for p in offered] == ["sim://club-box", f"sim://table-{ben}"]
    assert client.post(f"/api/sessions/{ann}/buzzers", json={"port": "sim://club-box"}).status_code == 200
    taken = client.post(f"/api/sessions/{ben}/buzzers", json={"port": "sim://club-box"})
    assert taken.status_code == 400 and f"belongs to game {ann}" in taken.json["error"]
    assert client.get(f"/api/sessions/{ben}/buzzers").json["ports"][0]["game"] == ann
    kept = client.post(f"/api/sessions/{ann}/buzzers", json={})  # the page asks with no port: the box stays
    assert kept.json["port"] == "sim://club-box" and services.desks[ann].link.url == "sim://club-box"
    assert client.delete(f"/api/sessions/{ann}/buzzers").json["detached"] is True
    assert client.post(f"/api/sessions/{ben}/buzzers", json={"port": "sim://club-box"}).status_code == 200
    assert set(services.desks) == {ben}


# -- no silent death, and a health endpoint (item 5) --------------------------------------------


def test_the_link_survives_a_listener_that_fails_on_one_press(caplog: pytest.LogCaptureFixture) -> None:
    register()
    presses: list[int] = []

    def listener(event: LinkEvent) -> None:
        if isinstance(event, ButtonPress):
            if not presses:
                presses.append(-1)
                raise RuntimeError("a bug on the first press")
            presses.append(event.button)

    link = BuzzerLink("sim://hardening-link", listener).start()
    try:
        wait_for(lambda: link.connected)
        box("hardening-link").press(2)
        wait_for(lambda: link.error is not None)
        box("hardening-link").press(5)
        wait_for(lambda: presses[-1:] == [5])
        assert link.alive and "RuntimeError: a bug on the first press" in link.error
        assert "a line could not be handled" in caplog.text
    finally:
        link.stop()


class FailingOnce(Pipeline):
    """A real pipeline with a fault injected: it fails on the frame named ``bad``."""

    def look(self, image: np.ndarray, kind: str = "tiles") -> Look:
        if image.shape[0] == 640:
            raise RuntimeError("a bug on one frame")
        return super().look(image, kind)


def test_the_camera_feed_survives_a_frame_it_cannot_read(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    folder = tmp_path / "frames"
    folder.mkdir()
    good = tiles_scene([], loose="TARE", seed=1, size=800).image
    cv2.imwrite(str(folder / "0-good.png"), good)
    cv2.imwrite(str(folder / "1-bad.png"), cv2.resize(good, (640, 640)))
    cv2.imwrite(str(folder / "2-good.png"), good)
    cv2.imwrite(str(folder / "3-bad.png"), cv2.resize(good, (640, 640)))
    published: list[dict] = []
    feed = CameraFeed(lambda: FolderSource(folder, realtime=False), FailingOnce(), publish=published.append)
    feed._run()
    assert feed.latest()["frames"] == 2  # the frame after the bad one was read
    assert feed.health()["error"] == "frame 3-bad.png: RuntimeError: a bug on one frame"
    assert any("1-bad.png" in str(p.get("error")) for p in published)
    assert "could not be read" in caplog.text


def test_health_says_which_parts_are_alive(client: FlaskClient, services: Services) -> None:
    game = start(client)
    record(client, game, *DRAWS[:2])
    healthy = client.get("/api/health")
    assert healthy.status_code == 200 and healthy.json["alive"] is True
    assert healthy.json["parts"]["store"] == {"alive": True, "error": None}
    assert client.post(f"/api/sessions/{game}/buzzers", json={}).status_code == 200
    wait_for(lambda: client.get("/api/health").json["parts"]["buzzers"][str(game)]["connected"])
    parts = client.get(f"/api/sessions/{game}").json["parts"]
    assert parts["buzzers"]["alive"] and parts["buzzers"]["link_alive"] and parts["camera"] is None
    services.desks[game].stop()  # a desk that is not running any more
    dead = client.get("/api/health")
    assert dead.status_code == 503 and dead.json["parts"]["buzzers"][str(game)]["alive"] is False
