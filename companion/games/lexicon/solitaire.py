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

from collections import Counter
from typing import Any, ClassVar

from companion.errors import InvalidInputError
from companion.games.base import Game, RuleError, Standing
from companion.games.lexicon.solitaire_one import MoveError, SolitaireOne
from companion.games.lexicon.solitaire_two import SolitaireTwo
from companion.records import Event, RecordError
from companion.sets.cards import MASTER, deck
from companion.words.rules import TakeKind, WordRules

VARIANTS = ("solitaire-1", "solitaire-2")
#: The cards of the pack the solitaires use (Parker's 54 less the two masters).
PACK = 52
#: Why a solitaire ends before every card is used: ``lost`` ("a number of cards from which you can
#: form no word": no move is left) or ``stopped`` (the player gives up while a move is left).
ENDINGS = ("lost", "stopped")


def _cards(piles: list[str], nest: str = "") -> Counter[str]:
    """The cards of a deal, one pack less its masters (the solitaires set them aside)."""
    cards = Counter("".join(piles).upper() + nest.upper())
    pack = deck("parker")
    pack.pop(MASTER, None)
    over = sorted(c for c, n in cards.items() if n > pack.get(c, 0))
    if over:
        raise RecordError(f"the pack has {', '.join(f'{pack.get(c, 0)} {c}' for c in over)}: the deal has more")
    return cards


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
        self.ended: str | None = None  # one of ENDINGS

    @property
    def completed(self) -> bool:
        """ "If you have used all the cards of the pack to make words you have completed the Solitaire"."""
        return self.cards_left == 0 and (self.one is not None or self.two is not None)

    @property
    def over(self) -> bool:
        return self.completed or self.ended is not None

    @property
    def cards_left(self) -> int:
        if self.one is not None:
            return self.one.cards_left
        if self.two is not None:
            s = self.two.state
            return sum(len(p) for p in s.piles) + len(s.nest) + len(s.turned)
        return PACK  # before the deal every card is still to be used: no score of 0, which reads as completed

    def _apply(self, event: Event) -> None:
        if event.type == "deal":
            self._deal(event)
            return
        if self.one is None and self.two is None:
            raise RuleError("lexicon solitaire", "deal the cards first")
        if self.over:
            raise RuleError(
                "lexicon solitaire", "the Solitaire is completed" if self.completed else "the Solitaire is over"
            )
        if event.type == "end":
            self._end(event)
            return
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

    def _deal(self, event: Event) -> None:
        """No. 1: "separate piles of three cards each ... one extra card ... by itself"; No. 2:
        "seven piles of 1, 2, 3, 4, 5, 6, and 7 cards", and the rest of the pack the nest (a record
        may start from a position reached: piles of fewer cards, some empty). The cards are the
        pack's, less its masters."""
        if self.one or self.two:
            raise RuleError("lexicon solitaire", "the cards are already dealt")
        piles = event["piles"]
        piles = [piles] if isinstance(piles, str) else piles
        if not isinstance(piles, list) or not all(isinstance(p, str) for p in piles) or not "".join(piles).strip():
            raise RecordError("piles: the piles' cards, a text for each pile")
        nest = str(event.get("nest") or "")
        _cards(piles, nest)
        try:
            if self.variant == "solitaire-1":
                if any(len(p) > 3 for p in piles) or sum(len(p) < 3 for p in piles) > 1:
                    raise RuleError(
                        "lexicon solitaire no. 1", "piles of three cards each, and one extra card by itself"
                    )
                self.one = SolitaireOne(piles, self.referee.dictionary)
            else:
                if len(piles) != 7 or any(len(p) > size for size, p in enumerate(piles, start=1)):
                    sizes = ", ".join(str(len(p)) for p in piles)
                    why = f"seven piles of 1, 2, 3, 4, 5, 6 and 7 cards (or fewer), not {sizes}"
                    raise RuleError("lexicon solitaire no. 2", why)
                self.two = SolitaireTwo(piles, nest, words=self.referee.dictionary)
        except InvalidInputError as error:
            raise RecordError(str(error)) from None

    def _end(self, event: Event) -> None:
        """ "a number of cards from which you can form no word, you have not completed the Solitaire
        and you have lost the game": ``lost`` only when no move is left; ``stopped`` gives up."""
        reason = str(event.get("reason") or "stopped")
        if reason not in ENDINGS:
            raise RecordError(f"reason: {' or '.join(ENDINGS)}")
        move = self.next_move()
        if reason == "lost" and move is not None:
            raise RuleError("lexicon solitaire", f"a move is left: {move}")
        self.ended = reason

    def next_move(self) -> str | None:
        """A move the cards allow now (the first the position offers), or None."""
        if self.one is not None:
            return next((word.upper() for word, _ in self.one.moves(tuple(self.one.piles))), None)
        if self.two is not None:
            return next((text for text, _ in self.two.moves(self.two.state)), None)
        return None

    def _apply_two(self, event: Event, game: SolitaireTwo) -> None:
        """A move of No. 2 is legal when it is one of the moves the position allows."""
        if event.type not in ("word", "move", "fill", "turn"):
            raise RecordError(f"Solitaire No. 2 has no {event.type!r} event")
        if event.type == "word":
            piles = event["piles"]
            piles = [piles] if isinstance(piles, (int, str)) and not isinstance(piles, bool) else piles
            if isinstance(piles, list) and len(piles) == 1 and isinstance(piles[0], str):
                piles = piles[0].replace(",", " ").split()  # "1 7 5 3" typed in one box
            try:
                piles = [int(p) for p in piles]
            except (TypeError, ValueError):
                raise RecordError("piles: the piles the cards come from, 1 to 7 (0: the turned nest card)") from None
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
        details = {"words": list(self.words), "completed": self.completed, "cards_left": self.cards_left}
        return [Standing(player, self.cards_left, details)]

    def state(self) -> dict[str, Any]:
        return {**super().state(), "cards_left": self.cards_left, "words": {self.players[0]: list(self.words)}}


def _norm(value: object) -> object:
    """Compare words in any case, and one pile as a list of one."""
    if isinstance(value, str):
        return value.upper()
    if isinstance(value, int):
        return [value]
    return value
