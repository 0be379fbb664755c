"""The play server's HTTP API (docs/server-protocol.md): creating, listing and downloading games."""

from __future__ import annotations

import pytest

from daimyo.rokugan.record import replay
from tests.server.conftest import create, humans


def test_lobby_lists_bots_and_game_data(client):
    assert "random" in client.get("/api/bots").json()["bots"]
    data = client.get("/api/rokugan/data").json()
    assert {p["id"] for p in data["board"]["provinces"]} >= {"crab_1", "crane_2", "shadowlands_north"}
    assert len(data["objectives"]["objectives"]) == 12


def test_create_gives_each_human_seat_a_token_and_a_join_link_and_fills_random_clans(client):
    g = create(client, [{"kind": "human", "name": "Ann", "choice": "crab"}, {"kind": "bot", "bot": "random", "choice": None},
                        {"kind": "human", "choice": None}], seed=9)
    s0, s1, s2 = g["seats"]
    assert s0["choice"] == "crab" and s1["choice"] and s2["choice"] and len({s0["choice"], s1["choice"], s2["choice"]}) == 3
    assert s0["token"] != s2["token"] and "token" not in s1
    assert s0["join"] == f"/game/{g['id']}#seat=0&token={s0['token']}"
    # random clans follow the seed: the same request gives the same clans
    again = create(client, [{"kind": "human", "name": "Ann", "choice": "crab"}, {"kind": "bot", "choice": None},
                            {"kind": "human", "choice": None}], seed=9)
    assert [s["choice"] for s in again["seats"]] == [s0["choice"], s1["choice"], s2["choice"]]


def test_a_seats_old_field_clan_is_still_read_as_its_choice(client):
    """A seat's choice was ``clan`` for every game until November 2026 (docs/server-protocol.md, Names changed): a
    request that still says so gets its choice, and the summary says ``choice``."""
    g = create(client, [{"kind": "human", "clan": "crab"}, {"kind": "bot", "bot": "random", "clan": "lion"}], seed=4)
    assert [s["choice"] for s in g["seats"]] == ["crab", "lion"] and all("clan" not in s for s in g["seats"])


def test_summaries_carry_no_token_and_no_hidden_fact(client):
    g = create(client, humans(3))
    listed = client.get("/api/games").json()["games"]
    assert [x["id"] for x in listed] == [g["id"]]
    r = client.get(f"/api/games/{g['id']}")
    for s in g["seats"]:
        assert s["token"] not in r.text
    assert not keys_of(r.json()) & {"objective", "objectives_dealt", "hand", "pool", "token", "token_hash", "seed"}


def keys_of(x) -> set:
    if isinstance(x, dict):
        return set(x) | set().union(*(keys_of(v) for v in x.values()))
    if isinstance(x, list):
        return set().union(*(keys_of(v) for v in x)) if x else set()
    return set()


@pytest.mark.parametrize("body, field", [
    ({"seats": [{"kind": "human"}]}, "seats"),
    ({"seats": [{"kind": "human"}] * 6}, "seats"),
    ({"seats": "two"}, "seats"),
    ({"game": "chess", "seats": [{"kind": "human"}] * 2}, "game"),
    ({"seats": [{"kind": "human"}, {"kind": "alien"}]}, "seats[1].kind"),
    ({"seats": [{"kind": "human"}, {"kind": "bot", "bot": "deep-blue"}]}, "seats[1].bot"),
    ({"seats": [{"kind": "human", "choice": "crab"}, {"kind": "human", "choice": "crab"}]}, "seats[1].choice"),
    ({"seats": [{"kind": "human", "choice": "mantis"}, {"kind": "human"}]}, "seats[0].choice"),
    ({"seats": [{"kind": "human", "clan": "mantis"}, {"kind": "human"}]}, "seats[0].clan"),   # the old name's own
    ({"seats": [{"kind": "human", "clan": "crab", "choice": "lion"}, {"kind": "human"}]}, "seats[0]: give 'choice'"),
    ({"seats": [{"kind": "human", "name": "x" * 41}, {"kind": "human"}]}, "seats[0].name"),
    ({"seats": [{"kind": "human"}] * 2, "seed": -1}, "seed"),
    ({"seats": [{"kind": "human"}] * 2, "seed": "7"}, "seed"),
    ({"seats": [{"kind": "human"}] * 2, "seed": 2**63}, "seed"),
    ([1, 2], "JSON object"),
])
def test_a_bad_create_request_says_which_field_is_wrong_and_creates_nothing(client, body, field):
    r = client.post("/api/games", json=body)
    assert r.status_code == 400
    assert field in r.json()["error"]
    assert client.get("/api/games").json()["games"] == []


def test_malformed_json_and_oversized_bodies_are_refused(client):
    r = client.post("/api/games", content=b"{not json", headers={"content-type": "application/json"})
    assert r.status_code == 400 and "JSON" in r.json()["error"]
    r = client.post("/api/games", content=b"{" + b" " * 20000 + b"}", headers={"content-type": "application/json"})
    assert r.status_code == 413
    r = client.post("/api/games", content=b'{"seats": []}', headers={"content-type": "text/plain"})
    assert r.status_code == 415 and "application/json" in r.json()["error"]
    assert client.get("/api/games").json()["games"] == []


def test_unknown_game_is_404(client):
    for path in ("/api/games/g-nope", "/api/games/g-nope/record", "/api/games/g-nope/replay"):
        r = client.get(path)
        assert r.status_code == 404 and "no game" in r.json()["error"]


def test_record_and_replay_only_once_the_game_is_over(client):
    g = create(client, humans(2))
    assert client.get(f"/api/games/{g['id']}/record").status_code == 409
    assert client.get(f"/api/games/{g['id']}/replay").status_code == 409


def test_a_bot_game_plays_to_the_end_and_its_record_replays_to_the_same_result(client):
    g = create(client, [{"kind": "bot"}] * 3, seed=5)
    for _ in range(400):
        summary = client.get(f"/api/games/{g['id']}").json()
        if summary["status"] == "over":
            break
        import time
        time.sleep(0.02)
    assert summary["status"] == "over" and summary["phase"] == "over"
    text = client.get(f"/api/games/{g['id']}/record").text
    rep = replay(text)
    assert rep.state.is_terminal() and rep.state.result == summary["result"]
    steps = client.get(f"/api/games/{g['id']}/replay").json()
    assert len(steps["steps"]) == len(rep.steps) - 1  # replay's first step is the setup
    assert steps["steps"][-1]["view"] == rep.state.view(None)
    assert steps["start"]["round"] in (0, 1)


def test_stats_count_actions_and_tell_nothing_of_any_game(client):
    from tests.server.conftest import join

    g = create(client, humans(2))
    ws, _, _, st = join(client, g["id"], 0, g["seats"][0]["token"])
    ws.send_json({"type": "act", "action": st["legal"][0]})
    assert ws.receive_json()["type"] == "ack"
    import time

    deadline = time.monotonic() + 10
    stats = client.get("/api/stats").json()
    while stats["latency_ms"]["p50"] is None and time.monotonic() < deadline:  # the ack's send is timed just after it
        time.sleep(0.01)
        stats = client.get("/api/stats").json()
    assert stats["actions"] == 1 and stats["games_live"] == 1 and stats["connections"] == 1
    assert stats["commit_latency_ms"]["p50"] > 0 and stats["latency_ms"]["p50"] >= stats["commit_latency_ms"]["p50"]
    assert set(stats) == {"games_live", "games_in_memory", "connections", "actions", "latency_ms",
                          "commit_latency_ms"}
