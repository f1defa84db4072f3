"""The layers: imports run downwards only (wordtable -> web -> vision, firmware_bridge -> companion),
the referee's core is pure, and only the top reads the environment."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.helpers import ROOT

# What each package may not import (by the first part of the module name).
FORBIDDEN = {
    "companion": {"web", "vision", "firmware_bridge", "wordtable", "flask", "werkzeug", "cv2", "serial", "pytesseract"},
    "vision": {"web", "wordtable", "firmware_bridge", "flask", "serial"},
    "firmware_bridge": {"web", "wordtable", "vision", "flask", "cv2"},
    "web": {"wordtable"},
}
# Inside companion, the layers from the bottom up: a layer imports only those below it (and itself).
COMPANION_LAYERS = ["errors", "text", "words", "sets", "records", "games", "table", "club"]


def modules(package: str) -> Iterator[Path]:
    yield from sorted((ROOT / package).rglob("*.py"))


def imports(path: Path) -> Iterator[tuple[int, str]]:
    """Every module a file imports (at any depth: inside functions too), with its line."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            yield node.lineno, node.module


@pytest.mark.parametrize("package", sorted(FORBIDDEN))
def test_imports_run_downwards(package: str) -> None:
    wrong = [
        f"{path.relative_to(ROOT)}:{line} imports {name}"
        for path in modules(package)
        for line, name in imports(path)
        if name.split(".")[0] in FORBIDDEN[package]
    ]
    assert not wrong, "\n".join(wrong)


def layer(module: str) -> int:
    part = module.split(".")[1] if module.count(".") else ""
    return COMPANION_LAYERS.index(part)


def test_the_layers_inside_the_referee() -> None:
    """errors <- words <- sets <- records <- games <- table <- club: never upwards."""
    wrong = []
    for path in modules("companion"):
        parts = path.relative_to(ROOT).with_suffix("").parts
        if len(parts) < 2 or parts[1] == "__init__":
            continue
        own = layer(".".join(parts))
        for line, name in imports(path):
            if name.startswith("companion.") and layer(name) > own:
                wrong.append(f"{path.relative_to(ROOT)}:{line} imports {name} (a higher layer)")
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("package", ["companion", "vision", "firmware_bridge", "web"])
def test_only_the_top_reads_the_environment(package: str) -> None:
    """Settings come in as arguments; ``wordtable.settings`` is the one place that reads them."""
    readers = [
        f"{path.relative_to(ROOT)}:{node.lineno}"
        for path in modules(package)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Attribute) and node.attr in {"environ", "getenv"}
    ]
    assert not readers, f"environment read below the top: {', '.join(readers)}"


def test_the_checker_sees_a_wrong_import(tmp_path: Path) -> None:
    """The walk finds imports inside functions too, where a lazy upward import would hide."""
    sample = tmp_path / "sample.py"
    sample.write_text("import os\n\ndef f():\n    from web.api import api\n    import cv2\n", encoding="utf-8")
    assert [name for _, name in imports(sample)] == ["os", "web.api", "cv2"]


def test_every_type_ignore_says_why() -> None:
    """mypy runs in ``make test``; silencing it needs an error code and a reason on the same line."""
    marker_text = "# type" + ": ignore"  # spelled apart so that this line is not a match
    bare = []
    for package in ["companion", "vision", "firmware_bridge", "web", "wordtable", "scripts", "benchmarks", "tests"]:
        for path in modules(package):
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
                _, marker, after = line.partition(marker_text)
                if marker and not (after.startswith("[") and "#" in after):
                    bare.append(f"{path.relative_to(ROOT)}:{number}")
    assert not bare, f"type: ignore without [code] and a reason: {', '.join(bare)}"


def crossings(path: Path) -> Iterator[str]:
    """Imports of a test module (``tests.test_x``, conftest) at any depth, and in tests/ of a benchmark."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module, *(f"{node.module}.{alias.name}" for alias in node.names)]
        else:
            continue
        for name in names:
            parts = name.split(".")
            if (parts[0] == "benchmarks" and path.parent.name == "tests") or (
                parts[0] == "tests" and parts[1:2] and parts[1].startswith(("test_", "conftest"))
            ):
                yield f"{path.relative_to(path.parents[1])}:{node.lineno} imports {name}"


def test_tests_and_benchmarks_share_only_helper_modules() -> None:
    """No test imports a benchmark or another test module, and no benchmark imports a test module:
    what they share lives in the helper modules of tests/ (helpers, buzzsim, browser, ...)."""
    wrong = [
        crossing for package in ("tests", "benchmarks") for path in modules(package) for crossing in crossings(path)
    ]
    assert not wrong, "\n".join(wrong)


def test_the_crossing_checker_sees_each_form(tmp_path: Path) -> None:
    sample = tmp_path / "tests" / "test_sample.py"
    sample.parent.mkdir()
    sample.write_text(
        "from tests.helpers import push\nfrom tests.test_x import y\nfrom tests import test_z, buzzsim\n\n"
        "def f():\n    import benchmarks.dashboard\n    from tests.conftest import ROOT\n",
        encoding="utf-8",
    )
    assert [c.split(" imports ")[1] for c in crossings(sample)] == [
        "tests.test_x",
        "tests.test_x.y",
        "tests.test_z",
        "benchmarks.dashboard",
        "tests.conftest",
        "tests.conftest.ROOT",
    ]
