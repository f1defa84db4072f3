"""The dashboard's camera feed and the demo table `make run` starts."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from vision.sources import FolderSource, SourceError
from web import create_app
from web.camera import CameraFeed
from web.demo import SCENES, demo_services, render_demo_table
from web.services import Services


def test_the_feed_reads_frames_draws_them_and_learns_answers(tmp_path: Path) -> None:
    frames = render_demo_table(tmp_path / "frames")
    published: list[dict] = []
    feed = CameraFeed(lambda: FolderSource(frames, realtime=False), publish=published.append)
    feed._run()  # the thread's body, here in the test's thread: every frame once
    latest = feed.latest()
    assert latest["frames"] == 2 * len(SCENES) and published[-1]["frames"] == latest["frames"]
    assert [w["text"] for w in latest["words"]] == ["GLIDER"] and latest["stable"]["words"] == {"table": ["GLIDER"]}
    picture = feed.picture()
    assert picture is not None and picture[:2] == b"\xff\xd8"  # a JPEG
    item = next(i for i, it in enumerate(latest["items"]) if it["letter"] == "G")
    learnt = len(feed.pipeline.tiles.glyphs.templates[0])
    feed.answer(item, "Q")  # a person says so: the read and its word change, and the reader learns it
    assert feed.latest()["items"][item]["letter"] == "Q"
    assert feed.latest()["words"][0]["text"] == "QLIDER"
    assert len(feed.pipeline.tiles.glyphs.templates[0]) == learnt + 1
    with pytest.raises(ValueError):
        feed.answer(99, "A")


def test_a_camera_that_goes_away_is_reported_not_fatal() -> None:
    def gone() -> FolderSource:
        raise SourceError("camera 0 is not connected")

    feed = CameraFeed(gone)
    feed._run()
    assert feed.latest()["error"] == "camera 0 is not connected"
    with pytest.raises(ValueError, match="not read a frame"):
        feed.answer(0, "A")


def test_the_demo_table(tmp_path: Path, services: Services) -> None:
    """What `make run` starts: a game, a replayed camera, the simulated buzzer box."""
    client = create_app({"TESTING": True}, services).test_client()
    game = demo_services(services, tmp_path, fps=20)
    deadline = time.monotonic() + 60
    while client.get("/api/camera").json.get("frames", 0) < 1 and time.monotonic() < deadline:
        time.sleep(0.1)
    camera = client.get("/api/camera").json
    assert camera["running"] and camera["frames"] >= 1 and camera["items"]
    assert client.get("/api/camera/frame.jpg").status_code == 200
    state = client.get(f"/api/sessions/{game}").json["state"]
    assert state["standings"][0]["player"] == "Ann"  # RIDE is hers
    assert client.get(f"/game/{game}/table").status_code == 200
    assert game in services.desks
