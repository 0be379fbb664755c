"""Resign and abandon (issue 30): a player resigns at any time; the rulebooks say nothing of a player who leaves, so a
game with one seat left unresigned ends and that seat wins (a two-player game at once), and in a larger game the
stand-in bot plays the resigned seat to the end, its player unable to take it back; a table nobody opens is closed
after the server's ``close_after`` (on the server's time source: a test moves it)."""

from __future__ import annotations

import contextlib

from starlette.testclient import TestClient

from daimyo.server.app import create_app
from tests.server.conftest import TEST_SETTINGS, connect, create, humans, join, next_of
from tests.server.fake_time import FakeTime


def _drain_presence(joined):
    """Each player hears of the players who came after it: read those notices."""
    for i, (ws, *_rest) in enumerate(joined):
        for _ in range(i + 1, len(joined)):
            assert ws.receive_json()["type"] == "presence"


def test_a_two_player_game_ends_when_a_player_resigns_and_the_other_wins(client):
    game = create(client, humans(2))
    joined = [join(client, game["id"], s["seat"], s["token"]) for s in game["seats"]]
    _drain_presence(joined)
    clans = [s["choice"] for s in game["seats"]]
    quitter = 1   # not necessarily the seat to act: a player resigns at any time
    joined[quitter][0].send_json({"type": "resign"})
    for ws, *_ in joined:
        told = next_of(ws, "resigned")
        assert (told["seat"], told["choice"], told["over"]) == (quitter, clans[quitter], True)
        assert told["result"] == {"resigned": [clans[quitter]], "winners": [clans[0]]}
        state = next_of(ws, "state")
        assert state["legal"] == [] and state["to_act"] == []
        table = next_of(ws, "table")["game"]
        assert table["status"] == "over" and table["seats"][quitter]["resigned"] and not table["seats"][0]["resigned"]
    summary = client.get(f"/api/games/{game['id']}").json()
    assert summary["status"] == "over" and summary["result"]["winners"] == [clans[0]]
    # the record holds the moves played (none here), and is available as for any finished game
    assert client.get(f"/api/games/{game['id']}/record").status_code == 200
    joined[0][0].send_json({"type": "act", "action": "pass"})
    assert next_of(joined[0][0], "error")["code"] == "game-over"
    joined[0][0].send_json({"type": "resign"})
    assert next_of(joined[0][0], "error")["code"] == "game-over"


def test_in_a_four_player_game_the_stand_in_plays_a_resigned_seat_and_its_player_cannot_take_it_back(client):
    game = create(client, humans(4))
    joined = [join(client, game["id"], s["seat"], s["token"]) for s in game["seats"]]
    _drain_presence(joined)
    clans = [s["choice"] for s in game["seats"]]
    first = clans.index(joined[0][3]["to_act"][0])
    ws = joined[first][0]
    ws.send_json({"type": "resign"})
    told = next_of(ws, "resigned")
    assert (told["seat"], told["over"], told["result"]) == (first, False, None)
    assert told["clocks"]["seats"][str(first)]["stand_in"] == "resigned"
    # the stand-in plays the seat's decision: the game goes on past it
    state = next_of(ws, "state")
    assert state["seq"] == 1 and state["legal"] == []
    for refused, code in (({"type": "resume"}, "resigned"), ({"type": "resign"}, "resigned"),
                          ({"type": "act", "action": "pass"}, "resigned")):
        ws.send_json(refused)
        assert next_of(ws, "error")["code"] == code
    summary = client.get(f"/api/games/{game['id']}").json()
    assert summary["status"] == "in progress" and summary["seats"][first]["resigned"]
    # two more resign: one seat is left unresigned, and it wins
    others = [s for s in range(4) if s != first]
    for seat in others[:2]:
        joined[seat][0].send_json({"type": "resign"})
        while next_of(joined[seat][0], "resigned")["seat"] != seat:
            pass
    last = others[2]
    while (told := next_of(joined[last][0], "resigned"))["seat"] != others[1]:
        pass
    assert told["over"] and told["result"]["winners"] == [clans[last]]
    assert sorted(told["result"]["resigned"]) == sorted(clans[s] for s in (first, *others[:2]))
    assert client.get(f"/api/games/{game['id']}").json()["status"] == "over"


def test_a_spectator_and_a_table_not_started_cannot_resign(client):
    game = create(client, humans(2))
    watcher, *_ = join(client, game["id"])
    watcher.send_json({"type": "resign"})
    assert next_of(watcher, "error")["code"] == "bad-message"
    r = client.post("/api/games", json={"game": "rokugan", "seats": humans(2), "table": True, "sit": 0, "public": True})
    table = r.json()
    ws = connect(client, table["id"])
    ws.send_json({"type": "hello", "seat": 0, "token": table["you"]["token"]})
    next_of(ws, "state")
    ws.send_json({"type": "resign"})
    assert next_of(ws, "error")["code"] == "not-started"


@contextlib.contextmanager
def _served(db_url, settings=TEST_SETTINGS):
    """A test client of a server over ``db_url`` whose sockets are closed at the end."""
    with TestClient(create_app(db_url, settings=settings)) as client:
        client.sessions = []
        try:
            yield client
        finally:
            for ws in client.sessions:
                with contextlib.suppress(Exception):
                    ws.__exit__(None, None, None)


def test_a_resigned_game_is_shown_over_after_a_restart(db_url):
    with _served(db_url) as client:
        game = create(client, humans(2))
        ws, *_ = join(client, game["id"], 0, game["seats"][0]["token"])
        ws.send_json({"type": "resign"})
        next_of(ws, "resigned")
    with _served(db_url) as client:
        summary = client.get(f"/api/games/{game['id']}").json()
        assert summary["status"] == "over" and summary["seats"][0]["resigned"]
        assert client.get(f"/api/games/{game['id']}/replay").status_code == 200


def test_a_table_nobody_opens_is_closed_after_close_after_on_the_servers_clock(db_url):
    clock = FakeTime()
    settings = TEST_SETTINGS.replace(time_source=clock, close_after=3600.0)
    with _served(db_url, settings) as client:
        hub = client.app.app.state.hub
        body = {"game": "rokugan", "seats": humans(2), "table": True, "sit": 0, "public": True}
        left, kept = client.post("/api/games", json=body).json(), client.post("/api/games", json=body).json()
        clock.advance(1800)
        assert client.portal.call(hub.close_abandoned) == 0   # not yet
        ws = connect(client, kept["id"])                        # a page opens on one of them
        ws.send_json({"type": "hello", "seat": 0, "token": kept["you"]["token"]})
        next_of(ws, "state")
        clock.advance(1900)   # past close_after since the first table was made (real seconds passed meanwhile too)
        assert client.portal.call(hub.close_abandoned) == 1
        assert client.get(f"/api/games/{left['id']}").status_code == 404
        assert client.get(f"/api/games/{kept['id']}").status_code == 200
