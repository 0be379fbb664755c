"""daimyo's games as RLlib multi-agent environments (new API stack; install the ``rllib`` extra).

>>> from daimyo.rl.rllib import DaimyoMultiAgentEnv
>>> env = DaimyoMultiAgentEnv({"game": "senjutsu", "players": 2})
>>> observations, infos = env.reset(seed=1)

``DaimyoMultiAgentEnv(config)`` is a ``ray.rllib.env.multi_agent_env.MultiAgentEnv`` over the game's AEC environment
(:mod:`daimyo.rl`): ``config["game"]`` names the game (``rokugan``, ``senjutsu``, ``risingsun``: each game whose
registration names a ``raw_environment``; any other is refused by name) and the rest are that game's options
(``players``, ``clans``, ``actions`` for Battle for Rokugan; ``players``, ``characters`` for Senjutsu; ``war`` for
Rising Sun); RLlib passes its ``env_config`` as ``config``. Agents are ``player_0`` ..; one acts at a
time (the seats of a simultaneous choice one after another, each from its own view), and ``reset`` and ``step``
return an observation for the agent to act next only; at the end every agent gets its observation and its return (1
to a sole winner, a share of a tie) and ``terminateds["__all__"]`` is True.

Each observation is a dict in the keys RLlib's action-masking modules read: ``observations`` (the seat's float32
vector, bounded by its real maxima) and ``action_mask`` (float32, 1.0 for each legal action). Infos are empty.

An action the mask forbids (RLlib's env checker samples the whole action space) ends the episode: that agent's
reward is -1, the others' 0, and its info says ``{"illegal": 1}`` (``config["illegal"] = "lose"``, the default);
with ``"raise"`` it raises ``ValueError`` naming the action, and changes nothing.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces

from daimyo.rl.registered import offering, raw_environment
from daimyo.rl.stepping import action_number

try:
    from ray.rllib.env.multi_agent_env import MultiAgentEnv
    _MISSING: str | None = None
except ImportError as e:     # the rllib extra is not installed: the module still imports (for the API reference)
    _MISSING = str(e)
    _Base: Any = object
else:
    _Base = MultiAgentEnv

def games() -> list[str]:
    """The games this adapter offers: those whose registration names a ``raw_environment``."""
    return [info.name for info in offering("raw_environment")]


def _aec(game: Any, options: dict):
    """The game's AEC environment (unwrapped), made with ``options``; ValueError naming the game otherwise."""
    if not isinstance(game, str):
        raise ValueError(f"config 'game': a game's name ({', '.join(games())}), not {game!r}")
    return raw_environment(game, **options)


class DaimyoMultiAgentEnv(_Base):
    """One of daimyo's games for RLlib (module docstring)."""

    def __init__(self, config: dict | None = None):
        if _MISSING is not None:
            raise ImportError(f"daimyo.rl.rllib needs RLlib ({_MISSING}): pip install 'daimyo[rllib]'")
        super().__init__()
        config = dict(config or {})
        if "game" not in config:
            raise ValueError(f"config 'game': name the game ({', '.join(games())})")
        game = config.pop("game")
        self.illegal = config.pop("illegal", "lose")
        if self.illegal not in ("lose", "raise"):
            raise ValueError(f"config 'illegal': 'lose' (the episode ends, reward -1) or 'raise', not {self.illegal!r}")
        try:
            self.aec = _aec(game, config)
        except TypeError as e:
            raise ValueError(f"config: an option {game} does not take ({e})") from None
        self.game_name = game
        self.possible_agents = list(self.aec.possible_agents)
        self.agents = list(self.possible_agents)
        self.observation_spaces = {}
        self.action_spaces = {}
        for a in self.possible_agents:
            inner = self.aec.observation_space(a)
            n = int(self.aec.action_space(a).n)
            self.observation_spaces[a] = spaces.Dict({
                "observations": spaces.Box(low=inner["observation"].low, high=inner["observation"].high,
                                           dtype=np.float32),
                "action_mask": spaces.Box(low=0.0, high=1.0, shape=(n,), dtype=np.float32),
            })
            self.action_spaces[a] = spaces.Discrete(n)
        self._over = True

    def _obs(self, agent) -> dict:
        o = self.aec.observe(agent)
        return {"observations": np.asarray(o["observation"], dtype=np.float32),
                "action_mask": np.asarray(o["action_mask"], dtype=np.float32)}

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        self.aec.reset(seed=seed, options=options)
        self.agents = list(self.possible_agents)
        self._over = False
        first = self.aec.agent_selection
        return {first: self._obs(first)}, {}

    def step(self, action_dict: dict):
        if self._over:
            raise RuntimeError("the episode is over: call reset()")
        agent = self.aec.agent_selection
        if agent not in action_dict:
            raise ValueError(f"{agent} is to act now; the actions given were for {', '.join(map(str, action_dict))}")
        action = action_number(action_dict[agent], agent)
        mask = self.aec.observe(agent)["action_mask"]
        if not (0 <= action < len(mask) and mask[action]):
            if self.illegal == "raise":
                raise ValueError(f"action {action} is not legal for {agent} now; use the action mask")
            return self._end({a: (-1.0 if a == agent else 0.0) for a in self.possible_agents}, {agent: {"illegal": 1}})
        self.aec.step(action)
        if self.aec.game.is_terminal():
            returns = self.aec.game.returns()
            return self._end({a: float(r) for a, r in zip(self.possible_agents, returns, strict=True)}, {})
        nxt = self.aec.agent_selection
        return {nxt: self._obs(nxt)}, {agent: 0.0}, {"__all__": False}, {"__all__": False}, {}

    def _end(self, rewards: dict, infos: dict):
        self._over = True
        obs = {a: self._obs(a) for a in self.possible_agents}
        terminated = dict.fromkeys(self.possible_agents, True) | {"__all__": True}
        truncated = dict.fromkeys(self.possible_agents, False) | {"__all__": False}
        return obs, rewards, terminated, truncated, infos

    def render(self):
        return self.aec.render()


def env_creator(config: dict) -> DaimyoMultiAgentEnv:
    """For ``ray.tune.registry.register_env("daimyo", env_creator)``."""
    return DaimyoMultiAgentEnv(config)


__all__ = ["DaimyoMultiAgentEnv", "env_creator", "games"]
