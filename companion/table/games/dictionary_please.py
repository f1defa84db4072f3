"""Dictionary, Please! at the table: whose turn, the pool, each player's words with their stars and
counters, the hands; the camera reads a turn's play.

Public API: :class:`DictionaryPleaseTable`.

What the camera's view means: on a player's turn, new words in that player's place, made of
words that left the table (captured, lengthened, or two brought together) and of letters, are
that player's ``play``. The hand the player laid down is worked out from the letters: what the
words used beyond the old words, plus what the pool gained, less what it lost. A play that does
not add up (a hand of the wrong size, words in another player's place) is a difference to resolve.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import combinations
from typing import Any

from companion.errors import RuleError
from companion.games.dictionary_please import Award, DictionaryPlease
from companion.records import Event
from companion.table.games.base import Action, TablePart
from companion.table.seen import Proposal, Question, Reading, Seen
from companion.text import count
from companion.words.letters import Letters

SURE = 0.9


class DictionaryPleaseTable(TablePart):
    engine = DictionaryPlease

    def __init__(self, game: DictionaryPlease) -> None:
        super().__init__(game)
        self.game: DictionaryPlease = game

    def read(self) -> dict[str, Any]:
        """Whose turn, the pool and the bag, each player's words with the stars and counters in front
        of each (colour, points, why), the envelopes (counters not placed before a word), the letters
        in each hand, who passed last turn, and the ending in force with how close it is."""
        game = self.game

        def award(a: Award) -> dict[str, Any]:
            colour, _, rest = a.what.partition(" ")
            kind = "star" if rest.startswith("star") else "counter"
            return {"colour": colour, "kind": kind, "points": a.points, "what": a.what}

        words = {p: [{"word": h.word.upper(), "captures": h.captures, "front": [award(a) for a in h.front]}
                     for h in hs] for p, hs in game.words.items()}  # fmt: skip
        envelopes = {p: [award(a) for a in game.ledger if a.player == p and not a.in_front] for p in game.players}
        ending = {"tiles": "(c) when the letters run out",
                  "words": f"(a) when a player holds {game.words_to_end} words",
                  "time": "(b) at the time agreed"}[game.ending]  # fmt: skip
        bag = f"{count(game.bag_count, 'letter')} in the bag" if game.bag_count is not None else "letters as seen"
        if game.bag_empty or game.bag_count == 0:
            bag = "the bag is empty"
            drawer = game.last_drawer  # (c): "ending with the player who drew the last tile"
            if game.final_round_left is not None and drawer:
                bag += f": the final round, ending with {drawer}'s turn ({drawer} drew the last tile)"
        close = {"tiles": bag,
                 "words": f"most words held: {max((len(hs) for hs in game.words.values()), default=0)}",
                 "time": "the table keeps the time"}[game.ending]  # fmt: skip
        if game.ending != "tiles" and (game.bag_empty or game.bag_count == 0):
            close += "; the bag is empty: a pass draws nothing"
        if game.over:
            close = "the game is over"
        return {"turn": game.turn, "pool": str(game.pool), "bag": game.bag_count, "hands": dict(game.hands),
                "passed": [p for p, passed in game.passed_last.items() if passed], "words": words,
                "envelopes": envelopes, "ending": ending, "ending_progress": close, "pool_name": "Pool",
                "scoring": game.scoring}  # fmt: skip

    def actions(self) -> list[Action]:
        game = self.game
        if game.over:
            return []
        if game.turn is None:
            draw = game.first_draw
            return [Action("first-draw", f"{p} draws{draw.again(p)} for first", {"player": p}, ("letter",))
                    for p in draw.waiting]  # fmt: skip
        turn = {"player": game.turn}
        moves = [Action("play", f"{game.turn} plays", turn, ("hand", "plays"))]
        if game.hands[game.turn] == 0:  # the bag ran out: words from the pool alone, or nothing
            turn = {**turn, "hand": ""}
            moves = [Action("play", f"{game.turn} plays from the pool (no letters in hand), or lets the turn go",
                            turn, ("plays",))]  # fmt: skip
        if game.pass_refusal(game.turn) is None:  # not offered when the rules refuse it (twice running)
            moves.append(Action("pass", f"{game.turn} passes", turn))
        elif game.passed_last[game.turn]:  # passed and must play now: what counts, not only a new word
            must = f"{game.turn} plays (no second pass: a new word, or lengthening or capturing a word on the table)"
            moves[0] = Action("play", must, turn, ("hand", "plays"))
        if game.final_round_left is None:  # the endings the table announces: (b) time is up, (c) the last tile
            if game.ending == "time" and game.turn == game.first:
                moves.append(Action("final-round", f"time is up: the final round, {game.first} first"))
            if not game.counted_bag and not game.bag_empty and game.turn_draws:
                # camera tiles: who drew the last tile, and how many that draw gave ((c) ends on it)
                drawers = tuple(dict.fromkeys(p for p, _ in reversed(game.turn_draws)))
                moves.append(Action("last-tile", "the bag is empty: who drew the last tile", {}, ("player", "drew"),
                                    {"player": drawers, "drew": (1, 2, 3)}))  # fmt: skip
        return [*moves, Action("end", "end the game by agreement", {"reason": "agreed"})]

    def observe(self, seen: Seen, pressed: Sequence[str] = ()) -> Reading:
        game = self.game
        player = game.turn
        if player is None or game.over:
            return Reading()
        held = {p: [h.word for h in game.words[p]] for p in game.players}
        new = [(p, w) for p in game.players for w in (Counter(seen.words_of(p)) - Counter(held[p])).elements()]
        gone = [(p, w) for p in game.players for w in (Counter(held[p]) - Counter(seen.words_of(p))).elements()]
        centre = seen.centre()
        if not new and not gone:
            if centre == game.pool:
                return Reading()
            return Reading(difference=f"the pool shows {str(centre).upper() or 'nothing'}, "
                                      f"not {str(game.pool).upper() or 'nothing'}, and no word was played")  # fmt: skip
        elsewhere = sorted({p for p, _ in new} - {player})
        if elsewhere:
            return Reading(difference=f"new words in front of {', '.join(elsewhere)} on {player}'s turn")
        specs, used = _specs([w for _, w in new], gone)
        if specs is None:
            return Reading(difference=f"the words that left the table ({', '.join(w.upper() for _, w in gone)}) "
                                      f"are not inside the new ones")  # fmt: skip
        if not game.pool <= centre + used:
            return Reading(difference=f"{str((centre + used).missing(game.pool)).upper()} left the pool unplayed")
        hand = centre + used - game.pool
        event = Event("play", {"player": player, "hand": str(hand).upper(), "words": specs, "by": "camera"})
        try:
            game.trial(event)
        except RuleError as error:
            short = self._short_last_draw(player, len(hand), event)
            if short is not None:
                return Reading(question=short)
            return Reading(difference=f"{player}'s play as the camera sees it is refused: {error}")
        what = f"{player} played {' '.join(specs)}"
        if seen.unsure_in(player) or seen.unsure_in("pool"):  # a read nobody is sure of: ask first
            answers = (("Yes: record the play", (event,)), ("No: check the table", ()))
            return Reading(question=Question(f"{what} (hand {str(hand).upper()}): is that right?", answers))
        return Reading(proposals=(Proposal(event, SURE, what),))

    def _short_last_draw(self, player: str, shown: int, play: Event) -> Question | None:
        """Camera tiles: a hand shorter than the player drew means his last draw emptied the bag.
        Asks whether he drew the last tile, and records it with the play."""
        game = self.game
        drawn = game.last_draw(player)
        if game.counted_bag or game.bag_empty or game.final_round_left is not None or drawn is None:
            return None
        drew = drawn - (game.hands[player] - shown)
        if not 1 <= drew < drawn:
            return None
        last_tile = Event("last-tile", {"player": player, "drew": drew, "by": "camera"})
        try:
            game.trial(last_tile, play)
        except RuleError:
            return None
        answers = (("Yes: the bag is empty; record the play", (last_tile, play)), ("No: check the table", ()))
        return Question(f"{player} shows {count(shown, 'letter')}, not {game.hands[player]}: did {player}'s last draw "
                        f"take the last {drew} tile(s) from the bag?", answers)  # fmt: skip


def _specs(new: list[str], gone: list[tuple[str, str]]) -> tuple[list[str] | None, Letters]:
    """Each new word with the old words inside it (``NEW<Owner:OLD``), and the letters added."""
    left = list(gone)
    specs: list[str] = []
    used = Letters()
    for word in sorted(new, key=len, reverse=True):
        for size in (2, 1, 0):
            match = next((c for c in combinations(left, size)
                          if sum((Letters(w) for _, w in c), Letters()) <= Letters(word)), None)  # fmt: skip
            if match is not None:
                break
        assert match is not None  # size 0 always matches
        for source in match:
            left.remove(source)
        old = sum((Letters(w) for _, w in match), Letters())
        used = used + (Letters(word) - old)
        specs.append(word.upper() + ("<" + "+".join(f"{p}:{w.upper()}" for p, w in match) if match else ""))
    return (None if left else specs), used
