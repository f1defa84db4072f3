"""What the camera holds as stable on a table, and what a change of it means to the record.

Public API: :class:`Seen`, :class:`Unsure`, :class:`Proposal`, :class:`Question`, :class:`Reading`.

A :class:`Seen` is plain data (vision makes it; nothing here knows about pixels): the loose letters
in the centre, the words in each zone (a zone is named after the player who sits there), the nine
dice for DICEWORDS, and the reads the camera is not sure of. Each game's table part
(``companion.table.games``) compares it with the record and answers with a :class:`Reading`: the
events the change means (each with a confidence), a question for a person, or the difference
between the table and the record that no event explains.

>>> seen = Seen(pool="LG", words=(("Ben", "RIDE"), ("table", "OX")))
>>> seen.words_of("Ben"), str(seen.centre())
(['ride'], 'GLOX')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from companion.records import Event
from companion.words.letters import Letters

#: A change is recorded without asking when the part's confidence is at least this.
ACCEPT = 0.8
#: Zones whose words are not anybody's: their letters are loose in the centre.
CENTRE_ZONES = frozenset({"table", "pool", "centre"})


@dataclass(frozen=True)
class Unsure:
    """A read the camera is not sure of: where it lies (``pool`` or a zone), and the letters it may be."""

    where: str
    choices: tuple[str, ...]
    why: str


@dataclass(frozen=True)
class Seen:
    """The stable camera view of one table."""

    pool: str = ""
    words: tuple[tuple[str, str], ...] = ()  # (zone, WORD)
    dice: str | None = None  # DICEWORDS: nine faces in die order
    values: tuple[int | None, ...] = ()  # DICEWORDS: the value printed on each face, where read for sure
    unsure: tuple[Unsure, ...] = ()

    def zones(self) -> set[str]:
        return {zone for zone, _ in self.words if zone not in CENTRE_ZONES}

    def words_of(self, zone: str) -> list[str]:
        return sorted(word.lower() for z, word in self.words if z == zone)

    def centre(self) -> Letters:
        """Every letter lying loose in the centre, tiles that touch by chance included."""
        loose = self.pool + "".join(word for zone, word in self.words if zone in CENTRE_ZONES)
        return Letters(loose.lower())

    def unsure_in(self, zone: str) -> list[Unsure]:
        return [u for u in self.unsure if u.where == zone]

    def as_dict(self) -> dict[str, Any]:
        unsure = [{"where": u.where, "choices": list(u.choices), "why": u.why} for u in self.unsure]
        out = {"pool": self.pool, "words": [list(w) for w in self.words], "dice": self.dice, "unsure": unsure}
        return {**out, "values": list(self.values)} if self.values else out


@dataclass(frozen=True)
class Proposal:
    """An event a change on the table means, with how sure the part is and why."""

    event: Event
    confidence: float
    why: str


@dataclass(frozen=True)
class Question:
    """What to ask a person: the text, and the answers, each the events it would record."""

    text: str
    answers: tuple[tuple[str, tuple[Event, ...]], ...]

    def as_dict(self) -> dict[str, Any]:
        return {"text": self.text, "answers": [{"label": label, "events": [e.to_text() for e in events]}
                                               for label, events in self.answers]}  # fmt: skip


@dataclass(frozen=True)
class Reading:
    """What a part made of the table: events to record, or a question, or a difference to resolve;
    and an offer to the referee that does not say the table and the record differ (DICEWORDS: a
    letter value read on the dice), asked when no question is."""

    proposals: tuple[Proposal, ...] = ()
    question: Question | None = None
    difference: str | None = None
    notes: tuple[str, ...] = field(default=())
    offer: Question | None = None

    @property
    def asks(self) -> Question | None:
        """What to ask a person now: the question, else the offer."""
        return self.question or self.offer

    @property
    def agrees(self) -> bool:
        """The table shows what the record says: nothing to do."""
        return not self.proposals and self.question is None and self.difference is None
