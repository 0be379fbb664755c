"""Nothing is lost: every accepted action is committed before it is acknowledged.

A real server process (uvicorn, SQLite file) is killed with SIGKILL in the middle of games and
started again on the same database: every game continues at exactly the position of its last
acknowledged action, and its bots go on playing.
"""

from __future__ import annotations

import json
import time

from daimyo.core.game import Action
from daimyo.rokugan import new_game
from tests.server.process import Server, free_port, recv_type


def test_sigkill_mid_game_then_restart_continues_at_the_last_acknowledged_action(tmp_path):
    db = f"sqlite:///{tmp_path / 'games.sqlite'}"
    port = free_port()
    server = Server(db, port)
    try:
        games = []
        for seed in (3, 4):  # two games in progress at the moment of the crash
            g = server.post("/api/games", {"seed": seed, "practice": True,
                                           "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "human"}]})
            for s in g["seats"]:
                s["token"] = server.claim(g, s["seat"])
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
            clans = [s["choice"] for s in g["seats"]]
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
        g = server.post("/api/games", {"seed": 8, "practice": True, "public": True,
                                       "seats": [{"kind": "bot"}, {"kind": "bot"}, {"kind": "bot"}]})
        time.sleep(0.3)
        server.kill()
        server = Server(db, port, bot_delay=0.0)
        deadline = time.monotonic() + 60
        while server.get(f"/api/games/{g['id']}")["status"] != "over":
            assert time.monotonic() < deadline, "the bots did not finish the game after the restart"
            time.sleep(0.1)
        status, _, body = server.request("GET", f"/api/games/{g['id']}/record")
        assert status == 200
        record = body.decode()
        from daimyo.rokugan.record import replay
        assert replay(record).state.result == server.get(f"/api/games/{g['id']}")["result"]
    finally:
        server.stop()
