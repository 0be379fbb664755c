"""The turn: its stages in order (Turn Structure in Detail; Turn Timing Sequence), as one table the duel walks.

A turn is: the timing lines and Instant windows of 'start of turn' and 'pre-draw' (Turn Timing Sequence 1-2), the
Draw (3), 'post-draw' (4), Choose (simultaneous), Reveal with its sub-steps (alternative speeds, Instant
Replacement, variable speeds, Instant cards after the reveal), the resolution order (Resolve; Multiplayer: Tied
Initiative Speed), Resolve, and Discard (``end_of_turn``). Each stage of ``TURN`` has an ``enter`` step, run once
when the duel reaches it, and a ``run`` step, run until it reports the stage done; then the next stage is entered.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

from daimyo.core.errors import reason
from daimyo.core.game import Event
from daimyo.senjutsu import end_of_turn, harm, resolution, setup
from daimyo.senjutsu.cards import INSTANT_TIMINGS
from daimyo.senjutsu.records import CHOOSE, DECIDE, OVER, PLACE, PREPARE, STATUS_CARDS, TERRAIN_PHASE, Frame, Played, Segment, event, seat_name

if TYPE_CHECKING:
    from daimyo.senjutsu.state import SenjutsuState


# --- Turn Timing Sequence 1-4: timing lines and Instant windows, and the Draw
def begin_turn(s: SenjutsuState) -> list[Event]:
    """Turn Timing Sequence: a new turn begins with its steps 1-4 (start of turn, pre-draw, draw, post-draw)."""
    s.turn += 1
    s.moment += 1
    s.played, s.chosen, s.blocks, s.segments, s.stack = {}, {}, [], [], []
    s.instants_used = set()
    s.end_of_turn_pushed = False
    s.phase = DECIDE
    s.timing_lines_pushed = False
    return [event("turn", turn=s.turn)]


def open_timing(s: SenjutsuState) -> list[Event]:
    s.timing_lines_pushed = False
    return []


def timing_window(s: SenjutsuState) -> tuple[list[Event], bool]:
    """Turn Timing Sequence 1, 2 and 4 (and Revealing Cards 6-7): the timing lines of the card each character
    played last turn and the Instant cards playable then, top of the advantage tracker first."""
    if not s.timing_lines_pushed:
        s.timing_lines_pushed = True
        push_timing(s, s.stage)
    out = run_stack(s)
    return out, not s.pending and s.phase != OVER


def push_timing(s: SenjutsuState, when: str) -> None:
    """Per seat, top of the tracker first: its timing lines, then its Instant card window (frames are pushed in
    reverse, as the stack resolves last-pushed first)."""
    for seat in s.advantage[::-1]:
        if s.duellists[seat].defeated:
            continue
        if when in INSTANT_TIMINGS:
            s.stack.append(Frame(seat, None, [{"_plain": when}], 0, own=False))
        for holder, cid in reversed(s.hooks):
            if holder != seat:
                continue
            lines = [{k: v for k, v in ln.items() if k != "when"} for ln in s.card(cid).lines if ln.get("when") == when]
            if lines:
                s.stack.append(Frame(seat, cid, lines, 0, own=False))


def run_stack(s: SenjutsuState) -> list[Event]:
    out = []
    while s.stack and not s.pending and s.phase != OVER:
        out += resolution.step_frame(s)
    return out


def draw_step(s: SenjutsuState) -> tuple[list[Event], bool]:
    """Turn Timing 3 (Draw): bleeding mill, then draw (an empty deck deals a wound); defeats settle together."""
    out = []
    for i in s.advantage[::-1]:
        d = s.duellists[i]
        if d.defeated:
            continue
        if d.bleeding and d.deck:   # Bleeding Wound: mill the top card face-down at the start of the draw step
            d.discard.append((d.deck.pop(0), True))
            out.append(event("bleed-mill", seat=seat_name(i)))
        s.defeats_deferred = True   # everyone draws at once: defeats are settled together
        out += draw(s, i)
    s.defeats_deferred = False
    out += harm.settle(s)
    return out, True


def draw(s: SenjutsuState, seat: int, count: int = 1) -> list[Event]:
    d = s.duellists[seat]
    out = []
    for _ in range(count):
        if d.deck:
            c = d.deck.pop(0)
            d.hand.append(c)
            out += [event("draw", seat=seat_name(seat)), event("drew", {seat}, seat=seat_name(seat), card=c)]
        else:   # Draw: an empty deck deals a wound instead
            out += harm.harm(s, seat, "wound", "empty deck")
    return out


# --- Choose and Reveal
def begin_choose(s: SenjutsuState) -> list[Event]:
    s.phase = CHOOSE
    s.hooks = []
    return []


def choose_options(s: SenjutsuState, seat: int) -> list[str]:
    """Choose: a card in hand whose focus cost can be paid and whose Kamae requirement is met; or a stun."""
    d = s.duellists[seat]
    out = []
    for cid in sorted(set(d.hand)):
        c = s.card(cid)
        if c.instant in ("additional", "instant") or c.focus > d.focus or (c.kamae and c.kamae != d.kamae):
            continue
        out.append(f"play {cid}")
    if d.stuns:
        out.append("play stun")
    if s.poison_holder == seat:
        out.append("play poison")
    return out


def why_not_chosen(s: SenjutsuState, seat: int, cid: str, rule: str = "") -> tuple[str, str | None, str, dict]:
    """Why card ``cid`` cannot be chosen, as a reason (message, rule, code, params: daimyo.core.errors.reason)."""
    d = s.duellists[seat]
    if cid not in s.card_set.cards:
        return reason("sj.not_a_card", "'{card}' is not a card", rule, card=cid)
    if cid not in d.hand:
        return reason("sj.not_in_hand", "'{card}' is not in {seat}'s hand", rule, card=cid, seat=seat_name(seat))
    c = s.card_set.cards[cid]
    if c.instant == "additional":
        return reason("sj.instant_additional", "{card} is an instant additional card and cannot be chosen", rule, card=c.name)
    if c.instant == "instant":
        return reason("sj.instant_card", "{card} is an Instant card, played only {play} (Instant Cards), never chosen", rule, card=c.name,
                      play=c.play)
    if c.focus > d.focus:
        return reason("sj.costs_focus", "{card} costs {n} focus", rule, card=c.name, n=c.focus)
    if c.kamae and c.kamae != d.kamae:
        return reason("sj.needs_kamae", "{card} needs the {kamae} Kamae", rule, card=c.name, kamae=c.kamae)
    return reason("sj.not_legal_play", "'play {card}' is not a legal action now (expected a {phase} action)", rule, card=cid, phase=s.phase)


def choose(s: SenjutsuState, seat: int, text: str) -> list[Event]:
    s.chosen[seat] = text[5:]
    return [event("chosen", seat=seat_name(seat)), event("chosen-card", {seat}, seat=seat_name(seat), card=text[5:])]


def reveal(s: SenjutsuState) -> tuple[list[Event], bool]:
    """Reveal: cards turn face-up together; focus is paid; stuns and poison go back to the supply."""
    for i, cid in sorted(s.chosen.items()):
        d = s.duellists[i]
        entry = Played(card=cid, initiative=0, lowest=0, split_initiative=None, chosen_initiative=None, stopped=False,
                       instant=i in s.instants_used, alt=False, paid=0, cancelled=None, extra=[])
        if cid == "stun":
            d.stuns -= 1
        elif cid == "poison":
            s.poison_holder = None
        else:
            d.hand.remove(cid)
            c = s.card(cid)
            d.focus -= c.focus
            entry["paid"] = c.focus
            if c.alt and "kamae" in c.alt and d.kamae == c.alt["kamae"]:
                entry["alt"] = True   # Kamae alternative speeds are mandatory
        s.played[i] = entry
    s.chosen = {}
    s.phase = DECIDE
    return [event("reveal", cards={seat_name(i): e["card"] for i, e in sorted(s.played.items())})], True


def queue_revealed(s: SenjutsuState) -> list[Event]:
    s.reveal_queue = [i for i in s.advantage[::-1] if i in s.played]
    return []


def reveal_decisions(s: SenjutsuState) -> tuple[list[Event], bool]:
    """Reveal sub-steps (alternative speed, Instant Replacement, variable speed): each seat, bottom of the tracker
    first, is asked when it has a choice."""
    out: list[Event] = []
    while s.reveal_queue:
        i = s.reveal_queue.pop(0)
        opts = reveal_options(s, i)
        if len(opts) > 1:
            s.pending = {"seat": i, "kind": s.stage, "options": opts, "rule": "Reveal", "depth": None}
            return out, False
        if opts:
            out += resolution.decided(s, i, s.stage, None, opts[0])
    return out, True


def reveal_options(s: SenjutsuState, i: int) -> list[str]:
    e = s.played[i]
    d = s.duellists[i]
    if e["card"] in STATUS_CARDS:
        return []
    c = s.card(e["card"])
    if s.stage == "alt":
        if c.alt and "focus" in c.alt and d.focus >= c.alt["focus"]:
            return ["speed alt", "speed normal"]
        return []
    if s.stage == "replace":
        # Instant Replacement: a different type, never replacing a core card, focus refunded first
        if c.core:
            return []
        if e["instant"] or i in s.instants_used:
            return []   # Instant Cards: a single Instant Ability Card a turn
        budget = d.focus + e["paid"]
        reps = sorted({x for x in d.hand if s.card(x).instant == "replacement" and s.card(x).type != c.type
                       and s.card(x).focus <= budget and (not s.card(x).kamae or s.card(x).kamae == d.kamae)})
        return ["replace no"] + [f"replace {x}" for x in reps] if reps else []
    hi, lo = speeds(s, i)
    if c.variable and not e["alt"]:
        return [f"initiative {v}" for v in range(hi, lo - 1, -1)]
    return []


def speed_chosen(s: SenjutsuState, seat: int, text: str) -> list[Event]:
    e = s.played[seat]
    alternative = text == "speed alt"
    if alternative:
        alt = s.card(e["card"]).alt
        assert alt is not None  # 'speed alt' is offered only for a card with an alternative speed
        e["alt"] = True
        s.duellists[seat].focus -= alt["focus"]
        e["paid"] += alt["focus"]
    return [event("speed", seat=seat_name(seat), alternative=alternative)]


def replacement_chosen(s: SenjutsuState, seat: int, text: str) -> list[Event]:
    cid = text.partition(" ")[2]
    if cid == "no":
        return []
    e = s.played[seat]
    d = s.duellists[seat]
    old = e["card"]
    d.discard.append((old, False))
    d.focus += e["paid"]
    d.hand.remove(cid)
    new = s.card(cid)
    d.focus -= new.focus
    s.instants_used.add(seat)
    e.update({"card": cid, "paid": new.focus, "instant": True, "alt": bool(new.alt and "kamae" in new.alt and d.kamae == new.alt["kamae"])})
    return [event("replaced", seat=seat_name(seat), old=old, card=cid)]


def initiative_chosen(s: SenjutsuState, seat: int, text: str) -> list[Event]:
    value = int(text.partition(" ")[2])
    s.played[seat]["chosen_initiative"] = value
    return [event("initiative", seat=seat_name(seat), initiative=value)]


def hobbled(s: SenjutsuState, v: int, seat: int) -> int:
    """Hobble: minus one per active hobble, to a minimum of one. A hobble gained this turn has made no quarter turn
    yet and does not touch the card played this turn, even one gained before the reveal (a start-of-turn line)."""
    return max(1, v - sum(1 for h in s.duellists[seat].hobbles if h > 0)) if v > 0 else v


def speeds(s: SenjutsuState, i: int) -> tuple[int, int]:
    e = s.played[i]
    c = s.card(e["card"])
    if e["alt"]:
        assert c.alt is not None  # only a card with an alternative speed resolves at it
        v = hobbled(s, c.alt["initiative"], i)
        return v, v
    return hobbled(s, c.initiative[0], i), hobbled(s, c.initiative[1], i)


def fix_initiatives(s: SenjutsuState) -> list[Event]:
    """After the reveal sub-steps every played card's speeds are settled; then the 'after reveal' window opens."""
    for i, e in s.played.items():
        if e["card"] in STATUS_CARDS:
            e["initiative"] = e["lowest"] = 0
            continue
        c = s.card(e["card"])
        hi, lo = speeds(s, i)
        e["initiative"] = hi if e["chosen_initiative"] is None else e["chosen_initiative"]
        e["lowest"] = lo
        if c.split:
            e["split_initiative"] = hobbled(s, c.split["initiative"], i)
    return open_timing(s)


# --- Resolve: the order of the played cards, then each in turn
def order_segments(s: SenjutsuState) -> tuple[list[Event], bool]:
    """Resolve: highest initiative first; ties by type (defence, attack, meditation, core), then the
    character highest on the advantage tracker chooses where their card goes, then the next (Multiplayer)."""
    if not s.segments:
        raw = []
        for i, e in s.played.items():
            cid = e["card"]
            if cid in STATUS_CARDS:
                raw.append(Segment(i, 0, 5, 0, 0))
                continue
            c = s.card(cid)
            end = c.split["line"] if c.split else len(c.lines)
            raw.append(Segment(i, e["initiative"], c.tie_rank(), 0, end))
            if c.split:
                assert e["split_initiative"] is not None  # set at Reveal for a split card
                raw.append(Segment(i, e["split_initiative"], c.tie_rank(), end, len(c.lines)))
        raw.sort(key=lambda g: (-g.initiative, g.tie_rank, s.advantage.index(g.seat)))
        s.segments = raw
        s.segments_fixed = 0
        s.tie_places = {}
    segs = s.segments
    while s.segments_fixed < len(segs):
        group = tie_group(s)
        if len(group) == 1:
            s.segments_fixed += 1
            continue
        placed = s.tie_places
        waiting = [g for g in group if g not in placed.values()]
        free = [x for x in range(len(group)) if x not in placed]
        if len(waiting) == 1:
            placed[free[0]] = waiting[0]
            segs[s.segments_fixed:s.segments_fixed + len(group)] = [placed[x] for x in range(len(group))]
            s.segments_fixed += len(group)
            s.tie_places = {}
            continue
        chooser = min({g.seat for g in waiting}, key=s.advantage.index)
        s.pending = {"seat": chooser, "kind": "order", "rule": "Resolve; Multiplayer: Tied Initiative Speed",
                     "options": [f"order {x + 1}" for x in free], "depth": None}
        return [], False
    return [event("order", segments=[[seat_name(g.seat), g.initiative] for g in segs])], True


def tie_group(s: SenjutsuState) -> list[Segment]:
    segs, k = s.segments, s.segments_fixed
    group = [g for g in segs[k:] if (g.initiative, g.tie_rank) == (segs[k].initiative, segs[k].tie_rank)]
    return group if len({g.seat for g in group}) == len(group) else group[:1]


def place_chosen(s: SenjutsuState, seat: int, text: str) -> list[Event]:
    place = int(text.partition(" ")[2])
    mine = next(g for g in tie_group(s) if g.seat == seat and g not in s.tie_places.values())
    s.tie_places[place - 1] = mine
    return [event("order-chosen", seat=seat_name(seat), place=place)]


def begin_resolve(s: SenjutsuState) -> list[Event]:
    s.segment_index = 0
    return []


def resolve(s: SenjutsuState) -> tuple[list[Event], bool]:
    """Resolve each part of each played card in order; then the played cards are discarded and the 'end of
    turn' lines resolve (Discard)."""
    out = []
    while not s.pending and s.phase != OVER:
        if s.stack:
            out += resolution.step_frame(s)
            continue
        if s.segment_index >= len(s.segments):
            if not s.end_of_turn_pushed:
                s.end_of_turn_pushed = True
                end_of_turn.discard_played(s)
                end_of_turn.push_end_of_turn_lines(s)
                continue
            return out, True
        seat, initiative, _rank, start, end = s.segments[s.segment_index]
        s.segment_index += 1
        e = s.played[seat]
        if s.duellists[seat].defeated or e["stopped"] or e["card"] in STATUS_CARDS or e["cancelled"] == "card":
            continue
        c = s.card(e["card"])
        out.append(event("resolve", seat=seat_name(seat), card=c.id, initiative=initiative))
        frame = Frame(seat, c.id, [ln for ln in c.lines[start:end] if "when" not in ln], initiative, own=True)
        frame.offer_instant = end == len(c.lines)
        s.stack.append(frame)
    return out, False


# --- the turn, as a table
class Stage(NamedTuple):
    name: str
    enter: Callable            # run once when the duel reaches the stage; returns events
    run: Callable              # returns (events, done)


def _nothing(s: SenjutsuState) -> list[Event]:
    return []


TURN = (
    Stage("start-of-turn", begin_turn, timing_window),        # Turn Timing Sequence 1
    Stage("pre-draw", open_timing, timing_window),            # 2
    Stage("draw", _nothing, draw_step),                       # 3: Draw
    Stage("post-draw", open_timing, timing_window),           # 4
    Stage("choose", begin_choose, reveal),                    # Choose (simultaneous), then Reveal
    Stage("alt", queue_revealed, reveal_decisions),           # Reveal: alternative speeds
    Stage("replace", queue_revealed, reveal_decisions),       # Instant Replacement Cards
    Stage("variable", queue_revealed, reveal_decisions),      # variable speeds
    Stage("after-reveal", fix_initiatives, timing_window),    # Instant cards after the reveal (Revealing Cards 6-7)
    Stage("order", _nothing, order_segments),                 # Resolve: the order; Multiplayer: Tied Initiative Speed
    Stage("resolve", begin_resolve, resolve),                 # Resolve
    Stage("end", end_of_turn.begin, end_of_turn.run),         # Discard
)
STAGES = {stage.name: stage for stage in TURN}
NEXT = {stage.name: TURN[(k + 1) % len(TURN)] for k, stage in enumerate(TURN)}   # after Discard, a new turn


def enter(s: SenjutsuState, stage: Stage) -> list[Event]:
    s.stage = stage.name
    return stage.enter(s)


def advance(s: SenjutsuState) -> list[Event]:
    """Run the duel on until someone must decide: the setup steps, then the stages of each turn in order."""
    out: list[Event] = []
    while s.phase != OVER and not s.pending:
        if s.phase in (TERRAIN_PHASE, PREPARE, PLACE):
            events, ready = setup.advance(s)
            out += events
            if not ready:
                return out
            out += enter(s, TURN[0])
            continue
        if s.phase == CHOOSE and len(s.chosen) < len(s.live()):
            return out
        events, done = STAGES[s.stage].run(s)
        out += events
        if done and s.phase != OVER:
            out += enter(s, NEXT[s.stage])
    return out

