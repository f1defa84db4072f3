#!/usr/bin/env python3
"""Benchmark the camera pipeline: whole real photos (shared/data/vision) and rendered scenes.

For each real set, the whole pipeline (find the pieces, read each with both readers) on every
photo: pieces found (recall), detections that are real (precision), letters right among the
matched pieces, the share accepted without a human and the errors among those, ms per photo.
The baseline in the same run is Tesseract alone on each whole photo (sparse text, A-Z), scored
the same way. Then rendered scenes: DICEWORDS dice at free angles, Lexicon-style cards (spread
and fan), and a 100-tile frame for the time target.

Rendered Scrabble boards (``vision.boards``, synthetic: no real board photos are here) are scored
like the photos and reported apart. ``--baseline DIR`` measures another checkout's pipeline (e.g.
main's) in the same run, on the same photos and boards, and prints the ratios.

Run: ``.venv/bin/python benchmarks/vision.py [--every N] [--boards N] [--baseline DIR]``
(N: every Nth photo, default 1)
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

if "--code" in sys.argv:  # the baseline's run: its own pipeline, in a process of its own
    sys.path.insert(0, sys.argv[sys.argv.index("--code") + 1])
else:
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.sets.dice import DICE
from vision.cards import CardReader
from vision.datasets import bananagrams, boggle, match
from vision.dice import DiceReader
from vision.reading import TileReader
from vision.render import cards_scene, dice_scene, tiles_scene
from vision.tesseract import read_photo
from wordtable.settings import one_thread_for_tesseract

one_thread_for_tesseract()  # Tesseract on one thread, as the wordtable command runs it

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
                f"letters right {self.right / max(self.read, 1):.1%} of {self.read} "
                f"(end to end {self.right / max(self.pieces, 1):.1%} of all)"
                f"{share if self.accepted else ''}, {self.milliseconds / self.photos:.0f} ms a photo")  # fmt: skip


def run(photos, reader: TileReader, tesseract_alone: bool = True) -> tuple[Tally, Tally]:
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
        tesseract = read_photo(image) if tesseract_alone else []
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


@dataclass(frozen=True)
class Board:
    """A rendered board written to a file, with its truth as outlines (one cell around each tile)."""

    path: Path
    outlines: list[np.ndarray]
    letters: list[str]


def boards(count: int, folder: Path, varied: bool = False) -> list[Board]:
    from vision.boards import board_scene

    written = []
    for seed in range(count):
        scene = board_scene(seed, varied=varied)
        path = folder / f"board-{'varied-' if varied else ''}{seed:02d}.png"
        cv2.imwrite(str(path), scene.image)
        half = scene.piece * 0.5
        outlines = [np.array([[x - half, y - half], [x + half, y - half], [x + half, y + half], [x - half, y + half]],
                             np.float32) for x, y in (t.center for t in scene.truth)]  # fmt: skip
        written.append(Board(path, outlines, [t.letter.lower() for t in scene.truth]))
    return written


def measure(args: argparse.Namespace, board_files: list[Board]) -> dict[str, dict[str, float]]:
    """Every set's tally, for this code: the pipeline, and (with --alone) Tesseract alone."""
    reader = TileReader()
    _ = reader.glyphs.templates  # render the templates before timing
    out: dict[str, dict[str, float]] = {}
    if SHARED.exists() and not args.rendered_only:
        sets = (("bananagrams", bananagrams(SHARED / "bananagrams")), ("boggle", boggle(SHARED / "boggle")))
        for name, photos in sets:
            ours, alone = run(list(photos)[:: args.every], reader, args.alone)
            out[name] = dataclasses.asdict(ours)
            if args.alone:
                out[name + " alone"] = dataclasses.asdict(alone)
    for name in ("boards", "varied boards"):
        chosen = [b for b in board_files if ("varied" in b.path.name) == (name == "varied boards")]
        if chosen:
            ours, alone = run(chosen, reader, args.alone)
            out[name] = dataclasses.asdict(ours)
            if args.alone:
                out[name + " alone"] = dataclasses.asdict(alone)
    return out


NAMES = {"bananagrams": "Bananagrams photos (real)", "boggle": "Boggle photos (real, --kind tiles)",
         "boards": "Scrabble boards (RENDERED, synthetic; one classic style)",
         "varied boards": "Scrabble boards (RENDERED, synthetic; a style drawn per board)"}  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--every", type=int, default=1, help="use every Nth photo")
    parser.add_argument("--boards", type=int, default=8, help="rendered Scrabble boards (0: none)")
    parser.add_argument("--rendered-only", action="store_true", help="skip the real photos")
    parser.add_argument("--baseline", metavar="DIR", help="another checkout to measure in the same run (main)")
    parser.add_argument("--code", metavar="DIR", help=argparse.SUPPRESS)  # the baseline's own run
    parser.add_argument("--board-dir", metavar="DIR", help=argparse.SUPPRESS)
    args = parser.parse_args()
    args.alone = args.code is None
    if args.code:  # measure and hand the tallies back
        folder = Path(args.board_dir) if args.board_dir else None
        files = [Board(Path(b["path"]), [np.array(o, np.float32) for o in b["outlines"]], b["letters"])
                 for b in json.loads((folder / "boards.json").read_text())] if folder else []  # fmt: skip
        out = measure(args, files)
        out["hundred"] = {"line": hundred(TileReader())}  # type: ignore[dict-item] # a line, not a tally
        print(json.dumps(out))
        return
    if not SHARED.exists():
        print(f"{SHARED} is absent: real-photo figures skipped")
    with tempfile.TemporaryDirectory() as tmp:
        files = boards(args.boards, Path(tmp)) + boards(args.boards, Path(tmp), varied=True)
        listed = [{"path": str(b.path), "outlines": [o.tolist() for o in b.outlines], "letters": b.letters}
                  for b in files]  # fmt: skip
        (Path(tmp) / "boards.json").write_text(json.dumps(listed))
        base: dict[str, dict[str, float]] = {}
        if args.baseline:
            command = [sys.executable, __file__, "--code", args.baseline, "--every", str(args.every),
                       "--board-dir", tmp] + (["--rendered-only"] if args.rendered_only else [])  # fmt: skip
            base = json.loads(subprocess.run(command, capture_output=True, text=True, check=True).stdout)
        ours = measure(args, files)
    for name in ("bananagrams", "boggle", "boards", "varied boards"):
        if name not in ours:
            continue
        mine = Tally(**ours[name])
        print(f"{NAMES[name]} ({mine.photos} images, {mine.pieces} pieces)")
        print(mine.line("pipeline (kNN + Tesseract composite)"))
        if name in base:
            theirs = Tally(**base[name])
            print(theirs.line(f"baseline pipeline ({args.baseline})"))
            print(f"  ratio: {mine.milliseconds / max(theirs.milliseconds, 1e-9):.2f} x the baseline's time, "
                  f"found {mine.found - theirs.found:+d}, right {mine.right - theirs.right:+d}, "
                  f"detections {mine.detections - theirs.detections:+d}")  # fmt: skip
        alone = Tally(**ours[name + " alone"])
        print(alone.line("Tesseract alone, whole image, psm 11"))
    print("rendered scenes")
    print(dice(30))
    print(cards(20, TileReader()))
    print(hundred(TileReader()))
    if "hundred" in base:
        print(f"  baseline: {base['hundred']['line'].strip()}")  # type: ignore[index] # a line, not a tally


if __name__ == "__main__":
    main()
