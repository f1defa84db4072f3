"""The simulated box through the real bridge, with the faults a real table sees."""

from __future__ import annotations

import itertools
import json
import queue
import subprocess
import sys
import time
from pathlib import Path

from firmware_bridge.link import ButtonPress, BuzzerLink, Connected, Disconnected, Gap, LedsSet, Rebooted
from firmware_bridge.simulator import box, register

register()
NAMES = itertools.count()


def start() -> tuple[str, queue.Queue, BuzzerLink]:
    name = f"test{next(NAMES)}"
    events: queue.Queue = queue.Queue()
    link = BuzzerLink(f"sim://{name}", events.put).start()
    assert isinstance(next_of(events, Connected), Connected)
    return name, events, link


def next_of(events: queue.Queue, kind: type, timeout: float = 5.0):
    end = time.monotonic() + timeout
    while True:
        event = events.get(timeout=max(0.01, end - time.monotonic()))
        if isinstance(event, kind):
            return event


def test_presses_and_leds() -> None:
    name, events, link = start()
    box(name).press(4, at_us=123)
    assert next_of(events, ButtonPress).t_us == 123
    link.set_leds(0x81)
    assert next_of(events, LedsSet).mask == 0x81 and box(name).leds == 0x81
    link.stop()


def test_garbage_is_dropped() -> None:
    name, events, link = start()
    box(name).garbage(50)
    box(name).press(1)
    assert next_of(events, ButtonPress).button == 1
    assert link.state.dropped >= 1
    box(name).garbage(50, newline=False)  # spoils the next line: a gap, then the next press
    box(name).press(2)
    box(name).press(3)
    assert next_of(events, Gap).expected == next_of(events, ButtonPress).seq - 1
    link.stop()


def test_dropped_lines_are_a_gap() -> None:
    name, events, link = start()
    box(name).drop(2)
    box(name).press(0)
    box(name).press(1)
    box(name).press(2)
    gap = next_of(events, Gap)
    assert gap.got - gap.expected == 2
    assert next_of(events, ButtonPress).button == 2
    link.stop()


def test_silence_means_the_box_is_gone_then_it_comes_back() -> None:
    name, events, link = start()
    box(name).silence(1.5)
    assert "heartbeat" in next_of(events, Disconnected, timeout=5).reason
    next_of(events, Connected, timeout=5)
    link.stop()


def test_a_pulled_cable_reconnects() -> None:
    name, events, link = start()
    box(name).unplug()
    next_of(events, Disconnected)
    box(name).plug()
    connected = next_of(events, Connected)
    box(name).press(6)
    assert next_of(events, ButtonPress).boot_id == connected.boot_id
    link.stop()


def test_a_reboot_is_noticed() -> None:
    name, events, link = start()
    old = link.state.boot_id
    box(name).reboot()
    rebooted = next_of(events, Rebooted)
    assert rebooted.old_boot_id == old and rebooted.new_boot_id == box(name).boot_id
    link.stop()


def test_the_buzzers_command_prints_presses_as_json_lines() -> None:
    wordtable = str(Path(sys.executable).parent / "wordtable")
    process = subprocess.run(
        [wordtable, "buzzers", "--port", "sim://cli", "--json", "--seconds", "1.5", "--demo"],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert process.returncode == 0, process.stderr
    lines = [json.loads(line) for line in process.stdout.splitlines()]
    assert lines[0]["event"] == "connected"
    assert any(line["event"] == "press" for line in lines)
