#!/usr/bin/env python3
"""Write rendered Scrabble-board scenes as PNGs (to look at, or to read with ``wordtable read``).

The benchmark and tests render the same scenes in memory (``vision.boards.board_scene``); the
figures on them are synthetic and reported apart from the real photos'.

Run: ``.venv/bin/python scripts/render_boards.py DIR [COUNT]``
"""

from __future__ import annotations

import sys
from pathlib import Path

import cv2

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from vision.boards import board_scene  # noqa: E402 - after the path is set


def main() -> None:
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    folder = Path(sys.argv[1])
    folder.mkdir(parents=True, exist_ok=True)
    for seed in range(int(sys.argv[2]) if len(sys.argv) == 3 else 4):
        scene = board_scene(seed)
        path = folder / f"board-{seed:02d}.png"
        cv2.imwrite(str(path), scene.image)
        print(f"{path}: {len(scene.truth)} tiles")


if __name__ == "__main__":
    main()
