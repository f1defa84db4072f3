"""A word's meanings from WordNet 3.0 (Debian's ``wordnet-base``), as "Dictionary, Please!" asks.

Public API: :class:`Glossary`, :class:`Meaning`.

The index files give each lemma's synsets by byte offset into the data files; a meaning is the
synset's gloss (after ``|``) and its other words. Inflected forms are looked up through their
lemma (lemminflect), so GLIDERS finds GLIDER.

>>> glossary = Glossary()
>>> meanings = glossary.meanings("gliders")
>>> meanings[0].pos, "aircraft" in meanings[0].gloss
('noun', True)
>>> glossary.meanings("qwxz")
[]
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

from lemminflect import getAllLemmas

WORDNET = Path("/usr/share/wordnet")
POS = {"noun": "noun", "verb": "verb", "adj": "adjective", "adv": "adverb"}


@dataclass(frozen=True)
class Meaning:
    pos: str
    gloss: str
    synonyms: tuple[str, ...]

    def as_dict(self) -> dict[str, object]:
        return {"pos": self.pos, "gloss": self.gloss, "synonyms": list(self.synonyms)}


class Glossary:
    def __init__(self, root: Path = WORDNET) -> None:
        if not (root / "index.noun").exists():
            raise FileNotFoundError(f"WordNet is not installed at {root}: install wordnet-base (make does)")
        self.root = root

    @cache  # noqa: B019 - one glossary per process; the index is read once
    def _index(self, pos: str) -> dict[str, list[int]]:
        index: dict[str, list[int]] = {}
        with open(self.root / f"index.{pos}", encoding="utf-8") as f:
            for line in f:
                if line.startswith(" "):
                    continue
                parts = line.split()
                synsets = int(parts[2])
                index[parts[0]] = [int(o) for o in parts[-synsets:]]
        return index

    def _synset(self, pos: str, offset: int) -> Meaning:
        with open(self.root / f"data.{pos}", "rb") as f:
            f.seek(offset)
            line = f.readline().decode("utf-8")
        head, _, gloss = line.partition("|")
        parts = head.split()
        count = int(parts[3], 16)
        words = tuple(parts[4 + 2 * i].replace("_", " ").split("(")[0] for i in range(count))
        return Meaning(POS[pos], gloss.strip(), words)

    def used_as(self, word: str, pos: str) -> bool:
        """Does WordNet define ``word`` itself as ``pos`` (noun, verb, adj, adv)?

        >>> Glossary().used_as("prow", "noun"), Glossary().used_as("prow", "adj")
        (True, False)
        """
        return word in self._index(pos)

    def meanings(self, word: str, limit: int = 8) -> list[Meaning]:
        """The word's meanings, its own lemma first, at most ``limit``."""
        word = word.strip().lower()
        if not word.isalpha():
            return []
        lemmas = [word, *sorted({lemma for forms in getAllLemmas(word).values() for lemma in forms} - {word})]
        found: list[Meaning] = []
        for lemma in lemmas:
            for pos in POS:
                for offset in self._index(pos).get(lemma, []):
                    meaning = self._synset(pos, offset)
                    if meaning not in found:
                        found.append(meaning)
        return found[:limit]
