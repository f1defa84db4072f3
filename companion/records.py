"""Game records: a game is an append-only list of events, stored as JSON Lines.

Public API: :class:`Event`, :class:`RecordError`, :func:`read_jsonl`, :func:`write_jsonl`,
:func:`effective`.

An event is one JSON object with a ``type`` and flat fields (strings, integers, booleans,
lists of strings, lists of integers, or null). The first event of a record is ``{"type": "game", ...}``. Undo is
itself an event, ``{"type": "undo", "to": N}``: every event after the N-th (counting the
``game`` event as 1) is void from then on, so nothing is ever erased and undo can itself be
undone by replaying the record up to an earlier line. docs/records.md documents every event.

Each event also has a one-line text form, used by logs, tests and the command line:

>>> event = Event.from_text("claim player=Ben word=GLIDER from=Ann:RIDE")
>>> event.data["word"]
'GLIDER'
>>> event.to_json()
'{"type": "claim", "player": "Ben", "word": "GLIDER", "from": "Ann:RIDE"}'
>>> Event.from_json(event.to_json()).to_text()
'claim player=Ben word=GLIDER from=Ann:RIDE'
>>> [e.to_text() for e in effective([Event("game"), Event("draw", {"letter": "E"}), Event("undo", {"to": 1})])]
['game']
"""

from __future__ import annotations

import json
import re
import shlex
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.errors import InvalidInputError

_KEY = re.compile(r"[a-z][a-z0-9_-]*")
_TYPE = re.compile(r"[a-z][a-z-]*")
_INTEGER = re.compile(r"-?[0-9]{1,18}")  # longer digit strings stay text (int() refuses thousands of digits)


class RecordError(InvalidInputError):
    """An event or a record that cannot be read."""


def _check_value(key: str, value: object) -> None:
    if value is None or isinstance(value, bool | int | str):
        return
    if isinstance(value, list) and (all(isinstance(v, str) for v in value) or all(type(v) is int for v in value)):
        return
    raise RecordError(
        f"field {key!r}: {value!r} is not a string, integer, boolean, list (of strings or of integers) or null"
    )


@dataclass(frozen=True)
class Event:
    """One thing that happened at the table."""

    type: str
    data: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not _TYPE.fullmatch(self.type):
            raise RecordError(f"event type {self.type!r} must be lowercase letters and dashes")
        for key, value in self.data.items():
            if key == "type" or not _KEY.fullmatch(key):
                raise RecordError(f"bad field name {key!r} in a {self.type} event")
            _check_value(key, value)
        object.__setattr__(self, "data", dict(self.data))

    def __getitem__(self, key: str) -> Any:
        try:
            return self.data[key]
        except KeyError:
            raise RecordError(f"a {self.type} event needs a {key!r} field") from None

    def get(self, key: str, default: Any = None) -> Any:
        return self.data.get(key, default)

    def as_dict(self) -> dict[str, Any]:
        return {"type": self.type, **self.data}

    def to_json(self) -> str:
        return json.dumps(self.as_dict(), ensure_ascii=False)

    @classmethod
    def from_dict(cls, obj: object) -> Event:
        if not isinstance(obj, dict) or not isinstance(obj.get("type"), str):
            raise RecordError("an event is a JSON object with a string 'type'")
        data = {k: v for k, v in obj.items() if k != "type"}
        return cls(obj["type"], data)

    @classmethod
    def from_json(cls, line: str) -> Event:
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as error:
            raise RecordError(f"not JSON: {error.msg} at column {error.colno}") from None
        except (ValueError, RecursionError) as error:  # a number of thousands of digits, nesting too deep
            raise RecordError(f"not a usable JSON line: {str(error)[:80]}") from None
        return cls.from_dict(obj)

    def to_text(self) -> str:
        """``type key=value ...``; lists joined by commas, null as ``-``, true/false as words."""
        parts = [self.type]
        for key, value in self.data.items():
            if isinstance(value, list):
                text = ",".join(str(v) for v in value)
            elif value is None:
                text = "-"
            elif isinstance(value, bool):
                text = "true" if value else "false"
            else:
                text = str(value)
            if not text or any(c.isspace() for c in text) or "=" in text:
                return self.to_json()  # no plain text form: the JSON line is the text
            parts.append(f"{key}={text}")
        return " ".join(parts)

    @classmethod
    def from_text(cls, text: str, lists: Iterable[str] = ("from", "words", "players", "at_us", "piles")) -> Event:
        """Parse :meth:`to_text`. Integers come back as integers; ``lists`` fields as lists. A value
        may have spaces, quoted or not: ``draw player="Ben & Cat" letter=R`` or ``player=Ben & Cat``.

        >>> Event.from_text("draw player=Ben & Cat letter=R").data
        {'player': 'Ben & Cat', 'letter': 'R'}
        """
        text = text.strip()
        if text.startswith("{"):
            return cls.from_json(text)
        try:
            tokens = shlex.split(text)
        except ValueError as error:
            raise RecordError(f"{text!r}: {error}") from None
        if not tokens:
            raise RecordError("an empty event: type one, such as draw player=Ann letter=R")
        kind, *fields = tokens
        raw: dict[str, str] = {}
        key = None
        for item in fields:
            name, sep, value = item.partition("=")
            if sep and _KEY.fullmatch(name):
                key = name
                raw[key] = value
            elif key is not None:  # a word of the value before: "Ben & Cat"
                raw[key] += " " + item
            else:
                raise RecordError(f"{item!r} is not key=value")
        return cls(kind, {k: _parse_text_value(k, v, set(lists)) for k, v in raw.items()})


def _parse_text_value(key: str, value: str, lists: set[str]) -> Any:
    if value == "-":
        return None
    if value in ("true", "false"):
        return value == "true"
    if _INTEGER.fullmatch(value):
        return int(value)
    if key in lists and "," in value:
        items = value.split(",")
        return [int(i) for i in items] if all(_INTEGER.fullmatch(i) for i in items) else items
    return value


def read_jsonl(path: str | Path) -> list[Event]:
    """Every event of a JSON Lines record; blank lines are skipped. Errors name the line."""
    events = []
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise RecordError(f"record {path} not found") from None
    except (OSError, UnicodeDecodeError) as error:
        raise RecordError(f"cannot read record {path}: {error}") from None
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            events.append(Event.from_json(line))
        except RecordError as error:
            raise RecordError(f"{path} line {number}: {error}") from None
    if not events or events[0].type != "game":
        raise RecordError(f"{path}: a record starts with a 'game' event")
    return events


def write_jsonl(path: str | Path, events: Iterable[Event]) -> None:
    Path(path).write_text("".join(e.to_json() + "\n" for e in events), encoding="utf-8")


def effective(events: Iterable[Event]) -> Iterator[Event]:
    """The events still in force once every ``undo`` is applied, in order (undo events dropped)."""
    kept: list[Event] = []
    for event in events:
        if event.type == "undo":
            to = event["to"]
            if not isinstance(to, int) or not 1 <= to <= len(kept):
                raise RecordError(f"undo to {to!r}: there are {len(kept)} events in force")
            del kept[to:]
        else:
            kept.append(event)
    yield from kept
