"""The seats of a live game: who holds each one (its token), who is at the table (presence) and ready, each seat's
clock, and the stand-in bot that plays a seat whose time ran out or whose player has been away.

Every change here is stored before anyone hears of it (the room's write, under its lock). The clocks read the time
and wait through the server's time source (daimyo/server/timing.py), so that a test can move time forward.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import json
from typing import Any

from daimyo.server.clocks import Clocks, SeatClock, clock_from_text
from daimyo.server.ratings import rating_step
from daimyo.server.store import OVER, GameRow, clocks, games, seats
from daimyo.server.timing import TimeSource
from daimyo.server.wire import ActError, Connection, Host, hash_token, report_end, tell

#: the stand-in reason of a seat whose player resigned: its bot plays it to the end, and the player cannot take it back
RESIGNED = "resigned"


class Seats:
    """One game's seats: tokens, presence, ready, clocks and stand-ins (see the module's docstring)."""

    def __init__(self, room: Host, time: TimeSource):
        self.room, self.time = room, time
        self.clocks = Clocks(clock_from_text(room.row.clock), now=time.time)
        self._watch: asyncio.Task | None = None
        self._changed = asyncio.Event()
        self._started: list[int] = []   # the seats whose clock the last turn() started
        #: the human seats with no connection, since when (the time source's monotonic clock)
        self.away_since = {s.seat: time.monotonic() for s in room.row.seats if s.kind == "human"}

    @property
    def row(self) -> GameRow:
        return self.room.row

    def humans(self) -> set[int]:
        return {s.seat for s in self.row.seats if s.kind == "human"}

    def reset(self, row: GameRow) -> None:
        """The host changed the table: the clocks of ``row``; seats still away since when they were."""
        self.clocks = Clocks(clock_from_text(row.clock), now=self.time.time)
        self.away_since = {s.seat: self.away_since.get(s.seat, self.time.monotonic()) for s in row.seats if s.kind == "human"}

    # --------------------------------------------------------------- tokens
    def check_seat(self, seat: Any, token: Any) -> int:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.row.players:
            shown = repr(seat) if len(repr(seat)) <= 40 else f"{repr(seat)[:40]}..."   # not a whole body echoed back
            raise ActError("bad-token", f"there is no seat {shown} in this {self.row.players}-player game")
        info = self.row.seats[seat]
        if info.kind != "human":
            raise ActError("bad-token", f"seat {seat} is played by the server's bot")
        if not isinstance(token, str) or not hmac.compare_digest(hash_token(token), info.token_hash or ""):
            raise ActError("bad-token", f"wrong or missing token for seat {seat}")
        return seat

    def end_token(self, seat: int, token_hash: str | None, why: str) -> None:
        """The seat's token is no longer ``info.token_hash`` but ``token_hash`` (already stored): its open
        connections are told ``bad-token`` with ``why`` and closed. Called under the room's lock."""
        self.row.seats[seat].token_hash = token_hash
        for conn in [c for c in self.room.conns if c.seat == seat]:
            conn.put(ActError("bad-token", why).to_message())
            conn.close()

    # ------------------------------------------------------------- presence
    def connected(self, conn: Connection) -> None:
        """``conn`` joined the room's connections; everyone else hears when it is its seat's first."""
        seat = conn.seat
        first = seat is not None and not any(c.seat == seat for c in self.room.conns if c is not conn)
        if seat is not None:
            self.away_since.pop(seat, None)
            if first:
                self._tell_presence(seat, True, besides=conn)

    def disconnected(self, conn: Connection) -> None:
        """``conn`` left the room's connections: its seat is away once it was its seat's last."""
        if conn.seat is not None and not any(c.seat == conn.seat for c in self.room.conns):
            self.away_since[conn.seat] = self.time.monotonic()
            self._tell_presence(conn.seat, False)

    def presence(self) -> tuple[dict[int, bool], dict[int, int]]:
        """The seats with a connection, and for each other human seat how many whole seconds it has been away."""
        connected = {c.seat: True for c in self.room.conns if c.seat is not None}
        now = self.time.monotonic()
        return connected, {seat: int(now - since) for seat, since in self.away_since.items() if seat not in connected}

    def _tell_presence(self, seat: int, connected: bool, besides: Connection | None = None) -> None:
        """Everyone at the game hears when a seat's player comes or goes (its first page opened, its last one closed):
        whether a player is at the table is public at any table, and it tells the others when they may give the seat
        to a bot (after ``absent_after`` seconds away)."""
        msg = {"type": "presence", "seat": seat, "connected": connected, "absent_after": self.room.settings.absent_after}
        tell({c for c in self.room.conns if c is not besides}, msg)

    # ---------------------------------------------------------------- ready
    async def set_ready(self, seat: int, ready: Any) -> None:
        if not isinstance(ready, bool):
            raise ActError("bad-message", "ready: true or false")
        if not self.room.waiting:
            raise ActError("bad-message", "ready: the game has already started")
        async with self.room.lock:
            self.room.check_open()
            await self.room.write(seats.update().where((seats.c.game_id == self.row.id) & (seats.c.seat == seat))
                                  .values(ready=ready), what=f"seat {seat}'s ready")
            self.row.seats[seat].ready = ready
            self.room.tell_table()

    # --------------------------------------------------------------- clocks
    @property
    def shown(self) -> bool:
        """Whether the states carry the clocks (the game has a clock, or a seat was given a stand-in)."""
        return self.clocks.clock.kind != "none" or bool(self.clocks.seats)

    def turn(self, to_act: set[int]) -> list[int]:
        """The clocks after a change of who is to act (none once the game is over): the seats whose clock changed,
        whose rows go into the same transaction as the change (:meth:`statements`)."""
        changed = self.clocks.update(to_act, self.humans())
        self._started = [s for s in changed if self.clocks.seats[s].deadline is not None]
        return changed

    def turn_stored(self) -> None:
        """The clock change of :meth:`turn` is stored: the watcher waits for the new deadlines, and the seats whose
        clock started are told it is their turn (by mail, daimyo/server/mail.py: queued, never waited for)."""
        self._changed.set()
        self._tell_turn(self._started, new=True)

    def _tell_turn(self, seat_numbers: list[int], new: bool) -> None:
        on_turn = getattr(self.room, "on_turn", None)
        if on_turn is not None and seat_numbers:
            on_turn(self.room, seat_numbers, new)

    @property
    def watching(self) -> bool:
        """Whether this room still watches its clocks (not dropped, the server not stopping)."""
        return self._watch is not None and not self._watch.done()

    def statements(self, seat_numbers) -> list[Any]:
        """The rows of the clocks of ``seat_numbers``, as they are now."""
        out: list[Any] = []
        for seat in seat_numbers:
            c = self.clocks.seats[seat]
            out.append(clocks.delete().where((clocks.c.game_id == self.row.id) & (clocks.c.seat == seat)))
            out.append(clocks.insert().values(game_id=self.row.id, seat=seat, bank=c.bank, deadline=c.deadline, stand_in=c.stand_in))
        return out

    def load(self, rows: list[tuple[int, float | None, float | None, str | None]]) -> None:
        """The stored clocks (after a restart): deadlines go on, stand-ins play on."""
        for seat, bank, deadline, stand_in in rows:
            self.clocks.seats[seat] = SeatClock(bank, deadline, stand_in)
            if stand_in is not None and seat in self.humans():
                self.room.bots.stand_in(seat, True)

    async def start(self) -> None:
        """Start the clocks of the seats to act (a new game, or one whose clocks were never stored), and watch them."""
        if self.room.waiting:
            return
        state = self.room.state
        if self.clocks.clock.kind != "none" and not self.over:
            async with self.room.lock:
                changed = self.turn(set(state.to_act()))
                if changed:
                    await self.room.write(*self.statements(changed), what="the clocks")
                    self.turn_stored()
                else:   # clocks loaded as stored (a restart, a game moved here): their reminders only, no new turn
                    self._tell_turn([s for s, c in self.clocks.seats.items() if c.deadline is not None], new=False)
        if self._watch is None and self.clocks.clock.kind != "none":
            self._watch = asyncio.get_running_loop().create_task(self._watch_clocks())
            self._watch.add_done_callback(report_end(self.row.id))

    async def _watch_clocks(self) -> None:
        """Wait until the next deadline (or a clock change); a seat whose time ran out gets its stand-in."""
        while not self.over:
            self._changed.clear()
            await self.time.wait(self._changed, self.clocks.next_deadline())
            for seat in self.clocks.expired():
                await self._stand_in(seat, "time")

    def stand_in_pause(self, seat: int) -> float:
        return self.clocks.stand_in_pause(seat)

    @property
    def over(self) -> bool:
        """The game is over: by its rules, or ended by a resignation (:meth:`resign`)."""
        return self.row.status == OVER or self.room.state.is_terminal()

    def resigned(self) -> list[int]:
        """The seats whose players resigned, in seat order."""
        return sorted(s for s, c in self.clocks.seats.items() if c.stand_in == RESIGNED)

    def stood_in(self, seat: int) -> bool:
        c = self.clocks.seats.get(seat)
        return c is not None and c.stand_in is not None

    # ------------------------------------------------------------ stand-ins
    async def _stand_in(self, seat: int, reason: str) -> None:
        """A bot plays for ``seat`` from now on (stored first), and everyone is told why."""
        async with self.room.lock:
            c = self.clocks.seats.setdefault(seat, SeatClock())
            if c.stand_in is not None or self.over:
                self.room.bots.kick()   # already stood in: its bot plays on if the loop had stopped
                return
            before = self.clocks.copy()
            if reason == "time":
                self.clocks.time_out(seat)
            else:
                c.deadline, c.stand_in = None, reason
            try:
                await self.room.write(*self.statements([seat]), what=f"the stand-in of seat {seat}")
            except ActError:
                self.clocks.restore(before)
                raise
            self.room.bots.stand_in(seat, True)
            self._tell_seats({"type": "stand-in", "seat": seat, "choice": self.row.choices[seat], "on": True, "reason": reason})
        self.room.bots.kick()

    async def ask_stand_in(self, asker: int | None, seat: Any, host: bool = False) -> None:
        """Another player (or the host) gives the stand-in to a seat whose player has been away ``absent_after`` seconds."""
        if not isinstance(seat, int) or isinstance(seat, bool) or seat not in self.humans() or seat == asker:
            raise ActError("bad-message", "stand-in: 'seat' is another player's seat")
        if asker is None and not host:
            raise ActError("bad-message", "stand-in: only a player or the host can give a seat to a bot")
        if self.room.waiting:   # at the table no bot moves: a stand-in given now would play a player who came back
            raise ActError("not-started", "stand-in: the game has not started (a player away from the table "
                                          "keeps the seat; the host may change the table instead)")
        away, absent_after = self.away_since.get(seat), self.room.settings.absent_after
        if away is None or self.time.monotonic() - away < absent_after:
            raise ActError("not-away", f"seat {seat} has not been away {absent_after:g} seconds")
        if self.over:
            raise ActError("game-over", "the game is over")
        await self._stand_in(seat, "absent")

    async def resume(self, seat: int) -> None:
        """The player of ``seat`` takes it back from its stand-in (stored first); its clock starts if it is to act."""
        async with self.room.lock:
            c = self.clocks.seats.get(seat)
            if c is None or c.stand_in is None:
                raise ActError("bad-message", "resume: no bot is playing for your seat")
            if c.stand_in == RESIGNED:
                raise ActError("resigned", "resume: you resigned this game; its bot plays your seat to the end")
            before = self.clocks.copy()
            c.stand_in = None
            state = self.room.state
            changed = {seat, *self.turn(set() if state.is_terminal() else set(state.to_act()))}
            try:
                await self.room.write(*self.statements(sorted(changed)), what=f"the return of seat {seat}")
            except ActError:
                self.clocks.restore(before)
                raise
            self.room.bots.stand_in(seat, False)
            self._changed.set()
            self._tell_seats({"type": "stand-in", "seat": seat, "choice": self.row.choices[seat], "on": False, "reason": None})

    # ------------------------------------------------------------- resigning
    async def resign(self, seat: int) -> dict | None:
        """The player of ``seat`` resigns (stored first, everyone told). The rulebooks say nothing of a player who
        leaves, so the server does what players expect (docs/web.md "Resign"): once at most one seat is left that has
        not resigned, the game ends and that seat wins (a two-player game ends at once); otherwise the stand-in bot
        plays the seat to the end, and its player cannot take it back. Returns the result of a game that ended, else
        None."""
        async with self.room.lock:
            self.room.check_open()
            if self.room.waiting:
                raise ActError("not-started", "resign: the game has not started (the host may cancel the table)")
            if self.over:
                raise ActError("game-over", "the game is over")
            if seat in self.resigned():
                raise ActError("resigned", "resign: you have already resigned this game")
            before = self.clocks.copy()
            c = self.clocks.seats.setdefault(seat, SeatClock())
            c.deadline, c.stand_in = None, RESIGNED
            changed = {seat}
            gone = self.resigned()
            left = [s.seat for s in self.row.seats if s.seat not in gone]
            result = None
            statements: list[Any] = []
            if len(left) <= 1:
                for other, oc in self.clocks.seats.items():
                    if oc.deadline is not None:
                        oc.deadline = None
                        changed.add(other)
                clans = self.row.choices
                result = {"resigned": [clans[s] for s in gone], "winners": [clans[s] for s in left]}
                statements.append(games.update().where(games.c.id == self.row.id).values(status=OVER, result=json.dumps(result)))
                statements += rating_step(self.room)   # a rated game's ratings, in the same transaction as its end
            try:
                await self.room.write(*self.statements(sorted(changed)), *statements, what=f"the resignation of seat {seat}")
            except ActError:
                self.clocks.restore(before)
                raise
            if result is not None:
                self.row.status, self.row.result = OVER, result
            else:
                self.room.bots.stand_in(seat, True)
            self._changed.set()
            self._tell_seats({"type": "resigned", "seat": seat, "choice": self.row.choices[seat], "over": result is not None,
                              "result": result})
        self.room.bots.kick()
        return result

    def _tell_seats(self, msg: dict) -> None:
        tell(self.room.conns, {**msg, "clocks": self.clocks.view()})

    async def close(self) -> None:
        """Stop watching the clocks (the room is dropped or the server stops)."""
        if self._watch is not None:
            self._watch.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._watch


__all__ = ["Seats"]
