"""DICEWORDS (shared/rules/dicewords.txt): rolls, rerolls, one declared word a turn, a target.

Public API: :class:`Dicewords`, :func:`play_score`.

Events (docs/records.md): ``game`` (players clockwise; ``target``, default 400; ``values``: the
players' table of letter values), ``roll``, ``reroll``, ``declare``, ``challenge``, ``end``, and
``letter-value`` (the referee sets a letter's value from then on, or refuses the value the camera
read on the dice).

>>> from companion.records import Event
>>> from companion.words.solver import Referee
>>> game = Dicewords.new(Referee.load(), ["Ann", "Ben"])
>>> for text in ["roll player=Ann dice=EEHELVNTP", "reroll player=Ann dice=IEHELSNTP",
...              "declare player=Ann word=PLINTHS"]:
...     _ = game.push(Event.from_text(text))
>>> game.totals, game.turn
({'Ann': 70, 'Ben': 0}, 'Ben')
"""

from __future__ import annotations

from typing import Any, ClassVar

from companion.games.base import Game, RuleError, Standing, ranked
from companion.games.options import Option
from companion.records import Event, RecordError
from companion.sets.dice import DICE, READ, REFEREE, WILD, LetterValues, RollError, read_roll
from companion.words.letters import LetterError, Letters
from companion.words.rules import TakeKind, WordRules

# dicewords.txt: "The minimum allowable word length is 3 letters."
RULES = WordRules("DICEWORDS", 3, TakeKind.NONE)
ROLLS = 3  # "rolls and selectively rerolls the nine dice up to a total of three times"
DEFAULT_TARGET = 400  # "a pre-agreed target (we suggest 400)"


def play_score(word: str, faces: tuple[str, ...], values: LetterValues) -> tuple[int, str | None] | None:
    """The best score of ``word`` from the dice showing ``faces``: (score, the letter the wild
    stands for or None), or None when the dice cannot spell it ("a die gives one letter").

    >>> from companion.sets.dice import VALUES
    >>> play_score("elephants", tuple("?eheldntp".replace("d", "s")), VALUES)
    (81, 'a')
    """
    shown = Letters(f for f in faces if f != WILD)
    letters = Letters(word)
    if letters <= shown:
        return values.score(word), None
    if WILD in faces:
        missing = shown.missing(letters)
        if len(missing) == 1:
            wild = str(missing).lower()
            return values.score(word, wild), wild
    return None


class Dicewords(Game):
    name = "dicewords"
    title = "DICEWORDS"
    OVER_RULE = "dicewords end"
    AFTER_OVER = frozenset({"challenge"})  # the last word of the game can still be refuted
    word_rules = RULES
    OPTIONS: ClassVar[tuple[Option, ...]] = (
        Option("target", "Target score", int, DEFAULT_TARGET, low=1, high=10_000),
        Option("values", "Your dice's letter values, as b3,d2 (over the defaults)", str),
    )
    EVENTS: ClassVar[dict[str, str]] = {
        "roll": "_roll",
        "reroll": "_reroll",
        "declare": "_declare",
        "challenge": "_challenge",
        "end": "_end",
        "letter-value": "_letter_value",
    }

    def reset(self) -> None:
        target = self.setup.get("target", DEFAULT_TARGET)
        if not isinstance(target, int) or target <= 0:
            raise RecordError("target is a whole number of points above 0")
        self.target = target
        values = self.setup.get("values") or {}
        if isinstance(values, str):  # text form: "b3,d2"
            values = {item[0]: int(item[1:]) for item in values.split(",") if item}
        try:
            self.values = LetterValues(values)
        except RollError as error:
            raise RecordError(str(error)) from None
        #: (letter, value) the camera read and the referee refused: not offered again.
        self.refused_values: set[tuple[str, int]] = set()
        self.turn = self.players[0]
        self.faces: tuple[str, ...] | None = None
        self.rolls = 0
        self.totals = {p: 0 for p in self.players}
        self.turns: dict[str, list[dict[str, Any]]] = {p: [] for p in self.players}
        self.last: tuple[str, str, int] | None = None  # (player, word, score) open to challenge
        self.finishing = False
        self.ended: str | None = None

    @property
    def over(self) -> bool:
        return self.ended is not None

    def _faces(self, event: Event) -> tuple[str, ...]:
        try:
            return read_roll(str(event["dice"]))
        except RollError as error:
            raise RecordError(str(error)) from None

    def _roll(self, event: Event) -> None:
        """ "At his turn, each player rolls ... the nine dice"; play proceeds clockwise."""
        player = self.player(event["player"])
        if player != self.turn:
            raise RuleError("dicewords turns", f"it is {self.turn}'s turn, not {player}'s")
        if self.faces is not None:
            raise RuleError("dicewords turns", f"{player} has rolled: reroll or declare")
        self.faces = self._faces(event)
        self.rolls = 1
        self.last = None

    def _reroll(self, event: Event) -> None:
        """ "selectively rerolls the nine dice up to a total of three times": the dice not named in
        ``rerolled`` (when given) keep their faces."""
        player = self.player(event["player"])
        if player != self.turn or self.faces is None:
            raise RuleError("dicewords turns", f"{player} has no roll to reroll")
        if self.rolls >= ROLLS:
            raise RuleError("dicewords turns", f"{player} has rolled three times: declare a word")
        faces = self._faces(event)
        rerolled = event.get("rerolled")
        if rerolled is not None:
            colours = [d.colour for d in DICE]
            unknown = [c for c in rerolled if c not in colours]
            if unknown:
                raise RecordError(f"no die called {unknown[0]!r} (dice: {', '.join(colours)})")
            for die, old, new in zip(DICE, self.faces, faces, strict=True):
                if die.colour not in rerolled and old != new:
                    raise RuleError("dicewords turns", f"the {die.colour} die was kept but changed from {old} to {new}")
        self.faces = faces
        self.rolls += 1

    def _declare(self, event: Event) -> None:
        """ "Only one word can be declared per turn"; 3 letters at least; spelled from the dice
        showing ("A word cannot be declared after it has been destroyed by rerolling"). A null
        word ends the turn with no score."""
        player = self.player(event["player"])
        if player != self.turn or self.faces is None:
            raise RuleError("dicewords turns", f"{player} has not rolled")
        word = event.get("word")
        score, wild = 0, None
        if word:
            word = str(word).lower()
            try:
                Letters(word)
            except LetterError:
                raise RuleError("dicewords words", f"{word!r} is not a word") from None
            if len(word) < RULES.min_length:
                raise RuleError("dicewords words", f"{word.upper()} is too short: 3 letters at least")
            spelled = play_score(word, self.faces, self.values)
            if spelled is None:
                raise RuleError(
                    "dicewords words", f"the dice showing {''.join(self.faces).upper()} cannot spell {word.upper()}"
                )
            score, wild = spelled
        self.totals[player] += score
        self.turns[player].append({"word": word.upper() if word else None, "score": score, "wild": wild,
                                   "dice": "".join(self.faces).upper()})  # fmt: skip
        self.last = (player, word, score) if word else None
        self._next_turn(player)

    def _challenge(self, event: Event) -> None:
        """ "A dictionary may only be used to check a declared word; a successfully refuted word
        scores nothing." A challenge of a word that is in the dictionary changes nothing."""
        challenger = self.player(event["player"])
        if self.last is None:
            raise RuleError("dicewords challenge", "no declared word to challenge now")
        player, word, score = self.last
        named = str(event.get("word") or word).lower()
        if named != word:  # a challenge that names its word names the last one declared
            raise RuleError("dicewords challenge", f"the word open to challenge is {word.upper()}, not {named.upper()}")
        if challenger == player:
            raise RuleError("dicewords challenge", "a player does not challenge his own word")
        if self.referee.dictionary.check(word, RULES).valid:
            self.last = None
            self.outcome = f"{word.upper()} stands: in the dictionary"
            return
        self.outcome = f"{word.upper()} is not in the dictionary: it scores nothing"
        self.totals[player] -= score
        self.turns[player][-1].update(score=0, refuted=True)
        self.last = None
        if self.finishing and not any(t >= self.target for t in self.totals.values()):
            # nobody is at the target any more: no final round, and a game its last word ended
            # goes on (the turn has already passed to the next player)
            self.finishing = False
            if self.ended == "target":
                self.ended = None

    def _letter_value(self, event: Event) -> None:
        """The letter values are the players' ("on the reverse of the tube insert card is a letter
        distribution table with letter values"): the referee sets one for the rest of the game (a
        word declared before keeps its score), or, ``accepted`` false, refuses the value the
        camera read on the dice (``by=camera``) and changes nothing."""
        letter, value = str(event["letter"]).lower(), event["value"]
        if event.get("accepted", True) is False:
            self.refused_values.add((letter, value))
            return
        origin = READ if event.get("by") == "camera" else REFEREE
        try:
            values = LetterValues({**self.values.entered, letter: value}, {**self.values.origins, letter: origin})
        except RollError as error:
            raise RecordError(str(error)) from None
        self.values = values

    def _next_turn(self, player: str) -> None:
        """ "The game ends when one player's total hits a pre-agreed target ..., although the final
        round should be completed, so all players have the same number of turns"."""
        self.faces, self.rolls = None, 0
        if self.totals[player] >= self.target:
            self.finishing = True
        index = (self.players.index(player) + 1) % len(self.players)
        self.turn = self.players[index]
        if self.finishing and index == 0:
            self.ended = "target"

    def _end(self, event: Event) -> None:
        if event["reason"] != "agreed":
            raise RecordError("an end event's reason is 'agreed' (reaching the target ends the game by itself)")
        self.ended = "agreed"

    def standings(self) -> list[Standing]:
        details = {p: {"turns": self.turns[p]} for p in self.players}
        return ranked(dict(self.totals), details, self.players)

    def terms(self) -> dict[str, Any]:
        return {"target": self.target}

    def state(self) -> dict[str, Any]:
        return {
            **super().state(),
            "turn": self.turn,
            "dice": "".join(self.faces).upper() if self.faces else None,
            "rolls": self.rolls,
            "totals": dict(self.totals),
        }
