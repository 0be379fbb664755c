"""Issue 26 item 2, the research part: each game's research tools come from its registration (``raw_environment``,
``gymnasium_id``, ``openspiel_game``), the general RL modules name no game, and a game registered anywhere (the
toy Nim of tests/toy_nim.py, which names none) is refused by every tool by name, the missing field said."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

pytest.importorskip("pettingzoo")

from daimyo.core.registry import game, games, register, unregister  # noqa: E402
from tests import toy_nim  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
GENERAL = ["daimyo/rl/registered.py", "daimyo/rl/single.py", "daimyo/rl/rllib.py", "daimyo/rl/openspiel.py",
           "daimyo/rl/openspiel_bots.py", "daimyo/rl/evaluate.py", "daimyo/rl/turns.py"]


@pytest.fixture
def nim():
    register(toy_nim.NIM)
    yield "nim"
    unregister("nim")


def _code_words(path: Path) -> list[str]:
    """Every name and string constant of a module's code (docstrings left out: they may give examples)."""
    tree = ast.parse(path.read_text())
    docstrings = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                docstrings.add(id(first.value))
    words = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            words.append(node.value)
        elif isinstance(node, ast.Name):
            words.append(node.id)
        elif isinstance(node, ast.Attribute):
            words.append(node.attr)
        elif isinstance(node, ast.FunctionDef | ast.ClassDef):
            words.append(node.name)
        elif isinstance(node, ast.alias):
            words.append(node.name)
    return words


@pytest.mark.parametrize("module", GENERAL)
def test_the_general_rl_modules_name_no_game(module):
    named = {w for w in _code_words(ROOT / module) for g in games() if g in w.lower()}
    assert not named, f"{module} names a game: {sorted(named)}"


def test_every_built_in_game_names_its_research_tools():
    for name in games():
        info = game(name)
        assert info.raw_environment and info.gymnasium_id and info.openspiel_game, name


def test_the_gymnasium_ids_are_the_registrations():
    gym = pytest.importorskip("gymnasium")
    from daimyo.rl.single import gymnasium_ids
    assert gymnasium_ids() == {name: game(name).gymnasium_id for name in games()}
    assert all(env_id in gym.registry for env_id in gymnasium_ids().values())


def test_a_game_without_research_tools_is_refused_by_every_tool_by_name(nim):
    pytest.importorskip("gymnasium")
    from daimyo.rl.single import SeatEnv, gymnasium_ids
    assert "nim" not in gymnasium_ids()
    with pytest.raises(ValueError, match=r"nim has no reinforcement-learning environment \(raw_environment in its "
                                         r"registration; games with one: rokugan, senjutsu, risingsun\)"):
        SeatEnv("nim")


def test_rllib_refuses_a_game_without_an_environment_by_name(nim):
    pytest.importorskip("ray.rllib")
    from daimyo.rl.rllib import DaimyoMultiAgentEnv, games as rllib_games
    assert "nim" not in rllib_games()
    with pytest.raises(ValueError, match="nim has no reinforcement-learning environment"):
        DaimyoMultiAgentEnv({"game": "nim"})


def test_openspiel_refuses_a_game_without_an_openspiel_game_by_name(nim):
    pyspiel = pytest.importorskip("pyspiel")
    from daimyo.bots.registry import make_bot
    from daimyo.rl import openspiel
    openspiel.register()                       # again, with Nim registered: nothing new for OpenSpiel
    assert "python_daimyo_nim" not in pyspiel.registered_names()
    with pytest.raises(ValueError, match=r"nim has no OpenSpiel game \(openspiel_game in its registration"):
        openspiel.game_class("nim")
    with pytest.raises(ValueError, match="nim has no OpenSpiel game"):
        make_bot("nim", "openspiel:ismcts", 0)


def test_a_game_registered_with_research_tools_gets_them_all(nim):
    """A registration naming the tools is all a game needs: here Nim under another name, given Senjutsu's
    environment and OpenSpiel game, is found by Gymnasium's single-seat environment, RLlib and OpenSpiel."""
    pyspiel = pytest.importorskip("pyspiel")
    from dataclasses import replace

    from daimyo.rl import openspiel
    from daimyo.rl.registered import raw_environment
    senjutsu = game("senjutsu")
    register(replace(toy_nim.NIM, name="borrowed", raw_environment=senjutsu.raw_environment,
                     openspiel_game=senjutsu.openspiel_game))
    try:
        env = raw_environment("borrowed", players=2)
        env.reset(seed=1)
        assert env.agents
        openspiel.register()
        spiel_game = pyspiel.load_game("python_daimyo_borrowed", {"players": 2, "seed": 1})
        assert spiel_game.num_players() == 2 and spiel_game.get_type().long_name == "daimyo: Nim"
    finally:
        unregister("borrowed")
