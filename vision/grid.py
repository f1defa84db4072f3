"""A board's 15 x 15 grid, when the frame shows one, and which pieces lie on tiles in its cells.

Public API: :class:`Grid`, :func:`find_grid`, :func:`on_the_board`.

A Scrabble board is a light square of 15 x 15 cells with dark lines between them, in a darker
frame. :func:`find_grid` takes the biggest light region of the frame (Otsu on brightness), its
four corners (the hull's quadrilateral), warps it top-down, and keeps it only when the lines are
there: dark lines at most of the 14 inner positions across and down, darker than the cells'
middles. A table, a mat or a tablecloth has no such lines, so photos without a board read as
before.

With a grid, :func:`on_the_board` keeps only pieces that lie on a tile in a cell: the cell's
face (its middle, ink left out) is the tiles' colour (the median over the cells the pieces lie
in: most of them are tiles) and not a premium square's (their print passes as glyphs), and one
piece a cell (the biggest: the letter, not its score). Pieces off the board (the game's name
on its frame) are dropped.

>>> import numpy as np
>>> find_grid(np.full((200, 200, 3), 200, np.uint8)) is None
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import cv2
import numpy as np

from vision.pieces import Piece

CELLS = 15
PIXELS = 20  # a cell's side on the top-down view
LINE_RATIO = 1.15  # a line's darkness over the cells' middles, at the median inner line
LINES_SEEN = 0.7  # of the inner lines, in each direction, that must stand out
TILE_COLOUR = 12.0  # distance in Lab's colour plane (a, b) from the tiles' colour that still is a tile


@dataclass(frozen=True)
class Grid:
    """The board: the homography from the photo to the top-down view (PIXELS a cell)."""

    homography: np.ndarray
    corners: np.ndarray  # the board's four corners in the photo
    top_down: np.ndarray  # the board, warped (BGR, CELLS * PIXELS a side)

    @property
    def cell_side(self) -> float:
        """A cell's side in the photo's pixels (the mean of the board's four sides over CELLS)."""
        sides = np.linalg.norm(self.corners - np.roll(self.corners, 1, axis=0), axis=1)
        return float(sides.mean()) / CELLS

    def cell(self, point: tuple[float, float]) -> tuple[int, int] | None:
        """The (row, column) a point of the photo lies in, or None off the board."""
        x, y = cv2.perspectiveTransform(np.array([[point]], np.float32), self.homography)[0, 0]
        row, column = int(y // PIXELS), int(x // PIXELS)
        return (row, column) if 0 <= row < CELLS and 0 <= column < CELLS else None

    def turn_at(self, point: tuple[float, float]) -> float:
        """Degrees counter-clockwise that lay the board's rows level where a point of the photo lies
        (the board's turn there, up to a quarter turn: which side is up the tiles say).

        >>> Grid(np.eye(3), np.zeros((4, 2), np.float32), np.zeros((1, 1, 3), np.uint8)).turn_at((5, 5))
        0.0
        """
        x, y = cv2.perspectiveTransform(np.array([[point]], np.float32), self.homography)[0, 0]
        ends = np.array([[[x - PIXELS / 2, y], [x + PIXELS / 2, y]]], np.float32)
        (x0, y0), (x1, y1) = cv2.perspectiveTransform(ends, np.linalg.inv(self.homography))[0]
        return float(np.degrees(np.arctan2(y1 - y0, x1 - x0))) % 360

    def face(self, row: int, column: int) -> np.ndarray:
        """The middle of a cell on the top-down view (a tile's face, or the square's print)."""
        margin = PIXELS // 5
        top, left = row * PIXELS + margin, column * PIXELS + margin
        return self.top_down[top : top + PIXELS - 2 * margin, left : left + PIXELS - 2 * margin]


def find_grid(image: np.ndarray) -> Grid | None:
    """The board's grid in a BGR frame, or None when the frame shows none."""
    gray = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY) if image.ndim == 3 else image
    if min(gray.shape) < 4 * CELLS:
        return None
    smooth = cv2.GaussianBlur(gray, (5, 5), 0)
    _, light = cv2.threshold(smooth, 0, 1, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    # closed over the grid's lines and the tiles' shadows, opened to cut off light print narrower
    # than a cell that touches it (the game's name on the board's frame)
    # (light print is narrower than a cell: a board is over 4 cells wide in a frame it fills a third of)
    close = cv2.getStructuringElement(cv2.MORPH_RECT, (max(3, max(gray.shape) // 80) | 1,) * 2)
    cut = cv2.getStructuringElement(cv2.MORPH_RECT, (max(3, max(gray.shape) // 20) | 1,) * 2)
    light = cv2.morphologyEx(cv2.morphologyEx(light, cv2.MORPH_CLOSE, close), cv2.MORPH_OPEN, cut)
    n, labels, stats, _ = cv2.connectedComponentsWithStats(light)
    if n < 2:
        return None
    biggest = 1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA]))
    if stats[biggest, cv2.CC_STAT_AREA] < 0.15 * gray.size:
        return None
    contours, _ = cv2.findContours((labels == biggest).astype(np.uint8), cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    outline = max(contours, key=cv2.contourArea)
    rough = _quadrilateral(cv2.convexHull(outline))
    if rough is None:
        return None
    quad = _refined(rough, outline.reshape(-1, 2).astype(np.float64))
    side = CELLS * PIXELS
    target = np.array([[0, 0], [side, 0], [side, side], [0, side]], np.float32)
    homography = cv2.getPerspectiveTransform(quad, target)
    top_down = cv2.warpPerspective(image if image.ndim == 3 else cv2.cvtColor(image, cv2.COLOR_GRAY2BGR),
                                   homography, (side, side))  # fmt: skip
    if not _lined(cv2.cvtColor(top_down, cv2.COLOR_BGR2GRAY)):
        return None
    return Grid(homography, quad, top_down)


def _quadrilateral(hull: np.ndarray) -> np.ndarray | None:
    """The hull's four corners, clockwise from the top-left, or None when it is no quadrilateral.

    The hull's four longest sides, extended to meet: a board's corner squares may be dark (a
    premium colour), so the light region's corners are cut off."""
    points = cv2.approxPolyDP(hull, 0.01 * cv2.arcLength(hull, True), True).reshape(-1, 2).astype(np.float64)
    if len(points) < 4:
        return None
    edges = [(points[k], points[(k + 1) % len(points)]) for k in range(len(points))]
    longest = sorted(sorted(range(len(edges)), key=lambda k: -np.linalg.norm(edges[k][1] - edges[k][0]))[:4])
    sides = [edges[k] for k in longest]
    corners = []
    for (a, b), (c, d) in zip(sides, sides[1:] + sides[:1], strict=True):
        r, s = b - a, d - c
        cross = r[0] * s[1] - r[1] * s[0]
        if abs(cross) < 1e-6 * np.linalg.norm(r) * np.linalg.norm(s) + 1e-9:
            return None  # two parallel sides follow each other: no quadrilateral
        t = ((c - a)[0] * s[1] - (c - a)[1] * s[0]) / cross
        corners.append(a + t * r)
    quad = np.array(corners, np.float32)
    start = int(np.argmin(quad.sum(axis=1)))
    quad = np.roll(quad, -start, axis=0)
    if cv2.contourArea(quad) < 0.8 * cv2.contourArea(hull.astype(np.float32)):
        return None
    return quad if _clockwise(quad) else np.roll(quad[::-1], 1, axis=0)


def _refined(quad: np.ndarray, outline: np.ndarray) -> np.ndarray:
    """Each side fitted again to the outline's points along the middle of it, the farthest
    dropped each round: light print touching the board (the game's name) bends the hull, not them."""
    lines = []
    for k in range(4):
        a, b = quad[k].astype(np.float64), quad[(k + 1) % 4].astype(np.float64)
        along = b - a
        length = float(np.linalg.norm(along))
        unit = along / length
        normal = np.array([-unit[1], unit[0]])
        t = (outline - a) @ unit / length
        off = (outline - a) @ normal
        points = outline[(t > 0.1) & (t < 0.9) & (np.abs(off) < 0.05 * length)]
        if len(points) < 10:
            return quad
        for _ in range(4):
            vx, vy, x0, y0 = cv2.fitLine(points.astype(np.float32), cv2.DIST_L2, 0, 0.01, 0.01).ravel()
            residual = np.abs((points[:, 0] - x0) * vy - (points[:, 1] - y0) * vx)
            points = points[residual <= max(1.5, 2 * float(np.median(residual)))]
        lines.append((np.array([x0, y0], np.float64), np.array([vx, vy], np.float64)))
    corners = []
    for (p, r), (q, s) in zip(lines[-1:] + lines[:-1], lines, strict=True):
        cross = r[0] * s[1] - r[1] * s[0]
        if abs(cross) < 1e-6:
            return quad
        t = ((q - p)[0] * s[1] - (q - p)[1] * s[0]) / cross
        corners.append(p + t * r)
    return np.array(corners, np.float32)


def _clockwise(quad: np.ndarray) -> bool:
    """Whether the corners go clockwise on the image (y down)."""
    x, y = quad[:, 0], quad[:, 1]
    return float(np.sum(x * np.roll(y, -1) - np.roll(x, -1) * y)) > 0


def _lined(gray: np.ndarray) -> bool:
    """Dark lines at most of the inner cell borders, across and down, on the top-down view."""
    darkness = 255.0 - gray.astype(np.float32)
    for profile in (darkness.mean(axis=0), darkness.mean(axis=1)):
        # a line within 3 pixels (0.15 cell) of its place: the corners found are that close
        lines = np.array([profile[k * PIXELS - 3 : k * PIXELS + 4].max() for k in range(1, CELLS)])
        middles = np.array([profile[k * PIXELS + PIXELS // 3 : k * PIXELS + 2 * PIXELS // 3].mean()
                            for k in range(CELLS)])  # fmt: skip
        between = np.minimum(middles[:-1], middles[1:])
        seen = lines > LINE_RATIO * between + 2
        if seen.mean() < LINES_SEEN:
            return False
    return True


def on_the_board(grid: Grid, pieces: Sequence[Piece]) -> list[Piece]:
    """The pieces that lie on a tile in one of the grid's cells, one a cell (the biggest)."""
    cells = [grid.cell(p.center) for p in pieces]
    faces: dict[tuple[int, int], np.ndarray] = {}
    for cell in cells:
        if cell is not None and cell not in faces:
            faces[cell] = _face_colour(grid.face(*cell))
    if not faces:
        return []
    tiles = np.median(np.array(list(faces.values())), axis=0)
    best: dict[tuple[int, int], Piece] = {}
    for piece, cell in zip(pieces, cells, strict=True):
        if cell is None or np.linalg.norm((faces[cell] - tiles)[1:]) > TILE_COLOUR:
            continue
        if cell not in best or _size(piece) > _size(best[cell]):
            best[cell] = piece
    return [p for p in pieces if any(p is b for b in best.values())]


def _face_colour(face: np.ndarray) -> np.ndarray:
    """A cell's face colour in Lab (the median of its lighter half: the glyph's ink left out)."""
    lab = cv2.cvtColor(face, cv2.COLOR_BGR2LAB).reshape(-1, 3).astype(np.float32)
    light = lab[lab[:, 0] >= np.median(lab[:, 0])]
    return np.asarray(np.median(light, axis=0))


def _size(piece: Piece) -> int:
    return max(piece.glyph[2], piece.glyph[3])
