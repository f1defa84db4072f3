"""Where a word's syllables begin: Webster's division, its inflections, then a spelling rule.

Two letter games count syllables. Word Building pays a counter to "each player who begins a new
syllable to the word, that is, plays the first letter of one", and Travelling Letters breaks a tie
of letters by "the greatest number of syllables". A spelling rule alone miscounts English often
(JUDGED is one syllable, CHAOS two, SUAVE one), so a word is divided, in this order:

1. as Webster (1913, GCIDE) divides its headword: ``ab-di-cate``, ``cha-os``, ``suave``;
2. as a headword Webster divides, with an ending: -S, -ES, -ED, -ING, -ER, -EST, -LY, -NESS,
   -FUL, -LESS, -MENT, with the spelling changes (a final E dropped, a consonant doubled, Y turned
   to I); -ED is a syllable only after a T or D (WANT-ED, but JUDGED), -S and -ES only after a
   hissing sound (BOX-ES, HORS-ES, but NOTES);
3. as two headwords Webster divides, one after the other (NOTE + BOOK);
4. by a spelling rule (:func:`spelled_syllables`) for a word Webster does not know.

>>> syllable_starts("abdicate"), syllable_starts("judged"), syllable_starts("wanted")
([0, 2, 4], [0], [0, 4])
>>> len(syllable_starts("chaos")), len(syllable_starts("suave")), len(syllable_starts("horses"))
(2, 1, 2)
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator, Mapping
from functools import cache

from companion.words.webster import default_webster

VOWELS = "aeiouy"
#: Two vowels side by side that are two syllables (CHA-OS, VI-A, RE-O): not after the letters
#: that make them one sound (the -TION of NATION, the QU of QUAY, the GU of GUARD).
HIATUS = re.compile(r"(?<![tscxqg])(ao|ia|io|eo|uo)|(?<![qg])ua")
#: A final -SM or -THM after a vowel: the M is a syllable of its own (PRI-SM, RHY-THM, -ISM).
FINAL_M = re.compile(f"[{VOWELS}][^{VOWELS}]*(?:s|th)m$")
#: A final -LE after another consonant is a syllable of its own: TA-BLE, BOT-TLE (not AISLE).
SYLLABIC_L = re.compile(f"(?<!i)[^{VOWELS}l]le$")
#: Endings that are always a syllable of their own after the word they end.
SYLLABIC_ENDINGS = ("ing", "est", "er", "ly", "ness", "ful", "less", "ment")
#: A word's last letters that end in a hissing sound, after which -S and -ES are a syllable.
HISSING = ("s", "x", "z", "ch", "sh", "ce", "se", "ge", "ze", "dge")


@cache
def divisions() -> Mapping[str, str]:
    """Webster's division of each headword that it divides plainly (:meth:`Webster.divisions`)."""
    return default_webster().divisions()


def syllable_starts(word: str, known: Mapping[str, str] | None = None) -> list[int]:
    """Where the syllables of ``word`` begin (``known``: headwords' divisions, Webster's by default).

    >>> syllable_starts("jumping", {"jump": "jump"}), syllable_starts("hopping", {"hop": "hop"})
    ([0, 4], [0, 3])
    >>> syllable_starts("notebook", {"note": "note", "book": "book"})
    [0, 4]
    """
    word = word.lower()
    known = divisions() if known is None else known
    if word in known:
        return _starts(known[word], word)
    for base, kept, ending, at in _bases(word):
        if base in known:
            starts = [s for s in _starts(known[base], base) if s < at]
            return [*starts, at] if _syllabic(base, kept, ending) else starts
    for cut in range(2, len(word) - 1):
        first, second = word[:cut], word[cut:]
        if first in known and second in known:
            return [*_starts(known[first], first), *(cut + s for s in _starts(known[second], second))]
    return spelled_syllables(word)


def _starts(division: str, word: str) -> list[int]:
    """The starts of ``division``'s syllables; Webster writes -ISM as one (DY-NA-MISM): it is two."""
    starts, at = [], 0
    for part in division.split("-"):
        starts.append(at)
        at += len(part)
    if FINAL_M.search(word) and len(spelled_syllables(division.rsplit("-", 1)[-1])) == 2:
        starts.append(len(word) - 1)
    return starts


def _bases(word: str) -> Iterator[tuple[str, str, str, int]]:
    """(the headword, the letters of it ``word`` keeps, the ending, where a syllable of the ending
    would begin) for each way ``word`` may be a headword with an ending, the longest ending first."""
    for ending in sorted(("s", "es", "d", "ed", *SYLLABIC_ENDINGS), key=len, reverse=True):
        if not word.endswith(ending) or len(word) - len(ending) < 2:
            continue
        kept = word[: -len(ending)]
        if ending[0] in "eiy":
            yield kept + "e", kept, ending, len(kept)  # a final E dropped (MAK-ING; NOT + ES is NOTE + S)
        yield kept, kept, ending, len(kept)
        if len(kept) > 2 and kept[-1] == kept[-2] and kept[-1] not in VOWELS:
            yield kept[:-1], kept, ending, len(kept) - 1  # a consonant doubled: HOP-PING
        if kept.endswith("i"):
            yield kept[:-1] + "y", kept, ending, len(kept)  # Y turned to I: CARRI-ED, HAPPI-LY


def _syllabic(base: str, kept: str, ending: str) -> bool:
    """Is ``ending`` on ``base`` a syllable of its own?"""
    if ending in ("d", "ed"):
        return (kept.endswith(("t", "d")) and ending == "ed") or base.endswith(("te", "de"))
    if ending in ("s", "es"):
        return base.endswith(HISSING)
    return True


def spelled_syllables(word: str) -> list[int]:
    """Where the syllables of ``word`` begin, by a simple rule: one consonant between vowel groups
    goes with the second (VCV: ti-ger), two or more are split after the first (VCCV: gar-den); a
    final E is silent, and so is the E of a final -ES or -ED after one consonant (NOTES, HOPED, but
    BOX-ES, WANT-ED); some vowel pairs are two syllables (CHA-OS).

    >>> spelled_syllables("garden"), spelled_syllables("tiger"), spelled_syllables("abdicate")
    ([0, 3], [0, 2], [0, 2, 4])
    >>> len(spelled_syllables("notes")), len(spelled_syllables("chaos")), len(spelled_syllables("boxes"))
    (1, 2, 2)
    >>> len(spelled_syllables("bottle")), len(spelled_syllables("prism")), len(spelled_syllables("booing"))
    (2, 2, 2)
    """
    word = word.lower()
    groups = []
    for m in re.finditer(f"[{VOWELS}]+", word):
        split = HIATUS.search(word, m.start(), m.end())
        if split is None and m.end() == len(word) - 2 and word.endswith("ing") and m.end() - m.start() > 1:
            groups += [(m.start(), m.end() - 1), (m.end() - 1, m.end())]  # BOO-ING, SEE-ING
        elif split is not None and split.end() <= m.end():
            cut = split.start() + 1
            groups += [(m.start(), cut), (cut, m.end())]
        else:
            groups.append(m.span())
    if FINAL_M.search(word):
        groups.append((len(word) - 1, len(word)))  # PRI-SM, RHY-THM: the M is a syllable
    stem = word[:-1] if word.endswith(("les", "led")) else word
    if SYLLABIC_L.search(stem):
        pass  # TA-BLE(S), BOT-TLE(D): the E is no syllable, but the L is
    elif len(groups) > 1 and groups[-1] == (len(word) - 1, len(word)) and word.endswith("e"):
        groups.pop()  # a final silent E: CATE is one syllable
    elif len(groups) > 1 and groups[-1] == (len(word) - 2, len(word) - 1) and word[-2:] in ("es", "ed"):
        before = word[groups[-2][1] : -2]  # the consonants between: not those the ending sounds after
        sounded = ("s", "x", "z", "c", "g", "sh", "ch") if word.endswith("es") else ("t", "d")
        if not before.endswith(sounded):
            groups.pop()  # NOTES, HOPED, CHECKED: one syllable; BOXES, WANTED: two
    starts = [0]
    for (_, end), (start, _) in itertools.pairwise(groups):
        consonants = start - end
        if consonants == 0:  # a vowel pair split in two: CHA-OS
            starts.append(start)
        elif consonants == 1:
            starts.append(start - 1)
        elif consonants > 1:
            starts.append(end + 1)
    return sorted(set(starts))
