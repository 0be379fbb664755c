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
from daimyo.server.games import bot_seed_of, hosted
from daimyo.server.settings import Settings
from daimyo.server.store import OVER, GameRow, Store

log = logging.getLogger("daimyo.server")

MAX_ACTION = 200   # characters of one action's text (the database column's width)


class ActError(Exception):
    """An action or request the server refuses; ``code`` is one of the protocol's error codes."""

    def __init__(self, code: str, message: str, rule: str | None = None):
        super().__init__(message)
        self.code, self.message, self.rule = code, message, rule

    def to_message(self) -> dict:
        msg = {"type": "error", "code": self.code, "message": self.message}
        if self.rule:
            msg["rule"] = self.rule
        return msg


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
        self.state = self.rules.new_state(row.players, self.randomness, row.clans)
        self.actions: list[tuple[int, str]] = []        # (seat, text), in order
        self.events: list[Event] = []                   # every event, in order
        self.lock = asyncio.Lock()
        self.conns: set[Connection] = set()
        self.bots = {s.seat: server_bot(self.rules, s.bot, bot_seed_of(self.randomness, s.seat), self.settings)
                     for s in row.seats if s.kind == "bot"}
        self._bot_task: asyncio.Task | None = None
        self._thinking: dict[int, Any] = {}             # seat -> a bot decision still running past its deadline
        self.stats = stats or Stats()
        self.idle_since = time.monotonic()              # when the last connection left (for unloading)

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

    def state_message(self, seat: int | None, events: list[Event]) -> dict:
        s = self.state
        legal = [a.text for a in s.legal_actions(seat)] if seat is not None and seat in s.to_act() else []
        return {"type": "state", "seq": self.seq, "view": s.view(seat), "legal": legal,
                "to_act": [self.row.clans[p] for p in s.to_act()],
                "events": [e.to_dict() for e in events if e.visible(seat)]}

    def log_message(self, seat: int | None) -> dict:
        return {"type": "log", "events": [e.to_dict() for e in self.events if e.visible(seat)]}

    def summary(self) -> dict:
        s = self.state
        connected = {}
        for c in self.conns:
            if c.seat is not None:
                connected[c.seat] = True
        rnd, phase = self.rules.progress(s)
        return summary_of(self.row, round=rnd, phase=phase, connected=connected,
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

    # -------------------------------------------------------------- actions
    async def act(self, seat: int, text: str, seq: int | None = None, conn: Connection | None = None) -> int:
        """Apply ``text`` for ``seat``, commit it, acknowledge it, and tell everyone. Returns the new seq.

        The action is stored as the notation's canonical text: one line, single spaces."""
        received = time.perf_counter()
        text = canonical_action(text)
        async with self.lock:
            s = self.state
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
                raise ActError("illegal", e.message, e.rule) from None
            text = self.rules.canonical(before, seat, text)
            try:
                await self.store.append_action(self.row.id, self.seq, seat, text, self.rules.result(s) if s.is_terminal() else None)
            except Exception:
                log.exception("could not save action %d of game %s", self.seq, self.row.id)
                self.state = before
                raise ActError("server", "the server could not save that action; nothing changed") from None
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

    # ----------------------------------------------------------------- bots
    def kick_bots(self) -> None:
        """Start the bot loop if a bot is to act and the loop is not running."""
        idle = self._bot_task is None or self._bot_task.done()
        if idle and not self.state.is_terminal() and any(p in self.bots for p in self.state.to_act()):
            self._bot_task = asyncio.get_running_loop().create_task(self._bot_loop())

    async def _bot_loop(self) -> None:
        fallback = False  # after a bot's failure, one random legal move instead
        while not self.state.is_terminal():
            seats = [p for p in self.state.to_act() if p in self.bots]
            if not seats:
                return
            seat = seats[0]
            if self.bot_delay:
                await asyncio.sleep(self.bot_delay)
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
                await self.act(seat, text, seq=at)
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

    async def close(self) -> None:
        if self._bot_task is not None:
            self._bot_task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._bot_task


def _quiet(future) -> None:
    """Collect an abandoned bot decision's outcome, so that its error is not reported again later."""
    if not future.cancelled():
        future.exception()


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


def summary_of(row: GameRow, **live) -> dict:
    """A game's public summary (no tokens, nothing hidden)."""
    connected = live.get("connected", {})
    return {
        "id": row.id, "game": row.game, "created": row.created, "status": row.status,
        "players": row.players, "round": live.get("round"), "phase": live.get("phase"),
        "to_act": live.get("to_act", []),
        "practice": row.practice,
        "seats": [{"seat": s.seat, "kind": s.kind, "name": s.name, "bot": s.bot, "clan": row.clans[s.seat],
                   "open": s.kind == "human" and s.token_hash is None,
                   "connected": bool(connected.get(s.seat))} for s in row.seats],
        "result": live.get("result", row.result),
    }


