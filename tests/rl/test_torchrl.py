"""TorchRL's PettingZoo wrapper takes every daimyo PettingZoo environment (infos hold no text by default); only where
torchrl is installed (not in CI, which installs no PyTorch)."""

from __future__ import annotations

import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("torchrl")

from torchrl.envs.libs.pettingzoo import PettingZooWrapper  # noqa: E402

from daimyo.rl import risingsun as rs, senjutsu as sj  # noqa: E402
from daimyo.rl.rokugan import raw_env  # noqa: E402

MAKERS = {
    "rokugan-aec": (lambda: raw_env(players=2), False),
    "senjutsu-aec": (lambda: sj.raw_env(players=2), False),
    "risingsun-aec": (lambda: rs.raw_env(war="worked-battle"), False),
    "senjutsu-parallel": (lambda: sj.parallel_env(players=2), True),
    "risingsun-parallel": (lambda: rs.parallel_env(war="worked-battle"), True),
}


@pytest.mark.parametrize("name", sorted(MAKERS))
def test_torchrls_pettingzoo_wrapper_takes_the_environment(name):
    make, parallel = MAKERS[name]
    env = PettingZooWrapper(make(), use_mask=True, categorical_actions=True, seed=0)
    data = env.reset()
    assert "done" in data.keys()
    if parallel:
        rollout = env.rollout(5, break_when_any_done=False)
        assert rollout.batch_size[0] == 5


def test_action_names_are_text_and_torchrl_refuses_them_as_the_default_avoids():
    env = sj.parallel_env(players=2, action_names=True)
    with pytest.raises(ValueError, match="str"):
        PettingZooWrapper(env, use_mask=True, categorical_actions=True, seed=0).reset()
