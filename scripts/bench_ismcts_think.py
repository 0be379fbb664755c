"""Think time of a 4-player game of four ISMCTS bots, with the setup budget (the default) and without it (the
setup placements searched on the decision budget, as before), on the same deals (docs/benchmarks.md). With
``early``, the default search against the same without its early stop (``early_stop=False``) instead.

    PYTHONPATH=<native build>:. python scripts/bench_ismcts_think.py 0.1 3
    PYTHONPATH=<native build>:. python scripts/bench_ismcts_think.py 0.1 3 early
"""

from __future__ import annotations

import sys

from daimyo.arena.schedule import clans_for
from daimyo.bots.rokugan.ismcts import ISMCTSBot
from daimyo.rokugan import new_game


def think(seed: int, seconds: float, setup_seconds: float | None, early_stop: bool = True) -> float:
    """Seconds the four bots searched over one game."""
    s = new_game(4, seed, list(clans_for(seed, 4, 1)), engine="native")
    bots = {p: ISMCTSBot(seed * 4 + p, seconds=seconds, setup_seconds=setup_seconds, early_stop=early_stop)
            for p in range(4)}
    total = 0.0
    while not s.is_terminal():
        seat = s.to_act()[0]
        bot = bots[seat]
        bot.last_seconds = 0.0
        s.apply_move(seat, bot.choose(s, seat))
        total += bot.last_seconds
    return total


def main() -> None:
    seconds, games = float(sys.argv[1]), int(sys.argv[2])
    if sys.argv[3:] == ["early"]:
        for g in range(games):
            new, old = think(20_000 + g, seconds, None), think(20_000 + g, seconds, None, early_stop=False)
            print(f"game {g}: think {new:.1f} s stopping early, {old:.1f} s without ({new / old:.2f})", flush=True)
        return
    for g in range(games):
        new, old = think(20_000 + g, seconds, None), think(20_000 + g, seconds, seconds)
        print(f"game {g}: think {new:.1f} s with the setup budget, {old:.1f} s without ({new / old:.2f})", flush=True)


if __name__ == "__main__":
    main()
