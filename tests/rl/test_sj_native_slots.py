"""Senjutsu's slots read and played by the native engine (daimyo.rl.senjutsu.NativeSlots: the mask written by
native/src/sj_encode.cpp, a slot's move applied without its text or events) against the reference
(daimyo.rl.turns.Slots, from the moves' texts): over random duels of 2 to 4 characters, every seat at every step;
then the AEC and Parallel environments on both, step for step, over whole duels."""

import dataclasses

import numpy as np
import pytest

from daimyo.rl import senjutsu as rl
from daimyo.rl.turns import SimultaneousEnv, Slots, TurnEnv

pytestmark = pytest.mark.skipif(not rl.native_slots(), reason="the native Senjutsu module is not built (with its slots)")

REFERENCE, FAST = Slots(), rl.NativeSlots()


def _masks(g, seat: int, wait: bool) -> tuple[np.ndarray, int, np.ndarray, int]:
    fast, slow = np.full(1 + rl.SLOTS, 7, dtype=np.int8), np.full(1 + rl.SLOTS, 7, dtype=np.int8)
    return fast, FAST.mask(g, seat, fast, wait), slow, REFERENCE.mask(g, seat, slow, wait)


def test_native_mask_and_quiet_step_match_the_reference_over_random_duels():
    kinds: set = set()
    for seed in range(40):
        players = 2 + seed % 3
        g = rl.spec(players).deal(seed)
        loud = g.clone()            # the same duel stepped by the reference: its moves' texts, with events
        assert g.engine == "native"
        rng = np.random.default_rng(seed)
        while True:
            for seat in range(players):
                for wait in (False, True):
                    fast, n, slow, m = _masks(g, seat, wait)
                    assert n == m and np.array_equal(fast, slow), \
                        f"duel {seed}, turn {g.turn}, phase {g.phase}, seat {seat}, wait {wait}: {n} / {m} moves"
            if g.is_terminal():
                assert loud.is_terminal() and g.returns() == loud.returns()
                break
            seat = g.to_act()[0]
            moves = g.legal_moves(seat)
            slot = 1 + int(rng.integers(len(moves)))
            if g.phase == "decide":
                kinds.add(g.native_game.pending_kind())
            FAST.play_slot(g, seat, slot)
            loud.apply_move(seat, moves[slot - 1])
            assert g.fields() == loud.fields(), f"duel {seed}, turn {g.turn}: the quiet step left another duel"
    assert {"move", "change", "alt", "target", "_plain", "_instant", "enddiscard"} <= kinds, kinds


def test_a_slot_outside_the_moves_is_an_index_error_that_changes_nothing():
    g = rl.spec(2).deal(3)
    seat = g.to_act()[0]
    before = g.fields()
    n = len(g.legal_moves(seat))
    for slot in (0, -1, n + 1):
        with pytest.raises(IndexError):
            FAST.play_slot(g, seat, slot)
        with pytest.raises(IndexError):
            FAST.pick(g, seat, slot)
    with pytest.raises(IndexError):
        FAST.play_slot(g, 1 - seat, 1)   # not to act: no slot at all
    assert g.fields() == before


def test_a_picked_move_that_is_no_longer_legal_is_refused():
    g = rl.spec(2).deal(4)
    seat = g.to_act()[0]
    act = FAST.pick(g, seat, 1)
    before = g.fields()
    assert not FAST.play(g, 1 - seat, act)     # not that seat's move
    assert g.fields() == before
    assert FAST.play(g, seat, act) and g.fields() != before


def test_the_native_mask_refuses_a_wrong_buffer():
    g = rl.spec(2).deal(1)
    seat = g.to_act()[0]
    short = np.full(5, 7, dtype=np.int8)
    assert g.native_game.mask(seat, short, False) == len(g.legal_moves(seat))   # counted, no slot written
    assert not short.any()
    with pytest.raises(TypeError):
        g.native_game.mask(seat, np.zeros(1 + rl.SLOTS, dtype=np.float32), False)


def test_a_duel_handed_to_the_python_engine_uses_the_reference():
    g = rl.spec(2).deal(6)
    g.hand_over()
    assert g.engine == "python"
    seat = g.to_act()[0]
    fast, n, slow, m = _masks(g, seat, False)
    assert n == m and np.array_equal(fast, slow)
    assert FAST.pick(g, seat, 1) == g.legal_moves(seat)[0]


def _reference(env):
    env.spec = dataclasses.replace(env.spec, moves=REFERENCE)
    return env


def _same(a, b, where: str) -> None:
    if isinstance(a, dict):
        assert a.keys() == b.keys(), where
        for k in a:
            _same(a[k], b[k], f"{where}.{k}")
    elif isinstance(a, tuple | list):
        assert len(a) == len(b), where
        for k, (x, y) in enumerate(zip(a, b, strict=True)):
            _same(x, y, f"{where}[{k}]")
    elif isinstance(a, np.ndarray):
        assert a.dtype == b.dtype and np.array_equal(a, b), where
    else:
        assert a == b, where


@pytest.mark.parametrize("names", [False, True])
def test_the_aec_environment_is_the_same_on_both(names):
    for seed, players in ((1, 2), (2, 3), (3, 4)):
        fast, slow = TurnEnv(rl.spec(players), action_names=names), _reference(TurnEnv(rl.spec(players), action_names=names))
        assert fast.spec.moves is not slow.spec.moves
        fast.reset(seed=seed)
        slow.reset(seed=seed)
        rng = np.random.default_rng(seed)
        steps = 0
        while fast.agents:
            assert fast.agents == slow.agents and fast.agent_selection == slow.agent_selection
            where = f"duel {seed}, step {steps}"
            for a in fast.possible_agents:
                _same(fast.observe(a), slow.observe(a), f"{where}, {a}")
            _same(fast.rewards, slow.rewards, where)
            _same(fast._cumulative_rewards, slow._cumulative_rewards, where)
            _same(fast.terminations, slow.terminations, where)
            _same(fast.truncations, slow.truncations, where)
            _same(fast.infos, slow.infos, where)
            a = fast.agent_selection
            dead = fast.terminations[a] or fast.truncations[a]
            action = None if dead else int(rng.choice(np.flatnonzero(fast.observe(a)["action_mask"])))
            fast.step(action)
            slow.step(action)
            steps += 1
        assert not slow.agents and fast.game.result == slow.game.result and steps > 20


@pytest.mark.parametrize("names", [False, True])
def test_the_parallel_environment_is_the_same_on_both(names):
    for seed, players in ((1, 2), (2, 3), (3, 4)):
        fast = SimultaneousEnv(rl.spec(players), action_names=names)
        slow = _reference(SimultaneousEnv(rl.spec(players), action_names=names))
        a, b = fast.reset(seed=seed), slow.reset(seed=seed)
        _same(a, b, f"duel {seed}, reset")
        rng = np.random.default_rng(seed)
        steps = 0
        while fast.agents:
            obs = a[0]
            actions = {agent: int(rng.choice(np.flatnonzero(obs[agent]["action_mask"]))) for agent in fast.agents}
            a, b = fast.step(actions), slow.step(actions)
            steps += 1
            _same(a, b, f"duel {seed}, step {steps}")
        assert not slow.agents and steps > 10
