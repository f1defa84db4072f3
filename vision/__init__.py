"""The camera pipeline: frame sources, finding tiles, cards and dice, reading their letters.

Modules, each with one job: ``sources`` (cameras, streams, recordings), ``images`` (photos in,
sizes checked, frames scaled), ``orientation`` (turns the table shares), ``calibration`` (ArUco
markers, top-down warp, zones), ``pieces`` (finding tiles by their glyphs), ``glyphs`` (the first
reader), ``tesseract`` (the second reader, and Tesseract alone as the baseline), ``reading``
(both readers and acceptance), ``dice`` and ``cards``, ``table`` (words, zones, questions,
stabilising), ``pipeline`` (all of it for one frame), ``render`` (synthetic scenes),
``boards`` (rendered Scrabble boards),
``grid`` (a board's 15 x 15 grid and the tiles in its cells), ``datasets`` (the labelled real
photos). Figures: docs/vision.md.
"""
