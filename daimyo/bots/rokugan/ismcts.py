"""Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling, Powley and Whitehouse 2012).

The search runs in rounds. Each round:

1. **Determinize.** Draw a full game state consistent with what this bot's seat may know
   (:func:`daimyo.bots.rokugan.knowledge.determinize`): the other players' hidden tokens, hands, pools,
   objectives and territory cards, the initiative order and the generator are sampled; the true
   hidden facts are never read.
2. **One iteration through each root candidate.** The root's candidates are the heuristic bot's
   best moves (the rest are never better in its reading of the board and would spread the budget
   too thin). For each, walk down the one tree shared by all determinizations: below the root a
   node's children are the moves made from it, only those legal in this determinization are
   candidates, and each candidate's *availability* is counted so that UCB uses how often a move
   could have been chosen (ISMCTS-UCB with availability). A node grows a new child (the
   heuristic's quick choice for whoever is to act) when its visits allow one more (progressive
   widening: children <= 1 + sqrt(visits)).
3. **Simulate** with the heuristic policy to the End of the Game (``horizon``: the rounds after the current
   one a simulation plays; ``horizon=0`` stops when the current round has been resolved, from setup through
   the first round).
4. **Evaluate and back up.** Each seat's result is the game's returns at the end (1 shared among the
   winners), or, where a simulation stops earlier, a sigmoid of its honor lead over the best rival then;
   every node on the path adds the result of the seat that made its move.

Within a round every root candidate is simulated in the same sampled world with the same random numbers (common
random numbers), so candidates are compared on equal terms and the sampling noise mostly cancels. The move chosen
has the best mean result over the completed rounds (the heuristic's preference breaks near-ties). A search stops
early (``early_stop``, on by default) once that choice can no longer change within the budget: every other candidate
would stay behind the leader even if it scored 1 and the leader 0 in every round the budget has left
(:func:`settled`; on a time budget the rounds left are estimated at twice the pace so far, and one more). On an
iteration budget that bound alone chooses what the full search would have chosen, sooner. A search may also stop
when a statistical test says the choice is settled (``confident_stop``, off by default; :func:`confident`), once a
third of the budget is spent (:data:`STOP_AFTER`): every other candidate either stays behind the leader at the end
of the rounds left at ``stop_z`` standard deviations, or is better than it by less than ``stop_margin`` at that
confidence (candidates whose moves come to the same result in every world, say). The rounds to come are read from
the latest half of the rounds (:data:`STOP_WINDOW`), since a candidate's value drifts as the tree below it grows.
It is for those who would rather wait less than play their strongest: with the setup budget below it took four
``ismcts:1s`` bots 0.54 to 0.57 of the time, but over 200 two-player games at 1,500 iterations it scored 46.5%
against the exact bound alone, and with the setup budget 41.2% against the whole search (docs/benchmarks.md). A
budget is a number of iterations (``200``) or seconds (``1s``, ``0.5s``); only iteration budgets are reproducible.
Setup choices with little to search (clans, objectives, the Dragon's return) are the heuristic's, and a decision
with one legal move (or one candidate) is made at once, without a search. The setup control placements (Setup, step
10: one per seat, five rounds of them) may be searched on a budget of their own, ``setup_iterations`` /
``setup_seconds`` (:data:`SETUP_SHARE` of the decision budget, say: with ``seconds=1.0, setup_seconds=0.1`` a bot
spends 0.1 s, not 1 s, on each of them); by default they get the decision budget (docs/bots.md).

Two engines run the same search. ``engine="native"`` (the default where the native engine is built) runs the
whole decision in C++ (``native/src/search.cpp``), drawing from the same generators word for word, so on an
iteration budget it chooses exactly what ``engine="python"`` (this module, the reference) chooses, many times
faster; on a time budget it completes more iterations.
"""

from __future__ import annotations

import math
import time

from daimyo.bots.rokugan.heuristic import RokuganHeuristicBot
from daimyo.bots.rokugan.knowledge import determinize
from daimyo.core.rng import Rng
from daimyo.rokugan import native
from daimyo.rokugan.data import RULES as R
from daimyo.rokugan.records import DRAGON_RETURN, SETUP_CLANS, SETUP_CONTROL, SETUP_OBJECTIVES
from daimyo.rokugan.scoring import honor

ROOT_CANDIDATES = 6
EXPLORATION = 0.7
HONOR_SCALE = 4.0
MAX_ROLLOUT_MOVES = 400
ROLLOUT_SAMPLE = 400
PRIOR_BONUS = 0.03
PRIOR_TEMPERATURE = 0.5
#: the rounds after the current one a simulation plays too: all of them, to the End of the Game (its result is
#: then the evaluation), so a larger budget buys a better estimate of what wins the game (docs/bots.md)
HORIZON = R.rounds
#: a share of the decision budget for the setup control placements, for those who give them a budget of their own
#: (``setup_iterations`` / ``setup_seconds``; by default they get the decision budget: docs/bots.md)
SETUP_SHARE = 0.1
#: the confident stop (:func:`confident`): the confidence of its tests (standard deviations), the margin below
#: which another candidate's lead does not matter, the fewest rounds its window reads, and the variance a paired
#: difference is given before it is measured (one pseudo-round at a quarter, so that a few equal rounds do not read
#: as certain); the share of the latest rounds it reads (the window: a candidate's value drifts as the tree below it
#: grows, so its rounds to come are read from its recent ones), and the share of the budget spent before it may stop
STOP_Z = 2.0
STOP_MARGIN = 0.03
STOP_MIN_ROUNDS = 10
STOP_PRIOR_VARIANCE = 0.25
STOP_WINDOW = 0.5
STOP_AFTER = 1 / 3


class _Node:
    __slots__ = ("move", "player", "parent", "children", "visits", "reward", "avail", "prior", "value", "rounds")

    def __init__(self, move, player: int, parent, prior: float = 0.0):
        self.move = move
        self.player = player
        self.parent = parent
        self.children: dict = {}
        self.visits = 0
        self.reward = 0.0
        self.avail = 0
        self.prior = prior
        self.value = None
        self.rounds = 0

    def ucb(self, c: float) -> float:
        if self.visits == 0:
            return math.inf
        return self.reward / self.visits + c * math.sqrt(math.log(max(1, self.avail)) / self.visits)


def parse_budget(budget: str | None) -> tuple[int | None, float | None]:
    """``"200"`` -> 200 iterations; ``"1s"`` / ``"0.5s"`` -> seconds; None -> 1 second."""
    if budget is None or budget == "":
        return None, 1.0
    text = budget.strip().lower()
    try:
        if text.endswith("ms"):
            value = float(text[:-2]) / 1000
            if not 0 < value < math.inf:
                raise ValueError
            return None, value
        if text.endswith("s"):
            value = float(text[:-1])
            if not 0 < value < math.inf:
                raise ValueError
            return None, value
        n = int(text)
        if n <= 0:
            raise ValueError
        return n, None
    except ValueError:
        raise ValueError(f"bad ISMCTS budget '{budget}': write a number of iterations (200) or seconds (1s, 0.5s)") from None


class ISMCTSBot:
    """See the module docstring. ``iterations`` or ``seconds`` bounds each decision."""

    def __init__(self, seed: int = 0, iterations: int | None = None, seconds: float | None = None,
                 root_candidates: int = ROOT_CANDIDATES, exploration: float = EXPLORATION, rollout_sample: int = ROLLOUT_SAMPLE,
                 engine: str | None = None, horizon: int = HORIZON, setup_iterations: int | None = None,
                 setup_seconds: float | None = None, early_stop: bool = True, confident_stop: bool = False,
                 stop_z: float = STOP_Z, stop_margin: float = STOP_MARGIN):
        if engine not in (None, "native", "python"):
            raise ValueError(f"engine must be 'native' or 'python', not {engine!r}")
        if iterations is None and seconds is None:
            seconds = 1.0
        self.rng = Rng(seed)
        self.iterations = iterations
        self.seconds = seconds
        for name, value in (("setup_iterations", setup_iterations), ("setup_seconds", setup_seconds)):
            if value is not None and (isinstance(value, bool) or not isinstance(value, int | float) or value <= 0):
                raise ValueError(f"{name} is a budget above 0, not {value!r}")
        self.setup_iterations = setup_iterations
        self.setup_seconds = setup_seconds
        self.early_stop = bool(early_stop)
        self.confident_stop = bool(confident_stop)
        for name, value in (("stop_z", stop_z), ("stop_margin", stop_margin)):
            if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value < math.inf:
                raise ValueError(f"{name} is a number, 0 or more, not {value!r}")
        self.stop_z, self.stop_margin = float(stop_z), float(stop_margin)
        self.root_candidates = root_candidates
        self.exploration = exploration
        self.rollout_sample = rollout_sample
        if not isinstance(horizon, int) or horizon < 0:
            raise ValueError(f"horizon is a number of rounds, 0 or more, not {horizon!r}")
        self.horizon = horizon
        self.heuristic = RokuganHeuristicBot(Rng(seed ^ 0x15_3C75).next64())
        self.max_seconds: float | None = None   # a cap on any decision's time, whatever the budget (the server sets it)
        self.last_iterations = 0
        self.last_seconds = 0.0
        self.engine = engine or ("native" if native.available() else "python")

    def choose(self, state, seat: int) -> tuple:
        if self.engine == "native":
            game = _native_game(state)
            if game is not None:
                return self._choose_native(game, seat, state.rules)
        if isinstance(state, native.NativeRokuganState):
            state = state.python_state()  # the reference searches the Python state itself, not through the wrapper
        moves = state.legal_moves(seat)
        if len(moves) == 1:
            return moves[0]
        if state.phase in (SETUP_CLANS, SETUP_OBJECTIVES) or (state.pending and state.pending[-1].kind == DRAGON_RETURN):
            return self.heuristic.choose(state, seat)
        scored = self.heuristic.score_moves(state, seat, moves)
        scored.sort(key=lambda vm: -vm[0])
        top = scored[:self.root_candidates]
        if len(top) == 1:
            return top[0][1]
        root = self.search(state, seat, [m for _, m in top], priors(top))
        if not root.rounds:
            return top[0][1]
        best = max(root.children.values(), key=lambda c: c.value + PRIOR_BONUS * c.prior)
        return best.move

    def _choose_native(self, game, seat: int, rules) -> tuple:
        """``choose`` in the native engine (native/src/search.cpp): the same draws, the same choice."""
        def budget(x):
            return -1 if x is None else x
        move, rng_state, heuristic_state, done, _rounds, seconds = native.require(rules).ismcts_choose(
            game, seat, self.rng.state, self.heuristic.rng.state, budget(self.iterations), budget(self.seconds),
            budget(self.max_seconds), self.root_candidates, self.exploration, self.rollout_sample, self.horizon,
            budget(self.setup_iterations), budget(self.setup_seconds), self.early_stop,
            self.confident_stop, self.stop_z, self.stop_margin)
        self.rng.state = rng_state
        self.heuristic.rng = Rng(heuristic_state)
        if done:
            self.last_iterations, self.last_seconds = done, seconds
        return move

    def budget(self, phase: str) -> tuple[int | None, float | None]:
        """The iterations and seconds of a decision in ``phase``: the setup control placements' own budget where one
        is set (both None: none is, the decision budget then), else the decision budget."""
        if phase == SETUP_CONTROL and (self.setup_iterations is not None or self.setup_seconds is not None):
            return self.setup_iterations, self.setup_seconds
        return self.iterations, self.seconds

    def search(self, state, seat: int, candidates: list, prior: list[float] | None = None) -> _Node:
        """Search from ``state``; the root's children are ``candidates``.

        The budget is spent in rounds: each round draws one determinization and runs one
        iteration through every root child in it, with the same random numbers for the
        simulations (common random numbers: the children are compared on the same sampled
        worlds, which removes most of the noise of the sampling from the comparison).
        """
        root = _Node(None, seat, None)
        prior = prior or [1.0 / len(candidates)] * len(candidates)
        for m, pr in zip(candidates, prior, strict=False):
            root.children[m] = _Node(m, seat, root, pr)
        children = list(root.children.values())
        t0 = time.perf_counter()
        iterations, seconds = self.budget(state.phase)
        limits = [s for s in (seconds, self.max_seconds) if s is not None]
        deadline = t0 + min(limits) if limits else None
        done = 0
        rounds = 0
        sums = [0.0] * len(children)
        history: list[list[float]] = []   # [t][i]: candidate i's result in round t
        stop = False
        while not stop:
            world = determinize(state, seat, self.rng)
            sim_seed = self.rng.next64()
            results = []
            for child in children:
                if iterations is not None and done >= iterations:
                    stop = True
                    break
                if deadline is not None and done > 0 and time.perf_counter() >= deadline:
                    stop = True
                    break
                results.append(self._iterate(world.clone(), state.round, root, child, sim_seed))
                done += 1
            if len(results) == len(children):
                rounds += 1
                for i, v in enumerate(results):
                    sums[i] += v
                history.append(results)
                if self.early_stop and not stop:
                    left = rounds_left(iterations, done, len(children), deadline, t0, rounds)
                    prior_of = [c.prior for c in children]
                    if settled(sums, prior_of, rounds, left) or (
                            self.confident_stop and spent_enough(iterations, done, deadline, t0)
                            and confident(sums, history, prior_of, rounds, left, self.stop_z, self.stop_margin)):
                        break
        for child, total in zip(children, sums, strict=False):
            child.value = total / rounds if rounds else None
        root.rounds = rounds
        self.last_iterations = done
        self.last_seconds = time.perf_counter() - t0
        return root

    def _iterate(self, d, start_round: int, root: _Node, child: _Node, sim_seed: int) -> float:
        """One ISMCTS iteration in determinization ``d`` through root child ``child``; returns the root seat's result."""
        sim = Rng(sim_seed)
        self.heuristic.rng = sim
        c = self.exploration
        d.apply_move(root.player, child.move)
        node = child
        path = [child]
        # selection and expansion below the root
        while node.visits > 0 and not d.is_terminal() and d.round == start_round:
            actor = d.to_act()[0]
            legal_moves = d.legal_moves(actor)
            legal = [ch for m, ch in node.children.items() if ch.player == actor and m in legal_moves]
            if len(node.children) < 1 + math.isqrt(node.visits):
                m = self.heuristic.quick_choose(d, actor)
                if m not in node.children:
                    new = node.children[m] = _Node(m, actor, node)
                    d.apply_move(actor, m)
                    path.append(new)
                    break
            if not legal:
                break
            for ch in legal:
                ch.avail += 1
            node = max(legal, key=lambda ch: ch.ucb(c))
            d.apply_move(actor, node.move)
            path.append(node)
        # simulation to the end of the round (from setup, through the first round too)
        last_round = max(start_round, 1) + self.horizon
        max_steps = MAX_ROLLOUT_MOVES * (1 + self.horizon)
        steps = 0
        while not d.is_terminal() and d.round <= last_round and steps < max_steps:
            actor = d.to_act()[0]
            d.apply_move(actor, self.heuristic.quick_choose(d, actor, self.rollout_sample))
            steps += 1
        values = evaluate(d)
        root.visits += 1
        for n in path:
            n.visits += 1
            n.reward += values[n.player]
        return values[root.player]


def rounds_left(iterations: int | None, done: int, k: int, deadline: float | None, t0: float, rounds: int) -> int | None:
    """At most how many more rounds of ``k`` iterations the budget completes (None: no bound known): an iteration
    budget says exactly; a time budget is estimated at twice the pace of the ``rounds`` so far, and one more."""
    left = None if iterations is None else (iterations - done) // k
    if deadline is None:
        return left
    now = time.perf_counter()
    if now <= t0:
        return left
    by_time = math.ceil(2.0 * (deadline - now) * rounds / (now - t0)) + 1
    return by_time if left is None else min(left, by_time)


def leader(sums: list[float], prior: list[float], rounds: int) -> int:
    """The root candidate chosen after ``rounds`` rounds: the best mean result plus PRIOR_BONUS times its prior (the
    first of equals)."""
    b, best_v = 0, -math.inf
    for i, total in enumerate(sums):
        v = total / rounds + PRIOR_BONUS * prior[i]
        if i == 0 or v > best_v:
            b, best_v = i, v
    return b


def settled(sums: list[float], prior: list[float], rounds: int, left: int | None) -> bool:
    """Whether the root candidate chosen after ``rounds`` rounds (the best mean plus PRIOR_BONUS times its prior)
    stays the choice whatever ``left`` more rounds give: each result is in [0, 1], so no other candidate reaches it
    even with 1 in every round left and the leader 0."""
    if left is None:
        return False
    b = leader(sums, prior, rounds)
    reach = [(total - sums[b] + left) / (rounds + left) + PRIOR_BONUS * (prior[i] - prior[b])
             for i, total in enumerate(sums) if i != b]
    return all(r < -1e-9 for r in reach)


def spent_enough(iterations: int | None, done: int, deadline: float | None, t0: float) -> bool:
    """Whether the search has spent STOP_AFTER of its budget, the share before the confident stop may stop: of its
    iterations, and of its time (the time to its ``deadline`` from ``t0``)."""
    if iterations is not None and done < STOP_AFTER * iterations:
        return False
    return deadline is None or time.perf_counter() - t0 >= STOP_AFTER * (deadline - t0)


def confident(sums: list[float], history: list[list[float]], prior: list[float], rounds: int, left: int | None,
              z: float = STOP_Z, margin: float = STOP_MARGIN) -> bool:
    """Whether, after ``rounds`` rounds (at least twice STOP_MIN_ROUNDS), every other root candidate either stays
    behind the leader at the end of the ``left`` rounds to come at ``z`` standard deviations, or is better than it by
    less than ``margin`` at that confidence; None rounds left (no bound known): it does not stop.

    Each round gives a paired difference with the leader (the candidates met the same world and random numbers),
    read as normal over the window, the latest STOP_WINDOW of the rounds (at least STOP_MIN_ROUNDS, ``history``
    holding each round's results): its mean m and its variance, measured plus STOP_PRIOR_VARIANCE over one
    pseudo-round. A candidate's value drifts as the tree below it grows, so the rounds to come are read from the
    window, not from all the rounds so far: the final difference of the sums is the difference so far plus
    ``left`` times m, uncertain by the variance of ``left`` rounds and by the error of m itself (``left`` squared
    times its variance over the window)."""
    if rounds < 2 * STOP_MIN_ROUNDS or left is None:
        return False
    k = len(sums)
    w = max(STOP_MIN_ROUNDS, int(STOP_WINDOW * rounds))
    n, lw, rest = float(rounds), float(w), float(left)
    b = leader(sums, prior, rounds)
    for i in range(k):
        if i == b:
            continue
        s = q = 0.0
        for t in range(rounds - w, rounds):
            d = history[t][i] - history[t][b]
            s += d
            q += d * d
        m = s / lw
        var = (q - s * s / lw + STOP_PRIOR_VARIANCE) / lw
        if m + z * math.sqrt(var / lw) < margin:
            continue
        gap = -(sums[i] - sums[b] + rest * m) - PRIOR_BONUS * (prior[i] - prior[b]) * (n + rest)
        if gap > 0 and gap * gap >= z * z * var * (rest + rest * rest / lw):
            continue
        return False
    return True


def priors(scored: list[tuple[float, tuple]]) -> list[float]:
    """The heuristic's scores made into a distribution (softmax at temperature PRIOR_TEMPERATURE)."""
    best = scored[0][0]
    w = [math.exp(max(-30.0, (v - best) / PRIOR_TEMPERATURE)) for v, _ in scored]
    total = sum(w)
    return [x / total for x in w]


def evaluate(d) -> list[float]:
    """Each seat's result in [0, 1]: the game's returns at the end, else a sigmoid of its honor lead now."""
    if d.is_terminal():
        return d.returns()
    h = [honor(d, p)["total"] for p in range(d.n)]
    out = []
    for p in range(d.n):
        rival = max(h[q] for q in range(d.n) if q != p)
        out.append(1.0 / (1.0 + math.exp(-(h[p] - rival) / HONOR_SCALE)))
    return out


def _native_game(state):
    """The native engine's game for ``state``: its own while the native engine plays it, else one made from the
    Python state's fields (None where the native engine cannot keep the position)."""
    if isinstance(state, native.NativeRokuganState) and state.engine == "native":
        return state._game
    py = state.python_state() if isinstance(state, native.NativeRokuganState) else state
    try:
        return native.from_python(py)._game
    except ValueError:
        return None


def make(seed: int, budget: str | None, engine: str | None = None) -> ISMCTSBot:
    iterations, seconds = parse_budget(budget)
    return ISMCTSBot(seed, iterations=iterations, seconds=seconds, engine=engine)
