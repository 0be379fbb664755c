"""The RLlib adapter (the ``rllib`` extra, no PyTorch): RLlib's own multi-agent env checks, the observation keys its
action-masking modules read, turn-by-turn observations with every agent's return at the end, and illegal actions."""

from __future__ import annotations

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")
pytest.importorskip("ray.rllib")           # skips where the rllib extra is not installed

from ray.rllib.env.multi_agent_env import MultiAgentEnv  # noqa: E402
from ray.rllib.utils.pre_checks.env import check_multiagent_environments  # noqa: E402

from daimyo.rl.rllib import DaimyoMultiAgentEnv  # noqa: E402

CONFIGS = {
    "rokugan-3": {"game": "rokugan", "players": 3},
    "rokugan-picks": {"game": "rokugan", "actions": "picks"},
    "rokugan-python": {"game": "rokugan", "players": 2, "engine": "python"},
    "senjutsu-2": {"game": "senjutsu", "players": 2},
    "risingsun": {"game": "risingsun", "war": "worked-battle"},
}


@pytest.mark.parametrize("name", sorted(CONFIGS))
def test_rllibs_multi_agent_env_checks_pass(name):
    """RLlib's checker steps the env with actions sampled from the whole action space, the mask unread: an illegal
    one ends the episode (reward -1) instead of raising, so the check passes (run a few times: some samples are
    legal)."""
    env = DaimyoMultiAgentEnv(CONFIGS[name])
    assert isinstance(env, MultiAgentEnv)
    for _ in range(5):
        check_multiagent_environments(env)


@pytest.mark.parametrize("name", sorted(CONFIGS))
def test_a_masked_game_gives_one_observation_a_step_and_every_return_at_the_end(name):
    env = DaimyoMultiAgentEnv(CONFIGS[name])
    rng = np.random.default_rng(1)
    obs, infos = env.reset(seed=4)
    assert infos == {}
    steps = 0
    while True:
        assert len(obs) == 1
        (agent, o), = obs.items()
        space = env.observation_spaces[agent]
        assert set(o) == {"observations", "action_mask"}        # the keys RLlib's action-masking modules read
        assert o["observations"].dtype == np.float32 and o["action_mask"].dtype == np.float32
        assert space.contains(o) and o["action_mask"].sum() >= 1
        action = int(rng.choice(np.flatnonzero(o["action_mask"])))
        obs, rewards, terminated, truncated, infos = env.step({agent: action})
        steps += 1
        assert infos == {} and not truncated["__all__"]
        if terminated["__all__"]:
            break
        assert rewards == {agent: 0.0}
    assert set(obs) == set(env.possible_agents) and all(env.observation_spaces[a].contains(obs[a]) for a in obs)
    assert sum(rewards.values()) == pytest.approx(1.0) and steps > 3
    with pytest.raises(RuntimeError, match="call reset"):
        env.step({agent: action})


def test_an_illegal_action_ends_the_episode_with_minus_one_or_raises_when_asked():
    env = DaimyoMultiAgentEnv({"game": "senjutsu", "players": 2})
    obs, _ = env.reset(seed=2)
    (agent, o), = obs.items()
    illegal = int(np.flatnonzero(o["action_mask"] == 0)[0])
    obs, rewards, terminated, _truncated, infos = env.step({agent: illegal})
    assert terminated["__all__"] and rewards[agent] == -1.0 and sum(rewards.values()) == -1.0
    assert infos == {agent: {"illegal": 1}}
    strict = DaimyoMultiAgentEnv({"game": "senjutsu", "players": 2, "illegal": "raise"})
    obs, _ = strict.reset(seed=2)
    before = obs[agent]["observations"].copy()
    with pytest.raises(ValueError, match=f"action {illegal} is not legal for {agent}"):
        strict.step({agent: illegal})
    assert np.array_equal(strict._obs(agent)["observations"], before)


@pytest.mark.parametrize(("config", "words"), [
    ({"game": "chess"}, "unknown game 'chess'"),
    ({"players": 2}, "config 'game': name the game"),
    ({"game": "senjutsu", "war": "seed-example"}, "an option senjutsu does not take"),
    ({"game": "rokugan", "illegal": "ignore"}, "'lose'"),
])
def test_a_bad_config_is_refused_by_name(config, words):
    with pytest.raises(ValueError, match=words):
        DaimyoMultiAgentEnv(config)


def rllib_checks_over_a_whole_game(env, seed: int = 4) -> int:
    """RLlib's own checks (``ray.rllib.utils.pre_checks.env``, the functions ``check_multiagent_environments`` runs
    on one sampled step) on the reset and on every step of a whole game played with masked random actions, each
    observation also within its space; returns the steps taken."""
    from ray.rllib.utils.pre_checks import env as checks
    check_multiagent_environments(env)
    rng = np.random.default_rng(seed)
    obs, infos = env.reset(seed=seed)
    checks._check_if_element_multi_agent_dict(env, obs, "reset()")
    steps = 0
    while True:
        assert all(env.observation_spaces[a].contains(o) for a, o in obs.items())
        action = {a: int(rng.choice(np.flatnonzero(o["action_mask"]))) for a, o in obs.items()}
        checks._check_if_element_multi_agent_dict(env, action, "get_action_space(agent_id=..).sample()")
        assert all(env.action_spaces[a].contains(x) for a, x in action.items())
        obs, reward, done, truncated, info = env.step(action)
        steps += 1
        checks._check_if_element_multi_agent_dict(env, obs, "step, next_obs")
        checks._check_if_element_multi_agent_dict(env, reward, "step, reward")
        checks._check_if_element_multi_agent_dict(env, done, "step, done")
        checks._check_if_element_multi_agent_dict(env, truncated, "step, truncated")
        checks._check_if_element_multi_agent_dict(env, info, "step, info", allow_common=True)
        checks._check_reward({"dummy_env_id": reward}, base_env=True, agent_ids=env.agents)
        checks._check_done_and_truncated({"dummy_env_id": done}, {"dummy_env_id": truncated}, base_env=True,
                                         agent_ids=env.agents)
        checks._check_info({"dummy_env_id": info}, base_env=True, agent_ids=env.agents)
        if done["__all__"]:
            assert all(env.observation_spaces[a].contains(o) for a, o in obs.items())
            return steps


@pytest.mark.parametrize("name", sorted(CONFIGS))
def test_rllibs_env_checks_hold_at_every_step_of_whole_games(name):
    """CI (no PyTorch): RLlib's checks over whole games, not only the one step its checker samples."""
    env = DaimyoMultiAgentEnv(CONFIGS[name])
    assert rllib_checks_over_a_whole_game(env) > 3
