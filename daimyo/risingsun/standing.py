"""Rising Sun's standing at any moment of the War Phase, for the study of a game's shape (daimyo/arena/shape.py):
each clan's victory points so far."""

from __future__ import annotations

from daimyo.risingsun.record import actor_seat, parse as parse_record
from daimyo.risingsun.state import RisingSunWar

__all__ = ["actor_seat", "parse", "standing"]


def parse(text: str) -> tuple[RisingSunWar, list[tuple[int, str, str]]]:
    """A record's first state and its (line, actor, action) lines (the start's events are not needed here)."""
    state, actions, _ = parse_record(text)
    return state, actions


def standing(s: RisingSunWar) -> list[float]:
    """Each seat's victory points."""
    return [float(v) for v in s.vp]


