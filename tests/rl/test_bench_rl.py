"""`daimyo bench`'s rl section (daimyo/bench.py rl): every figure is measured over whole games, beside OpenSpiel's
leduc_poker where OpenSpiel is installed, with the ratios the docs record (docs/benchmarks.md). No speed is asserted."""

from daimyo.cli.rokugan.bench import rl
from daimyo.rl import encoding


def test_rl_section_measures_each_figure():
    out = rl(seed=0, seconds=0.01)
    assert out is not None and out["players"] == 4
    assert out["aec_python"] > 0
    if encoding.NATIVE_ENCODER:
        assert out["aec_native"] > 0 and out["ratio"]["aec_native_over_python"] > 0
        b = out["batched"]
        assert b["games"] == 64
        assert b["vector_env_moves_per_second"] >= b["vector_env_steps_per_second"] > 0
        assert b["self_play_steps_per_second"] > 0
    if "leduc_poker" in out:
        assert out["leduc_poker"] > 0 and out["openspiel_adapter"] > 0
        assert out["ratio"]["aec_python_over_leduc"] == round(out["aec_python"] / out["leduc_poker"], 2)
