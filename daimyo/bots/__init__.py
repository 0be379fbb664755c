"""Bots that play any daimyo game through its state interface."""

from daimyo.bots.random_bot import RandomBot, bot_seed, play, play_game
from daimyo.bots.registry import bot_names, make_bot

__all__ = ["RandomBot", "bot_names", "bot_seed", "make_bot", "play", "play_game"]
