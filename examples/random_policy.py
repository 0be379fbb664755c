"""A random policy playing Battle for Rokugan through the PettingZoo environment.

Run from the repository root (needs the ``rl`` extra: ``pip install -e '.[rl]'``)::

    python3 examples/random_policy.py --players 3 --games 2

Each agent samples uniformly among the actions its mask allows; a learning agent would
replace ``policy`` with its network (the observation is a fixed-size vector and the mask a
fixed-size 0/1 vector, the same sizes in every state).
"""

from __future__ import annotations

import argparse

import numpy as np

from daimyo.rl import env as make_env


def policy(observation: dict, rng: np.random.Generator) -> int:
    legal = np.flatnonzero(observation["action_mask"])
    return int(rng.choice(legal))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=1)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    rng = np.random.default_rng(args.seed)
    env = make_env(players=args.players)
    for game in range(args.games):
        env.reset(seed=args.seed + game)
        totals = {agent: 0.0 for agent in env.possible_agents}
        steps = 0
        for agent in env.agent_iter():
            observation, reward, termination, truncation, info = env.last()
            totals[agent] += reward
            action = None if termination or truncation else policy(observation, rng)
            env.step(action)
            steps += 1
        print(f"game {game}: {steps} steps, rewards {totals}")
    env.close()


if __name__ == "__main__":
    main()
