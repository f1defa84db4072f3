"""The table side of a game: what the screen shows, the actions open now, what the camera means.

Public API: :class:`TablePart`, :class:`Action`.

Each engine keeps the rules; its table part reads the engine (never changes it) to tell the
session what a table needs beyond the rules: the read model for the screen, the legal actions for
the buttons, and what a stable camera view means for the record (``companion.table.seen``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from companion.games.base import Game
from companion.table.seen import Reading, Seen


@dataclass(frozen=True)
class Action:
    """A move the table can make now: an event ``type`` with the fields already known (``fixed``)
    and those a person gives (``asks``: ``letter``, ``word``...)."""

    type: str
    label: str
    fixed: dict[str, Any] = field(default_factory=dict)
    asks: tuple[str, ...] = ()

    def as_dict(self) -> dict[str, Any]:
        return {"type": self.type, "label": self.label, "fixed": dict(self.fixed), "asks": list(self.asks)}


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
