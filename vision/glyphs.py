"""Reading a glyph: a k-nearest-neighbour classifier trained on letters rendered from many fonts.

Public API: :class:`GlyphReader`, :class:`Read`, :data:`FONTS`.

Training takes a fraction of a second at first use: every letter A-Z is rendered from the sans
fonts of Debian's font packages (DejaVu, Liberation, FreeSans; ``system-packages.txt``), a little
rotated and in three stroke weights, and normalised (cropped to its ink, centred in a square,
24 x 24, unit length). A glyph from a photo is read at 24 rotations (tiles lie at any angle)
and the nearest template wins. The glyph's ink comes with each piece (``Piece.mask``).
This is the first of the two readers the pipeline needs; its measured accuracy is in
docs/vision.md.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFont

FONT_DIR = Path("/usr/share/fonts/truetype")
FONTS = (
    "dejavu/DejaVuSans-Bold.ttf",
    "dejavu/DejaVuSans.ttf",
    "dejavu/DejaVuSansCondensed-Bold.ttf",
    "dejavu/DejaVuSansCondensed.ttf",
    "liberation2/LiberationSans-Bold.ttf",
    "liberation2/LiberationSans-Regular.ttf",
    "freefont/FreeSans.ttf",
    "freefont/FreeSansBold.ttf",
)
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
SIZE = 24
ANGLES = tuple(range(0, 360, 15))
NEIGHBOURS = 5


@dataclass(frozen=True)
class Read:
    letter: str
    confidence: float  # share of the nearest templates that agree, 0 to 1
    distance: float
    angle: int  # degrees the glyph was turned to read it


def normalise(binary: np.ndarray) -> np.ndarray | None:
    """The ink cropped, centred in a square, resized to SIZE x SIZE, as a unit vector."""
    ys, xs = np.nonzero(binary)
    if not len(xs):
        return None
    ink = binary[ys.min() : ys.max() + 1, xs.min() : xs.max() + 1].astype(np.float32)
    h, w = ink.shape
    side = max(h, w)
    square = np.zeros((side, side), np.float32)
    square[(side - h) // 2 : (side - h) // 2 + h, (side - w) // 2 : (side - w) // 2 + w] = ink
    vector = cv2.resize(square, (SIZE, SIZE), interpolation=cv2.INTER_AREA).flatten()
    return vector / (np.linalg.norm(vector) + 1e-6)


class GlyphReader:
    """Letters A-Z from glyph masks, by their nearest rendered templates."""

    def __init__(self, fonts: tuple[str, ...] = FONTS) -> None:
        self.fonts = [FONT_DIR / f for f in fonts if (FONT_DIR / f).exists()]
        if not self.fonts:
            raise FileNotFoundError(f"no fonts under {FONT_DIR}: install fonts-dejavu-core (make does)")

    @cached_property
    def knn(self) -> cv2.ml.KNearest:
        samples, labels = [], []
        for path in self.fonts:
            font = ImageFont.truetype(str(path), 64)
            for index, letter in enumerate(LETTERS):
                canvas = Image.new("L", (120, 120), 0)
                ImageDraw.Draw(canvas).text((28, 18), letter, font=font, fill=255)
                ink = (np.array(canvas) > 127).astype(np.uint8)
                for angle in (-8, -4, 0, 4, 8):
                    turned = cv2.warpAffine(ink, cv2.getRotationMatrix2D((60, 60), angle, 1.0), (120, 120))
                    for weight in (turned, cv2.dilate(turned, np.ones((3, 3), np.uint8)),
                                   cv2.erode(turned, np.ones((2, 2), np.uint8))):  # fmt: skip
                        vector = normalise(weight)
                        if vector is not None:
                            samples.append(vector)
                            labels.append(index)
        knn = cv2.ml.KNearest_create()
        knn.train(np.array(samples, np.float32), cv2.ml.ROW_SAMPLE, np.array(labels, np.int32))
        return knn

    def read(self, mask: np.ndarray) -> Read | None:
        """The letter of a glyph mask at any angle, or None for an empty mask."""
        h, w = mask.shape
        side = int(np.hypot(h, w)) + 2
        square = np.zeros((side, side), np.uint8)
        square[(side - h) // 2 : (side - h) // 2 + h, (side - w) // 2 : (side - w) // 2 + w] = mask
        queries = []
        for angle in ANGLES:
            turned = cv2.warpAffine(square, cv2.getRotationMatrix2D((side / 2, side / 2), angle, 1.0), (side, side),
                                    flags=cv2.INTER_NEAREST)  # fmt: skip
            vector = normalise(turned)
            if vector is None:
                return None
            queries.append(vector)
        _, results, neighbours, distances = self.knn.findNearest(np.array(queries, np.float32), NEIGHBOURS)
        best = int(np.argmin(distances[:, 0]))
        letter = int(results[best, 0])
        agree = float((neighbours[best] == letter).sum()) / NEIGHBOURS
        return Read(LETTERS[letter], agree, float(distances[best, 0]), ANGLES[best])
