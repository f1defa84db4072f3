"""Plain helpers the test modules share (fixtures live in conftest.py): where things are, skipping
what a clone lacks, playing and refusing events, and running the installed `wordtable` command
(a club server among them).

Not a test module: pytest collects nothing here. Benchmarks import the harness modules next to it
(buzzsim, browser, dashload, baselines), never a test_ module.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from companion.games.base import Game, RuleError
from companion.records import Event

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"
WORDTABLE = str(Path(sys.executable).parent / "wordtable")


def skip_or_fail(reason: str) -> None:
    """Something the test needs is missing: skipped with ``reason`` in a user's clone, a failure in CI."""
    if os.environ.get("CI"):
        pytest.fail(reason)
    pytest.skip(reason)


def need_shared(relative: str) -> Path:
    """A file under ../shared (it comes with the project's shared folder, not with a clone)."""
    path = SHARED / relative
    if not path.exists():
        skip_or_fail(f"{path} is absent: it comes with the project's shared folder, not with a clone")
    return path


def push(game: Game, *events: Event | str) -> None:
    """Play each event on ``game``: an :class:`Event`, or its text form (``draw player=Ann letter=E``)."""
    for event in events:
        game.push(Event.from_text(event) if isinstance(event, str) else event)


def assert_refused(game: Game, event: Event | str, rule: str, message: str = "") -> RuleError:
    """``event`` is refused under exactly ``rule`` (``not-scrabble 07``), with ``message`` in the
    error, and the game is unchanged: an illegal move changes nothing."""
    if isinstance(event, str):
        event = Event.from_text(event)
    before = (game.state(), list(game.events))
    with pytest.raises(RuleError) as error:
        game.push(event)
    assert error.value.rule == rule, error.value
    assert message in str(error.value), error.value
    assert (game.state(), list(game.events)) == before
    return error.value


def wordtable(*args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """The installed `wordtable` command, run as a user runs it."""
    return subprocess.run([WORDTABLE, *args], capture_output=True, text=True, timeout=timeout)


def wordtable_json(*args: str, timeout: float = 120) -> Any:
    """`wordtable ARGS --json`: it must succeed; its answer, parsed."""
    result = wordtable(*args, "--json", timeout=timeout)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def stem_pairs(path: Path) -> list[tuple[str, str, str, bool, str]]:
    """A stem-pair table: (old, new, S|D|N, debatable, note) a row; ``#`` lines are comments."""
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("#") or not line.strip():
            continue
        old, new, expected, *rest = line.split("\t")
        rows.append((old, new, expected, bool(rest and rest[0].strip() == "?"), rest[1] if len(rest) > 1 else ""))
    return rows


def free_port() -> int:
    with socket.create_server(("127.0.0.1", 0)) as probe:
        return int(probe.getsockname()[1])


def club_server(db: str, port: int) -> subprocess.Popen[str]:
    """`wordtable serve --club --db DB` started as a user starts it; returns once it listens."""
    server = subprocess.Popen([WORDTABLE, "serve", "--club", "--db", db, "--port", str(port)], text=True,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE)  # fmt: skip
    assert server.stdout is not None
    line = server.stdout.readline()
    assert "wordtable dashboard: open" in line, line + (server.stderr.read() if server.stderr else "")
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return server
        except OSError:
            time.sleep(0.1)
    raise AssertionError("the club server did not listen")


def start(client: Any, **setup: object) -> int:
    """A new game through the dashboard's API (a Flask test client): Not Scrabble for Ann and Ben
    with the camera's tiles unless ``setup`` says otherwise; its number."""
    setup = {"game": "not-scrabble", "players": ["Ann", "Ben"], "tiles": "camera", **setup}
    response = client.post("/api/sessions", json=setup)
    assert response.status_code == 201, response.json
    return int(response.json["id"])


def record(client: Any, game: int, *lines: str) -> None:
    """Record each event line through the API; each must be accepted."""
    for line in lines:
        response = client.post(f"/api/sessions/{game}/events", json={"text": line})
        assert response.status_code == 201, (line, response.json)


def engine_state(game: Any) -> dict[str, Any]:
    """Everything an engine holds (its attributes, as plain values), but its referee: a refused
    move must leave all of it as it was, not only what its screen shows."""
    skip = {"referee", "_base_referee", "rulings", "outcome", "concealed"}
    return {k: _plain(v) for k, v in vars(game).items() if k not in skip}


def _plain(value: Any) -> Any:
    """``value`` as dicts, lists and values that compare by content (an object without its own
    ``==`` by its attributes, as a set up anew by a replay is another object)."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, (set, frozenset)):
        return sorted(repr(_plain(v)) for v in value)
    if type(value).__eq__ is object.__eq__ and hasattr(value, "__dict__"):
        return (type(value).__name__, _plain(vars(value)))
    return value
