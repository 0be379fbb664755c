"""Senjutsu's registration in the game registry (:mod:`daimyo.core.registry`).

A seat's choice is its character; 2 to 4 duellists (Setup). The battlefield's terrain is a setup laid out from the
game's ``terrain`` stream (:func:`terrain`), so a game is still (randomness, characters, actions).
"""

from __future__ import annotations

from daimyo.core.record import seed_header
from daimyo.core.registry import GameInfo, Randomness, register
from daimyo.core.rng import stream


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


def new_state(players: int, randomness: Randomness, characters: list[str], engine: str | None = None):
    """Setup, the terrain laid out from the game's ``terrain`` stream. ``engine``: ``"native"`` or ``"python"``; by
    default the native engine where it is built (docs/native.md, "Senjutsu")."""
    from daimyo.senjutsu import new_game
    return new_game(list(characters), seed=randomness, terrain=terrain(randomness), engine=engine)


def move_text(state, seat: int, move) -> str:
    return move  # Senjutsu bots answer with the action's text


def canonical(state, seat: int, text: str) -> str:
    """Senjutsu's notation is its legal actions' own texts, already one line with single spaces."""
    return text


def progress(state) -> tuple[int, str]:
    return state.turn, state.phase


def result(state) -> dict:
    """The characters left standing (several when they fell at the same moment: a shared draw)."""
    return {"winners": [state.duellists[i].character for i in state.result]}


def record(players: int, randomness: Randomness, characters: list[str], acts: list[tuple[int, str]]) -> str:
    from daimyo.senjutsu.record import record_text
    from daimyo.senjutsu.state import seat_name
    pieces = "; ".join(f"{kind} " + " ".join(f"{q},{r}" for q, r in hexes) for kind, hexes in terrain(randomness))
    header = {**seed_header(randomness), "board": "one", "characters": " ".join(characters), "terrain": pieces}
    return record_text(header, [(seat_name(seat), text) for seat, text in acts])


def replay(text: str):
    from daimyo.senjutsu.record import replay as replay_record
    return replay_record(text).state


def seat_names(state) -> list[str]:
    return [duellist.character for duellist in state.duellists]


SENJUTSU = register(GameInfo(
    name="senjutsu", title="Senjutsu", min_players=2, max_players=4,
    seat_word="character", unique_rule="Player Setup", seat_choices=character_names,
    new_state=new_state, move_text=move_text, canonical=canonical, progress=progress, result=result,
    record=record, replay=replay, seat_names=seat_names,
    environment="daimyo.rl.senjutsu:env",
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
