"""Analysis after a game: each seat's winning chances after each move, and what the search bot would have played.

Given a finished game's record, :func:`analyse` replays it (through the ``standing`` module its registration names:
``parse`` and ``actor_seat``) and, for each position,

* estimates **each seat's chance of winning from that seat's own view at that moment**: a number of worlds are drawn
  from what the seat may know then (the determinization its search bot uses: Battle for Rokugan's
  :func:`~daimyo.bots.rokugan.knowledge.determinize`, Senjutsu's :func:`~daimyo.bots.senjutsu.smmcts.determinize`,
  Rising Sun's :func:`~daimyo.bots.risingsun.regret.seat_world`), each is played to the end by the game's heuristic
  bot in every seat, and the seat's share of the wins is its chance. The true hidden facts of the other seats (and
  the generator's future draws) are never read: the estimate is the same whatever they were, for the same view;
* asks the game's search bot (``ismcts``, ``smmcts``, ``regret``, made through :mod:`daimyo.bots.registry`) what it
  would have played at each decision, from the state before that move (the bot determinizes from the actor's view
  itself), written as the action's text.

The work is bounded by a :class:`Budget`: rollouts (worlds) or seconds per position, and seconds per game. Positions
are taken coarse to fine (the start, the end, the middle, the quarters...), so a game cut by the cap still has its
chart spread over the whole game; positions not reached are None. A game whose registration offers no search bot
(a test's toy game) has no analysis: :class:`NoAnalysis` says so.
"""

from __future__ import annotations

import importlib
import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from daimyo.bots.random_bot import play
from daimyo.bots.registry import bot_names, game_bot
from daimyo.core.game import Action
from daimyo.core.registry import game
from daimyo.core.rng import Rng

#: the most positions one game's analysis looks at, whatever the budget (a longer game is sampled coarse to fine)
MAX_POSITIONS = 2000


class NoAnalysis(ValueError):
    """The game has no analysis (no search bot), or the record cannot be analysed; the message says which."""


@dataclass(frozen=True)
class Budget:
    """``rollouts`` worlds per seat per position, or ``seconds`` per position (shared by the seats' estimates and
    the suggestion); ``game_seconds`` caps one game's whole analysis. Only rollout budgets are reproducible."""

    rollouts: int | None = 16
    seconds: float | None = None
    game_seconds: float = 60.0

    @classmethod
    def parse(cls, text: str | None, game_seconds: float = 60.0) -> Budget:
        """``"16"`` -> 16 rollouts per seat per position; ``"0.2s"`` -> 0.2 seconds per position."""
        if not 0 < game_seconds < math.inf:
            raise ValueError(f"cap: a game's analysis needs a positive number of seconds, not {game_seconds}")
        if text is None or not text.strip():
            return cls(game_seconds=game_seconds)
        t = text.strip().lower()
        try:
            if t.endswith("s"):
                x = float(t[:-1])
                if not 0 < x < math.inf:
                    raise ValueError
                return cls(rollouts=None, seconds=x, game_seconds=game_seconds)
            n = int(t)
            if not 0 < n <= 100_000:
                raise ValueError
            return cls(rollouts=n, game_seconds=game_seconds)
        except ValueError:
            raise ValueError(f"budget: write rollouts per position (16) or seconds per position (0.2s), "
                             f"not '{text}'") from None

    def search_spec(self, bot: str) -> str:
        """The search bot's spec for one suggestion under this budget."""
        if self.seconds is not None:
            return f"{bot}:{max(0.001, self.seconds / 2):g}s"
        return f"{bot}:{self.rollouts}"


# -- each game's worlds: a determinized copy of the state from one seat's view ---------------------------------------

def _rokugan_world(state: Any, seat: int, rng: Rng) -> Any:
    from daimyo.bots.rokugan.knowledge import determinize
    from daimyo.rokugan import native
    base = state.python_state() if getattr(state, "engine", None) == "native" else state
    world = determinize(base, seat, rng)
    return native.from_python(world) if native.available() else world   # played out natively where built


def _senjutsu_world(state: Any, seat: int, rng: Rng) -> Any:
    from daimyo.bots.senjutsu.smmcts import determinize
    from daimyo.senjutsu import native
    base = state.python_state() if getattr(state, "engine", None) == "native" else state
    world = determinize(base, seat, rng)
    return native.NativeSenjutsuState.from_python(world) if native.available() else world


def _senjutsu_drawable(state: Any, seat: int) -> bool:
    """A question pending for another duellist names cards of its hidden hand (its options): no world drawn from
    ``seat``'s view agrees with it, so the estimate is the one before that question (:func:`analyse`)."""
    base = state.python_state() if getattr(state, "engine", None) == "native" else state
    pending = getattr(base, "pending", None)
    return not (pending and pending.get("seat") not in (None, seat))


def _risingsun_world(state: Any, seat: int, rng: Rng) -> Any:
    """Rising Sun's war as ``seat`` knows it (:func:`~daimyo.bots.risingsun.regret.seat_world`): the others' bids
    not yet revealed taken back, their unshown reserves estimated; its own bid, and bids once revealed, kept."""
    from daimyo.bots.risingsun.regret import seat_world
    from daimyo.risingsun.state import BID
    world = seat_world(state, seat)
    for p, bid in state.bids.items():
        if state.step == BID and p != seat:
            continue   # still hidden from seat: that seat bids again in the world
        world.bids[p] = bid
        known = p == seat or state.shown[p]
        world.coins[p] = state.coins[p] if known else max(0, world.coins[p] - sum(bid))
    return world


@dataclass(frozen=True)
class Searcher:
    """How a game is analysed: its search bot's name, its worlds from a seat's view, its rollout bot's name."""

    bot: str
    world: Callable[[Any, int, Rng], Any]
    rollout: str = "heuristic"
    drawable: Callable[[Any, int], bool] = lambda state, seat: True   # whether a world can be drawn there


#: game name -> its analysis (a game not named here has none)
SEARCHERS: dict[str, Searcher] = {
    "rokugan": Searcher("ismcts", _rokugan_world),
    "senjutsu": Searcher("smmcts", _senjutsu_world, drawable=_senjutsu_drawable),
    "risingsun": Searcher("regret", _risingsun_world),
}


def searcher(game_name: str) -> Searcher:
    """The game's analysis; :class:`NoAnalysis` for a game without a search bot (or an unknown game)."""
    info = game(game_name)
    found = SEARCHERS.get(info.name)
    if found is None or info.standing is None or found.bot not in bot_names(info.name):
        raise NoAnalysis(f"no analysis for {info.title}: it has no search bot")
    return found


# -- the estimates ---------------------------------------------------------------------------------------------------

def win_chance(game_name: str, state: Any, seat: int, rollouts: int | None, seconds: float | None, seed: int) -> float:
    """``seat``'s chance of winning ``state`` from its own view: the mean of its returns over worlds drawn from that
    view, each played to the end by the heuristic bot in every seat (``rollouts`` worlds, or as many as ``seconds``
    allow, at least one)."""
    if state.is_terminal():
        return float(state.returns()[seat])
    s = searcher(game_name)
    rng = Rng(seed)
    total, n = 0.0, 0
    deadline = None if seconds is None else time.perf_counter() + seconds
    while True:
        world = s.world(state, seat, rng)
        n_seats = len(world.returns())
        bots = {p: game_bot(game_name, s.rollout, rng.next64() & 0x7FFF_FFFF) for p in range(n_seats)}
        play(world, bots)
        total += world.returns()[seat]
        n += 1
        if (rollouts is not None and n >= rollouts) or (deadline is not None and time.perf_counter() >= deadline):
            return total / n


def _order(count: int) -> list[int]:
    """0..count-1 coarse to fine: both ends, then the middle, then the middles of the halves, and so on."""
    if count <= 0:
        return []
    seen: set[int] = set()
    out: list[int] = []
    step = count - 1 if count > 1 else 1
    while True:
        for i in range(0, count, step):
            if i not in seen:
                seen.add(i)
                out.append(i)
        if count - 1 not in seen:
            seen.add(count - 1)
            out.append(count - 1)
        if step == 1:
            return out
        step = max(1, step // 2)


def _positions(game_name: str, text: str) -> tuple[list[Any], list[tuple[int, str]]]:
    """Each state of the record (the start, then after each action) and each action (seat, text)."""
    info = game(game_name)
    module = importlib.import_module(info.standing or "")
    try:
        parsed = module.parse(text)
    except ValueError as e:   # ReplayError names the line
        raise NoAnalysis(f"record: {e}") from None
    state, actions = parsed[0], parsed[1]
    if len(actions) + 1 > MAX_POSITIONS:
        raise NoAnalysis(f"record: {len(actions)} actions; an analysis takes at most {MAX_POSITIONS - 1}")
    states = [state.clone()]
    moves: list[tuple[int, str]] = []
    for no, actor, act in actions:
        try:
            seat = module.actor_seat(state, actor)
            state.apply(Action(seat, act))
        except ValueError as e:   # RuleViolation and a bad actor are ValueErrors naming what is wrong
            raise NoAnalysis(f"record: line {no}: {actor}: {act}: {e}") from None
        moves.append((seat, act))
        states.append(state.clone())
    return states, moves


def analyse(game_name: str, text: str, budget: Budget | None = None, seed: int = 0,
            finished_only: bool = True) -> dict:
    """The analysis of the record ``text`` of a game of ``game_name`` (see the module docstring), as JSON-ready data:

    ``{"game", "bot", "seats", "complete", "positions": [{"move", "seat", "action", "chances", "suggestion"}]}``;
    position 0 is the start (no move), position k follows the k-th action (``seat`` played ``action``);
    ``chances[s]`` is seat s's chance of winning from its own view there (None where the cap came first);
    ``suggestion`` is what the search bot would have played instead of ``action`` (None where not reached or where
    the actor had a single legal move). :class:`NoAnalysis` for a game without a search bot, a bad record, or
    (``finished_only``) a game not over."""
    budget = budget or Budget()
    s = searcher(game_name)
    states, moves = _positions(game_name, text)
    if finished_only and not states[-1].is_terminal():
        raise NoAnalysis("record: the game is not over; only a finished game is analysed")
    n_seats = len(states[0].returns())
    rows: list[dict] = [{"move": k, "seat": None if k == 0 else moves[k - 1][0],
                         "action": None if k == 0 else moves[k - 1][1],
                         "chances": [None] * n_seats, "suggestion": None} for k in range(len(states))]
    deadline = time.perf_counter() + budget.game_seconds
    share = None if budget.seconds is None else budget.seconds / (2 * n_seats)
    complete = True
    known: dict[tuple[int, int], float] = {}

    def chance(k: int, p: int) -> float:
        while k > 0 and not states[k].is_terminal() and not s.drawable(states[k], p):
            k -= 1   # no world agrees with this position from p's view: p's latest estimate before it
        if (k, p) not in known:
            known[k, p] = round(win_chance(game_name, states[k], p, budget.rollouts, share, _seed(seed, k, p)), 4)
        return known[k, p]

    for k in _order(len(states)):
        if time.perf_counter() >= deadline:
            complete = False
            break
        row = rows[k]
        row["chances"] = [chance(k, p) for p in range(n_seats)]
        if k > 0:
            row["suggestion"] = suggestion(game_name, states[k - 1], moves[k - 1][0], budget, _seed(seed, k, -1), s)
    return {"game": game_name, "bot": s.bot, "seats": n_seats, "complete": complete, "positions": rows}


def suggestion(game_name: str, state: Any, seat: int, budget: Budget, seed: int, s: Searcher | None = None) -> str | None:
    """What the search bot would play for ``seat`` at ``state``, as the action's text; None with a single legal
    move (nothing to suggest)."""
    s = s or searcher(game_name)
    legal = state.legal_moves(seat)
    if len(legal) <= 1:
        return None
    bot = game_bot(game_name, budget.search_spec(s.bot), seed)
    move = bot.choose(state.clone(), seat)
    return game(game_name).move_text(state, seat, move)


def _seed(seed: int, k: int, seat: int) -> int:
    return (seed * 1_000_003 + k * 131 + seat + 1) & 0x7FFF_FFFF


def table(result: dict) -> list[str]:
    """The analysis as text lines: one per position, each seat's chance in per cent and the suggestion."""
    n = result["seats"]
    lines = [f"{'move':>4}  {'seat':>4}  " + "  ".join(f"seat {p}" for p in range(n)) + "  action / the bot's choice"]
    for row in result["positions"]:
        chances = "  ".join(f"{'-' if c is None else f'{100 * c:.0f}%':>6}" for c in row["chances"])
        seat = "" if row["seat"] is None else str(row["seat"])
        what = row["action"] or "(start)"
        if row["suggestion"] is not None and row["suggestion"] != row["action"]:
            what += f"   (bot: {row['suggestion']})"
        lines.append(f"{row['move']:>4}  {seat:>4}  {chances}  {what}")
    if not result["complete"]:
        lines.append("(the game's cap came first: '-' marks positions not analysed)")
    return lines
