"""The letter games at the table: counters, the pool, the leader or dealer, each game's crib,
words and timer; a button for every move their rules allow now.

Public API: :class:`LetterGamesTable`.

The camera does not read these games yet (the letters live in players' hands and envelopes);
the referee taps the moves. The read model gives ``facts``: what the table shows beyond the
counters, as (label, value) lines in the games' own words.

>>> from companion.words.solver import Referee
>>> from companion.records import Event
>>> from companion.games.letter_games import Rotation
>>> game = Rotation.new(Referee.load(), ["Ann", "Ben"], variant="rotation")
>>> part = LetterGamesTable(game)
>>> [a.label for a in part.actions()][:2]
['Ann draws for dealer', 'Ben draws for dealer']
>>> for text in ["first-draw player=Ann letter=T", "first-draw player=Ben letter=C", "deal table=ABCD"]:
...     _ = game.push(Event.from_text(text))
>>> part.read()["facts"][:2]
[['Dealer', 'Ann'], ['On the table', 'A 1 · B 2 · C 3 · D 4']]
>>> [a.label for a in part.actions()]
['Ann announces a word of eight or more letters', 'end the game']
"""

from __future__ import annotations

from typing import Any

from companion.games.letter_games import (
    LAST_WORDS,
    Anagrams,
    CounterGame,
    Rotation,
    Speculation,
    SpellingMatch,
    TravellingLetters,
    WordBuilding,
)
from companion.table.games.base import Action, TablePart
from companion.words.syllables import syllable_starts

__all__ = ["LetterGamesTable"]


class LetterGamesTable(TablePart):
    """Every game of the old letter box (``companion.games.letter_games``)."""

    engine = CounterGame
    SCORE_NAME = "counters"

    def __init__(self, game: CounterGame) -> None:
        super().__init__(game)
        self.game: CounterGame = game

    # -- the read model ----------------------------------------------------------------------

    def read(self) -> dict[str, Any]:
        """Counters held, the pool, the leader or dealer, whose turn, and each game's own facts."""
        game = self.game
        facts: list[list[str]] = []
        if game.leader is None and isinstance(game, (Anagrams, WordBuilding, Speculation, Rotation)):
            facts.append(["First", f"the draw for leader: the letter nearest Z leads ({game.first_draw.progress()})"])
        counters = dict(game.counters) if game.uses_counters else None
        read: dict[str, Any] = {"counters": counters, "pool_counters": game.pool, "facts": facts,
                                "turn": getattr(game, "turn", None), "timer": None}  # fmt: skip
        if isinstance(game, Anagrams):
            self._anagrams(game, read)
        elif isinstance(game, WordBuilding):
            building = {
                "draw": "not dealt",
                "deal": "not dealt",
                "crib": "from the crib",
                "hands": "from the hands",
                "finished": "finished: deal again",
                "last": f"the last round: {game.last_words} of {LAST_WORDS} words made from the crib",
            }
            if game.phase == "finished" and game.last_round:
                building["finished"] = "finished: the last round's hands go into the crib"
            facts += [["Dealer", game.leader or "—"], ["Crib", str(game.crib).upper() or "—"],
                      ["The word so far", game.built.upper() or "—"], ["Building", building[game.phase]]]  # fmt: skip
            if game.left_in_box:  # "divides the remainder equally": what does not divide
                facts.append(["Left in the box", f"{game.left_in_box} counter{'s' if game.left_in_box > 1 else ''}"
                              f" (the players' share is equal)"])  # fmt: skip
            if game.dealers and game.dealer_passes:  # "When each player has acted as leader"
                facts.append(["Deals", f"{len(set(game.dealers))} of {len(game.players)}"])
            read["letters"] = ["Crib", "The word so far"]  # the letters on the table, shown as letters
        elif isinstance(game, SpellingMatch):
            open_stacks = [s for s in game.stacks if s not in game.taken]
            facts += [["Stacks left", " ".join(open_stacks) or "—"],
                      ["Words", f"{game.each} each, {game.length} letters"]]  # fmt: skip
            read["words"] = {p: [w.upper() for w in ws] for p, ws in game.words.items()}
        elif isinstance(game, Speculation):
            facts += [["Dealer", game.dealt[-1] if game.dealt else game.leader or "—"],
                      ["Exposed letter", (game.exposed or "—").upper()],
                      ["Deals", f"{len(game.dealt)} of {len(game.players)}"]]  # fmt: skip
            read["letters"] = ["Exposed letter"]
            if game.plum is not None:
                facts.append(["Plum", f"{str(game.plum).upper()}: {' '.join(sorted(game.plum_words)).upper() or '—'}"])
            read["words"] = {p: sorted(w.upper() for w in ws) for p, ws in game.claimed.items()}
        elif isinstance(game, TravellingLetters):
            facts.append(["Deal", f"{game.round} of 3"])
            read["words"] = {p: [w.upper()] for p, w in game.best.items()}
        elif isinstance(game, Rotation):
            facts.append(["Dealer", game.leader or "—"])
            if game.values:
                facts.append(["On the table", " · ".join(f"{c.upper()} {v}" for c, v in game.values.items())])
            if game.word:
                facts.append(["The word", f"{game.word[: game.at].upper()}·{game.word[game.at :].upper()}"])
                read["letters"] = ["The word"]
        if game.paid_last:  # every payment of the last move (one who cannot play pays each adder)
            paid = "; ".join(f"{payer} → {payee}: {n} ({why})" for payer, payee, n, why in game.paid_last)
            facts.append(["Last paid", paid])
        return read

    def _anagrams(self, game: Anagrams, read: dict[str, Any]) -> None:
        phases = {"draw": "the draw for leader", "lead": "the leader gives out the words",
                  "given": "the words are given out: the leader calls Ready", "ready": "Ready: find your words",
                  "asking": "Stop: unfound words may be asked"}  # fmt: skip
        phase = "the game is over" if game.over else phases[game.phase]
        read["facts"] += [["Leader", game.leader or "—"], ["Now", phase],
                          ["Leaders so far", ", ".join(game.led) or "—"]]  # fmt: skip
        if game.words:
            read["facts"].append(["Found", ", ".join(game.announced) or "nobody yet"])
        read["timer"] = {"minutes": game.minutes, "running": game.phase == "ready", "since": game.ready_at}
        if game.with_pool:
            read["words"] = {p: sorted(w.upper() for w in ws) for p, ws in game.found.items()}

    # -- the moves -----------------------------------------------------------------------------

    def actions(self) -> list[Action]:
        game = self.game
        end = Action("end", "end the game", {"reason": "agreed"})
        if game.ended is not None:
            return []
        if game.leader is None and isinstance(game, (Anagrams, WordBuilding, Speculation, Rotation)):
            draw = game.first_draw
            what = "dealer" if isinstance(game, (WordBuilding, Speculation, Rotation)) else "leader"
            return [Action("first-draw", f"{p} draws{draw.again(p)} for {what}", {"player": p}, ("letter",))
                    for p in draw.waiting]  # fmt: skip
        if isinstance(game, Anagrams):
            moves = self._anagrams_moves(game)
            return moves if game.over else [*moves, end]
        if isinstance(game, WordBuilding):
            return [*self._building_moves(game), end]
        if isinstance(game, SpellingMatch):
            return [*self._spelling_moves(game), end]
        if isinstance(game, Speculation):
            return [*self._speculation_moves(game), end]
        if isinstance(game, TravellingLetters):
            deal = [Action("deal", f"deal {game.round + 1} of 3")] if game.round < 3 else []
            word = [Action("word", "a player's largest word", {}, ("player", "word"))] if game.round else []
            if game.round == 3:  # "A third deal and round then takes place, and when it is finished the game is ended"
                end = Action("end", "the third round is finished: the game ends", {"reason": "deals"})
            return [*deal, *word, end]
        if isinstance(game, Rotation):
            return [*self._rotation_moves(game), end]
        return [end]

    def _anagrams_moves(self, game: Anagrams) -> list[Action]:
        moves: list[Action] = []
        # "When each player has acted as leader, the game is ended": no lead after the last leader's
        if game.phase in ("lead", "asking") and not game.over and len(game.led) < len(game.players):
            leader = game.leader if game.phase == "lead" else game.next_player(game.led[-1])
            assert leader is not None
            # "to each player in succession, beginning on his right": the boxes in that order
            others, p = [], game.next_player(leader, right=True)
            while p != leader:
                others.append(p)
                p = game.next_player(p, right=True)
            moves.append(Action("lead", f"{leader} gives out a word to each", {"leader": leader}, ("words-for",),
                                {"words-for": tuple(others)}))  # fmt: skip
        if game.phase == "given":
            moves += [Action("ready", f"{game.leader} calls Ready"),
                      Action("early", "studied the letters before Ready (pays 1)", {}, ("player",),
                             {"player": tuple(game.words)})]  # fmt: skip
        if game.phase == "ready":
            seeking = tuple(p for p in game.words if p not in game.announced and p not in game.relieved)
            if seeking:
                moves.append(Action("announce", "announces the word", {}, ("player", "word"), {"player": seeking}))
            if game.with_pool:
                moves.append(Action("words", "words made from the letters", {}, ("player", "words"),
                                    {"player": tuple(game.words)}))  # fmt: skip
            moves += [Action("assist", "assisted another (pays 1)", {}, ("player",),
                             {"player": tuple(p for p in game.players if p != game.leader)}),
                      Action("stop", f"{game.leader} calls Stop")]  # fmt: skip
        if game.phase in ("given", "ready"):
            given = tuple(p for p in game.words if p not in game.relieved and p not in game.announced)
            if given:
                moves.append(Action("wrong-letters", "was given the wrong letters", {}, ("player",), {"player": given}))
        if game.phase == "asking":
            unfound = tuple(game.unfound())
            if unfound and len(game.led) == len(game.players):  # the last round: the game ends when asking does
                moves.append(Action("end", "nobody else asks: the game ends", {"reason": "asked"}))
            if unfound:
                leader = game.leader
                moves += [Action("ask", f"asks {leader} for his word, and {leader} names it; who asks:",
                                 {"named": True}, ("player",), {"player": unfound}),
                          Action("ask", f"asks {leader} for his word, and {leader} cannot name it in a minute "
                                 "(pays 1); who asks:", {"named": False}, ("player",),
                                 {"player": unfound})]  # fmt: skip
        return moves

    def _building_moves(self, game: WordBuilding) -> list[Action]:
        if game.phase == "deal":
            laid = f"{game.leader} lays the crib: twenty letters face up (and deals ten to each player)"
            return [Action("deal", laid, {}, ("crib",))]
        if game.phase == "finished":  # the dealer tops the crib up; the next word's dealer names who begins
            assert game.leader is not None
            first = game.next_player(game.leader, right=True)
            hands_in = Action("hands-in", f"the last round: the hands go into the crib (the letters put in, or the "
                              f"whole crib), and {first} begins the words made from it", {}, ("crib",))  # fmt: skip
            if game.last_round:
                return [hands_in]
            dealer = game.dealer_next or game.leader
            first = game.next_player(dealer, right=True)
            passes = f"the deal passes to {dealer}, and {first} begins" if dealer != game.leader else f"{first} begins"
            deal = Action("deal", f"{game.leader} tops up the crib to twenty (the letters laid, or the whole crib), "
                          f"and each hand to ten: {passes}", {}, ("crib",))  # fmt: skip
            return [deal] if game.dealer_passes else [deal, hands_in]
        turn = {"player": game.turn}
        in_crib: dict[str, tuple[str | int, ...]] = {"letter": tuple(sorted(set(str(game.crib).upper())))}
        # "conceal their words": the word he thinks of is named for a point ("they should name the word")
        moves = [Action("add", f"{game.turn} adds a letter (the word named only for a point)", turn,
                        ("letter", "word"), in_crib)]  # fmt: skip
        if game.phase == "hands":
            moves = [Action("add", f"{game.turn} adds a letter", turn, ("letter", "word", "from"),
                            {"from": ("hand", "crib")})]  # fmt: skip
        if not (game.phase == "hands" and game.adders and game.adders[-1] == game.turn):  # he finishes instead
            moves.append(Action("cannot", f"{game.turn} cannot play", turn))
        if game.phase == "crib" and game.built and game.is_word(game.built):
            moves.append(Action("complete", f"{game.built.upper()} is complete: build from the hands"))
        if game.phase == "last" and game.built and game.is_word(game.built):
            made = game.last_words + 1
            moves.append(Action("complete", f"{game.built.upper()} is made: word {made} of {LAST_WORDS} from the crib"
                                + (": the game ends" if made == LAST_WORDS else "")))  # fmt: skip
        if game.phase == "hands":
            moves.append(Action("finish", f"{game.built.upper()} can be built no further"))
        return moves

    def _spelling_moves(self, game: SpellingMatch) -> list[Action]:
        given = {s.split("#")[0] for s in game.stacks}
        words = f"{game.each} word{'s' if game.each > 1 else ''}"
        moves = [Action("contribute", f"{p} gives {words}", {"player": p}, ("words",)) for p in game.players
                 if p not in given]  # fmt: skip
        open_stacks = tuple(s for s in game.stacks if s not in game.taken)
        if open_stacks:
            moves.append(Action("spell", "spells a stack", {}, ("player", "stack", "word"), {"stack": open_stacks}))
        moves += [Action("improper", "a stack its maker cannot spell either: his words go to the caller", {},
                         ("player", "contributor"), {"contributor": tuple(game.players)}),
                  Action("call", "calls game", {}, ("player",))]  # fmt: skip
        return moves

    def _speculation_moves(self, game: Speculation) -> list[Action]:
        moves: list[Action] = []
        if len(game.dealt) < len(game.players):
            dealer = game.leader if not game.dealt else game.next_player(game.dealt[-1])
            moves.append(Action("deal", f"{dealer} deals and exposes a letter", {"dealer": dealer}, ("exposed",)))
        if game.exposed is not None:
            moves.append(
                Action("words", "words from six letters and the exposed one", {}, ("player", "letters", "words"))
            )
            if game.plum is None:
                moves.append(Action("plum", f"{game.dealt[-1]} turns up the Plum", {}, ("letters", "words")))
            else:
                moves.append(Action("overlooked", "words the dealer overlooked", {}, ("player", "words")))
                if len(game.dealt) == len(game.players):  # "When each has dealt once, the game is ended"
                    moves.append(Action("end", "each has dealt once: the game ends", {"reason": "dealt"}))
        return moves

    def _rotation_moves(self, game: Rotation) -> list[Action]:
        if not game.values:
            return [Action("deal", f"{game.leader} places four letters on the table", {}, ("table",))]
        turn = {"player": game.turn}
        if not game.word or game.at >= len(game.word):
            return [Action("word", f"{game.turn} announces a word of eight or more letters", turn, ("word",))]
        play = Action("play", f"{game.turn} plays {game.word[game.at].upper()}", turn, ("letter",))
        # the announcer holds the first letter: he cannot fail to play it
        return [play] if game.at == 0 else [play, Action("cannot", f"{game.turn} cannot play it", turn)]

    def result(self) -> str | None:
        game = self.game
        if game.over and isinstance(game, TravellingLetters):  # the longest word, then the most syllables
            best, *rest = game.standings()
            line = f"{best.player} wins with {best.details['word'] or 'no word'} ({best.score} letters)"
            level = [s for s in rest if s.score == best.score and s.score]
            if not level:
                return line
            count = len(syllable_starts(best.details["word"]))
            if all(len(syllable_starts(s.details["word"])) == count for s in level):
                names = " and ".join(f"{s.player} ({s.details['word']})" for s in [best, *level])
                return (
                    f"{names} tie: {best.score} letters and {count} syllables each, and the text breaks no further tie"
                )
            other = level[0]
            return (f"{line}: as many letters as {other.player}'s {other.details['word']}, and more syllables "
                    f"({count} to {len(syllable_starts(other.details['word']))})")  # fmt: skip
        if isinstance(game, SpellingMatch):  # "the player then having the largest number of words ... wins"
            return self.winner_line("words")
        return super().result()
