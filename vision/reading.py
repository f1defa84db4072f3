"""Reading the tiles in a frame: two independent readers, and when a read needs no human.

Public API: :class:`Item`, :class:`TileReader`, :data:`ACCEPT_DISTANCE`, :data:`ACCEPT_MARGIN`.

Every piece found (``vision.pieces``) is read by the glyph reader (nearest rendered templates,
24 angles); then all the frame's glyphs, turned upright by that reader's angle, go to Tesseract
at once on a composite (``vision.tesseract``). A read is *accepted* without a human only when

- Tesseract reads the same letter,
- the glyph is near its templates (distance below ACCEPT_DISTANCE), and
- no other letter, at any angle, comes close (margin at least ACCEPT_MARGIN): N and Z, M and W
  are the same shape a turn apart, and the two readers would share the mistake.

The thresholds were chosen on the Bananagrams photos (docs/vision.md); the figures are there.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from vision.glyphs import GlyphReader, Read
from vision.pieces import Piece, find_pieces
from vision.tesseract import read_composite

ACCEPT_DISTANCE = 0.3
ACCEPT_MARGIN = 0.06


@dataclass
class Item:
    """One piece on the table and what it says."""

    letter: str
    confidence: float  # 0 to 1
    box: tuple[int, int, int, int]  # x, y, w, h in image pixels
    angle: int  # degrees counter-clockwise that turn it upright
    alternatives: tuple[str, ...] = ()
    accepted: bool = False  # both readers agree, clearly: no human needed
    second: str | None = None  # Tesseract's letter
    die: str | None = None  # which DICEWORDS die, by its colour
    mask: np.ndarray | None = field(default=None, repr=False, compare=False)

    @property
    def center(self) -> tuple[float, float]:
        x, y, w, h = self.box
        return x + w / 2, y + h / 2

    def as_dict(self) -> dict[str, object]:
        out: dict[str, object] = {
            "letter": self.letter,
            "confidence": round(self.confidence, 3),
            "box": [int(v) for v in self.box],
            "angle": self.angle,
            "alternatives": list(self.alternatives),
            "accepted": self.accepted,
        }
        if self.die is not None:
            out["die"] = self.die
        return out


def confidence(read: Read, agreed: bool) -> float:
    """Votes of the nearest templates, the margin over other letters and the second reader, 0-1.

    >>> confidence(Read("A", 1.0, 0.1, 0, (), 0.12), True)
    1.0
    >>> confidence(Read("A", 0.6, 0.1, 0, (), 0.0), False)
    0.3
    """
    return round(0.5 * read.confidence + 0.25 * min(1.0, read.margin / (2 * ACCEPT_MARGIN)) + 0.25 * agreed, 3)


class TileReader:
    """Finds and reads letter tiles (or dice faces) in a frame."""

    def __init__(self, glyphs: GlyphReader | None = None, second_reader: bool = True) -> None:
        self.glyphs = glyphs or GlyphReader()
        self.second_reader = second_reader

    def read_pieces(self, pieces: list[Piece]) -> list[Item]:
        """The pieces read by both readers."""
        reads = [self.glyphs.read(p.mask) for p in pieces]
        kept = [(p, r) for p, r in zip(pieces, reads, strict=True) if r is not None]
        seconds: list[str | None] = [None] * len(kept)
        if self.second_reader and kept:
            seconds = read_composite([p.mask for p, _ in kept], [r.angle for _, r in kept])
        items = []
        for (piece, read), second in zip(kept, seconds, strict=True):
            agreed = second == read.letter
            accepted = agreed and read.distance < ACCEPT_DISTANCE and read.margin >= ACCEPT_MARGIN
            items.append(Item(read.letter, confidence(read, agreed), piece.box, read.angle, read.alternatives,
                              accepted, second, mask=piece.mask))  # fmt: skip
        return items

    def read(self, image: np.ndarray) -> list[Item]:
        """Every tile in a BGR image, read."""
        return self.read_pieces(find_pieces(image))
