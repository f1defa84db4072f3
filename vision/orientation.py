"""Which way a tile is turned, from evidence: its square's edges, and the turns the table shares.

Public API: :func:`quarter_axis`, :func:`candidate_turns`, :func:`shared_turns`, :data:`FREE`.

A tile is a square, and the edges of its face (and most strokes of a letter on it) run along
its two axes, so the gradients in the tile's box give its turn within a quarter turn: each
gradient's direction is taken four times over (a quarter turn is then a whole one) and their
magnitude-weighted mean points at the axis; how much they agree (0-1) says how sure it is. The
reader then tries only the four quarter turns of that axis instead of 24 free angles.

Tiles on a table also share their turns: a board's tiles all face one way, a player's words face
him. :func:`shared_turns` finds the turns most confident reads share; a read that lies at another
turn is tried again at those, and wins there when it is nearly as good (``vision.reading``).

>>> import numpy as np, cv2
>>> tile = np.full((80, 80), 60, np.uint8)
>>> _ = cv2.rectangle(tile, (20, 20), (60, 60), 230, -1)
>>> turned = cv2.warpAffine(tile, cv2.getRotationMatrix2D((40, 40), 20, 1.0), (80, 80), borderValue=60)
>>> axis, sure = quarter_axis(turned)
>>> round(axis), sure > 0.5
(20, True)
>>> candidate_turns(axis, sure)
(20, 110, 200, 290)
>>> shared_turns([0, 2, 358, 1, 90, 181, 0, 3], [1.0] * 8)
(1,)
"""

from __future__ import annotations

from collections.abc import Sequence

import cv2
import numpy as np

FREE = tuple(range(0, 360, 15))  # no evidence: every 15 degrees
SURE = 0.3  # agreement of the gradients above which the axis is trusted
SHARE = 0.25  # of the confident reads: a turn this many share is one of the table's


def quarter_axis(gray: np.ndarray) -> tuple[float, float]:
    """The turn (degrees counter-clockwise, 0-90) of the square in a gray window, and how sure (0-1)."""
    window = gray.astype(np.float32)
    gx = cv2.Sobel(window, cv2.CV_32F, 1, 0, ksize=3)
    gy = cv2.Sobel(window, cv2.CV_32F, 0, 1, ksize=3)
    magnitude = np.hypot(gx, gy)
    theta = np.arctan2(gy, gx) * 4
    total = float(magnitude.sum())
    if total <= 0:
        return 0.0, 0.0
    c, s = float((magnitude * np.cos(theta)).sum()), float((magnitude * np.sin(theta)).sum())
    axis = -np.degrees(np.arctan2(s, c)) / 4  # image y runs down: counter-clockwise is negative
    return float(axis % 90), float(np.hypot(c, s) / total)


def candidate_turns(axis: float, sure: float) -> tuple[int, ...]:
    """The turns to try: the four quarter turns of a trusted axis, else FREE."""
    if sure < SURE:
        return FREE
    return tuple(round(axis + 90 * k) % 360 for k in range(4))


def shared_turns(turns: Sequence[int], weights: Sequence[float], tolerance: int = 15) -> tuple[int, ...]:
    """The turns (degrees) that at least SHARE of the weight lies within ``tolerance`` of, strongest first."""
    if not turns:
        return ()
    angles = np.radians(np.array(turns, np.float64))
    w = np.array(weights, np.float64)
    total = float(w.sum())
    found: list[int] = []
    taken = np.zeros(len(turns), bool)
    while True:
        best, best_weight = -1, 0.0
        for i in range(len(turns)):
            if taken[i]:
                continue
            near = ~taken & (np.abs((np.degrees(angles - angles[i]) + 180) % 360 - 180) <= tolerance)
            if float(w[near].sum()) > best_weight:
                best, best_weight = i, float(w[near].sum())
        if best < 0 or best_weight < SHARE * total:
            return tuple(found)
        near = ~taken & (np.abs((np.degrees(angles - angles[best]) + 180) % 360 - 180) <= tolerance)
        mean = np.degrees(np.arctan2((w[near] * np.sin(angles[near])).sum(), (w[near] * np.cos(angles[near])).sum()))
        found.append(round(float(mean)) % 360)
        taken |= near
