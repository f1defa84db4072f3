"""The labelled photo sets in shared/data/vision, read where they lie, and how detections are scored.

Public API: :class:`Labelled`, :func:`bananagrams`, :func:`boggle`, :func:`match`, :class:`Score`.

Bananagrams (CC BY 4.0, zawaer "ban-seg", Roboflow Universe): YOLO segmentation polygons, one
tile each. Boggle (public domain, "Boggle Boards"): one box per die face. The photos are never
copied into the project.
"""

from __future__ import annotations

import csv
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

BANANAGRAMS_CLASSES = ["a", "ä", "b", "d", "e", "g", "h", "i", "j", "k", "l", "m", "n", "o", "ö", "p", "r", "s",
                       "t", "u", "v", "y"]  # fmt: skip


@dataclass(frozen=True)
class Labelled:
    path: Path
    outlines: list[np.ndarray]  # one polygon (n x 2, pixels) per piece
    letters: list[str]


def bananagrams(root: Path) -> Iterator[Labelled]:
    for split in ("train", "valid"):
        for image in sorted((root / split / "images").glob("*.jpg")):
            label = root / split / "labels" / (image.stem + ".txt")
            picture = cv2.imread(str(image))
            assert picture is not None, f"{image} is not an image OpenCV can read"
            h, w = picture.shape[:2]
            outlines, letters = [], []
            for line in label.read_text().splitlines() if label.exists() else []:
                values = line.split()
                points = np.array([float(v) for v in values[1:]]).reshape(-1, 2) * [w, h]
                if len(points) >= 3:
                    outlines.append(points.astype(np.float32))
                    letters.append(BANANAGRAMS_CLASSES[int(values[0])])
            yield Labelled(image, outlines, letters)


def boggle(root: Path) -> Iterator[Labelled]:
    rows: dict[str, list[dict[str, str]]] = defaultdict(list)
    with open(root / "annotations.csv", newline="") as f:
        for row in csv.DictReader(f):
            rows[row["filename"]].append(row)
    for name in sorted(rows):
        outlines, letters = [], []
        for row in rows[name]:
            x0, y0, x1, y1 = (float(row[k]) for k in ("xmin", "ymin", "xmax", "ymax"))
            outlines.append(np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], dtype=np.float32))
            letters.append(row["class"].lower())
        yield Labelled(root / "images" / name, outlines, letters)


@dataclass
class Score:
    pieces: int = 0
    found: int = 0
    detections: int = 0
    milliseconds: float = 0.0
    images: int = 0

    @property
    def recall(self) -> float:
        return self.found / self.pieces if self.pieces else 0.0

    @property
    def precision(self) -> float:
        return self.found / self.detections if self.detections else 0.0


def match(centers: list[tuple[float, float]], outlines: list[np.ndarray]) -> dict[int, int]:
    """Labelled piece -> detection whose center lies inside its outline (each used once)."""
    matched: dict[int, int] = {}
    used: set[int] = set()
    for piece, outline in enumerate(outlines):
        for i, center in enumerate(centers):
            if i not in used and cv2.pointPolygonTest(outline, (float(center[0]), float(center[1])), False) >= 0:
                matched[piece] = i
                used.add(i)
                break
    return matched
