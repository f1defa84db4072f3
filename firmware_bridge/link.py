"""The connection to a buzzer box: handshake, heartbeats, sequence numbers, reboots, reconnecting.

Public API: :class:`LinkState` (no I/O: bytes or lines and clock ticks in, events out),
:class:`BuzzerLink` (a thread that owns the serial port and feeds a :class:`LinkState`), and the
events: :class:`Connected`, :class:`Disconnected`, :class:`Rebooted`, :class:`ButtonPress`,
:class:`ButtonRelease`, :class:`LedsSet`, and the troubles a desk can show (:data:`Trouble`, each
with a one-line ``message``): :class:`Gap`, :class:`Resync`, :class:`Dropped`,
:class:`Duplicate`, :class:`Overflow`, :class:`BoxError`, :class:`Waiting`.

Nothing is dropped without a word: a line that is not taken is a :class:`Dropped` event (once the
box is connected, and always when it looks like a press); lines that never arrived are a
:class:`Gap`; a sequence number that goes back is a :class:`Resync`, after which the count
follows the box again (one odd line never silences it).

Every port is a pyserial URL: ``/dev/ttyACM0``, a pty, ``socket://host:port``, or our
simulator's ``sim://`` (``firmware_bridge.simulator``).

>>> from firmware_bridge.protocol import frame
>>> state = LinkState()
>>> state.feed(frame("HELLO 2 0.2.0 0A0B0C0D 8 8 0"), now=0.0)
[Connected(boot_id='0A0B0C0D', firmware='0.2.0', buttons=8)]
>>> state.feed(frame("P 1 3 1500"), now=0.1)[0].button
3
>>> gap, press = state.feed(frame("P 60 3 2000"), now=0.2)  # lines 2-59 never came...
>>> gap.message
'lines 2 to 59 from the box never arrived (presses may be lost)'
>>> resync, press = state.feed(frame("P 2 4 2500"), now=0.3)  # ... or line 60 was odd: not silenced
>>> resync.message, press.button, press.doubtful, state.want_hello
('the box numbered a line 2, not 61 as expected: following its count', 4, True, True)
"""

from __future__ import annotations

import contextlib
import errno
import logging
import re
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

import serial

from firmware_bridge import protocol
from firmware_bridge.protocol import SEQ_MOD, Discarded, FrameError

log = logging.getLogger(__name__)

HEARTBEAT_TIMEOUT = 1.0  # seconds without a line: the box is gone
HELLO_EVERY = 0.5  # seconds between "?" while waiting for HELLO
HELLO_AGAIN = 0.1  # the second "?" after opening: the first answer may be dropped as a half line
NO_ANSWER = 3.0  # seconds of asking on an open port before saying that no box answers
REOPEN_EVERY = 0.2  # seconds between attempts to open the port
RECENT = 64  # lines remembered to tell a repeated line from a new one


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
    doubtful: bool = False  # taken while the box's count was in doubt (after a Resync, until its HELLO)


@dataclass(frozen=True)
class ButtonRelease:
    button: int
    t_us: int
    seq: int
    boot_id: str


@dataclass(frozen=True)
class LedsSet:
    mask: int


@dataclass(frozen=True)
class Gap:
    expected: int
    got: int  # lines expected..got-1 (modulo 65536) never arrived

    @property
    def message(self) -> str:
        last = (self.got - 1) % SEQ_MOD
        lines = f"line {last}" if last == self.expected else f"lines {self.expected} to {last}"
        return f"{lines} from the box never arrived (presses may be lost)"


@dataclass(frozen=True)
class Resync:
    """The box's count is not where ours was (it went back: a reboot whose HELLO was lost, or an
    odd line before): the link follows the box's count from ``got`` and asks for its HELLO."""

    expected: int
    got: int

    @property
    def message(self) -> str:
        return f"the box numbered a line {self.got}, not {self.expected} as expected: following its count"


@dataclass(frozen=True)
class Dropped:
    """A line (or bytes) not taken: not a frame, a bad CRC, too long, a field out of range."""

    reason: str
    line: str  # the line, or its head

    @property
    def press(self) -> bool:
        """It looked like a press: a press may be lost."""
        return self.line.startswith("P ")

    @property
    def message(self) -> str:
        what = "a press may be lost: " if self.press else ""
        return f"{what}dropped a line from the box: {self.reason}"


@dataclass(frozen=True)
class Duplicate:
    seq: int

    @property
    def message(self) -> str:
        return f"line {self.seq} came twice: the repeat was ignored"


@dataclass(frozen=True)
class Overflow:
    count: int  # reports the box itself had to drop (its queue was full)

    @property
    def message(self) -> str:
        return f"the box dropped {self.count} report{'s' if self.count != 1 else ''} (its queue was full)"


@dataclass(frozen=True)
class BoxError:
    what: str  # the box could not take a line from the host

    @property
    def message(self) -> str:
        return f"the box refused a line from the host ({self.what})"


@dataclass(frozen=True)
class Waiting:
    """The port cannot be opened, or no box answers on it: ``retrying`` or given up (a bad URL)."""

    url: str
    reason: str
    retrying: bool = True

    @property
    def message(self) -> str:
        if self.retrying:
            return f"waiting for {self.url}: {self.reason} (retrying)"
        return f"{self.url}: {self.reason}"


Trouble = Gap | Resync | Dropped | Duplicate | Overflow | BoxError | Waiting
LinkEvent = Connected | Disconnected | Rebooted | ButtonPress | ButtonRelease | LedsSet | Trouble
TROUBLES = (Gap, Resync, Dropped, Duplicate, Overflow, BoxError, Waiting)


class LinkState:
    """What the host knows of the box, fed bytes or lines (no I/O, no clock of its own)."""

    def __init__(self) -> None:
        self.boot_id: str | None = None
        self.buttons = protocol.MAX_BUTTONS
        self.connected = False
        self.last_seq = 0
        self.last_line = 0.0
        self.dropped = 0  # lines that were not taken (boot garbage, half lines, bad CRCs, bad fields)
        self.duplicates = 0
        self.gaps = 0
        self.resyncs = 0
        #: The box's count is in doubt (it went back): presses are doubtful until its HELLO.
        self.unsure = False
        #: Ask the box for its HELLO (a surprise in its count): the link sends "?".
        self.want_hello = False
        #: The last troubles, newest last: (host time, message), for a desk or a page to show.
        self.troubles: deque[tuple[float, str]] = deque(maxlen=20)
        self.unwrap = protocol.Unwrapper()
        self.reader = protocol.LineReader()
        self._recent: deque[tuple[int, str]] = deque(maxlen=RECENT)
        #: Why the box's HELLO was refused (another protocol version), said once.
        self.refused: str | None = None

    def opened(self) -> None:
        """The port was (re)opened: what comes before the first newline is dropped."""
        self.reader.opened()

    def receive(self, data: bytes, now: float) -> list[LinkEvent]:
        """Bytes from the port: the events of the lines they complete."""
        events: list[LinkEvent] = []
        for item in self.reader.feed(data):
            if isinstance(item, Discarded):
                events += self._note(self._dropped(item.reason, item.head), now)
            else:
                events += self.feed(item, now)
        return events

    def feed(self, line: str, now: float) -> list[LinkEvent]:
        """One line from the box (without its newline)."""
        return self._note(self._feed(line, now), now)

    def _note(self, events: list[LinkEvent], now: float) -> list[LinkEvent]:
        for event in events:
            if isinstance(event, TROUBLES):
                self.troubles.append((now, event.message))
        return events

    def _dropped(self, reason: str, line: str) -> list[LinkEvent]:
        """A line not taken: counted; an event once connected (and for a press at any time)."""
        self.dropped += 1
        event = Dropped(reason, line[: protocol.MAX_LINE])
        return [event] if self.connected or event.press else []

    def _feed(self, line: str, now: float) -> list[LinkEvent]:
        try:
            message = protocol.parse(line)
        except FrameError as error:
            return self._dropped(str(error).split(": ")[0], line)
        self.last_line = now
        if isinstance(message, protocol.Hello):
            return self._hello(message)
        if not self.connected:
            if isinstance(message, protocol.Press):
                return self._dropped("a press before the box's HELLO", line)
            return []  # nothing counts before the handshake
        events = self._count(message.seq, line)
        if events and isinstance(events[-1], Duplicate):
            return events
        assert self.boot_id is not None
        if isinstance(message, protocol.Press | protocol.Release) and message.button >= self.buttons:
            return [*events, *self._dropped(f"button {message.button}: the box has {self.buttons}", line)]
        if isinstance(message, protocol.Press):
            t_us = self.unwrap.unwrap(message.t_us)
            events.append(ButtonPress(message.button, t_us, message.seq, self.boot_id, now, self.unsure))
        elif isinstance(message, protocol.Release):
            events.append(ButtonRelease(message.button, self.unwrap.unwrap(message.t_us), message.seq, self.boot_id))
        elif isinstance(message, protocol.Heartbeat | protocol.Pong):
            self.unwrap.unwrap(message.t_us)
        elif isinstance(message, protocol.Leds):
            events.append(LedsSet(message.mask))
        elif isinstance(message, protocol.Lost):
            events.append(Overflow(message.count))
        elif isinstance(message, protocol.DeviceError):
            events.append(BoxError(message.what))
        return events

    def _count(self, seq: int, line: str) -> list[LinkEvent]:
        """Follow the box's count: the next number is taken, a jump ahead is a gap, a jump back is
        a resync (unless it repeats a line just seen). Either surprise asks the box for its HELLO."""
        expected = (self.last_seq + 1) % SEQ_MOD
        events: list[LinkEvent] = []
        if seq != expected:
            if (seq, line) in self._recent:
                self.duplicates += 1
                return [Duplicate(seq)]
            if (seq - expected) % SEQ_MOD < SEQ_MOD // 2:
                self.gaps += 1
                events.append(Gap(expected, seq))
            else:
                self.resyncs += 1
                self.unsure = True
                events.append(Resync(expected, seq))
            self.want_hello = True
        self.last_seq = seq
        self._recent.append((seq, line))
        return events

    def _hello(self, hello: protocol.Hello) -> list[LinkEvent]:
        if hello.protocol != protocol.PROTOCOL_VERSION:
            older = hello.protocol < protocol.PROTOCOL_VERSION
            how = "flash hardware/firmware/buzzer.c" if older else "update wordtable"
            reason = f"the box speaks protocol {hello.protocol}, this host {protocol.PROTOCOL_VERSION}: {how}"
            was, self.connected = self.connected, False
            if reason == self.refused and not was:
                return []  # said once
            self.refused = reason
            return [Disconnected(reason)]
        self.refused = None
        events: list[LinkEvent] = []
        if hello.boot_id != self.boot_id:
            if self.boot_id is not None:
                events.append(Rebooted(self.boot_id, hello.boot_id))
            self.boot_id = hello.boot_id
            self.unwrap = protocol.Unwrapper()
            self._recent.clear()
            self.last_seq = hello.seq
        if not self.connected or events:
            self.connected = True
            events.append(Connected(hello.boot_id, hello.firmware, hello.buttons))
        if hello.seq != self.last_seq:  # the same boot, but not the count we had
            expected, got = (self.last_seq + 1) % SEQ_MOD, (hello.seq + 1) % SEQ_MOD
            if (hello.seq - self.last_seq) % SEQ_MOD < SEQ_MOD // 2:
                self.gaps += 1
                events.append(Gap(expected, got))
            else:
                self.resyncs += 1
                events.append(Resync(expected, got))
            self.last_seq = hello.seq
        self.buttons = hello.buttons
        self.unsure = self.want_hello = False
        return events

    def silent(self, now: float) -> bool:
        return self.connected and now - self.last_line > HEARTBEAT_TIMEOUT

    def lost(self) -> None:
        """The port is closed: a new HELLO is needed before anything counts."""
        self.connected = False


_ERRNO = re.compile(r"\[Errno (\d+)\]|\((\d+), ")
_OPEN_ERRORS = {
    errno.ENOENT: "not found",
    errno.EACCES: "permission denied (is this user in the dialout group?)",
    errno.EPERM: "permission denied (is this user in the dialout group?)",
    errno.EBUSY: "busy: another program has it open",
    errno.ENOTTY: "not a serial port",
    errno.ECONNREFUSED: "connection refused",
    errno.EIO: "input/output error",
}


def describe_open_error(error: Exception) -> str:
    """What is wrong with a port that cannot be opened, in a few words.

    >>> describe_open_error(serial.SerialException(2, "could not open port /dev/x: [Errno 2] No such file"))
    'not found'
    """
    code = getattr(error, "errno", None)
    if not isinstance(code, int):
        match = _ERRNO.search(str(error))
        code = int(match[1] or match[2]) if match else None
    if code in _OPEN_ERRORS:
        return _OPEN_ERRORS[code]
    return str(error) or type(error).__name__


class BuzzerLink:
    """A thread that keeps a box connected and hands every event to ``on_event`` (in order).

    The port is opened (and reopened after a pulled cable or silence) from ``url``; the box's
    HELLO is awaited, asking with ``?`` at once, again after 0.1 s, then every half second (a Uno
    resets when its port opens). A port that cannot be opened, or on which no box answers, is a
    :class:`Waiting` event (once per reason); a URL pyserial cannot read at all is a
    :class:`Waiting` with ``retrying=False``, and the thread ends.
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
        #: Why the port is not open, or no box answers on it (None: all well).
        self.waiting: str | None = None
        #: The last error met handling the box's lines (logged; the link goes on). None: none yet.
        self.error: str | None = None

    @property
    def alive(self) -> bool:
        """The link's thread is running (it ends when stopped, or on a URL that can never open)."""
        return self._thread is not None and self._thread.is_alive()

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

    @property
    def troubles(self) -> list[str]:
        """The last troubles on the line (gaps, drops, resyncs...), newest last, for a desk to show."""
        return [message for _, message in list(self.state.troubles)]

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

    def _wait(self, reason: str, retrying: bool = True) -> None:
        """Say once why there is no box yet."""
        if reason != self.waiting:
            self.waiting = reason
            self.on_event(self.state._note([Waiting(self.url, reason, retrying)], self.clock())[0])

    def _open(self) -> bool:
        try:
            self.port = self.opener(self.url, baudrate=protocol.BAUD, timeout=0.02)
        except ValueError as error:  # not a URL pyserial knows: retrying will not help
            self._wait(str(error), retrying=False)
            self._stop.set()
            return False
        except (serial.SerialException, OSError) as error:
            self._wait(describe_open_error(error))
            self._stop.wait(REOPEN_EVERY)
            return False
        self.reconnects += 1
        self.state.opened()
        return True

    def _run(self) -> None:
        opened_at = asked = 0.0
        asks = 0
        while not self._stop.is_set():
            if self.port is None:
                if not self._open():
                    continue
                opened_at, asks = self.clock(), 0
            port = self.port
            if port is None:  # stopped meanwhile
                continue
            now = self.clock()
            if self.state.connected and not self.state.want_hello:
                asks = 0
            elif now - asked >= (HELLO_AGAIN if asks == 1 else HELLO_EVERY) or asks == 0:
                self._write(protocol.HELLO_REQUEST)
                asked, asks = now, asks + 1
            if not self.state.connected and not self.state.refused and now - opened_at > NO_ANSWER:
                self._wait("the port is open, but no buzzer box answers on it: another device, or no firmware?")
            try:
                waiting = port.in_waiting  # type: ignore[attr-defined]  # pyserial's stubs lack SerialBase.in_waiting
                chunk = port.read(4096) if waiting else port.read(1)
            except (serial.SerialException, OSError, TypeError):
                self._close("the box went away (cable pulled?)")
                continue
            now = self.clock()
            try:
                for event in self.state.receive(chunk, now):
                    if isinstance(event, Connected):
                        self.waiting = None
                    self.on_event(event)
            except Exception as error:  # a bug on one line (or in a listener): logged, shown, the link goes on
                self.error = f"{type(error).__name__}: {error}"
                log.exception("buzzer link %s: a line could not be handled", self.url)
            if self.state.silent(now):
                self._close("no heartbeat for a second")
