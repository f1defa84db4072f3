"""Each game's minimum word length, from its rule text."""

from __future__ import annotations

import pytest

from companion.words.rules import GAMES, TakeKind, UnknownGameError, word_rules


@pytest.mark.parametrize(
    ("game", "variant", "minimum"),
    [
        ("not-scrabble", None, 3),  # rule 04: "a word of three or more letters"
        ("dictionary-please", None, 4),  # "No words of fewer than 4 letters are allowable"
        ("dicewords", None, 3),  # "The minimum allowable word length is 3 letters"
        ("lexicon", None, 2),  # no minimum in the 1935 rules; MEN, HAT, TOE in the examples
        ("lexicon", "solitaire", 4),  # "Make words of four or more letters"
        ("lexicon", "wide-open", 1),  # "words of any number of letters"
    ],
)
def test_minimum_lengths(game: str, variant: str | None, minimum: int) -> None:
    assert word_rules(game, variant).min_length == minimum


def test_who_takes_words_how() -> None:
    assert word_rules("not-scrabble").take is TakeKind.STEAL
    assert word_rules("dictionary-please").double_capture
    assert not word_rules("not-scrabble").double_capture
    assert word_rules("dicewords").take is TakeKind.NONE
    assert word_rules("lexicon").take is TakeKind.INSERT  # rule (c): insert without disturbing order


def test_the_cli_names_are_the_games() -> None:
    assert set(GAMES) == {"not-scrabble", "dictionary-please", "dicewords", "lexicon", "anagrams"}


def test_unknown_names_are_refused() -> None:
    with pytest.raises(UnknownGameError, match="unknown game 'scrabble'"):
        word_rules("scrabble")
    with pytest.raises(UnknownGameError, match="no variant 'speed'"):
        word_rules("lexicon", "speed")
