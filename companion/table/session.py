"""The session: the one place that turns what happens at the table into engine moves.

Public API: :class:`Session`.

The camera (letters seen), the buzzer bridge (shouts with device timestamps), the dashboard and
the command line (claims, plays, rulings, undo) all call a :class:`Session`; nothing else
touches the engines. Every move is checked by the engine, then committed to the event store,
and only then acknowledged (returned). If the commit fails the engine is rolled back, so the
engine and the store never disagree. The clock and the random source (for a drawn
rock-paper-scissors) are injected, so tests are exact.

>>> from companion.words.solver import Referee
>>> from companion.table.store import EventStore
>>> from companion.records import Event
>>> session = Session.start(EventStore(":memory:"), Referee.default(),
...                         Event("game", {"game": "not-scrabble", "players": ["Ann", "Ben"]}))
>>> for player, letter in [("Ann", "B"), ("Ben", "K")]:
...     _ = session.record(Event("first-draw", {"player": player, "letter": letter}))
>>> for letter in "RIDE":
...     _ = session.letter_seen(letter)
>>> session.shout("Ben", "ride", at_us=5_400_000)  # later: the letters are gone, no penalty
>>> session.shout("Ann", "dire", at_us=5_000_000)
>>> [e.to_text() for e in session.settle()]
['claim player=Ann word=DIRE from=- at_us=5000000']
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable
from typing import Any

from companion.errors import InvalidInputError
from companion.games.base import Game, RuleError
from companion.games.not_scrabble import NotScrabble
from companion.games.registry import load_game
from companion.records import Event, RecordError
from companion.table.shouts import Shout, rank_group, simultaneous_groups
from companion.table.store import EventStore
from companion.words.letters import LetterError, Letters
from companion.words.solver import Referee

DEFAULT_WINDOW_MS = 250  # Not Scrabble rule 06 "simultaneously": a table may set its own window


class Session:
    """One game at one table, kept in an :class:`EventStore`."""

    def __init__(
        self,
        store: EventStore,
        game_id: int,
        game: Game,
        clock: Callable[[], float] = time.monotonic,
        rng: random.Random | None = None,
    ) -> None:
        self.store = store
        self.game_id = game_id
        self.game = game
        self.clock = clock
        self.rng = rng or random.Random()
        self.pending: list[Shout] = []
        #: Players of a tied tier waiting for rock-paper-scissors, with their shouts and the
        #: shouts still to settle after them.
        self.awaiting: list[Shout] = []
        self._rest: list[list[Shout]] = []
        self._before: Game | None = None
        #: The camera, the buzzers and the dashboard call from their own threads.
        self.lock = threading.RLock()
        #: Called with (number, event) after each event is committed (the dashboard's live feed).
        self.listeners: list[Callable[[int, Event], None]] = []

    @classmethod
    def start(cls, store: EventStore, referee: Referee, setup: Event, **kwargs: Any) -> Session:
        game = load_game([setup], referee)  # checks the setup before anything is stored
        return cls(store, store.create_game(setup), game, **kwargs)

    @classmethod
    def resume(cls, store: EventStore, game_id: int, referee: Referee, **kwargs: Any) -> Session:
        """Rebuild a game from its stored events (after a restart or a crash)."""
        return cls(store, game_id, load_game(store.events(game_id), referee), **kwargs)

    @property
    def window_us(self) -> int:
        return int(self.game.setup.get("window_ms", DEFAULT_WINDOW_MS)) * 1000

    # -- recording -----------------------------------------------------------------------

    def record(self, event: Event) -> int:
        """Check ``event`` with the engine, commit it, and return its number once committed."""
        if event.type == "undo":
            return self.undo(event["to"])
        with self.lock:
            self.game.push(event)
            try:
                number = self.store.append(self.game_id, event)
            except BaseException:
                self.game.pop()
                raise
            self._tell(number, event)
            return number

    def undo(self, to: int | None = None) -> int:
        """Undo the last event, or back to event number ``to`` (the game event is 1)."""
        with self.lock:
            count = len(self.game.events) - 1 if to is None else to
            if count < 1:
                raise RecordError("nothing to undo: the game has just been set up")
            before = list(self.game.events)
            self.game.undo_to(count)
            undo = Event("undo", {"to": count})
            try:
                number = self.store.append(self.game_id, undo)
            except BaseException:
                self.game.rebuild(before)
                raise
            self._tell(number, undo)
            return number

    def _tell(self, number: int, event: Event) -> None:
        for listener in self.listeners:
            listener(number, event)

    def ruling(self, old: str, new: str, allowed: bool, note: str = "") -> int:
        """The referee overrules the stem judge for this game."""
        return self.record(Event("ruling", {"old": old.upper(), "new": new.upper(), "allowed": allowed, "note": note}))

    # -- Not Scrabble: letters and shouts ------------------------------------------------

    def letter_seen(self, letter: str, player: str | None = None) -> int:
        """A letter turned up in the centre (seen by the camera or typed) by the bag's holder."""
        holder = player or getattr(self.game, "turn", None)
        if holder is None:
            raise RuleError("not-scrabble 01", "draw for first player before play begins")
        return self.record(Event("draw", {"player": holder, "letter": letter.upper()}))

    def shout(self, player: str, word: str, at_us: int | None = None, source: str | None = None) -> None:
        """A shout, with the buzzer box's timestamp (or the session clock's for a typed one)."""
        self._shouting(self.game).player(player)
        try:
            Letters(word)
        except LetterError as error:
            raise RecordError(f"{word!r}: {error}") from None
        stamp = int(self.clock() * 1_000_000) if at_us is None else int(at_us)
        self.pending.append(Shout(player, word.lower(), stamp, source))

    def settle(self) -> list[Event]:
        """Resolve the shouts so far, first by device time; returns the events recorded.

        Stops early, with :attr:`awaiting` set, when equal-length simultaneous shouts need
        rock-paper-scissors; :meth:`rock_paper_scissors` then carries on.
        """
        if self.awaiting:
            raise RecordError("rock-paper-scissors first: " + ", ".join(s.player for s in self.awaiting))
        self._rest = simultaneous_groups(self.pending, self.window_us)
        self.pending = []
        # Only a batch of several shouts can have a shout made late by an earlier claim; the
        # copy replays the game, so it is taken only then.
        self._before = self.game.copy() if sum(map(len, self._rest)) > 1 else None
        return self._continue()

    def rock_paper_scissors(self, winner: str | None = None) -> list[Event]:
        """Record the players' result (``winner``), or draw one at random, and carry on settling."""
        if not self.awaiting:
            raise RecordError("nobody is waiting for rock-paper-scissors")
        players = [s.player for s in self.awaiting]
        if winner is None:
            winner, method = self.rng.choice(players), "drawn"
        else:
            method = "played"
            if winner not in players:
                raise RecordError(f"{winner} is not in the rock-paper-scissors ({', '.join(players)})")
        self.record(Event("rock-paper-scissors", {"players": players, "winner": winner, "method": method}))
        shout = next(s for s in self.awaiting if s.player == winner)
        self.awaiting = []
        events = [self._settle_one(shout)]
        return [e for e in events if e is not None] + self._continue()

    def _continue(self) -> list[Event]:
        events: list[Event] = []
        while self._rest:
            group = self._rest.pop(0)
            tiers = rank_group(group)
            if len(group) > 1:
                self.record(
                    Event(
                        "simultaneous",
                        {
                            "players": [s.player for s in group],
                            "words": [s.word.upper() for s in group],
                            "at_us": [s.at_us for s in group],
                            "window_us": self.window_us,
                        },
                    )
                )
            top = tiers[0]
            if len(top) > 1:
                self.awaiting = top
                return events
            event = self._settle_one(top[0])
            if event is not None:
                events.append(event)
        return events

    def _settle_one(self, shout: Shout) -> Event | None:
        """Claim the shouted word, or record a false call (rule 07) when it was never there."""
        game = self._shouting(self.game)
        if game.locked_out(shout.player):
            return None  # rule 07: a locked-out player's shout is not heard
        event = self._claim_event(game, shout)
        if event is not None:
            self.record(event)
            return event
        # Letters taken by an earlier shout of this batch make a shout late, not false.
        if self._before is not None and self._claim_event(self._before, shout) is not None:
            return None
        reason = self._why_not(shout)
        event = Event("false-call", {"player": shout.player, "word": shout.word.upper(), "reason": reason})
        self.record(event)
        return event

    @staticmethod
    def _shouting(game: Game) -> NotScrabble:
        """The game, if it is played by shouting (Not Scrabble rule 04)."""
        if not isinstance(game, NotScrabble):
            title = game.title_for(game.variant)
            raise InvalidInputError(f"{title} is not played by shouting words: record its moves instead")
        return game

    @classmethod
    def _claim_event(cls, game: Game, shout: Shout) -> Event | None:
        """The claim a shout makes on ``game``: the named source, else the centre, else the first
        word on the table it can legally steal. None when no claim is legal."""
        sources: list[str | None] = [shout.source] if shout.source else [None]
        if not shout.source:
            sources += [f"{p}:{w.upper()}" for p, words in cls._shouting(game).words.items() for w in words]
        for source in sources:
            try:
                cls._shouting(game).claim_check(shout.player, shout.word, source)
            except (RuleError, RecordError):
                continue
            return Event(
                "claim", {"player": shout.player, "word": shout.word.upper(), "from": source, "at_us": shout.at_us}
            )
        return None

    def _why_not(self, shout: Shout) -> str:
        try:
            self._shouting(self.game).claim_check(shout.player, shout.word, shout.source)
        except (RuleError, RecordError) as error:
            return str(error)
        return "not there"

    # -- turns (Dictionary, Please!) and the end ----------------------------------------

    def play(self, player: str, hand: str, words: list[str]) -> int:
        """A turn: the hand as displayed, and the words made (``NEW``, ``NEW<Owner:OLD``, ...)."""
        return self.record(Event("play", {"player": player, "hand": hand.upper(), "words": list(words)}))

    def pass_turn(self, player: str) -> int:
        return self.record(Event("pass", {"player": player}))

    def end(self, reason: str = "agreed") -> int:
        return self.record(Event("end", {"reason": reason}))

    # -- reading -------------------------------------------------------------------------

    def standings(self) -> list[dict[str, Any]]:
        return [s.as_dict() for s in self.game.standings()]
