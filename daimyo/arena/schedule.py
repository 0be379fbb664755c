"""Who sits where, with which clan: a rotation that favours no bot.

Game ``i`` (``i`` from 0) seats bot ``bots[(i + j) % k]`` at seat ``j`` (``k`` bots), so over
every ``k`` consecutive games each bot sits each seat equally often. Clans turn once per block of
``k`` games: in block ``r`` seat ``j`` plays clan ``CLANS[(r + j * step) % 7]``, so over ``7 * k``
games each bot plays each clan from each seat equally often (the step spreads the clans of one
game around the clan list). Game ``i`` is played with seed ``seed + i``.
"""

from __future__ import annotations

from dataclasses import dataclass

from daimyo.core.registry import game

#: the game the arena plays, found through the registry: its rotation, results and balance study are Battle for
#: Rokugan's (clans, Honor, objectives, the first player of Setup 8)
GAME = "rokugan"
CLANS = tuple(game(GAME).seat_choices())


@dataclass(frozen=True)
class GameSpec:
    index: int
    seed: int
    bots: tuple[str, ...]
    clans: tuple[str, ...]

    @property
    def players(self) -> int:
        return len(self.bots)


def seating(index: int, players: int, bots: list[str]) -> tuple[str, ...]:
    k = len(bots)
    return tuple(bots[(index + j) % k] for j in range(players))


def clans_for(index: int, players: int, k: int) -> tuple[str, ...]:
    """The clans of game ``index``: distinct, turned once per block of ``k`` games."""
    block = index // k
    n = len(CLANS)
    step = 2 if players <= 3 else 1  # 7 is prime: any step gives distinct clans
    return tuple(CLANS[(block + j * step) % n] for j in range(players))


def schedule(players: int, games: int, bots: list[str], seed: int = 0) -> list[GameSpec]:
    info = game(GAME)
    if not info.min_players <= players <= info.max_players:
        raise ValueError(f"{info.title} is played by {info.min_players} to {info.max_players} players, not {players}")
    if not bots:
        raise ValueError("name at least one bot")
    return [GameSpec(i, seed + i, seating(i, players, bots), clans_for(i, players, len(bots))) for i in range(games)]
