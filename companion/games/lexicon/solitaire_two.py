"""LEXICON Solitaire No. 2 (1937): seven piles, the nest, two masters; position, moves, solver.

Public API: :class:`SolitaireTwo`, :func:`deal_two`.

"place one card face up on the table at your left and six other cards face down ... Continue in
this way until you have seven piles of 1, 2, 3, 4, 5, 6, and 7 cards with the top card of each
pile face up ... Place the remainder of the pack face down": the nest. Words are "four or more
(not less)" letters from the cards face up; the cards beneath are then turned up. An empty pile
may take a vowel exposed on another pile (the card beneath it is turned up); "If no vowels are
available from any of the seven piles ... the spaces may be filled in by using the cards which
have been turned face up from the nest, ... the top one ... first." When no word can be made,
the top card of the nest is turned face up beside it, and that card may be used. "The Lexicon
Master Cards may each be used once and only once in a game to represent any letter."

The solver knows the whole deal (the face-down cards too): it says whether the deal can be
completed, and its first move is the hint.

>>> game = SolitaireTwo(["E", "XS", "QIT", "ZVKA", "JWOYH", "UFCDGM", "BRLNPRS"], nest="")
>>> game.exposed()
['E', 'S', 'T', 'A', 'H', 'M', 'S']
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np

from companion.games.lexicon.solitaire_one import MoveError, Solution, depth_first
from companion.sets.cards import MASTER, deck
from companion.words.dictionary import Dictionary
from companion.words.letters import Letters
from companion.words.wordindex import letter_counts

VOWELS = frozenset("AEIOU")
MIN_WORD = 4
MASTERS = 2


def deal_two(seed: int, deck_name: str = "parker") -> tuple[list[str], str]:
    """A shuffled deal: seven piles of 1 to 7 cards (each written bottom first, its last card
    face up) and the nest (top card first)."""
    cards = [c for c in deck(deck_name).elements() if c != MASTER]
    random.Random(seed).shuffle(cards)
    piles, at = [], 0
    for size in range(1, 8):
        piles.append("".join(cards[at : at + size]))
        at += size
    return piles, "".join(cards[at:])


@dataclass(frozen=True)
class State:
    piles: tuple[str, ...]  # bottom first; the last card of a pile is face up
    nest: str  # face down, top first
    turned: str  # turned up beside the nest, top (usable) card last
    masters: int  # masters not yet used

    @property
    def done(self) -> bool:
        return not any(self.piles) and not self.nest and not self.turned


class SolitaireTwo:
    """A Solitaire No. 2 deal (or position) and its solver."""

    def __init__(
        self,
        piles: list[str],
        nest: str,
        turned: str = "",
        masters: int = MASTERS,
        words: Dictionary | None = None,
    ) -> None:
        for text in [*piles, nest, turned]:
            Letters(text)
        self.state = State(tuple(p.upper() for p in piles), nest.upper(), turned.upper(), masters)
        dictionary = words or Dictionary.load("standard")
        self.dictionary = dictionary
        self._words = sorted(w for w in dictionary if MIN_WORD <= len(w) <= 9)
        self._counts = letter_counts(self._words).astype(np.int8)

    def exposed(self, state: State | None = None) -> list[str]:
        state = state or self.state
        return [p[-1] for p in state.piles if p]

    def moves(self, state: State) -> Iterator[tuple[str, State]]:
        """(the move as an event's text, next position) for every move: words first (longest
        first), then moving a vowel (or a turned card) to an empty pile, then turning a nest card.
        A word names the piles its cards come from (1-7; 0 for the turned nest card)."""
        tops = [(i, p[-1]) for i, p in enumerate(state.piles) if p]
        sources = tops + ([(-1, state.turned[-1])] if state.turned else [])
        shown = Letters("".join(letter for _, letter in sources))
        budget_extra = state.masters
        seen: set[tuple[tuple[int, ...], int]] = set()  # same cards, same masters: same position
        words = []
        for extra in range(budget_extra + 1):
            for word in self._words_with(shown, extra):
                words.append((word, extra))
        for word, _ in sorted(words, key=lambda w: (-len(w[0]), w[1])):
            for used, masters in _assign(word.upper(), sources, state.masters):
                if (used, masters) in seen:
                    continue
                seen.add((used, masters))
                piles = list(state.piles)
                turned = state.turned
                for i in used:
                    if i == -1:
                        turned = turned[:-1]
                    else:
                        piles[i] = piles[i][:-1]
                where = ",".join(str(i + 1) for i in used)  # pile 1-7, 0 for the turned nest card
                yield (
                    f"word word={word.upper()} piles={where}",
                    State(tuple(piles), state.nest, turned, state.masters - masters),
                )
        empty = [i for i, p in enumerate(state.piles) if not p]
        if empty:
            vowels = [i for i, p in enumerate(state.piles) if len(p) > 1 and p[-1] in VOWELS]
            for i in vowels:
                piles = list(state.piles)
                piles[empty[0]], piles[i] = piles[i][-1], piles[i][:-1]
                yield f"move pile={i + 1}", State(tuple(piles), state.nest, state.turned, state.masters)
            if not any(p and p[-1] in VOWELS for p in state.piles) and state.turned:
                piles = list(state.piles)
                piles[empty[0]] = state.turned[-1]
                yield "fill", State(tuple(piles), state.nest, state.turned[:-1], state.masters)
        if state.nest:
            yield "turn", State(state.piles, state.nest[1:], state.turned + state.nest[0], state.masters)

    def word_move(self, state: State, word: str, piles: list[int]) -> State:
        """The position after taking ``word`` from the named piles (1-7; 0 the turned nest card),
        masters standing for the letters the cards do not give. Raises ValueError."""
        word = word.lower()
        if len(word) < MIN_WORD or word not in self.dictionary:
            raise MoveError(f"{word.upper()}: a word of four or more letters from the dictionary")
        cards, new_piles, turned = [], list(state.piles), state.turned
        for number in piles:
            if number == 0 and turned:
                cards.append(turned[-1])
                turned = turned[:-1]
            elif 1 <= number <= len(new_piles) and new_piles[number - 1]:
                cards.append(new_piles[number - 1][-1])
                new_piles[number - 1] = new_piles[number - 1][:-1]
            else:
                raise MoveError(f"no face-up card at {number}")
        shown = Letters("".join(cards))
        if len(set(piles)) != len(piles) or not shown <= Letters(word):
            raise MoveError(f"the cards {''.join(cards)} are not letters of {word.upper()}")
        masters = len(word) - len(shown)
        if masters > state.masters:
            raise MoveError(f"{word.upper()} needs {masters} masters; {state.masters} left")
        return State(tuple(new_piles), state.nest, turned, state.masters - masters)

    def _words_with(self, shown: Letters, extra: int) -> list[str]:
        """Words of 4+ letters from the cards shown and exactly ``extra`` masters."""
        budget = np.array(shown.counts, dtype=np.int8)
        short = np.clip(self._counts - budget, 0, None).sum(axis=1)
        return [self._words[i] for i in np.flatnonzero(short == extra)]

    def solve(self, limit: int = 20_000) -> Solution:
        """Can every card be used? ``limit`` bounds the positions tried."""
        return depth_first(self.state, self.moves, lambda state: state.done, lambda state: state, limit)


def _assign(word: str, sources: list[tuple[int, str]], masters: int) -> Iterator[tuple[tuple[int, ...], int]]:
    """Ways to take ``word``'s letters from the exposed cards (pile index, -1 for the turned card),
    the rest from masters: (indices used, masters used)."""

    def place(k: int, used: tuple[int, ...], left: int) -> Iterator[tuple[tuple[int, ...], int]]:
        if k == len(word):
            yield tuple(sorted(used)), masters - left
            return
        matched = False
        for i, letter in sources:
            if letter == word[k] and i not in used:
                matched = True
                yield from place(k + 1, (*used, i), left)
        if left and not matched:
            yield from place(k + 1, used, left - 1)

    yield from place(0, (), masters)
