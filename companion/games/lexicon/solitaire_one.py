"""LEXICON Solitaire No. 1 (1937): its position, its moves, and a solver.

Public API: :class:`SolitaireOne`, :class:`Solution`, :func:`deal_one`.

"lay all of the cards face up on the table in separate piles of three cards each ... There will
be one extra card which must be laid on the table face up by itself." "Make words of four or more
letters by using the top cards only from any of the piles"; "If the use of one letter exposes
another, the second letter may be used in the same word." "If ... you have only two or three
unplayed cards left ..., you can form a word of two or three letters in order to complete the
Solitaire." The two masters are not used.

A position is the piles, each written top card first. A move takes the top ``k`` cards of some
piles (the cards above any card it uses), and those cards, in some order, spell a word.

>>> game = SolitaireOne(["HOM", "E"])
>>> game.take("home")
{0: 3, 1: 1}
>>> SolitaireOne(["HOM", "E"]).solve().completable
True
>>> SolitaireOne(["QX", "ZJ", "K"]).solve().completable
False
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Iterable, Iterator
from dataclasses import dataclass
from typing import TypeVar

from companion.errors import WordtableError
from companion.sets.cards import MASTER, deck
from companion.words.dictionary import Dictionary
from companion.words.letters import Letters
from companion.words.wordindex import WordIndex

S = TypeVar("S")
MIN_WORD = 4
END_GAME = 3  # "only two or three unplayed cards left": a word of two or three letters


class MoveError(WordtableError):
    """A move the cards or the rules of a solitaire do not allow (the record names the rule)."""


def deal_one(seed: int, deck_name: str = "parker") -> list[str]:
    """A shuffled deal: 17 piles of three and the extra card (Parker pack less its masters)."""
    cards = [c for c in deck(deck_name).elements() if c != MASTER]
    random.Random(seed).shuffle(cards)
    piles = ["".join(cards[i : i + 3]) for i in range(0, len(cards) - len(cards) % 3, 3)]
    if len(cards) % 3:
        piles.append("".join(cards[len(cards) - len(cards) % 3 :]))
    return piles


@dataclass(frozen=True)
class Solution:
    completable: bool | None  # None: the search stopped at its limit before deciding
    words: tuple[str, ...]  # a way to complete the Solitaire (empty when there is none)
    positions: int  # positions searched

    @property
    def hint(self) -> str | None:
        return self.words[0] if self.words else None

    def as_dict(self) -> dict[str, object]:
        return {
            "completable": self.completable,
            "hint": self.hint,
            "words": list(self.words),
            "positions": self.positions,
        }


class SolitaireOne:
    """A Solitaire No. 1 position; ``words`` is the dictionary (the standard list by default)."""

    def __init__(self, piles: Iterable[str], words: Dictionary | None = None, index: WordIndex | None = None) -> None:
        self.piles = [p.lower() for p in piles]
        for pile in self.piles:
            Letters(pile)  # letters only
        self.dictionary = words or Dictionary.load("standard")
        self.index = index or WordIndex(w for w in self.dictionary if 2 <= len(w) <= 10)

    @property
    def cards_left(self) -> int:
        return sum(len(p) for p in self.piles)

    def take(self, word: str, piles: tuple[str, ...] | None = None) -> dict[int, int] | None:
        """How many top cards of which piles spell ``word`` (any order), or None."""
        piles = tuple(self.piles) if piles is None else piles
        return _decompose(Letters(word.lower()), piles)

    def play(self, word: str) -> None:
        """Take a word off the piles (the rules checked); raises :class:`MoveError` and changes nothing."""
        word = word.lower()
        left = self.cards_left
        short_ok = left <= END_GAME and len(word) == left
        if len(word) < MIN_WORD and not short_ok:
            raise MoveError(f"{word.upper()}: words of four or more letters (two or three only to finish)")
        if word not in self.dictionary:
            raise MoveError(f"{word.upper()} is not in the dictionary")
        taken = self.take(word)
        if taken is None:
            raise MoveError(f"{word.upper()} cannot be taken from the top cards")
        self.piles = [p[taken.get(i, 0) :] for i, p in enumerate(self.piles)]

    def moves(self, piles: tuple[str, ...]) -> Iterator[tuple[str, tuple[str, ...]]]:
        """Every word that can be taken now, with the piles it leaves; longer words first."""
        left = sum(len(p) for p in piles)
        budget = Letters("".join(piles))
        lengths = list(range(MIN_WORD, min(left, 10) + 1))
        if left <= END_GAME:  # the end game: one short word that uses every card left
            lengths = [left] if left >= 2 else []
        tops = Letters(p[0] for p in piles if p)
        seen: set[Letters] = set()
        for length in sorted(lengths, reverse=True):
            rows = self.index.candidates(budget, min_length=length, max_length=length)
            for i in rows:
                word = self.index.words[i]
                letters = Letters(word)
                if letters in seen or not (letters.counts and _shares(letters, tops)):
                    continue
                seen.add(letters)
                taken = _decompose(letters, piles)
                if taken is not None:
                    yield word, tuple(p[taken.get(k, 0) :] for k, p in enumerate(piles))

    def solve(self, limit: int = 20_000) -> Solution:
        """Can every card be used? ``limit`` bounds the positions tried."""
        return depth_first(
            tuple(self.piles), self.moves, lambda piles: not any(piles), lambda p: tuple(sorted(p)), limit
        )


def depth_first(
    start: S,
    moves: Callable[[S], Iterable[tuple[str, S]]],
    done: Callable[[S], bool],
    key: Callable[[S], Hashable],
    limit: int,
) -> Solution:
    """Depth-first search for a way from ``start`` to a ``done`` position, remembering dead
    positions by ``key``; undecided (None) once ``limit`` positions have been tried."""
    failed: set[Hashable] = set()
    visited = 0

    def search(position: S) -> list[str] | None:
        nonlocal visited
        if done(position):
            return []
        if key(position) in failed:
            return None
        visited += 1
        if visited > limit:
            raise _Stop
        for move, after in moves(position):
            found = search(after)
            if found is not None:
                return [move, *found]
        failed.add(key(position))
        return None

    try:
        found = search(start)
    except _Stop:
        return Solution(None, (), visited)
    return Solution(found is not None, tuple(found or ()), visited)


class _Stop(Exception):  # noqa: N818 - control flow, not an error
    pass


def _shares(letters: Letters, tops: Letters) -> bool:
    return any(a and b for a, b in zip(letters.counts, tops.counts, strict=True))


def _decompose(word: Letters, piles: tuple[str, ...]) -> dict[int, int] | None:
    """Prefix lengths (pile -> cards) whose cards together are exactly ``word``, or None."""
    need = list(word.counts)
    order = [i for i, p in enumerate(piles) if p]
    chosen: dict[int, int] = {}

    def fits(letter: str) -> bool:
        return need[ord(letter) - 97] > 0

    def place(k: int, left: int) -> bool:
        if left == 0:
            return True
        if k == len(order):
            return False
        pile = piles[order[k]]
        taken = 0
        # Take 0, 1, 2 ... cards from the top while the word still needs them.
        if place(k + 1, left):
            return True
        for card in pile:
            if not fits(card):
                break
            need[ord(card) - 97] -= 1
            taken += 1
            chosen[order[k]] = taken
            if place(k + 1, left - taken):
                return True
        for card in pile[:taken]:
            need[ord(card) - 97] += 1
        chosen.pop(order[k], None)
        return False

    return dict(chosen) if place(0, len(word)) else None
