"""Targeted, and the other ability card keywords: Discard X, Push X, Pull X, Rotate X, Search, Swap Positions,
Cancel Active; and Advantage."""

from __future__ import annotations

from typing import TYPE_CHECKING

from daimyo.core.game import Event
from daimyo.senjutsu import harm, movement, resolution
from daimyo.senjutsu.cards import TARGETED_EFFECTS
from daimyo.senjutsu.hexgrid import FACINGS, Hex, centre_distance2, distance, hex_text, line_of_sight, neighbour
from daimyo.senjutsu.records import STATUS_CARDS, Frame, event, seat_name

if TYPE_CHECKING:
    from daimyo.senjutsu.state import SenjutsuState


def line_advantage(s: SenjutsuState, f: Frame, line: dict) -> list[Event]:
    resolution.advance_line(f)
    return harm.take_advantage(s, f.seat)


# --- keyword effects on the targeted character(s)
def keyword_targets(s: SenjutsuState, f: Frame) -> list[int] | None:
    """Targeted: those an attack was successful against; with no attack before it, any one other character."""
    if f.attacked:
        return [j for j in (f.targets or []) if not s.duellists[j].defeated]
    return None


def line_targeted(s: SenjutsuState, f: Frame, line: dict) -> list[Event]:
    """A keyword acting on the Targeted character(s): push, pull, rotate_target, discard, swap, cancel_active.
    Several targets receive it one after the other, each with its collision resolved before the next moves."""
    seat = f.seat
    if f.keyword is not None:   # back after a collision of an earlier target resolved: on to the next target
        return next_keyword_target(s, f, line)
    targets = keyword_targets(s, f)
    if targets is None:
        me = s.duellists[seat]
        # Targeted: on a line with a range, one character in range and line of sight
        opts = [f"target {seat_name(j)}" for j in s.live() if j != seat and
                ("range" not in line or (distance(me.placed_at, s.duellists[j].placed_at) <= line["range"]
                                         and line_of_sight(me.placed_at, me.facing, s.duellists[j].placed_at, list(s.terrain))))]
        if len(opts) > 1 and f.picked is None:
            s.pending = {"seat": seat, "kind": "pick", "options": opts, "rule": "Targeted", "depth": resolution.depth(s, f)}
            return []
        if f.picked is not None:
            targets, f.picked = [f.picked], None
        else:
            targets = [int(o.split()[1][1:]) - 1 for o in opts[:1]]
        if "range" in line and targets:   # Targeted: every effect of a ranged card targets this one character
            f.attacked, f.success, f.targets = True, True, list(targets)
    f.keyword_targets = list(targets)
    f.keyword = next(k for k in line if k in TARGETED_EFFECTS)
    return next_keyword_target(s, f, line)


def target_picked(s: SenjutsuState, f: Frame, line: dict, seat: int, text: str) -> list[Event]:
    f.picked = int(text.split()[1][1:]) - 1
    return line_targeted(s, f, line)


def next_keyword_target(s: SenjutsuState, f: Frame, line: dict) -> list[Event]:
    seat = f.seat
    queue = f.keyword_targets
    while queue:
        j = queue[0]
        if s.duellists[j].defeated:
            queue.pop(0)
            continue
        kind = f.keyword
        if kind == "cancel_active":
            queue.pop(0)
            e = s.played.get(j)
            hit = e is not None and e["card"] not in STATUS_CARDS
            if e is not None and hit and e["cancelled"] != "card":
                e["cancelled"] = line["cancel_active"]
            out = [event("cancel-active", seat=seat_name(seat), target=seat_name(j), cancelled=line["cancel_active"] if hit else None)]
            return out + next_keyword_target(s, f, line)
        if kind == "swap":
            queue.pop(0)
            a, b = s.duellists[seat], s.duellists[j]
            a.pos, b.pos = b.pos, a.pos
            out = [event("swap", seat=seat_name(seat), target=seat_name(j))]
            return out + next_keyword_target(s, f, line)
        if kind == "rotate_target":
            return resolution.ask_now(s, f, seat, "rotate_target", ["turn left", "turn right", "turn no"], "Rotate X")
        if kind in ("push", "pull"):
            opts = [f"{kind} " + " ".join(p) for p in push_paths(s, seat, j, line[kind], kind == "push")]
            return resolution.ask_now(s, f, seat, "shove", opts, "Push X / Pull X")
        if kind == "discard":
            if f.discards_left is None:
                f.discards_left = line["discard"]
            opts = [f"discard {c}" for c in s.discardable(j)]
            if not opts or f.discards_left <= 0:
                queue.pop(0)
                f.discards_left = None
                continue
            return resolution.ask_now(s, f, j, "kwdiscard", opts, "Discard X")
    f.keyword = None
    resolution.advance_line(f)
    return []


def rotation_chosen(s: SenjutsuState, f: Frame, line: dict, seat: int, text: str) -> list[Event]:
    """Rotate X: the targeted character turns X times to the side chosen, or not at all."""
    j = f.keyword_targets.pop(0)
    turn = {"left": -1, "right": 1, "no": 0}[text.split()[1]]
    d = s.duellists[j]
    d.facing = (d.facing + turn * line["rotate_target"]) % 6
    return [event("rotated", seat=seat_name(j), facing=FACINGS[d.facing])] + next_keyword_target(s, f, line)


def push_paths(s: SenjutsuState, seat: int, j: int, count: int, away: bool) -> list[tuple[str, ...]]:
    """Push X / Pull X: "directly away from" (towards) the attacker, one hex at a time: each hex is a neighbour
    whose centre is furthest from (nearest to) the attacker's centre; only neighbours tied for that are the
    mover's choice, so a target in line with the attacker has one way. A path ends at its first collision."""
    src = s.duellists[seat].placed_at
    out = []

    def grow(pos: Hex, path: tuple[str, ...], left: int) -> None:
        if not left:
            out.append(path)
            return
        reach = {dirn: centre_distance2(src, neighbour(pos, dirn)) for dirn in range(6)}
        best = max(reach.values()) if away else min(reach.values())
        for dirn in range(6):
            if reach[dirn] != best:
                continue
            h = neighbour(pos, dirn)
            if s.what_is_at(h, j) is not None:
                out.append(path + (FACINGS[dirn],))
            else:
                grow(h, path + (FACINGS[dirn],), left - 1)
    grow(s.duellists[j].placed_at, (), count)
    return sorted(set(out)) or [()]


def shove_chosen(s: SenjutsuState, f: Frame, line: dict, seat: int, text: str) -> list[Event]:
    j = f.keyword_targets.pop(0)
    d = s.duellists[j]
    out = []
    for name in text.split()[1:]:
        h = neighbour(d.placed_at, FACINGS.index(name))
        if s.what_is_at(h, j) is not None:
            out += movement.collide(s, j, h, own=False)
            break
        d.pos = h
    out.insert(0, event("shoved", seat=seat_name(j), hex=hex_text(d.pos) if d.pos else None, by=seat_name(seat)))
    if s.stack[-1] is not f:
        return out   # Moving into Another Character resolves (discard, stuns) before the next target moves
    return out + next_keyword_target(s, f, line)


def discard_chosen(s: SenjutsuState, f: Frame, line: dict, seat: int, text: str) -> list[Event]:
    assert f.discards_left is not None  # asked only while a Discard X is resolving
    f.discards_left -= 1
    out = harm.discard_card(s, seat, text.split()[1])
    return out + next_keyword_target(s, f, line)


def line_search(s: SenjutsuState, f: Frame, line: dict) -> list[Event]:
    """Search: look through the deck (or its top cards), take one card into the hand, then shuffle the deck."""
    seat = f.seat
    d = s.duellists[seat]
    top = line["search"].get("top")
    pool = d.deck[:top] if top else d.deck
    opts = ["search none"] + [f"search {c}" for c in sorted(set(pool))]
    if len(opts) == 1:
        return search_chosen(s, f, line, seat, "search none")
    s.pending = {"seat": seat, "kind": "search", "options": opts, "rule": "Search", "depth": resolution.depth(s, f)}
    return []


def search_chosen(s: SenjutsuState, f: Frame, line: dict, seat: int, text: str) -> list[Event]:
    d = s.duellists[seat]
    cid = text.split()[1]
    out = [event("search", seat=seat_name(seat))]
    if cid != "none":
        d.deck.remove(cid)
        d.hand.append(cid)
        out.append(event("searched", {seat}, seat=seat_name(seat), card=cid))
    s.rng.shuffle(d.deck)
    resolution.advance_line(f)
    return out
