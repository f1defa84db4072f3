#!/usr/bin/env python3
"""Benchmark the first reader alone: the templates against the trained classifier, per glyph.

The glyphs are cut from the real photos (shared/data/vision: Bananagrams, Boggle) by
``vision.pieces.find_pieces`` exactly as the pipeline cuts them; each found piece whose label is
one letter A-Z is read by every reader in the same run (the templates, the classifier alone, and
the classifier with the templates choosing its runner-up where it is unsure, as the pipeline
reads), at the 24 angles, with nothing else
(no Tesseract, no table turns). Printed per set and reader: letters right, ms a glyph, the most
common mistakes, the turn-confusable pairs (N/Z, D/O/Q, C/U, G/U, M/W), and how many reads a
margin threshold lets through with how many wrong among them (what acceptance would see).

Run: ``.venv/bin/python benchmarks/reader.py [--every N]`` (N: every Nth photo, default 1)
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from vision.classifier import ClassifiedReader, LetterClassifier
from vision.datasets import bananagrams, boggle, match
from vision.glyphs import GlyphReader, Read
from vision.pieces import find_pieces

SHARED = Path(__file__).resolve().parent.parent.parent / "shared" / "data" / "vision"
ALPHABET = "abcdefghijklmnopqrstuvwxyz"
PAIRS = ("NZ", "DO", "DQ", "OQ", "CU", "GU", "MW")


def glyphs(photos, every: int) -> list[tuple[str, np.ndarray]]:
    """(letter, mask) of every found piece labelled with one letter, on every Nth photo."""
    out = []
    for photo in list(photos)[::every]:
        pieces = find_pieces(cv2.imread(str(photo.path)))
        for labelled, detected in match([p.center for p in pieces], photo.outlines).items():
            if photo.letters[labelled] in ALPHABET:
                out.append((photo.letters[labelled].upper(), pieces[detected].mask))
    return out


def report(name: str, truth: list[str], reads: list[Read | None], seconds: float, margins: tuple[float, ...]) -> None:
    letters = [r.letter if r else "" for r in reads]
    right = sum(a == b for a, b in zip(truth, letters, strict=True))
    mistakes = Counter(f"{a}>{b}" for a, b in zip(truth, letters, strict=True) if a != b)
    paired = sum(n for k, n in mistakes.items() if "".join(sorted(k[0] + k[2])) in PAIRS)
    print(f"  {name}: right {right / len(truth):.2%} ({right} of {len(truth)}), "
          f"{seconds * 1000 / len(truth):.2f} ms a glyph; turn pairs wrong {paired}; "
          f"most wrong {', '.join(f'{k} {n}' for k, n in mistakes.most_common(8))}")  # fmt: skip
    cuts = []
    for cut in margins:
        through = [a == r.letter for a, r in zip(truth, reads, strict=True) if r and r.margin >= cut]
        cuts.append(f"{cut:g}: {len(through) / len(truth):.1%} ({through.count(False)} wrong)")
    print(f"    margin at least {'; '.join(cuts)}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--every", type=int, default=1, help="use every Nth photo")
    args = parser.parse_args()
    if not SHARED.exists():
        raise SystemExit(f"{SHARED} is absent: no real photos to measure on")
    templates, classifier, pipeline = GlyphReader(), LetterClassifier(), ClassifiedReader()
    _ = templates.templates  # rendered before timing
    for name, photos in (("Bananagrams", bananagrams(SHARED / "bananagrams")), ("Boggle", boggle(SHARED / "boggle"))):
        found = glyphs(photos, args.every)
        truth, masks = [t for t, _ in found], [m for _, m in found]
        print(f"{name} (real photos, every {args.every}): {len(found)} glyphs")
        for label, reader, margins in (("templates (kNN)", templates, (0.0, 0.06, 0.2)),
                                       ("classifier alone (MLP)", classifier, (0.0, 0.5, 0.8, 0.95)),
                                       ("classifier, templates' runner-up where unsure (the pipeline's)", pipeline,
                                        (0.0, 0.5, 0.9))):  # fmt: skip
            start = time.perf_counter()
            reads = reader.read_many(masks)
            report(label, truth, reads, time.perf_counter() - start, margins)


if __name__ == "__main__":
    main()
