"""Known answers from the rule texts, replayed on every path (tests/data/known-answers/README.md).

Each case is a short game and what its rule text says of it: the moves the text allows, the moves it
refuses (with the rule), and the standings. A case is replayed by the engine from its record, typed
into a live session event by event, and (marked ``cli``) by the ``wordtable replay`` command: a rule
that holds on one path and not another fails here.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from companion.errors import RuleError
from companion.games.base import Game
from companion.games.registry import load_game
from companion.records import Event, write_jsonl
from companion.table.session import Session
from companion.table.store import EventStore
from companion.words.solver import Referee
from tests.helpers import ROOT, engine_state, wordtable

FOLDER = ROOT / "tests" / "data" / "known-answers"


@dataclass
class Case:
    name: str
    file: str
    setup: Event | None = None
    #: Each step: ("play", event) or ("refuse", event, rule).
    steps: list[tuple[str, Event, str]] = field(default_factory=list)
    standings: list[tuple[str, int]] | None = None
    tie: list[str] | None = None
    over: bool | None = None
    cli: bool = False

    @property
    def accepted(self) -> list[Event]:
        assert self.setup is not None
        return [self.setup] + [event for kind, event, _ in self.steps if kind == "play"]


def _event(text: str) -> Event:
    return Event.from_json(text) if text.startswith("{") else Event.from_text(text)


def read_cases(path: Path) -> list[Case]:
    cases: list[Case] = []
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        word, _, rest = line.partition(" ")
        if word == "case":
            cases.append(Case(rest.strip(), path.name))
            continue
        assert cases, f"{path.name} line {number}: a case starts with 'case NAME'"
        case = cases[-1]
        if word == "game":
            case.setup = Event.from_dict({"type": "game", **json.loads(rest)})
        elif word == "refuse":
            rule, _, text = rest.partition("|")
            case.steps.append(("refuse", _event(text.strip()), rule.strip()))
        elif word == "standings":
            case.standings = [(p, int(s)) for p, s in (item.split("=") for item in rest.split())]
        elif word == "tie":
            case.tie = rest.split()
        elif line in ("over", "not over"):
            case.over = line == "over"
        elif line == "cli":
            case.cli = True
        else:
            case.steps.append(("play", _event(line), ""))
    return cases


CASES = [case for path in sorted(FOLDER.glob("*.kat")) for case in read_cases(path)]


def check_outcome(case: Case, game: Game) -> None:
    standings = [(s.player, s.score) for s in game.standings()]
    if case.standings is not None:
        assert standings == case.standings, case.name
    if case.tie is not None:
        top = [s for s in game.standings() if s.score == game.standings()[0].score]
        assert sorted(s.player for s in top) == sorted(case.tie), case.name
        assert all(s.details.get("tied") for s in top), f"{case.name}: the standings show no tie"
    if case.over is not None:
        assert game.over == case.over, case.name


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c.file}:{c.name}")
def test_the_engine_replaying_the_record(case: Case, referee: Referee) -> None:
    """Each refused move, put after the moves before it, is refused by the replay of the record."""
    assert case.setup is not None
    played: list[Event] = [case.setup]
    for kind, event, rule in case.steps:
        if kind == "play":
            played.append(event)
            continue
        with pytest.raises(RuleError) as error:
            load_game([*played, event], referee)
        assert error.value.rule == rule, f"{case.name}: {event.to_text()}: {error.value}"
    check_outcome(case, load_game(played, referee))


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c.file}:{c.name}")
def test_a_live_session_taking_typed_events(case: Case, referee: Referee) -> None:
    assert case.setup is not None
    session = Session.start(EventStore(":memory:"), referee, case.setup)
    for kind, event, rule in case.steps:
        if kind == "play":
            session.record(event)
            continue
        before = engine_state(session.game)
        with pytest.raises(RuleError) as error:
            session.record(event)
        assert error.value.rule == rule, f"{case.name}: {event.to_text()}: {error.value}"
        assert engine_state(session.game) == before, f"{case.name}: {event.to_text()} changed the game"
    check_outcome(case, session.game)
    if case.tie is not None:
        assert "tie" in str(session.view()["result"]), session.view()["result"]


CLI_CASES = [case for case in CASES if case.cli]


@pytest.mark.parametrize("case", CLI_CASES, ids=lambda c: f"{c.file}:{c.name}")
def test_the_command_line_replay(case: Case, tmp_path: Path) -> None:
    record = tmp_path / "record.jsonl"
    write_jsonl(record, case.accepted)
    result = wordtable("replay", str(record), "--json")
    assert result.returncode == 0, result.stderr
    answer = json.loads(result.stdout)
    if case.standings is not None:
        assert [(s["player"], s["score"]) for s in answer["standings"]] == case.standings
    for index, (kind, event, rule) in enumerate(case.steps):
        if kind != "refuse":
            continue
        # The refused move after every move accepted before it: the command refuses the record.
        before = [e for k, e, _ in case.steps[:index] if k == "play"]
        write_jsonl(record, [case.accepted[0], *before, event])
        refused = wordtable("replay", str(record))
        assert refused.returncode != 0 and f"[{rule}]" in refused.stderr + refused.stdout, refused
