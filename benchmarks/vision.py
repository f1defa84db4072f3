#!/usr/bin/env python3
"""Benchmark the camera pipeline: whole real photos (shared/data/vision) and rendered scenes.

For each real set, the whole pipeline (find the pieces, read each with both readers) on every
photo: pieces found (recall), detections that are real (precision), letters right among the
matched pieces, the share accepted without a human and the errors among those, ms per photo.
The baseline in the same run is Tesseract alone on each whole photo (sparse text, A-Z), scored
the same way. Then rendered scenes: DICEWORDS dice at free angles, Lexicon-style cards (spread
and fan), and a 100-tile frame for the time target.

Run: ``.venv/bin/python benchmarks/vision.py [--every N]`` (N: every Nth photo, default 1)
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.sets.dice import DICE
from vision.cards import CardReader
from vision.datasets import bananagrams, boggle, match
from vision.dice import DiceReader
from vision.reading import TileReader
from vision.render import cards_scene, dice_scene, tiles_scene
from vision.tesseract import read_photo

SHARED = Path(__file__).resolve().parent.parent.parent / "shared" / "data" / "vision"
ALPHABET = "abcdefghijklmnopqrstuvwxyz"


@dataclass
class Tally:
    pieces: int = 0
    detections: int = 0
    found: int = 0
    read: int = 0  # matched pieces with a single letter A-Z
    right: int = 0
    accepted: int = 0
    accepted_wrong: int = 0
    milliseconds: float = 0.0
    photos: int = 0

    def line(self, name: str) -> str:
        wrong = self.accepted_wrong / max(self.accepted, 1)
        share = f", accepted {self.accepted / self.read:.1%} with {wrong:.2%} wrong"
        return (f"  {name}: found {self.found / self.pieces:.1%}, real {self.found / max(self.detections, 1):.1%}, "
                f"letters right {self.right / max(self.read, 1):.1%} of {self.read}"
                f"{share if self.accepted else ''}, {self.milliseconds / self.photos:.0f} ms a photo")  # fmt: skip


def run(photos, reader: TileReader) -> tuple[Tally, Tally]:
    ours, alone = Tally(), Tally()
    for photo in photos:
        image = cv2.imread(str(photo.path))
        for tally in (ours, alone):
            tally.photos += 1
            tally.pieces += len(photo.outlines)
        start = time.perf_counter()
        items = reader.read(image)
        ours.milliseconds += (time.perf_counter() - start) * 1000
        start = time.perf_counter()
        tesseract = read_photo(image)
        alone.milliseconds += (time.perf_counter() - start) * 1000
        for tally, found in ((ours, [(i.letter, i.center, i.accepted) for i in items]),
                             (alone, [(letter, center, False) for letter, center in tesseract])):  # fmt: skip
            tally.detections += len(found)
            matched = match([f[1] for f in found], photo.outlines)
            tally.found += len(matched)
            for labelled, detected in matched.items():
                truth = photo.letters[labelled]
                if truth not in ALPHABET:
                    continue
                letter, _, accepted = found[detected]
                tally.read += 1
                tally.right += letter.lower() == truth
                tally.accepted += accepted
                tally.accepted_wrong += accepted and letter.lower() != truth
    return ours, alone


def dice(scenes: int) -> str:
    reader = DiceReader()
    rng = np.random.default_rng(7)
    right = total = found = accepted = wrong = 0
    milliseconds = 0.0
    for seed in range(scenes):
        scene = dice_scene("".join(rng.choice(list(d.faces)) for d in DICE), seed=seed)
        start = time.perf_counter()
        items = reader.read(scene.image)
        milliseconds += (time.perf_counter() - start) * 1000
        for truth in scene.truth:
            total += 1
            near = [i for i in items if i.die == truth.die and np.hypot(*np.subtract(i.center, truth.center)) < 30]
            if near:
                found += 1
                right += near[0].letter == truth.letter
                accepted += near[0].accepted
                wrong += near[0].accepted and near[0].letter != truth.letter
    return (f"  dice (rendered, {scenes} rolls of 9 at free angles): found with the right die {found / total:.1%}, "
            f"read right {right / total:.1%}, accepted {accepted / total:.1%} "
            f"with {wrong / max(accepted, 1):.2%} wrong, "
            f"{milliseconds / scenes:.0f} ms a frame")  # fmt: skip


def cards(scenes: int, reader: TileReader) -> str:
    cards_reader = CardReader(reader)
    rng = np.random.default_rng(3)
    letters = "ABCDEFGHIJKLMNOPRSTUVWY"
    right = total = exact = 0
    milliseconds = 0.0
    for seed in range(scenes):
        spread, fan = "".join(rng.choice(list(letters), 6)), "".join(rng.choice(list(letters), 5))
        scene = cards_scene(spread, fan, seed=seed)
        start = time.perf_counter()
        items = cards_reader.read(scene.image)
        milliseconds += (time.perf_counter() - start) * 1000
        want, got = Counter(spread + fan), Counter(i.letter for i in items)
        total += len(spread + fan)
        right += sum((want & got).values())
        exact += want == got
    return (f"  cards (rendered, {scenes} tables of 6 apart + a fan of 5): letters right {right / total:.1%}, "
            f"every card right on {exact}/{scenes} tables, {milliseconds / scenes:.0f} ms a frame")  # fmt: skip


def hundred(reader: TileReader) -> str:
    rng = np.random.default_rng(1)
    loose = "".join(rng.choice(list("ABCDEFGHIJKLMNOPRSTUVWY"), 100))
    scene = tiles_scene([], loose=loose, size=1280, tile=40)
    reader.read(scene.image)  # warm
    times = []
    for _ in range(3):
        start = time.perf_counter()
        items = reader.read(scene.image)
        times.append((time.perf_counter() - start) * 1000)
    right = sum(any(i.letter == t.letter and np.hypot(*np.subtract(i.center, t.center)) < 20 for i in items)
                for t in scene.truth)  # fmt: skip
    return (f"  a rendered 100-tile frame (1280 px): {len(items)} found, {right} of 100 read right in place, "
            f"median {sorted(times)[1]:.0f} ms (both readers)")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--every", type=int, default=1, help="use every Nth photo")
    parser.add_argument("--rendered-only", action="store_true", help="skip the real photos")
    args = parser.parse_args()
    reader = TileReader()
    _ = reader.glyphs.templates  # render the templates before timing
    if args.rendered_only:
        pass
    elif SHARED.exists():
        sets = (("bananagrams", bananagrams(SHARED / "bananagrams")), ("boggle", boggle(SHARED / "boggle")))
        for name, photos in sets:
            ours, alone = run(list(photos)[:: args.every], reader)
            print(f"{name} ({ours.photos} photos, {ours.pieces} pieces)")
            print(ours.line("pipeline (kNN + Tesseract composite)"))
            print(alone.line("baseline (Tesseract alone, whole photo, psm 11)"))
    else:
        print(f"{SHARED} is absent: real-photo figures skipped")
    print("rendered scenes")
    print(dice(30))
    print(cards(20, reader))
    print(hundred(reader))


if __name__ == "__main__":
    main()
