"""Memory and work limits that need no separate process: replays computed once, finished games unloaded,
spectators per game bounded (docs/security.md)."""

from __future__ import annotations

import time

import pytest
from starlette.testclient import TestClient

from daimyo.server.app import create_app
from tests.server.conftest import TEST_SETTINGS, create


@pytest.fixture
def small(db_url):
    settings = TEST_SETTINGS.replace(unload_after=0.0, spectators_per_game=2, replay_cache=2)
    with TestClient(create_app(db_url, settings=settings)) as c:
        yield c


def finished_bot_game(client) -> str:
    g = create(client, [{"kind": "bot"}] * 2, seed=5)
    deadline = time.monotonic() + 60
    while client.get(f"/api/games/{g['id']}").json()["status"] != "over":
        assert time.monotonic() < deadline
        time.sleep(0.05)
    return g["id"]


def test_a_replay_is_computed_once_and_only_the_last_few_are_kept(small):
    hub = small.app.state.hub
    gid = finished_bot_game(small)
    first = small.get(f"/api/games/{gid}/replay").json()
    kept = hub._replays[gid]
    assert small.get(f"/api/games/{gid}/replay").json() == first and hub._replays[gid] is kept
    others = [finished_bot_game(small) for _ in range(2)]
    for other in others:
        small.get(f"/api/games/{other}/replay")
    assert list(hub._replays) == others  # replay_cache=2: the oldest went


def test_finished_games_nobody_watches_leave_memory_and_come_back_on_demand(small):
    hub = small.app.state.hub
    gid = finished_bot_game(small)
    assert gid in hub.rooms and hub.unload_idle() >= 1 and gid not in hub.rooms
    summary = small.get(f"/api/games/{gid}").json()  # loaded again from the database
    assert summary["status"] == "over" and gid in hub.rooms


def test_a_games_spectators_are_bounded(small):
    g = create(small, [{"kind": "human"}] * 2, seed=1)
    socks = []
    for _ in range(2):
        ws = small.websocket_connect(f"/ws/games/{g['id']}")
        ws.__enter__()
        ws.send_json({"type": "hello"})
        assert [ws.receive_json()["type"] for _ in range(3)] == ["welcome", "log", "state"]
        socks.append(ws)
    third = small.websocket_connect(f"/ws/games/{g['id']}")
    third.__enter__()
    third.send_json({"type": "hello"})
    err = third.receive_json()
    assert err["code"] == "rate-limited" and "spectators" in err["message"]
    # a player still gets in
    ws = small.websocket_connect(f"/ws/games/{g['id']}")
    ws.__enter__()
    ws.send_json({"type": "hello", "seat": 0, "token": g["seats"][0]["token"]})
    assert ws.receive_json()["type"] == "welcome"
    for s in [*socks, ws, third]:
        try:
            s.__exit__(None, None, None)
        except Exception:  # a socket the server closed itself
            pass


def test_a_stored_bot_spec_past_the_caps_is_clamped_and_its_search_stops_in_time():
    """Specs stored by an older server (no caps then) are held to this server's caps when the game is loaded."""
    from daimyo.rokugan import new_game
    from daimyo.server.bots import server_bot
    from daimyo.core.registry import game

    settings = TEST_SETTINGS.replace(bot_seconds=0.3, bot_iterations=10**9)
    bot = server_bot(game("rokugan"), "ismcts:999999999", 1, settings)
    assert bot.iterations == 999999999 and bot.max_seconds == 0.3
    state = new_game(players=3, seed=4, clans=["crab", "lion", "crane"])
    while state.phase.startswith("setup"):  # objectives chosen, then the first placement is a real search
        seat = state.to_act()[0]
        state.apply(state.legal_actions(seat)[0])
    bot.choose(state, state.to_act()[0])
    assert 0 < bot.last_iterations < 999999999 and bot.last_seconds < 3
    clamped = server_bot(game("rokugan"), "ismcts:100s", 1, TEST_SETTINGS.replace(bot_seconds=2))
    assert clamped.seconds == 2
