"""The rule tests run against both engines (docs/native.md, "Senjutsu"): a rule test module below plays its positions
in the Python engine (the reference) and again in the native engine, where the position crosses with
``NativeSenjutsuState.from_python`` and the test's actions are the native engine's until the test reads a field by
name (which hands the duel over to Python, so what it then checks is the native engine's outcome)."""

from __future__ import annotations

from daimyo.senjutsu import native
from tests.native.both_engines import both_engines
from tests.senjutsu import helpers

# the modules of rule tests (each test names its rulebook section); the format, fuzz and property tests stay Python
RULE_MODULES = {"test_attacks", "test_instants", "test_kamae_winning", "test_movement", "test_turn", "test_position_rules"}

pytest_generate_tests, rule_engine = both_engines(native, helpers, RULE_MODULES)
