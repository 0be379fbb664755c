"""Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling, Powley and Whitehouse 2012).

Each iteration:

1. **Determinize.** Draw a full game state consistent with what this bot's seat may know
   (:func:`daimyo.bots.knowledge.determinize`): the other players' hidden tokens, hands, pools,
   objectives and territory cards and the generator are sampled; the true hidden facts are never read.
2. **Select.** Walk down the one tree shared by all determinizations. A node's children are
   the moves made from it; only those legal in this determinization are candidates, and each
   candidate's *availability* is counted, so UCB uses how often a move could have been chosen
   (ISMCTS-UCB with availability).
3. **Expand.** At the root the candidates are the heuristic bot's best moves (the others are
   never better in its reading of the board and would spread the budget too thin); below the
   root a node grows a new child (the heuristic's quick choice for whoever is to act) when its
   visits allow one more (progressive widening, children <= 1 + sqrt(visits)).
4. **Simulate.** Play on with the heuristic's quick policy until the current round has been
   resolved (or the game ends).
5. **Evaluate and back up.** Each seat's result is its honor lead on the board then (a sigmoid of
   its honor minus the best rival's), or the game's returns at the end. Every node on the path
   adds the result of the seat that made its move.

The move chosen is the root child visited most. A budget is a number of iterations (``200``)
or seconds (``1s``, ``0.5s``); only iteration budgets are reproducible.
Setup choices with little to search (clans, objectives, the Dragon's return) are the heuristic's.
"""

from __future__ import annotations

import math
import time

from daimyo.bots.heuristic import HeuristicBot
from daimyo.bots.knowledge import determinize
from daimyo.core.rng import Rng
from daimyo.rokugan.scoring import honor
from daimyo.rokugan.state import SETUP_CLANS, SETUP_OBJECTIVES

ROOT_CANDIDATES = 8
EXPLORATION = 0.7
HONOR_SCALE = 4.0
MAX_ROLLOUT_MOVES = 400


class _Node:
    __slots__ = ("move", "player", "parent", "children", "visits", "reward", "avail")

    def __init__(self, move, player: int, parent):
        self.move = move
        self.player = player
        self.parent = parent
        self.children: dict = {}
        self.visits = 0
        self.reward = 0.0
        self.avail = 0

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
            return None, float(text[:-2]) / 1000
        if text.endswith("s"):
            value = float(text[:-1])
            if value <= 0:
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
                 root_candidates: int = ROOT_CANDIDATES, exploration: float = EXPLORATION):
        if iterations is None and seconds is None:
            seconds = 1.0
        self.rng = Rng(seed)
        self.iterations = iterations
        self.seconds = seconds
        self.root_candidates = root_candidates
        self.exploration = exploration
        self.heuristic = HeuristicBot(Rng(seed ^ 0x15_3C75).next64())
        self.last_iterations = 0
        self.last_seconds = 0.0

    def choose(self, state, seat: int) -> tuple:
        moves = state.legal_moves(seat)
        if len(moves) == 1:
            return moves[0]
        if state.phase in (SETUP_CLANS, SETUP_OBJECTIVES) or (state.pending and state.pending[-1][0] == "dragon_return"):
            return self.heuristic.choose(state, seat)
        scored = self.heuristic.score_moves(state, seat, moves)
        scored.sort(key=lambda vm: -vm[0])
        candidates = [m for _, m in scored[:self.root_candidates]]
        if len(candidates) == 1:
            return candidates[0]
        root = self.search(state, seat, candidates)
        best = max(root.children.values(), key=lambda c: (c.visits, c.reward))
        return best.move

    def search(self, state, seat: int, candidates: list) -> _Node:
        root = _Node(None, seat, None)
        for m in candidates:
            root.children[m] = _Node(m, seat, root)
        t0 = time.perf_counter()
        deadline = t0 + self.seconds if self.seconds is not None else None
        done = 0
        while True:
            if self.iterations is not None and done >= self.iterations:
                break
            if deadline is not None and done > 0 and time.perf_counter() >= deadline:
                break
            self._iterate(state, seat, root)
            done += 1
        self.last_iterations = done
        self.last_seconds = time.perf_counter() - t0
        return root

    def _iterate(self, state, seat: int, root: _Node) -> None:
        rng = self.rng
        d = determinize(state, seat, rng)
        start_round = d.round
        node = root
        path = []
        c = self.exploration
        # selection and expansion
        while not d.is_terminal() and d.round == start_round:
            actor = d.to_act()[0]
            if node is root:
                legal = list(root.children.values())
            else:
                legal_moves = d.legal_moves(actor)
                legal = [ch for m, ch in node.children.items() if ch.player == actor and m in legal_moves]
                if len(node.children) < 1 + math.isqrt(node.visits):
                    self.heuristic.rng = Rng(rng.next64())
                    m = self.heuristic.quick_choose(d, actor)
                    if m not in node.children:
                        child = node.children[m] = _Node(m, actor, node)
                        d.apply_move(actor, m)
                        path.append(child)
                        node = child
                        break
                if not legal:
                    break
            for ch in legal:
                ch.avail += 1
            node = max(legal, key=lambda ch: ch.ucb(c))
            d.apply_move(actor, node.move)
            path.append(node)
            if node.visits == 0:
                break
        # simulation to the end of the round
        self.heuristic.rng = Rng(rng.next64())
        steps = 0
        while not d.is_terminal() and d.round == start_round and steps < MAX_ROLLOUT_MOVES:
            actor = d.to_act()[0]
            d.apply_move(actor, self.heuristic.quick_choose(d, actor))
            steps += 1
        if state.round == 0:
            # from setup: also play the first round, where the starting provinces are fought over
            while not d.is_terminal() and d.round <= 1 and steps < MAX_ROLLOUT_MOVES:
                actor = d.to_act()[0]
                d.apply_move(actor, self.heuristic.quick_choose(d, actor))
                steps += 1
        values = evaluate(d)
        root.visits += 1
        for n in path:
            n.visits += 1
            n.reward += values[n.player]


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


def make(seed: int, budget: str | None) -> ISMCTSBot:
    iterations, seconds = parse_budget(budget)
    return ISMCTSBot(seed, iterations=iterations, seconds=seconds)
