"""Accounts (issue 15): optional sign-up and sign-in with argon2 password hashes, sessions in
HttpOnly SameSite cookies with a CSRF token, throttled sign-in, sign-out everywhere, session
expiry, and "my games" with a way back to a seat on any device without its link."""

from __future__ import annotations

import sqlite3
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

from daimyo.server.accounts import MAX_PASSWORD
from daimyo.server.app import create_app
from tests.server.conftest import TEST_SETTINGS, humans, join

HTTPS = "https://testserver"   # the session cookie is Secure


@pytest.fixture
def app(db_url):
    return create_app(db_url, settings=TEST_SETTINGS)


def _device(app):
    client = TestClient(app, base_url=HTTPS)
    client.__enter__()
    client.sessions = []
    return client


def _sign_up(client, name="Ana", password="correct horse"):
    r = client.post("/api/account/sign-up", json={"name": name, "password": password})
    assert r.status_code == 201, r.text
    return r.json()["csrf"]


def test_sign_up_stores_an_argon2_hash_and_sets_a_safe_cookie(app, db_url):
    with TestClient(app, base_url=HTTPS) as client:
        r = client.post("/api/account/sign-up", json={"name": "Ana", "password": "correct horse"})
        assert r.status_code == 201 and r.json()["name"] == "Ana" and r.json()["csrf"]
        cookie = r.headers["set-cookie"].lower()
        assert all(word in cookie for word in ("httponly", "secure", "samesite=strict", "path=/"))
        assert client.get("/api/account").json()["name"] == "Ana"
        again = client.post("/api/account/sign-up", json={"name": "ana", "password": "another one"})
        assert again.status_code == 409 and "taken" in again.json()["error"]
    db = sqlite3.connect(db_url.removeprefix("sqlite:///"))
    (digest,) = db.execute("SELECT password_hash FROM users").fetchone()
    (session,) = db.execute("SELECT id_hash FROM sessions").fetchone()
    assert digest.startswith("$argon2id$") and "correct horse" not in digest
    assert len(session) == 64 and session not in r.headers["set-cookie"]


@pytest.mark.parametrize(("body", "words"), [
    ({"name": "A", "password": "long enough"}, "name: 2 to 40"), ({"name": "Ana", "password": "short"}, "password: 8"),
    ({"name": "Ana\n", "password": "long enough"}, "printable"), ([], "JSON object"), ({"name": 3, "password": "x" * 9}, "name"),
])
def test_a_bad_sign_up_is_refused_naming_the_field(app, body, words):
    with TestClient(app, base_url=HTTPS) as client:
        r = client.post("/api/account/sign-up", json=body)
        assert r.status_code == 400 and words in r.json()["error"]


def test_sign_in_attempts_are_throttled_per_name_and_address_per_name_and_per_address(db_url):
    """Every attempt counts (right or wrong), before its password is hashed; a variant of the name counts as the name."""
    limits = TEST_SETTINGS.replace(signin_rate="3/minute", signin_address_rate="5/minute")
    with TestClient(create_app(db_url, settings=limits), base_url=HTTPS) as client:
        _sign_up(client)
        for name in ("Ana", " ana", "ANA  "):
            wrong = client.post("/api/account/sign-in", json={"name": name, "password": "wrong guess"})
            assert wrong.status_code == 401 and "do not match" in wrong.json()["error"]
        blocked = client.post("/api/account/sign-in", json={"name": "\uff21na", "password": "correct horse"})   # fullwidth A
        assert blocked.status_code == 429 and blocked.headers["retry-after"] == "60"
        for name in ("Nobody", "Somebody"):   # other names from the same address, until its own limit
            assert client.post("/api/account/sign-in", json={"name": name, "password": "whatever1"}).status_code == 401
        assert client.post("/api/account/sign-in", json={"name": "Third", "password": "whatever1"}).status_code == 429


def test_a_long_password_is_refused_naming_the_limit_and_counts_nothing(db_url):
    limits = TEST_SETTINGS.replace(signin_rate="1/minute", create_rate="1/minute")
    with TestClient(create_app(db_url, settings=limits), base_url=HTTPS) as client:
        for path in ("sign-up", "sign-in"):
            for _ in range(3):
                r = client.post(f"/api/account/{path}", json={"name": "Ana", "password": "x" * (MAX_PASSWORD + 1)})
                assert r.status_code == 400 and f"{MAX_PASSWORD} characters" in r.json()["error"]
        _sign_up(client)
        assert client.post("/api/account/sign-in", json={"name": "Ana", "password": "correct horse"}).status_code == 200


def test_changes_need_the_csrf_token_and_sign_out_everywhere_ends_every_session(app):
    phone, laptop = _device(app), _device(app)
    csrf = _sign_up(phone)
    r = laptop.post("/api/account/sign-in", json={"name": "ANA", "password": "correct horse"})
    assert r.status_code == 200 and r.json()["name"] == "Ana"
    assert phone.post("/api/account/sign-out-everywhere").status_code == 403
    assert phone.post("/api/account/sign-out-everywhere", headers={"X-CSRF-Token": "guess"}).status_code == 403
    assert phone.post("/api/account/sign-out-everywhere", headers={"X-CSRF-Token": csrf}).status_code == 200
    assert laptop.get("/api/account").json() == {"name": None, "csrf": None}
    assert phone.get("/api/account").json() == {"name": None, "csrf": None}
    assert laptop.get("/api/account/games").status_code == 401
    for c in (phone, laptop):
        c.__exit__(None, None, None)


def test_a_session_expires(db_url):
    with TestClient(create_app(db_url, settings=TEST_SETTINGS.replace(session_days=0.5 / 86_400)), base_url=HTTPS) as client:
        _sign_up(client)
        time.sleep(0.6)
        assert client.get("/api/account").json()["name"] is None


def test_my_games_on_a_second_device_and_back_to_the_seat_without_the_link(app):
    phone, laptop = _device(app), _device(app)
    _sign_up(phone)
    made = phone.post("/api/games", json={"game": "rokugan", "seats": humans(2), "sit": 0}).json()
    friend = phone.post(f"/api/games/{made['id']}/claim", json={"code": made["invite"]["code"], "seat": 1})
    assert friend.status_code == 200
    csrf = laptop.post("/api/account/sign-in", json={"name": "Ana", "password": "correct horse"}).json()["csrf"]
    mine = laptop.get("/api/account/games").json()
    listed = mine["your_turn"] + mine["in_progress"]
    # both seats were taken from the signed-in phone, so both are this account's
    assert sorted(g["you"] for g in listed if g["id"] == made["id"]) == [0, 1]
    assert laptop.post(f"/api/games/{made['id']}/my-seat", json={"seat": 0}).status_code == 403   # no CSRF token
    back = laptop.post(f"/api/games/{made['id']}/my-seat", json={"seat": 0}, headers={"X-CSRF-Token": csrf})
    assert back.status_code == 200, back.text
    laptop.sessions = []
    assert join(laptop, made["id"], 0, back.json()["token"])[1]["type"] == "welcome"
    assert join(laptop, made["id"], 0, made["you"]["token"])[1]["code"] == "bad-token"   # the old link stopped
    other = _device(app)
    other_csrf = _sign_up(other, "Bo")
    refused = other.post(f"/api/games/{made['id']}/my-seat", json={"seat": 0}, headers={"X-CSRF-Token": other_csrf})
    assert refused.status_code == 403 and "not a seat of your account" in refused.json()["error"]
    assert other.get("/api/account/games").json() == {"your_turn": [], "in_progress": [], "waiting": [], "finished": []}
    for c in (phone, laptop, other):
        for ws in c.sessions:
            ws.__exit__(None, None, None)
        c.__exit__(None, None, None)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(path=st.sampled_from(["sign-up", "sign-in"]),
       body=st.one_of(st.none(), st.integers(), st.text(max_size=5), st.lists(st.integers(), max_size=2),
                      st.dictionaries(st.sampled_from(["name", "password", "x"]),
                                      st.one_of(st.none(), st.integers(), st.text(max_size=50), st.booleans()), max_size=3)))
def test_any_body_gets_an_answer_never_a_failure(app, path, body):
    with TestClient(app, base_url=HTTPS) as client:
        r = client.post(f"/api/account/{path}", json=body)
        assert r.status_code in (200, 201, 400, 401, 409, 429) and r.json()["error" if r.status_code >= 400 else "name"]
