"""Senjutsu's standing at any moment, for the study of a game's shape (daimyo/arena/shape.py): the wounds each
character can still take before its wound limit (Winning the Game), 0 once defeated."""

from __future__ import annotations

from daimyo.senjutsu.record import _seat as actor_seat, parse
from daimyo.senjutsu.state import SenjutsuState

__all__ = ["actor_seat", "parse", "standing"]


def standing(s: SenjutsuState) -> list[float]:
    """Each seat's wounds left before defeat."""
    return [0.0 if d.defeated else float(s.character(p).wound_limit - d.total_wounds) for p, d in enumerate(s.duellists)]
