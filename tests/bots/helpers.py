"""Shared helpers for the bot tests: play games while checking every move is legal."""

from __future__ import annotations

from daimyo.rokugan import new_game
from daimyo.rokugan.data import RULES as R


def clans_for(game: int, players: int) -> list[str]:
    return [R.clan_names[(game + 3 * i) % len(R.clan_names)] for i in range(players)]


def play_checked(state, bots: dict) -> int:
    """Play to the end; every move a bot returns must be in the legal move list. Returns the moves made."""
    moves = 0
    while not state.is_terminal():
        seat = state.to_act()[0]
        m = bots[seat].choose(state, seat)
        assert m in state.legal_moves(seat), f"{type(bots[seat]).__name__} chose illegal move {m} in {state.phase}"
        state.apply_move(seat, m)
        moves += 1
    return moves


def new(players: int, seed: int, clans: bool = True):
    return new_game(players=players, seed=seed, clans=clans_for(seed, players) if clans else None)
