"""Past one process (issue 15): two `daimyo serve` processes share one PostgreSQL database, each game
owned by one of them through a lease kept in the database. One is killed mid-game; its game goes on
in the other, with every acknowledged action there."""

from __future__ import annotations

import json
import time
import urllib.error

import pytest
from websockets.exceptions import ConnectionClosed

from tests.server.process import Server, recv_type
from tests.server.test_postgres import pg_url  # noqa: F401  (the throwaway PostgreSQL cluster)

CLUSTER = ("cluster=true", "lease_seconds=1.5")


def _act(ws, state):
    ws.send(json.dumps({"type": "act", "action": state["legal"][0]}))
    ack = recv_type(ws, "ack")
    return ack["seq"], recv_type(ws, "state")


def _status(server, path):
    try:
        server.get(path)
        return 200
    except urllib.error.HTTPError as e:
        return e.code


def test_a_killed_process_s_game_goes_on_in_the_other_with_nothing_acknowledged_lost(pg_url):  # noqa: F811
    a, b = Server(pg_url, settings=CLUSTER), Server(pg_url, settings=CLUSTER)
    try:
        game = a.create({"game": "rokugan", "seats": [{"kind": "human"}, {"kind": "human"}], "practice": True, "seed": 4, "public": True})
        tokens = [a.claim(game, seat) for seat in (0, 1)]
        sockets = [a.socket(game["id"], seat, tokens[seat]) for seat in (0, 1)]
        states = [s for _, s in sockets]
        acked = 0
        for _ in range(8):
            seat = next(i for i, st in enumerate(states) if st["legal"])
            acked, states[seat] = _act(sockets[seat][0], states[seat])
            states[1 - seat] = recv_type(sockets[1 - seat][0], "state")
        assert acked == 8
        # while its owner lives, the other process sends clients back (503, WebSocket close 1013)
        assert _status(b, f"/api/games/{game['id']}") == 503
        with pytest.raises(ConnectionClosed) as closed:
            b.socket(game["id"])
        assert closed.value.rcvd.code == 1013

        a.kill()
        deadline = time.monotonic() + 15
        while _status(b, f"/api/games/{game['id']}") != 200:
            assert time.monotonic() < deadline, "the other process never took the game over"
            time.sleep(0.2)
        ws, state = b.socket(game["id"], 0, tokens[0])
        other, other_state = b.socket(game["id"], 1, tokens[1])
        assert state["seq"] == acked == other_state["seq"]
        for _ in range(4):   # and it goes on
            mover, mover_state = (ws, state) if state["legal"] else (other, other_state)
            seq, new_state = _act(mover, mover_state)
            if mover is ws:
                state, other_state = new_state, recv_type(other, "state")
            else:
                other_state, state = new_state, recv_type(ws, "state")
        assert seq == acked + 4
    finally:
        for server in (a, b):
            server.stop()


def test_a_new_game_is_owned_by_the_process_that_made_it_and_the_list_is_shared(pg_url):  # noqa: F811
    a, b = Server(pg_url, settings=CLUSTER), Server(pg_url, settings=CLUSTER)
    try:
        made = b.create({"game": "rokugan", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}], "public": True})
        assert _status(b, f"/api/games/{made['id']}") == 200
        assert _status(a, f"/api/games/{made['id']}") == 503
        assert made["id"] in [g["id"] for g in a.get("/api/games")["games"]]
    finally:
        for server in (a, b):
            server.stop()
