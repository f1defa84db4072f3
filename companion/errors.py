"""The errors wordtable reports to a person, under one base class.

Public API: :class:`WordtableError`, :class:`InvalidInputError`, :class:`RuleError`,
:class:`NotFoundError`, :class:`StorageError`.

Two kinds are kept apart, as python-chess keeps ``InvalidMoveError`` apart from
``IllegalMoveError``: input that cannot be read at all (a word with a digit, an event without its
player, an unknown game) is an :class:`InvalidInputError`; a well-formed move that the rules
refuse is a :class:`RuleError`, which names the rule. Every message is written for the table.
Anything that is not a :class:`WordtableError` is a bug, and the dashboard answers it with a 500.

>>> error = RuleError("not-scrabble 07", "Ann is silent for 2 more letters")
>>> str(error), error.rule
('Ann is silent for 2 more letters [not-scrabble 07]', 'not-scrabble 07')
>>> isinstance(error, WordtableError), isinstance(InvalidInputError("x"), RuleError)
(True, False)
"""

from __future__ import annotations


class WordtableError(ValueError):
    """Something a person did or asked that wordtable refuses, with a message for the table."""


class InvalidInputError(WordtableError):
    """Input that cannot be read: a malformed event, word, letter, setting or request."""


class NotFoundError(WordtableError):
    """Something named that does not exist: a game number, a file, a buzzer box."""


class RuleError(WordtableError):
    """A well-formed move that the rules refuse. ``rule`` names the rule (``not-scrabble 07``)."""

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"{message} [{rule}]")
        self.rule = rule
        self.message = message


class StorageError(WordtableError):
    """The games' store cannot be read or written (a full disk, a read-only or damaged file):
    not the player's mistake, and nothing was recorded. The message names the store's own error."""
