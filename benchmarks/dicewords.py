#!/usr/bin/env python3
"""Benchmark the DICEWORDS solver: ``best`` and ``advise`` (1 and 2 rerolls left).

Prints medians over random rolls, the one-off cost of building the tables (and of loading them
from the cache), and ratios against brute force measured in the same run:

- ``best`` against scanning every spellable word with ``play_score`` (pure Python);
- ``advise`` with 1 reroll left against enumerating the rerolled dice's faces and taking the
  best word of each outcome. Brute force over all 512 keep sets is 7**9 = 40 million outcomes,
  too long to run: its cost is measured per outcome on sampled keep sets and multiplied out.

Run: ``.venv/bin/python benchmarks/dicewords.py [--dictionary standard|large] [--rolls 30]``
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.games.dicewords_solver import DiceSolver
from companion.sets.dice import DICE
from companion.words.dictionary import Dictionary
from tests.baselines import reroll_expectation, scan_best


def ms(start: float) -> float:
    return (time.perf_counter() - start) * 1000


def random_roll(rng: random.Random) -> str:
    return "".join(rng.choice(die.faces) for die in DICE)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dictionary", default="large", choices=["standard", "large"])
    parser.add_argument("--rolls", type=int, default=30)
    args = parser.parse_args()
    rng = random.Random(9)
    words = Dictionary.load(args.dictionary)

    import os

    os.environ["WORDTABLE_CACHE"] = tempfile.mkdtemp()
    start = time.perf_counter()
    solver = DiceSolver(words)
    init_ms = ms(start)
    start = time.perf_counter()
    best_table = solver._best_table()
    best_table_ms = ms(start)
    start = time.perf_counter()
    solver._one_reroll_table(best_table)
    one_table_ms = ms(start)
    solver.tables()  # build and cache
    cached = DiceSolver(words)
    start = time.perf_counter()
    cached.tables()
    load_ms = ms(start)

    rolls = [random_roll(rng) for _ in range(args.rolls)]
    best_ms, brute_best_ms = [], []
    for roll in rolls:
        start = time.perf_counter()
        plays = solver.best(roll)
        best_ms.append(ms(start))
    for roll in rolls[:5]:
        start = time.perf_counter()
        brute = scan_best(solver.words, roll)
        brute_best_ms.append(ms(start))
        assert brute == max(solver.best(roll)[0].score, 0), roll
    del plays

    advise_ms = {1: [], 2: []}
    for roll in rolls:
        for left in (1, 2):
            start = time.perf_counter()
            solver.advise(roll, left)
            advise_ms[left].append(ms(start))

    # Brute force for one reroll: time per outcome on keep sets that reroll two dice.
    outcome_ms = []
    for roll in rolls[:3]:
        free = rng.sample(range(9), 2)
        start = time.perf_counter()
        reroll_expectation(solver, roll, keep=set(range(9)) - set(free))  # 6 x 6 outcomes
        outcome_ms.append(ms(start) / 36)
    brute_advise_ms = statistics.median(outcome_ms) * 7**9

    median = statistics.median
    print(f"dictionary: {args.dictionary}, {len(solver.words)} words the dice can spell; {args.rolls} random rolls")
    print(f"solver set-up {init_ms:.0f} ms (spellable words; cached after the first run)")
    print(f"tables, built once per word list and value table: best {best_table_ms / 1000:.1f} s, "
          f"one-reroll {one_table_ms / 1000:.1f} s; loaded from the cache in {load_ms:.0f} ms")  # fmt: skip
    print(f"best:   median {median(best_ms):.2f} ms; brute force {median(brute_best_ms):.0f} ms "
          f"(ratio {median(brute_best_ms) / median(best_ms):.0f}x)")  # fmt: skip
    print(f"advise, 1 reroll left (exact):  median {median(advise_ms[1]):.0f} ms; brute force about "
          f"{brute_advise_ms / 1000 / 3600:.0f} h ({median(outcome_ms):.1f} ms per outcome x 7^9 outcomes; "
          f"ratio {brute_advise_ms / median(advise_ms[1]):.1e})")  # fmt: skip
    print(f"advise, 2 rerolls left (exact): median {median(advise_ms[2]):.0f} ms")
    print("targets: best <= 5 ms; advise with 2 rerolls left <= 1 s")


if __name__ == "__main__":
    main()
