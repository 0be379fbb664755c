"""Views: what one player (or a spectator) may know of the War Phase.

Public: the season, the wars and their order, Honor, alliances, VP, War Province tokens,
figures, strongholds, hostages, who is yet to bid, and everything revealed in a battle.
Behind each clan's screen: its coins and ronin tokens, until a battle shows them (and
while bids are secret the others see the coins as they were shown, before the bid).
A bid is in its bidder's view alone until every bid is in; then all are revealed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NotRequired, TypedDict

from daimyo.risingsun.data import RULES as R
from daimyo.risingsun.records import BID, OVER, STEP_NAMES, Phase

if TYPE_CHECKING:   # the state imports these rules; they take it as an argument
    from daimyo.risingsun.state import RisingSunWar


class PlayerView(TypedDict):
    """A clan as every viewer sees it; ``coins`` and ``ronin`` are None while behind its screen."""

    seat: int
    clan: str
    vp: int
    ally: str | None
    tokens: list[str]               # "province@season"
    hostages: list[int]             # figure numbers
    shown: bool
    coins: int | None
    ronin: int | None


class WarView(TypedDict):
    number: int
    province: str
    done: bool


class FigureView(TypedDict):
    figure: int
    province: str
    owner: str
    kind: str
    force: int


class BattleView(TypedDict):
    """The battle being fought; the bids and what they won once every bid is in (after the Bid step)."""

    province: str | None
    participants: list[str]
    bid_placed: dict[str, bool]
    bids: NotRequired[dict[str, dict[str, int]]]
    slot_winners: NotRequired[dict[str, str | None]]
    hired: NotRequired[dict[str, int]]
    forces: NotRequired[dict[str, int]]
    winner: NotRequired[str | None]


class OwnView(TypedDict):
    """The viewer's own clan (``you``): its reserve and, while bids are secret, its own bid."""

    seat: int
    clan: str
    coins: int
    ronin: int
    ronin_for_hire: int
    bid: NotRequired[dict[str, int]]


class View(TypedDict):
    """A player's (or, without ``you``, a spectator's) view of the War Phase."""

    game: str
    rules: str
    season: str
    phase: Phase
    wars: list[WarView]
    war_number: int | None
    province: str | None
    step: str | None
    to_act: list[str]
    honor: list[str]
    players: list[PlayerView]
    figures: list[FigureView]
    strongholds: dict[str, list[str]]
    killed: list[int]
    history: list[dict[str, Any]]
    result: dict[str, Any] | None
    battle: NotRequired[BattleView]
    you: NotRequired[OwnView]


def shown_coins(s: RisingSunWar, p: int) -> int:
    """The coins the others saw ``p`` show: while bids are secret, its reserve before it bid."""
    if s.step == BID and p in s.bids:
        return s.coins[p] + sum(s.bids[p])
    return s.coins[p]


def view(s: RisingSunWar, player: int | None) -> View:
    over = s.phase == OVER
    c = s.clans
    players = []
    for p in range(s.n):
        info: PlayerView = {"seat": p, "clan": c[p], "vp": s.vp[p], "ally": c[s.ally[p]] if s.ally[p] >= 0 else None,
                "tokens": [f"{prov}@{season}" for prov, season in s.tokens[p]],
                "hostages": [f.number for f in s.captured[p]], "shown": s.shown[p], "coins": None, "ronin": None}
        if p == player:
            info["coins"], info["ronin"] = s.coins[p], s.ronin[p]
        elif s.shown[p] or over:
            info["coins"], info["ronin"] = shown_coins(s, p), s.ronin[p]
        players.append(info)
    v: View = {
        "game": "risingsun", "rules": s.rules_version, "season": s.season, "phase": s.phase,
        "wars": [{"number": k, "province": prov, "done": k <= s.at} for k, prov in enumerate(s.wars, 1)],
        "war_number": s.at + 1 if not over and s.at < len(s.wars) else None,
        "province": s.province(),
        "step": STEP_NAMES[s.step] if s.step is not None else None,
        "to_act": [c[p] for p in s.to_act()],
        "honor": [c[p] for p in s.honor],
        "players": players,
        "figures": [{"figure": f.number, "province": f.province, "owner": c[f.owner], "kind": f.kind, "force": f.force} for f in s.figures],
        "strongholds": {prov: [c[p] for p in owners] for prov, owners in s.strongholds.items() if owners},
        "killed": [f.number for f in s.killed],
        "history": [dict(h) for h in s.history],
        "result": s.result,
    }
    if s.step is not None:
        battle: BattleView = {"province": s.province(), "participants": [c[p] for p in s.participants],
                  "bid_placed": {c[p]: p in s.bids for p in s.participants}}
        if s.step > BID:
            battle["bids"] = {c[p]: dict(zip(R.slots, s.bids[p], strict=False)) for p in s.participants}
            battle["slot_winners"] = {k: (c[w] if w is not None else None) for k, w in s.slot_winner.items()}
            battle["hired"] = {c[p]: k for p, k in s.hired.items()}
            battle["forces"] = {c[p]: s.force(s.province(), p) for p in s.participants}
            battle["winner"] = c[s.winner] if s.winner is not None else None
        v["battle"] = battle
    if player is not None:
        me: OwnView = {"seat": player, "clan": c[player], "coins": s.coins[player], "ronin": s.ronin[player],
              "ronin_for_hire": s.ronin_count(player)}
        if s.step == BID and player in s.bids:
            me["bid"] = dict(zip(R.slots, s.bids[player], strict=False))
        v["you"] = me
    return v
