#!/usr/bin/env python3
"""Export the stem judge's word-link table from WordNet 3.0 (Debian's ``wordnet-base``).

Writes ``companion/data/wordnet-links.tsv.gz``: one line per link ``base<TAB>derived<TAB>relation``
between two single-word lemmas (a-z), where the letters of ``base`` are a sub-multiset of the
letters of ``derived`` (only such pairs can ever be a steal, so only they are kept). Relations:

- ``derivation``: WordNet's "derivationally related form" pointer (``+``): SINGER - SING.
- ``pertainym``:  adjective "pertains to" / adverb "derived from adjective" (``\\``): QUICKLY - QUICK.
- ``participle``: adjective that is a verb's participle (``<``).
- ``antonym``:    lexical antonyms (``!``): UNHAPPY - HAPPY (used only when DERIVED = prefix + BASE).
- ``inflection``: an irregular form in WordNet's exception lists (``*.exc``): OXEN - OX.
- ``synonym``:    both lemmas in one synset: AWAKE - WAKE (used only for affix-shaped pairs).
- ``gloss``:      BASE is a substring of DERIVED and a definition of DERIVED uses BASE or one of its
                  inflections as a word (example sentences excluded): REPLAY "play again".
- ``hypernym``:   a noun sense of DERIVED is a kind (or an instance) of a noun sense of BASE, one
                  step up WordNet's hierarchy, and DERIVED ends with BASE: LINCHPIN - PIN.

Also copies WordNet's licence to ``companion/data/WORDNET-NOTICE``.
Run ``python scripts/export_wordnet.py`` after ``apt-get install wordnet-base`` with lemminflect
installed (``pip install lemminflect``).
"""

from __future__ import annotations

import argparse
import gzip
import re
import shutil
from collections import Counter, defaultdict
from pathlib import Path

from lemminflect import getAllInflections

WORDNET = Path("/usr/share/wordnet")
OUT = Path(__file__).resolve().parent.parent / "companion" / "data"
POS_FILES = {"noun": "n", "verb": "v", "adj": "a", "adv": "r"}
POINTERS = {"+": "derivation", "\\": "pertainym", "<": "participle", "!": "antonym"}
#: A noun's pointers to the kind it is: hypernym, instance hypernym.
HYPERNYM = frozenset({"@", "@i"})
WORD = re.compile(r"[a-z]+")
TOKEN = re.compile(r"[a-z]+")
QUOTED = re.compile(r'"[^"]*"')


class Synset:
    __slots__ = ("gloss", "pointers", "words")

    def __init__(self, words: list[str], pointers: list[tuple[str, str, int, int]], gloss: str):
        self.words = words
        self.pointers = pointers  # (symbol, target key, source word no., target word no.)
        self.gloss = gloss


def parse_data_file(path: Path, pos: str) -> dict[str, Synset]:
    """Parse one ``data.POS`` file into synsets keyed by ``offset:pos``."""
    synsets: dict[str, Synset] = {}
    for line in path.read_text(encoding="latin-1").splitlines():
        if line.startswith(" "):
            continue  # licence header
        head, _, gloss = line.partition(" | ")
        fields = head.split()
        offset, w_cnt = fields[0], int(fields[3], 16)
        words = [fields[4 + 2 * i].lower() for i in range(w_cnt)]
        i = 4 + 2 * w_cnt
        p_cnt = int(fields[i])
        pointers = []
        for j in range(p_cnt):
            sym, target, tpos, st = fields[i + 1 + 4 * j : i + 5 + 4 * j]
            tpos = "a" if tpos == "s" else tpos
            pointers.append((sym, f"{target}:{tpos}", int(st[:2], 16), int(st[2:], 16)))
        synsets[f"{offset}:{POS_FILES[pos]}"] = Synset(words, pointers, gloss)
    return synsets


def clean(word: str) -> str:
    return re.sub(r"\(.*\)$", "", word)  # adjective markers such as "big(a)"


def contains(big: Counter[str], small: Counter[str]) -> bool:
    return all(big[c] >= n for c, n in small.items())


def inflections(word: str) -> set[str]:
    forms = {word}
    for values in getAllInflections(word).values():
        forms.update(values)
    return forms


def export(out: Path) -> dict[str, int]:
    synsets: dict[str, Synset] = {}
    for pos in POS_FILES:
        synsets.update(parse_data_file(WORDNET / f"data.{pos}", pos))

    links: set[tuple[str, str, str]] = set()

    def add(a: str, b: str, relation: str) -> None:
        a, b = clean(a), clean(b)
        if a == b or not (WORD.fullmatch(a) and WORD.fullmatch(b)):
            return
        ca, cb = Counter(a), Counter(b)
        if len(a) < len(b) and contains(cb, ca):
            links.add((a, b, relation))
        elif len(b) < len(a) and contains(ca, cb):
            links.add((b, a, relation))

    glosses: dict[str, list[str]] = defaultdict(list)
    for synset in synsets.values():
        words = [clean(w) for w in synset.words]
        for sym, target_key, source_no, target_no in synset.pointers:
            relation = POINTERS.get(sym)
            target = synsets.get(target_key)
            if relation is None or target is None or source_no == 0:
                continue
            add(words[source_no - 1], target.words[target_no - 1], relation)
        for i, a in enumerate(words):
            for b in words[i + 1 :]:
                add(a, b, "synonym")
        for sym, target_key, _, _ in synset.pointers:
            target = synsets.get(target_key)
            if sym in HYPERNYM and target is not None and target_key.endswith(":n"):
                for kind in words:
                    for base in (clean(w) for w in target.words):
                        if kind.endswith(base) and len(base) < len(kind) and WORD.fullmatch(kind):
                            links.add((base, kind, "hypernym"))
        definition = QUOTED.sub(" ", synset.gloss).split(";")
        text = " ".join(part for part in definition if part.strip())
        for w in words:
            glosses[w].append(text.lower())

    for pos in POS_FILES:
        for line in (WORDNET / f"{pos}.exc").read_text(encoding="latin-1").splitlines():
            form, *bases = line.split()
            for base in bases:
                add(base, form, "inflection")

    lemmas = sorted(w for w in glosses if WORD.fullmatch(w))
    lemma_set = set(lemmas)
    for derived in lemmas:
        tokens = set(TOKEN.findall(" ".join(glosses[derived])))
        for i in range(len(derived)):
            for j in range(i + 2, len(derived) + 1):
                base = derived[i:j]
                if base != derived and base in lemma_set and tokens & inflections(base):
                    links.add((base, derived, "gloss"))

    out.mkdir(parents=True, exist_ok=True)
    header = "# Generated by scripts/export_wordnet.py from WordNet 3.0 (Debian wordnet-base); see WORDNET-NOTICE.\n"
    with open(out / "wordnet-links.tsv.gz", "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0) as gz:
        gz.write(header.encode())
        gz.write("".join(f"{a}\t{b}\t{r}\n" for a, b, r in sorted(links)).encode())
    shutil.copyfile("/usr/share/doc/wordnet-base/copyright", out / "WORDNET-NOTICE")
    return Counter(r for _, _, r in links)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    if not WORDNET.is_dir():
        raise SystemExit(f"{WORDNET} not found: apt-get install wordnet-base")
    counts = export(args.out)
    print("links:", sum(counts.values()), dict(sorted(counts.items())))


if __name__ == "__main__":
    main()
