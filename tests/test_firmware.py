"""Firmware in the loop: the real firmware in simavr, the real bridge on its pty."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from firmware_bridge.link import (
    BoxError,
    ButtonPress,
    ButtonRelease,
    Connected,
    Disconnected,
    Gap,
    LedsSet,
    Rebooted,
    Resync,
)
from firmware_bridge.protocol import frame
from tests.buzzsim import Box, Host, build, burst, until
from tests.helpers import skip_or_fail


@pytest.fixture(scope="session")
def built() -> None:
    reason = build()
    if reason:
        skip_or_fail(reason)


@pytest.fixture
def box(built: None, tmp_path: Path) -> Iterator[Box]:
    sim = Box(tmp_path / "ttyBUZZ")
    yield sim
    sim.close()


@pytest.fixture
def host(box: Box) -> Iterator[Host]:
    h = Host(str(box.link))
    h.next(Connected)
    yield h
    h.link.stop()


def presses(events: list) -> list[ButtonPress]:
    return [e for e in events if isinstance(e, ButtonPress)]


def test_single_press_and_release(box: Box, host: Host) -> None:
    box.mark()
    box.send("down 2 1000", "up 2 60000")
    press = host.next(ButtonPress)
    release = host.next(ButtonRelease)
    assert (press.button, release.button) == (2, 2)
    assert 55_000 <= release.t_us - press.t_us <= 65_000


@pytest.mark.parametrize("gap_us", [5, 50, 5000])
def test_near_simultaneous_presses(box: Box, host: Host, gap_us: int) -> None:
    """5 us apart may tie (one interrupt), never reverse; 50 us and 5 ms come out in order."""
    box.mark()
    box.send("down 1 1000", f"down 6 {1000 + gap_us}", "up 1 50000", "up 6 50000")
    first, second = host.next(ButtonPress), host.next(ButtonPress)
    by_button = {first.button: first.t_us, second.button: second.t_us}
    measured = by_button[6] - by_button[1]
    if gap_us >= 20:
        assert measured > 0 and abs(measured - gap_us) <= 40  # each stamp is up to ~20 us late
    else:
        assert measured >= 0  # a tie at worst


def test_presses_twenty_microseconds_apart_or_more_are_ordered(box: Box, host: Host) -> None:
    rng = random.Random(4)
    box.mark()
    expected = []
    t = 1000
    for _ in range(30):
        a, b = rng.sample(range(8), 2)
        gap = rng.randint(20, 2000)
        box.send(f"down {a} {t}", f"down {b} {t + gap}", f"up {a} {t + 30000}", f"up {b} {t + 30000}")
        expected.append((a, b))
        t += 60_000
    box.wait_until(t)
    got = presses(host.collect(0.5))
    assert [(got[2 * i].button, got[2 * i + 1].button) for i in range(30)] == expected
    assert all(got[2 * i].t_us < got[2 * i + 1].t_us for i in range(30))


def test_contact_bounce_is_one_press_and_one_release(box: Box, host: Host) -> None:
    box.mark()
    box.send("bounce 3 1000 7 150 0", "bounce 3 80000 9 400 1")  # bouncy press, bouncier release
    box.wait_until(200_000)
    events = host.collect(0.3)
    assert [type(e) for e in events if isinstance(e, ButtonPress | ButtonRelease)] == [ButtonPress, ButtonRelease]


def test_eight_buttons_at_once(box: Box, host: Host) -> None:
    box.mark()
    box.send(*[f"down {b} 1000" for b in range(8)], *[f"up {b} 40000" for b in range(8)])
    box.wait_until(100_000)
    got = presses(host.collect(0.3))
    assert sorted(p.button for p in got) == list(range(8))
    assert max(p.t_us for p in got) - min(p.t_us for p in got) <= 25  # one or two interrupts


def test_a_burst_of_a_thousand_presses_loses_none(built: None, tmp_path: Path) -> None:
    sim = Box(tmp_path / "ttyBUZZ", speed=4.0)
    host = Host(str(sim.link))
    try:
        host.next(Connected)
        sim.mark()
        commands, t = burst(125)  # each of the 8 buttons 125 times, just past the 20 ms re-arm
        sim.send(*commands)
        sim.wait_until(t + 50_000)
        events = host.collect(1.0)
        got = presses(events)
        assert len(got) == 1000
        assert not [e for e in events if isinstance(e, Gap)]
        assert [p.t_us for p in got] == sorted(p.t_us for p in got)
    finally:
        host.link.stop()
        sim.close()


def test_reboot_mid_game(box: Box, host: Host) -> None:
    box.mark()
    box.send("down 0 1000", "up 0 30000")
    before = host.next(ButtonPress)
    box.send("reset")
    connected = host.next(Connected)
    assert connected.boot_id != before.boot_id
    box.mark()
    box.send("down 5 1000", "up 5 30000")
    after = host.next(ButtonPress)
    assert (after.button, after.boot_id) == (5, connected.boot_id)


def test_led_commands(box: Box, host: Host) -> None:
    assert host.link.set_leds(0x5A)
    assert host.next(LedsSet).mask == 0x5A
    assert box.leds() == 0x5A
    host.link.set_leds(0)
    assert host.next(LedsSet).mask == 0 and box.leds() == 0


def test_a_stray_line_on_the_wire_does_not_silence_the_box(box: Box, host: Host) -> None:
    """The issue: one line with a valid checksum and a wrong sequence number, then the next 50
    presses dropped as duplicates. The firmware's own presses after such a line all arrive."""
    box.mark()
    box.send("down 0 1000", "up 0 3000")
    host.next(ButtonPress)
    box.inject(frame(f"HB {(host.link.state.last_seq + 50) % 65536} 1000"))  # valid CRC, the count far ahead
    box.mark()
    commands = []
    for i in range(50):  # every 5 ms, the buttons in turn (each re-armed long before its next press)
        commands += [f"down {i % 8} {1000 + i * 5000}", f"up {i % 8} {3000 + i * 5000}"]
    box.send(*commands)
    events = host.gather(lambda events: len(presses(events)) == 50, "50 presses")
    assert [p.button for p in presses(events)] == [i % 8 for i in range(50)]
    assert host.link.connected and [e for e in events if isinstance(e, Gap | Resync)]


def test_a_reboot_whose_hello_is_lost_on_the_wire_is_noticed(box: Box, host: Host) -> None:
    box.mark()
    box.send("down 0 1000", "up 0 3000")
    before = host.next(ButtonPress)
    host.next(ButtonRelease)
    box.send("reset 30")  # line noise with no newline, then a reset: the boot HELLO is spoiled
    box.expect("RESET")
    *seen, rebooted = host.gather(lambda events: isinstance(events[-1], Rebooted), "reboot")
    # Its first heartbeat is numbered 1: the count went back, and the link asked the box who it is.
    # (On a starved machine the heartbeat can come after the host's 1 s of patience: it reconnects.)
    assert [e for e in seen if isinstance(e, Resync | Disconnected)], seen
    assert rebooted.old_boot_id == before.boot_id
    box.mark()
    box.send("down 5 1000", "up 5 30000")
    after = host.next(ButtonPress)
    assert (after.button, after.boot_id, after.doubtful) == (5, rebooted.new_boot_id, False)


def test_the_box_refuses_a_host_line_with_two_digits_swapped(box: Box, host: Host) -> None:
    """A line "L 21" under the CRC of "L 12": the XOR checksum of protocol 1 was the same for both."""
    assert host.link._write("L 21*" + frame("L 12")[-4:])
    assert host.next(BoxError).what == "frame"
    assert box.leds() == 0


def test_the_box_drops_an_overlong_host_line_whole(box: Box, host: Host) -> None:
    """Its tail is a valid LED command: the box must not take it."""
    assert host.link._write("#" * 70 + frame("L 0F"))
    assert host.next(BoxError).what == "frame"
    assert box.leds() == 0
    host.link.set_leds(0x0F)  # a line of its own is taken
    assert host.next(LedsSet).mask == 0x0F


def test_a_pulled_cable_reconnects_by_itself_with_the_game_intact(built: None, tmp_path: Path, referee) -> None:
    from companion.records import Event
    from companion.table.session import Session
    from companion.table.store import EventStore
    from firmware_bridge.desk import BuzzerDesk

    link = tmp_path / "ttyBUZZ"
    first = Box(link)
    store = EventStore(tmp_path / "table.sqlite3")
    setup = Event("game", {"game": "not-scrabble", "players": ["Ann", "Ben"], "tiles": "camera"})
    session = Session.start(store, referee, setup)
    desk = BuzzerDesk(str(link), session, {0: "Ann", 1: "Ben"}, settle_s=0.03)
    desk.start()
    second = None
    try:
        until(lambda: desk.link.connected)
        first.mark()
        first.send("down 0 1000", "up 0 30000")
        until(lambda: len(desk.decisions) >= 1)
        first.kill()  # the cable is pulled: the device side closes
        until(lambda: not desk.link.connected)  # the bridge noticed
        second = Box(link)  # plugged in again, under the same name
        until(lambda: desk.link.connected)
        second.mark()
        second.send("down 1 1000", "up 1 30000")
        until(lambda: len(desk.decisions) >= 2)
        winners = [e["winner"] for e in store.events(session.game_id) if e.type == "buzz"]
        assert winners == ["Ann", "Ben"]  # the game went on where it was
    finally:
        desk.stop()
        first.close()
        if second is not None:
            second.close()


def test_the_desk_records_decisions_and_shows_lockouts(built: None, tmp_path: Path, referee) -> None:
    """The whole chain: firmware in simavr, bridge, arbiter, a Not Scrabble session in SQLite."""
    from companion.records import Event
    from companion.table.session import Session
    from companion.table.store import EventStore
    from firmware_bridge.desk import BuzzerDesk

    sim = Box(tmp_path / "ttyBUZZ")
    store = EventStore(tmp_path / "table.sqlite3")
    setup = Event("game", {"game": "not-scrabble", "players": ["Ann", "Ben", "Cat"], "tiles": "camera"})
    session = Session.start(store, referee, setup)
    for player, letter in zip(["Ann", "Ben", "Cat"], "ABC", strict=True):
        session.record(Event("first-draw", {"player": player, "letter": letter}))
    session.record(Event("false-call", {"player": "Cat", "word": "ZZZ"}))  # Cat is locked out
    desk = BuzzerDesk(str(sim.link), session, {0: "Ann", 1: "Ben", 2: "Cat"}, settle_s=0.03, tie_us=10).start()
    try:
        until(lambda: desk.link.connected)
        sim.mark()
        sim.send("down 2 1000", "down 1 1100", "down 0 1150", "up 0 40000", "up 1 40000", "up 2 40000")
        until(lambda: desk.decisions)
        buzz = [e for e in store.events(session.game_id) if e.type == "buzz"]
        assert buzz and buzz[0]["winner"] == "Ben" and buzz[0]["players"] == ["Ben", "Ann"]
        assert buzz[0]["ignored"][0].startswith("Cat")
        assert 40 <= buzz[0]["at_us"][1] - buzz[0]["at_us"][0] <= 90
        time.sleep(0.2)
        assert sim.leds() == 0b110  # Ben won; Cat is locked out
    finally:
        desk.stop()
        sim.close()
