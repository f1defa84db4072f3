"""The club view's API and pages through Flask's test client: an evening made, a hand dealt at its
tables, a refusal answered 400 with its rule and changing nothing, the pages served."""

from __future__ import annotations

from typing import Any

from web import create_app
from web.services import Services

PLAYERS = "Ann, Ben, Cat, Dan\nEve, Fay, Gus, Hal"


def test_an_evening_through_the_api(services: Services) -> None:
    client = create_app({}, services).test_client()
    made = client.post("/api/evenings", json={"name": "Friday", "players": PLAYERS, "hand_minutes": 5})
    assert made.status_code == 201, made.json
    evening: dict[str, Any] = made.json or {}
    number = evening["id"]
    assert [t["seats"] for t in evening["tables"]] == [["Ann", "Ben", "Cat", "Dan"], ["Eve", "Fay", "Gus", "Hal"]]
    assert evening["party"] and evening["hand_minutes"] == 5 and evening["name"] == "Friday"
    refused = client.post(f"/api/evenings/{number}/move", json={})
    assert refused.status_code == 400 and refused.json == {
        "error": "no hand has been dealt yet [lexicon party 4]",
        "kind": "rule",
        "rule": "lexicon party 4",
    }
    dealt = client.post(f"/api/evenings/{number}/deal", json={}).json or {}
    assert dealt["hand"] == 1 and len(dealt["dealt"]) == 2
    assert [t["status"] for t in dealt["tables"]] == ["cutting for dealer", "cutting for dealer"]
    table = dealt["dealt"][0]
    for text in ["cut player=Ann card=A", "cut player=Ben card=B", "cut player=Cat card=C", "cut player=Dan card=D",
                 "deal exposed=Q", "word player=Ben word=QXZ"]:  # fmt: skip
        assert client.post(f"/api/sessions/{table}/events", json={"text": text}).status_code == 201
    call = client.post(f"/api/evenings/{number}/call", json={"table": 1, "player": "Cat", "word": "qxz"}).json or {}
    assert call["calls"][0] | {"in_dictionary": False} == call["calls"][0] and call["calls"][0]["word"] == "QXZ"
    settled = client.post(f"/api/evenings/{number}/settle", json={"call": 1, "ruling": "wrong"}).json or {}
    assert settled["tables"][0]["fines"] == {"Ben": 50}
    rung = client.post(f"/api/evenings/{number}/bell", json={}).json or {}
    assert rung["stopped"] == [1] and rung["bell"]  # table 2 never dealt: nothing to stop there
    assert client.get(f"/api/evenings/{number}/nothing").status_code == 404
    assert client.get("/api/evenings/999").status_code == 404
    assert client.post(f"/api/evenings/{number}/check", json={"player": "Ann"}).status_code == 400
    assert client.post("/api/evenings", json={"players": "Ann, Ben, Cat"}).json == {
        "error": "3 players do not fill tables of 4: bring 1 more [lexicon party 1]",
        "kind": "rule",
        "rule": "lexicon party 1",
    }
    assert [e["id"] for e in (client.get("/api/evenings").json or {})["evenings"]] == [number]
    for page in ("/club", f"/club/{number}", f"/club/{number}/steward", f"/club/{number}/cards",
                 f"/club/{number}/standings", "/"):  # fmt: skip
        assert client.get(page).status_code == 200, page
    assert f'href="/club/{number}"' in client.get("/").text  # the home page's list opens an evening as one
    assert client.get(f"/club/{number}/nothing").status_code == 404
    assert client.get(f"/club/{table}").status_code == 404  # a table's game is no evening


def test_an_evening_is_not_opened_as_a_table_game(services: Services) -> None:
    """An evening's number on a game page goes to the club page; the games API says what it is."""
    client = create_app(services=services).test_client()
    evening = client.post("/api/evenings", json={"players": ["Ann", "Ben", "Cat", "Dee"]}).get_json()["id"]
    page = client.get(f"/game/{evening}/table")
    assert page.status_code == 302 and page.headers["Location"] == f"/club/{evening}"
    answer = client.get(f"/api/sessions/{evening}")
    assert answer.status_code == 404 and "club evening" in answer.get_json()["error"]
