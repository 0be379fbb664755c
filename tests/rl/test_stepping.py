"""The AEC environments' one play_move (daimyo/rl/stepping.py): a move applied, the returns paid at the end, every
agent terminated with its infos cleared, and the next agent selected otherwise; Battle for Rokugan, Senjutsu and
Rising Sun alike."""

from __future__ import annotations

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")

from daimyo.rl import env as rokugan_env, risingsun, senjutsu  # noqa: E402
from daimyo.rl.rokugan import raw_env  # noqa: E402
from daimyo.rl.stepping import MoveStepping  # noqa: E402
from daimyo.rl.turns import TurnEnv  # noqa: E402


def test_one_implementation_serves_both_environments():
    assert raw_env.play_move is MoveStepping.play_move is TurnEnv.play_move


@pytest.mark.parametrize("make", [lambda: rokugan_env(players=2), lambda: senjutsu.env(players=2),
                                  lambda: risingsun.env(war="worked-battle")], ids=["rokugan", "senjutsu", "risingsun"])
def test_a_game_played_to_its_end_pays_the_returns_and_clears_the_infos(make):
    e = make()
    e.reset(seed=2)
    rng = np.random.default_rng(2)
    game = e.unwrapped.game
    while not game.is_terminal():
        agent = e.agent_selection
        mask = e.observe(agent)["action_mask"]
        e.step(int(rng.choice(np.flatnonzero(mask))))
        if not game.is_terminal():
            assert e.agent_selection == e.possible_agents[game.to_act()[0]]     # the next seat to act is selected
    returns = [float(r) for r in game.returns()]
    assert sum(returns) == pytest.approx(1.0)
    assert e.unwrapped._cumulative_rewards == dict(zip(e.possible_agents, returns, strict=True))
    assert all(e.terminations[a] for a in e.possible_agents)
    assert all(e.infos[a] == {} for a in e.possible_agents)
    assert e.agent_selection == e.possible_agents[0]
