#!/usr/bin/env python3
"""Latency of the demo table's loop on a live server: camera change to the browser, buzzer press to
the claim prompt, and how much the table records without asking anyone.

The real app serves on 127.0.0.1 (SQLite store, the live hub's merge as ``wordtable serve``) while
the demo script (``web.demo.SCRIPT``) is played ``--rounds`` times by ``Director(dwell=--dwell)``:
rendered scenes shown to a ``CameraFeed`` with the demo's settings, presses on the simulated box
through the buzzer desk (``web.buzzers.attach``). One raw Server-Sent Events client holds the
game's stream, as a browser does. Printed:

1. camera path: for each event the camera records (``by: camera``), from the frame at which the
   feed's stabiliser made the change stable (its ``on_stable``, the session's ``observe``) to the
   commit, and to the event's arrival on the stream; the camera's read time per frame (a change
   is stable after 2 frames) and, for context, the time from a scene shown to it being stable.
   Baseline in the same run: the same draws typed (POST ``/api/sessions/<id>/events``, text form)
   on a game of their own, from the request to the arrival; the ratio camera path / typed path.
2. buzzer path: from ``box.press()`` to the press opening the claim (a watcher on the session),
   and to the ``table`` news (the page refreshes on it) arriving on the stream.
3. the events recorded with no question asked (drawn by the camera, claimed after a press) against
   the questions the table asked (``session.question``) and the differences (``session.check``).

Run: ``.venv/bin/python benchmarks/table_loop.py [--rounds 3] [--dwell 0.3] [--merge 0.05]``
"""

from __future__ import annotations

import argparse
import http.client
import json
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.records import Event
from companion.table.seen import Seen
from companion.table.session import Session
from companion.words.solver import Referee
from firmware_bridge.simulator import box
from tests.browser import call, live_server
from vision.pipeline import Pipeline
from web.buzzers import attach
from web.camera import CameraFeed
from web.demo import PLAYERS, Director, SceneSource, demo_game, demo_settings, render_scene
from web.services import Services

FIRST_DRAWS = ("first-draw player=Ann letter=M", "first-draw player=Ben letter=C", "first-draw player=Cat letter=T")


def spread(values: list[float]) -> str:
    if not values:
        return "none"
    ordered = sorted(values)
    p95 = ordered[int(0.95 * (len(ordered) - 1))]
    return f"median {statistics.median(ordered):.1f} ms, p95 {p95:.1f} ms, max {ordered[-1]:.1f} ms (n={len(ordered)})"


def until(condition: Callable[[], bool], timeout: float, what: str) -> None:
    end = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > end:
            raise TimeoutError(f"waited {timeout:.0f} s for {what}")
        time.sleep(0.005)


@dataclass
class Stream:
    """One raw SSE client of a game's stream: when each event number and each piece of news arrived."""

    url: str
    events: dict[int, float] = field(default_factory=dict)
    news: dict[str, list[float]] = field(default_factory=dict)
    ready: threading.Event = field(default_factory=threading.Event)

    def start(self) -> Stream:
        threading.Thread(target=self._run, name="sse client", daemon=True).start()
        if not self.ready.wait(10):
            raise TimeoutError(f"no answer from {self.url}")
        return self

    def _run(self) -> None:
        parts = urlparse(self.url)
        connection = http.client.HTTPConnection(parts.hostname or "127.0.0.1", parts.port, timeout=60)
        connection.request("GET", parts.path)
        response = connection.getresponse()
        self.ready.set()
        kind = ""
        while line := response.readline().decode():
            if line.startswith("event: "):
                kind = line[7:].strip()
            elif line.startswith("data: "):
                now = time.perf_counter()
                if kind == "events":
                    for event in json.loads(line[6:]):
                        self.events.setdefault(int(event["n"]), now)
                else:
                    self.news.setdefault(kind, []).append(now)
        connection.close()

    def first_news(self, kind: str, after: float) -> float | None:
        return next((t for t in self.news.get(kind, []) if t >= after), None)


@dataclass
class Commit:
    n: int
    event: Event
    at: float  # perf_counter seconds
    stable: float | None  # the on_stable call that recorded it (None: not recorded from a camera view)
    stable_ms: float | None  # that stable frame's read time


@dataclass
class Round:
    """One play of the script: the events committed, the questions asked and the differences found."""

    commits: list[Commit]
    questions: list[str]
    checks: list[str]


class SceneTimes(SceneSource):
    """The demo's camera source, noting when each scene is shown."""

    def __init__(self) -> None:
        super().__init__()
        self.shown_at: dict[str, float] = {}

    def show(self, image: np.ndarray, name: str) -> None:
        self.shown_at[name] = time.perf_counter()
        super().show(image, name)


class Probe:
    """Timestamps on the demo table: stable views, commits, presses on the box, claims opened, and
    the questions and differences the table raised."""

    def __init__(self, services: Services, session: Session, source: SceneTimes) -> None:
        self.services, self.session, self.source = services, session, source
        self.feed: CameraFeed | None = None
        self.observing: dict[int, tuple[float, float]] = {}  # thread -> (stable at, its frame's read ms)
        self.commits: list[Commit] = []
        self.stable_after_show: list[float] = []
        self.read_ms: list[float] = []
        self.pressed: list[tuple[str, float]] = []  # (player, box.press() at)
        self.opened: list[tuple[str, int, float]] = []  # (player, device us, claim open at)
        self.questions: list[str] = []
        self.checks: list[str] = []
        self.rounds: list[Round] = []
        self._first = 0
        self._question: str | None = None
        self._check: str | None = None
        session.listeners.insert(0, self._committed)  # before the hub's: the commit is stamped first
        session.watchers.insert(0, self._changed)

    def observe(self, seen: Seen) -> object:
        """The feed's ``on_stable``: the session's ``observe``, timed."""
        at = time.perf_counter()
        assert self.feed is not None
        latest = self.feed.latest()  # already this frame's read when take() tells the table
        shown = self.source.shown_at.get(str(latest.get("frame")))
        if shown is not None:
            self.stable_after_show.append((at - shown) * 1000)
        self.observing[threading.get_ident()] = (at, float(latest.get("ms", 0)))
        try:
            return self.session.observe(seen)
        finally:
            del self.observing[threading.get_ident()]

    def publish(self, read: dict[str, Any]) -> None:
        """The feed's ``publish``: the read's time noted, then on to the hub as in the demo."""
        if "ms" in read:
            self.read_ms.append(float(read["ms"]))
        self.services.hub.news(self.session.game_id, "camera", read)

    def timed_press(self, press: Callable[..., None]) -> Callable[..., None]:
        def pressed(button: int, at_us: int | None = None) -> None:
            self.pressed.append((PLAYERS[button], time.perf_counter()))
            press(button, at_us)

        return pressed

    def _committed(self, number: int, event: Event) -> None:
        at = time.perf_counter()
        stable, ms = self.observing.get(threading.get_ident(), (None, None))
        self.commits.append(Commit(number, event, at, stable, ms))
        self._raised()

    def _changed(self) -> None:
        at = time.perf_counter()
        known = {(player, at_us) for player, at_us, _ in self.opened}
        for press in self.session.presses:
            if not press.said and (press.player, press.at_us) not in known:
                self.opened.append((press.player, press.at_us, at))
        self._raised()

    def _raised(self) -> None:
        question = self.session.question.text if self.session.question else None
        if question is not None and question != self._question:
            self.questions.append(question)
        self._question = question
        check = self.session.check
        if check is not None and check != self._check:
            self.checks.append(check)
        self._check = check

    def begin_round(self) -> None:
        """Count from here (the undo that takes the demo back raises a check: not part of a round)."""
        self.questions.clear()
        self.checks.clear()
        self._first = len(self.commits)

    def end_round(self) -> None:
        self.rounds.append(Round(self.commits[self._first :], list(self.questions), list(self.checks)))


def demo_rounds(server: str, services: Services, rounds: int, dwell: float) -> tuple[Probe, Stream, float]:
    """The demo table, instrumented, played ``rounds`` times: the probe, the game's stream, and the
    arbiter's settle window (seconds)."""
    session = demo_game(services)
    source = SceneTimes()
    probe = Probe(services, session, source)
    feed = CameraFeed(lambda: source, Pipeline(demo_settings()), loop=True, on_stable=probe.observe,
                      publish=probe.publish)  # fmt: skip
    probe.feed = feed
    services.cameras[session.game_id] = feed.start()
    name = f"bench-{session.game_id}-{time.monotonic_ns()}"
    desk = attach(services, session.game_id, f"sim://{name}")
    simulated = box(name)
    simulated.press = probe.timed_press(simulated.press)  # type: ignore[method-assign]  # the Director's presses
    stream = Stream(f"{server}/api/sessions/{session.game_id}/stream").start()
    director = Director(session, feed, source, name, dwell=dwell)
    director.render()
    until(lambda: bool(desk.link.connected), 10, "the simulated box")
    until(lambda: feed.latest().get("frame") == "scene-0" and session.check is None, 30, "the empty table")
    for round_ in range(rounds):
        if round_:  # as the demo's loop: back to the first event, then the table cleared
            demo_game(services)
            source.show(render_scene((), ""), f"reset-{round_}")
            until(lambda: session.check is None and session.question is None, 30, "the cleared table")
        probe.begin_round()
        director.play()
        probe.end_round()
    director.stopped.set()
    last = probe.commits[-1].n
    until(lambda: last in stream.events, 10, "the last event on the stream")
    return probe, stream, desk.arbiter.settle_s


def typed_path(server: str, draws: list[str], gap: float) -> list[float]:
    """The camera's draws typed on a game of their own, one every ``gap`` seconds: milliseconds from
    each request to the event's arrival on the game's stream."""
    game = call(server + "/api/sessions", {"game": "not-scrabble", "players": PLAYERS, "tiles": "camera"})["id"]
    for line in FIRST_DRAWS:
        call(f"{server}/api/sessions/{game}/events", {"text": line})
    stream = Stream(f"{server}/api/sessions/{game}/stream").start()
    turn = "Ben"  # C is nearest A: Ben holds the bag first, as in the demo
    latencies = []
    for letter in draws:
        time.sleep(gap)
        start = time.perf_counter()
        answer = call(f"{server}/api/sessions/{game}/events", {"text": f"draw player={turn} letter={letter}"})
        number, turn = int(answer["n"]), answer["state"]["turn"]
        until(lambda: number in stream.events, 10, "a typed draw on the stream")  # noqa: B023 (waited for here)
        latencies.append((stream.events[number] - start) * 1000)
    return latencies


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[int(0.95 * (len(ordered) - 1))]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=3, help="times the demo script is played")
    parser.add_argument("--dwell", type=float, default=0.3, help="seconds the director holds each cue")
    parser.add_argument("--merge", type=float, default=0.05, help="the live hub's merge (as wordtable serve)")
    parser.add_argument("--words", default="large", help="the referee's word list")
    args = parser.parse_args()
    referee = Referee.load(args.words)
    began = time.perf_counter()
    with tempfile.TemporaryDirectory() as folder, \
         live_server(Path(folder), referee, MERGE_SECONDS=args.merge) as (server, services):  # fmt: skip
        probe, stream, settle_s = demo_rounds(server, services, args.rounds, args.dwell)
        played = time.perf_counter() - began
        camera = [c for c in probe.commits if c.stable is not None and c.event.get("by") == "camera"]
        typed = typed_path(server, [str(c.event["letter"]) for c in camera if c.event.type == "draw"], args.dwell)

    def since_stable(commits: list[Commit], until_stream: bool) -> list[float]:
        return [((stream.events[c.n] if until_stream else c.at) - c.stable) * 1000
                for c in commits if c.stable is not None and (c.n in stream.events or not until_stream)]  # fmt: skip

    print(f"demo script x {args.rounds}, dwell {args.dwell} s, live hub merge {args.merge} s: played in "
          f"{played:.0f} s, {len(probe.commits)} events committed, {len(camera)} by the camera")  # fmt: skip
    fps = SceneSource().fps
    print(f"camera read per frame, {len(probe.read_ms)} frames ({fps:.0f} fps offered, 2 frames to be stable): "
          f"{spread(probe.read_ms)}")  # fmt: skip
    print(f"  the read of the frame that made a change stable: {spread([c.stable_ms or 0.0 for c in camera])}")
    print(f"  scene shown -> stable (context): {spread(probe.stable_after_show)}")
    to_stream = since_stable(camera, True)
    print(f"1. camera path ({len(camera)} events by: camera)")
    print(f"   stable -> commit: {spread(since_stable(camera, False))}")
    print(f"   stable -> on the stream: {spread(to_stream)}; not on the stream: "
          f"{sum(1 for c in camera if c.n not in stream.events)}")  # fmt: skip
    seen_claims = [
        c for c in probe.commits if c.stable is not None and c.event.type == "claim" and "at_us" in c.event.as_dict()
    ]
    print(f"   (claims a camera view settled for an open press, stable -> on the stream: "
          f"{spread(since_stable(seen_claims, True))})")  # fmt: skip
    print(f"   baseline, the same draws typed (POST .../events), request -> on the stream: {spread(typed)}")
    if to_stream and typed:
        median = statistics.median(to_stream) / statistics.median(typed)
        print(f"   ratio camera path / typed path: median {median:.2f}x, p95 {p95(to_stream) / p95(typed):.2f}x, "
              f"max {max(to_stream) / max(typed):.2f}x")  # fmt: skip

    opened, news = [], []
    for player, pressed in probe.pressed:
        at = next((t for p, _, t in probe.opened if p == player and t >= pressed), None)
        if at is None:
            continue
        opened.append((at - pressed) * 1000)
        arrived = stream.first_news("table", at)
        if arrived is not None:
            news.append((arrived - pressed) * 1000)
    print(f"2. buzzer path ({len(probe.pressed)} presses on the simulated box, arbiter settle window "
          f"{settle_s * 1000:.0f} ms included)")  # fmt: skip
    print(f"   box.press() -> claim open (session.press): {spread(opened)}")
    print(
        f"   box.press() -> 'table' news on the stream: {spread(news)}; not opened {len(probe.pressed) - len(opened)}"
    )

    print("3. events recorded with no question asked, per round:")
    for index, round_ in enumerate(probe.rounds, start=1):
        drawn = sum(1 for c in round_.commits if c.stable is not None and c.event.get("by") == "camera")
        claims = [c for c in round_.commits if c.event.type == "claim" and "at_us" in c.event.as_dict()]
        by_view = sum(1 for c in claims if c.stable is not None)
        answered = sum(1 for c in round_.commits if c.stable is None and c.event.get("by") == "camera")
        kinds: dict[str, int] = {}
        for c in round_.commits:
            if c.event.get("by") != "camera" and c not in claims:
                kinds[c.event.type] = kinds.get(c.event.type, 0) + 1
        unasked, asked = drawn + len(claims), len(round_.questions) + len(round_.checks)
        share = unasked / (unasked + asked) if unasked + asked else 0.0
        print(f"   round {index}: {drawn} drawn by the camera + {len(claims)} claims after presses "
              f"({by_view} settled by the camera's view, {len(claims) - by_view} by the word said) "
              f"vs {len(round_.questions)} questions + {len(round_.checks)} differences: "
              f"{share:.0%} with no question asked")  # fmt: skip
        print(f"     also committed: {answered} by answering a question; "
              f"{', '.join(f'{n} {k}' for k, n in sorted(kinds.items())) or 'nothing else'}")  # fmt: skip
        for text in round_.questions + round_.checks:
            print(f"     asked: {text}")
    print(f"total {time.perf_counter() - began:.0f} s")


if __name__ == "__main__":
    main()
