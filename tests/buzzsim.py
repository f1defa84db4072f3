"""Run the buzzer box firmware in simavr (hardware/sim/buzzsim.c) for a test or a benchmark."""

from __future__ import annotations

import os
import queue
import shutil
import subprocess
import threading
import time
from collections.abc import Callable
from pathlib import Path

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
