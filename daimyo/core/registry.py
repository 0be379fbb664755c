"""The game registry: one :class:`GameInfo` per game, the one shape by which the server, tests and tools know a game.

Each game registers itself in its own folder (``daimyo/rokugan/game.py``, ``daimyo/senjutsu/game.py``) with one
call, ``register(GameInfo(...))``. The registry imports those modules only when a game is first asked for, by the
table :data:`GAME_MODULES`, so that importing ``daimyo.core`` imports no game, and no engine imports the server.

Adding a game: write its engine and its ``game.py`` in its own folder, and add one line to :data:`GAME_MODULES`
(or call :func:`register` from anywhere, as a test does for a toy game).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from daimyo.core.game import GameState
from daimyo.core.rng import GameKey

Randomness = int | GameKey

# game name -> the module whose import registers it
GAME_MODULES: dict[str, str] = {
    "rokugan": "daimyo.rokugan.game",
    "senjutsu": "daimyo.senjutsu.game",
}


@dataclass(frozen=True)
class GameInfo:
    """What every user of a game (server, tests, tools) needs to know of it.

    ``seat_word`` is what a seat is called ("clan", "character"); ``unique_rule`` the rule section that makes each
    seat's choice unique; ``seat_choices()`` the names a seat may choose. ``new_state(players, randomness, seats)``
    sets a game up; ``move_text(state, seat, move)`` writes a bot's move as the action's text and
    ``canonical(state, seat, text)`` the notation's own text of an action ``state`` accepts from ``seat``.
    ``progress(state)`` is (round or turn, phase), ``result(state)`` the outcome of a finished game, and
    ``record(players, randomness, seats, actions)`` the game's record of (seat, text) actions, which
    ``replay(text)`` reads back to the final state. ``bot_names()`` lists its bots, ``make_bot(spec, seed)`` makes one.
    """

    name: str
    title: str
    min_players: int
    max_players: int
    seat_word: str
    unique_rule: str
    seat_choices: Callable[[], list[str]]
    new_state: Callable[[int, Randomness, list[str]], GameState]
    move_text: Callable[[GameState, int, Any], str]
    canonical: Callable[[GameState, int, str], str]
    progress: Callable[[GameState], tuple[int, str]]
    result: Callable[[GameState], Any]
    record: Callable[[int, Randomness, list[str], list[tuple[int, str]]], str]
    replay: Callable[[str], GameState]
    bot_names: Callable[[], list[str]]
    make_bot: Callable[[str, int], Any]

    def __post_init__(self):
        if not self.name or not self.name.isidentifier() or self.name != self.name.lower():
            raise ValueError(f"name: a game's name is one lower-case word, not {self.name!r}")
        if not 1 <= self.min_players <= self.max_players:
            raise ValueError(f"min_players, max_players: 1 <= {self.min_players} <= {self.max_players} is needed")


_REGISTRY: dict[str, GameInfo] = {}


def register(info: GameInfo) -> GameInfo:
    """Make ``info`` known by its name (registering the same name again replaces it, as reloading a module does)."""
    if not isinstance(info, GameInfo):
        raise TypeError(f"register takes a GameInfo, not {type(info).__name__}")
    _REGISTRY[info.name] = info
    return info


def unregister(name: str) -> None:
    """Forget a game registered by :func:`register` (for tests that register a game of their own)."""
    _REGISTRY.pop(name, None)


def game(name: str) -> GameInfo:
    """The registration of the game called ``name``; an unknown name raises ValueError listing the games."""
    if isinstance(name, str) and name not in _REGISTRY and name in GAME_MODULES:
        importlib.import_module(GAME_MODULES[name])
    try:
        return _REGISTRY[name]
    except (KeyError, TypeError):
        raise ValueError(f"game: unknown game {name!r} (games: {', '.join(games())})") from None


def games() -> list[str]:
    """The names of every game: those of :data:`GAME_MODULES` in order, then any registered otherwise."""
    for name, module in GAME_MODULES.items():
        if name not in _REGISTRY:
            importlib.import_module(module)
    return list(GAME_MODULES) + [n for n in _REGISTRY if n not in GAME_MODULES]
