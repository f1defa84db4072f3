#!/usr/bin/env python3
"""List the stem judge's verdicts on the common vocabulary for a person to review.

``companion/data/false-friends.tsv`` and ``companion/data/relatives.tsv`` were made this way:
this script lists every pair of common words (SCOWL sizes <= 35, from Debian's ``scowl``) in
which NEW holds OLD whole, NEW is a dictionary form (no plural or tense), and the judge's
verdict rests on a default or on automatic evidence that can err:

- ``same``: SAME by default or through weaker evidence (a real word with an affix, a compound,
  a rare WordNet sense, a record), not a WordNet link through a common sense: a reviewer marks
  the false friends (PONDER is Latin ponderare, not POND + ER);
- ``different``: DIFFERENT on automatic evidence (records that never meet, meanings that share
  nothing), and, for the commonest words (sizes <= 20), with no shape at all and two letters
  added or more: a reviewer marks the true relatives (PACKET, WOMAN, FORMULA).

Each reviewer wrote, from their own knowledge, only the pairs where the judge was wrong and
they were sure, with the reason naming the origins; those lines are the curated tables. The
pairs of the held-out tables were never shown to the reviewers.

Usage: ``python scripts/stem_review_candidates.py OUT_DIR [--pieces N] [--sizes 40,50]`` writes
``same-K.tsv`` and ``different-K.tsv`` (old, new, the judge's S or D) in N pieces each.
``--sizes`` reviews the next SCOWL sizes: pairs of words of those sizes or less, one of them
larger than ``--above`` (35 by default). The reviews took ``--sizes 40,50``, then ``--sizes
40,50,55,60 --above 50``, then ``--sizes 40,50,55,60,70 --above 60``; the seventh round reviewed
``--sizes 40,50 --ending``: words that end with OLD and no shape shows how; the eighth
``--sizes 40,50,55,60 --beginning`` (words that begin with OLD) and the ``--ending`` pairs of
sizes 55-60 the seventh had not listed; the ninth both of size 70; the tenth ``--sizes
40,50,55,60,70 --dropped ey``: words that begin with OLD less its final E or Y (MARINADE,
VALVULE); the eleventh ``--sizes 40,50,55,60,70 --automatic``: every DIFFERENT verdict on
automatic evidence (records that never meet, meanings apart) that no saved list of an earlier
round held, most of them of sizes <= 35 (COT -> COTTAGE's kind); the twelfth the same sizes
``--beginning --ending --again``: the rearrangements of sizes <= 20 that begin or end with OLD,
which the first review had seen under an older brief; the thirteenth ``--sizes 40,50,55,60,70 --dropped aoi
--rest 5``: OPERA -> OPERETTA, PIZZA -> PIZZERIA; the fourteenth ``--tables tests/data/stem-pairs-*.tsv
../shared/data/stem-pairs-public.tsv``: our own tables' pairs, each table already measured, where a
mark was kept only when the table's label agreed (:func:`of_tables`). Pairs already curated are left out, and
``--leave-out FILE ...`` leaves out the pairs of other files (old, new first): our tables and the
lists of earlier rounds. With ``--ending``, ``--beginning``, ``--dropped`` or ``--automatic`` an
OLD that is also a bound affix (ABLE, NESS, OLOGY, POST) is left out too: a relative there would
make the affix a stem.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from make_wordlists import SCOWL, read_list

from companion.words.affixes import BOUND_PREFIX_WORDS, LEARNED_SUFFIXES, SUFFIX_WORDS_OF_THEIR_OWN
from companion.words.stems import StemJudge, Verdict, default_links, lemmas

#: Verdicts a reviewer need not see: WordNet links through a common sense, forms of one word.
TRUSTED = {("wordnet", 0.95), ("compound", 0.95), ("inflection", 0.99)}
AUTOMATIC_DIFFERENT = {"etymology", "meaning", "derivation-record", "affix"}


def sizes(more: tuple[int, ...] = ()) -> dict[str, int]:
    """Each common word's smallest SCOWL size (10, 20, 35 and ``more``), English and American."""
    found: dict[str, int] = {}
    for size in sorted({35, 20, 10, *more}, reverse=True):
        for category in ("english", "american"):
            path = SCOWL / f"{category}-words.{size}"
            if path.exists():
                found.update((word, size) for word in read_list(path))
    return found


def candidates(
    judge: StemJudge,
    size: dict[str, int],
    above: int = 0,
    ending: bool = False,
    beginning: bool = False,
    automatic: bool = False,
    again: bool = False,
) -> tuple[list[tuple[str, str, str]], ...]:
    """(same, different): (old, new, the judge's S or D) to review; one word of a size > ``above``.
    With ``ending``, only ``different``: every "rearrangement" in which NEW ends with OLD, of any
    size, that the first review (sizes <= 20) did not see: LUKEWARM, MULBERRY, HENCHMAN. With
    ``beginning``, the same for NEW that begins with OLD: BALLOON, TARMAC, SILICATE. With
    ``automatic``, only ``different``: every DIFFERENT verdict on automatic evidence. With ``again``,
    the rearrangements the first review saw instead."""
    same: list[tuple[str, str, str]] = []
    different: list[tuple[str, str, str]] = []
    words = sorted(w for w in size if len(w) >= 3)
    curated = judge.evidence.false_friends.keys() | judge.evidence.relatives.keys()
    for new in words:
        if len(new) < 5 or lemmas(new) != {new}:
            continue
        olds = {new[i : i + n] for n in range(3, len(new)) for i in range(len(new) - n + 1)}
        for old in sorted(olds & size.keys()):
            if max(size[old], size[new]) <= above or (old, new) in curated:
                continue
            verdict = judge.judge(old, new)
            if automatic:
                if verdict.verdict is Verdict.DIFFERENT and verdict.evidence in AUTOMATIC_DIFFERENT:
                    different.append((old, new, "D"))
                continue
            if ending or beginning:
                seen = max(size[old], size[new]) <= 20 and len(new) - len(old) >= 2
                placed = (ending and new.endswith(old)) or (beginning and new.startswith(old))
                if verdict.evidence == "rearrangement" and placed and seen == again:
                    different.append((old, new, "D"))
                continue
            if verdict.verdict is Verdict.SAME and (verdict.evidence, verdict.confidence) not in TRUSTED:
                same.append((old, new, "S"))
            elif verdict.verdict is Verdict.DIFFERENT and (
                verdict.evidence in AUTOMATIC_DIFFERENT
                or (
                    verdict.evidence == "rearrangement" and max(size[old], size[new]) <= 20 and len(new) - len(old) >= 2
                )
            ):
                different.append((old, new, "D"))
    return same, different


def dropped(judge: StemJudge, size: dict[str, int], letters: str = "ey", rest: int = 0) -> list[tuple[str, str, str]]:
    """Every "rearrangement" in which NEW begins with OLD less its final letter, one of ``letters``
    (E or Y, for a Y then an I; or A, O, I), and does not hold OLD in a row, of any size: MARINE ->
    MARINADE, VALVE -> VALVULE, OPERA -> OPERETTA; with ``rest``, only where at most that many
    letters follow. OLDs that are bound affixes are left out by the caller."""
    words = sorted(w for w in size if w.isalpha() and w.islower())
    by_stem: dict[str, list[str]] = {}
    for word in words:
        if len(word) >= 4 and word[-1] in letters:
            by_stem.setdefault(word[:-1], []).append(word)
    curated = judge.evidence.false_friends.keys() | judge.evidence.relatives.keys()
    found = set()
    for new in words:
        if len(new) < 5 or lemmas(new) != {new}:
            continue
        for cut in range(3, len(new) - 1):
            for old in by_stem.get(new[:cut], []):
                if old in new or (old, new) in curated or (old[-1] == "y" and new[cut] != "i"):
                    continue
                if rest and len(new) - cut > rest:
                    continue
                if judge.judge(old, new).evidence == "rearrangement":
                    found.add((old, new, "D"))
    return sorted(found, key=lambda r: (r[1], r[0]))


def of_tables(judge: StemJudge, paths: list[Path]) -> tuple[list[tuple[str, str, str]], ...]:
    """(same, different) among our tables' own pairs, read once each table has been measured (the
    fourteenth review): SAME on evidence weaker than 0.9 that is not curated (an affix or a compound
    by default, a rare WordNet sense, a record), and DIFFERENT on automatic evidence or as a
    rearrangement in which NEW begins or ends with OLD, or with OLD less a final A, E, I, O or Y.
    An OLD that is a bound affix is left out of ``different``, as with ``--automatic``."""
    pairs = sorted(
        {
            (fields[0].strip().lower(), fields[1].strip().lower())
            for path in paths
            for line in path.read_text().splitlines()
            if line.strip() and not line.startswith("#") and len(fields := line.split("\t")) >= 3
        }
    )
    bound = BOUND_PREFIX_WORDS | SUFFIX_WORDS_OF_THEIR_OWN | LEARNED_SUFFIXES
    same: list[tuple[str, str, str]] = []
    different: list[tuple[str, str, str]] = []
    for old, new in pairs:
        verdict = judge.judge(old, new)
        if verdict.verdict is Verdict.SAME:
            if verdict.confidence < 0.9:  # below every trusted, curated or referee's verdict
                same.append((old, new, "S"))
            continue
        if verdict.verdict is not Verdict.DIFFERENT or old in bound:
            continue
        placed = new.startswith(old) or new.endswith(old) or (old[-1] in "aeiouy" and new.startswith(old[:-1]))
        if verdict.evidence in AUTOMATIC_DIFFERENT | {"inflection"} or (verdict.evidence == "rearrangement" and placed):
            different.append((old, new, "D"))
    return same, different


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--pieces", type=int, default=1)
    parser.add_argument("--sizes", default="", help="further SCOWL sizes to review, e.g. 40,50")
    parser.add_argument("--above", type=int, default=35, help="the largest size already reviewed")
    parser.add_argument("--ending", action="store_true", help="only rearrangements in which NEW ends with OLD")
    parser.add_argument("--beginning", action="store_true", help="only rearrangements in which NEW begins with OLD")
    parser.add_argument("--dropped", default="", help="rearrangements on OLD less its final letter, one of these (ey)")
    parser.add_argument("--rest", type=int, default=0, help="with --dropped: at most this many letters after")
    parser.add_argument("--again", action="store_true", help="with --ending/--beginning: the first review's pairs")
    parser.add_argument("--automatic", action="store_true", help="only DIFFERENT verdicts on automatic evidence")
    parser.add_argument("--leave-out", nargs="*", type=Path, default=[], help="files of pairs not to list again")
    parser.add_argument("--tables", nargs="*", type=Path, default=[], help="list these tables' own pairs instead")
    args = parser.parse_args()
    more = tuple(int(size) for size in args.sizes.split(",") if size)
    if not SCOWL.exists():
        raise SystemExit(f"{SCOWL} not found: apt-get install scowl")
    args.out.mkdir(parents=True, exist_ok=True)
    above = args.above if more and not (args.ending or args.beginning or args.automatic) else 0
    judge = StemJudge(default_links())
    if args.tables:
        lists: tuple[list[tuple[str, str, str]], ...] = of_tables(judge, args.tables)
    elif args.dropped:
        lists = ([], dropped(judge, sizes(more), args.dropped, args.rest))
    else:
        lists = candidates(judge, sizes(more), above, args.ending, args.beginning, args.automatic, args.again)
    left_out = {tuple(line.split("\t")[:2]) for path in args.leave_out for line in path.read_text().splitlines()}
    narrowed = args.ending or args.beginning or args.dropped or args.automatic
    bound = BOUND_PREFIX_WORDS | SUFFIX_WORDS_OF_THEIR_OWN | LEARNED_SUFFIXES if narrowed else frozenset()
    for name, found in zip(("same", "different"), lists, strict=True):
        rows = sorted((r for r in found if r[:2] not in left_out and r[0] not in bound), key=lambda r: (r[1], r[0]))
        step = -(-len(rows) // args.pieces)
        for k in range(args.pieces):
            piece = rows[k * step : (k + 1) * step]
            (args.out / f"{name}-{k + 1}.tsv").write_text("".join("\t".join(row) + "\n" for row in piece))
        print(f"{name}: {len(rows)} pairs in {args.pieces} pieces")


if __name__ == "__main__":
    main()
