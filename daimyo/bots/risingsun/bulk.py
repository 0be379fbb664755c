"""Rising Sun wars in bulk: one war file's War Phase played to its end many times by random or heuristic bots, a
designer's simulation or an arena's many wars, on the native engine (``_daimyo_risingsun_native.War``,
native/src/risingsun_play.cpp) or on the Python engine, the reference, with the same results.

The native engine reads the war file's start once (:func:`start_data`: the state before Start of War, provinces and
kinds as small integers), runs Start of War and the automatic steps up to the first decision once, and then plays
each war from there inside C++, its bots deciding draw for draw as :class:`~daimyo.bots.random_bot.RandomBot` and
:class:`~daimyo.bots.risingsun.heuristic.WarHeuristicBot` do, in the order :func:`~daimyo.bots.random_bot.play`
asks them. A war's :class:`WarResult` is the same on both engines: the winner, every clan's total, VP, coins, the
Honor track, the number of moves and, when asked, the war record (docs/risingsun-war.md) with every move.

The arena plays a game between these bots here too (:func:`arena_row`, the registration's ``fast_play``): the same
row as its move-by-move play, one native call a game.

>>> from daimyo.risingsun import open_example
>>> text = open_example("worked-battle")
>>> plays = [(("random", "heuristic", "random"), (7, 8, 9))]
>>> play_wars(text, plays, engine="native") == play_wars(text, plays, engine="python")
True
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any, NamedTuple

from daimyo.bots.random_bot import Bot, RandomBot, bot_seed, play
from daimyo.bots.risingsun import native
from daimyo.bots.risingsun.heuristic import WarHeuristicBot
from daimyo.risingsun.notation import move_text
from daimyo.risingsun.position import from_text
from daimyo.risingsun.record import record_text
from daimyo.risingsun.state import RisingSunWar

#: the bots the native engine plays, by the number it knows them by
BULK_BOTS = {"random": 0, "heuristic": 1}
ENGINES = ("native", "python")
_MASK = (1 << 64) - 1

#: one war to play: a bot name and a seed for each seat, in seat order
Play = tuple[Sequence[str], Sequence[int]]


class WarResult(NamedTuple):
    """What a war played in bulk ends with; ``record`` (the war record's text) only when asked for."""

    winner: str
    totals: tuple[int, ...]     # VP plus the War Province tokens' score, in seat order
    vp: tuple[int, ...]
    coins: tuple[int, ...]
    honor: tuple[str, ...]      # the clans from the highest Honor down
    moves: int
    record: str | None = None


def start_data(s: RisingSunWar) -> dict:
    """The world of ``s``, a war file read but not started (``from_text(text, start=False)``), as the native engine
    reads it: provinces numbered in the order first met, kinds and seasons as small integers."""
    if s.started:
        raise ValueError("the native bulk engine starts from a war file read but not started (from_text(text, start=False))")
    return native.board_data(s)


def _check(plays: Sequence[Play], n: int) -> None:
    for i, (bots, seeds) in enumerate(plays):
        if len(bots) != n or len(seeds) != n:
            raise ValueError(f"war {i}: give one bot and one seed for each of the {n} clans (got {len(bots)} bots, "
                             f"{len(seeds)} seeds)")
        for name in bots:
            if name not in BULK_BOTS:
                raise ValueError(f"war {i}: the bulk path plays the bots {', '.join(BULK_BOTS)}, not '{name}'")


def play_wars(text: str, plays: Sequence[Play], record: bool = False, engine: str | None = None) -> list[WarResult]:
    """Play the war file ``text`` once for each of ``plays`` (a bot name and a seed a seat); each war's result.

    ``engine``: ``native`` (the compiled module; ImportError saying how to build it where it is not), ``python``
    (the reference), or None: native where it is built. A war file that cannot be read raises FormatError naming
    its line; a world beyond the native engine's ceilings raises ValueError naming the field."""
    engine = engine or ("native" if native.available() else "python")
    if engine not in ENGINES:
        raise ValueError(f"unknown Rising Sun engine '{engine}' (engines: {', '.join(ENGINES)})")
    s = from_text(text, start=False)
    _check(plays, s.n)
    if engine == "python":
        return [_play_python(text, bots, seeds, record) for bots, seeds in plays]
    return _native_results(native.require().War(start_data(s)), s, text, plays, record)


def _native_results(war: Any, s: RisingSunWar, text: str, plays: Sequence[Play], record: bool) -> list[WarResult]:
    """``plays`` played by the native engine's started ``war`` of ``text`` (``s``: that file read, not started)."""
    rows = war.play([[BULK_BOTS[b] for b in bots] for bots, _ in plays],
                    [[seed & _MASK for seed in seeds] for _, seeds in plays], record)
    clans = s.clans
    return [WarResult(clans[winner], totals, vp, coins, tuple([clans[p] for p in honor]), moves,
                      None if made is None else record_text(text, [(clans[seat], move_text(s, m)) for seat, m in made]))
            for winner, totals, vp, coins, honor, moves, made in rows]


def _play_python(text: str, bots: Sequence[str], seeds: Sequence[int], record: bool) -> WarResult:
    """One war on the Python engine, as :func:`daimyo.bots.random_bot.play` plays it."""
    s = from_text(text)
    players: dict[int, Bot] = {p: RandomBot(seed) if name == "random" else WarHeuristicBot(seed)
                               for p, (name, seed) in enumerate(zip(bots, seeds, strict=True))}
    made: list[tuple[str, str]] = []
    moves = play(s, players, (lambda seat, m: made.append((s.clans[seat], move_text(s, m)))) if record else None)
    assert s.result is not None  # played to its end
    rows = [s.result["players"][c] for c in s.clans]
    return WarResult(s.result["winner"], tuple(r["total"] for r in rows), tuple(r["vp"] for r in rows),
                     tuple(r["coins"] for r in rows), tuple(s.result["honor"]), moves,
                     record_text(text, made) if record else None)


@lru_cache(maxsize=32)
def _started(text: str) -> tuple[Any, RisingSunWar]:
    """The native engine's started war of ``text`` and the war file read but not started (its clans, and the names
    its moves are written with), read once for the many wars of a simulation or an arena."""
    s = from_text(text, start=False)
    return native.require().War(start_data(s)), s


def arena_row(spec: Any) -> dict | None:
    """One arena game (a :class:`~daimyo.arena.schedule.GameSpec` of a war file) played whole by the native engine:
    the row's game fields exactly as :func:`daimyo.arena.play.play_spec` finds them move by move (clans, returns,
    scores, moves, the record without its bots line), each seat's bot seeded ``bot_seed(spec.seed, seat)`` as there.
    None, for the move-by-move play, where a seat's bot is not one the native engine plays (``random``,
    ``heuristic``), the engine is not built (or built without its wars in bulk), or the war file is one it does not take (beyond its ceilings)."""
    if spec.start is None or not native.available() or any(b not in BULK_BOTS for b in spec.bots):
        return None
    if not hasattr(native.require(), "War"):   # a module built before the wars in bulk
        return None
    try:
        war, s = _started(spec.start)
    except ValueError:   # a file the move-by-move play reads itself, and refuses with its own message where it must
        return None
    if len(spec.bots) != s.n:
        return None
    [war_result] = _native_results(war, s, spec.start, [(spec.bots, [bot_seed(spec.seed, p) for p in range(s.n)])], True)
    return {"clans": list(s.clans), "first": None, "returns": [1.0 if c == war_result.winner else 0.0 for c in s.clans],
            "scores": list(war_result.totals), "objectives": [], "moves": war_result.moves, "record": war_result.record}


class NativeWar:
    """A war file's War Phase that the native engine plays whole in one call (``daimyo risingsun simulate --engine
    native``, through :func:`daimyo.cli.simulate.simulate`): ``play_random`` plays it with a random bot a seat, seeded
    as given, and afterwards ``returns``, ``clans`` and ``result`` (each clan's ``total``, ``vp`` and ``coins``, the
    winner, the Honor track) read as the Python state's do. The war file is read and started once (kept for 32 files)."""

    __slots__ = ("_war", "clans", "result")

    def __init__(self, text: str):
        self._war, s = _started(text)
        self.clans = list(s.clans)
        self.result: dict | None = None

    def is_terminal(self) -> bool:
        return self.result is not None

    def play_random(self, seeds: Sequence[int]) -> int:
        """Play the war with random bots seeded ``seeds`` (one a clan); the number of moves."""
        n = len(self.clans)
        if len(seeds) != n:
            raise ValueError(f"give one seed for each of the {n} clans (got {len(seeds)})")
        [(winner, totals, vp, coins, honor, moves, _made)] = self._war.play([[BULK_BOTS["random"]] * n],
                                                                           [[seed & _MASK for seed in seeds]])
        self.result = {"winner": self.clans[winner], "honor": [self.clans[p] for p in honor],
                       "players": {c: {"total": totals[p], "vp": vp[p], "coins": coins[p]} for p, c in enumerate(self.clans)}}
        return moves

    def returns(self) -> list[float]:
        """1 for the winner, 0 for the others (0 for all before the war is played), as RisingSunWar.returns."""
        won = self.result["winner"] if self.result is not None else None
        return [1.0 if c == won else 0.0 for c in self.clans]
