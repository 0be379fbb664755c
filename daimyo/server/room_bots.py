"""A live game's bots: the server's bot of each bot seat and the stand-ins of human seats, played by one loop per
room that acts through the room like a player (so every bot move is stored before anyone hears of it).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import TYPE_CHECKING, Any

from daimyo.server.bots import fallback_move, server_bot
from daimyo.server.clocks import STAND_IN_BOT
from daimyo.server.games import bot_seed_of
from daimyo.server.store import GameRow
from daimyo.server.wire import ActError, report_end

if TYPE_CHECKING:
    from daimyo.server.rooms import Room

log = logging.getLogger("daimyo.server")


class RoomBots:
    """Who plays which seat for the server (:attr:`seats`), and the loop that plays them."""

    def __init__(self, room: Room, row: GameRow):
        self.room = room
        self.seats = self._seat_bots(row)
        self._task: asyncio.Task | None = None
        self._thinking: dict[int, Any] = {}   # seat -> a bot decision still running past its deadline

    def _seat_bots(self, row: GameRow) -> dict[int, Any]:
        """The server's bot for each bot seat of ``row``."""
        room = self.room
        return {s.seat: server_bot(room.rules, s.bot, bot_seed_of(room.randomness, s.seat), room.settings)
                for s in row.seats if s.kind == "bot"}

    def reset(self, row: GameRow) -> None:
        """The host changed the table: the bots of ``row``."""
        self.seats = self._seat_bots(row)

    def plays(self, seat: int) -> bool:
        return seat in self.seats

    def stand_in(self, seat: int, on: bool) -> None:
        """The stand-in bot takes the human seat ``seat`` (on) or gives it back to its player (off)."""
        if on:
            room = self.room
            self.seats[seat] = server_bot(room.rules, STAND_IN_BOT, bot_seed_of(room.randomness, seat), room.settings)
        else:
            self.seats.pop(seat, None)

    def kick(self) -> None:
        """Start the bot loop if a bot is to act and the loop is not running."""
        state = self.room.state
        if self.room.waiting:
            return
        idle = self._task is None or self._task.done()
        if idle and not self.room.over and any(p in self.seats for p in state.to_act()):
            self._task = asyncio.get_running_loop().create_task(self._loop())
            self._task.add_done_callback(report_end(self.room.row.id))

    async def _loop(self) -> None:
        room = self.room
        fallback = False  # after a bot's failure, one random legal move instead
        while not room.over:
            seats = [p for p in room.state.to_act() if p in self.seats]
            if not seats:
                return
            seat = seats[0]
            # a stand-in for a seat out of time plays at a decision's pace: its player has that long to take it back
            pause = max(room.bot_delay, room.seats.stand_in_pause(seat))
            if pause:
                await room.seats.time.sleep(pause)
                if seat not in self.seats:
                    continue   # its player took the seat back meanwhile
            snapshot, at = room.state.clone(), room.seq
            try:
                if fallback:
                    text = fallback_move(snapshot, seat, room.randomness, at)
                else:
                    text = await self._decide(seat, snapshot, at)
            except Exception as e:  # a bot's bug must not stop the game
                log.error("the bot at seat %d of game %s failed (%s); it plays a random move", seat, room.row.id, type(e).__name__)
                fallback = True
                continue
            try:
                await room.act(seat, text, seq=at, bot=True)
                fallback = False
            except ActError as e:
                if e.code in ("stale", "not-your-turn"):
                    continue  # a human acted meanwhile: choose again
                # the rule's message may name the bot's hidden tokens: the log says only what happened
                log.error("the rules refused a move of the bot at seat %d of game %s (%s); it plays a random move",
                          seat, room.row.id, e.code)
                if fallback or e.code != "illegal":
                    return
                fallback = True

    async def _decide(self, seat: int, snapshot, at: int) -> str:
        """The bot's move as text, from the bots' thread pool within ``bot_deadline`` seconds (of real time: a bot's
        thinking); past the deadline, or while its last decision is still running, a random legal move (the room's
        other seats and games go on)."""
        room = self.room
        running = self._thinking.get(seat)
        if running is None or running.done():
            future = asyncio.get_running_loop().run_in_executor(room.bot_pool, self.seats[seat].choose, snapshot, seat)
            future.add_done_callback(_quiet)
            self._thinking[seat] = future
            try:
                move = await asyncio.wait_for(asyncio.shield(future), room.settings.bot_deadline)
            except TimeoutError:
                log.warning("the bot at seat %d of game %s passed its deadline; it plays a random move", seat, room.row.id)
            else:
                return room.rules.move_text(snapshot, seat, move)
        return fallback_move(snapshot, seat, room.randomness, at)

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task


def _quiet(future) -> None:
    """Collect an abandoned bot decision's outcome, so that its error is not reported again later."""
    if not future.cancelled():
        future.exception()


__all__ = ["RoomBots"]
