"""End of the Game: honor from flowers, faceup control tokens, the secret objective and territories."""

from __future__ import annotations

from typing import TYPE_CHECKING

from daimyo.core.game import public_event
from daimyo.rokugan.data import RULES, SPECIAL_HONOR
from daimyo.rokugan.objectives import objective_met as _objective_met
from daimyo.rokugan.records import N_PROVINCES, OVER, SCORCHED

if TYPE_CHECKING:
    from daimyo.rokugan.state import RokuganState


def territory_controller(s: RokuganState, t: int) -> int | None:
    """A player controls a territory if they control each of its provinces without scorched earth.

    A territory whose provinces are all scorched earth is controlled by nobody.
    """
    owners = {s.owner[p] for p in RULES.territory_provinces[t] if s.special[p] != SCORCHED}
    if len(owners) == 1:
        (o,) = owners
        return o if o >= 0 else None
    return None


def province_flowers(s: RokuganState, p: int) -> int:
    """Flowers printed (Bushido's 4-honor token replaces them) plus honor and defense bonus tokens."""
    sp = s.special[p]
    base = 4 if sp == "honor_4" else s.rules.flowers[p]
    return base + SPECIAL_HONOR.get(sp, 0)


def objective_met(s: RokuganState, seat: int, oid: str) -> bool:
    """Whether ``seat`` meets secret objective ``oid`` now (Secret Objectives; the conditions: objectives.py)."""
    return _objective_met(s, seat, oid, s.rules)


def honor(s: RokuganState, seat: int) -> dict:
    """The per-player breakdown of final honor."""
    flowers = faceup = 0
    for p in range(N_PROVINCES):
        if s.owner[p] != seat:
            continue
        flowers += province_flowers(s, p)
        if not RULES.shadowlands[p]:
            faceup += s.up[p]
    territories = [RULES.territory_names[t] for t in range(len(RULES.territory_names))
                   if not RULES.territory_shadowlands[t] and territory_controller(s, t) == seat]
    oid = s.objective[seat]
    met = oid is not None and objective_met(s, seat, oid)
    obj = s.rules.objectives[oid]["honor"] if oid is not None and met else 0
    total = flowers + faceup + obj + 5 * len(territories)
    return {"clan": s.clan_of(seat), "flowers": flowers, "faceup_control": faceup, "objective": oid,
            "objective_met": met, "objective_honor": obj, "territories": territories,
            "territory_honor": 5 * len(territories), "total": total}


def final_scoring(s: RokuganState) -> list:
    rows = [honor(s, p) for p in range(s.n)]
    best = max(r["total"] for r in rows)
    winners = [p for p in range(s.n) if rows[p]["total"] == best]
    s.result = {"scores": rows, "winners": winners}
    s.phase = OVER
    return [public_event("final-scoring", scores=rows, winners=[s.clan_of(p) for p in winners])]
