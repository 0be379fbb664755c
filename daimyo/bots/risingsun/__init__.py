"""Rising Sun's War Phase bots by name, each usable in any seat.

* ``random``: any legal move, uniformly (the shared :class:`~daimyo.bots.random_bot.RandomBot`);
* ``heuristic``: :class:`~daimyo.bots.risingsun.heuristic.WarHeuristicBot`, which bids where its coins are worth most.

``make_bot(spec, seed)`` builds one (``risingsun-heuristic`` is accepted too); the game's registration
(:mod:`daimyo.risingsun.game`) offers these through :mod:`daimyo.bots.registry`.
"""

from __future__ import annotations

from collections.abc import Callable

from daimyo.bots.random_bot import Bot, RandomBot, play
from daimyo.bots.risingsun.heuristic import WarHeuristicBot
from daimyo.risingsun.state import RisingSunWar

__all__ = ["BOTS", "WarHeuristicBot", "bot_names", "make_bot", "play_war"]

BOTS: dict[str, Callable[[int, str | None], Bot]] = {
    "random": lambda seed, budget: RandomBot(seed),
    "heuristic": lambda seed, budget: WarHeuristicBot(seed),
}


def bot_names() -> list[str]:
    return sorted(BOTS)


def make_bot(spec: str, seed: int) -> Bot:
    """A War Phase bot by name: ``random`` or ``heuristic`` (``risingsun-heuristic`` is accepted too)."""
    name = spec.partition(":")[0]
    name = name.removeprefix("risingsun-")
    factory = BOTS.get(name)
    if factory is None:
        raise ValueError(f"unknown Rising Sun bot '{spec}' (bots: {', '.join(bot_names())})")
    return factory(seed, None)


def play_war(s: RisingSunWar, bots: dict[int, Bot], on_move=None) -> int:
    """Play the War Phase to its end with ``bots`` (seat -> bot); returns the number of moves."""
    return play(s, bots, on_move)
