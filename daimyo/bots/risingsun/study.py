"""A strength study of a War Phase bot against the heuristic bidder, over the example wars.

``python3 -m daimyo.bots.risingsun.study --wars 1000 --bot regret`` plays war ``k`` from example war file and seat
``combos[k % len(combos)]`` (every seat of every example, in turn) with bot seeds from ``SEED + k``: the bot sits that
seat and heuristic bots every other seat. The same war is played again with a heuristic bot in that seat (same
seeds), so the report compares the bot with the heuristic in the very same seats: wins of each with 95% Wilson
intervals, and the wars the bot won that the heuristic lost and the reverse.
"""

from __future__ import annotations

import argparse
import json
import time

from daimyo.bots.random_bot import bot_seed, play
from daimyo.bots.risingsun import make_bot
from daimyo.core.stats import wilson
from daimyo.risingsun import examples, load_war, open_example


def _war(text: str, seat: int, spec: str, seed: int) -> float:
    s = load_war(text)
    bots = {p: make_bot(spec if p == seat else "heuristic", bot_seed(seed, p)) for p in range(s.n)}
    play(s, bots)
    return s.returns()[seat]


def study(wars: int, spec: str, seed: int = 0) -> dict:
    """Play ``wars`` wars with ``spec`` in one seat (rotating over every seat of every example) and each again with
    the heuristic in that seat; the win rates with 95% Wilson intervals."""
    texts = {name: open_example(name) for name in examples()}
    combos = [(name, p) for name, text in texts.items() for p in range(load_war(text).n)]
    won = base = only_bot = only_base = 0.0
    t0 = time.perf_counter()
    for k in range(wars):
        name, seat = combos[k % len(combos)]
        r = _war(texts[name], seat, spec, seed + k)
        h = _war(texts[name], seat, "heuristic", seed + k)
        won += r
        base += h
        only_bot += r > h
        only_base += h > r
    return {"bot": spec, "wars": wars, "seed": seed, "seats": [f"{n}:{p}" for n, p in combos],
            "bot_wins": won, "bot_rate": won / wars, "bot_ci95": wilson(won, wars),
            "heuristic_wins": base, "heuristic_rate": base / wars, "heuristic_ci95": wilson(base, wars),
            "bot_won_heuristic_lost": only_bot, "heuristic_won_bot_lost": only_base,
            "seconds": round(time.perf_counter() - t0, 1)}


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--wars", type=int, default=1000)
    ap.add_argument("--bot", default="regret")
    ap.add_argument("--seed", type=int, default=0)
    a = ap.parse_args(argv)
    print(json.dumps(study(a.wars, a.bot, a.seed)))


if __name__ == "__main__":
    main()
