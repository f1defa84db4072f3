"""Claims on a table: how a word was made from the pool and the words on the table, and every
claim that can be made.

Public API: :class:`Take`, :class:`TakeCheck`, :class:`Referee`, :class:`FindResult`.

A *take* makes a new word from the pool alone, from one word on the table plus pool letters
(a steal, capture or build, by the game's rules), or, in Dictionary, Please!, from two words
plus any pool letters (a double capture, which "does not retain either of the original words
in its entirety").

>>> referee = Referee.load()
>>> steals = WordRules("Not Scrabble", 3, TakeKind.STEAL)
>>> referee.check_take(["ride"], "glider", Letters("lg"), steals).legal
True
>>> print(referee.check_take(["tease"], "teaser", Letters("r"), steals).reason)
TEASER is TEASE + R: same stem (WordNet derives TEASER from TEASE); steal refused
>>> rules = WordRules("Dictionary, Please!", 4, TakeKind.STEAL, double_capture=True, taking="capture")
>>> referee.check_take(["fling", "adore"], "dragonflies", Letters("s"), rules).legal
True
>>> print(referee.check_take(["dragon", "life"], "dragonflies", Letters("s"), rules).reason)
DRAGONFLIES retains DRAGON whole: a double capture must not keep either word entire
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from itertools import combinations
from pathlib import Path
from typing import NamedTuple

import numpy as np

from companion.words.dictionary import Dictionary
from companion.words.letters import Letters
from companion.words.overrides import OverrideStore
from companion.words.rules import TakeKind, WordRules
from companion.words.stems import StemJudge, Verdict, default_links, known_in
from companion.words.wordindex import WordIndex


class Take(NamedTuple):
    """A new word made from ``sources`` (words on the table) plus letters from the pool."""

    new: str
    sources: tuple[str, ...]

    @property
    def added(self) -> Letters:
        used = Letters()
        for source in self.sources:
            used = used + Letters(source)
        return Letters(self.new) - used

    def as_dict(self) -> dict[str, object]:
        source: object = self.sources[0] if len(self.sources) == 1 else list(self.sources)
        return {"from": source, "to": self.new, "added": str(self.added)}


@dataclass(frozen=True)
class TakeCheck:
    """Whether a claim is legal, the rule that decides, and which letters it takes from the pool."""

    legal: bool
    reason: str
    rule: str  # word, letters, no-steals, nothing-added, pool, stem, order, retains, ok
    added: Letters = field(default_factory=Letters)
    judgement: dict[str, object] | None = None

    def as_dict(self) -> dict[str, object]:
        data: dict[str, object] = {
            "legal": self.legal,
            "reason": self.reason,
            "rule": self.rule,
            "added": str(self.added),
        }
        if self.judgement is not None:
            data["judge"] = self.judgement
        return data


@dataclass(frozen=True)
class FindResult:
    new: list[str]
    steals: list[Take]

    def as_dict(self) -> dict[str, object]:
        return {"new": self.new, "steals": [s.as_dict() for s in self.steals]}


def _is_subsequence(short: str, long: str) -> bool:
    letters = iter(long)
    return all(ch in letters for ch in short)


class Referee:
    """Checks and finds claims with one dictionary and one stem judge."""

    def __init__(self, dictionary: Dictionary, judge: StemJudge) -> None:
        self.dictionary = dictionary
        self.judge = judge
        self._index_owner: Referee | None = None

    def with_judge(self, judge: StemJudge) -> Referee:
        """The same dictionary (and letter index, built once) with another stem judge."""
        other = Referee(self.dictionary, judge)
        other._index_owner = self._index_owner or self
        return other

    @classmethod
    def load(
        cls,
        size: str = "large",
        word_lists: Iterable[str | Path] = (),
        house_rules: str | Path | None = None,
        overrides: str | Path | None = None,
        compounds_allowed: bool = False,
    ) -> Referee:
        """The built-in list of ``size``, the players' lists, their house rules, and the stem judge
        with the referee's stored rulings (``overrides``, an SQLite file; None: no stored rulings);
        ``compounds_allowed``: the house rule that lets BOOK become BOOKCASE."""
        dictionary = Dictionary.load(size, word_lists, house_rules)
        rulings = OverrideStore(overrides) if overrides is not None else {}
        judge = StemJudge(default_links(), rulings, is_word=known_in(dictionary), compounds_allowed=compounds_allowed)
        return cls(dictionary, judge)

    @cached_property
    def index(self) -> WordIndex:
        if self._index_owner is not None:
            return self._index_owner.index
        return WordIndex(self.dictionary)

    def check_take(self, sources: Sequence[str], new: str, pool: Letters, rules: WordRules) -> TakeCheck:
        """Is making ``new`` from ``sources`` plus ``pool`` letters legal under ``rules``?"""
        check = self.dictionary.check(new, rules)
        if not check.valid:
            return TakeCheck(False, check.reason, "word")
        new = new.lower()
        sources = [s.lower() for s in sources]
        NEW = new.upper()
        if sources and rules.take is TakeKind.NONE:
            return TakeCheck(False, f"{rules.title} has no steals: words are never taken", "no-steals")
        if len(sources) > 2 or (len(sources) == 2 and not rules.double_capture):
            most = "two words" if rules.double_capture else "one word"
            return TakeCheck(False, f"{rules.title} takes at most {most} at a time", "no-steals")
        used = Letters()
        for source in sources:
            used = used + Letters(source)
        if not used <= Letters(new):
            names = " + ".join(s.upper() for s in sources)
            left_over = Letters(new).missing(used)
            return TakeCheck(False, f"{NEW} does not use every letter of {names} ({left_over} left over)", "letters")
        added = Letters(new) - used
        if len(sources) == 1 and not added:
            return TakeCheck(
                False,
                f"{NEW} only rearranges {sources[0].upper()}: at least one pool letter must be added",
                "nothing-added",
            )
        if not added <= pool:
            missing = ", ".join(pool.missing(added))
            return TakeCheck(False, f"{NEW} needs letters not in the centre: {missing.upper()}", "pool", added)
        if len(sources) == 2:
            for source in sources:
                if source in new:
                    return TakeCheck(
                        False,
                        f"{NEW} retains {source.upper()} whole: a double capture must not keep either word entire",
                        "retains",
                        added,
                    )
            names = " + ".join(s.upper() for s in sources)
            return TakeCheck(True, f"{NEW} is {names} + {added or 'nothing'}: double capture allowed", "ok", added)
        if not sources:
            return TakeCheck(True, f"{NEW} is made from the pool", "ok", added)
        return self._check_single(sources[0], new, added, rules)

    def _check_single(self, old: str, new: str, added: Letters, rules: WordRules) -> TakeCheck:
        OLD, NEW = old.upper(), new.upper()
        if rules.take is TakeKind.INSERT:
            if not _is_subsequence(old, new):
                return TakeCheck(
                    False, f"{NEW} disturbs the order of {OLD}: cards may only be inserted", "order", added
                )
            return TakeCheck(True, f"{NEW} is {OLD} with {added} inserted", "ok", added)
        if rules.take is TakeKind.BUILD:
            return TakeCheck(True, f"{NEW} is built from {OLD} + {added}", "ok", added)
        verdict = self.judge.judge(old, new)
        if verdict.verdict is Verdict.SAME:
            return TakeCheck(False, f"{verdict.reason}; {rules.taking} refused", "stem", added, verdict.as_dict())
        return TakeCheck(True, f"{verdict.reason}; {rules.taking} allowed", "ok", added, verdict.as_dict())

    def find(self, pool: Letters, words: Iterable[str], rules: WordRules) -> FindResult:
        """Every legal new word from the pool and every legal take of the table's ``words``."""
        index = self.index
        table = list(dict.fromkeys(w.lower() for w in words))
        new = [index.words[i] for i in index.candidates(pool, min_length=rules.min_length)]
        steals: list[Take] = []
        if rules.take is TakeKind.NONE:
            return FindResult(new, steals)
        for word in table:
            letters = Letters(word)
            rows = index.candidates(letters + pool, must=letters, min_length=max(rules.min_length, len(word) + 1))
            names = [index.words[i] for i in rows]
            if rules.take is TakeKind.STEAL:
                refused = {
                    n
                    for n in self.judge.suspects(word, names)
                    if self.judge.judge(word, n).verdict is not Verdict.DIFFERENT
                }
                names = [n for n in names if n not in refused]
            elif rules.take is TakeKind.INSERT:
                names = [n for n in names if _is_subsequence(word, n)]
            steals.extend(Take(n, (word,)) for n in names)
        if rules.double_capture:
            steals.extend(self._double_captures(pool, words, rules))
        return FindResult(new, steals)

    def _double_captures(self, pool: Letters, words: Iterable[str], rules: WordRules) -> list[Take]:
        """Dictionary, Please!: two words on the table, with or without pool letters."""
        index = self.index
        table = [w.lower() for w in words]
        everything = pool
        for word in table:
            everything = everything + Letters(word)
        containing = {
            w: index.candidates(everything, must=Letters(w), min_length=rules.min_length) for w in dict.fromkeys(table)
        }
        member = {}
        for w, rows in containing.items():
            member[w] = np.zeros(len(index), dtype=bool)
            member[w][rows] = True
        found = []
        for a, b in dict.fromkeys(combinations(table, 2)):
            both = Letters(a) + Letters(b)
            common = containing[a][member[b][containing[a]]]
            for i in index.candidates(both + pool, must=both, min_length=rules.min_length, rows=common):
                candidate = index.words[i]
                if a not in candidate and b not in candidate:
                    found.append(Take(candidate, (a, b)))
        return found
