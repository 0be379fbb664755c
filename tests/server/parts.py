"""A stand-in for a room (what daimyo/server/wire.py's ``Host`` names), to test a room's parts alone: seats, chat.
Its writes are recorded in order, together with what the connections had been told by then, or refused."""

from __future__ import annotations

import asyncio

from daimyo.server.settings import Settings
from daimyo.server.store import IN_PROGRESS, WAITING, GameRow, SeatRow
from daimyo.server.wire import ActError, Connection, hash_token


class Turns:
    """A game state reduced to whose turn it is."""

    def __init__(self, to_act=(0,)):
        self.acting, self.over = list(to_act), False

    def to_act(self):
        return list(self.acting)

    def is_terminal(self):
        return self.over


class Bots(dict):
    """The room's bots reduced to who stands in (seat: on) and how often the loop was kicked."""

    def __init__(self):
        super().__init__()
        self.kicks = 0

    def stand_in(self, seat: int, on: bool) -> None:
        self[seat] = on

    def kick(self) -> None:
        self.kicks += 1


class Table:
    def __init__(self, seats: list[SeatRow], clock: str | None = None, status: str = IN_PROGRESS,
                 settings: Settings | None = None, to_act=(0,)):
        self.row = GameRow("g1", "rokugan", len(seats), 1, [f"clan{i}" for i in range(len(seats))],
                           "2026-11-27T00:00:00+00:00", status, None, seats=seats, clock=clock)
        self.settings = settings or Settings()
        self.lock = asyncio.Lock()
        self.conns: set[Connection] = set()
        self.state = Turns(to_act)
        self.closed = False
        self.refuse = False
        self.written: list[tuple[str, int, list[int]]] = []   # (what, statements, messages queued by then)
        self.tables = 0        # how often the table was told
        self.bots = Bots()

    @property
    def waiting(self) -> bool:
        return self.row.status == WAITING

    def check_open(self) -> None:
        if self.closed:
            raise ActError("no-such-game", "closed")

    async def write(self, *statements, what: str = "a change") -> None:
        assert self.lock.locked(), "a part wrote outside the room's lock"
        if self.refuse:
            raise ActError("server", "the server could not save that; nothing changed")
        self.written.append((what, len(statements), [c.outbox.qsize() for c in self.conns]))

    def tell_table(self) -> None:
        self.tables += 1

    @property
    def kicks(self) -> int:
        return self.bots.kicks

    def join(self, seat: int | None) -> Connection:
        conn = Connection(seat)
        self.conns.add(conn)
        return conn


def humans(n: int, ready: bool = False) -> list[SeatRow]:
    return [SeatRow(i, "human", f"p{i}", token_hash=hash_token(f"token{i}"), ready=ready) for i in range(n)]


def inbox(conn: Connection) -> list[dict]:
    """What ``conn`` was sent so far (taken out of its queue)."""
    out = []
    while not conn.outbox.empty():
        msg, _ = conn.outbox.get_nowait()
        out.append(msg)
    return out


async def settle(turns: int = 20) -> None:
    """Let the loop's ready tasks run (the parts' writes here finish without waiting)."""
    for _ in range(turns):
        await asyncio.sleep(0)
