"""The whole camera pipeline for one frame: calibrate, find, read, group, ask.

Public API: :data:`KINDS`, :class:`Pipeline`.

>>> from vision.render import tiles_scene
>>> scene = tiles_scene([("WORD", (200, 300), 0)], loose="QI", seed=2)
>>> result = Pipeline().read(scene.image, "tiles")
>>> [w["text"] for w in result["words"]], sorted(result["pool"])
(['WORD'], ['I', 'Q'])
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from companion.errors import InvalidInputError
from companion.words.letters import Letters
from vision.calibration import TableSettings, find_markers
from vision.cards import CardReader
from vision.dice import DiceReader
from vision.glyphs import LETTERS, GlyphReader
from vision.images import MIN_SIDE, as_frame, fit
from vision.reading import Item, TileReader
from vision.table import Question, TableView, questions, view

KINDS = ("tiles", "cards", "dice")


@dataclass
class Pipeline:
    """Readers made once (their templates render at first use) and the table's settings."""

    settings: TableSettings = field(default_factory=TableSettings)
    tileset: Letters | None = None
    tiles: TileReader = field(default_factory=TileReader)
    _cards: CardReader | None = None
    _dice: DiceReader | None = None
    #: A folder that keeps the readers' rendered templates between runs (None: rendered each run).
    cache: Path | None = None

    def __post_init__(self) -> None:
        if self.cache is not None:
            self.tiles.glyphs.cache = self.cache

    def items(self, image: np.ndarray, kind: str, shown: float = 1.0) -> list[Item]:
        """The frame's items, boxes in the photo's own pixels (the frame is read scaled to READ_SIDE;
        ``shown``: the frame's pixels per pixel of the photo, when it was decoded reduced)."""
        if kind not in KINDS:
            raise InvalidInputError(f"unknown kind {kind!r}: choose one of {', '.join(KINDS)}")
        frame, factor = fit(as_frame(image))
        factor *= shown
        if min(frame.shape[:2]) < MIN_SIDE:
            return []
        if kind == "tiles":
            found = self.tiles.read(frame)
        elif kind == "cards":
            self._cards = self._cards or CardReader(self.tiles)
            found = self._cards.read(frame)
        else:
            self._dice = self._dice or DiceReader(glyphs=GlyphReader(symbols=LETTERS + "?", cache=self.cache))
            found = self._dice.read(frame)
        if factor != 1.0:
            for item in found:
                x, y, w, h = item.box
                item.box = (round(x / factor), round(y / factor), round(w / factor), round(h / factor))
        return found

    def look(self, image: np.ndarray, kind: str = "tiles", shown: float = 1.0) -> Look:
        """The frame read: its items (with their glyphs), the table they make, the questions."""
        image = as_frame(image)
        found = self.items(image, kind, shown)
        seen = find_markers(image) if min(image.shape[:2]) >= MIN_SIDE else None
        calibration = seen or self.settings.calibration
        to_table = calibration.to_table if calibration else None
        if seen is not None and shown != 1.0:  # the markers were found in the reduced image
            to_table = lambda points: seen.to_table([(x * shown, y * shown) for x, y in points])  # noqa: E731
        table = view(found, self.settings.zones, to_table, grouped=kind != "dice")  # dice lie loose
        asked = questions(found, self.tileset if kind == "tiles" else None)
        return Look(table, asked, calibration is not None)

    def read(self, image: np.ndarray, kind: str = "tiles", shown: float = 1.0) -> dict[str, Any]:
        """``items`` (letter, confidence, box [x, y, w, h] in image pixels, alternatives, accepted;
        dice also ``die``, the ``value`` printed on it and ``value_sure``), ``words`` (text, item
        indices, zone), ``pool``, ``questions``, and whether the mat's markers were seen."""
        return self.look(image, kind, shown).as_dict()


@dataclass
class Look:
    """One frame, read."""

    table: TableView
    questions: list[Question]
    markers: bool

    def as_dict(self) -> dict[str, object]:
        return {**self.table.as_dict(), "questions": [q.as_dict() for q in self.questions], "markers": self.markers}
