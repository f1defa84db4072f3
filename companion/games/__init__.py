"""The rules engines, one per game, registered by game name and variant (see :mod:`.registry`)."""
