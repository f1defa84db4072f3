#!/usr/bin/env python3
"""Export Webster's etymologies (GCIDE) for the stem judge: ``companion/data/gcide-etymology.tsv.gz``.

GCIDE, the GNU Collaborative International Dictionary of English, is Webster's Revised
Unabridged Dictionary of 1913 with later additions; Debian ships it as ``dict-gcide``
(``/usr/share/dictd/gcide.dict.dz``, GPL). Each entry opens with the headword divided into
syllables (``Hail"stone`\\``, ``Pump"kin``) and, for most words, its etymology in brackets
(``Pantry ... [OE. pantrie, F. paneterie, fr. panetier pantler, ... L. panis bread.]``).
Webster gives no etymology for a word made in English from words it defines (BOYISH,
BOOKCASE, HAILSTONE): those are the entries written without one.

One row per entry of a word of the large list::

    word<TAB>syllables<TAB>etymology<TAB>rare

``syllables`` is the headword's division, lower case, with ``-`` between syllables
(``hail-stone``); ``etymology`` is the bracketed text with Webster's accent markup taken out
(``fre[-o]nd`` -> ``freond``), empty when the entry has none. Grammatical notes
(``[imp. & p. p. ...]``, ``[Compar. ...]``) and labels (``[Obs.]``, ``[R.]``) are not
etymologies and are left out. ``rare`` says ``rare`` when the entry's first sense is marked
obsolete, rare or archaic (``Spire, v. i. [L. spirare to breathe.] To breathe. [Obs.]``).

Run (with Debian's ``dict-gcide`` installed)::

    python scripts/export_gcide.py

The output is deterministic (sorted, gzip mtime 0). Its first line, ``#common<TAB>...``, lists
the words of Webster's own wording (``companion.words.webster.common_words``).
"""

from __future__ import annotations

import argparse
import gzip
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from companion.words.dictionary import Dictionary  # noqa: E402 - after the path is set
from companion.words.webster import common_words  # noqa: E402

OUT = ROOT / "companion" / "data" / "gcide-etymology.tsv.gz"
DICT = Path("/usr/share/dictd/gcide.dict.dz")
INDEX = Path("/usr/share/dictd/gcide.index")

B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
#: An entry starts at a line that names the headword between backslashes: ``Pantry \\Pan"try\\, n.``
ENTRY = re.compile(r"^(\S[^\n\\]*)\\([^\\\n]+)\\", re.M)
#: Where the first sense's text has ended: the source tag Webster's editors put after each sense.
SOURCE_TAG = re.compile(
    r"\[(?:1913 Webster[^\]]*|Webster 1913[^\]]*|Webster 1828|WordNet[^\]]*|PJC|RDH"
    r"|Century Dict\.[^\]]*|Chambers[^\]]*)\]"
)
#: Brackets that are grammar or a usage label, not an etymology.
NOT_ETYMOLOGY = re.compile(
    r"^\s*(?:imp\.|p\. ?p\.|p\. ?pr\.|pret\.|Compar\.|compar\.|superl\.|pl\.|sing\.|Obs\.|R\.|Colloq\.|Archaic|Rare|"
    r"Eng\.|Scot|Prov|Poetic|Local|U\. ?S\.|Slang|Cant|Low|Vulgar|Fig\.|Written also|Also|See Illust|"
    r"Sometimes|Chiefly|Humorous|Jocose|Dial|Now|Ironical|Abbrev)"
)
#: Webster's accent markup inside a word: fre[-o]nd, m[=o]na, [ae]on.
MARKUP = re.compile(r"\[([^\[\]\s]{1,4})\]")


def decode(text: str) -> int:
    """A dictd index number (base 64)."""
    n = 0
    for char in text:
        n = n * 64 + B64.index(char)
    return n


#: Webster's named letters: [imac] is i with a macron, [aum] a with an umlaut, [eth] and [thorn] th.
NAMED = {"ae": "ae", "oe": "oe", "eth": "th", "thorn": "th", "ng": "ng", "th": "th", "yogh": "g"}
NAMED_MARK = re.compile(r"^([a-zA-Z])(?:mac|um|acute|grave|circ|cir|til|ced|sl|dd|dot|dsdot|breve|cr)$")


def _letters(match: re.Match[str]) -> str:
    """The letters an accent mark stands for: [=o] -> o, [imac] -> i, [eth] -> th; a label as is."""
    inner = match.group(1)
    if inner.lower() in NAMED:
        return NAMED[inner.lower()]
    named = NAMED_MARK.match(inner)
    if named:
        return named.group(1)
    if inner[:1].isupper():
        return match.group(0)  # a label: [He], [Obs.], [R.], [PJC]
    return re.sub(r"[^A-Za-z]", "", inner)


def plain(text: str) -> str:
    """Accent markup out, whitespace folded: ``fre[-o]nd`` -> ``freond``."""
    text = MARKUP.sub(_letters, text)
    return re.sub(r"\s+", " ", text).strip()


def top_brackets(text: str) -> list[str]:
    """The bracketed groups at the outer level, in order (inner markup brackets kept)."""
    groups, depth, start = [], 0, 0
    for i, char in enumerate(text):
        if char == "[":
            if depth == 0:
                start = i + 1
            depth += 1
        elif char == "]" and depth:
            depth -= 1
            if depth == 0:
                groups.append(text[start:i])
    return groups


#: A first sense marked obsolete, rare or archaic: the entry is a word players do not mean.
RARE = re.compile(r"\[(?:Obs|R|Archaic|Rare)\b[^\]]*\]")


def etymology(entry: str) -> tuple[str, bool]:
    """The etymology of one entry (its first bracket before the first sense ends, or ''), and
    whether its first sense is marked obsolete, rare or archaic."""
    head = SOURCE_TAG.split(MARKUP.sub(_letters, entry), maxsplit=1)[0]
    origin = ""
    for group in top_brackets(head):
        text = plain(group)
        if len(text) < 3 or NOT_ETYMOLOGY.match(text):
            continue
        origin = text
        head = head.replace(f"[{group}]", "", 1)
        break
    return origin, bool(RARE.search(head))


def syllables(division: str) -> str:
    """``Hail"stone`` -> ``hail-stone``; ``Ac*cord"`` -> ``ac-cord``."""
    text = plain(division).lower()
    text = re.sub(r"\([^)]*\)", "", text)
    return "-".join(part for part in re.split(r"[\"*`'\- ]+", text) if part)


def entries(block: str) -> list[tuple[str, str, str, bool]]:
    """(headword, syllables, etymology, rare?) for each entry of one index block."""
    found = []
    starts = list(ENTRY.finditer(block))
    for i, match in enumerate(starts):
        end = starts[i + 1].start() if i + 1 < len(starts) else len(block)
        word = match.group(1).strip().lower()
        found.append((word, syllables(match.group(2)), *etymology(block[match.end() : end])))
    return found


def export(dictionary: Path, index: Path, out: Path) -> int:
    words = Dictionary.load("large")
    with gzip.open(dictionary, "rb") as f:
        data = f.read()
    rows: set[tuple[str, str, str, str]] = set()
    seen: set[tuple[int, int]] = set()
    for line in index.read_text(encoding="utf-8", errors="replace").splitlines():
        _, offset, length = line.split("\t")
        span = (decode(offset), decode(length))
        if span in seen:
            continue
        seen.add(span)
        block = data[span[0] : span[0] + span[1]].decode("utf-8", errors="replace")
        for word, division, origin, rare in entries(block):
            if word in words:  # a block may be indexed first under a form: Rid, Ridden, Ride
                rows.add((word, division, origin.replace("\t", " "), "rare" if rare else ""))
    grouped: dict[str, list[tuple[str, str, str]]] = {}
    for word, division, origin, flag in rows:
        grouped.setdefault(word, []).append((division, origin, flag))
    head = f"#common\t{' '.join(common_words(grouped))}\n"
    with out.open("wb") as raw, gzip.GzipFile(filename="", fileobj=raw, mode="wb", mtime=0) as handle:
        handle.write(head.encode())
        handle.write("".join(f"{w}\t{s}\t{e}\t{r}\n" for w, s, e, r in sorted(rows)).encode())
    return len(rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dict", type=Path, default=DICT)
    parser.add_argument("--index", type=Path, default=INDEX)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    print(f"{export(args.dict, args.index, args.out)} entries -> {args.out}")


if __name__ == "__main__":
    main()
