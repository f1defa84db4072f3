#!/usr/bin/env python3
"""Benchmark the camera pipeline on the real labelled photos (shared/data/vision).

Finding pieces on whole photos: pieces found (recall), detections that are real (precision),
and milliseconds per photo, for each set. (Reading the letters, the share accepted without a
human and the Tesseract baseline come with the reader: see docs/vision.md.)

Run: ``.venv/bin/python benchmarks/vision.py``
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import cv2

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from vision.datasets import Score, bananagrams, boggle, match
from vision.glyphs import GlyphReader
from vision.pieces import find_pieces

SHARED = Path(__file__).resolve().parent.parent.parent / "shared" / "data" / "vision"


def score(photos) -> Score:
    result = Score()
    for photo in photos:
        image = cv2.imread(str(photo.path))
        start = time.perf_counter()
        pieces = find_pieces(image)
        result.milliseconds += (time.perf_counter() - start) * 1000
        result.images += 1
        result.pieces += len(photo.outlines)
        result.detections += len(pieces)
        result.found += len(match([p.center for p in pieces], photo.outlines))
    return result


def letters(photos, reader: GlyphReader) -> tuple[int, int, float]:
    """(right, read, ms a tile) over the matched tiles with a letter A-Z (the set's Ä and Ö apart)."""
    right = total = 0
    milliseconds = 0.0
    for photo in photos:
        image = cv2.imread(str(photo.path))
        pieces = find_pieces(image)
        for labelled, detected in match([p.center for p in pieces], photo.outlines).items():
            truth = photo.letters[labelled]
            if truth not in "abcdefghijklmnopqrstuvwxyz":
                continue
            start = time.perf_counter()
            read = reader.read(pieces[detected].mask)
            milliseconds += (time.perf_counter() - start) * 1000
            total += 1
            right += read is not None and read.letter.lower() == truth
    return right, total, milliseconds / max(total, 1)


def main() -> None:
    if not SHARED.exists():
        raise SystemExit(f"{SHARED} is absent: the labelled photos come with the shared folder")
    for name, photos in (("bananagrams", bananagrams(SHARED / "bananagrams")), ("boggle", boggle(SHARED / "boggle"))):
        s = score(photos)
        print(f"{name}: {s.images} photos, {s.pieces} pieces; found {s.recall:.1%}, real {s.precision:.1%}, "
              f"{s.milliseconds / s.images:.0f} ms a photo")  # fmt: skip
    right, total, ms = letters(bananagrams(SHARED / "bananagrams"), GlyphReader())
    print(f"bananagrams letters, kNN on rendered fonts, 24 angles: {right}/{total} right ({right / total:.1%}), "
          f"{ms:.1f} ms a tile")  # fmt: skip


if __name__ == "__main__":
    main()
