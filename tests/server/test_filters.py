"""The lobby's filters (issue 30): the games lists by game, number of players, clock kind, open seats and rated;
a wrong filter is refused naming its parameter."""

from __future__ import annotations

import pytest

from daimyo.server.filters import Filters, parse_filters
from daimyo.server.wire import ActError
from tests.server.conftest import humans

BOT = {"kind": "bot", "bot": "random"}


def _make(client, game, seats, **extra):
    r = client.post("/api/games", json={"game": game, "seats": seats, "public": True, **extra})
    assert r.status_code == 201, r.text
    return r.json()["id"]


def test_the_lists_filter_by_game_players_clock_and_open_seats(client):
    table4 = _make(client, "rokugan", [*humans(2), BOT, BOT], table=True, sit=0, clock={"kind": "move", "seconds": 60})
    table2 = _make(client, "senjutsu", humans(2), table=True, sit=0)
    full = _make(client, "rokugan", [BOT, BOT], clock={"kind": "days", "days": 2})

    def ids(path, **q):
        r = client.get(path, params=q)
        assert r.status_code == 200, r.text
        return {g["id"] for g in r.json()["games"]}

    assert ids("/api/games/open") == {table4, table2}
    assert ids("/api/games/open", game="rokugan") == {table4}
    assert ids("/api/games/open", players="2") == {table2}
    assert ids("/api/games/open", clock="move") == {table4}
    assert ids("/api/games/open", clock="none", game="senjutsu") == {table2}
    assert ids("/api/games/open", rated="1") == set()     # no game here is rated
    assert ids("/api/games") == {table4, table2, full}
    assert ids("/api/games", open="1") == {table4, table2}
    assert ids("/api/games", open="0") == {full}
    assert ids("/api/games", clock="days") == {full}
    assert ids("/api/games", game="rokugan", players="4") == {table4}
    assert ids("/api/games", rated="0") == {table4, table2, full}


@pytest.mark.parametrize(("query", "words"), [
    ({"game": "chess"}, "game: one of rokugan"),
    ({"players": "many"}, "players: a number of players"),
    ({"clock": "hourglass"}, "clock: one of none, move, bank, days"),
    ({"open": "maybe"}, "open: 1 or 0"),
    ({"rated": "2"}, "rated: 1 or 0"),
])
def test_a_wrong_filter_is_refused_naming_it(client, query, words):
    for path in ("/api/games", "/api/games/open"):
        r = client.get(path, params=query)
        assert r.status_code == 400 and words in r.json()["error"], r.text
    with pytest.raises(ActError, match=words.split(":")[0]):
        parse_filters(query)


def test_no_filter_keeps_everything():
    assert parse_filters({}) == Filters() and not Filters().any
    summary = {"game": "rokugan", "players": 3, "clock": {"kind": "none"}, "seats": [{"open": True}]}
    assert Filters().keeps(summary) and Filters(open=True, players=3, clock="none").keeps(summary)
    assert not Filters(rated=True).keeps(summary) and Filters(rated=False).keeps(summary)
