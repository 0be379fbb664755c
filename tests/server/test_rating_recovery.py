"""Nothing is lost: a finished rated game is rated exactly once, whenever its server dies (docs/web.md, Ratings).

A real `daimyo serve` process on an SQLite file plays a rated two-player game to its end (a resignation) and dies at
once after the end is stored (SIGKILL-like, :mod:`tests.server.die_at_game_end`): its ratings were stored with the end.
A database holding a finished rated game without its ratings (a server from before that rule, killed between the
two writes) gets them at the next start; further starts change nothing. In-process: a rating step that fails stores
nothing of the resignation either, and two processes' start-up passes rate a game once."""

from __future__ import annotations

import asyncio
import dataclasses
import json
import sqlite3
import time

import pytest
from starlette.testclient import TestClient

from daimyo.server.app import create_app
from daimyo.server.ratings import MU, SIGMA, new_ratings, rate_unrated
from daimyo.server.store import IN_TRANSACTION
from tests.server.conftest import TEST_SETTINGS
from tests.server.process import Server, recv_type

OPEN = ("cookie_secure=false",)   # plain HTTP on 127.0.0.1
#: the ratings of a two-player game seat 0 resigned: seat 1 first, seat 0 last as a leaver
EXPECTED = new_ratings([(MU, SIGMA)] * 2, [2, 1], {0})


def sign_up(server: Server, name: str) -> str:
    """A new account's session cookie."""
    status, headers, raw = server.request("POST", "/api/account/sign-up",
                                          json.dumps({"name": name, "password": "correct horse"}).encode(),
                                          {"content-type": "application/json"})
    assert status == 201, raw
    return headers["set-cookie"].split(";", 1)[0]


def post(server: Server, path: str, body: dict, cookie: str | None = None) -> dict:
    headers = {"content-type": "application/json", **({"cookie": cookie} if cookie else {})}
    status, _, raw = server.request("POST", path, json.dumps(body).encode(), headers)
    assert status in (200, 201), raw
    return json.loads(raw)


def rated_game_resigned(server: Server) -> tuple[str, list]:
    """A rated two-player table of Ana and Bo, both ready, started; Ana (seat 0) resigns. The game's id and the seats'
    sockets (the resignation sent on seat 0's)."""
    ana, bo = sign_up(server, "Ana"), sign_up(server, "Bo")
    made = post(server, "/api/games", {"game": "rokugan", "seats": [{"kind": "human"}, {"kind": "human"}], "sit": 0,
                                       "table": True, "rated": True, "public": True}, ana)
    tokens = [made["you"]["token"], post(server, f"/api/games/{made['id']}/claim",
                                         {"code": made["invite"]["code"], "seat": 1}, bo)["token"]]
    sockets = [server.socket(made["id"], seat, tokens[seat])[0] for seat in (0, 1)]
    for ws in sockets:
        ws.send(json.dumps({"type": "ready"}))
    deadline = time.monotonic() + 10
    while True:   # started once both "ready" messages were taken in (409 "not-ready" until then)
        status, _, raw = server.request("POST", f"/api/games/{made['id']}/start", json.dumps({"host": made["host"]}).encode(),
                                        {"content-type": "application/json"})
        if status == 200:
            break
        assert status == 409 and time.monotonic() < deadline, raw
        time.sleep(0.05)
    sockets[0].send(json.dumps({"type": "resign"}))
    return made["id"], sockets


def rows(db: str, sql: str, *args) -> list:
    conn = sqlite3.connect(db.removeprefix("sqlite:///"))
    try:
        return conn.execute(sql, args).fetchall()
    finally:
        conn.close()


def rating_state(db: str, game_id: str) -> tuple[list, list]:
    """(the game's rating changes, every account's rating) as stored."""
    changes = rows(db, "SELECT seat, place, leaver, mu, sigma FROM rating_changes WHERE game_id = ? ORDER BY seat", game_id)
    held = rows(db, "SELECT users.name, ratings.mu, ratings.sigma, ratings.games FROM ratings "
                    "JOIN users ON users.id = ratings.user_id ORDER BY users.name")
    return changes, held


def unrate(db: str, game_id: str) -> None:
    """The game's ratings taken back (its players had no other): the database as a server from before the ratings
    were stored with a game's end left it when killed between its two writes."""
    conn = sqlite3.connect(db.removeprefix("sqlite:///"))
    with conn:
        conn.execute("DELETE FROM rating_changes WHERE game_id = ?", (game_id,))
        conn.execute("DELETE FROM ratings")
    conn.close()


def assert_rated_once(db: str, game_id: str) -> None:
    changes, held = rating_state(db, game_id)
    assert [(seat, place, bool(leaver)) for seat, place, leaver, _, _ in changes] == [(0, 2, True), (1, 1, False)]
    assert [(mu, sigma) for *_, mu, sigma in changes] == pytest.approx(EXPECTED)
    assert [(name, games) for name, _, _, games in held] == [("Ana", 1), ("Bo", 1)]
    assert [(mu, sigma) for _, mu, sigma, _ in held] == pytest.approx(EXPECTED)


def test_a_server_that_dies_the_moment_a_rated_game_ends_has_rated_it(tmp_path):
    db = f"sqlite:///{tmp_path / 'games.sqlite'}"
    server = Server(db, settings=OPEN, module="tests.server.die_at_game_end")
    try:
        game_id, sockets = rated_game_resigned(server)
        assert server.proc.wait(timeout=20) == 137   # gone the moment the resignation that ends the game was stored
    finally:
        server.stop()
    for ws in sockets:
        ws.close()
    assert rows(db, "SELECT status FROM games WHERE id = ?", game_id) == [("over",)]
    assert_rated_once(db, game_id)   # on disk with the game's end, before the server could do anything more
    for _ in range(2):   # started again, twice: the game is shown over and rated, and rated once only
        server = Server(db, settings=OPEN)
        try:
            seats = server.get(f"/api/games/{game_id}")["seats"]
            assert [s["rating"]["games"] for s in seats] == [1, 1]
        finally:
            server.stop()
        assert_rated_once(db, game_id)


@pytest.mark.parametrize("workers", [1, 2])   # 2: the workers' writes go through the one writer process
def test_a_finished_rated_game_stored_without_its_ratings_is_rated_at_the_next_start_once(tmp_path, workers):
    db = f"sqlite:///{tmp_path / 'games.sqlite'}"
    server = Server(db, settings=OPEN)
    try:
        game_id, sockets = rated_game_resigned(server)
        assert recv_type(sockets[1], "resigned")["over"] is True
        for ws in sockets:
            ws.close()
    finally:
        server.kill()
    assert_rated_once(db, game_id)
    unrate(db, game_id)
    assert rating_state(db, game_id) == ([], [])
    for start in range(2):
        server = Server(db, settings=OPEN, workers=workers)
        try:
            seats = server.get(f"/api/games/{game_id}")["seats"]
            assert [s["rating"]["games"] for s in seats] == [1, 1]
        finally:
            server.stop()
        assert ("rated now" in server.output()) == (start == 0)   # told once, when it was rated
        assert_rated_once(db, game_id)


# --------------------------------------------------------------------------------------------------- in-process
@pytest.fixture
def two_signed_in(db_url):
    app = create_app(db_url, settings=dataclasses.replace(TEST_SETTINGS, absent_after=0.0))
    made = []
    for name in ("Ana", "Bo"):
        c = TestClient(app, base_url="https://testserver")
        c.__enter__()
        made.append(c)
        assert c.post("/api/account/sign-up", json={"name": name, "password": "correct horse"}).status_code == 201
    yield made
    for c in made:
        c.__exit__(None, None, None)


def _started(devices) -> tuple[str, object]:
    ana, bo = devices
    made = ana.post("/api/games", json={"game": "rokugan", "seats": [{"kind": "human"}, {"kind": "human"}], "sit": 0,
                                        "table": True, "rated": True, "public": True}).json()
    assert bo.post(f"/api/games/{made['id']}/claim", json={"code": made["invite"]["code"], "seat": 1}).status_code == 200
    room = ana.app.app.state.hub.rooms[made["id"]]
    for seat in (0, 1):
        ana.portal.call(room.seats.set_ready, seat, True)
    assert ana.post(f"/api/games/{made['id']}/start", json={"host": made["host"]}).status_code == 200
    return made["id"], room


def test_a_rating_that_cannot_be_stored_leaves_the_game_unended(two_signed_in, db_url, monkeypatch):
    """The end of a rated game and its ratings are one write: when the rating fails, the resignation is refused as
    a whole (the game goes on, unrated) and a later one ends and rates it."""
    game_id, room = _started(two_signed_in)

    def broken(conn, args):
        raise RuntimeError("the rating step failed")

    rate = IN_TRANSACTION["ratings"]
    monkeypatch.setitem(IN_TRANSACTION, "ratings", broken)
    with pytest.raises(Exception, match="could not save"):
        two_signed_in[0].portal.call(room.resign, 0)
    db = db_url
    assert rows(db, "SELECT status FROM games WHERE id = ?", game_id) == [("in progress",)]
    assert rating_state(db, game_id) == ([], [])
    assert not room.over and room.seats.resigned() == []
    monkeypatch.setitem(IN_TRANSACTION, "ratings", rate)
    two_signed_in[0].portal.call(room.resign, 0)
    assert room.over
    assert_rated_once(db, game_id)


def test_two_processes_rating_a_game_at_once_rate_it_once(two_signed_in, db_url):
    """Two processes that start together each look for finished rated games without ratings: a game is rated by one
    of them; the other's update stores nothing (it finds the changes, or their key refuses a second set)."""
    ana = two_signed_in[0]
    game_id, room = _started(two_signed_in)
    ana.portal.call(room.resign, 0)
    unrate(db_url, game_id)
    other = create_app(db_url, settings=TEST_SETTINGS)
    with TestClient(other, base_url="https://testserver") as second:   # its start rated the game
        assert_rated_once(db_url, game_id)
        hubs = [ana.app.app.state.hub, second.app.app.state.hub]

        async def both():   # both passes at once, each through its own store and writer
            return await asyncio.gather(*(rate_unrated(h.store, h._finished_room) for h in hubs))

        assert second.portal.call(both) == [0, 0]   # nothing left to rate
        unrate(db_url, game_id)
        assert sorted(second.portal.call(both)) == [0, 1]
    assert_rated_once(db_url, game_id)
