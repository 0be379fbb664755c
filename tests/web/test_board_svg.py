"""The board drawing: every place a token can go has exactly one click target, ids as docs/server-protocol.md says."""

from __future__ import annotations

import copy
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import pytest

from daimyo.rokugan.board_svg import board_svg, check_layout, load_board, voronoi_cells

NS = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def board():
    return load_board()


@pytest.fixture(scope="module")
def tree():
    return ET.fromstring(board_svg())


def _places(tree) -> Counter:
    return Counter(el.get("data-place") for el in tree.iter() if el.get("data-place") is not None)


def test_svg_is_valid_xml_with_a_viewbox(tree):
    assert tree.tag == NS + "svg"
    assert tree.get("viewBox") == "0 0 1600 1000"


def test_drawing_is_deterministic(board):
    assert board_svg(copy.deepcopy(board)) == board_svg(copy.deepcopy(board)) == board_svg()


def test_every_province_has_one_shape_with_its_territory_class(tree, board):
    shapes = {el.get("id"): el for el in tree.iter(NS + "path") if (el.get("id") or "").startswith("prov-")}
    assert set(shapes) == {f"prov-{p['id']}" for p in board["provinces"]}
    for p in board["provinces"]:
        el = shapes[f"prov-{p['id']}"]
        assert el.get("data-province") == p["id"]
        assert f"territory-{p['territory']}" in el.get("class").split()
        assert "province" in el.get("class").split()
        assert el.get("d").startswith("M")


def test_every_province_centre_is_a_target_exactly_once(tree, board):
    places = _places(tree)
    for p in board["provinces"]:
        assert places[p["id"]] == 1, p["id"]


def test_every_land_border_has_a_target_in_both_directions_exactly_once(tree, board):
    """The Combat Tokens: Army — an army attacks across a land border, pointing at the province attacked."""
    places = _places(tree)
    for a, b in board["land_borders"]:
        assert places[f"{a}>{b}"] == 1 and places[f"{b}>{a}"] == 1, (a, b)
        group = [el for el in tree.iter(NS + "g") if el.get("id") == f"border-{a}-{b}"]
        assert len(group) == 1
        inner = {el.get("data-place") for el in group[0].iter() if el.get("data-place")}
        assert inner == {f"{a}>{b}", f"{b}>{a}"}


def test_of_the_two_targets_of_a_border_each_sits_nearer_the_province_it_points_at(tree, board):
    centre = {p["id"]: (p["x"] * 1600, p["y"] * 1000) for p in board["provinces"]}
    anchor = {el.get("data-place"): tuple(map(float, el.get("data-anchor").split())) for el in tree.iter() if el.get("data-place")}

    def d2(p, q):
        return (p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2

    for a, b in board["land_borders"]:
        assert d2(anchor[f"{a}>{b}"], centre[b]) < d2(anchor[f"{b}>{a}"], centre[b]), (a, b)
        assert d2(anchor[f"{b}>{a}"], centre[a]) < d2(anchor[f"{a}>{b}"], centre[a]), (a, b)


def test_every_coastal_province_has_one_sea_target_and_no_other_does(tree, board):
    """The Combat Tokens: Navy — a navy attacks a coastal province from the sea."""
    places = _places(tree)
    coasts = {k for k in places if k.startswith("~")}
    assert coasts == {f"~{p['id']}" for p in board["provinces"] if p["coastal"]}
    assert all(places[c] == 1 for c in coasts)


def test_no_other_targets(tree, board):
    places = set(_places(tree))
    expected = {p["id"] for p in board["provinces"]}
    expected |= {f"~{p['id']}" for p in board["provinces"] if p["coastal"]}
    expected |= {f"{a}>{b}" for a, b in board["land_borders"]} | {f"{b}>{a}" for a, b in board["land_borders"]}
    assert places == expected


def test_every_target_has_an_anchor_on_the_board(tree):
    for el in tree.iter():
        if el.get("data-place") is not None:
            x, y = map(float, el.get("data-anchor").split())
            assert 0 <= x <= 1600 and 0 <= y <= 1000


def test_capitals_flowers_and_defense_are_drawn(tree, board):
    capitals = {el.get("data-capital") for el in tree.iter() if el.get("data-capital")}
    assert capitals == {p["capital_of"] for p in board["provinces"] if p["capital_of"]}
    for p in board["provinces"]:
        info = [el for el in tree.iter(NS + "g") if el.get("class") == "province-info" and el.get("data-province") == p["id"]]
        assert len(info) == 1
        flowers = [el for el in info[0].iter(NS + "g") if el.get("class") == "flower"]
        assert len(flowers) == p["flowers"]
        defense = [el for el in info[0].iter(NS + "g") if el.get("data-defense")]
        assert [int(el.get("data-defense")) for el in defense] == ([p["printed_defense"]] if p["printed_defense"] else [])


def test_map_neighbours_are_exactly_the_land_borders_and_coasts_touch_the_sea():
    """The drawing does not mislead: provinces touch on the map iff they share a land border; coastal iff on the sea."""
    assert check_layout() == {"borders_not_touching": [], "touching_not_borders": [], "coastal_not_on_sea": [], "on_sea_not_coastal": []}


def test_another_board_is_drawn_from_its_own_data(board):
    """The drawing follows the data: drop a border and its targets go."""
    other = copy.deepcopy(board)
    a, b = other["land_borders"].pop(0)
    places = _places(ET.fromstring(board_svg(other)))
    assert f"{a}>{b}" not in places and f"{b}>{a}" not in places


def test_voronoi_cells_of_a_grid_are_squares():
    cells = voronoi_cells([(25, 25), (75, 25), (25, 75), (75, 75)], 100, 100)
    for cell, (cx, cy) in zip(cells, [(25, 25), (75, 25), (25, 75), (75, 75)]):
        xs = sorted({round(x, 6) for x, _ in cell})
        ys = sorted({round(y, 6) for _, y in cell})
        assert xs == [cx - 25, cx + 25] and ys == [cy - 25, cy + 25]


def test_the_drawing_has_no_inline_styles_and_links_its_stylesheet():
    """The server's Content-Security-Policy (style-src 'self') blocks <style> blocks and style attributes: the
    drawing's classes are in daimyo/web/static/board.css, which the drawing links and the Rokugan page loads."""
    from daimyo.rokugan.board_svg import STYLESHEET

    text = board_svg()
    root = ET.fromstring(text)
    assert not [e for e in root.iter() if e.tag.endswith("style") or "style" in e.attrib]
    assert text.startswith(f'<?xml-stylesheet type="text/css" href="{STYLESHEET}"?>')
    static = Path(__file__).resolve().parents[2] / "daimyo" / "web" / "static"
    css = (static / STYLESHEET.removeprefix("/static/")).read_text(encoding="utf-8")
    for cls in ("sea", "province-line", "territory-line", "province-label", "border-target", "coast-target", "legend-text"):
        assert f".{cls}" in css, cls
    assert 'href="/static/board.css"' in (static / "rokugan.html").read_text(encoding="utf-8")
