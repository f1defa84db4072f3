"""Reading a glyph: nearest neighbours among letters rendered from many fonts.

Public API: :class:`GlyphReader`, :class:`Read`, :func:`describe`, :func:`features`, :func:`turn`,
:data:`FONTS`, :data:`LETTERS`.

Training takes a fraction of a second at first use: every symbol (A-Z, and ``?`` for the
DICEWORDS wild face when asked) is rendered from the sans fonts of Debian's font packages
(DejaVu, Liberation, FreeSans; ``system-packages.txt``), a little rotated and in three stroke
weights, and described by its features: the ink cropped and centred in a 24 x 24 square, lightly
blurred, plus a histogram of oriented gradients of it (HOG; the strokes' directions), and its
number of holes (A, D, O have one, B two, S none). A glyph from a photo is read at 24 rotations
(tiles lie at any angle, "facing away" ones upside down), or at the turns the evidence allows
(a board's), and the nearest templates vote. A read can be limited to some symbols (a die's six
faces), carries its runner-up letters, and a person's answer is learnt as a new template.

A frame's glyphs are described together (:func:`describe`): each turn is one warp of the glyph
straight into its normalised square (turns a quarter apart share it, the square turned), the
blur and the HOG each one call over a sheet of all the squares.

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
from threadpoolctl import ThreadpoolController

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
WORK = 2 * SIZE  # a glyph is warped to WORK x WORK, then averaged down to SIZE x SIZE (2 x 2 pixels)
COARSE = 6  # best angles of the coarse search (and the best's quarter turns) that the fine one tries
FINE = 6  # of those, the best by every feature against the plain templates (and the best's quarter turns)
SHORTLIST = 8  # nearest symbols of the coarse search whose every template the fine one tries
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


@dataclass(frozen=True)
class _Shelf:
    """The templates sorted by symbol, each symbol's a span of rows, and the coarse search's."""

    samples: np.ndarray
    labels: np.ndarray
    holes: np.ndarray
    spans: dict[int, tuple[int, int]]  # symbol index -> its rows
    plain: np.ndarray  # the coarse search's templates (upright, plain, and every learnt one)
    plain_ink: np.ndarray  # their ink part, unit vectors
    plain_holes: np.ndarray
    plain_symbols: np.ndarray  # the symbols among them, in order
    plain_starts: np.ndarray  # where each symbol's plain templates start


def glyph_angles(count: int, turns: Sequence[Sequence[int]] | None) -> list[tuple[int, ...]]:
    """Each glyph's angles: its ``turns`` if given, else the reader's 24."""
    return [tuple(turns[i]) if turns is not None else ANGLES for i in range(count)]


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
    described = describe([binary], [(0.0,)])[0]
    return None if described is None else described[0]


def describe(masks: Sequence[np.ndarray], angles: Sequence[Sequence[float]]) -> list[np.ndarray | None]:
    """Each glyph's features at each of its angles (turned that many degrees counter-clockwise),
    an (angles x features) array per glyph, None for an empty one. All glyphs at once: each turn is
    one warp straight into the normalised square (a quarter turn more is the same square turned),
    the blur a matrix product, and the HOG one call."""
    squares = [_squares(m, a) for m, a in zip(masks, angles, strict=True)]
    found = [s for s in squares if s is not None]
    if not found:
        return [None] * len(masks)
    vectors = _vectors(np.concatenate(found))
    out: list[np.ndarray | None] = []
    at = 0
    for s in squares:
        out.append(None if s is None else vectors[at : at + len(s)])
        at += 0 if s is None else len(s)
    return out


def _vectors(stack: np.ndarray) -> np.ndarray:
    """The features of normalised squares: blurred ink and HOG, each weighted, as unit vectors."""
    return np.hstack([_ink(stack) * (1 - HOG_SHARE) ** 0.5, _gradients(stack) * HOG_SHARE**0.5])


def _ink(stack: np.ndarray) -> np.ndarray:
    """The squares (n, SIZE, SIZE) lightly blurred, each a unit vector: one blur of a sheet of
    them, each with OpenCV's own border around it wide enough that it is blurred as if alone."""
    n = len(stack)
    sheet = np.pad(stack, ((0, 0), (_REACH, _REACH), (_REACH, _REACH)), mode="reflect").reshape(-1, SIZE + 2 * _REACH)
    blurred = cv2.sepFilter2D(sheet, cv2.CV_32F, _KERNEL, _KERNEL).reshape(n, SIZE + 2 * _REACH, -1)
    ink = np.ascontiguousarray(blurred[:, _REACH:-_REACH, _REACH:-_REACH]).reshape(n, -1)
    return np.asarray(ink / (np.linalg.norm(ink, axis=1, keepdims=True) + 1e-6), np.float32)


def _gradients(stack: np.ndarray) -> np.ndarray:
    """The squares' HOG, each a unit vector: one call on a sheet of them, each with OpenCV's own
    border around it, so every square's descriptor is what it would be alone."""
    n = len(stack)
    peak = stack.reshape(n, -1).max(axis=1)[:, None, None]
    scaled = (stack / np.maximum(peak, 1e-12) * 255).astype(np.uint8)
    side = SIZE + 2
    sheet = np.pad(scaled, ((0, 0), (1, 1), (1, 1)), mode="reflect").reshape(-1, side)
    found = np.asarray(_HOG.compute(sheet, (8, 8), (0, 0), [(1, 1 + k * side) for k in range(n)]), np.float32)
    gradients = found.reshape(n, -1)
    return np.asarray(gradients / (np.linalg.norm(gradients, axis=1, keepdims=True) + 1e-6), np.float32)


def _squares(binary: np.ndarray, angles: Sequence[float]) -> np.ndarray | None:
    """The glyph turned by each angle, its ink's bounding square warped to WORK x WORK in one step,
    averaged down to SIZE x SIZE (as an area resize would), each a unit vector: (angles, SIZE, SIZE).
    Angles a quarter turn apart share one warp (the square turned)."""
    source = binary.astype(np.uint8) * 255
    points = cv2.findNonZero(source)
    if points is None:
        return None
    xs, ys = cv2.convexHull(points).reshape(-1, 2).T.astype(np.float64)  # the ink's extremes at any turn
    base = sorted({float(a) % 90 for a in angles})
    h, w = binary.shape
    radians = np.radians(np.asarray(base, np.float64))
    cos, sin = np.cos(radians), np.sin(radians)
    # turned as cv2.getRotationMatrix2D turns (counter-clockwise on the image), about the mask's centre
    px, py = xs - (w - 1) / 2, ys - (h - 1) / 2
    tx = cos[:, None] * px[None] + sin[:, None] * py[None]
    ty = -sin[:, None] * px[None] + cos[:, None] * py[None]
    x0, x1, y0, y1 = tx.min(axis=1), tx.max(axis=1), ty.min(axis=1), ty.max(axis=1)
    scale = WORK / (np.maximum(x1 - x0, y1 - y0) + 1)  # a pixel is a square of side 1
    mx, my = (x0 + x1) / 2, (y0 + y1) / 2
    # photo pixel -> centred on the mask -> turned -> the square's pixels (its centre at (WORK - 1) / 2)
    cx, cy, middle = (w - 1) / 2, (h - 1) / 2, (WORK - 1) / 2
    matrices = np.empty((len(base), 2, 3), np.float64)
    matrices[:, 0, 0], matrices[:, 0, 1] = scale * cos, scale * sin
    matrices[:, 1, 0], matrices[:, 1, 1] = -scale * sin, scale * cos
    matrices[:, 0, 2] = scale * (-cos * cx - sin * cy - mx) + middle
    matrices[:, 1, 2] = scale * (sin * cx - cos * cy - my) + middle
    warped = np.stack([cv2.warpAffine(source, m, (WORK, WORK), flags=cv2.INTER_LINEAR) for m in matrices])
    warped = warped.astype(np.float32)
    small = warped[:, 0::2, 0::2] + warped[:, 1::2, 0::2] + warped[:, 0::2, 1::2] + warped[:, 1::2, 1::2]
    small /= np.linalg.norm(small.reshape(len(base), -1), axis=1)[:, None, None] + 1e-6
    if all(0 <= a < 90 for a in angles) and list(angles) == base:
        return small
    index = {a: k for k, a in enumerate(base)}
    picked = small.reshape(len(base), -1)[[index[float(a) % 90] for a in angles]]
    quarters = [int(float(a) // 90) % 4 for a in angles]
    return np.take_along_axis(picked, _QUARTERS[quarters], axis=1).reshape(len(angles), SIZE, SIZE)


#: Where each pixel of a square comes from when it is turned 0-3 quarter turns (as np.rot90).
_QUARTERS = np.stack([np.rot90(np.arange(SIZE * SIZE).reshape(SIZE, SIZE), k).flatten() for k in range(4)])
_KERNEL = cv2.getGaussianKernel(round(BLUR * 8 + 1) | 1, BLUR, cv2.CV_32F)  # as cv2.GaussianBlur's
_REACH = len(_KERNEL) // 2


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
        self._shelves: dict[str | None, _Shelf] = {}  # the templates sorted for reading, by ``allowed``

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
        # the fonts and this module's code (how a template is drawn and described) name the file
        recipe = repr((fonts, [p.stat().st_size for p in fonts], self.symbols, Path(__file__).read_bytes()))
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
        self._shelves.clear()
        self._templates = (np.vstack([samples, vector[None]]), np.append(labels, self.symbols.index(symbol)),
                           np.append(hole_counts, holes(upright)))  # fmt: skip

    def read(self, mask: np.ndarray, allowed: str | None = None, turns: Sequence[int] | None = None) -> Read | None:
        """The symbol of a glyph mask at any angle (among ``allowed`` if given; at ``turns`` only, if
        given), or None when empty."""
        return self.read_many([mask], allowed, None if turns is None else [turns])[0]

    def read_many(
        self, masks: Sequence[np.ndarray], allowed: str | None = None, turns: Sequence[Sequence[int]] | None = None
    ) -> list[Read | None]:
        """Many glyphs at once (see :meth:`_read_many`), with numpy's BLAS on one thread: its
        products here are small, and on two shared cores its threads spinning cost more than they
        gave (a 100-tile frame took 1.7-2.2 s instead of 1.0-1.2 s under load)."""
        with _blas().limit(limits=1, user_api="blas"):
            return self._read_many(masks, allowed, turns)

    def _read_many(
        self, masks: Sequence[np.ndarray], allowed: str | None, turns: Sequence[Sequence[int]] | None
    ) -> list[Read | None]:
        """Many glyphs at once, coarse to fine: every glyph at the 24 ANGLES (or at its ``turns``)
        by its ink alone against one template per symbol and font (upright, plain); then at its
        COARSE best angles, with the strokes' directions, against every template of its SHORTLIST
        nearest symbols. The margin and runner-ups come from the shortlist (the nearest other
        symbols are on it)."""
        shelf = self._shelf(allowed)
        reads: list[Read | None] = [None] * len(masks)
        every = glyph_angles(len(masks), turns)
        squares = [_squares(m, a) for m, a in zip(masks, every, strict=True)]
        live = [i for i, s in enumerate(squares) if s is not None]
        if not live:
            return reads
        ink = _ink(np.concatenate([squares[i] for i in live]))
        rough = 2.0 - 2.0 * (ink @ shelf.plain_ink.T)  # squared distances, unit vectors
        chosen: list[tuple[int, tuple[int, ...], np.ndarray, int]] = []
        at = 0
        for i in live:
            count = holes(masks[i])
            block = rough[at : at + len(every[i])] + HOLE_PENALTY * (shelf.plain_holes != count)[None, :]
            rows = _with_quarters(np.argsort(block.min(axis=1), kind="stable")[:COARSE], every[i])
            chosen.append((i, tuple(every[i][r] for r in rows), at + rows, count))
            at += len(every[i])
        picked = np.concatenate([rows for _, _, rows, _ in chosen])
        stack = np.concatenate([squares[i] for i in live])[picked]
        vectors = np.hstack([ink[picked] * (1 - HOG_SHARE) ** 0.5, _gradients(stack) * HOG_SHARE**0.5])
        # the shortlist: the symbols nearest at these angles among the plain templates, all features
        plain = 2.0 - 2.0 * (vectors @ shelf.plain.T)
        fine: list[tuple[int, tuple[int, ...], int, np.ndarray]] = []  # glyph, angles, holes, shortlist
        queries: list[np.ndarray] = []
        at = 0
        for i, angles, _, count in chosen:
            near = plain[at : at + len(angles)] + HOLE_PENALTY * (shelf.plain_holes != count)[None, :]
            best = _with_quarters(np.argsort(near.min(axis=1), kind="stable")[:FINE], angles)
            queries.append(vectors[at + best])
            at += len(angles)
            by_symbol = np.minimum.reduceat(near[best].min(axis=0), shelf.plain_starts)
            shortlist = np.sort(shelf.plain_symbols[np.argsort(by_symbol, kind="stable")[:SHORTLIST]])
            fine.append((i, tuple(angles[b] for b in best), count, shortlist))
        # one matrix product per symbol, for every glyph that has it on its shortlist
        blocks: dict[tuple[int, int], np.ndarray] = {}
        listed: dict[int, list[int]] = {}
        for k, f in enumerate(fine):
            for symbol in f[3].tolist():
                listed.setdefault(symbol, []).append(k)
        for symbol, having in listed.items():
            start, end = shelf.spans[symbol]
            found = 2.0 - 2.0 * (np.vstack([queries[k] for k in having]) @ shelf.samples[start:end].T)
            at = 0
            for k in having:
                blocks[k, symbol] = found[at : at + len(queries[k])]
                at += len(queries[k])
        for k, (i, angles, count, shortlist) in enumerate(fine):
            spans = [shelf.spans[s] for s in shortlist.tolist()]
            distances = np.hstack([blocks[k, s] for s in shortlist.tolist()])
            labels = np.concatenate([shelf.labels[a:b] for a, b in spans])
            counts = np.concatenate([shelf.holes[a:b] for a, b in spans])
            reads[i] = self._decide(distances + HOLE_PENALTY * (counts != count)[None, :], angles, labels)
        return reads

    def _shelf(self, allowed: str | None) -> _Shelf:
        """The templates (those of ``allowed`` only, if given) sorted by symbol, kept until one is learnt."""
        if allowed not in self._shelves:
            samples, labels, hole_counts = self.templates
            plain = self._plain
            if allowed is not None:
                keep = np.isin(labels, [self.symbols.index(s) for s in allowed.upper() if s in self.symbols])
                samples, labels, hole_counts, plain = samples[keep], labels[keep], hole_counts[keep], plain[keep]
            order = np.argsort(labels, kind="stable")
            samples, labels, hole_counts, plain = samples[order], labels[order], hole_counts[order], plain[order]
            starts = np.searchsorted(labels, np.arange(len(self.symbols) + 1))
            spans = {s: (int(starts[s]), int(starts[s + 1])) for s in np.unique(labels)}
            symbols, plain_starts = np.unique(labels[plain], return_index=True)
            self._shelves[allowed] = _Shelf(samples, labels, hole_counts, spans, samples[plain],
                                            samples[plain, : SIZE * SIZE] / (1 - HOG_SHARE) ** 0.5,
                                            hole_counts[plain], symbols, plain_starts)  # fmt: skip
        return self._shelves[allowed]

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
        runners = labels[nearest[:200]]
        runners = runners[runners != letter]
        _, first = np.unique(runners, return_index=True)
        alternatives = tuple(self.symbols[i] for i in runners[np.sort(first)][:3].tolist())
        return Read(self.symbols[letter], float((votes == letter).mean()), float(distances[row, nearest[0]]),
                    int(angles[row]) % 360, alternatives, margin)  # fmt: skip


def _with_quarters(rows: np.ndarray, angles: Sequence[int]) -> np.ndarray:
    """The best rows (nearest first), and the rows a quarter, a half and three quarters turn from
    the first where those angles are tried: N and Z, M and W are one shape turned, so the margin
    over the other must be measured there, or a misread passes as sure."""
    at = {a % 360: k for k, a in enumerate(angles)}
    turned = [at[(angles[rows[0]] + q) % 360] for q in (90, 180, 270) if (angles[rows[0]] + q) % 360 in at]
    return np.concatenate([rows, [k for k in turned if k not in rows]]).astype(int)


@lru_cache(maxsize=1)
def _blas() -> ThreadpoolController:
    """The process's thread pools (numpy's BLAS among them), looked up once."""
    return ThreadpoolController()


@lru_cache(maxsize=4)
def _render(fonts: tuple[Path, ...], symbols: str) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Every symbol from every font, a little turned and in four stroke weights: (features, symbol
    indices, holes, which are upright and plain). Made once per process and shared by every reader
    of the same symbols."""
    weights, labels, plain = [], [], []
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
                    if weight.any():
                        weights.append(weight)
                        labels.append(index)
                        plain.append(angle == 0 and stroke == 0)
    found = describe(weights, [(0.0,)] * len(weights))
    samples = [f[0] for f in found if f is not None]
    hole_counts = [holes(w) for w in weights]
    arrays = (np.array(samples, np.float32), np.array(labels, np.int32), np.array(hole_counts, np.int32),
              np.array(plain, bool))  # fmt: skip
    for array in arrays:
        array.setflags(write=False)  # shared: learning copies, never writes in place
    return arrays
