"""The buzzer desk: a box's presses, arbitrated, recorded in a Not Scrabble session.

Public API: :class:`BuzzerDesk`.

It runs the link to the box (``firmware_bridge.link``) and the arbiter; each decision goes to the
session as a ``buzz`` event (with the device times it used), and the box's LEDs show the winner
and the players locked out by a false call (rule 07).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import TypedDict, Unpack

from companion.table.session import Session
from firmware_bridge.arbitration import Arbiter, Decision
from firmware_bridge.link import ButtonPress, BuzzerLink, LinkEvent


class _ArbiterOptions(TypedDict, total=False):
    """The keyword arguments of :class:`~firmware_bridge.arbitration.Arbiter` a desk passes on."""

    settle_s: float
    tie_us: int
    cooldown_us: int


class BuzzerDesk:
    """Link + arbiter + session. ``buttons`` maps button numbers to players."""

    def __init__(
        self,
        url: str,
        session: Session,
        buttons: dict[int, str],
        clock: Callable[[], float] = time.monotonic,
        **arbiter_options: Unpack[_ArbiterOptions],
    ) -> None:
        self.session = session
        self.buttons = buttons
        self.clock = clock
        self.arbiter = Arbiter(buttons, locked=self.locked_out, **arbiter_options)
        self.decisions: list[tuple[Decision, float]] = []  # (decision, host seconds from arrival to record)
        self.link = BuzzerLink(url, self._on_event, clock=clock)
        self.on_decision: Callable[[Decision], None] = lambda decision: None
        self._presses = threading.Condition()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._decide, name="buzzer desk", daemon=True)

    def start(self) -> BuzzerDesk:
        self.link.start()
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        with self._presses:
            self._presses.notify_all()
        self._thread.join(timeout=5)
        self.link.stop()

    def locked_out(self, player: str) -> str | None:
        locked_out = getattr(self.session.game, "locked_out", None)
        return locked_out(player) if locked_out else None

    def _on_event(self, event: LinkEvent) -> None:
        if isinstance(event, ButtonPress):
            with self._presses:
                self.arbiter.press(event.button, event.t_us, event.host_time)
                self._presses.notify()

    def _decide(self) -> None:
        """Sleep until a press arrives, then until its settle window has passed; then decide."""
        while not self._stop.is_set():
            with self._presses:
                deadline = self.arbiter.deadline
                if deadline is None or self.clock() < deadline:
                    self._presses.wait(None if deadline is None else max(0.0, deadline - self.clock()))
                    continue
                decision = self.arbiter.poll(self.clock())
            if decision is None:
                continue
            self.session.record(decision.as_event())
            if decision.order:
                self.decisions.append((decision, self.clock() - decision.order[0].host_time))
            self.show(decision.winner)
            self.on_decision(decision)

    def show(self, winner: str | None = None) -> None:
        """LEDs: the winner's, and those of the players locked out."""
        mask = 0
        for button, player in self.buttons.items():
            if player == winner or self.locked_out(player):
                mask |= 1 << button
        self.link.set_leds(mask)
