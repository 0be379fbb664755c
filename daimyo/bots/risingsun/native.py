"""Rising Sun's bid sub-game built and solved natively: the Python side of the compiled module
``_daimyo_risingsun_native`` (native/src/risingsun_*.cpp, built with the Rokugan engine by ``pip install .``; see
docs/native.md, "Rising Sun").

:func:`solve` takes what :func:`daimyo.bots.risingsun.regret.solve` takes (a seat's world with no bid placed, the
menus) and gives the same payoff table and the same average strategies, bit for bit: the native code plays the rest
of the War Phase from every joint bid with the heuristic bot (its generator draw for draw) and runs regret
matching+ with every sum and product in the Python solver's order, Python's own ``sum`` included (compensated from
Python 3.12 on). The world crosses as plain lists: provinces, kinds and seasons as small integers.

>>> from daimyo.bots.risingsun import native
>>> native.available()
True
"""

from __future__ import annotations

import importlib
import sys
from typing import Any

from daimyo.risingsun.data import RULES as R
from daimyo.risingsun.state import BID, RisingSunWar

MISSING = (
    "Rising Sun's native bid solver (the compiled module _daimyo_risingsun_native) is not installed: build it with "
    "`python3 -m pip install .` (or `python3 -m pip install -e .`) from the repository root; the build needs a C++17 "
    "compiler (g++) and CMake 3.18 or newer. The regret bot solves the bid sub-game in Python meanwhile (regret-python)"
)

_KINDS = tuple(R.figure_force)

try:
    _core: Any = importlib.import_module("_daimyo_risingsun_native")
except ImportError as _error:  # installed without its compiled part, or not built yet
    _core = None
    _IMPORT_ERROR = str(_error)
else:
    _IMPORT_ERROR = ""
    _core.configure({
        "seppuku_vp": R.seppuku_vp, "seppuku_honor": R.seppuku_honor, "hostage_vp": R.hostage_vp,
        "poets_vp": R.poets_vp, "stronghold_force": R.stronghold_force,
        "hostage_allowed": [R.hostage_allowed[k] for k in _KINDS],
        "province_bonus": [tuple(row) for row in R.province_bonus],
    }, sys.version_info >= (3, 12))


def available() -> bool:
    """Whether the compiled module is installed."""
    return _core is not None


def require() -> Any:
    """The compiled module, or an ImportError that says how to build it."""
    if _core is None:
        raise ImportError(f"{MISSING} ({_IMPORT_ERROR})" if _IMPORT_ERROR else MISSING)
    return _core


def world_data(w: RisingSunWar) -> dict:
    """The world ``w`` (a battle's bid step, no bid placed) as the native solver reads it."""
    if w.step != BID or w.bids:
        raise ValueError("the native bid solver starts from a battle's bid step with no bid placed (a seat's world)")
    return {**board_data(w), "at": w.at, "participants": list(w.participants)}


def board_data(w: RisingSunWar) -> dict:
    """What every native entry point reads of ``w``: the clans' tracks, and the board with provinces numbered in the
    order first met, kinds and seasons as small integers (the solver's world adds the battle; the bulk engine's
    start, :func:`daimyo.bots.risingsun.bulk.start_data`, nothing)."""
    ids: dict[str, int] = {}

    def prov(name: str) -> int:
        return ids.setdefault(name, len(ids))

    wars = [prov(p) for p in w.wars]
    figures = [(f.number, prov(f.province), f.owner, _KINDS.index(f.kind), f.force) for f in w.figures]
    tokens = [[(prov(p), R.seasons[season]) for p, season in t] for t in w.tokens]
    strongholds: list[list[int]] = [[] for _ in ids]
    for name, seats in w.strongholds.items():
        if name in ids:   # a stronghold where no figure stands and no war is fought counts nowhere
            strongholds[ids[name]] = list(seats)
    return {
        "n": w.n, "season": R.seasons[w.season],
        "koi": [R.has(c, "coins-as-ronin") for c in w.clans], "turtle": [R.has(c, "strongholds-force") for c in w.clans],
        "honor": list(w.honor), "ally": list(w.ally), "coins": list(w.coins), "ronin": list(w.ronin), "vp": list(w.vp),
        "tokens": tokens, "wars": wars, "figures": figures, "strongholds": strongholds,
    }


def solve(w: RisingSunWar, menus: list[list[tuple]], iterations: int, margin: float,
          seconds: float | None) -> tuple[list[float], list[list[float]]] | None:
    """The flat payoff table (one payoff a participant per joint bid, the last participant's bid fastest) and the
    average strategies of the bid sub-game; None when ``seconds`` pass before the table is complete."""
    core = require()
    return core.solve(world_data(w), [[m[1:] for m in menu] for menu in menus], iterations, margin,
                      -1.0 if seconds is None else max(0.0, seconds))
