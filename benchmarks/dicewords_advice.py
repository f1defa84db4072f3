#!/usr/bin/env python3
"""How long a DICEWORDS table's first advice takes, with the solver's tables begun when the table
is opened (``serve`` has a cache folder) against the dashboard that began them only when asked.

Each case runs in a fresh process (no tables in memory, an empty cache folder): the app with the
standard referee, a DICEWORDS game opened through the API, a roll recorded, then the advice asked
``--after`` seconds later (the time a player takes to roll and read the dice) and, once, at once.
Printed: the time to the answer in each case, and the ratio built-on-asking / begun-on-opening for
the case asked later. A move recorded while the advice is worked out is not kept waiting (the test
``test_advice_is_worked_out_while_moves_go_on_being_recorded``).

Run: ``.venv/bin/python benchmarks/dicewords_advice.py [--after 12]``
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def first_advice(began_on_opening: bool, after: float) -> float:
    """Seconds from asking to the answer, in this process (called in a child)."""
    sys.path.insert(0, str(ROOT))
    from companion.table.store import EventStore
    from companion.words.solver import Referee
    from web import create_app
    from web.services import Services

    folder = Path(tempfile.mkdtemp())
    services = Services(EventStore(folder / "games.sqlite3"), Referee.load("standard"))
    app = create_app({"TESTING": True, "CACHE": str(folder / "cache")}, services)
    if not began_on_opening:
        services.tables.cache = None  # the tables built only when the advice is asked
    client = app.test_client()
    game = client.post("/api/sessions", json={"game": "dicewords", "players": ["Ann", "Ben"]}).json["id"]
    client.post(f"/api/sessions/{game}/events", json={"text": "roll player=Ann dice=EEHELVNTP"})
    time.sleep(after)
    start = time.perf_counter()
    answer = client.get(f"/api/sessions/{game}/advice")
    assert answer.status_code == 200 and answer.json["best"], answer.json
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--after", type=float, default=12.0, help="seconds between opening and asking")
    parser.add_argument("--child", nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(first_advice(args.child[0] == "opening", float(args.child[1])))
        return
    times: dict[tuple[str, float], float] = {}
    for began in ("asking", "opening"):
        for after in (0.0, args.after):
            out = subprocess.run([sys.executable, __file__, "--child", began, str(after)], check=True,
                                 capture_output=True, text=True).stdout  # fmt: skip
            took = times[(began, after)] = float(out.split()[-1])
            print(f"tables begun on {began:7}  asked {after:4.1f} s after opening: answer in {took:6.2f} s")
    ratio = times[("asking", args.after)] / times[("opening", args.after)]
    print(f"ratio, asked {args.after:.0f} s after opening (begun on asking / begun on opening): {ratio:.0f}x")


if __name__ == "__main__":
    main()
