"""A letter-count index over a dictionary, to find every word that fits in a set of letters fast.

Public API: :class:`WordIndex`.

Each word is stored as a 26-bit mask of the letters it uses and as its letter counts packed
five bits a letter into three 64-bit integers (nine letters each; four bits of count plus a
guard bit). "Does the budget hold this word?" is then one subtraction per integer for the
whole dictionary at once (SIMD within a register): in every five-bit field,
``(budget | guard) - word`` keeps its guard bit exactly when the budget's count is at least
the word's, and no borrow crosses a field.

>>> index = WordIndex(["glider", "ride", "dirge", "girdle", "gild"])
>>> sorted(index.fitting(Letters("rideglx")))
['dirge', 'gild', 'girdle', 'glider', 'ride']
>>> sorted(index.fitting(Letters("rideglx"), must=Letters("ride"), min_length=5))
['dirge', 'girdle', 'glider']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np

from companion.words.letters import Letters

_FIELDS = 9  # letters per 64-bit word
_GUARD = np.uint64(sum(16 << (5 * i) for i in range(_FIELDS)))


def _pack(counts: Iterable[int]) -> tuple[int, int, int]:
    values = [min(c, 15) for c in counts]
    packed = [0, 0, 0]
    for i, c in enumerate(values):
        packed[i // _FIELDS] |= c << (5 * (i % _FIELDS))
    return packed[0], packed[1], packed[2]


def _mask(counts: Iterable[int]) -> int:
    return sum(1 << i for i, c in enumerate(counts) if c)


def letter_counts(words: Sequence[str]) -> np.ndarray:
    """How often each letter a-z is in each word: an (n, 26) array, for lowercase a-z words.

    >>> letter_counts(["glider", "aa"])[:, :7].tolist()
    [[0, 0, 0, 1, 1, 0, 1], [2, 0, 0, 0, 0, 0, 0]]
    """
    lengths = np.fromiter((len(w) for w in words), dtype=np.int64, count=len(words))
    letters = np.frombuffer("".join(words).encode("ascii"), dtype=np.uint8).astype(np.int64) - ord("a")
    owner = np.repeat(np.arange(len(words)), lengths)
    return np.bincount(owner * 26 + letters, minlength=26 * len(words)).reshape(-1, 26)


def letter_masks(counts: np.ndarray) -> np.ndarray:
    """Each word's letters as a 26-bit mask (bit i: letter i is in it)."""
    masks: np.ndarray = ((counts > 0).astype(np.uint32) << np.arange(26, dtype=np.uint32)).sum(axis=1, dtype=np.uint32)
    return masks


class WordIndex:
    """Every word of a word list, searchable by the letters available."""

    def __init__(self, words: Iterable[str]) -> None:
        self.words = sorted(w for w in words if w.isascii() and w.isalpha() and w.islower())
        counts = np.minimum(letter_counts(self.words), 15).astype(np.uint64)
        self._lengths = counts.sum(axis=1).astype(np.int16)
        self._masks = letter_masks(counts)
        shifts = (5 * (np.arange(26) % _FIELDS)).astype(np.uint64)
        shifted = counts << shifts
        self._packed = [shifted[:, k * _FIELDS : (k + 1) * _FIELDS].sum(axis=1, dtype=np.uint64) for k in range(3)]

    def __len__(self) -> int:
        return len(self.words)

    def candidates(
        self,
        budget: Letters,
        must: Letters | None = None,
        min_length: int = 1,
        max_length: int | None = None,
        rows: np.ndarray | None = None,
    ) -> np.ndarray:
        """Indices (ascending) of the words made from ``budget`` that use every letter of ``must``.

        ``rows`` restricts the search to those indices.
        """
        top = len(budget) if max_length is None else min(max_length, len(budget))
        low = max(min_length, len(must) if must is not None else 0)
        lengths, masks = (self._lengths, self._masks) if rows is None else (self._lengths[rows], self._masks[rows])
        keep = (lengths >= low) & (lengths <= top)
        keep &= (masks & np.uint32(~_mask(budget.counts) & 0x3FFFFFF)) == 0
        if must is not None:
            need = np.uint32(_mask(must.counts))
            keep &= (masks & need) == need
        rows = np.flatnonzero(keep) if rows is None else rows[keep]
        for k, (b, m) in enumerate(zip(_pack(budget.counts), _pack(must.counts) if must else (0, 0, 0), strict=True)):
            column = self._packed[k][rows]
            ok = ((np.uint64(b) | _GUARD) - column) & _GUARD == _GUARD
            if m:
                ok &= ((column | _GUARD) - np.uint64(m)) & _GUARD == _GUARD
            rows = rows[ok]
        return rows

    def fitting(self, budget: Letters, must: Letters | None = None, min_length: int = 1) -> list[str]:
        """The words made from ``budget`` (each letter used at most as often as it is there)."""
        return [self.words[i] for i in self.candidates(budget, must, min_length)]
