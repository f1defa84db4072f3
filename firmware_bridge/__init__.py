"""The buzzer box bridge: wire protocol, serial connection, shout arbitration, simulator.

Not built yet (see the buzzer-box issue); this package is the place for it.
"""
