"""Synthetic table scenes the project renders itself: tiles, DICEWORDS dice, Lexicon-style cards.

Public API: :class:`Scene`, :func:`tiles_scene`, :func:`dice_scene`, :func:`cards_scene`,
:data:`DIE_COLOURS`.

Used where no real photos exist yet (dice with their colours, Lexicon cards) for the benchmark
and tests, and by the demo table. Each scene comes with its truth: every piece's letter, centre
and (for dice) die. Letters are drawn with the Debian fonts (``vision.glyphs.FONTS``); a scene
is a seeded function of its arguments.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFont

from companion.sets.dice import DICE, VALUES, WILD, WILD_VALUE
from vision.glyphs import FONT_DIR, FONTS

#: BGR colours of the nine dice, in die order (gold ... green), as rendered.
DIE_COLOURS: dict[str, tuple[int, int, int]] = {
    "gold": (40, 185, 235),
    "indigo": (130, 20, 75),
    "red-orange": (20, 100, 250),
    "red": (40, 30, 190),
    "purple": (165, 60, 150),
    "blue": (200, 120, 20),
    "brown": (40, 75, 125),
    "black": (35, 35, 35),
    "green": (70, 150, 40),
}


@dataclass(frozen=True)
class Truth:
    letter: str
    center: tuple[float, float]
    die: str | None = None
    value: int | None = None  # the small value printed on a die's face


@dataclass
class Scene:
    image: np.ndarray
    truth: list[Truth]
    piece: float = 0.0  # a piece's side in pixels before the camera's perspective (0: not said)


def _glyph(letter: str, font: ImageFont.FreeTypeFont, size: int) -> np.ndarray:
    """The letter's ink, centred on a size x size canvas (uint8 0/255)."""
    canvas = Image.new("L", (size, size), 0)
    draw = ImageDraw.Draw(canvas)
    left, top, right, bottom = draw.textbbox((0, 0), letter, font=font)
    draw.text(((size - (right - left)) / 2 - left, (size - (bottom - top)) / 2 - top), letter, font=font, fill=255)
    return np.array(canvas)


def _paste(image: np.ndarray, patch: np.ndarray, alpha: np.ndarray, center: tuple[float, float], angle: float) -> None:
    """Paste a BGR patch with its alpha (0-1 float) turned ``angle`` degrees around ``center``."""
    h, w = patch.shape[:2]
    matrix = cv2.getRotationMatrix2D((w / 2, h / 2), angle, 1.0)
    matrix[:, 2] += (center[0] - w / 2, center[1] - h / 2)
    size = (image.shape[1], image.shape[0])
    warped = cv2.warpAffine(patch, matrix, size, flags=cv2.INTER_LINEAR)
    weight = cv2.warpAffine(alpha.astype(np.float32), matrix, size, flags=cv2.INTER_LINEAR)[..., None]
    image[:] = (image * (1 - weight) + warped * weight).astype(np.uint8)


def _table(rng: np.random.Generator, size: int, colour: tuple[int, int, int]) -> np.ndarray:
    noise = rng.normal(0, 6, (size // 8, size // 8, 3))
    grain = cv2.resize(noise, (size, size), interpolation=cv2.INTER_CUBIC) + rng.normal(0, 3, (size, size, 3))
    return (np.array(colour, np.float32) + grain).clip(0, 255).astype(np.uint8)


def _spots(rng: np.random.Generator, count: int, size: int, gap: float) -> list[tuple[float, float]]:
    spots: list[tuple[float, float]] = []
    for _ in range(count * 500):
        if len(spots) == count:
            break
        spot = (float(rng.uniform(gap, size - gap)), float(rng.uniform(gap, size - gap)))
        if all(np.hypot(spot[0] - s[0], spot[1] - s[1]) > gap for s in spots):
            spots.append(spot)
    if len(spots) < count:
        raise ValueError(f"{count} pieces do not fit apart on a {size}-pixel table")
    return spots


def _finish(rng: np.random.Generator, image: np.ndarray) -> np.ndarray:
    """A camera's softness and noise."""
    soft = cv2.GaussianBlur(image, (0, 0), 0.8)
    return (soft + rng.normal(0, 3, soft.shape)).clip(0, 255).astype(np.uint8)


def tiles_scene(words: Sequence[tuple[str, tuple[float, float], float]], loose: str = "", seed: int = 0,
                size: int = 800, tile: int = 44) -> Scene:  # fmt: skip
    """Cream tiles with black letters: each word from its first tile's centre at its angle (degrees
    counter-clockwise, 180 = facing the other side of the table), then loose tiles scattered."""
    rng = np.random.default_rng(seed)
    image = _table(rng, size, (70, 95, 120))
    font = ImageFont.truetype(str(FONT_DIR / FONTS[0]), int(tile * 0.7))
    truth = []
    pieces = []
    for text, start, angle in words:
        theta = np.radians(angle)
        step = (np.cos(theta) * (tile + 2), -np.sin(theta) * (tile + 2))
        pieces += [(c, (start[0] + i * step[0], start[1] + i * step[1]), angle) for i, c in enumerate(text)]
    taken = [p[1] for p in pieces]
    free = [s for s in _spots(rng, len(loose) + 2 * len(taken) + 4, size, tile * 1.6)
            if all(np.hypot(s[0] - t[0], s[1] - t[1]) > tile * 1.6 for t in taken)]  # fmt: skip
    if len(free) < len(loose):
        raise ValueError(f"{len(loose)} loose tiles do not fit beside the words")
    pieces += [(c, free[i], float(rng.uniform(0, 360))) for i, c in enumerate(loose)]
    for letter, center, angle in pieces:
        face = np.zeros((tile, tile, 3), np.uint8)
        face[:] = (190, 225, 238)
        ink = _glyph(letter, font, tile) / 255.0
        face = (face * (1 - ink[..., None]) + np.array((25, 25, 25)) * ink[..., None]).astype(np.uint8)
        cv2.rectangle(face, (0, 0), (tile - 1, tile - 1), (150, 180, 195), 1)
        _paste(image, face, np.ones((tile, tile)), center, angle)
        truth.append(Truth(letter, center))
    return Scene(_finish(rng, image), truth)


def dice_scene(faces: str, seed: int = 0, size: int = 640, die: int = 56,
               values: Mapping[str, int | None] | None = None) -> Scene:  # fmt: skip
    """The nine DICEWORDS dice showing ``faces`` (die order, ``?`` the wild) at free angles on a
    light mat, each face with its small printed value in its lower right corner: the default
    values, or ``values`` where given (a letter's value, None: no value printed)."""
    rng = np.random.default_rng(seed)
    image = _table(rng, size, (180, 200, 212))
    font = ImageFont.truetype(str(FONT_DIR / FONTS[0]), int(die * 0.55))
    small = ImageFont.truetype(str(FONT_DIR / FONTS[0]), int(die * 0.18))
    truth = []
    for spec, face, center in zip(DICE, faces, _spots(rng, len(DICE), size, die * 1.6), strict=True):
        colour = np.array(DIE_COLOURS[spec.colour], np.float32)
        dark = colour.mean() < 110
        ink_colour = np.array((245, 245, 245) if dark else (20, 20, 20), np.float32)
        body: np.ndarray = np.zeros((die, die, 3), np.float32)  # float32, then float64 once the ink is blended in
        body[:] = colour
        ink = _glyph(face.upper(), font, die) / 255.0
        letter = face.lower()
        value = (values or {}).get(letter, VALUES.values.get(letter)) if face != WILD else WILD_VALUE
        if value is not None:
            c = die // 4
            label = _glyph(str(value), small, c) / 255.0
            corner = ink[die - c - 2 : die - 2, die - c - 2 : die - 2]
            corner[:] = np.maximum(corner, label)
        body = body * (1 - ink[..., None]) + ink_colour * ink[..., None]
        shade = np.linspace(1.08, 0.92, die)[None, :, None]  # light from one side
        alpha = np.ones((die, die))
        cv2.rectangle(alpha, (0, 0), (die - 1, die - 1), 0.6, 1)
        _paste(image, (body * shade).clip(0, 255).astype(np.uint8), alpha, center, float(rng.uniform(0, 360)))
        truth.append(Truth(face.upper(), center, spec.colour, value))
    return Scene(_finish(rng, image), truth)


def cards_scene(spread: str, fan: str = "", seed: int = 0, size: int = 800, card: int = 90) -> Scene:
    """Lexicon-style cards: ``spread`` laid apart at small angles, ``fan`` held in a fan (each card
    covering most of the one before; only their corner indices show)."""
    rng = np.random.default_rng(seed)
    image = _table(rng, size, (60, 110, 50))  # green baize
    width, height = card, int(card * 1.4)
    big = ImageFont.truetype(str(FONT_DIR / FONTS[0]), int(card * 0.55))
    index = ImageFont.truetype(str(FONT_DIR / FONTS[0]), int(card * 0.2))
    truth = []

    def one(letter: str, center: tuple[float, float], angle: float) -> None:
        face = np.full((height, width, 3), 246, np.uint8)
        cv2.rectangle(face, (0, 0), (width - 1, height - 1), (120, 120, 120), 1)
        ink = np.zeros((height, width), np.float32)
        ink[(height - width) // 2 : (height - width) // 2 + width] = _glyph(letter, big, width) / 255.0
        corner = _glyph(letter, index, int(card * 0.26)) / 255.0
        c = corner.shape[0]
        ink[3 : 3 + c, 3 : 3 + c] = np.maximum(ink[3 : 3 + c, 3 : 3 + c], corner)
        ink[height - 3 - c : height - 3, width - 3 - c : width - 3] = np.maximum(
            ink[height - 3 - c : height - 3, width - 3 - c : width - 3], corner[::-1, ::-1])  # fmt: skip
        face = (face * (1 - ink[..., None]) + np.array((20, 20, 140)) * ink[..., None]).astype(np.uint8)
        _paste(image, face, np.ones((height, width)), center, angle)
        truth.append(Truth(letter, center))

    across = max(1, (size - card) // int(card * 1.5))
    for i, letter in enumerate(spread):
        spot = (card + (i % across) * card * 1.5, height * 0.9 + (i // across) * height * 1.3)
        one(letter, (spot[0] + rng.uniform(-8, 8), spot[1] + rng.uniform(-8, 8)), float(rng.uniform(-20, 20)))
    for i, letter in enumerate(fan):
        one(letter, (size * 0.62 + i * card * 0.28, size * 0.72 + i * 2), float(10 - i * 4))
    return Scene(_finish(rng, image), truth)
