"""Not Scrabble (shared/rules/not-scrabble.txt): shout-and-steal with Scrabble tiles.

Public API: :class:`NotScrabble`, :class:`Call`, :class:`Contest`, :func:`settle_calls`.

Events (docs/records.md): ``game`` (players in seating order; ``tiles``: ``scrabble`` for the
98-tile bag or ``camera`` for letters as the camera sees them), ``first-draw``, ``draw``,
``claim``, ``false-call``, ``rock-paper-scissors``, ``ruling``, ``end``.

>>> from companion.records import Event
>>> from companion.words.solver import FindResult, Referee, TakeCheck
>>> game = NotScrabble.new(Referee.load(), ["Ann", "Ben"])
>>> for text in ["first-draw player=Ann letter=C", "first-draw player=Ben letter=M",
...              "draw player=Ann letter=R", "draw player=Ben letter=I",
...              "draw player=Ann letter=D", "draw player=Ben letter=E",
...              "claim player=Ben word=RIDE", "draw player=Ann letter=L",
...              "draw player=Ben letter=G", "claim player=Ann word=GLIDER from=Ben:RIDE"]:
...     _ = game.push(Event.from_text(text))
>>> game.words
{'Ann': ['glider'], 'Ben': []}
>>> game.push(Event.from_text("claim player=Ben word=GLIDERS from=Ann:GLIDER"))
Traceback (most recent call last):
...
companion.errors.RuleError: GLIDERS needs letters not in the centre: S [not-scrabble 08]
>>> [(s.player, s.score) for s in game.standings()]
[('Ann', 6), ('Ben', 0)]
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, ClassVar

from companion.errors import WordtableError
from companion.games.base import DrawForFirst, Game, RuleError, Standing, ranked
from companion.games.options import COMPOUNDS_ALLOWED, Option
from companion.records import Event, RecordError
from companion.sets.tilesets import SCRABBLE_NO_BLANKS
from companion.text import count
from companion.words.letters import LetterError, Letters
from companion.words.rules import TakeKind, WordRules
from companion.words.solver import FindResult, Referee, TakeCheck

RULES = WordRules("Not Scrabble", 3, TakeKind.STEAL)
LOCKOUT_DRAWS = 2  # rule 07: "not allowed to say anything until two more letters have been drawn"
# Rule 06 "simultaneously", on the buzzer box's clock: presses this close are one call. A shout
# takes people a few hundred milliseconds and two players who react to the same letter press
# within about a quarter of a second of each other (docs/records.md); a table may set its own.
DEFAULT_WINDOW_MS = 250
MAX_WINDOW_MS = 2000


BLANKS = ("?", "_", "blank")  # how a blank tile is written, or read by the camera


def _none_left(letter: str, drawn: bool = False) -> str:
    """Why a letter cannot come out of the counted bag (rule 13: the Scrabble set, less its
    blanks): the set's count of it is all drawn (``drawn``: held by players drawing for first).

    >>> _none_left("z")
    'no Z left in the bag: a Scrabble set less its blanks has 1 Z, and it is out'
    """
    held = SCRABBLE_NO_BLANKS.counts[ord(letter.lower()) - ord("a")]
    out = "it is out" if held == 1 else "all are out"
    if drawn:
        out = "a player drawing for first holds it" if held == 1 else "players drawing for first hold them"
    return f"no {letter.upper()} left in the bag: a Scrabble set less its blanks has {held} {letter.upper()}, and {out}"


def _letter(value: object) -> str:
    text = str(value).lower()
    if text in BLANKS:
        raise RuleError("not-scrabble 13", "blank tiles are not used")
    if len(text) != 1 or not ("a" <= text <= "z"):
        raise RecordError(f"{value!r} is not one letter A-Z")
    return text


@dataclass(frozen=True)
class Call:
    """A word called out by a player (rule 04)."""

    player: str
    word: str

    def __str__(self) -> str:
        return f"{self.player}'s {self.word.upper()}"


@dataclass(frozen=True)
class Contest:
    """Rule 06 for calls made together: ``winner`` is the call that claims, or None while the
    ``tied`` calls (the longest, of equal length) wait for rock-paper-scissors; ``claimed`` once
    the winner has claimed. Until the next letter, the other words of the call stay unclaimed.

    >>> contest = settle_calls([Call("Ann", "ride"), Call("Ben", "glider")])
    >>> contest.refusal(Call("Cat", "lid"))
    "Ben's GLIDER won the words called together: Ben claims GLIDER first"
    >>> contest.without("Ben", "glider").winner  # GLIDER was not there: RIDE is the longest left
    Call(player='Ann', word='ride')
    """

    calls: tuple[Call, ...]
    tied: tuple[Call, ...] = ()
    winner: Call | None = None
    claimed: bool = False

    @property
    def players(self) -> list[str]:
        """The players who play rock-paper-scissors now (none once a winner is known)."""
        return list(dict.fromkeys(c.player for c in self.tied))

    def refusal(self, call: Call) -> str | None:
        """Why ``call`` may not claim now, by anyone (None: it may)."""
        if call == self.winner or not self.calls:
            return None
        if self.tied:
            together = f"{' and '.join(self.players)} called words of {len(self.tied[0].word)} letters together"
            return f"{together}: rock-paper-scissors decides first"
        assert self.winner is not None
        if call in self.calls:
            if len(call.word) < len(self.winner.word):
                return f"{call} was called together with {self.winner}: the longest word wins"
            return f"{call} lost rock-paper-scissors to {self.winner}"
        if not self.claimed:
            winner = self.winner
            return f"{winner} won the words called together: {winner.player} claims {winner.word.upper()} first"
        lost = next((c for c in self.calls if Letters(c.word) == Letters(call.word) and c != self.winner), None)
        if lost is not None:  # the word, or its letters rearranged (DEN, END)
            same = "was" if lost.word == call.word else f"rearranges {lost.word.upper()}, which was"
            wait = "not to be claimed before the next letter"
            return f"{call.word.upper()} {same} called together with {self.winner}: {wait}"
        return None

    def won(self, call: Call) -> Contest:
        """The contest once ``call`` has claimed (the winner's claim settles it)."""
        return replace(self, claimed=True) if call == self.winner else self

    def without(self, player: str, word: str | None) -> Contest:
        """The contest once ``player``'s call (of ``word``; any word when None) is found false or
        refused: a winner's or a tied call goes, and the longest of the rest wins (rule 07: "a word
        that isn't there" wins nothing); a losing call stays lost."""
        gone = [c for c in self.calls if c.player == player and (word is None or c.word == word.lower())]
        if self.claimed or not (self.winner in gone or any(c in self.tied for c in gone)):
            return self
        return settle_calls([c for c in self.calls if c not in gone])


def settle_calls(calls: list[Call]) -> Contest:
    """Rule 06: "the player who shouted the longest word wins, and claims that word. If the words
    are of the same length, then the winner is decided by rock-paper-scissors."

    >>> settle_calls([Call("Ann", "ride"), Call("Ben", "glider")]).winner
    Call(player='Ben', word='glider')
    >>> settle_calls([Call("Ann", "ride"), Call("Ben", "tide"), Call("Cat", "oat")]).players
    ['Ann', 'Ben']
    """
    if not calls:
        return Contest(())
    longest = max(len(c.word) for c in calls)
    top = tuple(c for c in calls if len(c.word) == longest)
    if len({c.player for c in top}) == 1:
        return Contest(tuple(calls), winner=top[0])
    return Contest(tuple(calls), tied=top)


class NotScrabble(Game):
    name = "not-scrabble"
    title = "Not Scrabble"
    OVER_RULE = "not-scrabble 22"
    # not-scrabble.txt rule 04/16: "a word of three or more letters"; rules 08-12: steals with
    # at least one added letter and a different stem.
    word_rules = RULES
    OPTIONS: ClassVar[tuple[Option, ...]] = (
        Option("tiles", "Tiles", str, "scrabble", (("scrabble", "a Scrabble set without blanks (98, counted)"),
                                                   ("camera", "as the camera sees them (not counted)"))),
        Option("window_ms", 'Shout window, ms (rule 06 "simultaneously")', int, DEFAULT_WINDOW_MS, low=0,
               high=MAX_WINDOW_MS),
        COMPOUNDS_ALLOWED,
    )  # fmt: skip
    EVENTS: ClassVar[dict[str, str]] = {
        "first-draw": "_first_draw",
        "draw": "_draw",
        "claim": "_claim",
        "false-call": "_false_call",
        "refused-call": "_refused_call",
        "rock-paper-scissors": "_rock_paper_scissors",
        "simultaneous": "_simultaneous",
        "buzz": "_buzz",
        "end": "_end",
    }

    @classmethod
    def new(cls, referee: Referee, players: list[str], tiles: str = "scrabble", **options: Any) -> NotScrabble:
        if tiles not in ("scrabble", "camera"):
            raise RecordError("tiles is 'scrabble' (the 98-tile bag) or 'camera' (letters as seen)")
        return super().new(referee, players, tiles=tiles, **options)

    def reset(self) -> None:
        window = self.setup.get("window_ms", DEFAULT_WINDOW_MS)
        if not isinstance(window, int) or isinstance(window, bool) or not 0 <= window <= MAX_WINDOW_MS:
            raise RecordError(f"window_ms: whole milliseconds from 0 to {MAX_WINDOW_MS} (rule 06 'simultaneously')")
        self.counted_bag = self.setup.get("tiles", "scrabble") == "scrabble"
        self.bag: Letters = SCRABBLE_NO_BLANKS if self.counted_bag else Letters()
        self.pool = Letters()
        self.words: dict[str, list[str]] = {p: [] for p in self.players}
        self.first_draw = DrawForFirst(self.players, nearest="a")  # rule 01
        self.first: str | None = None
        self.turn: str | None = None  # who holds the bag
        self.drawn = 0  # letters turned up into the centre
        self.locked_until: dict[str, int] = {}
        self.ended: str | None = None
        #: Rule 06: the last calls made together, until the next letter once they are settled.
        self.contest: Contest | None = None

    @property
    def over(self) -> bool:
        return self.ended is not None

    # -- the rules -----------------------------------------------------------------------

    def _first_draw(self, event: Event) -> None:
        """Rule 01: "Players each draw one letter ... nearest the beginning of the alphabet goes
        first." Equal nearest letters draw again; the letters go back in the bag."""
        player, letter = self.player(event["player"]), _letter(event["letter"])
        if self.counted_bag and not Letters(letter) + Letters(self.first_draw.held) <= self.bag:
            raise RuleError("not-scrabble 13", _none_left(letter, drawn=True))
        try:
            self.first = self.turn = self.first_draw.draw(player, letter)
        except WordtableError as error:
            raise RuleError("not-scrabble 01", str(error)) from None

    def _draw(self, event: Event) -> None:
        """Rule 02: the player with the bag turns a letter up in the centre; the bag passes left."""
        player, letter = self.player(event["player"]), _letter(event["letter"])
        if self.turn is None:
            raise RuleError("not-scrabble 01", "draw for first player before play begins")
        if player != self.turn:
            raise RuleError("not-scrabble 02", f"{self.turn} has the bag, not {player}")
        if self.counted_bag:
            if not self.bag:
                raise RuleError("not-scrabble 22", "the bag is empty")
            if not Letters(letter) <= self.bag:
                raise RuleError("not-scrabble 13", _none_left(letter))
            self.bag = self.bag - Letters(letter)
        self.pool = self.pool + Letters(letter)
        self.drawn += 1
        if self.contest is not None and not self.contest.tied:
            self.contest = None  # a new letter: the calls made together are settled and past
        self.turn = self.players[(self.players.index(player) + 1) % len(self.players)]

    def _source(self, value: object) -> tuple[str, str] | None:
        """``from``: ``Owner:WORD`` (any player's word, one's own included: rule 08) or null."""
        if value in (None, ""):
            return None
        owner, sep, word = str(value).partition(":")
        if not sep:
            raise RecordError(f"from={value!r}: write the owner and the word, as Ann:RIDE")
        owner = self.player(owner)
        if word.lower() not in self.words[owner]:
            raise RuleError("not-scrabble 08", f"{owner} has no word {word.upper()}")
        return owner, word.lower()

    def claim_check(self, player: str, word: str, source: object = None) -> TakeCheck:
        """Rules 04-12 for a claim now, without changing anything: raises :class:`RuleError`.

        A word of 3+ letters from the centre, or any player's word (one's own included) rearranged
        with at least one centre letter added, with a different stem.
        """
        player = self.player(player)
        try:
            Letters(word)
        except LetterError:
            raise RuleError("not-scrabble 15", f"{word!r} is not a word") from None
        if self.first is None:
            raise RuleError("not-scrabble 01", "play begins once the first player is drawn")
        if self.locked_until.get(player, 0) > self.drawn:
            wait = self.locked_until[player] - self.drawn
            raise RuleError(
                "not-scrabble 07",
                f"{player} made a false call: no calls until {count(wait, 'more letter', 'more letters')}",
            )
        owner_word = self._source(source)
        sources = [owner_word[1]] if owner_word else []
        check = self.referee.check_take(sources, word.lower(), self.pool, RULES)
        if not check.legal:
            rule = {"word": "not-scrabble 15", "nothing-added": "not-scrabble 10", "stem": "not-scrabble 11"}
            raise RuleError(rule.get(check.rule, "not-scrabble 08" if owner_word else "not-scrabble 04"), check.reason)
        # a word that is there, and words called together are settled first (a word that is not
        # there is a false call whatever the contest)
        refusal = self.contest.refusal(Call(player, word.lower())) if self.contest else None
        if refusal:
            raise RuleError("not-scrabble 06", refusal)
        return check

    def _claim(self, event: Event) -> None:
        player, word, source = event["player"], str(event["word"]).lower(), event.get("from")
        check = self.claim_check(player, word, source)
        owner_word = self._source(source)
        if owner_word:
            self.words[owner_word[0]].remove(owner_word[1])
        self.pool = self.pool - check.added
        self.words[player].append(word)
        if self.contest is not None:
            self.contest = self.contest.won(Call(self.player(player), word))

    def _false_call(self, event: Event) -> None:
        """Rule 07: "If you call out a word that isn't there, then you miss a turn"."""
        player = self.player(event["player"])
        self.locked_until[player] = self.drawn + LOCKOUT_DRAWS
        self._drop_call(player, event.get("word"))

    def _drop_call(self, player: str, word: object) -> None:
        """A call of the words called together found false or refused: the longest left wins."""
        if self.contest is not None:
            self.contest = self.contest.without(player, None if word in (None, "") else str(word))

    def _refused_call(self, event: Event) -> None:
        """A word that is on the table but may not be claimed (rules 10, 11): refused, no penalty
        (rule 07 punishes only "a word that isn't there"). A record, with its reason."""
        self._drop_call(self.player(event["player"]), event.get("word"))

    def _rock_paper_scissors(self, event: Event) -> None:
        """Rule 06: "If the words are of the same length, then the winner is decided by
        rock-paper-scissors": only the players of the longest words of a ``simultaneous`` call, all
        of them. Recorded with ``method`` played or drawn."""
        players = event["players"]
        if not isinstance(players, list) or len(players) < 2:
            raise RecordError("rock-paper-scissors needs two or more players")
        for p in players:
            self.player(p)
        if event["winner"] not in players:
            raise RecordError(f"the winner {event['winner']!r} did not play rock-paper-scissors")
        if event.get("method", "played") not in ("played", "drawn"):
            raise RecordError("method is 'played' (the players' result) or 'drawn' (a random draw)")
        contest = self.contest
        if contest is None or not contest.tied:
            raise RuleError("not-scrabble 06", "rock-paper-scissors settles words of the same length called "
                            "together: no such calls wait (record the simultaneous calls first)")  # fmt: skip
        if sorted(players) != sorted(contest.players):
            others = [c for c in contest.calls if c.player in players and c not in contest.tied]
            if others:
                raise RuleError("not-scrabble 06", f"{others[0]} is shorter than {contest.tied[0]}: the longest "
                                "word wins, rock-paper-scissors is only for words of the same length")  # fmt: skip
            raise RuleError("not-scrabble 06", f"rock-paper-scissors is played by {', '.join(contest.players)}")
        winner = next(c for c in contest.tied if c.player == event["winner"])
        self.contest = Contest(contest.calls, winner=winner)

    def _simultaneous(self, event: Event) -> None:
        """Rule 06: calls within the table's window, as the arbiter saw them (``players`` and their
        ``words``, in the same order). The longest word wins; words of the same length wait for
        ``rock-paper-scissors``. A player silenced by a false call is not heard (rule 07)."""
        players, words = event["players"], event["words"]
        if not isinstance(players, list) or not isinstance(words, list) or len(players) != len(words):
            raise RecordError("simultaneous: a list of players and a list of their words, as many of each")
        calls = []
        for p, word in zip(players, words, strict=True):
            player = self.player(p)
            try:
                letters = Letters(str(word))
            except LetterError:
                raise RecordError(f"{word!r} is not a word") from None
            if not letters:
                raise RecordError(f"{player}'s word is empty: write the word called")
            if not self.locked_out(player):
                calls.append(Call(player, str(word).lower()))
        self.contest = settle_calls(calls)

    def _buzz(self, event: Event) -> None:
        """Rules 04 and 06 with buzzers: the arbiter's decision and the device times it used (a
        record: the claim follows when the winner says his word)."""
        for p in event["players"]:
            self.player(p)

    def locked_out(self, player: str) -> str | None:
        """Rule 07: why ``player`` may not call now, or None."""
        left = self.locked_until.get(player, 0) - self.drawn
        return f"false call: silent until {count(left, 'more letter', 'more letters')}" if left > 0 else None

    def _end(self, event: Event) -> None:
        """Rule 22: "When the last letter has been drawn from the bag and everybody agrees that no
        more new words can be formed". ``reason`` no-words (the solver must agree) or agreed."""
        reason = event["reason"]
        if reason == "agreed":
            self.ended = reason
            return
        if reason != "no-words":
            raise RecordError("an end's reason is 'no-words' or 'agreed'")
        if self.counted_bag and self.bag:
            raise RuleError("not-scrabble 22", f"{count(len(self.bag), 'letter')} still in the bag")
        found = self.legal_claims()
        if found.new or found.steals:
            example = found.new[0] if found.new else found.steals[0].new
            total = len(found.new) + len(found.steals)
            raise RuleError("not-scrabble 22", f"{count(total, 'word')} can still be formed, such as {example.upper()}")
        self.ended = reason

    # -- what the table can see ----------------------------------------------------------

    def legal_claims(self) -> FindResult:
        """Every word the centre makes and every legal steal now (the solver)."""
        table = [w for words in self.words.values() for w in words]
        return self.referee.find(self.pool, table, RULES)

    def owners(self, word: str) -> list[str]:
        return [p for p, words in self.words.items() if word.lower() in words]

    def standings(self) -> list[Standing]:
        """Rule 22: "the player with the most letters wins". The rule names no tie-break: players
        with as many letters share the place, marked ``tied`` (seating order lists them)."""
        scores = {p: sum(len(w) for w in self.words[p]) for p in self.players}
        details: dict[str, dict[str, Any]] = {}
        for p in self.players:
            place = 1 + sum(1 for q in self.players if scores[q] > scores[p])
            tied = sum(1 for q in self.players if scores[q] == scores[p]) > 1
            details[p] = {"words": [w.upper() for w in self.words[p]], "letters": scores[p], "place": place}
            if tied:
                details[p].update(tied=True, tie_break="none: rule 22 names no tie-break")
        return ranked(scores, details, self.players)

    def state(self) -> dict[str, Any]:
        return {
            **super().state(),
            "pool": str(self.pool),
            "bag": len(self.bag) if self.counted_bag else None,
            "turn": self.turn,
            "words": {p: [w.upper() for w in ws] for p, ws in self.words.items()},
            "locked": {p: n - self.drawn for p, n in self.locked_until.items() if n > self.drawn},
            "rock_paper_scissors": self.contest.players if self.contest else [],
            "over": self.over,
        }
