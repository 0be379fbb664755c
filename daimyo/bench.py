"""Speed and memory of the Battle for Rokugan engine, on one core.

``run(games, seed)`` plays ``games`` full 4-player games between random bots
(clans chosen as actions, game ``i`` seeded ``seed + i``) and measures:

* full games per second and actions per second, legal move generation and the
  bots' choices included;
* the mean cost of ``state.clone()`` over mid-game states (one per game: the
  first time in round 3's placement phase that each player has two tokens out);
* the memory of a game in progress, with tracemalloc: the bytes allocated to
  hold 100 clones of a mid-game state, over 100 (a clone shares immutable
  parts such as the board's token tuples with its original), and the bytes of
  a standalone copy (a pickle round trip), which shares nothing with it.

Where the native engine is built (:mod:`daimyo.rokugan.native`), ``native`` measures it side by side
with the Python engine on what it plays so far (docs/native.md): random setups of 4 players (clans,
objectives and starting control tokens chosen by random bots, up to the first placement turn; both
engines driven move by move from Python), the generator's words (drawn in bulk natively), and End of
the Game scoring of the mid-game states (every seat's honor; the native call includes reading the
position's fields from the Python state).

Run it with ``daimyo bench`` or ``python -m daimyo.bench``.
"""

from __future__ import annotations

import os
import pickle
import platform
import sys
import time
import tracemalloc

from daimyo.bots.random_bot import RandomBot, bot_seed
from daimyo.core.registry import game

PLAYERS = 4
CLONE_REPEATS = 2000
HELD = 100


def _is_mid_game(s) -> bool:
    return s.round == 3 and s.phase == "placement" and len(s.tokens) >= 2 * s.n


def _play(seed: int):
    """Play one game; return (actions, a clone of its mid-game state or None)."""
    s = game("rokugan").setup(PLAYERS, seed, [])  # the clans are chosen as actions (Setup 3)
    bots = [RandomBot(bot_seed(seed, p)) for p in range(PLAYERS)]
    actions = 0
    mid = None
    while not s.is_terminal():
        for seat in s.to_act():
            if seat not in s.to_act():
                break
            s.apply_move(seat, bots[seat].choose(s, seat))
            actions += 1
        if mid is None and _is_mid_game(s):
            mid = s.clone()
    return actions, mid


def _clone_us(samples: list) -> float:
    total = 0
    for s in samples:
        clone = s.clone
        t0 = time.perf_counter_ns()
        for _ in range(CLONE_REPEATS):
            clone()
        total += time.perf_counter_ns() - t0
    return total / (len(samples) * CLONE_REPEATS) / 1000


def _held_bytes(make, samples: list) -> float:
    """Mean bytes allocated to hold HELD results of ``make(sample)``, over the samples."""
    tracemalloc.start()
    try:
        total = 0
        for s in samples:
            before = tracemalloc.get_traced_memory()[0]
            held = [make(s) for _ in range(HELD)]
            total += tracemalloc.get_traced_memory()[0] - before
            del held
    finally:
        tracemalloc.stop()
    return total / (len(samples) * HELD)


def _standalone(s):
    return pickle.loads(pickle.dumps(s, pickle.HIGHEST_PROTOCOL))


def _setup_to_placement(start, choose_moves, apply, at_placement, seed: int) -> int:
    """Play one random setup up to the first placement turn; returns the number of moves."""
    s = start(seed)
    bots = [RandomBot(bot_seed(seed, p)) for p in range(PLAYERS)]
    moves = 0
    while not at_placement(s):
        seat = s.to_act()[0]
        apply(s, seat, bots[seat].rng.choice(choose_moves(s, seat)))
        moves += 1
    return moves


def _timed(work, repeats: int) -> tuple[float, int]:
    t0 = time.perf_counter()
    done = sum(work(i) for i in range(repeats))
    return time.perf_counter() - t0, done


def native_figures(setups: int = 200, seed: int = 0, words: int = 200_000, positions: list | None = None,
                   scorings: int = 2000) -> dict | None:
    """The native engine beside the Python engine where it is ported; None where it is not built.

    ``positions``: mid-game states on which End of the Game scoring is timed (``scorings`` times in all)."""
    from daimyo.core.rng import Rng
    from daimyo.rokugan import native
    from daimyo.rokugan.scoring import honor
    from daimyo.rokugan.state import RokuganState

    if not native.available():
        return None
    core = native.require()
    py_s, py_moves = _timed(lambda i: _setup_to_placement(
        lambda sd: RokuganState.new_game(PLAYERS, sd), lambda s, p: s.legal_moves(p), lambda s, p, m: s.apply_move(p, m),
        lambda s: s.phase == "placement", seed + i), setups)
    nat_s, nat_moves = _timed(lambda i: _setup_to_placement(
        lambda sd: core.Game.new_game(PLAYERS, sd, []), lambda s, p: s.legal_moves(p), lambda s, p, m: s.apply_move(p, m),
        lambda s: s.frontier, seed + i), setups)
    if py_moves != nat_moves:
        raise AssertionError("the engines played different setups: run tests/native")
    rng = Rng(seed)
    t0 = time.perf_counter()
    for _ in range(words):
        rng.next64()
    py_words = time.perf_counter() - t0
    t0 = time.perf_counter()
    core.Rng(seed).draws(words)
    nat_words = time.perf_counter() - t0

    def side_by_side(py: float, nat: float) -> dict:
        return {"python": round(py, 1), "native": round(nat, 1), "ratio": round(nat / py, 2)}

    scoring = None
    if positions:
        picks = [positions[i % len(positions)] for i in range(scorings)]
        t0 = time.perf_counter()
        for s in picks:
            [honor(s, p) for p in range(s.n)]
        py_scoring = time.perf_counter() - t0
        t0 = time.perf_counter()
        for s in picks:
            native.final_result(s)
        scoring = side_by_side(scorings / py_scoring, scorings / (time.perf_counter() - t0))

    return {
        "ported": "the generator (splitmix64), Setup 1-11 and round 1's upkeep, up to the first placement turn",
        "players": PLAYERS,
        "setups": setups,
        "setup_moves": py_moves,
        "setups_per_second": side_by_side(setups / py_s, setups / nat_s),
        "setup_moves_per_second": side_by_side(py_moves / py_s, nat_moves / nat_s),
        "generator_words_per_second": side_by_side(words / py_words, words / nat_words),
        "scorings_per_second": scoring,
    }


def _cpu_model() -> str:
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def _pin_one_core():
    """Run on a single core where the platform allows it; returns the previous affinity."""
    if not hasattr(os, "sched_getaffinity"):
        return None
    before = os.sched_getaffinity(0)
    os.sched_setaffinity(0, {min(before)})
    return before


def run(games: int = 50, seed: int = 0) -> dict:
    if games < 1:
        raise ValueError("games must be at least 1")
    before = _pin_one_core()
    try:
        samples = []
        actions = 0
        t0 = time.perf_counter()
        for i in range(games):
            a, mid = _play(seed + i)
            actions += a
            if mid is not None:
                samples.append(mid)
        seconds = time.perf_counter() - t0
        clone_us = _clone_us(samples) if samples else None
        clone_bytes = _held_bytes(lambda s: s.clone(), samples[:10]) if samples else None
        state_bytes = _held_bytes(_standalone, samples[:10]) if samples else None
        native = native_figures(seed=seed, positions=samples)
    finally:
        if before is not None:
            os.sched_setaffinity(0, before)
    return {
        "players": PLAYERS,
        "games": games,
        "seed": seed,
        "actions": actions,
        "seconds": round(seconds, 3),
        "games_per_second": round(games / seconds, 1),
        "actions_per_second": round(actions / seconds, 1),
        "mid_game_samples": len(samples),
        "clone_us": None if clone_us is None else round(clone_us, 2),
        "clone_bytes": None if clone_bytes is None else round(clone_bytes),
        "state_bytes": None if state_bytes is None else round(state_bytes),
        "machine": {
            "cpu": _cpu_model(),
            "cores": os.cpu_count(),
            "python": platform.python_version(),
            "implementation": sys.implementation.name,
        },
        "targets": {"games_per_second": 200, "clone_us": 20, "state_bytes": 100_000},
        "native": native,
    }


if __name__ == "__main__":
    import json

    n = int(sys.argv[1]) if len(sys.argv) > 1 else 50
    print(json.dumps(run(n), indent=2))
