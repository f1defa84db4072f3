"""docs/rules.md, the rule index that scripts/make_rule_index.py writes: current, complete for Not
Scrabble's numbered rules, and true to the rule texts in ../shared/rules/."""

from __future__ import annotations

import functools
import importlib.util
import re
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from tests.helpers import ROOT, need_shared

SCRIPT = ROOT / "scripts" / "make_rule_index.py"

#: Numbered rules of not-scrabble.txt that no engine or session could enforce, each with the reason.
#: Every other numbered rule must be raised, cited or listed in the index.
NOT_ENFORCEABLE = {
    "03": "a freedom, not a limit: the bag's holder may wait as long as he likes, so no move is refused",
    "20": "names the paper dictionaries the players may consult; the word lists stand in for them (rule 19)",
    "21": "conduct away from the moves (no notes, books or internet during play): nothing the companion sees",
}


def load_script() -> ModuleType:
    """scripts/make_rule_index.py as a module (scripts/ is not a package)."""
    spec = importlib.util.spec_from_file_location("make_rule_index", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up as the classes are made
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def script() -> ModuleType:
    return load_script()


@functools.cache
def index_with_texts(script: ModuleType, rules_dir: Path) -> Any:
    """The index as the script builds it from the code and the rule texts (built once)."""
    return script.build_index(ROOT, rules_dir)


def game(index: Any, key: str) -> Any:
    return next(g for g in index.games if g.spec.key == key)


def test_docs_rules_md_is_current(script: ModuleType) -> None:
    rules_dir = need_shared("rules")
    diff = script.check(ROOT, rules_dir)
    assert not diff, "docs/rules.md is stale: run .venv/bin/python scripts/make_rule_index.py\n" + "\n".join(diff[:40])
    assert script.main(["--check", "--rules", str(rules_dir)]) == 0


def test_every_enforceable_numbered_rule_of_not_scrabble_is_indexed(script: ModuleType) -> None:
    path = need_shared("rules/not-scrabble.txt")
    index = index_with_texts(script, path.parent)
    text = path.read_text(encoding="utf-8")
    numbers = re.findall(r"^(\d{2})\. ", text, re.MULTILINE)
    assert len(numbers) >= 20 and numbers == sorted(set(numbers)), numbers
    assert set(NOT_ENFORCEABLE) <= set(numbers), "an exception names a rule the text does not have"
    not_scrabble = game(index, "not-scrabble")
    assert not not_scrabble.unplaced, f"codes naming no numbered rule: {not_scrabble.unplaced}"
    doc = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    missing = []
    for number in numbers:
        entry = not_scrabble.entry(f"not-scrabble {number}")
        assert entry is not None and entry.quote, f"rule {number} is not in the index"
        section = doc.partition(f"### `not-scrabble {number}`\n")[2].partition("\n### ")[0]
        assert section, f"docs/rules.md has no section for rule {number}"
        if number in NOT_ENFORCEABLE:
            continue
        if not entry.sites or "](../" not in section:
            missing.append(number)
    assert not missing, f"numbered rules nothing in the code enforces or cites: {missing}"


@pytest.mark.parametrize("key", ["dictionary-please", "dicewords", "lexicon", "letter-games"])
def test_every_rule_code_names_a_heading_or_passage_of_its_text(script: ModuleType, key: str) -> None:
    spec = next(s for s in script.GAMES if s.key == key)
    path = need_shared(f"rules/{spec.file}")
    index = index_with_texts(script, path.parent)
    raw = path.read_text(encoding="utf-8")
    lines = [script.squash(line.replace("*", "")) for line in raw.splitlines()]
    flat = script.squash(raw.replace("*", ""))
    ours = game(index, key)
    assert not ours.unplaced, f"{spec.file} has no passage for {ours.unplaced}: add an Anchor to GAMES"
    raised = [e for e in ours.entries if e.raised]
    assert raised, f"no RuleError names {key}"
    for entry in raised:
        section = entry.section
        assert section is not None, entry.codes
        words = script.squash(section.title).split()
        if section.kind == "passage":
            assert " ".join(words) in flat, f"{entry.codes}: {section.title!r} is not in {spec.file}"
        else:  # a heading: its words, in order, on one line of the text
            assert any(_in_order(words, line) for line in lines), f"{entry.codes}: no heading {section.title!r}"
        assert entry.quote, entry.codes


def _in_order(words: list[str], line: str) -> bool:
    """The words appear in ``line`` as whole words, in order (a trademark may stand between them)."""
    return re.search(r"\b" + r"\b.*\b".join(map(re.escape, words)) + r"(?!\w)", line) is not None


def test_every_rule_error_names_a_rule_of_a_known_game(script: ModuleType, tmp_path: Path) -> None:
    """From the code alone (no rule texts): every RuleError's rule can be read, and its game is known."""
    index = script.build_index(ROOT, tmp_path)
    assert not index.unresolved, f"RuleError calls whose rule cannot be read: {index.unresolved}"
    assert not index.orphans, f"rule codes that name no game: {sorted(index.orphans)}"
    page = script.render(index)
    assert "The quotations are missing" in page
    assert "### `not-scrabble 07`" in page and "NotScrabble.claim_check" in page
