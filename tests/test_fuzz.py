"""A bounded, seeded fuzz of the dashboard's API: a few thousand generated requests and event
lines against the real app on the real SQLite store. No answer may be a 500, nothing may be
logged as a bug, a refused request must change nothing in the store, and every acknowledged
event must be in the store as it was acknowledged.

Run with ``-s`` to see the figures (tried / accepted / refused / lost).
"""

from __future__ import annotations

import json
import logging
import random
import string
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from companion.games.schema import EVENT_FIELDS, FIELDS
from companion.table.store import EventStore
from companion.words.solver import Referee
from web import create_app
from web.services import Services

SEED = 17
REQUESTS = 3000
SETUPS = [
    {"game": "not-scrabble", "players": ["Ann", "Ben", "Cat"], "tiles": "camera"},
    {"game": "not-scrabble", "players": ["Ann", "Ben"]},
    {"game": "dicewords", "players": ["Ann", "Ben"]},
    {"game": "dictionary-please", "players": ["Ann", "Ben & Cat"], "tiles": "camera"},
    {"game": "lexicon", "players": ["Ann", "Ben", "Cat"]},
    {"game": "anagrams", "variant": "rotation", "players": ["Ann", "Ben", "Cat"]},
]
WORDS = ["RIDE", "GLIDER", "TEASE", "TEASER", "EATS", "ATONES", "OGRE", "PLINTHS", "MOTHER"]
STRANGE = ["", " ", "ß", "straße", "Ä", "\u0000", "\u202e", "-1", "1e9", "null", "true", "<script>",
           "'; DROP TABLE events;--", "Ann:RIDE", "Zed:RIDE", "x" * 41, "x" * 201, "𝔸", "\n", "=", "a=b", "\"", "%s",
           "../../etc/passwd", "²", "٣", "9" * 5000]  # fmt: skip


class Fuzzer:
    def __init__(self, rng: random.Random, games: list[int]) -> None:
        self.rng, self.games = rng, games

    def scalar(self) -> Any:
        r = self.rng
        return r.choice([
            lambda: r.choice(["Ann", "Ben", "Cat", "Ben & Cat", "Zed"]),
            lambda: r.choice(WORDS) if r.random() < 0.7 else r.choice(WORDS).lower(),
            lambda: r.choice(string.ascii_uppercase),
            lambda: r.choice(STRANGE),
            lambda: "".join(r.choice(string.printable) for _ in range(r.randrange(0, 30))),
            lambda: r.randrange(-5, 40),
            lambda: r.choice([0, -1, 2**31, 2**63, -(2**63), 10**30]),
            lambda: r.random() * 1000,
            lambda: r.choice([True, False, None]),
        ])()  # fmt: skip

    def value(self, depth: int = 0) -> Any:
        r = self.rng
        roll = r.random()
        if depth < 3 and roll < 0.12:
            return [self.value(depth + 1) for _ in range(r.randrange(0, 5))]
        if depth < 3 and roll < 0.18:
            return {self.key(): self.value(depth + 1) for _ in range(r.randrange(0, 4))}
        if roll < 0.2:
            return [self.scalar() for _ in range(r.choice([1, 3, 9, 101]))]
        return self.scalar()

    def key(self) -> str:
        r = self.rng
        return r.choice([*FIELDS, *FIELDS, "type", "n", "junk", "Player", "", "x" * 300, "to"])

    def event(self) -> dict[str, Any]:
        r = self.rng
        kind = r.choice([*EVENT_FIELDS, "game", "launch", "", "DRAW", 7])
        fields = sorted(EVENT_FIELDS.get(kind, frozenset())) if isinstance(kind, str) else []
        event: dict[str, Any] = {"type": kind}
        for name in fields:
            if r.random() < 0.85:
                event[name] = self.plausible(name) if r.random() < 0.7 else self.value()
        if r.random() < 0.2:
            event[self.key()] = self.value()
        return event

    def plausible(self, name: str) -> Any:
        r = self.rng
        if name in ("player", "winner", "leader", "dealer", "contributor"):
            return r.choice(["Ann", "Ben", "Cat", "Ben & Cat"])
        if name in ("word", "old", "new"):
            return r.choice(WORDS)
        if name in ("letter", "card", "exposed"):
            return r.choice(string.ascii_uppercase)
        if name in ("to", "pile", "at_us", "window_us"):
            return r.randrange(0, 12)
        if name in ("players", "words"):
            return r.sample(["Ann", "Ben", "Cat"], 2) if name == "players" else r.sample(WORDS, 2)
        if name in ("allowed", "named", "spelling"):
            return r.random() < 0.5
        return r.choice(["agreed", "no-words", "exposed", "blind", "EEHELVNTP", "camera"])

    def text_line(self) -> str:
        event = self.event()
        kind = event.pop("type")
        parts = [str(kind)] + [f"{k}={','.join(map(str, v)) if isinstance(v, list) else v}" for k, v in event.items()]
        line = " ".join(parts)
        if self.rng.random() < 0.1:
            line = line.replace("=", self.rng.choice(["", "==", " = ", '="']), 1)
        return line

    def move(self, view: dict[str, Any]) -> dict[str, Any]:
        """An event the table offers now (one of its actions), its blanks filled in plausibly; now
        and then one field made strange."""
        actions = view.get("actions") or [{"type": "draw", "fixed": {}, "asks": ["player", "letter"]}]
        action = self.rng.choice(actions)
        event = {"type": action["type"], **action.get("fixed", {})}
        for name in action.get("asks", []):
            event[name] = self.plausible(name)
        if self.rng.random() < 0.25 and len(event) > 1:
            event[self.rng.choice([k for k in event if k != "type"])] = self.value()
        return event

    def game(self) -> int:
        return self.rng.choice([*self.games, *self.games, 0, 99999])

    def request(self, view: Callable[[int], dict[str, Any]]) -> tuple[str, str, Any]:
        """(method, path, JSON body or raw bytes or None); ``view(game)`` is the game's read model."""
        r = self.rng
        g = self.game()
        body: Callable[[], Any] = lambda: {self.key(): self.value() for _ in range(r.randrange(0, 4))}  # noqa: E731
        choices: list[tuple[float, Callable[[], tuple[str, str, Any]]]] = [
            (30, lambda: ("POST", f"/api/sessions/{g}/events", {"event": self.event()})),
            (30, lambda: ("POST", f"/api/sessions/{g}/events", {"event": self.move(view(g))})),
            (25, lambda: ("POST", f"/api/sessions/{g}/events", {"text": self.text_line()})),
            (6, lambda: ("POST", "/api/sessions", {**r.choice(SETUPS), self.key(): self.value()})),
            (3, lambda: ("POST", "/api/sessions", body())),
            (5, lambda: ("POST", f"/api/sessions/{g}/undo", {"to": self.value()} if r.random() < 0.8 else body())),
            (6, lambda: ("POST", f"/api/sessions/{g}/shout", {"player": self.plausible("player") if r.random() < .6
                         else self.value(), "word": self.plausible("word") if r.random() < .6 else self.value()})),
            (4, lambda: ("POST", f"/api/sessions/{g}/say", {"player": self.value(), "word": self.value(),
                                                           "from": self.value()})),
            (2, lambda: ("POST", f"/api/sessions/{g}/rock-paper-scissors", {"winner": self.value()})),
            (3, lambda: ("POST", f"/api/sessions/{g}/press", {"button": self.value()})),
            (3, lambda: ("POST", f"/api/sessions/{g}/buzzers", {"port": self.value()})),
            (3, lambda: ("POST", f"/api/sessions/{g}/camera/answer", body() if r.random() < .5
                         else {"item": self.value(), "letter": self.value(), **({"choice": self.value()}
                                                                               if r.random() < .3 else {})})),
            (1, lambda: ("POST", f"/api/sessions/{g}/camera/read-again", body())),
            (4, lambda: ("POST", r.choice(["/api/sessions", f"/api/sessions/{g}/events", f"/api/sessions/{g}/undo"]),
                         r.choice([b"[" * 5000, b"{" * 40000, b"\xff\xfe", b"not json", b"x" * 70_000, b"",
                                   json.dumps({"event": {"type": "draw", "by": "x" * 100_000}}).encode()]))),
            (5, lambda: ("GET", r.choice([f"/api/sessions/{g}", f"/api/sessions/{g}/events?after={self.scalar()}",
                                          f"/api/sessions/{g}/scores", f"/api/sessions/{g}/buzzers",
                                          f"/api/sessions/{g}/camera", f"/api/sessions/{g}/export", "/api/health",
                                          f"/api/check?word={self.scalar()}&session={self.scalar()}",
                                          f"/api/judge?old={self.scalar()}&new={self.scalar()}",
                                          f"/api/nothing/{g}", f"/game/{g}/table", f"/game/{g}/{self.scalar()}"]),
                         None)),
        ]  # fmt: skip
        weights = [w for w, _ in choices]
        return r.choices([make for _, make in choices], weights)[0]()


@pytest.fixture
def services(tmp_path: Path, referee: Referee) -> Iterator[Services]:
    services = Services(EventStore(tmp_path / "games.sqlite3"), referee)
    yield services
    services.close()


def counts(services: Services) -> dict[int, int]:
    return {g.id: g.events for g in services.store.games()}


def settled(services: Services, within: float = 2.0) -> dict[int, int]:
    """The event counts once the buzzer desk has decided a press: a press is answered at once and
    decided on the desk's own thread, whose event would land during the next request."""
    deadline = time.monotonic() + within
    seen = counts(services)
    while time.monotonic() < deadline:
        time.sleep(0.05)
        now = counts(services)
        if now == seen:
            return now
        seen = now
    return seen


def test_generated_requests_never_fail_and_refusals_change_nothing(
    services: Services, caplog: pytest.LogCaptureFixture
) -> None:
    app = create_app({"TESTING": False, "MERGE_SECONDS": 0.01}, services)
    client: FlaskClient = app.test_client()
    games = [client.post("/api/sessions", json=setup).json["id"] for setup in SETUPS]
    fuzz = Fuzzer(random.Random(SEED), games)
    figures = {"tried": 0, "accepted": 0, "refused": 0, "500": 0, "changed on refusal": 0}
    acknowledged: dict[tuple[int, int], str] = {}
    pressed = False
    with caplog.at_level(logging.ERROR):
        for _ in range(REQUESTS):
            method, path, payload = fuzz.request(lambda g: client.get(f"/api/sessions/{g}").json)
            before = settled(services) if pressed else counts(services)
            if isinstance(payload, bytes):
                response = client.open(path, method=method, data=payload, content_type="application/json")
            else:
                response = client.open(path, method=method, json=payload)
            figures["tried"] += 1
            pressed = path.endswith("/press") and response.status_code < 400
            assert response.status_code != 500, (method, path, payload, response.get_data(as_text=True))
            if path.startswith("/api/") and not path.endswith("/export"):
                assert response.is_json, (path, response.get_data(as_text=True)[:200])
            if response.status_code >= 400:
                figures["refused"] += 1
                if counts(services) != before:
                    figures["changed on refusal"] += 1
                assert counts(services) == before, (method, path, payload, response.json)
            else:
                figures["accepted"] += 1
                if path.endswith("/events") and response.status_code == 201:
                    game = int(path.split("/")[3])
                    acknowledged[(game, response.json["n"])] = json.dumps(payload.get("event") or payload.get("text"))
    bugs = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert not bugs, [r.getMessage() for r in bugs]
    stored = {g: services.store.events(g) for g in games}
    lost = [key for key in acknowledged if key[1] > len(stored[key[0]])]
    figures["acknowledged events"], figures["lost"] = len(acknowledged), len(lost)
    print(f"\nfuzz (seed {SEED}): " + ", ".join(f"{k} {v}" for k, v in figures.items()))
    assert not lost
    assert figures["accepted"] > 100 and figures["refused"] > 1000  # the fuzz reaches both sides
