"""``render_mode="rgb_array"``: a small schematic picture of a view, drawn with numpy alone (no plotting library).

Each picture is drawn from one view (the acting seat's, or the spectators'), so it shows nothing that view hides;
it carries no text. Battle for Rokugan: the board's provinces (this project's own map layout,
:mod:`daimyo.rokugan.board_svg`'s seed points) in their territory colours, a controlled province tinted with its
controller's colour, a small square in its owner's colour for each combat token at its place (a province's centre,
a border, the coast) and a white dot for a special token. Senjutsu: the battlefield's hexes, terrain dark, each
character a disc in its seat's colour with a white dot on the side it faces (grey when defeated). Rising Sun's
War Phase: one column per province, its War Number's state on top (gold: being fought, grey: done), a square per
figure in its clan's colour and a disc per stronghold.
"""

from __future__ import annotations

from functools import cache

import numpy as np

SEATS = ("#c0392b", "#2471a3", "#229954", "#d4ac0d", "#7d3c98")


def _rgb(colour: str) -> np.ndarray:
    return np.array([int(colour[i:i + 2], 16) for i in (1, 3, 5)], dtype=np.float32)


def _mix(a: np.ndarray, b: np.ndarray, t: float) -> np.ndarray:
    return a * (1 - t) + b * t


class Canvas:
    def __init__(self, height: int, width: int, background: str):
        self.img = np.empty((height, width, 3), dtype=np.float32)
        self.img[:] = _rgb(background)

    def disc(self, x: float, y: float, r: float, colour) -> None:
        c = _rgb(colour) if isinstance(colour, str) else colour
        h, w = self.img.shape[:2]
        y0, y1, x0, x1 = max(0, int(y - r)), min(h, int(y + r) + 2), max(0, int(x - r)), min(w, int(x + r) + 2)
        ys, xs = np.mgrid[y0:y1, x0:x1]
        self.img[y0:y1, x0:x1][(xs - x) ** 2 + (ys - y) ** 2 <= r * r] = c

    def square(self, x: float, y: float, half: float, colour) -> None:
        c = _rgb(colour) if isinstance(colour, str) else colour
        h, w = self.img.shape[:2]
        y0, y1, x0, x1 = (max(0, int(y - half)), min(h, int(y + half) + 1), max(0, int(x - half)), min(w, int(x + half) + 1))
        self.img[y0:y1, x0:x1] = c

    def image(self) -> np.ndarray:
        return np.clip(self.img, 0, 255).astype(np.uint8)


# ------------------------------------------------------------------ Battle for Rokugan
W, H = 640, 400


@cache
def _rokugan_map() -> tuple[np.ndarray, list[str], dict[str, tuple[float, float]], dict[str, str]]:
    """Each pixel's province (index into the list; -1 for the sea): the nearest seed point's, as the web map does."""
    from daimyo.rokugan.board_svg import SEA_SEEDS, SHAPE_SEEDS, load_board
    board = load_board()
    names = [p["id"] for p in board["provinces"]]
    centre = {p["id"]: (p["x"] * W, p["y"] * H) for p in board["provinces"]}
    seeds = [(centre[n], i) for i, n in enumerate(names)]
    seeds += [((x * W, y * H), names.index(n)) for n, pts in SHAPE_SEEDS.items() for x, y in pts]
    seeds += [((x * W, y * H), -1) for x, y in SEA_SEEDS]
    ys, xs = np.mgrid[0:H, 0:W]
    best = np.full((H, W), np.inf)
    label = np.full((H, W), -1, dtype=np.int16)
    for (x, y), i in seeds:
        d = (xs - x) ** 2 + (ys - y) ** 2
        closer = d < best
        best[closer] = d[closer]
        label[closer] = i
    return label, names, centre, {p["id"]: p["territory"] for p in board["provinces"]}


@cache
def _outlines() -> np.ndarray:
    label = _rokugan_map()[0]
    edge = np.zeros((H, W), dtype=bool)
    edge[:, 1:] |= label[:, 1:] != label[:, :-1]
    edge[1:, :] |= label[1:, :] != label[:-1, :]
    return edge


def rokugan(view: dict) -> np.ndarray:
    from daimyo.rokugan.board_svg import TERRITORY_COLOURS
    label, names, centre, territory = _rokugan_map()
    c = Canvas(H, W, "#6f9fc8")
    palette = np.empty((len(names) + 1, 3), dtype=np.float32)
    palette[0] = _rgb("#6f9fc8")                         # the sea
    for i, name in enumerate(names):
        base = _mix(_rgb(TERRITORY_COLOURS.get(territory[name], "#b9a77c")), _rgb("#ffffff"), 0.45)
        owner = view["provinces"].get(name, {}).get("owner")
        if owner:
            base = _mix(base, _rgb(TERRITORY_COLOURS.get(owner, "#000000")), 0.6)
        palette[i + 1] = base
    c.img = palette[label + 1]
    c.img[_outlines()] = _rgb("#3b3b3b")
    for name, p in view["provinces"].items():
        if p.get("special") and name in centre:
            c.disc(centre[name][0], centre[name][1] - 9, 3.5, "#ffffff")
    placed: dict[tuple[float, float], int] = {}
    for t in view["tokens"]:
        at = t["at"]
        if ">" in at:
            a, b = at.split(">")
            if a not in centre or b not in centre:
                continue
            (xa, ya), (xb, yb) = centre[a], centre[b]
            x, y = xa + 0.6 * (xb - xa), ya + 0.6 * (yb - ya)
        elif at.startswith("~"):
            if at[1:] not in centre:
                continue
            x, y = centre[at[1:]][0] - 12, centre[at[1:]][1] + 12
        elif at in centre:
            x, y = centre[at]
        else:
            continue                                     # on another token (a blessing): drawn with its base
        k = placed.get((x, y), 0)
        placed[(x, y)] = k + 1
        c.square(x - 8 + 7 * (k % 3), y + 4 + 7 * (k // 3), 2.5, TERRITORY_COLOURS.get(t["owner"], "#000000"))
    return c.image()


# ------------------------------------------------------------------ Senjutsu
def senjutsu(view: dict) -> np.ndarray:
    from daimyo.senjutsu.game import geometry
    g = geometry()
    board = g["boards"][view["board"]]
    xs = [v["centre"][0] for v in board.values()]
    ys = [v["centre"][1] for v in board.values()]
    scale = 34.0
    pad = 30
    width, height = int((max(xs) - min(xs)) * scale) + 2 * pad, int((max(ys) - min(ys)) * scale) + 2 * pad

    def at(h: str) -> tuple[float, float]:
        x, y = board[h]["centre"]
        return (x - min(xs)) * scale + pad, (y - min(ys)) * scale + pad

    c = Canvas(height, width, "#2b2b2b")
    for h in board:
        x, y = at(h)
        c.disc(x, y, 0.8 * scale, "#8d6e63" if h in view["terrain"] else "#e8dcc0")
    for i, s in enumerate(view["seats"]):
        if not s["hex"] or s["hex"] not in board:
            continue
        x, y = at(s["hex"])
        c.disc(x, y, 0.55 * scale, "#9e9e9e" if s["defeated"] else SEATS[i % len(SEATS)])
        dq, dr = g["directions"][g["facings"].index(s["facing"])]
        ux = dq * g["axes"]["q"][0] + dr * g["axes"]["r"][0]
        uy = dq * g["axes"]["q"][1] + dr * g["axes"]["r"][1]
        norm = (ux * ux + uy * uy) ** 0.5 or 1.0
        c.disc(x + 0.4 * scale * ux / norm, y + 0.4 * scale * uy / norm, 0.14 * scale, "#ffffff")
    return c.image()


# ------------------------------------------------------------------ Rising Sun's War Phase
def risingsun(view: dict) -> np.ndarray:
    from daimyo.risingsun.data import CLAN_COLOURS, RULES  # the clans' colours: the page's too (data/colours.json)
    provinces = list(RULES.provinces)
    col, height = 64, 320
    c = Canvas(height, col * len(provinces), "#f3ead2")
    wars = {w["province"]: w for w in view["wars"]}
    for k, prov in enumerate(provinces):
        x0 = k * col
        top = "#e0c068" if prov == view["province"] else "#9e9e9e" if wars.get(prov, {}).get("done") else "#d7ccb0"
        c.img[0:24, x0 + 2:x0 + col - 2] = _rgb(top if prov in wars else "#f3ead2")
        c.img[:, x0] = _rgb("#7a6a4f")
        n = 0
        for f in view["figures"]:
            if f["province"] == prov:
                size = 7 if f["kind"] == "daimyo" else 5 if f["kind"] != "monster" else 9
                c.square(x0 + 14 + 18 * (n % 3), 40 + 20 * (n // 3), size, CLAN_COLOURS.get(f["owner"], "#000000"))
                n += 1
        for j, clan in enumerate(view["strongholds"].get(prov, [])):
            c.disc(x0 + 14 + 18 * j, height - 20, 7, CLAN_COLOURS.get(clan, "#000000"))
    return c.image()
