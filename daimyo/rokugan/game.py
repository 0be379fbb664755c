"""Battle for Rokugan's registration in the game registry (:mod:`daimyo.core.registry`)."""

from __future__ import annotations

import functools
import json

from daimyo.core.record import seed_header
from daimyo.core.registry import GameInfo, Randomness, register


def clan_names() -> list[str]:
    """Setup 3. Choose Clans: the clans a seat may take."""
    from daimyo.rokugan.data import RULES
    return list(RULES.clan_names)


def new_state(players: int, randomness: Randomness, clans: list[str], engine: str | None = None):
    """Setup 1-11; with no clans given, the players choose them as the game's first actions (Setup 3).

    ``engine``: ``"native"`` or ``"python"``; by default the native engine where it is built (docs/native.md)."""
    from daimyo.rokugan import native, new_game
    return new_game(players=players, seed=randomness, clans=list(clans) or None, engine=engine or native.default_engine(randomness))


def seat_names(state) -> list[str]:
    return [state.clan_of(seat) for seat in range(state.n)]


def scores(state) -> list[int]:
    """Final Scoring: each seat's Honor total."""
    return [row["total"] for row in state.result["scores"]]


def move_text(state, seat: int, move) -> str:
    from daimyo.rokugan.notation import move_text as text_of
    return text_of(state, seat, move)


def canonical(state, seat: int, text: str) -> str:
    """The notation's own text of an action that ``state`` accepted from ``seat``."""
    from daimyo.rokugan.notation import move_text as text_of, parse_move
    return text_of(state, seat, parse_move(state, seat, text))


def progress(state) -> tuple[int, str]:
    """(round, phase) for the games list."""
    return state.round, state.phase


def result(state) -> dict:
    return state.result


def record(players: int, randomness: Randomness, clans: list[str], acts: list[tuple[int, str]]) -> str:
    from daimyo.rokugan.record import record_text
    header = {"players": players, **seed_header(randomness), "clans": " ".join(clans)}
    return record_text(header, [(clans[seat], text) for seat, text in acts])


def replay(text: str):
    from daimyo.rokugan.record import replay as replay_record
    return replay_record(text).state


@functools.cache
def page_data() -> dict:
    """The printed components, for the page's names (all public; ``GET /api/rokugan/data``)."""
    from importlib.resources import files

    d = files("daimyo.rokugan") / "data"
    return {name: json.loads((d / f"{name}.json").read_text())
            for name in ("board", "clans", "components", "territory_cards", "objectives")}


def board_svg() -> str:
    """The board drawing (``GET /api/rokugan/board.svg``, docs/web.md)."""
    from daimyo.rokugan.board_svg import board_svg as draw
    return draw()


ROKUGAN = register(GameInfo(
    name="rokugan", title="Battle for Rokugan", min_players=2, max_players=5,
    seat_word="clan", unique_rule="Setup 3. Choose Clans", seat_choices=clan_names,
    new_state=new_state, move_text=move_text, canonical=canonical, progress=progress, result=result,
    record=record, replay=replay,
    seats_in_play=True, seat_names=seat_names, scores=scores, environment="daimyo.rl.env:env",
    # server and pages
    page="game.html", page_data=page_data, page_files={"board.svg": board_svg},
))
