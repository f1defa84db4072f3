"""A table PIN and CSRF protection for a dashboard that phones on the table's network can reach.

Public API: :func:`install`, :func:`csrf_token`.

With no PIN (listening on 127.0.0.1) anyone at this machine may change games. With a PIN, a
browser enters it once (``/pin``); from then on its session cookie says so, and every request
that changes something (POST, PUT, DELETE) must also carry the page's CSRF token in the
``X-CSRF-Token`` header (or a ``csrf`` form field); so must the PIN form itself. Reading is
always allowed.
"""

from __future__ import annotations

import hmac
import secrets

from flask import Flask, Response, jsonify, request, session

CHANGES = {"POST", "PUT", "PATCH", "DELETE"}


def csrf_token() -> str:
    if "csrf" not in session:
        session["csrf"] = secrets.token_urlsafe(24)
    return str(session["csrf"])


def install(app: Flask) -> None:
    app.jinja_env.globals["csrf_token"] = csrf_token

    @app.before_request
    def guard() -> tuple[Response, int] | None:
        pin = app.config.get("PIN")
        if not pin or request.method not in CHANGES:
            return None
        if not session.get("pin_ok") and request.endpoint != "pages.enter_pin":
            return jsonify(error="enter the table PIN first (/pin)"), 403
        sent = request.headers.get("X-CSRF-Token") or request.form.get("csrf") or ""
        if not hmac.compare_digest(sent, session.get("csrf", "")):
            return jsonify(error="missing or wrong CSRF token: reload the page"), 403
        return None
