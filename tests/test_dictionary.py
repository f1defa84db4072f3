"""The vendored SCOWL lists, players' own lists and house rules, and each game's word check."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.games.registry import word_rules
from companion.words.dictionary import Dictionary, DictionaryError


def test_sizes(standard: Dictionary, large: Dictionary) -> None:
    assert 100_000 < len(standard) < 130_000
    assert 230_000 < len(large) < 270_000
    assert set(standard) < set(large)


def test_large_covers_tournament_words(standard: Dictionary, large: Dictionary) -> None:
    for word in ("qi", "za", "zyzzyva", "qat"):
        assert word in large
    assert "za" not in standard and "zyzzyva" not in standard


def test_only_lowercase_a_to_z(large: Dictionary) -> None:
    pattern = re.compile(r"[a-z]+")
    assert all(pattern.fullmatch(w) for w in large)


def test_no_proper_nouns_abbreviations_or_contractions(large: Dictionary) -> None:
    for word in ("london", "germany", "tokyo", "nasa", "etc", "dont", "isnt", "mr"):
        assert word not in large, word


def test_everyday_words(standard: Dictionary) -> None:
    for word in ("glider", "eaters", "extractor", "dragonflies", "teaser", "winds"):
        assert word in standard


def test_user_list_adds_words(tmp_path: Path) -> None:
    mine = tmp_path / "family.txt"
    mine.write_text("# our family words\nGlorpish\nsnerk  # the dog's sneeze\n\n")
    words = Dictionary.load("standard", [mine])
    assert "glorpish" in words and "snerk" in words
    assert "family.txt" in words.name


def test_house_rules_add_and_ban(tmp_path: Path) -> None:
    house = tmp_path / "house.txt"
    house.write_text("+zzz\n-qi\n# no two-letter Chinese words\n")
    words = Dictionary.load("large", house_rules=house)
    assert "zzz" in words and "qi" not in words


@pytest.mark.parametrize(
    ("content", "message"),
    [("hello\nrock n roll\n", "line 2"), ("tea-set\n", "line 1")],
)
def test_bad_word_list_is_refused_whole(tmp_path: Path, content: str, message: str) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text(content)
    with pytest.raises(DictionaryError, match=message):
        Dictionary.load("standard", [bad])


def test_bad_house_rules(tmp_path: Path) -> None:
    bad = tmp_path / "house.txt"
    bad.write_text("zzz\n")
    with pytest.raises(DictionaryError, match=r"must be \+word or -word"):
        Dictionary.load("standard", house_rules=bad)
    both = tmp_path / "both.txt"
    both.write_text("+abc\n-abc\n")
    with pytest.raises(DictionaryError, match="both allowed and banned"):
        Dictionary.load("standard", house_rules=both)


def test_missing_files_and_sizes(tmp_path: Path) -> None:
    with pytest.raises(DictionaryError, match="not found"):
        Dictionary.load("standard", [tmp_path / "nope.txt"])
    with pytest.raises(DictionaryError, match="unknown dictionary size"):
        Dictionary.load("huge")


@pytest.mark.parametrize(
    ("word", "game", "valid", "reason"),
    [
        ("qi", "not-scrabble", False, "too short: Not Scrabble needs words of 3 or more letters"),
        ("wind", "not-scrabble", True, "is a word"),
        ("ride", "dictionary-please", True, "is a word"),
        ("ride", "dicewords", True, "is a word"),
        ("cat", "dictionary-please", False, "needs words of 4 or more letters"),
        ("glidr", "not-scrabble", False, "not in the dictionary"),
        ("h3llo", "not-scrabble", False, "letters A-Z only"),
        ("", "not-scrabble", False, "empty"),
    ],
)
def test_check_names_the_rule(large: Dictionary, word: str, game: str, valid: bool, reason: str) -> None:
    check = large.check(word, word_rules(game))
    assert check.valid is valid
    assert reason in check.reason
