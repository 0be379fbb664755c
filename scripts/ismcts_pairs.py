"""Two ISMCTS settings against each other in 2-player Battle for Rokugan, seats swapped on each deal.

    python3 scripts/ismcts_pairs.py '{"iterations": 400}' '{"iterations": 100}' 40
    python3 scripts/ismcts_pairs.py '{"seconds": 0.1}' '{"seconds": 0.1, "horizon": 0}' 40
    python3 scripts/ismcts_pairs.py '{"iterations": 1500, "confident_stop": true}' '{"iterations": 1500}' 200 16

Each argument is the keyword arguments of an ISMCTSBot (iterations, seconds, horizon, root_candidates, ...); game g
is played on seed 10000 + g // 2 with setting A in seat g % 2. The fourth argument, if given, plays the games over
that many processes (the same games: each is fixed by its seed and seats). Prints each game, A's score (a tie splits
the win) with its Wilson 95% interval, and each side's think time and iterations.
The pilots of docs/bots.md ("A search that scales with its budget") were played this way, natively.
"""

from __future__ import annotations

import json
import math
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from daimyo.arena.schedule import clans_for
from daimyo.bots.rokugan.ismcts import ISMCTSBot
from daimyo.rokugan import new_game


def play(seed: int, a: dict, b: dict, a_seat: int) -> tuple[float, list[float], list[int]]:
    """A's result, and each side's (A, B) think seconds and iterations over the game."""
    s = new_game(2, seed, list(clans_for(seed, 2, 1)), engine="native")
    settings = {a_seat: a, 1 - a_seat: b}
    bots = {p: ISMCTSBot(seed * 2 + p, **settings[p]) for p in (0, 1)}
    seconds, iterations = [0.0, 0.0], [0, 0]
    while not s.is_terminal():
        seat = s.to_act()[0]
        bot = bots[seat]
        bot.last_seconds, bot.last_iterations = 0.0, 0
        s.apply_move(seat, bot.choose(s, seat))
        side = 0 if seat == a_seat else 1
        seconds[side] += bot.last_seconds
        iterations[side] += bot.last_iterations
    return s.returns()[a_seat], seconds, iterations


def _game(job: tuple[int, dict, dict]) -> tuple[int, float, list[float], list[int]]:
    g, a, b = job
    return (g, *play(10_000 + g // 2, a, b, g % 2))


def wilson(score: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a share ``score / n`` (a tie counted as half a win)."""
    p = score / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def main() -> None:
    a, b, games = json.loads(sys.argv[1]), json.loads(sys.argv[2]), int(sys.argv[3])
    workers = int(sys.argv[4]) if len(sys.argv) > 4 else 1
    score, seconds, iterations, t0 = 0.0, [0.0, 0.0], [0, 0], time.time()
    jobs = [(g, a, b) for g in range(games)]
    with ProcessPoolExecutor(workers) if workers > 1 else _Serial() as pool:
        for g, result, secs, its in pool.map(_game, jobs):
            score += result
            for side in (0, 1):
                seconds[side] += secs[side]
                iterations[side] += its[side]
            print(g, round(score, 1), round(time.time() - t0), flush=True)
    low, high = wilson(score, games)
    print(f"A {a} against B {b}: A scores {score} of {games} ({100 * score / games:.1f}%, Wilson 95% interval "
          f"{100 * low:.1f}%-{100 * high:.1f}%); think time A {seconds[0]:.0f} s, B {seconds[1]:.0f} s "
          f"({seconds[0] / max(seconds[1], 1e-9):.2f}); iterations A {iterations[0]}, B {iterations[1]} "
          f"({iterations[0] / max(iterations[1], 1):.2f}); {time.time() - t0:.0f} s wall")


class _Serial:
    """The games one after another in this process (no worker processes)."""

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        return None

    def map(self, fn, jobs):
        return map(fn, jobs)


if __name__ == "__main__":
    main()
