"""Fixtures for the play server: an app over a fresh SQLite file, driven in-process by Starlette's TestClient."""

from __future__ import annotations

import time

import pytest
from starlette.testclient import TestClient

from daimyo.server.app import create_app
from daimyo.server.settings import Settings

# Starlette's test client calls itself "testserver"
# the per-client limits are tested against a real server process (test_attacks.py); here every request is "testclient"
TEST_SETTINGS = Settings(allowed_hosts=("testserver",), create_rate="100000/minute", connect_rate="100000/minute",
                         failed_seat_rate="100000/minute", connections_per_client=100000)


@pytest.fixture
def db_url(tmp_path):
    return f"sqlite:///{tmp_path / 'games.sqlite'}"


@pytest.fixture
def client(db_url):
    with TestClient(create_app(db_url, settings=TEST_SETTINGS)) as c:
        c.sessions = []
        yield c
        for ws in c.sessions:
            try:
                ws.__exit__(None, None, None)
            except Exception:  # a socket the server closed itself
                pass


def connect(client, game_id):
    """A WebSocket session that the fixture closes at the end of the test."""
    ws = client.websocket_connect(f"/ws/games/{game_id}")
    ws.__enter__()
    client.sessions.append(ws)
    return ws


def create(client, seats, seed=1, **extra):
    """Create a game and claim every human seat through its invitation, as its players would; the reply's seats
    then carry each one's ``token`` and ``join`` link. A ``seed`` makes it a practice game (seed=None: a keyed game).
    The game is public (anyone may watch it) unless ``public=False`` is given."""
    body = {"game": "rokugan", "seats": seats, "public": True, **extra}
    if seed is not None:
        body.update(seed=seed, practice=True)
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    game = r.json()
    for s in game["seats"]:
        if s["open"]:
            c = client.post(f"/api/games/{game['id']}/claim", json={"code": game["invite"]["code"], "seat": s["seat"]})
            assert c.status_code == 200, c.text
            s["token"], s["join"] = c.json()["token"], c.json()["play"]
    return game


def humans(n):
    return [{"kind": "human", "name": f"p{i}"} for i in range(n)]


def join(client, game_id, seat=None, token=None, key=None):
    """Open a WebSocket, say hello (a spectator of a game that is not public shows its ``key``), and return
    (socket, welcome, log, first state)."""
    ws = connect(client, game_id)
    hello = {"type": "hello"}
    if seat is not None:
        hello.update(seat=seat, token=token)
    if key is not None:
        hello.update(key=key)
    ws.send_json(hello)
    welcome = ws.receive_json()
    if welcome["type"] == "error":
        return ws, welcome, None, None
    log = ws.receive_json()
    state = ws.receive_json()
    assert (welcome["type"], log["type"], state["type"]) == ("welcome", "log", "state")
    return ws, welcome, log, state


def next_of(ws, kind):
    """The next message of type ``kind`` (skipping others)."""
    while True:
        m = ws.receive_json()
        if m["type"] == kind:
            return m


def play_randomly(client, game: dict, seed: int, max_steps: int, illegal: str, illegal_every: int):
    """Play ``game`` (a create reply, every seat human) through WebSockets with random legal actions,
    every seat and a spectator connected; now and then a seat tries the ``illegal`` action, which must
    reach nobody else. Returns (tokens, acts, inbox): the actions taken as (seat, text) and every
    message each connection (seat or None) received, in order."""
    from daimyo.core.rng import Rng

    tokens = [s["token"] for s in game["seats"]]
    n = len(tokens)
    conns, inbox = {}, {}
    for seat in [*range(n), None]:
        ws, welcome, log, state = join(client, game["id"], seat, tokens[seat] if seat is not None else None,
                                       key=game["watch"]["code"] if seat is None and "watch" in game else None)
        conns[seat], inbox[seat] = ws, [welcome, log, state]
    last = {seat: inbox[seat][-1] for seat in conns}
    for seat in range(n):  # each player hears of every player who came after it (the spectator is nobody's seat)
        for later in range(seat + 1, n):
            came = conns[seat].receive_json()
            inbox[seat].append(came)
            assert (came["type"], came["seat"], came["connected"]) == ("presence", later, True)
    rng = Rng(seed)
    acts = []
    for _ in range(max_steps):
        acting = [s for s in range(n) if last[s]["legal"]]
        if not acting:
            break
        seat = acting[rng.below(len(acting))]
        legal = last[seat]["legal"]
        if rng.below(illegal_every) == 0:
            conns[seat].send_json({"type": "act", "action": illegal})
            err = conns[seat].receive_json()
            inbox[seat].append(err)
            assert err["type"] == "error"
        action = legal[rng.below(len(legal))]
        conns[seat].send_json({"type": "act", "action": action})
        acts.append((seat, action))
        ack = conns[seat].receive_json()
        inbox[seat].append(ack)
        assert ack == {"type": "ack", "seq": len(acts)}
        for s, ws in conns.items():
            msg = ws.receive_json()
            inbox[s].append(msg)
            assert msg["type"] == "state" and msg["seq"] == len(acts)
            last[s] = msg
    return tokens, acts, inbox


def wait_over(client, game_id, limit=60.0):
    """The game's summary once it is over (a bots' game), polled; fails after ``limit`` seconds."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        s = client.get(f"/api/games/{game_id}").json()
        if s["status"] == "over":
            return s
        time.sleep(0.05)
    raise AssertionError("the bots' game did not end")
