"""The smaller Battle for Rokugan action space: a placement and a Unicorn swap as two picks (daimyo.rl.picks)."""

from __future__ import annotations

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test  # noqa: E402

from daimyo.rl import env as make_env, raw_env  # noqa: E402
from daimyo.rl.encoding import N_ACTIONS, OBS_SIZE, move_key  # noqa: E402
from daimyo.rl.picks import KEYS_FACTORED, N_FACTORED, PENDING_SIZE, legal_picks  # noqa: E402


def test_the_picks_catalogue_is_small_and_distinct():
    assert len(set(KEYS_FACTORED)) == N_FACTORED < N_ACTIONS // 10


@pytest.mark.parametrize("players", [2, 5])
def test_pettingzoo_api_test_passes_with_picks(players):
    api_test(make_env(players=players, actions="picks"), num_cycles=1500, verbose_progress=False)


def _reachable(s, seat):
    """The catalogue entries the picks can reach: one pick, or a first pick and then each of its completions."""
    keys = set()
    for kind, what in legal_picks(s, seat).values():
        if kind == "move":
            keys.add(move_key(s, seat, what))
        else:
            for kind2, move in legal_picks(s, seat, what).values():
                assert kind2 == "move"
                keys.add(move_key(s, seat, move))
    return keys


@pytest.mark.parametrize("players", [2, 3, 4])
def test_picks_reach_exactly_the_legal_moves_and_a_game_plays_to_the_end(players):
    """Every legal move (Unicorn swaps and placements included) is reachable, and nothing else; a first pick
    changes nothing in the game and leaves the same seat to pick again."""
    rng = np.random.default_rng(players)
    e = raw_env(players=players, actions="picks", clans=["unicorn", "crab", "lion", "crane", "scorpion"][:players])
    e.reset(seed=players)
    firsts = swaps = 0
    while not e.game.is_terminal():
        agent = e.agent_selection
        seat = e.possible_agents.index(agent)
        obs = e.observe(agent)
        assert obs["observation"].shape == (OBS_SIZE + PENDING_SIZE,) and obs["action_mask"].shape == (N_FACTORED,)
        if e._first is None:
            legal = {move_key(e.game, seat, m) for m in e.game.legal_moves(seat)}
            assert _reachable(e.game, seat) == legal
            swaps += any(k[0] == "swap" for k in legal)
        a = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        if e._legal[a][0] == "first":
            before = repr(e.game.view(None))
            e.step(a)
            firsts += 1
            assert e.agent_selection == agent and repr(e.game.view(None)) == before
            assert e.observe(agent)["observation"][OBS_SIZE:].sum() == 1      # the pending first pick is shown
        else:
            e.step(a)
    assert firsts > 0 and sum(e.rewards.values()) == pytest.approx(1.0)
    if players == 4:
        assert swaps > 0, "a Unicorn swap was offered and reached through the picks"
