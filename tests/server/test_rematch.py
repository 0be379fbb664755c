"""Rematch (issue 15): once a game is over, one request makes a new game with the same seats, the
clans passed on by one seat, and each player takes the same seat again with the old seat's token."""

from __future__ import annotations

from tests.server.conftest import create, join, next_of, play_randomly


def _finished(client):
    game = create(client, [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bo"}], seed=5)
    tokens, acts, inbox = play_randomly(client, game, seed=2, max_steps=5000, illegal="place zz nowhere", illegal_every=1000)
    assert inbox[0][-1]["view"]["result"] is not None, "the game did not end"
    return game, tokens


def test_a_rematch_keeps_the_seats_rotates_the_clans_and_gives_each_player_their_seat(client):
    game, tokens = _finished(client)
    spectator, *_ = join(client, game["id"])
    old = client.get(f"/api/games/{game['id']}").json()
    first = client.post(f"/api/games/{game['id']}/rematch", json={"seat": 1, "token": tokens[1]})
    assert first.status_code == 200, first.text
    new_id = first.json()["id"]
    assert next_of(spectator, "rematch") == {"type": "rematch", "id": new_id}
    second = client.post(f"/api/games/{game['id']}/rematch", json={"seat": 0, "token": tokens[0]})
    assert second.json()["id"] == new_id   # one rematch, whoever asks first
    new = client.get(f"/api/games/{new_id}").json()
    assert [s["name"] for s in new["seats"]] == ["Ana", "Bo"]
    assert [s["choice"] for s in new["seats"]] == [old["seats"][1]["choice"], old["seats"][0]["choice"]]
    assert [s["open"] for s in new["seats"]] == [False, False]
    assert client.get(f"/api/games/{game['id']}").json()["rematch"] == new_id
    _, welcome, _, state = join(client, new_id, 0, second.json()["token"])
    assert welcome["seat"] == 0 and state["seq"] == 0
    # the host token of the old game is the new game's too
    assert client.post(f"/api/games/{new_id}/invite", json={"host": game["host"]}).status_code == 200
    # asking again gives a fresh token: the old one stops, the new one works
    again = client.post(f"/api/games/{game['id']}/rematch", json={"seat": 0, "token": tokens[0]}).json()
    assert join(client, new_id, 0, second.json()["token"])[1]["type"] == "error"
    assert join(client, new_id, 0, again["token"])[1]["type"] == "welcome"


def test_no_rematch_before_the_end_nor_for_a_wrong_token(client):
    game = create(client, [{"kind": "human"}, {"kind": "human"}], seed=5)
    early = client.post(f"/api/games/{game['id']}/rematch", json={"seat": 0, "token": game["seats"][0]["token"]})
    assert early.status_code == 409 and "once the game is over" in early.json()["error"]
    wrong = client.post(f"/api/games/{game['id']}/rematch", json={"seat": 0, "token": "guess"})
    assert wrong.status_code == 403 and "token" in wrong.json()["error"]
    assert client.get(f"/api/games/{game['id']}").json()["rematch"] is None


def test_a_rematch_table_that_was_cancelled_gives_way_to_a_new_rematch(client):
    """The host cancels the rematch's table (or it is closed unopened): the old game's players may still ask for a
    rematch, and get a new one instead of a 404 naming the game that is gone."""
    game = create(client, [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bo"}], seed=5)
    tokens = [s["token"] for s in game["seats"]]
    ws0, *_ = join(client, game["id"], 0, tokens[0])
    ws0.send_json({"type": "resign"})
    assert next_of(ws0, "resigned")["over"] is True
    first = client.post(f"/api/games/{game['id']}/rematch", json={"seat": 1, "token": tokens[1]}).json()
    cancelled = client.post(f"/api/games/{first['id']}/cancel", json={"host": game["host"]})
    assert cancelled.status_code == 200, cancelled.text
    again = client.post(f"/api/games/{game['id']}/rematch", json={"seat": 0, "token": tokens[0]})
    assert again.status_code == 200, again.text
    assert again.json()["id"] != first["id"]
    assert client.get(f"/api/games/{game['id']}").json()["rematch"] == again.json()["id"]
    new = client.get(f"/api/games/{again.json()['id']}").json()
    assert new["status"] == "waiting" and [s["name"] for s in new["seats"]] == ["Ana", "Bo"]
