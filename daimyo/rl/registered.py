"""The research tools each game's registration names (:class:`daimyo.core.registry.GameInfo`, its ``# research``
fields): the general RL modules (:mod:`daimyo.rl.single`, :mod:`daimyo.rl.rllib`, :mod:`daimyo.rl.openspiel`,
:mod:`daimyo.rl.openspiel_bots`) name no game and ask here, so a game registered anywhere (a toy game in a test
among them) gets every tool its registration names, and a clear error naming the missing field for any other.
"""

from __future__ import annotations

from typing import Any

from daimyo.core.registry import GameInfo, game, games, load

#: what each research field makes, in the words of an error for a game without it
FIELDS = {
    "raw_environment": "reinforcement-learning environment",
    "gymnasium_id": "Gymnasium environment",
    "openspiel_game": "OpenSpiel game",
}


def tool(name: str, field: str) -> str:
    """The registration's ``field`` of game ``name``; ValueError naming the game and the field when it has none
    (or when no game is called ``name``, listing the games)."""
    value = getattr(game(name), field)
    if value is None:
        offering = [g for g in games() if getattr(game(g), field) is not None]
        raise ValueError(f"game: {name} has no {FIELDS[field]} ({field} in its registration; games with one: "
                         f"{', '.join(offering) or 'none'})")
    return value


def offering(field: str) -> list[GameInfo]:
    """The registrations of every game that names ``field``, in the registry's order."""
    return [game(g) for g in games() if getattr(game(g), field) is not None]


def raw_environment(name: str, **options: Any) -> Any:
    """Game ``name``'s unwrapped PettingZoo AEC environment made with ``options``."""
    return load(tool(name, "raw_environment"))(**options)


__all__ = ["FIELDS", "load", "offering", "raw_environment", "tool"]
