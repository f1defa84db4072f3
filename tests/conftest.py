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
from web.services import Services


@pytest.fixture(scope="session")
def referee() -> Referee:
    """The large dictionary and the stem judge with no referee overrides."""
    return Referee.default("large")


@pytest.fixture(scope="session")
def large(referee: Referee) -> Dictionary:
    """The large dictionary (tournament words too), loaded once."""
    return referee.dictionary


@pytest.fixture(scope="session")
def standard_referee() -> Referee:
    """The standard dictionary (everyday words) and the stem judge with no referee overrides."""
    return Referee.default("standard")


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
