"""Senjutsu's bots by name, each usable in any seat.

* ``random``: any legal action, uniformly (the shared :class:`~daimyo.bots.random_bot.RandomBot`);
* ``heuristic``: :class:`~daimyo.bots.senjutsu.heuristic.SenjutsuHeuristicBot`, which scores its cards against the
  public battlefield.

``make_bot(spec, seed)`` builds one (``senjutsu-random`` and ``senjutsu-heuristic`` are accepted too); the game's
registration (:mod:`daimyo.senjutsu.game`) offers these through :mod:`daimyo.bots.registry`.
"""

from __future__ import annotations

from collections.abc import Callable

from daimyo.bots.random_bot import Bot, RandomBot
from daimyo.bots.senjutsu.heuristic import SenjutsuHeuristicBot, evaluate

__all__ = ["BOTS", "SenjutsuHeuristicBot", "bot_names", "evaluate", "make", "make_bot"]

BOTS: dict[str, Callable[[int], Bot]] = {
    "random": RandomBot,
    "heuristic": SenjutsuHeuristicBot,
}


def bot_names() -> list[str]:
    return sorted(BOTS)


def make_bot(spec: str, seed: int) -> Bot:
    """``random`` or ``heuristic`` (``senjutsu-random``, ``senjutsu-heuristic`` too)."""
    factory = BOTS.get(spec.removeprefix("senjutsu-"))
    if factory is None:
        raise ValueError(f"unknown Senjutsu bot '{spec}' (random, heuristic)")
    return factory(seed)


make = make_bot  # the name daimyo/cli/senjutsu.py and older callers use
