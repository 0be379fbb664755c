"""ISMCTS speed: iterations per second at the start of a round's placement phase.

Positions are reached by heuristic bots from fixed seeds (clans rotated); at each the first
player's ISMCTS decision is timed with a seconds budget. Iterations are counted as the search
counts them (one simulation through one root candidate each).
"""

from __future__ import annotations

import os
import platform
import time

from daimyo.arena.schedule import GAME, clans_for
from daimyo.bots.rokugan.heuristic import RokuganHeuristicBot
from daimyo.bots.rokugan.ismcts import ISMCTSBot
from daimyo.core.registry import game
from daimyo.rokugan.records import PLACEMENT


def round_start(players: int, seed: int, round_no: int):
    """The game of ``seed`` played by heuristic bots up to the start of placement in round ``round_no``."""
    s = game(GAME).setup(players, seed, list(clans_for(seed, players, 1)))
    bots = {p: RokuganHeuristicBot(seed * 10 + p) for p in range(players)}
    while not (s.phase == PLACEMENT and s.round == round_no and not s.tokens) and not s.is_terminal():
        seat = s.to_act()[0]
        s.apply_move(seat, bots[seat].choose(s, seat))
    return s


def bench_ismcts(players: int = 4, positions: int = 6, seconds: float = 1.0, seed: int = 0,
                 engine: str | None = None) -> dict:
    """ISMCTS's iterations a second on ``engine`` (``native`` or ``python``; None: the default, native where built)
    at the start of ``positions`` rounds."""
    rows = []
    engine = engine or ISMCTSBot().engine
    for k in range(positions):
        s = round_start(players, seed + k, 1 + k % 3)
        seat = s.to_act()[0]
        bot = ISMCTSBot(seed + k, seconds=seconds, engine=engine)
        t0 = time.perf_counter()
        bot.choose(s, seat)
        wall = time.perf_counter() - t0
        rows.append({"seed": seed + k, "round": s.round, "seat": seat, "iterations": bot.last_iterations,
                     "search_seconds": round(bot.last_seconds, 3), "decision_seconds": round(wall, 3),
                     "iterations_per_second": round(bot.last_iterations / bot.last_seconds, 1)})
    total_it = sum(r["iterations"] for r in rows)
    total_s = sum(r["search_seconds"] for r in rows)
    return {"players": players, "engine": engine, "positions": rows, "seconds_budget": seconds,
            "iterations_per_second": round(total_it / total_s, 1) if total_s else None,
            "machine": {"cpu": platform.processor() or platform.machine(), "cores": os.cpu_count(),
                        "python": platform.python_version(), "load_average": list(os.getloadavg())}}
