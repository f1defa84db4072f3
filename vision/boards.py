"""Rendered Scrabble-board scenes: development material for tiles on a board (no real board photos here).

Public API: :func:`board_scene`, :class:`BoardStyle`, :data:`CLASSIC`, :data:`TILE_FONTS`.

A 15 x 15 board on a table: grid lines, the premium squares in their colours with their print
("TRIPLE WORD SCORE" in three small lines, the centre star), and 60-100 cream tiles in rows and
columns, each with its letter and its small score number, a soft shadow, most at the board's
turn and a few askew; then light from one side, a glare spot, a camera's perspective, blur and
noise. :data:`CLASSIC` is one board (beige squares, dark lines, a red frame, on a wooden table,
square to the camera); ``varied=True`` draws a style per seed (:meth:`BoardStyle.drawn`): light
or dark lines or only the squares' edges, other square, tile and frame colours, other tile fonts
(serif and mono as well as the readers' sans), a white, dark or wooden table, the board turned
any way in the frame and seen from a seat (a stronger perspective). Each scene is a seeded
function of its arguments and comes with its truth (every tile's letter and centre in the
photo). These figures are synthetic: they are reported apart from the real photos'
(benchmarks/vision.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFont

from companion.sets.tilesets import SCRABBLE_NO_BLANKS
from vision.glyphs import FONT_DIR, FONTS
from vision.grid import CELLS, premium
from vision.render import Scene, Truth, _finish, _glyph, _table

BGR = tuple[int, int, int]

COLOURS = {"TW": (50, 50, 200), "DW": (160, 160, 235), "TL": (190, 110, 40), "DL": (230, 200, 150)}  # BGR
WORDS = {"TW": ("TRIPLE", "WORD", "SCORE"), "DW": ("DOUBLE", "WORD", "SCORE"), "TL": ("TRIPLE", "LETTER", "SCORE"),
         "DL": ("DOUBLE", "LETTER", "SCORE")}  # fmt: skip
VALUES = {c: v for v, letters in ((1, "AEILNORSTU"), (2, "DG"), (3, "BCMP"), (4, "FHVWY"), (5, "K"), (8, "JX"),
                                  (10, "QZ")) for c in letters}  # fmt: skip

#: Tile fonts a varied board draws from: the readers' sans and others they never saw.
TILE_FONTS = (FONTS[0], FONTS[4], FONTS[7], "dejavu/DejaVuSerif-Bold.ttf", "liberation2/LiberationSerif-Bold.ttf",
              "freefont/FreeSerifBold.ttf", "liberation2/LiberationMono-Bold.ttf",
              "dejavu/DejaVuSansMono-Bold.ttf")  # fmt: skip


@dataclass(frozen=True)
class BoardStyle:
    """How a board, its tiles and the table under it look, and how the camera sees them."""

    square: BGR = (196, 214, 222)  # a plain square
    line: BGR | None = (90, 90, 90)  # the grid's lines (None: only the squares' own edges)
    line_width: int = 2
    frame: BGR = (40, 40, 140)
    tile: BGR = (170, 215, 235)
    ink: BGR = (30, 30, 30)
    table: BGR = (60, 90, 120)
    font: str = FONTS[0]
    fill: float = 0.78  # the board's side over the frame's
    turn: float = 0.0  # the board's turn in the frame, degrees
    pull: float = 0.12  # the camera's perspective: corners pulled in by up to this share of the side

    @classmethod
    def drawn(cls, rng: np.random.Generator) -> BoardStyle:
        """A style drawn at random: the boards and tables a camera meets at other tables."""

        def pick(options: Sequence[BGR]) -> BGR:
            return options[int(rng.integers(len(options)))]

        square = pick([(196, 214, 222), (170, 200, 215), (225, 232, 235), (185, 205, 190), (150, 185, 205)])
        lines: list[BGR | None] = [(90, 90, 90), (245, 245, 245), None, (60, 100, 130)]
        turn = float(rng.choice([0.0, 90.0, 180.0, 270.0]) + rng.uniform(-30, 30))
        off_square = abs((turn + 45) % 90 - 45)
        return cls(
            square=square,
            line=lines[int(rng.integers(len(lines)))],
            line_width=int(rng.integers(1, 4)),
            frame=pick([(40, 40, 140), (30, 30, 30), (60, 110, 40), (120, 70, 30), (170, 190, 200)]),
            tile=pick([(170, 215, 235), (200, 230, 240), (120, 170, 205), (235, 240, 240)]),
            ink=pick([(30, 30, 30), (20, 20, 20), (60, 40, 30)]),
            table=pick([(60, 90, 120), (225, 225, 228), (35, 35, 40), (90, 130, 160), (70, 110, 60)]),
            font=TILE_FONTS[int(rng.integers(len(TILE_FONTS)))],
            fill=float(rng.uniform(0.55, 0.85 - 0.25 * off_square / 45)),
            turn=turn,
            pull=float(rng.uniform(0.05, 0.25)),
        )


#: The board the benchmark's and tests' first boards show.
CLASSIC = BoardStyle()


def _board(cell: int, style: BoardStyle) -> np.ndarray:
    """The empty board, top-down, with its print."""
    side = cell * CELLS
    board = Image.new("RGB", (side, side), style.square[::-1])
    draw = ImageDraw.Draw(board)
    font = ImageFont.truetype(str(FONT_DIR / FONTS[4]), max(6, cell // 5))
    for row in range(CELLS):
        for column in range(CELLS):
            kind = premium(row, column)
            x, y = column * cell, row * cell
            if kind is not None:
                b, g, r = COLOURS[kind]
                draw.rectangle((x, y, x + cell, y + cell), fill=(r, g, b))
                if (row, column) == (7, 7):
                    draw.regular_polygon((x + cell / 2, y + cell / 2, cell / 3), 5, fill=(20, 20, 20))
                    continue
                for line, word in enumerate(WORDS[kind]):
                    width = draw.textlength(word, font=font)
                    draw.text((x + (cell - width) / 2, y + cell * (0.18 + 0.24 * line)), word, font=font,
                              fill=(250, 250, 250) if kind in ("TW", "TL") else (40, 40, 40))  # fmt: skip
    if style.line is None:  # no printed lines: each square a little raised, lit from above
        for k in range(CELLS + 1):
            draw.line((k * cell, 0, k * cell, side), fill=tuple(int(v * 0.85) for v in style.square[::-1]), width=1)
            draw.line((0, k * cell, side, k * cell), fill=tuple(int(v * 0.85) for v in style.square[::-1]), width=1)
    else:
        for k in range(CELLS + 1):
            draw.line((k * cell, 0, k * cell, side), fill=style.line[::-1], width=style.line_width)
            draw.line((0, k * cell, side, k * cell), fill=style.line[::-1], width=style.line_width)
    return cv2.cvtColor(np.array(board), cv2.COLOR_RGB2BGR)


def _layout(rng: np.random.Generator, count: int) -> dict[tuple[int, int], str]:
    """Rows and columns of letters crossing like a game's (not real words): cell -> letter."""
    bag = [c for c in str(SCRABBLE_NO_BLANKS).upper()]
    placed: dict[tuple[int, int], str] = {}
    for _ in range(400):
        if len(placed) >= count:
            break
        across = bool(rng.integers(2))
        length = int(rng.integers(3, 8))
        fixed, start = int(rng.integers(CELLS)), int(rng.integers(CELLS - length + 1))
        cells = [(fixed, start + k) if across else (start + k, fixed) for k in range(length)]
        if sum(c in placed for c in cells) > 1:
            continue
        for c in cells:
            placed.setdefault(c, bag[int(rng.integers(len(bag)))])
    return placed


def _tile(letter: str, cell: int, fonts: tuple[ImageFont.FreeTypeFont, ImageFont.FreeTypeFont],
          style: BoardStyle) -> np.ndarray:  # fmt: skip
    """A tile face (BGR): the letter a little up and left, its score small at the bottom right."""
    side = cell - 4
    face = np.zeros((side, side, 3), np.float32)
    face[:] = style.tile
    ink = np.zeros((side, side), np.float32)
    letter_ink = _glyph(letter, fonts[0], side) / 255.0
    shift = side // 12
    ink[: side - shift, : side - shift] = letter_ink[shift:, shift:]
    value = _glyph(str(VALUES[letter]), fonts[1], side // 3) / 255.0
    ink[side - side // 3 - 1 : side - 1, side - side // 3 - 1 : side - 1] = np.maximum(
        ink[side - side // 3 - 1 : side - 1, side - side // 3 - 1 : side - 1], value)  # fmt: skip
    face = face * (1 - ink[..., None]) + np.array(style.ink, np.float32) * ink[..., None]
    rows, columns = np.indices((side, side))
    edge = np.minimum.reduce([rows, columns, side - 1 - rows, side - 1 - columns])  # pixels to the nearest edge
    bevel = np.clip(edge / 3.0, 0.75, 1.0)
    tile: np.ndarray = (face * bevel[..., None]).clip(0, 255).astype(np.uint8)
    return tile


def board_scene(seed: int = 0, size: int = 1000, tiles: int = 80, askew: float = 0.1, varied: bool = False) -> Scene:
    """A photo of a board with ``tiles`` tiles (``askew``: share turned up to 20 degrees), seeded;
    ``varied``: in a style drawn for the seed (:meth:`BoardStyle.drawn`), else :data:`CLASSIC`."""
    rng = np.random.default_rng(seed)
    style = BoardStyle.drawn(np.random.default_rng((seed, 1))) if varied else CLASSIC
    cell = int(size * style.fill / CELLS)
    table = _table(rng, size, style.table).astype(np.float32)
    image = table.copy()
    board = _board(cell, style)
    side = board.shape[0]
    offset = (size - side) // 2
    rim = cell * 3 // 4  # the board's frame, with the game's name in big letters on two sides
    frame = np.zeros((side + 2 * rim, side + 2 * rim, 3), np.uint8)
    frame[:] = style.frame
    logo = ImageFont.truetype(str(FONT_DIR / FONTS[0]), int(rim * 0.8))
    text = Image.fromarray(frame)
    ImageDraw.Draw(text).text((rim * 2, rim * 0.05), "SCRABBLE", font=logo, fill=(235, 235, 235))
    frame = np.array(text)
    frame = np.ascontiguousarray(np.rot90(frame, 2))
    text = Image.fromarray(frame)
    ImageDraw.Draw(text).text((rim * 2, rim * 0.05), "SCRABBLE", font=logo, fill=(235, 235, 235))
    frame = np.array(text)
    image[offset - rim : offset + side + rim, offset - rim : offset + side + rim] = frame
    image[offset : offset + side, offset : offset + side] = board
    fonts = (ImageFont.truetype(str(FONT_DIR / style.font), int(cell * 0.6)),
             ImageFont.truetype(str(FONT_DIR / style.font), int(cell * 0.22)))  # fmt: skip
    truth: list[Truth] = []
    for (row, column), letter in sorted(_layout(rng, tiles).items()):
        face = _tile(letter, cell, fonts, style)
        angle = float(rng.uniform(-20, 20)) if rng.random() < askew else float(rng.uniform(-2, 2))
        centre = (offset + (column + 0.5) * cell + rng.uniform(-2, 2), offset + (row + 0.5) * cell + rng.uniform(-2, 2))
        shadow = np.zeros(image.shape[:2], np.float32)
        half = face.shape[0] / 2
        box = cv2.boxPoints(((centre[0] + 4, centre[1] + 6), (2 * half, 2 * half), -angle)).astype(np.int32)
        cv2.fillConvexPoly(shadow, box, 1.0)
        image *= 1 - 0.6 * cv2.GaussianBlur(shadow, (0, 0), 3)[..., None]
        matrix = cv2.getRotationMatrix2D((half, half), angle, 1.0)
        matrix[:, 2] += (centre[0] - half, centre[1] - half)
        warped = cv2.warpAffine(face, matrix, (size, size)).astype(np.float32)
        alpha = cv2.warpAffine(np.ones(face.shape[:2], np.float32), matrix, (size, size))[..., None]
        image = image * (1 - alpha) + warped * alpha
        truth.append(Truth(letter, (float(centre[0]), float(centre[1]))))
    if style.turn:  # the board (and its tiles) turned on the table
        turning = cv2.getRotationMatrix2D((size / 2, size / 2), style.turn, 1.0)
        on_board = np.zeros((size, size), np.float32)
        on_board[offset - rim : offset + side + rim, offset - rim : offset + side + rim] = 1.0
        turned = cv2.warpAffine(image, turning, (size, size))
        cover = cv2.warpAffine(on_board, turning, (size, size))[..., None]
        image = turned * cover + table * (1 - cover)
        points = cv2.transform(np.array([[t.center for t in truth]], np.float32), turning)[0]
        truth = [Truth(t.letter, (float(p[0]), float(p[1]))) for t, p in zip(truth, points, strict=True)]
    # light from one side and a glare spot (on a varied scene, once the camera has seen it, so the
    # table beyond the frame's edges is lit alike)
    ys, xs = np.mgrid[0:size, 0:size].astype(np.float32)
    direction = rng.uniform(0, 2 * np.pi)
    light = 1.0 + 0.25 * ((xs - size / 2) * np.cos(direction) + (ys - size / 2) * np.sin(direction)) / size
    gx, gy = rng.uniform(0.2, 0.8, 2) * size
    glare = 60 * np.exp(-((xs - gx) ** 2 + (ys - gy) ** 2) / (2 * (size * 0.08) ** 2))
    if not varied:
        image = image * light[..., None] + glare[..., None]
    # a camera's perspective: each corner pulled in by up to ``pull`` of the side (more at the far
    # side: a camera held from a seat)
    corners = np.array([[0, 0], [size, 0], [size, size], [0, size]], np.float32)
    inwards = np.array([[1, 1], [-1, 1], [-1, -1], [1, -1]], np.float32)
    share = rng.uniform(0, style.pull, (4, 2))
    if style.pull > CLASSIC.pull:
        share[:2, 0] = np.maximum(share[:2, 0], style.pull * 0.6)
        share[2:, 0] = np.minimum(share[2:, 0], CLASSIC.pull * 0.3)
    pulled = corners + inwards * share.astype(np.float32) * size
    homography = cv2.getPerspectiveTransform(corners, pulled)
    photo = cv2.warpPerspective(image.clip(0, 255).astype(np.uint8), homography, (size, size),
                                borderMode=cv2.BORDER_REPLICATE)  # fmt: skip
    if varied:  # more of the table beyond the frame's edges, then the light
        seen = cv2.warpPerspective(np.ones((size, size), np.float32), homography, (size, size))[..., None]
        lit = (photo * seen + table * (1 - seen)) * light[..., None] + glare[..., None]
        photo = lit.clip(0, 255).astype(np.uint8)
    points = cv2.perspectiveTransform(np.array([[t.center for t in truth]], np.float32), homography)[0]
    truth = [Truth(t.letter, (float(p[0]), float(p[1]))) for t, p in zip(truth, points, strict=True)]
    return Scene(_finish(rng, photo), truth, piece=cell * 0.9)
