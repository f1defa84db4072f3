"""Parsing and formatting the buzzer box's lines (hardware/PROTOCOL.md), and the link's bookkeeping
of them (firmware_bridge.link.LinkState: no port, no thread)."""

from __future__ import annotations

import random

import pytest

from firmware_bridge.link import (
    BoxError,
    ButtonPress,
    Connected,
    Disconnected,
    Dropped,
    Duplicate,
    Gap,
    LinkState,
    Overflow,
    Rebooted,
    Resync,
)
from firmware_bridge.protocol import (
    MAX_LINE,
    DeviceError,
    Discarded,
    FrameError,
    Heartbeat,
    Hello,
    Leds,
    LineReader,
    Lost,
    Pong,
    Press,
    Release,
    Unknown,
    crc16,
    frame,
    led_command,
    parse,
)  # fmt: skip


@pytest.mark.parametrize(
    ("payload", "message"),
    [
        ("HELLO 2 0.2.0 0A0B0C0D 8 8 0", Hello(2, "0.2.0", "0A0B0C0D", 8, 8, 0)),
        ("HELLO 2 0.2.0 0A0B0C0D 6 8 812", Hello(2, "0.2.0", "0A0B0C0D", 6, 8, 812)),
        ("P 7 2 1500", Press(7, 2, 1500)),
        ("P 65535 7 4294967295", Press(65535, 7, 4294967295)),
        ("R 8 2 9000", Release(8, 2, 9000)),
        ("HB 9 250000", Heartbeat(9, 250000)),
        ("L 10 5A", Leds(10, 0x5A)),
        ("PONG 11 123", Pong(11, 123)),
        ("LOST 12 3", Lost(12, 3)),
        ("ERR 13 command", DeviceError(13, "command")),
        ("NEWKIND 14 x", Unknown(14, "NEWKIND 14 x")),
        ("HELLO 3 9.0 whatever comes next", Hello(3, "9.0", "", 0, 0)),  # only the version is read
    ],
)
def test_every_line_kind(payload: str, message: object) -> None:
    assert parse(frame(payload)) == message
    assert parse(frame(payload) + "\n") == message


def test_the_crc_is_crc16_ccitt_false() -> None:
    assert crc16(b"123456789") == 0x29B1  # the catalogue's check value (CRC-16/IBM-3740)
    assert frame("P 7 2 1500") == "P 7 2 1500*A4CD"  # four uppercase hex digits


@pytest.mark.parametrize(
    "line",
    [
        "P 7 2 1500",  # no CRC
        "P 7 2 1500*0000",  # a wrong one
        frame("P 7 2 1500").lower(),  # lowercase hex
        "P 7 2 1500*A4C",  # three digits
        "P 7 2 1500*71",  # protocol 1's XOR checksum: not a frame of protocol 2
        "\x00\xffHELLO*1234",
        "P 7 2*" + "0" * 70,  # too long
        frame("P 7 two 1500"),
        frame("L 10 ZZ"),
        frame("L 10 5a"),
        frame("L 10 5"),
        # numbers the box never sends: refused, never turned into a press
        frame("P 7 -1 1500"),
        frame("P 7 99 1500"),
        frame("P 7 8 1500"),  # buttons are 0-7
        frame("P 7 2 -1500"),  # a negative time would win any race
        frame("R 7 2 -1"),
        frame("HB 7 -5"),
        frame("P 7 +2 1500"),
        frame("P 7 02 1500"),
        frame("P 7 2 1_500"),
        frame("P 7 2 4294967296"),  # times are 32 bits
        frame("P 65536 2 1500"),  # sequence numbers are 16 bits
        frame("P -7 2 1500"),
        frame("P 7 2 1500 9"),  # a field too many
        frame("P 7 2"),
        frame("P  7 2 1500"),  # two spaces
        frame("LOST 12 0"),
        frame("NEWKIND x"),  # every line but HELLO is numbered
        frame("ERR"),
        frame("HELLO 2 0.2.0 0A0B0C0D 8 8"),  # protocol 2's HELLO ends with the box's count
        frame("HELLO 2 0.2.0 0a0b0c0d 8 8 0"),
        frame("HELLO 2 0.2.0 0A0B0C0D 9 8 0"),
        frame("HELLO 2 0.2.0 0A0B0C0D 0 8 0"),
    ],
)
def test_bad_lines_are_dropped(line: str) -> None:
    with pytest.raises(FrameError):
        parse(line)


def _lines() -> list[str]:
    rng = random.Random(6)
    lines = [f"P {rng.randrange(65536)} {rng.randrange(8)} {rng.randrange(2**32)}" for _ in range(40)]
    return [*lines, "HB 1234 250000", "L 17 5A", "HELLO 2 0.2.0 B3F0A2C4 8 8 65535"]


def test_two_swapped_characters_are_caught() -> None:
    """XOR misses every swap (the issue's two swapped digits: button 12 for 21, a time's digits);
    the CRC catches all of them in these lines."""
    for payload in _lines():
        line = frame(payload)
        for i in range(len(payload)):
            for j in range(i + 1, len(payload)):
                if payload[i] != payload[j]:
                    swapped = list(payload)
                    swapped[i], swapped[j] = swapped[j], swapped[i]
                    with pytest.raises(FrameError):
                        parse("".join(swapped) + line[len(payload) :])


def test_every_one_and_two_bit_error_in_a_full_line_is_caught() -> None:
    """The reason for 16 bits over CRC-8: at 64 bytes CRC-8 (0x07) misses some two-bit errors."""
    rng = random.Random(2)
    payload = bytes(rng.randrange(32, 127) for _ in range(MAX_LINE - 5))
    good = crc16(payload)
    bits = len(payload) * 8
    for a in range(bits):
        one = bytearray(payload)
        one[a // 8] ^= 1 << (a % 8)
        assert crc16(bytes(one)) != good
        for b in range(a + 1, bits):
            two = bytearray(one)
            two[b // 8] ^= 1 << (b % 8)
            assert crc16(bytes(two)) != good


def test_led_command() -> None:
    assert led_command(0x81) == frame("L 81")  # hardware/PROTOCOL.md: two hex digits
    with pytest.raises(ValueError):
        led_command(256)


# -- framing: the line reader -----------------------------------------------------------------


def _read(data: bytes, chunks: list[int], opened: bool = False) -> list[str | Discarded]:
    reader, out, at = LineReader(opened=opened), [], 0
    for size in chunks:
        out += reader.feed(data[at : at + size])
        at += size
    return out + reader.feed(data[at:])


def test_an_overlong_line_is_dropped_whole_not_its_tail() -> None:
    """The tail of an overlong line is a valid frame here: it must not be taken, however the bytes
    arrive (the bridge used to clear its buffer at 256 bytes and take what followed as a line)."""
    press = frame("P 5 1 100")
    data = b"x" * 300 + press.encode() + b"\n" + frame("P 6 1 200").encode() + b"\n"
    for size in [1, 2, 7, 64, 65, 256, 4096]:
        out = _read(data, [size] * (len(data) // size + 1))
        discarded, line = out
        assert isinstance(discarded, Discarded) and "longer than 64" in discarded.reason, size
        assert line == frame("P 6 1 200"), size


def test_a_line_of_64_bytes_is_taken_and_65_is_not() -> None:
    for length, taken in [(MAX_LINE, True), (MAX_LINE + 1, False)]:
        line = frame("ERR 1 " + "x" * (length - 11))
        assert len(line) == length
        out = _read(line.encode() + b"\n", [3])
        assert out == [line] if taken else isinstance(out[0], Discarded)
        if not taken:
            with pytest.raises(FrameError):
                parse(line)


def test_what_comes_before_the_first_newline_after_opening_is_dropped() -> None:
    good = frame("HB 4 1000")
    half = good[5:]  # opened in the middle of a line
    assert _read(f"{half}\n{good}\n".encode(), [4], opened=True) == [Discarded(_OPENED, half), good]
    assert _read(f"\n{good}\n".encode(), [4], opened=True) == [good]  # opened between two lines: nothing lost


_OPENED = "before the first newline after opening the port"


# -- the link's bookkeeping -------------------------------------------------------------------

HELLO = frame("HELLO 2 0.2.0 0A0B0C0D 8 8 0")


def connected(hello: str = HELLO) -> LinkState:
    state = LinkState()
    assert isinstance(state.feed(hello, 0.0)[0], Connected)
    return state


def presses(events: list) -> list[ButtonPress]:
    return [e for e in events if isinstance(e, ButtonPress)]


@pytest.mark.parametrize("stray_seq", [60, 5, 40000, 0])
def test_one_stray_numbered_line_does_not_silence_the_box(stray_seq: int) -> None:
    """The issue: one valid line with a wrong sequence number made the next 50 presses duplicates."""
    state = connected()
    for seq in range(1, 11):
        state.feed(frame(f"HB {seq} {seq * 250_000}"), seq / 4)
    troubles = state.feed(frame(f"HB {stray_seq} 2600000"), 3.0)
    got = []
    for seq in range(11, 61):
        got += state.feed(frame(f"P {seq} {seq % 8} {3_000_000 + seq * 1000}"), 4.0)
    assert len(presses(got)) == 50 and state.connected
    troubles += [e for e in got if not isinstance(e, ButtonPress)]
    assert troubles and all(isinstance(e, Gap | Resync) for e in troubles)  # said, not silent
    assert state.want_hello  # and the link asks the box for its count
    # The box's HELLO settles it: its count is ours now, nothing doubtful any more.
    assert state.feed(frame("HELLO 2 0.2.0 0A0B0C0D 8 8 60"), 5.0) == []
    assert not state.unsure and not state.want_hello
    assert not presses(state.feed(frame("P 61 1 9000000"), 5.1))[0].doubtful


def test_a_reboot_whose_hello_was_lost_is_followed() -> None:
    state = connected()
    for seq in range(1, 500):
        state.feed(frame(f"HB {seq} {seq * 250_000}"), seq / 4)
    events = state.feed(frame("HB 1 250000"), 200.0)  # a new boot counts from 1
    assert events == [Resync(500, 1)] and state.want_hello
    press = presses(state.feed(frame("P 2 3 300000"), 200.1))[0]
    assert press.button == 3 and press.doubtful  # delivered, and marked: the box's count is in doubt
    events = state.feed(frame("HELLO 2 0.2.0 0E0E0E0E 8 8 2"), 200.2)  # the answer to "?"
    assert events == [Rebooted("0A0B0C0D", "0E0E0E0E"), Connected("0E0E0E0E", "0.2.0", 8)]
    assert presses(state.feed(frame("P 3 4 400000"), 200.3))[0] == ButtonPress(4, 400000, 3, "0E0E0E0E", 200.3)


def test_the_box_count_in_its_hello_shows_lines_lost_while_away() -> None:
    state = connected()
    state.feed(frame("P 1 0 100"), 0.1)
    state.lost()  # the port closed; the same box answers when it opens again
    events = state.feed(frame("HELLO 2 0.2.0 0A0B0C0D 8 8 9"), 3.0)
    assert events == [Connected("0A0B0C0D", "0.2.0", 8), Gap(2, 10)]
    assert events[1].message == "lines 2 to 9 from the box never arrived (presses may be lost)"
    assert presses(state.feed(frame("P 10 1 200"), 3.1))  # and the count goes on from there


def test_a_repeated_line_is_a_duplicate_and_a_new_line_with_an_old_number_is_not() -> None:
    state = connected()
    line = frame("P 1 2 1500")
    assert len(presses(state.feed(line, 0.1))) == 1
    state.feed(frame("HB 2 250000"), 0.2)
    assert state.feed(line, 0.3) == [Duplicate(1)]  # the very same line again: not a second press
    events = state.feed(frame("P 1 5 9000"), 0.4)  # the same number, another press: taken
    assert isinstance(events[0], Resync) and presses(events)[0].button == 5


def test_the_count_wraps() -> None:
    state = connected(frame("HELLO 2 0.2.0 0A0B0C0D 8 8 65534"))
    events = [e for seq in (65535, 0, 1) for e in state.feed(frame(f"P {seq} 1 {seq + 10}"), 0.1)]
    assert [type(e) for e in events] == [ButtonPress] * 3


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        (frame("P 1 -1 1500"), "button"),
        (frame("P 1 99 1500"), "button"),
        (frame("P 1 2 -1500"), "time"),
        ("P 1 2 1500*0000", "bad CRC"),
        ("P 1 2 5100" + frame("P 1 2 1500")[-5:], "bad CRC"),  # two digits swapped: XOR took it
    ],
)
def test_a_refused_press_is_said_not_dropped_silently(line: str, reason: str) -> None:
    state = connected()
    events = state.feed(line, 0.1)
    assert len(events) == 1 and isinstance(events[0], Dropped)
    assert events[0].press and reason in events[0].reason
    assert events[0].message.startswith("a press may be lost")
    assert state.troubles[-1][1] == events[0].message  # kept for the desk to show


def test_a_button_the_box_does_not_have_is_refused() -> None:
    state = connected(frame("HELLO 2 0.2.0 0A0B0C0D 6 6 0"))
    events = state.feed(frame("P 1 7 1500"), 0.1)
    assert [type(e) for e in events] == [Dropped] and "the box has 6" in events[0].message
    assert presses(state.feed(frame("P 2 5 1600"), 0.2))  # the count went on: no gap after it


def test_a_press_before_the_handshake_is_said() -> None:
    state = LinkState()
    events = state.feed(frame("P 4 1 1500"), 0.0)
    assert [type(e) for e in events] == [Dropped] and "HELLO" in events[0].reason
    assert state.feed(frame("HB 5 1500"), 0.0) == []  # other lines before the handshake: only counted


def test_lines_dropped_on_the_wire_are_said_once_connected() -> None:
    state = LinkState()
    assert state.receive(b"5 1*0000\n" + HELLO.encode() + b"\n", 0.0)[0] == Connected("0A0B0C0D", "0.2.0", 8)
    assert state.dropped == 1  # the first fragment after opening: counted, not an event (not connected yet)
    events = state.receive(b"#" * 70 + frame("P 1 2 3").encode() + b"\n" + frame("P 2 3 4").encode() + b"\n", 0.2)
    dropped, gap, press = events
    assert isinstance(dropped, Dropped) and "longer than 64 bytes" in dropped.reason
    assert gap == Gap(1, 2) and isinstance(press, ButtonPress) and press.button == 3


def test_the_box_s_own_troubles_are_events() -> None:
    state = connected()
    assert state.feed(frame("LOST 1 3"), 0.1) == [Overflow(3)]
    assert state.feed(frame("ERR 2 frame"), 0.2) == [BoxError("frame")]
    assert Overflow(3).message == "the box dropped 3 reports (its queue was full)"


def test_a_box_of_the_old_protocol_is_named_once() -> None:
    """A protocol-1 box (XOR checksums) is told apart from noise: the host says to reflash it."""
    state = LinkState()
    old_hello = "HELLO 1 0.1.0 0A0B0C0D 8 8*66"
    events = state.feed(old_hello, 0.0)
    assert [type(e) for e in events] == [Disconnected] and "protocol 1" in events[0].reason
    assert state.feed(old_hello, 0.5) == [] and not state.connected
