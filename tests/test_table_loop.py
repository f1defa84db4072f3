"""The table loop through the session facade: camera views, buzzer presses and words said, questions,
differences that pause the camera, undo, history and resume (shared/rules/, rule numbers as in the
texts). Device times are in microseconds; the rock-paper-scissors draw uses a seeded random source."""

from __future__ import annotations

import contextlib
import random
from pathlib import Path
from typing import Any

import pytest

from companion.errors import InvalidInputError, RuleError
from companion.records import Event, RecordError
from companion.table.seen import Seen
from companion.table.session import Session
from companion.table.store import EventStore
from companion.words.solver import Referee


def not_scrabble(referee: Referee, tiles: str = "camera", pool: str = "", store: EventStore | None = None,
                 players: tuple[str, ...] = ("Ann", "Ben"), **kwargs: Any) -> Session:  # fmt: skip
    """Ann draws B, the others K: Ann goes first and holds the bag (rule 01); the camera then sees ``pool``."""
    setup = Event("game", {"game": "not-scrabble", "players": list(players), "tiles": tiles})
    session = Session.start(store or EventStore(":memory:"), referee, setup, **kwargs)
    for player in players:
        session.record(Event("first-draw", {"player": player, "letter": "B" if player == "Ann" else "K"}))
    if pool:
        session.observe(Seen(pool=pool))
    return session


def texts(events: list[Event]) -> list[str]:
    return [e.to_text() for e in events]


def test_rule_02_letters_seen_in_the_centre_are_drawn_and_the_bag_passes_left(referee: Referee) -> None:
    session = not_scrabble(referee)
    assert texts(session.observe(Seen(pool="R"))) == ["draw player=Ann letter=R by=camera"]
    assert session.observe(Seen(pool="R")) == []  # the same view again: nothing new
    # Several letters between two stable views: drawn in alphabetical order, the bag going round.
    assert texts(session.observe(Seen(pool="RIDE"))) == [
        "draw player=Ben letter=D by=camera", "draw player=Ann letter=E by=camera", "draw player=Ben letter=I by=camera"
    ]  # fmt: skip
    assert session.game.turn == "Ann" and str(session.game.pool) == "DEIR" and session.check is None


def test_rule_13_the_counted_bag_has_one_z_so_a_second_z_is_a_difference(referee: Referee) -> None:
    session = not_scrabble(referee, tiles="scrabble", pool="Z")
    assert session.game.state()["bag"] == 97
    assert session.observe(Seen(pool="ZZ")) == []
    assert session.check == "more Z in the centre than the bag held (rule 13)"
    assert session.observe(Seen(pool="ZZE")) == []  # paused: nothing is recorded
    assert session.observe(Seen(pool="Z")) == [] and session.check is None  # the table matches again
    assert str(session.game.pool) == "Z"


def test_letters_leaving_the_centre_with_no_word_pause_the_camera(referee: Referee) -> None:
    session = not_scrabble(referee, pool="RIDE")
    assert session.observe(Seen(pool="RID")) == []
    assert "left the centre and no word was made" in str(session.check)
    assert session.view()["camera"]["check"] == session.check
    assert session.observe(Seen(pool="RIDE")) == [] and session.check is None  # resumes by itself
    # A letter turned up while paused is not recorded until the table matches or a person says so.
    session.observe(Seen(pool="RID"))
    assert session.observe(Seen(pool="RIDEL")) == [] and session.check is not None
    assert texts(session.read_again()) == ["draw player=Ann letter=L by=camera"]
    assert session.check is None and str(session.game.pool) == "DEILR"


def test_the_difference_names_the_letter_that_left_the_centre(referee: Referee) -> None:
    session = not_scrabble(referee, pool="RIDE")
    session.observe(Seen(pool="RID"))
    assert session.check == "E left the centre and no word was made with them"


def test_rule_05_a_word_laid_by_the_player_whose_press_is_open_is_recorded(referee: Referee) -> None:
    """Rule 05: "pick up the relevant letters and place the word in front of you"."""
    session = not_scrabble(referee, pool="RIDE")
    press = session.press("Ann", 1_000)
    assert session.press("Ann", 1_200) is press  # a second press while the claim is open counts once
    prompt = session.view()["prompt"]
    assert prompt["presses"] == [{"player": "Ann", "after_ms": 0.0, "said": False, "word": None}]
    assert {"word": "RIDE", "from": None} in prompt["choices"] and prompt["window_ms"] == 250
    events = session.observe(Seen(words=(("Ann", "RIDE"),)))
    assert texts(events) == ["claim player=Ann word=RIDE from=- at_us=1000"]
    assert session.presses == [] and session.view()["prompt"] is None and session.question is None


NO = "No: check the table: the camera waits until the table matches the record"


@pytest.mark.parametrize(("choice", "words", "check"), [(0, ["ride"], None), (1, [], NO)])
def test_a_word_laid_with_no_press_open_is_asked(
    referee: Referee, choice: int, words: list[str], check: str | None
) -> None:
    session = not_scrabble(referee, pool="RIDE")
    assert session.observe(Seen(words=(("Ann", "RIDE"),))) == []
    question = session.view()["camera"]["question"]
    assert question["text"] == "RIDE in front of Ann: did Ann claim it?"
    assert [a["label"] for a in question["answers"]] == ["Yes: record the claim", "No: check the table"]
    session.answer(choice)
    assert session.game.words["Ann"] == words and session.question is None and session.check == check


def test_a_question_already_answered_by_the_buzzers_is_withdrawn(referee: Referee) -> None:
    session = not_scrabble(referee, pool="RIDE")
    session.observe(Seen(words=(("Ann", "RIDE"),)))  # asked: no press open
    session.press("Ann", 1_000)
    assert texts(session.say("Ann", "ride")) == ["claim player=Ann word=RIDE from=- at_us=1000"]
    assert session.view()["camera"]["question"] is None  # "Yes" would now raise "RIDE needs letters"


def test_rules_08_09_a_steal_seen_moves_rides_letters_to_glider(referee: Referee) -> None:
    """Rule 09: "if one of your opponents has the word RIDE, and there is an L and a G in the centre,
    you could steal their letters by calling out the word GLIDER"."""
    session = not_scrabble(referee, pool="RIDE")
    session.press("Ben", 1_000)
    session.observe(Seen(words=(("Ben", "RIDE"),)))
    session.observe(Seen(pool="LG", words=(("Ben", "RIDE"),)))
    session.press("Ann", 9_000_000)
    events = session.observe(Seen(words=(("Ann", "GLIDER"),)))
    assert texts(events) == ["claim player=Ann word=GLIDER from=Ben:RIDE at_us=9000000"]
    assert session.game.words == {"Ann": ["glider"], "Ben": []} and not session.game.pool
    assert session.history()[-1]["scores"] == {"Ann": 6, "Ben": 0}


@pytest.mark.parametrize(
    ("pool", "ben", "laid", "rule"),
    [("GLIDR", None, "GLIDR", "not-scrabble 15"), ("TEASER", "TEASE", "TEASER", "not-scrabble 11")],
)
def test_an_illegal_word_seen_is_a_difference_naming_its_rule(
    referee: Referee, pool: str, ben: str | None, laid: str, rule: str
) -> None:
    session = not_scrabble(referee, pool=pool)
    if ben:
        session.press("Ben", 1_000)
        session.say("Ben", ben)
    session.press("Ann", 5_000_000)
    before = len(session.game.events)
    assert session.observe(Seen(words=(("Ann", laid),))) == []
    assert f"{laid} in front of Ann" in str(session.check) and f"[{rule}]" in str(session.check)
    assert len(session.game.events) == before and [p.player for p in session.presses] == ["Ann"]


def pressed_together(referee: Referee, first: tuple[str, str], second: tuple[str, str], gap_us: int,
                     **kwargs: Any) -> tuple[Session, list[Event]]:  # fmt: skip
    """``first`` presses at 1 s, ``second`` ``gap_us`` later; each says its word, the later one first."""
    session = not_scrabble(referee, pool="RIDEOAT", **kwargs)
    session.press(first[0], 1_000_000)
    session.press(second[0], 1_000_000 + gap_us)
    assert session.say(second[0], second[1]) == []  # waits for every open press
    return session, session.say(first[0], first[1])


def test_rule_06_the_longest_word_wins_even_when_pressed_later(referee: Referee) -> None:
    session, events = pressed_together(referee, ("Ben", "oat"), ("Ann", "ride"), gap_us=200_000)
    assert texts(events) == ["claim player=Ann word=RIDE from=- at_us=1200000"]
    assert session.game.events[-2].type == "simultaneous"
    assert session.game.words["Ben"] == []  # the shorter word of the group is not claimed: press again


def test_rule_07_a_longest_word_that_is_not_there_gives_way_to_the_next(referee: Referee) -> None:
    """Rules 06 and 07: the longest word wins, but "a word that isn't there" is a false call that wins
    nothing: the longest word left claims, and nobody else takes it."""
    session, events = pressed_together(referee, ("Ann", "ride"), ("Ben", "zebras"), gap_us=100_000)
    assert [(e.type, e["player"], e["word"]) for e in events] == [("false-call", "Ben", "ZEBRAS"),
                                                                  ("claim", "Ann", "RIDE")]  # fmt: skip
    assert session.game.words["Ann"] == ["ride"] and "Ben" in session.view()["locked"]
    # a tie left once the longest goes waits for rock-paper-scissors, then claims
    session = not_scrabble(referee, pool="RIDEOAT", players=("Ann", "Ben", "Cat"))
    for player, at in (("Ann", 1_000_000), ("Ben", 1_050_000), ("Cat", 1_100_000)):
        session.press(player, at)
    session.say("Cat", "tide")
    session.say("Ben", "zebras")
    assert [e.type for e in session.say("Ann", "ride")] == ["false-call"]
    assert session.view()["rock_paper_scissors"] == ["Ann", "Cat"]
    assert texts(session.rock_paper_scissors("Cat")) == ["claim player=Cat word=TIDE from=- at_us=1100000"]


def test_rule_06_a_late_winner_gives_way_to_the_longest_call_left(referee: Referee) -> None:
    """In one batch Ann's RIDE claims first; Ben's DIRE and Cat's LOG, called together after it, find
    DIRE's letters gone: DIRE is late (no penalty) and wins nothing, so Cat's LOG claims."""
    session = not_scrabble(referee, pool="RIDELGO", players=("Ann", "Ben", "Cat"))
    session.shout("Ann", "ride", 1_000_000)
    session.shout("Ben", "dire", 2_000_000)
    session.shout("Cat", "log", 2_050_000)
    events = session.settle()
    assert [(e.type, e["player"], e["word"]) for e in events] == [
        ("claim", "Ann", "RIDE"), ("refused-call", "Ben", "DIRE"), ("claim", "Cat", "LOG")]  # fmt: skip
    assert "too late" in events[1]["reason"] and session.view()["locked"] == {}


def test_rule_06_a_typed_false_call_of_a_tied_word_ends_the_wait(referee: Referee) -> None:
    """The referee types that Ann's RIDE, tied with Ben's TIDE, was not there after all: no
    rock-paper-scissors is left to play, on this screen as after a restart; a call typed while a
    tie waits is refused and not kept for later."""
    session, _ = pressed_together(referee, ("Ann", "ride"), ("Ben", "tide"), 100_000, players=("Ann", "Ben", "Cat"))
    with pytest.raises(RecordError, match="rock-paper-scissors first"):
        session.call("Cat", "oat")
    assert session.pending == []
    session.record(Event("false-call", {"player": "Ann", "word": "RIDE", "reason": "-"}))
    assert session.view()["rock_paper_scissors"] == [] and session.awaiting == []
    assert Session.resume(session.store, session.game_id, referee).view()["rock_paper_scissors"] == []
    session.record(Event("claim", {"player": "Ben", "word": "TIDE"}))
    assert session.game.words["Ben"] == ["tide"]


def test_rule_06_a_loser_calling_his_word_again_is_refused_not_silenced(referee: Referee) -> None:
    """The other word of a call waits for the next letter (docs/rules.md, rule 06): called again at
    once, with its letters still in the centre, it is refused; it is there, so rule 07 does not
    silence the caller."""
    session, _ = pressed_together(referee, ("Ann", "ride"), ("Ben", "oat"), gap_us=100_000)
    assert str(session.game.pool) == "AOT"
    session.press("Ben", 2_000_000)
    offered = [c["word"] for c in session.view()["prompt"]["choices"]]
    assert "OAT" not in offered and "TAO" not in offered, offered  # barred until the next letter: not offered
    [refused] = session.say("Ben", "oat")
    assert (refused.type, refused["rule"]) == ("refused-call", "not-scrabble 06") and session.view()["locked"] == {}
    session.observe(Seen(pool="OATL", words=(("Ann", "RIDE"),)))  # the next letter
    session.press("Ben", 3_000_000)
    assert texts(session.say("Ben", "oat")) == ["claim player=Ben word=OAT from=- at_us=3000000"]


@pytest.mark.parametrize(("winner", "method", "claim"), [("Ben", "played", "TIDE"), (None, "drawn", "RIDE")])
def test_rule_06_equal_length_words_go_to_rock_paper_scissors(
    referee: Referee, winner: str | None, method: str, claim: str
) -> None:
    """Rule 06: "If the words are of the same length, then the winner is decided by rock-paper-scissors"."""
    session, events = pressed_together(referee, ("Ann", "ride"), ("Ben", "tide"), 250_000, rng=random.Random(1))
    assert events == [] and session.view()["rock_paper_scissors"] == ["Ann", "Ben"]
    assert texts(session.game.events[-1:]) == [
        "simultaneous players=Ann,Ben words=RIDE,TIDE at_us=1000000,1250000 window_us=250000"
    ]
    [event] = session.rock_paper_scissors(winner)
    rps = session.game.events[-2]
    assert (rps.type, rps["winner"], rps["method"]) == ("rock-paper-scissors", winner or "Ann", method)
    assert event["word"] == claim and session.view()["rock_paper_scissors"] == []


def test_rock_paper_scissors_undone_to_waits_again(referee: Referee) -> None:
    """Undone back to the tie, the table waits for rock-paper-scissors again (it had offered no
    way to play it, and every claim was refused "rock-paper-scissors decides first"); undone to
    before the tie, nobody waits."""
    session, _ = pressed_together(referee, ("Ann", "ride"), ("Ben", "tide"), 100_000)
    session.rock_paper_scissors("Ben")
    tie = next(i for i, e in enumerate(session.game.events) if e.type == "simultaneous")
    session.undo(tie + 1)
    assert session.view()["rock_paper_scissors"] == ["Ann", "Ben"]
    [claim] = session.rock_paper_scissors("Ann")
    assert claim["word"] == "RIDE" and session.view()["rock_paper_scissors"] == []
    assert claim["at_us"] == 1_000_000  # Ann's press, from the simultaneous event
    session.undo(tie + 1)
    assert Session.resume(session.store, session.game_id, referee).view()["rock_paper_scissors"] == ["Ann", "Ben"]
    session.undo(tie)
    assert session.view()["rock_paper_scissors"] == []
    resumed = Session.resume(session.store, session.game_id, referee)
    assert resumed.view()["rock_paper_scissors"] == []


def test_rule_06_presses_outside_the_window_settle_in_device_time_order(referee: Referee) -> None:
    session, events = pressed_together(referee, ("Ben", "oat"), ("Ann", "ride"), gap_us=250_001)
    assert texts(events) == ["claim player=Ben word=OAT from=- at_us=1000000",
                             "claim player=Ann word=RIDE from=- at_us=1250001"]  # fmt: skip
    assert "simultaneous" not in [e.type for e in session.game.events]
    # A word whose letters an earlier claim took is late, not false: no penalty (rule 07).
    session, events = pressed_together(referee, ("Ben", "tide"), ("Ann", "date"), gap_us=300_000)
    assert texts(events) == ["claim player=Ben word=TIDE from=- at_us=1000000"] and session.view()["locked"] == {}


def test_a_claim_made_while_rock_paper_scissors_waits_is_not_lost(referee: Referee) -> None:
    session, _ = pressed_together(referee, ("Ann", "ride"), ("Ben", "tide"), 100_000, players=("Ann", "Ben", "Cat"))
    session.press("Cat", 3_000_000)
    with contextlib.suppress(RecordError):  # "rock-paper-scissors first: Ann, Ben"
        session.say("Cat", "oar")
    session.rock_paper_scissors("Ben")
    assert session.game.words["Cat"] == ["oar"] or [p.player for p in session.presses] == ["Cat"]


def test_rules_11_12_a_same_stem_steal_is_refused_without_silence(referee: Referee) -> None:
    """Rule 12: "you may not simply add the R and claim the word TEASER. You could still claim the
    letters, however, by calling out the word EATERS"; rule 07 punishes only a word that isn't there."""
    session = not_scrabble(referee, pool="TEASE")
    session.press("Ben", 1_000)
    session.say("Ben", "tease")
    session.observe(Seen(pool="R", words=(("Ben", "TEASE"),)))
    session.press("Ann", 2_000_000)
    [refused] = session.say("Ann", "teaser")
    assert (refused.type, refused["word"], refused["rule"]) == ("refused-call", "TEASER", "not-scrabble 11")
    assert "same stem" in refused["reason"] and session.view()["locked"] == {}
    assert session.press("Ann", 2_100_000) is not None  # she may claim again at once
    assert texts(session.say("Ann", "eaters")) == ["claim player=Ann word=EATERS from=Ben:TEASE at_us=2100000"]


def test_rule_07_a_false_call_silences_the_caller_until_two_more_letters(referee: Referee) -> None:
    """Rule 07: "you are not allowed to say anything until two more letters have been drawn"."""
    session = not_scrabble(referee, pool="RIDE")
    session.press("Ann", 1_000)
    [false] = session.say("Ann", "zebra")
    assert (false.type, false["word"]) == ("false-call", "ZEBRA") and "not in the centre: A, B, Z" in false["reason"]
    for pool, left in [("RIDE", 2), ("RIDEL", 1)]:
        session.observe(Seen(pool=pool))
        assert session.press("Ann", 2_000) is None and session.presses == []
        silent = f"silent until {left} more letter{'s' if left != 1 else ''}"  # "1 more letter", "2 more letters"
        assert session.last == {
            "refused": f"Ann pressed: false call: {silent}",
            "rule": "not-scrabble 07",
            "player": "Ann",
        }
        assert "Ann" in session.view()["locked"]
        assert [a["fixed"].get("player") for a in session.view()["actions"] if a["type"] == "claim"] == ["Ben"]
    session.observe(Seen(pool="RIDELG"))
    assert session.press("Ann", 3_000) is not None and session.view()["locked"] == {}


def test_undo_after_a_camera_claim_rewinds_history_and_waits_for_the_table(referee: Referee) -> None:
    session = not_scrabble(referee, pool="RIDE")
    session.press("Ann", 1_000)
    session.observe(Seen(words=(("Ann", "RIDE"),)))
    assert session.history(after=6) == [{"n": 7, "scores": {"Ann": 0, "Ben": 0}},
                                        {"n": 8, "scores": {"Ann": 4, "Ben": 0}}]  # fmt: skip
    assert session.undo() == 9
    assert session.history(after=8) == [{"n": 9, "scores": {"Ann": 0, "Ben": 0}}]
    assert session.check is not None and session.check.startswith("an event was undone")
    assert session.observe(Seen(words=(("Ann", "RIDE"),))) == []  # RIDE still lies there: paused
    assert session.game.words["Ann"] == []
    assert session.observe(Seen(pool="RIDE")) == [] and session.check is None  # put back


def test_the_chart_line_leaves_out_undone_events_and_survives_a_resume(tmp_path: Path, referee: Referee) -> None:
    store = EventStore(tmp_path / "table.sqlite3")
    session = not_scrabble(referee, store=store, pool="RIDE")
    session.press("Ann", 1_000)
    session.observe(Seen(words=(("Ann", "RIDE"),)))
    session.undo()
    session.observe(Seen(pool="RIDE"))  # put back
    session.press("Ann", 9_000)
    session.observe(Seen(words=(("Ann", "RIDE"),)))
    assert [p["scores"]["Ann"] for p in session.history()][-4:] == [0, 4, 0, 4]  # every stored event
    line = session.line()
    assert [p["scores"]["Ann"] for p in line] == [0] * (len(line) - 1) + [4]  # the game as it stands
    assert [p["n"] for p in line] == sorted(p["n"] for p in line) and line[-1] == session.history()[-1]
    assert len(line) == len(session.game.events)  # one point per event that stands
    session.undo(to=2)  # back to Ann's draw for first: the undo's own point stands in its place
    assert [p["n"] for p in session.line()] == [1, session.history()[-1]["n"]]
    resumed = Session.resume(EventStore(tmp_path / "table.sqlite3"), session.game_id, referee)
    assert resumed.line() == session.line()


def test_resume_rebuilds_history_and_the_view(tmp_path: Path, referee: Referee) -> None:
    store = EventStore(tmp_path / "table.sqlite3")
    session = not_scrabble(referee, store=store, pool="RIDEOAT")
    session.press("Ben", 1_000)
    session.say("Ben", "zebra")  # a false call: Ben is locked out
    session.press("Ann", 2_000)
    session.observe(Seen(pool="OAT", words=(("Ann", "RIDE"),)))
    session.observe(Seen(pool="OATS", words=(("Ann", "RIDE"),)))
    session.undo()
    resumed = Session.resume(EventStore(tmp_path / "table.sqlite3"), session.game_id, referee)
    assert resumed.history() == session.history() and len(resumed.history()) == len(store.events(session.game_id))
    keys = ("title", "players", "events", "state", "table", "actions", "locked", "event_types")
    assert {k: resumed.view()[k] for k in keys} == {k: session.view()[k] for k in keys}
    assert resumed.view()["locked"] == {"Ben": "false call: silent until 2 more letters"}  # the S undone


def test_a_counted_bag_offers_no_end_by_rule_22_before_it_is_empty(referee: Referee) -> None:
    """Rule 22 ends the game "When the last letter has been drawn from the bag": with letters still
    in a counted bag the table offers only a stop everybody agrees on, and says it is one."""
    session = not_scrabble(referee, tiles="scrabble")
    ends = [a["label"] for a in session.view()["actions"] if a["type"] == "end"]
    assert ends == ["stop early: everybody agrees (rule 22 ends the game once the bag is empty)"]


def test_view_actions_follow_the_not_scrabble_phase(referee: Referee) -> None:
    setup = Event("game", {"game": "not-scrabble", "players": ["Ann", "Ben"], "tiles": "camera"})
    session = Session.start(EventStore(":memory:"), referee, setup)
    view = session.view()
    assert view["buzzers"] and view["prompt"] is None and view["rock_paper_scissors"] == []
    assert [a["label"] for a in view["actions"]] == ["Ann draws for first", "Ben draws for first"]
    session.record(Event("first-draw", {"player": "Ann", "letter": "B"}))
    assert [a["label"] for a in session.view()["actions"]] == ["Ben draws for first"]
    assert session.view()["table"]["facts"] == [["Draw for first", "Ann B"]]  # the draw shown as it stands
    session.record(Event("first-draw", {"player": "Ben", "letter": "K"}))
    assert [a["label"] for a in session.view()["actions"]] == [
        "Ann turns up a letter", "Ann claims", "Ben claims", "the bag is empty and no more words can be made",
        "end the game: everybody agrees",
    ]  # fmt: skip
    session.end("agreed")
    assert session.view()["actions"] == [] and session.view()["state"]["over"]
    assert session.view()["table"]["bag_holder"] is None  # nobody holds the bag once the game is over


def test_a_counted_bag_offers_only_the_letters_left_in_it(referee: Referee) -> None:
    """Rule 13: the bag is a Scrabble set less its blanks. Once its one Z is out the picker offers
    no Z; once the bag is empty no draw is offered (rule 22), and the game ends when everybody
    agrees, even where the solver still finds a word (the page refused to end while HUI was there)."""
    setup = Event("game", {"game": "not-scrabble", "players": ["Ann", "Ben"], "tiles": "scrabble"})
    session = Session.start(EventStore(":memory:"), referee, setup)
    assert "Z" in session.view()["actions"][0]["choices"]["letter"]
    session.record(Event("first-draw", {"player": "Ann", "letter": "B"}))
    session.record(Event("first-draw", {"player": "Ben", "letter": "K"}))
    session.record(Event("draw", {"player": "Ann", "letter": "Z"}))
    draw = next(a for a in session.view()["actions"] if a["type"] == "draw")
    assert "Z" not in draw["choices"]["letter"] and "E" in draw["choices"]["letter"]
    game = session.game
    for letter in str(game.bag):
        session.record(Event("draw", {"player": game.turn, "letter": letter}))
    assert not game.bag and "draw" not in [a["type"] for a in session.view()["actions"]]
    assert session.game.legal_claims().new  # 98 letters in the centre make words
    with pytest.raises(RuleError, match="can still be formed"):
        session.end("no-words")
    session.end("agreed")
    assert session.view()["state"]["over"]


def dicewords(referee: Referee) -> Session:
    return Session.start(
        EventStore(":memory:"), referee, Event("game", {"game": "dicewords", "players": ["Ann", "Ben"]})
    )


def test_dicewords_rolls_and_rerolls_read_from_the_dice(referee: Referee) -> None:
    """DICEWORDS: "rolls and selectively rerolls the nine dice up to a total of three times"."""
    session = dicewords(referee)
    assert [a["type"] for a in session.view()["actions"]] == ["roll"] and not session.view()["buzzers"]
    assert texts(session.observe(Seen(dice="EEHELVNTP"))) == ["roll player=Ann dice=EEHELVNTP by=camera"]
    assert session.observe(Seen(dice="EEHELVNTP")) == []
    assert texts(session.observe(Seen(dice="IEHELSNTP"))) == [
        "reroll player=Ann dice=IEHELSNTP rerolled=gold,blue by=camera"  # which dice changed
    ]
    assert [a["type"] for a in session.view()["actions"]] == ["reroll", "declare"]
    assert session.view()["table"]["rolls_left"] == 1
    assert texts(session.observe(Seen(dice="IEHELSWTP"))) == [
        "reroll player=Ann dice=IEHELSWTP rerolled=brown by=camera"
    ]
    assert [a["type"] for a in session.view()["actions"]] == ["declare"]  # three rolls: declare now
    assert session.observe(Seen(dice="OEHELSWTP")) == [] and "third roll" in str(session.check)
    assert session.observe(Seen(dice="IEHELSWTP")) == [] and session.check is None  # back as recorded


def test_dicewords_a_declared_roll_lying_on_the_table_is_not_rolled_again(referee: Referee) -> None:
    session = dicewords(referee)
    session.observe(Seen(dice="EEHELVNTP"))
    session.observe(Seen(dice="IEHELSNTP"))
    session.record(Event("declare", {"player": "Ann", "word": "PLINTHS"}))
    assert session.history()[-1]["scores"] == {"Ann": 70, "Ben": 0}
    assert session.observe(Seen(dice="IEHELSNTP")) == [] and session.game.faces is None  # Ann's dice still lie
    assert [a["label"] for a in session.view()["actions"]] == [
        "Ben rolls",
        "challenge PLINTHS",
    ]  # the last word may be challenged, by anyone but Ann, who declared it
    challenge = next(a for a in session.view()["actions"] if a["type"] == "challenge")
    assert challenge["choices"] == {"player": ["Ben"]}
    assert texts(session.observe(Seen(dice="AEHELSNTP"))) == ["roll player=Ben dice=AEHELSNTP by=camera"]
    assert session.observe(Seen(dice="AEHELSNTX")) == [] and "the green die has no X" in str(session.check)
    with pytest.raises(InvalidInputError, match="not played by shouting"):
        session.press("Ben", 1_000)


def dictionary_please(referee: Referee) -> Session:
    setup = Event("game", {"game": "dictionary-please", "players": ["Ann", "Ben"], "tiles": "camera"})
    session = Session.start(EventStore(":memory:"), referee, setup)
    assert [a["type"] for a in session.view()["actions"]] == ["first-draw", "first-draw"]
    session.record(Event("first-draw", {"player": "Ann", "letter": "A"}))
    session.record(Event("first-draw", {"player": "Ben", "letter": "B"}))
    # Ann holds ten letters: "After having accumulated six in hand, he must play", so no pass
    assert [a["label"] for a in session.view()["actions"]] == ["Ann plays", "end the game by agreement"]
    table = session.view()["table"]
    assert (table["turn"], table["hands"], table["words"]) == ("Ann", {"Ann": 10, "Ben": 3}, {"Ann": [], "Ben": []})
    return session


def test_dictionary_please_plays_and_a_capture_read_from_the_camera(referee: Referee) -> None:
    """Constitution of a Turn: the words made, the hand's leftover letters to the pool; Capture of Words."""
    session = dictionary_please(referee)
    ride = session.observe(Seen(pool="LOQQXZ", words=(("Ann", "RIDE"),)))
    assert texts(ride) == ["play player=Ann hand=DEILOQQRXZ words=RIDE by=camera"]
    # Ben lays ZONE: N, E from his hand, Z, O from the pool; his A goes to the pool.
    zone = session.observe(Seen(pool="ALQQX", words=(("Ann", "RIDE"), ("Ben", "ZONE"))))
    assert texts(zone) == ["play player=Ben hand=AEN words=ZONE by=camera"]
    # Ann captures ZONE with a D from her hand: DOZEN; her K and T go to the pool.
    dozen = session.observe(Seen(pool="AKLQQTX", words=(("Ann", "RIDE"), ("Ann", "DOZEN"))))
    assert texts(dozen) == ["play player=Ann hand=DKT words=DOZEN<Ben:ZONE by=camera"]
    assert [a.what for a in session.game.ledger][-1] == "green star: 1st capture of ZONE as DOZEN"
    assert [p["scores"] for p in session.history()[-3:]] == [
        {"Ann": 5, "Ben": 0}, {"Ann": 5, "Ben": 5}, {"Ann": 10, "Ben": 5}
    ]  # fmt: skip
    assert session.observe(Seen(pool="AKLQQTX", words=(("Ann", "RIDE"), ("Ann", "DOZEN"), ("Ann", "ZONE")))) == []
    assert session.check == "new words in front of Ann on Ben's turn"


def test_dictionary_please_letters_gone_from_the_pool_is_a_difference(referee: Referee) -> None:
    session = dictionary_please(referee)
    session.observe(Seen(pool="LOQQXZ", words=(("Ann", "RIDE"),)))
    assert session.observe(Seen(pool="LOQQX", words=(("Ann", "RIDE"),))) == []
    assert session.check == "the pool shows LOQQX, not LOQQXZ, and no word was played"
    assert session.read_again() == [] and session.check is not None  # still no word explains it


def test_dictionary_please_the_difference_names_the_pool_letter_that_left(referee: Referee) -> None:
    session = dictionary_please(referee)
    session.observe(Seen(pool="LOQQXZ", words=(("Ann", "RIDE"),)))
    session.observe(Seen(pool="LOQQ", words=(("Ann", "RIDE"), ("Ben", "ZONE"))))  # X went too
    assert session.check == "X left the pool unplayed"


def test_lexicon_words_laid_grown_and_changed_are_read_from_the_table(referee: Referee) -> None:
    """PLAY (a) "form one complete word and place it face up on the table", (c) "insert a card ... in
    any such word ... the order of the letters must not be disturbed", (d) "change it ... for a
    letter ... in a word": each read from the words on the table, checked by the engine."""
    setup = Event("game", {"game": "lexicon", "players": ["Ann", "Ben"]})
    session = Session.start(EventStore(":memory:"), referee, setup)
    for text in ["cut player=Ann card=C", "cut player=Ben card=M", "deal exposed=E"]:  # tapped: Ann deals
        session.record(Event.from_text(text))
    assert texts(session.observe(Seen(words=(("table", "HAT"),)))) == ["word player=Ben word=HAT by=camera"]
    assert texts(session.observe(Seen(words=(("table", "CHAT"),)))) == ["insert player=Ann word=HAT new=CHAT by=camera"]
    assert texts(session.observe(Seen(words=(("table", "THAT"),)))) == [
        "exchange player=Ben word=CHAT new=THAT by=camera"
    ]
    two = Seen(words=(("table", "THAT"), ("table", "MEN"), ("table", "TOE")))  # two new words at once
    assert session.observe(two) == [] and "no single move" in str(session.check)
    view = session.view()
    assert view["table"]["hands"] == {"Ann": 9, "Ben": 7} and view["table"]["turn"] == "Ann"


def test_screens_hear_of_each_change_once_and_the_claim_words_are_worked_out_once(
    referee: Referee, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A press (no event) is told to the watchers; a claim is told to the listeners only, not to
    both; the words offered for a claim are worked out once per state, however often screens ask."""
    from companion.games.not_scrabble import NotScrabble

    session = not_scrabble(referee, pool="RIDE")
    events, changes, finds = [], [], []
    session.listeners.append(lambda n, e: events.append(e.type))
    session.watchers.append(lambda: changes.append("view"))
    real = NotScrabble.legal_claims
    monkeypatch.setattr(NotScrabble, "legal_claims", lambda self: finds.append(1) or real(self))
    session.press("Ann", 1_000)
    assert (events, changes) == ([], ["view"])
    for _ in range(5):  # five screens refresh
        assert session.view()["prompt"]["choices"][0]["word"] == "DIRE"
    assert len(finds) == 1
    session.say("Ann", "ride")
    assert (events, changes) == (["claim"], ["view"])


def test_dictionary_please_offers_no_pass_the_rules_refuse(referee: Referee) -> None:
    """Passing: "He may not, however, pass twice in succession. After having accumulated six in
    hand, he must play." The moves offered are those the engine takes: a pass only while it may
    (the page offered Ann's ten-letter opening and a second pass, then refused them)."""
    session = dictionary_please(referee)
    session.record(Event("play", {"player": "Ann", "hand": "DEILOQQRXZ", "words": ["RIDE"]}))
    assert "Ben passes" in [a["label"] for a in session.view()["actions"]]
    session.record(Event("pass", {"player": "Ben"}))
    session.record(Event("pass", {"player": "Ann"}))
    assert [a["type"] for a in session.view()["actions"] if a["fixed"].get("player") == "Ben"] == ["play"]
    # and the play says what counts: a word of his own lengthened will do (no new word may be there)
    assert session.view()["actions"][0]["label"].startswith("Ben plays (no second pass: a new word, or lengthening")
    with pytest.raises(RuleError, match="Passing"):
        session.record(Event("pass", {"player": "Ben"}))


def test_dictionary_please_a_player_with_no_letters_after_the_bag_ran_out_can_play(referee: Referee) -> None:
    """Ending (a) with camera tiles: the bag runs out and play goes on; a player with nothing in
    hand makes words from the pool alone ("his own letters plus those in the pool"), or lets the
    turn go: the move asks for no hand (the page could not send an empty one)."""
    setup = Event("game", {"game": "dictionary-please", "players": ["Ann", "Ben"], "tiles": "camera",
                           "ending": "words", "words_to_end": 3})  # fmt: skip
    session = Session.start(EventStore(":memory:"), referee, setup)
    for player, letter in (("Ann", "A"), ("Ben", "B")):
        session.record(Event("first-draw", {"player": player, "letter": letter}))
    session.record(Event("play", {"player": "Ann", "hand": "RIDEAMSQQQ", "words": ["RIDE"]}))
    session.record(Event("play", {"player": "Ben", "hand": "TEX", "words": ["MATE"]}))
    labels = [a["label"] for a in session.view()["actions"]]
    assert "the bag is empty: who drew the last tile" in labels
    session.record(Event("last-tile", {"player": "Ben", "drew": 1}))
    assert "the bag is empty" in session.view()["table"]["ending_progress"]
    assert session.last is not None and "final round" not in session.last["text"]  # (a): no final round
    session.record(Event("play", {"player": "Ann", "hand": "GLZ", "words": ["GLIDER<Ann:RIDE"]}))
    session.record(Event("pass", {"player": "Ben"}))  # a pass draws nothing now
    [play] = [a for a in session.view()["actions"] if a["type"] == "play"]
    assert play["fixed"] == {"player": "Ann", "hand": ""} and play["asks"] == ["plays"], play
    session.record(Event("play", {**play["fixed"]}))  # Ann lets the turn go: nothing to play
    assert session.view()["table"]["turn"] == "Ben" and not session.game.over


def test_the_history_reads_the_set_up_in_words() -> None:
    """The history's first line is the game, its players and the settings chosen, in words (it was
    the record's text form, "game game=not-scrabble players=Ann,Ben ...")."""
    from companion.table.phrases import describe

    setup = Event("game", {"game": "not-scrabble", "players": ["Ann", "Ben", "Cat"], "tiles": "camera"})
    assert describe(setup) == "Not Scrabble set up for Ann, Ben and Cat (tiles camera)"
    crossword = Event("game", {"game": "lexicon", "variant": "crossword", "players": ["Ann", "Ben"]})
    assert describe(crossword) == "Crossword Lexicon set up for Ann and Ben"
    building = Event("game", {"game": "anagrams", "variant": "word-building", "players": ["Ann", "Ben"],
                              "dealer_passes": False, "counters_in_box": 60})  # fmt: skip
    assert describe(building) == "Word Building set up for Ann and Ben (dealer passes no, counters in box 60)"


def test_a_press_offers_everyday_words_first(referee: Referee) -> None:
    """RIDE on the table and G, L, S in the centre: the rules' own GLIDER (rule 09) is offered
    among the ten words, before the longer RIDGELS and REGILDS nobody shouts."""
    session = not_scrabble(referee, pool="RIDE")
    session.record(Event.from_text("claim player=Ann word=RIDE"))
    session.observe(Seen(pool="GLS", words=(("Ann", "RIDE"),)))
    session.press("Ben", 9_000_000)
    offered = [c["word"] for c in session.view()["prompt"]["choices"]]
    assert "GLIDER" in offered and not {"REGILDS", "RIDGELS"} & set(offered), offered


def test_the_table_shows_a_tie_in_the_draw_for_first(referee: Referee) -> None:
    setup = Event("game", {"game": "not-scrabble", "players": ["Ann", "Ben", "Cat"], "tiles": "camera"})
    session = Session.start(EventStore(":memory:"), referee, setup)
    for player, letter in [("Ann", "E"), ("Ben", "C"), ("Cat", "C")]:
        session.record(Event("first-draw", {"player": player, "letter": letter}))
    facts = dict(session.view()["table"]["facts"])
    assert facts["Draw for first"] == "a tie on C: Ben and Cat draw again"
    session.record(Event("first-draw", {"player": "Ben", "letter": "T"}))
    assert dict(session.view()["table"]["facts"])["Draw for first"] == "a tie on C: Ben and Cat draw again; Ben T"


def test_dictionary_please_final_round_names_the_player_whose_turn_ends_it(referee: Referee) -> None:
    """Ending (c): "it ends after a complete round has been played ending with the player who drew
    the last tile": the table says whose turn that is (a new user's walk saw only "the final
    round", and could not tell when the game would end)."""
    setup = Event("game", {"game": "dictionary-please", "players": ["Ann", "Ben", "Cat"], "tiles": "camera"})
    session = Session.start(EventStore(":memory:"), referee, setup)
    for player, letter in (("Ann", "A"), ("Ben", "B"), ("Cat", "C")):
        session.record(Event("first-draw", {"player": player, "letter": letter}))
    session.record(Event("play", {"player": "Ann", "hand": "RIDEAMSQQQ", "words": ["RIDE"]}))
    session.record(Event("play", {"player": "Ben", "hand": "TEX", "words": ["MATE"]}))
    session.record(Event("last-tile", {"player": "Ben", "drew": 2}))
    assert session.view()["table"]["ending_progress"] == (
        "the bag is empty: the final round, ending with Ben's turn (Ben drew the last tile)"
    )
    session.record(Event("pass", {"player": "Cat"}))
    session.record(Event("play", {"player": "Ann", "hand": "TOP", "words": ["STOP"]}))
    assert not session.game.over
    session.record(Event("pass", {"player": "Ben"}))
    assert session.game.over  # and the one player holding the most words scores 25, not "25 each"
    assert session.game.outcome is not None and "Ann holds the most words (2), +25; " in session.game.outcome
    assert session.view()["table"]["ending_progress"] == "the game is over"


def test_the_history_reads_the_hands_shown_and_a_silenced_press_in_words() -> None:
    """LEXICON's cards left in hand, in words with their count, not the record's "Ann:NAEIORSTL";
    a silenced player's press as no press taken, not "a press nobody could make" (new users' walks)."""
    from companion.table.phrases import describe

    shown = Event("reveal", {"hands": ["Ann:naeiorstl", "Ben:B", "Cat:"]})
    assert describe(shown) == "the hands shown: Ann 9 cards (NAEIORSTL); Ben 1 card (B); Cat none"
    # a press by a player silenced by rule 07, and nobody else's: no press taken, and why
    silenced = Event("buzz", {"players": [], "ignored": ["Ann: silenced by a false call [rule 07]"]})
    assert describe(silenced) == "no press taken: Ann: silenced by a false call [rule 07]"
