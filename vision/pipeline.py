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

import numpy as np

from companion.letters import Letters
from vision.calibration import TableSettings, find_markers
from vision.cards import CardReader
from vision.dice import DiceReader
from vision.reading import TileReader
from vision.table import questions, view

KINDS = ("tiles", "cards", "dice")


@dataclass
class Pipeline:
    """Readers made once (their templates render at first use) and the table's settings."""

    settings: TableSettings = field(default_factory=TableSettings)
    tileset: Letters | None = None
    tiles: TileReader = field(default_factory=TileReader)
    _cards: CardReader | None = None
    _dice: DiceReader | None = None

    def items(self, image: np.ndarray, kind: str) -> list:
        if kind == "tiles":
            return self.tiles.read(image)
        if kind == "cards":
            self._cards = self._cards or CardReader(self.tiles)
            return self._cards.read(image)
        if kind == "dice":
            self._dice = self._dice or DiceReader()
            return self._dice.read(image)
        raise ValueError(f"unknown kind {kind!r}: choose one of {', '.join(KINDS)}")

    def read(self, image: np.ndarray, kind: str = "tiles") -> dict[str, object]:
        """``items`` (letter, confidence, box [x, y, w, h] in image pixels, alternatives, accepted;
        dice also ``die``), ``words`` (text, item indices, zone), ``pool``, ``questions``, and
        whether the mat's markers were seen."""
        found = self.items(image, kind)
        calibration = find_markers(image) or self.settings.calibration
        table = view(found if kind != "dice" else [], self.settings.zones,
                     calibration.to_table if calibration else None)  # fmt: skip
        result = table.as_dict()
        result["items"] = [item.as_dict() for item in found]
        if kind == "dice":
            result["pool"] = [item.letter for item in found]
        result["questions"] = [q.as_dict() for q in questions(found, self.tileset if kind == "tiles" else None)]
        result["markers"] = calibration is not None
        return result
