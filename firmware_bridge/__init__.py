"""The buzzer box bridge: wire protocol, serial link with reconnect, arbitration, simulator.

Modules: :mod:`firmware_bridge.protocol` (parsing and formatting, hardware/PROTOCOL.md),
:mod:`firmware_bridge.link` (the connection: handshake, heartbeats, dedupe, gaps, reboots),
:mod:`firmware_bridge.arbitration` (who buzzed first), :mod:`firmware_bridge.desk` (presses to a
game session, LEDs), :mod:`firmware_bridge.simulator` (the ``sim://`` box).
"""
