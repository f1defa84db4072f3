"""Word knowledge: letters, dictionaries, the stem judge, the word index and the solver.

The bottom layer: it imports nothing else of wordtable's but :mod:`companion.errors`.
"""
