"""Positions across the boundary (docs/native.md): a position written in the position format, read by the Python
engine and given to the native engine (`native.from_python`) is the same game, whose legal actions and every legal
action's outcome agree with the reference; the native views keep every hidden fact hidden (Hidden information)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from daimyo.core.game import Action
from daimyo.core.rng import GameKey, Rng
from daimyo.rokugan import native, new_game
from daimyo.rokugan.data import RULES
from daimyo.rokugan.position import from_position, to_position
from tests.native.test_agreement import _events, _first_difference
from tests.rokugan.test_properties import perturb_hidden, play_randomly

SETTINGS = settings(deadline=None, max_examples=60,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
games = st.tuples(st.integers(2, 5), st.integers(0, 2**32 - 1), st.integers(0, 400))


def _position(players: int, seed: int, stop: int):
    """A position reached by random play, written and read again (None before the clans are chosen: the
    position format names every seat's clan)."""
    s = new_game(players=players, seed=seed)
    play_randomly(s, Rng(seed ^ 0xB0A7), stop)
    return None if s.phase == "setup-clans" else from_position(to_position(s))


@SETTINGS
@given(games)
def test_a_position_plays_the_same_in_both_engines(game):
    """Every legal action of every seat to act, applied to the position in each engine: the same events, seen by the
    same seats, and the same position after it; the legal actions are the same before."""
    ref = _position(*game)
    if ref is None:
        return
    nat = native.from_python(ref)
    assert nat.engine == "native" and to_position(nat.python_state()) == to_position(ref)
    assert nat.to_act() == ref.to_act() and nat.is_terminal() == ref.is_terminal()
    assert nat.legal_actions() == ref.legal_actions()
    for seat in ref.to_act():
        moves = ref.legal_moves(seat)
        assert nat.legal_moves(seat) == moves
        for move in moves:
            a, b = ref.clone(), nat.clone()
            want, got = _events(a.apply_move(seat, move)), _events(b.apply_move(seat, move))
            assert got == want, f"{move}: {_first_difference(got, want)}"
            assert to_position(b.python_state()) == to_position(a), move
            assert b.engine == "native"


@SETTINGS
@given(games, st.integers(0, 2**32 - 1))
def test_native_views_hold_no_other_players_hidden_facts(game, pseed):
    """Hidden information: a player's native view is the same whatever the others' hidden facts are (their tokens
    behind the screen and facedown, objectives, territory cards, what they saw, the deck and the generator)."""
    ref = _position(*game)
    if ref is None or ref.phase == "over":
        return   # everything is revealed at the end of the game
    nat = native.from_python(ref)
    prng = Rng(pseed)
    for viewer in [None, *range(ref.n)]:
        other = native.from_python(perturb_hidden(ref, viewer, prng))
        assert nat.view(viewer) == other.view(viewer), f"the native view of {viewer} changed with others' hidden facts"
        assert nat.view(viewer) == ref.view(viewer)


def test_a_keyed_position_keeps_its_key_and_its_draws():
    ref = new_game(players=3, seed=GameKey(bytes(range(32))), clans=["crab", "lion", "crane"])
    nat = native.from_python(from_position(to_position(ref)))
    assert nat.python_state().rng.stream_state() == ref.rng.stream_state()
    assert nat.python_state().rng.key == ref.rng.key


@pytest.mark.parametrize("field,value,words", [
    ("clans", ["crab", "ninja", "crane"], "field 'clans': unknown name 'ninja'"),
    ("phase", "dusk", "field 'phase'"),
    ("owner", [7] * 3, "field 'owner'"),
    ("first", 9, "field 'first'"),
    ("hand", [[99], [], []], "field 'hand'"),
    ("objective", ["no-such", None, None], "field 'objective'"),
    ("special", ["no-such"] + [None] * 50, "field 'special'"),
    # Combat Tokens: a seat has at most its clan's tokens on the board (the engine keeps them in fixed arrays)
    ("tokens", [(i, 0, 0, "c", 0, -1, False, 1) for i in range(1, 42)],
     "field 'tokens': a seat has more tokens on the board than its clan has"),
])
def test_fields_the_native_engine_cannot_keep_are_refused_by_name(core, field, value, words):
    ref = new_game(players=3, seed=5, clans=["crab", "lion", "crane"])
    fields = native.native_fields(ref)
    fields[field] = value
    with pytest.raises(ValueError, match=words):
        core.Game.from_fields(native.tables(RULES), fields)


LION_BLESSED_BLUFF = """format: rokugan-position
players: lion dragon
phase: placement
round: 2
turn: dragon
province lion_3: lion
province lion_1: dragon
token #1: lion bluff lion_3
token #2: lion b2 #1
hand lion: a1
hand dragon: a4 bluff
"""


def test_lion_a_blessing_on_its_defending_bluff_stays_in_both_engines():
    """Reference: Lion (its defending bluff is not removed in step 2) and rulings (a blessing on a bluff goes with the
    bluff): Dragon's last placement ends the round's placement, and both engines keep the blessing on Lion's bluff,
    so Lion defends with 4 against 4 (docs/rokugan-rules.md, "A blessing on Lion's defending bluff")."""
    ref = from_position(LION_BLESSED_BLUFF)
    nat = native.from_python(ref)
    move = Action(1, "place a4 lion_1>lion_3")
    want, got = _events(ref.apply(move)), _events(nat.apply(move))
    assert got == want, _first_difference(got, want)
    assert to_position(nat.python_state()) == to_position(ref)
    battle = next(data for kind, data, _seen in got if kind == "battle")
    assert battle["defender"]["total"] == 4 and battle["outcome"] == "defended"
    assert nat.python_state().owner[RULES.province_index["lion_3"]] == 0
