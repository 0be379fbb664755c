"""Private games stay private, and tables do not stay forever (issue 24, items 7, 9 and 15), against a real
`daimyo serve` process on 127.0.0.1: a game created without "public" is listed to nobody but the browsers holding
one of its secrets and watched only with its link; the host cancels a table; a table nobody opens is closed; a
table edit racing a claim keeps the claim; what a seat is dealt stays hidden until the table's choices are final."""

from __future__ import annotations

import json
import threading
import time
import urllib.error

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from tests.server.process import Server, recv_type

TWO = [{"kind": "human", "name": "Host"}, {"kind": "human"}]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    srv = Server(f"sqlite:///{tmp_path_factory.mktemp('privacy') / 'g.sqlite'}",
                 settings=("create_rate=1000/minute", "failed_seat_rate=1000/minute", "connect_rate=1000/minute"))
    yield srv
    srv.stop()


def _status(server, path, key=None) -> int:
    return server.request("GET", path, headers={"x-daimyo-key": key} if key else {})[0]


def _hello(server, game_id, hello: dict) -> tuple[dict, int | None]:
    """The first message a WebSocket saying ``hello`` gets, and its close code if the server then closed it."""
    with connect(f"ws://127.0.0.1:{server.port}/ws/games/{game_id}", open_timeout=10) as ws:
        ws.send(json.dumps(hello))
        first = json.loads(ws.recv(timeout=10))
        try:
            ws.recv(timeout=2)
            return first, None
        except ConnectionClosed as e:
            return first, e.rcvd.code if e.rcvd else None
        except TimeoutError:
            return first, None


def test_a_private_game_is_listed_only_to_who_holds_its_secrets_and_watched_only_with_its_link(server):
    private = server.create({"game": "rokugan", "seats": TWO, "sit": 0})
    public = server.create({"game": "rokugan", "seats": TWO, "sit": 0, "public": True})
    assert private["public"] is False and private["watch"]["link"] == f"/game/{private['id']}#watch={private['watch']['code']}"
    listed = [g["id"] for g in server.get("/api/games")["games"]]
    assert public["id"] in listed and private["id"] not in listed

    # a stranger who knows the id learns nothing: the same 404 as a game that does not exist
    gid = private["id"]
    for path in (f"/api/games/{gid}", f"/api/games/{gid}/replay", f"/api/games/{gid}/record"):
        assert _status(server, path) == 404 and _status(server, path, "a-guess") == 404
    assert server.request("GET", f"/api/games/{gid}")[2] == \
        server.request("GET", "/api/games/g-0000000000")[2].replace(b"g-0000000000", gid.encode())
    # its secrets open it: the watch code, the invitation, the host token, a seat token
    for key in (private["watch"]["code"], private["invite"]["code"], private["host"], private["you"]["token"]):
        assert _status(server, f"/api/games/{gid}", key) == 200
    assert _status(server, f"/api/games/{gid}/record", private["watch"]["code"]) == 409   # not over yet

    # watching: refused without the link (close 4404, as a missing game), a spectator with it
    first, code = _hello(server, gid, {"type": "hello"})
    assert first["code"] == "no-such-game" and code == 4404
    first, code = _hello(server, gid, {"type": "hello", "key": "a-guess"})
    assert first["code"] == "no-such-game" and code == 4404
    ws, state = server.socket(gid, key=private["watch"]["code"])
    assert state["legal"] == []
    ws.close()
    ws, _ = server.socket(public["id"])   # a public game: anyone watches
    ws.close()

    # the lobby asks for the games whose secrets its browser holds
    yours = server.post("/api/games/yours", {"games": {gid: private["host"], public["id"]: "x", "g-0000000000": "y"}})
    assert sorted(g["id"] for g in yours["games"]) == sorted([public["id"], gid])   # newest first; one second apart or not
    assert server.post("/api/games/yours", {"games": {gid: "a-guess"}})["games"] == []
    status, _, body = server.request("POST", "/api/games/yours", json.dumps({"games": ["x"]}).encode(),
                                     {"content-type": "application/json"})
    assert status == 400 and b"games" in body


def test_private_chat_reaches_only_those_at_the_game(server):
    game = server.create({"game": "rokugan", "seats": TWO, "sit": 0})
    player, _ = server.socket(game["id"], 0, game["you"]["token"])
    watcher, _ = server.socket(game["id"], key=game["watch"]["code"])
    player.send(json.dumps({"type": "chat", "text": "for those at the table"}))
    assert recv_type(player, "chat")["line"]["channel"] == "players"
    assert recv_type(watcher, "chat")["line"]["text"] == "for those at the table"
    watcher.send(json.dumps({"type": "chat", "text": "from the gallery"}))
    assert recv_type(watcher, "chat")["line"]["channel"] == "spectators"
    player.send(json.dumps({"type": "ping"}))
    assert recv_type(player, "pong") == {"type": "pong"}   # the spectators' line never reached the player
    for ws in (player, watcher):
        ws.close()


def test_the_host_cancels_a_table_and_everyone_at_it_is_told(server):
    game = server.create({"game": "rokugan", "seats": TWO, "sit": 0, "table": True, "public": True})
    gid = game["id"]
    player, _ = server.socket(gid, 0, game["you"]["token"])
    assert gid in [g["id"] for g in server.get("/api/games/open")["games"]]
    assert server.request("POST", f"/api/games/{gid}/cancel", json.dumps({"host": "a-guess"}).encode(),
                          {"content-type": "application/json"})[0] == 403
    assert server.post(f"/api/games/{gid}/cancel", {"host": game["host"]}) == {"id": gid, "cancelled": True}
    assert recv_type(player, "closed") == {"type": "closed", "reason": "cancelled"}
    with pytest.raises(ConnectionClosed) as closed:
        player.recv(timeout=10)
    assert closed.value.rcvd.code == 4410
    assert _status(server, f"/api/games/{gid}") == 404
    assert gid not in [g["id"] for g in server.get("/api/games/open")["games"]]
    assert gid not in [g["id"] for g in server.get("/api/games")["games"]]
    again = server.request("POST", f"/api/games/{gid}/cancel", json.dumps({"host": game["host"]}).encode(),
                           {"content-type": "application/json"})
    assert again[0] == 404
    started = server.create({"game": "rokugan", "seats": TWO, "sit": 0})   # not a table: in progress at once
    refused = server.request("POST", f"/api/games/{started['id']}/cancel", json.dumps({"host": started["host"]}).encode(),
                             {"content-type": "application/json"})
    assert refused[0] == 400 and b"started" in refused[2]


def test_a_table_nobody_opens_is_closed_and_one_with_a_page_open_stays(tmp_path):
    srv = Server(f"sqlite:///{tmp_path / 'g.sqlite'}", settings=("close_after=2",))
    try:
        left = srv.create({"game": "rokugan", "seats": TWO, "sit": 0, "table": True, "public": True})
        kept = srv.create({"game": "rokugan", "seats": TWO, "sit": 0, "table": True, "public": True})
        started = srv.create({"game": "rokugan", "seats": TWO, "sit": 0, "public": True})
        ws, _ = srv.socket(kept["id"], 0, kept["you"]["token"])
        deadline = time.monotonic() + 30
        while left["id"] in [g["id"] for g in srv.get("/api/games/open")["games"]]:
            assert time.monotonic() < deadline, "the unopened table was never closed"
            ws.send(json.dumps({"type": "ping"}))
            recv_type(ws, "pong")
            time.sleep(0.5)
        assert _status(srv, f"/api/games/{left['id']}") == 404
        assert _status(srv, f"/api/games/{kept['id']}") == 200   # a page is open on it
        assert _status(srv, f"/api/games/{started['id']}") == 200  # a game in progress is not a table
        ws.close()
    finally:
        srv.stop()


def test_a_table_edit_racing_a_claim_keeps_the_claim(server):
    """Item 9: twenty races of a claim against a table edit; each claimed token is a seat's afterwards."""
    for i in range(20):
        game = server.create({"game": "rokugan", "seats": [*TWO, {"kind": "human"}], "sit": 0, "table": True})
        out = _race(server, game, "random" if i % 2 else "heuristic", claim_first=bool(i % 2))
        assert isinstance(out["claim"], str), out
        summary = server.request("GET", f"/api/games/{game['id']}", headers={"x-daimyo-key": game["host"]})
        seats = json.loads(summary[2])["seats"]
        assert seats[1]["open"] is False and seats[2]["kind"] == "bot"
        ws, _ = server.socket(game["id"], 1, out["claim"])   # the token is the seat's
        ws.close()


def _race(server, game, bot: str, claim_first: bool) -> dict:
    """A claim of seat 1 and the host's edit of seat 2 sent at once; the claim's token (or refusal's status)."""
    out: dict = {}

    def claim():
        try:
            out["claim"] = server.claim(game, 1)
        except urllib.error.HTTPError as e:
            out["claim"] = e.code

    def edit():
        out["edit"] = server.post(f"/api/games/{game['id']}/table",
                                  {"host": game["host"], "seats": [*TWO, {"kind": "bot", "bot": bot}]})

    threads = [threading.Thread(target=claim), threading.Thread(target=edit)]
    for t in threads if claim_first else reversed(threads):
        t.start()
    for t in threads:
        t.join()
    return out


@pytest.mark.parametrize("game, seats", [
    ("rokugan", [{"kind": "human", "choice": "crab"}, {"kind": "bot", "bot": "random"}]),
    ("senjutsu", [{"kind": "human", "choice": "kaze"}, {"kind": "bot", "bot": "random"}]),
])
def test_nothing_a_seat_is_dealt_shows_before_the_table_is_final(server, game, seats):
    """Item 15: at the table the host sees only what a spectator sees (no objectives, no hand or deck), whatever clan
    or character it picks; once the host starts the game, its seat's own view arrives."""
    table = server.create({"game": game, "seats": seats, "sit": 0, "table": True})
    ws, state = server.socket(table["id"], 0, table["you"]["token"])
    watcher, public = server.socket(table["id"], key=table["watch"]["code"])
    assert state["view"] == public["view"] and state["legal"] == []
    other = "crane" if game == "rokugan" else "hana"
    server.post(f"/api/games/{table['id']}/table", {"host": table["host"], "seats": [{**seats[0], "choice": other}, seats[1]]})
    again = recv_type(ws, "state")
    assert again["view"] == recv_type(watcher, "state")["view"] and again["legal"] == []
    ws.send(json.dumps({"type": "ready", "ready": True}))
    recv_type(ws, "table")
    server.post(f"/api/games/{table['id']}/start", {"host": table["host"]})
    recv_type(ws, "started")
    mine = recv_type(ws, "state")
    assert mine["view"] != recv_type(watcher, "state")["view"]   # now the seat's own: what it was dealt
    if game == "rokugan":
        assert mine["legal"] and all(a.startswith("objective ") for a in mine["legal"])
    for w in (ws, watcher):
        w.close()
