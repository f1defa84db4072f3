"""A LEXICON party (shared/rules/lexicon.txt, "HOW TO ARRANGE A LEXICON PARTY").

Public API: :class:`Party`.

"Tables should be arranged to accommodate four players each ... A Steward should be appointed
for each group of 10 tables." Each hand at a table is a LEXICON game with ``variant: party``
(the bell, the 50-point fine, spelling mistakes). After a hand, "The player who runs out or who
totals the lowest score at each table is the winner and must move on to the next table, 1 to 2,
5 to 6, etc." (the last table's winner goes to table 1). "At the end of the party the winner is
the player who has the lowest score."

>>> party = Party.seat(["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"])
>>> party.tables, party.stewards
([['Ann', 'Ben', 'Cat', 'Dan'], ['Eve', 'Fay', 'Gus', 'Hal']], 1)
>>> party.hand(1, {"Ann": 0, "Ben": 18, "Cat": 30, "Dan": 12})
'Ann'
>>> party.hand(2, {"Eve": 20, "Fay": 8, "Gus": 16, "Hal": 24})
'Fay'
>>> party.move_winners()
>>> party.tables
[['Fay', 'Ben', 'Cat', 'Dan'], ['Ann', 'Eve', 'Gus', 'Hal']]
>>> party.standings()[0]
('Ann', 0)
"""

from __future__ import annotations

from dataclasses import dataclass, field

TABLE = 4
TABLES_PER_STEWARD = 10


@dataclass
class Party:
    tables: list[list[str]]
    scores: dict[str, int] = field(default_factory=dict)
    winners: dict[int, str] = field(default_factory=dict)  # this round's winner of each table

    @classmethod
    def seat(cls, players: list[str]) -> Party:
        if len(players) % TABLE or not players:
            raise ValueError(f"a party seats players in fours: {len(players)} players")
        if len(set(players)) != len(players):
            raise ValueError("player names must differ")
        tables = [players[i : i + TABLE] for i in range(0, len(players), TABLE)]
        return cls(tables, dict.fromkeys(players, 0))

    @property
    def stewards(self) -> int:
        return -(-len(self.tables) // TABLES_PER_STEWARD)

    def hand(self, table: int, totals: dict[str, int]) -> str:
        """Record one hand at table number ``table`` (from 1): each player's total for the hand
        (0 for the player who ran out). Returns the table's winner."""
        players = self.tables[table - 1]
        if set(totals) != set(players):
            raise ValueError(f"table {table} seats {', '.join(players)}")
        for player, total in totals.items():
            self.scores[player] += total
        winner = min(players, key=lambda p: (totals[p], players.index(p)))
        self.winners[table] = winner
        return winner

    def move_winners(self) -> None:
        """Every table's winner moves on to the next table; the seats they leave are taken by
        the winners arriving."""
        if len(self.winners) != len(self.tables):
            missing = [str(t) for t in range(1, len(self.tables) + 1) if t not in self.winners]
            raise ValueError(f"tables {', '.join(missing)} have not finished their hand")
        arriving = {(t % len(self.tables)) + 1: w for t, w in self.winners.items()}
        for number, players in enumerate(self.tables, start=1):
            leaving = self.winners[number]
            players[players.index(leaving)] = arriving[number]
        # The arriving winner shuffles and deals: seat him first.
        self.tables = [[arriving[n], *[p for p in players if p != arriving[n]]] for n, players in
                       enumerate(self.tables, start=1)]  # fmt: skip
        self.winners = {}

    def standings(self) -> list[tuple[str, int]]:
        return sorted(self.scores.items(), key=lambda item: item[1])
