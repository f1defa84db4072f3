"""The demo table: a Not Scrabble game under a replayed camera and the simulated buzzer box.

Public API: :func:`demo_services`, :func:`render_demo_table`.

The camera replays scenes the project renders (``vision.render``): the pool fills, RIDE appears
in front of Ann, then becomes GLIDER in front of Cat (their zones are marked on the view). The
game's first events are recorded so the scores and history show something; the buzzers are the
simulated box ``sim://table-N``.
"""

from __future__ import annotations

from pathlib import Path

import cv2

from companion.records import Event
from vision.calibration import Calibration, TableSettings
from vision.pipeline import Pipeline
from vision.render import tiles_scene
from vision.sources import FolderSource
from web.buzzers import attach
from web.camera import CameraFeed
from web.services import Services

SCENES = [
    ([], "RIDE"),
    ([("RIDE", (260, 640), 0)], ""),
    ([("RIDE", (260, 640), 0)], "LGBK"),
    ([("GLIDER", (260, 160), 180)], "BK"),
]
EVENTS = [
    "first-draw player=Ann letter=M", "first-draw player=Ben letter=C", "first-draw player=Cat letter=T",
    "draw player=Ben letter=R", "draw player=Cat letter=I", "draw player=Ann letter=D", "draw player=Ben letter=E",
    "claim player=Ann word=RIDE from=- at_us=81000000",
    "draw player=Cat letter=L", "draw player=Ann letter=G", "draw player=Ben letter=B", "draw player=Cat letter=K",
]  # fmt: skip


def render_demo_table(folder: Path) -> Path:
    """Write the demo table's frames (two of each scene, so the stabiliser lets each change in)."""
    folder.mkdir(parents=True, exist_ok=True)
    for index, (words, loose) in enumerate(SCENES):
        image = tiles_scene(words, loose=loose, seed=index, size=800).image
        for repeat in range(2):
            cv2.imwrite(str(folder / f"{index:02d}-{repeat}.png"), image)
    return folder


def demo_services(services: Services, data: Path, fps: float = 0.5) -> int:
    """Start the demo game, its camera and its buzzers; the game's number."""
    session = services.tables.start({"game": "not-scrabble", "players": ["Ann", "Ben", "Cat"], "tiles": "camera"})
    for line in EVENTS:
        session.record(Event.from_text(line))
    frames = render_demo_table(data / "demo-table")
    settings = TableSettings(Calibration(((0, 0), (800, 0), (800, 800), (0, 800))))  # the frames are top-down
    settings.set_zone("Cat", [(0, 0), (800, 0), (800, 400), (0, 400)])  # Cat sits across the table
    settings.set_zone("Ann", [(0, 400), (800, 400), (800, 800), (0, 800)])
    services.camera = CameraFeed(lambda: FolderSource(frames, fps=fps), Pipeline(settings), loop=True,
                                 publish=lambda read: services.hub.broadcast("camera", read)).start()  # fmt: skip
    attach(services, session.game_id, f"sim://table-{session.game_id}")
    return session.game_id
