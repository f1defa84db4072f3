"""The event store and the session: commits, undo, and surviving SIGKILL, on SQLite and on PostgreSQL
(``store_url``: each test runs on both back ends; tests/test_store_club.py has the club's concurrency)."""

from __future__ import annotations

import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from companion.games.base import RuleError
from companion.games.registry import load_game
from companion.records import Event, RecordError
from companion.table.session import Session
from companion.table.store import EventStore, StoreError
from companion.words.solver import Referee
from tests.game_worker import script
from tests.helpers import ROOT

WORKER = [sys.executable, str(ROOT / "tests" / "game_worker.py")]


def test_store_keeps_games_apart(store_url: str) -> None:
    store = EventStore(store_url)
    a = store.create_game(Event("game", {"game": "not-scrabble", "players": ["A", "B"]}))
    b = store.create_game(Event("game", {"game": "dictionary-please", "players": ["C", "D"]}))
    assert store.append(a, Event("first-draw", {"player": "A", "letter": "Q"})) == 2
    assert store.append(b, Event("first-draw", {"player": "C", "letter": "E"})) == 2
    assert [(g.id, g.game, g.events) for g in store.games()] == [(a, "not-scrabble", 2), (b, "dictionary-please", 2)]
    assert store.events(b) == [
        Event("game", {"game": "dictionary-please", "players": ["C", "D"]}),
        Event("first-draw", {"player": "C", "letter": "E"}),
    ]
    with pytest.raises(RecordError, match="no game 9"):
        store.append(9, Event("draw"))
    with pytest.raises(RecordError, match="no game 9"):
        store.events(9)
    # a game's set-up alone, and every game's in one query (the list of games reads no record whole)
    assert store.setup(b) == store.events(b)[0] and store.setups() == {a: store.events(a)[0], b: store.events(b)[0]}
    with pytest.raises(RecordError, match="no game 9"):
        store.setup(9)
    # when an event was stored (a table's clock runs from it), and nothing for one never stored
    stamp = store.recorded_at(b, 2)
    assert stamp is not None and store.recorded_at(a, 1) is not None and abs(stamp - time.time()) < 60
    assert store.recorded_at(b, 3) is None and store.recorded_at(9, 1) is None
    with pytest.raises(RecordError, match="starts with a game event"):
        store.create_game(Event("draw"))
    assert [g.events for g in EventStore(store_url).games()] == [2, 2]  # another process's view


def test_sqlite_is_wal(tmp_path: Path) -> None:
    EventStore(tmp_path / "table.sqlite3")
    mode = sqlite3.connect(tmp_path / "table.sqlite3").execute("PRAGMA journal_mode").fetchone()[0]
    assert mode == "wal"


def test_sqlite_url(tmp_path: Path) -> None:
    store = EventStore(f"sqlite:///{tmp_path}/x.sqlite3")
    store.create_game(Event("game", {"game": "not-scrabble", "players": ["A"]}))
    assert (tmp_path / "x.sqlite3").exists()
    assert EventStore(f"sqlite:///{tmp_path}/x.sqlite3").backend == "sqlite"
    with pytest.raises(RecordError, match="unsupported database URL"):
        EventStore("mysql://club/games")


def test_an_unreachable_server_is_one_line(tmp_path: Path) -> None:
    with pytest.raises(StoreError, match="cannot reach the PostgreSQL database"):
        EventStore(f"postgresql://nobody@/games?host={tmp_path}")  # no server listens there


def test_an_illegal_move_is_neither_stored_nor_applied(store_url: str, referee: Referee) -> None:
    store = EventStore(store_url)
    session = Session.start(store, referee, script()[0])
    with pytest.raises(RuleError, match="not-scrabble 01"):
        session.record(Event("draw", {"player": "Ann", "letter": "E"}))
    assert len(store.events(session.game_id)) == 1 and len(session.game.events) == 1


def test_a_failed_commit_rolls_the_engine_back(store_url: str, referee: Referee) -> None:
    store = EventStore(store_url)
    session = Session.start(store, referee, script()[0])
    store.close()  # the disk "goes away"
    with pytest.raises(StoreError):
        session.record(Event("first-draw", {"player": "Ann", "letter": "A"}))
    assert len(session.game.events) == 1  # not acknowledged, not applied


def test_undo_is_an_appended_event_and_replays(store_url: str, referee: Referee) -> None:
    store = EventStore(store_url)
    events = script()
    session = Session.start(store, referee, events[0])
    for event in events[1:10]:
        session.record(event)
    session.undo()  # the last draw
    session.undo(to=4)  # back to the first draws
    assert len(session.game.events) == 4
    stored = store.events(session.game_id)
    assert [e.type for e in stored[-2:]] == ["undo", "undo"] and len(stored) == 12
    assert load_game(stored, referee).events == session.game.events


def test_resume_after_kill_loses_no_acknowledged_event(store_url: str, standard_referee: Referee) -> None:
    """SIGKILL the process at random points of a game; every acknowledged event survives, and the
    game resumes where it was."""
    db = store_url
    rng = random.Random(11)
    acked = 0
    for _ in range(3):
        stop_after = acked + rng.randint(15, 60)
        worker = subprocess.Popen([*WORKER, str(db), "1000"], stdout=subprocess.PIPE, text=True, cwd=ROOT)
        assert worker.stdout is not None
        for line in worker.stdout:
            acked = int(line.split()[1])
            if acked >= stop_after:
                os.kill(worker.pid, signal.SIGKILL)
                break
        worker.wait(timeout=60)
        assert worker.returncode == -signal.SIGKILL
        stored = EventStore(db).events(1)
        assert len(stored) >= acked
        assert stored == script()[: len(stored)]
    # Resume: the next events apply on top of what was stored, and the game is intact.
    finished = subprocess.run([*WORKER, str(db), "10"], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert finished.returncode == 0, finished.stderr
    stored = EventStore(db).events(1)
    assert stored == script()[: len(stored)] and len(stored) >= acked + 10
    game = load_game(stored, standard_referee)  # the worker's dictionary
    claims = sum(e.type == "claim" for e in stored)
    assert sum(s.score for s in game.standings()) == 4 * claims


def test_a_dictionary_please_turn_through_the_session(store_url: str, referee: Referee) -> None:
    store = EventStore(store_url)
    setup = Event("game", {"game": "dictionary-please", "players": ["Ann", "Ben"], "tiles": "camera"})
    session = Session.start(store, referee, setup)
    session.record(Event("first-draw", {"player": "Ann", "letter": "A"}))
    session.record(Event("first-draw", {"player": "Ben", "letter": "B"}))
    session.play("Ann", "rideqqqqqq", ["RIDE"])
    session.play("Ben", "glq", ["GLIDER<Ann:RIDE"])
    session.pass_turn("Ann")
    with pytest.raises(RuleError, match="Passing"):
        session.pass_turn("Ann")  # Ben's turn now
    assert [s["player"] for s in session.standings()] == ["Ann", "Ben"]  # 5 each: seating order
    resumed = Session.resume(store, session.game_id, referee)
    assert resumed.game.state() == session.game.state()


def test_each_stored_event_says_what_it_did_to_the_scores(store_url: str, referee: Referee) -> None:
    """A LEXICON challenge's +10 to a wrong challenger, kept with its event through an undo and a
    resume: the history shows what each move cost as it was played."""
    store = EventStore(store_url)
    setup = Event("game", {"game": "lexicon", "players": ["Ann", "Ben", "Cat"]})
    session = Session.start(store, referee, setup)
    for text in ["cut player=Ann card=A", "cut player=Ben card=B", "cut player=Cat card=C", "deal exposed=Q",
                 "word player=Ben word=CAT", "challenge player=Cat word=CAT"]:  # fmt: skip
        session.record(Event.from_text(text))
    assert session.scored(7) == {"Cat": 10} and session.scored(6) == {}
    session.undo()
    session.record(Event.from_text("challenge player=Ann word=CAT"))
    resumed = Session.resume(store, session.game_id, referee)
    assert resumed.scored(7) == {"Cat": 10} and resumed.scored(9) == {"Ann": 10}
    # what each challenge decided is kept with it too, and said with the event
    assert (
        resumed.outcome(7) == "CAT stands: in the dictionary, a wrong challenge"
        and resumed.outcome(8) == "move 7 taken back"
    )
    assert resumed.said(9, store.events(session.game_id)[8]) == "Ann challenged CAT: " + str(resumed.outcome(9))


def test_an_undo_that_takes_nothing_back_is_refused(referee: Referee) -> None:
    """ "undo from here" on the last move that stands, typed or tapped twice, would store an undo
    that takes nothing back: it is refused, and nothing is stored."""
    store = EventStore(":memory:")
    session = Session.start(store, referee, Event("game", {"game": "not-scrabble", "players": ["Ann", "Ben"]}))
    session.record(Event.from_text("first-draw player=Ann letter=M"))
    with pytest.raises(RecordError, match="nothing to undo after move 2"):
        session.undo(2)
    assert len(store.events(session.game_id)) == 2


def test_a_record_stored_under_older_rules_opens_and_keeps_every_move(referee: Referee) -> None:
    """Older rules took a Word Building crib of ten letters; these ask for twenty. The game still
    opens: the refused deal and the moves after it are taken back by an undo the session stores,
    the record keeps them all, and the table says which moves and why. A refused move that the
    record takes back anyway is passed over, and stores nothing."""
    store = EventStore(":memory:")
    setup = Event("game", {"game": "anagrams", "variant": "word-building", "players": ["Ann", "Ben", "Cat"]})
    game = store.create_game(setup)
    lines = ["first-draw player=Ann letter=Z", "first-draw player=Ben letter=A", "first-draw player=Cat letter=B",
             "deal crib=GARDENSTOP", "add player=Cat letter=G word=GARDEN"]  # fmt: skip
    for line in lines:
        store.append(game, Event.from_text(line))
    with pytest.raises(RuleError, match="twenty others face upward"):  # by default, refused as before
        Session.resume(store, game, referee)
    session = Session.resume(store, game, referee, take_back=True)
    assert len(store.events(game)) == 7 and store.events(game)[-1] == Event("undo", {"to": 4})
    assert session.last is not None and session.last["refused"].startswith("moves 5 to 6 no longer stand")
    assert "twenty others face upward" in session.last["refused"]
    session.record(Event.from_text("deal crib=GARDENSTOPLIMBXYZQUI"))  # the game goes on from before the deal
    again = Session.resume(store, game, referee, take_back=True)  # and opens again as it is, storing nothing more
    assert len(store.events(game)) == 8 and again.game.crib == session.game.crib

    undone = store.create_game(setup)
    for line in [*lines[:4], "undo to=4"]:
        store.append(undone, Event.from_text(line))
    Session.resume(store, undone, referee)
    assert len(store.events(undone)) == 6  # the refused deal was taken back in the record: nothing added
