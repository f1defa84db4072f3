"""Reading the tiles in a frame: two independent readers, and when a read needs no human.

Public API: :class:`Item`, :class:`TileReader`, :func:`sure`, :func:`acceptable`,
:data:`ACCEPT_DISTANCE`, :data:`ACCEPT_MARGIN`.

Every piece found (``vision.pieces``) is read by the first reader: the classifier trained on
rendered tiles (``vision.classifier``, over 24 angles; the nearest rendered templates of
``vision.glyphs`` when a plain ``GlyphReader`` is given). Tiles on a table share their
turns (a board's, each player's side): when most clear reads share one turn, a read at another
turn is read again at the table's, and taken there when nearly as near (``vision.orientation``).
Then the glyphs the first reader is not sure of (:func:`sure`), turned upright by its angle, go
to Tesseract at once on a composite (``vision.tesseract``): a second opinion where it can change
the outcome. A read is *accepted* without a human only when

- Tesseract reads the same letter (or the read is :func:`sure`), and
- it is :func:`acceptable`: the classifier's probability leads every other letter's, at any
  angle, by CALIBRATED_ACCEPT_MARGIN; for the templates, the glyph is near them (distance below
  ACCEPT_DISTANCE) and no other letter at any angle comes close (margin at least ACCEPT_MARGIN).
  N and Z, M and W are the same shape a turn apart, and the two readers would share the mistake.

The thresholds were chosen on the Bananagrams and Boggle photos (docs/vision.md); the figures are there.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

import numpy as np

from vision.classifier import ClassifiedReader
from vision.glyphs import GlyphReader, Read
from vision.grid import find_grid, on_the_board
from vision.orientation import SYMMETRIC, shared_turns
from vision.pieces import Piece, find_pieces
from vision.tesseract import read_composite

ACCEPT_DISTANCE = 0.3
ACCEPT_MARGIN = 0.06
SURE_DISTANCE, SURE_MARGIN = 0.2, 0.2  # a read this clear is accepted without asking Tesseract
#: The classifier's reads (``vision.classifier``: a probability and its lead over the next letter):
#: accepted with Tesseract agreeing from this lead, and sure (no Tesseract) from that one.
CALIBRATED_ACCEPT_MARGIN, CALIBRATED_SURE_MARGIN = 0.5, 0.9
CONTEXT = 8  # glyphs on Tesseract's sheet at least, when there are as many
SHARED_SLACK = 0.05  # how much farther from its templates a read at the table's turns may be, and win
MIN_CLEAR = 4  # clear reads needed before the table's turns say anything


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
    full = 1.0 if read.calibrated else 2 * ACCEPT_MARGIN
    return round(0.5 * read.confidence + 0.25 * min(1.0, read.margin / full) + 0.25 * agreed, 3)


def sure(read: Read) -> bool:
    """A read so clear that Tesseract could not make it surer: every neighbour agrees, near its
    templates, and no other letter at any turn tried comes within SURE_MARGIN.

    >>> sure(Read("A", 1.0, 0.1, 0, (), 0.25)), sure(Read("A", 1.0, 0.1, 0, (), 0.1))
    (True, False)

    The classifier's read: its probability leads the next letter's by CALIBRATED_SURE_MARGIN.

    >>> sure(Read("A", 0.97, 0.03, 0, (), 0.95, calibrated=True))
    True
    """
    if read.calibrated:
        return read.margin >= CALIBRATED_SURE_MARGIN
    return read.confidence == 1.0 and read.distance < SURE_DISTANCE and read.margin >= SURE_MARGIN


def acceptable(read: Read) -> bool:
    """Clear enough to accept when Tesseract agrees.

    >>> acceptable(Read("N", 1.0, 0.1, 0, (), 0.08)), acceptable(Read("N", 0.7, 0.3, 0, (), 0.4, calibrated=True))
    (True, False)
    """
    if read.calibrated:
        return read.margin >= CALIBRATED_ACCEPT_MARGIN
    return read.distance < ACCEPT_DISTANCE and read.margin >= ACCEPT_MARGIN


class TileReader:
    """Finds and reads letter tiles (or dice faces) in a frame."""

    def __init__(self, glyphs: GlyphReader | None = None, second_reader: bool = True) -> None:
        self.glyphs = glyphs or ClassifiedReader()
        self.second_reader = second_reader

    def read_pieces(self, pieces: list[Piece]) -> list[Item]:
        """The pieces read by the glyph reader, and by Tesseract where it can change the outcome."""
        reads = self.turned_as_the_table(pieces, self.glyphs.read_many([p.mask for p in pieces]))
        kept = [(p, r) for p, r in zip(pieces, reads, strict=True) if r is not None]
        seconds: list[str | None] = [None] * len(kept)
        asked = [k for k, (_, r) in enumerate(kept) if not sure(r)]
        if self.second_reader and asked:
            # Tesseract reads a sheet of one or two glyphs badly (it wants a line of text): sure
            # glyphs fill the sheet up to CONTEXT, and their answers are not used
            context = [k for k, (_, r) in enumerate(kept) if sure(r)][: max(0, CONTEXT - len(asked))]
            sent = asked + context
            answers = read_composite([kept[k][0].mask for k in sent], [kept[k][1].angle for k in sent])
            for k, answer in zip(asked, answers, strict=False):
                seconds[k] = answer
        items = []
        for (piece, read), second in zip(kept, seconds, strict=True):
            agreed = second == read.letter or (self.second_reader and sure(read))
            accepted = agreed and acceptable(read)
            items.append(Item(read.letter, confidence(read, agreed), piece.box, read.angle, read.alternatives,
                              accepted, second, mask=piece.mask))  # fmt: skip
        return items

    def turned_as_the_table(self, pieces: list[Piece], reads: list[Read | None]) -> list[Read | None]:
        """Reads at a turn no other tile shares, read again at the turn the table's clear reads share
        (a board's, each player's side) when a clear neighbour lies at it (a tile in a row, not a
        loose one in the pool), and taken there when nearly as near (within SHARED_SLACK)."""
        clear = [i for i, r in enumerate(reads)
                 if r and r.letter not in SYMMETRIC and (acceptable(r) if r.calibrated else r.confidence == 1
                                                          and r.margin >= ACCEPT_MARGIN)]  # fmt: skip
        shared = shared_turns([_angle(reads[i]) for i in clear], [1.0] * len(clear)) if len(clear) >= MIN_CLEAR else ()
        if not shared:
            return reads
        out = list(reads)
        for i, before in enumerate(reads):
            if before is None or any(_off(before.angle, t) <= 20 for t in shared):
                continue
            reach = 1.5 * pieces[i].box[2]
            near = {t for j in clear for t in shared if j != i and _off(_angle(reads[j]), t) <= 20
                    and np.hypot(*np.subtract(pieces[j].center, pieces[i].center)) <= reach}  # fmt: skip
            if not near:
                continue
            turns = sorted({(t + d) % 360 for t in near for d in (-10, 0, 10)})
            read = self.glyphs.read(pieces[i].mask, turns=turns)
            if read is not None and read.letter == before.letter:  # an S or an I the other way up
                out[i] = dataclasses.replace(before, angle=read.angle)
            elif read is not None and read.distance <= before.distance + SHARED_SLACK:
                # its margin was measured at the table's turns only: never sure, Tesseract is asked
                cap = (CALIBRATED_ACCEPT_MARGIN + CALIBRATED_SURE_MARGIN) / 2 if read.calibrated else SURE_MARGIN / 2
                out[i] = dataclasses.replace(read, margin=min(read.margin, cap))
        return out

    def read(self, image: np.ndarray) -> list[Item]:
        """Every tile in a BGR image, read (on a board, only the pieces on tiles in its cells)."""
        pieces = find_pieces(image)
        grid = find_grid(image) if pieces else None
        return self.read_pieces(pieces if grid is None else on_the_board(grid, pieces))


def _angle(read: Read | None) -> int:
    assert read is not None
    return read.angle


def _off(angle: int, turn: int) -> int:
    """Degrees between two turns."""
    return abs((angle - turn + 180) % 360 - 180)
