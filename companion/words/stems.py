"""The stem judge: does a steal make a new word, or only another form of the old one?

Public API: :class:`Verdict`, :class:`Judgement`, :class:`WordLinks`, :class:`StemJudge`,
:func:`default_judge`, :func:`judge`.

Not Scrabble rule 11: "New words must have a different stem from the original. You cannot
steal a word by making it into a plural or other derivative of the same word."
Dictionary, Please!: a capture needs "a word entirely unrelated to the captured word: that is,
one of a different derivation and meaning"; no plural, no change of tense, no affixes, and
not "EX-tractor, DE-tractor, CON-tractor or any words having the same origin".

The method, strongest evidence first (docs/stem-judge.md explains it with figures):

1. a referee's ruling on the pair wins over everything;
2. NEW must contain every letter of OLD plus at least one more, or it is not a steal;
3. the two are forms of one word (lemminflect: plural, tense, participle, comparative): SAME;
4. WordNet derives one from the other, directly or through words in between: SAME;
5. NEW is OLD with a prefix, a suffix (with E-dropping, Y to I, doubled consonants) or a
   second word: SAME when word knowledge ties their meanings (WordNet antonym for UN-,
   synonym, a definition of NEW that uses OLD), when OLD is a Latin derivative whose root the
   prefix keeps (EX-TRACT-OR), or when the suffix always keeps the meaning (-NESS, -LESS);
   otherwise the likeness is only in the spelling (CORN-ER, RE-CENT): DIFFERENT;
6. anything else rearranges the letters into a different word: DIFFERENT.

>>> judge("tease", "teaser").reason
'TEASER is TEASE + R: same stem (WordNet derives TEASER from TEASE)'
>>> judge("tease", "eaters").verdict
<Verdict.DIFFERENT: 'different'>
>>> judge("act", "cat").verdict
<Verdict.NOT_A_STEAL: 'not-a-steal'>
>>> judge("wind", "winds").reason
'WINDS is WIND + S: same stem (both are forms of WIND)'
"""

from __future__ import annotations

import gzip
from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from enum import Enum
from functools import cache, lru_cache
from importlib import resources

from lemminflect import getAllInflections, getAllLemmas, getAllLemmasOOV

from companion.words.affixes import (
    LATIN_PREFIXES,
    NEGATIVE_PREFIXES,
    SUFFIXES,
    TRANSPARENT_SUFFIXES,
    Shape,
    bound_root,
    shapes,
)
from companion.words.letters import Letters

#: WordNet relations that make one word a derivative of another, whatever their spelling.
DERIVATIONAL = frozenset({"derivation", "pertainym", "participle"})
INFLECTIONAL_SUFFIXES = frozenset({"s", "es", "ed", "d", "ing", "er", "est"})


class Verdict(Enum):
    SAME = "same"  # same stem: the steal is refused
    DIFFERENT = "different"  # different stem: the steal is allowed
    NOT_A_STEAL = "not-a-steal"  # NEW does not add letters to OLD


@dataclass(frozen=True)
class Judgement:
    """The judge's verdict on turning ``old`` into ``new``, with a reason a player can read."""

    old: str
    new: str
    verdict: Verdict
    reason: str
    confidence: float
    evidence: str  # override, letters, inflection, wordnet, affix, rearrangement

    def as_dict(self) -> dict[str, object]:
        return {
            "old": self.old,
            "new": self.new,
            "verdict": self.verdict.value,
            "reason": self.reason,
            "confidence": self.confidence,
            "evidence": self.evidence,
        }


class WordLinks:
    """Links between words from WordNet 3.0 (``scripts/export_wordnet.py``): base -> derived."""

    def __init__(self, links: Iterable[tuple[str, str, str]]) -> None:
        table: dict[str, dict[str, set[str]]] = defaultdict(lambda: defaultdict(set))
        for base, derived, relation in links:
            table[base][derived].add(relation)
        shared: dict[frozenset[str], frozenset[str]] = {}  # a few dozen distinct relation sets
        self._table = {
            b: {d: shared.setdefault(frozenset(r), frozenset(r)) for d, r in ds.items()} for b, ds in table.items()
        }
        bases: dict[str, set[str]] = defaultdict(set)
        for base, derived in ((b, d) for b, ds in table.items() for d in ds):
            bases[derived].add(base)
        self._bases = {d: frozenset(b) for d, b in bases.items()}

    @classmethod
    def load(cls) -> WordLinks:
        path = resources.files("companion") / "data" / "wordnet-links.tsv.gz"
        with gzip.open(path.open("rb"), "rt", encoding="ascii") as f:
            rows = (line.rstrip("\n").split("\t") for line in f if not line.startswith("#"))
            return cls((a, b, r) for a, b, r in rows)

    def relations(self, base: str, derived: str) -> frozenset[str]:
        return self._table.get(base, {}).get(derived, frozenset())

    def derived_from(self, base: str) -> Mapping[str, frozenset[str]]:
        return self._table.get(base, {})

    def bases_of(self, derived: str) -> frozenset[str]:
        return self._bases.get(derived, frozenset())


@lru_cache(maxsize=65536)
def lemmas(word: str) -> frozenset[str]:
    """The dictionary forms of ``word`` (itself included): CHILDREN -> {children, child}."""
    found = {word}
    known = getAllLemmas(word)
    for values in known.values():
        found.update(values)
    if not known:
        for upos in ("NOUN", "VERB"):
            found.update(getAllLemmasOOV(word, upos).get(upos, ()))
    return frozenset(found)


def is_known(word: str) -> bool:
    """Does lemminflect know ``word`` as an English word (not a guess from its spelling)?"""
    return bool(getAllLemmas(word))


class StemJudge:
    """Judges steals. ``overrides`` maps (old, new) to True (allowed) or False (refused)."""

    def __init__(
        self,
        links: WordLinks,
        overrides: Mapping[tuple[str, str], bool] | None = None,
        is_word: Callable[[str], bool] | None = None,
    ) -> None:
        self.links = links
        self.overrides = overrides if overrides is not None else {}
        self.is_word = is_word or is_known
        self._verdicts: dict[tuple[str, str], Judgement] = {}
        self._links: dict[tuple[str, str], str | None] = {}
        self._reach: dict[frozenset[str], frozenset[str]] = {}

    def judge(self, old: str, new: str) -> Judgement:
        """The verdict on turning ``old`` into ``new`` (a referee's ruling first)."""
        old, new = old.lower(), new.lower()
        OLD, NEW = old.upper(), new.upper()

        ruling = self.overrides.get((old, new))
        if ruling is not None:
            verdict = Verdict.DIFFERENT if ruling else Verdict.SAME
            word = "allowed" if ruling else "refused"
            return Judgement(old, new, verdict, f"{OLD} -> {NEW} {word} by the referee", 1.0, "override")
        cached = self._verdicts.get((old, new))
        if cached is None:
            cached = self._verdicts[(old, new)] = self._judge(old, new)
        return cached

    def _judge(self, old: str, new: str) -> Judgement:
        old_letters, new_letters = Letters(old), Letters(new)
        OLD, NEW = old.upper(), new.upper()

        if not old_letters < new_letters:
            if old_letters == new_letters:
                why = f"{NEW} only rearranges {OLD}: a steal must add at least one letter"
            else:
                why = f"{NEW} does not use every letter of {OLD}: {new_letters.missing(old_letters)} missing"
            return Judgement(old, new, Verdict.NOT_A_STEAL, why, 1.0, "letters")

        sum_text = f"{NEW} is {OLD} + {new_letters - old_letters}"

        def same(why: str, confidence: float, evidence: str) -> Judgement:
            return Judgement(old, new, Verdict.SAME, f"{sum_text}: same stem ({why})", confidence, evidence)

        def different(why: str, confidence: float, evidence: str) -> Judgement:
            return Judgement(old, new, Verdict.DIFFERENT, f"{sum_text}: different stem ({why})", confidence, evidence)

        old_forms, new_forms = self.forms(old), self.forms(new)
        shared = old_forms & new_forms
        if shared:
            return same(f"both are forms of {min(shared, key=len).upper()}", 0.99, "inflection")

        chain = self._chain(old_forms, new_forms, len(new))
        if chain:
            steps = "; ".join(chain)
            return same(steps, 0.95 if len(chain) == 1 else 0.85, "wordnet")

        for inner, suffix in self._inner_words(old_letters, new):
            verdict = self._judge(old, inner)
            if verdict.verdict is Verdict.SAME:
                why = verdict.reason.split("same stem (", 1)[1].rstrip(")")
                return same(
                    f"{why}; {NEW} is {inner.upper()} + {suffix.upper()}", verdict.confidence * 0.9, verdict.evidence
                )

        for shape, o, n in self._shapes(old_forms, new_forms):
            shaped = self._judge_shape(shape, o, n)
            if shaped is not None:
                why, confidence, is_same = shaped
                return (same if is_same else different)(why, confidence, "affix")
        return different(f"{NEW} rearranges the letters into a different word", 0.95, "rearrangement")

    def forms(self, word: str) -> frozenset[str]:
        """``word``, its lemmas, and the bases WordNet lists it as an irregular form of."""
        irregular = {b for b in self.links.bases_of(word) if "inflection" in self.links.relations(b, word)}
        return lemmas(word) | irregular

    def suspects(self, old: str, candidates: Iterable[str]) -> list[str]:
        """The ``candidates`` that could share OLD's stem; every other one is surely DIFFERENT.

        A shared stem shows either in the spelling (NEW contains OLD or one of its dictionary
        forms, less a final E or Y that a suffix may change) or as a WordNet path from OLD to NEW.
        """
        old = old.lower()
        forms = self.forms(old)
        cores = {f[:-1] if f[-1] in "ey" and len(f) > 2 else f for f in forms}
        reachable = self._reachable(forms)
        return [n for n in candidates if n in reachable or any(core in n for core in cores)]

    def _reachable(self, forms: frozenset[str]) -> frozenset[str]:
        """Every word (with its inflections) within three WordNet links of ``forms``: fixed data,
        asked again for the same table words after every letter drawn, so kept."""
        known = self._reach.get(forms)
        if known is not None:
            return known
        seen = set(forms)
        frontier = list(forms)
        for _ in range(3):
            frontier = [d for w in frontier for d in self.links.derived_from(w) if d not in seen]
            seen.update(frontier)
        reachable = set(seen)
        for word in seen:
            for values in getAllInflections(word).values():
                reachable.update(values)
        self._reach[forms] = frozenset(reachable)
        return self._reach[forms]

    def _link(self, base: str, derived: str) -> str | None:
        """Why WordNet ties ``derived`` to ``base``, or None. Meaning links count only for affixes."""
        relations = self.links.relations(base, derived)
        if relations & DERIVATIONAL:
            return f"WordNet derives {derived.upper()} from {base.upper()}"
        if not relations:
            return None
        for shape in shapes(base, derived, self.is_word):
            parts = shape.describe(base, derived)
            if shape.prefix in NEGATIVE_PREFIXES and "antonym" in relations:
                return f"{derived.upper()} is {parts}, its opposite"
            if "synonym" in relations:
                return f"{derived.upper()} is {parts}, with the same meaning"
            if "gloss" in relations:
                return f"{derived.upper()} is {parts}, and its meaning uses {base.upper()}"
        return None

    def _chain(self, sources: frozenset[str], targets: frozenset[str], limit: int) -> list[str] | None:
        """The reasons along the shortest WordNet path from a form of OLD to a form of NEW.

        Each link goes from a word to one holding all its letters and more, so every word on a
        path to NEW fits in NEW; the search keeps to words shorter than ``limit``; three links
        at most.
        """
        frontier: list[tuple[str, list[str]]] = [(s, []) for s in sorted(sources)]
        seen = set(sources)
        for _ in range(3):
            next_frontier = []
            for word, reasons in frontier:
                for derived in self.links.derived_from(word):
                    if derived in seen or not (derived in targets or len(derived) < limit):
                        continue
                    key = (word, derived)
                    why = self._links[key] if key in self._links else self._links.setdefault(key, self._link(*key))
                    if why is None:
                        continue
                    if derived in targets:
                        return [*reasons, why]
                    seen.add(derived)
                    next_frontier.append((derived, [*reasons, why]))
            frontier = next_frontier
        return None

    def _inner_words(self, old_letters: Letters, new: str) -> list[tuple[str, str]]:
        """Words X, longer than OLD, such that NEW is X + a suffix: ENABLER -> (ENABLE, ER)."""
        found = []
        for cut in range(1, len(new) - len(old_letters)):
            stem, suffix = new[:-cut], new[-cut:]
            if suffix not in SUFFIXES:
                continue
            candidates = [stem, stem + "e"]
            if stem.endswith("i"):
                candidates.append(stem[:-1] + "y")
            if len(stem) > 2 and stem[-1] == stem[-2]:
                candidates.append(stem[:-1])
            for inner in candidates:
                if len(inner) > len(old_letters) and self.is_word(inner) and old_letters < Letters(inner):
                    found.append((inner, suffix))
        return found

    def _shapes(self, old_forms: frozenset[str], new_forms: frozenset[str]) -> list[tuple[Shape, str, str]]:
        found: list[tuple[Shape, str, str]] = []
        for o in sorted(old_forms, key=len, reverse=True):
            for n in sorted(new_forms, key=len, reverse=True):
                if len(n) > len(o):
                    found.extend((shape, o, n) for shape in shapes(o, n, self.is_word))
        return found

    def _judge_shape(self, shape: Shape, old: str, new: str) -> tuple[str, float, bool] | None:
        """(why, confidence, same stem?) for one affix shape, or None when it says nothing."""
        parts = shape.describe(old, new)
        if shape.prefix in LATIN_PREFIXES and shape.kind == "prefix" and bound_root(old):
            root = bound_root(old) or ""
            return f"{parts}: both are built on {root.upper()}", 0.7, True
        if shape.suffix in TRANSPARENT_SUFFIXES:
            return f"{parts}", 0.8, True
        if shape.kind == "suffix" and shape.suffix in INFLECTIONAL_SUFFIXES and not is_known(new):
            return f"{parts}, formed like an inflection", 0.6, True
        if shape.kind == "compound":
            return f"{parts} is a compound whose meaning does not use {old.upper()}", 0.7, False
        if shape.prefix:
            return f"{new.upper()} only looks like {parts}", 0.7, False
        return f"{new.upper()} only looks like {parts}", 0.75, False


@cache
def default_links() -> WordLinks:
    return WordLinks.load()


def default_judge(overrides: Mapping[tuple[str, str], bool] | None = None) -> StemJudge:
    """A judge on the vendored WordNet links (loaded once per process)."""
    return StemJudge(default_links(), overrides)


def judge(old: str, new: str) -> Judgement:
    """Judge one steal with the default judge and no referee overrides."""
    return default_judge().judge(old, new)
