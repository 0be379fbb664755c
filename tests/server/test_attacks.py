"""Issue 10's attacks, each run against a real ``daimyo serve`` process on 127.0.0.1, each now failing.

1. recovering the game's seed (and with it every hidden fact) from what a seat sees;
2. the creator holding every seat;
3. bot specs that freeze every bot of the server, and a server that SIGTERM no longer stops;
4. another web site driving the server (text/plain POST, cross-origin WebSocket, DNS rebinding);
5. memory and time exhaustion (huge bodies, sockets that never read, floods, half-sent headers);
6. malformed input that answered with tracebacks or killed a connection's sender.
"""

from __future__ import annotations

import json
import re
import socket
import time

import pytest
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

from daimyo.rokugan.record import replay as replay_rokugan
from tests.server.process import Server, recv_type

# generous limits for the tests that are not about them, tight ones where a test is
SETTINGS = ("create_rate=1000/minute", "connect_rate=1000/minute", "header_timeout=1", "bot_seconds=0.5",
            "bot_deadline=1.5", "outbox_limit=32", "send_timeout=2", "connections_per_client=80")


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    db = f"sqlite:///{tmp_path_factory.mktemp('attacks') / 'games.sqlite'}"
    s = Server(db, settings=SETTINGS)
    yield s
    s.stop()


def two_humans(**extra) -> dict:
    """A public game of two open human seats (listed, and watched by anyone)."""
    return {"game": "rokugan", "seats": [{"kind": "human"}, {"kind": "human"}], "public": True, **extra}


# ------------------------------------------------------------ 1. the seed
def play_to_the_end(server, game_id, tokens: dict[int, str], spectator=True) -> list[str]:
    """Play random legal actions for the human seats (bots play theirs) until the game is over;
    every raw message each connection received, as text."""
    opened = {seat: server.socket(game_id, seat, tok) for seat, tok in tokens.items()}
    conns = {seat: ws for seat, (ws, _) in opened.items()}
    last = {seat: first for seat, (_, first) in opened.items()}
    seen: list[str] = [json.dumps(first) for first in last.values()]
    watcher = server.socket(game_id)[0] if spectator else None

    def read(ws, seat, timeout: float, until: tuple = ()) -> None:
        """Messages of ``seat``'s socket (or the watcher's, seat None) until one of type ``until``, or a quiet ``timeout``."""
        while True:
            try:
                raw = ws.recv(timeout=timeout)
            except TimeoutError:
                return
            seen.append(raw)
            msg = json.loads(raw)
            if msg["type"] == "state" and seat is not None:
                last[seat] = msg
            if msg["type"] in until:
                return

    for _ in range(3000):
        acting = [seat for seat, st in last.items() if st["legal"]]
        if not acting:
            if server.get(f"/api/games/{game_id}")["status"] == "over":
                break
            for seat, ws in conns.items():  # a bot is thinking: wait for the next state
                read(ws, seat, 0.2, until=("state",))
            continue
        seat = acting[0]
        conns[seat].send(json.dumps({"type": "act", "action": last[seat]["legal"][-1], "seq": last[seat]["seq"]}))
        read(conns[seat], seat, 10, until=("ack", "error"))
        for other, ws in conns.items():
            read(ws, other, 0.05)
    if watcher is not None:
        read(watcher, None, 0.2)
        watcher.close()
    for ws in conns.values():
        ws.close()
    return seen


def test_a_game_without_a_chosen_seed_is_keyed_and_its_key_shows_only_in_the_record_once_it_is_over(server):
    # with a clock, so that every state also carries the clocks (issue 15)
    g = server.create({"game": "rokugan", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "heuristic"}], "sit": 0,
                       "public": True, "clock": {"kind": "bank", "seconds": 3600, "increment": 10}})
    assert g["practice"] is False and "seed" not in json.dumps(g)
    seen = play_to_the_end(server, g["id"], {0: g["you"]["token"]})
    status, _, body = server.request("GET", f"/api/games/{g['id']}/record")
    assert status == 200
    record = body.decode()
    key = re.search(r"^key: ([0-9a-f]{64})$", record, re.M).group(1)
    assert re.search(r"^generator: blake2b-keyed$", record, re.M)
    # nothing any seat or spectator received while the game ran carries the key or a seed
    assert any('"clocks"' in raw for raw in seen)
    for raw in seen:
        assert key not in raw
        assert '"seed"' not in raw and '"key"' not in raw
    # the record replays exactly: the same result as the server's
    assert replay_rokugan(record).state.result == server.get(f"/api/games/{g['id']}")["result"]


def test_two_keyed_games_with_the_same_public_setup_deal_differently(server):
    """The same clans and seats: a seed below 2**31 would give a 1-in-2**31 chance of the same deal; keys give
    independent deals, so a seat's own objective pair tells nothing of another game or of the other seats."""
    body = {"game": "rokugan", "seats": [{"kind": "human", "choice": "crab"}, {"kind": "human", "choice": "lion"}], "sit": 0}
    dealt = []
    for _ in range(4):
        g = server.create(body)
        ws, st = server.socket(g["id"], 0, g["you"]["token"])
        ws.close()
        dealt.append((tuple(st["view"]["you"]["objectives_dealt"]), tuple(sorted(st["view"].get("initiative", []) or []))))
    assert len({d[0] for d in dealt}) > 1


def test_a_chosen_seed_makes_a_practice_game_and_says_so_to_everyone(server):
    status, _, body = server.request("POST", "/api/games", json.dumps({**two_humans(), "seed": 7}).encode(),
                                     {"content-type": "application/json"})
    assert status == 400 and b"practice" in body
    g = server.create({**two_humans(), "seed": 7, "practice": True})
    assert g["practice"] is True
    summary = server.get(f"/api/games/{g['id']}")
    assert summary["practice"] is True


# --------------------------------------------------------------- 2. seats
def test_the_creator_gets_only_its_own_seat_and_others_claim_theirs_once(server):
    g = server.create({**two_humans(), "sit": 0, "seats": [{"kind": "human"}] * 3})
    assert g["you"]["seat"] == 0 and [s["open"] for s in g["seats"]] == [False, True, True]
    assert all("token" not in s for s in g["seats"])
    # the creator's token opens only seat 0
    ws = connect(f"ws://127.0.0.1:{server.port}/ws/games/{g['id']}", open_timeout=5)
    ws.send(json.dumps({"type": "hello", "seat": 1, "token": g["you"]["token"]}))
    assert json.loads(ws.recv(timeout=5))["code"] == "bad-token"
    ws.close()
    # a seat that is no seat is named, but not echoed back whole (a body's worth of it)
    ws = connect(f"ws://127.0.0.1:{server.port}/ws/games/{g['id']}", open_timeout=5)
    ws.send(json.dumps({"type": "hello", "seat": "7" * 3000, "token": g["you"]["token"]}))
    told = json.loads(ws.recv(timeout=5))
    assert told["code"] == "bad-token" and "no seat '7777" in told["message"] and len(told["message"]) < 160, told
    ws.close()
    token = server.claim(g, 1)
    assert token != g["you"]["token"]
    ws, st = server.socket(g["id"], 1, token)
    ws.close()
    status, _, body = server.request("POST", f"/api/games/{g['id']}/claim",
                                     json.dumps({"code": g["invite"]["code"], "seat": 1}).encode(), {"content-type": "application/json"})
    assert status == 409 and b"already taken" in body
    status, _, body = server.request("POST", f"/api/games/{g['id']}/claim",
                                     json.dumps({"code": "guess", "seat": 2}).encode(), {"content-type": "application/json"})
    assert status == 403 and b"invitation" in body
    assert [s["open"] for s in server.get(f"/api/games/{g['id']}")["seats"]] == [False, False, True]


def test_a_new_invitation_replaces_the_old_one_and_needs_the_host_token(server):
    g = server.create({"game": "rokugan", "seats": [{"kind": "human"}] * 2})
    assert g["you"] is None
    status, _, _ = server.request("POST", f"/api/games/{g['id']}/invite", json.dumps({"host": "nope"}).encode(),
                                  {"content-type": "application/json"})
    assert status == 403
    new = server.post(f"/api/games/{g['id']}/invite", {"host": g["host"]})["invite"]
    assert new["code"] != g["invite"]["code"] and new["link"] == f"/join/{g['id']}#code={new['code']}"
    status, _, _ = server.request("POST", f"/api/games/{g['id']}/claim",
                                  json.dumps({"code": g["invite"]["code"], "seat": 0}).encode(), {"content-type": "application/json"})
    assert status == 403
    assert server.post(f"/api/games/{g['id']}/claim", {"code": new["code"], "seat": 0})["seat"] == 0


# ---------------------------------------------------------------- 3. bots
@pytest.mark.parametrize("spec", ["ismcts:1e9s", "ismcts:nans", "ismcts:infs", "ismcts:999999999999", "ismcts:" + "9" * 60])
def test_bot_budgets_past_the_servers_cap_are_refused(server, spec):
    status, _, body = server.request("POST", "/api/games", json.dumps(
        {"game": "rokugan", "seats": [{"kind": "human"}, {"kind": "bot", "bot": spec}]}).encode(), {"content-type": "application/json"})
    assert status == 400 and b"seats[1].bot" in body


def test_many_thinking_bots_do_not_stop_another_games_bots_or_the_lobby(tmp_path):
    srv = Server(f"sqlite:///{tmp_path / 'g.sqlite'}", settings=("bot_seconds=2", "bot_deadline=2.5", "bot_workers=2"))
    try:
        for _ in range(6):  # six games of bots that think as long as the server allows, for ever
            srv.create({"game": "rokugan", "seats": [{"kind": "bot", "bot": "ismcts:2s"}] * 5, "public": True})
        g = srv.create({"game": "rokugan", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}], "sit": 0})
        ws, st = srv.socket(g["id"], 0, g["you"]["token"])
        # objectives are chosen at once: ours, then the random bot's comes within its deadline
        ws.send(json.dumps({"type": "act", "action": st["legal"][0]}))
        t0 = time.monotonic()
        while True:
            st = recv_type(ws, "state", timeout=15)
            if st["seq"] >= 2:
                break
        assert time.monotonic() - t0 < 12
        t0 = time.monotonic()
        assert srv.get("/api/games?limit=5")["games"]
        assert time.monotonic() - t0 < 5
        ws.close()
        # SIGTERM stops the server within seconds, whatever its bots are doing
        t0 = time.monotonic()
        srv.proc.terminate()
        srv.proc.wait(timeout=15)
        assert time.monotonic() - t0 < 10
    finally:
        srv.stop()


# ------------------------------------------------------- 4. other web sites
def test_another_web_site_cannot_create_games_or_open_sockets(server):
    body = json.dumps(two_humans()).encode()
    status, _, _ = server.request("POST", "/api/games", body, {"content-type": "text/plain"})
    assert status == 415
    status, _, out = server.request("POST", "/api/games", body, {"content-type": "application/json", "origin": "http://evil.example"})
    assert status == 403 and b"Origin" in out
    status, _, _ = server.request("POST", "/api/games", body, {"content-type": "application/json", "origin": "null"})
    assert status == 403
    # its own pages may
    status, _, _ = server.request("POST", "/api/games", body,
                                  {"content-type": "application/json", "origin": f"http://127.0.0.1:{server.port}"})
    assert status == 201
    g = server.create(two_humans())
    with pytest.raises(InvalidStatus):
        connect(f"ws://127.0.0.1:{server.port}/ws/games/{g['id']}", origin="http://evil.example", open_timeout=5)
    ws = connect(f"ws://127.0.0.1:{server.port}/ws/games/{g['id']}", origin=f"http://127.0.0.1:{server.port}", open_timeout=5)
    ws.close()


def test_a_foreign_host_name_is_refused_and_every_answer_has_the_security_headers(server):
    status, _, body = server.request("GET", "/api/games", headers={"host": "rebind.evil.example"})
    assert status == 400 and b"Host" in body
    for path in ("/", "/api/games", "/static/lobby.js", "/api/games/nope"):
        status, headers, _ = server.request("GET", path)
        assert "frame-ancestors 'none'" in headers["content-security-policy"]
        assert headers["x-content-type-options"] == "nosniff" and headers["referrer-policy"] == "no-referrer"


# ---------------------------------------------------------------- 5. limits
def test_a_huge_chunked_body_is_refused_without_being_read(server):
    before = server.rss_kib()
    s = socket.create_connection(("127.0.0.1", server.port), timeout=10)
    s.sendall(b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
              b"Transfer-Encoding: chunked\r\n\r\n")
    chunk = b"x" * 65536
    sent = 0
    try:
        for _ in range(1600):  # up to 100 MiB
            s.sendall(b"%x\r\n%s\r\n" % (len(chunk), chunk))
            sent += len(chunk)
    except OSError:
        pass  # the server answered and closed the connection
    s.settimeout(5)
    answer = s.recv(200)
    s.close()
    assert answer.startswith(b"HTTP/1.1 413"), answer
    assert server.rss_kib() - before < 30_000


def test_a_declared_huge_body_is_refused_at_once(server):
    status, _, body = server.request("POST", "/api/games", b"{}", {"content-type": "application/json", "content-length": "2"})
    assert status == 400
    s = socket.create_connection(("127.0.0.1", server.port), timeout=10)
    s.sendall(b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 300000000\r\n\r\n")
    assert s.recv(200).startswith(b"HTTP/1.1 413")
    s.close()


def test_sockets_that_never_read_are_closed_and_their_memory_freed(server):
    g = server.create({"game": "rokugan", "seed": 5, "practice": True, "seats": [{"kind": "human"}, {"kind": "human"}]})
    tokens = {0: server.claim(g, 0), 1: server.claim(g, 1)}
    before = server.rss_kib()
    # 40 spectators that read nothing (their receive buffers are tiny) ...
    idle = []
    for _ in range(40):
        s = socket.create_connection(("127.0.0.1", server.port))
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        s.sendall(b"GET /ws/games/" + g["id"].encode() + b" HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
                  b"Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
                  b"\x81\x90" + b"\0\0\0\0" + b'{"type":"hello"}')
        idle.append(s)
    # ... while the players play on: every action sends each spectator a state of a few KB
    conns = {seat: server.socket(g["id"], seat, tok) for seat, tok in tokens.items()}
    last = {seat: st for seat, (_, st) in conns.items()}
    for _ in range(120):
        seat = next((p for p, st in last.items() if st["legal"]), None)
        if seat is None:
            break
        ws = conns[seat][0]
        ws.send(json.dumps({"type": "act", "action": last[seat]["legal"][0]}))
        recv_type(ws, "ack")
        for p, (pws, _) in conns.items():
            last[p] = recv_type(pws, "state")
    stats = server.get("/api/stats")
    assert stats["connections"] <= 2 + 5, stats  # the readers that stopped were dropped
    assert server.rss_kib() - before < 40_000
    for s in idle:
        s.close()
    for ws, _ in conns.values():
        ws.close()


def test_creation_floods_and_connection_floods_are_throttled_per_client(tmp_path):
    srv = Server(f"sqlite:///{tmp_path / 'g.sqlite'}", settings=("create_rate=5/minute", "connections_per_client=3",
                                                                 "failed_seat_rate=3/minute"))
    try:
        codes = [srv.request("POST", "/api/games", json.dumps(two_humans()).encode(), {"content-type": "application/json"})[0]
                 for _ in range(7)]
        assert codes == [201] * 5 + [429] * 2
        gid = srv.get("/api/games")["games"][0]["id"]
        open_ = [srv.socket(gid)[0] for _ in range(3)]
        ws = connect(f"ws://127.0.0.1:{srv.port}/ws/games/{gid}", open_timeout=5)
        assert json.loads(ws.recv(timeout=5))["code"] == "rate-limited"
        ws.close()
        for w in open_:
            w.close()
        # wrong tokens: after three, even the right code is refused for a while
        for _ in range(3):
            assert srv.request("POST", f"/api/games/{gid}/claim", b'{"code": "x", "seat": 0}',
                               {"content-type": "application/json"})[0] == 403
        assert srv.request("POST", f"/api/games/{gid}/claim", b'{"code": "x", "seat": 0}',
                           {"content-type": "application/json"})[0] == 429
    finally:
        srv.stop()


def test_the_games_list_comes_in_pages(server):
    for _ in range(3):
        server.create(two_humans())
    first = server.get("/api/games?limit=2")
    assert len(first["games"]) == 2 and first["next"]
    second = server.get("/api/games?limit=2&before=" + first["next"])
    assert second["games"] and not {g["id"] for g in first["games"]} & {g["id"] for g in second["games"]}
    assert server.request("GET", "/api/games?limit=100000")[0] == 400
    assert server.request("GET", "/api/games?before=not-a-cursor")[0] == 400


def test_half_sent_headers_do_not_hold_a_connection(server):
    s = socket.create_connection(("127.0.0.1", server.port), timeout=10)
    s.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
    t0 = time.monotonic()
    assert s.recv(100) == b""  # closed by the server (header_timeout=1)
    assert time.monotonic() - t0 < 5
    s.close()


# ------------------------------------------------------------ 6. bad input
def test_deep_json_and_lone_surrogates_get_clear_errors_and_the_connection_goes_on(server):
    g = server.create(two_humans(sit=0))
    ws = connect(f"ws://127.0.0.1:{server.port}/ws/games/{g['id']}", open_timeout=5)
    ws.send("[" * 1000 + "]" * 1000)  # as the first message
    err = json.loads(ws.recv(timeout=5))
    assert err["type"] == "error" and err["code"] == "bad-json"
    ws.close()
    ws, st = server.socket(g["id"], 0, g["you"]["token"])
    for bad in ('{"type": "\\ud800"}', '{"type": "act", "action": ' + "[" * 900 + "]" * 900 + "}",
                '{"type": "act", "action": "\\ud800"}'):
        ws.send(bad)
        err = json.loads(ws.recv(timeout=5))
        assert err["type"] == "error" and err["code"] in ("bad-json", "bad-message"), err
    ws.send(json.dumps({"type": "ping"}))
    assert json.loads(ws.recv(timeout=5)) == {"type": "pong"}  # the sender is alive
    ws.close()


@pytest.mark.parametrize("body", [
    b'{"game": [], "seats": []}', b'{"game": {}, "seats": []}', b'{"game": "\\ud800", "seats": []}',
    b'{"game": "rokugan", "seats": ' + b"[" * 500 + b"]" * 500 + b"}", b'{"seats": [{"kind": []}, {"kind": "human"}]}',
    b'{"seats": [{"kind": "human", "choice": []}, {"kind": "human"}]}', b'{"seats": [{"kind": "human", "name": "a\\nb"}, {"kind": "human"}]}',
])
def test_malformed_creations_get_400_naming_the_field(server, body):
    status, _, out = server.request("POST", "/api/games", body, {"content-type": "application/json"})
    assert status == 400, out
    assert json.loads(out)["error"]


@pytest.mark.parametrize("sep", ["\n", "\r", "\v", "\f", "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029"])
def test_actions_with_line_breaks_are_refused_and_stored_actions_are_canonical(server, sep):
    g = server.create({"game": "rokugan", "seed": 3, "practice": True, "seats": [{"kind": "human"}, {"kind": "human"}], "sit": 0})
    ws, st = server.socket(g["id"], 0, g["you"]["token"])
    verb, arg = st["legal"][0].split(" ", 1)
    ws.send(json.dumps({"type": "act", "action": f"{verb}{sep}{arg}"}))
    err = recv_type(ws, "error")
    assert err["code"] == "bad-message" and "line break" in err["message"]
    ws.send(json.dumps({"type": "act", "action": "x" * 300}))
    assert "at most 200" in recv_type(ws, "error")["message"]
    ws.send(json.dumps({"type": "act", "action": f"  {verb}   {arg} "}))  # extra spaces: stored as the notation writes it
    assert recv_type(ws, "ack")["seq"] == 1
    ws.close()


def test_the_server_log_holds_no_traceback_after_all_of_this(tmp_path):
    srv = Server(f"sqlite:///{tmp_path / 'g.sqlite'}")
    g = srv.create(two_humans(sit=0))
    ws, _ = srv.socket(g["id"], 0, g["you"]["token"])
    for bad in ["[" * 1000 + "]" * 1000, '{"type": "\\ud800"}', "{" * 3000, "\xff"]:
        ws.send(bad)
        assert json.loads(ws.recv(timeout=5))["type"] == "error"
    ws.close()
    for body in (b'{"game": []}', b"[" * 5000, b'{"game": "\\ud800"}'):
        srv.request("POST", "/api/games", body, {"content-type": "application/json"})
    srv.stop()
    assert "Traceback" not in srv.output()


def test_keyed_game_states_replay_from_the_record_in_python(server):
    """The record of a keyed game replays in the rules engine alone, action by action."""
    g = server.create({"game": "rokugan", "seats": [{"kind": "bot", "bot": "random"}] * 2, "public": True})
    for _ in range(200):
        if server.get(f"/api/games/{g['id']}")["status"] == "over":
            break
        time.sleep(0.1)
    status, _, body = server.request("GET", f"/api/games/{g['id']}/record")
    assert status == 200
    replayed = replay_rokugan(body.decode())
    assert replayed.state.is_terminal()
    assert replayed.state.result == server.get(f"/api/games/{g['id']}")["result"]
