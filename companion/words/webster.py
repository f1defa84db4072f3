"""Webster's etymologies (GCIDE, 1913): does a dictionary give NEW an origin apart from OLD's?

A second witness for the stem judge, beside Wiktionary's records. Webster writes an etymology
in brackets for a word that came from elsewhere (``Pantry [OE. pantrie, F. paneterie, ... L.
panis bread]``) and none for a word made in English from words it defines (``Hail"stone`,
Boy"ish``); when it derives a word from another it names it (``Topple [From {Top} summit.]``,
``Kingdom [AS. cyningdom. See 2d {King}, and {-dom}.]``). Two questions follow:

- :meth:`Webster.apart`: does Webster give NEW an origin of its own that never meets OLD's?
  NEW has an etymology that is not a mere "Cf.", and no form in it (nor NEW itself) meets OLD
  or a form of OLD's own etymology (:meth:`Webster.meeting`). DONKEY: "Prob. dun, in allusion
  to the color of the animal + a dim. termination"; DON: "Sp. don, fr. L. dominus".
- :meth:`Webster.made_in_english`: does Webster give NEW no origin at all and divide it where
  OLD ends (HAIL-STONE)? A compound Webster makes in English keeps OLD, whatever another
  record says.
- :meth:`Webster.names`: does Webster name OLD, as played, as one of NEW's parts, in English?
  "Pin + afore", "bone + fire", "L. dens tooth + leo lion"; not "W. pen head + gwyn white".
  :meth:`Webster.parts` lists every English word so named ("Hand + kerchief": HAND, KERCHIEF).
- :meth:`Webster.mentions`: does NEW's etymology name OLD at all, in modern English or in a bare
  reference ("For neck kerchief", "See {Close} an inclosure")? A weaker sign, asked only when
  nothing else is known.

Meeting is read generously, because a meeting only keeps the judge's default, SAME: what must
not happen is a true derivative read as apart. Forms meet when equal, or when one begins with
the other or its stem (four letters for OLD itself, five for a form of OLD's etymology, three
when both are English: AS. luflic, lufu), also after a prefix (L. *intensus*, *tensus*).
Comparisons ("cf. ...") are no origin; a participle stands for its verb ("L. inventus, p. p.
of invenire" is compared as *invenire*); English glosses of OLD's foreign forms are not forms
("L. par equal"); an entry of OLD whose first sense is obsolete, rare or archaic is left out
when OLD has others (TEST, "to make a testament", L. *testari*). Where this copy of Webster lost
a form (its Greek letters, printed ``?``), nothing is apart.

>>> web = Webster({"pantry": (("pan-try", "OE. pantrie, F. paneterie, L. panis bread.", ""),),
...                "pan": (("pan", "AS. panne.", ""),),
...                "topple": (("top-ple", "From {Top} summit.", ""),), "top": (("top", "AS. top.", ""),),
...                "hailstone": (("hail-stone", "", ""),)})
>>> web.apart({"pan"}, {"pantry"})
True
>>> web.apart({"top"}, {"topple"}), web.meeting({"top"}, {"topple"})
(False, ('top', 'top'))
>>> web.made_in_english({"hail"}, {"hailstone"})
True
>>> bool(Webster({"bonfire": (("bon-fire", "OE. bonefire; bone + fire.", ""),)}).names("fire", {"bonfire"}))
True
"""

from __future__ import annotations

import gzip
import re
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping
from functools import cache
from importlib import resources

#: An etymology that only compares, or points elsewhere, gives no origin: [Cf. F. fermier.]; nor
#: does a usage label standing alone where the etymology would be: [informal], [Brit.].
_NO_ORIGIN = re.compile(r"(?i)\s*(?:cf\.|narrower|broader|syn\b|also\b|see\b|written\b|\S+$)")
#: Nor, for an origin, do usage labels of several words: [British informal], [chiefly Brit.],
#: [Western U. S.], [vulgar slang] (PARKY is no word from "British informal").
_USAGE_ONLY = re.compile(
    r"(?i)\s*(?:(?:mostly|chiefly|usually|british|brit\.|informal|slang|vulgar|colloq\.|archaic|obs\.|dial\.|"
    r"western|southern|northern|eastern|u\.|s\.|south|africa|australia|ireland|usage|in|pl\.|political|"
    r"theatrical|cant|trade|name|a|trademark\.?|recent|[0-9]+'s)[\s,]*)+$"
)
#: How a prefix begins a recorded form (Latin, Greek, French, English): L. intensus is IN + tensus.
PREFIX_SPELLINGS = frozenset(
    {"a", "ab", "abs", "ac", "ad", "af", "ag", "al", "an", "ante", "anti", "ap", "ar", "as", "at", "be", "bi",
     "circum", "co", "col", "com", "con", "contra", "cor", "de", "des", "di", "dia", "dis", "e", "ef", "em", "en",
     "ep", "epi", "es", "ex", "extra", "for", "fore", "hyper", "hypo", "il", "im", "in", "inter", "intro", "ir",
     "mal", "mes", "meta", "mis", "ob", "oc", "of", "op", "out", "over", "para", "per", "peri", "post", "prae",
     "pre", "pro", "re", "red", "retro", "se", "sub", "suc", "suf", "sup", "super", "sur", "sus", "syn", "sym",
     "tele", "trans", "tra", "tri", "ultra", "un", "under", "up"}
)  # fmt: skip
#: Endings stripped from a recorded form to find its stem: AS. ridan -> rid, cearu -> cear; a
#: Latin infinitive, also where this copy lost the long vowel: L. torquere, torqure -> torqu.
_ENDINGS = re.compile(r"(?:are|ere|ire|re|ian|ean|an|en|ien|on|ion|ium|um|us|is|es|as|os|ia|e|a|i|o|u|y)$")
#: A token used by this many etymologies or more is Webster's own wording (fr., akin, dim.,
#: Old, Latin...), not a form: it never makes two words meet.
COMMON = 150


#: Webster's labels for English at its stages: AS. (Anglo-Saxon, Old English), OE. (Old, that is
#: Middle, English), E.; every other label (L., F., OF., Icel., ...) names another language.
NATIVE = frozenset({"as", "oe", "e", "me"})
_LABEL = re.compile(r"\b([A-Z][A-Za-z]{0,6})\.")
_LABEL_SPLIT = re.compile(r"(\b[A-Z][A-Za-z]{0,6}\.)")
#: A comparison is not an origin: "(cf. D. koper ...)", "Cf. {Company}, {Pannier}".
_IN_BRACKETS = r"\((?:cf\.|see\b)[^)]*\)"
_COMPARISON = re.compile(_IN_BRACKETS + r"|\b[Cc]f\..*$")


#: A participle or supine given beside its verb stands for the verb: "L. inventus, p. p. of
#: invenire" is compared as invenire, "L. praevenire, praeventum" as praevenire.
_PARTICIPLE = re.compile(r"\b[a-z]+, p\. ?(?:p|pr)\.(?: of)?|(?<=r[ei], )[a-z]+(?:tum|sum|tus|sus)\b")


def _tokens(text: str) -> list[str]:
    return re.findall(r"[a-z]{2,}", text.lower())


def _by_label(text: str) -> Iterator[tuple[str, str]]:
    """(the last language label before it, lower case, "" if none; a stretch of ``text``)."""
    label = ""
    for piece in _LABEL_SPLIT.split(text):
        found = _LABEL.fullmatch(piece)
        if found:
            label = found.group(1).lower()
        else:
            yield label, piece


def _labelled(text: str) -> Iterator[tuple[bool, bool, str]]:
    """(native?, first after a foreign label?, word) for each word of ``text``: a word is native
    when the last language label before it is English (AS., OE., E.) or there is none."""
    for label, piece in _by_label(text):
        native = not label or label in NATIVE
        for i, word in enumerate(_tokens(piece)):
            yield native, not native and i == 0, word


def _modern_english(text: str) -> set[str]:
    """The words of ``text`` under no language label or under E. (not OE. *hole*, WHOLE's form)."""
    return {word for label, piece in _by_label(text) if label in ("", "e") for word in _tokens(piece)}


def _forms(text: str) -> list[tuple[bool, str]]:
    """(native?, form) for each word of an etymology, comparisons left out and participles
    standing for their verbs."""
    return [(native, word) for native, _, word in _labelled(_PARTICIPLE.sub("", _COMPARISON.sub("", text)))]


#: A reference to another entry, with the homograph's number before it and what follows it up
#: to the end of the clause: "See 2d {King}, and", "{Form}, n", "{Bull} an edict".
_REFERENCE = re.compile(r"(\b\d+(?:st|nd|d|rd|th)\s*)?\{([^}]+)\}([^{.;]*)")
#: What tells a homograph in that clause: a word that is no part-of-speech label nor a joint.
_QUALIFIER = re.compile(r"\b(?!(?:n|v|a|t|i|adj|adv|pl|p|prep|pron|conj|interj|and|or|also|see)\b)[a-z]+")
#: A comparison, up to a reference that follows it: "cf. OF. esciter, F. exciter. See {Cite}."
_COMPARED = re.compile(_IN_BRACKETS + r"|\b[Cc]f\.(?:(?!\bSee\b).)*")
#: Webster's part-of-speech labels, as WordNet names the parts.
_PARTS_OF_SPEECH = {"n": "noun", "v": "verb", "a": "adj", "adv": "adv"}
_PART_OF_SPEECH = re.compile(r"^\W*(n|v|a|adv)\b")


#: The two sides of a "+" in an etymology, each with at most one language label of its own:
#: "AS. hengest horse + E. man" (a label after the "+" must not end the right side at its stop).
_JOINT = re.compile(r"([^;,.+]*(?:\b[A-Z][A-Za-z]{0,6}\.[^;,.+]*)?)\+((?:\s*\b[A-Z][A-Za-z]{0,6}\.)?[^;,.+]*)")
#: An affix written as one in an etymology: "con-", "-logy", "te`tra-".
_AFFIX = re.compile(r"[\w`']+-(?!\w)|(?<!\w)-[\w`']+")


def _english_words(part: str) -> set[str]:
    """The English words of one part of an etymology: all of it when no other language is named,
    else the words after a foreign form (its gloss): "W. pen head" -> {head}."""
    return {word for _, form, word in _labelled(part) if not form}


def _stem(form: str) -> str:
    stem = _ENDINGS.sub("", form)
    return stem if len(stem) >= 3 else form


def _meets(form: str, native: bool, other: str, other_native: bool, least: int) -> bool:
    """Does a form of NEW's etymology meet a form of OLD (or of OLD's etymology)? Equal; or
    beginning with it or its stem, of ``least`` letters or more; or, both English, beginning
    with its stem of three letters or more (AS. luflic, lufu)."""
    if form == other:
        return True
    stem = _stem(other)
    for start in range(len(form) - 2):
        if start and form[:start] not in PREFIX_SPELLINGS:
            continue  # the form itself, or the form after a prefix: L. intensus, tensus
        rest = form[start:]
        if (len(other) >= least and rest.startswith(other)) or (len(stem) >= least and rest.startswith(stem)):
            return True
        if not start and native and other_native and len(stem) >= 3 and rest.startswith(stem):
            return True
    return False


def begins_in_english(origin: str) -> bool:
    """Does the etymology begin with an English stage (OE., AS., ME., E.)? HEIGHT's "OE. heighte,
    ... AS. heahthu, hehthu fr. heah high" does; CHASTEN's "OE. chastien, OF. ..." does too, which
    is why it is asked only together with a bare reference (``Webster.refers``).

    >>> begins_in_english("OE. heighte, AS. heahthu"), begins_in_english("L. medicina")
    (True, False)
    """
    label = _LABEL.match(origin.strip())
    return label is not None and label.group(1).lower() in NATIVE


def shortened(text: str, most: int = 90) -> str:
    """An etymology quoted in a reason: at most ``most`` characters, no closing full stop."""
    return text.rstrip(".") if len(text) <= most else text[: most - 3].rsplit(" ", 1)[0] + " ..."


def common_words(entries: Mapping[str, Iterable[tuple[str, ...]]]) -> list[str]:
    """The words used by ``COMMON`` etymologies or more (Webster's own wording), sorted: the
    export script writes them at the head of the table, so loading need not count them."""
    counts: Counter[str] = Counter()
    for rows in entries.values():
        for row in rows:
            counts.update(set(_tokens(row[1])))
    return sorted(t for t, n in counts.items() if n >= COMMON)


#: A division of letters and hyphens only; an entry that is only an inflection of another, written
#: whole ("vb. n. from {hit}": HITTING).
_DIVISION = re.compile("[a-z-]+")
_INFLECTED = re.compile(r"(?:vb\. n\.|p\. ?p\.|p\. ?pr\.|imp\.|pl\.)")


@cache
def default_webster() -> Webster:
    """Webster's entries as vendored, read once per process (the stem judge and the syllables)."""
    return Webster.load()


class Webster:
    """Webster's entries: for each word, its entries as (syllables, etymology, rare) rows, as
    ``scripts/export_gcide.py`` writes them (``rare`` is "rare" or "")."""

    def __init__(self, entries: Mapping[str, tuple[tuple[str, ...], ...]], common: Iterable[str] | None = None) -> None:
        self._entries = entries
        self._common = frozenset(common if common is not None else common_words(entries))

    @classmethod
    def load(cls) -> Webster:
        entries: dict[str, list[tuple[str, ...]]] = {}
        common: list[str] = []
        path = resources.files("companion") / "data" / "gcide-etymology.tsv.gz"
        with gzip.open(path.open("rb"), "rt", encoding="utf-8") as f:
            for line in f.read().splitlines():
                if line.startswith("#common\t"):
                    common = line.split("\t")[1].split()
                    continue
                word, division, origin, rare = line.split("\t")
                entries.setdefault(word, []).append((division, origin, rare))
        return cls({word: tuple(rows) for word, rows in entries.items()}, common)

    def knows(self, word: str) -> bool:
        return word in self._entries

    def divisions(self) -> dict[str, str]:
        """Each headword's division into syllables (``ab-di-cate``), the one most of its entries
        give, where it divides the word plainly (letters and hyphens only). A headword written
        whole counts only in an entry of Webster's own, with an etymology (FIRE, SUAVE): the
        entries GCIDE added later write every headword whole (COUNTYWIDE, LASAGNA), with a usage
        label, a list of related words or an inflection's note where the etymology was.

        >>> Webster({"fire": (("fire", "AS. fyr.", ""),), "lasagna": (("lasagna", "", ""),),
        ...          "chaos": (("cha-os", "L. chaos.", ""),)}).divisions()
        {'fire': 'fire', 'chaos': 'cha-os'}
        """
        found: dict[str, str] = {}
        for word, rows in self._entries.items():
            votes: Counter[str] = Counter()
            for division, origin, *_ in rows:
                if division.replace("-", "") != word or not _DIVISION.fullmatch(division):
                    continue
                if "-" in division or (origin and not _NO_ORIGIN.match(origin) and not _INFLECTED.match(origin)):
                    votes[division] += 1
            if votes:
                found[word] = max(votes, key=lambda d: (votes[d], d.count("-")))
        return found

    def origins(self, word: str, common: bool = False) -> list[str]:
        """Webster's etymologies of ``word`` that give an origin (not a mere "Cf." or "See");
        with ``common``, only those of entries whose first sense is not marked obsolete, rare or
        archaic, unless all are (TEST, v. i., "to make a testament", is obsolete)."""
        found = [(row[1], row[2:] == ("rare",)) for row in self._entries.get(word, ()) if row[1]]
        found = [(o, rare) for o, rare in found if not _NO_ORIGIN.match(o) and not _USAGE_ONLY.match(o)]
        if common and any(not rare for _, rare in found):
            found = [(o, rare) for o, rare in found if not rare]
        return [o for o, _ in found]

    def _forms_of(self, words: Iterable[str], is_word: Callable[[str], bool]) -> set[tuple[bool, str]]:
        """The forms of OLD's etymologies, English glosses of foreign words left out: L. par equal."""
        found: set[tuple[bool, str]] = set()
        for word in words:
            for origin in self.origins(word, common=True):
                found.update((n, t) for n, t in _forms(origin) if t not in self._common and (n or not is_word(t)))
        return found

    def meeting(
        self, old_forms: Iterable[str], new_forms: Iterable[str], is_word: Callable[[str], bool] = lambda w: False
    ) -> tuple[str, str] | None:
        """(a word of NEW's etymology, the form of OLD or of its etymology it meets), or None.
        OLD itself meets a form that begins with it (four letters or more); a form of OLD's
        etymology one that begins with it or its stem (five letters or more); and two etymologies
        that refer bare to one word meet there (:meth:`_referred`: VARY and VARIETY at VARIOUS)."""
        news, olds = set(new_forms), set(old_forms)
        told = sorted({f for n in news for o in self.origins(n) for f in _forms(o) if f[1] not in news})
        for native, form in told:
            for other in sorted(olds):
                if _meets(form, native, other, False, 4):
                    return form, other
        # NEW itself may be the recorded form (PROFESSOR: "L., a teacher"; ACUTE from L. acutus)
        told += [(False, n) for n in sorted(news)]
        others = sorted(self._forms_of(olds, is_word))
        for native, form in told:
            for other_native, other in others:
                if _meets(form, native, other, other_native, 5):
                    return form, other
        shared = sorted(self._referred(news) & self._referred(olds - news))
        return (shared[0], shared[0]) if shared else None

    def _referred(self, words: Iterable[str]) -> set[str]:
        """The words the etymologies of ``words`` refer to bare, outside a comparison: VARY's "See
        {Various}, and cf. {Variate}" refers to VARIOUS. Two words that refer to one word meet there
        (VARIETY: "L. varietas ... See {Various}"). Only a word of one etymology refers: DENT's
        "See {Tooth}" is of the rare homograph, not of the notch."""
        return {ref.group(2).lower() for word in words for ref in self._references(word)}

    def names(self, old: str, new_forms: Iterable[str]) -> str:
        """The etymology of NEW in which Webster names OLD, as played, as one of its parts in
        English, or '': "Pin + afore", "bone + fire", "L. dens tooth + leo lion" (the English gloss
        of a part), but not "W. pen head + gwyn white" (PEN is the Welsh form there), nor a prefix
        or an affix ("per + mittere", "Oto- + -logy"). Comparisons ("cf. ...") do not count."""
        if len(old) < 3 or old in PREFIX_SPELLINGS or old in self._common:
            return ""  # a prefix, or a word of Webster's own wording (THE, ONE): no part
        return next((origin for word, origin in self.parts(new_forms) if word == old), "")

    def parts(self, new_forms: Iterable[str]) -> Iterator[tuple[str, str]]:
        """(an English word named as one of NEW's parts, the etymology naming it), as
        :meth:`names` reads a part: "Hand + kerchief" names HAND and KERCHIEF."""
        for n in sorted(set(new_forms)):
            for origin in self.origins(n, common=True):
                text = _AFFIX.sub(" ", _COMPARISON.sub("", origin))
                for joint in _JOINT.finditer(text):
                    for side in joint.groups():
                        for word in sorted(_english_words(side)):
                            yield word, origin

    def refers(self, old: str, new_forms: Iterable[str], used_as: Callable[[str, str], bool] | None = None) -> str:
        """NEW's etymology when it refers to OLD, as played, bare: "See {Cite}", "dim. of forma
        form, model. See {Form}, n.", "{Sty} ..., {Ward}", or ''. Not when the reference is to a
        homograph: told by a sense ("See {Bull} an edict", "From {Top} summit"), a number ("2d
        {King}") or a part of speech OLD is not ``used_as`` ("See {Prow}, a."; any part when
        ``used_as`` is None); nor when NEW has
        another etymology (SUMMER's season, beside "From {Sum}, v."); nor in a comparison
        ("Cf. {Concord}")."""
        for n in sorted(set(new_forms)):
            for ref in self._references(n):
                _, word, after = ref.groups()
                if word.lower() != old or _QUALIFIER.search(after):
                    continue
                label = _PART_OF_SPEECH.search(after)
                if label is None or used_as is None or used_as(old, _PARTS_OF_SPEECH[label.group(1)]):
                    return self.origins(n, common=True)[0]
        return ""

    def references(self, new_forms: Iterable[str]) -> Iterator[tuple[str, str]]:
        """(a word NEW's etymology refers to bare, that etymology), as :meth:`refers` reads a
        reference: REJOINDER's "From F. rejoindre, inf., to join again. See {Rejoin}" refers to
        REJOIN; a bare reference, not "See {Bull} an edict" nor "See {Counter}, adv.", nor a
        numbered homograph, nor in a comparison."""
        for n in sorted(set(new_forms)):
            for ref in self._references(n):
                if not ref.group(3).strip(" ,"):
                    yield ref.group(2).lower(), self.origins(n, common=True)[0]

    def _references(self, word: str) -> list[re.Match[str]]:
        """The unnumbered references ("See {Cite}") of ``word``'s etymology outside a comparison,
        when it has one etymology: with several, a reference may be of another homograph."""
        origins = self.origins(word, common=True)
        if len(origins) != 1:
            return []
        return [ref for ref in _REFERENCE.finditer(_COMPARED.sub("", origins[0])) if not ref.group(1)]

    def mentions(self, old: str, new_forms: Iterable[str]) -> str:
        """NEW's etymology where it names OLD, as played, in English or in a reference, however
        it uses it: "For neck kerchief", "prob. fr. OE. & AS. hengest horse + E. man", "See
        {Close} an inclosure"; not in a comparison, nor in another language or an older English
        ("F. fin", WHOLE's "OE. hole"), nor as a numbered homograph ("See 1st {Hatch}")."""
        for n in sorted(set(new_forms)):
            for origin in self.origins(n, common=True):
                text = _COMPARISON.sub("", origin)
                if old in _modern_english(text):
                    return origin
                if any(ref.group(2).lower() == old and not ref.group(1) for ref in _REFERENCE.finditer(text)):
                    return origin
        return ""

    def made_in_english(self, old_forms: Iterable[str], new_forms: Iterable[str]) -> bool:
        """Does Webster give NEW no origin at all and divide it where OLD ends or begins?"""
        olds, news = set(old_forms), set(new_forms)
        if any(self.origins(n) for n in news):
            return False
        for n in news:
            for division, *_ in self._entries.get(n, ()):
                parts = division.split("-")
                for cut in range(1, len(parts)):
                    if "".join(parts[:cut]) in olds or "".join(parts[cut:]) in olds:
                        return True
        return False

    def apart(
        self, old_forms: Iterable[str], new_forms: Iterable[str], is_word: Callable[[str], bool] = lambda w: False
    ) -> bool:
        """Does Webster give NEW an origin of its own that never meets OLD's?"""
        news, olds = set(new_forms), set(old_forms)
        if not any(self.knows(o) for o in olds):
            return False  # Webster does not define OLD: nothing to compare NEW's origin with
        if any("?" in o for w in olds | news for o in self.origins(w)):
            return False  # a form this copy of Webster lost (its Greek letters): the two may meet there
        return any(self.origins(n) for n in news) and self.meeting(olds, news, is_word) is None

    def origin_text(self, new_forms: Iterable[str]) -> str:
        """NEW's first etymology that gives an origin, shortened for a reason, without its closing
        full stop: 'OE. pantrie, ...', 'Prob. fr. F. Pierrot'."""
        for n in sorted(new_forms, key=len, reverse=True):
            for origin in self.origins(n):
                return shortened(origin)
        return ""
