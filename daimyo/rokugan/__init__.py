"""Battle for Rokugan: the rules engine.

>>> from daimyo.rokugan import new_game
>>> g = new_game(players=4, seed=1, clans=["crab", "crane", "lion", "unicorn"])
>>> g.phase
'setup-objectives'
>>> len(g.to_act())   # objectives are chosen at the same time
4
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal, overload

from daimyo.core.rng import GameKey
from daimyo.rokugan.state import RokuganState

if TYPE_CHECKING:   # the native engine is imported only when asked for
    from daimyo.rokugan.data import Rules
    from daimyo.rokugan.native import NativeRokuganState

__all__ = ["ENGINES", "RokuganState", "new_game"]

#: the engines that play Battle for Rokugan: the Python reference and the native (C++) one (docs/native.md)
ENGINES = ("python", "native")


@overload
def new_game(players: int = 4, seed: int | GameKey = 0, clans: list[str] | None = None,
             engine: Literal["python"] = "python", rules: Rules | None = None) -> RokuganState: ...


@overload
def new_game(players: int = 4, seed: int | GameKey = 0, clans: list[str] | None = None,
             engine: str = "python", rules: Rules | None = None) -> RokuganState | NativeRokuganState: ...


def new_game(players: int = 4, seed: int | GameKey = 0, clans: list[str] | None = None,
             engine: str = "python", rules: Rules | None = None) -> RokuganState | NativeRokuganState:
    """Set up a game (Setup, steps 1-11). Without ``clans`` the players choose them as actions.

    ``seed``: a whole number (the fast ``splitmix64`` generator, for simulations) or a secret
    GameKey (the ``blake2b-keyed`` generator, for games whose hidden facts must stay hidden).
    ``engine``: ``"python"`` (the reference: a :class:`RokuganState`) or ``"native"`` (the same game played by the
    compiled engine, :class:`daimyo.rokugan.native.NativeRokuganState`; ImportError saying how to build it where it
    is not built). Where a game is made through the registry (simulate, the arena, the server) the native engine
    is the default where it is built (:func:`daimyo.rokugan.native.default_engine`).
    ``rules``: the rules the game is played under (a rules file's: ``variant.rules``, data_variant.py); the game
    keeps them, whatever other games in the process play. By default the process's default rules (the standard ones
    unless a tool put a rules file in force).
    """
    if engine == "native":
        from daimyo.rokugan import native
        return native.new_game(players=players, seed=seed, clans=clans, rules=rules)
    if engine != "python":
        raise ValueError(f"engine: one of {', '.join(ENGINES)}, not {engine!r}")
    return RokuganState.new_game(players=players, seed=seed, clans=clans, rules=rules)
