"""LEXICON, Crossword Lexicon, party play and Solitaire No. 1 (shared/rules/lexicon.txt)."""

from __future__ import annotations

import pytest

from companion.games.base import RuleError
from companion.games.lexicon.crossword import Grid, GridError, parse_cells
from companion.games.lexicon.engine import Lexicon
from companion.games.lexicon.party import Party
from companion.games.lexicon.solitaire_one import SolitaireOne
from companion.games.lexicon.solitaire_two import SolitaireTwo, deal_two
from companion.games.registry import load_game
from companion.games.schema import check_event
from companion.records import Event, RecordError
from companion.sets.cards import DECKS, deck, penalty, red_figure
from companion.words.solver import Referee
from tests.helpers import assert_refused, push

# Nine words that use the 52 letter cards of the Parker pack exactly; laid out in play order,
# layer by layer, they make a deal that can be completed (test_solitaire_one_completable_deal).
PARTITION = ["rhymers", "proms", "squeezing", "winked", "cavie", "faltboat", "jowl", "thug", "calx"]


def dealt(referee: Referee, players: list[str] | None = None, **options: object) -> Lexicon:
    """Ann cuts A (high) and deals; the player on her left (Ben) starts."""
    players = players or ["Ann", "Ben", "Cat"]
    game = Lexicon.new(referee, players, **options)
    for p, card in zip(players, "ABCDEFGH", strict=False):
        game.push(Event("cut", {"player": p, "card": card}))
    push(game, "deal exposed=Q")
    return game


def test_decks_and_red_figures() -> None:
    assert (deck("waddingtons").total(), DECKS["waddingtons"]["*"]) == (52, 1)  # 51 letters + 1 master
    assert (deck("parker").total(), DECKS["parker"]["*"]) == (54, 2)  # 52 letters + 2 masters
    assert [red_figure(c) for c in "AHDGB*"] == [10, 8, 6, 4, 2, 15]
    assert penalty("AEX*") == 37


def test_dealer_highest_cut_ties_recut(referee: Referee) -> None:
    game = Lexicon.new(referee, ["Ann", "Ben", "Cat"])
    for p, card in [("Ann", "K"), ("Ben", "B"), ("Cat", "B")]:
        game.push(Event("cut", {"player": p, "card": card}))
    assert game.dealer is None and game.cut.drawing == ["Ben", "Cat"]  # "the persons who tie must re-cut"
    push(game, "cut player=Ben card=Z", "cut player=Cat card=A")  # "A" being high
    assert game.dealer == "Cat"


def test_dealing_ten_cards_and_the_left_of_the_dealer_begins(referee: Referee) -> None:
    game = dealt(referee)
    assert game.hands == {"Ann": 10, "Ben": 10, "Cat": 10} and game.turn == "Ben"
    assert game.blind == 54 - 30 - 1 and game.exposed == "Q"
    assert Lexicon.new(referee, ["A", "B", "C", "D", "E"]).packs == 2  # "when 5 or more play ... two packs"


def test_a_play_a_complete_word(referee: Referee) -> None:
    game = dealt(referee)
    assert_refused(game, "word player=Ann word=CAT", "lexicon play", "Ben's turn")
    push(game, "word player=Ben word=CAT")
    assert game.table == ["CAT"] and game.hands["Ben"] == 7 and game.turn == "Cat"


def test_b_discard_then_take_the_exposed_or_the_blind_card(referee: Referee) -> None:
    game = dealt(referee)
    push(game, "discard player=Ben card=Z take=exposed")
    assert game.exposed == "Z" and game.hands["Ben"] == 10 and game.blind == 23
    push(game, "discard player=Cat card=X take=blind")
    assert game.exposed == "X" and game.blind == 22


def test_the_pack_is_made_again_from_the_discards(referee: Referee) -> None:
    game = dealt(referee, ["Ann", "Ben"])
    game.blind = 0
    game.discards = 5
    push(game, "discard player=Ben card=X take=blind")
    assert game.blind == 4


@pytest.mark.parametrize(
    ("old", "new", "legal"),
    [("MOTHER", "SMOTHERED", True), ("HAT", "THATCHED", True), ("FAR", "FAIRY", True), ("MAN", "MANY", True),
     ("RIDE", "DRIED", False)],
)  # fmt: skip
def test_c_insert_without_disturbing_the_order(referee: Referee, old: str, new: str, legal: bool) -> None:
    game = dealt(referee)
    push(game, f"word player=Ben word={old}")
    event = Event.from_text(f"insert player=Cat word={old} new={new}")
    if legal:
        game.push(event)
        assert game.table == [new] and game.hands["Cat"] == 10 - (len(new) - len(old))
    else:
        assert_refused(game, event, "lexicon play (c)", "in order")


def test_d_exchange_cards_for_letters_of_a_word_that_stays_a_word(referee: Referee) -> None:
    game = dealt(referee)
    push(game, "word player=Ben word=EXPERT", "exchange player=Cat word=EXPERT new=EXPORT")
    assert game.table == ["EXPORT"] and game.hands["Cat"] == 10  # one card out, the E in


def test_masters_stand_for_any_letter_and_stay_so(referee: Referee) -> None:
    game = dealt(referee)
    push(game, "word player=Ben word=MeN")  # a master as the E
    assert_refused(game, "exchange player=Cat word=MeN new=MAN", "lexicon master cards")
    push(game, "insert player=Cat word=MeN new=MeNU")
    assert game.table == ["MeNU"]


def test_a_master_on_the_table_stays_one_however_its_letter_is_typed(referee: Referee) -> None:
    """The referee types CHARMS for CHaRM grown by an S: the master stays the A it was played as
    (it had been refused, "CHARMS does not keep CHARM in order"); a change of other letters keeps
    it too; a star in a word says how a master is written."""
    game = dealt(referee)
    push(game, "word player=Ben word=CHaRM", "insert player=Cat word=CHARM new=CHARMS")
    assert game.table == ["CHaRMS"] and game.hands["Cat"] == 9
    assert game.outcome == "CHaRMS on the table (a master card as A)"  # the history shows it as it lies
    push(game, "exchange player=Ann word=CHARMS new=CHASMS")
    assert game.table == ["CHaSMS"]
    with pytest.raises(RecordError, match="the lowercase letter it stands for"):
        check_event(Event("word", {"player": "Ben", "word": "CH*RM"}))


def test_challenges_plus_or_minus_ten(referee: Referee) -> None:
    game = dealt(referee)
    push(game, "word player=Ben word=CAT", "challenge player=Cat")
    assert game.scores["Cat"] == 10  # a wrong challenger
    push(game, "word player=Cat word=XQZT", "challenge player=Ann")
    assert game.scores["Ann"] == -10  # a right challenger
    assert game.table == ["CAT"] and game.hands["Cat"] == 10 and game.turn == "Ann"  # cards back, turn lost


def test_a_round_ends_when_a_hand_is_empty_and_red_figures_are_counted(referee: Referee) -> None:
    game = dealt(referee, ["Ann", "Ben"])
    push(game, "word player=Ben word=ABSOLUTELY")
    assert game.out == "Ben" and not game.playing
    assert_refused(game, Event("reveal", {"hands": ["Ann:ABCDEFGHI"]}), "lexicon object", "holds 10 cards")
    game.push(Event("reveal", {"hands": ["Ann:ABCDEFGHI*"]}))
    assert game.scores == {"Ann": penalty("ABCDEFGHI*"), "Ben": 0}
    push(game, "deal exposed=E")
    assert game.dealer == "Ben" and game.turn == "Ann"  # the deal in rotation
    assert game.outcome == "Ben dealt round 2; Ann plays first"


def play_round(game: Lexicon, loser_cards: dict[str, str]) -> None:
    """The player whose turn it is goes out with a ten-letter word; the others show their cards."""
    push(game, f"word player={game.turn} word=ABSOLUTELY")
    game.push(Event("reveal", {"hands": [f"{p}:{c}" for p, c in loser_cards.items()]}))
    if not game.over:
        push(game, "deal exposed=E")


def test_elimination_at_one_hundred_the_last_left_wins(referee: Referee) -> None:
    game = dealt(referee, ["Ann", "Ben", "Cat"])  # Ben starts
    play_round(game, {"Ann": "AAAAAAAAAA", "Cat": "BBBBBBBBBB"})  # Ann 100: out; Cat 20
    assert game.eliminated == ["Ann"] and not game.over
    assert (game.dealer, game.turn) == ("Ben", "Cat")  # the deal in rotation; Cat on Ben's left
    play_round(game, {"Ben": "AAAAAAAAA*"})  # Cat goes out; Ben 105: out too
    assert game.over and [s.player for s in game.standings()] == ["Cat", "Ben", "Ann"]
    from companion.table.games.lexicon import LexiconTable

    part = LexiconTable(game)  # the last player left wins, whatever the scores
    assert part.result() == "Cat wins: the last player left, the others eliminated at 100"


def test_lowest_score_at_one_hundred_and_the_quick_game(referee: Referee) -> None:
    game = dealt(referee, ["Ann", "Ben"], ending="lowest", limit=50)
    play_round(game, {"Ann": "AAAAAIIIII"})
    assert game.over and [s.player for s in game.standings()] == ["Ben", "Ann"]


# -- Crossword Lexicon --------------------------------------------------------------------


def grid_with(*moves: str) -> Grid:
    grid = Grid()
    for move in moves:
        grid.place(parse_cells(move))
    return grid


def test_crossword_the_first_word_is_across_and_fixes_the_layout() -> None:
    with pytest.raises(GridError, match="laid across"):
        Grid().place(parse_cells("0,0,G 1,0,A 2,0,M"))


def test_crossword_one_to_four_cards_one_way() -> None:
    grid = grid_with("0,0,G 0,1,A 0,2,M 0,3,E")
    with pytest.raises(GridError, match="only one way"):
        grid.copy().place(parse_cells("1,0,O 1,1,X 2,1,E"))
    with pytest.raises(GridError, match="from one to 4 cards"):
        grid.copy().place(parse_cells("1,1,R 2,1,E 3,1,A 4,1,S 5,1,E"))
    grid.copy().place(parse_cells("1,1,R 2,1,E 3,1,A 4,1,S 5,1,E"), max_cards=None)  # "by agreement"


def test_crossword_two_way_words() -> None:
    """ "He could not have placed the letter I to make LIVE as MIO down would not be an English word." """
    grid = grid_with("0,0,M 0,1,E 0,2,N", "1,0,O 2,0,O")  # MEN across, MOO down
    with pytest.raises(GridError, match="EX is not a word"):
        grid.copy().place(parse_cells("1,1,X"), is_word=lambda w: w in {"men", "moo", "ox"})
    placed = grid.place(parse_cells("1,1,X"), is_word=lambda w: True)
    assert placed.words == ["OX", "EX"]


def test_crossword_plurals_only_at_a_corner_or_joint() -> None:
    grid = grid_with("0,0,G 0,1,I 0,2,R 0,3,L")
    with pytest.raises(GridError, match="only makes GIRL plural"):
        grid.copy().place(parse_cells("0,4,S"))
    grid.place(parse_cells("1,3,A 2,3,W"))  # LAW down
    grid.place(parse_cells("1,4,H"))  # AH across
    assert "GIRLS" in grid.place(parse_cells("0,4,S")).words  # the S also makes SH down: a corner
    verbs = grid_with("0,0,S 0,1,M 0,2,I 0,3,L 0,4,E")
    assert verbs.place(parse_cells("0,5,S")).words == ["SMILES"]  # "smile, smiles" is allowed


def test_crossword_increasing_words_at_either_end() -> None:
    grid = grid_with("0,0,A 0,1,R 0,2,T")
    assert grid.place(parse_cells("0,-1,T")).words == ["TART"]


def test_crossword_wide_open_game_allows_plurals(referee: Referee) -> None:
    game = dealt(referee, ["Ann", "Ben"], variant="crossword", wide_open=True)
    game.push(Event("place", {"player": "Ben", "cells": ["0,0,G", "0,1,I", "0,2,R", "0,3,L"]}))
    game.push(Event("place", {"player": "Ann", "cells": ["0,4,S"]}))
    assert game.grid.words() == ["GIRLS"]


def test_crossword_in_the_engine_challenges_every_word_made(referee: Referee) -> None:
    game = dealt(referee, ["Ann", "Ben"], variant="crossword")
    game.push(Event("place", {"player": "Ben", "cells": ["0,0,M", "0,1,E", "0,2,N"]}))
    game.push(Event("place", {"player": "Ann", "cells": ["1,1,Q"]}))  # EQ down: not a word
    assert game.outcome == "making EQ"  # each move's words named, "calling it by name as it is played"
    game.push(Event("challenge", {"player": "Ben"}))
    assert game.scores["Ben"] == -10 and game.grid.words() == ["MEN"] and game.hands["Ann"] == 10


def test_crossword_a_word_with_cards_laid_against_it_cannot_be_taken_up(referee: Referee) -> None:
    """A challenge that cannot take up its word (CAT laid through XAT's A since) is refused and
    changes nothing: no score moves before the refusal."""
    game = dealt(referee, ["Ann", "Ben"], variant="crossword")
    game.push(Event("place", {"player": "Ben", "cells": ["0,0,X", "0,1,A", "0,2,T"]}))
    game.push(Event("place", {"player": "Ann", "cells": ["-1,1,C", "1,1,T"]}))
    assert_refused(game, Event("challenge", {"player": "Ann", "word": "XAT"}), "lexicon challenges", "laid against")
    assert game.scores == {"Ann": 0, "Ben": 0} and "XAT" in game.grid.words()


# -- party play ---------------------------------------------------------------------------


def test_party_tables_of_four_and_stewards() -> None:
    party = Party.seat([f"P{i}" for i in range(48)])
    assert len(party.tables) == 12 and party.stewards == 2  # "a Steward for each group of 10 tables"
    with pytest.raises(ValueError, match="fours"):
        Party.seat(["A", "B", "C"])


def test_party_the_bell_ends_the_hand(referee: Referee) -> None:
    game = dealt(referee, ["Ann", "Ben", "Cat", "Dan"], variant="party")
    push(game, "word player=Ben word=CAT", "bell")
    hands = ["Ann:ABCDEFGHIJ", "Ben:ABCDEFG", "Cat:ABCDEFGHIJ", "Dan:BBBBBBBBBB"]
    game.push(Event("reveal", {"hands": hands}))
    assert game.standings()[0].player == "Dan"  # 20: the lowest total at the table
    from companion.table.games.lexicon import LexiconTable

    part = LexiconTable(game)  # the winner moves on (party rule 5): no one is said to deal here and there too
    facts = dict(part.read()["facts"])
    assert facts["Round"] == "1 over: the hand's winner moves on to the next table (party rule 5)"
    assert facts["Hand won by"].startswith("Dan: moves on to the next table and deals there")
    assert [a.label for a in part.actions()] == ["the same players play on: Ben deals round 2: the card turned up"]


def test_a_word_struck_after_its_turn_forfeits_the_players_next_turn(referee: Referee) -> None:
    """CHALLENGES (1935): the struck word's player "takes his cards back and forfeits a turn": for
    the last word, the turn it was placed in; for a word struck later, his next turn (or the one he
    is on)."""
    game = dealt(referee)
    push(game, "word player=Ben word=XQZT", "word player=Cat word=DOG")
    push(game, "challenge player=Ann word=XQZT")  # Ann is on turn: Ben misses his next
    assert game.hands["Ben"] == 10 and game.turn == "Ann"
    from companion.table.games.lexicon import LexiconTable

    assert dict(LexiconTable(game).read()["facts"])["Misses the next turn"] == "Ben"
    push(game, "word player=Ann word=TOE")
    assert game.turn == "Cat"  # Ben passed over
    assert_refused(game, Event("word", {"player": "Ben", "word": "HAT"}), "lexicon play", "Cat's turn")
    push(game, "word player=Cat word=ZQX", "word player=Ann word=CAT", "word player=Ben word=HAT")
    push(game, "challenge player=Ben word=ZQX")
    assert game.turn == "Ann"  # Cat, on turn when struck, loses that turn


def test_a_forfeit_is_of_a_turn_not_of_the_deal_and_reading_the_table_changes_nothing(referee: Referee) -> None:
    """The deal "is taken in rotation" whoever forfeits a turn; the table's reads leave the game as
    it was; Crossword's struck word "loses that turn" only; and a word struck after an earlier
    one was struck gives back only its own cards."""
    from companion.table.games.lexicon import LexiconTable

    game = dealt(referee)
    push(game, "word player=Ben word=XQZT", "word player=Cat word=HOUSEBOATS", "challenge player=Ann word=XQZT")
    part = LexiconTable(game)
    assert game.forfeit == {"Ben"} and game.next_dealer == "Ben"
    before = (game.next_dealer, set(game.forfeit))
    part.read(), part.actions(), part.read()
    assert (game.next_dealer, game.forfeit) == before
    again = dealt(referee)
    push(again, "word player=Ben word=XQZT", "word player=Cat word=ZQX", "challenge player=Ann word=XQZT",
         "challenge player=Ann word=ZQX")  # fmt: skip
    assert again.table == [] and again.hands == {"Ann": 10, "Ben": 10, "Cat": 10}
    crossword = dealt(referee, ["Ann", "Ben"], variant="crossword")
    crossword.push(Event("place", {"player": "Ben", "cells": ["0,0,Z", "0,1,O", "0,2,O"]}))  # ZOO
    crossword.push(Event("place", {"player": "Ann", "cells": ["1,0,Q", "2,0,X"]}))  # ZQX down: no word
    crossword.push(Event("place", {"player": "Ben", "cells": ["1,2,A", "2,2,T"]}))  # OAT down, clear of ZQX
    crossword.push(Event("challenge", {"player": "Ben", "word": "ZQX"}))  # struck on Ann's turn
    assert crossword.hands["Ann"] == 10 and crossword.turn == "Ann" and not crossword.forfeit


def test_party_the_last_word_may_be_challenged_after_the_bell(referee: Referee) -> None:
    """The bell ends the hand, but nobody has played after the last word: "the player next in turn
    has played" has not happened, so it may still be challenged, until the hands are shown."""
    from companion.table.games.lexicon import LexiconTable

    game = dealt(referee, ["Ann", "Ben", "Cat", "Dan"], variant="party")
    part = LexiconTable(game)
    push(game, "word player=Ben word=XQZT", "bell")
    labels = [a.label for a in part.actions()]
    assert "challenge XQZT: not a word (fined 50 if so)" in labels and labels[0].startswith("the cards left")
    push(game, "challenge player=Cat word=XQZT")
    assert game.scores["Ben"] == 50 and game.hands["Ben"] == 10
    game.push(Event("reveal", {"hands": [f"{p}:BBBBBBBBBB" for p in ("Ann", "Ben", "Cat", "Dan")]}))
    assert_refused(game, Event("challenge", {"player": "Ann", "word": "XQZT"}), "lexicon challenges", "shown")


def test_a_crossword_move_of_several_words_is_challenged_word_by_word(referee: Referee) -> None:
    """A challenge names the word it challenges: the table offers each word a crossword move made."""
    from companion.table.games.lexicon import LexiconTable

    game = dealt(referee, ["Ann", "Ben"], variant="crossword")
    part = LexiconTable(game)
    game.push(Event("place", {"player": "Ben", "cells": ["0,0,M", "0,1,E", "0,2,N"]}))
    game.push(Event("place", {"player": "Ann", "cells": ["1,1,Q", "1,2,O"]}))  # QO across, EQ and NO down
    offered = [a for a in part.actions() if a.type == "challenge" and a.fixed.get("word")]
    assert len(offered) >= 2 and sorted(a.fixed["word"] for a in offered) == sorted(game.last["words"].upper().split())
    assert all(a.label == f"challenge {a.fixed['word']}" for a in offered)


def test_party_a_wrong_word_is_fined_fifty(referee: Referee) -> None:
    game = dealt(referee, ["Ann", "Ben", "Cat", "Dan"], variant="party")
    push(game, "word player=Ben word=XQZT", "challenge player=Cat")
    assert game.scores == {"Ann": 0, "Ben": 50, "Cat": 0, "Dan": 0}  # the challenger gets nothing
    assert game.hands["Ben"] == 10 and game.table == []


def test_party_a_spelling_mistake_costs_only_the_turn(referee: Referee) -> None:
    game = dealt(referee, ["Ann", "Ben", "Cat", "Dan"], variant="party")
    push(game, "word player=Ben word=RECIEVE", "challenge player=Cat spelling=true")
    assert game.scores["Ben"] == 0 and game.hands["Ben"] == 10 and game.turn == "Cat"


def test_party_an_undetected_mistake_stands(referee: Referee) -> None:
    game = dealt(referee, ["Ann", "Ben", "Cat", "Dan"], variant="party")
    push(game, "word player=Ben word=XQZT", "discard player=Cat card=A take=blind")
    assert_refused(game, "challenge player=Dan", "lexicon challenges")
    assert game.table == ["XQZT"]


# -- Solitaire No. 1 ----------------------------------------------------------------------


def partition_deal() -> list[str]:
    cards = "".join(PARTITION).upper()
    assert len(cards) == 52
    return [cards[i] + cards[18 + i] + cards[35 + i] for i in range(17)] + [cards[17]]


def test_solitaire_one_deal_is_seventeen_piles_of_three_and_one() -> None:
    piles = partition_deal()
    assert [len(p) for p in piles] == [3] * 17 + [1]
    assert sorted("".join(piles)) == sorted(c for c in deck("parker").elements() if c != "*")


def test_solitaire_one_completable_deal() -> None:
    solution = SolitaireOne(partition_deal()).solve()
    assert solution.completable is True and solution.hint == solution.words[0]
    game = SolitaireOne(partition_deal())
    for word in solution.words:  # the solution replays under the rules
        game.play(word)
    assert game.cards_left == 0


def test_solitaire_one_impossible_position() -> None:
    solution = SolitaireOne(["QX", "ZJ", "KV", "B"]).solve()
    assert solution.completable is False and solution.hint is None


def test_solitaire_one_rules_for_a_word() -> None:
    game = SolitaireOne(["HOM", "EAT"])
    with pytest.raises(ValueError, match="cannot be taken"):
        game.play("mote")  # the M is under H and O
    game.play("home")  # "If the use of one letter exposes another, the second letter may be used"
    assert game.piles == ["", "at"]
    game.play("at")  # two cards left: a two-letter word completes it
    assert game.cards_left == 0


# -- Solitaire No. 2 ----------------------------------------------------------------------


def test_solitaire_two_deal_is_seven_piles_and_the_nest() -> None:
    piles, nest = deal_two(2)
    assert [len(p) for p in piles] == [1, 2, 3, 4, 5, 6, 7] and len(nest) == 52 - 28


def test_solitaire_two_completable_deal_is_solved_and_replays(standard_referee: Referee) -> None:
    piles, nest = deal_two(2)
    solution = SolitaireTwo(piles, nest).solve()
    assert solution.completable is True and solution.hint == solution.words[0]
    setup = Event("game", {"game": "lexicon", "variant": "solitaire-2", "players": ["Ann"]})
    game = load_game([setup], standard_referee)
    game.push(Event("deal", {"piles": piles, "nest": nest}))
    for move in solution.words:  # the solver's moves are the record's events
        game.push(Event.from_text(move, lists=("piles",)))
    assert game.over and game.standings()[0].score == 0


def test_solitaire_two_impossible_position() -> None:
    solution = SolitaireTwo(["", "", "", "", "", "", "QXZ"], nest="JK", masters=0).solve()
    assert solution.completable is False


def test_solitaire_two_vowels_to_empty_piles_and_masters_once() -> None:
    game = SolitaireTwo(["", "XA", "", "", "", "", ""], nest="", masters=1)
    moves = [m for m, _ in game.moves(game.state)]
    assert "move pile=2" in moves  # "any vowels ... may now be moved to any of the empty spaces"
    after = dict(SolitaireTwo(["T", "E", "A", "", "", "", ""], nest="", masters=1).moves(
        SolitaireTwo(["T", "E", "A", "", "", "", ""], nest="", masters=1).state))  # fmt: skip
    four = {m: s for m, s in after.items() if m.startswith("word") and len(Event.from_text(m)["word"]) == 4}
    assert four and all(s.masters == 0 for s in four.values())  # TEA and one master: four letters


def test_solitaire_one_as_a_record(referee: Referee) -> None:
    game = load_game([Event("game", {"game": "lexicon", "variant": "solitaire-1", "players": ["Ann"]})], referee)
    game.push(Event("deal", {"piles": ["HOM", "EAT"]}))
    with pytest.raises(RuleError, match="cannot be taken"):
        game.push(Event("word", {"word": "MOTE"}))
    game.push(Event("word", {"word": "HOME"}))
    game.push(Event("word", {"word": "AT"}))
    assert game.over and game.standings()[0].score == 0


def test_the_table_offers_a_challenge_of_the_word_a_player_went_out_on(referee: Referee) -> None:
    """CHALLENGES set no time limit: a player who goes out on a wrong word "takes up his cards", so
    the table offers the challenge beside the hands shown, named, and not to the word's own player."""
    from companion.table.games.lexicon import LexiconTable

    game = dealt(referee, ["Ann", "Ben", "Cat"])
    part = LexiconTable(game)
    push(game, "word player=Ben word=ABSOLUTEYX")  # Ben lays his ten cards: not a word
    offered = {a.label: a for a in part.actions()}
    assert set(offered) == {"the cards left in each hand (a master card is *)", "challenge ABSOLUTEYX"}
    challenge = offered["challenge ABSOLUTEYX"]
    assert challenge.fixed == {"word": "ABSOLUTEYX"} and challenge.choices["player"] == ("Ann", "Cat")
    assert part.read()["turn"] is None and game.state()["turn"] is None  # the hand is over unless challenged
    game.push(Event(challenge.type, {**challenge.fixed, "player": "Cat"}))
    assert game.hands["Ben"] == 10 and game.playing and game.scores["Cat"] == -10
    assert part.read()["turn"] == "Cat"  # Ben lost that turn


def test_the_table_offers_a_word_laid_earlier_only_while_it_stands(referee: Referee) -> None:
    """The 1935 game: any word still on the table as it was placed may be challenged; a word grown
    since is no longer there to name. Party play: only the last word."""
    from companion.table.games.lexicon import LexiconTable

    game = dealt(referee, ["Ann", "Ben", "Cat"])
    part = LexiconTable(game)
    push(game, "word player=Ben word=HAT", "word player=Cat word=MOTHER")
    labels = [a.label for a in part.actions() if a.type == "challenge"]
    assert labels == ["challenge MOTHER", "challenge a word laid earlier"]
    earlier = next(a for a in part.actions() if a.label == "challenge a word laid earlier")
    assert earlier.choices["word"] == ("HAT",) and earlier.choices["owner"] == ("Ben",)  # not Ben's to challenge
    push(game, "insert player=Ann word=HAT new=CHAT")
    assert game.challengeable() == {"CHAT": "Ann", "MOTHER": "Cat"}  # HAT is now CHAT, Ann's
    labels = [a.label for a in part.actions() if a.type == "challenge"]
    assert labels == ["challenge CHAT", "challenge a word laid earlier"]


def test_between_rounds_nobody_has_the_turn_and_the_next_dealer_is_named(referee: Referee) -> None:
    """After the hands are shown nobody plays until the deal, "taken in rotation"; the round's
    words are said to be the last round's, not the table's now."""
    from companion.table.games.lexicon import LexiconTable

    game = dealt(referee, ["Ann", "Ben"])
    part = LexiconTable(game)
    push(game, "word player=Ben word=ABSOLUTELY")
    game.push(Event("reveal", {"hands": ["Ann:ABCDEFGHI*"]}))
    read = part.read()
    assert read["turn"] is None and list(read["words"]) == ["round 1's words (gathered for the deal)"]
    assert dict(read["facts"])["Round"] == "1 over: Ben deals round 2"
    assert [a.label for a in part.actions()] == ["Ben deals round 2: the card turned up"]
    assert dict(read["facts"])["Last hand"] == f"Ann {penalty('ABCDEFGHI*')} · Ben 0"  # on assumed figures, said so
    assert dict(read["facts"])["Red figures"].startswith("all assumed: B F X Z 2 · G Q Y 4")  # which, and at what
    push(game, "deal exposed=E")
    assert game.dealer == "Ben" and part.read()["turn"] == "Ann" and part.read()["words"] == {"on the table": []}


def test_party_the_table_offers_a_wrong_word_and_a_misspelling_apart(referee: Referee) -> None:
    """Party play: "If the word proves to be wrong, other than spelled wrongly, the player ... is
    fined 50 points"; "Mistakes in spelling do not incur any penalty". The table offers both
    challenges; after the bell, the hand's lowest total wins it and moves on (rule 5)."""
    from companion.table.games.lexicon import LexiconTable

    game = dealt(referee, ["Ann", "Ben", "Cat", "Dan"], variant="party")
    part = LexiconTable(game)
    push(game, "word player=Ben word=RECIEVE")
    challenges = {a.label: a for a in part.actions() if a.type == "challenge"}
    misspelled = challenges["challenge RECIEVE: misspelled (cards back, no fine)"]
    assert "challenge RECIEVE: not a word (fined 50 if so)" in challenges
    assert misspelled.choices["player"] == ("Ann", "Cat", "Dan")
    game.push(Event("challenge", {**misspelled.fixed, "player": "Dan"}))
    assert game.scores["Ben"] == 0 and game.hands["Ben"] == 10
    push(game, "bell")
    game.push(Event("reveal", {"hands": ["Ann:ABCDEFGHIJ", "Ben:AAAAAAAAAA", "Cat:ZZZZZZZZZZ", "Dan:EEEEEEEEEE"]}))
    facts = dict(part.read()["facts"])
    assert game.hand_winners == ["Cat"] and facts["Hand won by"].startswith("Cat: moves on")


def test_a_bad_hand_shown_changes_no_score(referee: Referee) -> None:
    """Every hand is checked before any score changes: a second hand with a bad card refuses the
    whole reveal, and the first hand's points are not added."""
    game = dealt(referee, ["Ann", "Ben", "Cat"])
    push(game, "word player=Ben word=ABSOLUTELY")
    with pytest.raises(RecordError):
        game.push(Event("reveal", {"hands": ["Ann:ABCDEFGHIJ", "Cat:ABCDEFGHI1"]}))
    assert game.scores == {"Ann": 0, "Ben": 0, "Cat": 0}


def test_the_table_says_who_cuts_again_after_a_tie(referee: Referee) -> None:
    """DEALER: "In case of a tie, the persons who tie must re-cut": the moves say so."""
    from companion.table.games.lexicon import LexiconTable

    game = Lexicon.new(referee, ["Ann", "Ben", "Cat"])
    push(game, "cut player=Ann card=A", "cut player=Ben card=A")
    assert [a.label for a in LexiconTable(game).actions()] == ["Cat cuts for dealer"]
    push(game, "cut player=Cat card=M")
    assert [a.label for a in LexiconTable(game).actions()] == [
        "Ann cuts again (tied on A with Ben) for dealer",
        "Ben cuts again (tied on A with Ann) for dealer",
    ]
    assert dict(LexiconTable(game).read()["facts"])["Dealer"] == "the cut decides: a tie on A: Ann and Ben draw again"


def test_masters_and_words_as_they_lie(referee: Referee) -> None:
    """A master typed in lowercase stays a master where the word already has that letter (LOT ->
    LoOT); a word picked as it lies (HeAT) is that word, not another HEAT; no challenge once the
    hands are shown; a crossword word with cards laid against it is not offered to challenge;
    a hand with a letter outside A-Z is refused, not a server error."""
    from companion.table.games.lexicon import LexiconTable

    game = dealt(referee)
    push(game, "word player=Ben word=LOT", "insert player=Cat word=LOT new=LoOT")
    assert game.table == ["LoOT"]
    push(game, "word player=Ann word=HEAT", "word player=Ben word=HeAT", "insert player=Cat word=HeAT new=WHeAT")
    assert game.table == ["LoOT", "HEAT", "WHeAT"]
    grid = dealt(referee, ["Ann", "Ben"], variant="crossword")
    grid.push(Event("place", {"player": "Ben", "cells": ["0,0,C", "0,1,A", "0,2,T"]}))
    grid.push(Event("place", {"player": "Ann", "cells": ["-1,1,H", "1,1,T"]}))
    grid.push(Event("place", {"player": "Ben", "cells": ["0,3,S"]}))
    assert "CAT" not in grid.challengeable() and "HAT" in grid.challengeable()
    earlier = next(a for a in LexiconTable(grid).actions() if a.label == "challenge a word laid earlier")
    assert "CAT" not in earlier.choices["word"]


def test_no_challenge_once_the_hands_are_shown(referee: Referee) -> None:
    game = dealt(referee, ["Ann", "Ben"])
    push(game, "word player=Ben word=ZQXWVYKJPQ")
    game.push(Event("reveal", {"hands": ["Ann:ABCDEFGHIJ"]}))
    assert_refused(game, Event("challenge", {"player": "Ann", "word": "ZQXWVYKJPQ"}), "lexicon challenges", "shown")
    with pytest.raises(RecordError):
        dealt_again = dealt(referee, ["Ann", "Ben"])
        push(dealt_again, "word player=Ben word=ABSOLUTELY")
        dealt_again.push(Event("reveal", {"hands": ["Ann:ABCDEFGHIÉ"]}))


def test_a_solitaire_deal_is_the_pack_as_the_text_lays_it_out(referee: Referee) -> None:
    """No. 1: "piles of three cards each" and "one extra card"; No. 2: "seven piles of 1, 2, 3, 4, 5,
    6, and 7 cards"; both of one pack less its masters (one Z)."""
    one = load_game([Event("game", {"game": "lexicon", "variant": "solitaire-1", "players": ["Ann"]})], referee)
    for piles, why in [(["ZZZZ", "QQ", "XJ"], "the pack has 1 Q, 1 Z"), (["HOME", "AT"], "piles of three cards each"),
                       (["HO", "ME", "ATE"], "piles of three cards each")]:  # fmt: skip
        with pytest.raises((RuleError, RecordError), match=why):
            one.push(Event("deal", {"piles": piles}))
    two = load_game([Event("game", {"game": "lexicon", "variant": "solitaire-2", "players": ["Ann"]})], referee)
    with pytest.raises(RuleError, match=r"seven piles of 1, 2, 3, 4, 5, 6 and 7 cards \(or fewer\), not 2, 1"):
        two.push(Event("deal", {"piles": ["AB", "C"], "nest": ""}))


def test_a_solitaire_at_the_table_every_move_by_a_tap(standard_referee: Referee) -> None:
    """The table offers No. 2's moves as the cards allow them, words with the fewest master cards
    first ("save both of them to the end"); a word typed with its piles as one text is taken; the
    Solitaire is lost only when no move is left ("a number of cards from which you can form no
    word"), and a player may stop before."""
    from companion.table.games.solitaire import SolitaireTable

    piles, nest = deal_two(2)
    game = load_game(
        [Event("game", {"game": "lexicon", "variant": "solitaire-2", "players": ["Ann"]})], standard_referee
    )
    part = SolitaireTable(game)
    assert [a.type for a in part.actions()] == ["deal"]
    assert game.standings()[0].score == 52 and not game.over  # before the deal no 0, which reads as completed
    game.push(Event("deal", {"piles": piles, "nest": nest}))
    offered = part.actions()
    words = [a for a in offered if a.type == "word" and a.fixed]
    assert words and "turn" in [a.type for a in offered]
    masters = [len(a.fixed["word"]) - len(a.fixed["piles"]) for a in words]
    assert masters == sorted(masters)
    with pytest.raises(RuleError, match="a move is left"):
        game.push(Event("end", {"reason": "lost"}))
    first = words[0]
    game.push(Event("word", {"word": first.fixed["word"], "piles": [" ".join(str(p) for p in first.fixed["piles"])]}))
    assert game.words == [first.fixed["word"]] and part.actions() != offered
    stuck = load_game(
        [Event("game", {"game": "lexicon", "variant": "solitaire-1", "players": ["Ann"]})], standard_referee
    )
    stuck.push(Event("deal", {"piles": ["QXZ", "JKV"]}))
    assert [a.label for a in SolitaireTable(stuck).actions()][-1] == "no word can be formed: the Solitaire is lost"
    stuck.push(Event("end", {"reason": "lost"}))
    assert (
        SolitaireTable(stuck).result()
        == "Ann has not completed the Solitaire: 6 cards left (no word can be formed from the cards left)"
    )


def test_the_solitaire_table_follows_an_undo_and_another_move(standard_referee: Referee) -> None:
    """The moves offered are worked out once a position: an undo and another move make another
    position though the record is as long as before."""
    from companion.table.games.solitaire import SolitaireTable

    game = load_game(
        [Event("game", {"game": "lexicon", "variant": "solitaire-1", "players": ["Ann"]})], standard_referee
    )
    game.push(Event("deal", {"piles": ["HOM", "EAT"]}))
    part = SolitaireTable(game)
    game.push(Event("word", {"word": "HOME"}))
    assert next(a.label for a in part.actions()) == "make AT"
    game.undo_to(2)
    game.push(Event("word", {"word": "HATE"}))
    assert next(a.label for a in part.actions()) != "make AT"
