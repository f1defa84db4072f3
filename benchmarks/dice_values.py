#!/usr/bin/env python3
"""Benchmark the reading of the small value printed on DICEWORDS dice: two readers, same marks.

Rendered rolls (``vision.render.dice_scene``: nine dice at free angles, camera blur and noise)
with three sets of printed values: the defaults (1-9 and the wild's -2), every letter a random
0-9, every letter a random 0-20 (two digits). The dice are found and straightened by the dice
reader; on each die's value marks (``vision.dice_values.corner_marks``) two readers are scored:

- the digit templates (``ValueReader``): grey digits rendered from the fonts, nearest neighbours;
- Tesseract (the baseline, same run): the same marks black on white, three times enlarged, one
  line of ``-0123456789`` (``--psm 7``), one call a die.

For each: the share of dice whose value is read right, and for the templates also the share
called sure and the wrong ones among those; ms a die. The seeds are apart from the ones the
thresholds were chosen on (0-39, 100-139, 200-239).

Run: ``.venv/bin/python benchmarks/dice_values.py [--rolls N]`` (N rolls a set, default 10;
Tesseract takes most of the time)
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import cv2
import numpy as np
import pytesseract

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.sets.dice import DICE
from vision import dice_values
from vision.dice import DiceReader
from vision.dice_values import ValueReader, corner_marks
from vision.render import dice_scene
from wordtable.settings import one_thread_for_tesseract

one_thread_for_tesseract()  # Tesseract on one thread, as the wordtable command runs it

SETS = (("the default values", 0), ("random values 0-9", 10), ("random values 0-20", 21))
TESSERACT = "--psm 7 -c tessedit_char_whitelist=-0123456789"


def tesseract(grey: np.ndarray) -> int | None:
    """Tesseract's number for a die's upright value marks (ink 0-1), None when it reads none."""
    ys, xs = np.nonzero(grey > dice_values.MARK)
    ink = grey[ys.min() : ys.max() + 1, xs.min() : xs.max() + 1]
    sheet = cv2.copyMakeBorder(255 - (ink * 255).astype(np.uint8), 12, 12, 12, 12, cv2.BORDER_CONSTANT, value=255)
    sheet = cv2.resize(sheet, None, fx=3, fy=3, interpolation=cv2.INTER_CUBIC)
    text = pytesseract.image_to_string(sheet, config=TESSERACT).strip()
    try:
        return int(text)
    except ValueError:
        return None


class Recorder(ValueReader):
    """The template reader, keeping each face it is given for Tesseract to read too."""

    def __init__(self) -> None:
        super().__init__()
        self.faces: list[tuple[np.ndarray, float]] = []
        self.seconds = 0.0

    def read(self, face: np.ndarray, ink: float) -> dice_values.PrintedValue:
        self.faces.append((face, ink))
        start = time.perf_counter()
        try:
            return super().read(face, ink)
        finally:
            self.seconds += time.perf_counter() - start


def measure(rolls: int, high: int, seed: int) -> str:
    recorder = Recorder()
    reader = DiceReader(values=recorder)
    rng, values_rng = np.random.default_rng(seed), np.random.default_rng(seed + 1)
    dice = right = sure = sure_wrong = tesseract_right = 0
    tesseract_seconds = 0.0
    for roll in range(rolls):
        faces = "".join(rng.choice(list(d.faces)) for d in DICE)
        values = {c: int(values_rng.integers(0, high)) for c in "abcdefghijklmnopqrstuvwxyz"} if high else None
        scene = dice_scene(faces, seed=seed + roll, values=values)
        recorder.faces.clear()
        items = reader.read(scene.image)
        for truth in scene.truth:
            near = [k for k, i in enumerate(items) if i.die == truth.die
                    and np.hypot(*np.subtract(i.center, truth.center)) < 30]  # fmt: skip
            if not near:
                continue
            item = items[near[0]]
            dice += 1
            right += item.value == truth.value
            sure += item.value_sure
            sure_wrong += item.value_sure and item.value != truth.value
            marks = corner_marks(*recorder.faces[near[0]])
            start = time.perf_counter()
            tesseract_right += marks is not None and tesseract(marks[1]) == truth.value
            tesseract_seconds += time.perf_counter() - start
    ours = recorder.seconds / max(dice, 1) * 1000
    theirs = tesseract_seconds / max(dice, 1) * 1000
    return (f"    templates: right {right / dice:.1%}, sure {sure / dice:.1%} with {sure_wrong} wrong, "
            f"{ours:.1f} ms a die\n"
            f"    Tesseract (baseline): right {tesseract_right / dice:.1%}, {theirs:.1f} ms a die "
            f"({theirs / max(ours, 1e-9):.0f} x the templates' time)")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rolls", type=int, default=10)
    args = parser.parse_args()
    for number, (name, high) in enumerate(SETS):
        print(f"  {name} ({args.rolls} rolls of 9):")
        print(measure(args.rolls, high, 1000 + 100 * number))


if __name__ == "__main__":
    main()
