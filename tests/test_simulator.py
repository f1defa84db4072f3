"""The simulated box through the real bridge, with the faults a real table sees."""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterator

import pytest

from firmware_bridge.link import ButtonPress, Connected, Disconnected, Gap, LedsSet, Rebooted
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


def test_the_buzzers_command_prints_presses_as_json_lines() -> None:
    process = wordtable("buzzers", "--port", "sim://cli", "--json", "--seconds", "1.5", "--demo", timeout=60)
    assert process.returncode == 0, process.stderr
    lines = [json.loads(line) for line in process.stdout.splitlines()]
    assert lines[0]["event"] == "connected"
    assert any(line["event"] == "press" for line in lines)
