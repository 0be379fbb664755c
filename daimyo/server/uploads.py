"""Uploaded files are read in worker processes, never in the event loop (docs/security.md).

A position file (Rising Sun's war file) or a table's file (Senjutsu's card file) sent to the server is read by
:class:`FileReader`: one of a few worker
processes (``upload_workers``, started when first needed) runs the game's own reader on it, and a read that takes
longer than ``upload_seconds`` is cut short by stopping that worker (a fresh one takes its place), so a file
crafted to be slow to read costs the server at most that long, in another process, while every other request
goes on. What a worker sends back is plain data: the seats a position file makes, what a table's file adds (the
game's own :meth:`~daimyo.core.registry.TableOptions.read_upload`), or the reader's refusal (which names the line or
field).
"""

from __future__ import annotations

import logging
import multiprocessing
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

log = logging.getLogger("daimyo.server")

__all__ = ["FileReader", "UploadError", "table_upload", "war_file_seats"]

#: seconds a new worker process may take to start (import the games) before the read is refused
START_SECONDS = 60.0


class UploadError(Exception):
    """An uploaded file refused: HTTP ``status`` and a message naming the field and the limit or the reader's words."""

    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status, self.message = status, message


# ------------------------------------------------------------- what a worker runs
def war_file_seats(game: str, text: str) -> dict:
    """{"seats": [...]} of a position file (Rising Sun's war file), or {"error": the reader's words}."""
    from daimyo.server.games import hosted
    from daimyo.server.new_games import file_seats
    from daimyo.server.rooms import ActError

    rules = hosted(game)
    if rules is None or not rules.starts_from_file:
        return {"error": f"game: '{game}' does not start from a file"}
    try:
        return {"seats": file_seats(rules, text)}
    except ActError as e:
        return {"error": e.message}


def table_upload(game: str, text: str, max_depth: int) -> dict:
    """What the file of a table option adds (the game's ``table_options.read_upload``), or {"error": its words}."""
    from daimyo.core.registry import TableError
    from daimyo.server.games import hosted

    rules = hosted(game)
    if rules is None or rules.table_options is None or rules.table_options.upload is None:
        return {"error": f"game: '{game}' takes no file among its table options"}
    try:
        return rules.table_options.read_upload(text, max_depth)
    except TableError as e:
        return {"error": str(e)}


def _warm() -> None:
    """Import every hosted game's readers (a read of its first example file, its table options' choices), so that a
    read's time starts with them loaded."""
    from daimyo.server.games import hosted, hosted_games
    from daimyo.server.new_games import file_seats

    for name in hosted_games():
        rules = hosted(name)
        if rules is not None and rules.starts_from_file and rules.open_example is not None and rules.examples():
            file_seats(rules, rules.open_example(rules.examples()[0]))
        if rules is not None and rules.table_options is not None:
            rules.table_options.seat_choices(None)


def _serve(conn) -> None:
    """A worker process: read tasks (function, arguments) from ``conn`` and send back ("ok", result) or
    ("failed", what went wrong), until the server closes the pipe."""
    _warm()   # the readers are loaded before the first read's time starts
    conn.send(("ready", None))
    while True:
        try:
            fn, args = conn.recv()
        except (EOFError, OSError):
            return
        try:
            reply: tuple[str, Any] = ("ok", fn(*args))
        except Exception as e:   # a reader's bug or a file past Python's own limits: refused, the worker goes on
            reply = ("failed", type(e).__name__)
        try:
            conn.send(reply)
        except (OSError, ValueError):
            return


class _Worker:
    """One worker process and the server's end of its pipe."""

    def __init__(self) -> None:
        ctx = multiprocessing.get_context("spawn")   # a fresh interpreter: nothing of the server's threads or state
        self.conn, child = ctx.Pipe()
        self.proc = ctx.Process(target=_serve, args=(child,), name="daimyo-upload", daemon=True)
        self.proc.start()
        child.close()
        if not self.conn.poll(START_SECONDS) or self.conn.recv() != ("ready", None):
            self.stop()
            raise UploadError(503, "the server could not start a reader for files; try again later")

    def alive(self) -> bool:
        return self.proc.is_alive() and not self.conn.closed

    def stop(self) -> None:
        if self.proc.is_alive():
            self.proc.kill()
        self.proc.join(5)
        self.conn.close()


class FileReader:
    """A few worker processes that read uploaded files, each read within ``seconds``."""

    def __init__(self, workers: int, seconds: float):
        self.workers, self.seconds = max(1, workers), seconds
        self._threads = ThreadPoolExecutor(self.workers, thread_name_prefix="daimyo-upload")
        self._idle: list[_Worker] = []
        self._all: set[_Worker] = set()
        self._lock = threading.Lock()
        self._waiting = 0
        self._closed = False

    async def run(self, fn: Callable[..., Any], *args: Any) -> Any:
        """``fn(*args)`` in a worker process (``fn`` a module-level function, the arguments and result plain data);
        UploadError when it took longer than ``seconds`` or failed, or when too many reads wait already."""
        import asyncio

        if self._waiting >= self.workers * 8:
            raise UploadError(503, "the server is reading many files now; try again in a moment")
        self._waiting += 1
        try:
            kind, value = await asyncio.get_running_loop().run_in_executor(self._threads, self._call, fn, args)
        finally:
            self._waiting -= 1
        if kind == "timeout":
            raise UploadError(400, f"file: reading it took longer than {self.seconds:g} s, the most this server "
                                   f"allows (the upload_seconds setting); nothing was created")
        if kind != "ok":
            raise UploadError(400, f"file: it could not be read ({value}); nothing was created")
        return value

    def _call(self, fn, args) -> tuple[str, Any]:
        """In one of the reader's threads: the task sent to an idle worker (or a new one) and its answer awaited."""
        with self._lock:
            if self._closed:
                return "failed", "the server is stopping"
            worker = self._idle.pop() if self._idle else None
        if worker is None or not worker.alive():
            worker = _Worker()
            with self._lock:
                self._all.add(worker)
        try:
            worker.conn.send((fn, args))
            if not worker.conn.poll(self.seconds):
                self._drop(worker)
                log.warning("an uploaded file took longer than %g s to read; its reader was stopped", self.seconds)
                return "timeout", None
            kind, value = worker.conn.recv()
        except (EOFError, OSError):   # the worker died (out of memory, killed): a fresh one next time
            self._drop(worker)
            return "failed", "its reader stopped"
        with self._lock:
            if self._closed:
                worker.stop()
            else:
                self._idle.append(worker)
        return kind, value

    def _drop(self, worker: _Worker) -> None:
        worker.stop()
        with self._lock:
            self._all.discard(worker)

    def close(self) -> None:
        """Stop every worker (the server is stopping)."""
        with self._lock:
            self._closed = True
            workers, self._all, self._idle = list(self._all), set(), []
        for w in workers:
            w.stop()
        self._threads.shutdown(wait=False, cancel_futures=True)
