"""LEXICON Solitaire No. 1 and No. 2 at the table: the cards as they lie, and every move by a tap.

The deal is typed once, as the cards lie; then the table offers the words the cards make now
(longest first, one tap each), a box for any other word, and for No. 2 the other moves the
position allows (a vowel to an empty pile, a turned nest card to fill one, a nest card turned).
When no move is left, the Solitaire is lost, as the text says; a player may also stop.

>>> from companion.words.solver import Referee
>>> from companion.games.registry import load_game
>>> from companion.records import Event
>>> game = load_game([Event("game", {"game": "lexicon", "variant": "solitaire-1", "players": ["Ann"]}),
...                   Event("deal", {"piles": ["HOM", "EAT"]})], Referee.load("standard"))
>>> [a.label for a in SolitaireTable(game).actions()]
['make HATE', 'make HOME', 'another word from the cards face up', 'stop here (the Solitaire is not completed)']
"""

from __future__ import annotations

import itertools
from typing import Any

from companion.games.lexicon.solitaire import LexiconSolitaire
from companion.records import Event
from companion.table.games.base import Action, TablePart

__all__ = ["SolitaireTable"]

#: Words offered for one tap; any other is typed.
OFFERED = 6


class SolitaireTable(TablePart):
    engine = LexiconSolitaire
    SCORE_NAME = "cards left"

    def __init__(self, game: LexiconSolitaire) -> None:
        super().__init__(game)
        self.game: LexiconSolitaire = game
        self._moves: tuple[int, Event, list[str]] | None = None  # (events, the last of them, their moves)

    def read(self) -> dict[str, Any]:
        game = self.game
        facts: list[list[str]] = [["Cards left", str(game.cards_left)]]
        if game.one is not None:  # each pile top card first: the top cards are the ones to use
            piles = [p.upper() for p in game.one.piles if p]
            facts += [
                ["Top cards", " ".join(p[0] for p in piles) or "—"],
                ["Piles (top first)", " · ".join(piles) or "—"],
            ]
        elif game.two is not None:
            state = game.two.state
            shown = [f"{p[-1]}{'+' + str(len(p) - 1) if len(p) > 1 else ''}" if p else "—" for p in state.piles]
            facts += [["Face up", " ".join(p[-1] if p else "·" for p in state.piles)],
                      ["Piles", " · ".join(shown) + "  (+ cards face down under)"],
                      ["Nest", f"{len(state.nest)} face down; turned up: {state.turned[-1] if state.turned else '—'}"
                               + (f" (on {len(state.turned) - 1} more)" if len(state.turned) > 1 else "")],
                      ["Master cards left", str(state.masters)]]  # fmt: skip
        else:
            facts.append(["The deal", "not yet laid out"])
        if game.ended == "lost":
            facts.append(["Lost", "no word can be formed from the cards left"])
        return {"facts": facts, "letters": ["Top cards", "Face up"]}

    def actions(self) -> list[Action]:
        game = self.game
        if game.over:
            return []
        if game.one is None and game.two is None:
            if game.variant == "solitaire-1":
                return [Action("deal", "deal: the piles as they lie, each top card first", {}, ("piles",))]
            return [
                Action("deal", "deal: the seven piles (each bottom card first) and the nest", {}, ("piles", "nest"))
            ]
        moves = self._open_moves()
        offered: list[Action] = []
        for text in moves:
            kind, _, rest = text.partition(" ")
            fields = _fields(rest)
            label = {"word": f"make {fields.get('word', '')}", "turn": "turn up a nest card",
                     "fill": "fill an empty pile from the turned nest cards"}.get(kind, "")  # fmt: skip
            if kind == "word" and "piles" in fields:
                masters = len(fields["word"]) - len(fields["piles"].split(","))
                label += f" (piles {fields['piles']}" + (
                    f", {masters} master card{'s' * (masters > 1)})" if masters else ")"
                )
            if kind == "move":
                label = f"move the vowel of pile {fields.get('pile')} to an empty pile"
            fixed: dict[str, Any] = dict(fields)
            if "piles" in fixed:
                fixed["piles"] = [int(p) for p in str(fixed["piles"]).split(",")]
            if "pile" in fixed:
                fixed["pile"] = int(fixed["pile"])
            offered.append(Action(kind, label, fixed))
        asks = ("word",) if game.one is not None else ("word", "piles")
        offered.append(Action("word", "another word from the cards face up", {}, asks))
        if not moves:
            offered.append(Action("end", "no word can be formed: the Solitaire is lost", {"reason": "lost"}))
        else:
            offered.append(Action("end", "stop here (the Solitaire is not completed)", {"reason": "stopped"}))
        return offered

    def _open_moves(self) -> list[str]:
        """The moves offered now, as the engine writes them: the first :data:`OFFERED` words (No. 1:
        longest first; No. 2: fewest master cards first, "save both of them to the end"), then
        No. 2's other moves. Worked out once a position (the longest of No. 1's words are found
        first, so the search stops early)."""
        # the number of events and the last one: an undo and another move make another position
        count, last = len(self.game.events), self.game.events[-1]
        if self._moves is None or self._moves[0] != count or self._moves[1] is not last:
            game = self.game
            found: list[str] = []
            if game.one is not None:
                first = itertools.islice(game.one.moves(tuple(game.one.piles)), OFFERED)
                found = [f"word word={w.upper()}" for w, _ in first]
            elif game.two is not None:
                texts = [text for text, _ in game.two.moves(game.two.state)]
                words = [t for t in texts if t.startswith("word ")]

                def masters(text: str) -> tuple[int, int]:
                    fields = _fields(text.partition(" ")[2])
                    return len(fields["word"]) - len(fields["piles"].split(",")), -len(fields["word"])

                found = sorted(words, key=masters)[:OFFERED] + [t for t in texts if not t.startswith("word ")]
            self._moves = (count, last, found)
        return self._moves[2]

    def result(self) -> str | None:
        game = self.game
        if not game.over:
            return None
        player = game.players[0]
        if game.completed:
            return f"{player} has completed the Solitaire: every card used, in {len(game.words)} words"
        why = "no word can be formed from the cards left" if game.ended == "lost" else "stopped"
        return f"{player} has not completed the Solitaire: {game.cards_left} cards left ({why})"


def _fields(text: str) -> dict[str, str]:
    """``word=HOME piles=1,2`` as a dict of texts."""
    return dict(item.split("=", 1) for item in text.split() if "=" in item)
