"""Rising Sun's War Phase: the records and constants every module of the game shares (a leaf: it imports no other
module of the game but its rules data), so that the state and the rules that change it import each other in one
direction only: the rules (:mod:`~daimyo.risingsun.war`, :mod:`~daimyo.risingsun.scoring`, the views, the
notation) read these and take the state as an argument, and :mod:`~daimyo.risingsun.state` imports them, as Battle
for Rokugan's state does its own."""

from __future__ import annotations

from typing import Final, Literal, NamedTuple

from daimyo.risingsun.data import RULES as R


class Figure(NamedTuple):
    """A figure (reference "Clans in war"): its number in the war file (``#4``), the province it stands in (``-``
    while held hostage), its owner's seat, its kind (bushi, shinto, daimyo, monster) and its Force."""

    number: int
    province: str
    owner: int
    kind: str
    force: int

# battle steps
BID, SEPPUKU, HOSTAGE, RONIN, OUTCOME, POETS, REPARATIONS = range(7)
STEP_NAMES = ("bid", "seppuku", "hostage", "ronin", "outcome", "poets", "reparations")
#: the battle step at which each slot is resolved
SLOT_STEP = {"seppuku": SEPPUKU, "hostage": HOSTAGE, "ronin": RONIN, "poets": POETS}
STEP_SLOT = {v: k for k, v in SLOT_STEP.items()}
SLOT_INDEX = {name: i for i, name in enumerate(R.slots)}

#: the War Phase's phases: its wars are being resolved, then it is over (the ``phase`` of the state and its views)
Phase = Literal["war", "over"]
WAR: Final = "war"
OVER: Final = "over"

SEC_BATTLE = "A battle"
SEC_REVEAL = "A battle 3. Reveal"
SEC_BIDS = "A battle 2. Secret bids"
SEC_REPARATIONS = "A battle 6. Reparations"
