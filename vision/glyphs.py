"""Reading a glyph: nearest neighbours among letters rendered from many fonts.

Public API: :class:`GlyphReader`, :class:`Read`, :data:`FONTS`, :data:`LETTERS`.

Training takes a fraction of a second at first use: every symbol (A-Z, and ``?`` for the
DICEWORDS wild face when asked) is rendered from the sans fonts of Debian's font packages
(DejaVu, Liberation, FreeSans; ``system-packages.txt``), a little rotated and in three stroke
weights, and described by its features: the ink cropped and centred in a 24 x 24 square, lightly
blurred, plus a histogram of oriented gradients of it (HOG; the strokes' directions), and its
number of holes (A, D, O have one, B two, S none). A glyph from a photo is read at 24 rotations
(tiles lie at any angle, "facing away" ones upside down) and the nearest templates vote. A read
can be limited to some symbols (a die's six faces), carries its runner-up letters, and a
person's answer is learnt as a new template.

>>> import numpy as np
>>> from PIL import Image, ImageDraw, ImageFont
>>> canvas = Image.new("L", (90, 90), 0)
>>> ImageDraw.Draw(canvas).text((20, 10), "K", font=ImageFont.truetype(str(FONT_DIR / FONTS[0]), 60), fill=255)
>>> mask = (np.array(canvas) > 127).astype(np.uint8)
>>> reader = GlyphReader()
>>> reader.read(mask).letter, reader.read(np.rot90(mask, 2)).angle
('K', 180)
>>> reader.read(mask, allowed="AEIOU").letter in "AEIOU"
True
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFont

from companion.errors import InvalidInputError

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
BLUR = 1.0  # pixels of the 24 x 24 square
HOG_SHARE = 0.9  # of the squared distance; the rest is the blurred ink
HOLE_PENALTY = 0.2  # added to the squared distance when the number of holes differs
COARSE = 6  # best angles of the coarse search that the fine one tries
TEMPLATE_TURNS = (-8, -4, 0, 4, 8)  # each symbol is rendered a little turned, in four stroke weights
_HOG = cv2.HOGDescriptor((SIZE, SIZE), (12, 12), (6, 6), (6, 6), 9)


@dataclass(frozen=True)
class Read:
    letter: str
    confidence: float  # share of the nearest templates that agree, 0 to 1
    distance: float  # to the nearest template (0 = identical, 2 = opposite)
    angle: int  # degrees the glyph was turned counter-clockwise to read it
    alternatives: tuple[str, ...] = ()  # the runner-up letters, nearest first
    margin: float = 0.0  # how much farther the nearest other letter is, at any angle
    calibrated: bool = False  # from vision.classifier: confidence is a probability, margin its lead


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


def holes(binary: np.ndarray) -> int:
    """The glyph's holes (inner contours bigger than 3% of the biggest outline)."""
    contours, hierarchy = cv2.findContours(binary.astype(np.uint8), cv2.RETR_CCOMP, cv2.CHAIN_APPROX_SIMPLE)
    if hierarchy is None:
        return 0
    biggest = max(cv2.contourArea(c) for c in contours)
    inner = [c for c, h in zip(contours, hierarchy[0], strict=True) if h[3] >= 0]
    return sum(1 for c in inner if cv2.contourArea(c) > 0.03 * biggest)


def features(binary: np.ndarray) -> np.ndarray | None:
    """Blurred ink and HOG of the normalised glyph, weighted, as one unit vector (None when empty)."""
    vector = normalise(binary)
    if vector is None:
        return None
    square = vector.reshape(SIZE, SIZE)
    ink = np.asarray(cv2.GaussianBlur(square, (0, 0), BLUR), dtype=np.float32).flatten()
    gradients = np.asarray(_HOG.compute((square / square.max() * 255).astype(np.uint8)), dtype=np.float32).flatten()
    ink /= np.linalg.norm(ink) + 1e-6
    gradients /= np.linalg.norm(gradients) + 1e-6
    return np.concatenate([ink * (1 - HOG_SHARE) ** 0.5, gradients * HOG_SHARE**0.5]).astype(np.float32)


def turn(mask: np.ndarray, angle: float) -> np.ndarray:
    """The mask turned ``angle`` degrees counter-clockwise on a square canvas that holds it all."""
    h, w = mask.shape
    side = int(np.hypot(h, w)) + 2
    square = np.zeros((side, side), np.uint8)
    square[(side - h) // 2 : (side - h) // 2 + h, (side - w) // 2 : (side - w) // 2 + w] = mask
    matrix = cv2.getRotationMatrix2D((side / 2, side / 2), angle, 1.0)
    return cv2.warpAffine(square, matrix, (side, side), flags=cv2.INTER_NEAREST)


class GlyphReader:
    """Symbols from glyph masks, by their nearest rendered (and learnt) templates."""

    def __init__(self, fonts: tuple[str, ...] = FONTS, symbols: str = LETTERS, cache: Path | None = None) -> None:
        """``cache``: a folder where the rendered templates are kept between runs (a cold
        ``wordtable read`` then loads them instead of rendering them again)."""
        self.fonts = [FONT_DIR / f for f in fonts if (FONT_DIR / f).exists()]
        if not self.fonts:
            raise FileNotFoundError(f"no fonts under {FONT_DIR}: install fonts-dejavu-core (make does)")
        self.symbols = symbols
        self.cache = cache
        self._templates: tuple[np.ndarray, np.ndarray, np.ndarray] | None = None  # rendered, then learnt
        self._plain_rendered = np.zeros(0, bool)  # which rendered templates are upright and plain

    @property
    def templates(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(feature vectors, symbol indices, hole counts) of every template, rendered and learnt."""
        if self._templates is None:
            samples, labels, hole_counts, plain = self._rendered()
            self._templates, self._plain_rendered = (samples, labels, hole_counts), plain
        return self._templates

    def _rendered(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        fonts = tuple(self.fonts)
        if self.cache is None:
            return _render(fonts, self.symbols)
        recipe = repr((fonts, [p.stat().st_size for p in fonts], self.symbols, SIZE, BLUR, HOG_SHARE, TEMPLATE_TURNS))
        path = self.cache / f"glyph-templates-{hashlib.sha256(recipe.encode()).hexdigest()[:16]}.npz"
        try:
            with np.load(path) as kept:
                return kept["samples"], kept["labels"], kept["holes"], kept["plain"]
        except (OSError, KeyError, ValueError):  # absent, or not ours: render and keep them
            pass
        arrays = _render(fonts, self.symbols)
        try:
            self.cache.mkdir(parents=True, exist_ok=True)
            partial = path.with_suffix(f".{os.getpid()}.npz")
            np.savez(partial, samples=arrays[0], labels=arrays[1], holes=arrays[2], plain=arrays[3])
            os.replace(partial, path)
        except OSError:  # a read-only cache only costs the rendering next time
            pass
        return arrays

    def learn(self, mask: np.ndarray, symbol: str, angle: int = 0) -> None:
        """Take a person's answer: the glyph, turned upright by ``angle``, is ``symbol`` from now on."""
        upright = turn(mask, angle)
        vector = features(upright)
        if vector is None or symbol not in self.symbols:
            raise InvalidInputError(f"cannot learn {symbol!r} from an empty glyph or outside {self.symbols}")
        samples, labels, hole_counts = self.templates
        self._templates = (np.vstack([samples, vector[None]]), np.append(labels, self.symbols.index(symbol)),
                           np.append(hole_counts, holes(upright)))  # fmt: skip

    def read(self, mask: np.ndarray, allowed: str | None = None, turns: Sequence[int] | None = None) -> Read | None:
        """The symbol of a glyph mask at any angle (among ``allowed`` if given; at ``turns`` only, if
        given), or None when empty."""
        return self.read_many([mask], allowed, None if turns is None else [turns])[0]

    def read_many(
        self, masks: Sequence[np.ndarray], allowed: str | None = None, turns: Sequence[Sequence[int]] | None = None
    ) -> list[Read | None]:
        """Many glyphs at once. Where no ``turns`` are given, coarse to fine: every glyph at the 24
        ANGLES against one template per symbol and font (upright, plain), then at its COARSE best
        angles against every template; one matrix product for all the glyphs at each stage."""
        samples, labels, hole_counts = self.templates
        plain = self._plain
        if allowed is not None:
            keep = np.isin(labels, [self.symbols.index(s) for s in allowed.upper() if s in self.symbols])
            samples, labels, hole_counts, plain = samples[keep], labels[keep], hole_counts[keep], plain[keep]
        reads: list[Read | None] = [None] * len(masks)
        tried: list[tuple[int, tuple[int, ...], np.ndarray, int]] = []  # glyph, angles, features, holes
        coarse: list[tuple[int, np.ndarray, int]] = []
        for i, mask in enumerate(masks):
            angles = tuple(turns[i]) if turns is not None else ANGLES
            found = [features(turn(mask, a)) for a in angles]
            if found[0] is None:
                continue
            count = holes(mask)
            if turns is None:
                coarse.append((i, np.array(found, np.float32), count))
            else:
                tried.append((i, angles, np.array(found, np.float32), count))
        if coarse:
            queries = np.vstack([v for _, v, _ in coarse])
            rough = 2.0 - 2.0 * (queries @ samples[plain].T)
            at = 0
            for i, turned, count in coarse:
                block = rough[at : at + len(ANGLES)] + HOLE_PENALTY * (hole_counts[plain] != count)[None, :]
                at += len(ANGLES)
                best = np.argsort(block.min(axis=1))[:COARSE]
                tried.append((i, tuple(ANGLES[b] for b in best), turned[best], count))
        if not tried:
            return reads
        distances = 2.0 - 2.0 * (np.vstack([v for _, _, v, _ in tried]) @ samples.T)  # squared, unit vectors
        at = 0
        for i, angles, _, count in tried:
            block = distances[at : at + len(angles)] + HOLE_PENALTY * (hole_counts != count)[None, :]
            at += len(angles)
            reads[i] = self._decide(block, angles, labels)
        return reads

    @property
    def _plain(self) -> np.ndarray:
        """Which templates take part in the coarse search: the upright plain renders, and every learnt one."""
        count = len(self.templates[1])
        return np.concatenate([self._plain_rendered, np.ones(count - len(self._plain_rendered), bool)])

    def _decide(self, distances: np.ndarray, angles: Sequence[int], labels: np.ndarray) -> Read:
        """The read from a glyph's distances (angles x templates)."""
        row = int(np.argmin(distances.min(axis=1)))
        top = min(200, distances.shape[1] - 1)
        nearest = np.argpartition(distances[row], top)[:top]
        nearest = nearest[np.argsort(distances[row, nearest])]
        letter = int(labels[nearest[0]])
        closest = distances.min(axis=0)  # each template at its best angle
        others = closest[labels != letter]
        margin = float(others.min() - closest.min()) if others.size else 2.0
        votes = labels[nearest[:NEIGHBOURS]]
        alternatives: list[str] = []
        for index in labels[nearest[:200]]:
            symbol = self.symbols[index]
            if index != letter and symbol not in alternatives:
                alternatives.append(symbol)
            if len(alternatives) == 3:
                break
        return Read(self.symbols[letter], float((votes == letter).mean()), float(distances[row, nearest[0]]),
                    int(angles[row]) % 360, tuple(alternatives), margin)  # fmt: skip


@lru_cache(maxsize=4)
def _render(fonts: tuple[Path, ...], symbols: str) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Every symbol from every font, a little turned and in four stroke weights: (features, symbol
    indices, holes, which are upright and plain). Made once per process and shared by every reader
    of the same symbols."""
    samples, labels, hole_counts, plain = [], [], [], []
    kernel = np.ones((3, 3), np.uint8)
    for path in fonts:
        font = ImageFont.truetype(str(path), 64)
        for index, symbol in enumerate(symbols):
            canvas = Image.new("L", (120, 120), 0)
            ImageDraw.Draw(canvas).text((28, 18), symbol, font=font, fill=255)
            ink = (np.array(canvas) > 127).astype(np.uint8)
            for angle in TEMPLATE_TURNS:
                turned = cv2.warpAffine(ink, cv2.getRotationMatrix2D((60, 60), angle, 1.0), (120, 120))
                for stroke, weight in enumerate((turned, cv2.dilate(turned, kernel),
                                                 cv2.dilate(turned, kernel, iterations=2),
                                                 cv2.erode(turned, np.ones((2, 2), np.uint8)))):  # fmt: skip
                    vector = features(weight)
                    if vector is not None:
                        samples.append(vector)
                        labels.append(index)
                        hole_counts.append(holes(weight))
                        plain.append(angle == 0 and stroke == 0)
    arrays = (np.array(samples, np.float32), np.array(labels, np.int32), np.array(hole_counts, np.int32),
              np.array(plain, bool))  # fmt: skip
    for array in arrays:
        array.setflags(write=False)  # shared: learning copies, never writes in place
    return arrays
