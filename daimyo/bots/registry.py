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
    """The bot of ``game_name`` named by ``spec`` (``name`` or ``name:budget``), seeded with ``seed``; or a bot
    from outside daimyo (``exec:COMMAND``, ``package.module:Class``, an entry point of ``daimyo.bots``;
    :mod:`daimyo.bots.external`). The play server asks the game's own bots only."""
    info = game(game_name)
    if spec.startswith("openspiel:"):   # OpenSpiel's ISMCTS bot (daimyo.rl.openspiel_bots; the openspiel extra)
        from daimyo.rl.openspiel_bots import openspiel_bot
        return openspiel_bot(game_name, spec, seed)
    if spec.partition(":")[0] not in info.bot_names():
        from daimyo.bots.external import outside_bot
        bot = outside_bot(game_name, spec, seed)
        if bot is not None:
            return bot
    return info.make_bot(spec, seed)
