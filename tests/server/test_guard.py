"""The server's guard and settings (docs/security.md): hosts, origins, JSON limits, settings from the command line,
and property tests over the network entry points (any body, any message: a clear refusal, nothing changed)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from daimyo.server.guard import RequestError, depth, host_allowed, origin_allowed, parse_json
from daimyo.server.settings import NAMES, Settings, parse_setting, settings_from
from tests.server.conftest import connect, create, humans

DEFAULT = Settings()


@pytest.mark.parametrize("host, ok", [
    ("127.0.0.1:8000", True), ("localhost:8000", True), ("[::1]:8000", True), ("192.168.1.9", True),
    ("rebind.evil.example", False), ("evil.example:8000", False), (None, False), ("", False),
])
def test_by_default_only_localhost_and_addresses_are_answered(host, ok):
    assert host_allowed(host, DEFAULT) is ok


def test_named_hosts_are_answered_when_the_operator_lists_them():
    named = Settings(allowed_hosts=("games.example.org",))
    assert host_allowed("games.example.org", named) and host_allowed("GAMES.example.org:443", named)
    assert not host_allowed("127.0.0.1", named) and not host_allowed("other.example.org", named)
    assert host_allowed("anything", Settings(allowed_hosts=("*",)))


@pytest.mark.parametrize("origin, host, ok", [
    (None, "127.0.0.1:8000", True), ("http://127.0.0.1:8000", "127.0.0.1:8000", True),
    ("https://games.example.org", "games.example.org", True), ("http://evil.example", "127.0.0.1:8000", False),
    ("null", "127.0.0.1:8000", False), ("http://127.0.0.1:8001", "127.0.0.1:8000", False),
    ("file://", "127.0.0.1:8000", False),
])
def test_a_request_from_a_page_must_come_from_the_servers_own_origin(origin, host, ok):
    assert origin_allowed(origin, host, DEFAULT) is ok


def test_an_operator_may_allow_another_origin():
    assert origin_allowed("https://club.example", "127.0.0.1:8000", Settings(allowed_origins=("https://club.example/",)))


def test_json_nesting_is_bounded_and_named():
    assert depth({"a": [1, {"b": 2}]}, 8) == 3 and depth(5, 8) == 0
    assert depth([[[[[[[[[[]]]]]]]]]], 3) == 4  # counts no further than the limit + 1
    with pytest.raises(RequestError, match="deeper than 8"):
        parse_json(b"[" * 9 + b"]" * 9, DEFAULT)
    with pytest.raises(RequestError, match="not valid JSON"):
        parse_json(b'{"type": "\\ud800"}', DEFAULT)
    assert parse_json(b'{"a": [1]}', DEFAULT) == {"a": [1]}


def test_settings_are_read_from_name_value_pairs_with_clear_errors():
    s = settings_from(["bot_seconds=2", "allowed-hosts=a.example, b.example", "trust_proxy=yes", "create_rate=3/hour"])
    assert (s.bot_seconds, s.allowed_hosts, s.trust_proxy, s.create_rate) == (2.0, ("a.example", "b.example"), True, "3/hour")
    for bad, why in [("bot_seconds", "NAME=VALUE"), ("nope=1", "unknown setting 'nope'"), ("bot_seconds=-1", "bot_seconds"),
                     ("bot_seconds=nan", "bot_seconds"), ("bot_seconds=inf", "bot_seconds"), ("page_size=x", "page_size"),
                     ("create_rate=often", "rate like 10/minute"), ("trust_proxy=maybe", "trust_proxy")]:
        with pytest.raises(ValueError, match=why):
            parse_setting(bad)


def test_every_setting_is_documented_in_the_security_page():
    page = (Path(__file__).resolve().parents[2] / "docs" / "security.md").read_text()
    assert [name for name in NAMES if f"| `{name}` |" not in page] == []


@given(st.text(max_size=40))
def test_any_setting_text_is_read_or_refused_with_a_value_error(text):
    try:
        parse_setting(text)
    except ValueError as e:
        assert str(e)


JSON_VALUES = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
                           lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
                           max_leaves=20)
CREATE_BODIES = st.one_of(
    JSON_VALUES,
    st.fixed_dictionaries({"game": st.one_of(st.sampled_from(["rokugan", "senjutsu"]), JSON_VALUES)},
                          optional={"seats": st.lists(st.dictionaries(st.sampled_from(["kind", "choice", "clan", "bot", "name"]), JSON_VALUES,
                                                                      max_size=4), max_size=6),
                                    "sit": JSON_VALUES, "practice": JSON_VALUES, "seed": JSON_VALUES}),
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=CREATE_BODIES)
def test_any_create_request_makes_a_game_or_gets_a_clear_refusal(client, body):
    before = len(client.app.state.hub.rooms)
    r = client.post("/api/games", content=json.dumps(body), headers={"content-type": "application/json"})
    assert r.status_code in (201, 400), r.text
    after = len(client.app.state.hub.rooms)
    if r.status_code == 400:
        assert r.json()["error"] and after == before
    else:
        assert after == before + 1 and all("token" not in s for s in r.json()["seats"])


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(raw=st.one_of(st.binary(max_size=300).map(lambda b: b.decode("latin-1")), JSON_VALUES.map(json.dumps),
                     st.fixed_dictionaries({"type": st.sampled_from(["act", "ping", "hello", "x"])},
                                           optional={"action": JSON_VALUES, "seq": JSON_VALUES}).map(json.dumps)))
def test_any_message_on_a_seats_socket_is_answered_and_changes_nothing_unless_legal(client, raw):
    g = create(client, humans(2), seed=3)
    ws = connect(client, g["id"])
    ws.send_json({"type": "hello", "seat": 0, "token": g["seats"][0]["token"]})
    for _ in range(3):
        ws.receive_json()
    ws.send_text(raw)
    answer = ws.receive_json()
    assert answer["type"] in ("error", "pong", "ack"), answer
    if answer["type"] == "error":
        assert answer["message"] and answer["code"] in ("bad-json", "bad-message", "illegal", "not-your-turn", "stale")
        ws.send_json({"type": "ping"})
        assert ws.receive_json() == {"type": "pong"}
        assert client.app.state.hub.rooms[g["id"]].seq == 0  # nothing changed
    else:
        assert client.app.state.hub.rooms[g["id"]].seq == (1 if answer["type"] == "ack" else 0)
