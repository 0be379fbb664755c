"""The one writer of an SQLite file that several server processes share (the jobs it commits: daimyo/server/jobs.py).

With ``daimyo serve --workers N`` on an SQLite file, one **writer process** (:func:`serve`, started by the router,
daimyo/server/workers.py) owns the only connection that writes: each worker sends its jobs over its own Unix socket
(:class:`WriterClient`), the writer commits what every worker has sent since its last commit as one transaction, and
answers each job on its own socket. A frame on the socket is a 4-byte big-endian length and a JSON payload: a request
``[id, steps]``; a reply ``[id, error, commit, seconds, writes]``, and the job's result as a sixth item when it has
one (``error``: null, ``["fenced", why]`` or ``["error", why]``; ``commit``: the commit's serial number, ``seconds``
its duration, ``writes`` how many jobs it held, for the metrics). docs/scaling.md tells the whole of it.
"""

from __future__ import annotations

import logging
import selectors
import signal
import socket
import sys
import time

from sqlalchemy import create_engine

from daimyo.server.jobs import MAX_BATCH, BadJob, Checkpointer, Committer, Job, error_of, frame, frames, parse_request, receive, reply_frame, write_engine

log = logging.getLogger("daimyo.server")

class _Channel:
    """One worker's socket, at the writer: what came in and is not a whole frame yet, the answers not sent yet."""

    def __init__(self, sock: socket.socket):
        self.sock = sock
        self.buf = bytearray()
        self.out = bytearray()
        self.writing = False   # waiting for room in the socket (a worker that does not read its answers for now)

    def flush(self, sel: selectors.BaseSelector) -> None:
        """Send what the socket takes now, never waiting: a worker that does not read holds up no other worker."""
        try:
            n = self.sock.send(self.out) if self.out else 0
        except BlockingIOError:
            n = 0
        except OSError:   # the worker is gone: its socket is read as closed next
            n = len(self.out)
        del self.out[:n]
        if bool(self.out) != self.writing:
            self.writing = bool(self.out)
            sel.modify(self.sock.fileno(), selectors.EVENT_READ | (selectors.EVENT_WRITE if self.writing else 0))


def serve(url: str, fds: list[int]) -> int:
    """The writer process: commits the jobs of the workers on the sockets ``fds`` (module docstring) until every
    worker has closed its socket. Ctrl+C is left to the workers (they close their sockets when they stop)."""
    import daimyo.server.ratings  # noqa: F401  (registers its in-transaction write)

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    engine = write_engine(url, pool_size=1, max_overflow=0)
    committer = Committer(engine)
    checkpoints = Checkpointer(create_engine(url)) if engine.dialect.name == "sqlite" else None
    sel = selectors.DefaultSelector()
    chans: dict[int, _Channel] = {}
    for fd in fds:
        sock = socket.socket(fileno=fd)
        sock.setblocking(False)
        chans[fd] = _Channel(sock)
        sel.register(fd, selectors.EVENT_READ)
    serial = 0
    waiting: list[tuple[_Channel, int, Job]] = []
    while chans:
        for key, mask in sel.select(timeout=0 if waiting else None):
            ch = chans[key.fd]
            if mask & selectors.EVENT_WRITE:
                ch.flush(sel)
            if not mask & selectors.EVENT_READ:
                continue
            data = receive(ch.sock, 1 << 20)
            if data is None:
                continue
            if not data:
                sel.unregister(key.fd)
                ch.sock.close()
                del chans[key.fd]
                continue
            ch.buf += data
            try:
                for payload in frames(ch.buf):
                    try:
                        job_id, job = parse_request(payload)
                    except BadJob as e:
                        refused = getattr(e, "job_id", None)
                        if refused is None:
                            raise
                        ch.out += frame([refused, ["error", f"not a job: {e}"], serial, 0.0, 0])
                        continue
                    waiting.append((ch, job_id, job))
            except BadJob as e:   # not a worker of this server speaking: its socket is closed
                log.error("database writer: a worker's socket sent no job (%s); it is closed", e)
                sel.unregister(key.fd)
                ch.sock.close()
                del chans[key.fd]
        batch, waiting = waiting[:MAX_BATCH], waiting[MAX_BATCH:]
        if batch:
            serial += 1
            started = time.perf_counter()
            results: list = []
            errors = committer.commit([job for _, _, job in batch], results)
            seconds = time.perf_counter() - started
            for (ch, job_id, _), err, result in zip(batch, errors, results, strict=True):
                reply = [job_id, error_of(err), serial, seconds, len(batch)]
                if result is not None and err is None:
                    reply.append(result)
                ch.out += reply_frame(reply)
        for ch in chans.values():
            if ch.out and not ch.writing:
                ch.flush(sel)
    if checkpoints is not None:
        checkpoints.stop()
    engine.dispose()
    return 0


def main(argv: list[str] | None = None) -> int:
    """``python -m daimyo.server.writer URL FD[,FD...]``: the writer process (started by the router)."""
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 2:
        print("usage: python -m daimyo.server.writer DB_URL FD[,FD...]", file=sys.stderr)
        return 2
    logging.basicConfig(level=logging.WARNING)
    return serve(args[0], [int(x) for x in args[1].split(",")])


if __name__ == "__main__":
    sys.exit(main())


__all__ = ["main", "serve"]
