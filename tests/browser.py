"""A live dashboard server, a JSON call to it, and real headless Chromium (Debian's chromium +
chromium-driver) for the end-to-end and load tests and the dashboard benchmark.

Not a test module: those tests and benchmarks/dashboard.py import it.
"""

from __future__ import annotations

import json
import logging
import shutil
import threading
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from werkzeug.serving import make_server

from companion.table.store import EventStore
from companion.words.solver import Referee
from tests.helpers import skip_or_fail
from web import create_app
from web.services import Services

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
DRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"


@contextmanager
def live_server(data: Path, referee: Referee, **config: object) -> Iterator[tuple[str, Services]]:
    """The dashboard on a free port of 127.0.0.1, threaded, until the block ends."""
    logging.getLogger("werkzeug").setLevel(logging.WARNING)  # no line per request
    services = Services(EventStore(data / "games.sqlite3"), referee)
    app = create_app({"MERGE_SECONDS": 0.02, **config}, services)
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}", services
    finally:
        services.close()
        server.shutdown()


def call(url: str, body: dict | None = None, timeout: float = 30) -> dict:
    """GET ``url`` (or POST ``body`` as JSON) and return the JSON answer."""
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(url, data, {"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=timeout) as response:
        return json.loads(response.read())


def need_chromium() -> None:
    """Skipped in a user's clone without Debian's chromium, a failure in CI."""
    if not (Path(CHROMIUM).exists() and Path(DRIVER).exists()):
        skip_or_fail("Debian's chromium and chromium-driver are not installed (make test installs them)")


def chromium(width: int = 1280, height: int = 900, phone: bool = False):  # -> selenium WebDriver
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--disable-background-networking", "--disable-extensions", "--no-first-run",
                 "--autoplay-policy=no-user-gesture-required", f"--window-size={width},{height}"):  # fmt: skip
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})  # the console, for errors a page throws
    if phone:  # a phone's screen: headless windows are never narrower than 500 pixels
        options.add_experimental_option(
            "mobileEmulation", {"deviceMetrics": {"width": width, "height": height, "pixelRatio": 2}}
        )
    return webdriver.Chrome(service=Service(DRIVER), options=options)
