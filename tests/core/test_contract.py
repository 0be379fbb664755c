"""Contract tests: every game in the registry (daimyo/core/registry.py) keeps the promises of daimyo/core/game.py.

Parametrized over ``games()`` (Battle for Rokugan, Senjutsu, Rising Sun's War Phase) and a toy fourth game, Nim (tests/toy_nim.py), which the
``info`` fixture registers with one call: adding a game touches only its own folder and one registration.
"""

from __future__ import annotations

import json
import random

import orjson
import pytest

from daimyo.bots.registry import bot_names, game_bot
from daimyo.core.errors import RuleViolation
from daimyo.core.game import Action, GameState
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
    for name in bot_names(info.name):
        bot = game_bot(info.name, name, 5)
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
    from daimyo.rl.rokugan import raw_env

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


# ----------------------------------------------------------------- the tools, through the game interface (issue 26)

def test_the_random_bots_play_loop_plays_the_game_through_its_move_layer(info):
    from daimyo.bots.random_bot import RandomBot, bot_seed, play

    state, players, _seats, _rnd = setup(info, SEEDS[0])
    assert isinstance(state, GameState)   # Battle for Rokugan's default engine, the native one, included
    moves = play(state, {p: RandomBot(bot_seed(SEEDS[0], p)) for p in range(players)})
    assert state.is_terminal() and 0 < moves < BOUND and len(state.returns()) == players
    again, *_ = setup(info, SEEDS[0])
    assert play(again, [RandomBot(bot_seed(SEEDS[0], p)) for p in range(players)]) == moves
    assert views(again, players) == views(state, players)


def test_the_arena_plays_the_game_and_its_record_replays(info):
    from daimyo.arena.play import play_spec
    from daimyo.arena.schedule import schedule

    players = None if info.starts_from_file else info.min_players
    spec = schedule(players, 1, bot_names(info.name)[:1] + ["random"], seed=SEEDS[1], game_name=info.name)[0]
    row = play_spec(spec)
    assert row["game_name"] == info.name and row["moves"] > 0 and len(row["returns"]) == spec.players
    assert row["winners"] and set(row["winners"]) <= set(range(spec.players))
    replayed = info.replay(row["record"])
    assert replayed.is_terminal() and replayed.returns() == row["returns"]


def test_simulate_plays_the_game(info):
    from daimyo.cli.simulate import simulate

    players = len(setup(info, SEEDS[2])[0].returns()) if info.starts_from_file else info.min_players
    result = simulate(players, 2, SEEDS[2], game_name=info.name)
    word = info.seat_word
    assert result["game"] == info.name and result["actions"] > 0
    assert sum(result[f"games_by_{word}"].values()) == 2 * players
    assert sum(result[f"wins_by_{word}"].values()) == pytest.approx(2)


def test_the_game_s_environment_plays_random_legal_actions_to_the_end(info):
    if info.environment is None:
        with pytest.raises(ValueError, match="no reinforcement-learning environment yet"):
            info.make_environment()
        return
    np = pytest.importorskip("numpy")
    pytest.importorskip("pettingzoo")
    env = info.make_environment()
    rng = np.random.default_rng(SEEDS[0])
    env.reset(seed=SEEDS[0])
    steps = 0
    for _agent in env.agent_iter(max_iter=20 * BOUND):
        obs, _reward, done, truncated, _info = env.last()
        env.step(None if done or truncated else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        steps += 1
    assert not env.agents and steps > len(env.possible_agents)


def test_the_server_hosts_the_game_create_act_and_replay(info, tmp_path):
    from starlette.testclient import TestClient

    from daimyo.server.app import create_app
    from tests.server.conftest import TEST_SETTINGS

    body = {"game": info.name, "seats": [{"kind": "human"}] + [{"kind": "bot"}] * (info.min_players - 1),
            "seed": SEEDS[0], "practice": True, "public": True}
    if info.starts_from_file:
        example = info.examples()[0]
        body.update(example=example, seats=[{"kind": "human"}] + [{"kind": "bot"}] * (len(
            info.new_from_file(info.open_example(example)).returns()) - 1))
    with TestClient(create_app(f"sqlite:///{tmp_path / 'games.sqlite'}", settings=TEST_SETTINGS)) as client:
        client.sessions = []   # the sockets join() opens, closed below
        try:
            summary = _host_and_play(client, info, body)
        finally:
            for ws in client.sessions:
                ws.__exit__(None, None, None)
        text = client.get(f"/api/games/{summary['id']}/record").text
        replayed = info.replay(text)
        assert replayed.is_terminal() and info.result(replayed) == summary["result"]
        steps = client.get(f"/api/games/{summary['id']}/replay").json()["steps"]
        assert steps and steps[-1]["view"] == json.loads(json.dumps(replayed.view(None)))


def _host_and_play(client, info: GameInfo, body: dict) -> dict:
    """Create the game of ``body`` (seat 0 human, the others bots), play seat 0's first legal action at each turn
    through its socket until the game is over, and return the game's summary."""
    from tests.server.conftest import join, wait_over

    assert info.name in [g["name"] for g in client.get("/api/registry").json()["games"]]
    made = client.post("/api/games", json=body)
    assert made.status_code == 201, made.text
    made = made.json()
    claim = client.post(f"/api/games/{made['id']}/claim", json={"code": made["invite"]["code"], "seat": 0}).json()
    ws, _welcome, _log, state = join(client, made["id"], 0, claim["token"])
    acts, sent, seen = 0, False, 0   # seen: the seq of our last action, once acknowledged
    while state["type"] != "state" or state["to_act"]:   # a finished game's state has nobody to act
        if state["type"] == "state" and state["legal"] and not sent and state["seq"] >= seen:
            ws.send_json({"type": "act", "action": state["legal"][0]})
            sent, acts = True, acts + 1
        message = ws.receive_json()
        assert message["type"] != "error", message
        if message["type"] == "ack":
            sent, seen = False, message["seq"]
        elif message["type"] == "state":
            state = message
    assert acts > 0
    return {**wait_over(client, made["id"]), "id": made["id"]}
