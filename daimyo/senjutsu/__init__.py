"""Senjutsu: the duel engine on a hex battlefield.

>>> from daimyo.senjutsu import new_game
>>> g = new_game(["kaze", "tetsu"], seed=1)
>>> g.phase, g.to_act()
('place', (1,))
"""

from typing import Any

from daimyo.core.rng import GameKey
from daimyo.senjutsu.state import SenjutsuState


def new_game(characters: list[str], seed: int | GameKey = 0, **kw: Any) -> SenjutsuState:
    """Set up a duel (Setup); see SenjutsuState.new_game for the options (decks, weapons, board, terrain, cards).

    ``seed``: a whole number (``splitmix64``, for simulations) or a secret GameKey (``blake2b-keyed``).
    """
    return SenjutsuState.new_game(characters, seed=seed, **kw)


__all__ = ["SenjutsuState", "new_game"]
