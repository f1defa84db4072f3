#!/usr/bin/env python3
"""Train the camera's letter classifier (``vision/classifier.py``) on rendered tiles; write its weights.

The training glyphs are cut exactly as the camera cuts them: sheets of cream (or white, or
coloured) tiles are rendered with a letter each, from many Debian fonts (sans, serif, bold,
condensed, light, mono; ``FONTS``), at any angle, squashed as a camera at a slant sees them, in
several stroke weights, blurred, noisy and JPEG-compressed, and ``vision.pieces.find_pieces`` finds
them as it finds real tiles. Each found glyph is then described as the reader describes it
(``vision.classifier.describe``, the reader's own description, at some of its 24 angles): at the angle
that stands it upright it is its letter; at two or three other angles it is "turned" (class 26),
unless the letter looks the same there (H I N O S X Z upside down, O and X a quarter turn), so
the classifier learns what an upright letter looks like, and N is not a Z turned.

The model is a one-hidden-layer perceptron trained with plain numpy (minibatch SGD with momentum,
a fixed seed); everything is a seeded function of this file and the fonts, so the same weights
come out on another machine with the same packages (``system-packages.txt``).

Run: ``.venv/bin/python scripts/train_reader.py [--sheets N] [--epochs N] [--out PATH]``
(default: the weights the project ships, ``vision/data/reader.npz``; ~3 minutes on 2 cores).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFont

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from vision.classifier import HIDDEN, TURNED, WEIGHTS, describe
from vision.glyphs import ANGLES, LETTERS
from vision.pieces import find_pieces

FONT_ROOT = Path("/usr/share/fonts")
#: Upright faces tile sets use (and a few that stretch them): Debian packages fonts-dejavu-core,
#: fonts-dejavu-extra, fonts-liberation2, fonts-freefont-ttf, fonts-croscore, fonts-open-sans,
#: fonts-urw-base35.
FONTS = (
    "truetype/dejavu/DejaVuSans.ttf",
    "truetype/dejavu/DejaVuSans-Bold.ttf",
    "truetype/dejavu/DejaVuSansCondensed.ttf",
    "truetype/dejavu/DejaVuSansCondensed-Bold.ttf",
    "truetype/dejavu/DejaVuSerif.ttf",
    "truetype/dejavu/DejaVuSerif-Bold.ttf",
    "truetype/dejavu/DejaVuSansMono-Bold.ttf",
    "truetype/liberation2/LiberationSans-Regular.ttf",
    "truetype/liberation2/LiberationSans-Bold.ttf",
    "truetype/liberation2/LiberationSerif-Regular.ttf",
    "truetype/liberation2/LiberationSerif-Bold.ttf",
    "truetype/freefont/FreeSans.ttf",
    "truetype/freefont/FreeSansBold.ttf",
    "truetype/freefont/FreeSerifBold.ttf",
    "truetype/croscore/Arimo-Bold.ttf",
    "truetype/croscore/Tinos-Regular.ttf",
    "truetype/croscore/Cousine-Bold.ttf",
    "truetype/open-sans/OpenSans-Regular.ttf",
    "truetype/open-sans/OpenSans-Semibold.ttf",
    "truetype/open-sans/OpenSans-Bold.ttf",
    "truetype/open-sans/OpenSans-ExtraBold.ttf",
    "truetype/open-sans/OpenSans-CondBold.ttf",
    "truetype/open-sans/OpenSans-Light.ttf",
    "opentype/urw-base35/NimbusSans-Regular.otf",
    "opentype/urw-base35/NimbusSans-Bold.otf",
    "opentype/urw-base35/NimbusSansNarrow-Regular.otf",
    "opentype/urw-base35/NimbusSansNarrow-Bold.otf",
    "opentype/urw-base35/NimbusRoman-Bold.otf",
    "opentype/urw-base35/URWGothic-Book.otf",
    "opentype/urw-base35/URWGothic-Demi.otf",
    "opentype/urw-base35/URWBookman-Demi.otf",
    "opentype/urw-base35/C059-Bold.otf",
    "opentype/urw-base35/P052-Roman.otf",
    "opentype/urw-base35/NimbusMonoPS-Bold.otf",
)
#: Letters that look the same at a turn (degrees): there they are the letter, not "turned".
SAME_TURNED = {180: "HINOSXZ", 90: "OX", 270: "OX"}
GRID = 6  # tiles across and down a sheet
BIG = 96  # font size the glyphs are drawn at before they are scaled to a tile


def fonts() -> list[ImageFont.FreeTypeFont]:
    missing = [f for f in FONTS if not (FONT_ROOT / f).exists()]
    if missing:
        raise SystemExit(f"fonts missing (install the fonts-* packages of system-packages.txt): {missing}")
    return [ImageFont.truetype(str(FONT_ROOT / f), BIG) for f in FONTS]


def glyph(font: ImageFont.FreeTypeFont, letter: str) -> np.ndarray:
    """The letter's ink (0-1 float), cropped to its box."""
    canvas = Image.new("L", (BIG * 2, BIG * 2), 0)
    ImageDraw.Draw(canvas).text((BIG // 2, BIG // 4), letter, font=font, fill=255)
    ink = np.array(canvas, np.float32) / 255
    ys, xs = np.nonzero(ink > 0.5)
    return ink[ys.min() : ys.max() + 1, xs.min() : xs.max() + 1]


def tile(rng: np.random.Generator, ink: np.ndarray, height: float) -> tuple[np.ndarray, np.ndarray]:
    """A tile's face (gray) with the glyph ``height`` pixels high, and its alpha; stroke weight,
    squash and slant drawn at random."""
    weight = int(rng.integers(-1, 4))  # pixels at the big size: thinner or bolder strokes
    if weight > 0:
        ink = cv2.dilate(ink, np.ones((2 * weight + 1,) * 2, np.uint8))
    elif weight < 0:
        ink = cv2.erode(ink, np.ones((-2 * weight + 1,) * 2, np.uint8))
    h, w = ink.shape
    sx = height / h * float(rng.uniform(0.8, 1.2))
    shear = float(rng.uniform(-0.12, 0.12))
    side = round(max(height, w * sx) * float(rng.uniform(1.55, 1.95)))
    matrix = np.array([[sx, shear * height / h, 0], [0, height / h, 0]], np.float32)
    matrix[:, 2] = np.array([side / 2, side / 2], np.float32) - matrix[:, :2] @ np.array([w / 2, h / 2], np.float32)
    glyph_ink = cv2.warpAffine(ink, matrix, (side, side), flags=cv2.INTER_AREA)
    face_level, ink_level = float(rng.uniform(170, 250)), float(rng.uniform(5, 90))
    left, right = (float(v) for v in rng.uniform(0.9, 1.1, 2))  # light from one side
    shade = np.linspace(left, right, side, dtype=np.float32)[None, :]
    face = face_level * shade * (1 - glyph_ink) + ink_level * glyph_ink
    alpha = np.ones((side, side), np.float32)
    return face, alpha


Truth = tuple[str, float, tuple[float, float]]  # a tile's letter, angle and centre


def sheet(rng: np.random.Generator, faces: list[ImageFont.FreeTypeFont],
          inks: dict[tuple[int, str], np.ndarray]) -> tuple[np.ndarray, list[Truth]]:  # fmt: skip
    """A gray sheet of GRID x GRID tiles, and each tile's (letter, angle, centre)."""
    size = int(rng.choice([416, 640]))
    cell = size / GRID
    background = float(rng.uniform(20, 200))
    image = np.full((size, size), background, np.float32) + rng.normal(0, 8, (size, size)).astype(np.float32)
    truth = []
    for row in range(GRID):
        for col in range(GRID):
            letter = LETTERS[int(rng.integers(len(LETTERS)))]
            font = int(rng.integers(len(faces)))
            if (font, letter) not in inks:
                inks[font, letter] = glyph(faces[font], letter)
            face, alpha = tile(rng, inks[font, letter], float(rng.uniform(0.22, 0.42)) * cell)
            angle = float(rng.uniform(0, 360))
            centre = ((col + 0.5) * cell + float(rng.uniform(-3, 3)), (row + 0.5) * cell + float(rng.uniform(-3, 3)))
            side = face.shape[0]
            matrix = cv2.getRotationMatrix2D((side / 2, side / 2), angle, 1.0)
            matrix[:, 2] += (centre[0] - side / 2, centre[1] - side / 2)
            warped = cv2.warpAffine(face, matrix, (size, size), flags=cv2.INTER_LINEAR)
            weight = cv2.warpAffine(alpha, matrix, (size, size), flags=cv2.INTER_LINEAR)
            image = image * (1 - weight) + warped * weight
            truth.append((letter, angle, centre))
    soft = np.asarray(cv2.GaussianBlur(image, (0, 0), float(rng.uniform(0.4, 1.4))), np.float32)
    noisy = (soft + rng.normal(0, float(rng.uniform(1, 6)), soft.shape)).clip(0, 255).astype(np.uint8)
    _, jpeg = cv2.imencode(".jpg", noisy, [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(50, 95))])
    return np.asarray(cv2.imdecode(jpeg, cv2.IMREAD_GRAYSCALE)), truth


def label(letter: str, off: int) -> int:
    """The class of ``letter`` seen ``off`` degrees from upright (a multiple of 15)."""
    off %= 360
    if off == 0 or letter in SAME_TURNED.get(off, ""):
        return LETTERS.index(letter)
    return TURNED


def samples(sheets: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """Features and classes of every glyph found on ``sheets`` rendered sheets."""
    rng = np.random.default_rng(seed)
    faces, inks = fonts(), dict[tuple[int, str], np.ndarray]()
    rows, classes = [], []
    for _ in range(sheets):
        image, truth = sheet(rng, faces, inks)
        for piece in find_pieces(image):
            near = [t for t in truth if np.hypot(*np.subtract(piece.center, t[2])) < 0.5 * max(piece.glyph[2:])]
            if len(near) != 1:
                continue
            letter, angle, _ = near[0]
            upright = round(-angle / 15) * 15 % 360  # the reader's angle nearest to upright
            others = [a for a in ANGLES if abs((a - upright + 180) % 360 - 180) >= 30]
            angles = [upright, *(int(a) for a in rng.choice(others, 3, replace=False))]
            (vectors,) = describe([piece.mask], [angles])
            if vectors is not None:
                rows += list(vectors)
                classes += [label(letter, a - upright) for a in angles]
    return np.array(rows, np.float32), np.array(classes, np.int64)


def train(x: np.ndarray, y: np.ndarray, epochs: int, seed: int, hidden: int = HIDDEN) -> dict[str, np.ndarray]:
    """A one-hidden-layer perceptron (ReLU, softmax over 27 classes) by minibatch SGD with momentum."""
    rng = np.random.default_rng(seed)
    mean, scale = x.mean(axis=0), x.std(axis=0) + 1e-3
    x = (x - mean) / scale
    classes = TURNED + 1
    w1 = rng.normal(0, (2 / x.shape[1]) ** 0.5, (x.shape[1], hidden)).astype(np.float32)
    b1 = np.zeros(hidden, np.float32)
    w2 = rng.normal(0, (1 / hidden) ** 0.5, (hidden, classes)).astype(np.float32)
    b2 = np.zeros(classes, np.float32)
    velocity = [np.zeros_like(p) for p in (w1, b1, w2, b2)]
    batch, decay = 256, 1e-4
    for epoch in range(epochs):
        rate = 0.1 * 0.5 * (1 + np.cos(np.pi * epoch / epochs))  # cosine schedule
        order = rng.permutation(len(x))
        loss = 0.0
        for start in range(0, len(x), batch):
            pick = order[start : start + batch]
            xb, yb = x[pick], y[pick]
            hidden_out = np.maximum(xb @ w1 + b1, 0)
            logits = hidden_out @ w2 + b2
            logits -= logits.max(axis=1, keepdims=True)
            p = np.exp(logits)
            p /= p.sum(axis=1, keepdims=True)
            loss -= float(np.log(p[np.arange(len(yb)), yb] + 1e-9).sum())
            p[np.arange(len(yb)), yb] -= 1
            p /= len(yb)
            grad_hidden = (p @ w2.T) * (hidden_out > 0)
            grads = (xb.T @ grad_hidden + decay * w1, grad_hidden.sum(axis=0), hidden_out.T @ p + decay * w2,
                     p.sum(axis=0))  # fmt: skip
            for param, v, g in zip((w1, b1, w2, b2), velocity, grads, strict=True):
                v *= 0.9
                v -= rate * g.astype(np.float32)
                param += v
        print(f"  epoch {epoch + 1}: loss {loss / len(x):.3f}", flush=True)
    return {"mean": mean, "scale": scale, "w1": w1, "b1": b1, "w2": w2, "b2": b2}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sheets", type=int, default=600, help="rendered sheets of 36 tiles")
    parser.add_argument("--epochs", type=int, default=8)
    parser.add_argument("--seed", type=int, default=14)
    parser.add_argument("--out", type=Path, default=WEIGHTS)
    args = parser.parse_args()
    start = time.perf_counter()
    x, y = samples(args.sheets, args.seed)
    print(f"{len(x)} samples ({(y < TURNED).sum()} upright) from {args.sheets} sheets "
          f"in {time.perf_counter() - start:.0f} s", flush=True)  # fmt: skip
    weights = train(x, y, args.epochs, args.seed)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    kept = {k: v.astype(np.float16 if k.startswith("w") else np.float32) for k, v in weights.items()}
    np.savez_compressed(args.out, **kept)  # type: ignore[arg-type] # numpy's stub takes **kwds as allow_pickle
    print(f"wrote {args.out} in {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
