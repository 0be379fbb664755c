"""Bots by name, so that any bot can take any seat (simulations, the arena, live games).

A bot spec is ``name`` or ``name:budget`` (``ismcts:200``); ``make_bot(spec, seed)`` builds
one. Each bot module registers its factory here.
"""

from __future__ import annotations

from collections.abc import Callable

from daimyo.bots import ismcts
from daimyo.bots.heuristic import HeuristicBot
from daimyo.bots.random_bot import Bot, RandomBot

# name -> factory(seed, budget or None) -> Bot
BOTS: dict[str, Callable[[int, str | None], Bot]] = {
    "random": lambda seed, budget: RandomBot(seed),
    "heuristic": lambda seed, budget: HeuristicBot(seed),
    "ismcts": ismcts.make,
}


def bot_names() -> list[str]:
    return sorted(BOTS)


def make_bot(spec: str, seed: int) -> Bot:
    """The bot named by ``spec`` (``name`` or ``name:budget``), seeded with ``seed``."""
    name, _, budget = spec.partition(":")
    factory = BOTS.get(name)
    if factory is None:
        raise ValueError(f"unknown bot '{name}' (bots: {', '.join(bot_names())})")
    return factory(seed, budget or None)
