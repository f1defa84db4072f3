"""Fixtures for every test and doctest: no test touches the user's real wordtable folders."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(scope="session")
def shared_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One cache for the whole run: the DICEWORDS tables take seconds to build."""
    return tmp_path_factory.mktemp("cache")


@pytest.fixture(autouse=True)
def _private_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, shared_cache: Path) -> None:
    """Referee overrides and caches go to temporary folders, never to the user's own."""
    monkeypatch.setenv("WORDTABLE_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("WORDTABLE_CACHE", str(shared_cache))
    monkeypatch.delenv("WORDTABLE_CONFIG", raising=False)
