"""Reading a glyph with a small classifier trained on rendered tiles (``scripts/train_reader.py``).

Public API: :class:`ClassifiedReader`, :class:`LetterClassifier`, :func:`describe`, :data:`WEIGHTS`,
:data:`TURNED`.

The glyph reader's description of a glyph (``vision.glyphs.describe``: its ink in a 24 x 24
square and its gradients, every glyph of a frame at every angle at once) and its number of holes
go through a one-hidden-layer perceptron that gives the probability of each letter *standing
upright*, and of "turned" (class 26): a letter seen at a turn where it reads as no letter. The
glyph is described at the reader's 24 angles; a letter's score is its best probability over
them, so an N lying on its side scores N at the angle that stands it up and "turned", not Z, at
the angle that makes it look like a Z. The weights (``vision/data/reader.npz``, ~0.5 MB) are
made by ``scripts/train_reader.py`` from the Debian fonts alone; nothing is downloaded.

>>> import numpy as np
>>> from PIL import Image, ImageDraw, ImageFont
>>> from vision.glyphs import FONT_DIR, FONTS
>>> canvas = Image.new("L", (90, 90), 0)
>>> ImageDraw.Draw(canvas).text((20, 10), "N", font=ImageFont.truetype(str(FONT_DIR / FONTS[0]), 60), fill=255)
>>> mask = (np.array(canvas) > 127).astype(np.uint8)
>>> classifier = LetterClassifier()
>>> [(r.letter, r.angle) for r in classifier.read_many([mask, np.rot90(mask)])]
[('N', 0), ('N', 270)]
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path

import numpy as np

from vision import glyphs
from vision.glyphs import FONTS, HOLE_PENALTY, LETTERS, GlyphReader, Read, glyph_angles, holes

WEIGHTS = Path(__file__).resolve().parent / "data" / "reader.npz"
TURNED = len(LETTERS)  # the class of a glyph that is no letter at the turn it is seen
HIDDEN = 192
LEARNT_DISTANCE = 0.15  # a glyph this near a learnt one (a person's answer) reads as the person said
UNSURE = 0.3  # below this margin the templates choose between the classifier's first two letters


def describe(
    masks: Sequence[np.ndarray], angles: Sequence[Sequence[float]], counts: Sequence[int] | None = None
) -> list[np.ndarray | None]:
    """Each glyph at each of its angles: the glyph reader's description (``vision.glyphs.describe``,
    all glyphs at once) and its number of holes (0, 1, 2 or more; ``counts`` when known: a turn
    does not change it), an (angles x features) array per glyph, None for an empty one."""
    out: list[np.ndarray | None] = []
    for i, found in enumerate(glyphs.describe(masks, angles)):
        if found is None:
            out.append(None)
            continue
        count = min(holes(masks[i]) if counts is None else counts[i], 2)
        out.append(np.hstack([found, np.repeat(np.eye(3, dtype=np.float32)[count][None], len(found), axis=0)]))
    return out


@lru_cache(maxsize=2)
def _weights(path: Path) -> dict[str, np.ndarray]:
    with np.load(path) as kept:
        return {k: kept[k].astype(np.float32) for k in kept.files}


class LetterClassifier:
    """Letters from glyph masks at any angle, by the trained perceptron."""

    def __init__(self, weights: Path = WEIGHTS) -> None:
        self.weights = _weights(weights)

    def probabilities(self, vectors: np.ndarray) -> np.ndarray:
        """Each described glyph's probability of every class (26 letters upright, then turned)."""
        w = self.weights
        hidden = np.maximum(((vectors - w["mean"]) / w["scale"]) @ w["w1"] + w["b1"], 0)
        logits = hidden @ w["w2"] + w["b2"]
        logits -= logits.max(axis=1, keepdims=True)
        p = np.exp(logits)
        return np.asarray(p / p.sum(axis=1, keepdims=True))

    def read_many(
        self, masks: Sequence[np.ndarray], allowed: str | None = None, turns: Sequence[Sequence[int]] | None = None
    ) -> list[Read | None]:
        """Every glyph at the 24 ANGLES (or at its ``turns``), among ``allowed`` letters if given."""
        every = glyph_angles(len(masks), turns)
        return self.read_described(describe(masks, every), every, allowed)

    def read_described(
        self, described: Sequence[np.ndarray | None], every: Sequence[tuple[int, ...]], allowed: str | None = None
    ) -> list[Read | None]:
        """:meth:`read_many` of glyphs already described (:func:`describe`) at their angles."""
        columns = [LETTERS.index(s) for s in (allowed or LETTERS).upper() if s in LETTERS]
        blocks: list[tuple[int, tuple[int, ...], int]] = []
        vectors: list[np.ndarray] = []
        at = 0
        for i, found in enumerate(described):
            if found is not None:
                blocks.append((i, every[i], at))
                vectors.append(found)
                at += len(found)
        reads: list[Read | None] = [None] * len(described)
        if not vectors:
            return reads
        p = self.probabilities(np.concatenate(vectors).astype(np.float32))[:, columns]
        for i, angles, at in blocks:
            reads[i] = _decide(p[at : at + len(angles)], angles, columns)
        return reads


def _decide(p: np.ndarray, angles: Sequence[int], columns: list[int]) -> Read:
    """The read from a glyph's probabilities (angles x allowed letters)."""
    best = p.max(axis=0)  # each letter at its best angle
    order = np.argsort(-best)
    top = int(order[0])
    row = int(np.argmax(p[:, top]))
    margin = float(best[top] - best[order[1]]) if len(order) > 1 else float(best[top])
    alternatives = tuple(LETTERS[columns[int(k)]] for k in order[1:4])
    return Read(LETTERS[columns[top]], float(best[top]), 1.0 - float(best[top]), int(angles[row]) % 360,
                alternatives, margin, calibrated=True)  # fmt: skip


class ClassifiedReader(GlyphReader):
    """The glyph reader with the classifier deciding the letters A-Z; where it is unsure (margin
    below UNSURE) and the templates read its runner-up, the runner-up is the letter (a damaged
    glyph; still unsure, so a question); a person's answers (:meth:`GlyphReader.learn`) still win
    for the glyphs that look like the one answered."""

    def __init__(self, fonts: tuple[str, ...] = FONTS, cache: Path | None = None, weights: Path = WEIGHTS) -> None:
        super().__init__(fonts, LETTERS, cache)
        self.classifier = LetterClassifier(weights)

    def read_many(
        self, masks: Sequence[np.ndarray], allowed: str | None = None, turns: Sequence[Sequence[int]] | None = None
    ) -> list[Read | None]:
        every = glyph_angles(len(masks), turns)
        described = describe(masks, every)  # once: the classifier's, and the person's answers' below
        reads = self.classifier.read_described(described, every, allowed)
        unsure = [i for i, r in enumerate(reads) if r is not None and r.margin < UNSURE and r.alternatives]
        if unsure:
            second = super().read_many([masks[i] for i in unsure], allowed,
                                       None if turns is None else [turns[i] for i in unsure])  # fmt: skip
            for i, other in zip(unsure, second, strict=True):
                read = reads[i]
                assert read is not None
                if other is not None and other.letter == read.alternatives[0]:
                    runner_up = (read.letter, *read.alternatives[1:])
                    reads[i] = Read(other.letter, read.confidence - read.margin, read.distance + read.margin,
                                    other.angle, runner_up, read.margin, calibrated=True)  # fmt: skip
        if self._templates is None or len(self._templates[1]) == len(self._plain_rendered):
            return reads  # nothing learnt
        samples, labels, hole_counts = (a[len(self._plain_rendered) :] for a in self._templates)
        if allowed is not None:
            keep = np.isin(labels, [LETTERS.index(s) for s in allowed.upper() if s in LETTERS])
            samples, labels, hole_counts = samples[keep], labels[keep], hole_counts[keep]
        if not len(labels):
            return reads
        for i, found in enumerate(described):
            if reads[i] is None or found is None:
                continue
            angles = every[i]
            distances = 2.0 - 2.0 * (found[:, :-3] @ samples.T)  # the glyph reader's part, not the holes
            distances += HOLE_PENALTY * (hole_counts != holes(masks[i]))[None, :]
            row, column = np.unravel_index(int(np.argmin(distances)), distances.shape)
            if distances[row, column] < LEARNT_DISTANCE:
                letter = LETTERS[int(labels[column])]
                before = reads[i]
                assert before is not None
                distance = float(distances[row, column])
                reads[i] = Read(letter, 1.0, distance, int(angles[row]) % 360,
                                tuple(s for s in (before.letter, *before.alternatives) if s != letter)[:3],
                                1.0 - distance, calibrated=True)  # fmt: skip
        return reads
