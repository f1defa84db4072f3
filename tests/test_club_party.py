"""A LEXICON party of 3 tables x 4 players over 3 hands, on SQLite and on PostgreSQL, checked
against the text (shared/rules/lexicon.txt, "HOW TO ARRANGE A LEXICON PARTY"): who deals, the bell
at every table at once, the Steward's 50, the score cards checked by the player on the left, the
winners moving 1 to 2, 2 to 3 and 3 to 1 into the seat left free, and the lowest total winning."""

from __future__ import annotations

import pytest

from companion.club.evening import Evening
from companion.club.host import Host, Sessions
from companion.errors import NotFoundError
from companion.games.base import RuleError
from companion.records import Event, RecordError
from companion.sets.cards import penalty
from companion.table.store import EventStore
from companion.words.solver import Referee

PLAYERS = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kim", "Lou"]


def play(host: Host, table: int, moves: list[str]) -> None:
    session = host.table(table)
    for text in moves:
        session.record(Event.from_text(text))


def reveal(host: Host, table: int, cards: dict[str, str]) -> None:
    host.table(table).record(Event("reveal", {"hands": [f"{p}:{c}" for p, c in cards.items()]}))


def check_all(host: Host) -> None:
    """Party 4: every marked score checked by the player on the left (disputed ones already settled)."""
    for line in list(host.evening.cards[host.evening.hand].values()):
        if not line.checked:
            host.check(line.player, line.checker, "confirmed")


def test_a_party_of_three_tables_over_three_hands(store_url: str, referee: Referee) -> None:
    store = EventStore(store_url)
    host = Host.open(store, Sessions(store, referee), {"players": PLAYERS, "table_game": "lexicon",
                                                       "variant": "party", "name": "Friday"})  # fmt: skip
    # Party 1: tables of four, any four persons together; one Steward for up to 10 tables.
    assert host.evening.tables == [PLAYERS[0:4], PLAYERS[4:8], PLAYERS[8:12]]
    assert host.view()["stewards"] == 1
    figures: dict[str, list[int]] = {p: [] for p in PLAYERS}  # each hand's total, as the text counts it

    def counted(cards: dict[str, str], fines: dict[str, int] | None = None, out: str | None = None) -> None:
        for player, held in cards.items():
            figures[player].append(penalty(held) + (fines or {}).get(player, 0))
        if out:
            figures[out].append(0)

    # -- hand 1: every table cuts for dealer (party 2: "A" high) ---------------------------------
    games = host.deal()
    assert len(games) == 3 and len(set(games)) == 3
    with pytest.raises(RuleError, match="hand 1 is not over"):
        host.deal()
    play(
        host,
        1,
        [
            "cut player=Ann card=C",
            "cut player=Ben card=A",
            "cut player=Cat card=K",
            "cut player=Dan card=M",
            "deal exposed=Q",
            "word player=Cat word=BLACKSMITH",
        ],
    )  # Ben deals, Cat on his left runs out
    play(host, 2, ["cut player=Eve card=A", "cut player=Fay card=B", "cut player=Gus card=C", "cut player=Hal card=D",
                   "deal exposed=E", "word player=Fay word=OATS", "word player=Gus word=XQZV"])  # fmt: skip
    # Special Note: the challenger calls the Steward; a wrong word costs its player 50, nothing to
    # the challenger, and the player takes his cards back and loses his turn.
    host.call(2, "Hal", "XQZV")
    view = host.view()
    assert [(c["table"], c["word"], c["in_dictionary"], c["steward"]) for c in view["calls"]] == [(2, "XQZV", False, 1)]
    host.settle(1, "wrong")
    assert host.table(2).game.hands["Gus"] == 10 and host.table(2).game.scores == dict.fromkeys(PLAYERS[4:8], 0) | {
        "Gus": 50
    }
    play(host, 2, ["discard player=Hal card=X take=blind", "word player=Eve word=TEN"])
    host.call(2, "Fay", "TEN")
    with pytest.raises(RuleError, match="TEN is in the dictionary: it stands"):
        host.settle(2, "wrong")
    host.settle(2, "stands")
    play(host, 3, ["cut player=Ivy card=A", "cut player=Jon card=B", "cut player=Kim card=C", "cut player=Lou card=D",
                   "deal exposed=R", "discard player=Jon card=Q take=exposed"])  # fmt: skip
    with pytest.raises(RuleError, match="table 2 is still playing"):
        host.mark(2)
    # Party 4: the bell stops every table still playing at once (table 1 ran out before it).
    assert host.ring() == [2, 3]
    assert host.table(2).game.bell and host.table(3).game.bell and not host.table(1).game.bell
    reveal(host, 1, {"Ann": "ABCDEFGHIJ", "Ben": "KLMNOPQRST", "Dan": "DDDDDDDDDD"})
    reveal(host, 2, {"Eve": "EEEEEEE", "Fay": "XXXXEE", "Gus": "BBBBBBBBBB", "Hal": "GGGGGGGGGG"})
    reveal(host, 3, {"Ivy": "ZZZZZZZZZA", "Jon": "AAAAAAAAAA", "Kim": "BBBBBBBBBB", "Lou": "BBBBBBBBBB"})
    assert host.mark_all() == [1, 2, 3]
    assert host.view()["tables"][1]["fines"] == {"Gus": 50}
    # Party 4: the player on the left checks; Ann (left of Dan) disputes, the Steward marks 54.
    with pytest.raises(RuleError, match="Ann, on Dan's left, checks"):
        host.check("Dan", "Cat", "confirmed")
    host.check("Dan", "Ann", "disputed")
    with pytest.raises(RuleError, match="scores still to check: Ann's \\(by Ben\\)"):
        host.move()
    host.correct("Dan", 54)
    check_all(host)
    counted({"Ann": "ABCDEFGHIJ", "Ben": "KLMNOPQRST"}, out="Cat")
    figures["Dan"].append(54)
    counted({"Eve": "EEEEEEE", "Fay": "XXXXEE", "Gus": "BBBBBBBBBB", "Hal": "GGGGGGGGGG"}, {"Gus": 50})
    counted({"Ivy": "ZZZZZZZZZA", "Jon": "AAAAAAAAAA", "Kim": "BBBBBBBBBB", "Lou": "BBBBBBBBBB"})
    # Party 5: Cat ran out; Gus's cards are the lowest at table 2 (his 50 is on the card, not in
    # the figure); Kim and Lou tie at table 3 and Kim plays first from the dealer Ivy's left.
    assert host.evening.winners(1) == {1: "Cat", 2: "Gus", 3: "Kim"}
    host.move()
    # "must move on to the next table, 1 to 2 ...": into the seat the winner there has left.
    assert host.evening.tables == [["Ann", "Ben", "Kim", "Dan"], ["Eve", "Fay", "Cat", "Hal"],
                                   ["Ivy", "Jon", "Gus", "Lou"]]  # fmt: skip
    assert host.evening.dealers == {1: "Kim", 2: "Cat", 3: "Gus"}

    # -- hand 2: "The winner at each table must shuffle and deal at the next table on arrival" ----
    host.deal()
    assert [host.table(n).game.dealer for n in (1, 2, 3)] == ["Kim", "Cat", "Gus"]
    with pytest.raises(RuleError, match="Kim arrived as a table's winner and deals"):
        play(host, 1, ["cut player=Ann card=A"])
    play(host, 1, ["deal exposed=Q", "word player=Dan word=BLACKSMITH"])  # Dan sits on Kim's left
    play(host, 2, ["deal exposed=Q", "word player=Hal word=LIGHTHOUSE"])
    play(host, 3, ["deal exposed=Q", "discard player=Lou card=A take=blind", "word player=Ivy word=ZIP"])
    # The club restarts mid-hand: the evening and its tables come back from the store as they were.
    before = host.view()
    store2 = EventStore(store_url)
    host = Host.resume(store2, Sessions(store2, referee), host.evening_id)
    assert host.view() == before
    assert host.ring() == [3]
    reveal(host, 1, {"Ann": "BBBBBBBBBB", "Ben": "AAAAAAAAAA", "Kim": "FFFFFFFFFF"})
    reveal(host, 2, {"Eve": "XXXXXXXXXX", "Fay": "EEEEEEEEEE", "Cat": "ZZZZZZZZZZ"})
    reveal(host, 3, {"Ivy": "BBBBBBB", "Jon": "XXXXXXXXXX", "Gus": "EEEEEEEEEE", "Lou": "ZZZZZZZZZZ"})
    host.mark_all()
    check_all(host)
    counted({"Ann": "BBBBBBBBBB", "Ben": "AAAAAAAAAA", "Kim": "FFFFFFFFFF"}, out="Dan")
    counted({"Eve": "XXXXXXXXXX", "Fay": "EEEEEEEEEE", "Cat": "ZZZZZZZZZZ"}, out="Hal")
    counted({"Ivy": "BBBBBBB", "Jon": "XXXXXXXXXX", "Gus": "EEEEEEEEEE", "Lou": "ZZZZZZZZZZ"})
    assert host.evening.winners(2) == {1: "Dan", 2: "Hal", 3: "Ivy"}
    host.move()
    assert host.evening.tables == [["Ann", "Ben", "Kim", "Ivy"], ["Eve", "Fay", "Cat", "Dan"],
                                   ["Hal", "Jon", "Gus", "Lou"]]  # fmt: skip

    # -- hand 3: the bell before anyone has played ------------------------------------------
    host.deal()
    for n in (1, 2, 3):
        play(host, n, ["deal exposed=Q"])
    assert host.ring() == [1, 2, 3]
    hand3 = [{"Ann": "B" * 10, "Ben": "G" * 10, "Kim": "D" * 10, "Ivy": "A" * 10},
             {"Eve": "X" * 10, "Fay": "Q" * 10, "Cat": "J" * 10, "Dan": "E" * 10},
             {"Hal": "Z" * 10, "Jon": "Y" * 10, "Gus": "V" * 10, "Lou": "I" * 10}]  # fmt: skip
    for n, cards in enumerate(hand3, start=1):
        reveal(host, n, cards)
        counted(cards)
    host.mark_all()
    check_all(host)
    assert host.evening.winners(3) == {1: "Ann", 2: "Eve", 3: "Hal"}
    host.move()
    assert host.evening.tables == [["Hal", "Ben", "Kim", "Ivy"], ["Ann", "Fay", "Cat", "Dan"],
                                   ["Eve", "Jon", "Gus", "Lou"]]  # fmt: skip
    assert [(m["player"], m["from"], m["to"]) for m in host.evening.moves] == [
        ("Cat", 1, 2), ("Gus", 2, 3), ("Kim", 3, 1), ("Dan", 1, 2), ("Hal", 2, 3), ("Ivy", 3, 1),
        ("Ann", 1, 2), ("Eve", 2, 3), ("Hal", 3, 1)]  # fmt: skip

    # -- party 6: "At the end of the party the winner is the player who has the lowest score" ----
    host.end()
    standings = host.view()["standings"]
    totals = {p: sum(f) for p, f in figures.items()}
    assert {row["player"]: row["total"] for row in standings} == totals
    assert {row["player"]: row["hands"] for row in standings} == figures
    assert [row["total"] for row in standings] == sorted(totals.values())
    assert (
        standings[0]["player"] == min(totals, key=lambda p: (totals[p], PLAYERS.index(p)))
        and standings[0]["place"] == 1
    )
    with pytest.raises(RuleError, match="the party has ended"):
        host.deal()
    # Every event is in the store: the evening replays to the same standings on a new connection.
    again = Evening.replay(EventStore(store_url).events(host.evening_id))
    assert again.standings() == host.evening.standings() and again.phase == "over"


def test_the_evening_refuses_what_the_text_does_not_allow(referee: Referee) -> None:
    store = EventStore(":memory:")
    door = Sessions(store, referee)
    with pytest.raises(RuleError, match="do not fill tables of 4: bring 1 more"):
        Host.open(store, door, {"players": PLAYERS[:11], "table_game": "lexicon", "variant": "party"})
    with pytest.raises(RuleError, match="tables of four"):
        Host.open(store, door, {"players": PLAYERS[:10], "table_game": "lexicon", "variant": "party", "seats": 5})
    with pytest.raises(RecordError, match="each name once"):
        Host.open(store, door, {"players": ["Ann", "Ann", "Ben", "Cat"], "table_game": "lexicon", "variant": "party"})
    with pytest.raises(RecordError, match="hand_minutes"):
        Host.open(store, door, {"players": PLAYERS[:4], "table_game": "lexicon", "variant": "party",
                                "hand_minutes": 9})  # fmt: skip
    assert store.games() == []  # nothing was stored
    host = Host.open(store, door, {"players": PLAYERS[:4], "table_game": "lexicon", "variant": "party"})
    with pytest.raises(RuleError, match="no hand is being played"):
        host.ring()
    with pytest.raises(NotFoundError, match="no table 1 playing"):
        host.mark(1)
    with pytest.raises(NotFoundError, match="not a club evening"):
        Host.resume(store, door, host.deal()[0])
    with pytest.raises(RuleError, match="tables 1 have not marked hand 1"):
        host.move()


def test_fines_can_decide_the_hand_when_the_club_says_so() -> None:
    """``hand_winner: total``: the other reading of party 5, the 50s counted in the hand's winner."""
    setup = {"game": "evening", "players": PLAYERS[:4], "table_game": "lexicon", "variant": "party"}
    for rule, winner in (("cards", "Ann"), ("total", "Ben")):
        evening = Evening(Event("game", {**setup, "hand_winner": rule}))
        evening.apply(Event("hand", {"hand": 1, "games": [7]}))
        evening.apply(Event("card", {"hand": 1, "table": 1, "cards": ["Ann:10", "Ben:20", "Cat:30", "Dan:40"],
                                     "fines": ["Ann:50"]}))  # fmt: skip
        assert evening.winners(1) == {1: winner}


def test_another_game_at_every_table(referee: Referee) -> None:
    """The club view for other games: the tables' games are ordinary games; the highest total wins."""
    store = EventStore(":memory:")
    host = Host.open(store, Sessions(store, referee), {"players": PLAYERS[:4], "table_game": "dicewords",
                                                       "seats": 2})  # fmt: skip
    assert host.evening.tables == [["Ann", "Ben"], ["Cat", "Dan"]] and not host.evening.lowest_wins
    host.deal()
    assert host.ring() == []  # no table's game has a bell: only the evening records it
    for n in (1, 2):
        host.table(n).record(Event("end", {"reason": "agreed"}))
    assert host.mark_all() == [1, 2]
    assert [t["stage"] for t in host.view()["tables"]] == ["marked", "marked"]
