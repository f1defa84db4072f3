"""A table's games relayed to its club: who holds a game, the notices waiting for a table, and the
rules the club's copy is kept by. No HTTP, no threads, no clock: ``web.relay`` and ``web.uplink``
do those.

Public API: :class:`Ledger`, :class:`Book`, :class:`Hold`, :class:`Link`, :class:`Notice`,
:class:`HeldError`, :class:`RelayConflictError`, :func:`merge`, :func:`outbox`, :func:`notices_done`.

One writer per game at any time. A table's machine records its game in its own store; the club
keeps a copy, extended only by that table (the game is *held* by it: the club refuses direct
writes). The copy is extended with the table's events at the numbers they have there:

- events the club already has with the same content are accepted again (an answer lost in a
  network blip is sent again without harm);
- a gap, or an event different from the one the club has at that number, is refused
  (:class:`RelayConflictError`, with the club's count), so the copy is always a prefix of the table's.

What the club asks of a held game (the party's bell, a Steward's challenge) is a :class:`Notice`
in the club's ledger; the table applies it through its session, recording the event with a
``notice`` field, so it is applied once: a notice whose number is in the table's events is done.
A notice the table's game refuses (the table ran out before the bell) is marked refused.

Both sides keep what they need in a :class:`Ledger`: a game of kind ``relay`` in their own store,
append-only like every game, replayed when the store is opened (:class:`Book`).

>>> have = [Event("game", {"game": "not-scrabble"}), Event("draw", {"letter": "E"})]
>>> merge(have, 2, [Event("draw", {"letter": "E"}), Event("draw", {"letter": "R"})])
[Event(type='draw', data={'letter': 'R'})]
>>> merge(have, 4, [Event("draw", {"letter": "R"})])
Traceback (most recent call last):
...
companion.table.relay.RelayConflictError: the club has 2 events of this game: send from number 3, not 4
>>> ledger = Ledger()
>>> ledger.apply(Event("hold", {"game": 7, "seat": "table-3", "origin": "club"}))
>>> ledger.apply(Event("notice", {"game": 7, "event": '{"type": "bell"}'}))
>>> ledger.holder(7), [n.event.to_text() for n in ledger.waiting(7, done=set())]
('table-3', ['bell notice=1'])
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from companion.errors import WordtableError
from companion.records import Event, RecordError
from companion.table.store import EventStore

KIND = "relay"  # the ledger's kind of game in the store
BATCH = 500  # events in one push: well under the club server's 1 MiB body


class HeldError(WordtableError):
    """A write to a game that a table's machine holds: it is recorded there, not here."""

    def __init__(self, game: int, seat: str) -> None:
        super().__init__(f"game {game} is held by {seat}: record it on that table's machine (its events come "
                         "here through the relay)")  # fmt: skip
        self.seat = seat


class RelayConflictError(RecordError):
    """Events that would leave a gap in the club's copy, or differ from what it has: nothing kept."""

    def __init__(self, count: int, why: str) -> None:
        super().__init__(f"the club has {count} events of this game: {why}")
        self.count = count


def merge(have: Sequence[Event], first: int, offered: Sequence[Event]) -> list[Event]:
    """The events of ``offered`` (numbered from ``first``) that extend ``have``; those it has
    already must be the same.

    >>> merge([Event("game")], 1, [Event("game")])
    []
    >>> merge([Event("game"), Event("draw", {"letter": "E"})], 2, [Event("draw", {"letter": "A"})])
    Traceback (most recent call last):
    ...
    companion.table.relay.RelayConflictError: the club has 2 events of this game: number 2 differs from the club's
    """
    if not 1 <= first <= len(have) + 1:
        raise RelayConflictError(len(have), f"send from number {len(have) + 1}, not {first}")
    overlap = list(have[first - 1 : first - 1 + len(offered)])
    for number, (kept, sent) in enumerate(zip(overlap, offered, strict=False), start=first):
        if kept != sent:
            raise RelayConflictError(len(have), f"number {number} differs from the club's")
    return list(offered[len(overlap) :])


def outbox(local: int, club: int, batch: int = BATCH) -> range:
    """The numbers of the table's events to send next, when the club has ``club`` of ``local``.

    >>> outbox(12, 10), outbox(2000, 0)[-1], outbox(10, 10)
    (range(11, 13), 500, range(11, 11))
    """
    if club > local:
        raise RelayConflictError(club, f"this table has only {local}: the club's copy is not this table's game")
    return range(club + 1, min(local, club + batch) + 1)


def notices_done(events: Iterable[Event]) -> set[int]:
    """The notices a table's game has applied (its events with a ``notice`` field, undone or not).

    >>> sorted(notices_done([Event("game"), Event("bell", {"notice": 4}), Event("undo", {"to": 1})]))
    [4]
    """
    return {int(e.data["notice"]) for e in events if isinstance(e.data.get("notice"), int)}


@dataclass(frozen=True)
class Hold:
    """The club's side: ``seat`` (a table's machine) holds the club's ``game``; ``origin`` names
    the table's publication (so a publish sent twice makes one game)."""

    game: int
    seat: str
    origin: str


@dataclass(frozen=True)
class Link:
    """The table's side: its ``game`` is the club's ``club`` (None: not yet published)."""

    game: int
    origin: str
    club: int | None


@dataclass(frozen=True)
class Notice:
    """Something the club asks a held game to record: ``number`` in the club's ledger."""

    number: int
    game: int
    event: Event

    def as_dict(self) -> dict[str, object]:
        return {"n": self.number, "game": self.game, "event": self.event.as_dict()}


@dataclass
class Ledger:
    """The relay's state, replayed from its events: ``hold``, ``release``, ``notice``, ``refused``
    (the club's side); ``link``, ``published`` (the table's side)."""

    holds: dict[int, Hold] = field(default_factory=dict)
    notices: list[Notice] = field(default_factory=list)
    refused: dict[int, str] = field(default_factory=dict)
    links: dict[int, Link] = field(default_factory=dict)

    def apply(self, event: Event) -> None:
        kind = event.type
        if kind == "hold":
            self.holds[int(event["game"])] = Hold(int(event["game"]), str(event["seat"]), str(event["origin"]))
        elif kind == "release":
            self.holds.pop(int(event["game"]), None)
        elif kind == "notice":
            told = Event.from_json(str(event["event"]))
            number = len(self.notices) + 1
            self.notices.append(Notice(number, int(event["game"]), Event(told.type, {**told.data, "notice": number})))
        elif kind == "refused":
            self.refused[int(event["notice"])] = str(event["reason"])
        elif kind == "link":
            club = event.get("club")
            self.links[int(event["game"])] = Link(int(event["game"]), str(event["origin"]), club)
        elif kind == "published":
            link = self.links[int(event["game"])]
            self.links[link.game] = Link(link.game, link.origin, int(event["club"]))
        elif kind != "game":
            raise RecordError(f"a relay ledger has no {kind} event")

    def holder(self, game: int) -> str | None:
        hold = self.holds.get(game)
        return hold.seat if hold else None

    def held_from(self, origin: str) -> Hold | None:
        return next((h for h in self.holds.values() if h.origin == origin), None)

    def waiting(self, game: int, done: set[int]) -> list[Notice]:
        """The notices for ``game`` neither in ``done`` nor refused."""
        return [n for n in self.notices if n.game == game and n.number not in done and n.number not in self.refused]

    def linked(self, club: int) -> Link | None:
        """The table's game that is the club's ``club``."""
        return next((link for link in self.links.values() if link.club == club), None)


class Book:
    """A :class:`Ledger` kept in a store as a game of kind ``relay``: found (or begun) when opened,
    and every change committed before it is kept."""

    def __init__(self, store: EventStore) -> None:
        self.store = store
        self._lock = threading.Lock()
        self.ledger = Ledger()
        ids = sorted(g.id for g in store.games() if g.game == KIND)
        self.game_id = ids[0] if ids else store.create_game(Event("game", {"game": KIND}))
        for event in store.events(self.game_id):
            self.ledger.apply(event)

    def record(self, event: Event) -> Ledger:
        """Commit ``event`` to the ledger's game, then apply it; returns the ledger."""
        with self._lock:
            probe = Ledger(dict(self.ledger.holds), list(self.ledger.notices), dict(self.ledger.refused),
                           dict(self.ledger.links))  # fmt: skip
            probe.apply(event)  # an event the ledger cannot take is refused before it is stored
            self.store.append(self.game_id, event)
            self.ledger = probe
            return probe
