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
from typing import TYPE_CHECKING, Any, NotRequired, TypedDict

from daimyo.rokugan.board import loc_text
from daimyo.rokugan.data import RULES
from daimyo.rokugan.records import DRAGON_RETURN, N_PROVINCES, OVER, PLACEMENT, AbilityDecision, CardDecision, Phase

if TYPE_CHECKING:
    from daimyo.rokugan.state import RokuganState


class ProvinceView(TypedDict):
    owner: str | None               # the controlling clan
    faceup: int                     # control tokens
    facedown: int
    special: str | None             # the special token in it


class TokenView(TypedDict):
    """A combat token on the board: ``code`` is None where the viewer may not know what it is."""

    token: int
    owner: str
    at: str                         # the place in the notation (crab_3, crab_2>crab_3, ~crane_2, #5)
    faceup: bool
    code: str | None


class PlayerView(TypedDict):
    """A player as every viewer sees them; ``objective`` only once the game is over."""

    seat: int
    clan: str | None
    hand_size: int
    pool_size: int
    discard: list[str]
    bluff_out: bool
    control_supply: int
    control_on_board: int
    set_aside: int
    scouts: int
    shugenja: int
    territory_cards: int
    ronin: bool
    done_placing: bool
    spied: bool
    objective_chosen: bool
    first_player: bool
    objective: NotRequired[str | None]


class DecisionView(TypedDict):
    """A decision pending for the viewer (:func:`own_decision`): a card's step and what was chosen, or Dragon's
    tokens drawn."""

    kind: str
    card: NotRequired[str]
    step: NotRequired[int]
    chosen: NotRequired[list[str] | list[int]]
    taken: NotRequired[int]
    tokens: NotRequired[list[str]]   # the codes drawn


class OwnView(TypedDict):
    """The viewer's own hidden facts (``you``); hand and pool once a clan is chosen, the objectives dealt until one is kept."""

    seat: int
    clan: str | None
    objective: str | None
    territory_cards: list[str]
    seen: list[list[Any]]
    hand: NotRequired[list[str]]
    pool: NotRequired[list[str]]
    objectives_dealt: NotRequired[list[str]]
    pending: NotRequired[list[DecisionView]]   # always there: set last, after the optional keys above


class View(TypedDict):
    """A player's (or, without ``you``, a spectator's) view of a game."""

    game: str
    rules: str
    round: int
    phase: Phase
    first_player: str | None
    first_player_card_used: bool
    to_act: list[str]
    awaiting: str
    provinces: dict[str, ProvinceView]
    tokens: list[TokenView]
    players: list[PlayerView]
    specials_left: dict[str, int]
    territory_spaces: dict[str, bool]
    played_cards: list[str]
    initiative_cards_left: int
    result: dict[str, Any] | None
    you: NotRequired[OwnView]


def _codes(s: RokuganState, seat: int, toks: Iterable[int]) -> list[str]:
    ks = s.rules.clan_tokens[s.clans[seat]]
    return sorted(ks[t].code for t in toks)


def view(s: RokuganState, player: int | None) -> View:
    over = s.phase == OVER
    provinces: dict[str, ProvinceView] = {}
    for p in range(N_PROVINCES):
        o = s.owner[p]
        provinces[RULES.province_names[p]] = {
            "owner": s.clan_of(o) if o >= 0 else None, "faceup": s.up[p], "facedown": s.down[p],
            "special": s.special[p],
        }
    tokens: list[TokenView] = []
    for t in s.tokens:
        known = t.faceup or (player is not None and (t.owner == player or (t.known_by >> player) & 1))
        tokens.append({
            "token": t.number, "owner": s.clan_of(t.owner), "at": loc_text(t.place, t.site, t.attacked), "faceup": t.faceup,
            "code": s.rules.clan_tokens[s.clans[t.owner]][t.clan_token].code if known else None,
        })
    players: list[PlayerView] = []
    for q in range(s.n):
        info: PlayerView = {
            "seat": q, "clan": s.clans[q], "hand_size": len(s.hand[q]), "pool_size": len(s.pool[q]),
            "discard": _codes(s, q, s.discard[q]) if s.clans[q] else [],
            "bluff_out": bool(s.out[q]), "control_supply": s.supply[q], "control_on_board": s.control_tokens_on_board(q),
            "set_aside": s.set_aside[q], "scouts": s.scouts[q], "shugenja": s.shugenja[q],
            "territory_cards": len(s.cards[q]), "ronin": s.ronin[q],
            "done_placing": s.done[q] or (s.phase == PLACEMENT and len(s.hand[q]) <= 1),
            "spied": s.spied[q], "objective_chosen": s.objective[q] is not None,
            "first_player": q == s.first,
        }
        if over:
            info["objective"] = s.objective[q]
        players.append(info)
    v: View = {
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
        me: OwnView = {"seat": player, "clan": s.clans[player], "objective": s.objective[player],
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


def own_decision(d: AbilityDecision | CardDecision) -> DecisionView:
    """A decision pending for the viewer, as the viewer knows it: the card, its step and what was already chosen."""
    if isinstance(d, CardDecision):  # kind CARD
        out: DecisionView = {"kind": d.kind, "card": d.card, "step": d.step}
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
