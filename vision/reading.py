"""Reading the tiles in a frame: two independent readers, and when a read needs no human.

Public API: :class:`Item`, :class:`TileReader`, :func:`sure`, :func:`acceptable`,
:data:`ACCEPT_DISTANCE`, :data:`ACCEPT_MARGIN`.

Every piece found (``vision.pieces``) is read by the first reader: the classifier trained on
rendered tiles (``vision.classifier``; the nearest rendered templates of ``vision.glyphs`` when a
plain ``GlyphReader`` is given), coarse to fine over 24 angles. The turn comes from evidence where
there is some: on a board (``vision.grid``) every tile is read at the board's turn where it lies
(its lines give it up to a quarter turn, the clear reads say which quarter), never at a free
angle; elsewhere tiles share their turns (each player's side): when most clear reads share one
turn, a read at another turn is read again at the table's, and taken there when nearly as near
(``vision.orientation``). Then the glyphs the first reader is not sure of (:func:`sure`), turned
upright at the evidence's turn (the first reader's own where there is none), go to Tesseract at
once on a composite (``vision.tesseract``, started before the pieces are found): a second opinion
where it can change the outcome, not an echo of the first reader's turn. A read is *accepted*
without a human only when

- Tesseract reads the same letter (or the read is :func:`sure`), and
- it is :func:`acceptable`: the classifier's probability leads every other letter's, at any
  angle, by CALIBRATED_ACCEPT_MARGIN; for the templates, the glyph is near them (distance below
  ACCEPT_DISTANCE) and no other letter at any angle comes close (margin at least ACCEPT_MARGIN).
  N and Z, M and W are the same shape a turn apart, and the two readers would share the mistake.

The thresholds were chosen on the Bananagrams and Boggle photos (docs/vision.md); the figures are there.
"""

from __future__ import annotations

import dataclasses
from contextlib import nullcontext
from dataclasses import dataclass, field

import numpy as np

from vision.classifier import ClassifiedReader
from vision.glyphs import GlyphReader, Read
from vision.grid import Grid, find_grid, on_the_board
from vision.orientation import SYMMETRIC, shared_turns
from vision.pieces import Piece, find_pieces
from vision.tesseract import SheetReader

ACCEPT_DISTANCE = 0.3
ACCEPT_MARGIN = 0.06
SURE_DISTANCE, SURE_MARGIN = 0.2, 0.2  # a read this clear is accepted without asking Tesseract
#: The classifier's reads (``vision.classifier``: a probability and its lead over the next letter):
#: accepted with Tesseract agreeing from this lead, and sure (no Tesseract) from that one.
CALIBRATED_ACCEPT_MARGIN, CALIBRATED_SURE_MARGIN = 0.5, 0.9
CONTEXT = 12  # glyphs on Tesseract's sheet at least, when there are as many (8 left a T of the demo unread)
SHARED_SLACK = 0.05  # how much farther from its templates a read at the table's turns may be, and win
GLYPH_IN_CELL = (0.2, 1.1)  # a tile's glyph side over a board cell's (about 0.5; perspective shrinks far cells)
MIN_CLEAR = 4  # clear reads needed before the table's turns say anything
BOARD_SLACK = 10  # degrees either side of the board's turn a tile on it is read at (a few lie askew)


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
    value: int | None = None  # the value printed small on a die's face (None: none legible)
    value_sure: bool = False  # near its digits' templates, no other digit close
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
            out["value"], out["value_sure"] = self.value, self.value_sure
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

    def read_pieces(
        self, pieces: list[Piece], grid: Grid | None = None, tesseract: SheetReader | None = None
    ) -> list[Item]:
        """The pieces read by the glyph reader, and by Tesseract where it can change the outcome.

        ``grid``: the board the pieces lie on (all in its cells): they are read at the board's turn.
        ``tesseract``: one started ahead (it is used or stopped here)."""
        masks = [p.mask for p in pieces]
        if grid is not None and pieces:
            reads, evidence = self.turned_as_the_board(pieces, grid)
        else:
            reads, evidence = self.turned_as_the_table(pieces, self.glyphs.read_many(masks))
        kept = [(p, r, evidence[i]) for i, (p, r) in enumerate(zip(pieces, reads, strict=True)) if r is not None]
        seconds: list[str | None] = [None] * len(kept)
        asked = [k for k, (_, r, _) in enumerate(kept) if not sure(r)]
        if self.second_reader and asked:
            # Tesseract reads a sheet of one or two glyphs badly (it wants a line of text): sure
            # glyphs fill the sheet up to CONTEXT, and their answers are not used
            context = [k for k, (_, r, _) in enumerate(kept) if sure(r)][: max(0, CONTEXT - len(asked))]
            sent = asked + context
            # each glyph at the turn the evidence gives (the board's, the table's), when there is
            # some: a second opinion, not an echo of the first reader's turn
            angles = [_evidence_or(kept[k][2], kept[k][1]) for k in sent]
            with tesseract or SheetReader() as sheet:
                answers = sheet.read([kept[k][0].mask for k in sent], angles)
            for k, answer in zip(asked, answers, strict=False):
                seconds[k] = answer
        elif tesseract is not None:
            tesseract.close()
        items = []
        for (piece, read, _), second in zip(kept, seconds, strict=True):
            agreed = second == read.letter or (self.second_reader and sure(read))
            accepted = agreed and acceptable(read)
            items.append(Item(read.letter, confidence(read, agreed), piece.box, read.angle, read.alternatives,
                              accepted, second, mask=piece.mask))  # fmt: skip
        return items

    def turned_as_the_board(self, pieces: list[Piece], grid: Grid) -> tuple[list[Read | None], list[int | None]]:
        """Tiles on a board face one way: each is read at the four quarter turns of the board's lines
        where it lies (BOARD_SLACK either side); the quarter most clear reads take is the board's,
        and every read at another quarter is read again at the board's. Each read's evidence (the
        board's turn where it lies) goes with it."""
        axes = [grid.turn_at(p.center) for p in pieces]
        offsets = (-BOARD_SLACK, 0, BOARD_SLACK)
        turns = [[round(a + 90 * q + d) % 360 for q in range(4) for d in offsets] for a in axes]
        reads = self.glyphs.read_many([p.mask for p in pieces], turns=turns)
        quarters = [
            None if r is None else round(((r.angle - a) % 360) / 90) % 4 for r, a in zip(reads, axes, strict=True)
        ]
        telling = [
            (r, q) for r, q in zip(reads, quarters, strict=True) if r and q is not None and r.letter not in SYMMETRIC
        ]
        clear = [q for r, q in telling if (acceptable(r) if r.calibrated else r.margin >= ACCEPT_MARGIN)]
        votes = clear if len(clear) >= MIN_CLEAR else [q for _, q in telling]
        if not votes:
            return reads, [None] * len(pieces)
        board = max(range(4), key=votes.count)
        again = [i for i, q in enumerate(quarters) if q is not None and q != board]
        if again:
            redone = self.glyphs.read_many(
                [pieces[i].mask for i in again],
                turns=[[round(axes[i] + 90 * board + d) % 360 for d in offsets] for i in again],
            )
            for i, read in zip(again, redone, strict=True):
                # its margin was measured at the board's turn only: never sure, Tesseract is asked
                if read is not None:
                    read = dataclasses.replace(read, margin=min(read.margin, _unsure_cap(read)))
                reads[i] = read
        return reads, [round(a + 90 * board) % 360 for a in axes]

    def turned_as_the_table(
        self, pieces: list[Piece], reads: list[Read | None]
    ) -> tuple[list[Read | None], list[int | None]]:
        """Reads at a turn no other tile shares, read again at the turn the table's clear reads share
        (a board's, each player's side) when a clear neighbour lies at it (a tile in a row, not a
        loose one in the pool), and taken there when nearly as near (within SHARED_SLACK). With each
        read, the turn it was taken at by that evidence (None: its own)."""
        clear = [i for i, r in enumerate(reads)
                 if r and r.letter not in SYMMETRIC and (acceptable(r) if r.calibrated else r.confidence == 1
                                                          and r.margin >= ACCEPT_MARGIN)]  # fmt: skip
        shared = shared_turns([_angle(reads[i]) for i in clear], [1.0] * len(clear)) if len(clear) >= MIN_CLEAR else ()
        evidence: list[int | None] = [None] * len(reads)
        if not shared:
            return reads, evidence
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
                out[i] = dataclasses.replace(read, margin=min(read.margin, _unsure_cap(read)))
                evidence[i] = min(near, key=lambda t: _off(read.angle, t))
        return out, evidence

    def read(self, image: np.ndarray) -> list[Item]:
        """Every tile in a BGR image, read (on a board, only the pieces on tiles in its cells, at
        the board's turn). Tesseract starts first: its model loads while the pieces are found and read."""
        with SheetReader() if self.second_reader else nullcontext() as tesseract:
            grid = find_grid(image)
            if grid is None:
                return self.read_pieces(find_pieces(image), tesseract=tesseract)
            # a tile's glyph is about half a cell: small far tiles are found, the print is not
            cell = grid.cell_side
            pieces = find_pieces(image, glyph_sides=(GLYPH_IN_CELL[0] * cell, GLYPH_IN_CELL[1] * cell))
            return self.read_pieces(on_the_board(grid, pieces), grid, tesseract)


def _unsure_cap(read: Read) -> float:
    """The most margin a read taken at the evidence's turn keeps: never sure (Tesseract is asked)."""
    return (CALIBRATED_ACCEPT_MARGIN + CALIBRATED_SURE_MARGIN) / 2 if read.calibrated else SURE_MARGIN / 2


def _evidence_or(evidence: int | None, read: Read) -> int:
    """The turn the evidence gives, or the read's own where there is none."""
    return read.angle if evidence is None else evidence


def _angle(read: Read | None) -> int:
    assert read is not None
    return read.angle


def _off(angle: int, turn: int) -> int:
    """Degrees between two turns."""
    return abs((angle - turn + 180) % 360 - 180)
