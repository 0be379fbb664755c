"""Play one arena game and keep everything needed to study and replay it."""

from __future__ import annotations

import time

from daimyo.arena.schedule import GAME, GameSpec
from daimyo.bots.random_bot import bot_seed
from daimyo.bots.registry import make_bot
from daimyo.core.registry import game


def play_spec(spec: GameSpec) -> dict:
    """Play the game ``spec`` describes; returns its row (results, honor, objectives and the record)."""
    t0 = time.perf_counter()
    info = game(GAME)
    s = info.setup(spec.players, spec.seed, list(spec.clans))
    bots = {p: make_bot(GAME, spec.bots[p], bot_seed(spec.seed, p)) for p in range(spec.players)}
    acts: list[tuple[int, str]] = []
    first = None
    moves = 0
    while not s.is_terminal():
        if first is None and s.round >= 1:
            first = s.first  # the first player of round one (Setup 8), before any initiative card is drawn
        seat = s.to_act()[0]
        move = bots[seat].choose(s, seat)
        acts.append((seat, info.move_text(s, seat, move)))
        s.apply_move(seat, move)
        moves += 1
    result = s.result
    assert result is not None  # the game is over
    return {
        "game": spec.index,
        "seed": spec.seed,
        "players": spec.players,
        "bots": list(spec.bots),
        "clans": list(spec.clans),
        "first": first,
        "winners": list(result["winners"]),
        "returns": s.returns(),
        "scores": [row["total"] for row in result["scores"]],
        "objectives": [[row["objective"], row["objective_met"], row["objective_honor"]] for row in result["scores"]],
        "moves": moves,
        "seconds": round(time.perf_counter() - t0, 3),
        "record": _with_bots(info.write_record(spec.players, spec.seed, list(spec.clans), acts), spec.bots),
    }


def _with_bots(record: str, bots: tuple[str, ...]) -> str:
    """The record with a ``bots:`` line (the bot of each seat) closing its header (a record is header lines, a blank
    line, then the actions: daimyo.core.record), so a stored game says who played it."""
    header, _, actions = record.partition("\n\n")
    return f"{header}\nbots: {' '.join(bots)}\n\n{actions}"
