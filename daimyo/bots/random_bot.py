"""A bot that picks uniformly among the legal moves, and the loop that plays a game with bots."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from daimyo.core.game import GameState
from daimyo.core.rng import Rng

BOT_SALT = 0xB07_5EED_D41A_0000


class Bot(Protocol):
    """Anything that chooses a move: one of ``state.legal_moves(seat)`` (a tuple in Battle for Rokugan and
    Rising Sun, the action's text in Senjutsu and in any game that declares no move form of its own). A game's own
    bot takes that game's state, so ``state`` is not narrowed here."""

    def choose(self, state: Any, seat: int) -> Any: ...


class RandomBot:
    """Chooses uniformly from ``state.legal_moves(seat)`` with its own seeded generator."""

    __slots__ = ("rng",)

    def __init__(self, seed: int):
        self.rng = Rng(seed)

    def choose(self, state: GameState, seat: int) -> Any:
        return self.rng.choice(state.legal_moves(seat))


def bot_seed(game_seed: int, seat: int) -> int:
    """The seed of the bot at ``seat`` in the game played with ``game_seed``.

    Derived from the game's seed but not equal to it, so the bots' choices do not
    mirror the game's own generator.
    """
    return Rng(game_seed ^ BOT_SALT).next64() + seat


def bot_seeds(game_seed: int, players: int) -> list[int]:
    """``[bot_seed(game_seed, seat) for seat in range(players)]``, with the generator drawn once."""
    first = Rng(game_seed ^ BOT_SALT).next64()
    return [first + seat for seat in range(players)]


def play(state: GameState, bots: Mapping[int, Bot] | Sequence[Bot], on_move=None, after_move=None) -> int:
    """Play ``state`` to the end in place; returns the number of moves made.

    At a simultaneous node every seat in ``state.to_act()`` moves in turn; each
    move is one its bot (``bots[seat]``) chose from ``state.legal_moves(seat)``.
    ``on_move(seat, move)`` is called before each move is applied, ``after_move(moves)``
    after it with the number of moves made so far. Any game can be played this way: the move layer
    (``legal_moves``/``apply_move``) is part of :class:`~daimyo.core.game.GameState`.

    A bot with ``observe(state, seat, events)`` is told the events of every move just made and one with
    ``finish(state, seat)`` the end of the game, each with its own seat, as the arena and a live game tell them
    (how an ``exec:`` or ``exec-text:`` program gets its ``events`` and its ``end`` message).
    """
    seated = list(bots.items()) if isinstance(bots, Mapping) else list(enumerate(bots))
    observers = _hooks(seated, "observe")
    moves = 0
    while not state.is_terminal():
        acting = state.to_act()
        if not acting:
            raise RuntimeError("the game is not over but nobody is to act")
        for seat in acting:
            if seat not in state.to_act():
                break
            move = bots[seat].choose(state, seat)
            if on_move is not None:
                on_move(seat, move)
            events = state.apply_move(seat, move)
            moves += 1
            for who, observe in observers:
                observe(state, who, events)
            if after_move is not None:
                after_move(moves)
    for who, finish in _hooks(seated, "finish"):
        finish(state, who)
    return moves


def _hooks(seated: list[tuple[int, Any]], hook: str) -> list[tuple[int, Any]]:
    """(seat, method) for each bot that has ``hook``, in seat order."""
    found = [(seat, getattr(bot, hook, None)) for seat, bot in seated]
    return [(seat, method) for seat, method in found if callable(method)]


def play_game(state: GameState, bots: dict[int, Bot]) -> GameState:
    """Play ``state`` until it is terminal and return it."""
    play(state, bots)
    return state
