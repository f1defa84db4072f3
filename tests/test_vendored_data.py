"""The vendored word data is exactly what the scripts make from Debian's packages."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers import ROOT, skip_or_fail

DATA = ROOT / "companion" / "data"


def need_system_path(path: str, package: str) -> None:
    if not Path(path).exists():
        skip_or_fail(f"{path} is absent: install Debian's {package} (make does it)")


@pytest.mark.parametrize(
    ("script", "source", "package", "files"),
    [
        ("make_wordlists.py", "/usr/share/dict/scowl", "scowl", ["words-standard.txt.gz", "words-large-extra.txt.gz"]),
        ("export_wordnet.py", "/usr/share/wordnet", "wordnet-base", ["wordnet-links.tsv.gz"]),
    ],
)
def test_regenerated_data_is_identical(
    tmp_path: Path, script: str, source: str, package: str, files: list[str]
) -> None:
    need_system_path(source, package)
    subprocess.run([sys.executable, str(ROOT / "scripts" / script), "--out", str(tmp_path)], check=True, timeout=300)
    for name in files:
        assert (tmp_path / name).read_bytes() == (DATA / name).read_bytes(), name


def test_notices_are_vendored() -> None:
    assert "Kevin Atkinson" in (DATA / "SCOWL-NOTICE").read_text()
    assert "WordNet 3.0 Copyright 2006 by Princeton University" in (DATA / "WORDNET-NOTICE").read_text()
