"""Random 4-player Rokugan games per second under an int seed (splitmix64) and a GameKey (blake2b-keyed).

    PYTHONPATH=$PWD python3 scripts/bench_generators.py [GAMES]

The two generators alternate in batches of 10 games so that both see the same load on a
shared machine. Game i uses seed i, or the key derived from i; the bots are the same in both.
Also times one clone of a mid-game state (what search bots do thousands of times a move).
"""

from __future__ import annotations

import sys
import time

from daimyo.bots.random_bot import RandomBot, bot_seed, play
from daimyo.core.rng import GameKey
from daimyo.rokugan import new_game


def game_seed(kind: str, i: int):
    return i if kind == "splitmix64" else GameKey(i.to_bytes(32, "little"))


def main(games: int = 200) -> None:
    seconds = {"splitmix64": 0.0, "blake2b-keyed": 0.0}
    actions = dict.fromkeys(seconds, 0)
    mids = {}
    for start in range(0, games, 10):
        for kind in seconds:
            t0 = time.perf_counter()
            for i in range(start, min(start + 10, games)):
                s = new_game(players=4, seed=game_seed(kind, i))
                actions[kind] += play(s, {p: RandomBot(bot_seed(i, p)) for p in range(4)})
            seconds[kind] += time.perf_counter() - t0
            mids.setdefault(kind, new_game(players=4, seed=game_seed(kind, 0),
                                           clans=["crab", "crane", "lion", "unicorn"]))
    for kind in seconds:
        s = mids[kind]
        t0 = time.perf_counter()
        for _ in range(5000):
            s.clone()
        clone_us = (time.perf_counter() - t0) / 5000 * 1e6
        print(f"{kind:14} {games / seconds[kind]:7.1f} games/s  {actions[kind] / seconds[kind]:8.0f} actions/s  "
              f"clone {clone_us:5.1f} us")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
