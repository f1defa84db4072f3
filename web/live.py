"""Live updates: each game's event log, fanned out to every open browser as Server-Sent Events.

Public API: :class:`Hub`, :func:`sse`.

The hub keeps, per game, the log of committed events (number, event) and a condition that wakes
the subscribers. A subscriber asks for everything after the last number it has: a browser that
reconnects sends ``Last-Event-ID`` and catches up from the log, so nothing is lost. Bursts are
merged: a subscriber waits ``merge`` seconds after a wake-up before it sends what has arrived,
so 50 events a second reach a browser in a few messages, not 50.

Streams share, they do not copy: each event is turned into JSON once, when it is published, and
every stream sends those same strings, at most :data:`CHUNK` events a message; so a stream
holds one message at a time, and twenty idle browsers on a long game cost twenty small buffers,
not twenty copies of the game.

>>> hub = Hub()
>>> hub.publish(7, 1, {"type": "game"})
>>> hub.publish(7, 2, {"type": "draw", "letter": "E"})
>>> hub.after(7, 1)
[(2, {'type': 'draw', 'letter': 'E'})]
>>> sse(2, "events", [{"type": "draw"}])
'id: 2\\nevent: events\\ndata: [{"type": "draw"}]\\n\\n'
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from typing import Any

CHUNK = 200  # events in one message at most: a catch-up on a long game comes in pieces


def sse(number: int | None, kind: str, data: Any) -> str:
    """One Server-Sent Events message."""
    return _message(number, kind, json.dumps(data))


def _message(number: int | None, kind: str, text: str) -> str:
    head = f"id: {number}\n" if number is not None else ""
    return f"{head}event: {kind}\ndata: {text}\n\n"


class Hub:
    def __init__(self, merge: float = 0.05, keepalive: float = 15.0) -> None:
        self.merge = merge
        self.keepalive = keepalive
        self._logs: dict[int, list[tuple[int, dict[str, Any]]]] = {}
        self._texts: dict[int, list[str]] = {}  # each logged event as JSON, made once, sent by every stream
        self._extras: dict[int, dict[str, tuple[Any, str]]] = {}  # latest non-event news (camera, buzzers), as JSON
        self._changed = threading.Condition(threading.RLock())
        self._version = 0
        self.closed = False

    def load(self, game: int, events: list[dict[str, Any]]) -> None:
        """The game's stored events (numbered from 1), when it is opened."""
        log = list(enumerate(events, start=1))
        texts = [json.dumps({"n": n, **e}) for n, e in log]
        with self._changed:
            self._logs[game], self._texts[game] = log, texts

    def publish(self, game: int, number: int, event: dict[str, Any]) -> None:
        text = json.dumps({"n": number, **event})
        with self._changed:
            self._logs.setdefault(game, []).append((number, event))
            self._texts.setdefault(game, []).append(text)
            self._version += 1
            self._changed.notify_all()

    def news(self, game: int, kind: str, data: Any) -> None:
        """Something that is not an event (a camera read, a buzzer decision): latest wins."""
        text = json.dumps(data)
        with self._changed:
            self._extras.setdefault(game, {})[kind] = (data, text)
            self._version += 1
            self._changed.notify_all()

    def broadcast(self, kind: str, data: Any) -> None:
        """News for every game's browsers (the table's camera)."""
        self.news(0, kind, data)

    def after(self, game: int, number: int) -> list[tuple[int, dict[str, Any]]]:
        """The events numbered above ``number`` (events are numbered 1, 2, ... in the log)."""
        with self._changed:
            return self._logs.get(game, [])[max(0, number) :]

    def close(self) -> None:
        with self._changed:
            self.closed = True
            self._changed.notify_all()

    def stream(self, game: int, last: int = 0) -> Iterator[str]:
        """Messages for one browser: missed events first (:data:`CHUNK` at a time), then new ones
        as they come, merged."""
        sent_extras: dict[str, str] = {}
        version = -1
        hurry = False  # a long catch-up goes on at once, piece after piece
        yield "retry: 1000\n\n"
        while not self.closed:
            if not hurry:
                with self._changed:  # never yield while holding the lock: a slow browser must not stall the table
                    if version == self._version:
                        self._changed.wait(self.keepalive)
                    idle = version == self._version and not self.closed
                if idle:
                    yield ": keepalive\n\n"
                    continue
                time.sleep(self.merge)  # let a burst gather
            with self._changed:
                version = self._version
                log = self._logs.get(game, [])
                start = max(0, last)
                texts = self._texts.get(game, [])[start : start + CHUNK]
                number = log[start + len(texts) - 1][0] if texts else last
                hurry = start + len(texts) < len(log)
                extras = {**self._extras.get(0, {}), **self._extras.get(game, {})}
            if texts:
                last = number
                yield _message(last, "events", "[" + ",".join(texts) + "]")
            if hurry:
                continue
            for kind, (_, text) in extras.items():
                if sent_extras.get(kind) is not text:
                    sent_extras[kind] = text
                    yield _message(None, kind, text)
