"""Movement lines (Movement): every way to resolve a line of steps and rotations, as plans of atoms.

A plan is a tuple of atoms: a step in a direction relative to facing (``F``, ``FR``, ``BR``, ``B``, ``BL``, ``FL``)
or a rotation (``L`` / ``R``). Multi-steps of one part keep one relative direction; the rotations of a mandatory part
keep one direction; parts on a line without "then" interleave in any order.
"""

from __future__ import annotations

from itertools import product

from daimyo.senjutsu.hexgrid import RELATIVE, neighbour

STEP_DIRS = {"forward": ("F",), "front": ("F", "FL", "FR"), "any": RELATIVE}


def _part_choices(part: dict, mandatory: bool) -> list[tuple[str, ...]]:
    """The atom sequences one part of a line may produce."""
    if "step" in part:
        n = part.get("n", 1)
        counts = [n] if mandatory else range(0, n + 1)
        out = {()} if not mandatory else set()
        for d in STEP_DIRS[part["step"]]:
            for k in counts:
                if k:
                    out.add((d,) * k)
        return sorted(out)
    n = part["rotate"]
    if mandatory:
        return [("L",) * n, ("R",) * n]
    out = set()
    for k in range(0, n + 1):
        out.update(product("LR", repeat=k))
    return sorted(out)


def _interleavings(seqs: list[tuple[str, ...]]) -> set[tuple[str, ...]]:
    seqs = [s for s in seqs if s]
    if not seqs:
        return {()}
    out = set()
    for i, s in enumerate(seqs):
        rest = seqs[:i] + [s[1:]] + seqs[i + 1:]
        for tail in _interleavings(rest):
            out.add((s[0],) + tail)
    return out


def plans(line: dict) -> list[tuple[str, ...]]:
    """Every atom sequence a movement line allows (Sequencing of Movement; Optional / Mandatory Movement)."""
    mandatory = bool(line.get("mandatory"))
    per_part = [_part_choices(p, mandatory) for p in line["move"]]
    out: set[tuple[str, ...]] = set()
    for combo in product(*per_part):
        if line.get("then"):
            out.add(tuple(a for seq in combo for a in seq))
        else:
            out.update(_interleavings(list(combo)))
    return sorted(out, key=lambda p: (len(p), p))


def walk(pos, facing: int, plan, free) -> tuple[tuple, int, int | None, tuple | None]:
    """Follow a plan from ``pos``/``facing``. ``free(hex)`` says what is in a hex: None if empty, else a
    collision kind ('edge', 'terrain', 'character'). Returns (pos, facing, index of the colliding atom or None,
    the hex collided with)."""
    for i, atom in enumerate(plan):
        if atom == "L":
            facing = (facing - 1) % 6
        elif atom == "R":
            facing = (facing + 1) % 6
        else:
            nxt = neighbour(pos, facing + RELATIVE.index(atom))
            if free(nxt) is not None:
                return pos, facing, i, nxt
            pos = nxt
    return pos, facing, None, None


def plan_text(plan) -> str:
    return " ".join(plan) if plan else "-"
