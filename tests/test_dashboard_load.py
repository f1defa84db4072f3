"""The load test: 20 live streams while 50 shouts a second arrive; nothing lost, server responsive."""

from __future__ import annotations

from pathlib import Path

from companion.words.solver import Referee
from tests.browser import live_server
from tests.dashload import load


def test_twenty_streams_fifty_shouts_a_second(tmp_path: Path, referee: Referee) -> None:
    with live_server(tmp_path, referee) as (server, _):
        figures = load(server, subscribers=20, rate=50, seconds=3)
    assert figures["shouts"] == 150 and figures["events"] >= 150 + 4
    assert figures["missed"] == [0] * 20 and figures["in_order"]
    assert max(figures["probe_ms"]) < 2000, "the server stopped answering under load"
