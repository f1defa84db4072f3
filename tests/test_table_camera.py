"""Games refereed from rendered camera frames: the real pipeline, camera feed and table, and no typed
event except where the camera cannot see (each such tap says why).

Frames are top-down 800x800 renders (``vision.render``); Ann sits on the near side, her words facing
her (0 degrees), Ben across the table, his words upside down to the camera (180 degrees). A change
counts once it has held for ``feed.stabiliser.frames`` (2) frames, so each frame is taken 3 times.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from companion.records import Event
from companion.table.seen import Seen
from companion.table.session import Session
from companion.table.store import EventStore
from companion.words.solver import Referee
from vision.calibration import Calibration, TableSettings
from vision.pipeline import Pipeline
from vision.render import Scene, dice_scene, tiles_scene
from vision.sources import FrameSource
from web.camera import CameraFeed

SIZE = 800
ANN, BEN = (150, 700), (650, 100)  # the first tile of a word in each player's zone
TAKES = 3


def no_source() -> FrameSource:
    raise AssertionError("the tests hand each frame to feed.take")


def table(referee: Referee, setup: dict[str, Any]) -> tuple[Session, CameraFeed, list[Seen]]:
    """A game in memory, watched by a camera feed; ``told``: every stable view the table was told."""
    session = Session.start(EventStore(":memory:"), referee, Event("game", setup))
    settings = TableSettings(Calibration(((0, 0), (SIZE, 0), (SIZE, SIZE), (0, SIZE))))  # frames are top-down
    settings.set_zone("Ben", [(0, 0), (SIZE, 0), (SIZE, 260), (0, 260)])
    settings.set_zone("Ann", [(0, 560), (SIZE, 560), (SIZE, SIZE), (0, SIZE)])
    told: list[Seen] = []

    def tell(seen: Seen) -> list[Event]:
        told.append(seen)
        return session.observe(seen)

    kind = "dice" if setup["game"] == "dicewords" else "tiles"
    return session, CameraFeed(no_source, Pipeline(settings), kind=kind, on_stable=tell), told


def show(session: Session, feed: CameraFeed, image: np.ndarray) -> list[str]:
    """The camera sees ``image`` for a few frames: the events recorded because of it."""
    before = len(session.store.events(session.game_id))
    for _ in range(TAKES):
        feed.take(image)
    assert session.check is None, session.check
    offers = session.question is not None and all(e.type == "letter-value" for _, es in session.question.answers
                                                  for e in es)  # fmt: skip
    if session.question is not None and not offers:  # a read the readers are not sure of: the referee confirms it
        assert session.question.answers[0][0].startswith("Yes"), session.question
        session.answer(0)
    return [e.to_text() for e in session.store.events(session.game_id)[before:]]


def tiles(*words: tuple[str, tuple[int, int], int], loose: str = "") -> np.ndarray:
    return tiles_scene(list(words), loose=loose, seed=0, size=SIZE).image


def lifted(scene: Scene, die: str) -> np.ndarray:
    """The frame with one die picked up: its place painted over with the mat."""
    image = scene.image.copy()
    x, y = (int(c) for c in next(t.center for t in scene.truth if t.die == die))
    image[y - 45 : y + 45, x - 45 : x + 45] = np.median(image.reshape(-1, 3), axis=0)
    return image


def scores(session: Session) -> list[tuple[str, int]]:
    return [(s["player"], s["score"]) for s in session.standings()]


def test_three_dicewords_turns_refereed_from_the_dice(referee: Referee) -> None:
    """dicewords.txt's worked example (E L E P H N T E V; reroll gold and blue; PLINTHS 10 x 7 = 70),
    then Ben's turn and Ann's next roll. Die order: gold, indigo, red-orange, red, purple, blue,
    brown, black, green."""
    session, feed, told = table(referee, {"game": "dicewords", "players": ["Ann", "Ben"]})
    roll = show(session, feed, dice_scene("EEHELVNTP", seed=0).image)
    assert roll == ["roll player=Ann dice=EEHELVNTP by=camera"]
    lying = dice_scene("IEHELSNTP", seed=1)  # "So let's say you reroll the gold and blue dice"
    assert show(session, feed, lying.image) == ["reroll player=Ann dice=IEHELSNTP rerolled=gold,blue by=camera"]
    # The camera cannot see which word Ann says: a person taps her declare.
    session.record(Event("declare", {"player": "Ann", "word": "PLINTHS"}))
    assert scores(session) == [("Ann", 70), ("Ben", 0)]
    # Ben picks up the gold die and puts it back: Ann's declared dice still lie, nothing new.
    assert show(session, feed, lifted(lying, "gold")) == [] and told[-1].dice is None
    assert show(session, feed, lying.image) == [] and told[-1].dice == "IEHELSNTP"
    assert session.game.faces is None and session.view()["actions"][0]["label"] == "Ben rolls"
    # Ben's roll: COUNTERS, C worth 3 and the other letters 1 ("COMPUTER"): (3 + 7) x 8 = 80.
    roll = show(session, feed, dice_scene("OURESCNTM", seed=2).image)
    assert roll == ["roll player=Ben dice=OURESCNTM by=camera"]
    session.record(Event("declare", {"player": "Ben", "word": "COUNTERS"}))  # a tap again
    roll = show(session, feed, dice_scene("AEJKQVWXZ", seed=3).image)
    assert roll == ["roll player=Ann dice=AEJKQVWXZ by=camera"]
    assert scores(session) == [("Ben", 80), ("Ann", 70)]
    assert session.view()["state"]["turn"] == "Ann" and session.view()["table"]["rolls_left"] == 2
    events = session.store.events(session.game_id)
    assert [e.type for e in events] == ["game", "roll", "reroll", "declare", "roll", "declare", "roll"]
    assert all(e["by"] == "camera" for e in events if e.type in ("roll", "reroll"))
    assert [t["dice"] for t in session.standings()[1]["turns"]] == ["IEHELSNTP"]  # PLINTHS from the reroll


def test_a_reroll_that_swaps_letters_between_dice_is_recorded(referee: Referee) -> None:
    session, feed, _ = table(referee, {"game": "dicewords", "players": ["Ann", "Ben"]})
    assert show(session, feed, dice_scene("AEJKQVWXZ", seed=0).image) == ["roll player=Ann dice=AEJKQVWXZ by=camera"]
    # Ann rerolls gold (A) and indigo (E): gold comes up E, indigo A; the same nine letters.
    reroll = show(session, feed, dice_scene("EAJKQVWXZ", seed=1).image)
    assert reroll == ["reroll player=Ann dice=EAJKQVWXZ rerolled=gold,indigo by=camera"]


def dictionary_please(referee: Referee) -> tuple[Session, CameraFeed, list[Seen]]:
    """Ann and Ben with tiles the camera sees; Ann lays RATE (original word) from her ten letters."""
    setup = {"game": "dictionary-please", "players": ["Ann", "Ben"], "tiles": "camera"}
    session, feed, told = table(referee, setup)
    # The camera cannot see the draw for first player (the tiles go back in the bag) nor the
    # letters held concealed: the draws are tapped, the hands follow from the rules (10 and 3).
    session.record(Event("first-draw", {"player": "Ann", "letter": "A"}))
    session.record(Event("first-draw", {"player": "Ben", "letter": "B"}))
    seat = session.view()["table"]
    assert (seat["turn"], seat["hands"], seat["words"]) == ("Ann", {"Ann": 10, "Ben": 3}, {"Ann": [], "Ben": []})
    assert show(session, feed, tiles()) == []  # an empty table
    # Ann lays RATE facing her; her six other letters go to the pool: her hand is worked out.
    rate = show(session, feed, tiles(("RATE", ANN, 0), loose="DGKOUY"))
    assert rate == ["play player=Ann hand=ADEGKORTUY words=RATE by=camera"]
    return session, feed, told


def test_dictionary_please_a_capture_read_from_the_camera(referee: Referee) -> None:
    """Capture of Words: RATE lengthened into WATERY (a different derivation), a green star."""
    session, feed, told = dictionary_please(referee)
    # Ben's hidden hand is F, H, W: W into WATERY with the pool's Y; F and H to the pool.
    watery = show(session, feed, tiles(("WATERY", BEN, 180), loose="DFGHKOU"))
    assert watery == ["play player=Ben hand=FHW words=WATERY<Ann:RATE by=camera"]
    assert told[-1].words == (("Ben", "WATERY"),)  # RATE left Ann's zone
    assert [(a.player, a.points, a.what) for a in session.game.ledger] == [
        ("Ann", 5, "green counter: original word RATE"),
        ("Ben", 5, "green star: 1st capture of RATE as WATERY"),
    ]
    state = session.view()["state"]
    assert state["words"] == {"Ann": [], "Ben": ["WATERY"]} and state["pool"].upper() == "DFGHKOU"
    assert state["turn"] == "Ann" and state["hands"] == {"Ann": 3, "Ben": 3}
    assert scores(session) == [("Ann", 5), ("Ben", 5)]


def test_dictionary_please_a_double_capture_read_from_the_camera(referee: Referee) -> None:
    """Double Captures: RATE (Ann's) and SLOB (Ben's) brought together, with no letter added, into
    STORABLE, which keeps neither whole: a 50-point purple counter."""
    session, feed, told = dictionary_please(referee)
    slob = show(session, feed, tiles(("RATE", ANN, 0), ("SLOB", BEN, 180), loose="DGKUY"))
    assert slob == ["play player=Ben hand=BLS words=SLOB by=camera"]  # the O from the pool
    # Ann's three letters, F H P, all go to the pool.
    storable = show(session, feed, tiles(("STORABLE", ANN, 0), loose="DFGHKPUY"))
    assert storable == ["play player=Ann hand=FHP words=STORABLE<Ann:RATE+Ben:SLOB by=camera"]
    assert told[-1].words == (("Ann", "STORABLE"),)
    assert [(a.player, a.points) for a in session.game.ledger] == [("Ann", 5), ("Ben", 5), ("Ann", 50)]
    assert session.game.ledger[-1].what == "purple counter: double capture STORABLE"
    assert session.view()["state"]["words"] == {"Ann": ["STORABLE"], "Ben": []}
    assert scores(session) == [("Ann", 55), ("Ben", 5)]


def test_dictionary_please_a_word_led_by_a_b_is_read(referee: Referee) -> None:
    session, feed, _ = table(referee, {"game": "dictionary-please", "players": ["Ann", "Ben"], "tiles": "camera"})
    session.record(Event("first-draw", {"player": "Ann", "letter": "A"}))  # taps, as above
    session.record(Event("first-draw", {"player": "Ben", "letter": "B"}))
    boat = show(session, feed, tiles(("BOAT", ANN, 0), loose="DGKLRU"))
    assert boat == ["play player=Ann hand=ABDGKLORTU words=BOAT by=camera"]
