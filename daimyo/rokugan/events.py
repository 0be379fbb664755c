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

#: every event kind, in the order of a game (setup, upkeep, placement, cards, resolution, scoring)
KINDS: tuple[str, ...] = (
    "clan", "objective-kept", "objective", "objectives-chosen", "first-player", "control", "round", "ronin", "ronin-ends",
    "draw", "drew", "placement", "pass", "return-to-pool", "returned", "place", "place-own", "play", "look", "saw", "discard",
    "swap", "discard-from-hand", "take-from-discard", "control-added", "control-removed", "special", "special-removed", "spy",
    "saw-hand", "swap-control", "resolution", "reveal", "removed", "raid", "raid-fails", "diplomacy", "battle",
    "successful-defense", "territory-claimed", "territory-card-returned", "final-scoring",
)
