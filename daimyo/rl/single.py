"""A single-agent Gymnasium environment: the learner in one seat, daimyo's bots in the others.

>>> import gymnasium as gym, daimyo.rl
>>> e = gym.make("daimyo/Rokugan-v0", players=2, bots="heuristic")
>>> observation, info = e.reset(seed=1)
>>> len(info["action_mask"]) == e.action_space.n
True

The game's AEC environment (``raw_environment`` in its registration: :mod:`daimyo.rl.rokugan`, :mod:`daimyo.rl.senjutsu`,
:mod:`daimyo.rl.risingsun`; a game whose registration names none is refused by name) runs the game; the other
seats are bots from the game's bot registry (:func:`daimyo.bots.registry.make_bot`: ``random``, ``heuristic``,
``ismcts:0.1s`` for Battle for Rokugan, or an outside bot spec), seeded from the episode's seed.
The observation is the learner's observation vector; the legal actions are ``info["action_mask"]`` and
:meth:`SeatEnv.action_masks` (the method sb3-contrib's MaskablePPO calls). The reward is 0 until the end, then the
learner's return (1 for a sole win, a share of a tie, 0 for a loss).

An action the mask forbids: with ``illegal="lose"`` (the default, so that samplers of the whole space, Gymnasium's
env checker among them, can run) the episode ends at once with reward -1, the game untouched, and
``info["illegal"]`` says which action and why; with ``illegal="raise"`` it is a ValueError.
"""

from __future__ import annotations

from typing import Any

import gymnasium as gym
import numpy as np

from daimyo.rl.registered import offering, raw_environment
from daimyo.rl.stepping import action_number


def gymnasium_ids() -> dict[str, str]:
    """Each game's Gymnasium id (``gymnasium_id`` in its registration), by game name."""
    return {info.name: info.gymnasium_id for info in offering("gymnasium_id") if info.gymnasium_id is not None}


class SeatEnv(gym.Env):
    """One seat of a daimyo game for a single learner; ``bots`` is one spec for every other seat, or a list with one
    per other seat (the learner's left out), in seat order."""

    metadata = {"render_modes": ["ansi", "rgb_array", "human"], "render_fps": 1}  # noqa: RUF012  (gymnasium's own shape)

    def __init__(self, game: str, seat: int = 0, bots: str | list[str] = "random", illegal: str = "lose",
                 render_mode: str | None = None, **options: Any):
        if illegal not in ("lose", "raise"):
            raise ValueError(f"illegal: 'lose' or 'raise', not {illegal!r}")
        self.game_name, self.illegal, self.render_mode = game, illegal, render_mode
        self.aec = raw_environment(game, render_mode=render_mode, **options)
        agents = self.aec.possible_agents
        if not 0 <= seat < len(agents):
            raise ValueError(f"seat: 0 to {len(agents) - 1} in this {len(agents)}-player game, not {seat}")
        self.seat, self.learner = seat, agents[seat]
        others = [p for p in range(len(agents)) if p != seat]
        specs = [bots] * len(others) if isinstance(bots, str) else list(bots)
        if len(specs) != len(others):
            raise ValueError(f"bots: one spec for every other seat, or a list of {len(others)} (one per other "
                             f"seat, in seat order; not the learner's), not {len(specs)}")
        self.bot_specs = dict(zip(others, specs, strict=True))
        from daimyo.bots.registry import make_bot
        for spec in set(specs):
            make_bot(game, spec, 0)                 # an unknown bot is refused here, by name
        self.observation_space = self.aec.observation_space(self.learner)["observation"]
        space = self.aec.action_space(self.learner)
        assert isinstance(space, gym.spaces.Discrete)
        self.action_space = space
        self._actions = int(space.n)
        self._bots: dict[int, Any] = {}
        self._over = False

    # ----------------------------------------------------------------- helpers
    def _mask(self) -> np.ndarray:
        if self._over or self.aec.game.is_terminal():
            return np.zeros(self._actions, dtype=bool)
        return self.aec.observe(self.learner)["action_mask"].astype(bool)

    def action_masks(self) -> np.ndarray:
        """The learner's legal actions now (True where legal): what sb3-contrib's MaskablePPO asks for."""
        return self._mask()

    def _observation(self) -> np.ndarray:
        return self.aec.observe(self.learner)["observation"]

    def _bots_play(self) -> None:
        """The bots act until the learner is to act or the game ends."""
        game = self.aec.game
        while not game.is_terminal() and self.aec.agent_selection != self.learner:
            seat = self.aec.possible_agents.index(self.aec.agent_selection)
            self.aec.play_move(self._bots[seat].choose(game, seat))

    def _result(self) -> tuple[float, bool]:
        game = self.aec.game
        if game.is_terminal():
            self._over = True
            return float(game.returns()[self.seat]), True
        return 0.0, False

    # ----------------------------------------------------------------- API
    def reset(self, *, seed: int | None = None, options: dict | None = None):
        super().reset(seed=seed)      # seeds self.np_random once; later unseeded resets continue it
        episode = int(self.np_random.integers(2**62))
        self.aec.reset(seed=episode)
        from daimyo.bots.registry import make_bot
        self._bots = {p: make_bot(self.game_name, spec, episode % 2**31 + p) for p, spec in self.bot_specs.items()}
        self._over = False
        self._bots_play()
        self._result()
        return self._observation(), {"action_mask": self._mask()}

    def step(self, action):
        if self._over:
            raise RuntimeError("the episode is over: call reset()")
        action = action_number(action, self.learner)
        mask = self._mask()
        if not (0 <= action < len(mask) and mask[action]):
            why = f"action {action} is not legal for {self.learner} now ({int(mask.sum())} legal; use action_masks())"
            if self.illegal == "raise":
                raise ValueError(why)
            self._over = True
            return self._observation(), -1.0, True, False, {"action_mask": np.zeros_like(mask), "illegal": why}
        self.aec.step(action)
        self._bots_play()
        reward, terminated = self._result()
        return self._observation(), reward, terminated, False, {"action_mask": self._mask()}

    def render(self):
        return self.aec.render()


def register_environments() -> None:
    """Register with Gymnasium one seat of every game whose registration names a ``gymnasium_id``
    (``daimyo/Rokugan-v0``, ``daimyo/Senjutsu-v0``, ``daimyo/RisingSunWar-v0``); call it again after registering
    a game of your own."""
    for game, env_id in gymnasium_ids().items():
        if env_id not in gym.registry:
            gym.register(id=env_id, entry_point="daimyo.rl.single:SeatEnv", kwargs={"game": game})


register_environments()
