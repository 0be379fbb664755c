"""A real play-server process on 127.0.0.1 for the tests that run against one (crashes, attacks)."""

from __future__ import annotations

import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request

from websockets.sync.client import connect


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """``daimyo serve`` in its own process over the database ``db``; ``settings`` are NAME=VALUE pairs for --set."""

    def __init__(self, db: str, port: int | None = None, bot_delay: float = 0.0, settings: tuple[str, ...] = (),
                 workers: int = 1, module: str = "daimyo.cli.main"):
        """``module``: what ``python -m`` runs, daimyo's command line or a test's wrapper of it."""
        self.port = port or free_port()
        args = [sys.executable, "-m", module, "serve", "--port", str(self.port), "--db", db,
                "--bot-delay", str(bot_delay), "--workers", str(workers)]
        for pair in settings:
            args += ["--set", pair]
        self.proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                     env={**os.environ, "PYTHONUNBUFFERED": "1"})
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                self.get("/api/bots")
                return
            except OSError:
                if self.proc.poll() is not None:
                    raise RuntimeError(self.proc.stdout.read().decode())
                time.sleep(0.1)
        raise RuntimeError("the server did not start")

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def get(self, path):
        with urllib.request.urlopen(self.base + path, timeout=10) as r:
            return json.loads(r.read())

    def post(self, path, body):
        req = urllib.request.Request(self.base + path, data=json.dumps(body).encode(),
                                     headers={"content-type": "application/json"})
        with urllib.request.urlopen(req, timeout=10) as r:
            return json.loads(r.read())

    def request(self, method: str, path: str, body: bytes | None = None, headers: dict | None = None,
                timeout: float = 10) -> tuple[int, dict, bytes]:
        """(status, headers with lower-case names, body) of one raw HTTP request."""
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        try:
            conn.request(method, path, body=body, headers=headers or {})
            r = conn.getresponse()
            return r.status, {k.lower(): v for k, v in r.getheaders()}, r.read()
        finally:
            conn.close()

    def create(self, body: dict) -> dict:
        return self.post("/api/games", body)

    def claim(self, game: dict, seat: int) -> str:
        """Claim ``seat`` of a created game through its invitation; the seat's token."""
        return self.post(f"/api/games/{game['id']}/claim", {"code": game["invite"]["code"], "seat": seat})["token"]

    def socket(self, game_id, seat=None, token=None, key=None, **connect_args):
        """A WebSocket that said hello (as ``seat`` with ``token``, or as a spectator, showing ``key`` for a game that
        is not public) and read its first state."""
        ws = connect(f"ws://127.0.0.1:{self.port}/ws/games/{game_id}", open_timeout=10, **connect_args).__enter__()
        hello = {"type": "hello"} if seat is None else {"type": "hello", "seat": seat, "token": token}
        if key is not None:
            hello["key"] = key
        ws.send(json.dumps(hello))
        msgs = [json.loads(ws.recv(timeout=10)) for _ in range(3)]
        assert [m["type"] for m in msgs] == ["welcome", "log", "state"], msgs
        return ws, msgs[2]

    def rss_kib(self) -> int:
        """The server process's resident memory (KiB)."""
        with open(f"/proc/{self.proc.pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
        raise RuntimeError("no VmRSS")

    def output(self) -> str:
        """What the server printed (only once it has stopped)."""
        return self.proc.stdout.read().decode(errors="replace")

    def kill(self):
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=10)

    def stop(self):
        if self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(timeout=10)


def recv_type(ws, kind, timeout=10):
    while True:
        m = json.loads(ws.recv(timeout=timeout))
        if m["type"] == kind:
            return m
