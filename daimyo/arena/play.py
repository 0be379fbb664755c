"""Play one arena game of any registered game and keep everything needed to study and replay it.

The game is reached through its registration (:mod:`daimyo.core.registry`): ``setup`` (or ``new_from_file`` for a
game that starts from a war file), the bots of ``make_bot``, ``move_text`` for the record's lines, ``returns()`` for
the result, ``scores`` when the game has them and ``write_record`` / ``record_from_file`` for the record. Two facts
of the balance study are a game's own and come from its registration too: ``first_player`` (who moves first) and
``objectives`` (Battle for Rokugan's secret objectives); a game without them leaves them empty.

A game whose registration offers a fast path (``fast_play``: Rising Sun's wars played whole by the native engine when
every seat is a random or heuristic bot) is played there by default, with the same row but for its ``seconds``;
``engine="python"`` plays every game move by move on the Python engine, the reference (a game set up from seats
whose ``new_state`` takes an ``engine`` is set up on the Python one).
"""

from __future__ import annotations

import inspect
import time

from daimyo.arena.schedule import GameSpec
from daimyo.bots.external import BotError
from daimyo.bots.random_bot import bot_seed
from daimyo.bots.registry import make_bot
from daimyo.core.registry import game, load

#: the arena's engines: ``fast`` a game's fast path where it offers one and can play the spec (else move by move on
#: the game's default engine), ``python`` move by move on the Python engine, the reference
ENGINES = ("fast", "python")


def start_state(spec: GameSpec, engine: str = "fast"):
    """The game ``spec`` describes, set up and not yet played (on the Python engine for ``engine="python"`` where
    the game's ``new_state`` takes an engine)."""
    info = game(spec.game)
    if info.starts_from_file:
        assert info.new_from_file is not None and spec.start is not None
        return info.new_from_file(spec.start)
    if engine == "python" and info.new_state is not None and "engine" in inspect.signature(info.new_state).parameters:
        return info.setup(spec.players, spec.seed, list(spec.clans), engine="python")
    return info.setup(spec.players, spec.seed, list(spec.clans))


def play_spec(spec: GameSpec, engine: str = "fast") -> dict:
    """Play the game ``spec`` describes; returns its row (results, scores, first player, objectives and the record).

    ``engine``: ``fast`` (the game's ``fast_play`` where it plays the spec) or ``python`` (move by move, the reference)."""
    if engine not in ENGINES:
        raise ValueError(f"engine: '{engine}' is not an arena engine ({', '.join(ENGINES)})")
    t0 = time.perf_counter()
    info = game(spec.game)
    if engine == "fast" and info.fast_play is not None:
        fields = load(info.fast_play)(spec)
        if fields is not None:
            return _row(spec, fields, t0)
    s = start_state(spec, engine)
    bots = {p: make_bot(spec.game, spec.bots[p], bot_seed(spec.seed, p)) for p in range(spec.players)}
    first_of = info.first_player   # read from the state as soon as it is known (None until then)
    acts: list[tuple[int, str]] = []
    first = None
    while not s.is_terminal():
        if first is None and first_of is not None:
            first = first_of(s)
        acting = s.to_act()
        if not acting:
            raise RuntimeError(f"{info.title}: the game is not over but nobody is to act")
        for seat in acting:  # a simultaneous choice: each seat in turn, none seeing the others' choice
            if seat not in s.to_act():
                break
            try:
                move = bots[seat].choose(s, seat)
            except BotError as e:   # an outside bot failed: say which game, seat and bot
                who = f"game {spec.index} (seed {spec.seed}), seat {seat}, bot '{spec.bots[seat]}'"
                raise BotError(f"{who}: {e}") from None
            acts.append((seat, info.move_text(s, seat, move)))
            tell(bots, "observe", s, s.apply_move(seat, move))
    tell(bots, "finish", s)
    returns = s.returns()
    if spec.start is not None:
        assert info.record_from_file is not None
        record = info.record_from_file(spec.start, acts)
    else:
        record = info.write_record(spec.players, spec.seed, list(spec.clans), acts)
    return _row(spec, {
        "clans": list(info.seat_names(s)) if info.seat_names is not None else list(spec.clans),
        "first": first,
        "returns": returns,
        "scores": info.scores(s) if info.scores is not None else None,
        "objectives": info.objectives(s) if info.objectives is not None else [],
        "moves": len(acts),
        "record": record,
    }, t0)


def _row(spec: GameSpec, fields: dict, t0: float) -> dict:
    """The arena's row of a game ``spec`` played to ``fields`` (clans, first, returns, scores, objectives, moves and
    the record without its bots line), whichever path played it."""
    returns = fields["returns"]
    best = max(returns)
    return {
        "game": spec.index,
        "game_name": spec.game,
        "start": spec.start_name,
        "seed": spec.seed,
        "players": spec.players,
        "bots": list(spec.bots),
        "clans": fields["clans"],
        "first": fields["first"],
        "winners": [p for p, r in enumerate(returns) if r > 0 and r == best],
        "returns": returns,
        "scores": fields["scores"],
        "objectives": fields["objectives"],
        "moves": fields["moves"],
        "seconds": round(time.perf_counter() - t0, 3),
        "record": with_bots(fields["record"], spec.bots),
    }


def tell(bots: dict, hook: str, state, *args) -> None:
    """Call ``hook`` (``observe(state, seat, events)`` after each move, ``finish(state, seat)`` at the end) on each
    bot that has it, with its own seat: how outside programs get the events and the end of a game, as in a live one."""
    for seat, bot in bots.items():
        method = getattr(bot, hook, None)
        if callable(method):
            method(state, seat, *args)


def with_bots(record: str, bots: tuple[str, ...]) -> str:
    """The record with a first comment line naming the bot of each seat (``# bots: heuristic random``), so a stored
    game says who played it; every game's record reader skips comments, so it still replays."""
    return f"# bots: {' '.join(bots)}\n{record}"


def bots_of(record: str) -> list[str]:
    """The bots a stored record names in its first line (:func:`with_bots`)."""
    first = record.split("\n", 1)[0]
    if not first.startswith("# bots: "):
        raise ValueError("record: its first line is not '# bots: ...' (not an arena record)")
    return first.removeprefix("# bots: ").split()
