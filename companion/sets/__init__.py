"""The physical sets, as data: tile bags (:mod:`.tilesets`), LEXICON decks (:mod:`.cards`),
DICEWORDS dice (:mod:`.dice`)."""
