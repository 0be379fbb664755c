"""Secret Objectives: the conditions an objective card names, each written once.

An objective in ``data/objectives.json`` (or a rules file, docs/designers.md) names one of the conditions of
:data:`CONDITIONS` with its arguments, e.g. ``{"condition": "coastal", "provinces": 6}``. Each condition is one
:class:`Condition`: what its arguments are (checked when the data are read, naming the field), whether a player meets
it (End of the Game, :func:`daimyo.rokugan.scoring.honor`), and how the heuristic bot values it: how much each
province is worth to a player holding it and how promising it looks when dealt (Setup 5). Scoring and the bots use
these same functions, so a condition means one thing everywhere.

The vocabulary:

==================  ==========================================  ==============================================
condition           arguments                                   met when the player
==================  ==========================================  ==============================================
territory_hold      territory (a territory), provinces (2)      controls the capital of the territory's clan,
                                                                or at least ``provinces`` of its provinces
connected_spread    provinces, territories                      controls ``provinces`` provinces connected by
                                                                land borders, across ``territories`` territories
coastal             provinces                                   controls ``provinces`` coastal provinces
fewest_provinces    (none)                                      controls no more provinces than any other player
territory_spread    territories                                 controls a province in ``territories`` territories
provinces_all       provinces_list (province ids)               controls every province of the list
==================  ==========================================  ==============================================
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from daimyo.rokugan.data import Rules
    from daimyo.rokugan.state import RokuganState

#: the arguments' kinds: a count of at least 1, a territory id, a list of province ids
COUNT, TERRITORY, PROVINCES = "count", "territory", "provinces"


@dataclass(frozen=True)
class Condition:
    """One objective condition: its arguments (name -> (kind, default or None if required)) and its functions.

    ``met(s, seat, o, R)``: whether ``seat`` meets objective ``o`` (its JSON object) in state ``s``.
    ``worth(s, seat, o, R)``: the heuristic bot's extra worth of each province to ``seat`` for ``o``.
    ``chance(s, seat, o, R)``: the heuristic bot's guess at how much honor ``o`` promises (Setup 5).
    """

    name: str
    arguments: dict[str, tuple[str, Any]]
    met: Callable[..., bool]
    worth: Callable[..., list[float]]
    chance: Callable[..., float]
    #: the arguments' values the native engine plays (it refuses others: docs/designers.md)
    native: dict[str, Any]


def _components(provinces: set[int], R: Rules) -> list[set[int]]:
    seen: set[int] = set()
    out = []
    for p in provinces:
        if p in seen:
            continue
        comp: set[int] = set()
        stack = [p]
        while stack:
            q = stack.pop()
            if q in comp:
                continue
            comp.add(q)
            stack.extend(r for r in R.adjacent[q] if r in provinces and r not in comp)
        seen |= comp
        out.append(comp)
    return out


def _territory(o: dict, R: Rules) -> int:
    return R.territory_index[o["territory"]]


# -- territory_hold ----------------------------------------------------------
def _hold_met(s: RokuganState, seat: int, o: dict, R: Rules) -> bool:
    t = _territory(o, R)
    mine = set(s.provinces_of(seat))
    return R.capital[R.territory_clan[t]] in mine or len(mine & set(R.territory_provinces[t])) >= o.get("provinces", 2)


def _hold_worth(s: RokuganState, seat: int, o: dict, R: Rules) -> list[float]:
    bonus = [0.0] * R.n_provinces
    t = _territory(o, R)
    for p in R.territory_provinces[t]:
        bonus[p] = o["honor"] / 3
    bonus[R.capital[R.territory_clan[t]]] = o["honor"] / 2
    return bonus


def _hold_chance(s: RokuganState, seat: int, o: dict, R: Rules) -> float:
    clan = s.clans[seat]
    if o["territory"] == clan:
        return o["honor"] * 0.9
    cap = R.capital[R.territory_clan[_territory(o, R)]]
    mine = R.capital[clan]
    near = cap in R.adjacent[mine] or any(q in R.adjacent[mine] for q in R.adjacent[cap])
    return o["honor"] * (0.45 if near else 0.2)


# -- connected_spread --------------------------------------------------------
def _connected_met(s: RokuganState, seat: int, o: dict, R: Rules) -> bool:
    return any(len(comp) >= o["provinces"] and len({R.province_territory[p] for p in comp}) >= o["territories"]
               for comp in _components(set(s.provinces_of(seat)), R))


def _connected_worth(s: RokuganState, seat: int, o: dict, R: Rules) -> list[float]:
    mine = set(s.provinces_of(seat))
    return [o["honor"] / max(2, o["provinces"]) if any(q in mine for q in R.adjacent[p]) else 0.0
            for p in range(R.n_provinces)]


# -- coastal ------------------------------------------------------------------
def _coastal_met(s: RokuganState, seat: int, o: dict, R: Rules) -> bool:
    return sum(1 for p in s.provinces_of(seat) if s.is_coastal(p)) >= o["provinces"]


def _coastal_worth(s: RokuganState, seat: int, o: dict, R: Rules) -> list[float]:
    return [o["honor"] / max(1, o["provinces"]) if s.is_coastal(p) else 0.0 for p in range(R.n_provinces)]


def _coastal_chance(s: RokuganState, seat: int, o: dict, R: Rules) -> float:
    return o["honor"] * (0.6 if R.coastal[R.capital[s.clans[seat]]] else 0.4)


# -- fewest_provinces ----------------------------------------------------------
def _fewest_met(s: RokuganState, seat: int, o: dict, R: Rules) -> bool:
    counts = [len(s.provinces_of(q)) for q in range(s.n)]
    return counts[seat] == min(counts)


# -- territory_spread ----------------------------------------------------------
def _spread_met(s: RokuganState, seat: int, o: dict, R: Rules) -> bool:
    return len({R.province_territory[p] for p in s.provinces_of(seat)}) >= o["territories"]


def _spread_worth(s: RokuganState, seat: int, o: dict, R: Rules) -> list[float]:
    mine_t = {R.province_territory[p] for p in s.provinces_of(seat)}
    return [o["honor"] / max(1, o["territories"]) if R.province_territory[p] not in mine_t else 0.0
            for p in range(R.n_provinces)]


# -- provinces_all ---------------------------------------------------------------
def _all_met(s: RokuganState, seat: int, o: dict, R: Rules) -> bool:
    mine = set(s.provinces_of(seat))
    return all(R.province_index[x] in mine for x in o["provinces_list"])


def _all_worth(s: RokuganState, seat: int, o: dict, R: Rules) -> list[float]:
    bonus = [0.0] * R.n_provinces
    for name in o["provinces_list"]:
        bonus[R.province_index[name]] = o["honor"] / len(o["provinces_list"])
    return bonus


def _all_chance(s: RokuganState, seat: int, o: dict, R: Rules) -> float:
    names = o["provinces_list"]
    mine = R.capital[s.clans[seat]]
    close = sum(1 for x in names if R.province_index[x] == mine or R.province_index[x] in R.adjacent[mine])
    return o["honor"] * (0.2 + 0.25 * close / len(names))


def _chance(factor: float) -> Callable[..., float]:
    return lambda s, seat, o, R: o["honor"] * factor


CONDITIONS: dict[str, Condition] = {c.name: c for c in (
    Condition("territory_hold", {"territory": (TERRITORY, None), "provinces": (COUNT, 2)},
              _hold_met, _hold_worth, _hold_chance, native={"provinces": 2}),
    Condition("connected_spread", {"provinces": (COUNT, None), "territories": (COUNT, None)},
              _connected_met, _connected_worth, _chance(0.4), native={}),
    Condition("coastal", {"provinces": (COUNT, None)}, _coastal_met, _coastal_worth, _coastal_chance, native={}),
    Condition("fewest_provinces", {}, _fewest_met, lambda s, seat, o, R: [-1.0] * R.n_provinces, _chance(0.15),
              native={}),
    Condition("territory_spread", {"territories": (COUNT, None)}, _spread_met, _spread_worth, _chance(0.4), native={}),
    Condition("provinces_all", {"provinces_list": (PROVINCES, None)}, _all_met, _all_worth, _all_chance, native={}),
)}


def check_objective(o: dict, where: str, R: Rules) -> None:
    """Refuse (FormatError naming ``where`` and the field) an objective whose condition or arguments are wrong."""
    from daimyo.core.errors import FormatError

    cond = o.get("condition")
    if not isinstance(cond, str) or cond not in CONDITIONS:
        raise FormatError(f"{where}: field 'condition' must be one of {', '.join(CONDITIONS)}, got {cond!r}")
    spec = CONDITIONS[cond].arguments
    for key in o:
        if key not in spec and key not in ("id", "name", "honor", "condition", "about"):
            raise FormatError(f"{where}: field '{key}' is not an argument of condition '{cond}' "
                              f"(its arguments: {', '.join(spec) or 'none'})")
    for arg, (kind, default) in spec.items():
        if arg not in o:
            if default is None:
                raise FormatError(f"{where}: condition '{cond}' needs field '{arg}'")
            continue
        val = o[arg]
        if kind == COUNT and not (type(val) is int and 1 <= val <= R.n_provinces):
            raise FormatError(f"{where}: field '{arg}' must be a whole number from 1 to {R.n_provinces}, got {val!r}")
        if kind == TERRITORY and (not isinstance(val, str) or val not in R.territory_index
                                  or R.territory_clan[R.territory_index[val]] not in R.capital):
            known = [t for t, c in zip(R.territory_names, R.territory_clan, strict=True) if c in R.capital]
            raise FormatError(f"{where}: field '{arg}' must be a clan's territory ({', '.join(known)}), got {val!r}")
        if kind == PROVINCES and not (isinstance(val, list) and val
                                      and all(isinstance(x, str) and x in R.province_index for x in val)):
            raise FormatError(f"{where}: field '{arg}' must be a non-empty list of province ids, got {val!r}")


def objective_met(s: RokuganState, seat: int, oid: str, R: Rules) -> bool:
    """Whether ``seat`` meets secret objective ``oid`` of the rules ``R`` now (Secret Objectives)."""
    o = R.objectives[oid]
    return CONDITIONS[o["condition"]].met(s, seat, o, R)


def province_worth(s: RokuganState, seat: int, R: Rules) -> list[float]:
    """The heuristic bot's extra worth of each province to ``seat`` for its own secret objective (none: zeros)."""
    oid = s.objective[seat]
    if not oid:
        return [0.0] * R.n_provinces
    o = R.objectives[oid]
    return CONDITIONS[o["condition"]].worth(s, seat, o, R)


def deal_chance(s: RokuganState, seat: int, oid: str, R: Rules) -> float:
    """Setup 5: how likely and how rich secret objective ``oid`` looks to ``seat``'s clan (the heuristic bot)."""
    o = R.objectives[oid]
    return CONDITIONS[o["condition"]].chance(s, seat, o, R)


def not_native(o: dict) -> str | None:
    """Why the native engine cannot score objective ``o`` (an argument it does not take), or None if it can."""
    for arg, value in CONDITIONS[o["condition"]].native.items():
        if o.get(arg, CONDITIONS[o["condition"]].arguments[arg][1]) != value:
            return f"objective '{o['id']}': the native engine plays {o['condition']} with {arg} {value} only"
    return None
