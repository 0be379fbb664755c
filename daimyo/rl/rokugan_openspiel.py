"""Battle for Rokugan as an OpenSpiel game: what its registration's ``openspiel_game`` names for
:mod:`daimyo.rl.openspiel` (parameters ``players``, ``seed`` and ``engine``, ``"native"`` where the compiled engine is
built, else ``"python"``; the actions of the PettingZoo environment's full catalogue, :mod:`daimyo.rl.encoding`, taken
and listed as integers and the observation written by the native engine where it plays the game; worlds
resampled by the bots' own determinization, :func:`daimyo.bots.rokugan.knowledge.determinize`)."""

from __future__ import annotations

from daimyo.core.rng import Rng
from daimyo.rl.openspiel import Codec, SpielGame


def _default_engine() -> str:
    from daimyo.rokugan.native import default_engine
    return default_engine(None)


def codec(params: dict) -> Codec:
    """The codec: on a game the native engine plays, integer actions and the C++ encoder (the legal actions' ids,
    an action applied by its id without events, the observation written into the observer's array); else the
    Python encoders."""
    from daimyo.core.registry import game
    from daimyo.rl.encoding import N_ACTIONS, OBS_SIZE, legal_index, observe, on_native
    from daimyo.rl.rokugan import raw_env
    env = raw_env(players=params["players"], engine=params["engine"])
    info = game("rokugan")

    def deal(seed: int):
        env.reset(seed=seed)
        return env.game

    def ids(s, seat: int) -> list[int]:
        return sorted(s.legal_action_ids(seat) if on_native(s) else legal_index(s, seat))

    def act(s, seat: int, action: int) -> None:
        if on_native(s):
            s.apply_action(seat, action, False)
            return
        legal = legal_index(s, seat)
        if action not in legal:
            raise ValueError(f"action {action} is not legal for seat {seat} now")
        s.apply_move(seat, legal[action])

    def observe_into(s, seat: int, out) -> None:
        if on_native(s):
            s.observe_into(seat, out)
        else:
            out[:] = observe(s, seat)

    return Codec(info.name, N_ACTIONS, OBS_SIZE, env.players, 5000, deal, legal_index, observe,
                 lambda s, seat, m: info.move_text(s, seat, m), ids=ids, act=act, observe_into=observe_into)


def resample(engine, seat: int, rng: Rng):
    """A world ``seat`` cannot tell from ``engine``: the others' hidden facts redrawn (the bots' determinization)."""
    from daimyo.bots.rokugan.knowledge import determinize
    return determinize(engine, seat, rng)


def openspiel_game() -> SpielGame:
    return SpielGame(parameters={"players": 2, "engine": _default_engine()}, codec=codec, resample=resample)
