"""docs/rl.md's code blocks run as written, in order, in one namespace (as a reader would paste them)."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

DOC = Path(__file__).resolve().parents[2] / "docs" / "rl.md"


def test_the_code_blocks_of_docs_rl_run():
    blocks = re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    assert len(blocks) >= 4
    namespace: dict = {}
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        for k, block in enumerate(blocks):
            exec(compile(block, f"docs/rl.md block {k + 1}", "exec"), namespace)
    text = out.getvalue()
    assert "['player_0', 'player_1', 'player_2'] ['player_0', 'player_1', 'player_2']" in text
    assert re.search(r"\d+ parallel steps; rewards \{", text)
    rate = re.search(r"heuristic bots: ([0-9.]+) wins per game", text).group(1)
    stated = re.search(r"\(It prints ([0-9.]+) here", DOC.read_text(encoding="utf-8")).group(1)
    assert rate == stated                     # the page says what its example prints
    measured = re.search(r"first legal bid: .*", text).group(0)
    assert f"(It prints `{measured}`.)" in DOC.read_text(encoding="utf-8")
    if namespace.get("check_multiagent_environments") is not None:   # the rllib extra is installed
        assert re.search(r"RLlib env, returns: \{'player_0': ", text)
    if namespace.get("pyspiel") is not None:      # the OpenSpiel block ran (the openspiel extra is installed)
        assert re.search(r"MCTS everywhere: \[", text)
        assert re.search(r"ISMCTS against ISMCTS: \[(1\.0, 0\.0|0\.0, 1\.0|0\.5, 0\.5)\]", text)


def test_the_openspiel_module_imports_without_openspiel_for_the_api_reference():
    """scripts/api-docs imports every module; without the extra the module imports, registers nothing, and
    register() says which extra it needs."""
    import subprocess
    import sys
    code = ("import sys; sys.modules['pyspiel'] = None\n"
            "import daimyo.rl.openspiel as o\n"
            "try:\n    o.register()\nexcept ImportError as e:\n    print(e)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=DOC.parents[1])
    assert done.returncode == 0, done.stderr
    assert "pip install 'daimyo[openspiel]'" in done.stdout


def test_the_rllib_module_imports_without_rllib_for_the_api_reference():
    """Without the rllib extra the module imports, and making the environment says which extra it needs."""
    import subprocess
    import sys
    code = ("import sys; sys.modules['ray.rllib'] = None; sys.modules['ray.rllib.env'] = None\n"
            "sys.modules['ray.rllib.env.multi_agent_env'] = None\n"
            "import daimyo.rl.rllib as r\n"
            "try:\n    r.DaimyoMultiAgentEnv({})\nexcept ImportError as e:\n    print(e)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=DOC.parents[1])
    assert done.returncode == 0, done.stderr
    assert "pip install 'daimyo[rllib]'" in done.stdout
