"""Senjutsu's search bot for the simultaneous card choice (the bots by name: :mod:`daimyo.bots.senjutsu`).

At the Choose step every live duellist picks a card at once and in secret ("Choose"). The bot searches that one
simultaneous node with regret matching over determinized worlds (simultaneous-move Monte Carlo search, Lanctot et al.
2013, with determinization for the hidden cards):

1. **Determinize** (:func:`determinize`). A complete duel that agrees with the seat's view: every other duellist's
   hidden cards (its non-core hand, its deck and its face-down discards, as one pool sorted by card id) are shuffled
   with the bot's generator and dealt back into the same places in the same numbers; the seat's own deck order is
   shuffled too (it does not know it either); a card another duellist has already chosen goes back to its hand so
   that it chooses again in the world; the generator of the world is drawn from the bot's. The true hidden facts
   are never read: two duels that differ only in them give the bot the same worlds.
2. **One round** per world: every other duellist's card is drawn from its current regret-matching strategy (over
   the cards legal for it in that world, mixed with ``EXPLORATION`` of uniform play); then each of the seat's own
   cards is played against those in the same world, and the turn is played out by the heuristic bot
   (:class:`~daimyo.bots.senjutsu.heuristic.SenjutsuHeuristicBot`) with the same random numbers for every card
   (common random numbers), for ``HORIZON`` turns or to the end of the duel.
3. **Evaluate** each seat's result in [0, 1]: the duel's returns at its end, else a sigmoid of the heuristic's
   public score of the position (:func:`~daimyo.bots.senjutsu.heuristic.evaluate`).
4. **Regret matching.** The seat's regrets are updated with the results of all its cards; each other duellist's
   by outcome sampling (the result of its sampled card against the seat's current strategy, weighted by the
   probability of drawing it). The average strategies are kept.

The card chosen is the one with the highest cumulative regret (the same as the best total result over the rounds,
every card having been played in every round against the same sampled cards and worlds: with a small budget this
is a steadier reading than the average strategy, which starts from uniform play). A budget is a number of
simulations (``smmcts:60``, reproducible) or seconds (``smmcts:0.5s``; ``smmcts`` alone is 1 s). Every other
decision (setup, placement, the choices during resolution) is the heuristic's.
"""

from __future__ import annotations

import math
import time

from daimyo.bots.rokugan.ismcts import parse_budget
from daimyo.bots.senjutsu.heuristic import SenjutsuHeuristicBot, evaluate
from daimyo.core.rng import Rng
from daimyo.senjutsu.state import CHOOSE, SenjutsuState, seat_name

__all__ = ["EXPLORATION", "HORIZON", "SCORE_SCALE", "SMMCTSBot", "determinize", "make"]

EXPLORATION = 0.15        # uniform share mixed into the other duellists' sampling strategies
HORIZON = 1               # turns played out after the choice before the position is evaluated
SCORE_SCALE = 3.0         # heuristic score points per unit of the sigmoid's argument
MAX_ROLLOUT_ACTIONS = 300


def determinize(s: SenjutsuState, seat: int, rng: Rng) -> SenjutsuState:
    """A complete duel agreeing with ``seat``'s view, every fact hidden from it drawn with ``rng`` (module docstring)."""
    w = s.clone()
    w.rng = Rng(rng.next64())
    for j, d in enumerate(w.duellists):
        if j == seat:
            deck = sorted(d.deck)
            rng.shuffle(deck)
            d.deck = deck
            continue
        w.chosen.pop(j, None)
        cores = [c for c in d.hand if c in d.core]
        in_hand = len(d.hand) - len(cores)
        down = [k for k, (_, face_down) in enumerate(d.discard) if face_down]
        pool = sorted([c for c in d.hand if c not in d.core] + list(d.deck) + [d.discard[k][0] for k in down])
        rng.shuffle(pool)
        d.hand = cores + pool[:in_hand]
        rest = pool[in_hand:]
        for k in down:
            d.discard[k] = (rest.pop(), True)
        d.deck = rest
    return w


def _strategy(regrets: dict[str, float], moves: list[str]) -> list[float]:
    pos = [max(0.0, regrets.get(m, 0.0)) for m in moves]
    total = sum(pos)
    if total <= 0:
        return [1.0 / len(moves)] * len(moves)
    return [x / total for x in pos]


def _draw(rng: Rng, probs: list[float]) -> int:
    x = (rng.next64() >> 11) / float(1 << 53)
    acc = 0.0
    for i, p in enumerate(probs):
        acc += p
        if x < acc:
            return i
    return len(probs) - 1


class SMMCTSBot:
    """See the module docstring. ``iterations`` (simulations) or ``seconds`` bounds each card choice."""

    def __init__(self, seed: int = 0, iterations: int | None = None, seconds: float | None = None,
                 horizon: int = HORIZON, exploration: float = EXPLORATION):
        if iterations is None and seconds is None:
            seconds = 1.0
        self.rng = Rng(seed)
        self.iterations = iterations
        self.seconds = seconds
        self.horizon = horizon
        self.exploration = exploration
        self.heuristic = SenjutsuHeuristicBot(Rng(seed ^ 0x5E_4175).next64())
        self.max_seconds: float | None = None   # a cap on any decision's time, whatever the budget (the server sets it)
        self.last_stats: dict = {}
        self.last_iterations = 0
        self.last_seconds = 0.0

    def choose(self, state: SenjutsuState, seat: int) -> str:
        moves = state.legal_moves(seat)
        if len(moves) == 1:
            return moves[0]
        if state.phase != CHOOSE:
            return self.heuristic.choose(state, seat)
        stats = self.search(state, seat, moves)
        regret = stats["regrets"][seat]
        return max(moves, key=lambda m: (regret[m], -moves.index(m)))

    def search(self, state: SenjutsuState, seat: int, moves: list[str]) -> dict:
        """Regret matching at the simultaneous node; returns the statistics (regrets and average strategies by seat,
        rounds and simulations)."""
        regrets: dict[int, dict[str, float]] = {seat: {}}
        mean: dict[int, dict[str, float]] = {seat: dict.fromkeys(moves, 0.0)}
        t0 = time.perf_counter()
        limits = [x for x in (self.seconds, self.max_seconds) if x is not None]
        deadline = t0 + min(limits) if limits else None
        done = rounds = 0
        while True:
            if self.iterations is not None and done + len(moves) > max(self.iterations, len(moves)):
                break
            if deadline is not None and rounds > 0 and time.perf_counter() >= deadline:
                break
            world = determinize(state, seat, self.rng)
            sim_seed = self.rng.next64()
            # the other duellists' cards, from their strategies in this world
            others: dict[int, tuple[list[str], list[float], int]] = {}
            for j in world.to_act():
                if j == seat:
                    continue
                legal = world.legal_moves(j)
                sigma = _strategy(regrets.setdefault(j, {}), legal)
                k = len(legal)
                mixed = [(1 - self.exploration) * p + self.exploration / k for p in sigma]
                others[j] = (legal, sigma, _draw(self.rng, mixed))
                avg = mean.setdefault(j, {})
                for m, p in zip(legal, sigma, strict=True):
                    avg[m] = avg.get(m, 0.0) + p
            results = []
            for m in moves:
                w = world.clone()
                w.apply_move(seat, m)
                for j, (legal, _, a) in others.items():
                    if j in w.to_act():
                        w.apply_move(j, legal[a])
                results.append(self._rollout(w, state.turn, sim_seed))
            done += len(moves)
            rounds += 1
            sigma_me = _strategy(regrets[seat], moves)
            mine = [r[seat] for r in results]
            ev = sum(p * v for p, v in zip(sigma_me, mine, strict=True))
            for m, v, p in zip(moves, mine, sigma_me, strict=True):
                regrets[seat][m] = regrets[seat].get(m, 0.0) + v - ev
                mean[seat][m] += p
            for j, (legal, sigma, a) in others.items():
                value = sum(p * r[j] for p, r in zip(sigma_me, results, strict=True))
                k = len(legal)
                q = (1 - self.exploration) * sigma[a] + self.exploration / k
                reg = regrets[j]
                for b, m in enumerate(legal):
                    reg[m] = reg.get(m, 0.0) + (value / q if b == a else 0.0) - value
        total = {j: sum(v.values()) or 1.0 for j, v in mean.items()}
        stats = {"rounds": rounds, "simulations": done,
                 "regrets": {j: dict(sorted(r.items())) for j, r in regrets.items()},
                 "mean": {j: {m: v / total[j] for m, v in sorted(a.items())} for j, a in mean.items()}}
        self.last_stats = stats
        self.last_iterations = done
        self.last_seconds = time.perf_counter() - t0
        return stats

    def _rollout(self, w: SenjutsuState, start_turn: int, sim_seed: int) -> list[float]:
        """Play ``w`` on with the heuristic for ``horizon`` turns (or to the end); each seat's result in [0, 1]."""
        self.heuristic.rng = Rng(sim_seed)
        steps = 0
        while not w.is_terminal() and steps < MAX_ROLLOUT_ACTIONS:
            if w.phase == CHOOSE and w.turn >= start_turn + self.horizon and not w.chosen:
                break
            acting = w.to_act()
            j = acting[0]
            w.apply_move(j, self.heuristic.choose(w, j))
            steps += 1
        if w.is_terminal():
            return w.returns()
        view = w.view(None)
        return [1.0 / (1.0 + math.exp(-evaluate(view, seat_name(j)) / SCORE_SCALE)) for j in range(w.n)]


def make(seed: int, budget: str | None) -> SMMCTSBot:
    """``smmcts`` (1 s), ``smmcts:N`` (N simulations) or ``smmcts:Xs`` (X seconds) per card choice."""
    try:
        iterations, seconds = parse_budget(budget)
    except ValueError:
        raise ValueError(f"bad smmcts budget '{budget}': write a number of simulations (60) or seconds (1s, 0.5s)") from None
    return SMMCTSBot(seed, iterations=iterations, seconds=seconds)
