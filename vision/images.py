"""Images in, safely: sizes checked before decoding, frames scaled to what the readers need.

Public API: :func:`load_image`, :func:`as_frame`, :func:`fit`, :data:`MAX_PIXELS`,
:data:`READ_SIDE`, :data:`MIN_SIDE`.

A photo's header says its size before a pixel is decoded, so an absurd image (a decompression
bomb: a small file that claims a 50,000-pixel side) is refused for what it claims, and a big
phone photo is decoded already reduced (JPEG decodes at 1/2, 1/4 or 1/8 for free). The readers
need no more than READ_SIDE pixels on the long side: a 100-tile table still gives glyphs of 20+
pixels, and the cost of every stage grows with the pixels. Any frame (a camera's, a file's)
becomes 8-bit BGR.

>>> import numpy as np
>>> as_frame(np.zeros((4, 5), np.uint16)).shape
(4, 5, 3)
>>> frame, factor = fit(np.zeros((3200, 2400, 3), np.uint8))
>>> frame.shape, factor
((1600, 1200, 3), 0.5)
"""

from __future__ import annotations

import warnings
from pathlib import Path

import cv2
import numpy as np
from PIL import Image

from companion.errors import InvalidInputError

MAX_PIXELS = 64_000_000  # a 48 MP phone photo passes; beyond this nobody photographs a table
READ_SIDE = 1600  # pixels on the long side the readers are given
MIN_SIDE = 16  # a frame smaller than this cannot hold a tile: it reads as empty


def load_image(path: Path | str) -> tuple[np.ndarray, float]:
    """The image at ``path`` as 8-bit BGR, decoded at the smallest JPEG reduction that keeps
    READ_SIDE pixels, and its pixels per pixel of the file (1, 1/2, 1/4 or 1/8);
    InvalidInputError (one line) for what is not an image or is absurdly big."""
    path = Path(path)
    if not path.is_file():
        raise InvalidInputError(f"{path}: not found")
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(path) as header:  # reads the header only
                width, height = header.size
                jpeg = header.format == "JPEG"
    except (Image.DecompressionBombWarning, Image.DecompressionBombError):
        raise InvalidInputError(f"{path}: claims more than {MAX_PIXELS // 1_000_000} MP, refused") from None
    except (OSError, ValueError, SyntaxError) as error:  # PIL's ways of saying "not an image I know"
        raise InvalidInputError(f"{path}: not an image ({error})") from None
    if width * height > MAX_PIXELS:
        raise InvalidInputError(
            f"{path}: {width}x{height} is {width * height / 1e6:.0f} MP, more than the "
            f"{MAX_PIXELS // 1_000_000} MP a table photo needs: refused"
        )
    flags, reduced = cv2.IMREAD_COLOR, 1
    if jpeg:
        for reduce, flag in ((8, cv2.IMREAD_REDUCED_COLOR_8), (4, cv2.IMREAD_REDUCED_COLOR_4),
                             (2, cv2.IMREAD_REDUCED_COLOR_2)):  # fmt: skip
            if max(width, height) / reduce >= READ_SIDE:
                flags, reduced = flag, reduce
                break
    try:
        image = cv2.imread(str(path), flags)
    except cv2.error as error:
        raise InvalidInputError(f"{path}: cannot be decoded ({str(error).strip().splitlines()[-1]})") from None
    if image is None or image.size == 0:
        raise InvalidInputError(f"{path}: not an image OpenCV can decode")
    return as_frame(image), image.shape[1] / width if reduced > 1 else 1.0


def as_frame(image: np.ndarray) -> np.ndarray:
    """Any image array as 8-bit BGR (gray and BGRA converted, 16-bit and float scaled)."""
    if image.dtype != np.uint8:
        high = float(image.max()) if image.size else 0.0
        top = 1.0 if image.dtype.kind == "f" and high <= 1.0 else 65535.0 if image.dtype == np.uint16 else high or 1.0
        image = (np.asarray(image, np.float64) * (255.0 / top)).clip(0, 255).astype(np.uint8)
    if image.ndim == 2:
        return cv2.cvtColor(image, cv2.COLOR_GRAY2BGR)
    if image.ndim == 3 and image.shape[2] == 4:
        return cv2.cvtColor(image, cv2.COLOR_BGRA2BGR)
    if image.ndim == 3 and image.shape[2] == 1:
        return cv2.cvtColor(image[:, :, 0], cv2.COLOR_GRAY2BGR)
    if image.ndim != 3 or image.shape[2] != 3:
        raise InvalidInputError(f"an image of shape {image.shape} is not a picture")
    return image


def fit(image: np.ndarray, side: int = READ_SIDE) -> tuple[np.ndarray, float]:
    """The frame scaled down to ``side`` pixels on its long side (never up), and the factor used."""
    longest = max(image.shape[:2])
    if longest <= side:
        return image, 1.0
    factor = side / longest
    size = (max(1, round(image.shape[1] * factor)), max(1, round(image.shape[0] * factor)))
    return cv2.resize(image, size, interpolation=cv2.INTER_AREA), factor
