"""What every game's rules engine shares: moves as events, precise rule errors, undo, standings.

Public API: :class:`Game`, :class:`Standing`, :class:`DrawForFirst`, :func:`ranked`; the
errors :class:`RuleError` and :class:`RecordError` are re-exported for the engines.

A game's state is a pure function of its events. :meth:`Game.push` checks an event against the
rules and applies it, or raises :class:`RuleError` (naming the rule) and changes nothing;
:meth:`Game.pop` and :meth:`Game.undo_to` rebuild the state from fewer events. Engines do no
I/O and read no clock: the session layer (``companion.table.session``) feeds them.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections import ChainMap
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, ClassVar, TypeVar

from companion.errors import InvalidInputError, RuleError, WordtableError
from companion.games.options import Option, check_setup
from companion.records import Event, RecordError, effective
from companion.words.rules import WordRules
from companion.words.solver import Referee
from companion.words.stems import StemJudge

G = TypeVar("G", bound="Game")
MAX_PLAYERS = 12  # the most any of the texts seats at one table (the letter games name no limit)
MAX_NAME = 40

__all__ = ["DrawForFirst", "Game", "RecordError", "RuleError", "Standing", "ranked"]


@dataclass(frozen=True)
class Standing:
    """One player's place: ``score`` decides the order; ``details`` say where it came from."""

    player: str
    score: int
    details: dict[str, Any] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        return {"player": self.player, "score": self.score, **self.details}


class DrawForFirst:
    """Everyone draws a letter; the letter nearest the start of the alphabet (``nearest="a"``) or
    its end (``"z"``) wins; those tied for it draw again.

    >>> draw = DrawForFirst(["Ann", "Ben", "Cat"])
    >>> [draw.draw(p, c) for p, c in [("Ann", "M"), ("Ben", "C"), ("Cat", "C")]]
    [None, None, None]
    >>> draw.drawing, draw.again("Ben"), draw.draw("Ben", "T"), draw.draw("Cat", "E")
    (['Ben', 'Cat'], ' again (tied on C with Cat)', None, 'Cat')
    """

    def __init__(self, players: list[str], nearest: str = "a") -> None:
        self.drawing = list(players)
        self.nearest = nearest
        self.draws: dict[str, str] = {}
        self.winner: str | None = None
        self.tie: tuple[str, list[str]] | None = None  # the last tie: its letter, who drew it
        #: Letters of players a tie left out of the draw: "those tying ... return their letters to
        #: the bag" (Dictionary, Please!), so the others still hold theirs.
        self.kept: list[str] = []

    @property
    def waiting(self) -> list[str]:
        """The players still to draw in this round of the draw."""
        return [p for p in self.drawing if p not in self.draws] if self.winner is None else []

    @property
    def held(self) -> str:
        """The letters drawn so far in this round of the draw, each held until the round ends."""
        return "".join(self.draws.values())

    def again(self, player: str) -> str:
        """`` again (tied on A)`` for a player who must draw again after a tie, else ``""``."""
        if self.tie is None or player not in self.tie[1]:
            return ""
        return f" again (tied on {self.tie[0].upper()} with {' and '.join(p for p in self.tie[1] if p != player)})"

    def progress(self) -> str:
        """The draw as it stands, for the table: a tie to draw again, and the letters drawn so far.

        >>> draw = DrawForFirst(["Ann", "Ben"])
        >>> draw.progress(), draw.draw("Ann", "C"), draw.progress()
        ('nobody has drawn yet', None, 'Ann C')
        >>> draw.draw("Ben", "C"), draw.progress()
        (None, 'a tie on C: Ann and Ben draw again')
        """
        said = [" · ".join(f"{p} {c.upper()}" for p, c in self.draws.items())]
        if self.tie is not None:
            said.insert(0, f"a tie on {self.tie[0].upper()}: {' and '.join(self.tie[1])} draw again")
        return "; ".join(filter(None, said)) or "nobody has drawn yet"

    def draw(self, player: str, letter: object) -> str | None:
        """Record one draw; returns the winner once there is one. WordtableError for a bad draw."""
        card = str(letter).lower()
        if len(card) != 1 or not "a" <= card <= "z":
            raise InvalidInputError(f"{letter!r} is not one letter A-Z")
        if self.winner is not None:
            raise WordtableError(f"{self.winner} has already drawn the best letter")
        if player not in self.drawing or player in self.draws:
            raise WordtableError(f"{player} does not draw now")
        self.draws[player] = card
        if len(self.draws) == len(self.drawing):
            best = (min if self.nearest == "a" else max)(self.draws.values())
            tied = [p for p in self.drawing if self.draws[p] == best]
            if len(tied) > 1:
                self.kept += [c for p, c in self.draws.items() if p not in tied]
            self.draws = {}
            if len(tied) == 1:
                self.winner, self.tie = tied[0], None
            else:
                self.drawing, self.tie = tied, (best, tied)
        return self.winner


class Game(ABC):
    """A game in progress, rebuilt from its ``game`` event and the events after it.

    An engine lists the events it plays in :attr:`EVENTS` (event type -> method name); each
    method checks its event against the rules and applies it, raising before changing anything.
    """

    name: ClassVar[str]
    title: ClassVar[str] = ""
    EVENTS: ClassVar[dict[str, str]] = {}
    #: Events still taken once the game is over (a challenge of the last word, say).
    AFTER_OVER: ClassVar[frozenset[str]] = frozenset()
    OVER_RULE: ClassVar[str] = "end of the game"
    #: The values of the ``game`` event's ``variant`` this engine plays (None: no variant given).
    variant_names: ClassVar[tuple[str | None, ...]] = (None,)
    #: What a word must be in this game, and how a word on the table may be taken.
    word_rules: ClassVar[WordRules]
    #: The settings the rules leave to the table (checked at the game event; the start form's fields).
    OPTIONS: ClassVar[tuple[Option, ...]] = ()
    #: Variants whose word rules or titles differ from the game's.
    variant_word_rules: ClassVar[dict[str | None, WordRules]] = {}
    variant_titles: ClassVar[dict[str | None, str]] = {}

    @classmethod
    def rules_for(cls, variant: str | None = None) -> WordRules:
        """The word rules of ``variant`` (one of :attr:`variant_names`)."""
        return cls.variant_word_rules.get(variant, cls.word_rules)

    @classmethod
    def title_for(cls, variant: str | None = None) -> str:
        return cls.variant_titles.get(variant, cls.title or cls.name)

    @property
    def variant(self) -> str | None:
        variant = self.setup.get("variant")
        return None if variant is None else str(variant)

    @property
    def rules(self) -> WordRules:
        """This game's word rules (an engine may refine them from its setup)."""
        return self.rules_for(self.variant)

    def __init__(self, setup: Event, referee: Referee) -> None:
        if setup.type != "game" or setup.get("game") != self.name:
            raise RecordError(f"a {self.name} game starts with a game event for {self.name}")
        self.setup = setup
        #: Referee rulings made during this game (``ruling`` events) win over the judge.
        self.rulings: dict[tuple[str, str], bool] = {}
        base = referee.judge
        compounds = setup.get("compounds_allowed")  # the table's house rule, for this game
        compounds = base.compounds_allowed if compounds is None else bool(compounds)
        judge = StemJudge(base.links, ChainMap(self.rulings, dict(base.overrides)), base.is_word,
                          compounds_allowed=compounds, evidence=base.evidence)  # fmt: skip
        self.referee = referee.with_judge(judge)
        self._base_referee = referee
        self.events: list[Event] = [setup]
        #: What the last event pushed decided, in words, where the event alone does not say it
        #: (a challenge: whether the word stood); None for most events.
        self.outcome: str | None = None
        #: The fields of the last event pushed that the players must not see: a word a player
        #: only thinks of, the words a leader gives out to be found. The record keeps them.
        self.concealed: frozenset[str] = frozenset()
        self._replaying = False  # replaying the record after a refused move: no second replay
        self.players = self._read_players(setup)
        check_setup(setup, self.OPTIONS, self.variant)
        self.reset()

    @classmethod
    def new(cls: type[G], referee: Referee, players: list[str], **options: Any) -> G:
        """A game of this engine for ``players`` (in seating order), ``options`` in its game event."""
        return cls(Event("game", {"game": cls.name, "players": players, **options}), referee)

    @staticmethod
    def _read_players(setup: Event) -> list[str]:
        players = setup["players"]
        if not isinstance(players, list) or not 1 <= len(players) <= MAX_PLAYERS:
            raise RecordError(f"players: a list of 1 to {MAX_PLAYERS} names")
        if any(not isinstance(p, str) or not p.strip() or len(p) > MAX_NAME for p in players):
            raise RecordError(f"each player's name is 1 to {MAX_NAME} characters")
        if len(set(players)) != len(players):
            raise RecordError("player names must be different")
        return list(players)

    @abstractmethod
    def reset(self) -> None:
        """Set the state to the start of the game (before any event after ``game``)."""

    def _apply(self, event: Event) -> None:
        """Check ``event`` against the rules, then apply it. Raise before changing anything."""
        if self.over and event.type not in self.AFTER_OVER:
            raise RuleError(self.OVER_RULE, "the game is over")
        method = self.EVENTS.get(event.type)
        if method is None:
            raise RecordError(f"{self.title or self.name} has no {event.type!r} event")
        getattr(self, method)(event)

    @abstractmethod
    def standings(self) -> list[Standing]:
        """Every player, best first."""

    def terms(self) -> dict[str, Any]:
        """What every standing is measured by, the same for all players and said once (DICEWORDS'
        target, LEXICON's lower-is-better); none by default."""
        return {}

    @property
    @abstractmethod
    def over(self) -> bool: ...

    def state(self) -> dict[str, Any]:
        """What a table's screen shows now (engines add their own: pool, turn, hands...)."""
        return {"game": self.name, "variant": self.setup.get("variant"), "over": self.over,
                "standings": [s.as_dict() for s in self.standings()], "terms": self.terms()}  # fmt: skip

    # -- moves ---------------------------------------------------------------------------

    def push(self, event: Event) -> Event:
        """Apply one event; on a :class:`RuleError` or a :class:`RecordError` the game is unchanged.

        Each move checks before it changes anything; should a check come after a change (a list
        of words paid one by one until one is refused), the game is replayed to where it stood."""
        if event.type == "game":
            raise RecordError("a record has one game event, at the start")
        if event.type == "undo":
            self.undo_to(event["to"])
            return event
        self.outcome, self.concealed = None, frozenset()
        try:
            if event.type == "ruling":
                self._apply_ruling(event)
            else:
                self._apply(event)
        except (RuleError, RecordError):
            if not self._replaying:
                self._replaying = True
                try:
                    self.rebuild(list(self.events))
                finally:
                    self._replaying = False
            raise
        self.events.append(event)
        return event

    def pop(self) -> Event:
        """Take back the last event."""
        if len(self.events) == 1:
            raise RecordError("nothing to undo: the game has just been set up")
        last = self.events[-1]
        self.rebuild(self.events[:-1])
        return last

    def undo_to(self, count: int) -> None:
        """Keep the first ``count`` events (the ``game`` event is number 1)."""
        if not isinstance(count, int) or not 1 <= count <= len(self.events):
            raise RecordError(f"undo to {count!r}: the game has {len(self.events)} events")
        self.rebuild(self.events[:count])

    def copy(self: G) -> G:
        return type(self).from_events(self.events, self._base_referee)

    def trial(self: G, *events: Event) -> G:
        """A throwaway copy with ``events`` pushed, to ask whether they would stand: raises as
        :meth:`push` does, without replaying the copy to where it stood (it is thrown away)."""
        copy = self.copy()
        copy._replaying = True  # a refused push leaves the copy as it is: nobody reads it again
        for event in events:
            copy.push(event)
        return copy

    def rebuild(self, events: list[Event]) -> None:
        self.events = [self.setup]
        if self.rulings:  # verdicts worked out under a ruling that no longer stands
            self.rulings.clear()
            self.referee.judge.forget()
        self.reset()
        for event in events[1:]:
            self.push(event)

    def _apply_ruling(self, event: Event) -> None:
        """A referee's ruling on a steal: ``allowed`` true (different stem) or false (same)."""
        old, new, allowed = str(event["old"]).lower(), str(event["new"]).lower(), event["allowed"]
        if not isinstance(allowed, bool):
            raise RecordError("a ruling's 'allowed' is true or false")
        self.rulings[(old, new)] = allowed
        self.referee.judge.forget()  # verdicts built on this pair's (AUTOBIOGRAPHICAL on BIOGRAPHICAL) follow it

    @classmethod
    def from_events(cls: type[G], events: Iterable[Event], referee: Referee) -> G:
        """Replay a record (``undo`` events applied)."""
        kept = list(effective(events))
        game = cls(kept[0], referee)
        for event in kept[1:]:
            game.push(event)
        return game

    def player(self, name: object) -> str:
        if name not in self.players:
            raise RecordError(f"{name!r} is not playing (players: {', '.join(self.players)})")
        return str(name)


def ranked(scores: dict[str, int], details: dict[str, dict[str, Any]], players: list[str]) -> list[Standing]:
    """Standings best first; equal scores keep seating order."""
    seat = {p: i for i, p in enumerate(players)}  # not players.index: standings stay linear in players
    order = sorted(players, key=lambda p: (-scores[p], seat[p]))
    return [Standing(p, scores[p], details.get(p, {})) for p in order]
