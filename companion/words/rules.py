"""Word rules: how long a word must be and how a word on the table may be taken.

Public API: :class:`WordRules`, :class:`TakeKind`.

Each game's engine carries its own word rules as class data (``companion.games``); the dictionary
and the solver read them, so the word box, the command line and the engines apply one set of rules.

>>> rules = WordRules("Not Scrabble", 3, TakeKind.STEAL)
>>> rules.min_length, rules.take.value, rules.double_capture
(3, 'steal', False)
>>> rules.with_min_length(1).min_length
1
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum


class TakeKind(Enum):
    """How a word already on the table may be turned into a new one."""

    NONE = "none"  # no word is ever taken (DICEWORDS, the solitaires)
    STEAL = "steal"  # rearrange it and add letters; the new word must have a different stem
    BUILD = "build"  # rearrange it and add letters; any new word will do (old letter-box games)
    INSERT = "insert"  # add letters without disturbing its order (Lexicon rule (c))


@dataclass(frozen=True)
class WordRules:
    """The word rules of one game (and variant); ``title`` names the game in messages."""

    title: str
    min_length: int
    take: TakeKind
    #: Dictionary, Please!: two words brought together, with or without added letters.
    double_capture: bool = False
    #: What the game's own text calls taking a word: a steal (Not Scrabble), a capture (DICTIONARY,
    #: PLEASE!).
    taking: str = "steal"

    def with_min_length(self, min_length: int) -> WordRules:
        return replace(self, min_length=min_length)
