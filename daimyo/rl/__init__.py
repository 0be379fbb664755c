"""A PettingZoo environment for Battle for Rokugan (install the ``rl`` extra: ``pip install 'daimyo[rl]'``).

>>> from daimyo.rl import env
>>> e = env(players=2)
>>> e.reset(seed=1)
"""

from daimyo.rl.env import env, raw_env

__all__ = ["env", "raw_env"]
