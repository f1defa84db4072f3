"""Letter sets of the games played with tiles, as data.

Public API: :data:`SCRABBLE_NO_BLANKS`, :data:`DICTIONARY_PLEASE`, :func:`tileset`.

>>> len(SCRABBLE_NO_BLANKS), len(DICTIONARY_PLEASE)
(98, 350)
"""

from __future__ import annotations

from companion.errors import InvalidInputError
from companion.words.letters import Letters


def _parse(spec: str) -> Letters:
    return Letters("".join(item[0] * int(item[1:]) for item in spec.split()))


#: Scrabble's English tiles less the two blanks (DESIGN.md); Not Scrabble rule 13: "Blank tiles
#: are not used."
SCRABBLE_NO_BLANKS = _parse("A9 B2 C2 D4 E12 F2 G3 H2 I9 J1 K1 L4 M2 N6 O8 P2 Q1 R6 S4 T6 U4 V2 W2 X1 Y2 Z1")

#: dictionary-please.txt: "The ratio of letters which make up the set of blocks in this game".
DICTIONARY_PLEASE = _parse("A29 B6 C15 D14 E41 F7 G9 H11 I29 J1 K4 L19 M11 N26 O23 P9 Q1 R27 S18 T28 U9 V2 W4 X1 Y4 Z2")

TILESETS = {"scrabble": SCRABBLE_NO_BLANKS, "dictionary-please": DICTIONARY_PLEASE}


def tileset(name: str) -> Letters:
    try:
        return TILESETS[name]
    except KeyError:
        raise InvalidInputError(f"unknown tile set {name!r}: choose one of {', '.join(TILESETS)}") from None
