"""Steps/s of the Rokugan AEC environment and the OpenSpiel adapter on each engine, beside OpenSpiel's
``leduc_poker`` stepped from Python in the same run (docs/benchmarks.md, "The environments on the native engine").

    PYTHONPATH=<native build>:. python scripts/bench_rl_engines.py
"""

from __future__ import annotations

import time

import numpy as np

from daimyo.rl.rokugan import raw_env

SECONDS = 4.0


def aec(engine: str) -> float:
    """4-player AEC games, random masked actions, the acting seat's observation read each step."""
    e = raw_env(players=4, engine=engine)
    rng = np.random.default_rng(0)
    steps = seed = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < SECONDS:
        e.reset(seed=seed)
        seed += 1
        while e.agents:
            a = e.agent_selection
            if e.terminations[a]:
                e.step(None)
                continue
            mask = e.observe(a)["action_mask"]
            e.step(int(rng.choice(np.flatnonzero(mask))))
            steps += 1
    return steps / (time.perf_counter() - t0)


def spiel(name: str, params: dict) -> float:
    """OpenSpiel games stepped from Python: chance sampled, the observation tensor read, random legal actions."""
    import pyspiel

    import daimyo.rl.openspiel  # noqa: F401  (registers python_daimyo_rokugan)
    g = pyspiel.load_game(name, params)
    rng = np.random.default_rng(0)
    steps = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < SECONDS:
        s = g.new_initial_state()
        while not s.is_terminal():
            if s.is_chance_node():
                outcomes = s.chance_outcomes()
                s.apply_action(outcomes[rng.integers(len(outcomes))][0])
                continue
            s.observation_tensor()
            legal = s.legal_actions()
            s.apply_action(legal[rng.integers(len(legal))])
            steps += 1
    return steps / (time.perf_counter() - t0)


def main() -> None:
    for r in range(2):
        figures = {"aec_python": aec("python"), "aec_native": aec("native"), "leduc_poker": spiel("leduc_poker", {}),
                   "openspiel_python": spiel("python_daimyo_rokugan", {"players": 4, "engine": "python"}),
                   "openspiel_native": spiel("python_daimyo_rokugan", {"players": 4, "engine": "native"})}
        print(f"round {r + 1}", {k: round(v) for k, v in figures.items()}, flush=True)


if __name__ == "__main__":
    main()
