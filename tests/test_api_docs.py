"""The API reference (issue 17) builds from the docstrings, and every module says what it is for."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_every_module_of_the_package_opens_with_a_docstring():
    missing = []
    for path in sorted((ROOT / "daimyo").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        if path.name != "__init__.py" and "migrations" not in path.parts and ast.get_docstring(tree) is None:
            missing.append(str(path.relative_to(ROOT)))
    assert missing == []


def test_the_api_reference_builds_with_every_part(tmp_path):
    # the script runs pdoc in the interpreter that runs the tests (issue 32: not whatever python3 is on the PATH)
    done = subprocess.run(["bash", "scripts/api-docs", str(tmp_path)], cwd=ROOT, capture_output=True, text=True, timeout=300,
                          env={**os.environ, "PYTHON": sys.executable})
    assert done.returncode == 0, done.stderr[-3000:]
    for page in ("daimyo/core/registry.html", "daimyo/rokugan/state.html", "daimyo/senjutsu.html", "daimyo/risingsun.html",
                 "daimyo/bots/external.html", "daimyo/server/app.html"):
        assert (tmp_path / page).is_file(), page
    assert "make_bot" in (tmp_path / "daimyo/bots/registry.html").read_text()
