"""The buzzer box on the dashboard: a desk per game, the simulator's on-screen buttons, a summary.

Public API: :func:`ports`, :func:`offer`, :func:`attach`, :func:`detach`, :func:`press`,
:func:`summary`.

Buttons follow the seating order (button 0 is the first player). With no box plugged in, the
game gets its own simulated box ``sim://table-N`` (``firmware_bridge.simulator``), driven by the
on-screen buttons and the keyboard; its presses go through the same link, arbiter and session
as a real box's.

The ports are the operator's choice, not a request's: ``wordtable serve --buzzers SPEC`` (or the
settings file) lists them, the page offers them (:func:`ports`), and a request may pick one of
them or the game's own simulator (:func:`offer`), never another address. A box belongs to one
table: a port held by one game is refused to every other until it is let go (:func:`detach`).
"""

from __future__ import annotations

from typing import Any

from companion.errors import InvalidInputError
from firmware_bridge.desk import BuzzerDesk
from firmware_bridge.simulator import box, register
from web.services import Services


def own_simulator(game: int) -> str:
    return f"sim://table-{game}"


def holder(services: Services, port: str) -> int | None:
    """The game whose desk holds ``port`` (None: free)."""
    return next((game for game, desk in list(services.desks.items()) if desk.link.url == port), None)


def ports(services: Services, game: int) -> list[dict[str, Any]]:
    """The ports this game may use: the operator's, then its own simulator; with who holds each."""
    choices = dict.fromkeys([*services.buzzer_ports, own_simulator(game)])
    return [{"port": p, "simulated": p.startswith("sim://"), "game": holder(services, p)} for p in choices]


def offer(services: Services, game: int, port: str) -> BuzzerDesk:
    """Attach the port a request chose, if it is one the operator offers (or the game's simulator)."""
    offered = [p["port"] for p in ports(services, game)]
    if port not in offered:
        raise InvalidInputError(
            f"{port!r} is not a buzzer port of this table: choose one of {', '.join(offered)} "
            "(the operator adds ports with wordtable serve --buzzers)"
        )
    return attach(services, game, port)


def attach(services: Services, game: int, port: str) -> BuzzerDesk:
    """Start the desk for ``game`` on ``port`` (once); a game moving to another port lets the old
    one go. A port another game holds is refused: its presses are that table's."""
    current: BuzzerDesk | None = services.desks.get(game)
    if current is not None and current.link.url == port:
        return current
    other = holder(services, port)
    if other is not None and other != game:
        raise InvalidInputError(f"the buzzer box on {port} belongs to game {other}: let it go there first")
    session = services.tables.get(game)
    if current is not None:
        detach(services, game)
    players = session.players[:8]
    if port.startswith("sim://"):
        register()
    desk = BuzzerDesk(port, session, dict(enumerate(players)))
    desk.on_decision = lambda decision: services.hub.news(game, "buzzers", summary(services, game))
    desk.on_link = lambda event: services.hub.news(game, "table", {"changed": True})  # the trouble line
    services.desks[game] = desk.start()
    return desk


def detach(services: Services, game: int) -> bool:
    """Let the game's box go (its port is free for another table); False if it had none."""
    desk: BuzzerDesk | None = services.desks.pop(game, None)
    if desk is None:
        return False
    desk.stop()
    return True


def press(services: Services, game: int, button: int) -> None:
    desk = services.desks.get(game) or attach(services, game, own_simulator(game))
    url = desk.link.url
    if not url.startswith("sim://"):
        raise InvalidInputError("a real buzzer box is plugged in: press its buttons")
    if button not in desk.buttons:
        raise InvalidInputError(f"button {button} has no player (buttons 0-{len(desk.buttons) - 1})")
    box(url[len("sim://") :]).press(button)


def summary(services: Services, game: int) -> dict[str, Any]:
    """Who pressed first and by how much, who is locked out and why, for the last decisions; the
    ports the page may offer; whether the desk and its link are running, and their last error."""
    desk = services.desks.get(game)
    if desk is None:
        return {"attached": False, "ports": ports(services, game)}
    decisions = []
    for decision, latency in desk.decisions[-10:][::-1]:
        decisions.append({"order": [b.player for b in decision.order], "winner": decision.winner,
                          "tied": list(decision.tied), "margin_us": decision.margin_us,
                          "ignored": [f"{p}: {why}" for p, why in decision.ignored],
                          "latency_ms": round(latency * 1000, 2)})  # fmt: skip
    locked = {p: why for p in desk.buttons.values() if (why := desk.locked_out(p))}
    return {"attached": True, "port": desk.link.url, "buttons": desk.buttons, "decisions": decisions,
            "locked": locked, "connected": desk.link.connected, "error": desk.error, "refused": desk.refused,
            "health": desk.health(), "ports": ports(services, game)}  # fmt: skip
