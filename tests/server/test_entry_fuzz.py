"""Property tests of the server's network entry points (docs/server-protocol.md, docs/security.md) that the create
request and the ``act`` message tests (test_guard.py) leave out: every POST route of a game, the GET routes with any
path and query, and every WebSocket message type from a seat and from a spectator, at the table and in play. Any
request gets an answer below 500 (a refusal is JSON whose ``error`` says why) and a refused one changes nothing."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path
from urllib.parse import quote

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st
from starlette.testclient import TestClient

from daimyo.server.app import create_app
from tests.core.mutations import change
from tests.server.conftest import TEST_SETTINGS, connect, create, humans

FUZZ = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                        HealthCheck.too_slow])
JSON_VALUES = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=12),
                           lambda c: st.lists(c, max_size=3) | st.dictionaries(st.text(max_size=6), c, max_size=3),
                           max_leaves=10)
TABLE_SEATS = [{"kind": "human", "name": "Host"}, {"kind": "human"}, {"kind": "bot", "bot": "random"}]
ACTIONS = ["cancel", "claim", "invite", "rematch", "table", "start", "stand-in", "spectator-chat", "my-seat"]
FIELDS = ["host", "seat", "token", "code", "name", "seats", "public", "clock", "on", "ready", "rules"]


def _table(client) -> dict:
    r = client.post("/api/games", json={"game": "rokugan", "seats": TABLE_SEATS, "sit": 0, "table": True, "public": False})
    assert r.status_code == 201, r.text
    return r.json()


def _secrets(game: dict) -> dict:
    """The real values of the game's secrets and seats, which a request may carry or garble."""
    return {"host": game.get("host"), "token": (game.get("you") or {}).get("token") or game["seats"][0].get("token"),
            "code": game["invite"]["code"], "seat": 1, "seats": TABLE_SEATS, "public": True, "on": True}


def _summary(client, game: dict) -> dict | None:
    r = client.get(f"/api/games/{game['id']}", headers={"x-daimyo-key": game["invite"]["code"]})
    if r.status_code == 404:
        return None
    summary = r.json()
    summary.pop("opened", None)
    return summary


@FUZZ
@given(data=st.data(), action=st.sampled_from(ACTIONS), started=st.booleans())
def test_any_request_to_a_games_post_routes_is_answered_below_500_and_a_refusal_changes_nothing(client, data, action,
                                                                                                 started):
    game = create(client, humans(2), seed=3) if started else _table(client)
    real = _secrets(game)
    fields = data.draw(st.lists(st.sampled_from(FIELDS), unique=True, max_size=5), label="fields")
    body = {f: (real[f] if f in real and data.draw(st.booleans(), label=f"real {f}") else data.draw(JSON_VALUES, label=f))
            for f in fields}
    raw = data.draw(st.one_of(st.just(json.dumps(body)), st.binary(max_size=40).map(lambda b: b.decode("latin-1"))),
                    label="raw")
    game_id = data.draw(st.one_of(st.just(game["id"]), st.text(st.characters(min_codepoint=33, max_codepoint=126, exclude_characters="/?#%"),
                                                                 min_size=1, max_size=12).filter(lambda t: t not in (".", ".."))),
                        label="id")   # ("." and ".." are dot segments: the client takes them out of the path)
    before = _summary(client, game)
    r = client.post(f"/api/games/{game_id}/{action}", content=raw, headers={"content-type": "application/json"})
    assert r.status_code < 500, r.text
    if r.status_code >= 400:
        assert r.json()["error"].strip(), r.text
        assert _summary(client, game) == before, f"the refused {action} {raw!r} changed the game"


GETS = ["/api/games/{id}", "/api/games/{id}/record", "/api/games/{id}/replay", "/api/games/{id}/analysis",
        "/api/games", "/api/games/open", "/api/bots", "/api/leaderboard/{x}", "/api/players/{x}", "/api/{x}/data",
        "/api/{x}/{x}", "/api/words/{x}", "/game/{id}", "/join/{id}", "/rules/{x}", "/leaderboard/{x}", "/api/account",
        "/api/account/email", "/api/account/email/verify", "/api/account/email/unsubscribe", "/api/account/games",
        "/api/senjutsu/data", "/api/stats", "/api/registry"]
QUERY_KEYS = ["game", "limit", "before", "players", "seats", "bots", "clock", "rated", "status", "token", "user",
              "signature", "replay", "x"]
# any text, written into the path as a browser would: percent-encoded
SEGMENT = st.text(st.characters(codec="utf-8"), min_size=1, max_size=16).map(lambda t: quote(t, safe=""))


@FUZZ
@given(path=st.sampled_from(GETS), data=st.data())
def test_any_get_with_any_path_and_query_is_answered_below_500(client, path, data):
    game = create(client, humans(2), seed=3)
    url = path.replace("{id}", data.draw(st.one_of(st.just(game["id"]), SEGMENT), label="id"))
    url = url.replace("{x}", data.draw(st.one_of(st.sampled_from(["rokugan", "senjutsu", "risingsun", "en", "pl"]), SEGMENT),
                                       label="x"))
    query = data.draw(st.dictionaries(st.sampled_from(QUERY_KEYS), st.one_of(SEGMENT, st.integers(-10, 10**20).map(str)),
                                      max_size=4), label="query")
    r = client.get(url, params=query, headers={"x-daimyo-key": data.draw(st.one_of(st.just(game["watch"]["code"])
                                                                                   if "watch" in game else st.just(""),
                                                                                   st.text(st.characters(codec="ascii",
                                                                                                         min_codepoint=32),
                                                                                           max_size=20)), label="key")})
    assert r.status_code < 500, (url, query, r.status_code, r.text[:300])
    if r.status_code >= 400 and r.headers.get("content-type", "").startswith("application/json"):
        assert r.json()["error"].strip()


TYPES = ["act", "chat", "mute", "ping", "ready", "resign", "resume", "stand-in", "undo", "hello"]
MESSAGE_FIELDS = ["action", "seq", "text", "seat", "muted", "ready", "on", "token", "key"]
CODES = ("bad-json", "bad-message", "illegal", "not-your-turn", "stale", "not-started", "started", "no-undo", "not-away",
         "resigned", "rate-limited", "muted", "over", "bad-seat", "chat-off", "not-allowed", "bad-token")


@FUZZ
@given(data=st.data(), kind=st.sampled_from(TYPES), seated=st.booleans(), started=st.booleans())
def test_any_message_of_any_type_is_answered_without_a_server_error_and_a_refusal_changes_nothing(client, data, kind,
                                                                                                   seated, started):
    game = create(client, humans(2), seed=3) if started else _table(client)
    token = game["seats"][0]["token"] if started else game["you"]["token"]
    ws = connect(client, game["id"])
    ws.send_json({"type": "hello", "seat": 0, "token": token} if seated else {"type": "hello", "key": game["invite"]["code"]})
    welcome = ws.receive_json()
    assert welcome["type"] == "welcome", welcome
    ws.receive_json(), ws.receive_json()   # the log and the first state
    fields = data.draw(st.lists(st.sampled_from(MESSAGE_FIELDS), unique=True, max_size=4), label="fields")
    message = {"type": kind, **{f: data.draw(JSON_VALUES, label=f) for f in fields}}
    before = _summary(client, game)
    seq = client.app.state.hub.rooms[game["id"]].seq
    ws.send_text(json.dumps(message))
    ws.send_json({"type": "ping"})
    answers = []
    while not answers or answers[-1] != {"type": "pong"}:
        answers.append(ws.receive_json())
    errors = [a for a in answers if a["type"] == "error"]
    for e in errors:
        assert e["code"] != "server", f"{message}: {e}"
        assert e["message"].strip() and e["code"] in CODES, e
    if errors:
        assert client.app.state.hub.rooms[game["id"]].seq == seq and _summary(client, game) == before, message


DOCS = Path(__file__).resolve().parents[2] / "docs"
UPLOADS = {"/api/rokugan/rules": ("rules", DOCS / "rokugan-variant-example.json"),
           "/api/senjutsu/cards": ("cards", DOCS / "senjutsu-cards-example.json"),
           "/api/start-file": ("file", DOCS / "risingsun-variant-example.war")}
OTHER_POSTS = ["/api/games/yours", "/api/account/email", "/api/account/email/unsubscribe", "/api/account/sign-out",
               "/api/account/sign-out-everywhere"]


def _mutated(text: str, data) -> str:
    """The file with a line dropped, doubled or swapped, a number changed, or junk put in a line."""
    lines = text.splitlines() or [""]
    kind, i = change(lines, data, ("number", "junk"))
    if kind == "number":
        n = data.draw(st.one_of(st.integers(-(10 ** 30), 10 ** 30), st.sampled_from(["1e400", "-0", "1.5", "null", '"3"'])),
                      label="n")
        lines[i] = re.sub(r"\d+", str(n), lines[i], count=1)
    elif kind == "junk":
        at = data.draw(st.integers(0, len(lines[i])), label="at")
        lines[i] = lines[i][:at] + data.draw(st.text(max_size=8), label="junk") + lines[i][at:]
    return "\n".join(lines) + "\n"


@pytest.fixture
def uploads(db_url):
    """A client whose address may send any number of files (each still read in a worker process, under its limits)."""
    with TestClient(create_app(db_url, settings=replace(TEST_SETTINGS, upload_rate="100000/minute"))) as c:
        yield c


@FUZZ
@given(path=st.sampled_from([*UPLOADS, *OTHER_POSTS]), data=st.data())
def test_any_upload_or_account_request_is_answered_below_500_naming_what_is_wrong(uploads, path, data):
    if path in UPLOADS:
        field, example = UPLOADS[path]
        text = _mutated(example.read_text(encoding="utf-8"), data)
        body = {field: data.draw(st.one_of(st.just(text), JSON_VALUES), label="file")}
        if path == "/api/start-file":
            body["game"] = data.draw(st.one_of(st.just("risingsun"), JSON_VALUES), label="game")
    else:
        body = data.draw(st.one_of(JSON_VALUES, st.dictionaries(st.sampled_from(["games", "email", "user", "signature",
                                                                                 "lang", "token"]),
                                                                JSON_VALUES, max_size=3)), label="body")
    r = uploads.post(path, content=json.dumps(body), headers={"content-type": "application/json"})
    assert r.status_code < 500, (path, r.status_code, r.text[:300])
    if r.status_code >= 400:
        assert r.json()["error"].strip(), r.text
        if path in UPLOADS:   # the field the file came in (or the game it is for) is named, first or among the first
            named = [word.strip() for word in r.json()["error"].split(":", 1)[0].split(",")]
            # (a body JSON cannot hold, Infinity or NaN from json.dumps, is refused as the body it is)
            assert UPLOADS[path][0] in named or r.json()["error"].startswith(("game", "unknown game", "the request body")), r.text
