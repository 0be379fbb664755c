"""Resolution Phase: the seven steps, in order.

1. Reveal Combat Tokens  2. Discard Bluff and Illegally Placed Tokens
3. Resolve Raid Tokens  4. Resolve Diplomacy Tokens  5. Resolve Battles
6. Claim Territories  7. Advance Round Track (done when the next round starts)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from daimyo.core.game import public_event
from daimyo.rokugan.board import loc_text
from daimyo.rokugan.data import RULES, SPECIAL_DEFENSE, Token
from daimyo.rokugan.placement import placement_reason, touch_reason
from daimyo.rokugan.records import PEACE, SCORCHED, BoardToken
from daimyo.rokugan.scoring import territory_controller

if TYPE_CHECKING:
    from daimyo.rokugan.state import RokuganState


@dataclass(slots=True)
class _Battle:
    """The combat tokens of one province's battle (Resolution step 5)."""

    attackers: dict[int, list[BoardToken]] = field(default_factory=dict)
    """Each attacking seat's tokens attacking the province."""
    defenders: list[BoardToken] = field(default_factory=list)
    """The controlling player's army, navy and shinobi tokens in the province."""
    lion_bluff: BoardToken | None = None
    """A Lion bluff left defending the province, which adds +2 defense."""


def _kind(s: RokuganState, t: BoardToken) -> Token:
    return s.rules.clan_tokens[s.clans[t.owner]][t.clan_token]


def _token_info(s: RokuganState, t: BoardToken) -> dict:
    return {"token": t.number, "owner": s.clan_of(t.owner), "code": _kind(s, t).code, "at": loc_text(t.place, t.site, t.attacked)}


def _attacked_province(s: RokuganState, t: BoardToken) -> int:
    """The province a token attacks, or -1 (defending, blessing, raid or diplomacy)."""
    loc = t.place
    if loc == "l":
        return t.attacked
    if loc == "s":
        return t.site
    if loc == "c" and _kind(s, t).kind == "shinobi" and s.owner[t.site] != t.owner:
        return t.site
    return -1


def _blessings_by_base(s: RokuganState) -> dict[int, list[BoardToken]]:
    """The blessings on the board, by the number of the token each stands on."""
    out: dict[int, list[BoardToken]] = {}
    for t in s.tokens:
        if t.place == "o":
            out.setdefault(t.site, []).append(t)
    return out


def _with_blessings(tokens: list[BoardToken], blessings: dict[int, list[BoardToken]]) -> list[BoardToken]:
    """The tokens and the blessings standing on them."""
    return tokens + [b for t in tokens for b in blessings.get(t.number, ())]


def _touching(s: RokuganState, p: int) -> list[BoardToken]:
    """Combat tokens that share a province or border with province ``p`` (and blessings on them)."""
    borders = set(RULES.province_borders[p])
    out = [t for t in s.tokens
           if (t.place == "c" and t.site == p) or (t.place == "s" and t.site == p) or (t.place == "l" and t.site in borders)]
    return _with_blessings(out, _blessings_by_base(s))


def _discard_all(s: RokuganState, tokens: list[BoardToken]) -> None:
    for t in tokens:
        if t in s.tokens:
            s._discard_board_token(t)


def resolve(s: RokuganState) -> list:
    events = [public_event("resolution", round=s.round)]
    # 1. Reveal Combat Tokens
    s.tokens = [BoardToken(t.number, t.owner, t.clan_token, t.place, t.site, t.attacked, True, t.known_by) for t in s.tokens]
    info = {t.number: _token_info(s, t) for t in s.tokens}  # places do not change from here on
    events.append(public_event("reveal", tokens=list(info.values())))

    # 2. Discard Bluff and Illegally Placed Tokens
    removed = []
    for t in [t for t in s.tokens if t.place != "o"]:
        k = _kind(s, t)
        seat = t.owner
        if k.kind == "bluff":
            # Lion: a bluff defending a province Lion controls stays and adds +2 defense
            if (s.clans[seat] == "lion" and t.place == "c" and s.owner[t.site] == seat
                    and touch_reason(s, seat, t.site) is None):
                continue
            s._discard_board_token(t)
            removed.append({**info[t.number], "why": "bluff"})
            continue
        r = placement_reason(s, seat, k.kind, t.place, t.site, t.attacked, reveal=True)
        if r:
            s._discard_board_token(t)
            removed.append({**info[t.number], "why": f"{r[0]} [{r[1]}]"})
    for t in [t for t in s.tokens if t.place == "o"]:
        r = placement_reason(s, t.owner, "blessing", "o", t.site, t.attacked, reveal=True)
        if r:
            s._discard_board_token(t)
            removed.append({**info[t.number], "why": f"{r[0]} [{r[1]}]"})
    events.append(public_event("removed", tokens=removed))

    # provinces under a real attack once bluffs and illegal tokens are gone
    attacked = {}
    for t in s.tokens:
        p = _attacked_province(s, t)
        if p >= 0 and s.owner[p] >= 0:
            attacked[p] = s.owner[p]

    # 3. Resolve Raid Tokens (whether each raid triggers is settled before any resolves)
    raids = [t for t in s.tokens if _kind(s, t).kind == "raid"]
    triggered = {}
    for t in raids:
        p, seat = t.site, t.owner
        shinobi_there = any(u.owner == seat and u.place == "c" and u.site == p and _kind(s, u).kind == "shinobi"
                            for u in s.tokens)
        adjacent_held = any(s.owner[q] == seat for q in RULES.adjacent[p])
        triggered[t.number] = shinobi_there or adjacent_held
    for t in raids:
        if t not in s.tokens:
            continue
        p = t.site
        if not triggered[t.number]:
            s._discard_board_token(t)
            events.append(public_event("raid-fails", clan=s.clan_of(t.owner), province=RULES.province_names[p],
                             why="no shinobi of the raider in the province and no adjacent province controlled by it"))
            continue
        hit = _touching(s, p)
        lost = s.clan_of(s.owner[p]) if s.owner[p] >= 0 else None
        _discard_all(s, hit)
        s._clear_control(p)
        placed = s._put_special(p, SCORCHED)
        events.append(public_event("raid", clan=s.clan_of(t.owner), province=RULES.province_names[p], control_removed_from=lost,
                         discarded=[info[u.number] for u in hit], scorched_earth=placed))

    # 4. Resolve Diplomacy Tokens
    for t in [t for t in s.tokens if _kind(s, t).kind == "diplomacy"]:
        if t not in s.tokens:
            continue
        p = t.site
        hit = _touching(s, p)
        _discard_all(s, hit)
        placed = s._put_special(p, PEACE)
        events.append(public_event("diplomacy", clan=s.clan_of(t.owner), province=RULES.province_names[p],
                         discarded=[info[u.number] for u in hit], peace=placed))

    # 5. Resolve Battles
    blessings = _blessings_by_base(s)
    battles: dict[int, _Battle] = {}
    for t in s.tokens:
        if t.place == "o":
            continue
        ap = _attacked_province(s, t)
        if ap >= 0:
            battles.setdefault(ap, _Battle()).attackers.setdefault(t.owner, []).append(t)
        elif t.place == "c" and s.owner[t.site] == t.owner:
            battle = battles.setdefault(t.site, _Battle())
            kind = _kind(s, t).kind
            if kind in ("army", "navy", "shinobi"):
                battle.defenders.append(t)
            elif t.clan_token == s.rules.bluff_index:
                battle.lion_bluff = t
    # all battles occur simultaneously: every outcome is decided first, the losers' control tokens go back to
    # their supplies, and only then do the winners place theirs (docs/rokugan-rules.md, "Battles at the same time")
    outcomes = []
    for p in sorted(set(battles) | set(attacked)):
        b = battles.get(p) or _Battle()
        outcome = _battle(s, p, b.attackers, b.defenders, b.lion_bluff, attacked.get(p), blessings, info)
        if outcome is not None:
            outcomes.append(outcome)
    for p, _seat, kind, data in outcomes:
        if kind == "battle" and data["outcome"] == "taken":
            s._clear_control(p)
    events.extend(_place_battle_control(s, outcomes))
    # After a battle, all of the combat tokens involved are discarded (bluffs go back behind the screen);
    # unattacked defenders and everything else left are discarded with them
    for t in s.tokens:
        (s.hand if t.clan_token == s.rules.bluff_index else s.discard)[t.owner].append(t.clan_token)
    s.tokens = []

    # 6. Claim Territories
    events.extend(claim_territories(s))
    # 7. Advance Round Track: done by the next round's start
    return events


def defense_parts(s: RokuganState, p: int, defender: int, tokens: list[BoardToken], lion_bluff: bool) -> dict:
    """Defense Bonuses: the defender's total in province ``p`` and where it comes from."""
    combat = faceup = 0
    if defender >= 0:
        kinds = s.rules.clan_tokens[s.clans[defender]]
        for t in tokens:
            combat += kinds[t.clan_token].strength
        faceup = s.up[p] * (2 if s.clans[defender] == "crab" else 1)
    printed = s.rules.printed_defense[p]
    special = SPECIAL_DEFENSE.get(s.special[p], 0)
    lion = 2 if lion_bluff else 0
    return {"combat_tokens": combat, "printed": printed, "faceup_control": faceup, "special": special,
            "lion_bluff": lion, "total": combat + printed + faceup + special + lion}


def _battle(s: RokuganState, p: int, attack: dict, defend: list, lion_bluff: BoardToken | None, attacked_owner: int | None, blessings: dict,
            info: dict) -> tuple | None:
    """Resolving Battles in province ``p``: ``attack`` maps each attacker to its tokens; ``defend`` holds the
    defender's army, navy and shinobi tokens; ``lion_bluff`` a Lion bluff defending there.

    Decides the outcome only and changes nothing: returns (province, the seat that places a control token,
    event kind, event data), or None when nothing happens without an event. The control tokens are
    removed and placed by :func:`_place_battle_control` once every battle is decided.
    """
    defender = s.owner[p]
    name = RULES.province_names[p]
    if not attack:
        if defend:
            return (p, defender, "successful-defense",
                    {"clan": s.clan_of(defender), "province": name, "why": "defended and not attacked"})
        if attacked_owner is not None and attacked_owner == defender and s.special[p] != PEACE:
            return (p, defender, "successful-defense",
                    {"clan": s.clan_of(defender), "province": name, "why": "every attack on it failed"})
        return None
    defend_all = _with_blessings(defend, blessings)
    if lion_bluff is not None:
        # a blessing on Lion's defending bluff stays with it and adds to the defense
        defend_all += blessings.get(lion_bluff.number, [])
    parts = defense_parts(s, p, defender, defend_all, lion_bluff is not None)
    full = parts["total"]
    # Phoenix ignores the +2 printed on clan capitals when attacking
    capital_bonus = s.rules.printed_defense[p] if RULES.capital_of[p] is not None else 0
    totals = {}
    faced = {}
    sides = []
    for seat, toks in attack.items():
        involved = _with_blessings(toks, blessings)
        kinds = s.rules.clan_tokens[s.clans[seat]]
        total = 0
        for t in involved:
            total += kinds[t.clan_token].strength
        totals[seat] = total
        faced[seat] = full - capital_bonus if s.clans[seat] == "phoenix" else full
        sides.append({"clan": s.clans[seat], "total": total, "defense_faced": faced[seat],
                      "tokens": [info[t.number] for t in involved]})
    best = max(totals.values())
    top = [seat for seat, v in totals.items() if v == best]
    winner = None
    if len(top) > 1:
        # a tie for the highest total: the defender wins, unless Crane is among the tied
        top = [seat for seat in top if s.clans[seat] == "crane"]
    if len(top) == 1:
        a = top[0]
        if best > faced[a] or (best == faced[a] and s.clans[a] == "crane"):
            winner = a
    result: dict[str, Any] = {"province": name, "attackers": sides,
              "defender": {"clan": s.clans[defender] if defender >= 0 else None, **parts,
                           "tokens": [info[t.number] for t in defend_all]}}
    if winner is not None:
        result.update(winner=s.clans[winner], outcome="taken")
        return (p, winner, "battle", result)
    if defender >= 0:
        result.update(winner=s.clans[defender], outcome="defended")
        return (p, defender, "battle", result)
    result.update(winner=None, outcome="nothing")
    return (p, -1, "battle", result)


def _place_battle_control(s: RokuganState, outcomes: list[tuple]) -> list:
    """Resolving Battles, the control tokens of every battle at once (the losers' are already back in supply).

    First each attacker that won places one control token facedown in the province it took, then each
    defender that won (or defended successfully) places one faceup. A player whose supply cannot cover
    every placement of one of these two stages places in the order of the provinces on the board
    (docs/rokugan-rules.md): the result never depends on the order the battles were resolved in.
    """
    placed: dict[int, int] = {}
    for p, seat, kind, data in outcomes:
        if kind == "battle" and data["outcome"] == "taken":
            placed[p] = s._add_control(seat, p, down=1)
    for p, seat, kind, data in outcomes:
        if kind == "successful-defense" or data["outcome"] == "defended":
            placed[p] = s._add_control(seat, p, up=1)
    events = []
    for p, _seat, kind, data in outcomes:
        if kind == "successful-defense":
            events.append(public_event(kind, **data, faceup_added=placed[p]))
        elif data["outcome"] == "taken":
            events.append(public_event(kind, **data, control_placed=placed[p]))
        elif data["outcome"] == "defended":
            events.append(public_event(kind, **data, faceup_added=placed[p]))
        else:
            events.append(public_event(kind, **data))
    return events


def claim_territories(s: RokuganState) -> list:
    """Claim Territories; a player who lost a territory returns its unplayed card to the board."""
    events = []
    for t in range(len(RULES.territory_names)):
        ctrl = territory_controller(s, t)
        if s.space[t] is None:
            # the card is held (or played): it goes back unless its holder still controls the territory
            for seat in range(s.n):
                if seat != ctrl and s.cards[seat]:
                    for c in s.cards[seat]:
                        if _CARD_TERRITORY[c] == t:
                            s.cards[seat].remove(c)
                            s.space[t] = c
                            events.append(public_event("territory-card-returned", clan=s.clan_of(seat), territory=RULES.territory_names[t]))
                            break
        card = s.space[t]
        if ctrl is not None and card is not None:
            s.cards[ctrl].append(card)
            s.space[t] = None
            events.append(public_event("territory-claimed", clan=s.clan_of(ctrl), territory=RULES.territory_names[t]))
    return events


_CARD_TERRITORY = {c: RULES.territory_index[card["territory"]] for c, card in RULES.cards.items()}
