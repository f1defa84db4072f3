"""Which parts of the dashboard are alive: the store, the live hub, each camera feed and buzzer
desk (and its link), with the last error each met.

Public API: :func:`health`, :func:`table_parts`.

Every background thread survives an error in one item (a frame, a line from the box, a buzzer
decision): it logs it, keeps it as its last error, and goes on. This is where a page, or a
monitor polling ``/api/health``, sees that error and whether the thread still runs.
"""

from __future__ import annotations

from typing import Any

from companion.errors import StorageError
from web.services import Services


def table_parts(services: Services, game: int) -> dict[str, Any]:
    """The camera and the buzzer box of one table (None: that table has none)."""
    camera = services.cameras.get(game)
    desk = services.desks.get(game)
    return {"camera": camera.health() if camera is not None else None,
            "buzzers": desk.health() if desk is not None else None}  # fmt: skip


def health(services: Services) -> tuple[dict[str, Any], bool]:
    """Every part and whether it is alive; True when all are."""
    try:
        services.store.games()
        store: dict[str, Any] = {"alive": True, "error": None}
    except StorageError as error:
        store = {"alive": False, "error": str(error)}
    cameras = {str(game): feed.health() for game, feed in list(services.cameras.items())}
    desks = {str(game): desk.health() for game, desk in list(services.desks.items())}
    alive = (
        store["alive"]
        and not services.hub.closed
        and all(c["alive"] for c in cameras.values())
        and all(d["alive"] and d["link_alive"] for d in desks.values())
    )
    parts = {"store": store, "live": {"alive": not services.hub.closed}, "cameras": cameras, "buzzers": desks}
    return {"alive": alive, "parts": parts}, alive
