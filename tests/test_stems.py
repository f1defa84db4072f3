"""The stem judge against the public table, our own table, every inflection, and overrides."""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest
from lemminflect import getAllInflections

from companion.words.letters import Letters
from companion.words.overrides import OverrideStore
from companion.words.stems import StemJudge, Verdict, default_links, judge
from tests.helpers import ROOT, need_shared

CODES = {"S": Verdict.SAME, "D": Verdict.DIFFERENT, "N": Verdict.NOT_A_STEAL}
INFLECTION_NOTES = ("plural", "tense", "inflection", "participle", "comparative")


def read_table(path: Path) -> list[tuple[str, str, Verdict, bool, str]]:
    rows = []
    for line in path.read_text().splitlines():
        if line.startswith("#") or not line.strip():
            continue
        old, new, expected, *rest = line.split("\t")
        debatable = bool(rest and rest[0].strip() == "?")
        note = rest[1] if len(rest) > 1 else ""
        rows.append((old, new, CODES[expected], debatable, note))
    return rows


def accuracy(rows: list[tuple[str, str, Verdict, bool, str]]) -> tuple[float, list[str]]:
    clear = [r for r in rows if not r[3]]
    wrong = [f"{o}->{n}: {judge(o, n).reason}" for o, n, want, _, _ in clear if judge(o, n).verdict is not want]
    return 1 - len(wrong) / len(clear), wrong


def test_public_table_clear_cut_pairs() -> None:
    rows = read_table(need_shared("data/stem-pairs-public.tsv"))
    score, wrong = accuracy(rows)
    assert score >= 0.95, wrong


def test_public_table_inflections_are_never_different() -> None:
    rows = read_table(need_shared("data/stem-pairs-public.tsv"))
    inflections = [r for r in rows if any(k in r[4] for k in INFLECTION_NOTES)]
    assert len(inflections) >= 5
    for old, new, _, _, _ in inflections:
        assert judge(old, new).verdict is Verdict.SAME, (old, new)


def test_our_own_table() -> None:
    """Pairs written by us, none from the public table: the method must generalise."""
    score, wrong = accuracy(read_table(ROOT / "tests" / "data" / "stem-pairs-extra.tsv"))
    assert score >= 0.95, wrong


def test_no_inflection_of_any_standard_word_is_judged_different() -> None:
    """Every plural, tense, participle and comparative that lemminflect knows for the standard list.

    One exception is lemminflect's own: it offers DINER as a comparative of DIN.
    """
    path = ROOT / "companion" / "data" / "words-standard.txt.gz"
    with gzip.open(path, "rt") as f:
        words = [w.strip() for w in f if not w.startswith("#")]
    checked, wrong = 0, []
    for word in words:
        for forms in getAllInflections(word).values():
            for form in forms:
                if form == word or not (form.isascii() and form.isalpha() and form.islower()):
                    continue
                if Letters(word) < Letters(form):
                    checked += 1
                    if judge(word, form).verdict is Verdict.DIFFERENT:
                        wrong.append(f"{word}->{form}")
    assert checked > 25_000
    assert wrong == ["din->diner"]


@pytest.mark.parametrize(
    ("old", "new", "reason"),
    [
        ("tease", "teaser", "TEASER is TEASE + R: same stem"),
        ("tease", "eaters", "EATERS is TEASE + R: different stem"),
        ("act", "cat", "CAT only rearranges ACT"),
        ("ride", "tiles", "does not use every letter"),
        ("happy", "unhappy", "its opposite"),
        ("tractor", "extractor", "both are built on TRACT"),
        ("corn", "corner", "only looks like CORN + ER"),
    ],
)
def test_reasons_a_player_can_read(old: str, new: str, reason: str) -> None:
    assert reason in judge(old, new).reason


def test_confidence_is_a_probability() -> None:
    for old, new in [("tease", "teaser"), ("corn", "corner"), ("tease", "eaters"), ("act", "cat")]:
        assert 0.5 <= judge(old, new).confidence <= 1.0


def test_referee_overrides_win_and_persist(tmp_path: Path) -> None:
    path = tmp_path / "overrides.sqlite3"
    store = OverrideStore(path)
    store.rule("port", "report", allowed=False, note="same Latin root")
    store.rule("tease", "teaser", allowed=True)
    store.close()

    reopened = OverrideStore(path)
    referee_judge = StemJudge(default_links(), reopened)
    assert referee_judge.judge("port", "report").verdict is Verdict.SAME
    assert referee_judge.judge("tease", "teaser").verdict is Verdict.DIFFERENT
    assert referee_judge.judge("tease", "teaser").evidence == "override"
    reopened.remove("tease", "teaser")
    assert referee_judge.judge("tease", "teaser").verdict is Verdict.SAME


def test_override_needs_a_real_steal(tmp_path: Path) -> None:
    store = OverrideStore(tmp_path / "o.sqlite3")
    with pytest.raises(ValueError, match="nothing to rule on"):
        store.rule("act", "cat", allowed=True)
    assert len(store) == 0
