"""Dictionary, Please! (1951; shared/rules/dictionary-please.txt): turns, captures, stars, counters.

Public API: :class:`DictionaryPlease`, :class:`Award`.

Events (docs/records.md): ``game`` (players clockwise; ``scoring`` stars, letters or none;
``ending`` words, time or tiles; ``words_to_end``; ``stars_stay_with`` earner or word;
``tiles`` dictionary-please or camera), ``first-draw``, ``play``, ``pass``, ``final-round``,
``last-tile`` (with ``drew``: a short last draw), ``ruling``, ``end``.

A ``play`` shows the letters of the player's hand and lists the words made, in order, each as
``NEW`` (an original word), ``NEW<Owner:OLD`` (a capture, or an alteration of one's own word)
or ``NEW<Owner:OLD+Owner:OLD`` (a double capture). Letters come from the hand and the pool;
whatever is left of the hand goes to the pool and the player draws three.

>>> from companion.records import Event
>>> from companion.words.solver import Referee
>>> game = DictionaryPlease.new(Referee.load(), ["Ann", "Ben"])
>>> for text in ["first-draw player=Ann letter=A", "first-draw player=Ben letter=E",
...              "play player=Ann hand=RIDEXQZZVV words=RIDE",
...              "play player=Ben hand=GLE words=GLIDER<Ann:RIDE"]:
...     _ = game.push(Event.from_text(text))
>>> [(a.player, a.points, a.what) for a in game.ledger]
[('Ann', 5, 'green counter: original word RIDE'), ('Ben', 5, 'green star: 1st capture of RIDE as GLIDER')]
>>> str(game.pool)
'EQVVXZZ'
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

from companion.errors import WordtableError
from companion.games.base import DrawForFirst, Game, RuleError, Standing, ranked
from companion.games.options import COMPOUNDS_ALLOWED, Option
from companion.records import Event, RecordError
from companion.sets.tilesets import DICTIONARY_PLEASE
from companion.text import count as counted
from companion.text import listed
from companion.words.letters import LetterError, Letters
from companion.words.rules import TakeKind, WordRules

# dictionary-please.txt "Length of Words: No words of fewer than 4 letters are allowable";
# captures need "a different derivation"; "Double Captures" bring two words together.
RULES = WordRules("Dictionary, Please!", 4, TakeKind.STEAL, double_capture=True, taking="capture")
FIRST_HAND, HAND, MAX_HAND = 10, 3, 6
#: "FOR CAPTURING WORDS": 1st capture green star 5 ... 5th capture gold star 100.
STARS = [("green", 5), ("red", 10), ("blue", 25), ("silver", 50), ("gold", 100)]
DOUBLE_CAPTURE = 50  # "50-point Purple Counter"
ORIGINAL_WORD = 5  # "5-point Green Counter" for each original word
BONUS = 25


def lengthening_counter(added: int) -> tuple[str, int]:
    """ "5-point GREEN counter for adding 1 or 2 letters, 10-point RED counter for adding 3
    letters, 25-point BLUE counter for adding 4 or more letters to any one word in any one turn"."""
    if added >= 4:
        return "blue", 25
    if added == 3:
        return "red", 10
    return "green", 5


def length_points(length: int) -> int:
    """AT END OF GAME, FOR LENGTH OF WORDS: 4-5 letters 5; 6-7 10; 8-9 15; 10-11 25; 12+ 50."""
    for minimum, points in ((12, 50), (10, 25), (8, 15), (6, 10), (4, 5)):
        if length >= minimum:
            return points
    return 0


def ordinal(n: int) -> str:
    return f"{n}{'st' if n == 1 else 'nd' if n == 2 else 'rd' if n == 3 else 'th'}"


@dataclass(frozen=True)
class Award:
    """A star or counter: who earned it, its points, what for, and the event that earned it."""

    player: str
    points: int
    what: str
    word: str
    event: int
    in_front: bool = False  # placed before the word (stars, lengthening) rather than in the envelope

    def as_dict(self) -> dict[str, Any]:
        return {"player": self.player, "points": self.points, "what": self.what, "word": self.word, "event": self.event}


@dataclass
class Held:
    """A word on the table: its captures so far and the awards placed in front of it."""

    word: str
    captures: int = 0
    front: list[Award] = field(default_factory=list)


def parse_spec(spec: str) -> tuple[str, list[tuple[str, str]]]:
    """``NEW``, ``NEW<Owner:OLD`` or ``NEW<Owner:OLD+Owner:OLD`` -> (new, [(owner, old), ...])."""
    new, sep, rest = spec.partition("<")
    sources = []
    if sep:
        for part in rest.split("+"):
            owner, colon, old = part.partition(":")
            if not colon or not owner or not old:
                raise RecordError(f"{spec!r}: write the sources as Owner:WORD (Ben:RIDE)")
            sources.append((owner, old.lower()))
    return new.lower(), sources


class DictionaryPlease(Game):
    name = "dictionary-please"
    title = "Dictionary, Please!"
    OVER_RULE = "dictionary-please Duration of Game"
    word_rules = RULES
    OPTIONS: ClassVar[tuple[Option, ...]] = (
        Option("scoring", "Scoring", str, "stars", (("stars", "stars and counters"),
               ("letters", "the Alternative Method: 5 or 10 a letter"), ("none", "no scoring"))),
        Option("ending", "The game ends", str, "tiles", (("tiles", "(c) when the letters run out"),
               ("words", "(a) when a player holds a number of words"), ("time", "(b) at a time agreed")),
               default_note="the text names none"),
        Option("words_to_end", "Words that end the game, for (a)", int, 8, low=1, high=50,
               requires=("ending", "words"), default_note='the text: "usually 8 or 9"'),
        Option("stars_stay_with", "Stars and counters stay with", str, "earner",
               (("earner", "the player who earned them"), ("word", "the word, when it is captured"))),
        Option("letter_extras", "25-point bonuses also with the Alternative Method", bool, False,
               requires=("scoring", "letters")),
        Option("tiles", "Tiles", str, "dictionary-please", (("dictionary-please", "the game's 350 letters (counted)"),
                                                            ("camera", "as the camera sees them (not counted)"))),
        COMPOUNDS_ALLOWED,
    )  # fmt: skip
    EVENTS: ClassVar[dict[str, str]] = {
        "first-draw": "_first_draw",
        "play": "_play",
        "pass": "_pass",
        "final-round": "_final_round",
        "last-tile": "_last_tile",
        "end": "_end",
    }

    def reset(self) -> None:
        setup = self.setup
        self.scoring = setup.get("scoring", "stars")
        self.ending = setup.get("ending", "tiles")
        self.words_to_end = int(setup.get("words_to_end", 8))
        self.stars_stay_with = setup.get("stars_stay_with", "earner")
        self.letter_extras = bool(setup.get("letter_extras", False))
        self.counted_bag = setup.get("tiles", "dictionary-please") == "dictionary-please"
        for key, value, allowed in [
            ("scoring", self.scoring, ("stars", "letters", "none")),
            ("ending", self.ending, ("words", "time", "tiles")),
            ("stars_stay_with", self.stars_stay_with, ("earner", "word")),
            ("tiles", setup.get("tiles", "dictionary-please"), ("dictionary-please", "camera")),
        ]:
            if value not in allowed:
                raise RecordError(f"{key} is one of {', '.join(allowed)}, not {value!r}")
        self.bag_count = len(DICTIONARY_PLEASE) if self.counted_bag else None
        self.bag_empty = False  # camera tiles: the last tile has been drawn (``last-tile``)
        #: Each turn's player and the letters drawn at its end (a short last draw is corrected).
        self.turn_draws: list[tuple[str, int]] = []
        self.pool = Letters()
        self.words: dict[str, list[Held]] = {p: [] for p in self.players}
        self.hands: dict[str, int] = {p: 0 for p in self.players}
        self.passed_last: dict[str, bool] = {p: False for p in self.players}
        self.first_draw = DrawForFirst(self.players, nearest="a")
        self.first: str | None = None
        self.turn: str | None = None
        self.turns_played = 0
        self.ledger: list[Award] = []
        self.holding_since: dict[str, int] = {}  # ending (a): turn number when N words were reached
        self.final_round_left: int | None = None  # turns left in the final round, (b) and (c)
        self.last_drawer: str | None = None  # (c): who drew the last tile, whose turn ends the game
        self.ended: str | None = None
        self.bonus: dict[str, int] = {p: 0 for p in self.players}

    @property
    def over(self) -> bool:
        return self.ended is not None

    # -- events --------------------------------------------------------------------------

    def _first_draw(self, event: Event) -> None:
        """To Start: "The player drawing an A or the letter nearest to A is the first to play. If two
        players draw identical top letters, those tying ... draw again." Then player No. 1 holds 10
        letters and every other player draws three."""
        player = self.player(event["player"])
        letter = str(event["letter"]).lower()
        drawn = Letters(self.first_draw.held + "".join(self.first_draw.kept))  # "those tying" alone return theirs
        if (
            self.counted_bag
            and len(letter) == 1
            and "a" <= letter <= "z"  # anything else: the draw says what is wrong with it
            and not drawn + Letters(letter) <= DICTIONARY_PLEASE
        ):
            held = DICTIONARY_PLEASE.counts[ord(letter) - ord("a")]
            who = "a player drawing for first holds it" if held == 1 else "players drawing for first hold them"
            raise RuleError("dictionary-please To Start", f"the 350 letters have {held} {letter.upper()}, and {who}")
        try:
            first = self.first_draw.draw(player, event["letter"])
        except WordtableError as error:
            raise RuleError("dictionary-please To Start", str(error)) from None
        if first is None:
            return
        self.first = self.turn = first
        for p in self.players:
            self._draw(p, FIRST_HAND if p == self.first else HAND)
        # "either by retaining the letters drawn by the players and completing his 10 by drawing the
        # remainder from the bag, or by returning all the letters to the bag": ten either way
        self.outcome = (
            f"{first} plays first: he keeps the letters drawn and draws the rest of his ten, or returns them all and "
            f"draws ten; then the others draw three each"
        )

    def _draw(self, player: str, count: int) -> int:
        """``player`` draws ``count`` letters, or what the bag has left; returns how many."""
        if self.bag_empty:
            count = 0
        if self.bag_count is not None:
            count = min(count, self.bag_count)
            self.bag_count -= count
            if self.bag_count == 0 and self.ending == "tiles" and self.final_round_left is None and self.first:
                self._last_round_after(player)
        self.hands[player] += count
        return count

    def _last_round_after(self, player: str) -> None:
        """(c): "it ends after a complete round has been played ending with the player who drew the
        last tile". Tiles are drawn at the end of one's own turn, so the round is every other
        player's turn and then the drawer's (the current turn counts itself off when it ends)."""
        self.final_round_left = len(self.players) + 1
        self.last_drawer = player

    def _require_turn(self, player: str, rule: str) -> None:
        if self.turn is None:
            raise RuleError("dictionary-please To Start", "draw for first player before play begins")
        if player != self.turn:
            raise RuleError(f"dictionary-please {rule}", f"it is {self.turn}'s turn, not {player}'s")

    def _pass(self, event: Event) -> None:
        """Passing: "pass a single turn—and draw three additional letters ... He may not, however,
        pass twice in succession. After having accumulated six in hand, he must play"."""
        player = self.player(event["player"])
        self._require_turn(player, "Passing")
        refusal = self.pass_refusal(player)
        if refusal is not None:
            raise refusal
        self.turn_draws.append((player, self._draw(player, HAND)))
        self.passed_last[player] = True
        self._next_turn()

    def pass_refusal(self, player: str) -> RuleError | None:
        """Why ``player`` may not pass now, or None: not twice running, not with six in hand, not in
        the final round of ending (b)."""
        if self.passed_last[player]:
            return RuleError("dictionary-please Passing", f"{player} passed last turn and may not pass twice running")
        if self.hands[player] >= MAX_HAND:
            return RuleError("dictionary-please Passing", f"{player} has {self.hands[player]} letters and must play")
        if self.final_round_left is not None and self.ending == "time":
            return RuleError("dictionary-please Duration of Game", "the final round is played, not passed")
        return None

    def _play(self, event: Event) -> None:
        """Progress of Play, Length of Words, Capture of Words, Double Captures, Defensive Play,
        Constitution of a Turn. Everything is checked before anything changes."""
        player = self.player(event["player"])
        self._require_turn(player, "Progress of Play")
        try:
            hand = Letters(str(event["hand"]))
        except LetterError as error:
            raise RecordError(f"hand: {error}") from None
        if len(hand) != self.hands[player]:
            raise RuleError(
                "dictionary-please Progress of Play",
                f"{player} holds {self.hands[player]} letters, not {len(hand)} ({hand})",
            )
        if self.counted_bag:
            # "the pattern of the 350 letters used": the hand shown, the pool and every word on the
            # table are letters of the one set, so they cannot hold more of a letter than it has.
            shown = hand + self.pool + sum((Letters(h.word) for hs in self.words.values() for h in hs), Letters())
            if not shown <= DICTIONARY_PLEASE:
                extra = ", ".join(sorted(set(str(DICTIONARY_PLEASE.missing(shown)).upper())))
                raise RuleError(
                    "dictionary-please Progress of Play",
                    f"the 350 letters cannot hold this hand "
                    f"({str(hand).upper()}) with the pool and the words on the table: too many {extra}",
                )
        specs = event.get("words") or []
        if isinstance(specs, str):
            specs = [specs]
        number = len(self.events) + 1
        words = {p: [replace(h, front=list(h.front)) for h in hs] for p, hs in self.words.items()}
        letters = hand + self.pool
        awards: list[tuple[Award, Held | None]] = []
        lengthened: dict[int, tuple[Held, int]] = {}
        for spec in specs:
            new, sources = parse_spec(str(spec))
            check = self.referee.dictionary.check(new, RULES)
            if not check.valid:  # too short: Length of Words; not in the dictionary: the words it permits
                short = len(new) < RULES.min_length
                section = "Length of Words" if short else "Permissible and debarred words"
                raise RuleError(f"dictionary-please {section}", check.reason)
            taken = [self._take(words, owner, old) for owner, old in sources]
            own = len(sources) == 1 and sources[0][0] == player
            used = Letters()
            for held in taken:
                used = used + Letters(held.word)
            if not used <= Letters(new):
                raise RuleError("dictionary-please Capture of Words", f"{new.upper()} must use every letter of "
                                + " and ".join(h.word.upper() for h in taken))  # fmt: skip
            added = Letters(new) - used
            if not added <= letters:
                missing = ", ".join(letters.missing(added)).upper()
                raise RuleError(
                    "dictionary-please Progress of Play", f"{new.upper()} needs letters not in hand or pool: {missing}"
                )
            if len(taken) == 2:
                for held in taken:
                    if held.word in new:
                        raise RuleError("dictionary-please Double Captures",
                                        f"{new.upper()} retains {held.word.upper()} whole")  # fmt: skip
                result = Held(new)
                awards.append(
                    (Award(player, DOUBLE_CAPTURE, f"purple counter: double capture {new.upper()}", new, number), None)
                )
            elif own:
                # Defensive Play: "The rules governing the capture of words ... do not apply".
                held = taken[0]
                result = Held(new, held.captures, held.front)
                base = lengthened.get(id(held), (None, 0))[1]
                lengthened.pop(id(held), None)
                lengthened[id(result)] = (result, base + len(added))
            elif taken:
                take = self.referee.check_take([taken[0].word], new, added, RULES)
                if not take.legal:
                    raise RuleError("dictionary-please Capture of Words", take.reason)
                old = taken[0]
                result = Held(new, old.captures + 1)
                colour, points = STARS[min(result.captures, len(STARS)) - 1]
                what = f"{colour} star: {ordinal(result.captures)} capture of {old.word.upper()} as {new.upper()}"
                if self.stars_stay_with == "word":
                    result.front = list(old.front)
                awards.append((Award(player, points, what, new, number, in_front=True), result))
            else:
                result = Held(new)
                awards.append(
                    (Award(player, ORIGINAL_WORD, f"green counter: original word {new.upper()}", new, number), None)
                )
            letters = letters - added
            words[player].append(result)
        for lengthened_word, count in lengthened.values():
            if count:
                colour, points = lengthening_counter(count)
                what = f"{colour} counter: {counted(count, 'letter')} added to make {lengthened_word.word.upper()}"
                awards.append(
                    (Award(player, points, what, lengthened_word.word, number, in_front=True), lengthened_word)
                )
        # Constitution of a Turn: play made; leftover letters to the pool; draw three.
        self.words = words
        self.pool = letters
        self.hands[player] = 0
        for award, earner in awards:
            self.ledger.append(award)
            if earner is not None:
                earner.front.append(award)
        self.passed_last[player] = False
        self.turn_draws.append((player, self._draw(player, HAND)))
        self._next_turn()

    def _take(self, words: dict[str, list[Held]], owner: object, old: str) -> Held:
        owner = self.player(owner)
        for held in words[owner]:
            if held.word == old:
                words[owner].remove(held)
                return held
        raise RuleError("dictionary-please Capture of Words", f"{owner} has no word {old.upper()}")

    def _next_turn(self) -> None:
        self.turns_played += 1
        player = self.turn
        assert player is not None
        if self.ending == "words":
            self._check_words_held()
        if self.final_round_left is not None:
            self.final_round_left -= 1
            if self.final_round_left <= 0:
                self._finish("tiles" if self.ending == "tiles" else "time")
                return
        self.turn = self.players[(self.players.index(player) + 1) % len(self.players)]
        if self.ending == "words" and self.turn in self.holding_since:
            self.bonus[self.turn] += BONUS
            self.ended = "words"
            self.outcome = f"the game is over: {self.turn} held {self.words_to_end} words through a round, " \
                           f"+{BONUS}; every word held now counts (AT END OF GAME)"  # fmt: skip

    def _check_words_held(self) -> None:
        """(a): "ends when the number of words agreed upon ... has been retained by any player
        throughout one complete round"; that player scores an extra 25."""
        for p in self.players:
            if len(self.words[p]) >= self.words_to_end:
                if p == self.turn and p not in self.holding_since:
                    self.holding_since[p] = self.turns_played
            else:
                self.holding_since.pop(p, None)

    def _final_round(self, event: Event) -> None:
        """(b) time limit: "The player who had the first turn should be the one to start the final
        round. For this last round, all players shall draw to the maximum allotment of six letters"."""
        if self.ending != "time":
            raise RuleError("dictionary-please Duration of Game", "this game ends by " + self.ending)
        if self.final_round_left is not None:
            raise RuleError("dictionary-please Duration of Game", "the final round has begun")
        if self.turn != self.first:
            raise RuleError("dictionary-please Duration of Game", f"the final round starts with {self.first}")
        for p in self.players:
            self._draw(p, max(0, MAX_HAND - self.hands[p]))
        self.final_round_left = len(self.players)

    def _last_tile(self, event: Event) -> None:
        """The bag emptied, with tiles the camera sees: the table says who drew the last tile, at the
        end of his last turn, and how many letters that draw gave him (``drew``: 1 to 3; 350 - 10 -
        3 x (players - 1) letters seldom share out in threes). Marked at once or later, before he
        plays again: the players after him drew nothing. Under (c), "it ends after a complete round
        has been played ending with the player who drew the last tile", the round counts from his
        turn; under (a) and (b) play goes on with the letters in hand."""
        player = self.player(event["player"])
        if self.counted_bag:
            raise RecordError("the bag is counted: the last tile is known")
        if self.bag_empty or self.final_round_left is not None or self.turn is None:
            raise RuleError("dictionary-please Duration of Game", "no last tile to mark now")
        mine = [i for i, (p, _) in enumerate(self.turn_draws) if p == player]
        if not mine:
            raise RuleError("dictionary-please Duration of Game", f"{player} has not had a turn: mark the last "
                            f"tile right after {player}'s turn, or before {player} plays again")  # fmt: skip
        last = mine[-1]
        drawn = self.turn_draws[last][1]
        drew = event.get("drew", drawn)
        if not isinstance(drew, int) or isinstance(drew, bool) or not 1 <= drew <= drawn:
            raise RecordError(f"drew: the letters {player}'s last draw gave, 1 to {drawn}, not {drew!r}")
        later = self.turn_draws[last + 1 :]
        self.hands[player] -= drawn - drew
        self.turn_draws[last] = (player, drew)
        for i, (p, count) in enumerate(later, start=last + 1):
            self.hands[p] -= count  # the bag was empty when they drew
            self.turn_draws[i] = (p, 0)
        self.bag_empty = True
        if self.ending == "tiles":
            self.final_round_left = len(self.players) - len(later)
            self.last_drawer = player

    def last_draw(self, player: str) -> int | None:
        """How many letters ``player`` drew at the end of his last turn (None: no turn yet)."""
        return next((count for p, count in reversed(self.turn_draws) if p == player), None)

    def _end(self, event: Event) -> None:
        if event["reason"] != "agreed":
            raise RecordError("an end event's reason is 'agreed' (the other endings follow from play)")
        self.ended = "agreed"

    def _finish(self, how: str) -> None:
        """(b) and (c): "the player holding the most words scores an extra 25 points. In the event
        of a tie, those in the tie each score 25 points"."""
        most = max(len(self.words[p]) for p in self.players)
        holders = [p for p in self.players if len(self.words[p]) == most]
        for p in holders:
            self.bonus[p] += BONUS
        self.ended = how
        each = " each" if len(holders) > 1 else ""  # "those in the tie each score 25 points"
        self.outcome = f"the game is over: {listed(holders)} {'holds' if len(holders) == 1 else 'hold'} the " \
                       f"most words ({most}), +{BONUS}{each}; every word held now counts (AT END OF GAME)"  # fmt: skip

    # -- scores --------------------------------------------------------------------------

    def earned(self, player: str) -> int:
        """Stars and counters: the envelope plus, per ``stars_stay_with``, the awards in front."""
        if self.stars_stay_with == "earner":
            return sum(a.points for a in self.ledger if a.player == player)
        envelope = sum(a.points for a in self.ledger if a.player == player and not a.in_front)
        return envelope + sum(a.points for h in self.words[player] for a in h.front)

    def end_of_game_points(self, player: str) -> int:
        """AT END OF GAME: 5 a word held, the length points, and any 25-point bonus."""
        held = [h.word for h in self.words[player]]
        return 5 * len(held) + sum(length_points(len(w)) for w in held) + self.bonus[player]

    def standings(self) -> list[Standing]:
        """Stars scoring: stars and counters, plus the end-of-game points once the game is over.
        Alternative scoring: 5 a letter in words of 7 letters or under, 10 a letter in longer ones
        (number, length and bonus only with ``letter_extras``). No scoring: everyone 0."""
        scores, details = {}, {}
        for p in self.players:
            held = [h.word for h in self.words[p]]
            during = self.earned(p) if self.scoring == "stars" else 0
            end_points = self.end_of_game_points(p) if self.over else 0
            if self.scoring == "stars":
                score = during + end_points
            elif self.scoring == "letters":
                end_points = end_points if self.letter_extras else 0
                score = sum(len(w) * (10 if len(w) >= 8 else 5) for w in held) + end_points
            else:
                score = end_points = 0
            scores[p] = score
            details[p] = {"words": [w.upper() for w in held], "stars_and_counters": during, "end_of_game": end_points}
        return ranked(scores, details, self.players)

    def state(self) -> dict[str, Any]:
        return {
            **super().state(),
            "turn": self.turn,
            "pool": str(self.pool),
            "bag": self.bag_count,
            "bag_empty": self.bag_empty or self.bag_count == 0,
            "hands": dict(self.hands),
            "words": {p: [h.word.upper() for h in hs] for p, hs in self.words.items()},
            "over": self.over,
            "ended": self.ended,
        }
