"""Nothing is lost: every accepted action is committed before it is acknowledged.

A real server process (uvicorn, SQLite file) is killed with SIGKILL in the middle of games and
started again on the same database: every game continues at exactly the position of its last
acknowledged action, and its bots go on playing.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request

from websockets.sync.client import connect

from daimyo.core.game import Action
from daimyo.rokugan import new_game


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    def __init__(self, db: str, port: int, bot_delay: float = 0.0):
        self.port = port
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "daimyo.cli.main", "serve", "--port", str(port), "--db", db, "--bot-delay", str(bot_delay)],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env={**os.environ, "PYTHONUNBUFFERED": "1"})
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

    def get(self, path):
        with urllib.request.urlopen(f"http://127.0.0.1:{self.port}{path}", timeout=10) as r:
            return json.loads(r.read())

    def post(self, path, body):
        req = urllib.request.Request(f"http://127.0.0.1:{self.port}{path}", data=json.dumps(body).encode(),
                                     headers={"content-type": "application/json"})
        with urllib.request.urlopen(req, timeout=10) as r:
            return json.loads(r.read())

    def socket(self, game_id, seat, token):
        ws = connect(f"ws://127.0.0.1:{self.port}/ws/games/{game_id}", open_timeout=10).__enter__()
        ws.send(json.dumps({"type": "hello", "seat": seat, "token": token}))
        msgs = [json.loads(ws.recv(timeout=10)) for _ in range(3)]
        assert [m["type"] for m in msgs] == ["welcome", "log", "state"], msgs
        return ws, msgs[2]

    def kill(self):
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=10)

    def stop(self):
        if self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(timeout=10)


def recv_type(ws, kind):
    while True:
        m = json.loads(ws.recv(timeout=10))
        if m["type"] == kind:
            return m


def test_sigkill_mid_game_then_restart_continues_at_the_last_acknowledged_action(tmp_path):
    db = f"sqlite:///{tmp_path / 'games.sqlite'}"
    port = free_port()
    server = Server(db, port)
    try:
        games = []
        for seed in (3, 4):  # two games in progress at the moment of the crash
            g = server.post("/api/games", {"seed": seed, "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "human"}]})
            games.append(g)
        acked = {g["id"]: [] for g in games}
        socks = {}
        for g in games:
            for s in g["seats"]:
                socks[(g["id"], s["seat"])] = server.socket(g["id"], s["seat"], s["token"])
        # play 60 actions in each game, round robin, waiting for each acknowledgement
        for step in range(60):
            for g in games:
                for seat in range(3):
                    ws, st = socks[(g["id"], seat)]
                    if st["legal"]:
                        break
                ws.send(json.dumps({"type": "act", "action": st["legal"][step % len(st["legal"])]}))
                ack = recv_type(ws, "ack")
                acked[g["id"]].append((seat, st["legal"][step % len(st["legal"])]))
                assert ack["seq"] == len(acked[g["id"]])
                for s in range(3):
                    ws_s, _ = socks[(g["id"], s)]
                    socks[(g["id"], s)] = (ws_s, recv_type(ws_s, "state"))
        # one more action sent and the server killed before its answer can be read
        g0 = games[0]
        for seat in range(3):
            ws, st = socks[(g0["id"], seat)]
            if st["legal"]:
                break
        unacked = (seat, st["legal"][0])
        ws.send(json.dumps({"type": "act", "action": unacked[1]}))
        server.kill()
        for ws, _ in socks.values():
            ws.close()

        server = Server(db, port)
        for g, seed in zip(games, (3, 4)):
            actions = acked[g["id"]]
            clans = [s["clan"] for s in g["seats"]]
            ws, st = server.socket(g["id"], 0, g["seats"][0]["token"])
            ws.close()
            if g is g0 and st["seq"] == len(actions) + 1:
                actions = actions + [unacked]  # committed, but the ack was lost with the process
            assert st["seq"] == len(actions), "the game did not continue at its last acknowledged action"
            expected = new_game(players=3, seed=seed, clans=clans)
            for seat, text in actions:
                expected.apply(Action(seat, text))
            for seat in range(3):
                ws, st = server.socket(g["id"], seat, g["seats"][seat]["token"])
                assert st["view"] == json.loads(json.dumps(expected.view(seat)))
                ws.close()
            # and the game goes on
            seat = expected.to_act()[0]
            ws, st = server.socket(g["id"], seat, g["seats"][seat]["token"])
            ws.send(json.dumps({"type": "act", "action": st["legal"][0]}))
            assert recv_type(ws, "ack")["seq"] == len(actions) + 1
            ws.close()
    finally:
        server.stop()


def test_bots_go_on_after_a_crash_and_the_game_reaches_its_end(tmp_path):
    db = f"sqlite:///{tmp_path / 'games.sqlite'}"
    port = free_port()
    server = Server(db, port, bot_delay=0.002)
    try:
        g = server.post("/api/games", {"seed": 8, "seats": [{"kind": "bot"}, {"kind": "bot"}, {"kind": "bot"}]})
        time.sleep(0.3)
        server.kill()
        server = Server(db, port, bot_delay=0.0)
        deadline = time.monotonic() + 60
        while server.get(f"/api/games/{g['id']}")["status"] != "over":
            assert time.monotonic() < deadline, "the bots did not finish the game after the restart"
            time.sleep(0.1)
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games/{g['id']}/record", timeout=10) as r:
            record = r.read().decode()
        from daimyo.rokugan.record import replay
        assert replay(record).state.result == server.get(f"/api/games/{g['id']}")["result"]
    finally:
        server.stop()
