"""Senjutsu's search bot for the simultaneous card choice (the bots by name: :mod:`daimyo.bots.senjutsu`).

At the Choose step every live duellist picks a card at once and in secret ("Choose"). The bot searches that one
simultaneous node with regret matching over determinized worlds (simultaneous-move Monte Carlo search, Lanctot et al.
2013, with determinization for the hidden cards):

1. **Determinize** (:func:`determinize`). A complete duel that agrees with the seat's view: every other duellist's
   hidden cards (its non-core hand, its deck and its face-down discards, as one pool sorted by card id) are shuffled
   with the bot's generator and dealt back into the same places in the same numbers; the seat's own deck order is
   shuffled too (it does not know it either); a card another duellist has already chosen goes back to its hand so
   that it chooses again in the world; the generator of the world is drawn from the bot's (on the native engine the
   same draws are made natively, ``Game.determinize``). The true hidden facts are never read: two duels that differ only in them give the bot the same worlds.
2. **One round** per world: every other duellist's card is drawn from its current regret-matching strategy (over
   the cards legal for it in that world, mixed with ``EXPLORATION`` of uniform play); then each of the seat's own
   cards is played against those in the same world, and the turn is played out by the heuristic bot
   (:class:`~daimyo.bots.senjutsu.heuristic.SenjutsuHeuristicBot`) with the same random numbers for every card
   (common random numbers), for ``HORIZON`` turns or to the end of the duel.
3. **Evaluate** each seat's result in [0, 1]: the duel's returns at its end, else a sigmoid of the heuristic's
   public score of the position (:func:`~daimyo.bots.senjutsu.heuristic.evaluate_state`, the same number as
   :func:`~daimyo.bots.senjutsu.heuristic.evaluate` of the view, without building the view) plus ``HAND_WEIGHT``
   times the lead of the seat's hand over its best rival's: a hand's value is the heuristic's score
   (:meth:`~daimyo.bots.senjutsu.heuristic.SenjutsuHeuristicBot.card_score`) of its best card legal at the Choose
   the playout stopped at (in the world, so the other's hand is the determinized one). This sees what the
   battlefield score alone does not: a Kamae that leaves no good card legal, a discard that throws the best one away,
   a move that leaves no attack in reach next turn.
4. **Regret matching.** The seat's regrets are updated with the results of all its cards; each other duellist's
   by outcome sampling (the result of its sampled card against the seat's current strategy, weighted by the
   probability of drawing it). The average strategies are kept.
5. **Questions during the resolution** (the Decide phase: movement, Kamae changes, initiative, order, discards at the
   end of the turn ...) are searched too, by flat Monte Carlo (:meth:`SMMCTSBot.decide_search`): every option is
   played out in the same determinized worlds with common random numbers to the next Choose and evaluated as above,
   with ``DECIDE_SHARE`` of the card choice's budget; the heuristic's own answer is kept unless another option did
   strictly better. A card searched for in one's deck (``UNSEEN``) is left to the heuristic.

The card chosen is the one with the highest cumulative regret (the same as the best total result over the rounds,
every card having been played in every round against the same sampled cards and worlds: with a small budget this
is a steadier reading than the average strategy, which starts from uniform play). A budget is a number of
simulations (``smmcts:60``, reproducible) or seconds (``smmcts:0.5s``; ``smmcts`` alone is 1 s). Every other
decision (setup, placement) is the heuristic's.
"""

from __future__ import annotations

import math
import time

from daimyo.bots.rokugan.ismcts import parse_budget
from daimyo.bots.senjutsu.heuristic import SenjutsuHeuristicBot, evaluate_state
from daimyo.core.rng import Rng
from daimyo.senjutsu import native
from daimyo.senjutsu.state import CHOOSE, DECIDE, SenjutsuState

__all__ = ["DECIDE_SHARE", "EXPLORATION", "HAND_WEIGHT", "HORIZON", "SCORE_SCALE", "UNSEEN", "SMMCTSBot", "determinize", "make"]

EXPLORATION = 0.15        # uniform share mixed into the other duellists' sampling strategies
HORIZON = 1               # turns played out after the choice before the position is evaluated
SCORE_SCALE = 3.0         # heuristic score points per unit of the sigmoid's argument
DECIDE_SHARE = 0.5        # a question during the resolution gets this share of a card choice's budget (0: heuristic)
HAND_WEIGHT = 0.5         # weight of the best card in hand (heuristic score) against the rival's, at the leaf
UNSEEN = ("search",)      # questions the evaluation does not see (a card searched for in the deck)
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
                 horizon: int = HORIZON, exploration: float = EXPLORATION,
                 decide: float = DECIDE_SHARE, hand_weight: float = HAND_WEIGHT, engine: str | None = None):
        if iterations is None and seconds is None:
            seconds = 1.0
        self.rng = Rng(seed)
        self.iterations = iterations
        self.seconds = seconds
        self.horizon = horizon
        self.exploration = exploration
        self.decide = decide
        self.hand_weight = hand_weight
        self.heuristic = SenjutsuHeuristicBot(Rng(seed ^ 0x5E_4175).next64())
        self.max_seconds: float | None = None   # a cap on any decision's time, whatever the budget (the server sets it)
        self.last_stats: dict = {}
        self.last_iterations = 0
        self.last_seconds = 0.0
        # the engine of the worlds and playouts: native where it is built (the same choices, docs/native.md)
        self.engine = engine or native.default_engine()
        if self.engine not in ("native", "python"):
            raise ValueError(f"engine: 'native' or 'python', got {engine!r}")
        self._base: tuple | None = None   # (a Python duel, its native copy): handed over once a search

    def _world(self, state, seat: int):
        """A determinized world of ``state`` for ``seat`` (:func:`determinize`), played by the bot's engine. On the
        native engine the world is drawn natively (``Game.determinize``, draw for draw :func:`determinize`) from the
        native duel: the state's own, or one handed over once a search (:meth:`_native_base`)."""
        if self.engine == "native":
            game, after = self._native_base(state).determinize(seat, self.rng.state)
            self.rng.state = after
            return native.NativeSenjutsuState(game, state.card_set)
        base = state.python_state() if getattr(state, "engine", None) == "native" else state
        return determinize(base, seat, self.rng)

    def _native_base(self, state):
        """The native duel of ``state``: its own where it is native, else one handed over and kept for this search
        (``_base`` is cleared as each search starts: the state does not change during one)."""
        game = getattr(state, "native_game", None)
        if game is not None:
            return game
        if self._base is None or self._base[0] is not state:
            self._base = (state, native.NativeSenjutsuState.from_python(state).native_game)
        return self._base[1]

    def choose(self, state: SenjutsuState, seat: int) -> str:
        moves = state.legal_moves(seat)
        if len(moves) == 1:
            return moves[0]
        if state.phase == DECIDE and self.decide and _pending_kind(state) not in ("", *UNSEEN) and not _any_chosen(state):
            return self.decide_search(state, seat, moves)
        if state.phase != CHOOSE:
            return self.heuristic.choose(state, seat)
        stats = self.search(state, seat, moves)
        regret = stats["regrets"][seat]
        return max(moves, key=lambda m: (regret[m], -moves.index(m)))

    def search(self, state: SenjutsuState, seat: int, moves: list[str]) -> dict:
        """Regret matching at the simultaneous node; returns the statistics (regrets and average strategies by seat,
        rounds and simulations)."""
        self._base = None
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
            world = self._world(state, seat)
            sim_seed = self.rng.next64()
            # the other duellists' cards, from their strategies in this world
            others: dict[int, tuple[list[str], int, float]] = {}
            for j in world.to_act():
                if j == seat:
                    continue
                legal = world.legal_moves(j)
                sigma = _strategy(regrets.setdefault(j, {}), legal)
                k = len(legal)
                mixed = [(1 - self.exploration) * p + self.exploration / k for p in sigma]
                a = _draw(self.rng, mixed)
                others[j] = (legal, a, mixed[a])
                avg = mean.setdefault(j, {})
                for m, p in zip(legal, sigma, strict=True):
                    avg[m] = avg.get(m, 0.0) + p
            results = []
            for m in moves:
                w = world.clone()
                _apply(w, seat, m)
                for j, (legal, a, _) in others.items():
                    if j in w.to_act():
                        _apply(w, j, legal[a])
                results.append(self._rollout(w, state.turn, sim_seed))
            done += len(moves)
            rounds += 1
            sigma_me = _strategy(regrets[seat], moves)
            mine = [r[seat] for r in results]
            ev = sum(p * v for p, v in zip(sigma_me, mine, strict=True))
            for m, v, p in zip(moves, mine, sigma_me, strict=True):
                regrets[seat][m] = regrets[seat].get(m, 0.0) + v - ev
                mean[seat][m] += p
            for j, (legal, a, q) in others.items():
                value = sum(p * r[j] for p, r in zip(sigma_me, results, strict=True))
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

    def decide_search(self, state: SenjutsuState, seat: int, moves: list[str]) -> str:
        """A question during the resolution by flat Monte Carlo: every option played out in the same determinized
        worlds to the next Choose and evaluated; the heuristic's own answer unless another did strictly better."""
        self._base = None
        default = self.heuristic.choose(state, seat)
        totals = dict.fromkeys(moves, 0.0)
        t0 = time.perf_counter()
        limits = [x for x in (self.seconds, self.max_seconds) if x is not None]
        deadline = t0 + min(limits) * self.decide if limits else None
        budget = max(len(moves), int(self.iterations * self.decide)) if self.iterations is not None else None
        done = rounds = 0
        while True:
            if budget is not None and done + len(moves) > budget:
                break
            if deadline is not None and rounds > 0 and time.perf_counter() >= deadline:
                break
            world = self._world(state, seat)
            sim_seed = self.rng.next64()
            for m in moves:
                w = world.clone()
                _apply(w, seat, m)
                totals[m] += self._rollout(w, state.turn, sim_seed)[seat]
            done += len(moves)
            rounds += 1
        best = max(moves, key=lambda m: (totals[m], m == default, -moves.index(m)))
        self.last_stats = {"rounds": rounds, "simulations": done, "decide": dict(sorted(totals.items())), "default": default}
        self.last_iterations = done
        self.last_seconds = time.perf_counter() - t0
        return best if totals[best] > totals[default] + 1e-9 * rounds else default

    def _rollout(self, w: SenjutsuState, start_turn: int, sim_seed: int) -> list[float]:
        """Play ``w`` on with the heuristic for ``horizon`` turns (or to the end); each seat's result in [0, 1]. A
        native world is played out in one native call (native/src/sj_bots.cpp), draw for draw this loop."""
        game = getattr(w, "native_game", None)
        if game is not None:
            results, state = game.rollout(start_turn, self.horizon, sim_seed, float(self.hand_weight), SCORE_SCALE,
                                                   MAX_ROLLOUT_ACTIONS)
            self.heuristic.rng = Rng(state)
            return list(results)
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
        scores = [evaluate_state(w, j) for j in range(w.n)]
        if self.hand_weight and w.phase == CHOOSE:
            hands = [self._hand_value(w, j) for j in range(w.n)]
            for j in range(w.n):
                rival = max((hands[o] for o in range(w.n) if o != j), default=0.0)
                scores[j] += self.hand_weight * (hands[j] - rival)
        return [1.0 / (1.0 + math.exp(-x / SCORE_SCALE)) for x in scores]

    def _hand_value(self, w: SenjutsuState, j: int) -> float:
        """What duellist ``j``'s hand offers at this Choose: the heuristic's score of its best legal card (0 when
        defeated)."""
        if w.duellists[j].defeated:
            return 0.0
        return max((self.heuristic.card_score(w, j, m) for m in w.legal_moves(j)), default=0.0)


def _apply(w, seat: int, move: str) -> None:
    """A move in a world, without its events where the engine can skip them (a native world: ``apply_quiet``)."""
    quiet = getattr(w, "apply_quiet", None)
    if quiet is not None:
        quiet(seat, move)
    else:
        w.apply_move(seat, move)


def _pending_kind(state) -> str:
    """The kind of the question the duel waits for ('' for none), read without handing a native duel over."""
    game = getattr(state, "native_game", None)
    if game is not None:
        return game.pending_kind()
    return state.pending["kind"] if state.pending else ""


def _any_chosen(state) -> bool:
    game = getattr(state, "native_game", None)
    return bool(game.chosen_count()) if game is not None else bool(state.chosen)


def make(seed: int, budget: str | None) -> SMMCTSBot:
    """``smmcts`` (1 s), ``smmcts:N`` (N simulations) or ``smmcts:Xs`` (X seconds) per card choice."""
    try:
        iterations, seconds = parse_budget(budget)
    except ValueError:
        raise ValueError(f"bad smmcts budget '{budget}': write a number of simulations (60) or seconds (1s, 0.5s)") from None
    return SMMCTSBot(seed, iterations=iterations, seconds=seconds)
