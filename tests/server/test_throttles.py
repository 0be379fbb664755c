"""Issue 24, item 14: ``ready`` and ``mute`` (each a write to the database) were not rate-limited, about 700
committed writes a second from one socket. Now they count, with ``resume`` and ``stand-in``, against
``toggle_rate`` per address (docs/security.md), against a real ``daimyo serve`` process on 127.0.0.1."""

from __future__ import annotations

import json

from tests.server.process import Server


def messages_until_quiet(ws, quiet: float = 1.0) -> list[dict]:
    out = []
    while True:
        try:
            out.append(json.loads(ws.recv(timeout=quiet)))
        except TimeoutError:
            return out


def test_ready_and_mute_are_rate_limited_per_address(tmp_path):
    s = Server(f"sqlite:///{tmp_path / 'games.sqlite'}", settings=("toggle_rate=5/minute",))
    try:
        game = s.create({"game": "rokugan", "public": True, "table": True, "sit": 0, "seats": [{"kind": "human"}, {"kind": "human"}]})
        ws, _ = s.socket(game["id"], 0, game["you"]["token"])
        other, _ = s.socket(game["id"], 1, s.claim(game, 1))
        messages_until_quiet(ws)
        for i in range(8):
            ws.send(json.dumps({"type": "ready", "ready": i % 2 == 0}))
        ws.send(json.dumps({"type": "mute", "seat": 1, "muted": True}))
        got = messages_until_quiet(ws)
        refused = [m for m in got if m["type"] == "error"]
        assert [m["code"] for m in refused] == ["rate-limited"] * 4, got
        assert all("at most 5/minute of ready, mute, resume, stand-in, resign and undo" in m["message"] for m in refused)
        # the five that were accepted were written: the seat's last accepted word was ready (the fifth, i=4)
        assert s.get(f"/api/games/{game['id']}")["seats"][0]["ready"] is True
        # a second socket of the same address shares the count
        other.send(json.dumps({"type": "ready", "ready": True}))
        assert [m["code"] for m in messages_until_quiet(other) if m["type"] == "error"] == ["rate-limited"]
        ws.close()
        other.close()
    finally:
        s.stop()
