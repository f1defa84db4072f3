"""The table side of a game: what the screen shows, the actions open now, what the camera means.

Public API: :class:`TablePart`, :class:`Action`.

Each engine keeps the rules; its table part reads the engine (never changes it) to tell the
session what a table needs beyond the rules: the read model for the screen, the legal actions for
the buttons, and what a stable camera view means for the record (``companion.table.seen``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

from companion.errors import InvalidInputError
from companion.games.base import Game
from companion.table.seen import Reading, Seen


@dataclass(frozen=True)
class Action:
    """A move the table can make now: an event ``type`` with the fields already known (``fixed``)
    and those a person gives (``asks``: ``letter``, ``word``...); ``choices``: for an ask that is
    one of a few values (a player, a stack), the values to offer."""

    type: str
    label: str
    fixed: dict[str, Any] = field(default_factory=dict)
    asks: tuple[str, ...] = ()
    choices: dict[str, tuple[str | int, ...]] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        return {"type": self.type, "label": self.label, "fixed": dict(self.fixed), "asks": list(self.asks),
                "choices": {k: list(v) for k, v in self.choices.items()}}  # fmt: skip


class TablePart:
    """The part for any game: its state, the event types it takes, no camera reading."""

    engine: ClassVar[type[Game] | None] = None
    #: Whether players claim by pressing their buzzers (Not Scrabble).
    buzzers: ClassVar[bool] = False

    def __init__(self, game: Game) -> None:
        self.game = game

    def read(self) -> dict[str, Any]:
        """What the screen shows beyond the engine's state (turn, hands, pool...)."""
        return {}

    def actions(self) -> list[Action]:
        """The moves open now. By default every event type the engine takes, with nothing filled in."""
        if self.game.over:
            return []
        return [Action(kind, kind.replace("-", " ")) for kind in sorted(type(self.game).EVENTS)]

    def observe(self, seen: Seen, pressed: Sequence[str] = ()) -> Reading:
        """What the camera's view means for the record; ``pressed``: players whose claim is open."""
        return Reading(notes=(f"the camera does not yet read {self.game.title_for(self.game.variant)}",))

    def locked(self) -> dict[str, str]:
        """Players who may not claim now, and why."""
        return {}

    def word_score(self, word: str) -> dict[str, Any] | None:
        """What ``word`` would score if played now, for the word box (None: the game has no such score)."""
        return None

    def advice(self, cache: Path | None = None) -> Callable[[], dict[str, Any]]:
        """Advice on the play open now (DICEWORDS: the best words and which dice to keep): what is
        asked is read now, and the function returned works the answer out (it may take seconds, and
        the session's lock is not held for it)."""
        raise InvalidInputError(f"{self.game.title_for(self.game.variant)} has no advice to give")

    def warm(self, cache: Path | None) -> None:
        """Start work the table will want later, in the background (DICEWORDS: the advice's tables)."""

    #: What a standing's score counts, for the line that names the winner; the rule that decides.
    SCORE_NAME: ClassVar[str] = "points"
    WINNER_RULE: ClassVar[str] = ""
    TIE_NOTE: ClassVar[str] = ""

    def result(self) -> str | None:
        """Once the game is over, who won and why, in one line (ties named as ties)."""
        return self.winner_line(self.SCORE_NAME)

    def winner_line(self, score_name: str) -> str | None:
        """The result line with the standings' scores called ``score_name``."""
        if not self.game.over:
            return None
        standings = self.game.standings()
        if not standings:
            return "the game is over"
        best = standings[0].score
        top = [s.player for s in standings if s.score == best]
        if len(top) > 1:
            return f"{' and '.join(top)} tie with {best} {score_name}" + (f": {self.TIE_NOTE}" if self.TIE_NOTE else "")
        return f"{top[0]} wins with {best} {score_name}" + (f" [{self.WINNER_RULE}]" if self.WINNER_RULE else "")
