"""Battle for Rokugan's environment moved from daimyo.rl.env to daimyo.rl.rokugan (issue 26 item 5): the old module
still gives the same ``env`` and ``raw_env``, and ``daimyo.rl.env`` is still the function that makes one."""

from __future__ import annotations

import importlib

import pytest

pytest.importorskip("pettingzoo")


def test_the_old_module_name_gives_rokugans_environment():
    import daimyo.rl
    from daimyo.rl import rokugan
    from daimyo.rl.env import env, raw_env

    assert (env, raw_env) == (rokugan.env, rokugan.raw_env)
    assert importlib.import_module("daimyo.rl.env").raw_env is rokugan.raw_env
    assert daimyo.rl.env is rokugan.env   # importing the old module leaves the package's ``env`` the function
    e = daimyo.rl.env(players=2)
    e.reset(seed=1)
    assert e.metadata["name"] == "rokugan_v0" and e.agents == ["player_0", "player_1"]


def test_the_registration_names_the_new_module():
    from daimyo.core.registry import game

    info = game("rokugan")
    assert info.environment == "daimyo.rl.rokugan:env" and info.raw_environment == "daimyo.rl.rokugan:raw_env"
