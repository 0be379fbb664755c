"""Movement: steps and rotations relative to facing, optional and mandatory, 'then', collisions (Movement)."""

from daimyo.core.game import Action
from tests.senjutsu.helpers import kinds, play_turn, position

QUIET = ("tetsu hex=3,-3 facing=sw", "t-atk3 t-med5")


def test_ronin_example_mandatory_rotation_then_step_avoiding_collision():
    """Mandatory Movement (rulebook example): with a mandatory rotate 1 and step 1, the only way that avoids terrain
    and the other character is to turn left first and then step, ending diagonally to the left; the card goes on."""
    g = position(("kaze hex=0,0 facing=n", "t-turn-step"), ("tetsu hex=1,-1 facing=s", "t-med5"), terrain="rock 0,-1")
    ev = play_turn(g, {0: "t-turn-step", 1: "t-med5"})
    d = g.ds[0]
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
    a, b = g.ds
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
    a = g.ds[0]
    assert a.pos == (0, -3) and a.stuns == 1 and a.focus == 0


def test_mandatory_move_into_bamboo():
    """Moving into Terrain / Bamboo: a wound and a stun, the bamboo is removed, the character moves back."""
    g = position(("kaze hex=0,1 facing=n", "t-charge"), QUIET, terrain="bamboo 0,-1")
    ev = play_turn(g, {0: "t-charge", 1: "t-atk3"})
    a = g.ds[0]
    assert a.pos == (0, 0) and a.wounds == 1 and a.stuns == 1 and a.focus == 0
    assert (0, -1) not in g.terrain
    assert kinds(ev, "terrain-removed") == [{"hex": "0,-1", "terrain": "bamboo"}]


def test_mandatory_move_into_burning_cart_and_rocks():
    """Terrain: a burning cart deals a wound and a bleeding wound; an obstacle a wound; the terrain stays."""
    g = position(("kaze hex=0,1 facing=n", "t-charge"), QUIET, terrain="cart 0,-1")
    play_turn(g, {0: "t-charge", 1: "t-atk3"})
    assert (g.ds[0].wounds, g.ds[0].bleeding, g.ds[0].pos) == (1, 1, (0, 0)) and (0, -1) in g.terrain
    g = position(("kaze hex=0,1 facing=n", "t-charge"), QUIET, terrain="rock 0,-1")
    play_turn(g, {0: "t-charge", 1: "t-atk3"})
    assert (g.ds[0].wounds, g.ds[0].stuns) == (1, 0)


def test_torii_gate_free_between_pillars():
    """Torii Gate: the hex between the pillars holds no terrain; only a pillar has a collision effect."""
    g = position(("kaze hex=0,1 facing=n", "t-charge"), QUIET, terrain="torii -1,0 1,-2")   # the gap is 0,-1
    play_turn(g, {0: "t-charge", 1: "t-atk3"})
    assert g.ds[0].pos == (0, -1) and g.ds[0].wounds == 0 and g.ds[0].focus == 1
    g = position(("kaze hex=-1,2 facing=n", "t-charge"), QUIET, terrain="torii -1,0 1,-2")   # into a pillar
    play_turn(g, {0: "t-charge", 1: "t-atk3"})
    assert g.ds[0].pos == (-1, 1) and g.ds[0].wounds == 1


def test_pushed_off_the_battlefield_own_card_still_resolves():
    """Push X / Moving off the Battlefield: moved by an opponent's card, the stun is taken and your own card resolves."""
    g = position(("kaze hex=0,-1 facing=n", "t-push2"), ("tetsu hex=0,-2 facing=s", "t-med5"))
    ev = play_turn(g, {0: "t-push2", 1: "t-med5"}, answers=["push n n"])
    b = g.ds[1]
    assert b.pos == (0, -3) and b.stuns == 1 and b.focus == 1
    assert kinds(ev, "collision")[0]["into"] == "edge"


def test_push_ties_are_the_pushers_choice():
    """Push X: hexes tied for furthest from the attacker are the pusher's choice."""
    g = position(("kaze hex=0,1 facing=n", "t-push2"), ("tetsu hex=0,0 facing=s", "t-med5"))
    g.apply(Action(0, "play t-push2"))
    g.apply(Action(1, "play t-med5"))
    opts = g.legal_moves(0)
    assert {"push n n", "push nw nw", "push ne ne"} <= set(opts)
    assert all(o.split()[0] == "push" for o in opts)
