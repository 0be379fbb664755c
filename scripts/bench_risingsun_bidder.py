"""Rising Sun's regret bidder, native solver beside the Python one (docs/benchmarks.md, "Rising Sun's bidder, native").

    PYTHONPATH=$PWD python3 scripts/bench_risingsun_bidder.py [RANDOM_WARS] [REPEATS]

First bid: at every battle of the example war files (and of RANDOM_WARS seeded random wars, tests/bots/
test_risingsun_native.py's generator), the time a regret bot at the default budget takes for the first bid of the
battle, its sub-game solved afresh (the cache emptied), with each engine; the fastest of REPEATS tries. Wars a
second: each example war file played to its end by regret bots in every seat (the cache emptied before each war),
with each engine. The bids of the two engines are checked equal on the way.
"""

from __future__ import annotations

import statistics
import sys
import time

from daimyo.bots.risingsun import WarHeuristicBot, regret as rg
from daimyo.risingsun import examples, from_text, open_example
from daimyo.risingsun.state import BID


def battle_states(text: str, seed: int):
    """The state at each battle's first bid, the war played on by heuristic bots."""
    s = from_text(text)
    bots = {p: WarHeuristicBot(seed * 7 + p) for p in range(s.n)}
    while not s.is_terminal():
        if s.step == BID and not s.bids:
            yield s.clone()
        for p in s.to_act():
            if p in s.to_act():
                s.apply_move(p, bots[p].choose(s, p))


def first_bid(s, engine: str, repeats: int) -> tuple[float, tuple, int]:
    best, move, cells = float("inf"), None, 0
    for _ in range(repeats):
        rg._CACHE.clear()
        bot = rg.RegretBidBot(1, engine=engine)
        seat = s.participants[0]
        t0 = time.perf_counter()
        move = bot.choose(s, seat)
        best = min(best, time.perf_counter() - t0)
        cells = len(bot.last_solution.payoffs)
    return best, move, cells


def play(text: str, engine: str) -> list:
    rg._CACHE.clear()
    s = from_text(text)
    bots = {p: rg.RegretBidBot(11 + p, engine=engine) for p in range(s.n)}
    moves = []
    while not s.is_terminal():
        for p in s.to_act():
            if p in s.to_act():
                m = bots[p].choose(s, p)
                moves.append(m)
                s.apply_move(p, m)
    return moves


def main() -> None:
    randoms = int(sys.argv[1]) if len(sys.argv) > 1 else 0
    repeats = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    wars = [(name, open_example(name), 0) for name in examples()]
    if randoms:
        sys.path.insert(0, ".")
        from tests.bots.test_risingsun_native import random_war
        wars += [(f"random {seed}", random_war(seed), seed) for seed in range(randoms)]
    print(f"first bid of a battle, regret:{rg.ITERATIONS} (seconds, fastest of {repeats})")
    print(f"{'war':<16} {'battle':<10} {'clans':>5} {'joint bids':>10} {'native':>8} {'python':>8} {'ratio':>6}")
    ratios, natives = [], []
    for name, text, seed in wars:
        for s in battle_states(text, seed):
            tn, mn, cells = first_bid(s, "native", repeats)
            tp, mp, _ = first_bid(s, "python", repeats)
            assert mn == mp, (name, mn, mp)
            ratios.append(tp / tn)
            natives.append(tn)
            print(f"{name:<16} {s.province():<10} {len(s.participants):>5} {cells:>10} {tn:>8.4f} {tp:>8.3f} {tp / tn:>6.0f}")
    print(f"native: median {statistics.median(natives):.4f} s, max {max(natives):.4f} s; "
          f"python/native: median {statistics.median(ratios):.0f}x")
    print("wars a second, regret bots in every seat (the example war files, cache emptied before each war)")
    for name, text, _seed in wars[:len(examples())]:
        rates = {}
        played = {}
        for engine in ("native", "python"):
            t0 = time.perf_counter()
            played[engine] = play(text, engine)
            rates[engine] = 1 / (time.perf_counter() - t0)
        assert played["native"] == played["python"], name
        print(f"{name:<16} native {rates['native']:8.2f} wars/s  python {rates['python']:6.3f} wars/s  "
              f"{rates['native'] / rates['python']:.0f}x")


if __name__ == "__main__":
    main()
