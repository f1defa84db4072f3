"""Claims on a table (pool, steal, capture, double capture) and `find`."""

from __future__ import annotations

import random

import pytest

from companion.games.registry import word_rules
from companion.words.dictionary import Dictionary
from companion.words.letters import Letters
from companion.words.solver import Referee
from companion.words.stems import StemJudge, Verdict, default_links, judge
from tests.baselines import counter_find

NOT_SCRABBLE = word_rules("not-scrabble")
DICTIONARY_PLEASE = word_rules("dictionary-please")


@pytest.mark.parametrize(
    ("sources", "new", "pool", "rules", "legal", "rule"),
    [
        # Not Scrabble rule 09: RIDE + L + G -> GLIDER.
        (["ride"], "glider", "lg", NOT_SCRABBLE, True, "ok"),
        # Rule 12: TEASE + R -> TEASER refused (same stem), EATERS allowed.
        (["tease"], "teaser", "r", NOT_SCRABBLE, False, "stem"),
        (["tease"], "eaters", "r", NOT_SCRABBLE, True, "ok"),
        # Dictionary, Please!: TRACTOR may not be captured as EX-TRACTOR.
        (["tractor"], "extractor", "ex", NOT_SCRABBLE, False, "stem"),
        (["tractor"], "detractor", "de", DICTIONARY_PLEASE, False, "stem"),
        # "Wind" may not be taken by "Winds".
        (["wind"], "winds", "s", DICTIONARY_PLEASE, False, "stem"),
        # Rule 10: no steal by rearrangement alone.
        (["act"], "cat", "", NOT_SCRABBLE, False, "nothing-added"),
        # Letters must really be in the pool.
        (["ride"], "glider", "l", NOT_SCRABBLE, False, "pool"),
        # Every letter of the stolen word must be used.
        (["ride"], "tiles", "tles", NOT_SCRABBLE, False, "letters"),
        # Rule 16: fewer than three letters is disallowed; Dictionary, Please! needs four.
        ([], "ox", "ox", NOT_SCRABBLE, False, "word"),
        ([], "cat", "cat", DICTIONARY_PLEASE, False, "word"),
        ([], "cat", "tac", NOT_SCRABBLE, True, "ok"),
        ([], "glidr", "glidr", NOT_SCRABBLE, False, "word"),
        # Double captures: allowed and not allowed examples of the text.
        (["fling", "adore"], "dragonflies", "s", DICTIONARY_PLEASE, True, "ok"),
        (["dragon", "life"], "dragonflies", "s", DICTIONARY_PLEASE, False, "retains"),
        (["graph", "dine"], "headspring", "s", DICTIONARY_PLEASE, True, "ok"),
        (["head", "grips"], "headspring", "n", DICTIONARY_PLEASE, False, "retains"),
        # Not Scrabble steals one word at a time.
        (["fling", "adore"], "dragonflies", "s", NOT_SCRABBLE, False, "no-steals"),
        # DICEWORDS has no steals at all.
        (["ride"], "rider", "r", word_rules("dicewords"), False, "no-steals"),
        # Lexicon rule (c): insert cards without disturbing the order; MOTHER -> SMOTHERED.
        (["mother"], "smothered", "sed", word_rules("lexicon"), True, "ok"),
        (["far"], "fairy", "iy", word_rules("lexicon"), True, "ok"),
        (["ride"], "dried", "d", word_rules("lexicon"), False, "order"),
    ],
)
def test_take_examples(
    referee: Referee, sources: list[str], new: str, pool: str, rules, legal: bool, rule: str
) -> None:
    check = referee.check_take(sources, new, Letters(pool), rules)
    assert (check.legal, check.rule) == (legal, rule), check.reason


def test_added_letters_are_reported(referee: Referee) -> None:
    check = referee.check_take(["ride"], "glider", Letters("lgx"), NOT_SCRABBLE)
    assert check.added == Letters("gl")
    assert "GLIDER is RIDE + GL: different stem" in check.reason


def test_double_capture_may_add_nothing(referee: Referee) -> None:
    # "with or without the addition of letters"
    check = referee.check_take(["rate", "lion"], "relation", Letters(""), DICTIONARY_PLEASE)
    assert check.legal and check.added == Letters(""), check.reason
    check = referee.check_take(["rate", "lion"], "relations", Letters(""), DICTIONARY_PLEASE)
    assert (check.legal, check.rule) == (False, "pool")


def test_find_agrees_with_brute_force(standard: Dictionary) -> None:
    """On a 20,000-word list, every new word and steal that a Counter scan finds, and no more."""
    rng = random.Random(7)
    words = sorted(standard)
    small = Dictionary([*rng.sample(words, 20_000), "ride", "tease", "glider", "eaters", "teaser", "lied"])
    referee = Referee(small, StemJudge(default_links(), is_word=small.__contains__))
    pool, table = "lgrsea", ["ride", "tease", "lied"]
    result = referee.find(Letters(pool), table, NOT_SCRABBLE)
    expected_new, steals = counter_find(small, referee.judge, pool, table, NOT_SCRABBLE)
    expected_steals = {(new, (old,)) for new, old in steals}
    assert sorted(result.new) == expected_new
    assert sorted((s.new, s.sources) for s in result.steals) == sorted(expected_steals)
    assert ("glider", ("ride",)) in expected_steals and ("eaters", ("tease",)) in expected_steals
    assert ("teaser", ("tease",)) not in expected_steals


def test_every_found_steal_is_legal(referee: Referee) -> None:
    pool = Letters("lgrsexeoni")
    result = referee.find(pool, ["ride", "tease", "tractor", "wind"], NOT_SCRABBLE)
    assert result.new and result.steals
    for take in result.steals[::25]:
        check = referee.check_take(list(take.sources), take.new, pool, NOT_SCRABBLE)
        assert check.legal, check.reason
    found = {(s.sources[0], s.new) for s in result.steals}
    assert ("ride", "glider") in found and ("tease", "eaters") in found
    assert ("tease", "teaser") not in found and ("wind", "winds") not in found
    assert ("tractor", "extractor") not in found


def test_find_double_captures(referee: Referee) -> None:
    result = referee.find(Letters("s"), ["fling", "adore", "dragon", "life"], DICTIONARY_PLEASE)
    doubles = {(s.sources, s.new) for s in result.steals if len(s.sources) == 2}
    assert (("fling", "adore"), "dragonflies") in doubles
    assert (("dragon", "life"), "dragonflies") not in doubles
    assert all(len(s.new) >= 4 for s in result.steals)


def test_find_without_steals_in_dicewords(referee: Referee) -> None:
    result = referee.find(Letters("elephnte"), ["ride"], word_rules("dicewords"))
    assert "elephant" not in result.new  # no A among the dice
    assert "thee" in result.new and result.steals == []


def test_the_judge_of_a_game_list_makes_no_shapes_of_its_rare_short_words(referee: Referee) -> None:
    """The list's ET and ER are words to a Scrabble player, not parts of PLANET and POWER: the
    referee's judge rules as the judge the figures are measured on (``default_judge``)."""
    for old, new in [("plan", "planet"), ("pow", "power"), ("keep", "housekeeper"), ("book", "bookcase")]:
        assert referee.judge.judge(old, new).verdict is judge(old, new).verdict, (old, new)
    assert referee.judge.judge("plan", "planet").verdict is Verdict.DIFFERENT
    assert referee.judge.judge("keep", "housekeeper").verdict is Verdict.SAME
