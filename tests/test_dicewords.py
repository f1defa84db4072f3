"""DICEWORDS (shared/rules/dicewords.txt): dice, scoring, turns, target, solver and advisor."""

from __future__ import annotations

import itertools
from pathlib import Path

import numpy as np
import pytest

from companion.games.base import RuleError
from companion.games.dicewords import Dicewords, play_score
from companion.games.dicewords_solver import DiceSolver, spellable_at_all
from companion.records import Event
from companion.sets.dice import DICE, VALUES, LetterValues, RollError, parse_roll, read_roll
from companion.words.dictionary import Dictionary
from companion.words.solver import Referee
from tests.baselines import reroll_expectation, scan_best
from tests.helpers import push, wordtable_json

# The worked example's first roll E L E P H N T E V, in die order. The text fixes the gold die
# (E, rerolled to I), the blue die (V, rerolled to S) and, by elimination, black T and purple L.
EXAMPLE_ROLL = "EEHELVNTP"  # gold E, indigo E, red-orange H, red E, purple L, blue V, brown N, black T, green P
EXAMPLE_REROLL = "IEHELSNTP"  # "So let's say you reroll the gold and blue dice: E L E P H N T S I"


@pytest.fixture(scope="module")
def solver(standard: Dictionary, shared_cache: Path) -> DiceSolver:
    return DiceSolver(standard, cache=shared_cache)


def test_the_dice_table() -> None:
    assert [d.colour for d in DICE] == [
        "gold",
        "indigo",
        "red-orange",
        "red",
        "purple",
        "blue",
        "brown",
        "black",
        "green",
    ]
    assert [d.mark for d in DICE] == list("?yjkqvwxz")  # "? , Y , J , K , Q , V , W , X , Z"
    assert all(len(set(d.faces)) == 6 for d in DICE)
    assert parse_roll("?yjkqvwxz") == tuple("?yjkqvwxz")
    # The text writes its roll in reading order: the letters go on the dice that can show them.
    with pytest.raises(RollError, match="the indigo die has no L"):
        parse_roll("ELEPHNTEV")  # the camera's read is in die order
    assert "".join(read_roll("E L E P H N T E V")).upper() == EXAMPLE_ROLL  # as a person writes it
    with pytest.raises(RollError, match="no other order fits"):
        read_roll("ZZZZZZZZZ")
    with pytest.raises(RollError, match=r"9 faces in die order"):
        parse_roll("EEH")


@pytest.mark.parametrize(
    ("word", "score"),
    [("squeezing", 225), ("computer", 112), ("elephants", 108), ("plinths", 70), ("rules", 25), ("elephant", 88)],
)
def test_scoring_word_value_times_length(word: str, score: int) -> None:
    """ "we MULTIPLY THE WORD VALUE BY THE NUMBER OF LETTERS IN THE WORD"."""
    assert VALUES.score(word) == score


def test_letter_values_known_derived_assumed_and_entered() -> None:
    assert VALUES.source("r") == "the rule text" and VALUES.source("q").startswith("derived in part")
    assert VALUES.source("b") == "assumed"
    mine = LetterValues({"b": 4, "Z": 8})
    assert mine["b"] == 4 and mine.source("b") == "entered by the players"
    with pytest.raises(RollError):
        LetterValues({"b": -1})


def test_worked_example(solver: DiceSolver) -> None:
    faces = parse_roll(EXAMPLE_ROLL)
    assert play_score("elephant", faces, VALUES) is None  # "just needing an A"
    assert DICE[0].has("a")  # "the gold die contains all the vowels"
    assert DICE[5].has("s")  # "rolling the blue die could produce an S ... ELEPHANTS"
    assert VALUES.score("elephant") == 88 and VALUES.score("elephants") == 108
    assert not spellable_at_all("telephone")  # "no letter in TELEPHONE appears on the blue die"
    assert not any(DICE[5].has(c) for c in "telephone")
    rerolled = parse_roll(EXAMPLE_REROLL)
    assert [i for i, (a, b) in enumerate(zip(faces, rerolled, strict=True)) if a != b] == [0, 5]  # gold, blue
    assert play_score("plinths", rerolled, VALUES) == (70, None)  # "PLINTHS is available for 10 x 7 = 70"
    wild = parse_roll("?" + EXAMPLE_REROLL[1:])  # the gold die's wild face as the A
    assert play_score("elephants", wild, VALUES) == (81, "a")  # "a score of 9 x 9 = 81"
    best = solver.best(EXAMPLE_REROLL)[0]
    assert best.score >= 70


def game(referee: Referee, **options: object) -> Dicewords:
    return Dicewords.new(referee, ["Ann", "Ben"], **options)


def test_turns_up_to_three_rolls_and_one_word(referee: Referee) -> None:
    g = game(referee)
    with pytest.raises(RuleError, match="Ann's turn"):
        push(g, "roll player=Ben dice=EEHELVNTP")
    push(g, "roll player=Ann dice=EEHELVNTP", "reroll player=Ann dice=IEHELSNTP", "reroll player=Ann dice=IEHELSNTP")
    with pytest.raises(RuleError, match="three times"):
        push(g, "reroll player=Ann dice=IEHELSNTP")
    push(g, "declare player=Ann word=PLINTHS")
    assert g.totals == {"Ann": 70, "Ben": 0} and g.turn == "Ben"


def test_kept_dice_must_keep_their_faces(referee: Referee) -> None:
    g = game(referee)
    push(g, "roll player=Ann dice=EEHELVNTP")
    with pytest.raises(RuleError, match="the indigo die was kept"):
        g.push(Event("reroll", {"player": "Ann", "dice": "IAHELSNTP", "rerolled": ["gold", "blue"]}))
    g.push(Event("reroll", {"player": "Ann", "dice": "IEHELSNTP", "rerolled": ["gold", "blue"]}))


def test_words_three_letters_spelled_from_the_dice_showing(referee: Referee) -> None:
    g = game(referee)
    push(g, "roll player=Ann dice=EEHELVNTP")
    with pytest.raises(RuleError, match="too short"):
        push(g, "declare player=Ann word=HE")
    with pytest.raises(RuleError, match="cannot spell ELEPHANT"):  # destroyed or never there
        push(g, "declare player=Ann word=ELEPHANT")
    push(g, "declare player=Ann word=-")  # no word: the turn scores nothing
    assert g.totals["Ann"] == 0 and g.turn == "Ben"


def test_the_wild_is_any_letter_at_minus_two(referee: Referee) -> None:
    g = game(referee)
    push(g, "roll player=Ann dice=?EHELSNTP", "declare player=Ann word=ELEPHANTS")
    assert g.totals["Ann"] == 81 and g.turns["Ann"][0]["wild"] == "a"


def test_a_successfully_refuted_word_scores_nothing(referee: Referee) -> None:
    g = game(referee)
    push(g, "roll player=Ann dice=EEHELVNTP", "declare player=Ann word=HEELTEN")  # spellable, not a word
    assert g.totals["Ann"] == VALUES.score("heelten")
    push(g, "challenge player=Ben")
    assert g.totals["Ann"] == 0 and g.turns["Ann"][0]["refuted"]
    push(g, "roll player=Ben dice=EEHELVNTP", "declare player=Ben word=ELEVEN", "challenge player=Ann")
    assert g.totals["Ben"] == VALUES.score("eleven")  # a real word survives the challenge


def test_a_challenge_that_names_its_word_names_the_last_one(referee: Referee) -> None:
    """The table's challenge names the word ("Ben challenged HEELTEN"); a challenge of another word
    than the last one declared is refused and changes nothing."""
    g = game(referee)
    push(g, "roll player=Ann dice=EEHELVNTP", "declare player=Ann word=HEELTEN")
    with pytest.raises(RuleError, match="open to challenge is HEELTEN, not ELEVEN"):
        push(g, "challenge player=Ben word=ELEVEN")
    assert g.totals["Ann"] == VALUES.score("heelten")
    push(g, "challenge player=Ben word=heelten")
    assert g.totals["Ann"] == 0


def test_target_with_the_final_round_completed(referee: Referee) -> None:
    g = game(referee, target=90)
    push(g, "roll player=Ann dice=EEHELVNTP", "declare player=Ann word=ELEVENTH")  # 80
    push(g, "roll player=Ben dice=EEHELVNTP", "declare player=Ben word=ELEVEN")  # 42
    push(g, "roll player=Ann dice=EEHELVNTP", "declare player=Ann word=THE")  # 80 + 12 >= 90
    assert not g.over  # "the final round should be completed"
    push(g, "roll player=Ben dice=EEHELVNTP", "declare player=Ben word=ELEVENTH")
    assert g.over and [s.player for s in g.standings()] == ["Ben", "Ann"]  # Ben wins on his last turn
    # the target is the game's, said once, not a detail of each player's standing
    assert g.state()["terms"] == {"target": 90} and all("target" not in s.details for s in g.standings())


def test_best_agrees_with_a_brute_force_scan(solver: DiceSolver) -> None:
    for roll in [EXAMPLE_ROLL, EXAMPLE_REROLL, "?EHELSNTP", "UYRKQVWXZ", "?AJDSFBCG"]:
        assert solver.best(roll)[0].score == max(scan_best(solver.words, roll), 0), roll


def test_best_table_agrees_with_best(solver: DiceSolver) -> None:
    best, _ = solver.tables()
    rng = np.random.default_rng(5)
    for _ in range(40):
        state = rng.integers(0, 6, size=9)
        roll = "".join(DICE[d].faces[f] for d, f in enumerate(state))
        assert best[tuple(state)] == max(solver.best(roll)[0].score, 0), roll


def test_advice_with_one_reroll_is_exact(solver: DiceSolver) -> None:
    advice = solver.advise(EXAMPLE_ROLL, rolls_left=1, alternatives=511)
    by_keep = {advice.keep: advice.expected, **dict(advice.alternatives)}
    for keep in [{1, 2, 3, 4, 6, 7, 8}, {2, 3, 4, 6, 7}, {0, 1, 2, 3, 4, 5, 6}]:
        colours = tuple(DICE[d].colour for d in sorted(keep))
        assert by_keep[colours] == pytest.approx(reroll_expectation(solver, EXAMPLE_ROLL, keep), abs=1e-9)
    assert advice.expected == max(by_keep.values())


def test_advice_with_two_rerolls_is_exact(solver: DiceSolver) -> None:
    """Check one keep set by hand: mean over the rerolled dice's faces of the best one-reroll plan."""
    best, _ = solver.tables()
    advice = solver.advise(EXAMPLE_ROLL, rolls_left=2, alternatives=511)
    keep = tuple(range(7))  # reroll black and green
    faces = [DICE[d].faces.index(f) for d, f in enumerate(parse_roll(EXAMPLE_ROLL))]
    values = []
    for black, green in itertools.product(range(6), range(6)):
        state = [*faces[:7], black, green]
        plans = []
        for kept in itertools.product((False, True), repeat=9):
            index = tuple(state[d] if k else slice(None) for d, k in enumerate(kept))
            plans.append(best[index].mean(dtype=np.float64))
        values.append(max(plans))
    colours = tuple(DICE[d].colour for d in keep)
    by_keep = {advice.keep: advice.expected, **dict(advice.alternatives)}
    assert by_keep[colours] == pytest.approx(float(np.mean(values)), abs=0.01)  # stored in hundredths
    assert advice.expected >= solver.advise(EXAMPLE_ROLL, rolls_left=1).expected


def test_impossible_targets_are_recognised() -> None:
    assert not spellable_at_all("telephone")
    assert not spellable_at_all("xxx")  # one X (black) and one wild at most
    assert not spellable_at_all("bookkeeper")  # ten letters, nine dice
    assert spellable_at_all("squeezing") and spellable_at_all("computer") and spellable_at_all("jukebox")


def run(*args: str) -> dict:
    return wordtable_json("dicewords", *args, timeout=300)


@pytest.mark.parametrize(
    ("word", "score"), [("squeezing", 225), ("computer", 112), ("elephants", 108), ("plinths", 70), ("rules", 25)]
)
def test_cli_score(word: str, score: int) -> None:
    answer = run("score", word)
    assert (answer["score"], answer["length"]) == (score, len(word))
    assert answer["value"] * answer["length"] == score


def test_cli_best_and_advise() -> None:
    answer = run("best", "?EHELSNTP", "--dictionary", "standard")
    assert (answer["word"], answer["score"], answer["wild"]) == ("ELEPHANTS", 81, "a")
    assert answer["wild_helps"] is True
    advice = run("advise", EXAMPLE_ROLL, "--rolls-left", "1", "--dictionary", "standard")
    assert isinstance(advice["keep"], list) and advice["expected"] > 0


def test_a_refuted_word_that_ended_the_game_lets_it_go_on(referee: Referee) -> None:
    """The last player's word takes him past the target, which ends the round and the game; it is
    then refuted and "scores nothing": nobody has reached the target, so play goes on."""
    g = game(referee, target=40)
    assert VALUES.score("heelten") >= 40
    push(g, "roll player=Ann dice=EEHELVNTP", "declare player=Ann word=-")
    push(g, "roll player=Ben dice=EEHELVNTP", "declare player=Ben word=HEELTEN")
    assert g.over
    push(g, "challenge player=Ann word=HEELTEN")
    assert not g.over and g.turn == "Ann" and g.totals == {"Ann": 0, "Ben": 0}
    push(g, "roll player=Ann dice=EEHELVNTP", "declare player=Ann word=ELEVENTH")  # 80: the final round
    assert not g.over


def test_the_table_names_who_rolls_and_nobody_once_it_is_over(referee: Referee) -> None:
    """Before the first roll the dice show nothing (no "last roll" to speak of); once the game is
    over nobody is to roll and there is no final round left to play."""
    from companion.table.games.dicewords import DicewordsTable

    g = game(referee, target=40)
    part = DicewordsTable(g)
    assert part.read()["turn"] == "Ann" and part.read()["shown"] is False
    push(g, "roll player=Ann dice=EEHELVNTP", "declare player=Ann word=ELEVENTH")
    assert part.read()["shown"] is True and part.read()["final_round"] is True
    push(g, "roll player=Ben dice=EEHELVNTP", "declare player=Ben word=-")
    assert g.over and part.read()["turn"] is None and part.read()["final_round"] is False
