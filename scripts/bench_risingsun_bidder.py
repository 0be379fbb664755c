"""Rising Sun's regret bidder, native solver beside the Python one (docs/benchmarks.md, "Rising Sun's bidder, native").

    PYTHONPATH=$PWD python3 scripts/bench_risingsun_bidder.py [RANDOM_WARS] [REPEATS]

First bid: at every battle of the example war files (and of RANDOM_WARS seeded random wars, tests/bots/
test_risingsun_native.py's generator), the time a regret bot at the default budget takes for the first bid of the
battle, its sub-game solved afresh (the cache emptied), with each engine: wall time and CPU time (the CPU time
tells less of other work on a shared machine), the native engine's the fastest of REPEATS tries. Wars a second:
each example war file played to its end by regret bots in every seat (the cache emptied before each war), with
each engine, by wall time and by CPU time (the native engine 10 times REPEATS wars, the Python one once).
The bids of the two engines are checked equal on the way.
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


def first_bid(s, engine: str, repeats: int) -> tuple[float, float, tuple, int]:
    wall, cpu, move, cells = float("inf"), float("inf"), None, 0
    for _ in range(repeats):
        rg._CACHE.clear()
        bot = rg.RegretBidBot(1, engine=engine)
        seat = s.participants[0]
        t0, c0 = time.perf_counter(), time.process_time()
        move = bot.choose(s, seat)
        wall, cpu = min(wall, time.perf_counter() - t0), min(cpu, time.process_time() - c0)
        cells = len(bot.last_solution.payoffs)
    return wall, cpu, move, cells


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
    print(f"{'war':<14} {'battle':<9} {'clans':>5} {'joint bids':>10} {'native wall':>11} {'cpu':>7} "
          f"{'python wall':>11} {'cpu':>7} {'cpu ratio':>9}")
    ratios, walls, cpus = [], [], []
    for name, text, seed in wars:
        for s in battle_states(text, seed):
            wn, cn, mn, cells = first_bid(s, "native", repeats)
            wp, cp, mp, _ = first_bid(s, "python", 1)
            assert mn == mp, (name, mn, mp)
            ratios.append(cp / max(cn, 1e-6))
            walls.append(wn)
            cpus.append(cn)
            print(f"{name:<14} {s.province():<9} {len(s.participants):>5} {cells:>10} {wn:>11.4f} {cn:>7.4f} "
                  f"{wp:>11.3f} {cp:>7.3f} {cp / max(cn, 1e-6):>9.0f}")
    print(f"native first bid: wall median {statistics.median(walls):.4f} s, max {max(walls):.4f} s; "
          f"CPU median {statistics.median(cpus):.4f} s, max {max(cpus):.4f} s; python/native CPU: median "
          f"{statistics.median(ratios):.0f}x")
    print("wars a second, regret bots in every seat (the example war files, cache emptied before each war): wall, cpu")
    for name, text, _seed in wars[:len(examples())]:
        rates, played = {}, {}
        for engine, times in (("native", 10 * repeats), ("python", 1)):
            t0, c0 = time.perf_counter(), time.process_time()
            for _ in range(times):
                played[engine] = play(text, engine)
            rates[engine] = (times / (time.perf_counter() - t0), times / (time.process_time() - c0))
        assert played["native"] == played["python"], name
        (nw, nc), (pw, pc) = rates["native"], rates["python"]
        print(f"{name:<14} native {nw:7.1f} / {nc:7.1f} wars/s   python {pw:6.3f} / {pc:6.3f} wars/s   "
              f"{nw / pw:.0f}x / {nc / pc:.0f}x")


if __name__ == "__main__":
    main()
