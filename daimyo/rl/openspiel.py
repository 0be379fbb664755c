"""daimyo's games as OpenSpiel Python games (install the ``openspiel`` extra: ``pip install 'daimyo[openspiel]'``).

>>> import pyspiel, daimyo.rl.openspiel
>>> game = pyspiel.load_game("python_daimyo_senjutsu", {"players": 2, "seed": 7})
>>> state = game.new_initial_state()     # a chance node: the deal

Importing this module (with OpenSpiel installed) registers with ``pyspiel.register_game`` every game whose
registration names an ``openspiel_game`` (:class:`SpielGame`: its parameters besides ``seed``, its codec, how it
resamples), as ``python_daimyo_NAME``: ``python_daimyo_rokugan`` (parameters ``players``, ``seed``, ``engine``:
``"native"`` where the compiled engine is built, else ``"python"``; either may be named), ``python_daimyo_senjutsu``
(``players``, ``seed``) and ``python_daimyo_risingsun`` (``war``: an example war file's name or a war file's text,
``seed``). This module names no game: what is special to one is in its registration and its own RL module.

Each is sequential with imperfect information: at a node where several seats choose at once (Senjutsu's Choose,
Rising Sun's secret bids) they choose one after another, each from its own view, as in the AEC environments.

Chance is explicit (``EXPLICIT_STOCHASTIC``): every initial state is a chance node, the first of
:data:`CHANCE_NODES` that each draw one of :data:`CHANCE_OUTCOMES` equally likely bytes; together with the ``seed``
parameter they seed the engine's deal (:func:`deal_seed`: clans or characters, objectives, initiative, shuffles, and
every later draw of the engine's generator), so a loop that samples chance outcomes deals a new game each episode. A
Rising Sun war file whose War Numbers are fixed has no chance node, and that game's type (``get_type()``) says
``DETERMINISTIC`` (the type registered stays ``EXPLICIT_STOCHASTIC``: other parameters deal by chance). A state's
attributes are plain data (the chance outcomes, the engine's state, each seat's history digest as of a kept position
of the engine and the moves made since), so states clone, pickle, serialize and deserialize.

Actions are those of the PettingZoo environments: Battle for Rokugan's full catalogue (:mod:`daimyo.rl.encoding`),
Senjutsu's and Rising Sun's legal-move slots (:mod:`daimyo.rl.turns`: action ``k`` is the seat's ``k``-th legal
move; ``0``, wait, is never legal here). The observation tensor is the seat's observation vector and the observation
string its view as JSON, both read from that seat's view alone. The information-state string has perfect recall: a
SHA-256 digest chained over what the seat observed after every move and its own actions, then its view now (built
on demand: a move only records itself, and the first information state asked for after some moves replays them
from the kept position, so a loop that reads only observation tensors writes no view); there is
no information-state tensor (the game types say so and asking for one raises ``SpielError``). Returns: 1 to a sole
winner, a share of a tie. A game whose :class:`SpielGame` gives ``resample`` (all three) can be resampled from a
seat's information (``resample_from_infostate``), so OpenSpiel's ISMCTS bot plays it (:mod:`daimyo.rl.openspiel_bots`
seats it in the arena); any game can be played by its MCTS bot (which searches the true state).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from daimyo.core.rng import Rng
from daimyo.rl.registered import load, offering

try:
    import pyspiel
except ImportError:     # the openspiel extra is not installed: nothing is registered (the module still imports, for
    pyspiel = None      # the API reference); pyspiel.load_game cannot be reached without it anyway

#: The deal is drawn by chance: CHANCE_NODES chance nodes of CHANCE_OUTCOMES equally likely outcomes each (a byte),
#: together a number of 2**32 that, with the ``seed`` parameter, seeds the engine's deal (:func:`deal_seed`).
CHANCE_NODES = 4
CHANCE_OUTCOMES = 256

_State: Any = pyspiel.State if pyspiel is not None else object
_CHANCE = pyspiel.PlayerId.CHANCE if pyspiel is not None else -1
_TERMINAL = pyspiel.PlayerId.TERMINAL if pyspiel is not None else -4
_Game: Any = pyspiel.Game if pyspiel is not None else object


@dataclass(frozen=True)
class Codec:
    """How one game's engine state is dealt, acted on and observed, in the PettingZoo environments' terms."""

    name: str
    actions: int
    obs_size: int
    players: int
    max_length: int
    deal: Any            # seed -> engine state
    legal: Any           # (state, seat) -> {action: move}
    observe: Any         # (state, seat) -> vector
    text: Any            # (state, seat, move) -> the move's text
    chance: bool = True  # whether the deal depends on the seed (else the game starts dealt: no chance nodes)
    # the fast paths of an engine with integer actions (None: through ``legal``, ``observe``)
    ids: Any = None      # (state, seat) -> the seat's legal actions, sorted
    act: Any = None      # (state, seat, action) -> None: apply it (ValueError or TypeError when it is not legal)
    observe_into: Any = None  # (state, seat, out) -> None: write the observation vector into ``out`` (float32)

    def legal_ids(self, state, seat: int) -> list[int]:
        """The seat's legal actions, sorted (none where it does not act)."""
        if state.is_terminal() or seat not in state.to_act():
            return []
        return self.ids(state, seat) if self.ids is not None else sorted(self.legal(state, seat))

    def apply(self, state, seat: int, action: int) -> None:
        """Apply the seat's ``action``; ValueError when it is not legal now (the state unchanged)."""
        if self.act is not None:
            try:
                self.act(state, seat, action)
            except (ValueError, TypeError):
                raise ValueError(f"action {action} is not legal for seat {seat} now") from None
            return
        legal = self.legal(state, seat)
        if action not in legal:
            raise ValueError(f"action {action} is not legal for seat {seat} now")
        state.apply_move(seat, legal[action])


def slot_codec(spec) -> Codec:
    """The codec of a game whose actions are legal-move slots (:class:`daimyo.rl.turns.GameSpec`): action ``k`` is
    the seat's ``k``-th legal move. The legal actions are counted and an action is played by the slots the
    environments use (``spec.moves``: Senjutsu's native engine counts them and plays a slot without its text or
    events, :class:`daimyo.rl.senjutsu.NativeSlots`); only an action's string is made from the moves' texts."""
    from daimyo.core.registry import game
    info = game(spec.game)
    slots = spec.moves
    mask = np.zeros(1 + spec.slots, dtype=np.int8)    # written by the count, never read

    def legal(s, seat):
        if s.is_terminal() or seat not in s.to_act():
            return {}
        return {k + 1: m for k, m in enumerate(s.legal_moves(seat))}

    def ids(s, seat):
        return list(range(1, 1 + slots.mask(s, seat, mask)))

    def act(s, seat, action):
        try:
            slots.play_slot(s, seat, action)
        except IndexError:
            raise ValueError(action) from None

    return Codec(spec.game, 1 + spec.slots, spec.obs_size, spec.players, 20000, spec.deal, legal,
                 spec.observation, lambda s, seat, m: info.move_text(s, seat, m), spec.seeded, ids=ids, act=act)


@dataclass(frozen=True)
class SpielGame:
    """What a game's registration gives OpenSpiel (its ``openspiel_game``, ``"module:function"`` returning this):
    ``parameters``, the game's OpenSpiel parameters besides ``seed`` with their defaults; ``codec(params)``, its
    :class:`Codec` for those parameters; ``resample(engine, seat, rng)``, a world the seat cannot tell from the
    engine's (its hidden facts redrawn; None: ``resample_from_infostate`` is refused, and so is the ISMCTS bot); and
    ``state_codec(state)``, the codec for a game already under way (the bots'; None: ``codec`` with the parameters'
    defaults and the state's number of seats as ``players``)."""

    parameters: dict
    codec: Callable[[dict], Codec]
    resample: Callable[[Any, int, Rng], Any] | None = None
    state_codec: Callable[[Any], Codec] | None = None


def _game_type(name: str, title: str, low: int, high: int, parameters: dict, chance: bool = True):
    """The game's OpenSpiel type; ``chance=False``: the type of a game without chance nodes (``DETERMINISTIC``, as
    OpenSpiel's API test asks of a game whose histories hold no chance node)."""
    mode = pyspiel.GameType.ChanceMode
    return pyspiel.GameType(
        short_name=short_name(name), long_name=f"daimyo: {title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=mode.EXPLICIT_STOCHASTIC if chance else mode.DETERMINISTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.CONSTANT_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=high, min_num_players=low,
        provides_information_state_string=True, provides_information_state_tensor=False,
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification=parameters)


class _Engine:
    """The engine's state, held so that OpenSpiel's clone (a deep copy of the state's attributes) is the engine's own
    fast ``clone()``; it pickles as the engine's state does."""

    __slots__ = ("game",)

    def __init__(self, game):
        self.game = game

    def __deepcopy__(self, memo):
        return _Engine(self.game.clone())

    def __getstate__(self):
        return self.game

    def __setstate__(self, game):
        self.game = game


def _view_text(engine, seat: int) -> str:
    return json.dumps(engine.view(seat), sort_keys=True, default=str)


def deal_seed(seed: int, outcomes: list[int]) -> int:
    """The engine seed of the deal the chance outcomes pick (one byte each) in the game of parameter ``seed``."""
    number = 0
    for b in outcomes:
        number = (number << 8) | b
    return Rng((seed * 0x9E3779B97F4A7C15 + number) & (2**64 - 1)).next64() >> 1


class DaimyoState(_State):
    """One game under way. Its attributes are all it is (OpenSpiel clones and serializes a Python state by them):
    the chance outcomes drawn so far, the engine's state once dealt, and each seat's history: its digest up to a
    position, the engine's state there and the moves made since (the digests are brought up to date only when an
    information state is asked for, so a move costs no view)."""

    def __init__(self, game: DaimyoGame, engine=None, digests: list[str] | None = None):
        super().__init__(game)
        self._deal: list[int] = []
        self._held: _Engine | None = None
        self._player: int = _CHANCE     # whose turn it is (OpenSpiel asks several times a move): kept, not worked out
        self._digests: list[str] = list(digests) if digests is not None else [""] * game.codec.players
        # the position the digests stop short of (None: they are up to date) and the moves made from it: (seat,
        # action) each, (None, None) first where the digests have not yet taken in the deal's position
        self._since: _Engine | None = None
        self._moves: list[tuple[int | None, int | None]] = []
        if engine is not None:
            self._hold(engine)
        elif not game.codec.chance:
            self._start(game.codec.deal(game.seed))

    # the engine's state and the codec; neither is an attribute, so serialization carries only the data
    @property
    def _engine(self):
        return self._held.game if self._held is not None else None

    @_engine.setter
    def _engine(self, engine) -> None:
        self._catch_up()
        self._hold(engine)

    def _hold(self, engine) -> None:
        self._held = _Engine(engine)
        self._turn()

    def _turn(self) -> None:
        engine = self._held.game if self._held is not None else None
        self._player = _CHANCE if engine is None else _TERMINAL if engine.is_terminal() else engine.to_act()[0]

    @property
    def _codec(self) -> Codec:
        return self.get_game().codec

    def _start(self, engine) -> None:
        self._hold(engine)
        self._since = _Engine(engine.clone())
        self._moves = [(None, None)]

    def _catch_up(self) -> None:
        """Bring each seat's history digest up to now: replay the moves made since it was last brought up to date,
        each seat's digest taking in what it observes after each (and, for the seat that acted, its action)."""
        if self._since is None:
            return
        engine, codec = self._since.game, self._codec
        for seat, action in self._moves:
            if seat is not None and action is not None:
                codec.apply(engine, seat, action)
            for p in range(len(self._digests)):
                h = hashlib.sha256(self._digests[p].encode())
                if p == seat:
                    h.update(f"|acted {action}|".encode())
                h.update(_view_text(engine, p).encode())
                self._digests[p] = h.hexdigest()
        self._since, self._moves = None, []

    def current_player(self):
        return self._player

    def chance_outcomes(self):
        if self._engine is not None:
            return []
        return [(k, 1.0 / CHANCE_OUTCOMES) for k in range(CHANCE_OUTCOMES)]

    def _legal_actions(self, player):
        held = self._held
        if held is None:
            return []
        codec = self._codec
        if player == self._player and codec.ids is not None:
            return codec.ids(held.game, player)
        return codec.legal_ids(held.game, player)

    def _apply_action(self, action):
        if self._engine is None:
            if not 0 <= action < CHANCE_OUTCOMES:
                raise pyspiel.SpielError(f"chance outcome {action} is not one of 0..{CHANCE_OUTCOMES - 1}")
            self._deal.append(int(action))
            if len(self._deal) == CHANCE_NODES:
                self._start(self._codec.deal(deal_seed(self.get_game().seed, self._deal)))
            return
        engine = self._engine
        seat = self._player
        since = self._since if self._since is not None else _Engine(engine.clone())
        try:
            self._codec.apply(engine, seat, action)
        except ValueError as e:
            raise pyspiel.SpielError(str(e)) from None
        self._since = since
        self._moves.append((seat, int(action)))
        self._turn()

    def _action_to_string(self, player, action):
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal byte {action}"
        legal = self._codec.legal(self._engine, player) if player >= 0 and self._engine is not None else {}
        return self._codec.text(self._engine, player, legal[action]) if action in legal else f"action {action}"

    def is_terminal(self):
        return self._player == _TERMINAL

    def returns(self):
        if self._engine is None:
            return [0.0] * self._codec.players
        return [float(r) for r in self._engine.returns()]

    def observation_text(self, player: int) -> str:
        """The seat's view as JSON (before the deal: the chance draws made so far, which no seat sees)."""
        if self._engine is None:
            return "dealing"
        return _view_text(self._engine, player)

    def information_text(self, player: int) -> str:
        """The seat's perfect-recall information state: a digest of everything it observed after each move and of
        its own actions (SHA-256, chained move by move), then what it observes now."""
        if self._engine is None:
            return "dealing"
        self._catch_up()
        return f"history {self._digests[player]}\n{_view_text(self._engine, player)}"

    def __str__(self):
        # the spectators' view: a state's text never carries any seat's hidden facts
        if self._engine is None:
            return f"dealing: {len(self._deal)} of {CHANCE_NODES} chance draws made"
        return json.dumps(self._engine.view(None), sort_keys=True, default=str)

    def resample_from_infostate(self, player_id, probability_sampler):
        """A state the seat cannot tell from this one, its hidden facts drawn anew (Battle for Rokugan, Senjutsu):
        the same information state for ``player_id``, the hidden facts of the others and the generator redrawn."""
        if self._engine is None:
            raise pyspiel.SpielError("resample_from_infostate: the game is not dealt yet (a chance node)")
        resample = self.get_game().spiel.resample
        if resample is None:
            raise pyspiel.SpielError(f"resample_from_infostate: not offered for {self._codec.name} (its registration's "
                                     f"openspiel_game gives no resample)")
        draw = probability_sampler() if callable(probability_sampler) else np.random.random_sample()
        self._catch_up()
        world = resample(self._engine, player_id, Rng(int(draw * 2**62)))
        return DaimyoState(self.get_game(), world, self._digests)


class DaimyoObserver:
    """The seat's observation vector (``tensor``) and its view as JSON (``string_from``)."""

    def __init__(self, codec: Codec):
        self._codec = codec
        self.tensor = np.zeros(codec.obs_size, dtype=np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: DaimyoState, player: int) -> None:
        engine = state._engine
        if engine is None:
            self.tensor[:] = 0.0
        elif self._codec.observe_into is not None:
            self._codec.observe_into(engine, player, self.tensor)
        else:
            self.tensor[:] = self._codec.observe(engine, player)

    def string_from(self, state: DaimyoState, player: int) -> str:
        return state.observation_text(player)


class InformationObserver:
    """The perfect-recall information state: ``string_from`` only (the games offer no information-state tensor,
    their game types say so, and asking for one is an error naming that)."""

    def __init__(self, codec: Codec):
        self.tensor = None
        self.dict: dict = {}
        self._name = codec.name

    def set_from(self, state: DaimyoState, player: int) -> None:
        raise pyspiel.SpielError(f"python_daimyo_{self._name} provides no information-state tensor "
                                 f"(provides_information_state_tensor=False): use information_state_string, or the "
                                 f"observation tensor")

    def string_from(self, state: DaimyoState, player: int) -> str:
        return state.information_text(player)


class DaimyoGame(_Game):
    """One of daimyo's games with its parameters (``seed`` and those of its :class:`SpielGame`); a subclass for each
    game is made and registered by :func:`register`. ``codec`` replaces the one the parameters make (the bots')."""

    name = ""
    game_type: Any = None           # registered with OpenSpiel: explicit chance (the deal)
    deterministic_type: Any = None  # the type of a game of these parameters without chance nodes (a fixed war)
    spiel: SpielGame

    def __init__(self, params=None, codec: Codec | None = None):
        params = {**self.game_type.parameter_specification, **(params or {})}
        self.seed = int(params["seed"])
        self.codec = codec if codec is not None else self.spiel.codec(params)
        info = pyspiel.GameInfo(num_distinct_actions=self.codec.actions,
                                max_chance_outcomes=CHANCE_OUTCOMES if self.codec.chance else 0,
                                num_players=self.codec.players, min_utility=0.0, max_utility=1.0, utility_sum=1.0,
                                max_game_length=self.codec.max_length)
        super().__init__(self.game_type if self.codec.chance else self.deterministic_type, info, params)

    def new_initial_state(self):
        return DaimyoState(self)

    def max_chance_nodes_in_history(self):
        return CHANCE_NODES if self.codec.chance else 0

    def make_py_observer(self, iig_obs_type=None, params=None):
        if iig_obs_type is not None and iig_obs_type.perfect_recall:
            return InformationObserver(self.codec)
        return DaimyoObserver(self.codec)


#: game name -> its DaimyoGame subclass, for every game registered with OpenSpiel here
GAME_CLASSES: dict[str, type[DaimyoGame]] = {}


def short_name(name: str) -> str:
    """OpenSpiel's name of daimyo's game ``name``: ``python_daimyo_NAME``."""
    return f"python_daimyo_{name}"


def game_class(name: str) -> type[DaimyoGame]:
    """The OpenSpiel game class of daimyo's game ``name`` (registering it with OpenSpiel first if need be);
    ValueError naming the game when its registration names no ``openspiel_game``."""
    from daimyo.rl.registered import tool
    if name not in GAME_CLASSES:
        tool(name, "openspiel_game")
        register()
    return GAME_CLASSES[name]


def _make_class(info) -> type[DaimyoGame]:
    spiel: SpielGame = load(info.openspiel_game)()
    kind = (info.name, info.title, info.min_players, info.max_players, {**spiel.parameters, "seed": 0})
    name = f"{info.name.title()}Game"
    cls = type(name, (DaimyoGame,), {"name": info.name, "game_type": _game_type(*kind),
                                     "deterministic_type": _game_type(*kind, chance=False), "spiel": spiel,
                                     "__module__": __name__, "__qualname__": name})
    globals()[name] = cls       # found by its name here, so that games pickle
    return cls


def register() -> None:
    """Register with OpenSpiel every game whose registration names an ``openspiel_game`` (done on import; again is
    harmless, and registers any game registered since). ImportError without the extra."""
    if pyspiel is None:
        raise ImportError("daimyo.rl.openspiel needs OpenSpiel: pip install 'daimyo[openspiel]'")
    for info in offering("openspiel_game"):
        if info.name not in GAME_CLASSES:
            GAME_CLASSES[info.name] = _make_class(info)
        cls = GAME_CLASSES[info.name]
        if cls.game_type.short_name not in pyspiel.registered_names():
            pyspiel.register_game(cls.game_type, cls)


if pyspiel is not None:
    register()
