"""The OpenSpiel adapter of Senjutsu (python_daimyo_senjutsu) on the environments' slots (daimyo.rl.openspiel.slot_codec:
legal actions counted by daimyo.rl.senjutsu.NativeSlots, an action played by slot without its text or events) against
the adapter on the moves' texts (the codec without ``ids``/``act``: legal actions from ``legal_moves``, an action
applied with ``apply_move``): whole random duels of 2 to 4 characters, the same seeds on both, every step compared
(legal actions, action strings, observation strings and tensors, information states, returns); then the same for a
duel handed over to the Python engine, and OpenSpiel's random simulation checks over whole duels on the slots."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

import daimyo.rl.openspiel as spiel  # noqa: E402  (registers the games)
from daimyo.rl import senjutsu as rl  # noqa: E402

pytestmark = pytest.mark.skipif(not rl.native_slots(), reason="the native Senjutsu module is not built (with its slots)")

NAME = "python_daimyo_senjutsu"
CHANCE_AND_SOME = spiel.CHANCE_NODES + 6     # the step a duel is handed over to the Python engine at


def _games(players: int, seed: int):
    cls = spiel.game_class("senjutsu")
    params = {"players": players, "seed": seed}
    fast = cls(params)
    texts = cls(params, codec=dataclasses.replace(fast.codec, ids=None, act=None))
    assert fast.codec.ids is not None and texts.codec.ids is None
    return fast, texts


def _seen(game, state) -> dict:
    """Everything the adapter shows of a state, for every seat."""
    seats = range(game.num_players())
    out = {"player": state.current_player(), "terminal": state.is_terminal(), "returns": state.returns(),
           "text": str(state)}
    if state.is_chance_node():
        out["chance"] = state.chance_outcomes()
        return out
    for p in seats:
        legal = state.legal_actions(p)
        out[p] = {"legal": legal, "strings": [state.action_to_string(p, a) for a in legal],
                  "observation": state.observation_string(p), "tensor": list(state.observation_tensor(p)),
                  "information": state.information_state_string(p)}
    return out


def _play(players: int, seed: int, hand_over_at: int | None = None) -> int:
    fast_game, text_game = _games(players, seed)
    fast, texts = fast_game.new_initial_state(), text_game.new_initial_state()
    rng = np.random.RandomState(seed)
    steps = 0
    while True:
        where = f"{players} characters, seed {seed}, step {steps}"
        a, b = _seen(fast_game, fast), _seen(text_game, texts)
        assert a == b, where
        if fast.is_terminal():
            break
        if steps == hand_over_at:
            for state in (fast, texts):
                state._engine.hand_over()
            assert fast._engine.engine == texts._engine.engine == "python"
        choices = [o for o, _ in fast.chance_outcomes()] if fast.is_chance_node() else fast.legal_actions()
        action = int(rng.choice(choices))
        fast.apply_action(action)
        texts.apply_action(action)
        steps += 1
    assert fast.returns() == texts.returns() and sum(fast.returns()) == pytest.approx(1.0)
    return steps


@pytest.mark.parametrize("players, seed", [(2, 1), (2, 5), (3, 2), (4, 3)])
def test_whole_duels_are_the_same_on_the_slots_and_on_the_moves_texts(players, seed):
    assert _play(players, seed) > 20


def test_the_native_engine_plays_the_duel_on_the_slots():
    fast_game, _ = _games(2, 1)
    state = fast_game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(0)
    assert state._engine.engine == "native"
    state.apply_action(state.legal_actions()[-1])
    assert state._engine.engine == "native"     # played by slot: no hand-over to the Python engine


def test_a_duel_handed_over_to_the_python_engine_is_the_same_on_both():
    assert _play(2, 7, hand_over_at=CHANCE_AND_SOME) > CHANCE_AND_SOME


def test_an_action_outside_the_slots_is_refused_by_name_and_changes_nothing():
    fast_game, _ = _games(2, 4)
    state = fast_game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(1)
    seat, before = state.current_player(), str(state)
    fields = state._engine.fields()
    n = len(state.legal_actions())
    for action in (0, n + 1, fast_game.num_distinct_actions() + 5):
        with pytest.raises(pyspiel.SpielError, match=f"action {action} is not legal for seat {seat}"):
            state.apply_action(action)
    assert str(state) == before and state._engine.fields() == fields


def test_resampled_worlds_are_played_on_the_slots_as_on_the_texts():
    """ISMCTS's worlds (resample_from_infostate) from both adapters at the same point, with the same draw, are the same
    world and play on the same."""
    fast_game, text_game = _games(2, 2)
    fast, texts = fast_game.new_initial_state(), text_game.new_initial_state()
    rng = np.random.RandomState(2)
    for state in (fast, texts):
        while state.is_chance_node():
            state.apply_action(3)
    for _ in range(12):
        action = int(rng.choice(fast.legal_actions()))
        fast.apply_action(action)
        texts.apply_action(action)
    seat = fast.current_player()
    a, b = fast.resample_from_infostate(seat, lambda: 0.25), texts.resample_from_infostate(seat, lambda: 0.25)
    assert a.information_state_string(seat) == fast.information_state_string(seat)
    for _ in range(30):
        assert _seen(fast_game, a) == _seen(text_game, b)
        if a.is_terminal():
            break
        action = int(rng.choice(a.legal_actions()))
        a.apply_action(action)
        b.apply_action(action)


@pytest.mark.parametrize("players", [2, 3])
def test_openspiel_random_simulation_checks_pass_over_whole_duels_on_the_slots(players):
    game = pyspiel.load_game(NAME, {"players": players, "seed": 11})
    assert game.codec.ids is not None
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)
