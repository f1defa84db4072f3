"""The connection to a buzzer box: handshake, heartbeats, dedupe, gaps, reboots, reconnecting.

Public API: :class:`LinkState` (no I/O: lines and clock ticks in, events out),
:class:`BuzzerLink` (a thread that owns the serial port and feeds a :class:`LinkState`), and the
events: :class:`Connected`, :class:`Disconnected`, :class:`Rebooted`, :class:`ButtonPress`,
:class:`ButtonRelease`, :class:`Gap`, :class:`LedsSet`.

Every port is a pyserial URL: ``/dev/ttyACM0``, a pty, ``socket://host:port``, or our
simulator's ``sim://`` (``firmware_bridge.simulator``).

>>> state = LinkState()
>>> state.feed("HELLO 1 0.1.0 0A0B0C0D 8 8*66", now=0.0)
[Connected(boot_id='0A0B0C0D', firmware='0.1.0', buttons=8)]
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

import serial

from firmware_bridge import protocol
from firmware_bridge.protocol import FrameError

HEARTBEAT_TIMEOUT = 1.0  # seconds without a line: the box is gone
HELLO_EVERY = 0.5  # seconds between "?" while waiting for HELLO
REOPEN_EVERY = 0.2  # seconds between attempts to open the port


@dataclass(frozen=True)
class Connected:
    boot_id: str
    firmware: str
    buttons: int


@dataclass(frozen=True)
class Disconnected:
    reason: str


@dataclass(frozen=True)
class Rebooted:
    old_boot_id: str
    new_boot_id: str


@dataclass(frozen=True)
class ButtonPress:
    button: int
    t_us: int  # device time, unwrapped, microseconds
    seq: int
    boot_id: str
    host_time: float  # when the line arrived (for latency figures only: never for ordering)


@dataclass(frozen=True)
class ButtonRelease:
    button: int
    t_us: int
    seq: int
    boot_id: str


@dataclass(frozen=True)
class Gap:
    expected: int
    got: int  # lines expected..got-1 never arrived


@dataclass(frozen=True)
class LedsSet:
    mask: int


LinkEvent = Connected | Disconnected | Rebooted | ButtonPress | ButtonRelease | Gap | LedsSet


class LinkState:
    """What the host knows of the box, fed one line at a time (no I/O, no clock of its own)."""

    def __init__(self) -> None:
        self.boot_id: str | None = None
        self.connected = False
        self.last_seq = 0
        self.last_line = 0.0
        self.dropped = 0  # lines that were not frames (boot garbage, half lines, bad checksums)
        self.duplicates = 0
        self.unwrap = protocol.Unwrapper()

    def feed(self, line: str, now: float) -> list[LinkEvent]:
        try:
            message = protocol.parse(line)
        except FrameError:
            self.dropped += 1
            return []
        self.last_line = now
        if isinstance(message, protocol.Hello):
            return self._hello(message)
        if not self.connected:
            return []  # nothing counts before the handshake
        seq = message.seq
        events: list[LinkEvent] = []
        if seq <= self.last_seq and self.last_seq - seq < 32768:
            self.duplicates += 1
            return []
        if seq != (self.last_seq + 1) % 65536:
            events.append(Gap(self.last_seq + 1, seq))
        self.last_seq = seq
        assert self.boot_id is not None
        if isinstance(message, protocol.Press):
            events.append(ButtonPress(message.button, self.unwrap.unwrap(message.t_us), seq, self.boot_id, now))
        elif isinstance(message, protocol.Release):
            events.append(ButtonRelease(message.button, self.unwrap.unwrap(message.t_us), seq, self.boot_id))
        elif isinstance(message, protocol.Heartbeat | protocol.Pong):
            self.unwrap.unwrap(message.t_us)
        elif isinstance(message, protocol.Leds):
            events.append(LedsSet(message.mask))
        elif isinstance(message, protocol.Lost):
            events.append(Gap(seq, seq + message.count))
        return events

    def _hello(self, hello: protocol.Hello) -> list[LinkEvent]:
        if hello.protocol != protocol.PROTOCOL_VERSION:
            self.connected = False
            return [Disconnected(f"the box speaks protocol {hello.protocol}, this host {protocol.PROTOCOL_VERSION}")]
        events: list[LinkEvent] = []
        if self.boot_id is not None and hello.boot_id != self.boot_id:
            events.append(Rebooted(self.boot_id, hello.boot_id))
        if self.connected and hello.boot_id == self.boot_id:
            return events  # an answer to "?" while connected: nothing new
        self.boot_id = hello.boot_id
        self.last_seq = 0
        self.unwrap = protocol.Unwrapper()
        self.connected = True
        events.append(Connected(hello.boot_id, hello.firmware, hello.buttons))
        return events

    def silent(self, now: float) -> bool:
        return self.connected and now - self.last_line > HEARTBEAT_TIMEOUT

    def lost(self) -> None:
        """The port is closed: a new HELLO is needed before anything counts."""
        self.connected = False


class BuzzerLink:
    """A thread that keeps a box connected and hands every event to ``on_event`` (in order).

    The port is opened (and reopened after a pulled cable or silence) from ``url``; the box's
    HELLO is awaited, asking with ``?`` every half second (a Uno resets when its port opens).
    """

    def __init__(
        self,
        url: str,
        on_event: Callable[[LinkEvent], None],
        clock: Callable[[], float] = time.monotonic,
        opener: Callable[..., serial.SerialBase] = serial.serial_for_url,
    ) -> None:
        self.url = url
        self.on_event = on_event
        self.clock = clock
        self.opener = opener
        self.state = LinkState()
        self.port: serial.SerialBase | None = None
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._write_lock = threading.Lock()
        self.reconnects = 0

    def start(self) -> BuzzerLink:
        self._thread = threading.Thread(target=self._run, name=f"buzzers {self.url}", daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=5)
        self._close("stopped")

    @property
    def connected(self) -> bool:
        return self.state.connected

    def set_leds(self, mask: int) -> bool:
        """Ask the box to light the LEDs of ``mask``; False when no box is connected."""
        return self._write(protocol.led_command(mask))

    def _write(self, line: str) -> bool:
        with self._write_lock:
            port = self.port
            if port is None:
                return False
            try:
                port.write((line + "\n").encode("ascii"))
                return True
            except (serial.SerialException, OSError):
                return False

    def _close(self, reason: str) -> None:
        port, self.port = self.port, None
        if port is not None:
            with contextlib.suppress(serial.SerialException, OSError):
                port.close()
        if self.state.connected:
            self.state.lost()
            self.on_event(Disconnected(reason))

    def _run(self) -> None:
        buffer = b""
        asked = 0.0
        while not self._stop.is_set():
            if self.port is None:
                try:
                    self.port = self.opener(self.url, baudrate=protocol.BAUD, timeout=0.02)
                    buffer, asked = b"", 0.0
                    self.reconnects += 1
                except (serial.SerialException, OSError, ValueError):
                    self._stop.wait(REOPEN_EVERY)
                    continue
            now = self.clock()
            if not self.state.connected and now - asked >= HELLO_EVERY:
                self._write(protocol.HELLO_REQUEST)
                asked = now
            try:
                waiting = self.port.in_waiting  # type: ignore[attr-defined]  # pyserial's stubs lack SerialBase.in_waiting
                chunk = self.port.read(4096) if waiting else self.port.read(1)
            except (serial.SerialException, OSError, TypeError):
                self._close("the box went away (cable pulled?)")
                continue
            buffer += chunk
            *lines, buffer = buffer.split(b"\n")
            if len(buffer) > 4 * protocol.MAX_LINE:
                buffer = b""  # garbage without a newline
            now = self.clock()
            for raw in lines:
                for event in self.state.feed(raw.decode("ascii", "replace"), now):
                    self.on_event(event)
            if self.state.silent(now):
                self._close("no heartbeat for a second")
