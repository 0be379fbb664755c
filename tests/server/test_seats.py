"""A room's seats alone (daimyo/server/seats.py), against a stand-in room and a clock the test moves: tokens,
presence, ready, clocks that run out into a stand-in, and the player's return (issue 15; issue 26's split). Every
change is written under the room's lock before anyone is told of it, and a change that could not be written is
undone."""

from __future__ import annotations

import asyncio

import pytest

from daimyo.server.clocks import Clock
from daimyo.server.seats import Seats
from daimyo.server.settings import Settings
from daimyo.server.store import WAITING, SeatRow
from daimyo.server.wire import ActError
from tests.server.fake_time import FakeTime
from tests.server.parts import Table, humans, inbox, settle

MOVE = Clock("move", 60.0).to_text()


def _seats(table: Table, clock: FakeTime) -> Seats:
    return Seats(table, clock)


def test_a_seat_is_taken_only_with_its_token():
    seats = _seats(Table([*humans(1), SeatRow(1, "bot", bot="random")]), FakeTime())
    assert seats.check_seat(0, "token0") == 0
    for seat, token, words in ((0, "guess", "wrong or missing token"), (0, None, "wrong or missing token"),
                               (1, "token0", "played by the server's bot"), (2, "token0", "no seat 2"), (True, "token0", "no seat True")):
        with pytest.raises(ActError) as refused:
            seats.check_seat(seat, token)
        assert refused.value.code == "bad-token" and words in refused.value.message


def test_an_ended_token_closes_that_seats_connections_only():
    table = Table(humans(2))
    seats = _seats(table, FakeTime())
    mine, other = table.join(0), table.join(1)
    seats.end_token(0, "new-hash", "signed out")
    assert table.row.seats[0].token_hash == "new-hash"
    assert inbox(mine) == [{"type": "error", "code": "bad-token", "message": "signed out"}, None] and mine.dropped
    assert inbox(other) == [] and not other.dropped


def test_presence_is_told_to_the_others_and_the_away_time_runs_on_the_clock():
    clock, table = FakeTime(), Table(humans(3), settings=Settings(absent_after=30.0))
    seats = _seats(table, clock)
    watcher = table.join(None)
    first = table.join(0)
    seats.connected(first)
    assert inbox(watcher) == [{"type": "presence", "seat": 0, "connected": True, "absent_after": 30.0}]
    assert inbox(first) == []
    second = table.join(0)
    seats.connected(second)                       # the seat's second page: nobody is told again
    assert inbox(watcher) == []
    clock.advance(12.5)
    assert seats.presence() == ({0: True}, {1: 12, 2: 12})
    table.conns.discard(first)
    seats.disconnected(first)
    assert inbox(watcher) == []                   # its other page is still open
    table.conns.discard(second)
    seats.disconnected(second)
    assert inbox(watcher) == [{"type": "presence", "seat": 0, "connected": False, "absent_after": 30.0}]
    clock.advance(5)
    assert seats.presence() == ({}, {0: 5, 1: 17, 2: 17})


def test_ready_is_written_then_the_table_is_told_and_refused_once_started():
    table = Table(humans(2), status=WAITING)
    seats = _seats(table, FakeTime())
    asyncio.run(seats.set_ready(1, True))
    assert table.row.seats[1].ready and table.tables == 1 and table.written == [("seat 1's ready", 1, [])]
    with pytest.raises(ActError, match="true or false"):
        asyncio.run(seats.set_ready(1, "yes"))
    table.refuse = True
    with pytest.raises(ActError):
        asyncio.run(seats.set_ready(1, False))
    assert table.row.seats[1].ready and table.tables == 1      # not written: not changed, nobody told
    table.row.status = "in-progress"
    with pytest.raises(ActError, match="already started"):
        asyncio.run(seats.set_ready(0, True))


def test_a_seat_whose_time_runs_out_gets_its_stand_in_written_first_and_everyone_told():
    async def go():
        clock, table = FakeTime(wall=1000.0), Table(humans(2), clock=MOVE, to_act=(1,))
        seats = _seats(table, clock)
        conn = table.join(0)
        await seats.start()
        assert table.written == [("the clocks", 2, [0])] and seats.clocks.seats[1].deadline == 1060.0
        clock.advance(59.9)
        await settle()
        assert len(table.written) == 1 and inbox(conn) == []     # not yet
        clock.advance(0.1)
        await settle()
        assert table.written[1] == ("the stand-in of seat 1", 2, [0])   # written before the notice was queued
        notice = inbox(conn)
        assert [(m["type"], m["seat"], m["on"], m["reason"]) for m in notice] == [("stand-in", 1, True, "time")]
        assert notice[0]["clocks"]["seats"]["1"] == {"left": None, "running": False, "bank": None, "stand_in": "time"}
        assert table.bots == {1: True} and table.kicks == 1
        assert seats.stood_in(1) and seats.stand_in_pause(1) == 60.0
        await seats.close()
    asyncio.run(go())


def test_a_stand_in_that_could_not_be_written_is_undone_and_nobody_is_told():
    async def go():
        clock, table = FakeTime(wall=1000.0), Table(humans(2), clock=MOVE, to_act=(1,))
        seats = _seats(table, clock)
        conn = table.join(0)
        await seats.start()
        table.refuse = True
        clock.advance(60)
        await settle()
        assert inbox(conn) == [] and table.bots == {} and not seats.stood_in(1)
        assert seats.clocks.seats[1].deadline == 1060.0      # the clock as it was
        await seats.close()
    asyncio.run(go())


def test_the_player_takes_the_seat_back_and_its_clock_starts_again():
    async def go():
        clock, table = FakeTime(wall=1000.0), Table(humans(2), clock=MOVE, to_act=(1,))
        seats = _seats(table, clock)
        conn = table.join(1)
        await seats.start()
        clock.advance(60)
        await settle()
        inbox(conn)
        clock.advance(5)
        await seats.resume(1)
        assert table.written[-1] == ("the return of seat 1", 2, [0])
        back = inbox(conn)
        assert [(m["type"], m["on"]) for m in back] == [("stand-in", False)] and table.bots == {1: False}
        assert seats.clocks.seats[1].deadline == 1125.0 and not seats.stood_in(1)
        with pytest.raises(ActError, match="no bot is playing"):
            await seats.resume(1)
        clock.advance(60)                                   # the watcher waits for the new deadline
        await settle()
        assert seats.stood_in(1)
        await seats.close()
    asyncio.run(go())


def test_a_stand_in_for_an_away_seat_only_after_absent_after_seconds():
    async def go():
        clock, table = FakeTime(), Table(humans(3), settings=Settings(absent_after=30.0))
        seats = _seats(table, clock)
        with pytest.raises(ActError) as early:
            await seats.ask_stand_in(0, 1)
        assert early.value.code == "not-away" and "30 seconds" in early.value.message
        clock.advance(30)
        for asker, seat, host, words in ((0, 0, False, "another player's seat"), (None, 1, False, "only a player or the host"),
                                         (0, "1", False, "another player's seat")):
            with pytest.raises(ActError, match=words):
                await seats.ask_stand_in(asker, seat, host)
        await seats.ask_stand_in(0, 1)
        await seats.ask_stand_in(None, 2, host=True)
        assert table.bots == {1: True, 2: True} and seats.stand_in_pause(1) == 0.0   # an away seat's bot does not pause
        assert [c.stand_in for c in seats.clocks.seats.values()] == ["absent", "absent"]
    asyncio.run(go())


def test_stored_clocks_are_loaded_with_their_stand_ins():
    table = Table(humans(2), clock=MOVE)
    seats = _seats(table, FakeTime())
    seats.load([(0, None, 5000.0, None), (1, None, None, "time")])
    assert seats.clocks.seats[0].deadline == 5000.0 and table.bots == {1: True} and seats.shown
