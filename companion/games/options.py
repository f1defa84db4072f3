"""The settings a game's rules leave to the table, declared once per engine: checked at the
``game`` event, offered by the start form, documented by their labels.

Public API: :class:`Option`, :func:`check_setup`, :data:`COMMON`, :data:`COMPOUNDS_ALLOWED`.

>>> window = Option("window_ms", 'Shout window, ms (rule 06 "simultaneously")', int, 250, low=0, high=2000)
>>> window.check(300), window.as_dict()["default"]
(300, 250)
>>> window.check("abc")
Traceback (most recent call last):
...
companion.records.RecordError: window_ms: a whole number from 0 to 2000, not 'abc'
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from companion.records import Event, RecordError
from companion.words.dictionary import SIZES

#: Fields every game event may carry besides its engine's options.
COMMON = frozenset({"game", "variant", "players", "dictionary", "demo"})
MAX_TEXT = 200


@dataclass(frozen=True)
class Option:
    """One setting: its field name, a label for people, its type and default (None: the rules'
    own default, which may depend on the variant), the choices (value, label) or the range, and
    the variants it belongs to (None: every variant)."""

    name: str
    label: str
    kind: type
    default: object = None
    choices: tuple[tuple[object, str], ...] = ()
    low: int | None = None
    high: int | None = None
    variants: tuple[str | None, ...] | None = None
    #: (another option's name, its value): the setting matters only with that value (DICTIONARY,
    #: PLEASE!'s words to end the game, for ending (a)); a start form shows it only then.
    requires: tuple[str, object] | None = None
    #: Where the text names no default, what is said of the one wordtable begins with (DICTIONARY,
    #: PLEASE!'s endings: "the text names none"); empty: the default is the rules' own.
    default_note: str = ""

    def check(self, value: object) -> object:
        """The value if the table may choose it; a :class:`RecordError` naming the choices if not."""
        if self.choices:
            if value not in [c for c, _ in self.choices] or isinstance(value, bool) != (self.kind is bool):
                allowed = ", ".join(f"{c!r} ({label})" for c, label in self.choices)
                raise RecordError(f"{self.name} ({self.label}) is one of {allowed}, not {value!r}")
            return value
        if self.kind is bool:
            if not isinstance(value, bool):
                raise RecordError(f"{self.name}: true or false, not {value!r}")
            return value
        if self.kind is int:
            if not isinstance(value, int) or isinstance(value, bool) or not self._in_range(value):
                raise RecordError(f"{self.name}: a whole number from {self.low} to {self.high}, not {value!r}")
            return value
        if not isinstance(value, str) or len(value) > MAX_TEXT:
            raise RecordError(f"{self.name}: text of at most {MAX_TEXT} characters, not {value!r}")
        return value

    def _in_range(self, value: int) -> bool:
        return (self.low is None or value >= self.low) and (self.high is None or value <= self.high)

    def as_dict(self) -> dict[str, Any]:
        kind = {bool: "bool", int: "int"}.get(self.kind, "text")
        return {"name": self.name, "label": self.label, "kind": "choice" if self.choices else kind,
                "default": self.default, "choices": [{"value": c, "label": label} for c, label in self.choices],
                "low": self.low, "high": self.high,
                "requires": list(self.requires) if self.requires else None,
                "default_note": self.default_note}  # fmt: skip


def check_setup(setup: Event, options: Iterable[Option], variant: str | None) -> None:
    """Every field of a ``game`` event is one the engine takes, of the right type and range."""
    known = {o.name: o for o in options if o.variants is None or variant in o.variants}
    dictionary, demo = setup.get("dictionary"), setup.get("demo")
    if dictionary is not None and dictionary not in SIZES:
        raise RecordError(f"dictionary is one of {', '.join(SIZES)}, not {dictionary!r}")
    if demo is not None and not isinstance(demo, bool):
        raise RecordError(f"demo: true or false, not {demo!r}")
    for key, value in setup.data.items():
        if key in COMMON:
            continue
        option = known.get(key)
        if option is None:
            choices = ", ".join(sorted(known)) or "none"
            raise RecordError(f"{key!r} is not a setting of this game (its settings: {choices})")
        option.check(value)


#: The house rule for the stem judge in the games that judge a steal or a capture by its stem: a
#: compound of the old word and another word (BOOK -> BOOKCASE) is the same stem unless the table
#: allows it (None: the table's settings file decides; see docs/word-knowledge.md).
COMPOUNDS_ALLOWED = Option(
    "compounds_allowed", "House rule: a compound of the old word and another (BOOK -> BOOKCASE) is a new word", bool
)
