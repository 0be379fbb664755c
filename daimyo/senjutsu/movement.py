"""Movement: every way to resolve a line of steps and rotations, as plans of atoms; moving a character by a
plan, and what a collision does (Moving into Another Character, off the Battlefield, into Terrain).

A plan is a tuple of atoms: a step in a direction relative to facing (``F``, ``FR``, ``BR``, ``B``, ``BL``, ``FL``)
or a rotation (``L`` / ``R``). Multi-steps of one part keep one relative direction; the rotations of a mandatory part
keep one direction; parts on a line without "then" interleave in any order.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import product
from typing import TYPE_CHECKING

from daimyo.core.game import Event
from daimyo.senjutsu import harm, resolution
from daimyo.senjutsu.hexgrid import FACINGS, RELATIVE, Hex, hex_text, neighbour
from daimyo.senjutsu.records import TERRAIN, Frame, event, seat_name
from daimyo.senjutsu.targeting import would_target

if TYPE_CHECKING:
    from daimyo.senjutsu.state import SenjutsuState

STEP_DIRS = {"forward": ("F",), "front": ("F", "FL", "FR"), "any": RELATIVE}


def _part_choices(part: dict, mandatory: bool) -> list[tuple[str, ...]]:
    """The atom sequences one part of a line may produce."""
    if "step" in part:
        n = part.get("n", 1)
        counts = [n] if mandatory else range(n + 1)
        out: set[tuple[str, ...]] = {()} if not mandatory else set()
        for d in STEP_DIRS[part["step"]]:
            for k in counts:
                if k:
                    out.add((d,) * k)
        return sorted(out)
    n = part["rotate"]
    if mandatory:
        return [("L",) * n, ("R",) * n]
    out = set()
    for k in range(n + 1):
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


def walk(pos: Hex, facing: int, plan: Sequence[str], free: Callable[[Hex], str | None]) -> tuple[Hex, int, int | None, Hex | None]:
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


def plan_text(plan: Sequence[str]) -> str:
    return " ".join(plan) if plan else "-"


# --- movement lines on the battlefield
def line_plans(s: SenjutsuState, seat: int, line: dict, f: Frame) -> list[tuple]:
    """Legal plans of a movement line: optional moves never enter terrain, a character or the edge; mandatory
    moves avoid a collision when any plan can; Commit to Hit keeps only plans that let the next attack target.
    Each is (plan, end hex, end facing, index of the colliding atom or None)."""
    d = s.duellists[seat]
    free = lambda h: s.what_is_at(h, seat)  # noqa: E731
    results = []
    for plan in plans(line):
        pos, facing, hit, _ = walk(d.placed_at, d.facing, plan, free)
        results.append((plan, pos, facing, hit))
    clean = [r for r in results if r[3] is None]
    pool = (clean or results) if line.get("mandatory") else clean
    # one plan per outcome (for colliding plans the outcome includes where the collision happens)
    seen, unique = set(), []
    for r in pool:
        key = (r[1], r[2]) if r[3] is None else (r[1], r[2], r[3], r[0][: r[3] + 1])
        if key not in seen:
            seen.add(key)
            unique.append(r)
    if f.own and next_attack(f) is not None:
        hitting = [r for r in unique if r[3] is None and reaches_target(s, f, f.line + 1, r[1], r[2])]
        if hitting:
            unique = hitting
    return unique


def focus_lets_target(s: SenjutsuState, f: Frame, line: dict) -> bool:
    """Commit to Hit / Optional Focus Cost: whether the optional focus cost of this movement line must be paid,
    because skipping the line leaves the card's next attack unable to target anyone and moving lets it target."""
    d = s.duellists[f.seat]
    return (f.own and next_attack(f) is not None and not reaches_target(s, f, f.line + 1, d.placed_at, d.facing)
            and reaches_target(s, f, f.line, d.placed_at, d.facing))


def reaches_target(s: SenjutsuState, f: Frame, k: int, pos: Hex, facing: int) -> bool:
    """Commit to Hit, looking ahead: whether, from ``pos``/``facing`` before line ``k`` of the frame, the movement
    lines up to the next attack line (those of the current Kamae; one with an optional focus cost only if it can be
    paid, and then it may be skipped) can end where that attack targets another character."""
    seat = f.seat
    d = s.duellists[seat]
    free = lambda h: s.what_is_at(h, seat)  # noqa: E731
    for idx in range(k, len(f.lines)):
        ln = f.lines[idx]
        if "attack" in ln:
            return would_target(s, seat, ln, f.initiative, pos, facing)
        if "move" not in ln or ("kamae" in ln and ln["kamae"] != d.kamae) or ln.get("focus", 0) > d.focus:
            continue
        if ln.get("focus") and reaches_target(s, f, idx + 1, pos, facing):
            return True
        for plan in plans(ln):
            end, turned, hit, _ = walk(pos, facing, plan, free)
            if hit is None and reaches_target(s, f, idx + 1, end, turned):
                return True
        return False
    return False


def next_attack(f: Frame) -> dict | None:
    for line in f.lines[f.line + 1:]:
        if "attack" in line:
            return line
    return None


def line_move(s: SenjutsuState, f: Frame, line: dict) -> list[Event]:
    opts = ["move " + plan_text(r[0]) for r in line_plans(s, f.seat, line, f)]
    return resolution.ask(s, f, f.seat, "move", opts, "Movement")


def plan_chosen(s: SenjutsuState, f: Frame, line: dict, seat: int, text: str) -> list[Event]:
    plan = tuple(a for a in text.split()[1:] if a != "-")
    d = s.duellists[seat]
    pos, facing, hit, at = walk(d.placed_at, d.facing, plan, lambda h: s.what_is_at(h, seat))
    d.pos, d.facing = pos, facing
    out = [event("moved", seat=seat_name(seat), hex=hex_text(pos), facing=FACINGS[facing], plan=plan_text(plan))]
    resolution.advance_line(f)
    if hit is not None and at is not None:   # walk names the hex collided with whenever it names the atom
        out += collide(s, seat, at, own=f.own)
    return out


def collide(s: SenjutsuState, seat: int, at: Hex, own: bool) -> list[Event]:
    """Mandatory movement into a character, off the battlefield or into terrain (Moving into ...)."""
    kind = s.what_is_at(at, seat)
    out = [event("collision", seat=seat_name(seat), hex=hex_text(at), into=kind)]
    s.moment += 1
    if kind == "edge":
        out += harm.harm(s, seat, "stun", "moved off the battlefield")
    elif kind == "terrain":
        t = s.terrain[at]
        for effect in TERRAIN[t]:
            out += harm.harm(s, seat, effect, f"collided with {t}")
        if t == "bamboo":
            del s.terrain[at]
            out.append(event("terrain-removed", hex=hex_text(at), terrain=t))
    else:
        other = s.occupant(at)
        # discard a card first (the mover's choice), then both take a stun
        s.stack.append(Frame(seat, None, [{"_bump": other}], 0, own=False))
    if own and s.played.get(seat):
        s.played[seat]["stopped"] = True   # the rest of the own card is not resolved
        out.append(event("card-stopped", seat=seat_name(seat)))
    return out


def line_bump(s: SenjutsuState, f: Frame, line: dict) -> list[Event]:
    """Moving into Another Character: the mover discards a card of their choice."""
    seat = f.seat
    opts = [f"discard {c}" for c in s.discardable(seat)]
    if not opts:
        return bump_discard_chosen(s, f, line, seat, "discard -")
    return resolution.ask(s, f, seat, "_bump", opts, "Moving into Another Character")


def bump_discard_chosen(s: SenjutsuState, f: Frame, line: dict, seat: int, text: str) -> list[Event]:
    """Moving into Another Character: then both characters take a stun."""
    out = harm.discard_card(s, seat, text.split()[1]) if text != "discard -" else []
    other = line["_bump"]
    resolution.advance_line(f)
    hurt = [seat] + ([other] if other is not None else [])
    return out + harm.harm_together(s, [(j, "stun", "collision") for j in hurt])
