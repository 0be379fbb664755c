"""Rising Sun's War Phase as PettingZoo environments (AEC and Parallel; :mod:`daimyo.rl.turns` explains slots).

>>> from daimyo.rl.risingsun import env, parallel_env
>>> e = parallel_env(war="seed-example")
>>> observations, infos = e.reset(seed=1)

The War Phase starts from a war file (docs/risingsun-war.md): ``war`` is an example's name (``seed-example``,
``worked-battle``) or a war file's text, and the players are the clans it names. Every reset starts that war file
again; the seed seeds the environment's generator and, for a file whose War Numbers are drawn (``wars:`` with
``seed:``), draws them anew. The action slots are as many as the largest bid the coins in play allow.

The observation is a flat float32 vector read from the seat's view alone (:func:`encode`): the season, phase and
battle step; for each province its War Number, whether it is done or being fought, and the figures (by kind) and
strongholds of each clan, relative to the observer; for every clan (the observer first) its VP, ally, War Province
tokens, hostages, Honor rank, whether its coins are shown (and then its coins and ronin), whether it fights the
battle, has bid, its revealed bid, the slots it won and its Force; the observer's own coins, ronin and secret bid.
"""

from __future__ import annotations

import re
from math import comb

import numpy as np

from daimyo.rl import draw
from daimyo.rl.turns import GameSpec, SimultaneousEnv, TurnEnv, view_text

MAX_SEATS = 5
KINDS = ("bushi", "shinto", "monster", "daimyo")
STEPS = ("bid", "seppuku", "hostage", "ronin", "outcome", "poets", "reparations")
PHASES = ("war", "over")


def _rules():
    from daimyo.risingsun.data import RULES
    return RULES


# per clan: present, VP, ally (relative, or none), tokens, hostages, Honor rank, shown, coins known, coins, ronin,
# fights, has bid, its bid (4 slots), slots won (4), winner, Force, to act
_SEAT = 2 + (MAX_SEATS + 1) + 2 + MAX_SEATS + 4 + 2 + 4 + 4 + 3


def obs_size() -> int:
    r = _rules()
    province = 3 + MAX_SEATS * (len(KINDS) + 1) + MAX_SEATS
    return (len(r.seasons) + len(PHASES) + len(STEPS) + len(r.provinces) * province + MAX_SEATS * _SEAT + 7 + 1)


def obs_high() -> float:
    """The most any entry holds: the Force of one clan's figures in one province / 5, with every figure of the clan
    and the most monsters there, each of the most Force (the project's ceilings, docs/risingsun-war.md "Bounds");
    every other entry is a smaller count over its scale (VP / 20 at most 999 / 20, coins / 20, ...) or a 0/1 flag.
    :func:`encode` clips there."""
    r = _rules()
    figures = sum(n for n in r.per_clan.values() if n is not None) + r.bounds["monsters"]
    return figures * r.bounds["force"] / 5


def encode(view: dict, seat: int, players: int) -> np.ndarray:
    """The observation of ``seat`` from its view (``RisingSunWar.view(seat)``)."""
    r = _rules()
    x = np.zeros(obs_size(), dtype=np.float32)
    clans = [p["clan"] for p in view["players"]]
    rel = {c: (i - seat) % players for i, c in enumerate(clans)}
    o = 0
    x[o + list(r.seasons).index(view["season"])] = 1
    o += len(r.seasons)
    if view["phase"] in PHASES:
        x[o + PHASES.index(view["phase"])] = 1
    o += len(PHASES)
    if view["step"] in STEPS:
        x[o + STEPS.index(view["step"])] = 1
    o += len(STEPS)
    wars = {w["province"]: w for w in view["wars"]}
    per_province = 3 + MAX_SEATS * (len(KINDS) + 1) + MAX_SEATS
    for k, prov in enumerate(r.provinces):
        b = o + k * per_province
        if prov in wars:
            x[b] = wars[prov]["number"] / 8
            x[b + 1] = wars[prov]["done"]
        x[b + 2] = prov == view["province"]
        for f in view["figures"]:
            if f["province"] == prov:
                q = rel[f["owner"]]
                x[b + 3 + q * (len(KINDS) + 1) + KINDS.index(f["kind"])] += 0.25
                x[b + 3 + q * (len(KINDS) + 1) + len(KINDS)] += f["force"] / 5
        for c in view["strongholds"].get(prov, []):
            x[b + 3 + MAX_SEATS * (len(KINDS) + 1) + rel[c]] = 1
    o += len(r.provinces) * per_province
    battle = view.get("battle") or {}
    bids, wins = battle.get("bids", {}), battle.get("slot_winners", {})
    for p in view["players"]:
        c = p["clan"]
        f = [1.0, p["vp"] / 20]
        ally = [0.0] * (MAX_SEATS + 1)
        ally[rel[p["ally"]] if p["ally"] else MAX_SEATS] = 1
        f += ally + [len(p["tokens"]) / 8, len(p["hostages"]) / 5]
        f += [i == view["honor"].index(c) for i in range(MAX_SEATS)]
        known = p["coins"] is not None
        f += [p["shown"], known, (p["coins"] or 0) / 20, (p["ronin"] or 0) / 10]
        f += [c in battle.get("participants", []), battle.get("bid_placed", {}).get(c, False)]
        f += [bids[c][slot] / 10 if c in bids else 0.0 for slot in r.slots]
        f += [wins.get(slot) == c for slot in r.slots]
        f += [battle.get("winner") == c, battle.get("forces", {}).get(c, 0) / 10, c in view["to_act"]]
        b = o + rel[c] * _SEAT
        x[b:b + len(f)] = f
    o += MAX_SEATS * _SEAT
    me = view.get("you") or {}
    bid = me.get("bid") or {}
    x[o:o + 7] = [me.get("coins", 0) / 20, me.get("ronin", 0) / 10, me.get("ronin_for_hire", 0) / 10,
                  *(bid.get(slot, 0) / 10 for slot in r.slots)]
    o += 7
    x[o] = len(view["killed"]) / 10
    return np.minimum(x, obs_high(), out=x)


def _war_text(war: str) -> str:
    from daimyo.risingsun import examples, open_example
    if war in examples():
        return open_example(war)
    if "format:" not in war:
        raise ValueError(f"war: an example's name ({', '.join(examples())}) or a war file's text, not {war[:40]!r}")
    return war


def _slots(coins: int) -> int:
    """The action slots of a war with ``coins`` coins and ronin in play: every bid of them all (at least 64)."""
    return max(comb(coins + len(_rules().slots), len(_rules().slots)), 64)


def spec(war: str = "seed-example") -> GameSpec:
    from daimyo.risingsun import load_war
    source = _war_text(war)
    first = load_war(source)          # a bad file is refused here, by its line and field
    seed_line = re.compile(r"^seed:[ \t]*\d+[ \t]*(#.*)?$", re.M)
    drawn = seed_line.search(source) is not None and re.search(r"^wars:", source, re.M) is not None
    slots = _slots(sum(first.coins) + sum(first.ronin))

    def deal(seed: int):
        if drawn:   # the War Numbers are drawn: a new draw for each seed
            return load_war(seed_line.sub(f"seed: {seed % 2**63}", source))
        return load_war(source)

    return GameSpec(name="risingsun_war_v0", game="risingsun", players=first.n, slots=slots, obs_size=obs_size(),
                    deal=deal, encode=encode, text=view_text, draw=draw.risingsun, seeded=drawn,
                    obs_high=obs_high())


def raw_env(war: str = "seed-example", render_mode: str | None = None, action_names: bool = False) -> TurnEnv:
    return TurnEnv(spec(war), render_mode=render_mode, action_names=action_names)


def env(war: str = "seed-example", render_mode: str | None = None, parallel: bool = False, action_names: bool = False):
    """The AEC environment in PettingZoo's order-enforcing wrapper; ``parallel=True``: the Parallel one."""
    if parallel:
        return parallel_env(war=war, render_mode=render_mode, action_names=action_names)
    from pettingzoo.utils import wrappers
    return wrappers.OrderEnforcingWrapper(raw_env(war, render_mode, action_names))


def parallel_env(war: str = "seed-example", render_mode: str | None = None, action_names: bool = False) -> SimultaneousEnv:
    return SimultaneousEnv(spec(war), render_mode=render_mode, action_names=action_names)


# ------------------------------------------------------------------ OpenSpiel (daimyo.rl.openspiel)
UNSHOWN_RONIN = 2   # an unshown clan's ronin are redrawn from 0 to this many


def state_codec(state):
    """The OpenSpiel codec for a war under way (the ISMCTS bot's): its clans, and slots for every bid of the coins
    and ronin still in play (no more than the war file's, so no more than its environment's slots)."""
    from daimyo.rl.openspiel import slot_codec
    coins = sum(state.coins) + sum(state.ronin) + sum(sum(b) for b in state.bids.values())
    game_spec = GameSpec(name="risingsun_war_v0", game="risingsun", players=state.n, slots=_slots(coins),
                         obs_size=obs_size(), deal=lambda seed: state.clone(), encode=encode, text=view_text,
                         draw=draw.risingsun, seeded=False, obs_high=obs_high())
    return slot_codec(game_spec)


def resample(engine, seat: int, rng):
    """A war ``seat`` cannot tell from ``engine`` (its view is the same, move after move): the reserves of the clans
    whose screens no battle has shown yet redrawn (coins from 0 to twice the mean of the coins shown so far, or 3
    when none is shown, as the equilibrium bidder estimates them; ronin from 0 to :data:`UNSHOWN_RONIN`, except a
    clan whose ronin became coins at the Start of War, which holds none), then every secret bid another clan has
    placed taken back and drawn again from its reserve (A battle 2. Secret bids: a bid is secret until all are in)."""
    from daimyo.risingsun.records import BID
    from daimyo.risingsun.views import shown_coins
    world = engine.clone()
    shown = [shown_coins(engine, p) for p in range(engine.n) if engine.shown[p]]
    estimate = round(sum(shown) / len(shown)) if shown else 3
    others = [p for p in range(world.n) if p != seat]
    for p in others:
        if not world.shown[p]:
            world.coins[p] = rng.below(2 * estimate + 1)
            if not _rules().has(world.clans[p], "coins-as-ronin"):
                world.ronin[p] = rng.below(UNSHOWN_RONIN + 1)
        elif world.step == BID and p in world.bids:
            world.coins[p] += sum(world.bids[p])
    if world.step == BID:
        for p in others:
            if p in world.bids:
                del world.bids[p]
                moves = world.legal_moves(p)
                world.apply_move(p, moves[rng.below(len(moves))])
    return world


def openspiel_game():
    """Rising Sun's War Phase for :mod:`daimyo.rl.openspiel`: parameter ``war`` (an example's name or a war file's
    text), the environment's legal-move slots, and worlds resampled by :func:`resample`."""
    from daimyo.rl.openspiel import SpielGame, slot_codec
    return SpielGame(parameters={"war": "seed-example"}, codec=lambda params: slot_codec(spec(war=params["war"])),
                     resample=resample, state_codec=state_codec)
