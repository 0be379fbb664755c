"""The Rokugan environments on either engine: the native engine (the default where it is built) and the Python
reference give the same observations, masks, rewards and terminations for the same seed and actions."""

import numpy as np
import pytest

from daimyo.rl.rokugan import raw_env
from daimyo.rl.single import SeatEnv
from daimyo.rokugan import native

needs_native = pytest.mark.skipif(not native.available(), reason="the native module is not built")


def _trace(engine: str, seed: int, players: int, actions: str = "full") -> list:
    """Every step of a game with random masked actions (drawn from a generator seeded the same on both engines)."""
    e = raw_env(players=players, engine=engine, actions=actions)
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    out = []
    while e.agents:
        agent = e.agent_selection
        obs = {a: e.observe(a) for a in e.agents}
        out.append((agent, {a: (o["observation"].tobytes(), o["action_mask"].tobytes()) for a, o in obs.items()},
                    dict(e.rewards), dict(e.terminations), dict(e.truncations), e.state().tobytes()))
        if e.terminations[agent] or e.truncations[agent]:
            e.step(None)
            continue
        e.step(int(rng.choice(np.flatnonzero(obs[agent]["action_mask"]))))
    out.append(dict(e._cumulative_rewards))
    return out


@needs_native
@pytest.mark.parametrize(("seed", "players"), [(1, 2), (2, 3), (3, 4), (4, 5), (5, 2)])
def test_aec_native_matches_python(seed, players):
    python, fast = _trace("python", seed, players), _trace("native", seed, players)
    assert len(python) == len(fast) > 30
    for step, (a, b) in enumerate(zip(python, fast, strict=True)):
        assert a == b, f"step {step}"


@needs_native
def test_picks_native_matches_python():
    assert _trace("python", 6, 3, "picks") == _trace("native", 6, 3, "picks")


@needs_native
def test_native_is_the_default_and_the_game_stays_native():
    e = raw_env(players=2)
    assert e.engine == "native"
    e.reset(seed=3)
    for _ in range(40):
        mask = e.observe(e.agent_selection)["action_mask"]
        e.step(int(np.flatnonzero(mask)[0]))
    assert e.game.engine == "native"       # observing and masking read a copy: no hand-over to the Python engine


@needs_native
def test_gymnasium_native_matches_python():
    def run(engine):
        env = SeatEnv("rokugan", players=3, bots="random", engine=engine)
        obs, info = env.reset(seed=11)
        rng = np.random.default_rng(11)
        steps = [(obs.tobytes(), info["action_mask"].tobytes())]
        done = False
        while not done:
            action = int(rng.choice(np.flatnonzero(info["action_mask"])))
            obs, reward, done, truncated, info = env.step(action)
            steps.append((obs.tobytes(), info["action_mask"].tobytes(), reward, done, truncated))
        return steps
    assert run("python") == run("native")


def test_engine_refused_by_name():
    with pytest.raises(ValueError, match="engine: one of python, native, not 'rust'"):
        raw_env(engine="rust")


def test_python_engine_chosen():
    e = raw_env(players=2, engine="python")
    e.reset(seed=1)
    assert type(e.game).__name__ == "RokuganState"
