"""Senjutsu: the duel engine on a hex battlefield.

>>> from daimyo.senjutsu import new_game
>>> g = new_game(["kaze", "tetsu"], seed=1)
>>> g.phase, g.to_act()
('place', (1,))
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal, overload

from daimyo.core.rng import GameKey
from daimyo.senjutsu.state import SenjutsuState

if TYPE_CHECKING:
    from daimyo.senjutsu.native import NativeSenjutsuState

ENGINES = ("python", "native")


@overload
def new_game(characters: list[str], seed: int | GameKey = 0, engine: Literal["python"] = "python",
             **kw: Any) -> SenjutsuState: ...
@overload
def new_game(characters: list[str], seed: int | GameKey = 0, engine: str | None = "python",
             **kw: Any) -> SenjutsuState | NativeSenjutsuState: ...
def new_game(characters: list[str], seed: int | GameKey = 0, engine: str | None = "python",
             **kw: Any) -> SenjutsuState | NativeSenjutsuState:
    """Set up a duel (Setup); see SenjutsuState.new_game for the options (decks, weapons, board, terrain, cards).

    ``seed``: a whole number (``splitmix64``, for simulations) or a secret GameKey (``blake2b-keyed``).
    ``engine``: ``"python"`` (the reference, whose fields the rule tests change directly), ``"native"`` (the same duel
    played by the native engine, daimyo.senjutsu.native; an ImportError where it is not built), or None: native where
    it is built and takes the card set, else Python (docs/native.md, "Senjutsu").
    """
    if engine not in (*ENGINES, None):
        raise ValueError(f"engine: 'python' or 'native', got {engine!r}")
    if engine == "python":
        return SenjutsuState.new_game(characters, seed=seed, **kw)
    from daimyo.senjutsu import native
    if engine is None and not native.available():
        return SenjutsuState.new_game(characters, seed=seed, **kw)
    try:
        return native.new_game(characters, seed=seed, **kw)   # Setup's draws natively where it can (native.new_game)
    except ValueError:   # a card set the native engine refuses (by field): the default engine is then Python's
        if engine is None:
            return SenjutsuState.new_game(characters, seed=seed, **kw)
        raise


__all__ = ["ENGINES", "SenjutsuState", "new_game"]
