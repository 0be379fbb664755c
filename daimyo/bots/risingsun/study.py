"""A strength study of a War Phase bot against the heuristic bidder, over the example wars.

``python3 -m daimyo.bots.risingsun.study --wars 1000 --bot regret`` plays war ``k`` from example war file and seat
``combos[k % len(combos)]`` (every seat of every example, in turn) with bot seeds from ``SEED + k``: the bot sits that
seat and heuristic bots every other seat. The same war is played again with a heuristic bot in that seat (same
seeds), so the report compares the bot with the heuristic in the very same seats: wins of each with 95% Wilson
intervals, and the wars the bot won that the heuristic lost and the reverse.

With ``--bot random`` or ``--bot heuristic`` every war is between bulk bots and is played by
:func:`daimyo.bots.risingsun.bulk.play_wars` on ``--engine`` (native where built; the same results as ``python``,
and as the move-by-move play of the other bots).
"""

from __future__ import annotations

import argparse
import json
import time

from daimyo.bots.random_bot import bot_seed, play
from daimyo.bots.risingsun import make_bot
from daimyo.bots.risingsun.bulk import BULK_BOTS, play_wars
from daimyo.core.stats import wilson
from daimyo.risingsun import examples, load_war, open_example


def _war(text: str, seat: int, spec: str, seed: int) -> float:
    s = load_war(text)
    bots = {p: make_bot(spec if p == seat else "heuristic", bot_seed(seed, p)) for p in range(s.n)}
    play(s, bots)
    return s.returns()[seat]


def _bulk(texts: dict[str, str], combos: list[tuple[str, int]], wars: int, spec: str, seed: int,
          engine: str | None) -> list[tuple[float, float]]:
    """War ``k``'s (bot's win, heuristic's win) in its seat, every war played by :func:`play_wars`, a call a file."""
    out = [(0.0, 0.0)] * wars
    for name, text in texts.items():
        ks = [k for k in range(wars) if combos[k % len(combos)][0] == name]
        if not ks:
            continue
        clans = load_war(text).clans
        n = len(clans)
        plays = [([who if p == combos[k % len(combos)][1] else "heuristic" for p in range(n)],
                  [bot_seed(seed + k, p) for p in range(n)]) for k in ks for who in (spec, "heuristic")]
        results = play_wars(text, plays, engine=engine)
        for i, k in enumerate(ks):
            mine = clans[combos[k % len(combos)][1]]
            out[k] = (float(results[2 * i].winner == mine), float(results[2 * i + 1].winner == mine))
    return out


def study(wars: int, spec: str, seed: int = 0, engine: str | None = None) -> dict:
    """Play ``wars`` wars with ``spec`` in one seat (rotating over every seat of every example) and each again with
    the heuristic in that seat; the win rates with 95% Wilson intervals. ``engine`` plays them where ``spec`` is a
    bulk bot (:mod:`daimyo.bots.risingsun.bulk`: native where built, or ``python``)."""
    texts = {name: open_example(name) for name in examples()}
    combos = [(name, p) for name, text in texts.items() for p in range(load_war(text).n)]
    won = base = only_bot = only_base = 0.0
    t0 = time.perf_counter()
    bulk = _bulk(texts, combos, wars, spec, seed, engine) if spec in BULK_BOTS else None
    for k in range(wars):
        name, seat = combos[k % len(combos)]
        if bulk is not None:
            r, h = bulk[k]
        else:
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
    ap.add_argument("--engine", choices=("native", "python"), default=None,
                    help="the engine of the wars between random and heuristic bots (default: native where built)")
    a = ap.parse_args(argv)
    print(json.dumps(study(a.wars, a.bot, a.seed, a.engine)))


if __name__ == "__main__":
    main()
