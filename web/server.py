"""Serving the dashboard to a club: many tables, many screens, each holding a live stream.

Public API: :class:`Limits`, :class:`ClientLimit`, :func:`make_server`, :func:`serve`.

Flask's own server starts a thread for every connection with no limit and no timeout, so every
``wordtable serve`` (one table with :meth:`Limits.one_table`, a club with ``--club``) is served by
waitress, chosen by measuring (docs/club.md, benchmarks/club.py): its main loop reads each request whole before a
worker thread takes it, so a client that sends half a request holds a socket, not a thread, and is
cut off after ``idle_seconds``; a fixed pool of ``threads`` serves the requests, and every open live
stream holds one of them; ``connections`` bounds the open sockets and ``body_bytes`` a request's body.
:class:`ClientLimit` bounds what one client address may hold at once (open streams and requests).

>>> limit = ClientLimit(lambda environ, start: [b"ok"], per_client=1)
>>> answers = []
>>> first = limit({"REMOTE_ADDR": "10.0.0.7"}, lambda status, headers: answers.append(status))
>>> second = limit({"REMOTE_ADDR": "10.0.0.7"}, lambda status, headers: answers.append(status))
>>> answers
['429 Too Many Requests']
>>> first.close(); limit.held("10.0.0.7")
0
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any

WSGIApp = Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]]


@dataclass(frozen=True)
class Limits:
    """What the club server holds at most."""

    threads: int = 400  # requests served at once; each open live stream holds one
    connections: int = 1000  # open sockets
    per_client: int = 32  # requests (live streams included) one client address holds at once

    @classmethod
    def one_table(cls) -> Limits:
        """A single table's screens (the referee, a TV, a few phones): fewer threads and sockets.
        The referee's machine often shows the table, the TV and the history at once, from one
        address, each page with its live stream and its requests: 32 of them, as the club."""
        return cls(threads=64, connections=200, per_client=32)

    idle_seconds: int = 60  # a socket silent this long is closed (live streams send every 15 s)
    body_bytes: int = 1 << 20  # a request's body
    header_bytes: int = 64 << 10  # a request's headers


class ClientLimit:
    """WSGI middleware: at most ``per_client`` requests in progress per client address; more are
    answered 429 with a JSON error. A live stream counts until it is closed."""

    def __init__(self, app: WSGIApp, per_client: int) -> None:
        self.app, self.per_client = app, per_client
        self._held: dict[str, int] = {}
        self._lock = threading.Lock()

    def held(self, client: str) -> int:
        with self._lock:
            return self._held.get(client, 0)

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        client = str(environ.get("REMOTE_ADDR", ""))
        with self._lock:
            if self._held.get(client, 0) >= self.per_client:
                refused = True
            else:
                refused = False
                self._held[client] = self._held.get(client, 0) + 1
        if refused:
            body = json.dumps({"error": f"this client already holds {self.per_client} requests; close some"})
            start_response("429 Too Many Requests", [("Content-Type", "application/json"), ("Retry-After", "5")])
            return [body.encode()]
        try:
            return _Released(self.app(environ, start_response), lambda: self._release(client))
        except BaseException:
            self._release(client)
            raise

    def _release(self, client: str) -> None:
        with self._lock:
            left = self._held.get(client, 1) - 1
            if left:
                self._held[client] = left
            else:
                self._held.pop(client, None)


class _Released:
    """A response that calls ``release`` once, when the server closes it (WSGI's ``close``)."""

    def __init__(self, response: Iterable[bytes], release: Callable[[], None]) -> None:
        self.response, self.release = response, release
        self._done = False

    def __iter__(self) -> Iterator[bytes]:
        return iter(self.response)

    def close(self) -> None:
        try:
            close = getattr(self.response, "close", None)
            if close is not None:
                close()
        finally:
            if not self._done:
                self._done = True
                self.release()


def make_server(app: WSGIApp, host: str, port: int, limits: Limits | None = None) -> Any:
    """A waitress server for ``app`` under ``limits``, listening; ``.run()`` serves, ``.close()`` stops."""
    from waitress.server import create_server

    limits = limits or Limits()
    return create_server(
        ClientLimit(app, limits.per_client),
        host=host,
        port=port,
        threads=limits.threads,
        connection_limit=limits.connections,
        channel_timeout=limits.idle_seconds,
        cleanup_interval=max(1, min(30, limits.idle_seconds // 2)),  # how often the idle are looked for
        max_request_body_size=limits.body_bytes,
        max_request_header_size=limits.header_bytes,
        asyncore_use_poll=True,  # select() stops at 1024 sockets
        ident="wordtable",
    )


def serve(app: WSGIApp, host: str, port: int, limits: Limits | None = None) -> None:
    """Serve ``app`` with waitress under ``limits`` until interrupted."""
    server = make_server(app, host, port, limits)
    try:
        server.run()
    finally:
        server.close()
