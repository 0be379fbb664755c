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


AEC = {"rokugan": lambda: rokugan_env(players=2), "picks": lambda: rokugan_env(players=2, actions="picks"),
       "senjutsu": lambda: senjutsu.env(players=2), "risingsun": lambda: risingsun.env(war="worked-battle")}


@pytest.mark.parametrize("name", sorted(AEC))
def test_an_action_that_is_not_a_whole_number_is_refused_by_name_and_changes_nothing(name):
    """int() would cut 1.5 down to 1 and play that slot, take "3" for 3, and meet None with a bare TypeError."""
    e = AEC[name]()
    e.reset(seed=1)
    agent = e.agent_selection
    legal = np.flatnonzero(e.last()[0]["action_mask"])
    before = e.state().copy()
    for action, why in ((legal[0] + 0.5, "not a whole number"), (str(legal[0]), "an action is a whole number"),
                        (None, "None is the action of an agent that is done")):
        with pytest.raises(ValueError, match=f"for {agent}.*{why}"):
            e.step(action)
        assert e.agent_selection == agent and np.array_equal(e.state(), before)
    e.step(float(legal[0]))                    # a float without a fraction, or a NumPy integer, is that action
    assert not np.array_equal(e.state(), before)


@pytest.mark.parametrize("make", [lambda: senjutsu.parallel_env(players=2), lambda: risingsun.parallel_env(war="worked-battle")],
                         ids=["senjutsu", "risingsun"])
def test_the_parallel_environments_refuse_an_answer_that_is_not_a_whole_number(make):
    par = make()
    observations, _ = par.reset(seed=1)
    answers = {a: int(np.flatnonzero(observations[a]["action_mask"])[0]) for a in par.agents}
    before = par.state().copy()
    agent = next(a for a in par.agents if answers[a] != 0)
    for bad, said in ((answers[agent] + 0.5, rf"action {answers[agent]}\.5 for {agent}: not a whole number"),
                      (None, f"action None for {agent}, who is to act")):
        with pytest.raises(ValueError, match=said):
            par.step({**answers, agent: bad})
        assert np.array_equal(par.state(), before)
    par.step(answers)
    assert not np.array_equal(par.state(), before)


def test_the_gymnasium_environment_refuses_an_action_that_is_not_a_whole_number():
    from daimyo.rl.single import SeatEnv
    env = SeatEnv("senjutsu", players=2)
    _, info = env.reset(seed=1)
    legal = int(np.flatnonzero(info["action_mask"])[0])
    with pytest.raises(ValueError, match=r"action 1\.5 for player_0: not a whole number"):
        env.step(legal + 0.5 if legal == 1 else 1.5)
    _, reward, terminated, _, info = env.step(np.int64(legal))      # still the same decision: played as usual
    assert reward == 0.0 and not terminated and info["action_mask"].any()
