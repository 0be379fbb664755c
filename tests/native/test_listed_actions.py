"""The native state lists each seat's legal actions once per position and plays a listed text without handing the
game over (the play server lists them for the seat to act, then plays the one chosen): the same legal actions,
events, views and errors as the Python engine, whatever moves the position meanwhile."""

import random

import pytest

from daimyo.core.errors import RuleViolation
from daimyo.core.game import Action
from daimyo.rokugan import native, new_game
from daimyo.rokugan.position import to_position

CLANS = ["crab", "crane", "lion", "unicorn"]

pytestmark = pytest.mark.skipif(not native.available(), reason="the native engine is not built")


def _events(events):
    return [(e.kind, e.data, e.visible_to) for e in events]


@pytest.mark.parametrize("seed", [2, 9])
def test_listed_actions_play_as_the_reference_through_a_whole_game(seed):
    """Playing the Game: every seat to act gets the reference's legal actions; a listed text plays as the reference
    plays it; an unlisted text gets the reference's error and changes nothing; every view agrees on the way."""
    ref = new_game(4, seed=seed, clans=CLANS)
    nat = native.new_game(4, seed=seed, clans=CLANS)
    rng = random.Random(seed)
    steps = 0
    while not ref.is_terminal():
        seat = ref.to_act()[0]
        listed = nat.legal_actions(seat)
        assert listed == ref.legal_actions(seat)
        listed.clear()   # a caller's changes to the list it got do not reach the position's list
        assert nat.legal_actions(seat) == ref.legal_actions(seat)
        if steps % 7 == 3:
            bad = Action(seat, "place a9 nowhere")
            with pytest.raises(RuleViolation) as got:
                nat.apply(bad)
            with pytest.raises(RuleViolation) as want:
                ref.apply(bad)
            assert got.value.args == want.value.args
            assert nat.legal_actions(seat) == ref.legal_actions(seat)
        action = rng.choice(ref.legal_actions(seat))
        assert _events(nat.apply(action)) == _events(ref.apply(action))
        assert nat.engine == "native"
        for viewer in (None, *range(4)):
            assert nat.view(viewer) == ref.view(viewer)
        steps += 1
    assert nat.result == ref.result and to_position(nat.python_state()) == to_position(ref)


def test_a_move_made_otherwise_forgets_the_listed_actions():
    """apply_move, apply_action and a clone each start from a position whose list is worked out again."""
    ref = new_game(4, seed=4, clans=CLANS)
    nat = native.new_game(4, seed=4, clans=CLANS)
    for _ in range(12):
        seat = ref.to_act()[0]
        nat.legal_actions(seat)   # listed for this position
        twin, before = nat.clone(), ref.clone()
        move = ref.legal_moves(seat)[0]
        nat.apply_move(seat, move)
        ref.apply_move(seat, move)
        for s in range(4):
            assert nat.legal_actions(s) == ref.legal_actions(s)
        # the clone kept the position before the move, and its own list of it
        assert twin.legal_actions(seat) == before.legal_actions(seat)
        assert to_position(twin.python_state()) == to_position(before)


def test_a_listed_text_of_another_position_is_checked_again():
    """A text listed before a move is played in the new position only if it is legal there."""
    nat = native.new_game(4, seed=6, clans=CLANS)
    ref = new_game(4, seed=6, clans=CLANS)
    seat = ref.to_act()[0]
    first = nat.legal_actions(seat)[0]
    nat.apply(first)
    ref.apply(first)
    if first in ref.legal_actions(seat):
        pytest.skip("the same text is legal again")
    with pytest.raises(RuleViolation) as got:
        nat.apply(first)
    with pytest.raises(RuleViolation) as want:
        ref.apply(first)
    assert got.value.args == want.value.args
