"""A table's machine and its club: the thread that relays the table's games up and brings the
club's notices down (``wordtable serve --upstream http://club:PORT --seat NAME``).

Public API: :class:`Uplink`, :class:`UnreachableError`.

The table records everything in its own store first: its camera, buzzer box and screens never wait
for the club. The uplink's thread then, about once a second and at once after each commit here:

1. publishes the games begun here (their ``game`` event; the club then holds them for this seat);
2. pushes each held game's events the club does not have yet, from the count the club last
   acknowledged (asked of the club after a restart), in batches; an answer lost in a blip is sent
   again and accepted again;
3. pulls the club's notices for the held games (the party's bell, a Steward's challenge) and
   records them here through the game's session, each once (``companion.table.relay``); a notice
   the game refuses is reported to the club.

When the club cannot be reached it tries again after 0.5, 1, then every 2 seconds; the table
goes on recording, and :meth:`Uplink.status` (``GET /api/relay/status``) and the log say how far
behind the club is and why. Which of this table's games are the club's is kept in this store's
relay ledger, so a restart of the table's machine carries on where it was.
"""

from __future__ import annotations

import http.client
import json
import logging
import threading
import time
import urllib.error
import urllib.request
import uuid
from typing import Any

from companion.errors import WordtableError
from companion.records import Event
from companion.table.relay import BATCH, Book, Link, RelayConflictError, notices_done, outbox
from web.security import PIN_HEADER
from web.services import Services

log = logging.getLogger("wordtable.relay")
POLL_SECONDS = 1.0
BACKOFF = (0.5, 1.0, 2.0)  # seconds between tries while the club is away: a refused try costs little
TIMEOUT = 10.0


class UnreachableError(OSError):
    """The club did not answer (refused, timed out, cut off): nothing it may have done is assumed."""


class RefusedError(WordtableError):
    """The club answered with a refusal (its message), for one game."""

    def __init__(self, status: int, answer: dict[str, Any]) -> None:
        super().__init__(str(answer.get("error") or f"the club answered {status}"))
        self.status, self.answer = status, answer


class Uplink:
    """The relay of ``services``' games to the club at ``url``, as table ``seat``."""

    def __init__(self, services: Services, url: str, seat: str, pin: str | None = None,
                 poll: float = POLL_SECONDS) -> None:  # fmt: skip
        self.services, self.url, self.seat, self.pin, self.poll = services, url.rstrip("/"), seat, pin, poll
        self.book = Book(services.store)
        self.acked: dict[int, int] = {}  # the club's count of each game, as it last said
        self.errors: dict[int, str] = {}  # a game's own refusal (the club took it back...)
        self._done: dict[int, set[int]] = {}  # the notices each game has applied
        self.state: str = "starting"
        self.last_error: str | None = None
        self.last_contact: float | None = None
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._lock = threading.Lock()  # one cycle at a time (the thread, or a take from a screen)
        self._thread = threading.Thread(target=self._run, name="wordtable-relay", daemon=True)
        self._listening: set[int] = set()
        services.tables.started.append(self.adopt)

    # -- the thread --------------------------------------------------------------------------------

    def start(self) -> Uplink:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        self._wake.set()
        if self._thread.is_alive():
            self._thread.join(timeout=TIMEOUT + 5)

    def _run(self) -> None:
        failures = 0
        while not self._stop.is_set():
            try:
                with self._lock:
                    self.cycle()
                if self.state != "connected":
                    log.info("relay: connected to %s as %s", self.url, self.seat)
                self.state, self.last_error, self.last_contact, failures = "connected", None, time.time(), 0
                wait = self.poll
            except UnreachableError as error:
                if self.state != "unreachable":
                    log.warning("relay: the club %s cannot be reached (%s); this table goes on, %d events "
                                "to send", self.url, error, self.behind())  # fmt: skip
                self.state, self.last_error = "unreachable", str(error)
                wait = BACKOFF[min(failures, len(BACKOFF) - 1)]
                failures += 1
            except Exception as error:  # a bug: said, and tried again later rather than stopping the relay
                log.error("relay: failed", exc_info=error)
                self.state, self.last_error = "failed", f"{type(error).__name__}: {error}"
                wait = BACKOFF[-1]
            self._wake.wait(wait)
            self._wake.clear()

    def cycle(self) -> None:
        """Publish, push and pull once, for every game this table relays."""
        for link in list(self.book.ledger.links.values()):
            try:
                self._relay(link)
                self.errors.pop(link.game, None)
            except RefusedError as error:
                if self.errors.get(link.game) != str(error):
                    log.warning("relay: game %s: %s", link.game, error)
                self.errors[link.game] = str(error)

    def _relay(self, link: Link) -> None:
        self._listen(link.game)
        if link.club is None:
            setup = self.services.store.events(link.game)[0]
            answer = self.call("POST", "/api/relay/publish", {"seat": self.seat, "origin": link.origin,
                                                             "setup": setup.as_dict()})  # fmt: skip
            club = int(answer["game"])
            self.book.record(Event("published", {"game": link.game, "club": club}))
            log.info("relay: game %s published as the club's game %s", link.game, club)
            link = self.book.ledger.links[link.game]
        assert link.club is not None
        self._push(link.game, link.club)
        self._pull(link.game, link.club)

    def _push(self, game: int, club: int) -> None:
        if game not in self.acked:
            self.acked[game] = int(self.call("GET", f"/api/relay/{club}")["count"])
        while True:
            events = self.services.store.events(game)
            todo = outbox(len(events), self.acked[game])
            if not todo:
                return
            batch = [e.as_dict() for e in events[todo.start - 1 : todo.stop - 1]]
            try:
                answer = self.call("POST", f"/api/relay/{club}", {"seat": self.seat, "first": todo.start,
                                                                   "events": batch})  # fmt: skip
            except RefusedError as error:
                if error.status == 409 and "count" in error.answer and error.answer["count"] < todo.start - 1:
                    self.acked[game] = int(error.answer["count"])  # the club has less than it said: resend
                    continue
                raise
            self.acked[game] = int(answer["count"])

    def _pull(self, game: int, club: int) -> None:
        notices = self.call("GET", f"/api/relay/{club}/notices")["notices"]
        if not notices:
            return
        if game not in self._done:
            self._done[game] = notices_done(self.services.store.events(game))
        done = self._done[game]
        for notice in notices:
            number = int(notice["n"])
            if number in done:
                continue
            event = Event.from_dict(notice["event"])
            try:
                self.services.tables.get(game).record(event)
            except WordtableError as error:
                log.info("relay: game %s refused the club's notice %s (%s): %s", game, number, event.type, error)
                self.call("POST", f"/api/relay/{club}/notices/{number}/refused", {"reason": str(error)})
                continue
            done.add(number)
            log.info("relay: game %s recorded the club's notice %s: %s", game, number, event.to_text())

    def _listen(self, game: int) -> None:
        """Wake the relay at each commit of ``game`` here."""
        if game not in self._listening:
            self.services.tables.get(game).listeners.append(lambda number, event: self._wake.set())
            self._listening.add(game)

    # -- games joining the relay --------------------------------------------------------------------

    def adopt(self, session: Any) -> None:
        """A game begun here: relayed to the club (published at the next cycle)."""
        self.book.record(Event("link", {"game": session.game_id, "origin": f"{self.seat}:{uuid.uuid4().hex}",
                                        "club": None}))  # fmt: skip
        self._wake.set()

    def take(self, club: int) -> int:
        """The club's game ``club``, taken by this table: copied here and held; returns its number
        here (the same number again if it was taken before)."""
        with self._lock:
            found = self.book.ledger.linked(club)
            if found is not None:
                return found.game
            answer = self.call("POST", f"/api/relay/{club}/checkout", {"seat": self.seat})
            events = [Event.from_dict(e) for e in answer["events"]]
            store = self.services.store
            game = store.create_game(events[0])
            for start in range(0, len(events) - 1, BATCH):
                store.extend(game, start + 2, events[1 + start : 1 + start + BATCH])
            self.book.record(Event("link", {"game": game, "origin": f"club:{club}", "club": club}))
            self.acked[game] = len(events)
            log.info("relay: the club's game %s taken here as game %s (%d events)", club, game, len(events))
        self._wake.set()
        return game

    # -- talking to the club -------------------------------------------------------------------------

    def call(self, method: str, path: str, body: dict[str, Any] | None = None) -> dict[str, Any]:
        """One JSON request to the club: its answer; :class:`RefusedError` for a refusal, :class:`UnreachableError`
        when no whole answer came."""
        data = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json", "Accept": "application/json"}
        if self.pin:
            headers[PIN_HEADER] = self.pin
        request = urllib.request.Request(self.url + path, data, headers, method=method)
        try:
            with urllib.request.urlopen(request, timeout=TIMEOUT) as response:
                answer = json.loads(response.read())
        except urllib.error.HTTPError as error:
            try:
                refusal = json.loads(error.read())
            except (ValueError, OSError, http.client.HTTPException):
                refusal = {}
            if error.code >= 500 or error.code == 429:
                raise UnreachableError(
                    f"the club answered {error.code}: {refusal.get('error', error.reason)}"
                ) from None
            raise RefusedError(error.code, refusal if isinstance(refusal, dict) else {}) from None
        except (OSError, http.client.HTTPException, ValueError) as error:
            raise UnreachableError(str(getattr(error, "reason", None) or error or type(error).__name__)) from None
        if not isinstance(answer, dict):
            raise UnreachableError("the club's answer is not a JSON object")
        return answer

    # -- status --------------------------------------------------------------------------------------

    def behind(self) -> int:
        counts = {g.id: g.events for g in self.services.store.games()}
        return sum(max(0, counts.get(g, 0) - self.acked.get(g, 0)) for g in self.book.ledger.links)

    def status(self) -> dict[str, Any]:
        """Connected or not, the last error, and each game: its events here and at the club."""
        counts = {g.id: g.events for g in self.services.store.games()}
        games = []
        for link in self.book.ledger.links.values():
            here, there = counts.get(link.game, 0), self.acked.get(link.game)
            games.append({"game": link.game, "club": link.club, "events": here, "at_club": there,
                          "behind": here - (there or 0), "error": self.errors.get(link.game)})  # fmt: skip
        return {"upstream": self.url, "seat": self.seat, "state": self.state, "last_error": self.last_error,
                "last_contact": self.last_contact, "behind": sum(g["behind"] for g in games),
                "games": games}  # fmt: skip


__all__ = ["RelayConflictError", "UnreachableError", "Uplink"]
