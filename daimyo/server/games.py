"""Which games the server hosts, and where a game's randomness comes from.

The server knows each game through its registration (:mod:`daimyo.core.registry`) and hosts every registered game
(:func:`hosted_games`: the games built in, :data:`HOSTED`, then any registered otherwise, as a test's toy game).
What is special to a game (its page, its page's data, its table options) is in its registration; this package names
no game but :data:`DEFAULT_GAME`, the game of a request that names none.
A game on the server draws every random fact from its **randomness**: a secret
:class:`~daimyo.core.rng.GameKey` (256 bits, kept by the server until the game is over) for a
normal game, or an int seed for a practice game whose creator chose the seed (and old games
stored before keys). Public random facts (random seat choices, a table's seeded terrain) and
each bot's own generator come from separate labelled streams of the same key
(:func:`~daimyo.core.rng.stream`), so seeing them tells nothing of the hands, decks and draws.
"""

from __future__ import annotations

from daimyo.bots import bot_seed
from daimyo.core.limits import MAX_START_FILE
from daimyo.core.registry import GAME_MODULES, GameInfo, game, games
from daimyo.core.rng import GameKey, generator, stream

Randomness = int | GameKey

#: the games built in (the registry's own table), which the lobby offers first
HOSTED = tuple(GAME_MODULES)

#: the game of a request that names none (the protocol's default, docs/server-protocol.md)
DEFAULT_GAME = "rokugan"


__all__ = ["DEFAULT_GAME", "HOSTED", "MAX_START_FILE", "Randomness", "bot_seed_of", "game_record", "hosted",
           "hosted_games", "set_up_from_file", "start_state", "stream"]


def hosted_games() -> list[str]:
    """The names of the games the server hosts and its lobby offers: every registered game."""
    return games()


def hosted(name) -> GameInfo | None:
    """The registration of a game the server hosts, or None for any other name."""
    return game(name) if isinstance(name, str) and name in hosted_games() else None


def bot_seed_of(randomness: Randomness, seat: int) -> int:
    """The seed of the bot at ``seat``: from the key's ``bot/N`` stream, or from the int seed as before."""
    if isinstance(randomness, GameKey):
        return generator(randomness, f"bot/{seat}").next64()
    return bot_seed(randomness, seat)


def set_up_from_file(row) -> bool:
    """Whether the game of ``row`` starts from a position file (Rising Sun's war file), whose writer, and whoever has
    it, knows the hidden amounts it wrote: the pages then say so, as for a practice game. A table's own file that
    fixes nothing hidden (a Senjutsu card file, a Battle for Rokugan rules file) is not one."""
    rules = hosted(row.game)
    return row.start_file is not None and rules is not None and rules.starts_from_file


def start_state(rules: GameInfo, row):
    """The first state of the game of ``row``: read from its position file (``row.start_file``) for a game that
    starts from one (Rising Sun's war file), else set up from its players, randomness and seat choices (a game with
    table options given: at its stored table file, ``rules.table_options``)."""
    if rules.table_options is not None and row.start_file:
        return rules.table_options.new_state(row.start_file, row.randomness(), row.choices)
    if not rules.starts_from_file:
        return rules.setup(row.players, row.randomness(), row.choices)
    if rules.new_from_file is None or not row.start_file:
        raise ValueError(f"game {row.id}: a {rules.title} game starts from a {rules.start_file}, and none is stored")
    return rules.new_from_file(row.start_file)


def game_record(rules: GameInfo, row, actions: list[tuple[int, str]]) -> str:
    """The record of the game of ``row`` after ``actions`` (its position file and moves, or its seats and moves)."""
    if rules.table_options is not None and row.start_file:
        return rules.table_options.record(row.start_file, row.randomness(), row.choices, actions)
    if not rules.starts_from_file:
        return rules.write_record(row.players, row.randomness(), row.choices, actions)
    if rules.record_from_file is None or not row.start_file:
        raise ValueError(f"game {row.id}: a {rules.title} game starts from a {rules.start_file}, and none is stored")
    return rules.record_from_file(row.start_file, actions)
