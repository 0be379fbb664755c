"""Every kind of event Battle for Rokugan emits, and what data each carries (``Event.data``).

Hidden events (``visible_to`` set) go to one seat only; the others are public. A sentence of
:mod:`daimyo.words.rokugan` (and of the browser's ``events.js``) reads only this data. A test plays
random games and checks that every kind emitted is declared here, and that every kind declared has a
sentence in every language.

=========================  =======  ============================================================================
kind                       seen by  data
=========================  =======  ============================================================================
clan                       all      seat, clan
objective-kept             all      clan (a secret objective is kept: which one is hidden)
objective                  owner    clan, objective
objectives-chosen          all      (none)
first-player               all      clan, card (the initiative card drawn)
control                    all      clan, province (a starting control token)
round                      all      round
ronin                      all      clan (no control token on the board)
ronin-ends                 all      clan
draw                       all      clan, count
drew                       owner    clan, tokens (codes drawn)
placement                  all      (none)
pass                       all      clan; ability (a clan whose ability is passed) or automatic (true)
return-to-pool             all      clan, count (from behind the screen); or owner, token (a token on the board)
returned                   owner    clan, code
place                      all      clan, token, at; code and faceup (true) when placed faceup
place-own                  owner    clan, token, at, code
play                       all      clan, card
look                       all      clan, owner, token, source
saw                        owner    clan, owner, token, code, source
discard                    all      owner, token, code, source (revealed and discarded by a card)
swap                       all      clan, tokens (two token numbers)
discard-from-hand          all      clan, code
take-from-discard          all      clan, code
control-added              all      clan, province; faceup (a number) or count
control-removed            all      clan, province
special                    all      token (a special token), province, replaced (or null)
special-removed            all      token, province
spy                        all      clan, target
saw-hand                   owner    clan, target, tokens
swap-control               all      clan, provinces (two)
resolution                 all      round
reveal                     all      tokens: [{token, owner, code, at}]
removed                    all      tokens: [{token, owner, code, at, why}]
raid                       all      clan, province, control_removed_from, scorched_earth, discarded (tokens)
raid-fails                 all      clan, province, why
diplomacy                  all      clan, province, peace, discarded (tokens)
battle                     all      province, attackers [{clan, total, defense_faced, tokens}], defender {clan,
                                    total, tokens, combat_tokens, printed, faceup_control, special, lion_bluff},
                                    outcome (taken, defended, nothing), winner, faceup_added (defended) or
                                    control_placed (taken: 0 when the winner's supply was empty, the province
                                    is then left empty)
successful-defense         all      clan, province, why, faceup_added
territory-claimed          all      clan, territory
territory-card-returned    all      clan, territory
final-scoring              all      scores [{clan, flowers, faceup_control, objective, objective_met,
                                    objective_honor, territories, territory_honor, total}], winners
=========================  =======  ============================================================================
"""

from __future__ import annotations

from typing import NotRequired, TypedDict

# the data of each kind (the table above) as a TypedDict; a key a kind sets only sometimes is NotRequired


class TokenShown(TypedDict):
    """A board token as resolution shows it (``reveal``, ``raid``, ``diplomacy``, ``battle``)."""

    token: int
    owner: str
    code: str
    at: str


class TokenRemoved(TokenShown):
    why: str


class Attacker(TypedDict):
    clan: str
    total: int
    defense_faced: int
    tokens: list[TokenShown]


class Defender(TypedDict):
    clan: str | None
    combat_tokens: int
    printed: int
    faceup_control: int
    special: int
    lion_bluff: int
    total: int
    tokens: list[TokenShown]


class Score(TypedDict):
    clan: str
    flowers: int
    faceup_control: int
    objective: str | None
    objective_met: bool
    objective_honor: int
    territories: list[str]
    territory_honor: int
    total: int


class Clan(TypedDict):
    clan: str


class Nothing(TypedDict):
    pass


class Round(TypedDict):
    round: int


class ClanProvince(TypedDict):
    clan: str
    province: str


class ClanCode(TypedDict):
    clan: str
    code: str


class ClanTerritory(TypedDict):
    clan: str
    territory: str


class ClanChosen(TypedDict):
    seat: int
    clan: str


class Objective(TypedDict):
    clan: str
    objective: str


class FirstPlayer(TypedDict):
    clan: str
    card: str


class Draw(TypedDict):
    clan: str
    count: int


class Drew(TypedDict):
    clan: str
    tokens: list[str]


class Pass(TypedDict):
    clan: str
    ability: NotRequired[str]
    automatic: NotRequired[bool]


class ReturnToPool(TypedDict):
    clan: NotRequired[str]
    count: NotRequired[int]
    owner: NotRequired[str]
    token: NotRequired[int]


class Place(TypedDict):
    clan: str
    token: int
    at: str
    code: NotRequired[str]
    faceup: NotRequired[bool]


class PlaceOwn(TypedDict):
    clan: str
    token: int
    at: str
    code: str


class Play(TypedDict):
    clan: str
    card: str


class Look(TypedDict):
    clan: str
    owner: str
    token: int
    source: str


class Saw(TypedDict):
    clan: str
    owner: str
    token: int
    code: str
    source: str


class Discard(TypedDict):
    owner: str
    token: int
    code: str
    source: str


class Swap(TypedDict):
    clan: str
    tokens: list[int]


class ControlAdded(TypedDict):
    clan: str
    province: str
    faceup: NotRequired[int]
    count: NotRequired[int]


class Special(TypedDict):
    token: str
    province: str
    replaced: str | None


class SpecialRemoved(TypedDict):
    token: str
    province: str


class Spy(TypedDict):
    clan: str
    target: str


class SawHand(TypedDict):
    clan: str
    target: str
    tokens: list[str]


class SwapControl(TypedDict):
    clan: str
    provinces: list[str]


class Reveal(TypedDict):
    tokens: list[TokenShown]


class Removed(TypedDict):
    tokens: list[TokenRemoved]


class Raid(TypedDict):
    clan: str
    province: str
    control_removed_from: str | None
    scorched_earth: bool
    discarded: list[TokenShown]


class RaidFails(TypedDict):
    clan: str
    province: str
    why: str


class Diplomacy(TypedDict):
    clan: str
    province: str
    peace: bool
    discarded: list[TokenShown]


class Battle(TypedDict):
    province: str
    attackers: list[Attacker]
    defender: Defender
    outcome: str
    winner: str | None
    faceup_added: NotRequired[int]
    control_placed: NotRequired[int]


class SuccessfulDefense(TypedDict):
    clan: str
    province: str
    why: str
    faceup_added: int


class FinalScoring(TypedDict):
    scores: list[Score]
    winners: list[str]

#: every event kind and the TypedDict of its data, in the order of a game (setup, upkeep, placement, cards, resolution,
#: scoring)
DATA: dict[str, type] = {
    "clan": ClanChosen, "objective-kept": Clan, "objective": Objective, "objectives-chosen": Nothing,
    "first-player": FirstPlayer, "control": ClanProvince, "round": Round, "ronin": Clan, "ronin-ends": Clan,
    "draw": Draw, "drew": Drew, "placement": Nothing, "pass": Pass, "return-to-pool": ReturnToPool, "returned": ClanCode,
    "place": Place, "place-own": PlaceOwn, "play": Play, "look": Look, "saw": Saw, "discard": Discard,
    "swap": Swap, "discard-from-hand": ClanCode, "take-from-discard": ClanCode, "control-added": ControlAdded,
    "control-removed": ClanProvince, "special": Special, "special-removed": SpecialRemoved, "spy": Spy,
    "saw-hand": SawHand, "swap-control": SwapControl, "resolution": Round, "reveal": Reveal, "removed": Removed,
    "raid": Raid, "raid-fails": RaidFails, "diplomacy": Diplomacy, "battle": Battle,
    "successful-defense": SuccessfulDefense, "territory-claimed": ClanTerritory, "territory-card-returned": ClanTerritory,
    "final-scoring": FinalScoring,
}
#: every event kind, in the order of a game (setup, upkeep, placement, cards, resolution, scoring)
KINDS: tuple[str, ...] = tuple(DATA)
