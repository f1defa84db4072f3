"""The small value printed in a corner of a DICEWORDS die's face, read among digits rendered from fonts.

Public API: :class:`PrintedValue`, :class:`ValueReader`, :func:`corner_marks`, :data:`DIGITS`.

A die's face, straightened by its outline and enlarged to FACE pixels a side, shows its letter in
the middle and its value small in one corner (the lower right of the upright face). The ink that
stands out from the body, away from the middle in both directions, is grouped by corner; the
corner with the most ink holds the value, so a letter that reads the same at every quarter turn
(O, S, Z, N, H, I, X) does not leave the value's way up unknown. That corner is turned to the
lower right and cut into marks left to right: a low mark before the others is a minus sign (the
wild's -2), a mark wider than high two digits run together. Each digit's grey ink (not a binary
mask: at 56 pixels a die a digit is some 6 pixels high, and thresholding loses its strokes) is
read among the digits 0-9 rendered from the letter reader's fonts (``vision.glyphs``) at three
sizes and three softnesses, by its nearest neighbours. A value is *sure* when the NEIGHBOURS
nearest templates of every digit agree, the nearest is within SURE_DISTANCE and no other digit
within SURE_MARGIN of it; a face with no ink in any corner, or marks that are no number, has no
value (None).

>>> import numpy as np
>>> ValueReader().read(np.full((FACE, FACE), 90, np.float32), ink=255.0)
PrintedValue(value=None, sure=False, distance=2.0, margin=0.0, votes=0.0, corner=None)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFont

from vision.glyphs import FONT_DIR, FONTS

DIGITS = "0123456789"
FACE = 128  # pixels of the enlarged face the value is read on
EDGE = 6  # pixels along the face's edges left out (the die's outline, the mat beside it)
AWAY = 0.2  # a value mark lies at least this share of FACE from the middle, across and down
MIN_MARK = 6  # pixels of ink a mark has at least
MARK = 0.3  # share of the letter's contrast with the body that a value's ink has at least
SIDE = 16  # pixels a side of a digit's grey square
SIZES = (18, 23, 28)  # font pixels of the rendered digits (a value is about 23 on an enlarged face)
BLURS = (1.5, 2.5, 3.5)  # pixels of softness: the camera's and the enlarging's
NEIGHBOURS = 5  # nearest templates that vote
SURE_DISTANCE, SURE_MARGIN, SURE_VOTES = 0.1, 0.025, 1.0  # chosen on rendered rolls (docs/vision.md, Dice)
#: Quarter turns (np.rot90's k) that bring each corner, by its signs (right, down), to the lower right.
TO_LOWER_RIGHT = {(1, 1): 0, (-1, 1): 1, (-1, -1): 2, (1, -1): 3}


@dataclass(frozen=True)
class PrintedValue:
    """A die face's printed value (None: none legible), whether it is sure, the farthest digit's
    distance to its templates, the smallest margin and share of agreeing neighbours, and the corner
    it was read in (right, down)."""

    value: int | None
    sure: bool = False
    distance: float = 2.0
    margin: float = 0.0
    votes: float = 0.0
    corner: tuple[int, int] | None = None


class ValueReader:
    """Values from enlarged die faces, read among grey digits rendered from the fonts."""

    def __init__(self, fonts: tuple[str, ...] = FONTS) -> None:
        self.fonts = tuple(FONT_DIR / f for f in fonts if (FONT_DIR / f).exists())
        if not self.fonts:
            raise FileNotFoundError(f"no fonts under {FONT_DIR}: install fonts-dejavu-core (make does)")

    @property
    def templates(self) -> tuple[np.ndarray, np.ndarray]:
        return _templates(self.fonts)

    def read(self, face: np.ndarray, ink: float) -> PrintedValue:
        """The value on a grey FACE x FACE face whose letter's ink is ``ink`` grey."""
        found = corner_marks(face, ink)
        return PrintedValue(None) if found is None else self._number(*found)

    def _number(self, mask: np.ndarray, grey: np.ndarray, corner: tuple[int, int]) -> PrintedValue:
        """The marks of one corner, upright, read left to right as a (signed) whole number."""
        count, _, stats, _ = cv2.connectedComponentsWithStats(mask)
        marks = _split(_columns([stats[i, :4] for i in range(1, count)]), mask)
        # a dash before the digits: a mark less than half as high as the next
        minus = len(marks) > 1 and marks[0][3] < marks[1][3] / 2 and marks[0][2] > marks[0][3]
        digits = marks[1:] if minus else marks
        if not digits or len(digits) > 2 or any(w > 2 * h for _, _, w, h in digits):
            return PrintedValue(None, corner=corner)
        samples, labels = self.templates
        reads = []
        for place, (x, y, w, h) in enumerate(digits):
            distances = 2.0 - 2.0 * (samples @ _vector(grey[y : y + h, x : x + w]))
            if len(digits) == 2 and place == 0:  # a value is 20 at most: a first digit is 1 or 2
                distances = np.where(np.isin(labels, (1, 2)), distances, 4.0)
            order = np.argsort(distances)
            best = int(labels[order[0]])
            other = next(distances[i] for i in order if labels[i] != best)
            votes = float((labels[order[:NEIGHBOURS]] == best).mean())
            reads.append((DIGITS[best], float(distances[order[0]]), float(other - distances[order[0]]), votes))
        text = "".join(r[0] for r in reads)
        distance, margin = max(r[1] for r in reads), min(r[2] for r in reads)
        votes = min(r[3] for r in reads)
        sure = distance < SURE_DISTANCE and margin >= SURE_MARGIN and votes >= SURE_VOTES and int(text) <= 20
        value = -int(text) if minus else int(text)
        return PrintedValue(value, sure, round(distance, 3), round(margin, 3), votes, corner)


def corner_marks(face: np.ndarray, ink: float) -> tuple[np.ndarray, np.ndarray, tuple[int, int]] | None:
    """The value's marks on a grey FACE x FACE face whose letter's ink is ``ink`` grey, turned to
    the lower right: (the marks, their ink from 0 to 1, the corner they were in), or None when no
    corner has any."""
    body = float(np.median(face[EDGE:-EDGE, EDGE:-EDGE]))
    contrast = abs(ink - body)
    if contrast < 20:
        return None
    strength = (np.abs(face - body) / contrast).clip(0, 1).astype(np.float32)
    marked = (strength > MARK).astype(np.uint8)
    marked[:EDGE], marked[-EDGE:], marked[:, :EDGE], marked[:, -EDGE:] = 0, 0, 0, 0
    count, labels, stats, centroids = cv2.connectedComponentsWithStats(marked)
    middle = FACE / 2
    corners: dict[tuple[int, int], list[int]] = {}
    for index in range(1, count):
        dx, dy = centroids[index] - middle
        if stats[index, cv2.CC_STAT_AREA] >= MIN_MARK and min(abs(dx), abs(dy)) > AWAY * FACE:
            corners.setdefault((int(np.sign(dx)), int(np.sign(dy))), []).append(index)
    if not corners:
        return None
    corner = max(corners, key=lambda c: sum(stats[i, cv2.CC_STAT_AREA] for i in corners[c]))
    keep = np.isin(labels, corners[corner])
    turns = TO_LOWER_RIGHT[corner]
    mask = np.ascontiguousarray(np.rot90(keep, turns)).astype(np.uint8)
    grey = np.ascontiguousarray(np.rot90(strength * cv2.dilate(keep.astype(np.uint8), np.ones((3, 3))), turns))
    return mask, grey, corner


def _vector(ink: np.ndarray) -> np.ndarray:
    """A digit's grey ink, centred in a square, resized to SIDE x SIDE, as a unit vector."""
    h, w = ink.shape
    side = max(h, w)
    square = np.zeros((side, side), np.float32)
    square[(side - h) // 2 : (side - h) // 2 + h, (side - w) // 2 : (side - w) // 2 + w] = ink
    vector = cv2.resize(square, (SIDE, SIDE), interpolation=cv2.INTER_AREA).flatten()
    return vector / (np.linalg.norm(vector) + 1e-6)


@lru_cache(maxsize=2)
def _templates(fonts: tuple[Path, ...]) -> tuple[np.ndarray, np.ndarray]:
    """Every digit from every font, at the sizes and softness a printed value has on an enlarged
    face, marked and cropped as a face's marks are: (unit vectors, digit indices)."""
    samples, labels = [], []
    for path in fonts:
        for size in SIZES:
            font = ImageFont.truetype(str(path), size)
            for index, digit in enumerate(DIGITS):
                canvas = Image.new("L", (size * 2, size * 2), 0)
                ImageDraw.Draw(canvas).text((size // 2, size // 4), digit, font=font, fill=255)
                ink = np.array(canvas, np.float32) / 255
                for blur in BLURS:
                    soft = np.asarray(cv2.GaussianBlur(ink, (0, 0), blur), np.float32)
                    soft = soft / soft.max()
                    ys, xs = np.nonzero(soft > MARK)
                    samples.append(_vector(soft[ys.min() : ys.max() + 1, xs.min() : xs.max() + 1]))
                    labels.append(index)
    return np.array(samples, np.float32), np.array(labels, np.int32)


def _columns(boxes: list[np.ndarray]) -> list[tuple[int, int, int, int]]:
    """Boxes (x, y, w, h) that share columns joined (a digit broken in two), left to right."""
    joined: list[tuple[int, int, int, int]] = []
    for x, y, w, h in sorted((int(b[0]), int(b[1]), int(b[2]), int(b[3])) for b in boxes):
        if joined and x < joined[-1][0] + joined[-1][2] - 1:
            jx, jy, jw, jh = joined[-1]
            right, bottom = max(jx + jw, x + w), max(jy + jh, y + h)
            top = min(jy, y)
            joined[-1] = (jx, top, right - jx, bottom - top)
        else:
            joined.append((x, y, w, h))
    return joined


def _split(marks: list[tuple[int, int, int, int]], mask: np.ndarray) -> list[tuple[int, int, int, int]]:
    """Marks as high as the highest and wider than high are two digits run together (10, 12): cut at
    the column with least ink in their middle third."""
    out: list[tuple[int, int, int, int]] = []
    high = max((h for _, _, _, h in marks), default=0)
    for x, y, w, h in marks:
        if 0.75 * high <= h < w <= 2 * h:
            ink = mask[y : y + h, x : x + w].sum(axis=0)
            cut = w // 3 + int(np.argmin(ink[w // 3 : w - w // 3]))
            out += [(x, y, cut, h), (x + cut, y, w - cut, h)]
        else:
            out.append((x, y, w, h))
    return out
