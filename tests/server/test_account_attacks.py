"""Attacks on accounts, each against a real `daimyo serve` process on 127.0.0.1 (issue 24, items 2, 5, 10, 11):
a flood of wrong sign-ins hashes no more passwords than the throttle allows and the server keeps answering;
name variants and look-alikes count as (or are refused beside) the name they copy; a stranger's wrong guesses
do not lock the owner out; "sign out everywhere" ends the seat tokens the signed-out devices obtained."""

from __future__ import annotations

import json
from collections import Counter
from concurrent.futures import ThreadPoolExecutor

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from tests.server.process import Server

OPEN = ("cookie_secure=false", "trust_proxy=true")   # plain HTTP here; addresses told by X-Forwarded-For


@pytest.fixture
def db(tmp_path):
    return f"sqlite:///{tmp_path / 'accounts.sqlite'}"


def call(server: Server, path: str, body=None, cookie: str | None = None, csrf: str | None = None,
         address: str | None = None, timeout: float = 60) -> tuple[int, dict, dict]:
    """(status, JSON body, headers) of one request; POST when ``body`` is given."""
    headers = {"content-type": "application/json"}
    if cookie:
        headers["cookie"] = cookie
    if csrf:
        headers["x-csrf-token"] = csrf
    if address:
        headers["x-forwarded-for"] = address
    status, got, raw = server.request("GET" if body is None else "POST", path,
                                      None if body is None else json.dumps(body).encode(), headers, timeout)
    return status, json.loads(raw) if raw else {}, got


def sign(server: Server, kind: str, name: str, password: str, address: str | None = None) -> tuple[int, dict, str | None]:
    """(status, body, session cookie) of a sign-up or sign-in."""
    status, body, headers = call(server, f"/api/account/{kind}", {"name": name, "password": password}, address=address)
    cookie = headers.get("set-cookie", "").split(";", 1)[0] or None
    return status, body, cookie


def flood(server: Server, bodies: list[dict]) -> tuple[Counter, dict]:
    """Send every sign-in of ``bodies`` at once, each on its own connection: how many got each status, and
    one (body, headers) answer of each status."""
    def one(body):
        try:
            return call(server, "/api/account/sign-in", body)
        except OSError:   # a connection the server refused outright (its per-address cap) was not checked either
            return "refused", {}, {}
    with ThreadPoolExecutor(len(bodies)) as pool:
        answers = list(pool.map(one, bodies))
    return Counter(a[0] for a in answers), {a[0]: a[1:] for a in answers}


def refusal(server: Server, game_id: str, seat: int, token: str) -> dict:
    """The server's answer to a hello with this seat and token, when it refuses it."""
    with connect(f"ws://127.0.0.1:{server.port}/ws/games/{game_id}", open_timeout=10) as ws:
        ws.send(json.dumps({"type": "hello", "seat": seat, "token": token}))
        return json.loads(ws.recv(timeout=10))


# ------------------------------------------------------------------------------------------ item 2
def test_a_hundred_simultaneous_wrong_sign_ins_hash_at_most_the_limit_and_the_server_answers(db):
    server = Server(db, settings=(*OPEN, "signin_rate=10/minute"))
    try:
        assert sign(server, "sign-up", "carol", "correct horse")[0] == 201
        with ThreadPoolExecutor(1) as side:
            attack = side.submit(flood, server, [{"name": "carol", "password": f"guess {i:03}"} for i in range(100)])
            assert "games" in server.get("/api/games")   # another client's request, during the flood
            statuses, answers = attack.result(timeout=120)
        # a 401 is the only answer that hashed a password: at most the limit did; the rest were refused first
        assert set(statuses) <= {401, 429, 503, "refused"} and 1 <= statuses[401] <= 10, statuses
        assert statuses[429] + statuses[503] + statuses["refused"] >= 90, statuses
        body, headers = answers[429]
        assert "try again" in body["error"] and headers["retry-after"] == "60"
        assert sign(server, "sign-in", "carol", "one more")[0] == 429
        assert "games" in server.get("/api/games")
    finally:
        server.stop()


def test_sign_ins_past_the_hashing_pool_are_told_to_try_again_and_the_pool_recovers(db):
    server = Server(db, settings=(*OPEN, "signin_rate=1000/minute", "signin_name_rate=1000/minute",
                                  "signin_address_rate=1000/minute", "hash_workers=1", "hash_queue=0"))
    try:
        assert sign(server, "sign-up", "dora", "correct horse")[0] == 201
        for _ in range(5):   # until some sign-ins overlapped (almost always the first time)
            statuses, answers = flood(server, [{"name": "dora", "password": f"guess {i:03}"} for i in range(40)])
            assert set(statuses) <= {401, 503, "refused"} and statuses[401] >= 1, statuses
            if statuses[503]:
                break
        body, headers = answers[503]
        assert body["code"] == "busy" and "try again" in body["error"] and headers["retry-after"] == "5"
        assert sign(server, "sign-in", "dora", "x")[0] == 401   # any length up to the limit is checked when signing in
        assert sign(server, "sign-in", "dora", "correct horse")[0] == 200
    finally:
        server.stop()


def test_an_overlong_password_is_refused_naming_the_limit(db):
    server = Server(db, settings=OPEN)
    try:
        for kind in ("sign-up", "sign-in"):
            status, body, _ = sign(server, kind, "frank", "p" * 201)
            assert status == 400 and "200 characters" in body["error"]
    finally:
        server.stop()


# ------------------------------------------------------------------------------------------ item 5
VARIANTS = [" alice", "alice ", "ALICE", "  Alice  ", "\uff41\uff4c\uff49\uff43\uff45", "\uff21\uff2c\uff29\uff23\uff25"]
LOOK_ALIKES = ["\u0430lice", "al\u0456ce", "aIice", "a1ice", "\u0391lice", "alic\u0435", "A|ice", "Al\u0131ce", "ali\u0441e",
               "\u0430\u04cf\u0456\u0441\u0435", "alice\u0301"]


def test_name_variants_are_one_account_and_look_alikes_are_refused(db):
    server = Server(db, settings=(*OPEN, "create_rate=1000/minute"))
    try:
        assert sign(server, "sign-up", "Alice", "correct horse")[0] == 201
        for name in VARIANTS:
            status, body, _ = sign(server, "sign-up", name, "another one")
            assert status == 409 and "is taken" in body["error"], name
        for name in LOOK_ALIKES:
            status, body, _ = sign(server, "sign-up", name, "another one")
            assert status == 409 and "looks too much like" in body["error"], name
        for name in VARIANTS:
            status, body, _ = sign(server, "sign-in", name, "correct horse")
            assert status == 200 and body["name"] == "Alice", name
        assert sign(server, "sign-up", "Bob", "correct horse")[0] == 201   # an unlike name is welcome
        assert sign(server, "sign-up", "B0b", "correct horse")[0] == 409
    finally:
        server.stop()


def test_name_variants_share_one_throttle(db):
    server = Server(db, settings=(*OPEN, "signin_rate=10/minute"))
    try:
        assert sign(server, "sign-up", "carol", "correct horse")[0] == 201
        tries = [" carol", "carol ", "CAROL", "c a r o l".replace(" ", ""), "\uff43arol", " Carol ", "caROL", "carol",
                 "\uff23\uff21\uff32\uff2f\uff2c", "carol  "]
        assert [sign(server, "sign-in", name, f"guess {i}")[0] for i, name in enumerate(tries)] == [401] * 10
        assert [sign(server, "sign-in", name, "correct horse")[0] for name in ("carol", " carol", "CAROL ")] == [429] * 3
    finally:
        server.stop()


# ----------------------------------------------------------------------------------------- item 10
def test_a_stranger_cannot_lock_the_owner_out(db):
    server = Server(db, settings=(*OPEN, "signin_rate=10/minute", "signin_name_rate=30/minute"))
    try:
        status, _, phone = sign(server, "sign-up", "dana", "correct horse", address="198.51.100.7")
        assert status == 201
        stranger = [sign(server, "sign-in", "dana", f"guess {i}", address="203.0.113.9")[0] for i in range(15)]
        assert stranger == [401] * 10 + [429] * 5
        # the owner, from elsewhere, signs in; the phone's session goes on
        status, _, laptop = sign(server, "sign-in", "dana", "correct horse", address="198.51.100.8")
        assert status == 200 and laptop
        assert call(server, "/api/account", cookie=phone)[1]["name"] == "dana"
        # strangers at many addresses together reach the looser limit per name (30 a minute, the owner's one included)
        for k, expected in ((1, [401] * 10), (2, [401] * 9 + [429])):
            assert [sign(server, "sign-in", "dana", f"guess {i}", address=f"203.0.113.{10 + k}")[0] for i in range(10)] == expected
        assert sign(server, "sign-in", "dana", "correct horse", address="198.51.100.9")[0] == 429
        # ... and still the owner's signed-in devices go on: who am I, my games, a fresh seat token
        me = call(server, "/api/account", cookie=phone)[1]
        assert me["name"] == "dana"
        made = call(server, "/api/games", {"game": "rokugan", "seats": [{"kind": "human"}] * 2, "sit": 0}, cookie=laptop)[1]
        status, seat, _ = call(server, f"/api/games/{made['id']}/my-seat", {"seat": 0}, cookie=phone, csrf=me["csrf"])
        assert status == 200 and seat["token"]
    finally:
        server.stop()


# ----------------------------------------------------------------------------------------- item 11
def test_sign_out_everywhere_ends_the_seat_tokens_the_devices_obtained(db):
    server = Server(db, settings=OPEN)
    try:
        _, body, phone = sign(server, "sign-up", "erik", "correct horse")
        phone_csrf = body["csrf"]
        made = call(server, "/api/games", {"game": "rokugan", "seats": [{"kind": "human"}] * 3, "sit": 0}, cookie=phone)[1]
        phone_token = made["you"]["token"]
        friend_token = server.claim(made, 1)   # a friend without an account
        claimed = call(server, f"/api/games/{made['id']}/claim", {"code": made["invite"]["code"], "seat": 2}, cookie=phone)[1]
        _, body, laptop = sign(server, "sign-in", "erik", "correct horse")
        laptop_token = call(server, f"/api/games/{made['id']}/my-seat", {"seat": 2}, cookie=laptop, csrf=body["csrf"])[1]["token"]
        ws = server.socket(made["id"], 2, laptop_token)[0]

        assert call(server, "/api/account/sign-out-everywhere", {}, cookie=phone, csrf=phone_csrf)[0] == 200
        # the laptop's open socket is told and closed; every token of the account's seats is refused
        told = []
        with pytest.raises(ConnectionClosed):
            while True:
                told.append(json.loads(ws.recv(timeout=10)))
        assert any(m.get("code") == "bad-token" and "signed out everywhere" in m["message"] for m in told), told
        for seat, token in ((0, phone_token), (2, laptop_token), (2, claimed["token"])):
            assert refusal(server, made["id"], seat, token)["code"] == "bad-token", seat
        # a seat the account never held keeps its token
        server.socket(made["id"], 1, friend_token)[0].close()
        # signed in again, the owner takes a fresh token for each seat of the account
        _, body, again = sign(server, "sign-in", "erik", "correct horse")
        fresh = call(server, f"/api/games/{made['id']}/my-seat", {"seat": 0}, cookie=again, csrf=body["csrf"])[1]["token"]
        server.socket(made["id"], 0, fresh)[0].close()
    finally:
        server.stop()
