"""Rising Sun's War Phase in the game registry (:mod:`daimyo.core.registry`).

The War Phase does not start from chosen seats: it starts from a war file (docs/risingsun-war.md), the position
the season's earlier phases left, which names the clans, their Honor, coins, figures and the wars to fight. So the
registration gives ``start_file="war file"`` with a reader, the example war files and a record writer, instead of
``new_state``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from daimyo.core.game import GameState
from daimyo.core.registry import GameInfo, register
from daimyo.risingsun.data import CLAN_COLOURS, RULES

if TYPE_CHECKING:   # the registration imports the rules only when a game is made
    from daimyo.risingsun.state import RisingSunWar


def clan_names() -> list[str]:
    """The clans a war file may name as players."""
    return list(RULES.clans)


def new_from_file(text: str) -> RisingSunWar:
    """Read a war file and start its War Phase (Start of War, then every war up to the first decision)."""
    from daimyo.risingsun import load_war
    return load_war(text)


def examples() -> list[str]:
    from daimyo.risingsun import examples as names
    return names()


def open_example(name: str) -> str:
    from daimyo.risingsun import examples as names, open_example as text_of
    if name not in names():
        raise ValueError(f"example: no example war file {name!r} (examples: {', '.join(names())})")
    return text_of(name)


def move_text(state: Any, seat: int, move: Any) -> str:
    from daimyo.risingsun.notation import move_text as text_of
    return text_of(state, move)


def canonical(state: Any, seat: int, text: str) -> str:
    """The notation's own text of an action that ``state`` accepted from ``seat`` (``bid seppuku=1`` -> ``bid 1 0 0 0``)."""
    from daimyo.risingsun.notation import move_text as text_of, parse_move
    return text_of(state, parse_move(state, text))


def progress(state: Any) -> tuple[int, str]:
    """(the War Number being resolved, the battle step or the phase)."""
    from daimyo.risingsun.state import STEP_NAMES
    step = STEP_NAMES[state.step] if state.step is not None else state.phase
    return min(state.at + 1, len(state.wars)), step


def result(state: Any) -> dict | None:
    return state.result


def record_from_file(war_file: str, acts: list[tuple[int, str]]) -> str:
    from daimyo.risingsun.position import from_text
    from daimyo.risingsun.record import record_text
    clans = from_text(war_file, start=False).clans
    return record_text(war_file, [(clans[seat], text) for seat, text in acts])


def replay(text: str) -> GameState:
    from daimyo.risingsun.record import replay as replay_record
    return replay_record(text).state


def seat_names(state: Any) -> list[str]:
    return list(state.clans)


def scores(state: Any) -> list[int]:
    """The VP after the war tokens are scored, in seat order."""
    return [state.result["players"][clan]["total"] for clan in state.clans]


def page_data() -> dict:
    """Each clan's colour (daimyo/risingsun/data/colours.json, the RL pictures' too), for the Rising Sun page
    (``GET /api/risingsun/data``)."""
    return {"colours": CLAN_COLOURS}


RISINGSUN = register(GameInfo(
    name="risingsun", title="Rising Sun: the War Phase", min_players=RULES.min_players, max_players=RULES.max_players,
    seat_word="clan", unique_rule="War file: each player's clan once", seat_choices=clan_names,
    move_text=move_text, canonical=canonical, progress=progress, result=result, replay=replay,
    start_file="war file", new_from_file=new_from_file, record_from_file=record_from_file,
    examples=examples, open_example=open_example, seat_names=seat_names, scores=scores,
    environment="daimyo.rl.risingsun:env",
    bots="daimyo.bots.risingsun", undo_echoes=frozenset({"your-bid"}), rule_codes="rs", words="daimyo.words.risingsun",
    standing="daimyo.risingsun.standing", fast_play="daimyo.bots.risingsun.bulk:arena_row",
    raw_environment="daimyo.rl.risingsun:raw_env", gymnasium_id="daimyo/RisingSunWar-v0",
    openspiel_game="daimyo.rl.risingsun:openspiel_game",
    # server and pages
    page="risingsun.html", page_data=page_data,
    page_words={"title": "rs.game_name", "choice": "rs.clan.", "phase": "rs.step.", "progress": "rs.lobby.progress",
                "start_file": "rs.lobby.war", "upload": "rs.lobby.upload", "uploaded": "rs.lobby.uploaded",
                "example": "rs.example."},
    start_file_accept=".war,text/plain",
))
