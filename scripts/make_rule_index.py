#!/usr/bin/env python3
"""Write docs/rules.md: every game's rules, in the order of its rule text, and the code that enforces each.

The code side is read from the source only (``ast`` and ``tokenize``: nothing is imported, so a
module being edited cannot stop it). A rule is *raised* where a ``RuleError(rule, message)`` names
it: a literal, an f-string, a module or class constant (``self.OVER_RULE`` is followed to every
engine that inherits the method), a dictionary of codes (and the solver results it translates), a
parameter filled in by its callers, or the ``rule`` of an exception that the handler converts (the
functions that raise that exception are listed too). A rule is *cited* where a docstring or comment
gives its number (``rule 07``, ``rules 04-12``: Not Scrabble), names its heading (``Passing:``,
``PLAY (b)``) or quotes its text verbatim. :data:`UNCITED` lists by hand the few functions that
enforce a rule without saying so. The rule texts (``../shared/rules/``) supply the quotations; without
them the page is written from the code alone and says that its quotations are missing.

Usage: ``python scripts/make_rule_index.py`` rewrites docs/rules.md; ``--check`` exits 1 when
docs/rules.md is not what it would write; ``--rules DIR`` reads the rule texts from DIR.
"""

from __future__ import annotations

import argparse
import ast
import difflib
import io
import re
import sys
import tokenize
from collections import defaultdict
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "rules.md"
RULES_DIR = ROOT.parent / "shared" / "rules"
SCANNED = ("companion",)  # the packages whose code is read, relative to the repository
ERROR_CLASS = "RuleError"

INTRO = """\
How to read this page: find the game, then the rule you are reading. Not Scrabble's rules are listed
by number, every one of them; the other games' rules by the rule code that the engines raise, in the
order the rule text gives them, each with its heading and the first sentence or so of the passage, so
a reader of a rule text finds its code in one step. Under each rule: **Raised by** names every
function that refuses a move with `RuleError("<code>", ...)` (or raises the exception that becomes
it); **Cited by** names the places that give the rule's number, name its heading or quote its words
without raising it; **Not cited** lists by hand code that enforces the rule and does not say so. Names
are `Class.method` in a linked file, never a line number, so this page changes only when the code's
structure does. Sections that no code raises or cites are left out, except Not Scrabble's numbered
rules, which are all here ("Nothing in the code enforces or cites this rule" marks the rest)."""

#: Code that enforces a rule with no RuleError and no citation the scan could find, so it is listed
#: by hand: (rule code, file, qualified name, what it does). Each name is checked against the code.
UNCITED: tuple[tuple[str, str, str, str], ...] = (
    ("not-scrabble 05", "companion/table/session.py", "Session.settle", "shouts are settled first by device time"),
    ("not-scrabble 05", "companion/games/not_scrabble.py", "NotScrabble._claim", "the claimer takes the letters"),
    (
        "not-scrabble 06",
        "companion/table/session.py",
        "Session._continue",
        "shouts within the window are recorded as one simultaneous call; the engine says who claims",
    ),
    ("not-scrabble 14", "companion/games/not_scrabble.py", "NotScrabble.standings", "every letter counts one"),
    ("not-scrabble 16", "companion/words/dictionary.py", "Dictionary.check", "words under min_length are refused"),
    ("not-scrabble 17", "scripts/make_wordlists.py", "main", "the word lists never read SCOWL's proper names"),
    ("not-scrabble 18", "scripts/make_wordlists.py", "main", "the word lists drop SCOWL's abbreviations"),
    ("not-scrabble 19", "companion/words/dictionary.py", "Dictionary.check", "a word not in the word list is refused"),
)


#: Readings chosen where a rule text is unclear or silent: (game, the text, what wordtable does and
#: why, the setting that changes it or "none"). Written out under "Readings chosen".
READINGS: tuple[tuple[str, str, str, str], ...] = (
    (
        "Not Scrabble",
        'rule 06: "called out words simultaneously"',
        "Calls within the table's window (250 ms of the first, on the buzzer box's clock) are one call. The "
        "engine settles it from the `simultaneous` event, on every path: the longest word claims, and nobody "
        'claims anything before it ("wins, and claims that word"); words of the same length wait for '
        "rock-paper-scissors, played by exactly their callers, and nobody claims meanwhile; the other words of "
        "the call, and their letters rearranged (DEN, END), may not be claimed by anyone until the next letter "
        "is drawn (a new call after it may take them), and one called again at once is refused with no penalty, "
        "the word being there (the buzzers' word lists leave them out meanwhile); a longest word "
        "found not there (`false-call`, rule 07) or refused (`refused-call`) wins nothing, and the longest word "
        "left claims (or the equal longest play rock-paper-scissors); a player silenced by rule 07 is not heard, "
        "so his longer word does not stop the others.",
        "`window_ms` (0-2000)",
    ),
    (
        "Not Scrabble",
        'rule 22: "the player with the most letters wins"',
        "The rule names no tie-break: players with as many letters share the place; the standings mark them "
        '`tied` and the result line says "rule 22 names no tie-break".',
        "none",
    ),
    (
        "Dictionary, Please!",
        '(c) "ends after a complete round has been played ending with the player who drew the last tile"',
        "350 - 10 - 3 x (players - 1) letters seldom share out in threes, so the last draw may be short. A "
        "counted bag gives what is left; with camera tiles `last-tile` says who drew it and how many (`drew`), "
        "marked then or later, before he plays again (the players after him drew nothing; the round still "
        "ends with him). With the bag empty a pass draws nothing and is still a pass (not twice running). The "
        "bag may empty under (a) and (b) too: `last-tile` is marked the same way, and play goes on with the "
        "letters in hand.",
        "none (`tiles`: counted or camera)",
    ),
    (
        "Dictionary, Please!",
        'the ratio of letters ("J - 1")',
        "With the counted bag a hand that, with the pool and the words on the table, holds more of a letter "
        "than the 350 have is refused.",
        "`tiles`: camera does not count",
    ),
    (
        "LEXICON (1935)",
        '"Only words found in any standard Dictionary are to be used"',
        "The text sets no minimum length, so the one-letter words are taken: A, I and O. A letter's name (B, "
        "Q) is no word, or any card could be shed alone and survive a challenge. A crossword word is two "
        "letters at least (a line of one card is no word).",
        "`min_length` (1-4), 1935 and party",
    ),
    (
        "LEXICON (1935), Crossword",
        '"A word may be challenged by any player"',
        "No time limit is set, so a challenge names the word (`word`) and may take any word still on the table "
        'as its player left it; the player takes up the cards he laid for it and "forfeits a turn" (1935): '
        "for the last word, the turn he placed it in; for a word struck later, the turn he is on, or else his "
        'next (the deal still goes round in rotation). Crossword\'s "loses that turn" is the turn he placed '
        "it in, whenever it is struck. A "
        "crossword word with cards laid against it since cannot be taken up (they would be left without a "
        "word). Party play keeps its own limit: until the next player has played (after the bell, until the "
        "hands are shown). A move of several crossword words is challenged word by word.",
        "none",
    ),
    (
        "LEXICON (1935), Crossword",
        '"The first player to reach 100 is eliminated"; "As soon as any one player '
        'has a total score of 100 against his name, the game ends"',
        'A limit reached by a challenge\'s 10 points applies at once: "as soon as" and "the first to reach" '
        "name no moment but the reaching. An eliminated player leaves the hand; at the Crossword limit the game "
        "ends there, the lowest score winning.",
        "`limit_applies`: end-of-hand",
    ),
    (
        "LEXICON party",
        '"At the end of the party the winner is the player who has the lowest score"',
        "No limit and no elimination: a table's hands go on until the party ends (`end`); the bell ends a hand "
        "after seven minutes or less (the table's page counts them down from the deal); a wrong word costs "
        "its player 50 and the challenger nothing, a misspelling only the turn (the table offers the two "
        "challenges apart); after the hands are shown the lowest total wins the hand (rule 5; ties named, the "
        "text settling none).",
        "`hand_minutes` (1-7)",
    ),
    (
        "LEXICON (1935), Crossword",
        '"The first player to do this ends the round"',
        'A player who lays his last card on a word that is challenged and struck "takes up his cards": the '
        "round goes on, so a challenge is offered until the hands are shown. Nobody has the turn from then "
        "until the next deal.",
        "none",
    ),
    (
        "DICEWORDS",
        '"a successfully refuted word scores nothing"',
        "A word that took its player to the target (and, the last of the round, ended the game) scores "
        "nothing once refuted; with nobody at the target the final round is off and the game goes on.",
        "none",
    ),
    (
        "LEXICON",
        '"adding the red figures shown on each of these cards"',
        "The texts print no red figure: a common deck's (A E I 10 ... master 15) are used and labelled "
        "assumed in the state (`red_figures`: value and source); a table enters its own deck's.",
        "`red_figures`, as A10,B2,*15 (or `lexicon_red_figures` under `[sets]` in the settings file)",
    ),
    (
        "DICEWORDS",
        "the letter values",
        "The text prints R U L E S O T = 1 and C M P = 3 (RULES, COMPUTER). A and I = 1 follow from its worked "
        "scores (ELEPHANT 88, PLINTHS 70); H + N = 3 and Q + Z + G + N = 20 follow too, but not their splits; "
        "B D F J K V W X Y are guesses. Each die on the table says where its value comes from and marks the "
        "assumed ones (a guess in whole or in part: H N Q Z G and the nine); a table enters its set's values. "
        "The camera reads the small value printed on each die; where it reads one for sure that differs from "
        "the table's, or the table's is assumed, it offers it to the referee, and only his tap sets it "
        "(`letter-value`, from then on: words declared before keep their scores; refused, it is not offered "
        "again).",
        "`values`, as b3,d2 (or `dicewords_values` under `[sets]` in the settings file, which the dashboard "
        "and `wordtable dicewords --config` both use); `letter-value` during the game",
    ),
    (
        "LEXICON Solitaire",
        '"you have only one card left ... or a number of cards from which you can form no word, you have not '
        'completed the Solitaire and you have lost the game"',
        "The Solitaire is lost when no move is left (the table then offers only that ending); a player may stop "
        "before. The deal is one pack less its masters, laid out as the text lays it. No. 2's nest card may be "
        'turned while a word could be made: "should" and "do so" are advice to a player alone at his table.',
        "none",
    ),
    (
        "Word Building",
        '"when a player changes a word, that is, uses its letters to form a new one, he must transpose them"',
        "A change is a word that does not keep the old word's letters in their order: STAR -> ASTER earns "
        "two counters, STAR -> STAIR (a letter put in) nothing. The first crib is the text's twenty letters; "
        'after a word is finished the dealer tops it up ("as many letters as they have lost"): the referee '
        "types the letters laid, or the whole crib as it lies, and it holds twenty at most. The word a player "
        "thinks of must be one the crib (with the letters set apart) can make; it reaches no screen unless "
        'it earns a point. The general rules\' "The Leader is usually changed after each round": a round '
        "of Word Building is one word built and returned, so the deal passes to the left after each word, "
        "and the player on the new dealer's right begins the next. \"When each player has acted as leader, "
        'the game is ended": the round dealt by the last player to deal is the last; after its word the hands '
        'go into the crib (`hands-in`) and words are made from it "as at first" (a counter for each syllable '
        "begun, the fine to each adder for one who cannot play, nothing more), the next in turn beginning each, "
        '"until 10 others can be made": the tenth ends the game; a table that cannot make ten agrees to end.',
        "`counters_in_box`; `dealer_passes` (false: the first dealer deals every word, and the table says "
        "which round is its last)",
    ),
    (
        "Spelling Match",
        '"is at liberty to call upon the one who selected it, to show the correctness of his selection"',
        "The call is on a stack the caller may take and could not spell: it leaves play, and its maker's "
        "words go to the caller. Game is called only when no stack is left that the caller may take.",
        "none",
    ),
    (
        "Anagrams",
        '"If the leader gives out ... the wrong letters ..., the one getting that word ... receives one counter"',
        "Paid once a round; that player then has no word to find or announce. The round's clock runs from "
        "the call of Ready, on every screen alike.",
        "`minutes` (5, 10, 15)",
    ),
    (
        "Speculation",
        '"his six letters"; the Plum "should always contain at least five letters"',
        "A hand is six letters, the same all the deal (a later entry adds words); the Plum five or six. The "
        "game ends when each has dealt once and the last Plum is turned up, on the referee's tap. An entry "
        "with one bad word is refused whole.",
        "`pool`",
    ),
)


# -- the games and their rule texts ------------------------------------------------------------


@dataclass(frozen=True)
class Anchor:
    """Where a rule code's passage starts: a heading or a passage of the text (case and spacing
    ignored), looked for past the first occurrence of ``after`` when given."""

    text: str
    after: str | None = None


@dataclass(frozen=True)
class GameSpec:
    key: str
    title: str
    file: str  # in the rules folder
    prefixes: tuple[str, ...]  # a code belongs to the game whose prefix starts it (longest first)
    numbered: bool = False  # rules numbered "01." .. (Not Scrabble)
    #: Codes whose passage is not simply the heading named by the code after its prefix.
    anchors: Mapping[str, Anchor] = field(default_factory=dict)
    #: Headings before this passage (a table of contents) are not looked at.
    skip_until: str | None = None
    #: (passage, heading): the text is printed out of order here, and this passage goes on under heading.
    resumes: tuple[tuple[str, str], ...] = ()


GAMES: tuple[GameSpec, ...] = (
    GameSpec("not-scrabble", "Not Scrabble", "not-scrabble.txt", ("not-scrabble",), numbered=True),
    GameSpec("dictionary-please", "Dictionary, Please!", "dictionary-please.txt", ("dictionary-please",)),
    GameSpec(
        "dicewords",
        "DICEWORDS",
        "dicewords.txt",
        ("dicewords",),
        anchors={
            "dicewords turns": Anchor("At his turn, each player rolls and selectively rerolls"),
            "dicewords words": Anchor("The minimum allowable word length is 3 letters"),
            "dicewords challenge": Anchor("A dictionary may only be used to check a declared word"),
            "dicewords end": Anchor("The game ends when one player's total hits a pre-agreed target"),
        },
    ),
    GameSpec(
        "lexicon",
        "LEXICON, Crossword Lexicon, LEXICON parties and the solitaires",
        "lexicon.txt",
        ("lexicon crossword", "lexicon"),
        anchors={
            "lexicon object": Anchor("THE OBJECT"),
            "lexicon play (c)": Anchor("(c) When a word is exposed on the table he may insert"),
            "lexicon play (d)": Anchor("(d) When a word is exposed on the table he may take"),
            "lexicon party": Anchor("HOW TO ARRANGE A LEXICON"),
            # The party's numbered suggestions (the club evening, companion/club).
            "lexicon party 1": Anchor("1. Tables should be arranged to accommodate four players"),
            "lexicon party 4": Anchor("4. The player on the left of the dealer plays first"),
            "lexicon party 5": Anchor("5. The player who runs out or who totals the lowest score"),
            "lexicon party 6": Anchor("6. At the end of the party the winner"),
            "lexicon solitaire": Anchor("The object of LEXICON SOLITAIRE is to form words"),
            "lexicon solitaire no. 1": Anchor("Make words of four or more letters by using the top cards only"),
            "lexicon solitaire no. 2": Anchor("Now see if you can make a four or more (not less) letter word"),
            # The Crossword Lexicon text comes first in the file; its first page is lost.
            "lexicon crossword": Anchor("After the first word has been exposed on the table, the next player"),
            "lexicon crossword play": Anchor("After the first word has been exposed on the table, the next player"),
            "lexicon crossword layout": Anchor("All words must read from top to bottom and from left to right"),
            "lexicon crossword first word": Anchor("Note carefully—Once the first word has been exposed"),
            "lexicon crossword one way": Anchor("The letters may be added above or below or to either or both sides"),
            "lexicon crossword four cards": Anchor("OPTION IN PLAY"),
            "lexicon crossword plural": Anchor("SINGULAR AND PLURAL"),
        },
    ),
    GameSpec(
        "letter-games",
        "Anagrams and the letter games",
        "anagrams-and-letter-games.txt",
        (
            "letter games",
            "anagrams",
            "word building",
            "spelling match",
            "speculation",
            "travelling letters",
            "rotation",
        ),
        anchors={
            "anagrams pool": Anchor("Note.—Anagrams may be varied as follows"),
            "spelling match": Anchor("THE PELLING MATCH"),  # so printed: the scan lost the S
        },
        skip_until="GENERAL RULES",
        resumes=(
            ('"Plum" unseen, separate from the rest of his letters', "SPECULATION"),
            ("largest number of letters, wins the game", "THE TRAVELLING LETTERS"),
            ("until the number of rounds agreed upon for a game", "A page of a game the text does not name"),
        ),
    ),
)

#: Lines that are no part of the rules (publisher, copyright, page numbers, figure titles).
NOISE = re.compile(
    r"(?:\d+|REGISTERED .*|COPYRIGHT .*|INTERNATIONAL COPYRIGHT.*|PARKER BROTHERS.*|SALEM, MASS.*"
    r"|IN GREAT BRITAIN.*|BY ERIC G\. CLARKE|P\. O\. BOX .*|AGCA|ARCHIVES|DIAGRAM NO\. \d+|www\..*|email:.*|©.*)"
)
DECORATION = re.compile(r"^[-:]*:[0oO]:-*")
TRADEMARK = re.compile(r"\s*\bREG\. U\. S\. PAT(?:\.|ENT) OFFICE\b\s*")
NUMBERED = re.compile(r"(\d{2})\.\s+(.*)")
RUN_IN = re.compile(r"([A-Z][A-Z'’-]*(?: [A-Z][A-Z'’-]*)*)(?=—| [a-z])")
#: Headings too plain to be cited by name.
PLAIN_HEADINGS = frozenset({"THE", "FOR", "GAME", "PLUS", "NOTE", "NOTES", "EXAMPLE", "EXAMPLES", "REMEMBER"})
ABBREVIATIONS = frozenset({"no", "nos", "viz", "mr", "mrs", "st", "inc", "etc", "e.g", "i.e", "vs"})
QUOTE_LIMIT = 320


def fold(text: str) -> str:
    """Text as it is compared: lower case, plain quotes and dashes, a plain space for any white space.
    Every character maps to one, so offsets in folded text are offsets in the text."""
    out = []
    for ch in text:
        if ch in "‘’`":
            ch = "'"
        elif ch in "“”":
            ch = '"'
        elif ch in "—–‐":
            ch = "-"
        elif ch.isspace():
            ch = " "
        low = ch.lower()
        out.append(low if len(low) == 1 else ch)
    return "".join(out)


def squash(text: str) -> str:
    """Folded, with runs of spaces made one and the ends stripped."""
    return re.sub(r" +", " ", fold(text)).strip()


def clean_line(raw: str) -> str:
    line = raw.replace("*", "").strip()
    line = line.lstrip("#").strip()
    line = DECORATION.sub("", line).strip()
    line = TRADEMARK.sub(" ", line).strip()
    if line.startswith("- "):
        line = line[2:].strip()
    return re.sub(r"\s+", " ", line)


def heading_of(raw: str, line: str) -> tuple[str, bool] | None:
    """(title, run-in) when ``line`` starts a section; ``raw`` is the line as printed."""
    words = re.findall(r"[A-Za-z][A-Za-z'’-]*", line)
    if sum(len(w) for w in words) < 3 or not any(len(w) >= 3 for w in words):
        return None
    if len(line) <= 60:
        short_label = line.endswith(":") and len(line.split()) <= 6 and line[0].isupper()
        if raw.lstrip().startswith("#") or not any(c.islower() for c in line) or short_label:
            return line.rstrip(":.,—- ").strip(), False
    match = RUN_IN.match(line)
    if match and sum(c.isalpha() for c in match.group(1)) >= 3:
        return match.group(1), True
    return None


@dataclass
class Section:
    """A heading, numbered rule or anchored passage of a rule text, from ``start`` in the flat text."""

    start: int
    title: str
    kind: str  # "numbered", "heading", "passage" or "resume"
    body: int  # where its words start (after the heading)
    owner: int = -1  # the section a "resume" goes on with (its start); its own start otherwise
    run_in: bool = False  # a heading that begins its first sentence (DEALER—To determine ...)

    def __post_init__(self) -> None:
        if self.owner < 0:
            self.owner = self.start


@dataclass
class RuleText:
    spec: GameSpec
    path: Path
    flat: str  # the cleaned lines joined by single spaces
    low: str  # fold(flat)
    sections: list[Section]
    searched_from: int  # skip_until's offset (0 without one)

    @classmethod
    def read(cls, spec: GameSpec, path: Path) -> RuleText:
        flat_parts: list[str] = []
        sections: list[Section] = []
        offset = 0
        for raw in path.read_text(encoding="utf-8").splitlines():
            line = clean_line(raw)
            if not line or NOISE.fullmatch(line):
                continue
            numbered = NUMBERED.fullmatch(line) if spec.numbered else None
            if numbered:
                sections.append(Section(offset, numbered.group(1), "numbered", offset + line.index(numbered.group(2))))
            else:
                heading = heading_of(raw, line)
                if heading:
                    title, run_in = heading
                    body = offset + len(title) if run_in else offset + len(line) + 1
                    sections.append(Section(offset, title, "heading", body, run_in=run_in))
            if flat_parts and re.search(r"[a-z]-$", flat_parts[-1]) and line[:1].islower():
                flat_parts[-1] = flat_parts[-1][:-1] + line  # a word broken across lines: dic- tionary
                offset += len(line) - 1
                continue
            flat_parts.append(line)
            offset += len(line) + 1
        flat = " ".join(flat_parts)
        text = cls(spec, path, flat, fold(flat), sections, 0)
        if spec.skip_until:
            try:
                text.searched_from = text.heading(spec.skip_until).start
            except LookupError:
                text.searched_from = text.find(spec.skip_until, 0)
        for passage, title in spec.resumes:
            at = text.find(passage, text.searched_from)
            try:
                owner = text.heading(title).start
            except LookupError:
                owner = at  # a page of its own, under no heading the text prints
            text.add(Section(at, title, "resume", at, owner))
        return text

    def find(self, passage: str, start: int) -> int:
        at = self.low.find(squash(passage), start)
        if at < 0:
            raise LookupError(f"{self.path.name}: {passage!r} is not in the text")
        return at

    def heading(self, title: str) -> Section:
        wanted = squash(title)
        for section in self.sections:
            if section.kind == "heading" and section.start >= self.searched_from and squash(section.title) == wanted:
                return section
        raise LookupError(f"{self.path.name}: no heading {title!r}")

    def add(self, section: Section) -> Section:
        for other in self.sections:
            if other.start == section.start:
                return other
        self.sections.append(section)
        self.sections.sort(key=lambda s: s.start)
        return section

    def section_at(self, offset: int) -> Section | None:
        found = None
        for section in self.sections:
            if section.start > offset:
                break
            found = section
        return found

    def end_of(self, section: Section) -> int:
        later = [s.start for s in self.sections if s.start > section.start]
        return min(later) if later else len(self.flat)

    def locate(self, anchor: Anchor) -> Section:
        """The section an anchor names: a heading of that title, else one starting with it, else the
        passage (a heading when the passage lies in a heading's line)."""
        start = self.searched_from
        if anchor.after:
            start = self.find(anchor.after, start)
        wanted = squash(anchor.text)
        headings = [s for s in self.sections if s.kind in ("heading", "numbered") and s.start >= start]

        for section in headings:
            if squash(section.title) == wanted or _bare(section.title) == _bare(wanted):
                return section
        for section in headings:
            if re.match(re.escape(_bare(wanted)) + r"\b", _bare(section.title)):
                return section
        at = self.find(anchor.text, start)
        for section in headings:
            if section.start <= at < section.body:
                return section
        return self.add(Section(at, anchor.text, "passage", at))

    def heading_above(self, offset: int) -> Section | None:
        found = None
        for section in self.sections:
            if section.start > offset:
                break
            if section.kind == "heading":
                found = section
        return found

    def quote(self, section: Section) -> str:
        """The section's words as the page shows them."""
        end = self.end_of(section)
        if section.kind == "numbered":
            return f"**{section.title}.** {clip(self.flat[section.body : end].strip())}"
        if section.run_in:
            space = " " if self.flat[section.body : section.body + 1] == " " else ""
            return f"**{section.title}**{space}{first_sentence(self.flat, section.body, end)}"
        sentence = first_sentence(self.flat, section.body, end).lstrip("—-:. ")
        if section.kind == "heading" or (section.kind == "resume" and section.owner == section.start):
            return f"**{section.title}**" + (f" — {sentence}" if sentence else "")
        above = self.heading_above(section.start)
        return (f"under **{above.title}**: " if above else "") + sentence


def _bare(title: str) -> str:
    """A title folded, without a leading "the"."""
    title = squash(title)
    return title[4:] if title.startswith("the ") else title


def first_sentence(text: str, start: int, end: int) -> str:
    for match in re.finditer(r"[.!?][\"'”’)]*(?= |$)", text[start:end]):
        before = text[start : start + match.start()]
        word = before.split()[-1].lower().strip("(\"'“") if before.split() else ""
        if not before or before.endswith(" ") or word in ABBREVIATIONS or (len(word) == 1 and word.isalpha()):
            continue  # "No. 1", "U. S.", a row of dots
        return clip(text[start : start + match.end()].strip())
    return clip(text[start:end].strip())


def clip(text: str) -> str:
    if len(text) <= QUOTE_LIMIT:
        return text
    return text[: text.rfind(" ", 0, QUOTE_LIMIT)] + " …"


# -- reading the code ----------------------------------------------------------------------------


@dataclass(frozen=True, order=True)
class Site:
    """A place in the code: its file (relative, posix), qualified name and how it takes part."""

    path: str
    qualname: str
    note: str = ""


@dataclass(eq=False)
class ClassInfo:
    module: ModuleInfo
    qualname: str
    node: ast.ClassDef
    bases: list[str]
    attrs: dict[str, ast.expr] = field(default_factory=dict)
    fields: list[str] = field(default_factory=list)  # annotated class attributes, in order
    methods: dict[str, FunctionInfo] = field(default_factory=dict)

    @property
    def name(self) -> str:
        return self.node.name


@dataclass(eq=False)
class FunctionInfo:
    module: ModuleInfo
    qualname: str
    node: ast.FunctionDef | ast.AsyncFunctionDef | None  # None: the module's own code
    cls: ClassInfo | None
    nested: bool = False

    def own_nodes(self) -> Iterator[ast.AST]:
        """Every node of the body, not going into nested functions or classes."""
        root: ast.AST = self.node if self.node is not None else self.module.tree
        stack = list(ast.iter_child_nodes(root))
        while stack:
            node = stack.pop()
            yield node
            if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                stack.extend(ast.iter_child_nodes(node))

    @property
    def site(self) -> Site:
        return Site(self.module.path, self.qualname)

    def params(self) -> list[str]:
        if self.node is None:
            return []
        args = self.node.args
        names = [a.arg for a in [*args.posonlyargs, *args.args]]
        return names[1:] if self.cls is not None and names and names[0] in ("self", "cls") else names


@dataclass(eq=False)
class ModuleInfo:
    path: str
    dotted: str
    source: str
    tree: ast.Module
    parents: dict[ast.AST, ast.AST] = field(default_factory=dict)
    constants: dict[str, ast.expr] = field(default_factory=dict)
    imports: dict[str, tuple[str, str]] = field(default_factory=dict)
    functions: list[FunctionInfo] = field(default_factory=list)
    classes: dict[str, ClassInfo] = field(default_factory=dict)
    toplevel: FunctionInfo | None = None


Values = dict[str, frozenset[Site]]


def _merge(*parts: Values | None) -> Values | None:
    merged: dict[str, frozenset[Site]] = {}
    for part in parts:
        if part is None:
            return None
        for value, sites in part.items():
            merged[value] = merged.get(value, frozenset()) | sites
    return merged


def _name_of(node: ast.expr) -> str | None:
    """``Name`` or the last part of ``a.b.Name``."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


class Code:
    """The scanned modules, with what the resolver needs: classes, functions, constants, calls."""

    def __init__(self, root: Path, packages: Sequence[str] = SCANNED) -> None:
        self.root = root
        self.modules: dict[str, ModuleInfo] = {}
        for package in packages:
            for path in sorted((root / package).rglob("*.py")):
                self._read(path)
        self.classes: dict[str, list[ClassInfo]] = defaultdict(list)
        self.callables: dict[str, list[FunctionInfo]] = defaultdict(list)
        for module in self.modules.values():
            for cls in module.classes.values():
                self.classes[cls.name].append(cls)
            for function in module.functions:
                if not function.nested and function.node is not None:
                    self.callables[function.node.name].append(function)
        self.unresolved: list[Site] = []

    def _read(self, path: Path) -> None:
        relative = path.relative_to(self.root).as_posix()
        source = path.read_text(encoding="utf-8")
        try:
            tree = ast.parse(source, filename=relative)
        except SyntaxError as error:
            raise SystemExit(f"{relative} does not parse ({error.msg}, line {error.lineno}): cannot index it") from None
        dotted = relative.removesuffix(".py").replace("/", ".").removesuffix(".__init__")
        module = ModuleInfo(relative, dotted, source, tree)
        for node in ast.walk(tree):
            for child in ast.iter_child_nodes(node):
                module.parents[child] = node
        package = dotted if relative.endswith("__init__.py") else dotted.rpartition(".")[0]
        for stmt in tree.body:
            if isinstance(stmt, ast.Assign):
                for target in stmt.targets:
                    if isinstance(target, ast.Name):
                        module.constants[target.id] = stmt.value
            elif isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name) and stmt.value is not None:
                module.constants[stmt.target.id] = stmt.value
            elif isinstance(stmt, ast.ImportFrom) and stmt.module is not None:
                base = stmt.module
                if stmt.level:
                    parts = package.split(".")
                    base = ".".join([*parts[: len(parts) - stmt.level + 1], stmt.module])
                for alias in stmt.names:
                    module.imports[alias.asname or alias.name] = (base, alias.name)
        module.toplevel = FunctionInfo(module, "<module>", None, None)
        self._visit(module, tree.body, [], None, nested=False)
        self.modules[dotted] = module

    def _visit(
        self, module: ModuleInfo, body: Sequence[ast.stmt], qual: list[str], cls: ClassInfo | None, nested: bool
    ) -> None:
        for stmt in body:
            if isinstance(stmt, ast.ClassDef):
                bases = [n for b in stmt.bases if (n := _name_of(b))]
                info = ClassInfo(module, ".".join([*qual, stmt.name]), stmt, bases)
                for item in stmt.body:
                    if isinstance(item, ast.Assign):
                        for target in item.targets:
                            if isinstance(target, ast.Name):
                                info.attrs[target.id] = item.value
                    elif isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
                        if item.value is not None:
                            info.attrs[item.target.id] = item.value
                        if "ClassVar" not in ast.unparse(item.annotation):
                            info.fields.append(item.target.id)
                if not nested:
                    module.classes[stmt.name] = info
                self._visit(module, stmt.body, [*qual, stmt.name], info, nested)
            elif isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef):
                function = FunctionInfo(module, ".".join([*qual, stmt.name]), stmt, cls, nested)
                module.functions.append(function)
                if cls is not None and not nested:
                    cls.methods[stmt.name] = function
                inner = [s for s in ast.walk(stmt) if s is not stmt and isinstance(s, ast.FunctionDef | ast.ClassDef)]
                direct = [s for s in inner if self._enclosing_def(module, s) is stmt]
                self._visit(module, direct, [*qual, stmt.name], cls, nested=True)

    @staticmethod
    def _enclosing_def(module: ModuleInfo, node: ast.AST) -> ast.AST | None:
        parent = module.parents.get(node)
        while parent is not None and not isinstance(parent, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            parent = module.parents.get(parent)
        return parent

    # -- classes -------------------------------------------------------------------------

    def find_class(self, name: str, module: ModuleInfo | None = None) -> ClassInfo | None:
        if module is not None:
            if name in module.classes:
                return module.classes[name]
            if name in module.imports:
                source, original = module.imports[name]
                if source in self.modules and original in self.modules[source].classes:
                    return self.modules[source].classes[original]
        candidates = self.classes.get(name, [])
        return candidates[0] if candidates else None

    def mro(self, cls: ClassInfo) -> list[ClassInfo]:
        order = [cls]
        for base in cls.bases:
            found = self.find_class(base, cls.module)
            if found is not None and found is not cls:
                order.extend(c for c in self.mro(found) if c not in order)
        return order

    def descendants(self, cls: ClassInfo) -> list[ClassInfo]:
        every = [c for m in self.modules.values() for c in m.classes.values()]
        return [c for c in every if c is not cls and cls in self.mro(c)]

    def exception_names(self, name: str) -> set[str]:
        """``name`` and every scanned class that derives from it."""
        names = {name}
        for classes in self.classes.values():
            for cls in classes:
                if any(c.name == name for c in self.mro(cls)):
                    names.add(cls.name)
        return names

    def constructor_params(self, cls: ClassInfo) -> list[str]:
        init = next((c.methods["__init__"] for c in self.mro(cls) if "__init__" in c.methods), None)
        if init is not None:
            return init.params()
        return [f for c in reversed(self.mro(cls)) for f in c.fields]

    # -- functions -----------------------------------------------------------------------

    def calls(self, function: FunctionInfo) -> Iterator[ast.Call]:
        for node in function.own_nodes():
            if isinstance(node, ast.Call):
                yield node

    def raises(self, function: FunctionInfo) -> Iterator[tuple[str, ast.Call | None]]:
        for node in function.own_nodes():
            if isinstance(node, ast.Raise) and node.exc is not None:
                exc = node.exc
                name = _name_of(exc.func) if isinstance(exc, ast.Call) else _name_of(exc)
                if name:
                    yield name, exc if isinstance(exc, ast.Call) else None

    def targets(self, call: ast.Call, caller: FunctionInfo) -> list[FunctionInfo]:
        """The scanned functions a call may reach: by name; ``self.x`` in the caller's class."""
        func = call.func
        name = _name_of(func)
        if name is None:
            return []
        on_self = isinstance(func, ast.Attribute) and _name_of(func.value) in ("self", "cls")
        if on_self and caller.cls is not None:
            for cls in self.mro(caller.cls):
                if name in cls.methods:
                    return [cls.methods[name]]
        found = list(self.callables.get(name, []))
        for cls in self.classes.get(name, []):
            found.extend(m for c in self.mro(cls) for k, m in c.methods.items() if k in ("__init__", "__new__"))
        return found

    def reached(self, calls: Iterable[ast.Call], caller: FunctionInfo, depth: int = 3) -> list[FunctionInfo]:
        seen: list[FunctionInfo] = []
        frontier = [t for call in calls for t in self.targets(call, caller)]
        for _ in range(depth):
            following: list[FunctionInfo] = []
            for function in frontier:
                if function in seen:
                    continue
                seen.append(function)
                for call in self.calls(function):
                    func = call.func
                    is_self = isinstance(func, ast.Attribute) and _name_of(func.value) in ("self", "cls")
                    same_module = isinstance(func, ast.Name) and func.id in {
                        f.node.name for f in function.module.functions if f.node is not None
                    }
                    if is_self or same_module:
                        following.extend(t for t in self.targets(call, function) if t.module is function.module)
            frontier = following
        return seen

    @staticmethod
    def handlers(module: ModuleInfo, node: ast.AST) -> Iterator[tuple[ast.Try | ast.TryStar, ast.ExceptHandler]]:
        """The except clauses ``node`` sits in, innermost first, within its function."""
        parent = module.parents.get(node)
        while parent is not None and not isinstance(parent, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            if isinstance(parent, ast.ExceptHandler):
                try_node = module.parents.get(parent)
                if isinstance(try_node, ast.Try | ast.TryStar):
                    yield try_node, parent
            parent = module.parents.get(parent)

    def converted(
        self, module: ModuleInfo, node: ast.AST, caller: FunctionInfo
    ) -> list[tuple[str, FunctionInfo, ast.Call | None]]:
        """For a raise inside ``except E``: (exception, function, its raise call) for every scanned
        function reached from the ``try`` body that raises E or a subclass of it."""
        found: list[tuple[str, FunctionInfo, ast.Call | None]] = []
        for try_node, handler in self.handlers(module, node):
            if handler.type is None:
                continue
            types = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
            names = {n for t in types if (n := _name_of(t))}
            wanted = set().union(*(self.exception_names(n) for n in names)) if names else set()
            body_calls = [c for stmt in try_node.body for c in ast.walk(stmt) if isinstance(c, ast.Call)]
            for function in self.reached(body_calls, caller):
                for exc_name, call in self.raises(function):
                    if exc_name in wanted and exc_name != ERROR_CLASS:
                        found.append((exc_name, function, call))
            break
        return found

    # -- what a rule argument can be -----------------------------------------------------

    def resolve(self, expr: ast.expr, fn: FunctionInfo, depth: int = 0) -> Values | None:
        """Every string ``expr`` can be, each with the places (besides ``fn``) that decide it."""
        if depth > 8:
            return None
        if isinstance(expr, ast.Constant):
            return {expr.value: frozenset()} if isinstance(expr.value, str) else None
        if isinstance(expr, ast.JoinedStr):
            result: Values | None = {"": frozenset()}
            for part in expr.values:
                if isinstance(part, ast.Constant) and isinstance(part.value, str):
                    options: Values | None = {part.value: frozenset()}
                elif isinstance(part, ast.FormattedValue) and part.conversion == -1 and part.format_spec is None:
                    options = self.resolve(part.value, fn, depth + 1)
                else:
                    return None
                if options is None or result is None:
                    return None
                result = _merge(*({a + b: sa | sb} for a, sa in result.items() for b, sb in options.items()))
            return result
        if isinstance(expr, ast.IfExp):
            return _merge(self.resolve(expr.body, fn, depth + 1), self.resolve(expr.orelse, fn, depth + 1))
        if isinstance(expr, ast.BoolOp) and isinstance(expr.op, ast.Or):
            return _merge(*(self.resolve(v, fn, depth + 1) for v in expr.values))
        if isinstance(expr, ast.Name):
            return self._resolve_name(expr.id, fn, depth)
        if isinstance(expr, ast.Attribute):
            return self._resolve_attribute(expr, fn, depth)
        if isinstance(expr, ast.Call) and isinstance(expr.func, ast.Attribute) and expr.func.attr == "get":
            table = self._dict(expr.func.value, fn)
            if table is None or not expr.args:
                return None
            default = self.resolve(expr.args[1], fn, depth + 1) if len(expr.args) > 1 else {}
            return _merge(self._dict_values(table, expr.args[0], fn, depth), default)
        if isinstance(expr, ast.Subscript):
            table = self._dict(expr.value, fn)
            return None if table is None else self._dict_values(table, expr.slice, fn, depth)
        return None

    def _resolve_name(self, name: str, fn: FunctionInfo, depth: int) -> Values | None:
        module = fn.module
        if fn.node is not None:
            assigned = [
                node.value
                for node in fn.own_nodes()
                if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == name for t in node.targets)
            ]
            if assigned:
                return _merge(*(self.resolve(v, fn, depth + 1) for v in assigned))
            if name in fn.params():
                return self._resolve_parameter(fn, name, depth)
        if name in module.constants:
            return self.resolve(module.constants[name], module.toplevel or fn, depth + 1)
        if name in module.imports:
            source, original = module.imports[name]
            other = self.modules.get(source)
            if other is not None and original in other.constants and other.toplevel is not None:
                return self.resolve(other.constants[original], other.toplevel, depth + 1)
        return None

    def _resolve_parameter(self, fn: FunctionInfo, name: str, depth: int) -> Values | None:
        """A parameter: what every caller in the module passes (each caller is a place too)."""
        assert fn.node is not None
        index = fn.params().index(name)
        results: list[Values | None] = []
        for caller in fn.module.functions:
            for call in self.calls(caller):
                if fn not in self.targets(call, caller):
                    continue
                passed = next((k.value for k in call.keywords if k.arg == name), None)
                if passed is None and index < len(call.args):
                    passed = call.args[index]
                if passed is None:
                    continue
                values = self.resolve(passed, caller, depth + 1)
                via = Site(caller.module.path, caller.qualname, f"through {fn.qualname}")
                results.append(None if values is None else {v: s | {via} for v, s in values.items()})
        return _merge(*results) if results else None

    def _resolve_attribute(self, expr: ast.Attribute, fn: FunctionInfo, depth: int) -> Values | None:
        owner = expr.value
        if isinstance(owner, ast.Name) and owner.id in ("self", "cls") and fn.cls is not None:
            return self._class_attribute(fn, fn.cls, expr.attr, depth)
        if isinstance(owner, ast.Name):
            cls = self.find_class(owner.id, fn.module)
            if cls is not None:
                return self._lookup(cls, expr.attr, depth)
            return self._exception_attribute(owner.id, expr.attr, expr, fn, depth)
        return None

    def _lookup(self, cls: ClassInfo, attr: str, depth: int) -> Values | None:
        for base in self.mro(cls):
            if attr in base.attrs and base.module.toplevel is not None:
                return self.resolve(base.attrs[attr], base.module.toplevel, depth + 1)
        return None

    def _class_attribute(self, fn: FunctionInfo, cls: ClassInfo, attr: str, depth: int) -> Values | None:
        """``self.X`` in a method: X as each concrete class that runs this method defines it."""
        method = fn.node.name if fn.node is not None else ""
        family = [cls, *self.descendants(cls)]
        leaves = [c for c in family if not any(c in self.mro(d) for d in family if d is not c)]
        results: list[Values | None] = []
        for leaf in leaves:
            path = self.mro(leaf)
            if any(method in c.methods for c in path[: path.index(cls)]):
                continue  # the leaf overrides the method
            values = self._lookup(leaf, attr, depth)
            if values is None:
                return None
            note = f"for {leaf.name}" if leaf is not cls else ""
            results.append({v: s | {Site(fn.module.path, fn.qualname, note)} for v, s in values.items()})
        return _merge(*results) if results else None

    def _exception_attribute(self, name: str, attr: str, node: ast.AST, fn: FunctionInfo, depth: int) -> Values | None:
        """``error.rule`` for ``except SomeError as error``: the ``rule`` every raise of SomeError
        reached from the ``try`` body passes."""
        for try_node, handler in self.handlers(fn.module, node):
            if handler.name != name or handler.type is None:
                continue
            exc = _name_of(handler.type)
            cls = self.find_class(exc, fn.module) if exc else None
            if cls is None or attr not in self.constructor_params(cls):
                return None
            index = self.constructor_params(cls).index(attr)
            results: list[Values | None] = []
            for exc_name, raiser, call in self.converted(fn.module, node, fn):
                if call is None:
                    return None
                passed = next((k.value for k in call.keywords if k.arg == attr), None)
                if passed is None and index < len(call.args):
                    passed = call.args[index]
                values = None if passed is None else self.resolve(passed, raiser, depth + 1)
                via = Site(raiser.module.path, raiser.qualname, f"raises {exc_name}")
                results.append(None if values is None else {v: s | {via} for v, s in values.items()})
            del try_node
            return _merge(*results) if results else None
        return None

    def _dict(self, expr: ast.expr, fn: FunctionInfo) -> ast.Dict | None:
        if isinstance(expr, ast.Dict):
            return expr
        if isinstance(expr, ast.Name):
            for node in fn.own_nodes() if fn.node is not None else ():
                named = isinstance(node, ast.Assign) and any(
                    isinstance(t, ast.Name) and t.id == expr.id for t in node.targets
                )
                if named and isinstance(node, ast.Assign) and isinstance(node.value, ast.Dict):
                    return node.value
            value = fn.module.constants.get(expr.id)
            if isinstance(value, ast.Dict):
                return value
        return None

    def _dict_values(self, table: ast.Dict, key: ast.expr, fn: FunctionInfo, depth: int) -> Values | None:
        """The values of a dictionary of codes; when it is looked up with ``something.attr``, the
        places that construct a class with a field ``attr`` set to a key (a solver's verdict) too."""
        results: list[Values | None] = []
        for k, v in zip(table.keys, table.values, strict=True):
            values = self.resolve(v, fn, depth + 1)
            if values is not None and isinstance(key, ast.Attribute) and isinstance(k, ast.Constant):
                producers = frozenset(self._producers(key.attr, str(k.value)))
                values = {code: sites | producers for code, sites in values.items()}
            results.append(values)
        return _merge(*results)

    def _producers(self, attr: str, value: str) -> Iterator[Site]:
        for classes in self.classes.values():
            for cls in classes:
                if cls.name == ERROR_CLASS:
                    continue
                params = self.constructor_params(cls)
                if attr not in params:
                    continue
                index = params.index(attr)
                for module in self.modules.values():
                    for function in [*module.functions, *([module.toplevel] if module.toplevel else [])]:
                        for call in self.calls(function):
                            if _name_of(call.func) != cls.name:
                                continue
                            passed = next((k.value for k in call.keywords if k.arg == attr), None)
                            if passed is None and index < len(call.args):
                                passed = call.args[index]
                            if isinstance(passed, ast.Constant) and passed.value == value:
                                yield Site(module.path, function.qualname, f'{cls.name} {attr} "{value}"')

    # -- RuleError calls -----------------------------------------------------------------

    def rule_errors(self) -> dict[str, set[Site]]:
        """Every code a RuleError is raised with, and the places that raise or decide it."""
        codes: dict[str, set[Site]] = defaultdict(set)
        for module in self.modules.values():
            for function in [*(module.toplevel,), *module.functions]:
                if function is None:
                    continue
                for call in self.calls(function):
                    if _name_of(call.func) != ERROR_CLASS or not call.args:
                        continue
                    values = self.resolve(call.args[0], function)
                    if values is None:
                        self.unresolved.append(Site(module.path, function.qualname, ast.unparse(call.args[0])))
                        continue
                    converted = self.converted(module, call, function)
                    if any(s.note.startswith("raises ") for sites in values.values() for s in sites):
                        converted = []  # error.rule: each code has its own raisers already
                    for code, sites in values.items():
                        if not any(s.path == module.path and s.qualname == function.qualname for s in sites):
                            codes[code].add(function.site)
                        codes[code] |= sites
                        codes[code] |= {Site(f.module.path, f.qualname, f"raises {e}") for e, f, _ in converted}
        return codes

    # -- docstrings and comments ---------------------------------------------------------

    def chunks(self, module: ModuleInfo) -> Iterator[tuple[str, str]]:
        """(scope's qualified name, text) for every docstring and comment block of a module."""
        tree = module.tree
        for node in [tree, *ast.walk(tree)]:
            if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
                doc = ast.get_docstring(node, clean=True)
                if doc and node.body:
                    yield scope_at(tree, node.body[0].lineno), doc
        block: list[str] = []
        block_line = 0
        last = -2
        try:
            tokens = list(tokenize.generate_tokens(io.StringIO(module.source).readline))
        except (tokenize.TokenError, SyntaxError):
            tokens = []
        lines = module.source.splitlines()
        for token in tokens:
            if token.type != tokenize.COMMENT:
                continue
            line = token.start[0]
            text = token.string.lstrip("#:").strip()
            alone = lines[line - 1].strip().startswith("#")
            if alone and line == last + 1 and block:
                block.append(text)
            else:
                if block:
                    yield scope_at(tree, block_line), " ".join(block)
                block, block_line = [text], line
            last = line if alone else -2
        if block:
            yield scope_at(tree, block_line), " ".join(block)


def scope_at(tree: ast.Module, line: int) -> str:
    """The qualified name of what a line belongs to: the function or class around it, else the
    class or module assignment it is on or just above (a ``#:`` comment), else ``<module>``."""
    parts: list[str] = []
    body: list[ast.stmt] = tree.body
    in_function = False
    while True:
        inside = next((s for s in body if _first_line(s) <= line <= (s.end_lineno or s.lineno)), None)
        stmt = inside or next((s for s in body if _first_line(s) > line), None)
        if isinstance(stmt, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            parts.append(stmt.name)
            if inside is None:
                break
            body = stmt.body
            in_function = not isinstance(stmt, ast.ClassDef)
            continue
        if isinstance(stmt, ast.Assign | ast.AnnAssign) and not in_function:
            targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
            parts.extend([t.id for t in targets if isinstance(t, ast.Name)][:1])
        break
    return ".".join(parts) or "<module>"


def _first_line(stmt: ast.stmt) -> int:
    decorators: list[ast.expr] = getattr(stmt, "decorator_list", [])
    return min([stmt.lineno, *(d.lineno for d in decorators)])


def qualnames(path: Path) -> set[str]:
    """Every function, class and assignment a file defines, by qualified name."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()

    def visit(body: list[ast.stmt], prefix: str) -> None:
        for stmt in body:
            if isinstance(stmt, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
                names.add(prefix + stmt.name)
                visit(stmt.body, prefix + stmt.name + ".")
            elif isinstance(stmt, ast.Assign):
                names.update(prefix + t.id for t in stmt.targets if isinstance(t, ast.Name))

    visit(tree.body, "")
    return names


# -- citations -------------------------------------------------------------------------------

RULE_NUMBERS = re.compile(r"\brules?\s+(\d{2}(?:\s*(?:-|–|to|,|/|and|&)\s*\d{2})*)\b", re.IGNORECASE)


def cited_numbers(text: str) -> set[str]:
    """``rule 07``, ``rules 04-12``, ``Rules 04 and 06`` -> the two-digit numbers they name."""
    found: set[str] = set()
    for match in RULE_NUMBERS.finditer(text):
        tokens = re.findall(r"\d{2}|-|–|to", match.group(1))
        previous: int | None = None
        span = False
        for token in tokens:
            if token in ("-", "–", "to"):
                span = True
                continue
            number = int(token)
            if span and previous is not None:
                found.update(f"{n:02d}" for n in range(previous, number + 1))
            else:
                found.add(f"{number:02d}")
            previous, span = number, False
    return found


def quoted_pieces(text: str) -> Iterator[str]:
    """Runs of five words or more between quote marks and ellipses: the candidate quotations."""
    for piece in re.split(r"[\"“”]|\.\.\.|…", text):
        piece = piece.strip(" \n\t.,;:!?()'")
        if len(piece) >= 24 and len(piece.split()) >= 5:
            yield piece


# -- the index -------------------------------------------------------------------------------


@dataclass
class Entry:
    """One rule of one game: its codes, its passage and the places that enforce or cite it."""

    codes: list[str]
    section: Section | None
    quote: str = ""
    raised: set[Site] = field(default_factory=set)
    cited: set[Site] = field(default_factory=set)
    listed: set[Site] = field(default_factory=set)
    item_of: str | None = None  # a numbered rule that is an item of another's list

    @property
    def name(self) -> str:
        if self.codes:
            return ", ".join(f"`{c}`" for c in self.codes)
        return self.section.title if self.section else "?"

    @property
    def sites(self) -> set[Site]:
        return self.raised | self.cited | self.listed


@dataclass
class GameIndex:
    spec: GameSpec
    text: RuleText | None
    entries: list[Entry]
    unplaced: list[str]  # codes the rule text has no passage for

    @property
    def raised_codes(self) -> list[str]:
        """The codes some RuleError raises (a numbered rule nothing raises is not one)."""
        return sorted({c for e in self.entries if e.raised for c in e.codes})

    def entry(self, code: str) -> Entry | None:
        return next((e for e in self.entries if code in e.codes), None)


@dataclass
class Index:
    games: list[GameIndex]
    rules_dir: Path
    missing_texts: list[str]
    orphans: dict[str, set[Site]]  # codes that name no game
    unresolved: list[Site]


def game_of(code: str) -> GameSpec | None:
    best: tuple[int, GameSpec] | None = None
    for spec in GAMES:
        for prefix in spec.prefixes:
            if (code == prefix or code.startswith(prefix + " ")) and (best is None or len(prefix) > best[0]):
                best = (len(prefix), spec)
    return best[1] if best else None


def default_anchor(spec: GameSpec, code: str) -> Anchor:
    if code in spec.anchors:
        return spec.anchors[code]
    prefix = max((p for p in spec.prefixes if code == p or code.startswith(p + " ")), key=len)
    return Anchor(code[len(prefix) :].strip() or prefix)


def build_index(root: Path = ROOT, rules_dir: Path = RULES_DIR) -> Index:
    code = Code(root)
    raised = code.rule_errors()
    texts: dict[str, RuleText] = {}
    missing: list[str] = []
    for spec in GAMES:
        path = rules_dir / spec.file
        if path.is_file():
            texts[spec.key] = RuleText.read(spec, path)
        else:
            missing.append(spec.file)
    by_game: dict[str, dict[str, set[Site]]] = {spec.key: {} for spec in GAMES}
    orphans: dict[str, set[Site]] = {}
    for rule, sites in raised.items():
        owner = game_of(rule)
        if owner is None:
            orphans[rule] = sites
        else:
            by_game[owner.key][rule] = sites
    # Codes are placed first: a passage a code starts is a section the citations can fall in.
    placed: dict[str, Section | None] = {}
    for key, text in texts.items():
        if not text.spec.numbered:
            for rule in sorted(by_game[key]):
                try:
                    placed[rule] = text.locate(default_anchor(text.spec, rule))
                except LookupError:
                    placed[rule] = None
    listed = _listed(root)
    cites = _citations(code, texts, raised)
    games = [_game_index(spec, texts.get(spec.key), by_game[spec.key], placed, cites, listed) for spec in GAMES]
    return Index(games, rules_dir, missing, orphans, code.unresolved)


def _listed(root: Path) -> dict[str, set[Site]]:
    listed: dict[str, set[Site]] = defaultdict(set)
    for rule, path, qualname, what in UNCITED:
        if qualname not in qualnames(root / path):
            raise SystemExit(f"UNCITED in {Path(__file__).name}: {path} has no {qualname} any more")
        listed[rule].add(Site(path, qualname, what))
    return listed


def _citations(
    code: Code, texts: Mapping[str, RuleText], raised: Mapping[str, set[Site]]
) -> dict[tuple[str, int | str], set[Site]]:
    """(game, section start or rule number) -> the places whose docstrings or comments cite it.

    Rule numbers count anywhere (only Not Scrabble numbers its rules); a heading named as a label
    counts in the modules of its game (those that name its rule text or raise its codes); a
    quotation counts for the game whose text has it (the module's own games first)."""
    cites: dict[tuple[str, int | str], set[Site]] = defaultdict(set)
    raised_in: dict[str, set[str]] = defaultdict(set)
    for rule, sites in raised.items():
        spec = game_of(rule)
        for site in sites:
            if spec is not None:
                raised_in[site.path].add(spec.key)
    for module in code.modules.values():
        games = {spec.key for spec in GAMES if spec.file in module.source} | raised_in[module.path]
        for scope, text in code.chunks(module):
            site = Site(module.path, scope)
            for number in cited_numbers(text):
                cites[("not-scrabble", number)].add(site)
            for key, rule_text in texts.items():
                if key in games and not rule_text.spec.numbered:
                    for section in _named_headings(rule_text, text):
                        cites[(key, section.owner)].add(site)
            for piece in quoted_pieces(text):
                folded = squash(piece)
                found = [(k, t.low.find(folded)) for k, t in texts.items() if folded in t.low]
                if any(k in games for k, _ in found):
                    found = [(k, at) for k, at in found if k in games]
                for key, at in found:
                    quoted = texts[key].section_at(at)
                    if quoted is not None:
                        target: int | str = quoted.title if quoted.kind == "numbered" else quoted.owner
                        cites[(key, target)].add(site)
    return cites


def _named_headings(text: RuleText, chunk: str) -> Iterator[Section]:
    """Headings a docstring or comment uses as a label: at its start or a sentence's, or in a list of
    them, and followed by a colon, a comma or an item letter (``Passing:``, ``PLAY (b)``,
    ``Progress of Play, Length of Words, ...``). Longer headings first: ``FOR LENGTH OF WORDS`` is
    not ``Length of Words``."""
    taken: list[tuple[int, int]] = []
    seen: set[str] = set()
    sections = [
        s
        for s in text.sections
        if s.kind == "heading" and s.start >= text.searched_from and s.title.upper() not in PLAIN_HEADINGS
    ]
    for section in sorted(sections, key=lambda s: (-len(s.title), s.start)):
        title = section.title
        if len(title) < 4 or squash(title) in seen:
            continue
        pattern = r"(?<!\w)" + r"\s+".join(map(re.escape, title.split())) + r"(?=\s*(?::|,|\(\w\)))"
        for match in re.finditer(pattern, chunk, re.IGNORECASE):
            before = chunk[: match.start()].rstrip(" \n\"'“”`")
            if not match.group(0)[0].isupper() or (before and not re.search(r"(?:[.;:,(]|\band|\bor)$", before)):
                continue
            if any(a < match.end() and match.start() < b for a, b in taken):
                continue
            taken.append(match.span())
            seen.add(squash(title))
            yield section
            break


def _game_index(
    spec: GameSpec,
    text: RuleText | None,
    raised: Mapping[str, set[Site]],
    placed: Mapping[str, Section | None],
    cites: Mapping[tuple[str, int | str], set[Site]],
    listed: Mapping[str, set[Site]],
) -> GameIndex:
    ours = {rule: sites for rule, sites in listed.items() if game_of(rule) is spec}
    if text is None:
        return _game_index_without_text(spec, raised, cites, ours)
    by_section: dict[int, Entry] = {}
    unplaced: list[str] = []
    if spec.numbered:
        owner = ""
        for section in text.sections:
            if section.kind != "numbered":
                continue
            entry = Entry([f"{spec.key} {section.title}"], section, text.quote(section))
            words = text.flat[section.body : text.end_of(section)].strip()
            if words[:1].islower() and owner:
                entry.item_of = owner
            else:
                owner = section.title
            entry.cited |= cites.get((spec.key, section.title), set())
            by_section[section.start] = entry
        numbers = {e.codes[0]: e for e in by_section.values()}
        for rule, sites in raised.items():
            if rule in numbers:
                numbers[rule].raised |= sites
            else:
                unplaced.append(rule)
        for rule, sites in ours.items():
            if rule in numbers:
                numbers[rule].listed |= sites
    else:
        for rule in sorted(raised):
            where = placed.get(rule)
            if where is None:
                unplaced.append(rule)
                continue
            entry = by_section.setdefault(where.start, Entry([], where, text.quote(where)))
            entry.codes.append(rule)
            entry.raised |= raised[rule]
            entry.listed |= ours.get(rule, set())
        for (game, target), sites in cites.items():
            if game != spec.key or not isinstance(target, int):
                continue
            cited = next(s for s in text.sections if s.start == target)
            entry = by_section.setdefault(cited.start, Entry([], cited, text.quote(cited)))
            entry.cited |= sites
    entries = [by_section[start] for start in sorted(by_section)]
    for entry in entries:
        entry.cited = {s for s in entry.cited if not any(_same(s, r) for r in entry.raised)}
    unplaced_entries = [Entry([rule], None, raised=set(raised[rule])) for rule in sorted(unplaced)]
    return GameIndex(spec, text, entries + unplaced_entries, sorted(unplaced))


def _game_index_without_text(
    spec: GameSpec,
    raised: Mapping[str, set[Site]],
    cites: Mapping[tuple[str, int | str], set[Site]],
    listed: Mapping[str, set[Site]],
) -> GameIndex:
    """The code side only: every code raised or listed, and for Not Scrabble every number cited."""
    rules = set(raised) | set(listed)
    if spec.numbered:
        rules |= {f"{spec.key} {t}" for (g, t) in cites if g == spec.key and isinstance(t, str)}
    entries = []
    for rule in sorted(rules):
        entry = Entry([rule], None, raised=set(raised.get(rule, ())), listed=set(listed.get(rule, ())))
        if spec.numbered:
            entry.cited = set(cites.get((spec.key, rule.rpartition(" ")[2]), set()))
        entry.cited = {s for s in entry.cited if not any(_same(s, r) for r in entry.raised)}
        entries.append(entry)
    return GameIndex(spec, None, entries, [])


def _same(a: Site, b: Site) -> bool:
    return a.path == b.path and a.qualname == b.qualname


# -- the page --------------------------------------------------------------------------------


def _site_lines(sites: Iterable[Site]) -> list[str]:
    by_path: dict[str, dict[str, set[str]]] = defaultdict(lambda: defaultdict(set))
    for site in sites:
        by_path[site.path][site.qualname].add(site.note)
    lines = []
    for path in sorted(by_path):
        names = []
        for qualname in sorted(by_path[path], key=lambda q: (q != "<module>", q)):
            label = "module" if qualname == "<module>" else f"`{qualname}`"
            notes = sorted(n for n in by_path[path][qualname] if n)
            also = "also " if notes and "" in by_path[path][qualname] else ""
            names.append(label + (f" ({also}{'; '.join(notes)})" if notes else ""))
        lines.append(f"  - [`{path}`](../{path}): " + ", ".join(names))
    return lines


def render(index: Index) -> str:
    out = ["# Rule index", ""]
    out.append("<!-- Written by scripts/make_rule_index.py from the code and ../shared/rules/: do not edit by hand;")
    out.append("     run `.venv/bin/python scripts/make_rule_index.py` after changing a rule's code. -->")
    out += ["", INTRO, ""]
    out += [
        "## Readings chosen",
        "",
        "Where a rule text is unclear or silent, what wordtable does, why, and the "
        "game setting (engine option) that changes it.",
        "",
    ]
    for title, text, chosen, setting in READINGS:
        out += [f"- **{title}**, {text}: {chosen} Setting: {setting}."]
    out += [""]
    if index.missing_texts:
        files = ", ".join(f"`{name}`" for name in index.missing_texts)
        out += [f"**The quotations are missing**: {files} were not found in `../shared/rules/` when this page", ""]
        out[-2] += " was written, so those games list their codes without the rules' words."
    for game in index.games:
        out += [f"## {game.spec.title}", ""]
        out += [f"Rule text: `../shared/rules/{game.spec.file}`. Rule codes raised: {len(game.raised_codes)}.", ""]
        for entry in game.entries:
            out += _render_entry(entry, game)
    if index.orphans:
        out += ["## Codes that name no game", ""]
        for rule in sorted(index.orphans):
            out += [f"### `{rule}`", "", *_render_sites("Raised by", index.orphans[rule])]
    if index.unresolved:
        out += ["## RuleError calls whose rule this script cannot read", ""]
        out += [*_site_lines(index.unresolved), ""]
    return "\n".join(out).rstrip("\n") + "\n"


def _render_entry(entry: Entry, game: GameIndex) -> list[str]:
    out = [f"### {entry.name}", ""]
    if entry.quote:
        out += [f"> {entry.quote}", ""]
    elif game.text is None:
        out += ["> (quotation missing: the rule text was not found)", ""]
    else:
        out += [f"Not found in `../shared/rules/{game.spec.file}`: this code names no passage of the text.", ""]
    if entry.item_of:
        code = f"{game.spec.key} {entry.item_of}"
        out += [f"An item of rule {entry.item_of}'s list: a claim it refuses is raised as `{code}`.", ""]
    if not entry.sites:
        return [*out, "Nothing in the code enforces or cites this rule.", ""]
    out += _render_sites("Raised by", entry.raised)
    out += _render_sites("Cited by", entry.cited)
    out += _render_sites("Not cited (listed by hand in scripts/make_rule_index.py)", entry.listed)
    return out


def _render_sites(label: str, sites: Iterable[Site]) -> list[str]:
    lines = _site_lines(sites)
    return [f"- {label}:", *lines, ""] if lines else []


def expected(root: Path = ROOT, rules_dir: Path = RULES_DIR) -> str:
    return render(build_index(root, rules_dir))


def check(root: Path = ROOT, rules_dir: Path = RULES_DIR, doc: Path = DOC) -> list[str]:
    """The differences between ``doc`` and what would be written (empty: it is current)."""
    want = expected(root, rules_dir)
    have = doc.read_text(encoding="utf-8") if doc.exists() else ""
    if want == have:
        return []
    return list(difflib.unified_diff(have.splitlines(), want.splitlines(), str(doc), "expected", lineterm="", n=1))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--check", action="store_true", help="exit 1 if docs/rules.md is not current")
    parser.add_argument("--rules", type=Path, default=RULES_DIR, help="the folder of rule texts")
    args = parser.parse_args(argv)
    if args.check:
        diff = check(ROOT, args.rules)
        if diff:
            print("\n".join(diff[:60]), file=sys.stderr)
            print(f"{DOC.relative_to(ROOT)} is not current: run scripts/make_rule_index.py", file=sys.stderr)
            return 1
        return 0
    index = build_index(ROOT, args.rules)
    DOC.write_text(render(index), encoding="utf-8")
    for name in index.missing_texts:
        print(f"warning: {args.rules / name} not found: its game is listed without quotations", file=sys.stderr)
    for game in index.games:
        print(f"{game.spec.key}: {len(game.raised_codes)} rule codes raised, {len(game.entries)} rules listed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
