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

#: every event kind, roughly in the order of a duel
KINDS: tuple[str, ...] = (
    "terrain", "prepared", "prepared-card", "dealt", "placed", "turn", "draw", "drew", "chosen", "chosen-card", "reveal", "speed",
    "order", "order-chosen", "initiative", "resolve", "instant", "replaced", "focus-paid", "focus", "kamae", "moved",
    "move-cancelled", "collision", "shoved", "rotated", "swap", "attacking", "attack", "block", "harm", "bleed-mill", "execution",
    "cancel-active", "card-stopped", "advantage", "search", "searched", "discard", "terrain-removed", "defeated", "game-over",
)
