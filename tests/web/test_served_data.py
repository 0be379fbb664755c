"""What the pages are given instead of knowing it themselves: the Senjutsu battlefield's geometry (in
`GET /api/senjutsu/data`, the same as daimyo/senjutsu/hexgrid.py) and the lobby's list of games (`GET /api/registry`,
the game registry's). No browser needed."""

from __future__ import annotations

import json
import math
import urllib.request

import pytest

from daimyo.bots.levels import offered_bots
from daimyo.core.registry import PAGE_WORDS, game
from daimyo.senjutsu import hexgrid
from daimyo.server.games import HOSTED
from daimyo.server.ratings import level_dicts


def _get(server: str, path: str) -> dict:
    with urllib.request.urlopen(server + path) as r:
        return json.loads(r.read())


def _plane(x: float, y: float) -> tuple[float, float]:
    """hexgrid's integer frame (X, Y) in the plane of a hex of radius 1 (X / 2, Y * sqrt(3) / 2)."""
    return (x / 2, y * math.sqrt(3) / 2)


def _near(a, b) -> bool:
    return all(math.isclose(x, y, abs_tol=1e-12) for x, y in zip(a, b, strict=True))


@pytest.mark.parametrize("kind, count", [("one", 37), ("two", 74)])
def test_the_battlefield_sent_is_hexgrids(server, kind, count):
    """Battlefield Setup: every hex of the battlefield with its centre and its neighbours, as hexgrid.py has them."""
    geometry = _get(server, "/api/senjutsu/data")["geometry"]
    board = geometry["boards"][kind]
    hexes = hexgrid.battlefield(kind)
    assert len(board) == count == len(hexes)
    assert {hexgrid.parse_hex(key) for key in board} == set(hexes)
    for key, cell in board.items():
        h = hexgrid.parse_hex(key)
        corners = [_plane(*c) for c in hexgrid.corners(h)]
        centre = (sum(x for x, _ in corners) / 6, sum(y for _, y in corners) / 6)
        assert _near(cell["centre"], centre), key
        # the centre is where the axes put it, and the six corners sit around it as sent
        assert _near(cell["centre"], [h[0] * geometry["axes"]["q"][i] + h[1] * geometry["axes"]["r"][i] for i in (0, 1)]), key
        assert all(_near([centre[0] + dx, centre[1] + dy], c) for (dx, dy), c in zip(geometry["corners"], corners, strict=True)), key
        assert cell["neighbours"] == [hexgrid.hex_text(n) if n in hexes else None for n in hexgrid.neighbours(h)], key
    assert geometry["facings"] == list(hexgrid.FACINGS) and geometry["relative"] == list(hexgrid.RELATIVE)
    assert [tuple(d) for d in geometry["directions"]] == list(hexgrid.DIRECTIONS)


def test_neighbours_sent_are_a_hex_apart_and_mutual(server):
    board = _get(server, "/api/senjutsu/data")["geometry"]["boards"]["two"]
    for key, cell in board.items():
        for facing, other in enumerate(cell["neighbours"]):
            if other is not None:
                assert hexgrid.distance(hexgrid.parse_hex(key), hexgrid.parse_hex(other)) == 1
                assert board[other]["neighbours"][(facing + 3) % 6] == key
    # the edge: a hex of the outer ring has neighbours off the battlefield
    assert board["0,-3"]["neighbours"][0] is None and board["0,0"]["neighbours"].count(None) == 0


def test_the_lobby_list_of_games_is_the_registrys(server):
    got = _get(server, "/api/registry")["games"]
    assert [g["name"] for g in got] == list(HOSTED)
    for g in got:
        info = game(g["name"])
        assert g == {"name": info.name, "title": info.title, "min_players": info.min_players, "max_players": info.max_players,
                     "seat_word": info.seat_word, "seat_choices": info.seat_choices(), "bots": offered_bots(info.name),
                     "levels": level_dicts(info.name),
                     "words": {w: info.page_word(w) for w in PAGE_WORDS}, "table": g["table"],
                     "default_players": info.default_players, "choice_names": info.choice_names,
                     **({"start_file": info.start_file, "examples": [
                         {"name": x, "seats": info.seat_names(info.new_from_file(info.open_example(x)))} for x in info.examples()]}
                        if info.starts_from_file else {})}
    assert {g["name"]: (g["min_players"], g["max_players"]) for g in got} == {"rokugan": (2, 5), "senjutsu": (2, 4), "risingsun": (3, 5)}


def test_the_risingsun_colours_sent_are_the_data_files(server):
    """The page's clan colours (GET /api/risingsun/data) are daimyo/risingsun/data/colours.json's, as the RL pictures'."""
    from daimyo.risingsun.data import CLAN_COLOURS

    assert _get(server, "/api/risingsun/data") == {"colours": CLAN_COLOURS}
