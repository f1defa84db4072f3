"""The table side of each game (``part_for``): read model, legal actions, camera reading.

>>> from companion.words.solver import Referee
>>> from companion.games.dicewords import Dicewords
>>> type(part_for(Dicewords.new(Referee.load(), ["Ann"]))).__name__
'DicewordsTable'
"""

from __future__ import annotations

from companion.games.base import Game
from companion.table.games.base import Action, TablePart
from companion.table.games.dicewords import DicewordsTable
from companion.table.games.dictionary_please import DictionaryPleaseTable
from companion.table.games.letter_games import LetterGamesTable
from companion.table.games.lexicon import LexiconTable
from companion.table.games.not_scrabble import NotScrabbleTable
from companion.table.games.solitaire import SolitaireTable

__all__ = ["Action", "TablePart", "part_for"]

PARTS: tuple[type[TablePart], ...] = (
    NotScrabbleTable,
    DicewordsTable,
    DictionaryPleaseTable,
    LexiconTable,
    SolitaireTable,
    LetterGamesTable,
)


def part_for(game: Game) -> TablePart:
    """The table part for ``game``'s engine (the general one when it has none of its own)."""
    for part in PARTS:
        if part.engine is not None and isinstance(game, part.engine):
            return part(game)
    return TablePart(game)
