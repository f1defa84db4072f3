"""DICEWORDS dice: found by their colours, which also say which die each is.

Public API: :class:`DiceReader`.

Every pixel is given to the die colour it is nearest (in Lab), or to the mat when it is nearer
the mat's colour (the image's median) or far from every die; each colour's die-sized blobs are
dice, so dice of different colours come apart even when they touch. A die's face is straightened
by its outline, its glyph is the ink that stands out from its body (white on the dark dice, black
on the gold), the small printed value in the corner is left out of it, and the glyph is read among
the six faces of that die only (``?`` is the gold die's wild). The printed value is read apart, on
the face enlarged (``vision.dice_values``): the table offers it to the referee where its letter's
value is assumed or differs (``companion.table.games.dicewords``).
"""

from __future__ import annotations

import cv2
import numpy as np

from companion.sets.dice import DICE
from vision import dice_values
from vision.dice_values import ValueReader
from vision.glyphs import LETTERS, GlyphReader
from vision.reading import ACCEPT_DISTANCE, ACCEPT_MARGIN, Item, confidence
from vision.render import DIE_COLOURS

FACE = 64  # pixels of a straightened die face


def _lab(bgr: np.ndarray) -> np.ndarray:
    return cv2.cvtColor(bgr.reshape(-1, 1, 3).astype(np.uint8), cv2.COLOR_BGR2LAB).reshape(-1, 3).astype(np.float32)


class DiceReader:
    """Finds the nine dice in a frame and reads each among its own faces."""

    def __init__(self, colours: dict[str, tuple[int, int, int]] | None = None, glyphs: GlyphReader | None = None,
                 values: ValueReader | None = None):  # fmt: skip
        self.colours = colours or DIE_COLOURS
        self.values = values or ValueReader()
        self.names = list(self.colours)
        self.glyphs = glyphs or GlyphReader(symbols=LETTERS + "?")
        self.faces = {d.colour: d.faces.upper() for d in DICE}
        self.palette = _lab(np.array([self.colours[n] for n in self.names], np.uint8))

    def read(self, image: np.ndarray) -> list[Item]:
        h, w = image.shape[:2]
        if min(h, w) < 4:
            return []
        scale = max(h, w) / 640
        small = cv2.resize(image, (w // 2, h // 2), interpolation=cv2.INTER_AREA)
        lab = _lab(small).reshape(small.shape[0], small.shape[1], 3)
        mat = np.median(lab.reshape(-1, 3), axis=0)
        palette = np.vstack([self.palette, mat[None]])
        distance = np.linalg.norm(lab[:, :, None, :] - palette[None, None], axis=3)
        label = np.argmin(distance, axis=2)
        label[distance.min(axis=2) > 45] = len(self.names)
        items = []
        for index, name in enumerate(self.names):
            blob = cv2.morphologyEx((label == index).astype(np.uint8), cv2.MORPH_CLOSE, np.ones((5, 5), np.uint8))
            contours, _ = cv2.findContours(blob, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
            for contour in contours:
                area = cv2.contourArea(contour) * 4
                if not (600 * scale * scale < area < 12000 * scale * scale):
                    continue
                (cx, cy), (rw, rh), angle = cv2.minAreaRect(contour * 2)
                if min(rw, rh) < 0.6 * max(rw, rh):
                    continue
                item = self._read_die(image, name, (cx, cy), (rw + rh) / 2, angle)
                if item is not None:
                    items.append(item)
        return items

    def _read_die(
        self, image: np.ndarray, name: str, center: tuple[float, float], side: float, angle: float
    ) -> Item | None:
        matrix = np.asarray(cv2.getRotationMatrix2D(center, angle, FACE / side), dtype=np.float64)
        matrix[:, 2] += (FACE / 2 - center[0], FACE / 2 - center[1])
        face = cv2.cvtColor(cv2.warpAffine(image, matrix, (FACE, FACE)), cv2.COLOR_BGR2GRAY).astype(np.float32)
        inner = face[6:-6, 6:-6]
        body = float(np.median(inner))
        ink = (np.abs(inner - body) > 55).astype(np.uint8)
        n, labels, stats, centroids = cv2.connectedComponentsWithStats(ink)
        if n < 2:
            return None
        middle = (inner.shape[1] / 2, inner.shape[0] / 2)
        # the glyph: the biggest piece of ink near the middle; the printed value sits in a corner
        pieces = [i for i in range(1, n) if np.hypot(*(centroids[i] - middle)) < inner.shape[0] * 0.3]
        if not pieces:
            return None
        main = max(pieces, key=lambda i: stats[i, cv2.CC_STAT_AREA])
        x, y, bw, bh = stats[main, :4]
        keep = [i for i in pieces if stats[i, cv2.CC_STAT_AREA] > 4 and _near(stats[i], (x, y, bw, bh))]
        if not keep:  # specks only: a blob of a die's colour that is no die (a photo without DICEWORDS dice)
            return None
        mask = np.isin(labels, keep).astype(np.uint8)
        ink = float(np.median(inner[mask > 0]))
        ys, xs = np.nonzero(mask)
        mask = mask[ys.min() : ys.max() + 1, xs.min() : xs.max() + 1]
        read = self.glyphs.read(mask, allowed=self.faces[name])
        if read is None:
            return None
        printed = self.values.read(self._enlarged(image, center, side, angle), ink)
        accepted = read.distance < ACCEPT_DISTANCE and read.margin >= ACCEPT_MARGIN
        half = side / 2
        box = (int(center[0] - half), int(center[1] - half), int(side), int(side))
        return Item(read.letter, confidence(read, accepted), box, int(read.angle - angle) % 360, read.alternatives,
                    accepted, die=name, mask=mask, value=printed.value, value_sure=printed.sure)  # fmt: skip

    @staticmethod
    def _enlarged(image: np.ndarray, center: tuple[float, float], side: float, angle: float) -> np.ndarray:
        """The die's face straightened and enlarged to the value reader's size, grey."""
        size = dice_values.FACE
        matrix = np.asarray(cv2.getRotationMatrix2D(center, angle, size / side), dtype=np.float64)
        matrix[:, 2] += (size / 2 - center[0], size / 2 - center[1])
        face = cv2.warpAffine(image, matrix, (size, size), flags=cv2.INTER_CUBIC)
        return cv2.cvtColor(face, cv2.COLOR_BGR2GRAY).astype(np.float32)


def _near(stat: np.ndarray, box: tuple[int, int, int, int]) -> bool:
    """A piece of ink touching the glyph's box (the dot of a ? or a broken stroke)."""
    x, y, w, h = box
    return bool(
        stat[0] <= x + w + 2 and stat[0] + stat[2] >= x - 2 and stat[1] <= y + h + 4 and stat[1] + stat[3] >= y - 4
    )
