"""``daimyo serve --workers N`` (daimyo/server/workers.py): one port, N worker processes, each serving the games of
its own share; the router hands each connection to the worker of the game its first request line names."""

from __future__ import annotations

import json
import os
import signal
import time

from daimyo.server.workers import route, worker_of
from tests.server.process import Server, recv_type


def test_a_connection_goes_to_the_worker_of_the_game_its_request_names():
    gid = "g-0123456789"
    for workers in (2, 3, 5):
        k = worker_of(gid, workers)
        for line in (f"GET /ws/games/{gid} HTTP/1.1", f"POST /api/games/{gid}/claim HTTP/1.1",
                     f"GET /game/{gid}?seat=1 HTTP/1.1", f"GET /api/games/{gid} HTTP/1.1"):
            assert all(route(f"{line}\r\nHost: x\r\n".encode(), workers, turn) == k for turn in range(workers))
    # the operator's figures of one worker; anything else in turn
    assert route(b"GET /metrics?worker=1 HTTP/1.1\r\n", 2, 0) == 1
    assert route(b"GET /api/stats?x=1&worker=2 HTTP/1.1\r\n", 3, 0) == 2
    assert route(b"GET /metrics?worker=7 HTTP/1.1\r\n", 2, 5) == 1          # no such worker: in turn
    assert [route(b"GET / HTTP/1.1\r\n", 3, t) for t in range(4)] == [0, 1, 2, 0]
    assert route(b"GET /ws/games/g-XYZ HTTP/1.1\r\n", 2, 1) == 1             # not a game id: in turn
    assert route(b"\x16\x03\x01 garbage", 2, 0) == 0


def _play(server: Server, game: dict, moves: int) -> int:
    tokens = [server.claim(game, seat) for seat in (0, 1)]
    sockets = [server.socket(game["id"], seat, tokens[seat]) for seat in (0, 1)]
    states = [s for _, s in sockets]
    seq = 0
    for _ in range(moves):
        seat = next(i for i, st in enumerate(states) if st["legal"])
        sockets[seat][0].send(json.dumps({"type": "act", "action": states[seat]["legal"][0]}))
        seq = recv_type(sockets[seat][0], "ack")["seq"]
        states = [recv_type(ws, "state") for ws, _ in sockets]
    for ws, _ in sockets:
        ws.close()
    return seq


def test_two_workers_share_the_games_of_one_port_and_stop_together(tmp_path):
    db = f"sqlite:///{tmp_path / 'games.sqlite'}"
    server = Server(db, workers=2)
    try:
        games = [server.create({"game": "rokugan", "seats": [{"kind": "human"}] * 2, "practice": True, "seed": k,
                                "public": True}) for k in range(6)]
        # new games are made by the workers in turn, each with an id of its own share
        assert {worker_of(g["id"], 2) for g in games} == {0, 1}
        for g in games:
            assert _play(server, g, 3) == 3
        live = [server.get(f"/api/stats?worker={k}")["games_live"] for k in (0, 1)]
        assert live == [sum(1 for g in games if worker_of(g["id"], 2) == k) for k in (0, 1)]
        status, headers, _ = server.request("GET", "/api/bots")
        assert status == 200 and headers["connection"] == "close"   # the next request is routed again
        assert len(server.get("/api/games")["games"]) == 6          # the lobby, from the database, at either worker
    finally:
        server.proc.send_signal(signal.SIGINT)
        assert server.proc.wait(timeout=30) == 0
    # started again on the same database: each game is back with its worker at once (the leases were given up)
    again = Server(db, workers=2)
    try:
        for g in games:
            assert server_state(again, g)["seq"] == 3
    finally:
        again.stop()


def server_state(server: Server, game: dict) -> dict:
    _, state = server.socket(game["id"])
    return state


def test_a_worker_that_dies_stops_the_server(tmp_path):
    server = Server(f"sqlite:///{tmp_path / 'games.sqlite'}", workers=2)
    try:
        workers = children(server.proc.pid, "--worker")
        assert len(workers) == 2
        os.kill(workers[1], signal.SIGKILL)
        assert server.proc.wait(timeout=30) == 1
        deadline = time.monotonic() + 20
        while any(_alive(p) for p in workers):
            assert time.monotonic() < deadline, "a worker outlived its router"
            time.sleep(0.1)
    finally:
        server.stop()


def children(pid: int, marker: str) -> list[int]:
    """The child processes of ``pid`` whose command line holds ``marker`` (Linux /proc)."""
    with open(f"/proc/{pid}/task/{pid}/children") as f:
        pids = [int(x) for x in f.read().split()]
    out = []
    for child in pids:
        with open(f"/proc/{child}/cmdline", "rb") as f:
            if marker.encode() in f.read():
                out.append(child)
    return out


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/status") as f:
            return "zombie" not in f.read()
    except OSError:
        return False


def test_processes_sharing_an_sqlite_file_take_turns_to_write(tmp_path):
    """Stores that share an SQLite file with other processes (cluster mode: the workers) write in turns through a lock
    file beside it: a write waits while another holds the turn, and goes in the moment it is let go."""
    import asyncio
    import fcntl

    from daimyo.server.store import Store, games

    path = tmp_path / "games.sqlite"
    store = Store(f"sqlite:///{path}", shared=True)
    try:
        lock = tmp_path / "games.sqlite-writers.lock"
        assert lock.exists()

        async def scenario():
            with open(lock, "a+b") as other:   # another process's writer holds the turn
                fcntl.flock(other.fileno(), fcntl.LOCK_EX)
                write = asyncio.ensure_future(store.write(games.delete().where(games.c.id == "g-none")))
                await asyncio.sleep(0.5)
                assert not write.done()
                fcntl.flock(other.fileno(), fcntl.LOCK_UN)
                await asyncio.wait_for(write, 10)

        asyncio.run(scenario())
    finally:
        store.close()
    alone = Store(f"sqlite:///{tmp_path / 'alone.sqlite'}")   # one process: no lock file
    alone.close()
    assert not (tmp_path / "alone.sqlite-writers.lock").exists()


def test_the_router_holds_at_most_max_connections_that_send_nothing(tmp_path):
    """Connections that never send their request line are held by the router for header_timeout at most, and no
    more of them than max_connections: past it a new connection is closed at once, and once they are gone the
    server answers again."""
    import socket as sockets

    server = Server(f"sqlite:///{tmp_path / 'games.sqlite'}", workers=2,
                    settings=("max_connections=4", "header_timeout=30"))
    try:
        idle = [sockets.create_connection(("127.0.0.1", server.port)) for _ in range(4)]
        time.sleep(0.5)
        extra = sockets.create_connection(("127.0.0.1", server.port))
        extra.settimeout(5)
        assert extra.recv(100) == b""   # closed at once, not after 30 s
        extra.close()
        for s in idle:
            s.close()
        deadline = time.monotonic() + 10
        while True:
            try:
                assert server.get("/api/bots")
                break
            except OSError:
                assert time.monotonic() < deadline, "the server did not answer again"
                time.sleep(0.1)
    finally:
        server.stop()
