"""Every game the server knows: live rooms in memory, the rest in the database.

The hub creates games (each with its own secret key, or a practice seed), hands seats to the
players who claim them with the game's invitation, lists games page by page, keeps finished
games' replays, unloads finished games nobody watches, and runs the bots' thread pool.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import hmac
import logging
import os
import secrets
import socket
import time
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from typing import Any

import orjson
from sqlalchemy import update

from daimyo.bots.levels import level_of
from daimyo.core.game import Action
from daimyo.server import listing
from daimyo.server.clocks import clock_from_text
from daimyo.server.games import hosted, set_up_from_file, start_state
from daimyo.server.new_games import check_name, new_row
from daimyo.server.ratings import fill_seat_ratings, rate_unrated
from daimyo.server.rooms import SIGNED_OUT, ActError, Room, Stats, hash_token, stamp, summary_of
from daimyo.server.settings import Settings
from daimyo.server.store import IN_PROGRESS, OVER, Fence, GameRow, Store, games, owners, seats, when
from daimyo.server.workers import worker_of

log = logging.getLogger("daimyo.server")

#: the fencing token of a game this process does not hold: leases' tokens start at 1, so no lease matches it
NO_TOKEN = 0

PRACTICE_WARNING = "Practice game: whoever knows the seed knows every hidden fact."


class Hub:
    """Every game the server knows: live rooms in memory, the rest in the database."""

    def __init__(self, store: Store, bot_delay: float = 0.0, settings: Settings | None = None):
        self.store = store
        self.bot_delay = bot_delay
        self.settings = settings or Settings()
        self.rooms: dict[str, Room] = {}
        self.stats = Stats()
        self.bot_pool = ThreadPoolExecutor(self.settings.bot_workers, thread_name_prefix="daimyo-bot")
        self._pages: dict[tuple, tuple[float, bytes]] = {}
        self._replays: OrderedDict[str, asyncio.Future] = OrderedDict()
        self._janitor: asyncio.Task | None = None
        self._leases: asyncio.Task | None = None
        self.refused: dict[str, str] = {}   # stored games that cannot be served (game id -> why), see load()
        self.process = f"{socket.gethostname()[:40]}/{os.getpid()}/{secrets.token_hex(4)}"   # this process, as owner of games
        self._loading: dict[str, asyncio.Future] = {}   # game id -> its load under way (Hub.room)
        self.tokens: dict[str, int] = {}   # game id -> the fencing token this process took its lease with (cluster)
        self._closing: set[asyncio.Task] = set()   # rooms being closed (their bot and clock tasks stopped)
        self.on_turn: Callable[[Room, list[int], bool], None] | None = None   # each room's turn hook (the mailer's, app.py)

    # ------------------------------------------------------------ lifetime
    async def start(self) -> None:
        """Rebuild every unfinished game from its stored actions and let its bots go on."""
        for row in await asyncio.to_thread(self.store.game_rows, IN_PROGRESS):
            if await self._own(row.id):
                try:
                    await self.load(row)
                except ActError as e:   # a game this server cannot play (another rules version, a file past the
                    if row.id not in self.refused:   # bounds, logged by load): the others go on
                        log.error("game %s is not served: %s", row.id, e.message)
        # a finished rated game stored without its ratings (by a server from before they were stored with its end)
        try:
            await rate_unrated(self.store, self._finished_room, self._mine)
        except Exception:   # the database is away: the next start tries again
            log.exception("could not look for finished rated games without ratings")
        self._janitor = asyncio.get_running_loop().create_task(self._sweep())
        if self.settings.cluster:
            self._leases = asyncio.get_running_loop().create_task(self._keep_leases())

    def _mine(self, game_id: str) -> bool:
        """Whether ``game_id`` is of this process's share (a worker of ``daimyo serve --workers N``; else any game)."""
        return self.settings.worker is None or worker_of(game_id, self.settings.worker[1]) == self.settings.worker[0]

    async def _finished_room(self, game_id: str) -> Room:
        """A finished game's room rebuilt from what is stored of it (its actions, its seats' clocks), not served."""
        row = await asyncio.to_thread(self.store.game_row, game_id)
        if row is None or row.status != OVER or hosted(row.game) is None:
            raise ActError("no-such-game", f"game {game_id} is not a finished game this server hosts")
        actions = await asyncio.to_thread(self.store.action_rows, row.id)
        room = await asyncio.to_thread(self._rebuilt, row, actions)
        room.seats.load(await asyncio.to_thread(self.store.clock_rows, row.id))
        return room

    async def stop(self) -> None:
        for task in (self._janitor, self._leases):
            if task is not None:
                task.cancel()
        for room in self.rooms.values():
            await room.close()
        if self.settings.cluster:   # a clean stop hands its games on at once (a crash: once its leases run out)
            try:   # through the writer's queue: after every write of this process's games still waiting in it
                await self.store.write(owners.delete().where(owners.c.process == self.process))
            except Exception as e:   # the database is away: the leases run out by themselves
                log.warning("could not give up this process's game leases (%s)", type(e).__name__)
        # a decision still running ends by its own budget (capped at bot_seconds); none waits in the queue
        self.bot_pool.shutdown(wait=False, cancel_futures=True)

    async def _sweep(self, every: float = 10.0) -> None:
        """Now and then: unload finished games nobody has watched for ``unload_after`` seconds, and close the tables
        nobody has opened for ``close_after`` seconds."""
        while True:
            await asyncio.sleep(min(every, self.settings.unload_after or every, self.settings.close_after or every))
            self.unload_idle()
            try:
                await self.close_abandoned()
            except Exception:   # the database is away: the next round tries again
                log.error("could not close the abandoned tables", exc_info=not self.stats.logged_failure())

    # ------------------------------------------------------------ ownership
    async def _own(self, game_id: str) -> bool:
        """Whether this process serves the game: always with one process; with several (``cluster``),
        once it holds the game's lease (a dead owner's lease runs out, then another process takes the game)."""
        if not self.settings.cluster:
            return True
        if not self._mine(game_id):
            return False   # another worker's share (daimyo/server/workers.py): the router sends its requests there
        token = await self.store.acquire_lease(game_id, self.process, self.settings.lease_seconds)
        if token is None:
            return False
        self.tokens[game_id] = token
        return True

    def fence(self, game_id: str) -> list:
        """What every write of a game checks in its own transaction (cluster mode): that this process still holds the
        game's lease under the fencing token it took it with; nothing with one process. A game this process holds no
        token of (never taken, or dropped while a write of it was on its way) gets a fence no lease matches, so
        that write stores nothing."""
        if not self.settings.cluster:
            return []
        token = self.tokens.get(game_id)
        return [Fence(game_id, self.process, token if token is not None else NO_TOKEN)]

    async def _keep_leases(self) -> None:
        """Renew this process's leases every third of ``lease_seconds``; drop the games another process took over."""
        while True:
            await asyncio.sleep(self.settings.lease_seconds / 3)
            try:
                owned = await self.store.renew_leases(self.process, self.settings.lease_seconds)
            except Exception as e:   # the database is away: the next round tries again
                log.warning("could not renew this process's game leases (%s)", type(e).__name__)
                continue
            for gid, room in list(self.rooms.items()):
                if gid not in owned and room.row.status != OVER:
                    log.warning("game %s moved to another server process; its connections reconnect there", gid)
                    del self.rooms[gid]
                    self.tokens.pop(gid, None)
                    room.evict()
                    await room.close()
            try:
                await self.sync_seat_tokens()
            except Exception as e:   # the database is away: the next round tries again
                log.warning("could not read this process's games' seat tokens (%s)", type(e).__name__)

    async def sync_seat_tokens(self) -> None:
        """Cluster mode: a seat token another process ended in the database (an account's "sign out everywhere"
        answered there) ends here too, for the games this process serves: the room takes the stored token and the
        seat's open connections are told ``bad-token`` and closed. A seat whose stored token differs from the
        room's is read again under the room's lock, so a token this process is giving out meanwhile is not undone."""
        live = {gid: room for gid, room in self.rooms.items() if room.row.status != OVER}
        stored = await asyncio.to_thread(self.store.seat_token_hashes, list(live))
        for gid, room in live.items():
            if not any((gid, s.seat) in stored and stored[gid, s.seat] != s.token_hash for s in room.row.seats):
                continue
            async with room.lock:
                again = await asyncio.to_thread(self.store.seat_token_hashes, [gid])
                for s in room.row.seats:
                    if (gid, s.seat) in again and again[gid, s.seat] != s.token_hash and s.token_hash is not None:
                        room.seats.end_token(s.seat, again[gid, s.seat], SIGNED_OUT)

    async def close_abandoned(self) -> int:
        """Close the waiting tables nobody has opened for ``close_after`` seconds (0: never); how many.

        A live table's last opening is stored now and then, so that a restart or another process knows it."""
        after = self.settings.close_after
        if not after:
            return 0
        wall = self.settings.time_source.time()
        for room in list(self.rooms.values()):
            if room.waiting and not room.closed:
                seen = wall if room.conns else room.seen
                if seen - stamp(room.row.opened or room.row.created) > min(60.0, after / 4):
                    await self._touch(room, seen)
        closed = 0
        for gid in await asyncio.to_thread(self.store.stale_tables, when(wall - after)):
            try:
                room = await self.room(gid)
            except ActError:   # another process serves it (and closes it), or it is gone
                continue
            async with room.lock:
                if room.closed or not room.waiting or room.conns or wall - room.seen < after:
                    continue
                await self._close(room, "abandoned")
                closed += 1
        return closed

    async def _touch(self, room: Room, seen: float | None = None) -> None:
        """Store when the table of ``room`` was last opened (now, or ``seen``)."""
        room.seen = max(room.seen, self.settings.time_source.time() if seen is None else seen)
        room.row.opened = when(room.seen)
        await room.write(games.update().where(games.c.id == room.row.id).values(opened=room.row.opened), what="the table's opening")

    async def _close(self, room: Room, reason: str) -> None:
        """Delete a waiting table (under its lock): its rows, its room, and its connections (told ``reason``)."""
        await room.write(*self.store.delete_game_statements(room.row.id), what="the table's closing")
        log.info("table %s closed (%s)", room.row.id, reason)
        self.tokens.pop(room.row.id, None)
        if self.rooms.get(room.row.id) is room:
            del self.rooms[room.row.id]
        room.close_table(reason)
        self._pages.clear()
        self._close_later(room)

    def unload_idle(self) -> int:
        """Drop from memory the finished games with no connection for ``unload_after`` seconds; how many."""
        limit = time.monotonic() - self.settings.unload_after
        idle = [gid for gid, r in self.rooms.items() if r.over and not r.conns and r.idle_since <= limit]
        for gid in idle:
            del self.rooms[gid]
            self.tokens.pop(gid, None)
        return len(idle)

    async def load(self, row: GameRow) -> Room:
        """The room of a stored game: its first state read from its stored file or setup and its actions replayed,
        in a worker thread (never in the event loop). A game whose stored file the game's reader refuses (a count
        past the rules' bounds, a file past Python's own limits) or whose actions do not replay is refused: one log
        line, the game is remembered as refused, and no hello, replay or record is ever built from it."""
        if hosted(row.game) is None:
            raise ActError("no-such-game", f"game {row.id} is of an unknown kind '{row.game}'")
        if row.id in self.refused:
            raise ActError("no-such-game", self.refused[row.id])
        actions = await asyncio.to_thread(self.store.action_rows, row.id)
        try:
            room = await asyncio.to_thread(self._rebuilt, row, actions)
        except ActError:
            raise
        except Exception as e:
            words = str(e).splitlines()[0][:160] if str(e) else ""
            log.error("game %s is refused: what is stored of it cannot be read again (%s: %s)", row.id,
                      type(e).__name__, words)
            self.refused[row.id] = f"game {row.id} cannot be served: what is stored of it breaks this server's bounds"
            raise ActError("no-such-game", self.refused[row.id]) from None
        room.chat.load(*await asyncio.to_thread(self.store.chat_rows, row.id))
        room.seats.load(await asyncio.to_thread(self.store.clock_rows, row.id))
        self.rooms[row.id] = room
        await room.seats.start()
        room.bots.kick()   # a game loaded on demand whose stand-in or bot is to act goes on
        return room

    def _rebuilt(self, row: GameRow, actions: list[tuple[int, int, str]]) -> Room:
        """A stored game's room with its actions replayed (in a worker thread: :meth:`load`)."""
        room = self._new_room(row)
        room.replay(actions)
        return room

    def _new_room(self, row: GameRow) -> Room:
        room = Room(row, self.store, self.bot_delay, self.stats, self.settings, self.bot_pool)
        room.on_lost = self._lost
        room.fence = lambda: self.fence(row.id)
        room.on_turn = self.on_turn
        return room

    def _lost(self, room: Room) -> None:
        """A room whose write failed while several processes share the database: another process may own
        the game now, so this one forgets it (the next connection reloads it from the database, or is sent on)."""
        if self.settings.cluster and self.rooms.get(room.row.id) is room:
            del self.rooms[room.row.id]
            self.tokens.pop(room.row.id, None)
            room.evict()
            self._close_later(room)

    def _close_later(self, room: Room) -> None:
        """Stop a dropped room's bot and clock tasks once the call that dropped it (perhaps one of them) is done."""
        task = asyncio.get_running_loop().create_task(room.close())
        self._closing.add(task)
        task.add_done_callback(self._closing.discard)

    async def stored_row(self, game_id: Any) -> GameRow | None:
        """The row of ``game_id`` as this process holds it, or as stored, without loading the game; None if there is
        no such game (or ``game_id`` cannot be one)."""
        room = self.rooms.get(game_id) if isinstance(game_id, str) else None
        if room is not None:
            return room.row
        valid = isinstance(game_id, str) and 0 < len(game_id) <= 32 and game_id.isascii() and game_id.isprintable()
        return await asyncio.to_thread(self.store.game_row, game_id) if valid else None

    @staticmethod
    def may_see(row: GameRow, key: Any) -> bool:
        """Whether a request showing ``key`` may see a game: anyone a public one; one that is not public, whoever
        shows one of its secrets: its watch code (the spectators' link), its invitation code, its host token or one
        of its seat tokens."""
        if row.public:
            return True
        if not isinstance(key, str) or not 0 < len(key) <= 100:
            return False
        shown = hash_token(key)
        held = [row.watch_hash, row.invite_hash, row.host_hash, *(s.token_hash for s in row.seats)]
        matches = [h is not None and hmac.compare_digest(shown, h) for h in held]   # each compared: no early exit
        return any(matches)

    async def watched_room(self, game_id: Any, key: Any) -> Room:
        """The room of ``game_id`` for a reader showing ``key``: a game that is not public, to a reader without one
        of its secrets, is refused in the same words as a game that does not exist."""
        row = await self.stored_row(game_id)
        if row is not None and not self.may_see(row, key):
            shown = game_id[:40] if isinstance(game_id, str) and game_id.isprintable() else "?"
            raise ActError("no-such-game", f"there is no game '{shown}'")
        return await self.room(game_id)

    async def known(self, request: Any) -> dict:
        """The summaries of the games a browser holds secrets of: {"games": {id: key, ...}} (at most ``page_size``)
        -> {"games": [summary, ...]}, newest first; a game its key does not open is left out, as one that does not exist."""
        held = request.get("games") if isinstance(request, dict) else None
        if not isinstance(held, dict) or len(held) > self.settings.page_size:
            raise ActError("bad-request", f"games: an object of at most {self.settings.page_size} game ids, each with its key")
        rows = await asyncio.to_thread(self.store.rows_of, [gid for gid in held if isinstance(gid, str) and len(gid) <= 32])
        seen = [r for r in rows if self.may_see(r, held.get(r.id))]
        await self._ratings_of(seen)
        return {"games": [self.rooms[r.id].summary() if r.id in self.rooms else summary_of(r) for r in seen]}

    async def _ratings_of(self, rows: list[GameRow]) -> None:
        """The ratings shown beside the names of the listed rated games this process does not hold in memory (a room's
        summary reads its own), read from the database in one query for them all."""
        stored = [r for r in rows if r.rated and r.id not in self.rooms]
        if stored:
            await asyncio.to_thread(fill_seat_ratings, self.store, stored)

    async def my_games(self, held: list[tuple[str, int]]) -> dict:
        """An account's games from the (game id, seat) pairs it holds (daimyo/server/listing.py)."""
        return await listing.my_games(self, held)

    async def room(self, game_id: Any) -> Room:
        """The live room of ``game_id``, loading a finished game on demand."""
        room = self.rooms.get(game_id) if isinstance(game_id, str) else None
        if room is not None:
            return room
        row = await self.stored_row(game_id)
        if row is None:
            shown = game_id[:40] if isinstance(game_id, str) and game_id.isprintable() else "?"
            raise ActError("no-such-game", f"there is no game '{shown}'")
        if row.status != OVER and not await self._own(row.id):
            raise ActError("elsewhere", "another server process is serving this game; try again in a moment")
        if row.id in self.rooms:   # loaded meanwhile
            return self.rooms[row.id]
        # one load a game: requests that meet a load under way wait for it (two rooms of one game would each
        # number its actions and chat lines from what they read, and collide)
        loading = self._loading.get(row.id)
        if loading is None:
            loading = asyncio.ensure_future(self.load(row))
            self._loading[row.id] = loading
            loading.add_done_callback(partial(_forget, self._loading, row.id))
        return await asyncio.shield(loading)

    # ------------------------------------------------------------- create
    async def create(self, request: Any) -> dict:
        """Create a game from a lobby request (docs/server-protocol.md). The reply holds the invitation,
        the host token and, when the creator sits, the token of the creator's own seat only."""
        row, sit = await asyncio.to_thread(new_row, request, self.settings)   # a game from a file reads it: off the event loop
        invite, host, watch = secrets.token_urlsafe(18), secrets.token_urlsafe(24), secrets.token_urlsafe(18)
        row.invite_hash, row.host_hash, row.watch_hash = hash_token(invite), hash_token(host), hash_token(watch)
        you = None
        if sit is not None:
            token = secrets.token_urlsafe(24)
            row.seats[sit].token_hash = hash_token(token)
            you = {"seat": sit, "token": token, "play": play_link(row.id, sit, token)}
        room = await asyncio.to_thread(self._new_room, row)
        await self.store.write(*self.store.new_game_statements(row))
        await self._own(row.id)
        self.rooms[row.id] = room
        self._pages.clear()
        await room.seats.start()
        room.bots.kick()
        seats_out = []
        for s in row.seats:
            out = {"seat": s.seat, "kind": s.kind, "name": s.name, "choice": row.choices[s.seat],
                   "open": s.kind == "human" and s.token_hash is None}
            if s.kind == "bot":
                out["bot"], out["level"] = s.bot, level_of(row.game, s.bot)
            seats_out.append(out)
        return {"id": row.id, "game": row.game, "practice": row.practice, "from_file": set_up_from_file(row),
                "public": row.public,
                "invite": invitation(row.id, invite), "watch": {"code": watch, "link": f"/game/{row.id}#watch={watch}"},
                "host": host, "seats": seats_out, "you": you}

    # -------------------------------------------------------------- seats
    async def claim(self, game_id: Any, request: Any) -> dict:
        """Give an open seat to the player who shows the game's invitation code; the reply holds its token."""
        if not isinstance(request, dict):
            raise ActError("bad-request", "the request must be a JSON object")
        room = await self.room(game_id)
        code, seat = request.get("code"), request.get("seat")
        name = check_name(request.get("name"), "name")
        if not (room.row.public and code is None) and (not isinstance(code, str) or not room.row.invite_hash or
                                                          not hmac.compare_digest(hash_token(code), room.row.invite_hash)):
            raise ActError("bad-token", "code: that is not this game's invitation (ask its creator for the link)")
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < room.row.players:
            raise ActError("bad-request", f"seat: a seat number from 0 to {room.row.players - 1}")
        async with room.lock:
            room.check_open()
            info = room.row.seats[seat]
            if info.kind != "human":
                raise ActError("seat-taken", f"seat {seat} is played by the server's bot")
            if info.token_hash is not None:
                raise ActError("seat-taken", f"seat {seat} is already taken")
            if room.over:
                raise ActError("game-over", "the game is over")
            token = secrets.token_urlsafe(24)
            await room.write(update(seats).where(seats.c.game_id == room.row.id, seats.c.seat == seat,
                                                 seats.c.token_hash.is_(None))
                             .values(token_hash=hash_token(token), name=name if name is not None else info.name),
                             what=f"the claim of seat {seat}")
            info.token_hash = hash_token(token)
            if name is not None:
                info.name = name
            if room.waiting:
                await self._touch(room)
            room.tell_table()   # the host and the others see the seat taken, by name
        self._pages.clear()
        return {"seat": seat, "token": token, "play": play_link(room.row.id, seat, token)}

    async def new_invitation(self, game_id: Any, request: Any) -> dict:
        """A new invitation code for the seats still open, for the holder of the host token; the old one stops working."""
        room = await self._host_room(game_id, request)
        code = secrets.token_urlsafe(18)
        await room.write(update(games).where(games.c.id == room.row.id).values(invite_hash=hash_token(code)), what="an invitation")
        room.row.invite_hash = hash_token(code)
        return {"invite": invitation(room.row.id, code)}

    async def _host_room(self, game_id: Any, request: Any) -> Room:
        """The room of a request that only the game's host may make (it carries the host token)."""
        if not isinstance(request, dict):
            raise ActError("bad-request", "the request must be a JSON object")
        room = await self.room(game_id)
        _check_host(room, request)
        return room

    async def rematch(self, game_id: Any, request: Any) -> dict:
        """A new game with the same seats once this one is over: {"seat": N, "token": SEAT_TOKEN}.

        The first player to ask makes it: the same players, names and bots, each seat's clan (or
        character) passed on to the seat before it, fresh randomness, and the old game's host token.
        Every player of the old game then takes the same seat in the new one by showing the old
        seat's token (asking again gives a fresh token, so a lost link is not a lost seat), and the
        old game's connections are told the new game's id."""
        if not isinstance(request, dict):
            raise ActError("bad-request", "the request must be a JSON object")
        room = await self.room(game_id)
        seat = room.seats.check_seat(request.get("seat"), request.get("token"))
        async with room.lock:
            if not room.over:
                raise ActError("not-over", "a rematch is made once the game is over")
            old = room.row
            new = await self._rematch_of(old)
            if new is None:
                n = old.players
                turn = 0 if room.rules.starts_from_file else 1   # a war file fixes each seat's clan
                req = {"game": old.game, "practice": old.practice, "table": True,   # it starts once its players are there
                       "rated": old.rated,   # a rated game's rematch is rated: the same signed-in players
                       "seats": [{"kind": s.kind, "name": s.name, **({"bot": s.bot} if s.bot else {}),
                                  "choice": old.choices[(s.seat + turn) % n]} for s in old.seats]}
                if old.start_file is not None and room.rules.table_options is not None:
                    req.update(room.rules.table_options.table_fields(old.start_file))
                elif old.start_file is not None:
                    req["file"] = old.start_file
                row, _ = new_row(req, self.settings)
                row.host_hash, row.invite_hash, row.clock = old.host_hash, None, old.clock
                row.public, row.watch_hash = old.public, old.watch_hash   # the same table: as listed, watched with the same link
                row.spectator_chat = old.spectator_chat
                for s in row.seats:   # each human seat is kept for its old player (no one else claims it meanwhile)
                    s.token_hash = old.seats[s.seat].token_hash if s.kind == "human" else None
                    s.user_id = old.seats[s.seat].user_id if s.kind == "human" else None   # and their account
                new = self._new_room(row)
                await room.write(*self.store.new_game_statements(row),
                                 update(games).where(games.c.id == old.id).values(rematch=row.id), what="the rematch")
                await self._own(row.id)
                old.rematch = row.id
                self.rooms[row.id] = new
                await new.seats.start()
                new.bots.kick()
                self._pages.clear()
                for c in list(room.conns):
                    c.put({"type": "rematch", "id": row.id})
        seated = await self.fresh_token(new, seat)
        await self._join_rematch(new, seat)
        return {"id": new.row.id, **seated}

    async def _rematch_of(self, old: GameRow) -> Room | None:
        """The room of the rematch an old game points to, or None: none made yet, or its table was cancelled by the
        host or closed unopened (its rows are gone), so that the next player who asks makes a new one."""
        if not old.rematch:
            return None
        try:
            return await self.room(old.rematch)
        except ActError as e:
            if e.code != "no-such-game":
                raise
            return None

    async def _join_rematch(self, room: Room, seat: int) -> None:
        """A player who asks for the rematch is there and ready; once every human seat's player is, it starts
        (its clocks and bots only then)."""
        if not room.waiting:
            return
        await room.seats.set_ready(seat, True)
        if all(s.ready for s in room.row.seats if s.kind == "human"):
            with contextlib.suppress(ActError):   # started meanwhile (by the host, or a player asking at the same time)
                await room.begin()
            self._pages.clear()

    async def fresh_token(self, room: Room, seat: int) -> dict:
        """A new token for a human seat (stored first); the seat's old token stops working."""
        token = secrets.token_urlsafe(24)
        async with room.lock:
            await room.write(update(seats).where(seats.c.game_id == room.row.id, seats.c.seat == seat)
                             .values(token_hash=hash_token(token)), what=f"a new token of seat {seat}")
            room.row.seats[seat].token_hash = hash_token(token)
        self._pages.clear()
        return {"seat": seat, "token": token, "play": play_link(room.row.id, seat, token)}

    # -------------------------------------------------------------- the table
    async def edit_table(self, game_id: Any, request: Any) -> dict:
        """The host changes a waiting game: {"host", "seats": [...as at creation], "public"?, "clock"?}.

        Seats may be added or removed at the end, bots and clans changed; a seat a player took stays
        human, keeps its player and token, and cannot be removed. Everyone at the table sees the change."""
        room = await self._host_room(game_id, request)
        # the new seats are made from the seats as they are under the room's lock: a seat claimed meanwhile is kept
        async with room.lock:
            room.check_open()
            old = room.row
            if not room.waiting:
                raise ActError("bad-request", "the game has started: its table cannot change")
            req = {"game": old.game, "seats": request.get("seats"), "public": request.get("public", old.public),
                   "clock": request.get("clock", clock_from_text(old.clock).to_dict())}
            row, _ = new_row(req, self.settings, keep=old)
            for s in old.seats:
                if s.token_hash is None:
                    continue
                if s.seat >= row.players or row.seats[s.seat].kind != "human":
                    raise ActError("seat-taken", f"seats[{s.seat}]: a player took that seat; it stays a human seat")
                taken = row.seats[s.seat]
                taken.token_hash, taken.user_id, taken.ready = s.token_hash, s.user_id, s.ready
                taken.name = s.name if taken.name is None else taken.name
            row.invite_hash, row.host_hash, row.watch_hash = old.invite_hash, old.host_hash, old.watch_hash
            row.spectator_chat, row.rematch, row.rules = old.spectator_chat, old.rematch, old.rules
            row.opened = when(self.settings.time_source.time())
            await room.write(games.update().where(games.c.id == old.id).values(
                                 players=row.players, choices=" ".join(row.choices), public=row.public, clock=row.clock,
                                 opened=row.opened),
                             seats.delete().where(seats.c.game_id == old.id),
                             *self.store.new_game_statements(row)[1:], what="the table's change")
            room.reset(row)
            room.seen = self.settings.time_source.time()
        self._pages.clear()
        return room.summary()

    async def cancel(self, game_id: Any, request: Any) -> dict:
        """The host cancels a game that has not started: {"host"}. Everything stored of it is deleted, and everyone
        at the table is told ({"type": "closed", "reason": "cancelled"}) before their connections close."""
        room = await self._host_room(game_id, request)
        async with room.lock:
            room.check_open()
            if not room.waiting:
                raise ActError("bad-request", "the game has started: only a game still at the table can be cancelled")
            await self._close(room, "cancelled")
        return {"id": room.row.id, "cancelled": True}

    async def start_game(self, game_id: Any, request: Any) -> dict:
        """The host starts a waiting game once every human seat is taken and ready: {"host"}."""
        room = await self._host_room(game_id, request)
        await room.begin()
        self._pages.clear()
        return room.summary()

    async def open_games(self) -> list[dict]:
        """Public games at the table with a seat still open, newest first."""
        rows = await asyncio.to_thread(self.store.open_rows, self.settings.page_size)
        await self._ratings_of(rows)
        out = []
        for r in rows:
            live = self.rooms.get(r.id)
            summary = live.summary() if live is not None else summary_of(r)
            if any(seat["open"] for seat in summary["seats"]):
                out.append(summary)
        return out

    async def stand_in(self, game_id: Any, request: Any) -> dict:
        """The host gives an absent player's seat to a bot: {"host": TOKEN, "seat": N}."""
        room = await self._host_room(game_id, request)
        await room.seats.ask_stand_in(None, request.get("seat"), host=True)
        return {"seat": request.get("seat"), "stand_in": "absent"}

    async def spectator_chat(self, game_id: Any, request: Any) -> dict:
        """The host turns the spectators' chat on or off: {"host": TOKEN, "on": true|false}."""
        room = await self._host_room(game_id, request)
        on = request.get("on")
        if not isinstance(on, bool):
            raise ActError("bad-request", "on: true or false")
        await room.chat.set_spectators(on)
        return {"spectators": on}

    # -------------------------------------------------------------- lists
    async def page(self, limit: int, before: str | None) -> bytes:
        """One page of the games list as JSON ``{"games": [...], "next": cursor}``, served from memory for ``list_cache`` s."""
        key = (limit, before)
        cached = self._pages.get(key)
        if cached is not None and cached[0] > time.monotonic():
            return cached[1]
        cursor = None
        if before is not None:
            try:
                created, sep, gid = base64.urlsafe_b64decode(before.encode("ascii")).decode("ascii").partition("|")
            except (ValueError, UnicodeError):
                sep = ""
            if not sep:
                raise ActError("bad-request", "before: the 'next' value of the previous page")
            cursor = (created, gid)
        rows, nxt = await asyncio.to_thread(self.store.game_page, limit, cursor)
        await self._ratings_of(rows)
        next_cursor = base64.urlsafe_b64encode(f"{nxt[0]}|{nxt[1]}".encode()).decode() if nxt else None
        body = orjson.dumps({"games": [self.rooms[r.id].summary() if r.id in self.rooms else summary_of(r) for r in rows],
                             "next": next_cursor})
        if len(self._pages) > 64:
            self._pages.clear()
        self._pages[key] = (time.monotonic() + self.settings.list_cache, body)
        return body

    async def replay(self, room: Room) -> dict:
        """The public replay of a finished game, computed once and kept for the last ``replay_cache`` games."""
        gid = room.row.id
        fut = self._replays.get(gid)
        if fut is None:
            fut = asyncio.ensure_future(asyncio.to_thread(replay_steps, room.rules, room.row, list(room.actions)))
            self._replays[gid] = fut
            while len(self._replays) > max(1, self.settings.replay_cache):
                self._replays.popitem(last=False)
        else:
            self._replays.move_to_end(gid)
        return await asyncio.shield(fut)

    def load_summary(self) -> dict:
        """Public figures of the server's load (no game's content)."""
        live = [r for r in self.rooms.values() if not r.over]
        return {"games_live": len(live), "games_in_memory": len(self.rooms),
                "connections": sum(len(r.conns) for r in self.rooms.values()), **self.stats.summary()}


def _forget(loading: dict[str, asyncio.Future], game_id: str, _done: asyncio.Future) -> None:
    loading.pop(game_id, None)


def play_link(game_id: str, seat: int, token: str) -> str:
    return f"/game/{game_id}#seat={seat}&token={token}"


def invitation(game_id: str, code: str) -> dict:
    return {"code": code, "link": f"/join/{game_id}#code={code}"}


def replay_steps(rules, row: GameRow, actions: list[tuple[int, str]]) -> dict:
    """Public views and public events after every action of a finished game."""
    state = start_state(rules, row)
    start = state.view(None)
    steps = []
    for seat, text in actions:
        events = state.apply(Action(seat, text))
        steps.append({"actor": row.choices[seat], "action": text, "view": state.view(None),
                      "events": [e.to_dict() for e in events if e.visible(None)]})
    return {"id": row.id, "start": start, "steps": steps}


__all__ = ["OVER", "PRACTICE_WARNING", "Hub", "replay_steps"]


def _check_host(room: Room, request: dict) -> None:
    host = request.get("host")
    if not isinstance(host, str) or not room.row.host_hash or not hmac.compare_digest(hash_token(host), room.row.host_hash):
        raise ActError("bad-token", "host: that is not this game's host token")
