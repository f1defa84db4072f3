"""The small value printed on DICEWORDS dice, read on rendered rolls (no real dice photos exist):
the default values, other sets' values (two digits too), a face with no value, `wordtable read`.

Floors sit just below the figures of ``benchmarks/dice_values.py`` (docs/vision.md, Dice)."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from companion.sets.dice import DICE, VALUES
from vision.dice import DiceReader
from vision.dice_values import FACE, ValueReader
from vision.reading import Item
from vision.render import dice_scene
from wordtable.cli import main

LETTERS = "abcdefghijklmnopqrstuvwxyz"


@pytest.fixture(scope="module")
def reader() -> DiceReader:
    return DiceReader()


def rolls(reader: DiceReader, count: int, seed: int, high: int = 0) -> list[tuple[int | None, Item]]:
    """(the printed value, the die read) for every die of ``count`` rendered rolls; ``high``: every
    letter's value drawn from 0 to high - 1 (0: the default values)."""
    rng, values_rng = np.random.default_rng(seed), np.random.default_rng(seed + 1)
    out = []
    for roll in range(count):
        faces = "".join(rng.choice(list(d.faces)) for d in DICE)
        values = {c: int(values_rng.integers(0, high)) for c in LETTERS} if high else None
        scene = dice_scene(faces, seed=seed + roll, values=values)
        items = reader.read(scene.image)
        for truth in scene.truth:
            (item,) = [i for i in items if i.die == truth.die]
            out.append((truth.value, item))
    return out


def test_the_default_values_read_on_rendered_rolls(reader: DiceReader) -> None:
    read = rolls(reader, 8, seed=500)
    right = sum(value == item.value for value, item in read) / len(read)
    sure = [(value, item) for value, item in read if item.value_sure]
    assert right >= 0.97
    assert len(sure) >= 0.8 * len(read) and all(value == item.value for value, item in sure)
    wild = [item for value, item in read if item.die == "gold" and item.letter == "?"]
    assert all(item.value == -2 for item in wild)  # "the wild-card is worth -2": the minus is read


def test_another_sets_values_one_and_two_digits(reader: DiceReader) -> None:
    """A set whose printed values differ from the defaults is read as printed, not as assumed."""
    single = rolls(reader, 6, seed=600, high=10)
    assert sum(value == item.value for value, item in single) / len(single) >= 0.95
    assert any(item.value != VALUES[item.letter.lower()] for _, item in single if item.letter != "?")
    double = rolls(reader, 6, seed=700, high=21)
    assert sum(value == item.value for value, item in double) / len(double) >= 0.8


def test_a_die_with_no_legible_value_says_so(reader: DiceReader, tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:  # fmt: skip
    unprinted = {c: None for c in LETTERS}
    scene = dice_scene("AYJKQVWXZ", seed=4, values=unprinted)
    items = reader.read(scene.image)
    assert len(items) == len(DICE)
    assert all(i.value is None and not i.value_sure for i in items if i.letter != "?")
    blank = np.full((FACE, FACE), 90, np.float32)
    assert ValueReader().read(blank, ink=255.0).value is None
    assert ValueReader().read(blank, ink=95.0).value is None  # no letter either: nothing stands out
    path = tmp_path / "dice.png"
    cv2.imwrite(str(path), scene.image)
    assert main(["read", str(path), "--kind", "dice", "--json"]) == 0
    read = json.loads(capsys.readouterr().out)
    assert {i["die"]: (i["value"], i["value_sure"]) for i in read["items"]}["brown"] == (None, False)


def test_wordtable_read_reports_each_dies_value(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "dice.png"
    cv2.imwrite(str(path), dice_scene("AYJKQVWXZ", seed=1, values={"k": 5}).image)
    assert main(["read", str(path), "--kind", "dice", "--json"]) == 0
    read = {i["die"]: i for i in json.loads(capsys.readouterr().out)["items"]}
    assert (read["red"]["letter"], read["red"]["value"], read["red"]["value_sure"]) == ("K", 5, True)
    assert read["purple"]["value"] == 9  # Q as the defaults say
