"""Shared fixtures: the real dictionary and judge (loaded once), and the ../shared folder."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from companion.words.solver import Referee

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"


def need_shared(relative: str) -> Path:
    """A file under ../shared: skipped with a reason in a user's clone, a failure in CI."""
    path = SHARED / relative
    if not path.exists():
        message = f"{path} is absent: it comes with the project's shared folder, not with a clone"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return path


@pytest.fixture(scope="session")
def referee() -> Referee:
    """The large dictionary and the stem judge with no referee overrides."""
    return Referee.default("large")
