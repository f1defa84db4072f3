"""The dashboard's camera feed (one per table) and the demo table that `make run` starts."""

from __future__ import annotations

from pathlib import Path

import cv2
import pytest

from companion.errors import InvalidInputError
from companion.table.seen import Seen
from vision.pipeline import Pipeline
from vision.render import tiles_scene
from vision.sources import FolderSource, SourceError
from web import create_app
from web.camera import CameraFeed
from web.demo import Director, SceneSource, demo_game, demo_services, demo_settings
from web.services import Services


def test_the_feed_reads_frames_draws_them_tells_the_table_and_learns_answers(tmp_path: Path) -> None:
    folder = tmp_path / "frames"
    folder.mkdir()
    scenes = [([], "TARE"), ([("RATE", (150, 700), 0)], ""), ([("GRATES", (650, 100), 180)], "BK")]
    for index, (words, loose) in enumerate(scenes):
        image = tiles_scene(words, loose=loose, seed=index, size=800).image
        for repeat in range(2):  # two of each: the stabiliser lets a change in once it has held
            cv2.imwrite(str(folder / f"{index:02d}-{repeat}.png"), image)
    published: list[dict] = []
    told: list[Seen] = []
    feed = CameraFeed(lambda: FolderSource(folder, realtime=False), Pipeline(demo_settings()),
                      publish=published.append, on_stable=told.append)  # fmt: skip
    feed._run()  # the thread's body, here in the test's thread: every frame once
    latest = feed.latest()
    assert latest["frames"] == 6 and published[-1]["frames"] == 6
    assert [w["text"] for w in latest["words"]] == ["GRATES"] and latest["stable"]["words"] == {"Cat": ["GRATES"]}
    assert [(s.words, "".join(sorted(s.pool))) for s in told] == [
        ((), "AERT"),
        ((("Ann", "RATE"),), ""),
        ((("Cat", "GRATES"),), "BK"),
    ]  # each stable table once, the upside-down word read the way its tiles face
    picture = feed.picture()
    assert picture is not None and picture[:2] == b"\xff\xd8"  # a JPEG
    item = next(i for i, it in enumerate(latest["items"]) if it["letter"] == "G")
    learnt = len(feed.pipeline.tiles.glyphs.templates[0])
    feed.answer(item, "Q")  # a person says so: the read and its word change, the reader learns, the table is told
    assert feed.latest()["items"][item]["letter"] == "Q"
    assert feed.latest()["words"][0]["text"] == "QRATES" and told[-1].words == (("Cat", "QRATES"),)
    assert len(feed.pipeline.tiles.glyphs.templates[0]) == learnt + 1
    with pytest.raises(InvalidInputError):
        feed.answer(99, "A")


def test_a_camera_that_goes_away_is_reported_not_fatal() -> None:
    def gone() -> FolderSource:
        raise SourceError("camera 0 is not connected")

    feed = CameraFeed(gone)
    feed._run()
    assert feed.latest()["error"] == "camera 0 is not connected"
    with pytest.raises(InvalidInputError, match="not read a frame"):
        feed.answer(0, "A")


def test_the_demo_game_is_played_by_the_camera_and_the_box(services: Services) -> None:
    """The demo's script, played through the real parts with no typed event: rendered frames read by
    the real pipeline, presses on the simulated box through the real link and arbiter. The final
    standings are the rules' (rule 22: most letters): Cat GLIDER + EATERS + DON, Ann WIN."""
    session = demo_game(services)
    source = SceneSource(fps=20)
    feed = CameraFeed(lambda: source, Pipeline(demo_settings()), on_stable=session.observe).start()
    services.cameras[session.game_id] = feed
    from web.buzzers import attach

    attach(services, session.game_id, f"sim://test-demo-{session.game_id}")
    director = Director(session, feed, source, f"test-demo-{session.game_id}", dwell=0, timeout=60)
    director.play()
    view = session.view()
    assert view["camera"]["check"] is None and view["camera"]["question"] is None
    assert view["state"]["words"] == {"Ann": ["WIN"], "Ben": [], "Cat": ["GLIDER", "EATERS", "DON"]}
    assert [(s["player"], s["score"]) for s in view["state"]["standings"]] == [("Cat", 15), ("Ann", 3), ("Ben", 0)]
    events = services.store.events(session.game_id)
    kinds = [e.type for e in events]
    assert kinds.count("draw") == 19 and kinds.count("claim") == 6 and "false-call" not in kinds
    refused = next(e for e in events if e.type == "refused-call")
    assert (refused["player"], refused["word"], refused["rule"]) == ("Ben", "TEASER", "not-scrabble 11")
    tie = next(e for e in events if e.type == "rock-paper-scissors")
    assert tie["players"] == ["Ann", "Cat"] and tie["winner"] == "Cat"
    typed = [e for e in events[1:] if e.type not in ("first-draw", "buzz", "simultaneous", "rock-paper-scissors")]
    assert all(e.get("by") == "camera" or "at_us" in e.data or e.type == "refused-call" for e in typed)


def test_the_demo_reuses_its_game(services: Services) -> None:
    """`make run` twice: one demo game in the store, taken back to its start each time."""
    client = create_app({"TESTING": True}, services).test_client()
    first = demo_services(services, dwell=0)
    services.closing.pop()()  # stop the first director at once
    second = demo_game(services).game_id
    assert first == second and len(services.tables.games()) == 1
    assert client.get(f"/api/sessions/{first}").json["events"] == 4  # the game and the draw for first player
    assert client.get(f"/api/sessions/{first}/camera").json["running"]
    assert client.get("/api/sessions/999/camera/frame.jpg").status_code == 404


def test_the_demo_starts_over_for_its_next_round(services: Services) -> None:
    """Between rounds the director takes the game back with an undo and taps the draw for first
    player again, so the next round plays from the same start."""
    from web.demo import start_over

    session = demo_game(services)
    session.observe(Seen(pool="RIDE"))
    assert session.view()["state"]["pool"] == "DEIR"
    start_over(session)
    view = session.view()
    assert view["events"] == 4 and view["state"]["pool"] == "" and view["table"]["bag_holder"] == "Ben"
    assert [e.type for e in services.store.events(session.game_id)][-4:] == [
        "undo",
        "first-draw",
        "first-draw",
        "first-draw",
    ]
