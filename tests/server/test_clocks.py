"""Clocks and stand-ins (issue 15): a time per decision, a bank per player or days per move, kept as
deadlines in the database; when a seat's time runs out (or its player has been away and another
player or the host asks), the heuristic bot plays for it until its player takes it back."""

from __future__ import annotations

import json
import sqlite3
import time

import pytest
from hypothesis import given
from hypothesis import strategies as st
from starlette.testclient import TestClient

from daimyo.server.app import create_app
from daimyo.server.clocks import DAY, Clock, ClockError, Clocks, parse_clock
from tests.server.conftest import TEST_SETTINGS, create, humans, join, next_of
from tests.server.fake_time import FakeTime, until_waiting

FAST = TEST_SETTINGS.replace(clock_min_seconds=0.1)


def test_a_bank_is_spent_while_its_seat_is_to_act_and_grows_by_its_increment():
    clocks = Clocks(Clock("bank", 100.0, 5.0))
    assert clocks.update({0}, {0, 1}, now=1000.0) == [0]
    assert clocks.seats[0].deadline == 1100.0 and clocks.seats[1].deadline is None
    assert clocks.update({1}, {0, 1}, now=1030.0) == [0, 1]      # seat 0 took 30 s
    assert clocks.seats[0].bank == 75.0 and clocks.seats[1].deadline == 1130.0
    assert clocks.expired(now=1129.0) == [] and clocks.expired(now=1130.0) == [1]
    clocks.time_out(1)
    assert clocks.seats[1].bank == 0.0 and clocks.seats[1].stand_in == "time"
    clocks.seats[1].stand_in = None
    clocks.update({1}, {0, 1}, now=2000.0)
    assert clocks.seats[1].deadline == 2005.0      # a spent bank: each decision gets the increment


def test_a_move_clock_gives_each_decision_the_same_time():
    clocks = Clocks(Clock("move", 60.0))
    clocks.update({0, 1}, {0, 1}, now=0.0)
    clocks.update({1}, {0, 1}, now=50.0)
    clocks.update({0, 1}, {0, 1}, now=55.0)
    assert (clocks.seats[0].deadline, clocks.seats[1].deadline) == (115.0, 60.0)


@pytest.mark.parametrize(("spec", "words"), [
    ("fast", "clock: an object"), ({"kind": "blitz"}, "clock.kind"), ({"kind": "move"}, "clock.seconds"),
    ({"kind": "move", "seconds": 1}, "clock.seconds: a number from 5"), ({"kind": "days", "days": 0}, "clock.days"),
    ({"kind": "bank", "seconds": 600, "increment": True}, "clock.increment"), ({"kind": "move", "seconds": 60, "x": 1}, "unknown field"),
])
def test_a_bad_clock_is_refused_naming_its_field(client, spec, words):
    r = client.post("/api/games", json={"game": "rokugan", "seats": humans(2), "clock": spec})
    assert r.status_code == 400 and words in r.json()["error"]


@given(st.recursive(st.none() | st.booleans() | st.floats(allow_nan=False) | st.integers() | st.text(max_size=8),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
                        st.sampled_from(["kind", "seconds", "increment", "days", "other"]), inner, max_size=4)))
def test_the_clock_reader_gives_a_clock_or_a_clear_error_for_anything(spec):
    try:
        clock = parse_clock(spec)
    except ClockError as e:
        assert str(e).startswith("clock")
    else:
        assert clock.kind in ("none", "move", "bank", "days") and clock.seconds <= 30 * DAY


def test_time_runs_out_a_bot_plays_for_the_seat_and_the_player_takes_it_back(db_url):
    clock = FakeTime()
    with TestClient(create_app(db_url, settings=TEST_SETTINGS.replace(time_source=clock))) as client:
        client.sessions = []
        game = create(client, humans(2), clock={"kind": "move", "seconds": 60})
        (ws0, _, _, state0), (ws1, *_) = [join(client, game["id"], s["seat"], s["token"]) for s in game["seats"]]
        assert state0["clocks"]["clock"] == {"kind": "move", "seconds": 60}
        late = state0["to_act"][0]
        seat = [s["choice"] for s in game["seats"]].index(late)
        ws = (ws0, ws1)[seat]
        clock.advance(60)
        notice = next_of(ws, "stand-in")
        assert (notice["seat"], notice["on"], notice["reason"]) == (seat, True, "time")
        assert notice["clocks"]["seats"][str(seat)]["stand_in"] == "time"
        # the stand-in plays the seat's decisions while its player is away, a decision's time after the time-out
        until_waiting(clock)
        clock.advance(60)
        moved = next_of(ws, "state")
        assert moved["seq"] >= 1
        ws.send_json({"type": "resume"})
        back = next_of(ws, "stand-in")
        assert (back["seat"], back["on"]) == (seat, False)
        ws.send_json({"type": "resume"})
        assert "no bot is playing" in next_of(ws, "error")["message"]
        for w in client.sessions:
            w.__exit__(None, None, None)
    db = sqlite3.connect(db_url.removeprefix("sqlite:///"))
    rows = db.execute("SELECT seat, stand_in FROM clocks WHERE game_id = ?", (game["id"],)).fetchall()
    assert (seat, None) in rows


def test_deadlines_are_stored_and_run_out_across_a_restart(db_url):
    clock = FakeTime()
    settings = TEST_SETTINGS.replace(time_source=clock)
    with TestClient(create_app(db_url, settings=settings)) as client:
        client.sessions = []
        game = create(client, humans(2), clock={"kind": "bank", "seconds": 600, "increment": 10})
        to_act = client.get(f"/api/games/{game['id']}").json()["to_act"]
    db = sqlite3.connect(db_url.removeprefix("sqlite:///"))
    stored = db.execute("SELECT seat, bank, deadline, stand_in FROM clocks WHERE game_id = ?", (game["id"],)).fetchall()
    running = [row for row in stored if row[2] is not None]
    assert running and all(r[2] == clock.time() + 600 and r[3] is None and r[1] == 600 for r in running)
    assert json.loads(db.execute("SELECT clock FROM games WHERE id = ?", (game["id"],)).fetchone()[0])["kind"] == "bank"
    db.close()
    clock.advance(601)   # the server is down while the deadline passes
    with TestClient(create_app(db_url, settings=settings)) as client:
        client.sessions = []
        ws, _, _, state = join(client, game["id"])
        if "time" not in [c["stand_in"] for c in state["clocks"]["seats"].values()]:
            notice = next_of(ws, "stand-in")   # the room was loaded for this socket: its watcher finds the deadline passed
            assert (notice["on"], notice["reason"]) == (True, "time")
        assert to_act
        for w in client.sessions:
            w.__exit__(None, None, None)


def test_an_away_player_can_be_given_a_stand_in_by_another_player_or_the_host(db_url):
    clock = FakeTime()
    with TestClient(create_app(db_url, settings=TEST_SETTINGS.replace(absent_after=30.0, time_source=clock))) as client:
        client.sessions = []
        game = create(client, humans(3))
        ws0, *_ = join(client, game["id"], 0, game["seats"][0]["token"])
        ws0.send_json({"type": "stand-in", "seat": 1})
        refused = next_of(ws0, "error")
        assert refused["code"] == "not-away" and "30" in refused["message"]
        clock.advance(30)   # seats 1 and 2 have been away that long since the game was loaded
        ws0.send_json({"type": "stand-in", "seat": 0})
        assert "another player's seat" in next_of(ws0, "error")["message"]
        ws0.send_json({"type": "stand-in", "seat": 1})
        notice = next_of(ws0, "stand-in")
        assert (notice["seat"], notice["reason"]) == (1, "absent")
        wrong = client.post(f"/api/games/{game['id']}/stand-in", json={"host": "guess", "seat": 2})
        assert wrong.status_code == 403
        ok = client.post(f"/api/games/{game['id']}/stand-in", json={"host": game["host"], "seat": 2})
        assert ok.status_code == 200, ok.text
        assert next_of(ws0, "stand-in")["seat"] == 2
        spectator, *_ = join(client, game["id"])
        spectator.send_json({"type": "stand-in", "seat": 1})
        assert next_of(spectator, "error")["code"] in ("bad-message",)
        for w in client.sessions:
            w.__exit__(None, None, None)


def test_everyone_hears_when_a_player_comes_and_goes_and_how_long_a_seat_has_been_away(db_url):
    with TestClient(create_app(db_url, settings=FAST.replace(absent_after=30.0))) as client:
        client.sessions = []
        try:
            _comes_and_goes(client)
        finally:
            for w in client.sessions:
                w.__exit__(None, None, None)


def _comes_and_goes(client):
    game = create(client, humans(3))
    ws0, welcome, *_ = join(client, game["id"], 0, game["seats"][0]["token"])
    seats = welcome["game"]["seats"]
    assert welcome["game"]["absent_after"] == 30.0
    assert seats[0]["connected"] and seats[0]["away"] is None      # one's own seat: here
    assert not seats[1]["connected"] and seats[1]["away"] >= 0     # nobody there yet: away since the game was loaded
    ws1, *_ = join(client, game["id"], 1, game["seats"][1]["token"])
    came = next_of(ws0, "presence")
    assert (came["seat"], came["connected"], came["absent_after"]) == (1, True, 30.0)
    spectator, seen, *_ = join(client, game["id"])
    assert seen["game"]["seats"][1]["connected"] and seen["game"]["seats"][1]["away"] is None
    ws1.__exit__(None, None, None)
    client.sessions.remove(ws1)
    went = next_of(ws0, "presence")
    assert (went["seat"], went["connected"]) == (1, False)
    # (the spectator's coming was nobody's seat: ws0's next presence message was seat 1's going)
    assert next_of(spectator, "presence")["seat"] == 1


def test_a_game_loaded_on_demand_goes_on_with_its_stand_ins(db_url):
    """A game in progress that this process loads on demand (in a cluster, one another process gave up) has its
    stand-ins play on at once: both seats are stood in, the room is dropped from memory, and the next request
    loads it from the database and the game reaches its end without anyone acting."""
    with TestClient(create_app(db_url, bot_delay=0.02, settings=FAST.replace(absent_after=0.0))) as client:
        client.sessions = []
        game = create(client, humans(2))
        for seat in (0, 1):
            r = client.post(f"/api/games/{game['id']}/stand-in", json={"host": game["host"], "seat": seat})
            assert r.status_code == 200, r.text
        hub = client.app.app.state.hub
        room = hub.rooms.pop(game["id"])
        client.portal.call(room.close)                 # its bots stop with it, mid-game
        at = len(room.actions)
        assert client.get(f"/api/games/{game['id']}").json()["status"] != "over"
        deadline = time.time() + 60
        while client.get(f"/api/games/{game['id']}").json()["status"] != "over":
            assert time.time() < deadline, "the loaded game's stand-ins did not play on"
            time.sleep(0.1)
        assert len(hub.rooms[game["id"]].actions) > at
