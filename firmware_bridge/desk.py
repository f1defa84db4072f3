"""The buzzer desk: a box's presses, arbitrated, opening claims at a Not Scrabble table.

Public API: :class:`BuzzerDesk`.

It runs the link to the box (``firmware_bridge.link``) and the arbiter; each decision goes to the
table as a ``buzz`` event (with the device times it used) and then as a press for each player
counted, in device-time order: the table opens their claims and settles them by rule 06 on the
same device times, with the table's one "simultaneous" window (the arbiter's tie window is set
from it). The box's LEDs show the first presser and the players locked out by a false call
(rule 07). An error in one decision is logged and shown (:attr:`BuzzerDesk.error`); the desk
goes on. A decision the table refuses (a press after the game's end) is no error: it is said as
:attr:`BuzzerDesk.refused`.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import TypedDict, Unpack

from companion.errors import WordtableError
from companion.table.session import Session
from firmware_bridge.arbitration import Arbiter, Decision
from firmware_bridge.link import ButtonPress, BuzzerLink, Connected, Disconnected, LinkEvent, Waiting


class _ArbiterOptions(TypedDict, total=False):
    """The keyword arguments of :class:`~firmware_bridge.arbitration.Arbiter` a desk passes on."""

    settle_s: float
    tie_us: int
    cooldown_us: int


log = logging.getLogger(__name__)


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
        arbiter_options.setdefault("tie_us", session.window_us)
        self.session = session
        self.buttons = buttons
        self.clock = clock
        self.arbiter = Arbiter(buttons, locked=self.locked_out, **arbiter_options)
        self.decisions: list[tuple[Decision, float]] = []  # (decision, host seconds from arrival to record)
        self.link = BuzzerLink(url, self._on_event, clock=clock)
        self.on_decision: Callable[[Decision], None] = lambda decision: None
        #: Called when the box connects, drops, or waits for a new reason (a port gone, refused):
        #: what a table's trouble line says has changed. Not on every retry of the same wait.
        self.on_link: Callable[[LinkEvent], None] = lambda event: None
        self._waiting_for: str | None = None
        #: The last error a decision met (None: all well).
        self.error: str | None = None
        #: Why the table refused the last decision (a press after the game's end), or None: the
        #: rules' answer, not a fault of the box, so not an error.
        self.refused: str | None = None
        self._presses = threading.Condition()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._decide, name="buzzer desk", daemon=True)

    @property
    def alive(self) -> bool:
        """The desk's thread is deciding (it ends only when stopped)."""
        return self._thread.is_alive()

    def health(self) -> dict[str, object]:
        """For the page and ``/api/health``: are the desk and its link running, is a box connected,
        and the last error of each (None: all well)."""
        return {"alive": self.alive, "link_alive": self.link.alive, "port": self.link.url,
                "connected": self.link.connected, "waiting": self.link.waiting,
                "error": self.error or self.link.error, "troubles": self.link.troubles[-3:],
                "refused": self.refused}  # fmt: skip

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
        return self.session.view_locked().get(player)

    def _on_event(self, event: LinkEvent) -> None:
        if isinstance(event, ButtonPress):
            with self._presses:
                self.arbiter.press(event.button, event.t_us, event.host_time)
                self._presses.notify()
        elif isinstance(event, (Connected, Disconnected)) or (
            isinstance(event, Waiting) and event.reason != self._waiting_for
        ):
            self._waiting_for = event.reason if isinstance(event, Waiting) else None
            self.on_link(event)

    def _decide(self) -> None:
        """Sleep until a press arrives, then until its settle window has passed; then decide."""
        while not self._stop.is_set():
            try:
                self._decide_once()
            except Exception as error:  # a bug anywhere in one decision: logged, shown, the desk goes on
                self.error = f"{type(error).__name__}: {error}"
                log.exception("buzzer desk: a decision failed")
                self._stop.wait(0.05)  # a fault that repeats does not spin

    def _decide_once(self) -> None:
        with self._presses:
            deadline = self.arbiter.deadline
            if deadline is None or self.clock() < deadline:
                self._presses.wait(None if deadline is None else max(0.0, deadline - self.clock()))
                return
            decision = self.arbiter.poll(self.clock())
        if decision is None:
            return
        try:
            self._open_claims(decision)
        except WordtableError as error:  # the table refused (a finished game, say): said, not a fault
            self.refused = str(error)
            log.info("buzzer desk: the table refused: %s", error)
        except Exception as error:  # a bug or a storage failure: logged, and the desk goes on
            self.error = f"{type(error).__name__}: {error}"
            log.exception("buzzer desk: a decision failed")
        self.on_decision(decision)

    def _open_claims(self, decision: Decision) -> None:
        self.session.record(decision.as_event())
        for buzz in decision.order:
            self.session.press(buzz.player, buzz.t_us)
        if decision.order:
            self.decisions.append((decision, self.clock() - decision.order[0].host_time))
        self.error = self.refused = None
        self.show(decision.order[0].player if decision.order else None)

    def show(self, winner: str | None = None) -> None:
        """LEDs: the winner's, and those of the players locked out."""
        mask = 0
        for button, player in self.buttons.items():
            if player == winner or self.locked_out(player):
                mask |= 1 << button
        self.link.set_leds(mask)
