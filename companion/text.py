"""Words for the messages players read.

>>> count(1, "letter"), count(2, "letter"), count(0, "word")
('1 letter', '2 letters', '0 words')
>>> listed(["Ann"]), listed(["Ann", "Ben"]), listed(["Ann", "Ben", "Cat"])
('Ann', 'Ann and Ben', 'Ann, Ben and Cat')
"""

from __future__ import annotations


def count(n: int, noun: str, plural: str = "") -> str:
    """``n`` and ``noun``, plural unless ``n`` is 1: "1 letter", "3 words" (``plural`` if not + S)."""
    return f"{n} {noun if n == 1 else plural or noun + 's'}"


def listed(names: list[str]) -> str:
    """Names as a sentence lists them: "Ann", "Ann and Ben", "Ann, Ben and Cat"."""
    return " and ".join([", ".join(names[:-1]), names[-1]] if len(names) > 2 else names)
