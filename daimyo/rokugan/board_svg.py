"""The board of Battle for Rokugan as an SVG drawing of this project's own.

The drawing is laid out from the province centres in ``daimyo/rokugan/data/board.json``
(``x``, ``y`` as fractions of a landscape board). Each province is the union of the
Voronoi cells of its centre and of a few extra seed points that shape it; seed points
that belong to no province make the sea (lower left and along the south coast). Cells
are computed in pure Python by clipping the board rectangle with one half-plane per
other seed. Shared edges are roughened with a deterministic wobble so that the map
looks drawn rather than computed.

The drawing carries the ids and data attributes of docs/server-protocol.md:

* ``<path id="prov-crab_2" class="province territory-crab" data-province="crab_2">``
* ``<g id="border-crab_2-crab_3" class="border">`` with two targets
  ``data-place="crab_2>crab_3"`` (near crab_3) and ``data-place="crab_3>crab_2"`` (near crab_2)
* ``data-place="~crane_2"`` on the sea side of each coastal province
* ``data-place="crab_2"`` on each province centre
* ``data-anchor="x y"`` on every target: where the page draws tokens placed there;
  province centres also carry ``data-control-anchor`` and ``data-special-anchor``.
* ``<g id="marks">`` under the targets (the page's control and special tokens, which so never take a
  target's click) and ``<g id="overlay">`` over them (the page's combat tokens); the legend, compass
  and frame take no clicks.

The function is pure: same board data, same SVG text.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Sequence
from functools import lru_cache
from importlib import resources
from xml.sax.saxutils import escape

Point = tuple[float, float]   # a point of the drawing, in pixels

W, H = 1600, 1000
SNAP = 0.5  # vertices closer than this (px) are one vertex

#: Base colour of each territory (provinces are drawn in a lighter tint of it).
TERRITORY_COLOURS = {
    "crab": "#4f6d8f", "crane": "#6fa8d6", "dragon": "#3f8f5f", "lion": "#d2a32c",
    "phoenix": "#e07b39", "scorpion": "#b5363a", "unicorn": "#8d5fb3",
    "mainland": "#b9a77c", "islands": "#c9b27a",
    "shadowlands_north": "#4b3d4f", "shadowlands_south": "#4b3d4f",
}
PARCHMENT = "#f3ead2"

#: Extra seed points (fractions of the board) that shape a province: they make the
#: drawing's neighbours match the land borders of board.json.
SHAPE_SEEDS = {
    "lion_2": [(0.785, 0.745)],
    "lion_3": [(0.812, 0.335)],
    "mainland_1": [(0.31, 0.51)],
    "scorpion_1": [(0.598, 0.37)],
    "islands_2": [(0.15, 0.64)],
    "phoenix_2": [(0.96, 0.86)],
    "phoenix_3": [(0.97, 0.72)],
    "phoenix_1": [(0.97, 0.6)],
    "dragon_1": [(0.97, 0.48)],
    "islands_1": [(0.13, 0.8)],
    "islands_3": [(0.33, 0.76)],
    "shadowlands_south": [(0.12, 0.06)],
}

#: Seed points of the sea (fractions of the board): the west coast and the south coast.
SEA_SEEDS = (
    [(0.0, y / 20) for y in range(4, 21)] + [(x / 20, 1.0) for x in range(21)]
    + [(0.07, 0.3), (0.09, 0.42), (0.14, 0.52), (0.25, 0.57), (0.29, 0.63), (0.33, 0.66),
       (0.06, 0.7), (0.06, 0.9), (0.17, 0.9), (0.2, 0.97), (0.4, 0.88), (0.41, 0.7), (0.47, 0.66),
       (0.53, 0.74), (0.6, 0.79), (0.68, 0.8), (0.76, 0.84), (0.83, 0.89), (0.93, 0.9), (1.0, 0.92)]
)


def load_board() -> dict:
    """The board data file of the rules engine."""
    text = resources.files("daimyo.rokugan").joinpath("data/board.json").read_text(encoding="utf-8")
    return json.loads(text)


# -- geometry ---------------------------------------------------------------

def _clip(poly: list[Point], a: Point, b: Point) -> list[Point]:
    """The part of convex polygon ``poly`` nearer to point ``a`` than to point ``b``."""
    mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    nx, ny = b[0] - a[0], b[1] - a[1]
    out = []
    n = len(poly)
    for i in range(n):
        p, q = poly[i], poly[(i + 1) % n]
        fp = (p[0] - mx) * nx + (p[1] - my) * ny
        fq = (q[0] - mx) * nx + (q[1] - my) * ny
        if fp <= 0:
            out.append(p)
        if (fp < 0 < fq) or (fq < 0 < fp):
            t = fp / (fp - fq)
            out.append((p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])))
    return out


def voronoi_cells(sites: list[tuple[float, float]], width: float, height: float) -> list[list[tuple[float, float]]]:
    """The Voronoi cell of each site inside the rectangle (0, 0)-(width, height), by half-plane clipping."""
    cells = []
    for i, a in enumerate(sites):
        poly = [(0.0, 0.0), (width, 0.0), (width, height), (0.0, height)]
        # nearest sites first: the polygon shrinks fast and later clips are cheap
        others = sorted((j for j in range(len(sites)) if j != i), key=lambda j: (sites[j][0] - a[0]) ** 2 + (sites[j][1] - a[1]) ** 2)
        for j in others:
            b = sites[j]
            # a site farther than twice the farthest vertex cannot cut the cell
            reach = max((p[0] - a[0]) ** 2 + (p[1] - a[1]) ** 2 for p in poly) if poly else 0
            if (b[0] - a[0]) ** 2 + (b[1] - a[1]) ** 2 > 4 * reach:
                break
            poly = _clip(poly, a, b)
            if not poly:
                break
        cells.append(poly)
    return cells


class _Snapper:
    """Merges vertices of neighbouring cells that differ only by rounding."""

    def __init__(self) -> None:
        self.points: dict[tuple[int, int], tuple[float, float]] = {}

    def __call__(self, p: Point) -> Point:
        key = (round(p[0] / SNAP), round(p[1] / SNAP))
        for dx in (0, -1, 1):
            for dy in (0, -1, 1):
                got = self.points.get((key[0] + dx, key[1] + dy))
                if got is not None:
                    return got
        q = (round(p[0], 1), round(p[1], 1))
        self.points[key] = q
        return q


def _on_frame(p: Point, q: Point) -> bool:
    return (p[0] == q[0] and p[0] in (0, W)) or (p[1] == q[1] and p[1] in (0, H))


def _wobble(p: Point, q: Point) -> list[tuple[float, float]]:
    """Points strictly between p and q along a gently wavy line; the same line for (q, p), reversed."""
    if _on_frame(p, q):
        return []
    flip = q < p
    a, b = (q, p) if flip else (p, q)
    length = math.dist(a, b)
    steps = max(1, int(length // 18))
    # a deterministic phase from the edge's end points
    seed = (int(a[0] * 7 + a[1] * 13 + b[0] * 17 + b[1] * 29) % 997) / 997 * 2 * math.pi
    nx, ny = (a[1] - b[1]) / (length or 1), (b[0] - a[0]) / (length or 1)
    amp = min(6.0, length / 10)
    pts = []
    for k in range(1, steps):
        t = k / steps
        off = amp * math.sin(math.pi * t) * (0.7 * math.sin(seed + 9 * t) + 0.3 * math.sin(2 * seed + 23 * t))
        pts.append((round(a[0] + t * (b[0] - a[0]) + off * nx, 1), round(a[1] + t * (b[1] - a[1]) + off * ny, 1)))
    return pts[::-1] if flip else pts


def _edge_key(p: Point, q: Point) -> tuple[Point, Point]:
    return (p, q) if p <= q else (q, p)


# -- layout -----------------------------------------------------------------

class Layout:
    """Province shapes, shared edges, border and coast target positions."""

    def __init__(self, board: dict):
        self.board = board
        self.provinces = {p["id"]: p for p in board["provinces"]}
        self.centre = {pid: (p["x"] * W, p["y"] * H) for pid, p in self.provinces.items()}
        owners: list[str | None] = []
        sites: list[tuple[float, float]] = []
        for pid in self.provinces:
            owners.append(pid)
            sites.append(self.centre[pid])
            for x, y in SHAPE_SEEDS.get(pid, ()):
                owners.append(pid)
                sites.append((x * W, y * H))
        for x, y in SEA_SEEDS:
            owners.append(None)
            sites.append((x * W, y * H))
        snap = _Snapper()
        cells = [[snap(p) for p in c] for c in voronoi_cells(sites, W, H)]
        # drop repeated vertices after snapping
        self.cells: list[tuple[str | None, list[tuple[float, float]]]] = []
        for owner, cell in zip(owners, cells, strict=False):
            clean = [p for i, p in enumerate(cell) if p != cell[i - 1]]
            if len(clean) >= 3:
                self.cells.append((owner, clean))
        # which cells share each edge
        self.edges: dict[tuple, list[str | None]] = {}
        for owner, cell in self.cells:
            for i, p in enumerate(cell):
                q = cell[(i + 1) % len(cell)]
                self.edges.setdefault(_edge_key(p, q), []).append(owner)

    def shared(self, a: str | None, b: str | None) -> list[tuple]:
        """Edges between a cell of ``a`` and a cell of ``b`` (None: the sea)."""
        return [e for e, own in self.edges.items() if len(own) == 2 and set(own) == {a, b} and a != b]

    def province_path(self, pid: str) -> str:
        parts = []
        for owner, cell in self.cells:
            if owner != pid:
                continue
            pts = []
            for i, p in enumerate(cell):
                pts.append(p)
                pts.extend(_wobble(p, cell[(i + 1) % len(cell)]))
            parts.append("M" + " L".join(f"{x:g},{y:g}" for x, y in pts) + "Z")
        return " ".join(parts)

    def line_path(self, edges: Iterable[tuple[Point, Point]]) -> str:
        parts = []
        for p, q in edges:
            pts = [p, *_wobble(p, q), q]
            parts.append("M" + " L".join(f"{x:g},{y:g}" for x, y in pts))
        return " ".join(parts)

    def border_point(self, a: str, b: str) -> tuple[float, float]:
        """The middle of the longest drawn edge between provinces a and b (else the middle between centres)."""
        edges = self.shared(a, b)
        if not edges:
            (ax, ay), (bx, by) = self.centre[a], self.centre[b]
            return ((ax + bx) / 2, (ay + by) / 2)
        p, q = max(edges, key=lambda e: math.dist(*e))
        return ((p[0] + q[0]) / 2, (p[1] + q[1]) / 2)

    def coast_point(self, pid: str) -> tuple[tuple[float, float], tuple[float, float]]:
        """A point out at sea by the longest coast of ``pid``, and the unit vector pointing inland."""
        edges = self.shared(pid, None)
        c = self.centre[pid]
        if not edges:
            return (c[0] - 40, c[1] + 40), (0.7, -0.7)
        p, q = max(edges, key=lambda e: math.dist(*e))
        m = ((p[0] + q[0]) / 2, (p[1] + q[1]) / 2)
        length = math.dist(p, q) or 1
        nx, ny = (q[1] - p[1]) / length, (p[0] - q[0]) / length
        if (c[0] - m[0]) * nx + (c[1] - m[1]) * ny > 0:  # make (nx, ny) point out to sea
            nx, ny = -nx, -ny
        return (m[0] + 26 * nx, m[1] + 26 * ny), (-nx, -ny)


# -- drawing ----------------------------------------------------------------

def _mix(colour: str, other: str, t: float) -> str:
    a = [int(colour[i:i + 2], 16) for i in (1, 3, 5)]
    b = [int(other[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x + (y - x) * t):02x}" for x, y in zip(a, b, strict=False))


def _f(v: float) -> str:
    return f"{v:.1f}".rstrip("0").rstrip(".")


def _flower(x: float, y: float, r: float = 5.5) -> str:
    angles = [k * 2 * math.pi / 5 - math.pi / 2 for k in range(5)]
    petals = "".join(f'<circle cx="{_f(x + r * math.cos(a))}" cy="{_f(y + r * math.sin(a))}" r="{_f(r * 0.62)}"/>' for a in angles)
    return f'<g class="flower">{petals}<circle class="flower-heart" cx="{_f(x)}" cy="{_f(y)}" r="{_f(r * 0.45)}"/></g>'


def _arrow(x: float, y: float, ux: float, uy: float, size: float = 9) -> str:
    """A chevron at (x, y) pointing along (ux, uy)."""
    px, py = -uy, ux
    tip = (x + ux * size, y + uy * size)
    left = (x - ux * size * 0.6 + px * size * 0.8, y - uy * size * 0.6 + py * size * 0.8)
    right = (x - ux * size * 0.6 - px * size * 0.8, y - uy * size * 0.6 - py * size * 0.8)
    return f'<path class="arrow" d="M{_f(left[0])},{_f(left[1])} L{_f(tip[0])},{_f(tip[1])} L{_f(right[0])},{_f(right[1])}"/>'


#: The drawing's stylesheet: a file of its own (``daimyo/web/static/board.css``, served at this address), since the
#: server's Content-Security-Policy (``style-src 'self'``) blocks ``<style>`` blocks and ``style="..."`` attributes.
STYLESHEET = "/static/board.css"


def _legend(x0: float, y0: float) -> str:
    """Two rows of three keys, each in a slot wide enough for its words in English or Polish."""
    keys = [
        ("legend.flowers", "honor at the end"), ("legend.defense", "printed defense"), ("legend.capital", "clan capital"),
        ("legend.border", "army attacks this way"), ("legend.coast", "navy attacks from the sea"), ("legend.control", "control: faceup, facedown"),
    ]
    slot, row = 330, 30
    items = []
    for i, (key, words) in enumerate(keys):
        x = x0 + (i % 3) * slot
        y = y0 + (i // 3) * row
        if key == "legend.flowers":
            icon = _flower(x, y - 4)
        elif key == "legend.defense":
            icon = (f'<g class="defense"><path d="M{_f(x - 8)},{_f(y - 13)} h16 v8 q0,8 -8,12 q-8,-4 -8,-12z"/>'
                    f'<text x="{_f(x)}" y="{_f(y - 1)}">2</text></g>')
        elif key == "legend.capital":
            icon = f'<g class="capital"><path d="M{_f(x - 10)},{_f(y + 2)} v-8 h4 v3 h3 v-6 h6 v6 h3 v-3 h4 v8z"/></g>'
        elif key == "legend.border":
            icon = f'<g class="border-target">{_arrow(x, y - 4, 1, 0)}</g>'
        elif key == "legend.coast":
            icon = f'<g class="coast-target"><circle class="ring" cx="{_f(x)}" cy="{_f(y - 4)}" r="10"/></g>'
        else:
            icon = (f'<circle cx="{_f(x - 5)}" cy="{_f(y - 4)}" r="8" fill="#777" stroke="#fff" stroke-width="2"/>'
                    f'<circle cx="{_f(x + 13)}" cy="{_f(y - 4)}" r="8" fill="#555" stroke="#2b2118" stroke-width="1.5"/>')
            x += 14
        items.append(f'{icon}<text class="legend-text" data-i18n="{key}" x="{_f(x + 18)}" y="{_f(y + 1)}">{escape(words)}</text>')
    return (f'<g class="legend" pointer-events="none"><rect x="{_f(x0 - 22)}" y="{_f(y0 - 24)}" width="{3 * slot + 10}" height="{row + 36}" rx="8"/>'
            + "".join(items) + "</g>")


def _inside(cell: Sequence[Point], x: float, y: float) -> bool:
    """Whether (x, y) lies in the convex polygon ``cell`` (either winding)."""
    sign: float = 0
    n = len(cell)
    for i in range(n):
        (ax, ay), (bx, by) = cell[i], cell[(i + 1) % n]
        c = (bx - ax) * (y - ay) - (by - ay) * (x - ax)
        if c:
            if sign and (c > 0) != (sign > 0):
                return False
            sign = c
    return True


def _busy_points(lay: Layout, board: dict) -> list[tuple[float, float]]:
    """Where the drawing already shows something: province marks, tokens' places, border and coast targets."""
    pts = []
    for pid, (x, y) in lay.centre.items():
        pts += [(x, y), (x, y - 34), (x, y - 22), (x - 20, y - 22), (x + 20, y - 22), (x, y + 30), (x - 34, y + 30), (x + 26, y + 30),
                (x + 30, y + 2), (x - 31, y + 1), (x - 30, y), (x + 30, y)]
        if lay.provinces[pid]["coastal"]:
            pts.append(lay.coast_point(pid)[0])
    for a, b in board["land_borders"]:
        pts.append(lay.border_point(a, b))
    return pts


def _label_spot(lay: Layout, provinces: list[str], name: str, busy: Iterable[Point]) -> tuple[float, float, int]:
    """A baseline point and font size for a territory's name: inside the territory, as far as can be from busy points."""
    cells = [cell for owner, cell in lay.cells if owner in provinces]
    xs = [p[0] for c in cells for p in c]
    ys = [p[1] for c in cells for p in c]
    best = None
    for size in (26, 21, 17):
        half = (len(name) + 3) * size * 0.31  # room for a longer translation
        near = [p for p in busy if min(xs) - half - 40 <= p[0] <= max(xs) + half + 40 and min(ys) - 60 <= p[1] <= max(ys) + 60]
        y = max(min(ys), 20) + size
        while y < min(max(ys), H - 20):
            x = max(min(xs), 24) + half
            while x < min(max(xs), W - 24) - half:
                samples = [(x + dx * half, y + dy) for dx in (-1, 0, 1) for dy in (0, -size * 0.7)]
                if all(any(_inside(c, sx, sy) for c in cells) for sx, sy in samples):
                    # squared distance from the label's box to the nearest busy point; stop once it cannot beat the best
                    left, right, top = x - half, x + half, y - size * 0.7
                    score = 1e9
                    floor = best[0] if best is not None else -1
                    for px, py in near:
                        ddx = left - px if px < left else (px - right if px > right else 0)
                        ddy = top - py if py < top else (py - y if py > y else 0)
                        d2 = ddx * ddx + ddy * ddy
                        if d2 < score:
                            score = d2
                            if score <= floor:
                                break
                    if best is None or score > best[0]:
                        best = (score, x, y, size)
                x += 16
            y += 14
        if best is not None and best[0] >= 22 ** 2:
            break
    if best is None:
        pts = [lay.centre[p] for p in provinces]
        return sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts) + 10, 17
    return best[1], best[2], best[3]


def board_svg(board: dict | None = None) -> str:
    """The SVG text of the board (see the module docstring for the ids and attributes); the engine's board by default."""
    if board is None:
        return _engine_board_svg()
    return _draw(board)


@lru_cache(maxsize=1)
def _engine_board_svg() -> str:
    return _draw(load_board())


def _draw(board: dict) -> str:
    lay = Layout(board)
    provs = lay.provinces
    terr_of = {pid: p["territory"] for pid, p in provs.items()}
    out: list[str] = [
        f'<?xml-stylesheet type="text/css" href="{STYLESHEET}"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" class="rokugan-board" font-family="Georgia,serif">',
        "<defs>",
        '<pattern id="hatch-shadow" width="10" height="10" patternUnits="userSpaceOnUse" patternTransform="rotate(35)">'
        '<line x1="0" y1="0" x2="0" y2="10" stroke="#000" stroke-opacity=".18" stroke-width="3"/></pattern>',
        '<radialGradient id="land-light" cx="55%" cy="40%" r="75%"><stop offset="0" stop-color="#fff" stop-opacity=".18"/>'
        '<stop offset="1" stop-color="#000" stop-opacity=".10"/></radialGradient>',
        "</defs>",
        f'<rect class="sea" x="0" y="0" width="{W}" height="{H}"/>',
        '<g class="waves">',
    ]
    for k in range(26):  # little waves scattered over the sea, at fixed places
        x: float = (k * 397) % 900 + 20
        y: float = 420 + (k * 211) % 560
        out.append(f'<path d="M{x},{y} q8,-6 16,0 t16,0"/>')
    out.append("</g>")

    # land: provinces, coloured by territory
    out.append('<g class="provinces">')
    for pid, p in provs.items():
        t = p["territory"]
        fill = _mix(TERRITORY_COLOURS.get(t, "#b9a77c"), PARCHMENT, 0.55 if not t.startswith("shadowlands") else 0.25)
        classes = f"province territory-{escape(t)}" + (" capital" if p.get("capital_of") else "")
        out.append(f'<path id="prov-{escape(pid)}" class="{classes}" data-province="{escape(pid)}" '
                   f'data-territory="{escape(t)}" fill="{fill}" d="{lay.province_path(pid)}"/>')
    out.append("</g>")
    for pid, p in provs.items():
        if p["territory"].startswith("shadowlands"):
            out.append(f'<path class="shadow-hatch" fill="url(#hatch-shadow)" pointer-events="none" d="{lay.province_path(pid)}"/>')
    out.append('<path class="land-light" fill="url(#land-light)" pointer-events="none" d="'
               + " ".join(lay.province_path(pid) for pid in provs) + '"/>')

    # lines: coast, province borders, territory borders, ridges where neighbours on the map share no border
    borders = {tuple(sorted(b)) for b in board["land_borders"]}
    coast_edges, prov_edges, terr_edges, ridge_edges = [], [], [], []
    for e, own in lay.edges.items():
        if len(own) != 2 or own[0] == own[1]:
            continue
        a, b = own
        if a is None or b is None:
            coast_edges.append(e)
        elif tuple(sorted((a, b))) not in borders:
            ridge_edges.append(e)
        elif terr_of[a] != terr_of[b]:
            terr_edges.append(e)
        else:
            prov_edges.append(e)
    out.append(f'<path class="coast-glow" d="{lay.line_path(coast_edges)}"/>')
    out.append(f'<path class="province-line" d="{lay.line_path(prov_edges)}"/>')
    out.append(f'<path class="territory-line" d="{lay.line_path(terr_edges)}"/>')
    out.append(f'<path class="ridge" d="{lay.line_path(ridge_edges)}"/>')
    out.append(f'<path class="coast-line" d="{lay.line_path(coast_edges)}"/>')
    roads = [(a, b) for a, b in sorted(borders) if not lay.shared(a, b)]
    if roads:
        out.append('<path class="road" d="' + " ".join(
            f"M{_f(lay.centre[a][0])},{_f(lay.centre[a][1])} L{_f(lay.centre[b][0])},{_f(lay.centre[b][1])}" for a, b in roads) + '"/>')

    # territory names, faint, where they cover the least (single-province territories are named by their province)
    out.append('<g class="territory-labels">')
    busy = _busy_points(lay, board)
    for t in board["territories"]:
        if len(t["provinces"]) < 2:
            continue
        x, y, size = _label_spot(lay, t["provinces"], t["name"], busy)
        out.append(f'<text class="territory-label" data-territory="{escape(t["id"])}" x="{_f(x)}" y="{_f(y)}" '
                   f'font-size="{size}">{escape(t["name"])}</text>')
    out.append("</g>")

    # each province: name, flowers, printed defense, capital mark, centre target
    out.append('<g class="province-marks">')
    for pid, p in provs.items():
        x, y = lay.centre[pid]
        label = pid.replace("_", " ")
        out.append(f'<g class="province-info" data-province="{escape(pid)}">')
        crowded = any(q != pid and abs(qx - x) < 80 and 0 < y - qy < 90 for q, (qx, qy) in lay.centre.items())
        if crowded:  # a province just above: write the name beside the centre instead
            out.append(f'<text class="province-label beside" data-province="{escape(pid)}" x="{_f(x + 22)}" y="{_f(y + 5)}">'
                       f'{escape(label.capitalize())}</text>')
        else:
            out.append(f'<text class="province-label" data-province="{escape(pid)}" x="{_f(x)}" y="{_f(y - 34)}">{escape(label.capitalize())}</text>')
        flowers = p["flowers"]
        for k in range(flowers):
            out.append(_flower(x + (k - (flowers - 1) / 2) * 14, y - 22))
        if p["printed_defense"]:
            sx, sy = x + 30, y + 2
            out.append(f'<g class="defense" data-defense="{p["printed_defense"]}"><path d="M{_f(sx - 8)},{_f(sy - 9)} h16 v8 q0,8 -8,12 q-8,-4 -8,-12z"/>'
                       f'<text x="{_f(sx)}" y="{_f(sy + 3)}">{p["printed_defense"]}</text></g>')
        if p.get("capital_of"):
            cx, cy = x - 31, y + 1
            out.append(f'<g class="capital" data-capital="{escape(p["capital_of"])}">'
                       f'<path d="M{_f(cx - 10)},{_f(cy + 6)} v-8 h4 v3 h3 v-6 h6 v6 h3 v-3 h4 v8z"/></g>')
        out.append("</g>")
    out.append("</g>")

    # control and special tokens (drawn by the page): under the click targets, so that none takes a target's click
    out.append('<g id="marks"></g>')
    # click targets: land borders (both directions), coasts, centres
    out.append('<g class="targets">')
    for a, b in sorted(borders):
        mx, my = lay.border_point(a, b)
        (ax, ay), (bx, by) = lay.centre[a], lay.centre[b]
        d = math.dist((ax, ay), (bx, by)) or 1
        ux, uy = (bx - ax) / d, (by - ay) / d
        out.append(f'<g id="border-{escape(a)}-{escape(b)}" class="border" data-border="{escape(a)} {escape(b)}">')
        for src, dst, sgn in ((a, b, 1), (b, a, -1)):
            tx, ty = mx + sgn * ux * 15, my + sgn * uy * 15
            place = f"{src}>{dst}"
            out.append(f'<g class="target border-target" data-place="{escape(place)}" data-anchor="{_f(tx)} {_f(ty)}">'
                       f'<circle class="hit" cx="{_f(tx)}" cy="{_f(ty)}" r="13"/>{_arrow(tx, ty, sgn * ux, sgn * uy)}</g>')
        out.append("</g>")
    for pid, p in provs.items():
        if not p["coastal"]:
            continue
        (sx, sy), (ix, iy) = lay.coast_point(pid)
        out.append(f'<g class="target coast-target" data-place="~{escape(pid)}" data-anchor="{_f(sx)} {_f(sy)}">'
                   f'<circle class="ring" cx="{_f(sx)}" cy="{_f(sy)}" r="14"/>{_arrow(sx + ix * 4, sy + iy * 4, ix, iy, 6)}</g>')
    for pid in provs:
        x, y = lay.centre[pid]
        out.append(f'<g class="target centre" data-place="{escape(pid)}" data-anchor="{_f(x)} {_f(y)}" '
                   f'data-control-anchor="{_f(x)} {_f(y + 30)}" data-special-anchor="{_f(x - 34)} {_f(y + 30)}">'
                   f'<circle class="ring" cx="{_f(x)}" cy="{_f(y)}" r="17"/></g>')
    out.append("</g>")

    # a legend along the bottom, in the open sea (the page translates the words: data-i18n)
    out.append(_legend(330, H - 68))
    # a compass and a frame
    out.append(f'<g class="compass" pointer-events="none" transform="translate(70,{H - 70})">'
               f'<circle r="26" fill="{PARCHMENT}" stroke="#2f5566" stroke-width="2"/>'
               '<path d="M0,-22 L6,0 L0,22 L-6,0z" fill="#2f5566"/><text y="-30">N</text></g>')
    out.append(f'<rect class="frame" pointer-events="none" x="4" y="4" width="{W - 8}" height="{H - 8}" rx="6"/>')
    out.append('<g id="overlay"></g>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def check_layout(board: dict | None = None) -> dict[str, list]:
    """How the drawing differs from the data: borders drawn as roads, map neighbours that are not borders, coasts."""
    board = board if board is not None else load_board()
    lay = Layout(board)
    borders = {tuple(sorted(b)) for b in board["land_borders"]}
    names = list(lay.provinces)
    touching = {(a, b) for i, a in enumerate(names) for b in names[i + 1:] if lay.shared(a, b)}
    coastal = {p for p, d in lay.provinces.items() if d["coastal"]}
    drawn_coast = {p for p in names if lay.shared(p, None)}
    return {
        "borders_not_touching": sorted(borders - touching),
        "touching_not_borders": sorted(touching - borders),
        "coastal_not_on_sea": sorted(coastal - drawn_coast),
        "on_sea_not_coastal": sorted(drawn_coast - coastal),
    }
