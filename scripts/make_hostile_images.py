#!/usr/bin/env python3
"""Write the hostile-image set: files that are not table photos, or are photos in odd shapes.

Each file is named for what it tries: too small (1x1, a one-pixel strip), empty or truncated
files, bytes that are no image under an image's name, a decompression bomb (a few hundred KB of
PNG that decodes to 12000x12000) and a header that claims a 100,000-pixel side, 16-bit, gray and
transparent images, and a big phone-sized JPEG of real-looking tiles (it must be read, scaled).
``wordtable read`` must answer every one in one line (a read, possibly empty, or a refusal), never
a traceback: tests/test_hostile_images.py runs it over the set.

Run: ``.venv/bin/python scripts/make_hostile_images.py DIR``
"""

from __future__ import annotations

import struct
import sys
import zlib
from pathlib import Path

import cv2
import numpy as np

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from vision.render import tiles_scene  # noqa: E402 - after the path is set

#: The big photo's words: it must still be read after being scaled down.
BIG_PHOTO_WORDS = (("TABLE", (150, 200), 0), ("GAMES", (150, 500), 0))


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def png_bomb(width: int, height: int) -> bytes:
    """An 8-bit gray PNG of zeros: a few hundred KB that decode to width x height bytes."""
    compressor = zlib.compressobj(9)
    row = b"\x00" * (width + 1)  # filter byte + pixels
    data = b"".join(compressor.compress(row) for _ in range(height)) + compressor.flush()
    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", header) + _chunk(b"IDAT", data) + _chunk(b"IEND", b"")


def png_claiming(width: int, height: int) -> bytes:
    """A PNG whose header claims width x height, with almost no data behind it."""
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    idat = zlib.compress(b"\x00" * 64)
    return b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", header) + _chunk(b"IDAT", idat) + _chunk(b"IEND", b"")


def encoded(image: np.ndarray, suffix: str) -> bytes:
    ok, data = cv2.imencode(suffix, image)
    assert ok, suffix
    return data.tobytes()


def make(folder: Path) -> list[Path]:
    """Write the set into ``folder``; the paths written."""
    folder.mkdir(parents=True, exist_ok=True)
    rng = np.random.default_rng(17)
    scene = tiles_scene(list(BIG_PHOTO_WORDS), loose="QI", seed=5).image
    good_png = encoded(scene, ".png")
    good_jpeg = encoded(scene, ".jpg")
    files: dict[str, bytes] = {
        "one-pixel.png": encoded(np.zeros((1, 1, 3), np.uint8), ".png"),
        "two-by-two.jpg": encoded(np.full((2, 2, 3), 200, np.uint8), ".jpg"),
        "strip-wide.png": encoded(np.full((1, 5000, 3), 128, np.uint8), ".png"),
        "strip-tall.png": encoded(np.full((5000, 3, 3), 128, np.uint8), ".png"),
        "empty.jpg": b"",
        "text.png": b"this is not a picture of a table\n",
        "random-bytes.jpg": rng.integers(0, 256, 4096, dtype=np.uint8).tobytes(),
        "truncated.png": good_png[: len(good_png) // 3],
        "truncated.jpg": good_jpeg[: len(good_jpeg) // 3],
        "jpeg-header-only.jpg": good_jpeg[:200],
        "bomb-12000.png": png_bomb(12000, 12000),
        "claims-100000.png": png_claiming(100000, 100000),
        "gray-16bit.png": encoded((scene[:, :, 1].astype(np.uint16) * 257), ".png"),
        "transparent.png": encoded(np.dstack([scene, np.zeros(scene.shape[:2], np.uint8)]), ".png"),
        "all-black.png": encoded(np.zeros((480, 640, 3), np.uint8), ".png"),
        "all-white.jpg": encoded(np.full((480, 640, 3), 255, np.uint8), ".jpg"),
        "noise.png": encoded(rng.integers(0, 256, (480, 640, 3), dtype=np.uint8), ".png"),
        "stripes.png": encoded(np.tile(((np.arange(640) // 3) % 2 * 255).astype(np.uint8), (480, 1)), ".png"),
        "big-phone-photo.jpg": encoded(cv2.resize(scene, (6000, 6000), interpolation=cv2.INTER_LINEAR), ".jpg"),
    }
    written = []
    for name, data in files.items():
        path = folder / name
        path.write_bytes(data)
        written.append(path)
    directory = folder / "a-folder.png"
    directory.mkdir(exist_ok=True)
    written.append(directory)
    return written


def main() -> None:
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    for path in make(Path(sys.argv[1])):
        print(path)


if __name__ == "__main__":
    main()
