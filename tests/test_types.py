"""The games' vocabulary in types (issue 26 item 6): the phases and Rokugan's place kinds are ``Literal`` aliases, the
views and the events' data ``TypedDict``s, and mypy checks every function of the engines and their core.

Nothing here is new at run time: these tests hold the types to what the engines do. Random games of each game are
played, and every phase reached, every place a token stood in, every view (of each seat and of a spectator) and every
event's data is checked against its declared type, key for key and value for value."""

from __future__ import annotations

import functools
import random
import tomllib
import types
import typing
from pathlib import Path
from typing import Any, Literal, NotRequired, Union, get_args, get_origin, get_type_hints, is_typeddict

import pytest

from daimyo.risingsun import events as risingsun_events, records as risingsun_records, views as risingsun_views
from daimyo.rokugan import events as rokugan_events, records as rokugan_records, views as rokugan_views
from daimyo.senjutsu import events as senjutsu_events, records as senjutsu_records, views as senjutsu_views

ROOT = Path(__file__).resolve().parents[1]
TYPED = ("daimyo.core", "daimyo.rokugan", "daimyo.senjutsu", "daimyo.risingsun")


# ------------------------------------------------------------------------------------------------ mypy's settings
def test_mypy_disallows_untyped_defs_in_the_core_and_the_three_games():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    assert config["packages"] == ["daimyo"]
    strict = [o for o in config.get("overrides", []) if o.get("disallow_untyped_defs") is True]
    assert len(strict) == 1
    modules = strict[0]["module"]
    for package in TYPED:
        assert package in modules and f"{package}.*" in modules, package


# ------------------------------------------------------------------------------------------------ a value's type
@functools.cache
def _hints(tp: type) -> dict[str, Any]:
    return get_type_hints(tp, include_extras=True)


def problems(value: Any, tp: Any, where: str) -> list[str]:
    """How ``value`` differs from the type ``tp`` (a TypedDict, a Literal, a union, list/tuple/dict of them, a class)."""
    if tp is Any:
        return []
    if tp is None or tp is type(None):
        return [] if value is None else [f"{where}: {value!r} is not None"]
    if is_typeddict(tp):
        if not isinstance(value, dict):
            return [f"{where}: {value!r} is not a {tp.__name__}"]
        hints = _hints(tp)
        out = [f"{where}.{key}: not in {tp.__name__}" for key in value if key not in hints]
        for key, hint in hints.items():
            optional = get_origin(hint) is NotRequired
            if key in value:
                out += problems(value[key], get_args(hint)[0] if optional else hint, f"{where}.{key}")
            elif not optional:
                out.append(f"{where}.{key}: missing ({tp.__name__})")
        return out
    origin, args = get_origin(tp), get_args(tp)
    if origin is Literal:
        return [] if value in args else [f"{where}: {value!r} is not one of {args}"]
    if origin in (Union, types.UnionType):
        tries = [problems(value, arg, where) for arg in args]
        return [] if any(not t for t in tries) else [f"{where}: {value!r} is none of {tp}"]
    if origin in (list, tuple):
        if not isinstance(value, origin):
            return [f"{where}: {value!r} is not a {origin.__name__}"]
        item = args[0] if args else Any
        return [p for i, x in enumerate(value) for p in problems(x, item, f"{where}[{i}]")]
    if origin is dict:
        if not isinstance(value, dict):
            return [f"{where}: {value!r} is not a dict"]
        return [p for k, v in value.items() for p in problems(k, args[0], f"{where} key") + problems(v, args[1], f"{where}[{k!r}]")]
    if tp in (int, float):
        ok = isinstance(value, (int, float) if tp is float else int) and not isinstance(value, bool)
        return [] if ok else [f"{where}: {value!r} is not {tp.__name__}"]
    if isinstance(tp, type):
        return [] if isinstance(value, tp) else [f"{where}: {value!r} is not {tp.__name__}"]
    raise AssertionError(f"{where}: no check for {tp}")


def test_the_checker_tells_a_wrong_value_from_a_right_one():
    class Row(typing.TypedDict):
        name: str
        count: NotRequired[int]
        kind: Literal["a", "b"] | None

    assert problems({"name": "x", "kind": None}, Row, "row") == []
    assert problems({"name": "x", "count": 2, "kind": "a"}, Row, "row") == []
    assert problems({"name": "x", "count": True, "kind": "c", "other": 1}, Row, "row") == [
        "row.other: not in Row", "row.count: True is not int", "row.kind: 'c' is none of typing.Optional[typing.Literal['a', 'b']]"]
    assert problems({"count": 1, "kind": "b"}, Row, "row") == ["row.name: missing (Row)"]
    assert problems([{"name": 1, "kind": "a"}], list[Row], "rows") == ["rows[0].name: 1 is not str"]


# ------------------------------------------------------------------------------------------------ random games
def _rokugan_games(games: int) -> tuple[list, list[str]]:
    """(states after every action, the phases reached) of random games of 2 to 5 players, some choosing their clans."""
    from daimyo.rokugan import new_game

    clans_all = ["crab", "crane", "dragon", "lion", "phoenix", "scorpion", "unicorn"]
    states, events = [], []
    for seed in range(games):
        rnd = random.Random(seed)
        n = 2 + seed % 4
        g = new_game(players=n, seed=seed, clans=None if seed % 2 == 0 else rnd.sample(clans_all, n))
        states.append(g.clone())
        while not g.is_terminal():
            seat = g.to_act()[0]
            events += g.apply(rnd.choice(g.legal_actions(seat)))
            states.append(g.clone())
    return states, events


def _senjutsu_duels(duels: int) -> tuple[list, list]:
    from daimyo.senjutsu import new_game
    from daimyo.senjutsu.cards import sample_set
    from daimyo.senjutsu.game import terrain

    chars = list(sample_set().characters)
    states, events = [], []
    for seed in range(duels):
        rnd = random.Random(seed)
        options: dict[str, Any] = {"terrain": terrain(seed)} if seed % 3 else {"terrain_pieces": ["rock", "tree"]}
        g = new_game(rnd.sample(chars, 2 + seed % 3), seed=seed, prepare=seed % 2 == 1, **options)
        states.append(g.clone())
        while not g.is_terminal():
            seat = g.to_act()[0]
            events += g.apply(rnd.choice(g.legal_actions(seat)))
            states.append(g.clone())
    return states, events


def _risingsun_wars(wars: int) -> tuple[list, list]:
    from daimyo.risingsun import examples, load_war, open_example

    states, events = [], []
    for k in range(wars):
        rnd = random.Random(k)
        g = load_war(open_example(examples()[k % len(examples())]))
        states.append(g.clone())
        while not g.is_terminal():
            seat = g.to_act()[0]
            events += g.apply(rnd.choice(g.legal_actions(seat)))
            states.append(g.clone())
    return states, events


@pytest.fixture(scope="module")
def rokugan_played():
    return _rokugan_games(8)


@pytest.fixture(scope="module")
def senjutsu_played():
    return _senjutsu_duels(9)


@pytest.fixture(scope="module")
def risingsun_played():
    return _risingsun_wars(6)


# ------------------------------------------------------------------------------------------------ phases
def test_rokugan_phase_literal_lists_exactly_the_phases_of_a_game(rokugan_played):
    """Setup (Choose Clans, objectives, control), then each round's Upkeep and Placement, then the end."""
    states, _ = rokugan_played
    phases = get_args(rokugan_records.Phase)
    assert phases == rokugan_records.PHASES
    assert [p for p in phases if p in {s.phase for s in states}] == list(phases)


def test_senjutsu_phase_literal_lists_exactly_the_phases_of_the_rules_table(senjutsu_played):
    """The phases the state dispatches on (state.PHASES: Battlefield Setup 2, Player Setup 7 and 11-12, Choose, a
    decision, the end), every one of them reached in random duels."""
    from daimyo.senjutsu.state import PHASES

    states, _ = senjutsu_played
    assert set(get_args(senjutsu_records.Phase)) == set(PHASES)
    assert {s.phase for s in states} == set(PHASES)


def test_risingsun_phase_literal_lists_exactly_the_phases_of_a_war_phase(risingsun_played):
    states, _ = risingsun_played
    assert get_args(risingsun_records.Phase) == ("war", "over")
    assert {s.phase for s in states} == {"war", "over"}


def test_rokugan_place_kinds_are_where_tokens_stand(rokugan_played):
    """A province, a land border, a coastal border, or on top of another token (The Combat Tokens: Blessing)."""
    from daimyo.rokugan.board import loc_text, parse_loc

    states, _ = rokugan_played
    kinds = get_args(rokugan_records.PlaceKind)
    assert {t.place for s in states for t in s.tokens} == set(kinds)
    for text in ("crab_3", "crab_2>crab_3", "~crane_2", "#5"):
        place = parse_loc(text)
        assert place[0] in kinds and loc_text(*place) == text


# ------------------------------------------------------------------------------------------------ views and events
GAMES = {
    "rokugan": (rokugan_views.View, rokugan_events),
    "senjutsu": (senjutsu_views.View, senjutsu_events),
    "risingsun": (risingsun_views.View, risingsun_events),
}


@pytest.mark.parametrize("game", list(GAMES))
def test_every_view_of_random_games_is_its_views_typeddict(game, request):
    states, _ = request.getfixturevalue(f"{game}_played")
    view_type = GAMES[game][0]
    seen = 0
    for k, s in enumerate(states[::3]):
        for player in (None, *range(s.n)):
            assert problems(s.view(player), view_type, f"{game} state {3 * k} view({player})") == []
            seen += 1
    assert seen > 80


@pytest.mark.parametrize("game", list(GAMES))
def test_every_event_of_random_games_has_the_data_its_kind_declares(game, request):
    _, events = request.getfixturevalue(f"{game}_played")
    declared = GAMES[game][1]
    assert tuple(declared.DATA) == declared.KINDS
    assert all(is_typeddict(tp) for tp in declared.DATA.values())
    kinds = set()
    for e in events:
        assert problems(e.data, declared.DATA[e.kind], e.kind) == []
        kinds.add(e.kind)
    assert len(kinds) > len(declared.KINDS) // 2


def test_every_view_the_native_engine_builds_is_rokugans_view_typeddict():
    """The native engine builds its views itself (docs/native.md): the same View, key for key."""
    from daimyo.rokugan import native, new_game

    if not native.available():
        pytest.skip("the native engine is not built")
    seen = 0
    for seed in range(3):
        rnd = random.Random(seed)
        g = new_game(players=3 + seed, seed=seed, clans=None, engine="native")
        moves = 0
        while not g.is_terminal():
            if moves % 5 == 0:
                for player in (None, *range(3 + seed)):
                    assert problems(g.view(player), rokugan_views.View, f"native {seed} move {moves} view({player})") == []
                    seen += 1
            seat = g.to_act()[0]
            g.apply(rnd.choice(g.legal_actions(seat)))
            moves += 1
        assert g.engine == "native"
    assert seen > 100
