"""Finding letter tiles (and dice faces) in a photo of a table, by their glyphs.

Public API: :class:`Piece`, :func:`find_pieces`.

A tile is a dark glyph on a light, even face; the table behind it may be anything (a dark mat,
a wooden floor, a white tablecloth), so the search starts from the glyphs, not the tiles:

1. ink: pixels clearly darker than their neighbourhood (an adaptive threshold, scaled to the
   image size);
2. glyph candidates: pieces of ink of a glyph's size and fill;
3. a tile's face: the thin ring around the glyph must be light, even and much lighter than it;
4. one glyph per tile: pieces close together (the dots of an umlaut, a broken stroke) merge
   into the biggest.

Each piece is reported with the glyph's box and a square box around the whole tile, estimated
from the glyph (a tile is about 1.75 times its glyph). Touching tiles are separate because their
glyphs are. Measured figures: docs/vision.md.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import cv2
import numpy as np

TILE_PER_GLYPH = 1.75  # median tile side / glyph side, measured on the Bananagrams photos


@dataclass(frozen=True)
class Piece:
    center: tuple[float, float]
    glyph: tuple[int, int, int, int]  # x, y, w, h of the glyph
    box: tuple[int, int, int, int]  # x, y, w, h of the tile (a square around the glyph)
    contrast: float  # face minus glyph brightness
    #: The glyph's ink (1) over its box and 2 pixels around: every piece of ink lying inside it,
    #: so the tile's dark outline and the table are left out.
    mask: np.ndarray = field(default_factory=lambda: np.zeros((0, 0), np.uint8), compare=False, repr=False)

    def as_dict(self) -> dict[str, object]:
        return {"center": [round(c, 1) for c in self.center], "box": list(self.box), "glyph": list(self.glyph)}


def find_pieces(image: np.ndarray) -> list[Piece]:
    """Every tile-like piece in a BGR image, biggest glyph first."""
    gray = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY) if image.ndim == 3 else image
    h, w = gray.shape
    scale = max(h, w) / 640
    block = int(31 * scale) | 1
    ink = cv2.adaptiveThreshold(gray, 1, cv2.ADAPTIVE_THRESH_MEAN_C, cv2.THRESH_BINARY_INV, block, 25)
    n, labels, stats, _ = cv2.connectedComponentsWithStats(ink)
    candidates = []
    for i in range(1, n):
        x, y, bw, bh, area = (int(v) for v in stats[i])
        big = max(bw, bh)
        if big < 8 * scale or big > 120 * scale or area < 20 * scale * scale:
            continue
        fill = area / (bw * bh)
        bar = big >= 3 * min(bw, bh)  # an I, or a dash: solid, but long and thin
        if fill < 0.08 or (fill > 0.8 and not bar):
            continue
        pad = max(2, int(big * 0.15))
        x0, y0, x1, y1 = max(0, x - pad), max(0, y - pad), min(w, x + bw + pad), min(h, y + bh + pad)
        window, ink_window = gray[y0:y1, x0:x1], ink[y0:y1, x0:x1]
        face = window[ink_window == 0]
        if face.size < 10:
            continue
        glyph_level = float(np.median(window[labels[y0:y1, x0:x1] == i]))
        contrast = float(np.median(face)) - glyph_level
        if contrast < 50 or float(np.std(face)) > 40 or int(ink_window.sum()) - area > 0.6 * area:
            continue
        candidates.append((area, big, (x + bw / 2, y + bh / 2), (x, y, bw, bh), contrast))
    candidates.sort(key=lambda c: -c[0])
    pieces: list[Piece] = []
    kept: list[tuple[float, tuple[float, float]]] = []
    for _, big, center, glyph, contrast in candidates:
        if any(np.hypot(center[0] - c[0], center[1] - c[1]) <= 0.8 * max(b, big) for b, c in kept):
            continue
        kept.append((big, center))
        side = round(big * TILE_PER_GLYPH)
        box = (int(center[0] - side / 2), int(center[1] - side / 2), side, side)
        pieces.append(Piece(center, glyph, box, contrast, _glyph_ink(labels, stats, glyph)))
    return pieces


def _glyph_ink(labels: np.ndarray, stats: np.ndarray, glyph: tuple[int, int, int, int], margin: int = 2) -> np.ndarray:
    x, y, w, h = glyph
    left, top, right, bottom = x - margin, y - margin, x + w + margin, y + h + margin
    inside = (
        (stats[:, 0] >= left)
        & (stats[:, 1] >= top)
        & (stats[:, 0] + stats[:, 2] <= right)
        & (stats[:, 1] + stats[:, 3] <= bottom)
    )
    inside[0] = False  # the background
    region = labels[max(0, top) : bottom, max(0, left) : right]
    return np.isin(region, np.flatnonzero(inside)).astype(np.uint8)
