"""The letter games refereed from the table's moves alone: each move taken from the actions the
read model lists (as the dashboard's buttons are), to the end of the game, with the counters the
rule text gives (shared/rules/anagrams-and-letter-games.txt)."""

from __future__ import annotations

from typing import Any

import pytest

from companion.errors import WordtableError
from companion.records import Event
from companion.table.session import Session
from companion.table.store import EventStore
from companion.words.solver import Referee


def start(referee: Referee, players: list[str], **setup: Any) -> Session:
    return Session.start(EventStore(":memory:"), referee, Event("game", {"game": "anagrams", "players": players,
                                                                          **setup}))  # fmt: skip


def tap(session: Session, label: str, **asked: Any) -> None:
    """Take the move whose label starts with ``label``, giving what it asks; as a button does."""
    actions = session.view()["actions"]
    matches = [a for a in actions if a["label"].startswith(label)]
    assert matches, (label, [a["label"] for a in actions])
    action = matches[0]
    assert sorted(asked) == sorted(action["asks"]), (label, action["asks"])
    for ask, value in asked.items():
        if ask in action["choices"]:
            assert value in action["choices"][ask] or ask == "words-for", (ask, value, action["choices"][ask])
    data = {**action["fixed"], **asked}
    if "words-for" in data:  # the dashboard writes one box a player as Player:WORD
        data["words"] = [f"{p}:{w}" for p, w in data.pop("words-for").items()]
    session.record(Event(action["type"], data))


def counters(session: Session) -> dict[str, int]:
    return dict(session.view()["table"]["counters"])


def test_anagrams_each_player_leads_once_and_the_most_counters_wins(referee: Referee) -> None:
    session = start(referee, ["Ann", "Ben"], counters=5)
    tap(session, "Ann draws for leader", letter="W")
    tap(session, "Ben draws for leader", letter="C")
    tap(session, "Ann gives out a word", **{"words-for": {"Ben": "HORSE"}})
    tap(session, "Ann calls Ready")
    timer = session.view()["table"]["timer"]
    assert {k: timer[k] for k in ("minutes", "running", "since")} == {"minutes": 5, "running": True, "since": 4}
    assert timer["started_at"] == session.store.recorded_at(session.game_id, 5) <= timer["now"]  # Ready's
    tap(session, "announces the word", player="Ben", word="BROTH")  # a wrong guess: the clock runs on
    assert session.view()["table"]["timer"]["started_at"] == timer["started_at"]
    tap(session, "announces the word", player="Ben", word="HORSE")
    tap(session, "Ann calls Stop")  # "the leader then pays each player who has announced his word"
    assert counters(session) == {"Ann": 4, "Ben": 6}
    tap(session, "Ben gives out a word", **{"words-for": {"Ann": "TIGER"}})  # the lead passes left
    tap(session, "Ben calls Ready")
    tap(session, "Ben calls Stop")  # "all players who have not done so, must pay the leader"
    assert counters(session) == {"Ann": 3, "Ben": 7}
    assert not session.view()["state"]["over"]  # Ann's word may still be asked for
    # "When each player has acted as leader, the game is ended": each has led, so no lead is offered
    assert "lead" not in [a["type"] for a in session.view()["actions"]]
    # "Any player who is unable to discover his word, is at liberty to ... require him to name it"
    tap(session, "asks Ben for his word, and Ben cannot name it", player="Ann")
    assert session.last is not None and "it was TIGER" in session.last["text"]  # asked for, the word is out
    assert counters(session) == {"Ann": 4, "Ben": 6}
    view = session.view()
    assert view["state"]["over"] and view["result"] == "Ben wins with 6 counters"
    assert dict(view["table"]["facts"])["Now"] == "the game is over"


def test_anagrams_the_leader_gives_words_beginning_on_his_right(referee: Referee) -> None:
    """ "gives ... to each player in succession, beginning on his right": the seating is clockwise,
    so the boxes for Cat's words run Ben, Ann, Dan."""
    session = start(referee, ["Ann", "Ben", "Cat", "Dan"])
    for player, letter in [("Ann", "A"), ("Ben", "B"), ("Cat", "Z"), ("Dan", "D")]:
        tap(session, f"{player} draws for leader", letter=letter)
    lead = next(a for a in session.view()["actions"] if a["type"] == "lead")
    assert lead["label"] == "Cat gives out a word to each" and lead["choices"]["words-for"] == ["Ben", "Ann", "Dan"]


def test_word_building_from_the_crib_then_the_hands(referee: Referee) -> None:
    session = start(referee, ["Ann", "Ben", "Cat"], variant="word-building", counters_in_box=100)
    for player, letter in [("Ann", "Y"), ("Ben", "C"), ("Cat", "D")]:
        tap(session, f"{player} draws for dealer", letter=letter)
    tap(session, "Ann lays the crib", crib="CATSPOREDINLUMBAGHET")
    assert counters(session) == {"Ann": 25, "Ben": 25, "Cat": 25}
    # "The player on his right" begins: the turn to play goes to the right (seating is clockwise)
    tap(session, "Cat adds a letter", letter="C", word="CAT")
    tap(session, "Ben adds a letter", letter="A", word="CAT")
    tap(session, "Ann adds a letter", letter="T", word="CAT")
    tap(session, "CAT is complete")
    tap(session, "Cat adds a letter", letter="S", word="CATS", **{"from": "hand"})
    tap(session, "Ben cannot play")  # "he pays the last player one counter"
    tap(session, "CATS can be built no further")  # the last to build receives one from the pool
    assert counters(session) == {"Ann": 25, "Ben": 24, "Cat": 28}
    # nobody's turn until the crib is laid again
    assert session.view()["table"]["turn"] is None
    # Ann tops the crib up ("as many letters as they have lost"), and the deal passes to her left:
    # Ben deals, and Ann, on his right, begins. Seventeen letters lie there: three more at most.
    topping = (
        "Ann tops up the crib to twenty (the letters laid, or the whole crib), and each hand to ten: the deal passes "
        "to Ben, and Ann begins"
    )
    with pytest.raises(WordtableError, match="lay at most 3 more letters"):
        tap(session, topping, crib="WXYZ")
    tap(session, topping, crib="WXY")
    facts = dict(session.view()["table"]["facts"])
    assert facts["Dealer"] == "Ben" and sorted(facts["Crib"]) == sorted("SPOREDINLUMBAGHETWXY")
    tap(session, "Ann adds a letter", letter="P", word="POD")
    tap(session, "end the game")
    assert session.view()["result"] == "Cat wins with 28 counters"


def test_word_building_to_its_end_by_the_last_round(referee: Referee) -> None:
    """ "When each player has acted as leader, the game is ended"; "On the last round, after
    completing a word, all the letters left over in the hands of the players are put into the crib,
    and words are built up from it, as at first, until 10 others can be made": the buttons offer the
    last round when the last dealer's word is finished, count the ten words, and end the game."""
    session = start(referee, ["Ann", "Ben"], variant="word-building")
    tap(session, "Ann draws for dealer", letter="Z")
    tap(session, "Ben draws for dealer", letter="A")
    tap(session, "Ann lays the crib", crib="ATXXXXXXXXXXXXXXXXXX")
    for dealer, first, second in [("Ann", "Ben", "Ann"), ("Ben", "Ann", "Ben")]:
        tap(session, f"{first} adds a letter", letter="A", word="AT")
        tap(session, f"{second} adds a letter", letter="T", word="AT")
        tap(session, "AT is complete")
        tap(session, f"{first} adds a letter", letter="E", word="ATE", **{"from": "hand"})
        tap(session, f"{second} cannot play")
        # the turn is back with the last builder: he adds a letter or the word is done, he pays nobody
        assert "cannot" not in [a["type"] for a in session.view()["actions"]]
        tap(session, "ATE can be built no further")
        if dealer == "Ann":
            assert dict(session.view()["table"]["facts"])["Deals"] == "1 of 2"
            assert [a["type"] for a in session.view()["actions"]] == ["deal", "end"]
            tap(session, "Ann tops up the crib", crib="AT")
    # Ben has dealt: the last round's word is finished, and the hands go into the crib
    facts = dict(session.view()["table"]["facts"])
    assert facts["Deals"] == "2 of 2" and facts["Building"] == "finished: the last round's hands go into the crib"
    assert [a["type"] for a in session.view()["actions"]] == ["hands-in", "end"]
    tap(session, "the last round: the hands go into the crib", crib="GOTOINSOANBEMEDOHEUP")
    add = next(a for a in session.view()["actions"] if a["type"] == "add")  # its letter keys: what the crib holds
    assert add["choices"]["letter"] == sorted(set("GOTOINSOANBEMEDOHEUPX"))
    for n, word in enumerate(["GO", "TO", "IN", "SO", "AN", "BE", "ME", "DO", "HE", "UP"], start=1):
        turn = session.view()["table"]["turn"]
        other = "Ben" if turn == "Ann" else "Ann"
        tap(session, f"{turn} adds a letter", letter=word[0], word=word)
        tap(session, f"{other} adds a letter", letter=word[1], word=word)
        if n < 10:
            tap(session, f"{word} is made: word {n} of 10 from the crib")
            assert dict(session.view()["table"]["facts"])["Building"].startswith(f"the last round: {n} of 10")
    tap(session, "UP is made: word 10 of 10 from the crib: the game ends")
    view = session.view()
    assert view["state"]["over"] and view["actions"] == [] and view["result"] == "Ann wins with 62 counters"


def test_word_building_says_what_the_players_share_leaves_in_the_box(referee: Referee) -> None:
    """ "divides the remainder equally among the players": 100 counters among three is 33 each,
    and the table says where the hundredth is (a new user's walk counted 124)."""
    session = start(referee, ["Ann", "Ben", "Cat"], variant="word-building")
    assert counters(session) == {"Ann": 33, "Ben": 33, "Cat": 33}
    facts = dict(session.view()["table"]["facts"])
    assert facts["Left in the box"] == "1 counter (the players' share is equal)"


def test_the_spelling_match_most_words_wins(referee: Referee) -> None:
    session = start(referee, ["Ann", "Ben", "Cat"], variant="spelling-match", words_each=1, letters=5)
    for player, word in [("Ann", "TIGER"), ("Ben", "HORSE"), ("Cat", "ZEBRA")]:
        tap(session, f"{player} gives 1 word", words=[word])
    stacks = next(a for a in session.view()["actions"] if a["type"] == "spell")["choices"]["stack"]
    assert stacks == ["Ann#1", "Ben#1", "Cat#1"]
    # "No player can take a stack from his left hand neighbor": Ann's left is Ben
    tap(session, "spells a stack", player="Ann", stack="Cat#1", word="ZEBRA")
    tap(session, "spells a stack", player="Ben", stack="Ann#1", word="TIGER")
    tap(session, "calls game", player="Ann")
    assert session.view()["result"] == "Ann and Ben tie with 1 words"


def test_speculation_words_and_the_plum_from_the_pool(referee: Referee) -> None:
    session = start(referee, ["Ann", "Ben"], variant="speculation", pool=20)
    tap(session, "Ann draws for dealer", letter="X")
    tap(session, "Ben draws for dealer", letter="B")
    tap(session, "Ann deals and exposes a letter", exposed="E")
    tap(session, "words from six letters", player="Ben", letters="RTSAON", words=["STONE", "NOTE"])
    tap(session, "Ann turns up the Plum", letters="DRAWNS", words=["DRAWN"])
    tap(session, "words the dealer overlooked", player="Ben", words=["WANDER"])
    assert counters(session) == {"Ann": 1, "Ben": 3}
    assert session.view()["table"]["pool_counters"] == 16
    tap(session, "Ben deals", exposed="T")
    assert not [a for a in session.view()["actions"] if a["type"] == "deal"]  # each has dealt once
    tap(session, "Ben turns up the Plum", letters="SALTER", words=[])
    tap(session, "each has dealt once: the game ends")  # "When each has dealt once, the game is ended"
    assert session.view()["result"] == "Ben wins with 3 counters"
    assert session.last is not None and session.last["text"] == "the game is over: each player has dealt once"


def test_travelling_letters_the_largest_word_after_three_deals(referee: Referee) -> None:
    session = start(referee, ["Ann", "Ben"], variant="travelling-letters")
    for deal in (1, 2, 3):
        tap(session, f"deal {deal} of 3")
    assert not [a for a in session.view()["actions"] if a["type"] == "deal"]
    tap(session, "a player's largest word", player="Ben", word="STRONG")
    tap(session, "a player's largest word", player="Ann", word="GARDEN")
    # "A third deal and round then takes place, and when it is finished the game is ended"
    tap(session, "the third round is finished")  # equal letters: "the greatest number of syllables" wins
    result = "Ann wins with GARDEN (6 letters): as many letters as Ben's STRONG, and more syllables (2 to 1)"
    assert session.view()["result"] == result


def test_rotation_a_letter_a_turn_and_the_table_letters_pay(referee: Referee) -> None:
    session = start(referee, ["Ann", "Ben"], variant="rotation", pool=50)
    tap(session, "Ann draws for dealer", letter="T")
    tap(session, "Ben draws for dealer", letter="C")
    tap(session, "Ann places four letters", table="ABCD")
    tap(session, "Ann announces a word", word="ABSOLUTE")
    tap(session, "Ann plays A", letter="A")  # A is the first of the four: worth 1
    tap(session, "Ben plays B", letter="B")  # worth 2
    tap(session, "Ann cannot play it")  # "the dealer gives each player except him one counter"
    assert counters(session) == {"Ann": 1, "Ben": 3}
    labels = [a["label"] for a in session.view()["actions"]]
    assert labels == ["Ben plays S", "Ben cannot play it", "end the game"]  # the turn passed to Ben, at the same S
    tap(session, "end the game")
    assert session.view()["result"] == "Ben wins with 3 counters"
