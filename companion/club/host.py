"""The host of a club evening: the evening's events in the store, each table's hand an ordinary
game in the same store, the bell rung at every table at once.

Public API: :class:`Host`, :class:`Door`, :class:`Sessions`.

The evening is a game of kind ``evening`` in the event store (``companion.table.store``), so it is
append-only, survives a restart and runs on SQLite and PostgreSQL alike; its ``hand`` events
name the tables' games. A table's game is opened through a :class:`Door` (the dashboard's open
sessions, or :class:`Sessions`), so what the host records at a table goes live like a tap.

Each command checks the event against a copy of the evening (``companion.club.evening``), commits
it, and only then keeps it, as a table's session does. A hand is dealt by starting every table's
game first and then recording the ``hand`` event that names them: a crash between the two leaves
games that no evening names, never an evening that names a game not stored.

>>> from companion.table.store import EventStore
>>> from companion.words.solver import Referee
>>> store = EventStore(":memory:")
>>> host = Host.open(store, Sessions(store, Referee.load()), {"players": ["Ann", "Ben", "Cat", "Dan"],
...                  "table_game": "lexicon", "variant": "party"})
>>> host.deal()
[2]
>>> table = host.door.get(2)
>>> for text in ["cut player=Ann card=C", "cut player=Ben card=A", "cut player=Cat card=K", "cut player=Dan card=M",
...              "deal exposed=Q", "word player=Cat word=BLACKSMITH"]:
...     _ = table.record(Event.from_text(text))
>>> _ = table.record(Event("reveal", {"hands": ["Ann:ABCDEFGHIJ", "Ben:ABCDEFGHIJ", "Dan:QQ*ZZXXJJK"]}))
>>> result = host.mark(1)
>>> result["out"], result["cards"]["Cat"], host.evening.winners(1)
('Cat', 0, {1: 'Cat'})
"""

from __future__ import annotations

import copy
import threading
from collections.abc import Callable
from typing import Any, Protocol

from companion.club.evening import Evening, steward_of
from companion.errors import NotFoundError
from companion.games.base import Game, RuleError
from companion.games.lexicon.engine import PARTY_MINUTES, Lexicon
from companion.games.registry import load_game
from companion.records import Event
from companion.table.session import Session
from companion.table.store import EventStore
from companion.words.solver import Referee


class Door(Protocol):
    """How the host reaches the tables' games: the dashboard's open sessions, or :class:`Sessions`."""

    referee: Referee

    def start(self, setup: dict[str, Any]) -> Session: ...

    def get(self, game: int) -> Session: ...


class Sessions:
    """A door of its own: sessions on ``store`` kept open by game number (tests, scripts)."""

    def __init__(self, store: EventStore, referee: Referee) -> None:
        self.store, self.referee = store, referee
        self._open: dict[int, Session] = {}
        self._lock = threading.Lock()

    def start(self, setup: dict[str, Any]) -> Session:
        session = Session.start(self.store, self.referee, Event.from_dict({"type": "game", **setup}))
        with self._lock:
            self._open[session.game_id] = session
        return session

    def get(self, game: int) -> Session:
        with self._lock:
            if game not in self._open:
                self._open[game] = Session.resume(self.store, game, self.referee)
            return self._open[game]


class Host:
    """One evening: its events in ``store``, its tables' games through ``door``."""

    def __init__(self, store: EventStore, door: Door, evening_id: int, evening: Evening) -> None:
        self.store, self.door, self.evening_id, self.evening = store, door, evening_id, evening
        self.lock = threading.RLock()
        #: How the host records an event at a table (the bell, a Steward's challenge): by default
        #: on the table's session; the club's relay queues it for a table's machine that holds the
        #: game (``web.relay``).
        self.at_table: Callable[[Session, Event], object] = lambda session, event: session.record(event)
        #: Called with (number, event) after each of the evening's events is committed.
        self.listeners: list[Callable[[int, Event], None]] = []

    @classmethod
    def open(cls, store: EventStore, door: Door, setup: dict[str, Any]) -> Host:
        """A new evening: its players seated in the order given, four (``seats``) a table. The
        tables' game and its settings are checked before anything is stored."""
        event = Event.from_dict({"type": "game", **setup, "game": "evening"})
        evening = Evening(event)
        load_game([Event.from_dict({"type": "game", **cls._table_setup(evening, 1)})], door.referee)
        return cls(store, door, store.create_game(event), evening)

    @classmethod
    def resume(cls, store: EventStore, door: Door, evening_id: int) -> Host:
        events = store.events(evening_id)
        if events[0].get("game") != "evening":
            raise NotFoundError(f"game {evening_id} is not a club evening")
        return cls(store, door, evening_id, Evening.replay(events))

    @staticmethod
    def _table_setup(evening: Evening, table: int) -> dict[str, Any]:
        setup = {**evening.table_setup, "players": list(evening.tables[table - 1])}
        dealer = evening.dealers.get(table)
        if evening.party and dealer:
            setup["dealer"] = dealer  # party 5: "The winner at each table must shuffle and deal"
        return setup

    def record(self, event: Event) -> int:
        """Check ``event`` against a copy of the evening, commit it, then keep it."""
        with self.lock:
            after = copy.deepcopy(self.evening)
            after.apply(event)
            number = self.store.append(self.evening_id, event)
            self.evening = after
        for listener in self.listeners:
            listener(number, event)
        return number

    def table(self, table: int) -> Session:
        """The game of ``table`` (from 1) in the hand being played."""
        games = self.evening.games.get(self.evening.hand, {})
        if table not in games:
            raise NotFoundError(f"no table {table} playing (tables: 1-{len(self.evening.tables)}, hand "
                                f"{self.evening.hand})")  # fmt: skip
        return self.door.get(games[table])

    # -- commands ----------------------------------------------------------------------------

    def deal(self) -> list[int]:
        """Start the next hand: a new game at every table, the arriving winners dealing (party 5)."""
        with self.lock:
            evening = self.evening
            if evening.phase != "seated":
                why = "the party has ended" if evening.phase == "over" else \
                    f"hand {evening.hand} is not over: mark and check its cards, then move the winners"  # fmt: skip
                raise RuleError("lexicon party 5", why)
            games = [self.door.start(self._table_setup(evening, n)).game_id for n in range(1, len(evening.tables) + 1)]
            self.record(Event("hand", {"hand": evening.hand + 1, "games": games}))
            return games

    def ring(self) -> list[int]:
        """Party 4: the bell "rings to stop" every table at once: recorded on every table's game
        still being played (the others ran out before it), then on the evening. Returns the tables
        it stopped."""
        with self.lock:
            hand, stopped = self.evening.hand, []
            if self.evening.phase != "playing":
                raise RuleError("lexicon party 4", "no hand is being played")
            for number in range(1, len(self.evening.tables) + 1):
                session = self.table(number)
                game = session.game
                if isinstance(game, Lexicon) and game.variant == "party" and game.playing:
                    self.at_table(session, Event("bell"))
                    stopped.append(number)
            self.record(Event("bell", {"hand": hand}))
            return stopped

    def result(self, table: int) -> dict[str, Any] | None:
        """A table's hand as its score cards take it (None while it is being played): the figure of
        the cards left in each hand, the Steward's 50s, who ran out, who dealt."""
        session = self.table(table)
        with session.lock:
            game = session.game
            if isinstance(game, Lexicon):
                if game.rounds < 1 or game.playing or game.out or game.bell:
                    return None
                fines = self._fines(game)
                out = next((p for p in game.players if game.hands[p] == 0), None)
                cards = {p: game.scores[p] - fines[p] for p in game.players}
                return {"cards": cards, "fines": fines, "out": out, "dealer": game.dealer}
            if not game.over:
                return None
            scores = {s.player: s.score for s in game.standings()}
            return {"cards": scores, "fines": dict.fromkeys(scores, 0), "out": None, "dealer": None}

    def _fines(self, game: Game) -> dict[str, int]:
        """The Special Note's 50s: what each challenge added, the game replayed event by event."""
        fines = dict.fromkeys(game.players, 0)
        replay = type(game).from_events(game.events[:1], self.door.referee)
        for event in game.events[1:]:
            before = {s.player: s.score for s in replay.standings()}
            replay.push(event)
            if event.type == "challenge":
                for s in replay.standings():
                    fines[s.player] += max(0, s.score - before[s.player])
        return fines

    def mark(self, table: int) -> dict[str, Any]:
        """Party 4: mark a table's hand on the score cards, once its hand is over."""
        with self.lock:
            result = self.result(table)
            if result is None:
                raise RuleError("lexicon party 4", f"table {table} is still playing: the hand ends when a player "
                                "runs out or the bell rings, and the cards left are shown")  # fmt: skip
            event = Event("card", {"hand": self.evening.hand, "table": table,
                                   "cards": [f"{p}:{n}" for p, n in result["cards"].items()],
                                   "fines": [f"{p}:{n}" for p, n in result["fines"].items() if n],
                                   "out": result["out"], "dealer": result["dealer"]})  # fmt: skip
            self.record(event)
            return result

    def mark_all(self) -> list[int]:
        """Mark every table whose hand is over and not yet marked; returns those tables."""
        with self.lock:
            hand = self.evening.hand
            marked = {line.table for line in self.evening.cards.get(hand, {}).values()}
            done = []
            if self.evening.phase == "playing":
                for number in range(1, len(self.evening.tables) + 1):
                    if number not in marked and self.result(number) is not None:
                        self.mark(number)
                        done.append(number)
            return done

    def check(self, player: str, by: str, verdict: str, hand: int | None = None) -> int:
        """Party 4: ``by`` (the player on the left) confirms or disputes ``player``'s marked score."""
        return self.record(Event("check", {"hand": hand or self.evening.hand, "player": player, "by": by,
                                           "verdict": verdict}))  # fmt: skip

    def correct(self, player: str, cards: int, hand: int | None = None) -> int:
        """The Steward marks the figure of a disputed score."""
        return self.record(Event("correct", {"hand": hand or self.evening.hand, "player": player, "cards": cards}))

    def call(self, table: int, player: str, word: str) -> int:
        """Special Note: a challenger calls the Steward to a word at his table."""
        return self.record(Event("call", {"hand": self.evening.hand, "table": table, "player": player,
                                          "word": word.upper()}))  # fmt: skip

    def settle(self, number: int, ruling: str) -> int:
        """The Steward settles call ``number``: ``wrong`` (the word's player is fined 50, takes his
        cards back and loses his turn), ``spelling`` (cards back, no fine) or ``stands``. A wrong
        word or a misspelling is recorded at the table as a challenge, which the game checks: the
        word must be the last one placed, the next player not having played."""
        with self.lock:
            if not 1 <= number <= len(self.evening.calls):
                raise NotFoundError(f"no call {number}")
            call = self.evening.calls[number - 1]
            if ruling in ("wrong", "spelling") and call.ruling is None:
                if call.hand != self.evening.hand:
                    raise RuleError("lexicon party", f"call {number} was made in hand {call.hand}: it stands")
                session = self.table(call.table)
                if self.known(session, call.word):
                    raise RuleError("lexicon party", f"{call.word} is in the dictionary: it stands (a referee's "
                                    "ruling in the table's word box can strike it first)")  # fmt: skip
                self.at_table(session, Event("challenge", {"player": call.player, "word": call.word,
                                                           "spelling": ruling == "spelling"}))  # fmt: skip
            return self.record(Event("settle", {"call": number, "ruling": ruling}))

    @staticmethod
    def known(session: Session, word: str) -> bool:
        with session.lock:
            game = session.game
            return bool(game.referee.dictionary.check(word.lower(), game.rules).valid)

    def move(self) -> int:
        """Party 5: the winners move on (the evening checks every card is marked and checked)."""
        return self.record(Event("move", {"hand": self.evening.hand}))

    def end(self) -> int:
        """Party 6: the end of the party; the standings are final."""
        return self.record(Event("end"))

    # -- reading -----------------------------------------------------------------------------

    def view(self) -> dict[str, Any]:
        """The club's screen: the evening, and each table's live scoreboard and where its hand is."""
        with self.lock:
            view = self.evening.as_dict()
            view["id"] = self.evening_id
            view["name"] = self.evening.setup.get("name") or f"Club evening #{self.evening_id}"
            view["hand_minutes"] = int(self.evening.setup.get("hand_minutes", PARTY_MINUTES)) if view["party"] else None
            marked = {line["table"] for line in view["cards"]}
            for table in view["tables"]:
                table.update(self._table_view(table, table["table"] in marked))
            for call in view["calls"]:
                if call["ruling"] is None and call["hand"] == self.evening.hand and self.evening.phase == "playing":
                    call["in_dictionary"] = self.known(self.table(call["table"]), call["word"])
            return view

    def _table_view(self, table: dict[str, Any], marked: bool) -> dict[str, Any]:
        if table["game"] is None:
            return {"status": "waiting for the deal", "scores": [], "title": None}
        session = self.door.get(table["game"])
        with session.lock:
            game = session.game
            scores = [{"player": s.player, "score": s.score} for s in game.standings()]
            extra: dict[str, Any] = {"title": session.title, "scores": scores, "marked": marked,
                                     "steward": steward_of(table["table"])}  # fmt: skip
            if isinstance(game, Lexicon):
                extra.update(dealer=game.dealer, turn=game.turn if game.playing else None, hands=dict(game.hands),
                             words=list(game.table))  # fmt: skip
                extra["fines"] = {p: n for p, n in self._fines(game).items() if n}
            over = self.result(table["table"]) is not None
            stage, status = ("marked", "score cards marked") if marked else \
                ("over", "hand over: mark the score cards") if over else _stage(game)  # fmt: skip
            extra.update(over=over, stage=stage, status=status)
            return extra


def _stage(game: Game) -> tuple[str, str]:
    """Where a table's hand is (cut, deal, playing, showing), and that said for the club's screen."""
    if not isinstance(game, Lexicon):
        return "playing", "playing"
    if game.dealer is None:
        return "cut", "cutting for dealer"
    if game.rounds == 0:
        return "deal", f"{game.dealer} deals: turn up the exposed card on the table's page"
    if game.out:
        return "showing", f"{game.out} ran out: show the cards left on the table's page"
    if game.bell:
        return "showing", "the bell has rung: show the cards left on the table's page"
    return "playing", f"{game.turn} to play"
