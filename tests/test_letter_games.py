"""The letter games of the old box (shared/rules/anagrams-and-letter-games.txt), rule by rule."""

from __future__ import annotations

import pytest

from companion.games.base import RuleError
from companion.games.registry import load_game
from companion.records import Event, RecordError
from companion.words.solver import Referee
from companion.words.syllables import spelled_syllables, syllable_starts
from tests.helpers import push

PLAYERS = ["Ann", "Ben", "Cat"]


def start(referee: Referee, variant: str | None, **options: object):
    setup = {"game": "anagrams", "players": PLAYERS, **options}
    if variant:
        setup["variant"] = variant
    game = load_game([Event("game", setup)], referee)
    for player, letter in zip(PLAYERS, "ZAB", strict=True):  # Ann draws Z: nearest the end leads
        game.push(Event("first-draw", {"player": player, "letter": letter}))
    return game


def lead(game, leader: str, words: dict[str, str]) -> None:
    game.push(Event("lead", {"leader": leader, "words": [f"{p}:{w}" for p, w in words.items()]}))


def test_general_rules_the_letter_nearest_the_end_leads_ties_draw_again(referee: Referee) -> None:
    game = load_game([Event("game", {"game": "anagrams", "players": PLAYERS})], referee)
    push(game, "first-draw player=Ann letter=Y", "first-draw player=Ben letter=Y", "first-draw player=Cat letter=B")
    assert game.leader is None
    push(game, "first-draw player=Ann letter=C", "first-draw player=Ben letter=K")
    assert game.leader == "Ben"


def test_anagrams_found_words_earn_a_counter_and_missed_ones_cost_one(referee: Referee) -> None:
    game = start(referee, None)
    lead(game, "Ann", {"Ben": "garden", "Cat": "silent"})
    push(game, "ready", "announce player=Ben word=DANGER")
    assert game.outcome == "not the word: no counter; he may try again"
    push(game, "announce player=Ben word=GARDEN", "stop")
    assert game.counters == {"Ann": 10, "Ben": 11, "Cat": 9}  # Cat paid, Ann paid Ben


def test_anagrams_each_player_a_different_word_from_the_dictionary(referee: Referee) -> None:
    game = start(referee, None)
    with pytest.raises(RuleError, match="different word"):
        lead(game, "Ann", {"Ben": "garden", "Cat": "garden"})
    with pytest.raises(RuleError, match="not in the dictionary"):
        lead(game, "Ann", {"Ben": "gardne", "Cat": "silent"})
    with pytest.raises(RuleError, match="Ann leads now"):
        lead(game, "Ben", {"Ann": "garden", "Cat": "silent"})


def test_anagrams_time_limit_is_five_ten_or_fifteen_minutes(referee: Referee) -> None:
    with pytest.raises(ValueError, match="five, ten or fifteen"):
        start(referee, None, minutes=7)


def test_anagrams_fines_early_study_assisting_wrong_letters_and_naming(referee: Referee) -> None:
    game = start(referee, None)
    lead(game, "Ann", {"Ben": "garden", "Cat": "silent"})
    push(game, "early player=Ben", "ready", "assist player=Cat", "wrong-letters player=Cat")
    with pytest.raises(RuleError, match="Cat has been paid for them"):  # once: the leader pays once
        push(game, "wrong-letters player=Cat")
    with pytest.raises(RuleError, match="has no word to find"):
        push(game, "announce player=Cat word=SILENT")
    push(game, "stop")
    # Ben: -1 early, -1 not announced; Cat: -1 assist, +1 wrong letters, no fine for not announcing
    assert game.counters == {"Ann": 12, "Ben": 8, "Cat": 10}
    game.push(Event("ask", {"player": "Ben", "named": False}))  # the leader could not name it in a minute
    assert game.counters["Ben"] == 9 and game.counters["Ann"] == 11


def test_anagrams_each_player_leads_in_turn_then_the_game_ends(referee: Referee) -> None:
    game = start(referee, None)
    for leader, words in [("Ann", {"Ben": "garden", "Cat": "silent"}), ("Ben", {"Ann": "garden", "Cat": "silent"}),
                          ("Cat", {"Ann": "garden", "Ben": "silent"})]:  # fmt: skip
        lead(game, leader, words)
        push(game, "ready", "stop")
    assert not game.over and game.unfound() == ["Ann", "Ben"]  # the last round's words may still be asked for
    push(game, "ask player=Ann named=true")
    assert not game.over
    push(game, "ask player=Ben named=false")  # the leader pays: then the game is ended
    assert game.over


def test_an_empty_pool_pays_nothing(referee: Referee) -> None:
    """A stock may go below nothing (a debt), the pool may not: with two counters left, three words
    made are paid two, and the next nothing; the standings add up to the counters there are."""
    game = start(referee, "pool")
    game.pool = 2  # as a long game leaves it
    lead(game, "Ann", {"Ben": "garden", "Cat": "silent"})
    push(game, "ready")
    game.push(Event("words", {"player": "Ben", "words": ["grade", "range", "anger"]}))
    assert game.pool == 0 and game.counters["Ben"] == 7
    assert game.outcome == "the pool is empty: word ANGER, nothing paid"
    game.push(Event("words", {"player": "Cat", "words": ["listen"]}))
    assert game.pool == 0 and game.counters["Cat"] == 5
    assert game.outcome == "the pool is empty: word LISTEN, nothing paid"


def test_anagrams_pool_variant(referee: Referee) -> None:
    game = start(referee, "pool", first_bonus=True)
    assert game.pool == 15 and game.counters["Ann"] == 5  # five counters each to the pool
    lead(game, "Ann", {"Ben": "garden", "Cat": "silent"})
    push(game, "ready")
    game.push(Event("words", {"player": "Ben", "words": ["danger", "grand"]}))  # a counter each
    with pytest.raises(RuleError, match="not a new word"):
        game.push(Event("words", {"player": "Ben", "words": ["grand"]}))
    push(game, "announce player=Ben word=GARDEN", "stop")  # +1 from the leader, +1 first; Cat pays 1
    assert game.counters == {"Ann": 5, "Ben": 9, "Cat": 4} and game.pool == 12


def test_word_building_from_the_crib_syllables_and_fines(referee: Referee) -> None:
    game = start(referee, "word-building")
    assert game.pool == 25 and game.counters == {"Ann": 33, "Ben": 33, "Cat": 33}
    push(game, "deal crib=GARDENSTOPLIMBXYZQUI")
    assert game.turn == "Cat"  # the player on the dealer's right
    push(game, "add player=Cat letter=G word=GARDEN")  # the first letter: a counter
    push(game, "add player=Ben letter=A word=GARDEN", "add player=Ann letter=R word=GARDEN")
    push(game, "cannot player=Cat")  # pays Ben and Ann
    assert game.counters == {"Ann": 34, "Ben": 34, "Cat": 32}
    from companion.table.games.letter_games import LetterGamesTable

    paid = dict(LetterGamesTable(game).read()["facts"])["Last paid"]  # both payments of the move, not the last one
    assert paid.count("Cat → ") == 2
    push(game, "ruling old=GARDEN new=GARDENER allowed=true")  # the last move now pays nothing
    assert "Last paid" not in dict(LetterGamesTable(game).read()["facts"])
    push(game, "add player=Ben letter=D word=GARDEN")  # GAR-DEN: D begins a syllable
    assert game.counters["Ben"] == 35


def test_word_building_names_a_players_word_only_for_a_point(referee: Referee) -> None:
    """ "The general principles of letter games, require players to conceal their words"; "When
    players make a Point ... they should name the word": a letter added from the crib is said
    without its word, unless it begins a syllable; Anagrams' missed word is not named either, as
    "The leader must name the word from memory"."""
    from companion.table.phrases import describe

    game = start(referee, "word-building")
    push(game, "deal crib=GARDENSTOPLIMBXYZQUI", "add player=Cat letter=G word=GARDEN")
    assert game.outcome == "a new syllable of GARDEN: one counter"
    added = Event.from_text("add player=Ben letter=A word=GARDEN")
    game.push(added)
    assert describe(added) == "Ben added A" and game.outcome is None


def test_word_building_the_word_thought_of_is_made_from_the_crib(referee: Referee) -> None:
    """ "thinks of some word that can be formed complete from any of the letters in the crib";
    the next "a word that can be made, using the letter first set apart with any of those left in
    the crib": STAFF wants two Fs the crib has not, and pays no counter for its S."""
    game = start(referee, "word-building")
    with pytest.raises(RuleError, match="the crib has 19 letters"):
        push(game, "deal crib=GARDENSTOPLIMBXYZQU")
    push(game, "deal crib=GARDENSTOPLIMBXYZQUI")
    with pytest.raises(RuleError, match="STAFF cannot be made from the crib"):
        push(game, "add player=Cat letter=S word=STAFF")
    push(game, "add player=Cat letter=S word=STAGE")
    with pytest.raises(RuleError, match="STAGGER cannot be made from S and the crib"):
        push(game, "add player=Ben letter=T word=STAGGER")
    push(game, "add player=Ben letter=T word=STRIPE")


def test_word_building_a_letter_put_in_is_no_change_of_the_word(referee: Referee) -> None:
    """ "when a player changes a word, that is, uses its letters to form a new one, he must transpose
    them": STAR -> STAIR keeps STAR's letters in their order, and earns nothing; STAR -> ASTER
    transposes them, and earns two."""
    game = start(referee, "word-building")
    push(game, "deal crib=STARXXXXXXXXXXXXXXXX")
    for player, letter in [("Cat", "S"), ("Ben", "T"), ("Ann", "A"), ("Cat", "R")]:
        game.push(Event("add", {"player": player, "letter": letter, "word": "star"}))
    push(game, "complete")
    before = dict(game.counters)
    push(game, "add player=Ben letter=I word=STAIR")
    assert game.counters == before
    push(game, "add player=Ann letter=S word=STAIRS", "cannot player=Cat", "add player=Ben letter=E word=SATIRES")
    assert game.counters["Ben"] == before["Ben"] + 2


def test_word_building_with_the_hands_a_changed_word_earns_two(referee: Referee) -> None:
    game = start(referee, "word-building")
    push(game, "deal crib=RATEXXXXXXXXXXXXXXXX")
    for player, letter in [("Cat", "R"), ("Ben", "A"), ("Ann", "T")]:
        game.push(Event("add", {"player": player, "letter": letter, "word": "rat"}))
    push(game, "complete")
    before = game.counters["Cat"]
    push(game, "add player=Cat letter=S word=STAR")  # R A T rearranged with an S
    assert game.counters["Cat"] == before + 2
    push(game, "cannot player=Ben", "finish")
    assert game.phase == "finished"


def test_spelling_match(referee: Referee) -> None:
    """ "When all are ready, the leader calls 'spell'"; no stack from one's left-hand neighbour;
    a stack the taker cannot spell calls upon its maker, who forfeits his words to the caller if
    he cannot spell it either; game is called when no stack is left for the caller."""
    game = start(referee, "spelling-match", words_each=1, letters=5)
    game.push(Event("contribute", {"player": "Ann", "words": ["grand"]}))
    with pytest.raises(RuleError, match="not yet Ben, Cat"):
        game.push(Event("spell", {"player": "Ann", "stack": "Ann#1", "word": "grand"}))
    for player, word in [("Ben", "stone"), ("Cat", "bread")]:
        game.push(Event("contribute", {"player": player, "words": [word]}))
        assert game.concealed == {"words"}  # the stacks are mixed: no screen shows their words
    with pytest.raises(RuleError, match="may not take a stack from Ben"):  # his left-hand neighbour
        game.push(Event("spell", {"player": "Ann", "stack": "Ben#1", "word": "notes"}))
    game.push(Event("spell", {"player": "Ann", "stack": "Cat#1", "word": "beard"}))
    with pytest.raises(RuleError, match="Ben has stacks still to take"):
        push(game, "call player=Ben")
    with pytest.raises(RuleError, match="Ben holds no stack of Cat's"):
        push(game, "improper player=Ben contributor=Cat")
    push(game, "improper player=Ben contributor=Ann")  # Ann's stack beats Ben, and Ann: she forfeits BEARD
    assert game.words == {"Ann": [], "Ben": ["beard"], "Cat": []}
    push(game, "call player=Ben")  # "there are no further piles for him to take"
    assert [(s.player, s.score) for s in game.standings()][:1] == [("Ben", 1)]
    assert game.counters and not game.uses_counters


def test_speculation(referee: Referee) -> None:
    game = start(referee, "speculation")
    push(game, "deal dealer=Ann exposed=E")
    game.push(Event("words", {"player": "Ben", "letters": "STONRA", "words": ["stone", "notes"]}))
    game.push(Event("plum", {"letters": "LATSP", "words": ["slate"]}))
    game.push(Event("overlooked", {"player": "Cat", "words": ["steal", "least"]}))
    assert game.counters == {"Ann": 1, "Ben": 2, "Cat": 2}
    with pytest.raises(RuleError, match="Ben deals now"):
        push(game, "deal dealer=Cat exposed=A")


def test_speculation_refuses_a_whole_entry_and_changes_nothing(referee: Referee) -> None:
    """A list of words with one bad word is refused whole: the good words before it are not paid
    nor marked as made (RATE had been taken by a refused RATE STREET, and then refused alone). A
    hand is "his six letters", the same all the deal; the Plum has five or six letters."""
    game = start(referee, "speculation")
    push(game, "deal dealer=Ann exposed=E")
    for words, why in [(["rate", "street"], "STREET is not a new word"), (["rate", "rate"], "RATE is not a new word")]:
        with pytest.raises(RuleError, match=why):
            game.push(Event("words", {"player": "Ben", "letters": "RATSNO", "words": words}))
        assert game.counters["Ben"] == 0 and game.claimed["Ben"] == set() and "Ben" not in game.hands
    game.push(Event("words", {"player": "Ben", "letters": "RATSNO", "words": ["rate"]}))
    with pytest.raises(RuleError, match="six letters"):
        game.push(Event("words", {"player": "Cat", "letters": "DLIMPUXYZ", "words": ["limp"]}))
    with pytest.raises(RuleError, match="Ben's letters this deal are"):
        game.push(Event("words", {"player": "Ben", "letters": "DLIMPU", "words": ["limp"]}))
    game.push(Event("words", {"player": "Ben", "letters": "RATSNO", "words": ["tone"]}))  # more words, same hand
    for plum in ("LAT", "LATSPRE"):
        with pytest.raises(RuleError, match="five or six letters"):
            game.push(Event("plum", {"letters": plum, "words": []}))
    with pytest.raises(RuleError, match="PLEATS is no overlooked"):
        game.push(Event("plum", {"letters": "LATSP", "words": ["slate"]}))
        game.push(Event("overlooked", {"player": "Cat", "words": ["staple", "pleats", "pleats"]}))
    assert game.counters == {"Ann": 1, "Ben": 2, "Cat": 0} and game.plum_words == {"slate"}


def test_travelling_letters_largest_word_then_syllables(referee: Referee) -> None:
    game = start(referee, "travelling-letters")
    push(game, "deal", "word player=Ann word=STONE", "word player=Ben word=STRENGTH", "word player=Cat word=AREA")
    with pytest.raises(RuleError, match="no more letters than STONE, made this deal"):
        push(game, "word player=Ann word=NOTES")
    push(game, "deal", "word player=Cat word=ABDICATE", "word player=Ann word=TEA")  # a new deal's word is new
    assert game.best["Ann"] == "stone"  # the largest word of the game stands
    push(game, "deal")
    with pytest.raises(RuleError, match="three deals"):
        push(game, "deal")
    assert [s.player for s in game.standings()][:2] == ["Cat", "Ben"]  # 8 letters each: AB-DI-CATE has more syllables
    # the scores say why: the syllables of words as long as another's
    assert [s.details.get("syllables") for s in game.standings()] == [3, 1, None]


def test_rotation(referee: Referee) -> None:
    game = start(referee, "rotation")
    with pytest.raises(RuleError, match="four different letters"):  # a D twice: which is worth 1?
        push(game, "deal table=DDHR")
    push(game, "deal table=YRHD")  # D 1, H 2, R 3, Y 4
    assert game.values == {"d": 1, "h": 2, "r": 3, "y": 4}
    with pytest.raises(RuleError, match="STRANGRS is not in the dictionary"):
        push(game, "word player=Ann word=STRANGRS")
    push(game, "word player=Ann word=HARDWARE")
    with pytest.raises(RuleError, match="he holds its first letter"):  # the dealer "must play the first letter"
        push(game, "cannot player=Ann")
    push(game, "play player=Ann letter=H")  # H: 2
    push(game, "cannot player=Cat")  # the player on the right of the dealer: the others get one each
    push(game, "play player=Ben letter=A")
    assert game.counters == {"Ann": 3, "Ben": 1, "Cat": 0}


def test_syllables() -> None:
    assert syllable_starts("abdicate") == [0, 2, 4] and syllable_starts("strength") == [0]
    # CHA-OS is two syllables, NOTES one: Travelling Letters' tie-break turns on them
    assert len(syllable_starts("chaos")) == 2 and len(syllable_starts("notes")) == 1
    # Webster's divisions, with an inflection's ending: JUDGED and SUAVE are one syllable, which
    # no spelling rule gets; WANT-ED and HORS-ES two; COUNTYWIDE (no division) is COUN-TY-WIDE
    assert [len(syllable_starts(w)) for w in ("judged", "suave", "wanted", "horses")] == [1, 1, 2, 2]
    assert syllable_starts("countywide") == [0, 4, 6] and syllable_starts("hopping") == [0, 3]
    # a word Webster does not know is spelt out: BOT-TLE, PRI-SM, BOO-ING
    assert [len(spelled_syllables(w)) for w in ("bottles", "prism", "booing", "checked")] == [2, 2, 2, 1]


def test_what_a_review_found_the_letter_games_let_through(referee: Referee) -> None:
    """Each refused, as the texts have it: a lead after each player has led ("When each player has
    acted as leader, the game is ended"); an ask after the end, or by a player paid for wrong
    letters; a deal exposing no letter; a word that is nothing; a player failing a letter of a word
    played out; an ending that has not come; a word the dealer made from his own hand claimed as
    overlooked in his Plum; the Spelling Match with two players."""
    game = load_game([Event("game", {"game": "anagrams", "players": ["Ann", "Ben"]})], referee)
    push(game, "first-draw player=Ann letter=Z", "first-draw player=Ben letter=A")
    with pytest.raises(RuleError, match="has not come to its end"):
        push(game, "end reason=asked")
    lead(game, "Ann", {"Ben": "table"})
    push(game, "ready", "stop")
    lead(game, "Ben", {"Ann": "chair"})
    push(game, "ready", "stop")  # Ann's word unfound: she may still ask for it
    with pytest.raises(RuleError, match="each player has acted as leader"):
        lead(game, "Ann", {"Ben": "house"})
    push(game, "end reason=asked")
    with pytest.raises(RuleError, match="the game is over"):
        push(game, "ask player=Ann named=false")  # after the end nothing changes the result
    three = start(referee, None)
    lead(three, "Ann", {"Ben": "garden", "Cat": "silent"})
    push(three, "ready", "wrong-letters player=Cat", "stop")
    with pytest.raises(RuleError, match="Cat has no unfound word"):  # paid for wrong letters: nothing to ask
        push(three, "ask player=Cat named=false")

    spec = start(referee, "speculation")
    for exposed in ("-", "*", "AB"):
        with pytest.raises(RecordError, match="the one letter the dealer turns up"):
            spec.push(Event("deal", {"dealer": "Ann", "exposed": None if exposed == "-" else exposed}))
    push(spec, "deal dealer=Ann exposed=E")
    spec.push(Event("words", {"player": "Ann", "letters": "TAXBQZ", "words": ["tea"]}))
    spec.push(Event("plum", {"letters": "TAPSL", "words": ["pleat"]}))
    with pytest.raises(RuleError, match="TEA is no overlooked word"):
        spec.push(Event("overlooked", {"player": "Ben", "words": ["tea"]}))

    travel = start(referee, "travelling-letters")
    push(travel, "deal")
    with pytest.raises(RecordError, match="type the word"):
        travel.push(Event("word", {"player": "Ann", "word": None}))

    rotation = start(referee, "rotation")
    push(rotation, "deal table=ABCD", "word player=Ann word=absolute")
    for letter in "ABSOLUTE":
        push(rotation, f"play player={rotation.turn} letter={letter}")
    with pytest.raises(RuleError, match="ABSOLUTE is played out"):
        push(rotation, f"cannot player={rotation.turn}")

    with pytest.raises(RecordError, match="three players or more"):
        load_game(
            [Event("game", {"game": "anagrams", "variant": "spelling-match", "players": ["Ann", "Ben"]})], referee
        )


def test_word_building_says_what_a_dry_pool_paid(referee: Referee) -> None:
    """A syllable's counter from an empty pool is no counter: the line says nothing was paid."""
    game = start(referee, "word-building")
    push(game, "deal crib=GARDENSTOPLIMBXYZQUI")
    game.pool = 0
    push(game, "add player=Cat letter=G word=GARDEN")
    assert game.outcome == "the pool is empty: began a syllable of GARDEN, nothing paid"


def test_anagrams_counters_each_say_the_text_names_no_number() -> None:
    """The start form's counters each: ten, and marked as wordtable's choice, since the text names
    no number (a new user's walk read "the rules' default")."""
    from companion.games.letter_games import Anagrams

    counters = next(o for o in Anagrams.OPTIONS if o.name == "counters")
    assert (counters.default, counters.default_note) == (10, "the text names no number")
