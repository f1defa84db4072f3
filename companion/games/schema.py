"""The fields every event type may carry, each with its kind and size: checked once, where an
event comes in (the dashboard's API, a typed event), before any engine sees it.

Public API: :func:`check_event`, :data:`EVENT_FIELDS`, :data:`MAX_WORD`, :data:`MAX_TEXT`,
:data:`MAX_REASON`, :data:`MAX_ITEMS`.

The engines check what the rules say (is it this player's turn, is the word there); this schema
checks what a field can be at all: a name of 1-40 characters, a word of letters A-Z, one letter,
an event number, a short text, a short list. A field an event type does not have is refused, so
nothing of any size or type rides along into the record. The ``game`` event is checked by its
engine's declared settings (``companion.games.options``).

>>> check_event(Event("draw", {"player": "Ann", "letter": "r"})).to_text()
'draw player=Ann letter=r'
>>> check_event(Event("undo", {"to": True}))
Traceback (most recent call last):
...
companion.records.RecordError: undo event's to: an event number (1 or more), not True
>>> check_event(Event("draw", {"player": "Ann", "letter": "ß"}))
Traceback (most recent call last):
...
companion.records.RecordError: draw event's letter: one letter A-Z, not 'ß'
>>> check_event(Event("draw", {"player": "Ann", "letter": "R", "junk": 1}))
Traceback (most recent call last):
...
companion.records.RecordError: a draw event has no field 'junk' (its fields: by, letter, player)
"""

from __future__ import annotations

from collections.abc import Callable

from companion.records import Event, RecordError
from companion.sets.dice import MAX_VALUE

MAX_NAME = 40  # a player's name (as companion.games.base)
MAX_WORD = 40  # a word: longer than any in the lists
MAX_TEXT = 200  # a hand, a row of cards, a method
MAX_REASON = 1000  # a reason or a note: the stem judge's reasons name their evidence (up to ~400 characters)
MAX_ITEMS = 100  # a list: players, words made in a turn, cells, hands

#: A check of one field's value: returns why not (None: it may be).
Check = Callable[[object], str | None]


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def name(value: object) -> str | None:
    ok = isinstance(value, str) and value.strip() and len(value) <= MAX_NAME and value.isprintable()
    return None if ok else f"a player's name of 1-{MAX_NAME} characters"


def word(value: object) -> str | None:
    ok = isinstance(value, str) and 0 < len(value) <= MAX_WORD and value.isascii() and value.isalpha()
    if not ok and isinstance(value, str) and "*" in value:  # LEXICON's master card in a word
        return f"a word of 1-{MAX_WORD} letters A-Z (a master card: the lowercase letter it stands for, CHaRM)"
    return None if ok else f"a word of 1-{MAX_WORD} letters A-Z"


def letter(value: object) -> str | None:
    ok = isinstance(value, str) and len(value) == 1 and value.isascii() and value.isalpha()
    return None if ok else "one letter A-Z"


def card(value: object) -> str | None:
    ok = isinstance(value, str) and len(value) == 1 and value.isascii() and (value.isalpha() or value == "*")
    return None if ok else "one card: a letter A-Z or * (a master)"


def text(value: object) -> str | None:
    ok = isinstance(value, str) and len(value) <= MAX_TEXT and value.isprintable()
    return None if ok else f"text of at most {MAX_TEXT} characters"


def reason(value: object) -> str | None:
    ok = isinstance(value, str) and len(value) <= MAX_REASON and value.isprintable()
    return None if ok else f"text of at most {MAX_REASON} characters"


def flag(value: object) -> str | None:
    return None if isinstance(value, bool) else "true or false"


def count(low: int, high: int) -> Check:
    def check(value: object) -> str | None:
        return None if _is_int(value) and low <= value <= high else f"a whole number from {low} to {high}"  # type: ignore[operator]  # _is_int says it is an int

    return check


def event_number(value: object) -> str | None:
    return None if _is_int(value) and value >= 1 else "an event number (1 or more)"  # type: ignore[operator]  # _is_int says it is an int


MICROSECONDS = count(0, 2**62)


def times(value: object) -> str | None:
    """A device time in microseconds, or a list of them (one per player)."""
    if isinstance(value, list):
        ok = len(value) <= MAX_ITEMS and all(MICROSECONDS(v) is None for v in value)
        return None if ok else f"times in microseconds (at most {MAX_ITEMS})"
    return None if MICROSECONDS(value) is None else "a time in microseconds"


def list_of(item: Check, what: str) -> Check:
    def check(value: object) -> str | None:
        ok = isinstance(value, list) and len(value) <= MAX_ITEMS and all(item(v) is None for v in value)
        return None if ok else f"a list of at most {MAX_ITEMS} {what}"

    return check


def list_or_text(item: Check, what: str) -> Check:
    """A list, or (as a typed event writes one item, or cells separated by spaces) a short text."""
    as_list = list_of(item, what)

    def check(value: object) -> str | None:
        if isinstance(value, str):
            return (
                None
                if text(value) is None
                else f"a list of at most {MAX_ITEMS} {what}, or text of at most {MAX_TEXT} characters"
            )
        return as_list(value)

    return check


def piles(value: object) -> str | None:
    """Solitaire piles: their cards (a deal), or the piles a word's cards come from (0-7)."""
    if _is_int(value):
        return count(0, 7)(value)
    if isinstance(value, list) and len(value) <= MAX_ITEMS:
        if all(_is_int(v) for v in value):
            return None if all(count(0, 7)(v) is None for v in value) else "pile numbers 0-7"
        if all(isinstance(v, str) and text(v) is None for v in value):
            return None
    return f"a list of at most {MAX_ITEMS} piles"


#: What each field is, wherever it appears (a field means the same in every event type).
FIELDS: dict[str, Check] = {
    "player": name, "winner": name, "leader": name, "dealer": name, "contributor": name,
    "word": word, "old": word, "new": word,
    "letter": letter, "card": card, "exposed": card,
    "to": event_number, "at_us": times, "window_us": count(0, 60_000_000), "tie_us": count(0, 60_000_000),
    "settle_ms": count(0, 60_000), "pile": count(0, 7), "piles": piles, "drew": count(1, 3), "notice": count(1, 10**9),
    "allowed": flag, "named": flag, "spelling": flag, "accepted": flag, "value": count(0, MAX_VALUE),
    "players": list_of(name, "players' names"), "tied": list_of(name, "players' names"),
    "words": list_or_text(text, "words"), "rerolled": list_or_text(text, "dice colours"),
    "cells": list_or_text(text, "cells"), "hands": list_or_text(text, "hands"), "ignored": list_of(text, "notes"),
    "reason": reason, "note": reason, "because": text, "rule": text, "from": text, "method": text, "by": text,
    "take": text, "hand": text, "dice": text, "crib": text, "table": text, "stack": text, "letters": text,
    "nest": text,
}  # fmt: skip

#: The fields of each event type (besides ``type``), across every game that has it.
EVENT_FIELDS: dict[str, frozenset[str]] = {
    kind: frozenset(fields.split())
    for kind, fields in {
        "undo": "to",
        "ruling": "old new allowed note",
        "first-draw": "player letter",
        "draw": "player letter by",
        "claim": "player word from at_us by",
        "false-call": "player word reason rule because",
        "refused-call": "player word reason rule because",
        "simultaneous": "players words at_us window_us",
        "rock-paper-scissors": "players winner method",
        "buzz": "players at_us tied winner ignored tie_us settle_ms",
        "end": "reason",
        "play": "player hand words letter by",
        "pass": "player",
        "final-round": "",
        "last-tile": "player drew by",
        "roll": "player dice by",
        "reroll": "player dice rerolled by",
        "declare": "player word",
        "letter-value": "letter value accepted by",
        "challenge": "player spelling word notice",
        "cut": "player card",
        "deal": "exposed piles nest crib dealer table",
        "word": "player word piles by",
        "discard": "player card take",
        "insert": "player word new by",
        "exchange": "player word new by",
        "place": "player cells",
        "bell": "notice",
        "reveal": "hands",
        "move": "pile",
        "fill": "",
        "turn": "",
        "lead": "leader words",
        "ready": "",
        "announce": "player word",
        "early": "player",
        "assist": "player",
        "wrong-letters": "player",
        "stop": "",
        "ask": "player named",
        "words": "player words letters",
        "add": "player letter word from",
        "cannot": "player",
        "complete": "",
        "finish": "",
        "hands-in": "crib",
        "contribute": "player words",
        "spell": "player stack word",
        "improper": "player contributor",
        "call": "player",
        "plum": "letters words",
        "overlooked": "player words",
    }.items()
}
#: Fields that may be null: a claim from the centre, a declared turn with no word, a deal with no card shown.
NULLABLE = frozenset({"from", "word", "exposed", "winner", "reason", "note", "method", "by", "because", "rule"})


def check_event(event: Event) -> Event:
    """``event`` if every field is one its type has, of the right kind and size; else a
    :class:`RecordError` naming the field. The ``game`` event is its engine's to check."""
    if event.type == "game":
        return event
    fields = EVENT_FIELDS.get(event.type)
    if fields is None:
        raise RecordError(f"there is no {event.type!r} event in any game (docs/records.md lists them)")
    for key, value in event.data.items():
        if key not in fields:
            have = ", ".join(sorted(fields)) or "none"
            raise RecordError(f"a {event.type} event has no field {key!r} (its fields: {have})")
        if value is None and key in NULLABLE:
            continue
        why = FIELDS[key](value)
        if why is not None:
            shown = repr(value) if len(repr(value)) <= 60 else f"{repr(value)[:50]}..."
            raise RecordError(f"{event.type} event's {key}: {why}, not {shown}")
    return event
