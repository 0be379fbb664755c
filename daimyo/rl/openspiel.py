"""daimyo's three games as OpenSpiel Python games (install the ``openspiel`` extra: ``pip install 'daimyo[openspiel]'``).

>>> import pyspiel, daimyo.rl.openspiel
>>> game = pyspiel.load_game("python_daimyo_senjutsu", {"players": 2, "seed": 7})
>>> state = game.new_initial_state()

Importing this module (with OpenSpiel installed) registers ``python_daimyo_rokugan`` (parameters ``players``, ``seed``),
``python_daimyo_senjutsu`` (``players``, ``seed``) and ``python_daimyo_risingsun`` (``war``: an example war file's
name, ``seed``) with ``pyspiel.register_game``. Each is sequential with imperfect information: at a node where
several seats choose at once (Senjutsu's Choose, Rising Sun's secret bids) they choose one after another, each from
its own view, as in the AEC environments. Chance is the engine's own seeded generator inside the state
(``SAMPLED_STOCHASTIC``): the ``seed`` parameter deals the game, and a clone carries the generator with it.

Actions are those of the PettingZoo environments: Battle for Rokugan's full catalogue (:mod:`daimyo.rl.encoding`),
Senjutsu's and Rising Sun's legal-move slots (:mod:`daimyo.rl.turns`: action ``k`` is the seat's ``k``-th legal
move; ``0``, wait, is never legal here). The observation tensor is the seat's observation vector and the observation
string its view as JSON, both read from that seat's view alone. Returns: 1 to a sole winner, a share of a tie.
Battle for Rokugan states can be resampled from a seat's information (``resample_from_infostate``, by
:func:`daimyo.bots.rokugan.knowledge.determinize`), so OpenSpiel's ISMCTS bot can play it
(``use_observation_string=True``); any game can be played by its MCTS bot (which searches the true state).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import numpy as np

from daimyo.core.rng import Rng

try:
    import pyspiel
except ImportError:     # the openspiel extra is not installed: nothing is registered (the module still imports, for
    pyspiel = None      # the API reference); pyspiel.load_game cannot be reached without it anyway

_State: Any = pyspiel.State if pyspiel is not None else object
_Game: Any = pyspiel.Game if pyspiel is not None else object


@dataclass(frozen=True)
class _Codec:
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


def _rokugan(params: dict) -> _Codec:
    from daimyo.core.registry import game
    from daimyo.rl.encoding import N_ACTIONS, OBS_SIZE, legal_index, observe
    from daimyo.rl.env import raw_env
    env = raw_env(players=params["players"])
    info = game("rokugan")

    def deal(seed: int):
        env.reset(seed=seed)
        return env.game

    return _Codec("rokugan", N_ACTIONS, OBS_SIZE, env.players, 5000, deal, legal_index, observe,
                  lambda s, seat, m: info.move_text(s, seat, m))


def _slots(spec) -> _Codec:
    from daimyo.core.registry import game
    info = game(spec.game)

    def legal(s, seat):
        if s.is_terminal() or seat not in s.to_act():
            return {}
        return {k + 1: m for k, m in enumerate(s.legal_moves(seat))}

    return _Codec(spec.game, 1 + spec.slots, spec.obs_size, spec.players, 20000, spec.deal, legal,
                  lambda s, seat: spec.encode(s.view(seat), seat, spec.players),
                  lambda s, seat, m: info.move_text(s, seat, m))


def _senjutsu(params: dict) -> _Codec:
    from daimyo.rl.senjutsu import spec
    return _slots(spec(players=params["players"]))


def _risingsun(params: dict) -> _Codec:
    from daimyo.rl.risingsun import spec
    return _slots(spec(war=params["war"]))


MAKERS = {"rokugan": _rokugan, "senjutsu": _senjutsu, "risingsun": _risingsun}


def _game_type(name: str, title: str, low: int, high: int, parameters: dict):
    if pyspiel is None:
        return None
    return pyspiel.GameType(
        short_name=f"python_daimyo_{name}", long_name=f"daimyo: {title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.CONSTANT_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=high, min_num_players=low,
        provides_information_state_string=False, provides_information_state_tensor=False,
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification=parameters)


class DaimyoState(_State):
    """One game under way: the engine's own state, acted on by the codec's action numbers."""

    def __init__(self, game: DaimyoGame, engine=None):
        super().__init__(game)
        self._codec = game.codec
        self._engine = engine if engine is not None else game.codec.deal(game.seed)

    def current_player(self):
        if self._engine.is_terminal():
            return pyspiel.PlayerId.TERMINAL
        return self._engine.to_act()[0]

    def _legal_actions(self, player):
        return sorted(self._codec.legal(self._engine, player))

    def _apply_action(self, action):
        seat = self._engine.to_act()[0]
        legal = self._codec.legal(self._engine, seat)
        if action not in legal:
            raise pyspiel.SpielError(f"action {action} is not legal for seat {seat} now")
        self._engine.apply_move(seat, legal[action])

    def _action_to_string(self, player, action):
        legal = self._codec.legal(self._engine, player) if player >= 0 else {}
        return self._codec.text(self._engine, player, legal[action]) if action in legal else f"action {action}"

    def is_terminal(self):
        return self._engine.is_terminal()

    def returns(self):
        return [float(r) for r in self._engine.returns()]

    def __str__(self):
        # the spectators' view: a state's text never carries any seat's hidden facts
        return json.dumps(self._engine.view(None), sort_keys=True, default=str)

    def __deepcopy__(self, memo):
        return DaimyoState(self.get_game(), self._engine.clone())

    def resample_from_infostate(self, player_id, probability_sampler):
        """A state the seat cannot tell from this one, its hidden facts drawn anew (Battle for Rokugan only)."""
        if self._codec.name != "rokugan":
            raise pyspiel.SpielError(f"resample_from_infostate: not offered for {self._codec.name}")
        from daimyo.bots.rokugan.knowledge import determinize
        seed = int(probability_sampler() * 2**62) if callable(probability_sampler) else int(np.random.randint(2**62))
        return DaimyoState(self.get_game(), determinize(self._engine, player_id, Rng(seed)))


class DaimyoObserver:
    """The seat's observation vector (``tensor``) and its view as JSON (``string_from``)."""

    def __init__(self, codec: _Codec):
        self._codec = codec
        self.tensor = np.zeros(codec.obs_size, dtype=np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: DaimyoState, player: int) -> None:
        self.tensor[:] = self._codec.observe(state._engine, player)

    def string_from(self, state: DaimyoState, player: int) -> str:
        return json.dumps(state._engine.view(player), sort_keys=True, default=str)


class DaimyoGame(_Game):
    """One of daimyo's games with its parameters (``players`` or ``war``, and ``seed``)."""

    name = ""
    game_type: Any = None

    def __init__(self, params=None):
        params = {**self.game_type.parameter_specification, **(params or {})}
        self.seed = int(params["seed"])
        self.codec = MAKERS[self.name](params)
        info = pyspiel.GameInfo(num_distinct_actions=self.codec.actions, max_chance_outcomes=0,
                                num_players=self.codec.players, min_utility=0.0, max_utility=1.0, utility_sum=1.0,
                                max_game_length=self.codec.max_length)
        super().__init__(self.game_type, info, params)

    def new_initial_state(self):
        return DaimyoState(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        return DaimyoObserver(self.codec)


class RokuganGame(DaimyoGame):
    name = "rokugan"
    game_type = _game_type("rokugan", "Battle for Rokugan", 2, 5, {"players": 2, "seed": 0})


class SenjutsuGame(DaimyoGame):
    name = "senjutsu"
    game_type = _game_type("senjutsu", "Senjutsu", 2, 4, {"players": 2, "seed": 0})


class RisingSunGame(DaimyoGame):
    name = "risingsun"
    game_type = _game_type("risingsun", "Rising Sun: the War Phase", 3, 5, {"war": "seed-example", "seed": 0})


def register() -> None:
    """Register the three games with OpenSpiel (done on import; again is harmless). ImportError without the extra."""
    if pyspiel is None:
        raise ImportError("daimyo.rl.openspiel needs OpenSpiel: pip install 'daimyo[openspiel]'")
    for cls in (RokuganGame, SenjutsuGame, RisingSunGame):
        if cls.game_type.short_name not in pyspiel.registered_names():
            pyspiel.register_game(cls.game_type, cls)


if pyspiel is not None:
    register()
