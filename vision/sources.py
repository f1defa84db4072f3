"""Frame sources: a USB camera, a stream URL, a video file, a folder of images, one image.

Public API: :class:`Frame`, :class:`FrameSource`, :func:`open_source`, :class:`SourceError`.

A ``--camera`` spec chooses the source: ``0`` (a camera index), ``rtsp://...`` or ``http://...``
(a phone's camera app), ``game.mp4`` (a video file), ``photos/`` (a folder, replayed in name
order), ``table.jpg`` (one image). Recorded sources replay at their own pace (a video at its frame
rate, a folder at ``fps``) or as fast as they can be read (``realtime=False``, for tests).
"""

from __future__ import annotations

import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from companion.errors import NotFoundError

IMAGE_SUFFIXES = frozenset({".jpg", ".jpeg", ".png", ".bmp", ".webp", ".tif", ".tiff"})


class SourceError(NotFoundError):
    """A camera spec that cannot be opened."""


@dataclass(frozen=True)
class Frame:
    image: np.ndarray  # BGR
    t: float  # seconds since the source started (recorded time for recordings)
    index: int
    name: str = ""


class FrameSource(ABC):
    """Frames, one after another, until the source ends (a camera never ends)."""

    live = False

    @abstractmethod
    def frames(self) -> Iterator[Frame]: ...

    def close(self) -> None:  # noqa: B027 - most sources hold nothing to let go of
        """Let go of the device or file."""

    def __enter__(self) -> FrameSource:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class ImageSource(FrameSource):
    def __init__(self, path: Path) -> None:
        self.path = path

    def frames(self) -> Iterator[Frame]:
        yield Frame(_read_image(self.path), 0.0, 0, self.path.name)


class FolderSource(FrameSource):
    """The images of a folder in name order, ``fps`` a second."""

    def __init__(
        self, path: Path, fps: float = 1.0, realtime: bool = True, sleep: Callable[[float], None] = time.sleep
    ) -> None:
        self.paths = sorted(p for p in path.iterdir() if p.suffix.lower() in IMAGE_SUFFIXES)
        if not self.paths:
            raise SourceError(f"no images in {path}")
        self.fps, self.realtime, self.sleep = fps, realtime, sleep

    def frames(self) -> Iterator[Frame]:
        for index, path in enumerate(self.paths):
            if self.realtime and index:
                self.sleep(1 / self.fps)
            yield Frame(_read_image(path), index / self.fps, index, path.name)


class CaptureSource(FrameSource):
    """Anything OpenCV's VideoCapture opens: a camera index, a stream URL, a video file."""

    def __init__(
        self, target: int | str, live: bool, realtime: bool = True, sleep: Callable[[float], None] = time.sleep
    ) -> None:
        self.capture = cv2.VideoCapture(target)
        if not self.capture.isOpened():
            raise SourceError(f"cannot open camera or video {target!r}")
        self.live, self.realtime, self.sleep = live, realtime, sleep
        fps = self.capture.get(cv2.CAP_PROP_FPS)
        self.fps = fps if fps and fps > 0 else 25.0
        self.name = str(target)

    def frames(self) -> Iterator[Frame]:
        index, start = 0, time.monotonic()
        while True:
            ok, image = self.capture.read()
            if not ok:
                return
            t = time.monotonic() - start if self.live else index / self.fps
            if not self.live and self.realtime and index:
                self.sleep(1 / self.fps)
            yield Frame(image, t, index, self.name)
            index += 1

    def close(self) -> None:
        self.capture.release()


def _read_image(path: Path) -> np.ndarray:
    image = cv2.imread(str(path))
    if image is None:
        raise SourceError(f"{path} is not an image OpenCV can read")
    return image


def open_source(spec: str, fps: float = 1.0, realtime: bool = True) -> FrameSource:
    """The source a ``--camera`` spec names."""
    if spec.isdigit():
        return CaptureSource(int(spec), live=True)
    if "://" in spec:
        return CaptureSource(spec, live=True)
    path = Path(spec).expanduser()
    if path.is_dir():
        return FolderSource(path, fps=fps, realtime=realtime)
    if not path.exists():
        raise SourceError(f"{spec} not found (a camera index, a stream URL, a video, a folder or an image)")
    if path.suffix.lower() in IMAGE_SUFFIXES:
        return ImageSource(path)
    return CaptureSource(str(path), live=False, realtime=realtime)
