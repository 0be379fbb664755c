"""Batched Battle for Rokugan: N games stepped in one native call (native/src/batch.cpp), the GIL released.

Two faces:

* :class:`RokuganVectorEnv`, a Gymnasium :class:`~gymnasium.vector.VectorEnv`: in each game the learner holds one
  seat and bots move inside C++ at the others: ``"random"`` (:class:`~daimyo.bots.random_bot.RandomBot`) or
  ``"heuristic"`` (the rule-based bot, natively: the same draws and choices), one spec for every other seat or a
  list, one per other seat in seat order. Game ``i`` is :class:`daimyo.rl.single.SeatEnv` with the same ``bots``
  reset with seed ``seed + i``, step for step: the same
  observations, masks (``infos["action_mask"]``, and :meth:`RokuganVectorEnv.action_masks`), rewards and
  terminations (tests/rl/test_vector.py).
* :class:`RokuganBatch`, for self-play: every seat is played from outside; each step takes one action per game for
  the seat to act there and gives back observations ``[N, D]``, masks ``[N, A]``, rewards ``[N, players]``,
  terminations ``[N]`` and the seat to act ``[N]``. Game ``i`` is :class:`daimyo.rl.rokugan.raw_env` reset with seed
  ``seed + i``, move for move.

**Autoreset** is the mode Gymnasium calls NEXT_STEP (``metadata["autoreset_mode"]``): the step that ends a game
gives its last observation, its rewards and ``terminated`` True; the next step takes no action for that game (any
value will do) and deals it anew, giving its first observation, reward 0 and ``terminated`` False.

In a game that just ended the mask is all False, the seat to act -1, and the observation that of the seat that
moved last from outside (the learner's, in :class:`RokuganVectorEnv`). :meth:`RokuganVectorEnv.random_actions`
draws a uniformly random legal action of each game natively, a random policy without a Python loop over the masks;
:meth:`RokuganBatch.step_random` draws and applies them in the same pass over the threads (the fast path).

**Seeding**, as Gymnasium specifies: ``reset(seed=s)`` seeds game ``i``'s generator with ``s + i`` (a list gives
each its own seed; ``None`` keeps each generator, drawn from OS entropy the first time); every deal after it, at an
autoreset or an unseeded reset, is a new game drawn from that game's generator. The generator is Gymnasium's
``seeding.np_random(s + i)`` (NumPy's PCG64), set up once in Python and then drawn in the native engine, word for
word as NumPy's ``Generator.integers`` (native/src/batch.cpp, ``Deals``): an autoreset costs no Python, and game
``i`` deals what the single environment's ``reset()`` would (tests/rl/test_vector.py).

An action the mask forbids ends that game at once with reward -1 for its seat (``infos["illegal"]`` True), as
:class:`~daimyo.rl.single.SeatEnv` does with ``illegal="lose"``. ``threads`` splits the games over that many
threads in each step (threads kept from step to step; the games do not depend on their number). Arrays given back
are copies unless ``copy=False`` (then they are the batch's own buffers, overwritten by the next step).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from daimyo.rl import encoding
from daimyo.rl.encoding import N_ACTIONS, OBS_HIGH, OBS_SIZE
from daimyo.rokugan import native
from daimyo.rokugan.data import RULES as R

#: the bots that move inside the native engine, by their registry names, and a seat played from outside
BOTS = {"random": 0, "heuristic": 2}
OUTSIDE = 1


def _core():
    core = native.require(R)   # the batch plays the standard rules, the encoding's
    if not encoding.NATIVE_ENCODER:
        raise ImportError("the native module was built before its encoder: rebuild it (docs/native.md, Building)")
    return core


class _Games:
    """The batch of games and its buffers, with one generator per game that deals its games (see the module)."""

    def __init__(self, games: int, players: int, outside: list[int], clans: list[str] | None, threads: int,
                 seat_env: bool):
        if not isinstance(games, int) or games < 1:
            raise ValueError(f"games: a whole number of at least 1, not {games!r}")
        if not 2 <= players <= 5:
            raise ValueError(f"Battle for Rokugan is played by 2 to 5 players, not {players}")
        if clans is not None and (len(clans) != players or len(set(clans)) != players or any(c not in R.clan_names for c in clans)):
            raise ValueError(f"clans: {players} different clans of {', '.join(R.clan_names)}, not {clans!r}")
        if not isinstance(threads, int) or threads < 1:
            raise ValueError(f"threads: a whole number of at least 1, not {threads!r}")
        self.n, self.players, self.threads = games, players, threads
        # SeatEnv draws an episode below 2**62 and seeds its bots with it; raw_env draws a game below 2**63
        self.seat_env = seat_env
        self.core = _core().Batch(games, players, outside,
                                  [R.clan_names.index(c) for c in clans] if clans else [], 62 if seat_env else 63)
        self.dealt = np.zeros(games, dtype=np.bool_)     # whether game i's deal generator has been seeded
        self.obs = np.zeros((games, OBS_SIZE), dtype=np.float32)
        self.mask = np.zeros((games, N_ACTIONS), dtype=np.bool_)
        self.rewards = np.zeros((games, players), dtype=np.float32)
        self.terminated = np.zeros(games, dtype=np.bool_)
        self.illegal = np.zeros(games, dtype=np.bool_)
        self.to_act = np.full(games, -1, dtype=np.int32)
        self.pending = np.zeros(games, dtype=np.bool_)   # to be dealt anew at the next step (NEXT_STEP autoreset)
        self.actions = np.zeros(games, dtype=np.int64)   # the actions drawn by the last step_random
        self._seeds = np.zeros(games, dtype=np.uint64)   # the deals' seeds of a reset (read only where given)
        self._bases = np.zeros(games, dtype=np.uint64)
        self.started = False
        self.first_seed: int | None = None   # the first reset's seed (random_actions' generator is seeded from it)
        self.sampled = False

    def seeds(self, seed) -> list[int | None]:
        if seed is None:
            return [None] * self.n
        if isinstance(seed, (int, np.integer)) and not isinstance(seed, bool):
            return [int(seed) + i for i in range(self.n)]
        seeds = list(seed)
        if len(seeds) != self.n:
            raise ValueError(f"seed: one whole number, or one per game ({self.n}), not {len(seeds)}")
        return [None if s is None else int(s) for s in seeds]

    def _seed_deals(self, i: int, seed: int | None) -> None:
        """Game i's deal generator, natively: the state of Gymnasium's ``seeding.np_random(seed)`` (OS entropy for
        None), whose draws the native engine repeats word for word (native/src/batch.cpp, Deals)."""
        st = seeding.np_random(seed)[0].bit_generator.state["state"]
        mask = 2**64 - 1
        self.core.seed_deals(i, st["state"] >> 64, st["state"] & mask, st["inc"] >> 64, st["inc"] & mask)
        self.dealt[i] = True

    def run(self, actions: np.ndarray, reset: np.ndarray, drawn: bool = False) -> None:
        """One native step; ``reset`` (uint8): 1 deals game i from its deal generator, 2 from the seeds given."""
        self.core.step(actions, reset, self._seeds, self._bases, self.obs, self.mask.view(np.uint8), self.rewards,
                       self.terminated.view(np.uint8), self.illegal.view(np.uint8), self.to_act, self.threads, drawn)
        np.copyto(self.pending, self.terminated)
        self.started = True

    def reset(self, seed, options: dict | None) -> None:
        if options and "reset_mask" in options:
            raise ValueError("options: reset_mask (a partial reset) is not supported; a reset deals every game")
        if not self.started and isinstance(seed, (int, np.integer)) and not isinstance(seed, bool):
            self.first_seed = int(seed)
        reset = np.ones(self.n, dtype=np.uint8)
        for i, given in enumerate(self.seeds(seed)):
            if given is not None or not self.dealt[i]:
                self._seed_deals(i, given)
            if given is not None and not self.seat_env:   # raw_env.reset(seed=s): game s itself
                reset[i], self._seeds[i], self._bases[i] = 2, given, given % 2**31
        self.run(np.zeros(self.n, dtype=np.int64), reset)

    def step(self, actions) -> None:
        if not self.started:
            raise RuntimeError("call reset() before step()")
        a = np.asarray(actions, dtype=np.int64).reshape(-1)
        if a.shape != (self.n,):
            raise ValueError(f"actions: one per game ({self.n}), not shape {np.shape(actions)}")
        a = np.where(self.pending, 0, a)
        self.run(np.ascontiguousarray(a), self.pending.view(np.uint8))

    def step_random(self) -> None:
        if not self.started:
            raise RuntimeError("call reset() before step_random()")
        self.seed_sampler()
        self.run(self.actions, self.pending.view(np.uint8), drawn=True)

    def seed_sampler(self) -> None:
        if not self.sampled:
            self.core.seed_sampler(int(seeding.np_random(self.first_seed)[0].integers(2**63)))
            self.sampled = True


def random_actions(games: _Games) -> np.ndarray:
    """A uniformly random legal action of each game: a random policy without a Python loop over ``[N, A]`` masks.
    Each game has its own generator, all seeded from the first ``reset(seed=...)`` (else from OS entropy), so the
    draws do not depend on ``threads``."""
    games.seed_sampler()
    out = np.zeros(games.n, dtype=np.int64)
    games.core.random_actions(out, games.threads)
    return out


def _out(x: np.ndarray, copy: bool) -> np.ndarray:
    return x.copy() if copy else x


class RokuganVectorEnv(VectorEnv):
    """``num_envs`` games, the learner at ``seat`` of each, random bots at the other seats (see the module)."""

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.NEXT_STEP, "render_modes": []}  # noqa: RUF012  (gymnasium's own shape)

    def __init__(self, num_envs: int = 8, players: int = 2, seat: int = 0, bots: str | list[str] = "random",
                 clans: list[str] | None = None, threads: int = 1, copy: bool = True):
        if not isinstance(seat, int) or not 0 <= seat < players:
            raise ValueError(f"seat: 0 to {players - 1} in this {players}-player game, not {seat!r}")
        others = [p for p in range(players) if p != seat]
        specs = [bots] * len(others) if isinstance(bots, str) else list(bots)
        if len(specs) != len(others):
            raise ValueError(f"bots: one spec for every other seat, or a list of {len(others)} (one per other "
                             f"seat, in seat order; not the learner's), not {len(specs)}")
        for spec in specs:
            if spec not in BOTS:
                raise ValueError(f"bots: 'random' or 'heuristic' (the bots that move inside the native engine), "
                                 f"not {spec!r}")
        seats = [OUTSIDE] * players
        for p, spec in zip(others, specs, strict=True):
            seats[p] = BOTS[spec]
        self._games = _Games(num_envs, players, seats, clans, threads, seat_env=True)
        self.num_envs, self.seat, self.copy = num_envs, seat, copy
        self.single_observation_space = spaces.Box(0.0, OBS_HIGH, (OBS_SIZE,), np.float32)
        self.single_action_space = spaces.Discrete(N_ACTIONS)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self.render_mode = None

    def reset(self, *, seed: int | list[int | None] | None = None, options: dict | None = None):
        self._games.reset(seed, options)
        return _out(self._games.obs, self.copy), {"action_mask": _out(self._games.mask, self.copy)}

    def step(self, actions):
        g = self._games
        g.step(actions)
        infos: dict[str, Any] = {"action_mask": _out(g.mask, self.copy)}
        if g.illegal.any():
            infos["illegal"] = g.illegal.copy()
        return (_out(g.obs, self.copy), g.rewards[:, self.seat].copy(), g.terminated.copy(),
                np.zeros(self.num_envs, dtype=np.bool_), infos)

    def action_masks(self) -> np.ndarray:
        """Each game's legal actions now (True where legal); all False in a game that just ended."""
        return self._games.mask.copy()

    def random_actions(self) -> np.ndarray:
        """A uniformly random legal action of each game (0 in a game that just ended), drawn natively (see
        :func:`random_actions`)."""
        return random_actions(self._games)

    @property
    def moves_made(self) -> int:
        """The moves applied by steps so far, the bots' included."""
        return self._games.core.moves_made

    def close_extras(self, **kwargs) -> None:
        pass


class RokuganBatch:
    """``games`` games of ``players`` players, every seat played from outside (self-play; see the module)."""

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.NEXT_STEP}  # noqa: RUF012

    def __init__(self, games: int = 8, players: int = 2, clans: list[str] | None = None, threads: int = 1,
                 copy: bool = True):
        self._games = _Games(games, players, [OUTSIDE] * players, clans, threads, seat_env=False)
        self.games, self.players, self.copy = games, players, copy
        self.observation_size, self.n_actions = OBS_SIZE, N_ACTIONS

    def _result(self, rewards: bool) -> tuple[np.ndarray, ...]:
        g = self._games
        out: tuple[np.ndarray, ...] = (_out(g.obs, self.copy), _out(g.mask, self.copy))
        if rewards:
            out += (g.rewards.copy(), g.terminated.copy())
        return (*out, g.to_act.copy())

    def reset(self, seed: int | list[int | None] | None = None):
        """Deal every game: (observations [N, D], masks [N, A], seat to act [N])."""
        self._games.reset(seed, None)
        return self._result(rewards=False)

    def step(self, actions):
        """One action per game for its seat to act: (observations, masks, rewards [N, players], terminations, seat
        to act; -1 in a game that just ended)."""
        self._games.step(actions)
        return self._result(rewards=True)

    def random_actions(self) -> np.ndarray:
        """A uniformly random legal action of each game (0 in a game that just ended), drawn natively."""
        return random_actions(self._games)

    def step_random(self):
        """``step(random_actions())`` in one native pass: each game draws its random legal action and applies it in
        the same thread (the fast path for random self-play). Gives (actions [N], then what :meth:`step` gives); the
        games and draws equal ``step(random_actions())`` from the same seeds, whatever ``threads``."""
        g = self._games
        g.step_random()
        return (_out(g.actions, self.copy), *self._result(rewards=True))

    @property
    def illegal(self) -> np.ndarray:
        """The games the last step ended for an action their mask forbade."""
        return self._games.illegal.copy()

    @property
    def moves_made(self) -> int:
        return self._games.core.moves_made
