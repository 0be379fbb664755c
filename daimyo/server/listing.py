"""What a player's lists hold: an account's games ("my games"), answered by any process of a cluster from the
database, a game another process serves rebuilt from its stored actions to say whose turn it is."""

from __future__ import annotations

import asyncio

from daimyo.core.errors import RuleViolation
from daimyo.core.game import Action
from daimyo.server.games import hosted, start_state
from daimyo.server.ratings import fill_seat_ratings
from daimyo.server.rooms import summary_of
from daimyo.server.store import IN_PROGRESS, OVER, GameRow, Store


async def my_games(hub, held: list[tuple[str, int]]) -> dict:
    """An account's games, from the (game id, seat) pairs it holds: {"your_turn", "in_progress", "waiting",
    "finished"}, each a list of summaries with "you": seat. A game this process serves is read from its room;
    any other (finished, or served by another process of a cluster) from the database, its position rebuilt
    from its stored actions off the event loop."""
    out: dict[str, list] = {"your_turn": [], "in_progress": [], "waiting": [], "finished": []}
    for game_id, seat in held:
        room = hub.rooms.get(game_id)
        if room is not None:
            summary, to_act = room.summary(), set(room.state.to_act()) if not room.waiting else set()
        else:
            row = await asyncio.to_thread(hub.store.game_row, game_id)
            if row is None or hosted(row.game) is None:
                continue
            summary, to_act = await asyncio.to_thread(stored_summary, hub.store, row)
        summary = {**summary, "you": seat}
        if summary["status"] == OVER or summary["result"] is not None:
            out["finished"].append(summary)
        elif summary["status"] == IN_PROGRESS and seat in to_act:
            out["your_turn"].append(summary)
        elif any(s["open"] for s in summary["seats"]):
            out["waiting"].append(summary)
        else:
            out["in_progress"].append(summary)
    return out


def stored_summary(store: Store, row: GameRow) -> tuple[dict, set[int]]:
    """The summary of a game not in this process's memory and the seats to act (none for a finished game or a
    table), its position rebuilt from the database (in a worker thread)."""
    rules = hosted(row.game)
    fill_seat_ratings(store, [row])   # a rated game's players' ratings beside their names
    if row.status != IN_PROGRESS or rules is None:
        return summary_of(row), set()
    try:
        state = start_state(rules, row)
        for _, seat, text in store.action_rows(row.id):
            state.apply(Action(seat, text))
    except (ValueError, RuleViolation):   # a game this server cannot play (another rules version): its row only
        return summary_of(row), set()
    rnd, phase = rules.progress(state)
    return summary_of(row, round=rnd, phase=phase, to_act=[row.choices[p] for p in state.to_act()]), set(state.to_act())


__all__ = ["my_games", "stored_summary"]
