"""Attacks, blocking, countering, range and line of sight, keywords (Attacking; Blocking; Other Ability Card Icons)."""

import pytest

from daimyo.core.game import Action
from tests.senjutsu.helpers import kinds, play_turn, position

FACE_OFF = ("kaze hex=0,0 facing=n", "t-atk5")      # p1 with p2 right in front


def duel(card1, card2, p1="kaze hex=0,0 facing=n", p2="tetsu hex=0,-1 facing=s", **kw):
    return position((p1, card1 + " t-atk5 t-def5 t-med5"), (p2, card2 + " t-atk5 t-def5 t-med5"), **kw)


def test_grid_attack_relative_to_facing():
    """Attacking: the grid is laid relative to the attacker's position and facing."""
    g = duel("t-atk5", "t-atk3", p1="kaze hex=0,0 facing=se", p2="tetsu hex=1,0 facing=n")
    play_turn(g, {0: "t-atk5", 1: "t-atk3"})
    assert g.duellists[1].wounds == 1
    g = duel("t-atk5", "t-atk3", p1="kaze hex=0,0 facing=n", p2="tetsu hex=1,0 facing=n")
    play_turn(g, {0: "t-atk5", 1: "t-atk3"})
    assert g.duellists[1].wounds == 0


def test_commit_to_hit_forces_the_movement_that_targets():
    """Commit to Hit: if the card can move so that its attack targets a character, it must."""
    g = duel("t-lunge-any", "t-atk3", p2="tetsu hex=1,-2 facing=n")
    ev = play_turn(g, {0: "t-lunge-any", 1: "t-atk3"})
    assert kinds(ev, "moved")[0]["plan"] == "FR"
    assert g.duellists[0].pos == (1, -1) and g.duellists[1].wounds == 1


def test_commit_to_hit_looks_past_the_next_movement_line():
    """Commit to Hit: "if you can resolve it such that the attack would target another character, you must", also
    when it takes two movement lines: here only a step forward and then a turn to the right bring tetsu into the
    attack's hex, so staying put on the first line is not offered."""
    g = duel("t-step-then-turn", "t-atk3", p2="tetsu hex=1,-2 facing=n")
    ev = play_turn(g, {0: "t-step-then-turn", 1: "t-atk3"})   # every question answered with its first legal option
    assert [m["plan"] for m in kinds(ev, "moved")] == ["F", "R"]
    assert g.duellists[0].pos == (0, -1) and g.duellists[0].facing == 1 and g.duellists[1].wounds == 1


def test_commit_to_hit_pays_optional_focus():
    """Commit to Hit / Optional Focus Cost: a focus that lets the attack target must be paid."""
    g = duel("t-opt-focus", "t-atk3", p1="kaze hex=0,0 facing=n focus=1")
    g.apply(Action(0, "play t-opt-focus"))
    g.apply(Action(1, "play t-atk3"))
    assert g.pending is None or g.pending["kind"] != "focus"
    assert g.duellists[0].focus == 0 and g.duellists[1].wounds == 1


def test_commit_to_hit_pays_the_focus_of_a_movement_line():
    """Commit to Hit / Optional Focus Cost: "you must pay the cost if not paying the cost would leave you not able to
    target the character", also the cost of a movement line: only the paid step brings tetsu into the grid."""
    g = duel("t-paid-step", "t-atk3", p1="kaze hex=0,0 facing=n focus=1", p2="tetsu hex=0,-2 facing=s")
    g.apply(Action(0, "play t-paid-step"))
    g.apply(Action(1, "play t-atk3"))
    asked = []
    while g.phase not in ("choose", "over"):
        seat = g.to_act()[0]
        asked += g.legal_moves(seat)
        g.apply(Action(seat, g.legal_moves(seat)[-1]))
    assert "focus skip" not in asked
    assert g.duellists[0].pos == (0, -1) and g.duellists[0].focus == 0 and g.duellists[1].wounds == 1


def test_optional_focus_may_be_skipped_without_target():
    """Optional Focus Cost: without a target the line may be skipped."""
    g = duel("t-opt-focus", "t-atk3", p1="kaze hex=0,0 facing=s focus=1")
    g.apply(Action(0, "play t-opt-focus"))
    g.apply(Action(1, "play t-atk3"))
    assert g.legal_moves(0) == ["focus pay", "focus skip"]
    g.apply(Action(0, "focus skip"))
    assert g.duellists[0].focus == 1


def test_students_block_at_seven_against_the_ronin():
    """Blocking (rulebook example): the Student blocks at initiative seven; the Ronin's attack at seven comes from
    outside the block hexes, but the only shortest path runs through a block hex, so it is blocked."""
    g = position(("hana hex=0,0 facing=n", "t-guard"), ("kaze hex=0,-2 facing=s", "t-reach7"))
    ev = play_turn(g, {0: "t-guard", 1: "t-reach7"}, answers=["initiative 7"])
    assert g.duellists[0].wounds == 0
    assert kinds(ev, "attack")[0]["blocked"] == ["p1"]
    assert g.duellists[0].focus == 1                  # the block's 'If Successful' line


def test_block_at_another_initiative_does_not_protect():
    """Blocking: blocks do not protect from attacks resolved at a higher or lower initiative."""
    g = position(("hana hex=0,0 facing=n", "t-guard"), ("kaze hex=0,-2 facing=s", "t-reach7"))
    play_turn(g, {0: "t-guard", 1: "t-reach7"}, answers=["initiative 6"])
    assert g.duellists[0].wounds == 1 and g.duellists[0].focus == 0


def test_block_attacker_in_block_hex():
    """Blocking, criterion 1: an attack from a hex with a block icon is unsuccessful."""
    g = duel("t-def5", "t-atk5")
    ev = play_turn(g, {0: "t-def5", 1: "t-atk5"})
    assert g.duellists[0].wounds == 0 and kinds(ev, "attack")[0]["successful"] is False


def test_block_tied_shortest_paths_must_all_cross():
    """Blocking, criterion 2: with tied shortest paths, all must pass a block hex or terrain."""
    # attacker two away, off the straight lines: paths via 0,-1 and via 1,-1
    g = position(("hana hex=0,0 facing=n", "t-guard"), ("kaze hex=1,-2 facing=s", "t-knight"))
    play_turn(g, {0: "t-guard", 1: "t-knight"}, answers=["initiative 7"])
    assert g.duellists[0].wounds == 0                 # block hexes 0,-1 and 1,-1 cover both paths
    g = position(("hana hex=0,0 facing=n", "t-counter"), ("kaze hex=1,-2 facing=s", "t-knight"))
    play_turn(g, {0: "t-counter", 1: "t-knight"}, answers=["initiative 7"])
    assert g.duellists[0].wounds == 1                 # only 0,-1 is blocked: the path via 1,-1 is open


def test_block_terrain_on_the_shortest_path():
    """Blocking, criterion 2: terrain on every shortest path also blocks (for a defender blocking at that speed)."""
    g = position(("hana hex=0,1 facing=s", "t-guard"), ("kaze hex=0,-1 facing=s", "t-reach7"), terrain="rock 0,0")
    play_turn(g, {0: "t-guard", 1: "t-reach7"}, answers=["initiative 7"])
    assert g.duellists[0].wounds == 0


def test_counter_wounds_the_attacker():
    """Countering: a blocked attack at a countered speed: discard a card and the attacker takes a wound."""
    g = duel("t-counter", "t-atk5")
    ev = play_turn(g, {0: "t-counter", 1: "t-atk5"}, answers=["initiative 5", "counter t-med5"])
    assert g.duellists[0].wounds == 0 and g.duellists[1].wounds == 1
    assert ("t-med5", False) in g.duellists[0].discard
    assert kinds(ev, "harm")[0] == {"seat": "p2", "effect": "wound", "why": "counter"}


def test_ranged_attack_needs_line_of_sight_and_cannot_be_blocked():
    """Range / Line of Sight: a ranged attack targets one character in range and sight; it is not blockable."""
    g = duel("t-ranged", "t-guard", p1="kaze hex=0,2 facing=n", p2="tetsu hex=0,-1 facing=s")
    play_turn(g, {0: "t-ranged", 1: "t-guard"}, answers=["initiative 5"])
    assert g.duellists[1].wounds == 1
    g = duel("t-ranged", "t-atk3", p1="kaze hex=0,2 facing=n", p2="tetsu hex=0,-1 facing=s", terrain="rock 0,0")
    ev = play_turn(g, {0: "t-ranged", 1: "t-atk3"})
    assert g.duellists[1].wounds == 0 and kinds(ev, "attack")[0]["successful"] is False
    g = duel("t-ranged", "t-atk3", p1="kaze hex=0,3 facing=n", p2="tetsu hex=0,-1 facing=s")   # four away: out of range
    play_turn(g, {0: "t-ranged", 1: "t-atk3"})
    assert g.duellists[1].wounds == 0


@pytest.mark.parametrize("their, hit", [("t-med5", True), ("t-reach7", False), ("t-guard", True)])
def test_comparative_initiative_attack(their, hit):
    """Comparative Initiative Attacks: successful against an opponent with a lower speed; against a variable
    speed, compare with the lowest of its range."""
    g = duel("t-lower", their, p1="kaze hex=0,2 facing=n", p2="tetsu hex=0,-1 facing=n")
    play_turn(g, {0: "t-lower", 1: their}, answers=["initiative 7"] if their == "t-guard" else [])
    assert (g.duellists[1].wounds == 1) is hit


def test_split_initiative():
    """Split Initiative: everything below the dividing line resolves at the speed on the line."""
    g = duel("t-split", "t-med5", p2="tetsu hex=3,-3 facing=s")
    ev = play_turn(g, {0: "t-split", 1: "t-med5"})
    assert kinds(ev, "order")[0]["segments"] == [["p1", 8], ["p2", 5], ["p1", 2]]
    assert [r["seat"] for r in kinds(ev, "resolve")] == ["p1", "p2", "p1"]
    assert g.duellists[0].focus == 1


@pytest.mark.parametrize("card, check", [
    ("t-wound2", lambda d, g: d.wounds == 2),
    ("t-bleed", lambda d, g: d.bleeding == 1 and d.total_wounds == 1),
    ("t-hobble", lambda d, g: len(d.hobbles) == 1),
    ("t-stun", lambda d, g: d.stuns == 1),
    ("t-adv", lambda d, g: g.advantage[0] == 0),
])
def test_grid_icons(card, check):
    """Attacking / Other Ability Card Icons: two wounds, bleeding wound, hobble, stun, advantage."""
    g = duel(card, "t-atk3", p2="tetsu hex=0,-1 facing=n", advantage="p2 p1")
    play_turn(g, {0: card, 1: "t-atk3"})
    assert check(g.duellists[1], g)


def test_execution_defeats_at_once():
    """Attacking: execution defeats the character at once; the last character standing wins."""
    g = duel("t-exec", "t-atk3", p2="tetsu hex=0,-1 facing=n")
    play_turn(g, {0: "t-exec", 1: "t-atk3"})
    assert g.is_terminal() and g.returns() == [1.0, 0.0] and g.duellists[1].defeated


def test_poison_goes_to_the_target_and_plays_at_zero():
    """Poison: the poison card goes to the target's owner (here: each end of turn it makes them discard a card);
    played as the active card it is initiative zero and goes back."""
    g = duel("t-poison", "t-atk3", p2="tetsu hex=0,-1 facing=n")
    play_turn(g, {0: "t-poison", 1: "t-atk3"}, answers=["discard t-def5"])
    assert g.poison_holder == 1 and ("t-def5", False) in g.duellists[1].discard
    assert "play poison" in g.legal_moves(1)
    ev = play_turn(g, {0: "t-med5", 1: "poison"})
    assert ["p2", 0] in kinds(ev, "order")[0]["segments"] and g.poison_holder is None


def test_pull_rotate_swap_discard_asterisk():
    """Pull X, Rotate X, Swap Positions, Discard X and the asterisk effect act on the targeted character."""
    g = duel("t-pull1", "t-atk3", p2="tetsu hex=0,-2 facing=n")
    play_turn(g, {0: "t-pull1", 1: "t-atk3"})
    assert g.duellists[1].pos == (0, -1)
    g = duel("t-rotate", "t-atk3", p2="tetsu hex=0,-1 facing=s")
    play_turn(g, {0: "t-rotate", 1: "t-atk3"}, answers=["turn right"])
    assert g.duellists[1].facing == 4
    g = duel("t-swap", "t-atk3", p2="tetsu hex=0,-1 facing=ne")
    play_turn(g, {0: "t-swap", 1: "t-atk3"})
    assert (g.duellists[0].pos, g.duellists[0].facing, g.duellists[1].pos, g.duellists[1].facing) == ((0, -1), 0, (0, 0), 1)
    g = duel("t-discard", "t-atk3", p2="tetsu hex=0,-1 facing=n")
    play_turn(g, {0: "t-discard", 1: "t-atk3"}, answers=["discard t-med5", "discard t-def5"])
    assert [c for c, _ in g.duellists[1].discard][:2] == ["t-med5", "t-def5"]
    g = duel("t-star", "t-atk3", p2="tetsu hex=0,-1 facing=n")
    play_turn(g, {0: "t-star", 1: "t-atk3"})
    assert g.duellists[1].pos == (0, -2)


def test_if_successful_skipped_when_blocked():
    """Successful: an 'If Successful' line resolves only if at least one targeted character did not block."""
    g = duel("t-push2", "t-def5", p1="kaze hex=0,0 facing=n", p2="tetsu hex=0,-1 facing=s")
    play_turn(g, {0: "t-push2", 1: "t-def5"})
    assert g.duellists[1].pos == (0, -1)


def test_search_takes_a_card_and_shuffles():
    """Search: look through the deck, take a card, shuffle the deck."""
    g = position(("kaze hex=0,3 facing=n", "t-search", "", "t-exec t-atk5 rest"), ("tetsu hex=0,-3 facing=s", "t-atk3"))
    play_turn(g, {0: "t-search", 1: "t-atk3"}, answers=["search t-exec"])
    assert "t-exec" in g.duellists[0].hand and "t-exec" not in g.duellists[0].deck


def test_instant_additional_after_successful_attack():
    """Instant Additional: with the condition 'attack successful' it may be played right after, once a turn."""
    g = duel("t-atk5 t-follow", "t-atk3", p2="tetsu hex=0,-1 facing=n")
    ev = play_turn(g, {0: "t-atk5", 1: "t-atk3"}, answers=["instant t-follow", "discard t-def5"])
    assert kinds(ev, "instant") == [{"seat": "p1", "card": "t-follow"}]
    assert ("t-follow", False) in g.duellists[0].discard and ("t-def5", False) in g.duellists[1].discard


def test_only_attack_cards_can_be_blocked_and_multiplayer_block_protects_others():
    """Blocking / Multiplayer Blocking: a block hex over another character protects that character too."""
    g = position(("kaze hex=0,1 facing=n", "t-atk5"), ("tetsu hex=0,0 facing=n", "t-atk3"), ("hana hex=1,-1 facing=sw", "t-def5"))
    ev = play_turn(g, {0: "t-atk5", 1: "t-atk3", 2: "t-def5"})
    assert g.duellists[1].wounds == 0 and kinds(ev, "attack")[0]["blocked"] == ["p2"]


def test_split_lower_part_resolves_regardless_of_the_upper_part():
    """FAQ (split initiative and 'if successful'): the part below the line resolves whether or not the part above
    succeeded (our reading: an 'If Successful' line with no attack before it in its own part resolves)."""
    g = duel("t-split", "t-med5", p2="tetsu hex=3,-3 facing=s")      # the attack above the line misses
    play_turn(g, {0: "t-split", 1: "t-med5"})
    assert g.duellists[0].focus == 1 and g.duellists[1].wounds == 0


def test_block_if_successful_waits_for_a_blocked_attack():
    """Successful: a block's 'If Successful' line resolves only once an attack is blocked."""
    g = position(("hana hex=0,0 facing=n", "t-guard"), ("kaze hex=3,-3 facing=s", "t-atk3"))
    play_turn(g, {0: "t-guard", 1: "t-atk3"}, answers=["initiative 3"])
    assert g.duellists[0].focus == 0


def test_ranged_keyword_targets_one_character_in_range_and_sight():
    """Targeted / Range: on a card with a range, the target is one character in range and line of sight."""
    g = position(("kaze hex=0,2 facing=n", "t-far-pull"), ("tetsu hex=0,-1 facing=s", "t-atk3"), ("hana hex=0,3 facing=n", "t-atk3"))
    play_turn(g, {0: "t-far-pull", 1: "t-atk3", 2: "t-atk3"})
    assert g.duellists[1].pos == (0, 0)          # hana behind kaze is out of sight, so tetsu was the only target
    g = position(("kaze hex=0,3 facing=n", "t-far-pull"), ("tetsu hex=0,-1 facing=s", "t-atk3"))
    play_turn(g, {0: "t-far-pull", 1: "t-atk3"})
    assert g.duellists[1].pos == (0, -1)         # four hexes away: out of range, nothing happens


def test_ranged_card_effects_all_target_the_same_character():
    """Targeted: "If there are multiple [Targeted] effects on a ranged card, they must all target the same
    character": with two characters in range, the one picked for the first effect receives the second too."""
    g = position(("kaze hex=0,0 facing=n", "t-far-twice"), ("tetsu hex=0,-2 facing=s", "t-med5 t-atk3"),
                 ("hana hex=1,-2 facing=s", "t-med5 t-atk3"))
    for seat, cid in {0: "t-far-twice", 1: "t-med5", 2: "t-med5"}.items():
        g.apply(Action(seat, f"play {cid}"))
    asked = []
    while g.phase not in ("choose", "over"):
        seat = g.to_act()[0]
        legal = g.legal_moves(seat)
        asked.append((seat, legal))
        g.apply(Action(seat, "target p3" if "target p3" in legal else "turn right" if "turn right" in legal else legal[0]))
    assert [legal for seat, legal in asked if seat == 0 and legal[0].startswith("target")] == [["target p2", "target p3"]]
    assert g.duellists[2].facing == 4 and g.duellists[1].facing == 3      # hana turned right, tetsu untouched
    assert [c for c, _ in g.duellists[2].discard] == ["t-atk3", "t-med5"]   # hana discarded (Discard 1), then played
    assert [c for c, _ in g.duellists[1].discard] == ["t-med5"]
