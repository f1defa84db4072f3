"""The buzzer box's line protocol (hardware/PROTOCOL.md): parsing and formatting, nothing else.

Public API: :func:`frame`, :func:`unframe`, :func:`parse`, :func:`crc16`, :class:`LineReader`,
:class:`Discarded`, :class:`Hello`, :class:`Press`, :class:`Release`, :class:`Heartbeat`,
:class:`Leds`, :class:`Pong`, :class:`Lost`, :class:`DeviceError`, :class:`Unknown`,
:class:`FrameError`, :class:`Unwrapper`, :data:`PROTOCOL_VERSION`.

Every line is ``PAYLOAD*CCCC``: ``CCCC`` is the CRC-16/CCITT-FALSE of the payload in four
uppercase hex digits. Numbers are unsigned decimal, in range, or the line is refused:

>>> frame("P 7 2 1500")
'P 7 2 1500*A4CD'
>>> parse("P 7 2 1500*A4CD")
Press(seq=7, button=2, t_us=1500)
>>> parse("P 7 2 1500*A4CE")
Traceback (most recent call last):
...
firmware_bridge.protocol.FrameError: bad CRC: 'P 7 2 1500*A4CE'
>>> parse(frame("P 7 99 1500"))
Traceback (most recent call last):
...
firmware_bridge.protocol.FrameError: malformed P line (button 99 is not 0-7): 'P 7 99 1500*987E'
"""

from __future__ import annotations

import binascii
import re
from dataclasses import dataclass

from companion.errors import InvalidInputError

PROTOCOL_VERSION = 2
MAX_LINE = 64  # bytes before the newline; a longer line is dropped whole
MAX_BUTTONS = 8  # button numbers are 0-7 (a box says in its HELLO how many it has)
MAX_LEDS = 8
BAUD = 500_000
SEQ_MOD = 2**16  # sequence numbers count modulo this
WRAP = 2**32  # device time wraps at 2**32 microseconds

_FRAME = re.compile(r"(?P<payload>[ -~]*)\*(?P<crc>[0-9A-F]{4})")
_LEGACY_FRAME = re.compile(r"(?P<payload>[ -~]*)\*(?P<cc>[0-9A-F]{2})")  # protocol 1: XOR checksum
_NUMBER = re.compile(r"0|[1-9][0-9]{0,9}")  # unsigned decimal: no sign, no leading zero, no "_"
_HEX2 = re.compile(r"[0-9A-F]{2}")
_BOOT_ID = re.compile(r"[0-9A-F]{8}")
_FIRMWARE = re.compile(r"[!-~]{1,16}")


class FrameError(InvalidInputError):
    """A line that is not a valid frame, or whose fields are not what the protocol says: dropped."""


def crc16(data: bytes) -> int:
    """CRC-16/CCITT-FALSE: polynomial 0x1021, initial value 0xFFFF, not reflected, no final XOR.

    >>> f"{crc16(b'123456789'):04X}"  # the catalogue's check value
    '29B1'
    """
    return binascii.crc_hqx(data, 0xFFFF)


def frame(payload: str) -> str:
    """``PAYLOAD*CCCC`` (without the newline)."""
    return f"{payload}*{crc16(payload.encode('ascii')):04X}"


def unframe(line: str) -> str:
    """The payload of a framed line (its newline, if any, removed); :class:`FrameError` for anything else."""
    line = line.removesuffix("\n")
    if len(line) > MAX_LINE:
        raise FrameError(f"longer than {MAX_LINE} bytes: {line[:MAX_LINE]!r}...")
    match = _FRAME.fullmatch(line)
    if match is None:
        raise FrameError(f"not a frame (PAYLOAD*CCCC, printable ASCII): {line!r}")
    if crc16(match["payload"].encode("ascii")) != int(match["crc"], 16):
        raise FrameError(f"bad CRC: {line!r}")
    return match["payload"]


def _legacy_payload(line: str) -> str | None:
    """The payload of a protocol-1 line (``PAYLOAD*CC``, an XOR checksum), if ``line`` is one."""
    match = _LEGACY_FRAME.fullmatch(line.removesuffix("\n"))
    if match is None:
        return None
    xor = 0
    for byte in match["payload"].encode("ascii"):
        xor ^= byte
    return match["payload"] if xor == int(match["cc"], 16) else None


@dataclass(frozen=True)
class Hello:
    protocol: int
    firmware: str
    boot_id: str
    buttons: int
    leds: int
    seq: int = 0  # the number of the last numbered line the box sent (0 at boot)


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
    """A valid line of a kind this host does not know (a newer box): its number counts, its content is ignored."""

    seq: int
    payload: str


Message = Hello | Press | Release | Heartbeat | Leds | Pong | Lost | DeviceError | Unknown
Numbered = Press | Release | Heartbeat | Leds | Pong | Lost | DeviceError | Unknown


def _number(text: str, what: str, below: int, least: int = 0) -> int:
    if not _NUMBER.fullmatch(text):
        raise ValueError(f"{what} {text!r} is not an unsigned decimal number")
    value = int(text)
    if not least <= value < below:
        raise ValueError(f"{what} {value} is not {least}-{below - 1}")
    return value


def _fields(rest: list[str], count: int) -> list[str]:
    if len(rest) != count:
        raise ValueError(f"{len(rest)} fields after the kind, not {count}")
    return rest


def _seq(text: str) -> int:
    return _number(text, "sequence number", SEQ_MOD)


def _time(text: str) -> int:
    return _number(text, "time", WRAP)


def _button(text: str) -> int:
    return _number(text, "button", MAX_BUTTONS)


def _hello(rest: list[str]) -> Hello:
    if not rest:
        raise ValueError("no protocol version")
    protocol = _number(rest[0], "protocol version", 1000)
    if protocol != PROTOCOL_VERSION:  # another version's HELLO: only its version is read (to refuse it)
        return Hello(protocol, rest[1] if len(rest) > 1 else "?", "", 0, 0)
    _, firmware, boot_id, buttons, leds, seq = _fields(rest, 6)
    if not _FIRMWARE.fullmatch(firmware):
        raise ValueError(f"firmware version {firmware!r}")
    if not _BOOT_ID.fullmatch(boot_id):
        raise ValueError(f"boot id {boot_id!r} is not 8 hex digits")
    return Hello(
        protocol,
        firmware,
        boot_id,
        _number(buttons, "buttons", MAX_BUTTONS + 1, least=1),
        _number(leds, "LEDs", MAX_LEDS + 1),
        _seq(seq),
    )


def _numbered(kind: str, rest: list[str]) -> Numbered:
    if kind in ("P", "R"):
        seq, button, t = _fields(rest, 3)
        return (Press if kind == "P" else Release)(_seq(seq), _button(button), _time(t))
    if kind in ("HB", "PONG"):
        seq, t = _fields(rest, 2)
        return (Heartbeat if kind == "HB" else Pong)(_seq(seq), _time(t))
    if kind == "L":
        seq, mask = _fields(rest, 2)
        if not _HEX2.fullmatch(mask):
            raise ValueError(f"LED mask {mask!r} is not two hex digits")
        return Leds(_seq(seq), int(mask, 16))
    if kind == "LOST":
        seq, count = _fields(rest, 2)
        return Lost(_seq(seq), _number(count, "count", SEQ_MOD, least=1))
    if not rest:
        raise ValueError("no sequence number")
    if kind == "ERR":
        return DeviceError(_seq(rest[0]), " ".join(rest[1:]))
    return Unknown(_seq(rest[0]), " ".join([kind, *rest]))


def parse(line: str) -> Message:
    """One line from the box (its newline, if any, removed); :class:`FrameError` when it must be dropped.

    A HELLO framed as protocol 1 did it (an XOR checksum) is read as such, so that the host can
    say the box speaks an older protocol rather than drop its lines without a word.
    """
    try:
        payload = unframe(line)
    except FrameError:
        legacy = _legacy_payload(line)
        if legacy is None or not legacy.startswith("HELLO "):
            raise
        version = legacy.split(" ")
        return Hello(int(version[1]) if version[1].isdigit() else 0, " ".join(version[2:3]) or "?", "", 0, 0)
    kind, *rest = payload.split(" ")
    try:
        if kind == "HELLO":
            return _hello(rest)
        return _numbered(kind, rest)
    except ValueError as error:
        raise FrameError(f"malformed {kind} line ({error}): {line.removesuffix(chr(10))!r}") from None


def led_command(mask: int) -> str:
    if not 0 <= mask <= 0xFF:
        raise InvalidInputError("the LED mask is 8 bits")
    return frame(f"L {mask:02X}")


HELLO_REQUEST = frame("?")
PING = frame("PING")


@dataclass(frozen=True)
class Discarded:
    """Bytes a :class:`LineReader` dropped without making a line of them, and why."""

    reason: str
    head: str  # the first bytes, for the message


class LineReader:
    """Bytes from the port in, lines out (without their newline), framed as hardware/PROTOCOL.md says.

    A line longer than :data:`MAX_LINE` bytes is dropped whole, up to and including its newline:
    none of its tail is ever taken for a line. On opening the port (and when made), everything up
    to the first newline is dropped: the port may have been opened in the middle of a line.

    >>> reader = LineReader(opened=False)
    >>> reader.feed(b"P 1 2 3*ABCD\\nHB 2 ")
    ['P 1 2 3*ABCD']
    >>> reader.feed(b"5*0000\\n" + b"x" * 70 + b"HB 3 5*0000\\nHB 4")
    ['HB 2 5*0000', Discarded(reason='longer than 64 bytes', head='xxxxxxxxxxxxxxxxxxxxxxxx')]
    """

    HEAD = 24

    def __init__(self, opened: bool = True) -> None:
        self.buffer = bytearray()
        self.skipping: str | None = None  # why the bytes up to the next newline are dropped
        self.head = b""
        if opened:
            self.opened()

    def opened(self) -> None:
        """The port was (re)opened: drop the bytes up to the first newline."""
        self.buffer.clear()
        self.skipping, self.head = "before the first newline after opening the port", b""

    def feed(self, data: bytes) -> list[str | Discarded]:
        out: list[str | Discarded] = []
        start = 0
        while start <= len(data):
            end = data.find(b"\n", start)
            piece = data[start:] if end < 0 else data[start:end]
            if self.skipping is None:
                self.buffer += piece
                if len(self.buffer) > MAX_LINE:
                    self.skipping, self.head = f"longer than {MAX_LINE} bytes", bytes(self.buffer[: self.HEAD])
                    self.buffer.clear()
            elif len(self.head) < self.HEAD:
                self.head += piece[: self.HEAD - len(self.head)]
            if end < 0:
                break
            if self.skipping is not None:
                if self.head or not self.skipping.startswith("before"):
                    out.append(Discarded(self.skipping, self.head.decode("ascii", "backslashreplace")))
                self.skipping, self.head = None, b""
            else:
                out.append(self.buffer.decode("ascii", "replace"))
            self.buffer.clear()
            start = end + 1
        return out


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
