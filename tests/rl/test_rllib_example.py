"""examples/train_rllib_ppo.py runs end to end (one tiny iteration); only where RLlib and PyTorch are installed (not
in CI, which installs no PyTorch)."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

pytest.importorskip("ray.rllib")
pytest.importorskip("torch")

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "train_rllib_ppo.py"


def test_a_tiny_ppo_run_trains_the_shared_masked_policy_and_reports(capsys):
    spec = importlib.util.spec_from_file_location("train_rllib_ppo", EXAMPLE)
    assert spec is not None and spec.loader is not None
    example = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(example)
    assert example.main(["--iterations", "1", "--batch", "64", "--minibatch", "32", "--epochs", "1", "--json"]) == 0
    report = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert report["env_config"] == {"game": "risingsun", "war": "worked-battle"}
    (row,) = report["iterations"]
    assert row["episodes"] >= 1 and set(row["returns"]) <= {"player_0", "player_1", "player_2"}
