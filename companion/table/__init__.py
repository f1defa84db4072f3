"""The table layer: the session (the one door to a game), shouts in order, the event store."""
