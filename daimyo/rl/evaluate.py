"""How well a masked policy plays one seat against daimyo's bots: games played, wins, win rate, Wilson interval.

A policy is any callable ``predict(observation, mask) -> action`` (the learner's observation vector and its legal
actions, True where legal), so a trained network, a hand-written rule or a random chooser are measured the same way;
nothing here needs a learning library. The games are played in the single-agent Gymnasium environment
(:mod:`daimyo.rl.single`) with ``illegal="raise"``: a policy that picks an action the mask forbids is an error
naming the action, not a silent loss. ``reset(seed=seed)`` deals the first game and each later game is the
environment's next deal, so two policies measured with one seed meet the same deals and the same bot seeds.

>>> import daimyo.rl
>>> from daimyo.rl.evaluate import first_legal, play
>>> result = play(first_legal, "risingsun", games=4, seed=0, bots="random", war="worked-battle")
>>> result.games
4

A game's score is the learner's return: 1 for a sole win, 1/k for a win shared by k seats, 0 for a loss; ``wins`` is
the sum of the scores (a shared win counts its share), and the interval is Wilson's score interval for that rate.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

Policy = Callable[[np.ndarray, np.ndarray], int]


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson's score interval for a rate of ``wins`` in ``games`` (z = 1.96: 95 %).

    >>> [round(x, 4) for x in wilson(5, 10)]
    [0.2366, 0.7634]
    """
    if games <= 0:
        raise ValueError(f"games: at least 1 game to give an interval, not {games}")
    if not 0 <= wins <= games:
        raise ValueError(f"wins: between 0 and the {games} games played, not {wins}")
    p = wins / games
    z2 = z * z
    centre = (p + z2 / (2 * games)) / (1 + z2 / games)
    half = z / (1 + z2 / games) * math.sqrt(p * (1 - p) / games + z2 / (4 * games * games))
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True)
class Result:
    """One policy's games in one seat against one set of bots."""

    game: str                  # the name of a game whose registration names a raw_environment
    bots: str | tuple[str, ...]
    seat: int
    games: int
    wins: float                # the sum of the learner's returns (a shared win counts its share)
    low: float                 # Wilson's 95 % interval for the win rate
    high: float

    @property
    def rate(self) -> float:
        return self.wins / self.games

    def as_dict(self) -> dict[str, Any]:
        return {"game": self.game, "bots": self.bots if isinstance(self.bots, str) else list(self.bots),
                "seat": self.seat, "games": self.games, "wins": self.wins, "rate": self.rate,
                "low": self.low, "high": self.high}


def first_legal(observation: np.ndarray, mask: np.ndarray) -> int:
    """The lowest-numbered legal action (a fixed, trivial policy: a baseline and a test fixture)."""
    return int(np.flatnonzero(mask)[0])


def uniform(seed: int) -> Policy:
    """A policy choosing uniformly among the legal actions, from its own generator seeded with ``seed``."""
    rng = np.random.default_rng(seed)

    def choose(observation: np.ndarray, mask: np.ndarray) -> int:
        return int(rng.choice(np.flatnonzero(mask)))

    return choose


def play(predict: Policy, game: str, games: int, seed: int = 0, bots: str | list[str] = "random", seat: int = 0,
         **options: Any) -> Result:
    """Play ``games`` games of ``game`` (``rokugan``, ``senjutsu``, ``risingsun``) with ``predict`` in ``seat`` and
    ``bots`` in the other seats; ``options`` are the game's own (``players=``, ``war=``, ``actions=``)."""
    if games < 1:
        raise ValueError(f"games: at least 1, not {games}")
    from daimyo.rl.single import SeatEnv
    env = SeatEnv(game=game, seat=seat, bots=bots, illegal="raise", **options)
    observation, info = env.reset(seed=seed)
    wins = 0.0
    for played in range(games):
        done = env.aec.game.is_terminal()       # a game the bots ended before the learner's first decision
        reward = float(env.aec.game.returns()[seat]) if done else 0.0
        while not done:
            action = predict(observation, info["action_mask"])
            observation, reward, done, _truncated, info = env.step(action)
        wins += float(reward)
        if played + 1 < games:
            observation, info = env.reset()
    low, high = wilson(wins, games)
    return Result(game=game, bots=bots if isinstance(bots, str) else tuple(bots), seat=seat, games=games,
                  wins=wins, low=low, high=high)
