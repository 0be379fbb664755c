"""Train a masked policy with sb3-contrib's MaskablePPO on one seat of a daimyo game, and measure it.

Needs the ``train`` extra (sb3-contrib and PyTorch; the versions the published run used are in
constraints-train.txt)::

    pip install -c constraints.txt -c constraints-train.txt '.[train]'
    python3 examples/train_maskable_ppo.py --game risingsun --war worked-battle --seat 1 --train-bots random \\
        --timesteps 40000 --seed 0 --eval-games 500 --output /tmp/maskable_ppo_risingsun.zip --json

The learner sits in ``--seat`` of the single-agent Gymnasium environment (daimyo.rl.single) against
``--train-bots``; before and after training its greedy policy (the most probable legal action) plays
``--eval-games`` games against the ``random`` and the ``heuristic`` bots, the same deals each time, and a
table gives each win rate with its Wilson 95 % interval (daimyo.rl.evaluate). A policy choosing uniformly
among the legal actions is measured on the same deals, for reference. ``--json`` prints the figures as JSON.
The model is saved to ``--output`` (``MaskablePPO.load`` reads it back). See docs/rl.md.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

import daimyo.rl  # noqa: F401  (registers the Gymnasium environments)
from daimyo.rl.evaluate import Result, play, uniform
from daimyo.rl.single import SeatEnv, gymnasium_ids

EVAL_BOTS = ("random", "heuristic")


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(gymnasium_ids()), default="risingsun")
    parser.add_argument("--players", type=int, default=2, help="Battle for Rokugan and Senjutsu: players (default 2)")
    parser.add_argument("--war", default="worked-battle", help="Rising Sun: the war (an example's name)")
    parser.add_argument("--seat", type=int, default=1, help="the learner's seat (default 1)")
    parser.add_argument("--train-bots", default="random", help="the bots the learner trains against (default random)")
    parser.add_argument("--timesteps", type=int, default=40_000, help="the learner's decisions to train on")
    parser.add_argument("--seed", type=int, default=0, help="seeds the network, the training deals and the bots")
    parser.add_argument("--eval-games", type=int, default=500, help="games against each bot, before and after")
    parser.add_argument("--eval-seed", type=int, default=10_000, help="the first evaluation deal (apart from training's)")
    parser.add_argument("--output", default="maskable_ppo_risingsun.zip", help="where the trained model is saved")
    parser.add_argument("--n-steps", type=int, default=2048, help="decisions per rollout before each update")
    parser.add_argument("--batch-size", type=int, default=256)
    parser.add_argument("--learning-rate", type=float, default=3e-4)
    parser.add_argument("--ent-coef", type=float, default=0.01)
    parser.add_argument("--threads", type=int, default=1, help="torch threads (default 1)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON instead of a table")
    return parser.parse_args(argv)


def options(args: argparse.Namespace) -> dict[str, Any]:
    """The game's own options for the environment."""
    return {"war": args.war} if args.game == "risingsun" else {"players": args.players}


def measure(predict, args: argparse.Namespace) -> dict[str, Result]:
    return {bots: play(predict, args.game, games=args.eval_games, seed=args.eval_seed, bots=bots, seat=args.seat,
                       **options(args)) for bots in EVAL_BOTS}


def greedy(model):
    """The model as a ``predict(observation, mask) -> action`` policy: its most probable legal action."""
    def predict(observation, mask):
        action, _ = model.predict(observation, action_masks=mask, deterministic=True)
        return int(action)
    return predict


def table(rows: dict[str, dict[str, Result]]) -> str:
    lines = [f"{'policy':<24}" + "".join(f"{'vs ' + b:>34}" for b in EVAL_BOTS)]
    for name, results in rows.items():
        cells = "".join(f"{r.rate:.3f} [{r.low:.3f}, {r.high:.3f}] {r.wins:g}/{r.games}".rjust(34)
                        for r in (results[b] for b in EVAL_BOTS))
        lines.append(f"{name:<24}{cells}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    args = parse(argv)
    import torch
    from sb3_contrib import MaskablePPO

    torch.set_num_threads(args.threads)
    started = time.perf_counter()
    env = SeatEnv(game=args.game, seat=args.seat, bots=args.train_bots, **options(args))
    env.reset(seed=args.seed)               # seeds the training deals; MaskablePPO's own resets continue them
    model = MaskablePPO("MlpPolicy", env, n_steps=args.n_steps, batch_size=args.batch_size,
                        learning_rate=args.learning_rate, ent_coef=args.ent_coef, seed=args.seed, device="cpu",
                        verbose=0)
    rows = {"uniform over legal": measure(uniform(args.seed), args), "MaskablePPO, untrained": measure(greedy(model), args)}
    measured_before = time.perf_counter()
    print(f"trained against {args.train_bots!r}: {args.timesteps} decisions ...", file=sys.stderr, flush=True)
    model.learn(total_timesteps=args.timesteps)
    trained = time.perf_counter()
    model.save(args.output)
    rows["MaskablePPO, trained"] = measure(greedy(model), args)
    finished = time.perf_counter()
    report = {
        "game": args.game, "options": options(args), "seat": args.seat, "train_bots": args.train_bots,
        "timesteps": args.timesteps, "seed": args.seed, "eval_games": args.eval_games, "eval_seed": args.eval_seed,
        "torch": torch.__version__, "threads": args.threads, "model": args.output,
        "seconds": {"evaluation_before": round(measured_before - started, 1), "training": round(trained - measured_before, 1),
                    "evaluation_after": round(finished - trained, 1), "total": round(finished - started, 1)},
        "results": {name: {b: r.as_dict() for b, r in results.items()} for name, results in rows.items()},
    }
    if args.json:
        print(json.dumps(report, indent=1))
    else:
        print(f"{args.game} {options(args)}, seat {args.seat}; trained {args.timesteps} decisions against "
              f"{args.train_bots!r}; {args.eval_games} games per cell, win rate [Wilson 95 %] wins/games")
        print(table(rows))
        s = report["seconds"]
        print(f"wall: {s['total']} s (training {s['training']} s, evaluation {s['evaluation_before']} + "
              f"{s['evaluation_after']} s); model saved to {args.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
