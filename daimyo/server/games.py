"""Which games the server hosts, and where a game's randomness comes from.

The server knows each game through its registration (:mod:`daimyo.core.registry`); :data:`HOSTED` names the games
its lobby offers. A game on the server draws every random fact from its **randomness**: a secret
:class:`~daimyo.core.rng.GameKey` (256 bits, kept by the server until the game is over) for a
normal game, or an int seed for a practice game whose creator chose the seed (and old games
stored before keys). Public random facts (random clans or characters, Senjutsu's terrain) and
each bot's own generator come from separate labelled streams of the same key
(:func:`~daimyo.core.rng.stream`), so seeing them tells nothing of the hands, decks and draws.
"""

from __future__ import annotations

from daimyo.bots import bot_seed
from daimyo.core.registry import GameInfo, game
from daimyo.core.rng import GameKey, generator, stream

Randomness = int | GameKey

# the games the server's lobby offers
HOSTED = ("rokugan", "senjutsu")

__all__ = ["HOSTED", "Randomness", "bot_seed_of", "hosted", "stream"]


def hosted(name) -> GameInfo | None:
    """The registration of a game the server hosts, or None for any other name."""
    return game(name) if isinstance(name, str) and name in HOSTED else None


def bot_seed_of(randomness: Randomness, seat: int) -> int:
    """The seed of the bot at ``seat``: from the key's ``bot/N`` stream, or from the int seed as before."""
    if isinstance(randomness, GameKey):
        return generator(randomness, f"bot/{seat}").next64()
    return bot_seed(randomness, seat)
