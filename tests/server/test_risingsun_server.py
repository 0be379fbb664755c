"""Rising Sun's War Phase on the play server: a war from an example or an uploaded war file, humans and bots in any
seat, secret simultaneous bids (reference "A battle" 2. Secret bids, 3. Reveal), restart recovery and bad input.

Hidden information is checked through WebSockets against an independent replay: every message each seat (and a
spectator) receives equals what that seat may see, and it would have been the same whatever bid another seat placed,
until every bid is in and they are revealed together.
"""

from __future__ import annotations

import json

import pytest
from starlette.testclient import TestClient

from daimyo.core.game import Action
from daimyo.core.rng import Rng
from daimyo.risingsun import load_war, open_example
from daimyo.server.app import create_app
from tests.server.conftest import TEST_SETTINGS, join, next_of, play_randomly


def create_war(client, seats, example="seed-example", **extra):
    """Create a public Rising Sun game from an example war file and claim every human seat through its invitation."""
    r = client.post("/api/games", json={"game": "risingsun", "example": example, "seats": seats, "public": True, **extra})
    assert r.status_code == 201, r.text
    game = r.json()
    for s in game["seats"]:
        if s["open"]:
            c = client.post(f"/api/games/{game['id']}/claim", json={"code": game["invite"]["code"], "seat": s["seat"]})
            assert c.status_code == 200, c.text
            s["token"] = c.json()["token"]
    return game


def other_bid(state, seat, placed: str) -> str | None:
    """Another legal bid of ``seat`` than the one it placed (None when it had no other)."""
    for a in state.legal_actions(seat):
        if a.text != placed:
            return a.text
    return None


@pytest.mark.parametrize("example, seed", [("seed-example", 5), ("worked-battle", 6), ("worked-battle", 7)])
def test_a_bid_reaches_no_other_seat_nor_a_spectator_before_the_reveal(client, example, seed):
    """A battle 2. Secret bids: each seat's messages are its own view, its own legal actions and the events it may
    see, and every other connection's messages are the same whichever bid the bidder placed, until the reveal."""
    n = len(load_war(open_example(example)).clans)
    game = create_war(client, [{"kind": "human"} for _ in range(n)], example=example)
    tokens, acts, inbox = play_randomly(client, game, seed, max_steps=400, illegal="bid 99 0 0 0", illegal_every=9)
    state = load_war(open_example(example))
    assert state.is_terminal() is False
    secret_bids = 0
    for step, (seat, text) in enumerate(acts, 1):
        before = state.clone()
        events = state.apply(Action(seat, text))
        alt_text = other_bid(before, seat, text) if text.startswith("bid") else None
        alt = before.clone() if alt_text is not None else None
        alt_events = alt.apply(Action(seat, alt_text)) if alt is not None else None
        # the bid waits for the others' (same battle, bids not yet revealed)
        still_secret = alt is not None and state.at == before.at and state.step == 0 and seat in state.bids
        secret_bids += bool(still_secret)
        for viewer, msgs in inbox.items():
            msg = next(m for m in msgs if m.get("type") == "state" and m["seq"] == step)
            assert msg["view"] == json.loads(json.dumps(state.view(viewer)))
            assert msg["events"] == [e.to_dict() for e in events if e.visible(viewer)]
            if still_secret and viewer != seat:
                # the same message whatever bid the seat placed: nothing of it reaches another connection
                assert msg["view"] == json.loads(json.dumps(alt.view(viewer)))
                assert msg["events"] == [e.to_dict() for e in alt_events if e.visible(viewer)]
                assert all(e["kind"] != "your-bid" for e in msg["events"])
    assert state.is_terminal() and secret_bids >= 2
    final = inbox[None][-1]["view"]
    assert final["phase"] == "over" and final["result"]["winner"] in state.clans
    # the record (with the war file and its coins) is served once the war is over
    record = client.get(f"/api/games/{game['id']}/record")
    assert record.status_code == 200 and "format: risingsun-war" in record.text


def test_the_war_file_is_never_shown_before_the_end(client):
    """The war file holds every clan's coins behind its screen: no reply names them before the end."""
    game = create_war(client, [{"kind": "human"}, {"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "random"}])
    assert client.get(f"/api/games/{game['id']}/record").status_code == 409
    summary = client.get(f"/api/games/{game['id']}").json()
    assert "coins" not in json.dumps(summary) and "start_file" not in summary
    ws, welcome, log, state = join(client, game["id"], key=game["watch"]["code"])   # a spectator, with the watch link
    shown = {p["clan"]: p["coins"] for p in state["view"]["players"]}
    assert state["view"]["battle"]["participants"] == ["lotus", "turtle", "koi"]
    assert "you" not in state["view"] and state["legal"] == []
    # the battle's clans showed their coins (A battle 1); Dragonfly, not in it, showed nothing: hers stay hidden
    assert shown["lotus"] == 4 and shown["dragonfly"] is None
    assert state["view"]["players"][1]["ronin"] is None


def test_a_game_set_up_from_a_war_file_says_so_to_every_player_before_they_sit(client):
    """Issue 24 item 8: a war file's writer knows every clan's hidden coins and ronin, so a game set up from one
    is marked (``from_file``) in its creation reply, its summary and the lobby's list, as a practice game is; a
    game dealt from its seats is not."""
    game = create_war(client, [{"kind": "human"}, {"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"},
                               {"kind": "bot", "bot": "random"}])
    assert game["from_file"] is True
    assert client.get(f"/api/games/{game['id']}").json()["from_file"] is True
    listed = {g["id"]: g for g in client.get("/api/games").json()["games"]}
    assert listed[game["id"]]["from_file"] is True
    dealt = client.post("/api/games", json={"game": "rokugan", "public": True, "seats": [{"kind": "human"}, {"kind": "human"}]})
    assert dealt.status_code == 201 and dealt.json()["from_file"] is False
    assert client.get(f"/api/games/{dealt.json()['id']}").json()["from_file"] is False


def test_a_tables_own_file_that_fixes_nothing_hidden_is_not_set_up_from_a_file(client):
    """A tester saw the war file's warning ("whoever has the file knows ... each clan's coins and ronin") over a
    Senjutsu duel made in the lobby: a Senjutsu table's options and a Battle for Rokugan rules file are kept in the
    same stored file, but they fix nothing hidden (the decks are shuffled, the rules are public), so neither game is
    marked; a war file still is."""
    variant = json.dumps({"format": "rokugan-rules", "name": "short-peace", "components": {"rounds": 2}})
    made = [client.post("/api/games", json={"game": "senjutsu", "public": True, "board": "two",
                                            "seats": [{"kind": "human"}, {"kind": "human"}]}),
            client.post("/api/games", json={"game": "rokugan", "public": True, "rules": variant,
                                            "seats": [{"kind": "human"}, {"kind": "human"}]})]
    listed = {g["id"]: g for g in client.get("/api/games").json()["games"]}
    for r in made:
        assert r.status_code == 201, r.text
        game = r.json()
        assert game["from_file"] is False
        assert client.get(f"/api/games/{game['id']}").json()["from_file"] is False
        assert listed[game["id"]]["from_file"] is False
    war = create_war(client, [{"kind": "human"}, *[{"kind": "bot", "bot": "random"}] * 3])
    assert war["from_file"] is True


def test_humans_and_bots_in_any_seat_play_a_war_to_its_end(client):
    game = create_war(client, [{"kind": "bot", "bot": "heuristic"}, {"kind": "human", "name": "Ana"},
                               {"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "heuristic"}])
    assert [s["choice"] for s in game["seats"]] == ["lotus", "dragonfly", "turtle", "koi"]
    ws, welcome, log, state = join(client, game["id"], 1, game["seats"][1]["token"])
    for _ in range(200):
        if state["view"]["phase"] == "over":
            break
        if state["legal"]:
            ws.send_json({"type": "act", "action": state["legal"][-1]})
            assert next_of(ws, "ack")["type"] == "ack"
        state = next_of(ws, "state")
    assert state["view"]["phase"] == "over"
    summary = client.get(f"/api/games/{game['id']}").json()
    assert summary["status"] == "over" and summary["result"]["winner"] == state["view"]["result"]["winner"]
    # a rematch fights the same war again: the same file, each seat the same clan and the same bots
    r = client.post(f"/api/games/{game['id']}/rematch", json={"seat": 1, "token": game["seats"][1]["token"]})
    assert r.status_code == 200, r.text
    again = client.get(f"/api/games/{r.json()['id']}").json()
    assert [(s["choice"], s["kind"], s["bot"]) for s in again["seats"]] == [(s["choice"], s["kind"], s["bot"]) for s in summary["seats"]]
    assert again["status"] == "in progress" and again["round"] >= 5


def test_a_war_goes_on_after_a_restart_where_it_was(tmp_path):
    """The war file and every acknowledged bid are stored: a restarted server rebuilds the same war and its bots go on."""
    url = f"sqlite:///{tmp_path / 'games.sqlite'}"
    with TestClient(create_app(url, settings=TEST_SETTINGS)) as client:
        client.sessions = []
        game = create_war(client, [{"kind": "human"}, {"kind": "human"}, {"kind": "human"}], example="worked-battle")
        ws, welcome, log, state = join(client, game["id"], 0, game["seats"][0]["token"])
        ws.send_json({"type": "act", "action": "bid 1 0 2 0"})
        assert next_of(ws, "ack")["seq"] == 1
        before = next_of(ws, "state")
        ws.__exit__(None, None, None)
    with TestClient(create_app(url, settings=TEST_SETTINGS)) as client:
        client.sessions = []
        ws, welcome, log, state = join(client, game["id"], 0, game["seats"][0]["token"])
        assert state["seq"] == 1 and state["view"] == before["view"]
        assert state["view"]["you"]["bid"] == {"seppuku": 1, "hostage": 0, "ronin": 2, "poets": 0}
        second, _, _, other = join(client, game["id"], 1, game["seats"][1]["token"])
        assert "bid" not in other["view"]["you"] and other["view"]["battle"]["bid_placed"]["lotus"] is True
        third = join(client, game["id"], 2, game["seats"][2]["token"])[0]
        second.send_json({"type": "act", "action": "bid 0 2 0 1"})
        third.send_json({"type": "act", "action": "bid 0 0 0 0"})
        revealed = next(e for e in _events_until(ws, "bids-revealed") if e["kind"] == "bids-revealed")
        # the bid placed before the restart is the one revealed
        assert revealed["bids"]["lotus"] == {"seppuku": 1, "hostage": 0, "ronin": 2, "poets": 0}
        assert revealed["bids"]["turtle"] == {"seppuku": 0, "hostage": 2, "ronin": 0, "poets": 1}
        for socket in client.sessions:
            socket.__exit__(None, None, None)


def _events_until(ws, kind):
    """The events of the state messages ``ws`` receives, up to the first holding an event of ``kind``."""
    seen = []
    while not any(e["kind"] == kind for e in seen):
        seen.extend(next_of(ws, "state")["events"])
    return seen


def test_bots_go_on_after_a_restart_and_the_war_reaches_its_scoring(tmp_path):
    url = f"sqlite:///{tmp_path / 'games.sqlite'}"
    with TestClient(create_app(url, settings=TEST_SETTINGS)) as client:
        client.sessions = []
        game = create_war(client, [{"kind": "human"}, {"kind": "bot", "bot": "heuristic"}, {"kind": "bot", "bot": "random"}],
                          example="worked-battle")
        ws, welcome, log, state = join(client, game["id"], 0, game["seats"][0]["token"])
        while not all(state["view"]["battle"]["bid_placed"][c] for c in ("turtle", "koi")):
            state = next_of(ws, "state")
        ws.__exit__(None, None, None)
    with TestClient(create_app(url, settings=TEST_SETTINGS)) as client:
        client.sessions = []
        ws, welcome, log, state = join(client, game["id"], 0, game["seats"][0]["token"])
        assert state["seq"] == 2 and state["legal"]
        for _ in range(100):
            if state["view"]["phase"] == "over":
                break
            if state["legal"]:
                ws.send_json({"type": "act", "action": state["legal"][0]})
            state = next_of(ws, "state")
        assert state["view"]["phase"] == "over"
        assert client.get(f"/api/games/{game['id']}").json()["status"] == "over"
        record = client.get(f"/api/games/{game['id']}/record").text
        assert "format: risingsun-war" in record and "turtle: bid" in record and "lotus: bid" in record
        ws.__exit__(None, None, None)


def test_a_bad_war_file_is_refused_naming_its_field_and_nothing_is_created(client):
    seats = [{"kind": "human"}, {"kind": "bot"}, {"kind": "bot"}]
    bad = open_example("worked-battle").replace("season: spring", "season: winter")
    r = client.post("/api/games", json={"game": "risingsun", "file": bad, "seats": seats})
    assert r.status_code == 400 and "field 'season'" in r.json()["error"] and r.json()["error"].startswith("file:")
    r = client.post("/api/start-file", json={"game": "risingsun", "file": bad})
    assert r.status_code == 400 and "field 'season'" in r.json()["error"]
    r = client.post("/api/start-file", json={"game": "rokugan", "file": bad})
    assert r.status_code == 400 and r.json()["error"] == "game: a game that starts from a file (risingsun)"
    cases = [
        ({"example": "no-such-war"}, "example: no example war file 'no-such-war'"),
        ({"example": "worked-battle", "file": open_example("worked-battle")}, "example, file:"),
        ({}, "example, file:"),
        ({"file": open_example("seed-example")}, "seats: this war file has 4 players (lotus, dragonfly, turtle, koi)"),
        ({"example": "worked-battle", "seats": [{"kind": "human", "choice": "koi"}, *seats[1:]]},
         "seats[0].choice: the war file seats lotus here, not koi"),
        ({"example": "worked-battle", "seats": [{"kind": "bot", "bot": "deep-blue"}, *seats[1:]]}, "seats[0].bot:"),
    ]
    for extra, words in cases:
        r = client.post("/api/games", json={"game": "risingsun", "seats": seats, **extra})
        assert r.status_code == 400 and words in r.json()["error"], (extra.keys(), r.text)
    r = client.post("/api/games", json={"game": "risingsun", "seats": seats, "file": "x" * 12_001})
    assert r.status_code == 413 and "file: a file of at most 12000 characters (the max_file setting)" in r.json()["error"]
    assert client.get("/api/games").json()["games"] == []


def test_an_uploaded_war_file_names_the_seats(client):
    text = open_example("worked-battle")
    r = client.post("/api/start-file", json={"game": "risingsun", "file": text})
    assert r.json() == {"seats": ["lotus", "turtle", "koi"]}
    game = create_war(client, [{"kind": "human"}, {"kind": "bot"}, {"kind": "bot"}], example=None, file=text)
    assert [s["choice"] for s in game["seats"]] == ["lotus", "turtle", "koi"]
    reg = {g["name"]: g for g in client.get("/api/registry").json()["games"]}
    assert reg["risingsun"]["start_file"] == "war file"
    assert {"name": "worked-battle", "seats": ["lotus", "turtle", "koi"]} in reg["risingsun"]["examples"]
    assert "examples" not in reg["rokugan"]
