"""LEXICON cards as data: the two decks and the red figures (penalty values).

Public API: :data:`DECKS`, :func:`deck`, :func:`red_figure`, :func:`penalty`, :data:`MASTER`,
:class:`RedFigures`, :data:`RED_FIGURES_SOURCE`.

A master card is written ``*`` (in a hand) or as the lowercase letter it stands for (in a word
on the table). Facts from DESIGN.md: the Waddingtons deck is 51 letter cards and 1 master; the
Parker Brothers pack of the rules is 52 letter cards and 2 masters (Solitaire No. 1's "one extra
card" after piles of three implies 52).

>>> deck("waddingtons").total(), deck("parker").total()
(52, 54)
>>> penalty("AEX*")
37
>>> figures = RedFigures.parse("Q10,*20")
>>> figures.penalty("AQ*"), figures.source("Q"), figures.source("A")
(40, 'entered by the players', "assumed: a common deck's (the rule text prints none)")
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from companion.errors import InvalidInputError
from companion.sets.dice import ENTERED

MASTER = "*"


def _parse(spec: str, masters: int) -> Counter[str]:
    cards = Counter({item[0]: int(item[1:]) for item in spec.split()})
    cards[MASTER] = masters
    return cards


DECKS: dict[str, Counter[str]] = {
    "waddingtons": _parse("A4 B1 C1 D1 E4 F1 G1 H3 I4 J1 K1 L3 M1 N1 O3 P1 Q1 R3 S3 T3 U3 V1 W3 X1 Y1 Z1", masters=1),
    "parker": _parse("A4 B1 C2 D1 E5 F1 G2 H2 I3 J1 K1 L3 M2 N2 O3 P1 Q1 R3 S3 T3 U2 V1 W2 X1 Y1 Z1", masters=2),
}

#: Red figures: A E I = 10; C H K L M N O P R S T U W = 8; D J V = 6; G Q Y = 4; B F X Z = 2;
#: master = 15. The rule texts print none of them ("adding the red figures shown on each of these
#: cards"): these are a common deck's (DESIGN.md), so every one is labelled assumed, and a table
#: enters its own deck's (the ``red_figures`` setting) where they differ.
RED_FIGURES: dict[str, int] = {
    **dict.fromkeys("AEI", 10),
    **dict.fromkeys("CHKLMNOPRSTUW", 8),
    **dict.fromkeys("DJV", 6),
    **dict.fromkeys("GQY", 4),
    **dict.fromkeys("BFXZ", 2),
    MASTER: 15,
}


RED_FIGURES_SOURCE = "assumed: a common deck's (the rule text prints none)"
MAX_FIGURE = 50


class RedFigures:
    """The red figures in force: a common deck's, with the table's own deck's laid over them."""

    def __init__(self, entered: Mapping[str, int] | None = None) -> None:
        self.entered: dict[str, int] = {}
        for card, value in (entered or {}).items():
            key = card.upper()
            if key not in RED_FIGURES or not isinstance(value, int) or not 0 <= value <= MAX_FIGURE:
                raise InvalidInputError(f"red figure {card!r}: {value!r} (a letter A-Z or *, and 0-{MAX_FIGURE})")
            self.entered[key] = value
        self.values = {**RED_FIGURES, **self.entered}

    @classmethod
    def parse(cls, text: str | None) -> RedFigures:
        """``A10,B2,*15``: the figures printed on the table's own cards (the rest stay assumed)."""
        entered: dict[str, int] = {}
        for item in (text or "").replace(" ", "").split(","):
            if not item:
                continue
            if len(item) < 2 or not item[1:].isdigit():
                raise InvalidInputError(f"red figures: {item!r} is not a card and its figure, as A10 or *15")
            entered[item[0]] = int(item[1:])
        return cls(entered)

    def __getitem__(self, card: str) -> int:
        return self.values[card.upper()]

    def source(self, card: str) -> str:
        return ENTERED if card.upper() in self.entered else RED_FIGURES_SOURCE

    def penalty(self, cards: str) -> int:
        return sum(self[c] for c in cards)

    def as_dict(self) -> dict[str, dict[str, object]]:
        return {card: {"value": value, "source": self.source(card)} for card, value in self.values.items()}


def deck(name: str, packs: int = 1) -> Counter[str]:
    """Every card of ``packs`` packs of the named deck."""
    try:
        one = DECKS[name]
    except KeyError:
        raise InvalidInputError(f"unknown deck {name!r}: choose one of {', '.join(DECKS)}") from None
    return Counter({card: n * packs for card, n in one.items()})


def red_figure(card: str) -> int:
    return RED_FIGURES[card.upper() if card != MASTER else MASTER]


def penalty(cards: str) -> int:
    """The red figures of the cards left in a hand ("adding the red figures shown on each")."""
    return sum(red_figure(c) for c in cards)
