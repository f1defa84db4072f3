"""The table dashboard (Flask): ``create_app(config=None, services=None)``.

Not built yet (see the dashboard issue); this package is the place for it.
"""
