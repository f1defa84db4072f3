#!/usr/bin/env python3
"""Benchmark ``Referee.find`` on a Not Scrabble table of 12 words and 25 pool letters, large list.

Prints: dictionary load time, index build time, peak memory, then the median time of ``find``
over many different random tables (each table new to the referee), the median on a table seen
before (the referee's stem verdicts cached, as at a real table between two draws), the same for
Dictionary, Please! (with double captures), and the ratio against a straightforward baseline,
measured in the same run: a ``collections.Counter`` per dictionary word for the pool and for each
table word, with the same stem judge on the candidates.

Run: ``.venv/bin/python benchmarks/solver.py [--tables 40] [--baseline-tables 3]``
(one thread; pin to one core with ``taskset -c 0`` if you like).
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.games.registry import word_rules
from companion.sets.tilesets import SCRABBLE_NO_BLANKS
from companion.words.dictionary import Dictionary
from companion.words.letters import Letters
from companion.words.solver import Referee
from companion.words.stems import StemJudge, default_links
from tests.baselines import counter_find


def random_table(rng: random.Random, words: list[str]) -> tuple[Letters, list[str]]:
    """12 table words drawn from the bag's tiles, then 25 pool letters from what is left."""
    tiles = Counter(SCRABBLE_NO_BLANKS)  # Not Scrabble's 98-tile bag
    table: list[str] = []
    while len(table) < 12:
        word = rng.choice(words)
        if not Counter(word) - tiles and tiles.total() - len(word) >= 25:
            tiles -= Counter(word)
            table.append(word)
    rest = list(tiles.elements())
    return Letters(rng.sample(rest, 25)), table


def timed(fn, *args) -> tuple[float, object]:
    start = time.perf_counter()
    result = fn(*args)
    return (time.perf_counter() - start) * 1000, result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=40)
    parser.add_argument("--baseline-tables", type=int, default=3)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    rng = random.Random(args.seed)

    start_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    load_ms, dictionary = timed(Dictionary.load, "large")
    referee = Referee(dictionary, StemJudge(default_links(), is_word=dictionary.__contains__))
    index_ms, _ = timed(lambda: referee.index)
    table_words = sorted(w for w in Dictionary.load("standard") if 3 <= len(w) <= 6)
    not_scrabble, dictionary_please = word_rules("not-scrabble"), word_rules("dictionary-please")
    referee.find(*random_table(rng, table_words), not_scrabble)  # warm up lemminflect and numpy

    tables = [random_table(rng, table_words) for _ in range(args.tables)]
    fresh, warm, sizes = [], [], []
    for pool, table in tables:
        ms, result = timed(referee.find, pool, table, not_scrabble)
        fresh.append(ms)
        sizes.append((len(result.new), len(result.steals)))
        warm.append(timed(referee.find, pool, table, not_scrabble)[0])
    dp_fresh, dp_warm = [], []
    for pool, table in [random_table(rng, table_words) for _ in range(args.tables)]:
        dp_fresh.append(timed(referee.find, pool, table, dictionary_please)[0])
        dp_warm.append(timed(referee.find, pool, table, dictionary_please)[0])

    referee_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    base, ours = [], []
    for pool, table in tables[: args.baseline_tables]:
        ms, (new, steals) = timed(counter_find, dictionary, referee.judge, str(pool), table, not_scrabble)
        result = referee.find(pool, table, not_scrabble)
        assert sorted(new) == sorted(result.new), "baseline and find disagree on new words"
        assert sorted(steals) == sorted((s.new, s.sources[0]) for s in result.steals), "disagree on steals"
        base.append(ms)
        ours.append(statistics.median(timed(referee.find, pool, table, not_scrabble)[0] for _ in range(5)))

    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    median = statistics.median
    print(f"interpreter with imports (numpy, lemminflect): {start_mb:.0f} MB")
    print(f"dictionary: large, {len(dictionary)} words; load {load_ms:.0f} ms; index build {index_ms:.0f} ms")
    print(
        f"memory (max RSS): {referee_mb:.0f} MB with the referee loaded and used; {peak_mb:.0f} MB after the baseline"
    )
    print(
        f"tables: 12 words + 25 pool letters; results per table: median {median(s[0] for s in sizes):.0f} new words, "
        f"{median(s[1] for s in sizes):.0f} steals"
    )
    print(f"find, not-scrabble, new table each time: median {median(fresh):.1f} ms (max {max(fresh):.1f})")
    print(f"find, not-scrabble, table seen before:   median {median(warm):.1f} ms")
    print(f"find, dictionary-please (double captures), new table: median {median(dp_fresh):.1f} ms")
    print(f"find, dictionary-please, table seen before:           median {median(dp_warm):.1f} ms")
    print(
        f"baseline (Counter scan, same judge) on {len(base)} tables: median {median(base):.0f} ms; "
        f"find on the same tables: {median(ours):.1f} ms; ratio baseline/find = {median(base) / median(ours):.0f}x"
    )
    print("target: <= 20 ms median on one core")


if __name__ == "__main__":
    main()
