"""The one registry of games and variants: each engine's word rules, from its rule text, and
every registered variant through the word box and the command line."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from companion.games.lexicon.engine import Lexicon
from companion.games.registry import VARIANTS, UnknownGameError, Variant, engine_for, game_names, variant, word_rules
from companion.table.store import EventStore
from companion.words.rules import TakeKind
from companion.words.solver import Referee
from web import create_app
from web.services import Services
from wordtable.cli import main

# A real word of each length (the large list): the shortest word a variant takes, and one shorter.
WORD_OF_LENGTH = {1: "a", 2: "at", 3: "cat", 4: "cats", 5: "tease", 7: "plinths", 8: "elephant"}
IDS = [f"{v.game}/{v.variant}" if v.variant else v.game for v in VARIANTS]


@pytest.mark.parametrize(
    ("game", "name", "minimum"),
    [
        ("not-scrabble", None, 3),  # rule 04: "a word of three or more letters"
        ("dictionary-please", None, 4),  # "No words of fewer than 4 letters are allowable"
        ("dicewords", None, 3),  # "The minimum allowable word length is 3 letters"
        ("lexicon", None, 1),  # no minimum in the 1935 rules: A is a word (docs/rules.md, Readings chosen)
        ("lexicon", "party", 1),
        ("lexicon", "crossword", 2),
        ("lexicon", "solitaire-1", 4),  # "Make words of four or more letters"
        ("lexicon", "solitaire-2", 4),  # "four or more (not less)"
        ("anagrams", "spelling-match", 3),  # words "may be three, four, five or six" letters
        ("anagrams", "rotation", 8),  # "the first word ... containing eight or more letters"
    ],
)
def test_minimum_lengths(game: str, name: str | None, minimum: int) -> None:
    assert word_rules(game, name).min_length == minimum


def test_the_wide_open_game_takes_words_of_any_length(referee: Referee) -> None:
    """lexicon.txt, Wide Open Game: "words of any number of letters"; a setup option of the game."""
    plain = Lexicon.new(referee, ["Ann", "Ben"], variant="crossword")
    wide = Lexicon.new(referee, ["Ann", "Ben"], variant="crossword", wide_open=True)
    assert (plain.rules.min_length, wide.rules.min_length) == (2, 1)
    assert Lexicon.new(referee, ["Ann", "Ben"], min_length=3).rules.min_length == 3  # a house minimum


def test_who_takes_words_how() -> None:
    assert word_rules("not-scrabble").take is TakeKind.STEAL
    assert word_rules("dictionary-please").double_capture
    assert not word_rules("not-scrabble").double_capture
    assert word_rules("dicewords").take is TakeKind.NONE
    assert word_rules("lexicon").take is TakeKind.INSERT  # rule (c): insert without disturbing order
    assert word_rules("anagrams", "word-building").take is TakeKind.BUILD


def test_one_registry_for_every_engine() -> None:
    assert game_names() == ["not-scrabble", "dictionary-please", "dicewords", "lexicon", "anagrams"]
    assert len(VARIANTS) == len({(v.game, v.variant) for v in VARIANTS}) == 15
    for registered in VARIANTS:
        assert engine_for(registered.game, registered.variant) is registered.engine
        assert registered.variant in registered.engine.variant_names
        assert registered.rules is registered.engine.rules_for(registered.variant)


def test_unknown_names_are_refused() -> None:
    with pytest.raises(UnknownGameError, match="unknown game 'scrabble'"):
        word_rules("scrabble")
    with pytest.raises(UnknownGameError, match="no variant 'speed'"):
        word_rules("lexicon", "speed")
    assert variant("lexicon", "").variant is None  # an empty variant from a form is no variant


@pytest.fixture
def client(tmp_path: Path, referee: Referee) -> Iterator[FlaskClient]:
    services = Services(EventStore(tmp_path / "games.sqlite3"), referee)
    yield create_app({"TESTING": True}, services).test_client()
    services.close()


@pytest.mark.parametrize("registered", VARIANTS, ids=IDS)
def test_every_variant_through_the_word_box(client: FlaskClient, registered: Variant) -> None:
    game, name, minimum = registered.game, registered.variant, registered.rules.min_length
    query = {"game": game, "variant": name or ""}
    shortest = client.get("/api/check", query_string={**query, "word": WORD_OF_LENGTH[minimum]})
    assert shortest.status_code == 200, shortest.json
    assert shortest.json["check"]["valid"], shortest.json
    if minimum > 1:
        short = client.get("/api/check", query_string={**query, "word": WORD_OF_LENGTH[minimum - 1]})
        assert not short.json["check"]["valid"]
        assert "too short" in short.json["check"]["reason"]


@pytest.mark.parametrize("registered", VARIANTS, ids=IDS)
def test_every_variant_through_the_cli(registered: Variant, capsys: pytest.CaptureFixture[str]) -> None:
    game, name, minimum = registered.game, registered.variant, registered.rules.min_length
    words = [WORD_OF_LENGTH[minimum]] + ([WORD_OF_LENGTH[minimum - 1]] if minimum > 1 else [])
    assert main(["check", *words, "--game", game, *(["--variant", name] if name else []), "--json"]) == 0
    checks = json.loads(capsys.readouterr().out)
    assert [c["valid"] for c in checks] == [True, False][: len(words)]


def test_the_word_box_applies_the_games_own_rules(client: FlaskClient) -> None:
    """With a game's number, its own variant's rules: a solitaire's words have four letters."""
    started = client.post("/api/sessions", json={"game": "lexicon", "variant": "solitaire-1", "players": ["Ann"]})
    assert started.status_code == 201, started.json
    game_id = started.json["id"]
    cat = client.get("/api/check", query_string={"word": "cat", "game": "lexicon", "session": game_id})
    assert not cat.json["check"]["valid"]
    assert "4 or more letters" in cat.json["check"]["reason"]
    assert client.get("/api/check", query_string={"word": "cats", "session": game_id}).json["check"]["valid"]


def test_a_trial_is_not_replayed_when_refused(referee: Referee, monkeypatch: pytest.MonkeyPatch) -> None:
    """The camera's readers ask whether a move would stand on a throwaway copy (``Game.trial``):
    a refusal raises as a push does, but the copy is not replayed to where it stood (a push on
    the game itself is: nothing refused may change it)."""
    from companion.games.base import RuleError
    from companion.games.not_scrabble import NotScrabble
    from companion.records import Event

    game = NotScrabble.new(referee, ["Ann", "Ben"], tiles="camera")
    game.push(Event("first-draw", {"player": "Ann", "letter": "M"}))
    game.push(Event("first-draw", {"player": "Ben", "letter": "C"}))
    replays: list[int] = []
    real = NotScrabble.rebuild
    monkeypatch.setattr(
        NotScrabble, "rebuild", lambda self, events: (replays.append(len(events)), real(self, events))[1]
    )
    bad = Event("claim", {"player": "Ann", "word": "ZZZQ", "from": None})
    with pytest.raises(RuleError):
        game.trial(bad)
    assert replays == []
    with pytest.raises(RuleError):
        game.push(bad)
    assert replays == [3] and len(game.events) == 3
