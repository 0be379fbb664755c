"""Views: what one player (or a spectator) may know of a game.

A player's view holds the public board and counts, plus that player's own
hidden facts: hand, pool, objective (and the two dealt at setup), territory
cards held, and what they have seen this round (scout, Scorpion, Dark Favors,
first player card, Spy Network; the log starts afresh each round, when every token on
the board has been revealed anyway). It never holds another player's hidden facts:
facedown tokens of others show no kind unless this player has looked at them,
and the generator state, the initiative deck order and the unclaimed territory
cards are in no view.

A player's view also holds that player's own pending decisions (``you.pending``): a territory card being resolved
with its step and what the player already chose (provinces by name, the tokens looked at with Dark Favors by number,
the armies taken with Reinforcements), and Dragon's tokens drawn this upkeep. Two states that look the same to the
player to act thus give it the same choices; a card's half-made choice is in no other player's view (Cultural
Exchange's first province is chosen in secret).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from daimyo.rokugan.board import loc_text
from daimyo.rokugan.data import RULES
from daimyo.rokugan.records import DRAGON_RETURN, N_PROVINCES, OVER, AbilityDecision, CardDecision

if TYPE_CHECKING:
    from daimyo.rokugan.state import RokuganState


def _codes(s: RokuganState, seat: int, toks: Iterable[int]) -> list[str]:
    ks = RULES.clan_tokens[s.clans[seat]]
    return sorted(ks[t].code for t in toks)


def view(s: RokuganState, player: int | None) -> dict:
    over = s.phase == OVER
    provinces = {}
    for p in range(N_PROVINCES):
        o = s.owner[p]
        provinces[RULES.province_names[p]] = {
            "owner": s.clan_of(o) if o >= 0 else None, "faceup": s.up[p], "facedown": s.down[p],
            "special": s.special[p],
        }
    tokens = []
    for t in s.tokens:
        known = t.faceup or (player is not None and (t.owner == player or (t.known_by >> player) & 1))
        tokens.append({
            "token": t.number, "owner": s.clan_of(t.owner), "at": loc_text(t.place, t.site, t.attacked), "faceup": t.faceup,
            "code": RULES.clan_tokens[s.clans[t.owner]][t.clan_token].code if known else None,
        })
    players = []
    for q in range(s.n):
        info = {
            "seat": q, "clan": s.clans[q], "hand_size": len(s.hand[q]), "pool_size": len(s.pool[q]),
            "discard": _codes(s, q, s.discard[q]) if s.clans[q] else [],
            "bluff_out": bool(s.out[q]), "control_supply": s.supply[q], "control_on_board": s.control_tokens_on_board(q),
            "set_aside": s.set_aside[q], "scouts": s.scouts[q], "shugenja": s.shugenja[q],
            "territory_cards": len(s.cards[q]), "ronin": s.ronin[q], "done_placing": s.done[q],
            "spied": s.spied[q], "objective_chosen": s.objective[q] is not None,
            "first_player": q == s.first,
        }
        if over:
            info["objective"] = s.objective[q]
        players.append(info)
    v = {
        "game": "rokugan", "rules": s.rules_version, "round": s.round, "phase": s.phase,
        "first_player": s.clan_of(s.first) if s.clans[s.first] else None,
        "first_player_card_used": s.first_player_card_used,
        "to_act": [s.clan_of(p) for p in s.to_act()],
        "awaiting": _awaiting(s),
        "provinces": provinces, "tokens": tokens, "players": players,
        "specials_left": dict(s.specials_left),
        "territory_spaces": {RULES.territory_names[t]: (s.space[t] is not None) for t in range(len(s.space))},
        "played_cards": list(s.played),
        "initiative_cards_left": len(s.initiative),
        "result": s.result,
    }
    if player is not None:
        me: dict[str, Any] = {"seat": player, "clan": s.clans[player], "objective": s.objective[player],
              "territory_cards": list(s.cards[player]), "seen": [list(x) for x in s.seen[player]]}
        if s.clans[player]:
            me["hand"] = _codes(s, player, s.hand[player])
            me["pool"] = _codes(s, player, s.pool[player])
        if s.objective[player] is None:
            me["objectives_dealt"] = list(s.offer[player])
        me["pending"] = [own_decision(d) for d in s.pending if d.seat == player]
        v["you"] = me
    return v


#: The cards whose memo holds token numbers (the tokens looked at) and a count (the armies taken); every other card's
#: memo holds provinces (cards.py).
TOKEN_MEMO = ("dark-favors",)
COUNT_MEMO = ("reinforcements",)


def own_decision(d: AbilityDecision | CardDecision) -> dict:
    """A decision pending for the viewer, as the viewer knows it: the card, its step and what was already chosen."""
    if isinstance(d, CardDecision):  # kind CARD
        out: dict = {"kind": d.kind, "card": d.card, "step": d.step}
        if d.card in COUNT_MEMO:
            out["chosen"], out["taken"] = [], d.memo[0] if d.memo else 0
        elif d.card in TOKEN_MEMO:
            out["chosen"] = list(d.memo)
        else:
            out["chosen"] = [RULES.province_names[p] for p in d.memo]
        return out
    if d.kind == DRAGON_RETURN:
        return {"kind": d.kind, "tokens": list(d.tokens)}
    return {"kind": d.kind}


def _awaiting(s: RokuganState) -> str:
    if s.pending:
        decision = s.pending[-1]
        if isinstance(decision, CardDecision):  # kind CARD
            return f"card:{decision.card}"
        return decision.kind
    return s.phase
