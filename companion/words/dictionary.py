"""The dictionary: which strings are words, and whether a word is allowed in a game.

Public API: :class:`Dictionary`, :class:`WordCheck`, :class:`DictionaryError`, :data:`SIZES`.

The default lists are generated from SCOWL by ``scripts/make_wordlists.py`` (see
``companion/data/SCOWL-NOTICE``): "standard" is SCOWL sizes up to 70, "large" up to 80 and
covers tournament words such as QI, ZA and ZYZZYVA; a letter's name is no word (B, Q), so the
one-letter words are A, I and O. Players add their own lists (one word
per line, ``#`` starts a comment) and a house-rules overlay (``+word`` allows, ``-word`` bans).

>>> from companion.words.rules import TakeKind, WordRules
>>> not_scrabble = WordRules("Not Scrabble", 3, TakeKind.STEAL)
>>> words = Dictionary(["ride", "glider", "qi"])
>>> "GLIDER" in words
True
>>> words.check("qi", not_scrabble).reason
'QI is too short: Not Scrabble needs words of 3 or more letters'
>>> words.check("glidr", not_scrabble).valid
False
>>> big = Dictionary.load("standard")
>>> [w for w in "abcdefghijklmnopqrstuvwxyz" if w in big]
['a', 'i', 'o']
"""

from __future__ import annotations

import gzip
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from companion.errors import InvalidInputError
from companion.words.rules import WordRules

SIZES = ("standard", "large")
#: SCOWL lists every letter as a word (the letter's name: "a b"); the one-letter words of their own
#: are A, I and O (the interjection), and no game takes a bare letter's name as a word.
LETTER_NAMES = frozenset("abcdefghijklmnopqrstuvwxyz") - {"a", "i", "o"}
_FILES = {"standard": ("words-standard.txt.gz",), "large": ("words-standard.txt.gz", "words-large-extra.txt.gz")}
_WORD = re.compile(r"[a-z]+")


class DictionaryError(InvalidInputError):
    """A word list or house-rules file that cannot be read."""


@dataclass(frozen=True)
class WordCheck:
    """Whether one word may be played, and why."""

    word: str
    valid: bool
    reason: str

    def as_dict(self) -> dict[str, object]:
        return {"word": self.word, "valid": self.valid, "reason": self.reason}


class Dictionary:
    """A set of lowercase a-z words."""

    def __init__(self, words: Iterable[str], name: str = "custom") -> None:
        self._words = frozenset(words)
        self.name = name

    @classmethod
    def load(
        cls,
        size: str = "large",
        word_lists: Iterable[str | Path] = (),
        house_rules: str | Path | None = None,
    ) -> Dictionary:
        """The built-in list of ``size``, plus the players' own lists, then their house rules."""
        if size not in _FILES:
            raise DictionaryError(f"unknown dictionary size {size!r}: choose one of {', '.join(SIZES)}")
        words: set[str] = set()
        data = resources.files("companion") / "data"
        for filename in _FILES[size]:
            with gzip.open(data.joinpath(filename).open("rb"), "rt", encoding="ascii") as f:
                words.update(line.rstrip("\n") for line in f if not line.startswith("#"))
        words -= LETTER_NAMES  # a table's own list or house rules may still add one
        name = size
        for path in word_lists:
            words.update(read_word_list(path))
            name += f"+{Path(path).name}"
        if house_rules is not None:
            allowed, banned = read_house_rules(house_rules)
            words = (words | allowed) - banned
            name += f"+{Path(house_rules).name}"
        return cls(words, name)

    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and word.lower() in self._words

    def __len__(self) -> int:
        return len(self._words)

    def __iter__(self) -> Iterator[str]:
        return iter(self._words)

    def check(self, word: str, rules: WordRules) -> WordCheck:
        """Is ``word`` playable under ``rules``? The reason names the rule that decides."""
        shown = word.upper()
        lowered = word.lower()
        if not lowered:
            return WordCheck(word, False, "an empty word is not a word")
        if not _WORD.fullmatch(lowered):
            return WordCheck(word, False, f"{shown} is not a word: letters A-Z only")
        if len(lowered) < rules.min_length:
            return WordCheck(
                word, False, f"{shown} is too short: {rules.title} needs words of {rules.min_length} or more letters"
            )
        if lowered not in self._words:
            return WordCheck(word, False, f"{shown} is not in the dictionary ({self.name})")
        return WordCheck(word, True, f"{shown} is a word ({self.name})")


def _lines(path: str | Path) -> Iterator[tuple[int, str]]:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise DictionaryError(f"word list {path} not found") from None
    except (OSError, UnicodeDecodeError) as error:
        raise DictionaryError(f"cannot read word list {path}: {error}") from None
    for number, line in enumerate(text.splitlines(), start=1):
        line = line.split("#", 1)[0].strip()
        if line:
            yield number, line


def read_word_list(path: str | Path) -> set[str]:
    """One word per line; ``#`` starts a comment; case is ignored. A bad line fails the whole file."""
    words = set()
    for number, line in _lines(path):
        word = line.lower()
        if not _WORD.fullmatch(word):
            raise DictionaryError(f"{path} line {number}: {line!r} is not a word of letters A-Z")
        words.add(word)
    return words


def read_house_rules(path: str | Path) -> tuple[set[str], set[str]]:
    """``+word`` adds a word, ``-word`` removes one. Returns (allowed, banned)."""
    allowed: set[str] = set()
    banned: set[str] = set()
    for number, line in _lines(path):
        sign, word = line[0], line[1:].strip().lower()
        if sign not in "+-" or not _WORD.fullmatch(word):
            raise DictionaryError(f"{path} line {number}: {line!r} must be +word or -word")
        (allowed if sign == "+" else banned).add(word)
    both = allowed & banned
    if both:
        raise DictionaryError(f"{path}: {', '.join(sorted(both))} both allowed and banned")
    return allowed, banned
