"""What the server needs to know of each game it hosts, and where a game's randomness comes from.

A game on the server draws every random fact from its **randomness**: a secret
:class:`~daimyo.core.rng.GameKey` (256 bits, kept by the server until the game is over) for a
normal game, or an int seed for a practice game whose creator chose the seed (and old games
stored before keys). Public random facts (random clans or characters, Senjutsu's terrain) and
each bot's own generator come from separate labelled streams of the same key, so seeing them
tells nothing of the hands, decks and draws.
"""

from __future__ import annotations

from typing import Union

from daimyo.bots import bot_names as shared_bot_names
from daimyo.bots import bot_seed
from daimyo.bots import make_bot as shared_make_bot
from daimyo.core.record import seed_header
from daimyo.core.rng import GameKey, Rng, generator

Randomness = Union[int, GameKey]

# the salts of the labelled streams of an int seed (kept so that stored games replay as before)
_SALTS = {"seat-choices": 0xC1A2_5EA7, "terrain": 0x7E22_A1A5}


def stream(randomness: Randomness, label: str):
    """The generator of one labelled stream of a game's randomness (``seat-choices``, ``terrain``, ``fallback/N``)."""
    if isinstance(randomness, GameKey):
        return generator(randomness, label)
    salt = _SALTS.get(label)
    if salt is None:
        salt = int.from_bytes(label.encode()[:8].ljust(8, b"\0"), "little")
    return Rng(randomness ^ salt)


def bot_seed_of(randomness: Randomness, seat: int) -> int:
    """The seed of the bot at ``seat``: from the key's ``bot/N`` stream, or from the int seed as before."""
    if isinstance(randomness, GameKey):
        return generator(randomness, f"bot/{seat}").next64()
    return bot_seed(randomness, seat)


class RokuganRules:
    """What the server needs to know of Battle for Rokugan."""

    name = "rokugan"
    min_players, max_players = 2, 5
    seat_word, unique_rule = "clan", "Setup 3. Choose Clans"

    @staticmethod
    def bot_names() -> list[str]:
        return shared_bot_names()

    @staticmethod
    def make_bot(spec: str, seed: int):
        return shared_make_bot(spec, seed)

    @staticmethod
    def progress(state) -> tuple[int, str]:
        """(round, phase) for the games list."""
        return state.round, state.phase

    @staticmethod
    def result(state) -> dict:
        return state.result

    @staticmethod
    def clan_names() -> list[str]:
        from daimyo.rokugan.data import RULES
        return list(RULES.clan_names)

    @staticmethod
    def new_state(players: int, randomness: Randomness, clans: list[str]):
        from daimyo.rokugan import new_game
        return new_game(players=players, seed=randomness, clans=clans)

    @staticmethod
    def move_text(state, seat: int, move) -> str:
        from daimyo.rokugan.notation import move_text
        return move_text(state, seat, move)

    @staticmethod
    def canonical(state, seat: int, text: str) -> str:
        """The notation's own text of an action that ``state`` accepted from ``seat``."""
        from daimyo.rokugan.notation import move_text, parse_move
        return move_text(state, seat, parse_move(state, seat, text))

    @staticmethod
    def record(players: int, randomness: Randomness, clans: list[str], acts: list[tuple[int, str]]) -> str:
        from daimyo.rokugan.record import record_text
        header = {"players": players, **seed_header(randomness), "clans": " ".join(clans)}
        return record_text(header, [(clans[seat], text) for seat, text in acts])


class SenjutsuRules:
    """What the server needs to know of Senjutsu: a seat's "clan" is its character, 2 to 4 duellists (Setup)."""

    name = "senjutsu"
    min_players, max_players = 2, 4
    seat_word, unique_rule = "character", "Player Setup"

    @staticmethod
    def clan_names() -> list[str]:
        from daimyo.senjutsu.cards import sample_set
        return list(sample_set().characters)

    @staticmethod
    def terrain(randomness: Randomness) -> list[tuple[str, list]]:
        """Battlefield Setup 2, as the server lays it out: two pieces drawn from the game's ``terrain`` stream, inside
        the ring of hexes one or two from the centre and more than two hexes apart (the two-hex rule)."""
        from daimyo.senjutsu.hexgrid import distance
        rng = stream(randomness, "terrain")
        kinds = ["rock", "tree", "bamboo", "shrine", "cart"]
        spots = [(q, r) for q in range(-2, 3) for r in range(-2, 3) if 1 <= distance((q, r), (0, 0)) <= 2]
        first = spots[rng.below(len(spots))]
        far = [h for h in spots if distance(h, first) > 2]
        second = far[rng.below(len(far))]
        a = kinds.pop(rng.below(len(kinds)))
        return [(a, [first]), (kinds[rng.below(len(kinds))], [second])]

    @classmethod
    def new_state(cls, players: int, randomness: Randomness, clans: list[str]):
        from daimyo.senjutsu import new_game
        return new_game(list(clans), seed=randomness, terrain=cls.terrain(randomness))

    @staticmethod
    def move_text(state, seat: int, move) -> str:
        return move  # Senjutsu bots answer with the action's text

    @staticmethod
    def canonical(state, seat: int, text: str) -> str:
        """Senjutsu's notation is its legal actions' own texts, already one line with single spaces."""
        return text

    @staticmethod
    def bot_names() -> list[str]:
        return ["heuristic", "random"]

    @staticmethod
    def make_bot(spec: str, seed: int):
        from daimyo.bots.senjutsu import make
        return make(spec, seed)

    @staticmethod
    def progress(state) -> tuple[int, str]:
        return state.turn, state.phase

    @staticmethod
    def result(state) -> dict:
        """The characters left standing (several when they fell at the same moment: a shared draw)."""
        return {"winners": [state.duellists[i].character for i in state.result]}

    @classmethod
    def record(cls, players: int, randomness: Randomness, clans: list[str], acts: list[tuple[int, str]]) -> str:
        from daimyo.senjutsu.record import record_text
        from daimyo.senjutsu.state import seat_name
        terrain = "; ".join(f"{kind} " + " ".join(f"{q},{r}" for q, r in hexes) for kind, hexes in cls.terrain(randomness))
        header = {**seed_header(randomness), "board": "one", "characters": " ".join(clans), "terrain": terrain}
        return record_text(header, [(seat_name(seat), text) for seat, text in acts])


GAMES = {"rokugan": RokuganRules, "senjutsu": SenjutsuRules}
