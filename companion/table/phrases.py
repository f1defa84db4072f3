"""What happened, said as the table would say it: one line a player understands, with the rule.

Public API: :func:`describe`.

>>> describe(Event.from_text("claim player=Cat word=GLIDER from=Ann:RIDE"))
'Cat stole RIDE from Ann as GLIDER [rules 08, 09]'
>>> refused = {"player": "Ben", "word": "TEASER", "reason": "same stem", "rule": "not-scrabble 11"}
>>> describe(Event("refused-call", refused))
'Ben called TEASER: refused, no penalty: same stem [not-scrabble 11]'
>>> describe(Event.from_text("draw player=Ben letter=R by=camera"))
'Ben turned up R (seen by the camera)'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from companion.games.registry import title_of
from companion.records import Event
from companion.text import listed


def _players(value: object) -> str:
    return listed([str(p) for p in value] if isinstance(value, list) else [str(value)])


def _spec(player: str, spec: str) -> str:
    """``GLIDER<Bea:RIDE`` said: "GLIDER, capturing Bea's RIDE"."""
    new, _, sources = spec.partition("<")
    if not sources:
        return new
    taken = []
    for source in sources.split("+"):
        owner, _, old = source.partition(":")
        taken.append(f"lengthening {old}" if owner == player else f"capturing {owner}'s {old}")
    return f"{new} ({' and '.join(taken)})"


def describe(event: Event) -> str:
    """One line for the screen; the record's text form for the events it has no words for."""
    data, kind = event.data, event.type
    who = str(data.get("player", ""))
    seen = " (seen by the camera)" if data.get("by") == "camera" else ""
    if kind == "game":  # the set-up: the game, its players, and the settings the table chose
        title = title_of(data.get("game"), data.get("variant"))
        yes_no = {True: "yes", False: "no"}
        settings = ", ".join(f"{k.replace('_', ' ')} {yes_no[v] if isinstance(v, bool) else v}"
                             for k, v in data.items() if k not in ("game", "variant", "players"))  # fmt: skip
        return f"{title} set up for {_players(data.get('players'))}" + (f" ({settings})" if settings else "")
    if kind == "draw" and "letter" in data:
        return f"{who} turned up {str(data['letter']).upper()}{seen}"
    if kind == "first-draw":
        return f"{who} drew {str(data.get('letter', '')).upper()} in the draw to begin"
    if kind == "claim":
        word, source = str(data.get("word", "")).upper(), data.get("from")
        if source:
            owner, _, old = str(source).partition(":")
            mine = owner == who
            return f"{who} {'made' if mine else 'stole'} {old.upper()}{'' if mine else ' from ' + owner} " \
                   f"{'into' if mine else 'as'} {word} [rules 08, 09]{seen}"  # fmt: skip
        return f"{who} claimed {word} from the centre [rules 04, 05]{seen}"
    if kind == "refused-call":
        return f"{who} called {data.get('word')}: refused, no penalty: {data.get('reason')} [{data.get('rule')}]"
    if kind == "false-call":
        return f"{who} called {data.get('word')}: false call, silent for two letters: {data.get('reason')} " \
               f"[not-scrabble 07]"  # fmt: skip
    if kind == "simultaneous":
        words = [str(w) for w in data.get("words", [])]
        window = f"within {int(data.get('window_us', 0)) // 1000} ms" if data.get("window_us") else "together"
        longest = max((len(w) for w in words), default=0)
        tied = sum(len(w) == longest for w in words) > 1
        decides = "equal lengths: rock-paper-scissors decides" if tied else "the longest word wins"
        return f"{_players(data.get('players'))} called {window} ({', '.join(words)}): {decides} [rule 06]"
    if kind == "rock-paper-scissors":
        how = "drawn by the table" if data.get("method") == "drawn" else "played"
        return f"{data.get('winner')} won rock-paper-scissors ({how}) against " \
               f"{_players([p for p in data.get('players', []) if p != data.get('winner')])} [rule 06]"  # fmt: skip
    if kind == "buzz":
        players = data.get("players") or []
        if not players:
            return "no press taken: " + "; ".join(str(i) for i in data.get("ignored", []))
        together = data.get("tied") or []
        if len(together) > 1:
            window = f" (within {int(data.get('tie_us', 0)) // 1000} ms)" if data.get("tie_us") else ""
            return f"{_players(together)} pressed together{window}"
        return f"{players[0]} pressed first" + (f", then {_players(players[1:])}" if len(players) > 1 else "")
    if kind == "undo":
        return "undone"  # the session names the moves taken back (Session.outcome)
    if kind == "ruling":
        verdict = "allowed" if data.get("allowed") else "refused"
        return f"the referee ruled {data.get('old')} -> {data.get('new')} {verdict}"
    if kind in ("roll", "reroll"):
        which = f" ({', '.join(str(c) for c in data['rerolled'])})" if data.get("rerolled") else ""
        return f"{who} {'rolled' if kind == 'roll' else 'rerolled'}{which}: {data.get('dice')}{seen}"
    if kind == "letter-value":
        letter, value = str(data.get("letter")).upper(), data.get("value")
        read = " read on the dice" if data.get("by") == "camera" else ""
        if data.get("accepted", True) is False:
            return f"the referee refused {letter} = {value}{read}: the table's value stays"
        return f"the referee set {letter} = {value}{read}, from now on"
    if kind == "declare":
        return f"{who} declared {str(data.get('word') or 'no word').upper()}"
    if kind == "challenge":
        word = f" {str(data['word']).upper()}" if data.get("word") else " the last word"
        return f"{who} challenged{word}"
    if kind == "play" and "letter" in data:  # Rotation: the next letter of the word
        return f"{who} played {str(data['letter']).upper()}"
    if kind == "play":
        return f"{who} played {', '.join(_spec(who, str(w)) for w in data.get('words', []))}{seen}"
    said = _lexicon(kind, who, data) or _letter_games(kind, who, data)
    if said:
        return said + seen
    if kind == "end":
        why = {"no-words": "no more words can be made [rule 22]", "agreed": "the players agreed to stop",
               "dealt": "each player has dealt once", "deals": "the three deals are played",
               "asked": "each has led, and nobody else asks for his word"}  # fmt: skip
        return f"the game is over: {why.get(str(data.get('reason', 'agreed')), str(data.get('reason')))}"
    return event.to_text()


def _words(value: object) -> str:
    return ", ".join(str(w).upper() for w in value) if isinstance(value, list) else str(value).upper()


def _lexicon(kind: str, who: str, data: Mapping[str, Any]) -> str | None:
    """LEXICON's moves: the cut, the deal, PLAY (a) to (d), the bell, the hands shown."""
    if kind == "cut":
        return f"{who} cut {str(data.get('card')).upper()} for dealer"
    if kind == "deal" and "exposed" in data and not data.get("dealer"):
        return f"the cards are dealt: {str(data['exposed']).upper()} turned up"
    if kind == "word" and "word" in data:  # LEXICON's word laid, a letter game's word announced
        return f"{who} made {str(data['word']).upper()}"
    if kind in ("insert", "exchange"):
        how = "inserted cards into" if kind == "insert" else "changed cards in"
        return f"{who} {how} {str(data.get('word')).upper()}, making {str(data.get('new')).upper()}"
    if kind == "place":
        cards = [str(c).rsplit(",", 1)[-1] for c in data.get("cells", [])]
        return f"{who} placed {', '.join(c.upper() + (' (a master)' if c.islower() else '') for c in cards)}"
    if kind == "discard":
        took = "took the exposed card" if data.get("take") == "exposed" else "drew from the blind pile"
        return f"{who} discarded {str(data.get('card')).upper()} and {took}"
    if kind == "bell":
        return "the bell: the hand is over"
    if kind == "reveal":
        shown = [str(h).partition(":") for h in data.get("hands", [])]  # "Ann:NAEIORS", as typed
        return "the hands shown: " + "; ".join(
            f"{player} {len(cards)} card{'s' if len(cards) != 1 else ''} ({cards.upper()})"
            if cards
            else f"{player} none"
            for player, _, cards in shown
        )
    return None


def _letter_games(kind: str, who: str, data: Mapping[str, Any]) -> str | None:
    """The letter games' moves, in the words of their rule text."""
    phrases: dict[str, Callable[[], str]] = {
        "lead": lambda: f"{data.get('leader')} gave out the words",
        "ready": lambda: "the leader called Ready",
        "announce": lambda: f"{who} announced {str(data.get('word')).upper()}",
        "words": lambda: f"{who} made {_words(data.get('words', []))}",
        "early": lambda: f"{who} studied the letters before Ready: pays 1",
        "assist": lambda: f"{who} assisted another: pays 1",
        "wrong-letters": lambda: f"{who} was given the wrong letters: receives 1 from the leader",
        "stop": lambda: "the leader called Stop",
        "ask": lambda: f"{who} asked for the word: {'named' if data.get('named') else 'not named in a minute'}",
        # the word a player thinks of stays hidden ("conceal their words"): named only for a point
        "add": lambda: f"{who} added {str(data.get('letter')).upper()}",
        "cannot": lambda: f"{who} could not play",
        "complete": lambda: "the word is complete",
        "hands-in": lambda: "the hands went into the crib: the last round's words",
        "finish": lambda: "the word can be built no further",
        "contribute": lambda: f"{who} gave {len(data.get('words', []))} words",
        "spell": lambda: f"{who} spelled {str(data.get('word')).upper()} from stack {data.get('stack')}",
        "improper": lambda: f"{who} found {data.get('contributor')}'s word spelled improperly",
        "call": lambda: f"{who} called game",
        "plum": lambda: f"the dealer's Plum {str(data.get('letters')).upper()}: {_words(data.get('words', []))}",
        "overlooked": lambda: f"{who} found words the dealer overlooked: {_words(data.get('words', []))}",
        "pass": lambda: f"{who} passed",
        "final-round": lambda: "time is up: the final round",
        "last-tile": lambda: f"{who} drew the last tile: the bag is empty",
    }
    if kind == "deal":
        if data.get("dealer"):
            return f"{data['dealer']} dealt, exposing {str(data.get('exposed')).upper()}"
        if data.get("crib"):
            return f"the dealer laid {str(data['crib']).upper()} in the crib"  # the first crib, or a top-up
        if data.get("table"):
            return f"four letters on the table: {str(data['table']).upper()}"
        return "the letters are dealt"
    said = phrases.get(kind)
    return said() if said else None
