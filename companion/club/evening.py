"""A club evening as its events say: tables, seats, hands, score cards, the steward's calls, the
progressive move and the standings (shared/rules/lexicon.txt, "HOW TO ARRANGE A LEXICON PARTY").

Public API: :class:`Evening`, :class:`Line`, :class:`Call`, :data:`EVENTS`, :func:`steward_of`.

The evening is replayed from its own events (``docs/club.md`` lists them), as a game is:
``game`` (``game: evening``, the players, the game each table plays and its settings), ``hand``
(the tables' games for a hand), ``bell``, ``card`` (a table's hand marked on the score cards),
``check`` (the player on the left confirms or disputes), ``correct`` (the Steward's figure for a
disputed card), ``call`` and ``settle`` (a challenge the Steward is called to), ``move`` (the
winners move on) and ``end``. The rules, as the party text numbers them:

1. "Tables should be arranged to accommodate four players each. The play is individual and not
   partnership, so any four persons may begin playing together. A Steward should be appointed
   for each group of 10 tables."
4. "... the figure must be marked on the score card. The player on the left must check and
   initial the marked score of the player on the right in each case."
5. "The player who runs out or who totals the lowest score at each table is the winner and must
   move on to the next table, 1 to 2, 5 to 6, etc. The winner at each table must shuffle and deal
   at the next table on arrival."
6. "At the end of the party the winner is the player who has the lowest score."

>>> evening = Evening.seat(Event("game", {"game": "evening", "players": ["Ann", "Ben", "Cat", "Dan",
...                                      "Eve", "Fay", "Gus", "Hal"], "table_game": "lexicon", "variant": "party"}))
>>> evening.tables
[['Ann', 'Ben', 'Cat', 'Dan'], ['Eve', 'Fay', 'Gus', 'Hal']]
>>> for text in ["hand hand=1 games=2,3", "card hand=1 table=1 cards=Ann:0,Ben:18,Cat:30,Dan:12 out=Ann",
...              "card hand=1 table=2 cards=Eve:20,Fay:8,Gus:16,Hal:24"]:
...     evening.apply(Event.from_text(text, lists=("games", "cards", "fines")))
>>> evening.checker(1, "Ann"), evening.winners(1)
('Ben', {1: 'Ann', 2: 'Fay'})
>>> for player in evening.players:
...     evening.apply(Event("check", {"hand": 1, "player": player, "by": evening.checker(1, player),
...                                   "verdict": "confirmed"}))
>>> evening.apply(Event("move", {"hand": 1}))
>>> evening.tables, evening.dealers
([['Fay', 'Ben', 'Cat', 'Dan'], ['Eve', 'Ann', 'Gus', 'Hal']], {1: 'Fay', 2: 'Ann'})
>>> [(row["player"], row["total"]) for row in evening.standings()[:2]]
[('Ann', 0), ('Fay', 8)]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.errors import InvalidInputError
from companion.games.base import RuleError
from companion.records import Event, RecordError

TABLE = 4  # party 1: "Tables should be arranged to accommodate four players each"
TABLES_PER_STEWARD = 10  # party 1: "A Steward should be appointed for each group of 10 tables"
#: The evening's own setup fields; every other field of its game event is the tables' games' setting.
EVENING_FIELDS = frozenset({"game", "players", "table_game", "variant", "seats", "name", "hand_winner"})
#: Party 5's "who totals the lowest score": the figure of the cards left (the default), or the
#: hand's total with the Steward's 50s (docs/club.md).
HAND_WINNER = ("cards", "total")
EVENTS = ("hand", "bell", "card", "check", "correct", "call", "settle", "move", "end")
VERDICTS = ("confirmed", "disputed")
RULINGS = ("wrong", "spelling", "stands")
LISTS = ("players", "games", "cards", "fines")  # the list fields, for Event.from_text


def steward_of(table: int) -> int:
    """Party 1: the Steward for a table, tables 1-10 having the first.

    >>> steward_of(10), steward_of(11)
    (1, 2)
    """
    return (table - 1) // TABLES_PER_STEWARD + 1


def is_party(setup: Event) -> bool:
    return bool(setup.get("table_game") == "lexicon" and setup.get("variant") == "party")


@dataclass
class Line:
    """One player's line on a hand's score card: the figure of the cards left, the Steward's fines,
    whether the player ran out, and the check by the player on the left."""

    player: str
    table: int
    cards: int
    fine: int
    out: bool
    checker: str
    verdict: str | None = None  # confirmed, disputed
    corrected: bool = False  # the Steward marked the figure of a disputed card

    @property
    def total(self) -> int:
        return self.cards + self.fine

    @property
    def checked(self) -> bool:
        return self.verdict == "confirmed" or self.corrected

    def as_dict(self) -> dict[str, Any]:
        return {"player": self.player, "table": self.table, "cards": self.cards, "fine": self.fine,
                "total": self.total, "out": self.out, "checker": self.checker, "verdict": self.verdict,
                "corrected": self.corrected, "checked": self.checked}  # fmt: skip


@dataclass
class Call:
    """Special Note: "The challenger must call the Stewards to settle the question"."""

    number: int
    hand: int
    table: int
    player: str  # the challenger
    word: str
    ruling: str | None = None

    def as_dict(self) -> dict[str, Any]:
        return {"call": self.number, "hand": self.hand, "table": self.table, "player": self.player,
                "word": self.word, "ruling": self.ruling, "steward": steward_of(self.table)}  # fmt: skip


class Evening:
    """The evening's state, rebuilt by applying its events in order; :meth:`apply` refuses an
    event the evening cannot take (a ``RuleError`` naming the party rule) and then changes nothing."""

    def __init__(self, setup: Event) -> None:
        if setup.type != "game" or setup.get("game") != "evening":
            raise RecordError("an evening starts with a game event of game 'evening'")
        players = setup["players"]
        if not isinstance(players, list) or not players or not all(isinstance(p, str) and p.strip() for p in players):
            raise RecordError("players: a list of names")
        if len(set(players)) != len(players) or any(":" in p or "," in p for p in players):
            raise RecordError("players: each name once, with no ':' or ','")
        self.setup = setup
        self.party = is_party(setup)
        self.seats = int(setup.get("seats", TABLE))
        if self.party and self.seats != TABLE:
            raise RuleError("lexicon party 1", "a LEXICON party is played at tables of four")
        if not 2 <= self.seats <= 8:
            raise RecordError("seats: 2 to 8 players a table")
        if len(players) % self.seats:
            why = f"{len(players)} players do not fill tables of {self.seats}: bring {-len(players) % self.seats} more"
            if self.party:
                raise RuleError("lexicon party 1", why)
            raise RecordError(f"{why} or make a table smaller")
        self.hand_winner = setup.get("hand_winner", "cards")
        if self.hand_winner not in HAND_WINNER:
            raise RecordError(f"hand_winner: {' or '.join(HAND_WINNER)}")
        if not isinstance(setup.get("table_game"), str):
            raise RecordError("table_game: the game each table plays")
        self.players: list[str] = list(players)
        # Party 1: "any four persons may begin playing together": seated in the order given.
        self.tables = [self.players[i : i + self.seats] for i in range(0, len(self.players), self.seats)]
        #: Who deals each table's next hand (party 5: the winner arriving); absent: the cut decides.
        self.dealers: dict[int, str] = {}
        self.hand = 0
        self.phase = "seated"  # seated (a hand to deal), playing, over
        self.bell = False
        self.games: dict[int, dict[int, int]] = {}  # hand -> table -> the table's game
        self.seating: dict[int, list[list[str]]] = {}  # hand -> the tables as they sat
        self.cards: dict[int, dict[str, Line]] = {}  # hand -> player -> line
        self.dealt_by: dict[int, dict[int, str | None]] = {}  # hand -> table -> dealer
        self.calls: list[Call] = []
        self.moves: list[dict[str, Any]] = []  # every move: hand, player, from, to

    @classmethod
    def seat(cls, setup: Event) -> Evening:
        return cls(setup)

    @classmethod
    def replay(cls, events: list[Event]) -> Evening:
        evening = cls(events[0])
        for event in events[1:]:
            evening.apply(event)
        return evening

    @property
    def lowest_wins(self) -> bool:
        """Party 6 (and every LEXICON): the lowest total wins; the other games count up."""
        return bool(self.setup.get("table_game") == "lexicon")

    @property
    def table_setup(self) -> dict[str, Any]:
        """The settings each table's game is started with (the evening's own fields left out)."""
        setup = {k: v for k, v in self.setup.data.items() if k not in EVENING_FIELDS}
        setup["game"] = self.setup["table_game"]
        if self.setup.get("variant"):
            setup["variant"] = self.setup["variant"]
        return setup

    def table_of(self, player: str) -> int:
        for number, seats in enumerate(self.tables, start=1):
            if player in seats:
                return number
        raise InvalidInputError(f"{player!r} is not at this evening (players: {', '.join(self.players)})")

    def checker(self, hand: int, player: str) -> str:
        """Party 4: "The player on the left must check and initial the marked score of the player on
        the right": the next seat round the table (play goes to the left, seat by seat)."""
        for seats in self.seating.get(hand, self.tables):
            if player in seats:
                return seats[(seats.index(player) + 1) % len(seats)]
        raise InvalidInputError(f"{player!r} is not at this evening")

    # -- events ------------------------------------------------------------------------------

    def apply(self, event: Event) -> None:
        """Take one event; a refused one changes nothing (each step checks before it changes)."""
        if self.phase == "over":
            raise RuleError("lexicon party 6", "the party has ended")
        handler = getattr(self, "_" + event.type, None) if event.type in EVENTS else None
        if handler is None:
            raise RecordError(f"an evening has no {event.type!r} event (events: {', '.join(EVENTS)})")
        handler(event)

    def _current(self, event: Event) -> int:
        hand = event["hand"]
        if self.hand == 0:
            raise RuleError("lexicon party 4", "no hand has been dealt yet")
        if hand != self.hand:
            raise RuleError("lexicon party 4", f"hand {hand} is not being played (hand {self.hand} is)")
        return int(hand)

    def _hand(self, event: Event) -> None:
        if self.phase != "seated":
            raise RuleError("lexicon party 5", f"hand {self.hand} is not over: its winners have not moved")
        if event["hand"] != self.hand + 1:
            raise RecordError(f"the next hand is {self.hand + 1}")
        games = event["games"]
        if not isinstance(games, list) or len(games) != len(self.tables):
            raise RecordError(f"games: one game for each of the {len(self.tables)} tables")
        self.hand += 1
        self.phase, self.bell = "playing", False
        self.games[self.hand] = dict(enumerate(games, start=1))
        self.seating[self.hand] = [list(seats) for seats in self.tables]
        self.cards[self.hand] = {}

    def _bell(self, event: Event) -> None:
        """Party 4: "until one player runs out of cards or until the bell rings to stop"."""
        self._current(event)
        if self.phase != "playing":
            raise RuleError("lexicon party 4", "no hand is being played")
        self.bell = True

    def _card(self, event: Event) -> None:
        """Party 4: "Each player must then total up the cards remaining in his or her hand and the
        figure must be marked on the score card"; the Steward's fines are marked on it too."""
        hand = self._current(event)
        table = event["table"]
        if not isinstance(table, int) or not 1 <= table <= len(self.tables):
            raise RecordError(f"table: 1 to {len(self.tables)}")
        seats = self.seating[hand][table - 1]
        if any(self.cards[hand].get(p) for p in seats):
            raise RuleError("lexicon party 4", f"table {table}'s cards for hand {hand} are marked already")
        cards, fines = _figures(event["cards"], "cards"), _figures(event.get("fines") or [], "fines")
        if set(cards) != set(seats) or not set(fines) <= set(seats):
            raise RecordError(f"cards: a figure for each of {', '.join(seats)}")
        out = event.get("out")
        if out is not None and out not in seats:
            raise RecordError(f"out: one of {', '.join(seats)}")
        dealer = event.get("dealer")
        self.dealt_by.setdefault(hand, {})[table] = dealer if dealer in seats else None
        for player in seats:
            self.cards[hand][player] = Line(player, table, cards[player], fines.get(player, 0), player == out,
                                            self.checker(hand, player))  # fmt: skip

    def _line(self, event: Event) -> Line:
        hand, player = event["hand"], event["player"]
        line = self.cards.get(hand, {}).get(player)
        if line is None:
            raise RuleError("lexicon party 4", f"{player}'s score for hand {hand} is not marked yet")
        return line

    def _check(self, event: Event) -> None:
        """Party 4: the player on the left checks and initials; a dispute goes to the Steward."""
        line = self._line(event)
        verdict = event["verdict"]
        if verdict not in VERDICTS:
            raise RecordError(f"verdict: {' or '.join(VERDICTS)}")
        if event["by"] != line.checker:
            raise RuleError("lexicon party 4", f"{line.checker}, on {line.player}'s left, checks "
                            f"{line.player}'s score, not {event['by']}")  # fmt: skip
        if line.corrected:
            raise RuleError("lexicon party 4", f"the Steward has marked {line.player}'s score")
        line.verdict = verdict

    def _correct(self, event: Event) -> None:
        """A disputed score: the Steward marks the figure (as he marks a fine)."""
        line = self._line(event)
        if line.verdict != "disputed":
            raise RuleError("lexicon party 4", f"{line.player}'s score is not disputed")
        figure = event["cards"]
        if not isinstance(figure, int) or isinstance(figure, bool) or figure < 0:
            raise RecordError("cards: the figure of the cards left, 0 or more")
        line.cards, line.corrected = figure, True

    def _call(self, event: Event) -> None:
        """Special Note: "If a word is put down wrong it may be challenged by any other player at the
        table. The challenger must call the Stewards to settle the question"."""
        hand = self._current(event)
        table = event["table"]
        if not isinstance(table, int) or not 1 <= table <= len(self.tables):
            raise RecordError(f"table: 1 to {len(self.tables)}")
        if event["player"] not in self.seating[hand][table - 1]:
            raise RuleError("lexicon party", f"{event['player']} is not at table {table}")
        word = str(event["word"]).upper()
        if not word.isalpha():
            raise RecordError("word: the word challenged, letters only")
        self.calls.append(Call(len(self.calls) + 1, hand, table, event["player"], word))

    def _settle(self, event: Event) -> None:
        number = event["call"]
        if not isinstance(number, int) or not 1 <= number <= len(self.calls):
            raise RecordError(f"call: 1 to {len(self.calls)}")
        call = self.calls[number - 1]
        if call.ruling is not None:
            raise RuleError("lexicon party", f"call {number} is settled: {call.ruling}")
        if event["ruling"] not in RULINGS:
            raise RecordError(f"ruling: {', '.join(RULINGS)}")
        call.ruling = event["ruling"]

    def winners(self, hand: int) -> dict[int, str]:
        """Party 5: "The player who runs out or who totals the lowest score at each table is the
        winner", for each table whose cards are marked. The figure is the cards left (the Steward's
        fines count in the totals, not here, unless ``hand_winner`` is ``total``); players level on
        it: the first in the order of play, from the dealer's left (the text does not say; docs/club.md)."""
        found: dict[int, str] = {}
        for table, seats in enumerate(self.seating.get(hand, []), start=1):
            lines = [self.cards[hand].get(p) for p in seats]
            if not all(lines):
                continue
            dealer = self.dealt_by.get(hand, {}).get(table)
            start = (seats.index(dealer) + 1) if dealer else 0
            order = seats[start:] + seats[:start]
            marked = {line.player: line for line in lines if line}
            out = [p for p in order if marked[p].out]
            sign = 1 if self.lowest_wins else -1
            figure = {p: marked[p].cards if self.hand_winner == "cards" else marked[p].total for p in order}
            found[table] = out[0] if out else min(order, key=lambda p: (sign * figure[p], order.index(p)))
        return found

    def unchecked(self, hand: int) -> list[Line]:
        return [line for line in self.cards.get(hand, {}).values() if not line.checked]

    def _ready_to_move(self, hand: int) -> None:
        missing = [str(t) for t in range(1, len(self.tables) + 1) if t not in self.winners(hand)]
        if missing:
            raise RuleError("lexicon party 4", f"tables {', '.join(missing)} have not marked hand {hand}'s cards")
        waiting = self.unchecked(hand)
        if waiting:
            names = ", ".join(f"{line.player}'s (by {line.checker})" for line in waiting[:4])
            more = f" and {len(waiting) - 4} more" if len(waiting) > 4 else ""
            raise RuleError("lexicon party 4", f"scores still to check: {names}{more}")

    def _move(self, event: Event) -> None:
        """Party 5: each table's winner moves on to the next table, 1 to 2, 5 to 6, the last table's
        to table 1 (docs/club.md), and takes the seat the winner there has left; he deals there."""
        hand = self._current(event)
        if self.phase != "playing":
            raise RuleError("lexicon party 5", f"hand {hand}'s winners have moved: deal hand {hand + 1}")
        self._ready_to_move(hand)
        winners, count = self.winners(hand), len(self.tables)
        tables = [list(seats) for seats in self.tables]
        for table, winner in winners.items():
            arriving = table % count + 1
            seats = tables[arriving - 1]
            seats[self.tables[arriving - 1].index(winners[arriving])] = winner
            self.moves.append({"hand": hand, "player": winner, "from": table, "to": arriving})
        self.tables = tables
        self.dealers = dict(sorted(((table % count) + 1, winner) for table, winner in winners.items()))
        self.phase = "seated"

    def _end(self, event: Event) -> None:
        """Party 6: "At the end of the party"; a hand being played must be marked and checked first."""
        if self.phase == "playing":
            self._ready_to_move(self.hand)
        self.phase = "over"

    # -- reading -----------------------------------------------------------------------------

    def totals(self) -> dict[str, int]:
        totals = dict.fromkeys(self.players, 0)
        for lines in self.cards.values():
            for line in lines.values():
                totals[line.player] += line.total
        return totals

    def standings(self) -> list[dict[str, Any]]:
        """Party 6: "the winner is the player who has the lowest score" (other games: the highest);
        players level share a place."""
        totals = self.totals()
        sign = 1 if self.lowest_wins else -1
        order = sorted(self.players, key=lambda p: (sign * totals[p], self.players.index(p)))
        rows: list[dict[str, Any]] = []
        for player in order:
            place = rows[-1]["place"] if rows and rows[-1]["total"] == totals[player] else len(rows) + 1
            hands = [self.cards[h][player].total if player in self.cards[h] else None for h in sorted(self.cards)]
            rows.append({"player": player, "total": totals[player], "place": place, "hands": hands,
                         "table": self.table_of(player)})  # fmt: skip
        return rows

    def as_dict(self) -> dict[str, Any]:
        cards = self.cards.get(self.hand, {})
        return {
            "players": list(self.players),
            "table_game": self.setup["table_game"],
            "variant": self.setup.get("variant"),
            "party": self.party,
            "lowest_wins": self.lowest_wins,
            "hand": self.hand,
            "phase": self.phase,
            "bell": self.bell,
            "tables": [{"table": n, "seats": list(seats), "steward": steward_of(n), "dealer": self.dealers.get(n),
                        "game": None if self.phase == "seated" else self.games[self.hand][n]}
                       for n, seats in enumerate(self.tables, 1)],
            "stewards": steward_of(len(self.tables)),
            "cards": [line.as_dict() for line in cards.values()],
            "winners": self.winners(self.hand) if self.hand else {},
            "calls": [c.as_dict() for c in self.calls],
            "moves": list(self.moves),
            "standings": self.standings(),
        }  # fmt: skip


def _figures(value: object, what: str) -> dict[str, int]:
    """``["Ann:0", "Ben:18"]`` as {"Ann": 0, "Ben": 18}."""
    items = value if isinstance(value, list) else [value]
    figures: dict[str, int] = {}
    for item in items:
        name, sep, figure = str(item).rpartition(":")
        if not sep or not figure.isdigit():
            raise RecordError(f"{what}: {item!r} is not Player:FIGURE")
        figures[name] = int(figure)
    return figures
