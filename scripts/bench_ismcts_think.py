"""Think time of a 4-player game of four ISMCTS bots, the default search against an earlier one, on the same deals
(docs/benchmarks.md). The budget is seconds (``0.1s``) or iterations (``500``, the proxy for time: the
iterations spent are reported too). What is compared (the third argument):

- ``confident`` (the default): the default search against the same without the confident stop
  (``confident_stop=False``: the exact bound alone);
- ``early``: the default search against the same without any early stop (``early_stop=False``);
- ``setup``: the default against the setup placements searched on the decision budget;
- ``today``: the default against the search as issue 28 found it (no early stop, the setup placements searched on
  the decision budget).

    PYTHONPATH=<native build>:. python scripts/bench_ismcts_think.py 0.1s 3
    PYTHONPATH=<native build>:. python scripts/bench_ismcts_think.py 500 2 confident
    PYTHONPATH=<native build>:. python scripts/bench_ismcts_think.py 1s 3 today '{"stop_z": 1.75}'

A fourth argument, JSON, gives the default side's own settings (keyword arguments of ISMCTSBot).
"""

from __future__ import annotations

import json
import sys

from daimyo.arena.schedule import clans_for
from daimyo.bots.rokugan.ismcts import ISMCTSBot, parse_budget
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
    mine = json.loads(sys.argv[4]) if len(sys.argv) > 4 else {}
    iterations, seconds = parse_budget(budget)
    other = {"confident": {"confident_stop": False}, "early": {"early_stop": False},
             "setup": {"setup_iterations": iterations, "setup_seconds": seconds},
             "today": {"early_stop": False, "setup_iterations": iterations, "setup_seconds": seconds}}[mode]
    for g in range(games):
        (t_new, i_new), (t_old, i_old) = think(20_000 + g, budget, **mine), think(20_000 + g, budget, **other)
        print(f"game {g}: with {mode} {t_new:.1f} s, {i_new} iterations; without {t_old:.1f} s, {i_old} iterations "
              f"(time {t_new / t_old:.2f}, iterations {i_new / i_old:.2f})", flush=True)


if __name__ == "__main__":
    main()
