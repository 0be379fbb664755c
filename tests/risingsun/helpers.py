"""Helpers for the War Phase tests: write a war file in a few words, play bids, snapshot a state."""

from __future__ import annotations

from daimyo.core.game import Action
from daimyo.risingsun import from_text
from daimyo.risingsun.state import RisingSunWar


def war(body: str, season: str = "spring") -> RisingSunWar:
    """A War Phase from the lines of a war file (format and season added)."""
    return from_text(f"format: risingsun-war\nseason: {season}\n{body}")


def act(s: RisingSunWar, clan: str, text: str):
    return s.apply(Action(s.clans.index(clan), text))


def bids(s: RisingSunWar, **by_clan: str):
    """Every participant's bid, e.g. bids(s, lotus="0 1 0 0", koi="1 0 0 0")."""
    events = []
    for clan, b in by_clan.items():
        events += act(s, clan, f"bid {b}")
    return events


def snapshot(s: RisingSunWar) -> tuple:
    """Every field of the state, to check that an illegal action changed nothing."""
    return tuple(repr(getattr(s, k)) for k in RisingSunWar.__slots__)


def kinds(events) -> list[str]:
    return [e.kind for e in events]


def seat(s: RisingSunWar, clan: str) -> int:
    return s.clans.index(clan)
