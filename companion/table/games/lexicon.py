"""LEXICON at the table (the 1935 game and party play): the words on the table, whose turn, the
cards in each hand, the scores; the camera reads the words laid and changed.

Public API: :class:`LexiconTable`.

Every word on the table is everybody's, so the camera's words are compared with the table's,
wherever they lie: one new word is the turn player's ``word`` (PLAY (a)); one word grown with its
letters kept in order is an ``insert`` (PLAY (c)); one word of the same length with letters
changed is an ``exchange`` (PLAY (d)). The engine checks the move before anything is recorded.
Crossword Lexicon's grid, the master cards and the exposed card are tapped or typed.

>>> from companion.words.solver import Referee
>>> from companion.games.lexicon.engine import Lexicon
>>> game = Lexicon.new(Referee.load(), ["Ann", "Ben"])
>>> for text in ["cut player=Ann card=C", "cut player=Ben card=M", "deal exposed=E"]:
...     _ = game.push(Event.from_text(text))
>>> part = LexiconTable(game)
>>> [p.event.to_text() for p in part.observe(Seen(words=(("table", "HAT"),))).proposals]
['word player=Ben word=HAT by=camera']
>>> _ = game.push(Event.from_text("word player=Ben word=HAT"))
>>> [p.event.to_text() for p in part.observe(Seen(words=(("table", "CHAT"),))).proposals]
['insert player=Ann word=HAT new=CHAT by=camera']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from companion.errors import RuleError
from companion.games.lexicon.engine import Lexicon
from companion.records import Event
from companion.sets.cards import MASTER
from companion.table.games.base import Action, TablePart
from companion.table.seen import Proposal, Reading, Seen

SURE = 0.9


class LexiconTable(TablePart):
    engine = Lexicon
    SCORE_NAME = "penalty points (the lowest score wins)"

    def __init__(self, game: Lexicon) -> None:
        super().__init__(game)
        self.game: Lexicon = game

    def read(self) -> dict[str, Any]:
        """Whose turn and who deals, the words on the table (everybody's; Crossword Lexicon's grid),
        the exposed card, the cards in each hand, penalty points, eliminations, the party's bell."""
        game = self.game
        between = game.rounds > 0 and not (game.playing or game.out or game.bell or game.over)
        read: dict[str, Any] = {"turn": game.to_play, "dealer": game.dealer, "hands": dict(game.hands),
                                "exposed": game.exposed, "blind": game.blind, "scores": dict(game.scores),
                                "eliminated": list(game.eliminated), "round": game.rounds}  # fmt: skip
        if game.variant == "crossword":  # the grid drawn, and each card's cell for the screen's grid to tap
            read["grid"] = game.grid.render().splitlines()
            read["cells"] = [[r, c, letter.lower() if (r, c) in game.grid.masters else letter.upper()]
                             for (r, c), letter in sorted(game.grid.cells.items())]  # fmt: skip
        elif between:  # the round's words stay until the dealer gathers the cards
            read["words"] = {f"round {game.rounds}'s words (gathered for the deal)": list(game.table)}
        else:
            read["words"] = {"on the table": list(game.table)}  # master cards in lowercase
        in_hand = " · ".join(f"{p} {n}" for p, n in game.hands.items() if p not in game.eliminated)
        if game.out or game.bell:
            ended = f"{game.out} is out" if game.out else "the bell has rung"
            round_now = f"{game.rounds}: {ended}, the others show the cards left in their hands"
        elif between and game.variant == "party":  # the winner moves on: the next hand here is another table's
            round_now = f"{game.rounds} over: the hand's winner moves on to the next table (party rule 5)"
        elif between:
            round_now = f"{game.rounds} over: {game.next_dealer} deals round {game.rounds + 1}"
        else:
            round_now = str(game.rounds)
        if game.ending == "elimination":
            ending = f"at {game.limit} a player is eliminated; the last player left wins"
        elif game.ending == "lowest":
            ending = f"when a player reaches {game.limit}, the lowest score wins"
        else:
            ending = "the lowest score at the end of the party wins"
        facts = [["Dealer", game.dealer or f"the cut decides: {game.cut.progress()}"], ["Round", round_now],
                 ["Ending", ending],
                 ["Exposed card", (game.exposed or "—").upper()], ["Cards in hand", in_hand],
                 ["Scores (lower is better)", " · ".join(f"{p} {n}" for p, n in game.scores.items())]]  # fmt: skip
        assumed: dict[int, list[str]] = {}
        for card, value in game.figures.values.items():
            if card not in game.figures.entered:
                assumed.setdefault(value, []).append(card)
        if assumed:  # the text prints no red figures: say when a hand's count rests on assumed ones, and which
            which = "all" if not game.figures.entered else "these"
            values = " · ".join(f"{' '.join(sorted(cards))} {value}" for value, cards in sorted(assumed.items()))
            facts.append(["Red figures", f"{which} assumed: {values} (the text prints none; enter your deck's at "
                                         "the start)"])  # fmt: skip
        if between and game.hand:  # what the last hand cost, and (a party) who moves on
            facts.append(["Last hand", " · ".join(f"{p} {n}" for p, n in game.hand.items())])
            if game.variant == "party":
                won = game.hand_winners
                facts.append(["Hand won by", f"{won[0]}: moves on to the next table and deals there (party rule 5); "
                              "the winner who arrives here deals the next hand, a new game with him as dealer"
                              if len(won) == 1 else f"a tie, {' and '.join(won)}: the text does not say who moves "
                              "on; the table or the Steward decides"])  # fmt: skip
        if game.eliminated:
            facts.append(["Eliminated", ", ".join(game.eliminated)])
        if game.forfeit and game.playing:  # a word struck after its turn: "forfeits a turn"
            facts.append(["Misses the next turn", ", ".join(p for p in game.players if p in game.forfeit)])
        if game.variant == "party":
            facts.append(["Bell", "rung: the hand is over" if game.bell else f"{game.hand_minutes}-minute hands"])
            if game.playing:  # the hand's clock on the table's own page (rule 4), from the deal
                dealt = max(i for i, e in enumerate(game.events) if e.type == "deal")
                read["timer"] = {"minutes": game.hand_minutes, "running": True, "since": dealt,
                                 "done": "Time: ring the bell"}  # fmt: skip
        read["facts"] = facts
        return read

    def actions(self) -> list[Action]:
        """The moves open now: the cut for dealer, the deal, a turn's moves (PLAY (a) to (d)), a
        challenge of a word on the table, the party's bell, the hands shown when a round ends."""
        game = self.game
        if game.over:
            return []
        # the deck's faces, to tap for a card (the master last)
        faces = tuple(sorted(c for c in game.cards if c != MASTER)) + ((MASTER,) if game.cards[MASTER] else ())
        card: dict[str, tuple[str | int, ...]] = {"card": faces}
        if game.dealer is None:
            cut = game.cut
            return [Action("cut", f"{p} cuts{cut.again(p)} for dealer", {"player": p}, ("card",), card)
                    for p in cut.waiting]  # fmt: skip
        if game.out or game.bell:
            # a word may still be challenged before the cards are shown: the player who went out
            # on a wrong word "takes up his cards", and the round goes on
            reveal = Action("reveal", "the cards left in each hand (a master card is *)", {}, ("hands",))
            return [reveal, *self._challenges()]
        if not game.playing:
            deals = f"{game.next_dealer} deals round {game.rounds + 1}"
            if game.variant == "party" and game.rounds:  # the winner has moved on (party rule 5)
                deals = f"the same players play on: {deals}"
            return [Action("deal", f"{deals}: the card turned up", {}, ("exposed",), {"exposed": faces})]
        turn = {"player": game.turn}
        actions = [Action("word", f"{game.turn} lays a word (a master card: its letter in lowercase)", turn, ("word",))]
        if game.table and game.variant != "crossword":  # the word on the table picked, not typed again
            on_table: dict[str, tuple[str | int, ...]] = {"word": tuple(dict.fromkeys(game.table))}  # masters lowercase
            grow = ("word", "new")
            actions += [Action("insert", f"{game.turn} inserts cards into a word", turn, grow, on_table),
                        Action("exchange", f"{game.turn} changes cards in a word", turn, grow, on_table)]  # fmt: skip
        if game.variant == "crossword":
            actions = [Action("place", f"{game.turn} places cards on the grid", turn, ("cells",))]
        actions.append(Action("discard", f"{game.turn} discards and draws", turn, ("card", "take"), card))
        actions += self._challenges()
        if game.variant == "party":
            actions.append(Action("bell", f"the bell: the hand's {game.hand_minutes} minutes are up", {}))
        return actions

    def result(self) -> str | None:
        """The 1935 game's winner is "the last player left", not the lowest score; the others, and
        a game ended by agreement, name the lowest score."""
        game = self.game
        if game.ended == "elimination" and game.active:
            return f"{game.active[0]} wins: the last player left, the others eliminated at {game.limit}"
        return super().result()

    def _challenges(self) -> list[Action]:
        """CHALLENGES by any player but the word's own: the last word placed, named (a crossword
        move's words all at once); a word laid earlier and still standing as it was placed, which
        the 1935 game and the crossword allow (party play: the last word only)."""
        game = self.game
        actions = []
        last, placer = (game.last["words"].upper().split(), game.last["player"]) if game.last else ([], None)
        challengers = tuple(p for p in game.active if p != placer)
        if last and challengers:  # a table of one has nobody to challenge
            # party play: the Steward settles it, a wrong word fined, a misspelling not
            kinds = [(": not a word (fined 50 if so)", {}), (": misspelled (cards back, no fine)", {"spelling": True})]
            for word in last:  # a challenge names its word: a crossword move may make several
                for said, extra in kinds if game.variant == "party" else [("", {})]:
                    actions.append(Action("challenge", f"challenge {word}{said}", {"word": word, **extra},
                                          ("player",), {"player": challengers}))  # fmt: skip
        earlier = {w: p for w, p in game.challengeable().items() if w not in last}
        # "owner": each word's player, whom the screen does not offer as its challenger
        if earlier and len(game.active) > 1:
            actions.append(Action("challenge", "challenge a word laid earlier", {}, ("player", "word"),
                                  {"word": tuple(earlier), "player": tuple(game.active),
                                   "owner": tuple(earlier.values())}))  # fmt: skip
        return actions

    def observe(self, seen: Seen, pressed: Sequence[str] = ()) -> Reading:
        game = self.game
        if game.variant == "crossword" or game.to_play is None or game.over:
            return Reading()
        table = Counter(w.upper() for w in game.table)
        shown = Counter(word.upper() for _, word in seen.words)
        new, gone = list((shown - table).elements()), list((table - shown).elements())
        if not new and not gone:
            return Reading()
        if len(new) == 1 and not gone:
            event = Event("word", {"player": game.turn, "word": new[0], "by": "camera"})
        elif len(new) == 1 and len(gone) == 1:
            kind = "insert" if len(new[0]) > len(gone[0]) else "exchange"
            event = Event(kind, {"player": game.turn, "word": gone[0], "new": new[0], "by": "camera"})
        else:
            said = [f"{w} appeared" for w in new] + [f"{w} went" for w in gone]
            return Reading(difference="; ".join(said) + ": no single move explains it")
        try:
            game.trial(event)
        except RuleError as error:
            return Reading(difference=f"{game.turn}'s move as the camera sees it is refused: {error}")
        return Reading(proposals=(Proposal(event, SURE, f"{game.turn}: {event.to_text()}"),))
