"""Resolving the War Phase: wars in War Number order, the four cases, and battles.

Every function takes the state and changes it in place; :meth:`RisingSunWar.apply`
checks a move with :func:`explain_illegal` before :func:`do_move` runs, so an illegal
move changes nothing.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from itertools import combinations
from typing import TYPE_CHECKING

from daimyo.core.errors import reason
from daimyo.core.game import Event, private_event as pev, public_event
from daimyo.risingsun.data import RULES as R
from daimyo.risingsun.records import (
    BID,
    HOSTAGE,
    OUTCOME,
    OVER,
    POETS,
    REPARATIONS,
    RONIN,
    SEC_BIDS,
    SEC_REPARATIONS,
    SEC_REVEAL,
    SEPPUKU,
    SLOT_INDEX,
    STEP_NAMES,
    STEP_SLOT,
    Figure,
)
from daimyo.risingsun.scoring import finish

if TYPE_CHECKING:   # the state imports these rules; they take it as an argument
    from daimyo.risingsun.state import RisingSunWar

SEC_HOSTAGE = "A battle 3. Reveal: Take Hostage"


# ----------------------------------------------------------------- start of war
def start_of_war(s: RisingSunWar) -> list[Event]:
    """Start of War: Koi's ronin tokens become coins (reference "Clans in war").

    How many is known to Koi alone: its coins and ronin are behind its screen until a battle shows them.
    """
    events = []
    for p in range(s.n):
        if R.has(s.clans[p], "coins-as-ronin"):
            # announced even with no ronin, so that the public event tells nothing of the screen
            k = s.ronin[p]
            s.ronin[p] = 0
            s.coins[p] += k
            s.koi_converted += k
            events.append(public_event("ronin-become-coins", clan=s.clans[p]))
            events.append(pev(p, "ronin-become-coins-count", clan=s.clans[p], ronin=k, coins=s.coins[p]))
    return events


# --------------------------------------------------------------------- the flow
def advance(s: RisingSunWar) -> list[Event]:
    """Resolve automatic steps until a decision is needed or the War Phase is over."""
    events: list[Event] = []
    while s.phase != OVER:
        if s.step is None:
            if s.at >= len(s.wars):
                events.extend(finish(s))
                return events
            events.extend(_start_war(s))
            continue
        if s.step == BID:
            if any(p not in s.bids for p in s.participants):
                return events
            events.extend(_reveal(s))
            s.step = SEPPUKU
            continue
        if s.step in (SEPPUKU, HOSTAGE, RONIN, POETS):
            slot = STEP_SLOT[s.step]
            if slot not in s.slot_winner:
                w = slot_winner(s, slot)
                s.slot_winner[slot] = w
                if w is None:
                    events.append(public_event("slot", province=s.province(), slot=slot, winner=None))
                else:
                    events.append(public_event("slot", province=s.province(), slot=slot, winner=s.clans[w], bid=s.bids[w][SLOT_INDEX[slot]]))
            w = s.slot_winner[slot]
            if w is not None and _slot_usable(s, slot, w):
                return events
            s.step = OUTCOME if s.step == RONIN else (REPARATIONS if s.step == POETS else s.step + 1)
            continue
        if s.step == OUTCOME:
            events.extend(_outcome(s))
            s.step = POETS
            continue
        if s.step == REPARATIONS:
            if _odd_coins(s) and len(_losers(s)) > 1:
                return events
            events.extend(_reparations(s, ()))
            continue
    return events


def _start_war(s: RisingSunWar) -> list[Event]:
    """The four cases of the War Phase, for the province with the next War Number."""
    prov = s.wars[s.at]
    number = s.at + 1
    forces = {p: s.force(prov, p) for p in range(s.n)}
    have = [p for p in range(s.n) if forces[p] > 0]
    events = [public_event("war", number=number, province=prov, forces={s.clans[p]: forces[p] for p in have})]
    if not have:
        # nobody has Force: the War Province token is discarded
        _record(s, prov, "nobody", None, have)
        events.append(public_event("token-discarded", province=prov))
        s.at += 1
        return events
    if len(have) == 1:
        # one player has Force: it takes the token
        w = have[0]
        _take_token(s, w, prov)
        _record(s, prov, "alone", w, have)
        events.append(public_event("token-taken", province=prov, clan=s.clans[w], season=s.season))
        s.at += 1
        return events
    if len(have) == 2 and s.allied(have[0], have[1]):
        # only two allies: no battle; more Force takes the token, a tie to the higher Honor
        a, b = have
        w = a if (forces[a], -s.honor_rank(a)) > (forces[b], -s.honor_rank(b)) else b
        _take_token(s, w, prov)
        _record(s, prov, "allies", w, have)
        events.append(public_event("token-taken", province=prov, clan=s.clans[w], season=s.season, allies=True))
        s.at += 1
        return events
    # a battle among every player with Force, allies included
    s.participants = tuple(sorted(have, key=s.honor.index))
    s.step = BID
    s.bids = {}
    s.slot_winner = {}
    s.hired = {}
    s.battle_killed = 0
    s.winner = None
    for p in s.participants:
        s.shown[p] = True
    events.append(public_event("battle", province=prov, clans=[s.clans[p] for p in s.participants],
                     shown={s.clans[p]: {"coins": s.coins[p], "ronin": s.ronin_count(p)} for p in s.participants}))
    return events


def _record(s: RisingSunWar, prov: str, case: str, winner: int | None, have: Iterable[int]) -> None:
    s.history.append({"number": s.at + 1, "province": prov, "case": case,
                      "winner": s.clans[winner] if winner is not None else None,
                      "with_force": [s.clans[p] for p in have]})


def _take_token(s: RisingSunWar, seat: int, prov: str) -> None:
    s.tokens[seat].append((prov, s.season))


def _reveal(s: RisingSunWar) -> list[Event]:
    """All bids are in: they are revealed together."""
    return [public_event("bids-revealed", province=s.province(),
               bids={s.clans[p]: dict(zip(R.slots, s.bids[p], strict=False)) for p in s.participants})]


def slot_winner(s: RisingSunWar, slot: str) -> int | None:
    """The highest bid on ``slot``, a tie to the higher Honor as it stands now; nobody if no coin was bid (L reading)."""
    i = SLOT_INDEX[slot]
    best = max(s.bids[p][i] for p in s.participants)
    if best == 0:
        return None
    return s.higher_honor([p for p in s.participants if s.bids[p][i] == best])


def _hostage_targets(s: RisingSunWar, seat: int) -> list[Figure]:
    """Figures of the other participants here that may be taken: never a Daimyo."""
    prov = s.province()
    return [f for f in s.figures if f.province == prov and f.owner != seat and f.owner in s.participants and R.hostage_allowed[f.kind]]


def _slot_usable(s: RisingSunWar, slot: str, w: int) -> bool:
    """Whether the slot's winner has an effect to use or decline (otherwise the flow goes on by itself)."""
    if slot == "seppuku":
        return bool(s.figures_in(s.province(), w))
    if slot == "hostage":
        return bool(_hostage_targets(s, w))
    if slot == "ronin":
        return s.ronin_count(w) > 0
    return s.battle_killed > 0  # poets


def _losers(s: RisingSunWar) -> list[int]:
    return [p for p in s.participants if p != s.winner]


def _odd_coins(s: RisingSunWar) -> int:
    assert s.winner is not None  # asked at Reparations, after the outcome
    return sum(s.bids[s.winner]) % len(_losers(s))


def _outcome(s: RisingSunWar) -> list[Event]:
    """Highest Force wins, a tie to the higher Honor; every loser's figure here dies unless allied with the winner."""
    prov = s.province()
    assert prov is not None  # the outcome of the war being resolved
    forces = {p: s.force(prov, p) for p in s.participants}
    best = max(forces.values())
    w = s.higher_honor([p for p in s.participants if forces[p] == best])
    s.winner = w
    dead: list[Figure] = []
    for p in s.participants:
        if p == w or s.allied(p, w):
            continue
        dead.extend(f for f in s.figures if f.province == prov and f.owner == p)
    _kill(s, dead)
    _take_token(s, w, prov)
    s.history.append({"number": s.at + 1, "province": prov, "case": "battle", "winner": s.clans[w],
                      "with_force": [s.clans[p] for p in s.participants], "forces": {s.clans[p]: forces[p] for p in s.participants}})
    return [public_event("battle-won", province=prov, clan=s.clans[w], season=s.season, forces={s.clans[p]: forces[p] for p in s.participants},
               killed=[f.number for f in dead])]


def _kill(s: RisingSunWar, figs: list[Figure]) -> None:
    gone = set(figs)
    s.figures = [f for f in s.figures if f not in gone]
    s.killed.extend(figs)
    s.battle_killed += len(figs)


def _reparations(s: RisingSunWar, extra: tuple[int, ...]) -> list[Event]:
    """Losers discard their bids; the winner's bid is divided among the losers, ``extra`` get the odd coins."""
    losers = _losers(s)
    assert s.winner is not None  # Reparations come after the outcome
    discarded = {s.clans[p]: sum(s.bids[p]) for p in losers}
    s.discarded += sum(discarded.values())
    pot = sum(s.bids[s.winner])
    share = pot // len(losers)
    got = {}
    for p in losers:
        k = share + (1 if p in extra else 0)
        s.coins[p] += k
        got[s.clans[p]] = k
    if len(losers) == 1:
        s.coins[losers[0]] += pot - share
        got[s.clans[losers[0]]] = pot
    events = [public_event("reparations", province=s.province(), discarded=discarded, paid=got, by=s.clans[s.winner])]
    s.history[-1]["reparations"] = got
    s.bids = {}
    s.participants = ()
    s.slot_winner = {}
    s.hired = {}
    s.winner = None
    s.step = None
    s.at += 1
    return events


# ------------------------------------------------------------------- the moves
def legal_moves(s: RisingSunWar, seat: int) -> list[tuple]:
    """The legal moves of ``seat`` (which must be one of :meth:`to_act`)."""
    if seat not in s.to_act():
        return []
    if s.step == BID:
        return list(_bids(s.coins[seat]))
    if s.step == SEPPUKU:
        return [("seppuku",), ("decline",)]
    if s.step == HOSTAGE:
        return [("hostage", f.number) for f in _hostage_targets(s, seat)] + [("decline",)]
    if s.step == RONIN:
        return [("hire",), ("decline",)]
    if s.step == POETS:
        return [("poets",), ("decline",)]
    if s.step == REPARATIONS:
        losers = _losers(s)
        return [("remainder",) + c for c in combinations(sorted(losers, key=s.honor.index), _odd_coins(s))]
    return []


#: the bids of at most this many coins are kept once built (the lists grow as the fourth power of the coins)
_KEEP_BIDS = 24


def _bids(coins: int) -> tuple[tuple, ...]:
    """Every secret bid a clan holding ``coins`` can make: coins on each of the four war advantages, at most
    ``coins`` in all (A battle 2. Secret bids), in ascending order. Built once for each number of coins up to
    ``_KEEP_BIDS``; a war file holds at most ``bounds.coins_and_ronin`` coins, so no list is longer than that many
    coins allow."""
    return _kept_bids(coins) if coins <= _KEEP_BIDS else _all_bids(coins)


@cache
def _kept_bids(coins: int) -> tuple[tuple, ...]:
    return _all_bids(coins)


def _all_bids(coins: int) -> tuple[tuple, ...]:
    return tuple(("bid", a, b, c, d) for a in range(coins + 1) for b in range(coins + 1 - a)
                 for c in range(coins + 1 - a - b) for d in range(coins + 1 - a - b - c))


def explain_illegal(s: RisingSunWar, seat: int, m: tuple) -> tuple[str, str | None, str, dict] | None:
    """Why move ``m`` by ``seat`` is illegal now (message, section), or None. It never tells another seat's bid."""
    step = s.step
    assert step is not None  # a move is asked for only during a battle
    verb = m[0]
    want = {BID: "bid", SEPPUKU: "seppuku", HOSTAGE: "hostage", RONIN: "hire", POETS: "poets", REPARATIONS: "remainder"}[step]
    if verb == "decline" and step in (SEPPUKU, HOSTAGE, RONIN, POETS):
        return None
    if verb != want:
        sec = {BID: SEC_BIDS, REPARATIONS: SEC_REPARATIONS}.get(step, SEC_REVEAL)
        where = {"clan": s.clans[seat], "verb": verb, "step": STEP_NAMES[step], "province": s.province()}
        if step == BID:
            return reason("rs.must_bid", "now {clan} must place your bid (bid S H R P), not '{verb}' ({step} step of the battle of {province})",
                          sec, **where)
        if step == REPARATIONS:
            return reason("rs.must_remainder", "now {clan} must choose who gets the odd coins (remainder CLAN...), not '{verb}' "
                          "({step} step of the battle of {province})", sec, **where)
        return reason("rs.must_decide", "now {clan} must '{want}' or 'decline', not '{verb}' ({step} step of the battle of {province})",
                      sec, want=want, **where)
    if verb == "bid":
        amounts = m[1:]
        if any(a < 0 for a in amounts):
            return reason("rs.bid_cannot_negative", "a bid cannot be negative", SEC_BIDS)
        if sum(amounts) > s.coins[seat]:
            return reason("rs.bids_coins_but_has", "{clan} bids {bid} coins but has {coins}",
                          SEC_BIDS, clan=s.clans[seat], bid=sum(amounts), coins=s.coins[seat])
        return None
    if verb == "hostage":
        fid = m[1]
        fig = next((f for f in s.figures if f.number == fid), None)
        if fig is None or fig.province != s.province():
            return reason("rs.no_such_figure", "there is no figure #{figure} in {province}", SEC_HOSTAGE, figure=fid, province=s.province())
        if fig.owner == seat:
            return reason("rs.you_cannot_take_your", "you cannot take your own figure hostage", SEC_HOSTAGE)
        if not R.hostage_allowed[fig.kind]:
            return reason("rs.figure_cannot_taken_hostage", "a {kind} figure cannot be taken hostage",
                          "Clans in war: Daimyo figures cannot be taken hostage", kind=fig.kind)
        if fig.owner not in s.participants:
            return reason("rs.figure_of_no_participant", "figure #{figure} belongs to no participant of this battle",
                          SEC_HOSTAGE, figure=fid)
        return None
    if verb == "remainder":
        chosen = m[1:]
        losers = _losers(s)
        k = _odd_coins(s)
        if len(chosen) != k or len(set(chosen)) != k:
            return reason("rs.name_different_loser_get", "name {n} different {n|loser|losers} to get the odd coins (one each)", SEC_REPARATIONS, n=k)
        for p in chosen:
            if p not in losers:
                return reason("rs.not_a_loser", "{clan} is not a loser of this battle", SEC_REPARATIONS, clan=s.clans[p])
        return None
    return None


def do_move(s: RisingSunWar, seat: int, m: tuple) -> list[Event]:
    verb = m[0]
    prov = s.province()
    if verb == "bid":
        s.bids[seat] = tuple(m[1:])
        s.coins[seat] -= sum(m[1:])
        # the amounts go to the bidder alone; the others learn only that a bid is in
        return [public_event("bid-placed", province=prov, clan=s.clans[seat]),
                pev(seat, "your-bid", province=prov, clan=s.clans[seat], bid=dict(zip(R.slots, m[1:], strict=False)))]
    assert s.step is not None  # past the bid, a move is a battle step's
    slot = STEP_SLOT.get(s.step)
    if verb == "decline":
        s.step = {SEPPUKU: HOSTAGE, HOSTAGE: RONIN, RONIN: OUTCOME, POETS: REPARATIONS}[s.step]
        return [public_event("declined", province=prov, clan=s.clans[seat], slot=slot)]
    if verb == "seppuku":
        return _seppuku(s, seat)
    if verb == "hostage":
        return _hostage(s, seat, m[1])
    if verb == "hire":
        k = s.ronin_count(seat)
        s.hired[seat] = k
        s.step = OUTCOME
        return [public_event("ronin-hired", province=prov, clan=s.clans[seat], force=k)]
    if verb == "poets":
        k = R.poets_vp * s.battle_killed
        s.vp[seat] += k
        s.step = REPARATIONS
        return [public_event("poets", province=prov, clan=s.clans[seat], vp=k)]
    if verb == "remainder":
        return _reparations(s, tuple(m[1:]))
    raise AssertionError(verb)


def _seppuku(s: RisingSunWar, seat: int) -> list[Event]:
    """Kill all your own figures here; 1 VP and one step of Honor per figure. You stay in the battle."""
    prov = s.province()
    mine = s.figures_in(prov, seat)
    _kill(s, mine)
    s.vp[seat] += R.seppuku_vp * len(mine)
    gain_honor(s, seat, R.seppuku_honor * len(mine))
    s.step = HOSTAGE
    return [public_event("seppuku", province=prov, clan=s.clans[seat], killed=[f.number for f in mine], vp=R.seppuku_vp * len(mine),
               honor=[s.clans[p] for p in s.honor])]


def gain_honor(s: RisingSunWar, seat: int, steps: int) -> None:
    """Gain Honor: swap places with the clan directly above, once per step (reference "Honor")."""
    for _ in range(steps):
        i = s.honor.index(seat)
        if i == 0:
            return
        s.honor[i - 1], s.honor[i] = s.honor[i], s.honor[i - 1]


def _hostage(s: RisingSunWar, seat: int, fid: int) -> list[Event]:
    """Take one figure of another participant off the board (not killed); take 1 VP from its owner if it has any."""
    fig = next(f for f in s.figures if f.number == fid)
    s.figures.remove(fig)
    s.captured[seat].append(fig)
    owner = fig.owner
    took = min(R.hostage_vp, s.vp[owner])
    s.vp[owner] -= took
    s.vp[seat] += took
    s.step = RONIN
    return [public_event("hostage", province=s.province(), clan=s.clans[seat], figure=fid, owner=s.clans[owner], figure_kind=fig.kind, vp=took)]
