"""Every kind of event Rising Sun's War Phase emits, and what data each carries (``Event.data``).

Clans are named by their ids. ``your-bid`` and ``ronin-become-coins-count`` go to one clan alone; every other event is public.
The sentences of the terminal and the page (:mod:`daimyo.words.risingsun`, risingsun.js) read only this data. A test plays random
War Phases and checks every kind emitted is declared here, and that every kind declared has a
sentence in every language.

========================  =======  ==================================================================
kind                      seen by  data
========================  =======  ==================================================================
ronin-become-coins        all      clan (Start of War: its ronin tokens become coins)
ronin-become-coins-count  owner    clan, ronin (how many), coins (its coins now)
war                       all      number, province, forces {clan: Force}
token-discarded           all      province (nobody has Force there)
token-taken               all      province, clan, season; allies (true) when allies share it
battle                    all      province, clans, shown {clan: {coins, ronin}}
bid-placed                all      province, clan
your-bid                  bidder   province, clan, bid {seppuku, hostage, ronin, poets}
bids-revealed             all      province, bids {clan: {seppuku, hostage, ronin, poets}}
slot                      all      province, slot, winner (or null), bid
declined                  all      province, clan, slot
seppuku                   all      province, clan, killed (figure numbers), vp, honor (clans in order)
hostage                   all      province, clan, figure, owner, figure_kind, vp
ronin-hired               all      province, clan, force
battle-won                all      province, clan, season, forces {clan: Force}, killed
poets                     all      province, clan, vp
reparations               all      province, discarded {clan: n}, paid {clan: n}, by
war-phase-over            all      winner, totals {clan: total}
========================  =======  ==================================================================
"""

from __future__ import annotations

from typing import NotRequired, TypedDict


class Shown(TypedDict):
    """What a clan's screen showed at a battle."""

    coins: int
    ronin: int


class Bid(TypedDict):
    """Coins on each slot of the War side, by slot name."""

    seppuku: int
    hostage: int
    ronin: int
    poets: int


# the data of each kind (the table above) as a TypedDict; a key a kind sets only sometimes is NotRequired
class Clan(TypedDict):
    clan: str


class RoninBecomeCoinsCount(TypedDict):
    clan: str
    ronin: int
    coins: int


class War(TypedDict):
    number: int
    province: str
    forces: dict[str, int]


class TokenDiscarded(TypedDict):
    province: str


class TokenTaken(TypedDict):
    province: str
    clan: str
    season: str
    allies: NotRequired[bool]


class Battle(TypedDict):
    province: str
    clans: list[str]
    shown: dict[str, Shown]


class BidPlaced(TypedDict):
    province: str
    clan: str


class YourBid(TypedDict):
    province: str
    clan: str
    bid: Bid


class BidsRevealed(TypedDict):
    province: str
    bids: dict[str, Bid]


class Slot(TypedDict):
    province: str
    slot: str
    winner: str | None
    bid: NotRequired[int]


class Declined(TypedDict):
    province: str
    clan: str
    slot: str


class Seppuku(TypedDict):
    province: str
    clan: str
    killed: list[int]
    vp: int
    honor: list[str]


class Hostage(TypedDict):
    province: str
    clan: str
    figure: int
    owner: str
    figure_kind: str
    vp: int


class RoninHired(TypedDict):
    province: str
    clan: str
    force: int


class BattleWon(TypedDict):
    province: str
    clan: str
    season: str
    forces: dict[str, int]
    killed: list[int]


class Poets(TypedDict):
    province: str
    clan: str
    vp: int


class Reparations(TypedDict):
    province: str
    discarded: dict[str, int]
    paid: dict[str, int]
    by: str


class WarPhaseOver(TypedDict):
    winner: str
    totals: dict[str, int]

#: every event kind and the TypedDict of its data, in the order of a War Phase
DATA: dict[str, type] = {
    "ronin-become-coins": Clan, "ronin-become-coins-count": RoninBecomeCoinsCount, "war": War, "token-discarded": TokenDiscarded,
    "token-taken": TokenTaken, "battle": Battle, "bid-placed": BidPlaced, "your-bid": YourBid, "bids-revealed": BidsRevealed,
    "slot": Slot, "declined": Declined, "seppuku": Seppuku, "hostage": Hostage, "ronin-hired": RoninHired, "battle-won": BattleWon,
    "poets": Poets, "reparations": Reparations, "war-phase-over": WarPhaseOver,
}
#: every event kind, in the order of a War Phase
KINDS: tuple[str, ...] = tuple(DATA)
