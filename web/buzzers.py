"""The buzzer box on the dashboard: a desk per game, the simulator's on-screen buttons, a summary.

Public API: :func:`attach`, :func:`press`, :func:`summary`.

Buttons follow the seating order (button 0 is the first player). With no box plugged in, the
game gets the simulated box ``sim://table-N`` (``firmware_bridge.simulator``), driven by the
on-screen buttons and the keyboard; its presses go through the same link, arbiter and session
as a real box's.
"""

from __future__ import annotations

from typing import Any

from companion.errors import InvalidInputError
from firmware_bridge.desk import BuzzerDesk
from firmware_bridge.simulator import box, register
from web.services import Services


def attach(services: Services, game: int, port: str) -> BuzzerDesk:
    """Start (once) the desk for ``game`` on ``port``."""
    if game in services.desks:
        desk: BuzzerDesk = services.desks[game]
        return desk
    session = services.tables.get(game)
    players = session.players[:8]
    if port.startswith("sim://"):
        register()
    desk = BuzzerDesk(port, session, dict(enumerate(players)))
    desk.on_decision = lambda decision: services.hub.news(game, "buzzers", summary(services, game))
    services.desks[game] = desk.start()
    return desk


def press(services: Services, game: int, button: int) -> None:
    desk = services.desks.get(game) or attach(services, game, f"sim://table-{game}")
    url = desk.link.url
    if not url.startswith("sim://"):
        raise InvalidInputError("a real buzzer box is plugged in: press its buttons")
    if button not in desk.buttons:
        raise InvalidInputError(f"button {button} has no player (buttons 0-{len(desk.buttons) - 1})")
    box(url[len("sim://") :]).press(button)


def summary(services: Services, game: int) -> dict[str, Any]:
    """Who pressed first and by how much, who is locked out and why, for the last decisions."""
    desk = services.desks.get(game)
    if desk is None:
        return {"attached": False}
    decisions = []
    for decision, latency in desk.decisions[-10:][::-1]:
        decisions.append({"order": [b.player for b in decision.order], "winner": decision.winner,
                          "tied": list(decision.tied), "margin_us": decision.margin_us,
                          "ignored": [f"{p}: {why}" for p, why in decision.ignored],
                          "latency_ms": round(latency * 1000, 2)})  # fmt: skip
    locked = {p: why for p in desk.buttons.values() if (why := desk.locked_out(p))}
    return {"attached": True, "port": desk.link.url, "buttons": desk.buttons, "decisions": decisions,
            "locked": locked, "connected": desk.link.connected, "error": desk.error}  # fmt: skip
