"""Turn Timing Sequence hooks, plain Instant cards and Cancel Active (Instant Cards; Turn Timing Sequence;
Attack Timing Sequence; FAQ: What does "Cancel Active" mean)."""

import json
import re

import pytest

from daimyo.core.errors import FormatError, RuleViolation
from daimyo.core.game import Action
from daimyo.senjutsu.cards import load_data, sample_set
from daimyo.senjutsu.position import from_position, to_position
from tests.senjutsu.helpers import TEST_SET, kinds, play_turn, position

FAR2 = ("tetsu hex=0,-3 facing=s", "t-med5 t-atk5")


def _until_choose(g, answers=()):
    """Answer pending decisions (scripted answers where legal, else the first option) until Choose or the end."""
    answers, events = list(answers), []
    while g.phase not in ("choose", "over"):
        seat = g.to_act()[0]
        legal = g.legal_moves(seat)
        move = answers.pop(0) if answers and answers[0] in legal else legal[0]
        events += g.apply(Action(seat, move))
    assert not answers, f"unused answers {answers}"
    return events


# ------------------------------------------------------------------ timing lines
def test_turn_timing_sequence_hooks_resolve_in_steps_1_2_4():
    """Turn Timing Sequence 1-4: the card played last turn resolves its 'At Start of Turn' line (1), its pre-draw
    line (2) before the draw (3), and its post-draw line (4) after the draw, before Choose."""
    g = position(("kaze hex=0,3 facing=n", "t-hooks"), FAR2)
    ev = play_turn(g, {0: "t-hooks", 1: "t-med5"}, answers=["kamae aggression"])
    start = next(k for k, e in enumerate(ev) if e.kind == "turn")
    seq = [(e.kind, e.data.get("seat")) for e in ev[start:] if e.kind in ("focus", "draw", "kamae")]
    # start of turn: focus; pre-draw: p1 draws one; then everyone draws (bottom of the tracker first); post-draw: Kamae
    assert seq == [("focus", "p1"), ("draw", "p1"), ("draw", "p2"), ("draw", "p1"), ("kamae", "p1")]
    d = g.duellists[0]
    assert d.focus == 2 and d.kamae == "aggression"
    assert len([c for c in d.hand if c not in d.core]) == 2     # t-hooks was played; two cards drawn
    assert g.phase == "choose" and g.hooks == []


def test_timing_lines_wait_for_the_next_turn():
    """Turn Timing Sequence: lines marked for the start of the turn or the draw do not resolve with the card; the
    card's other lines do."""
    g = position(("kaze hex=0,3 facing=n", "t-hooks"), FAR2)
    ev = play_turn(g, {0: "t-hooks", 1: "t-med5"})
    turn_at = next(k for k, e in enumerate(ev) if e.kind == "turn")
    assert [e.data for e in ev[:turn_at] if e.kind == "focus" and e.data["seat"] == "p1"] == [{"seat": "p1", "focus": 1}]
    assert [e for e in ev[:turn_at] if e.kind in ("draw", "kamae")] == []


def test_timing_hooks_in_advantage_order_between_players():
    """Turn Timing Sequence 1, between players: the character highest on the advantage tracker resolves first."""
    g = position(("kaze hex=0,3 facing=n", "t-hooks"), ("tetsu hex=0,-3 facing=s", "t-hooks"), advantage="p2 p1")
    ev = play_turn(g, {0: "t-hooks", 1: "t-hooks"})
    start = next(k for k, e in enumerate(ev) if e.kind == "turn")
    focus = [e.data["seat"] for e in ev[start:] if e.kind == "focus"]
    assert focus == ["p2", "p1"]


def test_cancelled_card_gives_no_timing_lines_next_turn():
    """FAQ Cancel Active: a cancelled card's unresolved effects, its later timing lines included, never resolve."""
    g = position(("kaze hex=0,3 facing=n", "t-hooks"), ("tetsu hex=0,0 facing=s", "t-med5 t-warcry-i"))
    ev = play_turn(g, {0: "t-hooks", 1: "t-med5"}, answers=["instant t-warcry-i"])
    assert kinds(ev, "cancel-active") == [{"seat": "p2", "target": "p1", "cancelled": "card"}]
    assert not [e for e in kinds(ev, "resolve") if e["seat"] == "p1"]
    assert g.duellists[0].focus == 0                                       # neither the card nor its start-of-turn line
    assert len([c for c in g.duellists[0].hand if c not in g.duellists[0].core]) == 1   # only the ordinary draw


# ------------------------------------------------------------------ plain Instant cards
def test_instant_card_cannot_be_chosen():
    """Instant Cards: played outside the normal sequence at the time the card names, never chosen at Choose."""
    g = position(("kaze hex=0,3 facing=n", "t-rally-i t-med5"), FAR2)
    assert "play t-rally-i" not in g.legal_moves(0)
    with pytest.raises(RuleViolation, match="Instant card, played only start-of-turn"):
        g.apply(Action(0, "play t-rally-i"))
    assert "t-rally-i" in g.duellists[0].hand


def test_when_attacked_instant_dodges_before_the_block_check():
    """Attack Timing Sequence 1-3 / Instant Cards: a targeted character may play a 'when attacked' Instant card
    before the block check; having stepped away it is no longer covered and the attack fails."""
    g = position(("kaze hex=0,0 facing=n", "t-atk5"), ("tetsu hex=0,-1 facing=s", "t-med5 t-dodge-i"))
    g.apply(Action(0, "play t-atk5"))
    g.apply(Action(1, "play t-med5"))
    _until_start_window(g)
    assert g.to_act() == (1,)
    assert g.legal_moves(1) == ["instant no", "instant t-dodge-i"]
    assert "options" not in g.view(0)["pending"]                  # the attacker does not see the options
    ev = g.apply(Action(1, "instant t-dodge-i"))
    assert kinds(ev, "instant") == [{"seat": "p2", "card": "t-dodge-i", "timing": "when-attacked"}]
    ev += _until_choose(g, answers=["move BR"])
    assert g.duellists[1].wounds == 0
    assert kinds(ev, "attack")[0]["successful"] is False
    assert ("t-dodge-i", False) in g.duellists[1].discard                  # face-up on the discard pile


def test_when_attacked_instant_block_at_the_attacks_speed():
    """Attack Timing Sequence 3 / Blocking: a block on a 'when attacked' Instant card holds at the attack's speed."""
    g = position(("kaze hex=0,0 facing=n", "t-atk5"), ("tetsu hex=0,-1 facing=s", "t-med5 t-parry-i"))
    ev = play_turn(g, {0: "t-atk5", 1: "t-med5"}, answers=["instant t-parry-i"])
    assert g.duellists[1].wounds == 0
    assert kinds(ev, "attack")[0]["blocked"] == ["p2"]
    g2 = position(("kaze hex=0,0 facing=n", "t-atk5"), ("tetsu hex=0,-1 facing=s", "t-med5 t-parry-i"))
    play_turn(g2, {0: "t-atk5", 1: "t-med5"}, answers=["instant no"])
    assert g2.duellists[1].wounds == 1


def test_when_attacked_instant_cancels_the_attackers_active_card():
    """FAQ Cancel Active / Instant Cards: an instant resolved in the middle of an attack cancels the rest of the
    attacker's card: the attack, not yet resolved, no longer happens."""
    g = position(("kaze hex=0,0 facing=n", "t-atk5"), ("tetsu hex=0,-1 facing=s", "t-med5 t-terror-i"))
    ev = play_turn(g, {0: "t-atk5", 1: "t-med5"}, answers=["instant t-terror-i"])
    assert g.duellists[1].wounds == 0 and kinds(ev, "attack") == []
    assert kinds(ev, "cancel-active")[0]["cancelled"] == "card"


def test_single_instant_per_turn():
    """Instant Cards: a single Instant Ability Card a turn: after a start-of-turn Instant, no 'when attacked'
    window and no instant replacement."""
    g3 = position(("kaze hex=0,0 facing=n", "t-atk5 t-med5"), ("tetsu hex=0,-3 facing=s", "t-med5 t-med5 t-rally-i t-parry-i t-replace"))
    g3.apply(Action(0, "play t-med5"))
    g3.apply(Action(1, "play t-med5"))
    ev = _until_start_window(g3)
    assert g3.legal_moves(1) == ["instant no", "instant t-rally-i"]
    ev = g3.apply(Action(1, "instant t-rally-i"))
    ev += _until_choose(g3)
    assert g3.duellists[1].focus == 2 and 1 in g3.instants_used
    assert g3.view(0)["seats"][1]["instant_used"] is True and g3.view(0)["seats"][0]["instant_used"] is False
    g3.duellists[1].pos, g3.duellists[1].facing = (0, -1), 3       # now adjacent, in front of p1's attack
    g3.apply(Action(0, "play t-atk5"))
    ev = g3.apply(Action(1, "play t-med5"))
    # the whole of turn 2 resolved without asking p2 anything (no replacement, no 'when attacked' window)
    assert kinds(ev, "turn") == [{"turn": 3}] and g3.duellists[1].wounds == 1
    assert g3.pending["kind"] == "_plain" and g3.instants_used == set()    # turn 3: a new window


def _until_start_window(g):
    events = []
    while not (g.pending and g.pending["kind"] == "_plain"):
        seat = g.to_act()[0]
        events += g.apply(Action(seat, g.legal_moves(seat)[0]))
    return events


def test_no_instant_after_a_core_card():
    """Instant Cards: no Instant card once you have played a core card this turn."""
    g = position(("kaze hex=0,0 facing=n", "t-atk5"), ("tetsu hex=0,-1 facing=s", "t-med5 t-parry-i"))
    ev = play_turn(g, {0: "t-atk5", 1: "tetsu-breath"})
    assert not [e for e in ev if e.kind == "instant"] and g.duellists[1].wounds == 1


def test_window_is_asked_without_the_card_in_hand():
    """Hidden information: the 'when attacked' window is asked of a duellist who owns such an Instant card even
    with none in hand (only 'instant no'), so being asked reveals nothing of the hand."""
    g = position(("kaze hex=0,0 facing=n", "t-atk5"), ("tetsu hex=0,-1 facing=s", "t-med5", "t-parry-i"))
    g.apply(Action(0, "play t-atk5"))
    g.apply(Action(1, "play t-med5"))
    _until_start_window(g)
    assert g.to_act() == (1,) and g.legal_moves(1) == ["instant no"]
    assert g.view(0)["pending"] == {"seat": "p2", "kind": "_plain"}


def test_after_reveal_instant_cancels_the_opponents_card():
    """FAQ Cancel Active: an after-reveal Instant cancels the target's active card: none of it resolves, its
    end-of-turn lines included."""
    g = position(("kaze hex=0,0 facing=n", "t-eot t-atk5"), ("tetsu hex=0,-2 facing=s", "t-med5 t-warcry-i"))
    ev = play_turn(g, {0: "t-eot", 1: "t-med5"}, answers=["instant t-warcry-i"])
    assert [e["seat"] for e in kinds(ev, "resolve")] == ["p2"]
    assert g.duellists[0].focus == 0 and g.duellists[0].kamae == "neutral"
    assert ("t-eot", False) in g.duellists[0].discard                     # the cancelled card is still discarded
    # out of range (three hexes): nobody to target, nothing cancelled
    g2 = position(("kaze hex=0,3 facing=n", "t-eot t-atk5"), ("tetsu hex=0,-2 facing=s", "t-med5 t-warcry-i"))
    ev2 = play_turn(g2, {0: "t-eot", 1: "t-med5"}, answers=["instant t-warcry-i"])
    assert kinds(ev2, "cancel-active") == [] and g2.duellists[0].focus == 1


def test_cancel_active_movement_keeps_the_rest_of_the_card():
    """FAQ Cancel Active: active movement (rotations and hex-to-hex moves) is cancelled; the card's other lines
    still resolve."""
    g = position(("kaze hex=0,0 facing=n", "t-freeze"), ("tetsu hex=0,-1 facing=s", "t-step-cut t-med5"))
    ev = play_turn(g, {0: "t-freeze", 1: "t-step-cut"})
    assert kinds(ev, "cancel-active")[0]["cancelled"] == "movement"
    assert kinds(ev, "move-cancelled") == [{"seat": "p2"}]
    assert g.duellists[1].facing == 3                                       # the mandatory rotation did not happen
    assert g.duellists[0].wounds == 1                                       # the attack straight ahead still lands


def test_start_of_turn_and_post_draw_instants():
    """Turn Timing Sequence 1 and 4: Instant cards for the start of the turn and after the draw are played then;
    a focus cost is paid."""
    g = position(("kaze hex=0,3 facing=n focus=1", "t-med5 t-study-i"), FAR2)
    ev = play_turn(g, {0: "t-med5", 1: "t-med5"}, answers=["instant t-study-i"])
    assert kinds(ev, "instant") == [{"seat": "p1", "card": "t-study-i", "timing": "post-draw"}]
    assert g.duellists[0].focus == 2                                        # 1 + 1 (t-med5) - 1 (cost) + 1
    draw_at = max(k for k, e in enumerate(ev) if e.kind == "draw")
    assert draw_at < next(k for k, e in enumerate(ev) if e.kind == "instant")


def test_end_of_turn_instant():
    """Instant Cards at the end of the turn: after the end-of-turn lines, before the hand limit."""
    g = position(("kaze hex=0,3 facing=n", "t-med5 t-last-i"), FAR2)
    ev = play_turn(g, {0: "t-med5", 1: "t-med5"}, answers=["instant t-last-i"])
    assert kinds(ev, "instant")[0]["timing"] == "end-of-turn"
    turn_at = next(k for k, e in enumerate(ev) if e.kind == "turn")
    assert next(k for k, e in enumerate(ev) if e.kind == "instant") < turn_at


def test_position_keeps_instant_used():
    """Positions: a seat that played its Instant before Choose keeps that fact through a position."""
    g = position(("kaze hex=0,3 facing=n", "t-med5 t-rally-i t-replace"), FAR2)
    g.instants_used.add(0)
    text = to_position(g)
    assert "instant-used: p1" in text
    g2 = from_position(text, TEST_SET)
    assert g2.instants_used == {0}
    with pytest.raises(FormatError, match="instant-used"):
        from_position(text.replace("instant-used: p1", "instant-used: p9"), TEST_SET)


@pytest.mark.parametrize("card,field", [
    ({"instant": "instant"}, "play"),
    ({"instant": "instant", "play": "noon"}, "play"),
    ({"play": "start-of-turn"}, "play"),
    ({"lines": [{"gain_focus": 1, "when": "dusk"}]}, "lines[0].when"),
    ({"lines": [{"cancel_active": "all"}]}, "lines[0].cancel_active"),
    ({"instant": "instant", "play": "end-of-turn", "lines": [{"gain_focus": 1, "when": "pre-draw"}]}, "instant"),
])
def test_card_format_errors_for_new_fields(card, field):
    """Card format: a bad timing, Instant 'play' field or cancel_active value is a FormatError naming the field."""
    d = {"id": "x", "name": "X", "type": "meditation", "rank": "wood", "initiative": 3, "lines": [{"gain_focus": 1}], **card}
    with pytest.raises(FormatError, match=re.escape(f"card 'x', field '{field}'")):
        load_data([("bad.json", json.dumps({"format": "senjutsu-cards", "cards": [d]}))], sample_set())


def test_cancel_active_card_stops_the_part_below_a_split_line():
    """FAQ Cancel Active: the part of a split card below the dividing line has not resolved yet, so an attack that
    cancels the active card stops it."""
    g = position(("kaze hex=0,0 facing=n", "t-split"), ("tetsu hex=0,-1 facing=s", "t-dread t-atk5"))
    ev = play_turn(g, {0: "t-split", 1: "t-dread"})
    assert g.duellists[0].wounds == 1 and g.duellists[1].wounds == 1
    assert kinds(ev, "cancel-active") == [{"seat": "p2", "target": "p1", "cancelled": "card"}]
    assert g.duellists[0].focus == 0                                        # the lower part (gain a focus at 2) never resolved
    g2 = position(("kaze hex=0,0 facing=n", "t-split"), ("tetsu hex=0,-1 facing=s", "t-dread t-atk5"))
    play_turn(g2, {0: "t-split", 1: "t-atk5"})
    assert g2.duellists[0].focus == 1                                       # without the cancel it does


def test_illegal_instant_is_refused_and_changes_nothing():
    """Instant Cards / bad input: an Instant card not in hand, or of another timing, is refused with the rule named,
    and the state is unchanged."""
    g = position(("kaze hex=0,0 facing=n", "t-atk5"), ("tetsu hex=0,-1 facing=s", "t-med5 t-dodge-i t-rally-i"))
    g.apply(Action(0, "play t-atk5"))
    g.apply(Action(1, "play t-med5"))
    _until_start_window(g)
    before = (list(g.duellists[1].hand), list(g.duellists[1].discard), g.duellists[1].pos, dict(g.pending))
    for bad in ("instant t-parry-i", "instant t-rally-i", "play t-dodge-i"):
        with pytest.raises(RuleViolation) as err:
            g.apply(Action(1, bad))
        assert err.value.rule == "Instant Cards"
    assert (list(g.duellists[1].hand), list(g.duellists[1].discard), g.duellists[1].pos, dict(g.pending)) == before
    with pytest.raises(RuleViolation):
        g.apply(Action(0, "instant no"))                             # not p1's window


def test_discard_puts_the_played_card_away_before_end_of_turn_effects():
    """Discard (rulebook, 'Discard'): the played card goes face-up to the discard pile first, then the effects
    marked 'end of turn' resolve: at the end-of-turn Instant window the card just played is already discarded."""
    g = position(("kaze hex=0,3 facing=n", "t-med5 t-last-i"), FAR2)
    for seat, cid in {0: "t-med5", 1: "t-med5"}.items():
        g.apply(Action(seat, f"play {cid}"))
    while g.phase not in ("choose", "over"):
        seat = g.to_act()[0]
        legal = g.legal_moves(seat)
        if "instant t-last-i" in legal:
            break
        g.apply(Action(seat, legal[0]))
    assert "instant t-last-i" in g.legal_moves(seat), "the end-of-turn Instant window was not reached"
    assert ("t-med5", False) in g.duellists[0].discard


def test_instant_ids_follow_the_card_set_as_cards_are_added():
    """Instant Cards: the ids of a timing's Instant cards, kept by the card set, include a card added to the set
    after they were first asked for (a card file read on top of the sample set)."""
    cs = load_data([], sample_set())
    before = cs.instant_ids("when-attacked")
    assert before == {c.id for c in cs.cards.values() if c.instant == "instant" and c.play == "when-attacked"}
    new = {"id": "x-dodge", "name": "X", "type": "meditation", "rank": "wood", "initiative": 3,
           "lines": [{"gain_focus": 1}], "instant": "instant", "play": "when-attacked"}
    cs2 = load_data([("more.json", json.dumps({"format": "senjutsu-cards", "cards": [new]}))], cs)
    assert cs2.instant_ids("when-attacked") == before | {"x-dodge"}
    cs.cards["x-dodge"] = cs2.cards["x-dodge"]                      # the same set, grown after it was first asked
    assert "x-dodge" in cs.instant_ids("when-attacked")
    assert "x-dodge" not in cs.instant_ids("end-of-turn")
