"""A room's bots on a clock the test moves (daimyo/server/room_bots.py, without HTTP): the stand-in for a seat out of
time waits a decision's time before its move, and a bot's pace (``bot_delay``) is waited on the same clock
(issue 30, defect 1; issue 26's split)."""

from __future__ import annotations

import asyncio
import time

from daimyo.server.hub import Hub
from daimyo.server.settings import Settings
from daimyo.server.store import Store
from tests.server.fake_time import FakeTime


async def _until(check, seconds: float = 30.0) -> None:
    """Wait (real time: the store's writer thread and the bots' pool work meanwhile) until ``check()`` holds."""
    end = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < end, "the room never got there"
        await asyncio.sleep(0.005)


def _hub(tmp_path, clock: FakeTime, bot_delay: float = 0.0) -> Hub:
    return Hub(Store(f"sqlite:///{tmp_path / 'g.sqlite'}"), bot_delay, Settings(time_source=clock))


def test_the_stand_in_of_a_seat_out_of_time_moves_once_a_decisions_time_has_passed(tmp_path):
    clock = FakeTime()
    hub = _hub(tmp_path, clock)

    async def go():
        made = await hub.create({"game": "rokugan", "seats": [{"kind": "human"}, {"kind": "human"}], "seed": 4,
                                 "practice": True, "clock": {"kind": "move", "seconds": 60}})
        room = hub.rooms[made["id"]]
        try:
            seat = room.state.to_act()[0]
            clock.advance(60)
            await _until(lambda: room.seats.stood_in(seat) and clock.waiting() == 1)   # its bot waits its pause
            clock.advance(59.5)
            assert clock.waiting() == 1 and room.seq == 0   # not yet due: the bot still waits
            clock.advance(0.5)
            await _until(lambda: room.seq == 1)
            assert room.actions[0][0] == seat
        finally:
            await room.close()
    try:
        asyncio.run(go())
    finally:
        hub.bot_pool.shutdown()
        hub.store.close()


def test_a_bots_pace_is_waited_on_the_servers_clock(tmp_path):
    clock = FakeTime()
    hub = _hub(tmp_path, clock, bot_delay=2.0)

    async def go():
        made = await hub.create({"game": "rokugan", "seats": [{"kind": "bot", "bot": "random"}] * 2, "seed": 4,
                                 "practice": True})
        room = hub.rooms[made["id"]]
        try:
            for played in (1, 2, 3):
                await _until(lambda: clock.waiting() == 1)
                assert room.seq == played - 1
                clock.advance(2.0)
                await _until(lambda played=played: room.seq == played)
        finally:
            await room.close()
    try:
        asyncio.run(go())
    finally:
        hub.bot_pool.shutdown()
        hub.store.close()
