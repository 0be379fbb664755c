"""Issue 30, defect 2: a clocked rematch waits for its players. It is a table at first (no clock runs, no bot moves)
with the original's setting (clock, listing, spectators' chat); each player who asks for it is there and ready, and it
starts once every player is. Against a real server process."""

from __future__ import annotations

import time
import urllib.error

from tests.server.process import Server, recv_type


def _until(check, seconds=120.0):
    end = time.monotonic() + seconds
    while not (result := check()):
        assert time.monotonic() < end, "the server never got there"
        time.sleep(0.1)
    return result


def _stand_in(server, game, seat) -> bool:
    try:
        server.post(f"/api/games/{game['id']}/stand-in", {"host": game["host"], "seat": seat})
        return True
    except urllib.error.HTTPError:   # not away long enough yet
        return False


def test_a_clocked_rematch_is_a_table_that_starts_when_its_players_are_there(tmp_path):
    server = Server(f"sqlite:///{tmp_path / 'games.sqlite'}", settings=("absent_after=0.2", "clock_min_seconds=1"))
    try:
        game = server.create({"practice": True, "seed": 3, "public": True, "clock": {"kind": "move", "seconds": 30},
                              "seats": [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bo"}]})
        tokens = [server.claim(game, seat) for seat in (0, 1)]
        # both players leave: the host gives their seats to bots, which play the game to its end
        for seat in (0, 1):
            _until(lambda seat=seat: _stand_in(server, game, seat), 30)
        _until(lambda: server.get(f"/api/games/{game['id']}")["status"] == "over")

        first = server.post(f"/api/games/{game['id']}/rematch", {"seat": 0, "token": tokens[0]})
        new = server.get(f"/api/games/{first['id']}")
        assert new["status"] == "waiting"   # Bo is not there yet: nothing runs
        assert new["clock"] == {"kind": "move", "seconds": 30} and new["public"] is True
        assert [(s["ready"], s["open"]) for s in new["seats"]] == [(True, False), (False, False)]   # Bo's seat is kept for Bo
        ws, state = server.socket(first["id"], 0, first["token"])
        assert state["seq"] == 0 and not any(c["running"] for c in state.get("clocks", {"seats": {}})["seats"].values())
        # a stranger cannot take Bo's seat of the listed table
        try:
            server.post(f"/api/games/{first['id']}/claim", {"seat": 1})
            raise AssertionError("a stranger took a rematch seat")
        except urllib.error.HTTPError as e:
            assert e.code == 409

        second = server.post(f"/api/games/{game['id']}/rematch", {"seat": 1, "token": tokens[1]})
        assert second["id"] == first["id"]
        assert recv_type(ws, "started")["game"]["status"] == "in progress"
        started = recv_type(ws, "state")
        running = [s for s, c in started["clocks"]["seats"].items() if c["running"]]
        assert running and started["seq"] == 0
        ws.close()
    finally:
        server.stop()
