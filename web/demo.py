"""The demo table: a Not Scrabble game played by a replayed camera and the simulated buzzer box.

Public API: :data:`SCRIPT`, :class:`Director`, :func:`demo_services`, :func:`render_scene`.

Nobody types an event. The camera is shown scenes the project renders (``vision.render``): the
letters turned up in the centre, then the words laid in front of Ann (near side) and Cat (far
side, upside down to the camera). The simulated box's buttons are pressed on cue; where a real
referee would tap the word a player said, the script says it. The game shows, in order: draws
seen by the camera, a claim, a steal, a same-stem steal refused with no penalty (rule 11), a
legal steal, two presses inside the "simultaneous" window with words of equal length settled by
rock-paper-scissors (rule 06), and a word laid with no buzzer press, which the table asks about.

The demo is one stored game, marked ``demo``: each start (and each new round of the loop) takes
it back to its first event with an ``undo`` and plays it again, so the store does not grow a new
game every run.
"""

from __future__ import annotations

import logging
import secrets
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass

import numpy as np

from companion.records import Event
from companion.table.session import Session
from firmware_bridge.simulator import box
from vision.calibration import Calibration, TableSettings
from vision.pipeline import Pipeline
from vision.render import tiles_scene
from vision.sources import Frame, FrameSource
from web.buzzers import attach
from web.camera import CameraFeed
from web.services import Services

log = logging.getLogger(__name__)

PLAYERS = ["Ann", "Ben", "Cat"]
BUTTONS = {p: b for b, p in enumerate(PLAYERS)}
SIZE = 800
# Where each word lies: Ann's face her (angle 0, near side); Cat's face her from the far side.
PLACES = {
    "RIDE": ("Ann", (150, 700), 0),
    "TEASE": ("Ann", (150, 700), 0),
    "WIN": ("Ann", (520, 700), 0),
    "GLIDER": ("Cat", (650, 100), 180),
    "EATERS": ("Cat", (650, 190), 180),
    "DON": ("Cat", (260, 100), 180),
}


@dataclass(frozen=True)
class Step:
    """One cue: ``scene`` (``words`` on the table and the ``loose`` letters), ``press`` (players,
    100 ms apart on the box's clock), ``say`` (player, word), ``rps`` (winner), ``answer`` (choice)."""

    do: str
    args: tuple[str, ...] = ()
    note: str = ""
    words: tuple[str, ...] = ()
    loose: str = ""


def scene(words: str, loose: str, note: str = "") -> Step:
    return Step("scene", (), note, tuple(words.split()), loose)


SCRIPT: tuple[Step, ...] = (
    scene("", "", "an empty table"),
    scene("", "R", "Ben turns up R (the camera records the draw)"),
    scene("", "RID", "two more letters"),
    scene("", "RIDE", ""),
    Step("press", ("Ann",), "Ann presses first"),
    scene("RIDE", "", "Ann lays RIDE: her claim"),
    scene("RIDE", "LG", "L and G turn up"),
    Step("press", ("Cat",), "Cat presses"),
    scene("GLIDER", "", "Cat steals RIDE as GLIDER (rule 09)"),
    scene("GLIDER", "TEAS", ""),
    scene("GLIDER", "TEASE", ""),
    Step("press", ("Ann",), ""),
    scene("GLIDER TEASE", "", "Ann lays TEASE"),
    scene("GLIDER TEASE", "R", "R turns up"),
    Step("press", ("Ben",), "Ben presses"),
    Step("say", ("Ben", "teaser"), "Ben says TEASER: same stem, refused with no penalty (rule 11)"),
    Step("press", ("Cat",), "Cat presses"),
    scene("GLIDER EATERS", "", "Cat steals TEASE as EATERS (rule 12)"),
    scene("GLIDER EATERS", "CODN", "C, O, D, N turn up"),
    Step("press", ("Ann", "Cat"), "Ann and Cat press 100 ms apart: simultaneous (rule 06)"),
    Step("say", ("Ann", "con")),
    Step("say", ("Cat", "don"), "words of equal length: rock-paper-scissors"),
    Step("rps", ("Cat",), "Cat wins rock-paper-scissors"),
    scene("GLIDER EATERS DON", "C", "Cat lays DON"),
    scene("GLIDER EATERS DON", "CWIN", ""),
    scene("GLIDER EATERS DON WIN", "C", "Ann lays WIN without pressing: the table asks"),
    Step("answer", ("0",), "the referee answers: yes, Ann claimed it"),
)


def render_scene(words: tuple[str, ...], loose: str, seed: int = 0) -> np.ndarray:
    placed = [(w, PLACES[w][1], PLACES[w][2]) for w in words]
    return tiles_scene(placed, loose=loose, seed=seed, size=SIZE).image


def demo_settings() -> TableSettings:
    settings = TableSettings(Calibration(((0, 0), (SIZE, 0), (SIZE, SIZE), (0, SIZE))))  # frames are top-down
    settings.set_zone("Cat", [(0, 0), (SIZE, 0), (SIZE, 260), (0, 260)])  # Cat sits across the table
    settings.set_zone("Ann", [(0, 560), (SIZE, 560), (SIZE, SIZE), (0, SIZE)])
    return settings


class SceneSource(FrameSource):
    """The camera of the demo: the scene the director shows, frame after frame."""

    live = True

    def __init__(self, fps: float = 4.0) -> None:
        self.fps = fps
        self.image = render_scene((), "")
        self.name = "scene-0"
        self.shown = 0  # frames of the current scene given to the camera
        self._lock = threading.Lock()
        self._closed = threading.Event()

    def show(self, image: np.ndarray, name: str) -> None:
        with self._lock:
            self.image, self.name, self.shown = image, name, 0

    def frames(self) -> Iterator[Frame]:
        start, index = time.monotonic(), 0
        while not self._closed.is_set():
            with self._lock:
                image, name = self.image, self.name
                self.shown += 1
            yield Frame(image, time.monotonic() - start, index, name)
            index += 1
            self._closed.wait(1 / self.fps)

    def close(self) -> None:
        self._closed.set()


class Director:
    """Plays :data:`SCRIPT` at one table: scenes to the camera, presses on the simulated box,
    the words and answers a referee would tap. ``dwell``: seconds to hold each cue for people."""

    def __init__(self, session: Session, feed: CameraFeed, source: SceneSource, box_name: str,
                 dwell: float = 2.0, timeout: float = 30.0) -> None:  # fmt: skip
        self.session, self.feed, self.source, self.box_name = session, feed, source, box_name
        self.dwell, self.timeout = dwell, timeout
        self.images: dict[int, np.ndarray] = {}
        self.stopped = threading.Event()
        self.cue = ""

    def render(self) -> None:
        for index, step in enumerate(SCRIPT):
            if step.do == "scene":
                self.images[index] = render_scene(step.words, step.loose, seed=index)

    def play(self) -> None:
        """The script once, each cue after the table has taken in the one before."""
        if not self.images:
            self.render()
        for index, step in enumerate(SCRIPT):
            if self.stopped.is_set():
                return
            self.cue = step.note or self.cue
            getattr(self, f"_{step.do}")(index, *step.args)
            self.stopped.wait(self.dwell)

    def _wait(self, done: Callable[[], bool], what: str) -> None:
        end = time.monotonic() + self.timeout
        while not done():
            if self.stopped.is_set():
                return
            if time.monotonic() > end:
                raise TimeoutError(f"the demo waited {self.timeout:.0f} s for {what}")
            time.sleep(0.02)

    def _scene(self, index: int) -> None:
        name = f"scene-{index}"
        self.source.show(self.images[index], name)
        # Taken in once the camera has read this scene for as many frames as it needs to trust it.
        needed = self.feed.stabiliser.frames + 1
        self._wait(lambda: self.feed.latest().get("frame") == name and self.source.shown > needed, name)

    def _press(self, index: int, *players: str) -> None:
        simulated = box(self.box_name)
        at = simulated.now_us()
        for offset, player in enumerate(players):
            simulated.press(BUTTONS[player], at + offset * 100_000)
        opened = set(players)

        def pressed() -> bool:
            prompt = self.session.view()["prompt"] or {"presses": []}
            return opened <= {p["player"] for p in prompt["presses"]}

        self._wait(pressed, f"the presses of {', '.join(players)}")

    def _say(self, index: int, player: str, word: str) -> None:
        self.session.say(player, word)

    def _rps(self, index: int, winner: str) -> None:
        self.session.rock_paper_scissors(winner)

    def _answer(self, index: int, choice: str) -> None:
        self._wait(lambda: self.session.question is not None, "the table's question")
        self.session.answer(int(choice))

    def loop(self, pause: float = 10.0) -> None:
        """Play, rest, take the game back to its start, and play again, until stopped."""
        while not self.stopped.is_set():
            try:
                self.play()
            except Exception:  # shown in the log; the demo starts its round again
                log.exception("demo round failed at %r", self.cue)
            self.stopped.wait(pause)
            if self.stopped.is_set():
                return
            self.source.show(render_scene((), ""), "reset")
            start_over(self.session)


def start_over(session: Session) -> None:
    """Back to the game's first event (an ``undo``, so nothing is lost), then the draw for first
    player as tapped at the table (the camera cannot see it): Ben goes first."""
    if session.view()["events"] > 1:
        session.undo(1)
    for line in ["first-draw player=Ann letter=M", "first-draw player=Ben letter=C", "first-draw player=Cat letter=T"]:
        session.record(Event.from_text(line))


def demo_game(services: Services) -> Session:
    """The stored demo game, started over; or a new one the first time."""
    for stored in services.tables.games():
        if stored["game"] == "not-scrabble":
            session = services.tables.get(int(stored["id"]))
            if session.setup.get("demo"):
                break
    else:
        session = services.tables.start({"game": "not-scrabble", "players": PLAYERS, "tiles": "camera", "demo": True})
    start_over(session)
    return session


def demo_services(services: Services, dwell: float = 2.0) -> int:
    """Start the demo game, its camera, its buzzers and its director; the game's number."""
    session = demo_game(services)
    source = SceneSource()
    feed = CameraFeed(lambda: source, Pipeline(demo_settings()), loop=True, on_stable=session.observe,
                      publish=lambda read: services.hub.news(session.game_id, "camera", read))  # fmt: skip
    services.cameras[session.game_id] = feed.start()
    name = f"demo-{session.game_id}-{secrets.token_hex(3)}"  # a box of its own, even beside another run
    attach(services, session.game_id, f"sim://{name}")
    director = Director(session, feed, source, name, dwell=dwell)
    services.closing.append(director.stopped.set)
    threading.Thread(target=director.loop, name="demo director", daemon=True).start()
    return session.game_id
