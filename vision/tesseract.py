"""The second reader: Tesseract, once per frame, on a composite of every glyph.

Public API: :class:`SheetReader`, :func:`read_composite`, :func:`composite`, :func:`read_photo`.

Starting Tesseract costs about 100 ms, so it is called once per frame, not once per tile, and
started ahead (:class:`SheetReader`: its model loads on the other core while the first reader
works; the sheet is handed to it on its standard input). It runs on one thread: its OpenMP
threads spinning on two shared cores took 0.5-0.9 s for a sheet that one thread reads in 0.15 s.
The glyphs, each turned upright by the first reader's angle, are pasted black on white into a grid
(one cell each, a wide gap between them) and read as a block of text (``--psm 6``, A-Z only);
each character box Tesseract reports is put back in its cell. A cell Tesseract leaves empty or
reads as two characters gives no second read.

:func:`read_photo` is Tesseract alone on the whole photo, the baseline the benchmark compares
the pipeline with.
"""

from __future__ import annotations

import shutil
import subprocess

import cv2
import numpy as np
import pytesseract

from vision.glyphs import LETTERS, turn

CELL = 64  # pixels a glyph cell is wide and high
GLYPH = 48  # pixels a glyph is high in its cell
COLUMNS = 12
CONFIG = f"--psm 6 -c tessedit_do_invert=0 -c tessedit_char_whitelist={LETTERS}"


def composite(glyphs: list[np.ndarray]) -> np.ndarray:
    """The upright glyph masks pasted black on white, one per cell, COLUMNS to a row."""
    rows = max(1, -(-len(glyphs) // COLUMNS))
    sheet = np.full((rows * CELL + CELL, COLUMNS * CELL + CELL), 255, np.uint8)
    for index, glyph in enumerate(glyphs):
        ys, xs = np.nonzero(glyph)
        if not len(xs):
            continue
        ink = glyph[ys.min() : ys.max() + 1, xs.min() : xs.max() + 1]
        scale = GLYPH / max(ink.shape[0], ink.shape[1] * 0.8)
        h, w = max(1, round(ink.shape[0] * scale)), max(1, round(ink.shape[1] * scale))
        small = cv2.resize(cv2.GaussianBlur(ink * 255.0, (0, 0), max(0.6, 0.5 / scale)), (w, h),
                           interpolation=cv2.INTER_AREA)  # fmt: skip
        small = np.where(small > 110, 255, 0).astype(np.uint8)
        top = CELL // 2 + (index // COLUMNS) * CELL + (CELL - h) // 2
        left = CELL // 2 + (index % COLUMNS) * CELL + (CELL - w) // 2
        sheet[top : top + h, left : left + w] = 255 - small
    return sheet


class SheetReader:
    """Tesseract started now, handed one sheet of glyphs later (:meth:`read`), or stopped unused
    (:meth:`close`). Use it as a context manager.

    >>> with SheetReader() as tesseract:
    ...     tesseract.read([])
    []
    """

    def __init__(self) -> None:
        command = [shutil.which("tesseract") or "tesseract", "stdin", "stdout", *CONFIG.split(), "makebox"]
        self._process: subprocess.Popen[bytes] | None = subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
        )  # fmt: skip

    def read(self, glyphs: list[np.ndarray], angles: list[int] | None = None) -> list[str | None]:
        """Tesseract's letter for each glyph mask (turned by ``angles`` first), None where it has none."""
        if not glyphs or self._process is None:
            self.close()
            return [None] * len(glyphs)
        upright = [turn(g, a) for g, a in zip(glyphs, angles, strict=True)] if angles else glyphs
        sheet = composite(upright)
        ok, png = cv2.imencode(".png", sheet)
        process, self._process = self._process, None
        boxes, _ = process.communicate(png.tobytes() if ok else b"")
        return _letters(boxes.decode(errors="replace"), sheet.shape[0], len(glyphs))

    def close(self) -> None:
        """Stop Tesseract if it was not used."""
        if self._process is not None:
            self._process.kill()
            self._process.wait()
            self._process = None

    def __enter__(self) -> SheetReader:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()


def read_composite(glyphs: list[np.ndarray], angles: list[int] | None = None) -> list[str | None]:
    """Tesseract's letter for each glyph mask (turned by ``angles`` first), None where it has none."""
    if not glyphs:
        return []
    with SheetReader() as tesseract:
        return tesseract.read(glyphs, angles)


def _letters(boxes: str, height: int, count: int) -> list[str | None]:
    """Each cell's letter from Tesseract's boxes (one a cell, or None)."""
    found: dict[int, list[str]] = {}
    for line in boxes.splitlines():
        parts = line.split()
        if len(parts) < 5 or parts[0] not in LETTERS:
            continue
        x0, y0, x1, y1 = (int(v) for v in parts[1:5])
        cx, cy = (x0 + x1) / 2 - CELL // 2, height - (y0 + y1) / 2 - CELL // 2
        column, row = int(cx // CELL), int(cy // CELL)
        if 0 <= column < COLUMNS and row >= 0:
            found.setdefault(row * COLUMNS + column, []).append(parts[0])
    return [found[i][0] if len(found.get(i, [])) == 1 else None for i in range(count)]


def read_photo(image: np.ndarray) -> list[tuple[str, tuple[float, float]]]:
    """Tesseract alone on a whole photo (sparse text, A-Z): each letter with its centre."""
    gray = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY) if image.ndim == 3 else image
    height = gray.shape[0]
    letters = []
    config = f"--psm 11 -c tessedit_char_whitelist={LETTERS}"
    for line in pytesseract.image_to_boxes(gray, config=config).splitlines():
        parts = line.split()
        if len(parts) >= 5 and parts[0] in LETTERS:
            x0, y0, x1, y1 = (int(v) for v in parts[1:5])
            letters.append((parts[0], ((x0 + x1) / 2, height - (y0 + y1) / 2)))
    return letters
