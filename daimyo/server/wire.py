"""What a live game's parts share: the error the protocol answers with, a connection's bounded outbox, the
acknowledgement statistics, and :class:`Host`, what a room's seats and chat use of their room
(daimyo/server/rooms.py composes them).
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

import orjson

from daimyo.core.errors import RuleViolation

if TYPE_CHECKING:
    from daimyo.server.settings import Settings
    from daimyo.server.store import GameRow

log = logging.getLogger("daimyo.server")

MAX_ACTION = 200   # characters of one action's text (the database column's width)


class ActError(Exception):
    """An action or request the server refuses; ``code`` is one of the protocol's error codes."""

    def __init__(self, code: str, message: str, rule: str | None = None, reason: dict | None = None,
                 rule_texts: dict | None = None):
        super().__init__(message)
        self.code, self.message, self.rule = code, message, rule
        #: a rule message's code, params and sentence in every language (daimyo/words/errors.py), for the pages
        self.reason = reason
        #: the rulebook section ``rule`` (English, for programs) in every language, for people
        self.rule_texts = rule_texts

    @classmethod
    def illegal(cls, e: RuleViolation, game: str | None = None) -> ActError:
        """The refusal of an illegal action: the engine's English message and rule (for programs), its reason and
        its rule in every language (for people); ``game``: the game's ``rule_codes`` (docs/server-protocol.md)."""
        from daimyo.words.errors import rule_names

        return cls("illegal", e.message, e.rule, rule_reason(e), rule_names(e, game))

    def to_message(self) -> dict:
        msg: dict[str, Any] = {"type": "error", "code": self.code, "message": self.message}
        if self.rule:
            msg["rule"] = self.rule
            if self.rule_texts:
                msg["rule_texts"] = self.rule_texts
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
    #: the client asked for its actions' acknowledgement inside the state that follows them (hello's
    #: "ack_in_state"): one message an action instead of two (docs/server-protocol.md)
    ack_in_state: bool = False
    stalled: bool = False   # a send waited past send_timeout: the socket is dropped and closed (routes/socket.py)
    #: writes a message to the socket at once when it takes it without waiting (True), else False; None: every
    #: message goes through the queue and the connection's sender task (routes/socket.py)
    direct: Callable[[dict, float | None], bool] | None = None
    busy: bool = False   # the sender task is sending: a message now must queue behind it

    def put(self, msg: dict, received: float | None = None) -> None:
        """Send ``msg``: at once when nothing waits before it and the socket takes it, else through the queue;
        ``received`` (perf_counter) marks an ack whose latency is measured when sent."""
        if self.dropped:
            return
        if self.direct is not None and not self.busy and self.outbox.empty() and self.direct(msg, received):
            return
        if self.outbox.qsize() >= self.limit:
            # the reader stopped reading: free what it held and tell the sender to close the socket
            self.dropped = True
            while not self.outbox.empty():
                self.outbox.get_nowait()
            self.outbox.put_nowait((None, None))
            return
        self.outbox.put_nowait((msg, received))

    def close(self, why: str | None = None) -> None:
        """Have the sender close the socket once what is queued went out (``why``: "closed", "moved" or None)."""
        self.dropped = True
        self.outbox.put_nowait((None, why))


class Shared(dict):
    """A message that several connections get as it is (a state to every connection of one seat and to the
    spectators, a table or chat line to everyone): encoded as JSON once, by the first connection that sends it."""

    __slots__ = ("_text",)

    def encoded(self) -> str:
        try:
            return self._text
        except AttributeError:
            self._text: str = orjson.dumps(self, option=orjson.OPT_NON_STR_KEYS).decode()
            return self._text


class Stats:
    """How busy the server is: actions accepted, how long each took to be committed (received ->
    committed, ack queued) and to be acknowledged (received -> ack handed to the socket)."""

    def __init__(self, keep: int = 100_000):
        self.actions = 0
        self.committed: deque[float] = deque(maxlen=keep)
        self.acknowledged: deque[float] = deque(maxlen=keep)
        self.failure_logged = False
        #: told of each commit and acknowledgement too (daimyo/server/metrics.py: the Prometheus histograms)
        self.observers: list[Any] = []

    def add_committed(self, seconds: float) -> None:
        self.actions += 1
        self.committed.append(seconds)
        for o in self.observers:
            o.action_committed(seconds)

    def add(self, seconds: float) -> None:
        self.acknowledged.append(seconds)
        for o in self.observers:
            o.acknowledged(seconds)

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


# ------------------------------------------------------------ the room's parts
class Host(Protocol):
    """What a room's seats and chat use of their room: its game row, its lock (every change of the game is made
    under it), its write (stored first, in one transaction with the game's lease check) and its connections."""

    row: GameRow
    settings: Settings
    lock: asyncio.Lock
    conns: set[Connection]
    state: Any

    @property
    def waiting(self) -> bool: ...

    def check_open(self) -> None: ...

    async def write(self, *statements: Any, what: str = "a change") -> None: ...

    def tell_table(self) -> None: ...

    @property
    def bots(self) -> BotSeats: ...


class BotSeats(Protocol):
    """What a room's seats use of its bots (:class:`~daimyo.server.room_bots.RoomBots`)."""

    def stand_in(self, seat: int, on: bool) -> None:
        """A stand-in bot takes ``seat`` (on) or gives it back to its player (off)."""
        ...

    def kick(self) -> None:
        """Start the bot loop if a bot is to act and the loop is not running."""
        ...


def tell(conns: set[Connection], msg: dict) -> None:
    """``msg`` to every connection of ``conns`` (encoded once for them all)."""
    shared = Shared(msg)
    for c in list(conns):
        c.put(shared)


def report_end(game_id: str) -> Callable[[asyncio.Task], None]:
    """A done-callback for a room's background task (clock watcher, bot loop): one that stopped on an error says so
    in the server's log."""
    def ended(task: asyncio.Task) -> None:
        if not task.cancelled() and task.exception() is not None:
            log.error("a background task of game %s stopped", game_id, exc_info=task.exception())
    return ended


__all__ = ["MAX_ACTION", "ActError", "Connection", "Host", "Shared", "Stats", "canonical_action", "hash_token", "report_end",
           "rule_reason", "tell"]
