"""Issue 24, item 3: idle connections from one address no longer lock everyone out (docs/security.md).

Each runs against a real ``daimyo serve`` process on 127.0.0.1; other clients come from other loopback addresses
(127.0.0.2 and up, all of them this machine).
"""

from __future__ import annotations

import http.client
import json
import socket
import time

import pytest
from websockets.sync.client import connect

from tests.server.process import Server

# a header deadline far past the test, so that only the gate closes connections here
SETTINGS = ("connections_per_address=20", "max_connections=120", "idle_reserve=0.25", "header_timeout=60")


@pytest.fixture
def server(tmp_path):
    s = Server(f"sqlite:///{tmp_path / 'games.sqlite'}", settings=SETTINGS)
    yield s
    s.stop()


def idle_sockets(server: Server, source: str, n: int) -> list[socket.socket]:
    """``n`` TCP connections from ``source`` that send nothing."""
    return [socket.create_connection(("127.0.0.1", server.port), timeout=10, source_address=(source, 0)) for _ in range(n)]


def what_came(socks: list[socket.socket], wait: float = 1.5) -> list[bytes | None]:
    """For each connection, after ``wait`` seconds: what the server sent before closing it (b"" for a bare close),
    or None while it stays open."""
    time.sleep(wait)
    out: list[bytes | None] = []
    for sock in socks:
        sock.setblocking(False)
        got = b""
        try:
            while chunk := sock.recv(4096):
                got += chunk
            out.append(got)
        except BlockingIOError:
            out.append(got or None)
        except ConnectionResetError:
            out.append(got)
    return out


def get_from(server: Server, source: str, path: str = "/api/bots") -> int:
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10, source_address=(source, 0))
    try:
        conn.request("GET", path)
        return conn.getresponse().status
    finally:
        conn.close()


def post_from(server: Server, source: str, path: str, body: dict) -> dict:
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10, source_address=(source, 0))
    try:
        conn.request("POST", path, body=json.dumps(body).encode(), headers={"content-type": "application/json"})
        return json.loads(conn.getresponse().read())
    finally:
        conn.close()


def ws_from(server: Server, source: str, game_id: str):
    """A WebSocket to a game from the loopback address ``source``."""
    sock = socket.create_connection(("127.0.0.1", server.port), timeout=10, source_address=(source, 0))
    return connect(f"ws://127.0.0.1:{server.port}/ws/games/{game_id}", sock=sock, open_timeout=10).__enter__()


def close_all(socks) -> None:
    for s in socks:
        s.close()


def test_one_address_holds_at_most_its_share_and_another_address_is_still_served(server):
    """1,050 idle connections from one address gave every other client 503: now the address holds at most
    connections_per_address (HTTP and WebSocket together), the rest are answered 429 and closed at once, and a
    client from another address is served (HTTP and WebSocket)."""
    held = idle_sockets(server, "127.0.0.1", 50)
    try:
        assert get_from(server, "127.0.0.2") == 200
        came = what_came(held)
        kept = [c for c in came if c is None]
        refused = [c for c in came if c is not None]
        assert len(kept) <= 20 and len(refused) >= 30
        assert all(c.startswith(b"HTTP/1.1 429") and b"too many open connections from your address (at most 20)" in c
                   for c in refused)
        with ws_from(server, "127.0.0.2", "nothing") as ws:
            assert json.loads(ws.recv(timeout=10))["code"] == "no-such-game"
    finally:
        close_all(held)
    time.sleep(0.5)   # the server sees them closed
    assert get_from(server, "127.0.0.1") == 200   # once they are closed, the address is served again


def test_websockets_and_http_connections_count_together(server):
    """Open WebSockets count against their address's cap with its HTTP connections."""
    game = post_from(server, "127.0.0.2", "/api/games", {"game": "rokugan", "public": True, "seats": [{"kind": "human"}, {"kind": "human"}]})
    watching = []
    try:
        for _ in range(20):
            ws = ws_from(server, "127.0.0.3", game["id"])
            ws.send(json.dumps({"type": "hello"}))
            assert json.loads(ws.recv(timeout=10))["type"] == "welcome"
            watching.append(ws)
        one_more = idle_sockets(server, "127.0.0.3", 1)
        [came] = what_came(one_more)
        assert came is not None and came.startswith(b"HTTP/1.1 429")
        assert get_from(server, "127.0.0.4") == 200
    finally:
        for ws in watching:
            ws.close()


    # once they are closed, the address is served again
    assert get_from(server, "127.0.0.1") == 200


def test_when_room_runs_short_the_oldest_idle_connections_are_closed_first(server):
    """Idle connections from many addresses, each within its cap, fill the server past its reserve: each new
    connection closes the oldest idle one, so a new client is served long before their header deadline."""
    groups = [idle_sockets(server, f"127.0.0.{i}", 20) for i in range(3, 8)]   # 100 connections; room for 90
    held = [s for g in groups for s in g]
    try:
        assert get_from(server, "127.0.0.9") == 200
        came = what_came(held)
        closed = [i for i, c in enumerate(came) if c == b""]
        assert len(closed) >= 10          # the server kept its reserve free
        assert 0 in closed                # the oldest went first
        assert came[-1] is None           # the newest stays
    finally:
        close_all(held)
