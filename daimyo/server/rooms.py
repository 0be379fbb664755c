"""Live games: each room holds one game's state, applies actions through the rules engine,
has them committed before acknowledging them, plays its bot seats and tells every
connection what its seat may see.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import logging
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import dataclass, field
from typing import Any

from daimyo.core.errors import RuleViolation
from daimyo.core.game import Action, Event
from daimyo.server.bots import fallback_move, server_bot
from daimyo.server.chat import Chat, ChatError, ChatLine, chat_text
from daimyo.server.clocks import STAND_IN_BOT, Clocks, SeatClock, clock_from_text
from daimyo.server.games import bot_seed_of, hosted, start_state
from daimyo.server.settings import Settings
from daimyo.server.store import IN_PROGRESS, OVER, WAITING, Fenced, GameRow, Store, chat, clocks, games, mutes, now, seats

log = logging.getLogger("daimyo.server")

MAX_ACTION = 200   # characters of one action's text (the database column's width)


class ActError(Exception):
    """An action or request the server refuses; ``code`` is one of the protocol's error codes."""

    def __init__(self, code: str, message: str, rule: str | None = None, reason: dict | None = None):
        super().__init__(message)
        self.code, self.message, self.rule = code, message, rule
        #: a rule message's code, params and sentence in every language (daimyo/words/errors.py), for the pages
        self.reason = reason

    def to_message(self) -> dict:
        msg: dict[str, Any] = {"type": "error", "code": self.code, "message": self.message}
        if self.rule:
            msg["rule"] = self.rule
        if self.reason:
            msg["reason"] = self.reason
        return msg


def rule_reason(e: RuleViolation) -> dict | None:
    """A RuleViolation's code and params, and its sentence in each language of the catalogue (None without a code)."""
    from daimyo.words.errors import texts

    if not e.code:
        return None
    return {"code": e.code, "params": e.params, "texts": texts(e)}


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


# ------------------------------------------------------------- connections
@dataclass(eq=False)
class Connection:
    """One WebSocket: its seat (None for a spectator) and its bounded queue of outgoing messages.

    A socket whose reader stops reading fills its queue; past ``limit`` messages it is dropped
    (the sender closes it) instead of holding the server's memory."""

    seat: int | None
    limit: int = 256
    on_sent: Callable[[float], Any] | None = None   # told how long an ack took, once it is on the socket
    outbox: asyncio.Queue = field(default_factory=asyncio.Queue)
    dropped: bool = False

    def put(self, msg: dict, received: float | None = None) -> None:
        """Queue ``msg``; ``received`` (perf_counter) marks an ack whose latency is measured when sent."""
        if self.dropped:
            return
        if self.outbox.qsize() >= self.limit:
            # the reader stopped reading: free what it held and tell the sender to close the socket
            self.dropped = True
            while not self.outbox.empty():
                self.outbox.get_nowait()
            self.outbox.put_nowait((None, None))
            return
        self.outbox.put_nowait((msg, received))


class Stats:
    """How busy the server is: actions accepted, how long each took to be committed (received ->
    committed, ack queued) and to be acknowledged (received -> ack handed to the socket)."""

    def __init__(self, keep: int = 100_000):
        self.actions = 0
        self.committed: deque[float] = deque(maxlen=keep)
        self.acknowledged: deque[float] = deque(maxlen=keep)
        self.failure_logged = False

    def add_committed(self, seconds: float) -> None:
        self.actions += 1
        self.committed.append(seconds)

    def add(self, seconds: float) -> None:
        self.acknowledged.append(seconds)

    def logged_failure(self) -> bool:
        """Whether a failure of ours was already logged in full (later ones get one line each)."""
        seen, self.failure_logged = self.failure_logged, True
        return seen

    @staticmethod
    def _percentiles(values) -> dict:
        lat = sorted(values)

        def pct(p: float):
            return round(1000 * lat[min(len(lat) - 1, int(p * len(lat)))], 2) if lat else None

        return {"p50": pct(0.5), "p90": pct(0.9), "p99": pct(0.99), "max": round(1000 * lat[-1], 2) if lat else None}

    def summary(self) -> dict:
        return {"actions": self.actions, "latency_ms": self._percentiles(self.acknowledged),
                "commit_latency_ms": self._percentiles(self.committed)}


class Room:
    """One live game."""

    def __init__(self, row: GameRow, store: Store, bot_delay: float = 0.0, stats: Stats | None = None,
                 settings: Settings | None = None, bot_pool: Executor | None = None):
        self.row = row
        rules = hosted(row.game)
        if rules is None:
            raise ActError("no-such-game", f"game {row.id} is of an unknown kind '{row.game}'")
        self.rules = rules
        self.store = store
        self.bot_delay = bot_delay
        self.settings = settings or Settings()
        self.bot_pool = bot_pool
        self.randomness = row.randomness()
        self.state = start_state(self.rules, row)
        engine_rules = str(getattr(self.state, "rules_version", "1"))
        if row.rules is None:
            row.rules = engine_rules
        elif row.rules != engine_rules:
            raise ActError("rules-version", f"game {row.id} was played under rules version {row.rules}; "
                                            f"this server plays version {engine_rules}")
        self.actions: list[tuple[int, str]] = []        # (seat, text), in order
        self.events: list[Event] = []                   # every event, in order
        self.lock = asyncio.Lock()
        self.conns: set[Connection] = set()
        self.bots = self._seat_bots(row)
        self._bot_task: asyncio.Task | None = None
        self._thinking: dict[int, Any] = {}             # seat -> a bot decision still running past its deadline
        self.stats = stats or Stats()
        self.idle_since = time.monotonic()              # when the last connection left (for unloading)
        self.chat = Chat(spectators_on=row.spectator_chat)
        self.clocks = Clocks(clock_from_text(row.clock))
        self._clock_task: asyncio.Task | None = None
        self._clock_changed = asyncio.Event()
        self.on_lost: Callable[[Room], None] | None = None     # told when a write fails (the hub may drop the room)
        self.fence: Callable[[], list] = list                  # the lease check every write of the game carries (cluster)
        self.away_since = {s.seat: time.monotonic() for s in row.seats if s.kind == "human"}  # seats with no connection
        self.seen = stamp(row.opened or row.created)    # when a page was last open on the game (wall clock)
        self.closed = False                             # a table cancelled by its host or closed unopened

    def _seat_bots(self, row: GameRow) -> dict[int, Any]:
        """The server's bot for each bot seat of ``row``."""
        return {s.seat: server_bot(self.rules, s.bot, bot_seed_of(self.randomness, s.seat), self.settings)
                for s in row.seats if s.kind == "bot"}

    # -------------------------------------------------------------- rebuild
    def replay(self, rows: list[tuple[int, int, str]]) -> None:
        """Apply the stored actions (seq, seat, text); they were all legal when stored."""
        for seq, seat, text in rows:
            if seq != len(self.actions):
                raise ValueError(f"game {self.row.id}: action {seq} missing from the database")
            self.events.extend(self.state.apply(Action(seat, text)))
            self.actions.append((seat, text))

    # ---------------------------------------------------------------- views
    @property
    def seq(self) -> int:
        return len(self.actions)

    def shown_seat(self, seat: int | None) -> int | None:
        """Whose view a connection at ``seat`` gets: its own once the game has started; at the table, before the
        start, everyone's is the public view, since what a seat is dealt follows from the choices (clans, characters)
        the host may still change (rules: clans are chosen before objectives are dealt)."""
        return None if self.waiting else seat

    def state_message(self, seat: int | None, events: list[Event]) -> dict:
        s = self.state
        seat = self.shown_seat(seat)
        legal = [a.text for a in s.legal_actions(seat)] if seat is not None and seat in s.to_act() else []
        msg = {"type": "state", "seq": self.seq, "view": s.view(seat), "legal": legal,
               "to_act": [self.row.clans[p] for p in s.to_act()],
               "events": [e.to_dict() for e in events if e.visible(seat)]}
        if self.clocks.clock.kind != "none" or self.clocks.seats:
            msg["clocks"] = self.clocks.view()
        return msg

    def log_message(self, seat: int | None) -> dict:
        seat = self.shown_seat(seat)
        return {"type": "log", "events": [e.to_dict() for e in self.events if e.visible(seat)]}

    def summary(self) -> dict:
        s = self.state
        connected = {}
        for c in self.conns:
            if c.seat is not None:
                connected[c.seat] = True
        now = time.monotonic()
        away = {seat: int(now - since) for seat, since in self.away_since.items() if seat not in connected}
        rnd, phase = self.rules.progress(s)
        return summary_of(self.row, round=rnd, phase=phase, connected=connected, away=away,
                          absent_after=self.settings.absent_after,
                          result=self.rules.result(s) if s.is_terminal() else None,
                          to_act=[self.row.clans[p] for p in s.to_act()])

    # ---------------------------------------------------------------- seats
    def check_seat(self, seat: Any, token: Any) -> int:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.row.players:
            raise ActError("bad-token", f"there is no seat {seat!r} in this {self.row.players}-player game")
        info = self.row.seats[seat]
        if info.kind != "human":
            raise ActError("bad-token", f"seat {seat} is played by the server's bot")
        if not isinstance(token, str) or not hmac.compare_digest(hash_token(token), info.token_hash or ""):
            raise ActError("bad-token", f"wrong or missing token for seat {seat}")
        return seat

    def end_token(self, seat: int, token_hash: str | None, why: str) -> None:
        """The seat's token is no longer ``info.token_hash`` but ``token_hash`` (already stored): its open
        connections are told ``bad-token`` with ``why`` and closed. Called under :attr:`lock`."""
        self.row.seats[seat].token_hash = token_hash
        for conn in [c for c in self.conns if c.seat == seat]:
            conn.put(ActError("bad-token", why).to_message())
            conn.dropped = True
            conn.outbox.put_nowait((None, None))

    # --------------------------------------------------------------- writes
    async def write(self, *statements, what: str = "a change") -> None:
        """Store ``statements`` (of this game) in one transaction with the game's lease check (cluster mode: the
        fencing token, daimyo/server/store.py); a write that fails in any way makes the hub drop the game, and the
        caller gets an ActError("server") (nothing was stored)."""
        try:
            await self.store.write(*self.fence(), *statements)
        except Exception as e:
            self.write_failed(e, what)
            raise ActError("server", "the server could not save that; nothing changed") from None

    def write_failed(self, e: Exception, what: str) -> None:
        """Say in the log why ``what`` was not stored (one line when the lease was lost), and tell the hub."""
        if isinstance(e, Fenced):
            log.warning("%s of game %s was not saved: another server process holds the game now", what, self.row.id)
        else:
            log.error("could not save %s of game %s", what, self.row.id, exc_info=e)
        if self.on_lost is not None:
            self.on_lost(self)

    # -------------------------------------------------------------- actions
    async def act(self, seat: int, text: str, seq: int | None = None, conn: Connection | None = None, bot: bool = False) -> int:
        """Apply ``text`` for ``seat``, commit it, acknowledge it, and tell everyone. Returns the new seq.

        The action is stored as the notation's canonical text: one line, single spaces. A player whose
        seat a stand-in plays takes it back by acting; a bot's move for a seat no longer its own is stale."""
        received = time.perf_counter()
        text = canonical_action(text)
        stand_in = self.clocks.seats.get(seat)
        if not bot and stand_in is not None and stand_in.stand_in is not None:
            await self.resume(seat)
        async with self.lock:
            s = self.state
            if self.waiting:
                raise ActError("not-started", "the game has not started: the host starts it once every player is ready")
            if bot and seat not in self.bots:
                raise ActError("stale", "that seat's player is back")
            if s.is_terminal():
                raise ActError("game-over", "the game is over")
            if seq is not None and seq != self.seq:
                raise ActError("stale", f"that action was chosen at step {seq}, but the game is at step {self.seq}")
            if seat not in s.to_act():
                waiting = ", ".join(self.row.clans[p] for p in s.to_act())
                raise ActError("not-your-turn", f"it is not your turn: waiting for {waiting}")
            before = s.clone()
            try:
                events = s.apply(Action(seat, text))
            except RuleViolation as e:
                raise ActError("illegal", e.message, e.rule, rule_reason(e)) from None
            text = self.rules.canonical(before, seat, text)
            clocks_before = self._clock_copy()
            changed = self.clocks.update(set() if s.is_terminal() else set(s.to_act()), self._humans())
            try:
                await self.store.append_action(self.row.id, self.seq, seat, text, self.rules.result(s) if s.is_terminal() else None,
                                               extra=[*self.fence(), *self._clock_statements(changed)])
            except Exception as e:
                self.state, self.clocks.seats = before, clocks_before
                self.write_failed(e, f"action {self.seq}")
                raise ActError("server", "the server could not save that action; nothing changed") from None
            if changed:
                self._clock_changed.set()
            self.actions.append((seat, text))
            self.events.extend(events)
            if s.is_terminal():
                self.row.status, self.row.result = OVER, self.rules.result(s)
            if conn is not None:
                conn.put({"type": "ack", "seq": self.seq}, received)
                self.stats.add_committed(time.perf_counter() - received)
            for c in list(self.conns):
                c.put(self.state_message(c.seat, events))
        self.kick_bots()
        return self.seq

    # --------------------------------------------------------------- clocks
    def _humans(self) -> set[int]:
        return {s.seat for s in self.row.seats if s.kind == "human"}

    def _clock_copy(self) -> dict[int, SeatClock]:
        return {seat: SeatClock(c.bank, c.deadline, c.stand_in) for seat, c in self.clocks.seats.items()}

    def _clock_statements(self, seat_numbers) -> list[Any]:
        out: list[Any] = []
        for seat in seat_numbers:
            c = self.clocks.seats[seat]
            out.append(clocks.delete().where((clocks.c.game_id == self.row.id) & (clocks.c.seat == seat)))
            out.append(clocks.insert().values(game_id=self.row.id, seat=seat, bank=c.bank, deadline=c.deadline, stand_in=c.stand_in))
        return out

    def load_clocks(self, rows: list[tuple[int, float | None, float | None, str | None]]) -> None:
        """The stored clocks (after a restart): deadlines go on, stand-ins play on."""
        for seat, bank, deadline, stand_in in rows:
            self.clocks.seats[seat] = SeatClock(bank, deadline, stand_in)
            if stand_in is not None and seat in self._humans():
                self.bots[seat] = self._stand_in_bot(seat)

    async def start_clocks(self) -> None:
        """Start the clocks of the seats to act (a new game, or one whose clocks were never stored), and watch them."""
        if self.waiting:
            return
        if self.clocks.clock.kind != "none" and not self.state.is_terminal():
            async with self.lock:
                changed = self.clocks.update(set(self.state.to_act()), self._humans())
                if changed:
                    await self.write(*self._clock_statements(changed), what="the clocks")
        if self._clock_task is None and (self.clocks.clock.kind != "none"):
            self._clock_task = asyncio.get_running_loop().create_task(self._watch_clocks())
            self._clock_task.add_done_callback(self._task_ended)

    async def _watch_clocks(self) -> None:
        """Sleep until the next deadline (or a clock change); a seat whose time ran out gets its stand-in."""
        while not self.state.is_terminal():
            self._clock_changed.clear()
            deadline = self.clocks.next_deadline()
            wait = None if deadline is None else max(0.0, deadline - time.time())
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._clock_changed.wait(), wait)
            for seat in self.clocks.expired():
                await self._stand_in(seat, "time")

    def _stand_in_bot(self, seat: int):
        return server_bot(self.rules, STAND_IN_BOT, bot_seed_of(self.randomness, seat), self.settings)

    async def _stand_in(self, seat: int, reason: str) -> None:
        """A bot plays for ``seat`` from now on (stored first), and everyone is told why."""
        async with self.lock:
            c = self.clocks.seats.setdefault(seat, SeatClock())
            if c.stand_in is not None or self.state.is_terminal():
                self.kick_bots()   # already stood in: its bot plays on if the loop had stopped
                return
            before = self._clock_copy()
            if reason == "time":
                self.clocks.time_out(seat)
            else:
                c.deadline, c.stand_in = None, reason
            try:
                await self.write(*self._clock_statements([seat]), what=f"the stand-in of seat {seat}")
            except ActError:
                self.clocks.seats = before
                raise
            self.bots[seat] = self._stand_in_bot(seat)
            self._tell_seats({"type": "stand-in", "seat": seat, "clan": self.row.clans[seat], "on": True, "reason": reason})
        self.kick_bots()

    async def ask_stand_in(self, asker: int | None, seat: Any, host: bool = False) -> None:
        """Another player (or the host) gives the stand-in to a seat whose player has been away ``absent_after`` seconds."""
        if not isinstance(seat, int) or isinstance(seat, bool) or seat not in self._humans() or seat == asker:
            raise ActError("bad-message", "stand-in: 'seat' is another player's seat")
        if asker is None and not host:
            raise ActError("bad-message", "stand-in: only a player or the host can give a seat to a bot")
        away = self.away_since.get(seat)
        if away is None or time.monotonic() - away < self.settings.absent_after:
            raise ActError("not-away", f"seat {seat} has not been away {self.settings.absent_after:g} seconds")
        if self.state.is_terminal():
            raise ActError("game-over", "the game is over")
        await self._stand_in(seat, "absent")

    async def resume(self, seat: int) -> None:
        """The player of ``seat`` takes it back from its stand-in (stored first); its clock starts if it is to act."""
        async with self.lock:
            c = self.clocks.seats.get(seat)
            if c is None or c.stand_in is None:
                raise ActError("bad-message", "resume: no bot is playing for your seat")
            before = self._clock_copy()
            c.stand_in = None
            changed = {seat, *self.clocks.update(set() if self.state.is_terminal() else set(self.state.to_act()), self._humans())}
            try:
                await self.write(*self._clock_statements(sorted(changed)), what=f"the return of seat {seat}")
            except ActError:
                self.clocks.seats = before
                raise
            self.bots.pop(seat, None)
            self._clock_changed.set()
            self._tell_seats({"type": "stand-in", "seat": seat, "clan": self.row.clans[seat], "on": False, "reason": None})

    def _tell_seats(self, msg: dict) -> None:
        msg = {**msg, "clocks": self.clocks.view()}
        for conn in list(self.conns):
            conn.put(msg)

    def connected(self, conn: Connection) -> None:
        self.seen = time.time()
        seat = conn.seat
        first = seat is not None and not any(c.seat == seat for c in self.conns)
        self.conns.add(conn)
        if seat is not None:
            self.away_since.pop(seat, None)
            if first:
                self._tell_presence(seat, True, besides=conn)

    def disconnected(self, conn: Connection) -> None:
        self.conns.discard(conn)
        self.idle_since, self.seen = time.monotonic(), time.time()
        if conn.seat is not None and not any(c.seat == conn.seat for c in self.conns):
            self.away_since[conn.seat] = time.monotonic()
            self._tell_presence(conn.seat, False)

    def _tell_presence(self, seat: int, connected: bool, besides: Connection | None = None) -> None:
        """Everyone at the game hears when a seat's player comes or goes (its first page opened, its last one closed):
        whether a player is at the table is public at any table, and it tells the others when they may give the seat
        to a bot (after ``absent_after`` seconds away)."""
        for c in [c for c in self.conns if c is not besides]:
            c.put({"type": "presence", "seat": seat, "connected": connected, "absent_after": self.settings.absent_after})

    # ---------------------------------------------------------------- table
    @property
    def waiting(self) -> bool:
        """At the table: seats may still change; nobody acts until the host starts the game."""
        return self.row.status == WAITING

    def check_open(self) -> None:
        """Refuse a request to a table that was cancelled or closed meanwhile (its rows are gone)."""
        if self.closed:
            raise ActError("no-such-game", f"game {self.row.id} was closed")

    def close_table(self, reason: str) -> None:
        """The table is gone (``reason``: "cancelled" by its host, or "abandoned"): every connection is told, then closed."""
        self.closed = True
        for c in list(self.conns):
            c.put({"type": "closed", "reason": reason})
            c.dropped = True
            c.outbox.put_nowait((None, "closed"))

    def reset(self, row: GameRow) -> None:
        """The host changed the table: the game as it would start from ``row`` (no action was played yet)."""
        self.row = row
        self.state = start_state(self.rules, row)
        self.bots = self._seat_bots(row)
        self.clocks = Clocks(clock_from_text(row.clock))
        self.away_since = {s.seat: self.away_since.get(s.seat, time.monotonic()) for s in row.seats if s.kind == "human"}
        self.tell_table()
        for c in list(self.conns):
            c.put(self.state_message(c.seat, []))

    async def set_ready(self, seat: int, ready: Any) -> None:
        if not isinstance(ready, bool):
            raise ActError("bad-message", "ready: true or false")
        if not self.waiting:
            raise ActError("bad-message", "ready: the game has already started")
        async with self.lock:
            self.check_open()
            await self.write(seats.update().where((seats.c.game_id == self.row.id) & (seats.c.seat == seat)).values(ready=ready),
                             what=f"seat {seat}'s ready")
            self.row.seats[seat].ready = ready
            self.tell_table()

    def tell_table(self) -> None:
        """Everyone at the game gets the seats as they are now (after a seat was taken, changed or got ready)."""
        summary = self.summary()
        for c in list(self.conns):
            c.put({"type": "table", "game": summary})

    async def begin(self) -> None:
        """The host starts the game: every human seat taken and ready (stored first); clocks and bots go."""
        async with self.lock:
            if not self.waiting:
                raise ActError("bad-request", "the game has already started")
            missing = [s.seat for s in self.row.seats if s.kind == "human" and (s.token_hash is None or not s.ready)]
            if missing:
                raise ActError("not-ready", f"seats {', '.join(map(str, missing))}: every player takes a seat and says ready first")
            self.check_open()
            await self.write(games.update().where(games.c.id == self.row.id).values(status=IN_PROGRESS), what="the start")
            self.row.status = IN_PROGRESS
        await self.start_clocks()   # before the states go out: they show the clocks that now run
        for c in list(self.conns):   # and each seat its own view: what it was dealt is its from now on
            c.put({"type": "started", "game": self.summary()})
            c.put(self.state_message(c.seat, []))
        self.kick_bots()

    # ----------------------------------------------------------------- chat
    def load_chat(self, lines: list[ChatLine], muted: list[tuple[int, int]]) -> None:
        self.chat.lines = list(lines)
        for seat, other in muted:
            self.chat.mutes.setdefault(seat, set()).add(other)

    def chat_message(self, seat: int | None) -> dict:
        return {"type": "chat-log", "lines": self.chat.history(seat), "muted": sorted(self.chat.mutes.get(seat, ()))
                if seat is not None else [], "spectators": self.chat.spectators_on}

    async def say(self, conn: Connection, text: Any) -> int:
        """Store one chat line of ``conn``, acknowledge it, and send it to whoever it reaches. Returns its seq."""
        try:
            text = chat_text(text, self.settings.chat_max_chars)
            channel = self.chat.channel_for(conn.seat)
        except ChatError as e:
            raise ActError(e.code, e.message) from None
        seat = conn.seat
        name = "spectator" if seat is None else (self.row.seats[seat].name or self.row.clans[seat])
        async with self.lock:
            self.check_open()
            line = ChatLine(len(self.chat.lines), channel, seat, name, text, now())
            try:
                await self.write(chat.insert().values(game_id=self.row.id, **line.to_dict()), what=f"chat line {line.seq}")
            except ActError:
                raise ActError("server", "the server could not save that chat line; nothing was sent") from None
            self.chat.lines.append(line)
            conn.put({"type": "chat-ack", "seq": line.seq})
            for c in list(self.conns):
                if self.chat.reaches(line, c.seat):
                    c.put({"type": "chat", "line": line.to_dict()})
        return line.seq

    async def mute(self, seat: int, other: Any, muted: Any) -> None:
        """Seat ``seat`` mutes (or hears again) seat ``other``'s chat; stored, then told to that seat's connections."""
        if not isinstance(other, int) or isinstance(other, bool) or not 0 <= other < self.row.players or other == seat:
            raise ActError("bad-message", f"mute: 'seat' is another seat's number, from 0 to {self.row.players - 1}")
        if not isinstance(muted, bool):
            raise ActError("bad-message", "mute: 'muted' is true or false")
        async with self.lock:
            self.check_open()
            now_muted = self.chat.mutes.get(seat, set())
            if (other in now_muted) != muted:
                key = (mutes.c.game_id == self.row.id) & (mutes.c.seat == seat) & (mutes.c.muted == other)
                statement = mutes.insert().values(game_id=self.row.id, seat=seat, muted=other) if muted \
                    else mutes.delete().where(key)
                await self.write(statement, what="a mute")
                self.chat.mutes.setdefault(seat, set()).symmetric_difference_update({other})
            for c in list(self.conns):
                if c.seat == seat:
                    c.put(self.chat_message(seat))

    async def set_spectator_chat(self, on: bool) -> None:
        """The host turns the spectators' chat on or off (stored first)."""
        async with self.lock:
            await self.write(games.update().where(games.c.id == self.row.id).values(spectator_chat=on), what="the spectators' chat switch")
            self.row.spectator_chat = self.chat.spectators_on = on
            for c in list(self.conns):
                c.put(self.chat_message(c.seat))

    # ----------------------------------------------------------------- bots
    def kick_bots(self) -> None:
        """Start the bot loop if a bot is to act and the loop is not running."""
        if self.waiting:
            return
        idle = self._bot_task is None or self._bot_task.done()
        if idle and not self.state.is_terminal() and any(p in self.bots for p in self.state.to_act()):
            self._bot_task = asyncio.get_running_loop().create_task(self._bot_loop())
            self._bot_task.add_done_callback(self._task_ended)

    async def _bot_loop(self) -> None:
        fallback = False  # after a bot's failure, one random legal move instead
        while not self.state.is_terminal():
            seats = [p for p in self.state.to_act() if p in self.bots]
            if not seats:
                return
            seat = seats[0]
            # a stand-in for a seat out of time plays at a decision's pace: its player has that long to take it back
            pause = max(self.bot_delay, self.clocks.stand_in_pause(seat))
            if pause:
                await asyncio.sleep(pause)
                if seat not in self.bots:
                    continue   # its player took the seat back meanwhile
            snapshot, at = self.state.clone(), self.seq
            try:
                if fallback:
                    text = fallback_move(snapshot, seat, self.randomness, at)
                else:
                    text = await self._decide(seat, snapshot, at)
            except Exception as e:  # a bot's bug must not stop the game
                log.error("the bot at seat %d of game %s failed (%s); it plays a random move", seat, self.row.id, type(e).__name__)
                fallback = True
                continue
            try:
                await self.act(seat, text, seq=at, bot=True)
                fallback = False
            except ActError as e:
                if e.code in ("stale", "not-your-turn"):
                    continue  # a human acted meanwhile: choose again
                # the rule's message may name the bot's hidden tokens: the log says only what happened
                log.error("the rules refused a move of the bot at seat %d of game %s (%s); it plays a random move",
                          seat, self.row.id, e.code)
                if fallback or e.code != "illegal":
                    return
                fallback = True

    async def _decide(self, seat: int, snapshot, at: int) -> str:
        """The bot's move as text, from the bots' thread pool within ``bot_deadline`` seconds; past the deadline,
        or while its last decision is still running, a random legal move (the room's other seats and games go on)."""
        running = self._thinking.get(seat)
        if running is None or running.done():
            future = asyncio.get_running_loop().run_in_executor(self.bot_pool, self.bots[seat].choose, snapshot, seat)
            future.add_done_callback(_quiet)
            self._thinking[seat] = future
            try:
                move = await asyncio.wait_for(asyncio.shield(future), self.settings.bot_deadline)
            except TimeoutError:
                log.warning("the bot at seat %d of game %s passed its deadline; it plays a random move", seat, self.row.id)
            else:
                return self.rules.move_text(snapshot, seat, move)
        return fallback_move(snapshot, seat, self.randomness, at)

    def _task_ended(self, task: asyncio.Task) -> None:
        """A room's clock watcher or bot loop that stopped on an error says so in the server's log."""
        if not task.cancelled() and task.exception() is not None:
            log.error("a background task of game %s stopped", self.row.id, exc_info=task.exception())

    def evict(self) -> None:
        """Close every connection: the game is now served elsewhere (its clients reconnect and find it there)."""
        for c in list(self.conns):
            c.dropped = True
            c.outbox.put_nowait((None, "moved"))

    async def close(self) -> None:
        if self._clock_task is not None:
            self._clock_task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._clock_task
        if self._bot_task is not None:
            self._bot_task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._bot_task


def _quiet(future) -> None:
    """Collect an abandoned bot decision's outcome, so that its error is not reported again later."""
    if not future.cancelled():
        future.exception()


def stamp(iso: str) -> float:
    """Seconds since the epoch of a stored time (ISO 8601, as :func:`daimyo.server.store.now` writes it)."""
    from datetime import datetime
    return datetime.fromisoformat(iso).timestamp()


def canonical_action(text: str) -> str:
    """An action's text on one line with single spaces; text with control or line-break characters is refused."""
    if len(text) > MAX_ACTION:
        raise ActError("bad-message", f"action: at most {MAX_ACTION} characters")
    if not text.isprintable():
        raise ActError("bad-message", "action: line breaks and control characters are not part of the notation")
    text = " ".join(text.split())
    if not text:
        raise ActError("bad-message", "an 'act' message needs an 'action' text")
    return text


#: why a seat's connections close when its account signed out everywhere (said by the process that answered, and in
#: cluster mode by the one that serves the game once it finds the stored token changed: Hub.sync_seat_tokens)
SIGNED_OUT = "this seat's token ended: its account signed out everywhere; sign in and open the game from your games"


def summary_of(row: GameRow, **live) -> dict:
    """A game's public summary (no tokens, nothing hidden)."""
    connected, away = live.get("connected", {}), live.get("away", {})
    return {
        "id": row.id, "game": row.game, "created": row.created, "status": row.status,
        "players": row.players, "round": live.get("round"), "phase": live.get("phase"),
        "to_act": live.get("to_act", []),
        "practice": row.practice,
        # set up from a file (Rising Sun's war file): whoever has the file knows the hidden amounts it wrote
        "from_file": row.start_file is not None,
        "seats": [{"seat": s.seat, "kind": s.kind, "name": s.name, "bot": s.bot, "clan": row.clans[s.seat],
                   "open": s.kind == "human" and s.token_hash is None, "ready": s.ready,
                   "connected": bool(connected.get(s.seat)), "away": away.get(s.seat)} for s in row.seats],
        "absent_after": live.get("absent_after"),
        "public": row.public,
        "result": live.get("result", row.result),
        "rematch": row.rematch,
        "clock": clock_from_text(row.clock).to_dict(),
    }


