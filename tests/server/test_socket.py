"""The game WebSocket (docs/server-protocol.md): seats and tokens, acting, and every kind of bad input.

Bad input gets a clear error and changes nothing; the connection stays up (except for a wrong
token) and so does the server.
"""

from __future__ import annotations

import pytest
from starlette.websockets import WebSocketDisconnect

from tests.server.conftest import connect, create, humans, join, next_of


@pytest.fixture
def game(client):
    return create(client, humans(3), seed=4)


def tok(game, seat):
    return game["seats"][seat]["token"]


def test_a_player_gets_welcome_log_and_its_own_view(client, game):
    ws, welcome, log, state = join(client, game["id"], 0, tok(game, 0))
    assert welcome["seat"] == 0 and welcome["game"]["id"] == game["id"]
    assert state["seq"] == 0 and state["view"]["you"]["seat"] == 0
    assert state["legal"] and all(a.startswith("objective ") for a in state["legal"])
    assert len(state["view"]["you"]["objectives_dealt"]) == 2


def test_a_spectator_gets_the_public_view_and_cannot_act(client, game):
    ws, welcome, _, state = join(client, game["id"])
    assert welcome["seat"] is None and "you" not in state["view"] and state["legal"] == []
    ws.send_json({"type": "act", "action": "pass"})
    err = next_of(ws, "error")
    assert err["code"] == "not-your-turn" and "spectator" in err["message"]
    ws.send_json({"type": "ping"})
    assert next_of(ws, "pong") == {"type": "pong"}


@pytest.mark.parametrize("hello, why", [
    ({"seat": 0, "token": "not-the-token"}, "wrong or missing token for seat 0"),
    ({"seat": 0}, "wrong or missing token for seat 0"),
    ({"seat": 7, "token": "x"}, "no seat 7"),
    ({"seat": "0", "token": "x"}, "no seat '0'"),
])
def test_a_wrong_or_missing_seat_token_is_refused_and_the_socket_closed(client, game, hello, why):
    ws = connect(client, game["id"])
    ws.send_json({"type": "hello", **hello})
    err = ws.receive_json()
    assert err["code"] == "bad-token" and why in err["message"]
    with pytest.raises(WebSocketDisconnect):
        ws.receive_json()


def test_another_seats_token_does_not_open_this_seat(client, game):
    ws = connect(client, game["id"])
    ws.send_json({"type": "hello", "seat": 1, "token": tok(game, 0)})
    assert ws.receive_json()["code"] == "bad-token"


def test_nobody_can_take_a_bot_seat(client):
    g = create(client, [{"kind": "human"}, {"kind": "bot"}])
    ws = connect(client, g["id"])
    ws.send_json({"type": "hello", "seat": 1, "token": g["seats"][0]["token"]})
    err = ws.receive_json()
    assert err["code"] == "bad-token" and "bot" in err["message"]


def test_no_such_game(client):
    ws = connect(client, "g-missing")
    err = ws.receive_json()
    assert err["code"] == "no-such-game"
    with pytest.raises(WebSocketDisconnect):
        ws.receive_json()


@pytest.mark.parametrize("raw, code", [
    ("{nope", "bad-json"),
    ("[1, 2]", "bad-message"),
    ('{"no": "type"}', "bad-message"),
    ('{"type": "dance"}', "bad-message"),
    ('{"type": "act"}', "bad-message"),
    ('{"type": "act", "action": 5}', "bad-message"),
    ('{"type": "act", "action": "pass", "seq": "x"}', "bad-message"),
    ('{"type": "hello"}', "bad-message"),
    ('{"type": "act", "action": "' + "x" * 5000 + '"}', "bad-message"),
])
def test_bad_messages_get_a_clear_error_change_nothing_and_keep_the_connection(client, game, raw, code):
    ws, _, _, before = join(client, game["id"], 0, tok(game, 0))
    ws.send_text(raw)
    err = next_of(ws, "error")
    assert err["code"] == code and err["message"]
    # still connected, and nothing changed
    ws.send_json({"type": "ping"})
    assert next_of(ws, "pong")
    ws2, _, _, after = join(client, game["id"], 0, tok(game, 0))
    assert after["seq"] == before["seq"] == 0 and after["view"] == before["view"]



def test_binary_frames_are_read_as_text(client, game):
    ws, _, _, _ = join(client, game["id"], 0, tok(game, 0))
    ws.send_bytes(b'{"type": "ping"}')
    assert next_of(ws, "pong")
    ws.send_bytes(b"\xff\xfe")
    assert next_of(ws, "error")["code"] == "bad-json"


def test_an_illegal_action_names_the_rule_and_changes_nothing(client, game):
    ws, _, _, state = join(client, game["id"], 0, tok(game, 0))
    ws.send_json({"type": "act", "action": "place a3 crab_2"})
    err = next_of(ws, "error")
    assert err["code"] == "illegal" and err["rule"]
    ws.send_json({"type": "act", "action": "objective not-an-objective"})
    err = next_of(ws, "error")
    assert err["code"] == "illegal" and "not dealt that objective" in err["message"] and err["rule"].startswith("Setup 5")
    # the rule message's code and params, and the sentence in each language (daimyo/words/errors.py)
    assert err["reason"]["code"] == "rk.objective_not_dealt" and err["reason"]["texts"]["en"] == err["message"]
    assert "nie dostał tego celu" in err["reason"]["texts"]["pl"] and set(err["reason"]["params"]) == {"clan", "options"}
    # the rule in each language for people, the English one for programs (docs/server-protocol.md)
    assert err["rule_texts"] == {"en": err["rule"], "pl": "Przygotowanie gry 5. Rozdaj karty ukrytych celów"}
    ws2, _, _, again = join(client, game["id"], 0, tok(game, 0))
    assert again["seq"] == 0 and again["view"] == state["view"]



def test_acting_is_acknowledged_and_everyone_gets_the_new_state(client, game):
    a, _, _, sa = join(client, game["id"], 0, tok(game, 0))
    b, _, _, _ = join(client, game["id"], 1, tok(game, 1))
    spec, _, _, _ = join(client, game["id"])
    choice = sa["legal"][0]
    a.send_json({"type": "act", "action": choice, "seq": 0})
    assert next_of(a, "ack") == {"type": "ack", "seq": 1}
    for ws, seat in ((a, 0), (b, 1), (spec, None)):
        st = next_of(ws, "state")
        assert st["seq"] == 1
        players = st["view"]["players"]
        assert players[0]["objective_chosen"] is True
        if seat == 0:
            assert st["view"]["you"]["objective"] == choice.split()[1]
        else:  # the choice is secret: nobody else learns which objective was kept
            assert choice.split()[1] not in str(st)
    # a simultaneous choice: seat 0 has chosen, so it is no longer to act
    a.send_json({"type": "act", "action": sa["legal"][1]})
    assert next_of(a, "error")["code"] == "not-your-turn"


def test_a_client_that_asks_gets_its_ack_inside_the_next_state(client, game):
    """hello's "ack_in_state": the acting connection's state carries "ack" (one message instead of two); the seat's
    other connection, the other seats and the spectators get the state without it; a refusal is an error as ever."""
    a = connect(client, game["id"])
    a.send_json({"type": "hello", "seat": 0, "token": tok(game, 0), "ack_in_state": True})
    sa = next_of(a, "state")
    a2, _, _, _ = join(client, game["id"], 0, tok(game, 0))   # the same seat in another tab, without it
    b, _, _, _ = join(client, game["id"], 1, tok(game, 1))
    spec, _, _, _ = join(client, game["id"])
    a.send_json({"type": "act", "action": "no such action", "seq": 0})
    assert next_of(a, "error")["code"] == "illegal"
    a.send_json({"type": "act", "action": sa["legal"][0], "seq": 0})
    kinds = []
    while (first := a.receive_json())["type"] != "state":
        kinds.append(first["type"])
    assert "ack" not in kinds and first["ack"] == 1 == first["seq"]
    states = {}
    for name, ws in (("a2", a2), ("b", b), ("spec", spec)):
        states[name] = next_of(ws, "state")
        assert states[name]["seq"] == 1 and "ack" not in states[name]
    assert {k: v for k, v in first.items() if k != "ack"} == states["a2"]   # the seat's state, as its other tab gets it
    # a client that did not ask gets the ack first, then the state, as before
    b.send_json({"type": "act", "action": states["b"]["legal"][0], "seq": 1})
    assert next_of(b, "ack") == {"type": "ack", "seq": 2}
    assert "ack" not in next_of(b, "state")
    assert "ack" not in next_of(a, "state")   # not its action


def test_a_stale_action_is_refused(client, game):
    a, _, _, sa = join(client, game["id"], 0, tok(game, 0))
    b, _, _, sb = join(client, game["id"], 1, tok(game, 1))
    b.send_json({"type": "act", "action": sb["legal"][0], "seq": 0})
    next_of(b, "ack")
    a.send_json({"type": "act", "action": sa["legal"][0], "seq": 0})
    err = next_of(a, "error")
    assert err["code"] == "stale"



def test_reconnecting_returns_the_player_to_the_same_game_with_its_log(client, game):
    a, _, _, sa = join(client, game["id"], 0, tok(game, 0))
    a.send_json({"type": "act", "action": sa["legal"][0]})
    first = next_of(a, "state")
    again, welcome, log, state = join(client, game["id"], 0, tok(game, 0))
    assert welcome["seat"] == 0 and state["seq"] == 1 and state["view"] == first["view"]
    assert log["events"] == [e for e in log["events"]]  # a list of event objects
    assert all("kind" in e for e in log["events"])


def test_a_finished_game_refuses_further_actions(client):
    g = create(client, [{"kind": "human"}, {"kind": "bot"}], seed=2)
    ws, _, _, st = join(client, g["id"], 0, g["seats"][0]["token"])
    while st["legal"] or st["view"]["phase"] != "over":
        if st["legal"]:
            ws.send_json({"type": "act", "action": st["legal"][0]})
        st = next_of(ws, "state")
        while st["view"]["phase"] != "over" and not st["legal"]:
            st = next_of(ws, "state")
    assert st["view"]["result"]["winners"]
    ws.send_json({"type": "act", "action": "pass"})
    assert next_of(ws, "error")["code"] == "game-over"


def test_a_failing_bot_does_not_stop_the_game(client, monkeypatch):
    """A bot that raises or answers an illegal move is replaced by a random legal move for that turn."""
    import time

    from daimyo.bots.random_bot import RandomBot

    calls = {"n": 0}
    real = RandomBot.choose

    def flaky(self, state, seat):
        calls["n"] += 1
        if calls["n"] % 3 == 1:
            raise RuntimeError("bot bug")
        if calls["n"] % 3 == 2:
            return ("place", "a9", "c", 0, 0)
        return real(self, state, seat)

    monkeypatch.setattr(RandomBot, "choose", flaky)
    g = create(client, [{"kind": "bot"}, {"kind": "bot"}], seed=3)
    deadline = time.monotonic() + 60
    while client.get(f"/api/games/{g['id']}").json()["status"] != "over":
        assert time.monotonic() < deadline, "the game stalled"
        time.sleep(0.05)
    assert calls["n"] > 30


def test_a_send_that_waits_past_send_timeout_drops_and_closes_its_connection():
    """One watch for every connection's send under way (no timer per message): a client that stopped reading, whose
    send never completes, is dropped and its socket closed with 4008 once ``send_timeout`` passed; a send that
    completes leaves nothing watched."""
    import asyncio

    from starlette.websockets import WebSocketState

    from daimyo.server.routes.socket import SendWatch, _send_loop
    from daimyo.server.wire import Connection

    class Socket:
        application_state = WebSocketState.CONNECTED

        def __init__(self, stuck: bool):
            self.stuck, self.sent, self.closed = stuck, [], []

        async def send_text(self, text):
            if self.stuck:
                await asyncio.Event().wait()
            self.sent.append(text)

        async def close(self, code=1000, reason=None):
            self.closed.append(code)

    async def scenario():
        watch = SendWatch(0.2)
        stuck, reading = Socket(True), Socket(False)
        conns = {Connection(0): stuck, Connection(1): reading}
        tasks = [asyncio.create_task(_send_loop(ws, c, 0.2, watch)) for c, ws in conns.items()]
        for c in conns:
            c.put({"type": "pong"})
        await asyncio.sleep(1.0)
        (a, b) = conns
        assert tasks[0].done() and a.dropped and a.stalled and stuck.closed == [4008]
        assert not tasks[1].done() and not b.dropped and reading.sent == ['{"type":"pong"}'] and not watch.sending
        tasks[1].cancel()

    asyncio.run(scenario())


def test_a_message_goes_out_at_once_only_when_nothing_waits_before_it():
    """A connection writes a message straight to its socket (no queue, no task) when nothing is queued or being
    sent before it and the socket takes it; otherwise it queues, so the order never changes."""
    from daimyo.server.wire import Connection

    written, takes = [], [True]
    conn = Connection(0)
    conn.direct = lambda msg, received: takes[0] and not written.append(msg["n"])
    conn.put({"n": 1})
    assert written == [1] and conn.outbox.empty()
    takes[0] = False                     # the socket's buffer is full: it queues
    conn.put({"n": 2})
    takes[0] = True
    conn.put({"n": 3})                   # behind a queued message: it queues too
    assert written == [1] and [conn.outbox.get_nowait()[0]["n"] for _ in range(2)] == [2, 3]
    conn.busy = True                     # the sender task is sending: behind it
    conn.put({"n": 4})
    assert written == [1] and conn.outbox.get_nowait()[0]["n"] == 4
