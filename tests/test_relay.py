"""A table's machine relaying its games to the club (`wordtable serve --upstream`): the club's server
killed while the table plays on, the club's copy catching up with nothing lost, answers cut off and
pushes sent again, direct writes to a held game refused, and the party's bell and the Steward's
ruling reaching the table through the club's notices. Real servers, real stores on both back ends."""

from __future__ import annotations

import json
import logging
import signal
import socket
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from werkzeug.serving import make_server

from companion.records import Event
from companion.table.store import EventStore
from companion.words.solver import Referee
from tests.browser import call, live_server
from tests.game_worker import script
from tests.helpers import club_server, free_port, wordtable
from web import create_app
from web.services import Services
from web.uplink import Uplink


def until(done: Callable[[], bool], seconds: float = 90, what: str = "") -> None:
    """Wait for ``done`` (a bound on a wait, not a timing: a failure if it never comes)."""
    deadline = time.monotonic() + seconds
    while not done():
        if time.monotonic() > deadline:
            raise AssertionError(f"not within {seconds} s: {what}")
        time.sleep(0.05)


def refusal(url: str, body: dict[str, Any], headers: dict[str, str] | None = None) -> tuple[int, dict[str, Any]]:
    """POST ``body``, expecting a refusal: its status and JSON answer."""
    request = urllib.request.Request(url, json.dumps(body).encode(), {"Content-Type": "application/json",
                                                                       **(headers or {})})  # fmt: skip
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(request, timeout=30)
    return refused.value.code, json.loads(refused.value.read())


@contextmanager
def table_machine(data: Path, referee: Referee, club: str, seat: str, pin: str | None = None
                  ) -> Iterator[tuple[str, Services, Uplink]]:  # fmt: skip
    """A table's own dashboard on its own SQLite store, relaying to ``club``, as `wordtable serve
    --upstream CLUB --seat SEAT` makes it (in this process, so the test reads its store)."""
    logging.getLogger("werkzeug").setLevel(logging.WARNING)
    data.mkdir(parents=True, exist_ok=True)
    services = Services(EventStore(data / "games.sqlite3"), referee)
    app = create_app({"MERGE_SECONDS": 0.02}, services)
    uplink = Uplink(services, club, seat, pin, poll=0.2)
    app.extensions["wordtable-uplink"] = uplink
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    uplink.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}", services, uplink
    finally:
        uplink.stop()
        services.close()
        server.shutdown()


def caught_up(uplink: Uplink) -> bool:
    status = uplink.status()
    return status["state"] == "connected" and status["behind"] == 0 and all(g["club"] for g in status["games"])


def take_and_lay_qxz(table: str, game: int, uplink: Uplink) -> int:
    """The table's machine takes the club's LEXICON game, cuts, deals and Ben lays QXZ (a word to
    challenge), until the club has it all; the table's own game number."""
    local = int(call(f"{table}/api/relay/take", {"game": game})["game"])
    for text in ["cut player=Ann card=A", "cut player=Ben card=B", "cut player=Cat card=C",
                 "cut player=Dan card=D", "deal exposed=Q", "word player=Ben word=QXZ"]:  # fmt: skip
        call(f"{table}/api/sessions/{local}/events", {"text": text})
    until(lambda: caught_up(uplink), what="the table's moves at the club")
    return local


def test_a_table_plays_on_through_a_blip_and_the_club_catches_up(store_url: str, tmp_path: Path,
                                                                   referee: Referee) -> None:  # fmt: skip
    """The club's server is killed while the table records; the table acknowledges every event; the
    club restarts and its copy of each game equals the table's, a game begun in the blip included."""
    events = script()
    port = free_port()
    club = club_server(store_url, port)
    url = f"http://127.0.0.1:{port}"
    try:
        game = int(call(f"{url}/api/sessions", {k: v for k, v in events[0].as_dict().items() if k != "type"})["id"])
        with table_machine(tmp_path / "table", referee, url, "table-1") as (table, services, uplink):
            local = int(call(f"{table}/api/relay/take", {"game": game})["game"])
            assert call(f"{table}/api/relay/take", {"game": game})["game"] == local  # taken once
            status, answer = refusal(f"{url}/api/sessions/{game}/events", {"text": events[1].to_text()})
            assert status == 409 and answer["holder"] == "table-1" and "held by table-1" in answer["error"]

            def record(at: int, count: int) -> None:
                for event in events[at : at + count]:
                    assert call(f"{table}/api/sessions/{local}/events", {"text": event.to_text()})["n"] == at + 1
                    at += 1

            def copies_equal() -> bool:
                return EventStore(store_url).events(game) == services.store.events(local)

            record(1, 10)
            until(lambda: caught_up(uplink), what="the club has the first 10 events")
            assert copies_equal() and call(f"{url}/api/sessions/{game}")["events"] == 11  # the club's screens too

            club.send_signal(signal.SIGKILL)  # the club's network blips
            assert club.wait(timeout=30) == -signal.SIGKILL
            record(11, 30)  # the table goes on
            begun = int(call(f"{table}/api/sessions", {"game": "not-scrabble", "players": ["Ann", "Ben"]})["id"])
            call(f"{table}/api/sessions/{begun}/events", {"text": "first-draw player=Ann letter=A"})
            until(lambda: uplink.status()["state"] == "unreachable", what="the relay notices")
            behind = uplink.status()
            assert behind["behind"] >= 30 and behind["last_error"]
            assert {g["game"]: g["behind"] for g in behind["games"]}[local] == 30

            club = club_server(store_url, port)
            back = time.monotonic()
            until(lambda: caught_up(uplink), what="the club catches up")
            print(f"caught up 30 events and a new game {time.monotonic() - back:.2f} s after the club listened")
            assert copies_equal()
            published = {g["game"]: g["club"] for g in uplink.status()["games"]}[begun]
            assert EventStore(store_url).events(published) == services.store.events(begun)
            assert call(f"{url}/api/relay/status")["holds"] == [
                {"game": game, "seat": "table-1", "events": 41, "notices": [], "refused": []},
                {"game": published, "seat": "table-1", "events": 2, "notices": [], "refused": []},
            ]
    finally:
        club.kill()
        club.wait()


class CutOff:
    """A proxy in front of the club that passes each request on and, while ``cut`` is above 0,
    drops the club's answer (the club has done the work; the table never hears it)."""

    def __init__(self, club: str) -> None:
        self.club = club.removeprefix("http://").split(":")
        self.cut = 0
        self.cut_paths: list[str] = []
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.url = f"http://127.0.0.1:{self.listener.getsockname()[1]}"
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self) -> None:
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            threading.Thread(target=self._relay, args=(client,), daemon=True).start()

    def _relay(self, client: socket.socket) -> None:
        with client, socket.create_connection((self.club[0], int(self.club[1]))) as club:
            request = b""
            while b"\r\n\r\n" not in request:
                request += client.recv(65536)
            head, _, rest = request.partition(b"\r\n\r\n")
            length = next((int(line.split(b":")[1]) for line in head.split(b"\r\n")
                           if line.lower().startswith(b"content-length:")), 0)  # fmt: skip
            while len(rest) < length:
                rest += client.recv(65536)
            club.sendall(head + b"\r\n\r\n" + rest)
            answer = b""
            while chunk := club.recv(65536):
                answer += chunk
            path = head.split(b" ")[1].decode()
            if self.cut > 0 and head.startswith(b"POST"):
                self.cut -= 1
                self.cut_paths.append(path)
                return  # closed without a word
            client.sendall(answer)


def test_pushes_whose_answers_were_cut_off_are_accepted_again(tmp_path: Path, referee: Referee) -> None:
    """The club stores a push but its answer never reaches the table; the table sends it again and
    the club accepts it again, once: its copy equals the table's, no event twice."""
    events = script()
    with live_server(tmp_path / "club", referee) as (club, club_services):
        proxy = CutOff(club)
        game = int(call(f"{club}/api/sessions", {k: v for k, v in events[0].as_dict().items() if k != "type"})["id"])
        with table_machine(tmp_path / "table", referee, proxy.url, "table-2") as (table, services, uplink):
            local = int(call(f"{table}/api/relay/take", {"game": game})["game"])
            proxy.cut = 3
            for event in events[1:8]:
                call(f"{table}/api/sessions/{local}/events", {"text": event.to_text()})
            until(lambda: proxy.cut == 0 and caught_up(uplink), what="the pushes get through")
            assert any(path == f"/api/relay/{game}" for path in proxy.cut_paths)
            assert club_services.store.events(game) == services.store.events(local) == events[:8]
            proxy.listener.close()


def test_the_club_keeps_a_held_game_as_the_table_sends_it(tmp_path: Path, referee: Referee) -> None:
    """The club's endpoints: taken by one table at a time, pushes idempotent, gaps and different
    events refused with the club's count, the club's screens following, the PIN asked of a table."""
    events = script()
    with live_server(tmp_path, referee, PIN="471100") as (club, services):
        pin = {"X-Wordtable-Pin": "471100"}

        def post(path: str, body: dict[str, Any]) -> dict[str, Any]:
            request = urllib.request.Request(f"{club}{path}", json.dumps(body).encode(),
                                             {"Content-Type": "application/json", **pin})  # fmt: skip
            with urllib.request.urlopen(request, timeout=30) as response:
                return dict(json.loads(response.read()))

        game = int(post("/api/sessions", {k: v for k, v in events[0].as_dict().items() if k != "type"})["id"])
        assert refusal(f"{club}/api/relay/{game}/checkout", {"seat": "t1"}, {"X-Wordtable-Pin": "123456"})[0] == 403
        assert post(f"/api/relay/{game}/checkout", {"seat": "t1"})["count"] == 1
        status, answer = refusal(f"{club}/api/relay/{game}/checkout", {"seat": "t2"}, pin)
        assert (status, answer["holder"]) == (409, "t1")

        def push(first: int, sent: list[Event], seat: str = "t1") -> dict[str, Any]:
            return post(f"/api/relay/{game}", {"seat": seat, "first": first, "events": [e.as_dict() for e in sent]})

        assert push(2, events[1:5])["count"] == 5
        assert push(2, events[1:5])["count"] == 5  # again, as after a lost answer
        assert push(4, events[3:8])["count"] == 8  # overlapping
        assert services.store.events(game) == events[:8]
        different = [events[1], Event("draw", {"player": "Ann", "letter": "Z"})]
        for first, sent, why in [(2, different, "number 3 differs"), (10, events[9:10], "send from number 9")]:
            offered = {"seat": "t1", "first": first, "events": [e.as_dict() for e in sent]}
            status, answer = refusal(f"{club}/api/relay/{game}", offered, pin)
            assert (status, answer["count"]) == (409, 8) and why in answer["error"]
        status, answer = refusal(f"{club}/api/relay/{game}", {"seat": "t2", "first": 9, "events": []}, pin)
        assert (status, answer["holder"]) == (409, "t1")
        assert services.store.events(game) == events[:8]
        assert call(f"{club}/api/sessions/{game}")["events"] == 8  # the club's screens follow the table
        assert [e["n"] for e in call(f"{club}/api/sessions/{game}/events?after=5")["events"]] == [6, 7, 8]
        status, answer = refusal(f"{club}/api/sessions/{game}/undo", {}, pin)
        assert status == 409 and answer["error"].startswith(f"game {game} is held by t1")
        post(f"/api/relay/{game}/release", {})  # the club takes it back: its own screens record again
        assert post(f"/api/sessions/{game}/events", {"text": events[8].to_text()})["n"] == 9
        assert refusal(f"{club}/api/relay/{game}", {"seat": "t1", "first": 9, "events": []}, pin)[0] == 400


def test_the_bell_and_the_stewards_ruling_reach_a_held_table(store_url: str, tmp_path: Path,
                                                              referee: Referee) -> None:  # fmt: skip
    """A LEXICON party on the club (either back end) whose table's game is held by the table's
    machine: the Steward's 50 and the bell are queued as notices, recorded at the table once, and
    come back up; while the table is unreachable they wait."""
    port = free_port()
    club = club_server(store_url, port)
    url = f"http://127.0.0.1:{port}"
    try:
        evening = call(f"{url}/api/evenings", {"players": ["Ann", "Ben", "Cat", "Dan"]})["id"]
        game = call(f"{url}/api/evenings/{evening}/deal", {})["dealt"][0]
        with table_machine(tmp_path / "table", referee, url, "table-1") as (table, services, uplink):
            local = take_and_lay_qxz(table, game, uplink)
            call(f"{url}/api/evenings/{evening}/call", {"table": 1, "player": "Cat", "word": "qxz"})
            settled = call(f"{url}/api/evenings/{evening}/settle", {"call": 1, "ruling": "wrong"})
            assert settled["calls"][0]["ruling"] == "wrong"
            until(lambda: any(e.type == "challenge" for e in services.store.events(local)), what="the challenge")
            rung = call(f"{url}/api/evenings/{evening}/bell", {})
            assert rung["stopped"] == [1]
            until(lambda: any(e.type == "bell" for e in services.store.events(local)), what="the bell")
            until(lambda: caught_up(uplink), what="the bell back at the club")
            kept = services.store.events(local)
            assert kept[-2:] == [
                Event("challenge", {"player": "Cat", "word": "QXZ", "spelling": False, "notice": 1}),
                Event("bell", {"notice": 2}),
            ]
            assert EventStore(store_url).events(game) == kept
            tables = call(f"{url}/api/evenings/{evening}")["tables"]
            assert tables[0]["fines"] == {"Ben": 50} and tables[0]["stage"] == "showing"
            assert call(f"{url}/api/relay/{game}/notices")["notices"] == []
    finally:
        club.kill()
        club.wait()


def test_a_notice_waits_for_an_unreachable_table_and_a_refused_one_is_said(tmp_path: Path,
                                                                            referee: Referee) -> None:  # fmt: skip
    """A Steward's ruling that comes too late for the table's game is refused there and said at the
    club, not retried; the bell rung while the table's machine is off waits for it, and is recorded
    once when it is back."""
    with live_server(tmp_path / "club", referee) as (club, _):
        evening = call(f"{club}/api/evenings", {"players": ["Ann", "Ben", "Cat", "Dan"]})["id"]
        game = call(f"{club}/api/evenings/{evening}/deal", {})["dealt"][0]
        with table_machine(tmp_path / "table", referee, club, "table-1") as (table, services, uplink):
            local = take_and_lay_qxz(table, game, uplink)
            call(f"{club}/api/evenings/{evening}/call", {"table": 1, "player": "Cat", "word": "qxz"})
            call(f"{table}/api/sessions/{local}/events", {"text": "word player=Cat word=TEA"})
            call(f"{club}/api/evenings/{evening}/settle", {"call": 1, "ruling": "wrong"})
            until(lambda: call(f"{club}/api/relay/status")["holds"][0]["refused"] != [], what="the refusal")
            refused = call(f"{club}/api/relay/status")["holds"][0]["refused"]
            assert [n["n"] for n in refused] == [1] and "not the last word placed" in refused[0]["reason"]
            assert not any(e.type == "challenge" for e in services.store.events(local))
            until(lambda: caught_up(uplink), what="Cat's word at the club")
        # The table's machine is off: the bell waits for it.
        assert call(f"{club}/api/evenings/{evening}/bell", {})["stopped"] == [1]
        assert [n["event"] for n in call(f"{club}/api/relay/{game}/notices")["notices"]] == [
            {"type": "bell", "notice": 2}
        ]
        assert call(f"{club}/api/relay/status")["holds"][0]["notices"] == [2]
        with table_machine(tmp_path / "table", referee, club, "table-1") as (table, services, uplink):
            until(lambda: [e.type for e in services.store.events(local)][-1:] == ["bell"], what="the bell")
            until(lambda: caught_up(uplink), what="the bell back at the club")
            assert [e.type for e in services.store.events(local)].count("bell") == 1
        assert call(f"{club}/api/relay/{game}/notices")["notices"] == []
        assert call(f"{club}/api/relay/status")["holds"][0]["notices"] == []


def test_serve_refuses_an_upstream_without_a_seat() -> None:
    result = wordtable("serve", "--upstream", "http://127.0.0.1:9", "--port", str(free_port()), timeout=300)
    assert result.returncode == 2 and "--upstream needs --seat NAME" in result.stderr
    result = wordtable("serve", "--upstream", "club:5000", "--seat", "t1", "--port", str(free_port()), timeout=300)
    assert result.returncode == 2 and "the club server's address" in result.stderr


def test_the_tables_screens_take_a_club_game_and_show_the_link(tmp_path: Path, referee: Referee) -> None:
    """In Chromium: the table's home page offers the club's games; the game taken opens on the
    table's own page, which says the club is connected, then, with the club gone, how many events
    the table keeps to send."""
    from selenium.webdriver.common.by import By

    from tests.browser import chromium, need_chromium

    need_chromium()
    port = free_port()
    club = club_server(f"sqlite:///{tmp_path / 'club.sqlite3'}", port)
    url = f"http://127.0.0.1:{port}"
    browser = chromium()
    try:
        game = int(call(f"{url}/api/sessions", {"game": "not-scrabble", "players": ["Ann", "Ben"]})["id"])
        with table_machine(tmp_path / "table", referee, url, "table-1") as (table, _, uplink):
            browser.get(table + "/")
            until(lambda: browser.find_element(By.ID, "take").is_displayed(), 20, "the club's form")
            browser.find_element(By.ID, "take-game").send_keys(str(game))
            browser.find_element(By.CSS_SELECTOR, "#take button").click()
            until(lambda: "/table" in browser.current_url, 20, "the taken game's page")
            link = browser.find_element(By.ID, "club-link")
            until(lambda: "connected · all events at the club" in link.text, 20, "the link said")
            local = int(browser.current_url.split("/game/")[1].split("/")[0])
            club.send_signal(signal.SIGKILL)
            club.wait(timeout=30)
            call(f"{table}/api/sessions/{local}/events", {"text": "first-draw player=Ann letter=A"})
            until(lambda: "1 event kept here, to send" in link.text, 30, "the events kept said")
            assert "unreachable" in link.text
            browser.save_screenshot(str(tmp_path / "relay.png"))
            uplink.stop()
    finally:
        browser.quit()
        club.kill()
        club.wait()
