"""Discard (the end of the turn): played cards to the discard pile, 'end of turn' lines, hobbles turn, the poison
bites, the hand limit; and which lines of the played cards fire next turn (Turn Timing Sequence)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from daimyo.core.game import Event
from daimyo.senjutsu import harm
from daimyo.senjutsu.records import HOBBLE_TURNS, STATUS_CARDS, Frame

if TYPE_CHECKING:
    from daimyo.senjutsu.state import SenjutsuState

HOOK_TIMINGS = ("start-of-turn", "pre-draw", "post-draw")   # timing lines of a played card that fire next turn


def discard_played(s: SenjutsuState) -> None:
    """Discard, first paragraph: a played core card returns to the hand, any other goes face-up to the
    discard pile (before the 'end of turn' effects resolve)."""
    for i, e in sorted(s.played.items()):
        d = s.duellists[i]
        for cid in [e["card"]] + e["extra"]:
            if cid in STATUS_CARDS or d.defeated:
                continue
            if s.card(cid).core:
                d.hand.append(cid)
            else:
                d.discard.append((cid, False))


def push_end_of_turn_lines(s: SenjutsuState) -> None:
    """Discard: 'end of turn' lines of the played cards resolve after every card, top of the tracker first
    (a card stopped by a collision does not get them)."""
    for seat in s.advantage[::-1]:     # pushed bottom first, so the top resolves first
        if s.duellists[seat].defeated:
            continue
        s.stack.append(Frame(seat, None, [{"_plain": "end-of-turn"}], 0, own=False))   # then its Instant window
        e = s.played.get(seat)
        if not e or e["card"] in STATUS_CARDS or e["stopped"] or e["cancelled"] == "card":
            continue
        lines = [{k: v for k, v in ln.items() if k != "when"} for ln in s.card(e["card"]).lines if ln.get("when") == "end-of-turn"]
        if lines:
            s.stack.append(Frame(seat, e["card"], lines, 0, own=True))


def begin(s: SenjutsuState) -> list[Event]:
    """After the played cards went to the discard pile and the 'end of turn' effects resolved: hobbles turn, and
    the poison and the hand limit are queued."""
    # Turn Timing Sequence: the active card's start-of-turn, pre-draw and post-draw lines fire next turn
    # (not for a card stopped by a collision or cancelled, nor for a defeated character)
    s.hooks = [(i, e["card"]) for i, e in sorted(s.played.items())
               if e["card"] not in STATUS_CARDS and not e["stopped"] and e["cancelled"] != "card"
               and not s.duellists[i].defeated and any(ln.get("when") in HOOK_TIMINGS for ln in s.card(e["card"]).lines)]
    for i in s.live():
        d = s.duellists[i]
        d.hobbles = [h + 1 for h in d.hobbles if h + 1 < HOBBLE_TURNS]
    s.end_queue = []
    if s.poison_holder is not None and not s.duellists[s.poison_holder].defeated:
        s.end_queue.append(("poison", s.poison_holder))
    s.end_queue += [("limit", i) for i in s.advantage[::-1] if not s.duellists[i].defeated]
    return []


def run(s: SenjutsuState) -> tuple[list[Event], bool]:
    """Poison: its holder discards a card; then each character discards down to the hand limit; then defeats settle."""
    out = []
    while s.end_queue:
        what, i = s.end_queue[0]
        opts = [f"discard {c}" for c in s.discardable(i)]
        need = (what == "poison" and opts and not s.poison_discarded) or \
               (what == "limit" and opts and s.hand_count(i) > s.character(i).hand_limit)
        if not need:
            s.end_queue.pop(0)
            s.poison_discarded = False
            continue
        if len(opts) == 1:
            out += discard_chosen(s, i, opts[0])
            continue
        s.pending = {"seat": i, "kind": "enddiscard", "options": opts, "rule": "Discard (hand limit); Poison", "depth": None}
        return out, False
    out += harm.settle(s)
    return out, True


def discard_chosen(s: SenjutsuState, seat: int, text: str) -> list[Event]:
    out = harm.discard_card(s, seat, text.split()[1])
    if s.end_queue and s.end_queue[0][0] == "poison":
        s.poison_discarded = True
    return out
