"""The table before the start (issue 15): a game made with "table" waits while players take seats
(public games from the open-games list without a code, unlisted ones with the invitation), the host
changes seats, bots and clans, every player says ready, and the host starts it."""

from __future__ import annotations

import time

from starlette.testclient import TestClient

from daimyo.server.app import create_app
from tests.server.conftest import TEST_SETTINGS, join, next_of
from tests.server.fake_time import FakeTime

SEATS = [{"kind": "human", "name": "Host"}, {"kind": "human"}, {"kind": "bot", "bot": "random"}]


def _table(client, public=True):
    r = client.post("/api/games", json={"game": "rokugan", "seats": SEATS, "sit": 0, "table": True, "public": public})
    assert r.status_code == 201, r.text
    return r.json()


def test_a_public_table_is_listed_and_its_seat_taken_without_a_code(client):
    game = _table(client)
    unlisted = _table(client, public=False)
    listed = client.get("/api/games/open").json()["games"]
    assert [g["id"] for g in listed] == [game["id"]] and listed[0]["status"] == "waiting"
    taken = client.post(f"/api/games/{game['id']}/claim", json={"seat": 1, "name": "Stranger"})
    assert taken.status_code == 200, taken.text
    refused = client.post(f"/api/games/{unlisted['id']}/claim", json={"seat": 1})
    assert refused.status_code == 403 and "invitation" in refused.json()["error"]
    assert client.get("/api/games/open").json()["games"] == []   # no open seat left


def test_nobody_acts_and_no_bot_moves_before_the_start(client):
    game = _table(client)
    ws, welcome, _, state = join(client, game["id"], 0, game["you"]["token"])
    assert welcome["game"]["status"] == "waiting"
    ws.send_json({"type": "act", "action": state["legal"][0] if state["legal"] else "pass"})
    assert next_of(ws, "error")["code"] == "not-started"
    time.sleep(0.3)
    assert client.get(f"/api/games/{game['id']}").json()["to_act"] == state["to_act"]


def test_the_host_changes_the_table_and_starts_once_everyone_is_ready(client):
    game = _table(client)
    host_ws, *_ = join(client, game["id"], 0, game["you"]["token"])
    friend = client.post(f"/api/games/{game['id']}/claim", json={"code": game["invite"]["code"], "seat": 1, "name": "Bo"}).json()
    friend_ws, *_ = join(client, game["id"], 1, friend["token"])

    taken = [{"kind": "human"}, {"kind": "bot", "bot": "heuristic"}, {"kind": "bot"}]
    refused = client.post(f"/api/games/{game['id']}/table", json={"host": game["host"], "seats": taken})
    assert refused.status_code == 409 and "seats[1]" in refused.json()["error"]
    assert client.post(f"/api/games/{game['id']}/table", json={"host": "guess", "seats": SEATS}).status_code == 403

    new = [{"kind": "human", "choice": "crane"}, {"kind": "human"}, {"kind": "bot", "bot": "heuristic", "choice": "lion"},
           {"kind": "bot", "bot": "random"}]
    changed = client.post(f"/api/games/{game['id']}/table", json={"host": game["host"], "seats": new})
    assert changed.status_code == 200, changed.text
    table = next_of(friend_ws, "table")["game"]
    assert [s["kind"] for s in table["seats"]] == ["human", "human", "bot", "bot"]
    assert [s["choice"] for s in table["seats"]][0::2] == ["crane", "lion"] and table["seats"][1]["name"] == "Bo"
    assert next_of(friend_ws, "state")["seq"] == 0

    early = client.post(f"/api/games/{game['id']}/start", json={"host": game["host"]})
    assert early.status_code == 409 and "seats 0, 1" in early.json()["error"]
    for ws in (host_ws, friend_ws):
        ws.send_json({"type": "ready", "ready": True})
    while not all(s["ready"] for s in next_of(host_ws, "table")["game"]["seats"] if s["kind"] == "human"):
        pass
    started = client.post(f"/api/games/{game['id']}/start", json={"host": game["host"]})
    assert started.status_code == 200 and started.json()["status"] == "in progress"
    assert next_of(friend_ws, "started")["game"]["players"] == 4
    again = client.post(f"/api/games/{game['id']}/table", json={"host": game["host"], "seats": new})
    assert again.status_code == 400 and "started" in again.json()["error"]


def test_a_waiting_table_survives_a_restart(db_url):
    with TestClient(create_app(db_url, settings=TEST_SETTINGS)) as client:
        game = _table(client)
        client.post(f"/api/games/{game['id']}/table",
                    json={"host": game["host"], "seats": [*SEATS, {"kind": "bot", "bot": "random"}]})
    with TestClient(create_app(db_url, settings=TEST_SETTINGS)) as client:
        summary = client.get(f"/api/games/{game['id']}").json()
        assert summary["status"] == "waiting" and summary["players"] == 4
        assert [g["id"] for g in client.get("/api/games/open").json()["games"]] == [game["id"]]


def test_no_stand_in_is_given_at_the_table_so_no_bot_plays_a_player_who_came_back(db_url):
    """A player away from a table for absent_after seconds keeps the seat: a stand-in asked before the start (by
    another player or the host) is refused with not-started, and once the game starts nobody's seat is a bot's."""
    clock = FakeTime()
    with TestClient(create_app(db_url, settings=TEST_SETTINGS.replace(absent_after=30.0, time_source=clock))) as client:
        client.sessions = []
        try:
            game = _table(client)
            friend = client.post(f"/api/games/{game['id']}/claim", json={"code": game["invite"]["code"], "seat": 1}).json()
            host_ws, *_ = join(client, game["id"], 0, game["you"]["token"])
            clock.advance(60)   # seat 1's player has been away from the table that long
            by_host = client.post(f"/api/games/{game['id']}/stand-in", json={"host": game["host"], "seat": 1})
            assert by_host.status_code == 409 and "not started" in by_host.json()["error"]
            host_ws.send_json({"type": "stand-in", "seat": 1})
            refused = next_of(host_ws, "error")
            assert refused["code"] == "not-started" and "stand-in" in refused["message"]
            friend_ws, *_ = join(client, game["id"], 1, friend["token"])
            for ws in (host_ws, friend_ws):
                ws.send_json({"type": "ready", "ready": True})
            assert client.post(f"/api/games/{game['id']}/start", json={"host": game["host"]}).status_code == 200
            started = next_of(friend_ws, "state")   # its own view, to choose its objectives itself: no bot plays it
            assert started["seq"] == 0 and started["legal"] and "clocks" not in started
        finally:
            for w in client.sessions:
                w.__exit__(None, None, None)
