"""A simulated buzzer box speaking the real protocol, reachable as the pyserial URL ``sim://NAME``.

Public API: :class:`SimulatedBox`, :func:`box`, :func:`register`.

The simulator is the default when no box is plugged in: the dashboard's keys and on-screen
buttons press its buttons, and the bridge reads it exactly as it reads a real box, through
``serial.serial_for_url("sim://table")``. It can inject the faults a real table sees: garbage
bytes, dropped lines, silence, a pulled cable, a reboot (seen, or with its HELLO lost), an overlong
line, a stray line with a valid CRC and any sequence number.

>>> register()
>>> import serial
>>> port = serial.serial_for_url("sim://doctest", timeout=0.1)
>>> port.readline()[:8]
b'HELLO 2 '
>>> box("doctest").press(3, at_us=1500)
>>> from firmware_bridge.protocol import parse
>>> parse(port.readline().decode())
Press(seq=1, button=3, t_us=1500)
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, TypedDict, Unpack

import serial

from firmware_bridge.protocol import MAX_LINE, PROTOCOL_VERSION, frame, unframe

if TYPE_CHECKING:
    from _typeshed import ReadableBuffer

HEARTBEAT_S = 0.25
FIRMWARE = "0.2.0-sim"
_BOXES: dict[str, SimulatedBox] = {}
_BOXES_LOCK = threading.Lock()


class SimulatedBox:
    """The box's side: buttons, LEDs, device clock, and the lines it sends."""

    def __init__(self, name: str, clock: Callable[[], float] = time.monotonic, seed: int | None = None) -> None:
        self.name = name
        self.clock = clock
        self.rng = random.Random(seed)
        self.leds = 0
        self.plugged = True
        self._lock = threading.Condition()
        self._out = bytearray()
        self._drop = 0
        self._silent_until = 0.0
        self._boot()

    def _boot(self, hello: bool = True) -> None:
        self.boot_id = f"{self.rng.getrandbits(32):08X}"
        self.booted = self.clock()
        self.seq = 0
        self.next_heartbeat = self.booted + HEARTBEAT_S
        if hello:
            self._hello()

    def _hello(self) -> None:
        """HELLO ends with the number of the last numbered line sent (hardware/PROTOCOL.md)."""
        with self._lock:  # numbered and queued at once, as the firmware's single loop does
            self._send_raw(frame(f"HELLO {PROTOCOL_VERSION} {FIRMWARE} {self.boot_id} 8 8 {self.seq}"))

    def now_us(self) -> int:
        return int((self.clock() - self.booted) * 1_000_000) % 2**32

    def _send_raw(self, line: str | bytes) -> None:
        data = line if isinstance(line, bytes) else (line + "\n").encode("ascii")
        with self._lock:
            if self.clock() < self._silent_until:
                return
            self._out += data
            self._lock.notify_all()

    def _send(self, payload: str) -> None:
        kind, rest = payload.split(" ", 1) if " " in payload else (payload, "")
        with self._lock:  # a line is numbered and queued at once (a HELLO from another thread comes before or after)
            self.seq = (self.seq + 1) % 65536
            if self._drop:
                self._drop -= 1
                return
            self._send_raw(frame(f"{kind} {self.seq}{' ' + rest if rest else ''}"))

    # -- the table's side ----------------------------------------------------------------

    def press(self, button: int, at_us: int | None = None) -> None:
        self._send(f"P {button} {self.now_us() if at_us is None else at_us}")

    def release(self, button: int, at_us: int | None = None) -> None:
        self._send(f"R {button} {self.now_us() if at_us is None else at_us}")

    # -- faults --------------------------------------------------------------------------

    def garbage(self, n: int = 20, newline: bool = True) -> None:
        """Noise on the line; without a newline it spoils the next line too."""
        noise = bytes(self.rng.getrandbits(8) for _ in range(n)).replace(b"\n", b"?")
        self._send_raw(noise + (b"\n" if newline else b""))

    def drop(self, lines: int = 1) -> None:
        self._drop += lines

    def stray(self, payload: str) -> None:
        """A line with a valid CRC that the box did not send as such (``HB 60 123``: any number)."""
        self._send_raw(frame(payload))

    def overlong(self, payload: str) -> None:
        """Noise, then a valid line, with no newline between: one line too long, its tail a valid frame."""
        self._send_raw(b"#" * (MAX_LINE + 1) + (frame(payload) + "\n").encode("ascii"))

    def silence(self, seconds: float) -> None:
        self._silent_until = self.clock() + seconds

    def unplug(self) -> None:
        self.plugged = False
        with self._lock:
            self._lock.notify_all()

    def plug(self) -> None:
        self.plugged = True
        self.reboot()  # a board powered by its USB cable boots when plugged in

    def reboot(self, hello: bool = True) -> None:
        """The box restarts; with ``hello=False`` its HELLO is lost on the way (the host must notice)."""
        with self._lock:
            self._out.clear()
        self._boot(hello)

    # -- the host's side (the serial port) -----------------------------------------------

    def _tick(self) -> None:
        now = self.clock()
        while now >= self.next_heartbeat:
            self.next_heartbeat += HEARTBEAT_S
            if now < self._silent_until:
                continue
            self._send(f"HB {self.now_us()}")

    def receive(self, data: bytes) -> None:
        *lines, _ = data.split(b"\n")  # the host writes whole lines
        for raw in lines:
            try:
                payload = unframe(raw.decode("ascii"))
            except (UnicodeDecodeError, ValueError):
                self._send("ERR frame")
                continue
            if payload == "?":
                self._hello()
            elif payload == "PING":
                self._send(f"PONG {self.now_us()}")
            elif len(payload) == 4 and payload.startswith("L ") and all(c in "0123456789ABCDEF" for c in payload[2:]):
                self.leds = int(payload[2:], 16)
                self._send(f"L {self.leds:02X}")
            else:
                self._send("ERR command")

    def take(self, size: int, timeout: float | None) -> bytes:
        end = None if timeout is None else self.clock() + timeout
        with self._lock:
            while True:
                if not self.plugged:
                    raise serial.SerialException("device reports readiness to read but returned no data")
                self._lock.release()
                try:
                    self._tick()
                finally:
                    self._lock.acquire()
                if self._out:
                    data = bytes(self._out[:size])
                    del self._out[:size]
                    return data
                remaining = None if end is None else end - self.clock()
                if remaining is not None and remaining <= 0:
                    return b""
                self._lock.wait(min(remaining, HEARTBEAT_S / 5) if remaining is not None else HEARTBEAT_S / 5)

    def waiting(self) -> int:
        self._tick()
        return len(self._out)


class _BoxOptions(TypedDict, total=False):
    """The keyword arguments of :class:`SimulatedBox` after its name."""

    clock: Callable[[], float]
    seed: int | None


def box(name: str, **options: Unpack[_BoxOptions]) -> SimulatedBox:
    """The simulated box called ``name`` (made on first use)."""
    with _BOXES_LOCK:
        if name not in _BOXES:
            _BOXES[name] = SimulatedBox(name, **options)
        return _BOXES[name]


class SimSerial(serial.SerialBase):
    """pyserial's side of ``sim://NAME``."""

    def open(self) -> None:
        if self.port is None:
            raise serial.SerialException("a port URL is needed, such as sim://table")
        name = str(self.port)[len("sim://") :].split("?")[0] or "default"
        self.box = box(name)
        if not self.box.plugged:
            raise serial.SerialException(f"could not open port {self.port}: [Errno 2] No such file or directory")
        self.is_open = True

    def close(self) -> None:
        self.is_open = False

    def _reconfigure_port(self, force_update: bool = False) -> None:
        pass

    @property
    def in_waiting(self) -> int:
        return self.box.waiting()

    def read(self, size: int = 1) -> bytes:
        if not self.is_open:
            raise serial.PortNotOpenError()
        return self.box.take(size, self.timeout)

    def write(self, b: ReadableBuffer, /) -> int:
        if not self.is_open:
            raise serial.PortNotOpenError()
        if not self.box.plugged:
            raise serial.SerialException("write failed: the box is unplugged")
        data = bytes(b)
        self.box.receive(data)
        return len(data)

    def reset_input_buffer(self) -> None:
        pass

    def reset_output_buffer(self) -> None:
        pass


def register() -> None:
    """Make ``sim://`` URLs open a simulated box (pyserial's protocol handlers)."""
    if "firmware_bridge.urlhandlers" not in serial.protocol_handler_packages:
        serial.protocol_handler_packages.append("firmware_bridge.urlhandlers")
