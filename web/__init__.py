"""The table dashboard: a Flask app for refereeing and scoring, live, on a laptop, TV or phone.

Public API: :func:`create_app`.

``create_app(config=None, services=None)``: ``config`` overrides the defaults below; ``services``
(``web.services.Services``: sessions, store, live hub, word knowledge, camera, buzzer desks) are
built from the ``DATA`` folder when not given (the command line, ``wordtable.cli``, passes them),
and kept in ``app.extensions["wordtable"]``: no module globals. The JSON API is its own
blueprint (``web.api``), apart from the pages (``web.pages``); the relay between a table's machine and
its club is under ``/api/relay`` (``web.relay``, ``web.uplink``: docs/club.md).

Safety (``web.security``): when ``PIN`` is set (the server listens beyond this machine), every
request that changes something needs a browser that entered the PIN and the page's CSRF token.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from flask import Flask
from flask.json.provider import DefaultJSONProvider

from web.services import Services

DEFAULTS: dict[str, Any] = {
    "DATA": None,  # folder for the games' SQLite store, when no services are given
    "DB": None,  # the games elsewhere: a SQLite path or a postgresql:// URL (with DATA)
    "DICTIONARY": "large",
    "PIN": None,  # a table PIN: required for changes when set
    "CACHE": None,  # folder for tables that can be rebuilt (the DICEWORDS solver's); None: built in memory
    "MERGE_SECONDS": 0.05,  # live updates: how long a burst gathers before it is sent
    "MAX_CONTENT_LENGTH": 64 * 1024,  # a request body: an event is a few hundred bytes (413 above this)
    "MAX_FORM_MEMORY_SIZE": 64 * 1024,
}


def create_app(config: dict[str, Any] | None = None, services: Services | None = None) -> Flask:
    app = Flask(__name__)
    if isinstance(app.json, DefaultJSONProvider):
        app.json.sort_keys = False  # a standing's details in the engine's order: words, letters, place
    app.config.update(DEFAULTS)
    app.config.update(config or {})
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = os.urandom(24).hex()  # a new one each start: PIN entries last a run
    if services is None:
        if not app.config["DATA"]:
            raise TypeError("create_app needs services or a DATA folder")
        services = Services.create(Path(app.config["DATA"]), size=app.config["DICTIONARY"], db=app.config["DB"])
    services.hub.merge = float(app.config["MERGE_SECONDS"])
    if app.config["CACHE"]:
        services.tables.cache = Path(app.config["CACHE"])
    app.extensions["wordtable"] = services

    from web import security
    from web.api import api
    from web.club import club, evenings
    from web.pages import pages
    from web.relay import install as install_relay

    security.install(app)
    install_relay(app)
    app.register_blueprint(api)
    app.register_blueprint(pages)
    app.register_blueprint(club)
    app.register_blueprint(evenings)
    return app
