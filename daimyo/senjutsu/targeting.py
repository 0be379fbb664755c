"""Range and Line of Sight; Commit to Hit: which hexes an attack grid covers and whom an attack would target. A
module of its own, below the attacks and the resolution of lines that both ask it, so that neither imports the other."""

from __future__ import annotations

from typing import TYPE_CHECKING

from daimyo.senjutsu.hexgrid import Hex, cell_hex, distance, line_of_sight

if TYPE_CHECKING:
    from daimyo.senjutsu.state import SenjutsuState


def grid_hexes(s: SenjutsuState, seat: int, line: dict, pos: Hex | None = None, facing: int | None = None) -> dict:
    """The hexes of an attack grid, from ``pos``/``facing`` (the attacker's own by default), with their effects."""
    d = s.duellists[seat]
    pos = d.placed_at if pos is None else pos
    facing = d.facing if facing is None else facing
    return {cell_hex(pos, facing, cell): effs for cell, effs in line["attack"]["grid"].items()}


def ranged_targets(s: SenjutsuState, seat: int, line: dict, initiative: int, pos: Hex | None = None, facing: int | None = None) -> list[int]:
    """Range and Line of Sight; Comparative Initiative: the characters a ranged attack may target."""
    d = s.duellists[seat]
    pos = d.placed_at if pos is None else pos
    facing = d.facing if facing is None else facing
    atk = line["attack"]
    out = []
    for j in s.live():
        if j == seat:
            continue
        t = s.duellists[j]
        if "range" in atk and distance(pos, t.placed_at) > atk["range"]:
            continue
        if not line_of_sight(pos, facing, t.placed_at, sight_blockers(s)):
            continue
        # Comparative Initiative: the target's lowest speed this turn must be below the attack's speed
        if atk.get("lower") and (j not in s.played or s.played[j]["lowest"] >= initiative):
            continue
        out.append(j)
    return out


def sight_blockers(s: SenjutsuState) -> list:
    return list(s.terrain)


def would_target(s: SenjutsuState, seat: int, line: dict, initiative: int, pos: Hex | None = None, facing: int | None = None) -> bool:
    """Commit to Hit: whether the attack of ``line`` would target anyone (from ``pos``/``facing``)."""
    if "grid" in line["attack"]:
        cells = grid_hexes(s, seat, line, pos, facing)
        return any(s.occupant(h) not in (None, seat) for h in cells)
    return bool(ranged_targets(s, seat, line, initiative, pos, facing))
