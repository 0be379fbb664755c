"""Battle for Rokugan as an OpenSpiel game: what its registration's ``openspiel_game`` names for
:mod:`daimyo.rl.openspiel` (parameters ``players``, ``seed`` and ``engine``, ``"native"`` where the compiled engine is
built, else ``"python"``; the actions of the PettingZoo environment's full catalogue, :mod:`daimyo.rl.encoding`; worlds
resampled by the bots' own determinization, :func:`daimyo.bots.rokugan.knowledge.determinize`)."""

from __future__ import annotations

from daimyo.core.rng import Rng
from daimyo.rl.openspiel import Codec, SpielGame


def _default_engine() -> str:
    from daimyo.rokugan.native import default_engine
    return default_engine(None)


def codec(params: dict) -> Codec:
    from daimyo.core.registry import game
    from daimyo.rl.encoding import N_ACTIONS, OBS_SIZE, legal_index, observe
    from daimyo.rl.rokugan import raw_env
    env = raw_env(players=params["players"], engine=params["engine"])
    info = game("rokugan")

    def deal(seed: int):
        env.reset(seed=seed)
        return env.game

    return Codec(info.name, N_ACTIONS, OBS_SIZE, env.players, 5000, deal, legal_index, observe,
                 lambda s, seat, m: info.move_text(s, seat, m))


def resample(engine, seat: int, rng: Rng):
    """A world ``seat`` cannot tell from ``engine``: the others' hidden facts redrawn (the bots' determinization)."""
    from daimyo.bots.rokugan.knowledge import determinize
    return determinize(engine, seat, rng)


def openspiel_game() -> SpielGame:
    return SpielGame(parameters={"players": 2, "engine": _default_engine()}, codec=codec, resample=resample)
