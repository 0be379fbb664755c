"""Games, seats and actions in a database (SQLAlchemy Core; SQLite file by default).

An accepted action is written and committed before anyone is told of it. A write is made into a job of plain SQL and
parameters in the caller's process (daimyo/server/writer.py), and one writer commits whatever jobs are waiting in a
single transaction (group commit), so a busy server pays one disk sync for many games' actions and never blocks the
event loop: a thread of this process, or, for the worker processes of ``daimyo serve --workers N`` on one SQLite file,
one writer process that all of them send their jobs to.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import queue
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import and_, create_engine, event, insert, or_, select, update
from sqlalchemy.engine import Engine

from daimyo.server.schema import (  # noqa: F401 - the tables and write parts, read from here too
    IN_PROGRESS,
    IN_TRANSACTION,
    OVER,
    WAITING,
    Fence,
    Fenced,
    InTransaction,
    actions,
    chat,
    clocks,
    emails,
    games,
    in_transaction,
    low_mails,
    metadata,
    mutes,
    owners,
    rating_changes,
    ratings,
    seats,
)

#: seconds PostgreSQL lets a transaction of this server sit idle before it ends it (a frozen process's locks)
IDLE_TRANSACTION_SECONDS = 5.0


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def when(seconds: float) -> str:
    """A wall-clock time (seconds since the epoch) as it is stored, like :func:`now`."""
    return datetime.fromtimestamp(seconds, UTC).isoformat(timespec="seconds")


def default_db_url() -> str:
    """The embedded SQLite file: $XDG_DATA_HOME/daimyo/games.sqlite (~/.local/share/... by default)."""
    import os
    base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share") / "daimyo"
    base.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{base / 'games.sqlite'}"


@dataclass
class SeatRow:
    seat: int
    kind: str  # "human" | "bot"
    name: str | None = None
    bot: str | None = None
    token_hash: str | None = None
    user_id: str | None = None
    ready: bool = False


@dataclass
class GameRow:
    id: str
    game: str
    players: int
    seed: int
    choices: list[str]   # each seat's choice: a clan, a character (the game's seat_word)
    created: str
    status: str
    result: dict | None
    seats: list[SeatRow] = field(default_factory=list)
    generator: str = "splitmix64"
    rng_key: str | None = None
    practice: bool = False
    invite_hash: str | None = None
    host_hash: str | None = None
    spectator_chat: bool = True
    rematch: str | None = None
    clock: str | None = None
    public: bool = False
    rules: str | None = None      # None for a new game: its room fills in the engine's rules version
    start_file: str | None = None  # the position file the game starts from (games.start_file), or None
    watch_hash: str | None = None  # the hash of the watch code (the spectators' link of a game that is not public)
    opened: str | None = None      # when a waiting table was last opened (ISO 8601); None: when it was created
    rated: bool = False            # a rated game (daimyo/server/ratings.py)
    #: seat -> its player's rating as shown ({"rating", "provisional", "games"}), filled in for a rated game by
    #: daimyo/server/ratings.py (not a column)
    seat_ratings: dict[int, dict] = field(default_factory=dict)
    ratings_of: tuple | None = None   # the seats' accounts that ``seat_ratings`` was read for

    def randomness(self):
        """The game's seed (an int) or its secret key (a GameKey)."""
        if self.generator == "blake2b-keyed":
            from daimyo.core.rng import GameKey
            return GameKey.from_hex(self.rng_key or "")
        return self.seed


class Store:
    """The database. Reads are plain calls; writes are awaited until committed."""

    def __init__(self, url: str, shared: bool = False, writer_fd: int | None = None):
        """``shared``: other processes write to the same database (cluster mode); on an SQLite file, the writers of
        every process then take turns through a lock file beside it (:meth:`_writers_turn`). ``writer_fd``: this
        process's socket to the database writer process (``daimyo serve --workers N``, daimyo/server/writer.py), which
        then commits every write of this process; no writer thread, lock file or checkpoints here."""
        from daimyo.server import jobs
        self.url = url
        if url.startswith("postgresql"):
            # a process frozen inside a transaction (SIGSTOP, a stalled VM) would hold its row locks, the leases of
            # its games among them, and stall every other process: PostgreSQL ends such a transaction after
            # IDLE_TRANSACTION_SECONDS, and the fenced writes make the frozen process drop its games when it wakes
            options = f"-c idle_in_transaction_session_timeout={int(IDLE_TRANSACTION_SECONDS * 1000)}"
            self.engine: Engine = create_engine(url, connect_args={"options": options})
        else:
            self.engine = create_engine(url)
        if self.engine.dialect.name == "sqlite":
            # WAL keeps readers off the writer's lock; FULL syncs the log at every commit,
            # so an acknowledged action survives a crash of the process or of the machine.
            @event.listens_for(self.engine, "connect")
            def _pragmas(dbapi_conn, _record):
                cur = dbapi_conn.cursor()
                cur.execute("PRAGMA journal_mode=WAL")
                cur.execute("PRAGMA synchronous=FULL")
                # checkpoints run in their own thread, not inside a commit someone waits for
                cur.execute("PRAGMA wal_autocheckpoint=0")
                cur.execute("PRAGMA foreign_keys=ON")
                cur.close()
        migrate(self.engine)
        self._turns = None   # the lock file the processes sharing an SQLite file take turns by
        database = self.engine.url.database
        on_file = self.engine.dialect.name == "sqlite" and bool(database) and database != ":memory:"
        #: the jobs of this process's writes are compiled for the database's dialect (daimyo/server/writer.py)
        self._steps = jobs.StepCompiler(self.engine.dialect)
        #: told (seconds, writes) after each group commit (daimyo/server/metrics.py): in the writer's thread, or in the
        #: event loop for each commit of the writer process that held writes of this process
        self.on_commit: Callable[[float, int], None] | None = None
        self._client: Any = None
        self._thread: threading.Thread | None = None
        self._checkpoints: Any = None
        self._write_engine: Engine | None = None
        if writer_fd is not None:
            self._client = jobs.WriterClient(writer_fd)
            self._client.on_commit = lambda seconds, writes: self.on_commit and self.on_commit(seconds, writes)
            return
        if shared and on_file and os.name == "posix":
            self._turns = open(f"{database}-writers.lock", "a+b")   # noqa: SIM115 - held for the store's life
        # a file's writes on a connection of their own that begins with BEGIN IMMEDIATE (writer.write_engine)
        self._write_engine = jobs.write_engine(url, pool_size=1, max_overflow=0) if on_file else self.engine
        self._committer = jobs.Committer(self._write_engine)
        self._queue: queue.Queue = queue.Queue()
        self._thread = threading.Thread(target=self._writer, name="daimyo-db-writer", daemon=True)
        self._thread.start()
        if self.engine.dialect.name == "sqlite":
            self._checkpoints = jobs.Checkpointer(self.engine)

    def writer_alive(self) -> bool:
        """Whether the writer that commits every write still runs (the health check, daimyo/server/routes/health.py):
        this process's thread, or the writer process its socket leads to."""
        if self._client is not None:
            return bool(self._client.alive())
        return self._thread is not None and self._thread.is_alive()

    def close(self) -> None:
        if self._client is not None:
            self._client.close()
        if self._checkpoints is not None:
            self._checkpoints.stop()
        if self._thread is not None:
            self._queue.put(None)
            self._thread.join(timeout=10)
        if self._write_engine is not None and self._write_engine is not self.engine:
            self._write_engine.dispose()
        self.engine.dispose()
        if self._turns is not None:
            self._turns.close()

    # ----------------------------------------------------------------- writes
    async def write(self, *statements) -> Any:
        """Run ``statements`` (SQLAlchemy executables, :class:`Fence` and :class:`InTransaction`) in one transaction;
        return once committed (the error of this write alone when it is not): its result, what its last
        in-transaction call that returned something returned (None if none did)."""
        return await self._submit(self._steps.steps(statements))

    async def append_action(self, game_id: str, seq: int, seat: int, text: str, result: dict | None = None,
                            extra: tuple | list = ()) -> None:
        """Store action ``seq`` of a game (and its result when it ended the game, and ``extra`` statements
        in the same transaction: its clocks); return once committed."""
        from daimyo.server.jobs import action_step
        steps = [action_step(game_id, seq, seat, text, now()), *self._steps.steps(extra)]
        if result is not None:
            steps += self._steps.steps([update(games).where(games.c.id == game_id).values(status=OVER, result=json.dumps(result))])
        await self._submit(steps)

    async def _submit(self, job: list) -> Any:
        if self._client is not None:
            return await self._client.submit(job)
        loop = asyncio.get_running_loop()
        fut = loop.create_future()
        self._queue.put((job, loop, fut))
        return await fut

    def _writer(self) -> None:
        while True:
            item = self._queue.get()
            if item is None:
                return
            batch = [item]
            while len(batch) < 500:
                try:
                    nxt = self._queue.get_nowait()
                except queue.Empty:
                    break
                if nxt is None:
                    self._queue.put(None)
                    break
                batch.append(nxt)
            started = time.perf_counter()
            results: list = []
            with self._writers_turn():
                errors = self._committer.commit([job for job, _, _ in batch], results)
            if self.on_commit is not None:
                self.on_commit(time.perf_counter() - started, len(batch))
            by_loop: dict[Any, list[tuple[asyncio.Future, Exception | None, Any]]] = {}
            for (_, loop, fut), err, result in zip(batch, errors, results, strict=True):
                by_loop.setdefault(loop, []).append((fut, err, result))
            for loop, done in by_loop.items():   # one wake-up of each event loop for the whole group
                with contextlib.suppress(RuntimeError):   # a loop closed meanwhile: nobody waits there
                    loop.call_soon_threadsafe(_resolve_all, done)

    @contextlib.contextmanager
    def _writers_turn(self):
        """This process's turn to write an SQLite file other processes write too (``daimyo serve --workers``): an
        exclusive lock on the file beside it, which wakes the next writer the moment it is let go. SQLite's own lock
        would make a writer that finds it taken sleep and try again (1, 2, 5, 10 ms ... up to 100 ms a try), and
        under load two busy processes could keep missing each other's free moments: a commit's latency would then
        grow by sleeps rather than by the time the other commit took."""
        if self._turns is None:
            yield
            return
        import fcntl
        fcntl.flock(self._turns.fileno(), fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(self._turns.fileno(), fcntl.LOCK_UN)

    @staticmethod
    def new_game_statements(row: GameRow) -> list:
        sts = [insert(games).values(id=row.id, game=row.game, players=row.players, seed=row.seed,
                                    choices=" ".join(row.choices), created=row.created, status=row.status,
                                    result=None, generator=row.generator, rng_key=row.rng_key, practice=row.practice,
                                    invite_hash=row.invite_hash, host_hash=row.host_hash,
                                    spectator_chat=row.spectator_chat, rematch=row.rematch,
                                    clock=row.clock, public=row.public, rules=row.rules or "1",
                                    start_file=row.start_file, watch_hash=row.watch_hash, opened=row.opened,
                                    rated=row.rated)]
        for s in row.seats:
            sts.append(insert(seats).values(game_id=row.id, seat=s.seat, kind=s.kind, name=s.name, bot=s.bot,
                                            token_hash=s.token_hash, user_id=s.user_id, ready=s.ready))
        return sts

    # ------------------------------------------------------------------ reads
    @staticmethod
    def _rows(conn, rows) -> list[GameRow]:
        ids = [r.id for r in rows]
        seat_rows = conn.execute(select(seats).where(seats.c.game_id.in_(ids)).order_by(seats.c.game_id, seats.c.seat)).all() if ids else []
        by_game: dict[str, list[SeatRow]] = {}
        for s in seat_rows:
            by_game.setdefault(s.game_id, []).append(SeatRow(s.seat, s.kind, s.name, s.bot, s.token_hash, s.user_id, bool(s.ready)))
        return [GameRow(r.id, r.game, r.players, r.seed, r.choices.split(), r.created, r.status,
                        json.loads(r.result) if r.result else None, by_game.get(r.id, []),
                        r.generator, r.rng_key, bool(r.practice), r.invite_hash, r.host_hash,
                        bool(r.spectator_chat), r.rematch, r.clock, bool(r.public), r.rules, r.start_file,
                        r.watch_hash, r.opened, bool(r.rated)) for r in rows]

    def game_rows(self, status: str | None = None) -> list[GameRow]:
        """Every game (of ``status``), newest first."""
        with self.engine.connect() as conn:
            q = select(games).order_by(games.c.created.desc(), games.c.id.desc())
            if status:
                q = q.where(games.c.status == status)
            return self._rows(conn, conn.execute(q).all())

    def open_rows(self, limit: int) -> list[GameRow]:
        """Public games at the table (waiting for the host's start), newest first."""
        with self.engine.connect() as conn:
            q = select(games).where(games.c.status == WAITING, games.c.public.is_(True)) \
                .order_by(games.c.created.desc(), games.c.id.desc()).limit(limit)
            return self._rows(conn, conn.execute(q).all())

    def game_page(self, limit: int, before: tuple[str, str] | None = None) -> tuple[list[GameRow], tuple[str, str] | None]:
        """At most ``limit`` public games, newest first, from after the cursor ``before`` (created, id);
        and the cursor of the next page (None on the last page)."""
        with self.engine.connect() as conn:
            q = select(games).where(games.c.public.is_(True)) \
                .order_by(games.c.created.desc(), games.c.id.desc()).limit(limit + 1)
            if before is not None:
                created, gid = before
                q = q.where(or_(games.c.created < created, and_(games.c.created == created, games.c.id < gid)))
            rows = conn.execute(q).all()
            page = self._rows(conn, rows[:limit])
        return page, ((page[-1].created, page[-1].id) if len(rows) > limit else None)

    def stale_tables(self, before: str) -> list[str]:
        """The waiting games last opened (or created, if never) before ``before`` (ISO 8601), oldest first."""
        from sqlalchemy import func
        with self.engine.connect() as conn:
            last = func.coalesce(games.c.opened, games.c.created)
            q = select(games.c.id).where(games.c.status == WAITING, last < before).order_by(last)
            return list(conn.execute(q).scalars())

    @staticmethod
    def delete_game_statements(game_id: str) -> list:
        """Everything stored of one game, to delete in one transaction (a table cancelled or closed)."""
        return [t.delete().where(t.c.game_id == game_id) for t in (chat, mutes, clocks, low_mails, actions, rating_changes, seats,
                                                                   owners)] + \
            [games.delete().where(games.c.id == game_id)]

    def rows_of(self, ids: list[str]) -> list[GameRow]:
        """The games of ``ids`` that exist, newest first."""
        if not ids:
            return []
        with self.engine.connect() as conn:
            q = select(games).where(games.c.id.in_(ids)).order_by(games.c.created.desc(), games.c.id.desc())
            return self._rows(conn, conn.execute(q).all())

    def game_row(self, game_id: str) -> GameRow | None:
        with self.engine.connect() as conn:
            r = conn.execute(select(games).where(games.c.id == game_id)).first()
            return self._rows(conn, [r])[0] if r is not None else None

    def seat_token_hashes(self, ids: list[str]) -> dict[tuple[str, int], str | None]:
        """(game id, seat) -> the seat's stored token hash, for the games of ``ids``."""
        if not ids:
            return {}
        with self.engine.connect() as conn:
            q = select(seats.c.game_id, seats.c.seat, seats.c.token_hash).where(seats.c.game_id.in_(ids))
            return {(r.game_id, r.seat): r.token_hash for r in conn.execute(q)}

    def action_rows(self, game_id: str) -> list[tuple[int, int, str]]:
        """(seq, seat, action) in order."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(actions.c.seq, actions.c.seat, actions.c.action)
                                .where(actions.c.game_id == game_id).order_by(actions.c.seq)).all()
        return [(r.seq, r.seat, r.action) for r in rows]

    def chat_rows(self, game_id: str):
        """The game's chat lines in order, and its mutes as (seat, muted) pairs."""
        from daimyo.server.chat import ChatLine
        with self.engine.connect() as conn:
            lines = conn.execute(select(chat).where(chat.c.game_id == game_id).order_by(chat.c.seq)).all()
            muted = conn.execute(select(mutes.c.seat, mutes.c.muted).where(mutes.c.game_id == game_id)).all()
        return ([ChatLine(r.seq, r.channel, r.seat, r.name, r.text, r.at) for r in lines],
                [(r.seat, r.muted) for r in muted])

    def clock_rows(self, game_id: str) -> list[tuple[int, float | None, float | None, str | None]]:
        """Each seat's clock: (seat, bank, deadline, stand_in)."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(clocks).where(clocks.c.game_id == game_id).order_by(clocks.c.seat)).all()
        return [(r.seat, r.bank, r.deadline, r.stand_in) for r in rows]

    # -------------------------------------------------------------- ownership
    def acquire(self, game_id: str, process: str, lease: float) -> int | None:
        """Make ``process`` the owner of a game for ``lease`` seconds if nobody else holds it: its fencing token when
        it now does (a new one when it took the game from another process), None when another process holds it
        (committed before it returns)."""
        import time

        from sqlalchemy import case
        from sqlalchemy.exc import IntegrityError
        until = time.time() + lease
        with self.engine.begin() as conn:
            taken = conn.execute(update(owners).where(owners.c.game_id == game_id,
                                                      or_(owners.c.process == process, owners.c.expires < time.time()))
                                 .values(process=process, expires=until,
                                         token=case((owners.c.process == process, owners.c.token), else_=owners.c.token + 1))
                                 ).rowcount
            if taken:
                return conn.execute(select(owners.c.token).where(owners.c.game_id == game_id)).scalar_one()
        try:
            with self.engine.begin() as conn:
                conn.execute(insert(owners).values(game_id=game_id, process=process, expires=until, token=1))
            return 1
        except IntegrityError:
            with self.engine.connect() as conn:
                owner = conn.execute(select(owners.c.process, owners.c.token).where(owners.c.game_id == game_id)).first()
            return owner.token if owner is not None and owner.process == process else None

    def renew(self, process: str, lease: float) -> set[str]:
        """Extend every lease ``process`` holds; the games it still owns."""
        import time
        with self.engine.begin() as conn:   # its rows locked in game order, as the fenced writes lock them
            conn.execute(select(owners.c.game_id).where(owners.c.process == process).order_by(owners.c.game_id)
                         .with_for_update()).all()
            conn.execute(update(owners).where(owners.c.process == process).values(expires=time.time() + lease))
            return set(conn.execute(select(owners.c.game_id).where(owners.c.process == process)).scalars())

    def release(self, process: str, game_id: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(owners.delete().where(owners.c.game_id == game_id, owners.c.process == process))

    # The leases as the event loop asks for them (daimyo/server/hub.py): with a writer process (``daimyo serve --workers
    # N`` on an SQLite file), a job of one registered call (``lease.acquire``, ``lease.renew``, ``lease.release``,
    # below) that the writer commits with the other workers' writes and answers with its result, so that no worker
    # writes the file itself; otherwise the methods above, on this process's own connection in a thread, as ever.
    async def acquire_lease(self, game_id: str, process: str, lease: float) -> int | None:
        """:meth:`acquire`, awaited."""
        if self._client is None:
            return await asyncio.to_thread(self.acquire, game_id, process, lease)
        token = await self._client.submit([["c", "lease.acquire", [game_id, process, lease]]])
        return token if type(token) is int else None

    async def renew_leases(self, process: str, lease: float) -> set[str]:
        """:meth:`renew`, awaited: the games ``process`` still owns (a game it served and is not among them: lost)."""
        if self._client is None:
            return await asyncio.to_thread(self.renew, process, lease)
        owned = await self._client.submit([["c", "lease.renew", [process, lease]]])
        return set(owned or ())

    async def release_lease(self, process: str, game_id: str) -> None:
        """:meth:`release`, awaited."""
        if self._client is None:
            await asyncio.to_thread(self.release, process, game_id)
            return
        await self._client.submit([["c", "lease.release", [game_id, process]]])


def migrate(engine: Engine) -> None:
    """Bring the database to the newest schema with Alembic (daimyo/server/migrations): a new database is
    made from scratch, one made before migrations existed is recognised as the first version and upgraded."""
    from alembic import command
    from alembic.config import Config
    from sqlalchemy import inspect

    config = Config()
    config.set_main_option("script_location", str(Path(__file__).resolve().parent / "migrations"))
    with engine.begin() as conn:
        if engine.dialect.name == "postgresql":
            # several processes may start at once on one database: one migrates, the others wait
            from sqlalchemy import text
            conn.execute(text("SELECT pg_advisory_xact_lock(20261123)"))
        config.attributes["connection"] = conn
        tables = inspect(conn).get_table_names()
        if "games" in tables and "alembic_version" not in tables:
            command.stamp(config, "0001")
        command.upgrade(config, "head")


def _lease_args(args: Any, shape: str, name: str) -> list:
    """``args`` checked against ``shape`` (``s``: a string, ``n``: a number, one letter an argument); ValueError naming
    the call and what it takes."""
    kinds = {"s": (str,), "n": (int, float)}
    if (not isinstance(args, list) or len(args) != len(shape)
            or not all(isinstance(a, kinds[k]) and type(a) is not bool for a, k in zip(args, shape, strict=True))):
        words = {"s": "string", "n": "number"}
        raise ValueError(f"{name}'s arguments are [{', '.join(words[k] for k in shape)}], not {args!r}")
    return args


# The leases' writes in the writer process (Store.acquire_lease and its two siblings): run in the writer's transaction,
# where no other process writes the file, so each is one pass with no retry. Their times are the writer's clock.
@in_transaction("lease.acquire")
def _acquire_in_writer(conn: Any, args: Any) -> int | None:
    """``[game, process, lease]``: :meth:`Store.acquire`'s outcome, its fencing token or None."""
    from sqlalchemy import case
    game_id, process, lease = _lease_args(args, "ssn", "lease.acquire")
    wall = time.time()
    taken = conn.execute(update(owners).where(owners.c.game_id == game_id, or_(owners.c.process == process, owners.c.expires < wall))
                         .values(process=process, expires=wall + lease,
                                 token=case((owners.c.process == process, owners.c.token), else_=owners.c.token + 1))).rowcount
    if taken:
        return int(conn.execute(select(owners.c.token).where(owners.c.game_id == game_id)).scalar_one())
    if conn.execute(select(owners.c.game_id).where(owners.c.game_id == game_id)).first() is not None:
        return None   # another process holds it
    conn.execute(insert(owners).values(game_id=game_id, process=process, expires=wall + lease, token=1))
    return 1


@in_transaction("lease.renew")
def _renew_in_writer(conn: Any, args: Any) -> list[str]:
    """``[process, lease]``: every lease of ``process`` extended; the games it still owns, in order."""
    process, lease = _lease_args(args, "sn", "lease.renew")
    conn.execute(update(owners).where(owners.c.process == process).values(expires=time.time() + lease))
    return list(conn.execute(select(owners.c.game_id).where(owners.c.process == process).order_by(owners.c.game_id)).scalars())


@in_transaction("lease.release")
def _release_in_writer(conn: Any, args: Any) -> None:
    """``[game, process]``: the game's lease given up, if ``process`` holds it."""
    game_id, process = _lease_args(args, "ss", "lease.release")
    conn.execute(owners.delete().where(owners.c.game_id == game_id, owners.c.process == process))


def _resolve_all(done: list[tuple[asyncio.Future, Exception | None, Any]]) -> None:
    for fut, err, result in done:
        _resolve(fut, err, result)


def _resolve(fut: asyncio.Future, exc: Exception | None, result: Any = None) -> None:
    if fut.done():
        return
    if exc is None:
        fut.set_result(result)
    else:
        fut.set_exception(exc)
