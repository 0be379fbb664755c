"""Every kind of event Senjutsu emits, and what data each carries (``Event.data``).

Seats are named ``p1``, ``p2``...; hexes are ``q,r``; cards are card ids. Hidden events
(``visible_to`` set) go to one seat only. A sentence of :mod:`daimyo.words.senjutsu` (and of the
browser's ``senjutsu.js``) reads only this data and the names of the characters and cards. A test
plays random duels and checks every kind emitted is declared here, and that every kind declared has
a sentence in every language.

================  =======  =======================================================================
kind              seen by  data
================  =======  =======================================================================
terrain           all      seat, terrain, hexes (a terrain piece placed at setup)
prepared          all      seat (has prepared their cards)
prepared-card     owner    seat, card
dealt             owner    seat, hand
placed            all      seat, hex, facing
turn              all      turn
draw              all      seat
drew              owner    seat, card
chosen            all      seat (has chosen a card, hidden)
chosen-card       owner    seat, card
reveal            all      cards {seat: card}
speed             all      seat, alternative (true or false)
order             all      segments [[seat, initiative]]
order-chosen      all      seat, place
initiative        all      seat, initiative
resolve           all      seat, card, initiative
instant           all      seat, card, timing
replaced          all      seat, old, card
focus-paid        all      seat, focus
focus             all      seat, focus
kamae             all      seat, kamae, focus
moved             all      seat, plan (steps, or "-"), hex, facing
move-cancelled    all      seat (its active movement is cancelled)
collision         all      seat, hex, into (a terrain kind or "character")
shoved            all      seat, hex, by
rotated           all      seat, facing
swap              all      seat, target
attacking         all      seat, targets
attack            all      seat, targets, successful, blocked
block             all      seat, cells, initiative
harm              all      seat, effect, why
bleed-mill        all      seat
execution         all      seat
cancel-active     all      seat, target, cancelled ("card", "movement" or null)
card-stopped      all      seat
advantage         all      seat
search            all      seat
searched          owner    seat, card
discard           all      seat, card
terrain-removed   all      hex, terrain
defeated          all      seat
game-over         all      winners
================  =======  =======================================================================
"""

from __future__ import annotations

from typing import NotRequired, TypedDict


# the data of each kind (the table above) as a TypedDict; a key a kind sets only sometimes is NotRequired
class Seat(TypedDict):
    seat: str


class SeatCard(TypedDict):
    seat: str
    card: str


class SeatFocus(TypedDict):
    seat: str
    focus: int


class SeatInitiative(TypedDict):
    seat: str
    initiative: int


class Terrain(TypedDict):
    seat: str
    terrain: str
    hexes: list[str]


class Dealt(TypedDict):
    seat: str
    hand: list[str]


class Placed(TypedDict):
    seat: str
    hex: str
    facing: str


class Turn(TypedDict):
    turn: int


class Reveal(TypedDict):
    cards: dict[str, str]


class Speed(TypedDict):
    seat: str
    alternative: bool


class Order(TypedDict):
    segments: list[list[str | int]]


class OrderChosen(TypedDict):
    seat: str
    place: int


class Resolve(TypedDict):
    seat: str
    card: str
    initiative: int


class Instant(TypedDict):
    seat: str
    card: str
    timing: NotRequired[str]


class Replaced(TypedDict):
    seat: str
    old: str
    card: str


class Kamae(TypedDict):
    seat: str
    kamae: str
    focus: int


class Moved(TypedDict):
    seat: str
    plan: str
    hex: str
    facing: str


class Collision(TypedDict):
    seat: str
    hex: str
    into: str | None


class Shoved(TypedDict):
    seat: str
    hex: str
    by: str


class Rotated(TypedDict):
    seat: str
    facing: str


class Swap(TypedDict):
    seat: str
    target: str


class Attacking(TypedDict):
    seat: str
    targets: list[str]


class Attack(TypedDict):
    seat: str
    targets: list[str]
    successful: bool
    blocked: NotRequired[list[str]]


class Block(TypedDict):
    seat: str
    cells: list[str]
    initiative: int


class Harm(TypedDict):
    seat: str
    effect: str
    why: str


class CancelActive(TypedDict):
    seat: str
    target: str
    cancelled: str | None


class TerrainRemoved(TypedDict):
    hex: str
    terrain: str


class GameOver(TypedDict):
    winners: list[str]

#: every event kind and the TypedDict of its data, roughly in the order of a duel
DATA: dict[str, type] = {
    "terrain": Terrain, "prepared": Seat, "prepared-card": SeatCard, "dealt": Dealt, "placed": Placed, "turn": Turn, "draw": Seat,
    "drew": SeatCard, "chosen": Seat, "chosen-card": SeatCard, "reveal": Reveal, "speed": Speed,
    "order": Order, "order-chosen": OrderChosen, "initiative": SeatInitiative, "resolve": Resolve, "instant": Instant,
    "replaced": Replaced, "focus-paid": SeatFocus, "focus": SeatFocus, "kamae": Kamae, "moved": Moved,
    "move-cancelled": Seat, "collision": Collision, "shoved": Shoved, "rotated": Rotated, "swap": Swap, "attacking": Attacking,
    "attack": Attack, "block": Block, "harm": Harm, "bleed-mill": Seat, "execution": Seat,
    "cancel-active": CancelActive, "card-stopped": Seat, "advantage": Seat, "search": Seat, "searched": SeatCard, "discard": SeatCard,
    "terrain-removed": TerrainRemoved, "defeated": Seat, "game-over": GameOver,
}
#: every event kind, roughly in the order of a duel
KINDS: tuple[str, ...] = tuple(DATA)
