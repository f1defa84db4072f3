"""The buzzer box for a test or a benchmark: its firmware run in simavr (hardware/sim/buzzsim.c),
and the host's end, the real bridge with its events in a queue.

Not a test module: the firmware and simulator tests and benchmarks/buzzers.py import it.
"""

from __future__ import annotations

import contextlib
import os
import queue
import shutil
import subprocess
import threading
import time
from collections.abc import Callable
from pathlib import Path

from firmware_bridge.link import BuzzerLink

ROOT = Path(__file__).resolve().parent.parent
HARDWARE = ROOT / "hardware"
HARNESS = HARDWARE / "build" / "buzzsim"
FIRMWARE = HARDWARE / "build" / "buzzer-sim.elf"


def build() -> str | None:
    """Build the firmware and the harness; the reason when the tools are missing."""
    for tool in ("avr-gcc", "make", "pkg-config"):
        if shutil.which(tool) is None:
            return f"{tool} is not installed (make installs gcc-avr, avr-libc, simavr, libsimavr-dev)"
    result = subprocess.run(["make", "-C", str(HARDWARE), "all"], capture_output=True, text=True, timeout=300)
    if result.returncode != 0:
        return f"cannot build the firmware or harness: {result.stderr[-400:]}"
    return None


def until(condition: Callable[[], object], timeout: float = 30.0) -> None:
    """Wait until ``condition()`` holds; fail the test if it does not within ``timeout`` seconds."""
    end = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > end:
            raise AssertionError(f"timed out after {timeout} s waiting for {condition}")
        time.sleep(0.005)


def burst(rounds: int, start_us: int = 200_000) -> tuple[list[str], int]:
    """Commands pressing each of the 8 buttons ``rounds`` times, from ``start_us`` (time for the
    harness to read the commands first): 3 ms down, then up for 21 ms, just past the 20 ms
    re-arm, so a press that comes before the main loop has re-armed the button must still count.
    Returns the commands and the simulated time at which the last press is over."""
    commands, t = [], start_us
    for _ in range(rounds):
        for b in range(8):
            start = t + b * 300
            commands += [f"down {b} {start}", f"up {b} {start + 3000}"]
        t += 24_000
    return commands, t


class Box:
    """One simulated buzzer box; ``link`` is the path the bridge opens (a symlink to its pty)."""

    def __init__(self, link: Path, speed: float = 1.0) -> None:
        self.link = link
        self.process = subprocess.Popen(
            [str(HARNESS), str(FIRMWARE), "--link", str(link), "--speed", str(speed)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            bufsize=1,
        )
        self.lines: queue.Queue[str] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        self.pty = self.expect("PTY")

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.put(line.strip())

    def expect(self, prefix: str, timeout: float = 30.0) -> str:
        end = time.monotonic() + timeout
        while True:
            line = self.lines.get(timeout=max(0.0, end - time.monotonic()))
            if line.startswith(prefix):
                return line

    def send(self, *commands: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write("".join(c + "\n" for c in commands))
        self.process.stdin.flush()

    def mark(self, lead_us: int = 100_000) -> None:
        """Times in later commands count from ``lead_us`` after now (time for them to arrive)."""
        self.send(f"mark {lead_us}")
        self.expect("MARK")

    def wait_until(self, t_us: float, timeout: float = 60.0) -> None:
        """Block until simulated time reaches mark + ``t_us``."""
        self.send(f"at {t_us:.0f}")
        self.expect(f"AT {int(t_us)}", timeout)

    def inject(self, text: str) -> None:
        """``text`` and a newline reach the host as if the box had sent them (between two of its lines)."""
        self.send(f"inject {text}")
        self.expect("INJECTED")

    def leds(self) -> int:
        self.send("leds")
        return int(self.expect("LEDS").split()[1], 16)

    def kill(self) -> None:
        """Pull the cable: the harness dies, its pty closes."""
        self.process.kill()
        self.process.wait()

    def close(self) -> None:
        if self.process.poll() is None:
            self.send("quit")
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.kill()
        if os.path.islink(self.link):
            os.unlink(self.link)


class Host:
    """The bridge on a box's port (a pty's path, or ``sim://name``), its events in a queue."""

    def __init__(self, url: str, timeout: float = 20.0) -> None:
        self.events: queue.Queue = queue.Queue()
        self.timeout = timeout
        self.link = BuzzerLink(url, self.events.put).start()

    def next(self, kind: type, timeout: float | None = None):
        """The next event of ``kind`` (the others before it are dropped); after ``timeout`` seconds
        without one, a failure that says what came meanwhile and what the link knows."""
        return self.gather(lambda events: isinstance(events[-1], kind), kind.__name__, timeout)[-1]

    def gather(self, done: Callable[[list], bool], what: str, timeout: float | None = None) -> list:
        """Every event until ``done(events so far)`` holds (tried after each event): a failure after
        ``timeout`` seconds (default: the host's) that says what came and what the link knows."""
        timeout = self.timeout if timeout is None else timeout
        end, events = time.monotonic() + timeout, []
        while not events or not done(events):
            try:
                events.append(self.events.get(timeout=max(0.01, end - time.monotonic())))
            except queue.Empty:
                state = self.link.state
                silent = time.monotonic() - state.last_line
                raise AssertionError(
                    f"no {what} within {timeout} s; {len(events)} events came, the last {events[-8:]}; "
                    f"connected {state.connected}, line {state.last_seq} came {silent:.1f} s ago; "
                    f"troubles {self.link.troubles[-5:]}"
                ) from None
        return events

    def collect(self, seconds: float) -> list:
        """Every event that arrives in the next ``seconds``."""
        end, got = time.monotonic() + seconds, []
        while time.monotonic() < end:
            with contextlib.suppress(queue.Empty):
                got.append(self.events.get(timeout=0.02))
        return got
