"""Rising Sun's War Phase bots by name, each usable in any seat.

* ``random``: any legal move, uniformly (the shared :class:`~daimyo.bots.random_bot.RandomBot`);
* ``heuristic``: :class:`~daimyo.bots.risingsun.heuristic.WarHeuristicBot`, which bids where its coins are worth most;
* ``regret`` (``regret:N``): :class:`~daimyo.bots.risingsun.regret.RegretBidBot`, which bids from each battle's bid
  sub-game solved by N rounds of regret matching (400 by default), natively where the compiled solver is built
  (:mod:`daimyo.bots.risingsun.native`); ``cfr`` is the same bot;
* ``regret-python``: the same bot solving in Python, the reference (the same bids on the same seeds, slower).

Wars in bulk (random and heuristic bots, either engine; the arena's fast path, ``arena_row``):
:mod:`daimyo.bots.risingsun.bulk`; ``start_from_file``
gives a simulation its war on the engine it names.

``make_bot(spec, seed)`` builds one (``risingsun-heuristic`` is accepted too); the game's registration
(:mod:`daimyo.risingsun.game`) offers these through :mod:`daimyo.bots.registry`.
"""

from __future__ import annotations

from collections.abc import Callable

from daimyo.bots.random_bot import Bot, RandomBot, play
from daimyo.bots.risingsun import regret
from daimyo.bots.risingsun.bulk import NativeWar
from daimyo.bots.risingsun.heuristic import WarHeuristicBot
from daimyo.bots.risingsun.regret import RegretBidBot
from daimyo.risingsun.position import from_text
from daimyo.risingsun.state import RisingSunWar

__all__ = ["BOTS", "RegretBidBot", "WarHeuristicBot", "bot_names", "make_bot", "play_war", "start_from_file"]

BOTS: dict[str, Callable[[int, str | None], Bot]] = {
    "random": lambda seed, budget: RandomBot(seed),
    "heuristic": lambda seed, budget: WarHeuristicBot(seed),
    "regret": regret.make,
    "cfr": regret.make,
    "regret-python": lambda seed, budget: regret.make(seed, budget, engine="python"),
}


def bot_names() -> list[str]:
    return sorted(BOTS)


def make_bot(spec: str, seed: int) -> Bot:
    """A War Phase bot by name: ``random``, ``heuristic`` or ``regret[:N]`` (``cfr[:N]``); ``risingsun-heuristic``
    is accepted too."""
    name, _, budget = spec.partition(":")
    name = name.removeprefix("risingsun-")
    factory = BOTS.get(name)
    if factory is None:
        raise ValueError(f"unknown Rising Sun bot '{spec}' (bots: {', '.join(bot_names())})")
    return factory(seed, budget or None)


def play_war(s: RisingSunWar, bots: dict[int, Bot], on_move=None) -> int:
    """Play the War Phase to its end with ``bots`` (seat -> bot); returns the number of moves."""
    return play(s, bots, on_move)


def start_from_file(text: str, engine: str) -> RisingSunWar | NativeWar:
    """A war file's War Phase for a simulation (:func:`daimyo.cli.simulate.simulate`) on ``engine``: ``native`` the
    native war that plays itself whole with random bots (:class:`~daimyo.bots.risingsun.bulk.NativeWar`), ``python``
    the Python state, started."""
    if engine == "native":
        return NativeWar(text)
    if engine != "python":
        raise ValueError(f"unknown Rising Sun engine '{engine}' (engines: native, python)")
    return from_text(text)
