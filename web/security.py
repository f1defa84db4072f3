"""A table PIN, CSRF protection and the headers that keep other sites out of the dashboard.

Public API: :func:`install`, :func:`csrf_token`, :func:`check_pin`.

With no PIN (listening on 127.0.0.1) anyone at this machine may change games, and only requests
addressed to this machine by name (127.0.0.1, localhost, ::1) are answered, so a web page cannot
reach the dashboard by DNS rebinding. With a PIN, a browser enters it once (``/pin``): wrong
guesses are limited per client (:data:`TRIES` in :data:`WINDOW_S`, then a wait), the PIN is
compared in constant time, and a right one starts a new session (the old cookie and token are
worth nothing). Every request that changes something (POST, PUT, DELETE) must carry the page's
CSRF token in the ``X-CSRF-Token`` header (or a ``csrf`` form field); so must the PIN form itself.
A table's machine relaying to its club sends the PIN in the ``X-Wordtable-Pin`` header instead of
a cookie and a token. Reading is always allowed. Every answer says: not in a frame, no content
sniffing, no referrer to other sites; the session cookie is HttpOnly and SameSite=Lax.
"""

from __future__ import annotations

import hmac
import secrets
import threading
import time
from collections import deque
from collections.abc import Callable

from flask import Flask, Response, jsonify, request, session

CHANGES = {"POST", "PUT", "PATCH", "DELETE"}
LOOPBACK = {"127.0.0.1", "localhost", "::1"}
TRIES = 5  # wrong PINs a client may enter ...
WINDOW_S = 300.0  # ... in this many seconds, before it waits for the oldest to expire
MIN_PIN = 6
#: A table's machine sends the club's PIN in this header (a browser cannot be made to send it by
#: another site without the dashboard's consent, so it needs no CSRF token).
PIN_HEADER = "X-Wordtable-Pin"


def csrf_token() -> str:
    if "csrf" not in session:
        session["csrf"] = secrets.token_urlsafe(24)
    return str(session["csrf"])


class PinGuard:
    """Wrong PIN entries by client address, to refuse guessing."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self._wrong: dict[str, deque[float]] = {}
        self._lock = threading.Lock()

    def wait(self, client: str) -> float:
        """Seconds this client must wait before trying again (0: it may try now)."""
        now = self.clock()
        with self._lock:
            tries = self._wrong.get(client, deque())
            while tries and now - tries[0] > WINDOW_S:
                tries.popleft()
            return 0.0 if len(tries) < TRIES else WINDOW_S - (now - tries[0])

    def wrong(self, client: str) -> None:
        with self._lock:
            self._wrong.setdefault(client, deque()).append(self.clock())


def _wrong_pin(app: Flask, given: str) -> str | None:
    """Why ``given`` is not let in (a client that guessed wrong too often waits; a wrong PIN counts
    against it), or None: the PIN, compared in constant time."""
    guard: PinGuard = app.extensions["wordtable-pins"]
    client = request.remote_addr or "?"
    wait = guard.wait(client)
    if wait > 0:
        return f"too many wrong PINs: try again in {wait / 60:.0f} minute(s)"
    if not hmac.compare_digest(given.encode(), str(app.config.get("PIN")).encode()):
        guard.wrong(client)
        return "that is not the table PIN"
    return None


def check_pin(app: Flask, given: str) -> str | None:
    """None when ``given`` is the table PIN (the session starts anew); else why not, for the page."""
    why = _wrong_pin(app, given)
    if why is not None:
        return why
    session.clear()  # a new session: nothing from before the PIN (cookie, token) is worth anything
    session["pin_ok"] = True
    session["csrf"] = secrets.token_urlsafe(24)
    return None


def machine_pin(app: Flask, given: str) -> str | None:
    """None when ``given`` (the :data:`PIN_HEADER` of a request) is the PIN; else why not. Wrong
    guesses count as at the PIN page."""
    why = _wrong_pin(app, given)
    if why is None:
        return None
    return f"{PIN_HEADER}: " + why.replace("the table PIN", "the club's PIN")


def install(app: Flask) -> None:
    app.jinja_env.globals["csrf_token"] = csrf_token
    app.extensions["wordtable-pins"] = PinGuard()
    app.config.setdefault("SESSION_COOKIE_SAMESITE", "Lax")
    app.config["SESSION_COOKIE_HTTPONLY"] = True

    @app.before_request
    def guard() -> tuple[Response, int] | None:
        pin = app.config.get("PIN")
        if not pin and request.host.rsplit(":", 1)[0].strip("[]") not in LOOPBACK:
            return jsonify(error="this dashboard answers only at 127.0.0.1 (start it with --host to share it)"), 421
        if not pin or request.method not in CHANGES:
            return None
        if PIN_HEADER in request.headers:  # a table's machine (its relay): no browser, no cookie
            why = machine_pin(app, request.headers[PIN_HEADER])
            return None if why is None else (jsonify(error=why), 403)
        if not session.get("pin_ok") and request.endpoint != "pages.enter_pin":
            return jsonify(error="enter the table PIN first (/pin)"), 403
        sent = request.headers.get("X-CSRF-Token") or request.form.get("csrf") or ""
        if not hmac.compare_digest(sent, session.get("csrf", "")):
            return jsonify(error="missing or wrong CSRF token: reload the page"), 403
        return None

    @app.after_request
    def headers(response: Response) -> Response:
        response.headers.setdefault("X-Frame-Options", "DENY")
        response.headers.setdefault("Content-Security-Policy", "frame-ancestors 'none'")
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        response.headers.setdefault("Referrer-Policy", "same-origin")
        return response
