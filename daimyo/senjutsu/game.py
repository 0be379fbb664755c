"""Senjutsu's registration in the game registry (:mod:`daimyo.core.registry`).

A seat's choice is its character; 2 to 4 duellists (Setup). The battlefield's terrain is a setup laid out from the
game's ``terrain`` stream (:func:`terrain`), so a game is still (randomness, characters, actions).
"""

from __future__ import annotations

import functools
import json
from typing import TYPE_CHECKING, Any

from daimyo.core.game import GameState
from daimyo.core.record import seed_header
from daimyo.core.registry import GameInfo, Randomness, register
from daimyo.core.rng import stream
from daimyo.senjutsu.table import SenjutsuTable

if TYPE_CHECKING:   # the registration imports the rules only when a game is made
    from daimyo.senjutsu.native import NativeSenjutsuState
    from daimyo.senjutsu.state import SenjutsuState


def character_names() -> list[str]:
    """Player Setup: the characters a seat may take."""
    from daimyo.senjutsu.cards import sample_set
    return list(sample_set().characters)


def terrain(randomness: Randomness) -> list[tuple[str, list]]:
    """Battlefield Setup 2, as laid out from the game's ``terrain`` stream: two pieces inside the ring of hexes one or
    two from the centre and more than two hexes apart (the two-hex rule)."""
    from daimyo.senjutsu.hexgrid import distance
    rng = stream(randomness, "terrain")
    kinds = ["rock", "tree", "bamboo", "shrine", "cart"]
    spots = [(q, r) for q in range(-2, 3) for r in range(-2, 3) if 1 <= distance((q, r), (0, 0)) <= 2]
    first = spots[rng.below(len(spots))]
    far = [h for h in spots if distance(h, first) > 2]
    second = far[rng.below(len(far))]
    a = kinds.pop(rng.below(len(kinds)))
    return [(a, [first]), (kinds[rng.below(len(kinds))], [second])]


def new_state(players: int, randomness: Randomness, characters: list[str], engine: str | None = None
              ) -> SenjutsuState | NativeSenjutsuState:
    """Setup, the terrain laid out from the game's ``terrain`` stream. ``engine``: ``"native"`` or ``"python"``; by
    default the native engine where it is built (docs/native.md, "Senjutsu")."""
    from daimyo.senjutsu import new_game
    return new_game(list(characters), seed=randomness, terrain=terrain(randomness), engine=engine)


def move_text(state: Any, seat: int, move: Any) -> str:
    return move  # Senjutsu bots answer with the action's text


def canonical(state: Any, seat: int, text: str) -> str:
    """Senjutsu's notation is its legal actions' own texts, already one line with single spaces."""
    return text


def progress(state: Any) -> tuple[int, str]:
    return state.turn, state.phase


def result(state: Any) -> dict:
    """The characters left standing (several when they fell at the same moment: a shared draw)."""
    return {"winners": [state.duellists[i].character for i in state.result]}


def record(players: int, randomness: Randomness, characters: list[str], acts: list[tuple[int, str]]) -> str:
    from daimyo.senjutsu.record import record_text
    from daimyo.senjutsu.state import seat_name
    pieces = "; ".join(f"{kind} " + " ".join(f"{q},{r}" for q, r in hexes) for kind, hexes in terrain(randomness))
    header = {**seed_header(randomness), "board": "one", "characters": " ".join(characters), "terrain": pieces}
    return record_text(header, [(seat_name(seat), text) for seat, text in acts])


def replay(text: str) -> GameState:
    from daimyo.senjutsu.record import replay as replay_record
    return replay_record(text).state


def seat_names(state: Any) -> list[str]:
    return [duellist.character for duellist in state.duellists]


def first_player(state: Any) -> int | None:
    """Player Setup 10: the seat on top of the advantage tracker at setup."""
    return state.advantage[0] if state.advantage else None


@functools.cache
def page_data() -> dict:
    """The sample set's characters (Kamae trees) and cards, all printed and public, and the battlefield's geometry
    (the same for every duel), for the Senjutsu page (``GET /api/senjutsu/data``)."""
    from importlib.resources import files

    d = json.loads((files("daimyo.senjutsu") / "data" / "sample.json").read_text(encoding="utf-8"))
    return {"characters": d["characters"], "cards": d["cards"], "geometry": geometry()}


#: Senjutsu's table options (daimyo/senjutsu/table.py): board, terrain, prepared cards, the players' card file
TABLE = SenjutsuTable(terrain, page_data)

SENJUTSU = register(GameInfo(
    name="senjutsu", title="Senjutsu", min_players=2, max_players=4,
    seat_word="character", unique_rule="Player Setup", seat_choices=character_names,
    new_state=new_state, move_text=move_text, canonical=canonical, progress=progress, result=result,
    record=record, replay=replay, seat_names=seat_names,
    environment="daimyo.rl.senjutsu:env",
    bots="daimyo.bots.senjutsu", undo_echoes=frozenset({"chosen-card"}), first_player=first_player, rule_codes="sj", words="daimyo.words.senjutsu",
    comparison="daimyo.arena.designer",
    standing="daimyo.senjutsu.standing",
    raw_environment="daimyo.rl.senjutsu:raw_env", gymnasium_id="daimyo/Senjutsu-v0",
    openspiel_game="daimyo.rl.senjutsu:openspiel_game",
    # server and pages
    page="senjutsu.html", page_data=page_data, table_options=TABLE, default_players=2, choice_names="characters",
    page_words={"choice": "sj.charname.", "phase": "sj.phase.", "progress": "lobby.turn_phase"},
))


def geometry() -> dict:
    """The battlefield's layout for the browser (public, the same in every duel), from :mod:`~daimyo.senjutsu.hexgrid`.

    In the plane of a hex of radius 1 (flat-topped, x to the right, y down): ``axes`` the centres of hexes ``1,0`` and
    ``0,1`` (so a hex's centre is ``q * axes.q + r * axes.r``), ``corners`` a hex's six corners around its centre,
    ``directions`` the step of each facing (``facings``, clockwise from ``n``) and ``relative`` the grid's relative
    directions; for each battlefield (``one``, ``two``) every hex ``q,r`` with its centre and its six neighbours in
    facing order (null off the battlefield). The plane is hexgrid's integer frame (X, Y) scaled to (X / 2, Y * √3 / 2).
    """
    from math import sqrt

    from daimyo.senjutsu import hexgrid

    def plane(x: float, y: float) -> list[float]:
        return [x / 2, y * sqrt(3) / 2]

    def centre(h: hexgrid.Hex) -> list[float]:
        points = hexgrid.corners(h)
        return plane(sum(x for x, _ in points) / 6, sum(y for _, y in points) / 6)

    origin = centre((0, 0))
    boards = {}
    for kind in ("one", "two"):
        hexes = hexgrid.battlefield(kind)
        boards[kind] = {hexgrid.hex_text(h): {
            "centre": centre(h),
            "neighbours": [hexgrid.hex_text(n) if n in hexes else None for n in hexgrid.neighbours(h)],
        } for h in sorted(hexes)}
    return {
        "facings": list(hexgrid.FACINGS),
        "relative": list(hexgrid.RELATIVE),
        "directions": [list(d) for d in hexgrid.DIRECTIONS],
        "axes": {"q": centre((1, 0)), "r": centre((0, 1))},
        "corners": [[x - origin[0], y - origin[1]] for x, y in (plane(*c) for c in hexgrid.corners((0, 0)))],
        "boards": boards,
    }
