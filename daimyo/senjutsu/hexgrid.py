"""The battlefield: hexes in axial coordinates, facings, distances, line of sight and shortest paths.

Hexes are flat-topped and written ``q,r`` (axial coordinates). The six facings, clockwise:
``n`` (0,-1), ``ne`` (1,-1), ``se`` (1,0), ``s`` (0,1), ``sw`` (-1,1), ``nw`` (-1,0).
A card's grid is written relative to its owner's hex and facing with the six relative
directions ``F`` (forward), ``FR``, ``BR``, ``B``, ``BL``, ``FL`` (clockwise from forward).

Line of sight is exact: every hex corner has integer coordinates in the frame
X = 2 * (3q/2 + corner dx), Y = 2r + q + corner dy (an affine image of the true plane, which keeps
every crossing and touching), so no floating point is involved.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Collection, Iterable, Sequence
from functools import cache

Hex = tuple[int, int]
Point = tuple[int, int]   # a hex corner in the integer frame of line of sight (below)

DIRECTIONS: tuple[Hex, ...] = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))
FACINGS = ("n", "ne", "se", "s", "sw", "nw")
RELATIVE = ("F", "FR", "BR", "B", "BL", "FL")
BOARD_RADIUS = 3
# the second board of a joined battlefield: centred 7 hexes away, so the two hexagons touch along an edge
JOIN_OFFSET: Hex = (7, -3)


def add(a: Hex, b: Hex) -> Hex:
    return (a[0] + b[0], a[1] + b[1])


def neighbour(h: Hex, direction: int) -> Hex:
    d = DIRECTIONS[direction % 6]
    return (h[0] + d[0], h[1] + d[1])


def neighbours(h: Hex) -> list[Hex]:
    return [neighbour(h, d) for d in range(6)]


def distance(a: Hex, b: Hex) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def centre_distance2(a: Hex, b: Hex) -> int:
    """The squared distance between the centres of two hexes, the distance between neighbours' centres being 1
    (flat-topped hexes of size 1: x = 3/2 q, y = sqrt(3) (r + q/2), so x^2 + y^2 = 3 (q^2 + q r + r^2))."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return dq * dq + dq * dr + dr * dr


def rotate(v: Hex, turns: int) -> Hex:
    """Turn an offset by ``turns`` sixths of a circle clockwise (so DIRECTIONS[0] becomes DIRECTIONS[turns])."""
    q, r = v
    for _ in range(turns % 6):
        s = -q - r
        q, r = -r, -s
    return (q, r)


def parse_hex(text: str) -> Hex:
    """``"2,-1"`` -> (2, -1); raises ValueError on anything else."""
    a, sep, b = text.partition(",")
    if not sep:
        raise ValueError(f"'{text}' is not a hex (write q,r such as 0,-2)")
    return (int(a), int(b))


def hex_text(h: Hex) -> str:
    return f"{h[0]},{h[1]}"


@cache
def relative_offset(path: str) -> Hex:
    """The offset of a grid cell written as relative directions joined by ``+`` (``F+FR``), for facing ``n``."""
    q = r = 0
    for part in path.split("+"):
        if part not in RELATIVE:
            raise ValueError(f"'{part}' is not a relative direction ({', '.join(RELATIVE)})")
        d = DIRECTIONS[RELATIVE.index(part)]
        q, r = q + d[0], r + d[1]
    return (q, r)


def cell_hex(origin: Hex, facing: int, path: str) -> Hex:
    """The hex a grid cell ``path`` names for a character at ``origin`` facing ``facing``."""
    return add(origin, rotate(relative_offset(path), facing))


def hexagon(centre: Hex = (0, 0), radius: int = BOARD_RADIUS) -> frozenset[Hex]:
    cq, cr = centre
    return frozenset((cq + q, cr + r) for q in range(-radius, radius + 1)
                     for r in range(max(-radius, -q - radius), min(radius, -q + radius) + 1))


def battlefield(kind: str) -> frozenset[Hex]:
    """``one``: one board of 37 hexes; ``two``: two boards joined along an edge (74 hexes)."""
    if kind == "one":
        return hexagon()
    if kind == "two":
        return hexagon() | hexagon(JOIN_OFFSET)
    raise ValueError(f"unknown battlefield '{kind}' (one or two)")


# ---- exact geometry for line of sight -------------------------------------------------------

_CORNER_OFFSETS = ((2, 0), (1, 1), (-1, 1), (-2, 0), (-1, -1), (1, -1))  # (2*dx, dy) in the integer frame


def corners(h: Hex) -> tuple[tuple[int, int], ...]:
    """The six corners of a hex, in order around it, in the integer frame."""
    q, r = h
    cx, cy = 3 * q, 2 * r + q
    return tuple((cx + dx, cy + dy) for dx, dy in _CORNER_OFFSETS)


def front_corners(h: Hex, facing: int) -> list[tuple[int, int]]:
    """The two corners of the edge the character faces (the corners shared with the hex in front)."""
    front = set(corners(neighbour(h, facing)))
    return [c for c in corners(h) if c in front]


def _cross(o: Point, a: Point, b: Point) -> int:
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def _on_segment(p: Point, a: Point, b: Point) -> bool:
    return min(a[0], b[0]) <= p[0] <= max(a[0], b[0]) and min(a[1], b[1]) <= p[1] <= max(a[1], b[1])


def segments_touch(p1: Point, p2: Point, q1: Point, q2: Point) -> bool:
    """Closed segments p1p2 and q1q2 share at least one point."""
    d1, d2 = _cross(q1, q2, p1), _cross(q1, q2, p2)
    d3, d4 = _cross(p1, p2, q1), _cross(p1, p2, q2)
    if ((d1 > 0 > d2) or (d1 < 0 < d2)) and ((d3 > 0 > d4) or (d3 < 0 < d4)):
        return True
    return ((d1 == 0 and _on_segment(p1, q1, q2)) or (d2 == 0 and _on_segment(p2, q1, q2))
            or (d3 == 0 and _on_segment(q1, p1, p2)) or (d4 == 0 and _on_segment(q2, p1, p2)))


def _inside(p: Point, poly: Sequence[Point]) -> bool:
    """p inside or on a convex polygon given in order."""
    signs = [_cross(poly[i], poly[(i + 1) % len(poly)], p) for i in range(len(poly))]
    return all(s >= 0 for s in signs) or all(s <= 0 for s in signs)


def segment_touches_hex(a: Point, b: Point, h: Hex) -> bool:
    """The closed segment ab shares a point with the closed hex h."""
    poly = corners(h)
    if _inside(a, poly) or _inside(b, poly):
        return True
    return any(segments_touch(a, b, poly[i], poly[(i + 1) % 6]) for i in range(6))


def _reenters_own_hex(start: Point, end: Point, own: Hex) -> bool:
    """A line leaving corner ``start`` of the hex ``own`` runs into or along that hex."""
    poly = corners(own)
    i = poly.index(start)
    prev, nxt = poly[i - 1], poly[(i + 1) % 6]
    # the end lies in the closed 120-degree cone between the two edges leaving the corner
    return _cross(start, nxt, end) * _cross(start, nxt, prev) >= 0 and _cross(start, prev, end) * _cross(start, prev, nxt) >= 0


def line_of_sight(viewer: Hex, facing: int, target: Hex, blockers: Iterable[Hex]) -> bool:
    """Line of sight (Line of Sight): an unbroken line from either front corner of the viewer's hex to any
    corner of the target hex, touching no part of the viewer's own hex (past its start) and no hex of ``blockers``."""
    if viewer == target:
        return False
    blockers = [h for h in blockers if h != target]
    for a in front_corners(viewer, facing):
        for b in corners(target):
            if a == b or _reenters_own_hex(a, b, viewer):
                continue
            if not any(segment_touches_hex(a, b, h) for h in blockers):
                return True
    return False


def all_shortest_paths_cross(start: Hex, goal: Hex, hexes: Collection[Hex], crossing: Iterable[Hex]) -> bool:
    """Every shortest path of adjacent hexes (within ``hexes``) from ``start`` to ``goal`` passes through a hex of
    ``crossing`` strictly between them (Blocking, second criterion; tied shortest paths must all cross)."""
    full = _bfs_distance(start, goal, hexes, frozenset())
    if full is None or full < 2:
        return False
    avoiding = _bfs_distance(start, goal, hexes, frozenset(crossing) - {start, goal})
    return avoiding is None or avoiding > full


def _bfs_distance(start: Hex, goal: Hex, hexes: Collection[Hex], banned: Collection[Hex]) -> int | None:
    seen = {start: 0}
    todo = deque([start])
    while todo:
        h = todo.popleft()
        if h == goal:
            return seen[h]
        for n in neighbours(h):
            if n in hexes and n not in seen and (n == goal or n not in banned):
                seen[n] = seen[h] + 1
                todo.append(n)
    return None
