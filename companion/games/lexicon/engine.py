"""LEXICON (1935), Crossword Lexicon (1937) and LEXICON party play (shared/rules/lexicon.txt).

Public API: :class:`Lexicon`.

Events (docs/records.md): ``game`` (players; ``variant``: null for the 1935 game, ``crossword``
or ``party``; ``deck``: parker or waddingtons; ``packs``; ``ending``: elimination or lowest;
``limit``: 100, or 50 for the quick game; ``limit_applies``; ``max_cards``; ``wide_open``;
``min_length``; ``hand_minutes`` (party); ``dealer`` (party: the winner arriving deals);
``red_figures``), ``cut``, ``deal``,
``word``, ``discard``, ``insert``, ``exchange``, ``place`` (crossword), ``challenge``, ``bell``
(party), ``reveal``, ``end``.

Hands are hidden, so the engine counts cards; the letters in a hand are shown only when a round
ends (``reveal``). Words are placed as the player calls them and stand unless challenged before
the next player moves ("If a spelling mistake, or a word subject to disqualification, passes
undetected and the player next in turn has played, the mistake cannot be rectified").

>>> from companion.records import Event
>>> from companion.words.solver import Referee
>>> game = Lexicon.new(Referee.load(), ["Ann", "Ben"])
>>> for text in ["cut player=Ann card=C", "cut player=Ben card=A", "deal exposed=Q",
...              "word player=Ann word=MOTHER", "insert player=Ben word=MOTHER new=SMOTHERED"]:
...     _ = game.push(Event.from_text(text))
>>> game.table, game.hands
(['SMOTHERED'], {'Ann': 4, 'Ben': 7})
"""

from __future__ import annotations

from typing import Any, ClassVar

from companion.errors import InvalidInputError, WordtableError
from companion.games.base import DrawForFirst, Game, RuleError, Standing
from companion.games.lexicon.crossword import Grid, GridError, parse_cells
from companion.games.options import Option
from companion.records import Event, RecordError
from companion.sets.cards import MASTER, RedFigures, deck
from companion.words.rules import TakeKind, WordRules

HAND = 10  # "Ten cards are dealt one at a time to each of the players"
CHALLENGE = 10  # "ten points are added to the challenger's score" / deducted
PARTY_FINE = 50  # party: "the player putting it down is fined 50 points"
PARTY_MINUTES = 7  # party: "Seven minutes (or less if arranged) is the maximum time allowed for each hand"
VARIANTS = (None, "crossword", "party")


def _word(value: object, what: str = "word") -> str:
    text = str(value or "")
    if not text.isascii() or not text.isalpha():
        raise RecordError(f"{what} {value!r}: letters A-Z only (a master as the lowercase letter)")
    return text


class Lexicon(Game):
    name = "lexicon"
    title = "LEXICON"
    variant_names = VARIANTS
    variant_titles: ClassVar[dict[str | None, str]] = {
        "crossword": "Crossword Lexicon",
        "party": "LEXICON party play",
    }
    # lexicon.txt sets no minimum for the 1935 game ("Only words found in any standard Dictionary
    # are to be used"): A and I are words (``min_length`` sets a house minimum). A crossword word is
    # two letters at least, a line of one card being no word. Rule (c) inserts cards into a word
    # without disturbing its order.
    word_rules = WordRules("LEXICON", 1, TakeKind.INSERT)
    variant_word_rules: ClassVar[dict[str | None, WordRules]] = {
        "crossword": WordRules("Crossword Lexicon", 2, TakeKind.INSERT),
        "party": WordRules("LEXICON party play", 1, TakeKind.INSERT),
    }
    OVER_RULE = "lexicon object"
    OPTIONS: ClassVar[tuple[Option, ...]] = (
        Option("deck", "Deck", str, "parker", (("parker", "Parker Brothers (52 letters, 2 masters)"),
                                               ("waddingtons", "Waddingtons (51 letters, 1 master)"))),
        Option("packs", "Packs", int, None, low=1, high=2),
        Option("ending", "At the limit", str, None, (("elimination", "players are eliminated (1935)"),
                                                     ("lowest", "the lowest score wins (Crossword)")),
               variants=(None, "crossword")),
        Option("limit", "Score limit (the Crossword rules' quick game: 50, with the lowest score winning)", int, 100,
               low=10, high=1000, variants=(None, "crossword")),
        Option("limit_applies", "A limit reached by a challenge's points applies", str, "at-once",
               (("at-once", "at once (the texts: 'as soon as', 'the first player to reach')"),
                ("end-of-hand", "when the hand ends")), variants=(None, "crossword")),
        Option("max_cards", "Cards a turn may join (Crossword)", int, 4, low=1, high=10),
        Option("wide_open", "The Wide Open Game", bool, False),
        Option("min_length", "Shortest word (the 1935 text sets none)", int, 1, low=1, high=4,
               variants=(None, "party")),
        Option("hand_minutes", "Minutes a hand, then the bell (seven, or less if arranged)", int, PARTY_MINUTES,
               low=1, high=PARTY_MINUTES, variants=("party",)),
        Option("red_figures", "Your deck's red figures, as A10,B2,*15 (the text prints none)", str),
        Option("dealer", "Dealer, with no cut (a party's later hands: the winner arriving deals)", str,
               variants=("party",)),
    )  # fmt: skip
    EVENTS: ClassVar[dict[str, str]] = {
        "cut": "_cut",
        "deal": "_deal",
        "word": "_word_move",
        "insert": "_word_move",
        "exchange": "_word_move",
        "place": "_place",
        "discard": "_discard",
        "challenge": "_challenge",
        "bell": "_bell",
        "reveal": "_reveal",
        "end": "_end",
    }

    def reset(self) -> None:
        setup = self.setup
        if self.variant not in VARIANTS:
            raise RecordError(f"LEXICON variant is null, crossword or party, not {self.variant!r}")
        if self.variant == "party" and len(self.players) != 4:
            raise RecordError("party play is at tables of four")
        self.deck_name = setup.get("deck", "parker")
        self.packs = int(setup.get("packs", 2 if len(self.players) >= 5 else 1))
        try:
            self.cards = deck(self.deck_name, self.packs)
        except InvalidInputError as error:
            raise RecordError(str(error)) from None
        # The 1935 rules: elimination at 100; the Crossword rules: lowest score when one reaches 100;
        # a party: no limit, "At the end of the party the winner is the player who has the lowest score".
        self.ending = setup.get("ending", "lowest" if self.variant == "crossword" else "elimination")
        if self.variant == "party":
            self.ending = "party"
        elif self.ending not in ("elimination", "lowest"):
            raise RecordError("ending is 'elimination' or 'lowest'")
        self.limit = int(setup.get("limit", 100))
        self.limit_at_once = setup.get("limit_applies", "at-once") == "at-once"
        self.hand_minutes = int(setup.get("hand_minutes", PARTY_MINUTES))
        try:
            self.figures = RedFigures.parse(setup.get("red_figures"))
        except InvalidInputError as error:
            raise RecordError(str(error)) from None
        self.max_cards = setup.get("max_cards", 4)
        self.wide_open = bool(setup.get("wide_open", False))
        self.scores = {p: 0 for p in self.players}
        self.eliminated: list[str] = []
        self.cut = DrawForFirst(self.players, nearest="a")
        self.dealer: str | None = None
        # Party play, 5: "The winner at each table must shuffle and deal at the next table on
        # arrival": no cut at the hands after the first.
        self.dealt_by_arrival = bool(setup.get("dealer")) and self.variant == "party"
        if self.dealt_by_arrival:
            self.dealer = self.player(setup["dealer"])
        self.rounds = 0
        self.ended: str | None = None
        self.hand: dict[str, int] = {}  # the last hand's penalty points, each player's, once shown
        self._new_round_state()

    @property
    def rules(self) -> WordRules:
        """Wide Open Game: "Plurals and Proper names may be used, and words of any number of letters"."""
        rules = self.rules_for(self.variant)
        if self.wide_open:
            return rules.with_min_length(1)
        return rules.with_min_length(int(self.setup.get("min_length", rules.min_length)))

    def _new_round_state(self) -> None:
        self.hands: dict[str, int] = {p: 0 for p in self.players}
        self.table: list[str] = []  # 1935 and party: the words on the table (masters in lowercase)
        self.grid = Grid()  # crossword
        self.exposed: str | None = None
        self.blind = 0
        self.discards = 0  # cards under the exposed card
        self.turn: str | None = None
        self.playing = False
        self.out: str | None = None  # the player who has run out, round awaiting the reveal
        self.bell = False
        self.last: dict[str, Any] | None = None  # the last word move, before the next player moves
        self.moves: list[dict[str, Any]] = []  # every word move of this hand, for challenges
        self.forfeit: set[str] = set()  # struck on an earlier word: they miss their next turn

    @property
    def over(self) -> bool:
        return self.ended is not None

    @property
    def to_play(self) -> str | None:
        """Whose turn it is while a hand is being played; nobody's once a player is out, the bell
        has rung, or before the deal."""
        return self.turn if self.playing else None

    @property
    def next_dealer(self) -> str | None:
        """Who deals the next round: the cut's winner first, "thereafter the deal is taken in rotation"."""
        if self.dealer is None or not self.rounds:
            return self.dealer
        return self._next(self.dealer)

    @property
    def active(self) -> list[str]:
        return [p for p in self.players if p not in self.eliminated]

    # -- events --------------------------------------------------------------------------

    def _cut(self, event: Event) -> None:
        """DEALER: "all players cut and the one who cuts the highest card deals, "A" being high and
        "Z" being low ... the persons who tie must re-cut"."""
        player = self.player(event["player"])
        if self.dealt_by_arrival:
            raise RuleError("lexicon party", f"{self.dealer} arrived as a table's winner and deals: no cut")
        # "A" high: the highest card is the letter nearest the start of the alphabet.
        try:
            self.dealer = self.cut.draw(player, event["card"])
        except WordtableError as error:
            raise RuleError("lexicon dealer", str(error)) from None

    def _next(self, player: str) -> str:
        """The next player still in the game to the left of ``player``."""
        i = self.players.index(player)
        for k in range(1, len(self.players) + 1):
            candidate = self.players[(i + k) % len(self.players)]
            if candidate in self.active:
                return candidate
        return player

    def _next_turn(self, player: str) -> str:
        """Whose turn follows ``player``'s: the next player, passing over once each player who
        forfeits a turn (1935: a word of his struck after his turn had passed)."""
        turn = self._next(player)
        for _ in range(len(self.players)):
            if turn not in self.forfeit or len(self.forfeit & set(self.active)) >= len(self.active):
                break
            self.forfeit.discard(turn)
            turn = self._next(turn)
        return turn

    def _deal(self, event: Event) -> None:
        """DEALING: ten cards each; the rest face down; "the top card exposed and placed alongside";
        the player on the left of the dealer commences. The deal is taken in rotation."""
        if self.dealer is None:
            raise RuleError("lexicon dealer", "cut for dealer first")
        if self.playing or self.out:
            raise RuleError("lexicon object", "the round is not over")
        exposed = _word(event["exposed"], "exposed card").upper()
        blind = sum(self.cards.values()) - HAND * len(self.active) - 1
        if blind < 0:  # checked before anything changes
            raise RecordError("not enough cards for so many players: add a pack")
        self.dealer = dealer = self.next_dealer or self.dealer
        self._new_round_state()
        for p in self.active:
            self.hands[p] = HAND
        self.blind = blind
        self.exposed = exposed[0]
        self.turn = self._next(dealer)
        self.playing = True
        self.rounds += 1
        self.outcome = f"{self.dealer} dealt round {self.rounds}; {self.turn} plays first"

    def _require_turn(self, player: str) -> None:
        if not self.playing:
            raise RuleError("lexicon play", "no round is being played")
        if player != self.turn:
            raise RuleError("lexicon play", f"it is {self.turn}'s turn, not {player}'s")

    def _word_move(self, event: Event) -> None:
        """PLAY (a) "form one complete word and place it face up on the table"; (c) "insert a card,
        or cards, in any such word ... the order of the letters must not be disturbed"; (d) "take a
        card, or cards, out of his own hand and change it, or them, for a letter, or letters in a
        word provided the word left on the table is complete". Masters are written as the
        lowercase letter they stand for and stay so ("must be left like any other card")."""
        if self.variant == "crossword":
            raise RuleError("lexicon crossword", "in Crossword Lexicon cards are placed on the grid")
        player = self.player(event["player"])
        self._require_turn(player)
        before = (list(self.table), dict(self.hands))
        if event.type == "word":
            new = _word(event["word"])
            used, back = len(new), 0
            if len(new) < self.rules.min_length:
                raise RuleError("lexicon play", f"{new.upper()} is too short")
            table = [*self.table, new]
        else:
            old = self._find(event["word"])
            new = _word(event["new"], "new word")
            new = _as_laid(self.table[old], new, event.type == "insert")  # the table's masters, as they lie
            old_plain, new_plain = self.table[old].upper(), new.upper()
            if event.type == "insert":
                if len(new) <= len(self.table[old]) or not _keeps_order(self.table[old], new):
                    raise RuleError("lexicon play (c)", f"{new_plain} does not keep {old_plain} in order")
                used, back = len(new) - len(self.table[old]), 0
            else:
                changed = [i for i, (a, b) in enumerate(zip(self.table[old], new, strict=False)) if a != b]
                if len(new) != len(self.table[old]) or not changed:
                    raise RuleError("lexicon play (d)", f"{new_plain} must be {old_plain} with letters changed")
                if any(self.table[old][i].islower() for i in changed):
                    raise RuleError("lexicon master cards", "a master card stays for the letter it was played as")
                used = back = len(changed)
            table = list(self.table)
            table[old] = new
        if used > self.hands[player]:
            raise RuleError("lexicon play", f"{player} holds only {self.hands[player]} cards")
        self.table = table
        self.hands[player] += back - used
        if not new.isupper():  # the word as it lies, its master cards shown: HeAT
            masters = ", ".join(c.upper() for c in new if c.islower())
            self.outcome = f"{new} on the table (a master card as {masters})"
        old_word = None if event.type == "word" else before[0][old]
        self._after_word(player, event, new, before, {"after": new, "old": old_word, "cards": used - back})

    def _find(self, value: object) -> int:
        """The word on the table: as it lies (HeAT, its master shown) first, then in any case."""
        typed = _word(value)
        if typed in self.table:
            return self.table.index(typed)
        word = typed.upper()
        for i, w in enumerate(self.table):
            if w.upper() == word:
                return i
        raise RuleError("lexicon play", f"no word {word} on the table")

    def _place(self, event: Event) -> None:
        """Crossword Lexicon: cards joined to the crossword, words both ways (crossword.Grid)."""
        if self.variant != "crossword":
            raise RuleError("lexicon play", "place is the Crossword Lexicon's move")
        player = self.player(event["player"])
        self._require_turn(player)
        try:
            cells = parse_cells(event["cells"])
        except GridError as error:
            raise RecordError(str(error)) from None
        if len(cells) > self.hands[player]:
            raise RuleError("lexicon play", f"{player} holds only {self.hands[player]} cards")
        before = (self.grid.copy(), dict(self.hands))
        grid = self.grid.copy()
        try:
            placed = grid.place(cells, None if self.wide_open else self.max_cards, plurals=self.wide_open)
        except GridError as error:
            raise RuleError(f"lexicon crossword {error.rule}", str(error)) from None
        lines = {c for c in cells} | {c for line in placed.lines for c in line}
        self.grid = grid
        self.hands[player] -= len(cells)
        self.outcome = f"making {', '.join(w.upper() for w in placed.words)}"  # "calling it by name as it is played"
        self._after_word(player, event, " ".join(placed.words), before,
                         {"cells": set(cells), "lines": lines, "cards": len(cells)})  # fmt: skip

    def _after_word(self, player: str, event: Event, words: str, before: tuple[Any, dict[str, int]],
                    undo: dict[str, Any]) -> None:  # fmt: skip
        self.last = {"player": player, "words": words, "before": before, "type": event.type, **undo}
        self.moves.append(self.last)
        self._end_turn(player)

    def _end_turn(self, player: str) -> None:
        if self.hands[player] == 0:
            self.out = player  # "The first player to do this ends the round"
            self.playing = False
        self.turn = self._next_turn(player)

    def _discard(self, event: Event) -> None:
        """PLAY (b): "discard one of his cards and take either the exposed card or the blind one
        ... He must discard BEFORE taking up". THE PACK: a spent blind pile is made again from
        the discards."""
        player = self.player(event["player"])
        self._require_turn(player)
        card = str(event["card"]).upper()
        if len(card) != 1 or not (card.isalpha() or card == MASTER):
            raise RecordError(f"discard {event['card']!r}: one card, a letter or *")
        take = event["take"]
        if take not in ("exposed", "blind"):
            raise RecordError("take is 'exposed' or 'blind'")
        if take == "blind":
            if self.blind == 0:
                self.blind, self.discards = self.discards, 0  # "picked up, shuffled"
                if self.blind == 0:
                    raise RuleError("lexicon the pack", "no card left to draw: take the exposed card")
            self.blind -= 1
            self.discards += 1
        self.exposed = card
        self.last = None
        self._end_turn(player)

    def _challenge(self, event: Event) -> None:
        """CHALLENGES: "A word can be challenged by any player"; a wrong challenger gets +10; a right
        one -10, and "the player who placed the challenged word on the table takes up his cards and
        loses that turn". ``word`` names the word challenged: any word still on the table as its
        player left it (the 1935 and 1937 texts set no time limit; a crossword word with cards laid
        against it since cannot be taken up). Party play: only until the next player has played
        ("the mistake cannot be rectified but must be allowed to stand"); the Steward decides; a
        wrong word costs its player 50 ("The challenger does not receive any points"); a spelling
        mistake costs nothing but the cards go back. A limit reached applies at once (``limit_applies``)."""
        challenger = self.player(event["player"])
        if not (self.playing or self.out or self.bell):
            raise RuleError("lexicon challenges", "no hand is being played: the hands were shown, the words settled")
        named = event.get("word")
        move = self._challenged(None if named in (None, "") else _word(named).upper())
        if challenger == move["player"]:
            raise RuleError("lexicon challenges", "a player does not challenge his own word")
        words = [named.upper()] if named else move["words"].split()
        wrong = [w for w in words if not self.referee.dictionary.check(w.lower(), self.rules).valid]
        if wrong:
            self._check_take_back(move)  # before any score changes
        player = move["player"]
        said = " and ".join(words)
        if self.variant == "party":
            if not wrong:
                self.last = None
                self.outcome = f"{said} stands: in the dictionary"
                return
            if not bool(event.get("spelling", False)):
                self.scores[player] += PARTY_FINE
                fine = f", fined {PARTY_FINE}"
            else:
                fine = ": a spelling mistake, no fine"
            self.outcome = f"{' and '.join(wrong)} is wrong{fine}; {player} takes back the cards and loses the turn"
        elif not wrong:
            self.scores[challenger] += CHALLENGE
            if move is self.last:
                self.last = None
            self.outcome = f"{said} stands: in the dictionary, a wrong challenge"
            self._limit_now()
            return
        else:
            self.scores[challenger] -= CHALLENGE
            self.outcome = (
                f"{' and '.join(wrong)} is not in the dictionary: {player} takes up the cards and loses that turn"
            )
        self._take_back(move)

    def _challenged(self, named: str | None) -> dict[str, Any]:
        """The word move a challenge names (None: the last word placed, if the next player has not
        moved since), still standing as its player left it."""
        if named is None or self.variant == "party":
            if self.last is None:
                why = "the next player has played: the word stands" if self.variant == "party" else \
                    "name the word challenged"  # fmt: skip
                raise RuleError("lexicon challenges", why)
            if named is not None and named not in self.last["words"].upper().split():
                raise RuleError("lexicon challenges", f"{named} was not the last word placed: the next player has "
                                "played, so it stands")  # fmt: skip
            return self.last
        for move in reversed(self.moves):
            if named in move["words"].upper().split() and self._standing(move, named):
                found: dict[str, Any] = move
                return found
        raise RuleError("lexicon challenges", f"no word {named} on the table as a player placed it")

    def _standing(self, move: dict[str, Any], word: str) -> bool:
        """Is ``word`` of ``move`` still on the table as its player left it?"""
        if "cells" in move:
            return bool(move["cells"] <= set(self.grid.cells)) and word in self.grid.words()
        return bool(move["after"] in self.table)

    def challengeable(self) -> dict[str, str]:
        """The words a challenge may name now, latest first, each with the player who placed it:
        any word still on the table as its player placed it (party play: only the last word
        placed, until the next player moves)."""
        moves = ([self.last] if self.last else []) if self.variant == "party" else list(reversed(self.moves))
        found: dict[str, str] = {}
        for move in moves:
            if self._laid_against(move):
                continue  # cannot be taken up: a challenge could only cost the challenger
            for word in move["words"].upper().split():
                if word not in found and self._standing(move, word):
                    found[word] = move["player"]
        return found

    def _laid_against(self, move: dict[str, Any]) -> bool:
        """Has a crossword move had cards laid against it since (its word could not be taken up)?"""
        if move is self.last or "cells" not in move:
            return False
        return any(m["lines"] & move["cells"] for m in self.moves[self.moves.index(move) + 1 :])

    def _check_take_back(self, move: dict[str, Any]) -> None:
        """Refuse a challenge whose word cannot be taken up: a crossword word with cards laid
        against it since."""
        if self._laid_against(move):
            raise RuleError("lexicon challenges", f"cards have been laid against {move['words']} since: "
                            "they would be left without a word")  # fmt: skip

    def _take_back(self, move: dict[str, Any]) -> None:
        """The player "takes up his cards": the word as it was before his move, his cards in hand."""
        player = move["player"]
        if move is self.last and not move.get("stale"):
            table, hands = move["before"]
            if isinstance(table, Grid):
                self.grid = table
            else:
                self.table = table
            self.hands = hands
        elif "cells" in move:
            for cell in move["cells"]:
                del self.grid.cells[cell]
                self.grid.masters.discard(cell)
            self.hands[player] += move["cards"]
        else:
            at = self.table.index(move["after"])
            if move["old"] is None:
                del self.table[at]
            else:
                self.table[at] = move["old"]
            self.hands[player] += move["cards"]
        self.moves.remove(move)
        if move is not self.last and self.last is not None:
            self.last["stale"] = True  # its "before" no longer is: an earlier word has gone since
        if move is self.last:
            self.last = None  # the turn he placed it in is lost
        elif self.variant is not None:
            pass  # Crossword: "loses that turn", the one he placed it in; a party challenges the last word only
        elif self.turn == player and self.playing:
            self.turn = self._next_turn(player)  # 1935, "forfeits a turn": the one he is on
        else:
            self.forfeit.add(player)  # 1935, "forfeits a turn": his next
        if self.out == player:
            self.out, self.playing = None, True

    def _bell(self, event: Event) -> None:
        """Party play: "Seven minutes (or less if arranged) is the maximum time allowed for each
        hand"; every player then totals the cards in his hand."""
        if self.variant != "party":
            raise RuleError("lexicon party", "the bell rings only at a party")
        if not self.playing:
            raise RuleError("lexicon party", "no hand is being played")
        self.playing, self.bell = False, True  # the last word may still be challenged: nobody played after it

    def _reveal(self, event: Event) -> None:
        """THE OBJECT: "the other players count their scores from the numbers on the cards left in
        their hands", the red figures. ``hands``: ``Player:CARDS`` for every player holding cards."""
        if not (self.out or self.bell):
            raise RuleError("lexicon object", "the round is still being played")
        shown: dict[str, str] = {}
        for item in event["hands"] if isinstance(event["hands"], list) else [event["hands"]]:
            name, sep, cards = str(item).partition(":")
            if not sep:
                raise RecordError(f"{item!r}: write Player:CARDS")
            shown[self.player(name)] = cards.upper()
        for p in self.active:
            if self.hands[p] and len(shown.get(p, "")) != self.hands[p]:
                raise RuleError("lexicon object", f"{p} holds {self.hands[p]} cards, not {len(shown.get(p, ''))}")
        for p, cards in shown.items():  # every hand checked before any score changes
            if any(not ((c.isascii() and c.isalpha()) or c == MASTER) for c in cards):
                raise RecordError(f"{p}'s cards {cards!r}: letters and * only")
        self.hand = {p: self.figures.penalty(shown[p]) if self.hands[p] else 0 for p in self.active}
        for p, points in self.hand.items():
            self.scores[p] += points
        self.last = None
        self.out, self.bell, self.playing = None, False, False
        self._after_round()

    @property
    def hand_winners(self) -> list[str]:
        """The last hand's winners: "The player who runs out or who totals the lowest score" (party
        rule 5; several when the lowest totals tie, which the text does not settle)."""
        if not self.hand:
            return []
        low = min(self.hand.values())
        return [p for p, points in self.hand.items() if points == low]

    def _after_round(self) -> None:
        """100 eliminates (the last player left wins), or the game ends and the lowest score wins
        (the quick game: 50). A party has no limit: its tables play until the party ends."""
        self._limit_now(at_end_of_hand=True)

    def _limit_now(self, at_end_of_hand: bool = False) -> None:
        """ "The first player to reach 100 is eliminated" (1935); "As soon as any one player has a
        total score of 100 against his name, the game ends" (Crossword). Reached by a challenge's 10
        points in a hand, the limit applies at once unless ``limit_applies`` is end-of-hand."""
        if self.ending == "party" or not (at_end_of_hand or self.limit_at_once):
            return
        reached = [p for p in self.active if self.scores[p] >= self.limit]
        if not reached:
            return
        if self.ending == "lowest":
            self.ended = "limit"
            self.playing = False
            return
        self.eliminated.extend(reached)
        if self.turn in reached:
            self.turn = self._next(self.turn)
        if len(self.active) <= 1:
            self.ended = "elimination"
            self.playing = False

    def _end(self, event: Event) -> None:
        if event["reason"] != "agreed":
            raise RecordError("an end event's reason is 'agreed'")
        self.ended = "agreed"

    # -- reading -------------------------------------------------------------------------

    def standings(self) -> list[Standing]:
        """Lower is better in LEXICON: ``score`` is the penalty total. Players still in play come
        first, lowest first; eliminated players follow, the last to go out first."""
        survivors = sorted(self.active, key=lambda p: (self.scores[p], self.players.index(p)))
        order = survivors + list(reversed(self.eliminated))
        return [Standing(p, self.scores[p], {"eliminated": p in self.eliminated}) for p in order]

    def terms(self) -> dict[str, Any]:
        return {"lower_is_better": True}

    def state(self) -> dict[str, Any]:
        return {
            **super().state(),
            "dealer": self.dealer,
            "turn": self.to_play,
            "hands": dict(self.hands),
            "table": list(self.table) if self.variant != "crossword" else self.grid.render().splitlines(),
            "exposed": self.exposed,
            "blind": self.blind,
            "scores": dict(self.scores),
            "eliminated": list(self.eliminated),
            "red_figures": self.figures.as_dict(),
            "hand_minutes": self.hand_minutes if self.variant == "party" else None,
        }


def _as_laid(old: str, new: str, inserting: bool) -> str:
    """NEW as typed, with the letters it keeps of OLD in OLD's case: a master card on the table
    stays one however the referee types its letter (CHaRM grown into CHARMS is CHaRMS). A
    lowercase letter typed elsewhere is a new master.

    >>> _as_laid("CHaRM", "CHARMS", True), _as_laid("CHaRM", "CHASM", False), _as_laid("CAT", "CoAT", True)
    ('CHaRMS', 'CHaSM', 'CoAT')
    >>> _as_laid("LOT", "LoOT", True), _as_laid("EL", "eEL", True)
    ('LoOT', 'eEL')
    """
    if not inserting:
        if len(new) != len(old):
            return new
        return "".join(o if o.upper() == n.upper() else n for o, n in zip(old, new, strict=True))
    laid, at = list(new), 0
    for i, n in enumerate(new):  # a letter typed in lowercase is a master: it keeps only a master
        if at < len(old) and n.upper() == old[at].upper() and (n.isupper() or old[at].islower()):
            laid[i], at = old[at], at + 1
    return "".join(laid) if at == len(old) else new


def _keeps_order(old: str, new: str) -> bool:
    """Is OLD in NEW with its letters in order (cards inserted, none moved)? Case is kept, so a
    master on the table stays one."""
    letters = iter(new)
    return all(c in letters for c in old)
