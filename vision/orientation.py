"""Which way tiles are turned, from what the table's tiles share.

Public API: :func:`shared_turns`, :data:`SYMMETRIC`, :data:`SHARE`.

Tiles on a table share their turns: a board's tiles all face one way, a player's words face him.
:func:`shared_turns` finds the turns that most of the clear reads share; a read that lies at
another turn is read again at those and wins there when nearly as good (``vision.reading``):
the N read as a Z, the D read as a Q a quarter turn off. Loose tiles at any angle share no turn,
and are read as they lie.

>>> shared_turns([0, 2, 358, 1, 90, 181, 0, 3], [1.0] * 8)
(1,)
>>> shared_turns([0, 90, 180, 270, 45, 135], [1.0] * 6)
()
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

SHARE = 0.6  # of the clear reads: a turn this many share (within 15 degrees) is the table's
SYMMETRIC = frozenset("HINOSXZ")  # look the same upside down: their reads say nothing of the turn


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
