"""Rising Sun's equilibrium bidder: each battle's bid sub-game solved by regret matching (the bots by name:
:mod:`daimyo.bots.risingsun`).

At a bid ("A battle 2. Secret bids") the bot builds the battle's bid sub-game from what its seat may know and
solves it for every participant at once:

1. **The seat's world.** A copy of the war with every bid already placed taken back (the coins return to the
   reserve: a bid is secret until all are in), and the coins and ronin of every clan not yet shown replaced by a
   public estimate (the mean of the coins shown so far, one ronin). The bot never reads another seat's bid or an
   unshown reserve.
2. **Menus.** Each participant's candidate bids: no bid, any amount of its coins on a single slot, its coins split
   in halves over any two slots, and the heuristic bidder's bid (:class:`WarHeuristicBot`).
3. **Payoffs.** For every joint bid of the menus, the rest of the War Phase is played out by heuristic bots with
   fixed seeds (the continuation is deterministic) and each participant's payoff is its win (1 or 0) plus a small
   share of its lead in final VP (``MARGIN`` a VP).
4. **Regret matching+.** All participants update their regrets together for ``iterations`` rounds on the exact
   expected payoffs; the linearly weighted average strategies approach a Nash equilibrium in a two-clan battle
   (a coarse correlated equilibrium with more clans). :func:`exploitability` measures how much any participant
   could gain by switching to a fixed bid of its menu.

The bot then draws its bid from its average strategy with its own generator. Solutions are kept (keyed by the
seat's world, so by public facts and its own reserve only) for the next time the same battle comes up. Every other
decision (Seppuku, hostages, ronin, Poets, reparations) is the heuristic's.

A budget is a number of regret-matching rounds (``regret:400``, the default, reproducible) or a time cap
(``regret:3s``): when the payoffs of the sub-game are not all known in time, the bot bids as the heuristic does
(the play server sets such a cap, ``max_seconds``, for every bot).

Two engines solve the same sub-game. ``engine="native"`` (the default where the compiled module is built:
:mod:`daimyo.bots.risingsun.native`) builds the payoff table and runs regret matching in C++; ``engine="python"``
(this module, the reference; the bot ``regret-python``) does it here. Both give the same payoffs, the same
strategies and so the same bids on the same seeds (tests/bots/test_risingsun_native.py). In Python a two-clan
battle takes about a second and a three-clan battle with four coins each (11,520 joint bids) 6 to 13 s of one core;
natively both take a few hundredths of a second (docs/benchmarks.md, "Rising Sun's bidder, native").
"""

from __future__ import annotations

import itertools
import math
import time
from collections import OrderedDict

from daimyo.bots.risingsun import native
from daimyo.bots.risingsun.heuristic import WarHeuristicBot
from daimyo.core.rng import Rng
from daimyo.risingsun.state import BID, RisingSunWar
from daimyo.risingsun.views import shown_coins

__all__ = ["ENGINES", "ITERATIONS", "MARGIN", "MAX_CELLS", "BidSolution", "RegretBidBot", "default_engine", "exploitability",
           "make", "menu", "seat_world", "solve"]

ITERATIONS = 400          # regret-matching rounds per battle
MARGIN = 0.02             # payoff per VP of lead over the best rival, beside the win's 1
MAX_CELLS = 20000         # joint bids evaluated at most; larger menus drop the half-and-half bids
UNSHOWN_RONIN = 1         # the public estimate of an unshown clan's ronin tokens
ENGINES = ("native", "python")
_CACHE: OrderedDict = OrderedDict()
_CACHE_SIZE = 512


def default_engine() -> str:
    """``native`` where the compiled solver is built, else ``python``."""
    return "native" if native.available() else "python"


def _engine(engine: str | None) -> str:
    if engine is None:
        return default_engine()
    if engine not in ENGINES:
        raise ValueError(f"unknown regret engine '{engine}' (engines: {', '.join(ENGINES)})")
    if engine == "native":
        native.require()
    return engine


class BidSolution:
    """A solved bid sub-game: the participants, each one's menu of bids and its average strategy over it."""

    __slots__ = ("menus", "participants", "payoffs", "strategies")

    def __init__(self, participants: tuple[int, ...], menus: list[list[tuple]], payoffs: dict, strategies: list[list[float]]):
        self.participants = participants
        self.menus = menus
        self.payoffs = payoffs          # joint index tuple -> payoff per participant
        self.strategies = strategies

    def strategy(self, seat: int) -> dict[tuple, float]:
        """The seat's average strategy: bid move -> probability."""
        i = self.participants.index(seat)
        return dict(zip(self.menus[i], self.strategies[i], strict=True))


def seat_world(s: RisingSunWar, seat: int) -> RisingSunWar:
    """The war as ``seat`` may know it: bids placed by others taken back, unshown reserves replaced by estimates."""
    w = s.clone()
    for p, bid in list(w.bids.items()):
        w.coins[p] += sum(bid)
        del w.bids[p]
    shown = [shown_coins(s, p) for p in range(s.n) if s.shown[p]]
    estimate = round(sum(shown) / len(shown)) if shown else 3
    for p in range(w.n):
        if p != seat and not w.shown[p]:
            w.coins[p] = estimate
            w.ronin[p] = UNSHOWN_RONIN
    return w


def menu(w: RisingSunWar, p: int, halves: bool = True) -> list[tuple]:
    """The candidate bids of participant ``p`` (see the module docstring), without repeats, in a fixed order."""
    c = w.coins[p]
    out: list[tuple] = [("bid", 0, 0, 0, 0)]
    for k in range(4):
        for a in range(1, c + 1):
            b = [0, 0, 0, 0]
            b[k] = a
            out.append(("bid", *b))
    if halves and c >= 2:
        for i, j in itertools.combinations(range(4), 2):
            b = [0, 0, 0, 0]
            b[i], b[j] = c // 2, c - c // 2
            out.append(("bid", *b))
    out.append(WarHeuristicBot(0).bid(w, p))
    seen: dict[tuple, None] = {}
    for m in out:
        seen.setdefault(m, None)
    return list(seen)


def _payoff(w: RisingSunWar, joint: tuple) -> list[float]:
    """Play the rest of the war from the joint bid with fixed-seed heuristic bots; each participant's payoff."""
    c = w.clone()
    for p, m in zip(w.participants, joint, strict=True):
        c.apply_move(p, m)
    bots = [WarHeuristicBot(p) for p in range(c.n)]
    while not c.is_terminal():
        for q in c.to_act():
            if q in c.to_act():
                c.apply_move(q, bots[q].choose(c, q))
    assert c.result is not None  # played to the end
    totals = [c.result["players"][c.clans[q]]["total"] for q in range(c.n)]
    wins = c.returns()
    out = []
    for p in w.participants:
        rival = max(totals[q] for q in range(c.n) if q != p)
        out.append(wins[p] + MARGIN * (totals[p] - rival))
    return out


def _key(w: RisingSunWar, iterations: int, engine: str) -> tuple:
    return (engine, iterations, *(repr(getattr(w, k)) for k in RisingSunWar.__slots__ if k != "seed"))


def solve(w: RisingSunWar, iterations: int = ITERATIONS, deadline: float | None = None,
          engine: str | None = None) -> BidSolution | None:
    """Solve the bid sub-game of the battle at hand in world ``w`` (no bid placed yet) by regret matching+; None when
    ``deadline`` (a ``time.perf_counter()`` value) passes before the payoffs are all known. ``engine``: ``native``
    or ``python`` (the same solution; None: :func:`default_engine`)."""
    engine = _engine(engine)
    key = _key(w, iterations, engine)
    hit = _CACHE.get(key)
    if hit is not None:
        _CACHE.move_to_end(key)
        return hit
    parts = w.participants
    menus = [menu(w, p) for p in parts]
    cells = 1
    for m in menus:
        cells *= len(m)
    if cells > MAX_CELLS:
        menus = [menu(w, p, halves=False) for p in parts]
    sizes = [len(m) for m in menus]
    if engine == "native":
        seconds = None if deadline is None else deadline - time.perf_counter()
        if seconds is not None and seconds < 0:
            return None
        solved = native.solve(w, menus, iterations, MARGIN, seconds)
        if solved is None:
            return None
        flat, strategies = solved
        n = len(parts)
        rows = (flat[k:k + n] for k in range(0, len(flat), n))
        payoffs = dict(zip(itertools.product(*(range(k) for k in sizes)), rows, strict=True))
    else:
        payoffs = {}
        for idx in itertools.product(*(range(k) for k in sizes)):
            if deadline is not None and time.perf_counter() > deadline:
                return None
            payoffs[idx] = _payoff(w, tuple(menus[i][a] for i, a in enumerate(idx)))
        strategies = _regret_matching(sizes, payoffs, iterations)
    sol = BidSolution(parts, menus, payoffs, strategies)
    _CACHE[key] = sol
    if len(_CACHE) > _CACHE_SIZE:
        _CACHE.popitem(last=False)
    return sol


def _values(sizes: list[int], payoffs: dict, sigma: list[list[float]]) -> list[list[float]]:
    """Each player's expected payoff of each of its actions when the others play ``sigma`` (only the joint bids
    the others play with a positive probability are visited)."""
    n = len(sizes)
    support = [[a for a in range(k) if sigma[i][a] > 0] for i, k in enumerate(sizes)]
    vals = [[0.0] * k for k in sizes]
    for i in range(n):
        axes = [range(sizes[i]) if j == i else support[j] for j in range(n)]
        row = vals[i]
        for idx in itertools.product(*axes):
            w = 1.0
            for j in range(n):
                if j != i:
                    w *= sigma[j][idx[j]]
            row[idx[i]] += w * payoffs[idx][i]
    return vals


def _current(regrets: list[float]) -> list[float]:
    pos = [max(0.0, r) for r in regrets]
    total = sum(pos)
    if total <= 0:
        return [1.0 / len(regrets)] * len(regrets)
    return [x / total for x in pos]


def _regret_matching(sizes: list[int], payoffs: dict, iterations: int) -> list[list[float]]:
    """Regret matching+ with linear averaging, all players at once; the average strategies."""
    n = len(sizes)
    regrets = [[0.0] * k for k in sizes]
    avg = [[0.0] * k for k in sizes]
    for t in range(1, iterations + 1):
        sigma = [_current(r) for r in regrets]
        vals = _values(sizes, payoffs, sigma)
        for i in range(n):
            ev = sum(p * v for p, v in zip(sigma[i], vals[i], strict=True))
            regrets[i] = [max(0.0, r + v - ev) for r, v in zip(regrets[i], vals[i], strict=True)]
            for a, p in enumerate(sigma[i]):
                avg[i][a] += t * p
    return [[x / sum(a) for x in a] for a in avg]


def exploitability(sol: BidSolution) -> list[float]:
    """For each participant, what it gains by switching from its average strategy to its best fixed bid of the menu
    while the others keep theirs (0 for all at an exact equilibrium of the menus)."""
    sizes = [len(m) for m in sol.menus]
    vals = _values(sizes, sol.payoffs, sol.strategies)
    return [max(v) - sum(p * x for p, x in zip(s, v, strict=True)) for s, v in zip(sol.strategies, vals, strict=True)]


class RegretBidBot:
    """Bids from the regret-matching solution of each battle's bid sub-game; the heuristic for everything else."""

    def __init__(self, seed: int = 0, iterations: int = ITERATIONS, seconds: float | None = None,
                 engine: str | None = None):
        self.engine = _engine(engine)           # native or python: the same bids
        self.rng = Rng(seed)
        self.iterations = iterations
        self.seconds = seconds                  # a cap on a bid's thinking time: past it, the heuristic's bid
        self.max_seconds: float | None = None   # the same cap set by the play server, whatever the spec
        self.heuristic = WarHeuristicBot(Rng(seed ^ 0x5EC_2E7).next64())
        self.last_solution: BidSolution | None = None

    def choose(self, s: RisingSunWar, seat: int) -> tuple:
        if s.step != BID:
            return self.heuristic.choose(s, seat)
        limits = [x for x in (self.seconds, self.max_seconds) if x is not None]
        deadline = time.perf_counter() + min(limits) if limits else None
        sol = solve(seat_world(s, seat), self.iterations, deadline, self.engine)
        self.last_solution = sol
        if sol is None:   # out of time before the sub-game was known
            return self.heuristic.bid(s, seat)
        strategy = sol.strategy(seat)
        legal = set(s.legal_moves(seat))
        moves = [m for m in strategy if m in legal]
        x = (self.rng.next64() >> 11) / float(1 << 53)
        acc = 0.0
        for m in moves:
            acc += strategy[m]
            if x < acc:
                return m
        return max(moves, key=lambda m: strategy[m])


def make(seed: int, budget: str | None, engine: str | None = None) -> RegretBidBot:
    """``regret`` (``ITERATIONS`` rounds, no time cap), ``regret:N`` (N rounds of regret matching per battle) or
    ``regret:Xs`` (at most X seconds a bid, then the heuristic's bid); ``engine`` as for :func:`solve`."""
    if budget is None or budget == "":
        return RegretBidBot(seed, engine=engine)
    try:
        text = budget.strip().lower()
        if text.endswith("s"):
            x = float(text[:-1])
            if not 0 < x < math.inf:
                raise ValueError
            return RegretBidBot(seed, seconds=x, engine=engine)
        n = int(text)
        if n <= 0:
            raise ValueError
    except ValueError:
        raise ValueError(f"bad regret budget '{budget}': write a number of regret-matching rounds (regret:400) "
                         f"or a time cap (regret:3s)") from None
    return RegretBidBot(seed, iterations=n, engine=engine)
