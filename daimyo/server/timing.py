"""The play server's source of time for its games: the wall clock of the stored deadlines, a monotonic clock for how
long a seat has been away, and the waits of the clock watcher and of the bots' pace.

The server runs on :data:`REAL_TIME`; it comes from :attr:`daimyo.server.settings.Settings.time_source`, so that a
test can give the server a clock it moves forward itself instead of sleeping until a deadline passes.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from typing import Protocol


class TimeSource(Protocol):
    """Where a game's clocks, stand-ins and bots read the time and wait for it."""

    def time(self) -> float:
        """Wall-clock seconds since the epoch (the deadlines kept in the database)."""
        ...

    def monotonic(self) -> float:
        """Seconds of a clock that never goes back (how long a seat has been away)."""
        ...

    async def sleep(self, seconds: float) -> None:
        """Return once ``seconds`` have passed."""
        ...

    async def wait(self, event: asyncio.Event, until: float | None) -> None:
        """Return once ``event`` is set or the wall clock reaches ``until`` (None: only the event)."""
        ...


class RealTime:
    """The machine's clocks and asyncio's timers."""

    def time(self) -> float:
        return time.time()

    def monotonic(self) -> float:
        return time.monotonic()

    async def sleep(self, seconds: float) -> None:
        await asyncio.sleep(seconds)

    async def wait(self, event: asyncio.Event, until: float | None) -> None:
        timeout = None if until is None else max(0.0, until - time.time())
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(event.wait(), timeout)


#: the time every server runs on unless a test gives it another
REAL_TIME = RealTime()


__all__ = ["REAL_TIME", "RealTime", "TimeSource"]
