"""The camera pipeline: frame sources, finding tiles, cards and dice, reading their letters.

Not built yet (see the camera-pipeline issue); this package is the place for it.
"""
