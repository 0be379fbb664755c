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

These figures are the Python engine's. Where the native engine is built (:mod:`daimyo.rokugan.native`),
``engines`` measures both engines side by side on the same ``games`` random games (:func:`engines`):
games and actions per second, the cost of a clone and the memory of a game in progress of each, and their
ratios, the native engine playing each game in one call and, apart, driven move by move from Python; the
games' results must be equal.

The ``rl`` section (:func:`rl`) measures environment steps a second: the Rokugan AEC environment on each engine, the
batched environments of :mod:`daimyo.rl.vector`, and beside them OpenSpiel's ``leduc_poker`` stepped from Python in the
same run (and the OpenSpiel adapter), with their ratios.

Run it with ``daimyo bench`` or ``python -m daimyo.cli.rokugan.bench``.
"""

from __future__ import annotations

import os
import pickle
import platform
import sys
import time
import tracemalloc

from daimyo.bots.random_bot import RandomBot, bot_seed, play
from daimyo.core.registry import game

PLAYERS = 4
CLONE_REPEATS = 2000
HELD = 100
MID_SAMPLES = 20
ISMCTS_POSITIONS = 4
ISMCTS_ITERATIONS = 60


def _is_mid_game(s) -> bool:
    return s.round == 3 and s.phase == "placement" and len(s.tokens) >= 2 * s.n


def _play(seed: int):
    """Play one game; return (actions, a clone of its mid-game state or None)."""
    actions, mid, _ = _play_to_mid(seed)
    return actions, mid


def _play_to_mid(seed: int):
    """Play one game; return (actions, a clone of its mid-game state or None, the moves played before it)."""
    s = game("rokugan").setup(PLAYERS, seed, [], engine="python")  # the clans are chosen as actions (Setup 3)
    bots = [RandomBot(bot_seed(seed, p)) for p in range(PLAYERS)]
    mid: list = []   # the first mid-game position and the moves made before it

    def keep_mid(actions: int) -> None:
        if not mid and _is_mid_game(s):
            mid.extend((s.clone(), actions))

    actions = play(s, bots, after_move=keep_mid)
    return (actions, *mid) if mid else (actions, None, 0)


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


def _python_games(games: int, seed: int) -> tuple[float, int, list]:
    """The Python engine: ``games`` random games (as :func:`daimyo.bots.random_bot.play` plays them)."""
    t0 = time.perf_counter()
    actions, results = 0, []
    for i in range(games):
        s = game("rokugan").setup(PLAYERS, seed + i, [], engine="python")
        actions += play(s, {p: RandomBot(bot_seed(seed + i, p)) for p in range(PLAYERS)})
        results.append(s.result)
    return time.perf_counter() - t0, actions, results


def _native_games(games: int, seed: int, stepped: bool) -> tuple[float, int, list]:
    """The native engine on the same games: in one native call a game, or (``stepped``) driven move by move from
    Python by the same bots, through the Python interface."""
    from daimyo.rokugan import native

    t0 = time.perf_counter()
    actions, results = 0, []
    for i in range(games):
        s = native.new_game(PLAYERS, seed + i)
        seeds = [bot_seed(seed + i, p) for p in range(PLAYERS)]
        if stepped:
            actions += play(s, {p: RandomBot(sd) for p, sd in enumerate(seeds)})
        else:
            actions += s.play_random(seeds)
        results.append(s.result)
    return time.perf_counter() - t0, actions, results


def _mid_games(games: int, seed: int) -> tuple[list, list]:
    """The mid-game states of up to MID_SAMPLES of the games, in both engines: the same position of the same game
    (the native game played by the same bots to the move where the Python game was sampled)."""
    from daimyo.rokugan import native

    py_states, native_states = [], []
    for i in range(min(games, MID_SAMPLES)):
        _, mid, mid_at = _play_to_mid(seed + i)
        if mid is None:
            continue
        g = native.new_game(PLAYERS, seed + i)
        g.play_random([bot_seed(seed + i, p) for p in range(PLAYERS)], limit=mid_at)
        py_states.append(mid)
        native_states.append(g)
    return py_states, native_states


def _native_bytes(g) -> int:
    """The memory of a native game in progress: its Python object, the native state and every list it owns."""
    return sys.getsizeof(g) + sys.getsizeof(g._game) + g._game.bytes()


def engines(games: int = 50, seed: int = 0) -> dict | None:
    """Both engines side by side on the same random 4-player games; None where the native engine is not built.

    Per engine ``games_per_second``, ``actions_per_second``, ``clone_us`` (the mean ``state.clone()`` over the
    same mid-game positions in both engines) and ``bytes_per_game`` (the memory of a game in progress at those
    positions: for Python a standalone copy, traced by tracemalloc; for the native engine its objects and the
    storage its state owns); ``ratio`` is native over Python (for the costs, Python's over the native engine's,
    so above 1 is better). ``native`` plays each game in one call
    (:meth:`~daimyo.rokugan.native.NativeRokuganState.play_random`), ``native_stepped`` is driven move by move
    from Python (the binding's cost included). The results must be equal."""
    from daimyo.rokugan import native

    if not native.available():
        return None
    py_s, py_actions, py_results = _python_games(games, seed)
    nat_s, nat_actions, nat_results = _native_games(games, seed, stepped=False)
    step_s, step_actions, step_results = _native_games(games, seed, stepped=True)
    if not (py_actions == nat_actions == step_actions and py_results == nat_results == step_results):
        raise AssertionError("the engines played different games: run tests/native")
    py_mid, native_mid = _mid_games(games, seed)
    py_clone = _clone_us(py_mid) if py_mid else None
    native_clone = _clone_us(native_mid) if native_mid else None
    py_bytes = _held_bytes(_standalone, py_mid[:10]) if py_mid else None
    native_bytes = sum(_native_bytes(g) for g in native_mid) / len(native_mid) if native_mid else None
    searches = ismcts_side_by_side(seed=seed)

    def figures(seconds: float, clone_us: float | None = None, held: float | None = None) -> dict:
        out: dict = {"seconds": round(seconds, 3), "games_per_second": round(games / seconds, 1),
                     "actions_per_second": round(py_actions / seconds, 1)}
        if held is not None:
            out["clone_us"] = None if clone_us is None else round(clone_us, 2)
            out["bytes_per_game"] = round(held)
        return out

    def ratio(a: float | None, b: float | None) -> float | None:
        return None if a is None or b is None or b == 0 else round(a / b, 2)

    out: dict = {
        "players": PLAYERS,
        "games": games,
        "actions": py_actions,
        "mid_game_samples": len(native_mid),
        "python": figures(py_s, py_clone, py_bytes),
        "native": figures(nat_s, native_clone, native_bytes),
        "native_stepped": figures(step_s),
        "ismcts": searches,
        "ratio": {"games_per_second": round(py_s / nat_s, 2), "actions_per_second": round(py_s / nat_s, 2),
                  "clone_us": ratio(py_clone, native_clone), "bytes_per_game": ratio(py_bytes, native_bytes),
                  "stepped": round(py_s / step_s, 2),
                  "ismcts_iterations_per_second": ratio(searches["native"], searches["python"])},
        "results_identical": True,
    }
    out["python"]["ismcts_iterations_per_second"] = searches["python"]
    out["native"]["ismcts_iterations_per_second"] = searches["native"]
    return out


def ismcts_side_by_side(positions: int = ISMCTS_POSITIONS, iterations: int = ISMCTS_ITERATIONS, seed: int = 0) -> dict:
    """ISMCTS iterations a second of both engines at the same 4-player placement decisions (the start of a round's
    placement phase, reached by heuristic bots: :func:`daimyo.arena.bench.round_start`), on the same iteration
    budget: both searches must choose the same move there (an iteration budget is reproducible). The simulations
    stop at the end of the round (``horizon=0``), as the issue's target counts them: an iteration to the End of
    the Game (the bot's default) costs some 3 to 6 times more in round 1, in both engines alike."""
    from daimyo.arena.bench import round_start
    from daimyo.bots.rokugan.ismcts import ISMCTSBot

    spent = {"python": 0.0, "native": 0.0}
    done = {"python": 0, "native": 0}
    for k in range(positions):
        s = round_start(PLAYERS, seed + k, 1 + k % 3)
        seat = s.to_act()[0]
        chosen = {}
        for engine in ("python", "native"):
            bot = ISMCTSBot(seed + k, iterations=iterations, engine=engine, horizon=0)
            chosen[engine] = bot.choose(s.clone(), seat)
            spent[engine] += bot.last_seconds
            done[engine] += bot.last_iterations
        if chosen["python"] != chosen["native"] or done["python"] != done["native"]:
            raise AssertionError(f"the engines' searches differ at position {k}: run tests/native")
    return {"positions": positions, "iterations": iterations, "horizon": 0, "decisions_identical": True,
            **{e: round(done[e] / spent[e], 1) if spent[e] else None for e in spent}}


RL_SECONDS = 1.0     # CPU seconds each figure of the rl section runs for (whole games: at least one)
RL_GAMES = 64        # games in the batch


def _timed(episode, seconds: float) -> float:
    """Steps a CPU second: ``episode(k)`` plays episode ``k`` and returns its steps, until ``seconds`` are spent."""
    steps, k = 0, 0
    t0 = time.process_time()
    while k == 0 or time.process_time() - t0 < seconds:
        steps += episode(k)
        k += 1
    return steps / (time.process_time() - t0)


def _aec_steps(engine: str, seed: int, seconds: float) -> float:
    """The Rokugan AEC environment (4 players) with random masked actions: observe the agent to act, pick uniformly
    among its legal actions (the mask read as bool), step."""
    import random

    import numpy as np

    from daimyo.rl.rokugan import raw_env

    e = raw_env(players=PLAYERS, engine=engine)
    rng = random.Random(seed)

    def episode(k: int) -> int:
        e.reset(seed=seed + k)
        steps = 0
        while e.agents:
            agent = e.agent_selection
            if e.terminations[agent]:
                e.step(None)
                continue
            mask = e.observe(agent)["action_mask"]
            e.step(rng.choice(np.flatnonzero(mask.view(np.bool_))))
            steps += 1
        return steps

    return _timed(episode, seconds)


def _spiel_steps(pyspiel, name: str, params: dict, seed: int, seconds: float) -> float:
    """An OpenSpiel game stepped from Python as the AEC loop is: at each player node the acting player's observation
    tensor and legal actions, a uniformly random one applied; chance nodes sampled (not counted)."""
    import random

    game = pyspiel.load_game(name, params)
    rng = random.Random(seed)

    def episode(k: int) -> int:
        state = game.new_initial_state()
        steps = 0
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(actions, probs)[0])
                continue
            player = state.current_player()
            state.observation_tensor(player)
            state.apply_action(rng.choice(state.legal_actions(player)))
            steps += 1
        return steps

    return _timed(episode, seconds)


def _batched_steps(seed: int, seconds: float) -> dict:
    """:mod:`daimyo.rl.vector` with random masked actions drawn natively: RL_GAMES 4-player games, the learner
    against random bots moving in C++ (learner steps and all moves a second) and in self-play (every move a step)."""
    from daimyo.rl.vector import RokuganBatch, RokuganVectorEnv

    env = RokuganVectorEnv(num_envs=RL_GAMES, players=PLAYERS, copy=False)
    env.reset(seed=seed)
    t0, moves0, steps = time.process_time(), env.moves_made, 0
    while steps == 0 or time.process_time() - t0 < seconds:
        env.step(env.random_actions())
        steps += RL_GAMES
    spent = time.process_time() - t0
    learner, moves = steps / spent, (env.moves_made - moves0) / spent
    batch = RokuganBatch(games=RL_GAMES, players=PLAYERS, copy=False)
    batch.reset(seed=seed)
    t0, steps = time.process_time(), 0
    while steps == 0 or time.process_time() - t0 < seconds:
        batch.step(batch.random_actions())
        steps += RL_GAMES
    return {"games": RL_GAMES, "vector_env_steps_per_second": round(learner), "vector_env_moves_per_second": round(moves),
            "self_play_steps_per_second": round(steps / (time.process_time() - t0))}


def rl(seed: int = 0, seconds: float = RL_SECONDS) -> dict | None:
    """Environment steps a CPU second on one core, 4 players, random masked actions (the ``rl`` section of
    :func:`run`): the AEC environment on each engine, the batched environments, and beside them OpenSpiel's C++
    ``leduc_poker`` and the OpenSpiel adapter (``python_daimyo_rokugan``) stepped from Python the same way, in the
    same run. ``ratio`` divides each by ``leduc_poker``'s rate (and the native AEC's by the Python engine's). None
    without the rl extra; the native figures are None where the module is not built, OpenSpiel's absent without it."""
    try:
        import gymnasium  # noqa: F401
        import pettingzoo  # noqa: F401
    except ImportError:
        return None       # the environments need the rl extra (pip install 'daimyo[rl]')
    from daimyo.rl import encoding
    from daimyo.rokugan import native

    out: dict = {"players": PLAYERS, "seconds_each": seconds, "clock": "process CPU time, one core"}
    out["aec_python"] = round(_aec_steps("python", seed, seconds))
    fast = native.available() and encoding.NATIVE_ENCODER
    out["aec_native"] = round(_aec_steps("native", seed, seconds)) if fast else None
    out["batched"] = _batched_steps(seed, seconds) if fast else None
    try:
        import pyspiel

        import daimyo.rl.openspiel  # noqa: F401  (registers python_daimyo_rokugan)
    except ImportError:
        pyspiel = None
    if pyspiel is not None:
        out["leduc_poker"] = round(_spiel_steps(pyspiel, "leduc_poker", {}, seed, seconds))
        out["openspiel_adapter"] = round(_spiel_steps(pyspiel, "python_daimyo_rokugan", {"players": PLAYERS, "seed": seed},
                                                      seed, seconds))
    leduc = out.get("leduc_poker")

    def over(x):
        return None if x is None or not leduc else round(x / leduc, 2)

    b = out["batched"] or {}
    out["ratio"] = {
        "aec_native_over_python": None if out["aec_native"] is None else round(out["aec_native"] / out["aec_python"], 2),
        "aec_native_over_leduc": over(out["aec_native"]),
        "aec_python_over_leduc": over(out["aec_python"]),
        "openspiel_adapter_over_leduc": over(out.get("openspiel_adapter")),
        "vector_env_over_leduc": over(b.get("vector_env_steps_per_second")),
        "self_play_over_leduc": over(b.get("self_play_steps_per_second")),
    }
    return out


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
        side_by_side = engines(games, seed)
        rl_figures = rl(seed)
        from daimyo.cli.senjutsu_bench import engines as senjutsu_engines  # Senjutsu's engines side by side
        senjutsu = senjutsu_engines(games, seed)
        from daimyo.cli.risingsun_bench import engines as risingsun_engines  # Rising Sun's wars side by side
        risingsun = risingsun_engines(games, seed)
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
        "engines": side_by_side,
        "rl": rl_figures,
        "senjutsu": senjutsu,
        "risingsun": risingsun,
    }


def report(r: dict) -> list[str]:
    """The lines ``daimyo bench`` prints of :func:`run`'s figures."""
    out: list[str] = []
    t = r["targets"]

    def verdict(ok: bool | None) -> str:
        return "n/a" if ok is None else ("met" if ok else "NOT met")

    m = r["machine"]
    out.append(f"machine: {m['cpu']}, {m['cores']} cores, {m['implementation']} {m['python']} (timed on one core)")
    out.append(f"{r['games']} games of {r['players']} players, {r['actions']} actions in {r['seconds']:.2f} s")
    out.append(f"games per second:   {r['games_per_second']:>10}   target >= {t['games_per_second']}: "
               f"{verdict(r['games_per_second'] >= t['games_per_second'])}")
    out.append(f"actions per second: {r['actions_per_second']:>10}")
    cu, sb = r["clone_us"], r["state_bytes"]
    out.append(f"state.clone():      {cu} us (over {r['mid_game_samples']} mid-game states)   target < {t['clone_us']} us: "
               f"{verdict(None if cu is None else cu < t['clone_us'])}")
    out.append(f"memory per game:    {sb} bytes standalone, {r['clone_bytes']} bytes per clone   "
               f"target < {t['state_bytes']} bytes: {verdict(None if sb is None else sb < t['state_bytes'])}")
    e = r["engines"]
    if e is not None:
        for name in ("python", "native", "native_stepped"):
            x = e[name]
            extra = f"   clone {x['clone_us']} us, {x['bytes_per_game']} bytes a game" if "clone_us" in x else ""
            out.append(f"{name + ' engine:':<22}{x['games_per_second']:>10} games/s {x['actions_per_second']:>12} actions/s{extra}")
        q = e["ratio"]
        out.append(f"native / python:      {q['games_per_second']:>10}x (driven move by move: {q['stepped']}x); "
                   f"clone {q['clone_us']}x, memory {q['bytes_per_game']}x smaller")
        i = e["ismcts"]
        out.append(f"ISMCTS iterations/s:  python {i['python']}, native {i['native']}: {q['ismcts_iterations_per_second']}x "
                   f"({i['positions']} placement decisions of {e['players']} players, {i['iterations']} iterations each, "
                   f"simulations to the end of the round, the same moves chosen)")
    s = r.get("senjutsu")
    if s is not None:
        out.append(f"Senjutsu duels/s:     python {s['python']['duels_per_second']}, native {s['native']['duels_per_second']}: "
                   f"{s['ratio']['duels_per_second']}x (driven move by move: {s['ratio']['stepped_duels_per_second']}x; "
                   f"{s['duels']} duels of 2, the same results); smmcts simulations/s: python "
                   f"{s['python']['smmcts_simulations_per_second']}, native {s['native']['smmcts_simulations_per_second']}: "
                   f"{s['ratio']['smmcts_simulations_per_second']}x")
    w = r.get("risingsun")
    if w is not None:
        out.append(f"Rising Sun wars/s:    python {w['python']['wars_per_second']}, native {w['native']['wars_per_second']}: "
                   f"{w['ratio']['wars_per_second']}x ({w['wars']} random wars of the {w['files']} example war files, "
                   f"the same results)")

    return out


if __name__ == "__main__":
    import json

    n = int(sys.argv[1]) if len(sys.argv) > 1 else 50
    print(json.dumps(run(n), indent=2))

