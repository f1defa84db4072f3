"""Shared fixtures: the real dictionaries and judges (loaded once), and a dashboard's services.

Plain helpers the tests call are in tests/helpers.py; nothing imports this file.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.table.store import EventStore
from companion.words.dictionary import Dictionary
from companion.words.solver import Referee
from tests.helpers import skip_or_fail
from tests.pgcluster import Cluster
from web.services import Services
from wordtable.settings import one_thread_for_tesseract

one_thread_for_tesseract()  # Tesseract on one thread, as the wordtable command runs it


@pytest.fixture(scope="session")
def referee() -> Referee:
    """The large dictionary and the stem judge with no referee overrides."""
    return Referee.load("large")


@pytest.fixture(scope="session")
def large(referee: Referee) -> Dictionary:
    """The large dictionary (tournament words too), loaded once."""
    return referee.dictionary


@pytest.fixture(scope="session")
def standard_referee() -> Referee:
    """The standard dictionary (everyday words) and the stem judge with no referee overrides."""
    return Referee.load("standard")


@pytest.fixture(scope="session")
def standard(standard_referee: Referee) -> Dictionary:
    """The standard dictionary, loaded once."""
    return standard_referee.dictionary


@pytest.fixture
def services(tmp_path: Path, referee: Referee) -> Iterator[Services]:
    """The dashboard's services on a real SQLite store in a temporary folder, closed afterwards."""
    services = Services(EventStore(tmp_path / "games.sqlite3"), referee)
    yield services
    services.close()


@pytest.fixture(scope="session")
def postgres() -> Iterator[Cluster]:
    """A throw-away PostgreSQL cluster for the run (tests/pgcluster.py): skipped when PostgreSQL is
    not installed, a failure in CI."""
    try:
        cluster = Cluster.start(fsync=False)  # the tests kill clients, not the server
    except RuntimeError as error:
        skip_or_fail(str(error))
    yield cluster
    cluster.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A new, empty store on each back end: a SQLite file, then a PostgreSQL database."""
    if request.param == "sqlite":
        return str(tmp_path / "table.sqlite3")
    cluster: Cluster = request.getfixturevalue("postgres")
    return cluster.database()
