"""Think time of a 4-player game of four ISMCTS bots, a faster search against a slower one, on the same deals
(docs/benchmarks.md). The budget is seconds (``0.1s``) or iterations (``500``, the proxy for time: the
iterations spent are reported too). The faster side is the stopping search, the confident stop on and the setup
control placements on a tenth of the budget (``SETUP_SHARE``), except in ``default``; what it is compared with (the
third argument):

- ``confident`` (the default): the same without the confident stop (the exact bound alone, the setup budget kept);
- ``early``: the same without any early stop (``early_stop=False``, the setup budget kept);
- ``setup``: the same with the setup placements searched on the decision budget;
- ``today``: the search as issue 28 found it (no early stop, the setup placements searched on the decision budget);
- ``default``: the default search (the exact bound alone) against the search as issue 28 found it.

    PYTHONPATH=<native build>:. python scripts/bench_ismcts_think.py 0.1s 3
    PYTHONPATH=<native build>:. python scripts/bench_ismcts_think.py 500 2 confident
    PYTHONPATH=<native build>:. python scripts/bench_ismcts_think.py 1s 3 today '{"stop_z": 1.75}'

A fourth argument, JSON, gives the faster side's own settings (keyword arguments of ISMCTSBot, over its own).
"""

from __future__ import annotations

import json
import math
import sys

from daimyo.arena.schedule import clans_for
from daimyo.bots.rokugan.ismcts import SETUP_SHARE, ISMCTSBot, parse_budget
from daimyo.rokugan import new_game


def think(seed: int, budget: str, players: int = 4, **settings) -> tuple[float, int]:
    """Seconds the bots searched over one game, and the iterations they spent."""
    iterations, seconds = parse_budget(budget)
    s = new_game(players, seed, list(clans_for(seed, players, 1)), engine="native")
    bots = {p: ISMCTSBot(seed * 4 + p, iterations=iterations, seconds=seconds, **settings) for p in range(players)}
    total, spent = 0.0, 0
    while not s.is_terminal():
        seat = s.to_act()[0]
        bot = bots[seat]
        bot.last_seconds, bot.last_iterations = 0.0, 0
        s.apply_move(seat, bot.choose(s, seat))
        total += bot.last_seconds
        spent += bot.last_iterations
    return total, spent


def main() -> None:
    budget, games = sys.argv[1], int(sys.argv[2])
    mode = sys.argv[3] if len(sys.argv) > 3 else "confident"
    iterations, seconds = parse_budget(budget)
    setup = {"setup_iterations": None if iterations is None else math.ceil(iterations * SETUP_SHARE),
             "setup_seconds": None if seconds is None else seconds * SETUP_SHARE}
    stopping = {"confident_stop": True, **setup}
    mine, other = {"confident": (stopping, {"confident_stop": False, **setup}),
                   "early": (stopping, {"early_stop": False, **setup}),
                   "setup": (stopping, {"confident_stop": True}),
                   "today": (stopping, {"early_stop": False}),
                   "default": ({}, {"early_stop": False})}[mode]
    mine = {**mine, **(json.loads(sys.argv[4]) if len(sys.argv) > 4 else {})}
    for g in range(games):
        (t_new, i_new), (t_old, i_old) = think(20_000 + g, budget, **mine), think(20_000 + g, budget, **other)
        print(f"game {g}: with {mode} {t_new:.1f} s, {i_new} iterations; without {t_old:.1f} s, {i_old} iterations "
              f"(time {t_new / t_old:.2f}, iterations {i_new / i_old:.2f})", flush=True)


if __name__ == "__main__":
    main()
