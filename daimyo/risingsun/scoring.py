"""Scoring touched by the war (reference "Scoring touched by the war").

War Province tokens score at game end by the season they were won in (spring 1, summer 2,
autumn 3 VP); tokens of 3-4 different provinces add 10 VP, 5-6 add 20, 7-8 add 30.
The War Phase ends with each player's VP, the war-token score its tokens would give,
and the total; the winner has the most, a tie to the higher Honor.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from daimyo.core.game import Event, public_event
from daimyo.risingsun.data import RULES as R
from daimyo.risingsun.records import OVER

if TYPE_CHECKING:   # the state imports these rules; they take it as an argument
    from daimyo.risingsun.state import RisingSunWar


def token_score(tokens: list[tuple[str, str]]) -> dict:
    """The game-end VP of a player's War Province tokens: by season, plus the different-provinces bonus."""
    by_season = sum(R.seasons[season] for _prov, season in tokens)
    different = len({prov for prov, _season in tokens})
    bonus = R.bonus(different)
    return {"by_season": by_season, "different_provinces": different, "bonus": bonus, "total": by_season + bonus}


def finish(s: RisingSunWar) -> list[Event]:
    """The end of the War Phase: score the war tokens and name the leader."""
    players = {}
    for p in range(s.n):
        ts = token_score(s.tokens[p])
        players[s.clans[p]] = {"vp": s.vp[p], "tokens": [f"{prov}@{season}" for prov, season in s.tokens[p]],
                               "war_tokens": ts, "total": s.vp[p] + ts["total"], "coins": s.coins[p],
                               "hostages": [f.number for f in s.captured[p]]}
    best = max(v["total"] for v in players.values())
    winner = s.higher_honor([p for p in range(s.n) if players[s.clans[p]]["total"] == best])
    s.result = {"players": players, "honor": [s.clans[p] for p in s.honor], "winner": s.clans[winner],
                "wars": [dict(h) for h in s.history]}
    s.phase = OVER
    s.step = None
    return [public_event("war-phase-over", winner=s.clans[winner], totals={c: v["total"] for c, v in players.items()})]
