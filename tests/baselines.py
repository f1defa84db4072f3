"""The straightforward methods: the tests check the fast solvers against them, and the benchmarks
(benchmarks/solver.py, benchmarks/dicewords.py) time the fast solvers against them.

Not a test module: pytest collects nothing here.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable

from companion.games.dicewords import play_score
from companion.games.dicewords_solver import DiceSolver
from companion.sets.dice import DICE, VALUES, LetterValues, parse_roll
from companion.words.rules import WordRules
from companion.words.stems import StemJudge, Verdict


def counter_find(
    dictionary: Iterable[str], judge: StemJudge, pool: str, table: Iterable[str], rules: WordRules
) -> tuple[list[str], list[tuple[str, str]]]:
    """``Referee.find`` for one-word steals, the straightforward way: one ``Counter`` per dictionary
    word, compared with the pool (new words) and with the pool plus each table word (steals that
    use every letter of it, with the same stem judge). Returns the new words, sorted, and the
    steals as (new word, table word)."""
    pool_count = Counter(pool.lower())
    counted = [(w, Counter(w)) for w in dictionary]
    new = sorted(w for w, c in counted if len(w) >= rules.min_length and not c - pool_count)
    steals = []
    for old in dict.fromkeys(table):
        old_count = Counter(old)
        budget = pool_count + old_count
        for w, c in counted:
            fits = len(w) > len(old) and len(w) >= rules.min_length and not c - budget and not old_count - c
            if fits and judge.judge(old, w).verdict is Verdict.DIFFERENT:
                steals.append((w, old))
    return new, steals


def scan_best(words: Iterable[str], roll: str, values: LetterValues = VALUES) -> int:
    """DICEWORDS: the best score of ``roll`` by scoring every word with ``play_score`` (0: none)."""
    faces = parse_roll(roll)
    scores = [play_score(w, faces, values) for w in words]
    return max((s[0] for s in scores if s is not None), default=0)


def reroll_expectation(solver: DiceSolver, roll: str, keep: set[int]) -> float:
    """DICEWORDS: the mean best score over every face the dice not in ``keep`` can show."""
    faces = parse_roll(roll)
    free = [d for d in range(9) if d not in keep]
    total = 0
    outcomes = list(itertools.product(*(DICE[d].faces for d in free)))
    for outcome in outcomes:
        final = list(faces)
        for d, f in zip(free, outcome, strict=True):
            final[d] = f
        total += max(solver.best("".join(final), top=1)[0].score, 0)
    return total / len(outcomes)
