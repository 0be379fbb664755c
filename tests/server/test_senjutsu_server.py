"""Senjutsu on the play server (docs/server-protocol.md, Senjutsu): creating duels, acting, bad input, bots,
the record and replay of a finished duel, and the page served for a Senjutsu game."""

from __future__ import annotations

import json

import pytest

from daimyo.core.game import Action
from daimyo.senjutsu import new_game
from daimyo.senjutsu.game import terrain as senjutsu_terrain, new_state as senjutsu_new_state
from daimyo.senjutsu.record import replay as replay_record
from tests.server.conftest import TEST_SETTINGS, create, join, next_of, wait_over


def create_duel(client, seats, seed=3):
    return create(client, seats, seed=seed, game="senjutsu")


def test_a_duel_is_created_with_chosen_and_random_characters(client):
    g = create_duel(client, [{"kind": "human", "name": "Ann", "choice": "tetsu"}, {"kind": "bot", "bot": "heuristic", "choice": None}])
    chars = [s["choice"] for s in g["seats"]]
    assert chars[0] == "tetsu" and chars[1] in {"kaze", "hana", "ishi"}
    # the random character comes from the seed: the same seed gives the same one
    again = create_duel(client, [{"kind": "human", "choice": "tetsu"}, {"kind": "bot", "bot": "random"}])
    assert again["seats"][1]["choice"] == chars[1]
    summary = client.get(f"/api/games/{g['id']}").json()
    assert summary["game"] == "senjutsu" and summary["players"] == 2 and summary["phase"] == "place"
    assert [s["choice"] for s in summary["seats"]] == chars


@pytest.mark.parametrize("seats, why", [
    ([{"kind": "human"}], "a list of 2 to 4 seats"),
    ([{"kind": "human"}] * 5, "a list of 2 to 4 seats"),
    ([{"kind": "human", "choice": "crab"}, {"kind": "human"}], "unknown character 'crab'"),
    ([{"kind": "human", "choice": "kaze"}, {"kind": "human", "choice": "kaze"}], "kaze is taken by another seat (Player Setup)"),
    ([{"kind": "human"}, {"kind": "bot", "bot": "ismcts"}], "unknown Senjutsu bot 'ismcts'"),
])
def test_a_bad_duel_request_is_refused_and_creates_nothing(client, seats, why):
    r = client.post("/api/games", json={"game": "senjutsu", "seats": seats})
    assert r.status_code == 400 and why in r.json()["error"]
    assert client.get("/api/games").json()["games"] == []


def test_the_bots_of_each_game_are_listed(client):
    assert client.get("/api/bots?game=senjutsu").json()["bots"] == ["heuristic", "random", "smmcts"]
    assert "random" in client.get("/api/bots").json()["bots"]
    assert client.get("/api/bots?game=chess").status_code == 400


def test_the_card_data_is_public_and_complete(client):
    d = client.get("/api/senjutsu/data").json()
    assert {c["id"] for c in d["characters"]} == {"kaze", "hana", "tetsu", "ishi"}
    assert any(c["id"] == "quick-cut" and c["initiative"] == 6 for c in d["cards"])


def test_a_player_acts_and_a_bad_action_changes_nothing(client):
    g = create_duel(client, [{"kind": "human", "choice": "kaze"}, {"kind": "human", "choice": "tetsu"}], seed=5)
    tokens = [s["token"] for s in g["seats"]]
    state = new_game(["kaze", "tetsu"], seed=5, terrain=senjutsu_terrain(5))
    placer = state.to_act()[0]
    other = 1 - placer
    ws, welcome, log, st = join(client, g["id"], placer, tokens[placer])
    assert st["legal"] == state.legal_moves(placer) and st["view"]["game"] == "senjutsu"
    ws2, _, _, st2 = join(client, g["id"], other, tokens[other])
    assert st2["legal"] == []
    # not your turn, illegal text, a hex off the board: each refused, nothing changes
    ws2.send_json({"type": "act", "action": "place 0,3 n"})
    assert next_of(ws2, "error")["code"] == "not-your-turn"
    ws.send_json({"type": "act", "action": "place 9,9 n"})
    err = next_of(ws, "error")
    assert err["code"] == "illegal" and err["rule"] == "Player Setup 11-12"
    assert err["rule_texts"] == {"en": "Player Setup 11-12", "pl": "Przygotowanie graczy 11-12"}
    ws.send_json({"type": "act", "action": "play quick-cut"})
    assert next_of(ws, "error")["code"] == "illegal"
    assert client.get(f"/api/games/{g['id']}").json()["phase"] == "place"
    move = st["legal"][0]
    ws.send_json({"type": "act", "action": move, "seq": 0})
    assert next_of(ws, "ack") == {"type": "ack", "seq": 1}
    state.apply(Action(placer, move))
    mine = next_of(ws2, "state")
    assert mine["seq"] == 1 and mine["legal"] == state.legal_moves(other)
    assert [e["kind"] for e in mine["events"]] == ["placed"]
    # a stale action is refused
    ws2.send_json({"type": "act", "action": mine["legal"][0], "seq": 0})
    assert next_of(ws2, "error")["code"] == "stale"


def test_two_bots_duel_to_the_end_and_the_record_and_replay_rebuild_it(client):
    g = create_duel(client, [{"kind": "bot", "bot": "heuristic"}, {"kind": "bot", "bot": "random"}], seed=8)
    assert client.get(f"/api/games/{g['id']}/record").status_code == 409
    summary = wait_over(client, g["id"])
    chars = [s["choice"] for s in g["seats"]]
    assert summary["result"]["winners"] and set(summary["result"]["winners"]) <= set(chars)
    text = client.get(f"/api/games/{g['id']}/record").text
    assert text.startswith("format: senjutsu-record")
    replayed = replay_record(text).state
    assert replayed.is_terminal()
    assert [replayed.duellists[i].character for i in replayed.result] == summary["result"]["winners"]
    steps = client.get(f"/api/games/{g['id']}/replay").json()
    assert steps["start"]["phase"] == "place" and steps["steps"][-1]["view"]["winners"]
    assert steps["steps"][0]["actor"] in chars
    # hidden choices are not in the public replay before their reveal
    assert all(e["kind"] not in ("chosen-card", "drew", "dealt", "searched") for st in steps["steps"] for e in st["events"])


def test_the_game_page_is_the_senjutsu_page_for_a_duel(client):
    g = create_duel(client, [{"kind": "human"}, {"kind": "bot"}])
    page = client.get(f"/game/{g['id']}")
    assert page.status_code == 200 and "senjutsu.js" in page.text
    r = client.post("/api/games", json={"game": "rokugan", "seats": [{"kind": "human"}, {"kind": "bot"}]}).json()
    assert "rokugan.js" in client.get(f"/game/{r['id']}").text
    assert "rokugan.js" in client.get("/game/g-missing").text


def test_the_servers_terrain_comes_from_the_seed_and_keeps_the_two_hex_rule():
    """Battlefield Setup 2: no terrain within two hexes of other terrain; the layout is the seed's."""
    from daimyo.senjutsu.hexgrid import distance
    layouts = set()
    for seed in range(200):
        pieces = senjutsu_terrain(seed)
        assert senjutsu_terrain(seed) == pieces
        (a, [ha]), (b, [hb]) = pieces
        assert a != b and distance(ha, hb) > 2 and 1 <= distance(ha, (0, 0)) <= 2
        state = senjutsu_new_state(2, seed, ["kaze", "hana"])
        assert state.terrain == {ha: a, hb: b}
        layouts.add((a, ha, b, hb))
    assert len(layouts) > 50


def test_a_duel_in_progress_is_rebuilt_from_the_database_after_a_restart(db_url):
    """Every acknowledged action is stored: a new server on the same database continues the duel where it was."""
    from starlette.testclient import TestClient

    from daimyo.server.app import create_app

    with TestClient(create_app(db_url, settings=TEST_SETTINGS)) as c:
        c.sessions = []
        g = create_duel(c, [{"kind": "human", "choice": "hana"}, {"kind": "human", "choice": "ishi"}], seed=12)
        tokens = [s["token"] for s in g["seats"]]
        socks = {i: join(c, g["id"], i, tokens[i]) for i in (0, 1)}
        last = {i: socks[i][3] for i in (0, 1)}
        acts = []
        for _ in range(30):
            seat = next(i for i in (0, 1) if last[i]["legal"])
            action = last[seat]["legal"][-1]
            socks[seat][0].send_json({"type": "act", "action": action})
            acts.append((seat, action))
            assert next_of(socks[seat][0], "ack")["seq"] == len(acts)
            for i in (0, 1):
                last[i] = next_of(socks[i][0], "state")
        _close(c)
    state = new_game(["hana", "ishi"], seed=12, terrain=senjutsu_terrain(12))
    for seat, action in acts:
        state.apply(Action(seat, action))
    with TestClient(create_app(db_url, settings=TEST_SETTINGS)) as c:
        c.sessions = []
        for i in (0, 1):
            ws, welcome, log, st = join(c, g["id"], i, tokens[i])
            assert st["seq"] == len(acts) and st["view"] == json.loads(json.dumps(state.view(i)))
            assert st["legal"] == ([a.text for a in state.legal_actions(i)] if i in state.to_act() else [])
        _close(c)


def _close(client):
    for ws in client.sessions:
        try:
            ws.__exit__(None, None, None)
        except Exception:
            pass
