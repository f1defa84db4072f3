"""Referee rulings on steals, remembered across games: they win over the stem judge.

Public API: :class:`OverrideStore`, :class:`Ruling`.

A ruling says that turning OLD into NEW is *allowed* (different stem) or *refused* (same stem).
The store is a SQLite file; it reads as a mapping ``(old, new) -> allowed`` that
:class:`companion.words.stems.StemJudge` takes as its ``overrides``.

>>> store = OverrideStore(":memory:")
>>> store.rule("port", "report", allowed=False, note="house rule: same Latin root")
>>> store[("port", "report")]
False
>>> [(r.old, r.new, r.allowed) for r in store.rulings()]
[('port', 'report', False)]
>>> store.remove("port", "report")
True
>>> len(store)
0
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

from companion.errors import InvalidInputError
from companion.words.letters import Letters

_SCHEMA = """
CREATE TABLE IF NOT EXISTS stem_overrides (
    old TEXT NOT NULL,
    new TEXT NOT NULL,
    allowed INTEGER NOT NULL CHECK (allowed IN (0, 1)),
    note TEXT NOT NULL DEFAULT '',
    ruled_at REAL NOT NULL,
    PRIMARY KEY (old, new)
)
"""


@dataclass(frozen=True)
class Ruling:
    old: str
    new: str
    allowed: bool
    note: str
    ruled_at: float

    def as_dict(self) -> dict[str, object]:
        return {"old": self.old, "new": self.new, "allowed": self.allowed, "note": self.note, "ruled_at": self.ruled_at}


class OverrideStore(Mapping[tuple[str, str], bool]):
    """Rulings kept in SQLite (``":memory:"`` for a throwaway store); reads come from memory."""

    def __init__(self, path: str | Path) -> None:
        self.path = path
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(str(path))
        with self._db:
            self._db.execute(_SCHEMA)
        self._rulings = {(r.old, r.new): r for r in self._read()}

    def _read(self) -> Iterator[Ruling]:
        rows = self._db.execute("SELECT old, new, allowed, note, ruled_at FROM stem_overrides ORDER BY ruled_at")
        for old, new, allowed, note, ruled_at in rows:
            yield Ruling(old, new, bool(allowed), note, ruled_at)

    def rule(self, old: str, new: str, allowed: bool, note: str = "") -> None:
        """Record (or replace) the referee's ruling on OLD -> NEW. Committed before it returns."""
        old, new = old.lower(), new.lower()
        if not Letters(old) < Letters(new):
            raise InvalidInputError(f"{new.upper()} is not {old.upper()} plus letters: nothing to rule on")
        ruling = Ruling(old, new, allowed, note, time.time())
        with self._db:
            self._db.execute(
                "INSERT OR REPLACE INTO stem_overrides VALUES (?, ?, ?, ?, ?)",
                (old, new, int(allowed), note, ruling.ruled_at),
            )
        self._rulings[(old, new)] = ruling

    def remove(self, old: str, new: str) -> bool:
        """Forget a ruling; True if there was one."""
        key = (old.lower(), new.lower())
        with self._db:
            self._db.execute("DELETE FROM stem_overrides WHERE old = ? AND new = ?", key)
        return self._rulings.pop(key, None) is not None

    def rulings(self) -> list[Ruling]:
        return sorted(self._rulings.values(), key=lambda r: r.ruled_at)

    def __getitem__(self, key: tuple[str, str]) -> bool:
        return self._rulings[key].allowed

    def __iter__(self) -> Iterator[tuple[str, str]]:
        return iter(self._rulings)

    def __len__(self) -> int:
        return len(self._rulings)

    def close(self) -> None:
        self._db.close()
