"""examples/train_maskable_ppo.py runs end to end (a tiny run); only where the ``train`` extra is installed."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

pytest.importorskip("sb3_contrib")
pytest.importorskip("torch")

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "train_maskable_ppo.py"


def _example():
    spec = importlib.util.spec_from_file_location("train_maskable_ppo", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_tiny_training_run_saves_a_model_and_reports_before_and_after(tmp_path, capsys):
    from sb3_contrib import MaskablePPO

    output = tmp_path / "model.zip"
    example = _example()
    assert example.main(["--timesteps", "64", "--n-steps", "64", "--batch-size", "32", "--eval-games", "3",
                         "--output", str(output), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert (report["game"], report["seat"], report["timesteps"], report["threads"]) == ("risingsun", 1, 64, 1)
    assert set(report["results"]) == {"uniform over legal", "MaskablePPO, untrained", "MaskablePPO, trained"}
    for results in report["results"].values():
        assert set(results) == {"random", "heuristic"}
        for cell in results.values():
            assert cell["games"] == 3 and 0 <= cell["low"] <= cell["rate"] <= cell["high"] <= 1
    model = MaskablePPO.load(output, device="cpu")
    assert model.action_space.n == 2381                     # worked-battle: wait and 2380 bid slots


def test_table_output(tmp_path, capsys):
    example = _example()
    example.main(["--timesteps", "32", "--n-steps", "32", "--batch-size", "16", "--eval-games", "2",
                  "--output", str(tmp_path / "m.zip")])
    out = capsys.readouterr().out
    assert "vs random" in out and "vs heuristic" in out and "MaskablePPO, trained" in out and "wall:" in out
