"""The database's tables, and what a write carries besides its statements: a lease's :class:`Fence` and the
in-transaction writes registered by name (:class:`InTransaction`, :func:`in_transaction`).

Both the store (daimyo/server/store.py: reads, and writes awaited until committed) and the writer that commits them
(daimyo/server/jobs.py, in the store's thread or in the writer process of daimyo/server/writer.py) read these; they
live here so that neither imports the other's module for them. The schema's history is the Alembic migrations
(daimyo/server/migrations)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import BigInteger, Boolean, Column, Float, ForeignKey, Integer, MetaData, String, Table, Text, false, true

metadata = MetaData()

games = Table(
    "games", metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(32), nullable=False),
    Column("players", Integer, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("choices", String(200), nullable=False),   # each seat's choice (clan, character), in seat order
    Column("created", String(40), nullable=False),
    Column("status", String(16), nullable=False),
    Column("result", Text),
    # where the game's randomness comes from: "splitmix64" with ``seed`` (practice games, games stored
    # before keys) or "blake2b-keyed" with the secret ``rng_key`` (hex), which no reply shows before the end
    Column("generator", String(16), nullable=False, server_default="splitmix64"),
    Column("rng_key", String(64)),
    Column("practice", Boolean, nullable=False, server_default=false()),
    # hashes of the invitation code (claims an open seat) and of the host token (issues a new invitation)
    Column("invite_hash", String(64)),
    Column("host_hash", String(64)),
    Column("spectator_chat", Boolean, nullable=False, server_default=true()),
    # the id of the game made by "rematch" from this one (same seats, choices rotated)
    Column("rematch", String(32)),
    Column("clock", Text),   # the clock chosen at creation (JSON, daimyo/server/clocks.py); NULL: none
    Column("public", Boolean, nullable=False, server_default=false()),   # listed among the open games; seats taken without a code
    Column("rules", String(16), nullable=False, server_default="1"),     # the rules version the game is played under
    # the text of the position file a game starts from (Rising Sun's war file); NULL for a game set up from its seats.
    # It holds every clan's coins, so no reply shows it before the end (the record does, once the game is over)
    Column("start_file", Text),
    # the hash of the watch code: a game that is not public is watched only with it (or another of its secrets)
    Column("watch_hash", String(64)),
    # when a waiting table was last opened (created, a page open on it, a seat taken, its table changed)
    Column("opened", String(40)),
    # rated: only signed-in players, no bots; its end changes their ratings (daimyo/server/ratings.py)
    Column("rated", Boolean, nullable=False, server_default=false()),
)

seats = Table(
    "seats", metadata,
    Column("game_id", String(32), ForeignKey("games.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(8), nullable=False),
    Column("name", String(80)),
    Column("bot", String(40)),
    Column("token_hash", String(64)),
    Column("user_id", String(32)),   # the account that holds the seat, if its player signed in (accounts.py)
    Column("ready", Boolean, nullable=False, server_default=false()),   # at the table, before the start
)

actions = Table(
    "actions", metadata,
    Column("game_id", String(32), ForeignKey("games.id"), primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("action", String(200), nullable=False),
    Column("at", String(40), nullable=False),
)

chat = Table(
    "chat", metadata,
    Column("game_id", String(32), ForeignKey("games.id"), primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("channel", String(12), nullable=False),
    Column("seat", Integer),
    Column("name", String(80), nullable=False),
    Column("text", Text, nullable=False),
    Column("at", String(40), nullable=False),
)

mutes = Table(
    "mutes", metadata,
    Column("game_id", String(32), ForeignKey("games.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("muted", Integer, primary_key=True),
)

clocks = Table(
    "clocks", metadata,
    Column("game_id", String(32), ForeignKey("games.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("bank", Float),
    Column("deadline", Float),        # wall-clock seconds since the epoch
    Column("stand_in", String(8)),    # why a bot plays for the seat ("time", "absent"), or NULL
)

# the low-time mails sent (daimyo/server/mail.py): for which deadline of a seat's clock, so that a server started
# again sends one that fell due while it was down, and never one twice
low_mails = Table(
    "low_mails", metadata,
    Column("game_id", String(32), ForeignKey("games.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("deadline", Float, nullable=False),   # the deadline (wall-clock seconds since the epoch) it was sent for
)

# which server process owns each live game, until when (settings.cluster; docs/scaling.md)
owners = Table(
    "owners", metadata,
    Column("game_id", String(32), primary_key=True),
    Column("process", String(64), nullable=False),
    Column("expires", Float, nullable=False),
    # the fencing token: one more each time another process takes the game; every write of the game checks it
    Column("token", BigInteger, nullable=False, server_default="0"),
)

# each account's rating per game and player count (openskill's mu and sigma; daimyo/server/ratings.py)
ratings = Table(
    "ratings", metadata,
    Column("user_id", String(32), ForeignKey("users.id"), primary_key=True),
    Column("game", String(32), primary_key=True),
    Column("players", Integer, primary_key=True),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("games", Integer, nullable=False),      # rated games played at this game and player count
    Column("updated", String(40), nullable=False),
)

# each seat's change of rating in a finished rated game: its place (1 = first), whether it left, before and after
rating_changes = Table(
    "rating_changes", metadata,
    Column("game_id", String(32), ForeignKey("games.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("user_id", String(32), ForeignKey("users.id"), nullable=False),
    Column("game", String(32), nullable=False),
    Column("players", Integer, nullable=False),
    Column("place", Integer, nullable=False),
    Column("leaver", Boolean, nullable=False),   # its player had left (placed last, with the penalty)
    Column("mu_before", Float, nullable=False),
    Column("sigma_before", Float, nullable=False),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("at", String(40), nullable=False),
)

# an account's e-mail address for correspondence games (daimyo/server/mail.py): verified by a single-use token
# (its SHA-256 kept until used or expired), unsubscribed by a link signed with ``key``
emails = Table(
    "emails", metadata,
    Column("user_id", String(32), ForeignKey("users.id"), primary_key=True),
    Column("address", String(254), nullable=False),
    Column("verified", Boolean, nullable=False, server_default=false()),
    Column("subscribed", Boolean, nullable=False, server_default=true()),
    Column("token_hash", String(64)),
    Column("token_expires", Float),      # wall-clock seconds since the epoch
    Column("key", String(64), nullable=False),   # hex: the unsubscribe links' HMAC key, new with each address
)

WAITING, IN_PROGRESS, OVER = "waiting", "in progress", "over"   # waiting: at the table, before the host starts it


@dataclass(frozen=True)
class Fence:
    """A write's check against a game's lease (cluster mode): the transaction holding it commits only while
    ``process`` still owns the game under fencing token ``token``; else it raises :class:`Fenced` and nothing of it
    is stored."""

    game_id: str
    process: str
    token: int


class Fenced(Exception):
    """A write refused by its :class:`Fence`: another process took the game (this one stalled past its lease)."""


#: the in-transaction writes by name (:class:`InTransaction`): each ``run(conn, args)`` with the JSON ``args``
IN_TRANSACTION: dict[str, Callable[[Any, Any], Any]] = {}


def in_transaction(name: str) -> Callable[[Callable[[Any, Any], Any]], Callable[[Any, Any], Any]]:
    """Register ``run(conn, args)`` as the in-transaction write ``name``: the writer (its thread or its process) calls
    it inside the transaction of the write that holds an ``InTransaction(name, args)``. What it returns (JSON, or None)
    is the write's result, sent back to the caller (the leases' calls below; daimyo/server/writer.py)."""
    def register(run: Callable[[Any, Any], Any]) -> Callable[[Any, Any], Any]:
        IN_TRANSACTION[name] = run
        return run
    return register


@dataclass(frozen=True)
class InTransaction:
    """A part of a write that reads before it writes (a game's rating update): the function registered as ``name``
    (:func:`in_transaction`), called with the connection and ``args`` (plain JSON: it may travel to the writer
    process) inside the writer's transaction."""

    name: str
    args: Any
