"""Letter arithmetic: an immutable multiset of the letters A-Z.

Public API: :class:`Letters`, :class:`LetterError`.

>>> pool = Letters("lgx")
>>> Letters("ride") + Letters("lg") >= Letters("glider")
True
>>> Letters("glider") - Letters("ride")
Letters('GL')
>>> Letters("tease") <= Letters("eaters")
True
>>> Letters("act") < Letters("cat")
False
>>> Letters("ride").missing(Letters("rides"))
Letters('S')
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from companion.errors import InvalidInputError

ALPHABET = "abcdefghijklmnopqrstuvwxyz"
_INDEX = {c: i for i, c in enumerate(ALPHABET)}


class LetterError(InvalidInputError):
    """Text that is not made of the letters A-Z."""


class Letters:
    """A multiset of letters, stored as 26 counts. Immutable and hashable.

    Built from text (case ignored; letters a-z only) or from counts. ``a <= b`` means every
    letter of ``a`` is in ``b`` as often; ``a - b`` requires ``b <= a``.
    """

    __slots__ = ("counts",)
    counts: tuple[int, ...]

    def __init__(self, text: str | Iterable[str] = "") -> None:
        counts = [0] * 26
        for ch in text:
            index = _INDEX.get(ch.lower())
            if index is None:
                raise LetterError(f"{ch!r} is not a letter A-Z")
            counts[index] += 1
        object.__setattr__(self, "counts", tuple(counts))

    @classmethod
    def from_counts(cls, counts: Iterable[int]) -> Letters:
        letters = cls.__new__(cls)
        values = tuple(counts)
        if len(values) != 26 or min(values) < 0:
            raise LetterError("letter counts must be 26 non-negative numbers")
        object.__setattr__(letters, "counts", values)
        return letters

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Letters is immutable")

    def __len__(self) -> int:
        return sum(self.counts)

    def __iter__(self) -> Iterator[str]:
        for letter, n in zip(ALPHABET, self.counts, strict=True):
            yield from letter * n

    def __bool__(self) -> bool:
        return any(self.counts)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Letters) and self.counts == other.counts

    def __hash__(self) -> int:
        return hash(self.counts)

    def __le__(self, other: Letters) -> bool:
        return all(a <= b for a, b in zip(self.counts, other.counts, strict=True))

    def __lt__(self, other: Letters) -> bool:
        return self != other and self <= other

    def __ge__(self, other: Letters) -> bool:
        return other <= self

    def __gt__(self, other: Letters) -> bool:
        return other < self

    def __add__(self, other: Letters) -> Letters:
        return Letters.from_counts(a + b for a, b in zip(self.counts, other.counts, strict=True))

    def __sub__(self, other: Letters) -> Letters:
        if not other <= self:
            raise LetterError(f"cannot take {other} from {self}: {self.missing(other)} missing")
        return Letters.from_counts(a - b for a, b in zip(self.counts, other.counts, strict=True))

    def missing(self, wanted: Letters) -> Letters:
        """The letters of ``wanted`` that ``self`` lacks."""
        return Letters.from_counts(max(0, b - a) for a, b in zip(self.counts, wanted.counts, strict=True))

    def __str__(self) -> str:
        return "".join(self).upper()

    def __repr__(self) -> str:
        return f"Letters({str(self)!r})"
