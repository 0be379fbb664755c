"""Rate windows kept in the database that a cluster's processes share (settings.cluster on PostgreSQL).

With one process, :class:`daimyo.server.guard.Limiter` counts each client's events in its own memory. Behind a
proxy that spreads clients over several processes (docs/scaling.md), that would give a client each process's
budget; so in cluster mode the events are rows of the ``rate_hits`` table instead, one row per counted event, and
a rate is a moving window over them exactly as in memory: an event is counted when fewer than the rate's number of
events of the same kind and key lie within its period before now, and refused (counting nothing) otherwise.

Several processes counting one key at once are put in a row by a PostgreSQL advisory lock per (kind, key), taken
for the one transaction that counts and inserts, so no two of them both see room for the last event. The times
are the database's clock, which every process reads alike. Each row carries when it stops mattering
(``expires``); every process deletes the expired rows now and then.
"""

from __future__ import annotations

import hashlib
import threading
import time
from collections import Counter
from collections.abc import Iterable, Sequence

from limits import parse
from sqlalchemy import Column, Float, Index, MetaData, String, Table, Text, and_, delete, func, insert, select, text
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import SQLAlchemyError

metadata = MetaData()

# one row per counted event (daimyo/server/migrations/versions/0007_rate_hits.py)
rate_hits = Table(
    "rate_hits", metadata,
    Column("kind", String(40), nullable=False),    # what was counted: "sign-in", "upload", "failed-seat", ...
    Column("key", Text, nullable=False),           # whose: an address, an account name, or both
    Column("at", Float, nullable=False),           # when: the database's clock, seconds since the epoch
    Column("expires", Float, nullable=False),      # ``at`` and the rate's period: past it the row counts for nothing
    Index("rate_hits_window", "kind", "key", "at"),
    Index("rate_hits_expires", "expires"),
)

Throttle = tuple[str, str, str]
"""(rate, kind, key): a limits rate such as ``10/minute``, what is counted, and whose."""

LOCK_CLASS = 20261127
"""The first key of the two-key advisory locks taken here (the migrations' lock is a one-key lock: another space)."""


def lock_id(kind: str, key: str) -> int:
    """The second advisory-lock key of (``kind``, ``key``): a signed 32-bit number. Two pairs that share one only
    wait for each other now and then; each is still counted on its own."""
    digest = hashlib.blake2b(f"{kind}\n{key}".encode(), digest_size=4).digest()
    return int.from_bytes(digest, "big", signed=True)


class SharedRates:
    """Moving windows in the ``rate_hits`` table of a PostgreSQL database; every method does blocking I/O (the
    Limiter calls them in a thread) and raises SQLAlchemy's errors when the database does not answer."""

    def __init__(self, engine: Engine, purge_every: float = 60.0):
        self.engine, self.purge_every = engine, purge_every
        self._purged = time.monotonic()
        self._purging = threading.Lock()

    @staticmethod
    def _needs(throttles: Iterable[Throttle]) -> list[tuple[str, str, int, float, int]]:
        """(kind, key, most events, period in seconds, events asked) per (kind, key, rate) of ``throttles``."""
        asked = Counter(throttles)
        out = []
        for (rate, kind, key), n in asked.items():
            item = parse(rate)
            out.append((kind, key, item.amount, float(item.get_expiry()), n))
        return out

    @staticmethod
    def _now(conn: Connection) -> float:
        return float(conn.execute(text("SELECT extract(epoch FROM clock_timestamp())::float8")).scalar_one())

    @staticmethod
    def _used(conn: Connection, kind: str, key: str, since: float) -> int:
        where = and_(rate_hits.c.kind == kind, rate_hits.c.key == key, rate_hits.c.at >= since)
        return int(conn.execute(select(func.count()).select_from(rate_hits).where(where)).scalar_one())

    def allows(self, throttles: Sequence[Throttle]) -> bool:
        """Whether one more event of each of ``throttles`` would be counted now (counts nothing)."""
        with self.engine.connect() as conn:
            now = self._now(conn)
            return all(self._used(conn, kind, key, now - period) + n <= most
                       for kind, key, most, period, n in self._needs(throttles))

    def take(self, throttles: Sequence[Throttle]) -> bool:
        """Count one event for each of ``throttles`` when every one of them allows it, in one transaction; when
        one does not, count none and answer False."""
        needs = self._needs(throttles)
        with self.engine.begin() as conn:
            # the same order in every process, so that two of them never wait for each other's locks
            for lock in sorted({lock_id(kind, key) for kind, key, *_ in needs}):
                conn.execute(text("SELECT pg_advisory_xact_lock(:c, :o)"), {"c": LOCK_CLASS, "o": lock})
            now = self._now(conn)   # read once the locks are held: every event counted before is older
            if any(self._used(conn, kind, key, now - period) + n > most for kind, key, most, period, n in needs):
                return False
            conn.execute(insert(rate_hits), [{"kind": kind, "key": key, "at": now, "expires": now + period}
                                             for kind, key, _most, period, n in needs for _event in range(n)])
        self._purge_now_and_then()
        return True

    def _purge_now_and_then(self) -> None:
        if time.monotonic() - self._purged < self.purge_every or not self._purging.acquire(blocking=False):
            return
        try:
            self.purge()
            self._purged = time.monotonic()
        except SQLAlchemyError:   # the events were counted; the next event tries again
            pass
        finally:
            self._purging.release()

    def purge(self) -> int:
        """Delete the rows that count for nothing any more; how many."""
        with self.engine.begin() as conn:
            gone = conn.execute(delete(rate_hits).where(rate_hits.c.expires < self._now(conn)))
        return int(gone.rowcount or 0)


__all__ = ["LOCK_CLASS", "SharedRates", "Throttle", "lock_id", "metadata", "rate_hits"]
