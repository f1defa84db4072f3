"""Each game's word rules: how long a word must be and how words may be taken from the table.

Public API: :class:`WordRules`, :func:`word_rules`, :data:`GAMES`, :class:`UnknownGameError`,
:class:`TakeKind`.

The numbers come from the rule texts in ``shared/rules``; each is cited where it is set.

>>> word_rules("not-scrabble").min_length
3
>>> word_rules("dictionary-please").double_capture
True
>>> word_rules("lexicon", "solitaire").min_length
4
>>> word_rules("chess")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
companion.words.rules.UnknownGameError: unknown game 'chess': choose one of not-scrabble, dictionary-please, ...
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum


class UnknownGameError(ValueError):
    """A game or variant name that wordtable does not know."""


class TakeKind(Enum):
    """How a word already on the table may be turned into a new one."""

    NONE = "none"  # no word is ever taken (DICEWORDS)
    STEAL = "steal"  # rearrange it and add letters; the new word must have a different stem
    BUILD = "build"  # rearrange it and add letters; any new word will do (old letter-box games)
    INSERT = "insert"  # add letters without disturbing its order (Lexicon rule (c))


@dataclass(frozen=True)
class WordRules:
    """The word rules of one game (and variant)."""

    game: str
    title: str
    min_length: int
    take: TakeKind
    #: Dictionary, Please!: two words brought together, with or without added letters.
    double_capture: bool = False
    variant: str | None = None


GAMES: dict[str, WordRules] = {
    # not-scrabble.txt rule 04/16: "a word of three or more letters"; rules 08-12: steals with
    # at least one added letter and a different stem.
    "not-scrabble": WordRules("not-scrabble", "Not Scrabble", 3, TakeKind.STEAL),
    # dictionary-please.txt "Length of Words: No words of fewer than 4 letters are allowable";
    # captures need "a different derivation"; "Double Captures" bring two words together.
    "dictionary-please": WordRules("dictionary-please", "Dictionary, Please!", 4, TakeKind.STEAL, double_capture=True),
    # dicewords.txt: "The minimum allowable word length is 3 letters."
    "dicewords": WordRules("dicewords", "DICEWORDS", 3, TakeKind.NONE),
    # lexicon.txt sets no minimum for the 1935 game (its examples include MEN, HAT, TOE);
    # rule (c) inserts cards into a word without disturbing its order.
    "lexicon": WordRules("lexicon", "LEXICON", 2, TakeKind.INSERT),
    # anagrams-and-letter-games.txt sets no minimum; Word Building: "it is not necessary to
    # retain the original word, as long as all the letters previously used form a part of
    # the new or enlarged word".
    "anagrams": WordRules("anagrams", "Anagrams", 2, TakeKind.BUILD),
}

VARIANTS: dict[tuple[str, str], dict[str, object]] = {
    # lexicon.txt, Solitaire: "Make words of four or more letters" (two or three at the very end).
    ("lexicon", "solitaire"): {"min_length": 4},
    ("lexicon", "crossword"): {},
    ("lexicon", "party"): {},
    # lexicon.txt, Wide Open Game: "Plurals and Proper names may be used, and words of any number
    # of letters."
    ("lexicon", "wide-open"): {"min_length": 1},
}


def word_rules(game: str, variant: str | None = None) -> WordRules:
    """The word rules for ``game`` (one of :data:`GAMES`) and an optional ``variant``."""
    rules = GAMES.get(game)
    if rules is None:
        raise UnknownGameError(f"unknown game {game!r}: choose one of {', '.join(GAMES)}")
    if variant is None:
        return rules
    changes = VARIANTS.get((game, variant))
    if changes is None:
        known = [v for g, v in VARIANTS if g == game]
        choices = ", ".join(known) if known else "none"
        raise UnknownGameError(f"{rules.title} has no variant {variant!r} (variants: {choices})")
    return replace(rules, variant=variant, **changes)  # type: ignore[arg-type]
