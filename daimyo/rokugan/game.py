"""Battle for Rokugan's registration in the game registry (:mod:`daimyo.core.registry`)."""

from __future__ import annotations

import functools
import json
from typing import TYPE_CHECKING, Any

from daimyo.core.game import GameState
from daimyo.core.record import seed_header
from daimyo.core.registry import GameInfo, Randomness, register
from daimyo.rokugan.table import RokuganTable

if TYPE_CHECKING:   # the registration imports the rules only when a game is made
    from daimyo.rokugan.data import Rules
    from daimyo.rokugan.native import NativeRokuganState
    from daimyo.rokugan.state import RokuganState


def clan_names() -> list[str]:
    """Setup 3. Choose Clans: the clans a seat may take (under the process's default rules)."""
    from daimyo.rokugan.data_variant import default_rules
    return list(default_rules().clan_names)


def new_state(players: int, randomness: Randomness, clans: list[str], engine: str | None = None,
              rules: Rules | None = None) -> RokuganState | NativeRokuganState:
    """Setup 1-11; with no clans given, the players choose them as the game's first actions (Setup 3).

    ``engine``: ``"native"`` or ``"python"``; by default the native engine where it is built and plays ``rules``
    (docs/native.md). ``rules``: the game's rules (a table's rules file's); by default the process's default rules."""
    from daimyo.rokugan import native, new_game
    return new_game(players=players, seed=randomness, clans=list(clans) or None,
                    engine=engine or native.default_engine(randomness, rules), rules=rules)


def seat_names(state: Any) -> list[str]:
    return [state.clan_of(seat) for seat in range(state.n)]


def scores(state: Any) -> list[int]:
    """Final Scoring: each seat's Honor total (a native game's read without building its whole result)."""
    totals = getattr(state, "totals", None)
    return totals() if callable(totals) else [row["total"] for row in state.result["scores"]]


def move_text(state: Any, seat: int, move: Any) -> str:
    from daimyo.rokugan.notation import move_text as text_of
    return text_of(state, seat, move)


def canonical(state: Any, seat: int, text: str) -> str:
    """The notation's own text of an action that ``state`` accepted from ``seat``."""
    from daimyo.rokugan.notation import move_text as text_of, parse_move
    return text_of(state, seat, parse_move(state, seat, text))


def progress(state: Any) -> tuple[int, str]:
    """(round, phase) for the games list."""
    return state.round, state.phase


def result(state: Any) -> dict:
    return state.result


def record(players: int, randomness: Randomness, clans: list[str], acts: list[tuple[int, str]],
           rules: Rules | None = None) -> str:
    """The game's record; ``rules`` (a rules file's, by default the process's default rules) go into its header."""
    from daimyo.rokugan.record import record_text
    header = {"players": players, **seed_header(randomness), "clans": " ".join(clans)}
    return record_text(header, [(clans[seat], text) for seat, text in acts], rules)


def replay(text: str) -> GameState:
    from daimyo.rokugan.record import replay as replay_record
    return replay_record(text).state


def first_player(state: Any) -> int | None:
    """Setup 8: the first player of round one, known once the setup is done (before any initiative card is drawn)."""
    return state.first if state.round >= 1 else None


def objectives(state: Any) -> list:
    """Final Scoring: each seat's secret objective, whether it was met and the Honor it gave."""
    return [[row["objective"], row["objective_met"], row["objective_honor"]] for row in state.result["scores"]]
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
    seats_in_play=True, seat_names=seat_names, scores=scores, environment="daimyo.rl.rokugan:env",
    bots="daimyo.bots.rokugan", undo_echoes=frozenset({"place-own"}), first_player=first_player, objectives=objectives,
    rule_codes="rk", words="daimyo.words.rokugan",
    standing="daimyo.rokugan.standing", rules_files="daimyo.rokugan.data_variant",
    raw_environment="daimyo.rl.rokugan:raw_env", gymnasium_id="daimyo/Rokugan-v0",
    openspiel_game="daimyo.rl.rokugan_openspiel:openspiel_game",
    # server and pages
    page="rokugan.html", page_data=page_data, page_files={"board.svg": board_svg},
    table_options=RokuganTable(new_state, record, page_data),
))
