"""The old name of :mod:`daimyo.rl.rokugan`, Battle for Rokugan's PettingZoo environment, kept for the code that
imports it (``from daimyo.rl.env import raw_env``); new code imports :mod:`daimyo.rl.rokugan`."""

from daimyo.rl.rokugan import env, raw_env

__all__ = ["env", "raw_env"]
