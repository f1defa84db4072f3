"""Shout arbitration from device timestamps (Not Scrabble rules 04, 06, 07)."""

from __future__ import annotations

from firmware_bridge.arbitration import Arbiter

BUTTONS = {0: "Ann", 1: "Ben", 2: "Cat"}


def test_rule_04_device_time_decides_not_arrival() -> None:
    arbiter = Arbiter(BUTTONS, settle_s=0.03, tie_us=50)
    arbiter.press(1, t_us=2_000_100, host_time=1.000)  # arrives first
    arbiter.press(2, t_us=2_000_000, host_time=1.020)  # pressed first: USB held it up
    decision = arbiter.poll(1.031)
    assert decision is not None
    assert [b.player for b in decision.order] == ["Cat", "Ben"] and decision.winner == "Cat"
    assert decision.margin_us == 100


def test_settle_window_waits_for_late_lines() -> None:
    arbiter = Arbiter(BUTTONS, settle_s=0.05)
    arbiter.press(0, t_us=10, host_time=5.0)
    assert arbiter.poll(5.049) is None
    assert arbiter.poll(5.051) is not None
    assert arbiter.poll(5.2) is None  # nothing pending: no decision


def test_rule_06_presses_inside_the_tie_window_are_simultaneous() -> None:
    arbiter = Arbiter(BUTTONS, settle_s=0.0, tie_us=1000)
    arbiter.press(0, t_us=500, host_time=0)
    arbiter.press(1, t_us=1_400, host_time=0)
    arbiter.press(2, t_us=1_600, host_time=0)
    decision = arbiter.poll(0.0)
    assert decision.tied == ("Ann", "Ben") and decision.winner is None
    event = decision.as_event()
    assert event["players"] == ["Ann", "Ben", "Cat"] and event["at_us"] == [500, 1400, 1600]


def test_rule_07_a_locked_out_player_is_not_heard() -> None:
    arbiter = Arbiter(BUTTONS, settle_s=0.0, locked=lambda p: "false call" if p == "Ben" else None)
    arbiter.press(1, t_us=100, host_time=0)
    arbiter.press(0, t_us=200, host_time=0)
    decision = arbiter.poll(0.0)
    assert decision.winner == "Ann" and decision.ignored == (("Ben", "false call"),)


def test_cooldown_against_button_mashing() -> None:
    arbiter = Arbiter(BUTTONS, settle_s=0.0, cooldown_us=300_000)
    arbiter.press(0, t_us=1_000_000, host_time=0)
    assert arbiter.poll(0.0).winner == "Ann"
    arbiter.press(0, t_us=1_100_000, host_time=1)  # 100 ms later: mashing
    arbiter.press(1, t_us=1_150_000, host_time=1)
    decision = arbiter.poll(1.0)
    assert decision.winner == "Ben" and decision.ignored[0][0] == "Ann"


def test_unknown_buttons_are_ignored() -> None:
    arbiter = Arbiter(BUTTONS, settle_s=0.0)
    arbiter.press(7, t_us=1, host_time=0)
    assert arbiter.poll(0.0) is None
