"""Battle for Rokugan: the rules engine.

>>> from daimyo.rokugan import new_game
>>> g = new_game(players=4, seed=1, clans=["crab", "crane", "lion", "unicorn"])
>>> g.phase
'setup-objectives'
>>> len(g.to_act())   # objectives are chosen at the same time
4
"""

from daimyo.core.rng import GameKey
from daimyo.rokugan.state import RokuganState

__all__ = ["RokuganState", "new_game"]


def new_game(players: int = 4, seed: int | GameKey = 0, clans: list[str] | None = None) -> RokuganState:
    """Set up a game (Setup, steps 1-11). Without ``clans`` the players choose them as actions.

    ``seed``: a whole number (the fast ``splitmix64`` generator, for simulations) or a secret
    GameKey (the ``blake2b-keyed`` generator, for games whose hidden facts must stay hidden).
    """
    return RokuganState.new_game(players=players, seed=seed, clans=clans)
