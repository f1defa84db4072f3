"""The top of the program: the ``wordtable`` command line (:mod:`.cli`) and the wiring of
settings (:mod:`.settings`: home folder, cache, database, camera, buzzers, word lists).

Imports run downwards from here: ``wordtable`` -> ``web`` -> ``vision``, ``firmware_bridge`` ->
``companion``.
"""
