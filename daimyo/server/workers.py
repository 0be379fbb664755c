"""``daimyo serve --workers N``: N server processes behind one port, so that every core of the machine serves.

The first process, the **router**, listens on the port. Of each connection it reads the first line of the request
without taking it from the socket (``MSG_PEEK``), then hands the connection itself to one worker over a Unix socket
(``SCM_RIGHTS``) and closes its own copy: the worker then speaks HTTP and WebSocket with the client directly, and
the router touches no byte of it after that first line. A path that names a game (``/ws/games/g-...``,
``/api/games/g-.../claim``, ``/game/g-...``) goes to the worker whose share holds the game (:func:`worker_of`); a
path with ``?worker=K`` to worker K (the operator's ``/metrics`` and ``/api/stats``, one worker each); anything else
to the workers in turn.

Each worker is a ``daimyo serve`` in cluster mode on the one database (docs/scaling.md): it takes only the games of
its own share (new games get ids of the share of the worker that makes them), so the leases never move between
workers while they live, and every write is fenced as with several servers. On an SQLite file, the router also starts
one database writer process (daimyo/server/writer.py) that commits the writes of every worker, each sent over the
worker's own Unix socket. HTTP responses close their connection,
so that a browser's next request is routed again by its own path; a WebSocket stays with its worker for its life.

Linux only (``SCM_RIGHTS``, ``SOCK_SEQPACKET``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import signal
import socket
import subprocess
import sys
import zlib
from collections.abc import Callable
from typing import Any

log = logging.getLogger("daimyo.server")

#: a game id in a request's path (new_games.py makes them: "g-" and ten hex digits)
GAME_IN_PATH = re.compile(rb"/(g-[0-9a-f]{10})(?=[/?# ]|$)")
#: a request for one worker's own figures: ``?worker=K`` (or ``&worker=K``) in the query
WORKER_IN_QUERY = re.compile(rb"[?&]worker=(\d{1,4})(?=[& #]|$)")
HEAD_BYTES = 4096   # at most this much of a request is looked at for its first line


def worker_of(game_id: str, workers: int) -> int:
    """The worker (0 to ``workers`` - 1) whose share holds ``game_id``: the same in the router and in every worker."""
    return zlib.crc32(game_id.encode("ascii", "replace")) % workers


def route(head: bytes, workers: int, turn: int) -> int:
    """The worker for a connection whose request begins with ``head``; ``turn`` picks one for a request of no game."""
    line = head.split(b"\r\n", 1)[0]
    parts = line.split(b" ")
    target = parts[1] if len(parts) >= 2 else b""
    path = target.split(b"?", 1)[0]
    game = GAME_IN_PATH.search(path)
    if game is not None:
        return worker_of(game.group(1).decode("ascii"), workers)
    asked = WORKER_IN_QUERY.search(target)
    if asked is not None and int(asked.group(1)) < workers:
        return int(asked.group(1))
    return turn % workers


# ------------------------------------------------------------------ the router
class Router:
    """Accepts each connection on the port and hands it to its worker (module docstring)."""

    def __init__(self, listener: socket.socket, channels: list[socket.socket], header_timeout: float, max_pending: int):
        self.listener, self.channels, self.header_timeout = listener, channels, header_timeout
        self.max_pending = max(1, max_pending)   # connections whose first line is awaited, at most (then closed at once)
        self.turn = 0
        self._tasks: set[asyncio.Task] = set()

    async def serve(self) -> None:
        loop = asyncio.get_running_loop()
        self.listener.setblocking(False)
        while True:
            try:
                conn, _ = await loop.sock_accept(self.listener)
            except OSError as e:   # out of file descriptors, a connection reset before it was taken: go on
                log.warning("accepting a connection failed (%s)", e)
                await asyncio.sleep(0.05)
                continue
            if len(self._tasks) >= self.max_pending:   # a flood of connections that send nothing: no more held
                conn.close()
                continue
            task = loop.create_task(self._hand(conn))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _hand(self, conn: socket.socket) -> None:
        with conn:
            try:
                async with asyncio.timeout(self.header_timeout):
                    head = await self._peek(conn)
            except (TimeoutError, OSError):
                return   # no request line in time, or the client went away: the connection is closed
            if not head:
                return
            k = route(head, len(self.channels), self.turn)
            self.turn += 1
            try:
                socket.send_fds(self.channels[k], [b"c"], [conn.fileno()])
            except OSError as e:   # the worker's queue is full or it is gone: this connection is refused
                log.warning("worker %d could not take a connection (%s)", k, e)

    @staticmethod
    async def _peek(conn: socket.socket) -> bytes:
        """The start of the request, left in the socket for the worker to read; once its first line is complete."""
        loop = asyncio.get_running_loop()
        fd = conn.fileno()
        while True:
            ready: asyncio.Future = loop.create_future()
            loop.add_reader(fd, _wake, ready)
            try:
                await ready
            finally:
                loop.remove_reader(fd)
            head = conn.recv(HEAD_BYTES, socket.MSG_PEEK)
            if not head or b"\r\n" in head or len(head) >= HEAD_BYTES:
                return head
            await asyncio.sleep(0.01)   # the first line comes in pieces: look again shortly (it stays readable)


def _wake(ready: asyncio.Future) -> None:
    if not ready.done():
        ready.set_result(None)


def _stop(stop: asyncio.Future) -> None:
    if not stop.done():
        stop.set_result(0)


def run_router(host: str, port: int, workers: int, worker_args: Callable[[int, int, int | None], list[str]],
               header_timeout: float, max_pending: int, writer_args: Callable[[list[int]], list[str]] | None = None) -> int:
    """Listen on host:port, start ``workers`` worker processes (``worker_args(k, fd, writer_fd)``: worker k's command
    line, its end of the channel being file descriptor ``fd``, of its socket to the writer ``writer_fd``) and hand them
    the connections until Ctrl+C / SIGTERM; then stop them. With ``writer_args`` (an SQLite file), one database writer
    process is started first (``writer_args(fds)``: its command line, its ends of the workers' sockets being ``fds``),
    which commits the writes of every worker (daimyo/server/writer.py); it stops when every worker has. At most
    ``max_pending`` connections wait for their first line (``header_timeout`` seconds each). A worker or the writer
    that dies stops the whole server (exit status 1), so that its supervisor starts it again."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    listener = socket.socket(family, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind((host, port))
    listener.listen(4096)
    channels, procs = [], []
    writer = None
    pairs = [socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM) for _ in range(workers)] if writer_args else []
    if writer_args is not None:
        fds = [w.fileno() for w, _ in pairs]
        writer = subprocess.Popen(writer_args(fds), pass_fds=fds)
        for w, _ in pairs:
            w.close()
    for k in range(workers):
        mine, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        mine.setblocking(False)
        channels.append(mine)
        fds = [theirs.fileno()]
        writer_fd = None
        if pairs:
            writer_fd = pairs[k][1].fileno()
            fds.append(writer_fd)
        procs.append(subprocess.Popen(worker_args(k, theirs.fileno(), writer_fd), pass_fds=fds))
        theirs.close()
        if pairs:
            pairs[k][1].close()
    router = Router(listener, channels, header_timeout, max_pending)

    async def main() -> int:
        loop = asyncio.get_running_loop()
        stop: asyncio.Future = loop.create_future()
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(sig, _stop, stop)
        serving = loop.create_task(router.serve())
        while not stop.done():
            dead = [k for k, p in enumerate(procs) if p.poll() is not None]
            if dead:
                log.error("worker %d stopped (exit status %s): the server stops", dead[0], procs[dead[0]].returncode)
                stop.set_result(1)
                break
            if writer is not None and writer.poll() is not None:
                # the workers' writes already fail (and their /healthz says so); nothing unstored was acknowledged
                log.error("the database writer stopped (exit status %s): the server stops", writer.returncode)
                stop.set_result(1)
                break
            await asyncio.wait([stop], timeout=0.5)
        serving.cancel()
        return stop.result()

    try:
        status = asyncio.run(main())
    finally:
        listener.close()
        for c in channels:
            c.close()   # each worker reads the end of its channel and stops as on Ctrl+C
        for p in procs:
            with contextlib.suppress(ProcessLookupError):
                p.send_signal(signal.SIGTERM)
        for p in procs:
            try:
                p.wait(timeout=15)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait()
        if writer is not None:   # every worker gone, their sockets closed: the writer has committed all and stops
            try:
                writer.wait(timeout=15)
            except subprocess.TimeoutExpired:
                writer.kill()
                writer.wait()
    return status


# ------------------------------------------------------------------ a worker
def worker_server(config: Any, channel_fd: int) -> Any:
    """A uvicorn server that listens on no port of its own: it serves the connections the router hands it over the
    channel (file descriptor ``channel_fd``), and stops when the router closes the channel."""
    import uvicorn

    channel = socket.socket(fileno=channel_fd)
    channel.setblocking(False)

    class WorkerServer(uvicorn.Server):
        async def startup(self, sockets: list[socket.socket] | None = None) -> None:
            await self.lifespan.startup()
            if self.lifespan.should_exit:
                sys.exit(3)
            config = self.config

            def create_protocol() -> asyncio.Protocol:
                return config.http_protocol_class(config=config, server_state=self.server_state,   # type: ignore[call-arg]
                                                  app_state=self.lifespan.state)

            self.servers = []
            loop = asyncio.get_running_loop()
            self._taking: set[asyncio.Task] = set()
            loop.add_reader(channel.fileno(), self._take, loop, create_protocol)
            self.started = True

        def _take(self, loop: asyncio.AbstractEventLoop, create_protocol: Callable[[], asyncio.Protocol]) -> None:
            while True:
                try:
                    _, fds, _, _ = socket.recv_fds(channel, 1, 16)
                except BlockingIOError:
                    return
                except OSError:
                    fds = []
                if not fds:   # the router closed the channel: stop as on Ctrl+C
                    loop.remove_reader(channel.fileno())
                    self.should_exit = True
                    return
                for fd in fds:
                    conn = socket.socket(fileno=fd)
                    conn.setblocking(False)
                    task = loop.create_task(self._adopt(loop, conn, create_protocol))
                    self._taking.add(task)
                    task.add_done_callback(self._taking.discard)

        @staticmethod
        async def _adopt(loop: asyncio.AbstractEventLoop, conn: socket.socket,
                         create_protocol: Callable[[], asyncio.Protocol]) -> None:
            try:
                await loop.connect_accepted_socket(create_protocol, conn)
            except OSError:
                conn.close()

        async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
            with contextlib.suppress(Exception):
                asyncio.get_running_loop().remove_reader(channel.fileno())
            await super().shutdown(sockets)

    return WorkerServer(config)


class CloseAfterResponse:
    """ASGI middleware of a worker: every HTTP response closes its connection (``Connection: close``), so that the
    browser's next request comes through the router again and reaches the worker of its own game."""

    def __init__(self, app: Any):
        self.app = app

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def closing(message: dict) -> None:
            if message["type"] == "http.response.start":
                headers = [(k, v) for k, v in message.get("headers", []) if k.lower() != b"connection"]
                message = {**message, "headers": [*headers, (b"connection", b"close")]}
            await send(message)

        await self.app(scope, receive, closing)


def worker_pids(pid: int) -> list[int]:
    """The worker processes of a router (Linux /proc), for the load test's CPU accounting."""
    try:
        with open(f"/proc/{pid}/task/{pid}/children") as f:
            return [int(x) for x in f.read().split()]
    except OSError:
        return []


__all__ = ["CloseAfterResponse", "Router", "route", "run_router", "worker_of", "worker_pids", "worker_server"]
