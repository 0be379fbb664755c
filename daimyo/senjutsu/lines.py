"""The tables of :mod:`daimyo.senjutsu.resolution`, filled with the handlers of each section's rules module and
checked: every kind of card line in the card format (``cards.LINE_EFFECTS``) and every engine line has a handler.

The state (:mod:`daimyo.senjutsu.state`) imports this module, so the tables are full before any duel is played;
the rules modules import ``resolution`` for its ``ask`` and ``advance_line``, and this module, above them all,
imports them, so that no rules module imports another in a cycle.
"""

from __future__ import annotations

from daimyo.senjutsu import attacks, end_of_turn, instants, kamae, keywords, movement, resolution, turn
from daimyo.senjutsu.cards import LINE_EFFECTS

# kind of line -> handler(state, frame, line); the kinds starting with "_" are lines the engine puts on the stack
resolution.LINE_HANDLERS.update({
    "move": movement.line_move,
    "attack": attacks.line_attack,
    "block": attacks.line_block,
    "push": keywords.line_targeted,
    "pull": keywords.line_targeted,
    "rotate_target": keywords.line_targeted,
    "discard": keywords.line_targeted,
    "swap": keywords.line_targeted,
    "cancel_active": keywords.line_targeted,
    "search": keywords.line_search,
    "advantage": keywords.line_advantage,
    "gain_focus": kamae.line_gain_focus,
    "draw": kamae.line_draw,
    "change": kamae.line_change,
    "switch": kamae.line_switch,
    "_bump": movement.line_bump,          # Moving into Another Character: discard, then both are stunned
    "_counter": attacks.line_counter,     # Countering
    "_instant": instants.line_additional,  # an Instant Additional window
    "_plain": instants.line_instant,      # an Instant card window
})

# kind of question about a line -> handler(state, frame, line, seat, answer)
resolution.DECISIONS.update({
    "change": kamae.change_chosen,
    "switch": kamae.switch_chosen,
    "move": movement.plan_chosen,
    "_bump": movement.bump_discard_chosen,
    "target": attacks.target_chosen,
    "_counter": attacks.counter_chosen,
    "_instant": instants.additional_chosen,
    "_plain": instants.instant_chosen,
    "pick": keywords.target_picked,
    "rotate_target": keywords.rotation_chosen,
    "shove": keywords.shove_chosen,
    "kwdiscard": keywords.discard_chosen,
    "search": keywords.search_chosen,
})

# kind of line -> whether Commit to Hit makes its optional focus cost mandatory
resolution.COMMIT_TO_HIT.update({"move": movement.focus_lets_target})

# kind of question asked by a stage of the turn -> handler(state, seat, answer)
resolution.STAGE_DECISIONS.update({
    "alt": turn.speed_chosen,
    "replace": turn.replacement_chosen,
    "variable": turn.initiative_chosen,
    "order": turn.place_chosen,
    "enddiscard": end_of_turn.discard_chosen,
})

_missing = (set(LINE_EFFECTS) | set(resolution.ENGINE_LINES)) ^ set(resolution.LINE_HANDLERS)
if _missing:
    raise ImportError(f"Senjutsu line kinds without a handler, or handlers for no kind: {sorted(_missing)}")
