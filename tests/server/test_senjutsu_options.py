"""Senjutsu's table options on the play server (docs/server-protocol.md, Senjutsu table options): one board or two
joined (Battlefield Setup 1), terrain seeded or placed by the players (Battlefield Setup 2), prepared cards (Player
Setup 7) and the players' own card file (docs/senjutsu-cards.md), stored with the game."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from starlette.testclient import TestClient

from daimyo.cli.main import main as cli
from daimyo.core.game import Action
from daimyo.senjutsu.game import TABLE as senjutsu_table, terrain as seeded_terrain
from daimyo.senjutsu.record import replay as replay_record
from daimyo.server.app import create_app
from tests.server.conftest import TEST_SETTINGS, create, join, next_of, play_randomly, wait_over

CARDS = (Path(__file__).parents[2] / "docs" / "senjutsu-cards-example.json").read_text(encoding="utf-8")


def duel(client, seats, seed=4, **options):
    return create(client, seats, seed=seed, game="senjutsu", **options)


def state_of(client, g, seat):
    _, _, _, st = join(client, g["id"], seat, g["seats"][seat]["token"])
    return st


def test_two_boards_placed_terrain_and_prepared_cards_reach_the_duel(client):
    """Battlefield Setup 1-2, Player Setup 7: two boards joined, the seeded pieces left for the players to place,
    and the duel opening with the hidden choice of prepared cards."""
    g = duel(client, [{"kind": "human", "choice": "kaze"}, {"kind": "human", "choice": "tetsu"}],
             board="two", terrain="placed", prepare=True)
    view = state_of(client, g, 0)["view"]
    assert view["board"] == "two" and not view["terrain"]
    assert sorted(view["terrain_to_place"]) == sorted(kind for kind, _ in seeded_terrain(4))
    assert view["phase"] == "terrain"
    default = duel(client, [{"kind": "human", "choice": "kaze"}, {"kind": "human", "choice": "tetsu"}])
    dv = state_of(client, default, 0)["view"]
    assert dv["board"] == "one" and dv["phase"] == "place" and dv["terrain"]


def test_prepared_cards_on_one_board_open_with_preparing(client):
    g = duel(client, [{"kind": "human", "choice": "kaze"}, {"kind": "human", "choice": "tetsu"}], prepare=True)
    st = state_of(client, g, 0)
    assert st["view"]["phase"] == "prepare" and any(m.startswith("prepare ") for m in st["legal"])


def test_the_users_card_file_gives_its_characters_and_deck(client):
    """docs/senjutsu-cards.md: the worked example's Ryu the Ronin, with its own deck, takes a seat."""
    g = duel(client, [{"kind": "human", "choice": "ryu"}, {"kind": "human", "choice": "kaze"}], cards=CARDS)
    view = state_of(client, g, 0)["view"]
    me = view["seats"][0]
    assert me["character"] == "ryu" and me["name"] == "Ryu the Ronin" and me["deck_size"] == 40
    assert "ryu-breath" in me["hand"]   # its core ability, from the file
    # without the file, Ryu is no character of the server's
    r = client.post("/api/games", json={"game": "senjutsu", "seats": [{"kind": "human", "choice": "ryu"}, {"kind": "human"}]})
    assert r.status_code == 400 and "unknown character 'ryu'" in r.json()["error"]


def _bad_cards():
    doc = json.loads(CARDS)
    doc["cards"][0]["initiative"] = "fast"
    return json.dumps(doc), doc["cards"][0]["id"]


@pytest.mark.parametrize("options, why, status", [
    ({"board": "three"}, "board: 'one'", 400),
    ({"terrain": "random"}, "terrain: 'seeded'", 400),
    ({"prepare": "yes"}, "prepare: true or false", 400),
    ({"cards": ""}, "cards: the text of a card file", 400),
    ({"cards": "x" * 12_001}, "cards: a file of at most 12000 characters (the max_file setting)", 413),
    ({"cards": "{not json"}, "cards: not JSON: line 1, column 2", 400),
])
def test_bad_options_are_refused_in_words_and_create_nothing(client, options, why, status):
    r = client.post("/api/games", json={"game": "senjutsu", "seats": [{"kind": "human"}, {"kind": "human"}], **options})
    assert r.status_code == status and why in r.json()["error"], r.text
    assert "cards: cards" not in r.json()["error"]   # the field is named once
    assert client.get("/api/games").json()["games"] == []


def test_a_bad_card_file_is_refused_naming_the_card_and_field(client):
    text, card = _bad_cards()
    r = client.post("/api/games", json={"game": "senjutsu", "seats": [{"kind": "human"}, {"kind": "human"}], "cards": text})
    assert r.status_code == 400
    assert f"card '{card}'" in r.json()["error"] and "field 'initiative'" in r.json()["error"]
    assert client.get("/api/games").json()["games"] == []
    # the lobby's own check gives the same words before any game is made
    check = client.post("/api/senjutsu/cards", json={"cards": text})
    assert check.status_code == 400 and check.json()["error"] == r.json()["error"]
    ok = client.post("/api/senjutsu/cards", json={"cards": CARDS}).json()
    assert ok["characters"] == ["kaze", "hana", "tetsu", "ishi", "ryu"] and ok["new"] == {"characters": ["ryu"], "cards": 4}


def test_the_options_survive_a_restart(tmp_path):
    """The table file is stored with the game: a restarted server sets up the same duel and replays its actions."""
    url = f"sqlite:///{tmp_path / 'games.sqlite'}"
    with TestClient(create_app(url, settings=TEST_SETTINGS)) as client:
        client.sessions = []
        g = duel(client, [{"kind": "human", "choice": "ryu"}, {"kind": "human", "choice": "hana"}],
                 cards=CARDS, board="two", terrain="placed")
        socks = {seat: join(client, g["id"], seat, g["seats"][seat]["token"]) for seat in (0, 1)}
        placer = next(seat for seat, (_, _, _, st) in socks.items() if st["legal"])
        ws = socks[placer][0]
        ws.send_json({"type": "act", "action": socks[placer][3]["legal"][0]})
        assert next_of(ws, "ack")["seq"] == 1
        before = next_of(ws, "state")
        for sock in client.sessions:
            sock.__exit__(None, None, None)
    with TestClient(create_app(url, settings=TEST_SETTINGS)) as client:
        client.sessions = []
        ws, _, _, after = join(client, g["id"], placer, g["seats"][placer]["token"])
        assert after["seq"] == 1 and after["view"] == before["view"] and after["legal"] == before["legal"]
        assert after["view"]["board"] == "two" and after["view"]["seats"][0]["character"] == "ryu"
        assert len(after["view"]["terrain"]) == 1 and after["view"]["terrain_to_place"]
        ws.__exit__(None, None, None)


def test_the_record_carries_the_users_cards_and_replays(client, tmp_path):
    """A duel of the user's cards, two boards, placed terrain and prepared cards: its record replays with no other
    file, in the engine and in ``daimyo senjutsu replay``."""
    g = duel(client, [{"kind": "bot", "bot": "heuristic", "choice": "ryu"}, {"kind": "bot", "bot": "random", "choice": "kaze"}],
             seed=9, cards=CARDS, board="two", terrain="placed", prepare=True)
    summary = wait_over(client, g["id"], 120.0)
    text = client.get(f"/api/games/{g['id']}/record").text
    header = text.split("\n\n")[0]
    assert "board: two" in header and "prepare: yes" in header and "terrain-pieces:" in header
    assert "cards: {" in header and "ryu-sample" in header
    replayed = replay_record(text).state
    assert replayed.is_terminal() and replayed.board_kind == "two"
    assert [replayed.duellists[i].character for i in replayed.result] == summary["result"]["winners"]
    f = tmp_path / "duel.record"
    f.write_text(text, encoding="utf-8")
    out = CliRunner().invoke(cli, ["senjutsu", "replay", str(f), "--json"])
    assert out.exit_code == 0, out.output
    assert json.loads(out.output)["state"]["winners"] == replayed.view(None)["winners"]


def test_no_seat_sees_the_other_hand_at_a_table_with_options(client):
    """Player Setup: a hand is hidden from the opponents, prepared cards included; every state message to a seat
    is the engine's own view for that seat."""
    chars, seed = ["ryu", "kaze"], 12
    table = senjutsu_table.table_of({"cards": CARDS, "board": "two", "terrain": "placed", "prepare": True})
    g = create(client, [{"kind": "human", "choice": c} for c in chars], seed=seed, game="senjutsu",
               **senjutsu_table.table_fields(table))
    tokens, acts, inbox = play_randomly(client, g, seed, 120, illegal="play no-such-card", illegal_every=15)
    assert len(acts) > 20
    assert senjutsu_table.table_fields(table) == {"board": "two", "terrain": "placed", "prepare": True, "cards": CARDS}
    state = senjutsu_table.new_state(table, seed, chars)
    views = [[state.view(s) for s in (0, 1, None)]]
    for seat, action in acts:
        state.apply(Action(seat, action))
        views.append([state.view(s) for s in (0, 1, None)])
    for k, seat in enumerate((0, 1, None)):
        got = [m["view"] for m in inbox[seat] if m["type"] == "state"]
        assert got == json.loads(json.dumps([v[k] for v in views]))
        for view in got:
            for other in view["seats"]:
                if seat is None or other["seat"] != f"p{seat + 1}":
                    assert other["hand"] is None


def test_the_duels_page_gets_the_tables_own_cards(client):
    """The Senjutsu page draws the cards of its duel: ``/api/senjutsu/data?game=ID`` adds the table's card file."""
    g = duel(client, [{"kind": "human", "choice": "ryu"}, {"kind": "human", "choice": "kaze"}], cards=CARDS)
    own = client.get(f"/api/senjutsu/data?game={g['id']}").json()
    assert any(c["id"] == "ryu-breath" and c["name"] == "Ronin's Breath" for c in own["cards"])
    assert any(c["id"] == "ryu" for c in own["characters"]) and own["geometry"]
    plain = duel(client, [{"kind": "human", "choice": "hana"}, {"kind": "human", "choice": "kaze"}])
    for url in (f"/api/senjutsu/data?game={plain['id']}", "/api/senjutsu/data?game=g-missing", "/api/senjutsu/data"):
        assert not any(c["id"] == "ryu" for c in client.get(url).json()["characters"])


def test_reading_a_duels_cards_does_not_load_the_duel(client, monkeypatch):
    """A GET of the duel's cards reads the game's stored row: it never loads the duel's room (which, for a game
    served by another process, would try to claim it)."""
    g = duel(client, [{"kind": "human", "choice": "ryu"}, {"kind": "human", "choice": "kaze"}], cards=CARDS)
    hub = client.app.app.state.hub
    hub.rooms.pop(g["id"])                                          # as if another process were serving it

    async def no_loading(game_id):
        raise AssertionError(f"the GET loaded the room of {game_id}")
    monkeypatch.setattr(hub, "room", no_loading)
    own = client.get(f"/api/senjutsu/data?game={g['id']}")
    assert own.status_code == 200 and any(c["id"] == "ryu" for c in own.json()["characters"])
    assert g["id"] not in hub.rooms


def test_a_rematch_and_a_table_edit_keep_the_table(client):
    """The table file goes with the game: the host's edit of a waiting table and a rematch set up the same duel."""
    g = duel(client, [{"kind": "human", "choice": "ryu"}, {"kind": "human", "choice": "kaze"}], seed=6, cards=CARDS, board="two")
    tokens, acts, inbox = play_randomly(client, g, 6, 5000, illegal="play no-such-card", illegal_every=1000)
    assert inbox[0][-1]["view"]["winners"], "the duel did not end"
    new = client.post(f"/api/games/{g['id']}/rematch", json={"seat": 0, "token": tokens[0]}).json()
    st = join(client, new["id"], 0, new["token"])[3]
    assert st["view"]["board"] == "two" and {s["character"] for s in st["view"]["seats"]} == {"ryu", "kaze"}
    table = client.post("/api/games", json={"game": "senjutsu", "table": True, "board": "two", "cards": CARDS,
                                            "seats": [{"kind": "human", "choice": "ryu"}, {"kind": "human"}]}).json()
    edit = client.post(f"/api/games/{table['id']}/table", json={"host": table["host"], "seats": [
        {"kind": "human", "choice": "ryu"}, {"kind": "bot", "bot": "random", "choice": "kaze"}]})
    assert edit.status_code == 200, edit.text
    spectator = join(client, table["id"], key=table["watch"]["code"])[3]
    assert spectator["view"]["board"] == "two" and spectator["view"]["seats"][0]["character"] == "ryu"


def test_a_records_cards_line_keeps_the_file_and_merges_several():
    """The record's one ``cards:`` line: compact JSON, a ``#`` in a card's text escaped (no comment starts there),
    read back as the same cards; several card files are one line, read as the loader reads them in order."""
    from daimyo.senjutsu.record import card_file_line, merge_card_files, parse, record_header, record_text

    doc = json.loads(CARDS)
    doc["cards"][0]["text"] = "strike # twice"
    first = {**doc, "decks": [], "characters": []}
    second = {"format": "senjutsu-cards", "characters": doc["characters"], "decks": doc["decks"]}
    merged = merge_card_files([json.dumps(first), json.dumps(second)])
    line = card_file_line(merged)
    assert "\n" not in line and "#" not in line
    header = record_header(["ryu", "kaze"], 3, "one", terrain=seeded_terrain(3), card_file=merged)
    state, _ = parse(record_text(header, []))
    assert state.card_set.cards[doc["cards"][0]["id"]].text == "strike # twice"
    assert state.duellists[0].character == "ryu"
