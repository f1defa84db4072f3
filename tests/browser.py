"""A live dashboard server and real headless Chromium (Debian's chromium + chromium-driver) for
the end-to-end tests and the dashboard benchmark."""

from __future__ import annotations

import logging
import os
import shutil
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from werkzeug.serving import make_server

from companion.table.store import EventStore
from companion.words.solver import Referee
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


def need_chromium() -> None:
    if not (Path(CHROMIUM).exists() and Path(DRIVER).exists()):
        message = "Debian's chromium and chromium-driver are not installed (make test installs them)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)


def chromium(width: int = 1280, height: int = 900, phone: bool = False):  # -> selenium WebDriver
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--disable-background-networking", "--disable-extensions", "--no-first-run",
                 "--autoplay-policy=no-user-gesture-required", f"--window-size={width},{height}"):  # fmt: skip
        options.add_argument(flag)
    if phone:  # a phone's screen: headless windows are never narrower than 500 pixels
        options.add_experimental_option(
            "mobileEmulation", {"deviceMetrics": {"width": width, "height": height, "pixelRatio": 2}}
        )
    return webdriver.Chrome(service=Service(DRIVER), options=options)
