"""Two ISMCTS settings against each other in 2-player Battle for Rokugan, seats swapped on each deal.

    python3 scripts/ismcts_pairs.py '{"iterations": 400}' '{"iterations": 100}' 40
    python3 scripts/ismcts_pairs.py '{"seconds": 0.1}' '{"seconds": 0.1, "horizon": 0}' 40

Each argument is the keyword arguments of an ISMCTSBot (iterations, seconds, horizon, root_candidates, ...); game g
is played on seed 10000 + g // 2 with setting A in seat g % 2. Prints each game and A's score (a tie splits the win).
The pilots of docs/bots.md ("A search that scales with its budget") were played this way, natively.
"""

from __future__ import annotations

import json
import sys
import time

from daimyo.arena.schedule import clans_for
from daimyo.bots.random_bot import play as play_to_end
from daimyo.bots.rokugan.ismcts import ISMCTSBot
from daimyo.rokugan import new_game


def play(seed: int, a: dict, b: dict, a_seat: int) -> float:
    s = new_game(2, seed, list(clans_for(seed, 2, 1)), engine="native")
    settings = {a_seat: a, 1 - a_seat: b}
    play_to_end(s, {p: ISMCTSBot(seed * 2 + p, **settings[p]) for p in (0, 1)})
    return s.returns()[a_seat]


def main() -> None:
    a, b, games = json.loads(sys.argv[1]), json.loads(sys.argv[2]), int(sys.argv[3])
    score, t0 = 0.0, time.time()
    for g in range(games):
        score += play(10_000 + g // 2, a, b, g % 2)
        print(g, round(score, 1), round(time.time() - t0), flush=True)
    print(f"A {a} against B {b}: A scores {score} of {games}")


if __name__ == "__main__":
    main()
