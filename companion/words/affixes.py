"""English prefixes and suffixes, and how a longer word can be an affixed form of a shorter one.

Public API: :class:`Shape`, :func:`shapes`, :func:`combining`, :data:`PREFIXES`, :data:`SUFFIXES`.

A *shape* says how ``new`` could be built from ``old``: a prefix, a suffix (with the usual
spelling changes: a dropped final E, Y turned to I, a doubled final consonant, C turned to CK), both, or a
compound with another word. A shape is only a hypothesis; the stem judge decides with word
knowledge whether the two words really share a stem.

>>> [s.describe("dance", "dancer") for s in shapes("dance", "dancer")]
['DANCE + ER (final E dropped)']
>>> [s.describe("happy", "unhappiness") for s in shapes("happy", "unhappiness")]
['UN + HAPPY + NESS (Y turned to I)']
>>> [s.kind for s in shapes("ban", "banner")]
['suffix']
>>> shapes("tease", "eaters")
[]
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

#: Prefixes that negate or reverse (their antonym in WordNet is evidence of a shared stem).
NEGATIVE_PREFIXES = frozenset({"un", "in", "im", "il", "ir", "non", "dis", "a", "an", "de"})
#: Latin prefixes: EX-TRACTOR, DE-TRACTOR, CON-TRACTOR in the Dictionary, Please! text; TRA- is
#: TRANS- before some consonants (TRA-VERSE, TRA-DUCE).
LATIN_PREFIXES = frozenset(
    {"ab", "ac", "ad", "af", "ag", "al", "ap", "ar", "as", "at", "co", "com", "con", "col", "cor",
     "de", "dis", "di", "e", "ex", "in", "im", "ob", "per", "pre", "pro", "re", "sub", "trans", "tra"}
)  # fmt: skip
#: Greek and Latin combining forms that begin learned words: PHIL + HARMONIC, GEO + PHYSICS, BIO +
#: MEDICAL. Only on an OLD of five letters or more: a short word after them is mostly chance
#: (LOG in BIOLOGIST, TON in MONOTONY, CUT in ELECTROCUTION, CORN in UNICORN).
LEARNED_PREFIXES = frozenset(
    {"aero", "agro", "astro", "bio", "cardio", "chrono", "crypto", "eco", "electro", "ethno", "geo", "hetero",
     "homo", "hydro", "hypo", "infra", "intra", "iso", "macro", "mono", "nano", "neo", "neuro", "omni", "ortho",
     "paleo", "phil", "philo", "photo", "poly", "proto", "psycho", "retro", "socio", "stereo", "techno", "thermo",
     "uni", "zoo", "epi", "peri", "para", "meta", "endo", "exo", "hemi", "demi", "tetra", "penta", "hexa", "octo",
     "quasi", "circum", "contra", "intro", "kilo", "milli", "centi", "supra", "ambi"}
)  # fmt: skip
#: Greek and Latin endings of learned words: GRAPH + OLOGY, APPEND + ECTOMY, SPEED + OMETER, PLANET
#: + OID, ELEPHANT + IASIS, FLUOR + OSIS, on an OLD of five letters or more (CART is only chance in
#: CARTOGRAPHY, TAUT in TAUTOLOGY).
LEARNED_SUFFIXES = frozenset(
    {"ology", "logy", "ologist", "logist", "ological", "logical", "ography", "graphy", "ographer", "grapher",
     "itis", "iasis", "osis", "ectomy", "phobia", "phobic", "ocracy", "cracy", "ocrat", "crat", "ometer", "meter",
     "oscope", "scope", "ophile", "phile", "oid"}
)  # fmt: skip
#: The shortest OLD a learned prefix or ending goes on.
LEARNED_BASE = 5
#: Words that are also the learned second element they come from, after a combining vowel: SEISM-O-
#: GRAPH, KALEID-O-SCOPE, SPEED-O-METER, XYL-O-PHONE, ATM-O-SPHERE, CUNE-I-FORM. Any stem may come
#: before them, as the learned first elements are too many to list. FORM only after I: -IFORM is
#: Latin -formis (forma), while CHLOROFORM is CHLORO + FORM(YL), formic acid.
COMBINING_WORDS = {
    "o": frozenset({"graph", "graphic", "gram", "scope", "meter", "metre", "metric", "phone", "sphere", "type",
                    "mania", "phobia", "plasm"}),
    "i": frozenset({"form"}),
}  # fmt: skip
PREFIXES = NEGATIVE_PREFIXES | LATIN_PREFIXES | LEARNED_PREFIXES | frozenset(
    {"anti", "auto", "be", "bi", "counter", "down", "en", "em", "extra", "fore", "hyper", "inter",
     "mal", "micro", "mid", "mis", "multi", "out", "over", "post", "semi", "super", "tri", "under",
     "up", "self", "re", "ultra", "mega", "mini", "pseudo", "tele"}
)  # fmt: skip
#: Suffixes of Latin derivation that leave a bound root: TRACT-OR, TENS-ION, VIS-ION.
LATIN_SUFFIXES = ("ation", "ition", "ion", "or", "ive", "ure", "ent", "ant", "ence", "ance", "ible", "ile", "ate")
SUFFIXES = frozenset(
    {"s", "es", "ed", "d", "ing", "er", "ers", "est", "or", "ors", "ness", "less", "ful", "ly", "ish",
     "ment", "able", "ible", "ist", "ism", "ity", "ty", "ize", "ise", "ship", "hood", "dom", "al",
     "ial", "ic", "ical", "ion", "tion", "ation", "ous", "ive", "y", "en", "an", "ian", "ant", "ent",
     "ance", "ence", "ery", "ry", "th", "ward", "wise", "like", "let", "ling", "ette", "ee", "eer",
     "ess", "ress", "ure", "ate", "ify", "fy", "some", "age", "ar", "ary", "ory", "ie", "o", "ster", "le", "kin",
     "ably", "ibly", "fully", "lessly", "lessness", "fulness", "ishly", "ishness", "ically", "ization",
     "isation", "ingly", "edly", "wards"}
)  # fmt: skip
#: Suffixes that go on the words named only: the old second person in -ST (-T after S) of the
#: auxiliaries, WOULDST, DIDST, CANST, HAST, WAST, and the -ST of AMIDST and AMONGST. Elsewhere a
#: final ST or T is no suffix (BOA is not in BOAST, FIR not in FIRST).
NAMED_BASES = {
    "st": frozenset({"can", "could", "did", "had", "may", "might", "must", "shall", "should", "will", "would",
                     "amid", "among"}),
    "t": frozenset({"has", "was"}),
}  # fmt: skip
#: -ITY's form after I, on a stem whose final Y or ER turned to I: VARY, VARIETY; GAY, GAIETY;
#: SOBER, SOBRIETY. Not on a word that ends in I of its own (PI, PIETY) or in no I (CROTCHETY).
AFTER_I = "ety"
#: The spelling changes that leave a stem in I for :data:`AFTER_I`.
TO_I = frozenset({"Y turned to I", "ER turned to RI"})
#: Suffixes that a doubled final consonant may take besides those starting with a vowel: TOP-P-LE.
DOUBLING_CONSONANT_SUFFIXES = frozenset({"y", "le"})
#: Prefixes that are also words of their own, but another word: the prefix DIS- is not the slang DIS,
#: PRO- not the PRO of a professional. A word made of one of them + a word is that word with a
#: prefix, not a compound of the two (the Germanic particles OVER, UNDER, OUT, UP, DOWN are the
#: same words as the prefixes and make compounds).
BOUND_PREFIX_WORDS = frozenset(
    {"ab", "ad", "am", "an", "ante", "anti", "auto", "be", "bi", "co", "com", "con", "de", "di", "dis", "em", "en",
     "ex", "in", "inter", "mal", "mega", "micro", "mini", "mis", "multi", "non", "ob", "per", "post", "pre", "pro",
     "pseudo", "re", "semi", "sub", "super", "tele", "trans", "tri", "ultra", "un"}
)  # fmt: skip
#: Suffixes that are also words of their own, but not the same word: -LESS is not LESS, -NESS not
#: NESS (a headland), -ABLE not ABLE. A word ending in one of them is its other part + the suffix.
SUFFIX_WORDS_OF_THEIR_OWN = frozenset(
    {"ability", "ably", "able", "age", "ally", "ant", "ate", "dom", "ery", "hood", "ion", "ism", "kin", "less", "let",
     "ling", "ness", "ship", "ward", "wards", "wise", "ster", "ian", "ess", "ette", "some", "ful"}
)  # fmt: skip
#: Suffixes so regular that the derived word always keeps the base's meaning.
TRANSPARENT_SUFFIXES = frozenset({"ness", "less", "ful", "ship", "hood", "like", "wise"})
VOWELS = frozenset("aeiou")
#: The spelling change of the feminine -ESS on a word in -ER: WAITER, WAITRESS.
FEMININE_ER = "E of -ER dropped"


@dataclass(frozen=True)
class Shape:
    """``new`` = ``prefix`` + (``old`` with ``change``) + ``suffix``, or a compound with ``other``."""

    kind: str  # "prefix", "suffix", "prefix+suffix" or "compound"
    prefix: str = ""
    suffix: str = ""
    change: str = ""  # spelling change to OLD before the suffix
    other: str = ""  # the other word of a compound

    def describe(self, old: str, new: str) -> str:
        if self.kind == "compound":
            if self.suffix:
                text = " + ".join(p.upper() for p in (self.other, old, self.suffix))
                return f"{text} ({self.change})" if self.change else text
            if new.startswith(old):
                parts = [old, "s", self.other] if self.change else [old, self.other]
                return " + ".join(p.upper() for p in parts)
            parts = [self.other, old]
        else:
            parts = [p for p in (self.prefix, old, self.suffix) if p]
        text = " + ".join(p.upper() for p in parts)
        return f"{text} ({self.change})" if self.change else text


def suffix_forms(old: str) -> list[tuple[str, str, Callable[[str], bool]]]:
    """The stems a suffix can attach to: (stem, spelling change, which suffixes may follow it)."""
    forms: list[tuple[str, str, Callable[[str], bool]]] = [(old, "", lambda s: True)]
    if old.endswith("e") and len(old) > 2:
        forms.append((old[:-1], "final E dropped", lambda s: s[0] in VOWELS or s == "y"))
    if old.endswith("y") and len(old) > 2:  # after a vowel (GAY, GAIETY) only -ETY: see narrow_suffix
        forms.append((old[:-1] + "i", "Y turned to I", lambda s: old[-2] not in VOWELS and not s.startswith("i")))
    if old.endswith("er") and len(old) > 3:  # SOBER, SOBRIETY: only -ETY
        forms.append((old[:-2] + "ri", "ER turned to RI", lambda s: False))
        # -ESS on -ER drops its E: WAITER, WAITRESS; LAUNDER, LAUNDRESS (a woman: the judge asks)
        forms.append((old[:-2] + "r", FEMININE_ER, lambda s: s == "ess"))
    if len(old) >= 3 and old[-1] not in VOWELS | {"w", "x", "y"} and old[-2] in VOWELS and old[-3] not in VOWELS:
        forms.append(
            (old + old[-1], "final consonant doubled", lambda s: s[0] in VOWELS or s in DOUBLING_CONSONANT_SUFFIXES)
        )
    if old.endswith("c") and len(old) > 2:
        forms.append((old + "k", "C turned to CK", lambda s: s[0] in "eiy"))
    if old.endswith("le") and len(old) > 3:
        forms.append((old[:-2], "LE turned to LY", lambda s: s == "ly"))
    if old.endswith("ie") and len(old) == 3:  # TIE, TYING; DIE, DYING (RE + TYING)
        forms.append((old[:-2] + "y", "IE turned to Y", lambda s: s == "ing"))
    return forms


def narrow_suffix(old: str, change: str, suffix: str) -> bool:
    """Does ``suffix``, one that goes on named stems only, go on ``old`` with ``change``?

    >>> narrow_suffix("would", "", "st"), narrow_suffix("boa", "", "st"), narrow_suffix("vary", "Y turned to I", "ety")
    (True, False, True)
    """
    if suffix == AFTER_I:
        return change in TO_I
    return not change and old in NAMED_BASES.get(suffix, ())


def combining(prefix: str, old: str) -> bool:
    """Is ``prefix`` a learned first element with its combining vowel before ``old``, a word that is
    also the learned second element (:data:`COMBINING_WORDS`)?

    >>> combining("seismo", "graph"), combining("cunei", "form"), combining("chloro", "form"), combining("o", "graph")
    (True, True, False, False)
    """
    vowel = prefix[-1:]
    return len(prefix) >= 3 and prefix.isalpha() and old in COMBINING_WORDS.get(vowel, ())


def shapes(old: str, new: str, is_word: Callable[[str], bool] = lambda w: False) -> list[Shape]:
    """Every way ``new`` is ``old`` with a known prefix and/or suffix, or compounded with a word."""
    found: list[Shape] = []
    for start in range(len(new) - len(old) + 1):
        prefix = new[:start]
        if (
            prefix
            and not combining(prefix, old)
            and (prefix not in PREFIXES or (prefix in LEARNED_PREFIXES and len(old) < LEARNED_BASE))
        ):
            continue
        rest = new[start:]
        for stem, change, allows in suffix_forms(old):
            if not rest.startswith(stem):
                continue
            suffix = rest[len(stem) :]
            learned = suffix in LEARNED_SUFFIXES and len(old) >= LEARNED_BASE and not change
            ordinary = suffix in SUFFIXES and allows(suffix)
            if suffix and not (learned or ordinary or narrow_suffix(old, change, suffix)):
                continue
            if suffix == "ress" and not (is_word(stem + "or") or is_word(stem + "er")):
                continue  # -RESS is -ESS on an agent's -OR or -ER: ACTRESS (ACTOR), not PROGRESS
            if not suffix and change:
                continue
            if prefix or suffix:
                kind = "prefix+suffix" if prefix and suffix else "prefix" if prefix else "suffix"
                found.append(Shape(kind, prefix, suffix, change if suffix else ""))
    if not found:
        found.extend(compounds(old, new, is_word) or compounds_of_a_derivative(old, new, is_word))
    return found


def compounds(old: str, new: str, is_word: Callable[[str], bool]) -> list[Shape]:
    """``new`` as ``old`` kept whole beside another word of two letters or more: BOOK + CASE,
    SEA + SHELL; or ``old`` + a linking S + a word: CRAFT + S + MAN."""
    found = []
    if new.startswith(old):
        other = new[len(old) :]
        if len(other) >= 2 and is_word(other):
            found.append(Shape("compound", other=other))
        elif (
            other.startswith("s")
            and len(other) >= 4
            and is_word(other[1:])
            and other[1:] not in SUFFIX_WORDS_OF_THEIR_OWN
        ):
            found.append(Shape("compound", other=other[1:], change="linking S"))  # not PLEA + S + ANT
    if new.endswith(old) and len(new) - len(old) >= 2 and is_word(new[: -len(old)]):
        found.append(Shape("compound", other=new[: -len(old)]))
    return found


def compounds_of_a_derivative(old: str, new: str, is_word: Callable[[str], bool]) -> list[Shape]:
    """``new`` as a word + a word that is ``old`` with a suffix: BOOK + SELL + ER, TROUBLE + MAKE
    + ER (final E dropped); the second word must be a word of its own (SELLER, MAKER), and NEW
    must part into two words only there: HEARTRENDING is HEART + RENDING, not HEAR + TREND + ING.

    >>> words = {"book", "seller"}.__contains__
    >>> [s.describe("sell", "bookseller") for s in compounds_of_a_derivative("sell", "bookseller", words)]
    ['BOOK + SELL + ER']
    """
    splits = [cut for cut in range(2, len(new) - 1) if is_word(new[:cut]) and is_word(new[cut:])]
    if len(splits) != 1:
        return []
    cut = splits[0]
    other, rest = new[:cut], new[cut:]
    head = other + old  # FIREFIGHT + ER is the compound's own parting; CAREFUL + LY and CATTY + ER are not
    if any(_word_and_suffix(new, end, is_word) not in (None, head) for end in range(cut + 1, len(new))):
        return []
    found = []
    for stem, change, allows in suffix_forms(old):
        suffix = rest[len(stem) :]
        if rest.startswith(stem) and suffix in SUFFIXES and allows(suffix):
            found.append(Shape("compound", suffix=suffix, change=change, other=other))
    return found


def _word_and_suffix(new: str, end: int, is_word: Callable[[str], bool]) -> str | None:
    """The word ``new`` is with a suffix, parted at ``end`` (a Y turned to I: CATTI + ER), or None."""
    stem, suffix = new[:end], new[end:]
    if suffix not in SUFFIXES:
        return None
    if is_word(stem):
        return stem
    return stem[:-1] + "y" if stem.endswith("i") and is_word(stem[:-1] + "y") else None


def bound_root(word: str) -> str | None:
    """The root left when a Latin suffix is taken off ``word`` (TRACTOR -> TRACT), if 3+ letters."""
    for suffix in LATIN_SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            return word[: -len(suffix)]
    return None
