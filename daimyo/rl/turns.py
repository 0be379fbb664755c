"""PettingZoo environments for games whose seats may choose at once (Senjutsu, Rising Sun's War Phase).

Both games list each seat's legal moves in a fixed order (:meth:`legal_moves`); their decisions are too varied to
catalogue in advance (a Senjutsu movement line, a Rising Sun bid over four slots), so an action is a **slot**: action
``0`` is ``wait`` (the answer of a seat with nothing to decide, in the parallel environment), action ``k`` (1 ..
``slots``) is the seat's ``k``-th legal move now. The mask says which slots are legal. Infos are empty by default (libraries that stack infos into tensors,
TorchRL's PettingZoo wrapper among them, take only numbers); ``action_names=True`` adds ``infos[agent]["actions"]``,
the slots' names in the game's notation (the acting seat's own, so nothing hidden leaks), for reading and for wrappers
that would build features from them.

Two environments share the game: :class:`TurnEnv` (AEC: one seat at a time, in seat order at a simultaneous node,
each seeing only its own view, so a choice made first stays hidden from the seats after it) and
:class:`SimultaneousEnv` (Parallel: every agent answers at every step; those not named by ``to_act()`` answer
``wait``). Observations are built from ``state.view(seat)`` alone, so they hold nothing the seat may not know.
Seeding follows Gymnasium: ``reset(seed=s)`` deals game ``s`` and seeds the environment's generator; ``reset()``
deals a new game drawn from that generator (from OS entropy before any seed).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv, ParallelEnv

from daimyo.rl.stepping import MoveStepping, action_number

WAIT = 0
Legal = Callable[[int], list]    # seat -> its legal moves now, as the state lists them
RENDER_MODES = ("ansi", "rgb_array", "human")


class Slots:
    """How the environments read and play a seat's slots. This class is the reference: the moves' texts the state
    lists (``legal_moves``), a move applied with ``apply_move``. A native engine may do the same without texts or
    events (Senjutsu's :class:`daimyo.rl.senjutsu.NativeSlots`), identically (tests/rl/test_sj_native_slots.py).

    ``legal(seat)``, where given, is the caller's list of the seat's legal moves now (an environment keeps it from
    the selection to the step, so the texts are made once a step), else they are asked of the state."""

    def mask(self, s: Any, seat: int, out: np.ndarray, wait: bool = False, legal: Legal | None = None) -> int:
        """Write the seat's action mask into ``out`` (int8, ``1 + slots`` long): slot k for its k-th legal move, slot
        0 (wait) where ``wait`` and it is not to act, every other entry 0. Returns how many legal moves it has; where
        ``out`` is too short for them no slot is written (the environment refuses it)."""
        out[:] = 0
        acting = not s.is_terminal() and seat in s.to_act()
        n = len((legal or s.legal_moves)(seat)) if acting else 0
        if wait and not acting:
            out[WAIT] = 1
        if 1 + n <= len(out):
            out[1:1 + n] = 1
        return n

    def pick(self, s: Any, seat: int, slot: int, legal: Legal | None = None) -> Any:
        """The seat's move in ``slot`` (from 1), as :meth:`play` takes it; IndexError where it has none there."""
        if slot < 1:
            raise IndexError(slot)
        return (legal or s.legal_moves)(seat)[slot - 1]

    def play(self, s: Any, seat: int, move: Any) -> bool:
        """Apply a move :meth:`pick` gave where it is still legal now; whether it was (else nothing changes)."""
        if move not in s.legal_moves(seat):
            return False
        s.apply_move(seat, move)
        return True

    def play_slot(self, s: Any, seat: int, slot: int, legal: Legal | None = None) -> None:
        """Apply the seat's move in ``slot`` (from 1); IndexError, nothing changed, where it has none there."""
        s.apply_move(seat, self.pick(s, seat, slot, legal))


@dataclass(frozen=True)
class GameSpec:
    """What the environments need of one game: its registry name, how to deal a game, how to read a view."""

    name: str                                      # the environment's name (``metadata["name"]``)
    game: str                                      # the game's registry name (for ``move_text``)
    players: int
    slots: int                                     # the most legal moves a seat can have at once
    obs_size: int
    deal: Callable[[int], Any]                     # seed -> a new state
    encode: Callable[[dict, int, int], np.ndarray]  # (view, seat, players) -> observation vector
    text: Callable[[dict, int | None], str]        # (view, seat) -> the ansi picture
    draw: Callable[[dict], np.ndarray]             # view -> the rgb_array picture (daimyo.rl.draw)
    seeded: bool = True                            # whether the deal depends on the seed (a fixed war file: no)
    obs_high: float = 1.0                          # the most any observation entry holds (the encoder clips there)
    # (state, seat, players) -> the same vector as encode(state.view(seat), ...), read from the state itself (a
    # native engine's fast path: Senjutsu's); None: encode the view
    observe: Callable[[Any, int, int], np.ndarray] | None = None
    moves: Slots = field(default_factory=Slots)    # the slots read and played (a native engine's own: Senjutsu's)

    def observation(self, s: Any, seat: int) -> np.ndarray:
        """The observation vector of ``seat`` in state ``s``: the fast path where the game has one, else its view's."""
        if self.observe is not None:
            return self.observe(s, seat, self.players)
        return self.encode(s.view(seat), seat, self.players)


class _Shared:
    """What the AEC and Parallel environments have in common: spaces, dealing, seeding, observing."""

    spec: GameSpec

    def _setup(self, spec: GameSpec, render_mode: str | None, action_names: bool = False) -> None:
        if render_mode not in (None, *RENDER_MODES):
            raise ValueError(f"render_mode: {spec.name} renders {', '.join(RENDER_MODES)} or nothing, not {render_mode!r}")
        self.spec = spec
        self.render_mode = render_mode
        self.action_names = action_names
        self.possible_agents = [f"player_{i}" for i in range(spec.players)]
        self.action_spaces = {a: spaces.Discrete(1 + spec.slots) for a in self.possible_agents}
        self.observation_spaces = {a: spaces.Dict({
            "observation": spaces.Box(low=-1.0, high=spec.obs_high, shape=(spec.obs_size,), dtype=np.float32),
            "action_mask": spaces.Box(low=0, high=1, shape=(1 + spec.slots,), dtype=np.int8),
        }) for a in self.possible_agents}
        # state(): every seat's observation, seat by seat: all that any player knows, for centralized critics
        self.state_space = spaces.Box(low=-1.0, high=spec.obs_high, shape=(spec.players * spec.obs_size,),
                                      dtype=np.float32)
        self.game: Any = None
        self._known: dict[int, list] = {}    # each seat -> its legal moves, where asked for since the game moved
        self._np_random: np.random.Generator | None = None

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def _deal(self, seed: int | None) -> None:
        # Gymnasium's rule: a seeded reset seeds the generator (and deals game ``seed``); an unseeded one continues it
        if seed is not None:
            seed = int(seed)
            self._np_random, _ = seeding.np_random(seed)
        else:
            if self._np_random is None:
                self._np_random, _ = seeding.np_random(None)
            seed = int(self._np_random.integers(2**63))
        self.game = self.spec.deal(seed)
        self._known = {}

    def _game(self):
        if self.game is None:
            raise RuntimeError("call reset() before using the environment")
        return self.game

    def _moves(self, seat: int) -> list:
        """The seat's legal moves now, in the game's order (slot k is moves[k - 1]); made once until the game moves
        on (``_known`` is emptied at each selection), and only where asked for (a native engine's slots need none)."""
        s = self._game()
        if s.is_terminal() or seat not in s.to_act():
            return []
        moves = self._known.get(seat)
        if moves is None:
            moves = self._known[seat] = s.legal_moves(seat)
        self._fits(seat, len(moves))
        return moves

    def _fits(self, seat: int, n: int) -> None:
        """RuntimeError where the seat's ``n`` legal moves are more than the environment's action slots."""
        if n > self.spec.slots:
            raise RuntimeError(f"{self.spec.name}: {n} legal moves for seat {seat}, more than the "
                               f"{self.spec.slots} action slots")

    def _mask(self, seat: int, wait: bool) -> tuple[np.ndarray, int]:
        """The seat's action mask now and how many legal moves it has (:meth:`Slots.mask`)."""
        mask = np.empty(1 + self.spec.slots, dtype=np.int8)
        n = self.spec.moves.mask(self._game(), seat, mask, wait, self._moves)
        self._fits(seat, n)
        return mask, n

    def _texts(self, seat: int, moves: list) -> list[str]:
        from daimyo.core.registry import game
        info = game(self.spec.game)
        return [info.move_text(self._game(), seat, m) for m in moves]

    def _vector(self, seat: int) -> np.ndarray:
        return self.spec.observation(self._game(), seat)

    def _observation(self, seat: int, mask: np.ndarray) -> dict:
        return {"observation": self._vector(seat), "action_mask": mask}

    def state(self) -> np.ndarray:
        """The global state for a centralized critic: the observation vectors of every seat in seat order."""
        return np.concatenate([self._vector(seat) for seat in range(self.spec.players)])

    def _picture(self, seat: int | None):
        if self.render_mode == "rgb_array":
            return self.spec.draw(self._game().view(seat))
        who = f"view of {self.possible_agents[seat]}" if seat is not None else "spectators' view"
        text = who + "\n" + self.spec.text(self._game().view(seat), seat)
        if self.render_mode == "human":     # a text game's human mode: the ansi picture, printed
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


def _slot_error(name: str, agent: str, action, texts: list[str]) -> ValueError:
    if action == WAIT:
        return ValueError(f"{name}: {agent} has {len(texts)} moves to choose from now and may not wait; use the "
                          f"action mask")
    if not texts:
        return ValueError(f"{name}: {agent} has nothing to decide now: its only action is 0 (wait), not {action}")
    return ValueError(f"{name}: action {action} is not legal for {agent} now (slots 1 to {len(texts)}: "
                      f"{', '.join(texts[:5])}{' ...' if len(texts) > 5 else ''}); use the action mask")


class TurnEnv(MoveStepping, _Shared, AECEnv):
    """The AEC environment: the lowest seat still to act is selected; at a simultaneous node the seats answer one
    after another, each from its own view (a choice already made is hidden from the others until all are in)."""

    metadata: ClassVar[dict] = {"render_modes": list(RENDER_MODES), "name": "daimyo_turns", "is_parallelizable": False}

    def __init__(self, spec: GameSpec, render_mode: str | None = None, action_names: bool = False):
        AECEnv.__init__(self)
        self._setup(spec, render_mode, action_names)
        self.metadata = {**TurnEnv.metadata, "name": spec.name}  # type: ignore[misc]  # each game's own name

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        self._deal(seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict] = {a: {} for a in self.agents}
        self._select()

    def _select(self) -> None:
        s = self._game()
        self._known = {}
        for a in self.agents:
            self.infos[a] = {}
        if s.is_terminal():
            return
        seat = s.to_act()[0]
        self.agent_selection = self.possible_agents[seat]
        if self.action_names:    # the texts only where asked for: a step plays its slot without them
            self.infos[self.agent_selection] = {"actions": ["wait", *self._texts(seat, self._moves(seat))]}

    def observe(self, agent: str) -> dict:
        seat = self.possible_agents.index(agent)
        if agent == self.agent_selection and not self._game().is_terminal():
            mask, _ = self._mask(seat, wait=False)
        else:
            mask = np.zeros(1 + self.spec.slots, dtype=np.int8)
        return self._observation(seat, mask)

    def step(self, action) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        action = action_number(action, agent)
        seat = self.possible_agents.index(agent)
        s = self._game()
        try:   # (a slot below 1 is no move's: IndexError too)
            self.spec.moves.play_slot(s, seat, action, self._moves)   # on the native engine: no text, no events
        except IndexError:
            raise _slot_error(self.spec.name, agent, action, self._texts(seat, self._moves(seat))) from None
        self._known = {}
        self._cumulative_rewards[agent] = 0.0
        self._moved(s)

    def render(self):
        if self.render_mode is None:
            return None
        acting = self._game().to_act()
        return self._picture(acting[0] if acting else None)


class SimultaneousEnv(_Shared, ParallelEnv):
    """The Parallel environment: every agent answers at every step. The seats ``to_act()`` names choose one of their
    slots (several at once at a simultaneous node: Senjutsu's Choose, Rising Sun's secret bids); every other agent
    answers ``0`` (wait). The moves are applied in seat order, as the rules allow at a simultaneous node."""

    metadata: ClassVar[dict] = {"render_modes": list(RENDER_MODES), "name": "daimyo_simultaneous"}

    def __init__(self, spec: GameSpec, render_mode: str | None = None, action_names: bool = False):
        self._setup(spec, render_mode, action_names)
        self.metadata = {**SimultaneousEnv.metadata, "name": spec.name}  # type: ignore[misc]  # each game's own name
        self.agents: list[str] = []
        self._counts: dict[int, int] = {}   # each seat to act -> how many legal moves (slots) it has

    def _observe_all(self) -> tuple[dict, dict]:
        s = self._game()
        acting = set(s.to_act()) if not s.is_terminal() else set()
        self._counts = {}
        self._known = {}
        obs: dict[str, dict] = {}
        infos: dict[str, dict] = {}
        for agent in self.agents:
            seat = self.possible_agents.index(agent)
            mask, n = self._mask(seat, wait=True)
            if seat in acting:
                self._counts[seat] = n
            infos[agent] = {}
            if self.action_names:
                infos[agent]["actions"] = ["wait", *(self._texts(seat, self._moves(seat)) if seat in acting else [])]
            obs[agent] = self._observation(seat, mask)
        return obs, infos

    def reset(self, seed: int | None = None, options: dict | None = None):
        self._deal(seed)
        self.agents = self.possible_agents[:]
        return self._observe_all()

    def step(self, actions: dict):
        s = self._game()
        missing = [a for a in self.agents if a not in actions]
        if missing:
            raise ValueError(f"{self.spec.name}: every agent answers at every step (0 = wait); missing: {', '.join(missing)}")
        chosen = []
        for agent in self.agents:                       # check every answer before applying any
            seat = self.possible_agents.index(agent)
            action = action_number(actions[agent], agent)
            n = self._counts.get(seat)
            if n is None:
                if action != WAIT:
                    raise _slot_error(self.spec.name, agent, action, [])
                continue
            if not 1 <= action <= n:
                raise _slot_error(self.spec.name, agent, action, self._texts(seat, self._moves(seat)))
            chosen.append((seat, self.spec.moves.pick(s, seat, action, self._moves)))
        for seat, move in chosen:
            if not self.spec.moves.play(s, seat, move):
                raise RuntimeError(f"{self.spec.name}: seat {seat}'s move stopped being legal when another seat's "
                                   f"simultaneous move was applied")
        rewards = dict.fromkeys(self.agents, 0.0)
        done = s.is_terminal()
        if done:
            for a, r in zip(self.possible_agents, s.returns(), strict=True):
                if a in rewards:
                    rewards[a] = float(r)
        terminations = dict.fromkeys(self.agents, done)
        truncations = dict.fromkeys(self.agents, False)
        obs, infos = self._observe_all()
        if done:
            self.agents = []
        return obs, rewards, terminations, truncations, infos

    def render(self):
        if self.render_mode is None:
            return None
        return self._picture(None)   # several seats may be choosing at once: the spectators' view


def view_text(view: dict, seat: int | None) -> str:
    """A plain picture of a view: its facts as indented JSON (what the seat may know, nothing more)."""
    return json.dumps(view, indent=1, default=str)
