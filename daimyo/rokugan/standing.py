"""Battle for Rokugan's standing at any moment, for the study of a game's shape (daimyo/arena/shape.py): each
player's honor if the game ended now (End of the Game), read while a record is replayed."""

from __future__ import annotations

from daimyo.rokugan.record import actor_seat, parse
from daimyo.rokugan.scoring import honor
from daimyo.rokugan.state import RokuganState

__all__ = ["actor_seat", "parse", "standing"]


def standing(s: RokuganState) -> list[float]:
    """Each seat's honor if the game ended now."""
    return [float(honor(s, p)["total"]) for p in range(s.n)]
