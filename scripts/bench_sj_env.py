"""AEC steps a second of Senjutsu's environment (issue 29): 2-player duels, random masked actions, the acting
seat's observation read each step, counted over CPU time (docs/benchmarks.md, "Senjutsu's environment").

    PYTHONPATH=<native build>:. python scripts/bench_sj_env.py [seconds] [--python] [--reference] [--profile]

``--python``: the observation built by the Python encoder from the seat's view (the reference, and what every step
did before the native encoder), the duel still played natively. ``--reference``: the slots read and played by the
reference (:class:`daimyo.rl.turns.Slots`: the mask from the moves' texts, each step by ``apply_move`` with its
events), not by the native engine (:class:`daimyo.rl.senjutsu.NativeSlots`).
"""

from __future__ import annotations

import dataclasses
import sys
import time

import numpy as np

from daimyo.rl.senjutsu import raw_env
from daimyo.rl.turns import Slots


def aec(seconds: float, python: bool = False, reference: bool = False) -> tuple[float, int]:
    e = raw_env(players=2)
    if python:
        e.spec = dataclasses.replace(e.spec, observe=None)
    if reference:
        e.spec = dataclasses.replace(e.spec, moves=Slots())
    rng = np.random.default_rng(0)
    steps = seed = 0
    t0 = time.process_time()
    while time.process_time() - t0 < seconds:
        e.reset(seed=seed)
        seed += 1
        while e.agents:
            a = e.agent_selection
            if e.terminations[a] or e.truncations[a]:
                e.step(None)
                continue
            mask = e.observe(a)["action_mask"]
            e.step(int(rng.choice(np.flatnonzero(mask))))
            steps += 1
    return steps / (time.process_time() - t0), seed


if __name__ == "__main__":
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 and not sys.argv[1].startswith("-") else 5.0
    if "--profile" in sys.argv:
        import cProfile
        import pstats
        cProfile.run("aec(seconds, '--python' in sys.argv, '--reference' in sys.argv)", "/tmp/sj_env.prof")
        pstats.Stats("/tmp/sj_env.prof").sort_stats("tottime").print_stats(20)
    else:
        rate, duels = aec(seconds, "--python" in sys.argv, "--reference" in sys.argv)
        print(f"{rate:.0f} AEC steps/s (CPU time), {duels} duels")
