"""The table model: words from tiles, zones, reads that hold over frames, questions for a person.

Public API: :class:`Word`, :func:`words`, :class:`Zone`, :class:`TableView`, :func:`view`,
:class:`Question`, :func:`questions`, :class:`Stabiliser`.

Tiles make a word when they lie edge to edge in a row (or a column) and face the same way; the
word reads in the tiles' own reading direction, so a word placed facing its owner reads right
for him whichever side of the table he sits. Each word belongs to the zone its middle lies in
(a player's, or the pool); loose tiles are the pool's.

>>> from vision.reading import Item
>>> row = [Item(c, 1.0, (100 + 50 * i, 100, 48, 48), 0) for i, c in enumerate("TAB")]
>>> upside_down = [Item(c, 1.0, (300 - 50 * i, 300, 48, 48), 180) for i, c in enumerate("CAT")]
>>> [w.text for w in words(row + upside_down)]
['TAB', 'CAT']
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Generic, TypeVar

import cv2
import numpy as np

from companion.errors import InvalidInputError
from companion.sets.dice import DICE
from companion.table.seen import Seen, Unsure
from companion.words.letters import Letters
from vision.reading import Item

POOL = "pool"
#: What a change on the table is judged on: each zone's words (sorted), and the pool's letters.
TableKey = tuple[tuple[tuple[str, tuple[str, ...]], ...], str]
SAME_WAY = 30  # degrees two tiles of one word may differ by


@dataclass(frozen=True)
class Word:
    text: str
    items: tuple[int, ...]  # indices into the frame's items, in reading order
    direction: str  # "across" or "down", in the tiles' own frame

    def as_dict(self) -> dict[str, object]:
        return {"text": self.text, "items": list(self.items), "direction": self.direction}


HALF_TURN_SAME = set("HINOSXZ")  # look the same upside down: no say in which way a word reads
ANY_TURN = set("OX")  # no say in the row's direction either


def _axis(item: Item) -> float:
    return math.radians(item.angle) % (math.pi / 2)


def _rows(items: Sequence[Item]) -> list[list[int]]:
    """Chains of tiles lying edge to edge along one line (each tile's own grid, any direction)."""
    edges: dict[int, list[tuple[int, int]]] = {}  # the line's heading in steps of 15 degrees (mod 180)
    for i, a in enumerate(items):
        for j in range(i + 1, len(items)):
            b = items[j]
            dx, dy = b.center[0] - a.center[0], b.center[1] - a.center[1]
            size = (max(a.box[2:]) + max(b.box[2:])) / 2
            if not 0.6 * size < math.hypot(dx, dy) < 1.3 * size:
                continue
            heading = math.atan2(dy, dx)
            judges = [t for t in (a, b) if t.letter not in ANY_TURN] or [a]
            off = [abs((heading - _axis(t) + math.pi / 4) % (math.pi / 2) - math.pi / 4) for t in judges]
            if max(off) < math.radians(SAME_WAY) * 0.7:
                edges.setdefault(round(math.degrees(heading) % 180 / 15) % 12, []).append((i, j))
    chains: list[list[int]] = []
    seen: set[frozenset[int]] = set()
    for heading in edges:
        near = [e for h, es in edges.items() if abs((h - heading + 6) % 12 - 6) <= 1 for e in es]
        for chain in _components(len(items), near):
            if len(chain) > 1 and frozenset(chain) not in seen:
                seen.add(frozenset(chain))
                chains.append(chain)
    return chains


def _components(count: int, edges: list[tuple[int, int]]) -> list[list[int]]:
    parent = list(range(count))

    def root(k: int) -> int:
        while parent[k] != k:
            parent[k] = parent[parent[k]]
            k = parent[k]
        return k

    for i, j in edges:
        parent[root(i)] = root(j)
    groups: dict[int, list[int]] = {}
    for k in range(count):
        groups.setdefault(root(k), []).append(k)
    return list(groups.values())


def _order(items: Sequence[Item], chain: list[int]) -> Word:
    """The chain in reading order, across or down, by the way its tiles face."""
    xs = np.array([items[i].center for i in chain], np.float64)
    centred = xs - xs.mean(axis=0)
    line = np.linalg.svd(centred, full_matrices=False)[2][0] if len(chain) > 1 else np.array([1.0, 0.0])
    across = down = 0.0
    for i in chain:
        if items[i].letter in HALF_TURN_SAME:
            continue
        theta = math.radians(items[i].angle)
        across += math.cos(theta) * line[0] + math.sin(theta) * line[1]
        down += -math.sin(theta) * line[0] + math.cos(theta) * line[1]
    if abs(across) >= abs(down):
        direction, sign = "across", 1.0 if across >= 0 else -1.0
    else:
        direction, sign = "down", 1.0 if down >= 0 else -1.0
    ordered = [chain[k] for k in np.argsort(sign * (centred @ line))]
    return Word("".join(items[i].letter for i in ordered), tuple(ordered), direction)


def words(items: Sequence[Item]) -> list[Word]:
    """Rows and columns of two or more tiles, in reading order; a tile may be in one of each."""
    return [_order(items, chain) for chain in _rows(items)]


@dataclass(frozen=True)
class Zone:
    """A named region of the (warped) table: a player's, or the pool."""

    name: str
    polygon: tuple[tuple[float, float], ...]

    def holds(self, point: tuple[float, float]) -> bool:
        contour = np.array(self.polygon, np.float32).reshape(-1, 1, 2)
        return cv2.pointPolygonTest(contour, (float(point[0]), float(point[1])), False) >= 0


@dataclass
class TableView:
    """What lies on the table in one frame."""

    items: list[Item]
    words: list[Word]
    zones: dict[str, list[int]]  # zone -> indices of its words
    pool: list[int]  # indices of loose tiles (not in any word)

    def key(self) -> TableKey:
        """What a change is judged on: each zone's words and the pool's letters (for dice, each
        die's letter: two dice that swap letters are a change)."""
        loose = sorted(f"{self.items[i].die}:{self.items[i].letter}" if self.items[i].die else self.items[i].letter
                       for i in self.pool)  # fmt: skip
        return (
            tuple(sorted((z, tuple(sorted(self.words[w].text for w in ws))) for z, ws in self.zones.items())),
            ",".join(loose) if any(self.items[i].die for i in self.pool) else "".join(loose),
        )

    def relabel(self, index: int, letter: str) -> Item:
        """A person says item ``index`` is ``letter``: it is, for sure, and its words follow."""
        if not 0 <= index < len(self.items):
            raise InvalidInputError(f"item: 0-{len(self.items) - 1}")
        item = self.items[index]
        item.letter, item.confidence, item.accepted, item.alternatives = letter, 1.0, True, ()
        self.words = [Word("".join(self.items[i].letter for i in w.items), w.items, w.direction) for w in self.words]
        return item

    def seen(self, kind: str = "tiles") -> Seen:
        """What the table shows, for the referee (``companion.table.seen``): the pool's letters, each
        zone's words, the nine dice in die order (and the values printed on them, where read for sure),
        and the reads nobody is sure of yet."""
        where = {i: self._zone_of(n) or "table" for n, w in enumerate(self.words) for i in w.items}
        unsure = tuple(Unsure(where.get(i, "pool"), (item.letter, *item.alternatives), "not sure")
                       for i, item in enumerate(self.items) if not item.accepted)  # fmt: skip
        if kind == "dice":
            by_die = {item.die: item for item in self.items if item.die}
            faces = "".join(by_die[die.colour].letter if die.colour in by_die else "" for die in DICE)
            if len(faces) != len(DICE):
                return Seen(unsure=unsure)
            values = tuple(by_die[d.colour].value if by_die[d.colour].value_sure else None for d in DICE)
            return Seen(dice=faces, values=values, unsure=unsure)
        words = tuple((self._zone_of(n) or "table", w.text) for n, w in enumerate(self.words))
        return Seen(pool="".join(self.items[i].letter for i in self.pool), words=words, unsure=unsure)

    def as_dict(self) -> dict[str, object]:
        return {
            "items": [item.as_dict() for item in self.items],
            "words": [{**w.as_dict(), "zone": self._zone_of(n)} for n, w in enumerate(self.words)],
            "pool": [self.items[i].letter for i in self.pool],
        }

    def _zone_of(self, word: int) -> str | None:
        return next((z for z, ws in self.zones.items() if word in ws), None)


Points = list[tuple[float, float]]


def view(
    items: list[Item],
    zones: Sequence[Zone] = (),
    to_table: Callable[[Points], Points] | None = None,
    grouped: bool = True,
) -> TableView:
    """Group a frame's items into words and zones (``to_table`` maps frame pixels to the zones' view);
    ``grouped=False`` leaves every item loose (dice)."""
    found = words(items) if grouped else []
    in_words = {i for w in found for i in w.items}
    by_zone: dict[str, list[int]] = {}
    for n, word in enumerate(found):
        middle = tuple(np.mean([items[i].center for i in word.items], axis=0))
        if to_table is not None:
            middle = to_table([middle])[0]
        zone = next((z.name for z in zones if z.name != POOL and z.holds(middle)), "table")
        by_zone.setdefault(zone, []).append(n)
    pool = [i for i in range(len(items)) if i not in in_words]
    return TableView(items, found, by_zone, pool)


@dataclass(frozen=True)
class Question:
    """A read a person should confirm with one tap: the item and the letters to offer."""

    item: int
    choices: tuple[str, ...]
    why: str

    def as_dict(self) -> dict[str, object]:
        return {"item": self.item, "choices": list(self.choices), "why": self.why}


def questions(
    items: Sequence[Item], tileset: Letters | None = None, confirmed: frozenset[int] = frozenset()
) -> list[Question]:
    """Uncertain reads, and reads of a letter the set has fewer of than are seen.

    >>> from companion.sets.tilesets import SCRABBLE_NO_BLANKS
    >>> seen = [Item("Z", 0.9, (0, 0, 9, 9), 0, ("N",), True), Item("Z", 0.9, (20, 0, 9, 9), 90, ("N",), True)]
    >>> [q.why for q in questions(seen, SCRABBLE_NO_BLANKS)]
    ['the set has 1 Z, 2 seen', 'the set has 1 Z, 2 seen']
    """
    asked = []
    counts = Counter(item.letter for item in items)
    have = Counter(str(tileset).upper()) if tileset is not None else None
    for i, item in enumerate(items):
        if i in confirmed:
            continue
        choices = (item.letter, *item.alternatives)
        if have is not None and counts[item.letter] > have[item.letter]:
            why = f"the set has {have[item.letter]} {item.letter}, {counts[item.letter]} seen"
            asked.append(Question(i, choices, why))
        elif not item.accepted:
            asked.append(Question(i, choices, "the readers are not sure" if item.second == item.letter
                                  else f"the second reader saw {item.second or 'nothing'}"))  # fmt: skip
    return asked


K = TypeVar("K")


@dataclass
class Stabiliser(Generic[K]):
    """A change on the table counts only once it has held for ``frames`` frames in a row.

    >>> s = Stabiliser(frames=3)
    >>> [s.push(k) for k in "AABBBCB"]
    ['A', 'A', 'A', 'A', 'B', 'B', 'B']
    """

    frames: int = 3
    stable: K | None = None
    _candidate: K | None = None
    _seen: int = 0
    history: list[K] = field(default_factory=list)

    def push(self, key: K) -> K:
        if self.stable is None:
            self.stable = key
        if key == self.stable:
            self._candidate, self._seen = None, 0
        elif key == self._candidate:
            self._seen += 1
            if self._seen >= self.frames:
                self.stable, self._candidate, self._seen = key, None, 0
                self.history.append(key)
        else:
            self._candidate, self._seen = key, 1
        return self.stable if self.stable is not None else key
