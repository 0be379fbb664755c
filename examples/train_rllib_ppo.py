"""Train one masked policy shared by every seat with RLlib's PPO (new API stack) on a daimyo game.

Training needs the ``rllib`` extra and PyTorch (CPU); the arguments and the environment's configuration
(:func:`environment_config`) need no PyTorch, and CI tests them::

    pip install -c constraints.txt '.[rllib]' torch
    python3 examples/train_rllib_ppo.py --game risingsun --war worked-battle --iterations 10 --json

Every seat is mapped to one policy, RLlib's action-masking module
(``ray.rllib.examples.rl_modules.classes.action_masking_rlm.ActionMaskingTorchRLModule``), which reads the
``observations`` and ``action_mask`` keys of :class:`daimyo.rl.rllib.DaimyoMultiAgentEnv`. It runs in this process
(no remote env runners or learners, a one-CPU local Ray instance) and prints, for each training iteration, the
episodes so far and each seat's mean return; ``--json`` prints one JSON object at the end. See docs/rl.md.
"""

from __future__ import annotations

import argparse
import json
import sys
import time


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=("rokugan", "senjutsu", "risingsun"), default="risingsun")
    parser.add_argument("--players", type=int, default=2, help="Battle for Rokugan and Senjutsu: players (default 2)")
    parser.add_argument("--war", default="worked-battle", help="Rising Sun: the war (an example's name)")
    parser.add_argument("--iterations", type=int, default=10, help="PPO training iterations (default 10)")
    parser.add_argument("--batch", type=int, default=512, help="env steps a training iteration (default 512)")
    parser.add_argument("--minibatch", type=int, default=128, help="PPO minibatch size (default 128)")
    parser.add_argument("--epochs", type=int, default=2, help="PPO epochs over each batch (default 2)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of lines")
    return parser.parse_args(argv)


def environment_config(args: argparse.Namespace) -> dict:
    """The ``env_config`` of :class:`daimyo.rl.rllib.DaimyoMultiAgentEnv` for the game asked for (no PyTorch needed)."""
    if args.game == "risingsun":
        return {"game": args.game, "war": args.war}
    return {"game": args.game, "players": args.players}


def main(argv: list[str] | None = None) -> int:
    args = parse(argv)
    started = time.perf_counter()
    import ray
    from ray.rllib.algorithms.ppo import PPOConfig
    from ray.rllib.core.rl_module.multi_rl_module import MultiRLModuleSpec
    from ray.rllib.core.rl_module.rl_module import RLModuleSpec
    from ray.rllib.examples.rl_modules.classes.action_masking_rlm import ActionMaskingTorchRLModule

    from daimyo.rl.rllib import DaimyoMultiAgentEnv

    env_config = environment_config(args)
    ray.init(num_cpus=1, include_dashboard=False, log_to_driver=False, ignore_reinit_error=True)
    config = (
        PPOConfig()
        .environment(DaimyoMultiAgentEnv, env_config=env_config)
        .multi_agent(policies={"shared"}, policy_mapping_fn=lambda agent_id, episode, **kwargs: "shared")
        .rl_module(rl_module_spec=MultiRLModuleSpec(rl_module_specs={
            "shared": RLModuleSpec(module_class=ActionMaskingTorchRLModule, model_config={"head_fcnet_hiddens": [64, 64]}),
        }))
        .env_runners(num_env_runners=0)
        .learners(num_learners=0)
        .training(train_batch_size_per_learner=args.batch, minibatch_size=args.minibatch, num_epochs=args.epochs)
        .debugging(seed=args.seed)
    )
    algo = config.build_algo()
    built = time.perf_counter()
    rows = []
    try:
        for i in range(args.iterations):
            result = algo.train()
            runners = result["env_runners"]
            returns = {str(k): round(float(v), 3) for k, v in (runners.get("agent_episode_returns_mean") or {}).items()}
            rows.append({"iteration": i + 1, "episodes": int(runners.get("num_episodes_lifetime", 0)), "returns": returns,
                         "seconds": round(time.perf_counter() - built, 1)})
            if not args.json:
                print(f"iteration {i + 1}: {rows[-1]['episodes']} episodes, mean returns {returns}, "
                      f"{rows[-1]['seconds']} s", flush=True)
    finally:
        algo.stop()
        ray.shutdown()
    report = {"game": args.game, "env_config": env_config, "iterations": rows,
              "setup_seconds": round(built - started, 1), "train_seconds": round(time.perf_counter() - built, 1)}
    if args.json:
        print(json.dumps(report))
    else:
        print(f"setup {report['setup_seconds']} s, training {report['train_seconds']} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
