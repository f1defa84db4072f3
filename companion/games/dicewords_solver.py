"""DICEWORDS solver: the best word for a roll, and which dice to keep before a reroll.

Public API: :class:`DiceSolver`, :class:`DicePlay`, :class:`Advice`, :func:`spellable_at_all`.

The nine dice show one of 6**9 (about 10 million) states. Once per dictionary and letter-value
table, the solver works out the best score of every state (word by word: each way of laying
the word's letters on distinct dice fixes those dice and leaves the others free, a slice of a
nine-dimensional table) and, from it, the expected final score of every state with one reroll
left, playing that reroll as well as possible. Both tables are kept in a cache folder if given. Advice is then
exact: the expected score of keeping a set of dice is the mean of the table over the faces the
other dice can show, for all 512 sets (1 reroll left: best scores; 2 rerolls left: the
one-reroll values).

>>> solver = DiceSolver(["elephant", "elephants", "telephone", "plinths", "the"])
>>> solver.words  # TELEPHONE is left out: the dice can never spell it
['elephant', 'elephants', 'plinths', 'the']
>>> [(p.word, p.score, p.wild) for p in solver.best("?EHELSNTP")]
[('elephants', 81, 'a'), ('elephant', 64, 'a'), ('plinths', 49, 'i'), ('the', 12, None)]
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from itertools import combinations, product
from pathlib import Path

import numpy as np

from companion.errors import InvalidInputError
from companion.sets.dice import DICE, VALUES, WILD, WILD_VALUE, LetterValues, read_roll
from companion.words.letters import ALPHABET
from companion.words.wordindex import letter_counts, letter_masks

STATES = 6 ** len(DICE)
SCALE = 100  # expected values are stored in hundredths
_FACE = [{face: i for i, face in enumerate(die.faces)} for die in DICE]


def spellable_at_all(word: str) -> bool:
    """Can the dice ever show ``word`` (each die giving one letter, the gold wild any)?

    >>> spellable_at_all("telephone"), spellable_at_all("elephants")
    (False, True)
    """
    return next(_layouts(word.lower()), None) is not None


def _layouts(word: str) -> Iterator[tuple[dict[int, int], str | None]]:
    """Every way to lay ``word`` on distinct dice: ({die: face index}, the letter the wild stands for)."""
    need: dict[str, int] = {}
    for c in word:
        need[c] = need.get(c, 0) + 1
    letters = sorted(need, key=lambda c: sum(die.has(c) for die in DICE))

    def place(i: int, used: dict[int, int], wild: str | None) -> Iterator[tuple[dict[int, int], str | None]]:
        if i == len(letters):
            yield dict(used), wild
            return
        c = letters[i]
        options = [d for d, die in enumerate(DICE) if d not in used and die.has(c)]
        for k_wild in (0, 1) if wild is None and 0 not in used else (0,):
            k = need[c] - k_wild
            if k < 0 or k > len(options):
                continue
            for chosen in combinations(options, k):
                if k_wild and 0 in chosen:
                    continue
                placed = {**used, **{d: _FACE[d][c] for d in chosen}}
                if k_wild:
                    placed[0] = _FACE[0][WILD]
                yield from place(i + 1, placed, c if k_wild else wild)

    yield from place(0, {}, None)


@dataclass(frozen=True)
class DicePlay:
    word: str | None
    score: int
    wild: str | None = None  # the letter the wild face stands for, if it is used

    def as_dict(self) -> dict[str, object]:
        return {"word": self.word.upper() if self.word else None, "score": self.score, "wild": self.wild}


@dataclass(frozen=True)
class Advice:
    keep: tuple[str, ...]  # colours of the dice to keep
    letters: str  # what they show
    expected: float
    alternatives: tuple[tuple[tuple[str, ...], float], ...]

    def as_dict(self) -> dict[str, object]:
        return {
            "keep": list(self.keep),
            "letters": self.letters.upper(),
            "expected": round(self.expected, 2),
            "alternatives": [{"keep": list(k), "expected": round(e, 2)} for k, e in self.alternatives],
        }


def _mask_of(counts: np.ndarray) -> int:
    return sum(1 << i for i in range(26) if counts[i])


def _letter_hashes() -> np.ndarray:
    """A fixed random 64-bit number per letter: a multiset's hash is the sum of its letters'."""
    return np.random.default_rng(0).integers(1, 2**63, size=26, dtype=np.uint64)


def _max_over_left_out(table: np.ndarray) -> None:
    """In place, on a (7,)*9 table: make entry [f1..f9] (faces 0-5) the maximum over every way
    of replacing some of its faces by index 6, one axis at a time."""
    for axis in range(table.ndim):
        faces = [slice(None)] * table.ndim
        other = [slice(None)] * table.ndim
        faces[axis], other[axis] = slice(0, 6), slice(6, 7)
        np.maximum(table[tuple(faces)], table[tuple(other)], out=table[tuple(faces)])


def _spellable_words(words: Iterable[str], min_length: int, cache: Path | None) -> list[str]:
    """The words of 3 to 9 letters that the dice can spell, cached in ``cache`` by word-list content."""
    candidates = sorted({w for w in words if min_length <= len(w) <= len(DICE) and w.isascii() and w.isalpha()
                         and w.islower()})  # fmt: skip
    digest = hashlib.sha256("\n".join(candidates).encode()).hexdigest()[:16]
    if cache is None:
        return [w for w in candidates if spellable_at_all(w)]
    path = cache / f"dicewords-words-{digest}.txt"
    if path.exists():
        return path.read_text(encoding="ascii").split()
    spellable = [w for w in candidates if spellable_at_all(w)]
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_suffix(f".{os.getpid()}.tmp")
    partial.write_text("\n".join(spellable), encoding="ascii")
    partial.replace(path)
    return spellable


class DiceSolver:
    """Best words and reroll advice for one word list and one table of letter values.

    ``cache``: a folder where the tables are kept between runs (None: built in memory each time).
    """

    def __init__(
        self, words: Iterable[str], values: LetterValues = VALUES, min_length: int = 3, cache: Path | None = None
    ) -> None:
        self.values = values
        self.cache = cache
        self.words = _spellable_words(words, min_length, cache)
        self._counts = letter_counts(self.words).astype(np.int8)
        self._lengths = self._counts.sum(axis=1, dtype=np.int32)
        self._letter_values = np.array([values[c] for c in ALPHABET], dtype=np.int32)
        self._word_values = self._counts.astype(np.int32) @ self._letter_values
        self._masks = letter_masks(self._counts)
        self._tables: tuple[np.ndarray, np.ndarray] | None = None

    # -- best word ---------------------------------------------------------------------

    def best(self, roll: str, top: int = 5, use_wild: bool = True) -> list[DicePlay]:
        """The best plays for a roll, best first: each word once, with the wild only where needed."""
        faces = read_roll(roll)
        budget = np.zeros(26, dtype=np.int8)
        for face in faces:
            if face != WILD:
                budget[ALPHABET.index(face)] += 1
        wild = faces[0] == WILD and use_wild
        # Words using no letter type beyond those showing (or one more, for the wild) first.
        extra = self._masks & np.uint32(~_mask_of(budget) & 0x3FFFFFF)
        rows = np.flatnonzero((extra & (extra - np.uint32(1))) == 0 if wild else extra == 0)
        over = np.clip(self._counts[rows] - budget, 0, None)
        deficit = over.sum(axis=1)
        none = -(10**6)
        lengths, values = self._lengths[rows], self._word_values[rows]
        scores = np.where(deficit == 0, values * lengths, none).astype(np.int64)
        missing = over.argmax(axis=1)
        if wild:
            with_wild = (values - self._letter_values[missing] + WILD_VALUE) * lengths
            scores = np.where(deficit == 1, with_wild, scores)
        order = np.argsort(-scores, kind="stable")[:top]
        plays = [
            DicePlay(self.words[rows[i]], int(scores[i]), ALPHABET[missing[i]] if deficit[i] == 1 else None)
            for i in order
            if scores[i] > none
        ]
        return plays or [DicePlay(None, 0)]

    # -- reroll advice -------------------------------------------------------------------

    def tables(self) -> tuple[np.ndarray, np.ndarray]:
        """(best score of every state, expected score with one reroll left x SCALE), cached."""
        if self._tables is None:
            digest = hashlib.sha256(("\n".join(self.words) + self.values.key()).encode()).hexdigest()[:16]
            path = self.cache / f"dicewords-{digest}.npz" if self.cache else None
            if path is not None and path.exists():
                with np.load(path) as data:
                    self._tables = (data["best"], data["one"])
            else:
                best = self._best_table()
                one = self._one_reroll_table(best)
                if path is not None:
                    path.parent.mkdir(parents=True, exist_ok=True)
                    partial = path.with_suffix(f".{os.getpid()}.tmp.npz")
                    np.savez(partial, best=best, one=one)
                    partial.replace(path)
                self._tables = (best, one)
        return self._tables

    def _best_table(self) -> np.ndarray:
        """Best score of every state of the nine dice (int16, shape 6**9)."""
        exact_keys, exact_scores, wild_keys, wild_scores = self._anagram_maps()
        letter_hash = _letter_hashes()
        dims = len(DICE)
        # Partial states: each die shows one of its faces (0-5) or is left out (6).
        hashes = np.zeros((7,) * dims, dtype=np.uint64)
        for d, die in enumerate(DICE):
            per_face = [0 if f == WILD else int(letter_hash[ALPHABET.index(f)]) for f in die.faces] + [0]
            shape = [1] * dims
            shape[d] = 7
            hashes += np.array(per_face, dtype=np.uint64).reshape(shape)
        scores = np.zeros((7,) * dims, dtype=np.int16)
        wild_face = _FACE[0][WILD]
        for gold in range(7):  # in slices, to bound memory
            keys, values = (wild_keys, wild_scores) if gold == wild_face else (exact_keys, exact_scores)
            part = hashes[gold]
            at = np.minimum(np.searchsorted(keys, part), len(keys) - 1)
            scores[gold] = np.where(keys[at] == part, values[at], 0)
        del hashes
        _max_over_left_out(scores)
        return np.ascontiguousarray(scores[(slice(0, 6),) * dims])

    def _anagram_maps(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """Sorted multiset hashes of the words with their best scores: exact, and with the wild
        standing for one letter (the hash then lacks that letter)."""
        letter_hash = _letter_hashes()
        keys = (self._counts.astype(np.uint64) * letter_hash).sum(axis=1, dtype=np.uint64)
        exact = self._word_values * self._lengths
        wild_keys, wild_scores = [], []
        for c in range(26):
            has = self._counts[:, c] > 0
            wild_keys.append(keys[has] - letter_hash[c])
            wild_scores.append((self._word_values[has] - self._letter_values[c] + WILD_VALUE) * self._lengths[has])

        def best_per_key(k: np.ndarray, v: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
            order = np.lexsort((-v, k))
            k, v = k[order], v[order]
            first = np.ones(len(k), dtype=bool)
            first[1:] = k[1:] != k[:-1]
            return k[first], np.clip(v[first], 0, None).astype(np.int16)

        return (*best_per_key(keys, exact), *best_per_key(np.concatenate(wild_keys), np.concatenate(wild_scores)))

    @staticmethod
    def _one_reroll_table(best: np.ndarray) -> np.ndarray:
        """For every state: the best, over the 512 sets of dice to keep, of the mean best score
        over the faces the rerolled dice can show (x SCALE, uint16)."""
        means = best.astype(np.float32)
        for axis in range(len(DICE)):  # index 6 on an axis: "this die is rerolled" (the mean)
            means = np.concatenate([means, means.mean(axis=axis, keepdims=True)], axis=axis)
        _max_over_left_out(means)
        one = means[(slice(0, 6),) * len(DICE)]
        return np.rint(one * SCALE).astype(np.uint16)

    def advise(self, roll: str, rolls_left: int, alternatives: int = 4) -> Advice:
        """Which dice to keep with ``rolls_left`` rerolls to come (1 or 2), and the expected score."""
        if rolls_left not in (1, 2):
            raise InvalidInputError("rolls left must be 1 or 2 (with none left, take the best word)")
        faces = read_roll(roll)
        best, one = self.tables()
        table, scale = (best, 1) if rolls_left == 1 else (one, SCALE)
        at = [_FACE[d][f] for d, f in enumerate(faces)]
        results = []
        for keep in product((False, True), repeat=len(DICE)):
            index = tuple(at[d] if k else slice(None) for d, k in enumerate(keep))
            expected = float(table[index].mean(dtype=np.float64)) / scale
            results.append((expected, sum(keep), keep))
        results.sort(key=lambda r: (-r[0], -r[1]))

        def colours(keep: tuple[bool, ...]) -> tuple[str, ...]:
            return tuple(die.colour for die, k in zip(DICE, keep, strict=True) if k)

        expected, _, keep = results[0]
        letters = "".join(f for f, k in zip(faces, keep, strict=True) if k)
        others = tuple((colours(k), e) for e, _, k in results[1 : 1 + alternatives])
        return Advice(colours(keep), letters, expected, others)
