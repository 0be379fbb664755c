"""The database's writes as plain data, and the one writer of an SQLite file that several server processes share.

A write (:meth:`daimyo.server.store.Store.write`, ``append_action``) becomes a **job**: a list of steps, each a JSON
array, made in the caller's process before anything waits for the database:

- ``["f", game_id, process, token]``: a :class:`~daimyo.server.store.Fence` (the game's lease, checked in the
  transaction, before anything else);
- ``["a", game_id, seq, seat, action, at]``: one row of ``actions`` (the rows of every job of a commit go in as one
  ``executemany``);
- ``["s", sql, params]``: one statement, compiled for the database's dialect (params: a list for a positional
  paramstyle, an object for a named one);
- ``["c", name, args]``: a part of a write that reads before it writes (:class:`~daimyo.server.store.InTransaction`),
  run by the function registered under ``name`` with its JSON arguments; what it returns (JSON, or None) is the job's
  **result** (the last one of a job's calls that returned something): the leases of cluster mode
  (``lease.acquire``, ``lease.renew``, ``lease.release``, daimyo/server/store.py) tell their caller so which games it
  holds.

:class:`Committer` commits a batch of jobs in one transaction (one disk sync): the fences of every job first, in game
order; a job whose fence fails is left out and told :class:`~daimyo.server.store.Fenced`; when a statement fails, the
transaction is rolled back and each job is committed again on its own, so that a bad write fails only its own caller.

The writer process of ``daimyo serve --workers N`` on an SQLite file is daimyo/server/writer.py; docs/scaling.md tells the whole of it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import socket
import struct
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable
from typing import Any

import orjson
from sqlalchemy import bindparam, create_engine, event, insert, text, update
from sqlalchemy.engine import Connection, Engine

from daimyo.server.schema import IN_TRANSACTION, Fence, Fenced, InTransaction, actions, owners

log = logging.getLogger("daimyo.server")

#: a frame's header: the payload's length
HEADER = struct.Struct(">I")
#: the largest frame either side sends or takes (a game's position file is the largest thing a write holds)
MAX_FRAME = 32 << 20
#: the most jobs one transaction holds
MAX_BATCH = 1000
#: compiled statements kept per dialect (their SQL and parameter order), by SQLAlchemy's cache key
COMPILED_CACHE = 256

Step = list
Job = list


class WriteFailed(Exception):
    """A write the database writer refused or could not store; nothing of it was stored."""


class WriterGone(WriteFailed):
    """The database writer process stopped: no write of this process can be stored until the server restarts."""


class BadJob(ValueError):
    """A frame that is not a job (:func:`parse_request`): says what is wrong with it."""


# ------------------------------------------------------------------ jobs
class StepCompiler:
    """SQLAlchemy statements -> steps, for one dialect (compiled statements cached by SQLAlchemy's cache key)."""

    def __init__(self, dialect: Any):
        self.dialect = dialect
        self._cache: OrderedDict[Any, Any] = OrderedDict()

    def steps(self, statements: Iterable[Any]) -> list[Step]:
        out: list[Step] = []
        for st in statements:
            if isinstance(st, Fence):
                out.append(["f", st.game_id, st.process, st.token])
            elif isinstance(st, InTransaction):
                out.append(["c", st.name, st.args])
            else:
                out.append(["s", *self.compile(st)])
        return out

    def compile(self, statement: Any) -> tuple[str, list | dict]:
        """``statement``'s SQL and parameters for this dialect."""
        key = statement._generate_cache_key()
        compiled = self._cache.get(key.key) if key is not None else None
        if compiled is None:
            compiled = statement.compile(dialect=self.dialect, cache_key=key)
            if compiled.post_compile_params:   # an IN (...) of a list: its SQL depends on the list's length
                compiled = statement.compile(dialect=self.dialect, compile_kwargs={"render_postcompile": True})
                return compiled.string, _params(compiled, compiled.construct_params())
            if key is not None:
                self._cache[key.key] = compiled
                if len(self._cache) > COMPILED_CACHE:
                    self._cache.popitem(last=False)
        elif key is not None:
            self._cache.move_to_end(key.key)
        params = compiled.construct_params(extracted_parameters=key.bindparams if key is not None else None)
        return compiled.string, _params(compiled, params)


def _params(compiled: Any, params: dict) -> list | dict:
    processors = compiled._bind_processors
    if processors:
        params = {k: (processors[k](v) if k in processors else v) for k, v in params.items()}
    if compiled.positional:
        return [params[name] for name in compiled.positiontup]
    return params


def action_step(game_id: str, seq: int, seat: int, action: str, at: str) -> Step:
    return ["a", game_id, seq, seat, action, at]


# ------------------------------------------------------------------ committing
def write_engine(url: str, **kw: Any) -> Engine:
    """An engine for the writer's one connection: on SQLite, WAL, ``synchronous=FULL`` (an acknowledged write survives
    a crash of the machine) and transactions begun with ``BEGIN IMMEDIATE`` (the write lock taken at once, so a
    transaction never has to upgrade its lock); no automatic checkpoints (:class:`Checkpointer` does them)."""
    engine = create_engine(url, **kw)
    if engine.dialect.name == "sqlite":
        @event.listens_for(engine, "connect")
        def _connect(dbapi_conn, _record):
            dbapi_conn.isolation_level = None   # the transactions below are begun and ended here, not by the driver
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=FULL")
            cur.execute("PRAGMA wal_autocheckpoint=0")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.execute("PRAGMA busy_timeout=10000")
            cur.close()

        @event.listens_for(engine, "begin")
        def _begin(conn):
            conn.exec_driver_sql("BEGIN IMMEDIATE")
    return engine


class Committer:
    """Commits batches of jobs on ``engine`` (module docstring)."""

    def __init__(self, engine: Engine):
        self.engine = engine
        dialect = engine.dialect
        self._fence = _fixed(update(owners).where(owners.c.game_id == bindparam("g"), owners.c.process == bindparam("p"),
                                                  owners.c.token == bindparam("t")).values(expires=owners.c.expires), dialect)
        cols = ("game_id", "seq", "seat", "action", "at")
        self._insert = _fixed(insert(actions).values({c: bindparam(c) for c in cols}), dialect)
        self._cols = cols

    def commit(self, jobs: list[Job], results: list | None = None) -> list[Exception | None]:
        """Store ``jobs``, all in one transaction when they all can be; each job's error (None: committed). Each
        job's result (module docstring) is put in ``results`` when given (as long as ``jobs``)."""
        errors: list[Exception | None] = [None] * len(jobs)
        out: list = [None] * len(jobs)
        try:
            with self.engine.begin() as conn:
                self._run(conn, jobs, errors, out)
        except Exception:
            # one bad write must not sink the others: each is committed again on its own
            out = [None] * len(jobs)
            for k, job in enumerate(jobs):
                errors[k], out[k] = self.commit_one(job)
        if results is not None:
            results[:] = out
        return errors

    def commit_one(self, job: Job) -> tuple[Exception | None, Any]:
        """Store one job in a transaction of its own: its error (None: committed) and its result."""
        errors: list[Exception | None] = [None]
        out: list = [None]
        try:
            with self.engine.begin() as conn:
                self._run(conn, [job], errors, out)
        except Exception as e:  # reported to the one caller whose write failed
            return e, None
        return errors[0], out[0]

    def _run(self, conn: Connection, jobs: list[Job], errors: list[Exception | None], results: list) -> None:
        """Every job, in one transaction: the fences first, in game order (the owners rows they read stay locked until
        the commit, in the order :meth:`~daimyo.server.store.Store.renew` locks them: the two never deadlock); a job
        whose fence fails gets :class:`Fenced` and is left out. Then the jobs without an action in their order, the
        actions' rows as one executemany, and the rest of each action's job (its clocks, the game's result)."""
        fences = sorted({(st[1], st[2], st[3]) for job in jobs for st in job if st[0] == "f"})
        cur = conn.connection.driver_connection.cursor()   # type: ignore[union-attr]
        refused = set()
        for fence in fences:
            cur.execute(self._fence[0], self._fence[1]({"g": fence[0], "p": fence[1], "t": fence[2]}))
            if cur.rowcount != 1:
                refused.add(fence)
        live = []
        for k, job in enumerate(jobs):
            bad = next((st for st in job if st[0] == "f" and (st[1], st[2], st[3]) in refused), None)
            if bad is not None:
                errors[k] = Fenced(f"game {bad[1]}: this process no longer holds its lease")
            else:
                live.append(job)
        rows = [self._insert[1](dict(zip(self._cols, st[1:], strict=True))) for job in live for st in job if st[0] == "a"]
        with_action = [any(st[0] == "a" for st in job) for job in live]
        where = [k for k in range(len(jobs)) if errors[k] is None]
        for k, job, act in zip(where, live, with_action, strict=True):
            if not act:
                results[k] = self._steps(conn, cur, job)
        if rows:
            cur.executemany(self._insert[0], rows)
        for k, job, act in zip(where, live, with_action, strict=True):
            if act:
                results[k] = self._steps(conn, cur, job)

    @staticmethod
    def _steps(conn: Connection, cur: Any, job: Job) -> Any:
        """Run one job's steps; its result (what its last call that returned something returned)."""
        result = None
        for st in job:
            kind = st[0]
            if kind == "s":
                cur.execute(st[1], st[2])
            elif kind == "c":
                run = IN_TRANSACTION.get(st[1])
                if run is None:
                    raise WriteFailed(f"no in-transaction write is registered as {st[1]!r}")
                got = run(conn, st[2])
                if got is not None:
                    result = got
        return result


def _fixed(statement: Any, dialect: Any) -> tuple[str, Callable[[dict], list | dict]]:
    """A statement of named bind parameters, compiled once: its SQL and a function of a dict -> its parameters."""
    compiled = statement.compile(dialect=dialect)
    if compiled.positional:
        names = list(compiled.positiontup)
        return compiled.string, lambda d: [d[n] for n in names]
    return compiled.string, lambda d: d


class Checkpointer:
    """Copies the write-ahead log into an SQLite database every ``every`` seconds (PASSIVE: never blocks a writer), in
    a thread of its own, so that no commit someone waits for does it."""

    def __init__(self, engine: Engine, every: float = 2.0):
        self.engine, self.every = engine, every
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="daimyo-db-checkpoint", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while not self._stop.wait(self.every):
            try:
                with self.engine.connect() as conn:
                    conn.execute(text("PRAGMA wal_checkpoint(PASSIVE)"))
            except Exception:  # the next round tries again
                pass

    def stop(self) -> None:
        self._stop.set()


# ------------------------------------------------------------------ frames
def frame(obj: Any) -> bytes:
    """``obj`` as one frame (header and JSON payload); WriteFailed when it is past MAX_FRAME or not JSON."""
    try:
        payload = orjson.dumps(obj)
    except TypeError as e:
        raise WriteFailed(f"a write holds a value the database writer cannot take ({e})") from None
    if len(payload) > MAX_FRAME:
        raise WriteFailed(f"a write of {len(payload)} bytes is larger than the database writer takes ({MAX_FRAME})")
    return HEADER.pack(len(payload)) + payload


def frames(buf: bytearray) -> list[bytes]:
    """The whole frames at the start of ``buf`` (taken from it); BadJob when a header announces more than MAX_FRAME."""
    out = []
    while len(buf) >= HEADER.size:
        (n,) = HEADER.unpack_from(buf)
        if n > MAX_FRAME:
            raise BadJob(f"a frame of {n} bytes announced; at most {MAX_FRAME}")
        if len(buf) < HEADER.size + n:
            break
        out.append(bytes(buf[HEADER.size:HEADER.size + n]))
        del buf[:HEADER.size + n]
    return out


def receive(sock: Any, size: int) -> bytes | None:
    """What a non-blocking socket holds now, up to ``size`` bytes: None when nothing is waiting, b"" when the other
    end closed or the socket failed (the worker's reader and the writer process read their channels alike)."""
    try:
        data: bytes = sock.recv(size)
    except BlockingIOError:
        return None
    except OSError:
        return b""
    return data


_SCALARS = (str, int, float, bool, type(None))


def _scalar(v: Any, where: str) -> None:
    if not isinstance(v, _SCALARS):
        raise BadJob(f"{where}: a {type(v).__name__}, not a string, number, boolean or null")


def parse_request(payload: bytes) -> tuple[int, Job]:
    """A request frame's payload -> (id, steps), every step checked; BadJob saying what is wrong (with the id, as
    ``e.job_id``, when it could be read, so that the one job is refused)."""
    try:
        obj = orjson.loads(payload)
    except orjson.JSONDecodeError as e:
        raise BadJob(f"not JSON ({e})") from None
    if not isinstance(obj, list) or len(obj) != 2 or type(obj[0]) is not int or not isinstance(obj[1], list):
        raise BadJob("a request is [id, steps]")
    job_id, steps = obj
    try:
        for n, st in enumerate(steps):
            _check_step(st, f"step {n}")
    except BadJob as e:
        e.job_id = job_id   # type: ignore[attr-defined]
        raise
    return job_id, steps


def _check_step(st: Any, where: str) -> None:
    if not isinstance(st, list) or not st or st[0] not in ("f", "a", "s", "c"):
        raise BadJob(f"{where}: not a step (a list beginning with f, a, s or c)")
    kind = st[0]
    if kind == "f":
        if len(st) != 4 or type(st[1]) is not str or type(st[2]) is not str or type(st[3]) is not int:
            raise BadJob(f"{where}: a fence is [\"f\", game, process, token]")
    elif kind == "a":
        if len(st) != 6 or any(type(st[i]) is not str for i in (1, 4, 5)) or any(type(st[i]) is not int for i in (2, 3)):
            raise BadJob(f"{where}: an action is [\"a\", game, seq, seat, action, at]")
    elif kind == "s":
        if len(st) != 3 or type(st[1]) is not str or not isinstance(st[2], list | dict):
            raise BadJob(f"{where}: a statement is [\"s\", sql, params]")
        for k, v in (st[2].items() if isinstance(st[2], dict) else enumerate(st[2])):
            _scalar(v, f"{where}, parameter {k}")
    elif len(st) != 3 or type(st[1]) is not str:
        raise BadJob(f"{where}: a call is [\"c\", name, args]")


def parse_reply(payload: bytes) -> tuple[int, Exception | None, int, float, int, Any]:
    """A reply frame's payload -> (id, error, commit, seconds, writes, result); BadJob when it is not one."""
    try:
        obj = orjson.loads(payload)
    except orjson.JSONDecodeError as e:
        raise BadJob(f"not JSON ({e})") from None
    if (not isinstance(obj, list) or len(obj) not in (5, 6) or type(obj[0]) is not int or type(obj[2]) is not int
            or not isinstance(obj[3], int | float) or type(obj[4]) is not int):
        raise BadJob("a reply is [id, error, commit, seconds, writes] or [id, error, commit, seconds, writes, result]")
    job_id, err, commit, seconds, writes = obj[:5]
    result = obj[5] if len(obj) == 6 else None
    error: Exception | None = None
    if err is not None:
        if not isinstance(err, list) or len(err) != 2 or err[0] not in ("fenced", "error") or type(err[1]) is not str:
            raise BadJob("a reply's error is [\"fenced\" or \"error\", why]")
        error = Fenced(err[1]) if err[0] == "fenced" else WriteFailed(err[1])
    return job_id, error, commit, float(seconds), writes, result


def error_of(e: Exception | None) -> list | None:
    """A job's error as its reply carries it (what :func:`parse_reply` reads back)."""
    if e is None:
        return None
    if isinstance(e, Fenced):
        return ["fenced", str(e)]
    return ["error", f"{type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}"]


def reply_frame(reply: list) -> bytes:
    """A reply as a frame; a result that cannot travel (not JSON, too large) turns into the job's error."""
    try:
        return frame(reply)
    except WriteFailed as e:
        return frame([*reply[:1], ["error", f"its result could not be sent back ({e})"], *reply[2:5]])


# ------------------------------------------------------------------ a worker's end of its socket


class WriterClient:
    """A worker's end of its socket to the writer process: jobs sent, replies read by the event loop (no thread)."""

    def __init__(self, fd: int):
        self.sock = socket.socket(fileno=fd)
        self.sock.setblocking(False)
        self.pending: dict[int, asyncio.Future] = {}
        self.on_commit: Callable[[float, int], None] | None = None
        self.gone: str | None = None
        self._next = 0
        self._in = bytearray()
        self._out = bytearray()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._last_commit = -1

    def alive(self) -> bool:
        """Whether the writer process is there: its socket is looked at (not read), so that a worker that has written
        nothing yet learns it too (the health check)."""
        if self.gone is None:
            try:
                if self.sock.recv(1, socket.MSG_PEEK) == b"":
                    self._die()
            except BlockingIOError:
                pass
            except OSError:
                self._die()
        return self.gone is None

    async def submit(self, job: Job) -> Any:
        """Send ``job``; once the writer committed it, its result (module docstring; None for most writes).
        Fenced, WriteFailed or WriterGone when it is not stored."""
        if self.gone is not None:
            raise WriterGone(self.gone)
        loop = asyncio.get_running_loop()
        if loop is not self._loop:
            self._attach(loop)
        self._next += 1
        job_id = self._next
        data = frame([job_id, job])
        fut = loop.create_future()
        self.pending[job_id] = fut
        self._out += data
        if len(self._out) == len(data):   # nothing was waiting to go: send now (else the writable callback does)
            self._send()
        return await fut

    def _attach(self, loop: asyncio.AbstractEventLoop) -> None:
        old = self._loop
        if old is not None and not old.is_closed():
            with contextlib.suppress(Exception):
                old.remove_reader(self.sock.fileno())
                old.remove_writer(self.sock.fileno())
        self._fail_all(WriteFailed("the event loop that waited for this write stopped"))
        self._loop = loop
        loop.add_reader(self.sock.fileno(), self._readable)

    def _send(self) -> None:
        try:
            n = self.sock.send(self._out)
        except BlockingIOError:
            n = 0
        except OSError:
            self._die()
            return
        del self._out[:n]
        assert self._loop is not None
        if self._out:
            self._loop.add_writer(self.sock.fileno(), self._writable)

    def _writable(self) -> None:
        assert self._loop is not None
        self._loop.remove_writer(self.sock.fileno())
        if self._out:
            self._send()

    def _readable(self) -> None:
        while True:
            data = receive(self.sock, 1 << 16)
            if data is None:
                return
            if not data:
                self._die()
                return
            self._in += data
            try:
                for payload in frames(self._in):
                    job_id, error, commit, seconds, writes, result = parse_reply(payload)
                    if commit != self._last_commit and writes:
                        self._last_commit = commit
                        if self.on_commit is not None:
                            self.on_commit(seconds, writes)
                    fut = self.pending.pop(job_id, None)
                    if fut is not None and not fut.done():
                        if error is None:
                            fut.set_result(result)
                        else:
                            fut.set_exception(error)
            except BadJob as e:
                log.error("database writer: a reply that is not one (%s)", e)
                self._die("the database writer's replies are not readable")
                return

    def _die(self, why: str = "the database writer stopped", quiet: bool = False) -> None:
        if self.gone is None:
            self.gone = why
            if not quiet:
                log.error("%s: writes of this process fail until the server is started again", why)
        loop = self._loop
        if loop is not None and not loop.is_closed():
            with contextlib.suppress(Exception):
                loop.remove_reader(self.sock.fileno())
                loop.remove_writer(self.sock.fileno())
        self._fail_all(WriterGone(why))

    def _fail_all(self, e: Exception) -> None:
        pending, self.pending = self.pending, {}
        for fut in pending.values():
            if not fut.done() and not fut.get_loop().is_closed():
                fut.set_exception(e)

    def close(self) -> None:
        self._die("the database writer's socket was closed", quiet=True)
        self.sock.close()


__all__ = ["BadJob", "Checkpointer", "Committer", "StepCompiler", "WriteFailed", "WriterClient", "WriterGone", "action_step",
           "error_of", "frame", "frames", "parse_reply", "parse_request", "receive", "reply_frame", "write_engine"]
