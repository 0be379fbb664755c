"""Reinforcement-learning environments for daimyo's games (install the ``rl`` extra: ``pip install 'daimyo[rl]'``).

* :mod:`daimyo.rl.rokugan`: Battle for Rokugan as a PettingZoo AEC environment (``env``, ``raw_env``, here too;
  :mod:`daimyo.rl.env`, its old name, still imports them);
* :mod:`daimyo.rl.senjutsu`, :mod:`daimyo.rl.risingsun`: Senjutsu and Rising Sun's War Phase, AEC and Parallel;
* :mod:`daimyo.rl.single`: one seat against daimyo's bots as a Gymnasium environment; importing this package
  registers ``daimyo/Rokugan-v0``, ``daimyo/Senjutsu-v0`` and ``daimyo/RisingSunWar-v0``.

See docs/rl.md.

>>> from daimyo.rl import env
>>> e = env(players=2)
>>> e.reset(seed=1)
"""

from daimyo.rl import (
    env as _old_name,  # noqa: F401  (daimyo.rl.env, imported first: ``env`` below stays the function)
    single as _single,  # noqa: F401  (registers the Gymnasium environments)
)
from daimyo.rl.rokugan import env, raw_env

__all__ = ["env", "raw_env"]
