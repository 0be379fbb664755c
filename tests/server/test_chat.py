"""Chat (issue 15): plain text lines per game, committed before they are acknowledged, kept across a
restart, length- and rate-limited, players' and spectators' channels apart, mutes per seat, and the
host's switch for the spectators' chat. Bad lines get a clear error and change nothing."""

from __future__ import annotations

import string

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

from daimyo.server.app import create_app
from daimyo.server.chat import ChatError, chat_text
from tests.server.conftest import TEST_SETTINGS, create, humans, join, next_of


def _sit_all(client, game):
    return [join(client, game["id"], s["seat"], s["token"]) for s in game["seats"]]


def test_a_players_line_is_acknowledged_and_reaches_both_players_and_spectators(client):
    game = create(client, humans(2))
    (ws0, *_), (ws1, *_) = _sit_all(client, game)
    spectator, *_ = join(client, game["id"])
    ws0.send_json({"type": "chat", "text": "  good   luck <b>all</b> "})
    assert next_of(ws0, "chat-ack") == {"type": "chat-ack", "seq": 0}
    line = next_of(ws1, "chat")["line"]
    # stored and sent as plain text, spaces collapsed, markup kept as the characters it is
    assert (line["seat"], line["name"], line["channel"], line["text"]) == (0, "p0", "players", "good luck <b>all</b>")
    assert next_of(spectator, "chat")["line"]["text"] == "good luck <b>all</b>"


def test_spectators_chat_apart_and_the_host_can_turn_it_off(client):
    game = create(client, humans(2))
    (ws0, *_), _ = _sit_all(client, game)
    spectator, *_ = join(client, game["id"])
    other, *_ = join(client, game["id"])
    spectator.send_json({"type": "chat", "text": "who wins?"})
    assert next_of(spectator, "chat-ack")["seq"] == 0
    assert next_of(other, "chat")["line"]["channel"] == "spectators"
    ws0.send_json({"type": "chat", "text": "hello"})
    # the players never got the spectators' line: their next chat line is their own
    assert next_of(ws0, "chat")["line"]["text"] == "hello"
    _, welcome, _, _ = join(client, game["id"], 1, game["seats"][1]["token"])
    assert [line["text"] for line in welcome["chat"]["lines"]] == ["hello"]

    wrong = client.post(f"/api/games/{game['id']}/spectator-chat", json={"host": "nope", "on": False})
    assert wrong.status_code == 403 and "host token" in wrong.json()["error"]
    off = client.post(f"/api/games/{game['id']}/spectator-chat", json={"host": game["host"], "on": False})
    assert off.status_code == 200 and off.json() == {"spectators": False}
    assert next_of(spectator, "chat-log")["spectators"] is False
    spectator.send_json({"type": "chat", "text": "still here"})
    refused = next_of(spectator, "error")
    assert refused["code"] == "chat-off"
    _, welcome, _, _ = join(client, game["id"])
    assert [line["text"] for line in welcome["chat"]["lines"]] == ["who wins?", "hello"]


def test_a_muted_seat_reaches_nobody_at_the_muting_seat_now_or_in_the_history(client):
    game = create(client, humans(3))
    (ws0, *_), (ws1, *_), (ws2, *_) = _sit_all(client, game)
    ws1.send_json({"type": "mute", "seat": 0, "muted": True})
    assert next_of(ws1, "chat-log")["muted"] == [0]
    ws0.send_json({"type": "chat", "text": "you will lose"})
    next_of(ws0, "chat-ack")
    assert next_of(ws2, "chat")["line"]["text"] == "you will lose"
    ws2.send_json({"type": "chat", "text": "calm down"})
    assert next_of(ws1, "chat")["line"]["text"] == "calm down"   # seat 0's line never came
    _, welcome, _, _ = join(client, game["id"], 1, game["seats"][1]["token"])
    assert [line["text"] for line in welcome["chat"]["lines"]] == ["calm down"]
    ws1.send_json({"type": "mute", "seat": 0, "muted": False})
    assert next_of(ws1, "chat-log")["muted"] == []
    for bad, words in (({"seat": 1}, "another seat"), ({"seat": 7}, "from 0 to 2"), ({"seat": 0, "muted": "yes"}, "true or false")):
        ws1.send_json({"type": "mute", **bad})
        assert words in next_of(ws1, "error")["message"]


@pytest.mark.parametrize(("text", "words"), [
    (None, "'text' string"), (42, "'text' string"), ("", "empty"), ("   ", "empty"),
    ("x" * 501, "at most 500"), ("two\nlines", "one line"), ("bell\x07", "control"),
])
def test_a_bad_line_is_refused_with_its_reason_and_nothing_is_stored(client, text, words):
    game = create(client, humans(2))
    (ws0, *_), _ = _sit_all(client, game)
    ws0.send_json({"type": "chat", "text": text})
    error = next_of(ws0, "error")
    assert error["code"] == "bad-message" and words in error["message"]
    _, welcome, _, _ = join(client, game["id"])
    assert welcome["chat"]["lines"] == []


def test_chat_lines_survive_a_restart_in_order_with_the_mutes(db_url):
    with TestClient(create_app(db_url, settings=TEST_SETTINGS)) as client:
        client.sessions = []
        game = create(client, humans(2))
        (ws0, *_), (ws1, *_) = _sit_all(client, game)
        for text in ("one", "two", "three"):
            ws0.send_json({"type": "chat", "text": text})
            next_of(ws0, "chat-ack")
        ws1.send_json({"type": "mute", "seat": 0, "muted": True})
        next_of(ws1, "chat-log")
        for ws in client.sessions:
            ws.__exit__(None, None, None)
    with TestClient(create_app(db_url, settings=TEST_SETTINGS)) as client:
        client.sessions = []
        _, welcome, _, _ = join(client, game["id"])
        assert [line["text"] for line in welcome["chat"]["lines"]] == ["one", "two", "three"]
        _, welcome, _, _ = join(client, game["id"], 1, game["seats"][1]["token"])
        assert welcome["chat"]["lines"] == [] and welcome["chat"]["muted"] == [0]
        for ws in client.sessions:
            ws.__exit__(None, None, None)


def test_chat_is_rate_limited_per_client(db_url):
    limited = TEST_SETTINGS.replace(chat_rate="3/minute")
    with TestClient(create_app(db_url, settings=limited)) as client:
        client.sessions = []
        game = create(client, humans(2))
        (ws0, *_), _ = _sit_all(client, game)
        for _ in range(3):
            ws0.send_json({"type": "chat", "text": "spam"})
            next_of(ws0, "chat-ack")
        ws0.send_json({"type": "chat", "text": "spam"})
        assert next_of(ws0, "error")["code"] == "rate-limited"
        for ws in client.sessions:
            ws.__exit__(None, None, None)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(st.text(max_size=600), st.none(), st.integers(), st.lists(st.text(max_size=3), max_size=3),
                 st.text(alphabet=string.printable, max_size=600)))
def test_the_chat_reader_gives_a_line_or_a_clear_error_for_anything(text):
    try:
        line = chat_text(text, 500)
    except ChatError as e:
        assert e.code == "bad-message" and e.message
    else:
        assert line and len(line) <= 500 and line.isprintable() and line == " ".join(line.split())
