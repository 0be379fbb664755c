"""The server's time source (daimyo/server/timing.py): the real one by default, not an operator's setting; its waits
end when their event is set or their wall-clock time has come (issue 26)."""

from __future__ import annotations

import asyncio
import time

import pytest

from daimyo.server.settings import NAMES, Settings, parse_setting
from daimyo.server.timing import REAL_TIME


def test_the_server_runs_on_the_real_clocks_unless_given_another():
    assert Settings().time_source is REAL_TIME
    assert "time_source" not in NAMES
    with pytest.raises(ValueError, match="unknown setting 'time_source'"):
        parse_setting("time_source=fake")
    assert abs(REAL_TIME.time() - time.time()) < 60 and REAL_TIME.monotonic() <= time.monotonic()


def test_a_real_wait_ends_at_its_event_or_at_a_time_already_passed():
    async def go():
        event = asyncio.Event()
        await REAL_TIME.wait(event, REAL_TIME.time() - 1)       # its time has come: no wait
        waiting = asyncio.ensure_future(REAL_TIME.wait(event, None))
        await asyncio.sleep(0)
        assert not waiting.done()
        event.set()
        await asyncio.wait_for(waiting, 10)
        await REAL_TIME.sleep(0)
    asyncio.run(go())
