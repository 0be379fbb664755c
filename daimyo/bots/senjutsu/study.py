"""A strength study of a Senjutsu bot against another in 2-player duels, every character pairing from both sides.

``python3 -m daimyo.bots.senjutsu.study --duels 200 --bot smmcts:24 --against heuristic`` plays duel ``k`` with the
pairing ``PAIRS[(k // 2) % len(PAIRS)]`` (every two characters of the sample set), the bot on the first character's
side when ``k`` is even and on the second's when odd, both duels of a pair from the same seed ``SEED + k // 2``
(the same battlefield and deal, from both sides). The battlefield's terrain is the game's own
(:func:`daimyo.senjutsu.game.terrain`). Each duel is printed as one JSON line when it ends (so a study cut short still
reports what it played), then the bot's win rate (a draw counts half) with its 95% Wilson interval.

``--engine python|native`` plays the duels on that engine; ``--bot-engine`` and ``--against-engine`` choose the
engine of each side's ``smmcts`` (its worlds and playouts), so that
``--bot smmcts:0.1s --bot-engine native --against smmcts:0.1s --against-engine python --engine python`` measures the
native search against the Python one at the same time budget.
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
import time

from daimyo.bots.random_bot import bot_seed, play
from daimyo.bots.senjutsu import SMMCTSBot, make_bot
from daimyo.core.stats import wilson
from daimyo.senjutsu.game import character_names, new_state

PAIRS = list(itertools.combinations(character_names(), 2))


def _bot(spec: str, seed: int, engine: str | None, options: dict | None = None):
    b = make_bot(spec, seed)
    if isinstance(b, SMMCTSBot):
        if engine is not None:
            b.engine = engine
        for name, value in (options or {}).items():
            setattr(b, name, value)
    return b


def duel(k: int, bot: str, against: str, seed: int, engines: tuple[str | None, str | None, str | None] = (None, None, None),
         options: dict | None = None) -> dict:
    """Duel ``k`` of the study (module docstring): the bot's share of the win and how the duel went. ``engines``: the
    duel's, the bot's and the other's (None: the default); ``options``: the bot's search settings where it is
    ``smmcts`` (its attributes by name, e.g. ``{"horizon": 2}``)."""
    pair = PAIRS[(k // 2) % len(PAIRS)]
    side = k % 2
    game_seed = seed + k // 2
    g = new_state(2, game_seed, list(pair), engine=engines[0])
    specs = [(against, engines[2])] * 2
    specs[side] = (bot, engines[1])
    t0 = time.perf_counter()
    play(g, {p: _bot(specs[p][0], bot_seed(game_seed, p), specs[p][1], options if p == side else None) for p in range(2)})
    return {"duel": k, "characters": list(pair), "bot_side": side, "seed": game_seed, "bot_result": g.returns()[side],
            "turns": g.turn, "seconds": round(time.perf_counter() - t0, 2)}


def summary(rows: list[dict], bot: str, against: str) -> dict:
    n = len(rows)
    won = sum(r["bot_result"] for r in rows)
    by_pair: dict[str, list[float]] = {}
    for r in rows:
        by_pair.setdefault("-".join(r["characters"]), []).append(r["bot_result"])
    return {"bot": bot, "against": against, "duels": n, "bot_wins": won, "bot_rate": won / n if n else None,
            "ci95": wilson(won, n), "by_pairing": {k: [sum(v), len(v)] for k, v in sorted(by_pair.items())}}


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--duels", type=int, default=200)
    ap.add_argument("--bot", default="smmcts:24")
    ap.add_argument("--against", default="heuristic")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--start", type=int, default=0, help="first duel number (to split a study over processes)")
    for side in ("engine", "bot-engine", "against-engine"):
        ap.add_argument(f"--{side}", choices=("native", "python"), default=None)
    a = ap.parse_args(argv)
    rows = []
    for k in range(a.start, a.start + a.duels):
        rows.append(duel(k, a.bot, a.against, a.seed, (a.engine, a.bot_engine, a.against_engine)))
        print(json.dumps(rows[-1]), flush=True)
    json.dump(summary(rows, a.bot, a.against), sys.stdout)
    print()


if __name__ == "__main__":
    main()
