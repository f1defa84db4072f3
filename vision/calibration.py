"""Calibration: ArUco markers on the mat's corners, a top-down warp, and the table's zones.

Public API: :func:`marker_sheet`, :func:`find_markers`, :class:`Calibration`, :class:`TableSettings`.

Print the marker sheet (``wordtable markers markers.pdf``), cut out the four markers and lay
them on the mat's corners, number 0 top-left, 1 top-right, 2 bottom-right, 3 bottom-left as seen
from the camera. :func:`find_markers` finds them in a frame and gives the warp to a top-down view
of WARPED pixels; player zones and the pool are polygons on that view, stored with the table's
settings (JSON). Without markers the frame is used as it is (a plain photo still reads; tiles
just look smaller or skewed where the camera looks at an angle).

>>> sheet = marker_sheet()
>>> calibration = find_markers(cv2.cvtColor(sheet, cv2.COLOR_GRAY2BGR))
>>> calibration is not None and calibration.size
(800, 800)
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

import cv2
import numpy as np

from companion.errors import InvalidInputError
from vision.table import Zone

DICTIONARY = cv2.aruco.DICT_4X4_50
CORNERS = ("top-left", "top-right", "bottom-right", "bottom-left")  # marker ids 0-3
WARPED = (800, 800)
DPI = 150  # of the printed sheet
MARKER_MM = 50


def _dictionary() -> cv2.aruco.Dictionary:
    return cv2.aruco.getPredefinedDictionary(DICTIONARY)


def marker_sheet(path: str | Path | None = None) -> np.ndarray:
    """An A4 sheet (150 dpi) with the four corner markers, 50 mm each, labelled; saved as PNG or
    PDF when ``path`` is given."""
    width, height = round(210 / 25.4 * DPI), round(297 / 25.4 * DPI)
    side = round(MARKER_MM / 25.4 * DPI)
    sheet = np.full((height, width), 255, np.uint8)
    margin = side // 2
    spots = [(margin, margin), (width - margin - side, margin), (width - margin - side, height - margin - side - 60),
             (margin, height - margin - side - 60)]  # fmt: skip
    for marker, (x, y) in enumerate(spots):
        sheet[y : y + side, x : x + side] = cv2.aruco.generateImageMarker(_dictionary(), marker, side)
        cv2.putText(sheet, f"{marker}: {CORNERS[marker]}", (x, y + side + 30), cv2.FONT_HERSHEY_SIMPLEX, 0.8, 0, 2)
    cv2.putText(sheet, "wordtable: cut out, lay on the mat's corners as seen from the camera", (margin, height // 2),
                cv2.FONT_HERSHEY_SIMPLEX, 0.7, 0, 2)  # fmt: skip
    if path is not None:
        path = Path(path)
        if path.suffix.lower() == ".pdf":
            from PIL import Image

            Image.fromarray(sheet).save(path, "PDF", resolution=DPI)
        elif not cv2.imwrite(str(path), sheet):
            raise InvalidInputError(f"cannot write {path}: use a .png or .pdf name")
    return sheet


@dataclass(frozen=True)
class Calibration:
    """Where the four markers' centres lie in the camera's frame, and the top-down view's size."""

    corners: tuple[tuple[float, float], ...]
    size: tuple[int, int] = WARPED

    @property
    def homography(self) -> np.ndarray:
        w, h = self.size
        target = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32)
        return cv2.getPerspectiveTransform(np.array(self.corners, np.float32), target)

    def warp(self, image: np.ndarray) -> np.ndarray:
        return cv2.warpPerspective(image, self.homography, self.size)

    def to_table(self, points: list[tuple[float, float]]) -> list[tuple[float, float]]:
        """Frame pixels -> top-down pixels."""
        if not points:
            return []
        moved = cv2.perspectiveTransform(np.array(points, np.float32).reshape(-1, 1, 2), self.homography)
        return [(float(x), float(y)) for x, y in moved.reshape(-1, 2)]


def find_markers(image: np.ndarray) -> Calibration | None:
    """The calibration from the four corner markers in a frame, or None when any is missing."""
    gray = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY) if image.ndim == 3 else image
    detector = cv2.aruco.ArucoDetector(_dictionary(), cv2.aruco.DetectorParameters())
    corners, ids, _ = detector.detectMarkers(gray)
    if ids is None:
        return None
    centres: dict[int, tuple[float, float]] = {}
    for c, i in zip(corners, ids.flatten(), strict=True):
        x, y = c.reshape(4, 2).mean(axis=0)
        centres[int(i)] = (float(x), float(y))
    if not all(m in centres for m in range(4)):
        return None
    return Calibration(tuple(centres[m] for m in range(4)))


@dataclass
class TableSettings:
    """A table's calibration, zones and camera (a ``--camera`` spec), kept in a JSON file."""

    calibration: Calibration | None = None
    zones: list[Zone] = field(default_factory=list)
    camera: str | None = None

    def save(self, path: str | Path) -> None:
        data = {
            "calibration": None if self.calibration is None else
            {"corners": [list(c) for c in self.calibration.corners], "size": list(self.calibration.size)},
            "zones": [{"name": z.name, "polygon": [list(p) for p in z.polygon]} for z in self.zones],
            "camera": self.camera,
        }  # fmt: skip
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        Path(path).write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")

    @classmethod
    def load(cls, path: str | Path) -> TableSettings:
        """The settings in ``path``; no file means no calibration and no zones."""
        path = Path(path)
        if not path.exists():
            return cls()
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            calibration = data.get("calibration")
            return cls(
                Calibration(tuple(tuple(c) for c in calibration["corners"]), tuple(calibration["size"]))
                if calibration else None,
                [Zone(z["name"], tuple(tuple(p) for p in z["polygon"])) for z in data.get("zones", [])],
                None if data.get("camera") is None else str(data["camera"]),
            )  # fmt: skip
        except (ValueError, KeyError, TypeError) as error:
            raise InvalidInputError(f"table settings {path} cannot be read: {error}") from None

    def set_zone(self, name: str, polygon: list[tuple[float, float]]) -> None:
        """Mark a zone on the top-down view (three corners at least); a zone of the same name is replaced."""
        if len(polygon) < 3 or not name.strip():
            raise InvalidInputError("a zone needs a name and three corners at least")
        self.zones = [z for z in self.zones if z.name != name] + [Zone(name, tuple((x, y) for x, y in polygon))]
