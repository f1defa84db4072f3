"""The table: the one door to a game for the dashboard, the camera and the buzzers.

Public API: :class:`Session`, :class:`Press`.

Commands go in: a person's action (:meth:`Session.record`, :meth:`~Session.undo`,
:meth:`~Session.ruling`), a camera observation (:meth:`~Session.observe`, a stable
:class:`~companion.table.seen.Seen`), a buzzer press with its device time (:meth:`~Session.press`)
and the word the player then said (:meth:`~Session.say`). Events and a read model come out
(:meth:`~Session.view`: the state, what the table part adds, the legal actions, the open claim,
the camera's question or the difference it found, who is locked out; :meth:`~Session.history`:
the standings after every event). Nothing else touches the engines.

Every move is checked by the engine, then committed to the event store, and only then
acknowledged (returned). If the commit fails the engine is rolled back, so the engine and the
store never disagree. The clock and the random source (for a drawn rock-paper-scissors) are
injected, so tests are exact. What each game means at the table (its camera reading, its
actions) is in its part, ``companion.table.games``; Not Scrabble's shouts are settled here.
>>> from companion.words.solver import Referee
>>> from companion.table.store import EventStore
>>> from companion.records import Event
>>> session = Session.start(EventStore(":memory:"), Referee.load(),
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

import contextlib
import random
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.errors import InvalidInputError, WordtableError
from companion.games.base import Game, RuleError
from companion.games.not_scrabble import DEFAULT_WINDOW_MS, Call, NotScrabble
from companion.games.registry import load_game
from companion.games.schema import check_event
from companion.records import Event, RecordError
from companion.table.games import TablePart, part_for
from companion.table.phrases import describe
from companion.table.seen import ACCEPT, Question, Seen
from companion.table.shouts import Shout, simultaneous_groups
from companion.table.store import EventStore
from companion.text import listed
from companion.words.letters import LetterError, Letters
from companion.words.solver import Referee
from companion.words.stems import is_known

__all__ = ["DEFAULT_WINDOW_MS", "Press", "Session"]
#: Rules that refuse a word that is on the table (a steal of the same stem, a mere rearrangement):
#: the call is refused, with no penalty; rule 07 punishes only "a word that isn't there".
THERE_BUT_REFUSED = ("not-scrabble 06", "not-scrabble 11", "not-scrabble 10")
CHOICES = 10  # words offered for a claim
#: The most events a game keeps (undo events included): a long table game has a few hundred.
MAX_EVENTS = 10_000


@dataclass
class Press:
    """A buzzer press that opened a claim: who, when (device microseconds), and the word said."""

    player: str
    at_us: int
    word: str | None = None
    said: bool = False


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
        self._group: list[Shout] = []  # every shout of the simultaneous call the awaiting ones are of
        self._settling = False  # shouts being settled: the events recorded are this session's own
        self._rest: list[list[Shout]] = []
        self._before: Game | None = None
        #: The camera, the buzzers and the dashboard call from their own threads.
        self.lock = threading.RLock()
        #: Called with (number, event) after each event is committed (the dashboard's live feed).
        self.listeners: list[Callable[[int, Event], None]] = []
        #: Called with no argument when the read model changes without an event (a press...).
        self.watchers: list[Callable[[], None]] = []
        self.part: TablePart = part_for(game)
        #: Buzzer presses whose claims are open (Not Scrabble), in device-time order.
        self.presses: list[Press] = []
        #: The camera: its last stable view, a question for a person, a difference to resolve.
        self.seen: Seen | None = None
        self.question: Question | None = None
        self.check: str | None = None
        self._unread = False
        #: What happened last, for the screen: the event, or a refusal with its rule.
        self.last: dict[str, Any] | None = None
        #: Each player's score after every stored event, by its number (undone ones too).
        self._scores_at: dict[int, dict[str, int]] = {}
        #: What each stored event decided beyond its own words (a challenge: did the word stand?).
        self._outcomes: dict[int, str] = {}
        #: The fields of each stored event that the players must not see (:attr:`Game.concealed`).
        self._concealed: dict[int, frozenset[str]] = {}
        #: The points along the events that still stand, each with how many events stood.
        self._line: list[tuple[int, dict[str, Any]]] = []
        #: The stored number of each event that stands, in the game's order (the game event is 1).
        self._standing: list[int] = []
        self._times: dict[int, float | None] = {}  # when stored events were stored, as asked
        self._note_standings(1)
        #: The stored events this session has played (the game event is 1).
        self.stored = 1
        self._commits = 0  # events committed by this session: watchers need not hear of those
        self._claims: tuple[int, list[dict[str, str | None]]] | None = None  # (commits, choices)

    @classmethod
    def start(cls, store: EventStore, referee: Referee, setup: Event, **kwargs: Any) -> Session:
        game = load_game([setup], referee)  # checks the setup before anything is stored
        return cls(store, store.create_game(setup), game, **kwargs)

    @classmethod
    def resume(
        cls, store: EventStore, game_id: int, referee: Referee, take_back: bool = False, **kwargs: Any
    ) -> Session:
        """Rebuild a game from its stored events (after a restart or a crash), with its history.

        A record stored under older rules may hold a move these rules refuse. A move the record
        takes back later anyway is passed over. The first that still stands is refused, as before;
        with ``take_back`` (a game no other machine relays: its numbering is this store's alone)
        it ends the replay instead, and an ``undo`` is stored that takes it and every later move
        back: the game goes on from before it, the record keeps every move, and the table says
        which were taken back and why."""
        events = store.events(game_id)
        session = cls(store, game_id, load_game(events[:1], referee), **kwargs)
        standing = _standing_numbers(events)
        refused: tuple[int, WordtableError] | None = None
        for number, event in enumerate(events[1:], start=2):
            if event.type == "undo":
                session.game.undo_to(min(event["to"], len(session.game.events)))
            else:
                try:
                    session.game.push(event)
                except WordtableError as error:
                    if number in standing and not take_back:
                        raise
                    if number in standing:
                        refused = (number, error)
                        break
                    continue  # taken back later in the record: only its history line is lost
                session._note_outcome(number)
            session._note_standings(number)
        session.stored = len(events)
        if refused is not None:
            session._take_back_refused(*refused)
        session._awaiting_from_record()
        return session

    def _take_back_refused(self, number: int, error: WordtableError) -> None:
        """Store the undo that takes back stored move ``number`` and every later one (see :meth:`resume`)."""
        undo = Event("undo", {"to": len(self.game.events)})
        stored = self.store.append(self.game_id, undo)
        self._committed(stored, undo)
        if number == stored - 1:
            moves, them = f"move {number} no longer stands", "it"
        else:
            moves, them = f"moves {number} to {stored - 1} no longer stand", "them"
        why = f"{moves} under these rules ({error}): taken back; the record keeps {them}"
        self.last = {"refused": why, "rule": getattr(error, "rule", None)}

    @property
    def players(self) -> list[str]:
        return list(self.game.players)

    @property
    def title(self) -> str:
        return self.game.title_for(self.game.variant)

    @property
    def setup(self) -> dict[str, Any]:
        return self.game.setup.as_dict()

    @property
    def window_us(self) -> int:
        """Not Scrabble rule 06: presses within this many device microseconds are simultaneous."""
        return int(self.game.setup.get("window_ms", DEFAULT_WINDOW_MS)) * 1000

    def _note_standings(self, number: int) -> None:
        scores = self._scores_at[number] = {s.player: s.score for s in self.game.standings()}
        point = {"n": number, "scores": scores}
        depth = len(self.game.events)  # an undo's point takes the place of the one it went back to
        while self._line and self._line[-1][0] >= depth:
            self._line.pop()
        self._line.append((depth, point))
        taken = self._standing[depth:]  # an undo's: the stored events it takes back
        if taken:  # by the numbers the history shows: "moves 10 to 12", "moves 4, 5 and 8"
            run = len(taken) > 2 and taken == list(range(taken[0], taken[-1] + 1))
            which = f"{taken[0]} to {taken[-1]}" if run else listed([str(n) for n in taken])
            self._outcomes[number] = f"move{'s' if len(taken) > 1 else ''} {which} taken back"
        del self._standing[depth:]
        if len(self._standing) < depth:
            self._standing.append(number)

    def _clock_started(self, table: dict[str, Any]) -> None:
        """A clock on the table (``timer``, started by the event at ``since`` in the game): when
        that event was stored and the time now, so every screen counts down from the same start,
        one opened late, or after a restart, too; and not again from full after each move."""
        timer = table.get("timer")
        if not timer or not timer.get("running") or not 0 <= timer.get("since", -1) < len(self._standing):
            return
        number = self._standing[timer["since"]]
        if number not in self._times:
            self._times[number] = self.store.recorded_at(self.game_id, number)
        if self._times[number] is not None:
            timer.update(started_at=self._times[number], now=time.time())

    def history(self, after: int = 0) -> list[dict[str, Any]]:
        """Each player's score after every stored event (``n``: its number), undone ones too."""
        with self.lock:
            return [{"n": n, "scores": scores} for n, scores in self._scores_at.items() if n > after]

    def scored(self, number: int) -> dict[str, int]:
        """What stored event ``number`` did to each score, as it was played: the players whose
        score it changed, and by how much (an undo's changes are the undone events' own, not its)."""
        with self.lock:
            before, after = self._scores_at.get(number - 1), self._scores_at.get(number)
            if before is None or after is None:
                return {}
            return {p: after[p] - before.get(p, 0) for p in after if after[p] != before.get(p, 0)}

    def line(self) -> list[dict[str, Any]]:
        """The scores along the events that still stand, for the chart a table watches: an undone
        event's point is gone, and the undo's own point takes the place of the one it went back to
        (a claim undone and made again reads 0, 4, not 0, 4, 0, 4). :meth:`history` keeps them all."""
        with self.lock:
            return [point for _, point in self._line]

    # -- recording -----------------------------------------------------------------------

    def record(self, event: Event) -> int:
        """Check ``event`` (its fields by the schema, then the move by the engine), commit it, and
        return its number once committed."""
        check_event(event)
        if event.type == "undo":
            return self.undo(event["to"])
        with self.lock:
            self._room()
            self.game.push(event)
            try:
                number = self.store.append(self.game_id, event)
            except BaseException:
                self.game.pop()
                raise
            self._committed(number, event)
            if not self._settling and isinstance(self.game, NotScrabble):
                self._awaiting_from_record()  # a typed call, result or ruling may settle or make a tie
            if self._unread and self.seen is not None and self.check is None:
                self.observe(self.seen)
            return number

    def undo(self, to: int | None = None) -> int:
        """Undo the last event, or back to event number ``to`` (the game event is 1)."""
        with self.lock:
            self._room()
            count = len(self.game.events) - 1 if to is None else to
            if count < 1:
                raise RecordError("nothing to undo: the game has just been set up")
            if count >= len(self.game.events):
                raise RecordError(f"nothing to undo after move {count}: it is the last that stands")
            before = list(self.game.events)
            removed = before[count:]
            self.game.undo_to(count)
            undo = Event("undo", {"to": count})
            try:
                number = self.store.append(self.game_id, undo)
            except BaseException:
                self.game.rebuild(before)
                raise
            self._committed(number, undo)
            what = "; ".join(describe(e) for e in removed[-3:]) + (
                f" and {len(removed) - 3} more" if len(removed) > 3 else ""
            )
            self.last = {**(self.last or {}), "text": f"undone: {what}", "undone": what}
            self._awaiting_from_record()
            # The table still shows what was undone: the camera waits until it matches again.
            if self.seen is not None and not self.part.observe(self.seen).agrees:
                self.check = "an event was undone: put the table back as the record shows, or read it again"
            return number

    def _awaiting_from_record(self) -> None:
        """Rock-paper-scissors as the record leaves it, after an undo, a restart or an event copied
        in: the tied calls of a ``simultaneous`` still waiting (rule 06), or nobody. Shouts
        still to settle after them were this session's alone and are not in the record."""
        contest = self.game.contest if isinstance(self.game, NotScrabble) else None
        tied = contest.tied if contest is not None and contest.winner is None else ()
        if [(s.player, s.word) for s in self.awaiting] == [(c.player, c.word) for c in tied]:
            return  # the same tie this session is waiting on: its shouts are kept whole
        # the device times of the tie's calls, from its simultaneous event
        last = next((e for e in reversed(self.game.events) if e.type == "simultaneous"), None)
        times = dict(zip(last["players"], last.get("at_us") or [], strict=False)) if last is not None else {}
        self.awaiting = [Shout(c.player, c.word, int(times.get(c.player, 0))) for c in tied]
        calls = contest.calls if tied and contest is not None else ()
        self._group = [Shout(c.player, c.word, int(times.get(c.player, 0))) for c in calls]
        self._rest, self._before = [], None

    def _room(self) -> None:
        """Refuse an event past :data:`MAX_EVENTS`: the game is full, not the store."""
        if next(reversed(self._scores_at)) >= MAX_EVENTS:
            raise InvalidInputError(f"this game has {MAX_EVENTS} events, the most a game keeps: start a new game")

    def copy_in(self, number: int, event: Event) -> None:
        """An event committed by the machine that holds this game (``companion.table.relay``) and
        already in this store at ``number``: played on the engine and told to the listeners as if
        recorded here. The engine refusing it means the two machines' rules differ: the caller
        drops this session (reopening it from the store says why)."""
        with self.lock:
            if event.type == "undo":
                self.game.undo_to(event["to"])
            else:
                self.game.push(event)
            self._committed(number, event)
            self._awaiting_from_record()

    def _note_outcome(self, number: int) -> None:
        if self.game.outcome:
            self._outcomes[number] = self.game.outcome
        if self.game.concealed:
            self._concealed[number] = self.game.concealed

    def conceals(self) -> bool:
        """Does the record hold, in a game still played, fields kept from the players?"""
        with self.lock:
            return bool(self._concealed) and not self.game.over

    def shown(self, number: int, event: Event) -> dict[str, Any]:
        """Stored event ``number`` as the players may see it: without the fields its game keeps
        from them (a word only thought of). The record, and the referee's export, keep them."""
        with self.lock:
            hidden = self._concealed.get(number, frozenset())
        return {k: v for k, v in event.as_dict().items() if k not in hidden}

    def outcome(self, number: int) -> str | None:
        """What stored event ``number`` decided, in words, when the event alone does not say it:
        a challenge's word stood, or was struck and what that cost."""
        with self.lock:
            return self._outcomes.get(number)

    def said(self, number: int, event: Event) -> str:
        """The line a player reads for stored event ``number``: the event, and what it decided."""
        outcome = self.outcome(number)
        return describe(event) + (f": {outcome}" if outcome else "")

    def _committed(self, number: int, event: Event) -> None:
        self.stored = number
        self._commits += 1
        if event.type != "undo":
            self._note_outcome(number)
        self._note_standings(number)
        if self.question is not None and self.seen is not None:  # still a question after this event?
            self.question = self.part.observe(self.seen, [p.player for p in self.presses if not p.said]).asks
        self.last = {"n": number, "event": self.shown(number, event), "text": self.said(number, event)}
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
        with self._settling_shouts():
            return self._continue()

    def rock_paper_scissors(self, winner: str | None = None) -> list[Event]:
        """Record the players' result (``winner``), or draw one at random, and carry on settling."""
        if not self.awaiting:
            raise RecordError("nobody is waiting for rock-paper-scissors")
        players = list(dict.fromkeys(s.player for s in self.awaiting))
        since = self._commits
        if winner is None:
            winner, method = self.rng.choice(players), "drawn"
        else:
            method = "played"
            if winner not in players:
                raise RecordError(f"{winner} is not in the rock-paper-scissors ({', '.join(players)})")
        with self._settling_shouts():
            self.record(Event("rock-paper-scissors", {"players": players, "winner": winner, "method": method}))
            group, self.awaiting = self._group or self.awaiting, []
            settled = self._claim_contest(group)
            if not self.awaiting:
                settled += self._continue()
        if not self.awaiting and self.pending:  # calls made while the players played
            settled += self.settle()
        self._changed(since)
        return settled

    @contextlib.contextmanager
    def _settling_shouts(self) -> Iterator[None]:
        """While shouts are settled, the events recorded are this session's own: :meth:`record`
        leaves the rock-paper-scissors it is waiting on to the settling."""
        self._settling = True
        try:
            yield
        finally:
            self._settling = False

    def _continue(self) -> list[Event]:
        """Settle the groups of shouts left, in device-time order. A group of several is recorded as
        ``simultaneous`` and the engine says who claims (rule 06): the longest word, or, for words
        of the same length, whoever wins the rock-paper-scissors it waits for."""
        events: list[Event] = []
        while self._rest and not self.awaiting:
            group = self._rest.pop(0)
            if len(group) == 1:
                events += [e for e in [self._settle_one(group[0])] if e is not None]
                continue
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
            events += self._claim_contest(group)
        return events

    def _claim_contest(self, group: list[Shout]) -> list[Event]:
        """Rule 06 for shouts recorded as ``simultaneous``: the winner's word is claimed. A winner
        whose word is not there, or may not be taken, gives way to the longest call left (the engine
        settles the rest: rule 07's "word that isn't there" wins nothing); words of the same length
        wait for rock-paper-scissors (:attr:`awaiting`)."""
        events: list[Event] = []
        while (contest := self._shouting(self.game).contest) is not None and contest.calls and not contest.claimed:
            if contest.tied:
                self.awaiting = [s for s in group if Call(s.player, s.word) in contest.tied]
                self._group = group
                break
            shout = next((s for s in group if Call(s.player, s.word) == contest.winner), None)
            if shout is None:
                break
            event = self._settle_one(shout) or self._unheard(shout)
            events.append(event)
            if event.type == "claim" or self._shouting(self.game).contest == contest:
                break
        return events

    def _settle_one(self, shout: Shout) -> Event | None:
        """Claim the shouted word; or refuse it, with the real reason: a false call (rule 07) only
        when the word was never there, a refused call with no penalty when it is there but may not
        be taken (rules 10, 11)."""
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
        fault = self._fault(game, shout)
        there = fault.rule in THERE_BUT_REFUSED
        event = Event("refused-call" if there else "false-call",
                      {"player": shout.player, "word": shout.word.upper(), "reason": fault.message,
                       "rule": fault.rule if there else "not-scrabble 07", "because": fault.rule})  # fmt: skip
        self.record(event)
        return event

    def _unheard(self, shout: Shout) -> Event:
        """A winning call that claims nothing and is no false call: silenced by a false call of the
        same batch (rule 07), or late, its letters taken by an earlier shout. Recorded as refused
        (no penalty), so the longest call left claims."""
        silenced = self._shouting(self.game).locked_out(shout.player)
        rule = "not-scrabble 07" if silenced else "not-scrabble 05"
        why = f"{shout.player} is silent: {silenced}" if silenced else "too late: an earlier claim took its letters"
        event = Event("refused-call", {"player": shout.player, "word": shout.word.upper(), "reason": why,
                                       "rule": rule, "because": rule})  # fmt: skip
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

    @classmethod
    def _fault(cls, game: Game, shout: Shout) -> RuleError:
        """Why no claim of the shout is legal: the refusal of a word that is there (same stem,
        nothing added) wins over "the letters are not there", which any other source gives."""
        shouting = cls._shouting(game)
        sources: list[str | None] = [shout.source] if shout.source else [None]
        if not shout.source:
            sources += [f"{p}:{w.upper()}" for p, words in shouting.words.items() for w in words]
        faults: list[RuleError] = []
        for source in sources:
            try:
                shouting.claim_check(shout.player, shout.word, source)
            except RuleError as error:
                faults.append(error)
        for rule in THERE_BUT_REFUSED:
            found = next((f for f in faults if f.rule == rule), None)
            if found is not None:
                return found
        return faults[0] if faults else RuleError("not-scrabble 07", f"{shout.word.upper()} is not there")

    # -- buzzers: a press opens a claim, the word said settles it ----------------------

    def press(self, player: str, at_us: int) -> Press | None:
        """A buzzer press at device time ``at_us``: opens ``player``'s claim (rule 04). A player
        silenced by a false call is refused (rule 07), and a second press while a claim is open
        counts once. Returns the open press (None: refused)."""
        with self.lock:
            game = self._shouting(self.game)
            game.player(player)
            why = game.locked_out(player)
            if why:
                self.last = {"refused": f"{player} pressed: {why}", "rule": "not-scrabble 07", "player": player}
                self._changed()
                return None
            if any(p.player == player and not p.said for p in self.presses):
                return next(p for p in self.presses if p.player == player and not p.said)
            press = Press(player, int(at_us))
            self.presses.append(press)
            self.presses.sort(key=lambda p: p.at_us)
            self._changed()
            return press

    def say(self, player: str, word: str | None, source: str | None = None) -> list[Event]:
        """The word ``player`` said after pressing (None: nothing, the claim is withdrawn). Once
        every open press has its word, they are settled together: rule 06 by device time, the
        longest word first, then rock-paper-scissors."""
        with self.lock:
            press = next((p for p in self.presses if p.player == player and not p.said), None)
            if press is None:
                raise InvalidInputError(f"{player} has no open claim: press the buzzer first")
            if word is not None:
                try:
                    Letters(word)
                except LetterError as error:
                    raise InvalidInputError(f"{word!r}: {error}") from None
            press.word, press.said = (word.lower() if word else None), True
            since = self._commits
            if not all(p.said for p in self.presses):
                self._changed()
                return []
            said, self.presses = self.presses, []
            for done in said:
                if done.word:
                    self.pending.append(Shout(done.player, done.word, done.at_us, source if done is press else None))
            # While rock-paper-scissors is played, later calls wait: they are settled after it.
            events = self.settle() if self.pending and not self.awaiting else []
            self._changed(since)
            return events

    def call(self, player: str, word: str, source: str | None = None) -> list[Event]:
        """A called-out word typed in with no buzzer press: settled at once, on the table's clock."""
        with self.lock:
            if self.awaiting:  # refused before it is heard: nothing kept to settle later
                raise RecordError("rock-paper-scissors first: " + ", ".join(s.player for s in self.awaiting))
            since = self._commits
            self.shout(player, word, source=source)
            events = self.settle()
            self._changed(since)
            return events

    def prompt(self) -> dict[str, Any] | None:
        """The open claims: who pressed, when, what each has said, and the words there are to
        claim now (the solver's, longest first) to tap."""
        if not self.presses:
            return None
        game = self._shouting(self.game)
        first = self.presses[0].at_us
        presses = [{"player": p.player, "after_ms": round((p.at_us - first) / 1000, 1), "said": p.said,
                    "word": p.word.upper() if p.word else None} for p in self.presses]  # fmt: skip
        return {"presses": presses, "choices": self._choices(game), "window_ms": self.window_us // 1000}

    def _choices(self, game: NotScrabble) -> list[dict[str, str | None]]:
        """The words there are to claim, worked out once per state of the game (every screen asks)."""
        if self._claims is not None and self._claims[0] == self._commits:
            return self._claims[1]
        found = game.legal_claims()
        contest = game.contest  # rule 06: the words of a call settled, barred until the next letter

        def open_to_claim(word: str) -> bool:
            return contest is None or not contest.claimed or contest.refusal(Call("", word.lower())) is None

        # The centre's own words first (the short ones players shout most), then the steals, each
        # everyday words first (those lemminflect knows: GLIDER before RIDGELS and REGILDS), then
        # longest first: a word said that is not offered is typed.
        centre = sorted((w.upper() for w in found.new if open_to_claim(w)),
                        key=lambda w: (not is_known(w.lower()), -len(w), w))  # fmt: skip
        steals = sorted((s for s in found.steals if open_to_claim(s.new)),
                        key=lambda s: (not is_known(s.new.lower()), -len(s.new), s.new))  # fmt: skip
        choices: list[dict[str, str | None]] = [{"word": w, "from": None} for w in centre[: CHOICES // 2]]
        choices += [{"word": s.new.upper(), "from": f"{game.owners(s.sources[0])[0]}:{s.sources[0].upper()}"}
                    for s in steals[: CHOICES - len(choices)]]  # fmt: skip
        choices += [{"word": w, "from": None} for w in centre[CHOICES // 2 :]][: CHOICES - len(choices)]
        self._claims = (self._commits, choices[:CHOICES])
        return self._claims[1]

    # -- the camera ------------------------------------------------------------------------

    def observe(self, seen: Seen) -> list[Event]:
        """A stable camera view. Sure changes are recorded (a claim fills the player's open press);
        an unsure one becomes a question; a table that the record cannot explain pauses the camera
        (:attr:`check`) until it matches again or a person says to read it again."""
        with self.lock:
            since = self._commits
            self.seen = seen
            pressed = [p.player for p in self.presses if not p.said]
            reading = self.part.observe(seen, pressed)
            if self.check is not None:
                if reading.agrees:
                    self.check = None
                    self._changed()
                return []
            self.question = reading.asks
            if reading.difference is not None:
                self.check = reading.difference
            # The part could not read this game yet (no first player drawn): read it again after
            # the next event a person records.
            self._unread = bool(reading.notes) and reading.agrees
            recorded: list[Event] = []
            for proposal in reading.proposals:
                if proposal.confidence < ACCEPT:
                    break
                event = proposal.event
                if event.type == "claim" and event["player"] in pressed:
                    recorded += self.say(event["player"], str(event["word"]), event.get("from"))
                else:
                    self.record(event)
                    recorded.append(event)
            self._changed(since)
            return recorded

    def read_again(self) -> list[Event]:
        """A person says the table is right: clear the pause and read the last view again."""
        with self.lock:
            self.check = None
            return self.observe(self.seen) if self.seen is not None else []

    def answer(self, choice: int) -> list[Event]:
        """A person answers the camera's question with the answer numbered ``choice``."""
        with self.lock:
            if self.question is None:
                raise InvalidInputError("the camera has no question now")
            if not 0 <= choice < len(self.question.answers):
                raise InvalidInputError(f"answer: 0-{len(self.question.answers) - 1}")
            label, events = self.question.answers[choice]
            self.question, since = None, self._commits
            if not events:
                self.check = f"{label}: the camera waits until the table matches the record"
            for event in events:
                self.record(event)
            if self.check is None and self.seen is not None:  # the next offer the table still has (another die)
                self.question = self.part.observe(self.seen, [p.player for p in self.presses if not p.said]).offer
            self._changed(since)
            return list(events)

    # -- the read model --------------------------------------------------------------------

    def view(self) -> dict[str, Any]:
        """Everything a screen shows of this table, from one lock: the engine's state and what the
        table part adds, the legal actions, the open claim, rock-paper-scissors to play, the
        camera's question or difference, who is locked out, and what happened last."""
        with self.lock:
            game = self.game
            table = self.part.read()
            self._clock_started(table)
            return {
                "id": self.game_id,
                "title": self.title,
                "players": self.players,
                "setup": self.setup,
                "events": len(game.events),
                "state": game.state(),
                "table": table,
                "actions": [a.as_dict() for a in self.part.actions()],
                "event_types": sorted(set(type(game).EVENTS) | {"ruling", "undo"}),
                "buzzers": self.part.buzzers,
                "locked": self.part.locked(),
                "prompt": self.prompt() if self.part.buzzers else None,
                "rock_paper_scissors": [s.player for s in self.awaiting],
                "camera": {
                    "seen": self.seen.as_dict() if self.seen else None,
                    "check": self.check,
                    "question": self.question.as_dict() if self.question else None,
                },
                "last": self.last,
                "result": self.part.result(),
            }

    def word_box(self, word: str, sources: list[str], pool: str) -> dict[str, Any]:
        """The referee's word box for this game: its own word rules and its rulings."""
        with self.lock:
            game = self.game
            answer: dict[str, Any] = {"word": word.upper(), "check": game.referee.dictionary.check(word.lower(),
                                      game.rules).as_dict()}  # fmt: skip
            if sources or pool:
                take = game.referee.check_take(sources, word.lower(), Letters(pool), game.rules)
                answer["take"] = take.as_dict()
                # a steal's word that has left the table (captured, undone) makes the check a what-if;
                # the words on the table are the engine's own state, as every screen shows them
                held = game.state().get("words")
                if isinstance(held, dict):
                    on_table = {str(w).lower() for ws in held.values() for w in ws}
                    gone = [s.upper() for s in sources if s.lower() not in on_table]
                    if gone:
                        answer["gone"] = gone
            score = self.part.word_score(word)
            if score is not None:
                answer["score"] = score
            return answer

    def advice(self, cache: Path | None = None) -> dict[str, Any]:
        """DICEWORDS: the best words for the dice showing and which dice to keep. The roll is read
        under the lock; the answer (seconds, the first time) is worked out without it, so moves go on
        being recorded meanwhile."""
        with self.lock:
            answer = self.part.advice(cache)
        return answer()

    def view_locked(self) -> dict[str, str]:
        """Who may not claim now, and why (the buzzer box lights their LEDs)."""
        with self.lock:
            return self.part.locked()

    def _changed(self, since: int | None = None) -> None:
        """Tell the watchers that the read model changed with no event (a press, a question); with
        ``since`` (the commit count when a command began), only if that command committed nothing:
        the listeners have heard of the events, and a screen that refreshes on them sees the rest."""
        if since is not None and self._commits != since:
            return
        for listener in self.watchers:
            listener()

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


def _standing_numbers(events: list[Event]) -> set[int]:
    """The stored numbers of the events that stand at the end of a record, its undos applied."""
    kept: list[int] = [1]
    for number, event in enumerate(events[1:], start=2):
        if event.type == "undo":
            del kept[int(event["to"]) :]
        else:
            kept.append(number)
    return set(kept)
