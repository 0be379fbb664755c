"""The training examples' parts that need no PyTorch, run in CI (which installs none): each example imports with
torch absent, the RLlib example's environment configuration passes RLlib's checks over whole games, and the
MaskablePPO example's evaluation and table run with the uniform policy. The training itself needs PyTorch
(tests/rl/test_rllib_example.py, tests/rl/test_train_example.py, outside CI; docs/rl.md lists what needs it)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def _example(name: str, monkeypatch):
    """The example module, imported with torch (and torch-only libraries) made unimportable."""
    for blocked in ("torch", "sb3_contrib", "stable_baselines3", "torchrl"):
        monkeypatch.setitem(sys.modules, blocked, None)
    spec = importlib.util.spec_from_file_location(name, EXAMPLES / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize(("argv", "config"), [
    ([], {"game": "risingsun", "war": "worked-battle"}),
    (["--game", "senjutsu"], {"game": "senjutsu", "players": 2}),
    (["--game", "rokugan", "--players", "3"], {"game": "rokugan", "players": 3}),
])
def test_the_rllib_examples_environment_passes_rllibs_checks_over_whole_games_without_torch(argv, config,
                                                                                             monkeypatch):
    pytest.importorskip("ray.rllib")
    from tests.rl.test_rllib import rllib_checks_over_a_whole_game

    from daimyo.rl.rllib import DaimyoMultiAgentEnv
    example = _example("train_rllib_ppo", monkeypatch)
    env_config = example.environment_config(example.parse(argv))
    assert env_config == config
    assert rllib_checks_over_a_whole_game(DaimyoMultiAgentEnv(env_config)) > 3


def test_the_rllib_example_without_torch_stops_at_torch():
    """In a process of its own (RLlib remembers a torch it found missing)."""
    import subprocess
    pytest.importorskip("ray.rllib")
    code = (f"import sys; sys.modules['torch'] = None; sys.path.insert(0, {str(EXAMPLES)!r})\n"
            "import train_rllib_ppo\n"
            "try:\n    train_rllib_ppo.main(['--iterations', '1'])\nexcept ImportError as e:\n    print('ImportError', e)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300,
                          cwd=EXAMPLES.parent)
    assert done.returncode == 0, done.stderr
    assert "ImportError" in done.stdout and "torch" in done.stdout


def test_the_maskable_ppo_examples_evaluation_and_table_run_without_torch(monkeypatch):
    pytest.importorskip("gymnasium")
    example = _example("train_maskable_ppo", monkeypatch)
    args = example.parse(["--eval-games", "2"])
    assert (args.game, args.seat, example.options(args)) == ("risingsun", 1, {"war": "worked-battle"})
    results = example.measure(example.uniform(0), args)
    assert set(results) == {"random", "heuristic"}
    assert all(r.games == 2 and 0 <= r.low <= r.rate <= r.high <= 1 for r in results.values())
    text = example.table({"uniform over legal": results})
    assert "vs random" in text and "vs heuristic" in text and "uniform over legal" in text
    with pytest.raises(ImportError, match="torch"):
        example.main(["--timesteps", "8"])
