"""Not Scrabble, rule by rule (shared/rules/not-scrabble.txt; rule numbers as in the text)."""

from __future__ import annotations

import random

import pytest

from companion.errors import RuleError
from companion.games.not_scrabble import NotScrabble
from companion.records import Event, RecordError
from companion.table.session import Session
from companion.table.store import EventStore
from companion.words.solver import Referee
from tests.helpers import assert_refused, push


def started(referee: Referee, tiles: str = "camera", letters: str = "") -> NotScrabble:
    """Ann, Ben, Cat; Ann drew A so she goes first; the bag goes Ann, Ben, Cat; ``letters`` drawn."""
    game = NotScrabble.new(referee, ["Ann", "Ben", "Cat"], tiles=tiles)
    push(game, "first-draw player=Ann letter=A", "first-draw player=Ben letter=K", "first-draw player=Cat letter=Q")
    for letter in letters:
        push(game, f"draw player={game.turn} letter={letter}")
    return game


def test_rule_01_nearest_the_start_of_the_alphabet_goes_first(referee: Referee) -> None:
    game = NotScrabble.new(referee, ["Ann", "Ben", "Cat"])
    push(game, "first-draw player=Ann letter=M", "first-draw player=Ben letter=C", "first-draw player=Cat letter=C")
    assert game.first is None and game.first_draw.drawing == ["Ben", "Cat"]  # a tie: those two draw again
    assert_refused(game, "first-draw player=Ann letter=B", "not-scrabble 01", "does not draw")
    push(game, "first-draw player=Ben letter=T", "first-draw player=Cat letter=E")
    assert game.first == game.turn == "Cat"
    assert len(game.bag) == 98  # the letters drawn for first player go back in the bag


def test_rule_02_the_bag_holder_draws_and_the_bag_passes_left(referee: Referee) -> None:
    game = started(referee, tiles="scrabble")
    assert_refused(game, "draw player=Ben letter=E", "not-scrabble 02", "Ann has the bag")
    push(game, "draw player=Ann letter=E")
    assert game.turn == "Ben" and str(game.pool) == "E" and len(game.bag) == 97
    push(game, "draw player=Ben letter=Z")
    assert_refused(game, "draw player=Cat letter=Z", "not-scrabble 13", "no Z left")  # one Z in a Scrabble set


@pytest.mark.parametrize("tiles", ["scrabble", "camera"])
def test_rule_13_blank_tiles_are_not_used(referee: Referee, tiles: str) -> None:
    """Rule 13: "Blank tiles are not used." A blank drawn (first or in play) is refused and changes
    nothing; the counted bag is a Scrabble set's 100 tiles less its 2 blanks, every one a letter."""
    before_play, game = NotScrabble.new(referee, ["Ann", "Ben", "Cat"], tiles=tiles), started(referee, tiles=tiles)
    for played, kind in [(before_play, "first-draw"), (game, "draw")]:
        for blank in ("?", "_", "blank"):
            before = (played.state(), list(played.events))
            with pytest.raises(RuleError, match=r"blank tiles are not used \[not-scrabble 13\]"):
                played.push(Event.from_text(f"{kind} player=Ann letter={blank}"))
            assert (played.state(), list(played.events)) == before
    if tiles == "scrabble":
        assert game.state()["bag"] == 100 - 2
        for letter in str(game.bag):  # the whole bag, tile by tile: 98 letters and nothing else
            push(game, f"draw player={game.turn} letter={letter}")
        assert game.state()["bag"] == 0 and len(game.pool) == 98
        assert_refused(game, f"draw player={game.turn} letter=E", "not-scrabble 22", "the bag is empty")


def test_rules_04_and_05_a_word_from_the_centre_goes_to_whoever_called_it(referee: Referee) -> None:
    game = started(referee, letters="RIDE")
    push(game, "claim player=Cat word=ride")  # no need to wait for one's turn
    assert game.words["Cat"] == ["ride"] and not game.pool


def test_rule_16_fewer_than_three_letters_is_disallowed(referee: Referee) -> None:
    game = started(referee, letters="QI")
    assert_refused(game, "claim player=Ann word=QI", "not-scrabble 15", "too short")


@pytest.mark.parametrize("word", ["GLIDR", "NASA"])
def test_rules_15_to_19_only_dictionary_words(referee: Referee, word: str) -> None:
    game = started(referee, letters="GLIDRNASA")
    assert_refused(game, f"claim player=Ann word={word}", "not-scrabble 15", "not in the dictionary")


def test_rule_04_letters_must_be_on_the_table(referee: Referee) -> None:
    game = started(referee, letters="RID")
    assert_refused(game, "claim player=Ann word=RIDE", "not-scrabble 04", "not in the centre: E")


def test_rules_08_and_09_ride_plus_l_and_g_is_glider(referee: Referee) -> None:
    game = started(referee, letters="RIDE")
    push(game, "claim player=Ben word=RIDE", f"draw player={game.turn} letter=L")
    push(game, f"draw player={game.turn} letter=G")
    push(game, "claim player=Ann word=GLIDER from=Ben:RIDE")
    assert game.words == {"Ann": ["glider"], "Ben": [], "Cat": []} and not game.pool


def test_rule_08_one_may_steal_ones_own_word(referee: Referee) -> None:
    game = started(referee, letters="RIDELG")
    push(game, "claim player=Ann word=RIDE from=-", "claim player=Ann word=GLIDER from=Ann:RIDE")
    assert game.words["Ann"] == ["glider"]


def test_rule_08_the_stolen_word_must_be_there(referee: Referee) -> None:
    game = started(referee, letters="RIDELG")
    assert_refused(game, "claim player=Ann word=GLIDER from=Ben:RIDE", "not-scrabble 08", "Ben has no word RIDE")


def test_rule_10_no_steal_by_rearranging_alone(referee: Referee) -> None:
    game = started(referee, letters="ACT")
    push(game, "claim player=Ben word=ACT")
    assert_refused(game, "claim player=Ann word=CAT from=Ben:ACT", "not-scrabble 10", "at least one pool letter")


def test_rules_11_and_12_tease_teaser_eaters(referee: Referee) -> None:
    game = started(referee, letters="TEASER")
    push(game, "claim player=Ben word=TEASE")
    assert_refused(game, "claim player=Ann word=TEASER from=Ben:TEASE", "not-scrabble 11", "same stem")
    push(game, "claim player=Ann word=EATERS from=Ben:TEASE")
    assert game.words["Ann"] == ["eaters"]


@pytest.mark.parametrize(("old", "new", "added"), [("TRACTOR", "EXTRACTOR", "EX"), ("WIND", "WINDS", "S")])
def test_rule_11_no_derivative_of_the_same_word(referee: Referee, old: str, new: str, added: str) -> None:
    game = started(referee, letters=old + added)
    push(game, f"claim player=Ben word={old}")
    assert_refused(game, f"claim player=Ann word={new} from=Ben:{old}", "not-scrabble 11", "same stem")


def test_a_referee_ruling_overrides_the_judge_for_this_game(referee: Referee) -> None:
    game = started(referee, letters="TEASER")
    push(game, "claim player=Ben word=TEASE", "ruling old=TEASE new=TEASER allowed=true")
    push(game, "claim player=Ann word=TEASER from=Ben:TEASE")
    assert game.words["Ann"] == ["teaser"]
    game.pop()
    game.pop()  # the ruling is undone with its event
    assert_refused(game, "claim player=Ann word=TEASER from=Ben:TEASE", "not-scrabble 11")


def test_rule_07_a_false_call_silences_the_caller_for_two_letters(referee: Referee) -> None:
    game = started(referee, letters="RID")
    push(game, "false-call player=Ben word=RIDE")
    push(game, f"draw player={game.turn} letter=E")
    assert_refused(game, "claim player=Ben word=RIDE", "not-scrabble 07", "until 1 more letter")
    push(game, f"draw player={game.turn} letter=S")
    push(game, "claim player=Ben word=RIDES")
    assert game.words["Ben"] == ["rides"]


def test_rule_14_every_letter_counts_the_same(referee: Referee) -> None:
    game = started(referee, letters="QUIZRUECAT")
    push(game, "claim player=Ann word=CAT", "claim player=Ben word=RUE")
    assert [(s.player, s.score) for s in game.standings()] == [("Ann", 3), ("Ben", 3), ("Cat", 0)]
    push(game, "claim player=Cat word=QUIZ")
    assert game.standings()[0].player == "Cat"  # Q and Z count no more than any letter: 4 beats 3


def test_rule_22_the_end_needs_an_empty_bag_and_no_word_left(referee: Referee) -> None:
    counted = started(referee, tiles="scrabble", letters="RIDE")
    assert_refused(counted, "end reason=no-words", "not-scrabble 22", "still in the bag")
    game = started(referee, letters="RIDE")
    assert_refused(game, "end reason=no-words", "not-scrabble 22", "can still be formed")
    push(game, "claim player=Cat word=RIDE", f"draw player={game.turn} letter=Q")
    push(game, "end reason=no-words")  # Q alone makes nothing, and no steal adds just a Q to RIDE
    assert game.over
    assert game.standings()[0].player == "Cat"  # the player with the most letters wins
    assert_refused(game, "draw player=Cat letter=E", "not-scrabble 22", "over")


def test_rule_22_players_may_agree_to_end_early(referee: Referee) -> None:
    game = started(referee, letters="RIDE")
    push(game, "end reason=agreed")
    assert game.over


def test_undo_to_any_point(referee: Referee) -> None:
    game = started(referee, letters="RIDE")
    push(game, "claim player=Cat word=RIDE")
    assert game.pop().type == "claim"
    assert str(game.pool) == "DEIR"
    game.undo_to(1)
    assert game.first is None and not game.pool


def shout_session(referee: Referee, seed: int = 1) -> Session:
    store = EventStore(":memory:")
    setup = Event("game", {"game": "not-scrabble", "players": ["Ann", "Ben", "Cat"], "tiles": "camera"})
    session = Session.start(store, referee, setup, rng=random.Random(seed), clock=lambda: 100.0)
    for player, letter in [("Ann", "A"), ("Ben", "K"), ("Cat", "Q")]:
        session.record(Event("first-draw", {"player": player, "letter": letter}))
    for letter in "GLIDERTS":
        session.letter_seen(letter)
    return session


def test_rule_04_first_shout_wins_by_device_time_not_arrival(referee: Referee) -> None:
    session = shout_session(referee)
    session.shout("Ben", "glide", at_us=2_000_000)  # arrives first, pressed later
    session.shout("Ann", "ridge", at_us=1_000_000)
    events = session.settle()
    assert events[0].to_text() == "claim player=Ann word=RIDGE from=- at_us=1000000"
    assert session.game.words["Ben"] == []  # GLIDE needs the G and D Ann took: late, not false
    assert "false-call" not in [e.type for e in session.game.events]


def test_rule_06_simultaneous_shouts_go_to_the_longest_word(referee: Referee) -> None:
    session = shout_session(referee)
    session.shout("Ann", "ride", at_us=1_000_000)
    session.shout("Ben", "glider", at_us=1_000_050)
    events = session.settle()
    assert [e.type for e in session.game.events[-2:]] == ["simultaneous", "claim"]
    assert events[-1].get("player") == "Ben" and session.game.words["Ann"] == []


def test_rule_06_a_call_of_nothing_is_no_call(referee: Referee) -> None:
    """A typed simultaneous event with empty words is refused: an empty call would wait for a
    rock-paper-scissors nobody can play, and bar every claim meanwhile."""
    session = shout_session(referee)
    event = Event("simultaneous", {"players": ["Ann", "Ben"], "words": ["", ""], "at_us": [1, 2], "window_us": 250000})
    with pytest.raises(RecordError, match="empty"):
        session.record(event)
    assert session.game.contest is None


def test_rule_06_equal_length_goes_to_rock_paper_scissors(referee: Referee) -> None:
    session = shout_session(referee)
    session.shout("Ann", "ride", at_us=1_000_000)
    session.shout("Cat", "dirt", at_us=1_000_100)
    assert session.settle() == []
    assert [s.player for s in session.awaiting] == ["Ann", "Cat"]
    session.rock_paper_scissors(winner="Cat")
    assert session.game.words["Cat"] == ["dirt"]
    rps = next(e for e in session.game.events if e.type == "rock-paper-scissors")
    assert rps.data == {"players": ["Ann", "Cat"], "winner": "Cat", "method": "played"}


def test_rule_06_a_drawn_rock_paper_scissors_is_recorded_as_drawn(referee: Referee) -> None:
    session = shout_session(referee, seed=3)
    session.shout("Ann", "ride", at_us=1_000_000)
    session.shout("Cat", "dirt", at_us=1_000_100)
    session.settle()
    session.rock_paper_scissors()
    rps = next(e for e in session.game.events if e.type == "rock-paper-scissors")
    assert rps["method"] == "drawn" and rps["winner"] in ("Ann", "Cat")
    assert session.game.words[rps["winner"]]


def test_rule_07_a_shout_of_a_word_that_is_not_there_is_a_false_call(referee: Referee) -> None:
    session = shout_session(referee)
    session.shout("Cat", "zebra", at_us=1_000_000)
    events = session.settle()
    assert events[0].type == "false-call" and "ZEBRA" in events[0]["reason"]
    session.shout("Cat", "ride", at_us=2_000_000)
    assert session.settle() == []  # not heard: Cat is silenced for two letters
    assert session.game.words["Cat"] == []


def test_rule_04_a_typed_shout_takes_the_session_clock(referee: Referee) -> None:
    session = shout_session(referee)
    session.shout("Ann", "ride")
    assert session.settle()[0]["at_us"] == 100_000_000


@pytest.mark.parametrize("allowed", [None, True])
def test_rule_11_a_compound_keeps_the_stem_unless_the_table_allows_compounds(
    referee: Referee, allowed: bool | None
) -> None:
    """BOOK -> BOOKCASE keeps BOOK whole: the same stem by default; a table's house rule (a setting
    of the game) may allow it."""
    setup = {} if allowed is None else {"compounds_allowed": allowed}
    game = NotScrabble.new(referee, ["Ann", "Ben"], tiles="camera", **setup)
    push(game, "first-draw player=Ann letter=A", "first-draw player=Ben letter=B")
    for letter in "BOOKCASE":
        push(game, f"draw player={game.turn} letter={letter}")
    push(game, "claim player=Ann word=BOOK")
    steal = "claim player=Ben word=BOOKCASE from=Ann:BOOK"
    if allowed:
        push(game, steal)
        assert game.words["Ben"] == ["bookcase"]
    else:
        assert_refused(game, steal, "not-scrabble 11", "compound")
