"""Who buzzed first: fair arbitration of buzzer presses for a Not Scrabble table.

Public API: :class:`Arbiter`, :class:`Buzz`, :class:`Decision`.

Not Scrabble rule 04: "The first player to shout each word claims it"; rule 06: simultaneous
shouts; rule 07: a false call silences a player "until two more letters have been drawn".

- Presses are ordered by the box's timestamps only, never by when they reached the host.
- After the first press arrives, the arbiter waits a short settle window (host time) for presses
  stamped earlier that are still on their way, then decides.
- Presses within ``tie_us`` of the first are a tie (rule 06 then decides by the words).
- A player locked out by a false call is not heard; a player's presses closer together than
  ``cooldown_us`` (button mashing) count once.
- Every decision is an event with the timestamps it used.

>>> arbiter = Arbiter({0: "Ann", 1: "Ben"}, settle_s=0.03, tie_us=100)
>>> arbiter.press(1, t_us=5_000_400, host_time=10.000)
>>> arbiter.press(0, t_us=5_000_000, host_time=10.004)  # pressed first, arrived later
>>> arbiter.poll(host_time=10.020) is None  # still settling
True
>>> decision = arbiter.poll(host_time=10.031)
>>> decision.winner, decision.margin_us
('Ann', 400)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from companion.records import Event

SETTLE_S = 0.030
TIE_US = 1_000
COOLDOWN_US = 300_000


@dataclass(frozen=True)
class Buzz:
    player: str
    button: int
    t_us: int
    host_time: float


@dataclass(frozen=True)
class Decision:
    order: tuple[Buzz, ...]  # the presses counted, first first
    tied: tuple[str, ...]  # the players within the tie window of the first (one: a clear winner)
    ignored: tuple[tuple[str, str], ...]  # (player, why)
    tie_us: int
    settle_s: float
    decided_at: float  # host time

    @property
    def winner(self) -> str | None:
        return self.tied[0] if len(self.tied) == 1 else None

    @property
    def margin_us(self) -> int | None:
        return self.order[1].t_us - self.order[0].t_us if len(self.order) > 1 else None

    def as_event(self) -> Event:
        return Event(
            "buzz",
            {
                "players": [b.player for b in self.order],
                "at_us": [b.t_us for b in self.order],
                "tied": list(self.tied),
                "winner": self.winner,
                "ignored": [f"{p}: {why}" for p, why in self.ignored],
                "tie_us": self.tie_us,
                "settle_ms": round(self.settle_s * 1000),
            },
        )


class Arbiter:
    """Collects presses and decides, one window at a time."""

    def __init__(
        self,
        buttons: dict[int, str],
        settle_s: float = SETTLE_S,
        tie_us: int = TIE_US,
        cooldown_us: int = COOLDOWN_US,
        locked: Callable[[str], str | None] = lambda player: None,
    ) -> None:
        self.buttons = buttons
        self.settle_s = settle_s
        self.tie_us = tie_us
        self.cooldown_us = cooldown_us
        self.locked = locked
        self.pending: list[Buzz] = []
        self.ignored: list[tuple[str, str]] = []
        self.first_arrival: float | None = None
        self.last_press: dict[str, int] = {}

    def press(self, button: int, t_us: int, host_time: float) -> None:
        player = self.buttons.get(button)
        if player is None:
            return  # a button nobody holds
        previous = self.last_press.get(player)
        self.last_press[player] = t_us
        why = self.locked(player)
        if why:
            self.ignored.append((player, why))
        elif previous is not None and 0 <= t_us - previous < self.cooldown_us:
            self.ignored.append((player, f"pressed again {(t_us - previous) / 1000:.0f} ms after his last press"))
        else:
            self.pending.append(Buzz(player, button, t_us, host_time))
        if self.first_arrival is None:
            self.first_arrival = host_time

    @property
    def deadline(self) -> float | None:
        """The host time at which the presses so far can be decided (None: nothing pending)."""
        return None if self.first_arrival is None else self.first_arrival + self.settle_s

    def poll(self, host_time: float) -> Decision | None:
        """A decision once the settle window after the first arrival has passed, else None."""
        if self.first_arrival is None or host_time - self.first_arrival < self.settle_s:
            return None
        order = tuple(sorted(self.pending, key=lambda b: (b.t_us, b.button)))
        tied = tuple(dict.fromkeys(b.player for b in order if b.t_us - order[0].t_us <= self.tie_us)) if order else ()
        decision = Decision(order, tied, tuple(self.ignored), self.tie_us, self.settle_s, host_time)
        self.pending, self.ignored, self.first_arrival = [], [], None
        return decision
