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
OVERSIZED = 1.6  # times the typical glyph around it: bigger is no glyph of the game's tiles
NEAREST = 9  # pieces that say what the typical glyph is around a place
Candidate = tuple[int, int, tuple[float, float], tuple[int, int, int, int], float]  # area, size, centre, box, contrast


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


def find_pieces(
    image: np.ndarray, one_size: bool = True, glyph_sides: tuple[float, float] | None = None
) -> list[Piece]:
    """Every tile-like piece in a BGR image, biggest glyph first.

    ``one_size``: the pieces are one game's tiles, so their glyphs are about one size; a piece far
    bigger than the photo's typical glyph (a shadow strip under a row of tiles, a board's print or
    logo, a grid line) is no glyph, and is dropped before merging, where it would swallow the real
    glyphs around it. Cards (a big letter and small indices) pass False.

    ``glyph_sides``: the smallest and biggest glyph side in pixels, when the frame says (a board's
    cells); else from the frame's size (8 to 120 pixels in 640)."""
    gray = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY) if image.ndim == 3 else image
    h, w = gray.shape
    scale = max(h, w) / 640
    block = max(3, int(31 * scale) | 1)
    ink = cv2.adaptiveThreshold(gray, 1, cv2.ADAPTIVE_THRESH_MEAN_C, cv2.THRESH_BINARY_INV, block, 25)
    _, labels, stats, _ = cv2.connectedComponentsWithStats(ink)
    candidates: list[Candidate] = []
    sides = stats[:, 2:4].max(axis=1)
    low, high = glyph_sides or (8 * scale, 120 * scale)
    sized = (sides >= low) & (sides <= high) & (stats[:, 4] >= low * low * 20 / 64)
    sized[0] = False  # the background
    for i in np.flatnonzero(sized).tolist():
        x, y, bw, bh, area = stats[i].tolist()
        big = max(bw, bh)
        fill = area / (bw * bh)
        bar = big >= 3 * min(bw, bh)  # an I, or a dash: solid, but long and thin
        if fill < 0.08 or _print_line(labels[y : y + bh, x : x + bw] == i, area):
            continue
        if fill > 0.5 and not bar:
            count = _holes(labels[y : y + bh, x : x + bw] == i)
            if count > 2 or (fill > 0.8 and not count):
                continue  # a solid blob, or a patch with print in it (a premium square); a bold B has 2 holes
        pad = max(2, int(big * 0.15))
        x0, y0, x1, y1 = max(0, x - pad), max(0, y - pad), min(w, x + bw + pad), min(h, y + bh + pad)
        window, ink_window = gray[y0:y1, x0:x1], ink[y0:y1, x0:x1]
        face = window[ink_window == 0]
        if face.size < 10:
            continue
        glyph_level = _median(window[labels[y0:y1, x0:x1] == i])
        contrast = _median(face) - glyph_level
        if contrast < 50 or float(np.std(face)) > 40 or int(ink_window.sum()) - area > 0.6 * area:
            continue
        candidates.append((area, big, (x + bw / 2, y + bh / 2), (x, y, bw, bh), contrast))
    candidates.sort(key=lambda c: -c[0])
    kept = _merge(candidates)
    if one_size and len(kept) >= 3:
        # the typical glyph near each piece (its nearest pieces; near tiles look bigger than far ones)
        centres = np.array([c[2] for c in kept], np.float64)
        sizes = np.array([c[1] for c in kept], np.float64)
        near = min(len(kept), NEAREST)
        points = np.array([c[2] for c in candidates], np.float64)
        distances = np.hypot(points[:, None, 0] - centres[None, :, 0], points[:, None, 1] - centres[None, :, 1])
        typical = np.median(sizes[np.argsort(distances, axis=1)[:, :near]], axis=1)
        kept = _merge([c for c, t in zip(candidates, typical.tolist(), strict=True) if c[1] <= OVERSIZED * t])
    pieces: list[Piece] = []
    for _, big, center, glyph, contrast in kept:
        side = round(big * TILE_PER_GLYPH)
        box = (int(center[0] - side / 2), int(center[1] - side / 2), side, side)
        pieces.append(Piece(center, glyph, box, contrast, _glyph_ink(labels, stats, glyph)))
    return pieces


def _median(values: np.ndarray) -> float:
    """np.median of a flat array, without its overhead (called for every candidate)."""
    middle = len(values) // 2
    if len(values) % 2:
        return float(np.partition(values, middle)[middle])
    low, high = np.partition(values, (middle - 1, middle))[middle - 1 : middle + 1]
    return (float(low) + float(high)) / 2


def _merge(candidates: list[Candidate]) -> list[Candidate]:
    """One glyph per tile: a piece within 0.8 glyph of a bigger one (biggest first) is part of it."""
    kept: list[Candidate] = []
    xs, ys, sizes = np.zeros(len(candidates)), np.zeros(len(candidates)), np.zeros(len(candidates))
    for c in candidates:
        big, (x, y) = c[1], c[2]
        n = len(kept)
        if n and bool((np.hypot(x - xs[:n], y - ys[:n]) <= 0.8 * np.maximum(sizes[:n], big)).any()):
            continue
        xs[n], ys[n], sizes[n] = x, y, big
        kept.append(c)
    return kept


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
    mask = np.zeros(region.shape, np.uint8)
    for k in np.flatnonzero(inside).tolist():
        mask[region == k] = 1
    return mask


def _holes(component: np.ndarray) -> int:
    """The holes in a piece of ink (background it encloses, each bigger than 2% of it)."""
    contours, hierarchy = cv2.findContours(component.astype(np.uint8), cv2.RETR_CCOMP, cv2.CHAIN_APPROX_SIMPLE)
    if hierarchy is None:
        return 0
    area = float(component.sum())
    return sum(1 for c, h in zip(contours, hierarchy[0], strict=True) if h[3] >= 0 and cv2.contourArea(c) > 0.02 * area)


def _print_line(component: np.ndarray, area: int) -> bool:
    """Long and thin at its own turn but not solid: a word of small print (a premium square's),
    not a letter (an I or a dash is solid along its length, at any turn)."""
    points = cv2.findNonZero(component.astype(np.uint8)).astype(np.float32)
    (_, _), (a, b), _ = cv2.minAreaRect(cv2.convexHull(points))  # the hull's rectangle is the ink's
    long, short = max(a, b) + 1, min(a, b) + 1
    return bool(long >= 4 * short and area < 0.65 * long * short)
