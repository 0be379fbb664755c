"""Wounds, statuses and defeat: what a cell of an attack or a collision deals (Other Ability Card Icons: Hobble,
Stun, Poison; the icon reference sheet), losing cards, Winning the Game, and Advantage (taking the top of the
tracker, which a defeat and a card's Advantage keyword both do)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from daimyo.core.game import Event
from daimyo.senjutsu.records import OVER, event, seat_name

if TYPE_CHECKING:
    from daimyo.senjutsu.state import SenjutsuState


def take_advantage(s: SenjutsuState, seat: int) -> list[Event]:
    """Advantage: your token to the top of the tracker, the others slide down."""
    s.advantage.remove(seat)
    s.advantage.insert(0, seat)
    return [event("advantage", seat=seat_name(seat))]



def harm(s: SenjutsuState, seat: int, effect: str, why: str, source: int | None = None) -> list[Event]:
    d = s.duellists[seat]
    if d.defeated:
        return []
    out = []
    if effect == "wound":
        d.wounds += 1
    elif effect == "wound2":
        d.wounds += 2
    elif effect == "bleeding":
        d.bleeding += 1
    elif effect == "stun":
        d.stuns += 1
    elif effect == "hobble":
        d.hobbles.append(0)
    elif effect == "poison":
        s.poison_holder = seat
    elif effect == "execution":
        out.append(event("execution", seat=seat_name(seat)))
        return out + defeat(s, seat)
    elif effect == "advantage" and source is not None:
        return take_advantage(s, source)
    out.append(event("harm", seat=seat_name(seat), effect=effect, why=why))
    out += check_defeat(s, seat)
    return out


def harm_together(s: SenjutsuState, hits: list[tuple[int, str, str]]) -> list[Event]:
    """Harm dealt to several characters by one step (both characters of a collision): characters it beats are
    defeated at the same moment, so the last ones standing share a draw (Winning the Game)."""
    deferred, s.defeats_deferred = s.defeats_deferred, True
    out = []
    for seat, effect, why in hits:
        out += harm(s, seat, effect, why)
    s.defeats_deferred = deferred
    return out + (settle(s) if not deferred else [])


def discard_card(s: SenjutsuState, seat: int, cid: str) -> list[Event]:
    d = s.duellists[seat]
    d.hand.remove(cid)
    d.discard.append((cid, False))
    return [event("discard", seat=seat_name(seat), card=cid)]


def check_defeat(s: SenjutsuState, seat: int) -> list[Event]:
    """Winning the Game: wounds at or above the wound limit, or stuns at or above the hand size, defeat."""
    if s.defeats_deferred:
        return []
    if beaten(s, seat):
        return defeat(s, seat)
    return []


def beaten(s: SenjutsuState, seat: int) -> bool:
    d = s.duellists[seat]
    ch = s.character(seat)
    return not d.defeated and (d.total_wounds >= ch.wound_limit or d.stuns >= ch.hand_limit)


def settle(s: SenjutsuState) -> list[Event]:
    """Defeat together every character beaten by one simultaneous step (defeated at the same moment)."""
    out = []
    for i in [i for i in s.live() if beaten(s, i)]:
        d = s.duellists[i]
        d.defeated, d.defeat_moment, d.pos = True, s.moment, None
        out.append(event("defeated", seat=seat_name(i)))
    return out + check_over(s)


def defeat(s: SenjutsuState, seat: int) -> list[Event]:
    d = s.duellists[seat]
    d.defeated = True
    d.defeat_moment = s.moment
    d.pos = None
    return [event("defeated", seat=seat_name(seat))] + check_over(s)


def check_over(s: SenjutsuState) -> list[Event]:
    """Winning the Game: the last character standing wins; characters defeated at the same moment share a draw."""
    if s.phase == OVER:
        return []
    live = s.live()
    if len(live) > 1:
        return []
    if live:
        s.result = live
    else:
        last = max(d.defeat_moment for d in s.duellists)
        s.result = [i for i, d in enumerate(s.duellists) if d.defeat_moment == last]
    s.phase = OVER
    s.pending = None
    return [event("game-over", winners=[seat_name(i) for i in s.result])]
