"""Bots that play any daimyo game through its state interface, and each game's own bots.

General: :mod:`daimyo.bots.random_bot` (the uniform bot, bot seeds, the play loop) and :mod:`daimyo.bots.registry`
(bots by game and spec). Each game's bots live under its name: :mod:`daimyo.bots.rokugan`,
:mod:`daimyo.bots.senjutsu`, :mod:`daimyo.bots.risingsun`.
"""

from daimyo.bots.random_bot import RandomBot, bot_seed, play, play_game
from daimyo.bots.registry import bot_names, make_bot

__all__ = ["RandomBot", "bot_names", "bot_seed", "make_bot", "play", "play_game"]
