"""The camera feed: frames from a source, read by the pipeline, stabilised, drawn, published.

Public API: :class:`CameraFeed`.

A thread takes frames from a ``vision.sources`` source (a camera, a stream, or a recorded table
replayed at its own pace, looping for the demo), reads each with ``vision.pipeline``, and keeps
the latest read and the frame with every read drawn on it (green: accepted; orange: a question
for a person). A change on the table counts once it has held for a few frames; then the stable
view goes to the table (``on_stable``, the session's ``observe``), which records what it means.
A person's answer corrects the read, teaches the reader, and goes to the table too. One feed
belongs to one table.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import Any

import cv2
import numpy as np

from companion.errors import InvalidInputError, WordtableError
from companion.table.seen import Seen
from vision.calibration import TableSettings
from vision.pipeline import Look, Pipeline
from vision.sources import FrameSource, open_source
from vision.table import Stabiliser, TableKey
from web.services import Services

log = logging.getLogger(__name__)


class CameraFeed:
    def __init__(
        self,
        open_source: Callable[[], FrameSource],
        pipeline: Pipeline | None = None,
        kind: str = "tiles",
        publish: Callable[[dict[str, Any]], None] = lambda read: None,
        loop: bool = False,
        on_stable: Callable[[Seen], object] = lambda seen: None,
    ) -> None:
        self.open_source = open_source
        self.pipeline = pipeline or Pipeline()
        self.kind = kind
        self.publish = publish
        self.loop = loop
        self.stabiliser: Stabiliser[TableKey] = Stabiliser(frames=2)
        self.on_stable = on_stable
        self._told: TableKey | None = None
        self._lock = threading.Lock()
        self._latest: dict[str, Any] = {"frames": 0}
        self._frames = 0
        self._look: Look | None = None
        self._image: np.ndarray | None = None
        self._picture: bytes | None = None
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="camera", daemon=True)

    def start(self) -> CameraFeed:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(timeout=10)

    @property
    def alive(self) -> bool:
        return self._thread.is_alive()

    def health(self) -> dict[str, Any]:
        """For the page and ``/api/health``: is the feed reading, how many frames, its last error."""
        with self._lock:
            return {"alive": self.alive, "frames": self._frames, "error": self._latest.get("error")}

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                for frame in self.open_source().frames():
                    if self._stop.is_set():
                        return
                    self._take_one(frame.image, frame.name)
            except Exception as error:  # a camera unplugged or a file gone: say so, try again
                self._failed(str(error))
            if not self.loop:
                return
            self._stop.wait(1.0)

    def _take_one(self, image: np.ndarray, name: str) -> None:
        """One frame; an error reading it is logged and shown, and the next frame is read."""
        try:
            self.take(image, name)
        except Exception as error:
            log.exception("camera: frame %s could not be read", name)
            self._failed(f"frame {name}: {type(error).__name__}: {error}")

    def _failed(self, why: str) -> None:
        with self._lock:
            self._latest = {**self._latest, "error": why}
        try:
            self.publish(self.latest())
        except Exception:  # the live hub is closing: nothing to tell
            log.exception("camera: could not publish an error")

    def take(self, image: np.ndarray, name: str = "") -> dict[str, Any]:
        """Read one frame and make it the latest."""
        start = time.perf_counter()
        look = self.pipeline.look(image, self.kind)
        milliseconds = (time.perf_counter() - start) * 1000
        key = look.table.key()
        zones, pool = self.stabiliser.push(key)
        with self._lock:
            self._look, self._image, self._picture = look, image, None
            self._frames += 1
            self._latest = {**look.as_dict(), "frame": name, "frames": self._frames, "ms": round(milliseconds),
                            "stable": {"words": {z: list(ws) for z, ws in zones}, "pool": pool}}  # fmt: skip
        if key == (zones, pool) and key != self._told:  # this frame shows the stable table: tell it
            self._told = key
            self._tell(look)
        self.publish(self.latest())
        return self.latest()

    def _tell(self, look: Look) -> None:
        try:
            self.on_stable(look.table.seen(self.kind))
        except WordtableError as error:  # the table refused what it saw: shown, the feed goes on
            with self._lock:
                self._latest = {**self._latest, "refused": str(error)}
        except Exception:  # a bug: logged, the feed goes on
            log.exception("camera: the table failed on a stable view")

    def latest(self) -> dict[str, Any]:
        with self._lock:
            return dict(self._latest)

    def picture(self) -> bytes | None:
        """The latest frame as JPEG, every read drawn on it."""
        with self._lock:
            if self._image is None:
                return None
            if self._picture is None:
                self._picture = _draw(self._image, self._latest)
            return self._picture

    def answer(self, item: int, letter: str) -> None:
        """A person's answer: the read is corrected and the reader learns the glyph."""
        with self._lock:
            if self._look is None:
                raise InvalidInputError("the camera has not read a frame yet")
            corrected = self._look.table.relabel(item, letter)
            self._look.questions = [q for q in self._look.questions if q.item != item]
            self._latest.update(self._look.as_dict())
            self._picture = None
        if corrected.mask is not None and letter in self.pipeline.tiles.glyphs.symbols:
            self.pipeline.tiles.glyphs.learn(corrected.mask, letter, corrected.angle)
        with self._lock:
            look = self._look
        self._told = look.table.key()
        self._tell(look)
        self.publish(self.latest())


def _draw(image: np.ndarray, read: dict[str, Any]) -> bytes:
    canvas = image.copy()
    asked = {q["item"] for q in read.get("questions", [])}
    for index, item in enumerate(read.get("items", [])):
        x, y, w, h = item["box"]
        colour = (0, 165, 255) if index in asked else (60, 200, 60)
        cv2.rectangle(canvas, (x, y), (x + w, y + h), colour, 2)
        label = f"{item['letter']} {item['confidence']:.2f}"
        cv2.putText(canvas, label, (x, max(12, y - 4)), cv2.FONT_HERSHEY_SIMPLEX, 0.45, colour, 1, cv2.LINE_AA)
    items = read.get("items", [])
    for word in read.get("words", []):
        centres = [items[i]["box"][:2] for i in word["items"] if i < len(items)]
        if not centres:
            continue
        x, y = min(c[0] for c in centres), max(c[1] for c in centres) + items[word["items"][0]]["box"][3] + 16
        label = word["text"] + (f" - {word['zone']}" if word.get("zone") else "")
        cv2.putText(canvas, label, (int(x), int(y)), cv2.FONT_HERSHEY_SIMPLEX, 0.6, (255, 255, 255), 2, cv2.LINE_AA)
    ok, encoded = cv2.imencode(".jpg", canvas, [cv2.IMWRITE_JPEG_QUALITY, 80])
    return encoded.tobytes() if ok else b""


KIND_OF_GAME = {"dicewords": "dice", "lexicon": "cards"}  # every other game is played with tiles


def attach_camera(services: Services, game: int, spec: str, settings: TableSettings | None = None) -> CameraFeed:
    """Point the table's one camera (``spec``: an index, a stream URL, a video, a folder) at ``game``:
    a camera watches one table, so a feed on another game is stopped first."""
    session = services.tables.get(game)
    for other in list(services.cameras):
        services.cameras.pop(other).stop()
    kind = KIND_OF_GAME.get(str(session.setup["game"]), "tiles")
    feed = CameraFeed(lambda: open_source(spec), Pipeline(settings or TableSettings()), kind=kind, loop=True,
                      on_stable=session.observe,
                      publish=lambda read: services.hub.news(game, "camera", read))  # fmt: skip
    services.cameras[game] = feed.start()
    return feed
