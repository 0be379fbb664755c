"""Ctrl+C on a server with clocked games open (issue 30, item 5): every room's clock watcher and bot loop end with
the server, which stops quietly (no "Task was destroyed but it is pending", no traceback) and with status 0."""

from __future__ import annotations

import signal

from tests.server.process import Server


def test_ctrl_c_with_clocked_rooms_open_stops_quietly(tmp_path):
    server = Server(f"sqlite:///{tmp_path / 'games.sqlite'}", bot_delay=0.2)
    sockets = []
    try:
        for _ in range(3):   # three clocked rooms, each with a player on its socket and a bot at the other seat
            game = server.create({"game": "rokugan", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}],
                                  "clock": {"kind": "move", "seconds": 60}, "sit": 0})
            ws, state = server.socket(game["id"], 0, game["you"]["token"])
            assert state["clocks"]["clock"] == {"kind": "move", "seconds": 60}
            sockets.append(ws)
        server.proc.send_signal(signal.SIGINT)
        assert server.proc.wait(timeout=30) == 0
        out = server.output()
    finally:
        for ws in sockets:
            ws.close()
        server.stop()
    assert "Task was destroyed" not in out and "Traceback" not in out, out
