"""Movement: steps and rotations relative to facing, optional and mandatory, 'then', collisions (Movement)."""

from daimyo.core.game import Action
from tests.senjutsu.helpers import kinds, play_turn, position

QUIET = ("tetsu hex=3,-3 facing=sw", "t-atk3 t-med5")


def test_ronin_example_mandatory_rotation_then_step_avoiding_collision():
    """Mandatory Movement (rulebook example): with a mandatory rotate 1 and step 1, the only way that avoids terrain
    and the other character is to turn left first and then step, ending diagonally to the left; the card goes on."""
    g = position(("kaze hex=0,0 facing=n", "t-turn-step"), ("tetsu hex=1,-1 facing=s", "t-med5"), terrain="rock 0,-1")
    ev = play_turn(g, {0: "t-turn-step", 1: "t-med5"})
    d = g.duellists[0]
    assert (d.pos, d.facing) == ((-1, 0), 5)          # one hex to the front-left, now facing nw
    assert kinds(ev, "moved")[0]["plan"] == "L F"
    assert not kinds(ev, "collision")
    assert d.focus == 1                               # the rest of the card resolved


def test_optional_movement_never_enters_terrain_characters_or_edge_and_keeps_direction():
    """Optional Movement: may stop early; never into terrain, a character or off the battlefield; a step of two
    keeps one direction relative to facing."""
    g = position(("kaze hex=0,0 facing=n", "t-walk2"), ("tetsu hex=1,-1 facing=s", "t-atk3"), terrain="rock 0,-1")
    g.apply(Action(0, "play t-walk2"))
    g.apply(Action(1, "play t-atk3"))
    assert g.to_act() == (0,)
    assert g.legal_moves(0) == ["move -", "move FL", "move FL FL"]


def test_then_keeps_the_printed_order():
    """Sequencing of Movement: with 'then' each move is made in the order shown (no rotation first)."""
    g = position(("kaze hex=0,0 facing=n", "t-then"), QUIET)
    g.apply(Action(0, "play t-then"))
    g.apply(Action(1, "play t-atk3"))
    assert g.legal_moves(0) == ["move F L", "move F R"]


def test_same_line_steps_and_rotations_in_any_order():
    """Sequencing of Movement: steps and rotations on one line (no 'then') may come in any order."""
    g = position(("kaze hex=0,0 facing=n", "t-turn-step"), QUIET)
    g.apply(Action(0, "play t-turn-step"))
    g.apply(Action(1, "play t-atk3"))
    assert set(g.legal_moves(0)) == {"move F L", "move F R", "move L F", "move R F"}


def test_mandatory_move_into_character_discard_both_stunned_card_stops():
    """Moving into Another Character: discard a card, both take a stun; on your own card the rest is not resolved."""
    g = position(("kaze hex=0,1 facing=n", "t-charge t-atk5 t-def5"), ("tetsu hex=0,-1 facing=s", "t-med5"))
    ev = play_turn(g, {0: "t-charge", 1: "t-med5"}, answers=["discard t-def5"])
    a, b = g.duellists
    assert a.pos == (0, 0) and b.pos == (0, -1)
    assert a.stuns == 1 and b.stuns == 1
    assert ("t-def5", False) in a.discard
    assert a.focus == 0                                   # the gain-focus line after the move was not resolved
    assert b.focus == 1                                   # the other character's own card is resolved as normal
    assert kinds(ev, "card-stopped") == [{"seat": "p1"}]


def test_mandatory_move_off_battlefield_stun_and_card_stops():
    """Moving off the Battlefield: take a stun instead; on your own card the rest is not resolved."""
    g = position(("kaze hex=0,-2 facing=n", "t-charge"), QUIET)
    play_turn(g, {0: "t-charge", 1: "t-atk3"})
    a = g.duellists[0]
    assert a.pos == (0, -3) and a.stuns == 1 and a.focus == 0


def test_mandatory_move_into_bamboo():
    """Moving into Terrain / Bamboo: a wound and a stun, the bamboo is removed, the character moves back."""
    g = position(("kaze hex=0,1 facing=n", "t-charge"), QUIET, terrain="bamboo 0,-1")
    ev = play_turn(g, {0: "t-charge", 1: "t-atk3"})
    a = g.duellists[0]
    assert a.pos == (0, 0) and a.wounds == 1 and a.stuns == 1 and a.focus == 0
    assert (0, -1) not in g.terrain
    assert kinds(ev, "terrain-removed") == [{"hex": "0,-1", "terrain": "bamboo"}]


def test_mandatory_move_into_burning_cart_and_rocks():
    """Terrain: a burning cart deals a wound and a bleeding wound; an obstacle a wound; the terrain stays."""
    g = position(("kaze hex=0,1 facing=n", "t-charge"), QUIET, terrain="cart 0,-1")
    play_turn(g, {0: "t-charge", 1: "t-atk3"})
    assert (g.duellists[0].wounds, g.duellists[0].bleeding, g.duellists[0].pos) == (1, 1, (0, 0)) and (0, -1) in g.terrain
    g = position(("kaze hex=0,1 facing=n", "t-charge"), QUIET, terrain="rock 0,-1")
    play_turn(g, {0: "t-charge", 1: "t-atk3"})
    assert (g.duellists[0].wounds, g.duellists[0].stuns) == (1, 0)


def test_torii_gate_free_between_pillars():
    """Torii Gate: the hex between the pillars holds no terrain; only a pillar has a collision effect."""
    g = position(("kaze hex=0,1 facing=n", "t-charge"), QUIET, terrain="torii -1,0 1,-2")   # the gap is 0,-1
    play_turn(g, {0: "t-charge", 1: "t-atk3"})
    assert g.duellists[0].pos == (0, -1) and g.duellists[0].wounds == 0 and g.duellists[0].focus == 1
    g = position(("kaze hex=-1,2 facing=n", "t-charge"), QUIET, terrain="torii -1,0 1,-2")   # into a pillar
    play_turn(g, {0: "t-charge", 1: "t-atk3"})
    assert g.duellists[0].pos == (-1, 1) and g.duellists[0].wounds == 1


def test_pushed_off_the_battlefield_own_card_still_resolves():
    """Push X / Moving off the Battlefield: moved by an opponent's card, the stun is taken and your own card resolves."""
    g = position(("kaze hex=0,-1 facing=n", "t-push2"), ("tetsu hex=0,-2 facing=s", "t-med5"))
    ev = play_turn(g, {0: "t-push2", 1: "t-med5"})
    b = g.duellists[1]
    assert b.pos == (0, -3) and b.stuns == 1 and b.focus == 1
    assert kinds(ev, "collision")[0]["into"] == "edge"


def _moves_until_choose(g, answers=()):
    """Play on to the next Choose step; returns every option list offered on the way."""
    offered, answers = [], list(answers)
    while g.phase not in ("choose", "over"):
        seat = g.to_act()[0]
        legal = g.legal_moves(seat)
        offered.append(legal)
        move = answers.pop(0) if answers and answers[0] in legal else legal[0]
        g.apply(Action(seat, move))
    return offered


def test_push_directly_away_in_line_has_one_hex():
    """Push X ("directly away from the attacker"; our reading: each hex is the neighbour whose centre is furthest
    from the attacker's centre): in line with the attacker there is exactly one such hex, so nothing is asked."""
    g = position(("kaze hex=0,1 facing=n", "t-push2"), ("tetsu hex=0,0 facing=s", "t-med5"))
    g.apply(Action(0, "play t-push2"))
    g.apply(Action(1, "play t-med5"))
    offered = _moves_until_choose(g)
    assert not any(o.startswith("push") for opts in offered for o in opts)
    assert g.duellists[1].pos == (0, -2)


def test_pull_directly_towards_in_line_has_one_hex():
    """Pull X ("directly towards the attacker"): in line there is one nearest hex, taken without a question."""
    g = position(("kaze hex=0,0 facing=n", "t-pull1"), ("tetsu hex=0,-2 facing=s", "t-med5"))
    g.apply(Action(0, "play t-pull1"))
    g.apply(Action(1, "play t-med5"))
    offered = _moves_until_choose(g)
    assert not any(o.startswith("pull") for opts in offered for o in opts)
    assert g.duellists[1].pos == (0, -1)


def test_push_ties_are_the_pushers_choice():
    """Push X: "multiple hexes ... tied for being the furthest away from the attacker" are the pusher's choice;
    off the line of a hex side (a knight's step away) two neighbours' centres are equally far."""
    g = position(("kaze hex=0,0 facing=n", "t-push-knight"), ("tetsu hex=1,-2 facing=s", "t-med5"))
    g.apply(Action(0, "play t-push-knight"))
    g.apply(Action(1, "play t-med5"))
    offered = _moves_until_choose(g, answers=["push ne"])
    assert ["push n", "push ne"] in offered
    assert g.duellists[1].pos == (2, -3)


def test_pull_ties_are_the_pullers_choice():
    """Pull X: hexes tied for being the closest to the attacker are the puller's choice."""
    g = position(("kaze hex=0,0 facing=n", "t-pull-knight"), ("tetsu hex=1,-2 facing=s", "t-med5"))
    g.apply(Action(0, "play t-pull-knight"))
    g.apply(Action(1, "play t-med5"))
    offered = _moves_until_choose(g, answers=["pull sw"])
    assert ["pull s", "pull sw"] in offered
    assert g.duellists[1].pos == (0, -1)


def test_several_pushed_targets_resolve_one_after_the_other():
    """Push X on several targets (our reading): each target's push and its collision resolve before the next
    target moves, and a character defeated by a collision leaves the battlefield at once (Winning the Game).
    Tetsu, pushed into Hana, stuns her to her limit; she is gone before her own push would take her into the rock."""
    g = position(("kaze hex=0,1 facing=n", "t-sweep-push"), ("tetsu hex=0,0 facing=s", "t-med5"),
                 ("hana hex=0,-1 facing=s stuns=5", "t-med5"), terrain="rock 0,-2")
    ev = play_turn(g, {0: "t-sweep-push", 1: "t-med5", 2: "t-med5"})
    tetsu, hana = g.duellists[1], g.duellists[2]
    assert [c["into"] for c in kinds(ev, "collision")] == ["character"]
    assert tetsu.pos == (0, 0) and tetsu.stuns == 1
    assert hana.defeated and hana.pos is None and hana.wounds == 0
    assert [e["seat"] for e in kinds(ev, "shoved")] == ["p2"]


def test_collision_defeating_both_is_a_draw():
    """Moving into Another Character / Winning the Game (our reading): a collision that takes both characters to
    their stun limit defeats them at the same moment, so they share a draw; no winner is declared first."""
    g = position(("kaze hex=0,1 facing=n stuns=4", "t-charge"), ("tetsu hex=0,-1 facing=s stuns=3", "t-med5"))
    ev = play_turn(g, {0: "t-charge", 1: "t-med5"})
    assert g.is_terminal() and g.returns() == [0.5, 0.5]
    assert kinds(ev, "game-over") == [{"winners": ["p1", "p2"]}]
    assert [e["seat"] for e in kinds(ev, "defeated")] == ["p1", "p2"]
