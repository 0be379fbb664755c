"""A time source (daimyo/server/timing.py) that moves only when a test says so: ``advance(seconds)`` moves its wall and
monotonic clocks together and wakes every wait that is then due, in whichever event loop it waits (the server of a
TestClient runs in a thread of its own; the test advances from its thread)."""

from __future__ import annotations

import asyncio
import contextlib
import threading
import time


class FakeTime:
    def __init__(self, wall: float | None = None, monotonic: float | None = None):
        self._wall = time.time() if wall is None else wall
        self._monotonic = time.monotonic() if monotonic is None else monotonic
        self._lock = threading.Lock()
        self._waits: list[tuple[float, asyncio.AbstractEventLoop, asyncio.Future]] = []   # (wall time due, loop, future)

    def time(self) -> float:
        return self._wall

    def monotonic(self) -> float:
        return self._monotonic

    def waiting(self) -> int:
        """How many waits with a due time are pending."""
        with self._lock:
            return sum(not f.done() for _, _, f in self._waits)

    def advance(self, seconds: float) -> None:
        """Move both clocks ``seconds`` forward and wake the waits now due."""
        with self._lock:
            self._wall += seconds
            self._monotonic += seconds
            due = [(loop, f) for at, loop, f in self._waits if at <= self._wall]
            self._waits = [w for w in self._waits if w[0] > self._wall]
        for loop, future in due:
            with contextlib.suppress(RuntimeError):   # a loop closed meanwhile (its server stopped)
                loop.call_soon_threadsafe(_wake, future)

    def _due(self, at: float) -> asyncio.Future:
        loop = asyncio.get_running_loop()
        future = loop.create_future()
        with self._lock:
            if at <= self._wall:
                future.set_result(None)
            else:
                self._waits.append((at, loop, future))
        return future

    def _forget(self, future: asyncio.Future) -> None:
        with self._lock:
            self._waits = [w for w in self._waits if w[2] is not future]

    async def sleep(self, seconds: float) -> None:
        if seconds <= 0:
            await asyncio.sleep(0)
            return
        future = self._due(self._wall + seconds)
        try:
            await future
        finally:
            self._forget(future)

    async def wait(self, event: asyncio.Event, until: float | None) -> None:
        if until is None:
            await event.wait()
            return
        due = self._due(until)
        setting = asyncio.ensure_future(event.wait())
        try:
            await asyncio.wait({due, setting}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            setting.cancel()
            due.cancel()
            self._forget(due)


def _wake(future: asyncio.Future) -> None:
    if not future.done():
        future.set_result(None)


def until_waiting(clock: FakeTime, n: int = 1, seconds: float = 30.0) -> None:
    """Block (real time: the server's loop is working) until ``n`` waits are pending on ``clock``."""
    end = time.monotonic() + seconds
    while clock.waiting() < n:
        assert time.monotonic() < end, "nothing came to wait on the clock"
        time.sleep(0.005)
