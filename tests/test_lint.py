"""The lint gate (issue 16): `ruff check daimyo` with the rule set in pyproject.toml reports nothing."""
import importlib.util
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_ruff_finds_nothing_in_daimyo():
    assert importlib.util.find_spec("ruff") is not None, "ruff is not installed: install the test extra (pip install -e '.[test]')"
    done = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", "daimyo"], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, f"ruff check daimyo found problems (exit {done.returncode}):\n{done.stdout}{done.stderr}"
