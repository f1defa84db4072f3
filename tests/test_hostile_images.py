"""``wordtable read`` on hostile images (scripts/make_hostile_images.py): one line each, never a traceback.

Each file gets a read (possibly empty) or a one-line refusal with exit status 2: a 1x1 image, a
one-pixel strip, empty, truncated and non-image files, a decompression bomb and a header claiming
a 100,000-pixel side (refused before decoding), 16-bit, gray and transparent images, and a
phone-sized JPEG that is read after being scaled down.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from tests.helpers import need_shared
from wordtable.cli import main

ROOT = Path(__file__).resolve().parent.parent
REFUSED = {"empty.jpg", "text.png", "random-bytes.jpg", "truncated.png", "jpeg-header-only.jpg", "bomb-12000.png",
           "claims-100000.png", "a-folder.png"}  # fmt: skip
NO_DICE = "boggle/images/00a545913dc5c49d43ac2711bd534720.jpg"  # Boggle dice: blobs of colour, no DICEWORDS die


def load_script() -> ModuleType:
    """scripts/make_hostile_images.py as a module (scripts/ is not a package)."""
    spec = importlib.util.spec_from_file_location("make_hostile_images", ROOT / "scripts" / "make_hostile_images.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def hostile(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    paths: list[Path] = load_script().make(tmp_path_factory.mktemp("hostile"))
    return paths


def test_every_hostile_image_gets_one_line(hostile: list[Path], capsys: pytest.CaptureFixture[str]) -> None:
    assert {p.name for p in hostile} >= REFUSED | {"one-pixel.png", "big-phone-photo.jpg"}
    for path in hostile:
        for kind in ("tiles", "dice", "cards"):
            status = main(["read", str(path), "--kind", kind])
            out, err = capsys.readouterr()
            if path.name in REFUSED:
                assert status == 2 and out == "" and len(err.strip().splitlines()) == 1, (path.name, kind, err)
                assert err.startswith(f"wordtable: {path}"), err
            else:
                assert status == 0 and err == "" and out.startswith(f"{out.split()[0]} {kind}"), (path.name, kind)


def test_a_bomb_is_refused_for_what_it_claims(hostile: list[Path], capsys: pytest.CaptureFixture[str]) -> None:
    for name in ("bomb-12000.png", "claims-100000.png"):
        assert main(["read", str(next(p for p in hostile if p.name == name))]) == 2
        assert "MP" in capsys.readouterr().err


def test_a_phone_sized_photo_is_read_scaled_down(hostile: list[Path], capsys: pytest.CaptureFixture[str]) -> None:
    """6000 x 6000 pixels, decoded at half size and read at 1600: the tiles' words, boxes in its own pixels."""
    photo = next(p for p in hostile if p.name == "big-phone-photo.jpg")
    assert main(["read", str(photo), "--json"]) == 0
    out = capsys.readouterr().out
    assert '"TABLE"' in out and '"GAMES"' in out
    import json

    boxes = [item["box"] for item in json.loads(out)["items"]]
    assert max(x + w for x, _, w, _ in boxes) > 3000  # in the photo's pixels, not the reader's


def test_the_one_pixel_image_from_the_command_line(hostile: list[Path]) -> None:
    """The installed command, as a player runs it: no traceback."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    one = next(p for p in hostile if p.name == "one-pixel.png")
    run = subprocess.run([sys.executable, "-m", "wordtable.cli", "read", str(one)], capture_output=True, text=True,
                         env=env, timeout=120)  # fmt: skip
    assert run.returncode == 0 and run.stderr == "" and run.stdout.strip() == "0 tiles:"


def test_a_photo_without_dicewords_dice_reads_with_kind_dice(capsys: pytest.CaptureFixture[str]) -> None:
    """It used to raise ValueError in vision/dice.py: now an answer (no dice, or what looks like one)."""
    photo = need_shared(f"data/vision/{NO_DICE}")
    assert main(["read", str(photo), "--kind", "dice"]) == 0
    out, err = capsys.readouterr()
    assert err == "" and out.split()[1] == "dice:"
