"""Hand-written duel positions with a test deck of single-purpose cards, and a helper to play a turn."""

from __future__ import annotations

import json

from daimyo.core.game import Action
from daimyo.senjutsu.cards import load_data, sample_set
from daimyo.senjutsu.position import from_position


def _c(id, type, init, lines, **kw):
    return {"id": id, "name": id, "type": type, "rank": "wood", "initiative": init, "lines": lines, **kw}


def _atk(grid, init=5, **kw):
    return {"attack": {"grid": grid}}


MOVE_TURN_STEP = {"move": [{"rotate": 1}, {"step": "forward"}], "mandatory": True}
TEST_CARDS = [
    _c("t-turn-step", "meditation", 5, [MOVE_TURN_STEP, {"gain_focus": 1}]),
    _c("t-then", "meditation", 5, [{"move": [{"step": "forward"}, {"rotate": 1}], "mandatory": True, "then": True}]),
    _c("t-charge", "meditation", 5, [{"move": [{"step": "forward", "n": 2}], "mandatory": True}, {"gain_focus": 1}]),
    _c("t-walk2", "meditation", 5, [{"move": [{"step": "front", "n": 2}]}]),
    _c("t-lunge-any", "attack", 5, [{"move": [{"step": "any"}]}, _atk({"F": ["wound"]})]),
    _c("t-reach7", "attack", 7, [_atk({"F+F": ["wound"]})]),
    _c("t-atk5", "attack", 5, [_atk({"F": ["wound"]})]),
    _c("t-atk3", "attack", 3, [_atk({"F": ["wound"]})]),
    _c("t-def5", "defence", 5, [{"block": ["F"]}]),
    _c("t-med5", "meditation", 5, [{"gain_focus": 1}]),
    _c("t-guard", "defence", [7, 3], [{"block": ["F", "FL", "FR"]}, {"if": "successful", "gain_focus": 1}]),
    _c("t-counter", "defence", [7, 3], [{"block": ["F"], "counter": [5, 6, 7]}]),
    _c("t-ranged", "attack", 5, [{"attack": {"range": 3, "effects": ["wound"]}}]),
    _c("t-lower", "attack", 6, [{"attack": {"lower": True, "range": 3, "effects": ["wound"]}}]),
    _c("t-split", "attack", 8, [_atk({"F": ["wound"]}), {"gain_focus": 1}], split={"initiative": 2, "line": 1}),
    _c("t-bleed", "attack", 5, [_atk({"F": ["bleeding"]})]),
    _c("t-exec", "attack", 5, [_atk({"F": ["execution"]})]),
    _c("t-hobble", "attack", 9, [_atk({"F": ["hobble"]})]),
    _c("t-stun", "attack", 5, [_atk({"F": ["stun"]})]),
    _c("t-poison", "attack", 5, [_atk({"F": ["poison"]})]),
    _c("t-adv", "attack", 5, [_atk({"F": ["advantage"]})]),
    _c("t-wound2", "attack", 5, [_atk({"F": ["wound2"]})]),
    _c("t-push2", "attack", 5, [_atk({"F": ["target"]}), {"if": "successful", "push": 2}]),
    _c("t-pull1", "attack", 5, [_atk({"F+F": ["target"]}), {"if": "successful", "pull": 1}]),
    _c("t-rotate", "attack", 5, [_atk({"F": ["target"]}), {"if": "successful", "rotate_target": 1}]),
    _c("t-swap", "attack", 5, [_atk({"F": ["target"]}), {"if": "successful", "swap": True}]),
    _c("t-discard", "attack", 5, [_atk({"F": ["target"]}), {"if": "successful", "discard": 2}]),
    _c("t-star", "attack", 5, [_atk({"F": ["asterisk"]})], asterisk=[{"push": 1}]),
    _c("t-search", "meditation", 5, [{"search": {}}]),
    _c("t-gated", "meditation", 5, [{"kamae": "aggression", "gain_focus": 2}, {"gain_focus": 1}]),
    _c("t-change3", "meditation", 5, [{"change": 3}]),
    _c("t-switch", "meditation", 5, [{"switch": "any"}]),
    _c("t-alt-kamae", "attack", 3, [_atk({"F": ["wound"]})], alt={"initiative": 8, "kamae": "aggression"}),
    _c("t-alt-focus", "attack", 3, [_atk({"F": ["wound"]})], alt={"initiative": 8, "focus": 1}),
    _c("t-replace", "defence", [6, 2], [{"block": ["F"]}], instant="replacement"),
    _c("t-costly", "meditation", 4, [{"gain_focus": 1}], focus=2),
    _c("t-aggro-only", "meditation", 4, [{"gain_focus": 1}], kamae="aggression"),
    _c("t-follow", "attack", 0, [{"discard": 1}], instant="additional", condition="attack-successful"),
    _c("t-eot", "meditation", 6, [{"gain_focus": 1}, {"when": "end-of-turn", "change": 1}]),
    _c("t-or", "meditation", 6, [{"or": [{"kamae": "aggression", "gain_focus": 2}, {"gain_focus": 1}, {"change": 1}]}]),
    _c("t-replace-atk", "attack", 4, [_atk({"F": ["wound"]})], instant="replacement"),
    _c("t-far-pull", "meditation", 6, [{"range": 3, "pull": 1}]),
    _c("t-knight", "attack", 7, [_atk({"F+FR": ["wound"]})]),
    _c("t-opt-focus", "attack", 5, [{"focus": 1, "attack": {"grid": {"F": ["wound"]}}}]),
    # timing lines, plain Instant cards and Cancel Active (tests/senjutsu/test_instants.py)
    _c("t-hooks", "meditation", 5, [{"gain_focus": 1}, {"when": "start-of-turn", "gain_focus": 1}, {"when": "pre-draw", "draw": 1},
                                    {"when": "post-draw", "change": 1}]),
    _c("t-dodge-i", "defence", 0, [{"move": [{"step": "any"}]}], instant="instant", play="when-attacked"),
    _c("t-parry-i", "defence", 0, [{"block": ["F", "FL", "FR"]}], instant="instant", play="when-attacked"),
    _c("t-terror-i", "defence", 0, [{"range": 2, "cancel_active": "card"}], instant="instant", play="when-attacked"),
    _c("t-warcry-i", "meditation", 0, [{"range": 3, "cancel_active": "card"}], instant="instant", play="after-reveal"),
    _c("t-rally-i", "meditation", 0, [{"gain_focus": 1}], instant="instant", play="start-of-turn"),
    _c("t-study-i", "meditation", 0, [{"gain_focus": 1}], instant="instant", play="post-draw", focus=1),
    _c("t-last-i", "meditation", 0, [{"draw": 1}], instant="instant", play="end-of-turn"),
    _c("t-freeze", "attack", 7, [_atk({"F": ["target"]}), {"if": "successful", "cancel_active": "movement"}]),
    _c("t-dread", "attack", 6, [_atk({"F": ["wound"]}), {"if": "successful", "cancel_active": "card"}]),
    _c("t-step-cut", "attack", 5, [{"move": [{"rotate": 1}], "mandatory": True}, _atk({"F": ["wound"]})]),
    # Push X / Pull X off the line of a hex side, and on several targets (tests/senjutsu/test_movement.py)
    _c("t-push-knight", "attack", 5, [_atk({"F+FR": ["target"]}), {"if": "successful", "push": 1}]),
    _c("t-pull-knight", "attack", 5, [_atk({"F+FR": ["target"]}), {"if": "successful", "pull": 1}]),
    _c("t-sweep-push", "attack", 5, [_atk({"F": ["target"], "F+F": ["target"]}), {"if": "successful", "push": 1}]),
    # a hobble dealt at the start of the next turn, before that turn's cards are chosen (tests/senjutsu/test_turn.py)
    # two targeted effects on a card with a range (tests/senjutsu/test_attacks.py)
    _c("t-far-twice", "meditation", 6, [{"range": 3, "rotate_target": 1}, {"range": 3, "discard": 1}]),
    # two movement lines before an attack (Commit to Hit, tests/senjutsu/test_attacks.py)
    _c("t-step-then-turn", "attack", 5, [{"move": [{"step": "forward"}]}, {"move": [{"rotate": 1}]}, _atk({"F": ["wound"]})]),
    _c("t-paid-step", "attack", 5, [{"focus": 1, "move": [{"step": "forward"}]}, _atk({"F": ["wound"]})]),
    _c("t-hook-hobble", "attack", 5, [{"gain_focus": 1}, {"when": "start-of-turn", "attack": {"grid": {"F": ["hobble"]}}}]),
]
TEST_IDS = [c["id"] for c in TEST_CARDS]
FILLER = ["quick-cut", "wide-arc", "still-water", "steady-guard", "centering-breath", "sidestep", "pommel-strike"]


def _deck(ch, weapon):
    counts = {cid: 1 for cid in TEST_IDS[:30]}   # positions may hold any card; the deck only fills "rest"
    k = 0
    while sum(counts.values()) < 40:
        counts[FILLER[k % len(FILLER)]] = counts.get(FILLER[k % len(FILLER)], 0) + 1
        k += 1
    return {"id": f"{ch}-test", "character": ch, "weapon": weapon, "cards": counts}


TEST_SET = load_data([("test-cards.json", json.dumps({
    "format": "senjutsu-cards", "cards": TEST_CARDS,
    "decks": [_deck("kaze", "kaze-katana"), _deck("tetsu", "tetsu-bokken"), _deck("hana", "hana-staff"), _deck("ishi", "ishi-yari")]}))],
    sample_set())


ENGINE = "python"   # the engine position() gives its duel to (set by tests/senjutsu/conftest.py)


def position(*seats, terrain="", advantage="", seed=1, turn=1, extra=""):
    """``seats``: (character line after the name, hand, discard) such as ("kaze hex=0,0 facing=n", "t-atk5", "")."""
    lines = ["format: senjutsu-position", f"seed: {seed}", f"turn: {turn}"]
    if terrain:
        lines.append(f"terrain: {terrain}")
    if advantage:
        lines.append(f"advantage: {advantage}")
    if extra:
        lines.append(extra)
    for i, seat in enumerate(seats, 1):
        char, hand, *rest = seat
        ch_id = char.split()[0]
        lines.append(f"p{i} character: {char} deck={ch_id}-test")
        lines.append(f"p{i} hand: {hand}")
        if rest and rest[0]:
            lines.append(f"p{i} discard: {rest[0]}")
        if len(rest) > 1:
            lines.append(f"p{i} deck: {rest[1]}")
    state = from_position("\n".join(lines) + "\n", TEST_SET)
    if ENGINE == "native":   # the rule tests' second run (tests/senjutsu/conftest.py): the native engine plays it
        from daimyo.senjutsu import native
        return native.NativeSenjutsuState.from_python(state)
    return state


def play_turn(g, cards: dict, answers=(), stop_at_choose=True):
    """Every seat plays its card; scripted answers are used in order where legal, else the first legal option.
    Runs until the next Choose step (or the end of the duel). Returns the events."""
    events = []
    for seat, cid in cards.items():
        events += g.apply(Action(seat, f"play {cid}"))
    answers = list(answers)
    while g.phase not in ("choose", "over"):
        seat = g.to_act()[0]
        legal = g.legal_moves(seat)
        if answers and answers[0] in legal:
            move = answers.pop(0)
        else:
            move = legal[0]
        events += g.apply(Action(seat, move))
    assert not answers, f"unused answers {answers}"
    return events


def kinds(events, kind):
    return [e.data for e in events if e.kind == kind]
