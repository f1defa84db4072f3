"""The nine DICEWORDS dice and the letter values, as data (shared/rules/dicewords.txt).

Public API: :data:`DICE`, :class:`Die`, :data:`DEFAULT_VALUES`, :class:`LetterValues`, :data:`ENTERED`, :data:`READ`,
:func:`parse_roll`, :data:`WILD`.

A roll is written as nine characters in die order (gold, indigo, red-orange, red, purple, blue,
brown, black, green), ``?`` for the gold die's wild face.

>>> parse_roll("?ANKQGWXZ")
('?', 'a', 'n', 'k', 'q', 'g', 'w', 'x', 'z')
>>> VALUES.word_value("computer"), VALUES.score("computer")
(14, 112)
>>> VALUES.score("squeezing")
225
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from companion.errors import InvalidInputError

WILD = "?"
WILD_VALUE = -2  # "the wild-card is worth -2 which means it subtracts 2 from the word value"


@dataclass(frozen=True)
class Die:
    colour: str
    faces: str  # six faces; "?" is the wild
    mark: str  # the small identifying character printed on every face

    def has(self, letter: str) -> bool:
        return letter in self.faces


#: "the dice table", in die order. The identifying character is the first face listed.
DICE: tuple[Die, ...] = (
    Die("gold", "?aeiou", "?"),
    Die("indigo", "yaeiou", "y"),
    Die("red-orange", "jahmnr", "j"),
    Die("red", "kedfhl", "k"),
    Die("purple", "qolrst", "q"),
    Die("blue", "vucfgs", "v"),
    Die("brown", "wybnps", "w"),
    Die("black", "xibcdt", "x"),
    Die("green", "zegmpt", "z"),
)


class RollError(InvalidInputError):
    """A roll that the dice cannot show."""


def parse_roll(text: str) -> tuple[str, ...]:
    """Nine faces in die order; each must be on its die (what the camera reads: it knows the dice)."""
    faces = tuple(text.replace(" ", "").lower())
    if len(faces) != len(DICE):
        raise RollError(f"a roll is {len(DICE)} faces in die order (gold ... green), not {len(faces)}: {text!r}")
    for face, die in zip(faces, DICE, strict=True):
        if face not in die.faces:
            raise RollError(f"the {die.colour} die has no {face.upper()} (its faces: {die.faces.upper()})")
    return faces


def read_roll(text: str) -> tuple[str, ...]:
    """A roll as a person writes it: in die order, or in any order (as the rule text writes a roll,
    ``E L E P H N T E V``), when the letters go on the dice that can show them: the first such
    arrangement in die order.

    >>> "".join(read_roll("E L E P H N T E V")).upper()
    'EEHELVNTP'
    """
    faces = tuple(text.replace(" ", "").replace(",", "").lower())
    if len(faces) != len(DICE):
        raise RollError(f"a roll is {len(DICE)} faces in die order (gold ... green), not {len(faces)}: {text!r}")
    if all(face in die.faces for face, die in zip(faces, DICE, strict=True)):
        return faces
    arranged = _arrange(sorted(faces), [])
    if arranged is None:
        wrong = next((f, d) for f, d in zip(faces, DICE, strict=True) if f not in d.faces)
        raise RollError(f"the dice cannot show {''.join(faces).upper()}: in die order the {wrong[1].colour} "
                        f"die has no {wrong[0].upper()} (its faces: {wrong[1].faces.upper()}), "
                        "and no other order fits")  # fmt: skip
    return tuple(arranged)


def _arrange(left: list[str], placed: list[str]) -> list[str] | None:
    """The letters ``left`` on the dice after those ``placed``, in die order (backtracking)."""
    if not left:
        return placed
    die = DICE[len(placed)]
    for letter in dict.fromkeys(left):
        if letter in die.faces:
            rest = list(left)
            rest.remove(letter)
            found = _arrange(rest, [*placed, letter])
            if found is not None:
                return found
    return None


#: (value, how we know it). "the rule text": printed in dicewords.txt (RULES: R U L E S are 1;
#: COMPUTER: "All the letters are worth 1 each, except C, M and P which are all worth 3", so O and T
#: are 1 too); "derived": worked out from its worked scores; "assumed": not known to us, guessed by
#: analogy with Scrabble's values scaled as the known ones are. The text prints no other value
#: (the set's "letter distribution table" is on the tube's insert card): players enter theirs.
PRINTED = "the rule text"
HN = "derived in part: H + N = 3 from ELEPHANTS with the wild as A = 9 x 9; the split is assumed"
QZGN = (
    "derived in part: Q + Z + G + N = 20 from SQUEEZING = 225; the split is assumed: Q and Z equal and "
    "high, as in Scrabble (10 each there), G and N 1"
)
DEFAULT_VALUES: dict[str, tuple[int, str]] = {
    **{c: (1, PRINTED) for c in "rulesot"},
    **{c: (3, PRINTED) for c in "cmp"},
    "a": (1, "derived: ELEPHANT = 11 x 8 with H + N = 3"),
    "i": (1, "derived: PLINTHS = 10 x 7"),
    "h": (2, HN),
    "n": (1, HN),
    "q": (9, QZGN),
    "z": (9, QZGN),
    "g": (1, QZGN),
    "b": (3, "assumed"),
    "d": (1, "assumed"),
    "f": (2, "assumed"),
    "j": (6, "assumed"),
    "k": (4, "assumed"),
    "v": (2, "assumed"),
    "w": (2, "assumed"),
    "x": (6, "assumed"),
    "y": (2, "assumed"),
}


#: The letters whose default value is a guess, in whole or in part (the H/N and Q/Z/G/N splits).
ASSUMED = frozenset("hnqzgbdfjkvwxy")
#: The largest value a letter may be given (a table's own values are checked against it).
MAX_VALUE = 20
ENTERED = "entered by the players"
REFEREE = "entered by the referee"
READ = "read from the dice, accepted by the referee"


class LetterValues:
    """The letter values in force: the defaults with the players' own table laid over them
    (``origins``: where an entered value comes from, when not typed by the players).

    >>> values = LetterValues({"k": 5}, origins={"k": READ})
    >>> values["k"], values.source("k"), values.source("b"), values.assumed("b"), values.assumed("k")
    (5, 'read from the dice, accepted by the referee', 'assumed', True, False)
    >>> values.assumed("a"), values.assumed("h"), values.assumed("r")  # A: from ELEPHANT; H: H + N only
    (False, True, False)
    """

    def __init__(self, overrides: Mapping[str, int] | None = None, origins: Mapping[str, str] | None = None) -> None:
        values = {c: v for c, (v, _) in DEFAULT_VALUES.items()}
        self.entered: dict[str, int] = {}
        for letter, value in (overrides or {}).items():
            key = letter.lower()
            if key not in values or not isinstance(value, int) or not 0 <= value <= MAX_VALUE:
                raise RollError(f"letter value {letter!r}: {value!r} (a letter A-Z and a whole number 0-{MAX_VALUE})")
            self.entered[key] = value
        values.update(self.entered)
        self.values = values
        self.origins = {k.lower(): v for k, v in (origins or {}).items()}

    def __getitem__(self, letter: str) -> int:
        return self.values[letter]

    def source(self, letter: str) -> str:
        if letter in self.entered:
            return self.origins.get(letter, ENTERED)
        return DEFAULT_VALUES[letter][1]

    def assumed(self, letter: str) -> bool:
        """Whether the value is a guess, in whole or in part (neither printed in the rule text nor
        worked out from its scores alone, nor given by the table)."""
        return letter not in self.entered and letter in ASSUMED

    def word_value(self, word: str, wild: str | None = None) -> int:
        """Sum of the letter values; ``wild`` is the letter the wild face stands for (-2)."""
        total = sum(self.values[c] for c in word.lower())
        return total - self.values[wild] + WILD_VALUE if wild else total

    def score(self, word: str, wild: str | None = None) -> int:
        """ "we MULTIPLY THE WORD VALUE BY THE NUMBER OF LETTERS IN THE WORD"."""
        return self.word_value(word, wild) * len(word)

    def key(self) -> str:
        return "".join(f"{c}{self.values[c]}" for c in sorted(self.values))


VALUES = LetterValues()
