"""Whether an ISMCTS setting chooses what today's whole search chooses, and at what cost (docs/benchmarks.md,
"ISMCTS: a confident stop").

    python3 scripts/ismcts_agreement.py PLAYERS ITERATIONS SETTINGS [EVERY] [SEED]
    python3 scripts/ismcts_agreement.py 2 4000 '[{"seed_offset": 1000}, {"confident_stop": true}, {"confident_stop": true, "stop_z": 2.5}]' 2 778

A game of the heuristic bot on deal SEED (777) gives the positions: every EVERY-th (3) decision with more than one
legal move, setup placements included (not the clans and objectives, which are the heuristic's). At each, the
default search (the exact bound alone, ``confident_stop=False``) on ITERATIONS is the reference; each setting
(ISMCTSBot keyword arguments, plus ``seed_offset`` to seed the bots differently) prints how many of its moves equal
the reference's and its iterations over the reference's.
"""

from __future__ import annotations

import json
import sys

from daimyo.arena.schedule import clans_for
from daimyo.bots.rokugan.heuristic import RokuganHeuristicBot
from daimyo.bots.rokugan.ismcts import ISMCTSBot
from daimyo.rokugan import new_game
from daimyo.rokugan.records import SETUP_CLANS, SETUP_OBJECTIVES


def positions(players: int, seed: int, every: int) -> list:
    s = new_game(players, seed, list(clans_for(seed, players, 1)), engine="native")
    bots = {p: RokuganHeuristicBot(p) for p in range(players)}
    out, k = [], 0
    while not s.is_terminal():
        seat = s.to_act()[0]
        if len(s.legal_moves(seat)) > 1 and s.phase not in (SETUP_CLANS, SETUP_OBJECTIVES):
            k += 1
            if k % every == 0:
                out.append(s.clone())
        s.apply_move(seat, bots[seat].choose(s, seat))
    return out


def decide(games: list, settings: dict) -> list[tuple[tuple, int]]:
    settings = dict(settings)
    offset = settings.pop("seed_offset", 0)
    out = []
    for j, s in enumerate(games):
        seat = s.to_act()[0]
        bot = ISMCTSBot(j + offset, **settings)
        bot.last_iterations = 0
        out.append((bot.choose(s.clone(), seat), bot.last_iterations))
    return out


def main() -> None:
    players, iterations, settings = int(sys.argv[1]), int(sys.argv[2]), json.loads(sys.argv[3])
    every = int(sys.argv[4]) if len(sys.argv) > 4 else 3
    seed = int(sys.argv[5]) if len(sys.argv) > 5 else 777
    games = positions(players, seed, every)
    reference = decide(games, {"iterations": iterations, "confident_stop": False})
    spent = sum(n for _, n in reference)
    print(f"{len(games)} positions; today's search spent {spent} iterations", flush=True)
    for setting in settings:
        got = decide(games, {"iterations": iterations, **setting})
        same = sum(a == b for (a, _), (b, _) in zip(got, reference, strict=True))
        print(f"{setting}: the same move {same}/{len(games)}, iterations {sum(n for _, n in got) / spent:.3f}",
              flush=True)


if __name__ == "__main__":
    main()
