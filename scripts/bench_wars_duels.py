"""Random Rising Sun wars and Senjutsu duels per second (the issue 14's cheap wins, docs/benchmarks.md).

    PYTHONPATH=$PWD python3 scripts/bench_wars_duels.py risingsun|senjutsu [GAMES]

Rising Sun: war ``i`` is the example war files in turn, random players seeded from ``i``. Senjutsu: duel ``i`` is
Kaze against Tetsu seeded ``i``, random players seeded from it. Prints games and actions a second and the
actions played (equal before and after a change that keeps the rules, or the change altered a game).
"""

from __future__ import annotations

import sys
import time

from daimyo.bots.random_bot import RandomBot, bot_seed, play
from daimyo.core.registry import game
from daimyo.risingsun import examples, from_text, open_example


def wars(games: int) -> int:
    names, actions = examples(), 0
    for i in range(games):
        s = from_text(open_example(names[i % len(names)]))
        actions += play(s, {p: RandomBot(bot_seed(i, p)) for p in range(len(s.clans))})
    return actions


def duels(games: int) -> int:
    info, actions = game("senjutsu"), 0
    for i in range(games):
        s = info.setup(2, i, ["kaze", "tetsu"])
        actions += play(s, {p: RandomBot(bot_seed(i, p)) for p in range(2)})
    return actions


def main() -> None:
    which, games = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 50
    t0 = time.perf_counter()
    actions = {"risingsun": wars, "senjutsu": duels}[which](games)
    dt = time.perf_counter() - t0
    print(f"{which}: {games / dt:.1f} games/s  {actions / dt:.0f} actions/s  ({actions} actions)" if games else which)


if __name__ == "__main__":
    main()
