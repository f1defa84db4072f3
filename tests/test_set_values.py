"""The values printed on a table's own sets, entered once in the settings file ([sets])."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.games.dicewords import Dicewords
from companion.games.registry import load_game
from companion.records import Event
from companion.words.solver import Referee
from wordtable.settings import ConfigError, load_set_values


def test_the_settings_file_fills_a_new_games_set_values(tmp_path: Path, referee: Referee) -> None:
    path = tmp_path / "wordtable.toml"
    path.write_text('[sets]\ndicewords_values = "b4"\nlexicon_red_figures = "B3"\n', encoding="utf-8")
    sets = load_set_values(path)
    dice = load_game([Event("game", sets.setup_defaults({"game": "dicewords", "players": ["Ann", "Ben"]}))], referee)
    assert isinstance(dice, Dicewords) and dice.values["b"] == 4
    cards = sets.setup_defaults({"game": "lexicon", "players": ["Ann", "Ben"], "red_figures": "B5"})
    assert cards["red_figures"] == "B5"  # a game event's own values win
    lexicon = load_game([Event("game", sets.setup_defaults({"game": "lexicon", "players": ["Ann", "Ben"]}))], referee)
    assert lexicon.state()["red_figures"]["B"] == {"value": 3, "source": "entered by the players"}
    assert lexicon.state()["red_figures"]["A"]["source"].startswith("assumed")


def test_set_values_that_cannot_be_read_are_said(tmp_path: Path) -> None:
    path = tmp_path / "wordtable.toml"
    path.write_text('[sets]\nlexicon_red_figures = "B-3"\n', encoding="utf-8")
    with pytest.raises(ConfigError, match="red figures"):
        load_set_values(path)
    path.write_text('[sets]\nscrabble_values = "A1"\n', encoding="utf-8")
    with pytest.raises(ConfigError, match="unknown"):
        load_set_values(path)
