"""Parsing and formatting the buzzer box's lines (hardware/PROTOCOL.md)."""

from __future__ import annotations

import pytest

from firmware_bridge.protocol import (
    DeviceError,
    FrameError,
    Heartbeat,
    Hello,
    Leds,
    Lost,
    Pong,
    Press,
    Release,
    Unknown,
    frame,
    led_command,
    parse,
)  # fmt: skip


@pytest.mark.parametrize(
    ("payload", "message"),
    [
        ("HELLO 1 0.1.0 0A0B0C0D 8 8", Hello(1, "0.1.0", "0A0B0C0D", 8, 8)),
        ("P 7 2 1500", Press(7, 2, 1500)),
        ("R 8 2 9000", Release(8, 2, 9000)),
        ("HB 9 250000", Heartbeat(9, 250000)),
        ("L 10 5A", Leds(10, 0x5A)),
        ("PONG 11 123", Pong(11, 123)),
        ("LOST 12 3", Lost(12, 3)),
        ("ERR 13 command", DeviceError(13, "command")),
        ("NEWKIND 14 x", Unknown(14, "NEWKIND 14 x")),
    ],
)
def test_every_line_kind(payload: str, message: object) -> None:
    assert parse(frame(payload)) == message


@pytest.mark.parametrize(
    "line",
    ["P 7 2 1500", "P 7 2 1500*00", "\\x00\\xffHELLO*12", "P 7 2*" + "0" * 70, frame("P 7 two 1500"), frame("L 10 ZZ")],
)
def test_bad_lines_are_dropped(line: str) -> None:
    with pytest.raises(FrameError):
        parse(line)


def test_led_command() -> None:
    assert led_command(0x81) == frame("L 81")  # hardware/PROTOCOL.md: two hex digits
    with pytest.raises(ValueError):
        led_command(256)
