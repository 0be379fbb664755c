"""The rule tests of a game run against both of its engines (docs/native.md): the modules named play their positions
in the Python engine (the reference) and again in the native engine, through the game's test ``helpers.ENGINE``.
A game's conftest takes the two hooks from :func:`both_engines`."""

from __future__ import annotations

import os
from pathlib import Path
from types import ModuleType

import pytest


def both_engines(native: ModuleType, helpers: ModuleType, rule_modules: set[str]):
    """(pytest_generate_tests, rule_engine) for a conftest: each test of ``rule_modules`` runs once per engine; where
    the native module is not built it is skipped, and fails under CI (where it must be built)."""

    def pytest_generate_tests(metafunc):
        if Path(metafunc.module.__file__).stem in rule_modules:
            metafunc.parametrize("rule_engine", ["python", "native"], indirect=True)

    @pytest.fixture(autouse=True)
    def rule_engine(request):
        engine = getattr(request, "param", "python")
        if engine == "native" and not native.available():
            if os.environ.get("CI"):
                pytest.fail(native.MISSING)
            pytest.skip(native.MISSING)
        helpers.ENGINE = engine
        yield engine
        helpers.ENGINE = "python"

    return pytest_generate_tests, rule_engine
