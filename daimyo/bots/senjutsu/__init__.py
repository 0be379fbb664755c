"""Senjutsu's bots by name, each usable in any seat.

* ``random``: any legal action, uniformly (the shared :class:`~daimyo.bots.random_bot.RandomBot`);
* ``heuristic``: :class:`~daimyo.bots.senjutsu.heuristic.SenjutsuHeuristicBot`, which scores its cards against the
  public battlefield;
* ``smmcts`` (``smmcts:60``, ``smmcts:0.5s``): :class:`~daimyo.bots.senjutsu.smmcts.SMMCTSBot`, regret matching at
  the simultaneous card choice over determinized worlds (and flat Monte Carlo for the questions of the resolution),
  with a budget of simulations or seconds (1 s by default).

A bot spec is ``name`` or ``name:budget``; ``make_bot(spec, seed)`` builds one (``senjutsu-random``,
``senjutsu-heuristic`` and ``senjutsu-smmcts`` are accepted too); the game's registration (:mod:`daimyo.senjutsu.game`)
offers these through :mod:`daimyo.bots.registry`.
"""

from __future__ import annotations

from collections.abc import Callable

from daimyo.bots.random_bot import Bot, RandomBot
from daimyo.bots.senjutsu import smmcts
from daimyo.bots.senjutsu.heuristic import SenjutsuHeuristicBot, evaluate
from daimyo.bots.senjutsu.smmcts import SMMCTSBot

__all__ = ["BOTS", "SMMCTSBot", "SenjutsuHeuristicBot", "bot_names", "evaluate", "make", "make_bot"]

# name -> factory(seed, budget or None) -> Bot
BOTS: dict[str, Callable[[int, str | None], Bot]] = {
    "random": lambda seed, budget: RandomBot(seed),
    "heuristic": lambda seed, budget: SenjutsuHeuristicBot(seed),
    "smmcts": smmcts.make,
}


def bot_names() -> list[str]:
    return sorted(BOTS)


def make_bot(spec: str, seed: int) -> Bot:
    """``random``, ``heuristic`` or ``smmcts[:budget]`` (with or without the prefix ``senjutsu-``)."""
    name, _, budget = spec.partition(":")
    factory = BOTS.get(name.removeprefix("senjutsu-"))
    if factory is None:
        raise ValueError(f"unknown Senjutsu bot '{spec}' (bots: {', '.join(bot_names())})")
    return factory(seed, budget or None)


make = make_bot  # the name daimyo/cli/senjutsu.py and older callers use
