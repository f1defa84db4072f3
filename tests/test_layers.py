"""The layers: imports run downwards only (wordtable -> web -> vision, firmware_bridge -> companion),
the referee's core is pure, and only the top reads the environment."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

# What each package may not import (by the first part of the module name).
FORBIDDEN = {
    "companion": {"web", "vision", "firmware_bridge", "wordtable", "flask", "werkzeug", "cv2", "serial", "pytesseract"},
    "vision": {"web", "wordtable", "firmware_bridge", "flask", "serial"},
    "firmware_bridge": {"web", "wordtable", "vision", "flask", "cv2"},
    "web": {"wordtable"},
}
# Inside companion, the layers from the bottom up: a layer imports only those below it (and itself).
COMPANION_LAYERS = ["errors", "words", "sets", "records", "games", "table"]


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
    """errors <- words <- sets <- records <- games <- table: never upwards."""
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
