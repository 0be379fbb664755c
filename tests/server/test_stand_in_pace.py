"""A time-out is not the end of a player's game (issue 30, defect 1): the stand-in for a seat out of time waits a
decision's time before each of its moves, so the player, back at the page, can still take the seat back by acting."""

from __future__ import annotations

from starlette.testclient import TestClient

from daimyo.server.app import create_app
from daimyo.server.clocks import STAND_IN_PAUSE_MAX, Clock, Clocks, SeatClock
from tests.server.conftest import TEST_SETTINGS, create, humans, join, next_of
from tests.server.fake_time import FakeTime


def test_the_pause_is_a_decisions_time_for_a_seat_out_of_time_and_none_for_an_away_seat():
    move = Clocks(Clock("move", 15.0), {0: SeatClock(stand_in="time"), 1: SeatClock(stand_in="absent"), 2: SeatClock()})
    assert [move.stand_in_pause(s) for s in (0, 1, 2, 3)] == [15.0, 0.0, 0.0, 0.0]
    assert Clocks(Clock("bank", 600.0, 10.0), {0: SeatClock(stand_in="time")}).stand_in_pause(0) == 10.0
    assert Clocks(Clock("days", 86_400.0), {0: SeatClock(stand_in="time")}).stand_in_pause(0) == STAND_IN_PAUSE_MAX


def test_a_player_who_ran_out_of_time_takes_the_seat_back_by_acting_before_the_stand_in_moves(db_url):
    clock = FakeTime()
    with TestClient(create_app(db_url, settings=TEST_SETTINGS.replace(time_source=clock))) as client:
        client.sessions = []
        try:
            _take_back(client, clock)
        finally:
            for w in client.sessions:
                w.__exit__(None, None, None)


def _take_back(client, clock):
    game = create(client, humans(2), clock={"kind": "move", "seconds": 60})   # the stand-in's pause after the time-out is as long
    joined = [join(client, game["id"], s["seat"], s["token"]) for s in game["seats"]]
    late = joined[0][3]["to_act"][0]
    seat = [s["choice"] for s in game["seats"]].index(late)
    ws, state = joined[seat][0], joined[seat][3]
    clock.advance(60)
    while (notice := next_of(ws, "stand-in"))["seat"] != seat:
        pass
    assert (notice["seat"], notice["on"], notice["reason"]) == (seat, True, "time")
    clock.advance(59)   # within the pause the player acts: the stand-in has not played that decision, so the move is theirs
    ws.send_json({"type": "act", "action": state["legal"][0], "seq": state["seq"]})
    while (m := ws.receive_json())["type"] not in ("ack", "error"):
        if m["type"] == "stand-in" and m["seat"] == seat:
            assert (m["seat"], m["on"]) == (seat, False)   # the seat is the player's again
    assert m == {"type": "ack", "seq": state["seq"] + 1}, m
