"""The installed `wordtable` command, run as a user runs it."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from tests.helpers import wordtable


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return wordtable(*args)


def run_json(*args: str) -> object:
    result = run(*args, "--json")
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


@pytest.mark.parametrize(
    ("args", "legal"),
    [
        (["--from", "tease", "--to", "teaser", "--pool", "r", "--game", "not-scrabble"], False),
        (["--from", "tease", "--to", "eaters", "--pool", "r", "--game", "not-scrabble"], True),
        (["--from", "ride", "--to", "glider", "--pool", "lg"], True),
        (["--from", "tractor", "--to", "extractor", "--pool", "ex"], False),
        (["--from", "fling,adore", "--to", "dragonflies", "--pool", "s", "--game", "dictionary-please"], True),
        (["--from", "dragon,life", "--to", "dragonflies", "--pool", "s", "--game", "dictionary-please"], False),
        (["--from", "act", "--to", "cat"], False),
    ],
)
def test_steal_done_when_examples(args: list[str], legal: bool) -> None:
    answer = run_json("steal", *args)
    assert answer["legal"] is legal, answer["reason"]
    assert isinstance(answer["reason"], str) and "added" in answer


def test_steal_reason_and_added() -> None:
    answer = run_json("steal", "--from", "tease", "--to", "teaser", "--pool", "r")
    assert answer["added"] == "R"
    assert answer["reason"].startswith("TEASER is TEASE + R: same stem")


def test_check() -> None:
    answer = run_json("check", "qi", "glider", "glidr", "--game", "not-scrabble")
    assert [a["word"] for a in answer] == ["qi", "glider", "glidr"]
    assert [a["valid"] for a in answer] == [False, True, False]
    assert "too short" in answer[0]["reason"]
    answer = run_json("check", "za", "--dictionary", "standard", "--game", "lexicon")
    assert answer[0]["valid"] is False and "not in the dictionary" in answer[0]["reason"]


def test_find() -> None:
    answer = run_json("find", "--pool", "lgri", "--words", "ride", "tease")
    assert "girl" in answer["new"] and "ride" not in answer["new"]
    steals = {(s["from"], s["to"]): s["added"] for s in answer["steals"]}
    assert steals[("ride", "glider")] == "GL"
    assert ("tease", "eaters") in steals and ("tease", "teaser") not in steals


def test_find_double_capture_json_lists_both_words() -> None:
    answer = run_json("find", "--pool", "s", "--words", "fling", "adore", "--game", "dictionary-please")
    assert {"from": ["fling", "adore"], "to": "dragonflies", "added": "S"} in answer["steals"]


def test_judge_and_overrides() -> None:
    assert run_json("judge", "tease", "teaser")["verdict"] == "same"
    assert run_json("override", "allow", "tease", "teaser", "--note", "house rule")["allowed"] is True
    assert run_json("steal", "--from", "tease", "--to", "teaser", "--pool", "r")["legal"] is True
    assert run_json("override", "list")[0]["note"] == "house rule"
    assert run_json("override", "remove", "tease", "teaser")["removed"] is True
    assert run_json("steal", "--from", "tease", "--to", "teaser", "--pool", "r")["legal"] is False


def test_user_word_list_and_config(tmp_path: Path) -> None:
    mine = tmp_path / "mine.txt"
    mine.write_text("snerkle\n")
    assert run_json("check", "snerkle", "--word-list", str(mine))[0]["valid"] is True
    config = tmp_path / "wordtable.toml"
    config.write_text(f'[dictionary]\nsize = "standard"\nword_lists = ["{mine}"]\n')
    answer = run_json("check", "snerkle", "za", "--config", str(config))
    assert [a["valid"] for a in answer] == [True, False]


def test_demo_runs() -> None:
    answer = run_json("demo")
    verdicts = {c["to"]: c["legal"] for c in answer["claims"]}
    assert verdicts["glider"] and verdicts["eaters"]
    assert not verdicts["teaser"] and not verdicts["extractor"] and not verdicts["winds"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["check", "h3llo"], "letters A-Z only"),
        (["check", ""], "empty word"),
        (["check"], "required"),
        (["check", "cat", "--game", "chess"], "invalid choice: 'chess'"),
        (["steal", "--from", "ride", "--to", "glider", "--pool", "l9"], "not a letter"),
        (["steal", "--from", "", "--to", "glider"], "empty"),
        (["find", "--pool", "abc", "--words", "r1de"], "letters A-Z only"),
        (["check", "cat", "--word-list", "/no/such/list.txt"], "not found"),
        (["check", "cat", "--config", "/no/such/config.toml"], "not found"),
        (["check", "cat", "--game", "lexicon", "--variant", "speed"], "no variant 'speed'"),
        (["override", "allow", "act", "cat"], "nothing to rule on"),
        (["fly"], "invalid choice"),
        (["serve", "--port", "99999"], "not a port"),
        (["serve", "--port", "-1"], "not a port"),
        (["serve", "--pin", "12"], "at least 6 characters"),
        (["serve", "--buzzers", "/dev/ttyACM0,"], "buzzer port ''"),
        (["markers", "m.txt"], "written as .png or .pdf"),
        (["markers", "/no/such/folder/m.png"], "no folder"),
    ],
)
def test_bad_input_is_one_line_and_nonzero(args: list[str], message: str) -> None:
    result = run(*args)
    assert result.returncode != 0
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert message in lines[0]
    assert "Traceback" not in result.stderr


def test_checking_words_touches_no_stored_rulings(tmp_path: Path) -> None:
    """Only commands that judge steals open the referee's rulings (in $WORDTABLE_HOME)."""
    run_json("check", "glider")
    run_json("dicewords", "score", "glider")
    assert not (tmp_path / "home" / "overrides.sqlite3").exists()
    run_json("judge", "tease", "teaser")
    assert (tmp_path / "home" / "overrides.sqlite3").exists()


def test_serve_on_a_busy_port_says_so_before_creating_anything(tmp_path: Path) -> None:
    import os
    import socket
    import sys

    with socket.create_server(("127.0.0.1", 0)) as busy:
        port = busy.getsockname()[1]
        home = tmp_path / "home"
        command = [str(Path(sys.executable).parent / "wordtable"), "serve", "--demo", "--port", str(port)]
        result = subprocess.run(command, capture_output=True, text=True, timeout=60,
                                env={**os.environ, "WORDTABLE_HOME": str(home)})  # fmt: skip
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.strip().splitlines() == [
        f"wordtable: cannot listen on 127.0.0.1:{port}: another program is using it; choose another port with --port"
    ]
    assert not home.exists()  # no game, no store, nothing made


def test_the_compound_house_rule_comes_from_the_settings_file(tmp_path: Path) -> None:
    """By default a compound of the old word keeps its stem (BOOK -> BOOKCASE refused); a table
    whose settings allow compounds takes it."""
    refused = wordtable("steal", "--from", "book", "--to", "bookcase", "--pool", "case", "--json")
    assert json.loads(refused.stdout)["legal"] is False
    settings = tmp_path / "house.toml"
    settings.write_text("[dictionary]\ncompounds_allowed = true\n", encoding="utf-8")
    allowed = wordtable(
        "steal", "--from", "book", "--to", "bookcase", "--pool", "case", "--json", "--config", str(settings)
    )
    assert json.loads(allowed.stdout)["legal"] is True, allowed.stdout


@pytest.mark.parametrize("damage", ["garbage", "a folder", "read-only"])
def test_a_damaged_or_read_only_store_is_one_line_at_start(tmp_path: Path, damage: str) -> None:
    import os

    home = tmp_path / "home"  # $WORDTABLE_HOME (conftest.py)
    home.mkdir()
    store = home / "games.sqlite3"
    if damage == "garbage":
        store.write_bytes(b"not a database at all " * 200)
    elif damage == "a folder":
        store.mkdir()
    else:
        if os.geteuid() == 0:
            pytest.skip("root writes to read-only files")
        import sqlite3

        sqlite3.connect(store).close()
        store.chmod(0o444)
        home.chmod(0o555)
    result = run("serve", "--port", str(_free_port()))
    assert result.returncode == 2 and result.stdout == "", result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "cannot open the games' store" in lines[0], result.stderr


def _free_port() -> int:
    import socket

    with socket.create_server(("127.0.0.1", 0)) as probe:
        return int(probe.getsockname()[1])


def test_serve_takes_the_settings_file_as_every_command_does(tmp_path: Path) -> None:
    """One settings path: the dashboard's verdicts are the command line's (house rules, word
    lists), for a game of either dictionary size; the buzzer ports come from the file too."""
    import sys
    import time
    import urllib.request

    house = tmp_path / "house.txt"
    house.write_text("+snerkle\n-glider\n", encoding="utf-8")
    settings = tmp_path / "table.toml"
    settings.write_text(f'[dictionary]\nhouse_rules = "{house}"\n[buzzers]\nports = ["sim://club"]\n'
                        '[sets]\ndicewords_values = "b9"\n', encoding="utf-8")  # fmt: skip
    port = _free_port()
    command = [str(Path(sys.executable).parent / "wordtable"), "serve", "--port", str(port), "--config", str(settings)]
    server = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    base = f"http://127.0.0.1:{port}/api"

    def get(path: str) -> dict:
        with urllib.request.urlopen(base + path, timeout=30) as answer:
            return json.loads(answer.read())

    def listening() -> bool:
        try:
            return bool(get("/games"))
        except OSError:
            return False

    def start(**setup: object) -> int:
        data = json.dumps({"game": "not-scrabble", "players": ["Ann", "Ben"], **setup}).encode()
        headers = {"Content-Type": "application/json"}
        request = urllib.request.Request(base + "/sessions", data, headers, method="POST")
        with urllib.request.urlopen(request, timeout=60) as answer:
            return int(json.loads(answer.read())["id"])

    try:
        assert server.stdout is not None
        assert "wordtable dashboard: open" in server.stdout.readline()
        deadline = time.monotonic() + 30
        while not listening():  # the line comes just before the server listens
            assert time.monotonic() < deadline and server.poll() is None, "the dashboard did not start"
            time.sleep(0.1)
        large, standard = start(), start(dictionary="standard")
        for game in (large, standard):
            assert get(f"/check?word=snerkle&session={game}")["check"]["valid"] is True
            assert get(f"/check?word=glider&session={game}")["check"]["valid"] is False
        assert get(f"/check?word=aargh&session={large}")["check"]["valid"] is True
        assert get(f"/check?word=aargh&session={standard}")["check"]["valid"] is False  # as replay judges it
        assert [p["port"] for p in get(f"/sessions/{large}/buzzers")["ports"]] == ["sim://club", f"sim://table-{large}"]
        dice = start(game="dicewords")  # the table's own set's values, entered once, in each new game
        assert get(f"/sessions/{dice}")["setup"]["values"] == "b9"
    finally:
        server.terminate()
        server.wait(timeout=30)
    cli = run_json("check", "snerkle", "glider", "aargh", "--config", str(settings))
    assert [c["valid"] for c in cli] == [True, False, True]


def test_replay_in_plain_text_shows_a_tie_and_the_red_figures_it_assumed(tmp_path: Path) -> None:
    """The plain replay says what JSON says: a shared place (Not Scrabble rule 22 names no
    tie-break), and that LEXICON's penalties count red figures the text does not print."""

    def drawn(kind: str, players: str, letters: str) -> list[dict[str, str]]:
        names = {"A": "Ann", "B": "Ben", "C": "Cat"}
        return [{"type": kind, "player": names[p], "letter": c} for p, c in zip(players, letters, strict=True)]

    tie = tmp_path / "tie.jsonl"
    events = [{"type": "game", "game": "not-scrabble", "players": ["Ann", "Ben", "Cat"], "tiles": "camera"},
              *drawn("first-draw", "ABC", "AKQ"), *drawn("draw", "ABCA", "TIDE"),
              {"type": "claim", "player": "Ben", "word": "TIDE"}, *drawn("draw", "BCAB", "ROAD"),
              {"type": "claim", "player": "Ann", "word": "ROAD"}]  # fmt: skip
    tie.write_text("\n".join(json.dumps(e) for e in events))
    lines = run("replay", str(tie)).stdout.splitlines()
    assert lines[1:3] == ["1. Ann: 4 (tied; tie-break none: rule 22 names no tie-break)",
                          "1. Ben: 4 (tied; tie-break none: rule 22 names no tie-break)"]  # fmt: skip
    assert lines[3] == "3. Cat: 0"
    cards = tmp_path / "lexicon.jsonl"
    events = [{"type": "game", "game": "lexicon", "players": ["Ann", "Ben"], "red_figures": "B3"},
              {"type": "cut", "player": "Ann", "card": "A"}, {"type": "cut", "player": "Ben", "card": "B"},
              {"type": "deal", "exposed": "Q"}, {"type": "word", "player": "Ben", "word": "ABSOLUTELY"},
              {"type": "reveal", "hands": ["Ann:BBBBBBBBBA"]}]  # fmt: skip
    cards.write_text("\n".join(json.dumps(e) for e in events))
    out = run("replay", str(cards)).stdout
    assert "red figures: B entered, the rest a common deck's, assumed" in out
    assert out.splitlines()[0] == "lexicon: 6 events, in progress, lower is better"  # said once, for every player
    assert run_json("replay", str(cards))["red_figures"]["B"] == {"value": 3, "source": "entered by the players"}


def test_dicewords_score_takes_the_tables_dice_from_the_settings(tmp_path: Path) -> None:
    """The settings' dicewords_values are the table's own dice (docs/rules.md): the CLI scores with
    them, and says which letters are still guesses."""
    settings = tmp_path / "sets.toml"
    settings.write_text('[sets]\ndicewords_values = "j8"\n')
    plain = run("dicewords", "score", "jukebox").stdout
    assert plain.startswith("JUKEBOX: 22 x 7 = 154") and "B, J, K, X: assumed values" in plain
    mine = run_json("dicewords", "score", "jukebox", "--config", str(settings))
    assert mine["values"]["J"] == {"value": 8, "source": "entered by the players"} and mine["score"] == 168
    over = run_json("dicewords", "score", "jukebox", "--config", str(settings), "--values", "j9")
    assert over["values"]["J"]["value"] == 9
    bad = run("dicewords", "score", "jukebox", "--values", "b\u00b2")  # a superscript two is no value
    assert bad.returncode == 2 and "Traceback" not in bad.stderr and "is not a letter and a value" in bad.stderr
