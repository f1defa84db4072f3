"""The buzzer box's line protocol (hardware/PROTOCOL.md): parsing and formatting, nothing else.

Public API: :func:`frame`, :func:`unframe`, :func:`parse`, :class:`Hello`, :class:`Press`,
:class:`Release`, :class:`Heartbeat`, :class:`Leds`, :class:`Pong`, :class:`Lost`,
:class:`DeviceError`, :class:`FrameError`, :class:`Unwrapper`, :data:`PROTOCOL_VERSION`.

>>> frame("P 7 2 1500")
'P 7 2 1500*71'
>>> parse("P 7 2 1500*71")
Press(seq=7, button=2, t_us=1500)
>>> parse("P 7 2 1500*70")
Traceback (most recent call last):
...
firmware_bridge.protocol.FrameError: bad checksum: 'P 7 2 1500*70'
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.errors import InvalidInputError

PROTOCOL_VERSION = 1
MAX_LINE = 64
BAUD = 500_000
WRAP = 2**32  # device time wraps at 2**32 microseconds


class FrameError(InvalidInputError):
    """A line that is not a valid frame: it is dropped."""


def checksum(payload: str) -> int:
    value = 0
    for byte in payload.encode("ascii"):
        value ^= byte
    return value


def frame(payload: str) -> str:
    """``PAYLOAD*CC`` (without the newline)."""
    return f"{payload}*{checksum(payload):02X}"


def unframe(line: str) -> str:
    """The payload of a framed line; :class:`FrameError` for anything else."""
    line = line.strip("\r\n")
    if len(line) > MAX_LINE or not line.isascii() or not line.isprintable():
        raise FrameError(f"not a line of the protocol: {line[:MAX_LINE]!r}")
    payload, star, cc = line.rpartition("*")
    if not star or len(cc) != 2:
        raise FrameError(f"no checksum: {line!r}")
    try:
        expected = int(cc, 16)
    except ValueError:
        raise FrameError(f"no checksum: {line!r}") from None
    if checksum(payload) != expected:
        raise FrameError(f"bad checksum: {line!r}")
    return payload


@dataclass(frozen=True)
class Hello:
    protocol: int
    firmware: str
    boot_id: str
    buttons: int
    leds: int


@dataclass(frozen=True)
class Press:
    seq: int
    button: int
    t_us: int


@dataclass(frozen=True)
class Release:
    seq: int
    button: int
    t_us: int


@dataclass(frozen=True)
class Heartbeat:
    seq: int
    t_us: int


@dataclass(frozen=True)
class Leds:
    seq: int
    mask: int


@dataclass(frozen=True)
class Pong:
    seq: int
    t_us: int


@dataclass(frozen=True)
class Lost:
    seq: int
    count: int


@dataclass(frozen=True)
class DeviceError:
    seq: int
    what: str


@dataclass(frozen=True)
class Unknown:
    """A valid line of a kind this host does not know (a newer box): ignored."""

    seq: int
    payload: str


Message = Hello | Press | Release | Heartbeat | Leds | Pong | Lost | DeviceError | Unknown
#: Line kinds whose fields are all decimal numbers, and what they parse into.
NUMERIC: dict[str, type[Press | Release | Heartbeat | Pong | Lost]] = {
    "P": Press,
    "R": Release,
    "HB": Heartbeat,
    "PONG": Pong,
    "LOST": Lost,
}


def parse(line: str) -> Message:
    """One framed line from the box."""
    fields = unframe(line).split(" ")
    kind, rest = fields[0], fields[1:]
    try:
        if kind == "HELLO":
            protocol, firmware, boot_id, buttons, leds = rest
            return Hello(int(protocol), firmware, boot_id, int(buttons), int(leds))
        if kind == "L":  # the mask is hex
            seq, mask = rest
            return Leds(int(seq), int(mask, 16))
        if kind == "ERR":
            return DeviceError(int(rest[0]), " ".join(rest[1:]))
        if kind in NUMERIC:
            return NUMERIC[kind](*(int(f) for f in rest))
        return Unknown(int(rest[0]) if rest and rest[0].isdigit() else -1, " ".join(fields))
    except (TypeError, ValueError):
        raise FrameError(f"malformed {kind} line: {line.strip()!r}") from None


def led_command(mask: int) -> str:
    if not 0 <= mask <= 0xFF:
        raise InvalidInputError("the LED mask is 8 bits")
    return frame(f"L {mask:02X}")


HELLO_REQUEST = frame("?")
PING = frame("PING")


class Unwrapper:
    """Turn 32-bit device microseconds into a count that does not wrap (per boot).

    >>> u = Unwrapper()
    >>> u.unwrap(4_294_967_000), u.unwrap(200)
    (4294967000, 4294967496)
    """

    def __init__(self) -> None:
        self.wraps = 0
        self.last: int | None = None

    def unwrap(self, t_us: int) -> int:
        if self.last is not None and t_us < self.last and self.last - t_us > WRAP // 2:
            self.wraps += 1
        self.last = t_us
        return self.wraps * WRAP + t_us
