"""Contract tests: every game in the registry (daimyo/core/registry.py) keeps the promises of daimyo/core/game.py.

Parametrized over ``games()`` (Battle for Rokugan, Senjutsu, Rising Sun's War Phase) and a toy fourth game, Nim (tests/toy_nim.py), which the
``info`` fixture registers with one call: adding a game touches only its own folder and one registration.
"""

from __future__ import annotations

import json
import random

import orjson
import pytest

from daimyo.core.errors import RuleViolation
from daimyo.core.game import Action
from daimyo.core.registry import GameInfo, game, games, register, unregister
from tests import toy_nim

BOUND = 5000  # actions: no random game of any registered game may run longer
SEEDS = (1, 2, 3)


@pytest.fixture(params=games() + ["nim"])
def info(request) -> GameInfo:
    if request.param == "nim":
        register(toy_nim.NIM)  # the one registration line a new game needs
        request.addfinalizer(lambda: unregister("nim"))
    return game(request.param)


def setup(info: GameInfo, seed: int):
    """A new game of ``info`` with a number of players and their seat choices drawn from ``seed`` (or, for a game that
    starts from a position file, one of its example files drawn from ``seed``; ``seats`` is then that file's text)."""
    rnd = random.Random(seed)
    if info.starts_from_file:
        text = info.open_example(rnd.choice(info.examples()))
        state = info.new_from_file(text)
        return state, len(state.returns()), text, rnd
    players = rnd.randint(info.min_players, info.max_players)
    seats = rnd.sample(info.seat_choices(), players)
    return info.new_state(players, seed, seats), players, seats, rnd


def record(info: GameInfo, seed: int, players: int, seats, acts: list[tuple[int, str]]) -> str:
    """The record of a game that :func:`setup` started."""
    if info.starts_from_file:
        return info.record_from_file(seats, acts)
    return info.record(players, seed, seats, acts)


def views(state, players: int) -> list:
    """Every view of ``state`` (spectators, then each seat), as JSON sees it."""
    return [json.loads(json.dumps(state.view(p))) for p in [None, *range(players)]]


def random_game(info: GameInfo, seed: int):
    """Play a random game: yields (state, players, rnd) before each action, then the state's record actions."""
    state, players, seats, rnd = setup(info, seed)
    acts = []
    while not state.is_terminal():
        assert len(acts) < BOUND, f"{info.name}: a random game ran past {BOUND} actions"
        yield state, players, rnd
        seat = rnd.choice(state.to_act())
        action = rnd.choice(state.legal_actions(seat))
        acts.append((seat, info.canonical(state, seat, action.text)))
        state.apply(action)
    yield state, players, rnd
    return


def test_random_games_end_within_a_bound(info):
    for seed in SEEDS:
        for state, _players, _rnd in random_game(info, seed):
            pass
        assert state.is_terminal() and not state.to_act()
        rnd, phase = info.progress(state)
        assert isinstance(rnd, int) and isinstance(phase, str)
        json.dumps(info.result(state))
        assert len(state.returns()) == _players


def test_an_illegal_action_raises_and_changes_nothing(info):
    for state, players, rnd in random_game(info, SEEDS[0]):
        if rnd.random() > 0.2:
            continue
        before = views(state, players)
        acting = state.to_act()
        bad = [Action(s, text) for s in (acting or range(players)) for text in ("no-such-action 9 9", "", "   ")]
        idle = [s for s in range(players) if s not in acting]
        if acting and idle:  # a seat out of turn sending the acting seat's legal action
            bad.append(Action(idle[0], state.legal_actions(acting[0])[0].text))
        for action in bad:
            with pytest.raises(RuleViolation):
                state.apply(action)
            assert views(state, players) == before, f"{info.name}: {action} changed the game"


def test_clones_are_independent(info):
    for state, players, rnd in random_game(info, SEEDS[1]):
        if state.is_terminal() or rnd.random() > 0.2:
            continue
        before = views(state, players)
        copy = state.clone()
        seat = rnd.choice(state.to_act())
        action = rnd.choice(state.legal_actions(seat))
        copy.apply(action)
        assert views(state, players) == before, f"{info.name}: applying to a clone changed the original"
        twin = state.clone()
        twin.apply(action)
        assert views(twin, players) == views(copy, players)


def test_views_are_json_for_every_seat_and_spectators(info):
    for state, players, rnd in random_game(info, SEEDS[2]):
        if not state.is_terminal() and rnd.random() > 0.3:
            continue
        for p in [None, *range(players)]:
            view = state.view(p)
            assert json.loads(json.dumps(view)) == orjson.loads(orjson.dumps(view, option=orjson.OPT_NON_STR_KEYS))


@pytest.mark.parametrize("seed", SEEDS)
def test_a_record_replays_to_the_same_final_state(info, seed):
    state, players, seats, rnd = setup(info, seed)
    acts = []
    while not state.is_terminal():
        seat = rnd.choice(state.to_act())
        action = rnd.choice(state.legal_actions(seat))
        acts.append((seat, info.canonical(state, seat, action.text)))
        state.apply(action)
    replayed = info.replay(record(info, seed, players, seats, acts))
    assert replayed.is_terminal()
    assert views(replayed, players) == views(state, players)
    assert info.result(replayed) == info.result(state)


def test_every_legal_action_text_applies(info):
    for state, players, rnd in random_game(info, SEEDS[0]):
        if state.is_terminal() or rnd.random() > 0.1:
            continue
        for seat in state.to_act():
            for action in state.legal_actions(seat):
                text = info.canonical(state, seat, action.text)
                by_text, by_action = state.clone(), state.clone()
                by_text.apply(Action(seat, text))
                by_action.apply(action)
                assert views(by_text, players) == views(by_action, players), f"{info.name}: {text!r} != {action.text!r}"


def test_bots_play_a_legal_action(info):
    state, players, seats, rnd = setup(info, SEEDS[0])
    seat = state.to_act()[0]
    for name in info.bot_names():
        bot = info.make_bot(name, 5)
        move = bot.choose(state.clone(), seat)
        text = info.canonical(state, seat, info.move_text(state, seat, move))
        state.clone().apply(Action(seat, text))


def test_the_registry_knows_a_game_only_once_registered():
    with pytest.raises(ValueError, match=r"unknown game 'nim' \(games: rokugan, senjutsu, risingsun\)"):
        game("nim")
    register(toy_nim.NIM)
    try:
        assert game("nim") is toy_nim.NIM and games()[-1] == "nim"
    finally:
        unregister("nim")
    assert "nim" not in games()


def test_a_registration_is_frozen_and_checked():
    with pytest.raises(AttributeError):
        game("rokugan").max_players = 9
    with pytest.raises(ValueError, match="min_players"):
        GameInfo(**{**toy_nim.NIM.__dict__, "min_players": 4})
    with pytest.raises(TypeError):
        register("nim")
    with pytest.raises(ValueError, match="new_state, record: nim starts from seats"):
        GameInfo(**{**toy_nim.NIM.__dict__, "record": None})
    with pytest.raises(ValueError, match="new_from_file, record_from_file, open_example"):
        GameInfo(**{**toy_nim.NIM.__dict__, "new_state": None, "record": None, "start_file": "heap file"})


def test_a_game_that_starts_from_a_file_names_its_examples():
    rising = game("risingsun")
    assert rising.starts_from_file and rising.start_file == "war file" and rising.new_state is None
    assert {"seed-example", "worked-battle"} <= set(rising.examples())
    state = rising.new_from_file(rising.open_example("seed-example"))
    assert state.clans == ["lotus", "dragonfly", "turtle", "koi"] and rising.progress(state) == (5, "bid")
    with pytest.raises(ValueError, match="no example war file 'nope'"):
        rising.open_example("nope")
    from daimyo.risingsun.data import RULES
    assert (rising.min_players, rising.max_players) == (RULES.min_players, RULES.max_players)


def test_the_core_imports_no_game_and_no_registration_imports_the_server():
    import subprocess
    import sys
    code = ("import sys, daimyo.core, daimyo.core.registry as r\n"
            "assert not [m for m in sys.modules if m.startswith(('daimyo.rokugan', 'daimyo.senjutsu', 'daimyo.risingsun'))]\n"
            "r.games()\n"
            "assert {'daimyo.rokugan.game', 'daimyo.senjutsu.game', 'daimyo.risingsun.game'} <= set(sys.modules)\n"
            "assert not [m for m in sys.modules if m.startswith(('daimyo.server', 'daimyo.bots'))], sorted(sys.modules)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_a_game_s_environment_is_found_through_the_registry():
    """Issue 16: the registry names each game's RL environment; a game without one says so by name."""
    pytest.importorskip("pettingzoo")
    from daimyo.core.registry import game
    from daimyo.rl.env import raw_env

    made = game("rokugan").make_environment(players=3)
    made.reset(seed=5)
    assert isinstance(made.unwrapped, raw_env) and len(made.agents) == 3
    for name, kind in (("senjutsu", "TurnEnv"), ("risingsun", "TurnEnv")):
        made = game(name).make_environment()
        made.reset(seed=5)
        assert type(made.unwrapped).__name__ == kind and made.agents
    assert type(game("senjutsu").make_environment(parallel=True)).__name__ == "SimultaneousEnv"
    with pytest.raises(ValueError, match="Nim has no reinforcement-learning environment yet"):
        toy_nim.NIM.make_environment()
