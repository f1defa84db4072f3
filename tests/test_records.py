"""The record format: events, text forms, JSON Lines, undo, and the examples in docs/records.md."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from companion.games.registry import load_game
from companion.records import Event, RecordError, effective, read_jsonl, write_jsonl
from companion.words.solver import Referee
from tests.helpers import ROOT, wordtable, wordtable_json


def doc_examples() -> list[tuple[str, list[dict]]]:
    """Each ```jsonl block of docs/records.md with the ```json standings block after it."""
    text = (ROOT / "docs" / "records.md").read_text()
    records = re.findall(r"```jsonl\n(.*?)```", text, re.S)
    standings = re.findall(r"```json\n(.*?)```", text, re.S)
    assert len(records) == len(standings) >= 15  # every game and variant has an example
    return [(r, json.loads(s)) for r, s in zip(records, standings, strict=True)]


@pytest.mark.parametrize(("record", "expected"), doc_examples())
def test_replay_of_each_doc_example_prints_the_doc_standings(tmp_path: Path, record: str, expected: list) -> None:
    path = tmp_path / "game.jsonl"
    path.write_text(record)
    answer = wordtable_json("replay", str(path))
    assert answer["game"] == json.loads(record.splitlines()[0])["game"]
    assert [{"player": s["player"], "score": s["score"]} for s in answer["standings"]] == expected


def test_text_form_round_trips() -> None:
    for text in [
        "draw player=Ann letter=E",
        "claim player=Ben word=GLIDER from=Ann:RIDE at_us=81000000",
        "claim player=Ben word=RIDE from=-",
        "simultaneous players=Ann,Cat words=SEAT,EATS at_us=1,180 window_us=250000",
        "ruling old=PORT new=REPORT allowed=false",
    ]:
        assert Event.from_text(text).to_text() == text
        assert Event.from_json(Event.from_text(text).to_json()) == Event.from_text(text)


def test_text_form_falls_back_to_json_for_spaces() -> None:
    event = Event("play", {"player": "Ben & Cat", "hand": "ABC", "words": ["CAB"]})
    assert event.to_text().startswith("{")
    assert Event.from_text(event.to_text()) == event


def test_undo_voids_later_events_without_erasing() -> None:
    events = [Event.from_text(t) for t in ["game", "draw letter=A", "draw letter=B", "undo to=2", "draw letter=C"]]
    assert [e.to_text() for e in effective(events)] == ["game", "draw letter=A", "draw letter=C"]
    with pytest.raises(RecordError, match="undo to 9"):
        list(effective([Event("game"), Event("undo", {"to": 9})]))


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ('{"type": "game", "players": ["A"]}\nnot json\n', "line 2: not JSON"),
        ('{"type": "draw"}\n', "starts with a 'game' event"),
        ('{"type": "game", "nested": {"a": 1}}\n', "line 1: field 'nested'"),
        ('{"letter": "A"}\n', "line 1: an event is a JSON object with a string 'type'"),
    ],
)
def test_bad_records_name_the_line(tmp_path: Path, line: str, message: str) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text(line)
    with pytest.raises(RecordError, match=message):
        read_jsonl(path)


def test_write_then_read(tmp_path: Path) -> None:
    events = [Event("game", {"game": "not-scrabble", "players": ["A", "B"]}), Event("draw", {"letter": "E"})]
    write_jsonl(tmp_path / "g.jsonl", events)
    assert read_jsonl(tmp_path / "g.jsonl") == events


def test_replay_of_an_illegal_record_is_one_line(tmp_path: Path) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text(
        '{"type": "game", "game": "not-scrabble", "players": ["Ann", "Ben"]}\n'
        '{"type": "draw", "player": "Ann", "letter": "E"}\n'
    )
    result = wordtable("replay", str(path))
    assert result.returncode == 2
    assert result.stderr.strip() == "wordtable: draw for first player before play begins [not-scrabble 01]"


@pytest.mark.parametrize(("record", "expected"), doc_examples())
def test_every_engine_has_a_state_to_show(
    record: str, expected: list, referee: Referee, standard_referee: Referee
) -> None:
    """In process, as the dashboard shows it: each doc example's state has the doc's standings."""
    events = [Event.from_json(line) for line in record.splitlines()]
    size = events[0].get("dictionary", "large")  # as `wordtable replay`: the record's own, else large
    game = load_game(events, {"large": referee, "standard": standard_referee}[size])
    state = game.state()
    assert state["game"] == game.name and isinstance(state["over"], bool)
    assert [{"player": s["player"], "score": s["score"]} for s in state["standings"]] == expected
