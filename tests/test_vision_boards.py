"""Tiles on a rendered Scrabble board (``vision.boards``: synthetic, no real board photos are here).

Floors just below what benchmarks/vision.py measured on rendered boards (docs/vision.md): the
board's print, grid, logo and the tiles' shadows must not hide the tiles or pass as letters read
with confidence.
"""

from __future__ import annotations

import numpy as np

from vision.boards import board_scene
from vision.reading import TileReader


def test_tiles_on_rendered_boards_are_found_and_read() -> None:
    reader = TileReader()
    tiles = found = detections = right = accepted = accepted_wrong = 0
    for seed in (100, 101):
        scene = board_scene(seed)
        items = reader.read(scene.image)
        detections += len(items)
        used: set[int] = set()
        for truth in scene.truth:
            tiles += 1
            near = [k for k, i in enumerate(items)
                    if k not in used and np.hypot(*np.subtract(i.center, truth.center)) < 20]  # fmt: skip
            if near:
                item = items[near[0]]
                used.add(near[0])
                found += 1
                right += item.letter == truth.letter
                accepted += item.accepted
                accepted_wrong += item.accepted and item.letter != truth.letter
    assert tiles > 150
    assert found / tiles >= 0.96 and found / detections >= 0.65
    assert right / found >= 0.98 and accepted / found >= 0.75 and accepted_wrong <= 1


def test_a_board_scene_is_a_seeded_function() -> None:
    one, again = board_scene(3), board_scene(3)
    assert np.array_equal(one.image, again.image) and one.truth == again.truth
    assert not np.array_equal(one.image, board_scene(4).image)
