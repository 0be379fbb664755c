"""Senjutsu's native observation encoder (native/src/sj_encode.cpp) against the Python encoder, the reference
(daimyo.rl.senjutsu.encode of the seat's view): over random duels of 2 to 4 characters, at every step, every seat's
vector, entry for entry."""

import numpy as np
import pytest

from daimyo.rl import senjutsu as rl
from daimyo.senjutsu import native

pytestmark = pytest.mark.skipif(not rl.native_encoder(), reason="the native Senjutsu module is not built (with its encoder)")


def _compare(seed: int, players: int) -> tuple[set, int]:
    g = rl.spec(players).deal(seed)
    assert g.engine == "native"
    rng = np.random.default_rng(seed)
    kinds, options = set(), 0
    while True:
        for seat in range(players):
            fast, slow = rl.observe(g, seat, players), rl.encode(g.view(seat), seat, players)
            assert fast.dtype == np.float32 and fast.shape == slow.shape
            bad = np.flatnonzero(fast != slow)
            assert not bad.size, f"duel {seed}, turn {g.turn}, phase {g.phase}, seat {seat}: entries {bad[:8]} " \
                                 f"native {fast[bad[:8]]} python {slow[bad[:8]]}"
            pending = g.view(seat)["pending"]
            if pending and "options" in pending:
                kinds.add(pending["kind"])
                options += 1
        if g.is_terminal():
            return kinds, options
        seat = g.to_act()[0]
        moves = g.legal_moves(seat)
        g.apply_move(seat, moves[int(rng.integers(len(moves)))])


def test_native_observation_matches_python_over_random_duels():
    kinds: set = set()
    options = 0
    for seed in range(40):
        k, n = _compare(seed, 2 + seed % 3)
        kinds |= k
        options += n
    # the observer's own questions came up, movement lines among them (their options' words encoded)
    assert options > 0 and {"move", "change", "alt", "_plain", "_instant", "enddiscard"} <= kinds, kinds


def test_a_duel_handed_to_the_python_engine_is_encoded_from_its_view():
    g = rl.spec(2).deal(3)
    before = rl.observe(g, 0, 2)
    g.hand_over()
    assert g.engine == "python"
    assert np.array_equal(rl.observe(g, 0, 2), before)
    assert np.array_equal(rl.observe(g, 1, 2), rl.encode(g.view(1), 1, 2))


def test_the_environment_reads_the_native_encoder():
    e = rl.raw_env(players=2)
    e.reset(seed=5)
    assert e.spec.observe is rl.observe
    seat = e.possible_agents.index(e.agent_selection)
    assert np.array_equal(e.observe(e.agent_selection)["observation"], rl.encode(e.game.view(seat), seat, 2))
    assert np.array_equal(e.state(), np.concatenate([rl.encode(e.game.view(s), s, 2) for s in range(2)]))


def test_the_native_encoder_refuses_a_wrong_buffer():
    g = rl.spec(2).deal(1)
    layout = native.require().ObsLayout(native.cards_of(g.card_set).handle, rl.native_layout())
    with pytest.raises(ValueError, match="size"):
        g.native_game.encode(layout, 0, 2, np.empty(3, dtype=np.float32))
    with pytest.raises(ValueError, match="seat"):
        g.native_game.encode(layout, 5, 2, np.empty(rl.obs_size(), dtype=np.float32))
