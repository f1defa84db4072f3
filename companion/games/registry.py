"""Every game and variant wordtable referees: the one list that the command line, the API, the
start form and the word box all read.

Public API: :data:`ENGINES`, :data:`VARIANTS`, :class:`Variant`, :class:`UnknownGameError`,
:func:`variant`, :func:`engine_for`, :func:`word_rules`, :func:`game_names`, :func:`load_game`.

Each engine class carries its game's name, its variants, their titles and their word rules as
class data (as python-chess variants carry theirs); this module only lists the engines.

>>> word_rules("not-scrabble").min_length, word_rules("lexicon", "solitaire-1").min_length
(3, 4)
>>> variant("lexicon", "crossword").title
'Crossword Lexicon'
>>> word_rules("lexicon", "speed")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
companion.games.registry.UnknownGameError: LEXICON has no variant 'speed' (variants: crossword, party, ...)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from companion.errors import InvalidInputError
from companion.games.base import Game
from companion.games.dicewords import Dicewords
from companion.games.dictionary_please import DictionaryPlease
from companion.games.letter_games import (
    Anagrams,
    Rotation,
    Speculation,
    SpellingMatch,
    TravellingLetters,
    WordBuilding,
)
from companion.games.lexicon.engine import Lexicon
from companion.games.lexicon.solitaire import LexiconSolitaire
from companion.games.not_scrabble import NotScrabble
from companion.games.options import Option
from companion.records import Event, RecordError
from companion.words.rules import WordRules
from companion.words.solver import Referee

#: Every engine, in the order the start form offers them.
ENGINES: tuple[type[Game], ...] = (
    NotScrabble,
    DictionaryPlease,
    Dicewords,
    Lexicon,
    LexiconSolitaire,
    Anagrams,
    WordBuilding,
    SpellingMatch,
    Speculation,
    TravellingLetters,
    Rotation,
)


class UnknownGameError(InvalidInputError):
    """A game or variant name that wordtable does not know."""


@dataclass(frozen=True)
class Variant:
    """One registered game and variant (``variant`` None: the game as its text first describes it)."""

    game: str
    variant: str | None
    title: str
    engine: type[Game]
    rules: WordRules

    def options(self) -> list[Option]:
        """The settings this variant leaves to the table."""
        return [o for o in self.engine.OPTIONS if o.variants is None or self.variant in o.variants]

    def as_dict(self) -> dict[str, object]:
        return {"game": self.game, "variant": self.variant, "title": self.title,
                "min_length": self.rules.min_length, "take": self.rules.take.value,
                "options": [o.as_dict() for o in self.options()]}  # fmt: skip


VARIANTS: tuple[Variant, ...] = tuple(
    Variant(engine.name, name, engine.title_for(name), engine, engine.rules_for(name))
    for engine in ENGINES
    for name in engine.variant_names
)
_BY_KEY = {(v.game, v.variant): v for v in VARIANTS}


def game_names() -> list[str]:
    """The game names, each once, in the order of :data:`ENGINES`."""
    return list(dict.fromkeys(v.game for v in VARIANTS))


def variant(game: str, name: str | None = None) -> Variant:
    """The registered ``game`` and variant ``name``; :class:`UnknownGameError` names the choices."""
    found = _BY_KEY.get((game, name or None))
    if found is not None:
        return found
    if game not in game_names():
        raise UnknownGameError(f"unknown game {game!r}: choose one of {', '.join(game_names())}")
    known = [v.variant for v in VARIANTS if v.game == game and v.variant is not None]
    title = next(v.title for v in VARIANTS if v.game == game)
    if name is None:
        raise UnknownGameError(f"{title} needs a variant: {', '.join(known)}")
    raise UnknownGameError(f"{title} has no variant {name!r} (variants: {', '.join(known) or 'none'})")


def title_of(game: object, name: object = None) -> str:
    """The title of a stored game's set-up (``Crossword Lexicon``), or its name as stored when
    wordtable does not know it (a club's ``evening``).

    >>> title_of("lexicon", "crossword"), title_of("evening")
    ('Crossword Lexicon', 'evening')
    """
    try:
        return variant(str(game), str(name) if name else None).title
    except UnknownGameError:
        return str(game)


def engine_for(game: str, name: str | None = None) -> type[Game]:
    """The rules engine of ``game`` and variant ``name``."""
    return variant(game, name).engine


def word_rules(game: str, name: str | None = None) -> WordRules:
    """The word rules of ``game`` and variant ``name``."""
    return variant(game, name).rules


def load_game(events: Iterable[Event], referee: Referee) -> Game:
    """Replay any record with the engine its ``game`` event names."""
    events = list(events)
    if not events or events[0].type != "game":
        raise RecordError("a record starts with a game event")
    setup = events[0]
    name = setup.get("variant")
    if name is not None and not isinstance(name, str):
        raise RecordError("variant: a name or null")
    return engine_for(str(setup.get("game")), name).from_events(events, referee)
