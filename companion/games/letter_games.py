"""The letter games of the old letter box (shared/rules/anagrams-and-letter-games.txt).

Public API: :class:`Anagrams`, :class:`WordBuilding`, :class:`SpellingMatch`,
:class:`Speculation`, :class:`TravellingLetters`, :class:`Rotation`.

Every game's record has ``game: anagrams`` and a ``variant``: none for Anagrams, ``pool`` for
its variant with a pool of counters, ``word-building``, ``spelling-match``, ``speculation``,
``travelling-letters``, ``rotation``. Counters move only by the rules quoted at each event; the
standings are the counters held (Spelling Match: words formed; Travelling Letters: the letters
of one's best word). The text is partly garbled and cut: docs/records.md lists what it leaves
out and what we chose.
"""

from __future__ import annotations

from typing import Any, ClassVar

from companion.errors import WordtableError
from companion.games.base import DrawForFirst, Game, RuleError, Standing, ranked
from companion.games.options import Option
from companion.records import Event, RecordError
from companion.words.letters import LetterError, Letters
from companion.words.rules import TakeKind, WordRules
from companion.words.syllables import syllable_starts

GENERAL = "letter games general rules"


def _letters(value: object, what: str) -> Letters:
    try:
        return Letters(str(value))
    except LetterError as error:
        raise RecordError(f"{what}: {error}") from None


def _ties(scores: dict[str, int], details: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """``details`` with the players who share a score marked ``tied``: the letter games' texts name
    the winner ("the one having the largest number of counters wins") and no tie-break."""
    for player, score in scores.items():
        if sum(1 for s in scores.values() if s == score) > 1:
            details[player].update(tied=True)
    return details


def _word(event: Event) -> str:
    """An event's ``word``, lowercased: a word, not nothing (``word=-`` is no word called NONE)."""
    value = event.get("word")
    if not isinstance(value, str) or not value.strip():
        raise RecordError("word: type the word")
    return value.strip().lower()


def _word_list(event: Event) -> list[str]:
    """An event's ``words``: a list, or one text of words between commas (``words=RATE`` in the
    text form is one word, not four letters)."""
    value = event["words"]
    items = value.split(",") if isinstance(value, str) else list(value) if isinstance(value, list) else [value]
    return [str(w).strip() for w in items if str(w).strip()]


class CounterGame(Game):
    """A letter game scored with counters: each player's stock, the pool, and a ledger."""

    name = "anagrams"
    title = "the letter game"
    word_rules = WordRules("the letter game", 2, TakeKind.NONE)
    OPTIONS: ClassVar[tuple[Option, ...]] = (
        Option("counters", "Counters each at the start", int, None, low=0, high=1000),
    )
    OVER_RULE = GENERAL
    AFTER_OVER = frozenset({"end"})
    EVENTS: ClassVar[dict[str, str]] = {"first-draw": "_first_draw", "end": "_end"}
    start_counters = 10
    #: Whether the game is played with counters at all (not the Spelling Match, not the
    #: Travelling Letters: "The counters are not used").
    uses_counters = True

    def reset(self) -> None:
        self.counters = {p: int(self.setup.get("counters", self.start_counters)) for p in self.players}
        self.pool = 0
        self.ledger: list[tuple[str, str, int, str]] = []  # (payer, payee, counters, why)
        self.paid_last: list[tuple[str, str, int, str]] = []
        self.ended: str | None = None
        self.first_draw = DrawForFirst(self.players, nearest="z")
        self.leader: str | None = None
        self.setup_game()

    def setup_game(self) -> None:
        """Anything a game sets up after the counters are handed out."""

    @property
    def over(self) -> bool:
        return self.ended is not None

    def _apply(self, event: Event) -> None:
        start = len(self.ledger)
        super()._apply(event)
        self.paid_last = self.ledger[start:]  # every payment the last event made (a fine paid to each adder)

    def _apply_ruling(self, event: Event) -> None:
        super()._apply_ruling(event)
        self.paid_last = []  # the last move is the ruling, and it paid nothing

    def pay(self, payer: str, payee: str, n: int, why: str) -> None:
        """Move counters: ``pool`` is the pool. A stock may go below zero (paid later: a gap); the
        pool may not: it pays what it holds, and an empty pool pays nothing."""
        if payer == "pool" and n > self.pool:
            n = max(self.pool, 0)
            self.outcome = f"the pool held {n}: {why}, {n} paid" if n else f"the pool is empty: {why}, nothing paid"
            if not n:
                return
        if payer == "pool":
            self.pool -= n
        else:
            self.counters[payer] -= n
        if payee == "pool":
            self.pool += n
        else:
            self.counters[payee] += n
        self.ledger.append((payer, payee, n, why))

    def is_word(self, word: str) -> bool:
        return word.lower() in self.referee.dictionary

    def _first_draw(self, event: Event) -> None:
        """General rules: "The one drawing the letter nearest the end of the alphabet acts first."
        Ties draw again."""
        try:
            self.leader = self.first_draw.draw(self.player(event["player"]), event["letter"])
        except WordtableError as error:
            raise RuleError(GENERAL, str(error)) from None
        if self.leader is not None:
            self.on_leader()

    def on_leader(self) -> None:
        """Called when the first leader (dealer) is known."""

    def next_player(self, player: str, right: bool = False) -> str:
        """ "The turn to lead or deal passes to the left. The turn to play goes to right": the
        seating order is clockwise, so the left is the next player and the right the previous."""
        i = self.players.index(player)
        return self.players[(i - 1 if right else i + 1) % len(self.players)]

    def standings(self) -> list[Standing]:
        details = {p: {"counters": self.counters[p]} for p in self.players}
        return ranked(dict(self.counters), _ties(dict(self.counters), details), self.players)

    def _end(self, event: Event) -> None:
        """The players may agree to stop at any time; a game's own ending only when it has come."""
        reason = str(event.get("reason") or "agreed")
        if reason != "agreed" and reason not in self.endings():
            raise RuleError(GENERAL, f"the game has not come to its end ({reason}): the players may agree to stop")
        self.ended = reason

    def endings(self) -> tuple[str, ...]:
        """The game's own endings that have come now (the reasons an ``end`` may give but agreed)."""
        return ()


class Anagrams(CounterGame):
    """Anagrams: the leader's words, the time limit, counters and fines; and the pool variant."""

    variant_names = (None, "pool")
    # anagrams-and-letter-games.txt sets no minimum length; Note: a declared word may be won by
    # "adding from his own hand one or more letters".
    word_rules = WordRules("Anagrams", 2, TakeKind.BUILD)
    OPTIONS = (
        # the text names no number of counters each (a new user read "the rules' default")
        Option(
            "counters", "Counters each at the start", int, 10, low=0, high=1000, default_note="the text names no number"
        ),
        Option(
            "minutes",
            "The time allotted may be fixed at five, ten or fifteen minutes",
            int,
            5,
            ((5, "five minutes"), (10, "ten minutes"), (15, "fifteen minutes")),
            default_note="the text names three times and no default",
        ),
        Option("first_bonus", "A counter for the first word announced", bool, False),
    )
    variant_titles: ClassVar[dict[str | None, str]] = {"pool": "Anagrams with a pool"}

    def setup_game(self) -> None:
        minutes = self.setup.get("minutes", 5)
        if minutes not in (5, 10, 15):
            raise RecordError("The time allotted ... may be fixed at five, ten or fifteen minutes")
        self.minutes = minutes
        self.with_pool = self.setup.get("variant") == "pool"
        self.led: list[str] = []
        self.words: dict[str, str] = {}
        self.phase = "draw"
        self.announced: list[str] = []
        self.relieved: set[str] = set()
        self.found: dict[str, set[str]] = {}
        self.ready_at = 0  # the place in the game of the round's call of Ready
        if self.with_pool:  # "Each player contributes five counters to a pool"
            for p in self.players:
                self.pay(p, "pool", 5, "contribution to the pool")

    def on_leader(self) -> None:
        self.phase = "lead"

    title = "Anagrams"
    AFTER_OVER = frozenset({"end"})
    EVENTS: ClassVar[dict[str, str]] = {
        **CounterGame.EVENTS,
        "lead": "_lead",
        "ready": "_ready",
        "announce": "_announce",
        "words": "_words",
        "early": "_fine",
        "assist": "_fine",
        "wrong-letters": "_wrong_letters",
        "stop": "_stop",
        "ask": "_ask",
    }

    def _lead(self, event: Event) -> None:
        """ "The leader selects as many words as there are players, besides himself, and gives each
        player the letters which spell one of these words" (each a different word)."""
        leader = self.player(event["leader"])
        expected: str | None
        if self.phase == "asking" and len(self.led) == len(self.players):
            raise RuleError("anagrams", '"When each player has acted as leader, the game is ended"')
        if self.phase == "asking":  # "Each player acts as leader in turn": the lead passes left
            expected = self.next_player(self.led[-1])
        elif self.phase == "lead":
            expected = self.leader
        else:
            raise RuleError("anagrams", "draw for leader first" if self.phase == "draw" else "the round is in play")
        if leader != expected:
            raise RuleError("anagrams", f"{expected} leads now, not {leader}")
        words: dict[str, str] = {}
        for item in _word_list(event):
            player, sep, word = str(item).partition(":")
            if not sep:
                raise RecordError(f"{item!r}: write Player:WORD")
            if not word.strip():
                raise RecordError(f"the word for {player}: type one")
            words[self.player(player)] = word.strip().lower()
        others = [p for p in self.players if p != leader]
        if sorted(words) != sorted(others):
            raise RuleError("anagrams", f"one word for each of {', '.join(others)}")
        if len(set(words.values())) != len(words):
            raise RuleError("anagrams", "the letters of a different word for each player")
        for word in words.values():
            if not self.is_word(word):
                raise RuleError("anagrams", f"{word.upper()} is not in the dictionary")
        self.leader = leader
        self.concealed = frozenset({"words"})  # each player's word is to be found from its letters
        self.words, self.phase, self.announced, self.relieved = words, "given", [], set()
        self.found = {p: set() for p in others}

    def _ready(self, event: Event) -> None:
        """ "he calls Ready. ... All begin at the same time" (the session's timer runs the minutes)."""
        if self.phase != "given":
            raise RuleError("anagrams", "the words are not given out")
        self.phase = "ready"
        self.ready_at = len(self.events)  # "The leader must note the time of beginning": this event's place

    def _announce(self, event: Event) -> None:
        """ "each must find out his word within a specified time, and as soon as discovered announce
        it to the leader"."""
        player = self.player(event["player"])
        if self.phase != "ready" or player not in self.words:
            raise RuleError("anagrams", f"{player} has no word to announce now")
        if player in self.announced:
            raise RuleError("anagrams", f"{player} has announced his word")
        if player in self.relieved:
            raise RuleError("anagrams", f"{player} was given the wrong letters: he is paid, and has no word to find")
        if _word(event) != self.words[player]:
            self.outcome = "not the word: no counter; he may try again"  # a wrong guess costs nothing
            return
        self.outcome = "the word found"
        self.announced.append(player)
        if self.with_pool:
            self.pay(self.leader or "pool", player, 1, f"announced {self.words[player].upper()}")
            if len(self.announced) == 1 and self.setup.get("first_bonus", False):
                self.pay("pool", player, 1, "first to announce his word")

    def _words(self, event: Event) -> None:
        """Pool variant: "makes as many words as he can from the letters received ... For each word
        made he receives one counter from the pool"."""
        player = self.player(event["player"])
        if not self.with_pool or self.phase != "ready" or player not in self.words:
            raise RuleError("anagrams pool", "words from one's letters count only in the pool variant, in play")
        letters = Letters(self.words[player])
        for word in _word_list(event):
            word = str(word).lower()
            if word in self.found[player] or not self.is_word(word) or not _letters(word, "word") <= letters:
                raise RuleError("anagrams pool", f"{word.upper()} is not a new word from {player}'s letters")
            self.found[player].add(word)
            self.pay("pool", player, 1, f"word {word.upper()}")

    def _fine(self, event: Event) -> None:
        """ "No player is allowed to assist another under penalty of paying one counter"; "If any
        player studies his letters before the leader calls ready, he pays one counter"."""
        player = self.player(event["player"])
        if event.type == "early" and self.phase != "given":
            raise RuleError("anagrams", "studying early is before the call of ready")
        self.pay(player, self.leader or "pool", 1, "assisting another" if event.type == "assist" else "studied early")

    def _wrong_letters(self, event: Event) -> None:
        """ "If the leader gives out too few or too many, or the wrong letters ... the one getting that
        word, is not only relieved from the payment of a fine, but receives one counter"."""
        player = self.player(event["player"])
        if player not in self.words or self.phase not in ("given", "ready"):
            raise RuleError("anagrams", f"{player} has no letters from the leader now")
        if player in self.relieved or player in self.announced:
            done = "has been paid for them" if player in self.relieved else "has announced his word"
            raise RuleError("anagrams", f"{player} {done}")
        self.relieved.add(player)
        self.pay(self.leader or "pool", player, 1, "the leader gave wrong letters")

    def _stop(self, event: Event) -> None:
        """ "the leader then pays each player who has announced his word ... one counter; and all
        players who have not done so, must pay the leader one counter"."""
        if self.phase != "ready":
            raise RuleError("anagrams", "Stop is called after Ready")
        leader = self.leader or ""
        for p in self.words:
            if p in self.announced:
                if not self.with_pool:
                    self.pay(leader, p, 1, f"announced {self.words[p].upper()}")
            elif p not in self.relieved:
                self.pay(p, leader, 1, "did not announce the word")  # the leader must name it from memory
        self.led.append(leader)
        self.phase = "asking"

    def _ask(self, event: Event) -> None:
        """ "Any player who is unable to discover his word, is at liberty to ... require him to name
        it. If the leader fails to do this within one minute, he must pay such player one
        counter." ``named``: did the leader name it in time?"""
        player = self.player(event["player"])
        if player not in self.unfound():  # not found, not paid for wrong letters, not asked already
            raise RuleError("anagrams", f"{player} has no unfound word to ask about")
        word = self.words.pop(player).upper()  # asked for, the word is out: the table may check it
        if event["named"] is False:
            self.pay(self.leader or "", player, 1, "the leader could not name the word")
            self.outcome = f"{self.leader} could not name {player}'s word in a minute: it was {word}; pays 1"
        else:
            self.outcome = f"{self.leader} named {player}'s word: {word}"

    @property
    def over(self) -> bool:
        """ "When each player has acted as leader, the game is ended": once the last round's unfound
        words are asked for, or the players say nobody else asks (``end``)."""
        return self.ended is not None or (len(getattr(self, "led", [])) == len(self.players) and not self.unfound())

    def endings(self) -> tuple[str, ...]:
        return ("asked",) if len(self.led) == len(self.players) and self.phase == "asking" else ()

    def unfound(self) -> list[str]:
        """The players whose word is neither found nor asked for, after Stop."""
        if self.phase != "asking":
            return []
        return [p for p in self.words if p not in self.announced and p not in self.relieved]


def _in_order(letters: str, word: str) -> bool:
    """Does ``word`` hold ``letters`` in their order (STAR in STAIR, not in ASTER)?

    >>> _in_order("star", "stair"), _in_order("star", "aster")
    (True, False)
    """
    rest = iter(word)
    return all(letter in rest for letter in letters)


class WordBuilding(CounterGame):
    """Word Building: a word spelled from the crib a letter a turn, then built up from the hands."""

    variant_names = ("word-building",)
    # "it is not necessary to retain the original word, as long as all the letters previously used
    # form a part of the new or enlarged word".
    word_rules = WordRules("Word Building", 2, TakeKind.BUILD)
    OPTIONS = (  # the players' counters are the box's less the pool's 25, shared: no "counters each"
        Option(
            "counters_in_box",
            "Counters in the box",
            int,
            125,
            low=1,
            high=1000,
            default_note="the text names no number",
        ),
        # the general rules: "The Leader is usually changed after each round ... The turn to lead
        # or deal passes to the left"; a round of Word Building is one word, built and returned
        Option(
            "dealer_passes",
            "The deal passes to the left after each word",
            bool,
            True,
            default_note='"The Leader is usually changed after each round"',
        ),
    )

    def reset(self) -> None:
        super().reset()
        box = int(self.setup.get("counters_in_box", 125))
        # "He sets apart twenty-five counters for a pool, and divides the remainder equally".
        self.pool = 25
        self.counters = dict.fromkeys(self.players, (box - 25) // len(self.players))
        self.left_in_box = (box - 25) % len(self.players)  # "divides the remainder equally": what will not
        self.crib = Letters()
        self.phase = "draw"
        self.turn: str | None = None
        self.built = ""  # the word on the table so far
        self.adders: list[str] = []
        self.dealers: list[str] = []  # who dealt each word, in order
        self.dealer_passes = bool(self.setup.get("dealer_passes", True))
        self.last_words = 0  # the words made from the crib on the last round, of LAST_WORDS

    def on_leader(self) -> None:
        self.phase = "deal"

    title = "Word Building"
    EVENTS: ClassVar[dict[str, str]] = {
        **CounterGame.EVENTS,
        "deal": "_deal",
        "add": "_add",
        "cannot": "_cannot",
        "complete": "_complete",
        "finish": "_finish",
        "hands-in": "_hands_in",
    }

    def _deal(self, event: Event) -> None:
        """ "The dealer gives each player ten letters and lays twenty others face upward in the
        center of the table. The latter form a crib" (also the refill after a word is finished)."""
        if self.phase not in ("deal", "finished"):
            raise RuleError("word building", "a word is being built")
        crib = _letters(event["crib"], "crib")
        if self.phase == "deal" and len(crib) != CRIB:
            raise RuleError("word building", f'"twenty others face upward": the crib has {len(crib)} letters')
        if self.phase == "finished" and self.last_round:
            raise RuleError(
                GENERAL,
                '"When each player has acted as leader, the game is ended": on this last round the hands '
                "go into the crib (hands-in), and words are made from it until ten have been made",
            )
        if self.phase == "finished":
            crib = self._topped_up(crib)
        self.leader = self.dealer_next
        assert self.leader is not None  # the deal follows the draw for dealer
        self.dealers.append(self.leader)
        self.crib = crib
        self.phase, self.built, self.adders = "crib", "", []
        self.turn = self.next_player(self.leader, right=True)

    def _laid_in(self, laid: Letters) -> Letters:
        """The crib with ``laid`` put in: ``laid`` is the whole crib as it now lies (it holds every
        letter left in it) or the letters put in."""
        return laid if self.crib <= laid else self.crib + laid

    def _topped_up(self, laid: Letters) -> Letters:
        """The crib after a word: "The dealer then gives to each player and to the crib, as many
        letters as they have lost during the round": the letters laid (:meth:`_laid_in`), twenty at
        most."""
        whole = self._laid_in(laid)
        if len(whole) > CRIB:
            raise RuleError(
                "word building",
                f"the crib still holds {self.crib}: lay at most {CRIB - len(self.crib)} more letters "
                f"(or type the whole crib, {self.crib} among its twenty)",
            )
        return whole

    @property
    def last_round(self) -> bool:
        """Is the word now on the table the last round's? "When each player has acted as leader, the
        game is ended" (the general rules): the round dealt by the last player to deal. A table that
        keeps one dealer (``dealer_passes`` false) says which round is its last (``hands-in``)."""
        return self.dealer_passes and set(self.dealers) == set(self.players)

    @property
    def dealer_next(self) -> str | None:
        """The dealer of the word to come: after a word is finished (its dealer lays the crib
        again, "as many letters as they have lost"), the player on his left, unless the table keeps
        one dealer (``dealer_passes``); before, the dealer now."""
        if self.phase == "finished" and self.leader is not None and self.dealer_passes:
            return self.next_player(self.leader)  # "The turn to lead or deal passes to the left"
        return self.leader

    def _add(self, event: Event) -> None:
        """Crib: each player "thinks of a word" and sets apart its next letter; "Each player who
        begins a new syllable to the word, that is, plays the first letter of one, receives one
        counter". Hands: each play adds one letter; a changed (transposed) word earns two."""
        player = self.player(event["player"])
        if self.phase not in ("crib", "hands", "last") or player != self.turn:
            raise RuleError("word building", f"it is {self.turn}'s turn" if self.turn else "no word is being built")
        letter = str(event["letter"]).lower()
        if len(letter) != 1:
            raise RecordError(f"letter: one letter, not {letter.upper()!r}")
        from_crib = self.phase in ("crib", "last")  # the last round's words "are built up from it, as at first"
        named = event.get("word")
        # "conceal their words": from the crib a player names his word only for a point ("When players
        # make a 'Point' ... they should name the word"), so a letter may come with no word
        word = _word(event) if not from_crib or (isinstance(named, str) and named.strip()) else None
        if word is not None and not self.is_word(word):
            raise RuleError("word building", f"{word.upper()} is not a word")
        if from_crib:
            if word is not None and not word.startswith(self.built + letter):
                raise RuleError("word building", f"{word.upper()} does not begin {(self.built + letter).upper()}")
            if not Letters(letter) <= self.crib:
                raise RuleError("word building", f"no {letter.upper()} left in the crib")
            # "some word that can be formed complete from any of the letters in the crib"; then
            # "using the letter first set apart with any of those left in the crib"
            if word is not None and not Letters(word) <= Letters(self.built) + self.crib:
                raise RuleError("word building", f"{word.upper()} cannot be made from {self._on_table()}")
            self.crib = self.crib - Letters(letter)
            if word is not None and len(self.built) in syllable_starts(word):  # a point: the word is named
                self.pay("pool", player, 1, f"began a syllable of {word.upper()}")
                self.outcome = (
                    self.outcome or f"a new syllable of {word.upper()}: one counter"
                )  # unless the pool ran dry
            else:  # "each player thinks of a word": it stays with him
                self.concealed = frozenset({"word"})
            self.built += letter
        else:
            assert word is not None  # built from the hands, the word is on the table for all
            if Letters(word) != Letters(self.built) + Letters(letter):
                raise RuleError("word building", f"{word.upper()} is not {self.built.upper()} and {letter.upper()}")
            source = event.get("from", "hand")
            if source == "crib":
                if not Letters(letter) <= self.crib:
                    raise RuleError("word building", f"no {letter.upper()} left in the crib")
                self.crib = self.crib - Letters(letter)
            if not _in_order(self.built, word):  # "changes a word ... he must transpose them"
                self.pay("pool", player, 2, f"changed {self.built.upper()} into {word.upper()}")
            self.built = word
            now = f"the word is now {word.upper()}"  # built from the hands, on the table for all
            self.outcome = f"{now}; {self.outcome}" if self.outcome else now  # and what a short pool paid
        self.adders.append(player)
        self.turn = self.next_player(player, right=True)

    def _on_table(self) -> str:
        return f"{self.built.upper()} and the crib {self.crib}" if self.built else f"the crib {self.crib}"

    def _cannot(self, event: Event) -> None:
        """Crib: "loses his turn, and pays one counter to each player who has added a letter";
        hands: "he pays the last player one counter"."""
        player = self.player(event["player"])
        if player != self.turn:
            raise RuleError("word building", f"it is {self.turn}'s turn")
        if self.phase in ("crib", "last"):
            for adder in dict.fromkeys(self.adders):
                if adder != player:
                    self.pay(player, adder, 1, "could not play from the crib")
        elif self.adders and self.adders[-1] == player:
            # the turn has come round to the last builder, and he cannot add either: nobody can
            raise RuleError(
                "word building",
                f"{player} built {self.built.upper()} last: if he cannot add to it, it can be built no further",
            )
        elif self.adders:
            self.pay(player, self.adders[-1], 1, "could not build the word")
        self.turn = self.next_player(player, right=True)

    def _complete(self, event: Event) -> None:
        """ "As soon as a complete word has been formed from the crib, which cannot from it be further
        enlarged ..., the next one in turn may build it up from the letters in his hand". On the last
        round a complete word is one of the ten "others" made from the crib: its letters leave the
        crib, the next in turn begins another, and the tenth ends the game."""
        if self.phase not in ("crib", "last") or not self.is_word(self.built):
            raise RuleError("word building", f"{self.built.upper() or 'nothing'} is not a complete word")
        if self.phase == "crib":
            self.phase = "hands"
            self.outcome = f"building {self.built.upper()} up from the hands"
            return
        self.last_words += 1
        self.outcome = f"{self.built.upper()}, word {self.last_words} of {LAST_WORDS} from the crib"
        self.built, self.adders = "", []
        if self.last_words == LAST_WORDS:  # "until 10 others can be made. When the game is ended ..."
            self.ended, self.turn = "words", None
            self.outcome += ": the game is ended"

    def _finish(self, event: Event) -> None:
        """ "When a word can be no further built up ... the one last playing returns its letters to the
        box and receives one counter from the pool"."""
        if self.phase != "hands" or not self.adders:
            raise RuleError("word building", "no word is being built up")
        self.pay("pool", self.adders[-1], 1, f"last to build {self.built.upper()}")
        self.phase, self.turn = "finished", None  # nobody plays until the crib is laid again

    def _hands_in(self, event: Event) -> None:
        """ "On the last round, after completing a word, all the letters left over in the hands of the
        players are put into the crib, and words are built up from it, as at first, until 10 others
        can be made." ``crib`` is the crib as it now lies, hands and all (holding every letter left
        in it), or the letters the hands put in; the player on the dealer's right begins."""
        if self.phase != "finished":
            raise RuleError("word building", "the hands go into the crib after the last round's word is finished")
        if self.dealer_passes and not self.last_round:
            waiting = [p for p in self.players if p not in self.dealers]
            raise RuleError(
                GENERAL,
                f'"When each player has acted as leader, the game is ended": {", ".join(waiting)} '
                f"{'has' if len(waiting) == 1 else 'have'} still to deal",
            )
        self.crib = self._laid_in(_letters(event["crib"], "crib"))
        self.phase, self.built, self.adders = "last", "", []
        assert self.leader is not None
        self.turn = self.next_player(self.leader, right=True)

    def endings(self) -> tuple[str, ...]:
        return ("words",) if self.last_words == LAST_WORDS else ()


class SpellingMatch(CounterGame):
    """The Spelling Match: mixed stacks passed on, and words spelled from them."""

    variant_names = ("spelling-match",)
    # the words "may be three, four, five or six" letters long (the setup chooses one length).
    word_rules = WordRules("the Spelling Match", 3, TakeKind.NONE)
    OPTIONS = (
        # the text's own example: "Suppose the players agree each to contribute three words of five letters"
        Option("words_each", "Words each player contributes", int, 3, low=1, high=10),
        Option("letters", "Letters in each word", int, 5, low=3, high=6),
    )
    variant_titles: ClassVar[dict[str | None, str]] = {"spelling-match": "Spelling Match"}
    uses_counters = False  # the words on the table are the score

    def setup_game(self) -> None:
        if len(self.players) < 3:  # a stack from "any of his right hand neighbors", none from his left
            raise RecordError(
                "the Spelling Match needs three players or more: with two, the one neighbour is left and right"
            )
        self.each = int(self.setup.get("words_each", 3))
        self.length = int(self.setup.get("letters", 5))
        if not 3 <= self.length <= 6:
            raise RecordError('the letters in each word "may be three, four, five or six"')
        self.stacks: dict[str, str] = {}  # "Owner#n" -> the contributed word
        self.taken: dict[str, str] = {}  # stack -> who spelled it
        self.words: dict[str, list[str]] = {p: [] for p in self.players}

    title = "the Spelling Match"
    EVENTS: ClassVar[dict[str, str]] = {
        **CounterGame.EVENTS,
        "contribute": "_contribute",
        "spell": "_spell",
        "improper": "_improper",
        "call": "_call",
    }

    def _contribute(self, event: Event) -> None:
        player = self.player(event["player"])
        words = [w.lower() for w in _word_list(event)]
        if any(k.startswith(player + "#") for k in self.stacks):
            raise RuleError("spelling match", f"{player} has contributed")
        if len(words) != self.each or any(len(w) != self.length or not self.is_word(w) for w in words):
            raise RuleError("spelling match", f"{self.each} words of {self.length} letters each")
        for n, word in enumerate(words, start=1):
            self.stacks[f"{player}#{n}"] = word
        self.concealed = frozenset({"words"})  # the stacks are mixed: their words are to be found

    def _contributors(self) -> set[str]:
        return {stack.split("#")[0] for stack in self.stacks}

    def _barred(self, player: str) -> tuple[str, str]:
        """Whose stacks ``player`` may not take: his own and his left-hand neighbour's."""
        return player, self.next_player(player)

    def _open_to(self, player: str) -> list[str]:
        """The stacks ``player`` may still take: not taken, not his own, not his left-hand neighbour's."""
        return [s for s in self.stacks if s not in self.taken and s.split("#")[0] not in self._barred(player)]

    def _spell(self, event: Event) -> None:
        """ "When all are ready, the leader calls 'spell' and each player takes one stack from any of
        his right hand neighbors and endeavors to form a word from its letters"; "No player can take
        a stack from his left hand neighbor or one that he himself contributed"."""
        player = self.player(event["player"])
        waiting = [p for p in self.players if p not in self._contributors()]
        if waiting:
            raise RuleError(
                "spelling match", f"the spelling begins when all have contributed: not yet {', '.join(waiting)}"
            )
        stack = str(event["stack"])
        if stack not in self.stacks or stack in self.taken:
            raise RuleError("spelling match", f"no stack {stack} to take")
        owner = stack.split("#")[0]
        if owner in self._barred(player):
            raise RuleError("spelling match", f"{player} may not take a stack from {owner}")
        word = _word(event)
        if Letters(word) != Letters(self.stacks[stack]) or not self.is_word(word):
            raise RuleError("spelling match", f"{word.upper()} is not a word of the stack's letters")
        self.taken[stack] = player
        self.words[player].append(word)

    def _improper(self, event: Event) -> None:
        """ "is at liberty to call upon the one who selected it, to show the correctness of his
        selection ... If he fails to do so ... the player selecting the stack forfeits any words he
        may have formed, and the player first named is entitled to count them as his own": the
        stack is one the caller took from that player and could not spell."""
        caller, contributor = self.player(event["player"]), self.player(event["contributor"])
        stack = next((s for s in self._open_to(caller) if s.split("#")[0] == contributor), None)
        if stack is None:
            raise RuleError("spelling match", f"{caller} holds no stack of {contributor}'s to call upon")
        self.taken[stack] = caller  # settled: the stack leaves play with no word
        self.words[caller].extend(self.words[contributor])
        self.words[contributor] = []

    def _call(self, event: Event) -> None:
        """ "As soon as any player has formed a word from each stack taken by him, and there are no
        further piles for him to take, he calls game, and the player then having the largest number
        of words on the table wins"."""
        player = self.player(event["player"])
        left = self._open_to(player) if self._contributors() == set(self.players) else ["?"]
        if left:
            raise RuleError("spelling match", f"{player} has stacks still to take: game is called when none are left")
        self.ended = "game"

    def standings(self) -> list[Standing]:
        scores = {p: len(self.words[p]) for p in self.players}
        details = {p: {"words": [w.upper() for w in self.words[p]]} for p in self.players}
        return ranked(scores, _ties(scores, details), self.players)


#: Word Building: the crib's letters at the first deal ("lays twenty others face upward").
CRIB = 20
#: Word Building's last round: "until 10 others can be made".
LAST_WORDS = 10
#: Speculation: a hand's letters ("his six letters"), and the Plum's ("at least five letters";
#: "more than six" are discarded).
HAND = 6
PLUM = (5, 6)


class Speculation(CounterGame):
    """Speculation: words from six letters and the dealer's exposed letter; the dealer's Plum."""

    variant_names = ("speculation",)
    word_rules = WordRules("Speculation", 2, TakeKind.NONE)
    OPTIONS = (
        *CounterGame.OPTIONS,
        Option("pool", "Counters in the pool", int, 100, low=0, high=10_000, default_note="the text names no number"),
    )
    start_counters = 0

    def setup_game(self) -> None:
        self.pool = int(self.setup.get("pool", 100))  # "The counters form a pool"
        self.exposed: str | None = None
        self.dealt: list[str] = []
        self.plum_words: set[str] = set()
        self.plum: Letters | None = None
        self.claimed: dict[str, set[str]] = {}
        self.hands: dict[str, Letters] = {}  # each player's six letters this deal

    title = "Speculation"
    EVENTS: ClassVar[dict[str, str]] = {
        **CounterGame.EVENTS,
        "deal": "_deal",
        "words": "_words",
        "plum": "_plum",
        "overlooked": "_overlooked",
    }

    def _deal(self, event: Event) -> None:
        """The deal passes to the left; "When each has dealt once, the game is ended"."""
        dealer = self.player(event["dealer"])
        expected = self.leader if not self.dealt else self.next_player(self.dealt[-1])
        if dealer != expected or len(self.dealt) == len(self.players):
            raise RuleError("speculation", f"{expected} deals now" if expected else "draw for dealer first")
        exposed = event.get("exposed")
        if not isinstance(exposed, str) or len(exposed) != 1 or not exposed.isascii() or not exposed.isalpha():
            raise RecordError("exposed: the one letter the dealer turns up, A to Z")
        self.exposed = exposed.lower()
        self.dealt.append(dealer)
        self.plum, self.plum_words, self.claimed = None, set(), {p: set() for p in self.players}
        self.hands = {}

    def _formed(self, letters: Letters, words: list[str], taken: set[str], why: str) -> list[str]:
        """The words, each checked before any counts: made from ``letters`` and the exposed one,
        in the dictionary, and not in ``taken`` nor twice in the list."""
        assert self.exposed is not None
        budget = letters + Letters(self.exposed)
        found: list[str] = []
        for word in (str(w).lower() for w in words):
            if word in taken or word in found or not self.is_word(word) or not Letters(word) <= budget:
                raise RuleError("speculation", f"{word.upper()} is {why}")
            found.append(word)
        return found

    def _words(self, event: Event) -> None:
        """ "Each player then forms as many words as he can with his six letters, including also the one
        exposed by the dealer, and for each word formed, receives one counter from the pool". A
        player's six letters are the same all the deal: a later entry adds words, not a hand."""
        player = self.player(event["player"])
        if self.exposed is None:
            raise RuleError("speculation", "no letter is exposed")
        letters = _letters(event["letters"], "letters")
        if len(letters) != HAND:
            raise RuleError("speculation", f'"his six letters": {len(letters)} given')
        held = self.hands.get(player)
        if held is not None and letters != held:
            raise RuleError("speculation", f"{player}'s letters this deal are {held}")
        words = self._formed(letters, _word_list(event), self.claimed[player], "not a new word from those letters")
        self.hands[player] = letters
        for word in words:
            self.claimed[player].add(word)
            self.pay("pool", player, 1, f"word {word.upper()}")

    def _plum(self, event: Event) -> None:
        """ "The dealer is then at liberty to turn up the letters of his Plum ... He also receives one
        counter from the pool for each word formed"; the Plum "should always contain at least five
        letters", and "more than six" are discarded."""
        dealer = self.dealt[-1] if self.dealt else None
        if dealer is None or self.plum is not None:
            raise RuleError("speculation", "the Plum is turned up once a deal")
        plum = _letters(event["letters"], "plum")
        if not PLUM[0] <= len(plum) <= PLUM[1]:
            raise RuleError("speculation", f"the Plum holds five or six letters, not {len(plum)}")
        words = self._formed(plum, _word_list(event), self.claimed[dealer], "not a new word from those letters")
        self.plum = plum
        for word in words:
            self.claimed[dealer].add(word)
            self.plum_words.add(word)
            self.pay("pool", dealer, 1, f"plum word {word.upper()}")

    def endings(self) -> tuple[str, ...]:
        """ "When each has dealt once, the game is ended": after the last deal's Plum."""
        return ("dealt",) if len(self.dealt) == len(self.players) and self.plum is not None else ()

    def _overlooked(self, event: Event) -> None:
        """ "if the dealer fails to think of all the words that can be formed with them, any player
        noticing the omission can take one counter for each word overlooked"."""
        player = self.player(event["player"])
        if self.plum is None:
            raise RuleError("speculation", "the Plum has not been turned up")
        dealer = self.dealt[-1]  # a word the dealer made from his hand is no word he overlooked in the Plum
        taken = self.plum_words | self.claimed[dealer]
        for word in self._formed(self.plum, _word_list(event), taken, "no overlooked word of the Plum"):
            self.plum_words.add(word)
            self.pay("pool", player, 1, f"overlooked {word.upper()}")


class TravellingLetters(CounterGame):
    """The Travelling Letters: the largest word after three deals."""

    variant_names = ("travelling-letters",)
    word_rules = WordRules("the Travelling Letters", 2, TakeKind.NONE)
    variant_titles: ClassVar[dict[str | None, str]] = {"travelling-letters": "Travelling Letters"}
    OPTIONS = ()
    uses_counters = False  # "The counters are not used"

    def setup_game(self) -> None:
        self.round = 0
        self.best: dict[str, str] = {}  # each player's largest word of the game
        self.current: dict[str, str] = {}  # and of this deal

    title = "the Travelling Letters"
    EVENTS: ClassVar[dict[str, str]] = {**CounterGame.EVENTS, "deal": "_deal", "word": "_word"}

    def _deal(self, event: Event) -> None:
        """ "Each player is then dealt fifteen more letters ... A third deal and round then takes
        place, and when it is finished the game is ended"."""
        if self.round == 3:
            raise RuleError("travelling letters", "three deals make the game")
        self.round += 1
        self.current = {}

    def endings(self) -> tuple[str, ...]:
        return ("deals",) if self.round == 3 else ()  # "A third deal and round then takes place"

    def _word(self, event: Event) -> None:
        """ "each endeavors to enlarge his word, or make a different one which contains more letters"."""
        player = self.player(event["player"])
        word = _word(event)
        if not self.round:
            raise RuleError("travelling letters", "the letters are not dealt")
        if not self.is_word(word):
            raise RuleError("travelling letters", f"{word.upper()} is not a word")
        # within a deal a word grows; a new deal's word is formed afresh, from fifteen more letters
        if player in self.current and len(word) <= len(self.current[player]):
            why = f"{word.upper()} has no more letters than {self.current[player].upper()}, made this deal"
            raise RuleError("travelling letters", why)
        self.current[player] = word
        if len(word) > len(self.best.get(player, "")):  # "the word containing the largest number of letters"
            self.best[player] = word

    def standings(self) -> list[Standing]:
        """ "The player having formed the word containing the largest number of letters, wins ...
        the same number of letters, the one containing the greatest number of syllables wins"."""
        syllables = {p: len(syllable_starts(self.best[p])) if self.best.get(p) else 0 for p in self.players}
        order = sorted(self.players, key=lambda p: (-len(self.best.get(p, "")), -syllables[p]))
        standings = []
        for p in order:
            details: dict[str, Any] = {"word": self.best.get(p, "").upper()}
            if any(q != p and len(self.best.get(q, "")) == len(self.best.get(p, "")) for q in self.players):
                details["syllables"] = syllables[p]  # as many letters as another: the tie-break counts
            standings.append(Standing(p, len(self.best.get(p, "")), details))
        return standings


class Rotation(CounterGame):
    """Rotation: a long word played a letter a turn; four table letters worth 1 to 4."""

    variant_names = ("rotation",)
    # "the first word ... containing eight or more letters".
    word_rules = WordRules("Rotation", 8, TakeKind.NONE)
    OPTIONS = (
        *CounterGame.OPTIONS,
        Option("pool", "Counters in the pool", int, 100, low=0, high=10_000, default_note="the text names no number"),
    )
    start_counters = 0

    def setup_game(self) -> None:
        self.pool = int(self.setup.get("pool", 100))
        self.values: dict[str, int] = {}
        self.word = ""
        self.at = 0
        self.turn: str | None = None

    title = "Rotation"
    EVENTS: ClassVar[dict[str, str]] = {
        **CounterGame.EVENTS,
        "deal": "_deal",
        "word": "_word",
        "play": "_play",
        "cannot": "_cannot",
    }

    def _deal(self, event: Event) -> None:
        """ "These values are one, two, three and four, according to the order of the four letters in
        the alphabet"."""
        if self.leader is None:
            raise RuleError("rotation", "draw for dealer first")
        table = str(event["table"]).lower()
        if len(table) != 4 or not table.isalpha():
            raise RecordError("four letters are placed in the center of the table")
        if len(set(table)) != 4:  # each has its own place in the alphabet, and so its own value
            raise RuleError(
                "rotation", f"{table.upper()}: four different letters, valued 1 to 4 in the alphabet's order"
            )
        self.values = {c: i for i, c in enumerate(sorted(table), start=1)}
        self.turn = self.leader

    def _word(self, event: Event) -> None:
        """ "The dealer leads and announces the first word ... containing eight or more letters ...,
        of which he holds and must play the first letter"."""
        player = self.player(event["player"])
        word = _word(event)
        if not self.values or player != self.turn or (self.word and self.at < len(self.word)):
            raise RuleError("rotation", f"{self.turn} announces the next word" if self.values else "deal first")
        if len(word) < 8:
            raise RuleError("rotation", f"{word.upper()} has {len(word)} letters: the word has eight or more")
        if not self.is_word(word):
            raise RuleError("rotation", f"{word.upper()} is not in the dictionary")
        self.word, self.at = word, 0

    def _play(self, event: Event) -> None:
        """ "Each in turn plays one letter of the word, always the next one in order". A letter of
        the four on the table earns its value from the pool (our reading: the text is cut here)."""
        player = self.player(event["player"])
        letter = str(event["letter"]).lower()
        if player != self.turn or not self.word or self.at >= len(self.word):
            raise RuleError("rotation", f"it is {self.turn}'s turn")
        if letter != self.word[self.at]:
            raise RuleError("rotation", f"the next letter of {self.word.upper()} is {self.word[self.at].upper()}")
        if letter in self.values:
            self.pay("pool", player, self.values[letter], f"played {letter.upper()}")
        self.at += 1
        self.turn = self.next_player(player, right=True)

    def _cannot(self, event: Event) -> None:
        """ "If he is unable to play it, the dealer gives each player except him one counter"."""
        player = self.player(event["player"])
        if player != self.turn or not self.word:
            raise RuleError("rotation", f"it is {self.turn}'s turn")
        if self.at >= len(self.word):
            raise RuleError("rotation", f"{self.word.upper()} is played out: {player} announces the next word")
        if self.at == 0:  # the dealer "holds and must play the first letter" of the word he announced
            raise RuleError(
                "rotation", f"{player} announced {self.word.upper()}: he holds its first letter, and plays it"
            )
        for other in self.players:
            if other != player:
                self.pay("pool", other, 1, f"{player} could not play {self.word[self.at].upper()}")
        self.turn = self.next_player(player, right=True)
