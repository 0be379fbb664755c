"""Observation bounds: every environment's observation Box has a finite maximum, the most its entries can hold
(Battle for Rokugan: a clan's tokens counted at one place; Senjutsu: a deck face down / 10; Rising Sun: a clan's
Force in one province / 5 at the project's ceilings), every observation of random games lies within it, and
Gymnasium's env checker gives no warning of an infinite bound."""

from __future__ import annotations

import warnings

import pytest

np = pytest.importorskip("numpy")
gym = pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

import daimyo.rl  # noqa: E402,F401  (registers the Gymnasium environments)
from daimyo.rl import encoding, risingsun as rs, senjutsu as sj  # noqa: E402
from daimyo.rl.rokugan import raw_env  # noqa: E402

MAKERS = {
    "rokugan": (lambda: raw_env(players=3), 27.0),
    "rokugan-picks": (lambda: raw_env(players=2, actions="picks"), 27.0),
    "senjutsu-2": (lambda: sj.raw_env(players=2), 4.0),
    "senjutsu-4": (lambda: sj.raw_env(players=4), 4.0),
    "risingsun-seed": (lambda: rs.raw_env(war="seed-example"), 80.0),
    "risingsun-worked": (lambda: rs.raw_env(war="worked-battle"), 80.0),
}


def test_the_bounds_are_the_stated_counts():
    assert encoding.OBS_HIGH == 27.0 and sj.obs_high() == 4.0 and rs.obs_high() == 80.0


@pytest.mark.parametrize("name", sorted(MAKERS))
def test_every_observation_of_random_games_lies_within_a_finite_bound(name):
    make, high = MAKERS[name]
    e = make()
    for seed in range(2):
        rng = np.random.default_rng(seed)
        e.reset(seed=seed)
        for agent in e.agent_iter():
            space = e.observation_space(agent)["observation"]
            assert np.isfinite(space.high).all() and float(space.high.max()) == high
            for a in e.possible_agents:
                assert e.observation_space(a).contains(e.observe(a))
            assert e.state_space.contains(e.state())
            obs, _r, done, trunc, _i = e.last()
            e.step(None if done or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))


@pytest.mark.parametrize(("game", "options"), [("daimyo/Rokugan-v0", {}), ("daimyo/Senjutsu-v0", {}),
                                               ("daimyo/RisingSunWar-v0", {"war": "worked-battle"})])
def test_gymnasiums_env_checker_gives_no_infinity_warning(game, options):
    from gymnasium.utils.env_checker import check_env
    env = gym.make(game, **options)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(env.unwrapped, skip_render_check=True)
    assert not [w for w in caught if "infinity" in str(w.message)]
