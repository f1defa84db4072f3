"""pyserial URL handlers: ``sim://NAME`` opens a simulated buzzer box (see ``firmware_bridge.simulator``)."""
