"""Bots that play any daimyo game through its state interface."""

from daimyo.bots.random_bot import RandomBot, bot_seed, play, play_game

__all__ = ["RandomBot", "bot_seed", "play", "play_game"]
