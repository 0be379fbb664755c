"""Senjutsu's engines side by side (``daimyo bench``; docs/benchmarks.md, "Senjutsu, native and Python").

``engines(duels, seed)`` plays the same random 2-character duels (sample set, characters in turn, duel ``i``
seeded ``seed + i``, the terrain of the registry's setup, random bots seeded as the arena seeds them) in the Python
engine (:func:`daimyo.bots.random_bot.play`) and in the native engine: in one native call a duel
(:meth:`~daimyo.senjutsu.native.NativeSenjutsuState.play_random`) and driven move by move from Python; the results
must be equal. It also times ``smmcts``'s card choice on both engines at the same number of simulations (the same
choices). None where the native engine is not built.
"""

from __future__ import annotations

import time
from typing import Any

from daimyo.bots.random_bot import RandomBot, bot_seed, play
from daimyo.senjutsu import native
from daimyo.senjutsu.game import terrain

CHARACTERS = ["kaze", "hana", "tetsu", "ishi"]
SEARCH_POSITIONS = 3
SEARCH_SIMULATIONS = 60


def _duel(seed: int, engine: str) -> Any:
    from daimyo.senjutsu import new_game
    chars = [CHARACTERS[seed % 4], CHARACTERS[(seed + 1) % 4]]
    return new_game(chars, seed=seed, terrain=terrain(seed), engine=engine)


def _python(duels: int, seed: int) -> tuple[float, int, list]:
    actions, results = 0, []
    t0 = time.perf_counter()
    for i in range(duels):
        g = _duel(seed + i, "python")
        actions += play(g, [RandomBot(bot_seed(seed + i, p)) for p in range(2)])
        results.append(g.result)
    return time.perf_counter() - t0, actions, results


def _native(duels: int, seed: int, stepped: bool) -> tuple[float, int, list]:
    actions, results = 0, []
    t0 = time.perf_counter()
    for i in range(duels):
        g = _duel(seed + i, "native")
        seeds = [bot_seed(seed + i, p) for p in range(2)]
        actions += play(g, [RandomBot(s) for s in seeds]) if stepped else g.play_random(seeds)
        results.append(g.result)
    return time.perf_counter() - t0, actions, results


def _search(seed: int) -> dict:
    """smmcts's card choice at the first Choose step of duels seed .. seed+SEARCH_POSITIONS-1, on each engine."""
    from daimyo.bots.senjutsu.heuristic import SenjutsuHeuristicBot
    from daimyo.bots.senjutsu.smmcts import SMMCTSBot
    spent = {"python": 0.0, "native": 0.0}
    for k in range(SEARCH_POSITIONS):
        g = _duel(seed + k, "python")
        h = SenjutsuHeuristicBot(k)
        while g.phase != "choose":
            j = g.to_act()[0]
            g.apply_move(j, h.choose(g, j))
        chosen = {}
        for engine in ("python", "native"):
            bot = SMMCTSBot(seed + k, iterations=SEARCH_SIMULATIONS, engine=engine)
            t0 = time.perf_counter()
            chosen[engine] = bot.choose(g, g.to_act()[0])
            spent[engine] += time.perf_counter() - t0
        if chosen["python"] != chosen["native"]:
            raise AssertionError(f"smmcts chose differently on the two engines at duel {seed + k}: run tests/senjutsu/test_native_bots.py")
    return {e: round(SEARCH_POSITIONS * SEARCH_SIMULATIONS / s, 1) for e, s in spent.items()}


def engines(duels: int = 50, seed: int = 0) -> dict | None:
    """Duels a second (and actions a second) of each engine on the same duels, their ratio (native over Python), and
    smmcts simulations a second on each engine."""
    if not native.available():
        return None
    py_s, py_actions, py_results = _python(duels, seed)
    nat_s, nat_actions, nat_results = _native(duels, seed, stepped=False)
    step_s, step_actions, step_results = _native(duels, seed, stepped=True)
    if not py_results == nat_results == step_results or not py_actions == nat_actions == step_actions:
        raise AssertionError("the engines played different duels: run tests/senjutsu/test_native.py")
    search = _search(seed)

    def figures(seconds: float) -> dict:
        return {"seconds": round(seconds, 3), "duels_per_second": round(duels / seconds, 1),
                "actions_per_second": round(py_actions / seconds, 1)}

    return {
        "duels": duels, "seed": seed, "characters": 2, "actions": py_actions,
        "python": {**figures(py_s), "smmcts_simulations_per_second": search["python"]},
        "native": {**figures(nat_s), "smmcts_simulations_per_second": search["native"]},
        "native_stepped": figures(step_s),
        "ratio": {"duels_per_second": round(py_s / nat_s, 1), "stepped_duels_per_second": round(py_s / step_s, 1),
                  "smmcts_simulations_per_second": round(search["native"] / search["python"], 1)},
    }
