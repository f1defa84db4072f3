"""LEXICON and its family: the 1935 game, Crossword Lexicon and party play (:mod:`.engine`,
:mod:`.crossword`, :mod:`.party`), Solitaire No. 1 and No. 2 (:mod:`.solitaire_one`,
:mod:`.solitaire_two`, recorded by :mod:`.solitaire`)."""
