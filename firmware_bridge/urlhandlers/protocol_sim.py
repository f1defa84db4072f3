"""pyserial looks up ``sim://`` here (``serial.protocol_handler_packages``)."""

from firmware_bridge.simulator import SimSerial as Serial

__all__ = ["Serial"]
