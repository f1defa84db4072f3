from __future__ import annotations

import pytest

from companion.words.letters import LetterError, Letters


def test_arithmetic_is_a_multiset() -> None:
    assert Letters("glider") - Letters("ride") == Letters("lg")
    assert Letters("tease") + Letters("r") == Letters("eaters")
    assert len(Letters("eeee")) == 4
    assert str(Letters("Zebra")) == "ABERZ"


def test_subset_counts_repeated_letters() -> None:
    assert Letters("eel") <= Letters("eleven")
    assert not Letters("eeee") <= Letters("eleven")
    assert Letters("act") < Letters("tact")
    assert not Letters("act") < Letters("cat")  # same letters: not a strict subset


def test_missing_letters() -> None:
    assert Letters("lg").missing(Letters("glx")) == Letters("x")
    assert not Letters("abc").missing(Letters("cab"))


def test_cannot_take_what_is_not_there() -> None:
    with pytest.raises(LetterError, match="missing"):
        Letters("ride") - Letters("x")


@pytest.mark.parametrize("text", ["h3llo", "tea-set", "café", "a b"])
def test_only_letters_a_to_z(text: str) -> None:
    with pytest.raises(LetterError):
        Letters(text)


def test_immutable_and_hashable() -> None:
    letters = Letters("abc")
    with pytest.raises(AttributeError):
        letters.counts = (0,) * 26  # type: ignore[misc]  # frozen: the assignment must fail
    assert {Letters("abc"), Letters("cab")} == {letters}
