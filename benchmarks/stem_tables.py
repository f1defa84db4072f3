#!/usr/bin/env python3
"""The stem judge's figures on tables of pairs, per class (docs/word-knowledge.md, "Figures").

    .venv/bin/python benchmarks/stem_tables.py                      # public, ours, held-out
    .venv/bin/python benchmarks/stem_tables.py --wrong TABLE.tsv    # and every wrong pair

A table has the columns of shared/data/stem-pairs-public.tsv: old, new, expected (S, D, N),
debatable (?), note. The class of a pair is the first word of its note when it names one
(compound, affix, false-friend, anagram, inflection, not-a-steal: tests/data/stem-pairs-heldout.tsv);
otherwise it is read from the expected verdict and the note: N is not-a-steal, S is inflection
when the note says plural, tense, ... and derivative otherwise, D is false-friend when the note
says "trap" and unrelated otherwise. Debatable pairs are listed but not counted.

"Illegal steals allowed" counts SAME pairs judged DIFFERENT; "legal steals refused" DIFFERENT
pairs judged SAME. ``--code DIR`` judges with another checkout's ``companion`` package, for the
figures before a change: ``mkdir /tmp/before && git archive HEAD companion | tar -x -C /tmp/before``.

Speed: each table is judged by a judge new to it (no verdict cached), every pair once; the
figure is the time per verdict (median over pairs, and the mean). ``--baseline DIR`` runs the same
tables with another checkout's ``companion`` package in a child process, in the same run, and
prints the ratio of the medians (baseline / this judge; above 1 means this judge is faster).
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tests.helpers import stem_pairs  # noqa: E402 - after the path is set

CLASSES = ("compound", "affix", "false-friend", "anagram", "lookalike", "inflection", "not-a-steal")
INFLECTION_NOTES = ("plural", "tense", "inflection", "participle", "comparative")
CODES = {"S": "same", "D": "different", "N": "not-a-steal"}
DEFAULT_TABLES = [
    ROOT.parent / "shared" / "data" / "stem-pairs-public.tsv",
    ROOT / "tests" / "data" / "stem-pairs-extra.tsv",
    ROOT / "tests" / "data" / "stem-pairs-heldout.tsv",
    *sorted(
        (ROOT / "tests" / "data").glob("stem-pairs-holdout*.tsv"),
        key=lambda path: int(path.stem.removeprefix("stem-pairs-holdout")),
    ),
]


def read(path: Path) -> list[tuple[str, str, str, bool, str]]:
    return [(old, new, CODES[code], debatable, note) for old, new, code, debatable, note in stem_pairs(path)]


def pair_class(expected: str, note: str) -> str:
    first = note.split(";")[0].split()[0] if note.strip() else ""
    if first in CLASSES:
        return first
    if expected == "not-a-steal":
        return "not-a-steal"
    if expected == "same":
        return "inflection" if any(k in note for k in INFLECTION_NOTES) else "derivative"
    return "false-friend" if "trap" in note else "unrelated"


def measure(path: Path, show_wrong: bool, compounds_allowed: bool) -> None:
    from companion.words.stems import StemJudge, default_links

    try:
        judge = StemJudge(default_links(), compounds_allowed=compounds_allowed)
    except TypeError:  # an older judge without the house rule
        judge = StemJudge(default_links())
    judge.judge("stem", "stems")  # the evidence tables load on the first verdict: not timed
    per_class: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    evidence: dict[str, int] = defaultdict(int)
    wrong, debatable = [], []
    illegal = refused = 0
    seconds: list[float] = []
    for old, new, expected, is_debatable, note in read(path):
        start = time.perf_counter()
        got = judge.judge(old, new)
        seconds.append(time.perf_counter() - start)
        evidence[got.evidence] += 1
        if is_debatable:
            debatable.append(f"{old}->{new} {got.verdict.value}")
            continue
        cls = pair_class(expected, note)
        per_class[cls][1] += 1
        if got.verdict.value == expected:
            per_class[cls][0] += 1
            continue
        illegal += expected == "same" and got.verdict.value == "different"
        refused += expected == "different" and got.verdict.value == "same"
        wrong.append(f"  {old}->{new} [{cls}] want {expected}: {got.reason} ({got.evidence} {got.confidence})")
    right = sum(r for r, _ in per_class.values())
    total = sum(t for _, t in per_class.values())
    print(f"{path.name}: {right}/{total} right ({100 * right / max(total, 1):.1f}%), "
          f"illegal steals allowed {illegal}, legal steals refused {refused}")  # fmt: skip
    for cls in sorted(per_class, key=lambda c: -per_class[c][1]):
        r, t = per_class[cls]
        print(f"  {cls:14} {r:4}/{t:<4} {100 * r / t:6.1f}%")
    median_us, mean_us = 1e6 * statistics.median(seconds), 1e6 * statistics.fmean(seconds)
    print(f"  time per verdict (judge new to the table): median {median_us:.0f} us, mean {mean_us:.0f} us")
    print("  evidence used:", ", ".join(f"{k} {v}" for k, v in sorted(evidence.items(), key=lambda kv: -kv[1])))
    if debatable:
        print("  debatable (not counted):", ", ".join(debatable))
    if show_wrong and wrong:
        print("\n".join(wrong))


def speed(path: Path, compounds_allowed: bool, code: Path | None = None) -> float:
    """Median seconds per verdict on ``path``, in a child process with ``code``'s companion package
    (this checkout's when None): the dictionaries load before the clock starts."""
    script = (
        "import sys, time; sys.path.insert(0, sys.argv[1]); "
        "from companion.words.stems import StemJudge, default_links, default_evidence, lemmas; "
        "from tests.helpers import stem_pairs; from pathlib import Path; "
        "pairs = [(o, n) for o, n, *_ in stem_pairs(Path(sys.argv[2]))]; default_evidence(); "
        "kw = {'compounds_allowed': True} if sys.argv[3] == '1' else {}; "
        "judge = StemJudge(default_links(), **kw); judge.judge('stem', 'stems'); "
        "import statistics; times = []; "
        "[(t := time.perf_counter(), judge.judge(o, n), times.append(time.perf_counter() - t)) for o, n in pairs]; "
        "print(statistics.median(times))"
    )
    where = str((code or ROOT).resolve())
    out = subprocess.run(
        [sys.executable, "-c", script, where, str(path.resolve()), "1" if compounds_allowed else "0"],
        capture_output=True, text=True, check=True, cwd=ROOT,
        env={"PYTHONPATH": f"{where}:{ROOT}", "PATH": "/usr/bin:/bin"},
    )  # fmt: skip
    return float(out.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("tables", nargs="*", type=Path)
    parser.add_argument("--wrong", action="store_true", help="list every wrong pair")
    parser.add_argument("--compounds-allowed", action="store_true", help="the house rule that allows compounds")
    parser.add_argument("--code", type=Path, help="judge with the companion package of another checkout")
    parser.add_argument("--baseline", type=Path, help="a checkout whose judge's speed this one is compared with")
    args = parser.parse_args()
    if args.code:
        sys.path.insert(0, str(args.code.resolve()))
        for name in [m for m in sys.modules if m == "companion" or m.startswith("companion.")]:
            del sys.modules[name]  # tests.helpers imported this checkout's companion already
    for path in args.tables or [t for t in DEFAULT_TABLES if t.exists()]:
        measure(path, args.wrong, args.compounds_allowed)
        if args.baseline:
            ours, theirs = speed(path, args.compounds_allowed), speed(path, args.compounds_allowed, args.baseline)
            print(f"  speed (median): {1e6 * ours:.0f} us a verdict, baseline {1e6 * theirs:.0f} us: "
                  f"ratio {theirs / ours:.2f}")  # fmt: skip


if __name__ == "__main__":
    main()
