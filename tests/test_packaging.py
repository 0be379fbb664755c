"""Issue 17: daimyo is a library others can depend on. Its declared ranges admit what RLlib needs,
the exact versions CI tests with (constraints.txt) lie inside those ranges, and the package carries
its licence, its type marker and `python -m daimyo`."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())


def _pins(path: Path) -> dict[str, str]:
    pins = {}
    for line in path.read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            name, version = line.split("==")
            pins[canonicalize_name(name)] = version
    return pins


def _declared(*extras: str) -> list[Requirement]:
    project = PYPROJECT["project"]
    found = [Requirement(r) for r in project["dependencies"]]
    for extra in extras:
        found += [Requirement(r) for r in project["optional-dependencies"][extra]]
    return [r for r in found if canonicalize_name(r.name) != "daimyo"]


def test_every_dependency_is_a_range_not_a_pin():
    for requirement in _declared(*PYPROJECT["project"]["optional-dependencies"]):
        assert not any(s.operator in ("==", "===") for s in requirement.specifier), requirement


def test_the_ranges_admit_what_rllib_resolves_to():
    """`pip install 'daimyo[rl,arena]' 'ray[rllib]==2.60.0'` must resolve: RLlib pins gymnasium 1.2.2."""
    rllib = _pins(ROOT / "tests/data/ray-rllib-2.60.0.txt")
    checked = 0
    for requirement in _declared("rl", "arena"):
        version = rllib.get(canonicalize_name(requirement.name))
        if version is not None:
            checked += 1
            assert requirement.specifier.contains(version, prereleases=True), (requirement, version)
    assert checked >= 3  # gymnasium, numpy, click at least


def test_constraints_lie_inside_the_declared_ranges():
    # the `train` extra (PyTorch, outside `test`) is pinned apart, in constraints-train.txt
    pins = _pins(ROOT / "constraints.txt") | _pins(ROOT / "constraints-train.txt")
    for requirement in _declared(*PYPROJECT["project"]["optional-dependencies"]):
        name = canonicalize_name(requirement.name)
        assert name in pins, f"constraints.txt has no exact version for {requirement.name}"
        assert requirement.specifier.contains(pins[name], prereleases=True), (requirement, pins[name])


def test_the_test_extra_is_built_from_the_others():
    test = [Requirement(r) for r in PYPROJECT["project"]["optional-dependencies"]["test"]]
    itself = [r for r in test if canonicalize_name(r.name) == "daimyo"]
    assert itself and set(itself[0].extras) == {"arena", "ray", "rl", "openspiel", "rllib", "postgres", "docs"}


def test_licence_type_marker_and_module_entry():
    assert (ROOT / "LICENSE").read_text().startswith("MIT License")
    assert "License :: OSI Approved :: MIT License" in PYPROJECT["project"]["classifiers"]
    assert (ROOT / "daimyo/py.typed").exists()
    run = subprocess.run([sys.executable, "-m", "daimyo", "--help"], capture_output=True, text=True, cwd=ROOT)
    assert run.returncode == 0 and "simulate" in run.stdout
