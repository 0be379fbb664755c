"""Battle for Rokugan's bots by name, so that any of them can take any seat (simulations, the arena, live games).

* ``random``: any legal move, uniformly (the shared :class:`~daimyo.bots.random_bot.RandomBot`);
* ``heuristic``: :class:`~daimyo.bots.rokugan.heuristic.RokuganHeuristicBot`, rule-based and fast;
* ``ismcts``: :class:`~daimyo.bots.rokugan.ismcts.ISMCTSBot`, information-set Monte Carlo tree search, run by the
  native engine where it is built (the same choices on an iteration budget, many more iterations a second);
* ``ismcts-python``: the same search run by the Python reference (to compare the two engines).

A bot spec is ``name`` or ``name:budget`` (``ismcts:200``, ``ismcts:0.5s``); ``make_bot(spec, seed)`` builds one.
The game's registration (:mod:`daimyo.rokugan.game`) offers these through :mod:`daimyo.bots.registry`.
"""

from __future__ import annotations

from collections.abc import Callable

from daimyo.bots.random_bot import Bot, RandomBot
from daimyo.bots.rokugan import ismcts
from daimyo.bots.rokugan.heuristic import RokuganHeuristicBot

__all__ = ["BOTS", "RokuganHeuristicBot", "bot_names", "make_bot"]

# name -> factory(seed, budget or None) -> Bot
BOTS: dict[str, Callable[[int, str | None], Bot]] = {
    "random": lambda seed, budget: RandomBot(seed),
    "heuristic": lambda seed, budget: RokuganHeuristicBot(seed),
    "ismcts": ismcts.make,
    "ismcts-python": lambda seed, budget: ismcts.make(seed, budget, engine="python"),
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
