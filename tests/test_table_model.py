"""The table model on rendered scenes: words in every direction, zones, calibration, questions,
answers that teach the reader, stable reads over frames; dice and cards; `wordtable read`."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import cv2
import numpy as np
import pytest

from companion.sets.dice import DICE
from companion.sets.tilesets import SCRABBLE_NO_BLANKS
from vision.calibration import Calibration, TableSettings, find_markers, marker_sheet
from vision.cards import CardReader
from vision.dice import DiceReader
from vision.pipeline import Pipeline
from vision.reading import Item
from vision.render import cards_scene, dice_scene, tiles_scene
from vision.table import Stabiliser, questions, words
from wordtable.cli import main

WORDS = [("CAT", (200, 200), 0), ("DOG", (600, 600), 180), ("WORD", (100, 500), 90), ("PLAYER", (300, 700), 0),
         ("ZONE", (700, 150), 270)]  # fmt: skip


@pytest.fixture(scope="module")
def pipeline() -> Pipeline:
    return Pipeline()


@pytest.mark.parametrize("seed", [0, 1])
def test_words_read_the_way_their_tiles_face(pipeline: Pipeline, seed: int) -> None:
    """Upright, upside down (facing the other side of the table), and both quarter turns."""
    result = pipeline.read(tiles_scene(WORDS, loose="QRSTAB", seed=seed).image)
    assert sorted(w["text"] for w in result["words"]) == sorted(w for w, _, _ in WORDS)
    assert sorted(result["pool"]) == sorted("QRSTAB")
    for word in result["words"]:
        assert "".join(result["items"][i]["letter"] for i in word["items"]) == word["text"]


def test_a_lone_tile_is_not_a_word() -> None:
    across = [Item(c, 1.0, (100 + 50 * i, 100, 48, 48), 0) for i, c in enumerate("AT")]
    far = [Item("X", 1.0, (400, 400, 48, 48), 0)]
    assert [w.text for w in words(across + far)] == ["AT"]


def test_words_land_in_the_zone_marked_on_the_warped_view(tmp_path: Path) -> None:
    """The stored calibration maps the frame to the top-down view, where the zones were marked."""
    scene = tiles_scene([("NORTH", (250, 150), 180), ("SOUTH", (250, 650), 0)], seed=3)
    settings = TableSettings(Calibration(((0, 0), (800, 0), (800, 800), (0, 800)), size=(400, 400)))
    settings.set_zone("Ann", [(0, 0), (400, 0), (400, 190), (0, 190)])
    settings.set_zone("Bob", [(0, 210), (400, 210), (400, 400), (0, 400)])
    path = tmp_path / "table.json"
    settings.save(path)
    result = Pipeline(TableSettings.load(path)).read(scene.image)
    assert {w["text"]: w["zone"] for w in result["words"]} == {"NORTH": "Ann", "SOUTH": "Bob"}


def test_markers_give_a_top_down_warp() -> None:
    """The sheet seen at an angle: a point on it lands where it lies between the markers."""
    sheet = cv2.cvtColor(marker_sheet(), cv2.COLOR_GRAY2BGR)
    h, w = sheet.shape[:2]
    corners = np.float32([[0, 0], [w, 0], [w, h], [0, h]])
    tilt = cv2.getPerspectiveTransform(corners, corners + np.float32([[80, 40], [-30, 90], [-90, -20], [20, -100]]))
    tilted = cv2.warpPerspective(sheet, tilt, (w, h), borderValue=(255, 255, 255))
    flat, seen = find_markers(sheet), find_markers(tilted)
    assert flat is not None and seen is not None
    point = (w * 0.3, h * 0.6)
    moved = cv2.perspectiveTransform(np.float32([[point]]), tilt)[0, 0]
    (left, top), (right, bottom) = flat.corners[0], flat.corners[2]
    expected = ((point[0] - left) / (right - left) * 800, (point[1] - top) / (bottom - top) * 800)
    assert seen.to_table([tuple(moved)])[0] == pytest.approx(expected, abs=8)
    assert seen.warp(tilted).shape[:2] == (800, 800)
    assert find_markers(np.full((200, 200, 3), 255, np.uint8)) is None


def test_bad_table_settings_say_why(tmp_path: Path) -> None:
    bad = tmp_path / "table.json"
    bad.write_text("{not json")
    with pytest.raises(ValueError, match="cannot be read"):
        TableSettings.load(bad)
    with pytest.raises(ValueError, match="three corners"):
        TableSettings().set_zone("Ann", [(0, 0), (1, 1)])
    assert TableSettings.load(tmp_path / "none.json").zones == []


def test_questions_for_unsure_reads_and_for_more_letters_than_the_set_has() -> None:
    sure = Item("A", 0.95, (0, 0, 9, 9), 0, ("R",), True, "A")
    unsure = Item("N", 0.5, (20, 0, 9, 9), 0, ("Z", "H"), False, "Z")
    zeds = [Item("Z", 0.9, (40 + 20 * i, 0, 9, 9), 0, ("N",), True, "Z") for i in range(2)]
    asked = questions([sure, unsure, *zeds], SCRABBLE_NO_BLANKS)
    assert [(q.item, q.choices[:2]) for q in asked] == [(1, ("N", "Z")), (2, ("Z", "N")), (3, ("Z", "N"))]
    assert "second reader saw Z" in asked[0].why and "has 1 Z, 2 seen" in asked[1].why
    assert questions([sure, unsure], confirmed=frozenset({1})) == []


def test_an_answer_teaches_the_reader(pipeline: Pipeline) -> None:
    """A person says this glyph is a W: the same glyph reads W from then on, at any turn."""
    scene = tiles_scene([], loose="M", seed=5)
    (item,) = pipeline.tiles.read(scene.image)
    reader = pipeline.tiles.glyphs.__class__()
    before = reader.read(item.mask)
    assert before.letter == "M"
    reader.learn(item.mask, "W", item.angle)
    assert reader.read(item.mask).letter == "W"
    assert reader.read(np.rot90(item.mask)).letter == "W"
    with pytest.raises(ValueError):
        reader.learn(np.zeros((5, 5), np.uint8), "W")


def test_a_change_counts_only_once_it_persists() -> None:
    stable = Stabiliser(frames=3)
    seen = [stable.push(k) for k in ["CAT", "CAT", "CART", "CAT", "CART", "CART", "CART", "CAT"]]
    assert seen == ["CAT"] * 6 + ["CART", "CART"]
    assert stable.history == ["CART"]


def test_dice_by_colour_at_free_angles() -> None:
    """Rendered rolls (until real photos of DICEWORDS dice exist): every die and face read."""
    reader = DiceReader()
    rng = np.random.default_rng(11)
    right = total = 0
    for seed in range(6):
        faces = "".join(rng.choice(list(d.faces)) for d in DICE)
        scene = dice_scene(faces, seed=seed)
        items = reader.read(scene.image)
        assert sorted(i.die for i in items) == sorted(d.colour for d in DICE)
        for truth in scene.truth:
            (item,) = [i for i in items if i.die == truth.die]
            total += 1
            right += item.letter == truth.letter
    assert right / total >= 0.97


def test_a_die_off_the_mat_is_simply_missing() -> None:
    scene = dice_scene("AYJKQVWXZ", seed=2)
    image = scene.image.copy()
    gold = scene.truth[0].center
    x, y = int(gold[0]), int(gold[1])
    image[y - 45 : y + 45, x - 45 : x + 45] = np.median(image.reshape(-1, 3), axis=0)
    dice = {i.die for i in DiceReader().read(image)}
    assert "gold" not in dice and len(dice) == 8


def test_cards_apart_and_in_a_fan(pipeline: Pipeline) -> None:
    reader = CardReader(pipeline.tiles)
    right = total = 0
    for seed in range(4):
        scene = cards_scene("LEXICO", "WORDS", seed=seed)
        got = Counter(i.letter for i in reader.read(scene.image))
        want = Counter("LEXICOWORDS")
        right += sum((want & got).values())
        total += sum(want.values())
    assert right / total >= 0.9


def test_wordtable_read_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "table.png"
    cv2.imwrite(str(path), tiles_scene([("CAT", (200, 200), 0)], loose="Q", seed=1).image)
    assert main(["read", str(path), "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert sorted(i["letter"] for i in result["items"]) == ["A", "C", "Q", "T"]
    for item in result["items"]:
        _, _, w, h = item["box"]
        assert 0 <= item["confidence"] <= 1 and 20 < w < 80 and w == h
    assert [(w["text"], len(w["items"])) for w in result["words"]] == [("CAT", 3)]
    dice = tmp_path / "dice.png"
    cv2.imwrite(str(dice), dice_scene("AYJKQVWXZ", seed=1).image)
    assert main(["read", str(dice), "--kind", "dice", "--json"]) == 0
    rolled = json.loads(capsys.readouterr().out)
    assert {i["die"]: i["letter"] for i in rolled["items"]}["gold"] == "A"
    assert main(["read", str(tmp_path / "none.png")]) == 2
    assert "not found" in capsys.readouterr().err
    assert main(["markers", str(tmp_path / "m.pdf")]) == 0 and (tmp_path / "m.pdf").read_bytes()[:4] == b"%PDF"
