"""Not Scrabble at the table: the bag, the centre, the words in front of each player, the buzzers.

Public API: :class:`NotScrabbleTable`.

What the camera's stable view means (compared with the record, not with the last frame, so a
missed frame loses nothing):

- more letters loose in the centre and no word changed: ``draw`` by whoever holds the bag, one
  letter after another, the bag passing left (rule 02); several letters that turn up between two
  stable views are drawn in alphabetical order (who turned up which changes no score);
- one new word in a player's place, made of centre letters and at most one word that left
  another place (or the same one): the ``claim`` or steal it shows (rules 04, 05, 08), checked by
  the engine; sure when that player's buzzer claim is open, asked otherwise;
- anything else (letters gone from the centre with no word made, a word that no claim explains,
  a letter the bag cannot hold) is a difference a person must resolve.

>>> from companion.words.solver import Referee
>>> from companion.games.not_scrabble import NotScrabble
>>> game = NotScrabble.new(Referee.load(), ["Ann", "Ben"], tiles="camera")
>>> for text in ["first-draw player=Ann letter=B", "first-draw player=Ben letter=K"]:
...     _ = game.push(Event.from_text(text))
>>> part = NotScrabbleTable(game)
>>> [p.event.to_text() for p in part.observe(Seen(pool="RID")).proposals]
['draw player=Ann letter=D by=camera', 'draw player=Ben letter=I by=camera', 'draw player=Ann letter=R by=camera']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from companion.errors import RuleError
from companion.games.not_scrabble import NotScrabble
from companion.records import Event
from companion.table.games.base import Action, TablePart
from companion.table.seen import ACCEPT, Proposal, Question, Reading, Seen
from companion.words.letters import Letters

SURE = 0.95  # a change that can mean only one thing
UNPROMPTED = 0.7  # a word laid with no buzzer claim open for that player: asked


class NotScrabbleTable(TablePart):
    engine = NotScrabble
    buzzers = True
    SCORE_NAME = "letters"
    WINNER_RULE = "rule 22: the player with the most letters wins"
    TIE_NOTE = "rule 22 names no tie-break"

    def __init__(self, game: NotScrabble) -> None:
        super().__init__(game)
        self.game: NotScrabble = game

    def read(self) -> dict[str, Any]:
        game = self.game
        drawing = game.first_draw.drawing if game.first is None else []
        holder = None if game.over else game.turn  # nobody holds the bag once the game is over
        read: dict[str, Any] = {"bag_holder": holder, "drawing_for_first": drawing, "locked_out": self.locked()}
        if game.first is None:  # rule 01's draw as it stands: the letters drawn, and a tie to draw again
            read["facts"] = [["Draw for first", game.first_draw.progress()]]
        return read

    def locked(self) -> dict[str, str]:
        return {p: why for p in self.game.players if (why := self.game.locked_out(p))}

    def actions(self) -> list[Action]:
        game = self.game
        if game.over:
            return []
        # A counted bag offers only the letters still in it, and no draw once it is empty (rule 22)
        letters: tuple[str | int, ...] = tuple(sorted(set(str(game.bag).upper())))
        left = {"letter": letters} if game.counted_bag else {}
        if game.first is None:
            draw = game.first_draw
            return [Action("first-draw", f"{p} draws{draw.again(p)} for first", {"player": p}, ("letter",), left)
                    for p in draw.waiting]  # fmt: skip
        actions = []
        if not game.counted_bag or game.bag:
            actions.append(Action("draw", f"{game.turn} turns up a letter", {"player": game.turn}, ("letter",), left))
        locked = self.locked()
        actions += [Action("claim", f"{p} claims", {"player": p}, ("word", "from")) for p in game.players
                    if p not in locked]  # fmt: skip
        # Rule 22: "When the last letter has been drawn from the bag and everybody agrees that no
        # more new words can be formed": the solver's check, or the players' word when they would
        # rather not hunt for the words it still finds. With letters still in a counted bag, only
        # a stop the table agrees on, said to be one.
        if game.counted_bag and game.bag:
            actions.append(Action("end", "stop early: everybody agrees (rule 22 ends the game once the bag is empty)",
                                  {"reason": "agreed"}))  # fmt: skip
        else:
            # camera tiles: the bag is not counted, so the label says what rule 22 asks first
            last = "" if game.counted_bag else "the bag is empty and "
            actions.append(Action("end", f"{last}no more words can be made", {"reason": "no-words"}))
            actions.append(Action("end", "end the game: everybody agrees", {"reason": "agreed"}))
        return actions

    def observe(self, seen: Seen, pressed: Sequence[str] = ()) -> Reading:
        game = self.game
        if game.first is None:
            return Reading(notes=("the draw for first player is tapped or typed",))
        strangers = seen.zones() - set(game.players)
        if strangers:
            return Reading(difference=f"words in a place nobody plays at: {', '.join(sorted(strangers))}")
        new = [(p, w) for p in game.players for w in (Counter(seen.words_of(p)) - Counter(game.words[p])).elements()]
        gone = [(p, w) for p in game.players for w in (Counter(game.words[p]) - Counter(seen.words_of(p))).elements()]
        centre = seen.centre()
        if not new and not gone:
            return self._centre(centre)
        if len(new) == 1 and len(gone) <= 1:
            return self._claim(new[0], gone[0] if gone else None, centre, seen, pressed)
        said = [f"{w.upper()} appeared in front of {p}" for p, w in new] + [f"{w.upper()} left {p}" for p, w in gone]
        return Reading(difference="; ".join(said) + ": no single claim explains it")

    def _centre(self, centre: Letters) -> Reading:
        """No word changed: letters turned up, or letters gone that nobody claimed."""
        game = self.game
        if centre == game.pool:
            return Reading()
        if not game.pool <= centre:
            missing = str(centre.missing(game.pool)).upper()
            return Reading(difference=f"{missing} left the centre and no word was made with them")
        extra = centre - game.pool
        if game.counted_bag and not extra <= game.bag:
            short = str(game.bag.missing(extra)).upper()
            return Reading(difference=f"more {short} in the centre than the bag held (rule 13)")
        proposals = []
        holder = game.turn
        assert holder is not None  # play has begun
        for letter in str(extra):
            event = Event("draw", {"player": holder, "letter": letter.upper(), "by": "camera"})
            proposals.append(Proposal(event, SURE, f"{letter.upper()} turned up in the centre (rule 02)"))
            holder = game.players[(game.players.index(holder) + 1) % len(game.players)]
        return Reading(proposals=tuple(proposals))

    def _claim(
        self, laid: tuple[str, str], taken: tuple[str, str] | None, centre: Letters, seen: Seen, pressed: Sequence[str]
    ) -> Reading:
        game = self.game
        player, word = laid
        old_word = taken[1] if taken else ""
        source = f"{taken[0]}:{old_word.upper()}" if taken else None
        old = Letters(old_word)
        what = f"{word.upper()} in front of {player}" + (f" from {source}" if source else "")
        if not old <= Letters(word):
            return Reading(difference=f"{what}: it does not use every letter of {old_word.upper()}")
        used = Letters(word) - old
        if not used <= game.pool or game.pool - used != centre:
            return Reading(difference=f"{what}, but the centre shows {str(centre).upper() or 'nothing'}, "
                                      f"not {str(game.pool - used).upper() if used <= game.pool else '?'}")  # fmt: skip
        try:
            game.claim_check(player, word, source)
        except RuleError as error:
            return Reading(difference=f"{what} is not a legal claim: {error}")
        event = Event("claim", {"player": player, "word": word.upper(), "from": source, "by": "camera"})
        confidence = SURE if player in pressed else UNPROMPTED
        if seen.unsure_in(player) or seen.unsure_in("pool"):
            confidence = min(confidence, 0.6)
        why = f"{what} (rules 04, 05{', 08' if source else ''})"
        if confidence >= ACCEPT:
            return Reading(proposals=(Proposal(event, confidence, why),))
        question = Question(
            f"{what}: did {player} claim it?", (("Yes: record the claim", (event,)), ("No: check the table", ()))
        )
        return Reading(question=question)
