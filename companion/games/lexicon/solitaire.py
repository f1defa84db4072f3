"""LEXICON Solitaire No. 1 and No. 2 as game records: one player, one deal, word by word.

Public API: :class:`LexiconSolitaire`.

Events (docs/records.md): ``game`` (``game``: lexicon, ``variant``: solitaire-1 or solitaire-2,
``players``: the one player), ``deal`` (``piles``: for No. 1 each pile top card first; for
No. 2 each pile bottom first, and ``nest`` top first), then the moves: ``word`` (``word``),
and for No. 2 ``word`` also names ``piles``, where its cards come from (1-7; 0 for the turned
nest card), and there are ``move`` (a vowel to an empty pile: ``pile``, the pile it comes from,
1-7), ``fill`` (an empty pile from the turned nest cards) and ``turn`` (a nest card turned up).
Standings: ``score`` is the number of cards still on the table (0: the Solitaire is completed).
"""

from __future__ import annotations

from typing import Any, ClassVar

from companion.errors import InvalidInputError
from companion.games.base import Game, RuleError, Standing
from companion.games.lexicon.solitaire_one import MoveError, SolitaireOne
from companion.games.lexicon.solitaire_two import SolitaireTwo
from companion.records import Event, RecordError
from companion.words.rules import TakeKind, WordRules

VARIANTS = ("solitaire-1", "solitaire-2")


class LexiconSolitaire(Game):
    name = "lexicon"
    title = "LEXICON Solitaire"
    variant_names = VARIANTS
    variant_titles: ClassVar[dict[str | None, str]] = {
        "solitaire-1": "LEXICON Solitaire No. 1",
        "solitaire-2": "LEXICON Solitaire No. 2",
    }
    # lexicon.txt, Solitaire: "Make words of four or more letters" (two or three at the very end).
    word_rules = WordRules("LEXICON Solitaire", 4, TakeKind.NONE)

    def reset(self) -> None:
        if self.variant not in VARIANTS:
            raise RecordError(f"a LEXICON solitaire is variant solitaire-1 or solitaire-2, not {self.variant!r}")
        if len(self.players) != 1:
            raise RecordError("a solitaire has one player")
        self.one: SolitaireOne | None = None
        self.two: SolitaireTwo | None = None
        self.words: list[str] = []

    @property
    def over(self) -> bool:
        return self.cards_left == 0 and (self.one is not None or self.two is not None)

    @property
    def cards_left(self) -> int:
        if self.one is not None:
            return self.one.cards_left
        if self.two is not None:
            s = self.two.state
            return sum(len(p) for p in s.piles) + len(s.nest) + len(s.turned)
        return 0

    def _apply(self, event: Event) -> None:
        if event.type == "deal":
            if self.one or self.two:
                raise RuleError("lexicon solitaire", "the cards are already dealt")
            piles = event["piles"]
            if not isinstance(piles, list):
                raise RecordError("piles is a list of strings")
            try:
                if self.variant == "solitaire-1":
                    self.one = SolitaireOne(piles, self.referee.dictionary)
                else:
                    self.two = SolitaireTwo(piles, str(event.get("nest", "")), words=self.referee.dictionary)
            except InvalidInputError as error:
                raise RecordError(str(error)) from None
            return
        if self.one is None and self.two is None:
            raise RuleError("lexicon solitaire", "deal the cards first")
        if self.over:
            raise RuleError("lexicon solitaire", "the Solitaire is completed")
        if self.one is not None:
            if event.type != "word":
                raise RecordError(f"Solitaire No. 1 has no {event.type!r} event")
            try:
                self.one.play(str(event["word"]))
            except MoveError as error:
                raise RuleError("lexicon solitaire no. 1", str(error)) from None
            self.words.append(str(event["word"]).upper())
            return
        assert self.two is not None
        self._apply_two(event, self.two)

    def _apply_two(self, event: Event, game: SolitaireTwo) -> None:
        """A move of No. 2 is legal when it is one of the moves the position allows."""
        if event.type not in ("word", "move", "fill", "turn"):
            raise RecordError(f"Solitaire No. 2 has no {event.type!r} event")
        if event.type == "word":
            piles = event["piles"]
            piles = [piles] if isinstance(piles, int) else piles
            try:
                game.state = game.word_move(game.state, str(event["word"]), list(piles))
            except MoveError as error:
                raise RuleError("lexicon solitaire no. 2", str(error)) from None
            self.words.append(str(event["word"]).upper())
            return
        for text, after in game.moves(game.state):
            move = Event.from_text(text, lists=("piles",))
            if move.type != event.type or any(_norm(event.get(k)) != _norm(v) for k, v in move.data.items()
                                              if k != "piles" or event.get("piles") is not None):  # fmt: skip
                continue
            game.state = after
            return
        raise RuleError("lexicon solitaire no. 2", f"{event.to_text()} is not a move the cards allow now")

    def standings(self) -> list[Standing]:
        player = self.players[0]
        return [Standing(player, self.cards_left, {"words": list(self.words), "completed": self.over})]

    def state(self) -> dict[str, Any]:
        return {**super().state(), "cards_left": self.cards_left, "words": list(self.words)}


def _norm(value: object) -> object:
    """Compare words in any case, and one pile as a list of one."""
    if isinstance(value, str):
        return value.upper()
    if isinstance(value, int):
        return [value]
    return value
