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

#: every event kind, in the order of a War Phase
KINDS: tuple[str, ...] = (
    "ronin-become-coins", "ronin-become-coins-count", "war", "token-discarded", "token-taken", "battle", "bid-placed", "your-bid",
    "bids-revealed", "slot", "declined", "seppuku", "hostage", "ronin-hired", "battle-won", "poets", "reparations", "war-phase-over",
)
