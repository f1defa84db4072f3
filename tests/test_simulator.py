"""The simulated box through the real bridge, with the faults a real table sees."""

from __future__ import annotations

import itertools
import json
import time
from collections.abc import Iterator

import pytest

from firmware_bridge.link import (
    BoxError,
    ButtonPress,
    Connected,
    Disconnected,
    Dropped,
    Gap,
    LedsSet,
    Rebooted,
    Resync,
)
from firmware_bridge.simulator import box, register
from tests.buzzsim import Host
from tests.helpers import wordtable

register()
NAMES = itertools.count()


@pytest.fixture
def sim() -> Iterator[tuple[str, Host]]:
    """A new simulated box's name and the bridge on it, connected (events within 5 s)."""
    name = f"test{next(NAMES)}"
    host = Host(f"sim://{name}", timeout=5.0)
    try:
        host.next(Connected)
        yield name, host
    finally:
        host.link.stop()


def test_presses_and_leds(sim: tuple[str, Host]) -> None:
    name, host = sim
    box(name).press(4, at_us=123)
    assert host.next(ButtonPress).t_us == 123
    host.link.set_leds(0x81)
    assert host.next(LedsSet).mask == 0x81 and box(name).leds == 0x81


def test_garbage_is_dropped(sim: tuple[str, Host]) -> None:
    name, host = sim
    box(name).garbage(50)
    box(name).press(1)
    assert host.next(ButtonPress).button == 1
    assert host.link.state.dropped >= 1
    box(name).garbage(50, newline=False)  # spoils the next line: a gap, then the next press
    box(name).press(2)
    box(name).press(3)
    assert host.next(Gap).expected == host.next(ButtonPress).seq - 1


def test_dropped_lines_are_a_gap(sim: tuple[str, Host]) -> None:
    name, host = sim
    box(name).drop(2)
    box(name).press(0)
    box(name).press(1)
    box(name).press(2)
    gap = host.next(Gap)
    assert gap.got - gap.expected == 2
    assert host.next(ButtonPress).button == 2


def test_silence_means_the_box_is_gone_then_it_comes_back(sim: tuple[str, Host]) -> None:
    name, host = sim
    box(name).silence(1.5)
    assert "heartbeat" in host.next(Disconnected, timeout=5).reason
    host.next(Connected, timeout=5)


def test_a_pulled_cable_reconnects(sim: tuple[str, Host]) -> None:
    name, host = sim
    box(name).unplug()
    host.next(Disconnected)
    box(name).plug()
    connected = host.next(Connected)
    box(name).press(6)
    assert host.next(ButtonPress).boot_id == connected.boot_id


def test_a_reboot_is_noticed(sim: tuple[str, Host]) -> None:
    name, host = sim
    old = host.link.state.boot_id
    box(name).reboot()
    rebooted = host.next(Rebooted)
    assert rebooted.old_boot_id == old and rebooted.new_boot_id == box(name).boot_id


def presses(host: Host, count: int) -> list[ButtonPress]:
    return [host.next(ButtonPress) for _ in range(count)]


@pytest.mark.parametrize("ahead", [50, -5])
def test_a_stray_line_with_a_valid_crc_does_not_silence_the_box(sim: tuple[str, Host], ahead: int) -> None:
    """The issue: one valid line with a wrong sequence number, then 50 of 50 presses dropped as
    duplicates while the link said connected. Now all 50 arrive, and the surprise is said."""
    name, host = sim
    box(name).press(0)
    host.next(ButtonPress)
    box(name).stray(f"HB {(box(name).seq + ahead) % 65536} 1000")
    for i in range(50):
        box(name).press(i % 8)
    got = presses(host, 50)
    assert [p.button for p in got] == [i % 8 for i in range(50)] and host.link.connected
    assert host.link.state.gaps + host.link.state.resyncs >= 1 and host.link.troubles


def test_a_reboot_whose_hello_is_lost_is_noticed(sim: tuple[str, Host]) -> None:
    name, host = sim
    for _ in range(20):
        box(name).press(1)
    presses(host, 20)
    old = host.link.state.boot_id
    box(name).reboot(hello=False)  # the box counts from 1 again, and the host never saw its HELLO
    box(name).press(2)
    host.next(Resync)
    rebooted = host.next(Rebooted)  # the link asked the box who it is
    assert (rebooted.old_boot_id, rebooted.new_boot_id) == (old, box(name).boot_id)
    box(name).press(5)
    after = host.next(ButtonPress)
    assert (after.button, after.boot_id, after.doubtful) == (5, box(name).boot_id, False)


def test_the_tail_of_an_overlong_line_is_not_taken(sim: tuple[str, Host]) -> None:
    name, host = sim
    box(name).overlong(f"P {box(name).seq + 1} 4 1000")  # a valid press, glued to noise: one overlong line
    box(name).press(6)
    dropped = host.next(Dropped)
    assert "longer than 64 bytes" in dropped.reason
    assert host.next(ButtonPress).button == 6  # the first press after it is the box's own


def test_a_bad_line_from_the_host_is_answered(sim: tuple[str, Host]) -> None:
    name, host = sim
    assert host.link._write("L 5A*0000")  # a bad CRC
    assert host.next(BoxError).what == "frame" and box(name).leds == 0


def test_the_buzzers_command_prints_presses_as_json_lines() -> None:
    process = wordtable("buzzers", "--port", "sim://cli", "--json", "--seconds", "1.5", "--demo", timeout=60)
    assert process.returncode == 0, process.stderr
    lines = [json.loads(line) for line in process.stdout.splitlines()]
    assert lines[0]["event"] == "connected"
    assert any(line["event"] == "press" for line in lines)


def test_the_buzzers_command_says_what_is_wrong_with_the_port() -> None:
    """Item 7: it printed nothing and retried for ever. Now one line says why, while it retries."""
    started = time.monotonic()
    process = wordtable("buzzers", "--port", "/dev/does-not-exist", "--seconds", "1.5", timeout=30)
    assert time.monotonic() - started < 20
    assert process.returncode == 2 and process.stdout == ""
    lines = process.stderr.splitlines()
    assert lines == [
        "waiting for /dev/does-not-exist: not found (retrying)",
        "wordtable: no buzzer box on /dev/does-not-exist after 1.5 s: not found",
    ]
    process = wordtable("buzzers", "--port", "/dev/does-not-exist", "--seconds", "1", "--json", timeout=30)
    waiting = json.loads(process.stdout.splitlines()[0])
    assert waiting == {"event": "waiting", "url": "/dev/does-not-exist", "reason": "not found", "retrying": True}


def test_the_buzzers_command_refuses_a_url_it_can_never_open_at_once() -> None:
    process = wordtable("buzzers", "--port", "nosuch://box", timeout=30)  # no --seconds: it must not wait
    assert process.returncode == 2
    assert process.stderr.splitlines() == ["wordtable: nosuch://box: invalid URL, protocol 'nosuch' not known"]
