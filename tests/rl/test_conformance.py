"""The libraries' own conformance checks over whole games, for every environment of every game, where the other test
modules run them over a few steps or not at all (docs/rl.md, "Conformance" has the table): PettingZoo's ``api_test``,
``seed_test``, ``parallel_api_test`` and ``state_test`` (with the mask: see ``MaskedSampling``), rendering in every
declared mode over whole games, Gymnasium's ``check_env`` with its render checks and its passive checks at every
step, and OpenSpiel's ``random_sim_test`` on the Python Rokugan engine. Each asserts that the games reached their end,
where the library does not. The settings are the smallest that play a whole game (2 players, the worked battle).

The libraries are the ``rl`` extra's (a part of the ``test`` extra, so CI runs all of this); the module skips as a
whole only where PettingZoo or Gymnasium is not installed. The OpenSpiel checks are in tests/rl/test_openspiel.py."""

from __future__ import annotations

import warnings

import pytest

np = pytest.importorskip("numpy")
gym = pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from gymnasium.utils import passive_env_checker as passive  # noqa: E402
from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test, parallel_api_test, seed_test, state_test  # noqa: E402
from pettingzoo.utils import BaseWrapper  # noqa: E402

import daimyo.rl  # noqa: E402,F401  (registers the Gymnasium environments)
from daimyo.rl import env as rokugan_env, raw_env, risingsun as rs, senjutsu as sj  # noqa: E402
from daimyo.rl.single import gymnasium_ids  # noqa: E402
from daimyo.rokugan import native  # noqa: E402

#: every AEC environment at its smallest: (maker of the wrapped env, maker of the raw one); the engines both
AEC = {
    "rokugan": (lambda **k: rokugan_env(players=2, **k), lambda **k: raw_env(players=2, **k)),
    "rokugan-picks": (lambda **k: rokugan_env(players=2, actions="picks", **k),
                      lambda **k: raw_env(players=2, actions="picks", **k)),
    "rokugan-python": (lambda **k: rokugan_env(players=2, engine="python", **k),
                       lambda **k: raw_env(players=2, engine="python", **k)),
    "senjutsu": (lambda **k: sj.env(players=2, **k), lambda **k: sj.raw_env(players=2, **k)),
    "risingsun": (lambda **k: rs.env(war="worked-battle", **k), lambda **k: rs.raw_env(war="worked-battle", **k)),
}
PARALLEL = {
    "senjutsu": lambda **k: sj.parallel_env(players=2, **k),
    "risingsun": lambda **k: rs.parallel_env(war="worked-battle", **k),
}
#: more agent turns than any of these games lasts (a 2-player Rokugan game with picks: about 150 moves)
CYCLES = 2000


def _ids(which: dict) -> list:
    """The cases, the native engine's marked to skip where the module is not built (the Python one then plays)."""
    needs_native = pytest.mark.skipif(not native.available(), reason="the native module is not built")
    return [pytest.param(k, marks=needs_native) if k.startswith("rokugan") and k != "rokugan-python" else k
            for k in sorted(which)]


def counting_ends(env):
    """``env`` with its ``step`` and ``reset`` wrapped on the instance: ``env.ends`` counts the games that reached
    their end (the game terminal), so a library check that stops after some steps can be seen to have played whole
    games."""
    game_over = lambda: env.unwrapped.game.is_terminal()  # noqa: E731
    step, reset = env.step, env.reset
    env.ends, env.over = 0, False

    def counted_step(*args, **kwargs):
        out = step(*args, **kwargs)
        if game_over() and not env.over:
            env.ends += 1
        env.over = game_over()
        return out

    def counted_reset(*args, **kwargs):
        out = reset(*args, **kwargs)
        env.over = game_over()
        return out

    env.step, env.reset = counted_step, counted_reset
    return env


class _MaskedSpace(gym.spaces.Discrete):
    """The agent's action space whose ``sample()`` without a mask draws from the legal actions now."""

    def __init__(self, space: gym.spaces.Discrete, env, agent: str):
        super().__init__(int(space.n), seed=int(space.np_random.integers(2**31)))
        self._env, self._agent = env, agent

    def sample(self, mask=None, probability=None):
        if mask is None:
            mask = self._env.observe(self._agent)["action_mask"]
        return super().sample(mask=mask)


class MaskedSampling(BaseWrapper):
    """PettingZoo's ``state_test`` steps with ``action_space(agent).sample()``, the mask unread, and daimyo's AEC
    environments refuse an action the mask forbids; here that call draws a legal action, the rest is the test's."""

    def action_space(self, agent):
        return _MaskedSpace(self.env.action_space(agent), self.env, agent)


@pytest.fixture
def warnings_are_errors():
    """The libraries report most of their findings as warnings (Gymnasium's checker, PettingZoo's tests)."""
    with warnings.catch_warnings():
        warnings.simplefilter("error", UserWarning)
        yield


# ----------------------------------------------------------------------------------------------------- PettingZoo
@pytest.mark.parametrize("which", _ids(AEC))
def test_pettingzoo_api_and_seed_tests_over_whole_games(which):
    wrapped, _ = AEC[which]
    env = counting_ends(wrapped())
    api_test(env, num_cycles=CYCLES, verbose_progress=False)
    # its play test plays one game to its end; the 2 cycles it plays after a new reset end a 7-move war at times
    assert env.ends >= 1, "api_test's play test reached the end of its game"
    made = []

    def make():
        made.append(counting_ends(wrapped()))
        return made[-1]

    seed_test(make, num_cycles=CYCLES)
    assert [e.ends for e in made] == [1, 1], "seed_test played both games to their end"


@pytest.mark.parametrize("which", _ids(AEC))
def test_pettingzoo_state_test_over_a_whole_game(which, warnings_are_errors):
    wrapped, _ = AEC[which]
    env = counting_ends(MaskedSampling(wrapped()))
    parallel = PARALLEL.get(which.split("-")[0])
    state_test(env, parallel() if parallel else _NoParallel(), num_cycles=CYCLES)
    assert env.ends == 1


class _NoParallel:
    """Battle for Rokugan has no Parallel environment: the Parallel part of ``state_test`` has nothing to check."""

    state_space = gym.spaces.Box(0.0, 1.0, (1,))

    def reset(self, seed=None):
        pass

    def state(self):
        return np.zeros(1, dtype=np.float32)


@pytest.mark.parametrize("which", sorted(PARALLEL))
def test_pettingzoo_parallel_api_test_plays_whole_games(which):
    env = counting_ends(PARALLEL[which]())
    parallel_api_test(env, num_cycles=CYCLES)
    assert env.ends == 2, "parallel_api_test's two games reached their end"


@pytest.mark.parametrize("which", sorted(PARALLEL))
def test_parallel_state_is_in_its_space_at_every_step_of_a_whole_game(which, warnings_are_errors):
    """``state_test``'s Parallel part checks the state after a reset only; here after every step to the end."""
    env = PARALLEL[which]()
    rng = np.random.default_rng(0)
    obs, _ = env.reset(seed=0)
    while env.agents:
        assert env.state_space.contains(env.state())
        obs, *_ = env.step({a: int(rng.choice(np.flatnonzero(obs[a]["action_mask"]))) for a in env.agents})
    assert env.game.is_terminal() and env.state_space.contains(env.state())


def _check_render(mode: str, picture) -> None:
    """What PettingZoo's render_test asks of each mode's result."""
    if mode == "rgb_array":
        assert isinstance(picture, np.ndarray) and picture.dtype == np.uint8 and picture.ndim == 3
        assert picture.shape[2] == 3
    elif mode == "ansi":
        assert isinstance(picture, str) and picture
    else:
        assert picture is None


@pytest.mark.parametrize("which", _ids(AEC))
def test_every_render_mode_over_a_whole_aec_game(which, capsys):
    """PettingZoo's render_test renders a few steps; here every declared mode renders every step of a whole game,
    the end included (after every agent has stepped out)."""
    _, raw = AEC[which]
    for mode in raw().metadata["render_modes"]:
        env = raw(render_mode=mode)
        env.reset(seed=1)
        rng = np.random.default_rng(1)
        while env.agents:
            _check_render(mode, env.render())
            agent = env.agent_selection
            if env.terminations[agent] or env.truncations[agent]:
                env.step(None)
            else:
                env.step(int(rng.choice(np.flatnonzero(env.observe(agent)["action_mask"]))))
        assert env.game.is_terminal()
        _check_render(mode, env.render())
        env.close()
    capsys.readouterr()


@pytest.mark.parametrize("which", sorted(PARALLEL))
def test_every_render_mode_over_a_whole_parallel_game(which, capsys):
    """PettingZoo's render_test takes AEC environments only; the Parallel ones render every step of a whole game."""
    for mode in PARALLEL[which]().metadata["render_modes"]:
        env = PARALLEL[which](render_mode=mode)
        obs, _ = env.reset(seed=1)
        rng = np.random.default_rng(1)
        while env.agents:
            _check_render(mode, env.render())
            obs, *_ = env.step({a: int(rng.choice(np.flatnonzero(obs[a]["action_mask"]))) for a in env.agents})
        assert env.game.is_terminal()
        _check_render(mode, env.render())
        env.close()
    capsys.readouterr()


# ------------------------------------------------------------------------------------------------------ Gymnasium
SEAT = {
    "rokugan": ("rokugan", {"players": 2}),
    "rokugan-picks": ("rokugan", {"players": 2, "actions": "picks"}),
    "rokugan-python": ("rokugan", {"players": 2, "engine": "python"}),
    "senjutsu": ("senjutsu", {"players": 2}),
    "risingsun": ("risingsun", {"war": "worked-battle", "seat": 1}),
}


@pytest.mark.parametrize("which", _ids(SEAT))
def test_gymnasium_check_env_with_its_render_checks_and_passive_checks_over_whole_games(
        which, warnings_are_errors, capsys):
    """``check_env`` steps once or twice; made with ``gym.make`` (so that it can make the env in every declared render
    mode) and with its render checks. Then Gymnasium's passive checks (what ``gym.make``'s checker wrapper runs on the
    first reset and step) on the reset, every step and the render of two whole games played with masked actions."""
    game, options = SEAT[which]
    made = gym.make(gymnasium_ids()[game], **options)
    check_env(made.unwrapped)
    env = gym.make(gymnasium_ids()[game], render_mode="rgb_array", **options).unwrapped
    rng = np.random.default_rng(2)
    for seed in (3, 4):
        _, info = passive.env_reset_passive_checker(env, seed=seed)
        done, steps = False, 0
        while not done:
            action = int(rng.choice(np.flatnonzero(info["action_mask"])))
            _, reward, done, truncated, info = passive.env_step_passive_checker(env, action)
            steps += 1
            assert not truncated
        assert env.aec.game.is_terminal() and steps > 1
        assert reward == pytest.approx(env.aec.game.returns()[env.seat])
        _check_render("rgb_array", passive.env_render_passive_checker(env))
    capsys.readouterr()
