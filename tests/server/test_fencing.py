"""Fenced cluster writes (issue 24, item 4), against two real `daimyo serve` processes on one PostgreSQL: a process
frozen past its lease, whose game another process took meanwhile, stores nothing of that game when it wakes (every
write carries the lease's fencing token in its own transaction), drops the game, and the new owner's chat goes on;
and "my games" lists a game in progress that another process serves (item 13)."""

from __future__ import annotations

import asyncio
import json
import signal
import time
import urllib.error
import urllib.request

from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from daimyo.server.hub import Hub
from daimyo.server.store import Fence, Fenced, Store, chat, now
from tests.server.process import Server, recv_type
from tests.server.test_postgres import pg_url  # noqa: F401  (the throwaway PostgreSQL cluster)

CLUSTER = ("cluster=true", "lease_seconds=1.5", "cookie_secure=false")


def _status(server, path) -> int:
    try:
        server.get(path)
        return 200
    except urllib.error.HTTPError as e:
        return e.code


def _wait_served(server, game_id) -> None:
    deadline = time.monotonic() + 20
    while _status(server, f"/api/games/{game_id}") != 200:
        assert time.monotonic() < deadline, "the other process never took the game over"
        time.sleep(0.2)


def test_a_process_frozen_past_its_lease_stores_nothing_and_drops_the_game(pg_url):  # noqa: F811
    a, b = Server(pg_url, settings=CLUSTER), Server(pg_url, settings=CLUSTER)
    try:
        game = a.create({"game": "rokugan", "seats": [{"kind": "human"}, {"kind": "human"}], "sit": 0, "public": True})
        other = a.claim(game, 1)
        ws, _ = a.socket(game["id"], 0, game["you"]["token"])
        ws.send(json.dumps({"type": "chat", "text": "before"}))
        assert recv_type(ws, "chat-ack")["seq"] == 0

        a.proc.send_signal(signal.SIGSTOP)   # frozen past its lease: the other process takes the game
        try:
            _wait_served(b, game["id"])
            ws.send(json.dumps({"type": "chat", "text": "stale"}))   # waits in the frozen process's socket
        finally:
            a.proc.send_signal(signal.SIGCONT)
        acked = None
        try:
            while acked is None:
                m = json.loads(ws.recv(timeout=10))
                assert m["type"] != "chat-ack", "the frozen process stored a line of a game it no longer owns"
                if m["type"] == "error":
                    acked = False
        except ConnectionClosed:   # dropped: its connections reconnect to the owner
            pass
        assert _status(a, f"/api/games/{game['id']}") == 503   # it dropped the game: the owner is the other one

        player, _ = b.socket(game["id"], 1, other)
        for text in ("after", "and again"):
            player.send(json.dumps({"type": "chat", "text": text}))
            recv_type(player, "chat-ack")
        with connect(f"ws://127.0.0.1:{b.port}/ws/games/{game['id']}", open_timeout=10) as again:
            again.send(json.dumps({"type": "hello", "seat": 0, "token": game["you"]["token"]}))
            welcome = json.loads(again.recv(timeout=10))
        assert [line["text"] for line in welcome["chat"]["lines"]] == ["before", "after", "and again"]
        player.close()
    finally:
        for server in (a, b):
            server.stop()
    outputs = [server.output() for server in (a, b)]
    assert all("Traceback" not in out for out in outputs), outputs


def test_a_write_carrying_a_stale_fencing_token_stores_nothing(tmp_path):
    """The fence itself: once another process took the game (a new token), a write under the old token fails in its
    own transaction and stores nothing; the new owner's writes go through."""
    store = Store(f"sqlite:///{tmp_path / 'g.sqlite'}")
    try:
        hub = Hub(store)
        made = asyncio.run(hub.create({"game": "rokugan", "seats": [{"kind": "human"}, {"kind": "human"}]}))
        gid = made["id"]
        assert store.acquire(gid, "first", 0.0) == 1 and store.acquire(gid, "first", 60.0) == 1   # its own: same token
        assert store.acquire(gid, "second", 60.0) is None                                     # held by "first"
        store.acquire(gid, "first", -1.0)                                                     # its lease runs out
        assert store.acquire(gid, "second", 60.0) == 2                                        # taken: a new token

        def line(seq, text):
            return chat.insert().values(game_id=gid, seq=seq, channel="players", seat=0, name="x", text=text, at=now())

        async def writes():
            try:
                await store.write(Fence(gid, "first", 1), line(0, "stale"))
            except Fenced:
                stale = "refused"
            await store.write(Fence(gid, "second", 2), line(0, "fresh"))
            return stale

        assert asyncio.run(writes()) == "refused"
        assert [x.text for x in store.chat_rows(gid)[0]] == ["fresh"]
    finally:
        store.close()


def _account(server, name):
    """A signed-in session on ``server``: (cookie header, csrf)."""
    req = urllib.request.Request(f"{server.base}/api/account/sign-up", data=json.dumps({"name": name, "password": "a long password"}).encode(),
                                 headers={"content-type": "application/json"})
    with urllib.request.urlopen(req, timeout=10) as r:
        cookie = r.headers["set-cookie"].split(";")[0]
        return cookie, json.loads(r.read())["csrf"]


def test_my_games_lists_a_game_another_process_serves(pg_url):  # noqa: F811
    a, b = Server(pg_url, settings=CLUSTER), Server(pg_url, settings=CLUSTER)
    try:
        cookie, _ = _account(a, "ruri")
        req = urllib.request.Request(f"{a.base}/api/games", headers={"content-type": "application/json", "cookie": cookie},
                                     data=json.dumps({"game": "rokugan", "sit": 0,
                                                      "seats": [{"kind": "human"}, {"kind": "human"}]}).encode())
        with urllib.request.urlopen(req, timeout=10) as r:
            game = json.loads(r.read())
        a.claim(game, 1)

        def mine(server):
            got = urllib.request.Request(f"{server.base}/api/account/games", headers={"cookie": cookie})
            with urllib.request.urlopen(got, timeout=10) as r:
                return json.loads(r.read())

        here, there = mine(a), mine(b)   # b does not serve the game: it reads it from the database
        assert [g["id"] for g in there["your_turn"]] == [g["id"] for g in here["your_turn"]] == [game["id"]]
        assert there["your_turn"][0]["you"] == 0 and there["your_turn"][0]["to_act"] == here["your_turn"][0]["to_act"]
    finally:
        for server in (a, b):
            server.stop()


def test_sign_out_everywhere_on_one_process_ends_the_seat_token_the_other_process_serves(pg_url):  # noqa: F811
    """Issue 24 item 11 in cluster mode: the account signs out everywhere on process b while its seat's game is served
    by process a; a learns the stored token changed (at its next lease round), closes the seat's open socket with
    ``bad-token``, and refuses the old token from then on."""
    a, b = Server(pg_url, settings=CLUSTER), Server(pg_url, settings=CLUSTER)
    try:
        cookie, csrf = _account(a, "sango")
        req = urllib.request.Request(f"{a.base}/api/games", headers={"content-type": "application/json", "cookie": cookie},
                                     data=json.dumps({"game": "rokugan", "sit": 0, "public": True,
                                                      "seats": [{"kind": "human"}, {"kind": "human"}]}).encode())
        with urllib.request.urlopen(req, timeout=10) as r:
            game = json.loads(r.read())
        friend = a.claim(game, 1)
        ws = a.socket(game["id"], 0, game["you"]["token"])[0]
        out = urllib.request.Request(f"{b.base}/api/account/sign-out-everywhere", data=b"{}", method="POST",
                                     headers={"content-type": "application/json", "cookie": cookie, "x-csrf-token": csrf})
        with urllib.request.urlopen(out, timeout=10) as r:
            assert r.status == 200
        told = []
        try:
            while True:
                told.append(json.loads(ws.recv(timeout=15)))
        except ConnectionClosed:
            pass
        assert any(m.get("code") == "bad-token" and "signed out everywhere" in m["message"] for m in told), told
        with connect(f"ws://127.0.0.1:{a.port}/ws/games/{game['id']}", open_timeout=10) as again:
            again.send(json.dumps({"type": "hello", "seat": 0, "token": game["you"]["token"]}))
            assert recv_type(again, "error")["code"] == "bad-token"
        a.socket(game["id"], 1, friend)[0].close()   # a seat the account never held keeps its token
    finally:
        for server in (a, b):
            server.stop()
