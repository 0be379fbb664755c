"""Battle for Rokugan as a PettingZoo AEC environment: one agent per seat, turn by turn as the rules give them.

Agents are ``player_0`` .. ``player_{N-1}`` (seats). Each observation is a dict with
``observation`` (the seat's view, :func:`daimyo.rl.encoding.observe`) and ``action_mask`` (1 for
each catalogue entry that is legal now; all 0 for agents not to act). At the end every agent's
reward is its share of the win (1 for a sole winner, 1/k for k tied winners, 0 otherwise).
``actions="picks"`` gives the smaller action space of :mod:`daimyo.rl.picks` (a placement and a Unicorn swap as two
picks; the observation then ends with the pending first pick). Clans are dealt from the reset seed unless ``clans``
is given. ``reset(seed=s)`` deals game ``s`` and seeds the env's generator; ``reset()`` deals a new game drawn from
that generator (from OS entropy before any seed).

``engine``: ``"native"`` (the compiled engine, :mod:`daimyo.rokugan.native`; the default wherever it is built) or
``"python"`` (the reference). Both give the same observations, masks, rewards and terminations for the same seed
(tests/rl/test_engines.py); naming ``"native"`` where the module is not built is an ImportError saying how to build it.
On the native engine the full catalogue's actions are integers end to end: the engine writes the mask and the
observation into NumPy arrays and applies an action by its id, building no events (daimyo/rl/encoding.py, "Engines").
"""

from __future__ import annotations

from typing import ClassVar

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv

from daimyo.core.rng import Rng
from daimyo.rl import picks
from daimyo.rl.encoding import KEYS, OBS_HIGH, OBS_SIZE, legal_index, observe, on_native
from daimyo.rl.stepping import MoveStepping, action_number
from daimyo.rokugan import ENGINES, native, new_game
from daimyo.rokugan.data import RULES as R
from daimyo.rokugan.state import RokuganState


class raw_env(MoveStepping, AECEnv):
    metadata: ClassVar[dict] = {"render_modes": ["ansi", "rgb_array", "human"], "name": "rokugan_v0", "is_parallelizable": False}

    def __init__(self, players: int = 2, clans: list[str] | None = None, render_mode: str | None = None,
                 actions: str = "full", engine: str | None = None):
        super().__init__()
        if engine is None:
            engine = native.default_engine(None)
        if engine not in ENGINES:
            raise ValueError(f"engine: one of {', '.join(ENGINES)}, not {engine!r}")
        if engine == "native":
            native.require()        # refused here, saying how to build the module, not at the first reset()
        self.engine = engine
        if not 2 <= players <= 5:
            raise ValueError(f"Battle for Rokugan is played by 2 to 5 players, not {players}")
        if actions not in ("full", "picks"):
            raise ValueError(f"actions: 'full' (one entry per move) or 'picks' (placements and swaps in two picks), "
                             f"not {actions!r}")
        self.picks = actions == "picks"
        self.keys = picks.KEYS_FACTORED if self.picks else KEYS
        n_actions = len(self.keys)
        obs_size = OBS_SIZE + (picks.PENDING_SIZE if self.picks else 0)
        self._first: tuple | None = None
        self.players = players
        self.fixed_clans = list(clans) if clans else None
        if render_mode not in (None, "ansi", "rgb_array", "human"):
            raise ValueError(f"render_mode: 'ansi', 'rgb_array', 'human' or nothing, not {render_mode!r}")
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self.action_spaces = {a: spaces.Discrete(n_actions) for a in self.possible_agents}
        self.observation_spaces = {a: spaces.Dict({
            "observation": spaces.Box(low=0.0, high=OBS_HIGH, shape=(obs_size,), dtype=np.float32),
            "action_mask": spaces.Box(low=0, high=1, shape=(n_actions,), dtype=np.int8),
        }) for a in self.possible_agents}
        self.game: RokuganState | native.NativeRokuganState | None = None
        # state(): every seat's observation, seat by seat: all that any player knows, for centralized critics
        self.state_space = spaces.Box(low=0.0, high=OBS_HIGH, shape=(players * obs_size,), dtype=np.float32)
        self._legal_moves: dict[int, tuple] | None = {}
        # on the native engine (full catalogue): the acting seat's mask, written by the engine (see _select)
        self._mask: np.ndarray | None = None
        self._np_random: np.random.Generator | None = None

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    # ----------------------------------------------------------------- API
    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        # Gymnasium's rule: a seeded reset seeds the env's generator (and deals game ``seed``); an unseeded reset
        # continues that generator (the first one ever draws it from OS entropy), so each episode is a new deal.
        if seed is not None:
            seed = int(seed)
            self._np_random, _ = seeding.np_random(seed)
        else:
            if self._np_random is None:
                self._np_random, _ = seeding.np_random(None)
            seed = int(self._np_random.integers(2**63))
        clans = self.fixed_clans
        if clans is None:
            names = list(R.clan_names)
            Rng(seed ^ 0xC1A5).shuffle(names)
            clans = names[:self.players]
        self.game = new_game(players=self.players, seed=seed, clans=clans, engine=self.engine)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict] = {a: {} for a in self.agents}
        self._select()

    def _game(self) -> RokuganState | native.NativeRokuganState:
        """The game under way; using the environment before ``reset()`` is refused by name."""
        if self.game is None:
            raise RuntimeError("call reset() before using the environment")
        return self.game

    def _select(self) -> None:
        s = self._game()
        if s.is_terminal():
            return
        seat = s.to_act()[0]
        self.agent_selection = self.possible_agents[seat]
        self._first = None
        if not self.picks and on_native(s):
            # integer actions end to end: the engine writes the mask, and applies an action by its id
            self._mask = np.zeros(len(self.keys), dtype=np.int8)
            s.action_mask(seat, self._mask)
            self._legal_moves = None
            return
        self._mask = None
        self._legal_moves = picks.legal_picks(s, seat) if self.picks else legal_index(s, seat)

    @property
    def _legal(self) -> dict[int, tuple]:
        """Action index -> the legal move it stands for now (or, with picks, what the pick does)."""
        if self._legal_moves is None:
            self._legal_moves = legal_index(self._game(), self.possible_agents.index(self.agent_selection))
        return self._legal_moves

    def _vector(self, seat: int) -> np.ndarray:
        x = observe(self._game(), seat)
        if not self.picks:
            return x
        mine = self._first if self.possible_agents[seat] == self.agent_selection else None
        return np.concatenate([x, picks.pending_vector(mine)])

    def observe(self, agent: str) -> dict:
        seat = self.possible_agents.index(agent)
        if agent == self.agent_selection and not self._game().is_terminal():
            if self._mask is not None:
                return {"observation": self._vector(seat), "action_mask": self._mask.copy()}
            mask = np.zeros(len(self.keys), dtype=np.int8)
            mask[list(self._legal)] = 1
        else:
            mask = np.zeros(len(self.keys), dtype=np.int8)
        return {"observation": self._vector(seat), "action_mask": mask}

    def state(self) -> np.ndarray:
        """The global state for a centralized critic: the observation vectors of every seat in seat order."""
        return np.concatenate([self._vector(seat) for seat in range(self.players)])

    def step(self, action) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        action = action_number(action, agent)
        if self._mask is not None:
            if not (0 <= action < len(self._mask) and self._mask[action]):
                entry = self.keys[action] if 0 <= action < len(self.keys) else "out of range"
                raise ValueError(f"action {action} ({entry}) is not legal for {agent} now; use the action mask")
            s = self._game()
            if on_native(s):
                self._cumulative_rewards[agent] = 0.0
                s.apply_action(self.possible_agents.index(agent), action)
                self._moved(s)
                return
            # handed over to the Python engine since (a field read by name): played by its move
            self.play_move(self._legal[action])
            return
        if action not in self._legal:
            entry = self.keys[action] if 0 <= action < len(self.keys) else "out of range"
            raise ValueError(f"action {action} ({entry}) is not legal for {agent} now; use the action mask")
        if not self.picks:
            self.play_move(self._legal[action])
            return
        kind, what = self._legal[action]
        if kind == "move":
            self.play_move(what)
            return
        # a first pick: nothing happens in the game; the same seat picks again, from the completions of this pick
        seat = self.possible_agents.index(agent)
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._first = what
        self._legal_moves = picks.legal_picks(self._game(), seat, what)
        self._accumulate_rewards()

    def render(self):
        if self.render_mode is None:
            return None
        # the acting seat's view only (never the referee's position, which holds every hidden fact)
        from daimyo.words.rokugan_render import state_summary
        acting = self._game().to_act()
        seat = acting[0] if acting else None
        if self.render_mode == "rgb_array":
            from daimyo.rl.draw import rokugan
            return rokugan(self._game().view(seat))
        who = f"view of {self.possible_agents[seat]}" if seat is not None else "spectators' view"
        text = "\n".join([who, *state_summary(self._game().view(seat))])
        if self.render_mode == "human":     # a text game's human mode: the ansi picture, printed
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


def env(players: int = 2, clans: list[str] | None = None, render_mode: str | None = None, actions: str = "full",
        engine: str | None = None, parallel: bool = False):
    """The environment wrapped in PettingZoo's order-enforcing wrapper. ``parallel`` is the registry's option
    (``make_environment(parallel=...)``, as for Senjutsu and Rising Sun): True is refused, the game being turn by
    turn."""
    if parallel:
        raise ValueError("parallel: Battle for Rokugan is played turn by turn and has no PettingZoo Parallel "
                         "environment; use its AEC one (parallel=False, daimyo.rl.rokugan.env)")
    from pettingzoo.utils import wrappers

    return wrappers.OrderEnforcingWrapper(raw_env(players=players, clans=clans, render_mode=render_mode,
                                                  actions=actions, engine=engine))
