"""The tests mirror the package (issue 26 item 8): each folder of tests/ is named for the package of daimyo it tests
(tests/cli/rokugan for daimyo/cli/rokugan), or is one of a few folders that test no one package; and the tests at the
top of tests/ are those of the whole package (its layers, lint, types, packaging, documents), so a module's tests are
found beside its path."""

from __future__ import annotations

from pathlib import Path

TESTS = Path(__file__).resolve().parent
PACKAGE = TESTS.parent / "daimyo"

#: folders of tests/ that name no package of daimyo, and why
OTHER_FOLDERS = {
    "data": "files the tests read (a pinned list of versions)",
    "native": "the compiled Battle for Rokugan engine (native/, docs/native.md) against the Python one",
    "playthroughs": "a game's recorded playthroughs, beside that game's tests",
}
#: the tests of the whole package, at the top of tests/ (and the toy game some of them register)
WHOLE_PACKAGE = {
    "test_api_docs.py", "test_architecture_docs.py", "test_game_specifics.py", "test_layers.py", "test_layout.py",
    "test_lint.py", "test_packaging.py", "test_types.py", "toy_nim.py",
}


def folders() -> list[Path]:
    return sorted(p for p in TESTS.rglob("*") if p.is_dir() and p.name != "__pycache__")


def misplaced(dirs: list[Path]) -> list[str]:
    """The folders of ``dirs`` (under tests/) that name no package of daimyo and are no allowed other folder."""
    return [str(d.relative_to(TESTS)) for d in dirs
            if d.name not in OTHER_FOLDERS and not (PACKAGE / d.relative_to(TESTS) / "__init__.py").is_file()]


def test_every_folder_of_the_tests_names_a_package_of_daimyo_or_is_an_allowed_other():
    assert misplaced(folders()) == []


def test_a_folder_of_tests_is_a_package_as_daimyos_is():
    """A folder holding tests has its ``__init__.py``, so that its modules are ``tests.<path>`` and two folders may
    each have, say, a ``test_bounds.py``."""
    missing = [str(d.relative_to(TESTS)) for d in folders() if any(d.glob("test_*.py")) and not (d / "__init__.py").is_file()]
    assert missing == []


def test_the_top_of_tests_holds_only_the_whole_packages_tests():
    top = {p.name for p in TESTS.glob("*.py")} - {"__init__.py", "conftest.py"}
    assert top - WHOLE_PACKAGE == set(), "a module's tests go in the folder of its package (tests/<package>/...)"


def test_the_checker_refuses_a_folder_named_for_no_package():
    """tests/cli_rokugan held the tests of daimyo/cli/rokugan before they moved to tests/cli/rokugan."""
    dirs = [TESTS / "cli_rokugan", TESTS / "cli" / "rokugan", TESTS / "rokugan" / "playthroughs", TESTS / "web" / "pages"]
    assert misplaced(dirs) == ["cli_rokugan", "web/pages"]
