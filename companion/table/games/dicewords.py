"""DICEWORDS at the table: the nine dice, the rolls left, whose turn; the camera reads the rolls.

Public API: :class:`DicewordsTable`.

What the camera's dice mean: nine faces read on a turn with no roll yet are that player's
``roll``; faces that differ from the last roll are a ``reroll`` naming the dice that changed (a
rerolled die that shows the same face again cannot be told from a kept one, and need not be).
Dice that still show the last declared roll mean nothing new. The values printed on the dice, where
the camera read them for sure, are offered to the referee when the table's value for the letter
differs or is assumed (:meth:`DicewordsTable.offer`).

>>> from companion.words.solver import Referee
>>> from companion.games.dicewords import Dicewords
>>> game = Dicewords.new(Referee.load(), ["Ann", "Ben"])
>>> part = DicewordsTable(game)
>>> [p.event.to_text() for p in part.observe(Seen(dice="EEHELVNTP")).proposals]
['roll player=Ann dice=EEHELVNTP by=camera']
>>> _ = game.push(Event.from_text("roll player=Ann dice=EEHELVNTP"))
>>> [p.event.to_text() for p in part.observe(Seen(dice="IEHELSNTP")).proposals]
['reroll player=Ann dice=IEHELSNTP rerolled=gold,blue by=camera']
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from companion.errors import InvalidInputError, WordtableError
from companion.games.dicewords import ROLLS, Dicewords, play_score
from companion.games.dicewords_solver import DiceSolver
from companion.records import Event
from companion.sets.dice import DICE, MAX_VALUE, WILD, WILD_VALUE, parse_roll
from companion.table.games.base import Action, TablePart
from companion.table.seen import Proposal, Question, Reading, Seen

SURE = 0.95

#: One solver per word list, letter values and cache folder in the process, with its lock and the
#: word list it is keyed by (kept, so its id is not reused); the last SOLVERS_KEPT used, since each
#: holds tens of megabytes of tables and a referee's letter values make a new one.
_SOLVERS: dict[tuple[int, str, str], tuple[threading.Lock, list[DiceSolver], Any]] = {}
_SOLVERS_LOCK = threading.Lock()
SOLVERS_KEPT = 4


def shared_solver(words: Any, values: Any, cache: Path | None) -> DiceSolver:
    """The DICEWORDS solver for a word list and letter values, its tables built once in the process
    (a few seconds, or read from ``cache``): a table that asks while they are built waits for that
    build instead of starting another."""
    key = (id(words), values.key(), str(cache))
    with _SOLVERS_LOCK:
        entry = _SOLVERS.pop(key) if key in _SOLVERS else (threading.Lock(), [], words)
        _SOLVERS[key] = entry  # the most recently used last
        lock, built, _ = entry
        while len(_SOLVERS) > SOLVERS_KEPT:
            del _SOLVERS[next(iter(_SOLVERS))]  # one asked for meanwhile still gets its answer
    with lock:
        if not built:
            solver = DiceSolver(words, values, cache=cache)
            solver.tables()
            built.append(solver)
        return built[0]


class DicewordsTable(TablePart):
    engine = Dicewords

    def __init__(self, game: Dicewords) -> None:
        super().__init__(game)
        self.game: Dicewords = game

    def _last_faces(self) -> tuple[str, ...] | None:
        """The faces of the last roll or reroll recorded (the dice still lie so after a declare)."""
        for event in reversed(self.game.events):
            if event.type in ("roll", "reroll"):
                return parse_roll(str(event["dice"]))
        return None

    def read(self) -> dict[str, Any]:
        """The nine dice in die order with their faces and values (and where each value comes from:
        the rule text, worked out from it, assumed, entered, or read from the dice; and whether it is
        assumed, in whole or in part), the rolls left, the race to the target."""
        game = self.game
        faces = game.faces or self._last_faces()
        dice = []
        for die, face in zip(DICE, faces or ("",) * len(DICE), strict=True):
            letter = face.lower()
            value, source = (None, None) if not letter else (WILD_VALUE, "the rule text") if face == WILD else (
                game.values[letter], game.values.source(letter))  # fmt: skip
            assumed = bool(letter) and face != WILD and game.values.assumed(letter)
            dice.append({"colour": die.colour, "face": face.upper() or None, "faces": die.faces.upper(),
                         "value": value, "source": source, "assumed": assumed})  # fmt: skip
        return {"turn": None if game.over else game.turn, "dice": dice, "rolled": game.faces is not None,
                "shown": faces is not None,  # the dice show a roll (the last one, between turns)
                "rolls_left": ROLLS - game.rolls if game.faces is not None else ROLLS,
                "target": game.target, "totals": dict(game.totals),
                "final_round": game.finishing and not game.over}  # fmt: skip

    def word_score(self, word: str) -> dict[str, Any] | None:
        """The score of ``word`` spelled from the dice showing (the wild as the letter it stands for),
        or why it cannot be spelled: the word being built, scored as it is built.

        >>> from companion.words.solver import Referee
        >>> game = Dicewords.new(Referee.load(), ["Ann"])
        >>> _ = game.push(Event.from_text("roll player=Ann dice=EEHELVNTP"))
        >>> DicewordsTable(game).word_score("helve")
        {'word': 'HELVE', 'score': 35, 'wild': None, 'spelled': True}
        """
        if self.game.faces is None or not word:
            return None
        spelled = play_score(word.lower(), self.game.faces, self.game.values)
        if spelled is None:
            return {"word": word.upper(), "score": 0, "wild": None, "spelled": False}
        score, wild = spelled
        return {"word": word.upper(), "score": score, "wild": wild.upper() if wild else None, "spelled": True}

    def advice(self, cache: Path | None = None) -> Callable[[], dict[str, Any]]:
        """The best words for the dice showing and, with rerolls left, which dice to keep: the roll
        is taken now, the answer worked out by the function returned, away from the session's lock
        (the solver's tables are built once per word list and values, then kept in ``cache``)."""
        game = self.game
        if game.faces is None:
            raise InvalidInputError(f"{game.turn} has not rolled: nothing to advise on")
        words, values, roll, rerolls = game.referee.dictionary, game.values, "".join(game.faces), ROLLS - game.rolls

        def answer() -> dict[str, Any]:
            solver = shared_solver(words, values, cache)
            advice = solver.advise(roll, rerolls).as_dict() if rerolls else None
            return {"best": [p.as_dict() for p in solver.best(roll, top=5)], "rerolls_left": rerolls, "advice": advice}

        return answer

    def warm(self, cache: Path | None) -> None:
        """Build the advice's tables in the background, before anyone asks (the first build takes
        seconds, more on a busy machine)."""
        words, values = self.game.referee.dictionary, self.game.values
        threading.Thread(
            target=shared_solver, args=(words, values, cache), name="dicewords-solver", daemon=True
        ).start()

    def result(self) -> str | None:
        """The winner, and while the last word may still be challenged, that it may: "a
        successfully refuted word scores nothing", and the game may go on."""
        line = super().result()
        if line is not None and self.game.last is not None:
            return f"{line}, unless {self.game.last[1].upper()} is challenged and refuted"
        return line

    def actions(self) -> list[Action]:
        game = self.game
        # "A dictionary may only be used to check a declared word": the last word can be challenged,
        # by any player but the one who declared it (the picker offers only them)
        challenge: list[Action] = []
        if game.last:
            challengers: tuple[str | int, ...] = tuple(p for p in game.players if p != game.last[0])
            named = {"word": game.last[1]}  # in the record: "Ben challenged DAMPETS"
            challenge = [
                Action("challenge", f"challenge {game.last[1].upper()}", named, ("player",), {"player": challengers})
            ]
        if game.over:
            return challenge
        turn = {"player": game.turn}
        if game.faces is None:
            return [Action("roll", f"{game.turn} rolls", turn, ("dice",)), *challenge]
        actions = [Action("declare", f"{game.turn} declares a word", turn, ("word",))]
        if game.rolls < ROLLS:
            actions.insert(0, Action("reroll", f"{game.turn} rerolls", turn, ("dice", "rerolled")))
        return actions

    def observe(self, seen: Seen, pressed: Sequence[str] = ()) -> Reading:
        game = self.game
        if seen.dice is None or game.over:
            return Reading()
        try:
            faces = parse_roll(seen.dice)
        except WordtableError as error:
            return Reading(difference=f"the dice read {seen.dice}: {error}")
        offer = self.offer(faces, seen.values)
        if game.faces is None:
            if faces == self._last_faces():
                return Reading(offer=offer)  # the declared roll still lies on the table
            event = Event("roll", {"player": game.turn, "dice": "".join(faces).upper(), "by": "camera"})
            return Reading(proposals=(Proposal(event, SURE, f"{game.turn} rolled the nine dice"),), offer=offer)
        if faces == game.faces:
            return Reading(offer=offer)
        if game.rolls >= ROLLS:
            return Reading(difference=f"the dice changed after {game.turn}'s third roll: declare a word first")
        changed = [d.colour for d, old, new in zip(DICE, game.faces, faces, strict=True) if old != new]
        event = Event("reroll", {"player": game.turn, "dice": "".join(faces).upper(), "rerolled": changed,
                                 "by": "camera"})  # fmt: skip
        return Reading(proposals=(Proposal(event, SURE, f"{game.turn} rerolled {', '.join(changed)}"),), offer=offer)

    def offer(self, faces: Sequence[str], values: Sequence[int | None]) -> Question | None:
        """The value the camera read for sure on a die, offered to the referee where the table's
        value for its letter differs or is assumed (not printed in the rule text nor given by the
        table): the first such die in die order, unless the referee refused that value before.
        Accepted, it scores the letter so from then on (a ``letter-value`` event); nothing changes
        without the referee's answer.

        >>> from companion.words.solver import Referee
        >>> part = DicewordsTable(Dicewords.new(Referee.load(), ["Ann"]))
        >>> offer = part.offer(parse_roll("AEAKOUSTT"), (1, 1, None, 5, 1, 1, 1, 1, 1))
        >>> offer.text
        "The red die's K reads 5; the table scores K 4 (assumed). Score K as 5 from now on?"
        >>> for label, events in offer.answers:
        ...     print(label, [e.to_text() for e in events])
        K = 5 ['letter-value letter=K value=5 by=camera']
        keep K = 4 ['letter-value letter=K value=5 accepted=false by=camera']
        """
        if len(values) != len(DICE):
            return None
        table = self.game.values
        for die, face, read in zip(DICE, faces, values, strict=True):
            letter = face.lower()
            if face == WILD or read is None or not 0 <= read <= MAX_VALUE or (letter, read) in self.game.refused_values:
                continue
            if read == table[letter] and not table.assumed(letter):
                continue
            shown, now = letter.upper(), table[letter]
            held = f"as the table has it ({table.source(letter)})" if read == now else \
                f"the table scores {shown} {now} ({table.source(letter)})"  # fmt: skip
            ask = f"Score {shown} as {read} from now on?" if read != now else f"Take {read} as your set's value?"
            fields = {"letter": shown, "value": read}
            accept = Event("letter-value", {**fields, "by": "camera"})
            refuse = Event("letter-value", {**fields, "accepted": False, "by": "camera"})
            return Question(f"The {die.colour} die's {shown} reads {read}; {held}. {ask}",
                            ((f"{shown} = {read}", (accept,)), (f"keep {shown} = {now}", (refuse,))))  # fmt: skip
        return None
