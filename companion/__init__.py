"""The referee: word knowledge, set data, the game engines and the table layer, in four layers.

Imports run downwards only, and nothing here does I/O beyond the files and the database it is
given: no Flask, camera or serial, no environment variables (paths come in as arguments).

- :mod:`companion.errors`: the project's error types (malformed input apart from illegal moves).
- :mod:`companion.words`: letters, dictionaries, the stem judge, the word index and solver.
- :mod:`companion.sets`: the physical sets: tile bags, LEXICON decks, DICEWORDS dice.
- :mod:`companion.records`: game records (events, text and JSON Lines forms, undo).
- :mod:`companion.games`: one rules engine per game, registered by name and variant.
- :mod:`companion.table`: the session (the one door to a game), shouts and the event store.
"""
