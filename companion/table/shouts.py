"""Who shouted first: ordering shouts by device timestamps (Not Scrabble rules 04-06).

Public API: :class:`Shout`, :func:`simultaneous_groups`.

Rule 04: "shout it out immediately, no matter whose turn it is". Rule 06: "If two or more
players have called out words simultaneously, then the player who shouted the longest word
wins ... If the words are of the same length, then the winner is decided by
rock-paper-scissors." Shouts are ordered by the device's timestamps only, never by when they
reached the host; "simultaneous" means within ``window_us`` of the group's first shout. Who of a
group claims is the engine's to say (``companion.games.not_scrabble.settle_calls``), so a record
replayed or typed in is held to rule 06 as the live table is.

>>> shouts = [Shout("Ann", "ride", 1_000), Shout("Ben", "glider", 1_150), Shout("Cat", "dire", 900_000)]
>>> [[s.player for s in group] for group in simultaneous_groups(shouts, window_us=250_000)]
[['Ann', 'Ben'], ['Cat']]
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True)
class Shout:
    """A player's shout of ``word``; ``at_us`` is the device timestamp in microseconds."""

    player: str
    word: str
    at_us: int
    source: str | None = None  # Owner:WORD when the shout names a steal


def simultaneous_groups(shouts: Iterable[Shout], window_us: int) -> list[list[Shout]]:
    """Shouts in time order, grouped: a group is every shout within ``window_us`` of its first."""
    ordered = sorted(shouts, key=lambda s: (s.at_us, s.player))
    groups: list[list[Shout]] = []
    for shout in ordered:
        if groups and shout.at_us - groups[-1][0].at_us <= window_us:
            groups[-1].append(shout)
        else:
            groups.append([shout])
    return groups
