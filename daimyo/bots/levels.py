"""Bot levels by name: what the lobby offers players instead of bot specs.

Each game's bots folder holds ``levels.json``: five levels, ``beginner``, ``easy``, ``medium``, ``hard`` and
``expert``, each a bot spec with its budget (``ismcts:400``), a one-line description in each language of the
catalogue, and the openskill rating it was measured at in the arena (the command that measured it is in the file).
The file also names the game's **reference** implementations (``ismcts-python``: the same search run by the Python
reference, to compare engines), which are never offered to players. The play server maps a level to its spec
(:func:`level_spec`) and shows a bot seat's level (:func:`level_of`).
"""

from __future__ import annotations

import functools
import importlib.resources
import json
from dataclasses import dataclass
from typing import Any

from daimyo.core.registry import game

#: the levels every game offers, easiest first
LEVEL_NAMES = ("beginner", "easy", "medium", "hard", "expert")


@dataclass(frozen=True)
class Level:
    """One bot level of a game: its name, the bot spec it plays, a line about it per language, its arena rating."""

    name: str
    bot: str
    about: dict[str, str]
    rating: dict[str, float]

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "bot": self.bot, "about": dict(self.about), "rating": dict(self.rating)}


@dataclass(frozen=True)
class Levels:
    """A game's levels (in :data:`LEVEL_NAMES` order), its reference bots, and how the ratings were measured."""

    levels: tuple[Level, ...]
    reference: frozenset[str]
    measured: str


@functools.cache
def game_levels(game_name: str) -> Levels:
    """The levels of ``game_name`` from its bots folder's ``levels.json`` (ValueError naming the file and field when
    the file is wrong; a game with no bots folder, such as a test's toy game, has no levels and no reference bots)."""
    info = game(game_name)
    if info.bots is None:
        return Levels((), frozenset(), "")
    where = f"{info.bots.replace('.', '/')}/levels.json"
    path = importlib.resources.files(info.bots).joinpath("levels.json")
    if not path.is_file():
        return Levels((), frozenset(), "")
    data = json.loads(path.read_text(encoding="utf-8"))
    rows = data.get("levels")
    if not isinstance(rows, list) or [r.get("name") for r in rows if isinstance(r, dict)] != list(LEVEL_NAMES):
        raise ValueError(f"{where}: levels: the five levels {', '.join(LEVEL_NAMES)}, in that order")
    out = []
    for i, r in enumerate(rows):
        if not isinstance(r.get("bot"), str) or not isinstance(r.get("about"), dict) or not isinstance(r.get("rating"), dict):
            raise ValueError(f"{where}: levels[{i}]: 'bot' (a spec), 'about' (a line per language) and 'rating'")
        out.append(Level(r["name"], r["bot"], dict(r["about"]), {k: float(v) for k, v in r["rating"].items()}))
    return Levels(tuple(out), frozenset(data.get("reference", [])), str(data.get("measured", "")))


def levels(game_name: str) -> list[Level]:
    """The levels the lobby offers for ``game_name``, easiest first."""
    return list(game_levels(game_name).levels)


def offered_bots(game_name: str) -> list[str]:
    """The game's bot names without its reference implementations (what a player may name through the API)."""
    from daimyo.bots.registry import bot_names
    return [name for name in bot_names(game_name) if name not in game_levels(game_name).reference]


def level_spec(game_name: str, name: Any) -> str:
    """The bot spec of the level ``name`` of ``game_name``; ValueError listing the levels otherwise."""
    for level in game_levels(game_name).levels:
        if level.name == name:
            return level.bot
    shown = name[:40] if isinstance(name, str) and name.isprintable() else "that"
    raise ValueError(f"no level '{shown}' (levels: {', '.join(lv.name for lv in game_levels(game_name).levels)})")


def level_playing(game_name: str, spec: str | None) -> Level | None:
    """The level whose bot is ``spec``, or None for a spec that is no level's (or a game unknown here)."""
    try:
        known = game_levels(game_name).levels
    except ValueError:
        return None
    return next((level for level in known if level.bot == spec), None)


def level_of(game_name: str, spec: str | None) -> str | None:
    """The name of the level whose bot is ``spec``, or None for a spec that is no level's (or a game unknown here)."""
    level = level_playing(game_name, spec)
    return None if level is None else level.name


def is_reference(game_name: str, spec: str) -> bool:
    """Whether ``spec`` names one of the game's reference implementations (never offered to players)."""
    return spec.partition(":")[0] in game_levels(game_name).reference


__all__ = ["LEVEL_NAMES", "Level", "Levels", "game_levels", "is_reference", "level_of", "level_playing", "level_spec", "levels",
           "offered_bots"]
