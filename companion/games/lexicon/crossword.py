"""The Crossword Lexicon (1937) layout: cards placed on a grid, words read across and down.

Public API: :class:`Grid`, :class:`Placement`, :class:`GridError`, :func:`parse_cells`.

Rules (shared/rules/lexicon.txt, Crossword Lexicon): the first word fixes the layout, reading
left to right; later turns join 1 to 4 cards (any number by agreement) "only one way at each
turn, i.e., up and down or across"; "If letters are placed in rows up and down and across, they
must make words both ways"; no plural by adding S or ES "unless ... the plural forms a new word
at a corner or a joint", the third person singular of verbs being allowed; "INCREASING WORDS":
letters may be added at either end of a word.

>>> grid = Grid()
>>> grid.place(parse_cells("0,0,G 0,1,A 0,2,M 0,3,E")).words
['GAME']
>>> grid.place(parse_cells("-1,1,S 1,1,L 2,1,T")).words  # "added the letters S, L, and T to make SALT"
['SALT']
>>> grid.place(parse_cells("1,3,V 2,3,E 3,3,N")).words  # "the VEN to spell EVEN"
['EVEN']
>>> grid.place(parse_cells("2,2,O")).words  # "the letter O between the T and E to spell TOE"
['TOE']
>>> print(grid.render())
.S..
GAME
.L.V
.TOE
...N
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from lemminflect import getAllLemmas

from companion.errors import WordtableError

Cell = tuple[int, int]


class GridError(WordtableError):
    """A placement the crossword rules refuse; ``rule`` names it."""

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(message)
        self.rule = rule


@dataclass(frozen=True)
class Placement:
    cells: dict[Cell, str]  # the cards placed: letter (lowercase when a master stands for it)
    words: list[str]  # every word the placement makes, main line first
    lines: tuple[tuple[Cell, ...], ...] = ()  # the cells of each of those words


def parse_cells(text: str | Iterable[str]) -> dict[Cell, str]:
    """``"row,col,L row,col,L"`` (a lowercase letter is a master standing for it) or a list of them."""
    items = text.split() if isinstance(text, str) else list(text)
    cells: dict[Cell, str] = {}
    for item in items:
        parts = item.split(",")
        if len(parts) != 3 or not parts[2].isalpha() or len(parts[2]) != 1:
            raise GridError("layout", f"{item!r}: write a card as row,column,LETTER")
        try:
            cell = (int(parts[0]), int(parts[1]))
        except ValueError:
            raise GridError("layout", f"{item!r}: row and column are whole numbers") from None
        if cell in cells:
            raise GridError("layout", f"two cards at {cell}")
        cells[cell] = parts[2]
    return cells


def is_plural_of(stem: str, word: str) -> bool:
    """WORD is STEM + S/ES as a noun plural, and not (also) a verb's third person singular."""
    if word not in (stem + "s", stem + "es"):
        return False
    lemmas = getAllLemmas(word)
    return stem in lemmas.get("NOUN", ()) and stem not in lemmas.get("VERB", ())


class Grid:
    """The crossword on the table: letter by cell; ``masters`` marks cells holding a master."""

    def __init__(self) -> None:
        self.cells: dict[Cell, str] = {}
        self.masters: set[Cell] = set()

    def copy(self) -> Grid:
        other = Grid()
        other.cells, other.masters = dict(self.cells), set(self.masters)
        return other

    def run(self, cell: Cell, across: bool, extra: dict[Cell, str]) -> tuple[list[Cell], str]:
        """The maximal line of letters through ``cell`` (with ``extra`` laid on the grid)."""
        dr, dc = (0, 1) if across else (1, 0)

        def letter(c: Cell) -> str | None:
            return extra.get(c) or self.cells.get(c)

        start = cell
        while letter((start[0] - dr, start[1] - dc)):
            start = (start[0] - dr, start[1] - dc)
        cells = []
        at = start
        while letter(at):
            cells.append(at)
            at = (at[0] + dr, at[1] + dc)
        return cells, "".join(str(letter(c)) for c in cells).lower()

    def place(
        self,
        cells: dict[Cell, str],
        max_cards: int | None = 4,
        plurals: bool = False,
        is_word: Callable[[str], bool] | None = None,
    ) -> Placement:
        """Check a placement and lay it down; raises :class:`GridError` and changes nothing."""
        if not cells:
            raise GridError("play", "no cards placed")
        taken = [c for c in cells if c in self.cells]
        if taken:
            raise GridError("layout", f"{taken[0]} already holds {self.cells[taken[0]].upper()}")
        rows = {r for r, _ in cells}
        cols = {c for _, c in cells}
        if len(rows) > 1 and len(cols) > 1:
            raise GridError("one way", "additions are made only one way at each turn: across or down")
        first = not self.cells
        if first and len(rows) > 1:
            raise GridError("first word", "the first word is laid across, reading left to right")
        if not first and max_cards is not None and len(cells) > max_cards:
            raise GridError("four cards", f"from one to {max_cards} cards a turn ({len(cells)} placed)")
        across = len(rows) == 1 and (len(cells) > 1 or not first)
        if len(cells) == 1 and not first:
            (cell,) = cells
            across = len(self.run(cell, True, cells)[0]) >= len(self.run(cell, False, cells)[0])
        anchor = min(cells)
        line, main = self.run(anchor, across, cells)
        if not set(cells) <= set(line):
            raise GridError("layout", "the cards placed must join in one unbroken line")
        if not first and not any(c in self.cells for c in line) and not self._crosses(cells, across):
            raise GridError("layout", "a new word must join the crossword")
        words: list[tuple[str, list[Cell]]] = []
        if len(line) >= 2:
            words.append((main, line))
        for cell in cells:
            cross, word = self.run(cell, not across, cells)
            if len(cross) >= 2:
                words.append((word, cross))
        if not words:
            raise GridError("layout", "the cards placed make no word")
        if is_word is not None:
            for word, _ in words:
                if not is_word(word):
                    raise GridError("two-way words", f"{word.upper()} is not a word: letters must make words both ways")
        if not plurals:
            self._check_plurals(cells, words)
        for cell, letter in cells.items():
            self.cells[cell] = letter.lower()
            if letter.islower():
                self.masters.add(cell)
        return Placement(dict(cells), [w.upper() for w, _ in words], tuple(tuple(line) for _, line in words))

    def _crosses(self, cells: dict[Cell, str], across: bool) -> bool:
        return any(len(self.run(c, not across, cells)[0]) >= 2 for c in cells)

    def _check_plurals(self, cells: dict[Cell, str], words: list[tuple[str, list[Cell]]]) -> None:
        """ "No player may make plural words by using an S or ES, unless, in adding the S or ES the
        plural forms a new word at a corner or a joint"; "the third person singular of verbs" is
        allowed. Every plural made counts: an old word lengthened by the S (GIRL -> GIRLS) and a new
        word laid through old letters (CARS through the A of GAME) alike, unless the S placed now
        also makes a word the other way."""
        for word, line in words:
            last = line[-1]
            if last not in cells:
                continue  # the S was on the table already: this turn made no plural with it
            stem = next((word[:-n] for n in (1, 2) if len(word) > n and is_plural_of(word[:-n], word)), None)
            if stem is None:
                continue
            across = line[0][0] == last[0]
            if len(self.run(last, not across, cells)[0]) >= 2:
                continue  # the S makes a new word at a corner or a joint
            raise GridError("plural", f"{word.upper()} only makes {stem.upper()} plural: an S or ES must also "
                            "make a new word at a corner or a joint")  # fmt: skip

    def words(self) -> list[str]:
        """Every word on the grid (runs of two or more letters), across then down."""
        found = []
        for across in (True, False):
            seen: set[Cell] = set()
            for cell in sorted(self.cells):
                if cell in seen:
                    continue
                line, word = self.run(cell, across, {})
                seen.update(line)
                if len(line) >= 2:
                    found.append(word.upper())
        return found

    def render(self) -> str:
        """The grid as text, ``.`` for an empty square."""
        if not self.cells:
            return ""
        rows = [r for r, _ in self.cells]
        cols = [c for _, c in self.cells]
        return "\n".join(
            "".join(self.cells.get((r, c), ".").upper() for c in range(min(cols), max(cols) + 1))
            for r in range(min(rows), max(rows) + 1)
        )
