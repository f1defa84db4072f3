"""A club evening: many tables, one game a table a hand (LEXICON party play, or any game).

``evening`` is the pure model replayed from the evening's events; ``host`` runs it against the
store and the tables' own games.
"""
