"""Batched Battle for Rokugan over threads: self-play steps a wall-clock second of daimyo.rl.vector.RokuganBatch
with random masked actions drawn and applied natively in one pass (RokuganBatch.step_random), 4 players,
GAMES_PER_THREAD games per thread, for each thread count.

    [GAMES_PER_THREAD=N] python scripts/bench_vector_threads.py [SECONDS] [THREADS ...]   (docs/benchmarks.md)

Prints one JSON object: the machine, and per thread count the steps a second and the speedup over one thread.
"""

from __future__ import annotations

import json
import os
import platform
import sys
import time

from daimyo.rl.vector import RokuganBatch

GAMES_PER_THREAD = int(os.environ.get("GAMES_PER_THREAD", "256"))
PLAYERS = 4


def steps_per_second(threads: int, seconds: float, seed: int = 0) -> float:
    games = GAMES_PER_THREAD * threads
    batch = RokuganBatch(games=games, players=PLAYERS, threads=threads, copy=False)
    batch.reset(seed=seed)
    for _ in range(20):   # warm up: every game past its first deal
        batch.step_random()
    t0, steps = time.perf_counter(), 0
    while steps == 0 or time.perf_counter() - t0 < seconds:
        batch.step_random()
        steps += games
    return steps / (time.perf_counter() - t0)


def main(argv: list[str]) -> dict:
    seconds = float(argv[0]) if argv else 3.0
    counts = [int(a) for a in argv[1:]] or [1, 2, 4, 8, 16]
    rates = {n: steps_per_second(n, seconds) for n in counts}
    one = rates.get(1)
    return {"machine": {"cpu": platform.processor() or platform.machine(), "cores": os.cpu_count(),
                        "python": platform.python_version()},
            "seconds": seconds, "games_per_thread": GAMES_PER_THREAD, "players": PLAYERS,
            "threads": {str(n): {"steps_per_second": round(r), "speedup": round(r / one, 2) if one else None}
                        for n, r in rates.items()}}


if __name__ == "__main__":
    print(json.dumps(main(sys.argv[1:]), indent=2))
