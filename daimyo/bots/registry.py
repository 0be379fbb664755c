"""Bots by game and spec: each game's bots are registered here, in the bots package, not in the game's rules.

``make_bot(game_name, "ismcts:0.5s", seed)`` finds the game's bots: a game built in keeps them in its own folder of
the bots package, which its registration names (``bots`` of :class:`~daimyo.core.registry.GameInfo`, e.g.
``daimyo/bots/senjutsu/``), imported only when first asked for; a game registered otherwise (a test's toy game) may
bring its own in its registration (``bot_names`` and ``make_bot``). A lobby or the arena offers only the bots of
the game at hand.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from daimyo.core.registry import game, load

#: spec prefix -> the function (``"module:function"``, imported only when asked) making a bot of a library that lives
#: above the bots (OpenSpiel's ISMCTS bot, ``openspiel:``, wraps the reinforcement-learning layer's OpenSpiel game)
PREFIXED_BOTS: dict[str, str] = {
    "openspiel": "daimyo.rl.openspiel_bots:openspiel_bot",
}


def _bots_of(game_name: str) -> tuple[Callable[[], list[str]], Callable[[str, int], Any]]:
    """The game's own (bot_names, make_bot): from its registration, else from the package its ``bots`` names."""
    info = game(game_name)
    if info.bot_names is not None and info.make_bot is not None:
        return info.bot_names, info.make_bot
    if info.bots is None:
        raise ValueError(f"{info.title} has no bots (bots, or bot_names and make_bot, in its registration)")
    module = importlib.import_module(info.bots)
    return module.bot_names, module.make_bot


def bot_names(game_name: str) -> list[str]:
    """The bot names the game ``game_name`` offers (an unknown game raises ValueError listing the games)."""
    return _bots_of(game_name)[0]()


def game_bot(game_name: str, spec: str, seed: int) -> Any:
    """One of the game's own bots (``name`` or ``name:budget``), seeded with ``seed``; ValueError for another name."""
    return _bots_of(game_name)[1](spec, seed)


def make_bot(game_name: str, spec: str, seed: int):
    """The bot of ``game_name`` named by ``spec`` (``name`` or ``name:budget``), seeded with ``seed``; or a bot
    from outside daimyo (``exec:COMMAND``, ``package.module:Class``, an entry point of ``daimyo.bots``;
    :mod:`daimyo.bots.external`). The play server asks the game's own bots only (:func:`game_bot`)."""
    prefix = spec.partition(":")[0]
    if ":" in spec and prefix in PREFIXED_BOTS:   # openspiel:... (daimyo.rl.openspiel_bots; the openspiel extra)
        return load(PREFIXED_BOTS[prefix])(game_name, spec, seed)
    if spec.partition(":")[0] not in bot_names(game_name):
        from daimyo.bots.external import outside_bot
        bot = outside_bot(game_name, spec, seed)
        if bot is not None:
            return bot
    return game_bot(game_name, spec, seed)
