"""The rule tests run against both engines (docs/native.md): a rule test module below plays its positions in the
Python engine (the reference) and again in the native engine, where the position crosses with
``native.from_python`` and the test's moves are the native engine's until the test reads a field by name (which
hands the game over to Python, so what it then checks is the native engine's outcome)."""

from __future__ import annotations

from daimyo.rokugan import native
from tests.native.both_engines import both_engines
from tests.rokugan import helpers

# the modules of rule tests (each test names its rulebook section); the property and format tests stay Python
RULE_MODULES = {"test_battles", "test_clans", "test_placement", "test_resolution", "test_scoring", "test_special_tokens",
                "test_start_of_turn", "test_territory_cards", "test_upkeep"}

pytest_generate_tests, rule_engine = both_engines(native, helpers, RULE_MODULES)
