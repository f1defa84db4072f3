"""A board's 15 x 15 grid, when the frame shows one, and which pieces lie on tiles in its cells.

Public API: :class:`Grid`, :func:`find_grid`, :func:`on_the_board`, :func:`premium`, :data:`PREMIUMS`.

A Scrabble board is a square of 15 x 15 cells with lines between them (dark, light, or only the
squares' edges), in a frame, with its premium squares at the same places on every set.
:func:`find_grid` looks for the board's outline (the biggest light region of the frame, then the
biggest closed outlines of edges, for a board on a table as light as it), warps it top-down with a
margin, and finds the 16 equally spaced lines across and down where the brightness changes more
than in the cells' middles at most of the 14 inner places (the frame, if the outline held it, left
out); then it keeps the grid only when the premium squares' places differ in colour from the plain
squares' (which also settles a lattice found one cell off). A table, a mat, a tablecloth or a
Boggle tray has no such grid, so photos without a board read as before.

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

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

import cv2
import numpy as np

from vision.pieces import Piece

CELLS = 15
PIXELS = 20  # a cell's side on the top-down view
OUTLINE_SIDE = 1000  # the long side of the copy the board's outline is looked for on (at 480 and 640 the
# outline was a little off and the lattice in it with it: 8 and 4 of 40 classic boards had tiles off their cells)
LINE_RATIO = 1.15  # a line's change of brightness over the cells' middles
LINES_SEEN = 0.7  # of the inner lines, in each direction, that must stand out
#: The premium squares of one quarter of a Scrabble board (row, column from the top-left, 0-7),
#: mirrored to all four; the same on every board, in colours that differ from set to set.
PREMIUMS: dict[str, tuple[tuple[int, int], ...]] = {
    "TW": ((0, 0), (0, 7), (7, 0)),
    "DW": ((1, 1), (2, 2), (3, 3), (4, 4), (7, 7)),
    "TL": ((1, 5), (5, 1), (5, 5)),
    "DL": ((0, 3), (3, 0), (2, 6), (6, 2), (3, 7), (7, 3), (6, 6)),
}
#: How much the premium squares' places differ in colour (Lab a, b) from the plain squares', at the
#: least, on a board: 17-24 on rendered boards, at most 4.6 on real photos of tiles and dice.
PREMIUM_CONTRAST = 8.0
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
    bgr = image if image.ndim == 3 else cv2.cvtColor(image, cv2.COLOR_GRAY2BGR)
    # the board's outline on a smaller copy (a board is big in the frame), its lattice on the photo
    scale = min(1.0, OUTLINE_SIDE / max(gray.shape))
    small = cv2.resize(gray, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA) if scale < 1 else gray
    for quad in _outlines(cv2.GaussianBlur(small, (5, 5), 0)):
        grid = _lattice_in(bgr, quad / scale)
        if grid is not None:  # once more from the lattice found: an outline a little off bends the view
            return _lattice_in(bgr, grid.corners) or grid
    return None


def _outlines(smooth: np.ndarray, tries: int = 6) -> Iterator[np.ndarray]:
    """Four-sided outlines that may be a board's, likeliest first: the biggest light region (a
    board on a darker table), then the biggest closed outlines of edges (a board on a table as
    light as it, whose frame's edges outline it)."""
    _, light = cv2.threshold(smooth, 0, 1, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    # closed over the grid's lines and the tiles' shadows, opened to cut off light print narrower
    # than a cell that touches it (the game's name on the board's frame)
    # (light print is narrower than a cell: a board is over 4 cells wide in a frame it fills a third of)
    close = cv2.getStructuringElement(cv2.MORPH_RECT, (max(3, max(smooth.shape) // 80) | 1,) * 2)
    cut = cv2.getStructuringElement(cv2.MORPH_RECT, (max(3, max(smooth.shape) // 20) | 1,) * 2)
    light = cv2.morphologyEx(cv2.morphologyEx(light, cv2.MORPH_CLOSE, close), cv2.MORPH_OPEN, cut)
    n, labels, stats, _ = cv2.connectedComponentsWithStats(light)
    if n >= 2:
        biggest = 1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA]))
        if stats[biggest, cv2.CC_STAT_AREA] >= 0.15 * smooth.size:
            region = (labels == biggest).astype(np.uint8)
            contours, _ = cv2.findContours(region, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
            outline = max(contours, key=cv2.contourArea)
            rough = _quadrilateral(cv2.convexHull(outline))
            if rough is not None:
                yield _refined(rough, outline.reshape(-1, 2).astype(np.float64))
    edges = cv2.dilate(cv2.Canny(smooth, 40, 120), np.ones((3, 3), np.uint8))
    contours, _ = cv2.findContours(edges, cv2.RETR_LIST, cv2.CHAIN_APPROX_SIMPLE)
    hulls = sorted((cv2.convexHull(c) for c in contours), key=lambda h: -cv2.contourArea(h))
    seen: list[np.ndarray] = []
    for hull in hulls[: 4 * tries]:
        if cv2.contourArea(hull) < 0.1 * smooth.size or len(seen) >= tries:
            break
        rough = _quadrilateral(hull)
        if rough is None or any(np.abs(rough - other).max() < 0.02 * max(smooth.shape) for other in seen):
            continue
        seen.append(rough)
        yield rough


def _lattice_in(image: np.ndarray, quad: np.ndarray) -> Grid | None:
    """The grid in and about a four-sided outline (the board, perhaps with its frame, perhaps
    missing an edge row), or None."""
    side, margin = CELLS * PIXELS, CELLS * PIXELS // 10
    target = np.array([[0, 0], [side, 0], [side, side], [0, side]], np.float32)
    view = cv2.getPerspectiveTransform(quad, target + margin)
    inner = _lattice(cv2.cvtColor(cv2.warpPerspective(image, view, (side + 2 * margin,) * 2), cv2.COLOR_BGR2GRAY))
    if inner is None:
        return None
    (left, right), (top, bottom) = inner
    across, down = (right - left) / CELLS, (bottom - top) / CELLS
    # 17 x 17 cells around what was found: which 15 x 15 of them hold the premium squares
    wide = np.array([[[left - across, top - down], [right + across, top - down], [right + across, bottom + down],
                      [left - across, bottom + down]]], np.float32)  # fmt: skip
    outer = cv2.perspectiveTransform(wide, np.linalg.inv(view))[0]
    big = (CELLS + 2) * PIXELS
    around = cv2.getPerspectiveTransform(outer, _square(big))
    (row, column), contrast = _premiums_at(cv2.warpPerspective(image, around, (big, big)))
    if contrast < PREMIUM_CONTRAST:
        return None
    board = _square(side) + np.array([column, row], np.float32) * PIXELS
    corners = cv2.perspectiveTransform(board[None], np.linalg.inv(around))[0]
    homography = _fitted(image, cv2.getPerspectiveTransform(corners, target))
    corners = cv2.perspectiveTransform(target[None], np.linalg.inv(homography))[0]
    return Grid(homography, corners, cv2.warpPerspective(image, homography, (side, side)))


def _fitted(image: np.ndarray, homography: np.ndarray, bands: int = 3) -> np.ndarray:
    """The homography fitted to every line of the grid seen, not only to four corners: on the
    top-down view each line is looked for near its place in each of ``bands`` bands along it (a
    perspective a little off tilts and spaces the lines unevenly), the line through those places
    is crossed with every line the other way, and the 256 crossings, back in the photo, give the
    homography (RANSAC). Unchanged when too few lines are seen."""
    side = CELLS * PIXELS
    gray = cv2.cvtColor(cv2.warpPerspective(image, homography, (side, side)), cv2.COLOR_BGR2GRAY).astype(np.float32)
    reach = PIXELS // 4
    lines: list[list[np.ndarray | None]] = []
    across = np.abs(np.diff(gray, axis=1, prepend=gray[:, :1]))  # [y, x]: a line down the view peaks in x
    down = np.abs(np.diff(gray, axis=0, prepend=gray[:1])).T  # [x, y]: a line across peaks in y
    for change in (across, down):
        fitted: list[np.ndarray | None] = []
        width = side // bands
        for k in range(CELLS + 1):
            at = k * PIXELS
            low, high = max(0, at - reach), min(side, at + reach + 1)
            points = []
            for b in range(bands):
                profile = change[b * width : (b + 1) * width, low:high].mean(axis=0)
                if profile.size and profile.max() > 1.5 * np.median(change[b * width : (b + 1) * width]) + 1:
                    points.append((low + float(np.argmax(profile)), (b + 0.5) * width))
            fitted.append(np.polyfit([p[1] for p in points], [p[0] for p in points], 1) if len(points) >= 2 else None)
        lines.append(fitted)
    found, ideal = [], []
    for i, upright in enumerate(lines[0]):  # x = a y + b: the lines down the view
        for j, level in enumerate(lines[1]):  # y = c x + d: the lines across it
            if upright is None or level is None:
                continue
            (a, b), (c, d) = upright, level
            y = (c * b + d) / (1 - a * c)
            found.append((a * y + b, y))
            ideal.append((i * PIXELS, j * PIXELS))
    if len(found) < 0.5 * (CELLS + 1) ** 2:
        return homography
    photo = cv2.perspectiveTransform(np.array([found], np.float32), np.linalg.inv(homography))[0]
    fitted_homography, inliers = cv2.findHomography(photo, np.array(ideal, np.float32), cv2.RANSAC, 2.0)
    if fitted_homography is None or inliers.sum() < 0.5 * len(found):
        return homography
    return np.asarray(fitted_homography, np.float64)


def premium(row: int, column: int) -> str | None:
    """The premium square's kind at a cell (TW, DW, TL, DL), or None for a plain one."""
    r, c = min(row, CELLS - 1 - row), min(column, CELLS - 1 - column)
    return next((kind for kind, spots in PREMIUMS.items() if (r, c) in spots or (c, r) in spots), None)


def _square(side: float) -> np.ndarray:
    return np.array([[0, 0], [side, 0], [side, side], [0, side]], np.float32)


def _premiums_at(cells: np.ndarray) -> tuple[tuple[int, int], float]:
    """Where the board's 15 x 15 lie among 17 x 17 cells found (0-2 down and across; 1: as found):
    where the premium squares' places differ most in colour from the plain squares'. Every
    Scrabble board has them at the same places; their colours differ from set to set."""
    size = CELLS + 2
    margin = PIXELS // 4
    lab = cv2.cvtColor(cells, cv2.COLOR_BGR2LAB).astype(np.float32)[..., 1:].reshape(size, PIXELS, size, PIXELS, 2)
    middles = lab[:, margin : PIXELS - margin, :, margin : PIXELS - margin]
    colour = np.median(middles.transpose(0, 2, 1, 3, 4).reshape(size, size, -1, 2), axis=2)
    special = np.array([[premium(r, c) is not None for c in range(CELLS)] for r in range(CELLS)])
    best, where = -np.inf, (1, 1)
    for dr in range(3):
        for dc in range(3):
            window = colour[dr : dr + CELLS, dc : dc + CELLS]
            plain = np.median(window[~special], axis=0)
            distance = np.linalg.norm(window - plain, axis=-1)
            score = float(distance[special].mean() - distance[~special].mean())
            if score > best + 1e-6 or ((dr, dc) == (1, 1) and score >= best - 1e-6):
                best, where = score, (dr, dc)
    return where, best


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


def _lattice(gray: np.ndarray) -> tuple[tuple[float, float], tuple[float, float]] | None:
    """Where the 16 lines of the cells lie across and down the top-down view (first and last of
    each), or None when there are none.

    A line is where the brightness changes across it: printed lines dark or light, or only the
    squares' edges, the tiles' and the premium squares' edges, which all lie on the grid. The
    change across each column (and row) is averaged along it; the lines are 16 equally spaced
    places, the outer two near the view's sides (the light region found may hold the board's
    frame), where the change is stronger than in the cells' middles at most of the
    14 inner places."""
    image = gray.astype(np.float32)
    bounds = []
    for change in (np.abs(np.diff(image, axis=1)).mean(axis=0), np.abs(np.diff(image, axis=0)).mean(axis=1)):
        found = _lines(np.concatenate([[0.0], change]))
        if found is None:
            return None
        bounds.append(found)
    return bounds[0], bounds[1]


def _lines(profile: np.ndarray) -> tuple[float, float] | None:
    """The first and last of 16 equally spaced lines along one axis of the view, or None.

    The view is the outline found with a tenth of its side around it; the outer lines lie within
    a sixth of the outline's sides (a board's frame is narrower than a cell, an outline cut off by
    a row of dark squares misses one): a finer lattice inside, through the cells' middles, is no
    board's."""
    side = len(profile)
    outline = side / 1.2
    near = outline / 6 + outline / 10
    peak = np.maximum.reduce([np.roll(profile, k) for k in (-1, 0, 1)])  # a line within a pixel of its place
    places = np.arange(CELLS + 1, dtype=np.float64)

    def fit(first: np.ndarray, last: np.ndarray) -> tuple[float, float, float]:
        """The best of these firsts and lasts: (first, last, how many inner lines seen)."""
        first, last = first[:, None], last[None, :]
        spacing = ((last - first) / CELLS)[..., None]  # firsts x lasts x 1

        def at(offsets: np.ndarray, values: np.ndarray) -> np.ndarray:
            picked: np.ndarray = values[np.clip(np.rint(first[..., None] + offsets * spacing).astype(int), 0, side - 1)]
            return picked

        strength = at(places[1:-1], peak)
        middle = np.mean([at(places[:-1] + f, profile) for f in (0.35, 0.5, 0.65)], axis=0)
        between = np.minimum(middle[..., :-1], middle[..., 1:])
        seen = (strength > LINE_RATIO * between + 2).mean(axis=-1)
        score = seen + 0.01 * (strength.mean(axis=-1) - middle.mean(axis=-1))
        i, j = np.unravel_index(int(np.argmax(score)), score.shape)
        return float(first[i, 0]), float(last[0, j]), float(seen[i, j])

    # every third pixel, then every pixel around the best
    a, b, _ = fit(np.arange(0.0, near, 3), np.arange(side - near, side, 3))
    a, b, seen = fit(np.arange(max(0.0, a - 2), min(near, a + 3)), np.arange(max(side - near, b - 2), min(side, b + 3)))
    if seen < LINES_SEEN:
        return None
    return a, b


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
