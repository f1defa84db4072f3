"""The referee: word knowledge, letter arithmetic, the solver and (later) game rules and records.

Pure below the session layer: no Flask, camera or serial imports here.

Modules: :mod:`companion.letters` (letter multisets), :mod:`companion.dictionary` (word lists),
:mod:`companion.games` (each game's word rules), :mod:`companion.affixes` and
:mod:`companion.stems` (the stem judge), :mod:`companion.wordindex` and :mod:`companion.solver`
(claims and ``find``), :mod:`companion.overrides` (referee rulings), :mod:`companion.config`,
:mod:`companion.cli`.
"""
