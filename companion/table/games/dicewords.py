"""DICEWORDS at the table: the nine dice, the rolls left, whose turn; the camera reads the rolls.

Public API: :class:`DicewordsTable`.

What the camera's dice mean: nine faces read on a turn with no roll yet are that player's
``roll``; faces that differ from the last roll are a ``reroll`` naming the dice that changed (a
rerolled die that shows the same face again cannot be told from a kept one, and need not be).
Dice that still show the last declared roll mean nothing new.

>>> from companion.words.solver import Referee
>>> from companion.games.dicewords import Dicewords
>>> game = Dicewords.new(Referee.default(), ["Ann", "Ben"])
>>> part = DicewordsTable(game)
>>> [p.event.to_text() for p in part.observe(Seen(dice="EEHELVNTP")).proposals]
['roll player=Ann dice=EEHELVNTP by=camera']
>>> _ = game.push(Event.from_text("roll player=Ann dice=EEHELVNTP"))
>>> [p.event.to_text() for p in part.observe(Seen(dice="IEHELSNTP")).proposals]
['reroll player=Ann dice=IEHELSNTP rerolled=gold,blue by=camera']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.errors import WordtableError
from companion.games.dicewords import ROLLS, Dicewords
from companion.records import Event
from companion.sets.dice import DICE, parse_roll
from companion.table.games.base import Action, TablePart
from companion.table.seen import Proposal, Reading, Seen

SURE = 0.95


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
        game = self.game
        faces = game.faces
        return {"rolls_left": ROLLS - game.rolls if faces is not None else ROLLS,
                "dice": [{"colour": d.colour, "face": f.upper()} for d, f in zip(DICE, faces, strict=True)]
                if faces is not None else []}  # fmt: skip

    def actions(self) -> list[Action]:
        game = self.game
        if game.over:
            return [Action("challenge", "challenge the last word", {}, ("player",))] if game.last else []
        turn = {"player": game.turn}
        if game.faces is None:
            return [Action("roll", f"{game.turn} rolls", turn, ("dice",))]
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
        if game.faces is None:
            if faces == self._last_faces():
                return Reading()  # the declared roll still lies on the table
            event = Event("roll", {"player": game.turn, "dice": "".join(faces).upper(), "by": "camera"})
            return Reading(proposals=(Proposal(event, SURE, f"{game.turn} rolled the nine dice"),))
        if faces == game.faces:
            return Reading()
        if game.rolls >= ROLLS:
            return Reading(difference=f"the dice changed after {game.turn}'s third roll: declare a word first")
        changed = [d.colour for d, old, new in zip(DICE, game.faces, faces, strict=True) if old != new]
        event = Event("reroll", {"player": game.turn, "dice": "".join(faces).upper(), "rerolled": changed,
                                 "by": "camera"})  # fmt: skip
        return Reading(proposals=(Proposal(event, SURE, f"{game.turn} rerolled {', '.join(changed)}"),))
