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

from companion.records import Event


def _players(value: object) -> str:
    names = [str(p) for p in value] if isinstance(value, list) else [str(value)]
    return " and ".join([", ".join(names[:-1]), names[-1]] if len(names) > 2 else names)


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
    if kind == "draw" and "letter" in data:
        return f"{who} turned up {str(data['letter']).upper()}{seen}"
    if kind == "first-draw":
        return f"{who} drew {str(data.get('letter', '')).upper()} for first player"
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
            return "a press nobody could make: " + "; ".join(str(i) for i in data.get("ignored", []))
        together = data.get("tied") or []
        if len(together) > 1:
            window = f" (within {int(data.get('tie_us', 0)) // 1000} ms)" if data.get("tie_us") else ""
            return f"{_players(together)} pressed together{window}"
        return f"{players[0]} pressed first" + (f", then {_players(players[1:])}" if len(players) > 1 else "")
    if kind == "undo":
        return f"undone: back to event {data.get('to')}"
    if kind == "ruling":
        verdict = "allowed" if data.get("allowed") else "refused"
        return f"the referee ruled {data.get('old')} -> {data.get('new')} {verdict}"
    if kind in ("roll", "reroll"):
        which = f" ({', '.join(str(c) for c in data['rerolled'])})" if data.get("rerolled") else ""
        return f"{who} {'rolled' if kind == 'roll' else 'rerolled'}{which}: {data.get('dice')}{seen}"
    if kind == "declare":
        return f"{who} declared {str(data.get('word') or 'no word').upper()}"
    if kind == "challenge":
        return f"{who} challenged the last word"
    if kind == "play":
        return f"{who} played {', '.join(_spec(who, str(w)) for w in data.get('words', []))}{seen}"
    if kind == "end":
        why = {"no-words": "no more words can be made [rule 22]", "agreed": "the players agreed to stop"}
        return f"the game is over: {why.get(str(data.get('reason', 'agreed')), str(data.get('reason')))}"
    return event.to_text()
