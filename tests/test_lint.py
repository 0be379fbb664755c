"""The lint gates (issue 16): `ruff check daimyo` with the rule set and `mypy` with the configuration in
pyproject.toml report nothing."""
import importlib.util
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_ruff_finds_nothing_in_daimyo():
    assert importlib.util.find_spec("ruff") is not None, "ruff is not installed: install the test extra (pip install -e '.[test]')"
    done = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", "daimyo"], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, f"ruff check daimyo found problems (exit {done.returncode}):\n{done.stdout}{done.stderr}"


def test_mypy_finds_nothing_in_daimyo():
    assert importlib.util.find_spec("mypy") is not None, "mypy is not installed: install the test extra (pip install -e '.[test]')"
    # the configuration ([tool.mypy] in pyproject.toml) names the package; the incremental cache in .mypy_cache keeps reruns quick
    done = subprocess.run([sys.executable, "-m", "mypy", "--cache-dir", str(ROOT / ".mypy_cache")], cwd=ROOT,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, f"mypy found problems in daimyo (exit {done.returncode}):\n{done.stdout}{done.stderr}"
