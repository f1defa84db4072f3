"""Lexicon cards: read by their letters, whole cards and cards held in a fan alike.

Public API: :class:`CardReader`.

A card shows its letter large in the middle and small as an index in two opposite corners. Cards
laid apart show all three; in a fan only the top card is whole and the others show their top
index. So every glyph is found and read (``vision.reading``), the big glyphs are whole cards, an
index lying on a whole card (within a card's reach of its big letter) belongs to it, and every
other index is a card of the fan. Its item's box is the index's own.
"""

from __future__ import annotations

import numpy as np

from vision.pieces import find_pieces
from vision.reading import Item, TileReader

CARD_PER_LETTER = 2.3  # a card's height over its big letter's, on Lexicon-style cards
BIG = 1.8  # a glyph this many times the smallest one's size is a card's big letter


class CardReader:
    def __init__(self, tiles: TileReader | None = None) -> None:
        self.tiles = tiles or TileReader()

    def read(self, image: np.ndarray) -> list[Item]:
        pieces = find_pieces(image, one_size=False)  # a big letter and small indices
        if not pieces:
            return []
        items = self.tiles.read_pieces(pieces)
        sizes = np.array([max(p.glyph[2], p.glyph[3]) for p in pieces], np.float32)
        smallest = float(np.percentile(sizes, 10))
        big = [i for i, s in enumerate(sizes) if s >= BIG * smallest]
        cards = [items[i] for i in big]
        for i, item in enumerate(items):
            if i in big:
                continue
            reach = [CARD_PER_LETTER * sizes[b] * 0.75 for b in big]
            if not any(np.hypot(item.center[0] - items[b].center[0], item.center[1] - items[b].center[1]) < r
                       for b, r in zip(big, reach, strict=True)):  # fmt: skip
                cards.append(item)
        return cards
