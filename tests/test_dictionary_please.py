"""Dictionary, Please!, rule by rule (shared/rules/dictionary-please.txt; sections as named there)."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from companion.games.dictionary_please import DictionaryPlease, length_points, lengthening_counter
from companion.records import Event
from companion.sets.tilesets import DICTIONARY_PLEASE
from companion.table.seen import Seen
from companion.table.session import Session
from companion.table.store import EventStore
from companion.words.letters import Letters
from companion.words.solver import Referee
from tests.helpers import assert_refused


def new_game(referee: Referee, players: list[str] | None = None, **options: Any) -> DictionaryPlease:
    """Camera tiles; the first player named draws A and plays first."""
    players = players or ["Ann", "Ben"]
    game = DictionaryPlease.new(referee, players, tiles=options.pop("tiles", "camera"), **options)
    for i, p in enumerate(players):
        game.push(Event("first-draw", {"player": p, "letter": "ABCDEFG"[i]}))
    return game


def play(game: DictionaryPlease, player: str, hand: str, *words: str) -> None:
    game.push(Event("play", {"player": player, "hand": hand, "words": list(words)}))


def refused(game: DictionaryPlease, event: Event | str, section: str, message: str = "") -> None:
    """Refused under the rules' ``section``; nothing changed, the awards ledger included."""
    ledger = list(game.ledger)
    assert_refused(game, event, f"dictionary-please {section}", message)
    assert game.ledger == ledger


def awards(game: DictionaryPlease) -> list[tuple[str, int, str]]:
    return [(a.player, a.points, a.what.split(":")[0]) for a in game.ledger]


def test_to_start_nearest_a_plays_first_with_ten_letters(referee: Referee) -> None:
    game = DictionaryPlease.new(referee, ["Ann", "Ben", "Cat"], tiles="dictionary-please")
    for p, letter in [("Ann", "E"), ("Ben", "B"), ("Cat", "B")]:
        game.push(Event("first-draw", {"player": p, "letter": letter}))
    assert game.first is None and game.first_draw.drawing == ["Ben", "Cat"]  # tied for nearest A: draw again
    from companion.table.games.dictionary_please import DictionaryPleaseTable

    labels = [a.label for a in DictionaryPleaseTable(game).actions()]  # only those who draw again
    assert labels == [
        "Ben draws again (tied on B with Cat) for first",
        "Cat draws again (tied on B with Ben) for first",
    ]
    game.push(Event("first-draw", {"player": "Ben", "letter": "D"}))
    game.push(Event("first-draw", {"player": "Cat", "letter": "A"}))
    assert game.turn == "Cat"
    assert game.hands == {"Ann": 3, "Ben": 3, "Cat": 10}
    assert game.bag_count == 350 - 16
    # player No. 1 keeps the letters drawn or returns them: ten either way, and the table says so
    assert game.outcome is not None and game.outcome.startswith("Cat plays first: he keeps the letters drawn")


def test_progress_of_play_clockwise_with_leftovers_to_the_pool(referee: Referee) -> None:
    game = new_game(referee, ["Ann", "Ben", "Cat"])
    refused(game, "pass player=Ben", "Passing", "Ann's turn")
    play(game, "Ann", "RIDEXXQQZZ", "RIDE")
    assert str(game.pool) == "QQXXZZ" and game.hands["Ann"] == 3 and game.turn == "Ben"
    play(game, "Ben", "ABC")
    assert game.turn == "Cat" and str(game.pool) == "ABCQQXXZZ"


def test_progress_of_play_the_hand_shown_must_be_the_hand_held(referee: Referee) -> None:
    game = new_game(referee)
    refused(game, "play player=Ann hand=RIDE words=RIDE", "Progress of Play", "holds 10 letters")


def test_progress_of_play_letters_come_from_hand_and_pool(referee: Referee) -> None:
    game = new_game(referee)
    play(game, "Ann", "RIDEGXXXXX", "RIDE")  # G, X... go to the pool
    refused(game, Event("play", {"player": "Ben", "hand": "ABC", "words": ["GLIDER<Ann:RIDE"]}),
            "Progress of Play", "not in hand or pool: L")  # fmt: skip
    play(game, "Ben", "LBC", "GLIDER<Ann:RIDE")  # L from the hand, G from the pool


def test_length_of_words_four_letters_at_least(referee: Referee) -> None:
    game = new_game(referee)
    refused(game, "play player=Ann hand=CATXXXXXXX words=CAT", "Length of Words", "4 or more")


def test_permissible_words_only_the_dictionarys(referee: Referee) -> None:
    game = new_game(referee)
    refused(game, "play player=Ann hand=GLIDRXXXXX words=GLIDR", "Permissible and debarred words", "not in")


def test_passing_three_more_never_twice_running_and_six_must_play(referee: Referee) -> None:
    game = new_game(referee)
    play(game, "Ann", "RIDEXXXXXX", "RIDE")
    game.push(Event.from_text("pass player=Ben"))
    assert game.hands["Ben"] == 6
    play(game, "Ann", "ABC")
    refused(game, "pass player=Ben", "Passing", "twice running")
    play(game, "Ben", "ABCDEF")
    game.push(Event.from_text("pass player=Ann"))
    play(game, "Ben", "XYZ")
    refused(game, "pass player=Ann", "Passing")  # six in hand: must play


def test_capture_every_letter_used_and_lengthened(referee: Referee) -> None:
    game = new_game(referee)
    play(game, "Ann", "RIDEXXXXXX", "RIDE")
    refused(game, Event("play", {"player": "Ben", "hand": "TLS", "words": ["TILES<Ann:RIDE"]}),
            "Capture of Words", "every letter of RIDE")  # fmt: skip
    play(game, "Ben", "GLQ", "GLIDER<Ann:RIDE")
    assert [h.word for h in game.words["Ben"]] == ["glider"] and not game.words["Ann"]
    assert awards(game)[-1] == ("Ben", 5, "green star")


@pytest.mark.parametrize(
    ("old", "new", "hand"),
    [("TRACTOR", "EXTRACTOR", "EXQ"), ("TRACTOR", "DETRACTOR", "DEQ"), ("WIND", "WINDS", "SQQ")],
)
def test_capture_needs_a_different_derivation(referee: Referee, old: str, new: str, hand: str) -> None:
    """ "TRACTOR ... may not be captured in any such form as EX-tractor, DE-tractor"; "Wind" by "Winds"."""
    game = new_game(referee)
    play(game, "Ann", old + "QQQQQQQQQQ"[: 10 - len(old)], old)
    refused(game, Event("play", {"player": "Ben", "hand": hand, "words": [f"{new}<Ann:{old}"]}),
            "Capture of Words", "capture refused")  # fmt: skip


def test_stars_rise_with_each_capture_of_a_word(referee: Referee) -> None:
    """1st capture green 5, 2nd red 10, 3rd blue 25, 4th silver 50, 5th gold 100."""
    game = new_game(referee)
    play(game, "Ann", "RIDEQQQQQQ", "RIDE")
    chain = ["RIDE", "AIDER", "ABIDER", "ABRIDGE", "BEARDING", "BADGERING"]
    players = ["Ben", "Ann"]
    for i, (old, new) in enumerate(itertools.pairwise(chain)):
        player, owner = players[i % 2], players[(i + 1) % 2]
        added = str(Letters(new.lower()) - Letters(old.lower()))
        play(game, player, (added + "QQQ")[: game.hands[player]], f"{new}<{owner}:{old}")
    stars = [(a.points, a.what.split(":")[0]) for a in game.ledger[1:]]
    assert stars == [(5, "green star"), (10, "red star"), (25, "blue star"), (50, "silver star"), (100, "gold star")]


def test_original_words_earn_a_green_counter_each(referee: Referee) -> None:
    game = new_game(referee)
    play(game, "Ann", "RIDETEASEQ", "RIDE", "TEASE")
    assert awards(game) == [("Ann", 5, "green counter"), ("Ann", 5, "green counter")]


@pytest.mark.parametrize(("added", "points"), [(1, 5), (2, 5), (3, 10), (4, 25), (7, 25)])
def test_lengthening_counters(added: int, points: int) -> None:
    assert lengthening_counter(added)[1] == points


def test_defensive_play_own_words_are_free_of_the_capture_rules(referee: Referee) -> None:
    game = new_game(referee)
    play(game, "Ann", "WINDQQQQQQ", "WIND")
    play(game, "Ben", "QQQ")
    play(game, "Ann", "SQQ", "WINDS<Ann:WIND")  # the plural: refused as a capture, fine as defence
    assert [h.word for h in game.words["Ann"]] == ["winds"]
    assert awards(game)[-1] == ("Ann", 5, "green counter")  # one letter added


def test_defensive_play_counts_letters_added_to_one_word_in_one_turn(referee: Referee) -> None:
    game = new_game(referee)
    play(game, "Ann", "TEASEQQQQQ", "TEASE")
    play(game, "Ben", "QQQ")
    play(game, "Ann", "RSQ", "TEASER<Ann:TEASE", "TEASERS<Ann:TEASER")  # +R then +S: 2 letters, 1 counter
    assert awards(game)[1:] == [("Ann", 5, "green counter")]
    assert [h.word for h in game.words["Ann"]] == ["teasers"]


def test_defensive_play_must_use_every_letter(referee: Referee) -> None:
    game = new_game(referee)
    play(game, "Ann", "TEASEQQQQQ", "TEASE")
    play(game, "Ben", "QQQ")
    refused(game, Event("play", {"player": "Ann", "hand": "RQQ", "words": ["RATES<Ann:TEASE"]}), "Capture of Words")


@pytest.mark.parametrize(
    ("words", "added", "new", "legal"),
    [
        (("FLING", "ADORE"), "S", "DRAGONFLIES", True),
        (("DRAGON", "LIFE"), "S", "DRAGONFLIES", False),
        (("GRAPH", "DINE"), "S", "HEADSPRING", True),
        (("HEAD", "GRIPS"), "N", "HEADSPRING", False),
    ],
)
def test_double_captures(referee: Referee, words: tuple[str, str], added: str, new: str, legal: bool) -> None:
    """The text's examples: "provided the new word does not retain either of the original words
    in its entirety"; 50 points and a purple counter."""
    game = new_game(referee)
    play(game, "Ann", (words[0] + words[1] + "QQ")[:10], *words)
    move = Event("play", {"player": "Ben", "hand": added + "QQ", "words": [f"{new}<Ann:{words[0]}+Ann:{words[1]}"]})
    if legal:
        game.push(move)
        assert [h.word for h in game.words["Ben"]] == [new.lower()] and not game.words["Ann"]
        assert awards(game)[-1] == ("Ben", 50, "purple counter")
    else:
        refused(game, move, "Double Captures", "retains")


def test_double_capture_regardless_of_ownership_and_without_added_letters(referee: Referee) -> None:
    game = new_game(referee, ["Ann", "Ben", "Cat"])
    play(game, "Ann", "RATEQQQQQQ", "RATE")
    game.push(Event.from_text("pass player=Ben"))
    play(game, "Cat", "QQQ")
    play(game, "Ann", "QQQ")
    play(game, "Ben", "LIONQQ", "LION", "RELATION<Ann:RATE+Ben:LION")  # his own word and Ann's
    assert [h.word for h in game.words["Ben"]] == ["relation"]


def test_individual_envelopes_stars_stay_with_their_earner_by_default(referee: Referee) -> None:
    def game_with(option: str) -> DictionaryPlease:
        game = new_game(referee, stars_stay_with=option)
        play(game, "Ann", "RIDEQQQQQQ", "RIDE")
        play(game, "Ben", "GLQ", "GLIDER<Ann:RIDE")  # Ben: green star 5 in front of GLIDER
        play(game, "Ann", "SQQ", "GIRDLES<Ben:GLIDER")  # Ann: red star 10
        return game

    earner = game_with("earner")
    assert (earner.earned("Ann"), earner.earned("Ben")) == (15, 5)
    word = game_with("word")
    assert (word.earned("Ann"), word.earned("Ben")) == (20, 0)  # Ben's star went with the word


def test_constitution_of_a_turn_a_word_without_hand_letters_is_a_turn(referee: Referee) -> None:
    game = new_game(referee)
    play(game, "Ann", "QQQQQQRIDE")  # no word: every letter to the pool
    play(game, "Ben", "XYZ", "RIDE")  # from the pool alone: still his turn, and his hand is discarded
    assert str(game.pool) == "QQQQQQXYZ" and game.hands["Ben"] == 3 and game.turn == "Ann"
    assert awards(game) == [("Ben", 5, "green counter")]


def test_ending_a_agreed_number_of_words_held_for_a_round(referee: Referee) -> None:
    game = new_game(referee, ending="words", words_to_end=2)
    play(game, "Ann", "RIDETEASEQ", "RIDE", "TEASE")
    assert not game.over
    play(game, "Ben", "QQQ")
    assert game.over and game.ended == "words" and game.bonus == {"Ann": 25, "Ben": 0}
    assert game.outcome is not None and "Ann held 2 words through a round, +25" in game.outcome  # said, not folded


def test_ending_a_is_broken_by_a_capture(referee: Referee) -> None:
    game = new_game(referee, ending="words", words_to_end=2)
    play(game, "Ann", "RIDETEASEQ", "RIDE", "TEASE")
    play(game, "Ben", "GLQ", "GLIDER<Ann:RIDE")
    assert not game.over


def test_ending_b_time_limit_final_round_from_the_first_player(referee: Referee) -> None:
    game = new_game(referee, ["Ann", "Ben", "Cat"], ending="time")
    play(game, "Ann", "RIDEQQQQQQ", "RIDE")
    refused(game, "final-round", "Duration of Game", "starts with Ann")
    play(game, "Ben", "QQQ")
    play(game, "Cat", "QQQ")
    game.push(Event.from_text("final-round"))
    assert game.hands == {"Ann": 6, "Ben": 6, "Cat": 6}
    play(game, "Ann", "TEASEQ", "TEASE")
    play(game, "Ben", "QQQQQQ")
    assert not game.over
    play(game, "Cat", "QQQQQQ")
    assert game.over and game.bonus == {"Ann": 25, "Ben": 0, "Cat": 0}  # most words


def test_ending_c_tiles_a_round_ending_with_the_drawer_of_the_last_tile(referee: Referee) -> None:
    game = new_game(referee, ["Ann", "Ben", "Cat"], tiles="dictionary-please")
    bag = iter(str(DICTIONARY_PLEASE))  # every hand shown is letters of the one set, none made into words

    def lay_down(player: str) -> None:
        hand = "".join(next(bag) for _ in range(game.hands[player]))
        game.push(Event("play", {"player": player, "hand": hand, "words": []}))

    while game.final_round_left is None:
        lay_down(str(game.turn))
    drawer = game.players[(game.players.index(game.turn) - 1) % 3]
    assert game.bag_count == 0
    for _ in range(2):
        lay_down(str(game.turn))
        assert not game.over
    assert game.turn == drawer
    lay_down(drawer)
    assert game.over and game.ended == "tiles"
    assert game.bonus == {"Ann": 25, "Ben": 25, "Cat": 25}  # all tied on no words: each scores 25
    assert game.outcome is not None and game.outcome.startswith("the game is over: Ann, Ben and Cat hold the most")


def test_ending_c_with_camera_tiles(referee: Referee) -> None:
    game = new_game(referee, ["Ann", "Ben"])
    play(game, "Ann", "RIDEQQQQQQ", "RIDE")
    refused(game, "last-tile player=Ben", "Duration of Game", "right after Ben")
    game.push(Event.from_text("last-tile player=Ann"))
    play(game, "Ben", "QQQ")
    assert not game.over
    play(game, "Ann", "QQQ")
    assert game.over and game.bonus == {"Ann": 25, "Ben": 0}


@pytest.mark.parametrize(
    ("length", "points"), [(4, 5), (5, 5), (6, 10), (7, 10), (8, 15), (9, 15), (10, 25), (11, 25), (12, 50), (15, 50)]
)
def test_end_of_game_points_for_length(length: int, points: int) -> None:
    assert length_points(length) == points


def test_end_of_game_scoring_number_and_length(referee: Referee) -> None:
    game = new_game(referee, ending="words", words_to_end=2)
    play(game, "Ann", "TRACTORDIE", "TRACTOR")
    play(game, "Ben", "QQQ")
    play(game, "Ann", "RQQ", "RIDE")
    play(game, "Ben", "QQQ")
    assert game.over
    ann = game.standings()[0]
    # counters 5 + 5; 2 words x 5; TRACTOR 10 + RIDE 5; bonus 25
    assert (ann.player, ann.score) == ("Ann", 10 + 10 + 15 + 25)


def test_alternative_method_five_or_ten_points_a_letter(referee: Referee) -> None:
    game = new_game(referee, scoring="letters")
    play(game, "Ann", "TRACTORIDE", "TRACTOR")
    play(game, "Ben", "QQQ")
    play(game, "Ann", "SQQ", "TRACTORS<Ann:TRACTOR")
    assert game.standings()[0].score == 8 * 10  # a word of 8 letters: 10 a letter
    game.pop()
    assert game.standings()[0].score == 7 * 5


def test_without_scoring(referee: Referee) -> None:
    game = new_game(referee, scoring="none")
    play(game, "Ann", "TRACTORIDE", "TRACTOR")
    assert [s.score for s in game.standings()] == [0, 0]


def test_partners_play_as_one_unit(referee: Referee) -> None:
    game = new_game(referee, ["Ann & Ben", "Cat"])
    play(game, "Ann & Ben", "RIDEQQQQQQ", "RIDE")
    play(game, "Cat", "GLQ", "GLIDER<Ann & Ben:RIDE")
    assert [h.word for h in game.words["Cat"]] == ["glider"]


def test_ending_c_camera_a_short_hand_asks_whether_the_bag_is_empty(referee: Referee) -> None:
    """(c) with camera tiles: Ben's last draw gave one letter, not three. When his one-letter hand
    is seen, the table asks, and records the last tile with his play; the round ends with him."""
    setup = Event("game", {"game": "dictionary-please", "players": ["Ann", "Ben"], "tiles": "camera"})
    session = Session.start(EventStore(":memory:"), referee, setup)
    for text in ["first-draw player=Ann letter=A", "first-draw player=Ben letter=B",
                 "play player=Ann hand=RIDEAMSQQQ words=RIDE", "play player=Ben hand=TEX words=MATE",
                 "play player=Ann hand=QQQ"]:  # fmt: skip
        session.record(Event.from_text(text))
    # Ben lays MATES from his one letter S: the pool is unchanged.
    pool = str(session.game.pool).upper()
    assert session.observe(Seen(pool=pool, words=(("Ann", "RIDE"), ("Ben", "MATES")))) == []
    question = session.question
    assert question is not None and "last 1 tile" in question.text, question
    assert [e.to_text() for e in session.answer(0)] == [
        "last-tile player=Ben drew=1 by=camera", "play player=Ben hand=S words=MATES<Ben:MATE by=camera"]  # fmt: skip
    assert session.game.over and session.game.ended == "tiles"
