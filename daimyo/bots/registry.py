"""Bots by game and spec, found through each game's registration (:mod:`daimyo.core.registry`).

``make_bot("rokugan", "ismcts:0.5s", seed)`` asks the game's :class:`~daimyo.core.registry.GameInfo` for the bot,
so each game keeps its bots in its own folder (``daimyo/bots/rokugan/``, ``daimyo/bots/senjutsu/``,
``daimyo/bots/risingsun/``) and a lobby or the arena offers only the bots of the game at hand.
"""

from __future__ import annotations

from daimyo.core.registry import game


def bot_names(game_name: str) -> list[str]:
    """The bot names the game ``game_name`` offers (an unknown game raises ValueError listing the games)."""
    return game(game_name).bot_names()


def make_bot(game_name: str, spec: str, seed: int):
    """The bot of ``game_name`` named by ``spec`` (``name`` or ``name:budget``), seeded with ``seed``."""
    return game(game_name).make_bot(spec, seed)
