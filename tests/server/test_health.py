"""The operator's view (docs/scaling.md, "Health and metrics"): GET /healthz for the proxy, up and with the database
away; GET /metrics off unless the operator set ``metrics_token``, then only with that token; its figures move with a
game's actions; and neither says anything of a game's hidden facts, seats' tokens or players."""

from __future__ import annotations

import contextlib
import re
import time

import pytest
from sqlalchemy import create_engine
from starlette.testclient import TestClient

from daimyo.server.app import create_app
from daimyo.server.routes import health
from tests.server.conftest import TEST_SETTINGS, create, humans, play_randomly

TOKEN = "operator-secret-0123456789abcdef"


@pytest.fixture
def operator(db_url):
    """A server whose operator set a metrics token."""
    with TestClient(create_app(db_url, settings=TEST_SETTINGS.replace(metrics_token=TOKEN))) as c:
        c.sessions = []
        yield c
        for ws in c.sessions:
            with contextlib.suppress(Exception):  # a socket the server closed itself
                ws.__exit__(None, None, None)


def scrape(client) -> dict[str, float]:
    """GET /metrics with the token: {series with its labels: value}."""
    r = client.get("/metrics", headers={"Authorization": f"Bearer {TOKEN}"})
    assert r.status_code == 200, r.text
    assert r.headers["content-type"].startswith("text/plain")
    out = {}
    for line in r.text.splitlines():
        if line and not line.startswith("#"):
            name, _, value = line.rpartition(" ")
            out[name] = float(value)
    return out


def test_healthz_answers_200_with_a_small_json_when_the_database_answers(client):
    r = client.get("/healthz")
    assert r.status_code == 200
    assert r.json() == {"status": "ok"}
    assert r.headers["cache-control"] == "no-store"
    assert client.head("/healthz").status_code == 200


def test_healthz_answers_503_when_the_database_does_not(client, tmp_path, monkeypatch):
    store = client.app.state.store
    monkeypatch.setattr(health, "HEALTH_CACHE", 0.0)
    assert client.get("/healthz").status_code == 200
    good = store.engine
    # the database is away: a file under a directory that does not exist cannot be opened
    store.engine = create_engine(f"sqlite:///{tmp_path / 'gone' / 'games.sqlite'}")
    try:
        r = client.get("/healthz")
        assert r.status_code == 503
        assert r.json() == {"status": "unavailable", "store": "the database does not answer"}
    finally:
        store.engine.dispose()
        store.engine = good
    assert client.get("/healthz").status_code == 200   # back once it answers again


def test_healthz_answers_503_when_the_database_writer_stopped(client, monkeypatch):
    monkeypatch.setattr(health, "HEALTH_CACHE", 0.0)
    monkeypatch.setattr(client.app.state.store, "writer_alive", lambda: False)
    r = client.get("/healthz")
    assert (r.status_code, r.json()) == (503, {"status": "unavailable", "store": "the database writer stopped"})


def test_healthz_reuses_its_answer_for_a_while(client, monkeypatch):
    """A proxy or a stranger calling in a loop costs one query per HEALTH_CACHE seconds."""
    monkeypatch.setattr(health, "HEALTH_CACHE", 60.0)
    asked = []
    real = health.store_answers
    monkeypatch.setattr(health, "store_answers", lambda store: asked.append(1) or real(store))
    for _ in range(5):
        assert client.get("/healthz").status_code == 200
    assert len(asked) == 1


def test_metrics_is_off_without_an_operator_token(client):
    """The default: /metrics answers as a path that does not exist, token or not."""
    assert client.get("/metrics").status_code == 404
    assert client.get("/metrics", headers={"Authorization": "Bearer "}).status_code == 404
    assert client.get("/metrics", headers={"Authorization": f"Bearer {TOKEN}"}).status_code == 404
    assert client.get("/no-such-path").text == client.get("/metrics").text


def test_metrics_needs_the_operators_token(operator):
    assert operator.get("/metrics").status_code == 401
    assert operator.get("/metrics", headers={"Authorization": "Bearer wrong"}).status_code == 401
    assert operator.get("/metrics", headers={"Authorization": f"Basic {TOKEN}"}).status_code == 401
    assert operator.get("/metrics", headers={"Authorization": f"Bearer {TOKEN}x"}).status_code == 401
    r = operator.get("/metrics", headers={"Authorization": f"Bearer {TOKEN}"})
    assert r.status_code == 200 and "daimyo_actions_total" in r.text


def test_metrics_move_with_a_game_and_carry_nothing_of_it(operator):
    before = scrape(operator)
    assert before["daimyo_actions_total"] == 0
    assert before["daimyo_games_live"] == 0 and before["daimyo_sockets"] == 0
    g = create(operator, humans(3), seed=21)
    tokens, acts, _inbox = play_randomly(operator, g, 21, max_steps=12, illegal="place a9 nowhere", illegal_every=5)
    after = scrape(operator)
    assert after["daimyo_actions_total"] == len(acts) > 0
    assert after["daimyo_ack_seconds_count"] == len(acts)          # each ack measured once it was on the socket
    assert after["daimyo_commit_wait_seconds_count"] == len(acts)
    assert after["daimyo_commit_seconds_count"] >= 1               # the group commits of the database writer
    assert after["daimyo_commit_writes_sum"] >= len(acts)          # every action was in one of them
    assert after["daimyo_games_live"] == 1 and after["daimyo_sockets"] == 4   # three seats and a spectator
    # requests are counted by their route's template: never a game's id, a token or a code
    created = after['daimyo_http_request_seconds_count{method="POST",route="/api/games"}']
    claimed = after['daimyo_http_request_seconds_count{method="POST",route="/api/games/{game_id}/claim"}']
    assert (created, claimed) == (1, 3)
    text = operator.get("/metrics", headers={"Authorization": f"Bearer {TOKEN}"}).text
    secrets = [g["id"], g["invite"]["code"], g["watch"]["code"], g["host"], *tokens, *(s["name"] for s in g["seats"]),
               *(a for _, a in acts), *g.get("clans", [])]
    assert [s for s in secrets if s and s in text] == []
    # no label value comes from a client: every label is a route template, a method or a bucket
    labels = set(re.findall(r'(\w+)="', text))
    assert labels <= {"route", "method", "le", "cluster"}


def test_request_latency_counts_unknown_paths_under_one_label(operator):
    for n in range(3):
        operator.get(f"/nothing/here/{n}-{time.time()}")
    after = scrape(operator)
    assert after['daimyo_http_request_seconds_count{method="GET",route="unmatched"}'] == 3


def test_healthz_carries_nothing_of_the_games(client):
    g = create(client, humans(2), seed=5)
    r = client.get("/healthz")
    assert r.json() == {"status": "ok"}
    assert g["id"] not in r.text and all(s["token"] not in r.text for s in g["seats"])


def test_a_hanging_database_gets_one_query_at_a_time(client, monkeypatch):
    """A database that does not answer within PING_SECONDS makes /healthz answer 503, and later checks do not send
    another worker thread after the one still waiting."""
    import threading

    monkeypatch.setattr(health, "HEALTH_CACHE", 0.0)
    monkeypatch.setattr(health, "PING_SECONDS", 0.2)
    release, asked = threading.Event(), []

    def hangs(store):
        asked.append(1)
        release.wait(10)
        return True

    monkeypatch.setattr(health, "store_answers", hangs)
    try:
        for _ in range(3):
            r = client.get("/healthz")
            assert (r.status_code, r.json()["store"]) == (503, "the database does not answer")
        assert len(asked) == 1
        release.set()   # the database answers again: so does the check, once the waiting query returned
        for _ in range(100):
            if client.get("/healthz").status_code == 200:
                break
            time.sleep(0.05)
        assert client.get("/healthz").json() == {"status": "ok"}
    finally:
        release.set()
