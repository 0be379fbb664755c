"""Attacking, Blocking and Countering, with Range, Line of Sight and Comparative Initiative Attacks."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from daimyo.core.game import Event
from daimyo.senjutsu import harm, instants, resolution
from daimyo.senjutsu.hexgrid import all_shortest_paths_cross, cell_hex, hex_text
from daimyo.senjutsu.records import WOUNDING, Block, Frame, event, seat_name
from daimyo.senjutsu.targeting import grid_hexes, ranged_targets

if TYPE_CHECKING:
    from daimyo.senjutsu.state import SenjutsuState


def line_attack(s: SenjutsuState, f: Frame, line: dict) -> list[Event]:
    seat = f.seat
    if "grid" in line["attack"]:
        return grid_attack(s, f, line)
    opts = [f"target {seat_name(j)}" for j in ranged_targets(s, seat, line, f.initiative)]
    if not opts:   # no target: the attack is unsuccessful
        f.attacked, f.success, f.targets = True, False, []
        resolution.advance_line(f)
        return [event("attack", seat=seat_name(seat), targets=[], successful=False)]
    return resolution.ask(s, f, seat, "target", opts, "Range; Comparative Initiative Attacks")


def target_chosen(s: SenjutsuState, f: Frame, line: dict, seat: int, text: str) -> list[Event]:
    j = int(text.split()[1][1:]) - 1
    f.attacked, f.success, f.targets = True, True, [j]
    resolution.advance_line(f)
    out = [event("attack", seat=seat_name(seat), targets=[seat_name(j)], successful=True)]
    return out + apply_cell(s, f, seat, j, line["attack"]["effects"])


def apply_cell(s: SenjutsuState, f: Frame, seat: int, j: int, effects: Sequence[str]) -> list[Event]:
    """The effects of an attack cell on the character ``j`` in it; an asterisk resolves the card's asterisk lines."""
    out = []
    s.moment += 1
    for eff in effects:
        if eff == "target":
            continue
        if eff == "asterisk":
            card = s.card(f.card) if f.card else None
            if card and card.asterisk:
                s.stack.append(Frame(seat, card.id, list(card.asterisk), f.initiative, own=False, targets=[j], success=True))
            continue
        out += harm.harm(s, j, eff, "attack", source=seat)
    return out


def blocked(s: SenjutsuState, attacker: int, target: int, initiative: int) -> int | None:
    """Blocking: the seat whose block stops this attack on ``target``, or None.

    A block at the same initiative stops an attack from a block hex, or one whose every tied shortest path
    to the blocker passes a block hex or terrain; in multiplayer a block hex covering another character
    protects that character too."""
    a = s.duellists[attacker].placed_at
    for b in s.blocks:
        if b.initiative != initiative or s.duellists[b.seat].defeated:
            continue
        bd = s.duellists[b.seat]
        cells = {cell_hex(bd.placed_at, bd.facing, c) for c in b.cells}
        if b.seat == target:
            if a in cells or all_shortest_paths_cross(a, bd.placed_at, s.board, cells | set(s.terrain)):
                return b.seat
        elif s.duellists[target].pos in cells:
            return b.seat
    return None


def grid_attack(s: SenjutsuState, f: Frame, line: dict) -> list[Event]:
    """Attacking: every character in a grid hex is targeted; the attack succeeds against each that did not block."""
    seat = f.seat
    cells = grid_hexes(s, seat, line)
    targeted = [(j, h, effs) for h, effs in cells.items() if (j := s.occupant(h)) is not None and j != seat]
    if f.attacked_window_line != f.line:
        # Attack Timing Sequence 1-3: once the attack's hexes cover a character, before the block check, each
        # targeted character (top of the tracker first) may play a 'when attacked' Instant card; then the attack
        # is checked again from step 1 (a character who moved away is no longer targeted)
        f.attacked_window_line = f.line
        windows = [j for j in sorted({j for j, _, _ in targeted}, key=s.advantage.index, reverse=True)
                   if instants.may_play_instant(s, j) and instants.owns_instant(s, j, "when-attacked")]
        for j in windows:
            s.stack.append(Frame(j, None, [{"_plain": "when-attacked"}], f.initiative, own=False))
        if windows:
            return [event("attacking", seat=seat_name(seat), targets=[seat_name(j) for j, _, _ in targeted])]
    hit, blocked_by = [], []
    blockable = f.card is not None and s.card(f.card).type == "attack"   # only attack cards can be blocked
    for j, _h, effs in targeted:
        b = blocked(s, seat, j, f.initiative) if blockable else None
        if b is None:
            hit.append((j, effs))
        else:
            blocked_by.append((b, j))
    f.attacked, f.success, f.targets = True, bool(hit), [j for j, _ in hit]
    resolution.advance_line(f)
    out = [event("attack", seat=seat_name(seat), targets=[seat_name(j) for j, _, _ in targeted],
                 successful=bool(hit), blocked=[seat_name(j) for _, j in blocked_by])]
    # Bamboo: an attack dealing a wound to its hex removes it
    for h, effs in cells.items():
        if s.terrain.get(h) == "bamboo" and any(e in WOUNDING for e in effs):
            del s.terrain[h]
            out.append(event("terrain-removed", hex=hex_text(h), terrain="bamboo"))
    # frames run last-pushed first: block timing, then asterisk effects, then the attacker's instant, then the card goes on
    if hit and f.own:
        s.stack.append(Frame(seat, None, [{"_instant": "attack-successful"}], f.initiative))
    for j, effs in hit:
        out += apply_cell(s, f, seat, j, effs)
    for b in sorted({b for b, _ in blocked_by}, key=s.advantage.index, reverse=True):
        blk = next(x for x in s.blocks if x.seat == b and x.initiative == f.initiative)
        if blk.card:
            s.stack.append(Frame(b, None, [{"_instant": "block-successful"}], f.initiative))
        if blk.after:
            s.stack.append(Frame(b, blk.card, list(blk.after), f.initiative, own=False, targets=[seat], success=True))
        if f.initiative in blk.counter:
            s.stack.append(Frame(b, None, [{"_counter": seat}], f.initiative, own=False))
    return out


def line_block(s: SenjutsuState, f: Frame, line: dict) -> list[Event]:
    """Blocking: the block holds against attacks at this same initiative; its 'If Successful' lines wait."""
    seat = f.seat
    after = []
    for nxt in f.lines[f.line + 1:]:
        if nxt.get("if") != "successful":
            break
        after.append(nxt)
    s.blocks.append(Block(seat, f.initiative, list(line["block"]), list(line.get("counter", [])),
                          f.card if f.card and s.card(f.card).type == "defence" else None, after))
    f.attacked, f.success, f.targets = True, False, []   # its 'If Successful' lines wait for a blocked attack
    resolution.advance_line(f)
    return [event("block", seat=seat_name(seat), initiative=f.initiative, cells=list(line["block"]))]


def line_counter(s: SenjutsuState, f: Frame, line: dict) -> list[Event]:
    """Countering: a blocked attack at a countered speed: the defender may discard a card; the attacker takes a wound."""
    seat = f.seat
    opts = ["counter no"] + [f"counter {c}" for c in s.discardable(seat)]
    return resolution.ask(s, f, seat, "_counter", opts if len(opts) > 1 else [], "Countering")


def counter_chosen(s: SenjutsuState, f: Frame, line: dict, seat: int, text: str) -> list[Event]:
    resolution.advance_line(f)
    if text == "counter no":
        return []
    out = harm.discard_card(s, seat, text.split()[1])
    return out + harm.harm(s, line["_counter"], "wound", "counter", source=seat)
